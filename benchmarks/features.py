"""Benchmark of the feature stage; writes benchmarks/results/features.json.

1. Inception-V3 extraction (random weights: same cost as ImageNet weights) on generated
   ILSVRC-sized JPEGs (500 × 375): images/s of the full path (tf.data read, decode,
   resize, preprocess, batch, prefetch + forward pass) against the bare forward pass
   on the very same, already materialised batches. The difference is what the input
   pipeline costs on top of the network.
2. Wall time of the default feature stage: Fashion-MNIST CNN trained on the 60,000
   training images (default settings), then features of the 10,000 test images,
   i.e. what ``imbeval experiment features fashion-mnist --concept ... --out-dir DIR`` does.

Run: ``python benchmarks/features.py [--images 160] [--batch-size 32] [--skip-default]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

DEFAULT_CONCEPTS = {
    "tops": ["t_shirt_top", "pullover", "shirt"],
    "outerwear": ["coat"],
    "dress": ["dress"],
    "trouser": ["trouser"],
    "footwear": ["sandal", "sneaker", "ankle_boot"],
    "bag": ["bag"],
}


def make_jpegs(folder: Path, n: int, seed: int = 0) -> list[str]:
    import tensorflow as tf

    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:375, 0:500]
    files = []
    for i in range(n):
        # Smooth colour gradients plus noise: compresses and decodes like a photo.
        base = np.stack([(xx * rng.uniform(0.2, 0.6) + yy * rng.uniform(0.1, 0.5) + rng.uniform(0, 255)) % 256
                         for _ in range(3)], axis=-1)
        img = np.clip(base + rng.normal(0, 12, base.shape), 0, 255).astype(np.uint8)
        path = folder / f"img_{i:04d}.JPEG"
        tf.io.write_file(str(path), tf.io.encode_jpeg(img, quality=90))
        files.append(str(path))
    return files


def bench_inception(n_images: int, batch_size: int) -> dict:
    import tensorflow as tf

    from imbeval_repro.experiment.features.inception import build_inception, make_image_dataset, run_extraction

    with tempfile.TemporaryDirectory() as tmp:
        files = make_jpegs(Path(tmp), n_images)
        model = build_inception(None, seed=0)
        forward = tf.function(lambda x: model(x, training=False), reduce_retracing=True)
        # Warm up: trace both batch shapes, fill caches.
        run_extraction(model, files[: batch_size + 1], batch_size, progress=False)
        batches = [images for images, _ in make_image_dataset(files, batch_size)]
        for b in batches[:2]:
            forward(b).numpy()

        t0 = time.perf_counter()
        X, kept, skipped = run_extraction(model, files, batch_size, progress=False)
        t_full = time.perf_counter() - t0
        assert len(kept) == n_images and not skipped and X.shape == (n_images, 2048)

        t0 = time.perf_counter()
        for b in batches:
            forward(b).numpy()
        t_bare = time.perf_counter() - t0

        t0 = time.perf_counter()
        for _ in make_image_dataset(files, batch_size):
            pass
        t_pipe = time.perf_counter() - t0
    return {
        "images": n_images,
        "batch_size": batch_size,
        "image_size_source": [500, 375],
        "full_extraction_s": round(t_full, 3),
        "full_images_per_s": round(n_images / t_full, 2),
        "bare_forward_s": round(t_bare, 3),
        "bare_images_per_s": round(n_images / t_bare, 2),
        "pipeline_alone_s": round(t_pipe, 3),
        "pipeline_alone_images_per_s": round(n_images / t_pipe, 2),
        "pipeline_overhead_fraction": round(t_full / t_bare - 1.0, 4),
    }


def bench_default(epochs: int, n_train: int | None) -> dict:
    from imbeval_repro.experiment.features.fashion import extract_fashion_features

    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        reports = extract_fashion_features(
            DEFAULT_CONCEPTS, tmp, "cnn", epochs=epochs, n_train=n_train, download=False,
            force=True, verbose=0,
        )
        wall = time.perf_counter() - t0
    return {
        "concepts": DEFAULT_CONCEPTS,
        "epochs": epochs,
        "n_train": n_train or 60000,
        "n_test_images": sum(r["n"] for r in reports),
        "wall_s": round(wall, 2),
        "equivalent_command": "imbeval experiment features fashion-mnist "
        + " ".join(f"--concept {k}={','.join(v)}" for k, v in DEFAULT_CONCEPTS.items())
        + f" --epochs {epochs} --out-dir DIR",
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--images", type=int, default=160)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--skip-default", action="store_true")
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "features.json"))
    args = ap.parse_args(argv)

    import tensorflow as tf

    result = {
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    "tensorflow": tf.__version__, "platform": platform.platform()},
        "inception": bench_inception(args.images, args.batch_size),
    }
    print(json.dumps(result["inception"], indent=2), file=sys.stderr)
    if not args.skip_default:
        result["default_stage"] = bench_default(args.epochs, None)
        print(json.dumps(result["default_stage"], indent=2), file=sys.stderr)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(json.dumps(result, indent=2) + "\n")
    os.replace(tmp, out)
    print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
