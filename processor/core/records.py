"""The output records of one partition and their ids: what a tracker step, a finding, a repaired snapshot or a
dead letter becomes on the `repaired`, `findings` and `dead_letter` topics.

Ids are deterministic, derived from the input record (`topic:partition:offset`) and a counter of the records
derived from it (`RecordIds`), so a replay writes the same ids. This module knows nothing of timers, of the store
or of why a record is written; it counts what it emits on the observer it is given.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

import orjson

from . import dialects
from .events import DeadLetterKind
from .findings import Finding, FindingKind
from .repair import thinking_header
from .store import Conversation
from .tally import Tally
from .tracker import Emitted, Step

_COUNTS = tuple(str(n).encode() for n in range(64))  # header values of small counts, prebuilt
# the headers every repaired record carries that take few values, prebuilt (shared: headers are never changed in
# place, a record's list is only extended)
_FINDINGS_HEADERS: Final = tuple(("toolmend-findings", c) for c in _COUNTS)
_REPAIR_SYNTHESIZED: Final = ("toolmend-repair", b"synthesized")
_REPAIR_MODIFIED: Final = ("toolmend-repair", b"modified")
_REPAIR_NONE: Final = ("toolmend-repair", b"none")
_OPENAI_CHAT: Final = dialects.PLAIN_TEXT  # how a conversation whose dialect is not known yet is read
_dumps: Final = orjson.dumps  # read once: a module's attribute is looked up at each use
_KIND_BYTES = {k.value: k.value.encode() for k in FindingKind}  # by the kind's str: an enum member hashes in Python
# a message record's JSON around its dialect (`Emitter._message`), and its two flags (synthesized, modified)
_DIALECT_FRAGMENTS: Final[dict[str, bytes]] = {
    d.name: b',"dialect":' + _dumps(d.name) + b',"index":' for d in dialects.ADAPTERS.values()}
_FLAGS: Final = tuple(b',"synthesized":' + _dumps(bool(n & 2)) + b',"modified":' + _dumps(bool(n & 1))
                      for n in range(4))


class OutRecord:
    """A record for one of the output topics: `repaired`, `findings` or `dead_letter`."""

    __slots__ = ("headers", "key", "kind", "value")

    def __init__(self, kind: str, key: bytes | None, value: bytes | None, headers: list[tuple[str, bytes]]) -> None:
        self.kind = kind
        self.key = key
        self.value = value
        self.headers = headers


TRACE_HEADERS = ("traceparent", "tracestate")  # W3C trace context, carried from an input record to its outputs


def carry_trace_context(outs: list[OutRecord], headers: Iterable[tuple[str, bytes]]) -> None:
    """Append the input record's W3C trace context headers (as the producer wrote them, unparsed) to the outputs
    derived from it, but dead letters (they carry all of the input's headers already)."""
    found = [(k, v) for k, v in headers if k in TRACE_HEADERS]
    if not found:
        return
    for r in outs:
        if r.kind != "dead_letter":
            r.headers.extend(found)


def _count(n: int) -> bytes:
    return _COUNTS[n] if n < 64 else str(n).encode()


class RecordIds:
    """Ids of the records derived from one input record: `<src>:s<k>` (synthesized), `<src>:f<k>` (findings),
    `<src>:r` (a repaired snapshot), `<topic>:<partition>:<offset>:<i>` (a message of an input event)."""

    __slots__ = ("k", "partition", "plain", "prefix", "topic")

    def __init__(self, topic: str, partition: int) -> None:
        self.topic = topic
        self.partition = partition
        self.prefix = f"{topic}:{partition}:"
        self.k = 0
        # whether ids need no JSON escaping (a Kafka topic name never does): then a record's JSON is written from
        # its id's bytes in quotes (`Emitter._message`)
        self.plain = _dumps(self.prefix) == b'"' + self.prefix.encode() + b'"'

    def start(self) -> None:
        """A new input record: its derived records count from 0."""
        self.k = 0

    def derived(self, src: str, letter: str) -> str:
        rid = f"{src}:{letter}{self.k}"
        self.k += 1
        return rid

    def message(self, offset: int, index: int) -> str:
        return f"{self.prefix}{offset}:{index}"


def dead_letter(topic: str, partition: int, kind: DeadLetterKind, detail: str, src: str, key: bytes | None,
                value: bytes | None, headers: Iterable[tuple[str, bytes]]) -> OutRecord:
    """The input record as it came, with headers saying why it was not processed."""
    # the producer's headers travel with its event, except ours: only the worker says what `toolmend-*` means
    hs = [h for h in headers if not h[0].lower().startswith("toolmend-")]
    hs += [("toolmend-id", f"{src}:dlq".encode()), ("toolmend-error-kind", kind.value.encode()),
           ("toolmend-error-detail", detail.encode()),
           ("toolmend-source-topic", topic.encode()),
           ("toolmend-source-partition", str(partition).encode()),
           ("toolmend-source-offset", src.rsplit(":", 1)[1].encode())]
    return OutRecord("dead_letter", key, value, hs)


class Emitter:
    """Turns tracker steps of one conversation into output records with deterministic ids."""

    __slots__ = ("cid", "conv", "head", "ids", "key", "obs", "out", "src", "src_b", "src_h", "ts")

    def __init__(self, ids: RecordIds, obs: Tally, conv: Conversation, cid: str, ts: int, src: str,
                 out: list[OutRecord]) -> None:
        self.ids = ids
        self.obs = obs
        self.conv = conv
        self.cid = cid
        self.key = cid.encode()
        self.ts = ts
        self.src = src
        self.src_b = src.encode()
        self.src_h = ("toolmend-source", self.src_b)  # shared by the event's repaired records
        self.out = out
        self.head = b""  # a message record's JSON between its id and its dialect, made at its first (`_message`)

    def snapshot_no(self) -> int:
        return self.conv.offset

    def step(self, step: Step, fed: Any = None) -> None:
        conv = self.conv
        obs = self.obs
        tracker = conv.tracker
        adapter = tracker.adapter
        if adapter is None:
            adapter = _OPENAI_CHAT
        dialect = adapter.name
        if fed is not None:
            obs.messages_seen(dialect, 1)
        calls = step.calls
        if calls:
            model = conv.model
            runs = conv.runs
            for cid, tool in calls:
                obs.tool_call(dialect, model, tool)
                if runs is not None and cid is not None:  # a run that came before its call joins it
                    runs.mark(cid)
        if step.results:
            for tool, outcome in step.results:
                obs.tool_result(tool, outcome)
        if step.retries:
            for tool, kind in step.retries:
                obs.tool_retry(tool, kind)
        findings = step.findings
        behaviour = conv.behaviour
        view = step.view
        if behaviour is not None and view is not None:
            extra = behaviour.observe(view, calls, fed, tracker.messages_seen - 1, adapter, obs, conv.model,
                                      conv.app_version)
            if extra:
                findings = [*findings, *extra]
        for f in findings:
            self.finding(f)
        for a in step.actions:
            obs.action(a)
        if step.messages:
            n = len(findings)
            n_findings = _FINDINGS_HEADERS[n] if n < 64 else ("toolmend-findings", str(n).encode())
            for e in step.messages:
                self._message(e, dialect, n_findings)

    def behaviour_end(self) -> None:
        b = self.conv.behaviour
        if b is not None:
            for f in b.flush(self.obs, self.conv.model, self.conv.app_version):
                self.finding(f)

    def _message(self, e: Emitted, dialect: str, n_findings: tuple[str, bytes]) -> None:
        ids = self.ids
        if e.synthesized:
            rid = ids.derived(self.src, "s")
            repair_kind = _REPAIR_SYNTHESIZED
        else:
            off, i = e.tag
            rid = ids.message(off, i)
            repair_kind = _REPAIR_MODIFIED if e.modified else _REPAIR_NONE
        rid_b = rid.encode()
        headers = [("toolmend-id", rid_b), self.src_h, repair_kind, n_findings]
        t: dict[str, Any] | None = None
        if e.invalid:  # thinking after the first change: where the prefix changed, how much was removed
            t = {"prefix_changed_at": self.conv.tracker.prefix_changed_at, "invalid": e.invalid,
                 "stripped": e.stripped}
            headers.append(("toolmend-thinking", thinking_header(t)))
        if not ids.plain:  # an id that JSON escapes: the record as a dict, written whole
            value = {"id": rid, "conversation_id": self.cid, "type": "message", "ts": self.ts, "dialect": dialect,
                     "index": e.index if e.index >= 0 else None, "message": e.message,
                     "synthesized": e.synthesized, "modified": e.modified}
            if t is not None:
                value["thinking"] = t
            self.out.append(OutRecord("repaired", self.key, _dumps(value), headers))
            return
        # the same bytes orjson writes for that dict, from parts: only the message itself is serialized here
        head = self.head
        if not head:
            conv = self.conv
            if not conv.head:
                conv.head = b'","conversation_id":' + _dumps(self.cid) + b',"type":"message","ts":'
            head = self.head = conv.head + str(self.ts).encode()
        frag = _DIALECT_FRAGMENTS.get(dialect)
        if frag is None:
            frag = b',"dialect":' + _dumps(dialect) + b',"index":'
        index = e.index
        parts = [b'{"id":"', rid_b, head, frag, str(index).encode() if index >= 0 else b"null", b',"message":',
                 _dumps(e.message), _FLAGS[int(e.synthesized) * 2 + int(e.modified)]]
        if t is not None:
            parts.append(b',"thinking":')
            parts.append(_dumps(t))
        parts.append(b"}")
        self.out.append(OutRecord("repaired", self.key, b"".join(parts), headers))

    def finding(self, f: Finding) -> None:
        conv = self.conv
        dialect = conv.tracker.dialect or _OPENAI_CHAT.name
        self.obs.finding(f, dialect, conv.model, conv.app_version)
        rid = self.ids.derived(self.src, "f")
        value = f.to_dict()
        value.update({"id": rid, "conversation_id": self.cid, "ts": self.ts, "dialect": dialect,
                      "model": conv.model, "app_version": conv.app_version})
        self.out.append(OutRecord("findings", self.key, _dumps(value),
                                  [("toolmend-id", rid.encode()), ("toolmend-kind", _KIND_BYTES[f.kind._value_])]))

    def snapshot(self, ts: int, dialect: str, messages: Sequence[Any], findings: Sequence[Finding],
                 changed: bool, thinking: dict[str, Any] | None = None, messages_json: bytes | None = None) -> None:
        """A repaired snapshot (a `request` event) as one record carrying every message and its findings; and,
        when its repair invalidated thinking, where the prefix changed and what was removed (`thinking`).
        `messages_json`: the messages already serialized (`orjson.dumps(messages)`), written as they are."""
        rid = f"{self.src}:r"
        rid_b = rid.encode()
        headers = [("toolmend-id", rid_b), ("toolmend-source", self.src_b),
                   ("toolmend-repair", b"repaired" if changed else b"none"),
                   ("toolmend-findings", _count(len(findings)))]
        if thinking is not None:
            headers.append(("toolmend-thinking", thinking_header(thinking)))
        if messages_json is None or not self.ids.plain:
            value = {"id": rid, "conversation_id": self.cid, "type": "request", "ts": ts, "dialect": dialect,
                     "messages": messages, "findings": [f.to_dict() for f in findings], "changed": changed}
            if thinking is not None:
                value["thinking"] = thinking
            self.out.append(OutRecord("repaired", self.key, _dumps(value), headers))
            return
        # the same bytes orjson writes for that dict, the messages as they were serialized
        parts = [b'{"id":"', rid_b, b'","conversation_id":', _dumps(self.cid), b',"type":"request","ts":',
                 str(ts).encode(), b',"dialect":', _dumps(dialect), b',"messages":', messages_json,
                 b',"findings":', _dumps([f.to_dict() for f in findings]),
                 b',"changed":true' if changed else b',"changed":false']
        if thinking is not None:
            parts.append(b',"thinking":')
            parts.append(_dumps(thinking))
        parts.append(b"}")
        self.out.append(OutRecord("repaired", self.key, b"".join(parts), headers))


__all__ = ["TRACE_HEADERS", "Emitter", "OutRecord", "RecordIds", "carry_trace_context", "dead_letter"]
