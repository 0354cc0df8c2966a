"""Labelled conversations as training examples: each judged turn (a text-only first answer after a tool was used)
as the scorer's features and its label.

Each line of a data file is one labelled conversation (the format is in docs/regression.md, "Labelled data"):
`messages` (a stream) or `snapshots` (successive request snapshots), optional `system` and `tools`, and
`labels.text_only_regression` (a list of `{"index": i}` or `{"snapshot": k, "index": i}`, the assistant messages
that are regressions). Every other judged turn is a negative. The turns are run through the same engine pieces as
`processor.repair()` (so a feature is what production computes), once with the record's tool definitions and once
without them (a request may or may not carry them).

Imports the core only; knows nothing of how a model is fitted (`fitting.py`) or of flags.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import orjson

from ..core import dialects
from ..core.behaviour import Behaviour
from ..core.regression import scorer
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


def is_snapshots(rec: dict[str, Any]) -> bool:
    return rec.get("input") == "snapshots" or (not isinstance(rec.get("messages"), list)
                                              and isinstance(rec.get("snapshots"), list))


def gold(rec: dict[str, Any]) -> set[tuple[int | None, int]]:
    snaps = is_snapshots(rec)
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
    if is_snapshots(rec):
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


__all__ = ["Example", "dataset", "examples", "gold", "is_snapshots", "load_records"]
