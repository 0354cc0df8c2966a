"""`tool_history_erased`: a later request snapshot lost a tool call whose user message is still there.

The rewrite it finds: to "save tokens" an app replaces the assistant's tool call and the tool result with a
plain text reply ("好的，已为您调大音量") but keeps the user message that led to it. The model then learns
from its own (forged) history that requests of that kind are answered with words, and stops calling the tool.

Exact and cheap: every call seen (in the stream or in a snapshot) is remembered with the fingerprint of the
user message that led to it. When a snapshot arrives, a remembered call that is absent from it is *erased* if
the snapshot still holds that user message. It is not erased when:

* the user message is gone too: the history was trimmed from the front, or a summary replaced whole turns;
* the snapshot has another call of the same tool for the same user message: the call ids were regenerated,
  or the same request was made twice and the trim kept only the later one.

Each erased call is reported once. Memory is bounded to the last `MAX_CALLS` calls; the state is plain JSON.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Container, Mapping
from dataclasses import dataclass
from typing import Any

from .nfkc import nfkc
from .state.layout import ER_CALLS, ER_VERSION, ERASURE_VERSION

STATE_VERSION = ERASURE_VERSION
MAX_CALLS = 256

KEY_CACHE = 4096  # fingerprints of user texts met lately: a conversation's request snapshots repeat its history
KEY_CACHE_CHARS = 2000  # longer texts are not cached (bounded memory)


def user_key(text: str) -> str:
    """A stable fingerprint of a user message: NFKC, case-folded, whitespace collapsed; 16 hex digits."""
    return _cached_key(text) if len(text) <= KEY_CACHE_CHARS else _user_key(text)


def _user_key(text: str) -> str:
    # whitespace collapsed: str.split() splits at exactly the characters the regex `\s` matches (checked over all
    # code points), and faster than re.sub(r"\s+", " ", ...).strip()
    if text.isascii():  # ASCII is NFKC-stable and its casefold is its lower case: the same key, sooner
        if text.isprintable() and "  " not in text and text[:1] != " " and text[-1:] != " ":
            # printable ASCII has no whitespace but " ": with no run of it and none at either end it is collapsed
            # already (split and join would give the same string back)
            norm = text.lower()
        else:
            norm = " ".join(text.lower().split())
    else:
        norm = " ".join(nfkc(text).casefold().split())
    return hashlib.blake2b(norm.encode("utf-8"), digest_size=8).hexdigest()


_cached_key = functools.lru_cache(maxsize=KEY_CACHE)(_user_key)


@dataclass(frozen=True)
class Erasure:
    call_id: str
    tool: str
    snapshot_index: int
    user_key: str


class ErasureTracker:
    def __init__(self) -> None:
        # call id -> (tool, user key or None, reported), oldest first. Tuples of strings and a bool in a plain dict:
        # the garbage collector stops tracking both after its first look (a list per call in an OrderedDict made
        # every collection walk the calls of every live conversation)
        self._calls: dict[str, tuple[str, str | None, bool]] = {}

    def __len__(self) -> int:
        return len(self._calls)

    def on_call(self, call_id: str, tool: str, user_key: str | None) -> None:
        """A call seen in the stream or in a snapshot; `user_key` fingerprints the user message that led to it."""
        entry = self._calls.get(call_id)
        if entry is not None:
            if entry[1] is None and user_key is not None:
                self._calls[call_id] = (entry[0], user_key, entry[2])  # an existing key keeps its place
            return
        self._calls[call_id] = (tool, user_key, False)
        while len(self._calls) > MAX_CALLS:
            del self._calls[next(iter(self._calls))]

    def keyed(self, call_id: str) -> bool:
        """Whether a call is remembered with the fingerprint of its user message (`on_call` would change nothing)."""
        entry = self._calls.get(call_id)
        return entry is not None and entry[1] is not None

    def on_snapshot(self, calls: Mapping[str, str], user_keys: Container[str], snapshot_index: int) -> list[Erasure]:
        """Calls present (id -> tool) and user fingerprints present in a request snapshot.

        Returns the remembered calls that vanished while their user message is still there (each reported
        once), then remembers the snapshot's calls.
        """
        out: list[Erasure] = []
        # the remembered calls the snapshot lacks (most snapshots only add to the last one: none), then which of
        # those lost their call only (the user message still there, no call of the same tool for it)
        gone = [(cid, entry) for cid, entry in self._calls.items()
                if not entry[2] and entry[1] is not None and cid not in calls]
        if gone:
            present_pairs: set[tuple[str, str]] = set()
            for cid, tool in calls.items():
                entry = self._calls.get(cid)
                if entry is not None and entry[1] is not None:
                    present_pairs.add((entry[1], tool))
            for cid, (tool, key, _) in gone:
                if key is not None and key in user_keys and (key, tool) not in present_pairs:
                    out.append(Erasure(call_id=cid, tool=tool, snapshot_index=snapshot_index, user_key=key))
        for e in out:  # reported once (values replaced after the walk, not during it)
            self._calls[e.call_id] = (e.tool, e.user_key, True)
        for cid, tool in calls.items():
            self.on_call(cid, tool, None)
        return out

    def to_state(self) -> dict[str, Any]:
        return {ER_VERSION: STATE_VERSION, ER_CALLS: [[cid, e[0], e[1], e[2]] for cid, e in self._calls.items()]}

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> ErasureTracker:
        t = cls()  # its version (ER_VERSION) is checked by state/codec.py
        for row in state.get(ER_CALLS, ())[-MAX_CALLS:]:
            cid, tool, key, reported = row
            t._calls[str(cid)] = (str(tool), None if key is None else str(key), bool(reported))
        return t
