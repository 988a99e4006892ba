"""The experiment machinery: datasets (:mod:`.data`), feature extraction (:mod:`.features`),
the imbalance-aware classifiers (:mod:`.classifiers`) and the protocol that runs them
(:mod:`.protocol`: outer CV, in-fold tuning, RRT test sets, result tables)."""
