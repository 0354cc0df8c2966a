"""text_only_regression: the detector's decisions on the seed-003 scenario, its negatives, state and bounds."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from processor.core import regression as R
from processor.core.regression import (
    MAX_REQUEST_TOKENS,
    MAX_SERVED,
    MAX_SNIPPETS,
    AssistantTurn,
    RegressionDetector,
)

# A script is a list of steps: ("u", text) user text, ("r", tool, text) tool result, ("a", text, [tools]).
Step = tuple[Any, ...]


def run(script: Sequence[Step], det: RegressionDetector | None = None) -> list[AssistantTurn]:
    det = det or RegressionDetector()
    turns: list[AssistantTurn] = []
    for i, step in enumerate(script):
        if step[0] == "u":
            det.on_user(i, step[1])
        elif step[0] == "r":
            det.on_tool_result(i, step[1], step[2])
        else:
            t = det.on_assistant(i, step[1], step[2] if len(step) > 2 else [])
            if t is not None:
                turns.append(t)
    return turns


def flagged(script: Sequence[Step]) -> list[tuple[int, str | None]]:
    return [(t.index, t.expected_tool) for t in run(script) if t.expected_tool is not None]


def served(user: str, tool: str, result: str, final: str) -> list[Step]:
    return [("u", user), ("a", "", [tool]), ("r", tool, result), ("a", final, [])]


VOLUME_ZH = served("声音大一点", "set_volume", "success", "好的，音量已调大。")
VOLUME_EN = served("Turn the volume up a bit", "set_volume", '{"ok": true, "volume": 60}', "Done, volume at 60%.")
WEATHER_EN = served(
    "What's the weather like in London today?",
    "get_weather",
    '{"city": "London", "today": {"condition": "light rain", "high_c": 14}, "tomorrow": {"condition": "sunny"}}',
    "London today: light rain, 14°C. Tomorrow: sunny.",
)
WEATHER_ZH = served(
    "北京今天天气怎么样？", "get_weather", '{"city": "北京", "今天": "小雨，8~14°C", "明天": "晴"}', "北京今天小雨。"
)
FILES_EN = served("Delete draft_old.txt", "delete_file", '{"deleted": "draft_old.txt"}', "Deleted draft_old.txt.")
MESSAGE_ZH = served("给张伟发消息说我晚点到家", "send_message", '{"status": "sent"}', "已发送给张伟。")


# -- the seed-003 scenario ---------------------------------------------------------------------------------


def test_seed_003_chinese_volume_down_answered_with_text_is_flagged() -> None:
    script = [*VOLUME_ZH, ("u", "声音调小一点"), ("a", "好的明白", [])]
    turns = run(script)
    assert [(t.index, t.outcome, t.after_first_tool_use) for t in turns] == [(1, "tool", False), (5, "text_only", True)]
    assert turns[1].expected_tool == "set_volume"
    assert "index 0" in turns[1].detail


def test_seed_003_english_twin_is_flagged() -> None:
    script = [*VOLUME_EN, ("u", "Turn it down a little"), ("a", "OK, got it.", [])]
    assert flagged(script) == [(5, "set_volume")]


def test_the_same_request_served_with_a_tool_is_not_flagged() -> None:
    script = [
        *VOLUME_ZH,
        ("u", "声音调小一点"),
        ("a", "", ["set_volume"]),
        ("r", "set_volume", "success"),
        ("a", "好的"),
    ]
    turns = run(script)
    assert [t.outcome for t in turns] == ["tool", "tool"]
    assert flagged(script) == []


@pytest.mark.parametrize(
    ("history", "user", "reply", "tool"),
    [
        (VOLUME_EN, "Now make it quieter", "Sure, I've turned the volume down.", "set_volume"),
        (VOLUME_EN, "That's too loud", "Sorry about that!", "set_volume"),
        (VOLUME_ZH, "再小一点", "好的，已经帮您调好了～", "set_volume"),
        (WEATHER_EN, "What about Tokyo?", "Tokyo is sunny today with a high of 21°C.", "get_weather"),
        (WEATHER_ZH, "那上海呢？", "上海今天多云，18到24度。", "get_weather"),
        (FILES_EN, "Remove old_budget.xlsx too", "Done, old_budget.xlsx is gone.", "delete_file"),
        (MESSAGE_ZH, "再给孙丽发一条消息：会议改到下午四点了", "已发送。", "send_message"),
        # a capability denial is the symptom, not a reason
        (
            VOLUME_EN,
            "Lower the volume to 30%",
            "As an AI language model, I'm not able to control the volume.",
            "set_volume",
        ),
        (WEATHER_ZH, "帮我查查深圳今天的天气", "抱歉，我无法直接访问实时天气。", "get_weather"),
        # an offer after a claim of having acted is not a clarifying question
        (VOLUME_EN, "Turn it down please", "Done! Would you like it even lower?", "set_volume"),
    ],
)
def test_positives(history: list[Step], user: str, reply: str, tool: str) -> None:
    script = [*history, ("u", user), ("a", reply, [])]
    assert flagged(script) == [(len(history) + 1, tool)]


@pytest.mark.parametrize(
    ("history", "user", "reply"),
    [
        # thanks and chit-chat
        (VOLUME_EN, "Thanks!", "You're welcome!"),
        (VOLUME_EN, "The volume is fine now, thanks.", "Great, enjoy!"),
        (VOLUME_ZH, "谢谢！", "不客气！"),
        (VOLUME_ZH, "现在音量正好，谢谢", "不客气！"),
        (WEATHER_EN, "How's your day going?", "I'm doing well, thanks for asking!"),
        (WEATHER_ZH, "你叫什么名字？", "我是您的智能助手。"),
        # clarifying questions and confirmations
        (VOLUME_EN, "Set the volume to something comfortable", "Sure — what level would you like, 30% or 40%?"),
        (VOLUME_ZH, "把音量调到一个合适的大小", "好的，您希望调到多少？"),
        (
            FILES_EN,
            "Delete everything in reports/",
            "That will permanently delete all 37 files in reports/. Are you sure?",
        ),
        (MESSAGE_ZH, "给孙丽发个消息", "好的，请问要发什么内容？"),
        # refusals with a reason
        (VOLUME_EN, "Louder please", "I can't go any louder — the volume is already at the maximum (100%)."),
        (VOLUME_ZH, "再大声一点", "抱歉，无法再调大了，因为音量已经是最大值100%。"),
        (
            FILES_EN,
            "Delete /etc/passwd",
            "I can't delete /etc/passwd — it's a system file outside the allowed folders.",
        ),
        # requests the earlier result already answers
        (WEATHER_EN, "And tomorrow?", "Tomorrow in London will be sunny."),
        (WEATHER_ZH, "明天呢？", "明天北京晴。"),
        # advisory and explanatory questions, writing tasks
        (WEATHER_EN, "So do I need an umbrella?", "Yes — take an umbrella today."),
        (WEATHER_ZH, "那我需要带伞吗？", "今天有小雨，建议带伞。"),
        (WEATHER_EN, "Why does it rain so much in London?", "Moist air from the Atlantic."),
        (WEATHER_EN, "What's the weather usually like in Rome in April?", "Mild, with showers."),
        (WEATHER_EN, "Write a short haiku about today's weather", "Grey London morning..."),
        (VOLUME_EN, "What's a safe volume level for headphones?", "Keep it below about 60%."),
        # requests no tool applies to, and requests of a kind no tool served
        (WEATHER_EN, "Tell me a joke", "Why don't skeletons fight each other? They don't have the guts."),
        (WEATHER_ZH, "17乘以23等于多少？", "391。"),
        (WEATHER_EN, "Turn on the porch lights", "Sorry, I can't control lights here — I only have weather tools."),
        (VOLUME_ZH, "帮我订个两人位，晚上七点", "抱歉，我只能控制音箱，无法帮您订餐厅。"),
        # calling a request off
        (WEATHER_EN, "never mind, I looked it up myself", "No problem!"),
    ],
)
def test_negatives(history: list[Step], user: str, reply: str) -> None:
    script = [*history, ("u", user), ("a", reply, [])]
    turns = run(script)
    assert turns[-1].outcome == "text_only"
    assert turns[-1].after_first_tool_use
    assert turns[-1].expected_tool is None, turns[-1].detail


def test_another_one_after_a_joke_refers_to_the_joke() -> None:
    music = served("Play some jazz", "play_music", '{"status": "playing"}', "Playing jazz.")
    script = [*music, ("u", "Tell me a joke"), ("a", "A joke."), ("u", "Another one"), ("a", "Another joke.")]
    assert flagged(script) == []
    zh = served("放点爵士乐", "play_music", '{"status": "playing"}', "好的。")
    script = [
        *zh,
        ("u", "写一首关于咖啡的两句诗"),
        ("a", "一杯浓香醒清晨。"),
        ("u", "再来一首"),
        ("a", "浓香一盏破晨雾。"),
    ]
    assert flagged(script) == []
    # ... but right after the tool turn, "another one" asks for the tool again
    script = [*music, ("u", "Another one"), ("a", "Here you go — enjoy!")]
    assert flagged(script) == [(5, "play_music")]


def test_final_answer_after_tool_result_is_not_a_turn() -> None:
    det = RegressionDetector()
    det.on_user(0, "声音大一点")
    first = det.on_assistant(1, "", ["set_volume"])
    det.on_tool_result(2, "set_volume", "success")
    assert det.on_assistant(3, "好的，音量已调大。", []) is None  # the final answer: same turn
    assert det.on_assistant(4, "还需要别的吗？", []) is None  # and any further message of the turn
    assert first is not None and first.outcome == "tool" and not first.after_first_tool_use


def test_text_only_before_any_tool_use_is_not_a_regression() -> None:
    script = [("u", "Turn the volume down"), ("a", "Sure, done."), *VOLUME_EN]
    turns = run(script)
    assert (turns[0].outcome, turns[0].after_first_tool_use, turns[0].expected_tool) == ("text_only", False, None)
    assert turns[1].outcome == "tool" and not turns[1].after_first_tool_use


def test_text_then_call_in_a_second_message_counts_as_served_later() -> None:
    script = [("u", "Turn the volume up"), ("a", "Let me do that."), ("a", "", ["set_volume"])]
    script += [("r", "set_volume", "ok"), ("a", "Done.")]
    script += [("u", "Now turn it down"), ("a", "OK, done.")]
    turns = run(script)
    assert [t.outcome for t in turns] == ["text_only", "text_only"]
    assert turns[1].expected_tool == "set_volume"  # the split turn still served a request of that kind


def test_expected_tool_is_the_first_tool_of_the_matching_request() -> None:
    script = [*served("Check the share price of Apple", "get_stock_price", '{"price": 189.8}', "189.8 USD")]
    script += [*served("Book a meeting with Alice tomorrow at 3pm", "check_calendar", '{"free": true}', "You're free.")]
    script[-1:] = [("a", "", ["create_event"]), ("r", "create_event", '{"ok": true}'), ("a", "Booked.")]
    script += [("u", "Also book a meeting with Bob on Friday at 10am"), ("a", "Done — you're meeting Bob Friday.")]
    assert flagged(script) == [(len(script) - 1, "check_calendar")]


def test_detail_carries_no_message_content() -> None:
    script = [*WEATHER_EN, ("u", "What about Tokyo?"), ("a", "Tokyo is sunny today.")]
    turn = run(script)[-1]
    assert turn.expected_tool == "get_weather"
    assert "tokyo" not in turn.detail.casefold() and "london" not in turn.detail.casefold()


def test_state_carries_no_text() -> None:
    det = RegressionDetector()
    run([*WEATHER_EN, ("u", "What about Tokyo?"), ("a", "Tokyo is sunny today.")], det)
    blob = json.dumps(det.to_state(), ensure_ascii=False).casefold()
    for word in ("london", "tokyo", "rain", "sunny"):
        assert word not in blob
    assert "get_weather" in blob  # tool names are kept (they are the answer)


# -- state and bounds ----------------------------------------------------------------------------------------

CONVERSATIONS: list[list[Step]] = [
    [
        *VOLUME_ZH,
        ("u", "谢谢"),
        ("a", "不客气"),
        ("u", "声音调小一点"),
        ("a", "好的明白"),
        ("u", "再小一点"),
        ("a", "好"),
    ],
    [*WEATHER_EN, ("u", "And tomorrow?"), ("a", "Sunny."), ("u", "What about Tokyo?"), ("a", "Tokyo: 21°C.")],
    [*FILES_EN, ("u", "Tell me a joke"), ("a", "..."), ("u", "Remove scratch.py too"), ("a", "Deleted.")],
    [("u", "hi"), ("a", "hello"), *MESSAGE_ZH, ("u", "也发消息告诉周杰记得带充电器"), ("a", "好的，马上帮您发。")],
]


def replay_with_round_trips(script: Sequence[Step]) -> list[AssistantTurn]:
    """Serialize and restore (through JSON) before every step."""
    det = RegressionDetector()
    turns: list[AssistantTurn] = []
    for i, step in enumerate(script):
        det = RegressionDetector.from_state(json.loads(json.dumps(det.to_state())))
        turns.extend(_one(det, i, step))
    return turns


def _one(det: RegressionDetector, i: int, step: Step) -> list[AssistantTurn]:
    if step[0] == "u":
        det.on_user(i, step[1])
    elif step[0] == "r":
        det.on_tool_result(i, step[1], step[2])
    else:
        t = det.on_assistant(i, step[1], step[2] if len(step) > 2 else [])
        return [] if t is None else [t]
    return []


@pytest.mark.parametrize("script", CONVERSATIONS)
def test_state_round_trip_gives_identical_decisions(script: list[Step]) -> None:
    straight = run(script)
    assert any(t.expected_tool for t in straight)
    assert replay_with_round_trips(script) == straight


def test_state_is_deterministic() -> None:
    a, b = RegressionDetector(), RegressionDetector()
    run(CONVERSATIONS[0], a)
    run(CONVERSATIONS[0], b)
    assert json.dumps(a.to_state(), sort_keys=True) == json.dumps(b.to_state(), sort_keys=True)


def test_unknown_state_version_starts_afresh() -> None:
    det = RegressionDetector()
    run(CONVERSATIONS[0], det)
    state = det.to_state()
    state["v"] = 999
    fresh = RegressionDetector.from_state(state)
    assert not fresh.tool_used and not fresh.served


def test_memory_is_bounded_after_10k_turns() -> None:
    det = RegressionDetector()
    tools = [f"tool_{k}_{w}" for k, w in enumerate(["volume", "weather", "lights", "files", "search", "music"] * 5)]
    long_text = "word " * 20_000 + "天气" * 5_000
    sizes: list[int] = []
    i = 0
    for n in range(10_000):
        tool = tools[n % len(tools)]
        det.on_user(i, f"please do task number {n} with {tool} now " + (long_text if n % 997 == 0 else ""))
        i += 1
        if n % 3 == 0:
            det.on_assistant(i, "Sure, done.", [])
            i += 1
            continue
        det.on_assistant(i, "", [tool])
        det.on_tool_result(i + 1, tool, f"result {n} " + (long_text if n % 1009 == 0 else "ok"))
        det.on_assistant(i + 2, "done", [])
        i += 3
        if n % 1000 == 999:
            sizes.append(len(json.dumps(det.to_state())))
    assert len(det.served) <= MAX_SERVED
    assert sum(1 for s in det.served if s.snippet) <= MAX_SNIPPETS
    assert all(len(s.req.tokens) <= MAX_REQUEST_TOKENS for s in det.served)
    assert max(sizes) < 64_000
    assert max(sizes) - min(sizes) < 16_000  # no growth with the number of turns


# -- robustness ------------------------------------------------------------------------------------------------

steps = st.one_of(
    st.tuples(st.just("u"), st.text()),
    st.tuples(st.just("r"), st.one_of(st.none(), st.text(max_size=30)), st.text()),
    st.tuples(st.just("a"), st.text(), st.lists(st.text(max_size=30), max_size=3)),
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
@given(st.lists(st.sampled_from([s for c in CONVERSATIONS for s in c]), max_size=30))
def test_round_trip_is_transparent_on_any_interleaving(script: list[Step]) -> None:
    assert replay_with_round_trips(script) == run(script)


# -- status queries and repeated requests (the generator's two reports) ----------------------------------------

TICKET_ZH = served(
    "更新工单TCK-1的状态为已解决", "update_ticket", '{"ticket_id": "TCK-1", "status": "resolved"}', "工单TCK-1已更新。"
)


def late(user: str, tool: str, wait: str, result: str, answer: str) -> list[Step]:
    """A call, a user message before its result arrives (late), the result, then the answer."""
    return [("u", user), ("a", "", [tool]), ("u", wait), ("r", tool, result), ("a", answer, [])]


@pytest.mark.parametrize(
    "wait", ["Any update?", "Is it done yet?", "Hello? Still working on it?", "好了吗？", "还在处理吗？", "怎么样了？"]
)
def test_a_status_query_answered_by_the_late_result_is_not_flagged(wait: str) -> None:
    script = [
        *VOLUME_EN,
        *late("Set a timer for 10 minutes", "set_timer", wait, '{"status": "running"}', "Sorry, timer set."),
    ]
    turns = run(script)
    assert flagged(script) == []
    assert turns[-1].detail == "status query"


def test_a_status_query_with_an_object_of_its_own_is_a_request() -> None:
    assert flagged([*WEATHER_ZH, ("u", "那上海的天气怎么样了？"), ("a", "上海今天晴。")]) == [(5, "get_weather")]


def test_a_request_then_a_status_query_is_still_a_request() -> None:
    script = [*VOLUME_EN, ("u", "Turn it down a bit"), ("u", "any update?"), ("a", "Done, it's lower now.")]
    assert flagged(script) == [(6, "set_volume")]


def test_a_new_request_while_a_call_is_in_flight_is_judged() -> None:
    script = late("Turn on the kitchen lights", "control_lights", "and the bedroom ones too", "ok", "Both are on.")
    assert flagged(script) == [(4, "control_lights")]


def test_the_same_wording_as_a_tool_served_request_is_the_same_kind() -> None:
    script = [*TICKET_ZH, ("u", "更新工单TCK-2的状态为已解决"), ("a", "好的，明白。")]
    turns = run(script)
    assert flagged(script) == [(5, "update_ticket")]
    assert "index 0" in turns[-1].detail


@pytest.mark.parametrize(
    ("user", "reply"),
    [
        ("工单TCK-1的状态现在是什么？", "已解决。"),  # answered by the result
        ("为什么工单TCK-1要更新为已解决？", "因为客户确认问题已经修复。"),  # explanatory
        ("更新工单TCK-2的状态为已解决", "请问您确认要关闭工单TCK-2吗？"),  # clarifying
    ],
)
def test_the_same_wording_without_an_act_to_do_is_not_flagged(user: str, reply: str) -> None:
    assert flagged([*TICKET_ZH, ("u", user), ("a", reply)]) == []


def test_a_pending_request_is_stored_with_its_flags_and_without_its_text() -> None:
    det = RegressionDetector()
    run([*VOLUME_EN, ("u", "Any update on the Zanzibar weather?")], det)
    state = det.to_state()
    assert "zanzibar" not in json.dumps(state).casefold()
    assert "question" in state["pending"]["f"]
    det.on_assistant(9, "", ["get_weather"])
    assert det._pending_raw is None  # the text is dropped once the turn is decided


# -- the fast text analysis is exact -------------------------------------------------------------------------------

ASCII_TEXT = st.text(alphabet=st.sampled_from(list("abcxyz019 '-_.!?\n\tAZ,:\"{}")), max_size=60)
MIXED_TEXT = st.text(
    alphabet=st.sampled_from(list("ab1 '-.?！。，") + list("的了吗调大小灯声音天气查工单更新状态一下帮我")), max_size=40
)


@settings(max_examples=400, deadline=None)
@given(st.one_of(ASCII_TEXT, MIXED_TEXT, st.text(max_size=40)))
def test_tokenizers_match_their_patterns(text: str) -> None:
    norm = R.normalize(text)
    nfkc = unicodedata.normalize("NFKC", text)
    assert R._tokens(norm) == R._TOKEN_RE.findall(norm)
    ends = R._SENTENCE_END  # an ASCII sentence end may come out as "."
    assert [w if w not in ends else "." for w in R._entity_tokens(nfkc)] == [
        w if w not in ends else "." for w in R._ENTITY_RE.findall(nfkc)
    ]
    assert R._word_starts(norm) == frozenset(w[:3] for w in R._LETTERS_RE.findall(norm))


def _split_cjk_naive(run_: str) -> list[str]:
    pieces, cur, i = [], "", 0
    while i < len(run_):
        hit = next((len(w) for w in R.STOP_ZH_WORDS if run_.startswith(w, i)), 0)
        hit = hit or (1 if run_[i] in R.STOP_ZH_CHARS else 0)
        if hit:
            pieces, cur = ([*pieces, cur] if cur else pieces), ""
            i += hit
        else:
            cur += run_[i]
            i += 1
    return [*pieces, cur] if cur else pieces


def _concepts_naive(text: str, table: list[tuple[str, str]]) -> tuple[set[str], str]:
    found: set[str] = set()
    for form, concept in table:
        if form in text:
            found.add(concept)
            text = text.replace(form, " ")
    return found, text


@settings(max_examples=400, deadline=None)
@given(MIXED_TEXT)
def test_chinese_lexicon_and_cutting_match_the_plain_loops(text: str) -> None:
    norm = R.normalize(text)
    assert R._ACT_ZH_TABLE.concepts(norm) == _concepts_naive(norm, R._ACT_ZH)
    assert R._DOM_ZH_TABLE.concepts(norm) == _concepts_naive(norm, R._DOM_ZH)
    for run_ in (t for t in R._TOKEN_RE.findall(norm) if t[0] >= "\x80"):
        assert R._split_cjk(run_) == _split_cjk_naive(run_)


GATED = [R._TEXT_TASK_EN, R._EXPLAIN_EN, R._ADVICE_EN, R._CANCEL_EN, R._STATUS_EN, R._CONTINUE_EN, R._CLAIM_EN,
         R._CLARIFY_EN, R._REFUSE_EN]


def test_word_gates_are_read_from_the_patterns() -> None:
    assert all(g.keys is not None for g in GATED)
    assert R._leading_letters(r"\b(why|how (?:do|does)|what(?:'s| is))") == {"why", "how", "what"}
    assert R._leading_letters(r"\b(?:(?:did|found) it|never ?mind)\b") == {"did", "found", "never"}
    assert R._leading_letters(r"\bcolou?r") == {"colo"}
    assert R._leading_letters(r"(?:why|how)") is None  # no word boundary: a match may start inside a word
    assert R._leading_letters(r"\b(?:a|[bc]d)") is None
    assert R._leading_letters(r"\b(?=x)y") is None


def _phrases(g: R._Gated) -> list[str]:
    """Texts that hold a match: each alternative's leading letters, completed by what the pattern needs."""
    return [m.group(0) for t in CORPUS for m in g.pattern.finditer(R.normalize(t))]


CORPUS = [t for c in CONVERSATIONS for s in c for t in s[1:2] if isinstance(t, str)] + [
    "should i bring an umbrella?", "how does the thermostat work", "never mind, I looked it up myself",
    "any update?", "is it done yet", "it's way too loud", "one more please", "done! I've set it to 20",
    "which room do you mean?", "I can't, it's already at the maximum", "write a haiku", "any tips for sleep",
]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(range(len(GATED))), st.text(alphabet=st.sampled_from(list("abdehinorstuwy '?.,")), max_size=40),
       st.text(alphabet=st.sampled_from(list("abdehinorstuwy '?.,")), max_size=10))
def test_word_gates_never_hide_a_match(k: int, before: str, after: str) -> None:
    g = GATED[k]
    for phrase in [*_phrases(g), ""]:
        text = before + phrase + after
        if g.pattern.search(text):
            assert g.search(text, R._word_starts(text)) is not None


def test_complaints_are_looked_for_when_their_word_is_there() -> None:
    ends = R.COMPLAINT_EN.pattern.rsplit("(", 1)[1].split(")")[0].split("|")
    assert sorted(ends) == sorted(R._COMPLAINT_WORDS_EN)


def test_reply_veto_is_analyze_reply_veto() -> None:
    for text in [t for c in CONVERSATIONS for s in c for t in s[1:2] if isinstance(t, str)] + CORPUS + [
        "That will permanently delete all 37 files. Are you sure?",
        "抱歉，无法再调大了，因为音量已经是最大值。",
        "As an AI language model, I can't control devices.",
        "Done! Would you like it even lower?",
        "请问要发什么内容？",
    ]:
        assert R.reply_veto(text) == R.analyze_reply(text).veto
