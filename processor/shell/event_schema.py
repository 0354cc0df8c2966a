"""The published input event schema (`toolmend schema`): a pydantic model of what `events.parse_event` accepts.

Served by the shell (`toolmend schema`), kept out of the core so that the hot path never imports pydantic and
the core compiles with mypyc (a pydantic model's `Field(...)` defaults fail mypyc's runtime type checks).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field

from ..core.model import DialectName

Outcome = Literal["ok", "error_deterministic", "error_transient", "timeout", "cancelled", "unknown"]


class ToolRunUsage(BaseModel):
    model_config = ConfigDict(extra="allow")

    input_tokens: int | None = Field(None, ge=0)
    output_tokens: int | None = Field(None, ge=0)


class ToolRunSchema(BaseModel):
    """What a tool really did (an OpenTelemetry execute_tool span): joined to its call by `call_id` (by `tool` and
    time where there is none)."""

    model_config = ConfigDict(extra="allow", title="tool run")

    tool: str = Field(min_length=1, description="the tool's name (gen_ai.tool.name)")
    call_id: str | None = Field(None, description="the call it ran (gen_ai.tool.call.id)")
    outcome: Outcome | None = Field(None, description="its outcome class; absent: from `status` and `error_type`")
    status: Literal["ok", "error", "unset"] | None = Field(None, description="the span status")
    error_type: str | None = Field(None, description="error.type (or the exception type) when it failed")
    start_ts: int | None = Field(None, ge=0, description="start, epoch ms (absent: its end)")
    end_ts: int | None = Field(None, ge=0, description="end, epoch ms (absent: the event's `ts`)")
    trace_id: str | None = Field(None, description="its trace id (hex), named by its placeholder and finding")
    span_id: str | None = Field(None, description="its span id (hex)")
    usage: ToolRunUsage | None = Field(None, description="tokens the run reported (gen_ai.usage.*)")


class EventSchema(BaseModel):
    """A conversation event (Kafka record value). Key: the conversation id, UTF-8."""

    model_config = ConfigDict(extra="allow", title="toolmend input event")

    conversation_id: str = Field(min_length=1, max_length=256, description="equals the record key when set")
    ts: int | datetime = Field(description="event time: epoch milliseconds or RFC 3339 with offset")
    type: Literal["message", "messages", "request", "end", "tool_run"] = "message"
    message: dict[str, Any] | None = Field(None, description="one native message (type message)")
    messages: list[dict[str, Any]] | None = Field(
        None, description="native messages (type messages); the whole history sent to a model (type request)")
    dialect: DialectName | None = Field(
        None, description="auto-detected when absent")
    seq: int | None = Field(None, ge=0, description="position of the event in its conversation")
    event_id: str | None = Field(None, max_length=256, description="unique event id (duplicate detection)")
    model: str | None = None
    provider: str | None = None
    app: str | None = None
    app_version: str | None = None
    system: str | list[Any] | dict[str, Any] | None = Field(
        None, description="type request: the system prompt beside the messages (Anthropic `system`, Gemini "
                          "`systemInstruction`, Responses `instructions`); read by the text-only detector")
    tools: list[dict[str, Any]] | None = Field(
        None, description="type request: the tool definitions the request carried (any dialect's shape)")
    compacted: bool | None = Field(
        None, description="type request: the history was compacted before this request (calls it no longer holds "
                          "are not reported as erased)")
    tool_run: ToolRunSchema | None = Field(None, description="type tool_run: what a tool really did (docs/events.md)")


def schema_json() -> str:
    return orjson.dumps(EventSchema.model_json_schema(), option=orjson.OPT_INDENT_2).decode()
