"""Re-keying OTLP records by conversation: one trace export in, one `request` event per model-call span out
(keyed by its conversation, for the repartition topic), and dead letters for what cannot be read. No I/O.

The Collector batches the spans of many conversations into one record and keys it by trace id or not at all;
the engine needs a conversation's events in one partition, in order. So each span becomes a record of its own,
keyed by conversation id, carrying the W3C `traceparent` of its span and a deterministic `event_id` (trace id +
span id), so that a span delivered twice (the source record redelivered after a crash) is recognised by the
engine's duplicate detection. `offline` runs the same path without Kafka (tests, benchmarks, replays).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from ...core import otlp as core_otlp
from ...core.events import DeadLetterKind
from ...core.otlp_join import INFERENCE_EVENT, InferenceJoin
from ...core.otlp_order import DEFAULT_MAX_BYTES, DEFAULT_MAX_EVENTS, DEFAULT_WINDOW_MS, Reorder
from ...core.partition import EngineConfig, OutRecord, PartitionProcessor
from ...core.records import dead_letter
from .decode import InvalidOtlp, decode

#: the record bound of a trace export (a batch holds many spans, each bounded by max_event_bytes): what the
#: dead-letter topic and the producers take (kafka.big_topic, kafka.new_producer)
RECORD_FACTOR = 4

Header = tuple[str, bytes]


@dataclass
class Rekeyed:
    """What one OTLP record gives: events for the repartition topic (key, value, headers), dead letters, counts."""

    events: list[tuple[bytes, bytes, list[Header]]] = field(default_factory=list)
    times: list[int] = field(default_factory=list)  # each event's `ts` (ms; -1: none), by the events' index
    latest: int = -1  # the latest end time (ms) of any span or log record of the record: its partition's progress
    dead_letters: list[OutRecord] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)  # reason -> spans (not model calls, no content, ...)
    waiting: int = 0  # spans or log records held by the join until their other half comes
    by_trace: int = 0  # events keyed by their trace id (no conversation attribute)
    whole: bool = False  # the record itself was dead-lettered (not OTLP, or over its bound)


def _dead_letter(kind: DeadLetterKind, detail: str, topic: str, partition: int, offset: int, key: bytes | None,
                 value: bytes | None, headers: Iterable[Header], n: int | None = None,
                 limit: int = 1 << 22) -> OutRecord:
    """As the core writes dead letters (records.py); a span's (`n`: its place in the record) has an id of its own.
    Always one the producer takes: a key or a value (an empty one for a tombstone without key), and key, value and
    headers within `limit` bytes (over it: cut, and `toolmend-truncated` says what each was)."""
    src = f"{topic}:{partition}:{offset}"
    r = dead_letter(topic, partition, kind, detail[:300], src, key, value, headers)
    if n is not None:
        r.headers = [(k, f"{src}:{n}:dlq".encode() if k == "toolmend-id" else v) for k, v in r.headers]
    return _fit(r, limit)


def _size(key: bytes | None, value: bytes | None, headers: Iterable[Header]) -> int:
    return len(key or b"") + len(value or b"") + sum(len(k) + len(v or b"") + 8 for k, v in headers) + 64


def _fit(r: OutRecord, limit: int) -> OutRecord:
    if r.key is None and r.value is None:
        r.value = b""  # a tombstone without a key: the producer takes neither as None
    if _size(r.key, r.value, r.headers) <= limit:
        return r
    # a quarter of the bound each for key, value and foreign headers: the rest is ours (ids, kind, detail)
    part = limit // RECORD_FACTOR
    cut = []
    if len(r.value or b"") > part:
        cut.append(f"value {len(r.value or b'')}")
        r.value = (r.value or b"")[:part]
    if len(r.key or b"") > part:
        cut.append(f"key {len(r.key or b'')}")
        r.key = (r.key or b"")[:part]
    kept: list[Header] = []
    used = 0
    dropped = 0
    for k, v in r.headers:
        if k.startswith("toolmend-"):
            kept.append((k, v))
        elif used + len(k) + len(v or b"") <= part:
            kept.append((k, v))
            used += len(k) + len(v or b"")
        else:
            dropped += 1
    if dropped:
        cut.append(f"headers {dropped}")
    r.headers = [*kept, ("toolmend-truncated", f"first {part} bytes of: {', '.join(cut)}".encode())]
    return r


def _why(e: Exception) -> str:
    """A failure's reason without content: the JSON encoder's own (an integer beyond 64 bits, nesting over 254
    levels, a key that is not a string), else the exception's type."""
    if isinstance(e, orjson.JSONEncodeError):
        return f"cannot be written as JSON: {str(e)[:80]}"
    if isinstance(e, RecursionError):
        return "nested too deep to read"
    return f"cannot be read ({type(e).__name__})"


def _plain(v: Any, depth: int = 0) -> Any:
    """A decoded span as JSON can always hold it (for its dead letter): keys as strings, integers beyond 64 bits
    as strings, nesting cut at `_DEPTH` levels."""
    if type(v) is dict:
        if depth >= _DEPTH:
            return "..."
        return {k if type(k) is str else str(k): _plain(x, depth + 1) for k, x in v.items()}
    if type(v) is list:
        if depth >= _DEPTH:
            return "..."
        return [_plain(x, depth + 1) for x in v]
    if type(v) is int and not -(1 << 63) <= v < 1 << 64:
        return str(v)
    if v is None or type(v) in (str, int, float, bool):
        return v
    return str(v)


_DEPTH = 64


def _span_value(span: Any) -> bytes:
    try:
        return orjson.dumps(span)
    except Exception:  # what failed the span fails its copy: a plain copy instead
        return orjson.dumps(_plain(span))


def rekey(value: bytes | None, topic: str, partition: int, offset: int, key: bytes | None = None,
          headers: Sequence[Header] = (), conversation_keys: Sequence[str] = core_otlp.DEFAULT_CONVERSATION_KEYS,
          max_event_bytes: int = 1 << 20, join: InferenceJoin | None = None, tool_spans: bool = True) -> Rekeyed:
    """One record's events and dead letters. With a `join`, an inference's span without content and its log
    record (`event_only` capture) are joined into one event (core/otlp_join.py); without, each is read alone.
    With `tool_spans`, a tool's span (execute_tool) becomes a `tool_run` event keyed by its conversation, or by
    the conversation its trace's model-call spans named (the join remembers them), else by its trace id.

    Never raises: whatever fails while decoding the record is confined to it (the record dead-lettered whole),
    whatever fails while mapping or encoding a span to that span (dead-lettered alone); every output fits what the
    producer and the topics take."""
    try:
        # a Kafka header may have no value (null): kept as empty bytes, which is what every writer below takes
        clean = [(k, b"" if v is None else v) for k, v in headers]
        return _rekey(value, topic, partition, offset, key, clean, conversation_keys, max_event_bytes, join,
                      tool_spans)
    except Exception as e:  # a bug of ours: the record kept whole, with the reason
        out = Rekeyed(whole=True)
        detail = f"re-keying failed ({type(e).__name__})"
        limit = max_event_bytes * RECORD_FACTOR
        try:
            dl = _dead_letter(DeadLetterKind.INTERNAL, detail, topic, partition, offset, key, value, headers,
                              limit=limit)
        except Exception:  # its headers are what broke: the record without them
            dl = _dead_letter(DeadLetterKind.INTERNAL, detail, topic, partition, offset, key, value, (), limit=limit)
        out.dead_letters.append(dl)
        return out


def _rekey(value: bytes | None, topic: str, partition: int, offset: int, key: bytes | None,
           headers: Sequence[Header], conversation_keys: Sequence[str], max_event_bytes: int,
           join: InferenceJoin | None, tool_spans: bool = True) -> Rekeyed:
    out = Rekeyed()
    limit = max_event_bytes * RECORD_FACTOR
    if value is not None and len(value) > limit:
        # kept cut to its first bytes: whole, it would not fit the dead-letter topic either
        out.dead_letters.append(_dead_letter(DeadLetterKind.TOO_LARGE, f"trace export of {len(value)} bytes exceeds "
                                             f"{limit}; dead-lettered with its first {limit // RECORD_FACTOR} bytes",
                                             topic, partition, offset, key, value, headers, limit=limit))
        out.whole = True
        return out
    try:
        spans = decode(value, conversation_keys)
    except Exception as e:  # InvalidOtlp, or a shape the decoder did not foresee (RecursionError...)
        detail = str(e) if isinstance(e, InvalidOtlp) else f"not an OTLP trace export: {_why(e)}"
        out.dead_letters.append(_dead_letter(DeadLetterKind.INVALID_OTLP, detail, topic, partition, offset, key,
                                             value, headers, limit=limit))
        out.whole = True
        return out
    src = f"{topic}:{partition}:{offset}".encode()
    here = (topic, partition, offset)
    out.latest = max((_end_ns(s) for s in spans if type(s) is dict), default=0) // 1_000_000 or -1
    if tool_spans and len(spans) > 1 and any(_tool_span(s) for s in spans):
        # an export groups its spans by instrumentation scope, not by time: a tool's span goes before the model
        # call that ended after it (a stable sort: records without tool spans keep their order)
        spans = sorted(spans, key=_end_ns)
    for n, span in enumerate(spans):
        try:
            _one(out, span, n, here, src, key, headers, conversation_keys, max_event_bytes, join, tool_spans)
        except Exception as e:
            _span_failed(out, e, span, n, topic, partition, offset, key, headers, limit)
    if join is not None:
        drain(out, join, src, topic, partition, offset, key, headers, conversation_keys, max_event_bytes)
    return out


def _one(out: Rekeyed, span: dict[str, Any], n: int, here: tuple[str, int, int], src: bytes, key: bytes | None,
         headers: Sequence[Header], conversation_keys: Sequence[str], max_event_bytes: int,
         join: InferenceJoin | None, tool_spans: bool = True) -> None:
    """One span (or log record) of a record: joined, emitted, counted or dead-lettered."""
    topic, partition, offset = here
    if join is not None:
        end = span.get("end_ns")
        ts = end // 1_000_000 if type(end) is int and end > 0 else -1
        join.seen(ts)
        if span.get("log") is True:
            if span.get("name") != INFERENCE_EVENT:
                out.skipped["not_model_call"] = out.skipped.get("not_model_call", 0) + 1
                return
            got = join.log(span, here, ts)
            if got is None:
                out.waiting += 1
                return
            if isinstance(got, str):
                out.skipped[got] = out.skipped.get(got, 0) + 1
                return
            span = got
        else:
            o = core_otlp.map_span(span, conversation_keys, max_event_bytes, tool_spans)
            if o.kind == core_otlp.SKIPPED and o.detail != "not_model_call" and not _is_run(o):
                joined = join.span_without_content(span, here, ts)
                if joined is None:
                    out.waiting += 1
                    return
                span = joined
            else:
                if o.kind == core_otlp.EVENT and not _is_run(o) and join.span_with_content(span) is not None:
                    out.skipped["duplicate"] = out.skipped.get("duplicate", 0) + 1
                _emit(out, o, span, src, topic, partition, offset, key, headers, n, join, max_event_bytes)
                return
    _emit(out, core_otlp.map_span(span, conversation_keys, max_event_bytes, tool_spans), span, src, topic,
          partition, offset, key, headers, n, join, max_event_bytes)


def _tool_span(span: dict[str, Any]) -> bool:
    attrs = span.get("attributes")
    return type(attrs) is dict and span.get("log") is not True and core_otlp.is_tool_span(attrs, _id(span.get("name")))


def _end_ns(span: dict[str, Any]) -> int:
    end = span.get("end_ns")
    return end if type(end) is int else 0


def _is_run(o: core_otlp.SpanOutcome) -> bool:
    return o.value is not None and o.value.get("type") == "tool_run"


def _trace_conversation(o: core_otlp.SpanOutcome, span: dict[str, Any], join: InferenceJoin) -> None:
    """Model-call spans teach the join their trace's conversation; a tool span that names none takes it."""
    assert o.value is not None
    trace_id = _id(span.get("trace_id"))
    if o.value.get("type") != "tool_run":
        if not o.by_trace:
            join.traces.put(trace_id, o.conversation_id)
    elif o.by_trace:
        cid = join.traces.get(trace_id)
        if cid is not None:
            o.conversation_id = cid
            o.value["conversation_id"] = cid
            o.by_trace = False


def _span_failed(out: Rekeyed, e: Exception, span: dict[str, Any], n: int, topic: str, partition: int, offset: int,
                 key: bytes | None, headers: Sequence[Header], limit: int) -> None:
    """A span whose mapping or encoding failed: dead-lettered alone, with the reason and never its content."""
    kind = e.kind if isinstance(e, _Refused) else DeadLetterKind.INVALID_OTLP
    reason = str(e) if isinstance(e, _Refused) else _why(e)
    tp = core_otlp.traceparent(_id(span.get("trace_id")), _id(span.get("span_id")))
    detail = f"trace {_id(span.get('trace_id'))[:64]} span {_id(span.get('span_id'))[:32]}: {reason}"
    out.dead_letters.append(_dead_letter(kind, detail, topic, partition, offset, key, _span_value(span),
                                         [*headers, ("traceparent", tp.encode())], n, limit=limit))


def drain(out: Rekeyed, join: InferenceJoin, src: bytes, topic: str, partition: int, offset: int,
          key: bytes | None, headers: Sequence[Header], conversation_keys: Sequence[str], max_event_bytes: int,
          flush: bool = False) -> None:
    """The halves the join lets go (over its bound or its horizon; all with `flush`): a span that never got its
    content is counted as it would have been without a join; a log record that never got its span is an event
    alone. Each is confined as a span of a record is."""
    spans, logs = join.expired(flush)
    for s in spans:
        o = core_otlp.map_span(s, conversation_keys, max_event_bytes)
        out.skipped[o.detail] = out.skipped.get(o.detail, 0) + 1
    limit = max_event_bytes * RECORD_FACTOR
    for n, item in enumerate(logs):
        try:
            _emit(out, core_otlp.map_span(item, conversation_keys, max_event_bytes), item, src, topic, partition,
                  offset, key, headers, -1 - n, None, max_event_bytes)
        except Exception as e:
            _span_failed(out, e, item, -1 - n, topic, partition, offset, key, headers, limit)


def _emit(out: Rekeyed, o: core_otlp.SpanOutcome, span: dict[str, Any], src: bytes, topic: str, partition: int,
          offset: int, key: bytes | None, headers: Sequence[Header], n: int, join: InferenceJoin | None,
          max_event_bytes: int) -> None:
    limit = max_event_bytes * RECORD_FACTOR
    if o.kind == core_otlp.EVENT:
        assert o.value is not None
        if join is not None and o.chain is not None:  # a Responses delta joined to its chain (changes the value)
            join.chain.apply(o.conversation_id, o.value, o.chain)
        if join is not None:
            _trace_conversation(o, span, join)
        k = o.conversation_id.encode()
        v = orjson.dumps(o.value)
        hs = [("traceparent", o.traceparent.encode()), ("toolmend-otlp-source", src)]
        if _size(k, v, hs) > limit:
            raise _Refused(DeadLetterKind.TOO_LARGE, f"its event of {len(v)} bytes exceeds {limit}")
        out.by_trace += o.by_trace
        out.events.append((k, v, hs))
        ts = o.value.get("ts")
        out.times.append(ts if type(ts) is int else -1)
    elif o.kind == core_otlp.SKIPPED:
        out.skipped[o.detail] = out.skipped.get(o.detail, 0) + 1
    else:  # that span alone: kept whole (as decoded), its coordinates in the detail, never its content
        kind = DeadLetterKind.TOO_LARGE if o.kind == core_otlp.TOO_LARGE else DeadLetterKind.INVALID_OTLP
        out.dead_letters.append(_dead_letter(kind, o.detail, topic, partition, offset, key, _span_value(span),
                                             [*headers, ("traceparent", o.traceparent.encode())], n, limit=limit))


class _Refused(Exception):
    """A span whose event the repartition topic would not take."""

    def __init__(self, kind: DeadLetterKind, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind


def _id(v: Any) -> str:
    return v if type(v) is str else ""


def hold(order: Reorder, rk: Rekeyed, source: tuple[str, int], offset: int, item: Any = None) -> list[Any]:
    """A record's events into the merge by event time (core/otlp_order.py), after its progress; what must leave at
    once (late or untimed events) is returned. Each item is `(key, value, headers)`, or `(item, that)` with one."""
    order.progress(source, rk.latest)
    out: list[Any] = []
    for (k, v, hs), ts in zip(rk.events, rk.times, strict=True):
        tie = next((h for n, h in hs if n == "traceparent"), b"")
        ev = (k, v, hs) if item is None else (item, (k, v, hs))
        out.extend(order.add(source, offset, ts, tie, v, ev))
    return out


def offline(records: Iterable[bytes], config: EngineConfig | None = None, topic: str = "otlp",
            conversation_keys: Sequence[str] = core_otlp.DEFAULT_CONVERSATION_KEYS,
            proc: PartitionProcessor | None = None, reorder_ms: int = DEFAULT_WINDOW_MS,
            reorder_max_events: int = DEFAULT_MAX_EVENTS,
            reorder_max_bytes: int = DEFAULT_MAX_BYTES) -> list[OutRecord]:
    """The OTLP path without Kafka: each record re-keyed, its events merged by event time as the stage merges them
    (core/otlp_order.py: the records as one source partition, everything held leaves at the end) and run through
    one partition processor (the repartition topic as one partition). Outputs: the engine's, then the
    re-keying's dead letters."""
    config = config or EngineConfig()
    proc = proc or PartitionProcessor(f"{topic}-repartition", 0, config)
    dls: list[OutRecord] = []
    join = InferenceJoin()
    order = Reorder(reorder_ms, reorder_max_events, reorder_max_bytes)
    source = (topic, 0)
    order.assign([source])
    events: list[tuple[bytes, bytes, list[Header]]] = []
    n = 0
    for i, value in enumerate(records):
        rk = rekey(value, topic, 0, i, conversation_keys=conversation_keys, max_event_bytes=config.max_event_bytes,
                   join=join, tool_spans=config.tool_spans)
        dls.extend(rk.dead_letters)
        events.extend(hold(order, rk, source, i))
        events.extend(order.release())
        n = i + 1
    last = Rekeyed()  # the end of the input: what still waits leaves
    drain(last, join, f"{topic}:0:{n}".encode(), topic, 0, n, None, (), conversation_keys, config.max_event_bytes,
          flush=True)
    dls.extend(last.dead_letters)
    events.extend(hold(order, last, source, n))
    events.extend(order.flush())
    outs: list[OutRecord] = []
    for off, (k, v, hs) in enumerate(events):
        outs.extend(proc.process(off, k, v, hs))
    return outs + dls


def findings_by_conversation(outs: Iterable[OutRecord]) -> dict[str, set[str]]:
    """The finding kinds of each conversation (every conversation that produced output has an entry)."""
    got: dict[str, set[str]] = {}
    for r in outs:
        if r.kind == "dead_letter" or r.key is None:
            continue
        s = got.setdefault(r.key.decode(), set())
        if r.kind == "findings":
            s.add(orjson.loads(r.value or b"{}")["kind"])
    return got


__all__ = ["Rekeyed", "findings_by_conversation", "hold", "offline", "rekey"]
