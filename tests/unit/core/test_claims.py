"""`unbacked_claim` (processor/core/regression/claims.py): grounding of a reply against its turn's calls and the
context, through `processor.repair()` as users call it, and the tracker's state round trip."""

from __future__ import annotations

import json
from typing import Any

import processor
from processor.core.behaviour import Behaviour
from processor.core.dialects import get as dialect
from processor.core.regression.claims import ClaimTracker, cues, root, shape

TOOLS = [
    {"type": "function", "function": {"name": "cancel_order", "description": "Cancel an order by its id.",
                                      "parameters": {"type": "object",
                                                     "properties": {"order_id": {"type": "string"}}}}},
    {"type": "function", "function": {"name": "get_weather", "description": "Get the current weather for a city.",
                                      "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}},
    {"type": "function", "function": {"name": "add_bags", "description": "Add checked bags to a reservation.",
                                      "parameters": {"type": "object", "properties": {"n": {"type": "integer"}}}}},
]


def claims(messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = TOOLS) -> list[tuple[int, str]]:
    res = processor.repair(messages, "openai_chat", tools=tools)
    return [(f.index, f.tool) for f in res.findings if f.kind.value == "unbacked_claim" and f.index is not None]


def call(cid: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]}


def result(cid: str, content: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": cid, "content": content}


def test_an_act_claimed_with_no_call_is_unbacked() -> None:
    ms = [{"role": "user", "content": "Please cancel order 4411."},
          {"role": "assistant", "content": "I've cancelled your order 4411."}]
    assert claims(ms) == [(1, "cancel_order")]


def test_the_same_act_done_by_a_call_of_the_turn_is_grounded() -> None:
    ms = [{"role": "user", "content": "Please cancel order 4411."},
          call("c1", "cancel_order", {"order_id": "4411"}), result("c1", '{"status": "cancelled"}'),
          {"role": "assistant", "content": "I've cancelled your order 4411."}]
    assert claims(ms) == []


def test_one_more_act_than_the_calls_made_is_unbacked() -> None:
    """The issue's real miss: only the cancellation ran, the reply also says the bags were added."""
    ms = [{"role": "user", "content": "Cancel order 4411 and add two checked bags to my reservation."},
          call("c1", "cancel_order", {"order_id": "4411"}), result("c1", '{"status": "cancelled"}'),
          {"role": "assistant", "content": "Order 4411 has been cancelled. I've also added 2 checked bags."}]
    assert claims(ms) == [(3, "add_bags")]


def test_a_failed_call_does_not_back_its_act() -> None:
    ms = [{"role": "user", "content": "Please cancel order 4411."},
          call("c1", "cancel_order", {"order_id": "4411"}), result("c1", "Error: order 4411 not found"),
          {"role": "assistant", "content": "Done! Your order 4411 was cancelled successfully."}]
    assert claims(ms) == [(3, "cancel_order")]


def test_a_live_fact_with_no_call_is_unbacked_and_one_from_a_result_is_not() -> None:
    asked = [{"role": "user", "content": "What's the weather in Paris?"}]
    assert claims([*asked, {"role": "assistant", "content": "The weather in Paris is currently sunny, 22°C."}]) == [
        (1, "get_weather")]
    grounded = [*asked, call("c1", "get_weather", {"city": "Paris"}), result("c1", "sunny, 22°C"),
                {"role": "assistant", "content": "The weather in Paris is currently sunny, 22°C."}]
    assert claims(grounded) == []


def test_replies_that_claim_nothing_are_not_flagged() -> None:
    """Acknowledgements, waiting, questions, confirmation requests, refusals, promises."""
    for reply in ("Sure, take your time. Let me know once you have the reservation ID.",
                  "Of course! Feel free to reach out whenever you're ready.",
                  "Would you like me to cancel order 4411?",
                  "To confirm: I will cancel order 4411 and refund $35.20. Shall I proceed?",
                  "I'm unable to cancel orders that have already shipped.",
                  "I'll cancel it as soon as you confirm."):
        ms = [{"role": "user", "content": "Cancel order 4411 please."}, {"role": "assistant", "content": reply}]
        assert claims(ms) == [], reply


def test_a_fact_already_in_context_is_grounded() -> None:
    """Stated from a result of an earlier turn."""
    ms = [{"role": "user", "content": "What's the weather in Paris?"},
          call("c1", "get_weather", {"city": "Paris"}), result("c1", "sunny, 22°C"),
          {"role": "assistant", "content": "It is sunny, 22°C."},
          {"role": "user", "content": "And what was the temperature again?"},
          {"role": "assistant", "content": "The weather in Paris was 22°C."}]
    assert claims(ms) == []


def test_chinese_act_claims() -> None:
    ms = [{"role": "user", "content": "帮我取消订单4411"},
          {"role": "assistant", "content": "好的，已为您取消订单4411。"}]
    assert claims(ms) == [(1, "cancel_order")]
    asked = [{"role": "user", "content": "帮我取消订单4411"},
             {"role": "assistant", "content": "请问您确定要取消订单4411吗？"}]
    assert claims(asked) == []


def test_no_tool_offered_no_claim() -> None:
    ms = [{"role": "user", "content": "Please cancel order 4411."},
          {"role": "assistant", "content": "I've cancelled your order 4411."}]
    assert claims(ms, tools=None) == []


def test_the_claim_vetoes_a_regression_on_a_reply_that_claims_nothing() -> None:
    """Shared evidence: a text-only reply that only waits is no text_only_regression."""
    ms = [{"role": "user", "content": "Cancel order 4411."},
          call("c1", "cancel_order", {"order_id": "4411"}), result("c1", '{"status": "cancelled"}'),
          {"role": "assistant", "content": "Order 4411 is cancelled."},
          {"role": "user", "content": "Now cancel order 5522 too."},
          {"role": "assistant", "content": "Sure, take your time. Let me know once you have the reservation ID."}]
    res = processor.repair(ms, "openai_chat", tools=TOOLS)
    assert not [f for f in res.findings if f.kind.value in ("text_only_regression", "unbacked_claim")]


def _feed(ms: list[dict[str, Any]], write: bool, dialect_name: str = "openai_chat",
          tools: Any = None) -> list[tuple[int | None, str, str | None]]:
    """The messages through the stream's path (`Behaviour.observe`), the state written and read back before each
    message when `write`; `tools` defaults to this module's chat definitions."""
    adapter = dialect(dialect_name)
    b = Behaviour()
    b.on_context(None, TOOLS if tools is None else tools)
    out = []
    for i, m in enumerate(ms):
        if write:
            b = Behaviour.from_state(json.loads(json.dumps(b.to_state())))
        v = adapter.view(m)
        calls = [(c.id, c.name) for c in v.calls if not c.malformed]
        out += [(f.index, f.kind.value, f.tool) for f in b.observe(v, calls, m, i, adapter, None, None, None)]
    return out


def test_a_state_write_at_any_point_changes_no_judgement() -> None:
    ms = [{"role": "user", "content": "Cancel order 4411 and add two checked bags to my reservation."},
          call("c1", "cancel_order", {"order_id": "4411"}), result("c1", '{"status": "cancelled"}'),
          {"role": "assistant", "content": "Order 4411 has been cancelled. I've also added 2 checked bags."},
          {"role": "user", "content": "What's the weather in Paris?"},
          {"role": "assistant", "content": "The weather in Paris is currently sunny, 22°C."},
          {"role": "user", "content": "Cancel order 5522."},
          call("c2", "cancel_order", {"order_id": "5522"}), result("c2", "Error: not found"),
          {"role": "assistant", "content": "Order 5522 was cancelled."}]
    never = _feed(ms, False)
    assert [(i, k) for i, k, _ in never if k == "unbacked_claim"] == [(3, "unbacked_claim"), (5, "unbacked_claim"),
                                                                      (9, "unbacked_claim")]
    assert _feed(ms, True) == never


def test_the_state_holds_the_turn_only_and_is_small() -> None:
    t = ClaimTracker()
    for i in range(200):
        t.on_user(f"order {i} " + "word " * 400)
        t.on_calls(["cancel_order"] * 40, [f"c{i}-{k}" for k in range(40)])
        t.on_result("x" * 5000, [(f"c{i}-{k}", None) for k in range(30)])
    st = json.dumps(t.to_state())
    assert len(st) < 1500
    assert "word" not in st and "xxxx" not in st  # no text: the request's words hashed, the results' heads read


def test_results_are_not_read_until_a_reply_is_judged() -> None:
    t = ClaimTracker()
    t.on_user("Cancel order 4411.")
    t.on_calls(["cancel_order"], ["c1"])
    t.on_result("Error: order 4411 not found", [("c1", None)])
    assert t.heads and not t.ok and not t.failed  # kept unread (its first characters)
    t.to_state()
    assert t.failed == ("cancel_order",) and not t.heads


def test_cue_data_loads_and_helpers() -> None:
    c = cues()
    assert c.threshold > 0 and "cancel" in c.synonyms and c.zh_verbs["取消"] == "cancel"
    assert root("cancelled") == root("cancel") and root("deleted") == root("delete") and root("booked") == "book"
    assert shape("Sure, take your time. Let me know once you have the reservation ID.")
    assert shape("Which city?") and not shape("好的") and not shape("Your order was cancelled. Anything else?")


def test_a_calibrated_file_changes_scores_and_threshold(tmp_path: Any) -> None:
    """`toolmend train-detector --claims` writes a file `processor.use_claims_model` loads; None restores."""
    from processor.shell.commands.train_detector import main
    from processor.train.claims import calibrate

    ms = [{"role": "user", "content": "Please cancel order 4411."},
          {"role": "assistant", "content": "I've cancelled your order 4411."}]
    rec = {"id": "x", "messages": ms, "tools": TOOLS, "dialect": "openai_chat",
           "labels": {"unbacked_claim": [{"index": 1}]}}
    doc = calibrate([rec, {**rec, "labels": {}}], target=0.5)
    assert doc["trained"]["per_rule"]["act_no_call"] == {"tp": 1, "fp": 1}
    assert doc["scores"]["act_no_call"] < cues().scores["act_no_call"]  # half right: pulled down from the prior
    data = tmp_path / "l.jsonl"
    data.write_text(json.dumps(rec) + "\n")
    out = tmp_path / "claims.json"
    assert main([str(data), "--claims", "--out", str(out)]) == 0
    written = json.loads(out.read_text())
    written["threshold"] = 0.99
    out.write_text(json.dumps(written))
    try:
        processor.use_claims_model(str(out))
        assert claims(ms) == []  # below 0.99
    finally:
        processor.use_claims_model(None)
    assert claims(ms) == [(1, "cancel_order")]


def test_a_bad_claims_file_is_one_line_of_configuration_error(tmp_path: Any) -> None:
    from processor.shell.config import ConfigError, use_claims_model

    bad = tmp_path / "claims.json"
    bad.write_text('{"en": {}}')
    try:
        use_claims_model(bad)
    except ConfigError as e:
        assert "claims_model (TOOLMEND_CLAIMS_MODEL)" in str(e) and "\n" not in str(e)
    else:
        raise AssertionError("accepted")
    finally:
        use_claims_model(None)
