"""The input event contract: parsing a Kafka record value into an Event, or a dead-letter reason.

The hot path validates by hand (a pydantic model per event costs more than the tracking itself); the pydantic
model in `event_schema` is the published schema (`toolmend schema`).
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any, Final

import orjson

from .model import DIALECTS
from .toolspans import BadToolRun, ToolRun, parse_tool_run


class DeadLetterKind(StrEnum):
    INVALID_JSON = "invalid_json"
    INVALID_OTLP = "invalid_otlp"  # input_format otlp: a record that is not OTLP, or a span whose messages don't parse
    SCHEMA = "schema"
    UNKNOWN_DIALECT = "unknown_dialect"
    DIALECT_MISMATCH = "dialect_mismatch"  # shaped as another dialect than its `dialect` says (read as named, emptied)
    KEY_MISMATCH = "key_mismatch"
    TOO_LARGE = "too_large"
    TOO_DEEP = "too_deep"  # nested deeper than MAX_DEPTH: readable, but its outputs and state could not be written
    EVENT_TIME = "event_time"  # `ts` outside the absolute bounds, or implausibly far ahead (partition.py)
    OUTPUT_TOO_LARGE = "output_too_large"  # its outputs would exceed the output topic's limit: kept whole here
    STATE_TOO_LARGE = "state_too_large"  # its conversation's state would exceed `max_state_bytes`: quarantined
    TOO_MANY_CALLS = "too_many_calls"  # its conversation would hold over `max_open_calls` open calls: quarantined
    QUARANTINED = "quarantined"  # its conversation's state broke (a bug of ours): later events are kept here
    INTERNAL = "internal"  # a bug of ours: the event is kept, never dropped


class DeadLetter(Exception):
    def __init__(self, kind: DeadLetterKind, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail[:300]


EVENT_TYPES = ("message", "messages", "request", "end", "tool_run")
# Event time is epoch milliseconds in [0, MAX_TS] (MAX_TS: 9999-12-31T23:59:59.999Z). Timers add at most the
# configured timeouts (bounded in the shell's settings) to it, so no sum overflows the signed 64-bit fields of the
# stored state, and every `ts` formats as a date.
MAX_TS: Final = 253_402_300_799_999
# JSON nesting an event may have. orjson reads 1,024 levels but writes 254; an event's messages are written again
# a few levels deeper (in output records and in the conversation's state), so the parser refuses what the writer
# could not write, with a wide margin.
MAX_DEPTH: Final = 128
_loads: Final = orjson.loads  # a module's attribute is looked up at each use, a final name is read once
_LABELS = ("model", "provider", "app", "app_version")
_BAD_TYPE: Final = "`type` must be one of message, messages, request, end, tool_run"


class Event:
    __slots__ = ("app", "app_version", "compacted", "conversation_id", "dialect", "event_id", "messages", "model",
                 "provider", "run", "seq", "system", "tools", "ts", "type")

    def __init__(self, conversation_id: str, ts: int, type: str, messages: list[Any], dialect: str | None,
                 seq: int | None, event_id: str | None, model: str | None = None, provider: str | None = None,
                 app: str | None = None, app_version: str | None = None, system: Any = None,
                 tools: list[Any] | None = None, compacted: bool = False) -> None:
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
        self.system = system  # request events: the system prompt beside the messages (any dialect's shape)
        self.tools = tools  # request events: the tool definitions the request carried
        self.compacted = compacted  # request events: the app (or the API) compacted the history before this one
        self.run: ToolRun | None = None  # tool_run events: the run of a tool (an execute_tool span)


def parse_ts(v: Any) -> int:
    """Event time in epoch milliseconds from an int/float (ms) or an RFC 3339 string."""
    if isinstance(v, bool):
        raise DeadLetter(DeadLetterKind.SCHEMA, "`ts` must be epoch milliseconds or an RFC 3339 string")
    if isinstance(v, int | float):
        if not 0 <= v <= MAX_TS:  # also NaN (never in range)
            raise DeadLetter(DeadLetterKind.EVENT_TIME, f"`ts` must be epoch milliseconds in [0, {MAX_TS}]")
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
        ms = int(dt.timestamp() * 1000)
        if not 0 <= ms <= MAX_TS:
            raise DeadLetter(DeadLetterKind.EVENT_TIME, "`ts` is before 1970 or after 9999")
        return ms
    raise DeadLetter(DeadLetterKind.SCHEMA, "`ts` is required (epoch milliseconds or RFC 3339)")


def _too_deep(v: Any, depth: int = 1) -> bool:
    """Whether a parsed JSON container (at nesting level `depth`, the document's is 1) nests deeper than
    MAX_DEPTH: a walk of its containers only, cut off past MAX_DEPTH (so never more than that many calls deep)."""
    if depth > MAX_DEPTH:
        return True
    if type(v) is dict:
        fields: dict[Any, Any] = v
        for x in fields.values():
            if (type(x) is dict or type(x) is list) and _too_deep(x, depth + 1):
                return True
    else:
        items: list[Any] = v
        for x in items:
            if (type(x) is dict or type(x) is list) and _too_deep(x, depth + 1):
                return True
    return False


def parse_event(key: bytes | None, value: bytes | None, max_event_bytes: int = 1 << 20) -> Event:
    # the hot path of every record: checks in the documented order, exact types (orjson makes plain dict, list,
    # str, int), no helper calls for the common shapes
    if value is None:
        raise DeadLetter(DeadLetterKind.SCHEMA, "empty record value (tombstone)")
    if len(value) > max_event_bytes:
        raise DeadLetter(DeadLetterKind.TOO_LARGE, f"value of {len(value)} bytes exceeds {max_event_bytes}")
    try:
        doc = _loads(value)
    except orjson.JSONDecodeError as e:
        if "depth limit" in e.msg:  # orjson reads 1,024 levels at most
            raise DeadLetter(DeadLetterKind.TOO_DEEP, f"JSON nested deeper than {MAX_DEPTH} levels") from None
        raise DeadLetter(DeadLetterKind.INVALID_JSON, f"invalid JSON at line {e.lineno} column {e.colno}") from None
    if type(doc) is not dict:
        raise DeadLetter(DeadLetterKind.SCHEMA, "the value must be a JSON object")
    # the walk visits the containers' values only: an event holds a few containers in a few hundred bytes or
    # more, and counting the brackets in its bytes costs more than walking them (compiled)
    if _too_deep(doc):
        raise DeadLetter(DeadLetterKind.TOO_DEEP, f"JSON nested deeper than {MAX_DEPTH} levels")
    # typed, so that each read compiles to a native dict lookup (a bound `doc.get` is a Python call per field)
    fields: dict[str, Any] = doc
    cid = fields.get("conversation_id")
    if type(cid) is not str or not cid or len(cid) > 256:
        raise DeadLetter(DeadLetterKind.SCHEMA, "`conversation_id` must be a string of 1 to 256 characters")
    if key is not None:
        try:
            k = key.decode()
        except UnicodeDecodeError:
            raise DeadLetter(DeadLetterKind.KEY_MISMATCH, "record key is not UTF-8") from None
        if k != cid:
            raise DeadLetter(DeadLetterKind.KEY_MISMATCH, "record key differs from conversation_id")
    ts = fields.get("ts")
    if type(ts) is not int or not 0 <= ts <= MAX_TS:
        ts = parse_ts(ts)
    t = fields.get("type", "message")
    if type(t) is not str:
        raise DeadLetter(DeadLetterKind.SCHEMA, _BAD_TYPE)
    typ: str = t  # a str from here on: each comparison below is a native one
    if typ == "message":
        m = fields.get("message")
        if type(m) is not dict:
            raise DeadLetter(DeadLetterKind.SCHEMA, "`message` must be an object for type message")
        messages = [m]
    elif typ == "request" or typ == "messages":
        ms = fields.get("messages")
        if type(ms) is not list or any(type(m) is not dict for m in ms):
            raise DeadLetter(DeadLetterKind.SCHEMA, f"`messages` must be an array of objects for type {typ}")
        messages = ms
    elif typ == "end" or typ == "tool_run":
        messages = []
    else:
        raise DeadLetter(DeadLetterKind.SCHEMA, _BAD_TYPE)
    dialect = fields.get("dialect")
    if dialect is not None and dialect not in DIALECTS:
        raise DeadLetter(DeadLetterKind.UNKNOWN_DIALECT, "`dialect` is not one of " + ", ".join(DIALECTS))
    seq = fields.get("seq")
    if seq is not None and (type(seq) is not int or seq < 0):
        raise DeadLetter(DeadLetterKind.SCHEMA, "`seq` must be a non-negative integer")
    eid = fields.get("event_id")
    if eid is not None and (type(eid) is not str or len(eid) > 256):
        raise DeadLetter(DeadLetterKind.SCHEMA, "`event_id` must be a string of at most 256 characters")
    model = fields.get("model")
    provider = fields.get("provider")
    app = fields.get("app")
    app_version = fields.get("app_version")
    if (model is not None and type(model) is not str) or (provider is not None and type(provider) is not str) \
            or (app is not None and type(app) is not str) or (app_version is not None and type(app_version) is not str):
        for name, v in (("model", model), ("provider", provider), ("app", app), ("app_version", app_version)):
            if v is not None and type(v) is not str:
                raise DeadLetter(DeadLetterKind.SCHEMA, f"`{name}` must be a string")
    system = tools = None
    compacted = False
    if typ == "request":
        c = fields.get("compacted")
        if c is not None and type(c) is not bool:
            raise DeadLetter(DeadLetterKind.SCHEMA, "`compacted` must be a boolean")
        compacted = c is True
        system = fields.get("system")
        if system is not None and type(system) not in (str, list, dict):
            raise DeadLetter(DeadLetterKind.SCHEMA, "`system` must be a string, an array or an object")
        tools = fields.get("tools")
        if tools is not None and type(tools) is not list:
            raise DeadLetter(DeadLetterKind.SCHEMA, "`tools` must be an array of tool definitions")
    ev = Event(cid, ts, typ, messages, dialect, seq, eid, model, provider, app, app_version, system, tools,
               compacted)
    if typ == "tool_run":
        try:
            ev.run = parse_tool_run(fields.get("tool_run"), ts)
        except BadToolRun as bad:
            raise DeadLetter(DeadLetterKind.SCHEMA, str(bad)) from None
    return ev
