"""Checks of the config's ``experiment`` section that a JSON schema cannot express.

The workflow calls :func:`check_experiment` while it parses (workflow/rules/experiment.smk),
after the schema, so a config that no job could run stops before any job starts:

- concept members must be classes of the dataset (Fashion-MNIST names or numbers, digits
  0-9, ImageNet wnids, an ``image_folder``'s class folders, a ``table``'s labels) and
  disjoint; a user's folder or table must exist and hold at least two non-empty classes;
- every class of a problem must be a known concept, and no concept may be on two sides of
  a problem (e.g. a two-class minority that is also part of the majority);
- every IR must be feasible: the smallest class of the problem, sized as
  :func:`imbeval_repro.experiment.data.problems.class_sizes` will size it, needs one point in each outer
  test fold (``folds``) and, in each outer training part, one point per inner fold
  (``inner_folds``). Class sizes come from the leaf-class counts below -- exact for digits,
  Fashion-MNIST's test split and synthetic data (``features.points_per_leaf``), an upper
  bound (1300 images per wnid) for ImageNet, so for ImageNet this is a necessary condition
  only.

Each error message starts with the offending key (``experiment.two_class[1].ir``) and says
what is allowed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from imbeval_repro.experiment.protocol.settings import ProtocolSettings
from imbeval_repro.experiment.data.problems import class_members, class_sizes

__all__ = ["LEAF_COUNTS", "check_experiment"]

# Points per leaf class available to the problems: scikit-learn's digits (exact counts of
# load_digits().target), Fashion-MNIST's 10,000-image test split (1000 per class), ImageNet's
# training split (at most 1300 images per wnid).
LEAF_COUNTS = {
    "digits": dict(enumerate((178, 182, 177, 183, 181, 182, 181, 179, 174, 180))),
    "fashion_mnist": dict.fromkeys(range(10), 1000),
    "imagenet": None,  # any wnid: at most 1300
    "synthetic": None,  # any leaf: experiment.features.points_per_leaf each
}
IMAGENET_MAX_PER_WNID = 1300
#: Datasets a user brings: their class counts are read from the data when the config is
#: checked (an image folder's files per class folder, a table's rows per label).
USER_DATASETS = ("image_folder", "table")


def _user_data(experiment: Mapping) -> tuple[dict[str, list], dict]:
    """Concepts and leaf-class counts of an ``image_folder`` or ``table`` dataset, read
    from the data itself (folder listing, label column) -- still before any job."""
    features = experiment.get("features", {})
    dataset = experiment["dataset"]
    if dataset == "image_folder":
        from imbeval_repro.experiment.data.image_folder import list_class_folders, parse_folder_concepts

        if not features.get("root"):
            raise ValueError("experiment.features.root: an image_folder dataset needs the "
                             "folder holding one sub-folder of images per class")
        listing = list_class_folders(features["root"], what="experiment.features.root")
        counts = {c: len(files) for c, files in listing.items()}
        return parse_folder_concepts(experiment["concepts"], counts), counts
    from imbeval_repro.experiment.data.table import parse_label_concepts, table_classes

    if not features.get("path"):
        raise ValueError("experiment.features.path: a table dataset needs the CSV, Parquet "
                         "or NPZ file of features with a label column")
    counts = table_classes(features["path"], features.get("label_column", "label"),
                           what="experiment.features.path")
    return parse_label_concepts(experiment["concepts"], counts), counts


def _parse_concepts(dataset: str, concepts: Mapping) -> dict[str, list]:
    if dataset == "digits":
        from imbeval_repro.experiment.data.digits import parse_digit_concepts as parse
    elif dataset == "fashion_mnist":
        from imbeval_repro.experiment.data.fashion_mnist import parse_fashion_concepts as parse
    elif dataset == "imagenet":
        from imbeval_repro.experiment.data.imagenet import parse_imagenet_concepts as parse
    elif dataset == "synthetic":
        from imbeval_repro.experiment.data.synthetic import parse_synthetic_concepts as parse
    else:
        raise ValueError(f"experiment.dataset: {dataset!r} is not one of digits, fashion_mnist, "
                         "imagenet, synthetic, image_folder, table")
    try:
        return parse(concepts)
    except ValueError as exc:
        raise ValueError(f"experiment.concepts: {exc}") from None


def _smallest_class(available, kind, ir, cap) -> int:
    return min(class_sizes(available, kind, ir, cap))


def _class_ok(n: int, folds: int, inner_folds: int) -> bool:
    """Outer stratified K-fold puts a point of the class in every test fold; the smallest
    outer training part (n - ceil(n / folds)) must still fill every inner fold."""
    return n >= folds and n - math.ceil(n / folds) >= inner_folds


def _largest_feasible_ir(available, kind, cap, folds, inner_folds) -> float | None:
    """The largest IR (to 3 significant digits, rounded down) that passes, None if none does.

    The smallest class never grows with the IR, so bisection applies."""
    ok = lambda ir: _class_ok(_smallest_class(available, kind, ir, cap), folds, inner_folds)
    if not ok(1.0):
        return None
    lo, hi = 1.0, 2.0
    while ok(hi) and hi < 1e9:
        lo, hi = hi, hi * 2
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if ok(mid) else (lo, mid)
    digits = 2 - math.floor(math.log10(lo))
    return math.floor(lo * 10**digits) / 10**digits


def check_experiment(experiment: Mapping) -> None:
    """Raise ValueError (message starting with the key) if the problems cannot be built or
    cross-validated; ``experiment`` is the schema-validated section with defaults set."""
    dataset = experiment["dataset"]
    if dataset in USER_DATASETS:
        concepts, counts = _user_data(experiment)
    else:
        concepts = _parse_concepts(dataset, experiment["concepts"])
        counts = LEAF_COUNTS[dataset]
    per_leaf = (experiment.get("features", {}).get("points_per_leaf", 1300)
                if dataset == "synthetic" else IMAGENET_MAX_PER_WNID)
    concept_size = {
        name: sum(counts[m] for m in members) if counts is not None
        else per_leaf * len(members)
        for name, members in concepts.items()
    }
    protocol = experiment.get("protocol", {})
    settings = ProtocolSettings.from_config(protocol)
    folds, inner = settings.folds, settings.inner_folds
    cap = experiment.get("max_class_size")
    problems = ([("two_class", i, p, [p["minority"], p["majority"]])
                 for i, p in enumerate(experiment.get("two_class", []))]
                + [("multi_class", i, p, list(p["classes"]))
                   for i, p in enumerate(experiment.get("multi_class", []))])
    for section, i, p, classes in problems:
        key = f"experiment.{section}[{i}]"
        used = [m for cls in classes for m in class_members(cls)]
        unknown = sorted({m for m in used if m not in concepts})
        if unknown:
            field = "minority/majority" if section == "two_class" else "classes"
            raise ValueError(f"{key}.{field} ({p['name']}): unknown concept(s) {unknown}; "
                             f"allowed: the concepts of experiment.concepts {sorted(concepts)}")
        repeated = sorted({m for m in used if used.count(m) > 1})
        if repeated:
            where = ("both the minority and the majority" if section == "two_class"
                     else "more than one class")
            raise ValueError(f"{key} ({p['name']}): concept(s) {repeated} in {where}; "
                             "each concept may be in one class of a problem only")
        kind = "two-class" if section == "two_class" else "multi-class"
        available = [sum(concept_size[m] for m in class_members(c)) for c in classes]
        n_min = _smallest_class(available, kind, float(p["ir"]), cap)
        if not _class_ok(n_min, folds, inner):
            best = _largest_feasible_ir(available, kind, cap, folds, inner)
            allowed = (f"ir between 1 and {best:g}" if best is not None else
                       "no ir: the classes are too small for these folds")
            raise ValueError(
                f"{key}.ir ({p['name']}): ir={p['ir']:g} leaves the smallest class {n_min} "
                f"point(s), too few for experiment.protocol.folds={folds} and "
                f"inner_folds={inner}; allowed: {allowed}")
