"""Which ``n_test/n_train`` the corrected interval of Fig. 5's cells needs: coverage of a
cell's pooled ACSA on multi-class data like the sets Fig. 5 is decided on.

Usage::

    python benchmarks/fig5_ratio_coverage.py run --setting libras [--learners a,b]
        [--datasets 60] [--target-draws 60] [--seed 0] [--max-cpu-seconds S]   # resumable
    python benchmarks/fig5_ratio_coverage.py summary [--scheme original|all] [--out CSV]

A Fig. 5 cell (:mod:`imbeval_repro.papers.mullick2020.experiment`) is one (classifier, test set)
of one multi-class problem: its pooled value -- each CV run's index of its confusion matrix
summed over its folds, averaged over the runs -- with
:func:`imbeval.inference.pooled_cv_estimate`'s interval, ``value ± t(Rk - 1) sqrt((1/(Rk) +
ratio) s^2)`` over the ``R x k`` fold values, ``ratio`` = ``n_test/n_train`` =
:data:`imbeval.inference.DECISION_TEST_TO_TRAIN` (2). That 2 was calibrated on two-class
Gaussian data with untuned learners (``benchmarks/coverage_learners.py``); this script asks
the same of the cells Fig. 5 decides on: C >= 10 classes, the pipeline's four tuned learners.

**Data** (:data:`SETTINGS`; each generator is fixed, only the draws are random).

- ``libras`` (movement_libras: 15 classes x 24 points, 90 features, IR 1): a class-
  conditional Gaussian fitted to the real set (:func:`imbeval_repro.experiment.data.keel.load`, offline):
  features standardised, class means ``mu_c`` and the pooled within-class covariance
  ``S`` (345 df); a point of class ``c`` is ``g + scale (mu_c - g) + S^(1/2) z``, ``g`` the
  mean of the class means. ``scale`` 1.6 puts the learners' ACSA where the KEEL run has
  them on the real set (0.73-0.87; at scale 1 the Gaussian noise in all 90 directions
  leaves them at 0.50-0.63).
- ``led7`` (led7digit: 10 classes, 500 points, 7 binary features): the set's own generative
  model (Breiman et al. 1984): the digit's seven-segment pattern with each segment inverted
  independently with probability 0.1 (the real set's inversion rate: 0.085-0.137 per
  class, 0.10 overall), the real set's class counts (37-57, IR 1.54), classes coded as the
  KEEL problem codes them (by decreasing count) and rows in random order (binary features
  tie distances, and a kNN breaks ties by row order: :meth:`LedGenerator.sample`). Its
  Bayes ACSA is 0.740.

``libras``'s rows come in class order, as the real movement_libras file has them; its
features are continuous, so no distance ties and the order does not matter.

**CV.** Each data set is a problem of the pipeline's own: 5 runs x 5 folds of
:func:`imbeval_repro.experiment.protocol.cv.run_folds` (its stratified outer folds, in-fold median imputation
and standardisation -- the KEEL problems' ``standardize`` -- and in-fold tuning by
:func:`imbeval_repro.experiment.classifiers.tune`: inner 3-fold stratified CV on balanced accuracy), every
learner on the same folds, with the learners as ``config/config.yaml``'s
``experiment.classifiers`` configures them (what ``config/keel.yaml`` runs: NBSVM grid
``C`` in 0.1, 1, 10; RUSBoost grid ``estimator__max_depth`` 2, 4; SMOTE -> MLP with 32
hidden units, 100 iterations; Dual-LexiBoost untuned) and the KEEL protocol's RRT test sets
(``min_count`` 3, ``bootstrap``). Per fold and RRT scheme the test set's ACSA (balanced
accuracy: the mean per-class recall) is recorded, and per run and scheme the ACSA of the
run's summed confusion matrix (the pooled run value; the cell's pooled value is their mean).

**Target.** What a cell's interval claims to cover: the learner's expected ACSA over
training sets of the CV's training size drawn from the same generator (Nadeau and Bengio's
``mu``; ``benchmarks/coverage_learners.py``'s target). An independent Monte Carlo draws
``--target-draws`` data sets of the setting's size, takes the training part of one
stratified outer fold of each (so the class counts are those a CV training fold has),
tunes and fits every learner on it as a fold is, and measures the population ACSA: exactly
for ``led7`` (all 128 segment patterns, each weighted by its probability under each digit),
on ``--test-size`` fresh points per class for ``libras``. The target is their mean, its
Monte Carlo error ``sd/sqrt(draws)``. ACSA weights the classes equally, so an RRT test set
(a resample of the test fold at other class shares) has the same target as the fold: every
scheme's cells are judged against the same number.

**Coverage** (:func:`summarise`). For ``ratio`` in :data:`RATIOS` (1/(k - 1) = 0.25, Nadeau
and Bengio's; 0.5; 1; 2, the decision rule's) each data set's interval of its pooled value
at 95 % (:func:`cell_interval`: :func:`imbeval.inference.cv_delta_estimate` as
:func:`imbeval.inference.pooled_cv_estimate` uses it, with that ``test_to_train``; the tie
rule makes an estimate undecidable, counted as covering -- it makes no claim -- and
reported), the share covering the target with its Wilson 95 % interval, and the mean width.
The **unbiased ratio** is the one whose corrected variance equals the pooled value's actual
mean squared error about the target: ``(mean (v - target)^2 - mc_se^2) / mean s^2 - 1/(Rk)``
(the target's own Monte Carlo variance taken out), with a 95 % bootstrap interval over data
sets (:func:`unbiased_ratio`).

**Files.** ``benchmarks/results/fig5_ratio/<setting>.csv`` (:data:`FIELDS`): one line per
(kind, item, learner), ``kind`` ``cv`` (a data set: per scheme the ``R x k`` fold ACSAs,
run-major, and the ``R`` pooled run values; the folds' chosen hyperparameters, counted) or
``target`` (a target draw: its population ACSA); ``seconds`` is the CPU time
(:func:`time.process_time`) the line took. Lines are appended and flushed as each item
finishes, so a run can be stopped and resumed: items already in the file are skipped. Data
sets, folds, tuning and target draws are seeded from ``--seed`` and the setting
(:func:`imbeval.utils.seeds.derive_seed`), so a learner added later sees the same data sets and
folds as the others. ``summary`` writes ``summary.csv`` beside them.
"""

from __future__ import annotations

import os

# one core per process: the simulation shares a 2-core machine with a long KEEL run
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import collections  # noqa: E402
import csv  # noqa: E402
import functools  # noqa: E402
import itertools  # noqa: E402
import math  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from coverage_learners import _done  # noqa: E402  (the same resumable files' keys)

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).parent / "results" / "fig5_ratio"
#: the pipeline's four mullick2020 learners (:data:`imbeval_repro.experiment.classifiers.factories.MULLICK_NAMES`)
LEARNERS = ("dual_lexiboost", "nbsvm", "rusboost", "smote_mlp")
#: the n_test/n_train ratios compared: 1/(k - 1) for k = 5 (Nadeau and Bengio), ..., the
#: decision rule's 2
RATIOS = (0.25, 0.5, 1.0, 2.0)
RUNS, FOLDS, INNER_FOLDS = 5, 5, 3
LEVEL = 0.95
#: the multi-class RRT schemes (:data:`imbeval.rrt.MULTI_CLASS_SCHEMES`), in file order
SCHEMES = ("balanced", "reversed", "minority_ir_halved", "original", "others_doubled")
FIELDS = ("kind", "item", "learner", "runs", "folds", "target",
          *[f"{p}_{s}" for s in SCHEMES for p in ("fold", "run")], "chosen", "seconds")

#: led7digit's segment patterns (top, upper left, upper right, middle, lower left, lower
#: right, bottom) of the digits 0-9: the real set's per-class modal patterns
LED_PATTERNS = np.array([
    [1, 1, 1, 0, 1, 1, 1], [0, 0, 1, 0, 0, 1, 0], [1, 0, 1, 1, 1, 0, 1], [1, 0, 1, 1, 0, 1, 1],
    [0, 1, 1, 1, 0, 1, 0], [1, 1, 0, 1, 0, 1, 1], [1, 1, 0, 1, 1, 1, 1], [1, 0, 1, 0, 0, 1, 0],
    [1, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 0, 1, 1]])
#: led7digit's class counts in the KEEL file (digits 0-9)
LED_COUNTS = (45, 37, 51, 57, 52, 52, 47, 57, 53, 49)

#: the simulated settings: each a generator matched to one of Fig. 5's C >= 10 sets
SETTINGS = {
    "libras": {"kind": "gaussian_fit", "source": "movement_libras", "scale": 1.6},
    "led7": {"kind": "led", "flip": 0.1, "counts": LED_COUNTS},
}


# ---------------------------------------------------------------------------------------
# generators
# ---------------------------------------------------------------------------------------


def keel_order(labels, counts):
    """The class codes of a KEEL multi-class problem: by decreasing count, then label
    (:func:`imbeval_repro.cli._experiment_keel.keel_problem`); returns the labels' order.

    Examples
    --------
    >>> keel_order(["0", "1", "2", "3"], [45, 37, 57, 57]).tolist()
    [2, 3, 0, 1]
    """
    return np.lexsort((np.asarray(labels), -np.asarray(counts)))


class LedGenerator:
    """Seven-segment digits with each segment inverted with probability ``flip``; class
    ``c`` has ``counts[c]`` points and pattern ``patterns[c]`` (default
    :data:`LED_PATTERNS`), the rows come in random order (:meth:`sample`)."""

    def __init__(self, counts, flip=0.1, patterns=LED_PATTERNS):
        self.counts, self.flip = tuple(counts), float(flip)
        self.patterns = np.array(patterns)

    @property
    def n_classes(self):
        return len(self.counts)

    def sample(self, rng, counts=None):
        """Points of every class, rows shuffled: the features are binary, so distances tie
        and a kNN (Dual-LexiBoost's) breaks ties by row order; rows in class order cost it
        0.10-0.15 of ACSA (0.55 on such simulated sets against 0.66-0.73 shuffled and 0.67
        on the real led7digit file, whose classes are interleaved, one 5-fold CV each)."""
        counts = self.counts if counts is None else counts
        patterns = self.patterns
        y = np.repeat(np.arange(self.n_classes), counts)
        inverted = rng.random((len(y), patterns.shape[1])) < self.flip
        x = np.where(inverted, 1 - patterns[y], patterns[y]).astype(float)
        order = rng.permutation(len(y))
        return x[order], y[order]

    def test_set(self, rng, test_size):
        """Every pattern once, ``W[c, x]`` its probability under class ``c``: a population
        recall is exactly ``sum_x W[c, x] [pred(x) = c]``."""
        x = np.array(list(itertools.product((0, 1), repeat=self.patterns.shape[1])), float)
        distance = (x[None, :, :] != self.patterns[:, None, :]).sum(axis=2)
        d = self.patterns.shape[1]
        return x, self.flip ** distance * (1 - self.flip) ** (d - distance)


class GaussianGenerator:
    """Class ``c`` is ``N(centre + scale (means[c] - centre), root root^T)`` (``root`` of shape
    ``(dims, dims)``), ``centre`` the mean of the class means, ``counts[c]`` points."""

    def __init__(self, means, root, counts, scale=1.0):
        self.means, self.root = np.asarray(means, float), np.asarray(root, float)
        self.counts, self.scale = tuple(counts), float(scale)

    @property
    def n_classes(self):
        return len(self.counts)

    def sample(self, rng, counts=None):
        counts = self.counts if counts is None else counts
        y = np.repeat(np.arange(self.n_classes), counts)
        centre = self.means.mean(axis=0)
        mu = centre + self.scale * (self.means - centre)
        return mu[y] + rng.standard_normal((len(y), self.root.shape[0])) @ self.root.T, y

    def test_set(self, rng, test_size):
        """``test_size`` fresh points per class, ``W[c, x] = 1/test_size`` for its class."""
        x, y = self.sample(rng, [test_size] * self.n_classes)
        return x, (y[None, :] == np.arange(self.n_classes)[:, None]) / float(test_size)


def fit_gaussian(x, y, scale=1.0):
    """:class:`GaussianGenerator` fitted to a real set: features standardised, class means and
    the pooled within-class covariance (its square root by eigendecomposition, negative
    rounding-error eigenvalues clipped to 0)."""
    x = np.asarray(x, dtype=float)
    x = (x - x.mean(axis=0)) / np.where(x.std(axis=0) > 0, x.std(axis=0), 1.0)
    labels = sorted(set(np.asarray(y).tolist()), key=lambda v: (len(str(v)), str(v)))
    codes = np.array([labels.index(v) for v in np.asarray(y).tolist()])
    means = np.array([x[codes == c].mean(axis=0) for c in range(len(labels))])
    resid = x - means[codes]
    cov = resid.T @ resid / (len(x) - len(labels))
    w, v = np.linalg.eigh(cov)
    counts = tuple(int(n) for n in np.bincount(codes))
    return GaussianGenerator(means, v * np.sqrt(np.clip(w, 0, None)), counts, scale)


@functools.lru_cache(maxsize=None)
def make_generator(setting):
    spec = SETTINGS[setting]
    if spec["kind"] == "led":
        # codes as the KEEL problem has them: by decreasing count, then digit
        order = keel_order([str(d) for d in range(10)], spec["counts"])
        return LedGenerator([int(spec["counts"][d]) for d in order], spec["flip"],
                            LED_PATTERNS[order])
    from imbeval_repro.experiment.data import keel

    x, y = keel.load(spec["source"])
    return fit_gaussian(x, y, spec["scale"])


def learner_specs(path=ROOT / "config" / "config.yaml"):
    """The learners as the pipeline's config runs them (``experiment.classifiers``, which
    the ``keel`` sections of config/config.yaml and config/keel.yaml use)."""
    import yaml

    with open(path) as fh:
        specs = yaml.safe_load(fh)["experiment"]["classifiers"]
    return {name: dict(specs[name] or {}) for name in LEARNERS}


# ---------------------------------------------------------------------------------------
# one data set, one target draw
# ---------------------------------------------------------------------------------------


def acsa_of(confusion):
    """ACSA (mean per-class recall) of a C x C confusion matrix (rows true); a class with no
    point makes it NaN."""
    m = np.asarray(confusion, dtype=float)
    rows = m.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return float(np.mean(np.diag(m) / rows)) if (rows > 0).all() else math.nan


def _problem(name, x, y, n_classes):
    counts = np.bincount(y, minlength=n_classes)
    return {"name": name, "X": x, "y": y, "class_names": [str(c) for c in range(n_classes)],
            "ir": float(counts.max() / counts.min()), "standardize": True,
            "kind": "multi-class"}


def _text(values):
    return " ".join(f"{v:.6g}" for v in values)


def _chosen(params):
    counted = collections.Counter(",".join(f"{k}={v}" for k, v in sorted(p.items()))
                                  for p in params)
    return ";".join(f"{k}:{n}" for k, n in sorted(counted.items()) if k)


def cv_item(setting, i, learners, seed, specs=None, generator=None, runs=RUNS, folds=FOLDS):
    """Data set ``i`` of ``setting`` cross-validated by every learner (``runs x folds`` of
    :func:`imbeval_repro.experiment.protocol.cv.run_folds`, the same folds for all): one row per learner."""
    from imbeval.utils.seeds import derive_rng
    from imbeval_repro.experiment.protocol.cv import run_folds

    specs = learner_specs() if specs is None else specs
    gen = make_generator(setting) if generator is None else generator
    x, y = gen.sample(derive_rng(seed, "fig5_ratio", setting, "data", i))
    problem = _problem(f"{setting}-{i}", x, y, gen.n_classes)
    rows = []
    for name in learners:
        spec = specs[name]
        t0 = time.process_time()
        fold_acsa = {s: [] for s in SCHEMES}
        run_acsa = {s: [] for s in SCHEMES}
        chosen = []
        for r in range(runs):
            summed = {}
            for result in run_folds(problem, name, r, seed=seed, n_folds=folds,
                                    params=spec.get("params"), grid=spec.get("grid"),
                                    inner_folds=INNER_FOLDS, estimator=spec.get("estimator")):
                fold = result["folds"][0]
                chosen.append(fold["params"])
                for ts in fold["test_sets"]:
                    m = np.asarray(ts["confusion"])
                    fold_acsa[ts["scheme"]].append(acsa_of(m))
                    summed[ts["scheme"]] = summed.get(ts["scheme"], 0) + m
            for s in SCHEMES:
                run_acsa[s].append(acsa_of(summed[s]))
        row = {"kind": "cv", "item": i, "learner": name, "runs": runs, "folds": folds,
               "target": "", "chosen": _chosen(chosen)}
        for s in SCHEMES:
            row[f"fold_{s}"], row[f"run_{s}"] = _text(fold_acsa[s]), _text(run_acsa[s])
        row["seconds"] = f"{time.process_time() - t0:.3f}"
        rows.append(row)
    return rows


def fit_like_a_fold(spec, name, x, y, train, seed):
    """Tune and fit ``name`` on ``x[train]`` as an outer fold of the pipeline does
    (:func:`imbeval_repro.experiment.protocol.cv.standardise_in_fold` on the training part, then
    :func:`imbeval_repro.experiment.classifiers.build_classifier` and :func:`imbeval_repro.experiment.classifiers.tune`);
    returns the fitted model and ``x`` standardised by the training part."""
    from sklearn.exceptions import ConvergenceWarning

    from imbeval_repro.experiment.classifiers import build_classifier, tune
    from imbeval_repro.experiment.protocol.cv import standardise_in_fold

    z = standardise_in_fold(x, train)
    model = build_classifier(name, dict(spec.get("params") or {}), seed, spec.get("estimator"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", category=UserWarning)
        warnings.simplefilter("ignore", category=ConvergenceWarning)
        fitted, _ = tune(model, dict(spec.get("grid") or {}), z[train], y[train],
                         inner_folds=INNER_FOLDS, random_state=seed)
    return fitted, z


def target_item(setting, j, learners, seed, test_size, specs=None, generator=None,
                folds=FOLDS):
    """Target draw ``j``: the training part of one stratified outer fold of a fresh data set,
    every learner fitted on it, its population ACSA (one row per learner)."""
    from imbeval.utils.seeds import derive_rng, derive_seed
    from imbeval_repro.experiment.protocol.cv import outer_folds

    specs = learner_specs() if specs is None else specs
    gen = make_generator(setting) if generator is None else generator
    rng = derive_rng(seed, "fig5_ratio", setting, "target", j)
    x, y = gen.sample(rng)
    train = outer_folds(y, folds, seed, f"{setting}-target-{j}", 0)[j % folds][0]
    x_test, weights = gen.test_set(rng, test_size)
    both = np.vstack([x[train], x_test])
    rows = []
    for name in learners:
        t0 = time.process_time()
        fitted, z = fit_like_a_fold(specs[name], name, both, np.r_[y[train], np.zeros(
            len(x_test), dtype=int)], np.arange(len(train)),
            derive_seed(seed, "fig5_ratio", setting, "target-fit", name, j))
        pred = np.asarray(fitted.predict(z[len(train):])).astype(int)
        recall = (weights * (pred[None, :] == np.arange(gen.n_classes)[:, None])).sum(axis=1)
        rows.append({"kind": "target", "item": j, "learner": name, "runs": 0, "folds": folds,
                     "target": f"{float(recall.mean()):.8g}", "chosen": "",
                     "seconds": f"{time.process_time() - t0:.3f}"})
    return rows


def _append(path, rows):
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS, restval="")
        if new:
            w.writeheader()
        w.writerows(rows)
        fh.flush()
        os.fsync(fh.fileno())


def run(setting, learners, datasets, target_draws, seed, test_size=200,
        max_cpu_seconds=math.inf, results=RESULTS, specs=None, generator=None):
    """Simulate ``setting``, a target draw then a data set in turn; resumable."""
    results = Path(results)
    results.mkdir(parents=True, exist_ok=True)
    path = results / f"{setting}.csv"
    done = _done(path)
    start = time.process_time()
    for i in range(max(datasets, target_draws)):
        if time.process_time() - start > max_cpu_seconds:
            print(f"{setting}: stopped after {max_cpu_seconds:.0f} CPU s at item {i}",
                  flush=True)
            return path
        if i < target_draws:
            todo = [n for n in learners if ("target", i, n) not in done]
            if todo:
                _append(path, target_item(setting, i, todo, seed, test_size, specs, generator))
        if i < datasets:
            todo = [n for n in learners if ("cv", i, n) not in done]
            if todo:
                _append(path, cv_item(setting, i, todo, seed, specs, generator))
        if i % 10 == 9:
            print(f"{setting}: {i + 1} items, {time.process_time() - start:.0f} CPU s",
                  flush=True)
    return path


# ---------------------------------------------------------------------------------------
# summary
# ---------------------------------------------------------------------------------------


def _floats(text):
    return np.array([float(v) for v in text.split()]) if text else np.array([])


def load(path):
    """``{learner: {"cv": {item: {scheme: (fold values (runs, folds), run values (runs,))}},
    "target": {item: value}, "cv_seconds": s, "target_seconds": s}}``."""
    out = {}
    with Path(path).open(newline="") as fh:
        for r in csv.DictReader(fh):
            d = out.setdefault(r["learner"], {"cv": {}, "target": {}, "cv_seconds": 0.0,
                                              "target_seconds": 0.0})
            d[f"{r['kind']}_seconds"] += float(r["seconds"])
            if r["kind"] == "cv":
                shape = (int(r["runs"]), int(r["folds"]))
                d["cv"][int(r["item"])] = {
                    s: (_floats(r[f"fold_{s}"]).reshape(shape), _floats(r[f"run_{s}"]))
                    for s in SCHEMES}
            else:
                d["target"][int(r["item"])] = float(r["target"])
    return out


def cell_interval(fold_values, value, ratio, level=LEVEL):
    """A cell's pooled ``value`` with the corrected interval of its ``(runs, folds)`` fold
    values at ``n_test/n_train`` = ``ratio``: :func:`imbeval.inference.pooled_cv_estimate`'s
    construction (:func:`imbeval.inference.cv_delta_estimate` with gradient 1), its ratio
    free. Returns ``(low, high, decided)``; an undefined fold or the tie rule leaves it
    undecided (``decided`` False, the ends still given when they exist)."""
    from imbeval.inference import cv_delta_estimate

    x = np.asarray(fold_values, dtype=float)
    if not np.isfinite(x).all() or not math.isfinite(value):
        return math.nan, math.nan, False
    e = cv_delta_estimate(float(value), np.ones(1), x[:, :, None], test_to_train=ratio)
    low, high = e.interval(level)
    return low, high, e.undecidable is None


def wilson(k, n, level=LEVEL):
    """Wilson score interval of a share ``k/n`` (statsmodels)."""
    from statsmodels.stats.proportion import proportion_confint

    if n == 0:
        return math.nan, math.nan
    low, high = proportion_confint(k, n, alpha=1 - level, method="wilson")
    return float(low), float(high)


def coverage(intervals, target):
    """``{covered, n, coverage, low, high, width, undecided}`` of ``(low, high, decided)``
    intervals for ``target``: an undecided interval makes no claim and counts as covering;
    ``low``/``high`` the Wilson 95 % interval of the coverage, ``width`` the mean width of
    the decided intervals.

    Examples
    --------
    >>> c = coverage([(0.6, 0.8, True), (0.75, 0.9, True), (0.4, 0.6, False)], 0.7)
    >>> c["covered"], c["n"], c["undecided"], round(c["width"], 3)
    (2, 3, 1, 0.175)
    """
    n = len(intervals)
    inside = [(not d) or (lo <= target <= hi) for lo, hi, d in intervals]
    widths = [hi - lo for lo, hi, d in intervals if d]
    k = int(sum(inside))
    low, high = wilson(k, n)
    return {"covered": k, "n": n, "coverage": k / n if n else math.nan, "low": low,
            "high": high, "width": float(np.mean(widths)) if widths else math.nan,
            "undecided": int(sum(not d for _, _, d in intervals))}


def unbiased_ratio(values, fold_values, target, target_se=0.0, boot=2000, seed=0):
    """The ``n_test/n_train`` whose corrected variance ``(1/n + ratio) s^2`` is unbiased for
    the pooled values' mean squared error about ``target``:
    ``(mean (v - target)^2 - target_se^2) / mean s^2 - mean 1/n`` (``s^2`` each data set's
    fold variance, ``n`` its fold values; the target's Monte Carlo variance, which inflates
    the observed squared errors, taken out), and a 95 % percentile bootstrap interval over
    data sets (the target held fixed). NaN with fewer than 3 data sets.

    Examples
    --------
    >>> v = np.array([0.5, 0.7, 0.6])
    >>> x = np.array([[[0.4, 0.6]], [[0.6, 0.8]], [[0.5, 0.7]]])   # s^2 = 0.02 each, n = 2
    >>> round(unbiased_ratio(v, x, 0.6, boot=0)[0], 4)           # (0.02/3)/0.02 - 1/2
    -0.1667
    """
    v = np.asarray(values, dtype=float)
    x = np.asarray(fold_values, dtype=float).reshape(len(v), -1)
    ok = np.isfinite(v) & np.isfinite(x).all(axis=1)
    v, x = v[ok], x[ok]
    if len(v) < 3:
        return math.nan, math.nan, math.nan
    err2, s2, inv = (v - target) ** 2, x.var(axis=1, ddof=1), np.full(len(v), 1 / x.shape[1])

    def ratio(idx):
        return (err2[idx].mean() - target_se**2) / s2[idx].mean() - inv[idx].mean()

    point = float(ratio(np.arange(len(v))))
    if not boot:
        return point, math.nan, math.nan
    rng = np.random.default_rng(seed)
    draws = [ratio(rng.integers(0, len(v), len(v))) for _ in range(boot)]
    return point, float(np.percentile(draws, 2.5)), float(np.percentile(draws, 97.5))


def summarise(path, schemes=("original",), level=LEVEL):
    """One row per (learner, scheme) of a setting's file: data sets, target with its Monte
    Carlo error, the pooled values' mean and SD, per ratio of :data:`RATIOS` the coverage
    (Wilson interval, undecided count) and mean width, the unbiased ratio (bootstrap
    interval), and the CPU seconds of the learner's lines."""
    setting = Path(path).stem
    rows = []
    for learner, d in sorted(load(path).items()):
        draws = np.array([d["target"][j] for j in sorted(d["target"])])
        items = sorted(d["cv"])
        if len(draws) < 2 or not items:
            continue
        target, target_se = float(draws.mean()), float(draws.std(ddof=1) / math.sqrt(len(draws)))
        for scheme in schemes:
            folds = np.array([d["cv"][i][scheme][0] for i in items])
            values = np.array([d["cv"][i][scheme][1].mean() for i in items])
            row = {"setting": setting, "learner": learner, "scheme": scheme,
                   "datasets": len(items), "target_draws": len(draws), "target": target,
                   "target_mc_se": target_se, "mean_value": float(np.mean(values)),
                   "sd_value": float(np.std(values, ddof=1)) if len(values) > 1 else math.nan,
                   "mean_fold_sd": float(np.mean(folds.reshape(len(items), -1).std(
                       axis=1, ddof=1)))}
            for ratio in RATIOS:
                c = coverage([cell_interval(f, v, ratio, level) for f, v in zip(folds, values)],
                             target)
                for key in ("coverage", "low", "high", "width", "undecided"):
                    row[f"{key}_{ratio:g}"] = c[key]
            row["unbiased_ratio"], row["unbiased_low"], row["unbiased_high"] = unbiased_ratio(
                values, folds, target, target_se)
            row["cpu_seconds"] = d["cv_seconds"] + d["target_seconds"]
            rows.append(row)
    return rows


def supported_ratio(rows, strict=False):
    """The smallest ratio of :data:`RATIOS` whose coverage is >= 95 % within its Monte Carlo
    error (the Wilson interval's high end >= 0.95; ``strict``: the coverage itself) in every
    row; None if none is.

    Examples
    --------
    >>> rows = [{"high_0.25": 0.93, "high_0.5": 0.97, "high_1": 0.99, "high_2": 1.0}]
    >>> supported_ratio(rows)
    0.5
    """
    key = "coverage" if strict else "high"
    for ratio in RATIOS:
        if rows and all(r[f"{key}_{ratio:g}"] >= LEVEL for r in rows):
            return ratio
    return None


def markdown(rows):
    head = (["setting", "learner"] + (["scheme"] if len({r["scheme"] for r in rows}) > 1 else [])
            + ["data sets", "target ACSA (MC se)", "mean pooled (SD)"]
            + [f"coverage {r:g} [Wilson]" for r in RATIOS] + [f"width {r:g}" for r in RATIOS]
            + ["unbiased ratio [95% boot]", "CPU s"])
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        cells = [r["setting"], r["learner"]] + ([r["scheme"]] if "scheme" in head else [])
        cells += [str(r["datasets"]), f"{r['target']:.3f} ({r['target_mc_se']:.3f})",
                  f"{r['mean_value']:.3f} ({r['sd_value']:.3f})"]
        for ratio in RATIOS:
            und = r[f"undecided_{ratio:g}"]
            cells.append(f"{r[f'coverage_{ratio:g}']:.2f} [{r[f'low_{ratio:g}']:.2f}, "
                         f"{r[f'high_{ratio:g}']:.2f}]" + (f" ({und} undec.)" if und else ""))
        cells += [f"{r[f'width_{ratio:g}']:.3f}" for ratio in RATIOS]
        cells += [f"{r['unbiased_ratio']:.2f} [{r['unbiased_low']:.2f}, "
                  f"{r['unbiased_high']:.2f}]", f"{r['cpu_seconds']:.0f}"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _write(rows, path):
    if not rows:
        return
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("run", help="simulate one setting (resumable)")
    p.add_argument("--setting", choices=sorted(SETTINGS), required=True)
    p.add_argument("--learners", default=",".join(LEARNERS))
    p.add_argument("--datasets", type=int, default=60)
    p.add_argument("--target-draws", type=int, default=60)
    p.add_argument("--test-size", type=int, default=200,
                   help="fresh points per class of a Gaussian setting's target draw")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-cpu-seconds", type=float, default=math.inf)
    p.add_argument("--results", type=Path, default=RESULTS)
    s = sub.add_parser("summary", help="coverage table of every setting's file")
    s.add_argument("--scheme", default="original",
                   help="an RRT scheme, or 'all' (default: original, the whole test fold)")
    s.add_argument("--results", type=Path, default=RESULTS)
    s.add_argument("--out", type=Path, default=None,
                   help="CSV of the rows (default: <results>/summary.csv)")
    args = parser.parse_args(argv)
    if args.command == "run":
        learners = [n for n in args.learners.split(",") if n]
        bad = sorted(set(learners) - set(LEARNERS))
        if bad:
            parser.error(f"unknown learner(s) {bad}; allowed: {', '.join(LEARNERS)}")
        t0 = time.process_time()
        run(args.setting, learners, args.datasets, args.target_draws, args.seed,
            args.test_size, args.max_cpu_seconds, args.results)
        print(f"{args.setting}: {time.process_time() - t0:.0f} CPU s in this call")
        return 0
    schemes = SCHEMES if args.scheme == "all" else (args.scheme,)
    rows = []
    for path in sorted(Path(args.results).glob("*.csv")):
        if path.name != "summary.csv":
            rows += summarise(path, schemes)
    _write(rows, args.out or Path(args.results) / "summary.csv")
    print(markdown(rows))
    for strict in (False, True):
        rule = ("coverage itself >= 0.95" if strict
                else "Wilson 95% high end >= 0.95 (>= 95 % within its MC error)")
        print(f"\nsmallest ratio with {rule} in every row: {supported_ratio(rows, strict)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
