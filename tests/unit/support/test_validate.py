"""The provider-rule oracle: for each rule of each dialect, a rejected history and an accepted counterpart."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.oracle import (
    DIALECTS,
    RULES,
    Dialect,
    Violation,
    is_valid,
    validate,
)

Msg = dict[str, Any]

# ----------------------------------------------------------------------------------------------------
# builders, one small vocabulary per dialect


# OpenAI chat
def sys(text: str = "You are helpful.") -> Msg:
    return {"role": "system", "content": text}


def dev(text: str = "Be brief.") -> Msg:
    return {"role": "developer", "content": text}


def user(text: str = "hi") -> Msg:
    return {"role": "user", "content": text}


def asst(text: str | list[Any] | None = "ok", **extra: Any) -> Msg:
    return {"role": "assistant", "content": text, **extra}


def call(cid: str, name: str = "get_weather") -> Msg:
    return {"id": cid, "type": "function", "function": {"name": name, "arguments": '{"city": "Oslo"}'}}


def calls(*ids: str, content: str | None = None) -> Msg:
    return {"role": "assistant", "content": content, "tool_calls": [call(c) for c in ids]}


def tool(cid: str, content: str = "12 degrees") -> Msg:
    return {"role": "tool", "tool_call_id": cid, "content": content}


# OpenAI Responses
def r_msg(role: str, text: str = "hi") -> Msg:
    kind = "output_text" if role == "assistant" else "input_text"
    return {"type": "message", "role": role, "content": [{"type": kind, "text": text}]}


def r_easy(role: str, text: str = "hi") -> Msg:
    return {"role": role, "content": text}


def fc(cid: str, name: str = "get_weather") -> Msg:
    return {"type": "function_call", "id": f"fc_{cid}", "call_id": cid, "name": name, "arguments": "{}"}


def fo(cid: str) -> Msg:
    return {"type": "function_call_output", "call_id": cid, "output": "12 degrees"}


def ctc(cid: str) -> Msg:
    return {"type": "custom_tool_call", "call_id": cid, "name": "run_sql", "input": "select 1"}


def cto(cid: str) -> Msg:
    return {"type": "custom_tool_call_output", "call_id": cid, "output": "1"}


def rs(n: int = 1) -> Msg:
    return {"type": "reasoning", "id": f"rs_{n}", "summary": [], "encrypted_content": "gAAA"}


# Anthropic
def text(t: str = "hello") -> Msg:
    return {"type": "text", "text": t}


def tu(cid: str, name: str = "search") -> Msg:
    return {"type": "tool_use", "id": cid, "name": name, "input": {"q": "x"}}


def tr(cid: str, **extra: Any) -> Msg:
    return {"type": "tool_result", "tool_use_id": cid, "content": "found", **extra}


def a_user(*content: Any) -> Msg:
    return {
        "role": "user",
        "content": content[0] if len(content) == 1 and isinstance(content[0], str) else list(content),
    }


def a_asst(*content: Any) -> Msg:
    return {
        "role": "assistant",
        "content": content[0] if len(content) == 1 and isinstance(content[0], str) else list(content),
    }


# Gemini
def g_user(t: str = "hi") -> Msg:
    return {"role": "user", "parts": [{"text": t}]}


def g_model(t: str = "ok") -> Msg:
    return {"role": "model", "parts": [{"text": t}]}


def _ref(spec: str) -> dict[str, str]:
    """`name` or `name#id`."""
    name, _, cid = spec.partition("#")
    return {"name": name, "id": cid} if cid else {"name": name}


def g_calls(*specs: str, role: str = "model") -> Msg:
    return {"role": role, "parts": [{"functionCall": {**_ref(s), "args": {}}} for s in specs]}


def g_resps(*specs: str, role: str = "user") -> Msg:
    return {
        "role": role,
        "parts": [{"functionResponse": {**_ref(s), "response": {"ok": True}}} for s in specs],
    }


# ----------------------------------------------------------------------------------------------------
# rule cases: (dialect, rejected history, expected (rule, index) pairs, accepted counterpart)


@dataclass(frozen=True)
class Case:
    id: str
    dialect: Dialect
    bad: list[Any]
    expected: list[tuple[str, int]]
    good: list[Any]


CASES: list[Case] = [
    # ---------------------------------------------------------------- openai_chat
    Case(
        "chat-dangling-after-user-interrupt",
        "openai_chat",
        [sys(), user("weather?"), calls("call_1"), user("never mind")],
        [("missing_tool_result", 2)],
        [sys(), user("weather?"), calls("call_1"), tool("call_1"), user("never mind")],
    ),
    Case(
        "chat-partial-parallel-results",
        "openai_chat",
        [user(), calls("call_1", "call_2", "call_3"), tool("call_3"), tool("call_1"), asst("done")],
        [("missing_tool_result", 1)],
        [user(), calls("call_1", "call_2", "call_3"), tool("call_3"), tool("call_1"), tool("call_2"), asst()],
    ),
    Case(
        "chat-dangling-at-end-of-history",
        "openai_chat",
        [user(), calls("call_1")],
        [("missing_tool_result", 1)],
        [user(), calls("call_1"), tool("call_1")],
    ),
    Case(
        "chat-assistant-continued-before-result",
        "openai_chat",
        [user(), calls("call_1"), asst("let me think"), user()],
        [("missing_tool_result", 1)],
        [user(), calls("call_1"), tool("call_1"), asst("let me think"), user()],
    ),
    Case(
        "chat-orphan-after-trimming",
        "openai_chat",
        [tool("call_0"), asst("it is sunny"), user("thanks")],
        [("orphan_tool_result", 0)],
        [asst("it is sunny"), user("thanks")],
    ),
    Case(
        "chat-orphan-wrong-id-in-run",
        "openai_chat",
        [user(), calls("call_1"), tool("call_1"), tool("call_9")],
        [("orphan_tool_result", 3)],
        [user(), calls("call_1", "call_9"), tool("call_1"), tool("call_9")],
    ),
    Case(
        "chat-orphan-without-tool-call-id",
        "openai_chat",
        [user(), calls("call_1"), tool("call_1"), {"role": "tool", "content": "x"}],
        [("orphan_tool_result", 3)],
        [user(), calls("call_1"), tool("call_1")],
    ),
    Case(
        "chat-late-result-after-user-moved-on",
        "openai_chat",
        [user(), calls("call_1"), user("hello?"), tool("call_1"), asst()],
        [("missing_tool_result", 1), ("interleaved_message", 2), ("orphan_tool_result", 3)],
        [user(), calls("call_1"), tool("call_1"), user("hello?"), asst()],
    ),
    Case(
        "chat-duplicate-result",
        "openai_chat",
        [user(), calls("call_1"), tool("call_1"), tool("call_1", "retry"), asst()],
        [("duplicate_tool_result", 3)],
        [user(), calls("call_1"), tool("call_1"), asst()],
    ),
    Case(
        "chat-empty-tool-calls",
        "openai_chat",
        [user(), asst("hi", tool_calls=[])],
        [("empty_tool_calls", 1)],
        [user(), asst("hi")],
    ),
    Case(
        "chat-empty-tool-calls-and-no-content",
        "openai_chat",
        [user(), asst(None, tool_calls=[]), user()],
        [("empty_tool_calls", 1), ("empty_content", 1)],
        [user(), asst(None, tool_calls=[call("call_1")]), tool("call_1"), user()],
    ),
    Case(
        "chat-empty-content-null",
        "openai_chat",
        [user(), asst(None), user()],
        [("empty_content", 1)],
        [user(), asst(None, refusal="I can't help with that."), user()],
    ),
    Case(
        "chat-empty-content-empty-string",
        "openai_chat",
        [user(), asst(""), user()],
        [("empty_content", 1)],
        [user(), asst("sure"), user()],
    ),
    Case(
        "chat-empty-content-empty-parts",
        "openai_chat",
        [user(), asst([]), user()],
        [("empty_content", 1)],
        [user(), asst([{"type": "text", "text": "sure"}]), user()],
    ),
    Case(
        "chat-empty-content-missing-key",
        "openai_chat",
        [user(), {"role": "assistant"}],
        [("empty_content", 1)],
        [user(), {"role": "assistant", "content": "x"}],
    ),
    Case(
        "chat-invalid-role",
        "openai_chat",
        [user(), {"role": "bot", "content": "x"}],
        [("invalid_role", 1)],
        [dev(), user(), {"role": "function", "name": "f", "content": "x"}],
    ),
    Case(
        "chat-missing-role",
        "openai_chat",
        [{"content": "x"}],
        [("invalid_role", 0)],
        [user("x")],
    ),
    Case(
        "chat-malformed-call-without-id",
        "openai_chat",
        [user(), asst(None, tool_calls=[{"type": "function", "function": {"name": "f", "arguments": "{}"}}])],
        [("malformed_tool_call", 1)],
        [user(), asst(None, tool_calls=[call("call_1", "f")]), tool("call_1")],
    ),
    Case(
        "chat-malformed-call-without-name",
        "openai_chat",
        [
            user(),
            asst(None, tool_calls=[{"id": "call_1", "type": "function", "function": {"arguments": "{}"}}]),
            tool("call_1"),
        ],
        [("malformed_tool_call", 1)],
        [
            user(),
            asst(
                None, tool_calls=[{"id": "call_1", "type": "custom", "custom": {"name": "sql", "input": "1"}}]
            ),
            tool("call_1"),
        ],
    ),
    Case(
        "chat-malformed-tool-calls-not-array",
        "openai_chat",
        [user(), asst("x", tool_calls={"id": "call_1"})],
        [("malformed_tool_call", 1)],
        [user(), asst("x", tool_calls=None)],
    ),
    Case(
        "chat-duplicate-call-id-across-history",
        "openai_chat",
        [user(), calls("call_1"), tool("call_1"), asst(), user(), calls("call_1"), tool("call_1"), asst()],
        [("duplicate_tool_call_id", 5)],
        [user(), calls("call_1"), tool("call_1"), asst(), user(), calls("call_2"), tool("call_2"), asst()],
    ),
    Case(
        "chat-duplicate-call-id-in-one-message",
        "openai_chat",
        [user(), calls("call_1", "call_1"), tool("call_1")],
        [("duplicate_tool_call_id", 1)],
        [user(), calls("call_1", "call_2"), tool("call_1"), tool("call_2")],
    ),
    Case(
        "chat-system-between-call-and-result",
        "openai_chat",
        [user(), calls("call_1"), sys("note"), tool("call_1")],
        [("missing_tool_result", 1), ("interleaved_message", 2), ("orphan_tool_result", 3)],
        [user(), calls("call_1"), tool("call_1"), sys("note")],
    ),
    Case(
        "chat-malformed-message",
        "openai_chat",
        [user(), "hello"],
        [("malformed_message", 1)],
        [user(), asst("hello")],
    ),
    # ---------------------------------------------------------------- openai_responses
    Case(
        "resp-dangling-after-user-interrupt",
        "openai_responses",
        [r_msg("user"), fc("call_1"), r_msg("user", "stop")],
        [("missing_tool_result", 1)],
        [r_msg("user"), fc("call_1"), fo("call_1"), r_msg("user", "stop")],
    ),
    Case(
        "resp-partial-parallel-results",
        "openai_responses",
        [r_easy("user"), fc("c1"), fc("c2"), fc("c3"), fo("c3"), fo("c1"), r_msg("assistant")],
        [("missing_tool_result", 2)],
        [r_easy("user"), fc("c1"), fc("c2"), fc("c3"), fo("c3"), fo("c1"), fo("c2"), r_msg("assistant")],
    ),
    Case(
        "resp-dangling-at-end",
        "openai_responses",
        [r_easy("user"), rs(), fc("c1")],
        [("missing_tool_result", 2)],
        [r_easy("user"), rs(), fc("c1"), fo("c1")],
    ),
    Case(
        "resp-assistant-message-closes-turn",
        "openai_responses",
        [r_easy("user"), fc("c1"), r_msg("assistant"), fo("c1")],
        [("missing_tool_result", 1), ("interleaved_message", 2), ("orphan_tool_result", 3)],
        [r_easy("user"), fc("c1"), fo("c1"), r_msg("assistant")],
    ),
    Case(
        "resp-orphan-after-trimming",
        "openai_responses",
        [fo("c0"), r_msg("assistant"), r_easy("user")],
        [("orphan_tool_result", 0)],
        [r_msg("assistant"), r_easy("user")],
    ),
    Case(
        "resp-output-before-its-call",
        "openai_responses",
        [r_easy("user"), fo("c1"), fc("c1")],
        [("orphan_tool_result", 1), ("missing_tool_result", 2)],
        [r_easy("user"), fc("c1"), fo("c1")],
    ),
    Case(
        "resp-output-without-call-id",
        "openai_responses",
        [r_easy("user"), fc("c1"), fo("c1"), {"type": "function_call_output", "output": "x"}],
        [("orphan_tool_result", 3)],
        [r_easy("user"), fc("c1"), fo("c1")],
    ),
    Case(
        "resp-duplicate-result",
        "openai_responses",
        [r_easy("user"), fc("c1"), fo("c1"), fo("c1"), r_msg("assistant")],
        [("duplicate_tool_result", 3)],
        [r_easy("user"), fc("c1"), fo("c1"), r_msg("assistant")],
    ),
    Case(
        "resp-custom-tool-dangling",
        "openai_responses",
        [r_easy("user"), ctc("c1"), r_easy("user")],
        [("missing_tool_result", 1)],
        [r_easy("user"), ctc("c1"), cto("c1"), r_easy("user")],
    ),
    Case(
        "resp-reasoning-before-a-dropped-call",
        "openai_responses",
        # the dangling call c1 was dropped, but the reasoning item right before it was kept
        [r_easy("user", "book it"), rs(), r_easy("user", "cancel")],
        [("reasoning_without_item", 1)],
        [r_easy("user", "book it"), r_easy("user", "cancel")],
    ),
    Case(
        "resp-reasoning-last",
        "openai_responses",
        [r_easy("user"), fc("c1"), fo("c1"), rs(2)],
        [("reasoning_without_item", 3)],
        [r_easy("user"), fc("c1"), fo("c1"), rs(2), r_msg("assistant")],
    ),
    Case(
        "resp-reasoning-before-output",
        "openai_responses",
        [r_easy("user"), rs(1), fc("c1"), rs(2), fo("c1")],
        [("reasoning_without_item", 3)],
        [r_easy("user"), rs(1), fc("c1"), fo("c1")],
    ),
    Case(
        "resp-reasoning-before-developer-message",
        "openai_responses",
        [r_easy("user"), rs(1), r_msg("developer")],
        [("reasoning_without_item", 1)],
        [r_easy("user"), rs(1), r_msg("assistant"), r_msg("developer")],
    ),
    Case(
        "resp-invalid-role",
        "openai_responses",
        [r_easy("user"), r_msg("tool")],
        [("invalid_role", 1)],
        [r_easy("developer"), r_easy("system"), r_easy("user"), r_msg("assistant")],
    ),
    Case(
        "resp-malformed-call-without-call-id",
        "openai_responses",
        [r_easy("user"), {"type": "function_call", "name": "f", "arguments": "{}"}],
        [("malformed_tool_call", 1)],
        [
            r_easy("user"),
            {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
            fo("c1"),
        ],
    ),
    Case(
        "resp-malformed-call-without-name",
        "openai_responses",
        [r_easy("user"), {"type": "function_call", "call_id": "c1", "arguments": "{}"}, fo("c1")],
        [("malformed_tool_call", 1)],
        [r_easy("user"), fc("c1"), fo("c1")],
    ),
    Case(
        "resp-duplicate-call-id",
        "openai_responses",
        [r_easy("user"), fc("c1"), fo("c1"), r_msg("assistant"), r_easy("user"), fc("c1"), fo("c1")],
        # the second output is named too: "Duplicate function_call_output for call_id 'c1'. ..."
        [("duplicate_tool_call_id", 5), ("duplicate_tool_result", 6)],
        [r_easy("user"), fc("c1"), fo("c1"), r_msg("assistant"), r_easy("user"), fc("c2"), fo("c2")],
    ),
    Case(
        "resp-malformed-item",
        "openai_responses",
        [r_easy("user"), {"content": "no type, no role"}, 3],
        [("malformed_message", 1), ("malformed_message", 2)],
        [r_easy("user"), {"type": "item_reference", "id": "msg_1"}],
    ),
    # ---------------------------------------------------------------- anthropic
    Case(
        "anth-dangling-after-user-interrupt",
        "anthropic",
        [a_user("book a flight"), a_asst(text("Searching."), tu("toolu_1")), a_user("wait, stop")],
        [("missing_tool_result", 1)],
        [
            a_user("book a flight"),
            a_asst(text("Searching."), tu("toolu_1")),
            a_user(tr("toolu_1"), text("stop")),
        ],
    ),
    Case(
        "anth-partial-parallel-results",
        "anthropic",
        [
            a_user("q"),
            a_asst(tu("toolu_1"), tu("toolu_2"), tu("toolu_3")),
            a_user(tr("toolu_1"), tr("toolu_3")),
        ],
        [("missing_tool_result", 1)],
        [
            a_user("q"),
            a_asst(tu("toolu_1"), tu("toolu_2"), tu("toolu_3")),
            a_user(tr("toolu_3"), tr("toolu_1"), tr("toolu_2", is_error=True)),
        ],
    ),
    Case(
        "anth-results-split-over-two-user-turns",
        "anthropic",
        [a_user("q"), a_asst(tu("toolu_1"), tu("toolu_2")), a_user(tr("toolu_1")), a_user(tr("toolu_2"))],
        [("missing_tool_result", 1), ("orphan_tool_result", 3)],
        [a_user("q"), a_asst(tu("toolu_1"), tu("toolu_2")), a_user(tr("toolu_1"), tr("toolu_2"))],
    ),
    Case(
        "anth-dangling-at-end",
        "anthropic",
        [a_user("q"), a_asst(tu("toolu_1"))],
        [("missing_tool_result", 1)],
        [a_user("q"), a_asst(tu("toolu_1")), a_user(tr("toolu_1"))],
    ),
    Case(
        "anth-assistant-continued",
        "anthropic",
        [a_user("q"), a_asst(tu("toolu_1")), a_asst("never mind"), a_user("ok")],
        [("missing_tool_result", 1)],
        [a_user("q"), a_asst(tu("toolu_1")), a_user(tr("toolu_1")), a_asst("never mind"), a_user("ok")],
    ),
    Case(
        "anth-late-result-after-interleaved-user",
        "anthropic",
        [a_user("q"), a_asst(tu("toolu_1")), a_user("hello?"), a_asst("hm"), a_user(tr("toolu_1"))],
        [("missing_tool_result", 1), ("interleaved_message", 2), ("orphan_tool_result", 4)],
        [a_user("q"), a_asst(tu("toolu_1")), a_user(tr("toolu_1"), text("hello?")), a_asst("hm")],
    ),
    Case(
        "anth-orphan-after-trimming",
        "anthropic",
        [a_user(tr("toolu_0"), text("and now?")), a_asst("done")],
        [("orphan_tool_result", 0)],
        [a_user(text("and now?")), a_asst("done")],
    ),
    Case(
        "anth-orphan-wrong-id",
        "anthropic",
        [a_user("q"), a_asst(tu("toolu_1")), a_user(tr("toolu_1"), tr("toolu_x"))],
        [("orphan_tool_result", 2)],
        [a_user("q"), a_asst(tu("toolu_1"), tu("toolu_x")), a_user(tr("toolu_1"), tr("toolu_x"))],
    ),
    Case(
        "anth-tool-result-in-assistant-message",
        "anthropic",
        [a_user("q"), a_asst(tr("toolu_1"))],
        [("orphan_tool_result", 1)],
        [a_user("q"), a_asst(text("answer"))],
    ),
    Case(
        "anth-results-after-text",
        "anthropic",
        [a_user("q"), a_asst(tu("toolu_1")), a_user(text("here you go"), tr("toolu_1"))],
        [("tool_result_not_first", 2)],
        [a_user("q"), a_asst(tu("toolu_1")), a_user(tr("toolu_1"), text("here you go"))],
    ),
    Case(
        "anth-two-results-after-text",
        "anthropic",
        [a_user("q"), a_asst(tu("t1"), tu("t2")), a_user(tr("t1"), text("x"), tr("t2"))],
        [("tool_result_not_first", 2)],
        [a_user("q"), a_asst(tu("t1"), tu("t2")), a_user(tr("t2"), tr("t1"), text("x"))],
    ),
    Case(
        "anth-duplicate-result",
        "anthropic",
        [a_user("q"), a_asst(tu("toolu_1")), a_user(tr("toolu_1"), tr("toolu_1"))],
        [("duplicate_tool_result", 2)],
        [a_user("q"), a_asst(tu("toolu_1")), a_user(tr("toolu_1"))],
    ),
    Case(
        "anth-empty-string-content",
        "anthropic",
        [a_user(""), a_asst("hi")],
        [("empty_content", 0)],
        [a_user("hello"), a_asst("hi")],
    ),
    Case(
        "anth-empty-list-content",
        "anthropic",
        [a_user("q"), {"role": "assistant", "content": []}, a_user("again")],
        [("empty_content", 1)],
        [a_user("q"), {"role": "assistant", "content": []}],  # the optional final assistant message
    ),
    Case(
        "anth-empty-middle-assistant",
        "anthropic",
        [a_user("q"), a_asst(""), a_user("again")],
        [("empty_content", 1)],
        [a_user("q"), a_user("again"), a_asst("")],  # consecutive users, empty final prefill
    ),
    Case(
        "anth-missing-content",
        "anthropic",
        [{"role": "user"}],
        [("empty_content", 0)],
        [a_user("q")],
    ),
    Case(
        "anth-invalid-role-system",
        "anthropic",
        [{"role": "system", "content": "be nice"}, a_user("q")],
        [("invalid_role", 0)],
        [a_user("q")],
    ),
    Case(
        "anth-malformed-tool-use-without-id",
        "anthropic",
        [a_user("q"), a_asst({"type": "tool_use", "name": "search", "input": {}})],
        [("malformed_tool_call", 1)],
        [a_user("q"), a_asst(tu("toolu_1")), a_user(tr("toolu_1"))],
    ),
    Case(
        "anth-malformed-tool-use-without-name",
        "anthropic",
        [a_user("q"), a_asst({"type": "tool_use", "id": "toolu_1", "input": {}}), a_user(tr("toolu_1"))],
        [("malformed_tool_call", 1)],
        [a_user("q"), a_asst(tu("toolu_1")), a_user(tr("toolu_1"))],
    ),
    Case(
        "anth-malformed-tool-use-input-not-object",
        "anthropic",
        [
            a_user("q"),
            a_asst({"type": "tool_use", "id": "toolu_1", "name": "s", "input": "x"}),
            a_user(tr("toolu_1")),
        ],
        [("malformed_tool_call", 1)],
        [
            a_user("q"),
            a_asst({"type": "tool_use", "id": "toolu_1", "name": "s", "input": {}}),
            a_user(tr("toolu_1")),
        ],
    ),
    Case(
        "anth-duplicate-tool-use-id",
        "anthropic",
        [
            a_user("q"),
            a_asst(tu("toolu_1")),
            a_user(tr("toolu_1")),
            a_asst(tu("toolu_1")),
            a_user(tr("toolu_1")),
        ],
        [("duplicate_tool_call_id", 3)],
        [
            a_user("q"),
            a_asst(tu("toolu_1")),
            a_user(tr("toolu_1")),
            a_asst(tu("toolu_2")),
            a_user(tr("toolu_2")),
        ],
    ),
    # ---------------------------------------------------------------- gemini
    Case(
        "gem-count-mismatch",
        "gemini",
        [g_user("weather in two cities"), g_calls("get_weather", "get_weather"), g_resps("get_weather")],
        [("missing_tool_result", 1)],
        [
            g_user("weather in two cities"),
            g_calls("get_weather", "get_weather"),
            g_resps("get_weather", "get_weather"),
        ],
    ),
    Case(
        "gem-dangling-after-user-interrupt",
        "gemini",
        [g_user(), g_calls("search"), g_user("stop")],
        [("missing_tool_result", 1)],
        [g_user(), g_calls("search"), g_resps("search"), g_user("stop")],
    ),
    Case(
        "gem-dangling-at-end",
        "gemini",
        [g_user(), g_calls("search")],
        [("missing_tool_result", 1)],
        [g_user(), g_calls("search"), g_resps("search")],
    ),
    Case(
        "gem-response-name-mismatch",
        "gemini",
        [g_user(), g_calls("search"), g_resps("lookup")],
        [("missing_tool_result", 1), ("orphan_tool_result", 2)],
        [g_user(), g_calls("search", "lookup"), g_resps("lookup", "search")],
    ),
    Case(
        "gem-too-many-responses",
        "gemini",
        [g_user(), g_calls("search"), g_resps("search", "search")],
        [("orphan_tool_result", 2)],
        [g_user(), g_calls("search"), g_resps("search")],
    ),
    Case(
        "gem-orphan-after-trimming",
        "gemini",
        [g_resps("search"), g_model("found it"), g_user("thanks")],
        [("orphan_tool_result", 0)],
        [g_model("found it"), g_user("thanks")],
    ),
    Case(
        "gem-late-response-after-user",
        "gemini",
        [g_user(), g_calls("search#fc_1"), g_user("hello?"), g_resps("search#fc_1")],
        [("missing_tool_result", 1), ("interleaved_message", 2), ("orphan_tool_result", 3)],
        [g_user(), g_calls("search#fc_1"), g_resps("search#fc_1"), g_user("hello?")],
    ),
    Case(
        "gem-id-mismatch",
        "gemini",
        [g_user(), g_calls("search#fc_1", "search#fc_2"), g_resps("search#fc_2", "search#fc_3")],
        [("missing_tool_result", 1), ("orphan_tool_result", 2)],
        [g_user(), g_calls("search#fc_1", "search#fc_2"), g_resps("search#fc_2", "search#fc_1")],
    ),
    Case(
        "gem-duplicate-response-id",
        "gemini",
        [g_user(), g_calls("search#fc_1", "search#fc_2"), g_resps("search#fc_2", "search#fc_2")],
        [("missing_tool_result", 1), ("duplicate_tool_result", 2)],
        [g_user(), g_calls("search#fc_1", "search#fc_2"), g_resps("search#fc_2", "search")],
    ),
    Case(
        "gem-call-turn-after-model-turn",
        "gemini",
        [g_user(), g_model("let me check"), g_calls("search"), g_resps("search")],
        [("call_turn_position", 2)],
        [g_user(), g_model("let me check"), g_user("go on"), g_calls("search"), g_resps("search")],
    ),
    Case(
        "gem-call-turn-after-call-turn",
        "gemini",
        [g_user(), g_calls("a"), g_calls("b"), g_resps("b")],
        [("missing_tool_result", 1), ("call_turn_position", 2)],
        [g_user(), g_calls("a"), g_resps("a"), g_calls("b"), g_resps("b")],
    ),
    Case(
        "gem-response-in-model-turn",
        "gemini",
        [g_user(), g_calls("a"), g_resps("a", role="model")],
        [("missing_tool_result", 1), ("orphan_tool_result", 2)],
        [g_user(), g_calls("a"), g_resps("a", role="function")],  # legacy role for responses
    ),
    Case(
        "gem-invalid-role",
        "gemini",
        [g_user(), {"role": "assistant", "parts": [{"text": "x"}]}],
        [("invalid_role", 1)],
        [g_user(), g_model("x")],
    ),
    Case(
        "gem-empty-parts",
        "gemini",
        [g_user(), {"role": "model", "parts": []}, g_user()],
        [("empty_content", 1)],
        [g_user(), g_model(), g_user()],
    ),
    Case(
        "gem-missing-parts",
        "gemini",
        [{"role": "user"}],
        [("empty_content", 0)],
        [{"parts": [{"text": "no role is accepted as user"}]}],
    ),
    Case(
        "gem-malformed-call-without-name",
        "gemini",
        [g_user(), {"role": "model", "parts": [{"functionCall": {"args": {}}}]}, g_resps("search")],
        [("malformed_tool_call", 1), ("missing_tool_result", 1), ("orphan_tool_result", 2)],
        [g_user(), {"role": "model", "parts": [{"functionCall": {"name": "search"}}]}, g_resps("search")],
    ),
    Case(
        "gem-call-in-user-turn",
        "gemini",
        [g_calls("search", role="user")],
        [("malformed_tool_call", 0)],
        [g_user()],
    ),
    # ---------------------------------------------------------------- newer provider rules
    Case(
        "anthropic-tool-use-id-outside-the-pattern",
        "anthropic",
        [{"role": "user", "content": "q"},
         {"role": "assistant", "content": [{"type": "tool_use", "id": "call.1", "name": "f", "input": {}}]},
         {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call.1", "content": "ok"}]}],
        [("invalid_tool_call_id", 1)],
        [{"role": "user", "content": "q"},
         {"role": "assistant", "content": [{"type": "tool_use", "id": "call_1", "name": "f", "input": {}}]},
         {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call_1", "content": "ok"}]}],
    ),
    Case(
        "anthropic-whitespace-text-block",
        "anthropic",
        [{"role": "user", "content": [{"type": "text", "text": "q"}, {"type": "text", "text": " "}]}],
        [("empty_content", 0)],
        [{"role": "user", "content": [{"type": "text", "text": "q"}]}],
    ),
    Case(
        "anthropic-unpaired-server-tool-use",
        "anthropic",
        [{"role": "user", "content": "q"},
         {"role": "assistant", "content": [{"type": "server_tool_use", "id": "s1", "name": "web_search",
                                            "input": {}}, {"type": "text", "text": "found"}]},
         {"role": "user", "content": "ok"}],
        [("missing_tool_result", 1)],
        [{"role": "user", "content": "q"},
         {"role": "assistant", "content": [{"type": "server_tool_use", "id": "s1", "name": "web_search",
                                            "input": {}},
                                           {"type": "web_search_tool_result", "tool_use_id": "s1", "content": []},
                                           {"type": "text", "text": "found"}]},
         {"role": "user", "content": "ok"}],
    ),
    Case(
        "gemini-unsigned-first-call",
        "gemini",
        [{"role": "user", "parts": [{"text": "q"}]},
         {"role": "model", "parts": [{"functionCall": {"name": "a", "args": {}}},
                                     {"functionCall": {"name": "b", "args": {}}, "thoughtSignature": "S"}]},
         {"role": "user", "parts": [{"functionResponse": {"name": "a", "response": {}}},
                                    {"functionResponse": {"name": "b", "response": {}}}]}],
        [("unsigned_first_call", 1)],
        [{"role": "user", "parts": [{"text": "q"}]},
         {"role": "model", "parts": [{"functionCall": {"name": "a", "args": {}}, "thoughtSignature": "S"},
                                     {"functionCall": {"name": "b", "args": {}}}]},
         {"role": "user", "parts": [{"functionResponse": {"name": "a", "response": {}}},
                                    {"functionResponse": {"name": "b", "response": {}}}]}],
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_rejected_history_reports_exactly_the_rule(case: Case) -> None:
    found = validate(case.bad, case.dialect)
    assert sorted((v.rule, v.index) for v in found) == sorted(case.expected), found
    assert not is_valid(case.bad, case.dialect)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_accepted_counterpart_has_no_violation(case: Case) -> None:
    assert validate(case.good, case.dialect) == []
    assert is_valid(case.good, case.dialect)


def test_every_rule_has_a_case() -> None:
    covered = {rule for c in CASES for rule, _ in c.expected}
    assert covered == RULES


@pytest.mark.parametrize("dialect", sorted(DIALECTS))
def test_every_dialect_has_cases(dialect: str) -> None:
    assert sum(c.dialect == dialect for c in CASES) >= 10


# ----------------------------------------------------------------------------------------------------
# realistic valid histories


REALISTIC: list[tuple[str, Dialect, list[Any]]] = [
    (
        "chat-agent-session",
        "openai_chat",
        [
            sys("You are a travel agent."),
            user("Weather in Oslo and Bergen, then book the warmer one."),
            calls("call_a", "call_b", content="Checking both."),
            tool("call_b"),
            tool("call_a"),
            asst(None, tool_calls=[call("call_c", "book_hotel")]),
            tool("call_c", "booked"),
            asst("Booked Bergen."),
            dev("Keep answers short."),  # mid-conversation system/developer: a warning, not a violation
            user("thanks"),
            asst([{"type": "text", "text": "You're welcome."}]),
            {"role": "user", "content": [{"type": "text", "text": "one more"}], "name": "ann"},
            asst(None, function_call={"name": "legacy", "arguments": "{}"}),
            {"role": "function", "name": "legacy", "content": "ok"},
            asst("done"),
        ],
    ),
    (
        "responses-agent-session",
        "openai_responses",
        [
            r_easy("developer", "You are a travel agent."),
            r_easy("user", "Weather in Oslo and Bergen?"),
            rs(1),
            fc("call_a"),
            fc("call_b"),
            fo("call_b"),
            fo("call_a"),
            rs(2),
            fc("call_c", "book_hotel"),
            fo("call_c"),
            {"type": "web_search_call", "id": "ws_1", "status": "completed"},
            rs(3),
            ctc("call_d"),
            cto("call_d"),
            rs(4),
            r_msg("assistant", "Booked Bergen."),
            r_easy("system", "Keep answers short."),
            r_msg("user", "thanks"),
            {"type": "item_reference", "id": "msg_9"},
            rs(5),
            r_msg("assistant", "You're welcome."),
        ],
    ),
    (
        "anthropic-agent-session",
        "anthropic",
        [
            a_user("Weather in Oslo and Bergen?"),
            a_asst(text("Checking both."), tu("toolu_a", "weather"), tu("toolu_b", "weather")),
            a_user(tr("toolu_b"), tr("toolu_a", is_error=True), text("also book")),
            a_asst(
                {"type": "thinking", "thinking": "...", "signature": "sig"},
                tu("toolu_c", "book_hotel"),
            ),
            a_user(tr("toolu_c")),
            a_asst("Booked Bergen."),
            a_user("thanks"),
            a_user(text("one more thing")),  # consecutive user messages are not a violation
            a_asst(text("Sure")),
            a_user("go"),
            a_asst(""),  # optional empty final assistant message (prefill)
        ],
    ),
    (
        "gemini-agent-session",
        "gemini",
        [
            g_user("Weather in Oslo and Bergen?"),
            {
                "role": "model",
                "parts": [
                    {"text": "Checking both."},
                    {"functionCall": {"name": "get_weather", "args": {"city": "Oslo"}}},
                    {"functionCall": {"name": "get_weather", "args": {"city": "Bergen"}}},
                    {"functionCall": {"name": "get_time", "args": {}}},
                ],
            },
            g_resps("get_time", "get_weather", "get_weather"),  # no ids: multiset by name, any order
            g_calls("book_hotel#fc_9"),
            {
                "role": "user",
                "parts": [{"function_response": {"id": "fc_9", "name": "book_hotel", "response": {}}}],
            },
            g_model("Booked Bergen."),
            g_user("thanks"),
            g_model("You're welcome."),
            g_user("and the other?"),
            g_calls("book_hotel"),
            g_resps("book_hotel", role="function"),
            g_model("done"),
        ],
    ),
]


@pytest.mark.parametrize(
    ("dialect", "messages"), [(d, m) for _, d, m in REALISTIC], ids=[n for n, _, _ in REALISTIC]
)
def test_realistic_valid_history(dialect: Dialect, messages: list[Any]) -> None:
    assert validate(messages, dialect) == []


def test_responses_outputs_may_follow_later_calls_before_the_next_message() -> None:
    # Documented choice: only a message item closes a Responses turn, so an output may come after a later call
    # of the same stretch (the provider pairs by call_id; rejecting this could reject what the API accepts).
    history = [r_easy("user"), fc("c1"), fc("c2"), fo("c1"), fc("c3"), fo("c3"), fo("c2"), r_msg("assistant")]
    assert validate(history, "openai_responses") == []


@pytest.mark.parametrize("dialect", sorted(DIALECTS))
def test_empty_history_is_valid(dialect: Dialect) -> None:
    assert validate([], dialect) == []


# ----------------------------------------------------------------------------------------------------
# API surface


def test_is_valid_ignore() -> None:
    history = [user(), calls("call_1"), {"role": "bot", "content": "x"}, tool("call_1")]
    assert [v.rule for v in validate(history, "openai_chat")] == ["invalid_role"]
    assert not is_valid(history, "openai_chat")
    assert is_valid(history, "openai_chat", ignore=frozenset({"invalid_role"}))
    broken = [*history, user(), calls("call_2")]
    assert not is_valid(broken, "openai_chat", ignore=frozenset({"invalid_role"}))


def test_invalid_role_is_transparent_in_block_dialects() -> None:
    history = [a_user("q"), a_asst(tu("t1")), {"role": "system", "content": "x"}, a_user(tr("t1"))]
    assert [(v.rule, v.index) for v in validate(history, "anthropic")] == [("invalid_role", 2)]


def test_unknown_dialect_raises() -> None:
    with pytest.raises(ValueError, match="unknown dialect"):
        validate([], "bedrock")  # type: ignore[arg-type]


def test_violation_is_frozen() -> None:
    v = Violation("missing_tool_result", 1, "x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.rule = "other"  # type: ignore[misc]


def test_results_sorted_by_index() -> None:
    history = [user(), calls("call_1"), user("x"), tool("call_1"), {"role": "bot"}]
    indexes = [v.index for v in validate(history, "openai_chat")]
    assert indexes == sorted(indexes) == [1, 2, 3, 4]


SECRET = "SECRET-CONTENT-7f3a"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_details_are_one_line_and_never_quote_content(case: Case) -> None:
    def plant(obj: Any) -> Any:
        if isinstance(obj, dict):
            return {
                k: (SECRET if k in ("text", "content", "output") and isinstance(v, str) else plant(v))
                for k, v in obj.items()
            }
        if isinstance(obj, list):
            return [plant(x) for x in obj]
        return obj

    for v in validate(plant(case.bad), case.dialect):
        assert v.rule in RULES
        assert "\n" not in v.detail and v.detail
        assert SECRET not in v.detail


# ----------------------------------------------------------------------------------------------------
# robustness: the oracle never raises, whatever JSON it gets

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)
_keys = st.sampled_from(
    [
        "role",
        "content",
        "tool_calls",
        "tool_call_id",
        "id",
        "function",
        "name",
        "type",
        "call_id",
        "tool_use_id",
        "input",
        "parts",
        "functionCall",
        "functionResponse",
        "text",
    ]
)
_values: st.SearchStrategy[Any] = st.sampled_from(
    [
        *[
            "user",
            "assistant",
            "tool",
            "model",
            "system",
            "function_call",
            "function_call_output",
            "reasoning",
            "message",
            "tool_use",
            "tool_result",
            "c1",
            "c2",
        ],
        "",
        None,
        [],
        {},
    ]
)
_structured = st.recursive(
    _values,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_keys, inner, max_size=5),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(DIALECTS)), st.lists(_json | _structured, max_size=6))
def test_never_raises(dialect: Dialect, messages: list[Any]) -> None:
    found = validate(messages, dialect)
    assert all(v.rule in RULES and 0 <= v.index < len(messages) for v in found)
    assert [v.index for v in found] == sorted(v.index for v in found)
