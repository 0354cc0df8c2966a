"""`unbacked_claim`'s reply forms added by `rec30` (processor/core/regression/claims.py, naming.py, `claims.json`): an
act told first-hand whose word is the object of a tool named with a generic verb (`make_move`), a tool named with a
clipped word (`rand_number`), a tool invoked by its verb as the request's first word (`scrape_page`); each with the
near misses that must stay quiet. Written probes in the forms real agent runs take, through `processor.repair()`."""

from __future__ import annotations

from tests.unit.core.test_claims import call, claims, result
from tests.unit.core.test_claims_recall import tool, turn

CHESS = [tool("get_legal_moves", "Get legal moves."), tool("make_move", "Call this tool to make a move.",
                                                               move="string")]


def test_a_move_told_first_hand_with_no_call_is_an_act() -> None:
    for request, reply in (("I have moved my knight from g1 to f3. Your turn!",
                            "I have moved my knight from b8 to c6. Your turn!"),
                           ("Your move.", "I moved my pawn from d7 to d5. Your move!"),
                           ("I've moved my pawn from e2 to e4. Your move!",
                            "I've moved my pawn from e7 to e5. Your move!")):
        assert claims(turn(request, reply), CHESS) == [(1, "make_move")], reply


def test_a_move_promised_asked_or_made_by_a_call_is_none() -> None:
    for reply in ("I will make my move now. Let's go with g8h6.", "Please make a move.",
                  "I have not moved yet: which piece should I move?"):
        assert claims(turn("Your move.", reply), CHESS) == [], reply
    made = [{"role": "user", "content": "Your move."}, call("c1", "make_move", {"move": "e7e5"}),
            result("c1", "Moved pawn (♟) from e7 to e5."),
            {"role": "assistant", "content": "I have moved my pawn from e7 to e5. Your move!"}]
    assert claims(made, CHESS) == []


RAND = [tool("rand_number", "returns random number", seed="integer")]


def test_a_tool_named_with_a_clipped_word_has_the_full_word_as_its_subject() -> None:
    assert claims(turn("Generate random number with 5 as a seed.", "7"), RAND) == [(1, "rand_number")]
    assert claims(turn("Generate random number with 5 as a seed.", "5"), RAND) == []  # the request's own value
    assert claims(turn("What is a random number generator?", "A program that produces unpredictable numbers."),
                  RAND) == []


SCRAPE = [tool("scrape_page", "Scrape contents of a webpage.", url="string"),
          tool("crawl_page", "Crawl a website.", url="string")]


def test_a_tool_invoked_by_its_verb_as_the_first_word_is_asked_for() -> None:
    for request in ("Could you please scrape https://example.com and tell me what it says?",
                    "Scrape https://example.com and tell me what it says."):
        assert claims(turn(request, "The page says Example Domain, a domain for illustrative examples."),
                      SCRAPE) == [(1, "scrape_page")], request


def test_a_verb_of_several_tools_or_not_first_names_none() -> None:
    assert claims(turn("Could you explain how web scraping works?",
                       "Scraping downloads a page and extracts its content."), SCRAPE) == []
    two = [tool("search_flights", "Search flights."), tool("search_hotels", "Search hotels.")]
    assert claims(turn("Search for somewhere to stay in Basel.", "Basel has many hotels near the station."),
                  two) == []


def test_a_word_of_the_tools_name_asked_for_in_its_past_form() -> None:
    # the request holds "moved", not "move": the object of `make_move` told first-hand is still its act
    assert claims(turn("I have moved my bishop from f1 to c4. Your turn!",
                       "I've captured your bishop by moving my knight from f6 to c4. Your turn!"), CHESS) == [
        (1, "make_move")]


def test_a_page_the_request_gave_told_with_no_call_of_a_page_tool() -> None:
    ask = "Summarize the content of https://news.ycombinator.com for me."
    assert claims(turn(ask, "The page lists the top stories: a new database engine and a post on compilers."),
                  SCRAPE) == [(1, "scrape_page")]
    for request, reply in ((ask, "Sure, which section of the page should I focus on?"),
                           ("How do I scrape https://example.com with Python?",
                            "You can use requests to download the page and BeautifulSoup to parse it."),
                           ("Thanks, that's all about https://example.com.", "You're welcome!")):
        assert claims(turn(request, reply), SCRAPE) == [], reply
    # no tool that reads pages: an address is no tool asked for
    assert claims(turn(ask, "The page lists the top stories."), RAND) == []
    fetched = [{"role": "user", "content": ask}, call("c1", "scrape_page", {"url": "https://news.ycombinator.com"}),
               result("c1", "Top stories: a new database engine; a post on compilers."),
               {"role": "assistant", "content": "The page lists the top stories: a new database engine."}]
    assert claims(fetched, SCRAPE) == []
