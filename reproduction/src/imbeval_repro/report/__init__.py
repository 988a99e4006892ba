"""The readable report: HTML pages that say, item by item, what each paper shows and what
this pipeline got, with every table rendered as a table and every figure embedded.

Snakemake's report (``snakemake --report report.html``) shows HTML results in the page; the
rule ``report_pages`` (workflow/rules/report.smk) writes them with :func:`pages.write_pages`
from the catalog ``workflow/report/items.yaml`` and ``results/paper_comparison.csv``.
"""

__all__ = ["SITE_PAGES"]

#: The pages beside the papers' (the workflow reads them without importing the pages' code).
SITE_PAGES = ("overview.html", "comparison.html", "claims.html", "catalogue.html",
              "properties.html", "compare.html")
