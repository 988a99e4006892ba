"""Numbers over problems: independent clusters of problems (:func:`problem_clusters`,
:func:`cluster_estimate`) and, for problems that share concepts, the delete-one-concept
jackknife.

Problems that share classes share images: they form one cluster. A number over problems is
the mean of the cluster means (every independent unit weighted equally) with the t interval
over the cluster means (the datasets as units: Demšar 2006), never decisive with fewer than
:data:`~imbeval.inference.MIN_DECISIVE_UNITS` clusters.

The stand-in's problems are cut from ten Fashion-MNIST concepts, every problem from
several, every concept in several problems: the problems are *crossed* with the concepts
(two-way crossed random effects, Owen 2007), so no partition of them into independent
clusters exists (:func:`imbeval.inference.problem_clusters` merges them into one) and a t
interval over problems treats as independent numbers that share a concept's effect.

:func:`concept_jackknife` is the delete-a-group jackknife (Efron and Stein 1981; Kott 2001)
with the concepts as the groups: the mean over problems is recomputed leaving out every
problem that contains concept ``c``, for each of the ``C`` concepts, and

    v = (C - 1) / C * sum_c (theta_(c) - mean_c theta_(c))^2,

an interval ``theta ± t(C - 1) sqrt(v)``. Leaving out a concept removes its effect from
the statistic, so the spread of the ``theta_(c)`` carries the concept effects that a t over
problems leaves out. Concepts that occur in exactly the same problems are one group (their
deletions are one replicate). ``benchmarks/crossed_concepts.py`` measures its coverage in
a crossed concept-effects simulation on the default config's problem designs (numbers in
docs/performance.md): it is the interval of every number over problems that share concepts
(:func:`problems_estimate`), and needs :data:`MIN_CONCEPTS` groups.

References: Efron, B., Stein, C. (1981) The jackknife estimate of variance. Ann. Statist.
9, 586-596. Kott, P. S. (2001) The delete-a-group jackknife. J. Official Statistics 17,
521-526. Owen, A. B. (2007) The pigeonhole bootstrap. Ann. Appl. Statist. 1, 386-411.
"""

from __future__ import annotations

from numbers import Integral

from imbeval.utils._param_validation import Interval, validate_params

_AT_LEAST_ONE = [Interval(Integral, 1, None, closed="left")]

import math

import numpy as np

from imbeval.inference._constants import METHODS, MIN_DECISIVE_UNITS, Method, Reason
from imbeval.inference._estimate import Estimate

__all__ = ["problem_clusters", "cluster_estimate", "cluster_means", "MIN_CONCEPTS", "JACKKNIFE_METHOD",
           "concept_jackknife", "problems_estimate"]

@validate_params({"classes": ["mapping"]})
def problem_clusters(classes: dict) -> dict:
    """Problems that share a class (directly or through others) form one cluster.

    Parameters
    ----------
    classes : ``{problem: iterable of its class (concept) names}``.

    Returns
    -------
    ``{problem: cluster number}``, clusters numbered from 0 in order of first appearance.

    Examples
    --------
    >>> problem_clusters({"a": ["x", "y"], "b": ["y", "z"], "c": ["u", "v"], "d": ["z"]})
    {'a': 0, 'b': 0, 'c': 1, 'd': 0}
    """
    parent = {p: p for p in classes}

    def root(p):
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    owner = {}
    for p, members in classes.items():
        for c in members:
            if c in owner:
                parent[root(p)] = root(owner[c])
            else:
                owner[c] = p
    numbers, out = {}, {}
    for p in classes:
        out[p] = numbers.setdefault(root(p), len(numbers))
    return out


@validate_params({"values": ["mapping"], "clusters": ["mapping"], "min_units": _AT_LEAST_ONE})
def cluster_estimate(values: dict, clusters: dict, *, min_units: int = MIN_DECISIVE_UNITS) -> Estimate:
    """The mean over independent clusters of the problems' mean in each, with its t interval.

    Parameters
    ----------
    values : ``{problem: number}`` (NaN left out).
    clusters : ``{problem: cluster}`` (:func:`problem_clusters`).
    min_units : clusters needed for a decisive verdict.

    Returns
    -------
    :class:`Estimate`: the mean of the cluster means -- every independent unit weighted
    equally, a source cut into 18 problems no more than a source of one -- with the t
    interval over the cluster means (``statsmodels`` ``DescrStatsW.tconfint_mean``, ``G - 1``
    degrees of freedom; the datasets as units, Demšar 2006): the number and its interval
    from the same units, so a row's printed means over problems are means of cluster means
    too. With one problem per cluster it is the mean and t interval over problems.
    Undecidable (interval NaN with one cluster) below ``min_units``.

    Examples
    --------
    >>> e = cluster_estimate({"a": 1.0, "b": 3.0}, {"a": 0, "b": 0})
    >>> e.value, e.units, e.undecidable
    (2.0, 1, '1 independent unit (problems that share classes are one), at least 10 needed')
    >>> e = cluster_estimate({"a": 1.0, "b": 3.0, "c": 8.0}, {"a": 0, "b": 0, "c": 1})
    >>> e.value, e.se, e.df                       # the means 2 and 8: (2 + 8)/2, 6/(2 sqrt 2)
    (5.0, 3.0, 1)
    """
    from statsmodels.stats.weightstats import DescrStatsW

    missing = sorted(set(values) - set(clusters))
    if missing:
        raise ValueError(f"problems {missing} have no cluster")
    means = cluster_means(values, clusters)
    g = int(means.size)
    value = float(means.mean()) if g else math.nan
    why = None
    if g < min_units:
        why = (f"{g} independent unit{'s' if g != 1 else ''} (problems that share classes are "
               f"one), at least {min_units} needed")
    n = sum(1 for v in values.values() if math.isfinite(float(v)))
    method = METHODS[Method.CLUSTERS] + f", {n} problems in {g} clusters"
    kinds = dict(method_kind=Method.CLUSTERS,
                 reason=None if why is None else Reason.TOO_FEW_UNITS)
    if g < 2:
        return Estimate(value, method, g, why, **kinds)
    stats = DescrStatsW(means)
    return Estimate(value, method, g, why, se=float(stats.std_mean), df=g - 1,
                    symmetric=True, **kinds)


@validate_params({"values": ["mapping"], "clusters": ["mapping"]})
def cluster_means(values: dict, clusters: dict) -> np.ndarray:
    """The mean of the finite ``values`` in each cluster, clusters in order of first
    appearance: the units of :func:`cluster_estimate`.

    >>> cluster_means({"a": 1.0, "b": 3.0, "c": 8.0, "d": float("nan")},
    ...               {"a": 0, "b": 0, "c": 1, "d": 2}).tolist()
    [2.0, 8.0]
    """
    by_cluster: dict = {}
    for p, v in values.items():
        if math.isfinite(float(v)):
            by_cluster.setdefault(clusters[p], []).append(float(v))
    return np.array([np.mean(v) for v in by_cluster.values()], dtype=float)


#: concept groups the jackknife needs to be decisive (``C - 1`` degrees of freedom). In
#: ``benchmarks/crossed_concepts.py`` (docs/performance.md; 2,000 replicates per setting,
#: normal and skewed concept effects, concept SD 0.5-2 times the problem SD) it covers
#: 97.2-99.7 % on the default designs (10 and 9 groups; a t over problems 74.7-93.5 %) and
#: 97.8-99.0 % on two-class designs with 4-12 concepts: it is conservative at every size
#: measured. The floor is that of :data:`imbeval.inference.MIN_FOLD_VALUES`: with fewer
#: than 5 groups the variance has at most 3 degrees of freedom, too poorly known (and the
#: t quantile above 3.18) for an interval worth deciding on.
MIN_CONCEPTS = 5

#: the method text of a jackknife row
JACKKNIFE_METHOD = ("delete-one-concept jackknife t interval over problems that share "
                    "concepts (Efron & Stein 1981; Kott 2001's delete-a-group jackknife)")


def _groups(concepts: dict, problems) -> list[frozenset]:
    """The distinct sets of problems (of ``problems``) that contain a concept: one
    deletion group per set, in order of first appearance."""
    members: dict = {}
    for p in problems:
        for c in concepts[p]:
            members.setdefault(c, set()).add(p)
    seen, out = set(), []
    for c in members:
        key = frozenset(members[c])
        if key not in seen:
            seen.add(key)
            out.append(key)
    return out


@validate_params({"values": ["mapping"], "concepts": ["mapping"], "min_concepts": _AT_LEAST_ONE})
def concept_jackknife(values: dict, concepts: dict, *,
                      min_concepts: int = MIN_CONCEPTS) -> Estimate:
    """The mean of per-problem numbers, with the delete-one-concept jackknife interval.

    Parameters
    ----------
    values : ``{problem: number}`` (NaN left out).
    concepts : ``{problem: iterable of the concepts it is made of}``.
    min_concepts : deletion groups needed for a decisive verdict.

    Returns
    -------
    :class:`imbeval.inference.Estimate`: the mean over problems, ``se`` the square root of
    the jackknife variance ``(C - 1)/C · Σ (θ_(c) − θ̄)²`` and ``C − 1`` degrees of freedom
    (``C`` the distinct sets of problems sharing a concept, see the module docstring);
    undecidable with fewer than ``min_concepts`` groups, or when leaving a concept out
    leaves no problem (a concept in every problem: no replicate exists without it).

    Examples
    --------
    Three problems on three concepts, each concept in two problems: leaving out a concept
    leaves one problem, so the replicates are 3, 1 and 2 (mean 2) and the variance is
    ``2/3 · (1 + 1 + 0) = 4/3``:

    >>> e = concept_jackknife({"ab": 1.0, "bc": 2.0, "ca": 3.0},
    ...                       {"ab": "ab", "bc": "bc", "ca": "ca"}, min_concepts=3)
    >>> e.value, round(e.se ** 2, 6), e.df, e.units, e.undecidable
    (2.0, 1.333333, 2, 3, None)
    """
    missing = sorted(set(values) - set(concepts))
    if missing:
        raise ValueError(f"problems {missing} have no concepts")
    finite = {p: float(v) for p, v in values.items() if math.isfinite(float(v))}
    value = float(np.mean(list(finite.values()))) if finite else math.nan
    groups = _groups(concepts, finite)
    c = len(groups)
    method = f"{JACKKNIFE_METHOD}, {c} concept groups"
    replicates = [[v for p, v in finite.items() if p not in g] for g in groups]
    if any(not r for r in replicates):
        # its effect is shared by every problem: no replicate is free of it, and nothing in
        # the data tells it from the mean
        return Estimate(value, method, c, "a concept occurs in every problem: no replicate of "
                                          "the jackknife leaves it out (0 usable concept groups, "
                                          f"at least {min_concepts} needed)",
                        method_kind=Method.CONCEPT_JACKKNIFE, reason=Reason.TOO_FEW_CONCEPTS)
    why = None
    if c < min_concepts:
        why = (f"{c} concept group{'s' if c != 1 else ''} for the delete-one-concept "
               f"jackknife, at least {min_concepts} needed")
    kinds = dict(method_kind=Method.CONCEPT_JACKKNIFE,
                 reason=None if why is None else Reason.TOO_FEW_CONCEPTS)
    if c < 2:
        return Estimate(value, method, c, why, **kinds)
    theta = np.array([np.mean(r) for r in replicates])
    variance = (c - 1) / c * float(np.sum((theta - theta.mean()) ** 2))
    return Estimate(value, method, c, why, se=math.sqrt(variance), df=c - 1, **kinds)


@validate_params({"values": ["mapping"], "concepts": ["mapping"], "min_units": _AT_LEAST_ONE,
                  "min_concepts": _AT_LEAST_ONE})
def problems_estimate(values: dict, concepts: dict, *, min_units: int = MIN_DECISIVE_UNITS,
                      min_concepts: int = MIN_CONCEPTS) -> Estimate:
    """A mean over problems with the interval its problems' structure calls for.

    Problems in different clusters (:func:`imbeval.inference.problem_clusters`) share no
    concept. With at least ``min_units`` clusters, or when no cluster is crossed (all its
    problems made of the same concepts: KEEL's families, or problems sharing nothing), the
    t interval over cluster means (:func:`imbeval.inference.cluster_estimate`), undecidable
    below ``min_units``. Fewer clusters, some made of problems crossed with shared concepts
    (the stand-in's): the delete-one-concept jackknife (:func:`concept_jackknife`),
    undecidable below ``min_concepts`` groups.

    Parameters
    ----------
    values : ``{problem: number}`` (NaN left out).
    concepts : ``{problem: iterable of concepts}`` (a KEEL problem's one family).
    min_units, min_concepts : as :func:`imbeval.inference.cluster_estimate` and
        :func:`concept_jackknife`.

    Examples
    --------
    >>> independent = {f"p{i}": [f"c{i}"] for i in range(10)}
    >>> str(problems_estimate({p: float(i) for i, p in enumerate(independent)},
    ...                       independent).method_kind)
    'clusters'
    >>> families = {f"p{i}": [f"family{i // 2}"] for i in range(12)}   # 6 families of 2
    >>> e = problems_estimate({p: float(i) for i, p in enumerate(families)}, families)
    >>> e.undecidable
    '6 independent units (problems that share classes are one), at least 10 needed'
    >>> str(e.reason)
    'too_few_units'

    """
    finite = {p: v for p, v in values.items() if math.isfinite(float(v))}
    clusters = problem_clusters({p: concepts[p] for p in finite}) if finite else {}
    members: dict = {}
    for p, k in clusters.items():
        members.setdefault(k, set()).add(frozenset(concepts[p]))
    crossed = any(len(sets) > 1 for sets in members.values())
    if len(members) >= min_units or not crossed:
        # independent clusters: enough of them, or clusters that are not crossed (every
        # problem of a cluster made of the same concepts, as KEEL's families): then the
        # jackknife would only be the t over clusters, and MIN_DECISIVE_UNITS guards that one
        return cluster_estimate(finite, clusters, min_units=min_units)
    return concept_jackknife(finite, concepts, min_concepts=min_concepts)
