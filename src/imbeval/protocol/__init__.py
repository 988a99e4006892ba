"""The mullick2020 protocol: outer stratified CV runs and RRT test-set resampling.

- :mod:`.seeds` -- per-job seeds from the config's seed (:func:`derive_seed`);
- :mod:`.rrt` -- the five test-set schemes and the sampling rule of each test set;
- :mod:`.cv` -- one (problem, classifier, run): folds, in-fold tuning, confusion matrices.
"""

from imbeval.protocol.cv import confusion, outer_folds, rrt_test_sets, run_protocol
from imbeval.protocol.rrt import (
    INFEASIBLE_RULES, MULTI_CLASS_SCHEMES, TWO_CLASS_SCHEMES, TestSetPlan, draw_test_set,
    plan_test_set, schemes_for, target_weights,
)
from imbeval._seeds import derive_rng, derive_seed

__all__ = [
    "INFEASIBLE_RULES", "MULTI_CLASS_SCHEMES", "TWO_CLASS_SCHEMES", "TestSetPlan",
    "confusion", "derive_rng", "derive_seed", "draw_test_set", "outer_folds",
    "plan_test_set", "rrt_test_sets", "run_protocol", "schemes_for", "target_weights",
]
