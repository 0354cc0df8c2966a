"""Spans and log records as Redpanda Connect writes them to a topic: one signal per Kafka record, its resource and
scope inside it (the `redpanda.otel.v1` messages of its otlp_http / otlp_grpc inputs and its redpanda tracer),
in protobuf or in protojson. Made from the OTLP exports the Collector would write (emit.py), field by field as
that schema numbers them; standard library and opentelemetry-proto only.

    python redpanda.py FIXTURE.json...   # adds `redpanda_proto` / `redpanda_json` to recorded fixtures
"""

from __future__ import annotations

import base64
import json
import struct
import sys
from pathlib import Path
from typing import Any


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _len(field: int, data: bytes) -> bytes:
    return _varint(field << 3 | 2) + _varint(len(data)) + data


def _fixed64(field: int, v: int) -> bytes:
    return _varint(field << 3 | 1) + struct.pack("<Q", v)


def _fixed32(field: int, v: int) -> bytes:
    return _varint(field << 3 | 5) + struct.pack("<I", v)


def _uint(field: int, v: int) -> bytes:
    return _varint(field << 3) + _varint(v)


def span_records(export: bytes) -> tuple[list[str], list[str]]:
    """One `redpanda.otel.v1.Span` per span of a trace export: (base64 protobuf records, protojson records)."""
    from google.protobuf.json_format import MessageToDict
    from opentelemetry.proto.trace.v1.trace_pb2 import TracesData

    msg = TracesData()
    msg.ParseFromString(export)
    pb: list[str] = []
    js: list[str] = []
    for rs in msg.resource_spans:
        for ss in rs.scope_spans:
            for s in ss.spans:
                b = _len(1, rs.resource.SerializeToString())
                if rs.schema_url:
                    b += _len(2, rs.schema_url.encode())
                b += _len(3, ss.scope.SerializeToString())
                if ss.schema_url:
                    b += _len(4, ss.schema_url.encode())
                b += _len(5, s.trace_id) + _len(6, s.span_id)
                if s.trace_state:
                    b += _len(7, s.trace_state.encode())
                if s.parent_span_id:
                    b += _len(8, s.parent_span_id)
                if s.flags:
                    b += _fixed32(9, s.flags)
                b += _len(10, s.name.encode())
                if s.kind:
                    b += _uint(11, s.kind)
                b += _fixed64(12, s.start_time_unix_nano) + _fixed64(13, s.end_time_unix_nano)
                for kv in s.attributes:
                    b += _len(14, kv.SerializeToString())
                for ev in s.events:
                    b += _len(16, ev.SerializeToString())
                if s.HasField("status"):
                    b += _len(20, s.status.SerializeToString())
                pb.append(base64.b64encode(b).decode())
                doc = {"resource": MessageToDict(rs.resource), "resourceSchemaUrl": rs.schema_url,
                       "scope": MessageToDict(ss.scope), "scopeSchemaUrl": ss.schema_url,
                       **MessageToDict(s, use_integers_for_enums=True)}
                js.append(json.dumps(doc, ensure_ascii=False))
    return pb, js


def log_records(export: bytes) -> tuple[list[str], list[str]]:
    """One `redpanda.otel.v1.LogRecord` per record of a log export."""
    from google.protobuf.json_format import MessageToDict
    from opentelemetry.proto.logs.v1.logs_pb2 import LogsData

    msg = LogsData()
    msg.ParseFromString(export)
    pb: list[str] = []
    js: list[str] = []
    for rl in msg.resource_logs:
        for sl in rl.scope_logs:
            for r in sl.log_records:
                b = _len(1, rl.resource.SerializeToString()) + _len(3, sl.scope.SerializeToString())
                b += _fixed64(5, r.time_unix_nano) + _fixed64(6, r.observed_time_unix_nano)
                if r.severity_number:
                    b += _uint(7, r.severity_number)
                if r.severity_text:
                    b += _len(8, r.severity_text.encode())
                if r.HasField("body"):
                    b += _len(9, r.body.SerializeToString())
                for kv in r.attributes:
                    b += _len(10, kv.SerializeToString())
                if r.flags:
                    b += _fixed32(12, r.flags)
                if r.trace_id:
                    b += _len(13, r.trace_id)
                if r.span_id:
                    b += _len(14, r.span_id)
                if r.event_name:
                    b += _len(15, r.event_name.encode())
                pb.append(base64.b64encode(b).decode())
                doc = {"resource": MessageToDict(rl.resource), "scope": MessageToDict(sl.scope),
                       **MessageToDict(r, use_integers_for_enums=True)}
                js.append(json.dumps(doc, ensure_ascii=False))
    return pb, js


def add_to(doc: dict[str, Any]) -> None:
    for signal, conv in (("traces", span_records), ("logs", log_records)):
        part = doc.get(signal)
        if not part:
            continue
        part.pop("one_span_otlp_proto", None)
        pb: list[str] = []
        js: list[str] = []
        for r in part["otlp_proto"]:
            p, j = conv(base64.b64decode(r))
            pb += p
            js += j
        part["redpanda_proto"], part["redpanda_json"] = pb, js


if __name__ == "__main__":
    for f in sys.argv[1:]:
        path = Path(f)
        d = json.loads(path.read_text())
        add_to(d)
        path.write_text(json.dumps(d, ensure_ascii=False, indent=1) + "\n")
