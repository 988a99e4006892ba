"""No code reads a verdict, a method, a basis or a reason back out of text.

A verdict row says what it is in typed columns -- ``kind`` (an identifier,
:class:`imbeval_repro.verdicts.Status`), ``method_kind``, ``basis_kind``,
``reason_kind``/``reason``, ``family_id`` -- and in words (``status``, ``method``, ``basis``,
``detail``). Other tables do the same (a pair's ``better`` beside its ``decision``, an audit
verdict's ``condition<k>_theorem`` beside its ``condition<k>_verdict``). The words are for
readers: every function of the package is parsed with :mod:`ast`, and a string test
(``startswith``, ``endswith``, ``in``), a regular expression (``re.*``) or a pandas string
method (``.str.startswith``, ``.str.contains``, ``.str.extract``, ...) applied to one of those
columns or attributes fails this test.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: the two packages' folders; a module is named by its path from the folder above them
PACKAGES = [ROOT / "src" / "imbeval", ROOT / "reproduction" / "src" / "imbeval_repro"]

#: the columns and attributes whose words no code may parse: a subscript ``["status"]`` or
#: an attribute ``.undecidable``, or a ``*_verdict`` column
GUARDED = re.compile(
    r"""\[\s*f?["'](status|kind|method|basis|undecidable|detail|reason|decision|adjustment)["']\s*\]"""
    r"""|\.(status|undecidable|method|detail|reason)\b(?!\s*\()|\.decision\b"""
    r"""|^(str\()?(status|detail|undecidable|kind|method|basis|reason)\b"""
    r"""|_verdict\b|["'][^"']*_verdict["']""")
#: methods that test or take apart text
TEXT_METHODS = {"startswith", "endswith", "contains", "extract", "extractall", "match",
                "fullmatch", "search", "findall", "finditer", "split", "partition",
                "rpartition", "sub", "subn", "removeprefix", "removesuffix"}


#: the text operations on those columns that read no verdict, method, basis or reason, each
#: with why (file, the code's first line): the list is short and every entry is argued
ALLOWED = {
    # the clauses a detail was joined from (DETAIL_SEPARATOR), for display: a reader's one
    # line (report.verdicts.short_reason) and the clauses a grid's cells share; no verdict
    # or reason is decided from them (the row's kind and reason_kind say those)
    ("imbeval_repro/verdicts/multiplicity.py", "str(detail).split(DETAIL_SEPARATOR)"),
    # the words of a statement's method name its tolerance or not (statements.csv of the
    # theory stage, written before the comparison exists): the verdict table's method states
    # it once; formatting of a reader's text, no kind is read from it
    ("imbeval_repro/verdicts/theory_rows.py", '"tolerance" in str('),
}


def _allowed(where: str, code: str, allowed) -> bool:
    return any(where == f and code.startswith(c) for f, c in allowed)


def _offences(text: str, where: str, allowed=ALLOWED) -> list[str]:
    """``where:line: code`` of every parse of a guarded column's words in ``text``."""
    tree = ast.parse(text, filename=where)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr not in TEXT_METHODS:
                continue
            owner = ast.get_source_segment(text, node.func.value) or ""
            args = " ".join(ast.get_source_segment(text, a) or "" for a in node.args)
            # "text".split(...) of a literal, or a call whose subject is no guarded column
            subject = args if owner == "re" else owner
            code = ast.get_source_segment(text, node) or ""
            if GUARDED.search(subject) and not _allowed(where, code, allowed):
                found.append(f"{where}:{node.lineno}: {code}")
        elif isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn))
                                                   for op in node.ops):
            left = ast.get_source_segment(text, node.left) or ""
            right = " ".join(ast.get_source_segment(text, c) or "" for c in node.comparators)
            # a string literal looked for inside a guarded column's words
            code = f"{left} in {right}"
            if (isinstance(node.left, (ast.Constant, ast.JoinedStr)) and GUARDED.search(right)
                    and not _allowed(where, code, allowed)):
                found.append(f"{where}:{node.lineno}: {code}")
    return found


def test_no_verdict_method_basis_or_reason_is_parsed_from_text():
    offences = [o for package in PACKAGES for path in sorted(package.rglob("*.py"))
                for o in _offences(path.read_text(encoding="utf-8"),
                                   str(path.relative_to(package.parent)))]
    assert not offences, "text parsed where a typed column says it:\n" + "\n".join(offences)


@pytest.mark.parametrize("line", [
    'kinds = [k for k in STATUSES if status.startswith(k)]',
    'few = part["detail"].astype(str).str.contains("a decision needs at least")',
    'theorem = re.search(r"Theorem (\\d+)", str(row.get(f"{column}_verdict", "")))',
    'tied = str(c.undecidable or "").startswith(TIED)',
    'rerun = table["method"].astype(str).str.startswith(METHODS["rerun"])',
    'sweep = table["basis"].astype(str).str.startswith(SWEEP_BASIS_PREFIX)',
    'ok = result.decision(a, b).endswith(" better")',
    'needs = rows["detail"].astype(str).str.extract(r"(at least \\d+ needed)")',
    'hit = "not decisive" in row["detail"]',
])
def test_the_check_finds_each_kind_of_parsing_it_guards_against(line):
    """Each line parses a typed column's words: the check must refuse it."""
    assert _offences(f"def probe(table, part, row, rows, c, column, result, a, b):\n"
                     f"    {line}\n", "probe.py"), line


def test_the_check_lets_the_readers_words_be_written_and_typed_columns_be_read():
    assert _offences(
        "def probe(table, row, part):\n"
        '    a = table["kind"] == "claim_holds"\n'
        '    b = row["status"] + ": " + row["detail"]\n'
        '    c = part["reason_kind"] == "too_few_df"\n'
        '    d = str(row["row"]).startswith("Section 5.3")\n'
        '    e = "x".split(",")\n', "probe.py") == []


def test_every_allowed_exception_is_still_there():
    """An exception whose code is gone is removed from :data:`ALLOWED` (no stale passes)."""
    for where, code in ALLOWED:
        (path,) = [p / where.split("/", 1)[1] for p in PACKAGES if p.name == where.split("/")[0]]
        raw = _offences(path.read_text(encoding="utf-8"), where, allowed=())
        assert any(o.split(": ", 1)[1].startswith(code) for o in raw), (where, code)
