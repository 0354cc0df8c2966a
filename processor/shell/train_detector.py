"""`toolmend train-detector`: train the `text_only_regression` scorer on labelled conversations.

    toolmend train-detector TRAIN.jsonl ... --validation VAL.jsonl ... --out model.json
        [--fine-tune] [--target-precision 0.9] [--kind trees|logistic] [--rounds 300] [--rate 0.05]
        [--subsample 0.8] [--min-leaf 5] [--l2 1.0] [--no-definitions-copies]

Each line of a data file is one labelled conversation (the format is in docs/regression.md, "Labelled data"):
`messages` (a stream) or `snapshots` (successive request snapshots), optional `system` and `tools`, and
`labels.text_only_regression` (a list of `{"index": i}` or `{"snapshot": k, "index": i}`, the assistant messages
that are regressions). Every other judged turn (a text-only first answer after a tool was used) is a negative.

The turns are run through the same engine pieces as `processor.repair()` (so a feature is what production
computes), once with the record's tool definitions and once without them (a request may or may not carry them).
The model is an L2-regularised logistic regression fitted by Newton's method in pure Python (deterministic: the
same data give the same bytes); `--fine-tune` pulls the weights towards the shipped model's instead of towards 0,
so a few hundred labelled turns adapt it without forgetting. The threshold is the lowest score whose precision on
the validation turns reaches `--target-precision` (the best F1 if none does). The file is written with its
version, provenance, validation figures and sha256; point `TOOLMEND_DETECTOR_MODEL` (worker, replay) or
`processor.use_detector_model(path)` (library) at it.

This module reads files and prints; the core computes features and scores (`processor/core/regression/`).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import orjson

from ..core import dialects
from ..core.behaviour import Behaviour
from ..core.regression import scorer
from ..core.regression.features import NAMES
from ..core.tracker import Tracker

Example = tuple[str, tuple[int | None, int], list[float], int]  # record id, turn key, features, label


def load_records(paths: Iterable[Path]) -> list[dict[str, Any]]:
    """Labelled records of .jsonl files (a directory: every .jsonl under it, sorted)."""
    out: list[dict[str, Any]] = []
    for path in paths:
        files = sorted(path.glob("**/*.jsonl")) if path.is_dir() else [path]
        for f in files:
            for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
                if not line.strip():
                    continue
                try:
                    rec = orjson.loads(line)
                except orjson.JSONDecodeError:
                    raise ValueError(f"{f}:{n}: not JSON") from None
                if not isinstance(rec, dict) or not (isinstance(rec.get("messages"), list)
                                                     or isinstance(rec.get("snapshots"), list)):
                    raise ValueError(f"{f}:{n}: a record needs `messages` or `snapshots`")
                rec.setdefault("id", f"{f.name}:{n}")
                out.append(rec)
    return out


def _snapshots(rec: dict[str, Any]) -> bool:
    return rec.get("input") == "snapshots" or (not isinstance(rec.get("messages"), list)
                                              and isinstance(rec.get("snapshots"), list))


def gold(rec: dict[str, Any]) -> set[tuple[int | None, int]]:
    snaps = _snapshots(rec)
    out: set[tuple[int | None, int]] = set()
    for lab in (rec.get("labels") or {}).get("text_only_regression") or ():
        out.add((lab.get("snapshot") if snaps else None, int(lab["index"])))
    return out


def _judged(msgs: list[Any], previous: list[list[Any]], rec: dict[str, Any],
            definitions: bool) -> list[tuple[int, list[float]]]:
    """The scored turns of the last history, as `repair(msgs, previous=previous, system=, tools=)` judges them."""
    tools = rec.get("tools") if definitions else None
    keys = tuple(k for k in ("messages", "system", "tools") if k == "messages" or rec.get(k) is not None)
    name = dialects.detect(msgs, also=previous, keys=keys)
    adapter = dialects.get(name)
    tracker = Tracker(name)
    steps = [tracker.feed(m) for m in msgs]
    b = Behaviour(keys=bool(previous))
    b.on_context(rec.get("system"), tools)
    for k, snap in enumerate(previous):
        b.on_snapshot(snap, adapter, k)
        b.feed_snapshot(snap, adapter, None, None, None, None)
    if previous:
        b.on_snapshot(msgs, adapter, len(previous), [s.view for s in steps])
    trace: list[Any] = []
    feats: list[list[float]] = []
    b.regression.trace = trace
    b.regression.features = feats
    b.feed_snapshot(msgs, adapter, None, None, None, None, steps)
    b.flush(None, None, None)
    scored = [t.index for t in trace if t.score >= 0]
    return list(zip(scored, feats, strict=True))


def examples(rec: dict[str, Any], definitions: bool = True) -> list[Example]:
    """Every scored turn of a record with its label."""
    g = gold(rec)
    out: list[Example] = []
    rid = str(rec.get("id"))
    if _snapshots(rec):
        snaps: list[list[Any]] = rec["snapshots"]
        for k in range(len(snaps)):
            for i, x in _judged(snaps[k], snaps[:k], rec, definitions):
                out.append((rid, (k, i), x, 1 if (k, i) in g else 0))
    else:
        for i, x in _judged(rec["messages"], [], rec, definitions):
            out.append((rid, (None, i), x, 1 if (None, i) in g else 0))
    return out


def dataset(records: Sequence[dict[str, Any]], both: bool = True) -> list[Example]:
    """Every scored turn of the records (and of their copies without tool definitions, when `both`). Features do
    not depend on the model: they are computed with a neutral one, so no model file is read."""
    out: list[Example] = []
    previous = scorer.swap(scorer.neutral())
    try:
        for rec in records:
            try:
                out.extend(examples(rec, True))
                if both and rec.get("tools"):
                    out.extend(examples(rec, False))
            except (ValueError, KeyError, TypeError, IndexError) as e:
                raise ValueError(f"record {rec.get('id')!r}: {type(e).__name__}") from None
    finally:
        scorer.swap(previous)
    return out


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


def choose_threshold(scores: Sequence[float], ys: Sequence[int], target: float) -> float:
    """The lowest threshold (of 0.05 .. 0.95 in steps of 0.01) whose precision reaches `target`, else the one
    with the best F1."""
    best_f, best_t = -1.0, 0.5
    for k in range(5, 96):
        t = k / 100
        p, r, tp, _, _ = prf(scores, ys, t)
        if p >= target and tp:
            return t
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        if f1 > best_f:
            best_f, best_t = f1, t
    return best_t


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
          subsample: float = 0.8, min_leaf: int = 5) -> dict[str, Any]:
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
    t = choose_threshold(vs, vy, target)
    p, r, tp, fp, fn = prf(vs, vy, t)
    trained = {"train_records": len(train_recs), "train_turns": len(tr), "train_positive": sum(e[3] for e in tr),
               "validation_records": len(val_recs), "validation_turns": len(va), "kind": kind,
               "l2": l2 if kind == "logistic" else None, "rounds": rounds if kind == "trees" else None,
               "rate": rate if kind == "trees" else None, "depth": 3 if kind == "trees" else None,
               "subsample": subsample if kind == "trees" else None, "min_leaf": min_leaf if kind == "trees" else None,
               "fine_tuned_from": base.digest if base is not None else None,
               "with_and_without_definitions": both, "target_precision": target,
               "validation": {"threshold": t, "precision": round(p, 3), "recall": round(r, 3), "tp": tp, "fp": fp,
                              "fn": fn, "calibration": calibration(vs, vy)},
               "sources": list(sources)}
    return scorer.body(NAMES, w, b, t, version, trained, trees)


def _shown(p: Path) -> str:
    """A data path as recorded in the model file: relative to the working directory when it is below it."""
    try:
        return p.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return p.name


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="toolmend train-detector", description=__doc__.split("\n\n")[0])
    ap.add_argument("train", nargs="*", type=Path, help="labelled .jsonl files or directories")
    ap.add_argument("--splits", type=Path, help="a JSON manifest: `train` and `validation` paths (relative to "
                    "the directory three levels above it, as for bench/eval/train/splits.json), `kind`, `rounds`, "
                    "`l2`, `target_precision`")
    ap.add_argument("--validation", nargs="*", type=Path, default=[], help="held-out labelled data (threshold)")
    ap.add_argument("--out", type=Path, required=True, help="the model file to write")
    ap.add_argument("--fine-tune", action="store_true", help="start from the shipped model (a prior on the weights)")
    ap.add_argument("--target-precision", type=float, default=0.9)
    ap.add_argument("--kind", choices=("trees", "logistic"), default="trees",
                    help="gradient-boosted trees (needs the `train` extra: scikit-learn) or logistic regression "
                    "(pure Python)")
    ap.add_argument("--rounds", type=int, default=300, help="boosting rounds (trees)")
    ap.add_argument("--rate", type=float, default=0.05, help="learning rate (trees)")
    ap.add_argument("--subsample", type=float, default=0.8, help="share of the turns each tree is fitted on (trees)")
    ap.add_argument("--min-leaf", type=int, default=5, help="fewest turns a leaf may hold (trees)")
    ap.add_argument("--l2", type=float, default=1.0, help="L2 penalty (logistic)")
    ap.add_argument("--version", default="custom", help="a name for the model, kept in the file")
    ap.add_argument("--no-definitions-copies", action="store_true",
                    help="train on each record as given only (not also without its tool definitions)")
    a = ap.parse_args(argv)
    if a.splits is not None:
        try:
            man = orjson.loads(a.splits.read_bytes())
        except (OSError, orjson.JSONDecodeError) as e:
            sys.stderr.write(f"toolmend train-detector: --splits: {type(e).__name__}\n")
            return 2
        root = a.splits.resolve().parents[3]  # bench/eval/train/splits.json -> the repository
        a.train = [*a.train, *(root / p for p in man.get("train", ()))]
        a.validation = [*a.validation, *(root / p for p in man.get("validation", ()))]
        a.l2 = float(man.get("l2", a.l2))
        a.target_precision = float(man.get("target_precision", a.target_precision))
        a.kind = str(man.get("kind", a.kind))
        a.rounds = int(man.get("rounds", a.rounds))
        a.rate = float(man.get("rate", a.rate))
        a.subsample = float(man.get("subsample", a.subsample))
        a.min_leaf = int(man.get("min_leaf", a.min_leaf))
    if not a.train:
        sys.stderr.write("toolmend train-detector: no training data (give files or --splits)\n")
        return 2
    if not 0 < a.target_precision <= 1 or a.l2 <= 0:
        sys.stderr.write("toolmend train-detector: --target-precision must be in (0, 1] and --l2 > 0\n")
        return 2
    if not 0 < a.subsample <= 1 or a.min_leaf < 1:
        sys.stderr.write("toolmend train-detector: --subsample must be in (0, 1] and --min-leaf >= 1\n")
        return 2
    try:
        tr = load_records(a.train)
        va = load_records(a.validation)
        doc = train(tr, va, l2=a.l2, target=a.target_precision, fine_tune=a.fine_tune,
                    both=not a.no_definitions_copies, version=a.version, kind=a.kind, rounds=a.rounds, rate=a.rate,
                    subsample=a.subsample, min_leaf=a.min_leaf,
                    sources=[_shown(p) for p in [*a.train, *a.validation]])
    except (OSError, ValueError) as e:
        sys.stderr.write(f"toolmend train-detector: {e}\n")
        return 2
    a.out.write_bytes(scorer.dumps(doc))
    v = doc["trained"]["validation"]
    sys.stdout.write(f"wrote {a.out}: {doc['trained']['train_turns']} training turns; validation threshold "
                     f"{v['threshold']:.2f} precision {v['precision']:.3f} recall {v['recall']:.3f}\n")
    return 0


__all__ = ["dataset", "examples", "fit", "load_records", "main", "train"]


if __name__ == "__main__":
    raise SystemExit(main())
