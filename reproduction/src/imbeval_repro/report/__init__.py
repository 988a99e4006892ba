"""The readable report: HTML pages that say, item by item, what each paper shows and what
this pipeline got, with every table rendered as a table and every figure embedded.

Snakemake's report (``snakemake --report report.html``) shows HTML results in the page; the
rule ``report_pages`` (workflow/rules/report.smk) writes them with :func:`pages.write_pages`
from the catalog ``workflow/report/items.yaml`` and ``results/verdicts.csv``.
"""

__all__ = ["SITE_PAGES", "REFERENCE_FILES", "missing_reference_files"]

#: The pages beside the papers' (the workflow reads them without importing the pages' code).
SITE_PAGES = ("overview.html", "verdicts.html", "claims.html", "catalogue.html",
              "properties.html", "compare.html")

#: what the pages read from the shipped reference results (reference/keel)
REFERENCE_FILES = ("replication.csv", "winner_flips.csv")


def missing_reference_files(folder) -> list:
    """The files of :data:`REFERENCE_FILES` that ``folder`` lacks (all when it is absent)."""
    from pathlib import Path

    return [name for name in REFERENCE_FILES if not (Path(folder) / name).is_file()]
