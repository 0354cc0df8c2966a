"""What a partition keeps in memory follows its live conversations: nothing grows with the conversations it has
seen (ended, evicted) or with time."""

from __future__ import annotations

import gc
import types
from typing import Any

import orjson

from processor.core.partition import EngineConfig, OutRecord, PartitionProcessor
from processor.core.timers import SPARE_ENTRIES
from processor.synth.generate import generate

NOW = 1_767_225_600_000
HOUR_MS = 3_600_000


def event(cid: str, ts: int, **body: Any) -> tuple[bytes, bytes]:
    return cid.encode(), orjson.dumps({"conversation_id": cid, "ts": ts, **body})


def chat(cid: str, ts: int, end: bool) -> list[tuple[bytes, bytes]]:
    """A short conversation: a question, a call and its result, an answer, and (if `end`) its end event."""
    call = {"id": f"{cid}-c", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}
    out = [event(cid, ts, message={"role": "user", "content": "what is the status of my order?"}),
           event(cid, ts + 1, message={"role": "assistant", "content": None, "tool_calls": [call]}),
           event(cid, ts + 2, message={"role": "tool", "tool_call_id": f"{cid}-c", "content": "shipped"}),
           event(cid, ts + 3, message={"role": "assistant", "content": "It has shipped."})]
    if end:
        out.append(event(cid, ts + 4, type="end"))
    return out


def feed(p: PartitionProcessor, items: list[tuple[bytes, bytes]], every: int = 200) -> list[OutRecord]:
    """Process in order, taking the changelog and committing every `every` records, as the worker does."""
    out: list[OutRecord] = []
    for k, v in items:
        off = p.offset + 1
        out.extend(p.process(off, k, v))
        if off % every == every - 1:
            p.take_changelog()
            p.committed(off + 1)
    p.take_changelog()
    p.committed(p.offset + 1)
    p.take_changelog()  # the tombstones of conversations whose end the commit passed
    return out


def timer_entries(p: PartitionProcessor) -> int:
    timeouts, evictions = p.timers.queues()
    return len(timeouts) + len(evictions)


def holds(root: object, text: str) -> bool:
    """Whether any object reachable from `root` (modules, types and functions aside) is the string `text`."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        o = stack.pop()
        if id(o) in seen or isinstance(o, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)):
            continue
        seen.add(id(o))
        if type(o) is str and o == text:
            return True
        stack.extend(gc.get_referents(o))
    return False


def test_the_timer_queues_follow_the_live_conversations_not_those_ended_within_the_ttl() -> None:
    p = PartitionProcessor("in", 0, EngineConfig())  # a 24 h TTL: every eviction entry below is stale for a day
    n = 3 * SPARE_ENTRIES
    items = [e for c in range(n) for e in chat(f"conv-{c}", NOW + c * 1_000, end=True)]
    items += [e for c in range(20) for e in chat(f"open-{c}", NOW + n * 1_000 + c, end=False)]
    feed(p, items)
    assert p.conversations == 20
    assert timer_entries(p) <= 3 * p.conversations + SPARE_ENTRIES


def test_an_ended_conversation_leaves_nothing_that_names_it_once_the_queues_are_rebuilt() -> None:
    p = PartitionProcessor("in", 0, EngineConfig())
    p.timers.spare = 0  # rebuilt as soon as they hold one stale entry over the bound
    feed(p, chat("gone-for-good", NOW, end=True) + [e for c in range(3) for e in chat(f"o{c}", NOW + 10, False)])
    assert p.conversations == 3
    assert not holds(p, "gone-for-good")
    assert holds(p, "o2")  # the walk does see what the partition keeps


def test_an_evicted_conversation_leaves_nothing_that_names_it() -> None:
    p = PartitionProcessor("in", 0, EngineConfig(conversation_ttl_ms=HOUR_MS))
    feed(p, chat("idle", NOW, end=False) + chat("later", NOW + 2 * HOUR_MS, end=False))
    assert p.conversations == 1
    assert not holds(p, "idle")


def run(cfg: EngineConfig, spare: int) -> list[tuple[str, bytes | None, bytes | None]]:
    events, _ = generate(150, seed=5, partitions=1)
    p = PartitionProcessor("in", 0, cfg)
    p.timers.spare = spare
    got: list[tuple[str, bytes | None, bytes | None]] = []
    for off, e in enumerate(events):
        got.extend((r.kind, r.key, r.value) for r in p.process(off, e.key, e.value))
        if off % 50 == 49:
            got.extend(("changelog", k, v) for k, v in p.take_changelog())
            p.committed(off + 1)
    return got


def test_rebuilding_the_timer_queues_after_every_record_changes_no_output() -> None:
    # short timeouts and TTL, a small hot set: timeouts, evictions and wakes from the stored form all happen
    cfg = EngineConfig(conversation_ttl_ms=HOUR_MS // 2, hot_conversations=8)
    assert run(cfg, 0) == run(cfg, 10**9)
