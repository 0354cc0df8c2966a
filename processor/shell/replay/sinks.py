"""Where a replay's outputs go: its own topics (`TopicSink`, created on first use, each record to its input
partition) or a file (`FileSink` of `files.py`, behind the same async interface).

Owns the producer of a topic replay and the acknowledgement of one batch while the next is processed; knows
nothing of what the records are or how they were decided.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

from ...core.partition import OutRecord
from ..config import Settings
from .files import FileSink
from .plan import ReplayError


class TopicSink:
    """Produces outputs to the replay's topics, created on first use with the input's partition count; each record
    goes to its input partition (a conversation's records stay in order). Batch N is acknowledged while batch N+1
    is processed."""

    def __init__(self, s: Settings, topics: dict[str, str], partitions: int) -> None:
        self.settings = s
        self.topics = topics
        self.partitions = partitions
        self._producer: Any = None
        self._inflight: list[Awaitable[Any]] = []
        self.records = 0
        self._same: set[str] = set()

    async def _open(self) -> None:
        from ..kafka import big_topic
        from ..transport import client_for

        s = self.settings
        k = client_for(s)
        if s.create_topics:
            await k.ensure_topics(s, [(t, self.partitions, big_topic(s)) for t in self.topics.values()])
        p = k.new_producer(s)
        await p.start()
        self._producer = p
        c = k.new_metadata_client(s)
        await c.start()
        try:
            for t in self.topics.values():
                n = len(await k.partitions_of(c, t))
                if n == 0:
                    raise ReplayError(f"output topic {t} does not exist (and TOOLMEND_CREATE_TOPICS is false)")
                if n == self.partitions:
                    self._same.add(t)
        finally:
            await c.stop()

    async def write(self, outs: list[tuple[int, OutRecord]]) -> None:
        if not outs:
            return
        if self._producer is None:
            await self._open()
        from ..transport import client_for

        plan = []
        for part, r in outs:
            t = self.topics[r.kind]
            plan.append((t, part if t in self._same else None, r))
        pending = await client_for(self.settings).enqueue(self._producer, plan)
        await self.settle()
        self._inflight = [f for f, _ in pending]
        self.records += len(outs)

    async def settle(self) -> None:
        inflight, self._inflight = self._inflight, []
        if inflight:
            await asyncio.gather(*inflight)

    async def close(self, keep: bool) -> None:
        try:
            await self.settle()
        finally:
            if self._producer is not None:
                await self._producer.stop()


class FileSinkAsync:
    """A `FileSink` behind the sinks' async interface."""

    def __init__(self, path: Path) -> None:
        self.sink = FileSink(path)

    @property
    def records(self) -> int:
        return self.sink.records

    async def write(self, outs: list[tuple[int, OutRecord]]) -> None:
        if outs:
            self.sink.write([o for _, o in outs])

    async def close(self, keep: bool) -> None:
        self.sink.close(keep)


Sink = TopicSink | FileSinkAsync

__all__ = ["FileSinkAsync", "Sink", "TopicSink"]
