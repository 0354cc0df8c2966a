"""Packing a planned conversation into Kafka events (docs/events.md): messages, some batched into `messages`
events, request snapshots and the end, each with its sequence number, event id and metadata; some events
redelivered; and at most one malformed record beside the conversation, of a dead-letter kind.

The conversation's truth is finalised here (event counts, first and last event time, findings with the
sequence number of the snapshot they belong to).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any

import orjson

from processor.synth import content as C
from processor.synth.conversation import Conversation
from processor.synth.native import PROVIDERS
from processor.synth.truth import DEAD_LETTER_KINDS, ExpectedFinding

MAX_VALUE_BYTES = 1 << 20  # a value above this is a `too_large` dead letter
BATCH_PROBABILITY = 0.12  # a message starts a `messages` batch of 2-4 messages
UNTYPED_PROBABILITY = 0.2  # a `message` event omits `type` (the default)


@dataclass(frozen=True)
class GeneratedEvent:
    key: bytes | None
    value: bytes  # the raw Kafka value (orjson of the event; malformed ones are raw bytes)
    conversation_id: str
    dead_letter: str | None = None  # the dead-letter kind this record must get, None for a valid event


def _rfc3339(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@cache
def _big_text() -> str:
    line = "2026-01-01T00:00:00.000Z INFO worker-7 heartbeat ok queue=12 lag=0\n"
    return line * (MAX_VALUE_BYTES // len(line) + 2000)


def _event(conv: Conversation, type_: str, ts: int, seq: int) -> dict[str, Any]:
    t = conv.truth
    ev: dict[str, Any] = {"conversation_id": conv.id, "ts": _rfc3339(ts) if conv.rfc3339 else ts}
    if type_ != "message" or conv.rng.random() >= UNTYPED_PROBABILITY:
        ev["type"] = type_
    ev["seq"] = seq
    ev["event_id"] = f"evt_{conv.rng.getrandbits(96):024x}"
    if t.dialect_field:
        ev["dialect"] = t.dialect
    ev["provider"] = PROVIDERS[t.dialect]
    ev["model"] = t.model
    ev["app"] = t.app
    ev["app_version"] = t.app_version
    return ev


def pack(conv: Conversation) -> list[tuple[int, GeneratedEvent, int | None]]:
    """Items -> (ts, event, guard): some messages batched, some events redelivered; the truth finalised."""
    r, t = conv.rng, conv.truth
    key = conv.id.encode()
    out: list[tuple[int, GeneratedEvent, int | None]] = []
    items = conv.items
    span = min(60_000, conv.cfg.block_step_ms)
    seq = 0
    i = 0
    while i < len(items):
        it = items[i]
        if it.kind == "msg":
            group = [it]
            if r.random() < BATCH_PROBABILITY:
                size = r.randint(2, 4)
                while len(group) < size and i + len(group) < len(items):
                    nxt = items[i + len(group)]
                    if nxt.kind != "msg" or not nxt.batchable or nxt.ts - it.ts > span:
                        break
                    group.append(nxt)
            i += len(group)
            ts = group[-1].ts
            if len(group) == 1:
                ev = _event(conv, "message", ts, seq)
                ev["message"] = it.native
                type_ = "message"
            else:
                ev = _event(conv, "messages", ts, seq)
                ev["messages"] = [g.native for g in group]
                type_ = "messages"
            t.messages += len(group)
        else:
            i += 1
            ts = it.ts
            type_ = it.kind
            ev = _event(conv, type_, ts, seq)
            if it.kind == "request":
                assert it.messages is not None
                ev["messages"] = it.messages
                if it.tools is not None:
                    ev["tools"] = it.tools
                t.request_messages += len(it.messages)
            elif it.kind == "tool_run":
                ev["tool_run"] = it.native
            it.seq = seq
        seq += 1
        g = GeneratedEvent(key, orjson.dumps(ev), conv.id)
        out.append((ts, g, it.guard))
        t.events[type_] += 1
        if type_ in ("message", "messages") and r.random() < conv.rates.redelivery:
            out.append((ts, g, None))
            t.duplicates[type_] += 1
    t.first_ts, t.last_ts = out[0][0], out[-1][0]
    for item, spec in conv.findings:
        t.findings.append(ExpectedFinding(**spec, request_seq=item.seq if item is not None else None))
    return out


def malformed(conv: Conversation) -> tuple[int, GeneratedEvent, str] | None:
    """Maybe one dead-letter record, at a random time within the conversation, in no conversation."""
    r = conv.rng
    if not (conv.rates.malformed_event > 0.0 and r.random() < conv.rates.malformed_event):
        return None
    kind = DEAD_LETTER_KINDS[r.randrange(len(DEAD_LETTER_KINDS))]
    ts = r.randint(conv.truth.first_ts, conv.truth.last_ts)
    cid = str(uuid.UUID(int=r.getrandbits(128), version=4))
    key: bytes | None = cid.encode()
    ev: dict[str, Any] = {
        "conversation_id": cid,
        "ts": ts,
        "type": "message",
        "seq": 0,
        "event_id": f"evt_{r.getrandbits(96):024x}",
        "dialect": "openai_chat",
        "message": {"role": "user", "content": C.make_task(r, conv.lang).user},
    }
    if kind == "invalid_json":
        whole = orjson.dumps(ev)
        value = whole[: len(whole) * 3 // 5] if r.random() < 0.7 else f"{{'conversation_id': '{cid}'}}".encode()
        if r.random() < 0.3:
            key = None
    elif kind == "schema":
        if r.random() < 0.6:
            del ev["ts"]
        else:
            del ev["message"]
            ev["type"] = "messages"
            ev["messages"] = "not a list"
        value = orjson.dumps(ev)
    elif kind == "unknown_dialect":
        del ev["dialect"]
        ev["message"] = {"author": "customer", "body": "Where is my order?", "sent_at": _rfc3339(ts)}
        value = orjson.dumps(ev)
    elif kind == "key_mismatch":
        key = str(uuid.UUID(int=r.getrandbits(128), version=4)).encode()
        value = orjson.dumps(ev)
    else:  # too_large: a user pasting a huge log
        ev["message"] = {"role": "user", "content": "Why is this slow?\n" + _big_text()}
        value = orjson.dumps(ev)
    return ts, GeneratedEvent(key, value, cid, kind), kind


__all__ = ["BATCH_PROBABILITY", "MAX_VALUE_BYTES", "UNTYPED_PROBABILITY", "GeneratedEvent", "malformed", "pack"]
