"""The three modules of named measures share one shape: registry(), get_info() with
"did you mean", and entries with the same core fields."""

import math

import pytest

import imbeval.indices as indices
import imbeval.metrics as metrics
import imbeval.scores as scores

CORE = ("name", "function", "greater_is_better", "bounds", "scope", "description", "reference")
MODULES = [indices, metrics, scores]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_entry_has_the_core_fields(module):
    entries = module.registry()
    assert entries and "registry" in module.__all__ and "get_info" in module.__all__
    for name, info in entries.items():
        assert info.name == name or getattr(info, "alias_of", None)
        assert callable(info.function)
        assert isinstance(info.greater_is_better, bool)
        low, high = info.bounds
        assert math.isnan(low) or low <= high
        assert isinstance(info.scope, str) and isinstance(info.description, str)
        assert isinstance(info.reference, str) and info.reference


@pytest.mark.parametrize("module, name, typo", [(indices, "mcc", "mmc"),
                                                (metrics, "mcc", "mmc"),
                                                (scores, "log_loss", "log_los")],
                         ids=lambda v: getattr(v, "__name__", v))
def test_get_info_finds_a_name_and_suggests_for_a_typo(module, name, typo):
    assert module.get_info(name).name == name
    with pytest.raises(ValueError, match="did you mean"):
        module.get_info(typo)


def test_the_label_registry_is_the_index_registry_from_labels():
    reg, by_index = metrics.registry(), indices.registry()
    assert list(reg) == list(by_index)
    for name in ("cen", "acsa", "gmean"):
        assert reg[name].greater_is_better == by_index[name].greater_is_better
        assert reg[name].function([0, 0, 1, 1, 2], [0, 1, 1, 1, 2]) == \
            metrics.score(name, [0, 0, 1, 1, 2], [0, 1, 1, 1, 2])


def test_scores_score_is_the_registered_function():
    y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    assert scores.score("roc_auc", y, s) == scores.get_info("roc_auc").function(y, s) == 0.75
