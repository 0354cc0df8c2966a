"""docs/architecture.md against the code: its module table lists exactly the modules of processor/, and the
layering it states holds (the core does no I/O and reads no clock; no import runs back up a layer)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest


def _root() -> Path:
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "pyproject.toml").is_file() and (parent / "processor").is_dir():
            return parent
    raise AssertionError(f"no checkout root above {here}")


ROOT = _root()
PACKAGE = ROOT / "processor"
DOC = ROOT / "docs" / "architecture.md"

# what the core must not import: I/O, event loops, metrics, clocks, and the layers above it
CORE_FORBIDDEN = ("asyncio", "aiokafka", "prometheus_client", "socket", "selectors", "threading", "time",
                  "processor.shell", "processor.synth", "processor.train")
SYNTH_FORBIDDEN = ("processor.shell", "processor.train")
TRAIN_FORBIDDEN = ("processor.shell", "processor.synth")
# nothing imports a command but the table of commands (shell/cli.py)
COMMANDS_FORBIDDEN = ("processor.shell.commands",)
CLOCK_CALLS = {"now", "utcnow", "today"}


def _modules() -> set[str]:
    return {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")}


def _table_modules(text: str) -> list[tuple[str, str]]:
    """The rows of the table under `## Modules`: (module, job)."""
    section = text.split("\n## Modules\n", 1)
    assert len(section) == 2, "docs/architecture.md has no '## Modules' section"
    body = section[1].split("\n## ", 1)[0]
    rows = []
    for line in body.splitlines():
        m = re.match(r"^\|\s*`([^`]+\.py)`\s*\|(.*)\|\s*$", line)
        if m:
            rows.append((m.group(1), m.group(2).strip()))
    return rows


def _check_table(text: str, modules: set[str]) -> list[str]:
    rows = _table_modules(text)
    named = [module for module, _ in rows]
    problems = [f"missing from the table: {m}" for m in sorted(modules - set(named))]
    problems += [f"in the table but not in processor/: {m}" for m in sorted(set(named) - modules)]
    problems += [f"listed twice: {m}" for m in sorted({m for m in named if named.count(m) > 1})]
    problems += [f"no job given: {m}" for m, job in rows if not job]
    return problems


def test_the_module_table_lists_every_module_of_the_package_once_with_its_job() -> None:
    assert _check_table(DOC.read_text(encoding="utf-8"), _modules()) == []


def test_a_module_missing_from_the_table_or_one_that_does_not_exist_fails_the_check() -> None:
    text = DOC.read_text(encoding="utf-8")
    modules = _modules()
    assert _check_table(text, modules | {"core/new_module.py"}) == ["missing from the table: core/new_module.py"]
    assert _check_table(text, modules - {"core/tracker.py"}) == [
        "in the table but not in processor/: core/tracker.py"]


def _imports(path: Path, package_root: Path) -> list[list[str]]:
    """What each import statement of `path` may import (relative imports resolved to absolute names): for
    `from a import b`, both `a` and `a.b`, since `b` may be a module."""
    package = ["processor", *path.relative_to(package_root).parent.parts]
    statements: list[list[str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            statements += [[a.name] for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            statements.append([prefix, *(f"{prefix}.{a.name}" for a in node.names)])
    return statements


def _violations(layer: str, forbidden: tuple[str, ...], package_root: Path = PACKAGE) -> list[str]:
    found = []
    for path in sorted((package_root / layer).rglob("*.py")):
        for names in _imports(path, package_root):
            bad = [n for n in names if any(n == f or n.startswith(f + ".") for f in forbidden)]
            if bad:
                found.append(f"{path.relative_to(package_root).as_posix()} imports {bad[0]}")
    return found


def test_the_core_imports_no_io_no_event_loop_no_metrics_no_clock_and_nothing_above_it() -> None:
    assert _violations("core", CORE_FORBIDDEN) == []


def test_the_core_calls_no_wall_clock() -> None:
    calls = []
    for path in sorted((PACKAGE / "core").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in CLOCK_CALLS:
                calls.append(f"{path.relative_to(ROOT)}:{node.lineno} calls .{node.func.attr}()")
    assert calls == []


def test_synth_imports_nothing_of_the_shell() -> None:
    assert _violations("synth", SYNTH_FORBIDDEN) == []


def test_train_imports_the_core_only() -> None:
    assert _violations("train", TRAIN_FORBIDDEN) == []


def test_no_module_outside_the_commands_imports_a_command() -> None:
    found = []
    for layer in ("core", "synth", "train", "shell"):
        found += [v for v in _violations(layer, COMMANDS_FORBIDDEN)
                  if not v.startswith(("shell/commands/", "shell/cli.py "))]
    assert found == []


@pytest.mark.parametrize("where, source, found", [
    ("core/m.py", "import asyncio\n", "asyncio"),
    ("core/m.py", "from time import monotonic\n", "time"),
    ("core/m.py", "from ..shell import worker\n", "processor.shell"),
    ("core/state/m.py", "from ...shell.kafka import new_producer\n", "processor.shell.kafka"),
    ("core/state/m.py", "from .. import tracker\nimport orjson\n", None),
])
def test_an_import_the_core_must_not_make_is_found(tmp_path: Path, where: str, source: str, found: str | None) -> None:
    module = tmp_path / where
    module.parent.mkdir(parents=True)
    module.write_text(source, encoding="utf-8")
    expected = [f"{where} imports {found}"] if found else []
    assert _violations("core", CORE_FORBIDDEN, tmp_path) == expected
