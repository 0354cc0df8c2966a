"""What the tracker must report for a generated stream: per conversation and in total.

Counts are the contract. Positions (`index`) are given where docs/semantics.md fixes them or they are
unambiguous: the 0-based position of the native message in the conversation's stream (message and messages
events, duplicates not counted). `partial_parallel_results` and snapshot findings carry `index: null`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from processor.core.findings import DanglingReason, FindingKind

SCHEMA = "toolmend.synth.truth/1"

EVENT_TYPES: tuple[str, ...] = ("message", "messages", "request", "end")
DEAD_LETTER_KINDS: tuple[str, ...] = ("invalid_json", "schema", "unknown_dialect", "key_mismatch", "too_large")


@dataclass(frozen=True, slots=True)
class ExpectedFinding:
    kind: FindingKind
    source: str  # "stream" (message/messages events) or "request" (a request snapshot)
    index: int | None = None  # stream: message position in the conversation; request: None
    call_id: str | None = None  # None for Gemini calls without ids
    tool: str | None = None
    reason: DanglingReason | None = None
    request_seq: int | None = None  # the `seq` of the request event, for source == "request"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value, "source": self.source, "index": self.index}
        if self.call_id is not None:
            out["call_id"] = self.call_id
        if self.tool is not None:
            out["tool"] = self.tool
        if self.reason is not None:
            out["reason"] = self.reason.value
        if self.request_seq is not None:
            out["request_seq"] = self.request_seq
        return out


def _zero(keys: tuple[str, ...], counts: Counter[str]) -> dict[str, int]:
    """All fixed keys (zeros included) first, then any other key, sorted."""
    out = {k: counts.get(k, 0) for k in keys}
    for k in sorted(counts):
        if k not in out:
            out[k] = counts[k]
    return out


_KINDS: tuple[str, ...] = tuple(k.value for k in FindingKind)
_REASONS: tuple[str, ...] = tuple(r.value for r in DanglingReason)


@dataclass
class ConversationTruth:
    conversation_id: str
    dialect: str
    model: str
    app: str
    app_version: str
    language: str
    call_ids: bool  # calls carry ids (False only for some Gemini conversations)
    dialect_field: bool  # events carry `dialect` (else it must be auto-detected)
    ended: bool = False
    filler: bool = False  # a keepalive conversation (see iter_generate's `partitions`)
    events: Counter[str] = field(default_factory=Counter)  # processed events by type
    duplicates: Counter[str] = field(default_factory=Counter)  # redelivered copies by type
    messages: int = 0  # native messages in message/messages events (not counting duplicates)
    request_messages: int = 0  # native messages inside request snapshots
    tool_calls: Counter[str] = field(default_factory=Counter)  # calls in the stream, by tool
    faults: list[dict[str, Any]] = field(default_factory=list)  # what was injected, where
    findings: list[ExpectedFinding] = field(default_factory=list)
    tool_spans: Counter[str] = field(default_factory=Counter)  # tool runs by what becomes of them (joined, late)
    first_ts: int = 0
    last_ts: int = 0

    def findings_by_kind(self) -> Counter[str]:
        return Counter(f.kind.value for f in self.findings)

    def dangling_by_reason(self) -> Counter[str]:
        return Counter(f.reason.value for f in self.findings if f.reason is not None)

    def dangling_by_tool(self) -> Counter[str]:
        return Counter(f.tool or "" for f in self.findings if f.reason is not None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "conversation_id": self.conversation_id,
            "dialect": self.dialect,
            "model": self.model,
            "app": self.app,
            "app_version": self.app_version,
            "language": self.language,
            "call_ids": self.call_ids,
            "dialect_field": self.dialect_field,
            "ended": self.ended,
            "filler": self.filler,
            "first_ts": self.first_ts,
            "last_ts": self.last_ts,
            "events": _zero(EVENT_TYPES, self.events),
            "duplicates": sum(self.duplicates.values()),
            "messages": self.messages,
            "request_messages": self.request_messages,
            "tool_calls": sum(self.tool_calls.values()),
            "tool_calls_by_tool": dict(sorted(self.tool_calls.items())),
            "dangling_by_reason": dict(sorted(self.dangling_by_reason().items())),
            "findings_by_kind": dict(sorted(self.findings_by_kind().items())),
            "faults": self.faults,
            "tool_spans": dict(sorted(self.tool_spans.items())),
            "findings": [f.to_dict() for f in self.findings],
        }


@dataclass
class _DialectTotals:
    conversations: int = 0
    messages: int = 0
    tool_calls: int = 0
    dangling: Counter[str] = field(default_factory=Counter)
    findings: Counter[str] = field(default_factory=Counter)

    def to_dict(self) -> dict[str, Any]:
        return {
            "conversations": self.conversations,
            "messages": self.messages,
            "tool_calls": self.tool_calls,
            "dangling_by_reason": _zero(_REASONS, self.dangling),
            "findings_by_kind": _zero(_KINDS, self.findings),
        }


@dataclass
class GroundTruth:
    """Expected outcome of processing the generated stream. Totals are accumulated as conversations are added,
    so with `keep_conversations=False` memory stays bounded (for endless streams)."""

    params: dict[str, Any] = field(default_factory=dict)
    keep_conversations: bool = True
    conversations: list[ConversationTruth] = field(default_factory=list)
    records: int = 0  # every Kafka record generated (processed, duplicates and dead letters)
    n_conversations: int = 0
    ended: int = 0
    events: Counter[str] = field(default_factory=Counter)
    duplicates: Counter[str] = field(default_factory=Counter)
    dead_letters: Counter[str] = field(default_factory=Counter)
    dead_letter_records: list[dict[str, Any]] = field(default_factory=list)
    messages: int = 0
    request_messages: int = 0
    tool_calls: Counter[str] = field(default_factory=Counter)
    dangling: Counter[str] = field(default_factory=Counter)
    dangling_by_tool: Counter[str] = field(default_factory=Counter)
    findings: Counter[str] = field(default_factory=Counter)
    stream_findings: Counter[str] = field(default_factory=Counter)
    request_findings: Counter[str] = field(default_factory=Counter)
    faults: Counter[str] = field(default_factory=Counter)
    tool_spans: Counter[str] = field(default_factory=Counter)
    by_dialect: dict[str, _DialectTotals] = field(default_factory=dict)

    def add_conversation(self, c: ConversationTruth) -> None:
        if self.keep_conversations:
            self.conversations.append(c)
        self.n_conversations += 1
        self.ended += int(c.ended)
        self.records += sum(c.events.values()) + sum(c.duplicates.values())
        self.events.update(c.events)
        self.duplicates.update(c.duplicates)
        self.messages += c.messages
        self.request_messages += c.request_messages
        self.tool_calls.update(c.tool_calls)
        by_reason = c.dangling_by_reason()
        self.dangling.update(by_reason)
        self.dangling_by_tool.update(c.dangling_by_tool())
        self.findings.update(c.findings_by_kind())
        for f in c.findings:
            (self.stream_findings if f.source == "stream" else self.request_findings)[f.kind.value] += 1
        self.faults.update(str(x["fault"]) for x in c.faults)
        self.tool_spans.update(c.tool_spans)
        d = self.by_dialect.setdefault(c.dialect, _DialectTotals())
        d.conversations += 1
        d.messages += c.messages
        d.tool_calls += sum(c.tool_calls.values())
        d.dangling.update(by_reason)
        d.findings.update(c.findings_by_kind())

    def add_dead_letter(self, kind: str, key: bytes | None, conversation_id: str, size: int) -> None:
        self.records += 1
        self.dead_letters[kind] += 1
        self.faults["malformed_event"] += 1
        if self.keep_conversations:
            self.dead_letter_records.append(
                {
                    "kind": kind,
                    "key": None if key is None else key.decode("utf-8", "replace"),
                    "conversation_id": conversation_id,
                    "bytes": size,
                }
            )

    @property
    def text_only_regressions(self) -> int:
        return self.findings.get(FindingKind.TEXT_ONLY_REGRESSION.value, 0)

    @property
    def unbacked_claims(self) -> int:
        return self.findings.get(FindingKind.UNBACKED_CLAIM.value, 0)

    @property
    def tool_history_erased(self) -> int:
        return self.findings.get(FindingKind.TOOL_HISTORY_ERASED.value, 0)

    def to_dict(self) -> dict[str, Any]:
        totals: dict[str, Any] = {
            "records": self.records,
            "conversations": self.n_conversations,
            "ended": self.ended,
            "events": {
                "processed": _zero(EVENT_TYPES, self.events),
                "duplicate": _zero(EVENT_TYPES, self.duplicates),
                "dead_letter": sum(self.dead_letters.values()),
            },
            "duplicates": sum(self.duplicates.values()),
            "dead_letters": _zero(DEAD_LETTER_KINDS, self.dead_letters),
            "messages": self.messages,
            "request_messages": self.request_messages,
            "tool_calls": sum(self.tool_calls.values()),
            "tool_calls_by_tool": dict(sorted(self.tool_calls.items())),
            "dangling": sum(self.dangling.values()),
            "dangling_by_reason": _zero(_REASONS, self.dangling),
            "dangling_by_tool": dict(sorted(self.dangling_by_tool.items())),
            "findings": _zero(_KINDS, self.findings),
            "findings_in_stream": _zero(_KINDS, self.stream_findings),
            "findings_in_requests": _zero(_KINDS, self.request_findings),
            "text_only_regressions": self.text_only_regressions,
            "tool_history_erased": self.tool_history_erased,
            "unbacked_claims": self.unbacked_claims,
            "faults": dict(sorted(self.faults.items())),
            "tool_spans": dict(sorted(self.tool_spans.items())),
            "by_dialect": {k: v.to_dict() for k, v in sorted(self.by_dialect.items())},
        }
        out: dict[str, Any] = {"schema": SCHEMA, "params": self.params, "totals": totals}
        if self.keep_conversations:
            out["conversations"] = [c.to_dict() for c in self.conversations]
            out["dead_letter_records"] = self.dead_letter_records
        return out
