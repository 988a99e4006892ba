"""``imbeval compare TABLE.csv --index acsa,mcc,f1_macro --out-dir DIR``: which classifier
wins, by index?

TABLE.csv is long: columns ``problem, classifier, index, value`` and optionally ``run,
fold, scheme, unit`` (the independent unit, e.g. a dataset family; default the problem).
Per index (and RRT scheme): mean ranks, Friedman and Iman-Davenport, Nemenyi's critical
difference, pairwise Wilcoxon signed-rank tests with Holm's adjustment, the Bayesian
signed-rank test with a rope, and a critical-difference diagram; across indices, Kendall's
W and tau, and each index's winner against the reference's (``--reference``, by default the
first --index). ``--problems problems.csv`` (the experiment's) makes problems that share
classes one unit. Registered indices (label indices, and indices of scores such as roc_auc
and brier_score) carry their orientation; any other needs it: ``--higher-is-better
NAME[,NAME...]`` / ``--lower-is-better NAME[,NAME...]``.

Missing values (empty, NaN, n/a) are named on stderr, a warning per index. ``--missing``:
drop-problem (default) drops a problem where some classifier has no value under some index
for every index, so every index ranks the same problems and a winner that differs between
indices differs by the index, not by the data; drop-problem-per-index drops it for that
index only (winners are then compared on the problems both indices kept); fail stops.

Prints the winners and a paragraph per index (which test, why, what is significant, effect
sizes); writes tests.csv, ranks.csv, pairwise.csv, nemenyi.csv, control.csv, bayesian.csv,
stability.csv, kendall_w.csv, kendall_tau.csv, units.csv, dropped.csv, missing.csv,
summary.txt and a diagram per index, cd_<index>[_<scheme>].pdf/.png/.svg/.csv with its
caption (.caption.txt, and a LaTeX figure .tex; ``--bars`` names the test that joins
them) into --out-dir; ``--latex`` also writes ranks.tex (a booktabs table of the mean
ranks, the winners bold, the groups as letters), ``--html`` a standalone page. See
:mod:`imbeval.compare` and docs/compare.md.
"""

from __future__ import annotations

from imbeval.cli._options import add_command, add_list_option
from imbeval.compare._defaults import BARS, BAYES_THRESHOLD, MISSING_POLICIES, N_SAMPLES


def register(subparsers):
    """Add ``imbeval compare`` to ``subparsers``; returns its parser."""
    parser = add_command(subparsers, "compare", doc=__doc__,
                         help="which classifier wins, by index: ranks, tests, CD diagrams")
    parser.add_argument("table", metavar="TABLE.csv",
                        help="long table: problem,classifier,index,value[,run,fold,scheme,unit]")
    add_list_option(parser, "--index", item="INDEX", required=True,
                    help="the indices to compare (names in the table, or scikit-learn's "
                         "names of them)")
    parser.add_argument("--out-dir", required=True, metavar="DIR", help="folder for the files")
    parser.add_argument("--reference", default=None, metavar="INDEX",
                        help="the index the others' winners are compared with [the first "
                             "--index]")
    parser.add_argument("--missing", default=MISSING_POLICIES[0], choices=MISSING_POLICIES,
                        help="a problem where a classifier has no value under some index: "
                             "dropped for every index, so every index ranks the same "
                             "problems (drop-problem), for that index only "
                             "(drop-problem-per-index), or stop (fail) [drop-problem]")
    parser.add_argument("--latex", action="store_true",
                        help="also write ranks.tex: the mean ranks as a booktabs table")
    add_list_option(parser, "--higher-is-better", item="NAME",
                    help="indices (not known to imbeval) where a higher value is better")
    add_list_option(parser, "--lower-is-better", item="NAME",
                    help="indices where a lower value is better (e.g. an error rate)")
    parser.add_argument("--bars", default="nemenyi", choices=BARS,
                        help="the test whose groups the diagrams' bars join: nemenyi (under "
                             "its CD ruler, Demšar 2006) or wilcoxon-holm (no ruler) [nemenyi]")
    parser.add_argument("--control", default=None, metavar="CLASSIFIER",
                        help="the control of the comparison with a control (Nemenyi's ranks, "
                             "Holm) [the best mean rank]")
    parser.add_argument("--bayes-threshold", type=float, default=BAYES_THRESHOLD, metavar="P",
                        help="posterior probability at which the Bayesian test decides "
                             f"[{BAYES_THRESHOLD}]")
    add_list_option(parser, "--scheme", item="SCHEME",
                    help="RRT schemes to compare under (default: every scheme)")
    parser.add_argument("--problems", default=None, metavar="PROBLEMS.csv",
                        help="the experiment's problems.csv: problems that share classes are "
                             "one independent unit (the table must have no unit column)")
    parser.add_argument("--alpha", type=float, default=0.05, help="level of the tests [0.05]")
    parser.add_argument("--rope", type=float, default=None,
                        help="half-width of the Bayesian test's region of practical "
                             "equivalence (default: 1%% of each index's range)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the Bayesian test's Monte Carlo draws [0]")
    parser.add_argument("--n-samples", type=int, default=N_SAMPLES, metavar="N",
                        help=f"Monte Carlo draws of the Bayesian test [{N_SAMPLES}, the "
                             "library's and the pipeline's default too]: its standard error is "
                             "at most 0.5/sqrt(N)")
    parser.add_argument("--label", default=None, metavar="TEXT",
                        help="the title of this result set on the --html page and the "
                             "pipeline report's compare page (written to about.json)")
    parser.add_argument("--html", nargs="?", const="", default=None, metavar="PAGE.html",
                        help="also write a standalone HTML page of the comparison [DIR/"
                             "compare.html]")
    parser.set_defaults(func=run)
    return parser


def run(args) -> int:
    """Compare, print the winners, write the files."""
    from pathlib import Path

    import pandas as pd

    from imbeval.compare import read_table, units_from_clusters, write_comparison

    table = read_table(args.table)
    if args.problems:
        from imbeval.compare import problem_clusters_of
        from imbeval.utils.tables import read_string_table

        if "unit" in table.columns:
            raise ValueError(f"{args.table} has a unit column; --problems would replace it")
        problems = read_string_table(args.problems, ["problem", "classes"],
                                     "`imbeval experiment problems`")
        table = units_from_clusters(table, problem_clusters_of(problems))
        # problem_clusters_of takes a family column (KEEL) as the units when there is one
        units = (f"dataset families, each multi-class set its own ({args.problems})"
                 if "family" in problems.columns
                 else f"clusters of problems that share classes ({args.problems})")
    elif "unit" in table.columns:
        units = "the table's unit column"
    else:
        units = "the problems (each its own unit)"
    schemes = args.scheme
    import sys
    import warnings

    from imbeval.compare import MissingValuesWarning

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", MissingValuesWarning)
        stability = write_comparison(table, Path(args.out_dir), indices=args.index,
                                     reference=args.reference, schemes=schemes,
                                     alpha=args.alpha, rope=args.rope, seed=args.seed,
                                     n_samples=args.n_samples,
                                     about={"label": args.label or Path(args.table).stem,
                                            "table": str(args.table), "units": units},
                                     greater_is_better=declared_orientation(args),
                                     bayes_threshold=args.bayes_threshold,
                                     control=args.control, bars=args.bars,
                                     missing=args.missing, latex=args.latex)
    for w in caught:
        if issubclass(w.category, MissingValuesWarning):
            print(f"imbeval compare: warning: {w.message}", file=sys.stderr)
        else:
            warnings.showwarning(w.message, w.category, w.filename, w.lineno)
    if len(stability.missing):
        print(f"imbeval compare: {len(stability.missing)} missing or undefined values in all "
              f"(--missing {args.missing}): {Path(args.out_dir) / 'missing.csv'}",
              file=sys.stderr)
    from imbeval.utils.io import atomic_write_text

    paragraphs = stability.paragraphs()
    atomic_write_text(Path(args.out_dir) / "summary.txt", paragraphs + "\n")
    columns = ["scheme", "index", "winner", "reference_winner", "differs", "decisive", "p_holm"]
    if not stability.winners["scheme"].astype(bool).any():
        columns = columns[1:]           # a table without schemes
    with pd.option_context("display.width", 120, "display.max_columns", 20):
        print(stability.winners[columns].to_string(index=False))
    differ = stability.differing()
    decisive = stability.differing(decisive=True)
    others = len(stability.winners["index"].unique()) - 1
    if others:
        print(f"{len(differ)} of {others} indices have another winner than "
              f"{stability.reference} under some scheme"
              + (f" ({', '.join(differ)})" if differ else "")
              + f"; decisively: {len(decisive)}"
              + (f" ({', '.join(decisive)})" if decisive else ""))
    import textwrap

    # the paragraphs wrapped for a terminal (summary.txt keeps one line per paragraph)
    for text in paragraphs.split("\n\n"):
        print()
        print(textwrap.fill(text, width=92, break_on_hyphens=False))
    print()
    if args.html is not None:
        from imbeval.compare import write_compare_html

        page = write_compare_html(args.out_dir, args.html or None)
        print(f"wrote {page}")
    if args.latex:
        print(f"wrote {Path(args.out_dir) / 'ranks.tex'}")
    print(f"wrote {args.out_dir}")
    return 0


def declared_orientation(args) -> dict | None:
    """``{index: bool}`` from ``--higher-is-better`` and ``--lower-is-better`` (None when
    neither is given); an index in both is an error naming both options."""
    higher, lower = args.higher_is_better or [], args.lower_is_better or []
    both = sorted(set(higher) & set(lower))
    if both:
        raise ValueError(f"--higher-is-better and --lower-is-better both name "
                         f"{', '.join(both)}")
    out = {**{n: True for n in higher}, **{n: False for n in lower}}
    return out or None
