"""Named functions for imbeval's indices that scikit-learn and imbalanced-learn lack.

``gmean_score(y, p)`` reads better than ``score("gmean", y, p)``; each function is exactly
:func:`imbeval.metrics.score` of its index, with scikit-learn's argument names. The
examples use rows [3, 1, 0], [0, 1, 1], [0, 0, 2] (three classes: 4, 2 and 2 samples) and,
for the two-class indices, TP 2, FN 1, FP 1, TN 6 (class 1 positive).
"""

from __future__ import annotations

from imbeval.metrics._params import LABEL_ARGUMENTS
from imbeval.metrics._resolve import DEFAULT_AVERAGE
from imbeval.metrics._score import score
from imbeval.utils._deprecation import deprecated_alias
from imbeval.utils._param_validation import validate_params

#: The named functions, function name -> index name. scikit-learn's convention: a
#: ``*_score`` is greater-is-better, a ``*_loss`` lower-is-better (the entropies CEN and
#: MCEN); the stem is the index's registry name.
NAMED_SCORES = {name: name.rsplit("_", 1)[0] for name in (
    "gmean_score", "acsa_score", "iam_score", "cba_score", "auroc_ovo_score", "auroc_ova_score",
    "maurpc_ova_score", "eve_score", "cen_loss", "mcen_loss", "mprecision_score",
    "maurpc_score")}

__all__ = ["NAMED_SCORES", *NAMED_SCORES]


def gmean_score(y_true, y_pred, *, labels=None, pos_label=1, average="multiclass",
                sample_weight=None, zero_division="warn"):
    """γC (GMean, mullick2020): the geometric mean of the per-class recalls.

    ``(Π_i m_ii/n_i)^(1/C)`` (rows true, columns predicted); 0 as soon as one class is never
    recognised. ``average`` is imbalanced-learn's ``geometric_mean_score``'s: "multiclass"
    (the default) is this index; "binary" the two-class G-mean of ``pos_label``
    (``gmean2``); "micro", "macro", "weighted" the square root of the averaged
    sensitivity times the averaged specificity; None the per-class
    sqrt(sensitivity · specificity). Greater is better.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes (default: the sorted distinct labels of ``y_true`` and ``y_pred``).
    pos_label : label, default 1
        The positive class of ``average="binary"``.
    average : {"multiclass", "binary", "micro", "macro", "weighted"} or None
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a ratio whose denominator is 0 (:func:`imbeval.metrics.score`).

    Returns
    -------
    float, or ndarray of shape (C,) for ``average=None``

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`.

    Examples
    --------
    >>> from imbeval.metrics import gmean_score
    >>> y_true, y_pred = [0, 0, 0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 2, 2, 2]
    >>> round(gmean_score(y_true, y_pred), 4)  # (3/4 · 1/2 · 1)^(1/3)
    0.7211
    >>> round(gmean_score(y_true, y_pred, average="macro"), 4)
    0.8165
    """
    return score("geometric_mean", y_true, y_pred, labels=labels, pos_label=pos_label,
                 average=DEFAULT_AVERAGE if average == "multiclass" else average,
                 sample_weight=sample_weight, zero_division=zero_division)

def acsa_score(y_true, y_pred, *, labels=None, sample_weight=None,
               zero_division="warn"):
    """α (ACSA) (mullick2020): average class-specific accuracy.

    ``score('acsa', y_true, y_pred, ...)``. Formula (rows true, columns predicted):
    (1/C) Σ_i m_ii/n_i.
    Any number of classes; no positive class. Greater is better.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes (default: the sorted distinct labels of ``y_true`` and ``y_pred``).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a ratio whose denominator is 0 (:func:`imbeval.metrics.score`).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`.

    Examples
    --------
    >>> from imbeval.metrics import acsa_score
    >>> y_true, y_pred = [0, 0, 0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 2, 2, 2]
    >>> round(acsa_score(y_true, y_pred), 4)  # (3/4 + 1/2 + 1) / 3
    0.75
    """
    return score('acsa', y_true, y_pred, labels=labels, sample_weight=sample_weight,
                 zero_division=zero_division)

def iam_score(y_true, y_pred, *, labels=None, sample_weight=None,
              zero_division="warn"):
    """IAM (mortaz2020): imbalance accuracy metric.

    ``score('iam', y_true, y_pred, ...)``. Formula (rows true, columns predicted):
    ``(1/k) Σ_i (c_ii − max(c_i. − c_ii, c_.i − c_ii)) / max(c_i., c_.i)``.
    Any number of classes; no positive class. Greater is better.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes (default: the sorted distinct labels of ``y_true`` and ``y_pred``).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a ratio whose denominator is 0 (:func:`imbeval.metrics.score`).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`.

    Examples
    --------
    >>> from imbeval.metrics import iam_score
    >>> y_true, y_pred = [0, 0, 0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 2, 2, 2]
    >>> round(iam_score(y_true, y_pred), 4)  # ((3 − 1)/4 + (1 − 1)/2 + (2 − 1)/3) / 3
    0.2778
    """
    return score('iam', y_true, y_pred, labels=labels, sample_weight=sample_weight,
                 zero_division=zero_division)

def cba_score(y_true, y_pred, *, labels=None, sample_weight=None,
              zero_division="warn"):
    """CBA (mortaz2020): class balance accuracy.

    ``score('cba', y_true, y_pred, ...)``. Formula (rows true, columns predicted):
    ``(1/k) Σ_i c_ii / max(c_i., c_.i)``.
    Any number of classes; no positive class. Greater is better.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes (default: the sorted distinct labels of ``y_true`` and ``y_pred``).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a ratio whose denominator is 0 (:func:`imbeval.metrics.score`).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`.

    Examples
    --------
    >>> from imbeval.metrics import cba_score
    >>> y_true, y_pred = [0, 0, 0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 2, 2, 2]
    >>> round(cba_score(y_true, y_pred), 4)  # (3/4 + 1/2 + 2/3) / 3
    0.6389
    """
    return score('cba', y_true, y_pred, labels=labels, sample_weight=sample_weight,
                 zero_division=zero_division)

def auroc_ovo_score(y_true, y_pred, *, labels=None, sample_weight=None,
                    zero_division="warn"):
    """ρo (AUROC-OVO) (mullick2020): one-vs-one AUROC of a crisp classifier.

    ``score('auroc_ovo', y_true, y_pred, ...)``. Formula (rows true, columns predicted):
    (1/2C) Σ_i (1 + m_ii/n_i − Σ_{j≠i} m_ji/((C−1) n_j)).
    Any number of classes; no positive class. Greater is better.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes (default: the sorted distinct labels of ``y_true`` and ``y_pred``).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a ratio whose denominator is 0 (:func:`imbeval.metrics.score`).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`.

    Examples
    --------
    >>> from imbeval.metrics import auroc_ovo_score
    >>> y_true, y_pred = [0, 0, 0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 2, 2, 2]
    >>> round(auroc_ovo_score(y_true, y_pred), 4)  # (1.75 + 1.375 + 1.75) / 6
    0.8125
    """
    return score('auroc_ovo', y_true, y_pred, labels=labels, sample_weight=sample_weight,
                 zero_division=zero_division)

def auroc_ova_score(y_true, y_pred, *, labels=None, sample_weight=None,
                    zero_division="warn"):
    """ρa (AUROC-OVA) (mullick2020): one-vs-all AUROC of a crisp classifier.

    ``score('auroc_ova', y_true, y_pred, ...)``. Formula (rows true, columns predicted):
    (1/2C) Σ_i (1 + m_ii/n_i − (k_i − m_ii)/(n − n_i)).
    Any number of classes; no positive class. Greater is better.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes (default: the sorted distinct labels of ``y_true`` and ``y_pred``).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a ratio whose denominator is 0 (:func:`imbeval.metrics.score`).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`.

    Examples
    --------
    >>> from imbeval.metrics import auroc_ova_score
    >>> y_true, y_pred = [0, 0, 0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 2, 2, 2]
    >>> round(auroc_ova_score(y_true, y_pred), 4)  # (1.75 + (1.5 − 1/6) + (2 − 1/6)) / 6
    0.8194
    """
    return score('auroc_ova', y_true, y_pred, labels=labels, sample_weight=sample_weight,
                 zero_division=zero_division)

def maurpc_ova_score(y_true, y_pred, *, labels=None, sample_weight=None,
                     zero_division="warn"):
    """κa^ (mAURPC-OVA) (mullick2020): AURPC-OVA on the row-normalised matrix.

    ``score('maurpc_ova', y_true, y_pred, ...)``. Formula (rows true, columns predicted):
    (1/2C) Σ_i ((m_ii/n_i)/(Σ_j m_ji/n_j) + m_ii/n_i).
    Any number of classes; no positive class. Greater is better.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes (default: the sorted distinct labels of ``y_true`` and ``y_pred``).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a ratio whose denominator is 0 (:func:`imbeval.metrics.score`).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`.

    Examples
    --------
    >>> from imbeval.metrics import maurpc_ova_score
    >>> y_true, y_pred = [0, 0, 0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 2, 2, 2]
    >>> round(maurpc_ova_score(y_true, y_pred), 4)  # ((1 + 3/4) + (2/3 + 1/2) + (2/3 + 1)) / 6
    0.7639
    """
    return score('maurpc_ova', y_true, y_pred, labels=labels, sample_weight=sample_weight,
                 zero_division=zero_division)

def eve_score(y_true, y_pred, *, labels=None, sample_weight=None,
              zero_division="warn"):
    """EVE (dembele): eigenvalue entropy of the symmetrised recall matrix.

    ``score('eve', y_true, y_pred, ...)``. Formula (rows true, columns predicted):
    −Σ_{λ_i>0} η_i ln η_i / ln C, η_i = λ_i / Σ_{λ>0} λ, λ = σ((R + Rᵀ)/2), R = row-normalised CM.
    Any number of classes; no positive class. Greater is better.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes (default: the sorted distinct labels of ``y_true`` and ``y_pred``).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a ratio whose denominator is 0 (:func:`imbeval.metrics.score`).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`.

    Examples
    --------
    >>> from imbeval.metrics import eve_score
    >>> y_true, y_pred = [0, 0, 0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 2, 2, 2]
    >>> round(eve_score(y_true, y_pred), 4)  # tested on Dembélé's tables
    0.919
    """
    return score('eve', y_true, y_pred, labels=labels, sample_weight=sample_weight,
                 zero_division=zero_division)

def cen_loss(y_true, y_pred, *, labels=None, sample_weight=None,
              zero_division="warn"):
    """CEN (dembele): confusion entropy of Wei et al..

    ``score('cen', y_true, y_pred, ...)``. Formula (rows true, columns predicted):
    Σ_j (S_j / 2m) CEN_j, S_j = n_j + k_j, CEN_j = −Σ_{k≠j} [(x_jk/S_j) log_{2(C−1)}(x_jk/S_j) +
    (x_kj/S_j) log_{2(C−1)}(x_kj/S_j)].
    Any number of classes; no positive class. Lower is better (0 = perfect);
    :func:`~imbeval.metrics.make_scorer` negates it.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes (default: the sorted distinct labels of ``y_true`` and ``y_pred``).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a ratio whose denominator is 0 (:func:`imbeval.metrics.score`).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`.

    Examples
    --------
    >>> from imbeval.metrics import cen_loss
    >>> y_true, y_pred = [0, 0, 0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 2, 2, 2]
    >>> round(cen_loss(y_true, y_pred), 4)  # idem
    0.2853
    """
    return score('cen', y_true, y_pred, labels=labels, sample_weight=sample_weight,
                 zero_division=zero_division)

def mcen_loss(y_true, y_pred, *, labels=None, sample_weight=None,
               zero_division="warn"):
    """MCEN (dembele): modified confusion entropy of Delgado & Núñez-González.

    ``score('mcen', y_true, y_pred, ...)``. Formula (rows true, columns predicted):
    CEN with S'_j = n_j + k_j − x_jj, weights S'_j/(2m − tr X) for C > 2, S'_j/(2m − tr X / 2)
    for C = 2.
    Any number of classes; no positive class. Lower is better (0 = perfect);
    :func:`~imbeval.metrics.make_scorer` negates it.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes (default: the sorted distinct labels of ``y_true`` and ``y_pred``).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a ratio whose denominator is 0 (:func:`imbeval.metrics.score`).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`.

    Examples
    --------
    >>> from imbeval.metrics import mcen_loss
    >>> y_true, y_pred = [0, 0, 0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 2, 2, 2]
    >>> round(mcen_loss(y_true, y_pred), 4)  # idem
    0.3377
    """
    return score('mcen', y_true, y_pred, labels=labels, sample_weight=sample_weight,
                 zero_division=zero_division)

def mprecision_score(y_true, y_pred, *, labels=None, pos_label=1, sample_weight=None,
                     zero_division="warn"):
    """ζ^ (mPrecision) (mullick2020): precision on the row-normalised matrix.

    ``score('mprecision', y_true, y_pred, ...)``. Formula (rows true, columns predicted):
    (TP/n1) / (TP/n1 + FP/n2), n1 = TP+FN, n2 = FP+TN.
    Two-class: ``pos_label`` names the positive class. Greater is better.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes (default: the sorted distinct labels of ``y_true`` and ``y_pred``).
    pos_label : label, default 1
        The positive class (scikit-learn's convention; imbeval's first row).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a ratio whose denominator is 0 (:func:`imbeval.metrics.score`).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`.

    Examples
    --------
    >>> from imbeval.metrics import mprecision_score
    >>> y_true, y_pred = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0], [1, 1, 0, 1, 0, 0, 0, 0, 0, 0]
    >>> round(mprecision_score(y_true, y_pred), 4)  # (2/3) / (2/3 + 1/7)
    0.8235
    """
    return score('mprecision', y_true, y_pred, labels=labels, pos_label=pos_label,
    sample_weight=sample_weight,
                 zero_division=zero_division)

def maurpc_score(y_true, y_pred, *, labels=None, pos_label=1, sample_weight=None,
                 zero_division="warn"):
    """κ^ (mAURPC) (mullick2020): AURPC with mPrecision in place of precision.

    ``score('maurpc', y_true, y_pred, ...)``. Formula (rows true, columns predicted):
    (TP/(TP+FN) + ζ^) / 2.
    Two-class: ``pos_label`` names the positive class. Greater is better.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes (default: the sorted distinct labels of ``y_true`` and ``y_pred``).
    pos_label : label, default 1
        The positive class (scikit-learn's convention; imbeval's first row).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a ratio whose denominator is 0 (:func:`imbeval.metrics.score`).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`.

    Examples
    --------
    >>> from imbeval.metrics import maurpc_score
    >>> y_true, y_pred = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0], [1, 1, 0, 1, 0, 0, 0, 0, 0, 0]
    >>> round(maurpc_score(y_true, y_pred), 4)  # (2/3 + 0.8235) / 2
    0.7451
    """
    return score('maurpc', y_true, y_pred, labels=labels, pos_label=pos_label,
    sample_weight=sample_weight,
                 zero_division=zero_division)


for _name in NAMED_SCORES:
    globals()[_name] = validate_params(LABEL_ARGUMENTS, shared=True)(globals()[_name])

#: The old names of the lower-is-better functions, kept for one version.
cen_score = deprecated_alias(cen_loss, "cen_score")
mcen_score = deprecated_alias(mcen_loss, "mcen_score")
DEPRECATED_NAMES = {"cen_score": "cen_loss", "mcen_score": "mcen_loss"}
