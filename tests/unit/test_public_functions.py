"""Every public function of the library declares its parameters' constraints (or says why
it has none), and refuses a value outside them with an error naming the parameter."""

import importlib
import inspect

import numpy as np
import pytest

from imbeval.utils._param_validation import validate_value

PACKAGES = ["indices", "metrics", "scores", "inference", "compare", "audit", "baselines", "rrt",
            "evaluation", "recommend", "scoring"]

#: public functions that declare no constraint, and why
NO_CONSTRAINTS = {
    # checks: they take any value and say what is wrong with it
    "indices.check_confusion_stack": "a check: takes any value and reports what is wrong",
    "indices.check_positive": "a check: takes any value and reports what is wrong",
    "indices.check_zero_division": "a check: takes any value and reports what is wrong",
    "metrics.check_metrics_zero_division": "a check: takes any value and reports what is wrong",
    "compare.check_table": "a check: takes any table and reports what is wrong",
    # decorators and registration, whose arguments are the index's metadata
    "indices.validate_params": "a decorator factory: its arguments are the checks themselves",
    "indices.register_index": "a decorator factory: checks scope and orientation itself",
    "indices.register_alias": "metadata of an alias: checked against the registry itself",
    "indices.add_index": "checks the user's function on valid stacks itself",
    # arrays, tables and results only: what they hold is checked in the body
    "indices.safe_divide": "arrays and any number: no constraint beyond numpy's",
    "indices.get_info": "any value: a name that is not a registered string gets 'did you mean'",
    "metrics.resolve_index": "a name and its options: checked against NAME_OPTIONS itself",
    "metrics.make_scorer": "a name or IndexInfo and keyword options: checked by name itself",
    "metrics.get_info": "any value: a name that is not registered gets 'did you mean'",
    "metrics.registry": "a flag passed to imbeval.indices.registry, which declares it",
    "metrics.interval": "options checked where the interval API reads them (ci, ci_method, draws)",
    "metrics.intervals": "options checked where the interval API reads them (ci, ci_method, draws)",
    "metrics.paired_interval": "options checked where the interval API reads them",
    "scores.registry": "takes no parameter",
    "inference.pooled_rerun_spread": "a stack of rerun matrices: checked in the body",
    "inference.spread_homogeneity": "a stack of rerun matrices: checked in the body",
    "inference.simultaneous": "estimates and a combining function: no scalar option",
    "inference.minimum_of": "estimates and bounds: no scalar option beyond the bounds' order",
    "inference.minimum_interval": "estimates and bounds: no scalar option beyond the bounds' order",
    "inference.gap_interval": "estimates of cells and their terms: checked in the body",
    "inference.decision_p_value": "an estimate and a decision function: no scalar option",
    "inference.undefined_folds": "fold values only",
    "inference.defined_cv_estimate": "forwards its keywords to cv_estimate, which declares them",
    "inference.pooled_cv_estimate": "fold values only",
    "compare.nemenyi_cd": "the studentized-range lookup checks k, n and alpha",
    "compare.nemenyi_pairwise": "mean ranks from a result: checked by nemenyi_cd",
    "compare.nemenyi_cliques": "mean ranks from a result",
    "compare.control_comparison": "mean ranks from a result and a control among them",
    "compare.iman_davenport": "a Friedman statistic and its sizes from a result",
    "compare.kendall_w": "a ranking table from a result",
    "compare.cd_diagram_data": "a result: its bars option is checked against BARS",
    "compare.plot_cd_diagram": "results to draw",
    "compare.save_cd_diagram": "results to draw and a path prefix",
    "compare.read_table": "a path: the file's content is checked by check_table",
    "compare.units_from_clusters": "a table and clusters: checked in the body",
    "compare.problem_concepts_of": "a table of problems",
    "compare.problem_clusters_of": "a table of problems",
    "compare.render_compare_page": "a folder of results",
    "compare.write_compare_html": "a folder of results and a path",
    "compare.diagram_name": "any scheme name (None for none)",
    "compare.diagram_caption": "a result: its bars option is checked against BARS",
    "compare.value_gaps": "a checked table and an index in it",
    "compare.bars_caption": "a bars option from a result and its numbers",
    "compare.effect_sizes": "a result",
    "compare.paragraph": "a result",
    "compare.summary_text": "a result",
    "recommend.rules": "takes no parameter",
    "recommend.evidence": "takes no parameter",
    "recommend.read_cost_matrix": "a path: the file's content is checked in the body",
}


def public_functions():
    for package in PACKAGES:
        module = importlib.import_module(f"imbeval.{package}")
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj) or hasattr(obj, "parameter_constraints"):
                yield f"{package}.{name}", obj


FUNCTIONS = dict(public_functions())
DECLARED = {k: f for k, f in FUNCTIONS.items() if getattr(f, "parameter_constraints", None)}


def test_every_public_function_declares_its_constraints_or_says_why_not():
    undeclared = sorted(set(FUNCTIONS) - set(DECLARED) - set(NO_CONSTRAINTS))
    assert not undeclared, f"declare constraints or list them with a reason: {undeclared}"
    assert not set(NO_CONSTRAINTS) - set(FUNCTIONS), "listed but not public"
    assert not set(NO_CONSTRAINTS) & set(DECLARED), "listed but declared"
    assert len(DECLARED) >= 80


def _examples():
    from imbeval.rrt import TestSetPlan

    return {np.random.Generator: np.random.default_rng(0),
            TestSetPlan: TestSetPlan((3, 3), "subsample")}


def _valid(constraints):
    for constraint in constraints:
        kind = getattr(constraint, "kind", None)
        if kind in _examples():
            return _examples()[kind]
        try:
            return constraint.valid_example()
        except LookupError:
            continue
    raise LookupError(constraints)


def _invalid(name, constraints):
    for candidate in [c.invalid_example() for c in constraints] + [object(), "invalid", -1]:
        try:
            validate_value(candidate, name, constraints)
        except ValueError:
            return candidate
    raise LookupError(constraints)


CASES = [(key, parameter) for key, f in DECLARED.items() for parameter in f.parameter_constraints]


@pytest.mark.parametrize("key, parameter", CASES, ids=[f"{k}-{p}" for k, p in CASES])
def test_an_invalid_value_is_refused_naming_the_parameter(key, parameter):
    function = DECLARED[key]
    constraints = function.parameter_constraints
    signature = inspect.signature(function)
    arguments = {}
    for name, p in signature.parameters.items():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) or name == parameter:
            continue
        if name in constraints:
            try:
                arguments[name] = _valid(constraints[name])
            except LookupError:
                if p.default is p.empty:
                    pytest.skip(f"no valid example of {name}")
        elif p.default is p.empty:
            arguments[name] = None  # never read: validation refuses before the body runs
    arguments[parameter] = _invalid(parameter, constraints[parameter])
    positional = [arguments.pop(n) for n, p in signature.parameters.items()
                  if p.kind is p.POSITIONAL_ONLY and n in arguments]
    with pytest.raises(ValueError) as caught:
        function(*positional, **arguments)
    assert parameter in str(caught.value), caught.value


def test_the_constraints_are_readable():
    from imbeval.audit import check_properties

    constraints = check_properties.parameter_constraints
    assert str(constraints["max_n"][0]) == "an integer from 4 to 60"
    assert [str(c) for c in constraints["greater_is_better"]] == ["True or False", "None"]
