"""An inference's span and its log record joined by trace and span id, sans I/O, in bounded state.

In the `event_only` capture mode (opentelemetry-util-genai), the span of a model call carries its metadata (the
conversation id, the model, the labels) and no content, while the content goes to a log record, the event
`gen_ai.client.inference.operation.details`, with the span's trace and span ids. They reach toolmend on two
paths (the Collector's traces and logs exporters, often two topics), in either order. `InferenceJoin` holds the
half that came first until the other comes:

* a span without content waits for its log record; a log record waits for its span;
* when both are there, the span's attributes with the log record's content make one decoded span (so the event
  has the span's conversation id, labels, event time and ids);
* a span whose content was on it already (`span_and_event`) closes its inference: its log record, before or
  after, is dropped (`duplicate`);
* bounded: at most `max_pending` halves, and none older than `horizon_ms` of event time behind the newest
  half's. A log record that leaves unjoined becomes an event alone (its own conversation attribute, or its trace
  id); a span that leaves unjoined had no content (`no_content`). What leaves, and why, is returned to the caller
  to count; nothing is dropped silently.

`pending_sources` tells the caller which source records still hold a waiting half: their offsets must not be
committed yet (a crash re-reads them; the events they gave carry the same `event_id`).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from .toolspans import TraceKeys

#: the log record that carries an inference's content (opentelemetry-util-genai, `event_only`/`span_and_event`)
INFERENCE_EVENT = "gen_ai.client.inference.operation.details"
#: attributes a log record brings to its span
CONTENT_KEYS = ("gen_ai.input.messages", "gen_ai.output.messages", "gen_ai.system_instructions",
                "gen_ai.tool.definitions")
_DONE_FACTOR = 4  # remembered closed inferences, per pending place

Source = tuple[str, int, int]  # topic, partition, offset


class _Half:
    __slots__ = ("item", "source", "ts")

    def __init__(self, item: dict[str, Any], source: Source, ts: int) -> None:
        self.item = item
        self.source = source
        self.ts = ts


def key_of(item: dict[str, Any]) -> str:
    return f"{item.get('trace_id') or ''}{item.get('span_id') or ''}"


def merge(span: dict[str, Any], log: dict[str, Any]) -> dict[str, Any]:
    """The span with the log record's content."""
    attrs = dict(span.get("attributes") or {})
    la = log.get("attributes") or {}
    for k in CONTENT_KEYS:
        if k in la and k not in attrs:
            attrs[k] = la[k]
    return {**span, "attributes": attrs}


class InferenceJoin:
    def __init__(self, max_pending: int = 10_000, horizon_ms: int = 300_000) -> None:
        self.max_pending = max_pending
        self.horizon_ms = horizon_ms
        self.spans: OrderedDict[str, _Half] = OrderedDict()
        self.logs: OrderedDict[str, _Half] = OrderedDict()
        self.done: OrderedDict[str, None] = OrderedDict()
        self.newest = -1  # event time (ms) of the newest half seen
        self.traces = TraceKeys()  # trace id -> the conversation its model-call spans named (for its tool spans)
        self.chain = ChainJoin()  # Responses requests chained by previous_response_id (no I/O state of its own)

    def __len__(self) -> int:
        return len(self.spans) + len(self.logs)

    def _close(self, key: str) -> None:
        self.done[key] = None
        while len(self.done) > self.max_pending * _DONE_FACTOR:
            self.done.popitem(last=False)

    def span_with_content(self, item: dict[str, Any]) -> str | None:
        """A span that carried its content: its inference is closed. 'duplicate' when its log record was waiting
        (that record is dropped)."""
        key = key_of(item)
        self._close(key)
        return "duplicate" if self.logs.pop(key, None) is not None else None

    def span_without_content(self, item: dict[str, Any], source: Source, ts: int) -> dict[str, Any] | None:
        """The joined span if its log record is here; else None (it waits)."""
        key = key_of(item)
        log = self.logs.pop(key, None)
        if log is not None:
            self._close(key)
            return merge(item, log.item)
        self.spans[key] = _Half(item, source, ts)
        self.seen(ts)
        return None

    def log(self, item: dict[str, Any], source: Source, ts: int) -> dict[str, Any] | str | None:
        """The joined span if its span is here; 'duplicate' if the inference is closed; else None (it waits)."""
        key = key_of(item)
        if key in self.done:
            return "duplicate"
        span = self.spans.pop(key, None)
        if span is not None:
            self._close(key)
            return merge(span.item, item)
        self.logs[key] = _Half(item, source, ts)
        self.seen(ts)
        return None

    def seen(self, ts: int) -> None:
        """Event time moves on (any span or record read)."""
        if ts > self.newest:
            self.newest = ts

    def expired(self, flush: bool = False) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The halves that leave now (over the bound, past the horizon, or all with `flush`): (spans that never
        got their content, log records that never got their span)."""
        spans: list[dict[str, Any]] = []
        logs: list[dict[str, Any]] = []
        cutoff = self.newest - self.horizon_ms
        for table, out in ((self.spans, spans), (self.logs, logs)):
            while table:
                key, half = next(iter(table.items()))
                if not (flush or len(self) > self.max_pending or half.ts < cutoff):
                    break
                del table[key]
                if table is self.logs:
                    self._close(key)
                out.append(half.item)
        return spans, logs

    def pending_sources(self) -> dict[tuple[str, int], int]:
        """(topic, partition) -> the lowest source offset a waiting half came from."""
        low: dict[tuple[str, int], int] = {}
        for table in (self.spans, self.logs):
            for half in table.values():
                t, p, o = half.source
                if o < low.get((t, p), o + 1):
                    low[(t, p)] = o
        return low


class ChainJoin:
    """A Responses request that carries only the items after `previous_response_id`, joined to the history
    before it, per conversation.

    The Responses API keeps a chained conversation on the server: the request sends only the new items (often
    just the tool results), so its span holds results whose calls are in an earlier span. This remembers, for each
    conversation, the last Responses request's whole history with its reply, and puts it before a request that
    is a continuation: one that names that response as its previous (`gen_ai.request.previous_response.id`,
    where the emitter records it) or whose first item, after the system instructions, is a result of a call
    of that reply (genai-openai 1.3b0 records no previous id). Bounded: `max_conversations` histories of at most
    `max_messages` messages each, the least recently used leaving first. A continuation whose history left (or
    was never seen by this process) is judged alone, as before.
    """

    def __init__(self, max_conversations: int = 2_000, max_messages: int = 512) -> None:
        self.max_conversations = max_conversations
        self.max_messages = max_messages
        self.last: OrderedDict[str, tuple[str | None, list[dict[str, Any]]]] = OrderedDict()

    def apply(self, conversation_id: str, value: dict[str, Any],
              chain: tuple[str | None, str | None, list[dict[str, Any]]]) -> bool:
        """Joins `value["messages"]` to its conversation's history when it continues it; remembers the result.
        True when it joined."""
        previous_id, response_id, calls = chain
        msgs: list[dict[str, Any]] = value["messages"]
        prev = self.last.pop(conversation_id, None)
        joined = False
        if prev is not None and ((previous_id is not None and previous_id == prev[0])
                                 or (previous_id is None and _continues(msgs, prev[1]))):
            head = msgs[1:] if msgs and msgs[0].get("role") == "system" and prev[1] \
                and prev[1][0].get("role") == "system" else msgs
            msgs = prev[1] + head
            value["messages"] = msgs
            joined = True
        history = msgs + calls
        if len(history) <= self.max_messages:
            self.last[conversation_id] = (response_id, history)
            while len(self.last) > self.max_conversations:
                self.last.popitem(last=False)
        return joined


def _continues(msgs: list[dict[str, Any]], history: list[dict[str, Any]]) -> bool:
    """The request opens (after its system instructions) with a result of a call of the history's last reply."""
    first = next((m for m in msgs if m.get("role") != "system"), None)
    if first is None or first.get("role") != "tool" or not history:
        return False
    parts = first.get("parts")
    rid = parts[0].get("id") if type(parts) is list and parts and type(parts[0]) is dict else None
    last = history[-1]
    if last.get("role") != "assistant" or not isinstance(rid, str):
        return False
    lp = last.get("parts")
    return type(lp) is list and any(type(p) is dict and p.get("type") == "tool_call" and p.get("id") == rid
                                    for p in lp)


__all__ = ["CONTENT_KEYS", "INFERENCE_EVENT", "ChainJoin", "InferenceJoin", "key_of", "merge"]
