"""What the tools really did: tool runs (OpenTelemetry `execute_tool` spans, JSON `tool_run` events) joined to the
calls of a conversation, in bounded state, and what a placeholder may then say. Sans I/O.

Rules (docs/semantics.md, "Tool runs"):
* A run is joined to a call by its call id (`gen_ai.tool.call.id`); a run without an id is joined by tool name and
  position: the latest unused id-less run of that tool that started before the call's block closed.
* A dangling call whose run ended without error gets a placeholder saying the tool ran and completed at T (the
  action may have taken effect), with the run's trace and span id, and a `tool_result_lost` finding. A run that
  ended in error gives a placeholder naming its error class (and ids), no `tool_result_lost`. Without a run, the
  reason's template stands (a non-idempotent timeout keeps "outcome unknown: check state before retrying").
* A run that arrives while its call waits (open, or held for late results) is joined when the call is decided;
  one that arrives after the call was decided yields its `tool_result_lost` finding on its own.
* Bounded: at most `MAX_RUNS` runs and `MAX_DECIDED` decided calls per conversation; a run pushed out before it
  joined anything is counted (`dropped`), as is one left unjoined when its conversation ends.

This module knows no dialect, no Kafka and no clock; the tracker asks it for a run and a text, the partition feeds
it runs.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from . import outcomes
from .state.layout import TS_DECIDED, TS_RUNS

#: the outcome classes of a tool result, as strings (the error taxonomy: outcomes.Outcome)
OK: str = outcomes.Outcome.OK.value
ERROR_DETERMINISTIC: str = outcomes.Outcome.ERROR_DETERMINISTIC.value
ERROR_TRANSIENT: str = outcomes.Outcome.ERROR_TRANSIENT.value
TIMEOUT: str = outcomes.Outcome.TIMEOUT.value
CANCELLED: str = outcomes.Outcome.CANCELLED.value
UNKNOWN: str = outcomes.Outcome.UNKNOWN.value
OUTCOMES: tuple[str, ...] = tuple(o.value for o in outcomes.Outcome)

MAX_RUNS = 64  # runs kept per conversation (oldest pushed out first)
MAX_DECIDED = 64  # calls decided dangling without a run, remembered so that a later run yields its finding
MAX_ID = 128  # characters of an id or a tool name kept
#: span status codes as OTLP writes them (0 unset, 1 ok, 2 error) and as names
_STATUS = {0: "unset", 1: "ok", 2: "error", "STATUS_CODE_UNSET": "unset", "STATUS_CODE_OK": "ok",
           "STATUS_CODE_ERROR": "error", "UNSET": "unset", "OK": "ok", "ERROR": "error", "unset": "unset",
           "ok": "ok", "error": "error"}

def classify(status: str, error_type: str | None) -> str:
    """The outcome class of a run from its span status (ok, error, unset) and `error.type` (or its exception's
    type): the shared taxonomy (outcomes.py, outcomes.json)."""
    return outcomes.classify(error_type, status.upper() if status else None).value


class ToolRun:
    """One run of a tool, as a span or a JSON `tool_run` event reports it (times in epoch ms)."""

    __slots__ = ("call_id", "end_ts", "error_type", "input_tokens", "joined", "outcome", "output_tokens",
                 "span_id", "start_ts", "tool", "trace_id")

    def __init__(self, call_id: str | None, tool: str, outcome: str, error_type: str | None, start_ts: int,
                 end_ts: int, trace_id: str = "", span_id: str = "", input_tokens: int | None = None,
                 output_tokens: int | None = None) -> None:
        self.call_id = call_id
        self.tool = tool
        self.outcome = outcome
        self.error_type = error_type
        self.start_ts = start_ts
        self.end_ts = end_ts
        self.trace_id = trace_id
        self.span_id = span_id
        self.input_tokens = input_tokens
        self.output_tokens = output_tokens
        self.joined = False  # it was matched to a call (or its call was seen)

    @property
    def ok(self) -> bool:
        return self.outcome == OK

    @property
    def duration_ms(self) -> int:
        return max(0, self.end_ts - self.start_ts)

    def to_json(self) -> dict[str, Any]:
        """The neutral event's `tool_run` object (the JSON event shape: shell/event_schema.py)."""
        out: dict[str, Any] = {"tool": self.tool, "outcome": self.outcome, "start_ts": self.start_ts,
                               "end_ts": self.end_ts}
        if self.call_id is not None:
            out["call_id"] = self.call_id
        if self.error_type is not None:
            out["error_type"] = self.error_type
        if self.trace_id:
            out["trace_id"] = self.trace_id
        if self.span_id:
            out["span_id"] = self.span_id
        if self.input_tokens is not None or self.output_tokens is not None:
            usage: dict[str, int] = {}
            if self.input_tokens is not None:
                usage["input_tokens"] = self.input_tokens
            if self.output_tokens is not None:
                usage["output_tokens"] = self.output_tokens
            out["usage"] = usage
        return out

    def to_state(self) -> list[Any]:
        return [self.call_id, self.tool, self.outcome, self.error_type, self.start_ts, self.end_ts, self.trace_id,
                self.span_id, self.input_tokens, self.output_tokens, int(self.joined)]

    @classmethod
    def from_state(cls, s: list[Any]) -> ToolRun:
        r = cls(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9])
        r.joined = bool(s[10])
        return r


class BadToolRun(ValueError):
    pass


def _opt_str(doc: dict[str, Any], key: str) -> str | None:
    v = doc.get(key)
    if v is None:
        return None
    if type(v) is not str:
        raise BadToolRun(f"`tool_run.{key}` must be a string")
    return v[:MAX_ID] if v else None


def _opt_int(doc: Any, key: str) -> int | None:
    v = doc.get(key) if type(doc) is dict else None
    if v is None:
        return None
    if type(v) is not int or v < 0:
        raise BadToolRun(f"`{key}` must be a non-negative integer")
    return int(v)


def parse_tool_run(doc: Any, ts: int) -> ToolRun:
    """A JSON event's `tool_run` object as a run (`ts`, the event's time, stands for a missing end)."""
    if type(doc) is not dict:
        raise BadToolRun("`tool_run` must be an object for type tool_run")
    tool = doc.get("tool")
    if type(tool) is not str or not tool:
        raise BadToolRun("`tool_run.tool` must be a non-empty string")
    call_id = _opt_str(doc, "call_id")
    error_type = _opt_str(doc, "error_type")
    status = doc.get("status")
    st = _STATUS.get(status, "") if isinstance(status, str | int) and type(status) is not bool else ""
    if status is not None and not st:
        raise BadToolRun("`tool_run.status` must be ok, error or unset")
    outcome = doc.get("outcome")
    if outcome is None:
        outcome = classify(st or ("error" if error_type else "unset"), error_type)
    elif outcome not in OUTCOMES:
        raise BadToolRun("`tool_run.outcome` must be one of " + ", ".join(OUTCOMES))
    end = _opt_int(doc, "end_ts")
    start = _opt_int(doc, "start_ts")
    end_ts = end if end is not None else ts
    start_ts = start if start is not None else end_ts
    if start_ts > end_ts:
        raise BadToolRun("`tool_run.start_ts` is after its `end_ts`")
    usage = doc.get("usage")
    if usage is not None and type(usage) is not dict:
        raise BadToolRun("`tool_run.usage` must be an object")
    return ToolRun(call_id, tool[:MAX_ID], str(outcome), error_type, start_ts, end_ts,
                   _opt_str(doc, "trace_id") or "", _opt_str(doc, "span_id") or "",
                   _opt_int(usage, "input_tokens"), _opt_int(usage, "output_tokens"))


class ToolRuns:
    """One conversation's runs not yet done with, and the calls decided without one (both bounded)."""

    __slots__ = ("decided", "dropped", "runs")

    def __init__(self) -> None:
        self.runs: list[ToolRun] = []  # oldest first
        self.decided: dict[str, str] = {}  # call id -> tool: decided dangling with no run (oldest first)
        self.dropped = 0  # runs pushed out before they joined anything, not yet counted by the partition

    def __len__(self) -> int:
        return len(self.runs)

    def add(self, run: ToolRun) -> None:
        runs = self.runs
        if run.call_id is not None:  # the same call's run again (a retry of the span): the later one stands
            for i, r in enumerate(runs):
                if r.call_id == run.call_id:
                    run.joined = run.joined or r.joined
                    del runs[i]
                    break
        runs.append(run)
        while len(runs) > MAX_RUNS:
            old = runs.pop(0)
            if not old.joined:
                self.dropped += 1

    def by_id(self, call_id: str) -> ToolRun | None:
        for r in self.runs:
            if r.call_id == call_id:
                return r
        return None

    def find(self, call_id: str | None, tool: str, before: int | None) -> ToolRun | None:
        """The run of a call: by its id, else the latest unused id-less run of its tool that started at or before
        `before` (the event time its block closed; None: any)."""
        if call_id is not None:
            r = self.by_id(call_id)
            if r is not None:
                return r
        best: ToolRun | None = None
        for r in self.runs:
            if r.call_id is None and r.tool == tool and not r.joined and (before is None or r.start_ts <= before):
                best = r
        return best

    def mark(self, call_id: str) -> None:
        """A call with this id was seen: its run (if here) joined something."""
        for r in self.runs:
            if r.call_id == call_id:
                r.joined = True
                return

    def decide(self, call_id: str, tool: str) -> None:
        """A call was decided dangling with no run: a run that comes later yields its finding on its own."""
        d = self.decided
        d.pop(call_id, None)
        d[call_id] = tool
        while len(d) > MAX_DECIDED:
            del d[next(iter(d))]

    def take_decided(self, call_id: str) -> str | None:
        return self.decided.pop(call_id, None)

    def unjoined(self) -> int:
        return sum(1 for r in self.runs if not r.joined)

    def to_state(self) -> dict[str, Any]:
        st: dict[str, Any] = {TS_RUNS: [r.to_state() for r in self.runs]}
        if self.decided:
            st[TS_DECIDED] = [[k, v] for k, v in self.decided.items()]
        return st

    @classmethod
    def from_state(cls, st: dict[str, Any]) -> ToolRuns:
        t = cls()
        t.runs = [ToolRun.from_state(s) for s in st.get(TS_RUNS, ())]
        t.decided = {k: v for k, v in st.get(TS_DECIDED, ())}
        return t


class TraceKeys:
    """The conversation of a trace, as its model-call spans named it: a tool span that names none is keyed to the
    conversation of its trace. Bounded (`cap` traces, the oldest forgotten first); a tool span whose trace is not
    known is keyed by its trace id, as a model-call span without a conversation attribute is."""

    __slots__ = ("cap", "known")

    def __init__(self, cap: int = 65_536) -> None:
        self.cap = cap
        self.known: dict[str, str] = {}

    def __len__(self) -> int:
        return len(self.known)

    def put(self, trace_id: str, conversation_id: str) -> None:
        k = self.known
        if not trace_id or k.get(trace_id) == conversation_id:
            return
        k.pop(trace_id, None)
        k[trace_id] = conversation_id
        while len(k) > self.cap:
            del k[next(iter(k))]

    def get(self, trace_id: str) -> str | None:
        return self.known.get(trace_id)


# -- what a placeholder says -------------------------------------------------------------------------------------
#: the placeholder of a dangling call whose run is known, by the run's outcome class (templates as data: `{tool}`,
#: `{call_id}`, `{end}` (RFC 3339, UTC), `{error_type}`, `{trace_id}`, `{span_id}`)
RUN_TEMPLATES: dict[str, str] = {
    OK: ("Tool call {call_id} ({tool}) ran and completed at {end} (trace {trace_id}, span {span_id}), but its "
         "result never reached this history. Its action may have taken effect: check its state before calling it "
         "again."),
    ERROR_DETERMINISTIC: ("Tool call {call_id} ({tool}) ended in a deterministic error at {end} ({error_type}; "
                          "trace {trace_id}, span {span_id}): the same arguments will fail the same way."),
    ERROR_TRANSIENT: ("Tool call {call_id} ({tool}) ended in a transient error at {end} ({error_type}; trace "
                      "{trace_id}, span {span_id}): a bounded retry may succeed if the call is idempotent."),
    TIMEOUT: ("Tool call {call_id} ({tool}) ended in a timeout at {end} ({error_type}; trace {trace_id}, span "
              "{span_id}): its action may still have taken effect; check its state before any retry."),
    CANCELLED: ("Tool call {call_id} ({tool}) was cancelled at {end} ({error_type}; trace {trace_id}, span "
                "{span_id})."),
    UNKNOWN: ("Tool call {call_id} ({tool}) ended in an error of unknown class at {end} ({error_type}; trace "
              "{trace_id}, span {span_id}): its outcome is unknown; check its state before any retry."),
}


def iso(ms: int) -> str:
    """Event time (epoch ms) as RFC 3339 in UTC, to the millisecond."""
    return datetime.fromtimestamp(ms / 1000, tz=UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def placeholder(run: ToolRun, tool: str, call_id: str | None) -> str:
    """The synthesized result of a dangling call whose run is known: never contradicts the run."""
    t = RUN_TEMPLATES.get(run.outcome, RUN_TEMPLATES[UNKNOWN])
    if not call_id:
        t = t.replace("Tool call {call_id} ({tool})", "The {tool} tool call")
    return (t.replace("{tool}", tool).replace("{call_id}", call_id or "").replace("{end}", iso(run.end_ts))
            .replace("{error_type}", run.error_type or "no error type").replace("{trace_id}", run.trace_id or "-")
            .replace("{span_id}", run.span_id or "-"))


def lost_detail(run: ToolRun) -> str:
    """The detail of a `tool_result_lost` finding: where the run is, never content."""
    return f"ran and completed at {iso(run.end_ts)} (trace {run.trace_id or '-'}, span {run.span_id or '-'})"


__all__ = ["CANCELLED", "ERROR_DETERMINISTIC", "ERROR_TRANSIENT", "MAX_DECIDED", "MAX_RUNS", "OK", "OUTCOMES",
           "RUN_TEMPLATES", "TIMEOUT", "UNKNOWN", "BadToolRun", "ToolRun", "ToolRuns", "TraceKeys", "classify", "iso",
           "lost_detail", "parse_tool_run", "placeholder"]
