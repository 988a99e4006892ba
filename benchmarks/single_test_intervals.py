"""Coverage of the one-test-set intervals (imbeval.metrics.interval) per index and method,
with the peers' intervals in the same runs; the table "auto" reads; and the speed of the
posterior for every index.

Usage::

    # a selection run and an independent validation run (another seed), then the table
    python benchmarks/single_test_intervals.py --seed 0 --replicates 200 --chunk 100 \\
        --draws 200 --boot-share 0.25 --paired-replicates 0 --peer-replicates 0 \\
        --out SELECTION.csv [--resume]
    python benchmarks/single_test_intervals.py --seed 1 --replicates 1000 \\
        --replicates-c10 1000 --chunk 100 --draws 200 --boot-share 0.2 \\
        --paired-replicates 0 --peer-replicates 0 --out VALIDATION.csv [--resume]
    # a run's batches may be split between processes (one resumed from a state that
    # marks the others' batches done) and summed
    python benchmarks/single_test_intervals.py merge --runs PART1.csv PART2.csv \\
        --out VALIDATION.csv
    python benchmarks/single_test_intervals.py table --selection SELECTION.csv \\
        --validation VALIDATION.csv --paired-from OLD_TABLE.csv.gz  # the shipped table
    python benchmarks/single_test_intervals.py goal      # share of regimes >= 94 % per index
    python benchmarks/single_test_intervals.py cases     # the three test sets of docs/metrics.md
    python benchmarks/single_test_intervals.py summary
    # the peers on the same test sets as imbeval's auto and methods (their virtualenv)
    python benchmarks/single_test_intervals.py --seed 2 --replicates 200 \\
        --peer-replicates 200 --paired-replicates 0 --chunk 100 --draws 1000 \\
        --methods auto,dirichlet,delta,logit,bootstrap,wilson,jeffreys \\
        --indices accuracy,f1,precision,sensitivity,macro_f1,acsa,mcc,kappa,macro_precision \\
        --out PEERS.csv
    python benchmarks/single_test_intervals.py peers [--peers-csv PEERS.csv]
    python benchmarks/single_test_intervals.py speed [--draws 10000] [--classes 10]
    python benchmarks/single_test_intervals.py user-speed [--labels 10000] [--classes 10]
    python benchmarks/single_test_intervals.py boundary [--replicates 400] [--draws 1000]

Peers (optional, in a virtualenv of their own; never required by imbeval):
``pip install confidenceinterval==1.0.5 prob-conf-mat==0.4.0``; a peer not importable is
left out and the output says so. With ``--peer-replicates N`` the first N test sets of
each regime also get the peers' intervals (prob-conf-mat at its named prior 0.5 and at its
default 0, ``prob-conf-mat-haldane``), test set by test set; ``--methods`` and
``--indices`` restrict imbeval's side to what the peers cover. ``peers`` prints
docs/metrics.md's table from that run's CSV, shipped as
``benchmarks/results/single_test_intervals_peers.csv`` (no peer needed to reprint it).

**Regimes.** Classes C in {2, 3, 5, 10}, smallest class m in {5, 10, 20, 50, 100, 500}
test points, imbalance ratio IR in {1, 10, 100} (class priors geometric from the smallest,
row 0, to IR times it): 72 regimes. Each replicate draws its own population classifier
(each class's recall one of 0.2, 0.5, 0.7, 0.9, 0.99 at random, its errors spread over the
other classes by a Dirichlet(1)), then a test set ``Multinomial(n, P)`` with ``n = m /
prior of the smallest class``: the coverage of a regime is averaged over the classifiers it
holds, one quantity that runs at two seeds both estimate.

**Vectorised.** Without peers (``--peer-replicates 0``) a batch's test sets are made at
once: every index of all of them on one stack of posterior draws, of bootstrap resamples
(the first ``--boot-share`` of the test sets: its draws cost as much as the posterior's),
of the delta method's and the logit interval's perturbed matrices; Wilson and Jeffreys in
closed form. The intervals are those of :func:`imbeval.metrics._ci.matrix_intervals`
(tests/unit/test_metrics_interval_logit.py compares them).

**Target.** The index of the population matrix ``n · P`` (what a test set's index
estimates); a replicate whose target is undefined does not count for that index.

**Coverage.** Per replicate test set, each method's interval at every nominal level of
LEVELS (95 % and the higher levels "auto" may calibrate a 95 % request to: the run's
rows have a ``level`` column); coverage = the share of
replicates with a defined interval that contain the target (``covered`` of ``defined``),
``undefined`` = the share without one (the index undefined on the test set, or on every
draw). Monte Carlo standard error ``sqrt(c (1 - c) / defined)`` is written beside it.

**Paired.** Two classifiers per replicate (C in {2, 5}): B agrees with A on a point with
probability 0.7, else predicts from its own population row; the target is
``index(n P_A) - index(n P_B)``.

**Batches.** A run goes over all regimes in batches of ``--chunk`` replicates (paired:
half), each batch with random streams of its own, and keeps its tallies in
``OUT.state.json`` after each regime: ``--resume`` goes on from there, and a run stopped
between batches has every regime at one count.

**Selection and validation.** "auto" chooses on the selection run and is offered where an
independent validation run (another seed: other classifiers, other test sets) supports the
choice (the rules: :mod:`imbeval.metrics._ci`). ``table`` writes both runs' counts per index
x method x regime to ``src/imbeval/metrics/ci_coverage.csv.gz``; ``summary`` prints
docs/metrics.md's tables from it and redraws docs/ci-coverage.png. docs/metrics.md has the numbers of the project machine.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import time
import warnings
from pathlib import Path

import numpy as np

from imbeval.indices import compute, registry
from imbeval.inference._coverage import level_column
from imbeval.metrics._ci import (CALIBRATION_LEVELS, CLASSES_GRID, IMBALANCE_GRID,
                                 MIN_CLASS_GRID, matrix_intervals)
from imbeval.metrics._ci_methods import RATES

ROOT = Path(__file__).resolve().parent
METHODS = ("dirichlet", "delta", "logit", "bootstrap", "wilson", "jeffreys")
#: the recall of each class of a population classifier: one of these, at random
RECALL_LEVELS = (0.2, 0.5, 0.7, 0.9, 0.99)
PAIRED_METHODS = ("dirichlet", "delta", "bootstrap")
FIELDS = ("kind", "index", "method", "classes", "min_class", "imbalance", "level", "replicates",
          "defined", "covered", "coverage", "mc_se", "undefined", "width")


def population(c, m, ir, rng):
    """(P, n): cell probabilities of a population classifier and the test set's size."""
    priors = ir ** (np.arange(c) / max(c - 1, 1))  # row 0 the smallest class
    priors = priors / priors.sum()
    rows = np.zeros((c, c))
    for k in range(c):
        recall = rng.choice(RECALL_LEVELS)
        errors = rng.dirichlet(np.ones(c - 1)) * (1 - recall)
        rows[k, k] = recall
        rows[k, np.arange(c) != k] = errors
    return priors[:, None] * rows, int(math.ceil(m / priors[0]))


def paired_population(c, m, ir, rng, agree=0.7):
    """Joint cell probabilities (true, A, B) of two classifiers, and n."""
    pa, n = population(c, m, ir, rng)
    pb, _ = population(c, m, ir, rng)
    ra, rb = pa / pa.sum(axis=1, keepdims=True), pb / pb.sum(axis=1, keepdims=True)
    priors = pa.sum(axis=1)
    # B copies A's prediction with probability `agree`, else predicts from its own row
    joint = priors[:, None, None] * ra[:, :, None] * (
        agree * np.eye(c)[None, :, :] + (1 - agree) * rb[:, None, :])
    return joint, n


def names_for(c):
    return [n for n, i in registry(catalogue=True).items()
            if (i.scope != "two-class" or c == 2) and n != "macro_averaged_mae"]


def _targets(counts, names, paired):
    if not paired:
        return {k: float(v) for k, v in compute(counts, names=names).items()}
    a = compute(counts.sum(axis=-1), names=names)
    b = compute(counts.sum(axis=-2), names=names)
    return {k: float(a[k]) - float(b[k]) for k in names}


def _tally(store, key, target, est):
    row = store.setdefault(key, [0, 0, 0, 0.0])  # replicates, defined, covered, widths
    row[0] += 1
    if est is None or not (math.isfinite(est[0]) and math.isfinite(est[1])):
        return
    row[1] += 1
    # a relative tolerance: a target on the interval's end (a point interval) counts
    tol = 1e-9 * max(1.0, abs(target))
    row[2] += int(est[0] - tol <= target <= est[1] + tol)
    row[3] += est[1] - est[0]


def run_regime(kind, c, m, ir, args, peers, store, chunk=0, reps=None):
    """Tally every index x method of one regime: each replicate draws its own population
    classifier and then its test set, so the coverage is the regime's (averaged over the
    population classifiers it holds) and two seeds measure the same quantity.

    ``chunk`` numbers a batch of ``reps`` replicates with a stream of its own (replicates
    ``chunk * reps ...``), so that a run adds batches over all regimes in turn."""
    rng = np.random.default_rng([args.seed, c, m, ir, kind == "paired", chunk])
    paired = kind == "paired"
    make = paired_population if paired else population
    all_names = [k for k in names_for(c) if not args.indices or k in args.indices]
    methods = PAIRED_METHODS if paired else (args.methods or METHODS)
    if reps is None:
        reps = args.paired_replicates if paired else args.replicates
    for r in range(chunk * reps, (chunk + 1) * reps):
        probs, n = make(c, m, ir, rng)
        targets = _targets(n * probs, all_names, paired)
        # an index whose population value is undefined has no target in this replicate
        names = [k for k in all_names if math.isfinite(targets[k])]
        counts = rng.multinomial(n, probs.ravel()).reshape(probs.shape).astype(float)
        for method in methods:  # "auto": what a user gets, chosen per test set
            use = [k for k in names if k in RATES] if method in ("wilson", "jeffreys") \
                else names
            if not use:
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                out = matrix_intervals(counts, use, ci_method=method, draws=args.draws,
                                       seed=[args.seed, r, c, m, ir], paired=paired)
            for k in use:
                _tally(store, (kind, k, method, c, m, ir, LEVELS[0]), targets[k],
                       (out[k].low, out[k].high))
        if not paired and r < args.peer_replicates:  # the first replicates of each regime
            for peer, run in peers.items():
                for k, est in run(counts, c, [args.seed, r, c, m, ir, 1]).items():
                    if k in names:
                        _tally(store, (kind, k, peer, c, m, ir, LEVELS[0]), targets[k],
                               None if est is None else est[1])


def _row_quantiles(values, qs):
    """Per row of ``values`` (test sets x draws), the quantiles ``qs`` of its finite
    entries as :func:`numpy.quantile` gives them (linear); NaN for a row with none."""
    v = np.where(np.isfinite(values), values, np.nan)
    v.sort(axis=1)  # NaN last
    k = np.isfinite(v).sum(axis=1)
    rows = np.arange(v.shape[0])
    out = []
    for q in qs:
        pos = q * np.maximum(k - 1, 0)
        lo = np.floor(pos).astype(int)
        hi = np.minimum(lo + 1, np.maximum(k - 1, 0))
        frac = pos - lo
        x = v[rows, lo] * (1 - frac) + v[rows, hi] * frac
        out.append(np.where(k > 0, x, np.nan))
    return out


def _gradient_ses(evaluate, names, counts, full):
    """{name: (R,) delta-method standard errors} of R matrices ``counts`` (R, C, C), by
    central differences as :func:`imbeval.metrics._ci_methods.numerical_gradients` (step
    1e-4 of each cell's share; an empty cell adds nothing) and the test set's own n;
    ``full``: the counts are smoothed (no cell empty) and n is theirs less the prior's."""
    r, c, _ = counts.shape
    k = c * c
    n = counts.sum(axis=(1, 2))
    p = counts.reshape(r, k) / n[:, None]
    h = 1e-4 * p
    stack = np.repeat(p[:, None, :], 2 * k, axis=1)
    idx = np.arange(k)
    stack[:, idx, idx] += h
    stack[:, k + idx, idx] -= h
    values = evaluate((n[:, None, None] * stack).reshape(r * 2 * k, c, c))
    out = {}
    n_own = full if full is not False else n
    for name in names:
        v = np.asarray(values[name], dtype=float).reshape(r, 2 * k)
        with np.errstate(divide="ignore", invalid="ignore"):
            g = np.where(p > 0, (v[:, :k] - v[:, k:]) / (2 * h), 0.0)
        bad = ~np.isfinite(np.where(p > 0, g, 0.0)).all(axis=1)
        g = np.where(np.isfinite(g), g, 0.0)
        mean = (g * p).sum(axis=1)
        var = np.maximum((g * g * p).sum(axis=1) - mean * mean, 0.0)
        out[name] = np.where(bad, np.nan, np.sqrt(var / n_own))
    return out


#: the nominal levels each method's interval is tallied at: 95 % and the higher levels
#: "auto" may calibrate a 95 % request to (Loh 1987)
LEVELS = CALIBRATION_LEVELS


def _chunk_intervals(counts, values, names, c, draws, rng, boot, levels=(0.95,)):
    """{level: {method: {name: (low, high)}}} of the intervals of R test sets ``counts``
    (R, C, C) at each nominal level of ``levels``, vectorised over the test sets, as
    :func:`imbeval.metrics._ci.matrix_intervals` makes them one at a time (one-sided at an
    end of the range, widened to hold the estimate; a point interval of delta, logit or
    bootstrap replaced by the posterior's). One stack of draws for every level: the levels
    are more quantiles of it. The bootstrap for the first ``boot`` test sets only (its
    draws cost as much as the posterior's). ``tests/unit`` checks this against
    matrix_intervals."""
    from scipy import stats

    from imbeval.metrics._ci import _evaluator, _index_info
    from imbeval.metrics._ci_methods import (held_ends, normal_quantile, pseudo_count,
                                             rate_counts, transformed_interval)

    r = counts.shape[0]
    ev = _evaluator(np.arange(c), names, 0, False)
    infos = {k: _index_info(k) for k in names}
    ends = {k: infos[k].bounds for k in names}
    n = counts.sum(axis=(1, 2))
    out = {lev: {meth: {} for meth in METHODS} for lev in levels}
    # per level: the two-sided quantiles and those of the one-sided interval at the end
    qs = [q for lev in levels for q in ((1 - lev) / 2, (1 + lev) / 2, 1 - lev, lev)]

    def quantile_intervals(meth, stack, value):
        for k in names:
            got = _row_quantiles(np.asarray(stack[k], float).reshape(value[k].size, draws), qs)
            for i, lev in enumerate(levels):
                lo2, hi2, lo1, hi1 = got[4 * i:4 * i + 4]
                out[lev][meth][k] = held_ends((lo2, hi2), (lo1, hi1), value[k], *ends[k])

    # the posterior: counts + 1/C per cell, draws per test set, equal-tailed quantiles
    alpha = counts.reshape(r, -1) + pseudo_count(counts[0], None)
    gamma = rng.standard_gamma(np.repeat(alpha[:, None, :], draws, axis=1))
    post = (n[:, None, None] * gamma / gamma.sum(axis=2, keepdims=True)).reshape(
        r * draws, c, c)
    quantile_intervals("dirichlet", ev(post), values)
    # the bootstrap of the first `boot` test sets
    if boot:
        pv = counts[:boot].reshape(boot, -1) / n[:boot, None]
        res = rng.multinomial(np.round(n[:boot]).astype(int)[:, None],
                              np.repeat(pv[:, None, :], draws, axis=1)).astype(float)
        quantile_intervals("bootstrap", ev(res.reshape(boot * draws, c, c)),
                           {k: values[k][:boot] for k in names})
    z = {lev: normal_quantile(lev) for lev in
         {x for lev in levels for x in (lev, 2 * lev - 1)}}
    # delta: the gradient at the test set's proportions
    ses = _gradient_ses(ev, names, counts, False)
    for k in names:
        v, se, (a, b) = values[k], ses[k], ends[k]
        for lev in levels:
            z2, z1 = z[lev], z[2 * lev - 1]
            two = (np.maximum(v - z2 * se, a), np.minimum(v + z2 * se, b))
            one = (np.maximum(v - z1 * se, a), np.minimum(v + z1 * se, b))
            out[lev]["delta"][k] = held_ends(two, one, v, a, b)
    # logit: value and gradient on the counts plus the pseudo-counts, the logit scale
    smooth = counts + pseudo_count(counts[0], None)
    centre = ev(smooth)
    ses = _gradient_ses(ev, names, smooth, n)
    for k in names:
        v, se, (a, b) = np.asarray(centre[k], float), ses[k], ends[k]
        bad = ~(np.isfinite(v) & np.isfinite(se))
        for lev in levels:
            two = transformed_interval(v, se, a, b, lev)
            one = transformed_interval(v, se, a, b, 2 * lev - 1)
            two = tuple(np.where(bad, np.nan, x) for x in two)
            one = tuple(np.where(bad, np.nan, x) for x in one)
            out[lev]["logit"][k] = held_ends(two, one, values[k], a, b)
    # Wilson and Jeffreys for the single rates
    for k in names:
        if k not in RATES:
            continue
        succ, trials = (np.asarray(x, float) for x in rate_counts(k, counts, 0))
        with np.errstate(divide="ignore", invalid="ignore"):
            ph = succ / trials
            res = {}
            none = ~(trials > 0)
            for lev in z:
                zz = z[lev]
                centre_ = (ph + zz * zz / (2 * trials)) / (1 + zz * zz / trials)
                half = zz / (1 + zz * zz / trials) * np.sqrt(ph * (1 - ph) / trials
                                                             + zz * zz / (4 * trials ** 2))
                w = (np.maximum(0.0, centre_ - half), np.minimum(1.0, centre_ + half))
                al = 1 - lev
                j = (np.where(succ <= 0, 0.0, stats.beta.ppf(al / 2, succ + 0.5,
                                                             trials - succ + 0.5)),
                     np.where(succ >= trials, 1.0, stats.beta.ppf(1 - al / 2, succ + 0.5,
                                                                  trials - succ + 0.5)))
                res[lev] = [tuple(np.where(none, np.nan, x) for x in w),
                            tuple(np.where(none, np.nan, x) for x in j)]
        for lev in levels:
            for i, meth in enumerate(("wilson", "jeffreys")):
                out[lev][meth][k] = held_ends(res[lev][i], res[2 * lev - 1][i], values[k],
                                              *ends[k])
    # a point interval (the cells that would move the index empty) gets the posterior's
    for lev in levels:
        for meth in ("delta", "logit", "bootstrap"):
            for k, (lo, hi) in out[lev][meth].items():
                flat = np.isfinite(lo) & np.isfinite(hi) & (hi - lo <= 1e-9)
                dlo, dhi = (x[:lo.size] for x in out[lev]["dirichlet"][k])
                out[lev][meth][k] = (np.where(flat, dlo, lo), np.where(flat, dhi, hi))
    return out


def run_single_vectorised(c, m, ir, args, store, chunk, reps):
    """Tally every index x method of one regime for ``reps`` test sets (batch ``chunk``),
    all test sets of a batch at once: each draws its own population classifier, then its
    test set; the bootstrap on the first ``--boot-share`` of them."""
    rng = np.random.default_rng([args.seed, c, m, ir, 0, chunk])
    all_names = names_for(c)
    step = max(1, 20000 // args.draws)
    for start in range(0, reps, step):
        r = min(step, reps - start)
        pops = [population(c, m, ir, rng) for _ in range(r)]
        n = pops[0][1]
        probs = np.stack([p for p, _ in pops])
        targets = {k: np.asarray(v, float) for k, v in compute(n * probs,
                                                               names=all_names).items()}
        names = [k for k in all_names if np.isfinite(targets[k]).any()]
        counts = np.stack([rng.multinomial(n, p.ravel()) for p in probs]).reshape(
            r, c, c).astype(float)
        from imbeval.metrics._ci import _evaluator
        values = {k: np.asarray(v, float) for k, v in
                  _evaluator(np.arange(c), names, 0, False)(counts).items()}
        boot = int(round(r * args.boot_share))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with np.errstate(all="ignore"):
                out = _chunk_intervals(counts, values, names, c, args.draws, rng, boot,
                                       LEVELS)
        for lev, methods in out.items():
            for meth, per in methods.items():
                for k, (lo, hi) in per.items():
                    t = targets[k][:lo.size]
                    valid = np.isfinite(t)
                    ok = valid & np.isfinite(lo) & np.isfinite(hi)
                    tol = 1e-9 * np.maximum(1.0, np.abs(t))
                    cov = ok & (lo - tol <= t) & (t <= hi + tol)
                    row = store.setdefault(("single", k, meth, c, m, ir, lev), [0, 0, 0, 0.0])
                    row[0] += int(valid.sum())
                    row[1] += int(ok.sum())
                    row[2] += int(cov.sum())
                    row[3] += float(np.where(ok, hi - lo, 0.0).sum())


def labels_of(counts):
    c = counts.shape[0]
    cells = counts.astype(int).ravel()
    t = np.repeat(np.repeat(np.arange(c), c), cells)
    p = np.repeat(np.tile(np.arange(c), c), cells)
    return t, p


def _peer_seed(seed):
    """One 32-bit seed from a sequence of ints (the peers take an int)."""
    return int(np.random.SeedSequence(seed).generate_state(1)[0])


def confidenceinterval_peer():
    """confidenceinterval 1.0.5 on one test set: ``{index: (value, (low, high)) or None}``.

    Its intervals, as its source computes them: accuracy, binary precision and recall the
    Wilson interval (statsmodels' ``proportion_confint``; the binary path takes a
    proportion method, Wilson being the package's default there); binary F1 a Wald
    interval with the delta-method variance of the multinomial; macro F1, macro recall
    (= ACSA) and macro precision Wald intervals with closed-form variances after Takahashi
    et al. (2022, *Applied Intelligence* 52:4961). None are clipped to the index's range."""
    import confidenceinterval as ci

    def run(counts, c, seed=None):
        t, p = labels_of(counts)
        t, p = t.tolist(), p.tolist()
        out = {}

        def take(name, f, *a, **kw):
            try:
                with warnings.catch_warnings(), np.errstate(all="ignore"):
                    warnings.simplefilter("ignore")
                    value, (lo, hi) = f(*a, **kw)
                out[name] = (float(value), (float(lo), float(hi)))
            except Exception:  # a peer that fails on a test set has no interval there
                out[name] = None
        take("accuracy", ci.accuracy_score, t, p)
        take("macro_f1", ci.f1_score, t, p, average="macro")
        take("acsa", ci.recall_score, t, p, average="macro")
        take("macro_precision", ci.precision_score, t, p, average="macro")
        if c == 2:  # imbeval's row 0 is the positive class: label 1 for the peer
            tb = [int(v == 0) for v in t]
            pb = [int(v == 0) for v in p]
            take("f1", ci.f1_score, tb, pb, average="binary")
            take("precision", ci.precision_score, tb, pb, average="binary", method="wilson")
            take("sensitivity", ci.recall_score, tb, pb, average="binary", method="wilson")
        return out
    return run


#: prob-conf-mat's metric names for registry indices; two-class ones with row 0 positive
PCM_METRICS = {"accuracy": "acc", "acsa": "ba", "mcc": "mcc", "kappa": "kappa",
               "macro_f1": "f1@macro", "macro_precision": "ppv@macro"}
PCM_BINARY = {"f1": "f1@binary+positive_class=0",
              "precision": "ppv@binary+positive_class=0",
              "sensitivity": "tpr@binary+positive_class=0"}


def prob_conf_mat_peer(draws, prior=0.5):
    """prob-conf-mat 0.4.0 on one test set: ``{index: (value, (low, high)) or None}``.

    Its model (``Experiment.sample_posterior``): class prevalences Dirichlet(counts per row
    + ``prior``) times each row's predictions Dirichlet(row + ``prior``), ``draws``
    matrices (its default is 10,000); the interval the 95 % highest-density interval of
    the metric's draws (``stats.hdi_estimator``), the value the metric of the test set
    (``"input"``). Its default prior is 0 (Haldane's: an empty cell stays empty in every
    draw); 0.5 (Jeffreys') is one of its named ones. It refuses a matrix with an empty row
    (a class absent from the test set): no interval there."""
    import prob_conf_mat as pcm
    from prob_conf_mat.stats import hdi_estimator

    def run(counts, c, seed=0):
        metrics = {**PCM_METRICS, **(PCM_BINARY if c == 2 else {})}
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                study = pcm.Study(seed=_peer_seed(seed), num_samples=draws,
                                  ci_probability=0.95)
                study.add_experiment("g/a", confusion_matrix=counts.astype(int),
                                     prevalence_prior=prior, confusion_prior=prior)
            except Exception:
                return {ours: None for ours in metrics}
            # all metrics first: each one added changes the study, and its samples go
            for theirs in metrics.values():
                study.add_metric(theirs)
            out = {}
            for ours, theirs in metrics.items():
                value = study.get_metric_samples(metric=theirs, experiment_name="g/a",
                                                 sampling_method="input").values.ravel()[0]
                v = study.get_metric_samples(metric=theirs, experiment_name="g/a",
                                             sampling_method="posterior").values.ravel()
                v = v[np.isfinite(v)]
                out[ours] = (float(value), tuple(float(x) for x in hdi_estimator(v, 0.95))) \
                    if v.size else None
        return out
    return run


def load_peers(draws):
    peers, missing = {}, []
    for name, make in (("confidenceinterval", confidenceinterval_peer),
                       ("prob-conf-mat", lambda: prob_conf_mat_peer(draws)),
                       ("prob-conf-mat-haldane", lambda: prob_conf_mat_peer(draws, 0.0))):
        try:
            peers[name] = make()
        except ImportError:
            missing.append(name)
    return peers, missing


def rows_of(store):
    for (kind, k, method, c, m, ir, lev), (reps, defined, covered, widths) in sorted(
            store.items()):
        cov = covered / defined if defined else math.nan
        yield {"kind": kind, "index": k, "method": method, "classes": c, "min_class": m,
               "imbalance": ir, "level": f"{lev:g}", "replicates": reps, "defined": defined, "covered": covered,
               "coverage": f"{cov:.4f}",
               "mc_se": f"{math.sqrt(cov * (1 - cov) / defined):.4f}" if defined else "nan",
               "undefined": f"{1 - defined / reps:.4f}",
               "width": f"{widths / defined:.6g}" if defined else "nan"}


def write(path, rows, fields=FIELDS):
    import gzip
    import io

    path.parent.mkdir(parents=True, exist_ok=True)
    # written beside and renamed: a run stopped mid-write keeps its last whole file
    part = path.with_name(path.name + ".part")
    # the shipped table is gzipped; mtime=0 keeps its bytes reproducible
    opener = (lambda: gzip.GzipFile(part, "wb", mtime=0)) if path.suffix == ".gz" else None
    with (opener() if opener else open(part, "wb")) as raw:
        with io.TextIOWrapper(raw, encoding="utf-8", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=fields)
            w.writeheader()
            w.writerows(rows)
    os.replace(part, path)


def _state_path(out):
    return Path(str(out) + ".state.json")


def coverage(args):
    """Run the regimes in batches of ``--chunk`` replicates (``--chunk // 2`` paired) until
    ``--replicates`` (``--paired-replicates``): every batch covers every regime, so a run
    stopped at any time has all regimes at (nearly) one count, and ``--resume`` goes on from
    the batches and regimes it finished (kept in ``OUT.state.json`` after each regime)."""
    import json

    unknown = sorted(set(args.methods or ()) - {"auto", *METHODS}) + sorted(
        set(args.indices or ()) - set(registry(catalogue=True)))
    if unknown:
        raise SystemExit(f"unknown methods or indices: {', '.join(unknown)}")
    peers, missing = load_peers(args.draws)
    if missing:
        print(f"peers not installed, left out: {', '.join(missing)}")
    out = Path(args.out)
    chunk = min(args.chunk, args.replicates)
    paired_chunk = min(max(chunk // 2, 1), args.paired_replicates)
    settings = {"seed": args.seed, "draws": args.draws, "chunk": chunk,
                "boot_share": args.boot_share, "replicates_c10": args.replicates_c10,
                "levels": list(LEVELS),
                "peers": sorted(peers) if args.peer_replicates else [],
                "methods": list(args.methods or ()), "indices": list(args.indices or ())}
    store, done = {}, set()
    state = _state_path(out)
    if args.resume and state.exists():
        saved = json.loads(state.read_text())
        if saved["settings"] != settings:
            raise SystemExit(f"--resume: {out} was run with {saved['settings']}, "
                             f"not {settings}")
        store = {tuple(k): v for k, v in saved["store"]}
        done = {tuple(d) for d in saved["done"]}
        print(f"resuming: {len(done)} (batch, kind, regime) runs already in {out}")
    start = time.process_time()
    batches = math.ceil(args.replicates / chunk)
    for b in range(batches):
        for c in CLASSES_GRID:
            if c == 10 and args.replicates_c10 is not None \
                    and b * chunk >= args.replicates_c10:
                continue  # ten classes cost four times the others: fewer test sets
            for m in MIN_CLASS_GRID:
                for ir in IMBALANCE_GRID:
                    t0 = time.process_time()
                    kinds = ["single"] + (["paired"] if c in (2, 5) and args.paired_replicates
                                          and b * paired_chunk < args.paired_replicates
                                          else [])
                    todo = [k for k in kinds if (b, k, c, m, ir) not in done]
                    for kind in todo:
                        if kind == "single" and not (args.peer_replicates or args.methods
                                                     or args.indices):
                            run_single_vectorised(c, m, ir, args, store, b, chunk)
                        else:
                            run_regime(kind, c, m, ir, args,
                                       peers if kind == "single" else {}, store, chunk=b,
                                       reps=paired_chunk if kind == "paired" else chunk)
                        done.add((b, kind, c, m, ir))
                    if todo:
                        print(f"batch {b} C={c} m={m} IR={ir}: "
                              f"{time.process_time() - t0:.1f} s CPU "
                              f"({time.process_time() - start:.0f} s in all)", flush=True)
        # the rows and the state after each batch: kept if the run stops
        write(out, list(rows_of(store)))
        part = state.with_name(state.name + ".part")
        part.write_text(json.dumps({"settings": settings, "done": sorted(done),
                                    "store": sorted(store.items())}))
        os.replace(part, state)
    rows = list(rows_of(store))
    write(out, rows)
    print(f"{len(rows)} rows, {time.process_time() - start:.0f} s CPU -> {out}")


def merge(args):
    """One run's rows from runs that share its seed and settings and split its batches
    between them (``--runs A.csv B.csv``: their ``.state.json``; a run started with
    ``--resume`` from a state that marks the other batches done runs only the rest): the
    counts and widths summed, as the one run would have them (each batch's random streams
    are its own). Refuses runs of other settings; prints the test sets per regime of each
    class count (accuracy's posterior at 95 %), which says whether a batch was counted
    twice."""
    import json

    keep = ("seed", "draws", "chunk", "boot_share", "levels", "peers")
    store, settings = {}, None
    for path in args.runs:
        saved = json.loads(_state_path(path).read_text())
        these = {k: saved["settings"][k] for k in keep}
        if settings is not None and these != settings:
            raise SystemExit(f"merge: {path} was run with {these}, not {settings}")
        settings = these
        for key, row in saved["store"]:
            acc = store.setdefault(tuple(key), [0, 0, 0, 0.0])
            for i, v in enumerate(row):
                acc[i] += v
    per_c = {}
    for key, row in store.items():
        if key[1] == "accuracy" and key[2] == "dirichlet" and key[6] == LEVELS[0]:
            per_c.setdefault(key[3], set()).add(row[0])
    print("test sets per regime, by classes:", {c: sorted(v) for c, v in sorted(per_c.items())})
    rows = list(rows_of(store))
    write(Path(args.out), rows)
    print(f"{len(rows)} rows from {len(args.runs)} runs -> {args.out}")


def speed(args):
    """All indices of ``--classes`` classes on ``--draws`` posterior draws, one core."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    rng = np.random.default_rng(args.seed)
    c = args.classes
    counts = rng.integers(0, 30, (c, c)).astype(float) + np.diag(rng.integers(50, 500, c))
    names = names_for(c)
    best, cpu = math.inf, math.inf
    for _ in range(args.repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = matrix_intervals(counts, names, ci_method="dirichlet", draws=args.draws)
        best = min(best, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
    # CPU time is what one core spends (the wall time of a loaded machine waits for others)
    print(f"{len(out)} indices, {args.draws} posterior draws of a {c}-class matrix, "
          f"draws to intervals: best of {args.repeat} {best:.3f} s wall, {cpu:.3f} s CPU")


def user_speed(args):
    """What a user waits for: one interval (``interval("mcc"|"acsa", ...)``, default draws)
    and ``classification_report(ci=0.95)`` on ``--labels`` labels of ``--classes`` classes."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    from imbeval.metrics import classification_report, interval

    rng = np.random.default_rng(args.seed)
    c, n = args.classes, args.labels
    y = rng.integers(0, c, n)
    p = np.where(rng.random(n) < 0.8, y, rng.integers(0, c, n))
    calls = {
        "interval('acsa')": lambda: interval("acsa", y, p),
        "interval('mcc')": lambda: interval("mcc", y, p),
        "interval('acsa', ci_method='bootstrap')": lambda: interval("acsa", y, p,
                                                                   ci_method="bootstrap"),
        "classification_report(ci=0.95)": lambda: classification_report(y, p, ci=0.95),
    }
    for name, call in calls.items():
        best, cpu = math.inf, math.inf
        for _ in range(args.repeat):
            t0, c0 = time.perf_counter(), time.process_time()
            call()
            best = min(best, time.perf_counter() - t0)
            cpu = min(cpu, time.process_time() - c0)
        print(f"{name}: {n} labels, C = {c}: best of {args.repeat} {best:.3f} s wall, "
              f"{cpu:.3f} s CPU")


#: the boundary regimes: two classes, positives m, negatives 10 m; (sensitivity,
#: specificity) of the population classifier near an end, so that many test sets have an
#: index at 0 or 1 (a perfect fold, a fold with no true positive)
BOUNDARY_REGIMES = [(m, sens, spec) for m in (5, 10, 20)
                    for sens, spec in ((0.97, 0.99), (0.03, 0.97))]
BOUNDARY_INDICES = ("sensitivity", "precision", "f1", "gmean", "mcc", "acsa")


def boundary(args):
    """Coverage of the 95 % intervals where test sets sit at an end of an index's range:
    per index and method, over all test sets and over those whose estimate is at 0 or 1
    (or the index's minimum or maximum)."""
    reg = registry(catalogue=True)
    tallies = {}
    t0 = time.process_time()
    for m, sens, spec in BOUNDARY_REGIMES:
        rng = np.random.default_rng([args.seed, m, int(sens * 100), int(spec * 100)])
        n = 11 * m
        prior = np.array([1.0, 10.0]) / 11
        P = prior[:, None] * np.array([[sens, 1 - sens], [1 - spec, spec]])
        target = {k: float(v) for k, v in compute(n * P, names=list(BOUNDARY_INDICES)).items()}
        for _ in range(args.replicates):
            counts = rng.multinomial(n, P.ravel()).reshape(2, 2).astype(float)
            for method in ("auto", "dirichlet", "delta", "bootstrap", "wilson", "jeffreys"):
                names = [k for k in BOUNDARY_INDICES
                         if method not in ("wilson", "jeffreys") or k in RATES]
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    out = matrix_intervals(counts, names, ci_method=method, draws=args.draws,
                                           seed=int(rng.integers(2 ** 31)))
                for k, e in out.items():
                    defined = math.isfinite(e.low) and math.isfinite(e.high)
                    at_end = defined and e.value in reg[k].bounds
                    for where in ("all", "at an end") if at_end else ("all",):
                        row = tallies.setdefault((k, method, where), [0, 0, 0])
                        row[0] += 1
                        if defined:
                            row[1] += 1
                            row[2] += int(e.low - 1e-9 <= target[k] <= e.high + 1e-9)
    print(f"{len(BOUNDARY_REGIMES)} regimes x {args.replicates} test sets, {args.draws} "
          f"draws; {time.process_time() - t0:.0f} s CPU")
    print("index | method | coverage, all test sets | coverage, estimate at an end | "
          "share at an end")
    for k in BOUNDARY_INDICES:
        for method in ("auto", "dirichlet", "delta", "bootstrap", "wilson", "jeffreys"):
            if (k, method, "all") not in tallies:
                continue
            total, defined, covered = tallies[(k, method, "all")]
            end = tallies.get((k, method, "at an end"), [0, 0, 0])
            cov_end = f"{end[2] / end[1]:.1%} of {end[1]}" if end[1] else "-"
            print(f"{k} | {method} | {covered / defined:.1%} of {defined} | {cov_end} | "
                  f"{end[0] / defined:.0%}")


def family(name):
    """The family of a registry index for the heat map: its source (paper or library)."""
    return registry(catalogue=True)[name].paper


TABLE_FIELDS = ("kind", "index", "method", "classes", "min_class", "imbalance",
                *(f"{run}_{what}" for run in ("selection", "validation")
                  for what in ("replicates", "defined", "covered", "coverage", "mc_se",
                               "width")),
                # the higher levels "auto" may calibrate 95 % to: their counts and widths
                *(level_column(run, what, lev) for lev in LEVELS[1:]
                  for run in ("selection", "validation")
                  for what in ("defined", "covered", "width")))
TABLE = ROOT.parent / "src" / "imbeval" / "metrics" / "ci_coverage.csv.gz"


def _key(r):
    return (r["kind"], r["index"], r["method"], int(r["classes"]), int(r["min_class"]),
            int(r["imbalance"]))


def _level(r):
    """A run row's nominal level (a run without the column measured 95 %)."""
    return float(r.get("level") or LEVELS[0])


def table(args):
    """The shipped table from a selection run and a validation run: per index x method x
    regime, both runs' counts, coverage, Monte Carlo error and mean width at 95 %, and the
    counts and mean width at each higher level of LEVELS (columns ``level_column``)."""
    runs = {}
    for run, path in (("selection", args.selection), ("validation", args.validation)):
        rows = {}
        for r in csv.DictReader(open(path)):
            if r["method"] in METHODS:
                rows.setdefault(_key(r), {})[_level(r)] = r
        runs[run] = rows
    out = []
    for key in sorted(set(runs["selection"]) | set(runs["validation"])):
        row = dict(zip(("kind", "index", "method", "classes", "min_class", "imbalance"), key))
        for run in ("selection", "validation"):
            at = runs[run].get(key, {})
            r = at.get(LEVELS[0])
            for what in ("replicates", "defined", "covered", "coverage", "mc_se", "width"):
                # a cell one run did not measure (its target undefined there) counts zero
                row[f"{run}_{what}"] = r[what] if r else ("0" if what in (
                    "replicates", "defined", "covered") else "nan")
            for lev in LEVELS[1:]:
                r = at.get(lev)
                for what in ("defined", "covered", "width"):
                    row[level_column(run, what, lev)] = r[what] if r else (
                        "nan" if what == "width" else "0")
        out.append(row)
    if args.paired_from:  # paired rows of an earlier table, kept where no run made them
        import gzip

        have = {tuple(str(r[k]) for k in TABLE_FIELDS[:6]) for r in out}
        old = csv.DictReader(gzip.decompress(Path(args.paired_from).read_bytes())
                             .decode().splitlines())
        # measured at 95 % only: no counts at the higher levels
        out += [{k: r.get(k, "nan" if k.endswith("width") else "0") for k in TABLE_FIELDS}
                for r in old if r["kind"] == "paired"
                and tuple(r[k] for k in TABLE_FIELDS[:6]) not in have]
    write(Path(args.table), out, TABLE_FIELDS)
    print(f"{len(out)} rows -> {args.table}")


GOAL_SHARE = 0.90


def goal(args):
    """Per registry index: the share of the regimes where it is measured (the method and
    level chosen with at least 50 validation test sets with an interval) whose validation
    coverage is >= 94 %, for the (method, level) "auto" offers (chosen on the selection
    run, calibrated), for auto without calibration (95 % only) and for the best method at
    95 % there (chosen on the validation run's own numbers: optimistic); whether that
    share reaches 90 %; and every cell below 94 % with its coverage. Writes
    ``docs/ci-coverage-goal.csv`` (per index) and ``docs/ci-coverage-short-cells.csv``
    (the cells below 94 %); prints the levels auto uses and their width against the
    uncalibrated choice (validation run's mean widths)."""
    import gzip

    from imbeval.metrics._ci import MIN_COVERAGE, MIN_VALIDATION_DEFINED, choose_cell
    from imbeval.metrics._ci import read_coverage_table

    table_ = read_coverage_table(gzip.decompress(Path(args.table).read_bytes()).decode())
    per, short = {}, []
    levels, ratios, chosen, rescued = {}, [], {}, 0
    for key, row in sorted(table_.items()):
        kind, name, c, m, ir = key
        if kind != "single":
            continue
        acc = per.setdefault(name, [0, 0, 0, 0, 0, 0])  # regimes, auto, best, thin, auto95, n95
        method, cell, why = choose_cell(row)  # as the library's "auto" at 95 %
        method95, cell95, _ = choose_cell(row, calibrate=False)
        if cell95.validation_defined >= MIN_VALIDATION_DEFINED:
            acc[4] += cell95.validation >= MIN_COVERAGE
            acc[5] += 1
        row = {k: v for k, v in row.items() if v.validation_defined >= MIN_VALIDATION_DEFINED}
        if cell.validation_defined < MIN_VALIDATION_DEFINED:  # mostly undefined: too few
            acc[3] += 1
            continue
        best = max(row, key=lambda k: (row[k].validation, k)) if row else method
        cov = cell.validation
        acc[0] += 1
        acc[1] += cov >= MIN_COVERAGE
        acc[2] += bool(row) and row[best].validation >= MIN_COVERAGE
        levels[cell.level] = levels.get(cell.level, 0) + 1
        chosen[method] = chosen.get(method, 0) + 1
        rescued += cov >= MIN_COVERAGE and not cell95.validation >= MIN_COVERAGE
        if cell95.validation_width > 0 and math.isfinite(cell.validation_width):
            ratios.append(cell.validation_width / cell95.validation_width)
        if cov < MIN_COVERAGE:
            short.append({"index": name, "classes": c, "min_class": m, "imbalance": ir,
                          "auto_method": method, "auto_level": f"{cell.level:g}",
                          "auto_coverage": f"{cov:.4f}",
                          "auto_defined": cell.validation_defined,
                          "auto95_method": method95,
                          "auto95_coverage": f"{cell95.validation:.4f}",
                          "best_method": best,
                          "best_coverage": (f"{row[best].validation:.4f}" if row
                                            else "nan")})
    rows = [{"index": k, "family": family(k), "regimes": a[0],
             "auto_share_94": f"{a[1] / a[0]:.4f}" if a[0] else "nan",
             "auto95_share_94": f"{a[4] / a[5]:.4f}" if a[5] else "nan",
             "best_share_94": f"{a[2] / a[0]:.4f}" if a[0] else "nan",
             "auto_goal_met": int(a[0] > 0 and a[1] >= GOAL_SHARE * a[0]),
             "auto95_goal_met": int(a[5] > 0 and a[4] >= GOAL_SHARE * a[5]),
             "best_goal_met": int(a[0] > 0 and a[2] >= GOAL_SHARE * a[0]),
             "regimes_too_few_defined": a[3]} for k, a in sorted(per.items())]
    docs = ROOT.parent / "docs"
    write(docs / "ci-coverage-goal.csv", rows, tuple(rows[0]))
    write(docs / "ci-coverage-short-cells.csv", short, tuple(short[0]) if short else
          ("index",))
    n = len(rows)
    met = {k: sum(r[f"{k}_goal_met"] for r in rows) for k in ("auto", "auto95", "best")}
    cells = sum(r["regimes"] for r in rows)
    cells95 = sum(a[5] for a in per.values())
    ok95 = sum(a[4] for a in per.values())
    print(f"{n} indices, {cells} (index, regime) cells; auto (calibrated) >= 94 %: "
          f"{cells - len(short)} cells ({1 - len(short) / cells:.1%}); goal (>= 94 % in "
          f">= {GOAL_SHARE:.0%} of regimes) met by auto for {met['auto']} indices; "
          f"uncalibrated auto: {ok95} of {cells95} cells ({ok95 / cells95:.1%}), "
          f"{met['auto95']} indices; the best method at 95 %: {met['best']} indices")
    met_names = [r["index"] for r in rows if r["auto_goal_met"]]
    print(f"indices meeting the goal with auto ({len(met_names)}): {', '.join(met_names)}")
    for r in sorted(rows, key=lambda r: float(r["auto_share_94"]))[:args.worst]:
        print(f"  {r['index']}: auto {float(r['auto_share_94']):.0%} (uncalibrated "
              f"{float(r['auto95_share_94']):.0%}), best at 95 % "
              f"{float(r['best_share_94']):.0%} of {r['regimes']} regimes")
    total = sum(levels.values())
    print("levels auto uses (cells): " + ", ".join(
        f"{lev:g}: {k} ({k / total:.1%})" for lev, k in sorted(levels.items())))
    print("methods auto uses (cells):", dict(sorted(chosen.items())))
    r_ = np.array(ratios)
    print(f"width of auto's interval / uncalibrated auto's (validation mean widths, "
          f"{r_.size} cells): median {np.median(r_):.3f}, quartiles "
          f"{np.quantile(r_, 0.25):.3f}-{np.quantile(r_, 0.75):.3f}, "
          f"90th percentile {np.quantile(r_, 0.9):.3f}; where the level is above 95 %: "
          f"median {np.median(r_[r_ != 1]) if (r_ != 1).any() else float('nan'):.3f}; "
          f"cells short uncalibrated that calibration brings to >= 94 %: {rescued}")
    covs = np.array([float(s_["auto_coverage"]) for s_ in short])
    if covs.size:
        print(f"short cells: {covs.size}; >= 93 %: {(covs >= 0.93).sum()}, >= 92 %: "
              f"{(covs >= 0.92).sum()}, >= 90 %: {(covs >= 0.90).sum()}, < 80 %: "
              f"{(covs < 0.80).sum()}; lowest: " + "; ".join(
                  f"{s_['index']} {float(s_['auto_coverage']):.1%} (C={s_['classes']} "
                  f"m={s_['min_class']} IR={s_['imbalance']}, {s_['auto_method']} at "
                  f"{s_['auto_level']})" for s_ in sorted(
                      short, key=lambda s_: float(s_["auto_coverage"]))[:5]))
    for axis, label in ((0, "classes"), (1, "min_class"), (2, "imbalance")):
        f = ("classes", "min_class", "imbalance")[axis]
        counts = {}
        for s_ in short:
            counts[s_[f]] = counts.get(s_[f], 0) + 1
        print(f"  short cells by {label}: {dict(sorted(counts.items()))}")
    # the flag auto's intervals carry, per table cell (single: every method offered;
    # paired: the posterior, delta, bootstrap)
    from imbeval.metrics._ci import coverage_flag

    for kind in ("single", "paired"):
        flags = {}
        for key, row in table_.items():
            if key[0] != kind:
                continue
            row = {k: v for k, v in row.items() if kind == "single" or k in PAIRED_METHODS}
            if row:
                _, cell, _ = choose_cell(row)
                f = coverage_flag(cell.validation_covered, cell.validation_defined)
                flags[f] = flags.get(f, 0) + 1
        print(f"coverage_flag of auto, {kind} cells: {dict(sorted(flags.items()))}")
    per_short = {}
    for s_ in short:
        per_short[s_["index"]] = per_short.get(s_["index"], 0) + 1
    print("short cells per index (most): " + ", ".join(
        f"{k} {v}" for k, v in sorted(per_short.items(), key=lambda kv: -kv[1])[:20]))


#: the issue's three test sets: (name, index, matrix of the population's expected counts,
#: the method asked for: None for the default)
CASES = (
    ("G-mean, 110 points, 10 minority, recalls 0.7 / 0.88", "gmean",
     np.array([[7.0, 3.0], [12.0, 88.0]]), None),
    ("macro F1, classes of 20 / 50 / 100, recalls 0.8", "macro_f1",
     np.array([[16.0, 2.0, 2.0], [5.0, 40.0, 5.0], [10.0, 10.0, 80.0]]), None),
    ("bootstrap MCC, recalls 0.5 / 0.95, 20 positives, 200 negatives", "mcc",
     np.array([[10.0, 10.0], [10.0, 190.0]]), "bootstrap"),
    ("bootstrap MCC, recalls 0.5 / 0.95, 10 positives, 100 negatives", "mcc",
     np.array([[5.0, 5.0], [5.0, 95.0]]), "bootstrap"),
    ("MCC (auto), recalls 0.5 / 0.95, 10 positives, 100 negatives", "mcc",
     np.array([[5.0, 5.0], [5.0, 95.0]]), None),
)


def cases(args):
    """The issue's three test sets: the coverage and flag an interval on the expected
    matrix reports, beside the coverage of ``--replicates`` test sets drawn from that
    population (the same method; posterior and bootstrap at ``--draws``)."""
    from imbeval.metrics._ci import _evaluator, matrix_intervals

    for label, name, expected, method in CASES:
        c = expected.shape[0]
        e = matrix_intervals(expected, [name], ci_method=method or "auto")[name]
        n = int(expected.sum())
        probs = expected / expected.sum()
        target = float(compute(expected, names=[name])[name])
        rng = np.random.default_rng([args.seed, c, n])
        counts = rng.multinomial(n, probs.ravel(), size=args.replicates).reshape(
            args.replicates, c, c).astype(float)
        values = {k: np.asarray(v, float) for k, v in
                  _evaluator(np.arange(c), [name], 0, False)(counts).items()}
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            out = _chunk_intervals(counts, values, [name], c, args.draws, rng,
                                   args.replicates, LEVELS)
        lo, hi = out[min(LEVELS, key=lambda lev: abs(lev - e.calibrated_level))][e.method][name]
        ok = np.isfinite(lo) & np.isfinite(hi)
        cov = (ok & (lo <= target + 1e-9) & (target - 1e-9 <= hi)).sum() / ok.sum()
        print(f"{label}: {e.regime}, method {e.method_text}; reported {e.coverage_text}; "
              f"simulated on this population: {cov:.1%} of {int(ok.sum())}")


def _regime_label(regime):
    return "C={} m={} IR={}".format(*regime)


def summary(args):
    """Markdown tables for docs/metrics.md and the heat map docs/ci-coverage.png, from the
    table (``--table``); the peers' table is ``peers``'."""
    import gzip

    import matplotlib

    from imbeval.metrics._ci import (MIN_COVERAGE, choose_cell, read_coverage_table)

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    table_ = read_coverage_table(gzip.decompress(Path(args.table).read_bytes()).decode())
    regimes = [(c, m, ir) for c in CLASSES_GRID for m in MIN_CLASS_GRID for ir in IMBALANCE_GRID]
    reps = {(run, kind): sorted({getattr(cell, f"{run}_replicates")
                                 for key, row in table_.items() if key[0] == kind
                                 for cell in row.values()})
            for run in ("selection", "validation") for kind in ("single", "paired")}
    print("replicates per regime (selection, validation):",
          {k: (v[0], v[-1]) for k, v in reps.items() if v})
    # the methods on their own (no choice): each run's pooled coverage, cells >= 94 %
    print("\n| kind | method | selection: pooled | selection: cells selected | "
          "validation: pooled | validation: undefined | validation: cells >= 94 % |")
    print("|---|---|---|---|---|---|---|")
    pooled = {}
    for key, row in table_.items():
        for method, cell in row.items():
            acc = pooled.setdefault((key[0], method), [0, 0, 0, 0, 0, 0, 0])
            acc[0] += cell.selection_covered
            acc[1] += cell.selection_defined
            acc[2] += cell.selected
            acc[3] += cell.validation_covered
            acc[4] += cell.validation_defined
            acc[5] += cell.validation_defined > 0 and cell.validation >= MIN_COVERAGE
            acc[6] += cell.validation_replicates
    for kind in ("single", "paired"):
        for method in METHODS:
            if (kind, method) not in pooled:
                continue
            a = pooled[(kind, method)]
            cells = sum(1 for k, row in table_.items() if k[0] == kind and method in row)
            print(f"| {kind} | {method} | {a[0] / a[1]:.1%} | {a[2]}/{cells} | "
                  f"{a[3] / a[4]:.1%} | {1 - a[4] / a[6]:.1%} | {a[5]}/{cells} |")
    # what auto does, cell by cell (an index x regime), as imbeval.metrics._ci does it
    auto = {}
    for key, row in table_.items():
        offered = {k: v for k, v in row.items()
                   if key[0] == "single" or k in PAIRED_METHODS}
        if offered:  # what auto does at 95 %: calibrated
            method, cell, why = choose_cell(offered)
            auto[key] = (method, cell.validation, why is None, cell)
    for kind in ("single", "paired"):
        keys = [k for k in auto if k[0] == kind]
        ok = [k for k in keys if auto[k][2]]
        vals = np.array([auto[k][1] for k in ok])
        not_validated = [k for k in keys if not auto[k][2] and auto[k][3].selected]
        chosen = {}
        for k in ok:
            chosen[auto[k][0]] = chosen.get(auto[k][0], 0) + 1
        print(f"\n{kind}: auto offered in {len(ok)} of {len(keys)} (index, regime) cells "
              f"({len(ok) / len(keys):.0%}); selected but not validated {len(not_validated)}; "
              f"no method selected {len(keys) - len(ok) - len(not_validated)}; methods "
              f"offered {dict(sorted(chosen.items()))}")
        # the selection's own test: the validation coverage of every method it selected,
        # before the validation drops any (the numbers where offered are then filtered)
        sel = np.array([auto[k][1] for k in keys if auto[k][3].selected
                        and auto[k][3].validation_defined])
        if sel.size:
            print(f"  validation coverage of the selected methods (before the validation "
                  f"filter, {sel.size} cells): mean {sel.mean():.1%}, >= 94 % in "
                  f"{np.mean(sel >= MIN_COVERAGE):.1%}, >= 92 % in {np.mean(sel >= 0.92):.1%},"
                  f" lowest {sel.min():.1%}")
        if vals.size:
            print(f"  validation coverage where offered: mean {vals.mean():.1%}, lowest "
                  f"{vals.min():.1%}, median {np.median(vals):.1%}")
        for axis, name, grid in ((2, "classes", CLASSES_GRID), (3, "smallest class",
                                                                 MIN_CLASS_GRID),
                                 (4, "imbalance ratio", IMBALANCE_GRID)):
            shares = []
            for g in grid:
                these = [k for k in keys if k[axis] == g]
                if these:
                    shares.append(f"{g}: {sum(auto[k][2] for k in these) / len(these):.0%}")
            print(f"  offered by {name}: {', '.join(shares)}")
    # the validated share per family (source of the index), single and paired
    print("\n| source | single: offered | paired: offered |")
    print("|---|---|---|")
    fams = {}
    for key, (_, _, ok, _) in auto.items():
        acc = fams.setdefault(family(key[1]), {"single": [0, 0], "paired": [0, 0]})[key[0]]
        acc[0] += ok
        acc[1] += 1
    for fam, acc in sorted(fams.items()):
        print(f"| {fam} | " + " | ".join(
            f"{a[0] / a[1]:.0%} of {a[1]}" if a[1] else "-" for a in
            (acc["single"], acc["paired"])) + " |")
    # the indices auto is offered for least often
    per_index = {}
    for key, (_, cov, ok, _) in auto.items():
        if key[0] == "single":
            acc = per_index.setdefault(key[1], [0, 0, []])
            acc[0] += ok
            acc[1] += 1
            acc[2].append(cov)
    worst = sorted(per_index.items(), key=lambda kv: kv[1][0] / kv[1][1])[:12]
    print("\nsingle, offered least often: " + "; ".join(
        f"{n} {a[0]}/{a[1]} (lowest validation {np.nanmin(a[2]):.1%})" for n, a in worst))
    full = sorted(n for n, a in per_index.items() if a[0] == a[1])
    print(f"single, offered in every regime measured: {len(full)} indices: {', '.join(full)}")
    singles = sorted({k[1] for k in auto if k[0] == "single"}, key=lambda n: (family(n), n))
    grid = np.full((len(singles), len(regimes)), np.nan)
    offered = np.zeros_like(grid, dtype=bool)
    for i, name in enumerate(singles):
        for j, regime in enumerate(regimes):
            cell = auto.get(("single", name, *regime))
            if cell is not None:
                grid[i, j], offered[i, j] = cell[1], cell[2]
    fams_ = [family(n) for n in singles]
    order = sorted(set(fams_), key=fams_.index)
    fig, axes = plt.subplots(len(order), 1, figsize=(11, 0.11 * len(singles) + 0.5 * len(order)),
                             gridspec_kw={"height_ratios": [fams_.count(f) for f in order]},
                             layout="constrained", sharex=True)
    cmap = plt.get_cmap("RdYlGn").copy()
    cmap.set_bad("white")
    for ax, fam in zip(np.atleast_1d(axes), order):
        idx = [i for i, f in enumerate(fams_) if f == fam]
        im = ax.imshow(np.ma.masked_invalid(grid[idx]), aspect="auto", cmap=cmap, vmin=0.80,
                       vmax=1.0, interpolation="nearest")
        # cells where auto is not offered: a grey mark over the colour of the best method
        ys, xs = np.nonzero(~offered[idx] & np.isfinite(grid[idx]))
        ax.scatter(xs, ys, marker="s", s=9, c="0.35", linewidths=0)
        ax.set_yticks(range(len(idx)), [singles[i] for i in idx], fontsize=5)
        ax.set_ylabel(fam, fontsize=7)
        ax.set_xticks(range(len(regimes)), [f"{c}/{m}/{ir}" for c, m, ir in regimes],
                      fontsize=5, rotation=90)
        ax.tick_params(axis="x", labeltop=ax is np.atleast_1d(axes)[0], labelbottom=False)
    np.atleast_1d(axes)[-1].tick_params(axis="x", labelbottom=True)
    np.atleast_1d(axes)[0].set_title(
        "validation-run coverage of the method 'auto' selects, nominal 95 % (calibrated "
        "level), per index "
        "(rows, by source) and regime (columns: classes / smallest class / imbalance "
        "ratio); grey square: auto not offered there", fontsize=7)
    fig.colorbar(im, ax=axes, fraction=0.02, label="coverage (red: 0.80 or less)")
    target = ROOT.parent / "docs" / "ci-coverage.png"
    fig.savefig(target, dpi=110)
    print(f"\nwrote {target}")


#: the peers' run: its CSV (shipped), the order of its methods in the table
PEERS_CSV = ROOT / "results" / "single_test_intervals_peers.csv"
PEER_ORDER = ("auto", *METHODS, "confidenceinterval", "prob-conf-mat", "prob-conf-mat-haldane")
#: a regime counts towards "regimes >= 94 %" with this many test sets with an interval
PEER_MIN_DEFINED = 50


def peers_table(args):
    """docs/metrics.md's table of the peers' run (``--peers-csv``, default
    benchmarks/results/single_test_intervals_peers.csv): per index and method, on the same
    test sets, the pooled coverage with its Monte Carlo error, the regimes at >= 94 % (of
    those with >= 50 test sets with an interval), the lowest regime, the mean width and the
    share of test sets without an interval; then the pooled coverage by number of classes
    and by smallest class."""
    from imbeval.metrics._ci import MIN_COVERAGE

    rows = [r for r in csv.DictReader(open(args.peers_csv)) if r["kind"] == "single"]
    reps = sorted({int(r["replicates"]) for r in rows})
    print(f"{len(rows)} rows; test sets per index x method x regime: {reps[0]}-{reps[-1]}")
    indices = sorted({r["index"] for r in rows},
                     key=lambda k: (k not in ("f1", "precision", "sensitivity"), k))
    order = [m for m in PEER_ORDER if any(r["method"] == m for r in rows)]
    by = {}
    for r in rows:
        by.setdefault((r["index"], r["method"]), []).append(r)
    print("\n| index | method | pooled coverage (MC s.e.) | regimes >= 94 % | lowest regime "
          "| mean width | no interval |")
    print("|---|---|---|---|---|---|---|")
    for name in indices:
        for meth in order:
            these = by.get((name, meth))
            if not these:
                continue
            defined = sum(int(r["defined"]) for r in these)
            total = sum(int(r["replicates"]) for r in these)
            if not defined:
                print(f"| {name} | {meth} | - | - | - | - | {1:.0%} |")
                continue
            cov = sum(int(r["covered"]) for r in these) / defined
            width = sum(float(r["width"]) * int(r["defined"]) for r in these
                        if int(r["defined"])) / defined
            judged = [r for r in these if int(r["defined"]) >= PEER_MIN_DEFINED]
            ok = sum(float(r["coverage"]) >= MIN_COVERAGE for r in judged)
            worst = min(judged, key=lambda r: float(r["coverage"])) if judged else None
            low = (f"{float(worst['coverage']):.1%} (C={worst['classes']} "
                   f"m={worst['min_class']} IR={worst['imbalance']})") if worst else "-"
            print(f"| {name} | {meth} | {cov:.1%} ({100 * math.sqrt(cov * (1 - cov) / defined):.1f})"
                  f" | {ok}/{len(judged)} | {low} | {width:.3f} | {1 - defined / total:.1%} |")
    # where: imbeval's auto and the peers by each axis of the grid, index by index
    shown = [m for m in ("auto", "confidenceinterval", "prob-conf-mat",
                         "prob-conf-mat-haldane") if m in order]
    for field, grid in (("classes", CLASSES_GRID), ("min_class", MIN_CLASS_GRID),
                        ("imbalance", IMBALANCE_GRID)):
        print("\n| index | method | " + " | ".join(f"{field} {g}" for g in grid) + " |")
        print("|---|---|" + "---|" * len(grid))
        for name in indices:
            for meth in shown:
                these = by.get((name, meth), [])
                if not these:
                    continue
                parts = []
                for g in grid:
                    cell = [r for r in these if int(r[field]) == g]
                    d = sum(int(r["defined"]) for r in cell)
                    parts.append(f"{sum(int(r['covered']) for r in cell) / d:.1%}" if d
                                 else "-")
                print(f"| {name} | {meth} | " + " | ".join(parts) + " |")


def _names(text):
    return tuple(x.strip() for x in text.split(",") if x.strip())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", nargs="?", default="coverage",
                        choices=("coverage", "table", "speed", "summary", "user-speed",
                                 "boundary", "goal", "cases", "peers", "merge"))
    parser.add_argument("--replicates", type=int, default=60)
    parser.add_argument("--paired-replicates", type=int, default=40)
    parser.add_argument("--peer-replicates", type=int, default=30)
    parser.add_argument("--draws", type=int, default=1000)
    parser.add_argument("--replicates-c10", type=int, default=None,
                        help="coverage: test sets a regime of ten classes (default: "
                             "--replicates)")
    parser.add_argument("--boot-share", type=float, default=0.2,
                        help="coverage: the share of test sets the bootstrap runs on")
    parser.add_argument("--methods", type=_names, default=None,
                        help="coverage: imbeval's methods, comma-separated, from "
                             f"auto,{','.join(METHODS)} (default: {','.join(METHODS)}); "
                             "a choice runs test set by test set")
    parser.add_argument("--indices", type=_names, default=None,
                        help="coverage: only these indices, comma-separated (default: "
                             "all); a choice runs test set by test set")
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--labels", type=int, default=10000, help="user-speed: test points")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=str(ROOT / "results" / "single_test_intervals.csv"))
    parser.add_argument("--chunk", type=int, default=50,
                        help="coverage: replicates per batch over all regimes (paired: half)")
    parser.add_argument("--resume", action="store_true",
                        help="coverage: keep the regimes --out already has (same settings)")
    parser.add_argument("--selection", help="table: the selection run's rows (coverage --out)")
    parser.add_argument("--validation", help="table, summary: the validation run's rows")
    parser.add_argument("--paired-from",
                        help="table: an earlier table whose paired rows are kept")
    parser.add_argument("--worst", type=int, default=15, help="goal: indices listed")
    parser.add_argument("--peers-csv", default=str(PEERS_CSV),
                        help="peers: the peers' run (coverage --out with --peer-replicates)")
    parser.add_argument("--runs", nargs="+", help="merge: the runs' rows (their .state.json)")
    parser.add_argument("--table", default=str(TABLE),
                        help="table: where to write it; summary: which to read")
    args = parser.parse_args(argv)
    {"speed": speed, "coverage": coverage, "table": table, "summary": summary,
     "user-speed": user_speed, "boundary": boundary, "goal": goal,
     "cases": cases, "peers": peers_table, "merge": merge}[args.mode](args)


if __name__ == "__main__":
    main()
