"""OpenAI Chat Completions: `assistant.tool_calls[]` answered by `role: tool` messages."""

from __future__ import annotations

from collections.abc import Collection

from ..model import JSON, NO_CALLS, Call, DialectName, Result, Role, View
from .base import Dialect, content_present, require_object, text_from_parts

_ROLES = {"system": Role.SYSTEM, "developer": Role.SYSTEM, "user": Role.USER, "assistant": Role.ASSISTANT}


class OpenAIChat(Dialect):
    name: DialectName = "openai_chat"
    block_style = False

    def view(self, msg: JSON) -> View:
        m = require_object(msg)
        role = m.get("role")
        if role == "tool":
            tcid = m.get("tool_call_id")
            return View(Role.TOOL, results=(Result(tcid if isinstance(tcid, str) else "", None, -1),))
        if role == "assistant":
            has_text = content_present(m.get("content")) or bool(m.get("audio") or m.get("function_call"))
            tcs = m.get("tool_calls")
            if tcs is None:
                return View(Role.ASSISTANT, has_text=has_text, empty=not has_text)
            if not isinstance(tcs, list) or not tcs:
                return View(Role.ASSISTANT, has_text=has_text, empty_tool_calls=True, empty=not has_text)
            calls: list[Call] = []
            for i, tc in enumerate(tcs):
                if not isinstance(tc, dict):
                    calls.append(Call(None, "", i, "tool call is not an object"))
                    continue
                cid = tc.get("id")
                fn = tc.get("function")
                name = fn.get("name") if isinstance(fn, dict) else None
                bad = ""
                if not isinstance(cid, str) or not cid:
                    bad = "tool call without id"
                elif not isinstance(name, str) or not name:
                    bad = "tool call without function.name"
                calls.append(Call(cid if isinstance(cid, str) else None, name if isinstance(name, str) else "", i, bad))
            return View(Role.ASSISTANT, has_text=has_text, calls=calls)
        r = _ROLES.get(role) if isinstance(role, str) else None
        if r is not None:
            return View(r, has_text=True)
        if role == "function":  # legacy function result: paired by name, outside the tool_calls protocol
            return View(Role.OTHER)
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

    def drop_empty_tool_calls(self, msg: JSON) -> JSON:
        out = dict(msg)
        out.pop("tool_calls", None)
        return out

    def synthesize(self, call_id: str | None, name: str, kind: str, content: str) -> JSON:
        return {"role": "tool", "tool_call_id": call_id, "content": content}

    def text_of(self, msg: JSON) -> str:
        if not isinstance(msg, dict):
            return ""
        return text_from_parts(msg.get("content"))


__all__ = ["NO_CALLS", "OpenAIChat"]
