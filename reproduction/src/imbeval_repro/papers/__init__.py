"""The five papers, one package each: :mod:`.mullick2020`, :mod:`.mortaz2020`,
:mod:`.ortigosa2016`, :mod:`.dembele`, :mod:`.kluska`. A paper's package holds its printed
numbers, its experiment or theory, its claims, tables and figures; :mod:`.claims` gathers
the claim rows of a run's stage from every paper."""
