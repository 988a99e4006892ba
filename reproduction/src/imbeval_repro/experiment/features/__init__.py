"""Feature extraction into per-concept shards (``NAME.npz``), and reading them back.

Extractors (TensorFlow is imported only when one runs):

- :func:`imbeval_repro.experiment.features.inception.extract_inception_features` — Keras Inception V3
  (``include_top=False``, average pooling, 2048-d) on ImageNet training images;
- :func:`imbeval_repro.experiment.features.fashion.extract_fashion_features` — the offline default: a
  small CNN trained on Fashion-MNIST's training split, applied to its test split (or
  raw ``pixels``);
- :func:`imbeval_repro.experiment.features.fashion.extract_digits_features` — scikit-learn digits pixels.

All write the same shard format (see :mod:`imbeval_repro.experiment.data.shards`); later stages read
``{concept: X}`` with :func:`load_concept_features`.
"""

from imbeval_repro.experiment.data.shards import (
    load_concept_features,
    load_shard,
    parse_concept_specs,
    write_shard,
)

__all__ = ["load_concept_features", "load_shard", "parse_concept_specs", "write_shard"]
