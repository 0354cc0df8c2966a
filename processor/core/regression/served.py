"""A request the assistant served with a tool: what the regression detector remembers of it, hashed and bounded.

It holds, per served request, the request's analysis, the tools called and what they say about its kind (name
words, argument keys, definitions), the argument values, the results' tokens (packed, for the last few served
requests only) and the tokens of the answer after them. What arrives is kept as it came and hashed on first
need; the stored form (keys `SV_*` of state/layout.py) holds hashes and flags only, never text.

It must not know how a request is matched (`matching.py`) or judged (`detector.py`).
"""

from __future__ import annotations

import base64
import binascii
import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import orjson

from ..state.layout import (
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
from .analysis import Request, request_core, text_tokens
from .evidence import MAX_KIND, arguments, name_tokens
from .text import EMPTY, bytes_hashes, hash_bytes, sorted_bytes, unpack_hashes

MAX_SNIPPET_TOKENS = 160  # hashed tokens kept per result snippet
MAX_ECHO = 48  # tokens kept of the answer after a result
SNIPPET_CHARS = 800  # characters of a tool result looked at

_EMPTY = EMPTY  # shared (see `text.EMPTY`)
NO_REQUEST = Request()  # a served request not analysed yet (shared: a Request is never mutated)

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

    __slots__ = ("_basis", "_echo", "_kind", "_o", "_q", "_raw", "_rsince", "_slots", "_snip", "echoed",
                 "index", "numeric", "req", "snippet", "tools")

    def __init__(self, index: int, req: Request, tools: Sequence[str] = (), kind: frozenset[int] = _EMPTY,
                 slots: frozenset[int] = _EMPTY, snippet: bytes = b"", echo: frozenset[int] = _EMPTY,
                 numeric: bool = False) -> None:
        self.index = index  # index of the user message
        self.req = req
        self.tools: tuple[str, ...] = tuple(tools)  # call order: the first is the expected tool (a tuple: see `_raw`)
        # the hashed sets, packed as sorted little-endian u32 (`hash_bytes`): bytes, a few dozen per set where a
        # frozenset of the same hashes weighs 0.5-2 KB; unpacked when a judged turn reads them (`kind`, `slots`,
        # `echo`), written to the state as they are
        self._kind = hash_bytes(kind) if kind else b""  # tool name words, argument keys, definition words
        self._slots = hash_bytes(slots) if slots else b""  # argument-value tokens
        # result tokens, packed (`_pack`): the largest set a served request holds (up to 320 hashes), kept as bytes,
        # which the garbage collector never walks, and written as they are; read them through `snippet_tokens`
        # (which also hashes what `_snip` still holds)
        self.snippet = snippet
        self._echo = hash_bytes(echo) if echo else b""  # tokens of the assistant's answer after the result (its
        # words for what the tool did)
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

    @property
    def kind(self) -> frozenset[int]:
        return bytes_hashes(self._kind)

    @property
    def slots(self) -> frozenset[int]:
        return bytes_hashes(self._slots)

    @property
    def echo(self) -> frozenset[int]:
        return bytes_hashes(self._echo)

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
            self._kind = _pack(kind, MAX_KIND)
            self._slots = _pack(slots, MAX_KIND)
        if o is not None:
            self._o = None
            self._echo = hash_bytes(text_tokens(o[:SNIPPET_CHARS], MAX_ECHO))
        self._basis = None

    def snippet_tokens(self) -> frozenset[int]:
        """The results' tokens, hashed on first need."""
        self._hash_snippet()
        return bytes_hashes(self.snippet)

    def _hash_snippet(self) -> None:
        snip = self._snip
        if snip is not None:
            self._snip = None
            if not self.snippet and len(snip) == 1:  # the usual case: one result, nothing packed before it
                # (its tokens are at most MAX_SNIPPET_TOKENS, within the bound: what `_pack` below would keep)
                self.snippet = hash_bytes(text_tokens(snip[0][:SNIPPET_CHARS], MAX_SNIPPET_TOKENS))
                return
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
        for key, packed in ((SV_KIND, self._kind), (SV_SLOTS, self._slots), (SV_SNIPPET, self.snippet),
                            (SV_ECHO, self._echo)):
            if packed:
                out[key] = binascii.b2a_base64(packed, newline=False).decode("ascii")  # as `pack_hashes`
        if self.numeric:
            out[SV_NUMERIC] = 1
        if self.echoed and not self._echo:
            out[SV_ECHOED] = 1
        if self._rsince:
            out[SV_RESULT_BUDGET] = self._rsince  # the result budget taken since the last judged answer
        return out

    @classmethod
    def from_state(cls, s: Mapping[str, Any]) -> Served:
        out = cls(int(s[SV_INDEX]), Request.from_state(s.get(SV_REQUEST, {})),
                  [str(t) for t in s.get(SV_TOOLS, ())], snippet=_packed_state(s.get(SV_SNIPPET, "")),
                  numeric=bool(s.get(SV_NUMERIC, False)))
        out._kind = _packed_state(s.get(SV_KIND, ""))
        out._slots = _packed_state(s.get(SV_SLOTS, ""))
        out._echo = _packed_state(s.get(SV_ECHO, ""))
        if out._echo or s.get(SV_ECHOED):
            out.echoed = True
        budget = s.get(SV_RESULT_BUDGET, 0)
        out._rsince = budget if isinstance(budget, int) and 0 < budget <= SNIPPET_CHARS else 0
        return out


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
    kept = sorted(values)
    if len(kept) > n:
        del kept[n:]
    return sorted_bytes(kept)


def _packed_state(value: Any) -> bytes:
    """A stored set of hashes (`pack_hashes`'s base64) as `_pack` keeps it: the decoded bytes when they are what
    `_pack` would make of them (sorted, no repeats: what this detector writes), else made again."""
    if isinstance(value, list) or not value:
        return hash_bytes(unpack_hashes(value))
    raw = base64.b64decode(value)
    again = hash_bytes(bytes_hashes(raw))
    return raw if raw == again else again



__all__ = ["MAX_ECHO", "MAX_SNIPPET_TOKENS", "NO_REQUEST", "SNIPPET_CHARS", "Served"]
