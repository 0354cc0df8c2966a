"""OpenAI Responses input items: `function_call` / `custom_tool_call` items answered by `*_output` items."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import orjson

from ..model import JSON, Call, DialectName, Result, Role, View
from .base import Dialect, content_present, json_arguments, json_arguments_error, require_object, text_from_parts

_ROLES = {"system": Role.SYSTEM, "developer": Role.SYSTEM, "user": Role.USER, "assistant": Role.ASSISTANT}
# shared views (views are immutable): message items with and without content, reasoning and other items
_MESSAGE_VIEWS = {(r, has_text): View(r, has_text, empty=not has_text) for r in Role for has_text in (True, False)}
_REASONING = View(Role.REASONING)
_OTHER = View(Role.OTHER)
CALL_TYPES = {"function_call": "function_call_output", "custom_tool_call": "custom_tool_call_output"}
OUTPUT_TYPES = frozenset(CALL_TYPES.values())
#: item types that only this dialect has (used by detection)
KNOWN_TYPES = frozenset(
    {
        "message",
        "reasoning",
        *CALL_TYPES,
        *OUTPUT_TYPES,
        "web_search_call",
        "file_search_call",
        "computer_call",
        "computer_call_output",
        "image_generation_call",
        "code_interpreter_call",
        "local_shell_call",
        "local_shell_call_output",
        "mcp_call",
        "mcp_list_tools",
        "mcp_approval_request",
        "mcp_approval_response",
        "item_reference",
    }
)


class OpenAIResponses(Dialect):
    name: DialectName = "openai_responses"
    block_style = False
    turn_spans_items = True  # consecutive function_call and reasoning items before any output: one model turn
    system_keys = ("instructions",)

    def view(self, msg: JSON) -> View:
        m = require_object(msg)
        t = m.get("type")
        if t is None or t == "message":
            role = m.get("role")
            r = _ROLES.get(role) if isinstance(role, str) else None
            if r is None:
                return View(Role.INVALID, raw_role=str(role))
            return _MESSAGE_VIEWS[r, content_present(m.get("content"))]
        if t in CALL_TYPES:
            cid = m.get("call_id")
            name = m.get("name")
            bad = ""
            if not isinstance(cid, str) or not cid:
                bad = "call item without call_id"
            elif not isinstance(name, str) or not name:
                bad = "call item without name"
            return View(
                Role.ASSISTANT,
                calls=(Call(cid if isinstance(cid, str) else None, name if isinstance(name, str) else "", -1, bad),),
            )
        if t in OUTPUT_TYPES:
            cid = m.get("call_id")
            return View(Role.TOOL, results=(Result(cid if isinstance(cid, str) else "", None, -1),))
        if t == "reasoning":
            return _REASONING
        return _OTHER

    def call_kind(self, msg: JSON, pos: int) -> str:
        return str(msg.get("type", "function_call"))

    def remove_calls(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        return None  # the item is the call

    def rename_calls(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        return {**msg, "call_id": renames[-1][1]}  # the item is the call

    def rename_results(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        return {**msg, "call_id": renames[-1][1]}

    def synthesize(self, call_id: str | None, name: str, kind: str, content: str) -> JSON:
        return {"type": CALL_TYPES.get(kind, "function_call_output"), "call_id": call_id, "output": content}

    def is_reasoning(self, msg: JSON) -> bool:
        return isinstance(msg, dict) and msg.get("type") == "reasoning"

    def arguments_error(self, msg: JSON, pos: int) -> str:
        if msg.get("type") != "function_call":
            return ""  # a custom tool's input is free text
        return json_arguments_error(msg.get("arguments"))

    def call_arguments(self, msg: JSON, pos: int) -> JSON:
        return msg.get("arguments", msg.get("input"))  # the item is the call

    def tool_declarations(self, tool: Mapping[str, JSON]) -> Sequence[Mapping[str, JSON]] | None:
        return (tool,)  # {type: "function", name, description, parameters}

    def arguments(self, msg: JSON, pos: int, limit: int) -> JSON:
        if msg.get("type") != "function_call":
            v = msg.get("input")
            return v[:limit] if isinstance(v, str) else None
        return json_arguments(msg.get("arguments"), limit)

    def text_of(self, msg: JSON) -> str:
        if not isinstance(msg, dict):
            return ""
        return text_from_parts(msg.get("content"))

    def result_text(self, msg: JSON) -> str:
        if not isinstance(msg, dict) or "output" not in msg:
            return ""
        out = msg["output"]
        return out if isinstance(out, str) else orjson.dumps(out).decode()
