"""Language-agnostic text features: normalisation, tokens, light stemming, CJK n-grams, identifier splitting.

Nothing here knows a domain. Space-separated scripts give words (lightly stemmed: plural, -ing, -ed,
possessive); CJK runs are cut at the function characters of `cues` and give their bigrams (a piece of one or
two characters stays whole) and their characters one by one. Identifiers (tool names, argument keys) are split
at `_`, `-`, `.`, `/` and camelCase humps. Tokens are kept as 32-bit CRC hashes, so no state holds text.
"""

from __future__ import annotations

import base64
import binascii
import functools
import re
import struct
import zlib
from collections.abc import Iterable
from typing import Any

from ..nfkc import nfkc

# the empty set, shared: each `frozenset()` is an object of its own (tracked by the garbage collector),
# and requests, cached analyses and served records hold many empty sets
EMPTY: frozenset[int] = frozenset()

CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af"
# a CJK run, or a word of any other script (letters and digits, no underscore). The apostrophe's part is an
# alternation with the empty string, not an optional group (`(?:'x+)?`): the same matches, and the regular-expression
# engine tries a branch without the repeat context it allocates for each optional group it enters
TOKEN_RE = re.compile(rf"[{CJK}]+|[^\W_{CJK}]+(?:'[^\W_{CJK}]+|)")
CJK_RE = re.compile(rf"[{CJK}]")
# `TOKEN_RE` on ASCII text (where `\w` is `[A-Za-z0-9_]` and no CJK occurs): a plain class, faster
_ASCII_TOKEN_RE = re.compile(r"[A-Za-z0-9]+(?:'[A-Za-z0-9]+|)")
_CAMEL_RE = re.compile(r"([a-z0-9])([A-Z])")
_IDENT_SPLIT_RE = re.compile(r"[^0-9A-Za-z\u0080-\uffff]+")
WORD_CACHE = 8192


def normalize(text: str) -> str:
    """NFKC + case-fold; curly apostrophes made straight. (NFKC leaves ASCII text as it is: skipped there.)"""
    if text.isascii():
        return text.casefold()
    return nfkc(text).replace("\u2019", "'").casefold()


def tokens(norm: str) -> list[str]:
    """`TOKEN_RE.findall(norm)`: CJK runs and words."""
    return _ASCII_TOKEN_RE.findall(norm) if norm.isascii() else TOKEN_RE.findall(norm)


def h(token: str) -> int:
    """A token's 32-bit hash (stable across processes: the state stores it). `zlib.crc32` is unsigned."""
    return zlib.crc32(token.encode("utf-8"))


# French elided words (l', d', qu' …): the word is what follows the apostrophe
_ELIDED = frozenset(("l", "d", "j", "qu", "n", "s", "c", "m", "t", "jusqu", "lorsqu", "puisqu", "quoiqu"))


@functools.lru_cache(maxsize=WORD_CACHE)
def stem(word: str) -> str:
    """Light stemming for space-separated scripts: plural s/es/ies, -ing, -ed, possessive 's."""
    if word.endswith("'s"):
        word = word[:-2]
    elif "'" in word:
        head, tail = word.split("'", 1)
        word = tail if head in _ELIDED and tail else head  # French elision: l'heure -> heure, d'accord -> accord
    n = len(word)
    if n > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if n > 4 and word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    if n > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    if n > 5 and word.endswith("ing"):
        return word[:-3]
    if n > 4 and word.endswith("ed") and not word.endswith("eed"):
        return word[:-2]
    return word


def is_cjk(token: str) -> bool:
    return token[0] >= "\u3040" and CJK_RE.match(token) is not None


def cjk_grams(piece: str) -> list[str]:
    """A content piece of a CJK run: itself if one or two characters long, else its bigrams."""
    if len(piece) <= 2:
        return [piece]
    return [piece[i : i + 2] for i in range(len(piece) - 1)]


def split_identifier(name: str) -> list[str]:
    """`set_volume`, `getWeather`, `issues.create`, `web-search` -> their words, case-folded."""
    spaced = _CAMEL_RE.sub(r"\1 \2", name)
    return [w.casefold() for w in _IDENT_SPLIT_RE.split(spaced) if w]


def cap(values: Iterable[int], n: int) -> frozenset[int]:
    """The n smallest values (a deterministic cut that does not depend on the order they came in)."""
    if isinstance(values, (set, frozenset)) and len(values) <= n:
        return frozenset(values) if values else EMPTY
    return frozenset(sorted(values)[:n])


def hash_bytes(hashes: Iterable[int]) -> bytes:
    """A set of 32-bit hashes as sorted little-endian u32 (what `pack_hashes` encodes)."""
    return sorted_bytes(sorted(hashes))


def sorted_bytes(kept: list[int]) -> bytes:
    """Hashes already sorted without repeats, as `hash_bytes` lays them out (no second sort)."""
    return struct.pack(f"<{len(kept)}I", *kept)


def bytes_hashes(raw: bytes) -> frozenset[int]:
    return frozenset(struct.unpack(f"<{len(raw) // 4}I", raw)) if raw else EMPTY


@functools.lru_cache(maxsize=WORD_CACHE)
def pack_hashes(hashes: frozenset[int]) -> str:
    """A set of 32-bit hashes as base64 of sorted little-endian u32: half the size of a JSON list of numbers."""
    return binascii.b2a_base64(hash_bytes(hashes), newline=False).decode("ascii")


def unpack_hashes(value: Any) -> frozenset[int]:
    if not value:
        return EMPTY
    if isinstance(value, list):  # a list of numbers (tolerated)
        return frozenset(int(x) for x in value)
    return bytes_hashes(base64.b64decode(value))


def pack_ordered(hashes: list[int]) -> str:
    """A list of 32-bit hashes in its order (where the order decides what is dropped first)."""
    return binascii.b2a_base64(struct.pack(f"<{len(hashes)}I", *hashes), newline=False).decode("ascii")


def unpack_ordered(value: Any) -> list[int]:
    if not value:
        return []
    raw = base64.b64decode(value)
    return list(struct.unpack(f"<{len(raw) // 4}I", raw))


__all__ = ["CJK", "CJK_RE", "EMPTY", "TOKEN_RE", "cap", "cjk_grams", "h", "is_cjk", "normalize", "pack_hashes",
           "pack_ordered", "sorted_bytes", "split_identifier", "stem", "tokens", "unpack_hashes", "unpack_ordered"]
