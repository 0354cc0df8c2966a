"""Real spans for tests and benchmarks: the `openai` client, instrumented by a real instrumentation package,
talking to the loopback chat stub (chat_stub.py), three conversations; and the spans encoded as the
OpenTelemetry Collector's Kafka exporter writes them (`otlp_proto`, `otlp_json`).

Needs the `otel` extra (pyproject.toml). Other emitters are recorded fixtures (tests/data/otel/). The conversations:
* `weather` (gen_ai.conversation.id set through baggage): a call, its result, the answer. Healthy.
* `volume` (seed 003): the volume is turned up with a call; then the app rewrites the history (the call and its
  result replaced by a text reply) and the model answers the next request in words only.
* `interrupted` (no conversation id; both model calls under one agent span, so one trace): the model calls a
  tool, the user interrupts before its result, the app sends the history without one.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from opentelemetry import baggage, context, trace
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanContext, TraceFlags

from processor.shell.demo_otlp import hex_ids

from .chat_stub import ChatStub, call_reply, serve, text_reply

CONVERSATION_KEY = "gen_ai.conversation.id"
#: the environment of the official instrumentation (opentelemetry-instrumentation-genai-openai 1.3b0 with
#: opentelemetry-util-genai 1.3b0): current GenAI conventions, message content on the span's attributes
OFFICIAL_ENV = {"OTEL_SEMCONV_STABILITY_OPT_IN": "gen_ai_latest_experimental",
                "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT": "SPAN_ONLY"}

SYSTEM_VOLUME = "你是一个全能AI助理，可以控制设备音量。"
VOLUME_TOOLS = [{"type": "function", "function": {
    "name": "set_volume", "description": "调整设备音量",
    "parameters": {"type": "object", "properties": {"volumeCode": {"type": "string",
                                                                   "enum": ["volume_up", "volume_down"]}},
                   "required": ["volumeCode"]}}}]
WEATHER_TOOLS = [{"type": "function", "function": {
    "name": "get_weather", "description": "Current weather of a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]
FLIGHT_TOOLS = [{"type": "function", "function": {
    "name": "search_flights", "description": "Search flights",
    "parameters": {"type": "object", "properties": {"to": {"type": "string"}, "date": {"type": "string"}},
                   "required": ["to"]}}}]


class BaggageToAttributes(SpanProcessor):
    """Copies the conversation id from the baggage onto every span started, as attribute `key` (as the
    opentelemetry-processor-baggage package's BaggageSpanProcessor does for any key)."""

    def __init__(self, key: str = CONVERSATION_KEY) -> None:
        self.key = key

    def on_start(self, span: Any, parent_context: context.Context | None = None) -> None:
        v = baggage.get_baggage(CONVERSATION_KEY, parent_context)
        if isinstance(v, str):
            span.set_attribute(self.key, v)


@contextmanager
def _env(values: dict[str, str]) -> Iterator[None]:
    old = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@contextmanager
def _conversation(cid: str | None) -> Iterator[None]:
    token = context.attach(baggage.set_baggage(CONVERSATION_KEY, cid)) if cid is not None else None
    try:
        yield
    finally:
        if token is not None:
            context.detach(token)


def run_conversations(client: Any, tracer: trace.Tracer, stub: ChatStub) -> None:
    """The three conversations, in this order (the spans end in it too)."""
    chat = client.chat.completions.create
    # -- weather: healthy ------------------------------------------------------------------------------------
    with _conversation("conv-weather"):
        stub.replies += [call_reply("call_w1", "get_weather", {"city": "Paris"}),
                         text_reply("It is 18 °C and sunny in Paris.")]
        msgs: list[dict[str, Any]] = [{"role": "system", "content": "You are a travel assistant."},
                                      {"role": "user", "content": "What's the weather in Paris?"}]
        r = chat(model="gpt-4o-mini", messages=msgs, tools=WEATHER_TOOLS)
        msgs.append(r.choices[0].message.model_dump(exclude_none=True))
        msgs.append({"role": "tool", "tool_call_id": "call_w1", "content": '{"temp_c": 18, "sky": "sunny"}'})
        chat(model="gpt-4o-mini", messages=msgs, tools=WEATHER_TOOLS)
    # -- volume: the seed's regression after the app rewrote the history ------------------------------------
    with _conversation("conv-volume"):
        stub.replies += [call_reply("call_123456", "set_volume", {"volumeCode": "volume_up"}),
                         text_reply("好的，声音已经调大了。"), text_reply("好的，明白。")]
        msgs = [{"role": "system", "content": SYSTEM_VOLUME}, {"role": "user", "content": "声音大一点"}]
        r = chat(model="gpt-4o-mini", messages=msgs, tools=VOLUME_TOOLS)
        msgs.append(r.choices[0].message.model_dump(exclude_none=True))
        msgs.append({"role": "tool", "tool_call_id": "call_123456", "content": "Volume turned up successfully"})
        chat(model="gpt-4o-mini", messages=msgs, tools=VOLUME_TOOLS)
        # the app "saves tokens": the call and its result become a text reply
        msgs = [{"role": "system", "content": SYSTEM_VOLUME}, {"role": "user", "content": "声音大一点"},
                {"role": "assistant", "content": "好的，已为您调大音量。"}, {"role": "user", "content": "声音调小一点"}]
        chat(model="gpt-4o-mini", messages=msgs, tools=VOLUME_TOOLS)
    # -- interrupted: no conversation id, one trace ---------------------------------------------------------
    with tracer.start_as_current_span("agent run"):
        stub.replies += [call_reply("call_f1", "search_flights", {"to": "Lisbon", "date": "2026-12-24"}),
                         text_reply("Sure, I stopped the search. Anything else?")]
        msgs = [{"role": "user", "content": "Find me a flight to Lisbon on Christmas Eve."}]
        r = chat(model="gpt-4o-mini", messages=msgs, tools=FLIGHT_TOOLS)
        msgs.append(r.choices[0].message.model_dump(exclude_none=True))
        msgs.append({"role": "user", "content": "Stop, never mind."})  # no tool result: the user interrupted
        chat(model="gpt-4o-mini", messages=msgs, tools=FLIGHT_TOOLS)


#: what the conversations should give: the findings of each (by conversation key as toolmend derives it; the
#: interrupted one is keyed by its trace id)
EXPECTED_FINDINGS = {"conv-weather": set(), "conv-volume": {"tool_history_erased", "text_only_regression"},
                     "interrupted": {"dangling_tool_call"}}

RESOURCE = {"service.name": "volume-assistant", "service.version": "2.3.0"}


def _record(instrument: Callable[[TracerProvider], Callable[[], None]], env: dict[str, str],
            key: str = CONVERSATION_KEY) -> list[ReadableSpan]:
    import openai

    exporter = InMemorySpanExporter()
    provider = TracerProvider(resource=Resource.create(RESOURCE))
    provider.add_span_processor(BaggageToAttributes(key))
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    with _env(env), serve(ChatStub()) as stub:
        undo = instrument(provider)
        try:
            client = openai.OpenAI(base_url=stub.base_url, api_key="stub", max_retries=0)
            run_conversations(client, provider.get_tracer("demo-app"), stub)
        finally:
            undo()
    provider.shutdown()
    return list(exporter.get_finished_spans())


def record_official() -> list[ReadableSpan]:
    """Spans of opentelemetry-instrumentation-genai-openai 1.3b0 (current GenAI conventions, content on spans)."""
    from opentelemetry.instrumentation.genai.openai import OpenAIInstrumentor

    def instrument(provider: TracerProvider) -> Callable[[], None]:
        inst: Any = OpenAIInstrumentor()  # type: ignore[no-untyped-call]
        inst.instrument(tracer_provider=provider)
        undo: Callable[[], None] = inst.uninstrument
        return undo

    return _record(instrument, OFFICIAL_ENV)


def record_openllmetry() -> list[ReadableSpan]:
    """Spans of OpenLLMetry's opentelemetry-instrumentation-openai 0.62.4 (current GenAI attributes)."""
    from opentelemetry.instrumentation.openai import OpenAIInstrumentor as LLMetry

    def instrument(provider: TracerProvider) -> Callable[[], None]:
        inst: Any = LLMetry()
        inst.instrument(tracer_provider=provider)
        undo: Callable[[], None] = inst.uninstrument
        return undo

    return _record(instrument, {"TRACELOOP_TRACE_CONTENT": "true"})


def record_openinference() -> list[ReadableSpan]:
    """Spans of openinference-instrumentation-openai 0.1.66 (`llm.input_messages.N.*`), the conversation id in
    `session.id` as OpenInference apps set it."""
    from openinference.instrumentation.openai import OpenAIInstrumentor as OpenInference

    def instrument(provider: TracerProvider) -> Callable[[], None]:
        inst: Any = OpenInference()
        inst.instrument(tracer_provider=provider)
        undo: Callable[[], None] = inst.uninstrument
        return undo

    return _record(instrument, {}, key="session.id")


def copies(spans: list[ReadableSpan], n: int) -> list[ReadableSpan]:
    """`n` copies of the conversations, each with its own ids; in end order within a copy, copies interleaved
    the way concurrent conversations' spans reach the Collector."""
    base = sorted(spans, key=lambda s: s.end_time or 0)
    out: list[tuple[int, int, ReadableSpan]] = []
    for k in range(n):
        traces: dict[int, int] = {}
        for i, s in enumerate(base):
            ctx = s.context
            assert ctx is not None
            tid = traces.setdefault(ctx.trace_id, (ctx.trace_id ^ (k + 1) * 0x9E3779B97F4A7C15) & ((1 << 128) - 1))
            attrs = dict(s.attributes or {})
            if "gen_ai.conversation.id" in attrs:
                attrs["gen_ai.conversation.id"] = f"{attrs['gen_ai.conversation.id']}-{k}"
            new = ReadableSpan(name=s.name, context=SpanContext(tid, (ctx.span_id + k) & ((1 << 64) - 1) or 1,
                                                                is_remote=False, trace_flags=TraceFlags(1)),
                               parent=s.parent, resource=s.resource, attributes=attrs, events=s.events,
                               links=s.links, kind=s.kind, status=s.status, start_time=s.start_time,
                               end_time=(s.end_time or 0) + k * 1_000_000,
                               instrumentation_scope=s.instrumentation_scope)
            out.append((i, k, new))
    out.sort(key=lambda t: (t[0], t[1]))  # step i of every copy, then step i + 1: conversations interleave
    return [s for _, _, s in out]


# -- as the Collector's Kafka exporter writes them ---------------------------------------------------------------
def encode_proto(spans: Sequence[ReadableSpan]) -> bytes:
    """`otlp_proto` (the exporter's default): an ExportTraceServiceRequest (same bytes as TracesData)."""
    return bytes(encode_spans(spans).SerializeToString())


def encode_json(spans: Sequence[ReadableSpan]) -> bytes:
    """`otlp_json`: the OTLP/JSON mapping the Collector's marshaler writes (lowerCamelCase names, trace and span
    ids as hex, 64-bit integers as strings, enums as numbers)."""
    from google.protobuf.json_format import MessageToDict

    doc = MessageToDict(encode_spans(spans), use_integers_for_enums=True)
    return json.dumps(hex_ids(doc), ensure_ascii=False).encode()


def collector_records(spans: Sequence[ReadableSpan], encoding: str, per_record: int = 4) -> list[bytes]:
    """The spans in end order, batched `per_record` to a record (a batch mixes conversations), unkeyed."""
    enc = encode_proto if encoding == "otlp_proto" else encode_json
    ordered = sorted(spans, key=lambda s: s.end_time or 0)
    return [enc(ordered[i:i + per_record]) for i in range(0, len(ordered), per_record)]


# -- poison records: the shapes that stopped the re-keying stage (issue 35, rows 7 and 8) --------------------------
def _kv(key: Any, value: dict[str, Any]) -> dict[str, Any]:
    return {"key": key, "value": value}


def _text_message(role: str, text: str) -> dict[str, Any]:
    """One GenAI message (role + a text part) as an OTLP/JSON kvlist value."""
    part = {"kvlistValue": {"values": [_kv("type", {"stringValue": "text"}), _kv("content", {"stringValue": text})]}}
    return {"kvlistValue": {"values": [_kv("role", {"stringValue": role}),
                                       _kv("parts", {"arrayValue": {"values": [part]}})]}}


def json_chat_span(cid: str, trace_id: str, span_id: str, end_ns: int, extra: Sequence[dict[str, Any]] = (),
                   messages: bool = True) -> dict[str, Any]:
    """An OTLP/JSON chat span with structured (kvlist) messages, as some exporters write them (`messages=False`:
    only `extra` says what was said)."""
    said = [_kv("gen_ai.input.messages", {"arrayValue": {"values": [_text_message("user", "hello")]}}),
            _kv("gen_ai.output.messages", {"arrayValue": {"values": [
                _text_message("assistant", "hi, how can I help?")]}})] if messages else []
    return {"traceId": trace_id, "spanId": span_id, "name": "chat m", "endTimeUnixNano": str(end_ns),
            "attributes": [_kv("gen_ai.operation.name", {"stringValue": "chat"}),
                           _kv(CONVERSATION_KEY, {"stringValue": cid}), *said, *extra]}


def json_record(spans: Sequence[dict[str, Any]]) -> bytes:
    return json.dumps({"resourceSpans": [{"resource": {"attributes": [
        _kv("service.name", {"stringValue": "fuzzed"})]}, "scopeSpans": [{"spans": list(spans)}]}]}).encode()


def _nested(depth: int) -> dict[str, Any]:
    v: dict[str, Any] = {"stringValue": "deep"}
    for _ in range(depth):
        v = {"arrayValue": {"values": [v]}}
    return v


def _poison_message(entry: dict[str, Any]) -> dict[str, Any]:
    """Input messages whose only message holds `entry` among its fields."""
    msg = _text_message("user", "hello")
    msg["kvlistValue"]["values"].append(entry)
    return _kv("gen_ai.input.messages", {"arrayValue": {"values": [msg]}})


#: name -> the attributes that made the stage crash on a span carrying them (all as OTLP/JSON)
POISON_ATTRIBUTES: dict[str, list[dict[str, Any]]] = {
    "integer_over_64_bits": [_poison_message(_kv("n", {"intValue": str(1 << 64)}))],
    "nesting_over_254_levels": [_kv("gen_ai.tool.definitions", _nested(300))],
    "kvlist_key_missing": [_poison_message({"value": {"stringValue": "x"}})],
    "kvlist_key_numeric": [_poison_message(_kv(7, {"stringValue": "x"}))],
    "superscript_index": [_kv("gen_ai.prompt.0.role", {"stringValue": "user"}),
                          _kv("gen_ai.prompt.0.content", {"stringValue": "hello"}),
                          _kv("gen_ai.prompt.\u00b2.content", {"stringValue": "x"})],
}


def poison_records(base_ns: int = 1_765_000_000_000_000_000) -> list[tuple[str, bytes, bool]]:
    """One OTLP/JSON record per poison shape, each with a good span of its own conversation before the poisoned
    one: (name, record, whether the poisoned span must be dead-lettered). The superscript index is not poison
    any more: `gen_ai.prompt.².content` is no index, ignored like any other attribute the mapping does not read."""
    out = []
    for i, (name, attrs) in enumerate(POISON_ATTRIBUTES.items()):
        good = json_chat_span(f"good-{name}", f"{i + 1:032x}", f"{2 * i + 1:016x}", base_ns + 2 * i * 1_000_000)
        bad = json_chat_span(f"poison-{name}", f"{i + 101:032x}", f"{2 * i + 2:016x}",
                             base_ns + (2 * i + 1) * 1_000_000, attrs, messages=name != "superscript_index")
        out.append((name, json_record([good, bad]), name != "superscript_index"))
    return out


def huge_record(attribute_bytes: int = 10 << 20) -> bytes:
    """An OTLP protobuf record whose one span has an attribute of `attribute_bytes` (unkeyed when produced)."""
    from opentelemetry.proto.trace.v1.trace_pb2 import TracesData

    msg = TracesData()
    span = msg.resource_spans.add().scope_spans.add().spans.add()
    span.trace_id = bytes(range(16))
    span.span_id = bytes(range(8))
    span.name = "chat huge"
    kv = span.attributes.add()
    kv.key = "gen_ai.input.messages"
    kv.value.string_value = "x" * attribute_bytes
    return bytes(msg.SerializeToString())


# -- tools that run (execute_tool spans of opentelemetry-util-genai 1.3b0) --------------------------------------------
class ConversationOnModelCalls(SpanProcessor):
    """The conversation id on the model-call spans only (as emitters that name it on inference spans do): a tool
    span is then keyed to its conversation through its trace."""

    def on_start(self, span: Any, parent_context: context.Context | None = None) -> None:
        v = baggage.get_baggage(CONVERSATION_KEY, parent_context)
        if isinstance(v, str) and not (span.name or "").startswith("execute_tool"):
            span.set_attribute(CONVERSATION_KEY, v)


#: what the tool conversations give (by conversation id): the run of each dangling call decides its placeholder
EXPECTED_TOOL_FINDINGS = {"conv-lost": {"dangling_tool_call", "tool_result_lost"},
                          "conv-tool-timeout": {"dangling_tool_call"}, "conv-no-span": {"dangling_tool_call"},
                          "conv-answered": set()}


def record_official_tools() -> list[ReadableSpan]:
    """The official instrumentation's model-call spans and util-genai's execute_tool spans (`handler.tool`), one
    trace per conversation (under an agent span), the conversation id on the model calls only:
    * `conv-answered`: set_volume runs, its result is sent. Healthy.
    * `conv-lost`: set_volume runs and completes, the application loses its result and asks again;
    * `conv-tool-timeout`: send_message fails with a TimeoutError, the application sends no result;
    * `conv-no-span`: search_flights never runs (no span) and has no result."""
    import openai
    from opentelemetry.instrumentation.genai.openai import OpenAIInstrumentor
    from opentelemetry.util.genai.handler import TelemetryHandler

    exporter = InMemorySpanExporter()
    provider = TracerProvider(resource=Resource.create(RESOURCE))
    provider.add_span_processor(ConversationOnModelCalls())
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    with _env(OFFICIAL_ENV), serve(ChatStub()) as stub:
        inst: Any = OpenAIInstrumentor()  # type: ignore[no-untyped-call]
        inst.instrument(tracer_provider=provider)
        try:
            handler = TelemetryHandler(tracer_provider=provider)
            tracer = provider.get_tracer("demo-app")
            client = openai.OpenAI(base_url=stub.base_url, api_key="stub", max_retries=0)
            chat = client.chat.completions.create
            tools = VOLUME_TOOLS
            for cid, call, tool, outcome in (("conv-answered", "call_a1", "set_volume", "answered"),
                                             ("conv-lost", "call_l1", "set_volume", "lost"),
                                             ("conv-tool-timeout", "call_t1", "send_message", "timeout"),
                                             ("conv-no-span", "call_n1", "search_flights", "none")):
                with _conversation(cid), tracer.start_as_current_span("agent run"):
                    stub.replies += [call_reply(call, tool, {"volumeCode": "volume_up"}), text_reply("OK.")]
                    msgs: list[dict[str, Any]] = [{"role": "user", "content": f"Please {tool} ({cid})."}]
                    r = chat(model="gpt-4o-mini", messages=msgs, tools=tools)
                    msgs.append(r.choices[0].message.model_dump(exclude_none=True))
                    if outcome != "none":
                        try:
                            with handler.tool(tool) as inv:
                                inv.tool_call_id = call
                                if outcome == "timeout":
                                    raise TimeoutError("the messaging service did not answer")
                        except TimeoutError:
                            pass
                    if outcome == "answered":
                        msgs.append({"role": "tool", "tool_call_id": call, "content": "done"})
                    else:  # the result never reaches the history
                        msgs.append({"role": "user", "content": "Did it work?"})
                    chat(model="gpt-4o-mini", messages=msgs, tools=tools)
        finally:
            inst.uninstrument()
    provider.shutdown()
    return list(exporter.get_finished_spans())
