# Stage "papers": its rules, and papers_targets(), the files `rule all` asks of it.


def papers_targets():
    return []
