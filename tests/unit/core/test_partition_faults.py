"""One record cannot harm the others: poison event times, deep nesting, spoofed headers, broken state and outputs
too large for their topic, each confined to its record or its conversation (partition.py's module docstring)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from processor.core import partition as partition_mod
from processor.core.events import MAX_DEPTH, DeadLetter, DeadLetterKind, parse_event
from processor.core.partition import EngineConfig, OutRecord, PartitionProcessor
from processor.core.store import state_json_size
from processor.core.tally import Count, Key, Tally
from processor.core.tracker import RepairConfig

NOW = 1_767_225_600_000  # the record timestamps of these tests (2026-01-01)


def call(cid: str, ts: int, call_id: str = "c1", args: str = "{}") -> bytes:
    msg = {"role": "assistant", "content": None,
           "tool_calls": [{"id": call_id, "type": "function", "function": {"name": "lookup", "arguments": args}}]}
    return orjson.dumps({"conversation_id": cid, "ts": ts, "message": msg})


def result(cid: str, ts: int, call_id: str = "c1") -> bytes:
    return orjson.dumps({"conversation_id": cid, "ts": ts,
                         "message": {"role": "tool", "tool_call_id": call_id, "content": "42"}})


def user(cid: str, ts: Any, text: str = "hello") -> bytes:
    return orjson.dumps({"conversation_id": cid, "ts": ts, "message": {"role": "user", "content": text}})


def kinds(out: list[OutRecord]) -> list[str]:
    return [orjson.loads(r.value or b"")["kind"] for r in out if r.kind == "findings"]


def dlq_kind(r: OutRecord) -> str:
    return dict(r.headers)["toolmend-error-kind"].decode()


@pytest.mark.parametrize("poison", [9_223_372_036_854_775_807, 253_402_300_800_000, 1e300, -1,
                                    "9999-12-31T23:59:59Z", "0001-01-01T00:00:00+01:00"])
def test_a_poison_ts_is_dead_lettered_and_moves_nothing(poison: Any) -> None:
    p = PartitionProcessor("in", 0)
    p.process(0, b"a", call("a", NOW), timestamp=NOW)
    out = p.process(1, b"b", user("b", poison), timestamp=NOW)
    assert [r.kind for r in out] == ["dead_letter"]
    assert dlq_kind(out[0]) == "event_time"
    assert p.watermark == NOW
    # the other conversation's result, a second later, still answers its call: no orphan, no timeout
    out = p.process(2, b"a", result("a", NOW + 1_000), timestamp=NOW + 1_000)
    assert kinds(out) == [] and [r.kind for r in out] == ["repaired"]
    assert p.take_changelog()  # the state still encodes


def test_ts_far_ahead_of_the_record_timestamp_is_refused_but_a_little_skew_is_not() -> None:
    cfg = EngineConfig()
    p = PartitionProcessor("in", 0, cfg)
    p.process(0, b"a", call("a", NOW), timestamp=NOW)
    ahead = p.process(1, b"b", user("b", NOW + 3600_000), timestamp=NOW)  # an hour ahead of its record
    assert [dlq_kind(r) for r in ahead] == ["event_time"]
    ok = p.process(2, b"b", user("b", NOW + cfg.max_event_time_skew_ms), timestamp=NOW)
    assert [r.kind for r in ok] == ["repaired"]
    # late events never move the watermark, whatever their record says
    late = p.process(3, b"c", user("c", 5), timestamp=NOW)
    assert [r.kind for r in late] == ["repaired"]


def test_a_poison_ts_with_an_honest_record_timestamp_is_refused() -> None:
    p = PartitionProcessor("in", 0)
    p.process(0, b"a", call("a", NOW), timestamp=NOW)
    year_9999 = 253_402_300_799_000
    out = p.process(1, b"b", user("b", year_9999), timestamp=NOW + 1_000)
    assert [dlq_kind(r) for r in out] == ["event_time"] and p.watermark == NOW
    assert "ahead of the record's timestamp" in dict(out[0].headers)["toolmend-error-detail"].decode()
    assert [r.kind for r in p.process(2, b"a", result("a", NOW + 1_000), timestamp=NOW + 1_000)] == ["repaired"]


DAY = 86_400_000


def test_an_old_batch_never_blocks_the_live_traffic_after_it() -> None:
    """A test batch dated 40 days ago, produced now, then live traffic: the live events' step over the watermark
    is corroborated by their record timestamps, so they are processed (they were all dead-lettered before)."""
    p = PartitionProcessor("in", 0)
    for i in range(5):
        assert [r.kind for r in p.process(i, b"old", user("old", NOW - 40 * DAY + i), timestamp=NOW)] == ["repaired"]
    out = p.process(5, b"live", call("live", NOW + 10), timestamp=NOW + 10)
    assert [r.kind for r in out] == ["repaired"] and p.watermark == NOW + 10
    assert [r.kind for r in p.process(6, b"live", result("live", NOW + 20), timestamp=NOW + 20)] == ["repaired"]


def test_a_partition_idle_for_longer_than_the_step_takes_its_next_events() -> None:
    p = PartitionProcessor("in", 0)
    p.process(0, b"a", user("a", NOW), timestamp=NOW)
    later = NOW + 90 * DAY
    assert [r.kind for r in p.process(1, b"b", user("b", later), timestamp=later)] == ["repaired"]
    assert p.watermark == later


def test_a_backfill_then_live_traffic_on_the_same_partition() -> None:
    """A January backfill written in December (record timestamps now, `ts` behind them), then live events."""
    p = PartitionProcessor("in", 0)
    jan, dec = NOW, NOW + 330 * DAY
    p.process(0, b"a", user("a", jan - 60 * DAY), timestamp=jan - 60 * DAY)  # what the partition held before
    assert [r.kind for r in p.process(1, b"b", user("b", jan), timestamp=dec)] == ["repaired"]
    assert [r.kind for r in p.process(2, b"c", user("c", dec), timestamp=dec)] == ["repaired"]


def test_the_guard_decides_from_the_records_alone() -> None:
    """The same records give the same decisions: a replay of the poison and of the corroborated step agrees."""
    recs = [(0, b"a", user("a", NOW), NOW), (1, b"b", user("b", NOW + 50 * DAY), NOW + 50 * DAY),
            (2, b"c", user("c", NOW + 51 * DAY), NOW + 40 * DAY), (3, b"d", user("d", NOW + 50 * DAY + 5), None)]

    def run() -> list[tuple[str, bytes | None]]:
        p = PartitionProcessor("in", 0)
        return [(r.kind, r.value) for o, k, v, t in recs for r in p.process(o, k, v, timestamp=t)]

    first = run()
    assert first == run()
    assert [k for k, _ in first] == ["repaired", "repaired", "dead_letter", "repaired"]


def test_without_record_timestamps_the_watermark_moves_by_bounded_steps() -> None:
    cfg = EngineConfig(max_watermark_step_ms=3600_000)
    p = PartitionProcessor("in", 0, cfg)
    p.process(0, b"a", call("a", NOW))
    assert [dlq_kind(r) for r in p.process(1, b"b", user("b", NOW + 7200_000))] == ["event_time"]
    assert [r.kind for r in p.process(2, b"b", user("b", NOW + 300_000))] == ["repaired"]
    assert p.watermark == NOW + 300_000


@pytest.mark.parametrize("depth", [129, 255, 1024])
def test_nesting_the_writer_cannot_write_is_refused_at_parse(depth: int) -> None:
    deep = "[" * depth + "1" + "]" * depth  # written by hand: orjson itself writes at most 254 levels
    p = PartitionProcessor("in", 0)
    out = p.process(0, b"a", call("a", NOW, args='{"x": ' + deep + "}"), timestamp=NOW)
    assert [r.kind for r in out] == ["repaired"]  # OpenAI arguments are a JSON *string*: any depth is fine
    tool_use = ('{"conversation_id": "b", "ts": ' + str(NOW) + ', "dialect": "anthropic", "message": {"role": '
                '"assistant", "content": [{"type": "tool_use", "id": "t1", "name": "lookup", "input": {"x": '
                + deep + "}}]}}")
    out = p.process(1, b"b", tool_use.encode(), timestamp=NOW)
    assert [dlq_kind(r) for r in out] == ["too_deep"]
    # its result then has no call: it is reported and dropped, never written alone
    res = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]}
    out = p.process(2, b"b", orjson.dumps({"conversation_id": "b", "ts": NOW, "dialect": "anthropic",
                                           "message": res}), timestamp=NOW)
    assert "orphan_tool_result" in kinds(out)
    assert all(b"tool_result" not in (r.value or b"") for r in out if r.kind == "repaired")
    assert p.take_changelog()


@pytest.mark.parametrize("shape", ["lists", "objects", "mixed"])
def test_nesting_is_measured_exactly_at_the_limit(shape: str) -> None:
    """MAX_DEPTH levels of the whole event are read, one more is refused, whatever the containers and however
    many brackets its strings hold."""
    def nested(levels: int) -> Any:  # `levels` containers, one inside the other
        v: Any = "[{" * 100  # brackets inside a string nest nothing
        for i in range(levels):
            v = [v] if shape == "lists" or (shape == "mixed" and i % 2) else {"k": v, "s": "]}"}
        return v

    for levels, refused in ((MAX_DEPTH - 2, False), (MAX_DEPTH - 1, True)):  # under the event and its message
        msg = {"role": "user", "content": "hi", "extra": nested(levels)}
        value = orjson.dumps({"conversation_id": "a", "ts": NOW, "message": msg})
        if refused:
            with pytest.raises(DeadLetter) as e:
                parse_event(b"a", value)
            assert e.value.kind == DeadLetterKind.TOO_DEEP
        else:
            assert parse_event(b"a", value).messages == [msg]


def test_nesting_within_the_limit_is_written_back_whole() -> None:
    deep: Any = 1
    for _ in range(100):
        deep = [deep]
    msg = {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "lookup", "input": {"x": deep}}]}
    p = PartitionProcessor("in", 0)
    out = p.process(0, b"b", orjson.dumps({"conversation_id": "b", "ts": NOW, "dialect": "anthropic",
                                           "message": msg}), timestamp=NOW)
    assert [r.kind for r in out] == ["repaired"]
    assert orjson.loads(out[0].value or b"")["message"] == msg
    assert p.take_changelog()


def test_producer_toolmend_headers_never_reach_a_dead_letter() -> None:
    p = PartitionProcessor("in", 0)
    spoofed = [("toolmend-id", b"in:0:999:dlq"), ("TOOLMEND-error-kind", b"internal"), ("trace-id", b"t-1"),
               ("toolmend-source-offset", b"7")]
    out = p.process(5, b"a", b"{not json", spoofed, timestamp=NOW)
    hs = out[0].headers
    names = [k.lower() for k, _ in hs]
    assert len(names) == len(set(names))  # one value per header name
    h = dict(hs)
    assert h["toolmend-id"] == b"in:0:5:dlq" and h["toolmend-error-kind"] == b"invalid_json"
    assert h["toolmend-source-offset"] == b"5" and h["trace-id"] == b"t-1"


def test_a_state_that_cannot_be_encoded_quarantines_its_conversation_only() -> None:
    tally = Tally()
    p = PartitionProcessor("in", 0, EngineConfig(), tally)
    p.process(0, b"a", call("a", NOW), timestamp=NOW)
    p.process(1, b"b", call("b", NOW), timestamp=NOW)
    p.convs["a"].recent = [2**70]  # no JSON writer takes it (works the same on the compiled core)
    log = dict(p.take_changelog())
    assert log[b"a"] == partition_mod.QUARANTINE_MARK and b"b" in log
    assert tally.of(Count.QUARANTINED) == {(): 1} and "a" in p.quarantined
    # a's later events are kept in the dead-letter topic; b goes on
    out = p.process(2, b"a", result("a", NOW + 1), timestamp=NOW + 1)
    assert [dlq_kind(r) for r in out] == ["quarantined"]
    assert [r.kind for r in p.process(3, b"b", result("b", NOW + 1), timestamp=NOW + 1)] == ["repaired"]
    # a new owner restoring the changelog keeps the quarantine
    fresh = PartitionProcessor("in", 0)
    for k, v in log.items():
        fresh.restore(k, v)
    fresh.finish_restore()
    assert [dlq_kind(r) for r in fresh.process(4, b"a", user("a", NOW + 2), timestamp=NOW + 2)] == ["quarantined"]


class FailOnce(dict[Key, int]):
    """The tally's event counts, failing once inside the application of an event (a stand-in for a bug of ours
    there). A dict subclass: the compiled core's classes cannot be subclassed from Python."""

    armed = False

    def __setitem__(self, key: Key, n: int) -> None:
        if self.armed and key[1:] == ("processed",):
            self.armed = False
            raise RuntimeError("a bug")
        super().__setitem__(key, n)


def test_a_bug_while_applying_an_event_is_confined_to_its_conversation() -> None:
    fail = FailOnce()
    tally = Tally()
    tally.counts[Count.EVENTS] = fail
    p = PartitionProcessor("in", 0, EngineConfig(), tally)
    p.process(0, b"a", call("a", NOW), timestamp=NOW)
    p.process(1, b"b", call("b", NOW), timestamp=NOW)
    fail.armed = True
    out = p.process(2, b"a", user("a", NOW + 1, "boom"), timestamp=NOW + 1)
    assert [dlq_kind(r) for r in out if r.kind == "dead_letter"] == ["internal"]
    assert "a" in p.quarantined
    assert [r.kind for r in p.process(3, b"b", result("b", NOW + 2), timestamp=NOW + 2)] == ["repaired"]
    assert dict(p.take_changelog())[b"a"] == partition_mod.QUARANTINE_MARK


def test_an_unreadable_changelog_record_quarantines_that_conversation_and_restores_the_rest() -> None:
    p = PartitionProcessor("in", 0)
    p.process(0, b"a", call("a", NOW), timestamp=NOW)
    p.process(1, b"b", call("b", NOW), timestamp=NOW)
    log = dict(p.take_changelog())
    log[b"a"] = b"\x07garbage"  # an unknown format
    fresh = PartitionProcessor("in", 0)
    for k, v in log.items():
        fresh.restore(k, v)
    fresh.finish_restore()
    assert "a" in fresh.quarantined and fresh.conversations == 1
    assert dict(fresh.take_changelog())[b"a"] == partition_mod.QUARANTINE_MARK  # readable from now on
    assert [r.kind for r in fresh.process(2, b"b", result("b", NOW + 1), timestamp=NOW + 1)] == ["repaired"]


def test_outputs_too_large_for_their_topic_dead_letter_the_whole_event_and_undo_it() -> None:
    limit = 20_000
    tally = Tally()
    # no grace: the user message decides the block at once (with a grace its output would wait)
    p = PartitionProcessor("in", 0, EngineConfig(max_output_bytes=limit, repair=RepairConfig(late_result_grace_ms=0)),
                           tally)
    p.process(0, b"a", call("a", NOW), timestamp=NOW)
    before = p.take_changelog()
    tally.take()
    big = user("a", NOW + 1, "x" * 30_000)  # a user message while the call is open: it would close the block
    out = p.process(1, b"a", big, timestamp=NOW + 1)
    assert [r.kind for r in out] == ["dead_letter"] and dlq_kind(out[0]) == "output_too_large"
    assert out[0].value == big  # the whole input event, to be replayed once the limit allows it
    counted = tally.take()
    assert counted.of(Count.DEAD_LETTERS) == {("output_too_large",): 1}
    assert not counted.of(Count.FINDINGS) and not counted.of(Count.REPAIRS)
    # the event was undone: the call is still open and its result is matched as if nothing happened
    assert p.open_calls == 1
    out = p.process(2, b"a", result("a", NOW + 2), timestamp=NOW + 2)
    assert [r.kind for r in out] == ["repaired"] and kinds(out) == []
    assert dict(before)[b"a"] != dict(p.take_changelog())[b"a"]
    # an event that fits is processed as usual
    assert [r.kind for r in p.process(3, b"a", user("a", NOW + 3, "y" * 10_000), timestamp=NOW + 3)] == ["repaired"]


def test_a_large_event_that_fits_is_counted_once() -> None:
    tally = Tally()
    p = PartitionProcessor("in", 0, EngineConfig(max_output_bytes=40_000), tally)
    p.process(0, b"a", user("a", NOW, "z" * 30_000), timestamp=NOW)  # saved and recorded aside, then replayed
    counted = tally.take()
    assert counted.of(Count.EVENTS) == {("message", "processed"): 1}
    assert counted.of(Count.MESSAGES) == {("openai_chat",): 1}


def _held_stream(p: PartitionProcessor, cid: str, n: int, size: int, offset: int = 0) -> list[OutRecord]:
    """A call, a user message that interrupts it (its block is held for late results), then `n` large messages
    inside the grace: all of them wait behind the held block."""
    out = p.process(offset, cid.encode(), call(cid, NOW), timestamp=NOW)
    out += p.process(offset + 1, cid.encode(), user(cid, NOW + 1, "stop"), timestamp=NOW + 1)
    for i in range(n):
        ts = NOW + 2 + i
        out += p.process(offset + 2 + i, cid.encode(), user(cid, ts, f"{i} " + "y" * size), timestamp=ts)
    return out


def test_held_output_is_released_before_a_conversation_state_outgrows_its_budget() -> None:
    limit = 64 * 1024
    tally = Tally()
    p = PartitionProcessor("in", 0, EngineConfig(max_state_bytes=limit), tally)
    out = _held_stream(p, "a", 40, 6_000)
    # without the budget all 41 messages would wait (grace 30 s, held limit 256 messages); with it the held block
    # is decided early (its placeholder written) and its output released, in input order
    repaired = [orjson.loads(r.value or b"") for r in out if r.kind == "repaired"]
    assert len(repaired) >= 30 and [r["index"] for r in repaired if r["index"] is not None] == \
        list(range(len([r for r in repaired if r["index"] is not None])))
    assert any(r["synthesized"] for r in repaired)
    assert "dangling_tool_call" in kinds(out)
    conv = p.get("a")
    assert conv is not None and state_json_size(conv) <= limit
    assert not p.quarantined and not tally.take().of(Count.DEAD_LETTERS)
    # the same input replayed in other batch boundaries (another hot set, a restore in the middle) decides the same
    q = PartitionProcessor("in", 0, EngineConfig(max_state_bytes=limit, hot_conversations=1))
    again = q.process(0, b"a", call("a", NOW), timestamp=NOW)
    again += q.process(1, b"a", user("a", NOW + 1, "stop"), timestamp=NOW + 1)
    for i in range(40):
        if i == 20:  # a new owner restores the changelog mid-stream
            log = q.take_changelog()
            q = PartitionProcessor("in", 0, EngineConfig(max_state_bytes=limit, hot_conversations=1))
            for k, v in log:
                q.restore(k, v)
            q.finish_restore()
        ts = NOW + 2 + i
        again += q.process(2 + i, b"a", user("a", ts, f"{i} " + "y" * 6_000), timestamp=ts)
    assert [(r.kind, r.value, r.headers) for r in again] == [(r.kind, r.value, r.headers) for r in out]


def test_without_the_budget_the_held_output_would_have_grown_past_it() -> None:
    """The test above can fail: with no budget the same input holds every message in the state."""
    p = PartitionProcessor("in", 0, EngineConfig(max_state_bytes=None))
    out = _held_stream(p, "a", 40, 6_000)
    assert len([r for r in out if r.kind == "repaired"]) == 1  # the call only; the rest waits
    conv = p.get("a")
    assert conv is not None and state_json_size(conv) > 3 * 64 * 1024


def test_a_state_too_large_even_without_held_output_quarantines_only_its_conversation() -> None:
    limit = 32 * 1024
    tally = Tally()
    p = PartitionProcessor("in", 0, EngineConfig(max_state_bytes=limit), tally)
    p.process(0, b"b", call("b", NOW), timestamp=NOW)
    # one assistant turn with 300 calls whose ids are long: the open block alone is over the budget
    calls = [{"id": f"call_{i:04d}_" + "z" * 200, "type": "function", "function": {"name": "lookup", "arguments": "{}"}}
             for i in range(300)]
    big = orjson.dumps({"conversation_id": "a", "ts": NOW, "message": {"role": "assistant", "content": None,
                                                                         "tool_calls": calls}})
    out = p.process(1, b"a", big, timestamp=NOW)
    assert [r.kind for r in out] == ["dead_letter"] and dlq_kind(out[0]) == "state_too_large"
    assert out[0].value == big
    assert "a" in p.quarantined
    assert dict(p.take_changelog())[b"a"] == partition_mod.QUARANTINE_MARK
    later = p.process(2, b"a", user("a", NOW + 1), timestamp=NOW + 1)
    assert [dlq_kind(r) for r in later] == ["quarantined"]
    # the other conversation goes on
    assert [r.kind for r in p.process(3, b"b", result("b", NOW + 2), timestamp=NOW + 2)] == ["repaired"]
    counted = tally.take()
    assert counted.of(Count.DEAD_LETTERS) == {("state_too_large",): 1, ("quarantined",): 1}


def test_a_mislabelled_dialect_is_dead_lettered_never_emptied() -> None:
    """`"dialect":"anthropic"` on an OpenAI-shaped call: read as named, the call would be removed as empty content
    and never tracked; it is kept whole in the dead-letter topic, saying what was found."""
    p = PartitionProcessor("in", 0)
    value = orjson.dumps({**orjson.loads(call("a", NOW)), "dialect": "anthropic"})
    out = p.process(0, b"a", value, timestamp=NOW)
    assert [dlq_kind(r) for r in out] == ["dialect_mismatch"] and out[0].value == value
    detail = dict(out[0].headers)["toolmend-error-detail"].decode()
    assert detail == "`dialect` is anthropic but message 0 is shaped as openai_chat"
    assert p.conversations == 0


def test_a_dialect_that_changes_within_a_conversation_is_a_mismatch() -> None:
    p = PartitionProcessor("in", 0)
    p.process(0, b"a", call("a", NOW), timestamp=NOW)
    text = orjson.dumps({"conversation_id": "a", "ts": NOW + 1, "dialect": "anthropic",
                         "message": {"role": "user", "content": "hi"}})
    out = p.process(1, b"a", text, timestamp=NOW + 1)
    assert [dlq_kind(r) for r in out] == ["dialect_mismatch"]
    assert "conversation's is openai_chat" in dict(out[0].headers)["toolmend-error-detail"].decode()


def test_plain_text_under_a_named_dialect_is_read() -> None:
    p = PartitionProcessor("in", 0)
    text = orjson.dumps({"conversation_id": "a", "ts": NOW, "dialect": "anthropic",
                         "message": {"role": "user", "content": "hi"}})
    assert [r.kind for r in p.process(0, b"a", text, timestamp=NOW)] == ["repaired"]


def test_each_output_is_capped_by_its_own_topic_limit() -> None:
    """A repaired record larger than the findings topic takes, but within its own topic's limit, is written."""
    cfg = EngineConfig(max_output_bytes=200_000, max_findings_bytes=4_096)
    p = PartitionProcessor("in", 0, cfg)
    out = p.process(0, b"a", user("a", NOW, "x" * 100_000), timestamp=NOW)
    assert [r.kind for r in out] == ["repaired"]
    out = p.process(1, b"b", user("b", NOW, "x" * 300_000), timestamp=NOW)
    assert [dlq_kind(r) for r in out] == ["output_too_large"]
    assert "repaired topic's limit of 200000" in dict(out[0].headers)["toolmend-error-detail"].decode()
