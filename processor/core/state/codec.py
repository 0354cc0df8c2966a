"""How a conversation's state is stored: one byte string that is both its changelog record and, while the
conversation is cold, its only form in memory.

A fixed header (layout.HEADER) carries what the partition's timers need (the tracker's next deadline, the last
event time, the armed eviction time, the open calls), so a restore stores records as they come, without parsing
JSON or building objects. Behind it, the JSON state (layout.TABLE) compressed by zstd with a dictionary trained on
states (`tools/train_state_dict.py`, package data `dicts/<version>.zdict`): states are short and alike, so the
dictionary does most of the work. What a stored conversation weighs is measured by `bench/bench_memory.py`
(`bench/results/memory.json`).

This module writes and reads the current layout (`LAYOUT_VERSION`) only, and knows nothing of older ones: a
record of another layout goes through `migrate.migrate` first (the store does that on restore).
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from importlib import resources
from typing import Any, NamedTuple

import orjson

from .layout import (
    BH_ERASURE,
    BH_REGRESSION,
    CONV_BEHAVIOUR,
    DETECTOR_VERSION,
    ER_VERSION,
    ERASURE_VERSION,
    LAYOUT_VERSION,
    RD_VERSION,
)

LEVEL = 3  # zstd's level with the 64 KB dictionary: smaller records than the default for a little more time
_HEAD = struct.Struct("<BqqqI")  # layout.HEADER: version, next deadline, last event time, evict at, open calls
HEAD_SIZE = _HEAD.size


class UnreadableState(ValueError):
    """A stored state this release cannot read: its conversation is quarantined, never silently reset."""


def dictionary(version: int) -> bytes:
    """The zstd dictionary of a layout (package data: `dicts/<version>.zdict`). Found from `processor.core`, whose
    `__init__` stays Python and is imported in full before this module (a compiled package being imported has no
    resource reader of its own yet)."""
    return (resources.files("processor.core") / "state" / "dicts" / f"{version}.zdict").read_bytes()


_COMPRESS: Callable[[bytes], bytes] | None = None
_DECOMPRESS: Callable[[bytes], bytes] | None = None


def load() -> None:
    """zstd with the layout's dictionary, made once. Only a stored state needs it (the stream's store, a replay):
    the library's `repair()` and `Tracker` never call this, so `import processor` needs no zstandard (it comes
    with `toolmend[worker]`). The store calls it when it is made, so a missing module stops a worker at start,
    never a restore (where an error would read as an unreadable state)."""
    global _COMPRESS, _DECOMPRESS
    if _COMPRESS is not None:
        return
    import zstandard

    d = zstandard.ZstdCompressionDict(dictionary(LAYOUT_VERSION))
    d.precompute_compress(level=LEVEL)
    # no checksum and no dictionary id in frames (Kafka records carry a CRC; the version byte names the dictionary)
    _DECOMPRESS = zstandard.ZstdDecompressor(dict_data=d).decompress
    _COMPRESS = zstandard.ZstdCompressor(level=LEVEL, dict_data=d, write_checksum=False, write_content_size=True,
                                         write_dict_id=False).compress


def _compress(data: bytes) -> bytes:
    if _COMPRESS is None:
        load()
    assert _COMPRESS is not None
    return _COMPRESS(data)


def _decompress(data: bytes) -> bytes:
    if _DECOMPRESS is None:
        load()
    assert _DECOMPRESS is not None
    return _DECOMPRESS(data)


class Header(NamedTuple):
    next_deadline: int | None  # ms event time: an open block's result timeout or a held block's grace end
    last_event_time: int  # ms event time
    evict_at: int | None  # ms event time
    open_calls: int


def _head(next_deadline: int | None, last_event_time: int, evict_at: int | None, open_calls: int,
          version: int = LAYOUT_VERSION) -> bytes:
    return _HEAD.pack(version, -1 if next_deadline is None else next_deadline, last_event_time,
                      -1 if evict_at is None else evict_at, open_calls)


def encode(state: dict[str, Any], next_deadline: int | None, last_event_time: int, evict_at: int | None,
           open_calls: int) -> bytes:
    return _head(next_deadline, last_event_time, evict_at, open_calls) + _compress(orjson.dumps(state))


def encode_header(value: bytes, next_deadline: int | None, last_event_time: int, evict_at: int | None,
                  open_calls: int) -> bytes:
    """The same stored state with another header (the body is not recompressed)."""
    return _head(next_deadline, last_event_time, evict_at, open_calls, value[0]) + value[HEAD_SIZE:]


def version(value: bytes) -> int:
    """The layout version of a stored record (0: a bare JSON record of the first releases)."""
    return 0 if is_json(value) else value[0]


def header(value: bytes) -> Header:
    """The header of a record of the current layout (UnreadableState for another)."""
    if value[0] != LAYOUT_VERSION:
        raise UnreadableState(f"state layout {value[0]}, expected {LAYOUT_VERSION}")
    return any_header(value)


def any_header(value: bytes) -> Header:
    """The header of a record of layout 1 or later (they share its form), whatever its version."""
    _, deadline, last_ts, evict_at, n_open = _HEAD.unpack_from(value)
    return Header(None if deadline < 0 else deadline, last_ts, None if evict_at < 0 else evict_at, n_open)


def is_json(value: bytes) -> bool:
    """A bare JSON record: a first-release state, an end marker or the partition meta record."""
    return value[:1] == b"{"


def decode(value: bytes) -> dict[str, Any]:
    return decode_sized(value)[0]


def decode_sized(value: bytes) -> tuple[dict[str, Any], int]:
    """The state and the length of its JSON (what `max_state_bytes` bounds)."""
    header(value)  # checks the version
    raw = _decompress(value[HEAD_SIZE:])
    st: dict[str, Any] = orjson.loads(raw)
    check(st)
    return st, len(raw)


def check(st: dict[str, Any]) -> None:
    """A body of this layout carries the component versions of this layout (layout.DETECTOR_VERSION, ...)."""
    b = st.get(CONV_BEHAVIOUR)
    if b is not None and (b[BH_REGRESSION].get(RD_VERSION) != DETECTOR_VERSION
                          or b[BH_ERASURE].get(ER_VERSION) != ERASURE_VERSION):
        raise UnreadableState("detector state of another layout")


__all__ = ["HEAD_SIZE", "LAYOUT_VERSION", "Header", "UnreadableState", "any_header", "check", "decode", "decode_sized",
           "dictionary", "encode", "encode_header", "header", "is_json", "load", "version"]
