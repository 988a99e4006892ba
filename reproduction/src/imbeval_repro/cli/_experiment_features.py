"""``imbeval experiment features SOURCE ...``: extract per-concept feature shards.

The first step of the experiment stage (registered by :mod:`imbeval_repro.cli.experiment`).
Sources (each writes ``OUT_DIR/<concept>.npz`` with ``X``, ``paths``, ``labels``):

- ``inception``      Inception V3 on ILSVRC-2012 training images (mullick2020);
- ``fashion-mnist``  the offline default: Fashion-MNIST through a small CNN (or pixels);
- ``digits``         scikit-learn's digits, pixels (the tiny test data);
- ``image-folder``   a user's images, one sub-folder per class, through Inception V3;
- ``table``          a user's precomputed features: CSV, Parquet or NPZ with a label column.
- ``synthetic``      Gaussian concepts generated from the seed at the paper's shapes (the
  paper-shaped slice, config/paper-slice.yaml).

Concepts are given as ``--concept NAME=MEMBER[,MEMBER...]`` (repeatable) or in a YAML/JSON
file ``--concepts FILE`` mapping names to member lists (a ``concepts:`` key is accepted).
"""

from __future__ import annotations

from imbeval.cli._options import add_list_option

import argparse


def _load_concepts(args) -> dict[str, list]:
    from imbeval_repro.experiment.data.shards import parse_concept_specs

    concepts: dict[str, list] = {}
    if args.concepts_file:
        import yaml

        with open(args.concepts_file) as fh:
            doc = yaml.safe_load(fh)
        if isinstance(doc, dict) and "concepts" in doc:
            doc = doc["concepts"]
        if not isinstance(doc, dict) or not doc:
            raise ValueError(f"{args.concepts_file}: expected a mapping of concept -> list of classes")
        concepts.update({str(k): v for k, v in doc.items()})
    if args.concept:
        for name, members in parse_concept_specs(args.concept).items():
            if name in concepts:
                raise ValueError(f"concept {name!r} given in both --concepts and --concept")
            concepts[name] = members
    if not concepts:
        raise ValueError("no concept given (use --concept NAME=MEMBER[,MEMBER...] or --concepts FILE)")
    return concepts


def _set_threads(n: int | None) -> None:
    if n:
        import tensorflow as tf

        tf.config.threading.set_intra_op_parallelism_threads(n)
        tf.config.threading.set_inter_op_parallelism_threads(n)


def _add_inception_options(p: argparse.ArgumentParser) -> None:
    """The Inception V3 options shared by the ILSVRC and the image-folder sources."""
    p.add_argument("--weights", default="imagenet", metavar="none|imagenet|PATH",
                   help="'imagenet' (Keras downloads them), a local notop .h5 file, or 'none' "
                   "(random weights from --seed; for testing) [imagenet]")
    p.add_argument("--batch-size", type=int, default=32, help="images per Inception batch [32]")
    p.add_argument("--seed", type=int, default=0, help="seed of the random weights of --weights none")
    p.add_argument("--threads", type=int, default=None, help="TensorFlow threads [all cores]")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _add_common(p: argparse.ArgumentParser, member: str) -> None:
    p.add_argument("--concept", action="append", default=[], metavar=f"NAME={member}[,{member}...]",
                   help="a higher-level concept and its classes (repeatable)")
    p.add_argument("--concepts", dest="concepts_file", metavar="FILE",
                   help="YAML/JSON file mapping concept names to class lists")
    p.add_argument("--out-dir", required=True, metavar="DIR", help="folder for the NAME.npz shards")
    p.add_argument("--force", action="store_true", help="recompute shards that are already complete")


def _run_inception(args) -> int:
    _set_threads(args.threads)
    from imbeval_repro.experiment.features.inception import extract_inception_features

    reports = extract_inception_features(
        args.root, _load_concepts(args), args.out_dir, args.weights,
        batch_size=args.batch_size, seed=args.seed, progress=not args.quiet, force=args.force,
    )
    for r in reports:
        print(r.summary())
    n_read = sum(r.n_read for r in reports)
    n_skipped = sum(len(r.skipped) for r in reports)
    print(f"total: read {n_read} images, skipped {n_skipped}")
    return 0


def _run_fashion(args) -> int:
    _set_threads(args.threads)
    from imbeval_repro.experiment.features.fashion import extract_fashion_features

    reports = extract_fashion_features(
        _load_concepts(args), args.out_dir, args.extractor,
        path=args.data, download=not args.no_download, seed=args.seed, epochs=args.epochs,
        feature_dim=args.feature_dim, n_train=args.n_train, force=args.force,
        verbose=0 if args.quiet else 2,
    )
    for r in reports:
        state = "already complete, kept" if r["reused"] else "written"
        print(f"{r['name']}: {r['n']} images -> {r['path']} ({state})")
    return 0


def _run_digits(args) -> int:
    from imbeval_repro.experiment.features.fashion import extract_digits_features

    for r in extract_digits_features(_load_concepts(args), args.out_dir, force=args.force):
        state = "already complete, kept" if r["reused"] else "written"
        print(f"{r['name']}: {r['n']} images -> {r['path']} ({state})")
    return 0


def _run_image_folder(args) -> int:
    _set_threads(args.threads)
    from imbeval_repro.experiment.features.user_data import extract_image_folder_features

    reports = extract_image_folder_features(
        args.root, _load_concepts(args), args.out_dir, args.weights, batch_size=args.batch_size,
        seed=args.seed, progress=not args.quiet, force=args.force,
    )
    for r in reports:
        print(r.summary())
    return 0


def _run_table(args) -> int:
    from imbeval_repro.experiment.features.user_data import extract_table_features

    columns = args.feature_columns
    for r in extract_table_features(args.path, _load_concepts(args), args.out_dir,
                                    label_column=args.label_column, feature_columns=columns,
                                    force=args.force):
        state = "already complete, kept" if r["reused"] else "written"
        print(f"{r['name']}: {r['n']} rows -> {r['path']} ({state})")
    return 0


def register(subparsers) -> None:
    """Add ``features`` (with one subcommand per source) to the experiment's subparsers."""
    parser = subparsers.add_parser(
        "features", help="extract per-concept feature shards (Inception V3, Fashion-MNIST, digits)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="extractor_command", metavar="SOURCE")
    sub.required = True

    p = sub.add_parser("inception", help="Inception-V3 features of ILSVRC-2012 concepts")
    p.add_argument("--root", required=True, metavar="DIR",
                   help="ILSVRC-2012 training folder holding <wnid>/*.JPEG (or DIR/train/<wnid>)")
    _add_common(p, "WNID")
    _add_inception_options(p)
    p.set_defaults(func=_run_inception)

    p = sub.add_parser("fashion-mnist", help="the offline default: Fashion-MNIST CNN (or pixel) features")
    _add_common(p, "CLASS")
    p.add_argument("--extractor", choices=("cnn", "pixels"), default="cnn",
                   help="features of a small CNN trained from --seed, or the raw pixels [cnn]")
    p.add_argument("--data", metavar="DIR",
                   help="folder with the four Fashion-MNIST IDX files (searched first)")
    p.add_argument("--no-download", action="store_true", help="never try the Keras download")
    p.add_argument("--seed", type=int, default=0, help="seed of the CNN's weights and training [0]")
    p.add_argument("--epochs", type=int, default=2, help="CNN training epochs [2]")
    p.add_argument("--feature-dim", type=int, default=128, help="width of the CNN's feature layer [128]")
    p.add_argument("--n-train", type=int, default=None,
                   help="train on only the first N training images [all 60000]")
    p.add_argument("--threads", type=int, default=None, help="TensorFlow threads [all cores]")
    p.add_argument("--quiet", action="store_true", help="no training progress")
    p.set_defaults(func=_run_fashion)

    p = sub.add_parser("digits", help="scikit-learn digits pixels (tiny test data)")
    _add_common(p, "DIGIT")
    p.set_defaults(func=_run_digits)

    p = sub.add_parser("image-folder", help="a folder of class sub-folders of images, Inception V3")
    p.add_argument("--root", required=True, metavar="DIR", help="folder holding <class>/<image>")
    _add_common(p, "CLASS_FOLDER")
    _add_inception_options(p)
    p.set_defaults(func=_run_image_folder)

    p = sub.add_parser("table", help="precomputed features: CSV, Parquet or NPZ with a label column")
    p.add_argument("--path", required=True, metavar="FILE", help="the table (.csv, .parquet, .npz)")
    _add_common(p, "LABEL")
    p.add_argument("--label-column", default="label", help="name of the label column [label]")
    add_list_option(p, "--feature-columns", item="COLUMN",
                    help="feature columns (default: every column but the label)")
    p.set_defaults(func=_run_table)

    p = sub.add_parser("synthetic", help="Gaussian concept features from the seed (paper shapes)")
    _add_common(p, "LEAF")
    p.add_argument("--seed", type=int, required=True, help="the config's seed (every draw follows it)")
    p.add_argument("--dim", type=int, default=2048, help="feature dimension [2048]")
    p.add_argument("--points-per-leaf", type=int, default=1300, help="points per leaf class [1300]")
    p.add_argument("--separation", type=float, default=8.0,
                   help="distance of two concept means in noise standard deviations [8]")
    p.add_argument("--active-features", type=int, default=16,
                   help="features that carry a concept's signal [16]")
    p.set_defaults(func=_run_synthetic)


def _run_synthetic(args) -> int:
    from imbeval_repro.experiment.features.synthetic import extract_synthetic_features

    for r in extract_synthetic_features(_load_concepts(args), args.out_dir, seed=args.seed,
                                        dim=args.dim, points_per_leaf=args.points_per_leaf,
                                        separation=args.separation,
                                        active_features=args.active_features, force=args.force):
        state = "already complete, kept" if r["reused"] else "written"
        print(f"{r['name']}: {r['n']} points -> {r['path']} ({state})")
    return 0
