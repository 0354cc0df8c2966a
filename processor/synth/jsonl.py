"""The JSONL form of generated records: one `{"key": <str|null>, "value": <object | {"raw_b64": "..."}>}` a line.

Values that are JSON objects are embedded as objects (so the file is readable and `jq`-able); any other value
(invalid JSON) is embedded as base64. `decode_line(encode_line(e)) == (e.key, e.value)` byte for byte.
"""

from __future__ import annotations

import base64
from typing import Any

import orjson

from processor.synth.generate import GeneratedEvent


def _is_object(value: bytes) -> bool:
    try:
        return isinstance(orjson.loads(value), dict)
    except orjson.JSONDecodeError:
        return False


def encode_line(ev: GeneratedEvent) -> bytes:
    key = b"null" if ev.key is None else orjson.dumps(ev.key.decode())
    raw = ev.dead_letter == "invalid_json" or (ev.dead_letter is not None and not _is_object(ev.value))
    value = orjson.dumps({"raw_b64": base64.b64encode(ev.value).decode()}) if raw else ev.value
    return b'{"key":' + key + b',"value":' + value + b"}\n"


def decode_line(line: bytes | str) -> tuple[bytes | None, bytes]:
    """(record key, record value) of one JSONL line."""
    obj: Any = orjson.loads(line)
    key = obj.get("key")
    value = obj["value"]
    if isinstance(value, dict) and set(value) == {"raw_b64"}:
        return (None if key is None else str(key).encode()), base64.b64decode(value["raw_b64"])
    return (None if key is None else str(key).encode()), orjson.dumps(value)
