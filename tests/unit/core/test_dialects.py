"""Dialect adapters: auto-detection, neutral views, untouched histories and unknown fields."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import processor
from processor import InputError, Tracker
from processor.core.dialects import ADAPTERS, detect, get, sniff
from processor.core.model import Role
from tests.strategies import (
    ant_asst,
    ant_result,
    ant_text,
    ant_use,
    ant_user,
    chat_asst,
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
)

pytestmark = pytest.mark.library  # needs the core's dependencies only (tests/run.sh stack)

# ----------------------------------------------------------------------------------------------------
# well-formed histories, one per dialect (parallel calls, results, text, a second round)

VALID: dict[str, list[Any]] = {
    "openai_chat": [
        chat_system(),
        chat_user("weather in Oslo and Rome?"),
        chat_calls("call_1", ("call_2", "get_weather"), content="Checking."),
        chat_tool("call_2", "20 degrees"),
        chat_tool("call_1", "12 degrees"),
        chat_asst("Oslo 12, Rome 20."),
        chat_user("thanks"),
        chat_asst("You're welcome."),
    ],
    "anthropic": [
        ant_user("find x and y"),
        ant_asst({"type": "thinking", "thinking": "two searches", "signature": "sig"}, ant_text("Searching."),
                 ant_use("toolu_1"), ant_use("toolu_2")),
        ant_user(ant_result("toolu_1"), ant_result("toolu_2"), ant_text("and be quick")),
        ant_asst(ant_text("Found both.")),
        ant_user("thanks"),
    ],
    "openai_responses": [
        resp_system(),
        resp_user("weather?"),
        resp_reasoning(1),
        resp_call("call_1"),
        resp_call("call_2", "run_sql", "custom_tool_call"),
        {"type": "web_search_call", "id": "ws_1", "status": "completed"},
        resp_output("call_2", "1", "custom_tool_call_output"),
        resp_output("call_1"),
        resp_reasoning(2),
        resp_asst("12 degrees."),
        {"role": "user", "content": "thanks"},
    ],
    "gemini": [
        gem_user("weather in Oslo and Rome?"),
        gem_calls("get_weather", "get_weather", "search#c9", text="Checking."),
        gem_resps("get_weather", "search#c9", "get_weather"),
        gem_model("Oslo 12, Rome 20."),
        {"parts": [{"text": "thanks"}]},  # role may be left out: user
    ],
}


@pytest.mark.parametrize("dialect", sorted(VALID))
def test_valid_history_is_detected_and_comes_back_as_the_same_objects(dialect: str) -> None:
    h = VALID[dialect]
    before = copy.deepcopy(h)
    r = processor.repair(h)
    assert r.dialect == dialect
    assert r.changed is False
    assert r.findings == []
    assert r.actions == []
    assert len(r.messages) == len(h)
    assert all(a is b for a, b in zip(r.messages, h, strict=True))
    assert h == before  # nothing mutated


@pytest.mark.parametrize("dialect", sorted(VALID))
@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_valid_history_is_unchanged_with_either_strategy_and_explicit_dialect(dialect: str, strategy: str) -> None:
    h = VALID[dialect]
    r = processor.repair(h, dialect, strategy)  # type: ignore[arg-type]
    assert r.changed is False
    assert all(a is b for a, b in zip(r.messages, h, strict=True)) and len(r.messages) == len(h)


def test_the_result_is_a_new_list_of_the_same_objects() -> None:
    h = VALID["openai_chat"]
    r = processor.repair(h)
    assert r.messages is not h  # a new list of the same objects
    r.messages.append({"role": "user", "content": "x"})
    assert len(h) == 8


# ----------------------------------------------------------------------------------------------------
# auto-detection


@pytest.mark.parametrize(
    ("history", "dialect"),
    [
        pytest.param([chat_user(), chat_calls("c1")], "openai_chat", id="chat-tool_calls"),
        pytest.param([chat_tool("c1")], "openai_chat", id="chat-tool-role"),
        pytest.param([{"role": "user", "tool_call_id": "x", "content": "?"}], "openai_chat", id="chat-tool_call_id"),
        pytest.param(
            [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:,"}}]}],
            "openai_chat",
            id="chat-image_url",
        ),
        pytest.param([chat_system(), chat_user(), chat_asst()], "openai_chat", id="plain-text-is-chat"),
        pytest.param([], "openai_chat", id="empty"),
        pytest.param([chat_user(), ant_asst(ant_use("toolu_1"))], "anthropic", id="anthropic-tool_use"),
        pytest.param([ant_user(ant_result("toolu_1"))], "anthropic", id="anthropic-tool_result"),
        pytest.param(
            [ant_user({"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": ""}})],
            "anthropic",
            id="anthropic-image-source",
        ),
        pytest.param(
            [ant_asst({"type": "thinking", "thinking": "", "signature": "s"})], "anthropic", id="anthropic-thinking"
        ),
        pytest.param([chat_user(), resp_call("c1")], "openai_responses", id="responses-function_call"),
        pytest.param([resp_reasoning()], "openai_responses", id="responses-reasoning"),
        pytest.param([resp_user()], "openai_responses", id="responses-input_text"),
        pytest.param(
            [{"role": "assistant", "content": [{"type": "output_text", "text": "x"}]}],
            "openai_responses",
            id="responses-output_text-without-type",
        ),
        pytest.param([{"type": "item_reference", "id": "msg_1"}], "openai_responses", id="responses-item_reference"),
        pytest.param([gem_user()], "gemini", id="gemini-parts"),
        pytest.param([{"role": "model", "content": "?"}], "gemini", id="gemini-model-role"),
        pytest.param([chat_user(), chat_asst(), gem_calls("search")], "gemini", id="gemini-after-plain-text"),
    ],
)
def test_auto_detection(history: list[Any], dialect: str) -> None:
    assert detect(history) == dialect
    assert processor.repair(history).dialect == dialect


@pytest.mark.parametrize(
    ("doc", "dialect"),
    [
        pytest.param({"model": "gpt-4o", "messages": VALID["openai_chat"]}, "openai_chat", id="messages-chat"),
        pytest.param({"model": "claude", "system": "Be brief.", "messages": VALID["anthropic"]}, "anthropic",
                     id="messages-anthropic"),
        pytest.param({"contents": VALID["gemini"]}, "gemini", id="contents"),
        pytest.param({"contents": [{"role": "user", "parts": []}]}, "gemini", id="contents-decides"),
        pytest.param({"model": "gpt-5", "input": VALID["openai_responses"]}, "openai_responses", id="input"),
        # plain {role, content} messages under `input` are Responses (EasyInputMessage), not chat
        pytest.param({"input": [{"role": "user", "content": "hi"}]}, "openai_responses", id="input-decides"),
    ],
)
def test_auto_detection_of_request_objects(doc: dict[str, Any], dialect: str) -> None:
    r = processor.repair(doc)
    assert r.dialect == dialect
    key = next(k for k in ("messages", "contents", "input") if k in doc)
    if dialect != "gemini" or doc[key][0]["parts"]:
        assert r.changed is False
        assert all(a is b for a, b in zip(r.messages, doc[key], strict=True))


def test_request_object_with_a_non_array_history_is_an_input_error() -> None:
    with pytest.raises(InputError) as e:
        processor.repair({"messages": "hello"})
    assert e.value.kind == "schema"
    with pytest.raises(InputError):
        processor.repair({"prompt": "hello"})


def test_explicit_dialect_overrides_detection() -> None:
    # the same plain history read as Anthropic: an empty text block is an error there, a content part in chat
    h = [{"role": "user", "content": "q"}, {"role": "assistant", "content": [{"type": "text", "text": ""}]}]
    assert processor.repair(h).changed is False
    r = processor.repair(h, "anthropic")
    assert r.dialect == "anthropic"
    assert [f.kind for f in r.findings] == ["empty_content"]
    assert r.messages == [h[0]]


def test_unknown_dialect_name_is_an_input_error() -> None:
    with pytest.raises(InputError) as e:
        processor.repair([chat_user()], "bedrock")
    assert e.value.kind == "unknown_dialect"
    with pytest.raises(InputError):
        get("claude")


@pytest.mark.parametrize("msg", [5, "hi", None, [chat_user()]])
def test_a_message_that_is_not_an_object_is_a_schema_error(msg: Any) -> None:
    with pytest.raises(InputError) as e:
        sniff(msg)
    assert e.value.kind == "schema"
    with pytest.raises(InputError) as e2:
        processor.repair([chat_user(), msg], "openai_chat")
    assert e2.value.kind == "schema"
    assert "message 1" in str(e2.value)


def test_auto_detected_schema_error_names_the_message() -> None:
    """The error of a non-object message names its index with auto-detection too (as with --dialect)."""
    with pytest.raises(InputError) as e:
        processor.repair([chat_user(), 5])
    assert "message 1" in str(e.value)


@pytest.mark.parametrize(
    "history",
    [
        pytest.param([chat_user(), {"role": "critic", "content": "x"}, chat_calls("c1"), chat_tool("c1")], id="chat"),
        pytest.param([{"role": "critic", "content": "x"}, ant_user("hi")], id="first-message"),
        pytest.param([chat_user(), {"role": "function", "name": "f", "content": "x"}], id="legacy-function-role"),
    ],
)
def test_auto_detection_tolerates_an_invalid_role(history: list[Any]) -> None:
    """Invalid roles are reported, never rewritten: auto-detection must not turn them into an input error."""
    r = processor.repair(history)
    assert r.dialect == "openai_chat"
    assert r.messages == history


def test_tracker_auto_detects_on_the_first_distinctive_message() -> None:
    t = Tracker()
    assert t.dialect is None
    t.feed(chat_user())
    assert t.dialect is None  # plain text: any dialect reads it alike
    t.feed(ant_asst(ant_use("toolu_1")))
    assert t.dialect == "anthropic"
    step = t.feed(ant_user(ant_result("toolu_1")))
    assert step.findings == []
    assert t.open_calls == 0


# ----------------------------------------------------------------------------------------------------
# neutral views


def _v(dialect: str, msg: Any) -> tuple[Any, ...]:
    v = ADAPTERS[dialect].view(msg)  # type: ignore[index]
    return (
        v.role,
        v.has_text,
        [(c.id, c.name, c.pos, bool(c.malformed)) for c in v.calls],
        [(r.call_id, r.name, r.pos) for r in v.results],
        v.empty,
    )


@pytest.mark.parametrize(
    ("dialect", "msg", "expected"),
    [
        # OpenAI chat
        ("openai_chat", chat_system(), (Role.SYSTEM, True, [], [], False)),
        ("openai_chat", {"role": "developer", "content": "x"}, (Role.SYSTEM, True, [], [], False)),
        ("openai_chat", chat_user(), (Role.USER, True, [], [], False)),
        ("openai_chat", chat_asst("ok"), (Role.ASSISTANT, True, [], [], False)),
        ("openai_chat", chat_asst(None), (Role.ASSISTANT, False, [], [], True)),
        ("openai_chat", chat_asst(""), (Role.ASSISTANT, False, [], [], True)),
        ("openai_chat", {"role": "assistant", "content": None, "refusal": None, "audio": {"id": "a"}},
         (Role.ASSISTANT, True, [], [], False)),
        ("openai_chat", chat_calls("c1", ("c2", "search")),
         (Role.ASSISTANT, False, [("c1", "get_weather", 0, False), ("c2", "search", 1, False)], [], False)),
        ("openai_chat", chat_calls((None, "search"), ("c2", None)),
         (Role.ASSISTANT, False, [(None, "search", 0, True), ("c2", "", 1, True)], [], False)),
        ("openai_chat", chat_tool("c1"), (Role.TOOL, False, [], [("c1", None, -1)], False)),
        ("openai_chat", {"role": "critic", "content": "x"}, (Role.INVALID, False, [], [], False)),
        # a legacy function message ends a tool_calls block like any message from outside the model
        ("openai_chat", {"role": "function", "name": "f", "content": "x"}, (Role.USER, True, [], [], False)),
        # Anthropic
        ("anthropic", ant_user("hi"), (Role.USER, True, [], [], False)),
        ("anthropic", ant_user(""), (Role.USER, False, [], [], True)),
        ("anthropic", {"role": "user", "content": []}, (Role.USER, False, [], [], True)),
        ("anthropic", ant_user(ant_text("")), (Role.USER, False, [], [], True)),
        ("anthropic", ant_asst(ant_text("x"), ant_use("t1"), ant_use("t2", "fetch")),
         (Role.ASSISTANT, True, [("t1", "search", 1, False), ("t2", "fetch", 2, False)], [], False)),
        ("anthropic", ant_asst(ant_use(None), ant_use("t2", None), ant_use("t3", inp=42)),
         (Role.ASSISTANT, False, [(None, "search", 0, True), ("t2", "", 1, True), ("t3", "search", 2, True)], [],
          False)),
        ("anthropic", ant_user(ant_result("t1"), ant_text("more")),
         (Role.USER, True, [], [("t1", None, 0)], False)),
        ("anthropic", {"role": "system", "content": "x"}, (Role.SYSTEM, True, [], [], False)),
        # Responses
        ("openai_responses", resp_user(), (Role.USER, True, [], [], False)),
        ("openai_responses", {"role": "user", "content": "hi"}, (Role.USER, True, [], [], False)),
        ("openai_responses", resp_system(), (Role.SYSTEM, True, [], [], False)),
        ("openai_responses", resp_asst(), (Role.ASSISTANT, True, [], [], False)),
        ("openai_responses", {"type": "message", "role": "assistant", "content": []},
         (Role.ASSISTANT, False, [], [], True)),
        ("openai_responses", resp_call("c1"), (Role.ASSISTANT, False, [("c1", "get_weather", -1, False)], [], False)),
        ("openai_responses", resp_call(None), (Role.ASSISTANT, False, [(None, "get_weather", -1, True)], [], False)),
        ("openai_responses", resp_call("c1", "run_sql", "custom_tool_call"),
         (Role.ASSISTANT, False, [("c1", "run_sql", -1, False)], [], False)),
        ("openai_responses", resp_output("c1"), (Role.TOOL, False, [], [("c1", None, -1)], False)),
        ("openai_responses", resp_output("c1", kind="custom_tool_call_output"),
         (Role.TOOL, False, [], [("c1", None, -1)], False)),
        ("openai_responses", resp_reasoning(), (Role.REASONING, False, [], [], False)),
        ("openai_responses", {"type": "web_search_call", "id": "ws"}, (Role.OTHER, False, [], [], False)),
        ("openai_responses", {"type": "message", "role": "critic", "content": "x"},
         (Role.INVALID, False, [], [], False)),
        # Gemini
        ("gemini", gem_user(), (Role.USER, True, [], [], False)),
        ("gemini", {"parts": [{"text": "x"}]}, (Role.USER, True, [], [], False)),
        ("gemini", gem_model(), (Role.ASSISTANT, True, [], [], False)),
        ("gemini", {"role": "model", "parts": []}, (Role.ASSISTANT, False, [], [], True)),
        ("gemini", {"role": "user", "parts": [{"text": ""}]}, (Role.USER, False, [], [], True)),
        ("gemini", gem_calls("search", "fetch#id2", text="x"),
         (Role.ASSISTANT, True, [(None, "search", 1, False), ("id2", "fetch", 2, False)], [], False)),
        ("gemini", {"role": "model", "parts": [gem_fc(None)]}, (Role.ASSISTANT, False, [(None, "", 0, True)], [],
                                                                  False)),
        ("gemini", gem_resps("search", "fetch#id2"),
         (Role.USER, False, [], [(None, "search", 0), ("id2", "fetch", 1)], False)),
        ("gemini", {"role": "function", "parts": [gem_fr("search")]},
         (Role.USER, False, [], [(None, "search", 0)], False)),
        ("gemini", {"role": "critic", "parts": [{"text": "x"}]}, (Role.INVALID, False, [], [], False)),
    ],
)
def test_neutral_view(dialect: str, msg: Any, expected: tuple[Any, ...]) -> None:
    assert _v(dialect, msg) == expected


def test_view_flags() -> None:
    assert ADAPTERS["openai_chat"].view({"role": "assistant", "content": "x", "tool_calls": []}).empty_tool_calls
    assert ADAPTERS["anthropic"].view(ant_user(ant_text("x"), ant_result("t1"))).results_after_text
    assert not ADAPTERS["anthropic"].view(ant_user(ant_result("t1"), ant_text("x"))).results_after_text
    assert ADAPTERS["gemini"].view({"role": "user", "parts": [{"text": "x"}, gem_fr("f")]}).results_after_text
    assert ADAPTERS["openai_chat"].view({"role": "critic"}).raw_role == "critic"


def test_views_never_copy_or_mutate() -> None:
    for dialect, h in VALID.items():
        before = copy.deepcopy(h)
        for m in h:
            ADAPTERS[dialect].view(m)  # type: ignore[index]
        assert h == before


# ----------------------------------------------------------------------------------------------------
# unknown fields survive a rewrite


def test_unknown_fields_survive_in_openai_chat() -> None:
    call_a = {"id": "a", "type": "function", "function": {"name": "f", "arguments": "{}"}, "x_trace": "t-a"}
    call_b = {"id": "b", "type": "function", "function": {"name": "g", "arguments": "{}"}, "x_trace": "t-b"}
    asst = {"role": "assistant", "content": "working", "tool_calls": [call_a, call_b], "name": "bot",
            "x_meta": {"k": [1, 2]}}
    h = [{"role": "user", "content": "go", "name": "ann", "x_id": 7}, asst, chat_tool("a"), chat_user("stop")]
    before = copy.deepcopy(h)
    r = processor.repair(h, strategy="drop")
    assert h == before
    out = r.messages[1]
    assert out is not asst
    assert out == {"role": "assistant", "content": "working", "tool_calls": [call_a], "name": "bot",
                   "x_meta": {"k": [1, 2]}}
    assert out["tool_calls"][0] is call_a
    assert r.messages[0] is h[0]


def test_unknown_fields_survive_in_anthropic() -> None:
    tr = ant_result("t1", cache_control={"type": "ephemeral"})
    closing = {"role": "user", "content": [ant_text("more"), tr], "x_meta": 1}
    h = [ant_user("go"), ant_asst(ant_use("t1"), ant_use("t2")), closing]
    before = copy.deepcopy(h)
    r = processor.repair(h)
    assert h == before
    out = r.messages[2]
    assert out["x_meta"] == 1
    assert out["content"][0] is tr  # moved before the text, untouched
    assert out["content"][1]["tool_use_id"] == "t2"  # synthesized, after the results
    assert out["content"][2] == ant_text("more")


def test_unknown_fields_survive_in_gemini() -> None:
    fc = {"functionCall": {"name": "search", "args": {"q": 1}, "id": "g1"}, "thoughtSignature": "abc"}
    model = {"role": "model", "parts": [{"text": "let me", "thought": False}, fc,
                                        gem_fc("fetch", "g2")], "x": {"y": 1}}
    h = [gem_user(), model, gem_resps("search#g1"), gem_user("next")]
    r = processor.repair(h, strategy="drop")
    out = r.messages[1]
    assert out == {"role": "model", "parts": [{"text": "let me", "thought": False}, fc], "x": {"y": 1}}
    assert out["parts"][1] is fc


def test_unknown_fields_survive_in_responses() -> None:
    call = {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "f", "arguments": "{}",
            "status": "completed"}
    out_item = {"type": "function_call_output", "call_id": "c1", "output": "x", "id": "fco_1", "status": "completed"}
    h = [resp_user(), call, out_item, resp_output("c1", "again")]
    r = processor.repair(h)
    assert r.messages == [h[0], call, out_item]
    assert r.messages[1] is call and r.messages[2] is out_item


# ----------------------------------------------------------------------------------------------------
# the shape of a synthesized result in each dialect


@pytest.mark.parametrize(
    ("dialect", "history", "synth"),
    [
        ("openai_chat", [chat_user(), chat_calls("c1")],
         {"role": "tool", "tool_call_id": "c1",
          "content": "Tool call c1 (get_weather) has no result in this history."}),
        ("anthropic", [ant_user("go"), ant_asst(ant_use("t1"))],
         {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "is_error": True,
                                       "content": "Tool call t1 (search) has no result in this history."}]}),
        ("openai_responses", [resp_user(), resp_call("c1")],
         {"type": "function_call_output", "call_id": "c1",
          "output": "Tool call c1 (get_weather) has no result in this history."}),
        ("openai_responses", [resp_user(), resp_call("c1", "run_sql", "custom_tool_call")],
         {"type": "custom_tool_call_output", "call_id": "c1",
          "output": "Tool call c1 (run_sql) has no result in this history."}),
        ("gemini", [gem_user(), gem_calls("search#g1")],
         {"role": "user", "parts": [{"functionResponse": {
             "name": "search", "id": "g1",
             "response": {"error": "Tool call g1 (search) has no result in this history."}}}]}),
    ],
)
def test_synthesized_result_shape(dialect: str, history: list[Any], synth: Any) -> None:
    r = processor.repair(history, dialect)
    assert r.messages[:-1] == history
    assert r.messages[-1] == synth
    assert r.changed is True


def test_no_module_outside_the_dialects_names_a_dialect() -> None:
    """tracker.py's header: what differs between dialects lives on the adapters in dialects/."""
    from pathlib import Path

    import processor.core as core

    here = Path(core.__file__).parent
    names = ("openai_chat", "openai_responses", "anthropic", "gemini", "Responses", "Anthropic", "Gemini")
    for module in ("tracker.py", "repair.py", "behaviour.py"):
        text = (here / module).read_text()
        assert [n for n in names if n in text] == [], module


# -- dialect capabilities live on the adapters ------------------------------------------------------------------
@pytest.mark.parametrize(("value", "text"), [
    ("Be brief.", "Be brief."),  # a string: every dialect
    ([{"type": "text", "text": "Be"}, {"type": "text", "text": "brief."}], "Be\nbrief."),  # Anthropic blocks
    ({"type": "text", "text": "Be brief."}, "Be brief."),  # one Anthropic block alone
    ({"parts": [{"text": "Be brief."}]}, "Be brief."),  # a Gemini Content
    ({"role": "system", "content": "Be brief."}, "Be brief."),  # a system message object
    ({"parts": [{"text": "parts win"}], "content": "not this"}, "parts win"),
    (42, ""),
    ({"other": 1}, ""),
])
def test_a_system_prompt_is_read_in_any_dialects_shape(value: Any, text: str) -> None:
    from processor.core.dialects import system_text

    assert system_text(value) == text


def test_each_dialect_names_the_request_keys_of_its_system_prompt() -> None:
    from processor.core.dialects import SYSTEM_KEYS

    assert {a.name: a.system_keys for a in ADAPTERS.values()} == {
        "openai_chat": (), "anthropic": ("system",), "openai_responses": ("instructions",),
        "gemini": ("systemInstruction", "system_instruction"), "otel_genai": ()}
    assert SYSTEM_KEYS == ("system", "systemInstruction", "system_instruction", "instructions")


def test_tool_definitions_are_read_in_every_dialects_shape() -> None:
    from processor.core.dialects import tool_declarations

    tools = [
        {"type": "function", "function": {"name": "chat_tool", "parameters": {}}},
        {"name": "anthropic_tool", "input_schema": {}},
        {"type": "function", "name": "responses_tool", "parameters": {}},
        {"functionDeclarations": [{"name": "gemini_a"}, "junk", {"name": "gemini_b"}]},
        {"function_declarations": [{"name": "gemini_c"}]},
        "junk",
    ]
    assert [d.get("name") for d in tool_declarations(tools)] == [
        "chat_tool", "anthropic_tool", "responses_tool", "gemini_a", "gemini_b", "gemini_c"]
    assert [d["name"] for d in tool_declarations({"name": "one"})] == ["one"]
    assert list(tool_declarations("not tools")) == []


@pytest.mark.parametrize(("dialect", "msg", "pos", "args"), [
    ("openai_chat", {"role": "assistant", "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}]}, 0, '{"a": 1}'),
    ("anthropic", {"role": "assistant", "content": [
        {"type": "text", "text": "x"}, {"type": "tool_use", "id": "t", "name": "f", "input": {"a": 1}}]}, 1, {"a": 1}),
    ("openai_responses", {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}, -1, "{}"),
    ("openai_responses", {"type": "custom_tool_call", "call_id": "c", "name": "f", "input": "raw"}, -1, "raw"),
    ("gemini", {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {"a": 1}}}]}, 0, {"a": 1}),
])
def test_each_dialect_gives_a_calls_arguments_as_the_call_carries_them(dialect: str, msg: Any, pos: int,
                                                                        args: Any) -> None:
    assert ADAPTERS[dialect].call_arguments(msg, pos) == args  # type: ignore[index]


def test_no_module_outside_the_dialect_adapters_names_a_dialect() -> None:
    import pathlib
    import re

    root = pathlib.Path(processor.__file__).parent
    names = re.compile(r"""["'](openai_chat|anthropic|gemini|openai_responses|responses)["']""")
    # the registry of dialect names itself; the OTLP reader, which writes events of the one dialect it reads
    allowed = {"core/model.py", "core/otlp.py"}
    offenders = []
    for p in sorted(root.rglob("*.py")):
        rel = p.relative_to(root).as_posix()
        if rel.startswith(("core/dialects/", "synth/")) or rel in allowed:
            continue
        for n, line in enumerate(p.read_text().splitlines(), 1):
            if names.search(line):
                offenders.append(f"{rel}:{n}: {line.strip()}")
    assert offenders == []
