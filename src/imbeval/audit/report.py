"""The audit table (CSV + Markdown) and its evidence files.

Files written by :func:`write_audit` into a directory:

- ``audit.csv`` -- one row per index: ``index, condition1, condition2, condition3``
  (``true`` / ``false`` / empty = not applicable or undecided), then evidence columns;
- ``audit.md`` -- the same verdicts as a Markdown table, with the evidence that decided them;
- ``audit_bounds.csv`` -- per index and C: lower and upper bound found, the ε → 0+ limit of
  Condition 3, the number of matrices evaluated and of undefined values;
- ``audit_condition3.csv`` -- per index, C and ε: the worst value found (the sequence
  whose last term is the limit): the smallest for a higher-is-better index, the largest
  (the column ``infimum`` then holds a supremum, as ``orientation`` says) for a
  lower-is-better one;

``audit.csv`` also says each index's ``orientation`` and each verdict in words
(``condition<k>_verdict``: "holds (no counterexample in N matrices, C = 2–10)", "holds
(mullick2020, Theorem N)", "fails (counterexample: ...)") with the counterexample kept as
JSON (``condition<k>_counterexample``).

``imbeval audit`` then draws ``fig6.pdf``, ``fig6.png`` (+ ``fig6.csv``) from the rows with
:func:`imbeval.audit.figure.render_fig6`.

Every file is written to a temporary name and moved into place (``os.replace``).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from imbeval.utils.io import atomic_write_text

__all__ = [
    "AUDIT_COLUMNS",
    "write_audit",
    "audit_rows",
    "markdown_table",
    "text_table",
    "verdict_wording",
    "read_audit_csv",
]

AUDIT_COLUMNS = ("index", "condition1", "condition2", "condition3")
_WORDING_COLUMNS = ("orientation", "condition1_verdict", "condition2_verdict", "condition3_verdict")




def _csv_text(rows, columns):
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    for r in rows:
        writer.writerow({k: _fmt(r.get(k, "")) for k in columns})
    return buf.getvalue()


def _fmt(v):
    if isinstance(v, float):
        return "" if v != v else f"{v:.6g}"
    return v


def audit_rows(results, papers=None):
    """Flat rows of the audit table; ``papers`` maps index name -> source paper."""
    rows = []
    for r in results:
        row = r.row()
        row["paper"] = (papers or {}).get(r.name, "")
        rows.append(row)
    return rows


def verdict_wording(row, condition):
    """The wording of one verdict of an audit row (a dict of strings, as in ``audit.csv``).

    The row's ``condition<k>_verdict`` ("holds (no counterexample in N matrices, C = 2–10)",
    "holds (mullick2020, Theorem 5)", "fails (counterexample: ...)"); "–" where the
    condition does not apply. A decided verdict without its words is refused (the table
    was not written by :func:`write_audit`).

    Parameters
    ----------
    row : dict
        A row of :func:`audit_rows` or of :func:`read_audit_csv`.
    condition : {1, 2, 3}

    Returns
    -------
    str

    Examples
    --------
    >>> verdict_wording({"condition1": "true", "condition1_verdict": "holds (mullick2020, "
    ...                  "Theorem 3)"}, 1)
    'holds (mullick2020, Theorem 3)'
    >>> verdict_wording({"condition3": "", "condition3_verdict": ""}, 3)
    '–'
    """
    if condition not in (1, 2, 3):
        raise ValueError(f"condition must be 1, 2 or 3, got {condition!r}")
    text = row.get(f"condition{condition}_verdict")
    if text:
        return text
    if row.get(f"condition{condition}", "") == "":
        return "–"
    raise ValueError(f"audit row {row.get('index', '')!r} has a verdict on Condition "
                     f"{condition} but no condition{condition}_verdict: write the table with "
                     "`imbeval audit`")


def markdown_table(rows):
    """The verdicts (worded by :func:`verdict_wording`) and their deciding evidence as a
    Markdown table; each failure's counterexample matrix is in ``audit.csv``."""
    def mark(v):
        return {"true": "yes", "false": "no", "": "–"}[v]

    lines = [
        "| index | paper | orientation | Condition 1 | Condition 2 | Condition 3 "
        "| worst row-scaling change | lower bound C=2…10 | upper bound C=2…10 "
        "| ε→0 limit's distance from the worst bound | ortigosa adequate |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lo = _range(r["c2_lower_by_C"])
        hi = _range(r["c2_upper_by_C"])
        lines.append(
            f"| {r['index']} | {r.get('paper', '')} | {r.get('orientation', '')} | "
            f"{verdict_wording(r, 1)} | {verdict_wording(r, 2)} | {verdict_wording(r, 3)} | "
            f"{_fmt(r['c1_max_deviation'])} | {lo} | {hi} | {_fmt(r['c3_margin'])} | "
            f"{mark(r['ortigosa_adequate'])} |"
        )
    return "\n".join(lines) + "\n"


def text_table(rows):
    """The verdicts and their evidence as an aligned plain-text table (for a terminal), then
    every verdict in words (what it rests on: the search's size, a counterexample or a
    theorem)."""
    mark = {"true": "holds", "false": "fails", "": "-"}
    header = ["index", "paper", "scope", "C1", "C2", "C3", "orientation", "C1 worst change",
              "lower bound C=2..", "upper bound C=2..", "C3 margin", "I2(0.1)",
              "I2>0 share", "ortigosa adequate"]
    body = []
    for r in rows:
        body.append([r["index"], r.get("paper", ""), r["scope"], mark[r["condition1"]],
                     mark[r["condition2"]], mark[r["condition3"]],
                     (r.get("orientation") or "-").replace(" is better", ""),
                     _fmt_text(r["c1_max_deviation"]),
                     _range(r["c2_lower_by_C"]).replace("–", "-").replace("…", ".."),
                     _range(r["c2_upper_by_C"]).replace("–", "-").replace("…", ".."),
                     _fmt_text(r["c3_margin"]), _fmt_text(r["influence2_at_eta_0.1"]),
                     _fmt_text(r["influence2_positive_fraction"]),
                     {"true": "yes", "false": "no", "": "-"}[r["ortigosa_adequate"]]])
    widths = [max(len(str(x[i])) for x in [header] + body) for i in range(len(header))]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(str(c).ljust(w) for c, w in zip(b, widths)).rstrip() for b in body]
    lines += ["", "Verdicts (a search's 'holds' means no counterexample was found):"]
    for r in rows:
        for k in (1, 2, 3):
            if r[f"condition{k}"] != "" or k == 1:
                lines.append(f"  {r['index']}, Condition {k}: {verdict_wording(r, k)}")
    return "\n".join(lines)


def _fmt_text(v):
    text = _fmt(v)
    return "-" if text == "" else text


def _range(encoded):
    """'2:0;3:0.25;…' -> '0 … 0.444' (first and last C)."""
    if not encoded:
        return "–"
    vals = [p.split(":")[1] for p in encoded.split(";")]
    return vals[0] if len(set(vals)) == 1 else f"{vals[0]} … {vals[-1]}"


def write_audit(results, out_dir, papers=None):
    """Write the audit table and its evidence into ``out_dir``; return the table's rows.

    Fig. 6 is drawn from those rows by :func:`imbeval.audit.figure.render_fig6`
    (figures sit above the audit layer).
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    rows = audit_rows(results, papers)
    # the worded verdicts right after the paper (the report shows the table as written)
    first = list(AUDIT_COLUMNS) + ["paper"] + [c for c in _WORDING_COLUMNS if rows and c in rows[0]]
    columns = first + [k for k in rows[0] if k not in first] if rows else list(AUDIT_COLUMNS)
    atomic_write_text(out / "audit.csv", _csv_text(rows, columns))
    header = (
        "# Index audit: mullick2020 Conditions 1-3 and ortigosa2016's criteria\n\n"
        "Verdicts computed numerically by `imbeval.audit` (no lookup): Condition 1 from random\n"
        "matrices times random row scalings, Condition 2 from the bounds found for C = 2…10,\n"
        "Condition 3 from the ε → 0+ limit against the worst bound (the lower bound of a\n"
        "higher-is-better index, the upper bound of a lower-is-better one). A search's\n"
        "'holds' means no counterexample was found among the matrices it names; a 'fails'\n"
        "names its counterexample, whose matrix is in `audit.csv`\n"
        "(`condition<k>_counterexample`, JSON); where mullick2020 proves a verdict for its\n"
        "own index the theorem is cited. '–' = not applicable (two-class indices: Conditions\n"
        "2 and 3 concern the number of classes).\n\n"
    )
    atomic_write_text(out / "audit.md", header + markdown_table(rows))

    bound_rows, seq_rows = [], []
    for r in results:
        limits = {e.n_classes: e for e in r.limits_evidence}
        for b in r.bounds_evidence:
            lower, upper = r.bounds[b.n_classes]
            e = limits.get(b.n_classes)
            bound_rows.append({
                "index": r.name, "C": b.n_classes, "lower": lower, "upper": upper,
                "limit_eps_to_0": e.limit if e else float("nan"),
                "n_evaluated": b.n_evaluated, "n_undefined": b.n_undefined,
            })
        orientation = "higher is better" if r.greater_is_better else "lower is better"
        for e in r.limits_evidence:
            for eps, v in zip(e.epsilons, e.infima):
                seq_rows.append({"index": r.name, "C": e.n_classes, "epsilon": eps, "infimum": v,
                                 "orientation": orientation})
    atomic_write_text(
        out / "audit_bounds.csv",
        _csv_text(bound_rows, ["index", "C", "lower", "upper", "limit_eps_to_0", "n_evaluated", "n_undefined"]),
    )
    atomic_write_text(
        out / "audit_condition3.csv",
        _csv_text(seq_rows, ["index", "C", "epsilon", "infimum", "orientation"]),
    )
    return rows


def read_audit_csv(path):
    """Rows of an ``audit.csv`` as dicts of strings."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"audit table {path} not found; run `imbeval audit --out-dir {path.parent}`")
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    missing = [c for c in AUDIT_COLUMNS if rows and c not in rows[0]]
    if missing:
        raise ValueError(f"{path} lacks the column {missing[0]!r}")
    return rows
