"""Where the core reports what it counted: the `Observer` protocol the shell implements (metrics), a null one, and
a recorder that keeps one event's reports aside until the event is known to stand."""

from __future__ import annotations

from typing import Any, Protocol

from .findings import Action, Finding


class Observer(Protocol):
    """Where the shell counts things (metrics). The core only calls it."""

    def event(self, type: str, outcome: str) -> None: ...
    def messages_seen(self, dialect: str, n: int) -> None: ...
    def tool_call(self, dialect: str, model: str | None, tool: str) -> None: ...
    def finding(self, f: Finding, dialect: str, model: str | None, app_version: str | None) -> None: ...
    def action(self, a: Action) -> None: ...
    def dead_letter(self, kind: str) -> None: ...
    def assistant_turn(self, outcome: str, model: str | None, app_version: str | None) -> None: ...
    def state_woken(self) -> None: ...
    def conversation_quarantined(self) -> None: ...


class NullObserver:
    def event(self, type: str, outcome: str) -> None: pass
    def messages_seen(self, dialect: str, n: int) -> None: pass
    def tool_call(self, dialect: str, model: str | None, tool: str) -> None: pass
    def finding(self, f: Finding, dialect: str, model: str | None, app_version: str | None) -> None: pass
    def action(self, a: Action) -> None: pass
    def dead_letter(self, kind: str) -> None: pass
    def assistant_turn(self, outcome: str, model: str | None, app_version: str | None) -> None: pass
    def state_woken(self) -> None: pass
    def conversation_quarantined(self) -> None: pass


class Recorder:
    """Keeps an event's observer calls aside until its outputs are known to fit (then replayed, else dropped)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def event(self, type: str, outcome: str) -> None: self.calls.append(("event", (type, outcome)))
    def messages_seen(self, dialect: str, n: int) -> None: self.calls.append(("messages_seen", (dialect, n)))
    def tool_call(self, dialect: str, model: str | None, tool: str) -> None:
        self.calls.append(("tool_call", (dialect, model, tool)))
    def finding(self, f: Finding, dialect: str, model: str | None, app_version: str | None) -> None:
        self.calls.append(("finding", (f, dialect, model, app_version)))
    def action(self, a: Action) -> None: self.calls.append(("action", (a,)))
    def dead_letter(self, kind: str) -> None: self.calls.append(("dead_letter", (kind,)))
    def assistant_turn(self, outcome: str, model: str | None, app_version: str | None) -> None:
        self.calls.append(("assistant_turn", (outcome, model, app_version)))
    def state_woken(self) -> None: self.calls.append(("state_woken", ()))
    def conversation_quarantined(self) -> None: self.calls.append(("conversation_quarantined", ()))

    def replay(self, obs: Observer) -> None:
        for name, args in self.calls:
            getattr(obs, name)(*args)


__all__ = ["NullObserver", "Observer", "Recorder"]
