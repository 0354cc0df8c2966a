"""Retry boundaries (processor/core/retries.py, driven by the tracker): findings on the later call."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from processor import repair
from processor.core.findings import FindingKind
from processor.core.retries import Retries, declared_writes, fingerprint, words
from processor.core.tracker import RepairConfig, Tracker

RETRY_KINDS = {FindingKind.FUTILE_RETRY, FindingKind.BLIND_RETRY, FindingKind.RETRY_LIMIT_EXCEEDED,
               FindingKind.FAILED_RETRY_SUCCESS_CLAIM}


def call(cid: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]}


def result(cid: str, content: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": cid, "content": content}


def said(text: str) -> dict[str, Any]:
    return {"role": "assistant", "content": text}


USER = {"role": "user", "content": "please move ticket 42 to in progress"}
MOVE = {"ticket_id": 42, "status": "in_progress"}


def kinds(h: list[dict[str, Any]], **kw: Any) -> list[tuple[str, int | None, str | None]]:
    return [(f.kind.value, f.index, f.call_id) for f in repair(h, **kw).findings if f.kind in RETRY_KINDS]


def test_futile_retry_is_on_the_later_call() -> None:
    h = [USER, call("c1", "get_ticket", {"id": 42}), result("c1", '{"error": "NOT_FOUND"}'),
         call("c2", "get_ticket", {"id": 42}), result("c2", '{"error": "NOT_FOUND"}'), said("It does not exist.")]
    assert kinds(h) == [("futile_retry", 3, "c2")]


def test_different_arguments_are_no_retry() -> None:
    h = [USER, call("c1", "get_ticket", {"id": 42}), result("c1", '{"error": "NOT_FOUND"}'),
         call("c2", "get_ticket", {"id": 43}), result("c2", "ok")]
    assert kinds(h) == []


def test_blind_retry_of_a_configured_write_after_a_timeout() -> None:
    h = [USER, call("c1", "update_ticket", MOVE), result("c1", "Error: request timed out"),
         call("c2", "update_ticket", MOVE), result("c2", "moved")]
    assert kinds(h, non_idempotent_tools=["update_ticket"]) == [("blind_retry", 3, "c2")]
    assert kinds(h) == []  # not known as a write: a retry after a timeout is counted, not reported


def test_a_read_of_the_same_target_in_between_clears_the_blind_retry() -> None:
    ni = ["update_ticket"]
    read = [call("r1", "get_ticket", {"ticket_id": 42}), result("r1", "status: open")]
    other = [call("r1", "get_ticket", {"ticket_id": 7}), result("r1", "status: open")]
    untargeted = [call("r1", "list_tickets", {"limit": 5}), result("r1", "[]")]
    head = [USER, call("c1", "update_ticket", MOVE), result("c1", '{"error": {"code": 504}}')]
    tail = [call("c2", "update_ticket", MOVE), result("c2", "moved")]
    assert kinds([*head, *read, *tail], non_idempotent_tools=ni) == []
    assert kinds([*head, *other, *tail], non_idempotent_tools=ni) == [("blind_retry", 5, "c2")]
    assert kinds([*head, *untargeted, *tail], non_idempotent_tools=ni) == []


def test_blind_retry_on_the_same_target_with_other_arguments() -> None:
    h = [USER, call("c1", "update_ticket", MOVE), result("c1", '{"error": "tool_error"}'),
         call("c2", "update_ticket", {"ticket_id": 42, "status": "in_progress", "note": "again"}), result("c2", "ok")]
    assert kinds(h, non_idempotent_tools=["update_ticket"]) == [("blind_retry", 3, "c2")]


def test_a_dangling_write_retried_is_blind() -> None:
    h = [USER, call("c1", "send_email", {"to": "a@b.c", "body": "hi"}), USER,
         call("c2", "send_email", {"to": "a@b.c", "body": "hi"}), result("c2", "sent")]
    assert kinds(h, non_idempotent_tools=["send_email"]) == [("blind_retry", 3, "c2")]


def test_retry_limit_is_reported_once_past_the_bound() -> None:
    h: list[dict[str, Any]] = [USER]
    for k in range(5):
        h += [call(f"c{k}", "search", {"q": "x"}), result(f"c{k}", '{"error": {"code": 503}}')]
    cfg = RepairConfig(max_retries=2)
    got = [(f.kind.value, f.index) for f in repair(h, config=cfg).findings if f.kind in RETRY_KINDS]
    assert got == [("retry_limit_exceeded", 7)]  # the third retry (the fourth call)


def test_a_failed_retry_claimed_as_success() -> None:
    head = [USER, call("c1", "update_ticket", MOVE), result("c1", '{"error": "UNAVAILABLE"}'),
            call("c2", "update_ticket", MOVE), result("c2", '{"error": "UNAVAILABLE"}')]
    assert kinds([*head, said("Done! The ticket has been moved to in progress.")]) == \
        [("failed_retry_success_claim", 5, None)]
    assert kinds([*head, said("I could not move the ticket: the service is unavailable.")]) == []
    assert kinds([*head, said("好的，已为您更新工单状态。")]) == [("failed_retry_success_claim", 5, None)]
    ok = [*head[:3], call("c2", "update_ticket", MOVE), result("c2", "moved")]
    assert kinds([*ok, said("Done! The ticket has been moved.")]) == []


def test_anthropic_is_error_and_mcp_annotations() -> None:
    tools = [{"name": "charge_card", "input_schema": {}, "annotations": {"readOnlyHint": False}},
             {"name": "get_charge", "input_schema": {}, "annotations": {"readOnlyHint": True}}]

    def use(i: int, name: str, inp: dict[str, Any]) -> dict[str, Any]:
        return {"role": "assistant", "content": [{"type": "tool_use", "id": f"t{i}", "name": name, "input": inp}]}

    def res(i: int, text: str, err: bool = False) -> dict[str, Any]:
        return {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"t{i}", "content": text,
                                             "is_error": err}]}

    h = [USER, use(1, "charge_card", {"order_id": "o-9", "amount": 10}), res(1, "deadline exceeded", True),
         use(2, "charge_card", {"order_id": "o-9", "amount": 10}), res(2, "charged")]
    got = [(f.kind.value, f.index, f.call_id) for f in repair(h, tools=tools).findings if f.kind in RETRY_KINDS]
    assert got == [("blind_retry", 3, "t2")]
    assert [f for f in repair(h).findings if f.kind in RETRY_KINDS] == []


def test_gemini_error_object() -> None:
    def fc(name: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"role": "model", "parts": [{"functionCall": {"name": name, "args": args}}]}

    def fr(name: str, response: dict[str, Any]) -> dict[str, Any]:
        return {"role": "user", "parts": [{"functionResponse": {"name": name, "response": response}}]}

    err = {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "bad date"}}
    h = [{"role": "user", "parts": [{"text": "book it"}]}, fc("book", {"date": "x"}), fr("book", err),
         fc("book", {"date": "x"}), fr("book", err), {"role": "model", "parts": [{"text": "The date is invalid."}]}]
    got = [(f.kind.value, f.index) for f in repair(h).findings if f.kind in RETRY_KINDS]
    assert got == [("futile_retry", 3)]


def test_steps_carry_outcomes_and_retry_kinds() -> None:
    t = Tracker("openai_chat", RepairConfig(templates=RepairConfig().templates))
    steps = [t.feed(m) for m in [USER, call("c1", "get_ticket", {"id": 1}), result("c1", "Error: not found"),
                                 call("c2", "get_ticket", {"id": 1}), result("c2", "found it")]]
    assert steps[2].results == [("get_ticket", "error_deterministic")]
    assert steps[3].retries == [("get_ticket", "futile")]
    assert steps[4].results == [("get_ticket", "ok")]
    off = Tracker("openai_chat", RepairConfig(retries=False))
    assert all(not off.feed(m).results for m in [USER, call("c1", "x", {}), result("c1", "Error: x")])


def test_fingerprints_ignore_key_order_and_read_targets() -> None:
    a = fingerprint('{"ticket_id": 42, "status": "x"}')
    b = fingerprint({"status": "x", "ticket_id": 42})
    assert a == b and a[1]
    assert fingerprint({"q": "weather"})[1] == ""
    assert fingerprint({"ticketId": 42})[1] == fingerprint({"ticketId": 42, "x": 1})[1]
    w = words()
    assert w.is_target_key("orderId") and w.is_target_key("file_path") and not w.is_target_key("paid")


def test_declared_writes_follow_mcp_hints() -> None:
    got = declared_writes([("a", {"readOnlyHint": True}), ("b", {"idempotentHint": True, "destructiveHint": True}),
                           ("c", {"destructiveHint": True}), ("d", {}), ("e", None)])
    assert got == {"c", "d"}


def test_state_is_bounded() -> None:
    r = Retries(frozenset({"w"}))
    from processor.core.outcomes import Outcome
    for k in range(2000):
        r.on_call(f"c{k}", "w", {"id": k}, k, f"c{k}")
        if k % 2:
            r.on_result(f"c{k}", Outcome.TIMEOUT)
    st_ = r.to_state()
    assert len(st_["c"]) <= 256 and len(st_["f"]) <= 32 and len(st_["u"]) <= 16


# -- properties -----------------------------------------------------------------------------------------------
TOOLS = ["update_ticket", "get_ticket", "search"]
CONTENTS = ["ok", "Error: request timed out", '{"error": "NOT_FOUND"}', '{"error": {"code": 503}}',
            '{"error": "tool_error"}']


@st.composite
def histories(draw: st.DrawFn) -> list[dict[str, Any]]:
    h: list[dict[str, Any]] = [USER]
    n = draw(st.integers(1, 12))
    for k in range(n):
        tool = draw(st.sampled_from(TOOLS))
        args = {"ticket_id": draw(st.integers(1, 2))} if tool != "search" else {"q": draw(st.sampled_from("ab"))}
        h.append(call(f"c{k}", tool, args))
        what = draw(st.integers(0, 9))
        if what < 8:
            h.append(result(f"c{k}", draw(st.sampled_from(CONTENTS))))
        elif what == 8:
            h.append({"role": "user", "content": "hurry"})
        if draw(st.booleans()):
            h.append(said(draw(st.sampled_from(["Done, it has been updated.", "That failed, sorry.", "Let me see."]))))
    return h


CFG = RepairConfig(max_retries=2)
PROPS = settings(max_examples=150, derandomize=True, database=None, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(histories())
def test_findings_are_on_a_later_call_of_the_same_tool(h: list[dict[str, Any]]) -> None:
    for f in repair(h, config=CFG, non_idempotent_tools=["update_ticket"]).findings:
        if f.kind in RETRY_KINDS and f.kind is not FindingKind.FAILED_RETRY_SUCCESS_CLAIM:
            assert f.index is not None
            m = h[f.index]
            assert m["role"] == "assistant" and m["tool_calls"][0]["function"]["name"] == f.tool
            assert any(x.get("tool_calls") and x["tool_calls"][0]["function"]["name"] == f.tool
                       for x in h[: f.index])


@PROPS
@given(histories())
def test_repairing_twice_equals_once(h: list[dict[str, Any]]) -> None:
    once = repair(h, config=CFG, non_idempotent_tools=["update_ticket"])
    twice = repair(once.messages, config=CFG, non_idempotent_tools=["update_ticket"])
    assert twice.messages == once.messages
    assert not twice.actions
    # a retry finding is about the calls, which the repair keeps: reported again, at the same calls
    assert [(f.kind, f.call_id) for f in twice.findings if f.kind in RETRY_KINDS] == \
        [(f.kind, f.call_id) for f in once.findings if f.kind in RETRY_KINDS]


@PROPS
@given(histories(), st.integers(1, 5))
def test_stream_with_state_round_trips_equals_batch(h: list[dict[str, Any]], every: int) -> None:
    from processor.core.templates import Templates

    cfg = RepairConfig(max_retries=2, templates=Templates(non_idempotent_tools=frozenset({"update_ticket"})))
    batch = [(f.kind, f.index, f.call_id) for f in repair(h, config=cfg, behaviour=False).findings]
    t = Tracker("openai_chat", cfg)
    got = []
    for i, m in enumerate(h):
        got += [(f.kind, f.index, f.call_id) for f in t.feed(m).findings]
        if i % every == 0:
            t = Tracker.from_state(json.loads(json.dumps(t.to_state())), cfg)
    got += [(f.kind, f.index, f.call_id) for f in t.finish().findings]
    assert got == batch
