"""dembele -- Dembélé, *The eigenvalues entropy as a classifier evaluation measure*: Tables
1-11 from the printed matrices (:mod:`.tables`), the experiments on data (:mod:`.data`,
:mod:`.regenerate`, :mod:`.mnist_lda`) and the figures (:mod:`.figures`)."""
