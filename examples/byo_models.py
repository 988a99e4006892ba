"""An example classifier module a user brings (config/example-byo.yaml).

``make_model`` is a *factory*: the config names it by import path
(``estimator: "byo_models:make_model"``), passes ``params`` as keyword arguments and the
job's seed as ``random_state``; the inner-CV ``grid`` uses the ``set_params`` names of what
it returns (``logreg__C`` below). Anything scikit-learn-compatible works the same way,
e.g. ``estimator: "sklearn.svm:SVC"``.
"""

from imblearn.over_sampling import RandomOverSampler
from imblearn.pipeline import Pipeline
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler


def make_model(C=1.0, oversample=True, random_state=None):
    """Standardise -> (random over-sampling of the minority classes) -> logistic regression.

    The sampler sits in an imbalanced-learn pipeline, so it resamples training data only.
    """
    steps = [("scale", StandardScaler())]
    if oversample:
        steps.append(("ros", RandomOverSampler(random_state=random_state)))
    steps.append(("logreg", LogisticRegression(C=C, max_iter=500, random_state=random_state)))
    return Pipeline(steps)
