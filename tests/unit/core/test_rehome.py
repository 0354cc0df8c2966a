"""The repartition rebuild by conversation (`processor/core/rehome.py`), without a broker: where each
conversation's state goes, in what order its events are applied, what event time each new partition follows,
and that a conversation that moved goes on with its whole history."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from processor.core.config import DEFAULT_ENGINE
from processor.core.events import parse_event
from processor.core.partition import PartitionProcessor
from processor.core.rehome import Rehome, merge_key, sources
from processor.core.state.layout import CONV_OFFSET
from processor.synth.generate import generate
from processor.synth.merge import kafka_partition
from tests.support.rehome_oracle import Rec, merged, offline_by_conversation, rebuilt, restored

TOPIC = "in"


def route(n: int) -> Any:
    return lambda key: kafka_partition(key, n)


def stored(items: list[tuple[bytes | None, bytes]], n: int) -> list[Rec]:
    """Records as a broker of `n` partitions stores them, keyed by Kafka's partitioner."""
    offsets: dict[int, int] = {}
    out = []
    for key, value in items:
        p = kafka_partition(key, n) if key is not None else 0
        out.append(Rec(p, offsets.get(p, 0), key, value))
        offsets[p] = offsets.get(p, 0) + 1
    return out


def untagged(x: Any) -> Any:
    """A state with the input offsets of held messages' tags left out (the rebuild applies records under offsets
    of its own; a tag is a tuple of two integers)."""
    if isinstance(x, tuple) and len(x) == 2 and all(type(v) is int for v in x):
        return ("tag", x[1])
    if isinstance(x, tuple):
        return tuple(untagged(v) for v in x)
    if isinstance(x, list):
        return [untagged(v) for v in x]
    if isinstance(x, dict):
        return {k: untagged(v) for k, v in x.items()}
    return x


def states(proc: PartitionProcessor) -> dict[str, dict[str, Any]]:
    """Each conversation's state, as stored, without the input offsets (positions of its partition)."""
    out = {}
    for cid in [*proc.convs, *proc.cold]:
        conv = proc.get(cid)
        assert conv is not None
        st = conv.to_state()
        st.pop(CONV_OFFSET)
        out[cid] = untagged(st)
    return out


def test_sources_follow_the_key_hash() -> None:
    assert sources(4, 8) == {p: [p % 4, p % 4 + 4] for p in range(8)}
    assert sources(4, 6)[1] == [1, 3, 5]  # gcd 2: odd to odd
    assert sources(3, 4)[0] == [0, 1, 2, 3]  # coprime: every old partition feeds every new one
    assert sources(0, 2) == {0: [0, 1], 1: [0, 1]}  # old count unknown: all
    for key in (f"c{i}".encode() for i in range(500)):
        assert kafka_partition(key, 8) in sources(4, 8)[kafka_partition(key, 4)]
        assert kafka_partition(key, 6) in sources(4, 6)[kafka_partition(key, 4)]


def test_merge_keeps_each_partition_in_offset_order_and_merges_by_event_time() -> None:
    def ev(ts: int) -> bytes:
        return orjson.dumps({"conversation_id": "x", "ts": ts})

    recs = [Rec(0, 0, b"x", ev(50)), Rec(0, 1, b"x", ev(10)), Rec(0, 2, b"x", ev(60)),
            Rec(1, 0, b"x", ev(20)), Rec(1, 1, b"x", b"not json"), Rec(1, 2, b"x", ev(55)),
            Rec(2, 0, b"x", ev(5)), Rec(2, 1, b"x", ev(70))]
    order = [(r.partition, r.offset) for r in merged(recs, {0: 3, 1: 3, 2: 1})]
    # heads compared by (ts, partition, offset); p0's ts 10 waits behind its ts 50; no ts counts as -1;
    # partition 2 is committed up to offset 1 only
    assert order == [(2, 0), (1, 0), (1, 1), (0, 0), (0, 1), (1, 2), (0, 2)]
    assert merge_key(3, 7, b"[1]") == (-1, 3, 7)


@pytest.mark.parametrize("seed", [3, 11])
def test_a_multiple_of_the_count_keeps_every_state_exactly(seed: int) -> None:
    """4 -> 8: each new partition has one source; every conversation's rebuilt state is the one its old
    partition's pass held (what its outputs were decided with), moved or not; the watermark is its source's."""
    events, _ = generate(240, seed=seed, partitions=4)
    recs = stored([(e.key, e.value) for e in events], 4)
    ends = {p: 1 + max(r.offset for r in recs if r.partition == p) for p in range(4)}
    positions = {p: ends[p] * 2 // 3 for p in ends}
    old = {p: PartitionProcessor(TOPIC, p, DEFAULT_ENGINE) for p in range(4)}
    for r in sorted(recs, key=lambda r: (r.partition, r.offset)):
        if r.offset < positions[r.partition]:
            old[r.partition].process(r.offset, r.key, r.value, r.headers, r.timestamp)
    rehome = rebuilt(recs, positions, TOPIC, 4, 8, route(8), DEFAULT_ENGINE)
    moved = 0
    for p, proc in old.items():
        for cid, st in states(proc).items():
            q = kafka_partition(cid.encode(), 8)
            moved += q != p
            assert states(rehome.procs[q]).get(cid) == st, (cid, p, q)
        assert proc.quarantined == {c for q in (p, p + 4) for c in rehome.procs[q].quarantined}
    assert moved > 20
    for q, proc in rehome.procs.items():
        assert set(states(proc)) <= {c for c in states(old[q % 4]) if kafka_partition(c.encode(), 8) == q}
        assert proc.watermark == old[q % 4].watermark  # its timers fired as its source's did
        meta = orjson.loads(rehome.state(q, positions.get(q, 0))[-1][1] or b"{}")
        own = [ts for r in recs if r.offset < positions[r.partition] and r.key and kafka_partition(r.key, 8) == q
               and (ts := _ts(r)) is not None]
        assert meta["wm"] == max(own) <= proc.watermark  # it resumes at its own records' time


def _ts(r: Rec) -> int | None:
    try:
        return parse_event(r.key, r.value).ts
    except Exception:
        return None


def test_offsets_of_the_rebuild_stay_below_every_real_one() -> None:
    events, _ = generate(60, seed=5, partitions=2)
    recs = stored([(e.key, e.value) for e in events], 2)
    positions = {0: 40, 1: 40}
    rehome = rebuilt(recs, positions, TOPIC, 2, 4, route(4), DEFAULT_ENGINE)
    for q in range(4):
        assert rehome.procs[q].offset < -1
        records = rehome.state(q, positions.get(q, 0))
        meta = orjson.loads(records[-1][1] or b"{}")
        assert meta["o"] == positions.get(q, 0) - 1 and meta["cp"] == [[meta["o"], meta["wm"]]]
        for cid, conv in rehome.procs[q].convs.items():
            assert conv.offset < -1, cid
            assert kafka_partition(cid.encode(), 4) == q


def _chat(cid: str, ts: int, message: dict[str, Any]) -> tuple[bytes, bytes]:
    return cid.encode(), orjson.dumps({"conversation_id": cid, "ts": ts, "dialect": "openai_chat",
                                       "message": message})


def _moving(n: int, m: int) -> str:
    return next(c for c in (f"conv-{i}" for i in range(1000)) if kafka_partition(c.encode(), n)
                != kafka_partition(c.encode(), m))


def test_a_moved_conversation_goes_on_with_its_history() -> None:
    """A call made before the change and answered after it, in the conversation's new partition: per partition,
    its result is an orphan and the call dangles; by conversation, the result closes the call."""
    cid = _moving(4, 8)
    call = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}
    before = [_chat(cid, 1_000, {"role": "user", "content": "weather in Paris?"}),
              _chat(cid, 2_000, {"role": "assistant", "content": None, "tool_calls": [call]})]
    after = [_chat(cid, 3_000, {"role": "tool", "tool_call_id": "call_1", "content": "sunny"}),
             _chat(cid, 4_000, {"role": "assistant", "content": "It is sunny."}),
             (cid.encode(), orjson.dumps({"conversation_id": cid, "ts": 5_000, "type": "end"}))]
    p, q = kafka_partition(cid.encode(), 4), kafka_partition(cid.encode(), 8)
    recs = [Rec(p, i, k, v) for i, (k, v) in enumerate(before)] + [Rec(q, i, k, v) for i, (k, v) in enumerate(after)]
    positions = {p: len(before)}
    kinds: dict[bool, list[str]] = {True: [], False: []}

    def seen(part: int, r: Any, o: Any, late: bool) -> None:
        if o.kind == "findings":
            kinds[late].append(orjson.loads(o.value)["kind"])
        assert o.kind != "dead_letter", o

    offline_by_conversation(recs, positions, TOPIC, 4, 8, route(8), DEFAULT_ENGINE, seen)
    assert "orphan_tool_result" not in kinds[True] and "dangling_tool_call" not in kinds[True], kinds
    # the per-partition rebuild (the default): the new partition starts without the call
    fresh = PartitionProcessor(TOPIC, q, DEFAULT_ENGINE)
    found = [orjson.loads(o.value)["kind"] for i, (k, v) in enumerate(after)
             for o in fresh.process(i, k, v) if o.kind == "findings"]
    assert "orphan_tool_result" in found, found


def test_events_of_one_conversation_in_two_partitions_are_applied_in_event_time_order() -> None:
    """A conversation whose records are in two old partitions (an earlier repartition, a producer with stale
    metadata) gets one state, as if one partition had held them all in event-time order."""
    cid = "conv-split"
    call = {"id": "call_9", "type": "function", "function": {"name": "search_web", "arguments": "{}"}}
    evs = [_chat(cid, 1_000, {"role": "user", "content": "find it"}),
           _chat(cid, 2_000, {"role": "assistant", "content": None, "tool_calls": [call]}),
           _chat(cid, 3_000, {"role": "tool", "tool_call_id": "call_9", "content": "found"}),
           _chat(cid, 4_000, {"role": "assistant", "content": "Here it is."})]
    recs = [Rec(0, 0, *evs[0]), Rec(1, 0, *evs[1]), Rec(0, 1, *evs[2]), Rec(1, 1, *evs[3])]
    rehome = rebuilt(recs, {0: 2, 1: 2}, TOPIC, 2, 2, lambda key: 1, DEFAULT_ENGINE)
    whole = PartitionProcessor(TOPIC, 1, DEFAULT_ENGINE)
    for i, (k, v) in enumerate(evs):
        whole.process(i, k, v)
    assert states(rehome.procs[1]) == states(whole)
    assert not states(rehome.procs[0])
    proc = restored(rehome, 1, 2, DEFAULT_ENGINE)
    conv = proc.get(cid)
    assert conv is not None and conv.tracker.open_calls == 0


def test_records_without_a_conversation_are_counted_not_applied() -> None:
    rehome = Rehome(TOPIC, 2, 2, {0: 1}, route(2), DEFAULT_ENGINE)
    rehome.add(0, None, b"not json")
    assert rehome.unrouted == 1 and rehome.applied == 0 and rehome.records == 1
    assert all(proc.conversations == 0 for proc in rehome.procs.values())


@pytest.mark.parametrize("old_known", [4, 0])
def test_a_count_that_is_no_multiple_keeps_every_conversation_whole(old_known: int) -> None:
    """4 -> 6 (gcd 2: two old partitions feed each new one), and with the old count unknown (every old partition
    feeds every new one): each conversation lives in exactly one new partition, the one its key maps to, with all
    of its records applied (its tracker saw as many messages as its old partition's did); a moved conversation's
    call answered after the change closes."""
    events, _ = generate(200, seed=21, partitions=4)
    recs = stored([(e.key, e.value) for e in events], 4)
    positions = {p: 1 + max(r.offset for r in recs if r.partition == p) for p in range(4)}
    old = {p: PartitionProcessor(TOPIC, p, DEFAULT_ENGINE) for p in range(4)}
    for r in sorted(recs, key=lambda r: (r.partition, r.offset)):
        old[r.partition].process(r.offset, r.key, r.value, r.headers, r.timestamp)
    rehome = rebuilt(recs, positions, TOPIC, old_known, 6, route(6), DEFAULT_ENGINE)
    where = {cid: q for q, proc in rehome.procs.items() for cid in states(proc)}
    for proc in old.values():
        for cid, st in states(proc).items():
            assert where.get(cid) == kafka_partition(cid.encode(), 6), cid
            assert states(rehome.procs[where[cid]])[cid]["t"]["n"] == st["t"]["n"], cid
    assert sum(len(states(p)) for p in rehome.procs.values()) == sum(len(states(p)) for p in old.values())

    cid = _moving(4, 6)
    call = {"id": "call_2", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}
    p, q = kafka_partition(cid.encode(), 4), kafka_partition(cid.encode(), 6)
    pre = [Rec(p, 0, *_chat(cid, 1_000, {"role": "user", "content": "weather?"})),
           Rec(p, 1, *_chat(cid, 2_000, {"role": "assistant", "content": None, "tool_calls": [call]}))]
    post = [Rec(q, 0, *_chat(cid, 3_000, {"role": "tool", "tool_call_id": "call_2", "content": "rain"}))]
    kinds: list[str] = []
    offline_by_conversation(pre + post, {p: 2}, TOPIC, old_known, 6, route(6), DEFAULT_ENGINE,
                            lambda part, r, o, late: kinds.append(orjson.loads(o.value).get("kind", o.kind))
                            if late and o.kind == "findings" else None)
    assert "orphan_tool_result" not in kinds, kinds
