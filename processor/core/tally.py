"""What the core counts, and the one observer it reports to: a `Tally` the shell drains once per batch.

`Count` and `KEYS` are the one list of what is counted (each count and the fields it is keyed by). The `Tally`
keeps those counts as dict increments: calling Prometheus client code for every event costs microseconds per
call, several calls per event; a dict increment costs a tenth of that. This module knows nothing of metric names,
label caps or Prometheus: `processor/shell/metrics.py` maps each count to its series.
"""

from __future__ import annotations

from typing import Final

from .findings import Action, Finding

Key = tuple[str | None, ...]


class Count:
    """What the core counts: each value indexes `Tally.counts` and `KEYS`, in the order the shell drains them
    (which decides which capped label values a batch admits first). Plain ints, not an Enum: an Enum member
    lookup costs more than the count it names, several times per event."""

    EVENTS: Final = 0
    MESSAGES: Final = 1
    TOOL_CALLS: Final = 2
    FINDINGS: Final = 3
    REPAIRS: Final = 4
    DEAD_LETTERS: Final = 5
    TURNS_AFTER_TOOL: Final = 6
    WOKEN: Final = 7
    QUARANTINED: Final = 8
    TOOL_RESULTS: Final = 9
    TOOL_RETRIES: Final = 10
    TOOL_RUNS: Final = 11
    TOOL_RUN_MS: Final = 12
    TOOL_TOKENS: Final = 13
    TOOL_SPANS: Final = 14


KEYS: Final[dict[int, tuple[str, ...]]] = {  # by Count: the fields each count is keyed by
    Count.EVENTS: ("type", "outcome"),  # every input event
    Count.MESSAGES: ("dialect",),  # native messages tracked
    Count.TOOL_CALLS: ("dialect", "model", "tool"),
    Count.FINDINGS: ("kind", "severity", "dialect", "reason", "tool", "model", "app_version"),
    Count.REPAIRS: ("action",),  # repair actions applied
    Count.DEAD_LETTERS: ("kind",),
    Count.TURNS_AFTER_TOOL: ("outcome", "model", "app_version"),  # assistant turns after the first tool use
    Count.WOKEN: (),  # conversations woken from their stored form
    Count.QUARANTINED: (),  # conversations whose state broke
    Count.TOOL_RESULTS: ("tool", "outcome"),  # tool results by outcome (outcomes.py)
    Count.TOOL_RETRIES: ("tool", "kind"),  # retries of failed calls (retries.py, RETRY_KINDS)
    # tool runs (spans) by tool, outcome class and duration bucket (index into DURATION_BOUNDS, len() for +Inf)
    Count.TOOL_RUNS: ("tool", "outcome", "bucket"),
    Count.TOOL_RUN_MS: ("tool", "outcome"),  # their summed duration, ms
    Count.TOOL_TOKENS: ("tool", "outcome", "kind"),  # tokens the runs reported (kind: input, output)
    Count.TOOL_SPANS: ("join",),  # what became of a run: joined, waiting, late, dropped, unjoined, ignored
}

#: the upper bounds (seconds) of the tool duration histogram's buckets (toolmend_tool_duration_seconds)
DURATION_BOUNDS: Final = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)


class Tally:
    """Counts by `Count` and key, in the order each key was first seen. The named methods are the core's entry
    points, one per `Count`; `take()` hands what was counted to the shell."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: list[dict[Key, int]] = [{} for _ in KEYS]

    def add(self, what: int, key: Key, n: int = 1) -> None:
        d = self.counts[what]
        d[key] = d.get(key, 0) + n

    def of(self, what: int) -> dict[Key, int]:
        return self.counts[what]

    def take(self) -> Tally:
        """What was counted since the last call; this tally starts afresh."""
        out = Tally()
        out.counts, self.counts = self.counts, out.counts
        return out

    def merge(self, other: Tally) -> None:
        """Adds another tally's counts (an event's, kept aside until its outputs were known to fit)."""
        for what, counts in enumerate(other.counts):
            for key, n in counts.items():
                self.add(what, key, n)

    # -- the core's entry points (each inlines `add`: they run several times per event) --------------------
    def event(self, type: str, outcome: str) -> None:
        d = self.counts[Count.EVENTS]
        k: Key = (type, outcome)  # boxed once: a fixed tuple stays native until used, and is boxed anew at each use
        d[k] = d.get(k, 0) + 1

    def messages_seen(self, dialect: str, n: int) -> None:
        d = self.counts[Count.MESSAGES]
        k: Key = (dialect,)
        d[k] = d.get(k, 0) + n

    def tool_call(self, dialect: str, model: str | None, tool: str) -> None:
        d = self.counts[Count.TOOL_CALLS]
        k: Key = (dialect, model, tool)
        d[k] = d.get(k, 0) + 1

    # (`_value_`: an enum member's str as an attribute read; `.value` is a property run in Python)
    def finding(self, f: Finding, dialect: str, model: str | None, app_version: str | None) -> None:
        reason = f.reason._value_ if f.reason is not None else None
        self.add(Count.FINDINGS, (f.kind._value_, f.severity._value_, dialect, reason, f.tool, model, app_version))

    def action(self, a: Action) -> None:
        d = self.counts[Count.REPAIRS]
        k: Key = (a.action._value_,)
        d[k] = d.get(k, 0) + 1

    def dead_letter(self, kind: str) -> None:
        self.add(Count.DEAD_LETTERS, (kind,))

    def assistant_turn(self, outcome: str, model: str | None, app_version: str | None) -> None:
        d = self.counts[Count.TURNS_AFTER_TOOL]
        k: Key = (outcome, model, app_version)
        d[k] = d.get(k, 0) + 1

    def state_woken(self) -> None:
        d = self.counts[Count.WOKEN]
        d[()] = d.get((), 0) + 1

    def conversation_quarantined(self) -> None:
        self.add(Count.QUARANTINED, ())

    def tool_result(self, tool: str, outcome: str) -> None:
        d = self.counts[Count.TOOL_RESULTS]
        k: Key = (tool, outcome)
        d[k] = d.get(k, 0) + 1

    def tool_retry(self, tool: str, kind: str) -> None:
        self.add(Count.TOOL_RETRIES, (tool, kind))

    def tool_run(self, tool: str, outcome: str, duration_ms: int, input_tokens: int | None,
                 output_tokens: int | None) -> None:
        """One tool run (span), at its event time: its duration and the tokens it reported."""
        b = 0
        s = duration_ms / 1000
        n = len(DURATION_BOUNDS)
        while b < n and s > DURATION_BOUNDS[b]:
            b += 1
        self.add(Count.TOOL_RUNS, (tool, outcome, str(b)))
        self.add(Count.TOOL_RUN_MS, (tool, outcome), duration_ms)
        if input_tokens:
            self.add(Count.TOOL_TOKENS, (tool, outcome, "input"), input_tokens)
        if output_tokens:
            self.add(Count.TOOL_TOKENS, (tool, outcome, "output"), output_tokens)

    def tool_span(self, join: str, n: int = 1) -> None:
        self.add(Count.TOOL_SPANS, (join,), n)


__all__ = ["DURATION_BOUNDS", "KEYS", "Count", "Key", "Tally"]
