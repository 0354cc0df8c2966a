"""`unbacked_claim` on benign forms (`fa34`): a record's state read from a lookup, a figure worked out from figures
in context, an example after "e.g.", a Chinese act verb used as a noun, an act under a condition, advice and
how-tos about a lookup tool's subject, the assistant telling what it is currently set up for. Each cause beside the
true finding of the same rule that must stay; `bench/eval/probes/fa34_whole.jsonl` holds the same forms as whole
conversations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import processor
from processor.core.regression.arith import worked_out
from processor.core.regression.claims import ABOUT, GENERAL, general
from processor.core.regression.facts import figures
from processor.core.regression.naming import invoked, marker
from processor.core.regression.text import normalize
from tests.unit.core.test_claims import call, claims, result
from tests.unit.core.test_claims_recall import tool, turn

PROBES = Path(__file__).resolve().parents[3] / "bench" / "eval" / "probes"

ORDERS = [tool("get_order_details", "Look up an order", order_id="string"),
          tool("cancel_order", "Cancel a pending order", order_id="string")]
FLIGHTS = [tool("search_flights", "Search flights", origin="string", destination="string", date="string"),
           tool("book_flight", "Book a flight", flight_number="string", passengers="integer")]
WEATHER = [tool("get_weather", "Get the current weather for a city", city="string")]
STOCK = [tool("get_stock_price", "Get the latest price of a stock", ticker="string")]


def _lookup_turn(request: str, reply: str, res: str = '{"order_id": "W4817620", "status": "cancelled", '
                 '"cancelled_at": "2024-05-03"}') -> list[dict[str, Any]]:
    return [{"role": "user", "content": request}, call("c1", "get_order_details", {"order_id": "W4817620"}),
            result("c1", res), {"role": "assistant", "content": reply}]


def _records(name: str) -> list[dict[str, Any]]:
    recs = [json.loads(line) for line in (PROBES / name).read_text("utf-8").splitlines() if line.strip()]
    assert recs and all(r["written"] and r["source"] == "written-probe" for r in recs)
    return recs


def test_the_written_probes_raise_what_their_labels_say() -> None:
    for name, kinds in (("fa34_whole.jsonl", ("unbacked_claim", "text_only_regression")),
                        ("fa34_regression_open.jsonl", ("unbacked_claim",))):
        for r in _records(name):
            res = processor.repair({"messages": r["messages"], "tools": r["tools"]}, dialect=r["dialect"])
            for kind in kinds:
                found = sorted(f.index for f in res.findings if f.kind.value == kind and f.index is not None)
                assert found == sorted(x["index"] for x in r["labels"][kind]), (r["id"], kind)


def test_a_state_the_turns_lookup_read_is_no_act_unless_the_request_asked_for_it() -> None:
    assert claims(_lookup_turn("What's the status of W4817620?", "W4817620 is cancelled, and both items were "
                               "refunded."), ORDERS) == []
    assert claims(_lookup_turn("我的订单 W4817620 现在是什么状态？", "根据查询结果，订单 W4817620 已取消。"),
                  ORDERS) == []
    # asked for, or confirmed with a bare "yes": the same words claim the act
    assert claims(_lookup_turn("Cancel W4817620 please.", "W4817620 has been cancelled."), ORDERS) == [
        (3, "cancel_order")]
    assert claims(_lookup_turn("yes", "Your order W4817620 was cancelled."), ORDERS) == [(3, "cancel_order")]
    assert claims(_lookup_turn("帮我取消订单 W4817620", "订单 W4817620 已取消。"), ORDERS) == [(3, "cancel_order")]


def test_an_act_placed_at_a_past_time_the_conversation_showed_is_a_records_history() -> None:
    history = _lookup_turn("Look up W4817620.", "W4817620 is cancelled.")
    later = [*history, {"role": "user", "content": "When did that happen?"}]
    assert claims([*later, {"role": "assistant", "content": "It was cancelled on 2024-05-03."}], ORDERS) == []
    assert claims([*later, {"role": "assistant", "content": "订单已于 2024-05-03 取消。"}], ORDERS) == []
    # a date no message showed, or the act told first-hand: claimed
    assert claims(turn("Please cancel order W4817620.", "Your order W4817620 was cancelled on 2024-05-09."),
                  ORDERS) == [(1, "cancel_order")]
    assert claims(turn("Book HAT041 on 2024-06-02 for 2 passengers.",
                       "I've booked HAT041 on 2024-06-02 for 2 passengers."), FLIGHTS) == [(1, "book_flight")]


def test_a_chinese_act_verb_is_told_done_only_with_a_completion_before_or_a_result_after_it() -> None:
    cancel = [tool("cancel_reservation", "Cancel a reservation", reservation_id="string"),
              tool("book_flight", "Book a flight", flight_number="string")]
    done = [{"role": "user", "content": "取消预订 ZFA04Y"},
            call("c1", "cancel_reservation", {"reservation_id": "ZFA04Y"}), result("c1", '{"status": "cancelled"}')]
    # 预订 is the reservation here (a noun before 已取消), not a booking told done
    assert claims([*done, {"role": "assistant", "content": "预订 ZFA04Y 已取消。"}], cancel) == []
    assert claims([*done, {"role": "assistant", "content": "预订 ZFA04Y 已取消，并已为您预订 HAT041。"}], cancel) == [
        (3, "book_flight")]
    assert claims(turn("帮我订 HAT041", "HAT041 预订成功。"), cancel) == [(1, "book_flight")]


def test_an_act_under_a_condition_is_told_in_general() -> None:
    assert claims(turn("取消订单以后多久退款？", "订单取消成功后，退款通常在 5 到 7 个工作日内退回。"), ORDERS) == []
    assert claims(turn("How long does a refund take if I cancel?", "Once an order has been cancelled, the refund "
                       "reaches your card within 5 business days."), ORDERS) == []
    assert claims(turn("取消订单 W4817620", "订单 W4817620 取消成功。"), ORDERS) == [(1, "cancel_order")]


def test_a_figure_worked_out_from_shown_figures_and_counts_is_no_tools_output() -> None:
    shown = set(figures("240 14:05 17:50 189.25"))
    assert set(figures("480")) <= worked_out("hat041 for two passengers comes to $480 ($240 each).", shown.__contains__)
    assert set(figures("45")) <= worked_out("it is 3 hours and 45 minutes, from 14:05 to 17:50.", shown.__contains__)
    assert set(figures("757")) <= worked_out("按 189.25 美元算，4 股是 757 美元。", shown.__contains__)
    assert set(figures("36 16.7")) <= worked_out("6 ways out of 36, so the chance is 1/6, about 16.7%.",
                                                 shown.__contains__)
    # a figure no operation of those gives stays new
    assert not set(figures("265")) & worked_out("hat041 costs $265 per passenger for 2 passengers.",
                                                shown.__contains__)
    assert not set(figures("500")) & worked_out("two tickets cost $500.", shown.__contains__)
    searched = [{"role": "user", "content": "Price of AAPL?"}, call("c1", "get_stock_price", {"ticker": "AAPL"}),
                result("c1", '{"ticker": "AAPL", "price": 189.25}'),
                {"role": "assistant", "content": "AAPL is at $189.25."}]
    assert claims([*searched, *turn("What would 4 shares of the stock cost?",
                                    "4 shares of the stock at $189.25 cost $757.")], STOCK) == []
    assert claims([*searched, *turn("And the stock price of MSFT?", "The stock price of MSFT is $415.50.")],
                  STOCK) == [(5, "get_stock_price")]


def test_an_example_after_e_g_is_one_sentence_and_an_example() -> None:
    assert claims(turn("Where do I find my order id?", "It's in your confirmation email, e.g. W0000001."),
                  ORDERS) == []
    assert claims(turn("订单号长什么样？", "订单号是 W 加 7 位数字，例如 W0000001。"), ORDERS) == []
    assert claims(turn("What's the id of my last order?", "Your last order is W5918442."), ORDERS) == [
        (1, "get_order_details")]


def test_advice_and_how_tos_about_a_lookup_tools_subject_are_general() -> None:
    for request in ("Any tips for driving in snowy weather?", "How do I install the weather SDK for Python?",
                    "How many days does a weather forecast usually cover?", "天气预报一般能报几天？"):
        assert GENERAL in general(normalize(request)), request
    for request in ("Any tips for my flight tomorrow?", "How do I read this forecast: 18C?"):
        assert GENERAL not in general(normalize(request)), request
    assert claims(turn("How many days does a weather forecast usually cover?",
                       "Most weather forecasts cover 7 days, some up to 14 days."), WEATHER) == []
    assert claims(turn("What's the weather in Oslo?", "The weather in Oslo is 14 degrees."), WEATHER) == [
        (1, "get_weather")]


def test_what_the_assistant_is_currently_set_up_for_is_no_live_value() -> None:
    assert claims(turn("Hello there", "I'm currently set up to help with weather questions."), WEATHER) == []
    assert claims(turn("你好", "你好！我目前可以帮你查询天气。"), WEATHER) == []
    assert claims(turn("Is it raining in Lisbon?", "It is currently sunny in Lisbon."), WEATHER) == [
        (1, "get_weather")]


DICE = [tool("dice", "Rolls a dice"), tool("clothes", "Pick clothes to wear based on a dice roll", roll="number")]


def test_a_one_word_tool_worked_by_the_requests_imperative_is_asked_for_by_name() -> None:
    for request in ("Which clothes should I wear today? Roll a dice to decide.", "Please check the weather in Oslo.",
                    "Pick a color, then roll a dice."):
        assert invoked(normalize(request), frozenset()) & {marker("dice"), marker("weather")}, request
    for request in ("I roll a dice every morning.", "Check the price of a dice set."):
        assert not invoked(normalize(request), frozenset()) & {marker("dice")}, request
    # its outcome told as advice, with no call: unbacked; a question first, or advice naming the tool's thing: not
    assert claims(turn("What should I wear? Roll a dice to decide.", "You should wear shorts today."), DICE) == [
        (1, "dice")]
    assert claims(turn("What should I wear? Roll a dice to decide.", "Should I roll the dice now?"), DICE) == []
    assert claims(turn("Check the weather in Paris for me?", "You should check the weather closer to your trip."),
                  [tool("weather", "Get the current weather", city="string")]) == []
    # advice with no tool asked for is still advice
    assert claims(turn("What should I wear today?", "You should wear shorts today."), DICE) == []


EXAMPLE = [tool("example_tool_function", "An example tool that sleeps and returns its times", tag="string"),
           tool("get_user_details", "Look up a user's profile", user_id="string")]
TWO_CALLS = "同时生成两个 'example_tool_function' 函数的工具调用，标签分别为 'tag1' 和 'tag2'。"


def test_a_tool_named_by_its_identifier_in_a_request_about_tools_is_asked_for_by_name() -> None:
    # a name of weak words only (example, tool, function): its identifier as written names it, in any language
    assert marker("example_tool_function") in invoked(normalize(TWO_CALLS), frozenset())
    assert not invoked(normalize("Rename example_tool_function in the docs, please."), frozenset())
    told = "两个函数 `example_tool_function` 已经并行执行完成：tag1 在 06:49:48 开始，06:49:51 结束。"
    assert claims(turn(TWO_CALLS, told), EXAMPLE) == [(1, "example_tool_function")]
    # a question of what a tool does, or of how to call it, asks for no call of it
    for request in ("What does the get_user_details function do?", "get_user_details 这个函数是做什么的？",
                    "How do I call the example_tool_function tool with two tags?"):
        assert ABOUT in general(normalize(request)), request
    assert claims(turn("What does the get_user_details function do?", "It returns a user's profile and "
                       "addresses for a user id."), EXAMPLE) == []
    assert claims(turn("get_user_details 这个函数是做什么的？", "它根据用户 ID 返回用户的资料和地址。"), EXAMPLE) == []


CURRENT = [{"type": "function", "function": {"name": "get_current_weather", "description": "Get the current weather",
                                             "parameters": {"type": "object", "properties": {
                                                 "location": {"type": "string"},
                                                 "format": {"type": "string", "enum": ["celsius", "fahrenheit"]}}}}}]


def test_a_calls_arguments_written_as_json_text_claim_nothing() -> None:
    ask = "Give me the current weather (use Celcius) for Lyon, France."
    assert claims(turn(ask, '{"location": "Lyon, France", "format": "celsius"}'), CURRENT) == []
    assert claims(turn(ask, '```json\n{"location": "Lyon, France",\n "format": "celsius"}\n```'), CURRENT) == []
    # keys the definition does not hold: a result stated with no call
    assert claims(turn(ask, '{"location": "Lyon, France", "temperature": 21, "conditions": "sunny"}'), CURRENT) == [
        (1, "get_current_weather")]
