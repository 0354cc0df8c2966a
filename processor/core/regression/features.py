"""The features of a judged turn: what the learned scorer (`scorer.py`) weighs.

A judged turn is a text-only first answer to a user request in a conversation that used a tool before. Its
features come from what a production request carries and what the conversation showed, never from a domain
lexicon: how well the request matches a request a tool served (its words, the tools' names, argument keys and
definitions), whether it is a follow-up of the current topic, whether earlier results already answer it, the
dialogue state (the assistant asked a question for a pending act and the user answered it; the app rewrote the
history), what the reply does (claims an act, asks, refuses with a reason, repeats the words the assistant used
for what the tool did, states figures found nowhere in the conversation), the definition-free evidence of the
conversation's own calls and results (how many tools it used, how long ago the last call was, how much of the
request and of the reply is new to it, how many of the reply's figures and names it showed, how many tools the
reply names), and the closed per-language cue flags (`cues.py`). Most features are language-light (token
overlaps, punctuation, sizes), so a language without cues still gets a score.

It owns the feature names and their computation; it must not know the weights or the threshold. Adding,
removing or reordering a name makes every model file for the old list unreadable (`scorer.parse` refuses it):
retrain then.
"""

from __future__ import annotations

from typing import Protocol

from . import matching
from .analysis import Reply, Request, reply_names, text_tokens
from .evidence import name_tokens
from .facts import reply_figures
from .matching import Match
from .served import Served


class Conversation(Protocol):
    """What the features read of a conversation's memory (the detector's fields; `detector.py` owns them)."""

    served: list[Served]
    defined: dict[str, frozenset[int]]
    restrict: frozenset[int]
    topic: int | None
    last_text_task: bool
    asked: bool
    erased: bool
    pending_index: int


_REQ_FLAGS = ("question", "short", "request", "imperative", "ellipsis", "more", "also", "number", "refer",
              "complaint", "fresh", "compare", "text_task", "explain", "advice", "policy", "cancel", "recall", "ack",
              "status")

NAMES: tuple[str, ...] = (
    *(f"req_{f}" for f in _REQ_FLAGS),
    "req_cjk", "req_size", "req_own_empty", "req_own", "req_entities", "req_times",
    "served_score", "served_confirmed", "defined_cover", "defined_hit", "match_similar", "match_defined",
    "match_follow", "match_any", "topic", "text_task_before", "related", "answered", "answered_cover",
    "asks_for_act", "served_n", "defined_n", "after_ask", "erased",
    "reply_claim", "reply_acted", "reply_asks", "reply_refusal", "reply_reason", "reply_restricted", "reply_veto",
    "reply_qmark", "reply_ends_q", "reply_len", "reply_short", "reply_novel", "reply_echo", "reply_kind",
    "reply_known", "reply_cjk", "reply_bare",
    "x_match_veto", "x_match_answered", "x_match_asks", "x_follow_qmark", "x_acted_related", "x_novel_match",
    "x_ask_claim", "x_echo_match", "x_nocue_match", "x_bare_match",
    "reply_tools_named", "reply_figures", "reply_figures_known", "reply_new_names", "served_gap", "topic_last",
    "tools_used_n", "req_unknown_n", "reply_unknown", "reply_served_best",
)
INDEX = {n: i for i, n in enumerate(NAMES)}
N = len(NAMES)


def _share(a: frozenset[int], b: frozenset[int], cap: int = 8) -> float:
    """How much of `a` is in `b`, saturating at `cap` shared tokens for long texts."""
    if not a:
        return 0.0
    n = len(a & b)
    return min(1.0, n / min(len(a), cap))


def compute(d: Conversation, req: Request, reply_text: str, reply: Reply, novel: int,
            match: Match | None) -> list[float]:
    """The features of the turn `reply_text` answering `req`, with `match` as `matching.match` found it (None:
    nothing of the kind) and `novel` figures of the reply the conversation never showed."""
    x = [0.0] * N
    f = req.flags
    for i, flag in enumerate(_REQ_FLAGS):
        if flag in f:
            x[i] = 1.0
    served = d.served
    own = matching.own_content(req, served)
    x[INDEX["req_cjk"]] = 1.0 if req.chars else 0.0
    x[INDEX["req_size"]] = min(req.size, 30) / 30.0
    x[INDEX["req_own_empty"]] = 0.0 if own else 1.0
    x[INDEX["req_own"]] = min(len(own), 12) / 12.0
    x[INDEX["req_entities"]] = 1.0 if req.entities else 0.0
    x[INDEX["req_times"]] = 1.0 if req.times else 0.0
    best = 0.0
    confirmed = False
    for s in d.served:
        sc = matching.served_score(req, own, s)
        if sc > best:
            best = sc
            confirmed = bool(own & s.basis() & s.kind)
    x[INDEX["served_score"]] = best
    x[INDEX["served_confirmed"]] = 1.0 if confirmed else 0.0
    cover = 0.0
    if own and d.defined:
        own_w = float(len(own))
        for toks in d.defined.values():
            c = len(own & toks) / own_w
            if c > cover:
                cover = c
    x[INDEX["defined_cover"]] = cover
    x[INDEX["defined_hit"]] = 1.0 if cover >= 0.5 else 0.0
    how = match[2] if match is not None else ""
    similar = how == "similar to"
    defined = how == "matches the definition of"
    follow = how == "follow-up of"
    x[INDEX["match_similar"]] = 1.0 if similar else 0.0
    x[INDEX["match_defined"]] = 1.0 if defined else 0.0
    x[INDEX["match_follow"]] = 1.0 if follow else 0.0
    m = 1.0 if match is not None else 0.0
    x[INDEX["match_any"]] = m
    x[INDEX["topic"]] = 1.0 if d.topic is not None else 0.0
    x[INDEX["text_task_before"]] = 1.0 if d.last_text_task else 0.0
    related = matching.related(req, served, d.defined)
    x[INDEX["related"]] = 1.0 if related else 0.0
    answered = matching.answered(req, served)
    x[INDEX["answered"]] = 1.0 if answered else 0.0
    units = req.entities or (req.content | req.chars | req.times)
    known = matching.known_units(served)
    if units:
        x[INDEX["answered_cover"]] = sum(1 for u in units if u in known) / len(units)
    x[INDEX["asks_for_act"]] = 1.0 if matching.asks_for_act(req) else 0.0
    x[INDEX["served_n"]] = min(len(d.served), 4) / 4.0
    x[INDEX["defined_n"]] = 1.0 if d.defined else 0.0
    x[INDEX["after_ask"]] = 1.0 if d.asked else 0.0
    x[INDEX["erased"]] = 1.0 if d.erased else 0.0
    x[INDEX["reply_claim"]] = 1.0 if reply.claim else 0.0
    x[INDEX["reply_acted"]] = 1.0 if reply.acted else 0.0
    x[INDEX["reply_asks"]] = 1.0 if reply.asks else 0.0
    x[INDEX["reply_refusal"]] = 1.0 if reply.refusal else 0.0
    x[INDEX["reply_reason"]] = 1.0 if reply.reason else 0.0
    restricted = reply.refusal and len(reply.tokens & d.restrict) >= 2
    x[INDEX["reply_restricted"]] = 1.0 if restricted else 0.0
    veto = reply.veto(d.restrict) is not None
    x[INDEX["reply_veto"]] = 1.0 if veto else 0.0
    body = reply_text.strip()
    qmark = "?" in body or "？" in body or "¿" in body
    x[INDEX["reply_qmark"]] = 1.0 if qmark else 0.0
    x[INDEX["reply_ends_q"]] = 1.0 if body.endswith(("?", "？")) else 0.0
    x[INDEX["reply_len"]] = min(len(body), 400) / 400.0
    x[INDEX["reply_short"]] = 1.0 if len(body) <= 40 else 0.0
    x[INDEX["reply_novel"]] = min(novel, 3) / 3.0
    rtoks = text_tokens(body[:1500], 96)
    echo: set[int] = set()
    kind: set[int] = set()
    for s in d.served:
        echo |= s.echo
        kind |= s.kind
    for toks in d.defined.values():
        kind |= toks
    x[INDEX["reply_echo"]] = _share(rtoks, frozenset(echo), 4)
    x[INDEX["reply_kind"]] = _share(rtoks, frozenset(kind), 4)
    x[INDEX["reply_known"]] = _share(rtoks, frozenset(known), 12)
    cjk = any("\u3040" <= c <= "\u9fff" for c in body[:200])
    x[INDEX["reply_cjk"]] = 1.0 if cjk else 0.0
    # a bare acknowledgement ("OK.", "Done.", 好的明白): short, no figure, no question: says an act was done or
    # will be, in any language
    bare = len(body) <= (8 if cjk else 24) and not qmark and not any(c.isdigit() for c in body)
    x[INDEX["reply_bare"]] = 1.0 if bare else 0.0
    x[INDEX["x_match_veto"]] = m * (1.0 if veto else 0.0)
    x[INDEX["x_match_answered"]] = m * (1.0 if answered else 0.0)
    x[INDEX["x_match_asks"]] = m * (1.0 if reply.asks else 0.0)
    x[INDEX["x_follow_qmark"]] = (1.0 if follow else 0.0) * (1.0 if qmark else 0.0)
    x[INDEX["x_acted_related"]] = (1.0 if reply.acted else 0.0) * (1.0 if related else 0.0)
    x[INDEX["x_novel_match"]] = x[INDEX["reply_novel"]] * m
    x[INDEX["x_ask_claim"]] = x[INDEX["after_ask"]] * (1.0 if (reply.claim or reply.acted) else 0.0)
    x[INDEX["x_echo_match"]] = x[INDEX["reply_echo"]] * m
    nocue = not (f - {"short"}) and not (reply.claim or reply.acted or reply.asks or reply.refusal)
    x[INDEX["x_nocue_match"]] = (1.0 if nocue else 0.0) * max(m, cover)
    x[INDEX["x_bare_match"]] = (1.0 if bare else 0.0) * m
    _conversation(d, req, reply_text, body, rtoks, known, echo, novel, x)
    return x


def _conversation(d: Conversation, req: Request, reply_text: str, body: str, rtoks: frozenset[int],
                  known: set[int], echo: set[int], novel: int, x: list[float]) -> None:
    """The definition-free evidence of the conversation's own calls and results, and what the reply says about
    the tools: how many tools the reply names (a refusal that lists what the assistant can do), how many of its
    figures and names the conversation showed (an answer from context) or never showed (invented), how far back
    the last call was, how many tools the conversation used, how much of the request and of the reply is new to
    it, how much of the reply is in the words of one served request's tools and answer."""
    figures = len(reply_figures(reply_text))  # what `Facts.novel` counted (cached)
    names: set[str] = set(d.defined)
    used: set[str] = set()
    for s in d.served:
        used.update(s.tools)
    names |= used
    named = 0
    for n in names:  # (a count capped at 3: the order does not matter)
        if name_tokens(n) & rtoks:
            named += 1
            if named >= 3:
                break
    x[INDEX["reply_tools_named"]] = named / 3.0
    x[INDEX["reply_figures"]] = min(figures, 3) / 3.0
    x[INDEX["reply_figures_known"]] = (figures - min(novel, figures)) / figures if figures else 0.0
    x[INDEX["reply_new_names"]] = min(len(reply_names(body[:1500]) - known - req.entities), 3) / 3.0
    if d.served:
        last = d.served[-1].index
        x[INDEX["served_gap"]] = min(max(d.pending_index - last, 0), 20) / 20.0
        x[INDEX["topic_last"]] = 1.0 if d.topic == last else 0.0
    else:
        x[INDEX["served_gap"]] = 1.0
    x[INDEX["tools_used_n"]] = min(len(used), 4) / 4.0
    units = req.units()
    x[INDEX["req_unknown_n"]] = min(len(units - known), 6) / 6.0
    if rtoks:
        seen = sum(1 for t in rtoks if t in known or t in echo or t in units)  # (no union built)
        x[INDEX["reply_unknown"]] = (len(rtoks) - seen) / len(rtoks)
        span = min(len(rtoks), 8)
        best = 0.0
        for s in d.served:
            best = max(best, min(1.0, len(rtoks & (s.kind | s.echo)) / span))
        x[INDEX["reply_served_best"]] = best


__all__ = ["INDEX", "NAMES", "N", "compute"]
