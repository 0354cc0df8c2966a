"""A replay's plan: what to read (a topic or a file, an event-time window), where to write (topics of its own or
a file), under which name, and the checks that refuse a plan before anything runs (`ReplayError`).

Owns the naming of a replay's topics and ids and the refusal to write into a live worker's topics; knows nothing
of Kafka clients or of how the records are processed (`run.py`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from ...core.events import DeadLetter, parse_ts
from ..config import Settings
from .files import topic_name
from .select import Window

KINDS = ("repaired", "findings", "dead_letter")
SUFFIX = {"repaired": "repaired", "findings": "findings", "dead_letter": "dlq"}


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
    metrics_file: Path | None = None  # event-time OpenMetrics (`metrics_file.py`)
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
        raise ReplayError(f"--from ({iso(w.from_ms)}) is after --to ({iso(w.to_ms)})")
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


def iso(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat().replace("+00:00", "Z")


# -- the metrics file and the shard (errors are the caller's: one line, exit 2) ------------------------------
def check_metrics_plan(plan: Plan, error: type[Exception]) -> None:
    path = plan.metrics_file
    if path is None:
        return
    if not path.parent.is_dir():
        raise error(f"metrics file directory {path.parent} does not exist")
    if path.is_dir():
        raise error(f"--metrics-file {path} is a directory")
    if plan.metrics_step_ms < 1000:
        raise error("--metrics-step must be at least 1s")
    if not plan.metrics_job or any(c in plan.metrics_job for c in '"\\\n'):
        raise error(f"--metrics-job {plan.metrics_job!r}: a plain label value")
    for other in (plan.from_file, plan.to_file):
        if other is not None and other.resolve() == path.resolve():
            raise error(f"--metrics-file {path} is also the replay's input or output file")


def in_shard(partitions: Iterable[int], shard: tuple[int, int] | None, error: type[Exception]) -> list[int]:
    """The partitions of the shard (all of them without one); `error` when the shard has none."""
    every = list(partitions)
    mine = [p for p in every if shard is None or p % shard[1] == shard[0]]
    if shard is not None and every and not mine:
        raise error(f"--shard {shard[0]}/{shard[1]}: no partition of the {len(every)} is this shard's (N is at most "
                    "the partitions)")
    return mine


__all__ = ["KINDS", "SUFFIX", "Plan", "ReplayError", "check_metrics_plan", "check_plan", "default_name", "in_shard",
           "iso", "live_topics", "parse_duration", "parse_time"]
