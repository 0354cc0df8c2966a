"""How a request asks for a tool by its name, and how a sentence names one: the grammar `unbacked_claim` reads.

* **A tool invoked by name.** "use ls to list the files", "Use the test_tool with value…", "run multiedit…", and a
  request whose first word is the whole name of a tool of a closed list of lookup verbs ("fetch the content from
  https://…" with a `fetch` tool; `en.tool_imperatives` in `claims.json`). The request keeps each such name as one
  marker hash among its hashed words (`invoked`), so the state written mid-turn decides as the text would.
* **The tools asked for as such.** "Use the registered tools and respond exactly as `Capital: <city>`": a reply in
  a turn with no call states what one of them would have returned (the one whose name's words the request or the
  reply hold, else the only one offered).
* **A sentence that names a tool.** A name of several words as written (`get_weather`); a one-word name only where
  the sentence marks it as a name (`weather` in backticks or quotes, "the weather tool", "tool fetch"): "The current
  weather in Florence is 40°C" names no tool, it tells what the `weather` tool would have returned.
* **A bare value.** A reply that is only a figure ("7") or a JSON object: an answer, whatever its size.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable

from .text import h, split_identifier

# an invoking verb and the name after it ("use the test_tool", "using `ls`", "call get_weather")
_INVOKE_RE = re.compile(r"\b(?:use|using|call|calling|run|running|invoke|invoking|execute|executing|via)\s+"
                        r"(?:the\s+|a\s+)?[`'\"]?([a-z][\w.-]*[a-z0-9])")
# a one-word tool named as the object of an imperative that opens a clause ("Roll a dice to decide." with `dice`,
# "then check the weather" with `weather`): the verb works the thing, the thing is the tool
_WORK_RE = re.compile(r"(?:^|[.!?;:]\s+|,\s*(?:and\s+|then\s+)?|\b(?:and|then)\s+)(?:please\s+)?"
                      r"(?:roll|toss|flip|spin|throw|check|consult|ask|query)\s+(?:a|an|the|my|your)\s+([a-z][\w-]*)\b"
                      r"(?!\s+(?:of|for)\b)")
# a tool's identifier as written (several words joined by underscores), in a request that speaks of tools or
# functions ("同时生成两个 'example_tool_function' 函数的工具调用", "call the function get_user_details"): invoked
_IDENTIFIER_RE = re.compile(r"(?<![\w.])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w.])")
_TOOL_TALK_RE = re.compile(r"\btools?\b|\bfunctions?\b|工具|函数")
MAX_IDENTIFIERS = 4  # identifiers of one request kept as markers
# the tools asked for as such ("Use the registered tools and respond…", "using your tools")
_TOOLS_RE = re.compile(r"\b(?:use|using|call|calling)\s+(?:the\s+|your\s+|my\s+|these\s+|those\s+|all\s+)?"
                       r"(?:registered\s+|available\s+|provided\s+|given\s+|following\s+)?(?:tools|functions)\b")
# a negation just before the invoking verb ("don't use ls", "without calling fetch")
_NOT_RE = re.compile(r"(?:n't|\bnot|\bnever|\bwithout|\bno need to)\s+(?:\w+\s+)?$")
# the request's first word (after a greeting or "please")
_FIRST_RE = re.compile(r"^\W*(?:(?:please|pls|now|ok|okay|hey|hi|(?:could|can|would|will)\s+you)\W+)*([a-z]+)\b")
# what follows a verb used as a verb: its object's determiner or pronoun, a particle, a quote, an address or a
# path ("fetch the content…", "search for…", "grep 'TODO' src/", "scrape https://…"); not a bare noun ("search
# engines: how…", "fetch requests in JavaScript…", where the verb is a noun of a compound)
_OBJECT_RE = re.compile(r"\s*:\s|\s+(?:(?:the|a|an|me|us|my|our|your|his|her|their|this|that|these|those|it|them|"
                        r"all|any|some|every|each|for|up|about|from|on|in|into|through|online|again|out)\b|https?://|"
                        r"www\.|[`'\"]|"
                        r"[^\s]*[./:][^\s])")
# only digits and punctuation (a reply "7", "1.")
_BARE_RE = re.compile(r"^[^\w]*\d[\d\W_]*$")
_MARK = "\x01"
ANY_TOOL = h(_MARK + "*")  # the marker of "use the tools" (no tool name begins with \x01)
ANY_URL = h(_MARK + "//")  # the marker of a request that gives a web address (what a page tool reads)
_URL_RE = re.compile(r"\bhttps?://[^\s/]+\.[a-z]{2,}|\bwww\.[^\s/]+\.[a-z]{2,}")
_FENCE_RE = re.compile(r"^```[a-z]*\s*|\s*```$")


def invoked(norm: str, imperatives: frozenset[str]) -> frozenset[int]:
    """The marker hashes of the names a normalised request invokes (`marker` of each; "use the tools" is
    `ANY_TOOL`)."""
    out = {marker(m.group(1)) for m in _INVOKE_RE.finditer(norm) if _NOT_RE.search(norm, max(0, m.start() - 12),
                                                                                   m.start()) is None}
    out.update(ANY_TOOL for m in _TOOLS_RE.finditer(norm)
               if _NOT_RE.search(norm, max(0, m.start() - 12), m.start()) is None)
    out.update(marker(m.group(1)) for m in _WORK_RE.finditer(norm))
    if _TOOL_TALK_RE.search(norm) is not None:
        out.update(marker(m.group(0)) for m in itertools.islice(_IDENTIFIER_RE.finditer(norm), MAX_IDENTIFIERS)
                   if _NOT_RE.search(norm, max(0, m.start() - 12), m.start()) is None)
    first = _imperative(norm, imperatives)
    if first is not None:
        out.add(marker(first))
    if _URL_RE.search(norm) is not None:
        out.add(ANY_URL)
    return frozenset(out)


def may_invoke(norm: str, imperatives: frozenset[str]) -> bool:
    """Whether a normalised request may invoke a tool by name (`invoked` is not empty, whatever the tools)."""
    if _INVOKE_RE.search(norm) is not None or _TOOLS_RE.search(norm) is not None or (
            _URL_RE.search(norm) is not None or _WORK_RE.search(norm) is not None) or (
            _TOOL_TALK_RE.search(norm) is not None and _IDENTIFIER_RE.search(norm) is not None):
        return True
    return _imperative(norm, imperatives) is not None


def _imperative(norm: str, imperatives: frozenset[str]) -> str | None:
    """The lookup verb a normalised request begins with, used as a verb: followed by its object ("fetch the
    content from…", "search for…"), or in a request that asks no question ("search flights from BOS to DEN"). In a
    question it is a noun of a compound before a bare noun ("Search engines: how do they rank pages?")."""
    first = _FIRST_RE.match(norm)
    if first is None or first.group(1) not in imperatives:
        return None
    if "?" in norm and _OBJECT_RE.match(norm, first.end()) is None:
        return None
    return first.group(1)


@functools.lru_cache(maxsize=1024)
def marker(name: str) -> int:
    """The hash a request keeps for a tool name it invokes (not a word hash: no word begins with \\x01)."""
    return h(_MARK + name.casefold())


def invoked_tool(req: frozenset[int], offered: Iterable[str], served: Iterable[str]) -> str | None:
    """The offered tool, of no earlier turn, whose name the request invokes (the longest such name); else the one
    whose name's first word is the lookup verb the request begins with ("scrape https://…" with `scrape_page`)."""
    best: str | None = None
    done = set(served)
    for tool in offered:
        if tool not in done and marker(tool) in req and (best is None or len(tool) > len(best)):
            best = tool
    if best is None:
        verbs = [t for t in offered if t not in done and marker(_first(t)) in req]
        if len(verbs) == 1:  # (one tool of that verb: "search" with search_flights and search_hotels names none)
            best = verbs[0]
    return best


@functools.lru_cache(maxsize=1024)
def _first(tool: str) -> str:
    parts = split_identifier(tool)
    return parts[0] if parts else tool


@functools.lru_cache(maxsize=1024)
def _name_re(tool: str) -> re.Pattern[str]:
    name = re.escape(tool.casefold())
    if len(split_identifier(tool)) > 1:
        return re.compile(name)
    # a one-word name is a word of the language too: named only where the sentence marks it as a name
    return re.compile(rf"[`'\"]{name}[`'\"]|(?<![\w]){name}\s+(?:tool|function|command)\b"
                      rf"|\b(?:tool|function|command)\s+[`'\"]?{name}(?![\w])")


def names_tool(sent: str, tool: str) -> bool:
    """Whether a normalised sentence names this tool as a tool (what it does, what it is), not its subject."""
    return len(tool) > 3 and _name_re(tool).search(sent) is not None


def bare_value(text: str) -> bool:
    """Whether a normalised reply is a value and nothing else: a figure ("7"), or a JSON object or list (a
    structured answer: `{"title": "Wild Seed", …}`), fenced or not."""
    t = text.strip()
    if len(t) <= 24 and _BARE_RE.match(t) is not None:
        return True
    t = _FENCE_RE.sub("", t).strip()
    return len(t) > 2 and ((t[0] == "{" and t[-1] == "}") or (t[0] == "[" and t[-1] == "]" and '"' in t))


__all__ = ["ANY_TOOL", "ANY_URL", "bare_value", "invoked", "invoked_tool", "marker", "may_invoke", "names_tool"]
