"""Per-language closed lists: function words, and the surface cues of the negative rules.

These are small and closed (how people thank, ask about progress, ask why, decline, confirm, claim to have
acted), never a list of domains, devices or tools: what a request is *about* comes from the conversation's
own evidence (`evidence.py`). The lists are package data, `cues.json`; English, Chinese and French are there.

**Adding a language.** Add one entry to `languages` in `cues.json`: `script` says which texts it reads (`latin`
for space-separated scripts, whose words are stemmed by `text.stem`; `cjk` for texts cut into character n-grams
at `cut`), `stop` its function words, and one pattern per field of `Language` below (a pattern that never
matches, `(?!x)x`, is allowed while a cue is unknown). The patterns see the NFKC, case-folded text. Add tests with
a served request, a regression and the hard negatives in that language to tests/unit/core/test_regression.py.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields
from importlib import resources
from typing import Any

NEVER = re.compile(r"(?!x)x")


@dataclass(frozen=True)
class Language:
    name: str
    script: str  # "latin" (words) or "cjk" (character n-grams)
    stop: frozenset[str]  # function words (latin: stemmed words; cjk: unused, see `cut`)
    cut: re.Pattern[str]  # cjk: function words/characters a run is cut at
    time: frozenset[str]  # time words: slot values, never what a request is about ("today", 明天)
    ack: re.Pattern[str]  # thanks / ok / great
    request: re.Pattern[str]  # a request marker that survives a polite lead-in ("I also need", 帮我, 再)
    status: re.Pattern[str]  # asking about work in progress
    text_task: re.Pattern[str]  # a writing task the model does itself
    explain: re.Pattern[str]  # why / how does / what does ... mean / usually
    advice: re.Pattern[str]  # should I / any tips
    policy: re.Pattern[str]  # a yes/no question about what the user may do ("can I cancel after ...?")
    cancel: re.Pattern[str]  # calling it off
    ellipsis: re.Pattern[str]  # "what about X?", 那X呢？ (short requests)
    also: re.Pattern[str]  # "... as well", "also ...", 也…: the same act again, for another object (any length)
    more: re.Pattern[str]  # "again", "another one", "a bit more", "lower", 再 (short requests)
    number: re.Pattern[str]  # a quantity ("26", 三十): a request with one may change a call's number
    refer: re.Pattern[str]  # a command on "it" / 把它: about the topic's object
    recall: re.Pattern[str]  # "what was it again?", 来着: asks to be reminded of what was said
    complaint: re.Pattern[str]  # "too loud", 太亮了: a complaint about a state asks to change it
    fresh: re.Pattern[str]  # "... now?", "yet", 现在: asks for the present state, which no earlier result shows
    compare: re.Pattern[str]  # "more than", "between", 比: a question that compares what results already gave
    question: re.Pattern[str]  # a question without a question mark
    closer: re.Pattern[str]  # "anything else?": not a clarifying question
    claim: re.Pattern[str]  # a claim of having acted ("done", 已)
    acted: re.Pattern[str]  # a first-person report of an act or lookup just done, or promised ("I've booked", 已为您)
    clarify: re.Pattern[str]  # a request for details or confirmation
    refuse: re.Pattern[str]  # can't / won't
    reason: re.Pattern[str]  # a situational reason for a refusal
    capability: re.Pattern[str]  # "I don't have access": the symptom, never a reason
    restrict: re.Pattern[str]  # a restriction in a system prompt ("never", "only", 不要)


def _language(doc: dict[str, Any]) -> Language:
    """One entry of `cues.json`'s `languages`: word lists as sets, every other field but the name and the script
    compiled (a `note` is for the reader)."""
    values: dict[str, Any] = {}
    for f in fields(Language):
        v = doc[f.name]
        if f.name in ("name", "script"):
            values[f.name] = str(v)
        elif f.name in ("stop", "time"):
            values[f.name] = frozenset(str(w) for w in v)
        else:
            values[f.name] = re.compile(str(v))
    return Language(**values)


# by the package's name, not __package__: a compiled module's (mypyc) does not locate the package's files
_DOC: dict[str, Any] = json.loads((resources.files("processor.core") / "regression" / "cues.json").read_text("utf-8"))
LANGUAGES: tuple[Language, ...] = tuple(_language(d) for d in _DOC["languages"])
EN, ZH, FR = LANGUAGES

LATIN: tuple[Language, ...] = tuple(lang for lang in LANGUAGES if lang.script == "latin")
CJK_LANGS: tuple[Language, ...] = tuple(lang for lang in LANGUAGES if lang.script == "cjk")
STOP = frozenset().union(*(lang.stop for lang in LATIN))
TIME = frozenset().union(*(lang.time for lang in LANGUAGES))
# generic words of tool names and argument keys that say nothing about the kind of request
GENERIC_IDENT = frozenset(str(w) for w in _DOC["generic_ident"])

__all__ = ["CJK_LANGS", "EN", "FR", "GENERIC_IDENT", "LANGUAGES", "LATIN", "NEVER", "STOP", "TIME", "ZH", "Language"]
