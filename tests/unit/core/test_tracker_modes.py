"""The tracker's mode table (`core/tracker.py`, TRANSITIONS) checked against the tracker itself.

Generated histories (every dialect, both strategies, with and without event time, several graces) are fed one
message at a time; every move of the open block's mode must be one the table lists, and every row of the table
must be met. The held blocks follow the rules of the module's header: a feed holds at most one more block, only
when a block closes and a grace is set; `release_held` and `finish` leave nothing held.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tests.strategies as S
from processor import RepairConfig, Tracker
from processor.core.findings import RepairAction
from processor.core.model import Role, View
from processor.core.tracker import TRANSITIONS, Input, Mode, is_transition_valid

_CLOSERS = {Input.CALLS, Input.MODEL, Input.REASONING, Input.USER, Input.SYSTEM}


def given_as(view: View | None, removed: bool) -> Input:
    """The table's name for what was fed."""
    assert view is not None
    r = view.role
    if r is Role.TOOL or (r is Role.USER and view.results and not view.has_text):
        return Input.RESULTS
    if removed:
        return Input.REMOVED
    if r is Role.ASSISTANT:
        return Input.CALLS if view.calls else Input.MODEL
    if r is Role.REASONING:
        return Input.REASONING
    if r is Role.USER:
        return Input.USER
    if r is Role.SYSTEM:
        return Input.SYSTEM
    return Input.OTHER


def drive(dialect: str, strategy: str, messages: list[Any], ts: list[int] | None, grace: int, release: bool,
          seen: set[tuple[Mode, Input, Mode]]) -> None:
    t = Tracker(dialect, RepairConfig(strategy=strategy, late_result_grace_ms=grace, max_held_messages=8))

    def check(before: Mode, given: Input, held: int) -> None:
        after = t.mode
        assert is_transition_valid(before, given, after), (before, given, after)
        seen.add((before, given, after))
        if given in _CLOSERS and grace > 0:
            assert t.held_blocks <= held + 1
        else:
            assert t.held_blocks <= held, given

    for i, m in enumerate(messages):
        if ts is not None and i % 3 == 2:
            before, held = t.mode, t.held_blocks
            t.advance(ts[i] + 1_000)
            check(before, Input.ADVANCE, held)
        before, held = t.mode, t.held_blocks
        step = t.feed(m, ts=ts[i] if ts is not None else None)
        removed = any(a.action is RepairAction.DROP_MESSAGE and a.index == i for a in step.actions)
        check(before, given_as(step.view, removed), held)
    if release:
        t.release_held()
        assert t.held_blocks == 0
    before = t.mode
    t.finish()
    check(before, Input.FINISH, 0)
    assert t.mode is Mode.IDLE and t.held_blocks == 0 and t.open_calls == 0


def test_every_mode_change_is_in_the_table() -> None:
    seen: set[tuple[Mode, Input, Mode]] = set()
    for dialect in S.DIALECT_NAMES:
        for strategy in ("fill", "drop"):

            @settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
            @given(S.histories(dialect, reuse=True).flatmap(lambda h: S.timestamps(len(h[1])).map(lambda ts: (h, ts))),
                   st.booleans(), st.sampled_from([0, 5_000, 30_000]), st.booleans())
            def prop(hts: Any, use_ts: bool, grace: int, release: bool) -> None:
                (_, messages), ts = hts
                drive(dialect, strategy, messages, ts if use_ts else None, grace, release, seen)  # noqa: B023

            prop()
    # the rows generated histories rarely meet: a system message, a removed message, an invalid role and an
    # unknown item type inside an open, a holding and an answered block
    probes = [S.chat_system(), {"role": "user", "content": ""}, {"role": "bogus", "content": "x"}]
    for strategy in ("fill", "drop"):
        for prefix in ([S.chat_calls("a")], [S.chat_calls("a"), S.chat_tool("a")]):
            for probe in probes:
                drive("openai_chat", strategy, [S.chat_user("q"), *prefix, probe], None, 0, False, seen)
        drive("openai_responses", strategy, [S.resp_user("q"), S.resp_call("c1"), {"type": "web_search_call"}],
              None, 0, False, seen)
        answered = [S.resp_user("q"), S.resp_call("c1"), S.resp_output("c1")]
        drive("openai_responses", strategy, [*answered, S.resp_reasoning()], None, 0, False, seen)
        drive("openai_responses", strategy, [*answered, S.resp_call("c2")], None, 0, False, seen)
    rows = {(m, i) for m, i, _ in seen}
    assert rows == {(m, i) for m, by_input in TRANSITIONS.items() for i in by_input}, "a row of the table is never met"


def test_the_table_names_every_mode_and_input() -> None:
    assert set(TRANSITIONS) == set(Mode)
    for by_input in TRANSITIONS.values():
        assert set(by_input) == set(Input)
    assert not is_transition_valid(Mode.IDLE, Input.RESULTS, Mode.OPEN)  # a result opens nothing
    assert TRANSITIONS[Mode.OPEN][Input.FINISH] == {Mode.IDLE}


def test_mode_follows_a_block_through_its_life() -> None:
    t = Tracker("openai_chat", RepairConfig(strategy="fill"))
    assert t.mode is Mode.IDLE
    t.feed(S.chat_user("q"))
    t.feed(S.chat_calls("a", "b"))
    assert t.mode is Mode.OPEN
    t.feed(S.chat_tool("a"))
    assert t.mode is Mode.OPEN
    t.feed(S.chat_tool("b"))
    assert t.mode is Mode.ANSWERED
    t.feed(S.chat_asst("done"))
    assert t.mode is Mode.IDLE
    d = Tracker("openai_chat", RepairConfig(strategy="drop"))
    d.feed(S.chat_calls("a"))
    assert d.mode is Mode.HOLDING  # drop: the call turn is held so that the call can still be removed
    d.feed(S.chat_user("never mind"))
    assert d.mode is Mode.IDLE and d.held_blocks == 1  # closed unanswered by a user turn: waits for late results
    d.finish()
    assert d.held_blocks == 0
