"""kluska -- Kluska, *Classifiers assessment methods* (lecture slides): the worked example
(:mod:`.tables`) and the ROC example as a figure (:mod:`.figures`)."""
