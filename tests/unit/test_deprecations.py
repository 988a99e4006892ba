"""The old public names: each warns (FutureWarning naming the versions and the new name)
and gives exactly the new name's value."""

import numpy as np
import pytest

import imbeval.indices as indices
import imbeval.metrics as metrics
import imbeval.scores as scores

Y_TRUE = [0, 0, 0, 0, 1, 1, 2, 2]
Y_PRED = [0, 0, 0, 1, 1, 2, 2, 2]
Y01 = [0, 0, 1, 1, 1]
P01 = [0.1, 0.6, 0.4, 0.8, 0.9]

CASES = [
    (metrics, "cen_score", "cen_loss", (Y_TRUE, Y_PRED)),
    (metrics, "mcen_score", "mcen_loss", (Y_TRUE, Y_PRED)),
    (scores, "brier_score", "brier_score_loss", (Y01, P01)),
    (scores, "compute_score", "score", ("roc_auc", Y01, P01)),
    (scores, "score_registry", "registry", ()),
    (indices, "index_info", "get_info", ("balanced_accuracy",)),
]


@pytest.mark.parametrize("module, old, new, args", CASES, ids=[c[1] for c in CASES])
def test_an_old_name_warns_and_equals_the_new(module, old, new, args):
    with pytest.warns(FutureWarning, match=rf"{old} is deprecated in 0\.2\.0 and will be "
                                           rf"removed in 0\.3\.0; use .*{new}"):
        value = getattr(module, old)(*args)
    expected = getattr(module, new)(*args)
    if isinstance(expected, dict):
        assert value.keys() == expected.keys()
    elif isinstance(expected, float):
        assert value == expected or (np.isnan(value) and np.isnan(expected))
    else:
        assert value == expected


def test_old_names_are_not_in_all():
    for module, old, new, _ in CASES:
        assert old not in module.__all__ and new in module.__all__, old


def test_make_score_scorer_warns_and_scores_as_make_scorer():
    pytest.importorskip("sklearn")
    from sklearn.linear_model import LogisticRegression

    X = np.linspace(0, 1, 20)[:, None]
    y = (X[:, 0] > 0.45).astype(int)
    model = LogisticRegression().fit(X, y)
    with pytest.warns(FutureWarning, match="make_score_scorer is deprecated"):
        old = scores.make_score_scorer("brier_score")
    assert old(model, X, y) == scores.make_scorer("brier_score")(model, X, y)


def test_named_loss_functions_are_lower_is_better_and_scores_greater():
    for function_name, index in metrics.NAMED_SCORES.items():
        gib = metrics.get_info(index).greater_is_better
        assert function_name.endswith("_score" if gib else "_loss"), function_name
    assert metrics.score("cen_loss", Y_TRUE, Y_PRED) == metrics.cen_loss(Y_TRUE, Y_PRED)
