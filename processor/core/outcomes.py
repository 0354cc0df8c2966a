"""What a tool result says happened: `ok`, a deterministic or transient error, a timeout, a cancellation, or unknown.

The table is data (package data `outcomes.json`, shown in docs/semantics.md, "Tool result outcomes"); this module
reads it and applies it. `classify()` is pure: the same signals give the same outcome, whatever the dialect or the
emitter. Its inputs are what the telemetry carries about one result: OpenTelemetry's `error.type`, the span
status or a gRPC code, an HTTP-like status, a provider's `is_error` flag, and the result's text, read only as a
last resort. `payload_signal()` reads the error shapes results carry in their content (`{"error": ...}`, MCP's
`isError`, Google's `{"code", "status", "message"}`, JSON-RPC error codes); the dialect adapters say where in a
message that content is. An outcome is a closed label value: never a message text.
"""

from __future__ import annotations

import fnmatch
import re
from enum import StrEnum
from typing import Any, Final

import orjson

TEXT_READ: Final = 512  # characters of a result's text the last-resort cues read
PAYLOAD_READ: Final = 4096  # longest JSON text a result's content may be for its error object to be read
_CACHE_LIMIT = 1024  # error types whose class is remembered (the types a worker sees are few)


class Outcome(StrEnum):
    OK = "ok"
    ERROR_DETERMINISTIC = "error_deterministic"
    ERROR_TRANSIENT = "error_transient"
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"
    UNKNOWN = "unknown"


OUTCOMES: tuple[Outcome, ...] = tuple(Outcome)


class Signal:
    """What the telemetry says about one result, before it is classified. Every field may be missing.

    `error_type`: OpenTelemetry `error.type` (an exception class name, possibly dotted, a code, an HTTP status as
    text, or a generic value). `status_code`: a span status by name (`OK`, `ERROR`, `UNSET`, also
    `STATUS_CODE_ERROR`), a gRPC code by name (`DEADLINE_EXCEEDED`, `StatusCode.UNAVAILABLE`, `invalid_argument`)
    or by number (an int: 0-16 are gRPC codes, negative ones JSON-RPC error codes; OTLP's numeric span status is
    not accepted here: give it by name). `http_status`: an HTTP-like status. `is_error`: a provider's or MCP's
    flag. `text`: the result's text (only its first `TEXT_READ` characters are read)."""

    __slots__ = ("error_type", "http_status", "is_error", "status_code", "text")

    def __init__(self, error_type: str | None = None, status_code: str | int | None = None,
                 http_status: int | str | None = None, is_error: bool | None = None, text: str | None = None) -> None:
        self.error_type = error_type
        self.status_code = status_code
        self.http_status = http_status
        self.is_error = is_error
        self.text = text

    def __repr__(self) -> str:  # no text: it is conversation content
        return (f"Signal(error_type={self.error_type!r}, status_code={self.status_code!r}, "
                f"http_status={self.http_status!r}, is_error={self.is_error!r}, text={'...' if self.text else None})")


NO_SIGNAL = Signal()

# what a source says, besides a class: an error of no class, a success, or nothing
_ERROR: Final = 1
_OK: Final = 2
_NONE: Final = 0


class Table:
    """The taxonomy as loaded from its JSON document (`load()`); `classify` is its one question."""

    def __init__(self, doc: dict[str, Any]) -> None:
        def outcome(v: Any) -> Outcome:
            return Outcome(str(v))

        self.doc = doc
        self.descriptions: dict[Outcome, str] = {Outcome(k): str(v) for k, v in doc["outcomes"].items()}
        if set(self.descriptions) != set(Outcome):
            raise ValueError("outcomes.json must describe every outcome")
        self.outcome_unknown: frozenset[Outcome] = frozenset(outcome(v) for v in doc["outcome_unknown"])
        self.codes: dict[str, Outcome] = {_norm(k): outcome(v) for k, v in doc["codes"].items()}
        self.grpc: dict[int, str] = {int(k): _norm(v) for k, v in doc["grpc_numbers"].items()}
        self.jsonrpc: dict[int, Outcome] = {int(k): outcome(v) for k, v in doc.get("jsonrpc", {}).items()}
        self.span: dict[str, int] = {}
        for k, v in doc["span_status"].items():
            self.span[str(k).upper()] = {"ok": _OK, "error": _ERROR, "none": _NONE}[str(v)]
        self.http: dict[int, Outcome] = {int(k): outcome(v) for k, v in doc["http"].items()}
        self.http_ranges: dict[int, Outcome] = {int(k): outcome(v) for k, v in doc["http_ranges"].items()}
        self.exceptions: dict[str, Outcome] = {str(k): outcome(v) for k, v in doc["exceptions"].items()}
        self.patterns: list[tuple[str, re.Pattern[str], Outcome]] = [
            (str(p), re.compile(fnmatch.translate(str(p).lower())), outcome(v)) for p, v in doc["patterns"]]
        self.generic: frozenset[str] = frozenset(str(g).lower() for g in doc["generic"])
        text = doc["text"]
        self.markers: tuple[str, ...] = tuple(str(m).lower() for m in text["markers"])
        self.cues: list[tuple[str, Outcome]] = [(str(c).lower(), outcome(v)) for c, v in text["cues"]]
        # toolmend's own synthesized results (templates.py), read back as the outcome they stand for
        self.placeholders: dict[str, Outcome] = {str(p): outcome(v) for p, v in doc.get("placeholders", ())}
        self._placeholder = re.compile(r"(?:Tool call \S* \([^)\n]*\)|The \S+ tool call) (" + "|".join(
            re.escape(p) for p in sorted(self.placeholders, key=len, reverse=True)) + ")") \
            if self.placeholders else None
        self._types: dict[str, Outcome | None] = {}

    # -- one source each ---------------------------------------------------------------------------------------
    def error_type(self, value: str) -> Outcome | None:
        """The class an `error.type` names (None: generic, or a value the table does not know)."""
        hit = self._types.get(value, _MISS)
        if hit is not _MISS:
            return hit if isinstance(hit, Outcome) else None
        out = self._error_type(value)
        if len(self._types) >= _CACHE_LIMIT:
            self._types.clear()
        self._types[value] = out
        return out

    def _error_type(self, value: str) -> Outcome | None:
        s = value.strip()
        if not s:
            return None
        if s.isdigit():
            n = int(s)
            return self.http_class(n) if 100 <= n <= 599 else self.grpc_class(n)
        last = s.rsplit(".", 1)[-1].strip() or s
        for key in (_norm(s), _norm(last)):
            c = self.codes.get(key)
            if c is not None:
                return c
        c = self.exceptions.get(last)
        if c is not None:
            return c
        if s.lower() in self.generic or last.lower() in self.generic:
            return None
        low = last.lower()
        for _, rx, c in self.patterns:
            if rx.match(low):
                return c
        return None

    def grpc_class(self, n: int) -> Outcome | None:
        if n < 0:
            return self.jsonrpc.get(n)
        name = self.grpc.get(n)
        return self.codes.get(name) if name is not None else None

    def http_class(self, n: int) -> Outcome | None:
        c = self.http.get(n)
        if c is not None:
            return c
        return self.http_ranges.get(n // 100)

    def text_class(self, text: str) -> Outcome | None:
        low = text[:TEXT_READ].lower()
        for cue, c in self.cues:
            if cue in low:
                return c
        return None

    def placeholder(self, text: str) -> Outcome | None:
        """The outcome a result toolmend synthesized (a default template's text) stands for, None for other text:
        a repaired history read again classifies its placeholders as the first pass classified their calls."""
        if self._placeholder is None or not text.startswith(("Tool call ", "The ")):
            return None
        m = self._placeholder.match(text[:256])
        return self.placeholders[m.group(1)] if m is not None else None

    def text_marked(self, text: str) -> bool:
        """The text opens with an error marker (`Error: ...`): an error is signalled where no flag says one."""
        low = text[:64].lstrip().lower()
        return low.startswith(self.markers)

    # -- all of them ---------------------------------------------------------------------------------------
    def classify(self, error_type: str | None = None, status_code: str | int | None = None,
                 http_status: int | str | None = None, is_error: bool | None = None,
                 text: str | None = None) -> Outcome:
        """The outcome of one result from its signals (see the module's doc and docs/semantics.md)."""
        said = _NONE
        if error_type:
            c = self.error_type(error_type)
            if c is Outcome.OK:
                said = _OK
            elif c is not None:
                return c
            else:
                said = _ERROR
        if status_code is not None and status_code != "":
            c, s = self._status(status_code)
            if c is not None and c is not Outcome.OK:
                return c
            if c is Outcome.OK:
                s = _OK
            if s == _ERROR or said == _NONE:
                said = s if s != _NONE else said
        if http_status is not None and http_status != "":
            n = _int(http_status)
            if n is not None:
                c = self.http_class(n)
                if c is not None and c is not Outcome.OK:
                    return c
                if c is Outcome.OK and said == _NONE:
                    said = _OK
        if is_error is True:
            said = _ERROR
        elif is_error is False and said == _NONE:
            said = _OK
        if text and said != _OK:
            c = self.placeholder(text)
            if c is not None:
                return c
        if said == _ERROR:
            c = self.text_class(text) if text else None
            return c if c is not None else Outcome.UNKNOWN
        if said == _NONE and text and self.text_marked(text):
            c = self.text_class(text)
            return c if c is not None else Outcome.UNKNOWN
        return Outcome.OK

    def _status(self, value: str | int) -> tuple[Outcome | None, int]:
        if isinstance(value, bool):
            return None, _NONE
        if isinstance(value, int):
            return self.grpc_class(value), _NONE
        s = value.strip()
        span = self.span.get(s.upper())
        if span is not None:
            return None, span
        n = _int(s)
        if n is not None:
            return self.grpc_class(n), _NONE
        last = s.rsplit(".", 1)[-1]
        for key in (_norm(s), _norm(last)):
            c = self.codes.get(key)
            if c is not None:
                return c, _NONE
        return None, _ERROR  # a status naming no known code: an error of no class

    def classify_signal(self, s: Signal) -> Outcome:
        return self.classify(s.error_type, s.status_code, s.http_status, s.is_error, s.text)


_MISS: Any = object()
# what a JSON result must contain for parsing it to change its signal: an error key (`error`, `is_error`,
# `isError`, `errorType`), a text marker or a placeholder's opening (outcomes.json)
_PAYLOAD_WORDS: Final = ("rror", "xception", "ailed", "raceback", "ool call")


def _norm(code: Any) -> str:
    return str(code).strip().upper().replace("-", "_").replace(" ", "_")


def _int(v: Any) -> int | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, str):
        s = v.strip()
        if s.lstrip("-").isdigit() and len(s) <= 12:
            return int(s)
    return None


def load_document() -> dict[str, Any]:
    """The shipped table (package data `outcomes.json`), as its JSON document."""
    from importlib import resources

    doc: dict[str, Any] = orjson.loads((resources.files("processor.core") / "outcomes.json").read_bytes())
    return doc


_TABLE: Table | None = None


def table() -> Table:
    """The shipped table, loaded once."""
    global _TABLE
    if _TABLE is None:
        _TABLE = Table(load_document())
    return _TABLE


def classify(error_type: str | None = None, status_code: str | int | None = None,
             http_status: int | str | None = None, is_error: bool | None = None,
             text: str | None = None) -> Outcome:
    """The outcome of one tool result from what its telemetry says (the shipped table).

    Sources in order, the first that names a class deciding: `error_type`, `status_code`, `http_status`; then
    `is_error`. An error signalled without a class (a generic `error.type` such as `tool_error` or `_OTHER`, a
    span status `ERROR`, `is_error`) is read in `text` for a cue, else `unknown`. With no error signalled at all,
    a text that opens with an error marker (`Error: ...`) counts as one; anything else is `ok`."""
    return table().classify(error_type, status_code, http_status, is_error, text)


def outcome_unknown(o: Outcome) -> bool:
    """Whether the call may or may not have taken effect (a timeout, an unknown error): the double-write risk."""
    return o in table().outcome_unknown


# -- error payloads in a result's content ----------------------------------------------------------------------
def payload_signal(value: Any, is_error: bool | None = None) -> Signal:
    """The signal of a result's content: an object (or a JSON object text up to `PAYLOAD_READ` characters) with
    an error (`{"error": "..."}`, `{"error": {"type"|"code"|"status"|"message": ...}}`), MCP's `isError`, or
    plain text. `is_error`: the flag the dialect's own field carries, if any."""
    doc = value
    if isinstance(value, str):
        text = value
        s = value.lstrip()
        # parsed only when the object could say something: an error key, or a text the cues read
        if s[:1] == "{" and len(s) <= PAYLOAD_READ and any(w in s for w in _PAYLOAD_WORDS):
            try:
                doc = orjson.loads(s)
            except orjson.JSONDecodeError:
                doc = None
        else:
            doc = None
        if not isinstance(doc, dict):
            return Signal(is_error=is_error, text=text[:TEXT_READ])
    if not isinstance(doc, dict):
        return Signal(is_error=is_error, text=_text_of(doc)) if doc is not None else Signal(is_error=is_error)
    return _object_signal(doc, is_error)


def _object_signal(doc: dict[str, Any], is_error: bool | None) -> Signal:
    error_type: str | None = None
    status: str | int | None = None
    http: int | None = None
    text: str | None = None
    for k in ("is_error", "isError"):
        v = doc.get(k)
        if isinstance(v, bool):
            is_error = v if is_error is None else is_error or v
    for k in ("error_type", "errorType"):
        v = doc.get(k)
        if isinstance(v, str) and v:
            error_type = v[:128]
    err = doc.get("error")
    if isinstance(err, str) and err:
        is_error = True
        text = err[:TEXT_READ]
        token = err.strip()
        if error_type is None and token and len(token) <= 64 and not any(ch.isspace() for ch in token):
            error_type = token
    elif isinstance(err, dict):
        is_error = True
        for k in ("type", "name", "error_type", "errorType"):
            v = err.get(k)
            if isinstance(v, str) and v and error_type is None:
                error_type = v[:128]
        code = err.get("code")
        st = err.get("status")
        if isinstance(code, int) and not isinstance(code, bool):
            if 100 <= code <= 599:
                http = code
            else:
                status = code
        elif isinstance(code, str) and code:
            if code.isdigit() and 100 <= int(code) <= 599:
                http = int(code)
            elif error_type is None:
                error_type = code[:128]
        if isinstance(st, str) and st:
            status = st[:64]
        elif isinstance(st, int) and not isinstance(st, bool) and 100 <= st <= 599:
            http = st
        msg = err.get("message")
        if isinstance(msg, str):
            text = msg[:TEXT_READ]
    elif err is True:
        is_error = True
    if text is None:
        for k in ("message", "content", "output", "text"):
            v = doc.get(k)
            t = _text_of(v)
            if t:
                text = t
                break
    return Signal(error_type, status, http, is_error, text)


def _text_of(v: Any) -> str:
    if isinstance(v, str):
        return v[:TEXT_READ]
    if isinstance(v, list):
        for p in v:
            if isinstance(p, dict):
                t = p.get("text")
                if isinstance(t, str):
                    return t[:TEXT_READ]
            elif isinstance(p, str):
                return p[:TEXT_READ]
    return ""


def classify_payload(value: Any, is_error: bool | None = None) -> Outcome:
    """`classify` of a result's content (`payload_signal`)."""
    return table().classify_signal(payload_signal(value, is_error))


def markdown() -> str:
    """The table as docs/semantics.md shows it (a test checks the page against it)."""
    t = table()
    doc = t.doc
    lines = ["| outcome | meaning | codes (`error.type`, gRPC status, snake-case accepted) | HTTP-like | exception "
             "classes (last dotted segment) |", "|---|---|---|---|---|"]
    for o in Outcome:
        codes = ", ".join(f"`{k}`" for k, v in doc["codes"].items() if v == o.value)
        http = [k for k, v in doc["http"].items() if v == o.value]
        http += [f"other {k}xx" for k, v in doc["http_ranges"].items() if v == o.value]
        exc = [f"`{k}`" for k, v in doc["exceptions"].items() if v == o.value]
        exc += [f"`{p}`" for p, v in doc["patterns"] if v == o.value]
        if o is Outcome.UNKNOWN:
            codes += ", generic: " + ", ".join(f"`{g}`" for g in doc["generic"])
        lines.append(f"| `{o.value}` | {t.descriptions[o]} | {codes or '-'} | {', '.join(http) or '-'} | "
                     f"{', '.join(exc) or '-'} |")
    rpc = ", ".join(f"{k} `{v}`" for k, v in doc.get("jsonrpc", {}).items())
    lines.append("")
    lines.append("gRPC codes by number: " + ", ".join(f"{k} `{v}`" for k, v in doc["grpc_numbers"].items()) + ".")
    if rpc:
        lines.append("JSON-RPC (MCP) error codes: " + rpc + ".")
    lines.append("Text markers (an error where no flag says one): " + ", ".join(
        f"`{m}`" for m in doc["text"]["markers"]) + ". Text cues, first match: " + ", ".join(
        f"`{c}` {v}" for c, v in doc["text"]["cues"]) + ".")
    return "\n".join(lines) + "\n"


__all__ = ["NO_SIGNAL", "OUTCOMES", "Outcome", "Signal", "Table", "classify", "classify_payload",
           "load_document", "markdown", "outcome_unknown", "payload_signal", "table"]
