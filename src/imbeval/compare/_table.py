"""From a long table of index values to one matrix (independent units x classifiers).

The rules, stated once (and named in every result, :data:`NAN_RULE`, :data:`MISSING_RULE`):

- the value of a (problem, classifier) is the mean over its runs and folds; a fold whose
  index is undefined (NaN, e.g. 0/0) is left out of that mean, as ``summary.csv`` and
  :func:`imbeval.inference.cv_estimate` leave it out;
- a problem on which some classifier has no value at all (missing rows, or NaN on every
  fold) is dropped, with the reason: the tests compare classifiers on the same blocks;
- the value of a unit (``unit`` column, default: the problem) is the mean over its
  remaining problems.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

import numpy as np
import pandas as pd

from imbeval.compare._defaults import MISSING_POLICIES

__all__ = ["REQUIRED", "OPTIONAL", "NAN_RULE", "MISSING_RULE", "MISSING_WORDS",
           "MISSING_POLICIES", "GAP_COLUMNS", "MissingValuesWarning", "value_gaps",
           "lost_problems",
           "gaps_message", "UnitMatrix", "check_table", "registered",
           "read_table", "units_from_clusters",
           "table_index_name", "orientation", "unit_matrix", "DECLARE_ORIENTATION"]

REQUIRED = ("problem", "classifier", "index", "value")
OPTIONAL = ("run", "fold", "scheme", "unit")
NAN_RULE = ("a fold's undefined (NaN) value is left out of its (problem, classifier) mean; a "
            "problem where a classifier has no finite value is dropped")
MISSING_RULE = "a problem on which a classifier has no row is dropped"
#: what a table may hold where a value is missing (case-insensitive), besides an empty cell
MISSING_WORDS = ("nan", "na", "n/a", "#n/a", "null", "none", "-", "?")
#: MISSING_POLICIES (from _defaults): what a comparison of several indices does with a
#: problem where a classifier has no value under some index
#: (:func:`imbeval.compare.winner_stability`'s ``missing``); the first is the default:
#: every index ranks the same problems, so a winner that differs between indices differs
#: by the index, not by the data left out

#: the column :func:`check_table` adds when a value was typed as missing (``n/a``): the text
TYPED = "value_typed"


class MissingValuesWarning(UserWarning):
    """A comparison's table has missing or undefined values: the cells, and the problems
    dropped for them."""


def check_table(table) -> pd.DataFrame:
    """The table as a DataFrame with the required columns, ``value`` as float.

    Raises ``ValueError`` naming the missing columns, non-numeric values, or duplicated rows
    (one value per problem, classifier, index and, when present, run, fold, scheme).
    """
    if not isinstance(table, pd.DataFrame):
        raise ValueError(f"table must be a pandas DataFrame, got {type(table).__name__}")
    frame = table.copy()
    frame.columns = [str(c).strip() for c in frame.columns]
    missing = [c for c in REQUIRED if c not in frame.columns]
    if missing:
        raise ValueError(f"the table has no column {', '.join(map(repr, missing))}: it needs "
                         f"{', '.join(REQUIRED)} (optional: {', '.join(OPTIONAL)}); found "
                         f"{list(frame.columns)}")
    if frame.empty:
        raise ValueError("the table has no rows")
    values = pd.to_numeric(frame["value"], errors="coerce")
    text = frame["value"].astype(str).str.strip()
    typed = values.isna() & frame["value"].notna() & (text != "")
    missing_word = text.str.lower().isin(MISSING_WORDS)
    bad = typed & ~missing_word
    if bad.any():
        rows = frame.index[bad][:5].tolist()
        raise ValueError(f"column 'value' is not a number in {int(bad.sum())} row(s) (e.g. "
                         f"rows {rows}: {frame.loc[bad, 'value'].head(3).tolist()}); a "
                         "missing value is an empty cell, NaN or n/a")
    if typed.any():
        # what was typed where a value is missing, for the warnings that name the cells
        frame[TYPED] = text.where(typed, "")
    frame["value"] = values.astype(float)
    for c in ("problem", "classifier", "index", "scheme", "unit"):
        if c in frame.columns:
            if frame[c].isna().any():
                raise ValueError(f"column {c!r} is empty in {int(frame[c].isna().sum())} row(s)")
            frame[c] = frame[c].astype(str).str.strip()
    key = [c for c in ("problem", "classifier", "index", "run", "fold", "scheme")
           if c in frame.columns]
    dup = frame.duplicated(key, keep=False)
    if dup.any():
        first = frame.loc[dup, key].iloc[0].to_dict()
        raise ValueError(f"{int(dup.sum())} rows repeat a ({', '.join(key)}) key, e.g. {first}: "
                         "one value per fold is expected (add run/fold columns?)")
    if "unit" in frame.columns:
        units = frame.groupby("problem")["unit"].nunique()
        split = units[units > 1]
        if len(split):
            raise ValueError(f"problem {split.index[0]!r} is in {int(split.iloc[0])} units: a "
                             "problem belongs to one independent unit")
    return frame


def registered(name):
    """``(registry name, greater_is_better, bounds)`` of the registered index ``name``, or
    None: a label index of :mod:`imbeval.indices` (its library names and catalogue twins
    too), else an index of scores of :mod:`imbeval.scores`, also under scikit-learn's name
    (``roc_auc_score``, ``brier_score_loss``, ``average_precision_score``)."""
    from imbeval.indices import get_info

    try:
        info = get_info(str(name))
        return info.alias_of or info.name, bool(info.greater_is_better), tuple(info.bounds)
    except ValueError:
        pass
    from imbeval.scores import get_info as score_info

    text = str(name)
    for candidate in (text, text.removesuffix("_loss"), text.removesuffix("_score")):
        try:
            info = score_info(candidate)
        except ValueError:
            continue
        return info.name, bool(info.greater_is_better), tuple(info.bounds)
    return None


def _canonical(name):
    """The registered index a name computes (a library's name, a catalogue twin such as
    ``f1_macro`` of ``macro_f1``, scikit-learn's ``roc_auc_score`` of ``roc_auc``), or None
    for an unknown name."""
    found = registered(name)
    return None if found is None else found[0]


def table_index_name(frame: pd.DataFrame, name: str) -> str:
    """The table's name for the index ``name``: itself, or the table's name of the same
    registered index (``balanced_accuracy`` finds ``acsa``, ``f1_macro`` finds
    ``macro_f1``); otherwise ``ValueError`` with the closest names in the table."""
    present = sorted(frame["index"].unique())
    if name in present:
        return name
    canonical = _canonical(name)
    if canonical is not None:
        for p in present:
            if _canonical(p) == canonical:
                return p
    close = difflib.get_close_matches(str(name), present, n=4, cutoff=0.5)
    if not close:
        close = [p for p in present if str(name).lower() in p.lower()][:4]
    hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
    raise ValueError(f"index {name!r} is not in the table{hint} (the table has {len(present)} "
                     f"indices: {', '.join(present[:12])}{', ...' if len(present) > 12 else ''})")


#: how a user declares the orientation of an index the registry does not know (named in
#: the error, so the reader learns the option of the interface they use)
DECLARE_ORIENTATION = ("on the command line --higher-is-better {name} or --lower-is-better "
                       "{name} (each takes NAME[,NAME...]); in Python greater_is_better=True/"
                       "False (rank_classifiers) or greater_is_better={{{name!r}: bool}} "
                       "(winner_stability)")


def orientation(name: str, greater_is_better=None) -> tuple[bool, str]:
    """``(greater_is_better, basis)``: given, or the registry's for a registered index.

    An index the registry does not know, with no orientation given, is refused: ranking an
    error rate as if higher were better silently makes the worst classifier the winner.

    Parameters
    ----------
    name : the index's name in the table.
    greater_is_better : bool or None (None: the registry's).

    Returns
    -------
    (bool, str): the orientation and its basis (``"given: lower is better"``, ``"registry (acsa)"``).

    Examples
    --------
    >>> orientation("balanced_accuracy")
    (True, 'registry (acsa)')
    >>> orientation("brier_score_loss")
    (False, 'registry (brier_score)')
    >>> orientation("error_rate", greater_is_better=False)
    (False, 'given: lower is better')
    """
    if greater_is_better is not None:
        if not isinstance(greater_is_better, (bool, np.bool_)):
            raise ValueError(f"greater_is_better for index {name!r} must be True or False, "
                             f"got {greater_is_better!r}")
        return bool(greater_is_better), ("given: higher is better" if greater_is_better
                                         else "given: lower is better")
    found = registered(name)
    if found is None:
        raise ValueError(f"index {name!r} is not a registered index, so whether higher or "
                         "lower is better is unknown; declare it: "
                         + DECLARE_ORIENTATION.format(name=name))
    return found[1], f"registry ({found[0]})"


@dataclass(frozen=True)
class UnitMatrix:
    """One (index, scheme)'s values: ``values`` (units x classifiers, oriented as given:
    not negated), the problems behind each unit, and what was dropped and why."""

    values: pd.DataFrame
    problems: dict
    dropped: pd.DataFrame
    n_problems: int


def unit_matrix(frame: pd.DataFrame, index: str, scheme=None) -> UnitMatrix:
    """The (units x classifiers) means of ``index`` (and ``scheme``) under the rules above.

    ``frame`` is :func:`check_table`'s output, ``index`` a name in it. ``scheme`` must be
    given when the table has a ``scheme`` column with several values.
    """
    part = frame[frame["index"] == index]
    if "scheme" in frame.columns:
        schemes = sorted(part["scheme"].unique())
        if scheme is None:
            if len(schemes) > 1:
                raise ValueError(f"index {index!r} has {len(schemes)} schemes ({', '.join(schemes)})"
                                 ": pass scheme=")
        else:
            if str(scheme) not in schemes:
                close = difflib.get_close_matches(str(scheme), schemes, n=3, cutoff=0.3)
                raise ValueError(f"scheme {scheme!r} is not in the table for {index!r}"
                                 + (f"; did you mean {', '.join(map(repr, close))}?" if close
                                    else f" (schemes: {', '.join(schemes)})"))
            part = part[part["scheme"] == str(scheme)]
    elif scheme is not None:
        raise ValueError(f"scheme={scheme!r} given, but the table has no 'scheme' column")
    classifiers = sorted(part["classifier"].unique())
    per_problem = part.groupby(["problem", "classifier"])["value"].mean().unstack("classifier")
    per_problem = per_problem.reindex(columns=classifiers)
    present = part.groupby(["problem", "classifier"]).size().unstack("classifier")
    present = present.reindex(index=per_problem.index, columns=classifiers)
    dropped = []
    for problem in per_problem.index:
        absent = [c for c in classifiers if pd.isna(present.loc[problem, c])]
        undefined = [c for c in classifiers
                     if c not in absent and not np.isfinite(per_problem.loc[problem, c])]
        if absent:
            dropped.append((problem, f"no rows for {', '.join(absent)} ({MISSING_RULE})"))
        elif undefined:
            dropped.append((problem, f"undefined (NaN) on every fold for {', '.join(undefined)}"))
    gone = {p for p, _ in dropped}
    kept = per_problem.drop(index=sorted(gone))
    if "unit" in part.columns:
        unit_of = part.groupby("problem")["unit"].first()
    else:
        unit_of = pd.Series(kept.index, index=kept.index)
    units = kept.groupby(unit_of.reindex(kept.index).to_numpy()).mean()
    units.index.name = "unit"
    units.columns.name = "classifier"
    problems = {u: sorted(p for p in kept.index if unit_of[p] == u) for u in units.index}
    return UnitMatrix(units, problems,
                      pd.DataFrame(dropped, columns=["problem", "reason"]), len(kept))


GAP_COLUMNS = ["index", "scheme", "problem", "classifier", "run", "fold", "what", "no_value"]


def value_gaps(frame: pd.DataFrame, index: str, problems=None) -> pd.DataFrame:
    """Every missing or undefined value of ``index`` in ``frame`` (one scheme's rows,
    :func:`check_table`'s output).

    One row per row whose value is not finite (``what``: ``NaN``, ``inf`` or what was
    typed, e.g. ``'n/a'``) and per (problem, classifier) without any row (``no row``), for
    the problems ``problems`` (default: the index's own) and the index's classifiers;
    ``no_value`` is True where the (problem, classifier) has no finite value at all, so
    the problem cannot be ranked. Columns: index, scheme, problem, classifier, run, fold,
    what, no_value.
    """
    part = frame[frame["index"] == index]
    scheme = str(part["scheme"].iloc[0]) if "scheme" in part.columns and len(part) else ""
    classifiers = sorted(part["classifier"].unique())
    problems = sorted(part["problem"].unique()) if problems is None else list(problems)
    finite = np.isfinite(part["value"].to_numpy(dtype=float))
    has_value = part[finite].groupby(["problem", "classifier"]).size()
    rows = []
    for _, r in part[~finite].iterrows():
        value = float(r["value"])
        word = str(r[TYPED]) if TYPED in part.columns and r[TYPED] else "nan"
        what = "inf" if np.isinf(value) else "NaN" if word.lower() == "nan" else repr(word)
        rows.append({"index": index, "scheme": scheme, "problem": r["problem"],
                     "classifier": r["classifier"],
                     "run": r["run"] if "run" in part.columns else "",
                     "fold": r["fold"] if "fold" in part.columns else "",
                     "what": what, "no_value": (r["problem"], r["classifier"]) not in has_value})
    seen = set(zip(part["problem"], part["classifier"]))
    for problem in problems:
        for c in classifiers:
            if (problem, c) not in seen:
                rows.append({"index": index, "scheme": scheme, "problem": problem,
                             "classifier": c, "run": "", "fold": "", "what": "no row",
                             "no_value": True})
    return pd.DataFrame(rows, columns=GAP_COLUMNS)


def lost_problems(gaps: pd.DataFrame) -> dict:
    """``{problem: reason}``: the problems of :func:`value_gaps`' table where some
    classifier has no finite value (the reason names them)."""
    out = {}
    cells = gaps[gaps["no_value"].astype(bool)]
    for problem, part in cells.groupby("problem", sort=True):
        absent = sorted(set(part.loc[part["what"] == "no row", "classifier"]))
        undefined = sorted(set(part["classifier"]) - set(absent))
        why = []
        if absent:
            why.append(f"no rows for {', '.join(absent)}")
        if undefined:
            why.append(f"no finite value for {', '.join(undefined)}")
        out[problem] = "; ".join(why)
    return out


def _cell(row) -> str:
    where = f"{row['problem']}/{row['classifier']}"
    fold = ", ".join(f"{k} {row[k]}" for k in ("run", "fold") if str(row[k]) not in ("", "nan"))
    return where + (f" {fold}" if fold else "") + f" ({row['what']})"


def gaps_message(gaps: pd.DataFrame, dropped=(), every_index=False, shown=8) -> str:
    """One index's missing values in words: the counts, the cells (the first ``shown``,
    then how many more), and the problems ``dropped`` for them.

    Examples
    --------
    >>> gaps = pd.DataFrame([["mcc", "", "p1", "lr", "", 3, "NaN", False],
    ...                      ["mcc", "", "p7", "rf", "", "", "no row", True]],
    ...                     columns=GAP_COLUMNS)
    >>> gaps_message(gaps, dropped=["p7"])
    'index mcc: 2 missing or undefined values (1 NaN, 1 no row): p1/lr fold 3 (NaN), p7/rf (no row); 1 problem dropped for this index: p7'
    """
    index = str(gaps["index"].iloc[0]) if len(gaps) else ""
    scheme = str(gaps["scheme"].iloc[0]) if len(gaps) else ""
    counts = gaps["what"].value_counts(sort=False)
    kinds = ", ".join(f"{int(n)} {what}" for what, n in counts.items())
    cells = [_cell(r) for _, r in gaps.head(shown).iterrows()]
    more = len(gaps) - len(cells)
    text = (f"index {index}" + (f", scheme {scheme}" if scheme else "")
            + f": {len(gaps)} missing or undefined value{'s' if len(gaps) != 1 else ''} "
            f"({kinds}): {', '.join(cells)}" + (f", ... and {more} more" if more > 0 else ""))
    dropped = list(dropped)
    if dropped:
        listed = ", ".join(map(str, dropped[:shown])) + (
            f", ... and {len(dropped) - shown} more" if len(dropped) > shown else "")
        text += (f"; {len(dropped)} problem{'s' if len(dropped) != 1 else ''} dropped "
                 + ("for every index" if every_index else "for this index") + f": {listed}")
    return text


def read_table(path) -> pd.DataFrame:
    """A comparison table from CSV (names as text, ``value`` as a number), checked by
    :func:`check_table`; a missing or malformed file is a ValueError/FileNotFoundError
    naming it."""
    from pathlib import Path

    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"table {path} does not exist")
    text = {c: str for c in ("problem", "classifier", "index", "scheme", "unit")}
    text["value"] = str         # the warnings name what was typed where a value is missing
    try:
        frame = pd.read_csv(path, dtype=text, keep_default_na=False, na_values=[""],
                            skipinitialspace=True)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: not a CSV table ({exc})") from None
    try:
        return check_table(frame)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


def units_from_clusters(frame: pd.DataFrame, clusters: dict) -> pd.DataFrame:
    """``frame`` with a ``unit`` column from ``{problem: cluster number}``
    (:func:`imbeval.inference.problem_clusters`): ``cluster<n>``; a problem without a
    cluster is a ValueError."""
    missing = sorted(set(frame["problem"]) - set(map(str, clusters)))
    if missing:
        raise ValueError(f"problems {missing[:5]} have no cluster (not in the problems table)")
    named = {str(p): f"cluster{int(c) + 1}" for p, c in clusters.items()}
    out = frame.copy()
    out["unit"] = out["problem"].map(named)
    return out


def problem_concepts_of(problems: pd.DataFrame) -> dict:
    """``{problem: set of concepts}`` from ``problems.csv``'s ``classes`` column (class
    labels separated by ``;``, a class's concepts by ``+``). A ``family`` column (KEEL
    problems) gives the units directly: a problem's one "concept" is its family."""
    if "family" in problems.columns:
        return {str(p): {str(f)} for p, f in zip(problems["problem"], problems["family"])}
    if "classes" not in problems.columns:
        raise ValueError("problems.csv has no 'classes' column: the clusters of problems that "
                         "share classes cannot be formed (rerun `imbeval experiment problems`)")
    return {str(p): {c for label in str(cl).split(";") for c in label.split("+")}
            for p, cl in zip(problems["problem"], problems["classes"])}


def problem_clusters_of(problems: pd.DataFrame) -> dict:
    """``{problem: cluster}``: problems sharing a concept (:func:`problem_concepts_of`; a
    KEEL problem's family) are one cluster (:func:`imbeval.inference.problem_clusters`)."""
    from imbeval import inference

    return inference.problem_clusters(problem_concepts_of(problems))
