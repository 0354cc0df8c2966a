"""`unbacked_claim`'s recall rules (processor/core/regression/claims.py, `claims.json`): a tool asked for by name,
single digits and quoted values about a named subject, lookups told as finding nothing, pasts after a completion
cue and irregular pasts, sentences ending in a quote; each with the near miss that must stay quiet. Written probes
in the shape of the real misses of the dev splits, through `processor.repair()` as users call it."""

from __future__ import annotations

from typing import Any

import processor
from processor.core.dialects import system_text
from tests.unit.core.test_claims import call, claims, result


def tool(name: str, description: str = "", **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": {k: {"type": v} for k, v in props.items()}}}}


def turn(request: str, reply: str) -> list[dict[str, Any]]:
    return [{"role": "user", "content": request}, {"role": "assistant", "content": reply}]


IMAGE = [tool("image_fetch", "Fetches the requested image")]
ASK = "Use the image_fetch tool, then describe exactly what the returned image shows."


def test_a_tool_asked_for_by_name_and_answered_with_no_call_is_unbacked() -> None:
    assert claims(turn(ASK, "The image shows a single faceted red gemstone on a black background."), IMAGE) == [
        (1, "image_fetch")]
    assert claims(turn("What is 1337 * 4242? Please use the multiply_numbers tool.",
                       "The result of 1337 * 4242 is 42."), [tool("multiply_numbers", a="integer", b="integer")]) == [
        (1, "multiply_numbers")]


def test_a_tool_asked_for_by_name_near_misses() -> None:
    for reply in ("Sure! Which image would you like me to fetch?",
                  "I'm unable to use image_fetch right now.",
                  "I'll use the image_fetch tool and describe it for you.",
                  "OK."):
        assert claims(turn(ASK, reply), IMAGE) == [], reply
    called = [{"role": "user", "content": ASK}, call("c1", "image_fetch", {}), result("c1", "Fetched the image."),
              {"role": "assistant", "content": "The image shows a single faceted red gemstone."}]
    assert claims(called, IMAGE) == []
    # the tool's name words without the word "tool": a topic, not a tool asked for
    assert claims(turn("Describe an image you might fetch from a museum.", "A painting of a red gemstone."),
                  IMAGE) == []


DICE = [tool("dice_roll", "Rolls a single six-sided die and returns the result")]


def test_a_single_digit_about_the_requested_subject_is_a_value() -> None:
    assert claims(turn("Roll a die for me", "The die roll resulted in a 4."), DICE) == [(1, "dice_roll")]
    assert claims(turn("Roll a die for me", "The roll result is 2."), DICE) == [(1, "dice_roll")]


def test_a_single_digit_the_request_gave_or_of_another_subject_is_none() -> None:
    assert claims(turn("Roll a die and tell me whether a roll above 3 is likely", "A roll above 3 is likely "
                       "half the time."), DICE) == []
    assert claims(turn("Roll a die for me", "Dice were invented 5 thousand years ago."), DICE) == []


SECRET = [tool("secret_retrieval_tool", "Gets the secret for a password", password="string")]


def test_a_quoted_value_about_the_requested_subject_is_a_value() -> None:
    ms = turn("Please retrieve the secret associated with the password mellon",
              'The secret associated with the password "mellon" is "Welcome to Moria!".')
    assert claims(ms, SECRET) == [(1, "secret_retrieval_tool")]
    books = [tool("available_books", "Lists the books available in the library")]
    assert claims(turn("Recommend a fantasy book available in the library.", '{"available": "Wild Seed", "author": '
                       '"Octavia Butler"}'), books) == [(1, "available_books")]


def test_quoting_the_request_states_nothing_new() -> None:
    ms = turn("Please retrieve the secret associated with the password mellon",
              'The secret for "mellon" is kept by the secret retrieval service.')
    assert claims(ms, SECRET) == []


FLIGHTS = [tool("search", "Search for flights", origin="string", destination="string"),
           tool("book", "Book a flight", flight="string"), tool("confirm", "Confirm a booking", booking="string")]


def test_a_lookup_told_as_finding_nothing_is_a_result_even_hedged() -> None:
    for reply in ("It seems there are currently no flights available from NYC to LAX. Want another date?",
                  "It looks like I didn't find any flights from NYC to LAX at the moment."):
        assert claims(turn("I need to search for flights from NYC to LAX", reply), FLIGHTS) == [(1, "search")], reply


def test_nothing_found_told_again_from_an_earlier_result_is_none() -> None:
    ms = [{"role": "user", "content": "Search for flights from NYC to LAX"},
          call("c1", "search", {"origin": "NYC", "destination": "LAX"}), result("c1", "[]"),
          {"role": "assistant", "content": "No flights were found."},
          {"role": "user", "content": "So what did the search for flights give?"},
          {"role": "assistant", "content": "It seems there are no flights available from NYC to LAX."}]
    assert claims(ms, FLIGHTS) == []


def test_a_past_after_a_completion_cue_and_irregular_pasts() -> None:
    nav = [tool("navigate", "Navigate the browser to a URL", url="string")]
    assert claims(turn("Navigate to https://www.example.com and tell me what you see",
                       "I have navigated to [Example Domain](https://www.example.com). The page holds a heading."),
                  nav) == [(1, "navigate")]
    cards = [tool("draw_card", "Draws a card from the deck")]
    assert claims(turn("Draw a card for me", "I drew the queen of hearts."), cards) == [(1, "draw_card")]
    # a past of a word the request did not ask for
    assert claims(turn("What can you do with cards?", "I drew up a list of card games."), cards) == []


def test_a_sentence_ending_in_a_quote_is_cut_before_the_question() -> None:
    search = [tool("search", "Search the web", query="string")]
    assert claims(turn("Search for Python tutorials", 'I found some results for "Python tutorials." Would you '
                       "like more specific information about them?"), search) == [(1, "search")]


def test_a_clause_after_but_is_read_on_its_own() -> None:
    assert claims(turn("Roll a die for me", "Typically, a standard die has six sides, but the roll resulted in 37."),
                  DICE) == [(1, "dice_roll")]


def test_a_gemini_system_instruction_with_one_part_as_an_object_is_read() -> None:
    assert system_text({"parts": {"text": "Always use a tool to answer."}}) == "Always use a tool to answer."
    assert system_text({"parts": [{"text": "a"}, {"text": "b"}]}) == "a\nb"


BANK = [tool("get_account_balance", "Get the balance of an account", account="string"),
        tool("transfer_funds", "Transfer money between accounts", amount="number", source="string", target="string")]
LOOKED_UP = [{"role": "user", "content": "What's the balance of my checking account?"},
             call("c1", "get_account_balance", {"account": "checking"}), result("c1", '{"balance": 2310.40}'),
             {"role": "assistant", "content": "Your checking balance is $2,310.40."}]


def findings(messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> list[tuple[str, int, str]]:
    res = processor.repair(messages, "openai_chat", tools=tools)
    return sorted((f.kind.value, f.index, f.tool) for f in res.findings if f.index is not None)


def test_a_new_act_told_done_after_a_lookup_is_the_seeds_regression_too() -> None:
    """The seed's "all talk, no action": after the conversation used a tool, a new act told done in words (here
    by a headline past, with no completion cue) is an unbacked claim and a text-only regression."""
    ms = [*LOOKED_UP, {"role": "user", "content": "Move 500 to savings"},
          {"role": "assistant", "content": "Transferred $500 from checking to savings."}]
    assert findings(ms, BANK) == [("text_only_regression", 5, "transfer_funds"),
                                  ("unbacked_claim", 5, "transfer_funds")]


def test_a_new_act_offered_asked_or_negated_is_neither() -> None:
    for reply in ("Do you want me to transfer $500 from checking to savings?", "Nothing was transferred yet."):
        ms = [*LOOKED_UP, {"role": "user", "content": "Move 500 to savings"}, {"role": "assistant", "content": reply}]
        assert findings(ms, BANK) == [], reply
    # someone else's act told in the past is no claim of the assistant's
    ms = turn("Why is my savings higher?", "You transferred money from checking last week, it seems.")
    assert findings(ms, BANK) == []


def test_chinese_single_digits_and_glossary_verbs() -> None:
    cal = [tool("get_calendar", "Get the events on a day", day="string")]
    assert claims(turn("我周一有什么日程？", "您周一有1个日程。"), cal) == [(1, "get_calendar")]
    assert claims(turn("我周一有什么日程？", "请问您想查哪一周的周一？"), cal) == []
    meet = [tool("book_meeting", "Book a meeting", title="string")]
    booked = turn("帮我约周一上午10点和Anna开会", "会议已经约好了，邀请已发给Anna。")
    assert claims(booked, meet) == [(1, "book_meeting")]
