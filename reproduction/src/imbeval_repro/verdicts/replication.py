"""Do the decisive verdicts replicate? Runs of one config that differ only in their seed,
compared verdict by verdict: a decisive verdict should survive another seed.

A verdict counted here is a **decisive verdict on a sampled number**: a row of
``verdicts.csv`` whose kind is decisive (:data:`imbeval_repro.verdicts.DECISIVE`:
*claim holds*, *claim does not hold*, *differs from a re-run*) and which carries a p-value
(a run's number, adjusted within its family by :func:`imbeval_repro.verdicts.adjust`).
Verdicts on exact arithmetic -- the papers' printed numbers, the audit's exact search
(mullick2020 Fig. 6), an identity; ``adjust`` marks such run rows with
:data:`imbeval_repro.verdicts.EXACT_ADJUSTMENT` -- come out the same at every seed, and
are not counted.

Each run's decisive verdicts are looked up, row by row (paper, item, row, column), in every
other run:

- **kept** -- the other run makes the same decisive verdict in the same direction;
- **reversed** -- it makes the opposite decisive verdict: *claim holds* against *claim does
  not hold*, or a printed number that differs from a re-run with ours above it against one
  with ours below it;
- **lost** -- it has the row but is not decisive on it (*claim inconclusive*, *not
  distinguishable from a re-run*, ...);
- **absent** -- it has no such row (runs of another configuration: only runs of one config
  that differ in their seed are comparable).

``share_kept`` = kept / decisive, per run and other run. Issue 31 asks, of two default runs
(seeds 20200 and 31337), that no verdict reverse, that each run keep at least
:data:`TARGET_SHARE` of its decisive verdicts, and that the two together make at least
:data:`TARGET_TOTAL` (so that stability is not bought by deciding nothing):
:func:`criteria` checks the three.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pandas as pd

from imbeval.utils.io import atomic_write_text
from imbeval_repro import verdicts as cmp
from imbeval.utils.tables import to_markdown, write_table

__all__ = ["KEY", "TARGET_SHARE", "TARGET_TOTAL", "OUTCOMES", "read_run", "sampled_decisive",
           "empirical_decisive", "SWEEP_BASIS_PREFIX",
           "direction", "seed_agreement", "summarise", "criteria", "write_replication",
           "replicate"]

#: what identifies a verdict across runs (with the occurrence of a repeated key)
KEY = ("paper", "item", "row", "column")
#: what a replication must show: the share of each run's decisive verdicts on sampled numbers
#: decisive the same way at the other seed, and how many the runs must make together
TARGET_SHARE = 0.8
TARGET_TOTAL = 10
#: what happens to a run's decisive verdict in another run
OUTCOMES = ("kept", "reversed", "lost", "absent")
#: the columns of a run's decisive verdicts (:func:`sampled_decisive`)
_VERDICT_COLUMNS = [*KEY, "occurrence", "verdict_kind", "direction", "p_value", "adjusted_p"]
#: the columns of :func:`summarise`
SUMMARY_COLUMNS = ["run", "other", "seed", "other_seed", "decisive", *OUTCOMES, "share_kept",
                   "exact_decisive", "empirical_decisive"]
#: how the basis of a synthetic sweep's row begins
#: (:func:`imbeval_repro.papers.mortaz2020.claims.sweep_basis`); a program reads the row's
#: ``basis_kind`` (:attr:`imbeval_repro.verdicts.BasisKind.SWEEP`), never this text
SWEEP_BASIS_PREFIX = "sampled: seeded synthetic sweep"


def read_run(path) -> tuple[str, pd.DataFrame, object]:
    """``(label, verdict table, seed)`` of a run: ``path`` is its results folder (its
    ``verdicts.csv`` is read) or the CSV itself; the seed is read from the
    ``provenance.json`` beside the CSV (``None`` without one)."""
    path = Path(path)
    csv = path / "verdicts.csv" if path.is_dir() else path
    if not csv.is_file():
        raise FileNotFoundError(
            f"no verdict table at {csv}: give a run's results folder (with "
            "verdicts.csv, written by `snakemake --cores N`) or the CSV itself")
    seed = None
    provenance = csv.parent / "provenance.json"
    if provenance.is_file():
        seed = json.loads(provenance.read_text(encoding="utf-8")).get("seed")
    return str(path), cmp.read_parts([csv]), seed


def direction(kind: str, difference) -> str:
    """The way a decisive verdict goes (its opposite is a reversal).

    >>> direction("claim_holds", float("nan")), direction("differs", -0.1)
    ('holds', 'ours below printed')
    """
    if kind == cmp.Status.CLAIM_HOLDS.value:
        return "holds"
    if kind == cmp.Status.CLAIM_FAILS.value:
        return "does not hold"
    if kind == cmp.Status.DIFFERS.value:
        value = pd.to_numeric(pd.Series([difference]), errors="coerce").iloc[0]
        if math.isnan(value):
            return "differs"
        return "ours above printed" if value > 0 else "ours below printed"
    raise ValueError(f"{kind!r} is not a decisive verdict ({', '.join(cmp.DECISIVE)})")


#: direction -> the direction that reverses it
_OPPOSITE = {"holds": "does not hold", "does not hold": "holds",
             "ours above printed": "ours below printed",
             "ours below printed": "ours above printed"}


def _keyed(table: pd.DataFrame) -> pd.DataFrame:
    """``table`` with the key columns as text and the occurrence of a repeated key."""
    table = table.copy()
    for column in KEY:
        table[column] = table[column].astype(str)
    table["occurrence"] = table.groupby(list(KEY), sort=False).cumcount()
    return table


def sampled_decisive(table: pd.DataFrame) -> pd.DataFrame:
    """A verdict table's decisive verdicts on sampled numbers (rows of a decisive kind
    with a p-value: the module docstring), one row each with its direction.

    >>> t = cmp.adjust(cmp.frame([
    ...     cmp.claim("p", "Fig. 1", "a", 0.1, True, basis="run on d", ci=(0.05, 0.2),
    ...               p_value=0.001),
    ...     cmp.claim("p", "Fig. 6", "b", 0.0, True, basis="run on d", method="search")]))
    >>> sampled_decisive(t)[["item", "direction"]].values.tolist()
    [['Fig. 1', 'holds']]
    """
    table = _keyed(table)
    p = pd.to_numeric(table["p_value"], errors="coerce")
    decisive = table[table["verdict_kind"].isin(cmp.DECISIVE) & p.notna()
                     & (table["adjustment"].astype(str) != cmp.EXACT_ADJUSTMENT)].copy()
    decisive["direction"] = [direction(k, d) for k, d in
                             zip(decisive["verdict_kind"], decisive["difference"])]
    return decisive[_VERDICT_COLUMNS].reset_index(drop=True)


def empirical_decisive(table: pd.DataFrame) -> int:
    """Decisive verdicts on numbers measured on data (what a replication check should
    count): sampled decisive verdicts (:func:`sampled_decisive`) other than those on
    synthetic sweeps (a sweep's claims sit many standard errors from their thresholds at
    every seed) and identities (a zero-width interval: the number cannot vary).

    >>> t = cmp.adjust(cmp.frame([
    ...     cmp.claim("p", "Fig. 1", "a", 0.1, True, basis="run on d", ci=(0.05, 0.2),
    ...               p_value=0.001),
    ...     cmp.claim("p", "Fig. 2", "b", 0.1, True, ci=(0.05, 0.2), p_value=0.001,
    ...               basis=SWEEP_BASIS_PREFIX + " (seed 1)", basis_kind="sweep"),
    ...     cmp.claim("p", "Fig. 3", "c", 0.1, True, basis="run on d", ci=(0.1, 0.1),
    ...               p_value=0.0)]))
    >>> empirical_decisive(t)
    1
    """
    table = _keyed(table)
    p = pd.to_numeric(table["p_value"], errors="coerce")
    low = pd.to_numeric(table["ci_low"], errors="coerce")
    high = pd.to_numeric(table["ci_high"], errors="coerce")
    sampled = (table["verdict_kind"].isin(cmp.DECISIVE) & p.notna()
               & (table["adjustment"].astype(str) != cmp.EXACT_ADJUSTMENT))
    sweep = table["basis_kind"].astype(str) == cmp.BasisKind.SWEEP
    identity = (high - low).abs() <= 0
    return int((sampled & ~sweep & ~identity).sum())


def _exact_decisive(table: pd.DataFrame) -> int:
    """Decisive rows left out: on exact arithmetic (no p-value)."""
    p = pd.to_numeric(table["p_value"], errors="coerce")
    return int((table["verdict_kind"].isin(cmp.DECISIVE) & p.isna()).sum())


def seed_agreement(runs) -> pd.DataFrame:
    """Every run's decisive verdicts on sampled numbers looked up in every other run.

    Parameters
    ----------
    runs : sequence of ``(label, verdict table)`` (at least two, labels distinct)

    Returns
    -------
    DataFrame
        One row per (run, other run, decisive verdict of the run): the key, the run's
        ``verdict_kind``, ``direction``, ``p_value``, ``adjusted_p``, the other run's
        ``other_verdict_kind``, ``other_direction`` and ``other_adjusted_p`` (empty where it has no
        such row or is not decisive) and the ``outcome`` (:data:`OUTCOMES`).
    """
    runs = list(runs)
    labels = [label for label, _ in runs]
    if len(runs) < 2:
        raise ValueError(f"replication needs at least two runs, got {len(runs)}")
    if len(set(labels)) != len(labels):
        raise ValueError(f"runs must have distinct labels, got {labels}")
    keys = [*KEY, "occurrence"]
    decisive = {label: sampled_decisive(table) for label, table in runs}
    every = {label: _keyed(table).set_index(keys) for label, table in runs}
    out = []
    for label, _ in runs:
        for other, _ in runs:
            if other == label:
                continue
            mine = decisive[label].set_index(keys)
            theirs = decisive[other].set_index(keys)
            for key, r in mine.iterrows():
                present = key in every[other].index
                if key in theirs.index:
                    o = theirs.loc[key]
                    other_kind, other_direction = o["verdict_kind"], o["direction"]
                    other_p = o["adjusted_p"]
                    if other_direction == r["direction"]:
                        outcome = "kept"
                    elif _OPPOSITE.get(r["direction"]) == other_direction:
                        outcome = "reversed"
                    else:  # e.g. differs at one seed, a claim at the other: not the same way
                        outcome = "lost"
                else:
                    other_kind = str(every[other].loc[key, "verdict_kind"]) if present else ""
                    other_direction, other_p = "", math.nan
                    if present:
                        other_p = pd.to_numeric(pd.Series([every[other].loc[key, "adjusted_p"]]),
                                                errors="coerce").iloc[0]
                    outcome = "lost" if present else "absent"
                out.append({**dict(zip(keys, key)), "run": label, "other": other,
                            "verdict_kind": r["verdict_kind"], "direction": r["direction"],
                            "p_value": r["p_value"], "adjusted_p": r["adjusted_p"],
                            "other_verdict_kind": other_kind, "other_direction": other_direction,
                            "other_adjusted_p": other_p, "outcome": outcome})
    columns = ["run", "other", *keys, "verdict_kind", "direction", "p_value", "adjusted_p",
               "other_verdict_kind", "other_direction", "other_adjusted_p", "outcome"]
    return pd.DataFrame(out, columns=columns)


def summarise(verdicts: pd.DataFrame, runs, seeds=None) -> pd.DataFrame:
    """Per run and other run: its ``decisive`` verdicts on sampled numbers, how many are
    ``kept``, ``reversed``, ``lost``, ``absent`` in the other, ``share_kept`` (NaN for a
    run with none) and ``exact_decisive`` (the run's decisive verdicts on exact arithmetic,
    left out). ``runs``: the ``(label, table)`` pairs; ``seeds``: label -> seed."""
    seeds = seeds or {}
    out = []
    for label, table in runs:
        for other, _ in runs:
            if other == label:
                continue
            part = verdicts[(verdicts["run"] == label) & (verdicts["other"] == other)]
            counts = part["outcome"].value_counts()
            decisive = len(part)
            row = {"run": label, "other": other, "seed": seeds.get(label),
                   "other_seed": seeds.get(other), "decisive": decisive,
                   **{o: int(counts.get(o, 0)) for o in OUTCOMES},
                   "share_kept": counts.get("kept", 0) / decisive if decisive else math.nan,
                   "exact_decisive": _exact_decisive(table),
                   "empirical_decisive": empirical_decisive(table)}
            out.append(row)
    return pd.DataFrame(out, columns=SUMMARY_COLUMNS)


def criteria(summary: pd.DataFrame) -> dict:
    """Issue 31's three conditions on a :func:`summarise` table: ``no_reversal``,
    ``share`` (every run keeps at least :data:`TARGET_SHARE` at every other seed),
    ``total`` (the runs together make at least :data:`TARGET_TOTAL` decisive verdicts on
    sampled numbers), with the numbers they rest on.

    >>> s = pd.DataFrame({"run": ["a", "b"], "other": ["b", "a"], "decisive": [6, 5],
    ...                   "reversed": [0, 0], "share_kept": [5 / 6, 0.8]})
    >>> c = criteria(s)
    >>> c["no_reversal"], c["share"], c["total"], c["decisive_total"]
    (True, True, True, 11)
    """
    per_run = summary.drop_duplicates("run")
    total = int(per_run["decisive"].sum())
    # a run with no decisive verdict has no share (NaN): it cannot meet the condition
    shares = pd.to_numeric(summary["share_kept"], errors="coerce")
    lowest = float(shares.min()) if shares.notna().any() else math.nan
    return {"no_reversal": bool((summary["reversed"] == 0).all()),
            "reversals": int(summary["reversed"].sum()),
            "share": bool(len(shares) and shares.notna().all()
                          and lowest >= TARGET_SHARE - 1e-12),
            "lowest_share": lowest,
            "total": total >= TARGET_TOTAL, "decisive_total": total}


def _share_text(share) -> str:
    return "none: no decisive verdict" if math.isnan(share) else f"{share:.2f}"


def _markdown(summary: pd.DataFrame, verdicts: pd.DataFrame) -> str:
    met = criteria(summary)
    yes = {True: "yes", False: "**no**"}
    text = ["# Replication of the decisive verdicts across runs\n\n",
            "Runs of one config differing only in their seed (`imbeval replicate`): each "
            "run's decisive verdicts on sampled numbers (a decisive kind and a p-value; "
            "verdicts on exact arithmetic, counted in *exact_decisive*, are left out) looked "
            "up in every other run: *kept* (same verdict, same direction), *reversed* (the "
            "opposite verdict), *lost* (not decisive there), *absent* (no such row).\n\n",
            to_markdown(summary, index=False), "\n\n## Issue 31's conditions\n\n",
            f"- no verdict reverses: {yes[met['no_reversal']]} ({met['reversals']} "
            "reversals)\n",
            f"- every run keeps at least {TARGET_SHARE:.0%} of its decisive verdicts: "
            f"{yes[met['share']]} (lowest share {_share_text(met['lowest_share'])})\n",
            f"- the runs together make at least {TARGET_TOTAL}: {yes[met['total']]} "
            f"({met['decisive_total']})\n"]
    changed = verdicts[verdicts["outcome"] != "kept"]
    if len(changed):
        shown = changed.drop(columns=["occurrence"])
        text += ["\n## Verdicts not kept\n\n", to_markdown(shown, ".3g", index=False), "\n"]
    return "".join(text)


def write_replication(verdicts: pd.DataFrame, summary: pd.DataFrame, out_dir) -> list[Path]:
    """Write ``summary.csv``, ``seed_agreement.csv`` and ``replication.md`` into ``out_dir``
    (each atomically); returns their paths."""
    out_dir = Path(out_dir)
    paths = [out_dir / "summary.csv", out_dir / "seed_agreement.csv", out_dir / "replication.md"]
    write_table(summary, paths[0], None, index=False)
    write_table(verdicts, paths[1], None, index=False)
    atomic_write_text(paths[2], _markdown(summary, verdicts))
    return paths


def replicate(paths, out_dir) -> list[Path]:
    """Read the runs at ``paths`` (results folders or their ``verdicts.csv``), look each
    run's decisive verdicts up in every other (:func:`seed_agreement`), write the result
    into ``out_dir`` (:func:`write_replication`) and print its summary; returns the paths
    written."""
    read = [read_run(p) for p in paths]
    runs = [(label, table) for label, table, _ in read]
    seeds = {label: seed for label, _, seed in read}
    agreement = seed_agreement(runs)
    summary = summarise(agreement, runs, seeds)
    written = write_replication(agreement, summary, out_dir)
    met = criteria(summary)
    print(summary.to_string(index=False))
    print(f"reversals: {met['reversals']}; lowest share kept: "
          f"{_share_text(met['lowest_share'])}; "
          f"decisive verdicts on sampled numbers, all runs: {met['decisive_total']}")
    print("wrote " + ", ".join(str(p) for p in written))
    return written


# ---------------------------------------------------------------------------------------
# another sample of data sets: half-splits of the families
# ---------------------------------------------------------------------------------------

