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


class EventSchema(BaseModel):
    """A conversation event (Kafka record value). Key: the conversation id, UTF-8."""

    model_config = ConfigDict(extra="allow", title="toolmend input event")

    conversation_id: str = Field(min_length=1, max_length=256, description="equals the record key when set")
    ts: int | datetime = Field(description="event time: epoch milliseconds or RFC 3339 with offset")
    type: Literal["message", "messages", "request", "end"] = "message"
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


def schema_json() -> str:
    return orjson.dumps(EventSchema.model_json_schema(), option=orjson.OPT_INDENT_2).decode()
