"""`unbacked_claim`: a reply asserts a completed act or states a tool-only fact that no call of its turn produced.

Grounding, per reply (an assistant message with text and no call of its own):

* **Is it a claim at all.** The reply is cut into sentences; questions, offers, promises, waiting, confirmation
  requests, refusals and hedges (closed lists per language in `claims.json`) are not claims. What remains is an
  *act* (a completion cue and a verb that is a word of an offered tool: "the file has been deleted",
  已为您取消) or a *fact* (an id, an amount, a date or a live value the conversation never showed, in a sentence
  about an offered tool's subject).
* **Does a call of the turn cover it.** The turn runs from the user's request to the reply (a user line right after
  a result, as agent frameworks add, continues it). An act is covered by a successful call whose tool has that
  verb; a fact by any successful call of the turn (its result is context). A call whose result reads as an error
  covers nothing.
* **Is it grounded by context.** A fact token (a figure, an id) already in a message or result is not new.

Precision first: a reply after a successful call is flagged only for an act that no call of the turn names.
The state is small and text-free: the hashes of the context's fact tokens and content words (bounded), the
offered tools' words, and the turn's calls.
"""

from __future__ import annotations

import base64
import functools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..dialects import tool_declarations
from ..state.layout import (
    CL_AFTER_RESULT,
    CL_CONTEXT,
    CL_CONTINUED,
    CL_FAILED,
    CL_OK,
    CL_PENDING,
    CL_REQUEST,
    CL_SERVED,
    CL_TOOLS,
)
from .text import h, normalize, split_identifier, stem

MAX_CONTEXT = 384  # hashed context tokens kept (fact tokens and content words; newest kept)
MAX_TOOLS = 32  # offered tools remembered
MAX_TOOL_WORDS = 24  # words per tool (name, then description)
MAX_REPLY = 1500  # characters of a reply read
NOTE_CHARS = 2000  # characters of a context text read
MAX_REQUEST_WORDS = 96  # words of a request remembered
PRUNE_SLACK = 64  # the context may exceed its bound by this much between two prunings
MAX_SUBJECT_SENTENCES = 3  # a reply longer than this is no `subject_no_call` (a piece written on the subject)

_WORD_RE = re.compile(r"[a-z][a-z']*")
_FACT_RE = re.compile(r"(?:[a-z]+-)?[a-z]*[$€£¥]?\d[\w\-.:/]*", re.ASCII | re.IGNORECASE)
_NOTE_RE = re.compile(r"((?:[a-z]+-)?[a-z]*[$€£¥]?\d[\w\-.:/]*)|([a-z][a-z']*)", re.IGNORECASE)
_LEAD_RE = re.compile(r"[a-z]+")
_SENT_RE = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；])|\n+")
_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


@dataclass(frozen=True)
class Cues:
    completion: tuple[str, ...]
    non_claim: tuple[str, ...]
    live: tuple[str, ...]
    failure: tuple[str, ...]
    zh_completion: tuple[str, ...]
    zh_non_claim: tuple[str, ...]
    zh_live: tuple[str, ...]
    zh_verbs: Mapping[str, str]
    ack: tuple[str, ...]  # a sentence that is only an acknowledgement ("Sure!", 好的)
    wait_re: re.Pattern[str]  # waiting and confirmation requests ("let me know once you have…", 请确认)
    retrieval: tuple[str, ...]  # a lookup told as done ("I found", 查到)
    refusal: tuple[str, ...]  # a reply with one of these (en and zh) claims nothing
    recall: tuple[str, ...]  # an act told as past of an earlier turn ("the rental I previously booked")
    read_tool: frozenset[str]
    stop: frozenset[str]
    synonyms: Mapping[str, tuple[str, ...]]
    scores: Mapping[str, float]
    threshold: float
    en_re: re.Pattern[str]  # completion | non-claim | live, each a named group
    refusal_re: re.Pattern[str]  # the English lists on word boundaries, the Chinese as substrings
    recall_re: re.Pattern[str]
    retrieval_re: re.Pattern[str]


def _alt(words: Sequence[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_OVERRIDE: list[dict[str, Any]] = []  # a team's retrained file (`use`), else the shipped claims.json


def shipped() -> dict[str, Any]:
    """The shipped cue lists and scores (package data)."""
    doc: dict[str, Any] = json.loads(resources.files(__package__).joinpath("claims.json").read_text("utf-8"))
    return doc


def use(doc: Mapping[str, Any] | None) -> None:
    """Judge with this cue/score document (written by `toolmend train-detector --claims`; None: the shipped one),
    for every tracker of this process. A document without the shipped keys raises ValueError."""
    if doc is not None:
        base = shipped()
        missing = [k for k in ("en", "zh", "scores", "threshold") if k not in doc]
        if missing or set(doc["scores"]) != set(base["scores"]):
            raise ValueError(f"not a claims file: missing {missing or 'rule scores'}")
    _OVERRIDE[:] = [dict(doc)] if doc is not None else []
    cues.cache_clear()
    _failed.cache_clear()
    _acts.cache_clear()
    cues()  # parse now: a bad list fails here, not at the first reply


@functools.lru_cache(maxsize=1)
def cues() -> Cues:
    raw = _OVERRIDE[0] if _OVERRIDE else shipped()
    en, zh = raw["en"], raw["zh"]
    pat = (rf"(?<![\w'])(?:(?P<n>{_alt(en['non_claim'])})|(?P<c>{_alt(en['completion'])})|"
           rf"(?P<l>{_alt(en['live'])}))(?![\w'])")
    return Cues(
        completion=tuple(en["completion"]), non_claim=tuple(en["non_claim"]), live=tuple(en["live"]),
        failure=tuple(en["failure"]), zh_completion=tuple(zh["completion"]), zh_non_claim=tuple(zh["non_claim"]),
        zh_live=tuple(zh["live"]), zh_verbs=dict(zh["act_verbs"]), ack=tuple(en["ack"] + zh["ack"]),
        retrieval=tuple(en["retrieval"] + zh["retrieval"]), refusal=tuple(en["refusal"] + zh["refusal"]),
        recall=tuple(en["recall"] + zh["recall"]), read_tool=frozenset(root(w) for w in en["read_tool"]),
        stop=frozenset(en["stop"]), synonyms={k: tuple(v) for k, v in en["act_synonyms"].items()},
        wait_re=_phrases(en["wait"], zh["wait"]), scores=dict(raw["scores"]), threshold=float(raw["threshold"]),
        en_re=re.compile(pat),
        refusal_re=_phrases(en["refusal"], zh["refusal"]), recall_re=_phrases(en["recall"], zh["recall"]),
        retrieval_re=_phrases(en["retrieval"], zh["retrieval"]))


def _phrases(en: Sequence[str], zh: Sequence[str]) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w'])(?:{_alt(en)})(?![\w'])|{_alt(zh)}")


@functools.lru_cache(maxsize=4096)
def root(word: str) -> str:
    """A word's root for matching verbs with tool names: stemmed, a final e dropped, a doubled consonant undone
    (deleted/delete -> delet, cancelled/cancel -> cancel, booked -> book)."""
    w = stem(word)
    if w.endswith("ed") and len(w) > 4:
        w = w[:-2]
    if w.endswith("e") and len(w) > 3:
        w = w[:-1]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiousl":
        w = w[:-1]
    if w.endswith("ll") and len(w) > 4:
        w = w[:-1]
    return w


def _fact(tok: str) -> str:
    return tok.strip(".:/-").replace(",", "").lower()


def fact_tokens(text: str) -> list[str]:
    """Figures and identifiers: 42, 0.92, $150.00, order-123, LX0112, 2024-05-06."""
    return [f for f in (_fact(t) for t in _FACT_RE.findall(text)) if f]


def content_words(norm: str, stop: frozenset[str]) -> list[str]:
    out = [root(w) for w in _WORD_RE.findall(norm) if len(w) > 2 and w not in stop]
    for run in _CJK_RE.findall(norm):
        out.append(run)
    cjk = "".join(_CJK_RE.findall(norm))
    out.extend(cjk[i:i + 2] for i in range(len(cjk) - 1))
    return out


class Hashes:
    """An insertion-ordered set of 32-bit hashes packed in 4 bytes each (little-endian): a set's semantics at a
    tenth of a Python set's memory. Membership is a C-level search of the bytes (aligned)."""

    __slots__ = ("buf",)

    def __init__(self, raw: bytes = b"") -> None:
        self.buf = bytearray(raw[: len(raw) - len(raw) % 4])

    def __contains__(self, value: int) -> bool:
        buf = self.buf
        key = value.to_bytes(4, "little")
        i = buf.find(key)
        while i >= 0:
            if not i & 3:
                return True
            i = buf.find(key, i + 1)
        return False

    def add(self, value: int) -> None:
        if value not in self:
            self.buf += value.to_bytes(4, "little")

    def __len__(self) -> int:
        return len(self.buf) >> 2

    def keep_last(self, n: int) -> None:
        if len(self.buf) > 4 * n:
            del self.buf[: len(self.buf) - 4 * n]

    def b64(self, last: int | None = None) -> str:
        raw = bytes(self.buf if last is None else self.buf[-4 * last:])
        return base64.b64encode(raw).decode("ascii")

    @classmethod
    def from_b64(cls, value: Any) -> Hashes:
        if not isinstance(value, str) or not value:
            return cls()
        return cls(base64.b64decode(value))


@dataclass(frozen=True)
class Claim:
    index: int
    tool: str
    rule: str
    score: float
    detail: str


class ClaimTracker:
    """Per conversation: feed it the messages in order; `on_assistant` returns a `Claim` for an unbacked one."""

    __slots__ = ("after_result", "context", "continued", "failed", "non_claim", "ok", "pending", "request", "served",
                 "tools")

    def __init__(self) -> None:
        self.context = Hashes()  # hashed fact tokens and content words seen (insertion-ordered, bounded)
        self.tools: dict[str, tuple[str, ...]] = {}  # offered tool -> its word roots (name first)
        self.ok: list[str] = []  # tools whose calls of this turn returned a result that is not an error
        self.failed: list[str] = []  # ... whose result was an error
        self.pending: list[tuple[str, str]] = []  # calls of this turn waiting for a result: (call id or "", tool)
        self.request = Hashes()  # hashed content words of the turn's request
        self.served: list[str] = []  # tools that returned a result in an earlier turn
        self.after_result = False  # the last message was a tool result
        self.continued = False  # the turn's user text came right after a result (a framework's "go on")
        self.non_claim = False  # the last reply judged is no claim: waiting, a question, a refusal (not stored)

    @staticmethod
    def threshold() -> float:
        """The score from which a claim is reported (`claims.json`)."""
        return cues().threshold

    # -- feeding ---------------------------------------------------------------------------------------------
    def on_tools(self, tools: Any) -> None:
        c = cues()
        for d in tool_declarations(tools):
            name = d.get("name")
            if not isinstance(name, str) or not name or (name not in self.tools and len(self.tools) >= MAX_TOOLS):
                continue
            words = [root(w) for w in split_identifier(name) if w]
            desc = d.get("description")
            if isinstance(desc, str):
                words += [w for w in content_words(normalize(desc[:400]), c.stop) if not _CJK_RE.match(w)]
            self.tools[name] = tuple(dict.fromkeys(words))[:MAX_TOOL_WORDS]

    def _tool_words(self, name: str) -> tuple[str, ...]:
        words = self.tools.get(name)
        if words is None:
            words = tuple(root(w) for w in split_identifier(name) if w)
        return words

    def _note(self, text: str) -> None:
        """The figures, identifiers and content words of a text into the context (one regular-expression pass)."""
        if not text:
            return
        norm = normalize(text[:NOTE_CHARS])
        ctx = self.context
        stop = cues().stop
        for fact, word in dict.fromkeys(_NOTE_RE.findall(norm)):  # each token once, in first-seen order
            if fact:
                f = _fact(fact)
                if f:
                    ctx.add(h(f))
                lead = _LEAD_RE.match(fact)
                if lead is not None and len(lead.group()) > 2 and lead.group() not in stop:
                    ctx.add(h(root(lead.group())))
            elif len(word) > 2 and word not in stop:
                ctx.add(h(root(word)))
        if not norm.isascii():
            for w in content_words(norm, stop):
                ctx.add(h(w))
        if len(ctx) > MAX_CONTEXT + PRUNE_SLACK:  # pruned in steps (not at every note): the newest are kept
            ctx.keep_last(MAX_CONTEXT)

    def on_system(self, text: str) -> None:
        self._note(text)

    def on_user(self, text: str) -> None:
        self.continued = self.after_result
        # a new request; a line right after a result (a framework's "go on"), or while calls wait for their
        # results (the user grew impatient), continues the turn
        if not self.after_result and not self.pending:
            self.served.extend(t for t in self.ok if t not in self.served)
            del self.served[:-MAX_TOOLS]
            self.ok, self.failed, self.pending = [], [], []
            req = self.request = Hashes()
            for w in content_words(normalize(text[:2000]), cues().stop)[:MAX_REQUEST_WORDS]:
                req.add(h(w))
        self.after_result = False
        self._note(text)

    def on_result(self, text: str, results: Sequence[tuple[str | None, str | None]] = ()) -> None:
        """A message of tool results: `results` (call id, tool name) each, as the dialect pairs them."""
        failed = _failed(text)
        for cid, name in results or ((None, None),):
            tool = self._answered(cid, name)
            if tool is not None:
                (self.failed if failed else self.ok).append(tool)
        self.after_result = True
        if not failed:
            self._note(text)

    def _answered(self, cid: str | None, name: str | None) -> str | None:
        """The pending call a result answers (by id, else by name, else the oldest)."""
        p = self.pending
        if cid:
            for i, (pid, tool) in enumerate(p):
                if pid == cid:
                    del p[i]
                    return tool
        for i, (pid, tool) in enumerate(p):  # calls known without their id (a turn spanning several items)
            if (not pid or not cid) and (not name or tool == name):
                del p[i]
                return tool
        return None

    def on_assistant(self, index: int, text: str, tools: Sequence[str], args: Sequence[Any] = (),
                     ids: Sequence[str | None] = ()) -> Claim | None:
        self.after_result = False
        self.non_claim = False
        if tools:
            for t in tools:
                if t and t not in self.tools and len(self.tools) < MAX_TOOLS:
                    self.tools[t] = tuple(root(w) for w in split_identifier(t) if w)[:MAX_TOOL_WORDS]
            self.pending.extend(((ids[i] or "") if i < len(ids) else "", t) for i, t in enumerate(tools) if t)
            for a in args:
                if isinstance(a, str):
                    self._note(a)
                elif a is not None:
                    self._note(json.dumps(a, ensure_ascii=False, default=str))
            self._note(text)
            return None
        if not text:
            return None
        claim = self._judge(index, text[:MAX_REPLY])
        self._note(text)
        return claim

    # -- judging -------------------------------------------------------------------------------------------
    def _judge(self, index: int, text: str) -> Claim | None:
        c = cues()
        norm = normalize(text)
        zh = _CJK_RE.search(norm) is not None
        if c.refusal_re.search(norm):
            return None  # claims nothing (whether a refusal is a regression is text_only_regression's to judge)
        best: Claim | None = None
        # the reply's shape for text_only_regression: waiting or asking (a question, a confirmation request) beside
        # bare acknowledgements only; a promise ("I'll…") with no call is that signal's very case, so not this
        vetoed = waiting = other = 0
        for sent in _SENT_RE.split(norm):
            sent = sent.strip()
            if len(sent) < 2:
                continue
            found = self._sentence(index, sent, zh, c)
            if sent.endswith(("?", "？")) or c.wait_re.search(sent):
                waiting += 1
            elif sent.strip(" !.,~。！，") not in c.ack:
                other += 1
            if found is _NOT_A_CLAIM:
                vetoed += 1
                continue
            if found is not None and (best is None or found.score > best.score):
                best = found
        self.non_claim = waiting > 0 and other == 0
        if best is not None and best.rule == "subject_no_call" and waiting + other > MAX_SUBJECT_SENTENCES:
            return None  # a long text about the request's subject: a written piece, not a looked-up answer
        return best

    def _sentence(self, index: int, sent: str, zh: bool, c: Cues) -> Claim | None:
        if sent.endswith(("?", "？")):
            return _NOT_A_CLAIM
        completion = live = False
        if zh:
            if any(n in sent for n in c.zh_non_claim):
                return _NOT_A_CLAIM
            completion = any(k in sent for k in c.zh_completion)
            live = any(k in sent for k in c.zh_live)
        for m in c.en_re.finditer(sent):
            if m.group("n"):
                return _NOT_A_CLAIM
            if m.group("c"):
                completion = True
            elif m.group("l"):
                live = True
        words = content_words(sent, c.stop)
        if zh:
            words += [v for k, v in c.zh_verbs.items() if k in sent]
        if completion:
            for tool, verb in self._acts_named(words, c):
                if self._covered(verb, c, self.ok) or self._covered(verb, c, [t for _, t in self.pending]):
                    continue  # done by a call of the turn (or by one whose result has not come yet)
                if self._covered(verb, c, self.served) and (
                        c.recall_re.search(sent) or all(h(w) in self.context for w in words)):
                    continue  # an earlier turn's act, told again (in so many words, or in the context's)
                if any(verb in self._tool_words(t) or verb == _first(t) for t in self.failed):
                    rule = "act_call_failed"
                else:
                    rule = "act_no_call" if not self.ok else "act_not_covered"
                return Claim(index, tool, rule, c.scores[rule], f"claims '{verb}' with no call that did it")
        if self.ok:
            return None  # facts after a successful call: its result is context (precision first)
        if c.recall_re.search(sent):
            return None  # told again from an earlier turn
        ctx = self.context
        novel_words = [w for w in words if h(w) not in ctx]
        if not novel_words:
            return None  # grounded by what the conversation already holds
        novel_facts = [f for f in fact_tokens(sent) if h(f) not in ctx and not _small(f)]
        subject = self._subject(words, c)
        if subject is not None and _first(subject) in _acts() and _first(subject) not in c.read_tool:
            subject = None  # a fact is looked up, not done: an act tool is no subject for it
        if c.retrieval_re.search(sent):
            reader = subject if subject is not None else self._reader(c)
            if reader is not None:
                return Claim(index, reader, "read_no_call", c.scores["read_no_call"], "tells of a lookup no call made")
        if subject is None:
            return None
        if novel_facts:
            return Claim(index, subject, "fact_no_call", c.scores["fact_no_call"],
                         f"states {len(novel_facts)} figure(s) no call produced")
        if live:
            return Claim(index, subject, "live_no_call", c.scores["live_no_call"],
                         "states a live value no call produced")
        return Claim(index, subject, "subject_no_call", c.scores["subject_no_call"],
                     "states what the request asked a tool for, with no call")

    def _acts_named(self, words: Sequence[str], c: Cues) -> list[tuple[str, str]]:
        """The offered tools whose verb the sentence uses (the verb: the tool name's first word, or a synonym),
        one per verb, in the sentence's order."""
        out: list[tuple[str, str]] = []
        seen: set[str] = set()
        for w in words:
            cands = (w, *c.synonyms.get(w, ()))
            for name in self.tools:
                first = _first(name)
                if first in cands and first not in c.read_tool and first not in seen:
                    seen.add(first)
                    out.append((name, first))
                    break
        return out

    @staticmethod
    def _covered(verb: str, c: Cues, calls: Sequence[str]) -> bool:
        for t in calls:
            first = _first(t)
            if first == verb or verb in c.synonyms.get(first, ()) or first in c.synonyms.get(verb, ()):
                return True
        return False

    def _subject(self, words: Sequence[str], c: Cues) -> str | None:
        """The offered tool the sentence is about: a name word of it is in the request, and the sentence has that
        word or shares another content word with the request."""
        best: str | None = None
        score = 0
        sw = set(words)
        req = self.request
        shared = any(h(w) in req for w in sw)
        for name, tw in self.tools.items():
            hits = 0
            for w in tw[:4]:
                if w in c.stop or w in _GENERIC or h(w) not in req:
                    continue
                if w in sw:
                    hits += 2
                elif shared:
                    hits += 1
            if hits > score:
                best, score = name, hits
        return best

    def _reader(self, c: Cues) -> str | None:
        """The tool a told lookup stands for when the sentence names none: the only offered tool that is no act."""
        readers = [n for n in self.tools if _first(n) in c.read_tool or _first(n) not in _acts()]
        return readers[0] if len(readers) == 1 else None

    # -- state -----------------------------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        st: dict[str, Any] = {CL_CONTEXT: self.context.b64(),  # all of it: a write must not change a judgement
                              CL_TOOLS: {k: " ".join(v) for k, v in self.tools.items()}}
        if self.ok:
            st[CL_OK] = list(self.ok)
        if self.failed:
            st[CL_FAILED] = list(self.failed)
        if self.pending:
            st[CL_PENDING] = [list(p) for p in self.pending]
        if self.request:
            st[CL_REQUEST] = self.request.b64()
        if self.served:
            st[CL_SERVED] = list(self.served)
        if self.after_result:
            st[CL_AFTER_RESULT] = 1
        if self.continued:
            st[CL_CONTINUED] = 1
        return st

    @classmethod
    def from_state(cls, st: Mapping[str, Any]) -> ClaimTracker:
        t = cls()
        t.context = Hashes.from_b64(st.get(CL_CONTEXT))
        t.tools = {k: tuple(v.split()) for k, v in (st.get(CL_TOOLS) or {}).items()}
        t.ok = list(st.get(CL_OK) or ())
        t.failed = list(st.get(CL_FAILED) or ())
        t.pending = [(str(p[0]), str(p[1])) for p in st.get(CL_PENDING) or ()]
        t.request = Hashes.from_b64(st.get(CL_REQUEST))
        t.served = list(st.get(CL_SERVED) or ())
        t.after_result = bool(st.get(CL_AFTER_RESULT, 0))
        t.continued = bool(st.get(CL_CONTINUED, 0))
        return t


_NOT_A_CLAIM = Claim(-1, "", "", 0.0, "")  # a sentence that is no claim by a cue (a question, an offer, waiting)

_GENERIC = frozenset({"get", "fetch", "lookup", "look", "search", "find", "query", "list", "read", "retriev",
                      "check", "show", "load", "info", "detail", "current", "user"})


@functools.lru_cache(maxsize=1)
def _acts() -> frozenset[str]:
    """Every verb root the act synonyms name."""
    c = cues()
    return frozenset(c.synonyms) | frozenset(w for v in c.synonyms.values() for w in v)


def _first(name: str) -> str:
    parts = split_identifier(name)
    return root(parts[0]) if parts else name


def _small(f: str) -> bool:
    """A list number or a count below 10 is no fact only a tool could give."""
    return f.isdigit() and len(f) == 1


@functools.lru_cache(maxsize=256)
def _failed(text: str) -> bool:
    head = normalize(text[:300])
    return any(k in head for k in cues().failure)


__all__ = ["Claim", "ClaimTracker", "cues", "fact_tokens", "root", "shipped", "use"]
