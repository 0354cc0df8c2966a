"""The claim tracker's cheap first tests decide exactly as the searches they stand before: a result's head read as a
failure, a reply's completion cue, a call written as text. Texts are built from the cue phrases themselves, the
words that say there was no failure, and the characters between them, so the tricky joins are tried."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from processor.core.regression import claims, frameworks
from processor.core.regression.text import normalize

_C = claims.cues()
_DOC = claims.shipped()
_FAILURES = [*_DOC["en"]["failure"], *_DOC["zh"]["failure"]]
_COMPLETIONS = [*_DOC["en"]["completion"], *_DOC["zh"]["completion"]]
_NO_FAILURE = ["error: null", '"error": null', "errors: []", "is_error: false", "no errors", "0 failed",
               "without exceptions", "failures=0", "exception: none"]
_BITS = ["", " ", "  ", ".", ",", ":", "'", '"', "{", "}", "x", "ed", "s", "\n", "n't", "Error", "TIMEOUT", "结果",
         "<tool_call>", "action: search\naction input:", '{"name": "f", "arguments":', "I"]


def _texts(words: list[str]) -> st.SearchStrategy[str]:
    piece = st.sampled_from([*words, *_BITS]) | st.text(alphabet="abcdeflnorstu :'", max_size=6)
    return st.lists(piece, max_size=12).map("".join)


def _failed(head: str) -> bool:
    t = claims.ClaimTracker()
    t.on_calls(["lookup"], ["c1"])
    t.on_result(head, [("c1", "lookup")])
    t._settle()
    return t.failed == ("lookup",)


@settings(max_examples=400, deadline=None)
@given(_texts([*_FAILURES, *_NO_FAILURE]))
def test_a_head_is_a_failure_exactly_when_the_full_search_says_so(head: str) -> None:
    # the test before the first tests: the substitution and the failure phrases' search over the normalized head
    full = _C.failure_re.search(claims._NO_FAILURE_RE.sub(" ", normalize(head[: claims.HEAD_CHARS])))
    assert _failed(head) == (full is not None)


def test_the_joins_a_substitution_makes_are_still_found() -> None:
    # "timeout" then "error: null": the substitution leaves "timeout " (a failure phrase with its boundary)
    assert _failed("timeouterror: null")
    assert not _failed('{"error": null, "status": "ok"}')
    assert _failed("could not connect")


@settings(max_examples=400, deadline=None)
@given(_texts(_COMPLETIONS))
def test_a_text_the_plain_alternation_finds_nothing_in_has_no_completion_cue(text: str) -> None:
    norm = normalize(text)
    if _C.completion_any.search(norm) is None:
        assert _C.completion_re.search(norm) is None


@settings(max_examples=400, deadline=None)
@given(_texts(["<function=", "<|tool_call|>", "Action: look_up\nAction Input:", '{"tool": "x", "input":']))
def test_a_call_written_as_text_is_found_as_by_the_search_alone(text: str) -> None:
    pattern = re.compile(frameworks._TEXT_CALL_RE.pattern, frameworks._TEXT_CALL_RE.flags)
    assert frameworks.text_call(text) == (pattern.search(text[:2000]) is not None)
