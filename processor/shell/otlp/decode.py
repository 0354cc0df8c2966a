"""OTLP trace records, as the OpenTelemetry Collector's Kafka exporter writes them, decoded to plain spans.

A record is an `ExportTraceServiceRequest` / `TracesData` (the same message on the wire): protobuf (`otlp_proto`,
the exporter's default) or its JSON mapping (`otlp_json`), told apart per record by its first byte. Protobuf is
read by the official `opentelemetry-proto` classes (the upb backend); JSON by orjson. Either way the result is
the plain shape `core.otlp.map_span` reads (trace and span ids as hex, attribute values as str, int, float, bool,
list or dict), so the mapping to events stays in the core.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from typing import Any

import orjson
from google.protobuf.message import DecodeError
from opentelemetry.proto.trace.v1.trace_pb2 import TracesData

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


def _decode_proto(value: bytes, keys: frozenset[str]) -> list[dict[str, Any]]:
    msg = TracesData()
    try:
        msg.ParseFromString(value)
    except (DecodeError, RuntimeError, ValueError) as e:
        raise InvalidOtlp(f"not an OTLP protobuf trace export ({type(e).__name__})") from None
    spans: list[dict[str, Any]] = []
    for rs in msg.resource_spans:
        resource = _attrs_pb(rs.resource.attributes, keys)
        for ss in rs.scope_spans:
            for s in ss.spans:
                spans.append({"trace_id": s.trace_id.hex(), "span_id": s.span_id.hex(), "name": s.name,
                              "end_ns": s.end_time_unix_nano, "attributes": _attrs_pb(s.attributes, keys),
                              "events": [{"name": e.name, "attributes": _attrs_pb(e.attributes, _ALL)}
                                         for e in s.events] if s.events else [],
                              "resource": resource})
    if not spans and not msg.resource_spans and value:
        raise InvalidOtlp("not an OTLP trace export (no resource spans)")
    return spans


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
        raise InvalidOtlp("not an OTLP JSON trace export (no resourceSpans)")
    spans: list[dict[str, Any]] = []
    try:
        for rs in rss:
            resource = _attrs_json((rs.get("resource") or {}).get("attributes") or [], keys)
            for ss in rs.get("scopeSpans") or rs.get("instrumentationLibrarySpans") or ():
                for s in ss.get("spans") or ():
                    end = s.get("endTimeUnixNano")
                    spans.append({"trace_id": _hex_id(s.get("traceId"), 16), "span_id": _hex_id(s.get("spanId"), 8),
                                  "name": s.get("name") or "", "end_ns": int(end) if end is not None else 0,
                                  "attributes": _attrs_json(s.get("attributes") or [], keys),
                                  "events": [{"name": e.get("name") or "",
                                              "attributes": _attrs_json(e.get("attributes") or [], _ALL)}
                                             for e in s.get("events") or ()],
                                  "resource": resource})
    except (AttributeError, KeyError, TypeError, ValueError) as e:
        raise InvalidOtlp(f"not an OTLP JSON trace export ({type(e).__name__})") from None
    return spans


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
    head = value[:64].lstrip()
    if head[:1] == b"{":
        return _decode_json(value, keys)
    return _decode_proto(value, keys)


__all__ = ["InvalidOtlp", "decode"]
