"""How fast imbeval.metrics refuses continuous predictions, against scikit-learn.

Usage::

    python benchmarks/metrics_input_check.py [--n 100000] [--repeat 5]

``score(index, y, proba)`` with ``--n`` probabilities in ``y_pred`` (each a distinct
float) is refused in one vectorised pass over the labels, never by building an n x n
matrix (74.5 GiB at n = 100,000). A 2-D ``predict_proba`` output (n x 3) is refused before
any sort of its values (``np.unique`` alone takes 0.41 s at n = 10^6).
Prints, per index, the best of ``--repeat`` wall times
of the refusal, next to ``sklearn.metrics`` refusing the same input, and the message.
Nothing is written.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def _best_time(call, repeat):
    best, message = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            call()
        except ValueError as exc:
            message = str(exc)
        else:
            raise AssertionError("the call did not refuse continuous predictions")
        best = min(best, time.perf_counter() - start)
    return best, message


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)

    from sklearn import metrics as skm

    from imbeval.metrics import classification_report, confusion_matrix, score

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, args.n)
    proba = rng.random(args.n)
    proba_2d = rng.dirichlet(np.ones(3), size=args.n)
    calls = {
        "score('acsa')": (lambda: score("acsa", y, proba), lambda: skm.balanced_accuracy_score(y, proba)),
        "score('mcc')": (lambda: score("mcc", y, proba), lambda: skm.matthews_corrcoef(y, proba)),
        "score('f1')": (lambda: score("f1", y, proba), lambda: skm.f1_score(y, proba)),
        "confusion_matrix": (lambda: confusion_matrix(y, proba), lambda: skm.confusion_matrix(y, proba)),
        "classification_report": (lambda: classification_report(y, proba),
                                  lambda: skm.classification_report(y, proba)),
        "score('acsa'), n x 3 proba": (lambda: score("acsa", y, proba_2d),
                                       lambda: skm.balanced_accuracy_score(y, proba_2d)),
    }
    print(f"n = {args.n:,} continuous predictions, best of {args.repeat}")
    message = None
    for name, (ours, theirs) in calls.items():
        t_ours, message = _best_time(ours, args.repeat)
        t_sk, _ = _best_time(theirs, args.repeat)
        print(f"  {name:24s} imbeval {t_ours * 1e3:8.2f} ms   scikit-learn {t_sk * 1e3:8.2f} ms")
    print(f"message: {message}")
    _valid_labels(args.repeat)


def _valid_labels(repeat, n=1000, classes=5):
    """Per-call cost of scoring valid labels (1,000 samples, 5 classes): imbeval's names and
    drop-in functions against scikit-learn's own."""
    from sklearn import metrics as skm

    from imbeval import metrics

    rng = np.random.default_rng(1)
    y = rng.integers(0, classes, n)
    p = np.where(rng.random(n) < 0.7, y, rng.integers(0, classes, n))
    pairs = {
        "score('acsa') / balanced_accuracy_score": (
            lambda: metrics.score("acsa", y, p), lambda: skm.balanced_accuracy_score(y, p)),
        "recall_score(average='macro')": (
            lambda: metrics.recall_score(y, p, average="macro"),
            lambda: skm.recall_score(y, p, average="macro")),
        "f1_score(average=None)": (
            lambda: metrics.f1_score(y, p, average=None),
            lambda: skm.f1_score(y, p, average=None)),
        "matthews_corrcoef": (lambda: metrics.matthews_corrcoef(y, p),
                              lambda: skm.matthews_corrcoef(y, p)),
    }
    print(f"valid labels: n = {n:,}, {classes} classes, best of {repeat * 20}")
    for name, (ours, theirs) in pairs.items():
        times = []
        for call in (ours, theirs):
            best = float("inf")
            for _ in range(repeat * 20):
                start = time.perf_counter()
                call()
                best = min(best, time.perf_counter() - start)
            times.append(best)
        print(f"  {name:42s} imbeval {times[0] * 1e6:7.0f} µs   scikit-learn "
              f"{times[1] * 1e6:7.0f} µs")


if __name__ == "__main__":
    main()
