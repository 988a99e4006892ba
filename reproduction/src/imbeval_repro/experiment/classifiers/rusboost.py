"""RUSBoost whose first round is redrawn when its tree is worse than random.

imbalanced-learn's :class:`~imblearn.ensemble.RUSBoostClassifier` follows scikit-learn's
SAMME: a round whose weighted training error is at least ``1 - 1/K`` is dropped, and when
that happens to the *first* round the whole fit raises ("worse than random, ensemble can not
be fit"). In the first round every training point has the same weight, so the failure says
only that one random under-sample gave a tree that errs on at least ``1 - 1/K`` of the whole
training set -- a rare draw on a small minority (the default run at seed 4099 met it on
``cleveland-0_vs_4``), not a property of the data. A user of Seiffert et al.'s method would
draw another balanced sample; so does :class:`RedrawingRUSBoost`:

* a failed first round is repeated with a new under-sample and a new tree, their seeds drawn
  from the same ``random_state`` stream the ensemble uses (so the redraws are a deterministic
  function of the job's seed, and a fit that needs no redraw is identical to imbalanced-learn's);
* at most ``max_first_round_redraws`` times; then the original error is raised;
* the number of redraws is kept in ``n_first_round_redraws_`` (the protocol writes it into
  the fold file).

Later rounds are untouched: a worse-than-random later round ends the boosting early, as in
SAMME (the ensemble so far is kept).
"""

from __future__ import annotations

from imblearn.ensemble import RUSBoostClassifier

__all__ = ["RedrawingRUSBoost", "MAX_FIRST_ROUND_REDRAWS"]

# Ten redraws: at seed 4099 one redraw was enough; a problem on which ten balanced samples in
# a row give a worse-than-random first tree is one the method cannot fit, and is reported.
MAX_FIRST_ROUND_REDRAWS = 10


class RedrawingRUSBoost(RUSBoostClassifier):
    """RUSBoost that redraws a worse-than-random first round (see the module docstring).

    Parameters
    ----------
    estimator, n_estimators, learning_rate, algorithm, sampling_strategy, replacement,
    random_state :
        As :class:`imblearn.ensemble.RUSBoostClassifier`.
    max_first_round_redraws : int, default=10
        How many new under-samples the first round may draw before the fit fails.

    Attributes
    ----------
    n_first_round_redraws_ : int
        Redraws the first round needed (0 for almost every fit).

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 2)); y = np.r_[np.zeros(50, int), np.ones(10, int)]
    >>> clf = RedrawingRUSBoost(estimator=DecisionTreeClassifier(max_depth=2),
    ...                         n_estimators=5, random_state=0).fit(X, y)
    >>> clf.n_first_round_redraws_
    0
    """

    def __init__(self, estimator=None, *, n_estimators=50, learning_rate=1.0,
                 algorithm="deprecated", sampling_strategy="auto", replacement=False,
                 random_state=None, max_first_round_redraws=MAX_FIRST_ROUND_REDRAWS):
        super().__init__(estimator=estimator, n_estimators=n_estimators,
                         learning_rate=learning_rate, algorithm=algorithm,
                         sampling_strategy=sampling_strategy, replacement=replacement,
                         random_state=random_state)
        self.max_first_round_redraws = max_first_round_redraws

    def fit(self, X, y, sample_weight=None):
        if not isinstance(self.max_first_round_redraws, int) or self.max_first_round_redraws < 0:
            raise ValueError("max_first_round_redraws must be a non-negative int, got "
                             f"{self.max_first_round_redraws!r}")
        self.n_first_round_redraws_ = 0
        return super().fit(X, y, sample_weight)

    def _boost_discrete(self, iboost, X, y, sample_weight, random_state):
        if iboost > 0:
            return super()._boost_discrete(iboost, X, y, sample_weight, random_state)
        while True:
            try:
                return super()._boost_discrete(iboost, X, y, sample_weight, random_state)
            except ValueError:
                # The worse-than-random branch removes the round's tree before raising;
                # any other failure (a bad sampler or tree setting) leaves it in place.
                # So the empty ensemble tells the two apart without reading the message.
                if self.estimators_ or self.n_first_round_redraws_ >= self.max_first_round_redraws:
                    raise
                # sample_weight is untouched by a failed round; random_state is the
                # ensemble's RandomState: the next draw from it seeds the new sample.
                self.n_first_round_redraws_ += 1
