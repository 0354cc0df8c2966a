"""Retry boundaries: what a conversation's tool calls show about retries after failed results.

The seed rule for executors (docs/semantics.md, "Retry boundaries"): a deterministic error is never retried; a
transient one only within a bound, and a write only when a repeat cannot take effect twice; a retry that still
fails is reported, never turned into a success. This module watches a conversation's calls and results and
reports, each on the later call (the retry):

* `futile_retry`: the same tool with the same arguments after a deterministic error;
* `blind_retry`: a non-idempotent tool called again on the same target (or with the same arguments, where they
  show no target) after a timeout or an unknown outcome, without a read of its state in between; a read is a
  call of a tool not known as non-idempotent, with the same target where both calls show one;
* `retry_limit_exceeded`: more retries of one failed call (same tool, same arguments) than the bound;
* `failed_retry_success_claim`: the model's next reply after a retry that failed again says the action
  succeeded (the narrow form of an unbacked claim).

A tool is non-idempotent when the settings say so, or when its definition's annotations do (MCP:
`readOnlyHint` / `idempotentHint` / `destructiveHint`). Which argument names name a target and which words make a
success claim are package data (`retries.json`). State is bounded: the open calls it waits on, the last failed
calls, the unchecked writes. It knows no dialect and no tracker: the tracker calls it at its own points.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

import orjson

from .outcomes import Outcome, outcome_unknown
from .state.layout import RETRIES_VERSION, RT_CALLS, RT_CLAIM, RT_FAILED, RT_UNSAFE, RT_VERSION, RT_WRITES

MAX_OPEN: Final = 256  # calls waiting for their result that are remembered (the oldest is forgotten past it)
FAILED_WINDOW = 32  # failed calls remembered (tool and arguments), to know a retry
UNSAFE_WINDOW = 16  # non-idempotent calls of unknown outcome not read back yet
DECLARED_LIMIT = 256  # tools a conversation's definitions may name as non-idempotent
TEXT_READ: Final = 1024  # characters of a reply read for a success claim

# finding kinds (findings.py names them; plain strings here so this module depends on no vocabulary but its own)
FUTILE: Final = "futile_retry"
BLIND: Final = "blind_retry"
LIMIT: Final = "retry_limit_exceeded"
CLAIM = "failed_retry_success_claim"


class Hit:
    """A finding this module reports: its kind, the input index of the message, the call id, the tool, a detail."""

    __slots__ = ("call_id", "detail", "index", "kind", "tool")

    def __init__(self, kind: str, index: int, call_id: str | None, tool: str, detail: str) -> None:
        self.kind = kind
        self.index = index
        self.call_id = call_id
        self.tool = tool
        self.detail = detail


class Words:
    """The data of `retries.json`: target argument names, success and failure cues."""

    def __init__(self, doc: Mapping[str, Any]) -> None:
        t = doc["target_keys"]
        self.exact = frozenset(str(k).lower() for k in t["exact"])
        self.suffixes = tuple(str(k).lower() for k in t["suffixes"])
        c = doc["success_claims"]
        self.cues = tuple(str(k).lower() for k in c["cues"])
        self.negations = tuple(str(k).lower() for k in c["negations"])
        self._keys: dict[str, bool] = {}  # argument names answered (the names a worker sees are few)

    def is_target_key(self, key: str) -> bool:
        hit = self._keys.get(key)
        if hit is None:
            k = _snake(key)
            hit = k in self.exact or k.endswith(self.suffixes)
            if len(self._keys) >= 4096:
                self._keys.clear()
            self._keys[key] = hit
        return hit

    def claims_success(self, text: str) -> bool:
        low = text[:TEXT_READ].lower()
        if any(n in low for n in self.negations):
            return False
        return any(c in low for c in self.cues)


_WORDS: Words | None = None
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def _snake(key: str) -> str:
    return _CAMEL.sub("_", key).lower()


def words() -> Words:
    global _WORDS
    if _WORDS is None:
        from importlib import resources

        _WORDS = Words(orjson.loads((resources.files("processor.core") / "retries.json").read_bytes()))
    return _WORDS


# read once (a module's attribute is looked up at each use): every call's arguments are hashed
_blake2b: Final = hashlib.blake2b
_loads: Final = orjson.loads
_dumps: Final = orjson.dumps
_SORTED: Final = orjson.OPT_SORT_KEYS


def _digest(b: bytes) -> str:
    return _blake2b(b, digest_size=8).hexdigest()


# fingerprints by the arguments' JSON text as a call carries it, or by their sorted JSON where they come as an
# object: a pure function of the arguments, so a call seen before (a retry, a repeated request, a snapshot repaired
# again) is not parsed and hashed again; bounded (emptied when full, as `Words._keys`)
_MEMO: Final[dict[str | bytes, tuple[str, str]]] = {}
MEMO_LIMIT: Final = 4096


def fingerprint(args: Any) -> tuple[str, str]:
    """A call's arguments as (hash of the arguments, hash of its target or ""): JSON texts parsed, keys sorted,
    so `{"a":1,"b":2}` and `{"b": 2, "a": 1}` are the same call. Never the content itself."""
    if type(args) is str:
        text: str = args
        hit = _MEMO.get(text)
        if hit is None:
            hit = _fingerprint(text)
            if len(_MEMO) >= MEMO_LIMIT:
                _MEMO.clear()
            _MEMO[text] = hit
        return hit
    return _fingerprint(args)


def _fingerprint(args: Any) -> tuple[str, str]:
    v = args
    if isinstance(args, str):
        s = args.strip()
        if s[:1] == "{":
            try:
                v = _loads(s)
            except orjson.JSONDecodeError:
                v = args
    if v is None or v == "":
        v = {}
    try:
        raw = _dumps(v, option=_SORTED)
    except TypeError:
        raw = repr(v).encode()
    if type(args) is not str:  # an object: known by its sorted JSON
        hit = _MEMO.get(raw)
        if hit is not None:
            return hit
    target = ""
    if type(v) is dict and v:
        is_key = words().is_target_key
        picked = [(k, x if type(x) is str else str(x)) for k, x in v.items()
                  if (type(x) is str or type(x) is int) and type(k) is str and is_key(k)]
        if picked:
            picked.sort()
            target = _digest(_dumps(picked))
    out = (_digest(raw), target)
    if type(args) is not str:
        if len(_MEMO) >= MEMO_LIMIT:
            _MEMO.clear()
        _MEMO[raw] = out
    return out


def declared_writes(definitions: Iterable[tuple[str, Mapping[str, Any] | None]]) -> set[str]:
    """The tools whose definitions say they are not idempotent: `(name, annotations)` pairs. With MCP's hints a
    tool is non-idempotent unless `readOnlyHint` or `idempotentHint` is true (MCP's defaults: not read-only, not
    idempotent); a definition without annotations says nothing."""
    out: set[str] = set()
    for name, ann in definitions:
        if not name or not isinstance(ann, Mapping):
            continue
        if ann.get("readOnlyHint") is True or ann.get("idempotentHint") is True:
            continue  # a read, or a write a repeat does not repeat (destructive or not)
        out.add(name)
    return out


def annotations_of(declaration: Mapping[str, Any], tool: Mapping[str, Any] | None = None) -> Mapping[str, Any] | None:
    """The annotations a tool definition carries: MCP's `annotations` on the declaration or on the tool entry
    that wraps it (OpenAI's `{"type": "function", "function": {...}}`), or the hints given at its top level."""
    for src in (declaration, tool):
        if isinstance(src, Mapping):
            a = src.get("annotations")
            if isinstance(a, Mapping):
                return a
            if any(k in src for k in ("readOnlyHint", "idempotentHint", "destructiveHint")):
                return src
    return None


#: what a retry is counted as (`toolmend_tool_retries_total{kind}`): `futile` after a deterministic error,
#: `blind` for a non-idempotent call after a timeout or unknown outcome with no read between, else the class of
#: the failed attempt it repeats
RETRY_KINDS = ("futile", "blind", "transient", "timeout", "cancelled", "unknown")
# members' values are read as `_value_` on the per-result path: the same str, where `.value` is a property
# called in Python
_FUTILE: Final = Outcome.ERROR_DETERMINISTIC.value
_KIND: Final = {Outcome.ERROR_DETERMINISTIC.value: "futile", Outcome.ERROR_TRANSIENT.value: "transient",
         Outcome.TIMEOUT.value: "timeout", Outcome.CANCELLED.value: "cancelled", Outcome.UNKNOWN.value: "unknown"}

# a call without a result: its outcome is unknown (it may have run), but for a timeout, and for arguments that do
# not parse (it could not have run); the synthesized results say the same (outcomes.json, placeholders)
_DANGLING_OUTCOME = {"timeout": Outcome.TIMEOUT, "invalid_arguments": Outcome.ERROR_DETERMINISTIC}


def dangling_outcome(reason: str) -> Outcome:
    """The outcome of a call that got no result (a dangling reason's value): the repair says it had none."""
    return _DANGLING_OUTCOME.get(reason, Outcome.UNKNOWN)


class Retries:
    """One conversation's retry boundaries. `on_call`, `on_result`, `on_text` return what they found."""

    __slots__ = ("calls", "claim", "declared", "failed", "max_retries", "settings", "unsafe")

    def __init__(self, non_idempotent: frozenset[str] = frozenset(), max_retries: int = 3) -> None:
        self.settings = non_idempotent
        self.max_retries = max_retries
        self.declared: set[str] = set()  # from the conversation's tool definitions
        # call id -> [tool, args hash, target hash, input index, outcome of the failed call it retries ("": none)]
        self.calls: dict[str, list[Any]] = {}
        # "tool\0args hash" -> [outcome of its last attempt, retries so far, limit reported (0/1)]
        self.failed: dict[str, list[Any]] = {}
        # non-idempotent calls of unknown outcome not read back: [tool, args hash, target hash, index, outcome]
        self.unsafe: list[list[Any]] = []
        self.claim: list[Any] | None = None  # a failed retry not answered yet: [index, tool]

    def is_write(self, tool: str) -> bool:
        return tool in self.settings or tool in self.declared

    def declare(self, tools: Iterable[str]) -> None:
        for t in tools:
            if len(self.declared) >= DECLARED_LIMIT:
                break
            self.declared.add(t)

    @property
    def empty(self) -> bool:
        return not (self.calls or self.failed or self.unsafe or self.claim or self.declared)

    # -- the tracker's points ----------------------------------------------------------------------------
    def on_call(self, cid: str, tool: str, args: Any, index: int, shown_id: str | None) -> tuple[list[Hit], str]:
        """A call opened: is it a retry, and of what? Returns the findings and the retry's kind (`RETRY_KINDS`;
        "" when it retries nothing)."""
        fp, target = fingerprint(args)
        key = tool + "\x00" + fp
        hits: list[Hit] = []
        retried = ""
        f = self.failed.get(key)
        if f is not None:
            retried = f[0]
            f[1] += 1
            if retried == _FUTILE:
                hits.append(Hit(FUTILE, index, shown_id, tool, "same tool and arguments after a deterministic error"))
            if f[1] > self.max_retries and not f[2]:
                f[2] = 1
                hits.append(Hit(LIMIT, index, shown_id, tool, f"retry {f[1]} of a failed call, over the bound of "
                                                             f"{self.max_retries}"))
        if self.is_write(tool):
            for k, u in enumerate(self.unsafe):
                if u[0] == tool and ((target and u[2] == target) or u[1] == fp):
                    hits.append(Hit(BLIND, index, shown_id, tool, f"after the {u[4]} outcome of the call at message "
                                                                 f"{u[3]}, with no read of its state in between"))
                    if not retried:
                        retried = u[4]
                    del self.unsafe[k]
                    break
        elif self.unsafe:
            # a read: it checks the state of the writes on its target (of every write, where one shows none)
            self.unsafe = [u for u in self.unsafe if target and u[2] and u[2] != target]
        self.calls[cid] = [tool, fp, target, index, retried]
        if len(self.calls) > MAX_OPEN:
            del self.calls[next(iter(self.calls))]
        self.claim = None  # the model acted: no reply to judge
        if not retried:
            return hits, ""
        if any(h.kind == BLIND for h in hits):
            return hits, "blind"
        return hits, _KIND[retried]

    def on_result(self, cid: str, outcome: Outcome, keep: bool = False) -> str | None:
        """A call's result with its outcome; or (`keep`) its block closed without one: what the model knew when it
        moved on, kept until a late result says more (`forget` once none can come). Returns the call's tool, or
        None when the call is not remembered."""
        c = self.calls.get(cid) if keep else self.calls.pop(cid, None)
        if c is None:
            return None
        tool, fp, target, index, retried = c
        key = tool + "\x00" + fp
        if outcome is Outcome.OK:
            self.failed.pop(key, None)
            if self.unsafe:
                self.unsafe = [u for u in self.unsafe if not (u[0] == tool and (u[1] == fp or (target and
                                                                                               u[2] == target)))]
            return str(tool)
        f = self.failed.pop(key, None)
        self.failed[key] = [outcome._value_, f[1] if f is not None else 0, f[2] if f is not None else 0]
        if len(self.failed) > FAILED_WINDOW:
            del self.failed[next(iter(self.failed))]
        if self.is_write(tool) and outcome_unknown(outcome) and not any(u[3] == index and u[0] == tool
                                                                        for u in self.unsafe):
            self.unsafe.append([tool, fp, target, index, outcome._value_])
            if len(self.unsafe) > UNSAFE_WINDOW:
                del self.unsafe[0]
        if retried:
            self.claim = [index, tool]
        return str(tool)

    def forget(self, cid: str) -> None:
        """A call no result can come for any more (its held block was decided)."""
        self.calls.pop(cid, None)

    def on_text(self, text: str, index: int) -> Hit | None:
        """A model reply with text: after a retry that failed again, does it claim success?"""
        c = self.claim
        if c is None:
            return None
        self.claim = None
        if words().claims_success(text):
            return Hit(CLAIM, index, None, c[1], f"the retry at message {c[0]} failed")
        return None

    def copy(self) -> Retries:
        """An independent copy (a tracker's fork: snapshots.py)."""
        r = Retries(self.settings, self.max_retries)
        r.declared = set(self.declared)
        r.calls = {k: list(c) for k, c in self.calls.items()}
        r.failed = {k: list(f) for k, f in self.failed.items()}
        r.unsafe = [list(u) for u in self.unsafe]
        r.claim = list(self.claim) if self.claim is not None else None
        return r

    # -- state ---------------------------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        st: dict[str, Any] = {RT_VERSION: RETRIES_VERSION}
        if self.calls:
            st[RT_CALLS] = [[cid, *c] for cid, c in self.calls.items()]
        if self.failed:
            st[RT_FAILED] = [[k, *f] for k, f in self.failed.items()]
        if self.unsafe:
            st[RT_UNSAFE] = [list(u) for u in self.unsafe]
        if self.claim is not None:
            st[RT_CLAIM] = list(self.claim)
        if self.declared:
            st[RT_WRITES] = sorted(self.declared)
        return st

    def restore(self, st: Mapping[str, Any]) -> None:
        self.calls = {c[0]: list(c[1:]) for c in st.get(RT_CALLS, ())}
        self.failed = {f[0]: list(f[1:]) for f in st.get(RT_FAILED, ())}
        self.unsafe = [list(u) for u in st.get(RT_UNSAFE, ())]
        cl = st.get(RT_CLAIM)
        self.claim = list(cl) if cl is not None else None
        self.declared = set(st.get(RT_WRITES, ()))


__all__ = ["BLIND", "CLAIM", "FUTILE", "LIMIT", "RETRY_KINDS", "Hit", "Retries", "Words", "annotations_of",
           "dangling_outcome", "declared_writes", "fingerprint", "words"]
