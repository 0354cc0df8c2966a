"""What AutoGen and pydantic-ai put into a conversation that is no person's request (processor/core/regression/
frameworks.py and followups.py, used by behaviour.py): a prompt to go on (AutoGen's default auto-reply, pydantic-ai's
retry prompts), a file a tool returned sent as user text (pydantic-ai), another agent's calls relayed as the text of
AutoGen's events, a live value the request itself told, a compliment beside an announcement. Each is the written
shape of a form the projects' documentation describes (not a recorded conversation), against the same conversation's
true finding, through `processor.repair()` as users call it."""

from __future__ import annotations

from typing import Any

import processor
from processor.core.regression.followups import announces, relayed, relayed_calls
from processor.core.regression.frameworks import go_on, tool_file
from tests.unit.core.test_regression_grounding import call, found, result, tool


def user(text: Any) -> dict[str, Any]:
    return {"role": "user", "content": text}


def reply(text: str) -> dict[str, Any]:
    return {"role": "assistant", "content": text}


CURRENCY = [tool("currency_calculator", "Currency exchange calculator.", "base_amount", "base_currency",
                 "quote_currency")]
CONVERTED = [user("How much is 123.45 EUR in USD?"),
             call("c1", "currency_calculator",
                  {"base_amount": 123.45, "base_currency": "EUR", "quote_currency": "USD"}),
             result("c1", "135.80 USD"), reply("123.45 EUR is approximately 135.80 USD.")]


def test_autogens_default_auto_reply_is_no_request() -> None:
    """AutoGen's user proxy answers a reply with its `default_auto_reply` ("Reply `TERMINATE` if the task is
    done.", "Continue", "..."): the turn goes on; the model's "The task is done … TERMINATE" is no text answer in
    place of a call. A new request of the served kind answered in words still is."""
    for prompt in ("Reply TERMINATE if the task is done.",
                   "Reply `TERMINATE` if the task has been solved at full satisfaction. Otherwise, reply CONTINUE, or "
                   "the reason why the task is not solved yet.",
                   "Please continue if not finished, otherwise return 'TERMINATE'.", "Continue", "..."):
        assert go_on(prompt), prompt
        msgs = [*CONVERTED, user(prompt), reply("The task is done. 123.45 EUR converts to 135.80 USD.\n\nTERMINATE")]
        assert found(msgs, CURRENCY) == [], prompt
    fresh = [*CONVERTED, user("How much is 50 GBP in USD?"), reply("50 GBP is 63.20 USD.")]
    assert ("text_only_regression", 5, "currency_calculator") in found(fresh, CURRENCY)
    for text in ("Continue with the next city", "Can you continue the search for Tokyo?", "What is TERMINATE?",
                 "Write a blog post about Nvidia. Reply TERMINATE when done.", ""):
        assert not go_on(text), text


WEATHER = [tool("get_weather", "Get the weather in a city.", "city")]
SERVED = [user("What's the weather in Paris?"), call("c1", "get_weather", {"city": "Paris"}),
          result("c1", "Sunny, 22 C"), reply("It's sunny.")]


def test_pydantic_ais_retry_prompt_is_no_request() -> None:
    """pydantic-ai sends an output validator's retry as user text ("Validation feedback: … Fix the errors and try
    again."): the answer given again is the same turn's, backed by its call."""
    retry = "Validation feedback:\nThe answer must mention the temperature.\n\nFix the errors and try again."
    assert go_on(retry) and go_on("Please include your response in a tool call.")
    assert found([*SERVED, user(retry), reply("It's sunny and 22 °C in Paris.")], WEATHER) == []
    fresh = [*SERVED, user("What's the weather in Rome?"), reply("It's sunny and 25 °C in Rome.")]
    assert [k for k, _, _ in found(fresh, WEATHER)] != []


DOC = [tool("get_document", "Return the quarterly report document.")]
FILED = [user("What does the document from the get_document tool say about revenue?"), call("d1", "get_document", {}),
         result("d1", "See file 9f3a1c."), reply("OK")]
REPORT = "Quarterly report\nRevenue: $4.2M (up 12%)\nHeadcount: 57"


def test_a_file_a_tool_returned_is_the_calls_result() -> None:
    """pydantic-ai sends the file a tool returned as the next user message ("This is file 9f3a1c:" then the file),
    after a model (Mistral) already said "OK": the reply that reads the file is backed by the turn's call. The same
    reply to a new request with no call is an unbacked claim."""
    filed = user([{"type": "text", "text": "This is file 9f3a1c:"}, {"type": "text", "text": REPORT}])
    told = reply("The document says revenue was $4.2M, up 12% from the previous quarter.")
    assert tool_file("This is file 9f3a1c:") and not tool_file("This is the file you asked for:")
    assert found([*FILED, filed, told], DOC) == []
    fresh = [*FILED, user("And what does it say about revenue?"), told]
    assert found(fresh, DOC) == [("unbacked_claim", 5, "get_document")]


FLIGHTS = [tool("search_flights", "Search flights between two cities on a date.", "origin", "destination", "date"),
           tool("get_weather", "Get the weather for a city.", "city")]
TRIP = [user("Plan a day trip from Boston to New York on 2024-06-01: check flights and the weather."),
        call("a1", "search_flights", {"origin": "Boston", "destination": "New York", "date": "2024-06-01"}),
        result("a1", '[{"flight": "DL 201", "departs": "07:10", "price": 129}]'),
        reply("I found flight DL 201 departing at 07:10 for $129.")]


def test_autogens_relayed_calls_are_the_turns() -> None:
    """In an AutoGen group chat another agent's call and result reach the model as the text of its events
    ("[FunctionCall(…)]", "[FunctionExecutionResult(…)]"): calls of the turn, so the figures the reply tells from
    them are backed. The same reply with no relay states a live value and a figure no call produced."""
    fc = "[FunctionCall(id='w1', arguments='{\"city\": \"New York\"}', name='get_weather')]"
    fr = "[FunctionExecutionResult(content='73 degrees and Sunny', name='get_weather', call_id='w1', is_error=False)]"
    assert relayed(fc) and relayed(fr) and not relayed("[1, 2, 3] are the options")
    assert relayed_calls(fc) == (["get_weather"], []) and relayed_calls(fr) == ([], ["get_weather"])
    told = reply("With 73 degrees and sunny weather in New York, DL 201 at 07:10 works well.\n\nTERMINATE")
    assert found([*TRIP, user(fc), user(fr), told], FLIGHTS) == []
    assert [k for k, _, _ in found([*TRIP, user("And the weather there?"), told], FLIGHTS)] == ["unbacked_claim"]


def test_a_live_value_the_request_told_is_no_lookup() -> None:
    """Another agent's summary relayed as user text ("The weather in New York is 73 degrees and Sunny.") tells the
    live value; the reply that repeats it looked nothing up. Asked, not told, the same value is an unbacked claim;
    a time word ("currently") the request holds grounds nothing."""
    told = reply("Great, with sunny weather the DL 201 flight at 07:10 is a good choice.")
    assert found([*TRIP, user("The weather in New York is 73 degrees and Sunny."), told], FLIGHTS) == []
    asked = [*TRIP, user("Is the weather in New York good for the trip?"), told]
    assert [k for k, _, _ in found(asked, FLIGHTS)] == ["unbacked_claim"]
    now = [*TRIP, user("What is the weather in New York currently?"), reply("It is currently cloudy in New York.")]
    assert [k for k, _, _ in found(now, FLIGHTS)] == ["unbacked_claim"]


CHESS_TOOLS = [tool("get_legal_moves", "Get legal moves."), tool("make_move", "Make a move.", "move")]
CHESS = [user("Let's play chess! Your move."), call("c1", "get_legal_moves", {}),
         result("c1", "Possible moves are: g1h3,g1f3,b1c3,e2e4,d2d4"), call("c2", "make_move", {"move": "e2e4"}),
         result("c2", "Moved white pawn from e2 to e4."), reply("I've moved my pawn from e2 to e4. Your move!"),
         user("I moved my knight from b8 to c6 to defend. Your turn!")]


def test_a_compliment_beside_an_announcement_only_announces() -> None:
    """The chess player's "Good defense! Let me think about my next move." tells nothing done; "Good defense! I
    moved my knight to f3." does, in words where the call was due."""
    for text in ("Good defense! Let me think about my next move.", "Well played. I will make my move now."):
        assert announces(text), text
        assert found([*CHESS, reply(text)], CHESS_TOOLS) == [], text
    moved = "Good defense! I moved my knight from g1 to f3."
    assert not announces(moved) and not announces("Order cancelled! Let me check.")
    assert [(k, i) for k, i, _ in found([*CHESS, reply(moved)], CHESS_TOOLS)] == [("text_only_regression", 7)]


def test_a_reply_that_ends_on_an_offer_defers() -> None:
    """Asked "What about the tests?" after a directory listing showed none, the reply answers from that listing and
    offers the act ("I can create a `test_app.py` … if you want."): the decision is the user's, no answer in place of
    a call. Told as done, the same act is the regression."""
    code = [tool("list_dir", "List files in a directory.", "directory"),
            tool("see_file", "Check the contents of a chosen file.", "filename"),
            tool("modify_code", "Replace old piece of code with new one.", "filename", "new_code"),
            tool("create_file_with_code", "Create a new file with code.", "filename", "code")]
    listed = [user("Change Flask app to FastAPI app in my project."), call("c1", "list_dir", {"directory": "./"}),
              result("c1", "0, ['app.py', 'requirements.txt']"), call("c2", "see_file", {"filename": "app.py"}),
              result("c2", "0, 1:from flask import Flask\n2:app = Flask(__name__)\n"),
              call("c3", "modify_code", {"filename": "app.py", "new_code": "from fastapi import FastAPI\n"}),
              result("c3", "0, Code modified"),
              reply("The Flask app has been converted to a FastAPI app.\n\nTERMINATE"), user("What about the tests?")]
    offer = reply("There are no tests in the project yet. I can create a `test_app.py` with FastAPI's TestClient "
                  "if you want.")
    assert found([*listed, offer], code) == []
    done = reply("I've created `test_app.py` with a test for the root endpoint.")
    assert [k for k, _, _ in found([*listed, done], code)] == ["text_only_regression", "unbacked_claim"]


def test_the_written_probes_raise_what_their_labels_say() -> None:
    """bench/eval/probes: written conversations of AutoGen's and pydantic-ai's forms (none of them recorded): the
    findings are exactly the labelled ones (two true findings of a coding session; every other reply none)."""
    import json
    from pathlib import Path
    folder = Path(__file__).resolve().parents[3] / "bench" / "eval" / "probes"
    # the frameworks' files (whole_*.jsonl); real6_forms.jsonl has its own test (test_claims_bare_results)
    recs = [json.loads(line) for f in sorted(folder.glob("whole_*.jsonl"))
            for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(recs) >= 40
    got, want = set(), set()
    for rec in recs:
        assert rec["written"] is True and rec["derived"] is None
        res = processor.repair({"messages": rec["messages"], "tools": rec["tools"]}, dialect=rec["dialect"])
        got |= {(rec["id"], f.kind.value, f.index) for f in res.findings
                if f.kind.value in ("unbacked_claim", "text_only_regression")}
        want |= {(rec["id"], kind, lab["index"]) for kind in ("unbacked_claim", "text_only_regression")
                 for lab in rec["labels"][kind]}
    assert len(want) == 3 and got == want
