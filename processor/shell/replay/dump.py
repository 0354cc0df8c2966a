"""`toolmend replay --dump-input FILE`: a topic written as a replayable input file, kept whole (keys, headers,
record timestamps, partitions and offsets), which `--from-file` reads back to the same replay as the topic's.

The file (JSONL, `.gz` too) opens with one line naming what it holds, `{"toolmend_dump": 1, "topic": T,
"partitions": N}`, then one line per record in partition and offset order: `{"partition", "offset",
"timestamp", "key", "headers", "value"}`, where key, value and each header value are a string (UTF-8) or
`{"b64": ...}` (any other bytes), null for none. The topic is read from its beginning to its end as found at the
start (records appended since are not part of it), and the file is written under a temporary name and renamed
into place at the end (an interrupted dump leaves no half file).
"""

from __future__ import annotations

import base64
import gzip
import os
import time
from pathlib import Path
from typing import IO, Any

import orjson

from ..config import Settings

DUMP_VERSION = 1
Header = tuple[str, bytes]


def _bytes_out(b: bytes | None) -> Any:
    if b is None:
        return None
    try:
        return b.decode()
    except UnicodeDecodeError:
        return {"b64": base64.b64encode(b).decode()}


def _bytes_in(v: Any) -> bytes | None:
    if v is None:
        return None
    if isinstance(v, dict):
        return base64.b64decode(v["b64"])
    return str(v).encode()


def head_line(topic: str, partitions: int) -> bytes:
    return orjson.dumps({"toolmend_dump": DUMP_VERSION, "topic": topic, "partitions": partitions}) + b"\n"


def record_line(partition: int, offset: int, timestamp: int | None, key: bytes | None,
                headers: list[Header] | tuple[Header, ...], value: bytes | None) -> bytes:
    return orjson.dumps({"partition": partition, "offset": offset, "timestamp": timestamp, "key": _bytes_out(key),
                         "headers": [[k, _bytes_out(v)] for k, v in headers], "value": _bytes_out(value)}) + b"\n"


def read_head(line: bytes) -> tuple[str, int] | None:
    """(topic, partitions) of a dump's first line, None for any other line."""
    try:
        doc = orjson.loads(line)
    except orjson.JSONDecodeError:
        return None
    if type(doc) is not dict or "toolmend_dump" not in doc:
        return None
    if doc["toolmend_dump"] != DUMP_VERSION:
        raise ValueError(f"dump version {doc['toolmend_dump']} (this release reads {DUMP_VERSION})")
    return str(doc["topic"]), int(doc["partitions"])


def read_record(line: bytes) -> tuple[int, int, bytes | None, bytes | None, list[Header], int | None]:
    """(partition, offset, key, value, headers, timestamp) of a dump's record line."""
    doc = orjson.loads(line)
    headers = [(str(k), _bytes_in(v) or b"") for k, v in doc.get("headers") or ()]
    ts = doc.get("timestamp")
    return (int(doc["partition"]), int(doc["offset"]), _bytes_in(doc.get("key")), _bytes_in(doc.get("value")),
            headers, ts if isinstance(ts, int) and ts >= 0 else None)


async def dump_topic(s: Settings, path: Path) -> dict[str, Any]:
    """Write the input topic to `path` (module docstring); a summary of what was written."""
    from aiokafka import TopicPartition

    from ..kafka import new_input_consumer, partitions_of

    topic = s.input_topic
    c = new_input_consumer(s)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    raw = open(tmp, "wb")  # noqa: SIM115 - closed below
    f: IO[bytes] = gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) \
        if path.name.endswith(".gz") else raw  # type: ignore[assignment]
    n = 0
    ok = False
    await c.start()
    try:
        parts = sorted(await partitions_of(c, topic))
        if not parts:
            raise ValueError(f"input topic {topic} does not exist")
        f.write(head_line(topic, max(parts) + 1))
        snapshot_ms = int(time.time() * 1000)  # records appended after the start are not part of the dump
        for p in parts:  # one partition after the other: the file is in partition and offset order
            tp = TopicPartition(topic, p)
            c.assign([tp])
            begin = (await c.beginning_offsets([tp]))[tp]
            end = (await c.end_offsets([tp]))[tp]
            c.seek(tp, begin)
            while True:
                got = (await c.getmany(tp, timeout_ms=500, max_records=s.max_batch)).get(tp, [])
                past = False
                lines = []
                for r in got:
                    if r.offset >= end and r.timestamp > snapshot_ms:
                        past = True
                        break
                    lines.append(record_line(p, r.offset, r.timestamp, r.key, r.headers or (), r.value))
                f.write(b"".join(lines))
                n += len(lines)
                if past or (not got and await c.position(tp) >= end):  # an empty fetch past the reported end
                    break
        ok = True
    finally:
        await c.stop()
        f.close()
        raw.close()
        if ok:
            os.replace(tmp, path)
        else:
            tmp.unlink(missing_ok=True)
    return {"topic": topic, "partitions": len(parts), "records": n, "file": str(path)}


__all__ = ["dump_topic", "head_line", "read_head", "read_record", "record_line"]
