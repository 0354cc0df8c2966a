"""`unbacked_claim`: a reply asserts a completed act or states a tool-only fact that no call of its turn produced.

Grounding, per assistant reply with text and no call of its own:

* **Does a call of the turn cover it.** The turn runs from the user's request to the reply (a user line right
  after a result, as agent frameworks add, continues it). An act is covered
  by a call of the turn whose tool does that act (its name's verb, or a verb of the same act in `claims.json`);
  any fact is covered by a successful call of the turn (its result is context: precision first). A call whose
  result reads as an error covers nothing.
* **Is it a claim at all.** Questions, offers, promises, waiting, confirmation requests, refusals and hedges
  (closed lists per language in `claims.json`) are not. What remains is an *act* (a completion cue and a verb that
  names an offered tool: "the file has been deleted", 已为您取消) or a *fact* about an offered tool's subject (a
  figure or an identifier the conversation never showed, a live value "currently sunny", a lookup told as done).
* **Is it grounded by context.** A figure already in a message, an argument or a result is not new (the regression
  detector's `Facts`, shared); a live value or a lookup about a tool that already answered an earlier turn is a
  summary, and an act a tool did in an earlier turn is told again.

Cost, by design: every event but an assistant text reply is bookkeeping on the turn's calls (a list append, an id
lookup); a result's text is not read (its first characters wait, unread, until a reply of its turn is judged and
needs to know whether it failed). A reply after a successful call costs one regular-expression search for a
completion cue; only a reply with no successful call in its turn, or with such a cue, is cut into sentences. The
evidence of the context (figures, the request's words, the tools offered and served) is the regression detector's
own: this tracker stores the turn's calls and two flags, no text and no token set.
"""

from __future__ import annotations

import base64
import binascii
import functools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from typing import Any, Protocol

from ..state.layout import CL_AFTER_RESULT, CL_BARE, CL_CONTINUED, CL_FAILED, CL_OK, CL_PENDING, CL_REQUEST
from .analysis import text_tokens
from .arith import ARITH, worked_out, working
from .arith import values as arith_values
from .cues import CJK_LANGS
from .evidence import name_tokens
from .facts import Facts, figures
from .frameworks import text_call
from .naming import ANY_TOOL, ANY_URL, bare_value, invoked, invoked_tool, may_invoke, names_tool
from .text import EMPTY, bytes_hashes, cjk_grams, h, hash_bytes, normalize, split_identifier, stem

MAX_REPLY = 1500  # characters of a reply read
HEAD_CHARS = 160  # characters of a result read for an error
MAX_CALLS = 16  # calls of one turn remembered (pending, ok, failed each)
REQUEST_CHARS = 600  # characters of a request read
REQUEST_TOKENS = 48  # hashed words of a request kept

_SENT_RE = re.compile(r"(?:(?<=[.!?;])|(?<=[.!?;][\"'\u201d\u2019)\]]))\s+|(?<=[。！？；])|\n+")
# a clause of its own after ", but": a hedge or a general remark before it says nothing of what follows it
_CLAUSE_RE = re.compile(r",\s+but\s+|，但是?|，不过")
# a single digit standing alone ("a 4", "is 2."; not part of a figure or an identifier)
_DIGIT1_RE = re.compile(r"(?<![a-z0-9_.,:/-])\d(?![a-z0-9_.,:/-]\d|\d|[a-z])")
# a list item's number, at a sentence's start or right after a colon or a semicolon ("我的计划是：1. 先查询…；2. 选择…",
# "1、先查询"): the plan's order, no value
_LIST_NO_RE = re.compile(r"(?:^[\s*#>-]*|[;:,。；：，])\d[.、)）](?!\d)")
# a quoted value (straight or curly quotes; a single quote only where no word letter touches it)
_QUOTED_RE = re.compile(r"\"([^\"\n]{2,80})\"|\u201c([^\u201d\n]{2,80})\u201d|(?<![\w])'([^'\n]{2,80})'(?![\w])")
# a regular past ("rolled", "navigated", "extracted"): the cheap sign that a reply with no call tells of an act
_PAST_RE = re.compile(r"[a-z]{3,}ed\b")
# a past told first-hand or as a headline: the sentence's first word, or after "I" / "we" / "just"
_TOLD_PAST_RE = re.compile(r"^[^a-z]*([a-z]{3,})\b|\b(?:i|we|just)\s+([a-z]{3,})\b")
_WORD_RE = re.compile(r"[a-z][a-z']+")
# a thing a tool runs told finished ("the timer has completed", "the job is done")
_FINISHED_RE = re.compile(r"\b(?:completed|finished|done|expired|elapsed|went off|ran out)\b")
# a result's word for a failure that says there was none: `"error": null`, `errors: []`, "0 failed", "no errors"
_NO_FAILURE_RE = re.compile(
    r"[\"']?(?:errors?|failures?|failed|exceptions?|is_error)[\"']?\s*[:=]\s*(?:null|none|nil|false|0|\"\"|''|\[\s*\]|"
    r"\{\s*\})(?![\w.])|\b(?:no|zero|0|without)\s+(?:errors?|failures?|exceptions?)\b|\b0\s+failed\b")
_UUID_RE = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")
# told first-hand: "I have taken…", "I've sent…", "we have…"
_FIRST_HAND_RE = re.compile(r"\b(?:i|we)(?:'ve|\s+have)\s+(?:just\s+|also\s+|successfully\s+)?([a-z]+)"
                            r"((?:\s+[a-z]+){1,4})")
_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_DIGIT_RE = re.compile(r"\d")
# an identifier a tool returns: letters and digits mixed (LX0112, order-123, 7240005432906569)
_IDENT_RE = re.compile(r"\b(?=[a-z\-]*\d)[a-z]{0,6}-?\d[\w\-]{2,}", re.IGNORECASE)


def _alt(words: Sequence[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _phrases(en: Sequence[str], zh: Sequence[str] = ()) -> re.Pattern[str]:
    parts = []
    if en:
        parts.append(rf"(?<![\w'])(?:{_alt(en)})(?![\w'])")
    if zh:
        parts.append(_alt(zh))
    return re.compile("|".join(parts) if parts else r"(?!x)x")


class Cues:
    """The cue lists of `claims.json`, compiled once per process."""

    __slots__ = (
        "abbreviations",
        "ack",
        "act_re",
        "bare_hedge_re",
        "completion_any",
        "completion_re",
        "compute_verbs",
        "failure_re",
        "failure_words",
        "imperatives",
        "irregular",
        "live_re",
        "non_claim_re",
        "none_re",
        "page_re",
        "page_words",
        "present_re",
        "read_verbs",
        "recall_re",
        "refusal_re",
        "retrieval_re",
        "scores",
        "synonyms",
        "threshold",
        "wait_re",
        "weak",
        "zh_subjects",
        "zh_verbs",
    )

    def __init__(self, raw: Mapping[str, Any]) -> None:
        en, zh = raw["en"], raw["zh"]
        completion = _phrases(en["completion"], zh["completion"])
        # ... and a Chinese report of an act or a lookup told first-hand without 已
        # (我为您生成了, 帮您预订好了, 我找到了)
        zh_done = zh.get("completion_re")
        self.completion_re = re.compile(f"{completion.pattern}|{zh_done}" if zh_done else completion.pattern)
        # ... its phrases anywhere, word boundaries aside: a text this finds nothing in has no completion cue (a
        # plain alternation, which the regular-expression engine scans for much faster than the bounded one; the
        # Chinese pattern's every match holds 了 or one of the phrases, so 了 stands for it here)
        self.completion_any = re.compile(_alt([*en["completion"], *zh["completion"], *(["了"] if zh_done else [])])
                                         or r"(?!x)x")
        self.non_claim_re = _phrases(en["non_claim"], zh["non_claim"])
        self.live_re = _phrases(en["live"], zh["live"])
        self.retrieval_re = _phrases(en["retrieval"], zh["retrieval"])
        self.present_re = _phrases(en["presentative"], zh["presentative"])
        self.recall_re = _phrases(en["recall"], zh["recall"])
        self.refusal_re = _phrases(en["refusal"], zh["refusal"])
        self.wait_re = _phrases(en["wait"], zh["wait"])
        self.failure_re = _phrases(en["failure"], zh["failure"])
        # ... the longest run without a space of each of its phrases: a text holding none of them cannot match it,
        # before or after `_settle`'s substitution (which only puts a space where a run ends)
        self.failure_words = tuple(max(str(w).split(" "), key=len) for w in (*en["failure"], *zh["failure"]))
        # a reply after a call that returned only a bare success, telling it has no output or giving an example
        self.bare_hedge_re = _phrases(en.get("bare_hedges") or (), zh.get("bare_hedges") or ())
        # a lookup told as done with nothing found ("no flights available", 没有找到): a result, even hedged
        none = _phrases(en.get("none_found") or (), zh.get("none_found") or ())
        extra = en.get("none_found_re")
        self.none_re = re.compile(f"{none.pattern}|{extra}" if extra else none.pattern)
        # irregular pasts of the verbs tools are named for (drew -> draw, taken -> take)
        # lookup verbs that, as a request's first word, invoke a tool of that very name ("fetch the page…")
        self.imperatives = frozenset(str(w) for w in en.get("tool_imperatives") or ())
        # the words of a tool that reads a web page (`scrape_page`, `fetch`, `read_current_page`)
        self.page_words = frozenset(str(w) for w in en.get("page_tool_words") or ())
        # what a sentence calls a page it tells of ("the page contains…", "the site's header"; `page_nouns`)
        self.page_re = _phrases(en.get("page_nouns") or ())
        # a tool name's clipped words and the words a request says for them (`rand_number`: "random number")
        self.abbreviations: dict[str, str] = {str(k): str(v) for k, v in (en.get("name_abbreviations") or {}).items()}
        self.irregular: dict[str, str] = {str(k): str(v) for k, v in (en.get("irregular_past") or {}).items()}
        # any sign that a reply may claim something: a completion, live or lookup cue, a figure
        self.act_re = re.compile("|".join(p.pattern for p in (self.completion_re, self.live_re, self.retrieval_re,
                                                               self.present_re, self.none_re))
                                 + r"|\d|[\"\u201c{]|(?<![\w])'|" + _PAST_RE.pattern
                                 + (rf"|(?<![\w'])(?:{_alt(list(self.irregular))})(?![\w'])" if self.irregular else ""))
        self.ack = frozenset(en["ack"]) | frozenset(zh["ack"])
        self.read_verbs = frozenset(root(w) for w in en["read_verbs"])
        self.compute_verbs = frozenset(root(w) for w in en["compute_verbs"])
        self.weak = frozenset(h(stem(w)) for w in en["weak_name_words"])
        self.synonyms: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in en["act_synonyms"].items()}
        self.zh_verbs: dict[str, str] = dict(zh["act_verbs"])
        # what a Chinese word names in the English words of tool names (天气 -> weather): a Chinese request or
        # sentence finds its subject among English-named tools through it
        self.zh_subjects: dict[str, frozenset[int]] = {
            k: frozenset(h(stem(w)) for w in str(v).split()) for k, v in (zh.get("subjects") or {}).items()}
        self.scores: dict[str, float] = {str(k): float(v) for k, v in raw["scores"].items()}
        self.threshold = float(raw["threshold"])


_OVERRIDE: list[dict[str, Any]] = []  # a team's calibrated file (`use`), else the shipped claims.json


def shipped() -> dict[str, Any]:
    """The shipped cue lists and scores (package data)."""
    # by the package's name, not __package__: a compiled module's (mypyc) does not locate the package's files
    doc: dict[str, Any] = json.loads((resources.files("processor.core") / "regression" / "claims.json")
                                     .read_text("utf-8"))
    return doc


@functools.lru_cache(maxsize=1)
def cues() -> Cues:
    return Cues(_OVERRIDE[0] if _OVERRIDE else shipped())


def use(doc: Mapping[str, Any] | None) -> None:
    """Judge with this cue/score document (`toolmend train-detector --claims`; None: the shipped one), for every
    tracker of this process. A document without the shipped keys raises ValueError."""
    if doc is not None:
        base = shipped()
        missing = [k for k in ("en", "zh", "scores", "threshold") if k not in doc]
        if missing or set(doc["scores"]) != set(base["scores"]):
            raise ValueError(f"not a claims file: missing {missing or 'rule scores'}")
    _OVERRIDE[:] = [dict(doc)] if doc is not None else []
    cues.cache_clear()
    _failure_runs.cache_clear()
    _act_phrases.cache_clear()
    _verb.cache_clear()
    _uncovered_acts.cache_clear()
    _acts_for.cache_clear()
    _act_verb.cache_clear()
    _act_words.cache_clear()
    _kind.cache_clear()
    family.cache_clear()
    _act_roots.cache_clear()
    _ask_markers.cache_clear()
    cues()  # compile now: a bad list fails here, not at the first reply


_APOS_RE = re.compile(r"(?<![\w])'")


@functools.lru_cache(maxsize=1)
def _act_phrases(c: Cues) -> tuple[re.Pattern[str], re.Pattern[str] | None]:
    """The phrases of `Cues.act_re` (completion, live, retrieval, presentative, nothing-found, irregular pasts), as
    one plain alternation without their bounds, which the regular-expression engine scans for many times faster: a
    text it finds nothing in holds none of them. With it, the nothing-found expression of `claims.json`, if any."""
    raw = _OVERRIDE[0] if _OVERRIDE else shipped()
    en, zh = raw["en"], raw["zh"]
    words = [str(w) for k in ("completion", "live", "retrieval", "presentative", "none_found")
             for w in (*(en.get(k) or ()), *(zh.get(k) or ()))]
    words += list(c.irregular)
    if zh.get("completion_re"):
        words.append("了")  # (every match of the Chinese first-hand pattern holds 了 or one of the phrases)
    extra = en.get("none_found_re")
    return re.compile(_alt(words) or r"(?!x)x"), re.compile(extra) if extra else None


def _act_cue(norm: str, c: Cues) -> bool:
    """`c.act_re.search(norm) is not None`, its alternatives tried one kind at a time, the cheapest first: a figure,
    a quote or a brace, an apostrophe that begins a word, a regular past, the nothing-found expression, and only
    where the plain alternation of its phrases finds one, the expression itself (a text matches an alternation
    exactly where it matches one of its alternatives)."""
    if _DIGIT_RE.search(norm) is not None or '"' in norm or "\u201c" in norm or "{" in norm:
        return True
    if ("'" in norm and _APOS_RE.search(norm) is not None) or ("ed" in norm and _PAST_RE.search(norm) is not None):
        return True
    phrases, extra = _act_phrases(c)
    if extra is not None and extra.search(norm) is not None:
        return True
    return phrases.search(norm) is not None and c.act_re.search(norm) is not None


@functools.lru_cache(maxsize=1)
def _failure_runs(c: Cues) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The failure phrases' longest runs without a space (`Cues.failure_words`), and those of them that are ASCII."""
    return c.failure_words, tuple(w for w in c.failure_words if w.isascii())


@functools.lru_cache(maxsize=4096)
def root(word: str) -> str:
    """A verb's root for matching it with tool names: stemmed, a final e dropped, a doubled consonant undone
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
    if len(w) > 4 and w[-1] == "y" and w[-2] not in "aeiou":
        w = w[:-1] + "i"  # modify/modified -> modifi, apply/applied -> appli
    return w


@functools.lru_cache(maxsize=1024)
def _verb(tool: str) -> str:
    """A tool's verb: the root of its name's first word (`cancel_order` -> cancel, `bookHotel` -> book)."""
    parts = split_identifier(tool)
    if not parts:
        return tool
    return root(parts[0])


ACT, READ, COMPUTE = "act", "read", "compute"


@functools.lru_cache(maxsize=1024)
def _kind(tool: str) -> str:
    """What a tool does, by its name's verb: an act (a verb of `act_synonyms`: cancel_order, add_bags), a
    computation anyone can do (a single-word `add`, `calculator`, `multiply`), else a lookup."""
    c = cues()
    verb = _verb(tool)
    single = len(split_identifier(tool)) <= 1
    act = verb in c.synonyms or any(verb in same for same in c.synonyms.values())
    if verb in c.compute_verbs and (single or not act):
        return COMPUTE
    if verb in c.read_verbs:
        return READ
    return ACT if act else READ


@functools.lru_cache(maxsize=1024)
def family(tool: str) -> frozenset[str]:
    """What a tool's name says it works on, less its verbs: `dache_cancel` and `dache_call` -> {dache},
    `rental_add_extra` -> {rental, extra}, `get_weather` -> {} (a read verb's word is no family)."""
    c = cues()
    out = set()
    for w in split_identifier(tool):
        r = root(w)
        if len(w) < 3 or r in c.synonyms or any(r in same for same in c.synonyms.values()) or (
                r in c.read_verbs or r in c.compute_verbs or h(stem(w)) in c.weak or w in _VERBISH):
            continue
        out.add(r)
    return frozenset(out)


_VERBISH = frozenset(("call", "do", "run", "make", "use", "give", "take", "put", "move", "go", "api", "v1", "v2"))
# the roots of the verbs that say nothing of a tool's act (`make_move`, `do_transfer`, `run_backup`)
_VERBISH_ROOTS = frozenset(root(w) for w in ("do", "run", "make", "perform", "execute", "take", "put", "give"))


def served_kind(tool: str, served: Sequence[str]) -> bool:
    """Whether a tool served an earlier turn of the conversation, itself or a tool of its family (the same
    thing worked on: `dache_call` for `dache_cancel`): the evidence `text_only_regression` needs."""
    if tool in served:
        return True
    fam = family(tool)
    return bool(fam) and any(fam & family(t) for t in served)


def gloss(text: str) -> frozenset[int]:
    """The English tool-name words a Chinese text's subject words stand for (`zh.subjects`), hashed as tool names'
    words are (at most 16); empty for a text without Chinese."""
    if _CJK_RE.search(text) is None:
        return EMPTY
    out: set[int] = set()
    for k, v in cues().zh_subjects.items():
        if k in text:
            out |= v
    return frozenset(sorted(out)[:16]) if out else EMPTY


def requested(words: frozenset[int], offered: Sequence[str]) -> list[str]:
    """The offered tools whose name's words (less the weak ones) the request's hashed words hold."""
    if not words:
        return []
    c = cues()
    return [t for t in offered if (name_tokens(t) - c.weak) & words]


def acts_named(text: str, offered: Sequence[str]) -> list[str]:
    """The offered act tools whose act a reply's words name ("I've booked…" -> `book_meeting`, 已为您取消 ->
    `cancel_order`): what the reply is about, whether or not a call backs it."""
    c = cues()
    norm = normalize(text[:MAX_REPLY])
    ws = {root(w) for w in _WORD_RE.findall(norm)}
    if _CJK_RE.search(norm) is not None:
        ws.update(v for k, v in c.zh_verbs.items() if k in norm)
    out = []
    for tool in offered:
        if _kind(tool) != ACT:
            continue
        verb = _verb(tool)
        if ws.intersection(_acts(verb, c)) or any(verb in c.synonyms.get(w, ()) for w in ws):
            out.append(tool)
    return out


_GENERIC = frozenset(("ad", "add", "mad", "make"))  # verbs any write does (an edit adds lines, makes changes)


def _acts(verb: str, c: Cues) -> tuple[str, ...]:
    return (verb, *c.synonyms.get(verb, ()))


class Claim:
    __slots__ = ("detail", "index", "rule", "score", "tool")

    def __init__(self, index: int, tool: str, rule: str, score: float, detail: str) -> None:
        self.index = index
        self.tool = tool
        self.rule = rule
        self.score = score
        self.detail = detail

    def __repr__(self) -> str:
        return f"Claim({self.index!r}, {self.tool!r}, {self.rule!r}, {self.score!r})"


class Evidence(Protocol):
    """What the conversation already holds, as the regression detector keeps it (shared, never copied, read only
    when a reply is judged): the figures shown, the tools defined, the tools that served earlier requests."""

    facts: Facts
    defined: dict[str, frozenset[int]]

    def served_tools(self) -> list[str]: ...


class ClaimTracker:
    """Per conversation: the calls of the turn in progress. Feed it in order; `on_reply` judges a text reply."""

    __slots__ = ("_request", "after_result", "bare", "continued", "failed", "heads", "ok", "pending", "request_text")

    def __init__(self) -> None:
        # tuples, the empty one shared (a conversation mostly holds none of them: an empty list weighs 56 bytes)
        self.pending: tuple[tuple[str, str], ...] = ()  # calls of this turn waiting for a result: (call id or "", tool)
        self.heads: tuple[tuple[str, str], ...] = ()  # answered calls of this turn, not read yet: (tool, result's head)
        self.ok: tuple[str, ...] = ()  # tools whose calls of this turn returned a result that is no error
        self.failed: tuple[str, ...] = ()  # ... whose result reads as an error
        self.bare: tuple[str, ...] = ()  # ... of `ok`, those whose result was only a bare success (`true`, `ok`)
        self.after_result = False  # the last message was a tool result
        self.continued = False  # the turn's latest user text came right after a result (a framework's "go on")
        self.request_text: str | None = None  # the turn's request, until a judged reply or the state needs its words
        self._request: bytes | None = None  # ... its words, hashed, packed (u32 each; no set kept per conversation)

    @staticmethod
    def threshold() -> float:
        """The score from which a claim is reported (`claims.json`)."""
        return cues().threshold

    # -- feeding (bookkeeping only) ----------------------------------------------------------------------------
    def on_user(self, text: str) -> None:
        """A user text (not a result). Kept as it came: its words are hashed only if a reply of the turn is judged."""
        self.continued = self.after_result
        if not self.continued:
            if self.ok or self.failed or self.heads or self.pending:
                self.ok, self.failed, self.heads, self.pending, self.bare = (), (), (), (), ()
            self.request_text = text[:REQUEST_CHARS]
            self._request = None
        self.after_result = False

    def request(self) -> frozenset[int]:
        """The hashed words of the turn's request (a set made for the reply judged, not kept)."""
        if self.request_text is not None:
            low = normalize(self.request_text)
            g = gloss(self.request_text) | invoked(low, cues().imperatives) | arith_values(self.request_text) | (
                user_did(low)) | general(low) | asks(low)
            self._request = hash_bytes(text_tokens(self.request_text, max(8, REQUEST_TOKENS - len(g))) | g if g else
                                       text_tokens(self.request_text, REQUEST_TOKENS))
            self.request_text = None
        return bytes_hashes(self._request) if self._request else EMPTY

    def on_calls(self, tools: Sequence[str], ids: Sequence[str | None]) -> None:
        self.after_result = False
        p = self.pending
        for i, t in enumerate(tools):
            if t and len(p) < MAX_CALLS:
                p = (*p, ((ids[i] or "") if i < len(ids) else "", t))
        self.pending = p

    def on_relay(self, called: Sequence[str], returned: Sequence[str], text: str) -> None:
        """Another agent's calls and results relayed as user text (ADK's "For context:"): calls of the turn, the
        turn's request unchanged."""
        if called:
            self.on_calls(called, ())
        if returned:
            self.on_result(text, [(None, t) for t in returned])

    def on_result(self, text: str, results: Sequence[tuple[str | None, str | None]]) -> None:
        """A message of tool results: `results` (call id, tool name) each, as the dialect pairs them. Its text is
        kept unread (its first characters), read only if a reply of this turn is judged."""
        head = text[:HEAD_CHARS]
        for cid, name in results or ((None, None),):
            tool = self._answered(cid, name)
            if tool is not None and len(self.heads) < MAX_CALLS:
                self.heads = (*self.heads, (tool, head))
        self.after_result = True

    def _answered(self, cid: str | None, name: str | None) -> str | None:
        """The pending call a result answers (by id, else by name, else the oldest); a result without a call
        known answers for its named tool."""
        p = self.pending
        if cid:
            for i, (pid, tool) in enumerate(p):
                if pid == cid:
                    self.pending = p[:i] + p[i + 1:]
                    return tool
        for i, (pid, tool) in enumerate(p):
            if (not pid or not cid) and (not name or tool == name):
                self.pending = p[:i] + p[i + 1:]
                return tool
        return name or None

    def _settle(self) -> None:
        """Read the waiting results' heads: each call succeeded or failed."""
        if self.heads:
            c = cues()
            fail = c.failure_re
            words, ascii_words = _failure_runs(c)
            for tool, head in self.heads:
                norm = normalize(head)
                # a failure phrase found after the substitution holds each of its runs without a space as they
                # were in the head (the substitution replaces text by one space, in no run): a head holding none of
                # the phrases' longest runs is no failure, and the two costly searches are skipped (an ASCII head
                # holds no run that is not ASCII)
                if any(w in norm for w in (ascii_words if norm.isascii() else words)) and fail.search(
                        _NO_FAILURE_RE.sub(" ", norm)):
                    self.failed = (*self.failed, tool)
                else:
                    self.ok = (*self.ok, tool)
                    # (a head of more than `BARE_CHARS` characters, stripped, is none: its lower case is no shorter)
                    if (len(head) <= BARE_CHARS or len(head.strip()) <= BARE_CHARS) and bare_success(head):
                        self.bare = (*self.bare, tool)
            self.heads = ()

    # -- judging ------------------------------------------------------------------------------------------------
    def on_reply(self, index: int, text: str, ev: Evidence) -> Claim | None:
        """An assistant reply with text and no call of its own."""
        self.after_result = False
        if not text or text_call(text) or (text.lstrip()[:1] in ("{", "`")
                                            and _arguments_as_text(normalize(text), ev.defined)):
            return None  # (a call written as text for the framework to parse is a call, not a claim)
        c = cues()
        # precision first: after a call of the turn, only an act is judged (the facts stated have the call's result
        # as their likely source, even when it failed and the reply says so)
        covered = bool(self.ok or self.heads or self.failed or self.pending)
        if covered and not self.pending:
            self._settle()
            if self.ok and not self.failed and len(self.bare) == len(self.ok):
                told = _beyond_bare(index, normalize(text[:MAX_REPLY]), self.ok, ev, c, self.request())
                if told is not None:
                    return told
            # every call of the turn answered: whether an offered tool does an act that none of them did is a
            # question of the tools' names alone, asked before the reply is read (most turns' tools leave none)
            served, offered = self._offered(ev)
            if not offered:
                return None  # no tool could have done or looked it up
            acts = _uncovered_acts(tuple(sorted(set(offered))), tuple(sorted(set(self.ok))))
            if acts is None:
                return None  # no act of an offered tool that the turn's calls did not do
            norm = normalize(text[:MAX_REPLY])
            if c.completion_any.search(norm) is None or c.completion_re.search(norm) is None or not acts.found(norm):
                return None  # no completion cue, or names no act of an offered tool that the turn did not do
            cue = True
        else:
            norm = normalize(text[:MAX_REPLY])
            if covered:
                cue = c.completion_any.search(norm) is not None and c.completion_re.search(norm) is not None
            else:
                cue = _act_cue(norm, c)
            if not cue and (covered or not self._may_name()):
                return None  # no completion cue (or, with no call, no cue, figure or past, and no tool asked for)
            served, offered = self._offered(ev)
            if not offered:
                return None  # no tool could have done or looked it up
            self._settle()
            if covered:
                # the key as sets (sorted, each once): what the search depends on, so the cache hits more often
                acts = _uncovered_acts(tuple(sorted(set(offered))),
                                       tuple(sorted({*self.ok, *(t for _, t in self.pending)})))
                if acts is None or not acts.found(norm):
                    return None  # names no act of an offered tool that the turn's calls did not do
        ctx = Context(ev.facts, served, ev.defined)
        refused = c.refusal_re.search(norm)
        if refused is not None and (covered or not _caveat(norm, refused.start(), c)):
            return None  # (after calls of the turn, a refusal tells what a call could not do: "已设置…。无法打开…")
        # the tool the request asks for by name ("use the image_fetch tool"), if no earlier turn used it
        named, page = (None, False) if covered else self._named(offered, served, c, norm)
        if not cue and named is None:
            return None
        zh = _CJK_RE.search(norm) is not None
        bare = bare_value(norm)  # the whole reply is a figure ("7")
        best: Claim | None = None
        # ("e.g. W0000001" is one sentence: the abbreviation's stop ends none)
        for whole in _SENT_RE.split(norm.replace("e.g. ", "e.g., ") if "e.g. " in norm else norm):
            whole = whole.strip()
            if (len(whole) < 3 and not bare) or whole.endswith(("?", "？")):
                continue
            for sent in _CLAUSE_RE.split(whole) if not covered else (whole,):
                sent = sent.strip()
                if len(sent) < 3 and not bare:
                    continue
                advice = False
                if c.non_claim_re.search(sent) is not None and (covered or c.none_re.search(sent) is None):
                    # (with no call, a lookup told as done with nothing found is a result, even hedged)
                    advice = named is not None and _told_outcome(sent, named, c)
                    if not advice:
                        continue
                found = self._sentence(index, sent, zh, covered, offered, ctx, c, bare) if cue and not advice else None
                if found is None and named is not None and _states(sent, named, c) and (
                        not page or c.page_re.search(sent) is not None):
                    # (a page named by its address only: the sentence tells of the page, not of the thing the
                    # address points at: "Is https://github.com/psf/requests a good library?" -> "Requests is…")
                    found = Claim(index, named, "read_no_call", c.scores["read_no_call"],
                                  f"answers a request for '{named}' with no call")
                if found is not None and (best is None or found.score > best.score):
                    best = found
        return best

    def _offered(self, ev: Evidence) -> tuple[list[str], list[str]]:
        """The tools that served earlier turns, and the tools offered: those defined, then those that served, then
        the turn's own, each once."""
        served = ev.served_tools()
        turn = (*self.ok, *(t for t, _ in self.heads), *self.failed, *(t for _, t in self.pending))
        offered = list(ev.defined)
        for t in (*served, *turn):
            if t not in offered:
                offered.append(t)
        return served, offered

    def _may_name(self) -> bool:
        """Whether the turn's request may name a tool ("tool" or "function" among its words): the cheap test
        before `_named`."""
        if self.request_text is not None:
            low = normalize(self.request_text)
            return "tool" in low or "function" in low or "工具" in low or "函数" in low or may_invoke(
                low, cues().imperatives)
        return bool(self.request())  # (hashed: `_named` decides)

    def _named(self, offered: Sequence[str], served: Sequence[str], c: Cues, norm: str) -> tuple[str | None, bool]:
        """The offered tool the request asks for by name: the word "tool" (or "function") and every word of the
        tool's name among the request's words ("Use the image_fetch tool, then…", "Please use the multiply_numbers
        tool"), of a tool no earlier turn used (a later turn may answer from its result). With it, whether only the
        web address the request gave names it (a tool that reads pages)."""
        req = self.request()
        if not req or ABOUT in req:
            return None, False  # (a question of what a tool does or how to use it asks for no call of it)
        by_name = invoked_tool(req, offered, served)  # "use ls to…", "fetch the content from…"
        if by_name is None and ANY_URL in req:
            # a web address the request gave, and a tool that reads pages: what the reply says of the page
            for t in offered:
                if t not in served and c.page_words.intersection(split_identifier(t)):
                    return t, True
        if by_name is not None or (_TOOL_WORDS[0] not in req and _TOOL_WORDS[1] not in req):
            return by_name, False
        best: str | None = None
        most = 0
        for tool in offered:
            names = name_tokens(tool) - c.weak
            if names and names <= req and len(names) > most and tool not in served:
                best, most = tool, len(names)
        if best is None and ANY_TOOL in req:
            # "use the tools": the one whose name's words the request or the reply hold, else the only one
            words = req | text_tokens(norm, 64)
            fresh = [t for t in offered if t not in served and _kind(t) != COMPUTE]
            for tool in fresh:
                n = len((name_tokens(tool) - c.weak) & words)
                if n > most:
                    best, most = tool, n
            if best is None and len(fresh) == 1:
                best = fresh[0]
        return best, False

    def _sentence(self, index: int, sent: str, zh: bool, covered: bool, offered: Sequence[str], ctx: Context,
                  c: Cues, bare: bool = False) -> Claim | None:
        words: list[str] | None = None
        if c.completion_re.search(sent) is not None:
            main = _main_clause(sent)  # ("Once an order has been cancelled, the refund…": told under a condition)
            words = _told_words(main, c)
            if zh:
                words += _zh_told(main, c)
            claim = self._act(index, sent, words, offered, ctx, c)
            if claim is None and zh and not covered:
                claim = self._act_on_object_zh(index, sent, offered, ctx, c)
            if claim is not None or covered:
                return claim
            claim = self._past_act(index, sent, offered, ctx, c)  # "I have navigated to…" (no act verb's tool)
            if claim is not None:
                return claim
            claim = _done_by_only_tool(index, sent, offered, ctx, c, self.request()) or self._finished(
                index, sent, offered, ctx, c)
            if claim is not None:
                return claim
        elif covered:
            return None
        else:
            claim = self._past_act(index, sent, offered, ctx, c)
            if claim is not None:
                return claim
        # a fact: only where no call of the turn succeeded
        if _EXAMPLE_RE.search(sent) is not None:
            return None  # an identifier shown as what one looks like ("A UUID looks like 123e4567-…")
        claim = self._computed(index, sent, offered, ctx, c)
        if claim is not None:
            return claim
        # a question of how or why things are ("How does a random number generator work?") is answered from
        # knowledge: its figures are no lookup's result unless the sentence tells a live value or a lookup
        general = GENERAL in self.request() and c.live_re.search(sent) is None and (
            c.retrieval_re.search(sent) is None and c.none_re.search(sent) is None)
        subject, strong = (None, False) if general else self._subject(sent, offered, c, bare, ctx.defined)
        if subject is None:
            described = None if general else self._described(sent, offered, ctx)
            if described is not None:
                return Claim(index, described, "fact_no_call", c.scores["fact_no_call"],
                             "states a figure no call produced, about what the tool's definition names")
            # a UUID no message showed is a record's key that only a lookup returns, whatever the tools' names
            uuid = _UUID_RE.search(sent)
            if uuid is None or any(ctx.facts.shown(f) for f in figures(uuid.group(0))):
                return None
            readers = [t for t in offered if _kind(t) == READ and t not in ctx.served and not names_tool(sent, t)]
            if not readers:
                return None
            # (whatever the order of the definitions: a tool of the conversation's own set first, then by name)
            reader = min(readers, key=lambda t: (not served_kind(t, ctx.served), t))
            return Claim(index, reader, "fact_no_call", c.scores["fact_no_call"],
                         "states an identifier no call produced")
        served = subject in ctx.served
        said = spoken(self.request())
        novel = [f for f in figures(sent) if not ctx.facts.shown(f) and f not in said]
        if novel:  # (a figure the sentence works out from shown ones and counts is no tool's output)
            worked = worked_out(sent, ctx.facts.shown)
            novel = [f for f in novel if f not in worked]
        if novel or (not served and _IDENT_RE.search(sent) is not None and _new_ident(sent, ctx)):
            return Claim(index, subject, "fact_no_call", c.scores["fact_no_call"],
                         f"states {max(1, len(novel))} figure(s) or identifier(s) no call produced")
        if served or c.recall_re.search(sent) is not None:
            return None  # a live value or a lookup told again from an earlier turn's result
        if strong and _SUGGEST_RE.search(sent) is None and self._new_value(sent):
            # the request and the sentence both name the tool's subject, and the sentence gives a value the
            # request did not: a single digit ("The die roll resulted in a 4") or a quoted value ("the secret is
            # 'Welcome to Moria!'", a JSON answer)
            return Claim(index, subject, "fact_no_call", c.scores["fact_no_call"],
                         "states a value no call produced")
        if c.none_re.search(sent) is not None and _OWN_TEXT_RE.search(sent) is None:
            return Claim(index, subject, "read_no_call", c.scores["read_no_call"], "tells of a lookup that found "
                         "nothing, with no call")
        if c.live_re.search(sent) is not None and _ANY_RE.search(sent) is None and _SELF_LIVE_RE.search(sent) is None \
                and not self._told_live(sent, c):
            return Claim(index, subject, "live_no_call", c.scores["live_no_call"], "states a live value no call "
                         "produced")
        if c.retrieval_re.search(sent) is not None:
            return Claim(index, subject, "read_no_call", c.scores["read_no_call"], "tells of a lookup no call made")
        names = _subject_words(subject, c)
        if c.present_re.search(sent) is not None and (names & text_tokens(sent, 64) or (zh and strong) or (
                len(names) > 1 and names <= self.request())):
            # (or the request asked for all of the tool's name: "Draw a picture of a cute animal" with draw_animal
            # -> "Here's an adorable kitten"; or a Chinese request and sentence both name the tool's subject in
            # Chinese words: 单词本里有哪些单词 -> 单词本中的单词有：red)
            return Claim(index, subject, "read_no_call", c.scores["read_no_call"], "presents what the tool looks up, "
                         "with no call")
        return None

    def _told_live(self, sent: str, c: Cues) -> bool:
        """Whether every live value the sentence states ("sunny", "raining") is a value the turn's request told (an
        agent's relay of another agent's result, "The weather in New York is 73 degrees and Sunny."): repeated,
        not looked up. A time word ("currently", 目前) is no value the request can have told."""
        req = self.request()
        found = False
        for m in c.live_re.finditer(sent):
            value = m.group(0)
            if _LIVE_TIME_RE.search(value) is not None:
                return False
            toks = text_tokens(value, 4)
            if not toks or not toks <= req:
                return False
            found = True
        return found

    def _act(self, index: int, sent: str, words: Sequence[str], offered: Sequence[str], ctx: Context,
             c: Cues) -> Claim | None:
        """A completed act naming an offered tool's verb that no call of the turn did."""
        if _NEGATION_RE.search(sent) is not None:
            return None  # a negated act is none ("your order has not been cancelled")
        ws = set(words)
        ws_all: set[str] | None = None
        for tool in offered:
            verb = _verb(tool)
            if _kind(tool) != ACT or (not ws.intersection(_acts(verb, c)) and not any(
                    verb in c.synonyms.get(w, ()) for w in ws)):
                continue
            if any(_same_act(verb, _verb(t), c) for t in self.ok) or any(
                    _same_act(verb, _verb(t), c) for _, t in self.pending):
                continue  # done by a call of the turn (or by one whose result has not come yet)
            if self.ok and verb not in _GENERIC and ws.intersection(_acts(verb, c)) <= _GENERIC and not ws.intersection(
                    w for w in ws if verb in c.synonyms.get(w, ()) and w not in _GENERIC) and any(
                    _kind(t) == ACT for t in self.ok):
                # "added", "made" after a write of the turn name that write ("the lines were added"), not a
                # creation (an `add_*` tool's own verb still counts)
                continue
            if ws_all is None:
                ws_all = ws.union(root(w) for w in _WORD_RE.findall(sent))
            if verb not in ws and any(_kind(t) == ACT for t in self.ok) and ws_all.isdisjoint(
                    root(w) for w in split_identifier(tool)[1:]):
                # a verb of the same act only ("scheduled", "confirmed", "secured" for `book_hotel`), after a write of
                # the turn, on nothing the tool's name works on (its words after the verb): it tells the turn's write
                # ("your new flight has been scheduled" after `update_ticket_to_new_flight`), not the other tool's
                # act (退款 "refund" names `issue_refund`'s object: claimed)
                continue
            if any(_same_act(verb, _verb(t), c) for t in self.failed):
                rule = "act_call_failed"  # this turn tried it, and the call failed
            elif any(_same_act(verb, _verb(t), c) for t in ctx.served) or c.recall_re.search(sent) is not None or (
                    _dated(sent, ctx)):
                continue  # an earlier turn's act, told again (or a record's history: "was cancelled on 2024-05-03")
            elif _told_by_user(verb, self.request(), c):
                continue  # the user's own act, told back
            elif self.ok and _stative(sent, verb, c) and not _asks(verb, self.request(), c) and not any(
                    _kind(t) == ACT for t in (*self.ok, *(t for _, t in self.pending))):
                continue  # a state the turn's lookups read ("Order W481 is cancelled"), of an act nobody asked for
            else:
                rule = "act_not_covered" if self.ok else "act_no_call"
            return Claim(index, tool, rule, c.scores[rule], f"claims '{verb}' with no call that did it")
        return None

    def _act_on_object_zh(self, index: int, sent: str, offered: Sequence[str], ctx: Context, c: Cues) -> Claim | None:
        """In a Chinese reply with no call, an act told done whose verb (`zh.act_verbs`) is no offered tool's, on the
        thing the name of one act tool works on, which the request and the sentence both name through the glossary
        (已为您设置明天早上8点的开会提醒 with `create_reminder`: 设置 is `set`, 提醒 its object): that tool's act,
        of a tool whose kind no earlier turn served. A lookup told (查询, 找到) names no act."""
        if _NEGATION_RE.search(sent) is not None or c.recall_re.search(sent) is not None or (
                _CONDITION_RE.search(sent) is not None or c.retrieval_re.search(sent) is not None):
            return None
        if not any(k in sent for k in c.zh_verbs):
            return None
        said = gloss(sent)
        if not said:
            return None
        req = self.request()
        hits = [t for t in offered if _kind(t) == ACT and not served_kind(t, ctx.served)
                and not said.isdisjoint(req.intersection(h(stem(w)) for w in family(t)))]
        if len(hits) != 1:
            return None
        return Claim(index, hits[0], "act_no_call", c.scores["act_no_call"],
                     f"tells an act on '{'/'.join(sorted(family(hits[0])))}' as done with no call that did it")

    def _past_act(self, index: int, sent: str, offered: Sequence[str], ctx: Context, c: Cues) -> Claim | None:
        """In a turn with no call, a word of an offered tool's name that the request asked for, told in the past
        ("Roll a die" -> "You rolled a 4" with `dice_roll`; "take a screenshot" -> "I have taken…" is not read:
        regular pasts only), of a tool no earlier turn used."""
        irregular = c.irregular
        sent = _main_clause(sent)  # (what a condition opening the sentence tells is no report)
        past = _pasts(_WORD_RE.findall(sent), irregular)
        if not past or c.recall_re.search(sent) is not None or _NEGATION_RE.search(sent) is not None or (
                _dated(sent, ctx)):
            return None
        # told first-hand or as a headline ("Transferred $500…", "I booked…"): the act of an offered act tool,
        # whether or not the request named its verb
        told = _pasts([*(m.group(1) or m.group(2) for m in _TOLD_PAST_RE.finditer(sent)),
                       *(m.group(1) for m in _FIRST_HAND_RE.finditer(sent))], irregular)  # and "I have moved…"
        if told:
            for tool in offered:
                verb = _verb(tool)
                if tool in ctx.served or _kind(tool) != ACT or not told.intersection(_acts(verb, c)):
                    continue
                if any(_same_act(verb, _verb(t), c) for t in ctx.served) or _told_by_user(verb, self.request(), c):
                    continue  # an earlier turn's act, or the user's own, told again
                return Claim(index, tool, "act_no_call", c.scores["act_no_call"],
                             f"tells '{verb}' as done with no call that did it")
            # ... or a word of the name of a tool whose verb says nothing of the act ("I have moved my knight…"
            # with `make_move`: the act is its name's object)
            for tool in offered:
                if tool in ctx.served or _kind(tool) == COMPUTE or _verb(tool) not in _VERBISH_ROOTS:
                    continue
                for w in split_identifier(tool)[1:]:
                    if len(w) > 3 and root(w) in told and h(stem(w)) not in c.weak and root(w) not in c.read_verbs:
                        return Claim(index, tool, "act_no_call", c.scores["act_no_call"],
                                     f"tells '{root(w)}' as done with no call that did it")
        req = self.request()
        if not req:
            return None
        for tool in _acts_first(offered):
            if tool in ctx.served or _kind(tool) == COMPUTE:
                continue
            for w in split_identifier(tool):
                if len(w) > 2 and root(w) in past and _asked(w, req) and h(stem(w)) not in c.weak:
                    return Claim(index, tool, "act_no_call", c.scores["act_no_call"],
                                 f"tells '{root(w)}' as done with no call that did it")
        # told first-hand, the act of a tool named for its object: "Take a screenshot of the header" -> "I have
        # taken a screenshot…" with `screenshot` (the tool's word in the request, and the object of the past)
        said: set[str] = set()
        for m in _FIRST_HAND_RE.finditer(sent):
            verb = m.group(1)
            if verb in irregular or (verb.endswith("ed") and len(verb) > 4):
                said.update(root(w) for w in m.group(2).split())
        if not said:
            return None
        return self._act_word_told(index, said, offered, ctx, c,
                                   "tells an act on '{}' as done with no call that did it")

    def _computed(self, index: int, sent: str, offered: Sequence[str], ctx: Context, c: Cues) -> Claim | None:
        """With a computing tool offered (`calculator`) and not used before, a figure that neither the request's
        arithmetic gives (its value or a part's, at any usual rounding: `arith.values`) nor any message showed:
        stated as a result, it came from no working the request allows (a calculator's own output, or nowhere)."""
        req = self.request()
        if ARITH not in req:
            return None
        tools = [t for t in offered if t not in ctx.served and _kind(t) == COMPUTE]
        if not tools:
            return None
        own = working(sent)  # the reply's own working: "10 * 8 = 80 and 5 * 8 = 40, so 80 + 40 = 120"
        for f in figures(sent):
            if f not in req and f not in own and not ctx.facts.shown(f):
                return Claim(index, tools[0], "fact_no_call", c.scores["fact_no_call"],
                             "states a result the request's arithmetic does not give, with no call")
        return None

    def _subject(self, sent: str, offered: Sequence[str], c: Cues, bare: bool = False,
                 defined: Mapping[str, frozenset[int]] | None = None) -> tuple[str | None, bool]:
        """The offered tool that looks things up whose name's words the request (twice the weight) or the sentence
        hold (the most of them); else the only such tool offered. With it, whether the request and the sentence
        both hold the same word of its name (strong evidence of what the sentence is about)."""
        best: str | None = None
        most = 0
        strong = False
        readers = 0
        req = self.request()
        words: frozenset[int] | None = None
        for tool in offered:
            if _kind(tool) in (ACT, COMPUTE):
                continue  # an act tool (a fact is looked up, not done), or one that computes what anyone can
            if names_tool(sent, tool) and _TOLD_RESULT_RE.search(sent) is None:
                return None, False  # the sentence names the tool: it tells what the tool does, not what it returned
            readers += 1
            names = _subject_words(tool, c)
            if words is None:
                words = text_tokens(sent, 64) | gloss(sent)
            in_req = names & req
            n = 2 * len(in_req) + len(names & words)
            if n > most or best is None:
                # a reply that is only a figure answers the request that named the tool's subject
                best, most, strong = tool, n, not in_req.isdisjoint(words) or bool(bare and in_req)
        if most > 0:
            return best, strong
        if defined and _CJK_RE.search(sent) is not None:
            described = _described_zh(sent, req, offered, defined)
            if described is not None:
                return described, True
        # the only tool that looks things up, for a live value or a lookup told as done (not a bare figure)
        if readers == 1 and (c.live_re.search(sent) is not None or c.retrieval_re.search(sent) is not None
                             or c.none_re.search(sent) is not None):
            return best, False
        return None, False

    def _finished(self, index: int, sent: str, offered: Sequence[str], ctx: Context, c: Cues) -> Claim | None:
        """In a turn with no call, a tool's thing told finished ("The 5-second timer and stopwatch have both
        completed") where the request asked for it by the tool's name word (`timer`, `stopwatch`)."""
        if _FINISHED_RE.search(sent) is None or _NEGATION_RE.search(sent) is not None or (
                c.recall_re.search(sent) is not None or _CONDITION_RE.search(sent) is not None):
            return None
        said = {root(w) for w in _WORD_RE.findall(sent)}
        return self._act_word_told(index, said, offered, ctx, c, "tells the '{}' finished with no call that ran it")

    def _act_word_told(self, index: int, said: set[str], offered: Sequence[str], ctx: Context, c: Cues,
                       why: str) -> Claim | None:
        """The first act tool offered and not yet served with a word of its name (over three letters, in the
        request, neither weak nor a reading verb) among the words `said`: an `act_no_call`, `why` naming the word."""
        req = self.request()
        for tool in _acts_first(offered):
            if tool in ctx.served or _kind(tool) == COMPUTE:
                continue
            for w in split_identifier(tool):
                k = h(stem(w))
                if len(w) > 3 and root(w) in said and k not in c.weak and root(w) not in c.read_verbs and (
                        _asked(w, req)):
                    return Claim(index, tool, "act_no_call", c.scores["act_no_call"], why.format(w))
        return None

    def _described(self, sent: str, offered: Sequence[str], ctx: Context) -> str | None:
        """The lookup tool whose definition (description, parameters, enum values) shares two words or more with
        the request, when the sentence states a figure the conversation never showed ("How much is 123.45 USD in
        EUR?" -> "… is 112.23 EUR" with a currency calculator whose enum holds USD and EUR)."""
        if not ctx.defined or _CJK_RE.search(sent) is not None or not any(
                not ctx.facts.shown(f) for f in figures(sent)):
            return None  # (a Chinese text shares characters and bigrams with any description: the glossary decides)
        req = self.request()
        best: str | None = None
        most = 0
        own = False
        for tool in offered:
            d = ctx.defined.get(tool)
            if not d or tool in ctx.served or _kind(tool) != READ or names_tool(sent, tool):
                continue
            n = len(d & req)
            if n < 2 or n < most:
                continue
            # ties do not depend on the order of the definitions: a tool of the family of one that served (the
            # conversation's own set) first, then the first name
            mine = served_kind(tool, ctx.served)
            if best is None or n > most or mine > own or (mine == own and tool < best):
                best, most, own = tool, n, mine
        return best

    def _new_value(self, sent: str) -> bool:
        """A single digit or a quoted value of the sentence that the request does not hold."""
        req = self.request()
        listed = {n.end() - 2 for n in _LIST_NO_RE.finditer(sent)} if "." in sent or "、" in sent else ()
        for m in _DIGIT1_RE.finditer(sent):
            if h(stem(m.group(0))) not in req and m.start() not in listed:
                return True
        for m in _QUOTED_RE.finditer(sent):
            quoted = text_tokens(m.group(m.lastindex or 1), 16)
            if quoted and not quoted <= req:
                return True
        return False

    # -- state --------------------------------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        self._settle()
        st: dict[str, Any] = {}
        if self.ok:
            st[CL_OK] = list(self.ok)
        if self.failed:
            st[CL_FAILED] = list(self.failed)
        if self.bare:
            st[CL_BARE] = list(self.bare)
        if self.pending:
            st[CL_PENDING] = [list(p) for p in self.pending]
        if self.after_result:
            st[CL_AFTER_RESULT] = 1
        if self.continued:
            st[CL_CONTINUED] = 1
        if not self.ok or len(self.bare) == len(self.ok):
            # (after a successful call of the turn its words decide nothing, but for the number words a reply
            # after bare successes may write in digits)
            self.request()
            if self._request:
                st[CL_REQUEST] = binascii.b2a_base64(self._request, newline=False).decode("ascii")
        else:
            # ... and for the acts it asks for (`asks`: a state a lookup read is no act unless asked for)
            kept = asks_kept(self.request())
            if kept:
                st[CL_REQUEST] = binascii.b2a_base64(hash_bytes(kept), newline=False).decode("ascii")
        return st

    @classmethod
    def from_state(cls, st: Mapping[str, Any]) -> ClaimTracker:
        t = cls()
        t.ok = tuple(str(x) for x in st.get(CL_OK) or ())
        t.failed = tuple(str(x) for x in st.get(CL_FAILED) or ())
        t.bare = tuple(str(x) for x in st.get(CL_BARE) or ())
        t.pending = tuple((str(p[0]), str(p[1])) for p in st.get(CL_PENDING) or ())
        t.after_result = bool(st.get(CL_AFTER_RESULT, 0))
        t.continued = bool(st.get(CL_CONTINUED, 0))
        req = st.get(CL_REQUEST)
        t._request = base64.b64decode(req) if isinstance(req, str) and req else None
        return t


class Context:
    """The evidence a judged reply reads: the figures shown, the tools that served earlier requests."""

    __slots__ = ("defined", "facts", "served")

    def __init__(self, facts: Facts, served: Sequence[str],
                 defined: Mapping[str, frozenset[int]] | None = None) -> None:
        self.facts = facts
        self.served = served
        self.defined = defined or {}  # the definitions' words (name, description, parameters, enum values)


def shape(text: str) -> bool:
    """Whether a reply is no claim at all by its shape: it asks or waits (a question, a confirmation request,
    "let me know once you have…") and says nothing else but acknowledgements. The regression detector's evidence
    against a text-only regression."""
    c = cues()
    waiting = other = 0
    for sent in _SENT_RE.split(normalize(text[:MAX_REPLY])):
        sent = sent.strip()
        if len(sent) < 2:
            continue
        if (sent.endswith(("?", "？")) or c.wait_re.search(sent) is not None) and _DIGIT_RE.search(sent) is None:
            waiting += 1  # (a question that states figures tells something: "two slots left, 14:00 or 16:30?")
        elif sent.strip(" !.,~。！，") not in c.ack:
            other += 1
    return waiting > 0 and other == 0


def told_done(text: str) -> bool:
    """Whether a reply tells something as done: a sentence that is no question and no promise, offer, hedge or
    refusal, with a completion cue ("I've…", "has been", 已为您) or a past ("Transferred $500…", "Added: …")."""
    c = cues()
    norm = normalize(text[:MAX_REPLY])
    if c.refusal_re.search(norm) is not None:
        return False
    for sent in _SENT_RE.split(norm):
        sent = sent.strip()
        if len(sent) < 3 or sent.endswith(("?", "？")) or c.non_claim_re.search(sent) is not None or (
                _NEGATION_RE.search(sent) is not None):
            continue  # (a negated completion is none: "nothing is booked after the 1:1")
        if c.completion_re.search(sent) is not None or _PAST_RE.search(sent) is not None:
            return True
        if any(w in c.irregular for w in _WORD_RE.findall(sent)):
            return True
    return False


# the words after which any form of a verb is its participle or past ("I've set…", "is set", "has been put")
_AUX = frozenset(("have", "has", "had", "i've", "we've", "you've", "they've", "been", "was", "were", "is", "are", "be",
                  "got", "just", "successfully"))


# an act's noun told finished: "the transfer has been completed", "your booking is complete", "payment went through"
_NOUN_DONE_RE = re.compile(r"\b([a-z]{3,})\s+(?:has\s+been|have\s+been|had\s+been|was|were|is|are|went)\s+"
                           r"(?:now\s+|successfully\s+|fully\s+)?(?:completed?|done|successful|processed|"
                           r"finali[sz]ed|finished|through|executed)\b")


def _told_words(sent: str, c: Cues) -> list[str]:
    """The roots of a sentence's words that can tell an act as done: a past or a participle ("booked", "sent", an
    irregular one as itself and as its verb), any form after an auxiliary ("I've set…", "is set"; not an -ing form:
    "is booking" is in progress), or a noun told finished ("the transfer has been completed"). A noun or a gerund
    alone tells no act done: "…the same times as your original booking", "Booking early was cheaper"."""
    ws = _WORD_RE.findall(sent)
    out: list[str] = [root(m.group(1)) for m in _NOUN_DONE_RE.finditer(sent)]
    for i, w in enumerate(ws):
        if w in c.irregular:
            out += (root(w), root(c.irregular[w]))
        elif (len(w) > 4 and w.endswith("ed")) or (i and ws[i - 1] in _AUX and not w.endswith("ing")):
            out.append(root(w))
    return out


# what tells a Chinese act verb done: a completion cue before it (已为您取消, 已成功预订) or a result after it (取消了,
# 预订成功, 订好); a verb with neither is a noun or a name ("预订 ZFA04Y 已取消": the reservation was cancelled)
_ZH_BEFORE = ("已", "成功", "完成")
_ZH_AFTER_RE = re.compile(r"\s*(?:了|好|完|成功|完成|掉|完毕)")


def _zh_told(sent: str, c: Cues) -> list[str]:
    """The act roots of the Chinese verbs of a sentence told done (`_ZH_BEFORE`, `_ZH_AFTER_RE`)."""
    out: list[str] = []
    for k, v in c.zh_verbs.items():
        at = sent.find(k)
        while at >= 0:
            if any(b in sent[:at] for b in _ZH_BEFORE) or _ZH_AFTER_RE.match(sent, at + len(k)) is not None or (
                    k[-1] in "好掉"):
                out.append(v)
                break
            at = sent.find(k, at + 1)
    return out


# a condition or a time told in general that opens a sentence, up to its comma: what it tells is no report
_LEAD_CONDITION_RE = re.compile(r"^(?:once|if|when|whenever|after|as\s+soon\s+as|until|unless)\b[^,;:]*[,;:]\s*|"
                                r"^(?:如果|一旦|等到?|假如)[^，,；]*[，,；]\s*|^[^，,；。]{1,24}?(?:以后|之后|后)[，,；]\s*")


def _main_clause(sent: str) -> str:
    """A sentence less the condition or the time told in general that opens it ("Once an order has been cancelled,
    the refund…", 订单取消成功后，退款…): the clause that tells what is."""
    m = _LEAD_CONDITION_RE.match(sent)
    return sent[m.end():] if m is not None else sent


# a state told with a participle: "is cancelled", "were delivered", "are already refunded"; not "is now", not first-hand
_STATIVE_RE = re.compile(r"\b(?:is|are|was|were)\s+(?:already\s+|still\s+|fully\s+)?([a-z]{3,})\b")
_CONFIRM_WORDS = frozenset(h(stem(w)) for w in ("yes", "yeah", "yep", "sure", "ok", "okay", "proceed", "confirm",
                                                "correct", "right", "go", "ahead", "please", "do"))


def _stative(sent: str, verb: str, c: Cues) -> bool:
    """Whether a sentence tells this act's verb as a state ("Your order is cancelled", "was cancelled on…", 订单已取消),
    not as done now ("has been cancelled", "is now cancelled", "I've cancelled", 已为您取消, 取消成功), and not
    first-hand."""
    if _FIRST_HAND_ANY_RE.search(sent) is not None or _NOW_RE.search(sent) is not None:
        return False
    acts = _acts(verb, c)
    if any(root(m.group(1)) in acts for m in _STATIVE_RE.finditer(sent)):
        return True
    # 订单已取消: a Chinese verb of this act right after 已, with no one doing it (为您, 帮您, 我) and no success told
    return any(v in acts and f"已{k}" in sent for k, v in c.zh_verbs.items())


_NOW_RE = re.compile(r"\b(?:now|just|successfully|has\s+been|have\s+been)\b|已为您|成功")


def _asks(verb: str, req: frozenset[int], c: Cues) -> bool:
    """Whether the request asks for this act (its verb or a verb of the same act among its words: `asks`) or only
    confirms what was proposed ("yes", "go ahead": the act proposed before)."""
    if CONFIRMS in req:
        return True
    return any(asked(v) in req for v in (*_acts(verb, c), *(w for w, same in c.synonyms.items() if verb in same)))


_ASK = "\x04"  # the marker prefix of an act the request asks for (no word begins with \x04)
CONFIRMS = h(_ASK + "!")  # the marker of a request that only confirms ("yes", "ok, go ahead") or says nothing


@functools.lru_cache(maxsize=256)
def asked(verb_root: str) -> int:
    return h(_ASK + verb_root)


@functools.lru_cache(maxsize=1)
def _act_roots() -> frozenset[str]:
    """Every verb an act tool can be named for: the closed vocabulary of `act_synonyms` (an act tool's verb is one)."""
    c = cues()
    return frozenset((*c.synonyms, *(w for same in c.synonyms.values() for w in same)))


@functools.lru_cache(maxsize=1)
def _ask_markers() -> frozenset[int]:
    return frozenset((CONFIRMS, *(asked(r) for r in _act_roots())))


def asks(norm: str) -> frozenset[int]:
    """The marker hashes of the acts a normalised request names (`asked`: "cancel", "remove", 取消), and `CONFIRMS`
    for one that only confirms or says nothing of substance ("yes", "ok go ahead")."""
    c = cues()
    acts = _act_roots()
    out = {asked(r) for r in (root(c.irregular.get(w, w)) for w in _WORD_RE.findall(norm)) if r in acts}
    if _CJK_RE.search(norm) is not None:
        out.update(asked(v) for k, v in c.zh_verbs.items() if k in norm)
    words = text_tokens(norm, 8)
    if not words or (len(words) <= 6 and not _CONFIRM_WORDS.isdisjoint(words)):
        out.add(CONFIRMS)
    return frozenset(out) if out else EMPTY


def asks_kept(req: frozenset[int]) -> frozenset[int]:
    """The `asks` markers among a request's hashed words (what the state keeps of it after a successful call)."""
    return req & _ask_markers() if req else EMPTY


_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
# an act placed at a past time: a participle followed by a date or a time (its figures shown: the record's, not the
# reply's) or a day of a month; a time ago anywhere; 于 + a date before the verb in Chinese. "I've booked HAT041 on
# 2024-06-02" places the flight, not the act: a participle's own time only, and never told first-hand
_DATED_RE = re.compile(r"\b[a-z]{3,}(?:ed|en|id|ld|nt|ut)\s+(?:back\s+)?(?:on|since|at)\s+(?:the\s+)?"
                       r"(?:(\d{4}-\d\d-\d\d|\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{1,2}:\d\d)|" + _MONTHS
                       + r"\s+\d{1,2}\b|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTHS + r")|"
                       r"\b(?:yesterday|last\s+(?:week|month|year|night|monday|tuesday|wednesday|thursday|friday|"
                       r"saturday|sunday)|\d+\s+(?:days?|weeks?|months?|years?)\s+ago|a\s+(?:day|week|month|year)\s+"
                       r"ago)\b|于\s*(\d{4}[-年/]\d{1,2}[-月/]\d{1,2}日?)|昨天|前天|上周|上个月|去年")
_FIRST_HAND_ANY_RE = re.compile(r"\b(?:i|we|i've|we've|i'd|we'd)\b|为您|帮您|给您|我")


def _dated(sent: str, ctx: Context) -> bool:
    """Whether a sentence places the act it tells at a past time the conversation showed, or a time ago, and not
    first-hand ("was cancelled on 2024-05-03", "were added yesterday", 已于 2024-05-03 取消): a record's history read
    back, not an act of this turn. A date or a time written in figures counts only when shown (a reply's own date
    is no record's)."""
    if _FIRST_HAND_ANY_RE.search(sent) is not None:
        return False
    for m in _DATED_RE.finditer(sent):
        written = m.group(1) or m.group(2)
        if written is None or all(ctx.facts.shown(f) for f in figures(written)):
            return True
    return False


def _pasts(words: Iterable[str], irregular: dict[str, str]) -> set[str]:
    """The roots of the words told in the past: an irregular past's verb (`irregular_past`), a regular one's root."""
    return {root(irregular[w]) if w in irregular else root(w) for w in words
            if w in irregular or (len(w) > 4 and w.endswith("ed"))}


def recalls(text: str) -> bool:
    """Whether every sentence of a reply that tells something done tells it as done before ("I've already made my
    move"), and one does: an earlier turn's act told again, not an answer given instead of a call. English only."""
    c = cues()
    if _CJK_RE.search(text) is not None:
        return False  # (已经 is the perfective of any fresh report too: 已经为您充值)
    found = False
    for sent in _SENT_RE.split(normalize(text[:MAX_REPLY])):
        sent = sent.strip()
        if len(sent) < 3 or sent.endswith(("?", "？")) or c.non_claim_re.search(sent) is not None:
            continue
        if c.completion_re.search(sent) is not None or _PAST_RE.search(sent) is not None or any(
                w in c.irregular for w in _WORD_RE.findall(sent)):
            if c.recall_re.search(sent) is None:
                return False
            found = True
    return found


def defers(text: str) -> bool:
    """Whether a reply ends by handing the decision to the user (a question, a confirmation request, "let me
    know…") and claims nothing done (no completion cue): a plan or a summary before a confirmation, an offer. The
    regression detector's evidence against a text-only regression, beside `shape`."""
    c = cues()
    sents = [x.strip() for x in _SENT_RE.split(normalize(text[:MAX_REPLY])) if len(x.strip()) >= 2]
    if not sents:
        return False
    last = sents[-1]
    if not (last.endswith(("?", "？")) or c.wait_re.search(last) is not None):
        return False
    return not any(c.completion_re.search(x) is not None for x in sents)


@functools.lru_cache(maxsize=2048)
def _uncovered_acts(offered: tuple[str, ...], turn: tuple[str, ...]) -> Acts | None:
    """A search for the verbs (English roots as word prefixes, Chinese verbs) of the offered tools' acts that no
    tool of the turn does: a reply after a call of its turn with none of them claims no act it lacks."""
    c = cues()
    done = [_verb(t) for t in turn]
    words: set[str] = set()
    for tool in offered:
        verb = _act_verb(tool)
        if verb is None or any(_same_act(verb, d, c) for d in done):
            continue
        words.update(_act_words(verb))
    if not words:
        return None
    return _acts_for(frozenset(words))


@functools.lru_cache(maxsize=1024)
def _act_verb(tool: str) -> str | None:
    """A tool's verb if the tool does an act (`_kind`), else None."""
    return _verb(tool) if _kind(tool) == ACT else None


@functools.lru_cache(maxsize=1024)
def _act_words(verb: str) -> tuple[str, ...]:
    """An act's verb and the verbs of the same act (`act_synonyms`, either way)."""
    c = cues()
    return (verb, *c.synonyms.get(verb, ()), *(w for w, same in c.synonyms.items() if verb in same))


_LETTERS_RE = re.compile(r"[a-z]+")


class Acts:
    """The search for some verbs: an English root where a word begins (no letter a-z before it), a Chinese verb
    anywhere (`pattern`, the regular expression it answers for). Where every root is letters a-z only, no
    expression is compiled: a root begins a word exactly where a run of letters a-z begins with it, so the runs of
    the text are compared with the roots (`str.startswith`), and the Chinese verbs are looked for as they are."""

    def __init__(self, words: frozenset[str]) -> None:
        zh = [k for k, v in cues().zh_verbs.items() if v in words]
        self.pattern = rf"(?<![a-z])(?:{_alt(sorted(words))})" + (f"|{_alt(zh)}" if zh else "")
        self.en = tuple(sorted(words))
        self.zh = tuple(zh)
        plain = all(_LETTERS_RE.fullmatch(w) is not None for w in words)
        self._re: re.Pattern[str] | None = None if plain else re.compile(self.pattern)

    def found(self, norm: str) -> bool:
        """Whether a normalised text holds one of the verbs (as `re.search(pattern, norm)` would find)."""
        if self._re is not None:
            return self._re.search(norm) is not None
        en = self.en
        for run in _LETTERS_RE.findall(norm):
            if run.startswith(en):
                return True
        return any(k in norm for k in self.zh)


@functools.lru_cache(maxsize=512)
def _acts_for(words: frozenset[str]) -> Acts:
    """The search for these verbs (many tool sets share it: made once)."""
    return Acts(words)


_TOOL_WORDS = (h(stem("tool")), h(stem("function")))
# a tool told as run ("executed", "called", "used")
_RAN_RE = re.compile(r"\b(?:called|used|executed|ran|invoked|triggered)\b|执行|调用|运行")
# the live cues that name a time, not a value (`live`): "currently", "the current", 目前
_LIVE_TIME_RE = re.compile(r"current|\bnow\b|moment|today|present|this time|目前|现在|当前|实时|最新|今天")
# a negation: what a sentence with it tells is not done ("nothing is booked yet", 尚未取消)
_NEGATION_RE = re.compile(r"\b(?:not|nothing|none|never|neither|nor)\b|n't\b|没有|尚未|还没|未能")


# an identifier shown as an example of its form: "looks like 123e4567-e89b-…", "looks like #W1234567", "e.g.
# W0000001", 例如 W0000001
_EXAMPLE_RE = re.compile(r"(?:\b(?:looks?\s+like|something\s+like|e\.g\.|for\s+example|for\s+instance|such\s+as)|"
                         r"例如|比如|譬如|像是)[,:，：]?\s*[#\"'`“]?(?=[a-z\-]*\d)[a-z]{0,6}-?\d[\w\-]{2,}")
# a time word about the assistant itself, not a value: "I'm currently set up to help with weather…", 我目前可以
_SELF_LIVE_RE = re.compile(r"\b(?:i'm|i\s+am|we're|we\s+are|i|we)\s+(?:currently|now|right\s+now|at\s+the\s+moment|"
                           r"presently)\b|我(?:目前|现在|当前)")
# what can be looked up for anything, not a value found: "Tell you the current weather in any city", "anywhere"
_ANY_RE = re.compile(r"\bany(?:where|\s+(?!of\b|more\b|longer\b)[a-z]+)\b|\bwhichever\b|\bwhatever\b")
# a value offered as a suggestion, not stated as found: "A good name would be 'SkyCast'", "how about '…'"
_SUGGEST_RE = re.compile(r"\b(?:would|could|might)\s+be\b|\b(?:how|what)\s+about\b|\bperhaps\b|\bsuggest")
# nothing found in what the user gave: "I didn't find any typos in your sentence" (read, not looked up)
_OWN_TEXT_RE = re.compile(r"\bin\s+your\b|\bin\s+(?:this|that|the)\s+(?:text|sentence|message|paragraph|draft|"
                          r"snippet|code|essay|list)\b")


# a sentence that tells a named tool's result (根据CurrentTimeTool返回的结果，…; not what it would return: 会返回)
_TOLD_RESULT_RE = re.compile(r"(?<![会将能可])返回(?:的结果|结果|了)|(?:的|调用)结果(?:是|为|显示|表明)")
_CJK_RUN_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]{2,}")


def _bigrams(text: str) -> set[int]:
    """The hashed character bigrams of a text's Chinese runs, cut at the function words as `text_tokens` cuts them
    (so they are found among a definition's hashed words)."""
    out: set[int] = set()
    for run in _CJK_RUN_RE.findall(text):
        for lang in CJK_LANGS:
            for piece in lang.cut.split(run):
                if len(piece) >= 2:
                    out.update(h(g) for g in cjk_grams(piece))
    return out


def _described_zh(sent: str, req: frozenset[int], offered: Sequence[str],
                  defined: Mapping[str, frozenset[int]]) -> str | None:
    """The lookup tool whose Chinese description shares the most character bigrams with a Chinese sentence, two at
    least, one of them also the request's (图片中的文字是…, after 识别一下这张图片里的文字, with an OCR tool
    described 用于提取并识别图片上的文字): what the sentence tells of, where the tools' English names say nothing
    to Chinese words."""
    grams = _bigrams(sent)
    if len(grams) < 2:
        return None
    best: str | None = None
    most = 1
    for tool in offered:
        d = defined.get(tool)
        if not d or _kind(tool) != READ:
            continue
        shared = grams & d
        if len(shared) > most and not shared.isdisjoint(req):
            best, most = tool, len(shared)
    return best


def _caveat(norm: str, at: int, c: Cues) -> bool:
    """Whether the refusal found at `at` in a Chinese reply with no call in its turn is a caveat after a claim: a
    sentence before the refusal's own tells something done (我为您生成了语音文件。由于技术限制，无法直接提供给您……).
    The claim stands; the refusal's sentence is skipped as any (its cue is a `non_claim`). A refusal before any such
    sentence refuses the reply (抱歉，我无法取消这个订单，因为它已经发货了)."""
    if _CJK_RE.search(norm) is None:
        return False
    start = max(norm.rfind(p, 0, at) for p in ("。", "!", "?", "；", ";", "\n"))
    return start > 0 and c.completion_re.search(norm, 0, start) is not None


# advice that opens a sentence: with a tool asked for by name, the tool's outcome told as what to do ("You should
# wear pants today." after "Which clothes should I wear today? Roll a dice to decide.")
_OUTCOME_RE = re.compile(r"^(?:so\s+|then\s+)?(?:you\s+should|i\s+recommend|i\s+suggest|i'd\s+recommend|"
                         r"i\s+would\s+recommend)\s+")


def _told_outcome(sent: str, tool: str, c: Cues) -> bool:
    """Whether a sentence is advice told as the outcome of the tool the request asked for: it opens with "You
    should…" (`_OUTCOME_RE`), holds no other non-claim cue (no question, offer, hedge or refusal after it), and no
    word of the tool's name ("You should check the weather closer to the date" sends the user to the thing itself)."""
    m = _OUTCOME_RE.match(sent)
    return m is not None and c.non_claim_re.search(sent, m.end()) is None and (
        name_tokens(tool).isdisjoint(text_tokens(sent, 64)))


_JSON_KEY_RE = re.compile(r"\"([a-z_][a-z0-9_]{0,40})\"\s*:")


def _arguments_as_text(norm: str, defined: Mapping[str, frozenset[int]]) -> bool:
    """Whether a reply that is a JSON object and nothing else (fenced or not) holds only keys of one offered tool's
    definition (its parameters): the call's arguments written as text, as a model does when it answers in JSON
    instead of calling ({"location": "Toronto, Canada", "format": "celsius"}); no claim of what the call returned.
    A key the definition does not hold ({"temperature": 21, "conditions": "sunny"}) makes it a result."""
    t = norm.strip().strip("`").removeprefix("json").strip()
    if not t.startswith("{") or not t.endswith("}"):
        return False
    keys = _JSON_KEY_RE.findall(t)
    if not keys:
        return False
    words = [h(stem(w)) for k in keys for w in split_identifier(k)]
    return any(d and all(w in d for w in words) for d in defined.values())


def _states(sent: str, tool: str, c: Cues) -> bool:
    """Whether a sentence states something (not an acknowledgement, not a sentence naming the tool: what it does,
    what will be done with it, not a sentence under a condition that opens it: 如果两个函数都执行完成，它们的开始时间
    应该几乎相同)."""
    bare = sent.strip(" !.,~。！，*#:-")
    if not bare or bare in c.ack or _LEAD_CONDITION_RE.match(bare) is not None:
        return False
    if names_tool(sent, tool):
        # a sentence naming the tool tells what it does, unless it tells it ran ("I've successfully called the
        # test_tool twice")
        return _RAN_RE.search(sent) is not None and _NEGATION_RE.search(sent) is None
    return _WORD_RE.search(bare) is not None or _CJK_RE.search(bare) is not None


# an act told as done without naming it: "I have successfully completed the requested action", "I've executed the
# `date` command", 已成功执行
_DONE_RE = re.compile(r"\b(?:successfully|executed|ran|been run|have run|'ve run)\b|成功|已执行|"
                      r"(?:执行|运行|调用)(?:完成|完毕|结束)|已经?[^，。,!?！？]{0,6}(?:执行|运行|调用)(?:了|过|完|结束)")
# a condition or a time told in general: what follows it is no report of this turn ("Once the migration has been
# run successfully, …", "When this happened to me before, the tests were executed with…", "if it ran…")
_CONDITION_RE = re.compile(r"\b(?:once|when|whenever|if|unless|until|as soon as)\b|一旦|如果")


def _done_by_only_tool(index: int, sent: str, offered: Sequence[str], ctx: Context, c: Cues,
                       req: frozenset[int] = EMPTY) -> Claim | None:
    """In a turn with no call, a completion told as a success that names no act ("I have successfully completed
    the requested irreversible action") where one tool, that no earlier turn used, is offered (no computation):
    only that tool could have done it. Not a success of an act the request told as the user's own ("I ran the
    installer" -> "so the installer ran successfully", "I passed my test" -> "on successfully passing"): theirs."""
    if _DONE_RE.search(sent) is None or _NEGATION_RE.search(sent) is not None or (
            c.recall_re.search(sent) is not None or _CONDITION_RE.search(sent) is not None):
        return None
    tools = [t for t in offered if _kind(t) != COMPUTE]
    if len(tools) != 1 or len(offered) != 1 or tools[0] in ctx.served:
        return None
    if USER_DID in req and any(did(root(c.irregular.get(w, w))) in req for w in _WORD_RE.findall(sent)):
        return None
    return Claim(index, tools[0], "act_no_call", c.scores["act_no_call"], "tells an act as done with no call that "
                 "did it")


def _acts_first(offered: Sequence[str]) -> list[str]:
    """The offered tools, those whose name begins with a lookup's verb last (`make_move` before `get_legal_moves`
    for "I've moved my pawn")."""
    c = cues()
    return sorted(offered, key=lambda t: _verb(t) in c.read_verbs)


@functools.lru_cache(maxsize=1024)
def _subject_words(tool: str, c: Cues) -> frozenset[int]:
    """The words of a tool's name that say what it is about (`name_tokens` less the weak ones); for a name made of
    generic words only (`get_items`), those words less its verbs."""
    names = name_tokens(tool) - c.weak
    full = [c.abbreviations[w] for w in split_identifier(tool) if w in c.abbreviations]
    if full:  # a clipped word is also said in full ("random number" for `rand_number`)
        names = names | frozenset(h(stem(w)) for w in full)
    if names:
        return names
    return frozenset(h(stem(w)) for w in split_identifier(tool)
                     if len(w) > 2 and root(w) not in c.read_verbs and h(stem(w)) not in c.weak)


def _asked(word: str, req: frozenset[int]) -> bool:
    """Whether the request's hashed words hold a word of a tool's name, as it is or in its -ed / -ing form
    ("I have moved my knight… Your turn!" holds `move` of `make_move`: its stem is "mov")."""
    return h(stem(word)) in req or (word.endswith("e") and h(stem(word + "d")) in req)


def _same_act(a: str, b: str, c: Cues) -> bool:
    return a == b or b in c.synonyms.get(a, ()) or a in c.synonyms.get(b, ())


# a result that says only that the call succeeded: `true`, `ok`, `{"success":true}`, `{"status":"ok"}`, nothing
_BARE_WORDS = frozenset(("", "true", "ok", "okay", "success", "succeeded", "successful", "done", "null", "none", "nil",
                         "{}", "[]", '""', "1"))
# ... as a JSON object of success keys only, each true, null or a success word (matched, not parsed: one anchored match)
_BARE_OBJECT_RE = re.compile(
    r'\{\s*(?:"(?:success|ok|status|result|done|succeeded)"\s*:\s*(?:true|null|"(?:ok|okay|success|succeeded|'
    r'successful|done|true|1)?")\s*(?:,\s*|(?=\})))+\}')


BARE_CHARS = 80  # the longest bare success (`bare_success`), stripped and in lower case


def bare_success(head: str) -> bool:
    """Whether a result's text (its head) says only that the call succeeded, with no value of its own."""
    s = head.strip().lower()
    if s in _BARE_WORDS:
        return True
    return s[:1] == "{" and len(s) <= BARE_CHARS and _BARE_OBJECT_RE.fullmatch(s) is not None


_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
# a number word's hash -> the figures (hashes) it says: "fifty" -> 50, "hundred" -> 100 (a figure has two digits)
_NUMBER_WORDS: dict[int, tuple[int, ...]] = {
    **{h(stem(w)): figures(str(10 + i)) for i, w in enumerate(_TEENS)},
    **{h(stem(w)): figures(str(20 + 10 * i)) for i, w in enumerate(_TENS)},
    h(stem("hundred")): figures("100"), h(stem("thousand")): figures("1000")}
_TENS_UNITS: tuple[tuple[int, int, int], ...] = tuple(
    (h(stem(t)), h(stem(u)), figures(str(20 + 10 * i + j + 1))[0]) for i, t in enumerate(_TENS)
    for j, u in enumerate(_UNITS))


def spoken(req: frozenset[int]) -> frozenset[int]:
    """The figures a request said in words ("fifty percent" -> 50, "twenty five" -> 25, "ten minutes" -> 10): the
    reply that writes them in digits tells the request back."""
    out: set[int] = set()
    for k, fs in _NUMBER_WORDS.items():
        if k in req:
            out.update(fs)
    if out:
        out.update(f for t, u, f in _TENS_UNITS if t in req and u in req)
    return frozenset(out)


# a question of how or why things are, or what a word means: knowledge, not an instance a lookup returns
_GENERAL_RE = re.compile(r"\bhow\s+(?:does|do|did|can|could|would)\b[^?.!]{0,80}\bwork\b|"
                         r"\bwhy\s+(?:does|do|is|are|did)\b|\bexplain\b|\bwhat\s+does\s+[^?.!]{1,60}\bmean\b|"
                         r"\bwhat(?:'s|\s+is)\s+the\s+difference\b")
# ... unless it is about the user's own things or a given one ("Why is my flight delayed?", "Explain this bill", an id)
_SPECIFIC_RE = re.compile(r"\b(?:my|our|your|mine|me|i|we|this|that|these|those)\b|\d")
GENERAL = h("\x02?")  # the marker of such a request among its hashed words (no word begins with \x02)


# a request for advice, a how-to, ideas, or what is usual: "Any tips for driving in snowy weather?", "How do I install
# the weather SDK?", "Ideas for a name?", "How many days does a forecast usually cover?", 一般能报几天, 有什么要注意的
_ADVICE_RE = re.compile(r"\b(?:tips?|advice|ideas?|suggestions?|how\s+(?:do|can|should|would)\s+(?:i|we|you|one)\b|"
                        r"how\s+to\b|what\s+should\s+(?:i|we)\b|usually|typically|generally|in\s+general|normally|"
                        r"best\s+way)|一般|通常|有什么[^？?]{0,6}(?:注意|建议|技巧|讲究)|要注意什么|怎么起名|取什么名")
# ... unless it is about the user's own things or a given one ("tips for my flight tomorrow", "this order", a figure)
_OWN_THING_RE = re.compile(r"\b(?:my|our|mine|this|that|these|those)\b|\d|我的|我们的|这个|那个|这些|那些")


# a question of what a thing does or how to use it ("What does the get_user_details function do?", "How do I call
# the example_tool_function tool?", 这个函数是做什么的): about a tool, not a request to run it
_ABOUT_RE = re.compile(r"\bwhat\s+(?:does|do|is)\s+[^?.!]{1,60}\b(?:do|for)\b|\bhow\s+(?:do|can|should|would)\s+"
                       r"(?:i|we|you|one)\s+(?:call|use|invoke|run)\b|\bhow\s+to\s+(?:call|use|invoke|run)\b|"
                       r"是做什么的|是干什么的|有什么用|怎么用|如何使用|怎么调用|如何调用")
ABOUT = h("\x02t")  # the marker of such a request among its hashed words


def general(norm: str) -> frozenset[int]:
    """`GENERAL` for a normalised request that asks how or why things are, about nothing of the user's or given, or
    that asks for advice, a how-to, ideas or what is usual about nothing of the user's own or given; with `ABOUT`
    for one that asks what a thing does or how to use it."""
    out: set[int] = set()
    if (_GENERAL_RE.search(norm) is not None and _SPECIFIC_RE.search(norm) is None) or (
            _ADVICE_RE.search(norm) is not None and _OWN_THING_RE.search(norm) is None):
        out.add(GENERAL)
    if _ABOUT_RE.search(norm) is not None:
        out.add(ABOUT)
    return frozenset(out) if out else EMPTY


# the user telling of an act of their own, first-hand: "I've already sent…", "I cancelled…", "we just booked…"
_USER_DID_RE = re.compile(r"\b(?:i|we)(?:'ve|'d|\s+have|\s+had)?\s+(?:already\s+|just\s+|also\s+|myself\s+)?"
                          r"([a-z]{3,})\b")
_DID = "\x02"  # the marker prefix of an act the request told as the user's own (no word begins with \x02)


def user_did(norm: str) -> frozenset[int]:
    """The marker hashes of the acts a normalised request tells as the user's own, by their verb's root (`did`)."""
    irregular = cues().irregular
    out = {did(root(irregular[w]) if w in irregular else root(w)) for w in _USER_DID_RE.findall(norm)
           if w in irregular or (len(w) > 4 and w.endswith("ed"))}
    return frozenset((*out, USER_DID)) if out else EMPTY


USER_DID = h(_DID)  # the marker of a request that tells of any act of the user's own


@functools.lru_cache(maxsize=256)
def did(verb_root: str) -> int:
    return h(_DID + verb_root)


def _told_by_user(verb: str, req: frozenset[int], c: Cues) -> bool:
    """Whether the request told this act (a tool's verb, or a verb of the same act) as the user's own: a reply
    telling it as done tells the user's words back ("I've already sent the email" -> "the email was sent then")."""
    return any(did(v) in req for v in (verb, *c.synonyms.get(verb, ()),
                                       *(w for w, same in c.synonyms.items() if verb in same)))


def _beyond_bare(index: int, norm: str, turn: Sequence[str], ev: Evidence, c: Cues,
                 req: frozenset[int] = EMPTY) -> Claim | None:
    """A reply after calls of its turn that all returned only a bare success, stating a figure (a date, a time, an
    output's number) no message, argument or result showed, where the calls look things up (an act's figures come
    from its request): the call ran, but the reply claims more than it returned. A reply that says the output is
    missing, hedges or gives an example (`bare_hedges`) claims nothing."""
    tools = [t for t in turn if _kind(t) == READ]
    if not tools or c.bare_hedge_re.search(norm) is not None or c.refusal_re.search(norm) is not None:
        return None
    facts = ev.facts
    said = spoken(req)
    for sent in _SENT_RE.split(norm):
        sent = sent.strip()
        if len(sent) < 3 or sent.endswith(("?", "？")) or c.non_claim_re.search(sent) is not None:
            continue
        if any(not facts.shown(f) and f not in said for f in figures(sent)):
            return Claim(index, tools[0], "fact_no_call", c.scores["fact_no_call"], f"states a figure the call of "
                         f"'{tools[0]}' did not return (it returned only a bare success)")
    return None


def _new_ident(sent: str, ctx: Context) -> bool:
    """An identifier of the sentence whose digits the conversation never showed."""
    facts = ctx.facts
    for m in _IDENT_RE.findall(sent):
        fs = figures(m)
        if fs and not any(facts.shown(f) for f in fs):
            return True
    return False


__all__ = ["Claim", "ClaimTracker", "Context", "Cues", "Evidence", "acts_named", "bare_success", "cues", "defers",
           "family", "gloss", "recalls", "requested", "root", "served_kind", "shape", "shipped", "told_done", "use"]
