"""The incremental tool-call tracker: one conversation, one message at a time, O(1) amortised per message.

State is the open block (the calls of the last model turn still waiting for results, and with `drop` the held
messages of that turn), a bounded window of recently closed calls (to tell a late or duplicate result from an
orphan) and a few counters. Nothing grows with the length of the history. `repair()` is this tracker run over a
whole history, so streaming and batch agree by construction. See docs/semantics.md for the rules.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, Literal

from .dialects import ADAPTERS, Dialect, get, sniff
from .findings import Action, DanglingReason, Finding, FindingKind, RepairAction
from .model import JSON, Call, Result, Role, View
from .templates import Templates

Strategy = Literal["fill", "drop"]
STRATEGIES: tuple[Strategy, ...] = ("fill", "drop")

_FK = FindingKind
_RA = RepairAction


@dataclass(frozen=True)
class RepairConfig:
    strategy: Strategy = "fill"
    templates: Templates = field(default_factory=Templates)
    tool_result_timeout_ms: int = 600_000
    recent_window: int = 64  # closed calls remembered to classify late / duplicate results

    def __post_init__(self) -> None:
        if self.strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {self.strategy!r} (expected fill or drop)")


DEFAULT_CONFIG = RepairConfig()


class Emitted:
    """One output message, in final order. `index` is its input index (-1 when synthesized)."""

    __slots__ = ("index", "message", "modified", "synthesized", "tag")

    def __init__(self, message: JSON, tag: Any, index: int, synthesized: bool = False,
                 modified: bool = False) -> None:
        self.message = message
        self.tag = tag
        self.index = index
        self.synthesized = synthesized
        self.modified = modified

    def to_state(self) -> list[Any]:
        return [self.message, self.tag, self.index, int(self.synthesized) | (int(self.modified) << 1)]

    @classmethod
    def from_state(cls, s: list[Any]) -> Emitted:
        return cls(s[0], s[1], s[2], bool(s[3] & 1), bool(s[3] & 2))


class Step:
    """What one call of the tracker decided: output that became final, findings, actions, calls opened."""

    __slots__ = ("actions", "calls", "findings", "messages", "view")

    def __init__(self) -> None:
        self.messages: list[Emitted] = []
        # shared empty lists until something is added (most messages have no finding): never append to these
        # from outside the tracker
        self.findings: list[Finding] = _NONE
        self.actions: list[Action] = _NONE
        self.calls: list[tuple[str | None, str]] = _NONE
        self.view: View | None = None  # the neutral view of the message fed (None for advance/finish)


_NONE: list[Any] = []
_IDLE = Step()  # what an idle tracker points at: it allocates a step only while it works


def _is_model_turn(msg: JSON) -> bool:
    if not isinstance(msg, dict) or msg.get("role") != "model":
        return False
    parts = msg.get("parts")
    return isinstance(parts, list) and not any(isinstance(p, dict) and "functionCall" in p for p in parts)


class _Call:
    """A call of the open block; once its block closes, the same object is its entry in the recent window."""

    __slots__ = ("answered", "index", "kind", "name", "pos", "real", "reported", "slot", "user_index")

    def __init__(self, name: str, index: int, kind: str, pos: int, slot: int, real: bool,
                 answered: bool = False) -> None:
        self.name = name
        self.index = index
        self.kind = kind
        self.pos = pos  # position inside its native message
        self.slot = slot  # position of its message in the held list (-1: not held)
        self.real = real  # False for Gemini positional ids
        self.answered = answered
        self.user_index: int | None = None  # closed: the user message that closed its block, if one did
        self.reported = False  # closed: interleaved_user_message already reported for that user message


class _Block:
    __slots__ = ("calls", "held", "hold", "opened", "partial_reported", "results_seen", "results_turn", "seq",
                 "ts", "unanswered")

    def __init__(self, opened: int, ts: int | None, seq: int) -> None:
        self.opened = opened
        self.ts = ts
        self.seq = seq
        self.calls: dict[str, _Call] = {}
        self.unanswered = 0
        self.results_seen = False
        self.hold = False
        self.held: list[Emitted | None] = []
        self.results_turn = -1  # block dialects: held slot of a partial results-only turn
        self.partial_reported = False


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
        self._pending: list[Emitted] = []  # drop + Responses: reasoning items waiting for the item they precede
        self._step = Step()

    # -- public ---------------------------------------------------------------------------------------------
    @property
    def dialect(self) -> str | None:
        return self._d.name if self._d is not None else None

    @property
    def adapter(self) -> Dialect | None:
        """The dialect adapter, once the dialect is known."""
        return self._d

    @property
    def messages_seen(self) -> int:
        return self._n

    @property
    def open_calls(self) -> int:
        b = self._block
        return b.unanswered if b is not None else 0

    @property
    def open_since(self) -> int | None:
        """Event time of the open block with unanswered calls (for timeouts), else None."""
        b = self._block
        return b.ts if b is not None and b.unanswered else None

    def feed(self, msg: JSON, tag: Any = None, ts: int | None = None) -> Step:
        self._step = Step()
        idx = self._n
        self._n += 1
        d = self._d
        if d is None:
            name = sniff(msg)
            if name is not None:
                d = self._d = ADAPTERS[name]
                view = d.view(msg)
            else:
                view = ADAPTERS["openai_chat"].view(msg)  # plain text: every dialect reads it alike
        else:
            view = d.view(msg)
        step = self._step
        step.view = view
        role = view.role
        # fast paths for the messages most histories are made of; the general rules below agree with them
        if view.simple and not self._pending:
            b = self._block
            if b is None:
                self._seen_non_system = True
                step.messages.append(Emitted(msg, tag, idx))
                self._step = _IDLE
                return step
            if b.unanswered == 0 and not b.hold:  # a text message after a complete block closes it cleanly
                self._seen_non_system = True
                self._close(None, None, tag)
                step.messages.append(Emitted(msg, tag, idx))
                self._step = _IDLE
                return step
        elif role is Role.TOOL and self._block is not None:
            b = self._block
            c = b.calls.get(view.results[0].call_id or "")
            if c is not None and not c.answered and not b.hold and not self._pending:
                c.answered = True
                b.unanswered -= 1
                b.results_seen = True
                step.messages.append(Emitted(msg, tag, idx))
                self._step = _IDLE
                return step
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
            if self._seen_non_system:
                self._find(_FK.SYSTEM_NOT_FIRST, idx)
            if self._block is not None:
                self._close(DanglingReason.USER_INTERRUPT, idx, tag)
            self._flush_pending()
            self._emit(Emitted(msg, tag, idx))
        elif role is Role.REASONING:
            self._reasoning(msg, idx, tag)
        elif role is Role.INVALID:
            self._flush_pending()
            self._find(_FK.INVALID_ROLE, idx, detail=f"role {view.raw_role[:32]!r}")
            self._emit(Emitted(msg, tag, idx))
        else:
            self._flush_pending()
            self._emit(Emitted(msg, tag, idx))
        return self._take()

    def advance(self, watermark_ms: int, tag: Any = None) -> Step:
        """Event time moved on: close the open block if its results are overdue."""
        self._step = Step()
        b = self._block
        if b is not None and b.unanswered and b.ts is not None \
                and watermark_ms >= b.ts + self.config.tool_result_timeout_ms:
            self._close(DanglingReason.TIMEOUT, None, tag)
        return self._take()

    def finish(self, reason: DanglingReason = DanglingReason.UNANSWERED_AT_REQUEST, tag: Any = None) -> Step:
        """The history ends here (sent to a model, `end` event, eviction): decide the open block."""
        self._step = Step()
        if self._block is not None:
            self._close(reason, None, tag)
        self._flush_pending()
        return self._take()

    # -- message kinds ------------------------------------------------------------------------------------
    def _assistant(self, msg: JSON, view: Any, idx: int, tag: Any, ts: int | None) -> None:
        self._seen_non_system = True
        d = self._d
        assert d is not None or not view.calls
        b = self._block
        extends = (
            b is not None and view.calls and not b.results_seen and d is not None and d.name == "openai_responses"
        )
        # 1. clean the message first: a message that turns out empty is removed and closes nothing
        modified = False
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
            per_name: dict[str, int] = {}
            seq = b.seq if extends and b is not None else self._block_seq + 1
            for c in view.calls:
                if c.malformed:
                    self._find(_FK.MALFORMED_TOOL_CALL, idx, c.id, c.name or None, detail=c.malformed)
                    self._act(_RA.DROP_CALL, idx, c.id, c.name or None)
                    bad.append(c.pos)
                    continue
                cid = c.id
                real = cid is not None
                if cid is None:  # Gemini without ids: pair by name and order inside the block
                    k = per_name.get(c.name, 0)
                    per_name[c.name] = k + 1
                    cid = f"#{seq}.{c.name}.{k}"
                elif cid in seen or (b is not None and cid in b.calls) or cid in self._recent:
                    self._find(_FK.DUPLICATE_TOOL_CALL_ID, idx, cid, c.name)
                    self._act(_RA.DROP_CALL, idx, cid, c.name)
                    bad.append(c.pos)
                    continue
                seen.add(cid)
                good.append((cid, c, real))
            if bad:
                new = d.remove_calls(msg, bad)
                if new is None:
                    self._act(_RA.DROP_MESSAGE, idx)
                    self._drop_pending_reasoning()
                    return
                msg = new
                modified = True
                if good:  # positions moved: read them again from the rewritten message
                    fresh = d.view(msg).calls
                    good = [(cid, fc, real) for (cid, _, real), fc in zip(good, fresh, strict=True)]
        if not good and view.empty:
            self._find(_FK.EMPTY_CONTENT, idx)
            self._act(_RA.DROP_MESSAGE, idx)
            return
        # 2. the model spoke: the open block is decided (unless this call item extends a Responses turn)
        if b is not None and not extends:
            self._close(DanglingReason.ASSISTANT_CONTINUED, idx, tag)
            b = None
        if good and d is not None and d.name == "gemini":
            # Gemini wants a call turn right after a user or response turn: a model turn that closing the block
            # just left before it (drop removed its calls) is merged into it. (A model turn emitted earlier is
            # out of reach: see docs/semantics.md, limits.)
            prev = self._take_model_turn()
            if prev is not None:
                shift = len(prev.message.get("parts") or [])
                msg = {**msg, "parts": [*(prev.message.get("parts") or []), *(msg.get("parts") or [])]}
                good = [(cid, Call(c.id, c.name, c.pos + shift), real) for cid, c, real in good]
                modified = True
                self._act(_RA.MERGE_TURNS, prev.index)
        if not good:
            self._flush_pending()
            self._emit(Emitted(msg, tag, idx, modified=modified))
            return
        # 3. open (or extend) the block
        assert d is not None
        if b is None:
            self._block_seq += 1
            b = self._block = _Block(idx, ts, self._block_seq)
            if self.config.strategy == "drop":
                b.hold = True
        elif b.ts is None:
            b.ts = ts
        self._flush_pending()
        slot = len(b.held) if b.hold else -1
        for cid, c, real in good:
            b.calls[cid] = _Call(sys.intern(c.name), idx, d.call_kind(msg, c.pos), c.pos, slot, real)
            if self._step.calls is _NONE:
                self._step.calls = []
            self._step.calls.append((cid if real else None, c.name))
        b.unanswered += len(good)
        self._emit(Emitted(msg, tag, idx, modified=modified))

    def _reasoning(self, msg: JSON, idx: int, tag: Any) -> None:
        """Responses reasoning items wait for the item they belong to (it decides where they go)."""
        self._seen_non_system = True
        b = self._block
        if b is not None and b.results_seen:
            self._close(DanglingReason.ASSISTANT_CONTINUED, idx, tag)
        self._pending.append(Emitted(msg, tag, idx))

    def _take_model_turn(self) -> Emitted | None:
        """Gemini: the model turn (without calls) just before, if it is still ours to change."""
        out = self._step.messages
        if out and not out[-1].synthesized and _is_model_turn(out[-1].message):
            return out.pop()
        return None

    def _drop_pending_reasoning(self) -> None:
        """The call a reasoning item belonged to was removed: the reasoning item goes with it."""
        p = self._pending
        if p and self._is_reasoning(p[-1].message):
            self._act(_RA.DROP_REASONING, p[-1].index)
            p.pop()

    def _flat_result(self, msg: JSON, r: Result, idx: int, tag: Any) -> None:
        self._seen_non_system = True
        self._flush_pending()
        if not self._classify(r, idx):
            self._act(_RA.DROP_RESULT, idx, r.call_id)
            return
        self._emit(Emitted(msg, tag, idx))
        b = self._block
        if b is not None and b.unanswered == 0 and b.hold:
            self._release(b)

    def _user(self, msg: JSON, view: Any, idx: int, tag: Any) -> None:
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
            verdicts = [(r, self._classify(r, idx)) for r in view.results]
            remove = [r.pos for r, ok in verdicts if not ok]
            for r, ok in verdicts:
                if not ok:
                    self._act(_RA.DROP_RESULT, idx, r.call_id)
            kept = [r.pos for r, ok in verdicts if ok]
            b = self._block
            if kept and b is not None and b.results_turn >= 0:
                # results split over several user turns: they move into the first (held) one
                held = b.held[b.results_turn]
                assert held is not None
                held.message = d.add_results(held.message, d.result_parts(msg, kept))
                held.modified = True
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
        if b is not None:
            parts = self._close(DanglingReason.USER_INTERRUPT, idx, tag, host=d is not None and d.block_style)
            if parts:
                assert d is not None
                msg = d.add_results(msg, parts)
                modified = True
        self._flush_pending()
        self._emit(Emitted(msg, tag, idx, modified=modified))

    def _results_turn(self, msg: JSON, idx: int, tag: Any, modified: bool) -> None:
        """Block dialects: a user turn holding only (wanted) results: complete, or held for more."""
        b = self._block
        assert b is not None
        self._flush_pending()
        if b.unanswered:
            b.hold = True
            b.results_turn = len(b.held)
            b.held.append(Emitted(msg, tag, idx, modified=modified))
            return
        self._emit(Emitted(msg, tag, idx, modified=modified))
        self._close(None, None, tag)

    # -- results --------------------------------------------------------------------------------------------
    def _classify(self, r: Result, idx: int) -> bool:
        """Does this result answer an open call? Reports why not."""
        b = self._block
        cid = r.call_id
        if cid is None:  # pair by name (Gemini without ids)
            cid = self._match_name(r.name)
            if cid is None:
                self._find(_FK.ORPHAN_TOOL_RESULT, idx, None, r.name)
                return False
        if b is not None:
            c = b.calls.get(cid)
            if c is None and r.name is not None:  # an id on the response but not on the call (Gemini)
                alt = self._match_name(r.name)
                if alt is not None and not b.calls[alt].real:
                    cid, c = alt, b.calls[alt]
            if c is not None:
                if c.answered:
                    self._find(_FK.DUPLICATE_TOOL_RESULT, idx, cid if c.real else None, c.name)
                    return False
                c.answered = True
                b.unanswered -= 1
                b.results_seen = True
                return True
        closed = self._recent.get(cid)
        if closed is not None:
            shown = cid if closed.real else None
            if closed.answered:
                self._find(_FK.DUPLICATE_TOOL_RESULT, idx, shown, closed.name)
                return False
            self._find(_FK.LATE_TOOL_RESULT, idx, shown, closed.name)
            u = closed.user_index
            if u is not None and not closed.reported:
                self._find(_FK.INTERLEAVED_USER_MESSAGE, u, shown, closed.name)
                for other in self._recent.values():
                    if other.user_index == u:
                        other.reported = True
            return False
        self._find(_FK.ORPHAN_TOOL_RESULT, idx, cid)
        return False

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

    # -- closing a block ------------------------------------------------------------------------------------
    def _close(self, reason: DanglingReason | None, closer: int | None, tag: Any,
               host: bool = False) -> list[JSON] | None:
        """Decide the open block. Returns result parts for the caller to put into its user turn (`host`)."""
        b = self._block
        assert b is not None
        self._block = None
        d = self._d
        assert d is not None
        unanswered = [(cid, c) for cid, c in b.calls.items() if not c.answered] if b.unanswered else []
        out_parts: list[JSON] | None = None
        if unanswered:
            assert reason is not None
            for cid, c in unanswered:
                self._find(_FK.DANGLING_TOOL_CALL, c.index, cid if c.real else None, c.name, reason)
            if b.unanswered < len(b.calls) and not b.partial_reported:
                self._find(_FK.PARTIAL_PARALLEL_RESULTS, b.opened,
                           detail=f"{len(b.calls) - b.unanswered} of {len(b.calls)} results")
            if self.config.strategy == "fill":
                out_parts = self._fill(b, unanswered, reason, tag, host)
            else:
                self._drop(b, unanswered, reason)
        self._release(b)
        user_index = closer if reason is DanglingReason.USER_INTERRUPT else None
        recent = self._recent
        for cid, c in b.calls.items():
            c.user_index = user_index
            recent[cid] = c
        while len(recent) > self.config.recent_window:
            del recent[next(iter(recent))]
        return out_parts

    def _fill(self, b: _Block, unanswered: list[tuple[str, _Call]], reason: DanglingReason, tag: Any,
              host: bool) -> list[JSON] | None:
        d = self._d
        assert d is not None
        render = self.config.templates.render
        made = []
        for cid, c in unanswered:
            real_id = cid if c.real else None
            made.append(d.synthesize(real_id, c.name, c.kind, render(c.name, real_id, reason)))
            self._act(_RA.SYNTHESIZE_RESULT, None, real_id, c.name, reason)
        if not d.block_style:
            b.hold = True  # synthesized results go after the held results, before the closing message
            b.held.extend(Emitted(m, tag, -1, synthesized=True) for m in made)
            return None
        if b.results_turn >= 0:
            held = b.held[b.results_turn]
            assert held is not None
            held.message = d.add_results(held.message, made)
            held.modified = True
            return None
        if host:
            return made
        b.hold = True
        b.held.append(Emitted(d.new_results_message(made), tag, -1, synthesized=True))
        return None

    def _drop(self, b: _Block, unanswered: list[tuple[str, _Call]], reason: DanglingReason) -> None:
        d = self._d
        assert d is not None
        by_slot: dict[int, list[int]] = {}
        for cid, c in unanswered:
            by_slot.setdefault(c.slot, []).append(c.pos)
            self._act(_RA.DROP_CALL, c.index, cid if c.real else None, c.name, reason)
        for slot, positions in by_slot.items():
            held = b.held[slot]
            assert held is not None
            new = d.remove_calls(held.message, positions)
            if new is None:
                self._act(_RA.DROP_MESSAGE, held.index)
                b.held[slot] = None
                prev = b.held[slot - 1] if slot > 0 else None
                if prev is not None and self._is_reasoning(prev.message):
                    self._act(_RA.DROP_REASONING, prev.index)
                    b.held[slot - 1] = None
            else:
                held.message = new
                held.modified = True

    def _is_reasoning(self, msg: JSON) -> bool:
        return isinstance(msg, dict) and msg.get("type") == "reasoning"

    def _release(self, b: _Block) -> None:
        """Hand the held messages of a block to the output, in order."""
        if b.held:
            out = self._step.messages
            out.extend(e for e in b.held if e is not None)
            b.held = []
            b.results_turn = -1
        b.hold = False

    # -- plumbing -----------------------------------------------------------------------------------------
    def _emit(self, e: Emitted) -> None:
        b = self._block
        if b is not None and b.hold:
            b.held.append(e)
        else:
            self._step.messages.append(e)

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

    def _act(self, action: RepairAction, index: int | None, call_id: str | None = None, tool: str | None = None,
             reason: DanglingReason | None = None) -> None:
        s = self._step
        if s.actions is _NONE:
            s.actions = []
        s.actions.append(Action(action, index, call_id, tool, reason))

    def _take(self) -> Step:
        s = self._step
        self._step = _IDLE
        return s

    # -- state (changelog) ----------------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        """A compact JSON-able snapshot; with `fill` and no open block it is a handful of numbers."""
        st: dict[str, Any] = {"n": self._n}
        if self._d is not None:
            st["d"] = self._d.name
        if self._seen_non_system:
            st["s"] = 1
        if self._block_seq:
            st["q"] = self._block_seq
        b = self._block
        if b is not None:
            st["b"] = {
                "o": b.opened, "t": b.ts, "q": b.seq, "u": b.unanswered, "r": int(b.results_seen),
                "h": int(b.hold), "rt": b.results_turn, "p": int(b.partial_reported),
                "c": [[cid, c.name, c.index, c.kind, c.pos, c.slot, int(c.real), int(c.answered)]
                      for cid, c in b.calls.items()],
                "held": [e.to_state() if e is not None else None for e in b.held],
            }
        if self._recent:
            st["r"] = [[cid, c.name, int(c.answered), c.user_index, int(c.real), int(c.reported)]
                       for cid, c in self._recent.items()]
        if self._pending:
            st["pr"] = [e.to_state() for e in self._pending]
        return st

    @classmethod
    def from_state(cls, st: dict[str, Any], config: RepairConfig = DEFAULT_CONFIG) -> Tracker:
        t = cls(st.get("d", "auto"), config)
        t._n = st["n"]
        t._seen_non_system = bool(st.get("s"))
        t._block_seq = st.get("q", 0)
        bs = st.get("b")
        if bs is not None:
            b = _Block(bs["o"], bs["t"], bs["q"])
            b.unanswered = bs["u"]
            b.results_seen = bool(bs["r"])
            b.hold = bool(bs["h"])
            b.results_turn = bs["rt"]
            b.partial_reported = bool(bs["p"])
            for cid, name, index, kind, pos, slot, real, answered in bs["c"]:
                b.calls[cid] = _Call(name, index, kind, pos, slot, bool(real), bool(answered))
            b.held = [Emitted.from_state(e) if e is not None else None for e in bs["held"]]
            t._block = b
        for cid, name, answered, user_index, real, reported in st.get("r", ()):
            c = _Call(name, -1, "", -1, -1, bool(real), bool(answered))
            c.user_index = user_index
            c.reported = bool(reported)
            t._recent[cid] = c
        t._pending = [Emitted.from_state(e) for e in st.get("pr", ())]
        return t
