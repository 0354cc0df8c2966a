"""`read_changelog` keeps raw bytes per key and decodes only what is live at the end: the state it restores is
exactly the one applying every record as read gives (later records win, tombstones delete, a meta tombstone
clears the partition), whatever the order of values, updates, tombstones and garbage (no broker: a fake reader)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import orjson
from hypothesis import example, given, settings
from hypothesis import strategies as st

from processor.core.partition import META_KEY, EngineConfig, PartitionProcessor
from processor.shell.config import Settings
from processor.shell.worker import recovery
from processor.synth.generate import generate


def _values() -> list[bytes]:
    events, _ = generate(40, seed=3, partitions=1)
    proc = PartitionProcessor("in", 0, EngineConfig())
    out: list[bytes] = []
    for off, e in enumerate(events):
        proc.process(off, e.key, e.value)
        out.extend(v for k, v in proc.take_changelog() if k != META_KEY and v is not None)
    return [*out[:30], b"\x00garbage", b'{"e": 3}']


VALUES = _values()
KEYS = [f"c{i}".encode() for i in range(6)]
record = st.one_of(
    st.tuples(st.sampled_from(KEYS), st.none() | st.sampled_from(VALUES)),
    st.tuples(st.sampled_from(KEYS), st.none() | st.sampled_from(VALUES)),
    st.tuples(st.sampled_from(KEYS), st.none() | st.sampled_from(VALUES)),
    st.just((META_KEY, orjson.dumps({"wm": 5, "o": 9}))),
    st.just((META_KEY, None)),
)


class FakeReader:
    def __init__(self, recs: list[tuple[bytes, bytes | None]]) -> None:
        self.recs = [SimpleNamespace(key=k, value=v, offset=i, headers=()) for i, (k, v) in enumerate(recs)]

    async def start(self) -> None: ...
    async def stop(self) -> None: ...
    def assign(self, tps: Any) -> None: ...
    async def seek_to_beginning(self, *tps: Any) -> None: ...

    async def beginning_offsets(self, tps: Any) -> dict[Any, int]:
        return {tp: 0 for tp in tps}

    async def end_offsets(self, tps: Any) -> dict[Any, int]:
        return {tp: len(self.recs) for tp in tps}


def snapshot(p: PartitionProcessor) -> Any:
    return (p.offset, p.watermark, sorted(p.cold.items()), sorted(p.quarantined), p.state_bytes)


def eager(recs: list[tuple[bytes, bytes | None]]) -> PartitionProcessor:
    proc = PartitionProcessor("in", 0, EngineConfig())
    for k, v in recs:
        if k == META_KEY and v is None:
            proc = PartitionProcessor("in", 0, EngineConfig())
        else:
            proc.restore(k, v)
    return proc


@settings(max_examples=150, deadline=None)
@given(st.lists(record, max_size=40), st.integers(1, 7))
@example([(KEYS[0], VALUES[0]), (KEYS[0], None)], 1)  # a dead conversation
@example([(KEYS[0], VALUES[0]), (KEYS[1], VALUES[1]), (KEYS[0], VALUES[2]), (META_KEY, None), (KEYS[1], VALUES[3])], 2)
def test_the_lazy_restore_equals_applying_every_record(recs: list[tuple[bytes, bytes | None]], batch: int) -> None:
    reader = FakeReader(recs)

    async def partitions_of(_c: Any, _t: str) -> set[int]:
        return {0}

    async def drain(_c: Any, tps: Any, _end: Any, apply: Any) -> int:
        for i in range(0, len(reader.recs), batch):
            apply(tps[0], reader.recs[i:i + batch])
        return len(reader.recs)

    procs = {0: PartitionProcessor("in", 0, EngineConfig())}
    client = SimpleNamespace(new_state_reader=lambda _s: reader, partitions_of=partitions_of, drain=drain)
    saved = recovery.client_for
    try:
        recovery.client_for = lambda _s: client  # type: ignore[assignment]
        asyncio.run(recovery.read_changelog(Settings(metrics_port=0), procs))
    finally:
        recovery.client_for = saved
    assert snapshot(procs[0]) == snapshot(eager(recs))
