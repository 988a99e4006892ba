"""Multi-class test sets: every matrix with the given row sums when they are few enough
(:func:`enumerate_matrices`), else a branch and bound over boxes of per-class counts.

Averaged indices of recalls, precisions, F1 and specificities, accuracy, kappa and MCC are
functions of the diagonal ``d`` and the column sums ``col`` of a matrix with row sums
``counts``: the branch and bound works on (d, col), bounds each index over a box by interval
arithmetic (each per-class term is monotone in d and in col), and at a point builds a
matrix with that diagonal and those column sums (an integer program with the diagonal
forbidden, scipy's ``milp``), which the registry then checks on every reported index. A
pair (d, col) has a matrix exactly when ``n_i + col_i - 2 d_i <= N - sum(d)`` for every
class (the off-diagonal mass of a class's row and column fits in the others').
"""

from __future__ import annotations

import math
from itertools import combinations
from types import SimpleNamespace

import numpy as np

from imbeval.check._bnb import branch_and_bound

__all__ = ["count_matrices", "enumerate_matrices", "SUPPORTED", "bnb_search", "witness_search"]


def count_matrices(counts):
    """How many matrices have row sums ``counts``."""
    c = len(counts)
    return math.prod(math.comb(int(k) + c - 1, c - 1) for k in counts)


def _compositions(total, parts):
    """Every vector of ``parts`` non-negative integers summing to ``total``."""
    out = []
    for bars in combinations(range(total + parts - 1), parts - 1):
        cuts = (-1,) + bars + (total + parts - 1,)
        out.append([cuts[i + 1] - cuts[i] - 1 for i in range(parts)])
    return np.array(out, dtype=float).reshape(-1, parts)


def enumerate_matrices(counts, chunk=500_000):
    """Every matrix with row sums ``counts``, in stacks of at most ``chunk``."""
    rows = [_compositions(int(k), len(counts)) for k in counts]
    sizes = [r.shape[0] for r in rows]
    total = math.prod(sizes)
    for start in range(0, total, chunk):
        flat = np.arange(start, min(total, start + chunk))
        idx = np.unravel_index(flat, sizes)
        yield np.stack([rows[i][idx[i]] for i in range(len(counts))], axis=1)


def _base(info):
    return info.alias_of or info.name


# index -> (term, average): a mean over classes of a per-class term
_AVERAGES = {
    "acsa": ("recall", "macro"), "a_mean": ("recall", "macro"),
    "weighted_recall": ("recall", "weighted"), "accuracy": ("recall", "weighted"),
    "macro_precision": ("precision", "macro"), "weighted_precision": ("precision", "weighted"),
    "macro_f1": ("f1", "macro"), "weighted_f1": ("f1", "weighted"),
    "tnr_macro": ("specificity", "macro"), "tnr_weighted": ("specificity", "weighted"),
    "cba": ("cba", "macro"),
}
# IAM = 2 CBA - 1 for every matrix (imbeval.indices.mortaz2020.iam)
_AFFINE = {"iam": ("cba", 2.0, -1.0)}
#: bounded indices that depend on more than (diagonal, column sums)
_ARRANGED = frozenset({"nmi", "cen", "mcen", "eve"})
#: the indices the branch and bound bounds (the others are checked on its witnesses only)
SUPPORTED = frozenset(_AVERAGES) | frozenset(_AFFINE) | {"gmean", "g_mean", "min_recall", "max_recall", "kappa",
                                    "mcc", "nmi", "cen", "mcen", "eve"}


def _terms(term, dl, dh, cl, ch, n, total):
    if term == "recall":
        return dl / n, dh / n
    if term == "precision":
        return dl / ch, np.minimum(1.0, dh / np.maximum(cl, 1))
    if term == "f1":
        return 2 * dl / (n + ch), np.minimum(1.0, 2 * dh / (n + cl))
    if term == "cba":  # c_ii / max(n_i, col_i): up in the diagonal, down in the column
        return dl / np.maximum(n, ch), np.minimum(1.0, dh / np.maximum(n, cl))
    rest = total - n
    return (rest - ch + dl) / rest, (rest - cl + dh) / rest


def _interval_div(num_lo, num_hi, den_lo, den_hi):
    """num / den for a positive den interval."""
    lo = num_lo / den_hi if num_lo >= 0 else num_lo / den_lo
    hi = num_hi / den_lo if num_hi >= 0 else num_hi / den_hi
    return lo, hi


def _plogp_range(lo, hi):
    """Elementwise range of f(p) = -p ln p over [lo, hi] within [0, 1]; f is concave with
    its peak at 1/e, so the minimum is at an end and the maximum at the clipped peak."""
    def f(p):
        return -p * np.log(np.where(p > 0, p, 1.0))
    lo, hi = np.clip(lo, 0.0, 1.0), np.clip(hi, 0.0, 1.0)
    return np.minimum(f(lo), f(hi)), f(np.clip(1.0 / math.e, lo, hi))


def _nmi_bounds(dl, dh, cl, ch, n, total):
    """Outer bounds of NMI = (H(Y) + H(pred)) / H(joint) - 1 over every matrix with row
    sums ``n``, diagonal in [dl, dh] and column sums in [cl, ch].

    H(Y) is fixed; H(pred) is bounded term by term. H(joint) is the diagonal's terms plus
    the off-diagonal mass m = 1 - D/N spread over K = c(c - 1) cells: at least f(m)
    (f is subadditive) and at most m ln(K / m) (the even spread); also
    max(H(Y), H(pred)) <= H(joint) <= H(Y) + H(pred).
    """
    c = n.size
    h_true = float(np.sum(-(n / total) * np.log(np.where(n > 0, n / total, 1.0))))
    p_lo, p_hi = _plogp_range(cl / total, ch / total)
    hp_lo, hp_hi = float(p_lo.sum()), float(p_hi.sum())
    q_lo, q_hi = _plogp_range(dl / total, dh / total)
    m_lo = max(0.0, 1.0 - float(dh.sum()) / total)
    m_hi = min(1.0, 1.0 - float(dl.sum()) / total)
    off_lo, _ = _plogp_range(np.array([m_lo]), np.array([m_hi]))
    k = c * (c - 1)
    # g(m) = m ln(K / m) is concave with its peak at m = K / e
    m_star = min(max(k / math.e, m_lo), m_hi)
    off_hi = m_star * math.log(k / m_star) if m_star > 0 else 0.0
    hj_lo = max(float(q_lo.sum()) + float(off_lo[0]), h_true, hp_lo)
    hj_hi = min(float(q_hi.sum()) + off_hi, h_true + hp_hi)
    if hj_lo <= 1e-12:
        return 0.0, 1.0
    lo = (h_true + hp_lo) / hj_hi - 1.0 if hj_hi > 0 else 0.0
    hi = (h_true + hp_hi) / hj_lo - 1.0
    return max(0.0, lo - 1e-12), min(1.0, hi + 1e-12)


def _xlogx(x):
    return x * np.log(np.where(x > 0, x, 1.0))


def _even_split(r, parts):
    """The least sum of x ln x over ``parts`` non-negative integers summing to ``r`` (x ln x
    is convex: the most even split)."""
    q = np.floor(r / parts)
    s = r - q * parts
    return s * _xlogx(q + 1) + (parts - s) * _xlogx(q)


def _ends_min(f, dl, dh, cl):
    """Per class, the least f(d, k) over the box, for f nondecreasing in k (k >= d) and
    concave in d, both at fixed k and along k = d: for each d the least k is max(cl, d),
    and on each of d <= cl and d >= cl the least value is at an end."""
    return np.min([f(d, np.maximum(cl, d)) for d in (dl, np.clip(cl, dl, dh), dh)], axis=0)


def _concave_max(f, dl, dh, ch):
    """Per class, the largest f(d, ch) over the integers d in [dl, min(dh, ch)], for f
    concave in d: a binary search for the first d where f stops increasing."""
    a, b = dl.copy(), np.minimum(dh, ch)
    for _ in range(64):
        open_ = a < b
        if not np.any(open_):
            break
        mid = np.floor((a + b) / 2)
        rising = f(mid + 1, ch) > f(mid, ch)
        a = np.where(open_ & rising, mid + 1, a)
        b = np.where(open_ & ~rising, mid, b)
    return f(a, ch)


def _confusion_gap(dl, dh, cl, ch, n, total, cen_item, mcen_item):
    """The interval of G = Delta / ln b - (2m CEN - W MCEN) over the box and the reported
    tolerances of CEN and MCEN; G = 0 for every matrix, so a box whose interval misses 0
    holds none with both values.

    The cells' x ln x are the same in CEN's and MCEN's class terms (see
    :func:`_confusion_bounds`), so (2m CEN - W MCEN) ln b = Delta = sum (r + c) ln(S / S'),
    a function of (d, k) alone: per class (n + k - 2d) ln((n + k) / (n + k - d)), which
    increases in k (its k-derivative is -ln(1 - u) - u (1 - 2u) / (1 - u) >= 0, u = d / S)
    and is concave in d at fixed k and along k = d.
    """
    c = n.size

    def delta(d, k):
        s = n + k
        s_mod = s - d
        return (s - 2 * d) * np.log(np.where(s_mod > 0, s / np.where(s_mod > 0, s_mod, 1.0), 1.0))

    base = math.log(2 * (c - 1))
    half = 0.5 if c == 2 else 1.0
    w_lo, w_hi = 2 * total - half * float(dh.sum()), 2 * total - half * float(dl.sum())
    g_lo = float(np.sum(_ends_min(delta, dl, dh, cl))) / base \
        - 2 * total * cen_item.high + w_lo * max(0.0, mcen_item.low)
    g_hi = float(np.sum(_concave_max(delta, dl, dh, ch))) / base \
        - 2 * total * cen_item.low + w_hi * max(0.0, mcen_item.high)
    slack = 1e-9 * (1.0 + 2 * total)
    return g_lo - slack, g_hi + slack


def _confusion_bounds(name, dl, dh, cl, ch, n, total):
    """Outer bounds of CEN or MCEN over every matrix with row sums ``n``, diagonal in
    [dl, dh] and column sums in [cl, ch].

    Class j's off-diagonal row cells sum to r = n - d, its column cells to c = k - d (k its
    column sum); with S = n + k (CEN) or S' = n + c (MCEN) and b = 2(C - 1), the class's
    weighted term is T_j = S_j CEN_j ln b = -sum x ln(x / S) over those 2(C - 1) cells, and
    CEN = sum T_j / (2m ln b), MCEN = sum T_j / (W ln b) with W = 2m - D (2m - D / 2 for
    C = 2). x ln x is superadditive and convex, so for fixed (r, c) T_j lies between
    L = (r + c) ln S - r ln r - c ln c (each side concentrated in one cell) and
    (r + c) ln S - g(r) - g(c) <= U = (r + c) ln((C - 1) S) - r ln r - c ln c (the even spread;
    g the even integer split, Jensen for U). In (d, k), L and U increase in k (their
    k-derivative is at least ln(S/c) - 1 + (r + c)/S >= r/S >= 0, by ln x >= 1 - 1/x) and
    are concave in d at fixed k, and L is concave along k = d (c = 0). So L's minimum over
    the box is at d in {dl, cl, dh} with k = max(cl, d), and U's maximum at k = ch and the
    best integer d (a binary search on the differences of a concave function). The
    integer-split form is also bounded by the box's ends (g increases on the integers),
    which is tighter where few points are off the diagonal; the smaller bound is kept.
    """
    c = n.size
    parts = c - 1
    modified = name == "mcen"

    def ends(d, k):
        r, cc = n - d, np.maximum(k - d, 0.0)
        return r, cc, (n + cc if modified else n + k)

    def lower(d, k):
        r, cc, s = ends(d, k)
        return (r + cc) * np.log(np.where(s > 0, s, 1.0)) - _xlogx(r) - _xlogx(cc)

    def upper(d, k):
        r, cc, s = ends(d, k)
        return (r + cc) * np.log(np.where(s > 0, parts * s, 1.0)) - _xlogx(r) - _xlogx(cc)

    lo_terms = _ends_min(lower, dl, dh, cl)
    hi_terms = _concave_max(upper, dl, dh, ch)
    r_lo, r_hi = n - dh, n - dl
    c_lo, c_hi = np.maximum(cl - dh, 0.0), np.maximum(ch - dl, 0.0)
    s_hi = n + c_hi if modified else n + ch
    boxed = (r_hi + c_hi) * np.log(np.maximum(s_hi, 1.0)) - _even_split(r_lo, parts) \
        - _even_split(c_lo, parts)
    hi_terms = np.minimum(hi_terms, boxed)
    t_lo = float(np.sum(np.maximum(lo_terms, 0.0)))
    t_hi = float(np.sum(np.maximum(hi_terms, 0.0)))
    # every off-diagonal cell is in one row and one column: sum T_j = A - 2X with
    # A = sum (r + c) ln S and X = sum x ln x over the off-diagonal cells, where
    # X <= min(sum r ln r, sum c ln c) and X >= sum g(r), sum g(c) and
    # sum r ln r + sum c ln c - O ln O (O = sum r: H(joint) <= H(rows) + H(columns))
    s_lo = n + c_lo if modified else n + cl
    a_lo = float(np.sum(np.maximum(r_lo + c_lo, 0.0) * np.log(np.maximum(s_lo, 1.0))))
    a_hi = float(np.sum((r_hi + c_hi) * np.log(np.maximum(s_hi, 1.0))))
    x_hi = min(float(_xlogx(r_hi).sum()), float(_xlogx(c_hi).sum()))
    o_hi = total - float(dl.sum())
    x_lo = max(float(_even_split(r_lo, parts).sum()), float(_even_split(c_lo, parts).sum()),
               float(_xlogx(r_lo).sum() + _xlogx(c_lo).sum() - o_hi * math.log(max(o_hi, 1.0))))
    t_lo = max(t_lo, a_lo - 2 * x_hi)
    t_hi = min(t_hi, a_hi - 2 * x_lo)
    base = math.log(2 * parts)
    if not modified:
        w_lo = w_hi = 2 * total
    else:
        half = 0.5 if c == 2 else 1.0
        w_lo, w_hi = 2 * total - half * float(dh.sum()), 2 * total - half * float(dl.sum())
    lo, hi = t_lo / (w_hi * base), t_hi / (w_lo * base)
    slack = 1e-9 * (1.0 + hi)
    return max(0.0, lo - slack), hi + slack


def _eve_bounds(dl, dh, cl, ch, n, total):
    """Outer bounds of EVE = H(eta) / ln C over the box: eta the positive eigenvalues of
    B = (R + R^T) / 2 (R the row-normalised matrix), normalised to sum 1.

    B = diag(rho) + E with rho_i = d_i / n_i the recalls and E symmetric, non-negative,
    zero on the diagonal, so ||E||_2 <= its largest row sum eps, and row i of E sums to
    ((1 - rho_i) + sum_k x_ki / n_k) / 2 <= ((1 - rho_i) + c_i / min_{k != i} n_k) / 2, c_i
    the column's off-diagonal count (at most N - D). By Weyl's inequality the k-th largest
    eigenvalue lies within eps of the k-th largest recall, which lies between the k-th
    largest of the box's lowest and highest recalls. The largest eigenvalue is at least 1
    (the entries of B sum to C: the Rayleigh quotient at the constant vector). Each eta_k
    is then bounded by its own range against the others', and H term by term (-p ln p is
    concave) and by ln of the count of eigenvalues that may be positive. Useful only
    near the diagonal (eps small): elsewhere it is the trivial [0, 1].
    """
    c = n.size
    if c < 2 or np.any(n <= 0):
        return 0.0, 1.0
    off_most = total - float(dl.sum())
    col_off = np.minimum(np.maximum(ch - dl, 0.0), off_most)
    others = np.array([np.min(np.delete(n, i)) for i in range(c)])
    eps = float(np.max(((1 - dl / n) + col_off / others) / 2))
    lam_lo = np.sort(dl / n)[::-1] - eps
    lam_hi = np.sort(dh / n)[::-1] + eps
    p_lo, p_hi = np.maximum(lam_lo, 0.0), np.maximum(lam_hi, 0.0)
    p_lo[0] = max(p_lo[0], 1.0)
    p_hi[0] = max(p_hi[0], 1.0)
    rest_hi = p_hi.sum() - p_hi
    rest_lo = p_lo.sum() - p_lo
    eta_lo = p_lo / np.maximum(p_lo + rest_hi, 1e-300)
    eta_hi = np.minimum(1.0, p_hi / np.maximum(p_hi + rest_lo, 1.0))
    f_lo, f_hi = _plogp_range(eta_lo, eta_hi)
    positive = int(np.sum(p_hi > 0))
    h_lo = float(f_lo.sum())
    h_hi = min(float(f_hi.sum()), math.log(positive)) if positive else 0.0
    scale = math.log(c)
    return max(0.0, h_lo / scale - 1e-9), min(1.0, h_hi / scale + 1e-9)


def _bounds_of(name, dl, dh, cl, ch, n, total):
    c = n.size
    if name == "eve":
        return _eve_bounds(dl, dh, cl, ch, n, total)
    if name == "nmi":
        return _nmi_bounds(dl, dh, cl, ch, n, total)
    if name in ("cen", "mcen"):
        return _confusion_bounds(name, dl, dh, cl, ch, n, total)
    if name in _AFFINE:
        base, scale, shift = _AFFINE[name]
        lo, hi = _bounds_of(base, dl, dh, cl, ch, n, total)
        return scale * lo + shift, scale * hi + shift
    if name in _AVERAGES:
        term, average = _AVERAGES[name]
        lo, hi = _terms(term, dl, dh, cl, ch, n, total)
        w = np.full(c, 1.0 / c) if average == "macro" else n / total
        return float(w @ lo), float(w @ hi)
    if name in ("gmean", "g_mean"):
        return float(np.prod(dl / n) ** (1 / c)), float(np.prod(dh / n) ** (1 / c))
    if name == "min_recall":
        return float(np.min(dl / n)), float(np.min(dh / n))
    if name == "max_recall":
        return float(np.max(dl / n)), float(np.max(dh / n))
    s_lo, s_hi = float(n @ cl), float(n @ ch)
    d_lo, d_hi = float(dl.sum()), float(dh.sum())
    if name == "kappa":  # (N D - s) / (N^2 - s): increasing in D, decreasing in s
        big = total * total
        lo = (total * d_lo - s_hi) / (big - s_hi) if big > s_hi else -1.0
        hi = (total * d_hi - s_lo) / (big - s_lo) if big > s_lo else 1.0
        return lo, hi
    # mcc: (N D - s) / sqrt((N^2 - sum col^2)(N^2 - sum n^2))
    big = total * total
    rows = big - float(n @ n)
    den_hi = math.sqrt(max(0.0, big - float(cl @ cl)) * rows)
    den_lo = math.sqrt(max(0.0, big - float(ch @ ch)) * rows)
    if den_lo <= 0:
        return -1.0, 1.0
    lo, hi = _interval_div(total * d_lo - s_hi, total * d_hi - s_lo, den_lo, den_hi)
    return max(-1.0, lo), min(1.0, hi)


def matrix_of(d, col, counts):
    """A matrix with diagonal ``d``, row sums ``counts`` and column sums ``col``, or None."""
    from scipy.optimize import Bounds, LinearConstraint, milp

    c = len(counts)
    supply = np.asarray(counts, float) - d
    demand = np.asarray(col, float) - d
    if np.any(supply < 0) or np.any(demand < 0):
        return None
    off = [(i, j) for i in range(c) for j in range(c) if i != j]
    a = np.zeros((2 * c, len(off)))
    for k, (i, j) in enumerate(off):
        a[i, k] = 1
        a[c + j, k] = 1
    rhs = np.concatenate([supply, demand])
    res = milp(np.zeros(len(off)), constraints=LinearConstraint(a, rhs, rhs),
               integrality=np.ones(len(off)), bounds=Bounds(0, np.inf))
    if res.x is None:
        return None
    m = np.diag(np.asarray(d, float))
    for k, (i, j) in enumerate(off):
        m[i, j] = round(res.x[k])
    return m


def _linear(name, col, n, total):
    """(a, b) with index = a @ d + b for the column sums ``col``, or None."""
    c = n.size
    if name in _AFFINE:
        base, scale, shift = _AFFINE[name]
        a, b = _linear(base, col, n, total)
        return scale * a, scale * b + shift
    if name in _AVERAGES:
        term, average = _AVERAGES[name]
        w = np.full(c, 1.0 / c) if average == "macro" else n / total
        if term == "recall":
            return w / n, 0.0
        if term == "precision":
            if np.any(col < 1):
                return None
            return w / col, 0.0
        if term == "f1":
            return 2 * w / (n + col), 0.0
        if term == "cba":
            return w / np.maximum(n, col), 0.0
        rest = total - n
        return w / rest, float(w @ ((rest - col) / rest))
    s = float(n @ col)
    big = total * total
    if name == "kappa" and big > s:
        return np.full(c, total / (big - s)), -s / (big - s)
    if name == "mcc":
        den = math.sqrt(max(0.0, big - float(col @ col)) * (big - float(n @ n)))
        if den > 0:
            return np.full(c, total / den), -s / den
    return None


def _diagonal_for(col, d_lo, d_hi, items, names, n, total):
    """An integer diagonal within [d_lo, d_hi] that, with the column sums ``col``, holds
    every reported index linear in it (an integer program), or None."""
    from scipy.optimize import Bounds, LinearConstraint, milp

    c = n.size
    rows, lows, highs = [], [], []
    for item, name in zip(items, names):
        lin = _linear(name, col, n, total)
        if lin is None:
            if name in ("macro_precision", "weighted_precision"):
                return None
            continue
        rows.append(lin[0])
        lows.append(item.low - lin[1])
        highs.append(item.high - lin[1])
    # a matrix exists: n_i + col_i - 2 d_i <= N - sum(d)
    hall = np.ones((c, c)) - 2 * np.eye(c)
    rows.extend(hall)
    lows.extend([-np.inf] * c)
    highs.extend(total - n - col)
    upper = np.minimum(d_hi, col)
    if np.any(upper < d_lo):
        return None
    res = milp(np.zeros(c), constraints=LinearConstraint(np.array(rows), lows, highs),
               integrality=np.ones(c), bounds=Bounds(d_lo, upper))
    if res.x is None:
        return None
    return np.round(res.x).astype(np.int64)


def _columns_in(lo, hi, total):
    """Column sums in [lo, hi] summing to ``total`` (the box's midpoint, moved), or None."""
    col = (lo + hi) // 2
    gap = total - int(col.sum())
    for k in range(col.size):
        if gap == 0:
            break
        step = min(gap, hi[k] - col[k]) if gap > 0 else max(gap, lo[k] - col[k])
        col[k] += step
        gap -= step
    return col if gap == 0 else None


def _relaxation_holds(dl, dh, pairs, n, total):
    """Whether some real diagonal in [dl, dh] holds every index linear in the diagonal
    alone (the averaged recalls, accuracy): a linear program; infeasible proves the box
    empty."""
    from scipy.optimize import linprog

    rows, lows, highs = [], [], []
    for item, name in pairs:
        a, _ = _linear(name, np.ones(n.size), n, total)
        rows.append(a)
        lows.append(item.low)
        highs.append(item.high)
    a = np.array(rows)
    res = linprog(np.zeros(n.size), A_ub=np.vstack([a, -a]),
                  b_ub=np.concatenate([highs, -np.array(lows)]),
                  bounds=list(zip(dl, dh)), method="highs")
    return res.status != 2  # 2: infeasible


def _canonical(name):
    """(quantity, scale, shift): the index is scale * quantity + shift, so that indices
    equal for every matrix (accuracy and weighted recall; IAM and 2 CBA - 1) share one."""
    if name in _AFFINE:
        base, scale, shift = _AFFINE[name]
        return _AVERAGES.get(base, base), scale, shift
    return _AVERAGES.get(name, name), 1.0, 0.0


def identities_break(items):
    """Whether two reported items of one quantity have disjoint tolerances (a proof)."""
    spans = {}
    for item in items:
        key, scale, shift = _canonical(_base(item.info))
        ends = sorted(((item.low - shift) / scale, (item.high - shift) / scale))
        lo, hi = spans.get(key, (-math.inf, math.inf))
        spans[key] = (max(lo, ends[0]), min(hi, ends[1]))
        if spans[key][0] > spans[key][1]:
            return True
    return False


def bnb_search(items, counts, verify, *, budget=100_000, programs=500):
    """Branch and bound over (d, col); ``verify(matrix)`` checks every reported item.

    Returns ``(verdict, matrix or None, boxes)``.
    """
    if identities_break(items):
        return False, None, 0
    n = np.asarray(counts, dtype=float)
    c = n.size
    total = float(n.sum())
    big_n = int(total)
    names = [_base(item.info) for item in items]
    bounded = [k for k, name in enumerate(names) if name in SUPPORTED]
    sub = [items[k] for k in bounded]
    recall_linear = [(items[k], names[k]) for k in bounded
                     if names[k] in _AVERAGES and _AVERAGES[names[k]][0] == "recall"]
    # accuracy is D / N with an integer D
    d_min, d_max = 0, big_n
    for k in bounded:
        if _AVERAGES.get(names[k]) == ("recall", "weighted"):
            d_min = max(d_min, math.ceil(items[k].low * total - 1e-9))
            d_max = min(d_max, math.floor(items[k].high * total + 1e-9))
    # CEN and MCEN reported together: their gap is a function of (d, col) (_confusion_gap)
    pair = [next((items[k] for k in bounded if names[k] == name), None)
            for name in ("cen", "mcen")]
    coupled = c > 1 and None not in pair
    if coupled:
        sub = sub + [SimpleNamespace(value=0.0, low=0.0, high=0.0)]

    def propagate(lo, hi):
        lo, hi = lo.copy(), hi.copy()
        d_lo, d_hi, c_lo, c_hi = lo[:c], hi[:c], lo[c:], hi[c:]
        for _ in range(3):
            if d_lo.sum() > d_max or d_hi.sum() < d_min or d_min > d_max:
                return None
            np.minimum(d_hi, d_max - (d_lo.sum() - d_lo), out=d_hi)
            np.maximum(d_lo, d_min - (d_hi.sum() - d_hi), out=d_lo)
            np.minimum(d_hi, c_hi, out=d_hi)
            np.maximum(c_lo, d_lo, out=c_lo)
            if c_lo.sum() > big_n or c_hi.sum() < big_n:
                return None
            np.maximum(c_lo, big_n - (c_hi.sum() - c_hi), out=c_lo)
            np.minimum(c_hi, big_n - (c_lo.sum() - c_lo), out=c_hi)
        if np.any(d_lo > d_hi) or np.any(c_lo > c_hi):
            return None
        return lo, hi

    def bounds(lo, hi):
        dl, dh = lo[:c].astype(float), hi[:c].astype(float)
        cl, ch = lo[c:].astype(float), hi[c:].astype(float)
        if any(names[k] in ("macro_precision", "weighted_precision") for k in bounded) \
                and np.any(ch < 1):
            return None  # a precision of a class never predicted is undefined
        out = [_bounds_of(names[k], dl, dh, cl, ch, n, total) for k in bounded]
        if coupled:
            out.append(_confusion_gap(dl, dh, cl, ch, n, total, *pair))
        if recall_linear and not _relaxation_holds(dl, dh, recall_linear, n, total):
            return None
        return np.array([o[0] for o in out]), np.array([o[1] for o in out])

    tried = [0]

    def attempt(lo, hi):
        """At a box: the integer program for a diagonal with the box's middle columns."""
        if tried[0] >= programs:
            return None
        tried[0] += 1
        col = _columns_in(lo[c:], hi[c:], big_n)
        if col is None:
            return None
        d = _diagonal_for(col.astype(float), lo[:c].astype(float), hi[:c].astype(float),
                          items, names, n, total)
        if d is None:
            return None
        m = matrix_of(d, col, n)
        if m is None or not verify(m):
            return None
        return m

    # with an index that depends on how the off-diagonal cells are arranged, a point whose
    # one matrix fails is not shown empty: another matrix of the point may hold
    arranged = any(name not in SUPPORTED or name in _ARRANGED for name in names)
    unproven = [False]

    def witness(x):
        d, col = x[:c], x[c:]
        if col.sum() != big_n:
            return None
        if np.any(n + col - 2 * d > big_n - d.sum()):
            return None
        m = matrix_of(d, col, n)
        if m is None:
            return None
        if not verify(m):
            unproven[0] = unproven[0] or arranged
            return None
        return m

    lo = np.zeros(2 * c, dtype=np.int64)
    hi = np.concatenate([n, np.full(c, total)]).astype(np.int64)
    verdict, point, boxes = branch_and_bound(lo, hi, sub, bounds, witness, budget=budget,
                                             propagate=propagate, attempt=attempt)
    if verdict is False and unproven[0]:
        verdict = None
    return verdict, point, boxes


def _value(name, d, col, n, total):
    """The index at a real (diagonal, column sums), or None when it is not a function of
    them the witness search knows."""
    if name in ("gmean", "g_mean"):
        return float(np.prod(np.clip(d, 0, None) / n) ** (1 / n.size))
    if name == "min_recall":
        return float(np.min(d / n))
    if name == "max_recall":
        return float(np.max(d / n))
    lin = _linear(name, np.maximum(col, 1e-9), n, total)
    if lin is None:
        return None
    return float(lin[0] @ d + lin[1])


def _largest_remainder(x, total):
    """Non-negative integers summing to ``total`` nearest the reals ``x``."""
    x = np.clip(x, 0, None)
    x = x * (total / x.sum()) if x.sum() > 0 else np.full(x.size, total / x.size)
    out = np.floor(x).astype(np.int64)
    short = total - int(out.sum())
    out[np.argsort(out - x)[:short]] += 1
    return out


def _polish(m, items, verify, evaluations=40_000):
    """A matrix the registry accepts, sought from ``m`` by moving one point at a time
    within a row (the row sums stay): a tabu search, each step to the unvisited neighbour
    nearest the reported values, so that it walks out of a local minimum. It serves the
    indices that depend on how the off-diagonal cells are arranged (NMI, CEN, MCEN, EVE),
    which the integer programs leave to chance. None when the steps run out (None proves
    nothing). ``evaluations`` bounds the neighbours scored in all."""
    from imbeval.indices import compute

    c = m.shape[0]
    names = list({item.info.name: None for item in items})
    moves = [(i, a, b) for i in range(c) for a in range(c) for b in range(c) if a != b]

    def losses(stack):
        got = compute(stack, names=names, chunk_size=None)
        out = np.zeros(stack.shape[0])
        for item in items:
            v = np.asarray(got[item.info.name], float)
            miss = np.maximum(0.0, np.abs(v - item.value) - 0.7 * item.eps)
            out += np.where(np.isnan(v), 1e6, (miss / max(item.eps, 1e-7)) ** 2)
        return out

    seen = {m.tobytes()}
    for _ in range(max(1, evaluations // len(moves))):
        if verify(m):
            return m
        keep = [(i, a, b) for i, a, b in moves if m[i, a] >= 1]
        stack = np.repeat(m[None], len(keep), axis=0)
        rows, src, dst = (np.array(t) for t in zip(*keep))
        at = np.arange(len(keep))
        stack[at, rows, src] -= 1
        stack[at, rows, dst] += 1
        scores = losses(stack)
        for k in np.argsort(scores, kind="stable"):
            if stack[k].tobytes() not in seen:
                m = stack[k]
                seen.add(m.tobytes())
                break
        else:
            return None
    return m if verify(m) else None


def witness_search(items, counts, verify, *, tries=60, seed=0, polishes=6):
    """A witness found directly, before any branch and bound: a real (diagonal, column
    sums) nearest the reported values (a smooth least-squares problem), its column sums
    rounded, then an integer program for the diagonal at those column sums and at their
    neighbours (one unit moved between two classes), nearest first, from a few starts
    (``tries`` integer programs each). The averaged indices, accuracy, kappa and
    MCC are linear in the diagonal once the column sums are fixed, so the integer program
    is exact there; ``verify`` checks every reported item. When an index
    depends on the arrangement of the off-diagonal cells, up to ``polishes`` of the
    matrices that fail (or, when no integer program held, the least-squares points) are
    walked on by :func:`_polish`.

    Returns a matrix or None (None proves nothing).
    """
    from scipy.optimize import minimize

    n = np.asarray(counts, dtype=float)
    c = n.size
    total = float(n.sum())
    big_n = int(total)
    names = [_base(item.info) for item in items]
    known = [(item, name) for item, name in zip(items, names) if name in SUPPORTED]
    scale = np.array([max(item.eps, 1e-7) for item, _ in known])
    target = np.array([item.value for item, _ in known])

    def loss(x):
        d, col = x[:c], x[c:]
        got = []
        for (item, name) in known:
            v = _value(name, d, col, n, total)
            got.append(item.value if v is None else v)
        # outside a shrunk tolerance only: rounded values rarely share their centres
        miss = np.maximum(0.0, np.abs(np.array(got) - target) / scale - 0.7)
        return float(np.sum(miss ** 2)) if known else 0.0

    def cost(col):
        """Integer program at the column sums ``col``: a matrix the registry accepts."""
        if np.any(col < 0):
            return None
        d = _diagonal_for(col.astype(float), np.zeros(c), n, items, names, n, total)
        if d is None:
            return None
        m = matrix_of(d, col, n)
        if m is None or verify(m):
            return m
        if polished[0] < polishes and arranged:
            polished[0] += 1
            return _polish(m, items, verify)
        return None

    arranged = any(name not in SUPPORTED or name in _ARRANGED for name in names)
    polished = [0]

    rng = np.random.default_rng(seed)
    recall = next((item.value for item, name in known if name in ("acsa", "a_mean",
                                                                   "accuracy")), 0.5)
    starts = [np.concatenate([n * recall, n]),
              np.concatenate([n * recall, np.full(c, total / c)])]
    for _ in range(2):  # seeded restarts: the least-squares problem is not convex
        share = rng.dirichlet(np.ones(c))
        starts.append(np.concatenate([n * rng.uniform(0, 1, c), share * total]))
    seen = set()
    fallback = []
    for x0 in starts:
        used = 0
        cons = [{"type": "eq", "fun": lambda x: x[c:].sum() - total},
                {"type": "ineq", "fun": lambda x: x[c:] - x[:c]},
                {"type": "ineq",
                 "fun": lambda x: (total - x[:c].sum()) - (n + x[c:] - 2 * x[:c])}]
        bounds = [(0, k) for k in n] + [(0, total)] * c
        with np.errstate(all="ignore"):
            res = minimize(loss, x0, method="SLSQP", bounds=bounds, constraints=cons,
                           options={"maxiter": 200, "ftol": 1e-12})
        col0 = _largest_remainder(res.x[c:], big_n)
        frontier = [col0]
        while frontier and used < tries:
            col = frontier.pop(0)
            key = tuple(col.tolist())
            if key in seen:
                continue
            seen.add(key)
            used += 1
            m = cost(col)
            if m is not None:
                return m
            if len(frontier) < tries:
                moves = [(i, j) for i in range(c) for j in range(c) if i != j]
                rng.shuffle(moves)
                d_real = res.x[:c]
                scored = []
                for i, j in moves:
                    nxt = col.copy()
                    nxt[i] -= 1
                    nxt[j] += 1
                    if nxt[i] < 0:
                        continue
                    scored.append((loss(np.concatenate([d_real, nxt])), nxt))
                scored.sort(key=lambda t: t[0])
                frontier.extend(nxt for _, nxt in scored)
        fallback.append((res.x[:c], col0))
    # no integer program held the linear indices: walk from the least-squares points
    for d_real, col in fallback:
        if polished[0] >= polishes or not arranged:
            break
        d_real = np.clip(d_real, 0, np.minimum(n, col))
        d = _diagonal_for(col.astype(float), np.floor(d_real), np.ceil(d_real), [], [], n, total)
        m = None if d is None else matrix_of(d, col, n)
        if m is not None:
            polished[0] += 1
            m = _polish(m, items, verify)
            if m is not None:
                return m
    return None
