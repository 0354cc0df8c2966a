"""How a request invokes a tool by name and how a sentence names one (processor/core/regression/naming.py), through
`processor.repair()` as users call it: one-word tool names that are words of the language ("weather"), "use ls to…"
without the word "tool", a lookup verb that is the tool's name ("fetch the content from…"), a tool told as run, a
success told with the only tool offered, a reply that is only a figure; each with the near miss that stays quiet."""

from __future__ import annotations

from processor.core.regression.claims import ClaimTracker
from processor.core.regression.naming import bare_value, invoked, marker, names_tool
from tests.unit.core.test_claims import call, claims, result
from tests.unit.core.test_claims_recall import tool, turn

WEATHER = [tool("weather", "Get the weather of a city", location="string")]
CODER = [tool(n, f"The {n} tool") for n in ("bash", "edit", "multiedit", "fetch", "ls", "view", "write")]
TEST = [tool("test_tool", "A test tool", value="string")]


def test_a_one_word_tool_name_in_a_sentence_is_its_subject_not_the_tool() -> None:
    assert claims(turn("What's the weather in Florence, Italy?", "The current weather in Florence, Italy is 40°C."),
                  WEATHER) == [(1, "weather")]
    assert not names_tool("the current weather in florence is 40°c.", "weather")
    assert names_tool("the `weather` tool returns 40°c.", "weather")
    assert names_tool("i can use the weather tool for that.", "weather")
    assert names_tool("get_weather returns a forecast.", "get_weather")


def test_a_sentence_naming_a_one_word_tool_tells_what_it_does() -> None:
    assert claims(turn("What's the weather in Florence, Italy?", "The weather tool reports 40°C for any city."),
                  WEATHER) == []
    called = [{"role": "user", "content": "What's the weather in Florence, Italy?"},
              call("c1", "weather", {"location": "Florence"}), result("c1", "40 C"),
              {"role": "assistant", "content": "The current weather in Florence, Italy is 40°C."}]
    assert claims(called, WEATHER) == []


def test_a_tool_invoked_by_name_without_the_word_tool() -> None:
    assert claims(turn("use ls to list the files in the current directory", "- go.mod\n- main.go"), CODER) == [
        (1, "ls")]
    assert claims(turn("use multiedit to change 'Hello' to 'Hi' in main.go", "Done."), CODER) == [(1, "multiedit")]
    assert claims(turn("fetch the content from https://example.com and tell me if it contains 'John Doe'",
                       "No, the page does not contain \"John Doe\"."), CODER) == [(1, "fetch")]


def test_a_tool_invoked_by_name_near_misses() -> None:
    # not invoked: negated, a verb of the language that is not a lookup's name, a promise, a question
    assert claims(turn("please don't use ls, just guess what is in a Go project", "- go.mod\n- main.go"), CODER) == []
    assert claims(turn("write a haiku about the sea", "Waves fold into foam."), CODER) == []
    assert claims(turn("use ls to list the files", "I'll use ls to list them."), CODER) == []
    assert claims(turn("use ls to list the files", "Which directory?"), CODER) == []
    # called in the turn: covered
    called = [{"role": "user", "content": "use ls to list the files"}, call("c1", "ls", {}),
              result("c1", "go.mod\nmain.go"), {"role": "assistant", "content": "- go.mod\n- main.go"}]
    assert claims(called, CODER) == []


def test_invoked_names_are_kept_as_markers_of_the_request() -> None:
    imperatives = frozenset(("fetch",))
    assert marker("ls") in invoked("use ls to list the files", imperatives)
    assert marker("test_tool") in invoked('use the test_tool with value "test"', imperatives)
    assert marker("fetch") in invoked("please fetch https://example.com", imperatives)
    assert invoked("without calling fetch, tell me", imperatives) == frozenset()
    assert invoked("write a poem", imperatives) == frozenset()
    # the state written mid-turn decides as the text does
    t = ClaimTracker()
    t.on_user("use ls to list the files")
    st = t.to_state()
    assert marker("ls") in ClaimTracker.from_state(st).request()


def test_a_tool_told_as_run_is_a_claim() -> None:
    ask = 'Use the test_tool with value "test", then provide a final response'
    assert claims(turn(ask, 'I have successfully executed the test_tool with the value "test".'), TEST) == [
        (1, "test_tool")]
    assert claims(turn(ask, "I have not executed the test_tool yet."), TEST) == []
    assert claims(turn(ask, "The test_tool takes a value and echoes it."), TEST) == []


def test_a_success_told_with_the_only_tool_offered() -> None:
    only = [tool("executor", "Performs the requested action")]
    assert claims(turn("Please perform the irreversible action.",
                       "I have successfully completed the requested irreversible action."), only) == [
        (1, "executor")]
    assert claims(turn("Please perform the irreversible action.", "I have not successfully completed it."), only) == []
    # two tools: which one did it is not known
    two = [*only, tool("rollback", "Undoes an action")]
    assert claims(turn("Please perform the irreversible action.",
                       "I have successfully completed the requested irreversible action."), two) == []


def test_a_reply_that_is_only_a_figure() -> None:
    assert bare_value("7") and bare_value("1.") and not bare_value("1. books") and not bare_value("seven")
    dice = [tool("dice_roll", "Rolls a die")]
    assert claims(turn("Give me a dice roll", "4"), dice) == [(1, "dice_roll")]
    # the request named no tool's subject
    assert claims(turn("Pick a number between 1 and 10", "7"), dice) == []


def test_a_structured_answer_about_the_requested_subject() -> None:
    books = [tool("available_books", "Returns the books of the library")]
    assert claims(turn("Recommend a fantasy book in the library.", '{"title":"Wild Seed","author":"Octavia Butler"}'),
                  books) == [(1, "available_books")]
    # the request named no tool's subject: a JSON the user asked for
    assert claims(turn("Give me a JSON example of a person", '{"name": "Ada", "age": 36}'), books) == []


def test_a_quoted_value_in_single_quotes_is_read() -> None:
    secret = [tool("secret_retrieval_tool", "Retrieves a secret", password="string")]
    assert claims(turn("Please retrieve the secrets for these passwords: mellon,radiance",
                       "The secret for the password 'mellon' is 'Welcome to Moria!'"), secret) == [
        (1, "secret_retrieval_tool")]


def test_the_tools_asked_for_as_such() -> None:
    two = [tool("country_source", "A country"), tool("capital_lookup", "The capital of a country")]
    ask = "Use the registered tools and respond exactly as `Capital: <city>`."
    assert claims(turn(ask, "Capital: Tokyo"), two) == [(1, "capital_lookup")]
    assert claims(turn("Don't use the tools; respond exactly as `Capital: <city>`.", "Capital: Tokyo"), two) == []
    assert claims(turn(ask, "Which country do you mean?"), two) == []


def test_a_tool_named_with_generic_words_only_has_a_subject() -> None:
    items = [tool("get_items", "Returns the items on the shelf")]
    assert claims(turn("what items are on the shelf?", "The items on the shelf are:\n1. Books\n2. Candles"),
                  items) == [(1, "get_items")]
    assert claims(turn("what is a shelf?", "A shelf is a flat board fixed to a wall."), items) == []


def test_a_result_told_and_an_act_on_the_tools_object_told_first_hand() -> None:
    dice = [tool("dice", "Rolls a die"), tool("clothes", "Picks clothes")]
    assert claims(turn("Which clothes should I wear today? Roll a dice to decide.", "Roll result: 1 — Pants."),
                  dice) == [(1, "dice")]
    shot = [tool("navigate", "Opens a page"), tool("screenshot", "Takes a screenshot")]
    assert claims(turn("Navigate to https://example.com and take a screenshot of the header",
                       "I have taken a screenshot of the header area."), shot) == [(1, "screenshot")]
    # not first-hand, or not what the request asked for
    assert claims(turn("How do screenshots work?", "I have always liked screenshots of headers."), shot) == []
    draw = [tool("draw_animal", "Draws an animal")]
    assert claims(turn("Draw a picture of a cute animal", "Here's an adorable kitten for you!"), draw) == [
        (1, "draw_animal")]
    assert claims(turn("What is a cute animal?", "Here's one: a kitten."), draw) == []


def test_a_count_after_appears_is_no_hedge_and_here_it_is_presents() -> None:
    coder = [tool(n, f"The {n} tool") for n in ("bash", "fetch", "ls")]
    ask = "fetch the content from https://example.com and tell me if it contains the word 'John Doe'"
    assert claims(turn(ask, 'Yes, the page contains the word "John Doe" — it appears 3 times.'), coder) == [
        (1, "fetch")]
    assert claims(turn("Is 'John Doe' a common name?", "It appears to be a placeholder name, used 3 times a day."),
                  coder) == []
    draw = [tool("draw_animal", "Draws an animal")]
    assert claims(turn("Draw a picture of a cute animal", "Here it is! Isn't this the most adorable kitten?"),
                  draw) == [(1, "draw_animal")]


def test_a_uuid_no_message_showed_is_a_looked_up_key() -> None:
    crm = [tool("dynamics365_call", "Query Dynamics 365"), tool("outlook365_call", "Query Outlook")]
    ask = "Find the details for account Alpine Ski House and associated emails."
    uuid = "46f4a2bf-e63e-ef11-8409-002248277599"
    assert claims(turn(ask, f"- **Account ID:** {uuid}"), crm) == [(1, "dynamics365_call")]
    # shown by the user, or no lookup offered
    assert claims(turn(f"{ask} Its id is {uuid}.", f"- **Account ID:** {uuid}"), crm) == []
    assert claims(turn("Make up a UUID", f"Here: {uuid}"), [tool("add", "Adds")]) == []


def test_a_move_told_first_hand_names_the_act_tool_before_the_lookup() -> None:
    chess = [tool("get_legal_moves", "Get legal moves"), tool("make_move", "Make a move", move="string")]
    assert claims(turn("Your move.", "I've moved my pawn from e7 to e5. Your move!"), chess) == [(1, "make_move")]
    assert claims(turn("Your move.", "I've captured your pawn by moving my pawn from e5 to d4."), chess) == [
        (1, "make_move")]
    assert claims(turn("Your move.", "I'll move my pawn from d2 to d4. Your turn!"), chess) == []


def test_a_tools_thing_told_finished_and_a_cast_told_done() -> None:
    clocks = [tool("timer", "create a timer for N seconds"), tool("stopwatch", "create a stopwatch for N seconds")]
    assert claims(turn("Create a timer for 5 seconds and then a stopwatch for 5 seconds.",
                       "The 5-second timer and 5-second stopwatch have both completed."), clocks) == [(1, "timer")]
    assert claims(turn("How does a kitchen timer work?", "A kitchen timer rings once the set time has elapsed."),
                  clocks) == []
    casts = [tool("cast_float", "Cast to float"), tool("cast_int", "Cast to int")]
    assert claims(turn("Cast '5.5' to a float, then to an integer.",
                       "The string '5.5' has been successfully cast to a float."), casts) == [(1, "cast_float")]


def test_a_figure_about_what_a_tools_definition_names() -> None:
    currency = [{"type": "function", "function": {"name": "currency_calculator", "description": "Currency exchange "
                 "calculator.", "parameters": {"type": "object", "properties": {
                     "base_currency": {"type": "string", "enum": ["USD", "EUR"]},
                     "quote_currency": {"type": "string", "enum": ["USD", "EUR"]},
                     "base_amount": {"type": "number"}}}}}]
    assert claims(turn("How much is 123.45 USD in EUR?", "123.45 USD is equivalent to 112.23 EUR."), currency) == [
        (1, "currency_calculator")]
    # no new figure; or a Chinese text (its characters share words with any description: the glossary decides)
    assert claims(turn("How much is 123.45 USD in EUR?", "123.45 USD is a small amount."), currency) == []
