"""recommend(): the rules of ``rules.csv`` applied to the audit rows of every index."""

from __future__ import annotations


import csv
import re
import functools
from importlib import resources
from numbers import Integral

import numpy as np

from imbeval.recommend._evidence import (interval_rows, label_index_rows, row_key,
                                         shipped_evidence)
from imbeval.recommend._fingerprint import FOCI, OUTPUTS, PRIORS, Fingerprint
from imbeval.recommend._result import Candidate, Reason, Recommendation
from imbeval.utils._param_validation import Interval, StrOptions, validate_params

__all__ = ["recommend", "rules", "evidence", "explain", "EFFECTS", "COST_INDEX"]

RULES_FILE = "rules.csv"
#: What a rule does to an index whose audit row has the rule's outcome.
EFFECTS = ("require", "exclude", "rank_up", "rank_down", "note")
#: The name of the expected cost of labels built from a stated cost matrix.
COST_INDEX = "expected_cost_labels"


@functools.lru_cache(maxsize=1)
def _rules():
    text = resources.files("imbeval.recommend").joinpath(RULES_FILE).read_text("utf-8")
    out = []
    for rec in csv.DictReader(text.splitlines()):
        if rec["effect"] not in EFFECTS:
            raise ValueError(f"rule {rec['rule']!r}: effect must be one of {EFFECTS}, got "
                             f"{rec['effect']!r}")
        rec["weight"] = int(rec["weight"] or 0)
        rec["outcomes"] = tuple(rec["outcome"].split("|"))
        out.append(rec)
    return tuple(out)


def rules():
    """The rules, one dict per row of the shipped ``rules.csv``: ``rule`` (its name),
    ``when`` (the fingerprint terms it applies to), ``reads`` (the verdict kind of the audit
    row it reads), ``outcome`` (the outcomes it acts on, ``|``-joined), ``effect`` (one of
    :data:`EFFECTS`), ``weight`` and ``why``.

    Returns
    -------
    list of dict

    Examples
    --------
    >>> from imbeval.recommend import rules
    >>> r = next(r for r in rules() if r["rule"] == "prior_shifted_labels")
    >>> r["when"], r["reads"], r["outcome"], r["effect"]
    ('prior=shifted', 'condition1', 'fails', 'exclude')
    """
    return [{k: v for k, v in r.items() if k != "outcomes"} for r in _rules()]


def evidence():
    """The shipped audit rows as a table, one row per id (``condition1:mcc``, ...).

    Returns
    -------
    pandas.DataFrame
        Columns ``id, kind, index, family, outcome, value, text, source``.

    Examples
    --------
    >>> from imbeval.recommend import evidence
    >>> table = evidence().set_index("id")
    >>> table.loc["condition1:acsa", "text"]
    'Condition 1 holds (mullick2020, Theorem 3)'
    """
    import pandas as pd

    return pd.DataFrame(shipped_evidence())


@validate_params({"row_id": [str]})
def explain(row_id):
    """One audit row by id, from the shipped table or (an interval row
    ``interval@<n_min>x<classes>:<index>``) computed.

    Parameters
    ----------
    row_id : str

    Returns
    -------
    dict

    Raises
    ------
    ValueError
        For an id that is no audit row, with the kinds there are.

    Examples
    --------
    >>> from imbeval.recommend import explain
    >>> explain("prior_shift:roc_auc")["outcome"]
    'invariant'
    """
    # an interval row is computed for the size asked: its id is interval@<n_min>x<classes>
    computed = re.fullmatch(r"interval@(\d+)x(\d+):(.+)", row_id)
    if computed:
        n_min, c, name = int(computed[1]), int(computed[2]), computed[3]
        return interval_rows([name], c, n_min)[0]
    if row_id.startswith("interval@"):
        raise ValueError(f"an interval row reads interval@<n_min>x<classes>:<index>, got "
                         f"{row_id!r}")
    for row in shipped_evidence():
        if row["id"] == row_id:
            return dict(row)
    kinds = sorted({r["kind"] for r in shipped_evidence()} | {"interval@NxC"})
    raise ValueError(f"no audit row {row_id!r}; rows are <kind>:<index> with kind one of "
                     f"{', '.join(kinds)}")


def _cost_function(costs, priors):
    """The expected cost of decisions: Σ_i π_i Σ_j c_ij R_ij, R_ij the share of class i
    decided j; π the stated priors, or the test set's class shares when None."""
    c = np.asarray(costs, dtype=float)
    stated = None if priors is None else np.asarray(priors, dtype=float)

    def expected_cost_labels(cm, zero_division=np.nan):
        cm = np.asarray(cm, dtype=float)
        n = cm.sum(axis=-1)
        with np.errstate(invalid="ignore", divide="ignore"):
            rates = cm / n[..., None]
            pi = stated if stated is not None else n / n.sum(axis=-1, keepdims=True)
            out = (pi * (rates * c).sum(axis=-1)).sum(axis=-1)
        return np.where(np.isnan(out), zero_division, out)

    expected_cost_labels.greater_is_better = False
    return expected_cost_labels


def _user_specs(index):
    if index is None:
        return []
    if isinstance(index, str) or callable(index):
        return [index]
    return list(index)


def _label_candidates(fp, catalogue, user, seed):
    """(candidate, rows) of the indices of confusion matrices."""
    from imbeval.indices import load_index, registry

    shipped = {}
    for row in shipped_evidence():
        if row["family"] == "labels":
            shipped.setdefault(row["index"], {})[row_key(row)] = row
    infos = {}
    for spec in user:
        if callable(spec):
            name = getattr(spec, "__name__", "user_index")
            gib = bool(getattr(spec, "greater_is_better", True))
            infos[name] = (spec, None, gib, "user", f"user function {name}")
        else:
            info = load_index(spec, "--index")
            infos[info.name] = (info.function, info.scope, info.greater_is_better, info.paper,
                                info.description)
    reg = registry(catalogue=catalogue)
    out = []
    for name, info in reg.items():
        if info.alias_of is not None or name in infos:
            continue
        rows = shipped.get(name)
        if rows is None:  # registered by the user in this session: audited now
            rows = _rows_of(label_index_rows(info.function, name, scope=info.scope,
                                             greater_is_better=info.greater_is_better,
                                             paper=info.paper, seed=seed))
        out.append((Candidate(name, "labels", info.description, aliases=info.aliases), rows))
    for name, (fn, scope, gib, paper, description) in infos.items():
        rows = _rows_of(label_index_rows(fn, name, scope=scope, greater_is_better=gib,
                                         paper=paper, seed=seed))
        out.append((Candidate(name, "labels", description), rows))
    if fp.costs is not None:
        priors, words = fp.deployment_prior, "at the deployment prior"
        if priors is None and fp.prior != "same":
            priors, words = [1.0 / fp.classes] * fp.classes, "at uniform priors (no deployment prior given)"
        elif priors is None:
            words = "at the test set's class shares"
        fn = _cost_function(fp.costs, priors)
        rows = _rows_of(label_index_rows(
            fn, COST_INDEX, scope="two-class" if fp.classes == 2 else "multi-class",
            greater_is_better=False, seed=seed, only_classes=fp.classes))
        costs_key = ("costs", None, None)
        rows[costs_key] = {**rows[costs_key], "outcome": "reads",
                           "text": "weighs each error by the stated cost matrix"}
        desc = f"expected cost of the decisions for the stated cost matrix, {words}"
        out.append((Candidate(COST_INDEX, "labels", desc,
                              options={"priors": list(priors) if priors is not None else "test set"}),
                    rows))
    return out


def _rows_of(rows):
    return {row_key(r): r for r in rows}


def _score_candidates():
    from imbeval.scores import registry

    rows = {}
    for row in shipped_evidence():
        if row["family"] == "scores":
            rows.setdefault(row["index"], {})[row_key(row)] = row
    return [(Candidate(name, "scores", info.description), rows.get(name, {}))
            for name, info in registry().items()]


def _row_for(rows, kind, fp):
    """The row of ``kind`` for the fingerprint: an interval at its sizes; a verdict at its
    number of classes, else at three (the searched multi-class case), else the general one."""
    if kind == "interval":
        return rows.get((kind, fp.classes, fp.n_min))
    if fp.classes >= 3:
        for key in ((kind, fp.classes, None), (kind, 3, None)):
            if key in rows:
                return rows[key]
    return rows.get((kind, None, None))


def _merge_equal(candidates, fp, seed):
    """One candidate per ranking: indices whose values, oriented higher-is-better, are an
    increasing affine map of each other's on seeded random matrices (labels) or scored
    samples (scores) at the fingerprint's number of classes (the same values, or 1 − the
    same, order every classifier alike) are one candidate, the first in registry order, the
    others its ``equivalents``."""
    from imbeval.indices import registry
    from imbeval.scores import registry as score_registry
    from imbeval.utils.seeds import derive_rng

    rng = derive_rng(seed, "recommend", "equal", fp.classes)
    mats = rng.integers(0, 30, size=(40, fp.classes, fp.classes)).astype(float) + 1.0
    ys, ps = [], []
    for _ in range(12):  # scored samples: one value each, so several samples
        y = rng.integers(0, fp.classes, size=200)
        y[: fp.classes] = np.arange(fp.classes)
        p = rng.dirichlet(np.ones(fp.classes), size=200)
        p[np.arange(200), y] += rng.random(200)
        ys.append(y)
        ps.append(p / p.sum(axis=1, keepdims=True))
    reg, sreg = registry(catalogue=True), score_registry()

    def key_of(values, gib):
        v = np.asarray(values, dtype=float) * (1.0 if gib else -1.0)
        if not np.all(np.isfinite(v)) or np.ptp(v) <= 1e-12:
            return None
        return tuple(np.round((v - v.mean()) / v.std(), 6))

    seen, out = {}, []
    for cand, rows in candidates:
        key = None
        try:
            if cand.family == "labels" and cand.index in reg:
                info = reg[cand.index]
                key = key_of(info.function(mats), info.greater_is_better)
            elif cand.family == "scores":
                info = sreg[cand.index]
                two = fp.classes == 2 and info.scope == "two-class"
                key = key_of([info.function(y, p[:, 1] if two else p) for y, p in zip(ys, ps)],
                             info.greater_is_better)
        except (ValueError, IndexError, TypeError):
            key = None
        key = None if key is None else (cand.family, key)
        if key is not None and key in seen:
            first = seen[key]
            first.equivalents = (*first.equivalents, cand.index)
            continue
        if key is not None:
            seen[key] = cand
        out.append((cand, rows))
    return out


@validate_params({"classes": [Interval(Integral, None, None, closed="neither")],
                  "prior": [StrOptions(set(PRIORS))],
                  "deployment_prior": ["array-like", "real", None],
                  "costs": ["array-like", None],
                  "output": [StrOptions(set(OUTPUTS))],
                  "focus": [StrOptions(set(FOCI))],
                  "n_min": [Interval(Integral, None, None, closed="neither"), None],
                  "index": [str, "callable", "array-like", None],
                  "top": [Interval(Integral, 1, None, closed="left")],
                  "catalogue": ["boolean"], "seed": [Interval(Integral, 0, None, closed="left")]})
def recommend(classes, *, prior="unknown", deployment_prior=None, costs=None, output="labels",
              focus="all-classes", n_min=None, index=None, top=5, catalogue=False, seed=0):
    """Which indices for a problem: a ranked shortlist, every inclusion and exclusion citing
    the audit row it rests on.

    Every index of :func:`imbeval.indices.registry` (functions of the confusion matrix; the
    catalogue's too with ``catalogue=True``) and of :func:`imbeval.scores.registry` is a
    candidate; the rules of :func:`rules` read each one's audit rows (:func:`evidence`) and
    exclude it, require it, or move it up or down. A user's index (``index=``) is audited
    when asked and placed like any other; with known costs the expected cost of the decisions
    for the stated cost matrix joins the indices of labels, and the indices of scores that
    read a cost matrix get it as an option. Candidates are ordered required first, then by
    the sum of their rules' weights (the registry's order breaks ties).

    Parameters
    ----------
    classes : int
        The number of classes (at least 2).
    prior : {"same", "shifted", "unknown"}, default "unknown"
        Whether the deployment's class prior is the test set's.
    deployment_prior : array-like of shape (classes,) or float, optional
        The deployment's class shares (two classes: the positive share may be given alone);
        implies ``prior="shifted"``.
    costs : array-like of shape (classes, classes), optional
        The cost of deciding class j for a point of class i; None where costs are unknown.
    output : {"labels", "scores", "probabilities"}, default "labels"
        What the classifier outputs.
    focus : {"minority", "all-classes", "overall", "calibration"}, default "all-classes"
        What matters: the minority class, every class alike, the overall share of correct
        decisions, or the calibration of the probabilities (needs ``output="probabilities"``).
    n_min : int, optional
        The size of the smallest class of the test set: each index of labels gets the 95 %
        interval half-width on a representative test set of that size
        (:func:`imbeval.recommend._evidence.representative_matrix`).
    index : str, callable or list of them, optional
        A user's index: an import path ``"module:function"`` or a function of confusion-matrix
        stacks.
    top : int, default 5
        The length of the shortlist.
    catalogue : bool, default False
        Also the catalogue's indices (PyCM's, scikit-learn's, imbalanced-learn's).
    seed : int, default 0
        Seed of the audits made when asked (a user's index, the cost index, the intervals).

    Returns
    -------
    Recommendation
        ``summary()``, ``to_frame()``, ``to_dict()``, ``to_markdown()``, ``paragraph()``.

    Raises
    ------
    ValueError
        For a fingerprint that does not hold together (a cost matrix of the wrong shape, one
        class, calibration without probabilities) or a user's index that does not import.

    Examples
    --------
    >>> from imbeval.recommend import recommend
    >>> rec = recommend(2, prior="shifted", output="labels", focus="minority")
    >>> rec.shortlist[0].index, "acsa" in rec.shortlist[0].equivalents  # one ranking
    ('auroc2', True)
    >>> "precision" in [c.index for c in rec.excluded]
    True
    """
    if prior == "unknown" and deployment_prior is not None:
        prior = "shifted"
    if deployment_prior is not None and np.ndim(deployment_prior) == 0:
        deployment_prior = [float(deployment_prior)]
    fp = Fingerprint(classes=classes, prior=prior, output=output, focus=focus, n_min=n_min,
                     deployment_prior=None if deployment_prior is None
                     else tuple(np.asarray(deployment_prior, dtype=float).ravel()),
                     costs=None if costs is None else np.asarray(costs, dtype=float))
    candidates = _label_candidates(fp, catalogue, _user_specs(index), seed) + _score_candidates()
    if fp.n_min is not None:
        from imbeval.indices import registry

        reg = registry(catalogue=True)
        names = [c.index for c, _ in candidates if c.family == "labels" and c.index in reg
                 and reg[c.index].applies_to(fp.classes)]
        bounds = {n: reg[n].bounds for n in names}
        for row in interval_rows(names, fp.classes, fp.n_min, seed=seed, bounds=bounds):
            for c, rows in candidates:
                if c.family == "labels" and c.index == row["index"]:
                    rows[row_key(row)] = row
    candidates = _merge_equal(candidates, fp, seed)
    evidence_used = {}
    for cand, rows in candidates:
        for rule in _rules():
            if not fp.matches(rule["when"]):
                continue
            row = _row_for(rows, rule["reads"], fp)
            if row is None or row["outcome"] not in rule["outcomes"]:
                continue
            cand.reasons.append(Reason(rule["rule"], row["id"], row["text"], rule["effect"],
                                       rule["why"], rule["weight"]))
            evidence_used[row["id"]] = row
        if fp.costs is not None and cand.family == "scores" and rows.get(("costs", None, None), {}).get("outcome") == "reads":
            cand.options["costs"] = [list(r) for r in fp.costs]
            if fp.deployment_prior is not None:
                cand.options["priors"] = list(fp.deployment_prior)
    kept = [c for c, _ in candidates if not c.excluded]
    order = {id(c): k for k, (c, _) in enumerate(candidates)}
    kept.sort(key=lambda c: (not c.required, -c.points, order[id(c)]))
    excluded = [c for c, _ in candidates if c.excluded]
    return Recommendation(fp, kept, excluded, evidence_used, top, _version())


def _version():
    """The installed distribution's version (imbeval's ``__init__`` imports this package
    lazily, so the package reads the metadata rather than import it back)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("imbeval-indices")
    except PackageNotFoundError:
        return "(not installed)"
