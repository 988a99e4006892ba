"""The exact search over every two-class matrix of a test set with ``p`` positives and
``n`` negatives: all (TP, TN) in [0, p] x [0, n].

Closed forms of the common indices (:data:`KERNELS`) discard most of the grid first, on
the (TP, TN) grid itself, with a margin far above their float difference from the
registry; every survivor is then computed by the registry (:func:`imbeval.indices.compute`),
which alone decides. An index without a closed form is computed by the registry on what
the closed forms leave (on the whole grid, chunk by chunk, if none applies).
"""

from __future__ import annotations

import itertools

import numpy as np

from imbeval.indices import compute

__all__ = ["KERNELS", "matrices", "search", "conflict"]

# Matrices per chunk of the registry's computation and of the grid's rows.
_CHUNK = 1_000_000
# The closed forms discard a cell only this far outside a tolerance: their float difference
# from the registry is ~1e-15 (tests/unit/test_check.py measures it).
_MARGIN = 1e-9


def _acc(tp, tn, p, n):
    return (tp + tn) / (p + n)


def _sens(tp, tn, p, n):
    return tp / p + 0 * tn


def _spec(tp, tn, p, n):
    return tn / n + 0 * tp


def _prec(tp, tn, p, n):
    return tp / (tp + n - tn)


def _f1(tp, tn, p, n):
    return 2 * tp / (tp + p + n - tn)


def _jac(tp, tn, p, n):
    return tp / (p + n - tn)


def _bacc(tp, tn, p, n):
    return (tp / p + tn / n) / 2


def _bacc_adj(tp, tn, p, n):
    return tp / p + tn / n - 1


def _gm(tp, tn, p, n):
    return np.sqrt(tp / p * (tn / n))


def _mcc(tp, tn, p, n):
    fp, fn = n - tn, p - tp
    return (tp * tn - fp * fn) / np.sqrt((tp + fp) * p * n * (tn + fn))


def _kappa(tp, tn, p, n):
    total = p + n
    fp = n - tn
    pe = (p * (tp + fp) + n * (total - tp - fp)) / total ** 2
    return ((tp + tn) / total - pe) / (1 - pe)


#: registry name -> closed form f(tp, tn, p, n) of the binary matrix [[tp, p-tp], [n-tn, tn]]
KERNELS = {
    "accuracy": _acc, "weighted_recall": _acc, "sensitivity": _sens, "specificity": _spec,
    "precision": _prec, "f1": _f1, "jaccard": _jac, "acsa": _bacc, "a_mean": _bacc,
    "balanced_accuracy_adjusted": _bacc_adj, "gmean2": _gm, "gmean": _gm, "g_mean": _gm,
    "mcc": _mcc, "kappa": _kappa,
}
_ROWS_ONLY = {"sensitivity"}  # a function of TP alone
_COLS_ONLY = {"specificity"}  # of TN alone


def _base(info):
    return info.alias_of or info.name


def matrices(tp, tn, p, n):
    """The stack of matrices [[tp, p-tp], [n-tn, tn]] (positive first)."""
    tp = np.asarray(tp, dtype=float)
    tn = np.asarray(tn, dtype=float)
    out = np.empty(tp.shape + (2, 2))
    out[..., 0, 0] = tp
    out[..., 0, 1] = p - tp
    out[..., 1, 0] = n - tn
    out[..., 1, 1] = tn
    return out


def _keep(kernel, item, tp, tn, p, n):
    """Cells a closed form cannot rule out (non-finite ones are left to the registry), and
    those it proves (inside the tolerance by more than the margin)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        values = kernel(tp, tn, float(p), float(n))
        finite = np.isfinite(values)
        keep = ~finite | ((values >= item.low - _MARGIN) & (values <= item.high + _MARGIN))
        sure = finite & (values >= item.low + _MARGIN) & (values <= item.high - _MARGIN)
    return keep, sure


def _registry_holds(items, tp, tn, p, n, zero_division):
    """Where the registry's values of every item hold, chunk by chunk."""
    keep = np.ones(tp.shape, dtype=bool)
    for start in range(0, tp.size, _CHUNK):
        part = slice(start, start + _CHUNK)
        stack = matrices(tp[part], tn[part], p, n)
        names = list({item.info.name: None for item in items})
        values = compute(stack, names=names, zero_division=zero_division, chunk_size=None)
        for item in items:
            keep[part] &= item.holds(values[item.info.name])
    return keep


def candidates(items, p, n, zero_division=np.nan):
    """(tp, tn) arrays of the cells of [0, p] x [0, n] where every item holds."""
    tp_axis = np.arange(p + 1, dtype=float)
    tn_axis = np.arange(n + 1, dtype=float)
    tp_sure = tn_sure = None
    with np.errstate(divide="ignore", invalid="ignore"):
        for item in items:
            kernel = KERNELS.get(_base(item.info))
            if _base(item.info) in _ROWS_ONLY:
                keep, sure = _keep(kernel, item, tp_axis, 0.0, p, n)
                tp_sure = (tp_sure if tp_sure is not None else np.ones(keep.size, bool))[keep]
                tp_axis, tp_sure = tp_axis[keep], tp_sure & sure[keep]
            elif _base(item.info) in _COLS_ONLY:
                keep, sure = _keep(kernel, item, 0.0, tn_axis, p, n)
                tn_sure = (tn_sure if tn_sure is not None else np.ones(keep.size, bool))[keep]
                tn_axis, tn_sure = tn_axis[keep], tn_sure & sure[keep]
    planar = [item for item in items if _base(item.info) in KERNELS
              and _base(item.info) not in _ROWS_ONLY | _COLS_ONLY]
    # the grid block by block of rows, each reduced by every closed form at once
    rows = max(1, _CHUNK // max(1, tn_axis.size))
    if tp_sure is None:
        tp_sure = np.ones(tp_axis.size, bool)
    if tn_sure is None:
        tn_sure = np.ones(tn_axis.size, bool)
    found_tp, found_tn, found_sure = [], [], []
    for start in range(0, tp_axis.size, rows):
        tp_block = tp_axis[start:start + rows, None]
        if planar:  # the first closed form on the block, the others on its survivors
            keep, sure = _keep(KERNELS[_base(planar[0].info)], planar[0], tp_block,
                               tn_axis[None, :], p, n)
            i, j = np.nonzero(keep)
            tp_cells, tn_cells, sure_cells = tp_block[i, 0], tn_axis[j], sure[i, j]
            for item in planar[1:]:
                keep, sure = _keep(KERNELS[_base(item.info)], item, tp_cells, tn_cells, p, n)
                tp_cells, tn_cells = tp_cells[keep], tn_cells[keep]
                sure_cells = sure_cells[keep] & sure[keep]
            i = np.searchsorted(tp_axis, tp_cells)
            j = np.searchsorted(tn_axis, tn_cells)
            sure_cells &= tp_sure[i] & tn_sure[j]
        else:
            tp_cells = np.repeat(tp_block[:, 0], tn_axis.size)
            tn_cells = np.tile(tn_axis, tp_block.size)
            sure_cells = np.repeat(tp_sure[start:start + rows], tn_axis.size) \
                & np.tile(tn_sure, tp_block.size)
        found_tp.append(tp_cells)
        found_tn.append(tn_cells)
        found_sure.append(sure_cells)
    tp = np.concatenate(found_tp) if found_tp else np.empty(0)
    tn = np.concatenate(found_tn) if found_tn else np.empty(0)
    sure = np.concatenate(found_sure) if found_sure else np.empty(0, bool)
    # the registry decides every cell no closed form proved, and every index without one
    unproved = [item for item in items if _base(item.info) not in KERNELS]
    check = ~sure if not unproved else np.ones(tp.size, bool)
    if check.any():
        held = _registry_holds(items, tp[check], tn[check], p, n, zero_division)
        keep = np.ones(tp.size, bool)
        keep[np.flatnonzero(check)[~held]] = False
        tp, tn = tp[keep], tn[keep]
    return tp, tn


def search(items, p, n, zero_division=np.nan):
    """The feasible matrices, shape (m, 2, 2), of the reported ``items``."""
    tp, tn = candidates(items, p, n, zero_division)
    return matrices(tp, tn, p, n)


def conflict(items, p, n, zero_division=np.nan):
    """The smallest subset of ``items`` no matrix holds together (by size, then in the
    order reported), or () when all hold together."""
    keys = []
    for item in items:
        tp, tn = candidates([item], p, n, zero_division)
        keys.append(np.unique(tp.astype(np.int64) * (n + 1) + tn.astype(np.int64)))
    for size in range(1, len(items) + 1):
        for combo in itertools.combinations(range(len(items)), size):
            common = keys[combo[0]]
            for k in combo[1:]:
                common = np.intersect1d(common, keys[k], assume_unique=True)
                if not common.size:
                    break
            if not common.size:
                return tuple(items[k].name for k in combo)
    return ()
