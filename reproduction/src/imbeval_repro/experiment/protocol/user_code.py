"""Check the user code a config names -- classifiers and indices by import path -- before
any job starts (the workflow calls :func:`check_user_code` while it parses the config).

Each entry of ``experiment.classifiers`` with an ``estimator`` must import, build with its
``params`` and be a classifier whose parameters include every ``grid`` key
(:func:`imbeval_repro.experiment.classifiers.user.check_classifier_spec`); each import path in
``experiment.indices`` must import and behave as an index on valid stacks
(:func:`imbeval.indices.load_index`). Every error starts with the config key.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["check_user_code", "index_names"]


def index_names(indices, what: str = "experiment.indices") -> list[str] | None:
    """Resolve ``experiment.indices`` (``"all"``, or a list of registered names, import
    paths and ``"all"``) to registered names, registering the user's indices; None means
    every registered index that applies (then including the user's)."""
    if indices in (None, "all"):
        return None  # before the import: the workflow calls this at every start-up
    from imbeval.indices import load_index

    if isinstance(indices, str):
        indices = [s.strip() for s in indices.split(",") if s.strip()]
    names = []
    for k, spec in enumerate(indices):
        if spec == "all":
            continue
        names.append(load_index(spec, f"{what}[{k}]").name)
    return None if "all" in indices else names


def check_user_code(experiment: Mapping) -> None:
    """Raise ValueError naming the config key if a user classifier or index is unusable."""
    for name, spec in (experiment.get("classifiers") or {}).items():
        if spec and spec.get("estimator"):
            # imported only for a user's classifier: the built-ins need no check, and the
            # workflow calls this at every start-up (scikit-learn costs about 2 s of CPU)
            from imbeval_repro.experiment.classifiers.user import check_classifier_spec

            check_classifier_spec(name, spec)
    index_names(experiment.get("indices", "all"))
