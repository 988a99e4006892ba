"""Coverage of the one-test-set intervals of indices of scores (imbeval.scores.interval) per
index x method x regime; the table "auto" reads.

Usage::

    # a selection run (seed 0) and an independent validation run (seed 1), the table
    # src/imbeval/scores/score_ci_coverage.csv.gz and the summary printed
    python benchmarks/score_intervals.py run [--replicates 200] [--boot-replicates 100]
        [--resamples 200] [--boot-max-pos 50]
    python benchmarks/score_intervals.py paired [--replicates 200]  # DeLong's paired rows
    python benchmarks/score_intervals.py summary     # the summary of the shipped table
    python benchmarks/score_intervals.py issue       # 6 positives, 54 negatives, AUC 0.80
    python benchmarks/score_intervals.py targets     # the population values vs a huge sample

**Regimes.** Positives n₊ in {5, 10, 20, 50, 100, 500}, negatives IR·n₊ with IR in
{1, 4, 9, 19}, population ROC AUC in {0.6, 0.75, 0.9, 0.97}. Scores are binormal: negatives
N(0, 1), positives N(μ, 1), μ = √2 Φ⁻¹(AUC); the probabilities (for the Brier score and the
log-loss) are the population's posterior at the test set's positive share π,
expit(logit π + μx − μ²/2), calibrated.

**Target.** The population value of each index at π, by numerical integration over the
binormal curves (``targets`` checks it against a sample of 2·10⁶): AUC Φ(μ/√2); AP, AP
calibrated to π₀ = 0.5 and AUPRG as integrals over the ROC curve; the Brier score and
log-loss as expectations over the two classes.

**Coverage.** Per test set each method's 95 % interval; coverage = the share of test sets
with an interval that hold the target. The bootstrap (the cost: ``--resamples`` resamples a
test set) runs on ``--boot-replicates`` test sets a cell and only where n₊ <=
``--boot-max-pos``; elsewhere it is not measured (its intervals then say so).

**Paired.** Two scorers of each test set with population AUCs g ± (1 − g)/4 around the
regime's g, noise correlation 0.5; DeLong's paired interval of A − B, the target the
difference of the population AUCs.

**Selection and validation.** Two runs at seeds 0 and 1 (other test sets, other
resamples); ``"auto"`` chooses on the first and is offered where the second supports the
choice, with the labels' rules (:mod:`imbeval.metrics._ci`).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import io
import math
import time
from pathlib import Path

import numpy as np
from scipy import stats

from imbeval.metrics._ci import MIN_COVERAGE
from imbeval.scores._intervals import (AUC_GRID, IMBALANCE_GRID, METHODS_OF,
                                       MIN_CLASS_GRID, interval, paired_interval,
                                       read_score_coverage,
                                       score_coverage_table)

ROOT = Path(__file__).resolve().parent
TABLE = ROOT.parent / "src" / "imbeval" / "scores" / "score_ci_coverage.csv.gz"
PROBA = ("brier_score", "log_loss")
FIELDS = ("kind", "index", "method", "min_class", "imbalance", "auc",
          *(f"{run}_{what}" for run in ("selection", "validation")
            for what in ("replicates", "defined", "covered", "width")))


def mu_of(auc):
    return math.sqrt(2) * stats.norm.ppf(auc)


def targets(auc, pi, grid=400_001):
    """The population value of every index at positive share ``pi``."""
    mu = mu_of(auc)
    t = np.linspace(-12.0, mu + 12.0, grid)[::-1]  # thresholds, decreasing
    tpr, fpr = stats.norm.sf(t - mu), stats.norm.sf(t)
    tpr, fpr = np.r_[0.0, tpr, 1.0], np.r_[0.0, fpr, 1.0]
    mid_t, mid_f = (tpr[1:] + tpr[:-1]) / 2, (fpr[1:] + fpr[:-1]) / 2
    d = np.diff(tpr)
    prec = pi * mid_t / (pi * mid_t + (1 - pi) * mid_f)
    cal = 0.5 * mid_t / (0.5 * mid_t + 0.5 * mid_f)
    out = {"roc_auc": float(stats.norm.cdf(mu / math.sqrt(2))),
           "average_precision": float(np.sum(d * prec)),
           "calibrated_average_precision": float(np.sum(d * cal))}
    with np.errstate(divide="ignore", invalid="ignore"):
        p_all = pi * tpr / (pi * tpr + (1 - pi) * fpr)
        rg = (tpr - pi) / ((1 - pi) * tpr)
        pg = (p_all - pi) / ((1 - pi) * p_all)
    keep = rg >= 0
    out["auprg"] = float(np.sum(np.diff(rg[keep]) * (pg[keep][1:] + pg[keep][:-1]) / 2))
    x = np.linspace(-12.0, mu + 12.0, grid)
    dx = x[1] - x[0]
    p = 1 / (1 + np.exp(-(math.log(pi / (1 - pi)) + mu * x - mu * mu / 2)))
    fp_, fn_ = stats.norm.pdf(x - mu), stats.norm.pdf(x)
    eps = np.finfo(float).eps
    out["brier_score"] = float(dx * np.sum(pi * fp_ * (1 - p) ** 2 + (1 - pi) * fn_ * p ** 2))
    out["log_loss"] = float(dx * np.sum(-pi * fp_ * np.log(np.clip(p, eps, 1))
                                        - (1 - pi) * fn_ * np.log(np.clip(1 - p, eps, 1))))
    return out


def test_set(n_pos, n_neg, auc, rng):
    mu = mu_of(auc)
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    x = rng.normal(size=y.size) + mu * y
    pi = n_pos / y.size
    p = 1 / (1 + np.exp(-(math.log(pi / (1 - pi)) + mu * x - mu * mu / 2)))
    return y, x, p


def run_cell(seed, n_pos, ir, auc, reps, boot_reps, resamples, boot_max_pos, store):
    n_neg = n_pos * ir
    target = targets(auc, n_pos / (n_pos + n_neg))
    for r in range(reps):
        rng = np.random.default_rng([seed, n_pos, ir, int(round(auc * 100)), r])
        y, x, p = test_set(n_pos, n_neg, auc, rng)
        for name, methods in METHODS_OF.items():
            s = p if name in PROBA else x
            for method in methods:
                if method == "bootstrap" and (r >= boot_reps or n_pos > boot_max_pos):
                    continue
                e = interval(name, y, s, ci_method=method, n_resamples=resamples,
                             random_state=[seed, r, 7])
                row = store.setdefault((name, method, n_pos, ir, auc), [0, 0, 0, 0.0])
                row[0] += 1
                if math.isfinite(e.low):
                    row[1] += 1
                    row[2] += int(e.low <= target[name] <= e.high)
                    row[3] += e.high - e.low


def run(args):
    start = time.process_time()
    runs = []
    for seed in (0, 1):
        store = {}
        for n_pos in MIN_CLASS_GRID:
            for ir in IMBALANCE_GRID:
                for auc in AUC_GRID:
                    run_cell(seed, n_pos, ir, auc, args.replicates, args.boot_replicates,
                             args.resamples, args.boot_max_pos, store)
            print(f"seed {seed}: n+ = {n_pos} done, {time.process_time() - start:.0f} s CPU",
                  flush=True)
        runs.append(store)
    rows = []
    for key in sorted(runs[0]):
        name, method, n_pos, ir, auc = key
        cells = [runs[0][key], runs[1].get(key, [0, 0, 0, 0.0])]
        row = {"kind": "single", "index": name, "method": method, "min_class": n_pos,
               "imbalance": ir, "auc": auc}
        for run_name, (reps, defined, covered, width) in zip(("selection", "validation"),
                                                             cells):
            row.update({f"{run_name}_replicates": reps, f"{run_name}_defined": defined,
                        f"{run_name}_covered": covered,
                        f"{run_name}_width": round(width / defined, 6) if defined else "nan"})
        rows.append(row)
    text = write_table(rows)
    print(f"wrote {TABLE} ({len(rows)} rows); {time.process_time() - start:.0f} s CPU")
    summarize(read_score_coverage(text))


def write_table(rows):
    """Write ``rows`` as the shipped table (gzip without a time stamp, so a rerun with the
    same seeds gives the same bytes); returns its CSV text."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    TABLE.write_bytes(gzip.compress(buf.getvalue().encode(), mtime=0))
    return buf.getvalue()


def summarize(table):
    """Coverage per method x regime (validation run) and the share of cells >= 94 %."""
    by = {}
    for (kind, name, n_pos, ir, auc), row in table.items():
        for method, c in row.items():
            by.setdefault((name, method), {})[(n_pos, ir, auc)] = c
    print("\nvalidation coverage at nominal 95 %, by n+ (rows) and IR (columns), "
          "mean over the AUCs; then the share of cells >= 94 % and the lowest cell")
    for (name, method), cells in sorted(by.items()):
        measured = {k: c for k, c in cells.items() if c.validation_defined}
        if not measured:
            continue
        ok = sum(c.validation >= MIN_COVERAGE for c in measured.values())
        worst = min(measured, key=lambda k: measured[k].validation)
        print(f"\n{name} / {method}: {ok}/{len(measured)} cells >= 94 % "
              f"({ok / len(measured):.0%}); lowest {measured[worst].validation:.1%} at "
              f"n+={worst[0]} IR={worst[1]} AUC={worst[2]}")
        print("  n+ \\ IR " + "".join(f"{ir:>8}" for ir in IMBALANCE_GRID))
        for n_pos in MIN_CLASS_GRID:
            vals = []
            for ir in IMBALANCE_GRID:
                cs = [measured[k] for k in measured if k[:2] == (n_pos, ir)]
                vals.append(f"{np.mean([c.validation for c in cs]):8.1%}" if cs else
                            f"{'-':>8}")
            print(f"  {n_pos:>7} " + "".join(vals))
    print("\nper AUC (all n+, IR): share of cells >= 94 %")
    for (name, method), cells in sorted(by.items()):
        parts = []
        for auc in AUC_GRID:
            cs = [c for k, c in cells.items() if k[2] == auc and c.validation_defined]
            if cs:
                parts.append(f"AUC {auc}: {np.mean([c.validation >= MIN_COVERAGE for c in cs]):.0%}"
                             f" (min {min(c.validation for c in cs):.1%})")
        if parts:
            print(f"  {name} / {method}: " + "; ".join(parts))


def paired_set(n_pos, n_neg, auc, rng, rho=0.5):
    """Two correlated binormal scorers of one test set, population AUCs ``auc ± delta``
    (their mean the regime's AUC), noise correlation ``rho``; and the target A − B."""
    delta = (1 - auc) / 4
    mu_a, mu_b = mu_of(auc + delta), mu_of(auc - delta)
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    e1, e2 = rng.normal(size=y.size), rng.normal(size=y.size)
    a = mu_a * y + e1
    b = mu_b * y + rho * e1 + math.sqrt(1 - rho * rho) * e2
    return y, a, b, 2 * delta


def paired(args):
    """DeLong's paired interval of ROC AUC A − B: its coverage appended to the table as the
    rows of kind "paired" (selection seed 0, validation seed 1)."""
    start = time.process_time()
    counts = {}
    for run_name, seed in (("selection", 0), ("validation", 1)):
        for n_pos in MIN_CLASS_GRID:
            for ir in IMBALANCE_GRID:
                for auc in AUC_GRID:
                    cell = counts.setdefault((n_pos, ir, auc), {})
                    reps = defined = covered = 0
                    width = 0.0
                    for r in range(args.replicates):
                        rng = np.random.default_rng([seed, n_pos, ir, int(round(auc * 100)),
                                                     r, 2])
                        y, a, b, target = paired_set(n_pos, n_pos * ir, auc, rng)
                        d = paired_interval("roc_auc", y, a, b, ci_method="delong")
                        reps += 1
                        if math.isfinite(d.low):
                            defined += 1
                            covered += int(d.low <= target <= d.high)
                            width += d.high - d.low
                    cell[run_name] = (reps, defined, covered,
                                      round(width / defined, 6) if defined else "nan")
    text = gzip.decompress(TABLE.read_bytes()).decode()
    rows = [r for r in csv.DictReader(text.splitlines()) if r["kind"] != "paired"]
    for (n_pos, ir, auc), cell in sorted(counts.items()):
        row = {"kind": "paired", "index": "roc_auc", "method": "delong", "min_class": n_pos,
               "imbalance": ir, "auc": auc}
        for run_name in ("selection", "validation"):
            reps, defined, covered, width = cell[run_name]
            row.update({f"{run_name}_replicates": reps, f"{run_name}_defined": defined,
                        f"{run_name}_covered": covered, f"{run_name}_width": width})
        rows.append(row)
    text = write_table(rows)
    print(f"paired rows written to {TABLE}; {time.process_time() - start:.0f} s CPU")
    summarize({k: v for k, v in read_score_coverage(text).items()
               if k[0] == "paired"})


def issue(args):
    """6 positives and 54 negatives, binormal AUC 0.80: the coverage of the ROC AUC methods."""
    start = time.process_time()
    covered = {m: [0, 0] for m in METHODS_OF["roc_auc"] if m != "bootstrap"}
    for r in range(args.replicates):
        rng = np.random.default_rng([args.seed, 6, 54, r])
        y, x, _ = test_set(6, 54, 0.80, rng)
        for method in covered:
            e = interval("roc_auc", y, x, ci_method=method)
            covered[method][1] += 1
            covered[method][0] += int(e.low <= 0.80 <= e.high)
    for method, (k, n) in covered.items():
        c = k / n
        print(f"{method:>13}: {c:.1%} of {n} (MC s.e. {100 * math.sqrt(c * (1 - c) / n):.1f})")
    print(f"{time.process_time() - start:.0f} s CPU")


PEER_FIELDS = ("index", "method", "min_class", "imbalance", "auc", "replicates", "defined",
               "covered", "coverage", "mc_se", "width")
PEERS_CSV = ROOT / "results" / "score_intervals_peers.csv"


def confidenceinterval_auc():
    """confidenceinterval 1.0.5's ROC AUC interval (its default ``method="delong"``: the
    fast DeLong variance of Sun & Xu 2014, a Wald interval not clipped to [0, 1]); label
    1 the positive class, as here. None where the package is not installed."""
    try:
        import confidenceinterval as ci
    except ImportError:
        return None

    def run(y, x):
        with np.errstate(all="ignore"):
            value, (lo, hi) = ci.roc_auc_score(y, x, confidence_level=0.95)
        return float(value), float(lo), float(hi)
    return run


def peers(args):
    """ROC AUC: confidenceinterval's DeLong interval beside imbeval's methods (``auto``,
    DeLong, DeLong on the logit scale, Newcombe) on the validation run's test sets (seed
    ``--seed``, default 1; the first ``--replicates`` of each regime), written to
    ``benchmarks/results/score_intervals_peers.csv``; the table printed by
    ``peers-summary``."""
    run_peer = confidenceinterval_auc()
    if run_peer is None:
        raise SystemExit("confidenceinterval is not installed (pip install "
                         "confidenceinterval==1.0.5, in a virtualenv of its own)")
    methods = ("auto", "delong", "delong-logit", "newcombe")
    start = time.process_time()
    store = {}
    for n_pos in MIN_CLASS_GRID:
        for ir in IMBALANCE_GRID:
            for auc in AUC_GRID:
                target = targets(auc, 1 / (1 + ir))["roc_auc"]
                for r in range(args.replicates):
                    # the test sets of run_cell at this seed
                    rng = np.random.default_rng([args.seed, n_pos, ir, int(round(auc * 100)),
                                                 r])
                    y, x, _ = test_set(n_pos, n_pos * ir, auc, rng)
                    got = {m: interval("roc_auc", y, x, ci_method=m) for m in methods}
                    got = {m: (e.value, e.low, e.high) for m, e in got.items()}
                    got["confidenceinterval"] = run_peer(y, x)
                    ours = got["delong"][0]
                    if not math.isclose(got["confidenceinterval"][0], ours, abs_tol=1e-6):
                        raise SystemExit(f"ROC AUC {got['confidenceinterval'][0]} against "
                                         f"imbeval's {ours}: not the same index")
                    for m, (_, lo, hi) in got.items():
                        row = store.setdefault((m, n_pos, ir, auc), [0, 0, 0, 0.0])
                        row[0] += 1
                        if math.isfinite(lo) and math.isfinite(hi):
                            row[1] += 1
                            row[2] += int(lo - 1e-12 <= target <= hi + 1e-12)
                            row[3] += hi - lo
        print(f"n+ = {n_pos} done, {time.process_time() - start:.0f} s CPU", flush=True)
    rows = []
    for (m, n_pos, ir, auc), (reps, defined, covered, width) in sorted(store.items()):
        cov = covered / defined if defined else math.nan
        rows.append({"index": "roc_auc", "method": m, "min_class": n_pos, "imbalance": ir,
                     "auc": auc, "replicates": reps, "defined": defined, "covered": covered,
                     "coverage": f"{cov:.4f}",
                     "mc_se": f"{math.sqrt(cov * (1 - cov) / defined):.4f}" if defined
                     else "nan",
                     "width": f"{width / defined:.6g}" if defined else "nan"})
    out = Path(args.out) if args.out else PEERS_CSV
    with open(out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, PEER_FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows)} rows -> {out}; {time.process_time() - start:.0f} s CPU")
    peers_summary(args)


def peers_summary(args):
    """The table of docs/metrics.md from ``peers``' CSV: per method pooled coverage (Monte
    Carlo s.e.), regimes >= 94 %, the lowest regime, mean width."""
    rows = list(csv.DictReader(open(Path(args.out) if args.out else PEERS_CSV)))
    print("| index | method | pooled coverage (MC s.e.) | regimes >= 94 % | lowest regime "
          "| mean width | test sets |")
    print("|---|---|---|---|---|---|---|")
    for m in ("auto", "delong", "delong-logit", "newcombe", "confidenceinterval"):
        these = [r for r in rows if r["method"] == m]
        if not these:
            continue
        defined = sum(int(r["defined"]) for r in these)
        covered = sum(int(r["covered"]) for r in these)
        width = sum(float(r["width"]) * int(r["defined"]) for r in these
                    if int(r["defined"])) / defined
        cov = covered / defined
        cells = [(float(r["coverage"]), r) for r in these if int(r["defined"])]
        low, worst = min(cells, key=lambda t: t[0])
        ok = sum(c >= MIN_COVERAGE for c, _ in cells)
        print(f"| roc_auc | {m} | {cov:.1%} ({100 * math.sqrt(cov * (1 - cov) / defined):.1f})"
              f" | {ok}/{len(cells)} | {low:.1%} (n+ = {worst['min_class']}, IR = "
              f"{worst['imbalance']}, AUC {worst['auc']}) | {width:.3f} | {defined} |")


def check_targets(args):
    rng = np.random.default_rng(args.seed)
    from imbeval.scores import score

    for auc in AUC_GRID:
        for ir in (1, 19):
            n_pos = 100_000
            y, x, p = test_set(n_pos, n_pos * ir, auc, rng)
            t = targets(auc, 1 / (1 + ir))
            sample = {k: score(k, y, p if k in PROBA else x) for k in t}
            print(f"AUC {auc} IR {ir}: " + ", ".join(
                f"{k} {t[k]:.4f}/{sample[k]:.4f}" for k in t))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("run", "paired", "summary", "issue", "targets",
                                            "peers", "peers-summary"))
    parser.add_argument("--replicates", type=int, default=200)
    parser.add_argument("--boot-replicates", type=int, default=100)
    parser.add_argument("--resamples", type=int, default=200)
    parser.add_argument("--boot-max-pos", type=int, default=50)
    parser.add_argument("--seed", type=int, default=None,
                        help="issue, targets: default 0; peers: default 1 (the validation "
                             "run's test sets)")
    parser.add_argument("--out", default=None,
                        help="peers, peers-summary: the CSV (default "
                             "benchmarks/results/score_intervals_peers.csv)")
    args = parser.parse_args(argv)
    if args.seed is None:
        args.seed = 1 if args.command == "peers" else 0
    if args.command == "run":
        run(args)
    elif args.command == "paired":
        paired(args)
    elif args.command == "summary":
        summarize(score_coverage_table())
    elif args.command == "peers":
        peers(args)
    elif args.command == "peers-summary":
        peers_summary(args)
    elif args.command == "issue":
        args.replicates = 2000 if args.replicates == 200 else args.replicates
        issue(args)
    else:
        check_targets(args)


if __name__ == "__main__":
    main()
