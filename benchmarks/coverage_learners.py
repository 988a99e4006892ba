"""Coverage of the CV intervals for the pipeline's own learners (issue 31, item 1).

Run through ``benchmarks/coverage.py`` (``python benchmarks/coverage.py learners ...`` and
``python benchmarks/coverage.py learners-summary``); this module holds the simulation.

**Data.** Two Gaussian classes in ``--dims`` dimensions, identity covariance, means
``--separation`` apart (Mahalanobis); a setting fixes the minority points per test fold
``m``, the imbalance ratio ``IR`` and the folds ``k``: ``m k`` minority and ``IR m k``
majority points per data set (stratified folds then hold exactly ``m`` and ``IR m``).

**CV.** Each data set is cross-validated by ``runs`` repetitions of scikit-learn's
``StratifiedKFold(k, shuffle=True)`` (the pipeline's splitter, :mod:`imbeval.protocol.cv`),
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

**Files.** Every finished data set and target draw is appended at once to
``benchmarks/results/coverage_learners/<setting>.csv`` (one line per learner), so a run
can be stopped and resumed: items already in the file are skipped.
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
FIELDS = ("kind", "item", "learner", "runs", "folds", "ba", "precision", "seconds")


def make_learner(name, seed):
    """An unfitted learner as the pipeline builds it (:func:`imbeval.classifiers.make_classifier`
    with default parameters, no in-fold tuning); ``lda`` is scikit-learn's
    LinearDiscriminantAnalysis, ``knn`` / ``svm`` the mortaz2020 grid's KNN and SVM
    (standardise, then scikit-learn's defaults)."""
    from imbeval.classifiers import make_classifier

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
        w = csv.DictWriter(fh, fieldnames=FIELDS)
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
        ba, prec = [], []
        for r, split in enumerate(splits):
            for f, (train, test) in enumerate(split):
                model = make_learner(name, (i * 1000 + r * 10 + f) % (2**31))
                try:
                    model.fit(x[train], y[train])
                except ValueError:
                    # RUSBoost's "worse than random, ensemble can not be fit": no model,
                    # no fold value (an undefined fold, left out like an undefined index)
                    b, p = math.nan, math.nan
                else:
                    b, p = fold_scores(y[test], model.predict(x[test]))
                ba.append(b)
                prec.append(p)
        rows.append({"kind": "cv", "item": i, "learner": name, "runs": runs, "folds": folds,
                     "ba": " ".join(f"{v:.6g}" for v in ba),
                     "precision": " ".join(f"{v:.6g}" for v in prec),
                     "seconds": f"{time.process_time() - t0:.3f}"})
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
    path = RESULTS / f"{setting}.csv"
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
    "target": {item: (tpr, fpr)}}}``."""
    out = {}
    with path.open(newline="") as fh:
        for r in csv.DictReader(fh):
            d = out.setdefault(r["learner"], {"cv": {}, "target": {}})
            if r["kind"] == "cv":
                shape = (int(r["runs"]), int(r["folds"]))
                d["cv"][int(r["item"])] = (_floats(r["ba"]).reshape(shape),
                                           _floats(r["precision"]).reshape(shape))
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

    setting = path.stem
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


def summary(out_csv, level=0.95):
    """Every setting file's coverage rows, to ``out_csv`` (and returned)."""
    rows = []
    for path in sorted(RESULTS.glob("m*_ir*_k*.csv")):
        rows += summarise_setting(path, level)
    if rows:
        fields = sorted({k for r in rows for k in r}, key=lambda k: list(rows[0]).index(k)
                        if k in rows[0] else 999)
        Path(out_csv).parent.mkdir(parents=True, exist_ok=True)
        with open(out_csv, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=fields)
            w.writeheader()
            w.writerows(rows)
    return rows
