"""``imbeval figures GROUP FIGURE --out DIR``: draw a paper's figure (PDF + PNG + CSV).

Groups are subcommands so that each stage can add its own: ``theory`` holds the theory and
synthetic figures (mullick2020 Fig. 2 and Fig. 6, ortigosa2016 Figs. 2, 3, 4, 6, 7 and the
S_sup table, dembele Fig. 2). Add a group by adding a ``register_<group>`` function below
and its name to ``GROUPS``.
"""

from __future__ import annotations

GROUPS = ("theory",)

THEORY_FIGURES = (
    "mullick2020-fig2",
    "mullick2020-fig6",
    "ortigosa2016-fig2",
    "ortigosa2016-fig3",
    "ortigosa2016-fig4",
    "ortigosa2016-fig6",
    "ortigosa2016-fig7",
    "ortigosa2016-ssup",
    "dembele-fig2",
)


def register(subparsers):
    parser = subparsers.add_parser("figures", help="draw the papers' figures", description=__doc__)
    groups = parser.add_subparsers(dest="group", metavar="GROUP")
    groups.required = True
    for group in GROUPS:
        globals()[f"register_{group}"](groups)
    return parser


def register_theory(groups):
    p = groups.add_parser(
        "theory",
        help="theory and synthetic figures (no experiment results needed)",
        description="Theory and synthetic figures; each writes PDF, PNG and the CSV behind it.",
    )
    p.add_argument("figure", choices=THEORY_FIGURES, metavar="FIGURE",
                   help="one of: " + ", ".join(THEORY_FIGURES))
    p.add_argument("--out", required=True, metavar="DIR", help="output directory")
    p.add_argument("--audit", metavar="CSV", help="audit.csv (for mullick2020-fig6)")
    p.add_argument("--seed", type=int, default=0, help="seed of the synthetic data (default 0)")
    p.add_argument("--n-per-class", type=int, default=5000,
                   help="mullick2020-fig2: points per class of the two-class data (default 5000)")
    p.add_argument("--half-separation", type=float, default=1.5,
                   help="mullick2020-fig2: class means at x = 4 ± this (default 1.5)")
    p.add_argument("--sd", type=float, default=0.5,
                   help="ortigosa2016-fig7: standard deviation of the classes (default 0.5)")
    p.set_defaults(func=run_theory)


def run_theory(args):
    from imbeval.figures import dembele, mullick2020_theory, ortigosa2016

    name, out = args.figure, args.out
    if name == "mullick2020-fig2":
        if args.n_per_class < 10:
            raise ValueError("--n-per-class must be at least 10")
        data = mullick2020_theory.make_fig2(out, seed=args.seed, n_per_class=args.n_per_class,
                                            half_separation=args.half_separation)
        print(data["numbers"].to_string(index=False))
    elif name == "mullick2020-fig6":
        if not args.audit:
            raise ValueError("mullick2020-fig6 needs --audit PATH/audit.csv (from `imbeval audit`)")
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
