"""Every repository path the docs (`docs/*.md`, README.md, bench/README.md) or a module's docstring names exists:
a moved or deleted file fails here, not in a reader's hands. Paths are recognised by their first folder; one that
starts at `shell/`, `core/`, `synth/` or `train/` is read below `processor/`. Templates (`<n>`, `*`, `{a,b}`) and
what benchmarks write (`bench/out/`, ignored by git) are not checked."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
FIRST = r"(?:\.ci|processor|tests|docs|bench|deploy|tools|shell|core|synth|train)"
PATH = re.compile(r"(?<![\w./-])(" + FIRST + r"/[\w./<>{}*-]*[\w/>}*])")
WRITTEN = ("bench/out/",)  # written by the benchmarks, ignored by git


def named_paths(text: str) -> list[str]:
    return [m.group(1).rstrip(".") for m in PATH.finditer(text)]


def missing(text: str, root: Path = ROOT) -> list[str]:
    out = []
    for p in named_paths(text):
        if any(c in p for c in "<>{}*") or p.startswith(WRITTEN):
            continue
        if not any((base / p).exists() for base in (root, root / "processor")):
            out.append(p)
    return out


def _docs() -> list[Path]:
    return [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md", ROOT / "bench" / "README.md"]


def _modules() -> list[Path]:
    found = [*ROOT.glob("processor/**/*.py"), *ROOT.glob("bench/*.py"), *ROOT.glob("tests/**/*.py"),
             *ROOT.glob("tools/*.py")]
    return sorted(p for p in found if ".venv" not in p.parts)


@pytest.mark.parametrize("doc", _docs(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_path_a_page_names_exists(doc: Path) -> None:
    assert missing(doc.read_text(encoding="utf-8")) == []


def test_every_path_a_module_docstring_names_exists() -> None:
    found = []
    for path in _modules():
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        found += [f"{path.relative_to(ROOT).as_posix()}: {p}" for p in missing(doc)]
    assert found == []


def test_a_moved_file_is_found_and_templates_and_outputs_are_not() -> None:
    text = ("see `shell/worker/checkpoint.py` and tests/unit/shell/test_checkpoint.py, docs/nowhere.md, "
            "bench/results/worker_<section>.json, bench/out/peers, core/state/dicts/<n>.zdict.")
    assert missing(text) == ["tests/unit/shell/test_checkpoint.py", "docs/nowhere.md"]
