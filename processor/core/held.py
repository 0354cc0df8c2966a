"""The held output of one conversation: the messages the tracker keeps back, in final order, until they may go out.

Operations we want to support:

* append a message (or an anchor, the place a held block's results will go) at the end, and know its slot;
* look at or change the entry at a slot (a late result moved in, a call removed, a turn merged), or blank a
  slot out without moving the ones after it;
* take the last entry back (a model turn merged into the call turn that follows it);
* release, in order, every entry before a slot (what no block waits for any more) into a step's messages;
* write the whole queue into the conversation's stored state and read it back.

Goals:

* Slots are positions that never move while the queue holds them: the tracker keeps them in its blocks and calls
  (`start`, `anchor`, `results_turn`, a call's `slot`), so releasing the front must not renumber the rest.
* Cheap when empty, which is almost always: a conversation without a held block holds nothing.
* Bounded by the tracker (`max_held_messages`), not here: this structure only keeps order.

Plan: a list of entries and `base`, the absolute slot of its first entry. Slot `s` is `entries[s - base]`;
releasing the front deletes a prefix and moves `base` forward by as much; a removed entry becomes `None`.
When the queue empties and nothing holds a slot open, `base` goes back to 0 (`reset`). The stored form is the
list of entries (`TR_HELD_QUEUE`) and `base` (`TR_HELD_BASE`, left out when 0): state/layout.py.

What goes in it is decided by the tracker (core/tracker.py); this module knows no dialect and no rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .model import JSON
from .state.layout import AN_MESSAGES, AN_PARTS


class Emitted:
    """One output message, in final order. `index` is its input index (-1 when synthesized)."""

    __slots__ = ("index", "invalid", "kept", "message", "modified", "stripped", "synthesized", "tag")

    def __init__(self, message: JSON, tag: Any, index: int, synthesized: bool = False,
                 modified: bool = False) -> None:
        self.message = message
        self.tag = tag
        self.index = index
        self.synthesized = synthesized
        self.modified = modified
        # a modified model turn of a dialect that binds thinking: how many leading parts are still as in the input
        # (-1: not measured; the message is then read as changed from its start)
        self.kept = -1
        # once final: thinking blocks after the first change it held, and how many of them were removed
        self.invalid = 0
        self.stripped = 0

    def to_state(self) -> list[Any]:
        s = [self.message, self.tag, self.index, int(self.synthesized) | (int(self.modified) << 1)]
        if self.kept >= 0:
            s.append(self.kept)
        return s

    @classmethod
    def from_state(cls, s: list[Any]) -> Emitted:
        e = cls(s[0], s[1], s[2], bool(s[3] & 1), bool(s[3] & 2))
        if len(s) > 4:
            e.kept = s[4]
        return e


class Anchor:
    """The place of a held block's results in the held output: moved real results, then synthesized ones.

    Flat dialects collect whole messages; block dialects collect result parts, which go into the block's
    results turn (`host`) or, if it has none, into a new user turn at this place."""

    __slots__ = ("msgs", "parts")

    def __init__(self) -> None:
        self.msgs: list[Emitted] = []
        self.parts: list[JSON] = []


Slot = Emitted | Anchor | None


class HeldOutput:
    """The queue of held output: entries at absolute slots from `base` on."""

    __slots__ = ("base", "entries")

    def __init__(self) -> None:
        self.entries: list[Slot] = []
        self.base = 0

    def __bool__(self) -> bool:
        return bool(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[Slot]:
        return iter(self.entries)

    @property
    def end(self) -> int:
        """The slot the next appended entry gets."""
        return self.base + len(self.entries)

    @property
    def messages(self) -> int:
        """Messages held (anchors and removed entries not counted)."""
        return sum(1 for e in self.entries if isinstance(e, Emitted))

    def append(self, e: Slot) -> None:
        self.entries.append(e)

    def at(self, slot: int) -> Slot:
        return self.entries[slot - self.base]

    def remove(self, slot: int) -> None:
        """Blank a slot out; the slots after it keep their numbers."""
        self.entries[slot - self.base] = None

    def take(self, slot: int) -> None:
        """Take the entry at `slot` out of the queue: popped when it is the last, else blanked out."""
        if slot == self.end - 1:
            self.entries.pop()
        else:
            self.remove(slot)

    def release(self, limit: int, out: list[Emitted]) -> None:
        """Move every entry before slot `limit` into `out`, in order (an anchor gives its messages); `base`
        becomes `limit`."""
        k = limit - self.base
        if k <= 0:
            return
        q = self.entries
        for e in q[:k]:
            if isinstance(e, Emitted):
                out.append(e)
            elif e is not None:
                out.extend(e.msgs)
        if k == len(q):
            q.clear()
        else:
            del q[:k]
        self.base = limit

    def reset(self) -> None:
        """Empty, and nothing holds a slot: numbering starts again at 0."""
        self.base = 0

    # -- state (changelog) ----------------------------------------------------------------------------------
    def to_state(self) -> list[Any]:
        return [_slot_state(e) for e in self.entries]

    @classmethod
    def from_state(cls, entries: Any, base: int) -> HeldOutput:
        q = cls()
        q.entries = [_slot_from_state(e) for e in entries]
        q.base = base
        return q


def _slot_state(e: Slot) -> Any:
    if e is None:
        return None
    if isinstance(e, Emitted):
        return e.to_state()
    return {AN_MESSAGES: [m.to_state() for m in e.msgs], AN_PARTS: e.parts}


def _slot_from_state(s: Any) -> Slot:
    if s is None:
        return None
    if isinstance(s, dict):
        a = Anchor()
        a.msgs = [Emitted.from_state(m) for m in s[AN_MESSAGES]]
        a.parts = s[AN_PARTS]
        return a
    return Emitted.from_state(s)


__all__ = ["Anchor", "Emitted", "HeldOutput", "Slot"]
