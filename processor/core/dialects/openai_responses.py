"""OpenAI Responses input items: `function_call` / `custom_tool_call` items answered by `*_output` items."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Final

import orjson

from ..model import JSON, Call, DialectName, Result, Role, View
from ..outcomes import Signal, payload_signal
from .base import Dialect, content_present, json_arguments, json_arguments_error, require_object, text_from_parts

_ROLES: Final = {"system": Role.SYSTEM, "developer": Role.SYSTEM, "user": Role.USER, "assistant": Role.ASSISTANT}
# shared views (views are immutable): message items with and without content, reasoning and other items
_MESSAGE_VIEWS: Final = {(r, has_text): View(r, has_text, empty=not has_text)
                          for r in Role for has_text in (True, False)}
_REASONING: Final = View(Role.REASONING)
_OTHER: Final = View(Role.OTHER)
#: call item types and the output item type that answers each, by `call_id` (the OpenAI Agents SDK's table)
CALL_TYPES: Final = {
    "function_call": "function_call_output",
    "custom_tool_call": "custom_tool_call_output",
    "computer_call": "computer_call_output",
    "local_shell_call": "local_shell_call_output",
    "shell_call": "shell_call_output",
    "apply_patch_call": "apply_patch_call_output",
    "tool_search_call": "tool_search_output",
    "program": "program_output",
}
OUTPUT_TYPES: Final = frozenset(CALL_TYPES.values())
#: call types whose calls carry a tool name; the others are named by their type (`computer_call`: computer)
_NAMED: Final = frozenset({"function_call", "custom_tool_call"})
#: outputs a repair can write for a call that never got one: a text (function, custom tool, local shell) or a
#: failed status (apply_patch). The others (a screenshot, shell exit codes, found tools, a program's result)
#: cannot be made up: such a call is removed, with either strategy.
_FILLABLE = frozenset({"function_call", "custom_tool_call", "local_shell_call", "apply_patch_call"})
#: items that carry their own result (hosted tools), and the other documented items: read, never paired
HOSTED_TYPES = frozenset({"web_search_call", "file_search_call", "code_interpreter_call", "image_generation_call",
                          "mcp_call", "mcp_list_tools", "mcp_approval_request", "mcp_approval_response",
                          "hosted_tool_call"})
#: item types that only this dialect has (used by detection)
KNOWN_TYPES: Final = frozenset({"message", "reasoning", "item_reference", "compaction", *CALL_TYPES, *OUTPUT_TYPES,
                         *HOSTED_TYPES})


class OpenAIResponses(Dialect):
    name: DialectName = "openai_responses"
    block_style = False
    turn_spans_items = True  # consecutive function_call and reasoning items before any output: one model turn
    system_keys: tuple[str, ...] = ("instructions",)
    message_keys: tuple[str, ...] = ("type", "role")
    fills_every_kind = False

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
            name = m.get("name") if t in _NAMED else t[: -len("_call")] if t.endswith("_call") else t
            bad = ""
            if t == "tool_search_call" and cid is None:
                return _OTHER  # a tool search the server ran itself: its output follows, matched by order
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
            if t == "tool_search_output" and cid is None:
                return _OTHER  # the output of a server-run tool search
            return View(Role.TOOL, results=(Result(cid if isinstance(cid, str) else "", None, -1),))
        if t == "reasoning":
            return _REASONING
        if t in KNOWN_TYPES:
            return _OTHER
        return View(Role.OTHER, raw_role=str(t)[:64])  # an item type this dialect does not know: passed through

    def call_kind(self, msg: JSON, pos: int) -> str:
        return str(msg.get("type", "function_call"))

    def remove_calls(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        return None  # the item is the call

    def rename_calls(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        return {**msg, "call_id": renames[-1][1]}  # the item is the call

    def rename_results(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        return {**msg, "call_id": renames[-1][1]}

    def can_fill(self, kind: str) -> bool:
        return kind in _FILLABLE

    def synthesize(self, call_id: str | None, name: str, kind: str, content: str, error: bool = True) -> JSON:
        if kind == "apply_patch_call":
            return {"type": "apply_patch_call_output", "call_id": call_id, "status": "failed" if error else "completed",
                    "output": content}
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

    def result_signal(self, msg: JSON, pos: int) -> Signal:
        # `output`: a string (often a JSON text an agent wrote, `{"error": ...}`) or content parts
        out = msg.get("output") if isinstance(msg, dict) else None
        return payload_signal(out if isinstance(out, str | dict) else text_from_parts(out))
