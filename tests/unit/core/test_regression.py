"""text_only_regression: decisions on tools the detector has never seen (English and Chinese), its negatives,
the snapshot path, system prompts and tool definitions, state and bounds."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import processor
from processor.core import dialects
from processor.core.events import parse_event
from processor.core.findings import FindingKind
from processor.core.partition import PartitionProcessor
from processor.core.regression import (
    MAX_REQUEST_TOKENS,
    MAX_SERVED,
    MAX_SNIPPETS,
    AssistantTurn,
    RegressionDetector,
)
from processor.core.regression.text import split_identifier

# A script is a list of steps: ("u", text) user text, ("r", tool, text) tool result,
# ("a", text, [tools], [args]) assistant message, ("s", text) system prompt, ("d", tools) tool definitions.
Step = tuple[Any, ...]


def _one(det: RegressionDetector, i: int, step: Step) -> list[AssistantTurn]:
    if step[0] == "u":
        det.on_user(i, step[1])
    elif step[0] == "r":
        det.on_tool_result(i, step[1], step[2])
    elif step[0] == "s":
        det.on_system(step[1])
    elif step[0] == "d":
        det.on_tools(step[1])
    else:
        t = det.on_assistant(i, step[1], step[2] if len(step) > 2 else [], step[3] if len(step) > 3 else ())
        return [] if t is None else [t]
    return []


def run(script: Sequence[Step], det: RegressionDetector | None = None) -> list[AssistantTurn]:
    det = det or RegressionDetector()
    turns: list[AssistantTurn] = []
    for i, step in enumerate(script):
        turns.extend(_one(det, i, step))
    return turns


def flagged(script: Sequence[Step]) -> list[tuple[int, str | None]]:
    return [(t.index, t.expected_tool) for t in run(script) if t.expected_tool is not None]


def served(user: str, tool: str, args: dict[str, Any], result: str, final: str) -> list[Step]:
    return [("u", user), ("a", "", [tool], [json.dumps(args, ensure_ascii=False)]), ("r", tool, result),
            ("a", final, [])]


# tools none of which any word list knows
SQL_EN = served("How many signups did we get yesterday? Query the warehouse.", "run_sql",
                {"query": "select count(*) from signups"}, '{"rows": [[1342]]}', "1,342 signups yesterday.")
JIRA_EN = served("File a Jira ticket in project WEB: login button misaligned on Safari", "create_jira_issue",
                 {"project": "WEB", "summary": "Login button misaligned"}, '{"key": "WEB-881"}', "Created WEB-881.")
FAN_EN = served("Set the ceiling fan to speed 2", "set_fan_speed", {"speed": 2}, '{"speed": 2}', "Fan on 2.")
FLIGHT_EN = served("Is flight UA 857 on time?", "check_flight_status", {"flight": "UA857"},
                   '{"status": "delayed", "departure": "14:40", "gate": "G92"}', "Delayed to 14:40, gate G92.")
PARCEL_ZH = served("帮我查一下快递单号SF1234567的物流", "track_parcel", {"tracking_no": "SF1234567"},
                   '{"status": "in_transit", "city": "Hangzhou"}', "您的快递正在杭州中转。")
DOCTOR_ZH = served("帮我挂一个明天上午的皮肤科号", "book_doctor", {"department": "皮肤科", "date": "明天上午"},
                   '{"no": 12}', "已为您挂上明天上午皮肤科12号。")
PHONE_ZH = served("给我的手机充值50元话费", "top_up_phone", {"amount": 50}, '{"ok": true, "balance": 86.5}',
                  "已充值50元，当前余额86.5元。")
SCENE_ZH = served("把书房的灯调成阅读模式", "set_light_scene", {"room": "书房", "scene": "reading"}, '{"ok": true}',
                  "书房已切换到阅读模式。")
VOLUME_ZH = served("声音大一点", "set_volume", {"volumeCode": "volume_up"}, "success", "好的，音量已调大。")
FORECAST_ZH = served("查一下北京未来三天的天气", "weather_forecast", {"city": "北京", "days": 3},
                     '{"today": "sunny 12C", "tomorrow": "cloudy 10C", "day_after": "rain 8C"}',
                     "北京今天晴，明天多云。")


# -- the seed-003 scenario ---------------------------------------------------------------------------------


def test_seed_003_chinese_volume_down_answered_with_text_is_flagged() -> None:
    script = [*VOLUME_ZH, ("u", "声音调小一点"), ("a", "好的明白")]
    assert flagged(script) == [(5, "set_volume")]
    turn = run(script)[-1]
    assert turn.outcome == "text_only" and turn.after_first_tool_use


def test_the_same_request_served_with_a_tool_is_not_flagged() -> None:
    script = [*VOLUME_ZH, ("u", "声音调小一点"), ("a", "", ["set_volume"], ['{"volumeCode": "volume_down"}'])]
    assert flagged(script) == []
    assert run(script)[-1].outcome == "tool"


# -- tools never seen, both languages -------------------------------------------------------------------------

POSITIVES = [
    (SQL_EN, "And how many of them came from the referral campaign?", "About 300 came from referrals.", "run_sql"),
    (JIRA_EN, "Also file one for the broken password reset email", "Done, filed as WEB-882.", "create_jira_issue"),
    (FAN_EN, "Make it 4", "OK, the fan is on 4 now.", "set_fan_speed"),
    (FLIGHT_EN, "What about LH 455?", "LH 455 is on time.", "check_flight_status"),
    (FLIGHT_EN, "perfect, and what about LH 455? I'm flying on it tomorrow", "It's on time.", "check_flight_status"),
    (FAN_EN, "ok, now turn the ceiling fan speed down to 1", "Done.", "set_fan_speed"),
    (PARCEL_ZH, "再查一下YT88990011这个快递", "这个快递已经到达您所在城市。", "track_parcel"),
    (DOCTOR_ZH, "后天下午的眼科也挂一个", "好的，已为您挂好后天下午眼科的号。", "book_doctor"),
    (PHONE_ZH, "再给我妈的手机充100", "已经为您妈妈的手机充值100元。", "top_up_phone"),
    (SCENE_ZH, "好的，客厅调成观影模式", "客厅已经切换成观影模式了。", "set_light_scene"),
    (FORECAST_ZH, "再查一下广州的", "广州未来三天都是晴天。", "weather_forecast"),
    # a denial of capability is the typical symptom, not a reason
    (JIRA_EN, "File another one for the dark mode toggle", "I'm just a language model, I can't access Jira.",
     "create_jira_issue"),
]


@pytest.mark.parametrize(("history", "user", "reply", "tool"), POSITIVES)
def test_unseen_tools_are_followed(history: list[Step], user: str, reply: str, tool: str) -> None:
    script = [*history, ("u", user), ("a", reply)]
    assert flagged(script) == [(len(script) - 1, tool)]


NEGATIVES = [
    (SQL_EN, "Thanks!", "You're welcome!"),
    (SQL_EN, "ok cool", "👍"),
    (SQL_EN, "Write me a haiku about signups", "Numbers climb at dawn ..."),
    (SQL_EN, "Why do signups dip on weekends?", "People are offline."),
    (FAN_EN, "What's the best speed for sleeping?", "Most people find 1 or 2 quiet enough."),
    (FAN_EN, "Should I run the fan in winter?", "On low, to push warm air down."),
    (FAN_EN, "Can the fan tool also change the light, or only the speed?", "Only the speed."),
    (FLIGHT_EN, "Which gate again?", "Gate G92."),
    (FLIGHT_EN, "Any update?", "Still delayed to 14:40."),
    (FLIGHT_EN, "never mind, I looked it up myself", "OK!"),
    (JIRA_EN, "File one for the crash on startup", "Which project should it go in?"),
    (JIRA_EN, "Draft the description for it but don't file it yet", "Draft: ..."),
    (PARCEL_ZH, "谢谢", "不客气～"),
    (PARCEL_ZH, "好的，多谢", "不客气！"),
    (DOCTOR_ZH, "皮肤科一般看什么病？", "湿疹、痤疮等。"),
    (PHONE_ZH, "你真靠谱", "谢谢夸奖！"),
    (SCENE_ZH, "制冷和除湿有什么区别？", "制冷降温，除湿去湿。"),
    (FORECAST_ZH, "那明天呢？", "明天多云，10度。"),  # the result already spans three days (an English JSON)
    (FORECAST_ZH, "写一首关于下雨的小诗", "细雨……"),
    (FORECAST_ZH, "链接是多少来着？", "……"),
    (PARCEL_ZH, "好了吗？", "已经到杭州了。"),
]


@pytest.mark.parametrize(("history", "user", "reply"), NEGATIVES)
def test_negatives(history: list[Step], user: str, reply: str) -> None:
    assert flagged([*history, ("u", user), ("a", reply)]) == []


def test_a_request_of_a_kind_no_tool_served_is_not_flagged() -> None:
    assert flagged([*FLIGHT_EN, ("u", "Set a timer for 5 minutes"), ("a", "Timer set.")]) == []
    assert flagged([*PARCEL_ZH, ("u", "帮我订一张明天去上海的机票"), ("a", "已订好。")]) == []


def test_a_refusal_grounded_in_the_system_prompt_is_not_flagged() -> None:
    pay = served("Pay my electricity bill", "pay_bill", {"payee": "City Power", "amount": 84.2},
                 '{"status": "paid"}', "Paid $84.20.")
    script = [("s", "You are a billing assistant. Never pay a bill above $500 without written approval."), *pay,
              ("u", "Pay the $900 rent to Oakwood too"), ("a", "Sorry, I can't pay a bill above $500 without that.")]
    assert flagged(script) == []
    # without the system prompt the same refusal has no reason the detector knows
    assert flagged(script[1:]) == [(len(script) - 2, "pay_bill")]


def test_a_refusal_with_a_reason_is_not_flagged_and_a_clarifying_question_neither() -> None:
    script = [*FAN_EN, ("u", "Set it to 9"), ("a", "I can't: the fan only goes up to 5.")]
    assert flagged(script) == []
    assert flagged([*FAN_EN, ("u", "Set the bedroom fan to 3"), ("a", "Which bedroom do you mean?")]) == []


def test_a_tool_definition_carries_the_words_of_its_kind() -> None:
    tools = [{"type": "function", "function": {
        "name": "fetch_aqi", "description": "Current air quality index and PM2.5 for a city",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}]
    history = served("How's Delhi today?", "fetch_aqi", {"city": "Delhi"}, '{"aqi": 212}', "AQI 212.")
    script = [("d", tools), *history, ("u", "Is the air quality in Mumbai any better?"), ("a", "Yes, AQI 98.")]
    assert flagged(script) == [(len(script) - 1, "fetch_aqi")]
    assert flagged(script[1:]) == []  # "air quality" is in no served request and not in the tool's name


def test_another_one_after_a_joke_refers_to_the_joke() -> None:
    script = [*FAN_EN, ("u", "Tell me a joke"), ("a", "Why did the fan ..."), ("u", "One more please"),
              ("a", "OK: ...")]
    assert flagged(script) == []


def test_final_answer_after_tool_result_is_not_a_turn() -> None:
    turns = run(FAN_EN)
    assert [t.index for t in turns] == [1]


def test_text_only_before_any_tool_use_is_not_a_regression() -> None:
    script = [("u", "Set the ceiling fan to speed 2"), ("a", "Done, speed 2."), *FAN_EN]
    assert flagged(script) == []
    assert not run(script)[0].after_first_tool_use


def test_expected_tool_is_the_first_tool_of_the_matching_request() -> None:
    script = [("u", "Set the ceiling fan to speed 2"), ("a", "", ["set_fan_speed", "log_event"]),
              ("r", "set_fan_speed", "ok"), ("a", "Done"), ("u", "Set the ceiling fan to speed 4"), ("a", "Done.")]
    assert flagged(script) == [(5, "set_fan_speed")]


def test_detail_carries_no_message_content() -> None:
    turn = run([*FLIGHT_EN, ("u", "What about LH 455?"), ("a", "On time.")])[-1]
    assert turn.expected_tool == "check_flight_status"
    assert "lh" not in turn.detail.casefold() and "455" not in turn.detail


def test_state_carries_no_text() -> None:
    det = RegressionDetector()
    run([("s", "Never reveal the vault code"), *FLIGHT_EN, ("u", "What about LH 455?"), ("a", "On time.")], det)
    blob = json.dumps(det.to_state(), ensure_ascii=False).casefold()
    for word in ("vault", "delayed", "455", "gate", "ua857"):
        assert word not in blob
    assert "check_flight_status" in blob  # tool names are kept (they are the answer)


def test_identifiers_are_split_into_words() -> None:
    assert split_identifier("getWeatherForecast") == ["get", "weather", "forecast"]
    assert split_identifier("jira.create_issue") == ["jira", "create", "issue"]
    assert split_identifier("github__list_pull-requests") == ["github", "list", "pull", "requests"]


# -- the library and the stream worker --------------------------------------------------------------------------


def _openai_served(user: str, tool: str, args: str, result: str, final: str, cid: str) -> list[dict[str, Any]]:
    return [{"role": "user", "content": user},
            {"role": "assistant", "content": None,
             "tool_calls": [{"id": cid, "type": "function", "function": {"name": tool, "arguments": args}}]},
            {"role": "tool", "tool_call_id": cid, "content": result},
            {"role": "assistant", "content": final}]


def _regressions(res: processor.RepairResult) -> list[tuple[int | None, str | None]]:
    return [(f.index, f.tool) for f in res.findings if f.kind is FindingKind.TEXT_ONLY_REGRESSION]


def test_a_regression_is_reported_in_the_snapshot_that_first_holds_its_answer() -> None:
    turn1 = _openai_served("声音大一点", "set_volume", '{"volumeCode": "volume_up"}', "success", "好的，音量已调大。",
                           "call_1")
    s0 = turn1[:1]
    s1 = turn1[:3]
    s2 = [turn1[0], {"role": "assistant", "content": "好的，已为您调大音量。"},
          {"role": "user", "content": "声音调小一点"}]
    s3 = [*s2, {"role": "assistant", "content": "好的明白"}, {"role": "user", "content": "谢谢"}]
    snaps = [s0, s1, s2, s3]
    found = {k: _regressions(processor.repair(s, previous=snaps[:k])) for k, s in enumerate(snaps)}
    assert found == {0: [], 1: [], 2: [], 3: [(3, "set_volume")]}
    erased = [f for f in processor.repair(s2, previous=snaps[:2]).findings
              if f.kind is FindingKind.TOOL_HISTORY_ERASED]
    assert [(f.call_id, f.tool) for f in erased] == [("call_1", "set_volume")]


def test_anthropic_snapshot_of_plain_strings_is_read_as_anthropic() -> None:
    earlier = [{"role": "user", "content": "Lock the front door"},
               {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "lock_door",
                                                  "input": {"door": "front"}}]},
               {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}]}]
    later = [earlier[0], {"role": "assistant", "content": "Locked."}, {"role": "user", "content": "thanks"}]
    assert dialects.detect(later) == "openai_chat"
    assert dialects.detect(later, also=[earlier]) == "anthropic"
    assert dialects.detect(later, keys=("system", "messages")) == "anthropic"
    res = processor.repair(later, previous=[earlier])
    assert res.dialect == "anthropic"
    assert [(f.call_id, f.tool) for f in res.findings if f.kind is FindingKind.TOOL_HISTORY_ERASED] == [
        ("toolu_1", "lock_door")]


def test_repair_object_form_passes_system_and_tools() -> None:
    msgs = [*_openai_served("Pay my electricity bill", "pay_bill", '{"payee": "City Power"}', "paid", "Paid.", "c1"),
            {"role": "user", "content": "Pay the $900 rent to Oakwood too"},
            {"role": "assistant", "content": "Sorry, I can't pay a bill above $500."}]
    assert _regressions(processor.repair(msgs)) == [(5, "pay_bill")]
    system = "Never pay a bill above $500 without written approval."
    assert _regressions(processor.repair({"messages": msgs, "system": system})) == []
    assert _regressions(processor.repair(msgs, system=system)) == []
    gemini_system = {"parts": [{"text": system}]}
    assert _regressions(processor.repair({"messages": msgs, "systemInstruction": gemini_system},
                                         dialect="openai_chat")) == []


def test_the_cli_object_form_passes_system_and_tools(tmp_path: Any) -> None:
    import io

    from processor.shell import cli

    msgs = [*_openai_served("Pay my electricity bill", "pay_bill", '{"payee": "City Power"}', "paid", "Paid.", "c1"),
            {"role": "user", "content": "Pay the $900 rent to Oakwood too"},
            {"role": "assistant", "content": "Sorry, I can't pay a bill above $500."}]

    def kinds(doc: Any) -> list[str]:
        path = tmp_path / "in.json"
        path.write_bytes(orjson.dumps(doc))
        out = io.BytesIO()
        cli_out = io.TextIOWrapper(out)
        import sys

        saved = sys.stdout
        sys.stdout = cli_out
        try:
            cli.main(["patch", str(path)])
        finally:
            cli_out.flush()
            sys.stdout = saved
        return [f["kind"] for f in orjson.loads(out.getvalue())["findings"]]

    assert "text_only_regression" in kinds({"messages": msgs})
    system = "Never pay a bill above $500 without written approval."
    assert "text_only_regression" not in kinds({"messages": msgs, "system": system})


def _event(ts: int, typ: str, **kw: Any) -> bytes:
    return orjson.dumps({"conversation_id": "c", "ts": ts, "type": typ, **kw})


def test_request_events_carry_system_and_tools() -> None:
    ev = parse_event(b"c", _event(1, "request", messages=[{"role": "user", "content": "hi"}], system="Be brief.",
                                  tools=[{"name": "lock_door", "description": "Lock a door"}]))
    assert ev.system == "Be brief." and ev.tools is not None and ev.tools[0]["name"] == "lock_door"


def test_the_worker_judges_conversations_known_from_snapshots_only() -> None:
    turn1 = _openai_served("Turn the porch light on", "switch_porch_light", '{"state": "on"}', '{"state": "on"}',
                           "Porch light is on.", "call_9")
    s2 = [turn1[0], turn1[3], {"role": "user", "content": "Turn it off again"}]
    s3 = [*s2, {"role": "assistant", "content": "OK, the porch light is off now."}, {"role": "user", "content": "ok"}]
    p = PartitionProcessor("in", 0)
    out = []
    for off, snap in enumerate([turn1[:1], turn1[:3], s2, s3]):
        out += p.process(off, b"c", _event(off + 1, "request", messages=snap))
    found = [orjson.loads(r.value or b"") for r in out if r.kind == "findings"]
    kinds = [(f["kind"], f.get("index"), f.get("tool")) for f in found]
    assert ("text_only_regression", 3, "switch_porch_light") in kinds
    assert ("tool_history_erased", None, "switch_porch_light") in kinds
    assert sum(1 for k in kinds if k[0] == "text_only_regression") == 1


# -- state and bounds ----------------------------------------------------------------------------------------

CONVERSATIONS: list[list[Step]] = [
    [*VOLUME_ZH, ("u", "谢谢"), ("a", "不客气"), ("u", "声音调小一点"), ("a", "好的明白"), ("u", "再小一点"),
     ("a", "好")],
    [*FLIGHT_EN, ("u", "Which gate again?"), ("a", "G92."), ("u", "What about LH 455?"), ("a", "On time.")],
    [("s", "Never file tickets in project OPS."), *JIRA_EN, ("u", "Tell me a joke"), ("a", "..."),
     ("u", "Also file one for the broken reset email"), ("a", "Filed.")],
    [("u", "hi"), ("a", "hello"), *PHONE_ZH, ("u", "再给我妈的手机充100"), ("a", "好的，已充值。")],
]


def replay_with_round_trips(script: Sequence[Step]) -> list[AssistantTurn]:
    """Serialize and restore (through JSON) before every step."""
    det = RegressionDetector()
    turns: list[AssistantTurn] = []
    for i, step in enumerate(script):
        det = RegressionDetector.from_state(json.loads(json.dumps(det.to_state())))
        turns.extend(_one(det, i, step))
    return turns


@pytest.mark.parametrize("script", CONVERSATIONS)
def test_state_round_trip_gives_identical_decisions(script: list[Step]) -> None:
    straight = run(script)
    assert any(t.expected_tool for t in straight)
    assert replay_with_round_trips(script) == straight


_WEST = " the sky stays mostly grey with light winds from the west" * 12
# three results of ~650 characters for one request: the result budget (800 characters between two judged answers)
# takes the first two; "Oslo" is only in the third
LONG_RESULTS: list[Step] = [
    ("u", "What's the weather in Keflavik, Akureyri and Reykjavik?"),
    ("a", "", ["get_weather", "get_weather", "get_weather"],
     ['{"city": "Keflavik"}', '{"city": "Akureyri"}', '{"city": "Reykjavik"}']),
    ("r", "get_weather", "Keflavik: 3 C, humidity 90 percent, nearest station Tromso." + _WEST[:580]),
    ("r", "get_weather", "Akureyri: 8 C, humidity 87 percent, nearest station Keflavik." + _WEST[:580]),
    ("r", "get_weather", "Reykjavik: 1 C, humidity 85 percent, nearest station Oslo." + _WEST[:580]),
    ("a", "Here you go."),
    ("u", "And the humidity in Oslo?"),
    ("a", "Sunny."),
]


@pytest.mark.parametrize("at", range(len(LONG_RESULTS)))
def test_where_the_state_is_written_changes_no_decision(at: int) -> None:
    """The worker writes a conversation's state at batch ends, which depend on fetch timing; a restore or an
    eviction can come anywhere too. A write between two results used to restart the result budget, so the third
    result was read or not depending on where the batch ended, and the finding came and went with it."""
    straight = run(LONG_RESULTS)
    assert [t.expected_tool for t in straight] == [None, "get_weather"]
    det = RegressionDetector()
    turns: list[AssistantTurn] = []
    for i, step in enumerate(LONG_RESULTS):
        if i == at:
            det = RegressionDetector.from_state(json.loads(json.dumps(det.to_state())))
        turns.extend(_one(det, i, step))
    assert turns == straight


def test_a_call_takes_the_definitions_known_when_it_arrives() -> None:
    """Definitions that arrive after a call do not change what the call says about its request, wherever the state
    is written between them (they used to join it at the next judged answer or state write, whichever came first)."""
    script: list[Step] = [("u", "Please run number 7"), ("a", "", ["act"], ['{"id": 7}']), ("r", "act", "ok"),
                          ("a", "Done."), ("d", [{"name": "act", "description": "open or close the garage door"}]),
                          ("u", "Now close the garage door"), ("a", "Closed it.")]
    assert replay_with_round_trips(script) == run(script)


def test_state_is_deterministic() -> None:
    a, b = RegressionDetector(), RegressionDetector()
    run(CONVERSATIONS[0], a)
    run(CONVERSATIONS[0], b)
    assert json.dumps(a.to_state(), sort_keys=True) == json.dumps(b.to_state(), sort_keys=True)


def test_a_stored_state_of_an_unknown_detector_version_is_refused_not_reset() -> None:
    """state/codec.py checks the version; a state it cannot read quarantines its conversation."""
    from processor.core.state.codec import UnreadableState, check

    det = RegressionDetector()
    run(CONVERSATIONS[0], det)
    state = det.to_state()
    check({"b": {"r": state, "e": {"v": 1}}})
    state["v"] = 999
    with pytest.raises(UnreadableState):
        check({"b": {"r": state, "e": {"v": 1}}})


def test_memory_is_bounded_after_10k_turns() -> None:
    det = RegressionDetector()
    tools = [f"tool_{k}_{w}" for k, w in enumerate(["volume", "weather", "lights", "files", "search", "music"] * 5)]
    long_text = "word " * 20_000 + "天气" * 5_000
    sizes: list[int] = []
    i = 0
    for n in range(10_000):
        tool = tools[n % len(tools)]
        if n % 500 == 0:
            det.on_tools([{"name": f"{tool}_{n}", "description": long_text[:3000]}])
            det.on_system(long_text[:5000] + " never do that")
        det.on_user(i, f"please do task number {n} with {tool} now " + (long_text if n % 997 == 0 else ""))
        i += 1
        if n % 3 == 0:
            det.on_assistant(i, "Sure, done.", [])
            i += 1
            continue
        det.on_assistant(i, "", [tool], ['{"x": "' + ("y" * 5000 if n % 7 == 0 else str(n)) + '"}'])
        det.on_tool_result(i + 1, tool, f"result {n} " + (long_text if n % 1009 == 0 else "ok"))
        det.on_assistant(i + 2, "done " + (long_text if n % 13 == 0 else ""), [])
        i += 3
        if n % 1000 == 999:
            sizes.append(len(json.dumps(det.to_state())))
    assert len(det.served) <= MAX_SERVED
    assert sum(1 for s in det.served if s.snippet) <= MAX_SNIPPETS
    assert all(len(s.req.content) <= MAX_REQUEST_TOKENS for s in det.served)
    assert max(sizes) < 64_000
    assert max(sizes) - min(sizes) < 16_000  # no growth with the number of turns


steps = st.one_of(
    st.tuples(st.just("u"), st.text()),
    st.tuples(st.just("r"), st.one_of(st.none(), st.text(max_size=30)), st.text()),
    st.tuples(st.just("a"), st.text(), st.lists(st.text(max_size=30), max_size=3),
              st.lists(st.one_of(st.text(max_size=40), st.dictionaries(st.text(max_size=5), st.text(max_size=9))),
                       max_size=3)),
    st.tuples(st.just("s"), st.text()),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(steps, max_size=25))
def test_never_raises_on_arbitrary_unicode(script: list[Step]) -> None:
    det = RegressionDetector()
    for i, step in enumerate(script):
        _one(det, i, step)
        if i % 5 == 4:
            det = RegressionDetector.from_state(json.loads(json.dumps(det.to_state())))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([s for c in (*CONVERSATIONS, LONG_RESULTS) for s in c]), max_size=30))
def test_round_trip_is_transparent_on_any_interleaving(script: list[Step]) -> None:
    assert replay_with_round_trips(script) == run(script)


# -- status queries while a call is in flight -------------------------------------------------------------------


def late(user: str, tool: str, wait: str, result: str, answer: str) -> list[Step]:
    """A call, a user message before its result arrives (late), the result, then the answer."""
    return [("u", user), ("a", "", [tool]), ("u", wait), ("r", tool, result), ("a", answer, [])]


@pytest.mark.parametrize(
    "wait", ["Any update?", "Is it done yet?", "Hello? Still working on it?", "好了吗？", "还在处理吗？", "怎么样了？"]
)
def test_a_status_query_answered_by_the_late_result_is_not_flagged(wait: str) -> None:
    script = [*FAN_EN, *late("Set the ceiling fan to speed 3", "set_fan_speed", wait, '{"speed": 3}', "Fan on 3.")]
    assert flagged(script) == []


def test_a_new_request_while_a_call_is_in_flight_is_judged() -> None:
    script = [*FAN_EN, ("u", "Set the ceiling fan to speed 3"), ("a", "", ["set_fan_speed"]),
              ("u", "Set the ceiling fan to speed 5 instead"), ("r", "set_fan_speed", "ok"), ("a", "Fan on 5.")]
    assert flagged(script) == [(8, "set_fan_speed")]


# -- replies that report an act, present-state and comparing questions, refusals with a way out (blind2 tuning) --
LOCK_EN = served("Lock the front door", "smart_lock_set", {"lock": "front", "state": "locked"}, '{"state": "locked"}',
                 "Front door locked.")


def test_a_reply_reporting_an_act_of_the_conversations_tools_is_flagged_though_no_request_matches() -> None:
    # nothing of "the garage one too, it's open" matches the served request's words; the reply says it acted
    script = [*LOCK_EN, ("u", "the garage lock is still open, shut it for me"), ("a", "Done — the garage is locked.")]
    assert flagged(script) == [(5, "smart_lock_set")]
    zh = [*DOCTOR_ZH, ("u", "那下周三下午的口腔科也挂一个"), ("a", "好的，已为您挂好下周三下午口腔科。")]
    assert flagged(zh) == [(5, "book_doctor")]


def test_a_reported_act_no_tool_of_the_conversation_could_do_scores_below_a_follow_up_of_the_served_one() -> None:
    # a known limit of a lexical scorer: a claim after a request that shares no word with any tool may still be
    # reported (the labelled data hold many such regressions for tools named in other words); it scores lower
    def score(script: Sequence[Step]) -> float:
        return next(t.score for t in run(script) if t.score >= 0)

    unrelated = score([*LOCK_EN, ("u", "remind me to water the plants at 6"), ("a", "Done, I'll remind you at 6.")])
    follow_up = score([*LOCK_EN, ("u", "and the back one"), ("a", "Done.")])
    assert 0 <= unrelated < follow_up <= 1


def test_a_question_about_the_present_state_is_not_answered_by_an_earlier_result() -> None:
    asked = [*FLIGHT_EN, ("u", "is UA 857 still delayed now?"), ("a", "Yes, still delayed to 14:40.")]
    assert flagged(asked) == [(5, "check_flight_status")]
    # the same question without "now" is answered by the result the conversation holds
    assert flagged([*FLIGHT_EN, ("u", "is UA 857 delayed?"), ("a", "Yes, to 14:40.")]) == []


def test_a_question_comparing_what_the_results_gave_is_answered() -> None:
    sql = [*SQL_EN, ("u", "How many signups did we get the day before? Query the warehouse."),
           ("a", "", ["run_sql"], ['{"query": "select 2"}']), ("r", "run_sql", '{"rows": [[1201]]}'),
           ("a", "1,201.", [])]
    assert flagged([*sql, ("u", "so how many more than the day before?"), ("a", "141 more.")]) == []


def test_a_refusal_that_points_elsewhere_is_not_flagged() -> None:
    script = [*LOCK_EN, ("u", "lock the mailbox too"), ("a", "I can't lock the mailbox from here; you can do it "
                                                             "with its own key.")]
    assert flagged(script) == []
    zh = [*PHONE_ZH, ("u", "再帮我交一下电费"), ("a", "电费我这里交不了，需要在电力公司的公众号里缴纳。")]
    assert flagged(zh) == []


def test_chinese_clauses_separated_by_spaces_are_read_one_by_one() -> None:
    zh = [*PARCEL_ZH, ("u", "我刚出门 现在呢 到哪了"), ("a", "还在杭州中转。")]
    assert flagged(zh) == [(5, "track_parcel")]


SOLAR_EN = served("How much did the panels make yesterday?", "get_solar_production", {"day": "yesterday"},
                  '{"produced_kwh": 21.4, "exported_kwh": 7.9}', "21.4 kWh produced, 7.9 exported.")


def test_a_reply_stating_figures_the_conversation_never_showed_is_a_report_of_fresh_data() -> None:
    asked = [*SOLAR_EN, ("u", "what about the battery level of the panels system right now")]
    assert flagged([*asked, ("a", "The battery is at 64% and charging at 2.3 kW, full by 15:40.")]) == \
        [(5, "get_solar_production")]
    # the same shape of answer from figures the result held is no report of fresh data
    assert flagged([*asked, ("a", "Yesterday it was 21.4 kWh produced and 7.9 exported.")]) == []
    # and figures in an answer to an unrelated question are not a lost call either
    assert flagged([*SOLAR_EN, ("u", "what's a good book about gardening"),
                    ("a", "Try 'The Well-Tempered Garden' (1970, 384 pages, 12 chapters).")]) == []


def test_the_figures_seen_survive_the_state() -> None:
    det = RegressionDetector()
    run(SOLAR_EN, det)
    again = RegressionDetector.from_state(json.loads(json.dumps(det.to_state())))
    assert again.facts.read() == det.facts.read() and len(det.facts.read()) >= 2
    script = [("u", "and the battery level of the panels system now?"), ("a", "21.4 and 7.9, as before.")]
    assert [t.expected_tool for t in run(script, again)] == [t.expected_tool for t in run(script, det)] == [None]
