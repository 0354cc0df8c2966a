"""`toolmend demo --input-format otlp`: real spans and log records of today's OpenTelemetry GenAI emitters, as the
Collector's Kafka exporter writes them, through the re-keying stage and the worker.

The spans are the recorded output of the real instrumentations (processor/examples/otlp_demo.json, made from
tests/data/otel by tools/otel_fixtures/demo_data.py): genai-openai/-anthropic/-langchain 1.3b0, the anthropic SDK's
tracing, OpenLLMetry, Logfire, pydantic-ai, each running three conversations (a healthy parallel call, a parallel
call with a result missing, an interrupted call). Each copy gets fresh trace ids and conversation ids, and copies
alternate between `otlp_proto` and `otlp_json`; the `event_only` emitter's log records go to a logs topic of their
own. The truth is an offline pass of the same records through the same stage and engine.
"""

from __future__ import annotations

import asyncio
import base64
import json
import time
from collections.abc import Callable
from importlib.resources import files
from typing import Any, TextIO

from aiokafka import AIOKafkaProducer
from google.protobuf.json_format import MessageToDict
from opentelemetry.proto.logs.v1.logs_pb2 import LogsData
from opentelemetry.proto.trace.v1.trace_pb2 import TracesData

CONVERSATION_KEY = "gen_ai.conversation.id"


def load() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(files("processor").joinpath("examples/otlp_demo.json").read_text())
    return doc


def hex_ids(doc: Any) -> Any:
    """OTLP/JSON as the Collector writes it: trace and span ids as hex where protobuf's JSON mapping gives base64."""
    if isinstance(doc, dict):
        return {k: (base64.b64decode(v).hex() if k in ("traceId", "spanId", "parentSpanId") and isinstance(v, str)
                    else hex_ids(v)) for k, v in doc.items()}
    if isinstance(doc, list):
        return [hex_ids(v) for v in doc]
    return doc


def _encode(msg: Any, as_json: bool) -> bytes:
    if as_json:
        return json.dumps(hex_ids(MessageToDict(msg, use_integers_for_enums=True)), ensure_ascii=False).encode()
    return bytes(msg.SerializeToString())


def _copy_id(tid: bytes, k: int) -> bytes:
    return k.to_bytes(2, "big") + tid[2:] if tid else tid


def records(copies: int) -> tuple[list[bytes], list[bytes]]:
    """(trace export records, log export records) of `copies` copies of every emitter's conversations."""
    traces: list[bytes] = []
    logs: list[bytes] = []
    data = load()
    # the emitters were recorded minutes apart: each one's times moved to start together, as concurrent apps'
    # would (the join's horizon is event time)
    starts: dict[str, int] = {}
    for emitter, d in data.items():
        t = TracesData()
        t.ParseFromString(base64.b64decode(d["traces"][0]))
        starts[emitter] = min(s.start_time_unix_nano for rs in t.resource_spans for ss in rs.scope_spans
                              for s in ss.spans)
    base = max(starts.values())
    for k in range(copies):
        as_json = k % 2 == 1
        for emitter, d in data.items():
            shift = base - starts[emitter] + k * 1_000_000
            for r in d["traces"]:
                t = TracesData()
                t.ParseFromString(base64.b64decode(r))
                for rs in t.resource_spans:
                    for ss in rs.scope_spans:
                        for s in ss.spans:
                            s.start_time_unix_nano += shift
                            s.end_time_unix_nano += shift
                            s.trace_id = _copy_id(s.trace_id, k)
                            for kv in s.attributes:
                                if kv.key == CONVERSATION_KEY:
                                    kv.value.string_value = f"{kv.value.string_value}/{emitter}/{k}"
                traces.append(_encode(t, as_json))
            for r in d["logs"]:
                lg = LogsData()
                lg.ParseFromString(base64.b64decode(r))
                for rl in lg.resource_logs:
                    for sl in rl.scope_logs:
                        for rec in sl.log_records:
                            rec.trace_id = _copy_id(rec.trace_id, k)
                            if rec.time_unix_nano:
                                rec.time_unix_nano += shift
                            if rec.observed_time_unix_nano:
                                rec.observed_time_unix_nano += shift
                logs.append(_encode(lg, as_json))
    return traces, logs


async def _produce(bootstrap: str, topic: str, values: list[bytes]) -> None:
    p = AIOKafkaProducer(bootstrap_servers=bootstrap, max_request_size=8 << 20, linger_ms=5)
    await p.start()
    try:
        futs = [await p.send(topic, v) for v in values]  # unkeyed, as the Collector's exporter writes them
        await asyncio.gather(*futs)
    finally:
        await p.stop()


async def run_otlp_demo(ns: Any, s: Any, bootstrap: str, metric: Callable[..., Any], worker: asyncio.Task[Any],
                        stop: asyncio.Event, out: TextIO) -> tuple[list[tuple[str, Any, Any]], str]:
    """Produce the emitters' records and wait until the worker has judged every event; returns the summary's rows
    (what the worker's metrics say, next to the offline pass's) and its last line. `metric(name, by=None)` reads
    the worker's metrics."""
    from ..core.partition import EngineConfig
    from .otlp.rekey import offline

    copies = max(1, min(ns.conversations // 40, 50))  # 39 conversations a copy
    traces, logs = records(copies)
    want = offline(traces + logs, EngineConfig())
    want_events = sum(1 for r in want if r.kind == "repaired")
    want_findings: dict[str, int] = {}
    for r in want:
        if r.kind == "findings":
            k = json.loads(r.value or b"{}")["kind"]
            want_findings[k] = want_findings.get(k, 0) + 1
    emitters = ", ".join(sorted(load()))
    out.write(f"emitters: {emitters}\n{copies} copies: {len(traces)} trace export records to {s.input_topic}, "
              f"{len(logs)} log export records to {s.otlp_logs_topic}\n")
    t0 = time.monotonic()
    await _produce(bootstrap, s.otlp_logs_topic, logs)  # content first: it waits for its spans
    await _produce(bootstrap, s.input_topic, traces)
    while not stop.is_set() and not worker.done():
        await asyncio.sleep(0.25)
        if metric("toolmend_events_total") >= want_events:
            break
    if worker.done():
        worker.result()
    secs = time.monotonic() - t0
    spans = metric("toolmend_otlp_spans_total", by="outcome")
    findings = metric("toolmend_findings_total", by="kind")
    rows: list[tuple[str, Any, Any]] = [("OTLP records re-keyed", metric("toolmend_otlp_records_total"),
                                         len(traces) + len(logs))]
    rows += [(f"  spans {o}", n, None) for o, n in sorted(spans.items()) if n]
    rows.append(("events judged", metric("toolmend_events_total"), want_events))
    for kind in sorted(set(findings) | set(want_findings)):
        if findings.get(kind) or want_findings.get(kind):
            rows.append((f"finding {kind}", findings.get(kind, 0.0), want_findings.get(kind, 0)))
    rows.append(("dead letters", sum(metric("toolmend_dead_letters_total", by="kind").values()), 0))
    return rows, (f"\n{want_events / secs:,.0f} model calls/s end to end; the expected column is an offline pass of "
                  "the same records (toolmend's stage and engine without Kafka)\n")


__all__ = ["load", "records", "run_otlp_demo"]
