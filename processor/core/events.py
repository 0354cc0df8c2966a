"""The input event contract: parsing a Kafka record value into an Event, or a dead-letter reason.

The hot path validates by hand (a pydantic model per event costs more than the tracking itself); the pydantic
model in `event_schema` is the published schema (`toolmend schema`).
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

import orjson

from .model import DIALECTS


class DeadLetterKind(StrEnum):
    INVALID_JSON = "invalid_json"
    SCHEMA = "schema"
    UNKNOWN_DIALECT = "unknown_dialect"
    KEY_MISMATCH = "key_mismatch"
    TOO_LARGE = "too_large"
    INTERNAL = "internal"  # a bug of ours: the event is kept, never dropped


class DeadLetter(Exception):
    def __init__(self, kind: DeadLetterKind, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail[:300]


EVENT_TYPES = ("message", "messages", "request", "end")
_LABELS = ("model", "provider", "app", "app_version")


class Event:
    __slots__ = ("app", "app_version", "conversation_id", "dialect", "event_id", "messages", "model", "provider",
                 "seq", "ts", "type")

    def __init__(self, conversation_id: str, ts: int, type: str, messages: list[Any], dialect: str | None,
                 seq: int | None, event_id: str | None, model: str | None = None, provider: str | None = None,
                 app: str | None = None, app_version: str | None = None) -> None:
        self.conversation_id = conversation_id
        self.ts = ts
        self.type = type
        self.messages = messages
        self.dialect = dialect
        self.seq = seq
        self.event_id = event_id
        self.model = model
        self.provider = provider
        self.app = app
        self.app_version = app_version


def parse_ts(v: Any) -> int:
    """Event time in epoch milliseconds from an int/float (ms) or an RFC 3339 string."""
    if isinstance(v, bool):
        raise DeadLetter(DeadLetterKind.SCHEMA, "`ts` must be epoch milliseconds or an RFC 3339 string")
    if isinstance(v, int | float):
        if v < 0:
            raise DeadLetter(DeadLetterKind.SCHEMA, "`ts` must not be negative")
        return int(v)
    if isinstance(v, str):
        s = v.strip()
        if s.endswith(("Z", "z")):
            s = s[:-1] + "+00:00"
        try:
            dt = datetime.fromisoformat(s)
        except ValueError:
            raise DeadLetter(DeadLetterKind.SCHEMA, "`ts` is not RFC 3339") from None
        if dt.tzinfo is None:
            raise DeadLetter(DeadLetterKind.SCHEMA, "`ts` needs a time zone offset (RFC 3339)")
        return int(dt.timestamp() * 1000)
    raise DeadLetter(DeadLetterKind.SCHEMA, "`ts` is required (epoch milliseconds or RFC 3339)")


def parse_event(key: bytes | None, value: bytes | None, max_event_bytes: int = 1 << 20) -> Event:
    # the hot path of every record: checks in the documented order, exact types (orjson makes plain dict, list,
    # str, int), no helper calls for the common shapes
    if value is None:
        raise DeadLetter(DeadLetterKind.SCHEMA, "empty record value (tombstone)")
    if len(value) > max_event_bytes:
        raise DeadLetter(DeadLetterKind.TOO_LARGE, f"value of {len(value)} bytes exceeds {max_event_bytes}")
    try:
        doc = orjson.loads(value)
    except orjson.JSONDecodeError as e:
        raise DeadLetter(DeadLetterKind.INVALID_JSON, f"invalid JSON at line {e.lineno} column {e.colno}") from None
    if type(doc) is not dict:
        raise DeadLetter(DeadLetterKind.SCHEMA, "the value must be a JSON object")
    get = doc.get
    cid = get("conversation_id")
    if type(cid) is not str or not cid or len(cid) > 256:
        raise DeadLetter(DeadLetterKind.SCHEMA, "`conversation_id` must be a string of 1 to 256 characters")
    if key is not None:
        try:
            k = key.decode()
        except UnicodeDecodeError:
            raise DeadLetter(DeadLetterKind.KEY_MISMATCH, "record key is not UTF-8") from None
        if k != cid:
            raise DeadLetter(DeadLetterKind.KEY_MISMATCH, "record key differs from conversation_id")
    ts = get("ts")
    if type(ts) is not int or ts < 0:
        ts = parse_ts(ts)
    typ = get("type", "message")
    if typ == "message":
        m = get("message")
        if type(m) is not dict:
            raise DeadLetter(DeadLetterKind.SCHEMA, "`message` must be an object for type message")
        messages = [m]
    elif typ == "request" or typ == "messages":
        ms = get("messages")
        if type(ms) is not list or any(type(m) is not dict for m in ms):
            raise DeadLetter(DeadLetterKind.SCHEMA, f"`messages` must be an array of objects for type {typ}")
        messages = ms
    elif typ == "end":
        messages = []
    else:
        raise DeadLetter(DeadLetterKind.SCHEMA, "`type` must be one of message, messages, request, end")
    dialect = get("dialect")
    if dialect is not None and dialect not in DIALECTS:
        raise DeadLetter(DeadLetterKind.UNKNOWN_DIALECT, "`dialect` is not one of " + ", ".join(DIALECTS))
    seq = get("seq")
    if seq is not None and (type(seq) is not int or seq < 0):
        raise DeadLetter(DeadLetterKind.SCHEMA, "`seq` must be a non-negative integer")
    eid = get("event_id")
    if eid is not None and (type(eid) is not str or len(eid) > 256):
        raise DeadLetter(DeadLetterKind.SCHEMA, "`event_id` must be a string of at most 256 characters")
    model = get("model")
    provider = get("provider")
    app = get("app")
    app_version = get("app_version")
    for name, v in (("model", model), ("provider", provider), ("app", app), ("app_version", app_version)):
        if v is not None and type(v) is not str:
            raise DeadLetter(DeadLetterKind.SCHEMA, f"`{name}` must be a string")
    return Event(cid, ts, typ, messages, dialect, seq, eid, model, provider, app, app_version)
