"""No OTLP record can stop the re-keying stage: whatever fails while a record is decoded is confined to that
record, whatever fails while a span is mapped or encoded to that span; each is dead-lettered with a reason, as a
record the producer takes (a key or a value, within the dead-letter topic's bound). The five record shapes that
stopped the stage (issue 35), then fuzzed OTLP over the JSON mapping and protobuf, then the stage's own send."""

from __future__ import annotations

import asyncio
import importlib
import json
from typing import Any

import orjson
import pytest
from aiokafka.errors import MessageSizeTooLargeError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from opentelemetry.proto.trace.v1.trace_pb2 import TracesData

from processor.core import otlp as core_otlp
from processor.core.partition import OutRecord
from processor.shell.otlp.decode import decode
from processor.shell.otlp.rekey import RECORD_FACTOR, Rekeyed, rekey
from tests.support import otel_spans as rec

FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                      HealthCheck.data_too_large])


def _takeable(rk: Rekeyed, max_event_bytes: int = 1 << 20) -> None:
    """Every output is one the producer takes and the topics hold; every dead letter says why."""
    limit = max_event_bytes * RECORD_FACTOR
    for k, v, hs in rk.events:
        assert k and v and len(k) + len(v) + sum(len(a) + len(b) for a, b in hs) <= limit
        orjson.loads(v)
    for dl in rk.dead_letters:
        assert dl.key is not None or dl.value is not None  # aiokafka: "Need at least one: key or value"
        assert len(dl.key or b"") + len(dl.value or b"") + sum(len(a) + len(b or b"") for a, b in dl.headers) <= limit
        h = dict(dl.headers)
        assert h["toolmend-error-kind"] and h["toolmend-error-detail"] and h["toolmend-id"].endswith(b":dlq")


# -- the five shapes ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,value,poison", rec.poison_records(), ids=[n for n, _, _ in rec.poison_records()])
def test_a_poison_span_is_dead_lettered_alone_with_a_reason(name: str, value: bytes, poison: bool) -> None:
    rk = rekey(value, "spans", 2, 40)
    _takeable(rk)
    keys = [k.decode() for k, _, _ in rk.events]
    if not poison:  # `gen_ai.prompt.².content` is no index: ignored, the span read from its other attributes
        assert keys == [f"good-{name}", f"poison-{name}"] and not rk.dead_letters
        return
    assert keys == [f"good-{name}"]  # the record's other span goes on
    [dl] = rk.dead_letters
    h = dict(dl.headers)
    assert h["toolmend-error-kind"] == b"invalid_otlp" and h["toolmend-id"] == b"spans:2:40:1:dlq"
    assert b"cannot be written as JSON" in h["toolmend-error-detail"]
    assert orjson.loads(dl.value or b"")["span_id"] == f"{4 + 2 * list(rec.POISON_ATTRIBUTES).index(name) - 2:016x}"


def test_the_indexed_forms_read_ascii_digits_only() -> None:
    attrs = {"gen_ai.prompt.0.role": "user", "gen_ai.prompt.0.content": "a", "gen_ai.prompt.\u00b2.content": "b",
             "gen_ai.prompt.\u0661.content": "c"}  # '²' is no number to int(); Arabic-Indic '١' would be 1
    o = core_otlp.map_span({"trace_id": "ab" * 16, "span_id": "cd" * 8, "end_ns": 1, "attributes": attrs})
    assert o.kind == core_otlp.EVENT and o.value is not None
    assert o.value["messages"] == [{"role": "user", "parts": [{"type": "text", "content": "a"}]}]


def test_an_unkeyed_record_of_10_mb_is_dead_lettered_with_its_first_bytes() -> None:
    value = rec.huge_record(10 << 20)
    rk = rekey(value, "spans", 0, 9, key=None)
    _takeable(rk)
    [dl] = rk.dead_letters
    h = dict(dl.headers)
    assert rk.whole and h["toolmend-error-kind"] == b"too_large" and dl.key is None
    assert dl.value == value[: 1 << 20]  # its first bytes (its coordinates say where the rest is)
    assert h["toolmend-truncated"] == f"first {1 << 20} bytes of: value {len(value)}".encode()
    assert h["toolmend-source-offset"] == b"9"


def test_a_record_with_neither_key_nor_value_is_dead_lettered_with_an_empty_value() -> None:
    rk = rekey(None, "spans", 0, 3)
    _takeable(rk)
    [dl] = rk.dead_letters
    assert dl.key is None and dl.value == b"" and dict(dl.headers)["toolmend-error-kind"] == b"invalid_otlp"


def test_headers_without_a_value_or_not_a_header_at_all_stop_nothing() -> None:
    good = rec.poison_records()[0][1]
    rk = rekey(good, "spans", 0, 1, headers=[("null", None)])  # type: ignore[list-item]
    _takeable(rk)
    assert len(rk.events) == 1 and len(rk.dead_letters) == 1
    [dl] = rekey(b"\x00junk", "spans", 0, 1, headers=[("a", None), 7]).dead_letters  # type: ignore[list-item]
    assert dict(dl.headers)["toolmend-error-kind"] == b"internal" and dl.value == b"\x00junk"


def test_huge_keys_and_headers_are_cut_to_fit() -> None:
    rk = rekey(b"\x0a" + b"x" * 70_000, "spans", 0, 9, key=b"k" * 20_000, headers=[("big", b"h" * 20_000)],
               max_event_bytes=4096)
    _takeable(rk, 4096)
    [dl] = rk.dead_letters
    assert dl.key == b"k" * 4096 and "big" not in dict(dl.headers)
    assert dict(dl.headers)["toolmend-truncated"] == b"first 4096 bytes of: value 70001, key 20000, headers 1"


def test_an_event_over_the_record_bound_dead_letters_its_span_too_large() -> None:
    # each attribute within its bound, the event of all of them over the record's
    many = [rec._kv(f"gen_ai.prompt.{i}.content", {"stringValue": "\x01" * 3000}) for i in range(4)]
    value = rec.json_record([rec.json_chat_span("c", "ab" * 16, "cd" * 8, 10**18, many, messages=False)])
    rk = rekey(value, "spans", 0, 0, max_event_bytes=4096)
    _takeable(rk, 4096)
    [dl] = rk.dead_letters
    assert not rk.events and dict(dl.headers)["toolmend-error-kind"] == b"too_large"


def test_a_failure_the_decoder_did_not_foresee_is_confined_to_its_record(monkeypatch: pytest.MonkeyPatch) -> None:
    rk_mod = importlib.import_module("processor.shell.otlp.rekey")  # the package's `rekey` is the function

    def broken(*_: Any) -> Any:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(rk_mod, "decode", broken)
    [dl] = rekey(b"{}", "spans", 0, 1).dead_letters
    assert dict(dl.headers)["toolmend-error-detail"] == b"not an OTLP trace export: nested too deep to read"
    monkeypatch.setattr(rk_mod, "_rekey", broken)
    [dl] = rekey(b"{}", "spans", 0, 1).dead_letters
    assert dict(dl.headers)["toolmend-error-kind"] == b"internal" and dl.value == b"{}"


# -- fuzzed OTLP ----------------------------------------------------------------------------------------------
_KEYS = [
    *sorted(core_otlp.READ_KEYS | set(core_otlp.DEFAULT_CONVERSATION_KEYS)), "gen_ai.prompt.0.role",
    "gen_ai.prompt.0.content", "gen_ai.prompt.1.role", "gen_ai.prompt.\u00b2.content",
    "gen_ai.prompt.0.tool_calls.0.name", "gen_ai.prompt.0.tool_calls.0.arguments", "gen_ai.completion.0.role",
    "gen_ai.completion.0.content", "gen_ai.completion.0.finish_reason", "llm.input_messages.0.message.role",
    "llm.input_messages.0.message.content", "llm.input_messages.0.message.contents.0.message_content.text",
    "llm.output_messages.0.message.role", "llm.tools.0.tool.json_schema", "llm.request.functions.0.name",
    "llm.request.functions.0.parameters", "gen_ai.prompt.01.role", "gen_ai.prompt.\u0661.role"]
_EVENT_NAMES = ["gen_ai.system.message", "gen_ai.user.message", "gen_ai.assistant.message", "gen_ai.tool.message",
                "gen_ai.choice", "other"]
_key = st.one_of(st.sampled_from(_KEYS), st.text(max_size=12))
_json_leaf = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
                       st.text(max_size=20))
#: JSON values (ints of any size: the mapping copies them into the event)
json_values = st.recursive(_json_leaf, lambda c: st.one_of(st.lists(c, max_size=4),
                                                           st.dictionaries(st.text(max_size=8), c, max_size=4)),
                           max_leaves=20)
_part = st.fixed_dictionaries({"type": st.sampled_from(["text", "tool_call", "tool_call_response", "x"])}, optional={
    "content": json_values, "id": st.one_of(st.text(max_size=6), st.integers()), "name": json_values,
    "arguments": json_values, "response": json_values})
_message = st.fixed_dictionaries({}, optional={
    "role": st.sampled_from(["user", "assistant", "tool", "system", "x"]), "parts": st.lists(_part, max_size=3),
    "content": json_values, "tool_calls": json_values, "finish_reason": json_values})
#: what a string attribute holds: GenAI messages as JSON text, other JSON, or any text
_string_value = st.one_of(st.lists(_message, max_size=3).map(lambda m: json.dumps(m)), json_values.map(json.dumps),
                          st.text(max_size=30))


def _nested(depth: int) -> dict[str, Any]:
    v: dict[str, Any] = {"stringValue": "deep"}
    for _ in range(depth):
        v = {"arrayValue": {"values": [v]}}
    return v


def _kvlist_entry(value: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.fixed_dictionaries({"key": _key, "value": value}),
                     st.fixed_dictionaries({"value": value}),  # the key missing
                     st.fixed_dictionaries({"key": st.one_of(st.integers(), st.none()), "value": value}),
                     json_values)


#: OTLP/JSON AnyValue, well- and ill-formed: integers past 64 bits, nesting past 254 levels, kvlist keys missing
any_values = st.recursive(
    st.one_of(_string_value.map(lambda s: {"stringValue": s}),
              st.one_of(st.integers(), st.integers().map(str), st.text(max_size=4)).map(lambda i: {"intValue": i}),
              st.floats().map(lambda f: {"doubleValue": f}), st.booleans().map(lambda b: {"boolValue": b}),
              st.text(max_size=8).map(lambda b: {"bytesValue": b}), st.integers(240, 300).map(_nested),
              json_values),
    lambda c: st.one_of(st.lists(c, max_size=3).map(lambda v: {"arrayValue": {"values": v}}),
                        st.lists(_kvlist_entry(c), max_size=3).map(lambda v: {"kvlistValue": {"values": v}})),
    max_leaves=12)
def _entry(key: str, value: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return value.map(lambda v: {"key": key, "value": v})


def _kvlist(*entries: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.tuples(*entries).map(lambda es: {"kvlistValue": {"values": list(es)}})


def _array(item: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(item, max_size=3).map(lambda v: {"arrayValue": {"values": v}})


_structured_part = _kvlist(_entry("type", st.sampled_from(["text", "tool_call", "tool_call_response"]).map(
    lambda t: {"stringValue": t})), _entry("content", any_values), _entry("id", any_values), _kvlist_entry(any_values))
#: GenAI messages as structured values (an array of kvlists), any field of which may be poison
_structured_messages = _array(_kvlist(_entry("role", st.sampled_from(["user", "assistant", "tool"]).map(
    lambda r: {"stringValue": r})), _entry("parts", _array(_structured_part)), _kvlist_entry(any_values)))
_chat_attributes = st.tuples(
    st.just({"key": "gen_ai.operation.name", "value": {"stringValue": "chat"}}),
    _entry("gen_ai.conversation.id", st.one_of(st.just({"stringValue": "c"}), any_values)),
    _entry("gen_ai.input.messages", st.one_of(_structured_messages, any_values)),
    _entry("gen_ai.tool.definitions", st.one_of(_array(any_values), any_values)),
    st.lists(_kvlist_entry(any_values), max_size=4)).map(lambda t: [*t[:4], *t[4]])
_attributes = st.one_of(_chat_attributes, st.lists(_kvlist_entry(any_values), max_size=6), json_values)
_id = st.one_of(st.sampled_from(["ab" * 16, "cd" * 8, "q83vAQ==", ""]), st.text(max_size=40), st.integers())
json_spans = st.fixed_dictionaries({}, optional={
    "traceId": _id, "spanId": _id, "name": st.one_of(st.text(max_size=8), st.integers()),
    "endTimeUnixNano": st.one_of(st.integers(), st.integers().map(str), st.floats(), st.text(max_size=5)),
    "attributes": _attributes,
    "events": st.one_of(st.lists(st.fixed_dictionaries({"name": st.sampled_from(_EVENT_NAMES)},
                                                       optional={"attributes": _attributes}), max_size=3),
                        json_values)})
json_records = st.one_of(
    st.lists(json_spans, max_size=4).map(lambda spans: {"resourceSpans": [
        {"resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "s"}}]},
         "scopeSpans": [{"spans": spans}]}]}),
    st.fixed_dictionaries({"resourceSpans": st.one_of(json_values, st.lists(st.fixed_dictionaries({}, optional={
        "resource": json_values, "scopeSpans": st.lists(st.fixed_dictionaries({}, optional={
            "spans": st.one_of(st.lists(json_spans, max_size=2), json_values)}), max_size=2)}), max_size=2))}))


def _check(value: bytes, key: bytes | None = None) -> None:
    rk = rekey(value, "spans", 1, 7, key=key)  # must not raise
    _takeable(rk)
    if rk.whole:
        assert not rk.events and len(rk.dead_letters) == 1
        return
    spans = decode(value)
    assert len(rk.events) + len(rk.dead_letters) + sum(rk.skipped.values()) == len(spans)  # each span accounted


@FUZZ
@given(json_records, st.one_of(st.none(), st.binary(max_size=8)))
def test_fuzzed_otlp_json_never_stops_the_stage(doc: Any, key: bytes | None) -> None:
    _check(json.dumps(doc).encode(), key)


def _pb_value(v: Any, out: Any) -> None:
    """A plain value into an OTLP AnyValue (ints within int64: the protobuf wire has no other)."""
    if isinstance(v, bool):
        out.bool_value = v
    elif isinstance(v, int):
        out.int_value = max(-(1 << 63), min(v, (1 << 63) - 1))
    elif isinstance(v, float):
        out.double_value = v
    elif isinstance(v, bytes):
        out.bytes_value = v
    elif isinstance(v, list):
        out.array_value.SetInParent()
        for x in v:
            _pb_value(x, out.array_value.values.add())
    elif isinstance(v, dict):
        out.kvlist_value.SetInParent()
        for k, x in v.items():
            kv = out.kvlist_value.values.add()
            kv.key = k
            _pb_value(x, kv.value)
    elif v is not None:
        out.string_value = str(v)


def _deep_list(depth: int) -> Any:
    v: Any = "deep"
    for _ in range(depth):
        v = [v]
    return v


_pb_values = st.one_of(_string_value, json_values, st.binary(max_size=8), st.integers(90, 130).map(_deep_list))
#: indexed attribute names, the index any text ('²' is a digit to str.isdigit, no number to int())
_indexed_keys = st.builds(lambda p, i, r: f"{p}{i}.{r}", st.sampled_from(core_otlp.READ_PREFIXES),
                          st.one_of(st.sampled_from(["0", "1", "01", "\u00b2", "\u0661", ""]), st.text(max_size=2)),
                          st.sampled_from(["role", "content", "message.role", "message.content", "tool.json_schema",
                                           "name", "parameters", "tool_calls.0.name"]))
#: a model call in OpenLLMetry's or OpenInference's indexed form (the indices any text), or any attributes
_pb_attributes = st.one_of(
    st.lists(st.tuples(_indexed_keys, _pb_values), max_size=8).map(
        lambda a: [("gen_ai.operation.name", "chat"), ("gen_ai.prompt.0.role", "user"), *a]),
    st.lists(st.tuples(_key, _pb_values), max_size=8))
pb_spans = st.fixed_dictionaries({
    "trace_id": st.binary(max_size=20), "span_id": st.binary(max_size=10), "name": st.text(max_size=8),
    "end": st.integers(0, (1 << 64) - 1), "attributes": _pb_attributes,
    "events": st.lists(st.tuples(st.sampled_from(_EVENT_NAMES), st.lists(st.tuples(_key, _pb_values), max_size=3)),
                       max_size=3)})


def _pb_record(spans: list[dict[str, Any]]) -> bytes:
    msg = TracesData()
    rs = msg.resource_spans.add()
    kv = rs.resource.attributes.add()
    kv.key, kv.value.string_value = "service.name", "s"
    ss = rs.scope_spans.add()
    for d in spans:
        s = ss.spans.add()
        s.trace_id, s.span_id, s.name, s.end_time_unix_nano = d["trace_id"], d["span_id"], d["name"], d["end"]
        for k, v in d["attributes"]:
            a = s.attributes.add()
            a.key = k
            _pb_value(v, a.value)
        for name, attrs in d["events"]:
            e = s.events.add()
            e.name = name
            for k, v in attrs:
                a = e.attributes.add()
                a.key = k
                _pb_value(v, a.value)
    return bytes(msg.SerializeToString())


@FUZZ
@given(st.lists(pb_spans, max_size=4), st.lists(st.tuples(st.integers(0, 1 << 16), st.integers(0, 255)),
                                                 max_size=4), st.integers(0, 1 << 16))
def test_fuzzed_otlp_protobuf_never_stops_the_stage(spans: list[dict[str, Any]], flips: list[tuple[int, int]],
                                                    cut: int) -> None:
    value = _pb_record(spans)
    _check(value)
    if value:  # the same record damaged: bytes changed, then cut short
        b = bytearray(value)
        for at, to in flips:
            b[at % len(b)] = to
        _check(bytes(b[: max(1, len(b) - cut % len(b))]))


# -- the stage's send -------------------------------------------------------------------------------------------
class _SmallProducer:
    """A producer whose request size is 64 bytes of value."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, bytes | None, bytes | None, list[tuple[str, bytes]]]] = []

    async def send(self, topic: str, value: bytes | None, key: bytes | None = None,
                   headers: list[tuple[str, bytes]] | None = None) -> Any:
        assert value is not None or key is not None, "Need at least one: key or value"
        if len(value or b"") > 64:
            raise MessageSizeTooLargeError()
        self.sent.append((topic, key, value, list(headers or ())))
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        done.set_result(None)
        return done


def test_a_record_the_producer_refuses_as_too_large_becomes_a_dead_letter_without_its_value() -> None:
    from processor.shell.otlp.stage import Rekeyer

    stage = Rekeyer.__new__(Rekeyer)
    stage.s = type("S", (), {"dlq_topic": "dlq"})()  # type: ignore[assignment]
    p = _SmallProducer()
    big = OutRecord("event", b"c", b"x" * 100, [("traceparent", b"00-ab-cd-01"), ("toolmend-otlp-source", b"s:0:1")])
    asyncio.run(stage._send(p, [("rep", OutRecord("event", b"c", b"{}", [])), ("rep", big)]))  # type: ignore[arg-type]
    assert [(t, k, v) for t, k, v, _ in p.sent] == [("rep", b"c", b"{}"), ("dlq", b"c", b"")]
    h = dict(p.sent[1][3])
    assert h["toolmend-error-kind"] == b"too_large" and h["toolmend-otlp-source"] == b"s:0:1"
