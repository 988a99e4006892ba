"""Labels read from a file as text: probabilities in a label column get the API's message."""

from __future__ import annotations

import numpy as np

__all__ = ["refuse_continuous_text"]


def _as_float(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float, np.integer, np.floating)):
        return float(value)
    try:
        return float(str(value).strip())
    except ValueError:
        return None


def refuse_continuous_text(values, name, source):
    """Raise :func:`imbeval.metrics.check_target`'s ValueError, prefixed by ``source``, when
    every value of ``values`` reads as a number and some are not whole numbers (scores or
    probabilities in a column of labels); otherwise return None.

    A file's labels are text (``"0.73"``), so without this check such a column would be a
    list of unknown labels rather than the message that says what to pass instead.

    Examples
    --------
    >>> refuse_continuous_text(["0", "1", "1"], "y_pred", "pred.csv")
    >>> refuse_continuous_text(["0.2", "0.9"], "y_pred", "pred.csv")
    Traceback (most recent call last):
    ...
    ValueError: pred.csv: y_pred holds continuous values (0.2 at index 0, 2 of 2 not whole numbers), not class labels; pass class labels, one per sample: the estimator's predict(X), not predict_proba(X) or decision_function(X) (for probabilities of the positive class, threshold them: (proba >= 0.5).astype(int))
    """
    from imbeval.metrics import check_target

    numbers = []
    for value in values:
        x = _as_float(value)
        if x is None or not np.isfinite(x):
            return None     # text labels, or NaN/inf, which other checks name
        numbers.append(x)
    array = np.asarray(numbers, dtype=np.float64)
    if not array.size or np.all(np.floor(array) == array):
        return None
    try:
        check_target(array, name)
    except ValueError as exc:
        raise ValueError(f"{source}: {exc}") from None
    return None
