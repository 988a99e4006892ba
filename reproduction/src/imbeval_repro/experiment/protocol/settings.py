"""Defaults of the experiment protocol, held once.

:class:`ProtocolSettings` is the ``experiment.protocol`` block of the config with the
schema's defaults (``workflow/schemas/experiment.schema.yaml``; a test checks they agree).
The protocol (:mod:`imbeval_repro.experiment.protocol`), the config check (:mod:`imbeval_repro.experiment.data.check`) and
the CLI (``imbeval experiment run``) all take their defaults from :data:`DEFAULTS`. It sits
at the bottom layer because the config check (data layer) needs it below the protocol.

``min_count`` is 3: the value of the schema, hence the one every pipeline run has used
(the rules always pass it explicitly). ``protocol.rrt.plan_test_set`` once defaulted to 5
for direct library calls only; it now takes 3 as well, so a library call and a pipeline
run give the same test sets.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Mapping

from imbeval import rrt

__all__ = ["ProtocolSettings", "DEFAULTS"]


@dataclass(frozen=True)
class ProtocolSettings:
    """Settings of the mullick2020 protocol (runs of outer CV, inner tuning, RRT test sets).

    Attributes
    ----------
    runs : repetitions of the outer cross-validation.
    folds : outer stratified folds.
    inner_folds : stratified folds of the in-fold hyper-parameter search.
    scoring : scikit-learn scorer of the inner search.
    min_count : fewest points a class keeps in an RRT test set before the ``infeasible``
        rule applies.
    infeasible : ``"bootstrap"`` or ``"clip"`` (see :mod:`imbeval.rrt`).
    """

    runs: int = 5
    folds: int = 5
    inner_folds: int = 3
    scoring: str = "balanced_accuracy"
    min_count: int = rrt.MIN_COUNT
    infeasible: str = rrt.INFEASIBLE

    @classmethod
    def from_config(cls, protocol: Mapping | None) -> "ProtocolSettings":
        """The settings of a config's ``experiment.protocol`` mapping; keys it does not
        give keep their defaults, keys that are not settings (``schemes``) are ignored."""
        known = {f.name for f in fields(cls)}
        return replace(cls(), **{k: v for k, v in (protocol or {}).items() if k in known})


#: The defaults, shared by the protocol, the config check and the CLI.
DEFAULTS = ProtocolSettings()
