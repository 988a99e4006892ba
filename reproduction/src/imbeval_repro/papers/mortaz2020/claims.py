"""mortaz2020's statements about Figs. 1-4, checked on the sweep of
:func:`imbeval_repro.papers.mortaz2020.figures.sweep` (one seeded synthetic classifier swept from
perfect to no skill on the class distributions of Tables 11-14).

Every statement is decided here, by :func:`imbeval_repro.verdicts.claim_rules.decide` on a
:data:`imbeval_repro.verdicts.claim_rules.THRESHOLDS` key (what its words require, and why): the
figure module only draws. The sweep is a seeded sample (each point one confusion matrix
drawn from the printed class sizes), not exact arithmetic: its rows say so in their basis
(:func:`sweep_basis`: the seed and the draws). :func:`figure_claims` measures the
statements on one sweep (``figs_1_4_claims.csv``, the figure's own); in
:func:`figure_verdict_rows` (their rows of ``verdicts.csv``) each statement is
decided on the t interval of its margin over independently seeded sweeps (the figure's
and :data:`REPLICATE_SWEEPS` more, made by the caller), with a p-value that
:func:`imbeval_repro.verdicts.adjust` adjusts by Holm within the figure.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from imbeval import inference
from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.mortaz2020 import printed as pr
from imbeval_repro.verdicts.claim_rules import THRESHOLDS, decide, judge

__all__ = ["CLAIM_COLUMNS", "REPLICATE_SWEEPS", "figure_claims", "sweep_basis",
           "sweep_estimate", "figure_verdict_rows"]

#: sweeps, beside the figure's own, that a Figs. 1-4 claim is decided over (their seeds
#: derived from the config's: ``derive_seed(seed, "mortaz2020-sweep", i)``); with the
#: figure's, 21 independent units (at least :data:`imbeval.inference.MIN_DECISIVE_UNITS`)
REPLICATE_SWEEPS = 20

#: the columns of ``figs_1_4_claims.csv``: the statement, its measured number, the verdict
#: and, where the paper gives one, its number
CLAIM_COLUMNS = ["figure", "claim", "measured", "holds", "printed"]
#: the sweep is not the paper's setting: spans and end points depend on how far it degrades
SWEEP_SETTING = ("our synthetic sweep (quality 1 -> 0, prior guessing); the paper's classifier "
                 "and settings are not given, so spans and end points depend on how far each "
                 "sweep degrades")


def _spearman(a, b) -> float:
    from scipy.stats import spearmanr

    return float(spearmanr(np.asarray(a, float), np.asarray(b, float)).statistic)


def figure_claims(data: pd.DataFrame) -> pd.DataFrame:
    """The paper's statements about Figs. 1-4, measured on the sweep; one row per claim.

    Parameters
    ----------
    data : DataFrame
        The sweep (:func:`imbeval_repro.papers.mortaz2020.figures.sweep`): one row per (figure, step)
        with ACC, CBA, IAM (and AUC for Fig. 4).

    Returns
    -------
    DataFrame with :data:`CLAIM_COLUMNS`, then ``key`` and ``margin``; ``holds`` is decided
    on the THRESHOLDS ``key`` of the statement, on its ``margin`` (``measured``, or a number
    derived from it: the distance from a printed number).
    """
    missing = {"figure", "step", "ACC", "CBA", "IAM", "AUC"} - set(data.columns)
    if missing:
        raise ValueError(f"data lacks the sweep's columns {sorted(missing)}")
    rows = []

    def add(figure, claim, key, measured, margin=None, printed=""):
        # one seeded sweep's numbers: decided on them (no interval); the verdict rows
        # decide over several sweeps (figure_verdict_rows)
        value = float(measured if margin is None else margin)
        holds = decide(key, value)
        rows.append({"figure": figure, "claim": claim, "measured": float(measured),
                     "holds": bool(holds), "printed": printed, "key": key, "margin": value})

    f1 = data[data.figure == "Fig. 1"]
    # The paper's ACC bottoms out at about 0.5 "where IAM is below zero"; our sweep runs on
    # to no skill (ACC 1/3), so the statement is checked where ACC first reaches 0.5. On
    # balanced data IAM = 2 CBA - 1 <= 2 MAR - 1 = 2 ACC - 1, equal only if every class is
    # predicted exactly as often as it occurs: IAM < 0 there is expected, not tuned.
    low = f1[f1["ACC"] <= THRESHOLDS["at most 0.5"].value].iloc[0]
    add("Fig. 1", "ACC at the first sweep point with ACC ≤ 0.5", "at most 0.5", low["ACC"])
    add("Fig. 1", "IAM is below zero there", "below zero", low["IAM"])
    bound = (f1["IAM"] - (2 * f1["ACC"] - 1)).max()
    add("Fig. 1", "IAM ≤ 2 ACC − 1 at every point (max IAM − (2 ACC − 1))", "at most (exact)",
        bound)
    gap = (f1["ACC"] - f1["IAM"]).to_numpy()
    add("Fig. 1", "gap ACC − IAM widens from good to bad (Spearman ρ of gap vs step)",
        "consistent (Spearman)", _spearman(gap, np.arange(len(gap))))
    add("Fig. 1", "IAM ≤ ACC at every point (max IAM − ACC)", "at most (exact)",
        (f1["IAM"] - f1["ACC"]).max())

    f2 = data[data.figure == "Fig. 2"]
    acc_span, iam_span = np.ptp(f2["ACC"]), np.ptp(f2["IAM"])
    add("Fig. 2", "ACC span (nearly flat: < 0.01)", "nearly flat", acc_span)
    # The paper's numbers ("about 0.32", "about −0.75 to 0.75") hold only within
    # THRESHOLDS["about (printed)"]; our sweep runs on to no skill, so they are expected to
    # fail here and the verdict table files them as "different setting" with that reason.
    add("Fig. 2", "IAM varies where ACC does not (IAM span / ACC span > 10)",
        "varies where the other does not", iam_span / acc_span)
    add("Fig. 2", "IAM span about 0.32 (paper; within 0.05)", "about (printed)", iam_span,
        abs(iam_span - 0.32), "0.32")

    f3 = data[data.figure == "Fig. 3"]
    add("Fig. 3", "IAM min about −0.75 (paper; within 0.05)", "about (printed)",
        f3["IAM"].min(), abs(f3["IAM"].min() + 0.75), "-0.75")
    add("Fig. 3", "IAM max about 0.75 (paper; within 0.05)", "about (printed)",
        f3["IAM"].max(), abs(f3["IAM"].max() - 0.75), "0.75")
    add("Fig. 3", "IAM span exceeds ACC span (ratio)", "wider span",
        np.ptp(f3["IAM"]) / np.ptp(f3["ACC"]))
    add("Fig. 3", "IAM and ACC consistent (Spearman ρ)", "consistent (Spearman)",
        _spearman(f3["IAM"], f3["ACC"]))

    f4 = data[data.figure == "Fig. 4"]
    add("Fig. 4", "IAM consistent with AUC (Spearman ρ)", "consistent (Spearman)",
        _spearman(f4["IAM"], f4["AUC"]))
    add("Fig. 4", "different scale: IAM span / AUC span", "different scale",
        np.ptp(f4["IAM"]) / np.ptp(f4["AUC"]))
    # key and margin: what the verdict table decides over several sweeps (not written out)
    return pd.DataFrame(rows, columns=[*CLAIM_COLUMNS, "key", "margin"])


def sweep_basis(seed=None, points=None, replicates=0) -> str:
    """The basis of the Figs. 1-4 rows: a seeded sample, with its seed and draws.

    >>> sweep_basis(20200, 21, 20)
    'sampled: seeded synthetic sweep (seed 20200; 21 points per figure, one drawn confusion matrix each; decided over it and 20 more seeded sweeps)'
    """
    seeded = f"seed {seed}" if seed is not None else "seeded"
    each = f"{points} points per figure" if points is not None else "one point per setting"
    more = (f"; decided over it and {replicates} more seeded sweeps" if replicates
            else "; one sweep, no interval")
    return (f"sampled: seeded synthetic sweep ({seeded}; {each}, one drawn confusion matrix "
            f"each{more})")


def sweep_estimate(margins) -> inference.Estimate:
    """A claim's margin over independently seeded sweeps: their mean, with the t interval
    over the sweeps (each sweep an independent unit; ``scipy.stats.t``); undecidable with
    fewer than :data:`imbeval.inference.MIN_DECISIVE_UNITS` sweeps.

    Examples
    --------
    >>> e = sweep_estimate([0.1, 0.2, 0.15] * 4)
    >>> round(e.value, 3), e.units, e.df, e.undecidable is None
    (0.15, 12, 11, True)
    """
    x = np.asarray(margins, dtype=float)
    x = x[np.isfinite(x)]
    n = int(x.size)
    why = None if n >= inference.MIN_DECISIVE_UNITS else (
        f"{n} sweeps, at least {inference.MIN_DECISIVE_UNITS} needed")
    se = float(x.std(ddof=1) / np.sqrt(n)) if n >= 2 else float("nan")
    return inference.Estimate(float(x.mean()) if n else float("nan"),
                              f"t interval over {n} independently seeded sweeps (each an "
                              "independent unit)", n, why, se=se, df=n - 1,
                              method_kind=inference.Method.SWEEPS,
                              reason=None if why is None else inference.Reason.TOO_FEW_UNITS)


def _margins(claims):
    """Each claim's margin as :func:`figure_claims` decides it (keyed by figure, claim)."""
    return {(r.figure, r.claim): r.margin for r in claims.itertuples()}


def figure_verdict_rows(data: pd.DataFrame, replicates=(), *, seed=None):
    """The numbers the paper states about Figs. 1-3 against the sweep's, then the
    statements without a printed number as claim rows (from :func:`figure_claims`).

    Parameters
    ----------
    data : the figure's sweep (:func:`imbeval_repro.papers.mortaz2020.figures.sweep`).
    replicates : more sweeps of other seeds (the caller makes them: tables do not import
        figures). With them, each claim is decided (:func:`imbeval_repro.verdicts.claim_rules.judge`)
        on the t interval of its margin over the figure's sweep and these
        (:func:`sweep_estimate`), with a p-value; without, on the figure's sweep's number
        alone, and its basis says "one sweep, no interval".
    seed : the figure's seed, for the basis (:func:`sweep_basis`).
    """
    points = int(data["step"].max()) + 1 if len(data) else None
    basis = sweep_basis(seed, points, len(replicates))
    claims = figure_claims(data)
    margins = [_margins(figure_claims(r)) for r in replicates]

    measured = {
        ("Fig. 1", "balanced (Table 11)", "ACC low point"):
            data.loc[data.figure == "Fig. 1", "ACC"].min(),
        ("Fig. 2", "skewed (Table 12)", "IAM span"):
            np.ptp(data.loc[data.figure == "Fig. 2", "IAM"]),
        ("Fig. 3", "ten classes (Table 13)", "IAM min"):
            data.loc[data.figure == "Fig. 3", "IAM"].min(),
        ("Fig. 3", "ten classes (Table 13)", "IAM max"):
            data.loc[data.figure == "Fig. 3", "IAM"].max(),
    }
    for key, printed in pr.FIGURE_CLAIMS.items():
        yield cmp.row("mortaz2020", key[0], key[1], key[2], printed, measured[key],
                      setting=SWEEP_SETTING, basis=basis, basis_kind=cmp.BasisKind.SWEEP,
                      method="one seeded sweep's number (the figure's), a different setting: "
                             "no interval, no decision")
    # the statements without a printed number, as claim rows (the numbered ones are above)
    for record in claims.itertuples():
        if record.printed:
            continue
        seen = f"measured {record.measured:.4g} on the figure's sweep"
        if not margins:
            yield cmp.claim("mortaz2020", record.figure, record.claim, record.measured,
                            record.holds, detail=seen, basis=basis,
                            basis_kind=cmp.BasisKind.SWEEP,
                            method="decided on one seeded sweep's number, no interval")
            continue
        key = (record.figure, record.claim)
        estimate = sweep_estimate([record.margin] + [m[key] for m in margins])
        j = judge(record.key, estimate)
        low, high = j.ci
        why = f"; inconclusive: {j.why}" if j.why else ""
        ci = None if np.isnan(low) else j.ci
        yield cmp.claim("mortaz2020", record.figure, record.claim, estimate.value, j.verdict,
                        detail=f"{seen}; margin over {estimate.units} sweeps "
                               f"{estimate.value:+.4g}, 95% interval [{low:+.4g}, "
                               f"{high:+.4g}], must be {THRESHOLDS[record.key].rule_text}"
                               f"{why}",
                        basis=basis, ci=ci, method=j.method, p_value=j.p_value,
                        basis_kind=cmp.BasisKind.SWEEP, method_kind=j.method_kind,
                        reason_kind=j.reason, reason=j.why or "")
