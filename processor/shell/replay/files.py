"""Replay files: events in (`--from-file`), output records out (`--to-file`), no broker.

Input: one input event per line, exactly the value a topic would hold; its key is its `conversation_id`. A
file written by `toolmend generate` (`{"key", "value"}` lines, detected from the first line) is read as those
records. A file written by `replay --dump-input` (`dump.py`, detected from its first line) is read as the
topic it was: each record in its partition at its offset, with its key, headers and record timestamp.
Otherwise the file stands for a topic named `topic` with `partitions` partitions: keys are spread as Kafka's
default partitioner spreads them (murmur2), and a record's offset is its position among its partition's
records (with one partition and no blank lines: its line number, from 0).

Output: one record per line, `{"kind", "key", "id", "headers", "value"}`, written to a temporary file renamed
into place at the end (an interrupted or empty replay leaves no half file). `value` is the record's value as
JSON for `repaired` and `findings` (the exact bytes a topic would hold), the original input as a string for
`dead_letter` (`value_b64` instead when it is not UTF-8, null for none).
"""

from __future__ import annotations

import base64
import gzip
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import orjson

from ...core.partition import OutRecord
from .select import conversation_of

GZIP_MAGIC = b"\x1f\x8b"
# (partition, offset, key, value, headers, record timestamp or None)
Line = tuple[int, int, bytes | None, bytes | None, list[tuple[str, bytes]], int | None]
_NO_HEADERS: list[tuple[str, bytes]] = []


def dump_info(path: Path) -> tuple[str, int] | None:
    """(topic, partitions) of a file written by `replay --dump-input`, None for any other file."""
    from .dump import read_head

    with open(path, "rb") as raw:
        gz = raw.read(2) == GZIP_MAGIC
        raw.seek(0)
        f: IO[bytes] = gzip.GzipFile(fileobj=raw, mode="rb") if gz else raw  # type: ignore[assignment]
        return read_head(f.readline(1 << 16))


def topic_name(path: Path) -> str:
    """`events.jsonl.gz` -> `events`: the topic a file stands for unless told otherwise."""
    name = path.name
    for suffix in (".gz", ".jsonl", ".json", ".ndjson"):
        name = name.removesuffix(suffix)
    # a legal Kafka topic name: it names the replay's output topics and stands in its ids
    return re.sub(r"[^A-Za-z0-9._-]", "_", name)[:200] or "file"


class FileSource:
    def __init__(self, path: Path, partitions: int = 1, batch: int = 2000) -> None:
        self.path = path
        self.partitions = partitions
        self.batch = batch
        self.size = path.stat().st_size
        self._raw = open(path, "rb")  # noqa: SIM115 - closed by close()
        gz = self._raw.read(2) == GZIP_MAGIC
        self._raw.seek(0)
        self._f: IO[bytes] = gzip.GzipFile(fileobj=self._raw, mode="rb") if gz else self._raw  # type: ignore[assignment]
        self.offsets = [0] * partitions
        self.blank = 0
        self.lines = 0
        self.records_format = False
        self._hash: dict[bytes, int] = {}
        self._first = True

    def close(self) -> None:
        self._f.close()
        self._raw.close()

    @property
    def position(self) -> int:
        """Bytes of the file read so far (compressed bytes for a gzip file), for progress."""
        return self._raw.tell()

    def _partition(self, key: bytes | None) -> int:
        n = self.partitions
        if n == 1 or key is None:
            return 0
        p = self._hash.get(key)
        if p is None:
            from aiokafka.partitioner import murmur2

            if len(self._hash) > 100_000:
                self._hash.clear()
            p = self._hash[key] = (murmur2(key) & 0x7FFFFFFF) % n
        return p

    def _lines(self) -> Iterator[bytes]:
        """The file's lines without their end (read in large chunks: cheaper than line by line)."""
        f = self._f
        rest = b""
        while True:
            chunk = f.read(1 << 20)
            if not chunk:
                break
            lines = (rest + chunk if rest else chunk).split(b"\n")
            rest = lines.pop()
            yield from lines
        if rest:
            yield rest

    def batches(self) -> Iterator[list[Line]]:
        from .dump import read_head, read_record

        out: list[Line] = []
        offsets = self.offsets
        one = self.partitions == 1
        dump = False
        for line in self._lines():
            self.lines += 1
            if line[-1:] == b"\r":
                line = line[:-1]
            if not line or line.isspace():
                self.blank += 1
                continue
            if self._first:
                self._first = False
                if read_head(line) is not None:
                    dump = True
                    continue
                self.records_format = _is_record(line)
            if dump:  # the topic as it was: partition, offset, headers and timestamp from the file
                rp, ro, rk, rv, rh, rt = read_record(line)
                if rp >= self.partitions:
                    raise ValueError(f"line {self.lines}: partition {rp} of a file of {self.partitions}")
                out.append((rp, ro, rk, rv, rh, rt))
                if len(out) >= self.batch:
                    yield out
                    out = []
                continue
            if self.records_format:
                key, value = _record(line)
            else:
                value = line
                cid = conversation_of(line)
                key = None if cid is None else cid.encode()
            p = 0 if one else self._partition(key)
            out.append((p, offsets[p], key, value, _NO_HEADERS, None))
            offsets[p] += 1
            if len(out) >= self.batch:
                yield out
                out = []
        if out:
            yield out


def _is_record(line: bytes) -> bool:
    try:
        doc = orjson.loads(line)
    except orjson.JSONDecodeError:
        return False
    return type(doc) is dict and set(doc) == {"key", "value"}


def _record(line: bytes) -> tuple[bytes | None, bytes]:
    """A `toolmend generate` line: its key and value (a line that is not one is kept whole as the value)."""
    try:
        doc: Any = orjson.loads(line)
        key, value = doc["key"], doc["value"]
    except (orjson.JSONDecodeError, TypeError, KeyError):
        return None, line
    k = None if key is None else str(key).encode()
    if isinstance(value, dict) and set(value) == {"raw_b64"}:
        return k, base64.b64decode(value["raw_b64"])
    return k, orjson.dumps(value)


def _text(b: bytes) -> Any:
    try:
        return b.decode()
    except UnicodeDecodeError:
        return {"b64": base64.b64encode(b).decode()}


def encode_record(o: OutRecord) -> bytes:
    """One output line (see the module docstring)."""
    parts: list[bytes] = []
    encode_into(o, parts)
    return b"".join(parts)


def encode_into(o: OutRecord, parts: list[bytes]) -> None:
    """One output line, appended as pieces (joined once per batch: the value is copied once)."""
    try:
        headers: list[Any] = [(k, v.decode()) for k, v in o.headers]
    except UnicodeDecodeError:
        headers = [(k, _text(v)) for k, v in o.headers]
    rid = ""
    if headers and headers[0][0] == "toolmend-id":  # repaired and findings records: their first header
        rid = headers[0][1]
    else:
        for k, v in headers:
            if k == "toolmend-id":
                rid = v
                break
    key = o.key
    head: dict[str, Any] = {"kind": o.kind, "key": None if key is None else _text(key), "id": rid,
                            "headers": headers}
    value = o.value
    if o.kind == "dead_letter" or value is None:
        if value is None:
            head["value"] = None
        else:
            try:
                head["value"] = value.decode()
            except UnicodeDecodeError:
                head["value_b64"] = base64.b64encode(value).decode()
        parts.append(orjson.dumps(head))
        parts.append(b"\n")
        return
    parts.append(orjson.dumps(head)[:-1])
    parts.append(b',"value":')
    parts.append(value)
    parts.append(b"}\n")


class FileSink:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        raw = open(self.tmp, "wb")  # noqa: SIM115 - closed by close()
        self._raw = raw
        # gzip without a name or a time in its header: the same records give the same bytes
        self._f: IO[bytes] = gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) \
            if path.name.endswith(".gz") else raw  # type: ignore[assignment]
        self.records = 0

    def write(self, outs: list[OutRecord]) -> None:
        parts: list[bytes] = []
        for o in outs:
            encode_into(o, parts)
        self._f.write(b"".join(parts))
        self.records += len(outs)

    def close(self, keep: bool) -> None:
        self._f.close()
        self._raw.close()
        if keep:
            os.replace(self.tmp, self.path)
        else:
            self.tmp.unlink(missing_ok=True)


__all__ = ["FileSink", "FileSource", "dump_info", "encode_record", "topic_name"]
