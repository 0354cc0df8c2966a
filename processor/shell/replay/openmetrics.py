"""Event-time samples of a replay's counters and its tool duration histogram, in the OpenMetrics text format
(`toolmend replay --metrics-file`).

Owns: which series a replay writes (the event-derived counters of the live worker, same names and labels:
`FAMILIES`), turning counts (core Tallies) into those series (`Counts`), cutting event time into steps and
deciding which samples a step writes (`StepSampler`, pure: it sees event time only, never a clock), and the file
itself (`OpenMetricsWriter`: one temporary segment per metric family next to the target, joined into place at the
end, so families are not interleaved and memory does not grow with the range). Must not know: Kafka, event
files, partitions' records, the wall clock.

Samples: a counter's value at the end of each `step` of event time (timestamp `(k + 1) * step`), written when it
changed in that step, at the step before a change (so that `rate()` sees every increase from its previous
value) and at the step after one (so that a flat stretch reads as no increase); all series at the last step;
`toolmend_build_info` at every step. A step in which a series did not change and that is not next to a change is
not written: Prometheus reads the missing samples as no increase, and the file grows with activity, not with the
range times the series.

Memory: per series its last value and two step numbers, plus the counts of the steps not yet
written (at most `max_open` steps per series that changed in them); never the samples written.
"""

from __future__ import annotations

import os
import platform
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ... import __version__
from ...core.events import EVENT_TYPES, DeadLetterKind
from ...core.findings import FindingKind
from ...core.tally import DURATION_BOUNDS, Count, Tally
from ...core.toolspans import OUTCOMES
from ..metrics import TOOL_SPAN_JOINS, UNKNOWN, LabelCap, Metrics

PREFIX = "toolmend_"
_DANGLING = FindingKind.DANGLING_TOOL_CALL.value
_REGRESSION = FindingKind.TEXT_ONLY_REGRESSION.value
_ERASED = FindingKind.TOOL_HISTORY_ERASED.value
_UNBACKED = FindingKind.UNBACKED_CLAIM.value
_THINKING = {FindingKind.THINKING_PREFIX_CHANGED.value: "prefix_changed",
             FindingKind.THINKING_DROPPED_BY_PROVIDER.value: "dropped_by_provider"}
BUILD_INFO = PREFIX + "build_info"


@dataclass(frozen=True)
class Family:
    name: str  # the OpenMetrics family name: its samples are `<name>_total`
    help: str
    labels: tuple[str, ...]
    live: str  # the attribute of the live worker's Metrics that is this counter
    type: str = "counter"  # or "histogram": its keys' last label value says which sample (a bucket's le, count, sum)


# the live worker's event-derived counters (processor/shell/metrics.py): names, help and labels must stay equal
# (tests/unit/shell/replay/test_openmetrics.py compares them)
FAMILIES: tuple[Family, ...] = (
    Family(PREFIX + "events", "Input events by type and outcome", ("type", "outcome"), "events"),
    Family(PREFIX + "messages", "Native messages tracked", ("dialect",), "messages"),
    Family(PREFIX + "tool_calls", "Tool calls seen", ("dialect", "model", "tool"), "tool_calls"),
    Family(PREFIX + "dangling_tool_calls", "Tool calls closed without a result",
           ("reason", "dialect", "model", "tool"), "dangling"),
    Family(PREFIX + "findings", "Findings by kind", ("kind", "severity", "dialect"), "findings"),
    Family(PREFIX + "repairs", "Repair actions applied", ("action",), "repairs"),
    Family(PREFIX + "dead_letters", "Events sent to the dead-letter topic", ("kind",), "dead_letters"),
    Family(PREFIX + "output_records", "Records produced and acknowledged", ("topic",), "output_records"),
    Family(PREFIX + "text_only_regressions", "Text-only-after-tool regressions", ("model", "app_version", "tool"),
           "regressions"),
    Family(PREFIX + "tool_history_erased", "Tool calls erased from a later snapshot", ("model", "app_version", "tool"),
           "erasures"),
    Family(PREFIX + "assistant_turns_after_tool", "Assistant turns after the first tool use, by outcome",
           ("outcome", "model", "app_version"), "turns_after_tool"),
    Family(PREFIX + "state_woken_conversations",
           "Conversations woken from their stored form (not among the live ones)", (), "woken"),
    Family(PREFIX + "quarantined_conversations",
           "Conversations whose state broke (a bug of ours, or an unreadable changelog record): their later events "
           "go to the dead-letter topic", (), "quarantined"),
    Family(PREFIX + "thinking_invalidated", "Messages whose thinking was invalidated by a changed prefix: by a repair "
           "(prefix_changed) or, per the provider, dropped", ("signal", "dialect", "model"), "thinking"),
    Family(PREFIX + "tool_results", "Tool results by outcome (ok, error_deterministic, error_transient, timeout, "
           "cancelled, unknown)", ("tool", "outcome"), "tool_results"),
    Family(PREFIX + "tool_retries", "Retries of failed tool calls, by kind (futile, blind, transient, timeout, "
           "cancelled, unknown)", ("tool", "kind"), "tool_retries"),
    Family(PREFIX + "tool_tokens", "Tokens the tool runs reported (their spans' gen_ai.usage), by tool, outcome class "
           "and kind (input, output)", ("tool", "outcome", "kind"), "tool_tokens"),
    Family(PREFIX + "tool_spans", "Tool runs (spans, tool_run events) by what became of them: joined, waiting, late, "
           "dropped, unjoined, ignored", ("join",), "tool_spans"),
    Family(PREFIX + "tool_duration_seconds", "Tool run durations from their spans (end minus start), by tool and "
           "outcome class, counted at the span's end (event time)", ("tool", "outcome"), "tool_duration",
           "histogram"),
    Family(PREFIX + "unbacked_claims", "Replies claiming an act or a tool-only fact no call of their turn produced",
           ("model", "app_version", "tool"), "unbacked"),
)
(EVENTS, MESSAGES, TOOL_CALLS, DANGLING, FINDINGS, REPAIRS, DEAD_LETTERS, OUTPUT_RECORDS, REGRESSIONS, ERASURES,
 TURNS, WOKEN, QUARANTINED, THINKING, TOOL_RESULTS, TOOL_RETRIES, TOOL_TOKENS, TOOL_SPANS, TOOL_DURATION, UNBACKED,
 ) = range(len(FAMILIES))
#: the histogram's samples as the last label value of its keys: each bucket's `le` (cumulative), its count and sum
#: (milliseconds, written in seconds)
LE: tuple[str, ...] = (*(repr(float(b)) for b in DURATION_BOUNDS), "+Inf")  # as prometheus_client writes them
COUNT, SUM = "count", "sum"
Key = tuple[int, tuple[str, ...]]  # (family index, label values)


def precreated() -> list[Key]:
    """The series the live worker creates at 0 before any event (Metrics.__init__), so rate() sees their first
    increment."""
    keys: list[Key] = [(DEAD_LETTERS, (dl.value,)) for dl in DeadLetterKind]
    keys += [(EVENTS, (typ, outcome)) for typ in EVENT_TYPES for outcome in ("processed", "duplicate")]
    keys.append((EVENTS, ("unknown", "dead_letter")))
    keys += [(OUTPUT_RECORDS, (topic,)) for topic in ("repaired", "findings", "dead_letter")]
    keys += [(TURNS, (outcome, UNKNOWN, UNKNOWN)) for outcome in ("tool", "text_only")]
    keys += [(WOKEN, ()), (QUARANTINED, ())]  # counters without labels exist from the start
    keys += [(TOOL_SPANS, (j,)) for j in TOOL_SPAN_JOINS]
    return keys


def to_live(live: Metrics, increments: dict[Key, int]) -> None:
    """Increments into the live worker's counters (the replay's /metrics), labels already capped; not the output
    records, which a replay's /metrics do not count, nor the duration histogram (its samples are in the file)."""
    for (family, labels), n in increments.items():
        if family in (OUTPUT_RECORDS, TOOL_DURATION):
            continue
        metric = getattr(live, FAMILIES[family].live)
        (metric.labels(*labels) if labels else metric).inc(n)


class _Remembered:
    """A LabelCap's answers, remembered per value (a dict lookup instead of the cap's checks; an answer never
    changes once given: admitted, or `other` once the cap is full)."""

    __slots__ = ("cap", "known")

    def __init__(self, cap: LabelCap) -> None:
        self.cap = cap
        self.known: dict[str | None, str] = {}

    def __call__(self, value: str | None) -> str:
        known = self.known
        out = known.get(value)
        if out is None:
            if len(known) >= 4096:  # bounded: values past the cap may be many (the cap itself decides again)
                known.clear()
            out = known[value] = self.cap(value)
        return out


class Counts:
    """A Tally into series increments, with the live worker's label caps applied in the same order as
    Metrics.flush applies them (so the same input gives the same `other`s)."""

    def __init__(self, label_cap: int = 50) -> None:
        self.model = LabelCap(label_cap)
        self.tool = LabelCap(label_cap)
        self.app_version = LabelCap(label_cap)
        # a value's capped form never changes once decided (admitted, or `other` once the cap is full): remembered
        self._model = _Remembered(self.model)
        self._tool = _Remembered(self.tool)
        self._app = _Remembered(self.app_version)

    def add(self, t: Tally, into: dict[Key, int]) -> None:
        def inc(key: Key, n: int) -> None:
            into[key] = into.get(key, 0) + n

        model, tool, app = self._model, self._tool, self._app
        for (typ, outcome), n in t.of(Count.EVENTS).items():
            inc((EVENTS, (str(typ), str(outcome))), n)
        for (dialect,), n in t.of(Count.MESSAGES).items():
            inc((MESSAGES, (str(dialect),)), n)
        for (dialect, m, tl), n in t.of(Count.TOOL_CALLS).items():
            inc((TOOL_CALLS, (str(dialect), model(m), tool(tl))), n)
        for (kind, severity, dialect, reason, tl, m, av), n in t.of(Count.FINDINGS).items():
            inc((FINDINGS, (str(kind), str(severity), str(dialect))), n)
            if kind == _DANGLING and reason is not None:
                inc((DANGLING, (reason, str(dialect), model(m), tool(tl))), n)
            elif kind == _REGRESSION:
                inc((REGRESSIONS, (model(m), app(av), tool(tl))), n)
            elif kind == _ERASED:
                inc((ERASURES, (model(m), app(av), tool(tl))), n)
            elif kind == _UNBACKED:
                inc((UNBACKED, (model(m), app(av), tool(tl))), n)
            elif kind in _THINKING:
                inc((THINKING, (_THINKING[str(kind)], str(dialect), model(m))), n)
        for (action,), n in t.of(Count.REPAIRS).items():
            inc((REPAIRS, (str(action),)), n)
        for (kind,), n in t.of(Count.DEAD_LETTERS).items():
            inc((DEAD_LETTERS, (str(kind),)), n)
        for (outcome, m, av), n in t.of(Count.TURNS_AFTER_TOOL).items():
            inc((TURNS, (str(outcome), model(m), app(av))), n)
        for n in t.of(Count.WOKEN).values():
            inc((WOKEN, ()), n)
        for n in t.of(Count.QUARANTINED).values():
            inc((QUARANTINED, ()), n)
        for (tl, outcome), n in t.of(Count.TOOL_RESULTS).items():
            inc((TOOL_RESULTS, (tool(tl), str(outcome))), n)
        for (tl, kind), n in t.of(Count.TOOL_RETRIES).items():
            inc((TOOL_RETRIES, (tool(tl), str(kind))), n)
        for (tl, outcome, kind), n in t.of(Count.TOOL_TOKENS).items():
            inc((TOOL_TOKENS, (tool(tl), str(outcome) if outcome in OUTCOMES else UNKNOWN, str(kind))), n)
        for (join,), n in t.of(Count.TOOL_SPANS).items():
            inc((TOOL_SPANS, (str(join),)), n)
        for (tl, outcome, b), n in t.of(Count.TOOL_RUNS).items():
            labels = (tool(tl), str(outcome) if outcome in OUTCOMES else UNKNOWN)
            for le in LE[int(b or 0):]:  # cumulative: a run counts in its bucket and every wider one
                inc((TOOL_DURATION, (*labels, le)), n)
            inc((TOOL_DURATION, (*labels, COUNT)), n)
        for (tl, outcome), ms in t.of(Count.TOOL_RUN_MS).items():
            inc((TOOL_DURATION, (tool(tl), str(outcome) if outcome in OUTCOMES else UNKNOWN, SUM)), ms)


Emit = Callable[[int, list[tuple[Key, int]]], None]  # (timestamp ms, [(series, value)])


class StepSampler:
    """Cumulative counters at step ends of event time, from increments dated by the step they happened in.

    `add(step, increments)`: counts of step `step` (event time `step * step_ms` up to the next step). `release(k)`:
    every step before `k` is complete (no more increments for it): its samples are emitted, in time order. An
    increment for a step already released is counted in the oldest open step (`late`). At most `max_open` steps
    are held: beyond that the oldest is released. `close()` releases the rest and writes every series at the last
    step. Pure: calls `emit(ts, samples)` with the samples of one timestamp (each series' in increasing time),
    and `info(ts)` once per step written. Deterministic: the same increments give the same calls.
    """

    def __init__(self, step_ms: int, emit: Emit, info: Callable[[int], None] | None = None,
                 precreate: Iterable[Key] = (), max_open: int = 1440) -> None:
        if step_ms < 1:
            raise ValueError("step must be at least 1 ms")
        self.step_ms = step_ms
        self.emit = emit
        self.info = info
        self.max_open = max(1, max_open)
        self.open: dict[int, dict[Key, int]] = {}
        self.released = -(1 << 62)  # steps below this are written
        self.value: dict[Key, int] = dict.fromkeys(precreate, 0)
        self.written: dict[Key, int] = {}  # series -> last step whose end it was written at
        self.changed: list[Key] = []  # the series that changed in the last step written (their flat sample is due)
        self.first: int | None = None
        self.last: int | None = None  # last step released with data
        self.late = 0
        self.samples = 0

    def add(self, step: int, increments: dict[Key, int]) -> None:
        if not increments:
            return
        if step < self.released:
            self.late += sum(increments.values())
            step = min(self.open) if self.open else self.released
        pending = self.open.get(step)
        if pending is None:
            self.open[step] = dict(increments)
        else:
            for k, n in increments.items():
                pending[k] = pending.get(k, 0) + n
        if len(self.open) > self.max_open:
            self.release(min(self.open) + 1)

    def release(self, below: int) -> None:
        """Write every open step before `below`."""
        if below <= self.released:
            return
        for step in sorted(s for s in self.open if s < below):
            self._write(step, self.open.pop(step))
        self.released = below

    def _emit(self, step: int, samples: list[tuple[Key, int]]) -> None:
        """The samples at the end of `step`."""
        if samples:
            written = self.written
            for key, _ in samples:
                written[key] = step
            self.samples += len(samples)
            self.emit((step + 1) * self.step_ms, samples)

    def _infos(self, upto: int) -> None:
        """toolmend_build_info at every step end from the last one written up to the end of `upto`."""
        if self.info is None:
            return
        start = (self.first if self.last is None else self.last + 1) if self.first is not None else upto
        for s in range(start, upto + 1):
            self.info((s + 1) * self.step_ms)

    def _write(self, step: int, deltas: dict[Key, int]) -> None:
        value, written = self.value, self.written
        if self.first is None:
            self.first = step - 1
            self._infos(step - 1)
            self.last = step - 1
            # the series that exist from the start: 0 before the first step
            self._emit(step - 1, [(key, 0) for key in value])
        elif self.last is not None and self.last + 1 < step:  # the flat sample after the last changes
            flat = self.last + 1
            self._infos(flat)
            self.last = flat
            self._emit(flat, [(key, value[key]) for key in self.changed])
            self.changed = []
        # steps with no data are not written, except what a change needs: the value before it, one step earlier
        before: list[tuple[Key, int]] = []
        never = -(1 << 62)
        prior = step - 1
        for key, n in deltas.items():
            if n:
                v = value.get(key, 0)
                if written.get(key, never) < prior:
                    before.append((key, v))
                value[key] = v + n
        self._emit(prior, before)
        self._infos(step)
        self.last = step
        # the changes, and the series that changed in the step before and are flat in this one
        now = [(key, value[key]) for key in self.changed if not deltas.get(key)]
        changed = [key for key, n in deltas.items() if n]
        now += [(key, value[key]) for key in changed]
        self.changed = changed
        self._emit(step, now)

    def close(self) -> None:
        """Write what is open, then every series at the last step."""
        self.release(max(self.open) + 1 if self.open else self.released)
        if self.last is None:
            return
        end = self.last + 1
        self._infos(end)
        written = self.written
        self._emit(end, [(key, v) for key, v in self.value.items() if written.get(key) != end])
        self.changed = []
        self.last = end


# -- the text format ----------------------------------------------------------------------------------------------
def escape(v: str) -> str:
    return v.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def labelset(names: Iterable[str], values: Iterable[str]) -> str:
    return ",".join(f'{n}="{escape(v)}"' for n, v in zip(names, values, strict=True))


def timestamp(ms: int) -> str:
    """OpenMetrics timestamps are seconds."""
    s, rest = divmod(ms, 1000)
    return str(s) if not rest else f"{s}.{rest:03d}"


class OpenMetricsWriter:
    """Writes the file: samples go, as they come, to one temporary segment per family next to `path`; `close(True)`
    joins the segments into `path` (with `# EOF`), `close(False)` removes them. `target`: the labels every series
    carries first (job, instance, mode, run)."""

    def __init__(self, path: Path, target: dict[str, str]) -> None:
        self.path = path
        self.target = labelset(target.keys(), target.values())
        self._tmp: dict[int, Path] = {}
        self._files: dict[int, IO[str]] = {}
        self._series: dict[Key, str] = {}
        self._ms: set[Key] = set()
        self.lines = 0

    def _head(self, key: Key) -> str:
        """A series' name and labels, as its lines begin."""
        fam = FAMILIES[key[0]]
        if fam.type != "histogram":
            labels = labelset(fam.labels, key[1])
            return f"{fam.name}_total{{{self.target}{',' + labels if labels else ''}}} "
        *values, sample = key[1]
        labels = labelset(fam.labels, values)
        if sample == COUNT:
            return f"{fam.name}_count{{{self.target},{labels}}} "
        if sample == SUM:
            self._ms.add(key)
            return f"{fam.name}_sum{{{self.target},{labels}}} "
        return f'{fam.name}_bucket{{{self.target},{labels},le="{escape(sample)}"}} '

    def _segment(self, family: int) -> IO[str]:
        f = self._files.get(family)
        if f is None:
            tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.{family}.tmp")
            self._tmp[family] = tmp
            f = self._files[family] = open(tmp, "w", encoding="utf-8", buffering=1 << 16)  # noqa: SIM115
        return f

    def samples(self, ts_ms: int, samples: list[tuple[Key, int]]) -> None:
        """The samples of one timestamp (each line to its family's segment)."""
        ts = timestamp(ts_ms)
        heads = self._series
        by_family: dict[int, list[str]] = {}
        for key, value in samples:
            head = heads.get(key)
            if head is None:
                head = heads[key] = self._head(key)
            lines = by_family.get(key[0])
            if lines is None:
                lines = by_family[key[0]] = []
            if key in self._ms:  # a histogram's sum: milliseconds counted, seconds written
                lines.append(f"{head}{value / 1000} {ts}\n")
            else:
                lines.append(f"{head}{value} {ts}\n")
        for family, lines in by_family.items():
            self._segment(family).write("".join(lines))
        self.lines += len(samples)

    def info(self, ts_ms: int) -> None:
        labels = labelset(("version", "python"), (__version__, platform.python_version()))
        self._segment(-1).write(f"{BUILD_INFO}{{{self.target},{labels}}} 1 {timestamp(ts_ms)}\n")
        self.lines += 1

    def close(self, keep: bool) -> None:
        for f in self._files.values():
            f.close()
        try:
            if keep:
                tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
                with open(tmp, "w", encoding="utf-8") as out:
                    if -1 in self._tmp:
                        out.write(f"# TYPE {BUILD_INFO} gauge\n# HELP {BUILD_INFO} Build identity\n")
                        _copy(self._tmp[-1], out)
                    for i, fam in enumerate(FAMILIES):
                        if i in self._tmp:
                            out.write(f"# TYPE {fam.name} {fam.type}\n# HELP {fam.name} {fam.help}\n")
                            _copy(self._tmp[i], out)
                    out.write("# EOF\n")
                os.replace(tmp, self.path)
        finally:
            for tmp_path in self._tmp.values():
                tmp_path.unlink(missing_ok=True)


def _copy(src: Path, out: IO[str]) -> None:
    with open(src, encoding="utf-8") as f:
        while chunk := f.read(1 << 20):
            out.write(chunk)


__all__ = ["FAMILIES", "Counts", "Family", "OpenMetricsWriter", "StepSampler", "precreated", "to_live"]
