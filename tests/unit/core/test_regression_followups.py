"""What reads like a request of a kind a tool served but is not one, and a reply that only announces a step
(processor/core/regression/followups.py, used by behaviour.py's `_regression_tool`): the false-alarm forms of real
multi-agent runs (ADK hand-offs and routing tools, questions about the past, a chess agent's "I will make my move
now"), each against the same conversation's true regression, through `processor.repair()` as users call it."""

from __future__ import annotations

from typing import Any

import processor
from processor.core.regression.followups import about_past, announces, relayed, relayed_calls, routing, unwrapped
from tests.unit.core.test_regression_grounding import call, result, tool


def user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


def reply(text: str) -> dict[str, Any]:
    return {"role": "assistant", "content": text}


def regressions(messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> list[tuple[int, str | None]]:
    res = processor.repair({"messages": messages, "tools": tools})
    return [(f.index, f.tool) for f in res.findings if f.kind.value == "text_only_regression"]


PIZZA_TOOLS = [tool("order_collector", "Collects the pizza order", "item", "quantity"),
               tool("payment_collector", "Collects the card for payment", "card")]
PIZZA = [user("Order 2 pizzas and pay with my credit card 4111 1111 1111 1111."),
         {"role": "assistant", "content": None, "tool_calls": [
             {"id": "c1", "type": "function", "function": {"name": "order_collector",
                                                           "arguments": '{"item": "pizza", "quantity": 2}'}},
             {"id": "c2", "type": "function", "function": {"name": "payment_collector",
                                                           "arguments": '{"card": "4111111111111111"}'}}]},
         result("c1", '{"item": "pizza", "quantity": 2}'), result("c2", '{"card_number": "4111111111111111"}'),
         reply("Your order for 2 pizzas has been placed using the credit card ending in 1111.")]


def test_a_question_about_what_was_done_is_no_request() -> None:
    msgs = [*PIZZA, user("What did I order, and which card am I paying with?"),
            reply("You ordered 2 pizzas, and you are paying with your credit card ending in 1111.")]
    assert regressions(msgs, PIZZA_TOOLS) == []


def test_a_new_request_of_the_same_kind_is_still_a_regression() -> None:
    weather = [tool("get_weather", "Weather of a city", "city")]
    msgs = [user("What's the weather in Paris?"), call("c1", "get_weather", {"city": "Paris"}),
            result("c1", "Paris: sunny, 21 C"), reply("It's sunny in Paris, 21 C."),
            user("What's the weather in Tokyo?"), reply("It's rainy in Tokyo, 17 C.")]
    assert regressions(msgs, weather) == [(5, "get_weather")]
    volume = [tool("set_volume", "Set the device volume", "volumeCode")]
    seed = [user("声音大一点"), call("c1", "set_volume", {"volumeCode": "volume_up"}), result("c1", "success"),
            reply("好的，已为您调大音量。"), user("声音调小一点"), reply("好的明白")]
    assert regressions(seed, volume) == [(5, "set_volume")]


def test_about_past_reads_the_past_not_the_present_nor_another_time() -> None:
    past = ["did the action complete successfully?", "what was the answer to the previous question?",
            "so what was the total?", "what did i order?", "刚才的订单成功了吗？"]
    for q in past:
        assert about_past(q, True), q
    for q in ["is it raining now?", "what is the weather in tokyo?", "what was the weather in paris yesterday?",
              "what were my transactions last week?", "did the parcel arrive yet?"]:
        assert not about_past(q, True), q
    assert not about_past("what did i order", False)  # (not a question)


ROUTE_TOOLS = [tool("transfer_to_agent", "Transfer the question to another agent", "agent_name")]
ROUTED = [user("I want to reset my account password."), call("c1", "transfer_to_agent", {"agent_name": "support"}),
          result("c1", '{"result": null}'), reply("Follow the link on the login page to reset your account password.")]


def test_a_routing_tool_serves_no_kind_of_request() -> None:
    msgs = [*ROUTED, user("I want to reset my account password for the billing portal."),
            reply("Go to the billing portal's login page, click 'Forgot password', enter your e-mail and follow the "
                  "link you receive.")]
    assert regressions(msgs, ROUTE_TOOLS) == []
    for name in ("transfer_to_agent", "transfer_to_billing_agent", "Delegate work to coworker",
                 "ask_question_to_coworker", "handoff"):
        assert routing(name), name
    for name in ("translator_es", "get_weather", "transfer_money", "transfer_funds"):
        assert routing(name) is (name.startswith("transfer_to")), name


def test_an_adk_relay_is_another_agents_part_of_the_turn() -> None:
    tools = [tool("transfer_to_agent", "Transfer to another agent", "agent_name"),
             tool("get_weather", "Weather of a city", "city")]
    msgs = [user("What is the weather in New York?"), call("c1", "get_weather", {"city": "New York"}),
            result("c1", "The weather in New York is sunny, 25 C."), reply("The weather in New York is sunny, 25 C."),
            user("For context: [billing] said: The weather report for New York was sent to your e-mail."),
            reply("The weather report for New York has been sent to your e-mail, as billing said.")]
    assert regressions(msgs, tools) == []
    assert relayed("For context:\n[root_agent] called tool `transfer_to_agent` with parameters: {}")
    assert relayed("For context: [billing] said: done")
    assert not relayed("For context, I live in Paris. What's the weather?")


def test_an_adk_relay_in_gemini_parts_before_the_agents_own_answer() -> None:
    """ADK's relays as they arrive (separate parts), in front of a sub-agent's first turn: the request stays the
    person's, and a later request of the same kind answered in words is still a regression."""
    decl = [{"functionDeclarations": [{"name": "transfer_to_agent", "parameters": {"type": "object"}},
                                      {"name": "get_weather", "parameters": {"type": "object"}}]}]
    contents: list[dict[str, Any]] = [
        {"role": "user", "parts": [{"text": "What is the weather in New York?"}]},
        {"role": "user", "parts": [{"text": "For context:"}, {"text": "[root_agent] called tool `transfer_to_agent` "
                                                                     "with parameters: {'agent_name': 'weather'}"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "New York"}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"report": "sunny"}}}]},
        {"role": "model", "parts": [{"text": "It is sunny in New York."}]},
        {"role": "user", "parts": [{"text": "What is the weather in Boston?"}]},
        {"role": "model", "parts": [{"text": "It is rainy in Boston, 12 degrees."}]}]
    res = processor.repair({"contents": contents, "tools": decl})
    assert [(f.index, f.tool) for f in res.findings if f.kind.value == "text_only_regression"] == [(6, "get_weather")]


CHESS_TOOLS = [tool("get_legal_moves", "Get legal moves."), tool("make_move", "Make a move.", "move")]
CHESS = [user("Let's play chess! Your move."), call("c1", "get_legal_moves", {}),
         result("c1", "Possible moves are: g1h3,g1f3,b1c3,e2e4,d2d4"), call("c2", "make_move", {"move": "e2e4"}),
         result("c2", "Moved white pawn from e2 to e4."), reply("I've moved my pawn from e2 to e4. Your move!"),
         user("Please make a move.")]


def test_a_reply_that_only_announces_its_next_step_answers_nothing_in_words() -> None:
    for text in ("I will make my move now. Let's go with g8h6.", "Let me check the legal moves first.",
                 "Alright, I'll make my move now."):
        assert regressions([*CHESS, reply(text)], CHESS_TOOLS) == [], text
        assert announces(text), text
    assert announces("I'll transfer you to the billing agent.")  # a hand-off to another agent
    for text in ("Sure, I'll turn it down.", "Sure, I'll remind you at 8.", "好的，马上为您调小", "好的明白",
                 "I'll move my knight from g1 to f3. Your turn!", "It's sunny in Paris.", "I'll transfer $500 to Bob.",
                 "I'm going to turn it down."):
        assert not announces(text), text


def _gemini_findings(contents: list[dict[str, Any]], names: list[str]) -> list[tuple[str, int | None, str | None]]:
    decl = [{"functionDeclarations": [{"name": n, "parameters": {"type": "object"}} for n in names]}]
    res = processor.repair({"contents": contents, "tools": decl})
    return [(f.kind.value, f.index, f.tool) for f in res.findings
            if f.kind.value in ("unbacked_claim", "text_only_regression")]


def _relay(line: str) -> dict[str, Any]:
    return {"role": "user", "parts": [{"text": "For context:"}, {"text": line}]}


def test_a_relayed_call_backs_what_the_reply_tells_of_it() -> None:
    """ADK relays another agent's call and result as user text: the act it did is a call of the turn, not an act
    told with no call; without the relay the same reply is an unbacked claim."""
    ask = {"role": "user", "parts": [{"text": "Fetch and store the items."}]}
    told = {"role": "model", "parts": [{"text": "I have successfully stored the 3 items."}]}
    relays = [_relay("[coordinator] called tool `store_report` with parameters: {'items': ['a', 'b', 'c']}"),
              _relay("[coordinator] `store_report` tool returned result: {'stored': 3}")]
    assert _gemini_findings([ask, *relays, told], ["store_report", "fetch_items"]) == []
    assert [k for k, _, _ in _gemini_findings([ask, told], ["store_report", "fetch_items"])] == ["unbacked_claim"]
    assert relayed_calls("For context:\n[a] called tool `x` with parameters: {}\n[a] `y` tool returned result: 1") == (
        ["x"], ["y"])


def test_a_relayed_hand_off_is_no_request_and_backs_nothing() -> None:
    """The hand-off relayed before a sub-agent's answer leaves the person's request as the turn's request (the
    relay's words "called tool `transfer_to_agent`" do not ask for that tool), and backs no fact: a weather report
    with no weather call is still an unbacked claim."""
    hand_off = [_relay("[root_agent] called tool `transfer_to_agent` with parameters: {'agent_name': 'support'}"),
                _relay("[root_agent] `transfer_to_agent` tool returned result: {'result': None}")]
    steps = {"role": "model", "parts": [{"text": "To reset your password: 1. Go to the login page. 2. Click "
                                                 "'Forgot password'. 3. Follow the link in the e-mail."}]}
    ask = {"role": "user", "parts": [{"text": "I forgot my password, can you help?"}]}
    assert _gemini_findings([ask, *hand_off, steps], ["transfer_to_agent", "lookup_account"]) == []
    weather = {"role": "model", "parts": [{"text": "The weather in New York is sunny, 25 degrees."}]}
    ask = {"role": "user", "parts": [{"text": "What is the weather in New York?"}]}
    assert _gemini_findings([ask, *hand_off, weather], ["transfer_to_agent", "get_weather"]) == [
        ("unbacked_claim", 3, "get_weather")]


def test_a_card_told_by_its_last_four_digits_is_shown() -> None:
    """A follow-up answered from context: "ending in 1111" of a card number a result showed whole is no new figure,
    and the question about what was ordered is no request (also wrapped as ADK's {"request": "…"})."""
    names = ["order_collector", "payment_collector"]
    turn: list[dict[str, Any]] = [
        {"role": "user", "parts": [{"text": "Order 2 pizzas and pay with my card."}]},
        {"role": "model", "parts": [{"functionCall": {"name": "order_collector", "args": {"item": "pizza"}}},
                                    {"functionCall": {"name": "payment_collector", "args": {}}}]},
        {"role": "user", "parts": [
            {"functionResponse": {"name": "order_collector", "response": {"item": "pizza", "quantity": 2}}},
            {"functionResponse": {"name": "payment_collector", "response": {"card_number": "4111111111111111"}}}]},
        {"role": "model", "parts": [{"text": "Your 2 pizzas are ordered and the card is collected."}]}]
    answer = {"role": "model", "parts": [{"text": "You ordered 2 pizzas, and you are paying with your credit card "
                                                  "ending in 1111."}]}
    for q in ("What did I order and how am I paying?", '{"request": "What did I order and how am I paying?"}'):
        assert _gemini_findings([*turn, {"role": "user", "parts": [{"text": q}]}, answer], names) == [], q
    assert unwrapped('{"request": "hi there"}') == "hi there"
    assert unwrapped('{"request": "a", "b": 1}') == '{"request": "a", "b": 1}'
    assert unwrapped('{"request": ') == '{"request": '


def test_an_act_told_as_done_before_is_no_regression() -> None:
    """The chess player asked again after its move says it already moved: an earlier turn's act told again. A fresh
    act told as done in words after the same request is still the regression."""
    again = [*CHESS[:-1], user("Please make a move.")]
    assert regressions([*again, reply("I've already made my move, it's your turn now!")], CHESS_TOOLS) == []
    assert regressions([*again, reply("I've moved my knight from g1 to f3. Your move!")], CHESS_TOOLS) != []


def test_a_promise_beside_just_a_moment_only_announces() -> None:
    """"Let's check the weather for you. Just a moment." with no call: a failure to act, not an answer in words."""
    weather = [tool("get_weather", "Current weather of a location", "location")]
    served = [user("What's the weather in Berlin?"), call("c1", "get_weather", {"location": "Berlin"}),
              result("c1", "Berlin: 15 C, cloudy"), reply("It is 15 C and cloudy in Berlin."),
              user("What about Paris?")]
    for text in ("Let's check the weather for you. Just a moment.", "Let me check Paris for you. One moment please!"):
        assert announces(text), text
        assert regressions([*served, reply(text)], weather) == [], text
    assert regressions([*served, reply("It is 18 C and sunny in Paris.")], weather) == [(5, "get_weather")]
