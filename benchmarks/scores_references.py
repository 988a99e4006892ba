"""imbeval.scores against the references that are not in the project's environment.

Run in a venv of its own holding the references (they are no dependency of imbeval)::

    python3 -m venv /tmp/venv-refs && /tmp/venv-refs/bin/pip install model-diagnostics \
        expected-cost "scikit-learn<1.6"   # expected-cost 1.0 calls a private function of
                                            # scikit-learn whose return changed in 1.6+
    PYTHONPATH=src /tmp/venv-refs/bin/python benchmarks/scores_references.py \
        [--prg path/to/meeliskull/prg/Python_package/prg/prg.py]

It prints, per reference, the largest absolute difference over seeded random problems:

- ``model-diagnostics``' ``decompose`` (SquaredError, LogLoss) against
  :func:`imbeval.scores.corp_decomposition`, with and without weights;
- ``expected-cost``'s ``average_cost_for_bayes_decisions`` (posteriors, 0-1 and other costs,
  the sample's and given priors, ``adjusted``, weights) against
  :func:`imbeval.scores.expected_cost` (the sample's priors passed to it as the weighted
  class shares: its own are unweighted counts, a deliberate difference);
- with ``--prg``, Flach and Kull's reference code (its ``np.alen`` calls mapped to ``len``,
  removed from NumPy 2) against :func:`imbeval.scores.auprg_score`, counting the problems
  where they differ (the reference's crossing of recall gain 0, meeliskull/prg#10).
"""

from __future__ import annotations

import argparse
import importlib.util

import numpy as np

from imbeval import scores


def _problems(seed, n_problems, classes=2):
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n_problems:
        n = int(rng.integers(10, 300))
        y = rng.integers(0, classes, n)
        if np.unique(y).size < classes:
            continue
        if classes == 2:
            p = np.clip(np.round(0.6 * rng.random(n) + 0.35 * y * rng.random(n), 2), 0.01, 0.99)
        else:
            p = rng.dirichlet(np.ones(classes), n)
        out.append((y, p, rng.random(n) + 0.05))
    return out


def model_diagnostics_gap(n_problems=200):
    from model_diagnostics.scoring import LogLoss, SquaredError, decompose

    worst = {}
    for y, p, w in _problems(1, n_problems):
        for kind, fn in (("brier", SquaredError()), ("log_loss", LogLoss())):
            for weights in (None, w):
                ref = decompose(y, p, weights, scoring_function=fn).row(0, named=True)
                got = scores.corp_decomposition(y, p, score=kind, sample_weight=weights)
                for part in ("miscalibration", "discrimination", "uncertainty", "score"):
                    key = f"{kind} {part}"
                    worst[key] = max(worst.get(key, 0.0), abs(getattr(got, part) - ref[part]))
    return worst


def expected_cost_gap(n_problems=200):
    from expected_cost.ec import CostMatrix, average_cost_for_bayes_decisions

    worst = 0.0
    rng = np.random.default_rng(2)
    for classes in (2, 3, 4):
        for y, p, w in _problems(3 + classes, n_problems, classes):
            if classes == 2:
                p = np.column_stack([1 - p, p])
            costs = rng.random((classes, classes)) * 5
            np.fill_diagonal(costs, 0)
            for c in (None, costs):
                for priors in (None, rng.dirichlet(np.ones(classes))):
                    for adjusted in (False, True):
                        # a column of priors: a 1-D one fails its adjusted=True (np.dot shapes).
                        # Its priors "from the data" are unweighted class counts, imbeval's the
                        # weighted shares (a reweighting is a prior shift): the weighted
                        # shares are passed to it where imbeval takes the sample's priors
                        share = np.bincount(y, weights=w, minlength=classes) / w.sum()
                        column = (share if priors is None else priors)[:, None]
                        ref, _ = average_cost_for_bayes_decisions(
                            y, p, None if c is None else CostMatrix(c), column, w, adjusted,
                            score_type="posteriors", silent=True)
                        got = scores.expected_cost(y, p, costs=c, priors=priors,
                                                   sample_weight=w, normalize=adjusted)
                        worst = max(worst, abs(got - float(ref)))
    return worst


def expected_cost_deployment_gap(n_problems=100):
    """Bayes decisions at a deployment prior: the probabilities' log minus the log of the
    priors they were made at are log-likelihoods (up to a constant) for expected-cost."""
    from expected_cost.ec import CostMatrix, average_cost, bayes_decisions

    worst = 0.0
    rng = np.random.default_rng(4)
    for classes in (2, 3):
        for y, p, w in _problems(11 + classes, n_problems, classes):
            if classes == 2:
                p = np.column_stack([1 - p, p])
            made_at = rng.dirichlet(np.ones(classes))
            deploy = rng.dirichlet(np.ones(classes))
            costs = rng.random((classes, classes)) * 5
            np.fill_diagonal(costs, 0)
            # its decisions take 1-D priors, its average cost a column (1-D priors there
            # multiply the cost matrix's columns, not its rows)
            decided, _ = bayes_decisions(np.log(p) - np.log(made_at), CostMatrix(costs),
                                         deploy, score_type="log_likelihoods", silent=True)
            ref = average_cost(y, decided, CostMatrix(costs), deploy[:, None], w)
            got = scores.expected_cost(y, p, costs=costs, priors=deploy, sample_weight=w,
                                       score_priors=made_at)
            worst = max(worst, abs(got - float(ref)))
    return worst


def prg_gap(path, n_problems=300):
    spec = importlib.util.spec_from_file_location("prg_reference", path)
    module = importlib.util.module_from_spec(spec)
    # np.alen is gone from NumPy 2; the reference (written for Python 2, where dict.keys() is
    # a list) needs len() of lists, arrays and dict views, and 1 for a scalar
    np.alen = lambda a: len(a) if hasattr(a, "__len__") else 1
    spec.loader.exec_module(module)
    worst, differ = 0.0, 0
    for y, p, _ in _problems(9, n_problems):
        ref = module.calc_auprg(module.create_prg_curve(y, p))
        gap = abs(scores.auprg_score(y, p) - ref)
        worst = max(worst, gap if np.isfinite(gap) else np.inf)
        differ += bool(not gap <= 1e-10)
    return worst, differ


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prg", help="path of the reference prg.py (meeliskull/prg)")
    args = parser.parse_args()
    for key, gap in model_diagnostics_gap().items():
        print(f"model-diagnostics {key}: max |diff| = {gap:.3g}")
    print(f"expected-cost average_cost_for_bayes_decisions: max |diff| = {expected_cost_gap():.3g}")
    print("expected-cost at a deployment prior (log-likelihoods): max |diff| = "
          f"{expected_cost_deployment_gap():.3g}")
    if args.prg:
        worst, differ = prg_gap(args.prg)
        print(f"reference prg calc_auprg: max |diff| = {worst:.3g}; differ > 1e-10 on {differ} "
              "of 300 problems")


if __name__ == "__main__":
    main()
