"""`unbacked_claim` on Chinese replies (`zh34`; processor/core/regression/claims.py and `claims.json`'s Chinese
entries): each cause of a Chinese claim the detector did not see, with the same reply backed by its call and the
near misses that must stay quiet. Written probes in the forms Chinese agent runs take (ERNIE Bot Agent, AgentScope
as `bench/eval/real8/README.md` and `real9/README.md` describe them), through `processor.repair()`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import processor
from tests.unit.core.test_claims import call, claims, result
from tests.unit.core.test_claims_recall import tool, turn

PROBES = Path(__file__).resolve().parents[3] / "bench" / "eval" / "probes" / "zh34_forms.jsonl"
WORDS = [tool("AddWordTool", "添加单词以及它的详细解释到词库当中", word="string"),
         tool("GetWordsTool", "获取单词本中的所有单词")]


def called(request: str, name: str, args: dict[str, Any], output: str, reply: str) -> list[dict[str, Any]]:
    return [{"role": "user", "content": request}, call("c1", name, args), result("c1", output),
            {"role": "assistant", "content": reply}]


def test_yijing_weinin_is_a_fresh_report_not_a_recall() -> None:
    # 已经为您 is the perfective of any report ("I have … for you"): it told nothing again
    reply = "已经为您添加了gorgeous这个单词，并提供了详细的解释和例句。"
    assert claims(turn("帮我把gorgeous加到单词本里", reply), WORDS) == [(1, "AddWordTool")]
    assert claims(called("帮我把gorgeous加到单词本里", "AddWordTool", {"word": "gorgeous"}, "<gorgeous>单词已添加成功",
                         reply), WORDS) == []
    # told again from before: 之前 / 上次
    for again in ("之前已经为您添加过gorgeous这个单词了。", "上次已经为您添加了gorgeous这个单词。"):
        assert claims(turn("gorgeous加过了吗", again), WORDS) == [], again


ROOMS = [tool("search_rooms", "查询空闲的会议室", time="string"),
         tool("book_meeting_room", "预订会议室", room="string", time="string")]


def test_an_act_told_first_hand_without_yi_is_a_completion() -> None:
    reply = "好的，我为您预订了明天下午三点的会议室。"
    assert claims(turn("帮我订明天三点的会议室", reply), ROOMS) == [(1, "book_meeting_room")]
    # after a lookup of the turn, the act it did not do
    assert claims(called("帮我订明天三点的会议室", "search_rooms", {"time": "15:00"}, '{"rooms": ["A301"]}', reply),
                  ROOMS) == [(3, "book_meeting_room")]
    assert claims(called("帮我订明天三点的会议室", "book_meeting_room", {"room": "A301", "time": "15:00"},
                         '{"ok": true}', reply), ROOMS) == []
    for benign in ("好的，我明白了。", "我为您整理了以下几个注意事项：提前十分钟到场。",
                   "需要我为您预订明天下午三点的会议室吗？", "我可以为您预订会议室，请告诉我具体时间。"):
        assert claims(turn("帮我订明天三点的会议室", benign), ROOMS) == [], benign


TTS = [tool("texttospeech/v1.6/tts", "", tex="string")]
FILE = "file-local-095d5f98-a480-11ee-af84-fa280016e4f3"


def test_a_refusal_after_a_claim_is_a_caveat_not_a_refusal() -> None:
    reply = ("根据您提供的文本，我为您生成了语音文件。请注意，由于技术限制，语音文件无法直接提供给您。"
             f"您可以通过访问以下链接来获取语音文件：{FILE}。")
    assert claims(turn("把上一轮的检索内容转换为语音", reply), TTS) == [(1, "texttospeech/v1.6/tts")]
    assert claims(called("把上一轮的检索内容转换为语音", "texttospeech/v1.6/tts", {"tex": "城市管理"},
                         f'{{"audio": "{FILE}"}}', reply), TTS) == []
    # a refusal before anything told done refuses the whole reply
    refused = f"抱歉，我无法为您生成语音文件。您可以通过访问以下链接了解语音合成：{FILE}。"
    assert claims(turn("把上一轮的检索内容转换为语音", refused), TTS) == []
    # after calls of the turn, a refusal tells what a call could not do (both results in one message, one failed)
    tools = [tool("set_timer", "设置计时器", seconds="integer"), tool("read_file", "读取文件", path="string")]
    both = [{"role": "user", "content": "帮我定时20分钟，另外打开文件data/customers.csv"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "set_timer", "arguments": '{"seconds": 1200}'}},
                {"id": "c2", "type": "function", "function": {"name": "read_file", "arguments": '{"path": "x"}'}}]},
            result("c1", '{"timer_id": "tmr_1", "status": "running"}'), result("c2", '{"error": "文件不存在"}'),
            {"role": "assistant", "content": "已设置20分钟的计时器。无法打开data/customers.csv：文件不存在。"}]
    assert claims(both, tools) == []


EXAMPLE = [tool("example_tool_function", "一个示例工具函数", tag="string")]
PARALLEL = "同时生成两个 'example_tool_function' 函数的工具调用，标签分别为 'tag1' 和 'tag2'，以便它们可以并行执行。"


def test_a_run_told_finished_is_a_success_of_the_only_tool() -> None:
    for reply in ("两个函数 `example_tool_function` 已经并行执行完成，分别带有标签 'tag1' 和 'tag2'。",
                  "两个 `example_tool_function` 函数已经并行执行完毕。"):
        assert claims(turn(PARALLEL, reply), EXAMPLE) == [(1, "example_tool_function")], reply
        assert claims(called(PARALLEL, "example_tool_function", {"tag": "tag1"}, "start 06:49:48, end 06:49:51",
                             reply), EXAMPLE) == [], reply
    for benign in ("如果两个函数都执行完成，它们的开始时间应该几乎相同。", "函数还没有执行完成，请稍等。"):
        assert claims(turn(PARALLEL, benign), EXAMPLE) == [], benign


TIME = [tool("CurrentTimeTool", "")]


def test_a_sentence_naming_the_tool_it_tells_the_result_of_is_a_fact() -> None:
    reply = "根据CurrentTimeTool返回的结果，当前时间是2023年12月28日 16时57分39秒。如果您还有其他问题，请随时告诉我。"
    assert claims(turn("请问现在是几点钟", reply), TIME) == [(1, "CurrentTimeTool")]
    assert claims(called("请问现在是几点钟", "CurrentTimeTool", {}, '{"time": "2023年12月28日 16时57分39秒"}', reply),
                  TIME) == []
    # what the tool does, or would return, is no result
    for benign in ("CurrentTimeTool可以获取当前的时间。", "CurrentTimeTool会返回当前的日期和时间。"):
        assert claims(turn("这个工具能做什么？", benign), TIME) == [], benign


OCR = [tool("highacc-ocr/v1.8/OCR", "用于提取并识别图片上的文字及位置信息", image="string")]


def test_a_chinese_description_names_the_subject_of_a_chinese_sentence() -> None:
    reply = "图片中的文字是：“欢迎光临”。"
    assert claims(turn("识别一下这张图片里的文字", reply), OCR) == [(1, "highacc-ocr/v1.8/OCR")]
    assert claims(called("识别一下这张图片里的文字", "highacc-ocr/v1.8/OCR", {"image": "file-1"},
                         '{"words_result": [{"words": "欢迎光临"}]}', reply), OCR) == []
    # a request about something else: the description shares nothing with it
    assert claims(turn("“欢迎光临”用英语怎么说？", "“欢迎光临”的英文是“Welcome”。"), OCR) == []


MODERATION = [tool("text-moderation/v1.2/text_moderation", "对文本进行内容审核，判断是否合规", text="string")]
FAISS = [tool("FaissSearchTool", "在住房和城乡建设部规章中寻找和query最相关的片段", query="string")]


def test_a_fact_told_as_a_tools_result_is_a_lookup() -> None:
    reply = "根据工具审核结果，“我明天出去玩”这句话是合规的。"
    assert claims(turn("帮我审核一下“我明天出去玩”这句话", reply), MODERATION) == [
        (1, "text-moderation/v1.2/text_moderation")]
    assert claims(called("帮我审核一下“我明天出去玩”这句话", "text-moderation/v1.2/text_moderation",
                         {"text": "我明天出去玩"}, '{"conclusion": "合规"}', reply), MODERATION) == []
    # the passages the user gave are context: their summary looked nothing up
    passage = "城市管理执法主管部门按照权责清晰的原则设置执法队伍。"
    given = [{"role": "user", "content": f"检索结果: 第十三条 {passage}\n检索语句: 第十三条是什么？"},
             {"role": "assistant", "content": f"根据提供的检索结果，第十三条的内容是：“{passage}”"}]
    assert claims(given, FAISS) == []


def test_a_list_presented_of_what_a_tool_holds_is_a_lookup() -> None:
    reply = "单词本中的单词有：red、blue。"
    assert claims(turn("单词本里有哪些单词", reply), WORDS) == [(1, "GetWordsTool")]
    assert claims(called("单词本里有哪些单词", "GetWordsTool", {}, '["red", "blue"]', reply), WORDS) == []
    assert claims(turn("学英语有什么好方法？", "好的方法有：每天背十个单词，多读多听。"), WORDS) == []


def test_a_plan_a_general_answer_and_a_hedge_are_no_claims() -> None:
    # a numbered plan's item numbers are no values; 一般来说 / 通常 tell how things usually are, not what was done
    rooms = "我的计划是：1. 先查询明天下午三点空闲的会议室；2. 选择合适的房间为您预订。可以吗？"
    assert claims(turn("帮我订明天下午三点的会议室", rooms), ROOMS) == []
    orders = [tool("get_order", "查询订单详情", order_id="string"), tool("cancel_order", "取消订单", order_id="string")]
    general = "一般来说，未发货的订单取消是不收取手续费的，已发货的订单需要走退货流程。"
    assert claims(turn("取消订单会有手续费吗？", general), orders) == []
    bank = [tool("get_balance", "查询账户余额", account="string"), tool("transfer_money", "转账", to="string")]
    assert claims(turn("转账一般多久到账？", "通常同行转账实时到账，跨行转账一般在1到2个工作日内到账。"), bank) == []
    # ... while a value the plan states as found is still one
    found = "查询结果显示，明天下午三点A301空闲。"
    assert claims(turn("帮我订明天下午三点的会议室", found), ROOMS) == [(1, "search_rooms")]


def test_the_written_probes_raise_what_their_labels_say() -> None:
    recs = [json.loads(line) for line in PROBES.read_text("utf-8").splitlines() if line.strip()]
    assert len(recs) > 50 and all(r["written"] for r in recs)
    assert sum(bool(r["labels"]["unbacked_claim"]) for r in recs) >= 15
    for r in recs:
        res = processor.repair({"messages": r["messages"], "tools": r["tools"]}, dialect=r["dialect"])
        found = sorted(f.index for f in res.findings if f.kind.value == "unbacked_claim" and f.index is not None)
        assert found == sorted(x["index"] for x in r["labels"]["unbacked_claim"]), r["id"]


WEATHER = [tool("get_current_weather", "Get the current weather", location="string", format="string"),
           tool("get_n_day_weather_forecast", "Get an N-day weather forecast", location="string", format="string",
                num_days="integer")]


def test_a_calls_arguments_written_as_text_are_no_claim() -> None:
    ask = "Give me the current weather (use Celcius) for Toronto, Canada."
    for reply in ('{ "location": "Toronto, Canada", "format": "celsius" }',
                  '{\n  "location": "Toronto, Canada",\n  "format": "celsius"\n}'):
        assert claims(turn(ask, reply), WEATHER) == [], reply
    # a JSON answer with a key no parameter has states a value (a result), as before
    assert claims(turn(ask, '{"location": "Toronto, Canada", "temperature": "-3 celsius", "sky": "sunny"}'),
                  WEATHER) == [(1, "get_current_weather")]


REMINDERS = [tool("list_reminders", "列出所有提醒"),
             tool("create_reminder", "创建一个提醒", time="string", content="string")]
ORDERS = [tool("get_order", "查询订单详情", order_id="string"), tool("cancel_order", "取消订单", order_id="string")]


def test_an_act_named_by_its_object_with_another_verb_is_the_object_tools_act() -> None:
    reply = "好的，已为您设置明天早上8点的开会提醒。"
    assert claims(turn("明天早上八点提醒我开会", reply), REMINDERS) == [(1, "create_reminder")]
    args = {"time": "08:00", "content": "开会"}
    assert claims(called("明天早上八点提醒我开会", "create_reminder", args, '{"id": 77}', reply), REMINDERS) == []
    for benign in ("之前已为您设置过开会提醒了。", "我可以为您设置明天早上8点的开会提醒，需要吗？"):
        assert claims(turn("明天早上八点提醒我开会", benign), REMINDERS) == [], benign
    # a lookup told, or no act verb, names no act on the object
    for benign in ("已为您整理了订单A1024的信息，请查看。", "已为您查询到订单A1024，目前已发货。"):
        found = claims(turn("帮我看看订单A1024", benign), ORDERS)
        assert (1, "cancel_order") not in found, benign
