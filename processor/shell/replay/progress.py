"""How far a replay is: a live bar per partition on a terminal (rich), a plain line every few seconds otherwise,
nothing with `--quiet`; the `toolmend_replay_remaining_records` gauge in every case; a summary table at the end.

Progress and logs go to stderr (on a terminal, rich prints log lines above the bars, never into them); the
summary goes to stdout.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Mapping
from typing import Any, TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..metrics import Metrics


class ReplayProgress:
    def __init__(self, metrics: Metrics, quiet: bool = False, every_s: float = 5.0,
                 stream: TextIO | None = None) -> None:
        self.metrics = metrics
        self.stream = stream or sys.stderr
        self.quiet = quiet
        self.every_s = every_s
        self.tty = self.stream.isatty()
        self.console = Console(file=self.stream, stderr=self.stream is sys.stderr)
        self._bar: Progress | None = None
        self._saved: list[tuple[logging.StreamHandler[Any], Any]] = []
        self._tasks: dict[str, TaskID] = {}
        self._t0 = time.monotonic()
        self._last = 0.0
        self.done: dict[str, int] = {}
        self.left: dict[str, int | None] = {}

    def __enter__(self) -> ReplayProgress:
        if self.tty and not self.quiet:
            self._bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TextColumn("{task.fields[rate]:>9} ev/s"), TextColumn("left {task.fields[left]}"),
                                 TimeRemainingColumn(), console=self.console, transient=False)
            self._bar.start()
            # rich redirects sys.stderr while the bars show (lines print above them): so do the log handlers
            self._saved = [(h, h.stream) for h in logging.getLogger().handlers
                           if isinstance(h, logging.StreamHandler)]
            for h, _ in self._saved:
                h.setStream(sys.stderr)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()
            for h, stream in self._saved:
                h.setStream(stream)
        for part in self.left:
            self.metrics.replay_remaining.labels(part).set(0)

    def update(self, done: Mapping[str, int], left: Mapping[str, int | None], final: bool = False) -> None:
        """`done`: records read per partition; `left`: records still to read (None: unknown)."""
        self.done = dict(done)
        self.left = dict(left)
        for part, n in left.items():
            if n is not None:
                self.metrics.replay_remaining.labels(part).set(n)
        now = time.monotonic()
        if self.quiet:
            return
        secs = max(1e-9, now - self._t0)
        if self._bar is not None:
            for part, n in done.items():
                rest = left.get(part)
                total = None if rest is None else n + rest
                task = self._tasks.get(part)
                if task is None:
                    task = self._tasks[part] = self._bar.add_task(f"partition {part}", total=total, rate="", left="")
                self._bar.update(task, completed=n, total=total, rate=f"{n / secs:,.0f}",
                                 left="?" if rest is None else f"{rest:,}")
            return
        if not final and now - self._last < self.every_s:
            return
        self._last = now
        total_done = sum(done.values())
        known = [v for v in left.values() if v is not None]
        rest = sum(known) if len(known) == len(left) else None
        rate = total_done / secs
        eta = "" if rest is None or not rate else f", ETA {rest / rate:,.0f}s"
        parts = " ".join(f"{p}={'?' if v is None else f'{v:,}'}" for p, v in left.items())
        self.stream.write(f"replay: {total_done:,} records read, {rate:,.0f}/s"
                          f"{'' if rest is None else f', {rest:,} left'}{eta}; left per partition: {parts}\n")
        self.stream.flush()


def summary_table(summary: dict[str, Any], out: TextIO) -> None:
    """The end-of-run table: per partition and in total, what was read, kept, left out and written."""
    cols = [("partition", "partition"), ("read", "read"), ("skipped", "before look-back"),
            ("warmed", "look-back"), ("events", "in range"), ("left_out_events", "left out"),
            ("repaired", "repaired"), ("findings", "findings"), ("dead_letter", "dead letters")]
    table = Table(title=f"replay {summary['name']}: {summary['source']} -> {summary['sink']}")
    for _, title in cols:
        table.add_column(title, justify="right")
    rows = [*summary["partitions"], {**summary["totals"], "partition": "total"}]
    for row in rows:
        table.add_row(*[str(row.get(k, "")) if not isinstance(row.get(k), int) else f"{row[k]:,}" for k, _ in cols])
    console = Console(file=out, width=None if out.isatty() else 160)
    console.print(table)
    t = summary["totals"]
    console.print(f"{t['events']:,} events in range in {summary['seconds']:.1f}s ({summary['events_per_s']:,.0f}/s); "
                  f"{t.get('left_out_conversations', 0):,} conversations left out (begun before the look-back); "
                  f"ids: {summary['ids']}")
    mf = summary.get("metrics_file")
    if mf is not None:
        if mf["path"] is None:
            console.print("metrics file: not written (no event with a usable event time)")
        else:
            console.print(f"metrics file {mf['path']}: {mf['series']:,} series, {mf['samples']:,} samples at event "
                          f"time from {mf['from']} to {mf['to']}, every {mf['step_s']:g}s")
        if mf["undated_records"]:
            console.print(f"{mf['undated_records']:,} records carry no usable event time: counted here, no samples "
                          "for them in the metrics file")
        if mf["late_increments"]:
            console.print(f"{mf['late_increments']:,} counts came for a step already written: counted in a later "
                          "step (partitions far apart in event time)")
