"""Tool runs (execute_tool spans, `tool_run` events) joined to their calls: what placeholders say, when a run joins,
what a late run yields, the bounds, and the properties: placeholders never contradict a run, and the stream equals
the batch with runs arriving in any order."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from processor.core.config import EngineConfig
from processor.core.events import DeadLetter, parse_event
from processor.core.findings import FindingKind, RepairAction
from processor.core.outcomes import Outcome
from processor.core.partition import PartitionProcessor
from processor.core.repair import repair
from processor.core.tally import Count
from processor.core.templates import NON_IDEMPOTENT_TIMEOUT, Templates
from processor.core.toolspans import (
    MAX_RUNS,
    OK,
    OUTCOMES,
    RUN_TEMPLATES,
    ToolRun,
    ToolRuns,
    classify,
    placeholder,
)
from processor.core.tracker import RepairConfig, Tracker
from tests.strategies import chat_calls, chat_system, chat_tool, chat_user, conversations, render

T0 = 1_767_225_600_000
WORDS_OF_FAILURE = ("fail", "cancel", "timed out", "error", "did not run", "not run")


def run(call_id: str | None, tool: str = "book_table", outcome: str = OK, error_type: str | None = None,
        start: int = T0 + 100, end: int = T0 + 350) -> ToolRun:
    return ToolRun(call_id, tool, outcome, error_type, start, end, "4ab8a086b078c8139026abc43a291e66",
                   "be1468ddfb34b664")


def kinds(findings: Any) -> list[str]:
    return [f.kind.value for f in findings]


def results_text(messages: list[Any]) -> str:
    return orjson.dumps(messages).decode()


# -- the taxonomy stand-in and the event contract -----------------------------------------------------------------
@pytest.mark.parametrize(("status", "error_type", "want"), [
    ("ok", None, "ok"), ("unset", None, "ok"), ("error", None, "unknown"), ("error", "TimeoutError", "timeout"),
    ("error", "httpx.ReadTimeout", "timeout"), ("error", "DEADLINE_EXCEEDED", "timeout"),
    ("error", "ValueError", "error_deterministic"), ("error", "404", "error_deterministic"),
    ("error", "UNAVAILABLE", "error_transient"), ("error", "503", "error_transient"),
    ("error", "asyncio.CancelledError", "cancelled"), ("error", "tool_error", "unknown"),
])
def test_a_run_is_classified_from_its_status_and_error_type(status: str, error_type: str | None, want: str) -> None:
    assert classify(status, error_type) == want
    assert set(OUTCOMES) == {o.value for o in Outcome}


def test_a_tool_run_event_is_parsed_and_its_outcome_classified() -> None:
    ev = parse_event(b"c1", orjson.dumps({
        "conversation_id": "c1", "ts": T0, "type": "tool_run",
        "tool_run": {"call_id": "call_1", "tool": "send_email", "status": "error", "error_type": "TimeoutError",
                     "start_ts": T0 - 30_000, "end_ts": T0, "usage": {"input_tokens": 12}}}))
    r = ev.run
    assert r is not None and (r.call_id, r.tool, r.outcome, r.duration_ms, r.input_tokens) == (
        "call_1", "send_email", "timeout", 30_000, 12)


@pytest.mark.parametrize("bad", [
    None, {"call_id": "c"}, {"tool": ""}, {"tool": "x", "outcome": "fine"}, {"tool": "x", "status": "green"},
    {"tool": "x", "start_ts": 5, "end_ts": 4}, {"tool": "x", "usage": []}, {"tool": "x", "usage": {"input_tokens": -1}},
    {"tool": "x", "call_id": 7},
])
def test_a_malformed_tool_run_is_dead_lettered_schema(bad: Any) -> None:
    with pytest.raises(DeadLetter) as e:
        parse_event(None, orjson.dumps({"conversation_id": "c1", "ts": T0, "type": "tool_run", "tool_run": bad}))
    assert e.value.kind.value == "schema"


# -- true placeholders -------------------------------------------------------------------------------------------
def _dangling_history() -> list[Any]:
    return [chat_system(), chat_user("book a table"), chat_calls(("call_1", "book_table")), chat_user("done?")]


def test_a_dangling_call_whose_run_completed_says_so_and_reports_the_lost_result() -> None:
    r = run("call_1")
    res = repair(_dangling_history(), "openai_chat", tool_runs=[r])
    text = results_text(res.messages)
    assert "ran and completed at 2026-01-01T00:00:00.350Z" in text
    assert "trace 4ab8a086b078c8139026abc43a291e66, span be1468ddfb34b664" in text
    assert not any(w in placeholder(r, "book_table", "call_1").lower() for w in WORDS_OF_FAILURE)
    assert kinds(res.findings) == ["dangling_tool_call", "tool_result_lost"]
    lost = res.findings[1]
    assert (lost.call_id, lost.tool, lost.index) == ("call_1", "book_table", 2)


def _anthropic_dangling() -> list[Any]:
    return [{"role": "user", "content": "book a table"},
            {"role": "assistant",
             "content": [{"type": "tool_use", "id": "toolu_1", "name": "book_table", "input": {}}]},
            {"role": "user", "content": "done?"}]


@pytest.mark.parametrize(("outcome", "flagged"), [(OK, False), ("timeout", True), ("error_deterministic", True)])
def test_the_dialects_error_flag_follows_the_run(outcome: str, flagged: bool) -> None:
    """A completed run's placeholder is not marked as a failed tool (Anthropic `is_error`), a failed one is."""
    res = repair(_anthropic_dangling(), "anthropic", tool_runs=[run("toolu_1", outcome=outcome, error_type=None
                                                                    if outcome == OK else "TimeoutError")])
    made = [b for m in res.messages if isinstance(m.get("content"), list) for b in m["content"]
            if b.get("type") == "tool_result"]
    assert [b["is_error"] for b in made] == [flagged]


def test_a_dangling_call_whose_run_failed_states_its_error_class_without_a_lost_result() -> None:
    r = run("call_1", outcome="error_deterministic", error_type="ValueError")
    res = repair(_dangling_history(), "openai_chat", tool_runs=[r])
    text = results_text(res.messages)
    assert "ended in a deterministic error at 2026-01-01T00:00:00.350Z (ValueError; trace 4ab8a086" in text
    assert "completed" not in text
    assert kinds(res.findings) == ["dangling_tool_call"]


def test_a_run_of_another_call_changes_nothing() -> None:
    plain = repair(_dangling_history(), "openai_chat")
    other = repair(_dangling_history(), "openai_chat", tool_runs=[run("call_9")])
    assert other.messages == plain.messages and kinds(other.findings) == kinds(plain.findings)


def test_a_non_idempotent_call_without_a_run_keeps_the_outcome_unknown_text() -> None:
    cfg = RepairConfig(templates=Templates(non_idempotent_tools=frozenset({"book_table"})),
                       tool_result_timeout_ms=1000)
    t = Tracker("openai_chat", cfg)
    t.runs = ToolRuns()
    t.feed(chat_user("book"), ts=T0)
    t.feed(chat_calls(("call_1", "book_table")), ts=T0)
    step = t.advance(T0 + 1000)
    want = NON_IDEMPOTENT_TIMEOUT.replace("{call_id}", "call_1").replace("{tool}", "book_table")
    assert want in results_text([e.message for e in step.messages])
    assert kinds(step.findings) == ["dangling_tool_call"]
    # ... and a run that completed turns it into what the tool really did
    t2 = Tracker("openai_chat", cfg)
    t2.runs = ToolRuns()
    t2.feed(chat_user("book"), ts=T0)
    t2.feed(chat_calls(("call_1", "book_table")), ts=T0)
    t2.runs.add(run("call_1", start=T0 + 10, end=T0 + 900))
    step = t2.advance(T0 + 1000)
    assert "ran and completed" in results_text([e.message for e in step.messages])
    assert kinds(step.findings) == ["dangling_tool_call", "tool_result_lost"]


def test_a_run_without_a_call_id_joins_by_tool_and_time() -> None:
    h = [chat_user("a"), chat_calls(("call_1", "book_table")), chat_tool("call_1", "ok"), chat_user("b"),
         chat_calls(("call_2", "book_table")), chat_user("c")]
    first = run(None, start=T0 + 1, end=T0 + 2)
    second = run(None, outcome="timeout", error_type="TimeoutError", start=T0 + 5, end=T0 + 9)
    res = repair(h, "openai_chat", tool_runs=[first, second], timestamps=[T0, T0, T0 + 3, T0 + 4, T0 + 4, T0 + 20])
    text = results_text(res.messages)
    assert "ended in a timeout at" in text and "(TimeoutError;" in text and "completed" not in text


# -- the stream: when a run arrives ------------------------------------------------------------------------------
def _events(*evs: dict[str, Any]) -> list[bytes]:
    return [orjson.dumps({"conversation_id": "c1", **e}) for e in evs]


def _tool_run(ts: int, call_id: str, outcome: str = OK, **kw: Any) -> dict[str, Any]:
    return {"ts": ts, "type": "tool_run", "tool_run": {"call_id": call_id, "tool": "book_table", "outcome": outcome,
                                                        "start_ts": T0, "end_ts": ts, "trace_id": "ab" * 16,
                                                        "span_id": "cd" * 8, **kw}}


def _run_stream(evs: list[bytes], cfg: EngineConfig | None = None) -> tuple[list[dict[str, Any]], PartitionProcessor]:
    p = PartitionProcessor("in", 0, cfg or EngineConfig(repair=RepairConfig(late_result_grace_ms=10_000)))
    out = []
    for i, v in enumerate(evs):
        out.extend(p.process(i, b"c1", v))
    return [orjson.loads(r.value or b"{}") | {"_kind": r.kind} for r in out], p


CALL = {"ts": T0, "message": chat_calls(("call_1", "book_table"))}


def test_a_run_within_the_grace_is_joined_before_the_held_record_is_released() -> None:
    out, p = _run_stream(_events({"ts": T0, "message": chat_user("book")}, CALL,
                                 {"ts": T0 + 1000, "message": chat_user("well?")},
                                 _tool_run(T0 + 5000, "call_1"),
                                 {"ts": T0 + 20_000, "message": chat_user("hello?")}))
    found = [o["kind"] for o in out if o["_kind"] == "findings"]
    assert found == ["dangling_tool_call", "tool_result_lost"]
    synthesized = [o for o in out if o.get("synthesized")]
    assert len(synthesized) == 1 and "ran and completed" in synthesized[0]["message"]["content"]
    assert p.obs.of(Count.TOOL_SPANS) == {("joined",): 1}


def test_a_run_after_its_placeholder_yields_its_finding_on_its_own() -> None:
    out, p = _run_stream(_events({"ts": T0, "message": chat_user("book")}, CALL,
                                 {"ts": T0 + 1000, "message": chat_user("well?")},
                                 {"ts": T0 + 20_000, "message": chat_user("hello?")},
                                 _tool_run(T0 + 21_000, "call_1")))
    synthesized = [o for o in out if o.get("synthesized")]
    assert "ran and completed" not in synthesized[0]["message"]["content"]
    late = [o for o in out if o["_kind"] == "findings"][-1]
    assert late["kind"] == "tool_result_lost" and late["call_id"] == "call_1"
    assert "after its placeholder was written" in late["detail"]
    assert p.obs.of(Count.TOOL_SPANS) == {("late",): 1}


def test_a_run_past_the_grace_is_late_even_when_it_is_what_moves_event_time() -> None:
    out, _ = _run_stream(_events({"ts": T0, "message": chat_user("book")}, CALL,
                                 {"ts": T0 + 1000, "message": chat_user("well?")},
                                 _tool_run(T0 + 11_001, "call_1")))
    assert "ran and completed" not in next(o for o in out if o.get("synthesized"))["message"]["content"]
    assert [o["kind"] for o in out if o["_kind"] == "findings"] == ["dangling_tool_call", "tool_result_lost"]


def test_a_late_run_that_failed_yields_no_finding() -> None:
    out, _ = _run_stream(_events({"ts": T0, "message": chat_user("book")}, CALL,
                                 {"ts": T0 + 1000, "message": chat_user("well?")},
                                 {"ts": T0 + 20_000, "message": chat_user("hello?")},
                                 _tool_run(T0 + 21_000, "call_1", "error_transient", error_type="503")))
    assert [o["kind"] for o in out if o["_kind"] == "findings"] == ["dangling_tool_call"]


def test_a_run_before_its_call_waits_and_a_run_of_an_answered_call_is_only_counted() -> None:
    out, p = _run_stream(_events(_tool_run(T0, "call_1"), CALL, {"ts": T0, "message": chat_tool("call_1")},
                                 _tool_run(T0 + 1, "call_1"), {"type": "end", "ts": T0 + 2}))
    assert [o for o in out if o["_kind"] == "findings"] == []
    assert p.obs.of(Count.TOOL_SPANS) == {("waiting",): 1, ("joined",): 1}
    assert p.obs.of(Count.TOOL_RUNS) == {("book_table", "ok", "0"): 2}


def test_runs_are_bounded_per_conversation_and_counted_when_they_join_nothing() -> None:
    evs = [_tool_run(T0 + i, f"call_{i}") for i in range(MAX_RUNS + 5)]
    _, p = _run_stream(_events(*evs, {"type": "end", "ts": T0 + 999}))
    spans = p.obs.of(Count.TOOL_SPANS)
    assert spans[("dropped",)] == 5 and spans[("unjoined",)] == MAX_RUNS


def test_tool_spans_off_ignores_the_runs() -> None:
    evs = _events({"ts": T0, "message": chat_user("book")}, CALL, _tool_run(T0 + 1, "call_1"),
                  {"ts": T0 + 20_000, "message": chat_user("hello?")}, {"type": "end", "ts": T0 + 20_001})
    out, p = _run_stream(evs, EngineConfig(tool_spans=False))
    assert [o["kind"] for o in out if o["_kind"] == "findings"] == ["dangling_tool_call"]
    assert p.obs.of(Count.TOOL_SPANS) == {("ignored",): 1}


def test_runs_survive_the_stored_state() -> None:
    evs = _events({"ts": T0, "message": chat_user("book")}, CALL, _tool_run(T0 + 1, "call_1"),
                  {"ts": T0 + 1000, "message": chat_user("hello?")}, {"type": "end", "ts": T0 + 2000})
    p = PartitionProcessor("in", 0, EngineConfig(hot_conversations=0))  # every conversation cold between events
    out = []
    for i, v in enumerate(evs):
        out.extend(p.process(i, b"c1", v))
    assert [orjson.loads(r.value or b"")["kind"] for r in out if r.kind == "findings"] == [
        "dangling_tool_call", "tool_result_lost"]


# -- properties --------------------------------------------------------------------------------------------------
@given(st.sampled_from(OUTCOMES), st.text(max_size=12), st.booleans())
def test_a_placeholder_never_contradicts_its_run(outcome: str, error_type: str, with_id: bool) -> None:
    r = run("call_7" if with_id else None, outcome=outcome, error_type=error_type or None)
    text = placeholder(r, "book_table", "call_7" if with_id else None)
    if outcome == OK:
        assert "completed" in text and not any(w in text.lower() for w in WORDS_OF_FAILURE)
    else:
        assert "completed" not in text and "ran and" not in text
        assert (error_type or "no error type") in text
    assert "4ab8a086b078c8139026abc43a291e66" in text and "be1468ddfb34b664" in text
    assert RUN_TEMPLATES.keys() == set(OUTCOMES)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["openai_chat", "anthropic", "openai_responses", "gemini"]),
       st.sampled_from(["fill", "drop"]))
def test_stream_equals_batch_with_runs_arriving_in_any_order(data: st.DataObject, dialect: str,
                                                             strategy: str) -> None:
    """Runs for random calls of a generated history, fed to the stream at random points (before their call, while
    it is open, while its block is held), give the batch's output; every placeholder of a call with a run is
    what the run says, and `tool_result_lost` comes exactly for the dangling calls whose run ended without error."""
    msgs = render(data.draw(conversations(dialect)), dialect)
    cfg = RepairConfig(strategy=strategy)  # type: ignore[arg-type]
    probe = Tracker(dialect, cfg)
    calls: list[tuple[str, str]] = []
    decided: dict[str, int] = {}  # call id -> the step that decided it (a reused id decides the earlier call at once)
    for i, m in enumerate([*msgs, None]):
        step = probe.feed(m) if m is not None else probe.finish()
        calls += [(c, t) for c, t in step.calls if c is not None]
        for f in step.findings:
            if f.kind is FindingKind.DANGLING_TOOL_CALL and f.call_id is not None:
                decided.setdefault(f.call_id, i)
    chosen = data.draw(st.lists(st.sampled_from(calls), unique_by=lambda c: c[0], max_size=len(calls))) if calls \
        else []
    runs = [run(cid, tool, data.draw(st.sampled_from(OUTCOMES)), "SomeError") for cid, tool in chosen]
    # each arrives before message i (len: before the end), anywhere up to the step that decides its call: a run
    # that comes later yields its finding on its own (the partition's test_a_run_after_its_placeholder...)
    at = [data.draw(st.integers(0, decided.get(cid, len(msgs)))) for cid, _ in chosen]
    batch = repair(msgs, dialect, strategy, tool_runs=runs, behaviour=False)  # type: ignore[arg-type]
    t = Tracker(dialect, cfg)
    t.runs = ToolRuns()
    out: list[Any] = []
    findings: list[Any] = []
    for i, m in enumerate([*msgs, None]):
        for r, a in zip(runs, at, strict=True):
            if a == i:
                t.runs.add(ToolRun.from_state(r.to_state()))
        step = t.feed(m) if m is not None else t.finish()
        out.extend(e.message for e in step.messages)
        findings.extend(step.findings)
    assert out == batch.messages
    assert [f.to_dict() for f in findings] == [f.to_dict() for f in batch.findings]
    by_id = {r.call_id: r for r in runs}
    dangling = {f.call_id for f in batch.findings if f.kind is FindingKind.DANGLING_TOOL_CALL
                and not (f.call_id or "").startswith("srvtoolu_")}  # a server tool's call: the provider ran it
    lost = {f.call_id for f in batch.findings if f.kind is FindingKind.TOOL_RESULT_LOST}
    assert lost == {c for c in dangling if c in by_id and by_id[c].ok}
    text = results_text(batch.messages)
    for a in batch.actions:
        if a.action is RepairAction.SYNTHESIZE_RESULT and a.call_id in by_id:
            assert placeholder(by_id[a.call_id], a.tool or "", a.call_id) in text


@pytest.mark.parametrize("outcome", OUTCOMES)
def test_a_run_placeholder_reads_back_as_the_runs_outcome(outcome: str) -> None:
    """A repaired history read again (retry boundaries, outcomes.json `placeholders`) classifies the placeholder
    as the run's outcome, with and without the call id, flagged as an error or not (Anthropic marks it)."""
    from processor.core.outcomes import classify as classify_result

    for cid in ("call_7", None):
        text = placeholder(run(cid, outcome=outcome, error_type="SomeError"), "book_table", cid)
        assert classify_result(text=text).value == outcome, text
        if outcome != OK:
            assert classify_result(is_error=True, text=text).value == outcome, text
