"""ortigosa2016 -- Ortigosa-Hernández, Inza & Lozano, *Towards competitive classifiers for
unbalanced classification problems: a study on the performance scores*, arXiv:1608.08984:
Table 1 (:mod:`.tables`), Study 2 (:mod:`.study2`), the claims (:mod:`.claims`) and the
figures (:mod:`.figures`)."""
