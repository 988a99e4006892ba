"""Classifiers a user brings, by import path, next to the built-ins.

An entry of the config's ``experiment.classifiers`` names a built-in
(``dual_lexiboost``, ``nbsvm``, ``rusboost``, ``smote_mlp``) or carries an ``estimator``:
the import path of a scikit-learn-compatible classifier class (``"sklearn.svm:SVC"``) or of
a factory function returning one (``"mypkg.models:make_model"``), with ``params`` (the
constructor's or factory's keyword arguments) and ``grid`` (the inner-CV grid, ``set_params``
names). The protocol treats both alike (:func:`build_classifier` is what
:func:`imbeval_repro.experiment.protocol.run_protocol` calls): same folds, same tuning, same RRT test sets.

Seeds: a class with a ``random_state`` parameter gets the job's seed; a factory gets
``random_state=`` if its signature takes it (or ``**kwargs``). Seeds come from the config's
``seed`` only, so ``random_state`` may not be given in ``params``.

What counts as a classifier: an object with ``fit``, ``predict``, ``get_params`` and
``set_params`` that :func:`sklearn.base.clone` can copy (tuning clones it), and not a
regressor, clusterer or transformer-only object.
"""

from __future__ import annotations

import inspect

from imbeval.utils.plugins import import_object

__all__ = ["build_classifier", "check_classifier_spec", "make_user_classifier"]


def _accepts(function, name) -> bool:
    try:
        params = inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False
    return name in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def _check_is_classifier(estimator, what: str, spec: str):
    from sklearn.base import clone, is_regressor

    missing = [m for m in ("fit", "predict", "get_params", "set_params")
               if not callable(getattr(estimator, m, None))]
    if missing:
        raise ValueError(f"{what}: {spec!r} gives {type(estimator).__name__}, which is not a "
                         f"scikit-learn classifier (no {', '.join(missing)})")
    if is_regressor(estimator) or getattr(estimator, "_estimator_type", None) in ("regressor",
                                                                                  "clusterer"):
        raise ValueError(f"{what}: {spec!r} gives {type(estimator).__name__}, a "
                         f"{getattr(estimator, '_estimator_type', 'regressor')}, not a classifier")
    try:
        clone(estimator)
    except Exception as exc:  # noqa: BLE001 -- any failure means tuning could not copy it
        raise ValueError(f"{what}: {spec!r}: sklearn.base.clone cannot copy "
                         f"{type(estimator).__name__} ({type(exc).__name__}: {exc}); its "
                         "__init__ must store its parameters unchanged") from None
    return estimator


def make_user_classifier(spec: str, params: dict | None, random_state: int,
                         what: str = "estimator"):
    """Build the unfitted classifier of import path ``spec`` with ``params``.

    ``what`` names the config key in errors (``experiment.classifiers.my_svm.estimator``).
    """
    params = dict(params or {})
    if "random_state" in params:
        raise ValueError(f"{what}: {spec!r}: give no random_state in params; every seed "
                         "derives from the config's seed")
    target = import_object(spec, what)
    if inspect.isclass(target):
        try:
            estimator = target(**params)
        except TypeError as exc:
            raise ValueError(f"{what}: {spec!r}: bad parameter(s) {sorted(params)}: {exc}") from None
        _check_is_classifier(estimator, what, spec)
        if "random_state" in estimator.get_params(deep=False):
            estimator.set_params(random_state=random_state)
        return estimator
    if not callable(target):
        raise ValueError(f"{what}: {spec!r} is a {type(target).__name__}, neither a classifier "
                         "class nor a factory function")
    kwargs = dict(params)
    if _accepts(target, "random_state"):
        kwargs["random_state"] = random_state
    try:
        estimator = target(**kwargs)
    except TypeError as exc:
        raise ValueError(f"{what}: {spec!r}: bad parameter(s) {sorted(params)}: {exc}") from None
    return _check_is_classifier(estimator, what, spec)


def build_classifier(name: str, params: dict | None, random_state: int,
                     estimator: str | None = None):
    """A built-in by ``name`` (:func:`~imbeval_repro.experiment.classifiers.make_classifier`), or the user's
    classifier of import path ``estimator`` (:func:`make_user_classifier`)."""
    if estimator is None:
        from imbeval_repro.experiment.classifiers.factories import make_classifier

        return make_classifier(name, params, random_state)
    return make_user_classifier(estimator, params, random_state,
                                what=f"experiment.classifiers.{name}.estimator")


def check_classifier_spec(name: str, spec: dict) -> None:
    """Check one config entry before any job: the estimator imports, builds with its
    params and is a classifier, and every grid key is one of its parameters."""
    key = f"experiment.classifiers.{name}"
    est = build_classifier(name, spec.get("params"), 0, spec.get("estimator"))
    grid = spec.get("grid") or {}
    valid = est.get_params(deep=True)
    unknown = sorted(k for k in grid if k not in valid)
    if unknown:
        raise ValueError(f"{key}.grid: unknown parameter(s) {unknown} of "
                         f"{type(est).__name__}; valid: {sorted(valid)}")
