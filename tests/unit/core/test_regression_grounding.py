"""The evidence `text_only_regression` shares with `unbacked_claim` (processor/core/behaviour.py `_regression_holds`,
processor/core/regression/claims.py, frameworks.py), and the Chinese and past-tense grounding of `unbacked_claim`,
through `processor.repair()` as users call it."""

from __future__ import annotations

import json
from typing import Any

import processor
from processor.core.regression.claims import family, gloss, root, served_kind
from processor.core.regression.frameworks import carries_code, execution_output, text_call


def tool(name: str, desc: str, *props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": desc, "parameters": {
        "type": "object", "properties": {p: {"type": "string"} for p in props}}}}


def call(cid: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]}


def result(cid: str, content: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": cid, "content": content}


def found(messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> list[tuple[str, int, str | None]]:
    res = processor.repair(messages, "openai_chat", tools=tools)
    return [(f.kind.value, f.index, f.tool) for f in res.findings
            if f.kind.value in ("unbacked_claim", "text_only_regression") and f.index is not None]


TOOLS = [tool("set_timer", "Set a timer", "minutes"), tool("get_weather", "Current weather for a location", "location"),
         tool("get_stock_price", "Latest stock price for a ticker symbol", "symbol"),
         tool("set_volume", "Set the speaker volume", "level")]
TIMER = [{"role": "user", "content": "Set a timer for 5 minutes"}, call("c0", "set_timer", {"minutes": "5"}),
         result("c0", '{"ok": true}'), {"role": "assistant", "content": "Timer set for 5 minutes."}]


def test_family_and_served_kind() -> None:
    assert family("dache_cancel") & family("dache_call")
    assert served_kind("dache_cancel", ["dache_call"])
    assert not served_kind("get_weather", ["get_calendar"])  # a read verb is no family
    assert not served_kind("book_meeting", ["create_ticket"])


def test_a_claim_about_a_tool_that_never_served_is_no_regression() -> None:
    # the timer served; the stock price never did: the reply's figures are an unbacked claim, not a lost habit
    ms = [*TIMER, {"role": "user", "content": "英伟达股价现在多少？"},
          {"role": "assistant", "content": "英伟达（NVDA）目前股价为147.34美元，今日下跌1.33%。"}]
    assert found(ms, TOOLS) == [("unbacked_claim", 5, "get_stock_price")]


def test_the_seed_regression_still_holds() -> None:
    ms = [{"role": "user", "content": "把音量调大一点"}, call("c0", "set_volume", {"level": "60"}),
          result("c0", '{"ok": true}'), {"role": "assistant", "content": "好的，已为您调大音量。"},
          {"role": "user", "content": "声音调小一点"}, {"role": "assistant", "content": "好的明白"}]
    assert ("text_only_regression", 5, "set_volume") in found(ms, TOOLS)


def test_a_plan_that_asks_for_confirmation_is_no_regression() -> None:
    ms = [{"role": "user", "content": "Turn the volume up"}, call("c0", "set_volume", {"level": "60"}),
          result("c0", '{"ok": true}'), {"role": "assistant", "content": "Volume is now 60."},
          {"role": "user", "content": "Turn the volume down a bit"},
          {"role": "assistant", "content": "I can lower it to 40 or to 30. Which level should I set?"}]
    assert not [f for f in found(ms, TOOLS) if f[0] == "text_only_regression"]


def test_code_execution_output_is_a_result_and_code_replies_are_acts() -> None:
    assert execution_output("exitcode: 0 (execution succeeded)\nCode output: 42")
    assert not execution_output("What does exitcode: 0 mean?")
    assert carries_code("Run this:\n```python\nprint(1)\n```")
    assert not carries_code("Use `print(1)`.")
    tools = [tool("task_planner", "Decompose a task into sub-tasks", "question")]
    ms = [{"role": "user", "content": "Plot NVDA's close over the past month."},
          call("c0", "task_planner", {"question": "x"}),
          result("c0", "1. fetch 2. plot"),
          {"role": "assistant", "content": "First fetch the data:\n```python\nimport yfinance\n```"},
          {"role": "user", "content": "exitcode: 1 (execution failed)\nCode output: ModuleNotFoundError: yfinance"},
          {"role": "assistant", "content": "Install it first:\n```sh\npip install yfinance\n```"},
          {"role": "user", "content": "Write the script with pandas instead."},
          {"role": "assistant", "content": "Here it is:\n```python\nimport pandas as pd\n```"}]
    assert found(ms, tools) == []


def test_chinese_facts_find_their_subject_through_the_glossary() -> None:
    assert gloss("东京今天天气怎么样") and not gloss("What is the weather")
    ms = [{"role": "user", "content": "东京今天天气怎么样？"},
          {"role": "assistant", "content": "东京现在-1°C，阵雪，湿度26%。"}]
    assert found(ms, TOOLS) == [("unbacked_claim", 1, "get_weather")]


def test_a_requested_act_told_in_the_past_with_no_call_is_unbacked() -> None:
    tools = [tool("dice_roll", "Roll a die")]
    assert found([{"role": "user", "content": "Roll a die for me"},
                  {"role": "assistant", "content": "You rolled a 4."}], tools) == [("unbacked_claim", 1, "dice_roll")]
    # with its call, or not asked for, it is not
    assert found([{"role": "user", "content": "Roll a die for me"}, call("c0", "dice_roll", {}), result("c0", "4"),
                  {"role": "assistant", "content": "You rolled a 4."}], tools) == []
    assert found([{"role": "user", "content": "Tell me about dice games"},
                  {"role": "assistant", "content": "Players once rolled bones instead of dice."}], tools) == []


def test_root_folds_a_final_y() -> None:
    assert root("modify") == root("modified") == "modifi"
    assert root("play") == "play"


def test_a_result_that_names_no_failure_backs_the_act() -> None:
    """A result whose error field is empty (`"error": null`, "0 failed", "no errors") is a success: the act it did
    is told as done with its call; a result that carries an error still leaves the act unbacked."""
    tools = [tool("create_file", "Create a file", "path"), tool("read_file", "Read a file", "path")]
    ask = {"role": "user", "content": "Create the file notes.txt"}
    done = {"role": "assistant", "content": "The file notes.txt has been created."}
    for head in ('{"created": true, "error": null}', "{'errors': [], 'path': 'notes.txt'}", "created, 0 failed",
                 "created with no errors"):
        msgs = [ask, call("c1", "create_file", {"path": "notes.txt"}), result("c1", head), done]
        assert [k for k, _, _ in found(msgs, tools)] == [], head
    msgs = [ask, call("c1", "create_file", {"path": "notes.txt"}), result("c1", '{"error": "permission denied"}'), done]
    assert [k for k, _, _ in found(msgs, tools)] == ["unbacked_claim"]


def test_a_call_written_as_text_is_a_call_not_a_claim() -> None:
    """ldp's gpt-4o-mini told to write `<tool_call>{…}</tool_call>`, a ReAct agent's "Action:" lines: the framework
    parses the call from the text; "cast" in it tells nothing done. The same act told as done in words still is."""
    tools = [tool("cast_float", "Cast the input argument x to a float.", "x"),
             tool("print_story", "Print a story", "s")]
    ask = {"role": "user", "content": "Cast '5.5' to a float, then write a story of that many words."}
    for text in ('<tool_call>\n{"name": "cast_float", "arguments": {"x": "5.5"}}\n</tool_call>',
                 'Thought: I need to cast 5.5 to a float.\nAction: cast_float\nAction Input: {"x": "5.5"}',
                 '{"name": "cast_float", "arguments": {"x": "5.5"}}'):
        assert text_call(text), text
        assert found([ask, {"role": "assistant", "content": text}], tools) == [], text
    told = {"role": "assistant", "content": "I have cast 5.5 to a float: 5.5."}
    assert not text_call(told["content"])
    assert [k for k, _, _ in found([ask, told], tools)] == ["unbacked_claim"]
