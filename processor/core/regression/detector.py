"""The per-conversation state machine: which requests a tool served, and whether a text-only answer breaks that.

A text-only first answer to a request, after the conversation used a tool, is a regression when the request is
of the kind of a tool-served one and no negative rule explains the missing call. *Of the kind* is decided from
the conversation's evidence only, for tools never seen before and in any language the cues cover:

* the request's content tokens (what is left once function words, names, numbers and time words are out) are
  compared with the served request's content and the tool's kind tokens (name, argument keys, definition);
  a shared token that the tool's own evidence confirms counts most;
* a follow-up with nothing of its own, an ellipsis ("what about Tokyo?", 那上海呢？) or a continuation ("a bit
  more", 再小一点) refers to the topic: the served request the conversation is about.

Memory is bounded (`MAX_SERVED` served requests, result snippets for the last `MAX_SNIPPETS`), the state holds
hashes and flags only, and every call is O(size of the message).

This module owns the conversation's memory and the judgement of a turn. What it remembers of a served request
is `served.py`, the figures it saw `facts.py`, the matching `matching.py`, the features of a judged turn
`features.py` and their weights `scorer.py`; none of those imports this module.
"""

from __future__ import annotations

import base64
import binascii
import itertools
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from ..state.layout import (
    DETECTOR_VERSION,
    RD_ASKED,
    RD_CURRENT,
    RD_DEFINITIONS,
    RD_ERASED,
    RD_FACTS,
    RD_FACTS_OLDER,
    RD_IN_TURN,
    RD_PENDING,
    RD_PENDING_INDEX,
    RD_PENDING_REF,
    RD_SERVED,
    RD_SYSTEM,
    RD_TEXT_TASK,
    RD_TOOL_USED,
    RD_TOPIC,
    RD_VERSION,
    RD_WAITED,
)
from . import matching
from .analysis import MAX_TEXT_CHARS, MAX_TOKENS, Request, analyze_reply, analyze_request
from .evidence import definitions, restrictions
from .facts import Facts
from .features import compute as compute_features
from .scorer import active as active_model
from .served import NO_REQUEST, SNIPPET_CHARS, Served
from .text import EMPTY, cap, pack_hashes, pack_ordered, unpack_hashes, unpack_ordered

STATE_VERSION = DETECTOR_VERSION  # the detector's part of the stored layout (state/layout.py)
MAX_SERVED = 16  # tool-served requests remembered
MAX_SNIPPETS = 4  # of which this many keep their tool-result snippet
MAX_REQUEST_TOKENS = MAX_TOKENS

Outcome = Literal["tool", "text_only"]
_EMPTY = EMPTY  # shared (see `text.EMPTY`)
_CALLED = tuple(f"called {n} tool(s)" for n in range(17))  # a tool turn's detail, made once

class AssistantTurn:
    """A decided assistant turn. Immutable by convention (a plain class: mypyc builds it natively, where a
    dataclass's generated `__init__` would run as Python)."""

    __slots__ = ("after_first_tool_use", "detail", "expected_tool", "index", "outcome", "score")

    def __init__(self, index: int, outcome: Outcome, after_first_tool_use: bool, expected_tool: str | None,
                 detail: str, score: float = -1.0) -> None:
        self.index = index  # index of the assistant message
        self.outcome: Outcome = outcome
        self.after_first_tool_use = after_first_tool_use  # True once the conversation has used a tool before this turn
        self.expected_tool = expected_tool  # set when this turn is a text_only_regression
        self.detail = detail  # short, no message content
        self.score = score  # the learned scorer's probability of a regression (-1: decided without it)

    @property
    def regression(self) -> bool:
        return self.expected_tool is not None

    def _key(self) -> tuple[int, str, bool, str | None, str, float]:
        return (self.index, self.outcome, self.after_first_tool_use, self.expected_tool, self.detail, self.score)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AssistantTurn) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"AssistantTurn(index={self.index!r}, outcome={self.outcome!r}, "
                f"after_first_tool_use={self.after_first_tool_use!r}, expected_tool={self.expected_tool!r}, "
                f"detail={self.detail!r}, score={self.score!r})")


class RegressionDetector:
    """Per-conversation state machine; see the module docstring.

    Turn accounting: `on_assistant` returns a turn only for the assistant's *first* message after a user text
    message (its response to the request). That first message decides the outcome the rate counts. Later
    assistant messages of the same turn (the final answer after a tool result, chained calls) return None; if
    they call tools, the tools are added to the request's served record.
    """

    __slots__ = ("_pending_text", "asked", "current", "defined", "erased", "facts", "features", "has_request",
                 "in_turn", "last_text_task", "pending", "pending_index", "restrict", "served", "tool_used", "topic",
                 "trace", "waited")

    def __init__(self) -> None:
        self.tool_used = False
        # oldest first, at most MAX_SERVED (a list: an empty deque is many times larger, per conversation)
        self.served: list[Served] = []
        self.pending: Request | None = None  # the latest request, once analysed (see `_request`)
        self._pending_text: str | None = None  # ... its text until then (process memory only, never in the state)
        self.has_request = False  # a user request arrived
        self.pending_index = -1
        self.current: Served | None = None  # the served record of the turn in progress (results attach here)
        self.in_turn = False  # an assistant message answered the latest request
        self.topic: int | None = None  # user index of the served request the conversation is about
        self.last_text_task = False  # the latest request (thanks aside) was a writing task (joke, poem ...)
        self.defined: dict[str, frozenset[int]] = {}  # tool definitions seen (name -> kind tokens)
        self.restrict: frozenset[int] = _EMPTY  # tokens of the system prompt's restrictive sentences
        self.trace: list[AssistantTurn] | None = None  # diagnostics: a list here records every turn decided
        self.facts = Facts()  # the figures the conversation showed (facts.py)
        self.asked = False  # the last judged reply asked the user something (a value, a confirmation)
        self.erased = False  # the app rewrote this conversation's history (an erased call was found)
        self.features: list[list[float]] | None = None  # diagnostics and training: each judged turn's features
        # the latest request came while a call of the turn before still waited for its result, and no result has
        # come since: most likely that result, sent back as user text (see `on_user`)
        self.waited = False

    # -- feeding ------------------------------------------------------------------------------------------
    def on_system(self, text: str) -> None:
        """A system prompt (system/developer message, Anthropic `system`, Gemini `systemInstruction`)."""
        if text:
            r = restrictions(text)
            if r:  # (nothing restrictive: the same set, not a new one)
                self.restrict = cap(self.restrict | r, 96)

    def on_tools(self, tools: Any) -> None:
        """Tool definitions the request carried (any dialect's shape)."""
        for name, toks in definitions(tools).items():
            if name in self.defined or len(self.defined) < 24:
                self.defined[name] = toks

    def on_user(self, index: int, text: str, waiting: bool = False) -> None:
        """A user message with text (not a tool result). Analysed only when needed (`_request`).

        `waiting`: a call of the turn before still waits for its result. A client that sends a call's result back
        as the next user text (a bare value, JSON, words) makes that text the call's result: if no result message
        comes before the model's reply, the text was most likely the result and the reply the turn's answer, not
        a request answered in words (`on_assistant`); if one comes, the text was a request made meanwhile."""
        raw = text[:MAX_TEXT_CHARS]
        self.facts.note(text)
        if self.has_request and not self.in_turn:
            # two user messages in a row: one request
            self.pending = self._request().union(analyze_request(raw))
            self._pending_text = None
        else:
            self.pending = None
            self._pending_text = raw
        self.waited = waiting
        self.has_request = True
        self.pending_index = index
        self.current = None
        self.in_turn = False

    def _request(self) -> Request:
        """The pending request with its flags, analysed on first need: most requests are served by a tool and
        never judged (`to_state` works it out before the text is dropped)."""
        if self._pending_text is not None:
            self.pending = analyze_request(self._pending_text)
            self._pending_text = None
        return self.pending if self.pending is not None else NO_REQUEST

    def on_tool_result(self, index: int, tool: str | None, text: str) -> None:
        self.tool_used = True
        self.waited = False  # the waiting call got its result: a user text before it was a request made meanwhile
        self.facts.note(text)
        target = self.current if self.current is not None else (self.served[-1] if self.served else None)
        if target is None:
            return
        target.defer("r", text[:SNIPPET_CHARS])
        if target is not self.served[-1]:  # (the target is the latest served request: no other snippet to drop)
            self._trim_snippets()

    def served_tools(self) -> list[str]:
        """The tools that served the remembered requests before the turn in progress, oldest first, each once."""
        out: list[str] = []
        for s in self.served:
            if s is self.current:
                continue
            for t in s.tools:
                if t not in out:
                    out.append(t)
        return out

    def request_flags(self) -> frozenset[str]:
        """The cue flags of the latest request (empty before one)."""
        return self._request().flags if self.has_request else frozenset()

    def judges_text(self, tools: Sequence[str]) -> bool:
        """Whether `on_assistant` with these tools would look at the reply's text (a text-only first answer to a
        request, after a tool was used, or the first answer after a result): otherwise any text gives the same
        result."""
        if not self.has_request:
            return False
        if self.in_turn:
            return self.current is not None and not self.current.echoed
        return self.tool_used and not any(tools)

    def on_assistant(self, index: int, text: str, tools: Sequence[str],
                     args: Sequence[Any] = ()) -> AssistantTurn | None:
        """`args`: the calls' arguments, in the order of `tools` (a JSON string or an object each)."""
        if not all(tools):
            pairs = [(t, args[i] if i < len(args) else None) for i, t in enumerate(tools) if t]
            tools = [t for t, _ in pairs]
            args = [a for _, a in pairs]
        for a in args:
            if isinstance(a, str):
                self.facts.note(a)
        if not self.has_request or self.in_turn:
            self.facts.note(text)
            # a later message of the same turn, or no request before it
            cur = self.current
            if text and cur is not None and not cur.echoed and cur.has_snippet():
                cur.echoed = True
                cur.defer("o", text[:SNIPPET_CHARS])
            if tools:
                if self.current is None and self.has_request:
                    self.current = self._remember(self.pending_index, tools, args)
                elif self.current is not None:
                    self.current.add_tools(tools, args, self.defined)
                self.tool_used = True
            return None
        self.in_turn = True
        before = self.tool_used
        waited, self.waited = self.waited, False
        if tools:
            self.current = self._remember(self.pending_index, tools, args)
            self.tool_used = True
            self.topic = self.pending_index
            self.last_text_task = False
            self.asked = False
            n = len(tools)
            return self._turn(AssistantTurn(index, "tool", before, None,
                                            _CALLED[n] if n < len(_CALLED) else f"called {n} tool(s)"))
        if not before:
            return self._turn(AssistantTurn(index, "text_only", before, None, "no tool used before"))
        if waited:
            # the user text before it came while a call waited, and no result came: that text was the call's result
            # (a client that sends results back as user text), so this is the turn's answer after it
            self.facts.note(text)
            return self._turn(AssistantTurn(index, "text_only", before, None,
                                            "answer after a call's result sent as user text"))
        for s in self.served:
            s.settle()
        expected, detail, score = self._judge(self._request(), text)
        self.facts.note(text)
        return self._turn(AssistantTurn(index, "text_only", before, expected, detail, score))

    def _turn(self, turn: AssistantTurn) -> AssistantTurn:
        if self.trace is not None:
            self.trace.append(turn)
        return turn

    # -- decisions ----------------------------------------------------------------------------------------
    def _judge(self, req: Request, reply: str) -> tuple[str | None, str, float]:
        """The expected tool (None: no regression), a reason without content, and the model's score (-1 when
        decided without it)."""
        f = req.flags
        # short thanks and status queries are decided by their flags alone, and leave the topic (see `_follow`),
        # unless they answer the assistant's own question ("yes, go ahead"); a longer one may carry a request
        if not self.asked and "short" in f:
            if "ack" in f:
                return None, "acknowledgement", -1.0
            if "status" in f:
                return None, "status query", -1.0
        for s in self.served:
            s.ready_core()
        match = matching.match(req, self.served, self.defined, self.topic, self.last_text_task)
        self._follow(req, match[0] if match is not None else None)
        answer = analyze_reply(reply)
        novel = self.facts.novel(reply)
        x = compute_features(self, req, reply, answer, novel, match)
        model = active_model()
        score = model.score(x)
        if self.features is not None:
            self.features.append(x)
        self.asked = answer.asks and not answer.claim and not answer.acted
        if match is not None and match[0].tools:
            served, _, how = match
            tool: str | None = served.tools[0]
            where = "a tool the request defined" if served.index < 0 else f"request at index {served.index}"
            why = f"{how} {where}"
        else:
            tool = matching.likely_tool(req, self.served, self.defined, self.topic)
            why = "no similar tool-served request"
        if tool is None:
            return None, f"{why}; no tool name (score {score:.2f})", score
        if score >= model.threshold:
            return tool, f"{why} (score {score:.2f})", score
        return None, f"{why}; score {score:.2f} below the threshold {model.threshold:.2f}", score

    def _follow(self, req: Request, matched: Served | None) -> None:
        """Update the topic after a text-only turn: a matched request keeps it on its served request; a request
        with content of its own that matches nothing moves it away; thanks and status queries leave it."""
        f = req.flags
        if "ack" in f or "status" in f:
            return
        self.last_text_task = "text_task" in f
        if matched is not None:
            self.topic = matched.index
        elif req.content and not ({"ellipsis", "more"} & f):
            self.topic = None

    def _remember(self, index: int, tools: Sequence[str], args: Sequence[Any]) -> Served:
        if self._pending_text is not None:
            s = Served(index, NO_REQUEST)
            s.defer("q", self._pending_text)  # analysed (without its flags) when needed
        else:
            s = Served(index, self._request())
        s.add_tools(tools, args, self.defined)
        served = self.served
        if served and served[-1].index == index:
            served.pop()
        served.append(s)
        if len(served) > MAX_SERVED:
            del served[0]
        self._trim_snippets()
        return s

    def _trim_snippets(self) -> None:
        """Only the last MAX_SNIPPETS served requests keep their result snippet."""
        n = len(self.served) - MAX_SNIPPETS
        if n > 0:
            for s in itertools.islice(self.served, n):
                if s.has_snippet():
                    s.drop_snippet()

    # -- state --------------------------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        cur = None
        if self.current is not None:
            for i, s in enumerate(self.served):
                if s is self.current:
                    cur = i
        out: dict[str, Any] = {RD_VERSION: STATE_VERSION}
        if self.served:
            out[RD_SERVED] = [s.ready().to_state() for s in self.served]
        if self.has_request:
            if self.in_turn and cur is not None and self.served[cur].index == self.pending_index:
                out[RD_PENDING_REF] = cur  # the request just served: say which, not what
            else:
                out[RD_PENDING] = self._request().to_state()
        if self.defined:
            out[RD_DEFINITIONS] = {k: pack_hashes(v) for k, v in self.defined.items()}
        if self.restrict:
            out[RD_SYSTEM] = pack_hashes(self.restrict)
        for key, value, fresh in ((RD_TOOL_USED, self.tool_used, False),
                                  (RD_PENDING_INDEX, self.pending_index, -1), (RD_CURRENT, cur, None),
                                  (RD_IN_TURN, self.in_turn, False), (RD_TOPIC, self.topic, None),
                                  (RD_TEXT_TASK, self.last_text_task, False)):
            if value != fresh:
                out[key] = value
        facts = self.facts.read()
        if facts:
            out[RD_FACTS] = pack_ordered(list(facts))
        if self.facts.older:
            out[RD_FACTS_OLDER] = binascii.b2a_base64(bytes(self.facts.older), newline=False).decode("ascii")
        if self.asked:
            out[RD_ASKED] = 1
        if self.erased:
            out[RD_ERASED] = 1
        if self.waited:
            out[RD_WAITED] = 1
        return out

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> RegressionDetector:
        d = cls()  # its version (RD_VERSION) is checked by state/codec.py, older ones read by state/migrate.py
        d.tool_used = bool(state.get(RD_TOOL_USED, False))
        for s in state.get(RD_SERVED, ()):
            d.served.append(Served.from_state(s))
            if len(d.served) > MAX_SERVED:
                del d.served[0]
        p = state.get(RD_PENDING)
        ref = state.get(RD_PENDING_REF)
        if ref is not None and 0 <= int(ref) < len(d.served):
            d.pending = d.served[int(ref)].req
        else:
            d.pending = None if p is None else Request.from_state(p)
        d.has_request = d.pending is not None
        d.pending_index = int(state.get(RD_PENDING_INDEX, -1))
        cur = state.get(RD_CURRENT)
        d.current = d.served[int(cur)] if cur is not None and 0 <= int(cur) < len(d.served) else None
        d.in_turn = bool(state.get(RD_IN_TURN, False))
        t = state.get(RD_TOPIC)
        d.topic = None if t is None else int(t)
        d.last_text_task = bool(state.get(RD_TEXT_TASK, False))
        d.defined = {str(k): unpack_hashes(v) for k, v in (state.get(RD_DEFINITIONS) or {}).items()}
        d.restrict = unpack_hashes(state.get(RD_SYSTEM, ""))
        older = state.get(RD_FACTS_OLDER)
        d.facts = Facts(dict.fromkeys(unpack_ordered(state.get(RD_FACTS, ""))),
                        base64.b64decode(older) if isinstance(older, str) and older else b"")
        d.asked = bool(state.get(RD_ASKED, False))
        d.erased = bool(state.get(RD_ERASED, False))
        d.waited = bool(state.get(RD_WAITED, False))
        return d


__all__ = ["MAX_REQUEST_TOKENS", "MAX_SERVED", "MAX_SNIPPETS", "STATE_VERSION", "AssistantTurn", "RegressionDetector"]
