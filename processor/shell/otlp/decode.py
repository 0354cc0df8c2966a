"""OTLP records, as the OpenTelemetry Collector's Kafka exporter writes them, decoded to plain spans.

A record is an `ExportTraceServiceRequest` / `TracesData` or an `ExportLogsServiceRequest` / `LogsData` (the same
messages on the wire): protobuf (`otlp_proto`, the exporter's default) or its JSON mapping (`otlp_json`), told
apart per record by its first byte. Protobuf is read by the official `opentelemetry-proto` classes (the upb
backend); JSON by orjson. Either way the result is the plain shape `core.otlp.map_span` reads (trace and span ids
as hex, attribute values as str, int, float, bool, list or dict), so the mapping to events stays in the core. A
log record becomes the same shape with `log: True`, its event name as `name` and its time as `end_ns`.

Redpanda Connect writes one span (or log record) per Kafka record, its resource and scope inside it (the
`redpanda.otel.v1` messages: protobuf or protojson). An OTLP export holds nothing but field 1 at its top level;
a Redpanda span or record holds its trace id, times and attributes there, so one scan of the top-level tags tells
them apart, and the wire type of field 5 (a span's trace id, a record's time) or 13 tells a span from a record.

Traces or logs, for certain: in JSON the top-level key says it (`resourceSpans` / `resourceLogs`). In protobuf both
messages have the same outer structure (field 1, then field 2, then field 2), and a parser skips fields of the
wrong wire type, so a log export often parses as a trace export. What tells them apart is the leaf: a span's field
1 is its trace id (length-delimited, 16 bytes), a log record's field 1 is its time (fixed64) and its trace id is
field 9. A record is a trace export only if every span it holds has a 16-byte trace id and an 8-byte span id,
which no log record can give; otherwise it is read as a log export.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from typing import Any

import orjson
from google.protobuf.message import DecodeError
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue
from opentelemetry.proto.logs.v1.logs_pb2 import LogsData
from opentelemetry.proto.resource.v1.resource_pb2 import Resource
from opentelemetry.proto.trace.v1.trace_pb2 import Span, Status, TracesData

from ...core.otlp import DEFAULT_CONVERSATION_KEYS, READ_KEYS, READ_PREFIXES


class InvalidOtlp(ValueError):
    """The record is not an OTLP trace export (neither encoding reads it)."""


# -- protobuf ----------------------------------------------------------------------------------------------------
def _any_pb(v: Any) -> Any:
    which = v.WhichOneof("value")
    if which == "string_value":
        return v.string_value
    if which == "int_value":
        return v.int_value
    if which == "bool_value":
        return v.bool_value
    if which == "double_value":
        return v.double_value
    if which == "array_value":
        return [_any_pb(x) for x in v.array_value.values]
    if which == "kvlist_value":
        return {kv.key: _any_pb(kv.value) for kv in v.kvlist_value.values}
    if which == "bytes_value":
        return base64.b64encode(v.bytes_value).decode()
    return None


def _attrs_pb(kvs: Any, keys: frozenset[str]) -> dict[str, Any]:
    """The attributes the mapping reads (`keys`, or under one of its prefixes), as plain values."""
    out: dict[str, Any] = {}
    for kv in kvs:
        k = kv.key
        if k in keys or k.startswith(READ_PREFIXES):
            v = kv.value
            # the common case first: a string attribute
            out[k] = v.string_value if v.WhichOneof("value") == "string_value" else _any_pb(v)
    return out


def _varint(b: bytes, i: int) -> tuple[int, int]:
    n = shift = 0
    while True:
        if i >= len(b) or shift > 63:
            raise InvalidOtlp("not an OTLP record (a truncated varint)")
        c = b[i]
        i += 1
        n |= (c & 0x7F) << shift
        if c < 0x80:
            return n, i
        shift += 7


def _fields(b: bytes) -> list[tuple[int, int, Any]]:
    """A message's top-level fields: (number, wire type, value: int, or bytes when length-delimited)."""
    out: list[tuple[int, int, Any]] = []
    i, end = 0, len(b)
    while i < end:
        tag, i = _varint(b, i)
        f, w = tag >> 3, tag & 7
        v: Any
        if w == 0:
            v, i = _varint(b, i)
        elif w == 1:
            v, i = int.from_bytes(b[i:i + 8], "little"), i + 8
        elif w == 2:
            n, i = _varint(b, i)
            v, i = b[i:i + n], i + n
        elif w == 5:
            v, i = int.from_bytes(b[i:i + 4], "little"), i + 4
        else:
            raise InvalidOtlp(f"not an OTLP record (wire type {w})")
        if i > end or f == 0:
            raise InvalidOtlp("not an OTLP record (a field runs past the end)")
        out.append((f, w, v))
    return out


def _is_export(value: bytes) -> bool:
    """Only field 1, length-delimited, at the top level: an OTLP export (traces or logs)."""
    i, end = 0, len(value)
    while i < end:
        if value[i] != 0x0A:
            return False
        n, i = _varint(value, i + 1)
        i += n
    return i == end


def _decode_single_proto(value: bytes, keys: frozenset[str]) -> list[dict[str, Any]]:
    """A `redpanda.otel.v1.Span` or `LogRecord`: one signal, its resource inside."""
    try:
        fields = _fields(value)
        wire = {f: w for f, w, _ in fields}
        log = wire.get(5) == 1 or wire.get(13) == 2 or wire.get(15) == 2
        if not log and wire.get(5) != 2:
            raise InvalidOtlp("not an OTLP record (neither an export nor one span or log record)")
        resource: dict[str, Any] = {}
        attrs: list[Any] = []
        events: list[dict[str, Any]] = []
        one: dict[str, Any] = {"trace_id": "", "span_id": "", "name": "", "end_ns": 0}
        body: Any = None
        for f, w, v in fields:
            if f == 1 and w == 2:
                resource = _attrs_pb(Resource.FromString(v).attributes, keys)
            elif f == (10 if log else 14) and w == 2:
                attrs.append(KeyValue.FromString(v))
            elif f == (13 if log else 5) and w == 2:
                one["trace_id"] = v.hex()
            elif f == (14 if log else 6) and w == 2:
                one["span_id"] = v.hex()
            elif log and f == 15 and w == 2:
                one["name"] = v.decode()
            elif log and f in (5, 6) and w == 1:
                one["end_ns"] = one["end_ns"] or v
            elif log and f == 9 and w == 2:
                body = _any_pb(AnyValue.FromString(v))
            elif not log and f == 10 and w == 2:
                one["name"] = v.decode()
            elif not log and f == 13 and w == 1:
                one["end_ns"] = v
            elif not log and f == 12 and w == 1:
                one["start_ns"] = v
            elif not log and f == 20 and w == 2:
                st = Status.FromString(v)
                one["status"] = st.code
            elif not log and f == 16 and w == 2:
                e = Span.Event.FromString(v)
                events.append({"name": e.name, "attributes": _attrs_pb(e.attributes, _ALL)})
    except (DecodeError, RuntimeError, ValueError, UnicodeDecodeError) as e:
        raise InvalidOtlp(f"not an OTLP record ({type(e).__name__})") from None
    a = _attrs_pb(attrs, keys)
    if log:
        if body is not None:
            a["log.body"] = body
        return [{**one, "log": True, "attributes": a, "events": [], "resource": resource}]
    if len(one["trace_id"]) != 32 or len(one["span_id"]) != 16:
        raise InvalidOtlp("not an OTLP span (its trace or span id is missing)")
    return [{**one, "attributes": a, "events": events, "resource": resource}]


def _decode_proto(value: bytes, keys: frozenset[str]) -> list[dict[str, Any]]:
    if not _is_export(value):
        return _decode_single_proto(value, keys)
    msg = TracesData()
    try:
        msg.ParseFromString(value)
    except (DecodeError, RuntimeError, ValueError):
        return _decode_proto_logs(value, keys, "")
    spans: list[dict[str, Any]] = []
    for rs in msg.resource_spans:
        resource = _attrs_pb(rs.resource.attributes, keys)
        for ss in rs.scope_spans:
            for s in ss.spans:
                if len(s.trace_id) != 16 or len(s.span_id) != 8:  # no span: a log export (see the module doc)
                    return _decode_proto_logs(value, keys, "")
                spans.append({"trace_id": s.trace_id.hex(), "span_id": s.span_id.hex(), "name": s.name,
                              "end_ns": s.end_time_unix_nano, "start_ns": s.start_time_unix_nano,
                              "status": s.status.code, "attributes": _attrs_pb(s.attributes, keys),
                              "events": [{"name": e.name, "attributes": _attrs_pb(e.attributes, _ALL)}
                                         for e in s.events] if s.events else [],
                              "resource": resource})
    if not spans and not msg.resource_spans and value:
        return _decode_proto_logs(value, keys, "no resource spans")
    return spans


def _decode_proto_logs(value: bytes, keys: frozenset[str], why: str) -> list[dict[str, Any]]:
    msg = LogsData()
    try:
        msg.ParseFromString(value)
    except (DecodeError, RuntimeError, ValueError) as e:
        raise InvalidOtlp(f"not an OTLP protobuf trace or log export ({type(e).__name__})") from None
    out: list[dict[str, Any]] = []
    for rl in msg.resource_logs:
        resource = _attrs_pb(rl.resource.attributes, keys)
        for sl in rl.scope_logs:
            for r in sl.log_records:
                attrs = _attrs_pb(r.attributes, keys)
                if r.HasField("body"):
                    attrs["log.body"] = _any_pb(r.body)
                out.append({"trace_id": r.trace_id.hex(), "span_id": r.span_id.hex(),
                            "name": r.event_name or attrs.get("event.name") or "", "log": True,
                            "end_ns": r.time_unix_nano or r.observed_time_unix_nano, "attributes": attrs,
                            "events": [], "resource": resource})
    if not msg.resource_logs:
        raise InvalidOtlp(f"not an OTLP trace or log export ({why or 'no resource spans or logs'})")
    return out


# -- JSON -------------------------------------------------------------------------------------------------------
def _any_json(v: Any) -> Any:
    if not isinstance(v, dict):
        return None
    for k, x in v.items():
        if k == "stringValue":
            return x
        if k == "intValue":
            return int(x)
        if k == "boolValue" or k == "doubleValue":
            return x
        if k == "arrayValue":
            return [_any_json(y) for y in (x.get("values") or ())]
        if k == "kvlistValue":
            return {kv.get("key"): _any_json(kv.get("value")) for kv in (x.get("values") or ())}
        if k == "bytesValue":
            return x
    return None


def _attrs_json(kvs: Any, keys: frozenset[str]) -> dict[str, Any]:
    if not isinstance(kvs, list):
        raise InvalidOtlp("attributes are not an array")
    out: dict[str, Any] = {}
    every = keys is _ALL
    for kv in kvs:
        k = kv["key"]
        if every or k in keys or k.startswith(READ_PREFIXES):
            v = kv.get("value")
            s = v.get("stringValue") if type(v) is dict else None
            out[k] = s if s is not None else _any_json(v)
    return out


def _hex_id(v: Any, n: int) -> str:
    """OTLP/JSON ids are hex; some encoders write protobuf's base64 instead: both are read."""
    if not isinstance(v, str):
        return ""
    if len(v) == 2 * n:
        return v.lower()
    try:
        return base64.b64decode(v, validate=True).hex()
    except (binascii.Error, ValueError):
        return ""


def _decode_json(value: bytes, keys: frozenset[str]) -> list[dict[str, Any]]:
    try:
        doc = orjson.loads(value)
    except orjson.JSONDecodeError:
        raise InvalidOtlp("not an OTLP JSON trace export (invalid JSON)") from None
    rss = doc.get("resourceSpans") if isinstance(doc, dict) else None
    if not isinstance(rss, list):
        if isinstance(doc, dict) and isinstance(doc.get("resourceLogs"), list):
            return _decode_json_logs(doc["resourceLogs"], keys)
        if isinstance(doc, dict) and ("traceId" in doc or "spanId" in doc):  # one span or record (Redpanda)
            one = {"resource": doc.get("resource") or {}}
            if any(k in doc for k in _LOG_ONLY):
                return _decode_json_logs([{**one, "scopeLogs": [{"logRecords": [doc]}]}], keys)
            rss = [{**one, "scopeSpans": [{"spans": [doc]}]}]
        else:
            raise InvalidOtlp("not an OTLP JSON trace or log export (no resourceSpans or resourceLogs)")
    spans: list[dict[str, Any]] = []
    try:
        for rs in rss:
            resource = _attrs_json((rs.get("resource") or {}).get("attributes") or [], keys)
            for ss in rs.get("scopeSpans") or rs.get("instrumentationLibrarySpans") or ():
                for s in ss.get("spans") or ():
                    end = s.get("endTimeUnixNano")
                    start = s.get("startTimeUnixNano")
                    status = s.get("status")
                    code = status.get("code") if isinstance(status, dict) else None
                    spans.append({"trace_id": _hex_id(s.get("traceId"), 16), "span_id": _hex_id(s.get("spanId"), 8),
                                  "name": s.get("name") or "", "end_ns": int(end) if end is not None else 0,
                                  "start_ns": int(start) if start is not None else 0,
                                  "status": code if isinstance(code, int | str) else 0,
                                  "attributes": _attrs_json(s.get("attributes") or [], keys),
                                  "events": [{"name": e.get("name") or "",
                                              "attributes": _attrs_json(e.get("attributes") or [], _ALL)}
                                             for e in s.get("events") or ()],
                                  "resource": resource})
    except (AttributeError, KeyError, TypeError, ValueError) as e:
        raise InvalidOtlp(f"not an OTLP JSON trace export ({type(e).__name__})") from None
    return spans


#: fields only a log record has (a span has none of them)
_LOG_ONLY = ("timeUnixNano", "observedTimeUnixNano", "severityNumber", "severityText", "body", "eventName")


def _decode_json_logs(rls: list[Any], keys: frozenset[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    try:
        for rl in rls:
            resource = _attrs_json((rl.get("resource") or {}).get("attributes") or [], keys)
            for sl in rl.get("scopeLogs") or ():
                for r in sl.get("logRecords") or ():
                    attrs = _attrs_json(r.get("attributes") or [], keys)
                    if r.get("body") is not None:
                        attrs["log.body"] = _any_json(r["body"])
                    t = r.get("timeUnixNano") or r.get("observedTimeUnixNano")
                    out.append({"trace_id": _hex_id(r.get("traceId"), 16), "span_id": _hex_id(r.get("spanId"), 8),
                                "name": r.get("eventName") or attrs.get("event.name") or "", "log": True,
                                "end_ns": int(t) if t is not None else 0, "attributes": attrs, "events": [],
                                "resource": resource})
    except (AttributeError, KeyError, TypeError, ValueError) as e:
        raise InvalidOtlp(f"not an OTLP JSON log export ({type(e).__name__})") from None
    return out


class _Every(frozenset[str]):
    """Span events' attributes are few and read whole (their keys are the event body's fields)."""

    def __contains__(self, key: object) -> bool:
        return True


_ALL = _Every()


def decode(value: bytes | None, conversation_keys: Sequence[str] = DEFAULT_CONVERSATION_KEYS,
           every_attribute: bool = False) -> list[dict[str, Any]]:
    """The spans of one record, each with its resource's attributes: those `core.otlp.map_span` reads and the
    conversation keys (all of them with `every_attribute`). Raises InvalidOtlp."""
    if not value:
        raise InvalidOtlp("empty record value")
    keys = _ALL if every_attribute else READ_KEYS | frozenset(conversation_keys)
    first = value[0]
    if first == 0x7B:  # `{`: JSON (the Collector writes no leading whitespace)
        return _decode_json(value, keys)
    if first == 0x0A:  # field 1, length-delimited: every OTLP export in protobuf starts so (`\n` before JSON too)
        try:
            return _decode_proto(value, keys)
        except InvalidOtlp:
            if value[:64].lstrip()[:1] != b"{":
                raise
            return _decode_json(value, keys)
    if value[:64].lstrip()[:1] == b"{":
        return _decode_json(value, keys)
    return _decode_proto(value, keys)


__all__ = ["InvalidOtlp", "decode"]
