"""A replay's run: a topic or a file (or an event-time range of it) through fresh partition processors, into a
sink, then a summary.

No consumer group and no changelog: fresh partition processors per input partition. What is kept of each
partition, and under which ids, is decided in `select.py` (the id rule); where outputs go in `sinks.py`; the
plan and its checks in `plan.py`. Isolation: by default a replay writes to
`<input>.replay.<name>.{repaired,findings,dlq}` and refuses to write into the live worker's topics (its
TOOLMEND_* configuration) unless `--allow-live-topics`. Knows nothing of flags or of the command's exit codes
(`shell/commands/replay.py`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from ...core.partition import OutRecord, PartitionProcessor, share_hot
from ...core.tally import Tally
from .. import gc_tuning
from ..metrics import Metrics
from .files import FileSource
from .metrics_file import metrics_file
from .plan import KINDS, Plan, ReplayError, check_plan, in_shard, iso
from .progress import ReplayProgress
from .select import PartitionReplay
from .sinks import FileSinkAsync, TopicSink

log = logging.getLogger("toolmend.replay")


class _Run:
    def __init__(self, plan: Plan, metrics: Metrics, started: Callable[[], None] | None = None) -> None:
        self.plan = plan
        self.started = started  # called once the input is found: the replay really starts
        self.settings = plan.settings
        self.metrics = metrics
        self.engine = self.settings.engine_config()
        self.tally = Tally()
        self.parts: dict[int, PartitionReplay] = {}
        self.read: dict[int, int] = {}
        self.aligned_any = plan.window.from_ms is not None
        self.sink: TopicSink | FileSinkAsync | None = None
        self.om = metrics_file(plan, metrics)

    async def limit_outputs(self) -> None:
        """An event whose outputs would not fit is dead-lettered whole, as the live worker does: the smallest
        `max.message.bytes` of the live output topics (to decide as live did) and of the replay's own targets (to
        be able to write what it decides)."""
        from ..transport import client_for  # lazy: a file-to-file replay needs no Kafka client

        own = self.plan.output_topics() if self.plan.to_file is None else {}
        self.engine = await client_for(self.settings).output_limits(
            self.settings, self.engine, [own["repaired"]] if own else [], [own["findings"]] if own else [])

    def partition(self, p: int, aligned: bool) -> PartitionReplay:
        plan = self.plan
        topic = plan.source_topic
        ns_topic = f"replay.{plan.run_name}:{topic}" if aligned else topic
        proc = PartitionProcessor(ns_topic, p, self.engine, self.tally if self.om is None else self.om.tally(p))
        rep = PartitionReplay(proc, plan.window, self.engine.conversation_ttl_ms, aligned,
                              real_topic=topic if aligned else None)
        self.parts[p] = rep
        self.read[p] = 0
        # the live worker's budget of live conversations, split among the partitions as the worker does
        share_hot(self.settings.hot_conversations, [r.proc for r in self.parts.values()])
        return rep

    def _count(self, outs: list[tuple[int, OutRecord]]) -> None:
        """Records kept, by partition and kind (a partition replayed plainly does not count them itself)."""
        parts = self.parts
        for p, o in outs:
            rep = parts[p]
            if rep.plain:
                rep.out[o.kind] = rep.out.get(o.kind, 0) + 1

    def make_sink(self, partitions: int) -> TopicSink | FileSinkAsync:
        plan = self.plan
        if plan.to_file is not None:
            return FileSinkAsync(plan.to_file)
        return TopicSink(self.settings, plan.output_topics(), partitions)

    async def from_file(self, progress: ReplayProgress) -> None:
        plan = self.plan
        assert plan.from_file is not None
        src = FileSource(plan.from_file, plan.file_partitions, self.settings.max_batch)
        try:
            mine = in_shard(range(plan.file_partitions), plan.shard, ReplayError)
            if self.started is not None:
                self.started()
            for p in mine:
                self.partition(p, aligned=self.aligned_any)
            om = self.om
            self.sink = self.make_sink(plan.file_partitions)
            parts = self.parts
            read = self.read
            for batch in src.batches():
                outs: list[tuple[int, OutRecord]] = []
                for p, offset, key, value, headers, stamp in batch:
                    rep = parts.get(p)
                    if rep is None:  # another shard's
                        continue
                    read[p] += 1
                    if rep.done:
                        continue
                    for o in (rep.feed(offset, key, value, headers, stamp) if om is None
                              else om.feed(p, rep, offset, key, value, headers, stamp)):
                        outs.append((p, o))
                self._count(outs)
                self.flush()
                await self.sink.write(outs)
                pos = src.position
                done = sum(read.values())
                est = None if not done or not pos else int(done * (src.size - pos) / pos)
                progress.update({"file": done}, {"file": est})
                if all(rep.done for rep in parts.values()):
                    break  # every partition is past the range end
                await asyncio.sleep(0)
            self.blank = src.blank
        finally:
            src.close()

    async def from_topic(self, progress: ReplayProgress) -> None:
        from aiokafka import TopicPartition

        from ..transport import client_for

        s = self.settings
        k = client_for(s)
        plan = self.plan
        topic = s.input_topic
        c = k.new_input_consumer(s)
        await c.start()
        try:
            parts = sorted(await k.partitions_of(c, topic))
            if not parts:
                raise ReplayError(f"input topic {topic} does not exist")
            parts = in_shard(parts, plan.shard, ReplayError)
            tps = [TopicPartition(topic, p) for p in parts]
            c.assign(tps)
            begin = await c.beginning_offsets(tps)
            end = await c.end_offsets(tps)
            if all(end[tp] <= begin[tp] for tp in tps):
                raise ReplayError(f"input topic {topic} is empty")
            if self.started is not None:
                self.started()
            start = dict(begin)
            warm_from = plan.window.warm_from
            if warm_from is not None:  # a seek hint: broker timestamps at most seek_slack behind event time
                found = await c.offsets_for_times(dict.fromkeys(tps, max(0, warm_from - plan.seek_slack_ms)))
                for tp, ot in found.items():
                    # none at or after the time: Kafka answers None, Tansu offset 0 with timestamp -1
                    start[tp] = ot.offset if ot is not None and ot.timestamp >= 0 else end[tp]
                    start[tp] = max(start[tp], begin[tp])
            for tp in tps:
                # a partition whose first records were deleted (retention) is replayed as if from a range start
                aligned = self.aligned_any or begin[tp] > 0
                self.aligned_any = self.aligned_any or aligned
                self.partition(tp.partition, aligned)
                c.seek(tp, start[tp])
            self.sink = self.make_sink(len(parts))
            snapshot_ms = int(time.time() * 1000)  # records appended after the start are not part of the replay
            active = set(tps)
            position = dict(start)
            reps = self.parts
            read = self.read
            om = self.om
            while active:
                batch = await c.getmany(*active, timeout_ms=500, max_records=s.max_batch)
                outs: list[tuple[int, OutRecord]] = []
                for tp, recs in batch.items():
                    p = tp.partition
                    rep = reps[p]
                    for r in recs:
                        if r.offset >= end[tp] and r.timestamp > snapshot_ms:
                            active.discard(tp)  # past the end as it was at the start
                            break
                        read[p] += 1
                        for o in (rep.feed(r.offset, r.key, r.value, r.headers or (), r.timestamp) if om is None
                                  else om.feed(p, rep, r.offset, r.key, r.value, r.headers or (), r.timestamp)):
                            outs.append((p, o))
                        position[tp] = r.offset + 1
                        if rep.done:
                            active.discard(tp)
                            break
                self.flush()
                self._count(outs)
                await self.sink.write(outs)
                for tp in list(active):
                    ended = getattr(c, "at_end", None)  # librdkafka: its end-of-partition event
                    if not batch.get(tp) and (await c.position(tp) >= end[tp] or (ended is not None and ended(tp))):
                        active.discard(tp)  # an empty fetch past the reported end: the end (see worker.drain)
                if om is not None:  # a partition at its end no longer holds the others' steps back
                    om.finished.update(tp.partition for tp in tps if tp not in active)
                progress.update({str(tp.partition): read[tp.partition] for tp in tps},
                                {str(tp.partition): 0 if tp not in active else max(0, end[tp] - position[tp])
                                 for tp in tps})
        finally:
            await c.stop()

    def flush(self) -> None:
        """A batch's counts into the metrics (and the metrics file's steps)."""
        if self.om is None:
            self.metrics.flush(self.tally.take())
        else:
            self.om.take()

    def summary(self, seconds: float) -> dict[str, Any]:
        plan = self.plan
        rows = []
        totals: dict[str, int] = {}
        left_out = 0
        for p in sorted(self.parts):
            rep = self.parts[p]
            row: dict[str, Any] = {"partition": p, "read": self.read[p], "skipped": rep.skipped,
                                   "warmed": rep.warmed, "events": rep.events,
                                   "left_out_events": rep.left_out_events,
                                   "left_out_conversations": len(rep.left_out)}
            for k in KINDS:
                row[k] = rep.out.get(k, 0)
                row[f"left_out_{k}"] = rep.suppressed.get(k, 0)
            left_out += len(rep.left_out)
            rows.append(row)
            for k, v in row.items():
                if k != "partition":
                    totals[k] = totals.get(k, 0) + v
        events = totals.get("events", 0)
        sink = str(plan.to_file) if plan.to_file is not None else ", ".join(plan.output_topics().values())
        return {"name": plan.run_name, "source": str(plan.from_file) if plan.from_file else plan.settings.input_topic,
                "sink": sink, "ids": f"replay.{plan.run_name}:<live id>" if self.aligned_any else "live (same as "
                "the worker's)", "from": None if plan.window.from_ms is None else iso(plan.window.from_ms),
                "to": None if plan.window.to_ms is None else iso(plan.window.to_ms),
                "partitions": rows, "totals": totals, "blank_lines": getattr(self, "blank", 0),
                "records_out": self.sink.records if self.sink is not None else 0,
                **({"shard": f"{plan.shard[0]}/{plan.shard[1]}"} if plan.shard else {}),
                "seconds": round(seconds, 3), "events_per_s": round(events / seconds, 1) if seconds else 0.0}


async def replay(plan: Plan, metrics: Metrics | None = None, started: Callable[[], None] | None = None
                 ) -> dict[str, Any]:
    """Run a replay to its end; returns its summary. Raises ReplayError for a replay that cannot run as asked
    (missing input, empty range, live topics); outputs are then not kept (a file is not written). `started` is
    called once the input is found, before the first record is read."""
    check_plan(plan)
    gc_tuning.tune(plan.settings.gc_threshold)  # as the worker: parsed events die young (shell/gc_tuning.py)
    m = metrics or Metrics(label_cap=plan.settings.label_cap)
    run = _Run(plan, m, started)
    if plan.from_file is None or plan.to_file is None:  # a broker is there: the same output limit as the worker
        await run.limit_outputs()
    t0 = time.perf_counter()
    ok = False
    with ReplayProgress(m, quiet=plan.quiet, every_s=plan.progress_every_s) as progress:
        try:
            if plan.from_file is not None:
                await run.from_file(progress)
            else:
                await run.from_topic(progress)
            if not any(rep.events for rep in run.parts.values()):
                w = plan.window
                raise ReplayError("empty range: no event dated "
                                  + (f"from {iso(w.from_ms)} " if w.from_ms is not None else "")
                                  + (f"to {iso(w.to_ms)} " if w.to_ms is not None else "")
                                  + f"in {plan.from_file or plan.settings.input_topic}")
            ok = True
        finally:
            if run.sink is not None:
                await run.sink.close(ok)
            metrics_out = run.om.close(ok) if run.om is not None else None
        progress.update(progress.done, dict.fromkeys(progress.done, 0), final=True)
    summary = run.summary(time.perf_counter() - t0)
    if metrics_out is not None:
        summary["metrics_file"] = metrics_out
    log.info("replay done: %s events in range, %s records out", summary["totals"].get("events", 0),
             summary["records_out"])
    return summary


__all__ = ["replay"]
