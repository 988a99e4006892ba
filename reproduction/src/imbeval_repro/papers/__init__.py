"""The five papers, one package each: :mod:`.mullick2020`, :mod:`.mortaz2020`,
:mod:`.ortigosa2016`, :mod:`.dembele`, :mod:`.kluska`. A paper's package holds its printed
numbers, its experiment or theory, its claims, tables and figures; :mod:`.claims` gathers
the claim rows of a run's stage from every paper.

A paper's ``printed.py``: values are kept as the strings the paper prints, so that the print
precision (the number of decimals) travels with them. Matrices are kept as printed; where
the paper uses another layout than the project (rows = true class, columns = predicted), the
name says so and the conversion is one transpose. Errata -- printed values that are not what
the paper's own formula gives on the paper's own matrix -- are listed beside the values with
what the formula gives and the explanation (docs/errata.md).
"""
