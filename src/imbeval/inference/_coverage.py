"""The coverage side of one-test-set intervals, shared by the intervals of indices of labels
(:mod:`imbeval.metrics`) and of indices of scores (:mod:`imbeval.scores`): the result class
:class:`IndexInterval`, the reading of a coverage table written by a simulation (a selection
run and an independent validation run per regime), the rule that chooses a (method, level)
pair by measured coverage (:func:`choose_cell`), and the coverage flag.

The rules are stated in :mod:`imbeval.metrics._ci` (where ``"auto"`` is described) and in
docs/metrics.md ("The coverage flag", "Coverage, measured").

Reference: Loh, Calibrating confidence coefficients, J. Amer. Statist. Assoc. 82 (1987)
155-162.
"""

from __future__ import annotations

import csv
import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources

from imbeval.inference._cells import BoundedEstimate
from imbeval.inference._constants import LEVEL

__all__ = ["IndexInterval", "MIN_COVERAGE", "COVERAGE_CONFIDENCE", "MIN_VALIDATION_DEFINED",
           "MIN_SELECTION_DEFINED", "MEASURED_LEVEL", "CALIBRATION_LEVELS", "COVERAGE_FLAGS",
           "coverage_flag", "Coverage", "coverage_bounds", "selects", "validates",
           "choose_method", "choose_cell", "read_coverage_table", "coverage_rows",
           "level_column", "packaged_table"]


#: the coverage (at nominal 95 %) a method must have for "auto" to offer it
MIN_COVERAGE = 0.94


#: one-sided confidence of the exact lower bound of the selection run's coverage that must
#: reach MIN_COVERAGE: a method of true coverage below 94 % is selected in at most 5 % of
#: the cells (with 200 test sets, it takes a measured 97 %)
COVERAGE_CONFIDENCE = 0.95


#: test sets with an interval a selection needs: on fewer, all covered passes the exact
#: bound (49 of 49) and a method measured on a sample (the bootstrap's 50) is chosen by luck
MIN_SELECTION_DEFINED = 90


#: test sets with an interval a validation needs: below 50 one miss moves the measured
#: coverage by more than 2 points, and a lucky run would pass anything
MIN_VALIDATION_DEFINED = 50


#: the nominal level whose coverage the table measures (and the only one ``auto`` calibrates)
MEASURED_LEVEL = 0.95


#: the levels at which the table holds each method's coverage: a 95 % interval may be
#: computed at one of these where that covers 95 % in the regime (the levels above 95 %
#: widen a method that covers too little; a 95 % interval that covers more is kept)
CALIBRATION_LEVELS = (0.95, 0.96, 0.97, 0.98, 0.99, 0.995, 0.999)


#: the values of :attr:`IndexInterval.coverage_flag`
COVERAGE_FLAGS = ("ok", "low", "not measured")


@dataclass(frozen=True)
class IndexInterval(BoundedEstimate):
    """An index of one test set with its interval (an :class:`imbeval.inference.Estimate`).

    Attributes
    ----------
    value : float
        The index of the test set's matrix (NaN where undefined); for a paired comparison
        the difference A − B.
    low, high : float
        The interval at ``level`` (NaN where there is none).
    level : float
        Its nominal coverage.
    calibrated_level : float
        The level the method's interval was computed at: ``level`` itself, or for
        ``"auto"`` at 95 % the level of :data:`CALIBRATION_LEVELS` whose coverage reached
        95 % in the nearest regime (``e.interval(0.95)`` gives the same ends; another
        level of :meth:`interval` is not calibrated).
    method : str
        The method used (one of :data:`CI_METHODS` but ``"auto"``).
    index : str
        The registered index.
    units : int
        Test points (rounded total weight).
    undecidable : str or None
        None, or why there is no interval (the index is undefined on the test set or on
        every draw). How well the interval covers is :attr:`coverage_flag`'s to say.
    coverage : float
        The method's coverage at ``calibrated_level`` on the validation run in the
        nearest regime, for the nominal 95 % (NaN when not measured: see
        :attr:`coverage_flag`).
    coverage_se : float
        Its Monte Carlo standard error, ``sqrt(c (1 - c) / coverage_n)``.
    coverage_n : int
        The validation test sets with an interval it is measured on (0: not measured).
    coverage_flag : str
        One of :data:`COVERAGE_FLAGS`, by :func:`coverage_flag`: ``"low"`` when the
        measured coverage is below ``level`` by more than its Monte Carlo error (the
        one-sided 95 % upper bound below the level), ``"ok"`` when it is not, ``"not
        measured"`` for an index, method, regime or level the table does not hold.
    regime : str
        The nearest simulated regime, ``"C=5 min=20 IR=10"``.
    undefined_share : float
        The share of draws (posterior or bootstrap) where the index was undefined.

    Examples
    --------
    >>> from imbeval.metrics import interval
    >>> e = interval("accuracy", [0] * 8 + [1] * 2, [0] * 7 + [1] * 3, ci_method="wilson")
    >>> round(e.value, 2), [round(x, 4) for x in (e.low, e.high)], e.method
    (0.9, [0.5958, 0.9821], 'wilson')
    >>> [round(x, 4) for x in e.interval(0.8)]
    [0.7176, 0.9696]
    >>> print(e)  # doctest: +ELLIPSIS
    accuracy = 0.9 [0.5958, 0.9821] (95%, wilson; coverage ... (ok))
    """

    level: float = LEVEL
    calibrated_level: float = math.nan
    low: float = math.nan
    high: float = math.nan
    index: str = ""
    coverage: float = math.nan
    coverage_se: float = math.nan
    coverage_n: int = 0
    coverage_flag: str = "not measured"
    regime: str = ""
    undefined_share: float = 0.0

    @property
    def method_text(self):
        """The method, with the level it was computed at where calibrated: ``"logit"``,
        ``"logit at 98%"``."""
        if math.isfinite(self.calibrated_level) and not math.isclose(self.calibrated_level,
                                                                     self.level):
            return f"{self.method} at {_level_text(self.calibrated_level)}"
        return self.method

    @property
    def coverage_text(self):
        """The measured coverage and its flag in words: ``"coverage 95.4% ± 1.6 (ok)"``,
        ``"coverage not measured"``."""
        if self.coverage_flag == "not measured":
            return "coverage not measured"
        return (f"coverage {self.coverage:.1%} ± {100 * self.coverage_se:.1f} "
                f"({self.coverage_flag})")

    def __repr__(self):
        return (f"IndexInterval(index={self.index!r}, value={self.value!r}, low={self.low!r}, "
                f"high={self.high!r}, level={self.level!r}, "
                f"calibrated_level={self.calibrated_level!r}, method={self.method!r}, "
                f"coverage={self.coverage!r}, coverage_se={self.coverage_se!r}, "
                f"coverage_flag={self.coverage_flag!r}, regime={self.regime!r}, "
                f"units={self.units!r}, undecidable={self.undecidable!r})")

    def __str__(self):
        if self.undecidable is not None and not math.isfinite(self.low):
            return (f"{self.index} = {self.value:.4g}, no interval ({self.undecidable})")
        return (f"{self.index} = {self.value:.4g} [{self.low:.4g}, {self.high:.4g}] "
                f"({self.level:.0%}, {self.method_text}; {self.coverage_text})")


def _level_text(level):
    """A level as a percentage without trailing zeros: 98%, 99.5%, 99.9%."""
    return f"{100 * level:.1f}".rstrip("0").rstrip(".") + "%"


def coverage_bounds(covered, defined, confidence=COVERAGE_CONFIDENCE):
    """One-sided exact (Clopper-Pearson) bounds of a coverage measured as ``covered`` of
    ``defined`` test sets: ``(lower, upper)``, each at ``confidence``.

    Parameters
    ----------
    covered, defined : int
        Test sets whose interval held the target, of those with an interval.
    confidence : float, default 0.95
        One-sided confidence of each bound.

    Returns
    -------
    (float, float)
        ``(0, 1)`` when nothing was measured.

    Examples
    --------
    >>> [round(b, 4) for b in coverage_bounds(190, 200)]
    [0.9167, 0.9726]
    """
    covered, defined = int(covered), int(defined)
    if not 0 <= covered <= defined:
        raise ValueError(f"covered must lie in [0, defined], got {covered} of {defined}")
    return _exact_bounds(covered, defined, float(confidence))


@functools.lru_cache(maxsize=1 << 16)
def _exact_bounds(covered, defined, confidence):
    # cached: ``auto`` asks for the same few thousand table cells on every interval, and
    # each beta quantile costs a quarter of a millisecond
    from scipy import stats

    alpha = 1 - confidence
    lower = 0.0 if covered == 0 else float(stats.beta.ppf(alpha, covered,
                                                          defined - covered + 1))
    upper = 1.0 if covered == defined else float(stats.beta.ppf(1 - alpha, covered + 1,
                                                                defined - covered))
    return lower, upper


def selects(covered, defined):
    """Whether a selection run's ``covered`` of ``defined`` shows a coverage of at least
    :data:`MIN_COVERAGE`: at least :data:`MIN_SELECTION_DEFINED` test sets with an
    interval, and its one-sided lower bound (:data:`COVERAGE_CONFIDENCE`) reaches it.

    Examples
    --------
    >>> selects(489, 500), selects(475, 500)  # 97.8 %: yes; 95.0 %: not sure enough
    (True, False)
    """
    return (defined >= MIN_SELECTION_DEFINED
            and coverage_bounds(covered, defined)[0] >= MIN_COVERAGE)


def validates(covered, defined):
    """Whether a validation run's ``covered`` of ``defined`` supports a coverage of at least
    :data:`MIN_COVERAGE`: at least :data:`MIN_VALIDATION_DEFINED` test sets with an
    interval, and the measured coverage at or above it.

    Examples
    --------
    >>> validates(282, 300), validates(281, 300), validates(47, 49)  # 94.0 %, 93.7 %, too few
    (True, False, False)
    """
    return defined >= MIN_VALIDATION_DEFINED and covered / defined >= MIN_COVERAGE


def coverage_flag(covered, defined, level=LEVEL):
    """The flag of an interval whose method covered ``covered`` of ``defined`` validation
    test sets at :data:`MEASURED_LEVEL`: one of :data:`COVERAGE_FLAGS`.

    ``"low"``: the measured coverage is below ``level`` by more than its Monte Carlo error,
    i.e. its one-sided exact upper bound at :data:`COVERAGE_CONFIDENCE` (95 %) is below
    ``level`` (:func:`coverage_bounds`); a method whose true coverage is the level is
    flagged in at most 5 % of the cells. ``"ok"``: not shown below the level. ``"not
    measured"``: fewer than :data:`MIN_VALIDATION_DEFINED` test sets with an interval, or a
    ``level`` other than :data:`MEASURED_LEVEL` (the table holds no coverage at other
    levels).

    Parameters
    ----------
    covered, defined : int
        Validation test sets whose interval held the target, of those with an interval.
    level : float, default 0.95
        The interval's nominal level.

    Returns
    -------
    str

    Examples
    --------
    >>> coverage_flag(166, 175), coverage_flag(158, 175), coverage_flag(166, 175, 0.9)
    ('ok', 'low', 'not measured')
    """
    if defined < MIN_VALIDATION_DEFINED or not math.isclose(level, MEASURED_LEVEL):
        return "not measured"
    return "low" if coverage_bounds(covered, defined)[1] < level else "ok"


def _coverage_fields(cell, level):
    """The ``coverage*`` fields of an interval whose method's table cell is ``cell``."""
    if cell is None or coverage_flag(cell.validation_covered, cell.validation_defined,
                                     level) == "not measured":
        return {"coverage": math.nan, "coverage_se": math.nan, "coverage_n": 0,
                "coverage_flag": "not measured"}
    c, n = cell.validation, cell.validation_defined
    return {"coverage": c, "coverage_se": math.sqrt(c * (1 - c) / n), "coverage_n": n,
            "coverage_flag": coverage_flag(cell.validation_covered, n, level)}


def _share(covered, defined):
    return covered / defined if defined else math.nan


@dataclass(frozen=True)
class Coverage:
    """One index x method x regime x nominal level of the coverage table: the selection
    run's and the validation run's counts (test sets, those with an interval, those
    covering the target) and mean widths; ``calibrated`` holds the same method's cells at
    the other levels of :data:`CALIBRATION_LEVELS` (the cell at :data:`MEASURED_LEVEL`
    holds them).

    Examples
    --------
    >>> c = Coverage(500, 500, 489, 0.2, 300, 300, 284, 0.2)
    >>> round(c.selection, 3), round(c.validation, 3), c.selected, c.validated
    (0.978, 0.947, True, True)
    >>> c99 = Coverage(500, 500, 497, 0.3, 300, 300, 297, 0.3, level=0.99)
    >>> Coverage(500, 500, 460, 0.2, 300, 300, 276, 0.2, calibrated=(c99,)).at(0.99) is c99
    True
    """

    selection_replicates: int
    selection_defined: int
    selection_covered: int
    selection_width: float
    validation_replicates: int
    validation_defined: int
    validation_covered: int
    validation_width: float
    level: float = MEASURED_LEVEL
    calibrated: tuple = ()

    def levels(self):
        """This cell and its cells at the other levels, lowest level first."""
        return tuple(sorted((self, *self.calibrated), key=lambda c: c.level))

    def at(self, level):
        """The cell at nominal ``level`` (None where the table has none)."""
        for cell in (self, *self.calibrated):
            if math.isclose(cell.level, level):
                return cell
        return None

    @property
    def selection(self):
        """The selection run's coverage (NaN if nothing was measured)."""
        return _share(self.selection_covered, self.selection_defined)

    @property
    def validation(self):
        """The validation run's coverage (NaN if nothing was measured)."""
        return _share(self.validation_covered, self.validation_defined)

    @property
    def selected(self):
        """:func:`selects` on the selection run."""
        return selects(self.selection_covered, self.selection_defined)

    @property
    def validated(self):
        """:func:`validates` on the validation run."""
        return validates(self.validation_covered, self.validation_defined)


def read_coverage_table(text):
    """The coverage table from its CSV text (the columns ``benchmarks/single_test_intervals.py
    table`` writes): ``{(kind, index, C, min_class, IR): {method: Coverage}}``.

    Examples
    --------
    >>> head = ("kind,index,method,classes,min_class,imbalance,selection_replicates,"
    ...         "selection_defined,selection_covered,selection_width,validation_replicates,"
    ...         "validation_defined,validation_covered,validation_width")
    >>> t = read_coverage_table(head + "\\nsingle,mcc,delta,2,20,10,500,500,489,0.3,300,300,"
    ...                         "284,0.3")
    >>> t[("single", "mcc", 2, 20, 10)]["delta"].validated
    True
    """
    return coverage_rows(text, lambda row: (row["kind"], row["index"], int(row["classes"]),
                                            int(row["min_class"]), int(row["imbalance"])))


def level_column(run, what, level):
    """The table's column of ``what`` (``defined``, ``covered``, ``width``) of ``run`` at a
    calibration level other than :data:`MEASURED_LEVEL`: ``"selection_covered_0.99"``."""
    return f"{run}_{what}_{level:g}"


def coverage_rows(text, key):
    """``{key(row): {method: Coverage}}`` from a coverage CSV's text: the selection and
    validation runs' replicates, defined, covered and width columns of each row at
    :data:`MEASURED_LEVEL`, and where the table has them (:func:`level_column`) the same
    at the other :data:`CALIBRATION_LEVELS`, in :attr:`Coverage.calibrated`. A read-only
    mapping whose cells are made when a key is first asked for (the shipped table has
    tens of thousands of rows, an interval asks for a few)."""
    return _CoverageRows(text, key)


class _Row:
    """A CSV row read by column name."""

    __slots__ = ("values", "columns")

    def __init__(self, values, columns):
        self.values, self.columns = values, columns

    def __getitem__(self, name):
        return self.values[self.columns[name]]


class _CoverageRows(Mapping):
    def __init__(self, text, key):
        reader = csv.reader(text.splitlines())
        fields = next(reader, [])
        self._columns = {f: i for i, f in enumerate(fields)}
        self._levels = [lv for lv in CALIBRATION_LEVELS
                        if not math.isclose(lv, MEASURED_LEVEL)
                        and level_column("selection", "covered", lv) in self._columns]
        self._raw, self._made = {}, {}
        for values in reader:
            row = _Row(values, self._columns)
            self._raw.setdefault(key(row), []).append(row)

    def __getitem__(self, k):
        if k not in self._made:
            self._made[k] = dict(self._cells(row) for row in self._raw[k])
        return self._made[k]

    def __iter__(self):
        return iter(self._raw)

    def __len__(self):
        return len(self._raw)

    def __contains__(self, k):
        return k in self._raw

    def _cells(self, row):
        runs = ("selection", "validation")
        reps = [int(row[f"{run}_replicates"]) for run in runs]

        def cell(get, level):
            (sd, sc, sw), (vd, vc, vw) = ((int(get(run, "defined")), int(get(run, "covered")),
                                           float(get(run, "width"))) for run in runs)
            return Coverage(reps[0], sd, sc, sw, reps[1], vd, vc, vw, level=level)

        others = tuple(c for c in (cell(lambda run, what: row[level_column(run, what, lv)],
                                        lv) for lv in self._levels)
                       if c.selection_defined or c.validation_defined)  # else not measured
        base = cell(lambda run, what: row[f"{run}_{what}"], MEASURED_LEVEL)
        return row["method"], Coverage(*(getattr(base, f) for f in _COUNT_FIELDS),
                                       calibrated=others)


_COUNT_FIELDS = ("selection_replicates", "selection_defined", "selection_covered",
                 "selection_width", "validation_replicates", "validation_defined",
                 "validation_covered", "validation_width")


def packaged_table(package, name):
    """The text of the gzipped table ``name`` shipped in ``package``; None when the
    benchmark that writes it has not run."""
    import gzip

    try:
        return gzip.decompress(resources.files(package).joinpath(name).read_bytes()).decode()
    except (FileNotFoundError, OSError):
        return None


def _percent(value):
    return "not measured" if math.isnan(value) else f"{value:.1%}"


def choose_cell(row, calibrate=True):
    """What ``"auto"`` does with one index x regime of the table: ``(method, cell, why)``,
    ``cell`` the :class:`Coverage` of the method at the level chosen (``cell.level``).

    Of the (method, level) pairs that :func:`selects` passes on the selection run, the
    narrowest (mean selection width at that level); ``calibrate=False`` looks at
    :data:`MEASURED_LEVEL` only. ``why`` is None when :func:`validates` passes the pair on
    the validation run (at that level), else the reason. With no pair selected: the one
    whose selection coverage has the highest exact lower bound (:func:`coverage_bounds`),
    and ``why`` says so.

    Parameters
    ----------
    row : dict mapping method -> Coverage
        The methods offered for the index (not empty).
    calibrate : bool, default True
        Whether the levels of :attr:`Coverage.calibrated` take part.

    Returns
    -------
    (str, Coverage, str or None)

    Examples
    --------
    >>> at99 = Coverage(200, 200, 198, 0.35, 1000, 1000, 989, 0.35, level=0.99)
    >>> row = {"dirichlet": Coverage(200, 200, 196, 0.30, 1000, 1000, 950, 0.30),
    ...        "delta": Coverage(200, 200, 180, 0.20, 1000, 1000, 900, 0.20,
    ...                          calibrated=(at99,))}
    >>> method, cell, why = choose_cell(row)
    >>> method, cell.level, why is None  # the posterior at 95 % is narrower
    ('dirichlet', 0.95, True)
    >>> row["delta"] = Coverage(200, 200, 180, 0.20, 1000, 1000, 900, 0.20,
    ...                         calibrated=(Coverage(200, 200, 198, 0.25, 1000, 1000, 960,
    ...                                              0.25, level=0.97),))
    >>> method, cell, why = choose_cell(row)
    >>> method, cell.level, why is None  # delta at 97 %: covered and narrower
    ('delta', 0.97, True)
    """
    if not row:
        raise ValueError("choose_method needs at least one method's coverage")
    pairs = [(k, cell) for k, c in row.items() for cell in (c.levels() if calibrate else (c,))]
    selected = [(k, c) for k, c in pairs if c.selected]
    if selected:
        method, cell = min(selected, key=lambda kc: (kc[1].selection_width, kc[1].level,
                                                     kc[0]))
        if cell.validated:
            return method, cell, None
        return method, cell, (
            f"{_pair_text(method, cell)}, selected at {MIN_COVERAGE:.0%} coverage in the "
            f"regime nearest this test set, was not validated there "
            f"({_percent(cell.validation)} of {cell.validation_defined} validation test sets)")

    # the highest exact lower bound: 50 of 50 covered is less sure than 196 of 200
    def sure(kc):
        c = kc[1]
        bound = (coverage_bounds(c.selection_covered, c.selection_defined)[0]
                 if c.selection_defined else -1.0)
        return bound, -c.level, kc[0]
    method, cell = max(pairs, key=sure)
    return method, cell, (
        f"no method reached {MIN_COVERAGE:.0%} coverage in the regime nearest this test set "
        f"(best: {_pair_text(method, cell)}, {_percent(cell.selection)} on the selection "
        f"run, {_percent(cell.validation)} on the validation run)")


def _pair_text(method, cell):
    return (method if math.isclose(cell.level, MEASURED_LEVEL)
            else f"{method} at {_level_text(cell.level)}")


def choose_method(row, calibrate=True):
    """:func:`choose_cell` as ``(method, coverage, why)``: ``coverage`` the validation
    coverage of the method at the level chosen.

    Examples
    --------
    >>> row = {"dirichlet": Coverage(500, 500, 490, 0.30, 300, 300, 290, 0.30),
    ...        "delta": Coverage(500, 500, 470, 0.20, 300, 300, 280, 0.20)}
    >>> choose_method(row)[:2], choose_method(row)[2] is None  # delta: 94 % not sure enough
    (('dirichlet', 0.9666666666666667), True)
    """
    method, cell, why = choose_cell(row, calibrate)
    return method, cell.validation, why


def _used_level(cell, level):
    """The level an interval is computed at: the calibrated cell's, else ``level``."""
    return level if cell is None or not math.isclose(level, MEASURED_LEVEL) else cell.level
