"""One libsvm machine of the *before* NBSVM (main's code path) at full c10 scale.

Inner fold 0 of outer fold 0 of the paper-shaped problem of ``paper_fold.py``, class
``argv[1]`` vs rest, NBSVM C = 1, i.e. ``SVC(C=2, kernel="rbf", gamma=1/(d Var X),
class_weight={j: n/n_j})`` as ``NBSVM._fit_binary`` on main builds it. Prints CPU and wall
time. Usage: ``PYTHONPATH=/work/baseline/src OPENBLAS_NUM_THREADS=1 nice -n 5 python
benchmarks/nbsvm_one_machine.py 9``
"""

import sys
import time
from pathlib import Path

from sklearn.model_selection import StratifiedKFold
from sklearn.svm import SVC

from imbeval_repro.experiment.protocol.cv import outer_folds

sys.path.insert(0, str(Path(__file__).resolve().parent))
import paper_fold as pf  # noqa: E402

X, y = pf.features(pf.paper_sizes(1.0), 2048, 20200)
tr, te = outer_folds(y, 5, 20200, "c10_a", 0)[0]
Xo, yo = X[tr], y[tr]
itr, ite = next(StratifiedKFold(3, shuffle=True, random_state=20200).split(Xo, yo))
Xi, yi = Xo[itr], yo[itr]
t = (yi == int(sys.argv[1])).astype(int)
gamma = 1.0 / (Xi.shape[1] * Xi.var())
n, npos = t.size, t.sum()
svc = SVC(C=2.0, kernel="rbf", gamma=gamma, class_weight={0: n / (n - npos), 1: n / npos})
c0, w0 = time.process_time(), time.perf_counter()
svc.fit(Xi, t)
print(f"class {sys.argv[1]} vs rest, n={n}: fit CPU {time.process_time() - c0:.1f} s, "
      f"wall {time.perf_counter() - w0:.1f} s, n_SV {svc.support_.size}, "
      f"iterations {svc.n_iter_}", flush=True)
