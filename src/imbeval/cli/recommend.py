"""``imbeval recommend``: which indices for a problem, each inclusion and exclusion citing the
audit row it rests on.

The fingerprint: ``--classes N``; ``--prior same|shifted|unknown`` (is the deployment prior
the test set's?) with ``--deployment-prior P`` (the class shares, comma-separated; two
classes: the positive share alone will do); ``--costs known --cost-matrix FILE`` (one row per
true class, numbers separated by commas or spaces); ``--output labels|scores|probabilities``;
``--focus minority|all-classes|overall|calibration``; ``--n-min K`` (the smallest class of the
test set). ``--index module:function`` audits a user's index and places it like any other.
``--format text|json|markdown``. ``--explain ID`` prints one audit row (``condition1:mcc``).
"""

from __future__ import annotations

import sys

from imbeval.cli._options import USER_INDEX, add_list_option


def register(subparsers, name="recommend"):
    """Add the recommend command as ``name`` to ``subparsers``."""
    parser = subparsers.add_parser(name, help="which indices for a problem, with the audit's reasons",
                                   description=__doc__)
    parser.add_argument("--classes", type=int, metavar="N", help="the number of classes (>= 2)")
    parser.add_argument("--prior", choices=("same", "shifted", "unknown"), default="unknown",
                        help="is the deployment prior the test set's? (default unknown)")
    parser.add_argument("--deployment-prior", metavar="P",
                        help="the deployment's class shares, comma-separated (implies --prior shifted)")
    parser.add_argument("--costs", choices=("known", "unknown"), default="unknown",
                        help="are the misclassification costs known? (known needs --cost-matrix)")
    parser.add_argument("--cost-matrix", metavar="FILE",
                        help="the cost matrix: one row per true class, a column per decision")
    parser.add_argument("--output", choices=("labels", "scores", "probabilities"), default="labels",
                        help="what the classifier outputs (default labels)")
    parser.add_argument("--focus", choices=("minority", "all-classes", "overall", "calibration"),
                        default="all-classes", help="what matters (default all-classes)")
    parser.add_argument("--n-min", type=int, metavar="K", help="points in the smallest class of the test set")
    add_list_option(parser, "--index", item="MODULE:FUNC",
                    help=f"a user's index, {USER_INDEX}")
    parser.add_argument("--top", type=int, default=5, help="length of the shortlist (default 5)")
    parser.add_argument("--catalogue", action="store_true",
                        help="also the catalogue's indices (PyCM's, scikit-learn's, imbalanced-learn's)")
    parser.add_argument("--format", choices=("text", "json", "markdown"), default="text",
                        help="how the answer is printed [text]")
    parser.add_argument("--explain", metavar="ID", help="print one audit row by id and stop")
    parser.set_defaults(func=run)
    return parser


def _shares(text):
    try:
        return [float(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise ValueError(f"--deployment-prior must be numbers separated by commas, got {text!r}") from None


def run(args):
    """Print the recommendation for the fingerprint of ``args``."""
    import json

    from imbeval.recommend import explain, read_cost_matrix, recommend

    if args.explain:
        print(json.dumps(explain(args.explain), ensure_ascii=False, indent=1, default=str))
        return 0
    if args.classes is None:
        raise ValueError("--classes N is required (the number of classes, at least 2)")
    if args.classes < 2:
        raise ValueError(f"--classes must be at least 2 (a classification problem has two "
                         f"classes or more), got {args.classes}")
    if args.top < 1:
        raise ValueError(f"--top must be at least 1, got {args.top}")
    if args.n_min is not None and args.n_min < 1:
        raise ValueError(f"--n-min must be a positive number of test points, got {args.n_min}")
    costs = None
    if args.costs == "known":
        if not args.cost_matrix:
            raise ValueError("--costs known needs --cost-matrix FILE")
        costs = read_cost_matrix(args.cost_matrix)
    elif args.cost_matrix:
        raise ValueError("--cost-matrix is given, so the costs are known: add --costs known")
    prior = args.prior
    deployment = _shares(args.deployment_prior) if args.deployment_prior else None
    if deployment is not None and prior == "unknown":
        prior = "shifted"
    if args.index:
        from imbeval.utils.plugins import add_command_line_dirs

        add_command_line_dirs()
    rec = recommend(args.classes, prior=prior, deployment_prior=deployment, costs=costs,
                    output=args.output, focus=args.focus, n_min=args.n_min,
                    index=args.index or None, top=args.top, catalogue=args.catalogue)
    if args.format == "json":
        print(rec.to_json(indent=1))
    elif args.format == "markdown":
        print(rec.to_markdown())
    else:
        print(rec.summary())
    sys.stdout.flush()
    return 0
