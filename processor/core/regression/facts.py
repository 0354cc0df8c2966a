"""The figures a conversation showed: numbers, times and amounts of its texts, hashed, the latest kept.

A judged reply that states figures the conversation never showed (in a request, a call's arguments, a result, an
earlier answer) had them from nowhere: a sign of an invented report instead of a call. `Facts` remembers at most
`MAX_FACTS` figure hashes, oldest dropped first. Texts are noted as they arrive and read for figures only when
something needs them (a judged reply, the stored state): a history judged once mostly never reads them. Noted
texts wait in order, a few at most (`UNREAD_TEXTS`, about `UNREAD_CHARS`), so memory stays bounded.

The stored form is the ordered hash list (`RD_FACTS` of state/layout.py, written by the detector).
"""

from __future__ import annotations

import functools
import re

from .text import h

MAX_FACTS = 32  # figures (numbers, times, amounts) remembered from the conversation's texts, the latest kept
MAX_OLDER = 224  # figures pushed out of those, kept packed for `unbacked_claim`'s grounding (u32 each, oldest dropped)
FACT_CHARS = 2000  # characters of a text whose figures are read
UNREAD_TEXTS = 16  # texts noted and not read for figures yet (`note`): at most this many ...
UNREAD_CHARS = 4 * FACT_CHARS  # ... and about this many characters
LONG_NUMBER = 8  # digits of a number from which its last four are a figure too ("the card ending in 1111")

# a figure of two digits or more, with its separators: what `\d+(?:[.,:]\d+)*` finds, less its one-digit matches
# (a match ends with a digit and holds one between separators, so "1,2" is two digits and a one-character match is
# the only one too short); the regular expression skips those, and nothing is left to strip
_FIGURE_RE = re.compile(r"\d(?:[.,:]?\d)+")
_NO_FIGURES: tuple[int, ...] = ()
_NO_SEEN: dict[int, None] = {}  # what `read` gives a conversation that showed no figure yet (shared, never changed)


@functools.lru_cache(maxsize=1024)
def figures(text: str) -> tuple[int, ...]:
    """Hashes of a text's figures of two characters or more ("3,400" and "3400" alike; "7" is too common)."""
    found = _FIGURE_RE.findall(text)
    if not found:
        return _NO_FIGURES
    out = [h(m.replace(",", "")) if "," in m else h(m) for m in found]
    # a long number (a card, an account, a phone) is also shown by its last four digits: "ending in 1111"
    out += [h(m[-4:]) for m in found if len(m) >= LONG_NUMBER and m.isdigit()]
    return tuple(out)


def reply_figures(reply: str) -> set[int]:
    """The distinct figures of a reply, as `Facts.novel` reads them."""
    return set(figures(reply[:FACT_CHARS]))


class Facts:
    """The figure hashes a conversation showed, oldest first, and the texts noted but not read yet."""

    __slots__ = ("_seen", "_unread", "_unread_chars", "older")

    def __init__(self, seen: dict[int, None] | None = None, older: bytes = b"") -> None:
        self._seen: dict[int, None] | None = seen or None  # made at the first figure (most hold none for long)
        # figures pushed out of `_seen`, little-endian u32 each, oldest first: bytes, which the garbage collector
        # never walks, read only by `shown` (a judged reply's grounding); the empty bytes until the first one
        self.older: bytes | bytearray = bytearray(older[: len(older) - len(older) % 4]) if older else b""
        self._unread: list[str] | None = None  # texts noted whose figures are not in `_seen` yet (`read`)
        self._unread_chars = 0

    def note(self, text: str) -> None:
        """Remember the figures of a text (read when needed)."""
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
            self.read()

    def read(self) -> dict[int, None]:
        """The figures seen, with the texts noted since they were last read (in their order: the latest kept)."""
        facts = self._seen
        waiting = self._unread
        if facts is None:
            if waiting is None:
                return _NO_SEEN
            facts = self._seen = {}
        if waiting is not None:
            self._unread = None
            self._unread_chars = 0
            for text in waiting:
                for f in figures(text):
                    if f in facts:
                        del facts[f]
                    facts[f] = None
                while len(facts) > MAX_FACTS:
                    old = next(iter(facts))
                    del facts[old]
                    self._spill(old)
            if not facts:  # (texts without a figure)
                self._seen = None
                return _NO_SEEN
        return facts

    def _spill(self, fact: int) -> None:
        older = self.older
        if not isinstance(older, bytearray):
            older = self.older = bytearray(older)
        older += fact.to_bytes(4, "little")
        if len(older) > 4 * (MAX_OLDER + 32):  # trimmed in steps, not at every figure
            del older[: len(older) - 4 * MAX_OLDER]

    def shown(self, fact: int) -> bool:
        """Whether the conversation showed this figure (the latest ones, or the older ones kept packed)."""
        if fact in self.read():
            return True
        older = self.older
        if not older:
            return False
        key = fact.to_bytes(4, "little")
        i = older.find(key)
        while i >= 0:
            if not i & 3:
                return True
            i = older.find(key, i + 1)
        return False

    def novel(self, reply: str) -> int:
        """How many figures of a reply the conversation never showed."""
        facts = self.read()
        return sum(1 for f in reply_figures(reply) if f not in facts)


__all__ = ["FACT_CHARS", "LONG_NUMBER", "MAX_FACTS", "MAX_OLDER", "UNREAD_CHARS", "UNREAD_TEXTS", "Facts", "figures",
           "reply_figures"]
