"""A command that needs an extra which is not installed says which one, in one line, with exit 2; the offline
commands run on the core's dependencies alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from processor.shell import extras

pytestmark = pytest.mark.library  # needs the core's dependencies only (tests/run.sh stack)

ROOT = Path(__file__).resolve().parents[3]

PROGRAM = """
import importlib.abc, sys

BLOCKED = set(sys.argv[1].split(","))


class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".", 1)[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Block())
from processor.shell.cli import main

raise SystemExit(main(sys.argv[2:]))
"""


def toolmend(blocked: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", PROGRAM, ",".join(blocked), *args], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)


@pytest.mark.parametrize(("command", "args", "module", "extra"), [
    ("run", [], "aiokafka", "worker"),
    ("replay", ["--help"], "pydantic", "worker"),
    ("schema", [], "pydantic", "worker"),
    ("demo", [], "aiokafka", "demo"),  # demo's own extra brings the worker's
])
def test_a_command_without_its_extra_names_it_in_one_line_and_exits_2(command: str, args: list[str], module: str,
                                                                       extra: str) -> None:
    p = toolmend(sorted(extras.EXTRA_OF), command, *args)
    assert p.returncode == 2, p.stderr
    assert p.stdout == ""
    assert p.stderr == f"toolmend {command}: needs {module}, in the {extra} extra: pip install 'toolmend[{extra}]'\n"


def test_patch_runs_without_any_extra() -> None:
    p = toolmend(sorted(extras.EXTRA_OF), "patch", "processor/examples/interrupted.json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["changed"] and out["findings"]


def test_a_missing_module_no_extra_installs_is_a_bug_that_keeps_its_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    from processor.shell import cli
    from processor.shell.commands import schema

    assert extras.missing(ModuleNotFoundError("x", name="processor.gone"), "run") is None

    def broken(argv: list[str]) -> int:
        raise ModuleNotFoundError("No module named 'processor.gone'", name="processor.gone")

    monkeypatch.setattr(schema, "main", broken)
    with pytest.raises(ModuleNotFoundError):
        cli.main(["schema"])


def test_every_extra_named_is_one_pyproject_declares() -> None:
    import tomllib

    groups = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert set(extras.EXTRA_OF.values()) <= set(groups)
    for own, covers in extras.COMMAND_EXTRA.values():
        assert own in groups and covers <= set(groups)
