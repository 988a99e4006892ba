"""mortaz2020: the finding IAM = 2·CBA − 1, measured on our grids, and the paper's
printed (CBA, IAM) pairs checked against it (rule ``papers_mortaz2020_identity``)."""

from __future__ import annotations

from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.mortaz2020 import printed as pr
from imbeval_repro.papers.mortaz2020._common import PAPER, _unit

__all__ = ["IDENTITY_ITEM", "printed_identity_pairs", "printed_identity_gap", "identity_check",
           "identity_rows"]

IDENTITY_ITEM = "IAM = 2·CBA − 1"


def printed_identity_pairs() -> list[dict]:
    """Every (CBA, IAM) pair the paper prints for one model or matrix, checked against
    IAM = 2·CBA − 1.

    Pairs: Tables 16 and 18 (each row), Tables 2/3/5/6 with Table 9 (CM1-CM4), Table 8
    with Table 10 (ML_5-ML_7). A pair agrees when ``|IAM − (2·CBA − 1)| <= 2·u(CBA) +
    u(IAM)``, ``u`` one unit of the last printed digit: the slack of a rounded or a
    truncated print (the paper does both). Each dict: ``table, row, cba, iam`` (printed
    strings), ``implied`` (2·CBA − 1), ``gap`` (printed IAM minus implied), ``tolerance``,
    ``agrees``.
    """
    pairs = []
    for table, rows in pr.GRID_TABLES.items():
        pairs += [(table, model, r["CBA"], r["IAM"]) for model, r in rows.items()]
    by_matrix = {m: values["CBA"] for m, values in pr.METRIC_TABLES.values()}
    pairs += [(f"{t} / Table 9", m, by_matrix[m], iam)
              for t, (m, _) in pr.METRIC_TABLES.items()
              for m9, iam in pr.TABLE9.values() if m9 == m]
    pairs += [("Table 8 / Table 10", model, values["CBA"], pr.TABLE10[model])
              for model, values in pr.TABLE8.items()]
    return [{"table": table, "row": row, "cba": cba, "iam": iam, **identity_check(cba, iam)}
            for table, row, cba, iam in pairs]


def printed_identity_gap(item):
    """max |IAM - (2 CBA - 1)| over the printed rows of Table 16 or 18."""
    return max(abs(p["gap"]) for p in printed_identity_pairs() if p["table"] == item)


def identity_check(cba: str, iam: str) -> dict:
    """Do a printed CBA and a printed IAM agree with IAM = 2·CBA − 1 at print precision?

    Parameters
    ----------
    cba, iam : str
        The printed values (e.g. ``"0.681"``, ``"-0.175"``).

    Returns
    -------
    dict
        ``implied`` (2·CBA − 1 of the printed CBA), ``gap`` (printed IAM minus implied),
        ``tolerance`` (2 units of CBA's last printed digit + 1 of IAM's: what rounding or
        truncating both values can do) and ``agrees`` (``|gap| <= tolerance``).

    Examples
    --------
    >>> identity_check("0.681", "0.342")["agrees"]
    False
    >>> identity_check("0.661", "0.321")["agrees"]
    True
    """
    if not all(isinstance(v, str) and v.strip() for v in (cba, iam)):
        raise ValueError(f"cba and iam must be printed numbers (strings), got {cba!r}, {iam!r}")
    implied = 2 * cmp.printed_number(cba) - 1
    gap = cmp.printed_number(iam) - implied
    tolerance = 2 * _unit(cba) + _unit(iam)
    return {"implied": implied, "gap": gap, "tolerance": tolerance,
            "agrees": bool(abs(gap) <= tolerance * (1 + 1e-9))}


def identity_rows(fold_scores_by_dataset: dict):
    """The finding IAM = 2·CBA − 1 with its measured gap on our grids, and the paper's
    printed (CBA, IAM) pairs checked against it.

    ``fold_scores_by_dataset``: ``{dataset: fold scores}`` of the grids this run made (may
    be empty). Rows (item :data:`IDENTITY_ITEM`): the finding (number: max |IAM − (2·CBA −
    1)| over every fold's confusion matrix of our grids); one row counting the printed
    pairs that agree within print precision; one row per pair that breaks the identity
    (number: 2·CBA − 1 of its printed CBA, printed: its IAM). Those are findings, not
    errata: the paper's fold matrices are not printed, so which of the two numbers is off
    cannot be said, only that they cannot come from the same matrices.
    """
    gaps = [float((f["IAM"] - (2 * f["CBA"] - 1)).abs().max())
            for f in fold_scores_by_dataset.values()]
    n_matrices = sum(len(f) for f in fold_scores_by_dataset.values())
    datasets = sorted(fold_scores_by_dataset)
    proof = ("per class c_ii − max(n_i − c_ii, k_i − c_ii) = 2·c_ii − max(n_i, k_i), so each "
             "IAM term is 2·c_ii/max(n_i, k_i) − 1 and IAM = 2·CBA − 1 for every confusion "
             "matrix (proof: imbeval.indices.mortaz2020); an increasing affine map, so IAM "
             "ranks and selects models exactly as CBA, and Theorem 2 (IAM <= CBA) is "
             "1 − CBA >= 0")
    if datasets:
        yield cmp.finding(
            PAPER, IDENTITY_ITEM, "IAM = 2·CBA − 1 (so IAM ranks models exactly as CBA)",
            max(gaps), basis=cmp.run_basis(", ".join(f"UCI {d}" for d in datasets)),
            method="an exact identity, measured on every fold's confusion matrix (no sampling "
                   "uncertainty: no interval)",
            detail=f"{proof}; measured max |IAM − (2·CBA − 1)| over the {n_matrices} fold "
                   f"confusion matrices of our grids ({', '.join(datasets)}): {max(gaps):.1e}")
    else:
        yield cmp.finding(PAPER, IDENTITY_ITEM,
                          "IAM = 2·CBA − 1 (so IAM ranks models exactly as CBA)", None,
                          detail=f"{proof}; no grid in this configuration to measure it on")
    pairs = printed_identity_pairs()
    agree = [p for p in pairs if p["agrees"]]
    where = sorted({p["table"] for p in agree})
    yield cmp.finding(
        PAPER, IDENTITY_ITEM, "printed (CBA, IAM) pairs that agree with IAM = 2·CBA − 1",
        len(agree),
        detail=f"{len(agree)} of {len(pairs)} printed pairs agree within print precision "
               f"(|IAM − (2·CBA − 1)| <= 2 units of CBA's last digit + 1 of IAM's: rounded or "
               f"truncated prints) in {', '.join(where)}; the {len(pairs) - len(agree)} "
               "others are rows of their own")
    for p in pairs:
        if p["agrees"]:
            continue
        yield cmp.finding(
            PAPER, IDENTITY_ITEM, f"{p['table']} {p['row']}: printed CBA {p['cba']}, IAM "
            f"{p['iam']}", p["implied"], printed=p["iam"],
            detail=f"the printed pair breaks IAM = 2·CBA − 1: CBA {p['cba']} gives IAM "
                   f"{p['implied']:.3f}, printed {p['iam']} (off by {abs(p['gap']):.3f}; print "
                   f"precision allows {p['tolerance']:.3f}); the two printed numbers cannot "
                   "come from the same confusion matrices -- an inconsistency of the paper's "
                   "table (erratum-like), reported as a finding because without the paper's "
                   "matrices neither number can be corrected")

