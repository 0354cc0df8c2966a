"""What a dialect adapter must do: read a native message into a neutral view, and rewrite it for a repair.

Adapters never mutate their input; a rewrite returns a shallow copy with the changed container replaced, so
untouched fields (and unknown ones) survive byte for byte.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence

import orjson

from ..model import JSON, DialectName, InputError, View
from ..outcomes import Signal, payload_signal


class Dialect(ABC):
    name: DialectName
    #: results live as parts of the next user turn (Anthropic, Gemini), not as messages of their own
    block_style: bool = False
    #: one model turn may span several items: consecutive call (and reasoning) items before any output
    turn_spans_items: bool = False
    #: a call turn must follow a user or response turn: a plain model turn left right before one is merged in
    merges_model_turns: bool = False
    #: top-level keys of a request object that hold this dialect's system prompt
    system_keys: tuple[str, ...] = ()
    #: keys one of which every message of this dialect has
    message_keys: tuple[str, ...] = ("role",)
    #: a result can be synthesized for every kind of call (else `can_fill` tells which)
    fills_every_kind: bool = True
    #: the provider's rule for tool-call ids (None: any non-empty string); an id that breaks it is rewritten
    id_pattern: re.Pattern[str] | None = None
    #: thinking parts are bound to their prefix (Anthropic: a thinking block's signature covers the system prompt,
    #: the tools and everything before it); a repair that changes something before one invalidates it
    binds_thinking: bool = False

    @abstractmethod
    def view(self, msg: JSON) -> View: ...

    # -- rewrites used by the repairer -------------------------------------------------------------------
    @abstractmethod
    def remove_calls(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        """The message without those calls; None when nothing (no text, no call) is left."""

    def remove_calls_keeping_thinking(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        """`remove_calls`, but a turn left with thinking only is kept (with `binds_thinking`: removing thinking
        from the middle of a history would invalidate every later thinking block)."""
        return self.remove_calls(msg, positions)

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
    def synthesize(self, call_id: str | None, name: str, kind: str, content: str, error: bool = True) -> JSON:
        """A synthetic result: a whole message (flat dialects) or a part (block dialects).

        `kind` is the dialect's own call kind where it has several (Responses: function_call, custom_tool_call).
        `error` is false only where the call's run is known to have completed: the dialect's error flag stays off
        (the placeholder then says the result was lost, not that the tool failed).
        """

    def call_kind(self, msg: JSON, pos: int) -> str:
        return ""

    def rewrite_calls(self, msg: JSON, positions: Sequence[int]) -> JSON:
        """The message with the calls at those positions (`Call.rewrite`) in the form the API accepts."""
        return msg

    def safe_id(self, cid: str) -> str:
        """`cid` made to fit `id_pattern` (each refused character becomes `_`)."""
        return cid

    def remove_blank(self, msg: JSON) -> JSON:
        """The message without its blank text parts (`View.blank`)."""
        return msg

    def system_message(self, msg: JSON) -> JSON | None:
        """A system entry rewritten for a dialect that has no system role in its messages (None: kept as is)."""
        return None

    def is_last_part(self, msg: JSON, pos: int) -> bool:
        """Whether the call at `pos` ends its message (block dialects; a paused server call does)."""
        return False

    def thinking_positions(self, msg: JSON) -> list[int]:
        """Positions of the signed thinking parts of a model turn (with `binds_thinking`)."""
        return []

    def dropped_thinking(self, msg: JSON) -> int:
        """Thinking blocks the provider says it dropped from the request this response answers, because their
        prefix had changed (with `binds_thinking`: Anthropic's `input_transformations`)."""
        return 0

    def remove_parts(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        """The message without the parts at those positions; None when nothing is left (with `binds_thinking`)."""
        raise NotImplementedError

    def first_changed_part(self, before: JSON, after: JSON) -> int:
        """How many leading parts `after` has exactly as `before` has them (with `binds_thinking`)."""
        return 0

    def can_fill(self, kind: str) -> bool:
        """Whether a result can be synthesized for a call of this kind (else `fill` removes the call too)."""
        return True

    @abstractmethod
    def rename_calls(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        """The message with the calls at those positions under new ids: (position, new id)."""

    @abstractmethod
    def rename_results(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        """The message with the results at those positions answering new ids: (position, new id)."""

    # -- turns, reasoning, arguments ----------------------------------------------------------------------
    def is_reasoning(self, msg: JSON) -> bool:
        """A reasoning item, which belongs to the item after it."""
        return False

    def is_plain_model_turn(self, msg: JSON) -> bool:
        """A model turn without calls (with `merges_model_turns`)."""
        return False

    def is_call_turn(self, msg: JSON) -> bool:
        """A model turn with calls (with `merges_model_turns`)."""
        return False

    def is_unseen_turn(self, msg: JSON) -> bool:
        """A message the turn-order rule does not see (with `merges_model_turns`): a model turn before it is
        still "just before" the turn after it, so it is merged past it."""
        return False

    def merge_turns(self, prev: JSON, msg: JSON) -> tuple[JSON, int]:
        """`prev` (a plain model turn) merged into the call turn `msg`; and how far msg's parts moved."""
        raise NotImplementedError

    def arguments_error(self, msg: JSON, pos: int) -> str:
        """Why the call's arguments do not parse as the dialect requires ("" when they do)."""
        return ""

    def arguments(self, msg: JSON, pos: int, limit: int) -> JSON:
        """The call's arguments for templates: parsed if they parse, else their text (at most `limit` chars)."""
        return None

    def call_arguments(self, msg: JSON, pos: int) -> JSON:
        """The call's arguments exactly as it carries them (a JSON text or an object), None if it has none."""
        return None

    # -- text, for the behavioural signals ---------------------------------------------------------------
    @abstractmethod
    def text_of(self, msg: JSON) -> str: ...

    def system_text(self, value: JSON) -> str | None:
        """The text of a request's system prompt in this dialect's shape; None when `value` is not of its shape."""
        return value if isinstance(value, str) else None

    def tool_declarations(self, tool: Mapping[str, JSON]) -> Sequence[Mapping[str, JSON]] | None:
        """The function declarations (each with `name`, a description and a parameter schema) of one tool
        definition in this dialect's shape; None when `tool` is not of its shape."""
        return None

    def result_text(self, msg: JSON) -> str:
        """The text of the tool results a message carries."""
        return ""

    def result_signal(self, msg: JSON, pos: int) -> Signal:
        """What the result at `pos` says about its outcome (outcomes.py): the dialect's error field, an error
        object in its content, its text. Read on demand: a view never carries content."""
        return payload_signal(self.result_text(msg))


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


def text_of_value(v: JSON) -> str:
    """The text of a string or a list of typed parts; "" for anything else."""
    if isinstance(v, str):
        return v
    return text_from_parts(v) if isinstance(v, list) else ""


def content_present(content: JSON) -> bool:
    if content is None:
        return False
    if isinstance(content, str | list | dict):
        return len(content) > 0
    return True


def json_arguments_error(raw: JSON) -> str:
    """Arguments carried as a JSON text (OpenAI): absent or empty is no arguments; else an object."""
    if raw is None or raw == "":
        return ""
    if not isinstance(raw, str):
        return "arguments are not a string"
    try:
        v = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return "arguments are not valid JSON (truncated?)"
    return "" if isinstance(v, dict) else "arguments are not a JSON object"


def json_arguments(raw: JSON, limit: int) -> JSON:
    if isinstance(raw, str):
        if len(raw) <= limit:
            try:
                v = orjson.loads(raw)
            except orjson.JSONDecodeError:
                return raw
            return v if isinstance(v, dict) else raw
        return raw[:limit]
    return None


def object_arguments(v: JSON, limit: int) -> JSON:
    """Arguments carried as an object (Anthropic input, Gemini args), bounded for the state."""
    if not isinstance(v, dict):
        return None
    return v if len(orjson.dumps(v)) <= limit else None
