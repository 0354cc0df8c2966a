"""What the core counts, and the one observer it reports to: a `Tally` the shell drains once per batch.

`Count` and `KEYS` are the one list of what is counted (each count and the fields it is keyed by). The `Tally`
keeps those counts as dict increments: calling Prometheus client code for every event costs microseconds per
call, several calls per event; a dict increment costs a tenth of that. This module knows nothing of metric names,
label caps or Prometheus: `processor/shell/metrics.py` maps each count to its series.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from .findings import Action, Finding

Key = tuple[str | None, ...]


class Count(IntEnum):
    """What the core counts; also the order the shell drains them in (which decides which capped label values a
    batch admits first)."""

    EVENTS = 0
    MESSAGES = 1
    TOOL_CALLS = 2
    FINDINGS = 3
    REPAIRS = 4
    DEAD_LETTERS = 5
    TURNS_AFTER_TOOL = 6
    WOKEN = 7
    QUARANTINED = 8


KEYS: Final[dict[Count, tuple[str, ...]]] = {
    Count.EVENTS: ("type", "outcome"),  # every input event
    Count.MESSAGES: ("dialect",),  # native messages tracked
    Count.TOOL_CALLS: ("dialect", "model", "tool"),
    Count.FINDINGS: ("kind", "severity", "dialect", "reason", "tool", "model", "app_version"),
    Count.REPAIRS: ("action",),  # repair actions applied
    Count.DEAD_LETTERS: ("kind",),
    Count.TURNS_AFTER_TOOL: ("outcome", "model", "app_version"),  # assistant turns after the first tool use
    Count.WOKEN: (),  # conversations woken from their stored form
    Count.QUARANTINED: (),  # conversations whose state broke
}


class Tally:
    """Counts by `Count` and key, in the order each key was first seen. The named methods are the core's entry
    points, one per `Count`; `take()` hands what was counted to the shell."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: list[dict[Key, int]] = [{} for _ in Count]

    def add(self, what: Count, key: Key, n: int = 1) -> None:
        d = self.counts[what]
        d[key] = d.get(key, 0) + n

    def of(self, what: Count) -> dict[Key, int]:
        return self.counts[what]

    def take(self) -> Tally:
        """What was counted since the last call; this tally starts afresh."""
        out = Tally()
        out.counts, self.counts = self.counts, out.counts
        return out

    def merge(self, other: Tally) -> None:
        """Adds another tally's counts (an event's, kept aside until its outputs were known to fit)."""
        for what in Count:
            for key, n in other.counts[what].items():
                self.add(what, key, n)

    # -- the core's entry points --------------------------------------------------------------------------
    def event(self, type: str, outcome: str) -> None:
        self.add(Count.EVENTS, (type, outcome))

    def messages_seen(self, dialect: str, n: int) -> None:
        self.add(Count.MESSAGES, (dialect,), n)

    def tool_call(self, dialect: str, model: str | None, tool: str) -> None:
        self.add(Count.TOOL_CALLS, (dialect, model, tool))

    def finding(self, f: Finding, dialect: str, model: str | None, app_version: str | None) -> None:
        reason = f.reason.value if f.reason is not None else None
        self.add(Count.FINDINGS, (f.kind.value, f.severity.value, dialect, reason, f.tool, model, app_version))

    def action(self, a: Action) -> None:
        self.add(Count.REPAIRS, (a.action.value,))

    def dead_letter(self, kind: str) -> None:
        self.add(Count.DEAD_LETTERS, (kind,))

    def assistant_turn(self, outcome: str, model: str | None, app_version: str | None) -> None:
        self.add(Count.TURNS_AFTER_TOOL, (outcome, model, app_version))

    def state_woken(self) -> None:
        self.add(Count.WOKEN, ())

    def conversation_quarantined(self) -> None:
        self.add(Count.QUARANTINED, ())


__all__ = ["KEYS", "Count", "Key", "Tally"]
