"""A comparison as LaTeX: the mean-rank table (booktabs) and a figure per diagram.

:func:`latex_table`: one row per classifier, one column per index (and RRT scheme), each
cell the classifier's mean rank (1 = best); the winner of a column in bold; classifiers a
column's test does not separate share a superscript letter (the groups of the
critical-difference diagram, :func:`imbeval.compare.cd_diagram_data`: Nemenyi's cliques, or
the Wilcoxon-Holm groups with ``bars="wilcoxon-holm"``). The caption names the test, the
level, the units and the problems dropped. :func:`latex_figure`: a ``figure`` environment
that includes a diagram file and its caption. Both need ``booktabs`` (the table) and
``graphicx`` (the figure) in the document's preamble.
"""

from __future__ import annotations

import math
import re

from imbeval.compare._defaults import BARS
from imbeval.utils._param_validation import StrOptions, validate_params

__all__ = ["latex_escape", "latex_table", "write_latex_table", "latex_figure"]

_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
            "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
            "^": r"\textasciicircum{}"}


def latex_escape(text) -> str:
    """``text`` with LaTeX's special characters escaped (``macro_f1`` -> ``macro\\_f1``)."""
    return re.sub(r"[\\&%$#_{}~^]", lambda m: _SPECIAL[m.group()], str(text))


def _letters(n: int) -> str:
    """The ``n``-th group's mark: a, b, ..., z, aa, ab, ..."""
    out = ""
    n += 1
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(ord("a") + r) + out
    return out


def _marks(data) -> dict:
    """``{classifier: letters}``: the diagram's groups (``data``: :func:`cd_diagram_data`
    indexed by classifier, best first) and each classifier in none as a group of its own,
    lettered in rank order."""
    groups = {}
    for position, (c, cell) in enumerate(data["group"].items()):
        ids = [g for g in str(cell).split(";") if g] or [f"alone {c}"]
        for g in ids:
            groups.setdefault(g, (position, []))[1].append(c)
    out = {c: [] for c in data.index}
    for n, (_, (_, members)) in enumerate(sorted(groups.items(), key=lambda kv: kv[1][0])):
        for c in members:
            out[c].append(_letters(n))
    return {c: ",".join(v) for c, v in out.items()}


def _columns(stability):
    """``[(index, scheme, RankResult)]`` in the comparison's order."""
    return [(name, scheme, r) for (name, scheme), r in stability.results.items()]


def _groups_text(bars, results) -> str:
    alpha = results[0].alpha
    if all(r.undecidable for r in results):
        return ("No test was made (" + results[0].undecidable + "): the mean ranks describe "
                "these data only, and no letters are given.")
    if bars == "nemenyi":
        cds = sorted({round(r.critical_difference, 2) for r in results if not r.undecidable})
        cd = ", ".join(f"{c:.2f}" for c in cds)
        text = ("Within a column, classifiers that share a superscript letter are not "
                "separated by Nemenyi's test at $\\alpha = " + f"{alpha:g}" + "$: their mean "
                f"ranks lie less than the critical difference apart (CD = {cd}; Dem\\v{{s}}ar "
                "2006); a classifier with a letter of its own is separated from every other.")
    else:
        text = ("Within a column, classifiers that share a superscript letter are not "
                "separated by the Wilcoxon signed-rank tests with Holm's adjustment at "
                "$\\alpha = " + f"{alpha:g}" + "$ (no pair within a group differs; Benavoli, "
                "Corani and Mangili 2016); a classifier with a letter of its own is "
                "separated from every other.")
    untested = [r for r in results if r.undecidable]
    if untested:
        text += (" No test for " + ", ".join(latex_escape(_label(r)) for r in untested)
                 + f" ({untested[0].undecidable}): no letters there.")
    return text


def _label(result) -> str:
    return result.index + (f" ({result.scheme})" if result.scheme else "")


def _friedman_text(results) -> str:
    parts = [f"{latex_escape(_label(r))} {r.friedman_p:.2g}" for r in results
             if math.isfinite(r.friedman_p)]
    if not parts:
        return ""
    return " Friedman's test, $p$: " + "; ".join(parts) + "."


def _caption(stability, bars) -> str:
    results = [r for _, _, r in _columns(stability)]
    k = len({c for r in results for c in r.classifiers})
    units = sorted({r.n_units for r in results})
    problems = sorted({r.n_problems for r in results})
    unit_text = "/".join(map(str, units))
    problem_text = "/".join(map(str, problems))
    dropped = sorted({p for r in results for p in r.dropped["problem"]})
    text = (f"Mean ranks (1 = best) of {k} classifiers under each index, over {unit_text} "
            f"independent units ({problem_text} problems); the best of each column in bold. "
            + _groups_text(bars, results) + _friedman_text(results))
    if dropped:
        how = ("for every index" if getattr(stability, "policy", "") == "drop-problem"
               else "for the indices where a value was missing")
        text += (f" {len(dropped)} problem{'s' if len(dropped) != 1 else ''} dropped {how} "
                 "for missing values.")
    return text


@validate_params({"bars": [StrOptions(set(BARS))], "label": [str]})
def latex_table(stability, *, bars="nemenyi", label="tab:mean-ranks") -> str:
    """The mean ranks of a comparison as a LaTeX ``table`` (booktabs), with its caption.

    Parameters
    ----------
    stability : StabilityResult
        :func:`imbeval.compare.winner_stability`'s result.
    bars : {"nemenyi", "wilcoxon-holm"}
        The test whose groups the superscript letters mark (as the diagrams' bars).
    label : str
        The table's ``\\label``.

    Returns
    -------
    str
        A ``table`` environment: a row per classifier (in the first index's order), a
        column per index (and scheme), the winner in ``\\textbf``, the groups as
        ``$^{\\mathrm{a}}$``-style letters; the caption states the convention and the test.

    Examples
    --------
    >>> import pandas as pd
    >>> from imbeval.compare import winner_stability
    >>> rows = [{"problem": f"p{u}", "classifier": c, "index": i, "value": v + 0.01 * u}
    ...         for u in range(6) for i, vals in (("acsa", (0.9, 0.8)), ("mcc", (0.5, 0.6)))
    ...         for c, v in zip(("a", "b"), vals)]
    >>> s = winner_stability(pd.DataFrame(rows), indices="acsa,mcc", n_samples=500)
    >>> [line for line in latex_table(s).splitlines() if line.startswith("a &")]
    ['a & \\\\textbf{1.00}$^{\\\\mathrm{a}}$ & 2.00$^{\\\\mathrm{b}}$ \\\\\\\\']
    """
    from imbeval.compare._diagram import cd_diagram_data

    columns = _columns(stability)
    first = columns[0][2]
    classifiers = list(first.classifiers)
    classifiers += sorted({c for _, _, r in columns for c in r.classifiers} - set(classifiers))
    cells = {c: [] for c in classifiers}
    for _, _, r in columns:
        data = cd_diagram_data(r, bars).set_index("classifier")
        marks = {} if r.undecidable else _marks(data)
        best = set(r.winner.split(" = "))
        for c in classifiers:
            if c not in data.index:
                cells[c].append("--")
                continue
            value = f"{float(data.loc[c, 'mean_rank']):.2f}"
            if c in best:
                value = f"\\textbf{{{value}}}"
            if marks.get(c):
                value += f"$^{{\\mathrm{{{marks[c]}}}}}$"
            cells[c].append(value)
    schemes = any(scheme for _, scheme, _ in columns)
    head = []
    if schemes:
        # the index over its schemes, then the schemes
        spans, start = [], 0
        names = [name for name, _, _ in columns]
        for i in range(1, len(names) + 1):
            if i == len(names) or names[i] != names[start]:
                spans.append((names[start], start, i - start))
                start = i
        head.append(" & ".join(["Classifier"] + [
            f"\\multicolumn{{{n}}}{{c}}{{{latex_escape(name)}}}" for name, _, n in spans])
            + " \\\\")
        head.append(" ".join(f"\\cmidrule(lr){{{s + 2}-{s + n + 1}}}" for _, s, n in spans))
        head.append(" & ".join([""] + [latex_escape(scheme or "") for _, scheme, _ in columns])
                    + " \\\\")
    else:
        head.append(" & ".join(["Classifier"] + [latex_escape(name) for name, _, _ in columns])
                    + " \\\\")
    body = [" & ".join([latex_escape(c)] + cells[c]) + " \\\\" for c in classifiers]
    caption = _caption(stability, bars)
    return "\n".join([
        "% imbeval compare: mean ranks per classifier and index; needs \\usepackage{booktabs}",
        "\\begin{table}[tbp]", "\\centering", f"\\caption{{{caption}}}",
        f"\\label{{{label}}}", "\\begin{tabular}{l" + "r" * len(columns) + "}", "\\toprule",
        *head, "\\midrule", *body, "\\bottomrule", "\\end{tabular}", "\\end{table}", ""])


@validate_params({"bars": [StrOptions(set(BARS))], "label": [str]})
def write_latex_table(stability, path, *, bars="nemenyi", label="tab:mean-ranks"):
    """Write :func:`latex_table` to ``path`` (atomically); returns the path.

    Parameters
    ----------
    stability : StabilityResult
    path : str or Path
    bars, label : as :func:`latex_table`.

    Returns
    -------
    Path

    Examples
    --------
    >>> import pandas as pd, tempfile, pathlib
    >>> from imbeval.compare import winner_stability
    >>> rows = [{"problem": f"p{u}", "classifier": c, "index": "acsa", "value": v}
    ...         for u in range(6) for c, v in (("a", 0.9), ("b", 0.8))]
    >>> s = winner_stability(pd.DataFrame(rows), indices="acsa", n_samples=200)
    >>> path = write_latex_table(s, pathlib.Path(tempfile.mkdtemp()) / "ranks.tex")
    >>> "\\\\toprule" in path.read_text()
    True
    """
    from pathlib import Path

    from imbeval.utils.io import atomic_write_text

    return atomic_write_text(Path(path), latex_table(stability, bars=bars, label=label))


def latex_figure(stem: str, caption: str, label: str) -> str:
    """A ``figure`` environment including the graphic ``stem`` (found on the document's
    ``\\graphicspath``) with ``caption`` (plain text, escaped here) and ``label``."""
    return "\n".join([
        f"% imbeval compare: the diagram {stem}.pdf; needs \\usepackage{{graphicx}} and its "
        "folder on \\graphicspath",
        "\\begin{figure}[tbp]", "\\centering",
        f"\\includegraphics[width=\\linewidth]{{{stem}}}",
        f"\\caption{{{latex_escape(caption)}}}", f"\\label{{{label}}}", "\\end{figure}", ""])
