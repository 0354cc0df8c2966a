"""The incremental tracker: what each feed emits, dangling reasons (incl. timeout, end, eviction), state."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

import processor
from processor import DanglingReason, RepairConfig, Step, Templates, Tracker
from processor.core.tracker import Emitted
from tests.strategies import (
    ant_asst,
    ant_result,
    ant_text,
    ant_use,
    ant_user,
    chat_asst,
    chat_calls,
    chat_tool,
    chat_user,
    gem_calls,
    gem_model,
    gem_resps,
    gem_user,
    resp_asst,
    resp_call,
    resp_output,
    resp_reasoning,
    resp_user,
)
from tests.support.oracle import validate

pytestmark = pytest.mark.library  # needs the core's dependencies only (tests/run.sh stack)

R = DanglingReason


def fk(findings: list[Any]) -> list[tuple[Any, ...]]:
    """Findings as (kind, index, call_id, tool, reason) tuples."""
    return [(f.kind.value, f.index, f.call_id, f.tool, f.reason.value if f.reason else None) for f in findings]


class Run:
    """Collects what a tracker emitted over several steps."""

    def __init__(self) -> None:
        self.emitted: list[Emitted] = []
        self.findings: list[Any] = []
        self.actions: list[Any] = []

    def add(self, step: Step) -> Step:
        self.emitted.extend(step.messages)
        self.findings.extend(step.findings)
        self.actions.extend(step.actions)
        return step

    @property
    def messages(self) -> list[Any]:
        return [e.message for e in self.emitted]


def feed_all(t: Tracker, msgs: list[Any], run: Run | None = None, start: int = 0,
             ts: list[int | None] | None = None) -> Run:
    run = run or Run()
    for i, m in enumerate(msgs):
        run.add(t.feed(m, tag=f"t{start + i}", ts=None if ts is None else ts[i]))
    return run


# ----------------------------------------------------------------------------------------------------
# what each feed emits


def test_fill_emits_each_message_as_soon_as_it_is_final() -> None:
    t = Tracker("openai_chat", RepairConfig(late_result_grace_ms=0))  # no grace: a closed block is decided at once
    s = t.feed(chat_user("weather?"), tag="u")
    assert [(e.tag, e.index) for e in s.messages] == [("u", 0)]
    s = t.feed(chat_calls("a", ("b", "search")), tag="c")
    assert [e.index for e in s.messages] == [1]  # fill: the call message is final at once
    assert s.calls == [("a", "get_weather"), ("b", "search")]
    assert t.open_calls == 2
    s = t.feed(chat_tool("b"), tag="rb")
    assert [e.index for e in s.messages] == [2] and s.findings == []
    assert t.open_calls == 1
    s = t.feed(chat_user("stop"), tag="u2")
    assert [(e.index, e.synthesized, e.tag) for e in s.messages] == [(-1, True, "u2"), (3, False, "u2")]
    assert s.messages[0].message == {"role": "tool", "tool_call_id": "a", "content": (
        "Tool call a (get_weather) was cancelled: the user sent a new message before it finished. "
        "No result is available.")}
    assert fk(s.findings) == [
        ("dangling_tool_call", 1, "a", "get_weather", "user_interrupt"),
        ("partial_parallel_results", 1, None, None, None),
    ]
    assert [a.action.value for a in s.actions] == ["synthesize_result"]
    assert t.open_calls == 0


def test_drop_holds_the_block_until_it_closes() -> None:
    t = Tracker("openai_chat", RepairConfig(strategy="drop", late_result_grace_ms=0))
    assert [e.index for e in t.feed(chat_user()).messages] == [0]
    s = t.feed(chat_calls("a", "b", content="Let me check."))
    assert s.messages == [] and s.calls == [("a", "get_weather"), ("b", "get_weather")]
    assert t.feed(chat_tool("a")).messages == []
    s = t.feed(chat_asst("Done."))
    assert [(e.index, e.modified) for e in s.messages] == [(1, True), (2, False), (3, False)]
    assert s.messages[0].message["tool_calls"] == [chat_calls("a")["tool_calls"][0]]
    assert fk(s.findings) == [
        ("dangling_tool_call", 1, "b", "get_weather", "assistant_continued"),
        ("partial_parallel_results", 1, None, None, None),
    ]
    assert [(a.action.value, a.index, a.call_id) for a in s.actions] == [("drop_call", 1, "b")]


def test_drop_releases_a_fully_answered_block_with_its_last_result() -> None:
    t = Tracker("openai_chat", RepairConfig(strategy="drop"))
    t.feed(chat_user())
    assert t.feed(chat_calls("a", "b")).messages == []
    assert t.feed(chat_tool("b")).messages == []
    s = t.feed(chat_tool("a"))
    assert [(e.index, e.modified, e.synthesized) for e in s.messages] == [(1, False, False), (2, False, False),
                                                                          (3, False, False)]


def test_block_dialect_holds_a_partial_results_turn() -> None:
    t = Tracker("anthropic")
    t.feed(ant_user("go"))
    t.feed(ant_asst(ant_use("t1"), ant_use("t2")))
    s = t.feed(ant_user(ant_result("t1")))
    assert s.messages == []  # held: t2 may still be answered in the next results-only turn
    s = t.feed(ant_user(ant_result("t2")))
    assert [(e.index, e.modified) for e in s.messages] == [(2, True)]
    assert s.messages[0].message == ant_user(ant_result("t1"), ant_result("t2"))
    assert fk(s.findings) == [("partial_parallel_results", 1, None, None, None)]
    assert [(a.action.value, a.index) for a in s.actions] == [("merge_results", 3), ("drop_message", 3)]


def test_gemini_calls_without_ids_are_reported_without_ids() -> None:
    t = Tracker("gemini")
    t.feed(gem_user())
    s = t.feed(gem_calls("search", "search", "fetch#f1"))
    assert s.calls == [(None, "search"), (None, "search"), ("f1", "fetch")]
    t.feed(gem_resps("search"))
    s = t.finish()
    assert fk(s.findings) == [
        ("dangling_tool_call", 1, None, "search", "unanswered_at_request"),
        ("dangling_tool_call", 1, "f1", "fetch", "unanswered_at_request"),
        ("partial_parallel_results", 1, None, None, None),
    ]


def test_responses_reasoning_and_calls_before_any_output_are_one_block() -> None:
    t = Tracker("openai_responses")
    run = feed_all(t, [resp_user(), resp_reasoning(1), resp_call("c1"), resp_reasoning(2), resp_call("c2"),
                       resp_output("c2"), resp_output("c1"), resp_asst("done")])
    run.add(t.finish())
    assert run.findings == [] and run.actions == []
    # an output ends the model turn: a call after it opens a new block, the old one closed cleanly
    t = Tracker("openai_responses")
    run = feed_all(t, [resp_user(), resp_call("c1"), resp_output("c1"), resp_call("c2"), resp_asst("x")])
    run.add(t.finish())
    assert fk(run.findings) == [("dangling_tool_call", 3, "c2", "get_weather", "assistant_continued")]


def test_invalid_role_passes_through_without_touching_the_block() -> None:
    t = Tracker("openai_chat")
    run = feed_all(t, [chat_user(), chat_calls("a"), {"role": "critic", "content": "hm"}, chat_tool("a")])
    run.add(t.finish())
    assert fk(run.findings) == [("invalid_role", 2, None, None, None)]
    assert run.actions == []
    assert [e.index for e in run.emitted] == [0, 1, 2, 3]


def test_tags_and_input_indices_follow_their_messages() -> None:
    t = Tracker("anthropic")
    run = feed_all(t, [ant_user("go"), ant_asst(ant_use("t1")), ant_user(ant_text("hm"), ant_result("t1")),
                       ant_asst("ok")])
    assert [(e.index, e.tag, e.modified, e.synthesized) for e in run.emitted] == [
        (0, "t0", False, False), (1, "t1", False, False), (2, "t2", True, False), (3, "t3", False, False)]


# ----------------------------------------------------------------------------------------------------
# dangling reasons, in every dialect

OPENERS: dict[str, list[Any]] = {
    "openai_chat": [chat_user("book it"), chat_calls(("c1", "book_flight"))],
    "anthropic": [ant_user("book it"), ant_asst(ant_use("c1", "book_flight"))],
    "openai_responses": [resp_user("book it"), resp_call("c1", "book_flight")],
    "gemini": [gem_user("book it"), gem_calls("book_flight#c1")],
}
USER = {"openai_chat": chat_user("never mind"), "anthropic": ant_user("never mind"),
        "openai_responses": resp_user("never mind"), "gemini": gem_user("never mind")}
ASSISTANT = {"openai_chat": chat_asst("moving on"), "anthropic": ant_asst("moving on"),
             "openai_responses": resp_asst("moving on"), "gemini": gem_model("moving on")}

TEXT = {
    R.USER_INTERRUPT: "Tool call c1 (book_flight) was cancelled: the user sent a new message before it finished. "
                      "No result is available.",
    R.ASSISTANT_CONTINUED: "Tool call c1 (book_flight) returned no result: the conversation continued without it.",
    R.TIMEOUT: "Tool call c1 (book_flight) timed out: no result arrived in time.",
    R.CONVERSATION_END: "Tool call c1 (book_flight) has no result: the conversation ended before it finished.",
    R.EVICTED: "Tool call c1 (book_flight) has no recorded result (conversation state expired).",
    R.UNANSWERED_AT_REQUEST: "Tool call c1 (book_flight) has no result in this history.",
}


def synthesized_text(dialect: str, messages: list[Any]) -> list[str]:
    """The text of every tool result in `messages` (synthesized ones carry the reason's wording)."""
    out = []
    for m in messages:
        if dialect == "openai_chat" and m.get("role") == "tool":
            out.append(m["content"])
        elif dialect == "openai_responses" and m.get("type", "").endswith("_output"):
            out.append(m["output"])
        elif dialect == "anthropic" and isinstance(m.get("content"), list):
            for b in m["content"]:
                if b.get("type") == "tool_result":
                    assert b["is_error"] is True
                    out.append(b["content"])
        elif dialect == "gemini":
            for p in m.get("parts", []):
                if "functionResponse" in p:
                    out.append(p["functionResponse"]["response"]["error"])
    return out


def close_with(dialect: str, reason: DanglingReason, config: RepairConfig) -> tuple[Tracker, Run]:
    t = Tracker(dialect, config)
    run = feed_all(t, OPENERS[dialect], ts=[1_000, 2_000])
    assert run.findings == []
    if reason is R.USER_INTERRUPT:
        run.add(t.feed(USER[dialect], ts=3_000))
        run.add(t.advance(3_000 + config.late_result_grace_ms))  # held for late results until the grace ends
    elif reason is R.ASSISTANT_CONTINUED:
        run.add(t.feed(ASSISTANT[dialect], ts=3_000))
        run.add(t.advance(3_000 + config.late_result_grace_ms))
    elif reason is R.TIMEOUT:
        run.add(t.advance(2_000 + config.tool_result_timeout_ms))
    else:
        run.add(t.finish(reason))
    return t, run


REASONS = [r for r in R if r is not R.INVALID_ARGUMENTS]  # that one depends on the call, not on what closed it


@pytest.mark.parametrize("dialect", sorted(OPENERS))
@pytest.mark.parametrize("reason", REASONS)
def test_each_dangling_reason_fill(dialect: str, reason: DanglingReason) -> None:
    t, run = close_with(dialect, reason, RepairConfig())
    assert fk(run.findings) == [("dangling_tool_call", 1, "c1", "book_flight", reason.value)]
    assert [(a.action.value, a.call_id, a.reason) for a in run.actions] == [("synthesize_result", "c1", reason)]
    assert synthesized_text(dialect, run.messages) == [TEXT[reason]]
    assert t.open_calls == 0
    assert [e.index for e in run.emitted if e.synthesized] in ([-1], [])
    if reason is R.USER_INTERRUPT and dialect in ("anthropic", "gemini"):
        # block dialects put the result into the user turn that closed the block, before its text
        assert len(run.messages) == 3 and run.emitted[2].modified
    else:
        assert len(run.messages) == len(OPENERS[dialect]) + 1 + (reason in (R.USER_INTERRUPT,
                                                                             R.ASSISTANT_CONTINUED))
    # valid for the provider
    assert validate(run.messages, dialect) == []  # type: ignore[arg-type]


@pytest.mark.parametrize("dialect", sorted(OPENERS))
@pytest.mark.parametrize("reason", REASONS)
def test_each_dangling_reason_drop(dialect: str, reason: DanglingReason) -> None:
    _, run = close_with(dialect, reason, RepairConfig(strategy="drop"))
    assert fk(run.findings) == [("dangling_tool_call", 1, "c1", "book_flight", reason.value)]
    assert [(a.action.value, a.index) for a in run.actions] == [("drop_call", 1), ("drop_message", 1)]
    assert run.messages[0] == OPENERS[dialect][0]
    assert synthesized_text(dialect, run.messages) == []
    assert len(run.messages) == 1 + (reason in (R.USER_INTERRUPT, R.ASSISTANT_CONTINUED))


def test_timeout_fires_exactly_at_the_deadline_and_only_with_event_time() -> None:
    cfg = RepairConfig(tool_result_timeout_ms=1_000)
    t = Tracker("openai_chat", cfg)
    t.feed(chat_user(), ts=10)
    t.feed(chat_calls("a"), ts=100)
    assert t.open_since == 100
    s = t.advance(1_099)
    assert s.messages == [] and s.findings == [] and t.open_calls == 1
    s = t.advance(1_100)
    assert fk(s.findings) == [("dangling_tool_call", 1, "a", "get_weather", "timeout")]
    assert [e.synthesized for e in s.messages] == [True]
    assert t.open_calls == 0 and t.open_since is None
    assert t.advance(10_000).findings == []
    # the result that arrives after the timeout is late; no user message sat in between
    s = t.feed(chat_tool("a"), ts=5_000)
    assert fk(s.findings) == [("late_tool_result", 2, "a", "get_weather", None)]
    assert s.messages == []
    # without event time there is no timeout
    t = Tracker("openai_chat", cfg)
    t.feed(chat_calls("a"))
    assert t.advance(10**12).findings == [] and t.open_calls == 1


def test_timeout_uses_the_time_of_the_block_and_not_of_the_results() -> None:
    t = Tracker("openai_chat", RepairConfig(tool_result_timeout_ms=1_000))
    t.feed(chat_calls("a", "b"), ts=0)
    t.feed(chat_tool("a"), ts=900)
    s = t.advance(1_000)
    assert fk(s.findings) == [("dangling_tool_call", 0, "b", "get_weather", "timeout"),
                              ("partial_parallel_results", 0, None, None, None)]


@pytest.mark.parametrize("dialect", sorted(OPENERS))
def test_non_idempotent_tool_timeout_says_outcome_unknown(dialect: str) -> None:
    cfg = RepairConfig(templates=Templates(non_idempotent_tools=frozenset({"book_flight"})))
    _, run = close_with(dialect, R.TIMEOUT, cfg)
    [text] = synthesized_text(dialect, run.messages)
    assert "UNKNOWN" in text and "c1" in text and "book_flight" in text
    assert "before any retry" in text
    # other reasons keep their ordinary wording, even for a non-idempotent tool
    _, run = close_with(dialect, R.USER_INTERRUPT, cfg)
    assert synthesized_text(dialect, run.messages) == [TEXT[R.USER_INTERRUPT]]


def test_idempotent_tool_timeout_keeps_the_plain_wording() -> None:
    cfg = RepairConfig(templates=Templates(non_idempotent_tools=frozenset({"send_email"})))
    _, run = close_with("openai_chat", R.TIMEOUT, cfg)
    assert synthesized_text("openai_chat", run.messages) == [TEXT[R.TIMEOUT]]


def test_finish_without_open_block_does_nothing_and_finish_is_repeatable() -> None:
    t = Tracker("openai_chat")
    feed_all(t, [chat_user(), chat_asst()])
    s = t.finish(R.CONVERSATION_END)
    assert s.messages == [] and s.findings == [] and s.actions == []
    t.feed(chat_calls("a"))
    assert fk(t.finish(R.EVICTED).findings) == [("dangling_tool_call", 2, "a", "get_weather", "evicted")]
    assert t.finish().findings == []


def test_late_result_after_the_window_is_an_orphan() -> None:
    t = Tracker("openai_chat", RepairConfig(recent_window=2, late_result_grace_ms=0))
    run = feed_all(t, [chat_user(), chat_calls("a"), chat_user("stop"),
                       chat_calls("b"), chat_tool("b"), chat_calls("c"), chat_tool("c"), chat_asst(),
                       chat_tool("a")])
    assert fk(run.findings)[-1] == ("orphan_tool_result", 8, "a", None, None)
    t = Tracker("openai_chat", RepairConfig(recent_window=3, late_result_grace_ms=0))
    run = feed_all(t, [chat_user(), chat_calls("a"), chat_user("stop"),
                       chat_calls("b"), chat_tool("b"), chat_calls("c"), chat_tool("c"), chat_asst(),
                       chat_tool("a")])
    assert fk(run.findings)[-2:] == [("late_tool_result", 8, "a", "get_weather", None),
                                     ("interleaved_user_message", 2, "a", "get_weather", None)]


# ----------------------------------------------------------------------------------------------------
# state: round trip mid-block, compactness


def _round_trip(t: Tracker, cfg: RepairConfig) -> Tracker:
    return Tracker.from_state(orjson.loads(orjson.dumps(t.to_state())), cfg)


SCRIPTS: dict[str, list[Any]] = {
    "openai_chat": [chat_user("go"), chat_calls("a", "b", "c", content="Checking."), chat_tool("b"),
                    {"role": "critic", "content": "?"}, chat_tool("a"), chat_user("stop"), chat_tool("c"),
                    chat_asst("ok"), chat_calls("d")],
    "anthropic": [ant_user("go"), ant_asst(ant_text("Checking."), ant_use("a"), ant_use("b"), ant_use("c")),
                  ant_user(ant_result("b")), ant_user(ant_result("a"), ant_result("zz")), ant_user("stop"),
                  ant_user(ant_result("c")), ant_asst("ok"), ant_asst(ant_use("d"))],
    "openai_responses": [resp_user("go"), resp_reasoning(1), resp_call("a"), resp_reasoning(2), resp_call("b"),
                         resp_call("c", "run_sql", "custom_tool_call"), resp_output("b"), resp_output("a"),
                         resp_user("stop"), resp_output("c", kind="custom_tool_call_output"), resp_asst("ok"),
                         resp_reasoning(3), resp_call("d")],
    "gemini": [gem_user("go"), gem_calls("search", "search", "fetch#f1", text="Checking."), gem_resps("search"),
               gem_resps("fetch#f1"), gem_user("stop"), gem_resps("search"), gem_model("ok"),
               gem_calls("search")],
}


@pytest.mark.parametrize("dialect", sorted(SCRIPTS))
@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_state_round_trip_at_every_point_gives_the_same_output(dialect: str, strategy: str) -> None:
    cfg = RepairConfig(strategy=strategy, tool_result_timeout_ms=50)  # type: ignore[arg-type]
    script = SCRIPTS[dialect]
    ts = [i * 10 for i in range(len(script))]

    def run(cut: int | None) -> tuple[list[Any], list[Any], list[Any], list[Any]]:
        t = Tracker(dialect, cfg)
        r = Run()
        for i, m in enumerate(script):
            if i == cut:
                t = _round_trip(t, cfg)
            r.add(t.feed(m, tag={"offset": i}, ts=ts[i]))
        if cut == len(script):
            t = _round_trip(t, cfg)
        r.add(t.advance(ts[-1] + 49))
        r.add(t.finish())
        return (r.messages, [(e.index, e.tag, e.synthesized, e.modified) for e in r.emitted], r.findings,
                r.actions)

    reference = run(None)
    assert reference[2], "the script exercises findings"
    batch = processor.repair(script, dialect, strategy)  # type: ignore[arg-type]
    assert reference[0] == batch.messages
    for cut in range(len(script) + 1):
        assert run(cut) == reference, f"round trip before message {cut}"


@pytest.mark.parametrize("dialect", sorted(SCRIPTS))
def test_state_round_trip_keeps_the_timeout_clock(dialect: str) -> None:
    cfg = RepairConfig(tool_result_timeout_ms=1_000)
    t = Tracker(dialect, cfg)
    feed_all(t, OPENERS[dialect], ts=[0, 500])
    t = _round_trip(t, cfg)
    assert t.open_since == 500 and t.open_calls == 1 and t.messages_seen == 2 and t.dialect == dialect
    assert t.advance(1_499).findings == []
    assert fk(t.advance(1_500).findings) == [("dangling_tool_call", 1, "c1", "book_flight", "timeout")]


def test_state_round_trip_keeps_the_recent_window() -> None:
    cfg = RepairConfig(late_result_grace_ms=0)
    t = Tracker("openai_chat", cfg)
    feed_all(t, [chat_user(), chat_calls("a"), chat_user("stop")])
    t = _round_trip(t, cfg)
    s = t.feed(chat_tool("a"))
    assert fk(s.findings) == [("late_tool_result", 3, "a", "get_weather", None),
                              ("interleaved_user_message", 2, "a", "get_weather", None)]
    s = t.feed(chat_tool("a"))
    assert fk(s.findings) == [("late_tool_result", 4, "a", "get_weather", None)]  # reported once per user message


def test_responses_drop_keeps_a_pending_reasoning_item_across_a_round_trip() -> None:
    cfg = RepairConfig(strategy="drop", late_result_grace_ms=0)
    t = Tracker("openai_responses", cfg)
    feed_all(t, [resp_user(), resp_reasoning(1)])
    assert "pr" in t.to_state()
    t = _round_trip(t, cfg)
    run = feed_all(t, [resp_call("c1"), resp_user("stop")], start=2)
    assert run.messages == [resp_user("stop")]
    assert [(a.action.value, a.index) for a in run.actions] == [("drop_call", 2), ("drop_message", 2),
                                                                ("drop_reasoning", 1)]


@pytest.mark.parametrize("dialect", sorted(SCRIPTS))
def test_state_after_a_clean_history_is_a_handful_of_numbers(dialect: str) -> None:
    import tests.strategies as S

    h = S.clean_history(dialect, 3)
    t = Tracker(dialect)
    feed_all(t, h)
    st = t.to_state()
    assert set(st) <= {"n", "d", "s", "q", "r"}
    assert st["n"] == len(h) and st["d"] == dialect and st["q"] == 3
    assert len(st["r"]) == 6  # the closed call ids, nothing else of the history
    assert Tracker(dialect).to_state() == {"n": 0, "d": dialect}
    assert Tracker().to_state() == {"n": 0}


def test_auto_dialect_streaming_equals_batch() -> None:
    """docs/semantics.md: feeding a history one message at a time and calling repair() on it give the same
    messages and findings, also with the default `dialect="auto"`. A plain empty user message read before the
    first distinctive message is judged by a different dialect in the stream than in the batch."""
    h = [{"role": "user", "content": ""}, ant_asst(ant_use("t1")), ant_user(ant_result("t1")), ant_asst("ok")]
    batch = processor.repair(h)
    t = Tracker()
    run = feed_all(t, h)
    run.add(t.finish())
    assert run.messages == batch.messages
    assert fk(run.findings) == fk(batch.findings)


def test_a_state_of_the_previous_release_still_restores() -> None:
    """Before held blocks (layouts 0 and 1), a block kept its own held list (drop holds the call message until it
    closes): state/migrate.py reads it into the held queue."""
    from processor.core.state.migrate import upgrade

    old = {"n": 2, "d": "openai_chat", "s": 1, "q": 1,
           "b": {"o": 1, "t": 5, "q": 1, "u": 1, "r": 0, "h": 1, "rt": -1, "p": 0,
                 "c": [["a", "get_weather", 1, "", 0, 0, 1, 0]],
                 "held": [[chat_calls("a"), "t1", 1, 0]]}}
    cfg = RepairConfig(strategy="drop")
    body = {"t": old, "ts": 5, "o": 1, "r": []}
    upgrade(body)
    t = Tracker.from_state(body["t"], cfg)
    assert t.open_calls == 1 and t.open_since == 5
    run = Run()
    run.add(t.feed(chat_tool("a"), tag="t2"))
    assert [(e.index, e.tag) for e in run.emitted] == [(1, "t1"), (2, "t2")]


def test_repr_shows_dialect_mode_and_counts_and_never_content() -> None:
    t = Tracker()
    assert repr(t) == ("Tracker(dialect=auto, mode=idle, messages_seen=0, open_calls=0, held_messages=0, "
                       "held_blocks=0)")
    secret = "the-user-secret-4242"
    t.feed(chat_user(secret))
    step = t.feed(chat_calls(("c1", "lookup"), ("c2", "lookup")))
    assert repr(t) == ("Tracker(dialect=openai_chat, mode=open, messages_seen=2, open_calls=2, held_messages=0, "
                       "held_blocks=0)")
    assert repr(step) == "Step(messages=1, findings=0, actions=0, calls=2)"
    step = t.finish()
    assert repr(step).startswith("Step(messages=2, findings=2, actions=")
    for r in (repr(t), repr(step), str(t), str(step)):
        assert secret not in r and "c1" not in r and "lookup" not in r
