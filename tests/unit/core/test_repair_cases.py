"""Batch repair, case by case: every finding kind in every dialect where it applies, with both strategies.

Each case gives the broken history, the findings (kind, index, call id, tool, reason) and the exact repaired
history with `fill` and with `drop`. Every repaired history is also checked against the independent validator
and for idempotence. Later sections: synthesized content, templates, Gemini pairing by name, Responses reasoning
items, behavioural examples modelled on other systems' repairers, and regressions found by the property tests.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import pytest

import processor
from processor import DanglingReason, RepairResult
from tests.strategies import (
    ant_asst,
    ant_result,
    ant_text,
    ant_use,
    ant_user,
    chat_asst,
    chat_call,
    chat_calls,
    chat_system,
    chat_tool,
    chat_user,
    gem_calls,
    gem_fc,
    gem_fr,
    gem_model,
    gem_resps,
    gem_user,
    resp_asst,
    resp_call,
    resp_output,
    resp_reasoning,
    resp_system,
    resp_user,
    texts,
)
from tests.support.oracle import validate

pytestmark = pytest.mark.library  # needs the core's dependencies only (tests/run.sh stack)

R = DanglingReason
Msg = dict[str, Any]


BEHAVIOURAL = frozenset({"text_only_regression", "tool_history_erased"})


def fk(findings: list[Any]) -> list[tuple[Any, ...]]:
    return [(f.kind.value, f.index, f.call_id, f.tool, f.reason.value if f.reason else None) for f in findings]


def acts(r: RepairResult) -> list[tuple[Any, ...]]:
    return [(a.action.value, a.index, a.call_id) for a in r.actions]


WORDING = {
    R.USER_INTERRUPT: "Tool call {id} ({tool}) was cancelled: the user sent a new message before it finished. "
                      "No result is available.",
    R.ASSISTANT_CONTINUED: "Tool call {id} ({tool}) returned no result: the conversation continued without it.",
    R.TIMEOUT: "Tool call {id} ({tool}) timed out: no result arrived in time.",
    R.CONVERSATION_END: "Tool call {id} ({tool}) has no result: the conversation ended before it finished.",
    R.EVICTED: "Tool call {id} ({tool}) has no recorded result (conversation state expired).",
    R.UNANSWERED_AT_REQUEST: "Tool call {id} ({tool}) has no result in this history.",
    R.INVALID_ARGUMENTS: "Tool call {id} ({tool}) did not run: its arguments were malformed or truncated. "
                         "Call it again with complete, valid arguments if it is still needed.",
}


def say(reason: DanglingReason, cid: str | None, tool: str) -> str:
    if not cid:  # a Gemini call without an id is named by its tool only
        return WORDING[reason].replace("Tool call {id} ({tool})", "The {tool} tool call").replace("{tool}", tool)
    return WORDING[reason].replace("{id}", cid).replace("{tool}", tool)


# synthesized results, per dialect
def s_chat(cid: str, tool: str, reason: DanglingReason) -> Msg:
    return {"role": "tool", "tool_call_id": cid, "content": say(reason, cid, tool)}


def s_ant(cid: str, tool: str, reason: DanglingReason) -> Msg:
    return {"type": "tool_result", "tool_use_id": cid, "content": say(reason, cid, tool), "is_error": True}


def s_resp(cid: str, tool: str, reason: DanglingReason, kind: str = "function_call_output") -> Msg:
    return {"type": kind, "call_id": cid, "output": say(reason, cid, tool)}


def s_gem(cid: str | None, tool: str, reason: DanglingReason) -> Msg:
    fr: Msg = {"name": tool, "response": {"error": say(reason, cid or "", tool)}}
    if cid is not None:
        fr["id"] = cid
    return {"functionResponse": fr}


def check(r: RepairResult, history: list[Any], dialect: str, strategy: str) -> None:
    """What holds for every repaired history: valid (invalid roles aside), idempotent, no text lost."""
    bad = [(v.rule, v.index) for v in validate(r.messages, dialect) if v.rule != "invalid_role"]  # type: ignore[arg-type]
    assert bad == []
    again = processor.repair(r.messages, dialect, strategy)  # type: ignore[arg-type]
    assert again.changed is False and again.messages == r.messages
    assert texts(r.messages, dialect) == texts(history, dialect)


@dataclass
class Case:
    id: str
    dialect: str
    history: list[Any]
    findings: list[tuple[Any, ...]]
    fill: list[Any]
    drop: list[Any] | None = None  # None: same as fill

    def param(self) -> Any:
        return pytest.param(self, id=self.id)


U = R.USER_INTERRUPT
THINK1 = {"type": "thinking", "thinking": "plan", "signature": "c2lnMQ=="}
THINK2 = {"type": "redacted_thinking", "data": "ZW5jcnlwdGVk"}
AC = R.ASSISTANT_CONTINUED
END = R.UNANSWERED_AT_REQUEST

CASES: list[Case] = [
    # ------------------------------------------------------------------ dangling: user interrupt
    Case("chat-dangling-user-interrupt", "openai_chat",
         [chat_user("book it"), chat_calls(("c1", "book_flight")), chat_user("never mind")],
         [("dangling_tool_call", 1, "c1", "book_flight", "user_interrupt")],
         fill=[chat_user("book it"), chat_calls(("c1", "book_flight")), s_chat("c1", "book_flight", U),
               chat_user("never mind")],
         drop=[chat_user("book it"), chat_user("never mind")]),
    Case("chat-dangling-drop-keeps-the-text", "openai_chat",
         [chat_user("book it"), chat_calls(("c1", "book_flight"), content="Booking."), chat_user("never mind")],
         [("dangling_tool_call", 1, "c1", "book_flight", "user_interrupt")],
         fill=[chat_user("book it"), chat_calls(("c1", "book_flight"), content="Booking."),
               s_chat("c1", "book_flight", U), chat_user("never mind")],
         drop=[chat_user("book it"), chat_asst("Booking."), chat_user("never mind")]),
    Case("anthropic-dangling-user-interrupt", "anthropic",
         [ant_user("book it"), ant_asst(ant_text("Booking."), ant_use("c1", "book_flight")), ant_user("never mind")],
         [("dangling_tool_call", 1, "c1", "book_flight", "user_interrupt")],
         fill=[ant_user("book it"), ant_asst(ant_text("Booking."), ant_use("c1", "book_flight")),
               ant_user(s_ant("c1", "book_flight", U), ant_text("never mind"))],
         drop=[ant_user("book it"), ant_asst(ant_text("Booking.")), ant_user("never mind")]),
    Case("anthropic-dangling-user-interrupt-block-content", "anthropic",
         [ant_user("book it"), ant_asst(ant_use("c1", "book_flight")), ant_user(ant_text("stop"), ant_text("now"))],
         [("dangling_tool_call", 1, "c1", "book_flight", "user_interrupt")],
         fill=[ant_user("book it"), ant_asst(ant_use("c1", "book_flight")),
               ant_user(s_ant("c1", "book_flight", U), ant_text("stop"), ant_text("now"))],
         drop=[ant_user("book it"), ant_user(ant_text("stop"), ant_text("now"))]),
    Case("responses-dangling-user-interrupt", "openai_responses",
         [resp_user("book it"), resp_reasoning(1), resp_call("c1", "book_flight"), resp_user("never mind")],
         [("dangling_tool_call", 2, "c1", "book_flight", "user_interrupt")],
         fill=[resp_user("book it"), resp_reasoning(1), resp_call("c1", "book_flight"),
               s_resp("c1", "book_flight", U), resp_user("never mind")],
         drop=[resp_user("book it"), resp_user("never mind")]),
    Case("gemini-dangling-user-interrupt", "gemini",
         [gem_user("book it"), gem_calls("book_flight#c1"), gem_user("never mind")],
         [("dangling_tool_call", 1, "c1", "book_flight", "user_interrupt")],
         fill=[gem_user("book it"), gem_calls("book_flight#c1"),
               {"role": "user", "parts": [s_gem("c1", "book_flight", U), {"text": "never mind"}]}],
         drop=[gem_user("book it"), gem_user("never mind")]),
    # ------------------------------------------------------------------ dangling: assistant continued
    Case("chat-dangling-assistant-continued", "openai_chat",
         [chat_user("q"), chat_calls("c1"), chat_asst("I will answer anyway.")],
         [("dangling_tool_call", 1, "c1", "get_weather", "assistant_continued")],
         fill=[chat_user("q"), chat_calls("c1"), s_chat("c1", "get_weather", AC), chat_asst("I will answer anyway.")],
         drop=[chat_user("q"), chat_asst("I will answer anyway.")]),
    Case("chat-dangling-assistant-continued-with-new-calls", "openai_chat",
         [chat_user("q"), chat_calls("c1"), chat_calls("c2"), chat_tool("c2")],
         [("dangling_tool_call", 1, "c1", "get_weather", "assistant_continued")],
         fill=[chat_user("q"), chat_calls("c1"), s_chat("c1", "get_weather", AC), chat_calls("c2"), chat_tool("c2")],
         drop=[chat_user("q"), chat_calls("c2"), chat_tool("c2")]),
    Case("anthropic-dangling-assistant-continued", "anthropic",
         [ant_user("q"), ant_asst(ant_use("c1")), ant_asst("I will answer anyway.")],
         [("dangling_tool_call", 1, "c1", "search", "assistant_continued")],
         fill=[ant_user("q"), ant_asst(ant_use("c1")), ant_user(s_ant("c1", "search", AC)),
               ant_asst("I will answer anyway.")],
         drop=[ant_user("q"), ant_asst("I will answer anyway.")]),
    Case("responses-message-after-calls-closes-the-block", "openai_responses",
         [resp_user("q"), resp_call("c1"), resp_call("c2"), resp_asst("anyway")],
         [("dangling_tool_call", 1, "c1", "get_weather", "assistant_continued"),
          ("dangling_tool_call", 2, "c2", "get_weather", "assistant_continued")],
         fill=[resp_user("q"), resp_call("c1"), resp_call("c2"), s_resp("c1", "get_weather", AC),
               s_resp("c2", "get_weather", AC), resp_asst("anyway")],
         drop=[resp_user("q"), resp_asst("anyway")]),
    Case("gemini-dangling-assistant-continued", "gemini",
         [gem_user("q"), gem_calls("search#c1"), gem_model("anyway")],
         [("dangling_tool_call", 1, "c1", "search", "assistant_continued")],
         fill=[gem_user("q"), gem_calls("search#c1"), {"role": "user", "parts": [s_gem("c1", "search", AC)]},
               gem_model("anyway")],
         drop=[gem_user("q"), gem_model("anyway")]),
    # ------------------------------------------------------------------ dangling at the end of the history
    Case("chat-dangling-at-request", "openai_chat",
         [chat_user("q"), chat_calls("c1", "c2"), chat_tool("c2")],
         [("dangling_tool_call", 1, "c1", "get_weather", "unanswered_at_request"),
          ("partial_parallel_results", 1, None, None, None)],
         fill=[chat_user("q"), chat_calls("c1", "c2"), chat_tool("c2"), s_chat("c1", "get_weather", END)],
         drop=[chat_user("q"), chat_calls("c2"), chat_tool("c2")]),
    Case("anthropic-dangling-at-request", "anthropic",
         [ant_user("q"), ant_asst(ant_use("c1"))],
         [("dangling_tool_call", 1, "c1", "search", "unanswered_at_request")],
         fill=[ant_user("q"), ant_asst(ant_use("c1")), ant_user(s_ant("c1", "search", END))],
         drop=[ant_user("q")]),
    Case("responses-dangling-at-request", "openai_responses",
         [resp_user("q"), resp_call("c1", "run_sql", "custom_tool_call")],
         [("dangling_tool_call", 1, "c1", "run_sql", "unanswered_at_request")],
         fill=[resp_user("q"), resp_call("c1", "run_sql", "custom_tool_call"),
               s_resp("c1", "run_sql", END, "custom_tool_call_output")],
         drop=[resp_user("q")]),
    Case("gemini-dangling-at-request", "gemini",
         [gem_user("q"), gem_calls("search#c1")],
         [("dangling_tool_call", 1, "c1", "search", "unanswered_at_request")],
         fill=[gem_user("q"), gem_calls("search#c1"), {"role": "user", "parts": [s_gem("c1", "search", END)]}],
         drop=[gem_user("q")]),
    # ------------------------------------------------------------------ partial parallel results
    Case("chat-partial-parallel", "openai_chat",
         [chat_user("q"), chat_calls("a", "b", "c"), chat_tool("c"), chat_tool("a"), chat_asst("done")],
         [("dangling_tool_call", 1, "b", "get_weather", "assistant_continued"),
          ("partial_parallel_results", 1, None, None, None)],
         fill=[chat_user("q"), chat_calls("a", "b", "c"), chat_tool("c"), chat_tool("a"),
               s_chat("b", "get_weather", AC), chat_asst("done")],
         drop=[chat_user("q"), chat_calls("a", "c"), chat_tool("c"), chat_tool("a"), chat_asst("done")]),
    Case("anthropic-partial-parallel", "anthropic",
         [ant_user("q"), ant_asst(ant_use("a"), ant_use("b")), ant_user(ant_result("a")), ant_asst("done")],
         [("dangling_tool_call", 1, "b", "search", "assistant_continued"),
          ("partial_parallel_results", 1, None, None, None)],
         fill=[ant_user("q"), ant_asst(ant_use("a"), ant_use("b")),
               ant_user(ant_result("a"), s_ant("b", "search", AC)), ant_asst("done")],
         drop=[ant_user("q"), ant_asst(ant_use("a")), ant_user(ant_result("a")), ant_asst("done")]),
    Case("anthropic-partial-parallel-then-user-text", "anthropic",
         [ant_user("q"), ant_asst(ant_use("a"), ant_use("b")), ant_user(ant_result("a")), ant_user("stop")],
         [("dangling_tool_call", 1, "b", "search", "user_interrupt"),
          ("partial_parallel_results", 1, None, None, None)],
         fill=[ant_user("q"), ant_asst(ant_use("a"), ant_use("b")),
               ant_user(ant_result("a"), s_ant("b", "search", U)), ant_user("stop")],
         drop=[ant_user("q"), ant_asst(ant_use("a")), ant_user(ant_result("a")), ant_user("stop")]),
    Case("responses-partial-parallel", "openai_responses",
         [resp_user("q"), resp_call("a"), resp_call("b"), resp_output("a"), resp_asst("done")],
         [("dangling_tool_call", 2, "b", "get_weather", "assistant_continued"),
          ("partial_parallel_results", 1, None, None, None)],
         fill=[resp_user("q"), resp_call("a"), resp_call("b"), resp_output("a"), s_resp("b", "get_weather", AC),
               resp_asst("done")],
         drop=[resp_user("q"), resp_call("a"), resp_output("a"), resp_asst("done")]),
    Case("gemini-partial-parallel", "gemini",
         [gem_user("q"), gem_calls("search#a", "fetch#b"), gem_resps("search#a"), gem_model("done")],
         [("dangling_tool_call", 1, "b", "fetch", "assistant_continued"),
          ("partial_parallel_results", 1, None, None, None)],
         fill=[gem_user("q"), gem_calls("search#a", "fetch#b"),
               {"role": "user", "parts": [gem_fr("search", "a"), s_gem("b", "fetch", AC)]}, gem_model("done")],
         drop=[gem_user("q"), gem_calls("search#a"), gem_resps("search#a"), gem_model("done")]),
    # results split over several user turns: merged into the first
    Case("anthropic-split-results-merged", "anthropic",
         [ant_user("q"), ant_asst(ant_use("a"), ant_use("b")), ant_user(ant_result("a")), ant_user(ant_result("b")),
          ant_asst("done")],
         [("partial_parallel_results", 1, None, None, None)],
         fill=[ant_user("q"), ant_asst(ant_use("a"), ant_use("b")), ant_user(ant_result("a"), ant_result("b")),
               ant_asst("done")]),
    Case("gemini-split-results-merged", "gemini",
         [gem_user("q"), gem_calls("search", "fetch"), gem_resps("fetch"), gem_resps("search"), gem_model("done")],
         [("partial_parallel_results", 1, None, None, None)],
         fill=[gem_user("q"), gem_calls("search", "fetch"), gem_resps("fetch", "search"), gem_model("done")]),
    # ------------------------------------------------------------------ orphan results
    Case("chat-orphan-after-trimming", "openai_chat",
         [chat_tool("gone"), chat_asst("It is sunny."), chat_user("thanks")],
         [("orphan_tool_result", 0, "gone", None, None)],
         fill=[chat_asst("It is sunny."), chat_user("thanks")]),
    Case("chat-orphan-inside-an-open-block", "openai_chat",
         [chat_user("q"), chat_calls("a"), chat_tool("zz"), chat_tool("a"), chat_asst("ok")],
         [("orphan_tool_result", 2, "zz", None, None)],
         fill=[chat_user("q"), chat_calls("a"), chat_tool("a"), chat_asst("ok")]),
    Case("anthropic-orphan-turn-removed", "anthropic",
         [ant_user(ant_result("gone")), ant_asst("It is sunny."), ant_user("thanks")],
         [("orphan_tool_result", 0, "gone", None, None)],
         fill=[ant_asst("It is sunny."), ant_user("thanks")]),
    Case("anthropic-orphan-part-removed-text-kept", "anthropic",
         [ant_user(ant_result("gone"), ant_text("and now?")), ant_asst("sunny")],
         [("orphan_tool_result", 0, "gone", None, None)],
         fill=[ant_user(ant_text("and now?")), ant_asst("sunny")]),
    Case("responses-orphan", "openai_responses",
         [resp_output("gone"), resp_asst("sunny"), resp_user("thanks")],
         [("orphan_tool_result", 0, "gone", None, None)],
         fill=[resp_asst("sunny"), resp_user("thanks")]),
    Case("gemini-orphan-by-name", "gemini",
         [gem_resps("search"), gem_model("sunny")],
         [("orphan_tool_result", 0, None, "search", None)],
         fill=[gem_model("sunny")]),
    Case("gemini-orphan-by-id", "gemini",
         [gem_user("q"), gem_calls("search#a"), gem_resps("search#a", "fetch#zz"), gem_model("ok")],
         [("orphan_tool_result", 2, "zz", None, None)],
         fill=[gem_user("q"), gem_calls("search#a"), gem_resps("search#a"), gem_model("ok")]),
    # ------------------------------------------------------------------ late results, interleaved user message
    # a late result is moved back into its block (the findings still tell it came late)
    Case("chat-late-result-after-user-message", "openai_chat",
         [chat_user("q"), chat_calls("a"), chat_user("actually, Rome"), chat_tool("a"), chat_asst("ok")],
         [("late_tool_result", 3, "a", "get_weather", None),
          ("interleaved_user_message", 2, "a", "get_weather", None)],
         fill=[chat_user("q"), chat_calls("a"), chat_tool("a"), chat_user("actually, Rome"), chat_asst("ok")]),
    Case("chat-interleaved-reported-once-per-user-message", "openai_chat",
         [chat_user("q"), chat_calls("a", "b"), chat_user("hurry"), chat_tool("b"), chat_tool("a")],
         [("late_tool_result", 3, "b", "get_weather", None),
          ("interleaved_user_message", 2, "b", "get_weather", None),
          ("late_tool_result", 4, "a", "get_weather", None)],
         fill=[chat_user("q"), chat_calls("a", "b"), chat_tool("b"), chat_tool("a"), chat_user("hurry")]),
    Case("chat-late-after-assistant-is-not-interleaved", "openai_chat",
         [chat_user("q"), chat_calls("a"), chat_asst("meanwhile"), chat_tool("a")],
         [("late_tool_result", 3, "a", "get_weather", None)],
         fill=[chat_user("q"), chat_calls("a"), chat_tool("a"), chat_asst("meanwhile")]),
    Case("chat-late-result-for-one-of-two-calls", "openai_chat",
         [chat_user("q"), chat_calls("a", "b"), chat_user("hurry"), chat_tool("a"), chat_asst("ok")],
         [("late_tool_result", 3, "a", "get_weather", None),
          ("interleaved_user_message", 2, "a", "get_weather", None),
          ("dangling_tool_call", 1, "b", "get_weather", "user_interrupt"),
          ("partial_parallel_results", 1, None, None, None)],
         fill=[chat_user("q"), chat_calls("a", "b"), chat_tool("a"), s_chat("b", "get_weather", U),
               chat_user("hurry"), chat_asst("ok")],
         drop=[chat_user("q"), chat_calls("a"), chat_tool("a"), chat_user("hurry"), chat_asst("ok")]),
    Case("anthropic-late-result", "anthropic",
         [ant_user("q"), ant_asst(ant_use("a")), ant_user("actually"), ant_user(ant_result("a")), ant_asst("ok")],
         [("late_tool_result", 3, "a", "search", None),
          ("interleaved_user_message", 2, "a", "search", None)],
         fill=[ant_user("q"), ant_asst(ant_use("a")), ant_user(ant_result("a"), ant_text("actually")),
               ant_asst("ok")]),
    Case("anthropic-late-result-after-the-model-moved-on", "anthropic",
         [ant_user("q"), ant_asst(ant_use("a")), ant_asst("meanwhile"), ant_user(ant_result("a"), ant_text("hm"))],
         [("late_tool_result", 3, "a", "search", None)],
         fill=[ant_user("q"), ant_asst(ant_use("a")), ant_user(ant_result("a")), ant_asst("meanwhile"),
               ant_user(ant_text("hm"))]),
    Case("responses-late-result", "openai_responses",
         [resp_user("q"), resp_call("a"), resp_user("actually"), resp_output("a")],
         [("late_tool_result", 3, "a", "get_weather", None),
          ("interleaved_user_message", 2, "a", "get_weather", None)],
         fill=[resp_user("q"), resp_call("a"), resp_output("a"), resp_user("actually")]),
    Case("gemini-late-result-with-id", "gemini",
         [gem_user("q"), gem_calls("search#a"), gem_user("actually"), gem_resps("search#a")],
         [("late_tool_result", 3, "a", "search", None),
          ("interleaved_user_message", 2, "a", "search", None)],
         fill=[gem_user("q"), gem_calls("search#a"),
               {"role": "user", "parts": [*gem_resps("search#a")["parts"], {"text": "actually"}]}]),
    # ------------------------------------------------------------------ duplicate results
    Case("chat-duplicate-result-first-kept", "openai_chat",
         [chat_user("q"), chat_calls("a"), chat_tool("a", "first"), chat_tool("a", "retry"), chat_asst("ok")],
         [("duplicate_tool_result", 3, "a", "get_weather", None)],
         fill=[chat_user("q"), chat_calls("a"), chat_tool("a", "first"), chat_asst("ok")]),
    Case("chat-duplicate-result-after-the-block", "openai_chat",
         [chat_user("q"), chat_calls("a"), chat_tool("a", "first"), chat_asst("ok"), chat_tool("a", "retry")],
         [("duplicate_tool_result", 4, "a", "get_weather", None)],
         fill=[chat_user("q"), chat_calls("a"), chat_tool("a", "first"), chat_asst("ok")]),
    Case("anthropic-duplicate-in-one-turn", "anthropic",
         [ant_user("q"), ant_asst(ant_use("a")), ant_user(ant_result("a", "first"), ant_result("a", "retry"))],
         [("duplicate_tool_result", 2, "a", "search", None)],
         fill=[ant_user("q"), ant_asst(ant_use("a")), ant_user(ant_result("a", "first"))]),
    Case("anthropic-duplicate-in-a-later-turn", "anthropic",
         [ant_user("q"), ant_asst(ant_use("a")), ant_user(ant_result("a", "first")), ant_user(ant_result("a", "2"))],
         [("duplicate_tool_result", 3, "a", "search", None)],
         fill=[ant_user("q"), ant_asst(ant_use("a")), ant_user(ant_result("a", "first"))]),
    Case("responses-duplicate", "openai_responses",
         [resp_user("q"), resp_call("a"), resp_output("a", "first"), resp_output("a", "retry")],
         [("duplicate_tool_result", 3, "a", "get_weather", None)],
         fill=[resp_user("q"), resp_call("a"), resp_output("a", "first")]),
    Case("gemini-duplicate-with-id", "gemini",
         [gem_user("q"), gem_calls("search#a"), gem_resps("search#a", "search#a")],
         [("duplicate_tool_result", 2, "a", "search", None)],
         fill=[gem_user("q"), gem_calls("search#a"), gem_resps("search#a")]),
    Case("gemini-duplicate-without-id", "gemini",
         [gem_user("q"), gem_calls("search"), gem_resps("search", "search")],
         [("duplicate_tool_result", 2, None, "search", None)],
         fill=[gem_user("q"), gem_calls("search"), gem_resps("search")]),
    # ------------------------------------------------------------------ duplicate call ids
    # A reused id: a result belongs to the most recent call with its id before it; that call gets a fresh id
    # (`<id>_<input index>`) on both sides, the earlier one its own outcome.
    Case("chat-duplicate-call-id-in-one-message", "openai_chat",
         [chat_user("q"), chat_calls("a", ("a", "search")), chat_tool("a")],
         [("duplicate_tool_call_id", 1, "a", "search", None),
          ("dangling_tool_call", 1, "a", "get_weather", "unanswered_at_request"),
          ("partial_parallel_results", 1, None, None, None)],
         fill=[chat_user("q"), chat_calls("a", ("a_1", "search")), chat_tool("a_1"),
               s_chat("a", "get_weather", END)],
         drop=[chat_user("q"), chat_calls(("a_1", "search")), chat_tool("a_1")]),
    Case("chat-duplicate-call-id-of-an-earlier-block", "openai_chat",
         [chat_user("q"), chat_calls("a"), chat_tool("a"), chat_asst("x"), chat_user("again"),
          chat_calls("a", content="Again."), chat_tool("a", "second"), chat_asst("y")],
         [("duplicate_tool_call_id", 5, "a", "get_weather", None)],
         fill=[chat_user("q"), chat_calls("a"), chat_tool("a"), chat_asst("x"), chat_user("again"),
               chat_calls("a_5", content="Again."), chat_tool("a_5", "second"), chat_asst("y")]),
    Case("chat-reused-id-after-an-interrupt-takes-the-result", "openai_chat",
         [chat_user("weather in Mexico City?"), chat_calls("call_1"), chat_user("Amsterdam, I mean"),
          chat_calls("call_1"), chat_tool("call_1", "Rainy")],
         [("duplicate_tool_call_id", 3, "call_1", "get_weather", None),
          ("dangling_tool_call", 1, "call_1", "get_weather", "user_interrupt")],
         fill=[chat_user("weather in Mexico City?"), chat_calls("call_1"), s_chat("call_1", "get_weather", U),
               chat_user("Amsterdam, I mean"), chat_calls("call_1_3"), chat_tool("call_1_3", "Rainy")],
         drop=[chat_user("weather in Mexico City?"), chat_user("Amsterdam, I mean"), chat_calls("call_1_3"),
               chat_tool("call_1_3", "Rainy")]),
    Case("anthropic-duplicate-call-id", "anthropic",
         [ant_user("q"), ant_asst(ant_use("a"), ant_use("a", "fetch")), ant_user(ant_result("a"))],
         [("duplicate_tool_call_id", 1, "a", "fetch", None),
          ("dangling_tool_call", 1, "a", "search", "unanswered_at_request"),
          ("partial_parallel_results", 1, None, None, None)],
         fill=[ant_user("q"), ant_asst(ant_use("a"), ant_use("a_1", "fetch")),
               ant_user(ant_result("a_1"), s_ant("a", "search", END))],
         drop=[ant_user("q"), ant_asst(ant_use("a_1", "fetch")), ant_user(ant_result("a_1"))]),
    Case("responses-duplicate-call-id", "openai_responses",
         [resp_user("q"), resp_call("a"), resp_output("a"), resp_call("a"), resp_output("a")],
         [("duplicate_tool_call_id", 3, "a", "get_weather", None)],
         fill=[resp_user("q"), resp_call("a"), resp_output("a"), resp_call("a_3"), resp_output("a_3")]),
    Case("gemini-duplicate-call-id", "gemini",
         [gem_user("q"), gem_calls("search#a", "fetch#a"), gem_resps("search#a")],
         [("duplicate_tool_call_id", 1, "a", "fetch", None),
          ("dangling_tool_call", 1, "a", "search", "unanswered_at_request"),
          ("partial_parallel_results", 1, None, None, None)],
         fill=[gem_user("q"), gem_calls("search#a", "fetch#a_1"),
               {"role": "user", "parts": [gem_fr("search", "a_1"), s_gem("a", "search", END)]}],
         drop=[gem_user("q"), gem_calls("fetch#a_1"), gem_resps("search#a_1")]),
    # ------------------------------------------------------------------ ids a provider refuses (Anthropic)
    Case("anthropic-invalid-call-id", "anthropic",
         [ant_user("q"), ant_asst(ant_use("call.1:x")), ant_user(ant_result("call.1:x")), ant_asst("ok")],
         [("invalid_tool_call_id", 1, "call.1:x", "search", None)],
         fill=[ant_user("q"), ant_asst(ant_use("call_1_x")), ant_user(ant_result("call_1_x")), ant_asst("ok")]),
    # ------------------------------------------------------------------ empty text parts beside other content
    Case("anthropic-empty-text-block", "anthropic",
         [ant_user(ant_text("q"), ant_text(" ")), ant_asst(ant_text(""), ant_use("a")), ant_user(ant_result("a")),
          ant_asst("ok")],
         [("empty_text_block", 0, None, None, None), ("empty_text_block", 1, None, None, None)],
         fill=[ant_user(ant_text("q")), ant_asst(ant_use("a")), ant_user(ant_result("a")), ant_asst("ok")]),
    Case("gemini-empty-text-part", "gemini",
         [gem_user("q"), {"role": "model", "parts": [{"text": ""}, gem_fc("search", "a")]}, gem_resps("search#a"),
          gem_model("ok")],
         [("empty_text_block", 1, None, None, None)],
         fill=[gem_user("q"), gem_calls("search#a"), gem_resps("search#a"), gem_model("ok")]),
    # ------------------------------------------------------------------ an item type the dialect does not know
    Case("responses-unknown-item-type", "openai_responses",
         [resp_user("q"), {"type": "brand_new_item", "id": "z"}, resp_asst("ok")],
         [("unknown_item_type", 1, None, None, None)],
         fill=[resp_user("q"), {"type": "brand_new_item", "id": "z"}, resp_asst("ok")]),
    # ------------------------------------------------------------------ empty tool_calls (OpenAI chat)
    Case("chat-empty-tool-calls-key-removed", "openai_chat",
         [chat_user("q"), {"role": "assistant", "content": "Hello", "tool_calls": []}],
         [("empty_tool_calls", 1, None, None, None)],
         fill=[chat_user("q"), chat_asst("Hello")]),
    Case("chat-empty-tool-calls-and-no-content", "openai_chat",
         [chat_user("q"), {"role": "assistant", "content": None, "tool_calls": []}, chat_asst("Hi")],
         [("empty_tool_calls", 1, None, None, None), ("empty_content", 1, None, None, None)],
         fill=[chat_user("q"), chat_asst("Hi")]),
    # ------------------------------------------------------------------ tool_result_not_first (block dialects)
    Case("anthropic-result-after-text", "anthropic",
         [ant_user("q"), ant_asst(ant_use("a")), ant_user(ant_text("here you go"), ant_result("a"))],
         [("tool_result_not_first", 2, None, None, None)],
         fill=[ant_user("q"), ant_asst(ant_use("a")), ant_user(ant_result("a"), ant_text("here you go"))]),
    Case("gemini-response-after-text", "gemini",
         [gem_user("q"), gem_calls("search#a"), {"role": "user", "parts": [{"text": "here"}, gem_fr("search", "a")]}],
         [("tool_result_not_first", 2, None, None, None)],
         fill=[gem_user("q"), gem_calls("search#a"), {"role": "user", "parts": [gem_fr("search", "a"),
                                                                                 {"text": "here"}]}]),
    # ------------------------------------------------------------------ empty content
    Case("anthropic-empty-messages", "anthropic",
         [ant_user("q"), {"role": "assistant", "content": []}, {"role": "user", "content": ""},
          ant_user(ant_text("")), ant_asst("a")],
         [("empty_content", 1, None, None, None), ("empty_content", 2, None, None, None),
          ("empty_content", 3, None, None, None)],
         fill=[ant_user("q"), ant_asst("a")]),
    Case("gemini-empty-parts", "gemini",
         [gem_user("q"), {"role": "model", "parts": []}, {"role": "user", "parts": [{"text": ""}]},
          {"role": "model"}, gem_model("a")],
         [("empty_content", 1, None, None, None), ("empty_content", 2, None, None, None),
          ("empty_content", 3, None, None, None)],
         fill=[gem_user("q"), gem_model("a")]),
    Case("chat-empty-assistant", "openai_chat",
         [chat_user("q"), chat_asst(None), chat_asst(""), {"role": "assistant"}, chat_asst("a")],
         [("empty_content", 1, None, None, None), ("empty_content", 2, None, None, None),
          ("empty_content", 3, None, None, None)],
         fill=[chat_user("q"), chat_asst("a")]),
    Case("responses-empty-assistant-message", "openai_responses",
         [resp_user("q"), {"type": "message", "role": "assistant", "content": []}, resp_asst("a")],
         [("empty_content", 1, None, None, None)],
         fill=[resp_user("q"), resp_asst("a")]),
    # ------------------------------------------------------------------ malformed calls
    Case("chat-malformed-no-id", "openai_chat",
         [chat_user("q"), chat_calls((None, "search"), "b"), chat_tool("b")],
         [("malformed_tool_call", 1, None, "search", None)],
         fill=[chat_user("q"), chat_calls("b"), chat_tool("b")]),
    Case("chat-malformed-no-name-and-its-result", "openai_chat",
         [chat_user("q"), chat_calls(("a", None), content="Trying."), chat_tool("a"), chat_asst("ok")],
         [("malformed_tool_call", 1, "a", None, None), ("orphan_tool_result", 2, "a", None, None)],
         fill=[chat_user("q"), chat_asst("Trying."), chat_asst("ok")]),
    Case("chat-malformed-not-an-object", "openai_chat",
         [chat_user("q"), {"role": "assistant", "content": None, "tool_calls": ["oops"]}, chat_asst("ok")],
         [("malformed_tool_call", 1, None, None, None)],
         fill=[chat_user("q"), chat_asst("ok")]),
    Case("anthropic-malformed", "anthropic",
         [ant_user("q"), ant_asst(ant_text("Let me."), ant_use(None), ant_use("b", None), ant_use("c", inp=42)),
          ant_user("next")],
         [("malformed_tool_call", 1, None, "search", None), ("malformed_tool_call", 1, "b", None, None),
          ("malformed_tool_call", 1, "c", "search", None)],
         fill=[ant_user("q"), ant_asst(ant_text("Let me.")), ant_user("next")]),
    Case("responses-malformed", "openai_responses",
         [resp_user("q"), resp_call(None), resp_call("b", None), resp_asst("ok")],
         [("malformed_tool_call", 1, None, "get_weather", None), ("malformed_tool_call", 2, "b", None, None)],
         fill=[resp_user("q"), resp_asst("ok")]),
    Case("gemini-malformed-no-name", "gemini",
         [gem_user("q"), {"role": "model", "parts": [{"text": "Let me."}, gem_fc(None)]}, gem_user("next")],
         [("malformed_tool_call", 1, None, None, None)],
         fill=[gem_user("q"), gem_model("Let me."), gem_user("next")]),
    # ------------------------------------------------------------------ system messages mid-way (warning)
    Case("chat-system-not-first-closes-the-block", "openai_chat",
         [chat_system("a"), {"role": "developer", "content": "b"}, chat_user("q"), chat_calls("c1"),
          chat_system("new rules"), chat_tool("c1")],
         [("system_not_first", 4, None, None, None),
          ("late_tool_result", 5, "c1", "get_weather", None),
          ("interleaved_user_message", 4, "c1", "get_weather", None)],
         fill=[chat_system("a"), {"role": "developer", "content": "b"}, chat_user("q"), chat_calls("c1"),
               chat_tool("c1"), chat_system("new rules")]),
    # thinking bound to its prefix: the default (auto, no model named) keeps the thinking after the first change
    # and reports it; fill changes the history at the synthesized result (message 2), drop inside message 1, after
    # its thinking (kept, as the turn's only content: removing it would invalidate every later block)
    Case("anthropic-thinking-after-repair", "anthropic",
         [ant_user("go"), ant_asst(THINK1, ant_use("t1")), ant_user("stop"), ant_asst(THINK2, ant_text("ok"))],
         [("dangling_tool_call", 1, "t1", "search", U), ("thinking_prefix_changed", 3, None, None, None)],
         fill=[ant_user("go"), ant_asst(THINK1, ant_use("t1")),
               ant_user(s_ant("t1", "search", U), ant_text("stop")), ant_asst(THINK2, ant_text("ok"))],
         drop=[ant_user("go"), ant_asst(THINK1), ant_user("stop"), ant_asst(THINK2, ant_text("ok"))]),
    Case("responses-system-not-first", "openai_responses",
         [resp_user("q"), resp_asst("a"), resp_system("late"), {"role": "developer", "content": "later"}],
         [("system_not_first", 2, None, None, None), ("system_not_first", 3, None, None, None)],
         fill=[resp_user("q"), resp_asst("a"), resp_system("late"), {"role": "developer", "content": "later"}]),
]


@pytest.mark.parametrize("case", [c.param() for c in CASES])
@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_case(case: Case, strategy: str) -> None:
    before = copy.deepcopy(case.history)
    r = processor.repair(case.history, case.dialect, strategy)  # type: ignore[arg-type]
    assert case.history == before, "the input was mutated"
    # the structural findings, exactly; the behavioural signals' judgement of these placeholder texts is the
    # model's, graded on the labelled sets (bench/eval_regression.py), not here
    assert [f for f in fk(r.findings) if f[0] not in BEHAVIOURAL] == case.findings
    expected = case.fill if strategy == "fill" or case.drop is None else case.drop
    assert r.messages == expected
    has_errors = any(f.severity == "error" for f in r.findings)
    assert r.changed is (r.messages != case.history or has_errors)
    assert r.changed is bool(r.actions)
    check(r, case.history, case.dialect, strategy)


def test_every_finding_kind_and_reason_is_covered_by_the_cases() -> None:
    kinds = {f[0] for c in CASES for f in c.findings}
    # thinking_dropped_by_provider comes from response events (test_partition), tool_result_lost from tool runs
    # (test_toolspans), the retry findings from retries (test_retries), not from these cases
    expected = {k.value for k in processor.FindingKind} - {"invalid_role", "tool_history_erased",
                                                           "text_only_regression", "thinking_dropped_by_provider",
                                                           "tool_result_lost", "futile_retry", "blind_retry",
                                                           "retry_limit_exceeded", "failed_retry_success_claim"}
    assert kinds == expected  # invalid_role has tests of its own below
    reasons = {f[4] for c in CASES for f in c.findings if f[4]}
    assert reasons == {"user_interrupt", "assistant_continued", "unanswered_at_request"}  # others: test_tracker


def test_severities() -> None:
    r = processor.repair([chat_system(), chat_user(), chat_system("again"), chat_tool("x")])
    assert [(f.kind.value, f.severity.value) for f in r.findings] == [("system_not_first", "warning"),
                                                                      ("orphan_tool_result", "error")]
    assert r.findings[0].to_dict() == {"kind": "system_not_first", "severity": "warning", "index": 2}


def test_actions_report_what_was_done_and_messages_carry_no_extra_keys() -> None:
    h = [chat_user("q"), chat_calls("a", "b"), chat_tool("a"), chat_tool("a"), chat_tool("zz"), chat_user("stop")]
    r = processor.repair(h, strategy="fill")
    assert acts(r) == [("drop_result", 3, "a"), ("drop_result", 4, "zz"), ("synthesize_result", None, "b")]
    r = processor.repair(h, strategy="drop")
    assert acts(r) == [("drop_result", 3, "a"), ("drop_result", 4, "zz"), ("drop_call", 1, "b")]
    for m in r.messages:
        assert set(m) <= {"role", "content", "tool_calls", "tool_call_id"}
    assert r.to_dict()["actions"][0] == {"action": "drop_result", "index": 3, "call_id": "a"}


# ----------------------------------------------------------------------------------------------------
# invalid roles: reported, never rewritten, transparent to the block

INVALID_ROLE_CASES = [
    pytest.param("openai_chat", [chat_user("q"), chat_calls("a"), {"role": "critic", "content": "hm"},
                                 chat_tool("a"), chat_asst("ok")], 2, id="chat"),
    pytest.param("anthropic", [ant_user("q"), ant_asst(ant_use("a")), {"role": "critic", "content": "Be brief."},
                               ant_user(ant_result("a")), ant_asst("ok")], 2, id="anthropic"),
    pytest.param("openai_responses", [resp_user("q"), resp_call("a"),
                                      {"type": "message", "role": "critic", "content": "hm"}, resp_output("a")], 2,
                 id="responses"),
    pytest.param("gemini", [gem_user("q"), gem_calls("search#a"), {"role": "assistant", "parts": [{"text": "x"}]},
                            gem_resps("search#a")], 2, id="gemini-assistant-role"),
]


@pytest.mark.parametrize(("dialect", "history", "index"), INVALID_ROLE_CASES)
@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_invalid_role_passes_through_unchanged(dialect: str, history: list[Any], index: int, strategy: str) -> None:
    r = processor.repair(history, dialect, strategy)  # type: ignore[arg-type]
    assert fk(r.findings) == [("invalid_role", index, None, None, None)]
    assert r.actions == [] and r.changed is False
    assert len(r.messages) == len(history) and all(a is b for a, b in zip(r.messages, history, strict=True))
    assert [v.rule for v in validate(r.messages, dialect)] == ["invalid_role"]  # type: ignore[arg-type]


def test_invalid_role_is_not_rewritten_while_other_things_are_repaired() -> None:
    h = [chat_user("q"), {"role": "critic", "content": "hm"}, chat_calls("a")]
    r = processor.repair(h, "openai_chat")
    assert r.messages[1] is h[1]
    assert fk(r.findings) == [("invalid_role", 1, None, None, None),
                              ("dangling_tool_call", 2, "a", "get_weather", "unanswered_at_request")]


# ----------------------------------------------------------------------------------------------------
# synthesized content: by reason, per-tool templates with wildcards, non-idempotent timeouts


@pytest.mark.parametrize("reason", [r for r in R if r is not R.INVALID_ARGUMENTS])
def test_synthesized_content_per_reason(reason: DanglingReason) -> None:
    r = processor.repair([chat_user(), chat_calls(("c9", "lookup"))], reason=reason)
    assert r.messages[-1] == s_chat("c9", "lookup", reason)
    assert fk(r.findings) == [("dangling_tool_call", 1, "c9", "lookup", reason.value)]


TEMPLATES = {
    "search": {"user_interrupt": "search {call_id} stopped ({reason})", "*": "search: nothing ({reason})"},
    "*": {"user_interrupt": "{tool} interrupted", "*": "{tool}/{call_id}: no result"},
}


@pytest.mark.parametrize(
    ("tool", "reason", "text"),
    [
        ("search", R.USER_INTERRUPT, "search c1 stopped (user_interrupt)"),  # tool + reason
        ("search", R.ASSISTANT_CONTINUED, "search: nothing (assistant_continued)"),  # tool + *
        ("fetch", R.USER_INTERRUPT, "fetch interrupted"),  # * + reason
        ("fetch", R.UNANSWERED_AT_REQUEST, "fetch/c1: no result"),  # * + *
    ],
)
def test_templates_with_wildcards(tool: str, reason: DanglingReason, text: str) -> None:
    h = [chat_user(), chat_calls(("c1", tool))]
    if reason is R.USER_INTERRUPT:
        h.append(chat_user("stop"))
    elif reason is R.ASSISTANT_CONTINUED:
        h.append(chat_asst("anyway"))
    r = processor.repair(h, templates=TEMPLATES)
    assert r.messages[2] == {"role": "tool", "tool_call_id": "c1", "content": text}


def test_template_for_one_tool_leaves_the_others_on_the_default_wording() -> None:
    h = [ant_user("q"), ant_asst(ant_use("a", "search"), ant_use("b", "fetch")), ant_user("stop")]
    r = processor.repair(h, templates={"search": {"*": "search was cancelled"}})
    parts = r.messages[2]["content"]
    assert [p.get("content") for p in parts[:2]] == ["search was cancelled", say(U, "b", "fetch")]
    assert all(p["is_error"] is True for p in parts[:2])


def test_template_with_json_braces_and_unknown_placeholders_is_not_formatted() -> None:
    tpl = '{"error": "cancelled", "id": "{call_id}", "x": "{unknown}"}'
    r = processor.repair([chat_user(), chat_calls("c1")], templates={"*": {"*": tpl}})
    assert r.messages[-1]["content"] == '{"error": "cancelled", "id": "c1", "x": "{unknown}"}'


def test_non_idempotent_tool_timeout_wording_in_batch() -> None:
    h = [resp_user(), resp_call("c1", "transfer_money"), resp_call("c2", "get_balance")]
    r = processor.repair(h, non_idempotent_tools=["transfer_money"], reason=R.TIMEOUT)
    unknown, plain = r.messages[-2]["output"], r.messages[-1]["output"]
    assert "UNKNOWN" in unknown and "transfer_money" in unknown and "c1" in unknown
    assert "retry" in unknown
    assert plain == say(R.TIMEOUT, "c2", "get_balance")
    # only a timeout leaves the outcome unknown
    r = processor.repair(h, non_idempotent_tools=["transfer_money"], reason=R.CONVERSATION_END)
    assert r.messages[-2]["output"] == say(R.CONVERSATION_END, "c1", "transfer_money")


def test_anthropic_synthesized_results_are_errors() -> None:
    r = processor.repair([ant_user("q"), ant_asst(ant_use("a"), ant_use("b")), ant_user(ant_result("a"))])
    synth = r.messages[-1]["content"][1]
    assert synth["is_error"] is True and synth["tool_use_id"] == "b"
    assert "is_error" not in r.messages[-1]["content"][0]  # real results are left as they are


def test_gemini_synthesized_responses_are_error_objects() -> None:
    r = processor.repair([gem_user(), gem_calls("search#a")])
    assert r.messages[-1]["parts"][0]["functionResponse"]["response"] == {
        "error": say(END, "a", "search")}


def test_gemini_synthesized_text_without_an_id_reads_well() -> None:
    """A Gemini call without an id has no `{call_id}`: the default wording must not read "Tool call  (search)"."""
    r = processor.repair([gem_user(), gem_calls("search")])
    text = r.messages[-1]["parts"][0]["functionResponse"]["response"]["error"]
    assert "search" in text
    assert "  " not in text and "()" not in text


# ----------------------------------------------------------------------------------------------------
# Gemini: calls without ids are paired by name and order inside their turn


def test_gemini_pairs_calls_without_ids_by_name() -> None:
    h = [gem_user("q"), gem_calls("search", "fetch", "search"), gem_resps("fetch", "search"), gem_model("ok")]
    r = processor.repair(h)
    assert fk(r.findings) == [("dangling_tool_call", 1, None, "search", "assistant_continued"),
                              ("partial_parallel_results", 1, None, None, None)]
    assert r.messages[2] == {"role": "user", "parts": [gem_fr("fetch"), gem_fr("search"),
                                                       s_gem(None, "search", AC)]}
    check(r, h, "gemini", "fill")
    d = processor.repair(h, strategy="drop")
    assert d.messages[1] == gem_calls("search", "fetch")  # the second search (the unanswered one) is dropped
    check(d, h, "gemini", "drop")


def test_gemini_response_with_id_answers_a_call_without_one_and_vice_versa() -> None:
    h = [gem_user("q"), gem_calls("search", "fetch#f1"), gem_resps("search#s1", "fetch"), gem_model("ok")]
    r = processor.repair(h)
    assert r.findings == [] and r.changed is False


def test_gemini_function_role_holds_responses() -> None:
    h = [gem_user("q"), gem_calls("search"), {"role": "function", "parts": [gem_fr("search")]}, gem_model("ok")]
    r = processor.repair(h)
    assert r.findings == [] and r.changed is False


# ----------------------------------------------------------------------------------------------------
# Responses: reasoning items go with the call they precede


def test_responses_drop_removes_the_reasoning_item_before_a_dropped_call() -> None:
    h = [resp_user("q"), resp_reasoning(1), resp_call("a"), resp_reasoning(2), resp_call("b"), resp_output("a"),
         resp_asst("done")]
    r = processor.repair(h, strategy="drop")
    assert r.messages == [resp_user("q"), resp_reasoning(1), resp_call("a"), resp_output("a"), resp_asst("done")]
    assert acts(r) == [("drop_call", 4, "b"), ("drop_message", 4, None), ("drop_reasoning", 3, None)]
    check(r, h, "openai_responses", "drop")
    f = processor.repair(h)
    assert f.messages == [*h[:6], s_resp("b", "get_weather", AC), h[6]]
    check(f, h, "openai_responses", "fill")


def test_responses_drop_keeps_a_reasoning_item_that_belongs_to_a_message() -> None:
    h = [resp_user("q"), resp_reasoning(1), resp_call("a"), resp_user("stop"), resp_reasoning(2), resp_asst("ok")]
    r = processor.repair(h, strategy="drop")
    assert r.messages == [resp_user("q"), resp_user("stop"), resp_reasoning(2), resp_asst("ok")]
    check(r, h, "openai_responses", "drop")


def test_responses_fill_does_not_leave_a_reasoning_item_before_a_synthesized_output() -> None:
    """[call, reasoning, message]: the reasoning belongs to the message; the synthesized output for the call
    must not land between the reasoning item and its message ("reasoning without its following item")."""
    h = [resp_user("q"), resp_call("a"), resp_reasoning(1), resp_asst("answer")]
    r = processor.repair(h)
    assert fk(r.findings) == [("dangling_tool_call", 1, "a", "get_weather", "assistant_continued")]
    check(r, h, "openai_responses", "fill")
    k = r.messages.index(resp_reasoning(1))
    assert r.messages[k + 1] == resp_asst("answer")  # the reasoning item stays with its message


@pytest.mark.parametrize("strategy", ["fill", "drop"])
@pytest.mark.parametrize("bad", [resp_call(None), resp_call("a", None)], ids=["no-call_id", "no-name"])
def test_responses_malformed_call_takes_its_reasoning_item_with_it(strategy: str, bad: Msg) -> None:
    h = [resp_user("q"), resp_reasoning(1), bad, resp_user("next")]
    r = processor.repair(h, strategy=strategy)  # type: ignore[arg-type]
    assert [f.kind.value for f in r.findings] == ["malformed_tool_call"]
    check(r, h, "openai_responses", strategy)
    assert r.messages == [resp_user("q"), resp_user("next")]


@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_responses_reused_call_id_is_renamed_and_dropped_with_its_reasoning_item(strategy: str) -> None:
    h = [resp_user("q"), resp_call("a"), resp_output("a"), resp_reasoning(1), resp_call("a"), resp_user("next")]
    r = processor.repair(h, strategy=strategy)  # type: ignore[arg-type]
    assert [f.kind.value for f in r.findings] == ["duplicate_tool_call_id", "dangling_tool_call"]
    assert r.findings[1].call_id == "a_4"
    if strategy == "fill":
        assert r.messages[3:] == [resp_reasoning(1), resp_call("a_4"), s_resp("a_4", "get_weather", U),
                                  resp_user("next")]
    else:
        assert r.messages[3:] == [resp_user("next")]
    check(r, h, "openai_responses", strategy)


# ----------------------------------------------------------------------------------------------------
# behavioural examples modelled on cloudwego/eino `patchtoolcalls` (OpenAI chat shapes)


def test_eino_like_no_tool_calls_is_unchanged() -> None:
    h = [chat_system(), chat_user("hello"), chat_asst("hi"), chat_user("bye"), chat_asst("bye")]
    r = processor.repair(h)
    assert r.changed is False and all(a is b for a, b in zip(r.messages, h, strict=True))
    assert processor.repair([]).messages == []


def test_eino_like_one_dangling_call_is_patched_right_after_its_assistant_message() -> None:
    h = [chat_user("weather?"), chat_calls(("call_1", "get_weather")), chat_user("hello?"), chat_asst("sorry")]
    r = processor.repair(h)
    assert r.messages[1] is h[1]
    assert r.messages[2] == s_chat("call_1", "get_weather", U)
    assert r.messages[3:] == h[2:]


def test_eino_like_several_dangling_calls_in_several_messages() -> None:
    h = [chat_user("a"), chat_calls(("c1", "search"), ("c2", "fetch")), chat_user("b"),
         chat_calls(("c3", "search")), chat_asst("c")]
    r = processor.repair(h)
    assert r.messages == [h[0], h[1], s_chat("c1", "search", U), s_chat("c2", "fetch", U), h[2], h[3],
                          s_chat("c3", "search", AC), h[4]]
    assert [f.call_id for f in r.findings] == ["c1", "c2", "c3"]


def test_eino_like_some_answered_some_not() -> None:
    h = [chat_user("a"), chat_calls(("c1", "search"), ("c2", "fetch"), ("c3", "lookup")), chat_tool("c2", "ok"),
         chat_user("b")]
    r = processor.repair(h)
    assert r.messages == [h[0], h[1], h[2], s_chat("c1", "search", U), s_chat("c3", "lookup", U), h[3]]


def test_eino_like_custom_content_by_tool_name_and_call_id() -> None:
    h = [chat_user("a"), chat_calls(("c1", "search"), ("c2", "fetch")), chat_user("b")]
    r = processor.repair(h, templates={"search": {"*": "search {call_id} was skipped"},
                                       "fetch": {"*": "fetch for {call_id}: no data"}})
    assert [m["content"] for m in r.messages[2:4]] == ["search c1 was skipped", "fetch for c2: no data"]


# ----------------------------------------------------------------------------------------------------
# behavioural examples modelled on pydantic-ai's `_clean_message_history` (Anthropic shapes)


def test_pydantic_ai_like_orphan_results_are_removed() -> None:
    h = [ant_user(ant_result("old_1"), ant_result("old_2")), ant_user("new question"), ant_asst("answer"),
         ant_user(ant_result("old_3"), ant_text("one more"))]
    r = processor.repair(h)
    assert r.messages == [ant_user("new question"), ant_asst("answer"), ant_user(ant_text("one more"))]
    assert [f.call_id for f in r.findings] == ["old_1", "old_2", "old_3"]


def test_pydantic_ai_like_results_are_moved_before_user_text() -> None:
    h = [ant_user("q"), ant_asst(ant_use("a"), ant_use("b")),
         ant_user(ant_text("first"), ant_result("a"), ant_text("second"), ant_result("b"))]
    r = processor.repair(h)
    assert r.messages[2] == ant_user(ant_result("a"), ant_result("b"), ant_text("first"), ant_text("second"))
    check(r, h, "anthropic", "fill")


def test_pydantic_ai_like_consecutive_result_turns_are_merged() -> None:
    h = [ant_user("q"), ant_asst(ant_use("a"), ant_use("b"), ant_use("c")), ant_user(ant_result("b")),
         ant_user(ant_result("a")), ant_user(ant_result("c")), ant_asst("done")]
    r = processor.repair(h)
    assert r.messages == [h[0], h[1], ant_user(ant_result("b"), ant_result("a"), ant_result("c")), h[5]]
    assert fk(r.findings) == [("partial_parallel_results", 1, None, None, None)]
    assert acts(r) == [("merge_results", 3, None), ("drop_message", 3, None), ("merge_results", 4, None),
                       ("drop_message", 4, None)]


@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_pydantic_ai_like_results_turn_followed_by_results_and_text(strategy: str) -> None:
    """The last results of a split block arrive together with the user's next words: the results must end up
    in the one results turn (merged), the text after them; nothing may be lost."""
    h = [ant_user("q"), ant_asst(ant_use("a"), ant_use("b")), ant_user(ant_result("a")),
         ant_user(ant_result("b"), ant_text("and now?"))]
    r = processor.repair(h, strategy=strategy)  # type: ignore[arg-type]
    assert [f.kind.value for f in r.findings] == ["partial_parallel_results"]
    check(r, h, "anthropic", strategy)


@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_gemini_results_turn_followed_by_results_and_text(strategy: str) -> None:
    h = [gem_user("q"), gem_calls("search#a", "fetch#b"), gem_resps("search#a"),
         gem_resps("fetch#b", text="and now?")]
    r = processor.repair(h, strategy=strategy)  # type: ignore[arg-type]
    assert [f.kind.value for f in r.findings] == ["partial_parallel_results"]
    check(r, h, "gemini", strategy)


# ----------------------------------------------------------------------------------------------------
# regressions found by the property tests


@pytest.mark.parametrize("dialect", ["anthropic", "gemini"])
@pytest.mark.parametrize("extra", ["orphan", "duplicate"])
def test_split_results_turn_with_an_unwanted_result_is_merged(dialect: str, extra: str) -> None:
    """A second results-only turn that also holds an orphan (or a duplicate) result: the unwanted part is
    removed and the rest merged (the engine raised IndexError: result positions went stale after removal)."""
    if dialect == "anthropic":
        bad = ant_result("zz") if extra == "orphan" else ant_result("a")
        h = [ant_user("q"), ant_asst(ant_use("a"), ant_use("b"), ant_use("c")), ant_user(ant_result("a")),
             ant_user(bad, ant_result("b")), ant_user(ant_result("c"))]
    else:
        bad = gem_fr("x", "zz") if extra == "orphan" else gem_fr("search", "a")
        h = [gem_user("q"), gem_calls("search#a", "fetch#b", "get#c"), gem_resps("search#a"),
             {"role": "user", "parts": [bad, gem_fr("fetch", "b")]}, gem_resps("get#c")]
    r = processor.repair(h)
    kind = "orphan_tool_result" if extra == "orphan" else "duplicate_tool_result"
    assert sorted(f.kind.value for f in r.findings) == sorted([kind, "partial_parallel_results"])
    assert len(r.messages) == 3
    check(r, h, dialect, "fill")


@pytest.mark.parametrize("bad", ["no-id", "duplicate-id"])
def test_drop_removes_the_right_call_after_a_malformed_one_was_removed(bad: str) -> None:
    """A malformed (or duplicate-id) call before the dangling one: `drop` must remove the dangling call, not
    the answered one next to it (positions into the message went stale after the first removal)."""
    if bad == "no-id":  # [malformed, a (dangling), b (answered)]
        h = [chat_user("q"), chat_calls((None, "search"), "a", "b"), chat_tool("b"), chat_user("next")]
        kept = chat_calls("b")
    else:  # [b (shadowed: dangling), b again (renamed b_1, answered), a (dangling)]
        h = [chat_user("q"), chat_calls(("b", "search"), "b", "a"), chat_tool("b"), chat_user("next")]
        kept = chat_calls("b_1")
    r = processor.repair(h, strategy="drop")
    answer = chat_tool("b_1") if bad != "no-id" else chat_tool("b")
    assert r.messages == [chat_user("q"), kept, answer, chat_user("next")]
    check(r, h, "openai_chat", "drop")


def test_drop_never_removes_text_in_place_of_a_call() -> None:
    h = [ant_user("q"), ant_asst(ant_use(None), ant_use("a"), ant_text("I will check.")), ant_user("stop")]
    r = processor.repair(h, strategy="drop")
    assert r.messages == [ant_user("q"), ant_asst(ant_text("I will check.")), ant_user("stop")]
    check(r, h, "anthropic", "drop")


@pytest.mark.parametrize(
    ("dialect", "history"),
    [
        ("openai_chat", [chat_user("q"), chat_calls("a"), chat_asst(""), chat_tool("a", "12 degrees"),
                         chat_asst("It is 12.")]),
        ("anthropic", [ant_user("q"), ant_asst(ant_use("a")), ant_asst(""), ant_user(ant_result("a", "12")),
                       ant_asst("It is 12.")]),
        ("openai_responses", [resp_user("q"), resp_call("a"), {"type": "message", "role": "assistant",
                                                               "content": []}, resp_output("a")]),
        ("gemini", [gem_user("q"), gem_calls("search#a"), {"role": "model", "parts": []}, gem_resps("search#a")]),
    ],
)
@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_an_empty_assistant_message_does_not_close_the_block(dialect: str, history: list[Any], strategy: str) -> None:
    """An empty message is removed; it is no "assistant message (text or new calls)", so it must not close the
    block and turn the real result that follows into a late one (which would be thrown away)."""
    r = processor.repair(history, dialect, strategy)  # type: ignore[arg-type]
    assert fk(r.findings) == [("empty_content", 2, None, None, None)]
    assert r.messages == [m for i, m in enumerate(history) if i != 2]


@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_gemini_repair_does_not_leave_a_call_turn_after_a_model_turn(strategy: str) -> None:
    """Gemini: "function call turn comes immediately after a user turn or after a function response turn"."""
    h = [gem_user("q"), gem_calls("search#a", text="Let me look."), gem_calls("fetch#b"), gem_resps("fetch#b"),
         gem_model("ok")]
    r = processor.repair(h, strategy=strategy)  # type: ignore[arg-type]
    check(r, h, "gemini", strategy)


_CRITIC = {"role": "critic", "parts": [{"text": "x"}]}  # a role Gemini does not know: passed through


@pytest.mark.parametrize(("ids", "ts"), [
    pytest.param(False, None, id="no-ids"),
    pytest.param(True, None, id="ids-held-to-the-end"),
    pytest.param(True, [0, 1_000, 2_000, 3_000, 4_000], id="ids-held-inside-the-grace"),
    pytest.param(True, [0, 1_000, 2_000, 3_000, 33_000], id="ids-grace-runs-out"),  # held at 3 s, 30 s grace
])
def test_gemini_drop_merges_the_model_turn_past_a_message_of_an_unknown_role(ids: bool, ts: list[int] | None,
                                                                             ) -> None:
    """Found by the event-time property (gemini, drop): drop leaves the first call turn as a plain model turn,
    and an unknown role lies between it and the next call turn. The tracker passes that message through (it
    neither closes nor answers a block) and the validator looks through it too, so the plain model turn was
    "just before" the call turn, but only a model turn right before was merged: `call_turn_position`. With ids
    the first block is held for late results, so the merge happens when it is decided (watermark or end)."""
    a, b = ("search#a", "fetch#b") if ids else ("search", "fetch")
    h = [gem_user("q"), gem_calls(a, text="Let me look."), _CRITIC, gem_calls(b, text="Now this."), gem_resps(b)]
    cfg = processor.RepairConfig(strategy="drop")
    r = processor.repair(h, config=cfg, timestamps=ts, behaviour=False)
    fetch = gem_calls(b)["parts"]
    assert r.messages == [gem_user("q"), _CRITIC,
                          {"role": "model", "parts": [{"text": "Let me look."}, {"text": "Now this."}, *fetch]},
                          gem_resps(b)]
    assert ("merge_turns", 1, None) in acts(r)
    check(r, h, "gemini", "drop")
    # the stream (the watermark following the events) gives the same
    t = processor.Tracker("gemini", cfg)
    out: list[Any] = []
    for i, m in enumerate(h):
        out.extend(e.message for e in t.feed(m, tag=i, ts=ts[i] if ts else None).messages)
        if ts:
            out.extend(e.message for e in t.advance(ts[i]).messages)
    out.extend(e.message for e in t.finish().messages)
    assert out == r.messages


def test_gemini_limit_a_model_turn_already_let_go_is_not_merged() -> None:
    """The documented limit (docs/semantics.md, Limits): the late response that completes a held block lets the
    output behind it go, a text turn included; the call turn after it can no longer be merged with it. While
    the block still waits for another late result, the text turn is held and is merged."""
    h = [gem_user("u"), gem_calls("f#1", text="a"), gem_user("v"), gem_model("t"), gem_resps("f#1"),
         gem_calls("h#3", text="b"), gem_resps("h#3")]
    r = processor.repair(h, "gemini", behaviour=False)
    assert r.messages[3:5] == [gem_model("t"), gem_calls("h#3", text="b")]
    assert [(v.rule, v.index) for v in validate(r.messages, "gemini")] == [("call_turn_position", 4)]
    # two calls, one late result: the block still waits, the text turn is still held and is merged
    h2 = [gem_user("u"), gem_calls("f#1", "g#2", text="a"), *h[2:]]
    r2 = processor.repair(h2, "gemini", behaviour=False)
    assert r2.messages[3] == {"role": "model", "parts": [{"text": "t"}, *gem_calls("h#3", text="b")["parts"]]}
    assert ("merge_turns", 3, None) in acts(r2)
    check(r2, h2, "gemini", "fill")


def test_chat_legacy_function_message_inside_a_block() -> None:
    """A legacy `role: function` message between tool_calls and their tool messages breaks the run (the API
    wants the tool messages right after the assistant message); after repair the history must be valid."""
    h = [chat_user("q"), chat_calls("a"), {"role": "function", "name": "f", "content": "x"}, chat_tool("a")]
    r = processor.repair(h)
    check(r, h, "openai_chat", "fill")


def test_late_results_are_moved_into_place_by_default() -> None:
    """The issue's example: the tool did return, so its result is kept and no placeholder is written."""
    h = [chat_user("q"), chat_calls("a"), chat_user("Also, what time is it?"), chat_tool("a", "18C, sunny")]
    r = processor.repair(h)
    assert r.messages == [chat_user("q"), chat_calls("a"), chat_tool("a", "18C, sunny"),
                          chat_user("Also, what time is it?")]
    assert ("move_result", 3, "a") in acts(r)
    assert [(f.kind.value, f.index) for f in r.findings] == [("late_tool_result", 3), ("interleaved_user_message", 2)]
    assert validate(r.messages, "openai_chat") == []
    # late_results="drop" keeps the old behaviour: the placeholder stands, the result is dropped
    d = processor.repair(h, late_results="drop")
    assert chat_tool("a", "18C, sunny") not in d.messages
    assert d.messages[2] == s_chat("a", "get_weather", U)
    # a result that is not late stays where it is; repairing again changes nothing
    assert processor.repair(r.messages).changed is False


@pytest.mark.parametrize(("gap", "kept"), [(29_999, True), (30_000, False)])
def test_batch_with_timestamps_applies_the_grace(gap: int, kept: bool) -> None:
    h = [chat_user("q"), chat_calls("a"), chat_user("Also?"), chat_tool("a", "18C"), chat_asst("ok")]
    ts = [0, 1_000, 2_000, 2_000 + gap, 2_000 + gap]
    r = processor.repair(h, timestamps=ts)
    assert (chat_tool("a", "18C") in r.messages) is kept
    assert (s_chat("a", "get_weather", U) in r.messages) is not kept
    check(r, h, "openai_chat", "fill")


@pytest.mark.parametrize("strategy", ["fill", "drop"])
@pytest.mark.parametrize(("dialect", "history"), [
    ("openai_chat", [chat_user("q"), {"role": "assistant", "content": None, "tool_calls": [
        chat_call("a", "get_weather", '{"city": "Par')]}, chat_user("hello?")]),
    ("openai_responses", [resp_user("q"), {**resp_call("a"), "arguments": '{"city": '}, resp_user("hello?")]),
    ("gemini", [gem_user("q"), {"role": "model", "parts": [
        {"functionCall": {"name": "get_weather", "id": "a", "args": "{\"city"}}]}, gem_user("hello?")]),
])
def test_calls_with_arguments_that_do_not_parse_get_their_own_reason(dialect: str, history: list[Any],
                                                                     strategy: str) -> None:
    r = processor.repair(history, dialect, strategy)  # type: ignore[arg-type]
    assert fk(r.findings) == [("dangling_tool_call", 1, "a", "get_weather", "invalid_arguments")]
    assert {a.reason for a in r.actions if a.reason} == {R.INVALID_ARGUMENTS}
    if strategy == "fill":
        text = str(r.messages[2])
        assert "arguments were malformed or truncated" in text
    check(r, history, dialect, strategy)


def test_templates_see_the_call_arguments() -> None:
    h = [chat_user("q"), {"role": "assistant", "content": None, "tool_calls": [
        chat_call("a", "get_weather", '{"city": "Paris", "days": 3}')]}, chat_user("stop")]
    tpl = {"get_weather": {"*": "weather for {arg.city} ({arg.days} days, {arg.missing}) stopped: {arguments}"}}
    r = processor.repair(h, templates=tpl)
    assert r.messages[2]["content"] == 'weather for Paris (3 days, ) stopped: {"city":"Paris","days":3}'
    bad = [h[0], {"role": "assistant", "content": None, "tool_calls": [chat_call("a", "get_weather", '{"ci')]},
           h[2]]
    r = processor.repair(bad, templates={"*": {"invalid_arguments": "bad: {arguments} / {arg.city}"}})
    assert r.messages[2]["content"] == 'bad: {"ci / '


def test_a_callable_template_receives_the_call_reason_and_dialect() -> None:
    from processor import RepairConfig, Templates
    from processor.core.templates import CallInfo

    seen: list[tuple[CallInfo, DanglingReason, str]] = []

    def hook(call: CallInfo, reason: DanglingReason, dialect: str) -> str:
        seen.append((call, reason, dialect))
        return f"{call.tool} for {call.arguments.get('city')}: {reason.value}"

    cfg = RepairConfig(templates=Templates({"*": {"*": hook}}))
    h = [ant_user("q"), ant_asst(ant_use("a", "get_weather", {"city": "Oslo"})), ant_user("stop")]
    r = processor.repair(h, config=cfg)
    assert r.messages[2]["content"][0]["content"] == "get_weather for Oslo: user_interrupt"
    assert seen == [(CallInfo("get_weather", "a", {"city": "Oslo"}, ""), R.USER_INTERRUPT, "anthropic")]


def test_unused_builders_are_valid() -> None:
    # keep the shared builders honest
    assert chat_call("x")["function"]["name"] == "get_weather"
    assert gem_fc("f", "i") == {"functionCall": {"args": {}, "name": "f", "id": "i"}}


# ----------------------------------------------------------------------------------------------------
# reused call ids: every real result ends with the call it answers (the most recent call with its id before it)


def _rc_calls(dialect: str, calls: list[tuple[str, str]]) -> list[Msg]:
    """A model turn calling get_weather(city) with these (id, city)."""
    if dialect == "openai_chat":
        return [{"role": "assistant", "content": None, "tool_calls": [
            {"id": c, "type": "function", "function": {"name": "get_weather", "arguments": f'{{"city": "{city}"}}'}}
            for c, city in calls]}]
    if dialect == "anthropic":
        return [ant_asst(*[ant_use(c, "get_weather", {"city": city}) for c, city in calls])]
    if dialect == "openai_responses":
        return [{"type": "function_call", "call_id": c, "name": "get_weather", "arguments": f'{{"city": "{city}"}}'}
                for c, city in calls]
    return [{"role": "model", "parts": [{"functionCall": {"id": c, "name": "get_weather", "args": {"city": city}}}
                                        for c, city in calls]}]


def _rc_results(dialect: str, results: list[tuple[str, str]]) -> list[Msg]:
    if dialect == "openai_chat":
        return [chat_tool(c, text) for c, text in results]
    if dialect == "anthropic":
        return [ant_user(*[ant_result(c, text) for c, text in results])]
    if dialect == "openai_responses":
        return [resp_output(c, text) for c, text in results]
    return [{"role": "user", "parts": [gem_fr("get_weather", c, {"output": text}) for c, text in results]}]


def _rc_user(dialect: str, text: str) -> Msg:
    return {"openai_chat": chat_user, "anthropic": ant_user, "openai_responses": resp_user,
            "gemini": gem_user}[dialect](text)


def _rc_asst(dialect: str, text: str) -> Msg:
    return {"openai_chat": chat_asst, "anthropic": ant_asst, "openai_responses": resp_asst,
            "gemini": gem_model}[dialect](text)


# (kind, payload): "u" user text, "a" assistant text, "c" calls [(id, city)], "r" results [(id, text)]
REUSED_IDS: dict[str, list[tuple[str, Any]]] = {
    "corrected-after-an-interrupt": [("u", "Weather in Mexico City?"), ("c", [("call_1", "Mexico City")]),
                                     ("u", "Amsterdam, I mean"), ("c", [("call_1", "Amsterdam")]),
                                     ("r", [("call_1", "Rainy")])],
    "a-second-result-after-the-reuse": [("u", "q"), ("c", [("call_1", "Mexico City")]), ("u", "no, Amsterdam"),
                                        ("c", [("call_1", "Amsterdam")]), ("r", [("call_1", "Rainy")]),
                                        ("r", [("call_1", "Sunny")])],
    "both-answered-in-turn": [("u", "q"), ("c", [("call_1", "Mexico City")]), ("r", [("call_1", "Sunny")]),
                              ("a", "Sunny there."), ("u", "And Amsterdam?"), ("c", [("call_1", "Amsterdam")]),
                              ("r", [("call_1", "Rainy")])],
    "parallel-calls-one-id": [("u", "q"), ("c", [("call_1", "Mexico City"), ("call_1", "Amsterdam")]),
                              ("r", [("call_1", "Rainy")])],
    "parallel-block-then-reuse": [("u", "q"), ("c", [("call_1", "Mexico City"), ("call_2", "Paris")]),
                                  ("r", [("call_1", "Sunny")]), ("u", "skip Paris, Amsterdam"),
                                  ("c", [("call_2", "Amsterdam")]), ("r", [("call_2", "Rainy")])],
    "late-result-before-the-reuse": [("u", "q"), ("c", [("call_1", "Mexico City")]), ("u", "still there?"),
                                     ("r", [("call_1", "Sunny")]), ("a", "Sunny."), ("u", "Amsterdam?"),
                                     ("c", [("call_1", "Amsterdam")]), ("r", [("call_1", "Rainy")])],
    "interleaved-user-then-reuse-then-late": [("u", "q"), ("c", [("call_0", "Oslo"), ("call_1", "Mexico City")]),
                                              ("r", [("call_0", "Snow")]), ("u", "Amsterdam instead"),
                                              ("c", [("call_1", "Amsterdam")]), ("r", [("call_1", "Rainy")]),
                                              ("a", "Rainy in Amsterdam.")],
    "numbering-restarts-per-response": [("u", "q"), ("c", [("call_0", "Mexico City"), ("call_1", "Paris")]),
                                        ("r", [("call_0", "Sunny"), ("call_1", "Cloudy")]), ("a", "ok"),
                                        ("u", "Amsterdam and Oslo?"),
                                        ("c", [("call_0", "Amsterdam"), ("call_1", "Oslo")]),
                                        ("r", [("call_1", "Snow"), ("call_0", "Rainy")])],
}


def _rc_history(dialect: str, script: list[tuple[str, Any]]) -> list[Msg]:
    out: list[Msg] = []
    for kind, payload in script:
        if kind == "u":
            out.append(_rc_user(dialect, payload))
        elif kind == "a":
            out.append(_rc_asst(dialect, payload))
        elif kind == "c":
            out.extend(_rc_calls(dialect, payload))
        else:
            out.extend(_rc_results(dialect, payload))
    return out


def _city(call: Any) -> str:
    import json

    args = call.get("function", {}).get("arguments") if "function" in call else \
        call.get("input", call.get("args", call.get("arguments")))
    return str((json.loads(args) if isinstance(args, str) else args)["city"])


def _answer(result: Any) -> str:
    v = result.get("content", result.get("output", result.get("response")))
    return str(v.get("output", v.get("error")) if isinstance(v, dict) else v)


@pytest.mark.parametrize("strategy", ["fill", "drop"])
@pytest.mark.parametrize("dialect", ["openai_chat", "anthropic", "openai_responses", "gemini"])
@pytest.mark.parametrize("case", sorted(REUSED_IDS))
def test_a_result_for_a_reused_id_ends_with_the_call_it_answers(case: str, dialect: str, strategy: str) -> None:
    from tests.support.oracle import attribute

    h = _rc_history(dialect, REUSED_IDS[case])
    truth: dict[str, str] = {}  # real result -> the city of the call it answers
    first: dict[int, str] = {}  # each call's first result: the one that must be kept
    for call, result in attribute(h, dialect):  # type: ignore[arg-type]
        truth[_answer(result)] = _city(call)
        first.setdefault(id(call), _answer(result))
    r = processor.repair(h, dialect, strategy)  # type: ignore[arg-type]
    check(r, h, dialect, strategy)
    got = {_answer(res): _city(call) for call, res in attribute(r.messages, dialect)  # type: ignore[arg-type]
           if _answer(res) in truth}
    assert got == {a: truth[a] for a in first.values()}
    reused = [f for f in r.findings if f.kind.value == "duplicate_tool_call_id"]
    assert reused and all(f.detail.startswith("reused: renamed to ") for f in reused)


# ----------------------------------------------------------------------------------------------------
# items the APIs send today


HOSTED = [  # (call item, its output) for every Responses call type paired by call_id
    ({"type": "computer_call", "call_id": "k1", "action": {"type": "click", "x": 1, "y": 2}},
     {"type": "computer_call_output", "call_id": "k1", "output": {"type": "computer_screenshot", "image_url": "u"}}),
    ({"type": "local_shell_call", "call_id": "k2", "action": {"type": "exec", "command": ["ls"]}},
     {"type": "local_shell_call_output", "call_id": "k2", "output": "a.txt"}),
    ({"type": "shell_call", "call_id": "k3", "action": {"commands": ["ls"]}},
     {"type": "shell_call_output", "call_id": "k3", "output": [{"stdout": "a.txt", "stderr": "",
                                                                 "outcome": {"type": "exit", "exit_code": 0}}]}),
    ({"type": "apply_patch_call", "call_id": "k4", "operation": {"type": "create_file", "path": "a", "diff": "+"}},
     {"type": "apply_patch_call_output", "call_id": "k4", "status": "completed"}),
    ({"type": "tool_search_call", "call_id": "k5", "arguments": {"query": "x"}},
     {"type": "tool_search_output", "call_id": "k5", "tools": []}),
    ({"type": "program", "call_id": "k6", "code": "run()"},
     {"type": "program_output", "call_id": "k6", "output": "ok"}),
    ({"type": "custom_tool_call", "call_id": "k7", "name": "sql", "input": "select 1"},
     {"type": "custom_tool_call_output", "call_id": "k7", "output": "1"}),
]
SELF_CONTAINED = [
    {"type": "web_search_call", "id": "ws", "status": "completed", "action": {"type": "search", "query": "x"}},
    {"type": "file_search_call", "id": "fs", "status": "completed", "queries": ["x"]},
    {"type": "code_interpreter_call", "id": "ci", "status": "completed", "code": "1", "container_id": "c"},
    {"type": "image_generation_call", "id": "ig", "status": "completed", "result": "b64"},
    {"type": "mcp_call", "id": "mc", "name": "t", "server_label": "s", "arguments": "{}", "output": "ok"},
    {"type": "mcp_list_tools", "id": "ml", "server_label": "s", "tools": []},
    {"type": "mcp_approval_request", "id": "ma", "name": "t", "server_label": "s", "arguments": "{}"},
    {"type": "mcp_approval_response", "approval_request_id": "ma", "approve": True},
    {"type": "tool_search_call", "id": "ts", "arguments": {}},  # server-run: no call_id
    {"type": "tool_search_output", "id": "to", "tools": []},
    {"type": "item_reference", "id": "msg_1"},
]


@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_every_documented_responses_item_pairs_or_passes_untouched(strategy: str) -> None:
    h: list[Any] = [resp_user("go")]
    for call, out in HOSTED:
        h += [call, out]
    h += [*SELF_CONTAINED, resp_asst("done")]
    r = processor.repair(h, strategy=strategy)  # type: ignore[arg-type]
    assert r.dialect == "openai_responses" and r.findings == [] and r.changed is False
    assert all(a is b for a, b in zip(r.messages, h, strict=True))


@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_a_hosted_call_without_its_output_is_filled_where_an_output_can_be_made_else_removed(strategy: str) -> None:
    h: list[Any] = [resp_user("go"), *[call for call, _ in HOSTED], resp_user("stop")]
    r = processor.repair(h, "openai_responses", strategy)  # type: ignore[arg-type]
    assert [(f.kind.value, f.call_id) for f in r.findings] == [("dangling_tool_call", f"k{k}") for k in range(1, 8)]
    check(r, h, "openai_responses", strategy)
    kept = [m for m in r.messages if m.get("call_id")]
    if strategy == "drop":
        assert kept == []
    else:  # a text output (local shell, custom tool) or a failed patch can be written; the rest cannot
        assert [(m["type"], m.get("status")) for m in kept] == [
            ("local_shell_call", None), ("apply_patch_call", None), ("custom_tool_call", None),
            ("local_shell_call_output", None), ("apply_patch_call_output", "failed"),
            ("custom_tool_call_output", None)]


def test_an_unknown_responses_item_type_is_read_and_passed_through_with_a_warning() -> None:
    h = [{"type": "future_thing", "id": "f1"}, resp_user("q"), resp_call("a"), resp_output("a")]
    r = processor.repair(h)  # auto-detection reads it, the explicit dialect too
    assert r.dialect == "openai_responses" and r.messages == h
    assert [(f.kind.value, f.severity.value) for f in r.findings] == [("unknown_item_type", "warning")]
    assert processor.repair(h, "openai_responses").messages == h


@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_an_anthropic_input_given_as_a_json_string(strategy: str) -> None:
    h = [ant_user("q"), ant_asst(ant_use("t1", "search", '{"q": "trunc'), ant_use("t2", "fetch", '{"u": 1}')),
         ant_user(ant_result("t2", "ok")), ant_asst("done")]
    r = processor.repair(h, "anthropic", strategy)  # type: ignore[arg-type]
    assert fk(r.findings)[0] == ("dangling_tool_call", 1, "t1", "search", "invalid_arguments")
    assert ("rewrite_arguments", 1, "t2") in acts(r)
    calls = r.messages[1]["content"]
    if strategy == "fill":  # kept, answered by a placeholder; its text kept under INVALID_JSON
        assert calls[0]["input"] == {"INVALID_JSON": '{"q": "trunc'} and calls[1]["input"] == {"u": 1}
        assert r.messages[2]["content"][1] == s_ant("t1", "search", R.INVALID_ARGUMENTS)
    else:
        assert calls == [ant_use("t2", "fetch", {"u": 1})]
    check(r, h, "anthropic", strategy)


@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_an_anthropic_system_entry_is_kept_in_place_as_a_user_turn(strategy: str) -> None:
    h = [ant_user("q"), ant_asst(ant_use("a")), {"role": "system", "content": "Be brief."}, ant_asst("ok")]
    r = processor.repair(h, "anthropic", strategy)  # type: ignore[arg-type]
    assert fk(r.findings)[0] == ("invalid_role", 2, None, None, None)
    assert {"role": "user", "content": "Be brief."} in r.messages  # after the call's placeholder (fill)
    assert ("system_as_user", 2, None) in acts(r)
    assert validate(r.messages, "anthropic") == []


def test_drop_keeps_a_thinking_only_turn_in_the_middle_and_removes_it_at_the_end() -> None:
    """Anthropic binds thinking to its prefix: removing a turn's thinking from the middle of a history would
    invalidate every later thinking block, so when drop removes a turn's only call its thinking stays (the change
    comes after it: it is still valid). At the end of the history nothing follows it: the turn goes whole. Gemini
    does not bind its thoughts: the turn goes whole."""
    thinking = {"type": "thinking", "thinking": "hm", "signature": "sig"}
    later = {"type": "thinking", "thinking": "later", "signature": "sig2"}
    h = [ant_user("q"), ant_asst(thinking, ant_use("a")), ant_user("stop"), ant_asst(later, ant_text("ok"))]
    r = processor.repair(h, "anthropic", "drop", thinking="strip_changed")
    assert r.messages == [ant_user("q"), ant_asst(thinking), ant_user("stop"), ant_asst(ant_text("ok"))]
    check(r, h, "anthropic", "drop")
    h = [ant_user("q"), ant_asst(thinking, ant_use("a"))]
    assert processor.repair(h, "anthropic", "drop").messages == [ant_user("q")]
    h = [gem_user("q"), {"role": "model", "parts": [{"text": "plan", "thought": True}, gem_fc("search", "a")]},
         gem_user("stop")]
    assert processor.repair(h, "gemini", "drop").messages == [gem_user("q"), gem_user("stop")]
    # with text beside the thinking, the turn stays (thinking and text)
    h = [ant_user("q"), ant_asst(thinking, ant_text("Let me look."), ant_use("a")), ant_user("stop")]
    assert processor.repair(h, "anthropic", "drop").messages[1] == ant_asst(thinking, ant_text("Let me look."))


def test_gemini_drop_of_the_signed_first_call_passes_its_signature_to_the_next() -> None:
    signed = {**gem_fc("search", "a"), "thoughtSignature": "SIG"}
    h = [gem_user("q"), {"role": "model", "parts": [signed, gem_fc("fetch", "b")]}, gem_resps("fetch#b"),
         gem_user("next")]
    r = processor.repair(h, "gemini", "drop")
    assert r.messages[1] == {"role": "model", "parts": [{**gem_fc("fetch", "b"), "thoughtSignature": "SIG"}]}
    assert processor.repair(h, "gemini", "fill").messages[1] == h[1]  # fill keeps the turn as it was
    check(r, h, "gemini", "drop")


@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_gemini_response_without_id_pairs_by_name_with_the_one_held_call(strategy: str) -> None:
    """A model text turn closed the block; the id-less response that comes later names the only open call."""
    h = [gem_user("q"), gem_calls("search"), gem_model("let me check"), gem_user("hurry"),
         {"role": "user", "parts": [gem_fr("search", None, {"output": "real"})]}]
    r = processor.repair(h, "gemini", strategy)  # type: ignore[arg-type]
    assert [f.kind.value for f in r.findings] == ["late_tool_result"]
    assert r.messages[2] == {"role": "user", "parts": [gem_fr("search", None, {"output": "real"})]}
    check(r, h, "gemini", strategy)
    # two open calls of that name: the response is ambiguous and stays an orphan
    h2 = [gem_user("q"), gem_calls("search", "search"), gem_model("checking"), gem_user("hurry"), h[-1]]
    r2 = processor.repair(h2, "gemini", strategy)  # type: ignore[arg-type]
    assert "orphan_tool_result" in [f.kind.value for f in r2.findings]


def _su(i: str, name: str = "web_search") -> Msg:
    return {"type": "server_tool_use", "id": i, "name": name, "input": {"query": "x"}}


def _sr(i: str, kind: str = "web_search_tool_result") -> Msg:
    return {"type": kind, "tool_use_id": i, "content": []}


MCP_USE = {"type": "mcp_tool_use", "id": "m1", "name": "lookup", "server_name": "crm", "input": {}}
MCP_RESULT = {"type": "mcp_tool_result", "tool_use_id": "m1", "is_error": False, "content": []}


@pytest.mark.parametrize("strategy", ["fill", "drop"])
@pytest.mark.parametrize(("history", "findings", "repaired"), [
    pytest.param([ant_user("q"), ant_asst(_su("s1"), _sr("s1"), ant_text("found")), ant_user("thanks")], [],
                 None, id="paired-untouched"),
    pytest.param([ant_user("q"), ant_asst(_su("s1"), _sr("s1"), _su("s2", "web_fetch"),
                                          _sr("s2", "web_fetch_tool_result"), MCP_USE, MCP_RESULT,
                                          _su("s3", "code_execution"), _sr("s3", "code_execution_tool_result"),
                                          ant_use("a")),
                  ant_user(ant_result("a")), ant_asst("ok")], [], None, id="every-server-pair-and-a-client-call"),
    pytest.param([ant_user("q"), ant_asst(_su("s1"), ant_text("found")), ant_user("thanks")],
                 [("dangling_tool_call", 1, "s1", "web_search", "user_interrupt")],
                 [ant_user("q"), ant_asst(ant_text("found")), ant_user("thanks")], id="unpaired-call-removed"),
    pytest.param([ant_user("q"), ant_asst(_sr("s9"), ant_text("found")), ant_user("thanks")],
                 [("orphan_tool_result", 1, "s9", None, None)],
                 [ant_user("q"), ant_asst(ant_text("found")), ant_user("thanks")], id="orphan-result-removed"),
    pytest.param([ant_user("q"), ant_asst(ant_text("searching"), _su("s1"))], [], None,
                 id="paused-turn-sent-back-as-is"),
    pytest.param([ant_user("q"), ant_asst(ant_text("searching"), _su("s1")), ant_asst(_sr("s1"), ant_text("found")),
                  ant_user("ok")], [], None, id="paused-turn-continued"),
    pytest.param([ant_user("q"), ant_asst(ant_text("searching"), _su("s1")), ant_user("never mind")],
                 [("dangling_tool_call", 1, "s1", "web_search", "user_interrupt")],
                 [ant_user("q"), ant_asst(ant_text("searching")), ant_user("never mind")], id="paused-then-abandoned"),
])
def test_anthropic_server_tool_blocks(history: list[Any], findings: list[Any], repaired: list[Any] | None,
                                      strategy: str) -> None:
    """Server tools pair inside the model's own turn: paired blocks stay, an unpaired call or an orphan result
    is removed (with either strategy: no server result can be made up), a paused turn (`pause_turn`) ends with
    its unrun call and is kept when it ends the history or the next assistant message continues it."""
    assert validate(history, "anthropic") != [] or repaired is None
    r = processor.repair(history, "anthropic", strategy)  # type: ignore[arg-type]
    assert fk(r.findings) == findings
    assert r.messages == (history if repaired is None else repaired)
    check(r, history, "anthropic", strategy)


_THINK = {"type": "thinking", "thinking": "hm", "signature": "sig"}
#: histories of the tests above on items the APIs send today (the third table of bench/bench_peers.py)
ITEM_CASES: list[tuple[str, list[Any]]] = [
    ("openai_responses", [resp_user("go"), *[x for pair in HOSTED for x in pair], *SELF_CONTAINED, resp_asst("done")]),
    ("openai_responses", [resp_user("go"), *[call for call, _ in HOSTED], resp_user("stop")]),
    ("openai_responses", [{"type": "future_thing", "id": "f1"}, resp_user("q"), resp_call("a"), resp_output("a")]),
    ("anthropic", [ant_user("q"),
                   ant_asst(ant_use("t1", "search", '{"q": "trunc'), ant_use("t2", "fetch", '{"u": 1}')),
                   ant_user(ant_result("t2", "ok")), ant_asst("done")]),
    ("anthropic", [ant_user("q"), ant_asst(ant_use("a")), {"role": "system", "content": "Be brief."}, ant_asst("ok")]),
    ("anthropic", [ant_user("q"), ant_asst(_THINK, ant_use("a")), ant_user("stop")]),
    ("anthropic", [ant_user("q"), ant_asst(ant_use("call.1:x")), ant_user(ant_result("call.1:x")), ant_asst("ok")]),
    ("anthropic", [ant_user(ant_text("q"), ant_text(" ")), ant_asst(ant_text(""), ant_use("a")),
                   ant_user(ant_result("a")), ant_asst("ok")]),
    ("anthropic", [ant_user("q"), ant_asst(_su("s1"), _sr("s1"), ant_text("found")), ant_user("thanks")]),
    ("anthropic", [ant_user("q"), ant_asst(_su("s1"), ant_text("found")), ant_user("thanks")]),
    ("anthropic", [ant_user("q"), ant_asst(_sr("s9"), ant_text("found")), ant_user("thanks")]),
    ("anthropic", [ant_user("q"), ant_asst(ant_text("searching"), _su("s1"))]),
    ("anthropic", [ant_user("q"), ant_asst(ant_text("searching"), _su("s1")), ant_asst(_sr("s1"), ant_text("found")),
                   ant_user("ok")]),
    ("anthropic", [ant_user("q"), ant_asst(MCP_USE, MCP_RESULT, ant_use("a")), ant_user(ant_result("a")),
                   ant_asst("ok")]),
    ("gemini", [gem_user("q"), {"role": "model", "parts": [{**gem_fc("search", "a"), "thoughtSignature": "SIG"},
                                                           gem_fc("fetch", "b")]}, gem_resps("fetch#b"),
                gem_user("next")]),
    ("gemini", [gem_user("q"), gem_calls("search"), gem_model("let me check"), gem_user("hurry"),
                {"role": "user", "parts": [gem_fr("search", None, {"output": "real"})]}]),
    ("gemini", [gem_user("q"), {"role": "model", "parts": [{"text": ""}, gem_fc("search", "a")]},
                gem_resps("search#a"), gem_model("ok")]),
]


@pytest.mark.parametrize("strategy", ["fill", "drop"])
@pytest.mark.parametrize(("dialect", "history"), ITEM_CASES)
def test_every_new_item_case_repairs_to_a_valid_idempotent_history(dialect: str, history: list[Any],
                                                                   strategy: str) -> None:
    r = processor.repair(history, dialect, strategy)  # type: ignore[arg-type]
    check(r, history, dialect, strategy)


# ----------------------------------------------------------------------------------------------------
# reused ids are a named provider error (OpenAI Responses: "Duplicate function_call_output for call_id ...")

DUPLICATE_OUTPUT = ("Duplicate function_call_output for call_id 'call_0'. Each function_call must have exactly one "
                    "matching function_call_output")


def _per_response_ids(dialect: str) -> list[Any]:
    """Two responses whose endpoint restarts its id counter: both calls are `call_0`, each answered in place."""
    if dialect == "openai_responses":
        return [resp_user("a"), resp_call("call_0"), resp_output("call_0", "one"), resp_asst("ok"),
                resp_user("b"), resp_call("call_0"), resp_output("call_0", "two"), resp_asst("done")]
    if dialect == "openai_chat":
        return [chat_user("a"), chat_calls("call_0"), chat_tool("call_0", "one"), chat_asst("ok"),
                chat_user("b"), chat_calls("call_0"), chat_tool("call_0", "two"), chat_asst("done")]
    if dialect == "anthropic":
        return [ant_user("a"), ant_asst(ant_use("call_0")), ant_user(ant_result("call_0", "one")), ant_asst("ok"),
                ant_user("b"), ant_asst(ant_use("call_0")), ant_user(ant_result("call_0", "two")), ant_asst("done")]
    return [gem_user("a"), gem_calls("search#call_0"), gem_resps("search#call_0"), gem_model("ok"),
            gem_user("b"), gem_calls("search#call_0"), gem_resps("search#call_0"), gem_model("done")]


@pytest.mark.parametrize("dialect", ["openai_responses", "openai_chat", "anthropic", "gemini"])
@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_ids_that_restart_per_response_come_out_unique_in_every_dialect(dialect: str, strategy: str) -> None:
    h = _per_response_ids(dialect)
    before = [v.rule for v in validate(h, dialect)]  # type: ignore[arg-type]
    assert ("duplicate_tool_call_id" in before) is (dialect != "gemini")  # Gemini pairs by order and name
    if dialect == "openai_responses":  # the provider's own words, as the independent validator reports them
        assert DUPLICATE_OUTPUT in [v.detail for v in validate(h, dialect)]
    r = processor.repair(h, dialect, strategy)  # type: ignore[arg-type]
    assert validate(r.messages, dialect) == []  # type: ignore[arg-type]
    assert [f.kind.value for f in r.findings if f.kind.value == "duplicate_tool_call_id"] == ["duplicate_tool_call_id"]
    check(r, h, dialect, strategy)
