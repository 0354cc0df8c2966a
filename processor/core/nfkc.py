"""NFKC: the same string as `unicodedata.normalize("NFKC", text)`, sooner for the usual Chinese text.

One full-width punctuation mark (`，`, `？`, `：`) makes Python's normalisation take its slow path (the whole string
decomposed and composed again: tens of microseconds for a Chinese sentence), where its quick check would otherwise
hand the text back as it is. Each mark replaced here has, as its compatibility decomposition, the one ASCII
character it is replaced by (both of combining class 0), so the replaced text decomposes to the same characters as
the original and has the same NFKC form; the quick check then finds most such texts normalised already. A text
holding any other character that NFKC changes takes the slow path, as before.
"""

from __future__ import annotations

import unicodedata


def nfkc(text: str) -> str:
    """`unicodedata.normalize("NFKC", text)`."""
    if text.isascii():
        return text  # (ASCII is NFKC-stable)
    # the full-width marks of Chinese and Japanese text and the ideographic space, each replaced by its NFKC form
    # (one test each: a loop over pairs costs more than the tests, compiled)
    if "\uff0c" in text:
        text = text.replace("\uff0c", ",")
    if "\uff1f" in text:
        text = text.replace("\uff1f", "?")
    if "\uff01" in text:
        text = text.replace("\uff01", "!")
    if "\uff1a" in text:
        text = text.replace("\uff1a", ":")
    if "\uff1b" in text:
        text = text.replace("\uff1b", ";")
    if "\uff08" in text:
        text = text.replace("\uff08", "(")
    if "\uff09" in text:
        text = text.replace("\uff09", ")")
    if "\u3000" in text:
        text = text.replace("\u3000", " ")
    return unicodedata.normalize("NFKC", text)


# (what `nfkc` replaces: for the tests)
WIDE = (("\uff0c", ","), ("\uff1f", "?"), ("\uff01", "!"), ("\uff1a", ":"), ("\uff1b", ";"), ("\uff08", "("),
        ("\uff09", ")"), ("\u3000", " "))


__all__ = ["WIDE", "nfkc"]
