"""The partition processor without a broker: cold storage, restore and replays give the same output."""

from __future__ import annotations

from typing import Any

import orjson

from processor.core.partition import EngineConfig, OutRecord, PartitionProcessor
from processor.synth.generate import generate


def run(events: list[Any], cfg: EngineConfig, restore_every: int = 0) -> list[tuple[str, bytes | None]]:
    """Feed generated events of partition 0..3 in order; optionally rebuild the processor from its own
    changelog every `restore_every` records (as a new owner after a rebalance would)."""
    procs: dict[int, PartitionProcessor] = {}
    logs: dict[int, dict[bytes, bytes | None]] = {}
    out: list[tuple[str, bytes | None]] = []
    offsets: dict[int, int] = {}
    for n, e in enumerate(events):
        part = e.partition if hasattr(e, "partition") else 0
        proc = procs.setdefault(part, PartitionProcessor("in", part, cfg))
        off = offsets.get(part, 0)
        offsets[part] = off + 1
        recs: list[OutRecord] = proc.process(off, e.key, e.value)
        out.extend((dict(r.headers)["toolmend-id"].decode(), r.value) for r in recs)
        log = logs.setdefault(part, {})
        for k, v in proc.take_changelog():
            log[k] = v
        if restore_every and n % restore_every == restore_every - 1:
            fresh = PartitionProcessor("in", part, cfg)
            for k, v in log.items():
                fresh.restore(k, v)
            fresh.finish_restore()
            procs[part] = fresh
    return out


def test_cold_storage_and_restores_change_nothing() -> None:
    events, truth = generate(120, seed=21, partitions=1)
    hot = run(events, EngineConfig(hot_conversations=100_000))
    cold = run(events, EngineConfig(hot_conversations=1))
    restored = run(events, EngineConfig(hot_conversations=8), restore_every=97)
    assert hot == cold == restored
    kinds = [orjson.loads(v)["kind"] for rid, v in hot if ":f" in rid and v is not None]
    assert kinds.count("dangling_tool_call") == truth.to_dict()["totals"]["dangling"]


def test_cold_conversations_keep_their_open_calls_and_timers() -> None:
    cfg = EngineConfig(hot_conversations=1)
    p = PartitionProcessor("in", 0, cfg)
    call = {"role": "assistant", "content": None,
            "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}
    p.process(0, b"a", orjson.dumps({"conversation_id": "a", "ts": 1_000, "message": call}))
    p.process(1, b"b", orjson.dumps({"conversation_id": "b", "ts": 2_000, "message": {"role": "user",
                                                                                       "content": "hi"}}))
    assert "a" in p.cold and p.open_calls == 1 and p.conversations == 2
    # b's traffic moves the watermark past a's deadline: a wakes up and times out
    later = 1_000 + cfg.repair.tool_result_timeout_ms
    out = p.process(2, b"b", orjson.dumps({"conversation_id": "b", "ts": later,
                                           "message": {"role": "user", "content": "still there?"}}))
    findings = [orjson.loads(r.value or b"") for r in out if r.kind == "findings"]
    assert [(f["kind"], f["reason"], f["conversation_id"]) for f in findings] == [
        ("dangling_tool_call", "timeout", "a")]
    assert p.open_calls == 0


def test_idle_conversations_are_evicted_by_event_time_with_a_tombstone() -> None:
    cfg = EngineConfig(conversation_ttl_ms=60_000, hot_conversations=1)
    p = PartitionProcessor("in", 0, cfg)
    call = {"role": "assistant", "content": None,
            "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}
    p.process(0, b"a", orjson.dumps({"conversation_id": "a", "ts": 0, "message": {"role": "user", "content": "q"}}))
    p.process(1, b"a", orjson.dumps({"conversation_id": "a", "ts": 1_000, "message": call}))
    p.take_changelog()
    # the tool timeout (10 min) is longer than the TTL here: eviction decides the call
    out = p.process(2, b"b", orjson.dumps({"conversation_id": "b", "ts": 61_001,
                                           "message": {"role": "user", "content": "hi"}}))
    findings = [orjson.loads(r.value or b"") for r in out if r.kind == "findings"]
    assert [(f["kind"], f["reason"]) for f in findings] == [("dangling_tool_call", "evicted")]
    repaired = [orjson.loads(r.value or b"") for r in out if r.kind == "repaired"]
    assert [m["synthesized"] for m in repaired if m["conversation_id"] == "a"] == [True]
    assert p.conversations == 1
    log = dict(p.take_changelog())
    # until the commit passes the eviction, a marker: a new owner resuming earlier must skip a's old records
    assert orjson.loads(log[b"a"] or b"") == {"x": 2}
    p.committed(3)
    assert dict(p.take_changelog())[b"a"] is None  # then a tombstone: the compacted changelog forgets it
    # a replay of the same records decides the same (event time, not wall clock)
    q = PartitionProcessor("in", 0, cfg)
    q.process(0, b"a", orjson.dumps({"conversation_id": "a", "ts": 0, "message": {"role": "user", "content": "q"}}))
    q.process(1, b"a", orjson.dumps({"conversation_id": "a", "ts": 1_000, "message": call}))
    again = q.process(2, b"b", orjson.dumps({"conversation_id": "b", "ts": 61_001,
                                             "message": {"role": "user", "content": "hi"}}))
    assert [(r.kind, r.value) for r in again] == [(r.kind, r.value) for r in out]


def test_an_active_conversation_is_not_evicted() -> None:
    cfg = EngineConfig(conversation_ttl_ms=60_000)
    p = PartitionProcessor("in", 0, cfg)
    for i, ts in enumerate((0, 50_000, 100_000)):
        p.process(i, b"a", orjson.dumps({"conversation_id": "a", "ts": ts,
                                         "message": {"role": "user", "content": f"m{i}"}}))
    assert p.conversations == 1
    p.process(3, b"b", orjson.dumps({"conversation_id": "b", "ts": 160_001,
                                     "message": {"role": "user", "content": "x"}}))
    assert p.get("a") is None and p.conversations == 1


def test_restore_behind_the_state_replays_identically() -> None:
    """A crash after a batch's outputs and state were acknowledged but before its commit: the new owner restores
    state that is ahead of the committed offset and reprocesses from there. Every record it writes again must be
    byte-identical to the first pass (timers fire at the same records: the watermark is the committed one)."""
    from processor.synth.generate import FaultRates

    events, _ = generate(150, seed=31, partitions=1, rates=FaultRates(timeout=0.5, interrupt=0.1))
    cfg = EngineConfig(hot_conversations=16)
    first = PartitionProcessor("in", 0, cfg)
    log: dict[bytes, bytes | None] = {}
    written: dict[str, bytes | None] = {}
    batch = 37
    committed = 0
    for start in range(0, len(events), batch):
        for off in range(start, min(start + batch, len(events))):
            for r in first.process(off, events[off].key, events[off].value):
                written[dict(r.headers)["toolmend-id"].decode()] = r.value
        log.update(first.take_changelog())
        if start // batch == 2:
            committed = min(start + batch, len(events))  # the last commit that got through
    assert 0 < committed < len(events) - 2 * batch
    again = PartitionProcessor("in", 0, cfg)
    for k, v in log.items():
        again.restore(k, v)
    again.finish_restore(committed)
    rewritten = 0
    for off in range(committed, len(events)):
        for r in again.process(off, events[off].key, events[off].value):
            rid = dict(r.headers)["toolmend-id"].decode()
            assert written.get(rid) == r.value, rid
            rewritten += 1
    assert rewritten == 0 or rewritten <= len(written)
    timeouts = [v for v in written.values() if v and b'"reason":"timeout"' in v]
    assert timeouts, "the scenario must exercise event-time timers"


def _open_call_events(n: int) -> list[tuple[bytes, bytes]]:
    call = {"role": "assistant", "content": None,
            "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]}
    out = []
    for k in range(n):
        cid = f"conv-{k}"
        out.append((cid.encode(), orjson.dumps({"conversation_id": cid, "ts": 1_000 + k, "event_id": f"e{k}",
                                                "message": {"role": "user", "content": "weather in Paris?"}})))
        out.append((cid.encode(), orjson.dumps({"conversation_id": cid, "ts": 2_000 + k, "message": call})))
    return out


def test_stored_state_is_compressed_and_carries_the_timers() -> None:
    from processor.core.state import codec

    p = PartitionProcessor("in", 0, EngineConfig(hot_conversations=1))
    for off, (k, v) in enumerate(_open_call_events(3)):
        p.process(off, k, v)
    log = {k: v for k, v in p.take_changelog() if k != b"\x00toolmend-partition-meta"}
    assert set(log) == {b"conv-0", b"conv-1", b"conv-2"}
    value = log[b"conv-0"]
    assert value is not None and not codec.is_json(value)
    st = codec.decode(value)
    assert len(value) < len(orjson.dumps(st)) * 0.6  # the preset dictionary pays on short states
    h = codec.header(value)
    # the next deadline: the open call times out at its ts + tool_result_timeout
    timeout = EngineConfig().repair.tool_result_timeout_ms
    assert (h.next_deadline, h.last_event_time, h.open_calls) == (2_000 + timeout, 2_000, 1)
    assert p.cold["conv-0"] == value  # the cold form is the changelog record itself
    assert p.state_bytes == sum(len(v) for v in log.values() if v is not None)


def test_first_release_json_states_still_restore() -> None:
    """Changelogs written before the stored format (bare JSON states) restore and time out the same."""
    from processor.core.state import codec

    cfg = EngineConfig(hot_conversations=1)
    p = PartitionProcessor("in", 0, cfg)
    for off, (k, v) in enumerate(_open_call_events(2)):
        p.process(off, k, v)
    log = dict(p.take_changelog())
    legacy = {k: (orjson.dumps(codec.decode(v)) if v is not None and k != b"\x00toolmend-partition-meta"
                  else v) for k, v in log.items()}
    assert all(codec.is_json(v) for v in legacy.values() if v is not None)
    late = orjson.dumps({"conversation_id": "z", "ts": 2_000 + cfg.repair.tool_result_timeout_ms,
                         "message": {"role": "user", "content": "hi"}})
    outs = []
    for changelog in (log, legacy):
        q = PartitionProcessor("in", 0, cfg)
        for k, v in changelog.items():
            q.restore(k, v)
        q.finish_restore(4)
        assert q.open_calls == 2 and all(not codec.is_json(v) for v in q.cold.values())
        outs.append([(r.kind, r.value) for r in q.process(4, b"z", late)])
    assert outs[0] == outs[1]
    assert [orjson.loads(v or b"")["reason"] for k, v in outs[0] if k == "findings"] == ["timeout"]


def test_format_1_states_still_restore() -> None:
    """Records compressed with the first dictionary (layout 1) restore into the current layout (with the new
    owner's TTL), wake and time out the same as those of the current layout."""
    import zstandard

    from processor.core.state import codec

    old = zstandard.ZstdCompressor(level=1, dict_data=zstandard.ZstdCompressionDict(codec.dictionary(1)),
                                   write_checksum=False,
                                   write_content_size=True, write_dict_id=False)
    cfg = EngineConfig(hot_conversations=1, conversation_ttl_ms=3_600_000)
    p = PartitionProcessor("in", 0, EngineConfig(hot_conversations=1))
    for off, (k, v) in enumerate(_open_call_events(2)):
        p.process(off, k, v)
    log = dict(p.take_changelog())
    assert all(v[0] == codec.LAYOUT_VERSION == 2 for k, v in log.items() if v and not codec.is_json(v))
    fmt1 = {k: (b"\x01" + v[1:codec.HEAD_SIZE] + old.compress(orjson.dumps(codec.decode(v)))
                if v is not None and not codec.is_json(v) else v) for k, v in log.items()}
    late = orjson.dumps({"conversation_id": "z", "ts": 2_000 + cfg.repair.tool_result_timeout_ms,
                         "message": {"role": "user", "content": "hi"}})
    outs = []
    for changelog in (log, fmt1):
        q = PartitionProcessor("in", 0, cfg)
        for k, v in changelog.items():
            q.restore(k, v)
        q.finish_restore(4)
        assert codec.header(q.cold["conv-0"]).evict_at == 2_000 + 3_600_000
        assert codec.decode(q.cold["conv-0"]) == codec.decode(log[b"conv-0"] or b"")
        assert q.cold["conv-0"][0] == codec.LAYOUT_VERSION
        outs.append([(r.kind, r.value) for r in q.process(4, b"z", late)])
    assert {v[0] for v in fmt1.values() if v and not codec.is_json(v)} == {1}
    assert outs[0] == outs[1]
    assert [orjson.loads(v or b"")["reason"] for k, v in outs[0] if k == "findings"] == ["timeout"]


def test_a_restore_arms_eviction_with_its_own_ttl() -> None:
    """The eviction time in a record is the writer's; the new owner's TTL decides (a changed setting applies)."""
    from processor.core.state import codec

    p = PartitionProcessor("in", 0, EngineConfig(hot_conversations=1))
    for off, (k, v) in enumerate(_open_call_events(2)):
        p.process(off, k, v)
    log = dict(p.take_changelog())
    short = EngineConfig(hot_conversations=1, conversation_ttl_ms=60_000)
    q = PartitionProcessor("in", 0, short)
    for k, v in log.items():
        q.restore(k, v)
    q.finish_restore(4)
    assert codec.header(q.cold["conv-0"]).evict_at == 2_000 + 60_000
    out = q.process(4, b"z", orjson.dumps({"conversation_id": "z", "ts": 2_001 + 60_000,
                                           "message": {"role": "user", "content": "hi"}}))
    reasons = [orjson.loads(r.value or b"")["reason"] for r in out if r.kind == "findings"]
    assert reasons == ["evicted", "evicted"] and q.conversations == 1


def test_events_seen_lately_are_recognised_by_id_or_seq_only() -> None:
    """The window of recent event ids and seqs: a resent event (either its id or its seq seen) has no outputs;
    an id never matches a seq (the id "7" is not the seq 7); an id pushed out of the window counts as new."""
    from processor.core.tally import Count, Tally

    tally = Tally()
    p = PartitionProcessor("in", 0, EngineConfig(), tally)

    def send(off: int, **ids: Any) -> int:
        ev = {"conversation_id": "a", "ts": 1_000 + off, "message": {"role": "user", "content": f"m{off}"}, **ids}
        return len(p.process(off, b"a", orjson.dumps(ev)))

    assert send(0, event_id="e0", seq=7) == 1
    assert send(1, event_id="e0") == 0  # the same id
    assert send(2, seq=7) == 0  # the same seq
    assert send(3, event_id="7", seq=8) == 1  # an id that reads as a seen seq is another event
    assert send(4, event_id="e4", seq=7) == 0  # a new id with a seen seq
    for k in range(5, 5 + 32):  # 32 more entries: "e0" and 7 leave the window
        assert send(k, event_id=f"x{k}") == 1
    assert send(40, event_id="e0") == 1 and send(41, seq=7) == 1
    assert tally.of(Count.EVENTS)[("message", "duplicate")] == 3
