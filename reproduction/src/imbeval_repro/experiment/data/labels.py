"""What a run's numbers rest on: the dataset of the config's experiment, named for a reader.

mullick2020 ran its experiment on ImageNet; a run of another dataset tests its claims on a
*stand-in*, and every verdict drawn from it must say so (``results/verdicts.csv``'s
``basis``, the report's badges). :func:`run_dataset` is the one place a config's dataset
section becomes that name.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

__all__ = ["DATASET_KINDS", "RunDataset", "run_dataset"]

#: every value of ``experiment.dataset`` (workflow/schemas/experiment.schema.yaml) ->
#: (its name, whether it stands in for the paper's ImageNet)
DATASET_KINDS = {
    "fashion_mnist": ("Fashion-MNIST", True),
    "digits": ("scikit-learn digits", True),
    "imagenet": ("ImageNet (ILSVRC-2012)", False),
    "synthetic": ("synthetic Gaussian concept features", True),
    "table": ("your feature table", False),
    "image_folder": ("your image folder", False),
}


@dataclass(frozen=True)
class RunDataset:
    """The dataset of a run: ``name`` (e.g. ``"Fashion-MNIST"``), ``stand_in`` (True when
    it replaces the paper's ImageNet) and ``user`` (the user's own data)."""

    name: str
    stand_in: bool
    user: bool = False

    @property
    def label(self) -> str:
        """The dataset as ``basis`` names it: ``Fashion-MNIST (stand-in for ImageNet)``."""
        return f"{self.name} (stand-in for ImageNet)" if self.stand_in else self.name

    @property
    def on(self) -> str:
        """How a verdict tested on it says so: ``on the Fashion-MNIST stand-in``."""
        if self.stand_in:
            return f"on the {self.name} stand-in"
        return f"on {self.name}"


def run_dataset(section: dict) -> RunDataset:
    """The dataset of a config's ``experiment`` section (its ``dataset`` and ``features``).

    Parameters
    ----------
    section : the config's ``experiment`` mapping (only ``dataset`` and, for a user's
        data, ``features.path`` / ``features.root`` are read).

    Returns
    -------
    :class:`RunDataset`.

    Examples
    --------
    >>> run_dataset({"dataset": "fashion_mnist"}).label
    'Fashion-MNIST (stand-in for ImageNet)'
    >>> run_dataset({"dataset": "imagenet"}).on
    'on ImageNet (ILSVRC-2012)'
    >>> run_dataset({"dataset": "table", "features": {"path": "data/cells.csv"}}).label
    'your feature table cells.csv'
    """
    if not isinstance(section, dict):
        raise ValueError(f"section must be the config's experiment mapping, got {section!r}")
    kind = section.get("dataset")
    if kind not in DATASET_KINDS:
        raise ValueError(f"section['dataset'] must be one of {sorted(DATASET_KINDS)}, "
                         f"got {kind!r}")
    name, stand_in = DATASET_KINDS[kind]
    features = section.get("features") or {}
    where = {"table": features.get("path"), "image_folder": features.get("root")}.get(kind)
    if where:
        name = f"{name} {PurePath(str(where).rstrip('/')).name}"
    return RunDataset(name, stand_in, user=kind in ("table", "image_folder"))
