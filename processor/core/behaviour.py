"""Behavioural signals of one conversation: text-only-after-tool turns and tool-history erasures.

It adapts neutral views to the two detectors (`regression`, `erasure`): an assistant turn is every assistant
message between two non-assistant messages (a turn may span several items), decided when the next
non-assistant message arrives or the conversation ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .dialects.base import Dialect
from .erasure import ErasureTracker, user_key
from .findings import Finding, FindingKind
from .model import Role, View
from .regression import AssistantTurn, RegressionDetector
from .tracker import Step

RESULT_TEXT = 2000  # what the regression detector reads of a message's tool results (it keeps snippets)


PENDING_TEXT = 512  # what a pending (multi-item) assistant turn keeps of its text, in memory and in state


class TurnObserver(Protocol):
    def assistant_turn(self, outcome: str, model: str | None, app_version: str | None) -> None: ...


class Behaviour:
    __slots__ = ("erasure", "last_user", "pending", "regression", "replayed")

    def __init__(self, regression: RegressionDetector | None = None, erasure: ErasureTracker | None = None) -> None:
        self.regression = regression if regression is not None else RegressionDetector()
        self.erasure = erasure if erasure is not None else ErasureTracker()
        self.last_user: str | None = None  # fingerprint of the last user text: the request that led to calls
        self.pending: list[Any] | None = None  # [first index, text, tools] of the assistant turn in progress
        # batch with earlier snapshots: user requests those already held (their turns were judged there)
        self.replayed: set[str] = set()

    def on_message(self, step: Step, msg: Any, index: int, adapter: Dialect, obs: TurnObserver | None,
                   model: str | None, app_version: str | None) -> list[Finding]:
        view = step.view
        if view is None:
            return []
        return self.observe(view, step.calls, msg, index, adapter, obs, model, app_version)

    def learn_history(self, messages: Sequence[Any], adapter: Dialect) -> None:
        """An earlier snapshot of the conversation (batch): learn its tool use, report nothing from it."""
        for i, m in enumerate(messages):
            try:
                v = adapter.view(m)
            except ValueError:
                continue
            calls = [(c.id, c.name) for c in v.calls if not c.malformed]
            self.observe(v, calls, m, i, adapter, None, None, None)
            if v.role is Role.USER and v.has_text and not v.results:
                self.replayed.add(user_key(adapter.text_of(m)))
        self.flush(None, None, None)

    def observe(self, view: View, calls: Sequence[tuple[str | None, str]], msg: Any, index: int, adapter: Dialect,
                obs: TurnObserver | None, model: str | None, app_version: str | None) -> list[Finding]:
        role = view.role
        out: list[Finding] = []
        if role is Role.ASSISTANT:
            tools = [c.name for c in view.calls if not c.malformed] if view.calls else []
            if calls:
                on_call = self.erasure.on_call
                for cid, tool in calls:
                    if cid is not None:
                        on_call(cid, tool, self.last_user)
            if self.pending is None and not adapter.turn_spans_items:
                # one message is the whole model turn, decided at once (what flush below does with it); its text
                # is read only if the detector will look at it
                reg = self.regression
                text = adapter.text_of(msg)[:PENDING_TEXT] if view.has_text and reg.judges_text(tools) else ""
                return self._decide(reg.on_assistant(index, text, tools), obs, model, app_version)
            text = adapter.text_of(msg) if view.has_text else ""
            if self.pending is None:
                self.pending = [index, text[:PENDING_TEXT], tools]
            else:
                if text:
                    self.pending[1] = (self.pending[1] + "\n" + text)[:PENDING_TEXT]
                self.pending[2] = self.pending[2] + tools
            if not adapter.turn_spans_items:
                # one message is the whole model turn (text and calls together): decide it now, so the last turn
                # of a conversation that never ends is judged too. A turn spanning several items
                # waits for the next non-model item.
                out.extend(self.flush(obs, model, app_version))
            return out
        if role is Role.REASONING or role is Role.OTHER or role is Role.INVALID:
            return out
        out.extend(self.flush(obs, model, app_version))
        if role is Role.TOOL or (role is Role.USER and view.results):
            # a results turn (even with a line of user text beside the results) is answered by the model's
            # final answer, which is no regression; its text still leads the calls that may follow
            self.regression.on_tool_result(index, None, adapter.result_text(msg)[:RESULT_TEXT])
            if view.has_text:
                text = adapter.text_of(msg)
                if text:
                    self.last_user = user_key(text)
        elif role is Role.USER and view.has_text:
            text = adapter.text_of(msg)
            self.regression.on_user(index, text)
            self.last_user = user_key(text)
        return out

    def flush(self, obs: TurnObserver | None, model: str | None, app_version: str | None) -> list[Finding]:
        """Decide the assistant turn in progress (the next message arrived, or the conversation ended)."""
        p = self.pending
        if p is None:
            return []
        self.pending = None
        return self._decide(self.regression.on_assistant(p[0], p[1], p[2]), obs, model, app_version)

    def _decide(self, turn: AssistantTurn | None, obs: TurnObserver | None, model: str | None,
                app_version: str | None) -> list[Finding]:
        if turn is None:
            return []
        if turn.after_first_tool_use and obs is not None:
            obs.assistant_turn(turn.outcome, model, app_version)
        if turn.expected_tool is not None and self.last_user not in self.replayed:
            return [Finding(FindingKind.TEXT_ONLY_REGRESSION, turn.index, None, turn.expected_tool, None,
                            turn.detail)]
        return []

    def on_snapshot(self, messages: Sequence[Any], adapter: Dialect, snapshot_no: int,
                    views: Sequence[View | None] | None = None) -> list[Finding]:
        """A `request` snapshot: which earlier tool calls vanished while their user message is still there.

        `views`: the adapter's views of the messages, if already at hand (one per message, in order)."""
        calls: dict[str, str] = {}
        keys: set[str] = set()
        call_user: dict[str, str | None] = {}
        last: str | None = None
        for i, m in enumerate(messages):
            v = views[i] if views is not None else None
            if v is None:
                try:
                    v = adapter.view(m)
                except ValueError:
                    continue
            if v.role is Role.USER and v.has_text:
                last = user_key(adapter.text_of(m))
                keys.add(last)
            for c in v.calls:
                if c.id is not None and not c.malformed:
                    calls[c.id] = c.name
                    call_user[c.id] = last
        for cid, tool in calls.items():
            self.erasure.on_call(cid, tool, call_user[cid])
        erased = self.erasure.on_snapshot(calls, keys, snapshot_no)
        return [Finding(FindingKind.TOOL_HISTORY_ERASED, None, e.call_id, e.tool, None,
                        f"tool call missing from snapshot {e.snapshot_index}")
                for e in erased]

    def to_state(self) -> dict[str, Any]:
        st: dict[str, Any] = {"r": self.regression.to_state(), "e": self.erasure.to_state()}
        if self.last_user is not None:
            st["u"] = self.last_user
        if self.pending is not None:
            st["p"] = self.pending
        return st

    @classmethod
    def from_state(cls, st: Mapping[str, Any]) -> Behaviour:
        # built from its parts (not cls.__new__: mypyc-compiled classes have no __new__ to call)
        b = cls(RegressionDetector.from_state(st["r"]), ErasureTracker.from_state(st["e"]))
        b.last_user = st.get("u")
        b.pending = st.get("p")
        b.replayed = set()  # batch-only (earlier snapshots of one repair() call): never in a stream's state
        return b


__all__ = ["Behaviour"]
