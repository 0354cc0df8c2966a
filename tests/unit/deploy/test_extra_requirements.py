"""tools/extra_requirements.py: an extra's requirements with toolmend's own `toolmend[x]` references expanded, each
once, in first-seen order (what the suite installs beside the compiled wheel)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
_spec = importlib.util.spec_from_file_location("extra_requirements", ROOT / "tools" / "extra_requirements.py")
assert _spec is not None and _spec.loader is not None
mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mod)


def test_own_extras_are_expanded_once_in_first_seen_order(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("""
[project]
name = "toolmend"
dependencies = ["orjson>=3"]
[project.optional-dependencies]
worker = ["aiokafka>=0.14", "orjson>=3"]
otlp = ["protobuf>=5"]
both = ["toolmend[worker, otlp]", "toolmend[worker]"]
test = ["toolmend[both]", "pytest>=8"]
""", encoding="utf-8")
    assert mod.extra_requirements("test", tmp_path) == ["orjson>=3", "aiokafka>=0.14", "protobuf>=5", "pytest>=8"]


def test_the_projects_test_extra_names_no_toolmend_reference() -> None:
    reqs = mod.extra_requirements("test")
    assert reqs and not any(r.strip().startswith("toolmend") for r in reqs)
    assert len(reqs) == len(set(reqs))
