"""mortaz2020 -- Mortaz, *Imbalance accuracy metric for model selection in multi-class
imbalance classification problems*, Knowledge-Based Systems 210 (2020) 106490: the printed
tables (:mod:`.tables`), the 18-model grid (:mod:`.grid_fit`, :mod:`.grid`,
:mod:`.selection`), the identity IAM = 2·CBA − 1 (:mod:`.identity`), the claims about Figs.
1-4 (:mod:`.claims`) and the figures (:mod:`.figures`)."""

#: The grid's datasets and the table each is printed in.
GRID_DATASETS = {"glass": "Table 16", "satimage": "Table 18"}
