"""The fixed vocabulary of what the tracker reports and what the repairer does.

Kinds, reasons and actions are closed enums: they become metric label values and analytics columns, so a new
value is a schema change, not a string someone types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class FindingKind(StrEnum):
    DANGLING_TOOL_CALL = "dangling_tool_call"
    PARTIAL_PARALLEL_RESULTS = "partial_parallel_results"
    ORPHAN_TOOL_RESULT = "orphan_tool_result"
    LATE_TOOL_RESULT = "late_tool_result"
    INTERLEAVED_USER_MESSAGE = "interleaved_user_message"
    DUPLICATE_TOOL_RESULT = "duplicate_tool_result"
    DUPLICATE_TOOL_CALL_ID = "duplicate_tool_call_id"
    EMPTY_TOOL_CALLS = "empty_tool_calls"
    TOOL_RESULT_NOT_FIRST = "tool_result_not_first"
    EMPTY_CONTENT = "empty_content"
    MALFORMED_TOOL_CALL = "malformed_tool_call"
    INVALID_ROLE = "invalid_role"
    SYSTEM_NOT_FIRST = "system_not_first"
    # an item type the dialect does not know (a newer API's): passed through untouched
    UNKNOWN_ITEM_TYPE = "unknown_item_type"
    # a call id the provider's id rule refuses (Anthropic: ^[a-zA-Z0-9_-]+$): rewritten on the call and its results
    INVALID_TOOL_CALL_ID = "invalid_tool_call_id"
    # an empty (or, where the API refuses it, whitespace-only) text part beside other content: removed
    EMPTY_TEXT_BLOCK = "empty_text_block"
    # behavioural signals: about what the model did, not about the history's shape
    TOOL_HISTORY_ERASED = "tool_history_erased"
    TEXT_ONLY_REGRESSION = "text_only_regression"
    # a reply asserts a completed act or a tool-only fact that no call of its turn produced
    UNBACKED_CLAIM = "unbacked_claim"
    # thinking / redacted_thinking blocks after the first position the repair changed: their signature binds them
    # to a prefix the repaired history no longer has (models that bind thinking reject them). `index`: the message
    # holding the first such block; `block`: its position there; `count`: how many the message holds
    THINKING_PREFIX_CHANGED = "thinking_prefix_changed"
    # the provider's own record (Anthropic `input_transformations`) that it dropped thinking blocks of a request
    # because their prefix had changed: the application rewrote its history
    THINKING_DROPPED_BY_PROVIDER = "thinking_dropped_by_provider"
    # a dangling call whose tool run (span) ended without error: the tool produced a result the application lost
    # (the action may have taken effect); `detail` names the run's end time, trace and span
    TOOL_RESULT_LOST = "tool_result_lost"
    # retry boundaries (retries.py), each on the later call: the same call again after a deterministic error; a
    # non-idempotent call again after a timeout or unknown outcome with no read of its state between; more
    # retries than the bound; a reply claiming success right after a retry that failed again
    FUTILE_RETRY = "futile_retry"
    BLIND_RETRY = "blind_retry"
    RETRY_LIMIT_EXCEEDED = "retry_limit_exceeded"
    FAILED_RETRY_SUCCESS_CLAIM = "failed_retry_success_claim"


class Severity(StrEnum):
    ERROR = "error"  # the provider rejects the history as it is
    WARNING = "warning"  # accepted, but harmful (quality, cost or safety)


class DanglingReason(StrEnum):
    USER_INTERRUPT = "user_interrupt"  # a message from outside the model (user/system) closed the block
    ASSISTANT_CONTINUED = "assistant_continued"  # the model spoke again before every result arrived
    TIMEOUT = "timeout"  # event-time watermark passed call ts + tool_result_timeout
    CONVERSATION_END = "conversation_end"  # an `end` event closed the conversation
    EVICTED = "evicted"  # idle longer than conversation_ttl (event time)
    UNANSWERED_AT_REQUEST = "unanswered_at_request"  # the history ends (is sent to a model) with calls open
    # the call's arguments do not parse as its dialect requires (truncated JSON): it could not have run, whatever
    # closed its block
    INVALID_ARGUMENTS = "invalid_arguments"


class RepairAction(StrEnum):
    SYNTHESIZE_RESULT = "synthesize_result"
    DROP_CALL = "drop_call"
    DROP_MESSAGE = "drop_message"
    DROP_REASONING = "drop_reasoning"
    DROP_RESULT = "drop_result"
    MOVE_RESULT = "move_result"
    MERGE_RESULTS = "merge_results"
    MERGE_TURNS = "merge_turns"  # Gemini: a model turn merged into the call turn after it
    REORDER_RESULTS_FIRST = "reorder_results_first"
    REMOVE_EMPTY_TOOL_CALLS = "remove_empty_tool_calls"
    # a call that reuses an earlier call's id gets a fresh one, rewritten on its results too (`to`: the new id)
    RENAME_CALL_ID = "rename_call_id"
    # a call's arguments rewritten into the form the API accepts (Anthropic: `input` given as a JSON string)
    REWRITE_ARGUMENTS = "rewrite_arguments"
    REMOVE_EMPTY_TEXT = "remove_empty_text"
    # a system entry where the dialect has none in its messages (Anthropic): kept in place as a user turn
    SYSTEM_AS_USER = "system_as_user"
    # thinking blocks whose prefix the repair changed, removed (`thinking="strip_changed"`); `count`: how many
    STRIP_THINKING = "strip_thinking"


SEVERITY: dict[FindingKind, Severity] = {
    FindingKind.SYSTEM_NOT_FIRST: Severity.WARNING,
    FindingKind.UNKNOWN_ITEM_TYPE: Severity.WARNING,
    FindingKind.TOOL_HISTORY_ERASED: Severity.WARNING,
    FindingKind.TEXT_ONLY_REGRESSION: Severity.WARNING,
    FindingKind.UNBACKED_CLAIM: Severity.WARNING,
    FindingKind.THINKING_DROPPED_BY_PROVIDER: Severity.WARNING,
    FindingKind.TOOL_RESULT_LOST: Severity.WARNING,
    FindingKind.FUTILE_RETRY: Severity.WARNING,
    FindingKind.BLIND_RETRY: Severity.WARNING,
    FindingKind.RETRY_LIMIT_EXCEEDED: Severity.WARNING,
    FindingKind.FAILED_RETRY_SUCCESS_CLAIM: Severity.WARNING,
}


def severity_of(kind: FindingKind) -> Severity:
    return SEVERITY.get(kind, Severity.ERROR)


@dataclass(frozen=True, slots=True)
class Finding:
    """One protocol violation (or behavioural warning), positioned in the input history.

    `index` is the 0-based position of the native message in the conversation as it was fed (for a stream,
    counted from the conversation's first message), never an index into the repaired output.
    """

    kind: FindingKind
    index: int | None = None
    call_id: str | None = None
    tool: str | None = None
    reason: DanglingReason | None = None
    detail: str = ""
    score: float | None = None  # text_only_regression: the learned scorer's calibrated probability
    block: int | None = None  # thinking_prefix_changed: position of the first invalid block in its message
    count: int | None = None  # thinking_prefix_changed: invalid blocks in the message

    @property
    def severity(self) -> Severity:
        return severity_of(self.kind)

    def to_dict(self) -> dict[str, Any]:
        # `_value_`: the member's str itself, an attribute read (`.value` is a property run in Python)
        out: dict[str, Any] = {"kind": self.kind._value_, "severity": self.severity._value_, "index": self.index}
        if self.call_id is not None:
            out["call_id"] = self.call_id
        if self.tool is not None:
            out["tool"] = self.tool
        if self.reason is not None:
            out["reason"] = self.reason._value_
        if self.detail:
            out["detail"] = self.detail
        if self.score is not None:
            out["score"] = self.score
        if self.block is not None:
            out["block"] = self.block
        if self.count is not None:
            out["count"] = self.count
        return out


@dataclass(frozen=True, slots=True)
class Action:
    """What the repairer did, reported beside the messages (never as keys inside them)."""

    action: RepairAction
    index: int | None = None  # input index the action concerns (None for a synthesized message)
    call_id: str | None = None
    tool: str | None = None
    reason: DanglingReason | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action._value_, "index": self.index}
        if self.call_id is not None:
            out["call_id"] = self.call_id
        if self.tool is not None:
            out["tool"] = self.tool
        if self.reason is not None:
            out["reason"] = self.reason._value_
        out.update(self.extra)
        return out
