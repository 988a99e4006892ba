"""How fast imbeval.metrics refuses continuous predictions (issue 26), against scikit-learn.

Usage::

    python benchmarks/metrics_input_check.py [--n 100000] [--repeat 5]

``score(index, y, proba)`` with ``--n`` probabilities in ``y_pred`` (each a distinct
float) used to build an n x n matrix (74.5 GiB at n = 100,000); it now refuses them in one
vectorised pass over the labels. Prints, per index, the best of ``--repeat`` wall times
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
    calls = {
        "score('acsa')": (lambda: score("acsa", y, proba), lambda: skm.balanced_accuracy_score(y, proba)),
        "score('mcc')": (lambda: score("mcc", y, proba), lambda: skm.matthews_corrcoef(y, proba)),
        "score('f1')": (lambda: score("f1", y, proba), lambda: skm.f1_score(y, proba)),
        "confusion_matrix": (lambda: confusion_matrix(y, proba), lambda: skm.confusion_matrix(y, proba)),
        "classification_report": (lambda: classification_report(y, proba),
                                  lambda: skm.classification_report(y, proba)),
    }
    print(f"n = {args.n:,} continuous predictions, best of {args.repeat}")
    message = None
    for name, (ours, theirs) in calls.items():
        t_ours, message = _best_time(ours, args.repeat)
        t_sk, _ = _best_time(theirs, args.repeat)
        print(f"  {name:24s} imbeval {t_ours * 1e3:8.2f} ms   scikit-learn {t_sk * 1e3:8.2f} ms")
    print(f"message: {message}")


if __name__ == "__main__":
    main()
