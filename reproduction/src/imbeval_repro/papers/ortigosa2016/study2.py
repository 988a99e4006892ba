"""ortigosa2016's Study 2 (Section 4) and the ordering of Section 3.3.2, computed.

The paper's model (Section 2): K one-dimensional Gaussian classes N(jδ, 1), j = 0..K−1,
priors η; the Bayes decision rule (BDR) and the equiprobable one (EDR, the BDR of the
balanced problem e = (1/K, ..., 1/K)); the true confusion matrix of eq. 6 (a_ij = η_i ·
P(predict j | class i)); influence functions integrate over δ ∈ [0.01, 10] by the audit's
Gauss-Legendre quadrature (:func:`imbeval.audit.influence.delta_quadrature`). Every number
is deterministic (quadrature, closed forms, a fixed grid, Nelder-Mead from fixed starts):
basis ``computed`` with the tolerance in ``method``.

Checked: the ordering I^A ≤ I^G ≤ I^H ≤ I^min (K = 2..5); eqs. 14-15 (the cost-sensitive
BDR with b_ij = η_i/η_j is the EDR); Proposition 1 (eq. 16) in eq. 6's joint reading and in
the class-conditional one; Corollaries 1-3 (eqs. 17-19); eq. 20 (= eq. 7 for the adequate
scores); Theorem 1 (the EDR maximises A, K = 2..5, against every cut vector of a grid and
Nelder-Mead); footnote 12 (binary, equal variances: the EDR maximises every Hölder mean with
p ≤ 1, not p > 1); the multi-majority / multi-minority definitions; and the Fig. 4 sign
claims at K = 4 and 5 beside K = 3 ("similar for any K").
"""

from __future__ import annotations

import itertools

import numpy as np
from scipy.optimize import minimize
from scipy.special import ndtr

from imbeval.audit.influence import (bayes_cuts, delta_quadrature, influence_binary,
                                     influence_multiclass, interval_confusion, ternary_priors)
from imbeval_repro.verdicts.statements import COMPUTED, EXACT, Statement
from imbeval.indices import ortigosa2016 as og

__all__ = ["study2_statements", "ordering_statements"]

PAPER = "ortigosa2016"
KS = (3, 4, 5)
ETAS = np.round(np.arange(1, 100) / 100.0, 10)
QUAD = "Gauss-Legendre quadrature over δ ∈ [0.01, 10] (imbeval.audit.influence)"


def _scores():
    z = 1.0
    # Acc of a joint (eq. 6) confusion matrix: its trace over its total
    return {"Acc": lambda cm: np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1)),
            "max": lambda cm: og.max_recall(cm, zero_division=z),
            "A": lambda cm: og.a_mean(cm, zero_division=z),
            "G": lambda cm: og.g_mean(cm, zero_division=z),
            "H": lambda cm: og.h_mean(cm, zero_division=z),
            "min": lambda cm: og.min_recall(cm, zero_division=z)}


def _eps_grid(k, n=60):
    lo, hi = -1.0 / k, (k - 1.0) / k
    return np.linspace(lo, hi, n + 2)[1:-1]


def ordering_statements():
    """Section 3.3.2: I^A ≤ I^G ≤ I^H ≤ I^min "due to the Hölder mean inequality"."""
    s = _scores()
    rows = []
    for k in (2,) + KS:
        grid = ETAS if k == 2 else _eps_grid(k)
        inf = {n: (influence_binary(s[n], grid) if k == 2 else influence_multiclass(s[n], grid, k))
               for n in ("A", "G", "H", "min")}
        gaps = [inf["A"] - inf["G"], inf["G"] - inf["H"], inf["H"] - inf["min"]]
        worst = float(max(g.max() for g in gaps))
        where = int(np.argmax(np.max(np.stack(gaps), axis=0)))
        x = "η" if k == 2 else "ε"
        holds = worst <= 1e-3
        rows.append(Statement(
            PAPER, "Section 3.3.2", f"I^A ≤ I^G ≤ I^H ≤ I^min (K = {k})", holds, worst,
            f"largest step up the chain: {worst:+.4f} at {x} = {grid[where]:+.3f}"
            + ("" if holds else " (the Hölder mean inequality orders the scores, not their "
               "differences, which is what an influence function integrates)"),
            COMPUTED, f"{QUAD}, on a grid of {len(grid)} {x}; tolerance 0.001 (integration "
            "noise, as the sign claims)", 1e-3, len(grid)))
    return rows


def _edr_confusion(priors, means, weighted=True):
    k = priors.shape[-1]
    lo, up = bayes_cuts(np.full(priors.shape, 1.0 / k), means)
    return interval_confusion(lo, up, priors, means, weighted=weighted)


def _bdr_confusion(priors, means, weighted=True):
    lo, up = bayes_cuts(priors, means)
    return interval_confusion(lo, up, priors, means, weighted=weighted)


def _random_priors(rng, n, k):
    return rng.dirichlet(np.full(k, 0.7), size=n)


def study2_statements(seed=0):
    """Every Study 2 statement of the module docstring."""
    rng = np.random.default_rng(seed)
    rows = []
    deltas = np.array([0.25, 0.5, 1.0, 2.0, 4.0])
    # eqs. 14-15: W_i η_i with b_ij = η_i/η_j is Σ_j η_j = 1 for every i
    worst, checked, w_dev = 0, 0, 0.0
    x = np.linspace(-6, 14, 801)
    for k in (2,) + KS:
        eta = _random_priors(rng, 200, k)
        w = (eta[:, None, :] / eta[:, :, None]).sum(axis=-1)  # W_i = Σ_j 1/b_ij = Σ_j η_j/η_i
        w_dev = max(w_dev, float(np.abs(w * eta - 1).max()))
        for d in deltas:
            dens = np.exp(-0.5 * (x[:, None] - d * np.arange(k)) ** 2)  # (X, K)
            top2 = np.sort(dens, axis=-1)[:, -2:]
            clear = top2[:, 1] - top2[:, 0] > 1e-9 * top2[:, 1]  # not a tie of the EDR
            cs = np.argmax((w * eta)[:, None, :] * dens[None], axis=-1)
            edr = np.argmax(dens, axis=-1)
            worst += int(((cs != edr[None]) & clear[None]).sum())
            checked += int(clear.sum()) * len(eta)
    rows.append(Statement(PAPER, "eqs. 14-15", "the CS-BDR with b_ij = η_i/η_j decides as the "
                          "EDR (W_i η_i = 1)", worst == 0, float(worst),
                          f"{worst} disagreements of argmax_i W_i η_i ρ(x|c_i) with argmax_i "
                          f"ρ(x|c_i) in {checked} decisions; largest |W_i η_i − 1| = {w_dev:.2g}",
                          EXACT, f"K = 2..5, 200 random priors each (seed {seed}), δ ∈ "
                          f"{deltas.tolist()}, 801 points x ∈ [−6, 14] (points where the EDR "
                          "ties two classes to 1e-9 left out); an argmax, exact", 0.0, checked))
    # Proposition 1 (eq. 16): A_B(e, θ) = A_E(η, θ)
    dev_joint, dev_cc, n = 0.0, 0.0, 0
    for k in (2,) + KS:
        eta = _random_priors(rng, 100, k)
        e = np.full_like(eta, 1.0 / k)
        for d in deltas:
            means = d * np.arange(k, dtype=float)
            dev_cc = max(dev_cc, float(np.abs(_bdr_confusion(e, means, False)
                                              - _edr_confusion(eta, means, False)).max()))
            dev_joint = max(dev_joint, float(np.abs(_bdr_confusion(e, means)
                                                    - _edr_confusion(eta, means)).max()))
            n += len(eta)
    method = (f"closed form (eq. 6 with Φ), K = 2..5, 100 random priors each (seed {seed}), "
              f"δ ∈ {deltas.tolist()}; tolerance 1e-12")
    rows.append(Statement(PAPER, "Proposition 1", "A_B(e, θ) = A_E(η, θ) for every η (eq. 16), "
                          "class-conditional reading (rows of A as P(predict j | c_i))",
                          dev_cc <= 1e-12, dev_cc, f"largest |difference|: {dev_cc:.2g}",
                          COMPUTED, method, 1e-12, n))
    rows.append(Statement(PAPER, "Proposition 1", "A_B(e, θ) = A_E(η, θ) for every η (eq. 16), "
                          "eq. 6's joint reading (a_ij = η_i·P(j | c_i))", dev_joint <= 1e-12,
                          dev_joint, f"largest |difference|: {dev_joint:.3f}: in the joint "
                          "reading A_E(η) = diag(η)·K·A_B(e), equal only at η = e; the "
                          "proposition holds for the recalls, which is what Corollaries 2-3 "
                          "use", COMPUTED, method, 1e-12, n))
    # Corollaries 1-3 on the scores
    s = _scores()
    c1 = c2 = c3 = 0.0
    for k in (2,) + KS:
        eta = _random_priors(rng, 100, k)
        e = np.full_like(eta, 1.0 / k)
        for d in deltas:
            means = d * np.arange(k, dtype=float)
            be, ee = _bdr_confusion(e, means), _edr_confusion(e, means)
            en = _edr_confusion(eta, means)
            for name in ("A", "G", "H", "min", "max"):
                c1 = max(c1, float(np.abs(s[name](be) - s[name](ee)).max()))
                c2 = max(c2, float(np.abs(s[name](be) - s[name](en)).max()))
            c1 = max(c1, float(np.abs(s["Acc"](be) - s["Acc"](ee)).max()))
            c3 = max(c3, float(np.abs(s["Acc"](be) - s["A"](en)).max()))
    for item, text, dev in (
            ("Corollary 1", "S_B(e, θ) = S_E(e, θ) for every score (eq. 17)", c1),
            ("Corollary 2", "S_B(e, θ) = S_E(η, θ) for every η-independent score: recalls' "
             "A, G, H, min, max (eq. 18)", c2),
            ("Corollary 3", "Acc_B(e, θ) = A_E(η, θ) for every η (eq. 19)", c3)):
        rows.append(Statement(PAPER, item, text, dev <= 1e-12, dev,
                              f"largest |difference|: {dev:.2g}", COMPUTED, method, 1e-12, n))
    rows += _eq20(s)
    rows += _theorem1(rng)
    rows += _footnote12()
    rows += _definitions()
    rows += _any_k(s)
    return rows


def _eq20(s):
    """Eq. 20: ∫ [S_E(η) − S_B(η)] dδ equals eq. 7's ∫ [S_B(e) − S_B(η)] dδ (adequate S)."""
    nodes, weights = delta_quadrature()
    worst, n = 0.0, 0
    for k in (2, 3):
        eps = _eps_grid(k, 30)
        pri = ternary_priors(eps, k)
        means = nodes[:, None] * np.arange(k)
        eta = np.broadcast_to(pri[:, None, :], (len(eps), nodes.size, k))
        for name in ("A", "G", "H", "min"):
            direct = (s[name](_edr_confusion(eta, means)) - s[name](_bdr_confusion(eta, means))) @ weights
            eq7 = influence_multiclass(s[name], eps, k) if k > 2 else influence_binary(
                s[name], pri[:, 0])
            worst = max(worst, float(np.abs(direct - eq7).max()))
            n += len(eps)
    return [Statement(PAPER, "eq. 20", "I_K^S(η) = ∫ [S_E(η, θ) − S_B(η, θ)] dθ for A, G, H, min",
                      worst <= 1e-9, worst, f"largest |eq. 20 − eq. 7|: {worst:.2g}", COMPUTED,
                      f"{QUAD}, K = 2 and 3, 30 priors each; tolerance 1e-9", 1e-9, n)]


def _recalls_of_cuts(cuts, means):
    """Recalls of the interval rule with sorted cuts (..., K−1) for N(means, 1)."""
    k = means.size
    edges = np.concatenate([np.full(cuts.shape[:-1] + (1,), -np.inf), np.sort(cuts, axis=-1),
                            np.full(cuts.shape[:-1] + (1,), np.inf)], axis=-1)
    j = np.arange(k)
    return ndtr(edges[..., j + 1] - means) - ndtr(edges[..., j] - means)


def _theorem1(rng):
    """Theorem 1: no rule beats the EDR's A; interval rules searched, and every rule bounded
    by ∫ max_i φ_i / K, which the EDR attains."""
    rows, worst, n = [], -np.inf, 0
    for k in (2,) + KS:
        for d in (0.5, 1.0, 2.0):
            means = d * np.arange(k, dtype=float)
            lo, up = bayes_cuts(np.full(k, 1.0 / k), means)
            edr_a = float(np.mean(_recalls_of_cuts(up[:-1], means)))
            cuts = rng.uniform(-3, d * (k - 1) + 3, size=(20000, k - 1))
            best = float(np.max(_recalls_of_cuts(cuts, means).mean(axis=-1)))
            starts = cuts[np.argsort(-_recalls_of_cuts(cuts, means).mean(axis=-1))[:3]]
            for x0 in starts:
                res = minimize(lambda c: -np.mean(_recalls_of_cuts(np.asarray(c), means)), x0,
                               method="Nelder-Mead", options={"xatol": 1e-10, "fatol": 1e-14})
                best = max(best, -float(res.fun))
            worst = max(worst, best - edr_a)
            n += 20003
    rows.append(Statement(PAPER, "Theorem 1", "the EDR is optimal for A (K = 2..5)",
                          worst <= 1e-12, worst, f"largest A of a searched rule minus the "
                          f"EDR's: {worst:+.2g}", COMPUTED,
                          "closed-form recalls of interval rules, δ ∈ {0.5, 1, 2}: 20,000 random "
                          "cut vectors and Nelder-Mead from the best three, per K and δ; "
                          "tolerance 1e-12", 1e-12, n))
    return rows


def _footnote12():
    """Footnote 12: binary, equal variances: the EDR maximises M_p of the recalls iff p ≤ 1."""
    t = np.linspace(-8, 18, 20001)
    rows = []
    edr_best, gains = 0.0, {}
    for d in (0.5, 1.0, 2.0, 4.0):
        r = np.stack([ndtr(t - 0.0), 1 - ndtr(t - d)], axis=-1)
        r_edr = np.array([ndtr(d / 2), 1 - ndtr(-d / 2)])
        for p in (-np.inf, -1.0, 0.0, 0.5, 1.0):
            edr_best = max(edr_best, float(og.holder_mean(r, p).max() - og.holder_mean(r_edr, p)))
        for p in (2.0, 10.0, np.inf):
            gains.setdefault(p, []).append(float(og.holder_mean(r, p).max()
                                                 - og.holder_mean(r_edr, p)))
    gain = min(max(g) for g in gains.values())
    method = ("recalls Φ(t), 1 − Φ(t − δ) for every threshold t of a 20,001-point grid on "
              "[−8, 18], δ ∈ {0.5, 1, 2, 4}; tolerance 1e-9")
    rows.append(Statement(PAPER, "footnote 12", "binary, equal variances: the EDR is optimal for "
                          "every unweighted Hölder mean with p ≤ 1", edr_best <= 1e-9, edr_best,
                          f"largest gain of any threshold over the EDR, p ∈ {{−∞, −1, 0, 0.5, "
                          f"1}}: {edr_best:+.2g}", COMPUTED, method, 1e-9, 20001 * 20))
    listing = "; ".join(f"p = {p:g}: " + ", ".join(f"{g:+.4f}" for g in v)
                        for p, v in gains.items())
    rows.append(Statement(PAPER, "footnote 12", "… and not optimal for p > 1 (some δ where a "
                          "threshold beats the EDR, for each p)", gain > 1e-9, gain,
                          f"gain of the best threshold over the EDR at δ = 0.5, 1, 2, 4 — "
                          f"{listing} (at large δ and moderate p the EDR is optimal again)",
                          COMPUTED, method, 1e-9, 20001 * 12))
    return rows


def _definitions():
    """Section 2.1's multi-majority (|M| ≥ K/2) and multi-minority (|m| > K/2) definitions."""
    rows = []
    both = neither = 0
    total = 0
    for k in (3, 4, 5, 6):
        grid = np.arange(1, 4 * k) / (4 * k)  # priors on a 1/(4K) lattice
        for eta in itertools.product(grid, repeat=k - 1):
            last = 1 - sum(eta)
            if last <= 1e-12:
                continue
            e = np.array(eta + (last,))
            if np.allclose(e, 1.0 / k):
                continue
            big = int(np.sum(e >= 1.0 / k - 1e-12))  # 𝕄: η_i ≥ 1/K
            small = int(np.sum(e < 1.0 / k - 1e-12))
            maj, mino = big >= k / 2, small > k / 2
            both += maj and mino
            neither += (not maj) and (not mino)
            total += 1
    rows.append(Statement(PAPER, "Section 2.1", "multi-majority (|𝕄| ≥ K/2) and multi-minority "
                          "(|𝕞| > K/2) never overlap", both == 0, float(both),
                          f"{both} of {total} unbalanced prior vectors are both", EXACT,
                          "every prior vector on a 1/(4K) lattice, K = 3..6 (counts)", 0.0,
                          total))
    rows.append(Statement(PAPER, "Section 2.1", "every unbalanced problem is multi-majority or "
                          "multi-minority", neither == 0, float(neither),
                          f"{neither} of {total} unbalanced prior vectors are neither ({{𝕄, 𝕞}} "
                          "partitions the classes, so |𝕄| < K/2 forces |𝕞| > K/2)", EXACT,
                          "every prior vector on a 1/(4K) lattice, K = 3..6 (counts)", 0.0,
                          total))
    return rows


def _any_k(s):
    """Fig. 4's sign claims at K = 3, 4, 5 ("similar for any K") and the singularities'
    size ("for greater K ... smaller")."""
    rows, dips = [], {}
    for k in KS:
        eps = np.union1d(_eps_grid(k), np.linspace(-0.15, -0.001, 150))
        eps = eps[(eps > -1.0 / k) & (eps < (k - 1.0) / k)]
        off = np.abs(eps) > 0.02
        method = f"{QUAD}, {len(eps)} ε in (−1/K, (K−1)/K), dense on (−0.15, 0); tolerance 0.001"
        for name in ("Acc", "max", "A", "G", "H", "min"):
            v = influence_multiclass(s[name], eps, k)
            if name in ("Acc", "max"):
                worst = float(v[off].max())
                rows.append(Statement(PAPER, "Section 3.3.2 (any K)", f"I({name}) ≤ 0 for all ε "
                                      f"(K = {k})", worst < 1e-3, worst,
                                      f"max over |ε| > 0.02: {worst:+.4f}; must be < 0.001",
                                      COMPUTED, method, 1e-3, len(eps)))
            elif name == "A":
                worst = float(v[off].min())
                rows.append(Statement(PAPER, "Section 3.3.2 (any K)", f"I(A) positive for all "
                                      f"ε ≠ 0 (K = {k})", worst > -1e-3, worst,
                                      f"min over |ε| > 0.02: {worst:+.4f}; must be > −0.001",
                                      COMPUTED, method, 1e-3, len(eps)))
            else:
                near = v[(eps < 0) & (eps > -0.15)]
                low = float(near.min())
                dips.setdefault(name, {})[k] = low
                rows.append(Statement(PAPER, "Section 3.3.2 (any K)", f"I({name}) has its "
                                      f"singularity: below 0 for ε → 0⁻ (K = {k})", low < -1e-3, low,
                                      f"min over ε ∈ (−0.15, 0): {low:+.4f}; must be < −0.001",
                                      COMPUTED, method, 1e-3, len(eps)))
            if name in ("A", "G", "H", "min"):
                pos, neg = float(v[eps > 0].max()), float(v[eps < 0].max())
                rows.append(Statement(PAPER, "Section 3.3.2 (any K)", f"I({name}) higher for "
                                      f"multi-minority (ε > 0) than multi-majority (ε < 0) "
                                      f"problems (K = {k})", pos > neg, pos - neg,
                                      f"max over ε > 0 minus max over ε < 0: {pos - neg:+.4f}",
                                      COMPUTED, method, 0.0, len(eps)))
    for name, by_k in dips.items():
        mags = [abs(min(by_k[k], 0.0)) for k in KS]
        # "smaller", not "gone": a singularity that vanishes (< 0.001 deep) is not similar
        shrinking = (all(b <= a + 1e-9 for a, b in zip(mags, mags[1:]))
                     and min(mags) > 1e-3)
        rows.append(Statement(PAPER, "Section 4.2.2", f"for greater K the singularities of "
                              f"I({name}) are smaller", shrinking, mags[-1] - mags[0],
                              "the deepest negative value at K = 3, 4, 5: "
                              + ", ".join(f"{m:.4f}" for m in mags)
                              + ("" if shrinking else " (gone, not smaller, where < 0.001)"),
                              COMPUTED,
                              f"{QUAD}; ordering of three numbers", 1e-9, 3))
    return rows
