"""OpenAI Chat Completions: `assistant.tool_calls[]` answered by `role: tool` messages."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Final

from ..model import JSON, NO_CALLS, Call, DialectName, Result, Role, View
from ..outcomes import Signal, payload_signal
from .base import (
    Dialect,
    content_present,
    json_arguments,
    json_arguments_error,
    require_object,
    text_from_parts,
    text_of_value,
)

_PLAIN: Final = {"system": View(Role.SYSTEM, True), "developer": View(Role.SYSTEM, True), "user": View(Role.USER, True)}
# an empty user/system message is removed in every dialect (Anthropic and Gemini reject it; it says nothing), so
# a history reads the same before and after its dialect is known
_PLAIN_EMPTY: Final = {"system": View(Role.SYSTEM, False, empty=True),
                       "developer": View(Role.SYSTEM, False, empty=True), "user": View(Role.USER, False, empty=True)}
# a legacy `function` message ends a tool_calls block like any message from outside the model
_FUNCTION: Final = View(Role.USER, True)
_ASSISTANT_TEXT: Final = View(Role.ASSISTANT, True)
_ASSISTANT_EMPTY: Final = View(Role.ASSISTANT, False, empty=True)


class OpenAIChat(Dialect):
    name: DialectName = "openai_chat"
    block_style = False

    def view(self, msg: JSON) -> View:
        # the hot path of the whole engine: plain messages share one immutable view, no helper calls
        if type(msg) is not dict:
            require_object(msg)
        role = msg.get("role")
        if role == "tool":
            tcid = msg.get("tool_call_id")
            return View(Role.TOOL, False, NO_CALLS, (Result(tcid if type(tcid) is str else "", None, -1),))
        if role == "assistant":
            content = msg.get("content")
            has_text = bool(content) or bool(msg.get("audio") or msg.get("function_call"))
            tcs = msg.get("tool_calls")
            if tcs is None:
                return _ASSISTANT_TEXT if has_text else _ASSISTANT_EMPTY
            if type(tcs) is not list or not tcs:
                return View(Role.ASSISTANT, has_text, empty_tool_calls=True, empty=not has_text)
            calls: list[Call] = []
            for i, tc in enumerate(tcs):
                cid = tc.get("id") if type(tc) is dict else None
                fn = tc.get("function") if type(tc) is dict else None
                name = fn.get("name") if type(fn) is dict else None
                if type(cid) is str and cid and type(name) is str and name:
                    calls.append(Call(cid, name, i))
                    continue
                if type(tc) is not dict:
                    bad = "tool call is not an object"
                elif not isinstance(cid, str) or not cid:
                    bad = "tool call without id"
                else:
                    bad = "tool call without function.name"
                calls.append(Call(cid if isinstance(cid, str) else None, name if isinstance(name, str) else "", i, bad))
            return View(Role.ASSISTANT, has_text, calls)
        shared = _PLAIN.get(role) if type(role) is str else None
        if shared is not None:
            content = msg.get("content")
            if content == "" or content == [] or (content is None and "content" in msg):
                return _PLAIN_EMPTY[role]
            return shared
        if role == "function":  # legacy function result: paired by name, outside the tool_calls protocol
            return _FUNCTION
        return View(Role.INVALID, raw_role=str(role))

    def remove_calls(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        tcs = [tc for i, tc in enumerate(msg["tool_calls"]) if i not in positions]
        out = dict(msg)
        if tcs:
            out["tool_calls"] = tcs
            return out
        del out["tool_calls"]
        if not content_present(out.get("content")):
            return None
        return out

    def rename_calls(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        tcs = list(msg["tool_calls"])
        for pos, new in renames:
            tcs[pos] = {**tcs[pos], "id": new}
        return {**msg, "tool_calls": tcs}

    def rename_results(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        return {**msg, "tool_call_id": renames[-1][1]}  # the message is the result

    def drop_empty_tool_calls(self, msg: JSON) -> JSON:
        out = dict(msg)
        out.pop("tool_calls", None)
        return out

    def synthesize(self, call_id: str | None, name: str, kind: str, content: str, error: bool = True) -> JSON:
        return {"role": "tool", "tool_call_id": call_id, "content": content}

    def call_arguments(self, msg: JSON, pos: int) -> JSON:
        tc = msg["tool_calls"][pos]
        fn = tc.get("function") if isinstance(tc, dict) else None
        return fn.get("arguments") if isinstance(fn, dict) else None

    def arguments_error(self, msg: JSON, pos: int) -> str:
        return json_arguments_error(self.call_arguments(msg, pos))

    def arguments(self, msg: JSON, pos: int, limit: int) -> JSON:
        return json_arguments(self.call_arguments(msg, pos), limit)

    def system_text(self, value: JSON) -> str | None:
        # no top-level system prompt: a system message object given in its place
        if isinstance(value, dict) and "content" in value:
            return text_of_value(value["content"])
        return super().system_text(value)

    def tool_declarations(self, tool: Mapping[str, JSON]) -> Sequence[Mapping[str, JSON]] | None:
        fn = tool.get("function")  # {"type": "function", "function": {name, description, parameters}}
        return (fn,) if isinstance(fn, Mapping) else None

    def text_of(self, msg: JSON) -> str:
        if not isinstance(msg, dict):
            return ""
        return text_from_parts(msg.get("content"))

    def result_text(self, msg: JSON) -> str:
        if isinstance(msg, dict) and msg.get("role") == "tool":
            return text_from_parts(msg.get("content"))
        return ""

    def result_signal(self, msg: JSON, pos: int) -> Signal:
        # no error field: an error object in the content (`{"error": ...}`), or a text that opens with "Error"
        c = msg.get("content") if isinstance(msg, dict) else None
        return payload_signal(c if isinstance(c, str) else text_from_parts(c))


__all__ = ["OpenAIChat"]
