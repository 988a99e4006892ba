"""Coverage of the CV intervals for the pipeline's own learners.

Run through ``benchmarks/coverage.py`` (``python benchmarks/coverage.py learners ...`` and
``python benchmarks/coverage.py learners-summary``); this module holds the simulation.

**Data.** Two Gaussian classes in ``--dims`` dimensions, identity covariance, means
``--separation`` apart (Mahalanobis); a setting fixes the minority points per test fold
``m``, the imbalance ratio ``IR`` and the folds ``k``: ``m k`` minority and ``IR m k``
majority points per data set (stratified folds then hold exactly ``m`` and ``IR m``).

**CV.** Each data set is cross-validated by ``runs`` repetitions of scikit-learn's
``StratifiedKFold(k, shuffle=True)`` (the pipeline's splitter, :mod:`imbeval_repro.experiment.protocol.cv`),
every learner on the same folds, and the test fold's balanced accuracy (ACSA) and
precision of the minority class (undefined -- NaN, left out as the pipeline leaves it out --
on a fold with no minority prediction) are recorded. ``k = 5`` data sets are run 5 times:
their first repetition is the 1 x 5 design, all five the 5 x 5; ``k = 3`` ones twice (2 x 3,
the experiment's and the KEEL slice's design).

**Target.** What a CV mean is taken to estimate: the learner's expected performance over
training sets of the CV's training size and class counts (``m (k - 1)`` and
``IR m (k - 1)``). An independent Monte Carlo draws ``--target-draws`` such training sets,
fits every learner on each (the same sets for all learners, so differences are paired) and
measures the true-positive and false-positive rates on a fresh test set of ``--test-size``
points per class; balanced accuracy is ``(TPR + 1 - FPR)/2`` and precision the population's
``pi TPR / (pi TPR + (1 - pi) FPR)`` at the minority share ``pi = 1/(1 + IR)``. Their means
over draws are the targets, with Monte Carlo errors ``sd/sqrt(draws)``.

**Files.** Every finished data set and target draw is appended at once to the setting's
file (one line per learner), so a run can be stopped and resumed: items already in the file
are skipped. Two formats are read:

- version 1, ``benchmarks/results/coverage_learners/<setting>.csv`` (:data:`FIELDS`): each
  fold's balanced accuracy and precision only;
- version 2, ``<setting>.v2.csv`` beside it (:data:`FIELDS_V2`, what :func:`run` writes): the same columns plus each fold's confusion counts ``tp fp pos neg`` (true and
  false positives, minority and majority points of the test fold), from which the pooled
  estimator -- each run's index of its confusion matrix summed over the folds, the pipeline's
  ``run_indices.csv`` (:data:`imbeval_repro.experiment.protocol.collect.RUN_ESTIMATOR`) -- is computed.
  Both files draw the same data sets and folds from the same seeds, so a version-2 file
  repeats the version-1 columns of the items it holds; where both exist the summary reads
  version 2.

**Pooled estimator** (:func:`summarise_pooled`). Per data set and design the run
values are balanced accuracy and precision of each run's summed matrix, and their interval
is the one the pipeline decides with within a problem: the runs are the units
(:func:`imbeval_repro.papers.mullick2020.experiment.fold_values` puts the ``R`` run values of a
cell in one row), :func:`imbeval.inference.defined_cv_estimate` on that row -- the corrected
t interval ``mean ± t(R - 1) sqrt((1/R + 2) s^2)`` over run values (``n_test/n_train`` =
:data:`imbeval.inference.DECISION_TEST_TO_TRAIN`), undecidable with fewer than
:data:`imbeval.inference.MIN_FOLD_VALUES` (5) values, with half or more of them tied, or with
an undefined run. So 1 x 5 (one run) and 2 x 3 (two runs) never decide; 5 x 5 can. Beside
it the fold-mean estimator as the pipeline used it before (the same function on the
``runs x folds`` fold values: undecidable with any undefined fold) on the same data sets.

**Target of the pooled estimator.** Stratified folds hold exactly ``m`` minority and ``IR m``
majority points, so a run's pooled rates are the means of its folds' rates, ``T = mean
TPR_f`` and ``F = mean FPR_f``, and its pooled values are smooth functions of those two CV
means: balanced accuracy ``(T + 1 - F)/2`` (identical to the run's fold mean) and precision
``pi T / (pi T + (1 - pi) F)``, ``pi = 1/(1 + IR)``. ``T`` and ``F`` are CV means whose
target is the expected rate ``E[TPR]``, ``E[FPR]`` over training sets of the CV's size; a
smooth function of consistent estimators estimates the function of their targets (and the
pooled ratio is a ratio estimator, biased only at order ``1/n``). So the pooled precision
estimates ``pi E[TPR] / (pi E[TPR] + (1 - pi) E[FPR])`` -- the precision of the learner's
average operating point -- not ``E[precision]``, the mean of per-draw precisions (larger or
smaller by Jensen's gap, which grows with the spread of the draws' FPR). The target Monte
Carlo gives TPR and FPR per draw; :func:`pooled_target` makes both numbers, with Monte Carlo
errors (the pooled one by the delta method). The fold mean keeps its own target
(the mean over draws of the per-draw population value).
"""

from __future__ import annotations

import csv
import math
import os
import time
from pathlib import Path

import numpy as np

RESULTS = Path(__file__).parent / "results" / "coverage_learners"
LEARNER_NAMES = ("lda", "knn", "svm", "nbsvm", "dual_lexiboost", "rusboost", "smote_mlp")
#: the columns of a version-1 file (``<setting>.csv``)
FIELDS = ("kind", "item", "learner", "runs", "folds", "ba", "precision", "seconds")
#: the columns of a version-2 file (``<setting>.v2.csv``): each fold's confusion counts too
#: (space-separated, runs x folds in order; ``nan`` for a fold whose learner could not be fit)
FIELDS_V2 = ("kind", "item", "learner", "runs", "folds", "ba", "precision", "tp", "fp", "pos",
             "neg", "seconds")
#: the file name's ending of each format (the setting's name comes before it)
SUFFIXES = {1: ".csv", 2: ".v2.csv"}
#: the confusion counts of a version-2 row, in the order :func:`load` stacks them
COUNTS = ("tp", "fp", "pos", "neg")


def make_learner(name, seed):
    """An unfitted learner as the pipeline builds it (:func:`imbeval_repro.experiment.classifiers.make_classifier`
    with default parameters, no in-fold tuning); ``lda`` is scikit-learn's
    LinearDiscriminantAnalysis, ``knn`` / ``svm`` the mortaz2020 grid's KNN and SVM
    (standardise, then scikit-learn's defaults)."""
    from imbeval_repro.experiment.classifiers import make_classifier

    if name == "lda":
        from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

        return LinearDiscriminantAnalysis()
    grid = {"knn": "KNN", "svm": "SVM"}
    return make_classifier(grid.get(name, name), {}, seed)


def setting_name(m, ir, folds):
    return f"m{m}_ir{ir:g}_k{folds}"


def parse_setting(text):
    """``m10_ir9_k5`` -> (10, 9.0, 5)."""
    m, ir, k = text.split("_")
    return int(m[1:]), float(ir[2:]), int(k[1:])


def setting_of(path):
    """The setting a result file is of, and its format: ``m5_ir9_k3.v2.csv`` ->
    ``("m5_ir9_k3", 2)``, ``m5_ir9_k3.csv`` -> ``("m5_ir9_k3", 1)``."""
    name = Path(path).name
    for version in sorted(SUFFIXES, reverse=True):
        if name.endswith(SUFFIXES[version]):
            return name[: -len(SUFFIXES[version])], version
    raise ValueError(f"{name!r} is not a coverage_learners result file ({SUFFIXES})")


def _data(rng, n1, n0, dims, separation):
    mu = separation / math.sqrt(dims)
    x1 = rng.standard_normal((n1, dims)) + mu
    x0 = rng.standard_normal((n0, dims))
    x = np.vstack([x1, x0])
    y = np.r_[np.ones(n1, dtype=int), np.zeros(n0, dtype=int)]
    return x, y


def _rates(y, pred):
    pos = y == 1
    tpr = float(np.mean(pred[pos] == 1))
    fpr = float(np.mean(pred[~pos] == 1))
    return tpr, fpr


def fold_counts(y, pred):
    """True positives, false positives, minority and majority points of one test fold."""
    pos = y == 1
    return (int(np.sum(pred[pos] == 1)), int(np.sum(pred[~pos] == 1)), int(pos.sum()),
            int((~pos).sum()))


def fold_scores(y, pred):
    """Balanced accuracy and minority precision of one test fold (precision NaN without a
    minority prediction)."""
    tpr, fpr = _rates(y, pred)
    tp = int(np.sum((pred == 1) & (y == 1)))
    predicted = int(np.sum(pred == 1))
    return (tpr + 1 - fpr) / 2, (tp / predicted if predicted else math.nan)


def _done(path):
    if not path.exists():
        return set()
    with path.open(newline="") as fh:
        return {(r["kind"], int(r["item"]), r["learner"]) for r in csv.DictReader(fh)}


def _append(path, rows):
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS_V2)
        if new:
            w.writeheader()
        w.writerows(rows)
        fh.flush()
        os.fsync(fh.fileno())


def cv_item(i, m, ir, folds, runs, learners, args):
    """One simulated data set, cross-validated by every learner on the same folds."""
    from sklearn.model_selection import StratifiedKFold

    code = [args.seed, 1, m, int(ir * 10), folds, i]
    rng = np.random.default_rng(code)
    n1 = m * folds
    x, y = _data(rng, n1, int(round(ir * n1)), args.dims, args.separation)
    splits = [list(StratifiedKFold(folds, shuffle=True, random_state=int(rng.integers(2**31)))
                   .split(x, y)) for _ in range(runs)]
    rows = []
    for name in learners:
        t0 = time.process_time()
        ba, prec, counts = [], [], []
        for r, split in enumerate(splits):
            for f, (train, test) in enumerate(split):
                model = make_learner(name, (i * 1000 + r * 10 + f) % (2**31))
                try:
                    model.fit(x[train], y[train])
                except ValueError:
                    # RUSBoost's "worse than random, ensemble can not be fit": no model,
                    # no fold value (an undefined fold, left out like an undefined index)
                    b, p, c = math.nan, math.nan, (math.nan,) * 4
                else:
                    pred = model.predict(x[test])
                    b, p = fold_scores(y[test], pred)
                    c = fold_counts(y[test], pred)
                ba.append(b)
                prec.append(p)
                counts.append(c)
        row = {"kind": "cv", "item": i, "learner": name, "runs": runs, "folds": folds,
               "ba": " ".join(f"{v:.6g}" for v in ba),
               "precision": " ".join(f"{v:.6g}" for v in prec),
               "seconds": f"{time.process_time() - t0:.3f}"}
        for j, key in enumerate(COUNTS):
            row[key] = " ".join(f"{c[j]:g}" for c in counts)
        rows.append(row)
    return rows


def target_item(j, m, ir, folds, learners, args):
    """One training set of the CV's training size, every learner fitted on it and scored on
    a fresh large test set (TPR and FPR; ``ba`` holds ``TPR FPR``)."""
    rng = np.random.default_rng([args.seed, 2, m, int(ir * 10), folds, j])
    n1 = m * (folds - 1)
    x, y = _data(rng, n1, int(round(ir * n1)), args.dims, args.separation)
    xt, yt = _data(rng, args.test_size, args.test_size, args.dims, args.separation)
    rows = []
    for name in learners:
        t0 = time.process_time()
        try:
            model = make_learner(name, (j * 7919) % (2**31)).fit(x, y)
        except ValueError:      # see cv_item
            tpr, fpr = math.nan, math.nan
        else:
            tpr, fpr = _rates(yt, model.predict(xt))
        rows.append({"kind": "target", "item": j, "learner": name, "runs": 0, "folds": folds,
                     "ba": f"{tpr:.6g} {fpr:.6g}", "precision": "",
                     "seconds": f"{time.process_time() - t0:.3f}"})
    return rows


def run(setting, learners, args):
    """Simulate one setting, interleaving data sets and target draws; resumable."""
    m, ir, folds = parse_setting(setting)
    runs = 2 if folds == 3 else 5
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{setting}{SUFFIXES[2]}"
    done = _done(path)
    start = time.perf_counter()
    for i in range(max(args.datasets, args.target_draws)):
        if time.perf_counter() - start > args.max_seconds:
            print(f"{setting}: stopped after {args.max_seconds:.0f} s at item {i}", flush=True)
            return
        if i < args.target_draws:
            todo = [n for n in learners if ("target", i, n) not in done]
            if todo:
                _append(path, target_item(i, m, ir, folds, todo, args))
        if i < args.datasets:
            todo = [n for n in learners if ("cv", i, n) not in done]
            if todo:
                _append(path, cv_item(i, m, ir, folds, runs, todo, args))
        if i % 20 == 19:
            print(f"{setting}: {i + 1} items, {time.perf_counter() - start:.0f} s", flush=True)


# ---------------------------------------------------------------------------------------
# summary
# ---------------------------------------------------------------------------------------


def _floats(text):
    return np.array([float(v) for v in text.split()]) if text else np.array([])


def load(path):
    """``{learner: {"cv": {item: (ba (runs, folds), prec (runs, folds))},
    "target": {item: (tpr, fpr)}, "counts": {item: (4, runs, folds)}}}`` of a file of
    either format (``counts`` -- tp, fp, pos, neg per fold, :data:`COUNTS` -- is empty for a
    version-1 file)."""
    out = {}
    path = Path(path)
    with path.open(newline="") as fh:
        for r in csv.DictReader(fh):
            d = out.setdefault(r["learner"], {"cv": {}, "target": {}, "counts": {}})
            if r["kind"] == "cv":
                shape = (int(r["runs"]), int(r["folds"]))
                d["cv"][int(r["item"])] = (_floats(r["ba"]).reshape(shape),
                                           _floats(r["precision"]).reshape(shape))
                if r.get("tp"):
                    d["counts"][int(r["item"])] = np.stack(
                        [_floats(r[k]).reshape(shape) for k in COUNTS])
            else:
                tpr, fpr = _floats(r["ba"])
                d["target"][int(r["item"])] = (tpr, fpr)
    return out


#: candidate decision rules: name -> n_test/n_train of the corrected variance for k folds
RULES = {"nadeau_bengio": lambda k: 1.0 / (k - 1), "test_to_train_2": lambda k: 2.0}
DESIGNS = {3: (("2x3", 2),), 5: (("1x5", 1), ("5x5", 5))}


def _population_precision(tpr, fpr, ir):
    pi = 1.0 / (1.0 + ir)
    den = pi * tpr + (1 - pi) * fpr
    return pi * tpr / den if den > 0 else math.nan


def _coverage(values, target, ratio, level, min_values=5):
    """Coverage of the corrected t interval with ``ratio`` over data sets (rows of
    ``values``, NaN folds left out); an estimate with fewer than ``min_values`` finite fold
    values is undecidable (makes no claim: counted as covering, and reported)."""
    from scipy import stats

    n = np.isfinite(values).sum(axis=1)
    ok = n >= min_values
    mean = np.nanmean(np.where(ok[:, None], values, 0.0), axis=1)
    var = np.nanvar(np.where(ok[:, None], values, 0.0), axis=1, ddof=1)
    se = np.sqrt((1.0 / np.maximum(n, 1) + ratio) * var)
    t = stats.t.ppf(0.5 + level / 2, np.maximum(n - 1, 1))
    low, high = mean - t * se, mean + t * se
    inside = ~ok | ((low <= target) & (target <= high))
    below = ok & (high < target)
    above = ok & (low > target)
    c = float(inside.mean())
    return {"coverage": c, "mc_se": math.sqrt(c * (1 - c) / len(values)),
            "below": float(below.mean()), "above": float(above.mean()),
            "undecidable": float((~ok).mean()),
            "median_width": float(np.median((high - low)[ok])) if ok.any() else math.nan}


def summarise_setting(path, level=0.95):
    """Coverage rows of one setting's file: per design, learner and quantity (balanced
    accuracy, precision, and the paired per-fold difference learner minus LDA)."""
    from imbeval.inference import cv_estimate

    setting = setting_of(path)[0]
    m, ir, folds = parse_setting(setting)
    data = load(path)
    rows = []
    lda = data.get("lda")
    for learner, d in data.items():
        draws = sorted(d["target"])
        tpr = np.array([d["target"][j][0] for j in draws])
        fpr = np.array([d["target"][j][1] for j in draws])
        targets = {"ba": (tpr + 1 - fpr) / 2,
                   "precision": np.array([_population_precision(a, b, ir)
                                          for a, b in zip(tpr, fpr)])}
        cv_items = sorted(d["cv"])
        cv = {"ba": np.array([d["cv"][i][0] for i in cv_items]),
              "precision": np.array([d["cv"][i][1] for i in cv_items])}
        if lda is not None and learner != "lda":
            common = [j for j in draws if j in lda["target"]]
            lt = np.array([lda["target"][j] for j in common])
            mine = np.array([d["target"][j] for j in common])
            targets["ba_minus_lda"] = ((mine[:, 0] - mine[:, 1]) - (lt[:, 0] - lt[:, 1])) / 2
            both = [i for i in cv_items if i in lda["cv"]]
            cv["ba_minus_lda"] = np.array([d["cv"][i][0] - lda["cv"][i][0] for i in both])
        for quantity, tv in targets.items():
            tv = tv[np.isfinite(tv)]
            if len(tv) < 2 or len(cv[quantity]) < 10:
                continue
            target, target_se = float(tv.mean()), float(tv.std(ddof=1) / math.sqrt(len(tv)))
            for design, runs in DESIGNS[folds]:
                v = cv[quantity][:, :runs, :].reshape(len(cv[quantity]), -1)
                n = np.isfinite(v).sum(axis=1)
                means = np.array([np.nanmean(r) if k else math.nan for r, k in zip(v, n)])
                s2 = np.array([np.nanvar(r, ddof=1) if k >= 2 else math.nan
                               for r, k in zip(v, n)])
                ok = n >= 5
                row = {"setting": setting, "m": m, "ir": ir, "design": design,
                       "learner": learner, "quantity": quantity, "datasets": len(v),
                       "target": target, "target_mc_se": target_se, "target_draws": len(tv),
                       "grand_mean": float(np.nanmean(means[ok])) if ok.any() else math.nan,
                       "zero_variance": float(np.mean(s2[ok] == 0)) if ok.any() else math.nan,
                       "undefined_folds": float(1 - np.isfinite(v).mean())}
                if ok.sum() > 2:
                    mse = float(np.mean((means[ok] - target) ** 2))
                    row["needed_ratio"] = mse / float(np.mean(s2[ok])) - float(np.mean(1 / n[ok]))
                for rule, ratio in RULES.items():
                    for key, val in _coverage(v, target, ratio(folds), level).items():
                        row[f"{rule}_{key}"] = val
                # the shipped decision interval (imbeval.inference.cv_estimate's default)
                # (an undecidable estimate makes no claim: it cannot miss)
                inside, undecided, below = [], [], []
                for r in v.reshape(len(v), runs, folds):
                    e = cv_estimate(r)
                    lo, hi = e.interval(level)
                    no_claim = bool(e.undecidable) or not math.isfinite(lo)
                    undecided.append(no_claim)
                    inside.append(no_claim or lo <= target <= hi)
                    below.append(not no_claim and hi < target)
                c = float(np.mean(inside))
                row["shipped_coverage"] = c
                row["shipped_mc_se"] = math.sqrt(c * (1 - c) / len(v))
                row["shipped_undecidable"] = float(np.mean(undecided))
                row["shipped_below"] = float(np.mean(below))
                rows.append(row)
    return rows


def setting_files(results=RESULTS):
    """``{setting: path}`` of every result file under ``results``, the version-2 file where
    a setting has both (it repeats the version-1 columns of its items)."""
    best = {}
    for path in sorted(Path(results).glob("m*_ir*_k*.csv")):
        setting, version = setting_of(path)
        if version >= best.get(setting, (0, None))[0]:
            best[setting] = (version, path)
    return {setting: path for setting, (_, path) in sorted(best.items())}


def _write(rows, out_csv):
    if not rows:
        return
    fields = sorted({k for r in rows for k in r}, key=lambda k: list(rows[0]).index(k)
                    if k in rows[0] else 999)
    Path(out_csv).parent.mkdir(parents=True, exist_ok=True)
    with open(out_csv, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)


def summary(out_csv, level=0.95, results=RESULTS):
    """Every setting file's coverage rows, to ``out_csv`` (and returned)."""
    rows = []
    for path in setting_files(results).values():
        rows += summarise_setting(path, level)
    _write(rows, out_csv)
    return rows


# ---------------------------------------------------------------------------------------
# the pooled estimator: each run's index of its summed confusion matrix
# ---------------------------------------------------------------------------------------


def pooled_run_values(counts):
    """Balanced accuracy and precision of each run's confusion matrix summed over its folds.

    Parameters
    ----------
    counts : array ``(4, runs, folds)``: tp, fp, pos, neg of every fold (:data:`COUNTS`);
        a fold with NaN counts (no model) makes its run undefined.

    Returns
    -------
    ``(ba, precision)``, arrays ``(runs,)``; precision NaN for a run with no minority
    prediction on any fold (0/0), both NaN for a run with a fold without counts.

    Examples
    --------
    >>> c = np.array([[[1, 2], [0, 0]], [[1, 0], [0, 3]], [[2, 2], [2, 2]], [[4, 4], [4, 4]]])
    >>> ba, prec = pooled_run_values(c)
    >>> ba.tolist(), prec.tolist()     # run 0: TP 3 of 4, FP 1 of 8; run 1: TP 0, FP 3
    ([0.8125, 0.3125], [0.75, 0.0])
    """
    c = np.asarray(counts, dtype=float)
    if c.ndim != 3 or c.shape[0] != 4:
        raise ValueError(f"counts must have shape (4, runs, folds), got {c.shape}")
    tp, fp, pos, neg = c.sum(axis=2)               # NaN if any fold has none
    with np.errstate(invalid="ignore", divide="ignore"):
        ba = (tp / pos + 1 - fp / neg) / 2
        predicted = tp + fp
        prec = np.where(predicted > 0, tp / np.where(predicted > 0, predicted, 1), np.nan)
    prec = np.where(np.isfinite(predicted), prec, np.nan)
    return ba, prec


def pooled_target(tpr, fpr, ir):
    """The targets of the pooled and of the fold-mean estimator from the target draws.

    Parameters
    ----------
    tpr, fpr : arrays ``(draws,)``: each target draw's population rates.
    ir : the imbalance ratio (``pi = 1/(1 + ir)``).

    Returns
    -------
    ``{quantity: {"pooled": (value, mc_se), "fold_mean": (value, mc_se)}}`` for ``ba`` and
    ``precision``. Pooled: the quantity at the mean rates, ``g(E[TPR], E[FPR])``, its Monte
    Carlo error by the delta method (the draws' linearised values' SD over ``sqrt(draws)``).
    Fold mean: the mean over draws of ``g(TPR, FPR)`` (draws where it is undefined left
    out). Balanced accuracy is linear: the two agree.

    Examples
    --------
    >>> t = pooled_target(np.array([0.8, 0.4]), np.array([0.1, 0.3]), 1)
    >>> round(t["precision"]["pooled"][0], 4), round(t["precision"]["fold_mean"][0], 4)
    (0.75, 0.7302)
    >>> round(t["ba"]["pooled"][0], 12), round(t["ba"]["fold_mean"][0], 12)
    (0.7, 0.7)
    """
    tpr, fpr = np.asarray(tpr, dtype=float), np.asarray(fpr, dtype=float)
    keep = np.isfinite(tpr) & np.isfinite(fpr)
    tpr, fpr = tpr[keep], fpr[keep]
    n = len(tpr)
    if n < 2:
        raise ValueError(f"pooled_target needs at least 2 finite draws, got {n}")
    pi = 1.0 / (1.0 + ir)

    def se(z):
        return float(np.std(z, ddof=1) / math.sqrt(len(z)))

    ba = (tpr + 1 - fpr) / 2
    t, f = float(tpr.mean()), float(fpr.mean())
    den = pi * t + (1 - pi) * f
    out = {"ba": {"pooled": ((t + 1 - f) / 2, se(ba)), "fold_mean": (float(ba.mean()), se(ba))}}
    if den > 0:
        # gradient of pi T / (pi T + (1 - pi) F) at the mean rates
        g_t, g_f = pi * (1 - pi) * f / den**2, -pi * (1 - pi) * t / den**2
        pooled = (pi * t / den, se(g_t * tpr + g_f * fpr))
    else:
        pooled = (math.nan, math.nan)
    per = np.array([_population_precision(a, b, ir) for a, b in zip(tpr, fpr)])
    per = per[np.isfinite(per)]
    fold = (float(per.mean()), se(per)) if len(per) >= 2 else (math.nan, math.nan)
    out["precision"] = {"pooled": pooled, "fold_mean": fold}
    return out


def pipeline_run_estimate(run_values):
    """The interval the pipeline decides with on one cell's run values (as
    :func:`imbeval_repro.papers.mullick2020.experiment.fold_values` hands them on: one row, NaN-
    padded to two values when there is one run), :func:`imbeval.inference.defined_cv_estimate`.

    Examples
    --------
    >>> pipeline_run_estimate([0.6]).undecidable
    '1 fold values, at least 5 needed'
    >>> e = pipeline_run_estimate([0.60, 0.62, 0.61, 0.63, 0.64])
    >>> e.undecidable is None, e.df, round(e.value, 3)
    (True, 4, 0.62)
    """
    from imbeval.inference import defined_cv_estimate

    v = np.asarray(run_values, dtype=float).ravel()
    if v.size == 1:
        v = np.append(v, np.nan)
    return defined_cv_estimate(v[None, :])


def interval_outcomes(estimates, target, level=0.95):
    """Coverage of ``estimates`` (:class:`imbeval.inference.Estimate`, one per data set) for
    ``target``, unconditional and given a decision.

    Returns
    -------
    dict: ``coverage`` (an undecidable estimate makes no claim: counted as covering, as the
    coverage tables always have), ``mc_se``; ``decided`` (share decidable: a defined interval
    and no undecidable reason); ``coverage_decided`` and its ``decided_mc_se`` (among the
    decidable ones; NaN with none); ``defined`` and ``coverage_defined`` (among every data set
    with a finite interval, decidable or not: what the interval would do without the rule);
    ``below``/``above`` (share of all data sets whose decidable interval lies wholly below /
    above the target); ``median_width`` (of the decidable intervals).

    Examples
    --------
    >>> from imbeval.inference import cv_estimate
    >>> es = [cv_estimate([[0.5, 0.6, 0.7, 0.65, 0.55, 0.45]]), cv_estimate([[0.5, 0.5]])]
    >>> o = interval_outcomes(es, 0.2)
    >>> o["coverage"], o["decided"], o["coverage_decided"], o["below"], o["above"]
    (0.5, 0.5, 0.0, 0.0, 0.5)
    """
    ends = np.array([e.interval(level) for e in estimates], dtype=float).reshape(-1, 2)
    lo, hi = ends[:, 0], ends[:, 1]
    defined = np.isfinite(lo) & np.isfinite(hi)
    decided = defined & np.array([not e.undecidable for e in estimates], dtype=bool)
    inside = (lo <= target) & (target <= hi)
    below, above = decided & (hi < target), decided & (lo > target)
    n = len(estimates)

    def share(mask, among=None):
        among = np.ones(n, dtype=bool) if among is None else among
        k = int(among.sum())
        if k == 0:
            return math.nan, math.nan
        p = float(mask[among].mean())
        return p, math.sqrt(p * (1 - p) / k)

    coverage, mc_se = share(~decided | inside)
    coverage_decided, decided_se = share(inside, decided)
    return {"coverage": coverage, "mc_se": mc_se, "decided": float(decided.mean()),
            "coverage_decided": coverage_decided, "decided_mc_se": decided_se,
            "defined": float(defined.mean()),
            "coverage_defined": share(inside, defined)[0],
            "below": float(below.mean()), "above": float(above.mean()),
            "median_width": float(np.median((hi - lo)[decided])) if decided.any() else math.nan}


def pooled_delta_estimate(counts, ir, quantity):
    """A candidate interval for the pooled value that does not need 5 runs: the index of the
    design's matrix summed over all its runs and folds, ``g(T, F)`` (``T``, ``F`` the mean
    fold rates: with stratified folds of fixed class counts the summed matrix's rates), with
    the corrected interval of its linearised fold values (the delta method,
    :func:`imbeval.inference.cv_delta_estimate`: ``z_f = g_T TPR_f + g_F FPR_f``, ``r k``
    values, ``n_test/n_train = 2``, tied ``z`` undecidable). Not what the pipeline does; it
    shows what a 2 x 3 design's folds could decide about the pooled value.

    Parameters
    ----------
    counts : array ``(4, runs, folds)`` (:data:`COUNTS`).
    ir : the imbalance ratio (precision's ``pi = 1/(1 + ir)``, the test folds' share).
    quantity : ``"ba"`` or ``"precision"``.

    Examples
    --------
    >>> c = np.array([[[1, 2, 1], [2, 1, 1]], [[1, 0, 2], [1, 1, 1]],
    ...               [[2] * 3] * 2, [[4] * 3] * 2])
    >>> e = pooled_delta_estimate(c, 2, "precision")       # 8 TP, 6 FP over the 6 folds
    >>> round(e.value, 4), e.units
    (0.5714, 6)
    """
    from imbeval.inference import Estimate, METHODS, cv_delta_estimate

    c = np.asarray(counts, dtype=float)
    tpr, fpr = c[0] / c[2], c[1] / c[3]
    if not (np.isfinite(tpr).all() and np.isfinite(fpr).all()):
        return Estimate(math.nan, METHODS["cv_delta"], 0, "a fold without counts")
    t, f = float(tpr.mean()), float(fpr.mean())
    if quantity == "ba":
        value, grad = (t + 1 - f) / 2, np.array([0.5, -0.5])
    elif quantity == "precision":
        pi = 1.0 / (1.0 + ir)
        den = pi * t + (1 - pi) * f
        if den == 0:
            return Estimate(math.nan, METHODS["cv_delta"], 0, "no minority prediction")
        value = pi * t / den
        grad = np.array([pi * (1 - pi) * f / den**2, -pi * (1 - pi) * t / den**2])
    else:
        raise ValueError(f"quantity must be 'ba' or 'precision', got {quantity!r}")
    return cv_delta_estimate(value, grad, np.stack([tpr, fpr], axis=-1))


def needed_ratio(estimates, target):
    """The ``n_test/n_train`` that would make the corrected variance ``(1/n + ratio) s^2``
    unbiased for the estimates' mean squared error about ``target``: ``mean((value -
    target)^2) / mean(s^2) - mean(1/n)`` over the estimates with a spread (``s^2`` recovered
    from each estimate's ``se`` at the decision ratio, ``n`` its units). NaN with fewer than
    3 such estimates or no spread. The decision rule's 2 covers (roughly) where this is below
    2; for run values it says how far the runs' spread falls short of the spread between
    data sets.

    Examples
    --------
    >>> from imbeval.inference import cv_estimate
    >>> es = [cv_estimate([[0.5 + d, 0.6 + d, 0.55 + d, 0.65 + d, 0.45 + d]])
    ...       for d in (-0.1, 0.0, 0.1)]
    >>> round(needed_ratio(es, 0.55), 4)      # (0.02/3)/0.00625 - 1/5
    0.8667
    """
    from imbeval.inference import DECISION_TEST_TO_TRAIN

    errors, spreads, inverse = [], [], []
    for e in estimates:
        n = e.units
        if not (n >= 2 and math.isfinite(e.se) and math.isfinite(e.value)):
            continue
        errors.append((e.value - target) ** 2)
        spreads.append(e.se**2 / (1.0 / n + DECISION_TEST_TO_TRAIN))
        inverse.append(1.0 / n)
    if len(errors) < 3 or np.mean(spreads) <= 0:
        return math.nan
    return float(np.mean(errors) / np.mean(spreads) - np.mean(inverse))


#: the estimators the pooled summary compares: the pipeline's pooled run values, the fold
#: mean as the pipeline had it, and the pooled value with a delta-method interval over folds
#: (a candidate, :func:`pooled_delta_estimate`)
POOLED_ESTIMATORS = ("pooled", "fold_mean", "pooled_delta")
#: the target each estimator is judged against (:func:`pooled_target`'s keys)
ESTIMATOR_TARGET = {"pooled": "pooled", "fold_mean": "fold_mean", "pooled_delta": "pooled"}


def summarise_pooled(path, level=0.95, designs=None):
    """Coverage of the pooled estimator's and the fold mean's pipeline intervals, per
    learner, design and quantity (``ba``, ``precision``), from a version-2 file.

    Parameters
    ----------
    path : a version-2 setting file (``<setting>.v2.csv``).
    level : the intervals' level.
    designs : ``[(name, runs)]`` (default :data:`DESIGNS` of the setting's folds); a design's
        values are the first ``runs`` runs of each data set.

    Returns
    -------
    list of dict rows: ``setting, m, ir, design, learner, quantity, datasets, target_draws``;
    per estimator ``e`` in :data:`POOLED_ESTIMATORS` (its target :data:`ESTIMATOR_TARGET`)
    its ``e_target``, ``e_target_mc_se``,
    ``e_grand_mean`` (mean of the data sets' estimates), ``e_needed_ratio``
    (:func:`needed_ratio`) and :func:`interval_outcomes`'s
    numbers prefixed ``e_``; ``undefined_runs`` / ``undefined_folds`` (shares of the pooled
    run values and of the fold values that are undefined).
    """
    from imbeval.inference import defined_cv_estimate

    setting, version = setting_of(path)
    if version < 2:
        raise ValueError(f"{Path(path).name} has no confusion counts (format {version}); the "
                         "pooled estimator needs a version-2 file")
    m, ir, folds = parse_setting(setting)
    designs = DESIGNS[folds] if designs is None else designs
    rows = []
    for learner, d in load(path).items():
        draws = sorted(d["target"])
        if len(draws) < 2 or not d["counts"]:
            continue
        targets = pooled_target([d["target"][j][0] for j in draws],
                                [d["target"][j][1] for j in draws], ir)
        items = sorted(d["counts"])
        for quantity, q in (("ba", 0), ("precision", 1)):
            for design, runs in designs:
                row = {"setting": setting, "m": m, "ir": ir, "design": design,
                       "learner": learner, "quantity": quantity, "datasets": len(items),
                       "target_draws": len(draws)}
                run_vals = np.array([pooled_run_values(d["counts"][i][:, :runs])[q]
                                     for i in items])
                fold_vals = np.array([d["cv"][i][q][:runs] for i in items])
                row["undefined_runs"] = float(1 - np.isfinite(run_vals).mean())
                row["undefined_folds"] = float(1 - np.isfinite(fold_vals).mean())
                made = {"pooled": [pipeline_run_estimate(v) for v in run_vals],
                        "fold_mean": [defined_cv_estimate(v) for v in fold_vals],
                        "pooled_delta": [pooled_delta_estimate(d["counts"][i][:, :runs], ir,
                                                               quantity) for i in items]}
                for name in POOLED_ESTIMATORS:
                    target, target_se = targets[quantity][ESTIMATOR_TARGET[name]]
                    values = np.array([e.value for e in made[name]])
                    row[f"{name}_target"] = target
                    row[f"{name}_target_mc_se"] = target_se
                    row[f"{name}_grand_mean"] = (float(np.nanmean(values))
                                                 if np.isfinite(values).any() else math.nan)
                    row[f"{name}_needed_ratio"] = needed_ratio(made[name], target)
                    for key, val in interval_outcomes(made[name], target, level).items():
                        row[f"{name}_{key}"] = val
                rows.append(row)
    return rows


def pooled_summary(out_csv, level=0.95, results=RESULTS):
    """:func:`summarise_pooled` of every version-2 file under ``results``, to ``out_csv``
    (and returned)."""
    rows = []
    for path in setting_files(results).values():
        if setting_of(path)[1] >= 2:
            rows += summarise_pooled(path, level)
    _write(rows, out_csv)
    return rows
