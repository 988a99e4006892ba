"""``imbeval theory ITEM --out-dir DIR``: the steps of the theory stage (no experiment results
needed); the Snakemake rules of workflow/rules/theory.smk call these.

- ``audit``            every registered index against mullick2020's Conditions 1-3 (the same
  command as ``imbeval audit``): audit.csv/.md, the evidence and Fig. 6a/6b;
- ``mullick2020-fig1``, ``mullick2020-fig2`` and ``mullick2020-fig6`` (the latter from
  ``--audit audit.csv``);
- ``ortigosa2016-fig1|fig2|fig3|fig4|fig6|fig7`` and ``ortigosa2016-ssup`` (the S_sup table);
- ``dembele-fig1`` and ``dembele-fig2``;
- ``catalogue``        the catalogue of PyCM, scikit-learn and imbalanced-learn indices
  audited the same way: ``catalogue.csv`` (twins of registered indices take their verdicts
  from ``--audit audit.csv``) and its heat-map ``catalogue_conditions.pdf|png|csv``;
- ``properties``       Gösgens et al.'s properties of every index (two classes exhaustively,
  ``--classes`` C by search) and the Dutch Draw baseline of every two-class index at the
  class sizes of the given problems: ``properties.csv``, ``dutch_draw.csv`` and the heat-map
  ``properties_heatmap.pdf|png|csv``;
- ``prior-shift``      every index of scores (:mod:`imbeval.scores`) reweighted to class
  priors 0.5 ... 0.001 and searched: invariant or moves, with its range
  (``prior_shift_scores.csv``, src/imbeval/audit/prior_shift.py);
- ``statements``       the papers' theorems, lemmas, results and conjectures checked by
  computation (exhaustively at small sizes, by a seeded search or by quadrature) and
  ortigosa2016's Study 2: ``statements.csv`` (each paper's ``theory.py``, ortigosa2016's ``study2.py``).

Each figure writes PDF, PNG and the CSV behind it into ``--out-dir``.
"""

from __future__ import annotations

from imbeval.cli._options import add_list_option

import argparse

from imbeval.cli import audit as _audit

FIGURES = (
    "mullick2020-fig1",
    "mullick2020-fig2",
    "mullick2020-fig6",
    "ortigosa2016-fig1",
    "ortigosa2016-fig2",
    "ortigosa2016-fig3",
    "ortigosa2016-fig4",
    "ortigosa2016-fig6",
    "ortigosa2016-fig7",
    "ortigosa2016-ssup",
    "dembele-fig1",
    "dembele-fig2",
)


def register(subparsers):
    """Add ``theory`` and its items to the top-level subparsers."""
    parser = subparsers.add_parser(
        "theory", help="stage 'theory': the index audit and the theory and synthetic figures",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="item", metavar="ITEM")
    sub.required = True
    _audit.register(sub, "audit")
    _register_catalogue(sub)
    _register_properties(sub)
    _register_prior_shift(sub)
    _register_statements(sub)
    for name in FIGURES:
        p = sub.add_parser(name, help=f"draw {name} (PDF, PNG and the CSV behind it)")
        p.add_argument("--out-dir", required=True, metavar="DIR", help="output directory")
        _figure_options(p, name)
        p.set_defaults(func=run_figure, figure=name)
    return parser


def _register_catalogue(sub):
    p = sub.add_parser(
        "catalogue",
        help="audit the catalogue of PyCM, scikit-learn and imbalanced-learn indices: "
        "catalogue.csv and its heat-map",
    )
    p.add_argument("--out-dir", required=True, metavar="DIR", help="output directory")
    p.add_argument("--audit", metavar="CSV",
                   help="audit.csv of `imbeval theory audit`: the verdicts of the registered "
                   "indices, copied to their twins (without it the twins are audited again)")
    p.add_argument("--seed", type=int, default=0, help="seed of the random search (default 0)")
    p.add_argument("--classes", default="2-10", metavar="LO-HI",
                   help="numbers of classes searched (default 2-10)")
    p.add_argument("--quick", action="store_true", help="smaller search sizes (for smoke tests)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=run_catalogue)


def run_catalogue(args):
    """Audit the catalogue into ``args.out_dir``/catalogue.csv and draw its heat-map."""
    import sys
    import time
    from pathlib import Path

    from imbeval.audit import AuditSizes
    from imbeval.audit.report import read_audit_csv
    from imbeval_repro.library_results.catalogue_figure import make_conditions_figure
    from imbeval_repro.library_results.catalogue import audit_catalogue, write_catalogue

    classes = _audit.parse_classes(args.classes)
    rows = read_audit_csv(args.audit) if args.audit else None
    start = time.perf_counter()

    def progress(name):
        if not args.quiet:
            print(f"[{time.perf_counter() - start:6.1f}s] auditing {name}", file=sys.stderr,
                  flush=True)

    table = audit_catalogue(audit_rows=rows, classes=classes,
                            sizes=AuditSizes.quick() if args.quick else AuditSizes(),
                            seed=args.seed, progress=progress)
    path = write_catalogue(table, args.out_dir)
    make_conditions_figure(table, Path(args.out_dir) / "catalogue_conditions")
    print(f"audited {len(table)} catalogue indices in {time.perf_counter() - start:.1f} s; "
          f"wrote {path}")
    return 0


def _register_statements(sub):
    p = sub.add_parser(
        "statements",
        help="the papers' theorems, lemmas and results checked by computation, and ortigosa2016's "
        "Study 2: statements.csv",
    )
    p.add_argument("--out-dir", required=True, metavar="DIR", help="output directory")
    p.add_argument("--seed", type=int, default=0, help="seed of the searches (default 0)")
    p.set_defaults(func=run_statements)


def run_statements(args):
    """Write statements.csv into ``args.out_dir`` (one row per statement checked)."""
    import time
    from pathlib import Path

    from imbeval.utils.io import write_csv
    from imbeval_repro.papers.theory import statements_table

    start = time.perf_counter()
    table = statements_table(seed=args.seed,
                             progress=lambda name, seconds: print(f"{name}: {seconds:.1f} s"))
    path = Path(args.out_dir) / "statements.csv"
    write_csv(table, path)
    held = table["holds"].value_counts(dropna=False).to_dict()
    print(f"{len(table)} statements in {time.perf_counter() - start:.1f} s ({held}); wrote {path}")
    return 0


def _register_properties(sub):
    p = sub.add_parser(
        "properties",
        help="Gösgens et al.'s properties of every index and the Dutch Draw baseline of every "
        "two-class index: properties.csv, dutch_draw.csv and a heat-map",
    )
    p.add_argument("--out-dir", required=True, metavar="DIR", help="output directory")
    add_list_option(p, "--problem", item="NAME:IR", required=True,
                    help="two-class problems and their imbalance ratios: the Dutch Draw "
                    "baseline is computed at round(MAJORITY/IR) positives and MAJORITY "
                    "negatives")
    p.add_argument("--majority", type=int, default=1000,
                   help="size of the majority (negative) class (default 1000)")
    p.add_argument("--classes", type=int, default=3, metavar="C",
                   help="the number of classes of the multi-class checks (default 3)")
    p.add_argument("--max-n", type=int, default=24,
                   help="two classes: every matrix with n <= this many points (default 24)")
    p.add_argument("--distance-n", type=int, default=10,
                   help="two classes: every triple of labelings of n <= this many items "
                   "(default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed of the multi-class search (default 0)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=run_properties)


def _register_prior_shift(sub):
    p = sub.add_parser(
        "prior-shift",
        help="every index of scores under class prior shifts (a reweighting of the classes): "
        "prior_shift_scores.csv with its verdict, invariant or moves, and its range",
    )
    p.add_argument("--out-dir", required=True, metavar="DIR", help="output directory")
    p.add_argument("--seed", type=int, default=0, help="seed of the samples and the search "
                   "(default 0)")
    p.add_argument("--n-random", type=int, default=30, metavar="K",
                   help="random class-share vectors per sample in the search (default 30)")
    p.set_defaults(func=run_prior_shift)


def run_prior_shift(args):
    """Write prior_shift_scores.csv into ``args.out_dir``."""
    import time
    from pathlib import Path

    from imbeval.utils.io import write_csv
    from imbeval.audit.prior_shift import prior_shift_audit

    if args.n_random < 0:
        raise ValueError(f"--n-random must be >= 0, got {args.n_random}")
    start = time.perf_counter()
    table = prior_shift_audit(seed=args.seed, n_random=args.n_random)
    path = write_csv(table, Path(args.out_dir) / "prior_shift_scores.csv")
    invariant = table.loc[table["verdict"] == "invariant", "index"].tolist()
    print(f"{len(table)} indices of scores in {time.perf_counter() - start:.1f} s; invariant: "
          f"{', '.join(invariant)}; wrote {path}")
    return 0


def parse_problem(text, majority):
    """``NAME:IR`` -> (name, positives, negatives) with negatives = ``majority``.

    >>> parse_problem("bag_vs_footwear:5", 1000)
    ('bag_vs_footwear', 200, 1000)
    """
    name, sep, ir = str(text).rpartition(":")
    try:
        ratio = float(ir)
    except ValueError:
        ratio = float("nan")
    if not sep or not name or not ratio >= 1:
        raise ValueError(f"--problem {text!r}: expected NAME:IR with an imbalance ratio IR >= 1")
    if isinstance(majority, bool) or not isinstance(majority, int) or majority < 2:
        raise ValueError(f"--majority must be an integer >= 2, got {majority!r}")
    return name, max(1, int(round(majority / ratio))), majority


def run_properties(args):
    """Write properties.csv, dutch_draw.csv and the heat-map into ``args.out_dir``."""
    import sys
    import time
    from pathlib import Path

    from imbeval_repro.library_results.properties_figure import make_properties_figure
    from imbeval_repro.library_results.properties import (dutch_draw_frame, properties_table, property_counts,
                                           write_properties)

    problems = [parse_problem(p, args.majority) for p in args.problem]
    if args.classes < 3:
        raise ValueError(f"--classes must be at least 3 (two classes are always checked), got {args.classes}")
    start = time.perf_counter()

    def progress(name):
        if not args.quiet:
            print(f"[{time.perf_counter() - start:6.1f}s] properties of {name}", file=sys.stderr,
                  flush=True)

    table = properties_table(classes=(2, args.classes), max_n=args.max_n,
                             distance_n=args.distance_n, seed=args.seed, progress=progress)
    checked = time.perf_counter() - start
    dutch = dutch_draw_frame(problems)
    paths = write_properties(table, dutch, args.out_dir)
    make_properties_figure(table, Path(args.out_dir) / "properties_heatmap")
    top = property_counts(table).head(5)
    print(f"checked {table['index'].nunique()} indices in {checked:.1f} s, Dutch Draw of "
          f"{dutch['index'].nunique()} indices at {len(problems)} problems in "
          f"{time.perf_counter() - start - checked:.1f} s; wrote {', '.join(map(str, paths))}")
    print("most properties held:\n" + top.to_string(index=False))
    return 0


def _figure_options(p, name):
    # Only the options a figure reads, so that `--help` of each item is exact.
    if name == "mullick2020-fig6":
        p.add_argument("--audit", metavar="CSV",
                       help="audit.csv of `imbeval theory audit`")
    if name in ("mullick2020-fig2", "ortigosa2016-fig1"):
        p.add_argument("--seed", type=int, default=0, help="seed of the synthetic data (default 0)")
    if name == "mullick2020-fig2":
        p.add_argument("--n-per-class", type=int, default=5000,
                       help="points per class of the two-class data (default 5000)")
        p.add_argument("--half-separation", type=float, default=1.5,
                       help="class means at x = 4 ± this (default 1.5)")
    if name == "ortigosa2016-fig7":
        p.add_argument("--sd", type=float, default=0.5,
                       help="standard deviation of the classes (default 0.5)")


def run_figure(args):
    """Draw ``args.figure`` into ``args.out_dir``."""
    from imbeval_repro.papers.dembele import figures as dembele
    from imbeval_repro.papers.mullick2020 import theory_figures as mullick2020_theory
    from imbeval_repro.papers.ortigosa2016 import figures as ortigosa2016

    name, out = args.figure, args.out_dir
    if name == "mullick2020-fig1":
        mullick2020_theory.make_fig1(out)
    elif name == "ortigosa2016-fig1":
        ortigosa2016.make_fig1(out, seed=args.seed)
    elif name == "dembele-fig1":
        dembele.make_fig1(out)
    elif name == "mullick2020-fig2":
        if args.n_per_class < 10:
            raise ValueError("--n-per-class must be at least 10")
        data = mullick2020_theory.make_fig2(out, seed=args.seed, n_per_class=args.n_per_class,
                                            half_separation=args.half_separation)
        print(data["numbers"].to_string(index=False))
    elif name == "mullick2020-fig6":
        if not args.audit:
            raise ValueError("mullick2020-fig6 needs --audit PATH/audit.csv (from `imbeval theory audit`)")
        mullick2020_theory.make_fig6(args.audit, out)
    elif name == "ortigosa2016-fig2":
        ortigosa2016.make_fig2(out)
    elif name == "ortigosa2016-fig3":
        ortigosa2016.make_fig3(out)
    elif name == "ortigosa2016-fig4":
        ortigosa2016.make_fig4(out)
    elif name == "ortigosa2016-fig6":
        ortigosa2016.make_fig6(out)
    elif name == "ortigosa2016-fig7":
        if args.sd <= 0:
            raise ValueError("--sd must be positive")
        print(ortigosa2016.make_fig7(out, sd=args.sd).to_string(index=False))
    elif name == "ortigosa2016-ssup":
        print(ortigosa2016.make_ssup_table(out).to_string(index=False))
    elif name == "dembele-fig2":
        dembele.make_fig2(out)
    print(f"wrote {name} to {out}")
    return 0
