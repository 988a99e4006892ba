"""Tables of the papers, regenerated, and the printed-versus-regenerated comparison.

One module per paper -- :mod:`.mortaz2020`, :mod:`.dembele`, :mod:`.kluska`,
:mod:`.ortigosa2016` -- each returning pandas DataFrames (the tables, in the paper's layout)
and comparison rows; :mod:`.printed` holds every printed number (and the errata);
:mod:`.comparison` turns printed/regenerated pairs into rows with a status and writes
``results/paper_comparison.csv``.
"""
