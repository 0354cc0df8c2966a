"""A replay's `--metrics-file`: its counts, dated by the event time of the partition that made them.

Owns: one Tally per partition (the replay's partition processors count into it), the step each partition's
event time is in, and handing the counts of each step to the StepSampler (openmetrics.py) once every partition
is past it; the live /metrics of the replay still get every count. Must not know: Kafka, files of events.

Dating: a partition's counts belong to the step its watermark (event time) is in; the record that moves the
watermark into a later step is counted in the step it leaves. Records read before a partition's first usable
event time are counted in its first step; a partition that never has one is *undated*: its records are counted
in the summary and written nowhere. Look-back records (before `--from`) and the record that ends a partition
(the first one dated after `--to`) are not counted in the file, as they are not in the summary's `in range`
(so a `--to` replay takes its counts record by record, a few percent slower).

Memory: the sampler's (openmetrics.py) plus, per partition, one Tally and the counts of its undated records.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ...core.partition import OutRecord
from ...core.tally import Tally
from ..metrics import Metrics
from .openmetrics import EVENTS, OUTPUT_RECORDS, Counts, Key, OpenMetricsWriter, StepSampler, precreated, to_live
from .plan import Plan
from .select import PartitionReplay

NEVER = 1 << 62


class ReplayMetricsFile:
    def __init__(self, path: Path, step_ms: int, target: dict[str, str], live: Metrics, label_cap: int = 50,
                 from_ms: int | None = None, to_ms: int | None = None) -> None:
        self.path = path
        self.step_ms = step_ms
        self.live = live
        self.writer = OpenMetricsWriter(path, target)
        self.sampler = StepSampler(step_ms, self.writer.samples, self.writer.info, precreated())
        self.counts = Counts(label_cap)
        self.tallies: dict[int, Tally] = {}
        self.step: dict[int, int | None] = {}
        self.next_ms: dict[int, int] = {}
        self.outs: dict[int, dict[str, int]] = {}
        self.undated: dict[int, dict[Key, int]] = {}
        self.undated_records: dict[int, int] = {}
        self.finished: set[int] = set()
        self.to_live: dict[Key, int] = {}
        # with `--to`, each record's counts are taken apart: the one past the end (any record may jump there) is not
        # kept, as the summary does not count it
        self.end_guard = NEVER if to_ms is None else -NEVER
        self.ranged = from_ms is not None or to_ms is not None  # records may need their counts taken apart

    def tally(self, p: int) -> Tally:
        """The observer of partition p's processor."""
        t = self.tallies[p] = Tally()
        self.step[p] = None
        self.next_ms[p] = 1  # watermark 0: no event time yet
        self.outs[p] = {}
        self.undated[p] = {}
        self.undated_records[p] = 0
        return t

    def feed(self, p: int, rep: PartitionReplay, offset: int, key: bytes | None, value: bytes | None,
             headers: Any = (), timestamp: int | None = None) -> list[OutRecord]:
        """`rep.feed`, with its counts dated (the hot path of a replay with a metrics file: a few lookups)."""
        if self.ranged and (not rep.emitting or rep.proc.watermark >= self.end_guard):
            return self._feed_apart(p, rep, offset, key, value, headers, timestamp)
        recs = rep.feed(offset, key, value, headers, timestamp)
        if recs:
            kinds = self.outs[p]
            for o in recs:
                kinds[o.kind] = kinds.get(o.kind, 0) + 1
        wm = rep.proc.watermark
        if wm >= self.next_ms[p]:
            self._cross(p, wm)
        return recs

    def _feed_apart(self, p: int, rep: PartitionReplay, offset: int, key: bytes | None, value: bytes | None,
                    headers: Any, timestamp: int | None) -> list[OutRecord]:
        """A record of the look-back, or of a `--to` replay: its counts taken on their own."""
        self._drain(p, True)
        recs = rep.feed(offset, key, value, headers, timestamp)
        if recs:
            kinds = self.outs[p]
            for o in recs:
                kinds[o.kind] = kinds.get(o.kind, 0) + 1
        if rep.done or not rep.emitting:
            self._drain(p, False)  # look-back, or past the end: live metrics only
            if rep.done:
                self.finish(p)
            return recs
        wm = rep.proc.watermark
        if wm >= self.next_ms[p]:
            self._cross(p, wm)
        return recs

    def _drain(self, p: int, keep: bool) -> None:
        t = self.tallies[p].take()
        d: dict[Key, int] = {}
        self.counts.add(t, d)
        live = self.to_live  # every count (look-back too, as without a metrics file), given to /metrics per batch
        for k, n in d.items():
            live[k] = live.get(k, 0) + n
        if not keep:
            self.outs[p] = {}
            return
        kinds = self.outs[p]
        if kinds:
            for kind, n in kinds.items():
                d[(OUTPUT_RECORDS, (kind,))] = n
            self.outs[p] = {}
        if not d:
            return
        step = self.step[p]
        if step is None:
            u = self.undated[p]
            for k, n in d.items():
                u[k] = u.get(k, 0) + n
                if k[0] == EVENTS:  # every record read counts one event (processed, duplicate, dead letter)
                    self.undated_records[p] += n
        else:
            self.sampler.add(step, d)

    def _cross(self, p: int, wm: int) -> None:
        self._drain(p, True)
        new = wm // self.step_ms
        first = self.step[p] is None
        self.step[p] = new
        self.next_ms[p] = (new + 1) * self.step_ms
        if first:
            self.sampler.add(new, self.undated[p])
            self.undated[p] = {}
            self.undated_records[p] = 0
        self._release()

    def _release(self) -> None:
        steps = [s for q, s in self.step.items() if s is not None and q not in self.finished]
        if steps:
            self.sampler.release(min(steps))

    def take(self) -> None:
        """After each batch: every partition's counts into their steps and the live metrics."""
        for p in self.tallies:
            self._drain(p, True)
        to_live(self.live, self.to_live)
        self.to_live = {}
        self._release()

    def finish(self, p: int) -> None:
        """Partition p has no more records: it no longer holds the others' steps back."""
        self.finished.add(p)

    def close(self, keep: bool) -> dict[str, Any]:
        """Writes the file (`keep`) or removes what was written; returns the summary's `metrics_file` entry."""
        self.take()
        undated = sum(n for p, n in self.undated_records.items() if self.step[p] is None)
        s = self.sampler
        try:
            s.close()
        finally:
            self.writer.close(keep and s.last is not None)
        out: dict[str, Any] = {"path": str(self.path) if s.last is not None else None,
                               "step_s": self.step_ms / 1000, "series": len(s.value), "samples": s.samples,
                               "lines": self.writer.lines, "late_increments": s.late, "undated_records": undated}
        if s.first is not None and s.last is not None:
            out["from"] = _iso((s.first + 1) * self.step_ms)
            out["to"] = _iso((s.last + 1) * self.step_ms)
        return out


def _iso(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat().replace("+00:00", "Z")


__all__ = ["ReplayMetricsFile", "instance", "metrics_file"]


def instance(plan: Plan) -> str:
    """The `instance` label: the run, and the shard (the shards' series stay apart when their blocks are loaded
    together, as live workers' are)."""
    name = f"replay:{plan.run_name}"
    return name if plan.shard is None else f"{name}:{plan.shard[0]}of{plan.shard[1]}"


def metrics_file(plan: Plan, live: Metrics) -> ReplayMetricsFile | None:
    if plan.metrics_file is None:
        return None
    target = {"job": plan.metrics_job, "instance": instance(plan), "mode": "replay", "run": plan.run_name}
    return ReplayMetricsFile(plan.metrics_file, plan.metrics_step_ms, target, live, plan.settings.label_cap,
                             plan.window.from_ms, plan.window.to_ms)
