"""Fitting the `text_only_regression` scorer: gradient-boosted trees (the default; scikit-learn, the `train` extra)
or an L2-regularised logistic regression fitted by Newton's method in pure Python; the threshold; the model file's
body.

Both are deterministic (the same data give the same bytes). `fine_tune` starts from the shipped model: trees are
added to its trees, logistic weights are pulled towards its weights instead of towards 0, so a few hundred
labelled turns adapt it without forgetting. The threshold is the lowest score whose precision on the validation
turns reaches the target (the best F1 if none does). The body carries its version, provenance, validation figures
and, once written, its sha256 (`processor.core.regression.scorer`).

Imports the core only; knows nothing of files or flags (`shell/commands/train_detector.py`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..core.regression import scorer
from ..core.regression.features import NAMES
from .labelled import dataset


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is symmetric positive definite here)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        piv = m[c][c]
        if abs(piv) < 1e-12:
            continue
        for r in range(c + 1, n):
            f = m[r][c] / piv
            if f:
                row, top = m[r], m[c]
                for j in range(c, n + 1):
                    row[j] -= f * top[j]
    out = [0.0] * n
    for c in range(n - 1, -1, -1):
        s = m[c][n] - sum(m[c][j] * out[j] for j in range(c + 1, n))
        out[c] = s / m[c][c] if abs(m[c][c]) >= 1e-12 else 0.0
    return out


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def fit(xs: Sequence[Sequence[float]], ys: Sequence[int], l2: float = 1.0,
        prior: Sequence[float] | None = None, iterations: int = 25) -> tuple[list[float], float]:
    """Weights and bias of an L2-regularised logistic regression (Newton's method; the bias is not penalised).
    `prior`: the weights (then bias) the penalty pulls towards (default 0)."""
    d = len(NAMES)
    w0 = list(prior) if prior is not None else [0.0] * (d + 1)
    theta = w0[:]  # weights then bias
    rows = [[*x, 1.0] for x in xs]
    nz = [[j for j, v in enumerate(r) if v != 0.0] for r in rows]
    for _ in range(iterations):
        grad = [0.0] * (d + 1)
        hess = [[0.0] * (d + 1) for _ in range(d + 1)]
        for r, idx, y in zip(rows, nz, ys, strict=True):
            p = _sigmoid(sum(theta[j] * r[j] for j in idx))
            g = p - y
            wgt = p * (1 - p)
            for a in idx:
                ra = r[a]
                grad[a] += g * ra
                ha = hess[a]
                wa = wgt * ra
                for b in idx:
                    ha[b] += wa * r[b]
        for j in range(d):
            grad[j] += l2 * (theta[j] - w0[j])
            hess[j][j] += l2
        hess[d][d] += 1e-6
        step = _solve(hess, grad)
        theta = [t - s for t, s in zip(theta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return theta[:d], theta[d]


def fit_trees(xs: Sequence[Sequence[float]], ys: Sequence[int], rounds: int = 300, depth: int = 3,
              rate: float = 0.05, base: scorer.Model | None = None, subsample: float = 1.0,
              min_leaf: int = 1) -> tuple[list[list[scorer.Node]], float]:
    """Gradient-boosted regression trees on the logistic loss (scikit-learn, the `train` extra), exported as
    node lists whose leaf values carry the learning rate. `base`: a model whose raw score the new trees add to
    (fine-tuning: the new trees follow the base's). `subsample`: the share of the turns each tree is fitted on
    (drawn with a fixed seed: the same data give the same trees); `min_leaf`: the fewest turns a leaf may hold."""
    try:
        import numpy as np
        from sklearn.ensemble import GradientBoostingClassifier
    except ImportError:
        raise ValueError("tree models need scikit-learn: pip install 'toolmend[train]' (or use --kind logistic)")\
            from None
    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=int)
    init: Any = None
    if base is not None:
        init = _Prior(base)
    gb = GradientBoostingClassifier(n_estimators=rounds, max_depth=depth, learning_rate=rate, random_state=0,
                                    subsample=subsample, min_samples_leaf=min_leaf,
                                    init=init)
    gb.fit(x, y)
    trees: list[list[scorer.Node]] = [list(t) for t in base.trees] if base is not None else []
    for est in gb.estimators_[:, 0]:
        t = est.tree_
        nodes: list[scorer.Node] = []
        for i in range(t.node_count):
            leaf = t.children_left[i] < 0
            nodes.append((-1 if leaf else int(t.feature[i]), 0.0 if leaf else float(t.threshold[i]),
                          0 if leaf else int(t.children_left[i]), 0 if leaf else int(t.children_right[i]),
                          float(t.value[i][0][0]) * rate if leaf else 0.0))
        trees.append(nodes)
    if base is not None:
        return trees, base.bias
    p = float(y.mean())
    return trees, math.log(p / (1 - p))


class _Prior:
    """scikit-learn's `init` estimator for fine-tuning: the base model's probabilities."""

    def __init__(self, base: scorer.Model) -> None:
        self.base = base

    def fit(self, x: Any, y: Any, sample_weight: Any = None) -> _Prior:
        return self

    def predict_proba(self, x: Any) -> Any:
        import numpy as np

        p = np.array([self.base.score(list(r)) for r in x])
        return np.column_stack([1 - p, p])

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        return {"base": self.base}


def prf(scores: Sequence[float], ys: Sequence[int], threshold: float) -> tuple[float, float, int, int, int]:
    tp = sum(1 for s, y in zip(scores, ys, strict=True) if s >= threshold and y)
    fp = sum(1 for s, y in zip(scores, ys, strict=True) if s >= threshold and not y)
    fn = sum(1 for s, y in zip(scores, ys, strict=True) if s < threshold and y)
    return (tp / (tp + fp) if tp + fp else 1.0), (tp / (tp + fn) if tp + fn else 1.0), tp, fp, fn


THRESHOLD_RULES = ("lowest", "middle")


def choose_threshold(scores: Sequence[float], ys: Sequence[int], target: float, rule: str = "lowest") -> float:
    """The lowest threshold (of 0.05 .. 0.95 in steps of 0.01) whose precision reaches `target`, else the one
    with the best F1. `rule="middle"`: the middle of the thresholds from that lowest one on that keep the target
    and its recall (where the validation turns separate cleanly, the lowest sits on the highest-scored negative,
    the middle halfway to the lowest-scored regression)."""
    if rule not in THRESHOLD_RULES:
        raise ValueError(f"threshold rule: one of {', '.join(THRESHOLD_RULES)}")
    best_f, best_t = -1.0, 0.5
    run: list[float] = []
    best_r = 0.0
    for k in range(5, 96):
        t = k / 100
        p, r, tp, _, _ = prf(scores, ys, t)
        ok = p >= target and tp > 0
        if run:
            if not (ok and r >= best_r):
                break
            run.append(t)
        elif ok:
            if rule == "lowest":
                return t
            run, best_r = [t], r
        else:
            f1 = 2 * p * r / (p + r) if p + r else 0.0
            if f1 > best_f:
                best_f, best_t = f1, t
    return run[(len(run) - 1) // 2] if run else best_t


def calibration(scores: Sequence[float], ys: Sequence[int], bins: int = 5) -> list[dict[str, float]]:
    out = []
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        sel = [(s, y) for s, y in zip(scores, ys, strict=True) if lo <= s < hi or (b == bins - 1 and s == 1.0)]
        if sel:
            out.append({"from": lo, "to": hi, "turns": len(sel),
                        "mean_score": round(sum(s for s, _ in sel) / len(sel), 3),
                        "positive_rate": round(sum(y for _, y in sel) / len(sel), 3)})
    return out


def train(train_recs: Sequence[dict[str, Any]], val_recs: Sequence[dict[str, Any]], *, l2: float = 1.0,
          target: float = 0.9, fine_tune: bool = False, both: bool = True, version: str = "custom",
          sources: Sequence[str] = (), kind: str = "trees", rounds: int = 300, rate: float = 0.05,
          subsample: float = 0.8, min_leaf: int = 5, threshold_rule: str = "lowest") -> dict[str, Any]:
    """A model file's body (see `processor.core.regression.scorer`)."""
    tr = dataset(train_recs, both)
    if not tr or not any(e[3] for e in tr) or all(e[3] for e in tr):
        raise ValueError("training data need judged turns of both labels (regressions and others)")
    base = scorer.shipped() if fine_tune else None  # (before any feature work: a stale file fails here)
    xs, ys = [e[2] for e in tr], [e[3] for e in tr]
    trees: list[list[scorer.Node]] = []
    w: list[float] = []
    if kind == "trees":
        if base is not None and not base.trees:
            raise ValueError("--fine-tune --kind trees needs a tree model as the shipped one")
        trees, b = fit_trees(xs, ys, rounds, rate=rate, base=base, subsample=subsample, min_leaf=min_leaf)
    else:
        if base is not None and base.trees:
            raise ValueError("the shipped model is trees: fine-tune it with --kind trees")
        w, b = fit(xs, ys, l2, [*base.weights, base.bias] if base is not None else None)
    model = scorer.Model(w, b, 0.5, version, "", None, trees)
    va = dataset(val_recs, both) if val_recs else tr
    vs = [model.score(e[2]) for e in va]
    vy = [e[3] for e in va]
    t = choose_threshold(vs, vy, target, threshold_rule)
    p, r, tp, fp, fn = prf(vs, vy, t)
    trained = {"train_records": len(train_recs), "train_turns": len(tr), "train_positive": sum(e[3] for e in tr),
               "validation_records": len(val_recs), "validation_turns": len(va), "kind": kind,
               "l2": l2 if kind == "logistic" else None, "rounds": rounds if kind == "trees" else None,
               "rate": rate if kind == "trees" else None, "depth": 3 if kind == "trees" else None,
               "subsample": subsample if kind == "trees" else None, "min_leaf": min_leaf if kind == "trees" else None,
               "fine_tuned_from": base.digest if base is not None else None,
               "with_and_without_definitions": both, "target_precision": target,
               **({"threshold_rule": threshold_rule} if threshold_rule != "lowest" else {}),
               "validation": {"threshold": t, "precision": round(p, 3), "recall": round(r, 3), "tp": tp, "fp": fp,
                              "fn": fn, "calibration": calibration(vs, vy)},
               "sources": list(sources)}
    return scorer.body(NAMES, w, b, t, version, trained, trees)


__all__ = ["THRESHOLD_RULES", "calibration", "choose_threshold", "fit", "fit_trees", "prf", "train"]
