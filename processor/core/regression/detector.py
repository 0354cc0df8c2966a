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
"""

from __future__ import annotations

import base64
import binascii
import functools
import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import orjson

from ..state.layout import (
    DETECTOR_VERSION,
    RD_ASKED,
    RD_CURRENT,
    RD_DEFINITIONS,
    RD_ERASED,
    RD_FACTS,
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
    SV_ECHO,
    SV_ECHOED,
    SV_INDEX,
    SV_KIND,
    SV_NUMERIC,
    SV_REQUEST,
    SV_RESULT_BUDGET,
    SV_SLOTS,
    SV_SNIPPET,
    SV_TOOLS,
)
from .analysis import MAX_TEXT_CHARS, MAX_TOKENS, Request, analyze_reply, analyze_request, request_core, text_tokens
from .evidence import MAX_KIND, arguments, definitions, name_tokens, restrictions
from .features import compute as compute_features
from .scorer import active as active_model
from .text import (
    EMPTY,
    bytes_hashes,
    cap,
    h,
    hash_bytes,
    pack_hashes,
    pack_ordered,
    unpack_hashes,
    unpack_ordered,
)

STATE_VERSION = DETECTOR_VERSION  # 3: evidence-based (no lexicon): kind/slot hashes, definitions, restrictions
MAX_SERVED = 16  # tool-served requests remembered
MAX_SNIPPETS = 4  # of which this many keep their tool-result snippet
MAX_SNIPPET_TOKENS = 160  # hashed tokens kept per result snippet
MAX_ECHO = 48  # tokens kept of the answer after a result
MAX_SLOTS = 64  # argument-value tokens remembered over the conversation
SNIPPET_CHARS = 800  # characters of a tool result looked at
ANSWERED_COVERAGE = 0.75  # share of a question's new tokens found in earlier results/requests -> answered
MAX_REQUEST_TOKENS = MAX_TOKENS
THRESHOLD = 0.5  # the score a match needs (see `_score`)
MAX_FACTS = 32  # figures (numbers, times, amounts) remembered from the conversation's texts, the latest kept
FACT_CHARS = 2000  # characters of a text whose figures are read
UNREAD_TEXTS = 16  # texts noted and not read for figures yet (`_note`): at most this many ...
UNREAD_CHARS = 4 * FACT_CHARS  # ... and about this many characters

Outcome = Literal["tool", "text_only"]
_EMPTY = EMPTY  # shared (see `text.EMPTY`)
_NO_REQUEST = Request()  # a served request not analysed yet (shared: a Request is never mutated)

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


_Call = tuple[tuple[str, ...], tuple[Any, ...], frozenset[int] | None]  # tools, arguments, their definitions


class Served:
    """A request the assistant served with a tool, and what its tools say about its kind.

    What arrives for it (the request's text, the calls' arguments, the results, the answer after them) is kept
    as it came, in process memory only, and hashed on first need (`ready_core` for what a match reads,
    `snippet_tokens` for the results, `ready` for both, before the state is written). Most requests are never
    compared between two state writes.

    A call takes the tool definitions known when it arrives. The result budget (`SNIPPET_CHARS`) restarts at
    every judged text-only answer (`settle`) and nowhere else: it is kept in the state, so where the state is
    written (batch boundaries, evictions, restores) changes no token and no decision."""

    __slots__ = ("_basis", "_o", "_q", "_raw", "_rsince", "_snip", "echo", "echoed", "index", "kind", "numeric", "req",
                 "slots", "snippet", "tools")

    def __init__(self, index: int, req: Request, tools: Sequence[str] = (), kind: frozenset[int] = _EMPTY,
                 slots: frozenset[int] = _EMPTY, snippet: bytes = b"", echo: frozenset[int] = _EMPTY,
                 numeric: bool = False) -> None:
        self.index = index  # index of the user message
        self.req = req
        self.tools: tuple[str, ...] = tuple(tools)  # call order: the first is the expected tool (a tuple: see `_raw`)
        self.kind = kind  # tool name words, argument keys, definition words
        self.slots = slots  # argument-value tokens
        # result tokens, packed (`_pack`): the largest set a served request holds (up to 320 hashes), kept as bytes,
        # which the garbage collector never walks, and written as they are; read them through `snippet_tokens`
        # (which also hashes what `_snip` still holds)
        self.snippet = snippet
        self.echo = echo  # tokens of the assistant's answer after the result (its words for what the tool did)
        self.echoed = bool(echo)  # that answer was seen
        self.numeric = numeric  # an argument is a number: a short request with a number may change it
        # not hashed yet: the request's text, the calls (tools, args, definitions known then or None), the answer's
        # text. Tuples, not lists: tuples of strings are untracked by the garbage collector after its first look, so
        # they cost no later collection. The three are independent (each sets its own fields), so their order does
        # not matter
        self._q: str | None = None
        self._raw: tuple[_Call, ...] | None = None
        self._o: str | None = None
        self._snip: tuple[str, ...] | None = None  # result texts not hashed yet
        self._rsince = 0  # characters of results taken since the last `settle` (or `drop_snippet`); in the state
        self._basis: frozenset[int] | None = None  # what the request is about: see `basis`

    def basis(self) -> frozenset[int]:
        """The request's content less its slot values, its tools' kind tokens and the answer's tokens."""
        if self._basis is None:
            self._basis = (self.req.content - self.slots) | self.kind | self.echo
        return self._basis

    def defer(self, kind: Literal["q", "r", "o"], a: str) -> None:
        """Keep a text for hashing on first need: the request ("q"), a result ("r", within the budget), the
        answer after the results ("o")."""
        if kind == "r":
            if self._rsince >= SNIPPET_CHARS:
                return
            text = a
            self._rsince = min(self._rsince + len(text), SNIPPET_CHARS)  # at the bound: spent
            if self._snip is None:
                self._snip = (text,)
            else:
                self._snip = (*self._snip, text)
                if len(self._snip) >= 8:  # bounded memory: hash early (the tokens do not depend on when)
                    self._hash_snippet()
            return
        if kind == "q":
            self._q = a
            return
        if kind == "o":
            self._o = a

    def add_tools(self, tools: Sequence[str], args: Sequence[Any], defined: Mapping[str, frozenset[int]]) -> None:
        """Calls of the turn, with the definitions of their tools known now (`defined`)."""
        tt = tuple(tools)
        if not self.tools and len(tt) <= 8 and (len(tt) == 1 or len(set(tt)) == len(tt)):
            self.tools = tt  # the common case: what the loop below would build, one tuple shared with the item
        else:
            for t in tt:
                if t not in self.tools and len(self.tools) < 8:
                    self.tools = (*self.tools, t)
        defs: frozenset[int] | None = None
        if defined:
            for t in tt:
                d = defined.get(t)
                if d:
                    defs = d if defs is None else defs | d
        item = (tt, tuple(args), defs)
        self._raw = (item,) if self._raw is None else (*self._raw, item)

    def settle(self) -> None:
        """A text-only answer was judged: the result budget starts again."""
        self._rsince = 0

    def ready(self) -> Served:
        """Hash everything that arrived (before the state is written; the budget goes on)."""
        self.ready_core()
        self._hash_snippet()
        return self

    def ready_core(self) -> None:
        """Hash the settled request, calls and answer (what `basis` and a match read)."""
        q = self._q
        raw = self._raw
        o = self._o
        if q is None and raw is None and o is None:
            return
        if q is not None:
            self._q = None
            self.req = request_core(q)
        if raw is not None:
            kind = set(self.kind)
            slots = set(self.slots)
            for a, b, defs in raw:
                for i, t in enumerate(a):
                    kind |= name_tokens(t)
                    if i < len(b):
                        keys, values = arguments(b[i])
                        kind |= keys
                        slots |= values
                        if not self.numeric and _has_number(b[i]):
                            self.numeric = True
                if defs is not None:
                    kind |= defs
            self._raw = None
            self.kind = cap(kind, MAX_KIND)
            self.slots = cap(slots, MAX_KIND)
        if o is not None:
            self._o = None
            self.echo = text_tokens(o[:SNIPPET_CHARS], MAX_ECHO)
        self._basis = None

    def snippet_tokens(self) -> frozenset[int]:
        """The results' tokens, hashed on first need."""
        self._hash_snippet()
        return bytes_hashes(self.snippet)

    def _hash_snippet(self) -> None:
        snip = self._snip
        if snip is not None:
            self._snip = None
            snippet = set(bytes_hashes(self.snippet))
            for text in snip:
                snippet |= text_tokens(text[:SNIPPET_CHARS], MAX_SNIPPET_TOKENS)
            self.snippet = _pack(snippet, MAX_SNIPPET_TOKENS * 2)

    def drop_snippet(self) -> None:
        self.snippet = b""
        self._snip = None
        self._rsince = 0

    def has_snippet(self) -> bool:
        return bool(self.snippet) or self._snip is not None

    def to_state(self) -> dict[str, Any]:
        # the tools tuple as is: orjson writes it as a list
        out: dict[str, Any] = {SV_INDEX: self.index, SV_TOOLS: self.tools, SV_REQUEST: self.req.to_state()}
        for key, hashes in ((SV_KIND, self.kind), (SV_SLOTS, self.slots)):
            if hashes:
                out[key] = pack_hashes(hashes)
        if self.snippet:
            out[SV_SNIPPET] = binascii.b2a_base64(self.snippet, newline=False).decode("ascii")  # as `pack_hashes`
        if self.echo:
            out[SV_ECHO] = pack_hashes(self.echo)
        if self.numeric:
            out[SV_NUMERIC] = 1
        if self.echoed and not self.echo:
            out[SV_ECHOED] = 1
        if self._rsince:
            out[SV_RESULT_BUDGET] = self._rsince  # the result budget taken since the last judged answer
        return out

    @classmethod
    def from_state(cls, s: Mapping[str, Any]) -> Served:
        out = cls(int(s[SV_INDEX]), Request.from_state(s.get(SV_REQUEST, {})),
                  [str(t) for t in s.get(SV_TOOLS, ())], unpack_hashes(s.get(SV_KIND, "")),
                  unpack_hashes(s.get(SV_SLOTS, "")), _packed_state(s.get(SV_SNIPPET, "")),
                  unpack_hashes(s.get(SV_ECHO, "")), bool(s.get(SV_NUMERIC, False)))
        if s.get(SV_ECHOED):
            out.echoed = True
        budget = s.get(SV_RESULT_BUDGET, 0)
        out._rsince = budget if isinstance(budget, int) and 0 < budget <= SNIPPET_CHARS else 0
        return out


class RegressionDetector:
    """Per-conversation state machine; see the module docstring.

    Turn accounting: `on_assistant` returns a turn only for the assistant's *first* message after a user text
    message (its response to the request). That first message decides the outcome the rate counts. Later
    assistant messages of the same turn (the final answer after a tool result, chained calls) return None; if
    they call tools, the tools are added to the request's served record.
    """

    def __init__(self) -> None:
        self.tool_used = False
        # oldest first, at most MAX_SERVED (a list: an empty deque takes 760 bytes per conversation, a list 56)
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
        self.facts: dict[int, None] = {}  # hashed figures seen in the conversation, oldest first (`_note`)
        self._unread: list[str] | None = None  # texts noted whose figures are not in `facts` yet (`_facts`)
        self._unread_chars = 0
        self.asked = False  # the last judged reply asked the user something (a value, a confirmation)
        self.erased = False  # the app rewrote this conversation's history (an erased call was found)
        self.features: list[list[float]] | None = None  # diagnostics and training: each judged turn's features

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

    def on_user(self, index: int, text: str) -> None:
        """A user message with text (not a tool result). Analysed only when needed (`_request`)."""
        raw = text[:MAX_TEXT_CHARS]
        self._note(text)
        if self.has_request and not self.in_turn:
            # two user messages in a row: one request
            self.pending = self._request().union(analyze_request(raw))
            self._pending_text = None
        else:
            self.pending = None
            self._pending_text = raw
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
        return self.pending if self.pending is not None else _NO_REQUEST

    def on_tool_result(self, index: int, tool: str | None, text: str) -> None:
        self.tool_used = True
        self._note(text)
        target = self.current if self.current is not None else (self.served[-1] if self.served else None)
        if target is None:
            return
        target.defer("r", text[:SNIPPET_CHARS])
        self._trim_snippets()

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
                self._note(a)
        if not self.has_request or self.in_turn:
            self._note(text)
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
        if tools:
            self.current = self._remember(self.pending_index, tools, args)
            self.tool_used = True
            self.topic = self.pending_index
            self.last_text_task = False
            self.asked = False
            return self._turn(AssistantTurn(index, "tool", before, None, f"called {len(tools)} tool(s)"))
        if not before:
            return self._turn(AssistantTurn(index, "text_only", before, None, "no tool used before"))
        for s in self.served:
            s.settle()
        expected, detail, score = self._judge(self._request(), text)
        self._note(text)
        return self._turn(AssistantTurn(index, "text_only", before, expected, detail, score))

    def _note(self, text: str) -> None:
        """Remember the figures of a text: a reply that states others had them from nowhere in the conversation.

        Read when needed (`_facts`): only a judged reply (`_novel`) and the state read them, so a history judged
        once (`repair()`) mostly never does. Texts wait in order, a few at most (bounded memory)."""
        if not text:
            return
        t = text[:FACT_CHARS]
        waiting = self._unread
        if waiting is None:
            self._unread = [t]
            self._unread_chars = len(t)
            return
        waiting.append(t)
        self._unread_chars += len(t)
        if len(waiting) >= UNREAD_TEXTS or self._unread_chars > UNREAD_CHARS:
            self._facts()

    def _facts(self) -> dict[int, None]:
        """`facts` with the texts noted since it was last read (in their order: the latest figures are kept)."""
        facts = self.facts
        waiting = self._unread
        if waiting is not None:
            self._unread = None
            self._unread_chars = 0
            for text in waiting:
                for f in figures(text):
                    if f in facts:
                        del facts[f]
                    facts[f] = None
                while len(facts) > MAX_FACTS:
                    del facts[next(iter(facts))]
        return facts

    def _novel(self, reply: str) -> int:
        """How many figures of a reply the conversation never showed."""
        facts = self._facts()
        return sum(1 for f in set(figures(reply[:FACT_CHARS])) if f not in facts)

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
        match = self._match(req)
        self._follow(req, match[0] if match is not None else None)
        answer = analyze_reply(reply)
        novel = self._novel(reply)
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
            tool = self._likely_tool(req)
            why = "no similar tool-served request"
        if tool is None:
            return None, f"{why}; no tool name (score {score:.2f})", score
        if score >= model.threshold:
            return tool, f"{why} (score {score:.2f})", score
        return None, f"{why}; score {score:.2f} below the threshold {model.threshold:.2f}", score

    def _related(self, req: Request) -> bool:
        """Whether a request shares a word with the conversation's tools (their names, keys, definitions, the
        requests they served and their arguments): an act no tool of the conversation could do is not a lost call."""
        units = req.units()
        if any(units & toks for toks in self.defined.values()):
            return True
        return any(units & (s.kind | s.req.units() | s.slots) for s in self.served)

    def _likely_tool(self, req: Request) -> str | None:
        """The tool a request most likely needed when no served request matched it: the defined tool sharing the
        most of its words, else the topic's, else the latest served one's."""
        units = req.units()
        best, most = None, 0
        for name, toks in sorted(self.defined.items()):
            n = len(units & toks)
            if n > most:
                best, most = name, n
        if best is not None:
            return best
        topic = self._topic_record()
        for s in ([topic] if topic is not None else []) + list(reversed(self.served)):
            if s.tools:
                return s.tools[0]
        return next(iter(sorted(self.defined)), None)

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

    def _own(self, req: Request) -> frozenset[int]:
        """The request's content less the slot values seen in the conversation's calls."""
        slots: set[int] = set()
        for s in self.served:
            slots |= s.slots
        return req.content - slots if slots else req.content

    def _score(self, req: Request, own: frozenset[int], s: Served) -> float:
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

    def _match(self, req: Request) -> tuple[Served, float, str] | None:
        """The best tool-served request of the same kind, with its score, or None."""
        if not self.served:
            return None
        f = req.flags
        own = self._own(req)
        best: tuple[Served, float, str] | None = None
        for s in reversed(self.served):  # most recent first: ties go to the latest
            score = self._score(req, own, s)
            if score > 0 and (best is None or score > best[1] + 1e-9):
                best = (s, score, "similar to")
        if best is None and self.defined and own:
            best = self._defined(req, own)
        if best is not None:
            if not self._asks_for_act(req):
                return None
            return best[0], 0.5 + 0.5 * best[1], best[2]
        # nothing of its own that matches: a follow-up refers to the current topic
        topic = self._topic_record()
        follow = bool({"ellipsis", "more", "also", "refer"} & f) or ("complaint" in f and "short" in f) or (
            "short" in f and not own and bool(req.entities)) or (
            "number" in f and topic is not None and topic.numeric
            and bool({"short", "imperative", "request"} & f)
            and (len(own) <= 2 or bool(own & (topic.req.content | topic.kind | topic.echo | topic.req.chars))))
        if not follow:
            return None
        if self.last_text_task and not ("ellipsis" in f or req.entities or ("also" in f and own - req.singles)):
            return None  # "another one" / 再来一首 after a joke or a poem refers to it, not to the topic
        if topic is None:
            mine = req.units()
            for s in reversed(self.served):
                if mine & (s.snippet_tokens() | s.req.units() | s.slots):
                    topic = s
                    break
        if topic is None and self.served:
            topic = self.served[-1]
        return (topic, 0.5, "follow-up of") if topic is not None else None

    def _defined(self, req: Request, own: frozenset[int]) -> tuple[Served, float, str] | None:
        """A tool the request carried the definition of, whose name and description cover what it asks for
        (a request of a kind the conversation's tools serve, in words no served request used)."""
        best: tuple[Served, float, str] | None = None
        singles = req.singles
        own_w = len(own) - 0.5 * len(own & singles)
        for name, toks in sorted(self.defined.items()):
            shared = own & toks
            if not shared:
                continue
            shared_w = len(shared) - 0.5 * len(shared & singles)
            cover = shared_w / own_w if own_w else 0.0
            if shared_w >= 1 and cover >= 0.5 and (best is None or cover > best[1] + 1e-9):
                best = (Served(-1, Request(), [name], toks), cover, "matches the definition of")
        return best

    def _asks_for_act(self, req: Request) -> bool:
        """A request that matches a served kind but is a statement ("the volume is fine now") asks for nothing."""
        f = req.flags
        if {"question", "request", "imperative", "ellipsis", "more", "also", "complaint"} & f:
            return True
        return bool(req.chars)  # Chinese: a request needs no marker (声音调小一点)

    def _topic_record(self) -> Served | None:
        if self.topic is None:
            return None
        for s in reversed(self.served):
            if s.index == self.topic:
                return s
        return None

    def _known(self) -> set[int]:
        known: set[int] = set()
        for s in self.served:
            known |= s.snippet_tokens()
            known |= s.req.units()
            known |= s.slots
        return known

    def _answered(self, req: Request) -> bool:
        """A question whose new content all appears in earlier results or requests."""
        f = req.flags
        if "imperative" in f or "request" in f or "question" not in f or ("more" in f and "also" in f):
            return False  # an act, or "another one", asks for a new call
        if "fresh" in f:
            return False  # "... now?", "yet?": the present state, which no earlier result shows
        known = self._known()
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
        if req.times and not req.entities and not (self._own(req) - self._known_kind()):
            snippet_times = sum(len(s.snippet_tokens() & _TIMES) for s in self.served)
            return snippet_times >= 2
        return False

    def _known_kind(self) -> frozenset[int]:
        out: set[int] = set()
        for s in self.served:
            out |= s.req.content
            out |= s.kind
        return frozenset(out)

    def _remember(self, index: int, tools: Sequence[str], args: Sequence[Any]) -> Served:
        if self._pending_text is not None:
            s = Served(index, _NO_REQUEST)
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
        facts = self._facts()
        if facts:
            out[RD_FACTS] = pack_ordered(list(facts))
        if self.asked:
            out[RD_ASKED] = 1
        if self.erased:
            out[RD_ERASED] = 1
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
        d.facts = dict.fromkeys(unpack_ordered(state.get(RD_FACTS, "")))
        d.asked = bool(state.get(RD_ASKED, False))
        d.erased = bool(state.get(RD_ERASED, False))
        return d


# a figure of two digits or more, with its separators: what `\d+(?:[.,:]\d+)*` finds, less its one-digit matches
# (a match ends with a digit and holds one between separators, so "1,2" is two digits and a one-character match is
# the only one too short); the regular expression skips those, and nothing is left to strip
_FIGURE_RE = re.compile(r"\d(?:[.,:]?\d)+")
_NO_FIGURES: tuple[int, ...] = ()


@functools.lru_cache(maxsize=1024)
def figures(text: str) -> tuple[int, ...]:
    """Hashes of a text's figures of two characters or more ("3,400" and "3400" alike; "7" is too common)."""
    found = _FIGURE_RE.findall(text)
    if not found:
        return _NO_FIGURES
    return tuple([h(m.replace(",", "")) if "," in m else h(m) for m in found])


def _has_number(args: Any) -> bool:
    """An argument is a quantity (a number, or a string that is one): not an id that holds digits."""
    if isinstance(args, str):
        return _has_number_text(args) if len(args) <= 4000 else _has_number_parsed(args)
    return _has_number_doc(args)


def _has_number_parsed(args: str) -> bool:
    try:
        doc = orjson.loads(args)
    except orjson.JSONDecodeError:
        return False
    return _has_number_doc(doc)


_has_number_text = functools.lru_cache(maxsize=1024)(_has_number_parsed)  # arguments as JSON text, met again


def _has_number_doc(args: Any) -> bool:
    if isinstance(args, Mapping):
        for v in args.values():
            if isinstance(v, int | float) and not isinstance(v, bool):
                return True
            if isinstance(v, str) and (_is_quantity(v) if len(v) <= 64 else _QUANTITY_RE.fullmatch(v.strip())):
                return True
    return False


@functools.lru_cache(maxsize=1024)
def _is_quantity(v: str) -> bool:
    """A short string that is a number or a quantity (cached: the same values recur from call to call)."""
    return _QUANTITY_RE.fullmatch(v.strip()) is not None


_QUANTITY_RE = re.compile(r"[+-]?\d[\d:.,/ -]*(?:%|°?[cf]|℃|度|[a-z]{1,3})?")  # 22, 22.5 °c, 10:40, 2026-11-30


def _pack(values: set[int], n: int) -> bytes:
    """The n smallest of a set of 32-bit hashes, packed as `pack_hashes` lays them out (the set `cap` keeps)."""
    return hash_bytes(sorted(values)[:n])


def _packed_state(value: Any) -> bytes:
    """A stored set of hashes (`pack_hashes`'s base64) as `_pack` keeps it: the decoded bytes when they are what
    `_pack` would make of them (sorted, no repeats: what this detector writes), else made again."""
    if isinstance(value, list) or not value:
        return hash_bytes(unpack_hashes(value))
    raw = base64.b64decode(value)
    again = hash_bytes(bytes_hashes(raw))
    return raw if raw == again else again


def _time_hashes() -> frozenset[int]:
    from .cues import TIME
    from .text import h, stem

    return frozenset(h(stem(w)) for w in TIME) | frozenset(h(w) for w in TIME)


_TIMES = _time_hashes()

__all__ = ["MAX_REQUEST_TOKENS", "MAX_SERVED", "MAX_SNIPPETS", "STATE_VERSION", "THRESHOLD", "AssistantTurn",
           "RegressionDetector", "Served"]
