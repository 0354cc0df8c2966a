"""`unbacked_claim` on benign replies real agents write (`prec31`): the forms last round's rules fired on where no
claim is made, each beside the true finding of the same rule that must stay. Through `processor.repair()` as users
call it; the written probes of `bench/eval/probes/prec31_whole.jsonl` hold the same forms as whole conversations."""

from __future__ import annotations

import json
from pathlib import Path

import processor
from processor.core.regression.arith import working
from processor.core.regression.claims import USER_DID, ClaimTracker, did, spoken, user_did
from processor.core.regression.facts import figures
from processor.core.regression.frameworks import returned_value
from processor.core.regression.naming import invoked, marker
from processor.core.regression.text import h, normalize, stem
from tests.unit.core.test_claims import call, claims, result
from tests.unit.core.test_claims_recall import tool, turn

PROBES = Path(__file__).resolve().parents[3] / "bench" / "eval" / "probes" / "prec31_whole.jsonl"

SEARCH = [tool("search", "Search the web", query="string")]
FETCH = [tool("fetch", "Fetch a web page and return its text", url="string")]
SCRAPE = [tool("scrape_page", "Scrape a web page", url="string")]
SYSTEM = [tool("system", "Runs system commands, emits their output", command="string")]
WEATHER = [tool("get_weather", "Get the current weather for a city", city="string")]
CALC = [tool("calculator", "Evaluate an arithmetic expression", expression="string")]
VOLUME = [tool("adjust_volume", "Adjust the speaker volume", level="string")]
EMAIL = [tool("send_email", "Send an email", to="string", body="string")]
IMPERATIVES = frozenset(("fetch", "search", "query"))


def test_a_lookup_verb_that_is_a_noun_of_the_questions_first_words_invokes_nothing() -> None:
    for request in ("Search engines: how do they rank pages?",
                    "Fetch requests in JavaScript keep failing with CORS errors, why?"):
        assert not invoked(normalize(request), IMPERATIVES), request
    assert claims(turn("Search engines: how do they rank pages?",
                       "They rank pages by relevance and by the links pointing to them."), SEARCH) == []
    assert claims(turn("Fetch requests in JavaScript keep failing with CORS errors, why?",
                       "The server sends no Access-Control-Allow-Origin header for your origin."), FETCH) == []
    # a verb with its object, in a question or not, or a request that asks nothing, still invokes the tool
    for request in ("fetch the content from https://example.com and tell me if it contains 'John Doe'",
                    "Fetch https://example.com, what does it say?", "search flights from BOS to DEN",
                    "Search: what is the capital of France?"):
        assert invoked(normalize(request), IMPERATIVES) & {marker("fetch"), marker("search")}, request
    assert claims(turn("Fetch https://example.com, what does it say?", "It says Example Domain."), FETCH) == [
        (1, "fetch")]


def test_a_page_address_answered_with_no_word_of_the_page_claims_no_reading() -> None:
    assert claims(turn("Is https://github.com/psf/requests a good library to use?",
                       "Requests is a popular, well-maintained HTTP library for Python."), SCRAPE) == []
    assert claims(turn("What is https://pypi.org used for?",
                       "PyPI is where Python packages are published; pip installs from it."), FETCH) == []
    # the same address, and a sentence telling what the page holds
    assert claims(turn("Is https://github.com/psf/requests a good library to use?",
                       "The page says it is downloaded 30M times a week."), SCRAPE) == [(1, "scrape_page")]


def test_a_success_told_under_a_condition_is_no_report() -> None:
    for reply in ("Run `alembic upgrade head`. Once the migration has been run successfully, restart the app.",
                  "When this happened to me before, the tests were executed with another Python in CI."):
        assert claims(turn("How do I apply the database migration?", reply), SYSTEM) == [], reply
    assert claims(turn("Hey, run the 'date' command", "The 'date' command was executed successfully."),
                  SYSTEM) == [(1, "system")]


def test_a_success_after_the_user_told_of_their_own_act_is_theirs() -> None:
    assert USER_DID in user_did(normalize("I passed my driving test today!"))
    assert claims(turn("I passed my driving test today!", "Congratulations on successfully passing your test!"),
                  WEATHER) == []
    assert claims(turn("I ran the installer and it finished without errors.",
                       "Great, so the installer ran successfully."), SYSTEM) == []
    # a request for the act, not a report of it
    assert not user_did(normalize("Hey, run the 'date' command"))
    assert claims(turn("Hey, run the 'date' command", "I ran the `date` command successfully."), SYSTEM) == [
        (1, "system")]


def test_an_act_the_request_told_as_the_users_own_is_told_back() -> None:
    assert did("send") in user_did(normalize("I've already sent the email to Dana myself."))
    assert claims(turn("I've already sent the email to Dana myself.", "Great, the email to Dana was sent then."),
                  EMAIL) == []
    assert claims(turn("Send the email to Dana.", "The email to Dana was sent."), EMAIL) == [(1, "send_email")]
    # the user's own act is another one: the act claimed is still unbacked
    assert claims(turn("I wrote the email to Dana, please send it.", "The email to Dana was sent."), EMAIL) == [
        (1, "send_email")]


def test_the_replys_own_working_is_no_result_from_nowhere() -> None:
    assert figures("80")[0] in working("10 * 8 = 80 and 5 * 8 = 40, so 80 + 40 = 120")
    assert claims(turn("What is 15 * 8?", "15 * 8 = 120: 10 * 8 = 80 and 5 * 8 = 40, so 80 + 40 = 120."),
                  CALC) == []
    assert claims(turn("Can you add 245 + 380 for me?", "245 + 380 = 625 (200 + 300 = 500, 45 + 80 = 125)."),
                  CALC) == []
    # a figure stated after an expression that does not give it
    assert claims(turn("What is 1337 * 4242?", "The result of 1337 * 4242 is 42."), CALC) == [(1, "calculator")]


def _bare(request: str, reply: str) -> list[dict[str, object]]:
    return [{"role": "user", "content": request}, call("c1", "adjust_volume", {"level": "x"}), result("c1", "ok"),
            {"role": "assistant", "content": reply}]


def test_a_number_word_of_the_request_said_in_digits_after_a_bare_success() -> None:
    assert figures("50")[0] in spoken(frozenset((h(stem("fifty")),)))
    assert figures("25")[0] in spoken(frozenset((h(stem("twenty")), h(stem("five")))))
    assert claims(_bare("Turn the volume to fifty percent.", "Volume set to 50%."), VOLUME) == []
    assert claims(_bare("Turn the volume to fifty percent.", "Volume set to 50%. It was at 35% before."),
                  VOLUME) == [(3, "adjust_volume")]


def test_the_number_words_survive_a_state_written_after_the_bare_success() -> None:
    t = ClaimTracker()
    t.on_user("Turn the volume to fifty percent.")
    t.on_calls(["adjust_volume"], ["c1"])
    t.on_result("ok", [("c1", "adjust_volume")])
    back = ClaimTracker.from_state(json.loads(json.dumps(t.to_state())))
    assert figures("50")[0] in spoken(back.request())


def test_the_written_probes_raise_what_their_labels_say() -> None:
    recs = [json.loads(line) for line in PROBES.read_text("utf-8").splitlines() if line.strip()]
    assert recs and all(r["written"] for r in recs)
    for r in recs:
        res = processor.repair({"messages": r["messages"], "tools": r["tools"]}, dialect=r["dialect"])
        found = sorted(f.index for f in res.findings if f.kind.value == "unbacked_claim" and f.index is not None)
        assert found == sorted(x["index"] for x in r["labels"]["unbacked_claim"]), r["id"]


def test_a_success_of_another_act_than_the_users_own_is_still_claimed() -> None:
    assert claims(turn("I wanted to know the date, so run the 'date' command.",
                       "The 'date' command was executed successfully."), SYSTEM) == [(1, "system")]


RECORD = [tool("lookup_record", "Look up a record by its id", id="string")]
ORDERS = [tool("get_order_details", "Look up an order", order_id="string")]
SECRET = [tool("get_secret", "Return the secret for a password", password="string")]
FLIGHTS = [tool("search_flights", "Search flights between two cities", origin="string", destination="string")]


def test_an_identifier_shown_as_what_one_looks_like_is_an_example() -> None:
    assert claims(turn("What does a UUID look like?",
                       "A UUID looks like 123e4567-e89b-12d3-a456-426614174000: 32 hex digits in five groups."),
                  RECORD) == []
    assert claims(turn("Where do I find my order number?",
                       "It is in the confirmation email; it starts with # and looks like #W1234567."), ORDERS) == []
    assert claims(turn("What's the id of my latest record?",
                       "Your latest record's id is 123e4567-e89b-12d3-a456-426614174000."), RECORD) == [
        (1, "lookup_record")]


def test_a_value_offered_as_a_suggestion_is_not_stated() -> None:
    assert claims(turn("Suggest a name for my weather app.", "A good weather app name would be 'SkyCast'."),
                  WEATHER) == []
    assert claims(turn("What is the secret for the password 'mellon'?",
                       "The secret for the password 'mellon' is 'Welcome to Moria!'."), SECRET) == [(1, "get_secret")]


def test_nothing_found_in_what_the_user_gave_is_no_lookup() -> None:
    assert claims(turn("Can you proofread this: 'The quick brown fox jumps over the lazy dog.'",
                       "I didn't find any typos in your sentence; it reads well."), SEARCH) == []
    assert claims(turn("Any flights from NYC to LAX tomorrow?", "I didn't find any flights from NYC to LAX tomorrow."),
                  FLIGHTS) == [(1, "search_flights")]


HOTEL = [tool("book_hotel", "Book a hotel by its id", hotel_id="string"),
         tool("search_hotels", "Search hotels", location="string"),
         tool("update_ticket_to_new_flight", "Update the user's ticket to a new flight", ticket_no="string")]


def test_an_acts_noun_or_gerund_tells_no_act_done() -> None:
    assert claims(turn("Where do I find my booking reference?",
                       "Your booking reference was in the confirmation email; it is a six-letter code."), HOTEL) == []
    assert claims(turn("Is it cheaper to book hotels early?",
                       "Usually yes. Booking early was cheaper in most studies I have seen."), HOTEL) == []
    assert claims(turn("Book me the Holiday Inn.", "I've booked the Holiday Inn Basel for you."), HOTEL) == [
        (1, "book_hotel")]


def _updated(reply: str) -> list[dict[str, object]]:
    return [{"role": "user", "content": "The next available option is great"},
            call("c1", "update_ticket_to_new_flight", {"ticket_no": "7240005432906569"}),
            result("c1", "Ticket successfully updated to new flight."), {"role": "assistant", "content": reply}]


def test_a_verb_of_another_acts_kind_after_the_turns_write_tells_that_write() -> None:
    assert claims(_updated("Done. Your new flight has been scheduled for next Monday, as your original booking."),
                  HOTEL) == []
    # the other tool's own verb, or its verb of the same act on what the tool works on, is still claimed
    assert claims(_updated("Your ticket is updated, and I've booked the Holiday Inn Basel as well."), HOTEL) == [
        (3, "book_hotel")]
    assert claims(_updated("Your ticket is updated, and your hotel room has been reserved."), HOTEL) == [
        (3, "book_hotel")]


def _gemini(result_text: str, reply: str) -> list[dict[str, object]]:
    return [{"role": "user", "parts": [{"text": "Use the multiply tool for 4 * 6, then answer 'product=<value>'."}]},
            {"role": "model", "parts": [{"functionCall": {"name": "multiply", "args": {"a": 4, "b": 6}}}]},
            {"role": "user", "parts": [{"text": result_text}]},
            {"role": "model", "parts": [{"text": reply}]}]


def test_a_number_sent_back_as_user_text_while_a_call_waits_is_its_result() -> None:
    assert returned_value("24") and returned_value(" -3.25 ") and not returned_value("24 please")
    tools = {"functionDeclarations": [{"name": "multiply", "description": "Multiply two integers", "parameters": {
        "type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}}}]}
    res = processor.repair({"messages": _gemini("24", "product=24"), "tools": tools}, dialect="gemini")
    assert [f.kind.value for f in res.findings if f.kind.value in ("text_only_regression", "unbacked_claim")] == []


RAND = [tool("rand_number", "Return a random integer between min and max", min="integer", max="integer")]


def test_a_question_of_how_or_why_things_are_is_answered_from_knowledge() -> None:
    assert claims(turn("How does a random number generator work?",
                       "A common one is the Mersenne Twister, with a period of 2^19937-1."), RAND) == []
    assert claims(turn("Why does the weather change so fast in the mountains?",
                       "Air forced up a slope cools by about 6.5°C per 1,000 m."), WEATHER) == []
    # a live value told beside it, or a question of the present, is still a lookup's
    assert claims(turn("Why does the weather in Zermatt change so fast? And what is it now?",
                       "Air cools as it rises. Right now it is currently 4°C and snowing in Zermatt."), WEATHER) == [
        (1, "get_weather")]
    assert claims(turn("How's the weather in Zermatt right now?", "It is -12°C in Zermatt with light snow."),
                  WEATHER) == [(1, "get_weather")]


def test_a_why_question_about_the_users_own_thing_is_a_lookup() -> None:
    assert claims(turn("Why is my weather station showing a different temperature than yours?",
                       "Your station reads 18°C while the city reading is 21°C."), WEATHER) == [(1, "get_weather")]


TICKETS = [tool("update_ticket", "Update a ticket's status", ticket_id="string", status="string"),
           tool("create_ticket", "Create a support ticket", title="string"),
           tool("issue_refund", "Refund an order", order_id="string")]


def _ticket_updated(request: str, reply: str) -> list[dict[str, object]]:
    return [{"role": "user", "content": request}, call("c1", "update_ticket", {"ticket_id": "TCK-1", "status": "x"}),
            result("c1", '{"ticket_id": "TCK-1", "updated": true}'), {"role": "assistant", "content": reply}]


def test_an_act_named_by_a_word_of_the_tools_name_is_still_that_tools() -> None:
    # "issued" is a verb of creating too (`act_synonyms`), but the refund is `issue_refund`'s own act
    assert claims(_ticket_updated("Mark TCK-1 in progress, then refund #D-7722.",
                                  "TCK-1 is now in progress. Your refund of $207.46 was issued."), TICKETS) == [
        (3, "issue_refund")]
    # 退款 names the refund, the object of `issue_refund`'s name
    refunded = "工单TCK-1已更新。订单#R-2399的退款126.33元已提交成功，退款单号RF-873433。"
    assert claims(_ticket_updated("更新工单TCK-1的状态。然后，订单#R-2399能退款吗？", refunded), TICKETS) == [
        (3, "issue_refund")]


def test_what_can_be_looked_up_for_anything_is_no_live_value() -> None:
    assert claims(turn("what can you do?", "I can:\n1. Tell you the current weather in any city.\nWhich one?"),
                  WEATHER) == []
    assert claims(turn("Is it nice out in Lisbon?", "The weather in Lisbon is currently sunny."), WEATHER) == [
        (1, "get_weather")]


def test_an_acts_noun_told_finished_is_an_act_done() -> None:
    funds = [tool("transfer_funds", "Transfer money", amount="string")]
    assert claims(turn("Send 50 to Bob.", "Your transfer has been completed."), funds) == [(1, "transfer_funds")]
    assert claims(turn("Is a transfer to Bob free?", "A transfer was free last year, I think."), funds) == []
