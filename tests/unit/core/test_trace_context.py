"""W3C trace context: the outputs derived from an input record carry its `traceparent`/`tracestate` headers, the
outputs of timers it makes fire (other conversations' timeouts) do not, and a dead letter keeps the input's headers
once. The same in every caller of the partition processor (worker, replay, offline passes): it is the core's."""

from __future__ import annotations

import orjson

from processor.core.partition import EngineConfig, PartitionProcessor
from processor.core.tracker import RepairConfig

TP = ("traceparent", b"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
TS = ("tracestate", b"vendor=opaque")


def _ev(cid: str, ts: int, message: dict[str, object]) -> bytes:
    return orjson.dumps({"conversation_id": cid, "ts": ts, "message": message})


def _call(cid: str, ts: int) -> bytes:
    return _ev(cid, ts, {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]})


def test_outputs_of_a_record_carry_its_trace_context_and_timer_outputs_do_not() -> None:
    repair = RepairConfig(tool_result_timeout_ms=1_000, late_result_grace_ms=0)
    proc = PartitionProcessor("t", 0, EngineConfig(repair=repair))
    proc.process(0, b"a", _ev("a", 1_000, {"role": "user", "content": "weather?"}))
    proc.process(1, b"a", _call("a", 1_001))
    # far later in event time: "a"'s call times out (a timer output), "b"'s message is this record's own output
    outs = proc.process(2, b"b", _ev("b", 60_000, {"role": "user", "content": "hello"}), [TP, TS, ("x", b"y")])
    own = [r for r in outs if r.key == b"b"]
    timers = [r for r in outs if r.key == b"a"]
    assert own and timers
    for r in own:
        assert r.headers[-2:] == [TP, TS]
    for r in timers:
        assert TP not in r.headers and TS not in r.headers


def test_a_dead_letter_keeps_the_input_trace_context_once() -> None:
    proc = PartitionProcessor("t", 0, EngineConfig())
    (dl,) = proc.process(0, b"a", b"{not json", [TP])
    assert dl.kind == "dead_letter"
    assert dl.headers.count(TP) == 1
