"""Request snapshots repaired incrementally (core/snapshots.py): the same outputs as a repair from scratch."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

import processor.core.snapshots as snapshots
from processor.core.partition import EngineConfig, PartitionProcessor


def _turn(t: int, answered: bool = True) -> list[dict[str, Any]]:
    call = {"id": f"call_{t}", "type": "function",
            "function": {"name": "weather", "arguments": orjson.dumps({"city": f"c{t}"}).decode()}}
    out: list[dict[str, Any]] = [{"role": "user", "content": f"weather in city {t}?"},
                                 {"role": "assistant", "content": None, "tool_calls": [call]}]
    if answered:
        out.append({"role": "tool", "tool_call_id": f"call_{t}", "content": f"sunny, {t} degrees"})
    return out


def _event(msgs: list[dict[str, Any]], ts: int, tools: Any = None) -> bytes:
    doc: dict[str, Any] = {"conversation_id": "c1", "ts": ts, "type": "request", "dialect": "openai_chat",
                           "messages": msgs}
    if tools is not None:
        doc["tools"] = tools
    return orjson.dumps(doc)


def _run(values: list[bytes], cache: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], int]:
    monkeypatch.setattr(snapshots, "MAX_SNAPSHOT_BYTES", (256 << 10) if cache else -1)
    p = PartitionProcessor("in", 0, EngineConfig())
    outs = []
    for i, v in enumerate(values):
        outs.append([(r.kind, r.key, r.value, r.headers) for r in p.process(i, b"c1", v)])
    outs.append(p.take_changelog())
    return outs, p.snapshots.hits


def _same(values: list[bytes], monkeypatch: pytest.MonkeyPatch) -> int:
    scratch, _ = _run(values, False, monkeypatch)
    incremental, hits = _run(values, True, monkeypatch)
    assert incremental == scratch
    return hits


def test_growing_history_is_continued_with_the_same_outputs(monkeypatch: pytest.MonkeyPatch) -> None:
    msgs: list[dict[str, Any]] = []
    values = []
    for t in range(12):
        msgs += _turn(t)
        values.append(_event(msgs, 1000 + t))
        msgs.append({"role": "assistant", "content": f"sunny, {t} degrees"})
    assert _same(values, monkeypatch) >= 10


def test_a_prefix_equal_in_python_but_not_in_bytes_is_repaired_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    first = [{"role": "user", "content": "hi", "n": 1}, {"role": "assistant", "content": "hello"}]
    # 1 == 1.0 == True in Python, and dicts compare without their key order: none of them is the same prefix
    seconds = [[{"role": "user", "content": "hi", "n": 1.0}, {"role": "assistant", "content": "hello"}],
               [{"role": "user", "content": "hi", "n": True}, {"role": "assistant", "content": "hello"}],
               [{"content": "hi", "role": "user", "n": 1}, {"role": "assistant", "content": "hello"}]]
    for second in seconds:
        values = [_event(first, 1), _event([*second, *_turn(1)], 2)]
        assert _same(values, monkeypatch) == 0


def test_changed_tools_or_faulty_prefixes_are_repaired_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    tools = [{"type": "function", "function": {"name": "weather", "annotations": {"readOnlyHint": False}}}]
    msgs = _turn(0)
    values = [_event(msgs, 1), _event([*msgs, *_turn(1)], 2, tools)]
    assert _same(values, monkeypatch) == 0
    broken = [*_turn(0, answered=False), {"role": "user", "content": "and now?"}]  # a dangling call
    values = [_event(broken, 1), _event([*broken, *_turn(1)], 2), _event([*broken, *_turn(1), *_turn(2)], 3)]
    _same(values, monkeypatch)


def test_the_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshots, "MAX_ENTRIES", 3)
    p = PartitionProcessor("in", 0, EngineConfig(behaviour=False))
    for i in range(10):
        cid = f"c{i}"
        doc = {"conversation_id": cid, "ts": i, "type": "request", "dialect": "openai_chat",
               "messages": [{"role": "user", "content": "hi"}]}
        p.process(i, cid.encode(), orjson.dumps(doc))
    assert list(p.snapshots.entries) == ["c7", "c8", "c9"]
    assert p.snapshots.bytes == sum(len(e.prefix) for e in p.snapshots.entries.values())


@pytest.mark.parametrize(("full", "prefix"), [
    ([{"a": 1}, {"b": 2}], [{"a": 1}]),
    ([{"a": 1}], [{"a": 1}]),
    ([{"a": 1}], [{"a": 1}, {"b": 2}]),
    ([{"a": 12}], [{"a": 1}]),
    ([1, 2], [1]),
    ([12, 2], [1]),
    (["ab", 2], ["a"]),
    ([{"a": [1, 2]}, 3], [{"a": [1]}]),
    ([], [{"a": 1}]),
    ([{"a": 1}], []),
])
def test_a_kept_prefix_is_recognised_in_the_snapshot_bytes_exactly_when_its_elements_start_the_snapshot(
        full: list[Any], prefix: list[Any]) -> None:
    """The prefix is compared with the start of the whole snapshot serialized once: the same answer as
    serializing the snapshot's first elements and comparing (a number or a string that only starts alike is no
    match)."""
    expected = len(prefix) <= len(full) and orjson.dumps(full[:len(prefix)]) == orjson.dumps(prefix)
    assert snapshots._continues(orjson.dumps(full), orjson.dumps(prefix)) is expected
