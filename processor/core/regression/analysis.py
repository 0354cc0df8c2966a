"""What the detector reads in a user request and in an assistant reply, with the closed cues of `cues.py`.

A request becomes `Request`: its content tokens (what it is about: stemmed words, CJK n-grams), its slot-like
tokens (names, numbers, time words: what varies between two requests of one kind) and the flags of the
negative rules. A reply becomes a veto or None. Both are cached by text (the stream worker meets each text
again in every request snapshot); neither keeps text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any, TypeVar

from .cues import CJK_LANGS, LANGUAGES, LATIN, STOP, TIME, Language
from .followups import about_past
from .text import CJK_RE, EMPTY, cap, cjk_grams, h, normalize, pack_hashes, stem, tokens, unpack_hashes

MAX_TEXT_CHARS = 2000  # characters of a user message looked at
MAX_TOKENS = 48  # hashed tokens kept per request set
REPLY_HEAD_CHARS = 1500  # characters of an assistant reply looked at: its head ...
REPLY_TAIL_CHARS = 500  # ... and its tail (a clarifying question is usually at the end)
SHORT_WORDS = 6  # a request this short (words) may refer to the current topic without naming it
SHORT_CJK = 10  # ... (CJK characters)
CACHE = 2048

_LATIN_RE = re.compile(r"[^\W\d_]", re.ASCII)
_ANY_LETTER_RE = re.compile(r"[^\W\d_]")
_CLAUSE_RE = re.compile(r"[,.;:!?，。；：！？\n]+")
_ENTITY_RE = re.compile(r"\w+(?:[.\-'/:@#]\w+)*|[.!?。！？\n]")
_LATIN_ID_RE = re.compile(r"[A-Za-z0-9]+(?:[._\-/:@#][A-Za-z0-9]+)+|[A-Za-z0-9]*\d[A-Za-z0-9]*")
_SENTENCE_END = frozenset(".!?。！？\n")
_DIGIT_RE = re.compile(r"\d")
# English clause openings that make a statement, not a command ("the volume is fine now")
_DECLARATIVE = frozenset(
    [
        "the", "a", "an", "it", "its", "it's", "this", "that", "that's", "these", "those", "i", "i'm", "i've",
        "i'd", "we", "we're", "you", "you're", "he", "she", "they", "my", "your", "our", "their", "there",
        "there's", "here", "here's", "his", "her", "what's", "everything", "nothing", "all", "both",
    ]
)
_TIME_H = frozenset(h(w) for w in TIME)


_EMPTY = EMPTY
_NO_FLAGS: frozenset[str] = frozenset()


class Request:
    """A user request, hashed. Instances are shared through the cache: never mutate one. (A plain class: mypyc
    builds it natively, where a dataclass's generated `__init__` would run as Python.)"""

    __slots__ = ("chars", "content", "entities", "flags", "singles", "size", "times")

    def __init__(self, content: frozenset[int] = _EMPTY, singles: frozenset[int] = _EMPTY,
                 chars: frozenset[int] = _EMPTY, entities: frozenset[int] = _EMPTY, times: frozenset[int] = _EMPTY,
                 flags: frozenset[str] = _NO_FLAGS, size: int = 0) -> None:
        self.content = content  # what it is about: stems and CJK n-grams, less time words and names
        self.singles = singles  # those of `content` that are single CJK characters (weigh half)
        self.chars = chars  # CJK characters of its content, one by one
        self.entities = entities  # names, numbers, identifiers: slot values
        self.times = times  # time words: slot values too
        self.flags = flags
        self.size = size  # words + CJK characters

    def _key(self) -> tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int], frozenset[int],
                            frozenset[str], int]:
        return (self.content, self.singles, self.chars, self.entities, self.times, self.flags, self.size)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Request) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Request(content={self.content!r}, singles={self.singles!r}, chars={self.chars!r}, "
                f"entities={self.entities!r}, times={self.times!r}, flags={self.flags!r}, size={self.size!r})")

    def units(self) -> frozenset[int]:
        """What it adds, for the "answered by earlier results" test."""
        return self.entities | self.content | self.chars | self.times

    def to_state(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, hashes in (("t", self.content), ("s", self.singles), ("c", self.chars), ("e", self.entities),
                            ("m", self.times)):
            if hashes:
                out[key] = pack_hashes(hashes)
        if self.flags:
            out["f"] = sorted(self.flags)
        if self.size:
            out["n"] = self.size
        return out

    @classmethod
    def from_state(cls, s: Mapping[str, Any]) -> Request:
        return cls(unpack_hashes(s.get("t", "")), unpack_hashes(s.get("s", "")), unpack_hashes(s.get("c", "")),
                   unpack_hashes(s.get("e", "")), unpack_hashes(s.get("m", "")),
                   frozenset(str(x) for x in s.get("f", ())), int(s.get("n", 0)))

    def union(self, other: Request) -> Request:
        """Two user messages in a row are one request."""
        flags = (self.flags | other.flags) - {"short"} | (other.flags & {"short"})
        if "status" in flags and not ("status" in self.flags and "status" in other.flags):
            flags -= {"status"}  # "turn it down" + "any update?": still a request
        if "ack" in flags and not ("ack" in self.flags and "ack" in other.flags):
            flags -= {"ack"}
        return Request(cap(self.content | other.content, MAX_TOKENS), cap(self.singles | other.singles, MAX_TOKENS),
                       cap(self.chars | other.chars, MAX_TOKENS), cap(self.entities | other.entities, MAX_TOKENS),
                       self.times | other.times, flags, self.size + other.size)


@functools.lru_cache(maxsize=CACHE)
def analyze_request(raw: str) -> Request:
    """A request with its flags (the negative rules)."""
    core = request_core(raw)
    norm = normalize(raw[:MAX_TEXT_CHARS])
    latin = _LATIN_RE.search(norm) is not None or (
        not norm.isascii() and _ANY_LETTER_RE.search(CJK_RE.sub(" ", norm)) is not None
    )
    cjk = not norm.isascii() and CJK_RE.search(norm) is not None
    flags = _flags(norm, latin, cjk, len(tokens(norm)) if not cjk else _size(norm))
    return Request(core.content, core.singles, core.chars, core.entities, core.times, flags, core.size)


@functools.lru_cache(maxsize=CACHE)
def request_core(raw: str) -> Request:
    """What a request is about, without its flags: all a served request keeps (flags are needed only when a
    text-only answer is judged)."""
    text = raw[:MAX_TEXT_CHARS]
    norm = normalize(text)
    entities, spans = _entities(text)
    for sp in spans:
        norm = norm.replace(sp, " ")
    for lang in LANGUAGES:  # thanks and greetings say nothing about what is asked
        norm = lang.ack.sub(" ", norm)
    content: set[int] = set()
    singles: set[int] = set()
    chars: set[int] = set()
    times: set[int] = set()
    size = 0
    words = _REQ_WORDS
    for tok in tokens(norm):
        w = words.get(tok)
        if w is None:
            if tok[0] >= "\u3040" and CJK_RE.match(tok):
                size += len(tok)
                r = _REQ_RUNS.get(tok) or _req_run(tok)
                if r[0]:
                    times.update(r[0])
                content.update(r[1])
                singles.update(r[2])
                chars.update(r[3])
                continue
            w = _req_word(tok)
        size += 1
        kind = w[0]
        if kind == _CONTENT:
            if w[1] not in entities:
                content.add(w[1])
        elif kind == _ENTITY:
            entities.add(w[1])
        elif kind == _TIME:
            times.add(w[1])
    return Request(cap(content, MAX_TOKENS), cap(singles, MAX_TOKENS), cap(chars, MAX_TOKENS),
                   cap(entities, MAX_TOKENS), frozenset(times) if times else _EMPTY, _NO_FLAGS, size)


# Per-token caches: words recur from text to text, so a word is stemmed, looked up and hashed once. Bounded: tokens
# of up to TOKEN_CHARS characters (longer ones are ids and blobs, met once), TOKEN_CACHE of them (emptied when
# full). The values keep the order of the hashes, so every set is filled in the same order as without them.
TOKEN_CACHE = 8192
TOKEN_CHARS = 32
_V = TypeVar("_V")
_STOPWORD = 0  # a function word: dropped
_TIME = 1  # a time word: slot value
_ENTITY = 2  # a word with a digit: slot value
_CONTENT = 3  # what the request is about (unless the word is a name seen among the entities)
_REQ_WORDS: dict[str, tuple[int, int]] = {}  # a space-separated script's word -> (kind, hash of its stem)
# a CJK run -> hashes of its (time words, content n-grams, single characters among them, characters)
_REQ_RUNS: dict[str, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}


def _keep(cache: dict[str, _V], tok: str, value: _V) -> None:
    """Remember a short token's value (longer ones are ids and blobs, met once); a full cache starts again."""
    if len(tok) <= TOKEN_CHARS:
        if len(cache) >= TOKEN_CACHE:
            cache.clear()
        cache[tok] = value


def _req_word(tok: str) -> tuple[int, int]:
    s = stem(tok)
    if s in STOP or tok in STOP:
        w = (_STOPWORD, 0)
    elif tok in TIME or s in TIME:
        w = (_TIME, h(s))
    else:
        w = (_ENTITY if _DIGIT_RE.search(tok) else _CONTENT, h(s))
    _keep(_REQ_WORDS, tok, w)
    return w


def _req_run(tok: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    times: list[int] = []
    content: list[int] = []
    singles: list[int] = []
    chars: list[int] = []
    for lang in CJK_LANGS:
        for piece in lang.cut.split(tok):
            if not piece:
                continue
            for t in _time_split(piece):
                if t in TIME:
                    times.append(h(t))
                    continue
                for g in cjk_grams(t):
                    content.append(h(g))
                    if len(g) == 1:
                        singles.append(h(g))
                chars.extend(h(c) for c in t)
    r = (_ordered(times), _ordered(content), _ordered(singles), _ordered(chars))
    _keep(_REQ_RUNS, tok, r)
    return r


def _ordered(values: list[int]) -> tuple[int, ...]:
    """Without repeats, in the order of first appearance (what adding them one by one to a set does)."""
    return tuple(dict.fromkeys(values)) if values else ()


def _size(norm: str) -> int:
    """Words + CJK characters."""
    n = 0
    for tok in tokens(norm):
        n += len(tok) if CJK_RE.match(tok) else 1
    return n


_CJK_TIME = sorted((w for w in TIME if not w.isascii()), key=lambda w: (-len(w), w))
_CJK_TIME_RE = re.compile("(" + "|".join(map(re.escape, _CJK_TIME)) + ")") if _CJK_TIME else None


def _time_split(piece: str) -> list[str]:
    """A CJK piece with its time words cut out as pieces of their own (明天北京 -> 明天, 北京)."""
    if _CJK_TIME_RE is None or _CJK_TIME_RE.search(piece) is None:
        return [piece]
    return [p for p in _CJK_TIME_RE.split(piece) if p]


def _entities(text: str) -> tuple[set[int], list[str]]:
    """Slot-like Latin tokens, from the original casing: capitalised words that do not start a sentence,
    words with digits, dotted, dashed or underscored identifiers (file names, tickers, ids); and those of them
    that are compound (cut out of the text before its content words are read)."""
    out: set[int] = set()
    spans: list[str] = []
    prev_end = True
    cache = _ENTITY_TOKENS
    for tok in _ENTITY_RE.findall(text):
        e = cache.get(tok) or _entity_token(tok)
        kind = e[0]
        if kind == _SENTENCE:
            prev_end = True
            continue
        if kind == _ALWAYS or (kind == _INNER and not prev_end):
            if e[1]:
                out.update(e[1])
            if e[2]:
                spans.extend(e[2])
        prev_end = False
    return out, spans


_SENTENCE = 0  # a sentence end
_ALWAYS = 1  # an entity wherever it stands (or CJK with an identifier inside)
_INNER = 2  # a capitalised word: an entity unless it starts a sentence
_NEVER = 3
_ENTITY_SPLIT_RE = re.compile(r"[._\-/:@#]")
# a token of `_ENTITY_RE` -> (kind, hashes it adds, spans it cuts out); bounded like `_REQ_WORDS`
_ENTITY_TOKENS: dict[str, tuple[int, tuple[int, ...], tuple[str, ...]]] = {}


def _entity_token(tok: str) -> tuple[int, tuple[int, ...], tuple[str, ...]]:
    """What one token of `_entities` adds (all but the sentence position, which the caller knows)."""
    hashes: list[int] = []
    spans: list[str] = []
    if tok in _SENTENCE_END:
        kind = _SENTENCE
    else:
        first = tok[0]
        compound = any(c in tok for c in "._-/:@#")
        if CJK_RE.search(tok):
            kind = _ALWAYS
            if compound:  # 工单TCK-311: the identifier inside is the entity
                for sub in _LATIN_ID_RE.findall(tok):
                    hashes.append(h(stem(normalize(sub))))
                    spans.append(normalize(sub))
        else:
            if compound or _DIGIT_RE.search(tok) or (len(tok) > 1 and tok.isupper() and tok.isascii()):
                kind = _ALWAYS
            elif first.isupper() and first.isascii():
                kind = _INNER
            else:
                kind = _NEVER
            if kind != _NEVER:
                for part in (tok, *_ENTITY_SPLIT_RE.split(tok)):
                    n = normalize(part)
                    if n and not CJK_RE.search(n):
                        hashes.append(h(stem(n)))
                if compound:
                    spans.append(normalize(tok))
    e = (kind, tuple(hashes), tuple(spans))
    _keep(_ENTITY_TOKENS, tok, e)
    return e


def reply_names(text: str) -> frozenset[int]:
    """The slot-like tokens of a reply (names, numbers, identifiers: what a request's `entities` are), to tell
    the ones the conversation showed from the ones a reply brings from nowhere."""
    found, _ = _entities(text)
    return frozenset(found) if found else _EMPTY


def _clauses(norm: str) -> list[str]:
    return [c.strip() for c in _CLAUSE_RE.split(norm) if c.strip()]


def _any(langs: tuple[Language, ...], field: str, text: str) -> bool:
    for lang in langs:
        pat: re.Pattern[str] = getattr(lang, field)
        if pat.search(text) is not None:
            return True
    return False


def _flags(norm: str, latin: bool, cjk: bool, size: int) -> frozenset[str]:
    langs: tuple[Language, ...] = (LATIN if latin else ()) + (CJK_LANGS if cjk else ())
    flags: set[str] = set()
    stripped = norm.strip()
    if "?" in norm or "？" in norm or any(lang.question.search(stripped) for lang in langs):
        flags.add("question")
    short = size <= (SHORT_CJK if cjk else SHORT_WORDS)
    if short:
        flags.add("short")
    if about_past(norm, "question" in flags):
        flags.add("past")  # asks about what was done or said, not for a fresh value (followups.py)
    for field in ("text_task", "explain", "advice", "policy", "cancel", "complaint", "refer", "recall", "fresh",
                  "compare"):
        if _any(langs, field, norm):
            flags.add(field)
    if _any(langs, "request", norm):
        flags.add("request")
    bare = _trail(_lead_ack(norm, langs))
    head = _trail(_FIRST_RE.split(bare, 1)[0]) if bare else bare  # "and for Tromsø? going there Friday"
    near = size <= (SHORT_CJK if cjk else SHORT_WORDS + 2)  # an ellipsis may name a little more ("and 2.5 cups in g")
    if (near and any(lang.ellipsis.search(bare) for lang in langs)) or (
            head != bare and (_size(head) if cjk else len(head.split())) <= (SHORT_CJK if cjk else SHORT_WORDS + 2)
            and any(lang.ellipsis.search(head) for lang in langs)) or (
            cjk and any(_size(c) <= SHORT_CJK and any(lang.ellipsis.search(c) for lang in CJK_LANGS)
                        for c in _CJK_CLAUSE_RE.split(bare) if c)):
        flags.add("ellipsis")  # Chinese users often separate clauses by spaces: 吃完了 现在呢 多少了
    elif size <= 2 and "question" in flags:
        flags.add("ellipsis")  # a bare name as a question ("TSLA?") continues the previous lookup
    if short and _any(langs, "more", norm):
        flags.add("more")
    if _any(langs, "also", bare):
        flags.add("also")
    if _any(langs, "number", norm) and ("question" not in flags or "request" in flags):
        flags.add("number")
    if _bare_status(norm, langs):
        flags.add("status")
    if _ack(norm, langs, flags):
        flags.add("ack")
    if latin and not cjk and _imperative(norm, langs):
        flags.add("imperative")
    return frozenset(flags) if flags else _NO_FLAGS


_CJK_CLAUSE_RE = re.compile(r"[\s，,。？?！!；;]+")
_FIRST_RE = re.compile(r"[?？!！。]\s*|[.;]\s+")
_TRAIL_RE = re.compile(r"[？?！!。，,.\s]+$")
_LEAD_RE = re.compile(r"^[\W_]+")


def _lead_ack(norm: str, langs: tuple[Language, ...]) -> str:
    """The text without a leading acknowledgement ("perfect, and in cm?" -> "and in cm?")."""
    for lang in langs:
        m = lang.ack.match(norm.lstrip())
        if m is not None:
            return norm.lstrip()[m.end():].lstrip(" ,，.。!！~～")
    return norm


def _trail(norm: str) -> str:
    return _LEAD_RE.sub("", _TRAIL_RE.sub("", norm))


def _ack(norm: str, langs: tuple[Language, ...], flags: set[str]) -> bool:
    """Thanks / ok / great with nothing asked beside it. A polite lead-in before a new request ("ok, now turn it
    down", "perfect, I also need ...", 好的，再调小一点) is no acknowledgement."""
    if not _any(langs, "ack", norm):
        return False
    if {"request", "ellipsis", "question", "more", "also"} & flags:
        return False
    for clause in _clauses(norm):
        if _any(langs, "ack", clause):
            rest = _trail(_lead_ack(clause, langs))
            if not rest or _any(langs, "ack", rest):
                continue
            clause = rest  # "ok bump it to 6", "ok 京东那笔分 6 期": a request after the lead-in, judged below
        if CJK_RE.search(clause):
            return False  # a clause of its own beside the thanks: a request, unless it thanks too
        words = clause.split()
        first = words[0] if words else ""
        if first.endswith("ing") and len(words) > 1 and words[1] in _GERUND_OBJECTS:
            continue  # "thx, adding them to my calendar": what the user does, not a command
        if first in _COMMAND_STOP:
            return False  # "fine. put 1509 on her board": a command
        if first and first not in _DECLARATIVE and stem(first) not in STOP:
            return False  # "ok, switch the fan off": a command after the lead-in
    return True


_GERUND_OBJECTS = frozenset(["it", "them", "that", "this", "those", "these", "to", "the", "my", "our", "some", "a"])
_FILLERS = frozenset([
    "please", "pls", "now", "and", "also", "then", "so", "ok", "okay", "wait", "hmm", "oh", "well", "actually",
    "great", "perfect", "cool", "sweet",
])


def _imperative(norm: str, langs: tuple[Language, ...]) -> bool:
    """Some clause starts with a word that is not a statement's or a question's opening (English: a command)."""
    for clause in _clauses(norm):
        words = clause.split()
        while words and words[0] in _FILLERS:
            words = words[1:]
        if len(words) < 2 and not (words and len(clause.split()) > len(words)):
            continue  # "wait," "hmm": an interjection
        rest = " ".join(words)
        if any(lang.question.match(rest) for lang in langs):
            continue
        if (words[0] not in _DECLARATIVE and words[0] not in STOP) or words[0] in _COMMAND_STOP:
            return True
    return False


_COMMAND_STOP = frozenset([
    "make", "put", "take", "give", "get", "tell", "show", "find", "check", "look", "let", "try", "use", "set",
    "turn",
])


def _bare_status(norm: str, langs: tuple[Language, ...]) -> bool:
    """A status query with nothing of its own: "Hello? Still working on it?", 好了吗？ (not "any news on TSLA?")."""
    rest = norm
    n = 0
    for lang in langs:
        rest, k = lang.status.subn(" ", rest)
        n += k
    if not n:
        return False
    for tok in tokens(rest):
        if CJK_RE.match(tok):
            for lang in CJK_LANGS:
                if any(p for p in lang.cut.split(tok)):
                    return False
        elif stem(tok) not in STOP and tok not in _STATUS_FILLER:
            return False
    return True


_STATUS_FILLER = frozenset(["hello", "hey", "hi", "yo", "ping", "yet", "so", "far", "still", "now", "huh", "anyone"])


# -- replies ----------------------------------------------------------------------------------------------


class Reply:
    """What a reply says (a plain class, for mypyc: see `Request`). Shared through the cache: never mutate one."""

    __slots__ = ("acted", "asks", "claim", "reason", "refusal", "tokens")

    def __init__(self, claim: bool, asks: bool, refusal: bool, reason: bool, tokens: frozenset[int],
                 acted: bool = False) -> None:
        self.claim = claim
        self.acted = acted  # reports an act or a lookup as done (or about to be): only a call could do it
        self.asks = asks  # a question or a request for details, with no claim of having acted
        self.refusal = refusal  # declines, with no denial of capability
        self.reason = reason  # ... and gives a situational reason
        self.tokens = tokens  # content tokens (for grounding a refusal in the system prompt)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reply) and (self.claim, self.asks, self.refusal, self.reason, self.tokens,
                                             self.acted) == (other.claim, other.asks, other.refusal, other.reason,
                                                             other.tokens, other.acted)

    def __hash__(self) -> int:
        return hash((self.claim, self.asks, self.refusal, self.reason, self.tokens, self.acted))

    def __repr__(self) -> str:
        return (f"Reply(claim={self.claim!r}, asks={self.asks!r}, refusal={self.refusal!r}, reason={self.reason!r}, "
                f"tokens={self.tokens!r})")

    def veto(self, restrictions: frozenset[int]) -> str | None:
        if self.asks and not self.claim:
            return "clarifying question or confirmation"
        if self.refusal and self.reason:
            return "refusal with a reason"
        if self.refusal and len(self.tokens & restrictions) >= 2:
            return "refusal grounded in the system prompt"
        return None


@functools.lru_cache(maxsize=CACHE)
def analyze_reply(text: str) -> Reply:
    body = text if len(text) <= REPLY_HEAD_CHARS + REPLY_TAIL_CHARS else (
        text[:REPLY_HEAD_CHARS] + "\n" + text[-REPLY_TAIL_CHARS:])
    norm = normalize(body)
    latin = _LATIN_RE.search(norm) is not None
    cjk = not norm.isascii() and CJK_RE.search(norm) is not None
    langs: tuple[Language, ...] = (LATIN if latin else ()) + (CJK_LANGS if cjk else ())
    core = norm
    for lang in langs:
        core = lang.closer.sub(" ", core)
    claim = _any(langs, "claim", core)
    asks = "?" in core or "？" in core or _any(langs, "clarify", core) or any(
        lang.question.search(core.strip()) for lang in CJK_LANGS if cjk)
    refuse = _any(langs, "refuse", core) and not _any(langs, "capability", core)
    reason = refuse and _any(langs, "reason", core)
    acted = not refuse and _any(langs, "acted", core)
    return Reply(claim, asks, refuse, reason, text_tokens(core) if refuse else _EMPTY, acted)


@functools.lru_cache(maxsize=CACHE)
def text_tokens(text: str, limit: int = 160) -> frozenset[int]:
    """Every token of a text (results, system prompts): stems, numbers, CJK n-grams and characters."""
    cache = _TEXT_TOKENS
    out: set[int] = set()
    # one pass: each token's hashes from the cache (worked out on a miss), in the order of the tokens
    for tok in tokens(normalize(text[:4000])):
        hashes = cache.get(tok)
        out.update(hashes if hashes is not None else _text_token(tok))
    return cap(out, limit)


_TEXT_TOKENS: dict[str, tuple[int, ...]] = {}  # a token of `text_tokens` -> its hashes in order; bounded


def _text_token(tok: str) -> tuple[int, ...]:
    out: list[int] = []
    if tok[0] >= "\u3040" and CJK_RE.match(tok):
        for lang in CJK_LANGS:
            for piece in lang.cut.split(tok):
                if piece:
                    out.extend(h(g) for g in cjk_grams(piece))
                    out.extend(h(c) for c in piece)
    else:
        s = stem(tok)
        if s not in STOP:
            out.append(h(s))
    t = _ordered(out)
    _keep(_TEXT_TOKENS, tok, t)
    return t


__all__ = ["MAX_TEXT_CHARS", "MAX_TOKENS", "Reply", "Request", "analyze_reply", "analyze_request", "reply_names",
           "request_core", "text_tokens"]
