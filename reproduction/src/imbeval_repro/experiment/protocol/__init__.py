"""The mullick2020 protocol: outer stratified CV runs and RRT test-set resampling.

- :func:`derive_seed` -- per-job seeds from the config's seed (:mod:`imbeval.utils.seeds`);
- :class:`ProtocolSettings` -- the protocol's defaults, held once (:mod:`imbeval_repro.experiment.protocol.settings`);
- :mod:`imbeval.rrt` -- the five test-set schemes and the sampling rule of each test set
  (the library's);
- :mod:`.cv` -- one (problem, classifier, run) or some of its outer folds: in-fold tuning,
  confusion matrices; a run gathered back from its folds;
- :mod:`.collect` -- per-fold (or per-run) JSON results gathered into CSV tables.
"""

from imbeval.utils.seeds import derive_rng, derive_seed
from imbeval_repro.experiment.protocol.settings import DEFAULTS, ProtocolSettings
from imbeval.rrt import (
    INFEASIBLE_RULES, MULTI_CLASS_SCHEMES, TWO_CLASS_SCHEMES, TestSetPlan, draw_test_set,
    confusion, plan_test_set, rrt_test_sets, schemes_for, target_weights,
)

__all__ = [
    "DEFAULTS", "INFEASIBLE_RULES", "MULTI_CLASS_SCHEMES", "ProtocolSettings",
    "TWO_CLASS_SCHEMES", "TestSetPlan",
    "confusion", "derive_rng", "derive_seed", "draw_test_set", "gather_folds", "outer_folds",
    "plan_test_set", "rrt_test_sets", "run_folds", "run_protocol", "schemes_for", "target_weights",
]

# The CV functions load scikit-learn (about 2 s of CPU): they are imported on first use
# (PEP 562), so that importing a light submodule -- imbeval_repro.experiment.protocol.user_code, which the
# workflow imports at every Snakemake start-up, or .collect in the collect job -- does not
# pay for them.
_CV_NAMES = frozenset(
    {"gather_folds", "outer_folds", "run_folds", "run_protocol"}
)


def __getattr__(name):
    if name in _CV_NAMES:
        from imbeval_repro.experiment.protocol import cv

        return getattr(cv, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
