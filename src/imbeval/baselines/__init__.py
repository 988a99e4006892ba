"""Baselines: what an index gives a classifier that ignores its input.

:func:`dutch_draw` is the Dutch Draw baseline of van de Bijl, Klein, Pries, Bhulai,
Hoogendoorn and van der Mei, *The Dutch Draw: constructing a universal baseline for binary
prediction models*, Journal of Applied Probability (2024): among the classifiers that label
a uniformly random subset of round(θ M) of the M = P + N samples positive, θ ∈ [0, 1], the
best expected value of the index. With k = round(θ M) predicted positives, TP is
hypergeometric (M, P, k), so each expectation is an exact finite sum
(:func:`imbeval.audit.matrices.hypergeometric_draws`, the same draws as the constant-baseline
property of :func:`imbeval.audit.check_properties`).

Undefined values: a k at which the index is undefined (NaN) for some draw of positive
probability has no expectation and is left out of the optimisation, as the paper restricts θ
to the values where the measure is defined (e.g. precision needs k >= 1, NPV k <= M − 1, MCC
both). "Best" follows the index's orientation: the maximum for higher-is-better, the minimum
for lower-is-better (the audit's rule, :func:`imbeval.audit.core.oriented_index`).
"""

from imbeval.baselines.dutch_draw import DutchDraw, dutch_draw, dutch_draw_table

__all__ = ["DutchDraw", "dutch_draw", "dutch_draw_table"]
