"""Coverage of the intervals of numbers over problems and of minima over cells.

Usage::

    nice -n 10 python benchmarks/crossed_concepts.py [--reps 2000] [--seed 31]
        [--config config/config.yaml] [--level 0.95]

Four simulations, each printed as a table and written to
``benchmarks/results/crossed_concepts.json`` (numbers in docs/performance.md):

1. **Crossed concepts, the default designs.** The default config's 12 two-class and 10
   multi-class stand-in problems (read from ``--config``) are made of ten shared
   Fashion-MNIST concepts. Per replicate, every concept draws an effect ``a_c`` and every
   problem a noise ``e_p``; a problem's number is ``y_p = Σ_c w_pc a_c + e_p`` (two-class:
   the minority concept weighs 1/2, the majority concepts share 1/2; multi-class: equal
   weights), target ``E y_p = 0``: the claims are about the indices on such problems, not on
   these ten concepts. Effects are normal or skewed (standardised Gamma(2), skewness 1.4);
   the concept SD is 0.5, 1 or 2 times the problem SD. Intervals at ``--level``: the naive t
   over problems (``n - 1`` df), a multiway-robust variance (every pair of problems that
   shares a concept may correlate: ``Σ_{p,q share} r_p r_q / n²``, Cameron, Gelbach and
   Miller 2011's estimator with the shared-concept indicator, ``C - 1`` df) and the shipped
   delete-one-concept jackknife (:func:`imbeval.inference.concept_jackknife`, ``C - 1`` df).
2. **Fewer concepts.** Random two-class designs like the default's (12 problems, a
   minority concept against two majority concepts) on ``C`` = 4 ... 12 concepts: the
   jackknife's coverage as ``C`` falls, which sets :data:`imbeval.inference.MIN_CONCEPTS`.
3. **Independent units.** The t interval over ``n`` independent units (KEEL's families;
   :func:`imbeval.inference.cluster_estimate`), normal and skewed (Gamma(4), skewness 1;
   exponential, skewness 2): its coverage at ``n`` = 5 ... 20, which justifies
   :data:`imbeval.inference.MIN_DECISIVE_UNITS`.
4. **Minima over cells** (Fig. 5). ``K`` cells, each with 6 fold values (the default 2 × 3
   design) drawn independently around its mean, each cell's exact t interval; the minimum's
   interval by the shipped :func:`imbeval.inference.minimum_of` (low end ``min L_k`` at the
   level, high end ``min U_k`` Bonferroni), by the Bonferroni box on both ends and by "the observed argmin cell's own upper end" (no multiplicity on
   the high end). Cell means: all tied, one clearly lowest, or spread; coverage of the true
   minimum and how far the low end lies below it.
5. **Fig. 5's gap**, ``min over (dataset, AUROC, normalised index) of (minimum of the AUROC
   cells - minimum of the normalised index's cells)``: 2 datasets, 10 cells per (dataset,
   index), 6 fold values per cell, every AUROC cell at 0.1 and every other at 0 (all tied:
   the hardest case for the unions), by the shipped
   :func:`imbeval.inference.gap_interval` and by the Bonferroni box over all 80 cells.

Coverages carry their Monte Carlo standard errors ``sqrt(c (1 - c)/reps)``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
import yaml
from scipy import stats

from imbeval.inference import (concept_jackknife, cv_estimate, gap_interval, minimum_of,
                               simultaneous)

ROOT = Path(__file__).resolve().parents[1]


def default_designs(config: Path) -> dict:
    """``{"two-class": [(concepts, weights)], "multi-class": [...]}`` of the config's
    stand-in problems (the weights of ``y_p``'s concept effects, see the docstring)."""
    def find(node, key):
        if isinstance(node, dict):
            if key in node and isinstance(node[key], list):
                return node[key]
            for v in node.values():
                found = find(v, key)
                if found is not None:
                    return found
        return None

    cfg = yaml.safe_load(config.read_text(encoding="utf-8"))
    two = [([p["minority"], *p["majority"]],
            [0.5] + [0.5 / len(p["majority"])] * len(p["majority"]))
           for p in find(cfg, "two_class")]
    multi = [(list(p["classes"]), [1.0 / len(p["classes"])] * len(p["classes"]))
             for p in find(cfg, "multi_class")]
    return {"two-class": two, "multi-class": multi}


def _draw(rng, shape, kind):
    if kind == "normal":
        return rng.standard_normal(shape)
    if kind == "gamma2":
        return (rng.gamma(2.0, size=shape) - 2.0) / np.sqrt(2.0)
    if kind == "gamma4":
        return (rng.gamma(4.0, size=shape) - 4.0) / 2.0
    if kind == "exponential":
        return rng.exponential(size=shape) - 1.0
    raise ValueError(kind)


def _weights(design, concepts):
    index = {c: i for i, c in enumerate(concepts)}
    w = np.zeros((len(design), len(concepts)))
    for p, (members, weights) in enumerate(design):
        for c, x in zip(members, weights):
            w[p, index[c]] += x
    return w


def crossed(design, reps, rng, level, concept_sd, kind):
    """Coverage of 0 by the naive t, the multiway-robust t and the jackknife."""
    concepts = sorted({c for members, _ in design for c in members})
    w = _weights(design, concepts)
    n, c = w.shape
    share = (w > 0).astype(float) @ (w > 0).T.astype(float) > 0
    names = {f"p{i}": set(members) for i, (members, _) in enumerate(design)}
    hits = {"naive t": 0, "multiway-robust": 0, "jackknife": 0}
    widths = {k: [] for k in hits}
    for _ in range(reps):
        y = w @ (concept_sd * _draw(rng, c, kind)) + _draw(rng, n, kind)
        mean = y.mean()
        r = y - mean
        t_n = stats.t.ppf(1 - (1 - level) / 2, n - 1)
        t_c = stats.t.ppf(1 - (1 - level) / 2, c - 1)
        half = {"naive t": t_n * y.std(ddof=1) / np.sqrt(n),
                "multiway-robust": t_c * np.sqrt(max(float(r @ share @ r), 0.0)) / n}
        jk = concept_jackknife({p: float(v) for p, v in zip(names, y)}, names, min_concepts=0)
        low, high = jk.interval(level)
        half["jackknife"] = (high - low) / 2
        for k, h in half.items():
            hits[k] += abs(mean) <= h
            widths[k].append(2 * h)
    return {k: (hits[k] / reps, float(np.median(widths[k]))) for k in hits}


def random_design(rng, n_concepts, n_problems=12):
    """Two-class problems like the default's: one minority concept against two others."""
    design = []
    for _ in range(n_problems):
        members = [str(x) for x in rng.choice(n_concepts, size=3, replace=False)]
        design.append((members, [0.5, 0.25, 0.25]))
    return design


def independent(n, reps, rng, level, kind):
    y = _draw(rng, (reps, n), kind)
    half = stats.t.ppf(1 - (1 - level) / 2, n - 1) * y.std(axis=1, ddof=1) / np.sqrt(n)
    return float(np.mean(np.abs(y.mean(axis=1)) <= half))


def minima(theta, reps, rng, level, folds=6, check=20):
    """Coverage of ``min(theta)`` by three intervals of the minimum of cell means."""
    k = theta.size
    alpha = 1 - level
    x = theta[None, :, None] + rng.standard_normal((reps, k, folds))
    mean, se = x.mean(axis=2), x.std(axis=2, ddof=1) / np.sqrt(folds)
    q = stats.t.ppf
    low_each = mean - q(1 - alpha / 2, folds - 1) * se
    low_bonf = mean - q(1 - alpha / (2 * k), folds - 1) * se
    high_each = mean + q(1 - alpha / 2, folds - 1) * se
    high_bonf = mean + q(1 - alpha / (2 * k), folds - 1) * se
    argmin = mean.argmin(axis=1)
    rows = np.arange(reps)
    intervals = {
        "shipped (asymmetric)": (low_each.min(axis=1), high_bonf.min(axis=1)),
        "Bonferroni both ends": (low_bonf.min(axis=1), high_bonf.min(axis=1)),
        "observed argmin's own high end": (low_bonf.min(axis=1), high_each[rows, argmin]),
    }
    # the shipped function gives the formula's interval (test_to_train=0: folds independent)
    for i in range(min(check, reps)):
        cells = [cv_estimate(x[i, j], test_to_train=0.0) for j in range(k)]
        got = minimum_of(cells).interval(level)
        want = intervals["shipped (asymmetric)"]
        assert np.allclose(got, (want[0][i], want[1][i])), (got, want[0][i], want[1][i])
    target = theta.min()
    out = {}
    for name, (lo, hi) in intervals.items():
        out[name] = {"coverage": float(np.mean((lo <= target) & (target <= hi))),
                     "below": float(np.mean(hi < target)), "above": float(np.mean(lo > target)),
                     "low end below the minimum": float(np.median(target - lo))}
    return out


def gap(reps, rng, level, folds=6, cells=10, problems=("p", "q")):
    """Coverage of the true gap (0.1) by the shipped gap interval and the Bonferroni box."""
    names = {"auroc_ova": 0.1, "auroc_ovo": 0.1, "acsa": 0.0, "nauroc_ova": 0.0}
    keys = [(p, n) for p in problems for n in names]
    hits = {"shipped gap_interval": 0, "Bonferroni box": 0}
    lows = {k: [] for k in hits}
    for _ in range(reps):
        est = {key: [cv_estimate(names[key[1]] + rng.standard_normal(folds), test_to_train=0.0)
                     for _ in range(cells)] for key in keys}
        ups = {k: v for k, v in est.items() if k[1].startswith("auroc")}
        downs = {k: v for k, v in est.items() if not k[1].startswith("auroc")}
        terms = [(u, d) for u in ups for d in downs if u[0] == d[0]]
        least = {k: min(c.value for c in v) for k, v in est.items()}
        value = min(least[u] - least[d] for u, d in terms)
        flat = [c for k in keys for c in est[k]]
        spans = {k: slice(i * cells, (i + 1) * cells) for i, k in enumerate(keys)}

        def box(lo, hi):
            return (min(lo[spans[u]].min() - hi[spans[d]].min() for u, d in terms),
                    min(hi[spans[u]].min() - lo[spans[d]].min() for u, d in terms))
        for name, e in (("shipped gap_interval", gap_interval(ups, downs, terms, value)),
                        ("Bonferroni box", simultaneous(flat, box, value))):
            lo, hi = e.interval(level)
            hits[name] += lo <= 0.1 <= hi
            lows[name].append(0.1 - lo)
    return {k: {"coverage": hits[k] / reps, "low end below the gap": float(np.median(lows[k]))}
            for k in hits}


def _se(c, reps):
    return 100 * np.sqrt(c * (1 - c) / reps)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--level", type=float, default=0.95)
    ap.add_argument("--config", type=Path, default=ROOT / "config" / "config.yaml")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" /
                    "crossed_concepts.json")
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    started = time.perf_counter()
    result = {"reps": args.reps, "seed": args.seed, "level": args.level}

    print(f"1. crossed concepts, default designs ({args.reps} reps; coverage % ± MC error, "
          "median width)")
    designs = default_designs(args.config)
    result["crossed"] = []
    for name, design in designs.items():
        for kind in ("normal", "gamma2"):
            for sd in (0.5, 1.0, 2.0):
                cov = crossed(design, args.reps, rng, args.level, sd, kind)
                result["crossed"].append({"design": name, "effects": kind, "concept_sd": sd,
                                          **{k: v for k, v in cov.items()}})
                print(f"  {name:11s} {kind:7s} concept SD {sd:3.1f}: " + "; ".join(
                    f"{k} {100 * c:5.1f} ± {_se(c, args.reps):.1f} ({w:.3f})"
                    for k, (c, w) in cov.items()))

    print("2. jackknife with fewer concepts (random two-class designs, 12 problems)")
    result["fewer"] = []
    for n_concepts in (4, 5, 6, 8, 10, 12):
        for kind in ("normal", "gamma2"):
            design = random_design(np.random.default_rng([args.seed, n_concepts]), n_concepts)
            cov = crossed(design, args.reps, rng, args.level, 1.0, kind)
            result["fewer"].append({"concepts": n_concepts, "effects": kind,
                                    "jackknife": cov["jackknife"], "naive t": cov["naive t"]})
            c = cov["jackknife"][0]
            print(f"  C = {n_concepts:2d} {kind:7s}: jackknife {100 * c:5.1f} ± "
                  f"{_se(c, args.reps):.1f}; naive t {100 * cov['naive t'][0]:5.1f}")

    print("3. t interval over independent units")
    result["independent"] = []
    for n in (5, 8, 10, 15, 20):
        row = {kind: independent(n, 10 * args.reps, rng, args.level, kind)
               for kind in ("normal", "gamma4", "exponential")}
        result["independent"].append({"units": n, **row})
        print(f"  n = {n:2d}: " + "; ".join(f"{k} {100 * c:5.1f} ± {_se(c, 10 * args.reps):.1f}"
                                           for k, c in row.items()))

    print("4. minima over cells (6 folds per cell, unit fold SD)")
    result["minima"] = []
    scenarios = {"20 tied": np.zeros(20), "1 lowest by 3, 19 tied": np.r_[-3.0, np.zeros(19)],
                 "20 spread over 0-3": np.linspace(0, 3, 20), "60 tied": np.zeros(60)}
    for name, theta in scenarios.items():
        res = minima(theta, 5 * args.reps, rng, args.level)
        result["minima"].append({"cells": name, **res})
        for method, r in res.items():
            c = r["coverage"]
            print(f"  {name:22s} {method:31s}: {100 * c:5.1f} ± {_se(c, 5 * args.reps):.1f} "
                  f"(misses low {100 * r['above']:.1f}, high {100 * r['below']:.1f}); low end "
                  f"{r['low end below the minimum']:.2f} below the minimum")
    n_gap = max(args.reps // 4, 1)
    print(f"5. Fig. 5's gap (2 datasets x 4 indices x 10 cells, all tied; {n_gap} reps)")
    result["gap"] = gap(n_gap, rng, args.level)
    for method, r in result["gap"].items():
        c = r["coverage"]
        print(f"  {method:22s}: {100 * c:5.1f} ± {_se(c, n_gap):.1f}; low end "
              f"{r['low end below the gap']:.2f} below the gap")
    result["seconds"] = round(time.perf_counter() - started, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1), encoding="utf-8")
    print(f"{result['seconds']} s; written to {args.out}")


if __name__ == "__main__":
    main()
