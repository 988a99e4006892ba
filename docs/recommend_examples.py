"""Write docs/recommend_examples.md: ten fingerprints and imbeval's answers, and the anchors'
table (PyCM's recommended lists and Metrics Reloaded's questions beside imbeval's answer).

Run ``python docs/recommend_examples.py`` after a change to the rules or the audit;
tests/unit/test_recommend.py checks that the file is what this script writes now.

PyCM's lists were recorded with PyCM 4.6 (``pip install pycm`` in a separate virtual
environment: PyCM is no requirement of imbeval) as ``ConfusionMatrix(matrix=...).recommended_list``
on four matrices: two and three classes, with the largest/smallest class count at most 3
(balanced) and above it (imbalanced, PyCM's ``imbalance`` flag).
"""

from __future__ import annotations

import sys
from pathlib import Path

from imbeval.recommend import COST_INDEX, recommend

OUT = Path(__file__).with_name("recommend_examples.md")

#: (title, fingerprint): ten problems a user meets.
FINGERPRINTS = [
    ("Two-class screening, deployment prior differs from the test set's, scores",
     dict(classes=2, prior="shifted", output="scores", focus="minority")),
    ("Ten classes, equal costs, test prior as deployed",
     dict(classes=10, prior="same", costs=[[0 if i == j else 1 for j in range(10)]
                                           for i in range(10)], output="labels",
          focus="overall")),
    ("Two-class probabilities for a known deployment prior of 1 %",
     dict(classes=2, prior="shifted", deployment_prior=0.01, output="probabilities",
          focus="overall")),
    ("Two classes, known costs: a missed positive costs ten false alarms",
     dict(classes=2, prior="same", costs=[[0, 10], [1, 0]], output="labels", focus="minority")),
    ("A tiny minority: 5 test points in the smallest class",
     dict(classes=2, prior="unknown", output="labels", focus="minority", n_min=5)),
    ("Five classes, imbalanced, deployment prior unknown, 30 points in the smallest class",
     dict(classes=5, prior="unknown", output="labels", focus="all-classes", n_min=30)),
    ("Calibration of two-class probabilities",
     dict(classes=2, prior="same", output="probabilities", focus="calibration")),
    ("Three classes, probabilities, deployment prior differs",
     dict(classes=3, prior="shifted", output="probabilities", focus="all-classes")),
    ("A balanced two-class problem, overall share of correct decisions",
     dict(classes=2, prior="same", output="labels", focus="overall")),
    ("Ten classes, minority focus, deployment prior differs, 20 points in the smallest class",
     dict(classes=10, prior="shifted", output="labels", focus="minority", n_min=20)),
]

#: PyCM 4.6's recommended_list, by (binary, imbalance).
PYCM_VERSION = "4.6"
PYCM = {
    (True, False): ["ACC", "TPR", "PPV", "AUC", "AUCI", "TNR", "F1"],
    (False, False): ["ERR", "TPR Micro", "TPR Macro", "F1 Macro", "PPV Macro", "NPV Macro",
                     "ACC", "Overall ACC", "MCC", "MCCI", "Overall MCC", "SOA6(Matthews)",
                     "BCD", "Hamming Loss", "Zero-one Loss"],
    (True, True): ["Kappa", "SOA1(Landis & Koch)", "SOA2(Fleiss)", "SOA3(Altman)",
                   "SOA4(Cicchetti)", "CEN", "MCEN", "MCC", "MCCI", "J", "Overall J",
                   "Overall MCC", "SOA6(Matthews)", "Overall CEN", "Overall MCEN", "OP", "G",
                   "GI", "DP", "DPI", "GI"],
}
PYCM[(False, True)] = PYCM[(True, True)]  # PyCM's imbalanced list is one for both

#: PyCM's names -> imbeval's (catalogue included); None: an interpretation scale or an
#: interval of another statistic, no index.
PYCM_NAMES = {
    "ACC": "accuracy", "TPR": "sensitivity", "PPV": "precision", "AUC": "auroc2",
    "TNR": "specificity", "F1": "f1", "ERR": "hamming_loss", "TPR Micro": "accuracy",
    "TPR Macro": "acsa", "F1 Macro": "macro_f1", "PPV Macro": "macro_precision",
    "NPV Macro": "npv_macro", "Overall ACC": "accuracy", "MCC": "mcc", "Overall MCC": "mcc",
    "BCD": "bcd_macro", "Hamming Loss": "hamming_loss", "Zero-one Loss": "zero_one_count",
    "Kappa": "kappa", "CEN": "cen", "MCEN": "mcen", "Overall CEN": "cen",
    "Overall MCEN": "overall_mcen", "J": "jaccard", "Overall J": "jaccard_macro",
    "OP": "op_macro", "G": "g_macro", "DP": "dp_macro",
}

#: Metrics Reloaded (Maier-Hein et al., Nature Methods 21, 195-212, 2024): the fingerprint
#: questions that apply to image-level classification, the fingerprint they become here, and
#: the metrics of the pool the answer leads to (names mapped to imbeval's).
METRICS_RELOADED = [
    ("Do the test set's class prevalences reflect the population of interest? No; is "
     "compensation for class imbalance requested? Yes",
     dict(classes=3, prior="shifted", output="labels", focus="all-classes"),
     {"Balanced Accuracy": "acsa", "Expected Cost": COST_INDEX, "MCC": "mcc"}),
    ("Are class confusions of unequal severity (costs known)? Yes",
     dict(classes=3, prior="same", costs=[[0, 1, 4], [1, 0, 1], [4, 1, 0]], output="labels",
          focus="all-classes"),
     {"Expected Cost": COST_INDEX, "Weighted Cohen's kappa": "kappa_linear"}),
    ("Are predicted class scores available (a multi-threshold metric)? Yes",
     dict(classes=2, prior="unknown", output="scores", focus="all-classes"),
     {"AUROC": "roc_auc", "Average Precision": "average_precision"}),
    ("Is calibration assessment requested? Yes",
     dict(classes=2, prior="same", output="probabilities", focus="calibration"),
     {"Brier score": "brier_score", "Log loss": "log_loss"}),
]


def _brief(text):
    text = text.split(" (counterexample")[0]
    return text.split(": ")[0]


def _name_set(c):
    return {c.index, *c.equivalents, *c.aliases}


def _verdict_of(rec, name):
    """Where imbeval puts ``name``, and the verdict that puts it there."""
    for k, c in enumerate(rec.ranked, 1):
        if name in _name_set(c):
            if k <= len(rec.shortlist):
                return None
            down = [r for r in c.reasons if r.effect == "rank_down"]
            if down:
                return (f"ranked {k}: " + "; ".join(f"{_brief(r.outcome)} (`{r.row}`)"
                                                   for r in down[:2]))
            return f"ranked {k}: fewer rules in its favour than the shortlist's"
    for c in rec.excluded:
        if name in _name_set(c):
            r = next(r for r in c.reasons if r.effect == "exclude")
            return f"excluded: {_brief(r.outcome)} (`{r.row}`)"
    if name == COST_INDEX:
        return "offered only with a stated cost matrix (costs unknown here)"
    return "not a candidate for this fingerprint"


def _shortlist(rec, n=3):
    return ", ".join(f"`{c.index}`" for c in rec.shortlist[:n])


def _disagreements(rec, anchor_names):
    """One item per anchor index imbeval does not shortlist, with the verdict."""
    items = []
    for label, name in anchor_names:
        if name is None:
            items.append(f"{label}: an interpretation scale or interval, no index")
            continue
        v = _verdict_of(rec, name)
        if v is not None:
            items.append(f"{label} (`{name}`) {v}")
    return "<br>".join(dict.fromkeys(items)) or "none"


def _fp_words(fp):
    parts = [f"C = {fp['classes']}", f"prior {fp.get('prior', 'unknown')}"]
    if fp.get("deployment_prior") is not None:
        parts[-1] += f" ({fp['deployment_prior']})"
    parts.append("costs known" if fp.get("costs") is not None else "costs unknown")
    parts += [fp.get("output", "labels"), f"focus {fp.get('focus', 'all-classes')}"]
    if fp.get("n_min"):
        parts.append(f"n_min {fp['n_min']}")
    return ", ".join(parts)


def render() -> str:
    out = ["<!-- written by docs/recommend_examples.py: do not edit by hand -->", ""]
    out += ["## Ten fingerprints and their answers", ""]
    for k, (title, fp) in enumerate(FINGERPRINTS, 1):
        rec = recommend(**fp, top=3, catalogue=False)
        cli = _cli(fp)
        out += [f"### {k}. {title}", "", f"`{cli}`", "", rec.to_markdown(), ""]
    out += ["## The anchors side by side", "",
            f"PyCM {PYCM_VERSION}'s `recommended_list` depends on two things only: two classes "
            "or more, and whether the largest class count exceeds three times the smallest. "
            "imbeval reads a balanced matrix as a test prior that is the deployment's "
            "(`--prior same --focus overall`) and an imbalanced one as an unknown deployment "
            "prior with every class mattering (`--prior unknown --focus all-classes`); the "
            "catalogue's indices are candidates too (`--catalogue`), so that PyCM's own are "
            "placed.", "",
            "| fingerprint | PyCM | imbeval (first 3) | PyCM's indices imbeval does not "
            "shortlist, each with its verdict |", "|---|---|---|---|"]
    for (binary, imbalanced), listed in sorted(PYCM.items(), reverse=True):
        fp = dict(classes=2 if binary else 3,
                  prior="unknown" if imbalanced else "same", output="labels",
                  focus="all-classes" if imbalanced else "overall")
        rec = recommend(**fp, top=3, catalogue=True)
        names = [(n, PYCM_NAMES.get(n)) for n in dict.fromkeys(listed)]
        label = f"{'two' if binary else 'three'} classes, {'imbalanced' if imbalanced else 'balanced'}"
        out.append(f"| {label} ({_fp_words(fp)}) | {', '.join(dict.fromkeys(listed))} | "
                   f"{_shortlist(rec)} | {_disagreements(rec, names)} |")
    out += ["", "Metrics Reloaded's questions that apply to image-level classification "
            "(Maier-Hein et al., 2024: the problem fingerprint of its Fig. 3 and the "
            "image-level classification path of its Fig. 2, with the multi-class metric "
            "subprocess of Extended Data Fig. 2 and the multi-threshold one of Extended Data "
            "Fig. 4), each with metrics of the pool the answer leads to:", "",
            "| question | Metrics Reloaded | imbeval (first 3) | its metrics imbeval does not "
            "shortlist, each with its verdict |", "|---|---|---|---|"]
    for question, fp, pool in METRICS_RELOADED:
        rec = recommend(**fp, top=3, catalogue=True)
        out.append(f"| {question} ({_fp_words(fp)}) | {', '.join(pool)} | {_shortlist(rec)} | "
                   f"{_disagreements(rec, list(pool.items()))} |")
    return "\n".join(out) + "\n"


def _cli(fp):
    parts = ["imbeval recommend", f"--classes {fp['classes']}"]
    if fp.get("deployment_prior") is not None:
        parts.append(f"--deployment-prior {fp['deployment_prior']}")
    else:
        parts.append(f"--prior {fp.get('prior', 'unknown')}")
    if fp.get("costs") is not None:
        parts.append("--costs known --cost-matrix costs.csv")
    parts += [f"--output {fp.get('output', 'labels')}", f"--focus {fp.get('focus', 'all-classes')}"]
    if fp.get("n_min"):
        parts.append(f"--n-min {fp['n_min']}")
    parts.append("--top 3 --format markdown")
    return " ".join(parts)


if __name__ == "__main__":
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT}", file=sys.stderr)
