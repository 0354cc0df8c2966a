"""Run one emitter's real instrumentation against the loopback model stubs and write what it exported.

Runs inside that emitter's recording venv (record.py makes the venvs and calls this file); it needs no toolmend.
Usage: python emit.py EMITTER OUT.json

The application is the same for every emitter: three conversations (four on the Responses API), with the
conversation id in the baggage and copied onto every span (as opentelemetry-processor-baggage does):
* `conv-parallel`: two calls in parallel, both answered (on the Messages API in one `user` message, the results
  then text), then a text answer; on Anthropic the first reply opens with a thinking block. Healthy.
* `conv-partial`: two calls in parallel, one answered, then a text answer: a result is missing.
* `conv-interrupted`: a call, then the user's text instead of its result (the user interrupted).
* `conv-chained` (Responses API): a call, then its result sent alone with `previous_response_id`. Healthy.
The output holds the spans (and log records) as the Collector's Kafka exporter writes them, in both encodings,
and the request bodies the stub received (the truth).
"""

from __future__ import annotations

import base64
import importlib.metadata
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "support"))
from model_stubs import ModelStub, Reply, serve
from opentelemetry import baggage, context, trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

KEY = "gen_ai.conversation.id"
RESOURCE = {"service.name": "travel-assistant", "service.version": "1.4.0"}
SYSTEM = "You are a travel assistant. Use the tools."
WEATHER = {"name": "get_weather", "description": "Current weather of a city",
           "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}
FLIGHTS = {"name": "search_flights", "description": "Search flights to a city",
           "parameters": {"type": "object", "properties": {"to": {"type": "string"}}, "required": ["to"]}}
BOOK = {"name": "book_table", "description": "Book a restaurant table",
        "parameters": {"type": "object", "properties": {"people": {"type": "integer"}}, "required": ["people"]}}
THINKING = "The user wants two cities; I can look both up at once."


class BaggageToAttributes(SpanProcessor):
    def on_start(self, span: Any, parent_context: Any = None) -> None:
        v = baggage.get_baggage(KEY, parent_context)
        if isinstance(v, str):
            span.set_attribute(KEY, v)


class Conversation:
    def __init__(self, cid: str) -> None:
        self.cid = cid
        self.token: Any = None

    def __enter__(self) -> Conversation:
        self.token = context.attach(baggage.set_baggage(KEY, self.cid))
        return self

    def __exit__(self, *exc: Any) -> None:
        context.detach(self.token)


# -- the application, per API -------------------------------------------------------------------------------------
def script(stub: ModelStub, thinking: bool) -> None:
    """The replies, in the order the conversations ask for them."""
    stub.replies += [
        Reply(calls=[("call_paris", "get_weather", {"city": "Paris"}), ("call_rome", "get_weather", {"city": "Rome"})],
              thinking=THINKING if thinking else None),
        Reply(text="Paris: 18 °C and sunny; Rome: 21 °C and clear."),
        Reply(calls=[("call_lis", "search_flights", {"to": "Lisbon"}),
                     ("call_opo", "search_flights", {"to": "Porto"})]),
        Reply(text="There is a 9:40 flight to Lisbon."),
        Reply(calls=[("call_book", "book_table", {"people": 2})]),
        Reply(text="All right, I won't book anything."),
    ]


def chat_app(client: Any, model: str = "gpt-4o-mini") -> None:
    create = client.chat.completions.create
    tools = [{"type": "function", "function": t} for t in (WEATHER, FLIGHTS, BOOK)]

    def turn(msgs: list[dict[str, Any]]) -> dict[str, Any]:
        r = create(model=model, messages=msgs, tools=tools)
        m: dict[str, Any] = r.choices[0].message.model_dump(exclude_none=True)
        return m

    with Conversation("conv-parallel"):
        msgs: list[dict[str, Any]] = [{"role": "system", "content": SYSTEM},
                                      {"role": "user", "content": "What's the weather in Paris and in Rome?"}]
        msgs.append(turn(msgs))
        msgs += [{"role": "tool", "tool_call_id": "call_paris", "content": '{"temp_c": 18, "sky": "sunny"}'},
                 {"role": "tool", "tool_call_id": "call_rome", "content": '{"temp_c": 21, "sky": "clear"}'},
                 {"role": "user", "content": "In Celsius, please."}]
        turn(msgs)
    with Conversation("conv-partial"):
        msgs = [{"role": "system", "content": SYSTEM},
                {"role": "user", "content": "Find flights to Lisbon and to Porto."}]
        msgs.append(turn(msgs))
        msgs.append({"role": "tool", "tool_call_id": "call_lis", "content": "LIS 09:40, 14:05"})
        turn(msgs)  # call_opo has no result
    with Conversation("conv-interrupted"):
        msgs = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "Book a table for two tonight."}]
        msgs.append(turn(msgs))
        msgs.append({"role": "user", "content": "Stop, never mind."})  # no result: the user interrupted
        turn(msgs)


def responses_app(client: Any, model: str = "gpt-4o-mini") -> None:
    create = client.responses.create
    tools = [{"type": "function", **t} for t in (WEATHER, FLIGHTS, BOOK)]

    def turn(items: list[dict[str, Any]], **kw: Any) -> Any:
        return create(model=model, instructions=SYSTEM, input=items, tools=tools, **kw)

    def out_items(r: Any) -> list[dict[str, Any]]:
        return [o.model_dump(exclude_none=True) for o in r.output]

    with Conversation("conv-parallel"):
        items: list[dict[str, Any]] = [{"role": "user", "content": "What's the weather in Paris and in Rome?"}]
        items += out_items(turn(items))
        items += [{"type": "function_call_output", "call_id": "call_paris", "output": '{"temp_c": 18}'},
                  {"type": "function_call_output", "call_id": "call_rome", "output": '{"temp_c": 21}'},
                  {"role": "user", "content": "In Celsius, please."}]
        turn(items)
    with Conversation("conv-partial"):
        items = [{"role": "user", "content": "Find flights to Lisbon and to Porto."}]
        items += out_items(turn(items))
        items.append({"type": "function_call_output", "call_id": "call_lis", "output": "LIS 09:40, 14:05"})
        turn(items)
    with Conversation("conv-interrupted"):
        items = [{"role": "user", "content": "Book a table for two tonight."}]
        items += out_items(turn(items))
        items.append({"role": "user", "content": "Stop, never mind."})
        turn(items)


def responses_chained_app(client: Any, stub: ModelStub, model: str = "gpt-4o-mini") -> None:
    tools = [{"type": "function", **WEATHER}]
    stub.replies += [Reply(calls=[("call_lyon", "get_weather", {"city": "Lyon"})]),
                     Reply(text="Lyon: 15 °C and cloudy.")]
    with Conversation("conv-chained"):
        r = client.responses.create(model=model, instructions=SYSTEM, tools=tools,
                                    input=[{"role": "user", "content": "And the weather in Lyon?"}])
        client.responses.create(model=model, instructions=SYSTEM, tools=tools, previous_response_id=r.id,
                                input=[{"type": "function_call_output", "call_id": "call_lyon",
                                        "output": '{"temp_c": 15, "sky": "cloudy"}'}])


def messages_app(client: Any, model: str = "claude-sonnet-4-5") -> None:
    create = client.messages.create
    tools = [{"name": t["name"], "description": t["description"], "input_schema": t["parameters"]}
             for t in (WEATHER, FLIGHTS, BOOK)]

    def turn(msgs: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
        r = create(model=model, max_tokens=1024, system=SYSTEM, messages=msgs, tools=tools, **kw)
        return {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in r.content]}

    with Conversation("conv-parallel"):
        msgs: list[dict[str, Any]] = [{"role": "user", "content": "What's the weather in Paris and in Rome?"}]
        msgs.append(turn(msgs, thinking={"type": "enabled", "budget_tokens": 1024}))
        msgs.append({"role": "user", "content": [  # both results, then text, in one user message
            {"type": "tool_result", "tool_use_id": "call_paris", "content": '{"temp_c": 18, "sky": "sunny"}'},
            {"type": "tool_result", "tool_use_id": "call_rome", "content": '{"temp_c": 21, "sky": "clear"}'},
            {"type": "text", "text": "In Celsius, please."}]})
        turn(msgs, thinking={"type": "enabled", "budget_tokens": 1024})
    with Conversation("conv-partial"):
        msgs = [{"role": "user", "content": "Find flights to Lisbon and to Porto."}]
        msgs.append(turn(msgs))
        msgs.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "call_lis", "content": "LIS 09:40, 14:05"}]})
        turn(msgs)
    with Conversation("conv-interrupted"):
        msgs = [{"role": "user", "content": "Book a table for two tonight."}]
        msgs.append(turn(msgs))
        msgs.append({"role": "user", "content": "Stop, never mind."})
        turn(msgs)


# -- encoding, as the Collector's Kafka exporter writes -----------------------------------------------------------
def _hex_ids(doc: Any) -> Any:
    if isinstance(doc, dict):
        return {k: (base64.b64decode(v).hex() if k in ("traceId", "spanId", "parentSpanId") and isinstance(v, str)
                    else _hex_ids(v)) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_hex_ids(v) for v in doc]
    return doc


def encode_traces(spans: list[Any], per_record: int = 4) -> dict[str, list[str]]:
    from google.protobuf.json_format import MessageToDict
    from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans

    ordered = sorted(spans, key=lambda s: s.end_time or 0)
    batches = [ordered[i:i + per_record] for i in range(0, len(ordered), per_record)]
    return {"otlp_proto": [base64.b64encode(encode_spans(b).SerializeToString()).decode() for b in batches],
            "otlp_json": [json.dumps(_hex_ids(MessageToDict(encode_spans(b), use_integers_for_enums=True)),
                                     ensure_ascii=False) for b in batches]}


def encode_log_records(logs: list[Any], per_record: int = 4) -> dict[str, list[str]]:
    from google.protobuf.json_format import MessageToDict
    from opentelemetry.exporter.otlp.proto.common._log_encoder import encode_logs

    batches = [logs[i:i + per_record] for i in range(0, len(logs), per_record)]
    return {"otlp_proto": [base64.b64encode(encode_logs(b).SerializeToString()).decode() for b in batches],
            "otlp_json": [json.dumps(_hex_ids(MessageToDict(encode_logs(b), use_integers_for_enums=True)),
                                     ensure_ascii=False) for b in batches]}


# -- the emitters -------------------------------------------------------------------------------------------------
def _provider() -> tuple[TracerProvider, InMemorySpanExporter]:
    exporter = InMemorySpanExporter()
    provider = TracerProvider(resource=Resource.create(RESOURCE))
    provider.add_span_processor(BaggageToAttributes())
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    return provider, exporter


def _logger_provider() -> tuple[Any, Any]:
    from opentelemetry._logs import set_logger_provider
    from opentelemetry.sdk._logs import LoggerProvider
    from opentelemetry.sdk._logs.export import InMemoryLogExporter, SimpleLogRecordProcessor

    exporter = InMemoryLogExporter()
    lp = LoggerProvider(resource=Resource.create(RESOURCE))
    lp.add_log_record_processor(SimpleLogRecordProcessor(exporter))
    set_logger_provider(lp)
    return lp, exporter


_PATH = re.compile(r'File "[^"]*?/(site-packages|lib/python3\.\d+|tools/otel_fixtures)/')


def _without_paths(span: Any) -> Any:
    """A span whose exception stack traces name no directory of the recording machine (a fixture is committed)."""
    from opentelemetry.sdk.trace import Event

    if any("exception.stacktrace" in (e.attributes or {}) for e in span.events):
        span._events = tuple(Event(e.name, {k: _PATH.sub(r'File "\1/', v) if isinstance(v, str) else v
                                            for k, v in (e.attributes or {}).items()}, e.timestamp)
                             for e in span.events)
    return span


EMITTERS: dict[str, dict[str, Any]] = {}


def emitter(name: str, api: str, packages: list[str], env: dict[str, str]) -> Any:
    def deco(fn: Any) -> Any:
        EMITTERS[name] = {"api": api, "packages": packages, "env": env, "run": fn}
        return fn
    return deco


def openai_client(stub: ModelStub) -> Any:
    import openai
    return openai.OpenAI(base_url=stub.base_url, api_key="stub", max_retries=0)


def anthropic_client(stub: ModelStub) -> Any:
    import anthropic
    return anthropic.Anthropic(base_url=stub.root, api_key="stub", max_retries=0)


def run_api(api: str, stub: ModelStub, client: Any) -> None:
    script(stub, thinking=api == "messages")
    if api == "chat":
        chat_app(client)
    elif api == "responses":
        responses_app(client)
        responses_chained_app(client, stub)
    else:
        messages_app(client)


def main() -> None:
    name, out = sys.argv[1], Path(sys.argv[2])
    import emitters  # noqa: F401  (registers the emitters)

    spec = EMITTERS[name]
    os.environ.update(spec["env"])
    provider, exporter = _provider()
    lp, log_exporter = _logger_provider()
    with serve(ModelStub()) as stub:
        spec["run"](stub, provider, lp)
    provider.force_flush()
    lp.force_flush()
    spans = [_without_paths(sp) for sp in exporter.get_finished_spans()]
    logs = list(log_exporter.get_finished_logs())
    doc = {"emitter": name, "api": spec["api"], "env": spec["env"],
           "packages": {p: importlib.metadata.version(p) for p in spec["packages"]},
           "spans": len(spans), "log_records": len(logs), "traces": encode_traces(spans),
           "logs": encode_log_records(logs) if logs else None,
           "requests": [{"path": p, "body": b} for p, b in stub.requests]}
    import redpanda

    redpanda.add_to(doc)  # one span (or log record) a Kafka record, as Redpanda Connect writes them
    out.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    print(f"{name}: {len(spans)} spans, {len(logs)} log records, {len(stub.requests)} requests")


if __name__ == "__main__":
    sys.modules.setdefault("emit", sys.modules["__main__"])
    main()
