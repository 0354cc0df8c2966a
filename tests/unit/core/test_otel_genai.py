"""The `otel_genai` dialect: OpenTelemetry GenAI messages (role + parts) read into the neutral model, repaired
and written back like the other dialects, in `repair()` and `toolmend patch`."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from processor import repair
from processor.core.dialects import ADAPTERS, detect, sniff
from processor.core.model import Role
from processor.shell.cli import main as cli_main
from tests import strategies as S

Msg = dict[str, Any]
D = ADAPTERS["otel_genai"]


def text(role: str, content: str) -> Msg:
    return {"role": role, "parts": [{"type": "text", "content": content}]}


def call(*ids: str, name: str = "get_weather", args: Any = None) -> Msg:
    return {"role": "assistant", "parts": [{"type": "tool_call", "id": i, "name": name,
                                            "arguments": {"city": "Paris"} if args is None else args} for i in ids]}


def response(cid: str, body: Any = "18 C") -> Msg:
    return {"role": "tool", "parts": [{"type": "tool_call_response", "id": cid, "response": body}]}


def test_typed_parts_are_detected_as_otel_genai_and_gemini_parts_stay_gemini() -> None:
    assert sniff(text("user", "hi")) == "otel_genai"
    assert sniff({"role": "user", "parts": [{"text": "hi"}]}) == "gemini"
    assert detect([text("system", "be brief"), text("user", "hi"), call("c1")]) == "otel_genai"


def test_views_name_calls_results_and_text() -> None:
    v = D.view({"role": "assistant", "parts": [{"type": "text", "content": "let me look"},
                                               {"type": "tool_call", "id": "c1", "name": "f", "arguments": {}}]})
    assert v.role is Role.ASSISTANT and v.has_text and [(c.id, c.name, c.pos) for c in v.calls] == [("c1", "f", 1)]
    r = D.view(response("c1"))
    assert r.role is Role.TOOL and r.results[0].call_id == "c1"
    assert D.view(text("user", "")).empty
    assert D.view({"role": "critic", "parts": []}).role is Role.INVALID
    bad = D.view({"role": "assistant", "parts": [{"type": "tool_call", "name": "f"}]})
    assert bad.calls[0].malformed == "tool call without id"


def test_a_healthy_history_comes_back_unchanged() -> None:
    h = [text("system", "travel assistant"), text("user", "weather in Paris?"), call("c1"), response("c1"),
         text("assistant", "18 C and sunny")]
    r = repair(h)
    assert r.dialect == "otel_genai" and not r.changed and r.findings == [] and r.messages == h


def test_an_interrupted_call_gets_a_synthesized_tool_message_in_the_dialect() -> None:
    h = [text("user", "find a flight"), call("c1", name="search_flights"), text("user", "stop, never mind")]
    r = repair(h)
    assert [f.kind.value for f in r.findings] == ["dangling_tool_call"]
    synth = r.messages[2]
    assert synth["role"] == "tool" and synth["parts"][0]["type"] == "tool_call_response"
    assert synth["parts"][0]["id"] == "c1" and "cancelled" in synth["parts"][0]["response"]
    assert r.messages[3] == h[2]


def test_drop_removes_the_call_part_and_a_message_left_empty() -> None:
    h = [text("user", "find a flight"), call("c1"), text("user", "stop")]
    r = repair(h, strategy="drop")
    assert r.messages == [h[0], h[2]]


def test_an_orphan_response_is_dropped() -> None:
    r = repair([text("user", "hi"), response("ghost"), text("assistant", "hello")])
    assert "orphan_tool_result" in {f.kind.value for f in r.findings}
    assert all(m["role"] != "tool" for m in r.messages)


def test_arguments_as_object_or_json_text_and_broken_json_is_reported() -> None:
    assert D.arguments_error(call("c1", args={"a": 1}), 0) == ""
    assert D.arguments_error(call("c1", args='{"a": 1}'), 0) == ""
    assert D.arguments_error(call("c1", args='{"a": '), 0) != ""
    assert D.arguments(call("c1", args='{"a": 1}'), 0, 1000) == {"a": 1}


def test_the_erased_history_and_text_only_reply_of_the_volume_seed() -> None:
    sys_ = text("system", "你是一个全能AI助理，可以控制设备音量。")
    first = [sys_, text("user", "声音大一点"), call("call_1", name="set_volume", args={"volumeCode": "volume_up"}),
             response("call_1", "success"), text("assistant", "好的，声音已经调大了。")]
    rewritten = [sys_, text("user", "声音大一点"), text("assistant", "好的，已为您调大音量。"),
                 text("user", "声音调小一点"), text("assistant", "好的，明白。")]
    r = repair(rewritten, previous=[first])
    assert {f.kind.value for f in r.findings} == {"tool_history_erased", "text_only_regression"}


def test_toolmend_patch_reads_and_writes_otel_genai(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "h.json"
    f.write_text(json.dumps({"messages": [text("user", "find a flight"), call("c1"), text("user", "stop")]}))
    rc = cli_main(["patch", str(f)])
    out = json.loads(capsys.readouterr().out)
    assert rc in (0, 1)
    assert out["dialect"] == "otel_genai"
    assert [m["role"] for m in out["messages"]] == ["user", "assistant", "tool", "user"]


# -- property: the same abstract histories as OpenAI chat, the same decisions --------------------------------------
def _otel(ev: Any) -> list[Msg]:
    """tests/strategies.py's abstract events rendered as otel_genai messages (its `_chat` renderer, part for part)."""
    if ev.kind in ("system", "user"):
        return [text(ev.kind, ev.text or "")]
    if ev.kind == "asst":
        return [text("assistant", ev.text) if ev.text else {"role": "assistant", "parts": []}]
    if ev.kind == "calls":
        parts: list[Msg] = [{"type": "text", "content": ev.text}] if ev.text else []
        for c in ev.calls:
            p: Msg = {"type": "tool_call", "arguments": f'{{"q": {c.uid}}}'}  # as the chat render has them
            if c.id is not None:
                p["id"] = c.id
            if c.name is not None:
                p["name"] = c.name
            parts.append(p)
        return [{"role": "assistant", "parts": parts}]
    if ev.kind == "results":
        msgs = [response(cid or "", f"result of {name} #{uid}") for cid, name, _, uid in ev.results]
        return [*msgs, text("user", ev.text)] if ev.text else msgs
    if ev.kind == "invalid":
        return [{"role": ev.role, "parts": [{"type": "text", "content": ev.text or ""}]}]
    return []


def _shape(messages: list[Any]) -> list[tuple[str, tuple[str, ...], str]]:
    """Role, call ids and answered id of each message, whatever the dialect (otel_genai or openai_chat)."""
    out = []
    for m in messages:
        if "parts" in m:
            ids = tuple(p.get("id") or "" for p in m["parts"] if p.get("type") == "tool_call")
            answered = next((p.get("id") or "" for p in m["parts"] if p.get("type") == "tool_call_response"), "")
        else:
            ids = tuple(c.get("id") or "" for c in m.get("tool_calls") or ())
            answered = m.get("tool_call_id") or ""
        out.append((str(m.get("role")), ids, answered))
    return out


@settings(max_examples=200, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(S.conversations("openai_chat"), st.sampled_from(["fill", "drop"]))
def test_otel_genai_decides_as_openai_chat_on_the_same_histories(evs: list[Any], strategy: str) -> None:
    if any(ev.kind == "empty_calls" for ev in evs):  # `tool_calls: []` has no counterpart in role + parts
        return
    chat = repair(S.render(evs, "openai_chat"), "openai_chat", strategy)  # type: ignore[arg-type]
    otel = repair([m for ev in evs for m in _otel(ev)], "otel_genai", strategy)  # type: ignore[arg-type]
    assert [(f.kind, f.call_id) for f in otel.findings] == [(f.kind, f.call_id) for f in chat.findings]
    assert _shape(otel.messages) == _shape(chat.messages)
    assert [a.action for a in otel.actions] == [a.action for a in chat.actions]


def test_a_compacted_snapshot_is_a_compaction_not_an_erasure() -> None:
    """The same rewrite as the volume seed's, once marked `compacted` (gen_ai.conversation.compacted): the calls the
    compaction folded are forgotten, never reported as erased, then or later."""
    from processor.core.partition import EngineConfig, PartitionProcessor

    first = [text("user", "weather in Paris?"), call("c1"), response("c1"), text("assistant", "18 C")]
    later = [text("user", "weather in Paris?"), text("assistant", "18 C"), text("user", "and Rome?")]
    for compacted, want in ((False, {"tool_history_erased"}), (True, set())):
        proc = PartitionProcessor("t", 0, EngineConfig())
        kinds: set[str] = set()
        for off, (msgs, extra) in enumerate(((first, {}), (later, {"compacted": compacted}), (later, {}))):
            ev = {"conversation_id": "c", "ts": 1000 + off, "type": "request", "dialect": "otel_genai",
                  "messages": msgs, **extra}
            for r in proc.process(off, b"c", json.dumps(ev).encode()):
                if r.kind == "findings":
                    kinds.add(json.loads(r.value or b"{}")["kind"])
        assert kinds & {"tool_history_erased"} == want


def test_server_tool_parts_are_content_of_their_turn_not_calls_to_answer() -> None:
    """A server tool (web search, code execution) runs at the provider: its call and result parts are content of
    the assistant turn, never a call the application must answer."""
    turn = {"role": "assistant", "parts": [
        {"type": "server_tool_call", "id": "srvtoolu_1", "name": "web_search", "server_tool_call": {"query": "x"}},
        {"type": "server_tool_call_response", "id": "srvtoolu_1", "server_tool_call_response": {"results": []}},
        {"type": "text", "content": "Found nothing."}]}
    v = D.view(turn)
    assert v.role is Role.ASSISTANT and v.has_text and not v.calls
    r = repair([text("user", "search x"), turn, text("user", "thanks")])
    assert r.findings == [] and not r.changed


def test_results_in_a_user_message_then_text_are_results_then_the_users_words() -> None:
    from processor.core.dialects.otel_genai import flatten

    user = {"role": "user", "parts": [{"type": "tool_call_response", "id": "c1", "response": "18 C"},
                                      {"type": "tool_call_response", "id": "c2", "result": "21 C"},
                                      {"type": "text", "content": "In Celsius, please."}]}
    flat = flatten([text("user", "weather?"), call("c1", "c2"), user])
    assert [m["role"] for m in flat] == ["user", "assistant", "tool", "tool", "user"]
    assert flat[3]["parts"][0]["response"] == "21 C"  # pydantic-ai's `result` key
    assert repair(flat).findings == []
    untouched = [text("user", "hi")]
    assert flatten(untouched) is untouched
