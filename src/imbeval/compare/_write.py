"""Every table and diagram of a comparison, written into one folder: :func:`write_comparison`.

Files (CSV, atomic, ``%.10g``):

- ``tests.csv``: per (index, scheme), units, problems, Friedman's chi-square and p,
  Iman-Davenport's F and p, Nemenyi's CD, the winner, the rope, the rules applied and why
  no test was made, if none was;
- ``ranks.csv``: index, scheme, classifier, mean_rank (best first);
- ``pairwise.csv``: index, scheme, a, b, mean_difference (a - b, oriented: positive means a
  better), statistic, p, p_holm, decision (Wilcoxon signed-rank, Holm over the pairs);
- ``nemenyi.csv``: index, scheme, a, b, rank_difference, p, decision (Nemenyi's test on
  mean ranks);
- ``control.csv``: index, scheme, control, classifier, rank_difference, z, p, p_holm,
  decision (every classifier against the control, Holm);
- ``bayesian.csv``: index, scheme, a, b, p_a, p_rope, p_b, decision, rope;
- ``stability.csv``: each index's winner beside the reference's, differs, decisive, the
  evidence; ``kendall_w.csv``; ``kendall_tau.csv``;
- ``units.csv``: index, scheme, unit, problems (the units the tests ran on);
- ``about.json``: the settings, and the set's label, table and units when given;
- ``dropped.csv``: index, scheme, problem, reason;
- ``missing.csv``: every missing or undefined value: index, scheme, problem, classifier,
  run, fold, what (``NaN``, ``no row``, what was typed), no_value, dropped;
- ``cd_<index>[_<scheme>].{pdf,png,svg,csv}``: one critical-difference diagram per index
  (and scheme), no caption inside; ``.caption.txt`` beside it names the test, and
  ``cd_<index>[_<scheme>].tex`` is a LaTeX ``figure`` of it with that caption;
- with ``latex=True``: ``ranks.tex``, the mean ranks as a booktabs table
  (:func:`imbeval.compare.latex_table`).
"""

from __future__ import annotations

from imbeval.compare._params import COMMON
from imbeval.utils._param_validation import validate_params

import importlib.util
import json
import re
import warnings
from pathlib import Path

import pandas as pd

from imbeval.utils.io import atomic_write_text, write_csv
from imbeval.compare._bayes import N_SAMPLES
from imbeval.compare._diagram import check_bars, save_cd_diagram
from imbeval.compare._rank import BAYES_THRESHOLD
from imbeval.compare._stability import MISSING, winner_stability
from imbeval.compare._table import MISSING_POLICIES

__all__ = ["write_comparison", "diagram_name", "FILES"]

FILES = ("tests", "ranks", "pairwise", "bayesian", "stability", "kendall_w", "kendall_tau",
         "units", "dropped", "missing", "nemenyi", "control")


def diagram_name(scheme=None, index=None) -> str:
    """``cd_<index>_<scheme>`` (either part left out when None), characters outside
    ``[A-Za-z0-9_-]`` as ``-`` (``IR/2`` -> ``cd_mcc_IR-2``, ``0.5`` -> ``cd_mcc_0-5``: a
    dot would read as the file's suffix).

    Examples
    --------
    >>> diagram_name("IR/2", "macro_f1")
    'cd_macro_f1_IR-2'
    """
    stem = "_".join(["cd"] + [str(p) for p in (index, scheme) if p])
    return re.sub(r"[^A-Za-z0-9_-]", "-", stem)


@validate_params({"indices": [str, "array-like"], "reference": [str, None],
                  "schemes": [str, "array-like", None],
                  "about": ["mapping", None], "missing": MISSING, "latex": ["boolean"],
                  **COMMON})
def write_comparison(table, out_dir, *, indices, reference=None, schemes=None,
                     alpha=0.05, rope=None, seed=0, n_samples=None, about=None,
                     greater_is_better=None, bayes_threshold=BAYES_THRESHOLD, control=None,
                     bars="nemenyi", missing=MISSING_POLICIES[0], latex=False):
    """Run :func:`winner_stability` and write its tables and every index's diagram into
    ``out_dir``; returns the :class:`StabilityResult` (paths: :data:`FILES` and the
    ``cd_*`` files). ``about``: a dict written as ``about.json`` with the settings (what
    the report names the set by: ``label``, ``table``, ``units``). ``bars``: the test the
    diagrams' bars draw (:data:`imbeval.compare._diagram.BARS`); ``latex``: also write
    ``ranks.tex`` (:func:`imbeval.compare.latex_table`); the other arguments are
    :func:`winner_stability`'s."""
    check_bars(bars)
    stability = winner_stability(table, indices=indices, reference=reference,
                                 schemes=schemes, alpha=alpha, seed=seed, rope=rope,
                                 n_samples=n_samples, greater_is_better=greater_is_better,
                                 bayes_threshold=bayes_threshold, control=control,
                                 missing=missing)
    out = Path(out_dir)
    tests, ranks, pairwise, bayesian, units, dropped = [], [], [], [], [], []
    nemenyi, versus = [], []
    for (name, scheme), r in stability.results.items():
        key = {"index": name, "scheme": scheme or ""}
        tests.append(r.tests_row())
        ranks.append(pd.DataFrame({**key, "classifier": r.mean_ranks.index,
                                   "mean_rank": r.mean_ranks.to_numpy()}))
        pairwise.append(r.pairwise.assign(**key))
        nemenyi.append(r.nemenyi.assign(**key))
        versus.append(r.control.assign(**key))
        bayesian.append(r.bayesian.assign(rope=r.rope, **key))
        units.append(pd.DataFrame([{**key, "unit": u, "problems": ";".join(p)}
                                   for u, p in r.problems.items()]))
        dropped.append(r.dropped.assign(**key))
    if importlib.util.find_spec("matplotlib") is None:
        warnings.warn("the critical-difference diagrams are not drawn: they need matplotlib "
                      "(pip install 'imbeval-indices[plot]')", stacklevel=2)
    else:
        from imbeval.compare._latex import latex_figure

        # one figure per index (and scheme): a paper includes the one it discusses
        for (name, scheme), r in stability.results.items():
            stem = diagram_name(scheme, name)
            save_cd_diagram(r, out / stem, bars=bars)
            caption = (out / f"{stem}.caption.txt").read_text(encoding="utf-8").strip()
            atomic_write_text(out / f"{stem}.tex",
                              latex_figure(stem, caption, f"fig:{stem.replace('_', '-')}"))
    if latex:
        from imbeval.compare._latex import write_latex_table

        write_latex_table(stability, out / "ranks.tex", bars=bars)
    front = ["index", "scheme"]

    def frame(parts):
        f = pd.concat(parts, ignore_index=True)
        return f[front + [c for c in f.columns if c not in front]]

    tables = {"tests": pd.DataFrame(tests), "ranks": frame(ranks), "pairwise": frame(pairwise),
              "bayesian": frame(bayesian), "stability": stability.winners,
              "kendall_w": stability.kendall_w, "kendall_tau": stability.kendall_tau,
              "units": frame(units), "dropped": frame(dropped), "missing": stability.missing,
              "nemenyi": frame(nemenyi),
              "control": frame(versus)}
    for name, data in tables.items():
        write_csv(data, out / f"{name}.csv")
    settings = {**(about or {}), "indices": list(dict.fromkeys(stability.winners["index"])),
                "reference": stability.reference, "alpha": alpha, "seed": seed,
                "rope": "1% of each index's range" if rope is None else rope,
                "bayes_threshold": bayes_threshold, "bars": bars, "missing": missing,
                "n_samples": n_samples or N_SAMPLES}
    atomic_write_text(out / "about.json", json.dumps(settings, indent=1, sort_keys=True) + "\n")
    return stability
