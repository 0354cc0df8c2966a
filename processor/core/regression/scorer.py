"""The learned scorer of `text_only_regression`: a logistic model over the turn's features (`features.py`).

It owns the model file's format and the active model; it must not know how features are computed or where a
model file comes from (the shell reads files; this module parses their text). A model file is JSON:

    {"format": "toolmend-detector-model", "format_version": 1, "version": "<name>", "features": [names...],
     "kind": "trees" | "logistic", "bias": float, "threshold": float,
     "trees": [[feature, threshold, left, right, value] per node, per tree]   (kind "trees")
     "weights": [one float per feature]                                         (kind "logistic")
     "trained": {...provenance, validation figures...}, "sha256": "<hex of the canonical body>"}

A model whose feature names differ from this build's (`features.NAMES`) is refused, so a file trained for another
release cannot be misread. The raw score is `bias` plus the sum of each tree's leaf value (a node goes left when
`x[feature] <= threshold`; a leaf has feature -1) or plus `sum(w * x)`; the score is its logistic,
`1 / (1 + exp(-raw))`, a probability; a finding is reported when it reaches the threshold (the model's own,
unless a setting overrides it). Inference is pure Python over floats read from the file: deterministic, the same
with the compiled and the Python core.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from .features import NAMES

FORMAT = "toolmend-detector-model"
FORMAT_VERSION = 1


class ModelError(ValueError):
    """A model file that cannot be used (one line, no content echoed)."""


Node = tuple[int, float, int, int, float]  # feature (-1: leaf), threshold, left, right, leaf value


class Model:
    """One trained scorer (a plain class, for mypyc)."""

    __slots__ = ("bias", "digest", "threshold", "trained", "trees", "version", "weights")

    def __init__(self, weights: Sequence[float], bias: float, threshold: float, version: str, digest: str,
                 trained: Mapping[str, Any] | None = None, trees: Sequence[Sequence[Node]] = ()) -> None:
        self.weights: tuple[float, ...] = tuple(float(w) for w in weights)
        self.trees: tuple[tuple[Node, ...], ...] = tuple(tuple(t) for t in trees)
        self.bias = float(bias)
        self.threshold = float(threshold)
        self.version = version  # a name for the model (what the finding's detail and the docs cite)
        self.digest = digest  # sha256 of the canonical body: which weights these are
        self.trained: dict[str, Any] = dict(trained or {})

    def raw(self, x: Sequence[float]) -> float:
        z = self.bias
        w = self.weights
        for i in range(len(w)):
            v = x[i]
            if v != 0.0:
                z += w[i] * v
        for tree in self.trees:
            node = tree[0]
            while node[0] >= 0:
                node = tree[node[2]] if x[node[0]] <= node[1] else tree[node[3]]
            z += node[4]
        return z

    def score(self, x: Sequence[float]) -> float:
        z = self.raw(x)
        if z >= 0:
            return 1.0 / (1.0 + math.exp(-z))
        e = math.exp(z)
        return e / (1.0 + e)

    def with_threshold(self, threshold: float) -> Model:
        return Model(self.weights, self.bias, threshold, self.version, self.digest, self.trained, self.trees)


def body(features: Sequence[str], weights: Sequence[float], bias: float, threshold: float, version: str,
         trained: Mapping[str, Any], trees: Sequence[Sequence[Node]] = ()) -> dict[str, Any]:
    """A model file's content without its hash (what the hash covers)."""
    out: dict[str, Any] = {"format": FORMAT, "format_version": FORMAT_VERSION, "version": version,
                           "features": list(features), "bias": round(float(bias), 8),
                           "threshold": round(float(threshold), 6), "trained": dict(trained)}
    if trees:
        out["kind"] = "trees"
        out["trees"] = [[[int(f), float(t), int(a), int(b), round(float(v), 8)] for f, t, a, b, v in tree]
                        for tree in trees]
    else:
        out["kind"] = "logistic"
        out["weights"] = [round(float(w), 8) for w in weights]
    return out


def _trees(doc: Any) -> list[list[Node]]:
    if not isinstance(doc, list) or len(doc) > 4096:
        raise ModelError("detector model: trees must be a list")
    out: list[list[Node]] = []
    for tree in doc:
        if not isinstance(tree, list) or not tree or len(tree) > 4096:
            raise ModelError("detector model: a tree must be a non-empty list of nodes")
        nodes: list[Node] = []
        for node in tree:
            if not (isinstance(node, list) and len(node) == 5 and all(
                    isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in node)):
                raise ModelError("detector model: a node is [feature, threshold, left, right, value]")
            f, a, b = int(node[0]), int(node[2]), int(node[3])
            if f >= len(NAMES) or (f >= 0 and not (0 < a < len(tree) and 0 < b < len(tree))):
                raise ModelError("detector model: a node names a feature or a child that does not exist")
            nodes.append((f if f >= 0 else -1, float(node[1]), a, b, float(node[4])))
        out.append(nodes)
    for tree in out:  # children come after their parent: every walk ends
        for i, n in enumerate(tree):
            if n[0] >= 0 and not (n[2] > i and n[3] > i):
                raise ModelError("detector model: a node's children must follow it")
    return out


def digest_of(doc: Mapping[str, Any]) -> str:
    canon = orjson.dumps({k: v for k, v in doc.items() if k != "sha256"}, option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(canon).hexdigest()


def dumps(doc: Mapping[str, Any]) -> bytes:
    """A model file's bytes, its hash added."""
    out = dict(doc)
    out["sha256"] = digest_of(doc)
    return orjson.dumps(out, option=orjson.OPT_SORT_KEYS) + b"\n"


def parse(text: str | bytes) -> Model:
    try:
        doc = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise ModelError("detector model: not JSON") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ModelError("detector model: not a toolmend detector model file")
    if doc.get("format_version") != FORMAT_VERSION:
        raise ModelError(f"detector model: format version {doc.get('format_version')!r}, this build reads "
                         f"{FORMAT_VERSION}")
    if list(doc.get("features") or ()) != list(NAMES):
        raise ModelError("detector model: its features are not this build's (retrain it with this release)")
    kind = doc.get("kind", "logistic")
    trees: list[list[Node]] = []
    weights: Any = []
    if kind == "trees":
        trees = _trees(doc.get("trees"))
    elif kind == "logistic":
        weights = doc.get("weights")
        if not isinstance(weights, list) or len(weights) != len(NAMES) or not all(
                isinstance(w, int | float) and not isinstance(w, bool) and math.isfinite(w) for w in weights):
            raise ModelError("detector model: weights must be one finite number per feature")
    else:
        raise ModelError("detector model: kind must be trees or logistic")
    bias, threshold = doc.get("bias"), doc.get("threshold")
    if not isinstance(bias, int | float) or not isinstance(threshold, int | float) or not 0 <= threshold <= 1:
        raise ModelError("detector model: bias must be a number and threshold within [0, 1]")
    digest = digest_of(doc)
    if doc.get("sha256") not in (None, digest):
        raise ModelError("detector model: sha256 does not match its content")
    trained = doc.get("trained")
    return Model(weights, bias, threshold, str(doc.get("version", "")), digest,
                 trained if isinstance(trained, dict) else None, trees)


_ACTIVE: list[Model] = []  # the model detectors use; the shipped one unless `use` set another


def shipped() -> Model:
    from importlib import resources

    # found from processor.core (kept Python): a compiled package has no resource reader of its own
    return parse((resources.files("processor.core") / "regression" / "model.json").read_bytes())


def active() -> Model:
    if not _ACTIVE:
        _ACTIVE.append(shipped())
    return _ACTIVE[0]


def use(model: Model | None = None, threshold: float | None = None) -> Model:
    """Make `model` (None: the shipped one) the one every detector of this process scores with; `threshold`
    overrides its own. Returns the model now active."""
    m = model if model is not None else shipped()
    if threshold is not None:
        if not 0 <= threshold <= 1:
            raise ModelError("detector threshold must be within [0, 1]")
        m = m.with_threshold(threshold)
    _ACTIVE.clear()
    _ACTIVE.append(m)
    return m


def swap(model: Model | None) -> Model | None:
    """Set the active model as is (None: the shipped one on next use) and return the one it replaces."""
    previous = _ACTIVE[0] if _ACTIVE else None
    _ACTIVE.clear()
    if model is not None:
        _ACTIVE.append(model)
    return previous


def neutral() -> Model:
    """A model that scores every turn 0.5: for computing features without any model file (training)."""
    return Model([0.0] * len(NAMES), 0.0, 0.5, "neutral", "")


__all__ = ["FORMAT", "Model", "ModelError", "active", "body", "digest_of", "dumps", "neutral", "parse", "shipped",
           "swap", "use"]
