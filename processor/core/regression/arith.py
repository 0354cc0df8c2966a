"""The arithmetic a request asks for: the values of its expression and of each part of it, as figure hashes.

A calculator tool backs nothing a person could not work out: "127 multiplied by 49 is 6223" needs no call. But a
figure stated as the result of the request's expression that is not its value, nor the value of any part of it (at
any usual rounding), came from somewhere: a tool's output (a calculator that truncates divisions gives 708 for
(1423 - 123) / 3 + (32 + 23) * 5, whose value is 708.33) or nowhere. `values` gives the figures a correct working
may state; the request keeps them among its hashed words (with the marker `ARITH`), so a state written mid-turn
decides as the text would.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from .facts import figures
from .text import EMPTY, h

ARITH = h("\x01=")  # the marker of a request that holds an arithmetic expression
MAX_VALUES = 24  # figure hashes kept per request, with the marker (the text keeps at least 8 words beside them)
_EXPR_RE = re.compile(r"[-(]*\d[\d.,]*(?:\s*[)]*\s*[-+*/×÷]\s*[(\s]*-?\d[\d.,]*)+[)]*")
# an operator that is no hyphen, or a minus with spaces around it
_SPACED_RE = re.compile(r"[+*/×÷]|\s-\s")
_TOKEN_RE = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?|[-+*/×÷()]")


class _Parser:
    __slots__ = ("out", "pos", "toks")

    def __init__(self, toks: list[str]) -> None:
        self.toks = toks
        self.pos = 0
        self.out: list[float] = []

    def _peek(self) -> str:
        return self.toks[self.pos] if self.pos < len(self.toks) else ""

    def expr(self) -> float:
        v = self.term()
        while self._peek() in ("+", "-"):
            op = self.toks[self.pos]
            self.pos += 1
            r = self.term()
            v = v + r if op == "+" else v - r
            self.out.append(v)
        return v

    def term(self) -> float:
        v = self.factor()
        while self._peek() in ("*", "/", "×", "÷"):
            op = self.toks[self.pos]
            self.pos += 1
            r = self.factor()
            if op in ("/", "÷"):
                if r == 0:
                    raise ValueError("division by zero")
                v = v / r
            else:
                v = v * r
            self.out.append(v)
        return v

    def factor(self) -> float:
        t = self._peek()
        if t == "-":
            self.pos += 1
            return -self.factor()
        if t == "(":
            self.pos += 1
            v = self.expr()
            if self._peek() != ")":
                raise ValueError("unbalanced")
            self.pos += 1
            return v
        if t and t[0].isdigit():
            self.pos += 1
            return float(t.replace(",", ""))
        raise ValueError("not a number")


def _renderings(v: float) -> list[str]:
    """How a working may write a value: whole (rounded and cut), and to one to three decimals."""
    if not math.isfinite(v) or abs(v) >= 1e15:
        return []
    out = [str(round(v)), str(math.trunc(v))]
    for k in (1, 2, 3):
        out.append(f"{v:.{k}f}".rstrip("0").rstrip("."))
    return out


def values(text: str) -> frozenset[int]:
    """The figure hashes of the values a request's arithmetic gives (each part's, at each rounding), with `ARITH`;
    empty for a request without an expression of two numbers and an operator."""
    found: dict[int, None] = {}
    for m in _EXPR_RE.finditer(text[:600]):
        if _SPACED_RE.search(m.group(0)) is None:
            continue  # only hyphens with no space: a date, a phone number or a range (2024-05-06, 555-1234)
        p = _Parser(_TOKEN_RE.findall(m.group(0)))
        try:
            p.out.append(p.expr())
        except (ValueError, IndexError, OverflowError):
            continue
        for v in reversed(p.out):  # the whole expression's value first
            for s in _renderings(v):
                found.update(dict.fromkeys(figures(s.lstrip("-"))))
    if not found:
        return EMPTY
    return frozenset([ARITH, *list(found)[: MAX_VALUES - 1]])


def working(text: str) -> frozenset[int]:
    """The figure hashes of a text's own working: the numbers of its expressions and the values they give
    ("10 * 8 = 80 and 5 * 8 = 40, so 80 + 40 = 120": 10, 8, 80, 5, 40, 120). A figure the reply works out itself is
    no result that came from a tool; one it only states after an expression that does not give it ("1337 * 4242
    is 42") is not among them."""
    found: set[int] = set()
    for m in _EXPR_RE.finditer(text[:600]):
        e = m.group(0)
        if _SPACED_RE.search(e) is not None:
            found.update(figures(e))
            # (a bracket the match cut in two is dropped: "(200 + 300 = 500, …" works out 200 + 300)
            found.update(values(e if e.count("(") == e.count(")") else e.replace("(", "").replace(")", "")))
    found.discard(ARITH)
    return frozenset(found) if found else EMPTY


# a number of a sentence as it is written (a time "14:05", "1,250.50", a single digit)
_NUMBER_RE = re.compile(r"(?<!\d)(?<!\d[.,:])\d+(?:,\d{3})*(?:\.\d+)?(?::\d\d)?(?!\d|[,:.]\d)")
SMALL = 12  # a whole number up to this, written in a sentence, is a count or a factor ("2 passengers", "6 sides")
MAX_NUMBERS = 12  # numbers of a sentence combined in pairs (a longer list is no working)


def _value(s: str) -> tuple[float, bool]:
    """A written number's value (a time "14:05" in minutes) and whether it is a time."""
    if ":" in s:
        hours, minutes = s.split(":", 1)
        return float(int(hours.replace(",", "")) * 60 + int(minutes)), True
    return float(s.replace(",", "")), False


def worked_out(sent: str, shown: Callable[[int], bool]) -> frozenset[int]:
    """The figure hashes a sentence works out from numbers it has (not a tool's output): a sum, a difference, a
    product, a ratio or a percentage of two of its numbers that are each shown in the conversation (`shown`: a
    figure hash) or small (a count, a factor, in digits or words: "6 ways out of 36", "1/6, about 16.7%"), the hours
    and minutes between two times ("3 hours and 45 minutes, from 14:05 to 17:50"), and a figure that is a shown one
    times a count the sentence states ("$480 for two passengers" after "$240"). A figure no operation of those gives
    stays new."""
    found: set[int] = set()
    own: list[tuple[float, bool]] = []
    counts = [float(_COUNT_WORDS[w]) for w in _COUNT_RE.findall(sent[:600])]
    big: list[tuple[float, tuple[int, ...]]] = []
    for s in _NUMBER_RE.findall(sent[:600])[:MAX_NUMBERS]:
        v, is_time = _value(s)
        fs = figures(s.replace(",", ""))
        if is_time or (v.is_integer() and 0 < v <= SMALL):
            own.append((v, is_time))
            if not is_time:
                counts.append(v)
        elif fs and all(shown(f) for f in fs):
            own.append((v, is_time))
        elif fs and not is_time:
            big.append((v, fs))
    own += [(k, False) for k in counts if (k, False) not in own]
    for v, fs in big:  # a shown figure times a count the sentence states
        if any(shown(f) for k in counts if k > 1 for r in _renderings(v / k) for f in figures(r)):
            found.update(fs)
    for i, (a, ta) in enumerate(own):
        for j, (b, tb) in enumerate(own):
            if ta or tb:
                if ta and tb and j != i and a < b:  # the time between two times: hours and minutes, h:mm
                    d = b - a
                    found.update(figures(f"{int(d // 60)}:{int(d % 60):02d}"))
                    found.update(figures(str(int(d % 60))))
                    found.update(figures(str(int(d))))
                continue
            results = [a * b]
            if j > i:
                results += [a + b, abs(a - b)]
            if b:
                results += [a / b, 100 * a / b]
            for r in results:
                for s in _renderings(r):
                    found.update(figures(s))
    return frozenset(found)


_COUNT_WORDS = {w: i + 2 for i, w in enumerate(("two", "three", "four", "five", "six", "seven", "eight", "nine",
                                                   "ten", "eleven", "twelve"))} | {"both": 2, "twice": 2, "double": 2}
_COUNT_RE = re.compile(r"\b(?:" + "|".join(_COUNT_WORDS) + r")\b")


__all__ = ["ARITH", "values", "worked_out", "working"]
