"""A call's result sent back as the next *user* text (ReqLLM's Gemini round trip: the model calls `add`, the client
sends "5" as a user message, the model answers "sum=5"): the reply is the turn's answer, not a request of the kind a
tool served answered in words (`text_only_regression`). Each cause in every dialect, through `processor.repair()` as
users call it, with the true findings beside it: a request made while the call waited whose result message came
after it, and a later request answered in words. And the written probes of
`bench/eval/probes/tor31_results_as_text.jsonl`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import processor
from processor.core.behaviour import Behaviour
from processor.core.dialects import get as dialect_of
from processor.core.regression.frameworks import returned_value
from tests.unit.core.test_claims import _feed

PROBES = Path(__file__).resolve().parents[3] / "bench" / "eval" / "probes" / "tor31_results_as_text.jsonl"
DIALECTS = ("openai_chat", "anthropic", "gemini", "openai_responses")
ASK = "Use the add tool to compute 2 + 3. After the tool result arrives, respond with 'sum=<value>'."
_SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["a", "b"]}
TOOLS: dict[str, Any] = {
    "openai_chat": [{"type": "function", "function": {"name": "add", "description": "Add two integers",
                                                      "parameters": _SCHEMA}}],
    "anthropic": [{"name": "add", "description": "Add two integers", "input_schema": _SCHEMA}],
    "gemini": [{"functionDeclarations": [{"name": "add", "description": "Add two integers", "parameters": _SCHEMA}]}],
    "openai_responses": [{"type": "function", "name": "add", "description": "Add two integers", "parameters": _SCHEMA}],
}


def conversation(d: str, turns: list[tuple[str, ...]]) -> list[dict[str, Any]]:
    """("user", text), ("call", a, b) (a call of `add`), ("result", text) (a result message), ("reply", text), in
    dialect `d`."""
    out: list[dict[str, Any]] = []
    n = 0
    for kind, *rest in turns:
        if kind == "call":
            n += 1
            args = {"a": int(rest[0]), "b": int(rest[1])}
        text = rest[0] if kind != "call" else ""
        if d == "openai_chat":
            out.append({"role": "user", "content": text} if kind == "user" else
                       {"role": "assistant", "content": text} if kind == "reply" else
                       {"role": "tool", "tool_call_id": f"call_{n}", "content": text} if kind == "result" else
                       {"role": "assistant", "content": None, "tool_calls": [
                           {"id": f"call_{n}", "type": "function",
                            "function": {"name": "add", "arguments": json.dumps(args)}}]})
        elif d == "anthropic":
            out.append({"role": "user", "content": text} if kind == "user" else
                       {"role": "assistant", "content": [{"type": "text", "text": text}]} if kind == "reply" else
                       {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"toolu_{n}",
                                                     "content": text}]} if kind == "result" else
                       {"role": "assistant", "content": [{"type": "tool_use", "id": f"toolu_{n}", "name": "add",
                                                          "input": args}]})
        elif d == "gemini":
            out.append({"role": "user", "parts": [{"text": text}]} if kind == "user" else
                       {"role": "model", "parts": [{"text": text}]} if kind == "reply" else
                       {"role": "user", "parts": [{"functionResponse": {"name": "add",
                                                                        "response": {"result": text}}}]}
                       if kind == "result" else
                       {"role": "model", "parts": [{"functionCall": {"name": "add", "args": args}}]})
        else:
            out.append({"role": "user", "content": text} if kind == "user" else
                       {"type": "message", "role": "assistant",
                        "content": [{"type": "output_text", "text": text}]} if kind == "reply" else
                       {"type": "function_call_output", "call_id": f"fc_{n}", "output": text} if kind == "result" else
                       {"type": "function_call", "call_id": f"fc_{n}", "name": "add", "arguments": json.dumps(args)})
    return out


def findings(d: str, turns: list[tuple[str, ...]]) -> list[tuple[str, int, str | None]]:
    res = processor.repair({"messages": conversation(d, turns), "tools": TOOLS[d]}, dialect=d)
    return sorted((f.kind.value, f.index, f.tool) for f in res.findings
                  if f.kind.value in ("unbacked_claim", "text_only_regression") and f.index is not None)


def round_trip(returned: str, reply: str = "sum=5") -> list[tuple[str, ...]]:
    return [("user", ASK), ("call", "2", "3"), ("user", returned), ("reply", reply)]


@pytest.mark.parametrize("d", DIALECTS)
@pytest.mark.parametrize("returned", ["5", "-5", "2.5", '"5"', "null", "False"])
def test_a_bare_value_sent_back_as_user_text_is_the_result(d: str, returned: str) -> None:
    """ReqLLM's form: the value itself (a JSON scalar) as the next user text while the call waits."""
    assert findings(d, round_trip(returned)) == []


@pytest.mark.parametrize("d", DIALECTS)
@pytest.mark.parametrize("returned", ["The result is 5.", "add returned 5", 'Tool result: {"sum": 5}', "结果是5"])
def test_a_result_told_in_words_with_no_result_message_after_it_is_the_result(d: str, returned: str) -> None:
    """Any user text that came while the call waited, with no result message before the reply: the reply is the
    turn's answer after it."""
    assert findings(d, round_trip(returned)) == []
    assert findings(d, round_trip(returned, "The add tool returned 5, so 2 + 3 = 5.\n\nsum=5")) == []


@pytest.mark.parametrize("d", DIALECTS)
def test_a_request_made_while_the_call_waited_is_still_judged(d: str) -> None:
    """The call's result message came after the user text: that text was a request made meanwhile, and the reply
    answers it in words."""
    turns = [("user", ASK), ("call", "2", "3"), ("user", "and also add 4 and 9 please"), ("result", "5"),
             ("reply", "sum=5, and 4 + 9 = 13")]
    assert findings(d, turns) == [("text_only_regression", 4, "add")]


@pytest.mark.parametrize("d", DIALECTS)
@pytest.mark.parametrize("returned", ["5", "The result is 5."])
def test_a_later_request_answered_in_words_is_still_judged(d: str, returned: str) -> None:
    turns = [*round_trip(returned), ("user", "Now use the add tool to compute 4 + 9."), ("reply", "sum=13")]
    assert findings(d, turns) == [("text_only_regression", 5, "add")]


@pytest.mark.parametrize("d", DIALECTS)
def test_a_bare_value_with_no_call_waiting_is_a_request(d: str) -> None:
    """The call got its result message: the next user text is judged as a request, even a bare value."""
    turns = [("user", ASK), ("call", "2", "3"), ("result", "5"), ("reply", "sum=5"), ("user", "5"), ("reply", "sum=5")]
    assert findings(d, turns) == [("text_only_regression", 5, "add")]


def _stream(turns: list[tuple[str, ...]], write: bool) -> list[tuple[int | None, str, str | None]]:
    """Through the stream's path (`Behaviour.observe`), the state written and read back before each message when
    `write`."""
    return _feed(conversation("gemini", turns), write, "gemini", TOOLS["gemini"])


def test_a_state_write_between_the_user_text_and_the_reply_keeps_the_decision() -> None:
    words = [*round_trip("The result is 5."), ("user", "Now use the add tool to compute 4 + 9."), ("reply", "sum=13")]
    assert _stream(words, False) == [(5, "text_only_regression", "add")]
    assert _stream(words, True) == _stream(words, False)
    b = Behaviour()
    adapter = dialect_of("gemini")
    for i, m in enumerate(conversation("gemini", words[:3])):
        v = adapter.view(m)
        b.observe(v, [(c.id, c.name) for c in v.calls], m, i, adapter, None, None, None)
    assert b.to_state()["r"]["wt"] == 1  # the text came while the call waited (state/layout.py, RD_WAITED)


def test_returned_value() -> None:
    for s in ("5", " -2.5 ", "1e3", '"sunny"', "false", "None", "null", '{"sum": 5}', "[1, 2]"):
        assert returned_value(s), s
    for s in ("5 apples", "What is 5?", "and 5", "05:30", "{not json}", "nonsense", '"a\\"b"'):
        assert not returned_value(s), s


def test_the_written_probes_hold() -> None:
    recs = [json.loads(line) for line in PROBES.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert {r["dialect"] for r in recs} == set(DIALECTS)
    for rec in recs:
        assert rec["written"] is True and rec["source"] == "written-probe"
        want = sorted((k, lab["index"], lab["expected_tool"]) for k in ("unbacked_claim", "text_only_regression")
                      for lab in rec["labels"][k])
        res = processor.repair({"messages": rec["messages"], "tools": rec["tools"]}, dialect=rec["dialect"])
        got = sorted((f.kind.value, f.index, f.tool) for f in res.findings
                     if f.kind.value in ("unbacked_claim", "text_only_regression") and f.index is not None)
        assert got == want, rec["id"]
    assert sum(bool(r["labels"]["text_only_regression"]) for r in recs) == 8  # the true findings beside them
