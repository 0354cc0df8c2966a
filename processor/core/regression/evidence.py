"""The conversation's own evidence of what each tool is for: its name, its arguments, its definition.

A tool's *kind* tokens are the words of its name (`create_jira_issue` -> create, jira, issue; generic words
such as get/set/list dropped), of its argument keys, and of its definition when the request carried one
(description, parameter names, enum values, parameter descriptions; any dialect's shape). Argument *values*
are slot tokens: what changes from one request of that kind to the next (a city, a file name, 北京). A system
prompt yields the tokens of its restrictive sentences ("never refund more than $500", 不要透露…), which ground
a refusal.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

import orjson

from ..dialects import tool_declarations
from .analysis import text_tokens
from .cues import GENERIC_IDENT, LANGUAGES, STOP
from .text import CJK_RE, EMPTY, cap, h, split_identifier, stem

MAX_KIND = 48  # kind tokens kept per tool / served request
MAX_DEFINED = 24  # tool definitions kept per conversation
MAX_RESTRICT = 96  # tokens of a system prompt's restrictive sentences
_SENTENCE_RE = re.compile(r"(?:[.!?](?:\s|$)|[。！？\n])+")


@functools.lru_cache(maxsize=1024)
def name_tokens(name: str) -> frozenset[int]:
    """The kind tokens of a tool's name or an argument key."""
    out: set[int] = set()
    for w in split_identifier(name):
        if CJK_RE.search(w):
            out |= text_tokens(w)
            continue
        s = stem(w)
        if s in GENERIC_IDENT or w in GENERIC_IDENT or s in STOP or len(s) < 2 or s.isdigit():
            continue
        out.add(h(s))
    return frozenset(out) if out else EMPTY


def _leaves(value: Any, keys: list[str], values: list[str], depth: int = 0) -> None:
    if depth > 6 or len(values) > 64:
        return
    t = type(value)
    if t is str:  # the usual leaf, before the (slow) abstract `Mapping` check
        values.append(value[:200])
    elif t is dict or (t is not list and isinstance(value, Mapping)):
        for k, v in value.items():
            keys.append(str(k))
            _leaves(v, keys, values, depth + 1)
    elif isinstance(value, list):
        for v in value[:32]:
            _leaves(v, keys, values, depth + 1)
    elif isinstance(value, str):
        values.append(value[:200])
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        values.append(str(value))


@functools.lru_cache(maxsize=1024)
def _arguments_text(raw: str) -> tuple[frozenset[int], frozenset[int]]:
    try:
        doc = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return EMPTY, text_tokens(raw, 48)
    return _arguments(doc)


def _arguments(doc: Any) -> tuple[frozenset[int], frozenset[int]]:
    keys: list[str] = []
    values: list[str] = []
    _leaves(doc, keys, values)
    k: set[int] = set()
    for key in keys:
        k |= name_tokens(key)
    v: set[int] = set()
    for val in values:
        v |= _value_tokens(val)
    return cap(k, MAX_KIND), cap(v, MAX_KIND)


@functools.lru_cache(maxsize=1024)
def _value_tokens(val: str) -> frozenset[int]:
    """An argument value's tokens, and the whole value as one token unless CJK (a value object's arguments are
    not cached as a whole: each value is, as it recurs from call to call)."""
    v = text_tokens(val, 48)
    if val and not CJK_RE.search(val):
        return v | {h(stem(val.casefold()))}
    return v


def arguments(args: Any) -> tuple[frozenset[int], frozenset[int]]:
    """(key tokens, value tokens) of a call's arguments: a JSON string (OpenAI) or an object."""
    if args is None or args == "" or args == {}:
        return EMPTY, EMPTY
    if isinstance(args, str):
        return _arguments_text(args[:4000])
    if type(args) is dict and len(args) <= 16:
        items = tuple(args.items())
        if all(type(k) is str and (type(v) is str or type(v) is int or v is None) for k, v in items):
            return _arguments_flat(items)
    return _arguments(args)


@functools.lru_cache(maxsize=1024)
def _arguments_flat(items: tuple[tuple[str, Any], ...]) -> tuple[frozenset[int], frozenset[int]]:
    """A flat object's arguments, cached by its items as they recur from call to call (exact types only: a
    bool or a float is equal to an int as a key but gives other tokens)."""
    return _arguments(dict(items))


def definitions(tools: Any) -> dict[str, frozenset[int]]:
    """Tool definitions of any dialect (OpenAI `{type, function: {...}}`, Anthropic `{name, description,
    input_schema}`, Responses `{type, name, parameters}`, Gemini `{functionDeclarations: [...]}`) -> name ->
    kind tokens of its description and parameters."""
    out: dict[str, frozenset[int]] = {}
    for d in tool_declarations(tools):
        name = d.get("name")
        if not isinstance(name, str) or not name or len(out) >= MAX_DEFINED:
            continue
        toks: set[int] = set(name_tokens(name))
        desc = d.get("description")
        if isinstance(desc, str):
            toks |= _content(desc)
        schema = d.get("parameters") or d.get("input_schema") or d.get("parametersJsonSchema")
        if isinstance(schema, Mapping):
            toks |= _schema(schema)
        out[name] = cap(toks, MAX_KIND)
    return out


def _schema(schema: Mapping[str, Any], depth: int = 0) -> set[int]:
    out: set[int] = set()
    props = schema.get("properties")
    if isinstance(props, Mapping) and depth < 4:
        for k, v in list(props.items())[:32]:
            out |= name_tokens(str(k))
            if isinstance(v, Mapping):
                d = v.get("description")
                if isinstance(d, str):
                    out |= _content(d)
                enum = v.get("enum")
                if isinstance(enum, list):
                    for e in enum[:16]:
                        if isinstance(e, str):
                            out |= name_tokens(e)
                out |= _schema(v, depth + 1)
                items = v.get("items")
                if isinstance(items, Mapping):
                    out |= _schema(items, depth + 1)
    return out


@functools.lru_cache(maxsize=1024)
def _content(text: str) -> frozenset[int]:
    return text_tokens(text, MAX_KIND)


@functools.lru_cache(maxsize=256)
def restrictions(system: str) -> frozenset[int]:
    """Tokens of a system prompt's restrictive sentences."""
    out: set[int] = set()
    for sentence in _SENTENCE_RE.split(system[:8000]):
        low = sentence.casefold()
        if any(lang.restrict.search(low) for lang in LANGUAGES):
            out |= text_tokens(sentence, 48)
    return cap(out, MAX_RESTRICT)


__all__ = ["MAX_KIND", "arguments", "definitions", "name_tokens", "restrictions"]
