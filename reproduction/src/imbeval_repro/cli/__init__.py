"""The reproduction's commands, added to the library's ``imbeval`` through the entry-point
group ``imbeval.commands`` (``reproduction/pyproject.toml``). Each module has
``register(subparsers)``; the Snakemake rules call these commands, so rules stay thin."""
