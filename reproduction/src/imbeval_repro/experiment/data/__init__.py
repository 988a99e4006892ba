"""Datasets: ImageNet concept listing, Fashion-MNIST (the offline default), scikit-learn's
digits (the tiny test data) and the vendored UCI datasets.

Feature shards written by :mod:`imbeval_repro.experiment.features` are read back with
:func:`load_concept_features` (re-exported here).
"""

from imbeval_repro.experiment.data.digits import digits_concept_tables, load_digits_concepts
from imbeval_repro.experiment.data.fashion_mnist import (
    FashionMNISTNotFound,
    load_fashion_mnist,
    resolve_fashion_mnist,
)
from imbeval_repro.experiment.data.imagenet import list_concept_images, load_higher_level_groups
from imbeval_repro.experiment.data.uci import load_breast_cancer_wisconsin, load_glass, load_satimage
from imbeval_repro.experiment.data.shards import load_concept_features

__all__ = [
    "FashionMNISTNotFound",
    "digits_concept_tables",
    "list_concept_images",
    "load_breast_cancer_wisconsin",
    "load_concept_features",
    "load_digits_concepts",
    "load_fashion_mnist",
    "load_glass",
    "load_higher_level_groups",
    "load_satimage",
    "resolve_fashion_mnist",
]
