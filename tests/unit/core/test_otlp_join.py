"""The join of an inference's span (metadata, no content) and its log record (content), by trace and span id:
either order, bounded by count and event time, and what it holds names the source offsets not to commit."""

from __future__ import annotations

from typing import Any

from processor.core.otlp_join import INFERENCE_EVENT, InferenceJoin


def span(i: int, content: bool = False) -> dict[str, Any]:
    attrs: dict[str, Any] = {"gen_ai.operation.name": "chat", "gen_ai.conversation.id": f"c{i}"}
    if content:
        attrs["gen_ai.input.messages"] = "[]"
    return {"trace_id": f"{i:032x}", "span_id": f"{i:016x}", "attributes": attrs, "end_ns": i * 1_000_000}


def log(i: int) -> dict[str, Any]:
    return {"trace_id": f"{i:032x}", "span_id": f"{i:016x}", "name": INFERENCE_EVENT, "log": True,
            "attributes": {"gen_ai.input.messages": [{"role": "user", "parts": []}]}, "end_ns": i * 1_000_000}


def test_either_order_gives_the_span_with_the_log_records_content() -> None:
    j = InferenceJoin()
    assert j.span_without_content(span(1), ("t", 0, 5), 1) is None
    got = j.log(log(1), ("l", 0, 9), 1)
    assert isinstance(got, dict) and got["attributes"]["gen_ai.conversation.id"] == "c1"
    assert got["attributes"]["gen_ai.input.messages"] == [{"role": "user", "parts": []}]
    assert j.log(log(2), ("l", 0, 10), 2) is None
    got = j.span_without_content(span(2), ("t", 0, 6), 2)
    assert isinstance(got, dict) and got["attributes"]["gen_ai.conversation.id"] == "c2" and len(j) == 0


def test_a_span_that_had_its_content_closes_its_inference_before_or_after_its_log_record() -> None:
    j = InferenceJoin()
    assert j.span_with_content(span(1, True)) is None
    assert j.log(log(1), ("l", 0, 1), 1) == "duplicate"
    assert j.log(log(2), ("l", 0, 2), 2) is None
    assert j.span_with_content(span(2, True)) == "duplicate" and len(j) == 0


def test_the_state_is_bounded_by_count_and_by_event_time_and_what_leaves_is_returned() -> None:
    j = InferenceJoin(max_pending=3, horizon_ms=100)
    for i in range(5):
        j.log(log(i), ("l", 0, i), i)
    spans, logs = j.expired()
    assert spans == [] and [x["span_id"] for x in logs] == [f"{0:016x}", f"{1:016x}"] and len(j) == 3
    j.span_without_content(span(50), ("t", 0, 0), 50)
    j.seen(151)  # the horizon passes everything older than 51
    spans, logs = j.expired()
    assert [x["span_id"] for x in spans] == [f"{50:016x}"] and len(logs) == 3 and len(j) == 0
    # a log record that left unjoined closed its inference: a late span of it is not held again for nothing
    assert j.log(log(3), ("l", 0, 99), 160) == "duplicate"


def test_the_lowest_source_offset_still_held_is_named_per_topic_and_partition() -> None:
    j = InferenceJoin()
    j.log(log(1), ("logs", 2, 40), 1)
    j.log(log(2), ("logs", 2, 41), 2)
    j.span_without_content(span(3), ("spans", 0, 7), 3)
    assert j.pending_sources() == {("logs", 2): 40, ("spans", 0): 7}
    j.span_without_content(span(1), ("spans", 0, 8), 4)
    assert j.pending_sources() == {("logs", 2): 41, ("spans", 0): 7}


def _m(role: str, *parts: dict[str, Any]) -> dict[str, Any]:
    return {"role": role, "parts": list(parts)}


CALL = _m("assistant", {"type": "tool_call", "id": "c1", "name": "f", "arguments": {}})
RESULT = _m("tool", {"type": "tool_call_response", "id": "c1", "response": "ok"})
SYSTEM = _m("system", {"type": "text", "content": "be brief"})
USER = _m("user", {"type": "text", "content": "hi"})


def test_a_responses_delta_is_joined_to_the_request_it_continues() -> None:
    from processor.core.otlp_join import ChainJoin

    c = ChainJoin()
    first = {"messages": [SYSTEM, USER]}
    assert not c.apply("conv", first, (None, "resp_1", [CALL]))
    delta = {"messages": [SYSTEM, RESULT]}  # only the result, after the same instructions
    assert c.apply("conv", delta, (None, "resp_2", []))
    assert delta["messages"] == [SYSTEM, USER, CALL, RESULT]
    # by the previous response id where the emitter records it, whatever the delta opens with
    c.apply("other", {"messages": [USER]}, (None, "resp_9", []))
    named = {"messages": [_m("user", {"type": "text", "content": "and then?"})]}
    assert c.apply("other", named, ("resp_9", "resp_10", []))
    assert len(named["messages"]) == 2
    # a request that is not a continuation stays as it is
    whole = {"messages": [USER]}
    assert not c.apply("conv", whole, (None, "resp_3", [])) and whole["messages"] == [USER]


def test_the_chain_state_is_bounded() -> None:
    from processor.core.otlp_join import ChainJoin

    c = ChainJoin(max_conversations=2, max_messages=3)
    for i in range(4):
        c.apply(f"c{i}", {"messages": [USER]}, (None, f"r{i}", [CALL]))
    assert list(c.last) == ["c2", "c3"]
    c.apply("c3", {"messages": [USER, USER, USER]}, (None, "r", [CALL]))  # over max_messages: not kept
    assert list(c.last) == ["c2"]
