"""OTLP input: spans of real instrumentations (run offline against the loopback chat stub), encoded as the
Collector's Kafka exporter writes them, decoded, mapped to request events, re-keyed by conversation and judged by
the engine; and the older span forms, bad input, bounds and the conversation-id rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
import pytest
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from processor.core import otlp as core_otlp
from processor.core.partition import EngineConfig, OutRecord
from processor.shell.otlp.decode import decode
from processor.shell.otlp.rekey import findings_by_conversation, offline, rekey
from tests.support import otel_spans as rec

ENCODINGS = ("otlp_proto", "otlp_json")


@pytest.fixture(scope="module")
def official() -> list[ReadableSpan]:
    return rec.record_official()


def _by_name(found: dict[str, set[str]], spans: list[ReadableSpan]) -> dict[str, set[str]]:
    """Conversation keys as the test names them: the trace-keyed one is `interrupted`."""
    agent = next(s for s in spans if s.name == "agent run")
    trace = format(agent.context.trace_id, "032x")
    return {("interrupted" if k == trace else k): v for k, v in found.items()}


def _check_findings(spans: list[ReadableSpan], encoding: str) -> list[OutRecord]:
    outs = offline(rec.collector_records(spans, encoding))
    assert not [r for r in outs if r.kind == "dead_letter"]
    assert _by_name(findings_by_conversation(outs), spans) == rec.EXPECTED_FINDINGS
    return outs


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_official_instrumentation_spans_give_the_expected_findings_per_conversation(
        official: list[ReadableSpan], encoding: str) -> None:
    outs = _check_findings(official, encoding)
    repaired = [orjson.loads(r.value or b"") for r in outs if r.kind == "repaired"]
    assert len(repaired) == 7  # one per chat span; the agent span is skipped
    assert all(v["dialect"] == "otel_genai" and v["type"] == "request" for v in repaired)
    # the interrupted call got its synthesized tool message in the repaired snapshot
    last = repaired[-1]["messages"]
    assert [m["role"] for m in last] == ["user", "assistant", "tool", "user", "assistant"]
    assert last[2]["parts"][0]["id"] == "call_f1"


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_output_carries_the_traceparent_of_its_source_span(official: list[ReadableSpan],
                                                                  encoding: str) -> None:
    chat = sorted((s for s in official if s.name.startswith("chat")), key=lambda s: s.end_time or 0)
    want = [f"00-{s.context.trace_id:032x}-{s.context.span_id:016x}-01" for s in chat]
    outs = offline(rec.collector_records(official, encoding))
    repaired = [dict(r.headers)["traceparent"].decode() for r in outs if r.kind == "repaired"]
    assert repaired == want
    assert all(dict(r.headers).get("traceparent") for r in outs)


def test_labels_event_time_and_ids_come_from_span_and_resource(official: list[ReadableSpan]) -> None:
    span = min((s for s in official if s.name.startswith("chat")), key=lambda s: s.end_time or 0)
    o = core_otlp.map_span(decode(rec.encode_proto([span]))[0])
    assert o.kind == core_otlp.EVENT and o.value is not None
    v = o.value
    assert v["conversation_id"] == "conv-weather" and not o.by_trace
    assert (v["model"], v["provider"], v["app"], v["app_version"]) == ("gpt-4o-mini", "openai", "volume-assistant",
                                                                       "2.3.0")
    assert v["ts"] == (span.end_time or 0) // 1_000_000
    assert v["event_id"] == f"{span.context.trace_id:032x}{span.context.span_id:016x}"
    # its reply calls a tool: judged with the next span, not appended to this snapshot
    assert [m["role"] for m in v["messages"]] == ["system", "user"]


def test_openllmetry_0_62_spans_give_the_same_findings() -> None:
    spans = rec.record_openllmetry()
    for enc in ENCODINGS:
        outs = _check_findings(spans, enc)
        first = orjson.loads(next(r.value for r in outs if r.kind == "repaired") or b"")
        assert first["messages"][0]["role"] == "system"


def test_openinference_0_1_66_spans_give_the_same_findings_keyed_by_session_id() -> None:
    spans = rec.record_openinference()
    assert all("gen_ai.input.messages" not in (s.attributes or {}) for s in spans)
    for enc in ENCODINGS:
        _check_findings(spans, enc)


# -- the older forms, built with the SDK in the shapes those versions record ----------------------------------
def _spans(build: Callable[[Any], None]) -> list[ReadableSpan]:
    exporter = InMemorySpanExporter()
    provider = TracerProvider(resource=Resource.create(rec.RESOURCE))
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    build(provider.get_tracer("legacy"))
    provider.shutdown()
    return list(exporter.get_finished_spans())


def test_span_events_of_genai_conventions_up_to_1_36_are_read() -> None:
    tc = orjson.dumps([{"id": "c1", "type": "function", "function": {"name": "search_flights",
                                                                     "arguments": '{"to": "Lisbon"}'}}]).decode()

    def build(tracer: Any) -> None:
        s = tracer.start_span("chat gpt-4o", attributes={"gen_ai.operation.name": "chat", "gen_ai.system": "openai",
                                                         "gen_ai.request.model": "gpt-4o", "session.id": "s-1"})
        s.add_event("gen_ai.user.message", {"content": "Find a flight to Lisbon"})
        s.add_event("gen_ai.assistant.message", {"tool_calls": tc})
        s.add_event("gen_ai.user.message", {"content": "Stop, never mind."})
        s.add_event("gen_ai.choice", {"index": 0, "finish_reason": "stop",
                                      "message": orjson.dumps({"role": "assistant", "content": "OK"}).decode()})
        s.end()

    outs = offline([rec.encode_proto(_spans(build))])
    assert findings_by_conversation(outs) == {"s-1": {"dangling_tool_call"}}
    v = orjson.loads(next(r.value for r in outs if r.kind == "repaired") or b"")
    assert [m["role"] for m in v["messages"]] == ["user", "assistant", "tool", "user", "assistant"]


def test_openllmetry_indexed_attributes_up_to_0_47_are_read() -> None:
    def build(tracer: Any) -> None:
        attrs = {"llm.request.type": "chat", "gen_ai.system": "openai", "gen_ai.request.model": "gpt-4o",
                 "gen_ai.conversation.id": "ll-1",
                 "gen_ai.prompt.0.role": "user", "gen_ai.prompt.0.content": "Weather in Paris?",
                 "gen_ai.prompt.1.role": "assistant", "gen_ai.prompt.1.tool_calls.0.id": "c1",
                 "gen_ai.prompt.1.tool_calls.0.name": "get_weather",
                 "gen_ai.prompt.1.tool_calls.0.arguments": '{"city": "Paris"}',
                 "gen_ai.prompt.2.role": "tool", "gen_ai.prompt.2.tool_call_id": "c1",
                 "gen_ai.prompt.2.content": "18 C",
                 "gen_ai.completion.0.role": "assistant", "gen_ai.completion.0.content": "18 C in Paris.",
                 "gen_ai.completion.0.finish_reason": "stop",
                 "llm.request.functions.0.name": "get_weather",
                 "llm.request.functions.0.parameters": '{"type": "object"}'}
        tracer.start_span("openai.chat", attributes=attrs).end()

    spans = _spans(build)
    o = core_otlp.map_span(decode(rec.encode_json(spans))[0])
    assert o.value is not None
    assert [m["role"] for m in o.value["messages"]] == ["user", "assistant", "tool", "assistant"]
    assert o.value["messages"][1]["parts"][0] == {"type": "tool_call", "id": "c1", "name": "get_weather",
                                                  "arguments": '{"city": "Paris"}'}
    assert o.value["tools"][0]["function"]["name"] == "get_weather"
    assert findings_by_conversation(offline([rec.encode_proto(spans)])) == {"ll-1": set()}


# -- what is skipped, dead-lettered, bounded ---------------------------------------------------------------------
def test_non_model_spans_and_spans_without_content_are_skipped_and_counted() -> None:
    def build(tracer: Any) -> None:
        tracer.start_span("GET /health").end()
        tracer.start_span("embeddings", attributes={"gen_ai.operation.name": "embeddings"}).end()
        tracer.start_span("chat", attributes={"gen_ai.operation.name": "chat"}).end()  # content capture off

    rk = rekey(rec.encode_proto(_spans(build)), "spans", 0, 0)
    assert rk.events == [] and rk.dead_letters == []
    assert rk.skipped == {"not_model_call": 2, "no_content": 1}


def test_spans_whose_content_was_uploaded_are_counted_apart() -> None:
    def build(tracer: Any) -> None:
        tracer.start_span("chat", attributes={"gen_ai.operation.name": "chat"}).end()
        tracer.start_span("chat", attributes={"gen_ai.operation.name": "chat",
                                              "gen_ai.input.messages_ref": "s3://bucket/in.json",
                                              "gen_ai.output.messages_ref": "s3://bucket/out.json"}).end()

    for enc in (rec.encode_proto, rec.encode_json):
        rk = rekey(enc(_spans(build)), "spans", 0, 0)
        assert rk.events == [] and rk.skipped == {"no_content": 1, "content_ref": 1}


@pytest.mark.parametrize("value", [b"\xff\x00garbage", b'{"conversation_id": "c", "ts": 1}', b"[1, 2]",
                                   b"{not json"])
def test_a_record_that_is_not_otlp_is_dead_lettered_invalid_otlp(value: bytes) -> None:
    rk = rekey(value, "spans", 3, 17)
    assert rk.events == []
    [dl] = rk.dead_letters
    h = dict(dl.headers)
    assert h["toolmend-error-kind"] == b"invalid_otlp" and dl.value == value
    assert (h["toolmend-source-partition"], h["toolmend-source-offset"]) == (b"3", b"17")


def _chat(tracer: Any, cid: str, inp: str, out: str = '[{"role":"assistant","parts":[{"type":"text",'
          '"content":"ok"}]}]') -> None:
    tracer.start_span("chat", attributes={"gen_ai.operation.name": "chat", "gen_ai.conversation.id": cid,
                                          "gen_ai.input.messages": inp, "gen_ai.output.messages": out}).end()


def test_a_span_whose_messages_do_not_parse_is_dead_lettered_alone() -> None:
    good = '[{"role":"user","parts":[{"type":"text","content":"hi"}]}]'

    def build(tracer: Any) -> None:
        _chat(tracer, "a", good)
        _chat(tracer, "b", '[{"role":"user","parts":[{"type":"text","content":"secret text')
        _chat(tracer, "c", good)

    spans = _spans(build)
    rk = rekey(rec.encode_proto(spans), "spans", 0, 5)
    assert [k for k, _, _ in rk.events] == [b"a", b"c"]
    [dl] = rk.dead_letters
    h = dict(dl.headers)
    detail = h["toolmend-error-detail"].decode()
    bad = spans[1].context
    assert h["toolmend-error-kind"] == b"invalid_otlp"
    assert f"{bad.trace_id:032x}" in detail and f"{bad.span_id:016x}" in detail and "secret" not in detail
    assert orjson.loads(dl.value or b"")["span_id"] == f"{bad.span_id:016x}"  # the span itself is kept


def test_an_oversized_attribute_dead_letters_its_span_too_large() -> None:
    big = orjson.dumps([{"role": "user", "parts": [{"type": "text", "content": "x" * 5000}]}]).decode()

    def build(tracer: Any) -> None:
        _chat(tracer, "a", big)
        _chat(tracer, "b", '[{"role":"user","parts":[{"type":"text","content":"hi"}]}]')

    rk = rekey(rec.encode_proto(_spans(build)), "spans", 0, 0, max_event_bytes=4096)
    assert [k for k, _, _ in rk.events] == [b"b"]
    assert dict(rk.dead_letters[0].headers)["toolmend-error-kind"] == b"too_large"


def test_a_record_over_its_bound_is_dead_lettered_by_its_coordinates_and_first_bytes() -> None:
    value = b"\x0a" + b"x" * 70_000
    rk = rekey(value, "spans", 0, 9, max_event_bytes=4096)
    [dl] = rk.dead_letters
    h = dict(dl.headers)
    assert rk.events == [] and rk.whole and h["toolmend-error-kind"] == b"too_large"
    # whole, it would not fit the dead-letter topic: cut, and said so
    assert dl.value == value[:4096] and h["toolmend-source-offset"] == b"9"
    assert h["toolmend-truncated"] == b"first 4096 bytes of: value 70001"


# -- conversation ids ----------------------------------------------------------------------------------------
def _span(attrs: dict[str, Any], resource: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"trace_id": "ab" * 16, "span_id": "cd" * 8, "end_ns": 1_700_000_000_000_000_000,
            "attributes": {"gen_ai.operation.name": "chat",
                           "gen_ai.input.messages": '[{"role":"user","parts":[{"type":"text","content":"hi"}]}]',
                           **attrs}, "events": [], "resource": resource or {}}


def test_conversation_id_keys_in_order_span_before_resource_then_the_trace_id() -> None:
    keys = ("gen_ai.conversation.id", "session.id")
    assert core_otlp.map_span(_span({"session.id": "s", "gen_ai.conversation.id": "g"}), keys).conversation_id == "g"
    assert core_otlp.map_span(_span({"session.id": "s"}), keys).conversation_id == "s"
    assert core_otlp.map_span(_span({}, {"gen_ai.conversation.id": "r"}), keys).conversation_id == "r"
    assert core_otlp.map_span(_span({"session.id": "s"}, {"gen_ai.conversation.id": "r"}), keys).conversation_id \
        == "r"  # the first key wins, wherever it is found
    o = core_otlp.map_span(_span({}), keys)
    assert o.conversation_id == "ab" * 16 and o.by_trace
    assert core_otlp.map_span(_span({"thread": "t"}), ("thread",)).conversation_id == "t"


def test_spans_keyed_by_trace_id_are_counted() -> None:
    def build(tracer: Any) -> None:
        tracer.start_span("chat", attributes={"gen_ai.operation.name": "chat", "gen_ai.input.messages":
                                              '[{"role":"user","parts":[{"type":"text","content":"hi"}]}]'}).end()

    assert rekey(rec.encode_proto(_spans(build)), "spans", 0, 0).by_trace == 1


def test_a_tool_message_answering_several_calls_is_split_one_per_response() -> None:
    inp = orjson.dumps([
        {"role": "user", "parts": [{"type": "text", "content": "both cities"}]},
        {"role": "assistant", "parts": [{"type": "tool_call", "id": "a", "name": "w", "arguments": {}},
                                        {"type": "tool_call", "id": "b", "name": "w", "arguments": {}}]},
        {"role": "tool", "parts": [{"type": "tool_call_response", "id": "a", "response": "1"},
                                   {"type": "tool_call_response", "id": "b", "response": "2"}]}]).decode()
    o = core_otlp.map_span(_span({"gen_ai.input.messages": inp}))
    assert o.value is not None and [m["role"] for m in o.value["messages"]] == ["user", "assistant", "tool", "tool"]


def test_a_redelivered_record_is_recognised_by_its_span_ids(official: list[ReadableSpan]) -> None:
    records = rec.collector_records(official, "otlp_proto")
    once = offline(records)
    twice = offline([*records, *records])
    assert [r.value for r in twice] == [r.value for r in once]


def test_span_end_time_goes_through_the_event_time_guards() -> None:
    s = _span({})
    s["end_ns"] = 0
    outs = offline_spans([s])
    assert [dict(r.headers)["toolmend-error-kind"] for r in outs] == [b"event_time"]


def offline_spans(spans: list[dict[str, Any]]) -> list[OutRecord]:
    """Decoded spans straight into the engine (as the repartition topic's events)."""
    from processor.core.partition import PartitionProcessor

    proc = PartitionProcessor("rp", 0, EngineConfig())
    out: list[OutRecord] = []
    for i, s in enumerate(spans):
        o = core_otlp.map_span(s)
        assert o.value is not None
        out.extend(proc.process(i, o.conversation_id.encode(), orjson.dumps(o.value)))
    return out
