"""Branch and bound over boxes of integer counts, for the searches too large to enumerate.

A box is a pair of integer vectors ``lo <= x <= hi``. ``bounds(lo, hi)`` returns, per
reported item, an interval holding the item's value at every point of the box that the
constraints allow (or None when the box holds none); a box whose interval misses an item's
tolerance holds no solution and is dropped. So when every box is dropped the reported
values are proven inconsistent; a point (``lo == hi``) that ``witness(x)`` accepts proves
them consistent; a search that runs out of ``budget`` boxes decides nothing.
"""

from __future__ import annotations

import numpy as np

__all__ = ["branch_and_bound"]


def branch_and_bound(lo, hi, items, bounds, witness, *, budget=200_000, propagate=None,
                     attempt=None):
    """Depth-first branch and bound.

    ``attempt(lo, hi)``, if given, may return a witness anywhere in a box.

    Returns ``(verdict, point, boxes)``: verdict True (a witness found: ``point``), False
    (every box dropped: a proof) or None (budget spent); ``boxes`` the boxes examined.
    """
    targets = np.array([item.value for item in items])
    low = np.array([item.low for item in items])
    high = np.array([item.high for item in items])
    stack = [(np.asarray(lo, dtype=np.int64), np.asarray(hi, dtype=np.int64))]
    boxes = 0
    while stack:
        if boxes >= budget:
            return None, None, boxes
        lo, hi = stack.pop()
        boxes += 1
        if propagate is not None:
            box = propagate(lo, hi)
            if box is None:
                continue
            lo, hi = box
        b = bounds(lo, hi)
        if b is None:
            continue
        b_lo, b_hi = b
        if np.any(b_hi < low) or np.any(b_lo > high):
            continue
        if attempt is not None:
            point = attempt(lo, hi)
            if point is not None:
                return True, point, boxes
        width = hi - lo
        if not width.any():
            point = witness(lo)
            if point is not None:
                return True, point, boxes
            continue
        k = int(np.argmax(width))
        mid = lo[k] + width[k] // 2
        left_hi = hi.copy()
        left_hi[k] = mid
        right_lo = lo.copy()
        right_lo[k] = mid + 1
        halves = [(lo, left_hi), (right_lo, hi)]
        # the half whose bounds sit nearer the reported values is searched first
        scores = []
        for h_lo, h_hi in halves:
            box = (h_lo, h_hi) if propagate is None else propagate(h_lo, h_hi)
            hb = None if box is None else bounds(*box)
            if hb is None:
                scores.append(0.0)
            else:
                centre = (hb[0] + hb[1]) / 2
                scores.append(-float(np.nansum(np.abs(centre - targets))))
        order = np.argsort(scores)  # the better half last: popped first
        for i in order:
            stack.append(halves[i])
    return False, None, boxes
