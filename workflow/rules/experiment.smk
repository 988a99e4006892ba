# Stage "experiment": its rules, and experiment_targets(), the files `rule all` asks of it.


def experiment_targets():
    return []
