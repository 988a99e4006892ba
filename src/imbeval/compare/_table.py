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

__all__ = ["REQUIRED", "OPTIONAL", "NAN_RULE", "MISSING_RULE", "UnitMatrix", "check_table",
           "read_table", "units_from_clusters",
           "table_index_name", "orientation", "unit_matrix", "DECLARE_ORIENTATION"]

REQUIRED = ("problem", "classifier", "index", "value")
OPTIONAL = ("run", "fold", "scheme", "unit")
NAN_RULE = ("a fold's undefined (NaN) value is left out of its (problem, classifier) mean; a "
            "problem where a classifier has no finite value is dropped")
MISSING_RULE = "a problem on which a classifier has no row is dropped"


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
    bad = values.isna() & frame["value"].notna() & (frame["value"].astype(str).str.strip() != "")
    if bad.any():
        rows = frame.index[bad][:5].tolist()
        raise ValueError(f"column 'value' is not a number in {int(bad.sum())} row(s) (e.g. "
                         f"rows {rows}: {frame.loc[bad, 'value'].head(3).tolist()})")
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


def _canonical(name):
    """The registered index a name computes (a library's name, a catalogue twin such as
    ``f1_macro`` of ``macro_f1``), or None for an unknown name."""
    from imbeval.indices import get_info

    try:
        info = get_info(str(name))
    except ValueError:
        return None
    return info.alias_of or info.name


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
    >>> orientation("error_rate", greater_is_better=False)
    (False, 'given: lower is better')
    """
    if greater_is_better is not None:
        if not isinstance(greater_is_better, (bool, np.bool_)):
            raise ValueError(f"greater_is_better for index {name!r} must be True or False, "
                             f"got {greater_is_better!r}")
        return bool(greater_is_better), ("given: higher is better" if greater_is_better
                                         else "given: lower is better")
    try:
        from imbeval.indices import get_info

        info = get_info(name)
    except ValueError:
        raise ValueError(f"index {name!r} is not a registered index, so whether higher or "
                         "lower is better is unknown; declare it: "
                         + DECLARE_ORIENTATION.format(name=name)) from None
    return bool(info.greater_is_better), f"registry ({info.name})"


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


def read_table(path) -> pd.DataFrame:
    """A comparison table from CSV (names as text, ``value`` as a number), checked by
    :func:`check_table`; a missing or malformed file is a ValueError/FileNotFoundError
    naming it."""
    from pathlib import Path

    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"table {path} does not exist")
    text = {c: str for c in ("problem", "classifier", "index", "scheme", "unit")}
    try:
        frame = pd.read_csv(path, dtype=text, keep_default_na=True, skipinitialspace=True)
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
