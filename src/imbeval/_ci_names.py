"""The names ``ci_method=`` takes for the intervals of label indices, importable without
loading :mod:`imbeval.metrics` (its SciPy and pandas), so that a command's options can list
them at ``--help``."""

#: the methods ``ci_method=`` takes (:func:`imbeval.metrics.interval`)
CI_METHODS = ("auto", "wilson", "jeffreys", "dirichlet", "delta", "logit", "bootstrap")
