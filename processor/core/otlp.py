"""From an OpenTelemetry span (decoded to plain values by the shell's otlp.py) to a `request` event, sans I/O.

One model-call span is one request snapshot plus its reply: the span's input messages, in the `otel_genai`
dialect, followed by its reply when the reply is text (so a text-only turn is judged at once); a reply that calls
tools is judged with the next span, whose input carries those calls with their results (or without: a dangling
call). The forms read, newest first:
* current GenAI conventions: `gen_ai.input.messages` / `gen_ai.output.messages` (role + parts; JSON text or
  structured), with `gen_ai.system_instructions` and `gen_ai.tool.definitions`, on the span or on its
  `gen_ai.client.inference.operation.details` log record (genai-openai/-anthropic/-langchain 1.3b0, the anthropic
  SDK's tracing, OpenLLMetry 0.62, Logfire 5.4, pydantic-ai 2.78, openai-v2 2.4b0); results wherever the emitter
  puts them (`otel_genai.flatten`);
* span events `gen_ai.system.message`, `gen_ai.user.message`, `gen_ai.assistant.message`, `gen_ai.tool.message`,
  `gen_ai.choice` (GenAI conventions up to 1.36, body fields as event attributes);
* OpenLLMetry's indexed attributes `gen_ai.prompt.N.*` / `gen_ai.completion.N.*` (up to 0.47) with tool calls and
  `llm.request.functions.N.*`;
* OpenInference's `llm.input_messages.N.message.*` / `llm.output_messages.N.message.*` and `llm.tools.N.*`
  (openinference-instrumentation-openai 0.1.66).

A decoded span is a dict: `trace_id`, `span_id` (hex), `name`, `end_ns`, `attributes` (key -> str, int, float,
bool, list or dict), `events` (dicts of `name`, `attributes`) and `resource` (its resource's attributes). This
module knows nothing of protobuf, Kafka or the wire encodings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from .dialects.otel_genai import CALL, RESPONSE, flatten
from .events import MAX_TS
from .otlp_join import INFERENCE_EVENT
from .toolspans import MAX_ID, ToolRun, classify

DEFAULT_CONVERSATION_KEYS: tuple[str, ...] = ("gen_ai.conversation.id", "session.id")
#: operations that are model calls; any other `gen_ai.operation.name` (embeddings, execute_tool, invoke_agent...)
#: is skipped
MODEL_OPERATIONS = frozenset({"chat", "text_completion", "generate_content", "completion"})
_EVENT_ROLES = {"gen_ai.system.message": "system", "gen_ai.user.message": "user",
                "gen_ai.assistant.message": "assistant", "gen_ai.tool.message": "tool"}

#: where the content went when the instrumentation uploaded it (opentelemetry-util-genai's upload hook): the span
#: holds references only, counted apart from spans without content (`content_ref`)
REF_KEYS = frozenset({"gen_ai.input.messages_ref", "gen_ai.output.messages_ref", "gen_ai.system_instructions_ref",
                      "gen_ai.tool.definitions_ref"})
#: the attributes the mapping reads (the decoder converts only these, and the conversation keys, to values)
READ_KEYS = frozenset({
    "gen_ai.operation.name", "gen_ai.input.messages", "gen_ai.output.messages", "gen_ai.system_instructions",
    "gen_ai.tool.definitions", "gen_ai.request.model", "gen_ai.response.model", "gen_ai.provider.name",
    "gen_ai.system", "llm.model_name", "llm.request.model", "llm.provider", "llm.system", "llm.request.type",
    "openinference.span.kind", "service.name", "service.version", "openai.api.type",
    "gen_ai.request.previous_response.id", "gen_ai.response.id", "gen_ai.conversation.compacted", *REF_KEYS,
    # tool runs (execute_tool spans and the emitters' own tool spans): toolspans.py
    "gen_ai.tool.name", "gen_ai.tool.call.id", "error.type", "gen_ai.usage.input_tokens",
    "gen_ai.usage.output_tokens", "traceloop.span.kind", "traceloop.entity.name", "tool.name", "tool_call.id",
    "logfire.msg_template"})
READ_PREFIXES = ("gen_ai.prompt.", "gen_ai.completion.", "llm.input_messages.", "llm.output_messages.",
                 "llm.tools.", "llm.request.functions.")

# what became of a span
EVENT = "event"
SKIPPED = "skipped"
INVALID = "invalid"
TOO_LARGE = "too_large"


class SpanOutcome:
    """A span's mapping: an event (`value`, keyed by `conversation_id`), or why not (`kind`, `detail`)."""

    __slots__ = ("by_trace", "chain", "conversation_id", "detail", "kind", "traceparent", "value")

    def __init__(self, kind: str, conversation_id: str, traceparent: str, value: dict[str, Any] | None = None,
                 detail: str = "", by_trace: bool = False) -> None:
        #: (previous response id or None, this response's id or None, the reply when it calls tools): what a
        #: Responses chain join needs (otlp_join.ChainJoin)
        self.chain: tuple[str | None, str | None, list[dict[str, Any]]] | None = None
        self.kind = kind
        self.conversation_id = conversation_id
        self.traceparent = traceparent
        self.value = value
        self.detail = detail
        self.by_trace = by_trace  # no conversation attribute: keyed by its trace id


class _Bad(Exception):
    pass


def traceparent(trace_id: str, span_id: str) -> str:
    """The W3C trace context of a span (sampled: it was exported)."""
    return f"00-{trace_id}-{span_id}-01"


def _json(v: Any, what: str) -> Any:
    """An attribute that holds JSON: a JSON text (how SDKs record it) or the structured value itself."""
    if isinstance(v, str):
        try:
            return orjson.loads(v)
        except orjson.JSONDecodeError:
            raise _Bad(f"{what} is not valid JSON") from None
    return v


_REPEATED: dict[str, Any] = {}  # parsed tool definitions and system instructions: each span of a conversation
_REPEATED_MAX = 256  # repeats them; bounded, cleared when full (never mutated by the mapping)
_REPEATED_CHARS = 1 << 16


def _json_repeated(v: Any, what: str) -> Any:
    """`_json` for the attributes every span of a conversation repeats (tool definitions, system instructions)."""
    if not isinstance(v, str) or len(v) > _REPEATED_CHARS:
        return _json(v, what)
    got = _REPEATED.get(v)
    if got is None:
        got = _json(v, what)
        if len(_REPEATED) >= _REPEATED_MAX:
            _REPEATED.clear()
        _REPEATED[v] = got
    return got


def _messages(v: Any, what: str) -> list[dict[str, Any]]:
    doc = _json(v, what)
    if type(doc) is not list:
        raise _Bad(f"{what} is not an array of messages")
    for m in doc:
        if type(m) is not dict:
            raise _Bad(f"{what} is not an array of messages")
        parts = m.get("parts")
        if type(parts) is not list and parts is not None:
            raise _Bad(f"{what}: `parts` is not an array")
    # results wherever the emitter put them (a tool message answering several, a user message of results then
    # text, pydantic-ai's `result` key): one tool message per response, as the flat protocol has it
    return flatten(doc)


def _text(content: Any) -> list[dict[str, Any]]:
    if content is None or content == "":
        return []
    if isinstance(content, str):
        return [{"type": "text", "content": content}]
    if isinstance(content, list):  # OpenAI-style content parts
        out: list[dict[str, Any]] = []
        for p in content:
            if isinstance(p, dict) and isinstance(p.get("text"), str):
                out.append({"type": "text", "content": p["text"]})
            elif isinstance(p, str):
                out.append({"type": "text", "content": p})
            elif p is not None:
                out.append({"type": "generic", "content": p})
        return out
    return [{"type": "text", "content": orjson.dumps(content).decode()}]


def _openai_calls(calls: Any) -> list[dict[str, Any]]:
    """OpenAI-shaped tool calls ({id, function: {name, arguments}}) as tool_call parts."""
    calls = _json(calls, "tool_calls") if isinstance(calls, str) else calls
    out: list[dict[str, Any]] = []
    if not isinstance(calls, list):
        return out
    for c in calls:
        if not isinstance(c, dict):
            raise _Bad("a tool call is not an object")
        fn = c.get("function")
        fn = fn if isinstance(fn, dict) else c
        out.append({"type": CALL, "id": c.get("id"), "name": fn.get("name"), "arguments": fn.get("arguments")})
    return out


# -- the forms --------------------------------------------------------------------------------------------------
def _current(attrs: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]] | None:
    inp = attrs.get("gen_ai.input.messages")
    out = attrs.get("gen_ai.output.messages")
    if inp is None and out is None:
        return None
    msgs = _messages(inp, "gen_ai.input.messages") if inp is not None else []
    si = attrs.get("gen_ai.system_instructions")
    if si is not None:
        parts = _json_repeated(si, "gen_ai.system_instructions")
        if type(parts) is not list:
            raise _Bad("gen_ai.system_instructions is not an array of parts")
        if not msgs or msgs[0].get("role") != "system":
            msgs.insert(0, {"role": "system", "parts": parts})
    return msgs, (_messages(out, "gen_ai.output.messages") if out is not None else [])


def _event_message(name: str, a: dict[str, Any]) -> dict[str, Any]:
    body = a.get("gen_ai.event.content") or a.get("event.body") or a.get("body")
    if body is not None:
        b = _json(body, name)
        if isinstance(b, dict):
            a = {**a, **b}
    if name == "gen_ai.choice":
        m = _json(a.get("message"), name) if a.get("message") is not None else {}
        if not isinstance(m, dict):
            raise _Bad("gen_ai.choice: `message` is not an object")
        msg: dict[str, Any] = {"role": m.get("role") or "assistant",
                               "parts": _text(m.get("content")) + _openai_calls(m.get("tool_calls"))}
        if a.get("finish_reason") is not None:
            msg["finish_reason"] = a["finish_reason"]
        return msg
    role = _EVENT_ROLES[name]
    if role == "tool":
        return {"role": "tool", "parts": [{"type": RESPONSE, "id": a.get("id") or a.get("tool_call_id"),
                                           "response": a.get("content")}]}
    return {"role": role, "parts": _text(a.get("content")) + _openai_calls(a.get("tool_calls"))}


def _span_events(events: Sequence[Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]] | None:
    inp: list[dict[str, Any]] = []
    out: list[dict[str, Any]] = []
    for e in events:
        name = e.get("name")
        if name in _EVENT_ROLES or name == "gen_ai.choice":
            a = e.get("attributes")
            (out if name == "gen_ai.choice" else inp).append(_event_message(name, a if isinstance(a, dict) else {}))
    return (inp, out) if inp or out else None


def _indexed(attrs: dict[str, Any], prefix: str) -> dict[int, dict[str, Any]]:
    """`prefix.N.rest` attributes grouped by N (rest -> value)."""
    groups: dict[int, dict[str, Any]] = {}
    n = len(prefix)
    for k, v in attrs.items():
        if k.startswith(prefix):
            head, _, rest = k[n:].partition(".")
            if head.isascii() and head.isdigit() and rest:  # `int()` reads '²' as no number, '١' as 1
                groups.setdefault(int(head), {})[rest] = v
    return groups


def _indexed_calls(fields: dict[str, Any], prefix: str, id_key: str, name_key: str,
                   args_key: str) -> list[dict[str, Any]]:
    return [{"type": CALL, "id": c.get(id_key), "name": c.get(name_key), "arguments": c.get(args_key)}
            for _, c in sorted(_indexed(fields, prefix).items())]


def _openllmetry(attrs: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]] | None:
    if "gen_ai.prompt.0.role" not in attrs and "gen_ai.completion.0.role" not in attrs \
            and "gen_ai.prompt.0.content" not in attrs:
        return None
    sides: list[list[dict[str, Any]]] = []
    for prefix in ("gen_ai.prompt.", "gen_ai.completion."):
        msgs: list[dict[str, Any]] = []
        for _, f in sorted(_indexed(attrs, prefix).items()):
            role = f.get("role") or ("assistant" if prefix == "gen_ai.completion." else "user")
            if role == "tool":
                msgs.append({"role": "tool", "parts": [{"type": RESPONSE, "id": f.get("tool_call_id"),
                                                        "response": f.get("content")}]})
                continue
            m: dict[str, Any] = {"role": role, "parts": _text(f.get("content")) + _indexed_calls(
                f, "tool_calls.", "id", "name", "arguments")}
            if f.get("finish_reason") is not None:
                m["finish_reason"] = f["finish_reason"]
            msgs.append(m)
        sides.append(msgs)
    return sides[0], sides[1]


def _openinference(attrs: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]] | None:
    if "llm.input_messages.0.message.role" not in attrs and "llm.output_messages.0.message.role" not in attrs:
        return None
    sides: list[list[dict[str, Any]]] = []
    for prefix in ("llm.input_messages.", "llm.output_messages."):
        msgs: list[dict[str, Any]] = []
        for _, f in sorted(_indexed(attrs, prefix).items()):
            role = f.get("message.role") or "user"
            content = f.get("message.content")
            parts = _text(content)
            if content is None:
                for _, c in sorted(_indexed(f, "message.contents.").items()):
                    parts.extend(_text(c.get("message_content.text")))
            if role == "tool":
                msgs.append({"role": "tool", "parts": [{"type": RESPONSE, "id": f.get("message.tool_call_id"),
                                                        "response": content}]})
                continue
            parts.extend(_indexed_calls(f, "message.tool_calls.", "tool_call.id", "tool_call.function.name",
                                        "tool_call.function.arguments"))
            msgs.append({"role": role, "parts": parts})
        sides.append(msgs)
    return sides[0], sides[1]


def _tools(attrs: dict[str, Any]) -> list[Any] | None:
    v = attrs.get("gen_ai.tool.definitions")
    if v is not None:
        doc = _json_repeated(v, "gen_ai.tool.definitions")
        if type(doc) is not list:
            raise _Bad("gen_ai.tool.definitions is not an array")
        return doc
    if "llm.tools.0.tool.json_schema" in attrs:  # the indexed forms start at 0: no scan without it
        oi = _indexed(attrs, "llm.tools.")
        return [_json(t.get("tool.json_schema"), "llm.tools") for _, t in sorted(oi.items())
                if t.get("tool.json_schema") is not None]
    if "llm.request.functions.0.name" in attrs:
        ll = _indexed(attrs, "llm.request.functions.")
        out: list[Any] = []
        for _, f in sorted(ll.items()):
            params = f.get("parameters")
            out.append({"type": "function", "function": {
                "name": f.get("name"), "description": f.get("description"),
                "parameters": _json(params, "llm.request.functions") if params is not None else None}})
        return out
    return None


def _is_model_call(attrs: dict[str, Any], events: Sequence[Any], log: bool = False, name: str = "") -> bool:
    op = attrs.get("gen_ai.operation.name")
    if log:  # a log record: only the inference's content event
        return name == INFERENCE_EVENT and (not isinstance(op, str) or op in MODEL_OPERATIONS)
    if isinstance(op, str):
        return op in MODEL_OPERATIONS
    kind = attrs.get("openinference.span.kind")
    if isinstance(kind, str):
        return kind == "LLM"
    if "gen_ai.input.messages" in attrs or "gen_ai.prompt.0.role" in attrs or attrs.get("llm.request.type") == "chat":
        return True
    return any(e.get("name") in _EVENT_ROLES or e.get("name") == "gen_ai.choice" for e in events)


def _calls_tools(msgs: list[dict[str, Any]]) -> bool:
    for m in msgs:
        parts = m.get("parts")
        if type(parts) is list:
            for p in parts:
                if type(p) is dict and p.get("type") == CALL:
                    return True
    return False


def _label(attrs: dict[str, Any], *keys: str) -> str | None:
    for k in keys:
        v = attrs.get(k)
        if isinstance(v, str) and v:
            return v
    return None


TOOL_OPERATION = "execute_tool"


def is_tool_span(attrs: dict[str, Any], name: str) -> bool:
    """Whether a span is the run of a tool: `gen_ai.operation.name = execute_tool` (util-genai's `execute_tool
    {name}`, pydantic-ai), or the emitters' own forms (OpenInference TOOL spans, OpenLLMetry's `tool` spans, a
    `gen_ai.tool.name` on a span named for running a tool)."""
    op = attrs.get("gen_ai.operation.name")
    if isinstance(op, str):
        return op == TOOL_OPERATION
    if attrs.get("openinference.span.kind") == "TOOL" or attrs.get("traceloop.span.kind") == "tool":
        return True
    return isinstance(attrs.get("gen_ai.tool.name"), str) and (name.startswith(TOOL_OPERATION)
                                                                or name == "running tool")


def _exception_type(events: Sequence[Any]) -> str | None:
    for e in events:
        if e.get("name") == "exception":
            a = e.get("attributes")
            t = a.get("exception.type") if isinstance(a, dict) else None
            if isinstance(t, str) and t:
                return t
    return None


def _count(v: Any) -> int | None:
    if type(v) is int and v >= 0:
        return int(v)
    if isinstance(v, str) and v.isascii() and v.isdigit() and len(v) < 19:
        return int(v)
    return None


def map_tool_span(span: dict[str, Any], conversation_keys: Sequence[str] = DEFAULT_CONVERSATION_KEYS) -> SpanOutcome:
    """A tool span as a `tool_run` event (the neutral run: call id, tool, outcome class, error type, start and end
    event time, trace and span id, usage), keyed by its conversation (else by its trace: `by_trace`)."""
    trace_id = span.get("trace_id") or ""
    span_id = span.get("span_id") or ""
    tp = traceparent(trace_id, span_id)
    attrs = span.get("attributes") or {}
    resource = span.get("resource") or {}
    name = span.get("name") or ""
    tool = _label(attrs, "gen_ai.tool.name", "tool.name", "traceloop.entity.name")
    if tool is None and name.startswith(TOOL_OPERATION + " "):
        tool = name[len(TOOL_OPERATION) + 1:]
    if not tool:
        return SpanOutcome(SKIPPED, "", tp, detail="no_content")
    end = span.get("end_ns")
    start = span.get("start_ns")
    end_ms = end // 1_000_000 if type(end) is int and end > 0 else -1
    start_ms = start // 1_000_000 if type(start) is int and start > 0 else end_ms
    if not 0 <= end_ms <= MAX_TS:
        return SpanOutcome(INVALID, "", tp, detail=f"trace {trace_id} span {span_id}: tool span without an end time")
    start_ms = min(max(start_ms, 0), end_ms)
    code = span.get("status")
    status = "error" if code in (2, "STATUS_CODE_ERROR", "ERROR") else "ok" if code in (1, "STATUS_CODE_OK") \
        else "unset"
    error_type = _label(attrs, "error.type") or (_exception_type(span.get("events") or ()) if status == "error"
                                                 else None)
    if error_type is not None and status == "unset":
        status = "error"
    cid = None
    for k in conversation_keys:
        cid = _label(attrs, k) or _label(resource, k)
        if cid is not None:
            break
    by_trace = cid is None
    if cid is None:
        cid = trace_id
    if not cid or len(cid) > 256:
        return SpanOutcome(INVALID, "", tp, detail=f"trace {trace_id} span {span_id}: conversation id missing or "
                                                   "over 256 characters")
    run = ToolRun(_label(attrs, "gen_ai.tool.call.id", "tool_call.id"), tool[:MAX_ID], classify(status, error_type),
                  error_type[:MAX_ID] if error_type else None, start_ms, end_ms, trace_id, span_id,
                  _count(attrs.get("gen_ai.usage.input_tokens")), _count(attrs.get("gen_ai.usage.output_tokens")))
    value: dict[str, Any] = {"conversation_id": cid, "ts": end_ms, "type": "tool_run", "tool_run": run.to_json(),
                             "event_id": trace_id + span_id}
    app = _label(resource, "service.name")
    if app is not None:
        value["app"] = app
    return SpanOutcome(EVENT, cid, tp, value, by_trace=by_trace)


def map_span(span: dict[str, Any], conversation_keys: Sequence[str] = DEFAULT_CONVERSATION_KEYS,
             max_attribute_bytes: int = 1 << 20, tool_spans: bool = False) -> SpanOutcome:
    """What one decoded span gives: an `EVENT` (a request event's JSON value), `SKIPPED` (not a model call, or
    no content captured: `detail` says which), `INVALID` or `TOO_LARGE` (dead-lettered alone; `detail` names the
    trace and span, never content)."""
    trace_id = span.get("trace_id") or ""
    span_id = span.get("span_id") or ""
    tp = traceparent(trace_id, span_id)
    attrs = span.get("attributes") or {}
    events = span.get("events") or ()
    resource = span.get("resource") or {}
    if tool_spans and span.get("log") is not True and is_tool_span(attrs, span.get("name") or ""):
        return map_tool_span(span, conversation_keys)
    if not _is_model_call(attrs, events, span.get("log") is True, span.get("name") or ""):
        return SpanOutcome(SKIPPED, "", tp, detail="not_model_call")
    for k, v in attrs.items():
        if isinstance(v, str) and len(v) > max_attribute_bytes:
            return SpanOutcome(TOO_LARGE, "", tp, detail=f"trace {trace_id} span {span_id}: attribute {k[:64]} of "
                                                         f"{len(v)} characters exceeds {max_attribute_bytes}")
    try:
        got = _current(attrs) or _span_events(events) or _openllmetry(attrs) or _openinference(attrs)
        if got is None:
            return SpanOutcome(SKIPPED, "", tp, detail="content_ref" if not REF_KEYS.isdisjoint(attrs)
                               else "no_content")
        inp, out = got
        tools = _tools(attrs)
    except _Bad as bad:
        return SpanOutcome(INVALID, "", tp, detail=f"trace {trace_id} span {span_id}: {bad}")
    cid = None
    for k in conversation_keys:
        cid = _label(attrs, k) or _label(resource, k)
        if cid is not None:
            break
    by_trace = cid is None
    if cid is None:
        cid = trace_id
    if not cid or len(cid) > 256:
        return SpanOutcome(INVALID, "", tp, detail=f"trace {trace_id} span {span_id}: conversation id missing or "
                                                   "over 256 characters")
    end = span.get("end_ns")
    ts = end // 1_000_000 if type(end) is int and end > 0 else -1
    messages = inp
    if out and not _calls_tools(out):
        messages = inp + out
    value: dict[str, Any] = {
        "conversation_id": cid, "ts": ts if 0 <= ts <= MAX_TS else -1, "type": "request", "dialect": "otel_genai",
        "messages": messages, "event_id": trace_id + span_id}
    for field, v in (("model", _label(attrs, "gen_ai.request.model", "gen_ai.response.model", "llm.model_name",
                                      "llm.request.model")),
                     ("provider", _label(attrs, "gen_ai.provider.name", "gen_ai.system", "llm.provider",
                                         "llm.system")),
                     ("app", _label(resource, "service.name")), ("app_version", _label(resource, "service.version"))):
        if v is not None:
            value[field] = v
    if tools is not None:
        value["tools"] = tools
    if attrs.get("gen_ai.conversation.compacted") is True:
        value["compacted"] = True  # a compaction, not an erasure (events.md)
    o = SpanOutcome(EVENT, cid, tp, value, by_trace=by_trace)
    if attrs.get("openai.api.type") == "responses" or "gen_ai.request.previous_response.id" in attrs:
        o.chain = (_label(attrs, "gen_ai.request.previous_response.id"), _label(attrs, "gen_ai.response.id"),
                   out if out and _calls_tools(out) else [])
    return o


__all__ = ["DEFAULT_CONVERSATION_KEYS", "EVENT", "INVALID", "REF_KEYS", "SKIPPED", "TOO_LARGE", "SpanOutcome",
           "is_tool_span", "map_span", "map_tool_span",
           "traceparent"]
