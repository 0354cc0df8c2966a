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

import orjson

from ...core import otlp as core_otlp
from ...core.events import DeadLetterKind
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
    dead_letters: list[OutRecord] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)  # reason -> spans (not model calls, no content)
    by_trace: int = 0  # events keyed by their trace id (no conversation attribute)
    whole: bool = False  # the record itself was dead-lettered (not OTLP, or over its bound)


def _dead_letter(kind: DeadLetterKind, detail: str, topic: str, partition: int, offset: int, key: bytes | None,
                 value: bytes | None, headers: Iterable[Header], n: int | None = None) -> OutRecord:
    """As the core writes dead letters (records.py); a span's (`n`: its place in the record) has an id of its own."""
    src = f"{topic}:{partition}:{offset}"
    r = dead_letter(topic, partition, kind, detail[:300], src, key, value, headers)
    if n is not None:
        r.headers = [(k, f"{src}:{n}:dlq".encode() if k == "toolmend-id" else v) for k, v in r.headers]
    return r


def rekey(value: bytes | None, topic: str, partition: int, offset: int, key: bytes | None = None,
          headers: Sequence[Header] = (), conversation_keys: Sequence[str] = core_otlp.DEFAULT_CONVERSATION_KEYS,
          max_event_bytes: int = 1 << 20) -> Rekeyed:
    out = Rekeyed()
    limit = max_event_bytes * RECORD_FACTOR
    if value is not None and len(value) > limit:
        # kept without its value: it would not fit the dead-letter topic either (its coordinates say where it is)
        out.dead_letters.append(_dead_letter(DeadLetterKind.TOO_LARGE, f"trace export of {len(value)} bytes exceeds "
                                             f"{limit}; dead-lettered without its value", topic, partition, offset,
                                             key, None, headers))
        out.whole = True
        return out
    try:
        spans = decode(value, conversation_keys)
    except InvalidOtlp as e:
        out.dead_letters.append(_dead_letter(DeadLetterKind.INVALID_OTLP, str(e), topic, partition, offset, key,
                                             value, headers))
        out.whole = True
        return out
    src = f"{topic}:{partition}:{offset}".encode()
    for n, span in enumerate(spans):
        o = core_otlp.map_span(span, conversation_keys, max_event_bytes)
        if o.kind == core_otlp.EVENT:
            assert o.value is not None
            out.by_trace += o.by_trace
            out.events.append((o.conversation_id.encode(), orjson.dumps(o.value),
                               [("traceparent", o.traceparent.encode()), ("toolmend-otlp-source", src)]))
        elif o.kind == core_otlp.SKIPPED:
            out.skipped[o.detail] = out.skipped.get(o.detail, 0) + 1
        else:  # that span alone: kept whole (as decoded), its coordinates in the detail, never its content
            kind = DeadLetterKind.TOO_LARGE if o.kind == core_otlp.TOO_LARGE else DeadLetterKind.INVALID_OTLP
            out.dead_letters.append(_dead_letter(kind, o.detail, topic, partition, offset, key, orjson.dumps(span),
                                                 [*headers, ("traceparent", o.traceparent.encode())], n))
    return out


def offline(records: Iterable[bytes], config: EngineConfig | None = None, topic: str = "otlp",
            conversation_keys: Sequence[str] = core_otlp.DEFAULT_CONVERSATION_KEYS) -> list[OutRecord]:
    """The OTLP path without Kafka: each record re-keyed, its events run through one partition processor (the
    repartition topic as one partition), in order. Outputs: the engine's, then the re-keying's dead letters."""
    config = config or EngineConfig()
    proc = PartitionProcessor(f"{topic}-repartition", 0, config)
    outs: list[OutRecord] = []
    dls: list[OutRecord] = []
    off = 0
    for i, value in enumerate(records):
        rk = rekey(value, topic, 0, i, conversation_keys=conversation_keys, max_event_bytes=config.max_event_bytes)
        dls.extend(rk.dead_letters)
        for k, v, hs in rk.events:
            outs.extend(proc.process(off, k, v, hs))
            off += 1
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


__all__ = ["Rekeyed", "findings_by_conversation", "offline", "rekey"]
