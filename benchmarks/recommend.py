"""Time imbeval.recommend on the ten fingerprints of docs/recommend.md.

    python benchmarks/recommend.py

Prints one line per fingerprint: seconds of the call (the first includes reading the shipped
audit rows and importing the registries). The numbers are written down in docs/recommend.md.
"""

import importlib.util
import time
from pathlib import Path

spec = importlib.util.spec_from_file_location(
    "recommend_examples", Path(__file__).resolve().parents[1] / "docs" / "recommend_examples.py")
examples = importlib.util.module_from_spec(spec)
spec.loader.exec_module(examples)

from imbeval.recommend import recommend  # noqa: E402

for title, fp in examples.FINGERPRINTS:
    start = time.perf_counter()
    recommend(**fp)
    print(f"{time.perf_counter() - start:6.2f} s  {title}")
