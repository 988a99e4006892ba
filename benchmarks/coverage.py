"""Coverage of the CV-mean intervals on repeated stratified k-fold CV, by simulation.

Usage::

    python benchmarks/coverage.py learners [--settings m10_ir9_k3,...] [--learners ...]
        [--datasets 200] [--target-draws 200] [--max-seconds S]   # resumable
    python benchmarks/coverage.py learners-summary    # -> benchmarks/results/coverage_learners.csv
    python benchmarks/coverage.py learners-pooled [--markdown] [--designs 5x5]
        # the pooled estimator -> benchmarks/results/coverage_learners_pooled.csv
    python benchmarks/coverage.py [--datasets 2000] [--settings 5x5,2x3,1x5] [--seed 0]
        [--replicates 2000] [--target-draws 400000] [--n 250] [--minority 50] [--dims 5]
        [--separation 1.5] [--shrinkage 0.1] [--level 0.95]

For each setting ``runs x folds`` and each of ``--datasets`` simulated data sets:

1. draw a two-class Gaussian data set (``--n`` points, ``--minority`` of them in the
   minority class, 4:1 by default; ``--dims`` dimensions, identity covariance, class means
   ``--separation`` apart in Mahalanobis distance);
2. run repeated stratified k-fold CV with a shrinkage LDA written here in numpy (pooled
   covariance shrunk towards ``tr/p · I`` by ``--shrinkage``; vectorised over data sets,
   runs and folds) and record the balanced accuracy of every fold, for two decision rules
   sharing the LDA direction: the *prior* threshold (``log(n1/n0)``, the textbook LDA and
   scikit-learn's default) and the *balanced* threshold (equal priors);
3. make the 95% interval of the CV mean with the shipped corrected repeated k-fold t
   interval (:func:`imbeval.inference.cv_interval`) and with the old percentile bootstrap
   over (run, fold) pairs (:func:`percentile_bootstrap.draw_counts` and
   :func:`percentile_bootstrap.percentile_interval`, ``--replicates`` draws), and the same
   two intervals of the paired difference (balanced minus prior, per fold).

**Target.** The quantity both intervals claim is the *expected CV mean*
``E[CV mean]`` over data sets and partitions for this data-generating process (the
review's phrase; the ``mu`` of Nadeau and Bengio 2003 for training size ``n (k - 1)/k``). With
stratified folds each test fold has fixed class counts, so a fold's balanced accuracy has
conditional expectation, given its training set, equal to the *population* balanced
accuracy of the classifier trained on it, which is exact for a linear rule on Gaussian
classes: ``(Phi((w.mu1 + b)/|w|) + Phi(-(w.mu0 + b)/|w|))/2``. So ``E[CV mean]`` is the
mean over the k folds' training-set class counts of the expected population balanced
accuracy of LDA trained on that many points. It is computed once per fold count by a
separate Monte Carlo of ``--target-draws`` training sets (class means and within-class
scatter drawn from their exact normal and Wishart (Bartlett) laws), with its own Monte
Carlo standard error; the simulation's grand mean of CV means is reported beside it as a
check (it estimates the same number). The target is *not* the accuracy of the classifier
trained on the whole data set, nor the realised data set's conditional error.

The ``learners`` commands (module ``benchmarks/coverage_learners.py``) do the same for the
pipeline's own learners (LDA, kNN, SVM, NBSVM, Dual-LexiBoost, RUSBoost, SMOTE+MLP) on
Gaussian problems of 10-50 minority points per fold and IR 4-40, with the target from an
independent Monte Carlo of training sets and a large test set, for balanced accuracy,
precision (undefined on folds without a minority prediction) and paired differences.
``learners-pooled`` reads the settings' version-2 files (each fold's confusion counts) and
gives the coverage of the pooled estimator -- each run's index of its summed confusion
matrix, the pipeline's ``run_indices.csv`` -- with the interval the pipeline decides with
within a problem, unconditional and given a decision, beside the fold mean's.

Writes ``benchmarks/results/coverage.json`` and prints a table; coverages carry their
Monte Carlo standard errors ``sqrt(c (1 - c)/S)``. Numbers measured on the project machine
are in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import time
from pathlib import Path

import numpy as np
from scipy import special

from percentile_bootstrap import draw_counts, percentile_interval
from imbeval.inference import cv_interval

RULES = ("prior", "balanced")


def _phi(z):
    return 0.5 * special.erfc(-z / np.sqrt(2.0))


def class_means(dims, separation):
    """Class means (minority first): 0 and ``separation/sqrt(p)`` in every coordinate."""
    mu1 = np.full(dims, separation / np.sqrt(dims))
    return np.zeros(dims), mu1


def lda_rules(m0, m1, scatter, n0, n1, shrinkage):
    """Direction and the two thresholds of shrinkage LDA from class means and scatter.

    Arrays broadcast over leading axes: ``m0, m1`` ``(..., p)``, ``scatter`` (the summed
    within-class scatter of both classes) ``(..., p, p)``, ``n0, n1`` ``(...)``. Returns
    ``w (..., p)`` and ``{rule: b (...)}``: predict the minority (class 1) when
    ``w.x + b > 0``.
    """
    p = m0.shape[-1]
    cov = scatter / (n0 + n1 - 2)[..., None, None]
    scale = np.trace(cov, axis1=-2, axis2=-1) / p
    cov = (1 - shrinkage) * cov + shrinkage * scale[..., None, None] * np.eye(p)
    w = np.linalg.solve(cov, (m1 - m0)[..., None])[..., 0]
    mid = -np.einsum("...p,...p->...", w, (m0 + m1) / 2)
    return w, {"prior": mid + np.log(n1 / n0), "balanced": mid}


def population_balanced_accuracy(w, b, mu0, mu1):
    """Exact balanced accuracy of ``w.x + b > 0`` on the two identity-covariance classes."""
    norm = np.linalg.norm(w, axis=-1)
    tpr = _phi((w @ mu1 + b) / norm)
    tnr = _phi(-(w @ mu0 + b) / norm)
    return (tpr + tnr) / 2


def fold_sizes(count, folds):
    """Class count of each stratified test fold (as ``count`` points dealt round-robin)."""
    return np.array([len(range(j, count, folds)) for j in range(folds)])


def target(folds, n, minority, dims, separation, shrinkage, draws, rng, chunk=50_000):
    """``E[CV mean]`` of each rule and of their difference, with Monte Carlo errors.

    For each fold's training class counts ``(N0, N1)``: ``draws`` training sets as
    sufficient statistics, class means ``N(mu_c, I/N_c)`` and within-class scatter
    ``Wishart(N0 + N1 - 2, I)`` (Bartlett), through :func:`lda_rules` and
    :func:`population_balanced_accuracy`; the folds' expectations are averaged.
    """
    mu0, mu1 = class_means(dims, separation)
    test1, test0 = fold_sizes(minority, folds), fold_sizes(n - minority, folds)
    per_fold = {rule: [] for rule in (*RULES, "difference")}
    for j in range(folds):
        n0, n1 = n - minority - test0[j], minority - test1[j]
        values = {rule: [] for rule in per_fold}
        left = draws
        while left > 0:
            m = min(chunk, left)
            left -= m
            m0 = mu0 + rng.standard_normal((m, dims)) / np.sqrt(n0)
            m1 = mu1 + rng.standard_normal((m, dims)) / np.sqrt(n1)
            # Bartlett: scatter = A A^T, A lower triangular, A_ii^2 ~ chi2(df - i)
            df = n0 + n1 - 2
            a = np.tril(rng.standard_normal((m, dims, dims)), -1)
            idx = np.arange(dims)
            a[:, idx, idx] = np.sqrt(rng.chisquare(df - idx, size=(m, dims)))
            scatter = a @ np.swapaxes(a, -1, -2)
            w, bs = lda_rules(m0, m1, scatter, np.float64(n0), np.float64(n1), shrinkage)
            ba = {rule: population_balanced_accuracy(w, bs[rule], mu0, mu1) for rule in RULES}
            ba["difference"] = ba["balanced"] - ba["prior"]
            for rule in values:
                values[rule].append(ba[rule])
        for rule in values:
            v = np.concatenate(values[rule])
            per_fold[rule].append((v.mean(), v.var(ddof=1) / v.size))
    return {rule: {"value": float(np.mean([m for m, _ in fv])),
                   "mc_se": float(np.sqrt(np.sum([s for _, s in fv])) / folds)}
            for rule, fv in per_fold.items()}


def stratified_folds(rng, shape, count, folds):
    """Fold of each of ``count`` points of one class, ``shape + (count,)``: a random
    permutation dealt round-robin (stratified k-fold)."""
    keys = rng.random((*shape, count))
    rank = np.argsort(np.argsort(keys, axis=-1), axis=-1)
    return rank % folds


def cv_balanced_accuracy(x, minority, runs, folds, shrinkage, rng):
    """Per-fold balanced accuracy of both rules on repeated stratified k-fold CV.

    ``x`` ``(S, n, p)``, the first ``minority`` points of each data set in class 1.
    Returns ``{rule: (S, runs, folds)}``. Every training set's class means and scatter are
    the data set's totals minus the test fold's (batched matrix products over the one-hot
    fold membership), so nothing loops over data sets, runs or folds.
    """
    s, n, p = x.shape
    cls = {1: x[:, :minority], 0: x[:, minority:]}
    onehot, stats = {}, {}
    for c, xc in cls.items():
        fold = stratified_folds(rng, (s, runs), xc.shape[1], folds)        # (S, r, nc)
        oh = (fold[..., None] == np.arange(folds)).astype(np.float64)      # (S, r, nc, k)
        oh = np.swapaxes(oh, -1, -2).reshape(s, runs * folds, xc.shape[1])  # (S, rk, nc)
        outer = (xc[..., :, None] * xc[..., None, :]).reshape(s, xc.shape[1], p * p)
        n_test = oh.sum(-1)                                                 # (S, rk)
        n_train = xc.shape[1] - n_test
        mean = (xc.sum(1)[:, None] - oh @ xc) / n_train[..., None]          # (S, rk, p)
        second = (outer.sum(1)[:, None] - oh @ outer).reshape(s, runs * folds, p, p)
        scatter = second - n_train[..., None, None] * mean[..., :, None] * mean[..., None, :]
        onehot[c], stats[c] = oh, (mean, scatter, n_train, n_test)
    (m0, s0, n0, t0), (m1, s1, n1, t1) = stats[0], stats[1]
    w, bs = lda_rules(m0, m1, s0 + s1, n0, n1, shrinkage)                  # (S, rk, p)
    out = {}
    for rule in RULES:
        rates = []
        for c, sign in ((1, 1.0), (0, -1.0)):
            score = cls[c] @ np.swapaxes(w, -1, -2) + bs[rule][:, None, :]  # (S, nc, rk)
            correct = (sign * score > 0).astype(np.float64)
            hits = np.einsum("sfn,snf->sf", onehot[c], correct)             # (S, rk)
            rates.append(hits / (t1 if c == 1 else t0))
        out[rule] = ((rates[0] + rates[1]) / 2).reshape(s, runs, folds)
    return out


def simulate(runs, folds, args, rng, chunk=200):
    """Fold values of every data set: ``{rule or 'difference': (S, runs, folds)}``."""
    mu0, mu1 = class_means(args.dims, args.separation)
    parts = {rule: [] for rule in (*RULES, "difference")}
    left = args.datasets
    while left > 0:
        m = min(chunk, left)
        left -= m
        x1 = mu1 + rng.standard_normal((m, args.minority, args.dims))
        x0 = mu0 + rng.standard_normal((m, args.n - args.minority, args.dims))
        ba = cv_balanced_accuracy(np.concatenate([x1, x0], axis=1), args.minority, runs,
                                  folds, args.shrinkage, rng)
        ba["difference"] = ba["balanced"] - ba["prior"]
        for rule in parts:
            parts[rule].append(ba[rule])
    return {rule: np.concatenate(v) for rule, v in parts.items()}


def intervals(values, level, replicates, seed, key):
    """Corrected t and bootstrap percentile intervals of every data set's CV mean."""
    s, runs, folds = values.shape
    corrected = np.array([cv_interval(v, level=level) for v in values])
    boot = np.empty((s, 2))
    for i, v in enumerate(values):
        counts = draw_counts(runs * folds, seed, "coverage", key, i, replicates=replicates)
        boot[i] = percentile_interval(counts @ v.ravel() / (runs * folds), level=level)
    return {"corrected_t": corrected, "bootstrap_percentile": boot}


def summarise(ci, truth):
    inside = (ci[:, 0] <= truth) & (truth <= ci[:, 1])
    c = float(inside.mean())
    miss_low, miss_high = float((truth < ci[:, 0]).mean()), float((truth > ci[:, 1]).mean())
    return {"coverage": c, "mc_se": float(np.sqrt(c * (1 - c) / len(ci))),
            "miss_below": miss_high, "miss_above": miss_low,
            "median_width": float(np.median(ci[:, 1] - ci[:, 0]))}


def _pct(value, se=None):
    if value is None or not math.isfinite(value):
        return "–"
    return f"{value:.1%}" if se is None or not math.isfinite(se) else f"{value:.1%} ± {se:.1%}"


def _print_pooled(rows, out, markdown):
    """The pooled estimator's coverage table (``learners-pooled``): per setting, design,
    learner and quantity, for each estimator (the pipeline's pooled run values, the fold
    mean, the pooled value with a delta-method interval) the coverage unconditional and
    given a decision (± Monte Carlo errors), the share undecidable, the misses below / above
    (shares of all data sets) and the median width of the decided intervals; for the pooled
    run values also the ``n_test/n_train`` their interval would have needed."""
    names = {"pooled": "pooled (pipeline)", "fold_mean": "fold mean", "pooled_delta":
             "pooled, delta over folds"}
    head = ["setting", "design", "learner", "quantity", "data sets", "pooled target ± MC"]
    for e, label in names.items():
        head += [f"{label}: coverage", "given a decision", "undecidable", "below / above",
                 "width"] + (["needed ratio"] if e == "pooled" else [])
    lines = []
    for r in rows:
        cells = [f"m {r['m']}, IR {r['ir']:g}", r["design"], r["learner"], r["quantity"],
                 str(r["datasets"]),
                 f"{r['pooled_target']:.3f} ± {r['pooled_target_mc_se']:.3f}"]
        for e in names:
            width = r[f"{e}_median_width"]
            cells += [_pct(r[f"{e}_coverage"], r[f"{e}_mc_se"]),
                      _pct(r[f"{e}_coverage_decided"], r[f"{e}_decided_mc_se"]),
                      _pct(1 - r[f"{e}_decided"]),
                      f"{_pct(r[f'{e}_below'])} / {_pct(r[f'{e}_above'])}",
                      "–" if not math.isfinite(width) else f"{width:.3f}"]
            if e == "pooled":
                need = r["pooled_needed_ratio"]
                cells.append("–" if not math.isfinite(need) else f"{need:.2f}")
        lines.append(cells)
    if markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for cells in lines:
            print("| " + " | ".join(cells) + " |")
    else:
        print("\t".join(head))
        for cells in lines:
            print("\t".join(cells))
        print(f"written {out}")
    return 0


def learners_main(argv):
    """``learners``: simulate settings of the pipeline's own learners (resumable);
    ``learners-summary``: the coverage table from what has been simulated so far."""
    import coverage_learners as cl

    parser = argparse.ArgumentParser(prog="coverage.py learners",
                                     description=cl.__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("learners", "learners-summary", "learners-pooled"))
    parser.add_argument("--settings", default="m10_ir9_k3,m10_ir9_k5",
                        help="comma-separated m<minority per fold>_ir<IR>_k<folds>")
    parser.add_argument("--learners", default=",".join(cl.LEARNER_NAMES))
    parser.add_argument("--datasets", type=int, default=200, help="simulated data sets")
    parser.add_argument("--target-draws", type=int, default=200,
                        help="training sets of the target's Monte Carlo")
    parser.add_argument("--test-size", type=int, default=10_000,
                        help="test points per class of each target draw")
    parser.add_argument("--dims", type=int, default=5)
    parser.add_argument("--separation", type=float, default=1.5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-seconds", type=float, default=math.inf,
                        help="stop a setting after this long (resume later)")
    parser.add_argument("--out", default=None,
                        help="summary CSV (default benchmarks/results/coverage_learners.csv, "
                             "coverage_learners_pooled.csv for learners-pooled)")
    parser.add_argument("--markdown", action="store_true",
                        help="learners-summary, learners-pooled: print the table as Markdown")
    parser.add_argument("--designs", default="",
                        help="learners-pooled: print only these designs (e.g. 5x5; the CSV "
                             "keeps all)")
    args = parser.parse_args(argv)
    if args.out is None:
        name = ("coverage_learners_pooled.csv" if args.command == "learners-pooled"
                else "coverage_learners.csv")
        args.out = str(cl.RESULTS.parent / name)
    if args.command == "learners-pooled":
        rows = cl.pooled_summary(args.out)
        keep = {d for d in args.designs.split(",") if d}
        return _print_pooled([r for r in rows if not keep or r["design"] in keep], args.out,
                             args.markdown)
    if args.command == "learners-summary" and args.markdown:
        rows = cl.summary(args.out)
        print("| setting | design | learner | quantity | data sets | target ± MC | "
              "Nadeau-Bengio | n_test/n_train = 2 | decision rule (undecidable) |")
        print("|---|---|---|---|---|---|---|---|---|")
        for r in rows:
            cov = lambda k: f"{r[k + '_coverage']:.1%} ± {r[k + '_mc_se']:.1%}"  # noqa: E731
            print(f"| m {r['m']}, IR {r['ir']:g} | {r['design']} | {r['learner']} | "
                  f"{r['quantity']} | {r['datasets']} | {r['target']:.3f} ± "
                  f"{r['target_mc_se']:.3f} | {cov('nadeau_bengio')} | "
                  f"{cov('test_to_train_2')} | {cov('shipped')} "
                  f"({r['shipped_undecidable']:.0%}) |")
        return 0
    if args.command == "learners-summary":
        rows = cl.summary(args.out)
        print(f"{'setting':13} {'design':6} {'learner':15} {'quantity':13} {'S':>4} "
              f"{'target':>14} {'N-B coverage':>15} {'ratio 2':>15} {'shipped':>15} "
              f"{'needed':>7} {'below':>6} {'undec.':>6}")
        for r in rows:
            print(f"{r['setting']:13} {r['design']:6} {r['learner']:15} {r['quantity']:13} "
                  f"{r['datasets']:4d} {r['target']:7.4f}±{r['target_mc_se']:.4f} "
                  f"{r['nadeau_bengio_coverage']:8.1%}±{r['nadeau_bengio_mc_se']:5.1%} "
                  f"{r['test_to_train_2_coverage']:8.1%}±{r['test_to_train_2_mc_se']:5.1%} "
                  f"{r['shipped_coverage']:8.1%}±{r['shipped_mc_se']:5.1%} "
                  f"{r.get('needed_ratio', math.nan):7.3f} {r['nadeau_bengio_below']:6.1%} "
                  f"{r['shipped_undecidable']:6.1%}")
        print(f"written {args.out}")
        return 0
    learners = [n for n in args.learners.split(",") if n]
    unknown = sorted(set(learners) - set(cl.LEARNER_NAMES))
    if unknown:
        raise SystemExit(f"unknown learners {unknown}; known: {', '.join(cl.LEARNER_NAMES)}")
    for setting in args.settings.split(","):
        cl.parse_setting(setting)
        cl.run(setting, learners, args)
    return 0


def main(argv=None):
    import sys

    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in ("learners", "learners-summary", "learners-pooled"):
        return learners_main(argv)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--datasets", type=int, default=2000, help="simulated data sets per setting")
    parser.add_argument("--settings", default="5x5,2x3,1x5", help="runs x folds, comma-separated")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--replicates", type=int, default=2000,
                        help="bootstrap replicates (the pipeline's REPLICATES by default)")
    parser.add_argument("--target-draws", type=int, default=400_000,
                        help="training sets per fold for the target's Monte Carlo")
    parser.add_argument("--n", type=int, default=250, help="points per data set")
    parser.add_argument("--minority", type=int, default=50, help="minority points (4:1 at 50/250)")
    parser.add_argument("--dims", type=int, default=5)
    parser.add_argument("--separation", type=float, default=1.5,
                        help="Mahalanobis distance between the class means")
    parser.add_argument("--shrinkage", type=float, default=0.1)
    parser.add_argument("--level", type=float, default=0.95)
    parser.add_argument("--out", default=str(Path(__file__).parent / "results" / "coverage.json"))
    args = parser.parse_args(argv)
    settings = []
    for item in args.settings.split(","):
        r, k = (int(v) for v in item.lower().split("x"))
        if r < 1 or k < 2 or args.minority < k:
            raise SystemExit(f"bad setting {item!r}: runs >= 1, 2 <= folds <= --minority")
        settings.append((r, k))
    if args.datasets < 10 or not 0 < args.minority < args.n:
        raise SystemExit("--datasets >= 10 and 0 < --minority < --n")

    load_before = os.getloadavg()
    start = time.perf_counter()
    targets = {}
    for k in sorted({k for _, k in settings}):
        rng = np.random.default_rng([args.seed, 1, k])
        targets[k] = target(k, args.n, args.minority, args.dims, args.separation,
                            args.shrinkage, args.target_draws, rng)
    target_seconds = time.perf_counter() - start
    rows = []
    for r, k in settings:
        t0 = time.perf_counter()
        values = simulate(r, k, args, np.random.default_rng([args.seed, 2, r, k]))
        sim_seconds = time.perf_counter() - t0
        for quantity, v in values.items():
            truth = targets[k][quantity]["value"]
            means = v.mean(axis=(1, 2))
            s2 = float(v.reshape(len(v), -1).var(axis=1, ddof=1).mean())   # E[s^2]
            cis = intervals(v, args.level, args.replicates, args.seed, f"{r}x{k}:{quantity}")
            rows.append({
                "setting": f"{r}x{k}", "runs": r, "folds": k, "quantity": quantity,
                "target": truth, "target_mc_se": targets[k][quantity]["mc_se"],
                "grand_mean": float(means.mean()),
                "grand_mean_se": float(means.std(ddof=1) / np.sqrt(len(means))),
                "sd_cv_mean": float(means.std(ddof=1)),
                "rms_corrected_se": float(np.sqrt((1 / (r * k) + 1 / (k - 1)) * s2)),
                # the n_test/n_train that would make the corrected variance unbiased here
                "needed_test_to_train": float(means.var(ddof=1) / s2 - 1 / (r * k)),
                "simulation_seconds": sim_seconds,
                **{name: summarise(ci, truth) for name, ci in cis.items()},
            })
    seconds = time.perf_counter() - start
    load_after = os.getloadavg()
    result = {
        "args": vars(args), "targets": {str(k): t for k, t in targets.items()},
        "rows": rows, "seconds": seconds, "target_seconds": target_seconds,
        "load_before": load_before, "load_after": load_after,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "platform": platform.platform(), "numpy": np.__version__},
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n")

    print(f"{args.datasets} data sets per setting, n = {args.n} ({args.minority} minority), "
          f"p = {args.dims}, separation {args.separation}, shrinkage {args.shrinkage}, "
          f"{args.replicates} bootstrap replicates, level {args.level}")
    print(f"{'setting':7} {'quantity':10} {'target':>8} {'sim mean':>8} "
          f"{'corrected t':>16} {'width':>6} {'bootstrap':>16} {'width':>6} {'sd':>6} {'se':>6} "
          f"{'ratio':>6}")
    for row in rows:
        c, b = row["corrected_t"], row["bootstrap_percentile"]
        print(f"{row['setting']:7} {row['quantity']:10} {row['target']:8.4f} "
              f"{row['grand_mean']:8.4f} "
              f"{c['coverage']:7.1%} ± {c['mc_se']:5.1%} {c['median_width']:6.3f} "
              f"{b['coverage']:7.1%} ± {b['mc_se']:5.1%} {b['median_width']:6.3f} "
              f"{row['sd_cv_mean']:6.4f} {row['rms_corrected_se']:6.4f} "
              f"{row['needed_test_to_train']:6.3f}")
    print("sd: spread of the CV mean over data sets; se: root mean corrected variance; "
          "ratio: the n_test/n_train that would make\nse^2 unbiased for sd^2 (the interval "
          "uses 1/(k - 1): 0.25 for 5 folds, 0.5 for 3)")
    print(f"{seconds:.1f} s (target Monte Carlo {target_seconds:.1f} s); load average before "
          f"{load_before[0]:.1f}, after {load_after[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
