"""Matching a request against what the conversation's tools served: the judgement of *of the kind*.

A request is of the kind of a tool-served one when its content (what is left once function words, names,
numbers and time words are out) shares enough with the served request's content and its tools' kind tokens
(name, argument keys, definition); a shared token the tool's own evidence confirms counts most (`served_score`).
A request with nothing of its own that matches may be a follow-up of the topic (`match`). A question whose new
content earlier results or requests already hold is answered (`answered`).

Every function here reads the conversation's memory (its served requests, the tool definitions it carried, the
topic) and changes nothing; the detector (`detector.py`) owns that memory and the features (`features.py`)
read the same answers.
"""

from __future__ import annotations

from .analysis import Request
from .cues import TIME
from .served import Served
from .text import h, stem

ANSWERED_COVERAGE = 0.75  # share of a question's new tokens found in earlier results/requests -> answered

Match = tuple[Served, float, str]  # the served request matched, its score and how ("similar to", ...)
_TIMES = frozenset(h(stem(w)) for w in TIME) | frozenset(h(w) for w in TIME)


def related(req: Request, served: list[Served], defined: dict[str, frozenset[int]]) -> bool:
    """Whether a request shares a word with the conversation's tools (their names, keys, definitions, the
    requests they served and their arguments): an act no tool of the conversation could do is not a lost call."""
    units = req.units()
    if any(units & toks for toks in defined.values()):
        return True
    return any(units & (s.kind | s.req.units() | s.slots) for s in served)


def likely_tool(req: Request, served: list[Served], defined: dict[str, frozenset[int]],
                topic_index: int | None) -> str | None:
    """The tool a request most likely needed when no served request matched it: the defined tool sharing the
    most of its words, else the topic's, else the latest served one's."""
    units = req.units()
    best, most = None, 0
    for name, toks in sorted(defined.items()):
        n = len(units & toks)
        if n > most:
            best, most = name, n
    if best is not None:
        return best
    topic = topic_record(served, topic_index)
    for s in ([topic] if topic is not None else []) + list(reversed(served)):
        if s.tools:
            return s.tools[0]
    return next(iter(sorted(defined)), None)


def own_content(req: Request, served: list[Served]) -> frozenset[int]:
    """The request's content less the slot values seen in the conversation's calls."""
    slots: set[int] = set()
    for s in served:
        slots |= s.slots
    return req.content - slots if slots else req.content


def served_score(req: Request, own: frozenset[int], s: Served) -> float:
    """How much of what the request is about this served request and its tools cover (0 when not enough).

    A shared token the tool's evidence (name, argument keys, definition) confirms makes a quarter of the
    request's content enough; without confirmation (a Chinese request, English tool names) a third of it,
    or half of its CJK characters; when the tool's evidence could have confirmed it (both Latin) but did
    not, three fifths."""
    if not own:
        return 0.0
    shared = own & s.basis()
    if not shared and not s.req.chars:
        return 0.0
    singles = req.singles
    own_w = len(own) - 0.5 * len(own & singles) if singles else float(len(own))
    shared_w = len(shared) - 0.5 * len(shared & singles) if singles else float(len(shared))
    cover = shared_w / own_w if own_w else 0.0
    if shared & s.kind:
        return cover if cover >= 0.25 or shared_w >= 2 else 0.0
    latin_own = own - req.singles - req.chars
    if s.kind and latin_own and not req.chars:  # a Latin request the tool's words could have confirmed
        return cover if cover >= 0.5 and shared_w >= 1 else 0.0
    if shared_w >= 2 or (shared_w >= 1 and cover >= 1 / 3):
        return cover
    chars = req.chars - s.slots
    if chars and len(chars & s.req.chars) >= 2 and len(chars & s.req.chars) / len(chars) >= 0.5:
        return len(chars & s.req.chars) / len(chars)
    return 0.0


def match(req: Request, served: list[Served], defined: dict[str, frozenset[int]], topic_index: int | None,
          last_text_task: bool) -> Match | None:
    """The best tool-served request of the same kind, with its score, or None."""
    if not served:
        return None
    f = req.flags
    own = own_content(req, served)
    best: Match | None = None
    for s in reversed(served):  # most recent first: ties go to the latest
        sc = served_score(req, own, s)
        if sc > 0 and (best is None or sc > best[1] + 1e-9):
            best = (s, sc, "similar to")
    if best is None and defined and own:
        best = defined_match(req, own, defined)
    if best is not None:
        if not asks_for_act(req):
            return None
        return best[0], 0.5 + 0.5 * best[1], best[2]
    # nothing of its own that matches: a follow-up refers to the current topic
    topic = topic_record(served, topic_index)
    follow = bool({"ellipsis", "more", "also", "refer"} & f) or ("complaint" in f and "short" in f) or (
        "short" in f and not own and bool(req.entities)) or (
        "number" in f and topic is not None and topic.numeric
        and bool({"short", "imperative", "request"} & f)
        and (len(own) <= 2 or bool(own & (topic.req.content | topic.kind | topic.echo | topic.req.chars))))
    if not follow:
        return None
    if last_text_task and not ("ellipsis" in f or req.entities or ("also" in f and own - req.singles)):
        return None  # "another one" / 再来一首 after a joke or a poem refers to it, not to the topic
    if topic is None:
        mine = req.units()
        for s in reversed(served):
            if mine & (s.snippet_tokens() | s.req.units() | s.slots):
                topic = s
                break
    if topic is None and served:
        topic = served[-1]
    return (topic, 0.5, "follow-up of") if topic is not None else None


def defined_match(req: Request, own: frozenset[int], defined: dict[str, frozenset[int]]) -> Match | None:
    """A tool the request carried the definition of, whose name and description cover what it asks for
    (a request of a kind the conversation's tools serve, in words no served request used)."""
    best: Match | None = None
    singles = req.singles
    own_w = len(own) - 0.5 * len(own & singles)
    for name, toks in sorted(defined.items()):
        shared = own & toks
        if not shared:
            continue
        shared_w = len(shared) - 0.5 * len(shared & singles)
        cover = shared_w / own_w if own_w else 0.0
        if shared_w >= 1 and cover >= 0.5 and (best is None or cover > best[1] + 1e-9):
            best = (Served(-1, Request(), [name], toks), cover, "matches the definition of")
    return best


def asks_for_act(req: Request) -> bool:
    """A request that matches a served kind but is a statement ("the volume is fine now") asks for nothing."""
    f = req.flags
    if {"question", "request", "imperative", "ellipsis", "more", "also", "complaint"} & f:
        return True
    return bool(req.chars)  # Chinese: a request needs no marker (声音调小一点)


def topic_record(served: list[Served], topic_index: int | None) -> Served | None:
    if topic_index is None:
        return None
    for s in reversed(served):
        if s.index == topic_index:
            return s
    return None


def known_units(served: list[Served]) -> set[int]:
    out: set[int] = set()
    for s in served:
        out |= s.snippet_tokens()
        out |= s.req.units()
        out |= s.slots
    return out


def answered(req: Request, served: list[Served]) -> bool:
    """A question whose new content all appears in earlier results or requests."""
    f = req.flags
    if "imperative" in f or "request" in f or "question" not in f or ("more" in f and "also" in f):
        return False  # an act, or "another one", asks for a new call
    if "fresh" in f:
        return False  # "... now?", "yet?": the present state, which no earlier result shows
    known = known_units(served)
    if "compare" in f and not (req.entities - known):
        return True  # "more than we used?", "between 1st and 4th": compares what the results gave
    units = req.entities or (req.content | req.chars | req.times)
    if not units:
        return True  # nothing new beyond the kind itself ("and the forecast?")
    covered = sum(1 for u in units if u in known)
    if covered / len(units) >= ANSWERED_COVERAGE:
        return True
    # a follow-up that only moves in time ("明天呢？", "and tomorrow?"), after a result that spans several
    # times (in whatever language): the result answers it
    if req.times and not req.entities and not (own_content(req, served) - known_kind(served)):
        snippet_times = sum(len(s.snippet_tokens() & _TIMES) for s in served)
        return snippet_times >= 2
    return False


def known_kind(served: list[Served]) -> frozenset[int]:
    out: set[int] = set()
    for s in served:
        out |= s.req.content
        out |= s.kind
    return frozenset(out)

__all__ = ["ANSWERED_COVERAGE", "Match", "answered", "asks_for_act", "defined_match", "known_kind", "known_units",
           "likely_tool", "match", "own_content", "related", "served_score", "topic_record"]
