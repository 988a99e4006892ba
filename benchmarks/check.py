"""imbeval.check: speed, how much reported accuracy and F1 pin down other indices, and the
five papers' printed tables through check_reported (numbers in docs/check.md).

    nice -n 10 python benchmarks/check.py --speed --widths --paper none
    nice -n 10 python benchmarks/check.py --paper all      # or --paper dembele, ...

The papers' printed numbers come from the reproduction (imbeval_repro.papers.<paper>.printed),
which the library never imports: this script is where the two meet.
"""

import time

import numpy as np

from imbeval.check import check_reported, compare_reported
from imbeval.check._binary import matrices
from imbeval.indices import compute


def speed():
    cm = np.array([[4006.0, 994], [383, 4617]])
    names = ["accuracy", "sensitivity", "specificity", "precision", "f1"]
    scores = {k: round(float(v), 4) for k, v in compute(cm, names=names).items()}
    for label, sub in (("five scores", names), ("accuracy, f1", ["accuracy", "f1"])):
        t = time.perf_counter()
        r = check_reported({k: scores[k] for k in sub}, p=5000, n=5000)
        print(f"binary p = n = 5000, {label}: {time.perf_counter() - t:.3f} s, "
              f"{r.verdict}, {r.n_feasible} feasible")
    t = time.perf_counter()
    out = compare_reported({"A": {"accuracy": "0.862", "f1": "0.853"},
                            "B": {"accuracy": "0.84"}}, p=500, n=500)
    print(f"ranking noise, two methods on p = n = 500 ({out[0].pairs} pairings): "
          f"{time.perf_counter() - t:.2f} s, {out[0].verdict}")
    for label, folds, sc in (
            ("mean of 3 folds, inconsistent (mlscorecheck case 121)",
             [(14, 9), (12, 23), (13, 18)],
             {"accuracy": 0.5323, "sensitivity": 0.2585, "specificity": 0.6594}),
            ("mean of 3 folds, consistent (mlscorecheck case 120)",
             [(14, 26), (14, 14), (9, 18)],
             {"accuracy": 0.6502, "sensitivity": 0.7222, "specificity": 0.6095})):
        t = time.perf_counter()
        r = check_reported(sc, folds=folds, eps=1e-4)
        print(f"{label}: {time.perf_counter() - t:.2f} s, {r.verdict} ({r.method})")
    rng = np.random.default_rng(0)
    c = 10
    n = rng.integers(50, 300, c)
    cm10 = np.stack([rng.multinomial(n[i], np.where(np.arange(c) == i, 8.0, 1.0) / (7 + c))
                     for i in range(c)]).astype(float)
    macro = {k: round(float(v), 4) for k, v in
             compute(cm10, names=["accuracy", "acsa", "macro_precision"]).items()}
    for label, sc in (("true matrix", macro),
                      ("accuracy 0.9, acsa 0.5 (equal classes)",
                       {"accuracy": 0.9, "acsa": 0.5, "macro_f1": 0.6})):
        counts = n if label == "true matrix" else [200] * 10
        t = time.perf_counter()
        r = check_reported(sc, counts=counts, budget=5000)
        print(f"10-class macro, {label}: {time.perf_counter() - t:.2f} s, {r.verdict} "
              f"({r.method}; {r.boxes} boxes)")


def widths(trials=200, seed=0):
    rng = np.random.default_rng(seed)
    print("| p | n | decimals | index | median width | 90% width | max width |")
    print("|---|---|---|---|---|---|---|")
    for p, n in ((50, 50), (100, 900), (20, 980)):
        for decimals in (2, 3):
            got = {"mcc": [], "acsa": [], "gmean2": []}
            for _ in range(trials):
                tp, tn = int(rng.integers(1, p + 1)), int(rng.integers(1, n + 1))
                v = compute(matrices(tp, tn, p, n), names=["accuracy", "f1"])
                r = check_reported({k: round(float(x), decimals) for k, x in v.items()},
                                   p=p, n=n, decimals=decimals)
                for name in got:
                    low, high = r.ranges[name]
                    got[name].append(high - low)
            for name, w in got.items():
                w = np.asarray(w)
                print(f"| {p} | {n} | {decimals} | {name} | {np.nanmedian(w):.3f} | "
                      f"{np.nanquantile(w, 0.9):.3f} | {np.nanmax(w):.3f} |")


# printed -> (registry name, value map, tolerance factor): dembele prints mcc.s = (MCC+1)/2,
# cen.s = 1 - CEN, mcen.s = 1 - MCEN, and auc = (sen + spe)/2 of a crisp 2x2
_DEMBELE = {"sen": ("sensitivity", 1, 0, 1), "spe": ("specificity", 1, 0, 1),
            "pre": ("precision", 1, 0, 1), "acc": ("accuracy", 1, 0, 1), "f1": ("f1", 1, 0, 1),
            "auc": ("acsa", 1, 0, 1), "kappa": ("kappa", 1, 0, 1), "mcc.s": ("mcc", 2, -1, 2),
            "nmi": ("nmi", 1, 0, 1), "cen.s": ("cen", -1, 1, 1), "mcen.s": ("mcen", -1, 1, 1),
            "eve": ("eve", 1, 0, 1)}
_MULTI = {"sensitivity": "acsa", "specificity": "tnr_macro", "precision": "macro_precision",
          "f1": "macro_f1"}


def _case(paper, table, row, printed, counts, known=(), note="", matrix=None, folds=None,
          zero_division=np.nan):
    """One row of a paper's table as check_reported arguments: scores by registry name,
    tolerance half a unit of each printed last digit (scaled with the value's map)."""
    from imbeval.check import decimals_of

    scores, eps = {}, {}
    for name, text in printed.items():
        if paper == "dembele":
            if name not in _DEMBELE or text in ("NA", "-"):
                continue
            reg, scale, shift, factor = _DEMBELE[name]
            if len(counts) > 2:
                reg = _MULTI.get(reg, reg)
            value = scale * float(text) + shift
        else:
            reg, value, factor = name, float(text), 1
        scores[reg] = round(value, 12)
        eps[reg] = factor * 0.5 * 10.0 ** -decimals_of(text)
    return dict(paper=paper, table=table, row=row, scores=scores, eps=eps,
                counts=[int(k) for k in counts], known=list(known), note=note, matrix=matrix,
                folds=folds, zero_division=zero_division)


def printed_matrix_check(case):
    """The paper's own matrix against its printed values: the reported values its indices
    miss by more than the tolerance, each with whether it is within one unit of the last
    digit (printed truncated); empty: the matrix is a witness, so the row is consistent
    whatever the search decided. None without a printed matrix."""
    if case.get("matrix") is None:
        return None
    values = compute(np.asarray(case["matrix"], dtype=float), names=list(case["scores"]))
    out = []
    for name, reported in case["scores"].items():
        eps = case["eps"][name] if isinstance(case["eps"], dict) else case["eps"]
        gap = abs(float(values[name]) - reported)
        if not gap <= eps + 1e-12:
            out.append((name, gap <= 2 * eps + 1e-12))
    return out


# docs/errata.md: printed truncated, not rounded
_MORTAZ_TRUNCATED = {"CM3": ["F 0.4154 and IAM -0.1757 printed truncated"],
                     "CM4": ["MAP 0.4254 and CBA 0.4076 printed truncated"]}


_GRID_LIMIT = 1e7


def _printed_text(off):
    if off is None:
        return "-"
    if not off:
        return "rounds to every value"
    return "misses " + ", ".join(k + ("" if one else " (by more than one unit)")
                                 for k, one in off)


def paper_cases(paper):
    """Every printed row of ``paper`` that reports confusion-matrix indices of a test set
    whose class counts are known (from the paper's matrices or its class distribution)."""
    if paper == "mortaz2020":
        from imbeval_repro.papers.mortaz2020 import printed as pr

        names = {"ACC": "accuracy", "MAP": "macro_precision", "MAR": "acsa", "F": "macro_f1",
                 "CBA": "cba"}
        iam9 = {m: v for m, v in pr.TABLE9.values()}
        out = []
        for table, (matrix, values) in pr.METRIC_TABLES.items():
            counts = np.asarray(pr.MATRICES[matrix]).sum(axis=1)
            printed = {names[k]: v for k, v in values.items()}
            printed["iam"] = iam9[matrix]
            out.append(_case(paper, f"{table} + Table 9 (IAM)", matrix, printed, counts,
                             known=_MORTAZ_TRUNCATED.get(matrix, []),
                             note="counts: row sums of the printed matrix",
                             matrix=pr.MATRICES[matrix]))
        counts = [int(x) for x in pr.DISTRIBUTIONS["Table 7"]]
        for model, values in pr.TABLE8.items():
            printed = {names[k]: v for k, v in values.items()}
            printed["iam"] = pr.TABLE10[model]
            out.append(_case(paper, "Table 8 + Table 10 (IAM)", model, printed, counts,
                             known=["IAM = 2 CBA - 1 broken"] if model == "ML_7" else [],
                             note="counts: Table 7 (no matrix printed)"))
        # Tables 16 and 18: means over 5 stratified folds (the empty class dropped); a class
        # never predicted in a fold has precision 0, scikit-learn's convention and the
        # reproduction's (imbeval_repro.papers.mortaz2020.grid)
        from imbeval_repro.papers.mortaz2020.identity import identity_check

        names["IAM"] = "iam"
        for table, dist in (("Table 16", "Table 15"), ("Table 18", "Table 17")):
            counts = [int(x) for x in pr.DISTRIBUTIONS[dist] if int(x) > 0]
            for model, values in pr.GRID_TABLES[table].items():
                printed = {names[k]: v for k, v in values.items()}
                broken = not identity_check(values["CBA"], values["IAM"])["agrees"]
                out.append(_case(paper, f"{table} (5-fold mean)", model, printed, counts,
                                 known=["IAM = 2 CBA - 1 broken"] if broken else [], note=f"counts: {dist}, every stratified 5-fold "
                                 "split", folds=5, zero_division=0.0))
        return out
    if paper == "dembele":
        from imbeval_repro.papers.dembele import printed as pr
        from imbeval_repro.papers.dembele import tables as dt

        cm = dt.matrices()
        out = []
        skipped = []
        for table in ("Table 2", "Table 4", "Table 5", "Table 6", "Table 7", "Table 8",
                      "Table 9", "Table 11"):
            cells = pr.parse_table(pr.TABLES[table])
            cols = dt.columns(table, cm)
            for column, m in cols.items():
                m = np.asarray(m)
                # M~ and M7 + J/5 are real-valued estimates, not counts of a test set
                if np.any(m != np.round(m)):
                    continue
                # pair counts of M6, M7: a 10^9-cell grid, which the smallest-subset
                # search of an index without a closed form (NMI, CEN) would sweep whole
                grid = (m.sum(axis=1) + 1).prod() if m.shape == (2, 2) else 0
                printed = {row: v for (row, col), v in cells.items() if col == column}
                known = sorted({row for row in printed if pr.erratum(table, row, column)})
                note = {"Table 5": "counts: pairs of points (pair-counting 2x2)",
                        "Table 6": "counts: class vs rest of M4", "Table 7": "class vs rest of M5",
                        "Table 8": "class vs rest of M6", "Table 9": "class vs rest of M7"
                        }.get(table, "counts: true-class totals of the printed matrix")
                out.append(_case(paper, table, column, printed, m.sum(axis=1), known, note,
                                 matrix=m))
                if grid > _GRID_LIMIT:
                    out[-1]["skip"] = f"{grid:.1e} matrices"
                    skipped.append(f"{table} {column}")
        print(f"dembele: not searched (over {_GRID_LIMIT:.0e} matrices): {', '.join(skipped)}")
        return out
    if paper == "kluska":
        from imbeval_repro.papers.kluska import printed as pr

        m = np.asarray(pr.EXAMPLE["confusion matrix"])
        counts = m.sum(axis=1)
        v = pr.EXAMPLE["values"]

        def frac(text):
            a, _, b = text.partition("/")
            return float(a) / float(b or 1)

        tiny = 1e-9  # exact fractions
        out = [dict(paper=paper, table="worked example", row="3 classes",
                    scores={"accuracy": frac(v[("ACC", "all")]),
                            "weighted_precision": frac(v[("weighted precision", "all")]),
                            "weighted_recall": frac(v[("weighted recall", "all")]),
                            "weighted_f1": frac(v[("weighted F1", "all")])},
                    eps=tiny, counts=counts.tolist(), known=[],
                    note="counts: rows of the printed matrix; exact fractions", matrix=m)]
        for k in range(3):
            out.append(dict(paper=paper, table="worked example", row=f"class {k} vs rest",
                            scores={"precision": frac(v[("precision", str(k))]),
                                    "sensitivity": frac(v[("recall", str(k))])},
                            eps=tiny, counts=[int(counts[k]), int(counts.sum() - counts[k])],
                            known=[], note="one-vs-rest of the printed matrix"))
        return out
    if paper in ("mullick2020", "ortigosa2016"):
        return []
    raise ValueError(f"unknown paper {paper!r}")


NO_TABLE = {
    "mullick2020": "no printed table of scores on a test set: its printed numbers (Fig. 2) are "
                   "values of curves in the population (no counts)",
    "ortigosa2016": "no printed table of scores on a test set: Table 1 defines the scores and the "
                    "footnotes give Bayes errors of normal mixtures (no counts)",
}


def run_paper(paper, budget=3000):
    """Check every case of ``paper``; print a Markdown table and return its rows."""
    from imbeval.check import check_reported

    if paper in NO_TABLE:
        print(f"\n{paper}: {NO_TABLE[paper]}")
        return []
    rows = []
    print(f"\n{paper}\n\n| table | row | counts | reported | verdict | conflict | "
          "at one unit (truncated) | the printed matrix | known erratum | time |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for case in paper_cases(paper):
        if "skip" in case:
            off = printed_matrix_check(case)
            own = _printed_text(off)
            rows.append(dict(case, verdict="not searched", method=case["skip"], conflict=[],
                             loose="", printed_matrix=own, seconds=0.0))
            print(f"| {case['table']} | {case['row']} | {case['counts']} | "
                  f"{', '.join(case['scores'])} | not searched ({case['skip']}) | - | - | {own} | "
                  f"{', '.join(case['known']) or '-'} | - |", flush=True)
            continue
        t = time.perf_counter()
        extra = {key: case[key] for key in ("folds", "zero_division") if key in case}
        r = check_reported(case["scores"], counts=case["counts"], eps=case["eps"],
                           budget=budget, **extra)
        elapsed = time.perf_counter() - t
        loose = ""
        if r.consistent is False:  # printed truncated instead of rounded?
            eps = case["eps"]
            eps = {k: 2 * e for k, e in eps.items()} if isinstance(eps, dict) else 2 * eps
            r2 = check_reported(case["scores"], counts=case["counts"], eps=eps, budget=budget,
                                **extra)
            loose = r2.verdict + (f" ({', '.join(r2.conflict)})" if r2.conflict else "")
        counts = case["counts"]
        shown = (str(counts) if len(counts) <= 5 else f"{len(counts)} classes, {sum(counts)}")
        off = printed_matrix_check(case)
        own = _printed_text(off)
        row = dict(case, verdict=r.verdict, method=r.method, conflict=list(r.conflict),
                   loose=loose, printed_matrix=own, seconds=round(elapsed, 2))
        rows.append(row)
        print(f"| {case['table']} | {case['row']} | {shown} | {', '.join(case['scores'])} | "
              f"{r.verdict} ({r.method}) | {', '.join(r.conflict) or '-'} | {loose or '-'} | "
              f"{own} | {', '.join(case['known']) or '-'} | {elapsed:.1f} s |", flush=True)
    tally = {}
    for row in rows:
        tally[row["verdict"]] = tally.get(row["verdict"], 0) + 1
    print(f"\n{paper}: {len(rows)} rows: " + ", ".join(f"{v} {k}" for k, v in tally.items()))
    return rows


PAPERS = ("mortaz2020", "dembele", "kluska", "mullick2020", "ortigosa2016")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--paper", choices=PAPERS + ("all", "none"), default="all")
    parser.add_argument("--speed", action="store_true", help="the timings")
    parser.add_argument("--widths", action="store_true", help="the range widths")
    parser.add_argument("--budget", type=int, default=3000, help="boxes per branch and bound")
    args = parser.parse_args()
    if args.speed:
        speed()
    if args.widths:
        widths()
    for paper in (PAPERS if args.paper == "all" else () if args.paper == "none"
                  else (args.paper,)):
        run_paper(paper, budget=args.budget)
