"""``imbeval data fashion-mnist``: make the default dataset available.

Looks for the four Fashion-MNIST files (``--path``, Debian's folder, the Keras cache).
If they are absent: as root on a system with apt-get, installs Debian's
``dataset-fashion-mnist``; otherwise (or if that fails) tries the Keras download;
otherwise exits non-zero saying where it looked and what to do.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys


def apt_install(package: str) -> bool:
    """``apt-get install -y PACKAGE`` if we are root and apt-get exists; True on success."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("apt-get") is None:
        return False
    print(f"installing Debian package {package} ...", file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    cmd = ["apt-get", "install", "-y", "--no-install-recommends", package]
    if subprocess.run(cmd, env=env).returncode == 0:
        return True
    # The package lists may be missing or stale: refresh them once and retry.
    subprocess.run(["apt-get", "update"], env=env)
    return subprocess.run(cmd, env=env).returncode == 0


def _run_fashion_mnist(args) -> int:
    from imbeval_repro.experiment.data import fashion_mnist as fm

    try:
        files = fm.resolve_fashion_mnist(args.path, download=False)
    except fm.FashionMNISTNotFound:
        files = None
    if files is None and not args.no_install and apt_install(fm.DEBIAN_PACKAGE):
        files = fm.find_in(fm.DEBIAN_DIR)
        if files is not None:
            fm.verify(files)
    if files is None:
        if args.no_download:
            files = fm.resolve_fashion_mnist(args.path, download=False)  # raises with advice
        else:
            files = fm.resolve_fashion_mnist(args.path, download=True)
    for name, p in files.items():
        print(f"{name}: {p}")
    print(f"Fashion-MNIST is available in {next(iter(files.values())).parent} (checksums verified)")
    return 0


def register(subparsers) -> None:
    """Add ``data`` and its datasets to the top-level subparsers."""
    parser = subparsers.add_parser(
        "data", help="make datasets available (the offline default, Fashion-MNIST)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="dataset", metavar="DATASET")
    sub.required = True
    p = sub.add_parser("fashion-mnist", help="find, install or download Fashion-MNIST")
    p.add_argument("--path", metavar="DIR", help="folder with the four IDX files (searched first)")
    p.add_argument("--no-install", action="store_true", help="never run apt-get")
    p.add_argument("--no-download", action="store_true", help="never try the Keras download")
    p.set_defaults(func=_run_fashion_mnist)
