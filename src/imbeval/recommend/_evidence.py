"""The audit rows a recommendation cites: one row per (verdict kind, index), with a stable id.

A row's id is ``<kind>:<index>`` (``condition1:mcc``, ``prior_shift:roc_auc``); a property of
Gösgens et al. checked at three classes carries ``@3`` (``goesgens.constant_baseline@3:mcc``);
an interval at a test-set size carries it (``interval@10x2:mcc``: 10 points in the smallest of
2 classes). Every row holds ``outcome`` (a word a rule reads: ``holds``, ``fails``,
``invariant``, ``moves``, ...), ``value`` (a number where there is one) and ``text`` (the
outcome in words, with what it rests on).

The rows of the registered indices come from the audit and are expensive (about 1.5 s an
index), so they ship as ``evidence.csv`` beside this module, written by
``python -m imbeval.recommend.build``; a user's index, the cost index of a stated cost matrix
and the interval widths (which depend on the fingerprint) are computed when asked.
"""

from __future__ import annotations

import csv
import functools
import inspect
import math
from importlib import resources

import numpy as np

__all__ = ["FIELDS", "EVIDENCE_FILE", "WINNER_FLIPS_FILE", "label_index_rows",
           "score_index_rows", "interval_rows", "shipped_evidence", "winner_flip_rows",
           "representative_matrix", "row_key", "DUTCH_DRAW_SIZE", "DUTCH_DRAW_POSITIVES", "CALIBRATION_POWER", "WIDE_INTERVAL"]

#: The columns of every evidence row.
FIELDS = ("id", "kind", "index", "family", "classes", "n_min", "outcome", "value", "text",
          "source")
EVIDENCE_FILE = "evidence.csv"
#: KEEL winner flips, derived from the reproduction's reference/keel/winner_flips.csv
WINNER_FLIPS_FILE = "keel_winner_flips.csv"

#: The Dutch Draw baseline is computed at M = 200 test points and these positive counts
#: (positive shares 0.01 ... 0.5): "for every prior" means the same value at all of them.
DUTCH_DRAW_SIZE = 200
DUTCH_DRAW_POSITIVES = (2, 10, 20, 50, 100)
#: The monotone distortion p -> expit(2 logit p) of the calibration check: it keeps the
#: ranking of the scores and changes their calibration.
CALIBRATION_POWER = 2.0
#: An interval is "wide" when its half-width exceeds this share of the index's range (or,
#: for an unbounded index, this value itself).
WIDE_INTERVAL = 0.1
#: Test-set sizes of the interval: the other classes are this many times the smallest,
#: the classifier has recall 0.8 on every class, errors spread over the other classes.
INTERVAL_RATIO = 10
INTERVAL_RECALL = 0.8


def _row(kind, index, family, outcome, text, value=float("nan"), source="", classes=None,
         n_min=None):
    """One row; ``classes`` (and ``n_min``) where the verdict is one of that many classes
    (and that smallest class): they are part of the id, ``kind@3:index``,
    ``kind@10x2:index``."""
    at = f"@{n_min}x{classes}" if n_min is not None else (f"@{classes}" if classes else "")
    return {"id": f"{kind}{at}:{index}", "kind": kind, "index": index, "family": family,
            "classes": classes, "n_min": n_min, "outcome": outcome, "value": value,
            "text": text, "source": source}


def row_key(row):
    """``(kind, classes, n_min)``: how the recommender looks a row up."""
    return row["kind"], row["classes"], row["n_min"]


def _word(flag):
    return {True: "holds", False: "fails", None: "undecided"}[flag]


def label_index_rows(function, name, *, scope, greater_is_better, paper="", seed=0,
                     sizes=None, only_classes=None):
    """The audit rows of one index of confusion matrices (a registered one or a user's).

    Conditions 1-3 and ortigosa2016's criteria (:func:`imbeval.audit.audit_index`), Gösgens et
    al.'s properties at two classes and, for a multi-class index, at three
    (:func:`imbeval.audit.check_properties`), the Dutch Draw baseline over the priors of
    :data:`DUTCH_DRAW_POSITIVES` (:func:`imbeval.baselines.dutch_draw`), the orientation, the
    scope and the input the index reads (labels). ``only_classes`` audits an index defined
    for that one number of classes (a cost matrix's): Conditions 1 and 3 and the properties at
    it, Condition 2 undecided (it compares numbers of classes).
    """
    from imbeval.audit import PROPERTIES, audit_index, check_properties
    from imbeval.audit.core import cite_theorems, verdict_text
    from imbeval.baselines import dutch_draw

    src = "imbeval.audit.audit_index"
    audit_classes = {} if only_classes is None else {"classes": (int(only_classes),)}
    result = audit_index(function, name=name, scope=scope, seed=seed, sizes=sizes,
                         greater_is_better=greater_is_better, **audit_classes)
    if paper == "mullick2020":
        cite_theorems(result)
    rows = [_row("input", name, "labels", "labels", "reads predicted labels (a confusion matrix)",
                 source="imbeval.indices.registry"),
            _row("scope", name, "labels", scope,
                 "defined for two classes only" if scope == "two-class"
                 else "defined for any number of classes", source="imbeval.indices.registry"),
            _row("orientation", name, "labels", "higher" if greater_is_better else "lower",
                 "higher is better" if greater_is_better else "lower is better",
                 source="imbeval.indices.registry"),
            _row("costs", name, "labels", "ignores", "counts every error alike (reads no cost matrix)",
                 source="imbeval.indices.registry")]
    for k in (1, 2, 3):
        words = verdict_text(result, k)
        if not words:
            continue
        flag = getattr(result, f"condition{k}")
        value = result.condition1_max_deviation if k == 1 else (
            max(result.lower_spread, result.upper_spread) if k == 2 else result.condition3_margin)
        rows.append(_row(f"condition{k}", name, "labels", _word(flag),
                         f"Condition {k} {words}", value, src))
    ib = result.influence_binary or {}
    if result.ortigosa_adequate is not None:
        share = ib.get("positive_fraction", float("nan"))
        rows.append(_row("ortigosa", name, "labels", _word(result.ortigosa_adequate),
                         f"ortigosa2016's influence criteria "
                         f"{'met' if result.ortigosa_adequate else 'not met'} (I_2 positive "
                         f"on {share:.0%} of the class ratios, "
                         f"{'growing' if ib.get('grows') else 'not growing'} with imbalance)",
                         share, src))
    if only_classes is not None:
        checked = (int(only_classes),)
    else:
        checked = (2, 3) if scope == "multi-class" else (2,)
    for classes in checked:
        try:
            verdicts = check_properties(function, classes=classes, name=name,
                                        greater_is_better=greater_is_better, seed=seed)
        except ValueError:  # an index of one number of classes its scope probe misses
            continue
        for prop in PROPERTIES:
            v = verdicts[prop]
            rows.append(_row(f"goesgens.{prop}", name, "labels", v.verdict,
                             f"{prop.replace('_', ' ')} (Gösgens et al., C = {classes}) "
                             f"{v.summary}", source="imbeval.audit.check_properties",
                             classes=None if classes == 2 else classes))
    if only_classes not in (None, 2):
        return rows
    base = []
    for p in DUTCH_DRAW_POSITIVES:
        try:
            base.append(dutch_draw(function, positives=p, negatives=DUTCH_DRAW_SIZE - p,
                                   greater_is_better=greater_is_better, name=name).baseline)
        except ValueError:
            base.append(float("nan"))
    base = np.array(base, dtype=float)
    shares = f"positive shares {DUTCH_DRAW_POSITIVES[0] / DUTCH_DRAW_SIZE:g} to " \
             f"{DUTCH_DRAW_POSITIVES[-1] / DUTCH_DRAW_SIZE:g}"
    if np.all(np.isnan(base)):
        rows.append(_row("dutch_draw", name, "labels", "undefined",
                         f"Dutch Draw baseline undefined at every prior ({shares})",
                         source="imbeval.baselines.dutch_draw"))
    else:
        lo, hi = float(np.nanmin(base)), float(np.nanmax(base))
        constant = hi - lo <= 1e-9 * (1 + abs(hi)) and not np.any(np.isnan(base))
        lo, hi = _clean(lo), _clean(hi)
        text = (f"Dutch Draw baseline {lo:.3g} for every prior ({shares})" if constant else
                f"Dutch Draw baseline moves from {lo:.3g} to {hi:.3g} with the prior ({shares})")
        rows.append(_row("dutch_draw", name, "labels", "constant" if constant else "varies",
                         text, hi - lo, "imbeval.baselines.dutch_draw"))
    return rows


def _clean(x):
    return 0.0 if abs(x) < 1e-12 else x


def _reads(function, keyword):
    try:
        return keyword in inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False


def _distorted(score):
    """The same ranking, another calibration: expit(k logit p)."""
    p = np.clip(np.asarray(score, dtype=float), 1e-12, 1 - 1e-12)
    return 1.0 / (1.0 + ((1 - p) / p) ** CALIBRATION_POWER)


def score_index_rows(seed=0, names=None):
    """The audit rows of the indices of scores: prior shift (:func:`prior_shift_audit`), the
    calibration check, the input each reads, its scope, orientation and whether it reads a
    cost matrix."""
    from imbeval.audit.prior_shift import PRIOR_GRID, prior_shift_audit, scored_samples
    from imbeval.scores import registry

    reg = registry()
    chosen = list(reg) if names is None else list(names)
    table = prior_shift_audit(seed=seed, names=chosen).set_index("index")
    samples = scored_samples(seed)
    rows = []
    for name in chosen:
        info = reg[name]
        needs = "probabilities" if info.response == "proba" else "scores"
        rows += [
            _row("input", name, "scores", info.response,
                 f"reads {'probabilities' if needs == 'probabilities' else 'scores (only their ranking)'}",
                 source="imbeval.scores.registry"),
            _row("scope", name, "scores", info.scope,
                 "defined for two classes only" if info.scope == "two-class"
                 else "defined for any number of classes", source="imbeval.scores.registry"),
            _row("orientation", name, "scores", "higher" if info.greater_is_better else "lower",
                 "higher is better" if info.greater_is_better else "lower is better",
                 source="imbeval.scores.registry"),
        ]
        reads = _reads(info.function, "costs")
        rows.append(_row("costs", name, "scores", "reads" if reads else "ignores",
                         "weighs each error by a stated cost matrix (costs=)" if reads
                         else "counts every error alike (reads no cost matrix)",
                         source="imbeval.scores.registry"))
        t = table.loc[name]
        lo, hi = t[f"pi={PRIOR_GRID[0]:g}"], t[f"pi={PRIOR_GRID[-1]:g}"]
        if t["verdict"] == "invariant":
            text = (f"invariant under prior shift (exact: no reweighting of the classes moved "
                    f"it in {int(t['n_checks'])} checks)")
        else:
            text = (f"moves under prior shift ({lo:.3g} at positive share {PRIOR_GRID[0]:g}, "
                    f"{hi:.3g} at {PRIOR_GRID[-1]:g}; largest change {t['max_shift']:.3g})")
        rows.append(_row("prior_shift", name, "scores", t["verdict"], text,
                         float(t["max_shift"]), "imbeval.audit.prior_shift.prior_shift_audit"))
        # the two-class sample: a monotone distortion of one column keeps the ranking (of
        # several columns it would not), and a multi-class index takes its two columns
        sample = samples[0]
        score, distorted = sample.score, _distorted(sample.score)
        if info.scope == "multi-class":
            score = np.column_stack([1 - score, score])
            distorted = np.column_stack([1 - distorted, distorted])
        try:
            before = float(info.function(sample.y, score))
            after = float(info.function(sample.y, distorted))
            moved = abs(after - before) > 1e-9 * (1 + abs(before))
            outcome = "sensitive" if moved else "blind"
            text = (f"moves with calibration ({before:.3g} -> {after:.3g} when the "
                    f"probabilities are distorted, ranking kept; sample {sample.name!r})" if moved
                    else "blind to calibration (unchanged when the probabilities are "
                    f"distorted, ranking kept; sample {sample.name!r})")
            rows.append(_row("calibration", name, "scores", outcome, text, after - before,
                             "imbeval.recommend._evidence.score_index_rows"))
        except ValueError:
            pass
    return rows


def winner_flip_rows():
    """The KEEL winner-flip rows shipped with the package (see the file's provenance)."""
    rows = []
    text = resources.files("imbeval.recommend").joinpath(WINNER_FLIPS_FILE).read_text("utf-8")
    for rec in csv.DictReader(line for line in text.splitlines() if not line.startswith("#")):
        share = float(rec["share"])
        outcome = "none" if rec["flips"] == "0" else ("few" if share < 0.05 else "many")
        rows.append(_row(
            "winner_flips", rec["index"], "scores", outcome,
            f"winner flips on {100 * share:.2g} % of the reference pairs ({rec['flips']} of "
            f"{rec['pairs']} classifier pairs on {rec['problems']} KEEL problems, test prior "
            f"to deployment prior {rec['deploy_prior']})", share,
            "reference/keel/winner_flips.csv"))
    return rows


@functools.lru_cache(maxsize=1)
def _shipped():
    text = resources.files("imbeval.recommend").joinpath(EVIDENCE_FILE).read_text("utf-8")
    rows = []
    for rec in csv.DictReader(text.splitlines()):
        rec["value"] = float(rec["value"]) if rec["value"] not in ("", "nan") else math.nan
        for name in ("classes", "n_min"):
            rec[name] = int(rec[name]) if rec[name] else None
        rows.append(rec)
    return tuple(rows)


def shipped_evidence():
    """The shipped rows (the registered indices' audit, the indices of scores, KEEL flips)."""
    return [dict(r) for r in _shipped()] + winner_flip_rows()


def representative_matrix(n_classes, n_min, seed=0):
    """The test set of the interval rows: the smallest class ``n_min`` points, the others
    :data:`INTERVAL_RATIO` times as many, a classifier with recall :data:`INTERVAL_RECALL`
    on every class whose errors fall uniformly on the other classes (seeded draw)."""
    from imbeval.utils.seeds import derive_rng

    rng = derive_rng(seed, "recommend", "interval", int(n_classes), int(n_min))
    sizes = [int(n_min)] + [int(n_min) * INTERVAL_RATIO] * (n_classes - 1)
    cm = np.zeros((n_classes, n_classes))
    for c, n in enumerate(sizes):
        right = rng.binomial(n, INTERVAL_RECALL)
        cm[c, c] = right
        others = [j for j in range(n_classes) if j != c]
        cm[c, others] += rng.multinomial(n - right, [1 / len(others)] * len(others))
    # the minority class is the positive one of a two-class index (imbeval's first row)
    return cm


def interval_rows(names, n_classes, n_min, *, seed=0, bounds=None):
    """The 95 % interval half-width of each index (labels) on :func:`representative_matrix`.

    ``bounds`` maps a name to its range; a half-width above :data:`WIDE_INTERVAL` of the
    range is ``wide``. An index undefined there, or without an interval, is ``undefined``.
    """
    from imbeval.metrics._ci import matrix_intervals

    cm = representative_matrix(n_classes, n_min, seed)
    kind, at = "interval", {"classes": int(n_classes), "n_min": int(n_min)}
    known = list(names)
    found = {}
    for n in known:  # one at a time: a row is the same however many are asked with it
        try:
            found.update(matrix_intervals(cm, [n], ci=0.95, seed=seed))
        except ValueError:
            pass
    rows = []
    for name in known:
        e = found.get(name)
        where = f"at {n_min} points in the smallest of {n_classes} classes"
        if e is None or not (np.isfinite(e.low) and np.isfinite(e.high)):
            rows.append(_row(kind, name, "labels", "undefined",
                             f"no 95 % interval {where} (undefined on the representative "
                             "test set)", source="imbeval.metrics.interval", **at))
            continue
        half = (e.high - e.low) / 2
        lo, hi = (bounds or {}).get(name, (-math.inf, math.inf))
        scale = hi - lo if np.isfinite(lo) and np.isfinite(hi) and hi > lo else 1.0
        outcome = "wide" if half > WIDE_INTERVAL * scale else "narrow"
        rows.append(_row(kind, name, "labels", outcome,
                         f"95 % interval ± {half:.2g} {where} ({e.method})", half,
                         "imbeval.metrics.interval", **at))
    return rows
