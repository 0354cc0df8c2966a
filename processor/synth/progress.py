"""How far `toolmend generate --bootstrap-servers` is, on stderr: a bar on a terminal (rich, when installed), a
plain line every few seconds otherwise (a log, a pipe, a Kubernetes Job)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from processor.synth.produce import Delivery

EVERY_S = 5.0
PROG = "toolmend generate"


class Lines:
    """A line every `every_s` seconds: handed, acknowledged, refused, the rate so far."""

    def __init__(self, topic: str, total: int | None, stream: TextIO, every_s: float = EVERY_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.topic, self.total, self.stream, self.every_s, self.clock = topic, total, stream, every_s, clock
        self._last = clock()

    def tick(self, d: Delivery) -> None:
        now = self.clock()
        if now - self._last < self.every_s:
            return
        self._last = now
        of = f" of {self.total:,}" if self.total is not None else ""
        refused = sum(d.refused.values())
        self.stream.write(f"{PROG}: {d.handed:,}{of} records handed to {self.topic}, {d.sent:,} acknowledged, "
                          f"{refused:,} refused, {d.sent / d.elapsed(now):,.0f}/s\n")
        self.stream.flush()

    def close(self) -> None:
        pass


class Bar:
    """A rich bar of the records handed over, with the acknowledged and refused counts."""

    def __init__(self, topic: str, total: int | None, stream: TextIO) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._progress: Any = Progress(TextColumn(f"{PROG} → {topic}"), BarColumn(), MofNCompleteColumn(),
                                       TextColumn("{task.fields[acks]}"), TimeRemainingColumn(),
                                       console=Console(file=stream), transient=True)
        self._task = self._progress.add_task("records", total=total, acks="")
        self._progress.start()
        self._last = 0.0

    def tick(self, d: Delivery) -> None:
        now = time.monotonic()
        if now - self._last < 0.1:
            return
        self._last = now
        self._progress.update(self._task, completed=d.handed,
                              acks=f"{d.sent:,} acknowledged, {sum(d.refused.values()):,} refused")

    def close(self) -> None:
        self._progress.stop()


def progress(topic: str, total: int | None, stream: TextIO | None = None) -> Lines | Bar:
    out = stream or sys.stderr
    if out.isatty():
        try:
            return Bar(topic, total, out)
        except ImportError:  # rich is an extra
            pass
    return Lines(topic, total, out)


__all__ = ["Bar", "Lines", "progress"]
