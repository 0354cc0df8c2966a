"""Which models bind thinking to its prefix, and the thinking policy of a repair.

A thinking block whose prefix a repair changed is rejected by the models that bind thinking (docs/semantics.md,
"Thinking bound to its prefix"). The policy says what the repair does with such blocks: `keep` them and report
them, `strip_changed` (remove exactly those), or `auto`: strip for the models whose name matches one of the
patterns (package data `thinking_models.json`, settable), keep for the others and for an unknown model.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Sequence
from typing import Literal

import orjson

ThinkingPolicy = Literal["keep", "strip_changed", "auto"]
THINKING_POLICIES: tuple[ThinkingPolicy, ...] = ("keep", "strip_changed", "auto")
_CACHE_LIMIT = 1024  # model names whose answer is remembered (the names a worker sees are few)


def default_patterns() -> tuple[str, ...]:
    """The shipped patterns (package data `thinking_models.json`)."""
    from importlib import resources

    doc = orjson.loads((resources.files("processor.core") / "thinking_models.json").read_bytes())
    return tuple(str(p) for p in doc["patterns"])


class ModelPatterns:
    """A list of glob patterns over model names (case-insensitive, the whole name), with a bounded cache."""

    __slots__ = ("_cache", "_re", "patterns")

    def __init__(self, patterns: Sequence[str]) -> None:
        self.patterns = tuple(patterns)
        for p in self.patterns:
            if not isinstance(p, str) or not p.strip():
                raise ValueError("a model pattern must be a non-empty string")
        self._re = re.compile("|".join(fnmatch.translate(p.strip().lower()) for p in self.patterns)) \
            if self.patterns else None
        self._cache: dict[str, bool] = {}

    def match(self, model: str | None) -> bool:
        if model is None or self._re is None:
            return False
        hit = self._cache.get(model)
        if hit is None:
            hit = self._re.match(model.lower()) is not None
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            self._cache[model] = hit
        return hit


_DEFAULT: ModelPatterns | None = None


def default_models() -> ModelPatterns:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = ModelPatterns(default_patterns())
    return _DEFAULT


def strips(policy: ThinkingPolicy, models: ModelPatterns | None, model: str | None) -> bool:
    """Whether a repair under `policy` removes the thinking it invalidates, for `model`."""
    if policy == "strip_changed":
        return True
    if policy == "keep":
        return False
    return (models if models is not None else default_models()).match(model)


__all__ = ["THINKING_POLICIES", "ModelPatterns", "ThinkingPolicy", "default_models", "default_patterns", "strips"]
