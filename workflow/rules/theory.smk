# Stage "theory": its rules, and theory_targets(), the files `rule all` asks of it.


def theory_targets():
    return []
