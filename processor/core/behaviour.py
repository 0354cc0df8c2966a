"""Behavioural signals of one conversation: text-only-after-tool turns and tool-history erasures.

It adapts neutral views to the two detectors (`regression`, `erasure`): an assistant turn is every assistant
message between two non-assistant messages (a turn may span several items), decided when the next
non-assistant message arrives or the conversation ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .dialects import system_text
from .dialects.base import Dialect
from .erasure import ErasureTracker, user_key
from .findings import Finding, FindingKind
from .model import Role, View
from .regression import AssistantTurn, RegressionDetector
from .regression.claims import (
    Claim,
    ClaimTracker,
    acts_named,
    bare_success,
    defers,
    recalls,
    requested,
    served_kind,
    shape,
    told_done,
)
from .regression.evidence import name_tokens
from .regression.followups import announces, not_a_request, relayed, relayed_calls, routing, unwrapped
from .regression.frameworks import carries_code, execution_output, go_on, returned_value, text_call, tool_file
from .regression.matching import topic_record
from .state.layout import BH_CLAIMS, BH_ERASURE, BH_FED_USER, BH_LAST_USER, BH_PENDING, BH_REGRESSION, BH_STREAMED
from .tracker import Step

RESULT_TEXT = 2000  # what the regression detector reads of a message's tool results (it keeps snippets)


USER_TEXT_HELD = 2000  # a user text at most this long waits for its fingerprint to be needed
PENDING_TEXT = 512  # what a pending (multi-item) assistant turn keeps of its text, in memory and in state


# the `unbacked_claim` rules of a reply that tells a new act as done with no call of its turn: after the conversation
# used a tool, also a `text_only_regression` (see `_regression_tool`)
NEW_ACT_RULES = frozenset(("act_no_call",))

_NO_FINDINGS: tuple[Finding, ...] = ()  # what most messages give (shared: no list made per message)
_NO_TOOLS: tuple[Any, ...] = ()


def _regression_tool(expected: str, reply: str, reg: RegressionDetector, claims: ClaimTracker,
                     claim: Claim | None) -> str | None:
    """The tool a text-only turn the model scored as a regression lost, if the evidence shared with
    `unbacked_claim` agrees it is one (None: no regression).

    Not a regression: a "request" that was a framework's prompt to go on after a result; a reply that claims
    nothing (it only asks or waits, `shape`), that ends by handing the decision to the user without claiming
    anything done (`defers`), that carries code (`carries_code`: the code is the act, or what was asked for) or
    writes its call as text for the framework to parse (`text_call`); a
    reply with no unbacked claim that tells only acts done before ("I've already made my move", `recalls`).
    And the seed's meaning: a request of a kind a tool served earlier in the conversation. The tools the reply's
    claim, its acts or the request's words name, if any, must include one that served an earlier turn (itself or
    its family): a claim about a tool never used is `unbacked_claim`'s, not a lost habit. The tool reported is
    always one that served: a defined tool the model's match named that never served gives way to the tool of
    the conversation's topic (what the detector names without definitions)."""
    if claims.continued:
        return None
    if reply and (shape(reply) or defers(reply) or carries_code(reply) or text_call(reply)):
        return None
    # a tool that only hands the conversation to another agent serves no kind of request (followups.routing)
    served = [t for t in reg.served_tools() if not routing(t)]
    if not served:
        return None
    if claim is None and (not_a_request(reg.request_flags()) or announces(reply) or recalls(reply)):
        return None
    if claim is not None and claim.rule in NEW_ACT_RULES:
        # a new act told as done in words, in a conversation whose earlier turns used tools: the seed's "all talk,
        # no action" (光说不练), whichever tool served before ("now book it" after a search)
        return claim.tool
    offered = [*reg.defined, *(t for t in served if t not in reg.defined)]
    acts = acts_named(reply, offered) if reply else []
    done: bool | None = None  # (read only if a veto below needs it)
    if claim is not None and not served_kind(claim.tool, served):
        done = told_done(reply)
        if not done:
            return None  # the reply states what a lookup never used would have found: an unbacked claim
    words = claims.request()
    for named in (acts, requested(words, offered)):
        if named is not acts and named and _explained(words, named, expected, reg):
            continue
        if named and not any(served_kind(t, served) for t in named):
            if done is None:
                done = told_done(reply)
            if not done:
                return None  # the reply's acts, or the request's words, name only tools that never served
            # ... but the reply tells it done: the act in words where a call was due (the seed's regression)
            return acts[0] if acts else named[0]
    if served_kind(expected, served):
        return expected
    topic = topic_record(reg.served, reg.topic)
    return topic.tools[0] if topic is not None and topic.tools else served[-1]


def _explained(words: frozenset[int], named: Sequence[str], expected: str, reg: RegressionDetector) -> bool:
    """Whether the request's words that name never-served tools are all words of the served request of the
    expected tool (its request, its tools' kind, its results, the answer after them): the request speaks of what that
    tool did or returned ("recharge 10 trips" after a card's balance showed `"trips": 0`), and a never-served
    tool sharing such a word is named by chance, not asked for."""
    said = frozenset().union(*(name_tokens(t) for t in named)) & words
    if not said:
        return False
    for s in reg.served:
        if expected in s.tools:
            s.ready_core()
            if said <= (s.basis() | s.snippet_tokens()):
                return True
    return False


class _UserKeys:
    """The fingerprints of a request snapshot's user texts, each made on first need; `in` makes them all."""

    __slots__ = ("_adapter", "_all", "_keys", "_messages", "_users")

    def __init__(self, messages: Sequence[Any], adapter: Dialect, users: list[int]) -> None:
        self._messages = messages
        self._adapter = adapter
        self._users = users  # the user texts' positions
        self._keys: dict[int, str] = {}
        self._all: set[str] | None = None

    def key(self, at: int) -> str:
        k = self._keys.get(at)
        if k is None:
            k = self._keys[at] = user_key(self._adapter.text_of(self._messages[at]))
        return k

    def __contains__(self, key: object) -> bool:
        if self._all is None:
            self._all = {self.key(i) for i in self._users}
        return key in self._all


class TurnObserver(Protocol):
    def assistant_turn(self, outcome: str, model: str | None, app_version: str | None) -> None: ...


class Behaviour:
    __slots__ = ("_user_text", "claims", "erasure", "fed_user", "keys", "last_user", "pending", "regression",
                 "streamed")

    def __init__(self, regression: RegressionDetector | None = None, erasure: ErasureTracker | None = None,
                 keys: bool = True, claims: ClaimTracker | None = None) -> None:
        self.regression = regression if regression is not None else RegressionDetector()
        self.claims = claims if claims is not None else ClaimTracker()  # the turn's calls (unbacked_claim)
        self.erasure = erasure if erasure is not None else ErasureTracker()
        # fingerprint user texts (for erasures and for resuming at the next snapshot): False for a history judged
        # once with no snapshot before or after it (`repair()` without `previous`), where none is ever read
        self.keys = keys
        self.last_user: str | None = None  # fingerprint of the last user text: the request that led to calls
        self._user_text: str | None = None  # ... that text, until its fingerprint is needed (`user`)
        self.pending: list[Any] | None = None  # [first index, text, tools, args] of the assistant turn in progress
        self.streamed = False  # messages came as a stream: the stream's turns are judged, snapshots only erasures
        self.fed_user: str | None = None  # snapshots: the last user request fed to the detectors (where to resume)

    def on_context(self, system: Any = None, tools: Any = None) -> None:
        """What a request carries beside its messages: the system prompt (a top-level `system`,
        `systemInstruction` or `instructions`) and the tool definitions."""
        if system is not None:
            self.regression.on_system(system_text(system))
        if tools is not None:
            self.regression.on_tools(tools)

    def resume_at(self, messages: Sequence[Any], adapter: Dialect, views: Sequence[View | None] | None = None) -> int:
        """Where a request snapshot continues what the detectors have seen: right after the last request fed
        (found again by its text), so each turn is judged once, in the snapshot that first holds its answer.
        Messages after that request may be fed again (the call, its result): the detectors ignore repeats.
        A snapshot that no longer holds that request (trimmed, summarised) resumes at its own last request."""
        if self.fed_user is None:
            return 0
        last = -1
        for i in range(len(messages) - 1, -1, -1):
            v = views[i] if views is not None and i < len(views) else None
            m = messages[i]
            if v is None:
                try:
                    v = adapter.view(m)
                except ValueError:
                    continue
            if v.role is Role.USER and v.has_text and not v.results:
                key = user_key(adapter.text_of(m))
                if key == self.fed_user:
                    return i + 1
                if last < 0:
                    last = i
        return last if last >= 0 else len(messages)

    def feed_snapshot(self, messages: Sequence[Any], adapter: Dialect, views: Sequence[View | None] | None,
                      obs: TurnObserver | None, model: str | None, app_version: str | None,
                      steps: Sequence[Step] | None = None, origin: Sequence[int] | None = None) -> list[Finding]:
        """A request snapshot of a conversation known from snapshots only: judge the turns it adds (see
        `resume_at`). `steps`: the tracker's steps of these messages, if at hand (their views and calls)."""
        out: list[Finding] = []
        # what the claims tracker knew of the previous snapshot's last message is re-fed from the resume point
        self.claims.after_result = False
        for i in range(self.resume_at(messages, adapter, views), len(messages)):
            m = messages[i]
            if steps is not None and i < len(steps):
                v = steps[i].view
                calls: Sequence[tuple[str | None, str]] = steps[i].calls
                if v is None:
                    continue
            else:
                v = views[i] if views is not None and i < len(views) else None
                if v is None:
                    try:
                        v = adapter.view(m)
                    except ValueError:
                        continue
                calls = [(c.id, c.name) for c in v.calls if not c.malformed]
            out.extend(self._observe(v, calls, m, origin[i] if origin is not None else i, adapter, obs, model,
                                     app_version))
            if v.role is Role.USER and v.has_text and not v.results:
                self.fed_user = self.user()
        return out

    def observe(self, view: View, calls: Sequence[tuple[str | None, str]], msg: Any, index: int, adapter: Dialect,
                obs: TurnObserver | None, model: str | None, app_version: str | None) -> Sequence[Finding]:
        """A message of the conversation's stream."""
        self.streamed = True
        out = self._observe(view, calls, msg, index, adapter, obs, model, app_version)
        if adapter.binds_thinking and view.role is Role.ASSISTANT:
            dropped = adapter.dropped_thinking(msg)
            if dropped:  # the provider's own word that the application rewrote its history: a direct signal
                self.regression.erased = True
                out = [*out, Finding(FindingKind.THINKING_DROPPED_BY_PROVIDER, index,
                                     detail=f"the provider dropped {dropped} thinking block(s) whose prefix had "
                                     "changed (input_transformations): the history was rewritten", count=dropped)]
        return out

    def _observe(self, view: View, calls: Sequence[tuple[str | None, str]], msg: Any, index: int, adapter: Dialect,
                obs: TurnObserver | None, model: str | None, app_version: str | None) -> Sequence[Finding]:
        role = view.role
        if role is Role.ASSISTANT:
            tools: Sequence[str] = _NO_TOOLS
            args: Sequence[Any] = _NO_TOOLS
            if view.calls:
                # one pass over the calls: each call's arguments read once from the adapter, for every tracker
                tl: list[str] = []
                al: list[Any] = []
                il: list[str | None] = []
                for c in view.calls:
                    if not c.malformed:
                        tl.append(c.name)
                        al.append(adapter.call_arguments(msg, c.pos))
                        il.append(c.id)
                tools = tl
                args = al
                if tl:
                    self.claims.on_calls(tl, il)
            if calls and self.keys:
                on_call = self.erasure.on_call
                last = self.user()
                for cid, tool in calls:
                    if cid is not None:
                        on_call(cid, tool, last)
            if self.pending is None and not adapter.turn_spans_items:
                # one message is the whole model turn, decided at once (what flush below does with it); its text
                # is read only if the detector will look at it
                reg = self.regression
                if tools or not view.has_text:
                    text = adapter.text_of(msg)[:PENDING_TEXT] if view.has_text and reg.judges_text(tools) else ""
                    return self._decide(reg.on_assistant(index, text, tools, args), obs, model, app_version)
                reply = adapter.text_of(msg)  # a text reply: judged for an unbacked claim before the detector notes it
                claim = self.claims.on_reply(index, reply, reg)
                text = reply[:PENDING_TEXT] if reg.judges_text(tools) else ""
                return self._decide(reg.on_assistant(index, text, tools, args), obs, model, app_version, claim, reply)
            text = adapter.text_of(msg) if view.has_text else ""
            if self.pending is None:
                self.pending = [index, text[:PENDING_TEXT], list(tools), list(args)]
            else:
                if text:
                    self.pending[1] = (self.pending[1] + "\n" + text)[:PENDING_TEXT]
                earlier = self.pending[3] if len(self.pending) > 3 else [None] * len(self.pending[2])
                self.pending[2] = self.pending[2] + list(tools)
                self.pending[3] = list(earlier) + list(args)
            if not adapter.turn_spans_items:
                # one message is the whole model turn (text and calls together): decide it now, so the last turn
                # of a conversation that never ends is judged too. A turn spanning several items
                # waits for the next non-model item.
                return self.flush(obs, model, app_version)
            return _NO_FINDINGS
        if role is Role.REASONING or role is Role.OTHER or role is Role.INVALID:
            return _NO_FINDINGS
        out = self.flush(obs, model, app_version)
        if role is Role.SYSTEM:
            if view.has_text:
                self.regression.on_system(adapter.text_of(msg))
            return out
        if role is Role.TOOL or (role is Role.USER and view.results):
            # a results turn (even with a line of user text beside the results) is answered by the model's
            # final answer, which is no regression; its text still leads the calls that may follow
            result = adapter.result_text(msg)[:RESULT_TEXT]
            self.regression.on_tool_result(index, None, result)
            self.claims.on_result(result, [(r.call_id, r.name) for r in view.results])
            if view.has_text and self.keys:
                text = adapter.text_of(msg)
                if text:
                    self._set_user(text)
        elif role is Role.USER and view.has_text:
            text = adapter.text_of(msg)
            if relayed(text) and self.regression.has_request:
                # another agent's words or calls relayed as user text (ADK's "For context:"): no request of its
                # own; after a reply of the turn it is that agent's part of the turn, which goes on
                if self.regression.in_turn:
                    self.regression.on_tool_result(index, None, text[:RESULT_TEXT])
                else:
                    self.regression.facts.note(text)
                # the calls it relays are the turn's (they back what the reply tells of them), less the hand-offs
                # (which back nothing asked for); the person's request stays the turn's request
                called, returned = relayed_calls(text)
                called = [t for t in called if not routing(t)]
                returned = [t for t in returned if not routing(t)]
                if called or returned:
                    self.claims.on_relay(called, returned, text[:RESULT_TEXT])
            elif (
                (self.claims.pending and (bare_success(text) or (returned_value(text) and unwrapped(text) == text)))
                or execution_output(text)
                or (tool_file(text) and self.regression.tool_used)
            ):
                # a result of the turn's act sent as a user message, so the turn goes on as after a tool result: a
                # call's return value sent back as the next user text while the call waits (`{"success":true}`,
                # `true`; llm.rb's tests of 2024), a code executor's output (AutoGen), a file a tool returned
                # (pydantic-ai's "This is file …:")
                self.regression.on_tool_result(index, None, text[:RESULT_TEXT])
                self.claims.on_result(text[:RESULT_TEXT], ())
            elif self.regression.in_turn and go_on(text):
                # a framework's prompt to go on or close (AutoGen's default auto-reply, pydantic-ai's retry prompt)
                # after a reply: no request of its own; the turn goes on, its calls still back what is told
                self.regression.facts.note(text)
            else:
                asked = unwrapped(text) if text[:1] == "{" else text  # (ADK's {"request": "…"})
                # (while a call waits, the text may be its result in words: decided at the reply, `on_user`)
                self.regression.on_user(index, asked, bool(self.claims.pending))
                self.claims.on_user(asked)
            if self.keys:
                self._set_user(text)
        return out

    def _set_user(self, text: str) -> None:
        """The latest user text: fingerprinted when a call or the state needs it (most texts never are between
        two state writes); a long one at once (bounded memory)."""
        if len(text) > USER_TEXT_HELD:
            self._user_text = None
            self.last_user = user_key(text)
        else:
            self._user_text = text

    def user(self) -> str | None:
        """The fingerprint of the last user text."""
        text = self._user_text
        if text is not None:
            self._user_text = None
            self.last_user = user_key(text)
        return self.last_user

    def flush(self, obs: TurnObserver | None, model: str | None, app_version: str | None) -> Sequence[Finding]:
        """Decide the assistant turn in progress (the next message arrived, or the conversation ended)."""
        p = self.pending
        if p is None:
            return _NO_FINDINGS
        self.pending = None
        args = p[3] if len(p) > 3 else ()
        claim = self.claims.on_reply(p[0], p[1], self.regression) if p[1] and not p[2] else None
        return self._decide(self.regression.on_assistant(p[0], p[1], p[2], args), obs, model, app_version, claim,
                            p[1])

    def _decide(self, turn: AssistantTurn | None, obs: TurnObserver | None, model: str | None,
                app_version: str | None, claim: Claim | None = None, reply: str = "") -> Sequence[Finding]:
        out: Sequence[Finding] = _NO_FINDINGS
        if turn is not None:
            if turn.after_first_tool_use and obs is not None:
                obs.assistant_turn(turn.outcome, model, app_version)
            # the shared evidence (`_regression_tool`)
            lost = None if turn.expected_tool is None else _regression_tool(turn.expected_tool, reply,
                                                                             self.regression, self.claims, claim)
            if lost is not None:
                out = [Finding(FindingKind.TEXT_ONLY_REGRESSION, turn.index, None, lost, None,
                               turn.detail, round(turn.score, 3) if turn.score >= 0 else None)]
        if claim is not None and claim.score >= self.claims.threshold():
            out = [*out, Finding(FindingKind.UNBACKED_CLAIM, claim.index, None, claim.tool, None,
                                 f"{claim.rule}: {claim.detail}", round(claim.score, 3))]
        return out

    def on_snapshot(self, messages: Sequence[Any], adapter: Dialect, snapshot_no: int,
                    views: Sequence[View | None] | None = None, compacted: bool = False) -> list[Finding]:
        """A `request` snapshot: which earlier tool calls vanished while their user message is still there.

        `views`: the adapter's views of the messages, if already at hand (one per message, in order).
        `compacted`: the history was compacted (OpenTelemetry's `gen_ai.conversation.compacted`: a compaction keeps
        the user messages and folds the rest): the calls it dropped are forgotten, not reported as erased."""
        calls: dict[str, str] = {}
        users: list[int] = []  # the user texts' positions
        call_user: dict[str, int] = {}  # call id -> position of the user text before it (-1: none)
        last = -1
        for i, m in enumerate(messages):
            v = views[i] if views is not None else None
            if v is None:
                try:
                    v = adapter.view(m)
                except ValueError:
                    continue
            if v.role is Role.USER and v.has_text:
                last = i
                users.append(i)
            for c in v.calls:
                if c.id is not None and not c.malformed:
                    calls[c.id] = c.name
                    call_user[c.id] = last
        # the user texts are fingerprinted only where needed: for a call not remembered with its user text yet, and
        # all of them only if a remembered call is missing (`ErasureTracker.on_snapshot` reads them then only)
        keys = _UserKeys(messages, adapter, users)
        erasure = self.erasure
        for cid, tool in calls.items():
            if not erasure.keyed(cid):  # (a call remembered with its user text: `on_call` would change nothing)
                at = call_user[cid]
                erasure.on_call(cid, tool, keys.key(at) if at >= 0 else None)
        erased = erasure.on_snapshot(calls, keys, snapshot_no)
        if compacted:
            return []  # a compaction, not an erasure: the vanished calls are marked (reported once, never)
        if erased:
            self.regression.erased = True  # the history was rewritten: a feature of the turns judged from now on
        return [Finding(FindingKind.TOOL_HISTORY_ERASED, None, e.call_id, e.tool, None,
                        f"tool call missing from snapshot {e.snapshot_index}")
                for e in erased]

    def to_state(self) -> dict[str, Any]:
        st: dict[str, Any] = {BH_REGRESSION: self.regression.to_state(), BH_ERASURE: self.erasure.to_state()}
        cl = self.claims.to_state()
        if cl:
            st[BH_CLAIMS] = cl
        last = self.user()
        if last is not None:
            st[BH_LAST_USER] = last
        if self.pending is not None:
            st[BH_PENDING] = self.pending
        if self.streamed:
            st[BH_STREAMED] = 1
        if self.fed_user is not None:
            st[BH_FED_USER] = self.fed_user
        return st

    @classmethod
    def from_state(cls, st: Mapping[str, Any]) -> Behaviour:
        # built from its parts (not cls.__new__: mypyc-compiled classes have no __new__ to call)
        cl = st.get(BH_CLAIMS)
        b = cls(RegressionDetector.from_state(st[BH_REGRESSION]), ErasureTracker.from_state(st[BH_ERASURE]),
                claims=ClaimTracker.from_state(cl) if cl else None)
        b.last_user = st.get(BH_LAST_USER)
        b.pending = st.get(BH_PENDING)
        b.streamed = bool(st.get(BH_STREAMED, False))
        b.fed_user = st.get(BH_FED_USER)
        return b


__all__ = ["Behaviour"]
