"""The built-in classifiers' names, and the order the grid's fits run in (no heavy imports:
the workflow reads these at every start-up)."""

__all__ = ["MULLICK_NAMES", "GRID_BASE_NAMES", "GRID_SUFFIXES", "GRID_NAMES", "GRID_FIT_COST"]

MULLICK_NAMES = ("dual_lexiboost", "nbsvm", "rusboost", "smote_mlp")

# mortaz2020 Tables 16/18 row names; the paper prints SVM and ANN for scikit-learn's SVC and
# MLPClassifier.
GRID_BASE_NAMES = ("KNN", "LR", "SVM", "RF", "ANN", "GBM")
GRID_SUFFIXES = ("", "-RUS", "-ROS")
GRID_NAMES = tuple(b + s for b in GRID_BASE_NAMES for s in GRID_SUFFIXES)

#: A grid base classifier's rank by fitting time, costliest highest (measured on satimage:
#: GBM and ANN fits take 10-100 times longer than KNN, LR and SVM); the grid runs its
#: costliest fits first.
GRID_FIT_COST = {"GBM": 5, "ANN": 4, "RF": 3, "SVM": 2, "LR": 1, "KNN": 0}
