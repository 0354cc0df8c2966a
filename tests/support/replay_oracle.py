"""What a replay must write, computed independently of it: the live worker's records for the same partition
contents (one PartitionProcessor per partition from offset 0), the check of the id rule against them, and, for a
replay that starts later (a range, a truncated topic), exactly which of the live records it must write and which
conversations it must leave out, decided from the live worker's own state (`must_write`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import orjson

from processor.core.partition import EngineConfig, PartitionProcessor

Record = dict[str, Any]  # {"kind", "key", "id", "headers", "value"} as a replay file line holds it


def live_run(parts: dict[int, list[tuple[bytes | None, bytes]]], topic: str,
             engine: EngineConfig) -> tuple[list[Record], dict[int, list[int]]]:
    """The live worker's outputs for these partition contents (offsets from 0), in the file form, and each
    partition's watermark after each offset."""
    live = live_lives(parts, topic, engine)
    return live.records, live.wms


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


@dataclass
class Live:
    """The live worker's run of whole partitions: its records (file form), each partition's watermark after each
    offset, and for each record its conversation (the key, else the value's `conversation_id`, as the replay
    reads it) and whether the live worker held state of that conversation just before it (without: the record
    begins a new life of it, or is a one-off)."""

    records: list[Record]
    wms: dict[int, list[int]]
    begins: dict[int, list[tuple[str | None, bool]]]


def live_lives(parts: dict[int, list[tuple[bytes | None, bytes]]], topic: str, engine: EngineConfig) -> Live:
    """The live worker's run of these partition contents (offsets from 0): one PartitionProcessor per partition."""
    from processor.shell.replay.files import encode_record
    from processor.shell.replay.select import conversation_of

    live = Live([], {}, {})
    for p in sorted(parts):
        proc = PartitionProcessor(topic, p, engine)
        wm = live.wms[p] = []
        rows = live.begins[p] = []
        for off, (key, value) in enumerate(parts[p]):
            cid = key.decode(errors="replace") if key is not None else conversation_of(value)
            rows.append((cid, cid is not None and (cid in proc.convs or cid in proc.cold)))
            for o in proc.process(off, key, value):
                live.records.append(orjson.loads(encode_record(o)))
            wm.append(proc.watermark)
    return live


def must_write(live: Live, first: dict[int, int], trust_from: dict[int, int | None], from_ms: int | None = None,
               to_ms: int | None = None) -> tuple[list[Record], set[str]]:
    """What an aligned replay (a range, or a truncated topic) must write, from the live worker's own run, and
    the conversations it must leave out.

    The replay reads partition p from offset `first[p]`; a conversation may be trusted from `trust_from[p]`
    (event time; None: the read starts at the partition's first offset, every conversation is seen whole). A
    life of a conversation is written whole if the live worker begins it (holds no state of it just before its
    record) at an offset the replay reads after the first, with the watermark before that record at or past
    `trust_from[p]`; any other life the replay meets is left out whole (none of its records, dead letters
    included). Records are emitted between the partition's first offset whose watermark reaches `from_ms` and
    its first offset whose watermark passes `to_ms`.
    Records of conversations the replay has not met (timeouts and evictions of state from before its read)
    are neither written nor left out: the replay cannot know of them.

    The left-out conversations are those with an event in the emitted part of the partition while their life
    is left out. How many records they would have had is not knowable by the replay (it computes them from
    partial state: a result whose call was deleted becomes an orphan finding, a detector that needs the earlier
    turns stays silent), so only the conversations are compared."""
    by_origin: dict[tuple[int, int], list[Record]] = {}
    for r in live.records:
        by_origin.setdefault(emitted_at(r), []).append(r)
    out: list[Record] = []
    left_out: set[str] = set()
    for p, rows in live.begins.items():
        wm = live.wms[p]
        start = next((o for o, w in enumerate(wm) if from_ms is None or w >= from_ms), len(wm))
        cut = next((o for o, w in enumerate(wm) if to_ms is not None and w > to_ms), len(wm))
        trusted: dict[str, bool] = {}
        for o in range(first[p], cut):
            cid, had_state = rows[o]
            if cid is not None and (cid not in trusted or not had_state):
                tf = trust_from[p]
                trusted[cid] = not had_state and (tf is None or (o > first[p] and wm[o - 1] >= tf))
            if o < start:
                continue
            if cid is not None and not trusted[cid]:
                left_out.add(cid)
            for r in by_origin.get((p, o), ()):
                k = r["key"]
                if k is None or (r["kind"] == "dead_letter" and k not in trusted) or trusted.get(k, False):
                    out.append(r)
    return out, left_out


def first_read(parts: dict[int, list[tuple[bytes | None, bytes]]], warm_from: int) -> dict[int, int]:
    """Each partition's first offset dated at or after `warm_from` (where a range replay starts to read)."""
    from processor.shell.replay.select import event_ts

    return {p: next((o for o, (_, v) in enumerate(recs) if (t := event_ts(v)) is not None and t >= warm_from),
                    len(recs)) for p, recs in parts.items()}


def check_aligned(replayed: list[Record], prefix: str, left_out: int, live: Live, first: dict[int, int],
                  trust_from: dict[int, int | None], from_ms: int | None = None, to_ms: int | None = None) -> int:
    """An aligned replay wrote exactly the records `must_write` names, each equal to the live one (prefix
    removed), and left out as many conversations as it must. Returns how many records were checked."""
    n = check_id_rule(replayed, live.records, prefix)
    want, out = must_write(live, first, trust_from, from_ms, to_ms)
    got_ids = sorted(strip(r, prefix)["id"] for r in replayed)
    want_ids = sorted(r["id"] for r in want)
    assert got_ids == want_ids, (f"written but not to be: {sorted(set(got_ids) - set(want_ids))[:10]}; "
                                 f"to be written but not: {sorted(set(want_ids) - set(got_ids))[:10]}")
    assert left_out == len(out), (left_out, len(out))
    return n
