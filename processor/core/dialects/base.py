"""What a dialect adapter must do: read a native message into a neutral view, and rewrite it for a repair.

Adapters never mutate their input; a rewrite returns a shallow copy with the changed container replaced, so
untouched fields (and unknown ones) survive byte for byte.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence

from ..model import JSON, DialectName, InputError, View


class Dialect(ABC):
    name: DialectName
    #: results live as parts of the next user turn (Anthropic, Gemini), not as messages of their own
    block_style: bool = False

    @abstractmethod
    def view(self, msg: JSON) -> View: ...

    # -- rewrites used by the repairer -------------------------------------------------------------------
    @abstractmethod
    def remove_calls(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        """The message without those calls; None when nothing (no text, no call) is left."""

    def remove_results(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        """The message without those result parts; None when nothing is left (block dialects)."""
        raise NotImplementedError

    def drop_empty_tool_calls(self, msg: JSON) -> JSON:
        return msg

    def results_first(self, msg: JSON) -> JSON:
        """Block dialects: the same message with its result parts moved before everything else."""
        raise NotImplementedError

    def result_parts(self, msg: JSON, positions: Sequence[int]) -> list[JSON]:
        raise NotImplementedError

    def add_results(self, msg: JSON, parts: Sequence[JSON]) -> JSON:
        """Block dialects: insert result parts after the message's leading result parts."""
        raise NotImplementedError

    def new_results_message(self, parts: Sequence[JSON]) -> JSON:
        raise NotImplementedError

    @abstractmethod
    def synthesize(self, call_id: str | None, name: str, kind: str, content: str) -> JSON:
        """A synthetic result: a whole message (flat dialects) or a part (block dialects).

        `kind` is the dialect's own call kind where it has several (Responses: function_call, custom_tool_call).
        """

    def call_kind(self, msg: JSON, pos: int) -> str:
        return ""

    # -- text, for the behavioural signals ---------------------------------------------------------------
    @abstractmethod
    def text_of(self, msg: JSON) -> str: ...


def require_object(msg: JSON) -> dict[str, JSON]:
    if not isinstance(msg, dict):
        raise InputError("schema", f"a message must be a JSON object, got {type(msg).__name__}")
    return msg


def text_from_parts(content: JSON, keys: tuple[str, ...] = ("text",)) -> str:
    """Text of a string or a list of typed parts (OpenAI, Anthropic, Responses share this shape)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        out: list[str] = []
        for part in content:
            if isinstance(part, dict):
                for k in keys:
                    v = part.get(k)
                    if isinstance(v, str):
                        out.append(v)
                        break
            elif isinstance(part, str):
                out.append(part)
        return "\n".join(out)
    return ""


def content_present(content: JSON) -> bool:
    if content is None:
        return False
    if isinstance(content, str | list | dict):
        return len(content) > 0
    return True
