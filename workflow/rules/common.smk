# Shared helpers: config validation and the source files every rule depends on.

import glob

from snakemake.utils import validate


# Validate before any job: an unknown key or a wrong value stops here, naming the key.
validate(config, schema="../schemas/config.schema.yaml")


# Snakemake does not notice edits to imported modules: rules list the library's sources
# as inputs, so a change in src/imbeval reruns what depends on it.
def library_sources(*subpackages):
    """The .py files of the given imbeval subpackages (all of them if none is named)."""
    patterns = [f"src/imbeval/{p}/**/*.py" for p in subpackages] or ["src/imbeval/**/*.py"]
    files = sorted({f for p in patterns for f in glob.glob(p, recursive=True)})
    return files + ["src/imbeval/__init__.py"]
