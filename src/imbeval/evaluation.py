"""How much of a reported number is the test set's class ratio? ``imbeval evaluate``.

Given a test set's true labels and one model's predictions on it, :func:`evaluate_predictions`
(or :func:`evaluate` with a fitted estimator) redraws the test set under mullick2020's five
RRT schemes -- the protocol's own resampling (:func:`imbeval.rrt.rrt_test_sets`), each
scheme drawn ``repeats`` times from generators seeded by ``(seed, "evaluate", repeat)`` --
counts a confusion matrix per draw from the given predictions (a prediction does not depend
on which other points are in the test set), and computes every applicable index on each.

Per index it reports the mean value at each scheme, the spread across schemes (the
population standard deviation of the scheme means, the statistic of Fig. 3 for one model,
and their range), the value on the test set as given, and the auditor's verdicts on
Conditions 1-3 (:func:`imbeval.audit.audit_index`; ``audit="quick"`` by default, ``"full"``,
``"none"``, or the path of an ``audit.csv`` written by ``imbeval audit``).

Classes: the sorted distinct true labels, or ``labels`` when given. Two-class: the positive
class (first row, the one two-class indices score) is ``pos_label``, ``1`` by default as in
scikit-learn; the IR of the schemes ``IR/2``, ``IR``, ``2IR`` is the test set's own ratio.
Scores or probabilities passed as labels are refused with :func:`imbeval.metrics.check_target`'s
message.

Layer: this module uses the protocol (RRT resampling), the indices, the audit and the
figure writer, and nothing uses it but the CLI -- it sits at the level of ``figures`` and
``tables``, as a top-level module because it belongs to none of the papers.
"""

from __future__ import annotations

import math
import os
import warnings
from numbers import Integral
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from imbeval.utils._param_validation import Interval, StrOptions, validate_params

__all__ = ["Evaluation", "default_indices", "evaluate", "evaluate_predictions",
           "read_predictions", "read_scores"]


def _is_missing(v) -> bool:
    if v is None:
        return True
    if isinstance(v, float) and math.isnan(v):
        return True
    return isinstance(v, str) and v.strip() == ""


def _as_label_list(values, what: str, source: str) -> list:
    values = list(np.asarray(values, dtype=object).ravel())
    missing = [i for i, v in enumerate(values) if _is_missing(v)]
    if missing:
        rows = ", ".join(str(i + 1) for i in missing[:5])
        raise ValueError(f"{source}: {what} is missing in {len(missing)} row(s) (row(s) {rows}"
                         f"{', ...' if len(missing) > 5 else ''})")
    # numpy scalars -> Python, so 1 and np.int64(1) are the same label
    return [v.item() if isinstance(v, np.generic) else v for v in values]


def _read_text_csv(path, what):
    """``(path, frame)``: the predictions file as text cells, column names stripped; a
    missing file or one that is not ``what`` stops with its name."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"predictions file {path} does not exist")
    try:
        frame = pd.read_csv(path, dtype=str, keep_default_na=False, skipinitialspace=True)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: not {what} ({exc})") from None
    frame.columns = [str(c).strip() for c in frame.columns]
    return path, frame


@validate_params({"path": [str, os.PathLike], "true_column": [str], "pred_column": [str]})
def read_predictions(path, true_column: str = "y_true", pred_column: str = "y_pred"):
    """``(y_true, y_pred)`` as lists of strings from a CSV with those two columns.

    Labels are read as text (``"1"`` and ``"01"`` are different labels); a missing cell
    or a missing column is a ValueError naming the file, and so is a column of scores or
    probabilities (numbers not all whole), with :func:`imbeval.metrics.check_target`'s
    message.
    """
    path, frame = _read_text_csv(path, f"a CSV of {true_column},{pred_column}")
    absent = [c for c in (true_column, pred_column) if c not in frame.columns]
    if absent:
        raise ValueError(f"{path}: no column {' or '.join(map(repr, absent))}; the header must "
                         f"name {true_column!r} and {pred_column!r} (found {list(frame.columns)})")
    if frame.empty:
        raise ValueError(f"{path}: no rows")
    from imbeval.metrics._label_text import refuse_continuous_text

    columns = []
    for column in (true_column, pred_column):
        values = _as_label_list(frame[column].str.strip(), column, str(path))
        refuse_continuous_text(values, column, str(path))
        columns.append(values)
    return tuple(columns)


@validate_params({"path": [str, os.PathLike], "column": [str]})
def read_scores(path, column: str) -> np.ndarray:
    """The column ``column`` of the predictions CSV ``path`` as finite floats: a score or
    probability of the positive class per row, for the indices of scores.

    A missing column, an empty cell, a cell that is not a number, NaN or infinity is a
    ValueError naming the file, the column and the first rows concerned.
    """
    path, frame = _read_text_csv(path, "a CSV")
    if column not in frame.columns:
        raise ValueError(f"{path}: no score column {column!r} (found {list(frame.columns)})")
    text = frame[column].str.strip()
    values = pd.to_numeric(text, errors="coerce").to_numpy(dtype=float)
    # "nan" and "inf" parse as floats: they are refused with the cells that are not numbers
    bad = np.flatnonzero(~np.isfinite(values))
    if bad.size:
        rows = ", ".join(f"row {i + 1} {text.iloc[i]!r}" for i in bad[:5])
        raise ValueError(f"{path}: column {column!r} must hold finite numbers (scores or "
                         f"probabilities); {bad.size} cell(s) do not: {rows}"
                         f"{', ...' if bad.size > 5 else ''}")
    return values


@dataclass
class Evaluation:
    """The result of :func:`evaluate_predictions`.

    Attributes
    ----------
    classes : the class labels in matrix order (two-class: the positive class first).
    counts : true points per class in the test set.
    values : long table ``repeat, scheme, target_rrt, rrt, index, value`` (one row per draw).
    per_scheme : ``index, scheme, target_rrt, rrt, mean, std, n`` (mean over the draws).
    summary : per index ``index, paper, scope, as_given, spread_std, spread_range, mean_over_schemes``,
        then ``condition1..3`` (``true`` / ``false`` / empty = not applicable or undecided),
        ``greater_is_better`` (the index's orientation, which the audit honours) and
        ``condition1..3_verdict``, each verdict in words ("holds (no counterexample in N
        matrices, C = 2–10)", "holds (mullick2020, Theorem N)", "fails (counterexample: ...)").
    schemes : the schemes in order.
    settings : repeats, seed, min_count, infeasible, audit.
    """

    classes: list
    counts: list
    values: pd.DataFrame
    per_scheme: pd.DataFrame
    summary: pd.DataFrame
    schemes: list
    settings: dict = field(default_factory=dict)

    def table(self) -> str:
        """A readable table: per index the verdicts, the value at each scheme, the spread."""
        s = self.summary.set_index("index")
        piv = self.per_scheme.pivot(index="index", columns="scheme", values="mean")
        rrt = self.per_scheme.groupby("scheme")["rrt"].mean()
        header = (["index", "paper", "C1", "C2", "C3", "as given"]
                  + [f"{sc} ({rrt[sc]:.3g})" for sc in self.schemes] + ["spread std", "range"])
        mark = {"true": "holds", "false": "fails", "": "-"}

        def f(x):
            return "nan" if x != x else f"{x:.4f}"

        rows = []
        for name in s.index:
            r = s.loc[name]
            rows.append([name, r["paper"], mark[r["condition1"]], mark[r["condition2"]],
                         mark[r["condition3"]], f(r["as_given"])]
                        + [f(piv.loc[name, sc]) for sc in self.schemes]
                        + [f(r["spread_std"]), f(r["spread_range"])])
        widths = [max(len(str(x[i])) for x in [header] + rows) for i in range(len(header))]
        lines = [f"classes {', '.join(map(str, self.classes))} with {', '.join(map(str, self.counts))}"
                 f" true points; {self.settings.get('repeats')} draws per RRT scheme (realised RRT "
                 "in brackets), seed " f"{self.settings.get('seed')}; C1-C3: the audit's verdicts "
                 f"({self.settings.get('audit')})",
                 "  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip(),
                 "  ".join("-" * w for w in widths)]
        lines += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
        worded = [(name, k, s.loc[name].get(f"condition{k}_verdict", ""))
                  for name in s.index for k in (1, 2, 3)]
        worded = [w for w in worded if isinstance(w[2], str) and w[2]]
        if worded:
            lines += ["", "Verdicts (a search's 'holds' means no counterexample was found; "
                      "lower-is-better indices are audited on their worst side, the supremum):"]
            lines += [f"  {name}, Condition {k}: {text}" for name, k, text in worded]
        return "\n".join(lines)

    def plot(self):
        """Figure in the style of mullick2020 Fig. 3 for one model: the spread across RRT
        schemes per index (bars, coloured by the Condition 1 verdict) above the mean value
        at each scheme."""
        from imbeval.utils._optional import import_optional

        plt = import_optional("matplotlib.pyplot")

        s = self.summary
        names = list(s["index"])
        x = np.arange(len(names))
        fig, (top, bottom) = plt.subplots(2, 1, figsize=(max(7.0, 0.45 * len(names) + 2), 7.5),
                                          sharex=True)
        colours = {"true": "tab:green", "false": "tab:red", "": "tab:gray"}
        top.bar(x, s["spread_std"].to_numpy(), color=[colours[v] for v in s["condition1"]])
        for verdict, label in (("true", "Condition 1 holds"), ("false", "Condition 1 fails"),
                               ("", "Condition 1 not applicable, undecided or not audited")):
            if (s["condition1"] == verdict).any():
                top.bar([np.nan], [np.nan], color=colours[verdict], label=label)
        top.set_ylabel("std over the 5 RRT test sets")
        top.set_title("Effect of the test set's class ratio (RRT) on each index, one model")
        top.legend(fontsize=7)
        top.grid(axis="y", alpha=0.3)
        piv = self.per_scheme.pivot(index="index", columns="scheme", values="mean").reindex(names)
        rrt = self.per_scheme.groupby("scheme")["rrt"].mean()
        for k, sc in enumerate(self.schemes):
            bottom.plot(x + (k - 2) * 0.12, piv[sc].to_numpy(), "o", ms=4,
                        label=f"{sc} (RRT {rrt[sc]:.3g})")
        bottom.set_ylabel("mean value over draws")
        bottom.legend(fontsize=7, ncol=1, loc="best", framealpha=0.6)
        bottom.grid(axis="y", alpha=0.3)
        bottom.set_xticks(x, names, rotation=60, ha="right", fontsize=7)
        fig.tight_layout()
        return fig

    def write(self, out_dir) -> list[Path]:
        """Write ``evaluate.csv`` (index x scheme, tidy, with the index's spread and
        verdicts), ``evaluate_draws.csv`` (every draw) and ``evaluate.pdf``/``.png``
        into ``out_dir``, each atomically; returns the paths. Without matplotlib (the
        ``plot`` extra) the figure is left out, with a warning."""
        import importlib.util
        import warnings

        from imbeval.utils.io import write_csv
        from imbeval.utils.plot import save_figure

        out = Path(out_dir)
        tidy = self.per_scheme.merge(self.summary, on="index", how="left")
        paths = [write_csv(tidy, out / "evaluate.csv"),
                 write_csv(self.values, out / "evaluate_draws.csv")]
        if importlib.util.find_spec("matplotlib") is None:
            warnings.warn("the figure evaluate.pdf/.png is not drawn: it needs matplotlib "
                          "(pip install 'imbeval-indices[plot]')", stacklevel=2)
        else:
            paths += save_figure(self.plot(), out / "evaluate")
        return paths


def _verdicts(infos, audit, seed):
    """``{name: (c1, c2, c3, words1, words2, words3)}``: the verdicts as ``"true"/"false"/""``
    strings, then each in words ("holds (no counterexample in N matrices, C = 2–10)",
    "fails (counterexample: ...)"; :func:`imbeval.audit.report.verdict_wording`)."""
    from imbeval.audit.report import verdict_wording

    if audit in (None, False, "none"):
        return {i.name: ("",) * 6 for i in infos}
    known = {}
    if audit not in ("quick", "full"):
        path = Path(audit)
        if not path.is_file():
            raise FileNotFoundError(f"audit table {path} does not exist (write one with "
                                    "`imbeval audit`, or use audit='quick')")
        table = pd.read_csv(path, dtype=str, keep_default_na=False)
        if not {"index", "condition1", "condition2", "condition3"} <= set(table.columns):
            raise ValueError(f"{path} is not an audit table (needs index, condition1..3)")
        known = {r["index"]: _worded(dict(r), verdict_wording) for _, r in table.iterrows()}
    from imbeval.audit import AuditSizes, audit_index
    from imbeval.audit.core import cite_theorems

    sizes = AuditSizes() if audit == "full" else AuditSizes.quick()
    out = {}
    for k, info in enumerate(infos):
        if info.name in known:
            out[info.name] = known[info.name]
            continue
        result = audit_index(info.function, name=info.name, scope=info.scope, sizes=sizes,
                             seed=seed + k, influence_functions=False,
                             greater_is_better=info.greater_is_better)
        if info.paper == "mullick2020":
            cite_theorems(result)
        out[info.name] = _worded(result.row(), verdict_wording)
    return out


def _worded(row, verdict_wording):
    verdicts = (row["condition1"], row["condition2"], row["condition3"])
    return verdicts + tuple(verdict_wording(row, k) if verdicts[k - 1] != "" else ""
                            for k in (1, 2, 3))


@validate_params({"n_classes": [Interval(Integral, 2, None, closed="left")]})
def default_indices(n_classes: int) -> list[str]:
    """The indices :func:`evaluate_predictions` computes by default for ``n_classes``: every
    registered index that applies, and for two classes also ``f1`` (scikit-learn's
    ``f1_score`` of the positive class, next to ``precision``).

    Examples
    --------
    >>> from imbeval.evaluation import default_indices
    >>> "f1" in default_indices(2), "f1" in default_indices(3), "macro_f1" in default_indices(3)
    (True, False, True)
    """
    from imbeval.indices import registry

    names = [name for name, info in registry().items() if info.applies_to(n_classes)]
    if n_classes == 2 and "f1" not in names:
        names.insert(names.index("precision") + 1 if "precision" in names else len(names), "f1")
    return names


@validate_params({"y_true": ["array-like"], "y_pred": ["array-like"], "labels": ["array-like", None],
                  "indices": [str, "array-like", None],
                  "repeats": [Interval(Integral, 1, None, closed="left")],
                  "seed": [Interval(Integral, None, None, closed="neither")],
                  "min_count": [Interval(Integral, 1, None, closed="left")],
                  "infeasible": [StrOptions({"bootstrap", "clip"})], "source": [str]})
def evaluate_predictions(y_true, y_pred, *, labels=None, pos_label=1, indices=None,
                         repeats: int = 10, seed: int = 0, min_count: int = 3,
                         infeasible: str = "bootstrap", audit="quick",
                         source: str = "the predictions", positive=None,
                         zero_division="warn") -> Evaluation:
    """Redraw the test set under the five RRT schemes and score the predictions on each.

    Parameters
    ----------
    y_true, y_pred : sequences of labels, same length.
    labels : sequence, optional
        The classes (default: the distinct true labels, sorted). A true or predicted
        label outside them is an error, and so is a class without a true point.
    pos_label : label, default 1
        Two-class only: the positive class, as in scikit-learn (a string label is never
        the number 1: string labels need it named). Ignored with more than two classes.
    indices : list of str, optional
        Registered names or import paths ``"module:function"`` (default:
        :func:`default_indices`, every registered index that applies to the number of
        classes, and ``f1`` for two).
    repeats : int
        Draws per scheme.
    seed : int
        Seed of every draw (and of the audit's search).
    min_count, infeasible :
        The protocol's sampling rule (see :mod:`imbeval.rrt`).
    audit : "quick", "full", "none" or a path to an ``audit.csv``
    source : str
        Names the data in error messages (the CLI passes the file name).
    positive : label, optional
        Deprecated alias of ``pos_label`` (it warns); given, it is the positive class.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        The value ``as_given`` of an index undefined on the test set as given, as
        :func:`imbeval.metrics.score` gives it (``"warn"``: its undefined ratios counted 0,
        with an :class:`~imbeval.metrics.UndefinedMetricWarning`). The redrawn test sets
        keep NaN where undefined: a convention's 0 would enter their spread.

    Returns
    -------
    Evaluation

    Examples
    --------
    >>> from imbeval.evaluation import evaluate_predictions
    >>> ev = evaluate_predictions([0, 0, 0, 1, 1, 0], [0, 1, 0, 1, 0, 0], indices=["acsa"],
    ...                           repeats=2, min_count=1, audit="none")
    >>> ev.classes
    [1, 0]
    """
    from imbeval.indices import compute, load_index
    from imbeval.metrics._undefined import (_undefined_rule, check_metrics_zero_division,
                                        undefined_why)
    from imbeval.rrt import confusion, rrt_test_sets, schemes_for

    zero_division = check_metrics_zero_division(zero_division)
    from imbeval.utils.seeds import derive_rng

    from imbeval.metrics._label_text import refuse_continuous_text

    y_true = _as_label_list(y_true, "y_true", source)
    y_pred = _as_label_list(y_pred, "y_pred", source)
    refuse_continuous_text(y_true, "y_true", source)
    refuse_continuous_text(y_pred, "y_pred", source)
    if positive is not None:
        from imbeval.utils._deprecation import deprecation_message

        warnings.warn(deprecation_message("evaluate_predictions(positive=...)",
                                          "pos_label=..."), FutureWarning, stacklevel=3)
        pos_label = positive
    if len(y_true) != len(y_pred):
        raise ValueError(f"{source}: {len(y_true)} true labels but {len(y_pred)} predictions")
    if isinstance(repeats, bool) or not isinstance(repeats, (int, np.integer)) or repeats < 1:
        raise ValueError(f"repeats must be a positive integer, got {repeats!r}")
    if labels is None:
        try:
            classes = sorted(set(y_true))
        except TypeError:
            classes = list(dict.fromkeys(y_true))
    else:
        classes = list(dict.fromkeys(_as_label_list(labels, "labels", "labels")))
        unknown = sorted({str(v) for v in y_true if v not in set(classes)})
        if unknown:
            raise ValueError(f"{source}: y_true has label(s) {unknown} not among the labels "
                             f"{classes}")
    if len(classes) < 2:
        raise ValueError(f"{source}: y_true holds one class only ({classes}); an index needs "
                         "at least two")
    unknown = sorted({str(v) for v in y_pred if v not in set(classes)})
    if unknown:
        raise ValueError(f"{source}: y_pred has unknown label(s) {unknown}: not among the true "
                         f"classes {classes}")
    counts = {c: 0 for c in classes}
    for v in y_true:
        counts[v] += 1
    empty = [c for c in classes if counts[c] == 0]
    if empty:
        raise ValueError(f"{source}: class(es) {empty} have no point in y_true; every class "
                         "needs at least one to be resampled")
    if len(classes) == 2:
        # as in scikit-learn and imbeval.metrics: a string label is never the number 1
        matches = [c for c in classes
                   if isinstance(c, str) == isinstance(pos_label, str) and c == pos_label]
        if not matches:
            raise ValueError(f"{source}: pos_label={pos_label!r} is not among the labels "
                             f"{classes}; pass pos_label= one of them (the default is 1, as "
                             "in scikit-learn)")
        classes = matches[:1] + [c for c in classes if c is not matches[0]]
    code = {c: k for k, c in enumerate(classes)}
    t = np.array([code[v] for v in y_true], dtype=np.int64)
    p = np.array([code[v] for v in y_pred], dtype=np.int64)
    C = len(classes)
    n = np.bincount(t, minlength=C)
    ir = float(n[1] / n[0]) if C == 2 else float(n.max() / n.min())

    if indices is None:
        infos = [load_index(name, "indices") for name in default_indices(C)]
    else:
        infos = [load_index(spec, "indices") for spec in indices]
        wrong = [i.name for i in infos if not i.applies_to(C)]
        if wrong:
            raise ValueError(f"indices {wrong} are two-class only; the test set has {C} classes")
    names = [i.name for i in infos]

    keys, mats = [], []
    for r in range(int(repeats)):
        rng = derive_rng(seed, "evaluate", r)
        for ts in rrt_test_sets(t, ir, rng, min_count=min_count, infeasible=infeasible):
            idx = ts["index"]
            keys.append((r, ts["scheme"], ts["target_rrt"], ts["plan"].rrt))
            mats.append(confusion(t[idx], p[idx], C))
    vals = compute(np.stack(mats), names)
    given = confusion(t, p, C)
    as_given = _undefined_rule(
        lambda z: compute(given, names, z), zero_division,
        lambda: f"{source}: an index is undefined on the test set as given: "
                f"{undefined_why(given, np.asarray(classes, dtype=object), labels is not None)}")
    rows = [{"repeat": r, "scheme": sc, "target_rrt": tr, "rrt": rr, "index": name,
             "value": float(vals[name][k])}
            for k, (r, sc, tr, rr) in enumerate(keys) for name in names]
    values = pd.DataFrame(rows)
    schemes = list(schemes_for(C))
    per = (values.groupby(["index", "scheme"], sort=False)
           .agg(target_rrt=("target_rrt", "first"), rrt=("rrt", "mean"),
                mean=("value", "mean"), std=("value", "std"), n=("value", "count"))
           .reset_index())
    order = {nm: i for i, nm in enumerate(names)}
    per = per.sort_values(["index", "scheme"], key=lambda s: s.map(order) if s.name == "index"
                          else s.map({sc: i for i, sc in enumerate(schemes)})).reset_index(drop=True)
    verdicts = _verdicts(infos, audit, seed)
    summary_rows = []
    for info in infos:
        means = per.loc[per["index"] == info.name, "mean"].to_numpy()
        finite = means[~np.isnan(means)]
        c1, c2, c3, w1, w2, w3 = verdicts[info.name]
        summary_rows.append({
            "index": info.name, "paper": info.paper, "scope": info.scope,
            "as_given": float(as_given[info.name]),
            "spread_std": float(np.std(finite)) if finite.size == means.size else float("nan"),
            "spread_range": float(np.ptp(finite)) if finite.size == means.size else float("nan"),
            "mean_over_schemes": float(np.mean(finite)) if finite.size else float("nan"),
            "condition1": c1, "condition2": c2, "condition3": c3,
            "greater_is_better": bool(info.greater_is_better),
            "condition1_verdict": w1, "condition2_verdict": w2, "condition3_verdict": w3,
        })
    return Evaluation(
        classes=classes, counts=[int(v) for v in n], values=values, per_scheme=per,
        summary=pd.DataFrame(summary_rows), schemes=schemes,
        settings={"repeats": int(repeats), "seed": int(seed), "min_count": int(min_count),
                  "infeasible": infeasible, "audit": str(audit)},
    )


@validate_params({"X": ["array-like"], "y": ["array-like"]})
def evaluate(estimator, X, y, **kwargs) -> Evaluation:
    """:func:`evaluate_predictions` of a fitted ``estimator`` on the test set ``(X, y)``.

    The estimator predicts ``X`` once; the RRT test sets are drawn from ``y``. Keyword
    arguments are those of :func:`evaluate_predictions` (``labels`` defaults to the
    estimator's ``classes_`` when it has them, so a class it knows but the test set lacks
    is reported, not silently dropped).
    """
    if not callable(getattr(estimator, "predict", None)):
        raise ValueError(f"{type(estimator).__name__} has no predict(); pass a fitted classifier")
    y_pred = estimator.predict(X)
    if "labels" not in kwargs and getattr(estimator, "classes_", None) is not None:
        kwargs["labels"] = list(estimator.classes_)
    kwargs.setdefault("source", f"{type(estimator).__name__} on the test set")
    return evaluate_predictions(y, y_pred, **kwargs)
