"""The prior-shift audit of indices of scores: a class prior shift is a class
reweighting, so Condition 1 is decided on the sample itself."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import average_precision_score

from imbeval import scores
from imbeval.audit.prior_shift import (PRIOR_GRID, prior_shift_audit, scored_samples,
                                       shift_weights)

INVARIANT = {"roc_auc", "roc_auc_ovo", "calibrated_average_precision", "calibrated_precision",
             "calibrated_f1", "expected_cost_uniform", "cost_curve_area"}


@pytest.fixture(scope="module")
def table():
    return prior_shift_audit(seed=0, n_random=5).set_index("index")


def test_every_index_of_scores_gets_a_verdict(table):
    assert set(table.index) == set(scores.registry())
    assert set(table["verdict"]) == {"invariant", "moves"}
    assert (table["n_checks"] > len(PRIOR_GRID)).all()


def test_rate_indices_are_invariant_and_the_others_move(table):
    # the indices of class-wise rates (TPR, FPR, per-class error rates) cannot move: a
    # reweighting of a class scales a rate's numerator and denominator alike
    assert set(table.index[table["verdict"] == "invariant"]) == INVARIANT
    # one-vs-rest mixes the other classes into "rest", whose score distribution a
    # reweighting among them changes: it moves, one-vs-one does not
    assert table.loc["roc_auc_ovr", "verdict"] == "moves"
    for name in ("average_precision", "auprg", "brier_score", "log_loss", "expected_cost",
                 "brier_uncertainty"):
        assert table.loc[name, "verdict"] == "moves"
        assert table.loc[name, "grid_max"] - table.loc[name, "grid_min"] > 0.01


def test_grid_values_are_the_indices_of_the_reweighted_sample(table):
    main = scored_samples(0)[0]
    for pi in (0.5, 0.01):
        w = shift_weights(main.y, [1 - pi, pi])
        assert table.loc["average_precision", f"pi={pi:g}"] == pytest.approx(
            average_precision_score(main.y, main.score, sample_weight=w), abs=1e-12)
        # calibrated AP at pi0 = pi is the AP the sample would have at share pi
        assert scores.calibrated_average_precision_score(main.y, main.score, pi0=pi) == \
            pytest.approx(table.loc["average_precision", f"pi={pi:g}"], abs=1e-10)


def test_auprg_rises_as_positives_become_rare(table):
    # Keras calls AUPRG independent of the class ratio; for one fixed scorer it is not
    row = table.loc["auprg"]
    values = [row[f"pi={pi:g}"] for pi in (0.5, 0.1, 0.01)]
    assert values[0] < values[1] < values[2]
    # AP falls instead
    ap = table.loc["average_precision"]
    assert ap["pi=0.5"] > ap["pi=0.1"] > ap["pi=0.01"]


def test_shift_weights_reach_the_shares_and_refuse_a_missing_class():
    y = np.array([0, 0, 0, 1, 2, 2])
    w = shift_weights(y, [0.2, 0.3, 0.5])
    assert np.bincount(y, weights=w) / w.sum() == pytest.approx([0.2, 0.3, 0.5])
    with pytest.raises(ValueError, match="every class"):
        shift_weights([0, 0, 1], [0.2, 0.3, 0.5])


def test_the_audit_is_seeded():
    a = prior_shift_audit(seed=3, names=["auprg"], n_random=2)
    b = prior_shift_audit(seed=3, names=["auprg"], n_random=2)
    assert a.equals(b)


def test_properties_page_shows_the_verdicts(tmp_path):
    from imbeval_repro.report.properties import PRIOR_SHIFT_CSV, render_properties_page

    table = prior_shift_audit(names=["roc_auc", "auprg"], n_random=2)
    (tmp_path / PRIOR_SHIFT_CSV).parent.mkdir(parents=True)
    table.to_csv(tmp_path / PRIOR_SHIFT_CSV, index=False)
    page = render_properties_page(tmp_path)
    assert "class prior shift" in page
    row = page.split("<code>auprg</code>")[1].split("</tr>")[0]
    assert 'class="false"' in row and f"{table.loc[1, 'pi=0.5']:.4g}" in row
    row = page.split("<code>roc_auc</code>")[1].split("</tr>")[0]
    assert 'class="true"' in row
    # without the table the section is left out, not broken
    (tmp_path / PRIOR_SHIFT_CSV).unlink()
    assert "class prior shift" not in render_properties_page(tmp_path)


def test_cli_writes_the_table(tmp_path, capsys):
    from imbeval.cli import main

    assert main(["theory", "prior-shift", "--out-dir", str(tmp_path), "--n-random", "0"]) == 0
    import pandas as pd

    written = pd.read_csv(tmp_path / "prior_shift_scores.csv").set_index("index")
    assert set(written.index) == set(scores.registry())
    assert written.loc["calibrated_average_precision", "verdict"] == "invariant"
    assert "invariant: roc_auc" in capsys.readouterr().out
    assert main(["theory", "prior-shift", "--out-dir", str(tmp_path), "--n-random", "-1"]) == 2
    assert "--n-random must be >= 0" in capsys.readouterr().err
