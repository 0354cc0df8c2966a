"""`toolmend replay`: run a topic or a file (or an event-time range of it) through the engine, into topics of
its own or a file, then exit with a summary.

No consumer group and no changelog: fresh partition processors per input partition. What is kept of each
partition, and under which ids, is decided in `replay_select` (the id rule). Isolation: by default a replay
writes to `<input>.replay.<name>.{repaired,findings,dlq}` and refuses to write into the live worker's topics
(its TOOLMEND_* configuration) unless `--allow-live-topics`.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import gc
import logging
import re
import sys
import time
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..core.events import DeadLetter, parse_ts
from ..core.partition import OutRecord, PartitionProcessor
from ..core.tally import Tally
from .config import ConfigError, Settings, settings_from
from .metrics import Metrics
from .replay_files import FileSink, FileSource, topic_name
from .replay_metrics import add_metrics_flags, check_metrics_plan, in_shard, metrics_file, plan_metrics
from .replay_progress import ReplayProgress, summary_table
from .replay_select import PartitionReplay, Window

log = logging.getLogger("toolmend.replay")
KINDS = ("repaired", "findings", "dead_letter")
SUFFIX = {"repaired": "repaired", "findings": "findings", "dead_letter": "dlq"}
# settings a replay does not use: no flag (the live worker's topics are still read from the environment, to
# refuse writing into them)
NOT_FLAGS = ("output_topic", "dlq_topic", "findings_topic", "state_topic", "group_id", "group_instance_id",
             "partitions", "session_timeout_ms", "heartbeat_interval_ms", "shutdown_budget_s", "broker_unreachable_s")


class ReplayError(Exception):
    """A replay that cannot run as asked (exit status 2, one line)."""


@dataclass
class Plan:
    settings: Settings
    window: Window = field(default_factory=Window)
    name: str | None = None
    from_file: Path | None = None
    file_topic: str | None = None
    file_partitions: int = 1
    to_file: Path | None = None
    to_topics: str | None = None  # prefix: <prefix>.repaired, .findings, .dlq
    allow_live_topics: bool = False
    seek_slack_ms: int = 3600_000
    quiet: bool = True
    progress_every_s: float = 5.0
    metrics_file: Path | None = None  # event-time OpenMetrics (replay_metrics.py)
    metrics_step_ms: int = 60_000
    metrics_job: str = "toolmend"
    shard: tuple[int, int] | None = None  # (i, N): only the partitions p with p % N == i

    @property
    def source_topic(self) -> str:
        """The topic the input is (or stands for: a file's ids name it)."""
        if self.from_file is not None:
            return self.file_topic or topic_name(self.from_file)
        return self.settings.input_topic

    @property
    def run_name(self) -> str:
        return self.name or default_name(self.window)

    @property
    def prefix(self) -> str:
        return self.to_topics or f"{self.source_topic}.replay.{self.run_name}"

    def output_topics(self) -> dict[str, str]:
        return {k: f"{self.prefix}.{SUFFIX[k]}" for k in KINDS}


def _compact(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y%m%dT%H%M%SZ")


def default_name(w: Window) -> str:
    """Deterministic: the same range gives the same topics and ids (a rerun repeats records, never contradicts)."""
    parts = []
    if w.from_ms is not None:
        parts.append("from" + _compact(w.from_ms))
    if w.to_ms is not None:
        parts.append("to" + _compact(w.to_ms))
    return "-".join(parts) or "full"


def parse_time(v: str) -> int:
    try:
        return parse_ts(int(v) if v.isdigit() else v)
    except DeadLetter:
        raise ReplayError(f"bad time {v!r}: expected RFC 3339 with a zone (2026-11-01T00:00:00Z) or epoch "
                          "milliseconds") from None


_UNITS = {"ms": 1, "s": 1000, "m": 60_000, "h": 3600_000, "d": 86400_000}


def parse_duration(v: str) -> int:
    """`90s`, `15m`, `48h`, `2d`, `500ms` or plain seconds, in milliseconds."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*", v)
    if not m:
        raise ReplayError(f"bad duration {v!r}: expected a number with a unit (ms, s, m, h, d)")
    return int(float(m.group(1)) * _UNITS[m.group(2) or "s"])


def live_topics(s: Settings) -> dict[str, str]:
    """The live worker's topics, by the variable that names them."""
    out = {"TOOLMEND_INPUT_TOPIC": s.input_topic, "TOOLMEND_OUTPUT_TOPIC": s.output_topic,
           "TOOLMEND_DLQ_TOPIC": s.dlq_topic, "TOOLMEND_STATE_TOPIC": s.changelog_topic}
    if s.findings_topic:
        out["TOOLMEND_FINDINGS_TOPIC"] = s.findings_topic
    return out


def check_plan(plan: Plan) -> None:
    w = plan.window
    if w.from_ms is not None and w.to_ms is not None and w.from_ms > w.to_ms:
        raise ReplayError(f"--from ({_iso(w.from_ms)}) is after --to ({_iso(w.to_ms)})")
    if plan.from_file is not None and not plan.from_file.is_file():
        raise ReplayError(f"input file {plan.from_file} does not exist")
    if plan.file_partitions < 1:
        raise ReplayError("--partitions must be at least 1")
    if plan.to_file is not None and not plan.to_file.parent.is_dir():
        raise ReplayError(f"output directory {plan.to_file.parent} does not exist")
    check_metrics_plan(plan, ReplayError)
    if plan.file_topic is not None and not re.fullmatch(r"[A-Za-z0-9._-]{1,200}", plan.file_topic):
        raise ReplayError(f"--file-topic {plan.file_topic!r}: a topic name (letters, digits, ., _ and -)")
    if plan.name is not None and not re.fullmatch(r"[A-Za-z0-9_-]+", plan.name):
        raise ReplayError(f"--name {plan.name!r}: use letters, digits, _ and - (it names topics and ids)")
    if plan.to_file is None:
        targets = plan.output_topics()
        if plan.from_file is None and plan.settings.input_topic in targets.values():
            raise ReplayError(f"refusing to write into the replay's own input topic {plan.settings.input_topic}")
        if not plan.allow_live_topics:
            live = live_topics(plan.settings)
            for t in targets.values():
                for var, name in live.items():
                    if t == name:
                        raise ReplayError(f"refusing to write into {t}, a live worker's topic ({var}); a replay "
                                          "writes to topics of its own (--to-topics), or pass --allow-live-topics")


def _iso(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat().replace("+00:00", "Z")


# -- sinks ---------------------------------------------------------------------------------------------------------
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
        from .kafka import big_topic, ensure_topics, new_metadata_client, new_producer, partitions_of

        s = self.settings
        if s.create_topics:
            await ensure_topics(s, [(t, self.partitions, big_topic(s)) for t in self.topics.values()])
        p = new_producer(s)
        await p.start()
        self._producer = p
        c = new_metadata_client(s)
        await c.start()
        try:
            for t in self.topics.values():
                n = len(await partitions_of(c, t))
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
        from .kafka import enqueue

        plan = []
        for part, r in outs:
            t = self.topics[r.kind]
            plan.append((t, part if t in self._same else None, r))
        pending = await enqueue(self._producer, plan)
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


class _FileSinkAsync:
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


# -- the run -------------------------------------------------------------------------------------------------------
class _Run:
    def __init__(self, plan: Plan, metrics: Metrics) -> None:
        self.plan = plan
        self.settings = plan.settings
        self.metrics = metrics
        self.engine = self.settings.engine_config()
        self.tally = Tally()
        self.parts: dict[int, PartitionReplay] = {}
        self.read: dict[int, int] = {}
        self.aligned_any = plan.window.from_ms is not None
        self.sink: TopicSink | _FileSinkAsync | None = None
        self.om = metrics_file(plan, metrics)

    async def limit_outputs(self) -> None:
        """An event whose outputs would not fit is dead-lettered whole, as the live worker does: the smallest
        `max.message.bytes` of the live output topics (to decide as live did) and of the replay's own targets (to
        be able to write what it decides)."""
        from .kafka import OUTPUT_OVERHEAD, topic_limits  # lazy: a file-to-file replay needs no Kafka client

        s = self.settings
        names = [s.output_topic, s.findings_topic or ""]
        if self.plan.to_file is None:
            names += list(self.plan.output_topics().values())
        limits = await topic_limits(s, names)
        if limits:
            limit = max(1024, min(limits.values()) - OUTPUT_OVERHEAD)
            self.engine = dataclasses.replace(self.engine, max_output_bytes=limit)

    def partition(self, p: int, aligned: bool) -> PartitionReplay:
        plan = self.plan
        topic = plan.source_topic
        ns_topic = f"replay.{plan.run_name}:{topic}" if aligned else topic
        proc = PartitionProcessor(ns_topic, p, self.engine, self.tally if self.om is None else self.om.tally(p))
        rep = PartitionReplay(proc, plan.window, self.engine.conversation_ttl_ms, aligned,
                              real_topic=topic if aligned else None)
        self.parts[p] = rep
        self.read[p] = 0
        # the live worker's budget of live conversations, split among the partitions (worker.share_hot, without
        # importing the Kafka side for a file replay)
        limit = max(64, self.settings.hot_conversations // len(self.parts))
        for r in self.parts.values():
            r.proc.hot_limit = limit
        return rep

    def _count(self, outs: list[tuple[int, OutRecord]]) -> None:
        """Records kept, by partition and kind (a partition replayed plainly does not count them itself)."""
        parts = self.parts
        for p, o in outs:
            rep = parts[p]
            if rep.plain:
                rep.out[o.kind] = rep.out.get(o.kind, 0) + 1

    def make_sink(self, partitions: int) -> TopicSink | _FileSinkAsync:
        plan = self.plan
        if plan.to_file is not None:
            return _FileSinkAsync(plan.to_file)
        return TopicSink(self.settings, plan.output_topics(), partitions)

    async def from_file(self, progress: ReplayProgress) -> None:
        plan = self.plan
        assert plan.from_file is not None
        src = FileSource(plan.from_file, plan.file_partitions, self.settings.max_batch)
        try:
            mine = in_shard(range(plan.file_partitions), plan.shard, ReplayError)
            for p in mine:
                self.partition(p, aligned=self.aligned_any)
            om = self.om
            self.sink = self.make_sink(plan.file_partitions)
            parts = self.parts
            read = self.read
            for batch in src.batches():
                outs: list[tuple[int, OutRecord]] = []
                for p, offset, key, value in batch:
                    rep = parts.get(p)
                    if rep is None:  # another shard's
                        continue
                    read[p] += 1
                    if rep.done:
                        continue
                    for o in rep.feed(offset, key, value) if om is None else om.feed(p, rep, offset, key, value):
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

        from .kafka import new_input_consumer, partitions_of

        s = self.settings
        plan = self.plan
        topic = s.input_topic
        c = new_input_consumer(s)
        await c.start()
        try:
            parts = sorted(await partitions_of(c, topic))
            if not parts:
                raise ReplayError(f"input topic {topic} does not exist")
            parts = in_shard(parts, plan.shard, ReplayError)
            tps = [TopicPartition(topic, p) for p in parts]
            c.assign(tps)
            begin = await c.beginning_offsets(tps)
            end = await c.end_offsets(tps)
            if all(end[tp] <= begin[tp] for tp in tps):
                raise ReplayError(f"input topic {topic} is empty")
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
                    if not batch.get(tp) and await c.position(tp) >= end[tp]:
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
                "the worker's)", "from": None if plan.window.from_ms is None else _iso(plan.window.from_ms),
                "to": None if plan.window.to_ms is None else _iso(plan.window.to_ms),
                "partitions": rows, "totals": totals, "blank_lines": getattr(self, "blank", 0),
                "records_out": self.sink.records if self.sink is not None else 0,
                **({"shard": f"{plan.shard[0]}/{plan.shard[1]}"} if plan.shard else {}),
                "seconds": round(seconds, 3), "events_per_s": round(events / seconds, 1) if seconds else 0.0}


async def replay(plan: Plan, metrics: Metrics | None = None) -> dict[str, Any]:
    """Run a replay to its end; returns its summary. Raises ReplayError for a replay that cannot run as asked
    (missing input, empty range, live topics); outputs are then not kept (a file is not written)."""
    check_plan(plan)
    # as the worker: parsed events die young; collect young objects less often than Python's default (700)
    gc.set_threshold(50_000, 20, 20)
    m = metrics or Metrics(label_cap=plan.settings.label_cap)
    run = _Run(plan, m)
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
                                  + (f"from {_iso(w.from_ms)} " if w.from_ms is not None else "")
                                  + (f"to {_iso(w.to_ms)} " if w.to_ms is not None else "")
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


# -- the command ---------------------------------------------------------------------------------------------------
def parser() -> argparse.ArgumentParser:
    from .config import add_flags

    p = argparse.ArgumentParser(
        prog="toolmend replay", usage="%(prog)s [--from-file FILE | --input-topic TOPIC] [--from TIME] [--to TIME] "
        "[--to-file FILE | --to-topics PREFIX] [options]",
        description="Reprocess a topic or a file, or an event-time range of it, into topics of its own or a file, "
        "then print a summary. By default it writes to <input>.replay.<name>.{repaired,findings,dlq} and never "
        "into a live worker's topics.")
    g = p.add_argument_group("replay")
    g.add_argument("--from", dest="from_time", metavar="TIME",
                   help="keep events dated at or after TIME (RFC 3339 with a zone, or epoch ms): each partition is "
                   "kept from its first event dated at or after it; conversations begun before the look-back are "
                   "left out whole, and ids get the prefix replay.<name>:")
    g.add_argument("--to", dest="to_time", metavar="TIME",
                   help="each partition ends before its first event dated after TIME")
    g.add_argument("--look-back", metavar="DURATION",
                   help="events read before --from to warm conversations up (default: twice the conversation TTL)")
    g.add_argument("--seek-slack", metavar="DURATION", default="1h",
                   help="how far a record's broker timestamp may be behind its event time (the seek starts at "
                   "look-back start minus this; default 1h)")
    g.add_argument("--name", help="run name: the output topics and the id prefix (default: from the range, e.g. "
                   "from20261101T000000Z-to20261102T000000Z, or full)")
    g.add_argument("--from-file", type=Path, metavar="FILE",
                   help="read events from a JSONL file (.gz too), one input event per line, instead of a topic")
    g.add_argument("--file-topic", metavar="TOPIC",
                   help="the topic a --from-file stands for, in ids and output topic names (default: the file "
                   "name without .jsonl/.gz)")
    g.add_argument("--partitions", type=int, default=1, metavar="N",
                   help="partitions a --from-file stands for: keys spread by Kafka's default partitioner (default 1)")
    g.add_argument("--to-file", type=Path, metavar="FILE",
                   help='write {"kind","key","id","headers","value"} lines to FILE (.gz too) instead of topics')
    g.add_argument("--to-topics", metavar="PREFIX",
                   help="write to PREFIX.repaired, PREFIX.findings and PREFIX.dlq (default <input>.replay.<name>)")
    g.add_argument("--allow-live-topics", action="store_true",
                   help="allow writing into the live worker's topics (TOOLMEND_OUTPUT_TOPIC, ...)")
    add_metrics_flags(g)
    g.add_argument("--quiet", action="store_true", help="no progress (the summary is still printed)")
    g.add_argument("--json", action="store_true", help="print the summary as one JSON object instead of a table")
    g.add_argument("--log-level", default="WARNING")
    g.add_argument("--log-format", choices=("text", "json"), default=None,
                   help="text (default) or json: one object per line (TOOLMEND_LOG_FORMAT)")
    add_flags(p, NOT_FLAGS)
    return p


def plan_from_args(argv: Sequence[str]) -> tuple[Plan, argparse.Namespace]:
    ns = parser().parse_args(list(argv))
    given = {k: v for k, v in vars(ns).items() if k in Settings.model_fields and v is not None}
    settings = settings_from(given)
    from_ms = None if ns.from_time is None else parse_time(ns.from_time)
    to_ms = None if ns.to_time is None else parse_time(ns.to_time)
    look_back = (parse_duration(ns.look_back) if ns.look_back is not None
                 else 2 * int(settings.conversation_ttl_s * 1000))
    plan = Plan(settings=settings, window=Window(from_ms, to_ms, look_back), name=ns.name, from_file=ns.from_file,
                file_topic=ns.file_topic, file_partitions=ns.partitions, to_file=ns.to_file,
                to_topics=ns.to_topics, allow_live_topics=ns.allow_live_topics,
                seek_slack_ms=parse_duration(ns.seek_slack), quiet=ns.quiet)
    plan_metrics(plan, ns, parse_duration, ReplayError)
    if ns.to_file is not None and ns.to_topics is not None:
        raise ReplayError("--to-file and --to-topics exclude each other")
    if ns.from_file is None and (ns.file_topic is not None or ns.partitions != 1):
        raise ReplayError("--file-topic and --partitions describe a --from-file")
    return plan, ns


async def _main(plan: Plan, as_json: bool) -> int:
    import orjson

    from .http import HealthServer

    s = plan.settings
    m = Metrics(label_cap=s.label_cap)
    state = {"done": False}
    http = HealthServer(m.registry, lambda: (True, "ok"), lambda: (not state["done"], "replaying"),
                        s.metrics_host, s.metrics_port)
    try:
        await http.start()
    except OSError:
        if not s.metrics_port:
            raise
        http.port = 0
        await http.start()
        sys.stderr.write(f"port {s.metrics_port} is busy: serving metrics on a free port instead\n")
    sys.stderr.write(f"replay {plan.run_name}: metrics on http://{s.metrics_host}:{http.port}/metrics\n")
    try:
        summary = await replay(plan, m)
    finally:
        state["done"] = True
        await http.stop()
    if as_json:
        sys.stdout.write(orjson.dumps(summary).decode() + "\n")
    else:
        summary_table(summary, sys.stdout)
    return 0


def main(argv: Sequence[str]) -> int:
    from aiokafka.errors import KafkaConnectionError, KafkaError

    from .logs import setup_logging

    try:
        plan, ns = plan_from_args(argv)
        check_plan(plan)
    except (ConfigError, ReplayError) as e:
        sys.stderr.write(f"toolmend replay: {e}\n")
        return 2
    try:
        setup_logging(ns.log_level, ns.log_format)
    except ValueError as e:
        sys.stderr.write(f"toolmend replay: {e}\n")
        return 2
    try:
        return asyncio.run(_main(plan, ns.json))
    except ReplayError as e:
        sys.stderr.write(f"toolmend replay: {e}\n")
        return 2
    except KafkaConnectionError as e:
        sys.stderr.write(f"toolmend replay: cannot reach the Kafka brokers at {plan.settings.bootstrap_servers}: "
                         f"{e}\n")
        return 1
    except KafkaError as e:
        sys.stderr.write(f"toolmend replay: Kafka error: {type(e).__name__}: {e}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("toolmend replay: interrupted (no output file kept; topics keep what was written)\n")
        return 130


__all__ = ["Plan", "ReplayError", "Window", "default_name", "main", "parse_duration", "parse_time", "replay"]
