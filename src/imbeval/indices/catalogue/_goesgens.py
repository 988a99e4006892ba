"""The measures of Gösgens, Zhiyanov, Tikhonov and Prokhorenkova that no library above has.

Gösgens et al., *Good Classification Measures and How to Find Them*, NeurIPS 2021 (code:
yandex-research/classification-measures) tabulate the properties of ten measures (F1,
Jaccard, accuracy, balanced accuracy, Cohen's kappa, Matthews' correlation CC, confusion
entropy and three of their own). Seven are in the catalogue or the registry already; their
own three are here:

- ``sba``, the symmetric balanced accuracy (BA(A, B) + BA(B, A))/2 = (1/2C) Σ_i (m_ii/n_i +
  m_ii/k_i): mullick2020's κa (AURPC-OVA), so a twin of ``aurpc_ova``; for two classes
  (TPR + TNR + PPV + NPV)/4;
- ``gm1``, the member r = 1 of their family GM_r = (TP TN − FP FN)/M_r(n1 n0, k1 k0)
  (M_r the power mean: r = 0 is CC, r = −1 is 2 SBA − 1), two-class;
- ``correlation_distance``, CD = arccos(CC)/π (their distance form of Matthews' CC; lower
  is better), for any C through the multi-class CC (``mcc``).
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._registry import TWO_CLASS, _REGISTRY
from imbeval.indices.catalogue._base import entry, one_vs_rest, ratio, twin

SOURCE = "goesgens2021"

twin("sba", "aurpc_ova", SOURCE, "SBA (symmetric balanced accuracy)",
     description="Gösgens et al.'s symmetric balanced accuracy (BA(A,B) + BA(B,A))/2; "
                 "the same quantity as aurpc_ova")


@entry("gm1", SOURCE, "GM1", symbol="GM1", scope=TWO_CLASS, bounds=(-1, 1),
       formula="(TP TN − FP FN)/((n1 n0 + k1 k0)/2), n1 = TP + FN, n0 = FP + TN, "
               "k1 = TP + FP, k0 = FN + TN",
       description="Gösgens et al.'s GM1: the covariance of the labelings over the "
                   "arithmetic mean of their variances")
def gm1(cm, zero_division=np.nan):
    tp, fn, fp, tn = (v[..., 0] for v in one_vs_rest(cm))
    spread = ((tp + fn) * (fp + tn) + (tp + fp) * (fn + tn)) / 2.0
    return ratio(tp * tn - fp * fn, spread, zero_division)


@entry("correlation_distance", SOURCE, "CD (correlation distance)", symbol="CD",
       greater_is_better=False, bounds=(0, 1), formula="arccos(MCC)/π",
       description="Gösgens et al.'s correlation distance, arccos of Matthews' correlation "
                   "over π (0 perfect, 1/2 uncorrelated, 1 reversed)")
def correlation_distance(cm, zero_division=np.nan):
    cc = _REGISTRY["mcc"].function(cm, zero_division=zero_division)
    return np.arccos(np.clip(cc, -1.0, 1.0)) / np.pi
