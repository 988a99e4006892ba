"""mullick2020 -- Mullick, Datta, Dhekane & Das, *Appropriateness of performance indices for
imbalanced data classification: an analysis*, Pattern Recognition 102 (2020) 107197: the
experiment's numbers (:mod:`.experiment`), their claims (:mod:`.claims`, :mod:`.claim_units`,
:mod:`.text_claims`, :mod:`.keel_claims`), the theory (:mod:`.theory_figures`) and the
figures (:mod:`.figures`)."""
