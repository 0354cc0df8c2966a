"""Gemini parts spelled as in the proto (`function_call`, `function_response`, `thought_signature`) are read and
repaired like the JSON spelling, and keep their spelling when rewritten."""

from __future__ import annotations

from typing import Any

import pytest

import processor
from processor.core.dialects import ADAPTERS
from processor.core.model import Role

GEM = ADAPTERS["gemini"]


def _call(name: str, snake: bool, cid: str | None = None, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"name": name, "args": {"city": "Oslo"}}
    if cid is not None:
        body["id"] = cid
    return {("function_call" if snake else "functionCall"): body, **extra}


def _resp(name: str, snake: bool, cid: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"name": name, "response": {"output": "7 C"}}
    if cid is not None:
        body["id"] = cid
    return {("function_response" if snake else "functionResponse"): body}


def _history(snake: bool, answered: bool) -> list[dict[str, Any]]:
    h: list[dict[str, Any]] = [
        {"role": "user", "parts": [{"text": "Weather in Oslo?"}]},
        {"role": "model", "parts": [_call("get_weather", snake)]},
    ]
    if answered:
        h.append({"role": "user", "parts": [_resp("get_weather", snake)]})
        h.append({"role": "model", "parts": [{"text": "It is 7 C in Oslo."}]})
    h.append({"role": "user", "parts": [{"text": "Thanks"}]})
    return h


@pytest.mark.parametrize("snake", [False, True], ids=["json", "proto"])
def test_a_call_and_its_response_are_seen_in_either_spelling(snake: bool) -> None:
    h = _history(snake, answered=True)
    call = GEM.view(h[1])
    assert call.role is Role.ASSISTANT and [c.name for c in call.calls] == ["get_weather"]
    resp = GEM.view(h[2])
    assert resp.role is Role.USER and [r.name for r in resp.results] == ["get_weather"]
    assert GEM.is_call_turn(h[1]) and not GEM.is_plain_model_turn(h[1])
    assert GEM.call_arguments(h[1], 0) == {"city": "Oslo"}
    assert GEM.result_text(h[2]) == '{"output":"7 C"}'


@pytest.mark.parametrize("snake", [False, True], ids=["json", "proto"])
def test_an_answered_history_is_left_alone_in_either_spelling(snake: bool) -> None:
    h = _history(snake, answered=True)
    r = processor.repair(h, dialect="auto")
    assert r.dialect == "gemini"
    assert not r.changed and r.messages == h
    assert not [f for f in r.findings if f.kind in ("unbacked_claim", "text_only_regression")]


@pytest.mark.parametrize("snake", [False, True], ids=["json", "proto"])
def test_a_dangling_proto_spelled_call_is_answered(snake: bool) -> None:
    h = _history(snake, answered=False)
    r = processor.repair(h, dialect="gemini")
    assert r.changed
    added = [p for m in r.messages for p in m.get("parts", []) if "functionResponse" in p]
    assert len(added) == 1 and added[0]["functionResponse"]["name"] == "get_weather"
    # the call keeps its spelling
    assert ("function_call" in r.messages[1]["parts"][0]) is snake


def test_a_renamed_proto_spelled_call_keeps_its_spelling() -> None:
    msg = {"role": "model", "parts": [_call("a", True, "x"), _call("b", False, "x")]}
    out = GEM.rename_calls(msg, [(0, "y")])
    assert out["parts"][0] == {"function_call": {"name": "a", "args": {"city": "Oslo"}, "id": "y"}}
    assert out["parts"][1] == msg["parts"][1]
    res = {"role": "user", "parts": [_resp("a", True, "x")]}
    assert GEM.rename_results(res, [(0, "z")])["parts"][0]["function_response"]["id"] == "z"


def test_a_removed_first_call_hands_its_proto_spelled_signature_on() -> None:
    msg = {"role": "model", "parts": [_call("a", True, thought_signature="sig"), _call("b", True)]}
    out = GEM.remove_calls(msg, [0])
    assert out is not None
    assert out["parts"] == [{**_call("b", True), "thought_signature": "sig"}]
