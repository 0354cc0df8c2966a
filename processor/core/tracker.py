"""The incremental tool-call tracker: one conversation, one message at a time, O(1) amortised per message.

State is the open block (the calls of the last model turn still waiting for results), the output held back
behind it or behind a closed block that waits for late results, a bounded window of recently closed calls (to
tell a late or duplicate result from an orphan) and a few counters. Nothing grows with the length of the
history. `repair()` is this tracker run over a whole history, so streaming and batch agree by construction.
See docs/semantics.md for the rules.

Rule of this module (and of repair.py, behaviour.py): no dialect is named here. What differs between dialects
(where results live, model turns that must be merged, turns spanning several items, reasoning items, result
text, argument parsing) is a property or method of the adapter in `dialects/`.

Allowed lateness (the watermark idea of Flink and Beam): a block that closes with unanswered calls (a user
message, or the model moved on) is *held* for `late_result_grace_ms` of event time before it is decided. A
result that arrives inside the grace is moved into the block; after it, the block is filled or dropped as
usual and a later result is dropped as late. Everything after a held block waits with it (the output must
stay in order); conversations without held blocks flow at once. Held output counts against
`max_held_messages`: past it the oldest held block is decided early, as if its grace had run out. Without
timestamps (batch `repair()` with none given) every later result is inside the grace.

Modes. The open block (the calls of the last model turn) is in one of four modes, read from the tracker's
fields by `Tracker.mode`; `TRANSITIONS` below is the table of what each input may turn it into, and
`tests/unit/core/test_tracker_modes.py` drives the tracker over generated histories and fails on any move the
table does not list. The rules the table follows:

* IDLE: no open block. Messages go out as they come (unless older output is held: `held.py`).
* OPEN: a call turn's calls wait for results; output flows.
* HOLDING: OPEN, but the output from the call turn on is held back, so that a call can still be removed
  (strategy `drop`, a call no result can be made up for) or split results merged (block dialects).
* ANSWERED: every call has its result. The next message that is not a result closes the block cleanly.
* A message removed whole (empty, or every part of it dropped) changes nothing; an unknown item or an invalid
  role passes through and changes nothing.
* A user turn with text, a system message, a model turn without calls, or reasoning after results close the
  block; a call turn closes it and opens the next (or extends it: a model turn spanning several items).
* A block that closes with unanswered calls is decided at once (dangling: filled or dropped), or, when it is
  closed by a user turn or by the model moving on and `late_result_grace_ms` > 0, *held*: it waits for late
  results beside the next block (`held_blocks`). A held block is decided when its last late result comes, when
  its grace runs out (`feed`/`advance` with event time), at `max_held_messages`, when later calls reuse every
  id it waits for, or at `release_held`/`finish`. `finish` leaves the tracker IDLE with nothing held.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, Literal

from .dialects import ADAPTERS, PLAIN_TEXT, Dialect, get, sniff
from .findings import Action, DanglingReason, Finding, FindingKind, RepairAction
from .held import Anchor, Emitted, HeldOutput
from .model import JSON, SERVER_CALL, Call, Result, Role, View
from .outcomes import table as outcome_table
from .retries import Hit, Retries, annotations_of, dangling_outcome, declared_writes
from .state.layout import (
    BL_CALLS,
    BL_OPENED,
    BL_PARTIAL_REPORTED,
    BL_RESULTS_SEEN,
    BL_RESULTS_TURN,
    BL_SEQ,
    BL_START,
    BL_TS,
    BL_UNANSWERED,
    TR_ALIASES,
    TR_BLOCK,
    TR_BLOCK_SEQ,
    TR_DIALECT,
    TR_HELD_BASE,
    TR_HELD_BLOCKS,
    TR_HELD_QUEUE,
    TR_MESSAGES,
    TR_PENDING,
    TR_RECENT,
    TR_RETRIES,
    TR_SEEN_NON_SYSTEM,
    TR_THINKING_CHANGE,
    TR_THINKING_NEXT,
)
from .templates import CallInfo, Templates
from .thinking import THINKING_POLICIES, ModelPatterns, ThinkingPolicy, strips
from .toolspans import ToolRun, ToolRuns, lost_detail, placeholder

Strategy = Literal["fill", "drop"]
STRATEGIES: tuple[Strategy, ...] = ("fill", "drop")



class Mode(Enum):
    """What the open block is doing (see the rules above)."""

    IDLE = "idle"
    OPEN = "open"
    HOLDING = "holding"
    ANSWERED = "answered"


class Input(Enum):
    """What the tracker is given, as the mode table reads it."""

    CALLS = "calls"  # a model turn with tool calls
    MODEL = "model"  # a model turn without calls
    REASONING = "reasoning"  # a reasoning item (it waits for the item it belongs to)
    RESULTS = "results"  # a tool message, or a user turn of results only
    USER = "user"  # a user turn with text (results may come with it)
    SYSTEM = "system"
    OTHER = "other"  # an unknown item type or an invalid role: passed through
    REMOVED = "removed"  # a message removed whole (not a results turn: its results may move)
    ADVANCE = "advance"  # event time moved on (`advance`): the open block may time out
    FINISH = "finish"  # the history ends (`finish`)


_I, _M = Input, Mode
_UNCHANGED = {_I.OTHER, _I.REMOVED}

# mode -> input -> the modes it may lead to (transitions as data; a test checks the tracker against it)
TRANSITIONS: dict[Mode, dict[Input, frozenset[Mode]]] = {
    _M.IDLE: {
        _I.CALLS: frozenset({_M.OPEN, _M.HOLDING, _M.IDLE}),  # (IDLE: every call malformed, removed)
        **{i: frozenset({_M.IDLE}) for i in Input if i is not _I.CALLS},
    },
    _M.OPEN: {
        _I.CALLS: frozenset({_M.OPEN, _M.HOLDING, _M.IDLE}),  # closed, next opened (or the turn extended)
        _I.MODEL: frozenset({_M.IDLE}),
        _I.REASONING: frozenset({_M.OPEN, _M.IDLE}),  # closes only once results were seen
        _I.RESULTS: frozenset({_M.OPEN, _M.ANSWERED, _M.HOLDING, _M.IDLE}),  # (HOLDING: a partial results
        # turn of a block dialect; IDLE: a block dialect's complete results turn closes the block)
        _I.USER: frozenset({_M.IDLE}),
        _I.SYSTEM: frozenset({_M.IDLE}),
        **{i: frozenset({_M.OPEN}) for i in _UNCHANGED},
        _I.ADVANCE: frozenset({_M.OPEN, _M.IDLE}),  # (IDLE: `tool_result_timeout_ms` ran out)
        _I.FINISH: frozenset({_M.IDLE}),
    },
    _M.HOLDING: {
        _I.CALLS: frozenset({_M.HOLDING, _M.OPEN, _M.IDLE}),
        _I.MODEL: frozenset({_M.IDLE}),
        _I.REASONING: frozenset({_M.HOLDING, _M.IDLE}),
        _I.RESULTS: frozenset({_M.HOLDING, _M.ANSWERED, _M.IDLE}),
        _I.USER: frozenset({_M.IDLE}),
        _I.SYSTEM: frozenset({_M.IDLE}),
        **{i: frozenset({_M.HOLDING}) for i in _UNCHANGED},
        _I.ADVANCE: frozenset({_M.HOLDING, _M.IDLE}),
        _I.FINISH: frozenset({_M.IDLE}),
    },
    _M.ANSWERED: {
        _I.CALLS: frozenset({_M.OPEN, _M.HOLDING, _M.IDLE}),
        _I.MODEL: frozenset({_M.IDLE}),
        _I.REASONING: frozenset({_M.IDLE, _M.ANSWERED}),  # (ANSWERED: no result seen yet, server calls only)
        _I.RESULTS: frozenset({_M.ANSWERED}),  # a duplicate, an orphan, or a late result of a held block
        _I.USER: frozenset({_M.IDLE}),
        _I.SYSTEM: frozenset({_M.IDLE}),
        **{i: frozenset({_M.ANSWERED}) for i in _UNCHANGED},
        _I.ADVANCE: frozenset({_M.ANSWERED}),
        _I.FINISH: frozenset({_M.IDLE}),
    },
}


def is_transition_valid(source: Mode, given: Input, target: Mode) -> bool:
    """Whether the table allows the open block to go from `source` to `target` on `given`."""
    return target in TRANSITIONS[source][given]


_FK = FindingKind
_RA = RepairAction
_DR = DanglingReason
_HOLDABLE: Final = frozenset({DanglingReason.USER_INTERRUPT, DanglingReason.ASSISTANT_CONTINUED})
ARGS_KEPT: Final = 4096  # characters of a call's arguments kept for templates that show them
MAX_ID = 64  # longest fresh call id (Bedrock's limit, the strictest of the providers')


@dataclass(frozen=True)
class RepairConfig:
    strategy: Strategy = "fill"
    templates: Templates = field(default_factory=Templates)
    tool_result_timeout_ms: int = 600_000
    recent_window: int = 64  # closed calls remembered to classify late / duplicate results
    # event time a block that closed with unanswered calls waits for late results (0: decide at once, the late
    # result is dropped)
    late_result_grace_ms: int = 30_000
    max_held_messages: int = 256  # output held behind waiting blocks; past it the oldest is decided early
    # thinking whose prefix the repair changed (dialects that bind thinking): kept and reported, removed, or
    # removed for the models `thinking_models` names (None: the shipped patterns, thinking.py)
    thinking: ThinkingPolicy = "auto"
    thinking_models: ModelPatterns | None = None
    # retry boundaries (retries.py): findings on retries after failed results, and each result's outcome
    retries: bool = True
    max_retries: int = 3  # retries of one failed call (same tool and arguments) before `retry_limit_exceeded`

    def __post_init__(self) -> None:
        if self.strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {self.strategy!r} (expected fill or drop)")
        if self.thinking not in THINKING_POLICIES:
            raise ValueError(f"unknown thinking policy {self.thinking!r} (expected keep, strip_changed or auto)")
        if self.late_result_grace_ms < 0:
            raise ValueError("late_result_grace_ms must be >= 0")
        if self.max_held_messages < 1:
            raise ValueError("max_held_messages must be >= 1")
        if self.max_retries < 0:
            raise ValueError("max_retries must be >= 0")


DEFAULT_CONFIG = RepairConfig()


class Step:
    """What one call of the tracker decided: output that became final, findings, actions, calls opened."""

    __slots__ = ("actions", "calls", "findings", "messages", "results", "retries", "view")

    def __init__(self) -> None:
        self.messages: list[Emitted] = []
        # shared empty lists until something is added (most messages have no finding): never append to these
        # from outside the tracker
        self.findings: list[Finding] = _NONE
        self.actions: list[Action] = _NONE
        self.calls: list[tuple[str | None, str]] = _NONE
        # each result fed: (tool, outcome); each retry of a failed call: (tool, the failed attempt's outcome)
        self.results: list[tuple[str, str]] = _NONE
        self.retries: list[tuple[str, str]] = _NONE
        self.view: View | None = None  # the neutral view of the message fed (None for advance/finish)

    def __repr__(self) -> str:  # counts only: a step's messages hold conversation content
        return (f"Step(messages={len(self.messages)}, findings={len(self.findings)}, actions={len(self.actions)}, "
                f"calls={len(self.calls)})")


_NONE: Final[list[Any]] = []
_IDLE: Final = Step()  # what an idle tracker points at: it allocates a step only while it works


class _Call:
    """A call of the open block; once its block closes, the same object is its entry in the recent window."""

    __slots__ = ("answered", "args", "bad_args", "index", "kind", "name", "pos", "real", "reported", "slot",
                 "user_index")

    def __init__(self, name: str, index: int, kind: str, pos: int, slot: int, real: bool,
                 answered: bool = False) -> None:
        self.name = name
        self.index = index
        self.kind = kind
        self.pos = pos  # position inside its native message
        self.slot = slot  # absolute slot of its message in the held output (-1: not held)
        self.real = real  # False for positional ids (calls without an id)
        self.answered = answered
        self.user_index: int | None = None  # closed: the user message that closed its block, if one did
        self.reported = False  # closed: interleaved_user_message already reported for that user message
        self.bad_args = ""  # why its arguments do not parse ("" when they do)
        self.args: Any = None  # its arguments, kept only when templates show them

    def to_state(self, cid: str) -> list[Any]:
        s = [cid, self.name, self.index, self.kind, self.pos, self.slot, int(self.real), int(self.answered)]
        if self.bad_args or self.args is not None:
            s += [self.bad_args, self.args]
        return s

    @classmethod
    def from_state(cls, s: list[Any]) -> tuple[str, _Call]:
        c = cls(s[1], s[2], s[3], s[4], s[5], bool(s[6]), bool(s[7]))
        if len(s) > 8:
            c.bad_args, c.args = s[8], s[9]
        return s[0], c


class _Block:
    __slots__ = ("calls", "opened", "partial_reported", "results_seen", "results_turn", "seq", "start", "ts",
                 "unanswered")

    def __init__(self, opened: int, ts: int | None, seq: int) -> None:
        self.opened = opened
        self.ts = ts
        self.seq = seq
        self.calls: dict[str, _Call] = {}
        self.unanswered = 0
        self.results_seen = False
        self.start = -1  # absolute slot from which its output is held (-1: not held)
        self.results_turn = -1  # block dialects: slot of a partial results-only turn
        self.partial_reported = False


class _Held:
    """A block that closed with unanswered calls, waiting (in event time) for late results."""

    __slots__ = ("anchor", "calls", "closer", "deadline", "host", "opened", "partial_reported", "reason", "start",
                 "waiting")

    def __init__(self, calls: dict[str, _Call], waiting: int, start: int, anchor: int, reason: DanglingReason,
                 closer: int | None, deadline: int | None, opened: int, partial_reported: bool) -> None:
        self.calls = calls
        self.waiting = waiting  # unanswered calls with a real id (only those can be answered late)
        self.start = start  # first held slot of its output
        self.anchor = anchor  # slot of its Anchor
        self.host = -1  # block dialects: slot of the user turn its result parts go into (-1: none)
        self.reason = reason
        self.closer = closer
        self.deadline = deadline  # event time its grace runs out (None: only finish decides it)
        self.opened = opened
        self.partial_reported = partial_reported

    def to_state(self) -> list[Any]:
        return [[[c.to_state(cid), c.user_index, int(c.reported)] for cid, c in self.calls.items()], self.waiting,
                self.start, self.anchor,
                self.host, self.reason.value, self.closer, self.deadline, self.opened, int(self.partial_reported)]


_KEEP: Final = 1
_DROP: Final = 0
_MOVED: Final = 2


class Tracker:
    """Tracks and repairs one conversation. Feed native messages in order; read each returned Step."""

    def __init__(self, dialect: str = "auto", config: RepairConfig = DEFAULT_CONFIG) -> None:
        self.config = config
        self._d: Dialect | None = None if dialect == "auto" else get(dialect)
        self._n = 0
        self._seen_non_system = False
        self._block: _Block | None = None
        self._block_seq = 0
        self._recent: dict[str, _Call] = {}  # insertion-ordered: the oldest closed call first
        self._pending: list[Emitted] = []  # reasoning items waiting for the item they precede
        # held output (held.py), released in order once nothing before it waits
        self._q = HeldOutput()
        self._held: list[_Held] = []  # closed blocks waiting for late results, oldest first
        self._waiting: dict[str, _Held] = {}  # call id -> its held block, for the calls still unanswered
        self._ts: int | None = None  # event time of the message being fed
        # reused call ids: the id a later call reused -> the fresh id that call carries in the output (results
        # with the id belong to it, the most recent call with their id); kept while that call is remembered
        self._alias: dict[str, str] = {}
        self._step = Step()
        # thinking bound to its prefix (dialects that bind it): the output is compared with the input as it is
        # finalized. `_change`: input index where the output first differs from the input (-1: not yet); until
        # then `_next` is the input index the next output message has when nothing changed
        self._binds = self._d is not None and self._d.binds_thinking
        self._change = -1
        self._next = 0
        self._thinking = False  # a message with thinking was fed (since the tracker was made or restored)
        self._orig: JSON = None  # the message being fed, as it came
        self.model: str | None = None  # the model the history is sent to (thinking="auto")
        # the conversation's tool runs (spans), joined to dangling calls when they are decided (toolspans.py);
        # None: no run is known (tool spans off, or none came)
        self.runs: ToolRuns | None = None
        # retry boundaries and result outcomes (None: off)
        self._rt: Retries | None = Retries(config.templates.non_idempotent_tools, config.max_retries) \
            if config.retries else None
        self._answer: tuple[str, str] | None = None  # the call (id, tool) the last result classified answers

    def __repr__(self) -> str:  # counts only: the tracker holds conversation content
        return (f"Tracker(dialect={self.dialect or 'auto'}, mode={self.mode.value}, messages_seen={self._n}, "
                f"open_calls={self.open_calls}, held_messages={self.held_messages}, "
                f"held_blocks={self.held_blocks})")

    # -- public ---------------------------------------------------------------------------------------------
    @property
    def dialect(self) -> str | None:
        return self._d.name if self._d is not None else None

    @property
    def adapter(self) -> Dialect | None:
        """The dialect adapter, once the dialect is known."""
        return self._d

    @property
    def mode(self) -> Mode:
        """The open block's mode (the table at the top of this module)."""
        b = self._block
        if b is None:
            return Mode.IDLE
        if not b.unanswered:
            return Mode.ANSWERED
        return Mode.HOLDING if b.start >= 0 else Mode.OPEN

    @property
    def messages_seen(self) -> int:
        return self._n

    @property
    def open_calls(self) -> int:
        """Calls still waiting for a result: of the open block, and of held blocks."""
        b = self._block
        n = b.unanswered if b is not None else 0
        return n + len(self._waiting) if self._waiting else n

    @property
    def held_messages(self) -> int:
        """Output messages held back behind a block that is not decided yet."""
        return self._q.messages

    @property
    def held_blocks(self) -> int:
        """Closed blocks waiting for late results (their grace has not run out)."""
        return len(self._held)

    @property
    def open_since(self) -> int | None:
        """Event time of the open block with unanswered calls (for timeouts), else None."""
        b = self._block
        return b.ts if b is not None and b.unanswered else None

    @property
    def next_deadline(self) -> int | None:
        """The event time at which `advance` next has something to decide (a timeout or a grace), else None."""
        b = self._block
        out = b.ts + self.config.tool_result_timeout_ms if b is not None and b.unanswered and b.ts is not None \
            else None
        for h in self._held:
            if h.deadline is not None and (out is None or h.deadline < out):
                out = h.deadline
        return out

    def call_status(self, call_id: str) -> int:
        """What the tracker knows of a call id: 0 nothing (never seen, or forgotten), 1 waiting for its result (open
        or held), 2 answered, 3 decided without a result (dangling)."""
        b = self._block
        if b is not None:
            c = b.calls.get(call_id)
            if c is not None:
                return 2 if c.answered else 1
        if call_id in self._waiting:
            return 1
        c = self._recent.get(call_id)
        if c is None:
            return 0
        return 2 if c.answered else 3

    def feed(self, msg: JSON, tag: Any = None, ts: int | None = None) -> Step:
        self._step = Step()
        idx = self._n
        self._n += 1
        self._ts = ts
        if self._held and ts is not None:
            self._expire(ts, tag)
        d = self._d
        if d is None:
            name = sniff(msg)
            if name is not None:
                d = self._d = ADAPTERS[name]
                if d.binds_thinking and self._change < 0:
                    # the messages before were read as plain text, returned as they came: the output is compared
                    # with the input from the first of them not returned yet
                    self._next = self._first_unreturned(idx)
                self._binds = d.binds_thinking
                view = d.view(msg)
            else:
                view = PLAIN_TEXT.view(msg)  # plain text: every dialect reads it alike
        else:
            view = d.view(msg)
        step = self._step
        self._orig = msg
        blanked = False
        if view.blank:  # empty text parts beside other content: removed before anything else reads the message
            assert d is not None
            self._find(_FK.EMPTY_TEXT_BLOCK, idx)
            self._act(_RA.REMOVE_EMPTY_TEXT, idx)
            msg = d.remove_blank(msg)
            view = d.view(msg)
            blanked = True
        step.view = view
        if view.thinking:
            self._thinking = True
        role = view.role
        rt = self._rt
        # a reply after a failed retry: judged once the block it closes is decided (its unanswered calls count)
        judge = rt is not None and role is Role.ASSISTANT and view.has_text and not view.calls
        if judge and (self._block is None or self._block.unanswered == 0):
            judge = False
            if rt is not None and rt.claim is not None:
                assert d is not None
                self._hit(rt.on_text(d.text_of(msg), idx))
        # fast paths for the messages most histories are made of; the general rules below agree with them
        if self._q or blanked:
            pass
        elif view.simple and not self._pending:
            b = self._block
            if b is None:
                self._seen_non_system = True
                step.messages.append(Emitted(msg, tag, idx))
                self._step = _IDLE
                return step if not self._binds or self._in_order(idx) else self._finalize(step)
            if b.unanswered == 0 and b.start < 0:  # a text message after a complete block closes it cleanly
                self._seen_non_system = True
                self._close(None, None, tag)
                step.messages.append(Emitted(msg, tag, idx))
                self._step = _IDLE
                return step if not self._binds or self._in_order(idx) else self._finalize(step)
        elif role is Role.TOOL and self._block is not None and not self._alias:
            b = self._block
            c = b.calls.get(view.results[0].call_id or "")
            if c is not None and not c.answered and b.start < 0 and not self._pending:
                c.answered = True
                b.unanswered -= 1
                b.results_seen = True
                if rt is not None:
                    self._outcome(view.results[0].call_id or "", c.name, msg, -1)
                step.messages.append(Emitted(msg, tag, idx))
                self._step = _IDLE
                return step if not self._binds or self._in_order(idx) else self._finalize(step)
        if role is Role.ASSISTANT:
            self._assistant(msg, view, idx, tag, ts)
        elif role is Role.TOOL:
            self._flat_result(msg, view.results[0], idx, tag)
        elif role is Role.USER:
            self._seen_non_system = True
            self._user(msg, view, idx, tag)
        elif role is Role.SYSTEM:
            if view.empty:
                self._find(_FK.EMPTY_CONTENT, idx)
                self._act(_RA.DROP_MESSAGE, idx)
                return self._take()
            placed = d.system_message(msg) if d is not None else None
            if placed is not None:  # the dialect has no system role in its messages
                self._find(_FK.INVALID_ROLE, idx, detail="role 'system': kept in place as a user turn")
                self._act(_RA.SYSTEM_AS_USER, idx)
            elif self._seen_non_system:
                self._find(_FK.SYSTEM_NOT_FIRST, idx)
            if self._block is not None:
                self._close(_DR.USER_INTERRUPT, idx, tag)
            self._flush_pending()
            self._emit(Emitted(msg if placed is None else placed, tag, idx, modified=placed is not None))
        elif role is Role.REASONING:
            self._reasoning(msg, idx, tag)
        elif role is Role.INVALID:
            self._flush_pending()
            self._find(_FK.INVALID_ROLE, idx, detail=f"role {view.raw_role[:32]!r}")
            self._emit(Emitted(msg, tag, idx))
        else:
            if view.raw_role:  # an item type the dialect does not know: passed through, with a warning
                self._find(_FK.UNKNOWN_ITEM_TYPE, idx, detail=f"type {view.raw_role[:32]!r}")
            self._flush_pending()
            self._emit(Emitted(msg, tag, idx))
        if judge and rt is not None and rt.claim is not None:
            assert d is not None
            self._hit(rt.on_text(d.text_of(msg), idx))
        if self._held and len(self._q) > self.config.max_held_messages:
            while self._held and len(self._q) > self.config.max_held_messages:
                self._decide(self._held[0], tag)  # at the limit: decided early, as if its grace ran out
        if blanked:
            self._mark_modified(idx)
        return self._take()

    def declare_tools(self, tools: Any) -> None:
        """The request's tool definitions (any dialect's shape): those whose annotations say they are not
        idempotent (MCP hints) count as writes for the retry boundaries, beside the configured ones."""
        rt = self._rt
        if rt is None or not isinstance(tools, list):
            return
        pairs: list[tuple[str, Any]] = []
        for tool in tools[:256]:
            if not isinstance(tool, dict):
                continue
            decls = None
            for d in ((self._d,) if self._d is not None else tuple(ADAPTERS.values())):
                if d is not None:
                    decls = d.tool_declarations(tool)
                    if decls:
                        break
            for decl in decls or (tool,):
                name = decl.get("name")
                if isinstance(name, str):
                    pairs.append((name, annotations_of(decl, tool)))
        rt.declare(sorted(declared_writes(pairs)))

    def advance(self, watermark_ms: int, tag: Any = None) -> Step:
        """Event time moved on: decide held blocks whose grace ran out, close the open block if overdue."""
        self._step = Step()
        if self._held:
            self._expire(watermark_ms, tag)
        b = self._block
        if b is not None and b.unanswered and b.ts is not None \
                and watermark_ms >= b.ts + self.config.tool_result_timeout_ms:
            self._close(_DR.TIMEOUT, None, tag)
        return self._take()

    def release_held(self, tag: Any = None) -> Step:
        """Decide every held block now, as if its grace had run out, and release the output behind it (the
        partition does this when a conversation's state would outgrow its byte budget)."""
        self._step = Step()
        while self._held:
            self._decide(self._held[0], tag)
        return self._take()

    def finish(self, reason: DanglingReason = DanglingReason.UNANSWERED_AT_REQUEST, tag: Any = None) -> Step:
        """The history ends here (sent to a model, `end` event, eviction): decide held blocks and the open one."""
        self._step = Step()
        while self._held:
            self._decide(self._held[0], tag)
        if self._block is not None:
            self._close(reason, None, tag, final=True)
        self._flush_pending()
        return self._take()

    # -- message kinds ------------------------------------------------------------------------------------
    def _assistant(self, msg: JSON, view: View, idx: int, tag: Any, ts: int | None) -> None:
        self._seen_non_system = True
        d = self._d
        assert d is not None or not view.calls
        b = self._block
        extends = b is not None and view.calls and not b.results_seen and d is not None and d.turn_spans_items
        # 1. clean the message first: a message that turns out empty is removed and closes nothing
        modified = False
        if view.results:  # results of server calls, in the model's own turn: of the open block's paused calls?
            assert d is not None
            remove: list[int] = []
            for r in view.results:
                c0 = b.calls.get(r.call_id or "") if b is not None else None
                if b is not None and c0 is not None and c0.kind == SERVER_CALL and not c0.answered:
                    c0.answered = True  # the turn goes on after a pause: the paused call's result
                    b.unanswered -= 1
                else:
                    self._find(_FK.ORPHAN_TOOL_RESULT, idx, r.call_id or None, detail="server tool result")
                    self._act(_RA.DROP_RESULT, idx, r.call_id or None)
                    remove.append(r.pos)
            if remove:
                new = d.remove_results(msg, remove)
                if new is None:
                    self._act(_RA.DROP_MESSAGE, idx)
                    return
                msg = new
                view = d.view(msg)
                modified = True
        if view.empty_tool_calls:
            self._find(_FK.EMPTY_TOOL_CALLS, idx)
            self._act(_RA.REMOVE_EMPTY_TOOL_CALLS, idx)
            assert d is not None
            msg = d.drop_empty_tool_calls(msg)
            modified = True
        good: list[tuple[str, Any, bool]] = []
        if view.calls:
            assert d is not None
            bad: list[int] = []
            seen: set[str] = set()
            # (made when first needed: most call messages need none of them)
            renames: list[tuple[int, str]] = _NONE
            rewrites: list[int] = _NONE
            shadowed: list[_Held] = _NONE
            per_name: dict[str, int] = {}
            seq = b.seq if extends and b is not None else self._block_seq + 1
            pattern = d.id_pattern
            for c in view.calls:
                if c.malformed:
                    self._find(_FK.MALFORMED_TOOL_CALL, idx, c.id, c.name or None, detail=c.malformed)
                    self._act(_RA.DROP_CALL, idx, c.id, c.name or None)
                    bad.append(c.pos)
                    continue
                cid = c.id
                real = cid is not None
                if cid is None:  # pair by name and order inside the block (dialects with optional ids)
                    k = per_name.get(c.name, 0)
                    per_name[c.name] = k + 1
                    cid = f"#{seq}.{c.name}.{k}"
                elif cid in seen or (b is not None and cid in b.calls) or cid in self._recent \
                        or cid in self._waiting or (self._alias and cid in self._alias):
                    # a reused id: results from here on belong to this call (the most recent with the id), so
                    # it gets a fresh id and the earlier call waits for no more results
                    fresh = self._fresh_id(cid, idx, seen, b, d)
                    self._find(_FK.DUPLICATE_TOOL_CALL_ID, idx, cid, c.name, detail=f"reused: renamed to {fresh}")
                    self._act(_RA.RENAME_CALL_ID, idx, cid, c.name, to=fresh)
                    h = self._waiting.pop(self._alias.get(cid, cid), None) if self._waiting else None
                    if h is not None:
                        h.waiting -= 1
                        if h.waiting == 0:
                            if shadowed is _NONE:
                                shadowed = []
                            shadowed.append(h)
                    self._alias[cid] = fresh
                    if renames is _NONE:
                        renames = []
                    renames.append((c.pos, fresh))
                    cid = fresh
                elif pattern is not None and not pattern.fullmatch(cid):
                    # an id the provider refuses: rewritten here and on its results
                    fresh = self._fresh_id(cid, -1, seen, b, d)
                    self._find(_FK.INVALID_TOOL_CALL_ID, idx, cid, c.name, detail=f"renamed to {fresh}")
                    self._act(_RA.RENAME_CALL_ID, idx, cid, c.name, to=fresh)
                    self._alias[cid] = fresh
                    if renames is _NONE:
                        renames = []
                    renames.append((c.pos, fresh))
                    cid = fresh
                seen.add(cid)
                good.append((cid, c, real))
                if c.rewrite:
                    if rewrites is _NONE:
                        rewrites = []
                    rewrites.append(c.pos)
                    self._act(_RA.REWRITE_ARGUMENTS, idx, cid if real else None, c.name)
            if renames:
                msg = d.rename_calls(msg, renames)
                modified = True
            if rewrites:
                msg = d.rewrite_calls(msg, rewrites)
                modified = True
            for h in shadowed:  # every call it waited for was shadowed: nothing more can come
                self._decide(h, tag)
            if bad:
                new = d.remove_calls(msg, bad)
                if new is None:
                    self._act(_RA.DROP_MESSAGE, idx)
                    self._drop_pending_reasoning()
                    return
                msg = new
                modified = True
                if good:  # positions moved: read them again from the rewritten message
                    moved = d.view(msg).calls
                    good = [(cid, fc, real) for (cid, _, real), fc in zip(good, moved, strict=True)]
        if not good and view.empty:
            self._find(_FK.EMPTY_CONTENT, idx)
            self._act(_RA.DROP_MESSAGE, idx)
            return
        # 2. the model spoke: the open block is decided (unless this call item extends a multi-item turn)
        if b is not None and not extends:
            self._close(_DR.ASSISTANT_CONTINUED, idx, tag)
            b = None
        if good and d is not None and d.merges_model_turns:
            # a call turn must follow a user or response turn: a model turn that closing the block just left
            # before it (drop removed its calls) is merged into it, past messages the turn order does not see
            # (unknown roles). (A model turn emitted earlier is out of reach: see docs/semantics.md, limits.)
            prev = self._take_model_turn(d)
            if prev is not None:
                msg, shift = d.merge_turns(prev.message, msg)
                good = [(cid, Call(c.id, c.name, c.pos + shift), real) for cid, c, real in good]
                modified = True
                self._act(_RA.MERGE_TURNS, prev.index)
        if not good:
            self._flush_pending()
            self._emit(self._emitted(msg, tag, idx, modified))
            return
        # 3. open (or extend) the block
        assert d is not None
        if b is None:
            self._block_seq += 1
            b = self._block = _Block(idx, ts, self._block_seq)
            if self.config.strategy == "drop":
                b.start = self._q.end
        elif b.ts is None:
            b.ts = ts
        if b.start < 0 and not d.fills_every_kind and not all(d.can_fill(d.call_kind(msg, c.pos))
                                                               for _, c, _ in good):
            b.start = self._q.end  # a call no result can be made up for: held, so that it can be removed
        self._flush_pending()
        slot = self._q.end if b.start >= 0 else -1
        keep_args = self.config.templates.shows_call
        for cid, c, real in good:
            call = _Call(sys.intern(c.name), idx, d.call_kind(msg, c.pos), c.pos, slot, real)
            call.bad_args = d.arguments_error(msg, c.pos)
            if keep_args:
                call.args = d.arguments(msg, c.pos, ARGS_KEPT)
            b.calls[cid] = call
            if self._step.calls is _NONE:
                self._step.calls = []
            self._step.calls.append((cid if real else None, c.name))
            rt = self._rt
            if rt is not None:
                hits, kind = rt.on_call(cid, call.name, d.call_arguments(msg, c.pos), idx, cid if real else None)
                for hit in hits:
                    self._hit(hit)
                if kind:
                    if self._step.retries is _NONE:
                        self._step.retries = []
                    self._step.retries.append((call.name, kind))
        b.unanswered += len(good)
        self._emit(self._emitted(msg, tag, idx, modified))

    def _emitted(self, msg: JSON, tag: Any, idx: int, modified: bool) -> Emitted:
        """A model turn's output; where thinking binds, a rewritten one says how much of it is as in the input."""
        e = Emitted(msg, tag, idx, modified=modified)
        if msg is not self._orig and self._binds:
            d = self._d
            assert d is not None
            e.kept = d.first_changed_part(self._orig, msg)
        return e

    def _reasoning(self, msg: JSON, idx: int, tag: Any) -> None:
        """Reasoning items wait for the item they belong to (it decides where they go)."""
        self._seen_non_system = True
        b = self._block
        if b is not None and b.results_seen:
            self._close(_DR.ASSISTANT_CONTINUED, idx, tag)
        self._pending.append(Emitted(msg, tag, idx))

    def _take_model_turn(self, d: Dialect) -> Emitted | None:
        """The model turn (without calls) just before, if it is still ours to change. Removed messages and
        messages the dialect's turn order does not see (`is_unseen_turn`) may lie between: it is taken past
        them."""
        q = self._q
        for slot in range(q.end - 1, q.base - 1, -1):
            e = q.at(slot)
            if e is None:
                continue
            if not isinstance(e, Emitted) or e.synthesized:
                return None
            if d.is_plain_model_turn(e.message):
                q.take(slot)
                return e
            if not d.is_unseen_turn(e.message):
                return None
        out = self._step.messages
        for k in range(len(out) - 1, -1, -1):
            e = out[k]
            if e.synthesized:
                return None
            if d.is_plain_model_turn(e.message):
                del out[k]
                return e
            if not d.is_unseen_turn(e.message):
                return None
        return None

    def _drop_pending_reasoning(self) -> None:
        """The call a reasoning item belonged to was removed: the reasoning item goes with it."""
        p = self._pending
        d = self._d
        if p and d is not None and d.is_reasoning(p[-1].message):
            self._act(_RA.DROP_REASONING, p[-1].index)
            p.pop()

    def _flat_result(self, msg: JSON, r: Result, idx: int, tag: Any) -> None:
        self._seen_non_system = True
        self._flush_pending()
        verdict, renamed_to, h = self._classify(r, idx)
        if verdict == _DROP:
            self._act(_RA.DROP_RESULT, idx, r.call_id)
            return
        if self._rt is not None and self._answer is not None:
            self._outcome(self._answer[0], self._answer[1], msg, r.pos)
        if renamed_to is not None:
            d = self._d
            assert d is not None
            self._act(_RA.RENAME_CALL_ID, idx, r.call_id, to=renamed_to)
            msg = d.rename_results(msg, [(r.pos, renamed_to)])
        if verdict == _MOVED:
            assert h is not None
            anchor = self._q.at(h.anchor)
            assert isinstance(anchor, Anchor)
            anchor.msgs.append(Emitted(msg, tag, idx))
            if h.waiting == 0:
                self._decide(h, tag)
            return
        self._emit(Emitted(msg, tag, idx))
        b = self._block
        if b is not None and b.unanswered == 0 and b.start >= 0:
            self._release(b)

    def _user(self, msg: JSON, view: View, idx: int, tag: Any) -> None:
        d = self._d
        modified = False
        if view.results:
            assert d is not None
            if view.results_after_text:
                self._find(_FK.TOOL_RESULT_NOT_FIRST, idx)
                self._act(_RA.REORDER_RESULTS_FIRST, idx)
                msg = d.results_first(msg)
                view = d.view(msg)
                modified = True
            verdicts = []
            moved: list[tuple[Result, _Held]] = []
            renames: list[tuple[int, str]] = []
            for r in view.results:
                v, renamed_to, h = self._classify(r, idx)
                verdicts.append((r, v))
                if v != _DROP and self._rt is not None and self._answer is not None:
                    self._outcome(self._answer[0], self._answer[1], msg, r.pos)
                if v != _DROP and renamed_to is not None:
                    self._act(_RA.RENAME_CALL_ID, idx, r.call_id, to=renamed_to)
                    renames.append((r.pos, renamed_to))
                if v == _MOVED:
                    assert h is not None
                    moved.append((r, h))
            if renames:
                msg = d.rename_results(msg, renames)
                modified = True
            decided: list[_Held] = []
            for r, h in moved:
                anchor = self._q.at(h.anchor)
                assert isinstance(anchor, Anchor)
                anchor.parts.extend(d.result_parts(msg, [r.pos]))
                if h.waiting == 0 and h not in decided:  # (several late results of one block: decided once)
                    decided.append(h)
            remove = [r.pos for r, v in verdicts if v != _KEEP]
            for r, v in verdicts:
                if v == _DROP:
                    self._act(_RA.DROP_RESULT, idx, r.call_id)
            for h in decided:
                self._decide(h, tag)
            kept = [r.pos for r, v in verdicts if v == _KEEP]
            b = self._block
            if kept and b is not None and b.results_turn >= 0:
                # results split over several user turns: they move into the first (held) one
                turn = self._q.at(b.results_turn)
                assert isinstance(turn, Emitted)
                turn.message = d.add_results(turn.message, d.result_parts(msg, kept))
                turn.modified = True
                self._act(_RA.MERGE_RESULTS, idx)
                if not b.partial_reported:
                    b.partial_reported = True
                    self._find(_FK.PARTIAL_PARALLEL_RESULTS, b.opened, detail="results split over several user turns")
                remove = sorted(remove + kept)
                kept = []
            if remove:
                new = d.remove_results(msg, remove)
                if new is None:
                    self._act(_RA.DROP_MESSAGE, idx)
                    b = self._block
                    if b is not None and b.unanswered == 0 and b.results_turn >= 0:
                        self._close(None, None, tag)
                    return
                msg = new
                modified = True
            if not view.has_text:
                self._results_turn(msg, idx, tag, modified)
                return
        elif view.empty:
            self._find(_FK.EMPTY_CONTENT, idx)
            self._act(_RA.DROP_MESSAGE, idx)
            return
        # a user message with text: it closes the open block
        b = self._block
        held: _Held | None = None
        if b is not None:
            block_style = d is not None and d.block_style
            parts, held = self._close(_DR.USER_INTERRUPT, idx, tag, host=block_style)
            if parts:
                assert d is not None
                msg = d.add_results(msg, parts)
                modified = True
            if held is not None and (not block_style or held.host >= 0):
                held = None  # its results go to its anchor or its own results turn
        self._flush_pending()
        self._emit(Emitted(msg, tag, idx, modified=modified))
        if held is not None:
            held.host = self._q.end - 1

    def _results_turn(self, msg: JSON, idx: int, tag: Any, modified: bool) -> None:
        """Block dialects: a user turn holding only (wanted) results: complete, or held for more."""
        b = self._block
        assert b is not None
        self._flush_pending()
        if b.unanswered:
            if b.start < 0:
                b.start = self._q.end
            b.results_turn = self._q.end
            self._q.append(Emitted(msg, tag, idx, modified=modified))
            return
        self._emit(Emitted(msg, tag, idx, modified=modified))
        self._close(None, None, tag)

    # -- results --------------------------------------------------------------------------------------------
    def _classify(self, r: Result, idx: int) -> tuple[int, str | None, _Held | None]:
        """Does this result answer an open call (_KEEP), a held block's call (_MOVED), or neither (_DROP)?
        Reports why not. Returns the verdict, the fresh id the result's id is read as (a reused id) or None,
        and the held block a _MOVED result goes to."""
        b = self._block
        cid = r.call_id
        renamed_to: str | None = None
        self._answer = None
        if cid is not None and self._alias:
            new = self._alias.get(cid)
            if new is not None:  # a reused id: the result belongs to the most recent call with it
                cid = renamed_to = new
        if cid is None:  # pair by name (dialects with optional ids): in the open block, else the one held call
            cid = self._match_name(r.name)
            if cid is None and self._waiting:
                cid = self._match_waiting_name(r.name)
            if cid is None:
                self._find(_FK.ORPHAN_TOOL_RESULT, idx, None, r.name)
                return _DROP, renamed_to, None
        if b is not None:
            c = b.calls.get(cid)
            if c is None and r.name is not None:  # an id on the response but not on the call
                alt = self._match_name(r.name)
                if alt is not None and not b.calls[alt].real:
                    cid, c = alt, b.calls[alt]
            if c is not None:
                if c.answered:
                    self._find(_FK.DUPLICATE_TOOL_RESULT, idx, cid if c.real else None, c.name)
                    return _DROP, renamed_to, None
                c.answered = True
                b.unanswered -= 1
                b.results_seen = True
                self._answer = (cid, c.name)
                return _KEEP, renamed_to, None
        h = self._waiting.pop(cid, None) if self._waiting else None
        if h is not None:
            c = h.calls[cid]
            c.answered = True
            h.waiting -= 1
            self._answer = (cid, c.name)
            self._late(c, cid, idx, "moved into place")
            self._act(_RA.MOVE_RESULT, idx, cid, c.name)
            return _MOVED, renamed_to, h
        closed = self._recent.get(cid)
        if closed is not None:
            if closed.answered:
                self._find(_FK.DUPLICATE_TOOL_RESULT, idx, cid if closed.real else None, closed.name)
                return _DROP, renamed_to, None
            self._late(closed, cid, idx, "")
            return _DROP, renamed_to, None
        self._find(_FK.ORPHAN_TOOL_RESULT, idx, cid)
        return _DROP, renamed_to, None

    def _late(self, closed: _Call, cid: str, idx: int, detail: str) -> None:
        shown = cid if closed.real else None
        self._find(_FK.LATE_TOOL_RESULT, idx, shown, closed.name, detail=detail)
        u = closed.user_index
        if u is not None and not closed.reported:
            self._find(_FK.INTERLEAVED_USER_MESSAGE, u, shown, closed.name)
            for other in self._recent.values():
                if other.user_index == u:
                    other.reported = True
            closed.reported = True

    def _match_waiting_name(self, name: str | None) -> str | None:
        """The id of the only held call of that name still waiting (None if there is none, or several)."""
        found = None
        for cid, h in self._waiting.items():
            if h.calls[cid].name == name:
                if found is not None:
                    return None
                found = cid
        return found

    def _match_name(self, name: str | None) -> str | None:
        b = self._block
        if b is None or name is None:
            return None
        answered = None
        for cid, c in b.calls.items():
            if c.name == name:
                if not c.answered:
                    return cid
                answered = cid
        return answered  # a second response for an answered call: reported as a duplicate

    def _mark_modified(self, idx: int) -> None:
        """The message fed was rewritten before it was read (blank parts removed): wherever it went, it is
        marked modified."""
        for e in (*self._step.messages, *self._q, *self._pending):
            if isinstance(e, Emitted) and e.index == idx:
                e.modified = True

    # -- reused ids -----------------------------------------------------------------------------------------
    def _in_use(self, cid: str, seen: set[str], b: _Block | None) -> bool:
        """Whether a call id is taken: by a call of this message, of the open block, a remembered closed call, a
        held call, or as an id a later call reused."""
        return cid in seen or (b is not None and cid in b.calls) or cid in self._recent or cid in self._waiting \
            or cid in self._alias

    def _fresh_id(self, cid: str, idx: int, seen: set[str], b: _Block | None, d: Dialect) -> str:
        """A deterministic new id for a call that reused `cid` at input index `idx`: `<cid>_<idx>` (then
        `_<k>`); for an id the provider refuses (idx -1) the id made safe, then `_<k>`. At most 64 characters,
        made of the id's own characters (those the provider accepts) and `_`."""
        base = d.safe_id(cid)
        k = 0
        while True:
            tail = f"_{idx}" if idx >= 0 else ""  # (idx -1: only made safe)
            suffix = tail if k == 0 else f"{tail}_{k}"
            new = base[: max(1, MAX_ID - len(suffix))] + suffix
            if new != cid and not self._in_use(new, seen, b):
                return new
            k += 1

    def _forget_alias(self, fresh: str) -> None:
        """The call that carries `fresh` is forgotten: results with the id it reused are orphans again."""
        for cid, new in list(self._alias.items()):
            if new == fresh:
                del self._alias[cid]

    # -- closing a block ------------------------------------------------------------------------------------
    def _close(self, reason: DanglingReason | None, closer: int | None, tag: Any,
               host: bool = False, final: bool = False) -> tuple[list[JSON] | None, _Held | None]:
        """Decide the open block, or hold it for late results. Returns result parts for the caller to put into
        its user turn (`host`), and the held block if it was held."""
        b = self._block
        assert b is not None
        self._block = None
        d = self._d
        assert d is not None
        unanswered = [(cid, c) for cid, c in b.calls.items() if not c.answered] if b.unanswered else []
        if final and unanswered:
            # a turn paused (`pause_turn`) at a server call it has not run: sent back as it is, to be resumed
            unanswered = [(cid, c) for cid, c in unanswered if not self._paused(c, d)]
        out_parts: list[JSON] | None = None
        held: _Held | None = None
        user_index = closer if reason is _DR.USER_INTERRUPT else None
        rt = self._rt
        if rt is not None and unanswered and reason is not None:
            for cid, c in unanswered:  # what the model knew when it moved on: no result
                rt.on_result(cid, dangling_outcome(self._reason(c, reason)._value_), keep=True)
        if unanswered and not final and reason in _HOLDABLE and self.config.late_result_grace_ms > 0 \
                and any(cid not in self._alias and c.kind != SERVER_CALL for cid, c in unanswered):
            held = self._hold(b, unanswered, reason, closer)
        elif unanswered:
            assert reason is not None
            for cid, c in unanswered:
                self._find(_FK.DANGLING_TOOL_CALL, c.index, cid if c.real else None, c.name,
                           self._reason(c, reason))
            runs = self._join_runs(unanswered, self._ts if reason in _HOLDABLE else None) \
                if self.runs is not None else None
            if b.unanswered < len(b.calls) and not b.partial_reported:
                self._find(_FK.PARTIAL_PARALLEL_RESULTS, b.opened,
                           detail=f"{len(b.calls) - b.unanswered} of {len(b.calls)} results")
            fill, gone = self._fillable(unanswered)
            if fill:
                out_parts = self._fill(b, fill, reason, tag, host, runs)
            if gone:
                self._drop(gone, reason, final)
            self._release(b)
        else:
            self._release(b)
        recent = self._recent
        for cid, c in b.calls.items():
            c.user_index = user_index
            recent[cid] = c
        while len(recent) > self.config.recent_window:
            old = next(iter(recent))
            del recent[old]
            if self._alias:
                self._forget_alias(old)
        return out_parts, held

    def _hold(self, b: _Block, unanswered: list[tuple[str, _Call]], reason: DanglingReason,
              closer: int | None) -> _Held:
        """Keep a closed block (and all output after it) back until its late results arrive or its grace ends."""
        anchor = self._q.end
        start = b.start if b.start >= 0 else anchor
        self._q.append(Anchor())
        ts = self._ts
        deadline = ts + self.config.late_result_grace_ms if ts is not None else None
        h = _Held(b.calls, 0, start, anchor, reason, closer, deadline, b.opened, b.partial_reported)
        h.host = b.results_turn
        for cid, c in unanswered:
            if cid not in self._alias and c.kind != SERVER_CALL:  # (shadowed: its id names a later call)
                self._waiting[cid] = h  # (a call without an id waits for a response by its name)
                h.waiting += 1
        self._held.append(h)
        b.start = -1
        b.results_turn = -1
        return h

    def _expire(self, now: int, tag: Any) -> None:
        for h in [h for h in self._held if h.deadline is not None and now >= h.deadline]:
            self._decide(h, tag)

    def _decide(self, h: _Held, tag: Any) -> None:
        """A held block's wait is over (every late result came, its grace ran out, the limit, or the end)."""
        self._held.remove(h)
        d = self._d
        assert d is not None
        unanswered = [(cid, c) for cid, c in h.calls.items() if not c.answered]
        anchor = self._q.at(h.anchor)
        assert isinstance(anchor, Anchor)
        if unanswered:
            for cid, c in unanswered:
                if self._waiting.get(cid) is h:
                    del self._waiting[cid]
                if self._rt is not None:
                    self._rt.forget(cid)
                self._find(_FK.DANGLING_TOOL_CALL, c.index, cid if c.real else None, c.name,
                           self._reason(c, h.reason))
            runs = None
            if self.runs is not None:
                closed = h.deadline - self.config.late_result_grace_ms if h.deadline is not None else None
                runs = self._join_runs(unanswered, closed)
            if len(unanswered) < len(h.calls) and not h.partial_reported:
                self._find(_FK.PARTIAL_PARALLEL_RESULTS, h.opened,
                           detail=f"{len(h.calls) - len(unanswered)} of {len(h.calls)} results")
            fill, gone = self._fillable(unanswered)
            if fill:
                made = self._synthesize(fill, h.reason, runs)
                if d.block_style:
                    anchor.parts.extend(made)
                else:
                    anchor.msgs.extend(Emitted(m, tag, -1, synthesized=True) for m in made)
            if gone:
                merge = self._drop(gone, h.reason)
                if merge >= 0 and d.merges_model_turns:
                    self._merge_forward(merge, d)
        if anchor.parts:
            if h.host >= 0:
                host = self._q.at(h.host)
                assert isinstance(host, Emitted)
                host.message = d.add_results(host.message, anchor.parts)
                host.modified = True
            else:
                anchor.msgs.append(Emitted(d.new_results_message(anchor.parts), tag, -1, synthesized=True))
            anchor.parts = []
        self._drain()

    def _merge_forward(self, slot: int, d: Dialect) -> None:
        """A held call turn that drop left as a plain model turn, followed by a call turn: merged into it."""
        prev = self._q.at(slot)
        if not isinstance(prev, Emitted) or not d.is_plain_model_turn(prev.message):
            return
        q = self._q
        for at in range(slot + 1, q.end):
            nxt = q.at(at)
            if nxt is None or (isinstance(nxt, Anchor) and not nxt.msgs and not nxt.parts) \
                    or (isinstance(nxt, Emitted) and not nxt.synthesized and d.is_unseen_turn(nxt.message)):
                continue
            if isinstance(nxt, Emitted) and not nxt.synthesized and d.is_call_turn(nxt.message):
                nxt.message, shift = d.merge_turns(prev.message, nxt.message)
                nxt.modified = True
                q.remove(slot)
                self._act(_RA.MERGE_TURNS, prev.index)
                blocks = [h.calls for h in self._held]
                if self._block is not None:
                    blocks.append(self._block.calls)
                for calls in blocks:
                    for c in calls.values():
                        if c.slot == at:
                            c.pos += shift
            return

    def _paused(self, c: _Call, d: Dialect) -> bool:
        if c.kind != SERVER_CALL or c.slot < 0:
            return False
        e = self._q.at(c.slot)
        return isinstance(e, Emitted) and d.is_last_part(e.message, c.pos)

    def _fillable(self, unanswered: list[tuple[str, _Call]]) -> tuple[list[tuple[str, _Call]],
                                                                      list[tuple[str, _Call]]]:
        """The unanswered calls to fill and those to remove: `drop` removes all; `fill` removes only the calls
        no result can be made up for (a screenshot, a server tool's result)."""
        if self.config.strategy == "drop":
            return [], unanswered
        d = self._d
        assert d is not None
        if d.fills_every_kind:
            return unanswered, []
        fill = [x for x in unanswered if d.can_fill(x[1].kind)]
        if len(fill) == len(unanswered):
            return fill, []
        return fill, [x for x in unanswered if not d.can_fill(x[1].kind)]

    def _reason(self, c: _Call, reason: DanglingReason) -> DanglingReason:
        """A call whose arguments do not parse could not have run, whatever closed its block."""
        return _DR.INVALID_ARGUMENTS if c.bad_args else reason

    def _join_runs(self, unanswered: list[tuple[str, _Call]], before: int | None) -> dict[str, ToolRun]:
        """The tool runs of calls being decided dangling (by id, else by tool name and position), each marked
        joined: a run that ended without error gives `tool_result_lost`; a call without one is remembered as
        decided, so that a run arriving later yields its finding on its own."""
        runs = self.runs
        assert runs is not None
        out: dict[str, ToolRun] = {}
        for cid, c in unanswered:
            if c.kind == SERVER_CALL:  # the provider ran it: no span of the application's
                continue
            real_id = cid if c.real else None
            r = runs.find(real_id, c.name, before)
            if r is None:
                if real_id is not None:
                    runs.decide(real_id, c.name)
                continue
            r.joined = True
            out[cid] = r
            if r.ok:
                self._find(_FK.TOOL_RESULT_LOST, c.index, real_id, c.name, detail=lost_detail(r))
        return out

    def _synthesize(self, unanswered: list[tuple[str, _Call]], reason: DanglingReason,
                    runs: dict[str, ToolRun] | None = None) -> list[JSON]:
        d = self._d
        assert d is not None
        t = self.config.templates
        made = []
        for cid, c in unanswered:
            real_id = cid if c.real else None
            why = self._reason(c, reason)
            run = runs.get(cid) if runs else None
            if run is not None:  # what the tool really did: never contradicted by a template
                text = placeholder(run, c.name, real_id)
            else:
                text = t.render(c.name, real_id, why, CallInfo(c.name, real_id, c.args, c.bad_args), d.name)
            made.append(d.synthesize(real_id, c.name, c.kind, text, error=run is None or not run.ok))
            self._act(_RA.SYNTHESIZE_RESULT, None, real_id, c.name, why)
        return made

    def _fill(self, b: _Block, unanswered: list[tuple[str, _Call]], reason: DanglingReason, tag: Any,
              host: bool, runs: dict[str, ToolRun] | None = None) -> list[JSON] | None:
        d = self._d
        assert d is not None
        made = self._synthesize(unanswered, reason, runs)
        if not d.block_style:
            for m in made:  # after the block's results, before the closing message
                self._emit(Emitted(m, tag, -1, synthesized=True))
            return None
        if b.results_turn >= 0:
            held = self._q.at(b.results_turn)
            assert isinstance(held, Emitted)
            held.message = d.add_results(held.message, made)
            held.modified = True
            return None
        if host:
            return made
        self._emit(Emitted(d.new_results_message(made), tag, -1, synthesized=True))
        return None

    def _drop(self, unanswered: list[tuple[str, _Call]], reason: DanglingReason, final: bool = False) -> int:
        """Remove the unanswered calls from their held messages. Returns the slot of a call message left
        without calls (-1 if none). Where thinking binds, a turn left with thinking only is kept unless it ends
        the history (`final`): removing it would invalidate every later thinking block."""
        d = self._d
        assert d is not None
        keep_thinking = self._binds and not final
        by_slot: dict[int, list[int]] = {}
        left = -1
        for cid, c in unanswered:
            by_slot.setdefault(c.slot, []).append(c.pos)
            self._act(_RA.DROP_CALL, c.index, cid if c.real else None, c.name, self._reason(c, reason))
        for slot, positions in by_slot.items():
            held = self._q.at(slot)
            assert isinstance(held, Emitted)
            new = d.remove_calls_keeping_thinking(held.message, positions) if keep_thinking \
                else d.remove_calls(held.message, positions)
            if new is None:
                self._act(_RA.DROP_MESSAGE, held.index)
                self._q.remove(slot)
                prev = self._q.at(slot - 1) if slot > self._q.base else None
                if isinstance(prev, Emitted) and d.is_reasoning(prev.message):
                    self._act(_RA.DROP_REASONING, prev.index)
                    self._q.remove(slot - 1)
            else:
                if self._binds:
                    k = d.first_changed_part(held.message, new)
                    held.kept = k if not held.modified else min(held.kept, k) if held.kept >= 0 else -1
                held.message = new
                held.modified = True
                left = slot
        return left

    def _release(self, b: _Block) -> None:
        """The block no longer holds its output back: it goes out once nothing before it waits."""
        if b.start >= 0:
            b.start = -1
            b.results_turn = -1
            self._drain()

    # -- plumbing -----------------------------------------------------------------------------------------
    def _emit(self, e: Emitted) -> None:
        b = self._block
        if self._q or (b is not None and b.start >= 0):
            self._q.append(e)
        else:
            self._step.messages.append(e)

    def _drain(self) -> None:
        """Release the held output that nothing waits for any more (everything before the first holder)."""
        q = self._q
        if not q:
            return
        limit = q.end
        for h in self._held:
            if h.start < limit:
                limit = h.start
        b = self._block
        if b is not None and 0 <= b.start < limit:
            limit = b.start
        q.release(limit, self._step.messages)
        if not q and (b is None or b.start < 0):
            q.reset()
            if b is not None:
                for c in b.calls.values():
                    c.slot = -1

    def _flush_pending(self) -> None:
        if self._pending:
            pending, self._pending = self._pending, []
            for e in pending:
                self._emit(e)

    def _find(self, kind: FindingKind, index: int | None, call_id: str | None = None, tool: str | None = None,
              reason: DanglingReason | None = None, detail: str = "") -> None:
        s = self._step
        if s.findings is _NONE:
            s.findings = []
        s.findings.append(Finding(kind, index, call_id, tool, reason, detail))

    def _hit(self, hit: Hit | None) -> None:
        """A retry-boundary finding (retries.py)."""
        if hit is not None:
            self._find(FindingKind(hit.kind), hit.index, hit.call_id, hit.tool, detail=hit.detail)

    def _outcome(self, cid: str, tool: str, msg: JSON, pos: int) -> None:
        """A result answered the call `cid`: its outcome, for the count and the retry boundaries."""
        d = self._d
        rt = self._rt
        assert d is not None and rt is not None
        o = outcome_table().classify_signal(d.result_signal(msg, pos))
        rt.on_result(cid, o)
        s = self._step
        if s.results is _NONE:
            s.results = []
        s.results.append((tool, o._value_))

    def _act(self, action: RepairAction, index: int | None, call_id: str | None = None, tool: str | None = None,
             reason: DanglingReason | None = None, to: str = "") -> None:
        s = self._step
        if s.actions is _NONE:
            s.actions = []
        s.actions.append(Action(action, index, call_id, tool, reason, {"to": to}) if to
                         else Action(action, index, call_id, tool, reason))

    def _take(self) -> Step:
        if self._q:
            self._drain()
        s = self._step
        self._step = _IDLE
        if self._binds and s.messages:
            self._finalize(s)
        return s

    # -- thinking bound to its prefix -------------------------------------------------------------------------
    @property
    def prefix_changed_at(self) -> int | None:
        """Input index where the output first differs from the input (None: nothing changed so far)."""
        return self._change if self._change >= 0 else None

    def _first_unreturned(self, default: int) -> int:
        """Input index of the first message held or pending (`default` when none is)."""
        nxt = default
        for slot in self._q:
            for e in (slot,) if isinstance(slot, Emitted) else slot.msgs if isinstance(slot, Anchor) else ():
                if 0 <= e.index < nxt:
                    nxt = e.index
        for e in self._pending:
            if 0 <= e.index < nxt:
                nxt = e.index
        return nxt

    def _in_order(self, idx: int) -> bool:
        """A fast-path message (as it came) became final: True when nothing more is to be done about thinking."""
        if self._change < 0:
            if idx == self._next:
                self._next = idx + 1
                return True
            return False
        return not self._thinking

    def _finalize(self, s: Step) -> Step:
        """Output that became final, in order: where the output first differs from the input, and the thinking
        after that point (invalid: reported, and removed when the policy strips for this model)."""
        if self._change >= 0 and not self._thinking:
            return s  # changed already, and no thinking fed: nothing to read
        d = self._d
        assert d is not None
        drop: list[Emitted] = _NONE
        for e in s.messages:
            if self._change < 0:
                if e.synthesized or e.index != self._next:
                    self._change = self._next  # inserted here, or input messages from here on dropped or moved
                    kept = 0
                elif e.modified:
                    self._change = e.index
                    kept = e.kept if e.kept >= 0 else 0
                else:
                    self._next += 1
                    continue
            else:
                kept = 0
            if e.synthesized or not self._thinking:
                continue
            bad = [p for p in d.thinking_positions(e.message) if p >= kept]
            if not bad:
                continue
            if s.findings is _NONE:
                s.findings = []
            s.findings.append(Finding(_FK.THINKING_PREFIX_CHANGED, e.index, detail=f"{len(bad)} thinking block(s) "
                                      f"after the first change (at message {self._change})", block=bad[0],
                                      count=len(bad)))
            e.invalid = len(bad)
            if strips(self.config.thinking, self.config.thinking_models, self.model):
                e.stripped = len(bad)
                if s.actions is _NONE:
                    s.actions = []
                s.actions.append(Action(_RA.STRIP_THINKING, e.index, extra={"count": len(bad)}))
                new = d.remove_parts(e.message, bad)
                if new is None:  # a turn of thinking only: it goes too
                    s.actions.append(Action(_RA.DROP_MESSAGE, e.index))
                    if drop is _NONE:
                        drop = []
                    drop.append(e)
                else:
                    e.message = new
                    e.modified = True
        if drop:
            s.messages = [e for e in s.messages if e not in drop]
        return s

    # -- forks (incremental snapshot repair: snapshots.py) ---------------------------------------------------
    @property
    def quiescent(self) -> bool:
        """Nothing open, held or pending: every message fed so far is out, and `finish` would decide nothing."""
        return self._block is None and not self._q and not self._held and not self._pending and not self._waiting

    def fork(self) -> Tracker:
        """An independent copy of a quiescent tracker: fed the same messages, it and this one decide alike (its
        `runs` are not copied: the caller sets them)."""
        assert self.quiescent
        t = Tracker("auto", self.config)
        t._d = self._d
        t._n = self._n
        t._seen_non_system = self._seen_non_system
        t._block_seq = self._block_seq
        recent = t._recent
        for cid, c in self._recent.items():
            k = _Call(c.name, c.index, c.kind, c.pos, c.slot, c.real, c.answered)
            k.user_index = c.user_index
            k.reported = c.reported
            k.bad_args = c.bad_args
            k.args = c.args
            recent[cid] = k
        t._q.base = self._q.base
        t._alias = dict(self._alias)
        t._binds = self._binds
        t._change = self._change
        t._next = self._next
        t._thinking = self._thinking
        t.model = self.model
        t._rt = self._rt.copy() if self._rt is not None else None
        t._answer = self._answer
        return t

    # -- state (changelog) ----------------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        """A compact JSON-able snapshot (keys: state/layout.py); with `fill` and no open block it is a handful of
        numbers."""
        st: dict[str, Any] = {TR_MESSAGES: self._n}
        if self._d is not None:
            st[TR_DIALECT] = self._d.name
        if self._seen_non_system:
            st[TR_SEEN_NON_SYSTEM] = 1
        if self._block_seq:
            st[TR_BLOCK_SEQ] = self._block_seq
        b = self._block
        if b is not None:
            st[TR_BLOCK] = {
                BL_OPENED: b.opened, BL_TS: b.ts, BL_SEQ: b.seq, BL_UNANSWERED: b.unanswered,
                BL_RESULTS_SEEN: int(b.results_seen), BL_START: b.start, BL_RESULTS_TURN: b.results_turn,
                BL_PARTIAL_REPORTED: int(b.partial_reported),
                BL_CALLS: [c.to_state(cid) for cid, c in b.calls.items()],
            }
        if self._recent:
            st[TR_RECENT] = [[cid, c.name, int(c.answered), c.user_index, int(c.real), int(c.reported)]
                               for cid, c in self._recent.items()]
        if self._pending:
            st[TR_PENDING] = [e.to_state() for e in self._pending]
        if self._q:
            st[TR_HELD_QUEUE] = self._q.to_state()
            if self._q.base:
                st[TR_HELD_BASE] = self._q.base
        if self._held:
            st[TR_HELD_BLOCKS] = [h.to_state() for h in self._held]
        if self._alias:
            st[TR_ALIASES] = [[cid, new] for cid, new in self._alias.items()]
        if self._rt is not None and not self._rt.empty:
            st[TR_RETRIES] = self._rt.to_state()
        if self._change >= 0:
            st[TR_THINKING_CHANGE] = self._change
        elif self._binds and self._next != self._n:
            st[TR_THINKING_NEXT] = self._next
        return st

    @classmethod
    def from_state(cls, st: dict[str, Any], config: RepairConfig = DEFAULT_CONFIG) -> Tracker:
        """The tracker of a state of the current layout (older layouts: state/migrate.py)."""
        t = cls(st.get(TR_DIALECT, "auto"), config)
        t._n = st[TR_MESSAGES]
        t._seen_non_system = bool(st.get(TR_SEEN_NON_SYSTEM))
        t._block_seq = st.get(TR_BLOCK_SEQ, 0)
        t._q = HeldOutput.from_state(st.get(TR_HELD_QUEUE, ()), st.get(TR_HELD_BASE, 0))
        bs = st.get(TR_BLOCK)
        if bs is not None:
            b = _Block(bs[BL_OPENED], bs[BL_TS], bs[BL_SEQ])
            b.unanswered = bs[BL_UNANSWERED]
            b.results_seen = bool(bs[BL_RESULTS_SEEN])
            b.results_turn = bs[BL_RESULTS_TURN]
            b.partial_reported = bool(bs[BL_PARTIAL_REPORTED])
            for cs in bs[BL_CALLS]:
                cid, c = _Call.from_state(cs)
                b.calls[cid] = c
            b.start = bs[BL_START]
            t._block = b
        alias = t._alias = {cid: new for cid, new in st.get(TR_ALIASES, ())}
        shared: dict[str, _Call] = {}
        for hs in st.get(TR_HELD_BLOCKS, ()):
            calls: dict[str, _Call] = {}
            for cs, user_index, reported in hs[0]:
                cid, c = _Call.from_state(cs)
                c.user_index = user_index
                c.reported = bool(reported)
                calls[cid] = c
            h = _Held(calls, hs[1], hs[2], hs[3], DanglingReason(hs[5]), hs[6], hs[7], hs[8], bool(hs[9]))
            h.host = hs[4]
            t._held.append(h)
            for cid, c in calls.items():
                shared[cid] = c
                if not c.answered and cid not in alias:
                    t._waiting[cid] = h
        for cid, name, answered, user_index, real, reported in st.get(TR_RECENT, ()):
            c = shared.get(cid) or _Call(name, -1, "", -1, -1, bool(real), bool(answered))
            c.user_index = user_index
            c.reported = bool(reported)
            t._recent[cid] = c
        t._pending = [Emitted.from_state(e) for e in st.get(TR_PENDING, ())]
        rs = st.get(TR_RETRIES)
        if rs is not None and t._rt is not None:
            t._rt.restore(rs)
        t._change = st.get(TR_THINKING_CHANGE, -1)
        nxt = st.get(TR_THINKING_NEXT)
        # nothing held before the next message; an older layout: the first message it holds
        t._next = t._first_unreturned(t._n) if nxt is None else nxt
        if t._binds:  # a held message with thinking (new messages say so as they are fed)
            d = t._d
            assert d is not None
            for slot in t._q:
                if isinstance(slot, Emitted) and d.thinking_positions(slot.message):
                    t._thinking = True
                    break
        return t


__all__ = ["DEFAULT_CONFIG", "STRATEGIES", "TRANSITIONS", "Emitted", "Input", "Mode", "RepairConfig", "Step",
           "Strategy", "Tracker", "is_transition_valid"]
