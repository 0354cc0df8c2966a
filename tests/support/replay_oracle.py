"""What a replay must write, computed independently of it: the live worker's records for the same partition
contents (one PartitionProcessor per partition from offset 0), and the check of the id rule against them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson

from processor.core.partition import EngineConfig, PartitionProcessor

Record = dict[str, Any]  # {"kind", "key", "id", "headers", "value"} as a replay file line holds it


def live_run(parts: dict[int, list[tuple[bytes | None, bytes]]], topic: str,
             engine: EngineConfig) -> tuple[list[Record], dict[int, list[int]]]:
    """The live worker's outputs for these partition contents (offsets from 0), in the file form, and each
    partition's watermark after each offset."""
    from processor.shell.replay.files import encode_record

    out: list[Record] = []
    wms: dict[int, list[int]] = {}
    for p in sorted(parts):
        proc = PartitionProcessor(topic, p, engine)
        wm = wms[p] = []
        for off, (key, value) in enumerate(parts[p]):
            for o in proc.process(off, key, value):
                out.append(orjson.loads(encode_record(o)))
            wm.append(proc.watermark)
    return out, wms


def in_range(live: list[Record], wms: dict[int, list[int]], from_ms: int | None, to_ms: int | None) -> list[Record]:
    """The live records a range replay covers: emitted from each partition's first offset whose watermark
    reaches `from_ms` up to (not including) its first offset whose watermark passes `to_ms`."""
    bounds = {}
    for p, wm in wms.items():
        start = next((o for o, w in enumerate(wm) if from_ms is None or w >= from_ms), len(wm))
        cut = next((o for o, w in enumerate(wm) if to_ms is not None and w > to_ms), len(wm))
        bounds[p] = (start, cut)
    out = []
    for r in live:
        p, o = emitted_at(r)
        start, cut = bounds[p]
        if start <= o < cut:
            out.append(r)
    return out


def read_lines(data: bytes) -> list[Record]:
    return [orjson.loads(line) for line in data.splitlines() if line]


def strip(rec: Record, prefix: str) -> Record:
    """A replayed record with its id prefix removed from the id, its headers and its value."""
    r = dict(rec)
    assert r["id"].startswith(prefix), r["id"]
    r["id"] = r["id"][len(prefix):]
    r["headers"] = [[k, v[len(prefix):] if k in ("toolmend-id", "toolmend-source") and isinstance(v, str)
                     and v.startswith(prefix) else v] for k, v in r["headers"]]
    if isinstance(r.get("value"), dict) and isinstance(r["value"].get("id"), str):
        r["value"] = {**r["value"], "id": r["value"]["id"].removeprefix(prefix)}
    return r


def check_id_rule(replayed: Iterable[Record], live: list[Record], prefix: str) -> int:
    """Every replayed record equals the live record of the same id (prefix removed when there is one): a record
    made from partial state would differ. Returns how many were checked."""
    by_id = {r["id"]: r for r in live}
    n = 0
    for rec in replayed:
        r = strip(rec, prefix) if prefix else rec
        assert r["id"] in by_id, f"{rec['id']}: no live record has this id"
        assert r == by_id[r["id"]], f"{rec['id']} differs from the live record"
        n += 1
    return n


def emitted_at(rec: Record) -> tuple[int, int]:
    """(partition, offset) of the input record whose processing emitted this output (ids without prefix)."""
    h = dict((k, v) for k, v in rec["headers"])
    if rec["kind"] == "dead_letter":
        return int(h["toolmend-source-partition"]), int(h["toolmend-source-offset"])
    src = h.get("toolmend-source") or rec["id"].rsplit(":", 1)[0]
    _, p, o = src.rsplit(":", 2)
    return int(p), int(o)


def met(parts: dict[int, list[tuple[bytes | None, bytes]]], warm_from: int | None,
        first: dict[int, int] | None = None) -> dict[str, int]:
    """Conversations with an event the replay reads, and the offset where it first meets each: from each
    partition's first event dated at or after `warm_from` (or from offset `first[p]`). The live worker may write
    for a conversation before the replay meets it (a timeout or eviction of state from before): the replay cannot
    know of those records, so they are neither written nor counted."""
    from processor.shell.replay.select import conversation_of, event_ts

    out: dict[str, int] = {}
    for p, recs in parts.items():
        if first is not None:
            b = first.get(p, 0)
        else:
            b = next((o for o, (_, v) in enumerate(recs)
                      if warm_from is None or ((t := event_ts(v)) is not None and t >= warm_from)), len(recs))
        for o in range(b, len(recs)):
            cid = conversation_of(recs[o][1])
            if cid is not None and cid not in out:
                out[cid] = o
    return out


def of(records: list[Record], conversations: dict[str, int]) -> list[Record]:
    """The records of these conversations from where the replay meets them, and every dead letter (a verdict on
    one record that was read)."""
    return [r for r in records if r["kind"] == "dead_letter"
            or (r["key"] in conversations and emitted_at(r)[1] >= conversations[r["key"]])]
