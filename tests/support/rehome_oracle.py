"""The offline pass of a repartition by conversation (`toolmend recover --repartition --by-conversation`), written
apart from the shell's streaming merge so that a test compares the two.

Given the input as stored (records with partition, offset, key, value, headers, timestamp), the positions the
group had committed when the worker stopped (`positions`: {partition: committed offset}) and the old and new
partition counts, every output the worker writes is:

1. before the change: one pass of the engine over each old partition's records below its committed offset
   (what the worker wrote before it stopped), ids `<input>:<p>:<offset>...`;
2. the rebuild: the core's `Rehome` over the same records, merged by event time (`merged`: of the partitions'
   next records, the smallest (ts, partition, offset) first; each partition in offset order), outputs dropped;
3. after the change: for each new partition q, a processor restored from the rebuilt state of q (its changelog
   records, as the worker restores them) over q's records from its committed offset on, ids `<input>:<q>:...`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from processor.core.partition import EngineConfig, OutRecord, PartitionProcessor
from processor.core.rehome import Rehome, merge_key


class Record(Protocol):
    partition: int
    offset: int
    key: bytes | None
    value: bytes | None
    headers: list[tuple[str, bytes]]
    timestamp: int


@dataclass
class Rec:
    """A stored input record (what a unit test makes up in place of a broker's)."""

    partition: int
    offset: int
    key: bytes | None
    value: bytes | None
    headers: list[tuple[str, bytes]] = field(default_factory=list)
    timestamp: int = -1


def merged(records: Iterable[Record], positions: dict[int, int]) -> list[Record]:
    """The records below their partition's committed offset, merged by event time: each partition in offset
    order; of the partitions' next records, the smallest (ts, partition, offset) first (a plain scan, no heap)."""
    runs: dict[int, list[Record]] = {}
    for r in sorted(records, key=lambda r: (r.partition, r.offset)):
        if r.offset < positions.get(r.partition, 0):
            runs.setdefault(r.partition, []).append(r)
    at = dict.fromkeys(runs, 0)
    out: list[Record] = []
    while True:
        best: tuple[tuple[int, int, int], int] | None = None
        for p, run in runs.items():
            if at[p] < len(run):
                r = run[at[p]]
                k = merge_key(p, r.offset, r.value)
                if best is None or k < best[0]:
                    best = (k, p)
        if best is None:
            return out
        out.append(runs[best[1]][at[best[1]]])
        at[best[1]] += 1


def rebuilt(records: Sequence[Record], positions: dict[int, int], topic: str, old: int, new: int,
            route: Callable[[bytes], int], engine: EngineConfig) -> Rehome:
    rehome = Rehome(topic, new, old, positions, route, engine)
    for r in merged(records, positions):
        rehome.add(r.partition, r.key, r.value, r.headers, r.timestamp)
    return rehome


def restored(rehome: Rehome, q: int, position: int, engine: EngineConfig) -> PartitionProcessor:
    """A processor of new partition q as the worker restores it from the rebuilt state."""
    proc = PartitionProcessor(rehome.procs[q].topic, q, engine)
    for key, value in rehome.state(q, position):
        proc.restore(key, value)
    proc.finish_restore(position)
    return proc


def offline_by_conversation(records: Sequence[Record], positions: dict[int, int], topic: str, old: int, new: int,
                            route: Callable[[bytes], int], engine: EngineConfig,
                            on_out: Callable[[int, Record, OutRecord, bool], Any]) -> None:
    """Every output of the three steps (module docstring), in production order per partition:
    `on_out(partition, input record, output, after_the_change)`."""
    ordered = sorted(records, key=lambda r: (r.partition, r.offset))
    before: dict[int, PartitionProcessor] = {}
    for r in ordered:
        if r.offset < positions.get(r.partition, 0):
            proc = before.setdefault(r.partition, PartitionProcessor(topic, r.partition, engine))
            for o in proc.process(r.offset, r.key, r.value, r.headers, r.timestamp):
                on_out(r.partition, r, o, False)
    rehome = rebuilt(ordered, positions, topic, old, new, route, engine)
    after = {q: restored(rehome, q, positions.get(q, 0), engine) for q in range(new)}
    for r in ordered:
        if r.offset >= positions.get(r.partition, 0):
            for o in after[r.partition].process(r.offset, r.key, r.value, r.headers, r.timestamp):
                on_out(r.partition, r, o, True)
