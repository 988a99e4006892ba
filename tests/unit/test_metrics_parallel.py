"""A user's own index in a parallel search: the scorer carries the index's
definition to loky's worker processes, which never registered it, so GridSearchCV and
cross_validate give the same scores at n_jobs=1 and n_jobs=2 (they scored NaN: "unknown
index 'diag_share'" in the workers). The user's script runs as ``__main__`` in a fresh
interpreter, as the issue's reproducer does."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys

import numpy as np
import pytest

from imbeval.indices import add_index, get_info, unregister_index
from imbeval.metrics import make_scorer

SCRIPT = '''
import json
import numpy as np
from joblib import Parallel, delayed
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, cross_validate
from imbeval.indices import add_index
from imbeval.metrics import make_scorer, make_scorers

@add_index(name="diag_share", formula="tr M / sum M", bounds=(0, 1))
def diag_share(cm):
    return np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))

def registered_in_worker():
    import imbeval.indices
    return "diag_share" in imbeval.indices.registry()

X, y = make_classification(300, n_classes=3, n_informative=4, random_state=0)
out = {}
for n_jobs in (1, 2):
    search = GridSearchCV(LogisticRegression(max_iter=500), {"C": [.01, 1]}, cv=3,
                          n_jobs=n_jobs, scoring=make_scorer("diag_share", labels=[0, 1, 2]))
    out[f"grid_{n_jobs}"] = search.fit(X, y).cv_results_["mean_test_score"].tolist()
for n_jobs in (1, 2):
    result = cross_validate(LogisticRegression(max_iter=500), X, y, cv=3, n_jobs=n_jobs,
                            scoring=make_scorers(["diag_share", "gmean"], labels=[0, 1, 2]))
    out[f"cv_{n_jobs}"] = result["test_diag_share"].tolist()
    out[f"cv_gmean_{n_jobs}"] = result["test_gmean"].tolist()
out["accuracy"] = cross_validate(LogisticRegression(max_iter=500), X, y, cv=3,
                                 scoring="accuracy")["test_score"].tolist()
out["worker"] = Parallel(n_jobs=2)(delayed(registered_in_worker)() for _ in range(2))
print(json.dumps(out))
'''


@pytest.mark.slow
def test_a_users_index_scores_the_same_at_n_jobs_1_and_2(tmp_path):
    script = tmp_path / "user_index.py"
    script.write_text(SCRIPT)
    env = {**os.environ, "LOKY_MAX_CPU_COUNT": "2"}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["worker"] == [False, False]  # the workers never registered the index
    assert out["grid_1"] == out["grid_2"]
    np.testing.assert_allclose(out["grid_1"], [0.707, 0.693], atol=5e-4)  # the numbers
    assert out["cv_1"] == out["cv_2"] == out["accuracy"]  # tr M / sum M is the accuracy
    assert out["cv_gmean_1"] == out["cv_gmean_2"] and all(0 < v <= 1 for v in out["cv_gmean_1"])


def test_a_pickled_scorer_carries_a_users_index_and_a_library_index_by_name():
    def diagonal_share(cm):
        return np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))

    add_index(diagonal_share, name="diagonal_share_pickle", formula="tr M / sum M")
    try:
        scorer = make_scorer("diagonal_share_pickle", labels=[0, 1])
        info = get_info("diagonal_share_pickle")
    finally:
        unregister_index("diagonal_share_pickle")
    # unregistered now, as in a worker: the unpickled scorer still computes it
    import cloudpickle  # what loky pickles with (a locally defined function goes by value)

    loaded = pickle.loads(cloudpickle.dumps(scorer))
    function = loaded._score_func
    assert function.carried.name == "diagonal_share_pickle"
    assert function([0, 1, 1, 0], [0, 1, 0, 0], labels=[0, 1]) == 0.75
    # the function is checked again in the loading process, as registered ones are
    with pytest.raises(ValueError, match="negative"):
        function.carried.function(np.array([[1.0, -1.0], [0.0, 1.0]]))
    assert info.function([[3, 1], [0, 4]]) == pytest.approx(7 / 8)
    # a library index travels by name (plain pickle, no function inside)
    library = pickle.loads(pickle.dumps(make_scorer("gmean")))._score_func
    assert library.carried is None and library.index == "gmean"


def test_every_library_index_pickles_by_reference_with_plain_pickle():
    """IndexInfo's pickling: a library index's function goes by reference (plain pickle
    works, as before) and computes the same values after loading."""
    from imbeval.indices import registry

    cm = np.array([[3.0, 1.0, 0.0], [1.0, 4.0, 2.0], [0.0, 1.0, 5.0]])
    for name, info in registry(catalogue=True).items():
        loaded = pickle.loads(pickle.dumps(info))
        assert loaded == info or loaded.function is info.function, name
        stack = cm[:2, :2] if info.scope == "two-class" else cm
        np.testing.assert_array_equal(loaded.function(stack), info.function(stack), err_msg=name)
