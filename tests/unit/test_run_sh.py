"""tests/run.sh, the suite's one command: its stages, what it refuses, and the variables it passes to the
processes the tests start."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from processor.shell.config import OTHER_VARIABLES, Settings

ROOT = Path(__file__).resolve().parents[2]
RUN = ROOT / "tests" / "run.sh"
STAGES = ["venv", "tools", "lint", "python", "wheel", "outputs", "unit", "tansu", "rdkafka", "kafka", "faults",
          "manifests", "stack", "image"]


def run_sh(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(RUN), *args], capture_output=True, text=True, timeout=60, check=False)


def test_list_names_every_stage_with_its_budget_and_the_whole_runs() -> None:
    done = run_sh("--list")
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()[1:] if re.match(r"^\w+ +\d+s ", line)]
    assert [r[0] for r in rows] == STAGES
    budgets = [int(r[1].removesuffix("s")) for r in rows]
    assert all(b > 0 for b in budgets)
    assert f"sum of the budgets {sum(budgets)}s" in done.stdout
    assert "the whole run: budget 1200s, hard ceiling 1800s" in done.stdout


def test_an_unknown_stage_is_one_line_and_exit_2_before_anything_runs() -> None:
    done = run_sh("unit", "nosuch")
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == "tests/run.sh: no stage named 'nosuch'"
    assert "==>" not in done.stdout


def test_the_python_core_pass_names_files_that_exist() -> None:
    text = RUN.read_text()
    block = text[text.index("PYTHON_CORE_TESTS=("):]
    paths = re.findall(r"^\s+(tests/\S+\.py)", block[:block.index("\n)")], re.M)
    assert len(paths) >= 3
    assert all((ROOT / p).is_file() for p in paths), paths
    skipped = re.search(r"^PYTHON_CORE_SKIP=(\S+)::(\w+)$", text, re.M)
    assert skipped is not None and skipped[1] in paths
    assert f"def {skipped[2]}(" in (ROOT / skipped[1]).read_text()


def test_every_toolmend_variable_of_the_suite_is_one_the_worker_accepts() -> None:
    """The workers the tests start inherit the suite's environment; `toolmend run` refuses a TOOLMEND_* variable
    that is not a setting unless it is one of the project's own (config.OTHER_VARIABLES)."""
    settings = {f"TOOLMEND_{name.upper()}" for name in Settings.model_fields}
    scripts = [RUN, ROOT / "deploy" / "check.sh", ROOT / "deploy" / "image" / "test.sh"]
    names = {n for f in scripts for n in re.findall(r"\bTOOLMEND_[A-Z_]+\b", f.read_text())}
    assert "TOOLMEND_SUITE_JSON" in names
    assert names <= settings | OTHER_VARIABLES, names - settings - OTHER_VARIABLES


def test_every_function_and_setting_of_run_sh_is_defined_once() -> None:
    """A merge that repeats a block of stages defines them twice: bash silently runs the later copy."""
    text = RUN.read_text()
    functions = re.findall(r"^(\w+)\(\) *\{", text, re.M)
    settings = re.findall(r"^([A-Z_]+)=", text, re.M)
    assert {f"stage_{s}" for s in STAGES} <= set(functions)
    twice = sorted({n for n in functions + settings if (functions + settings).count(n) > 1})
    assert not twice, f"defined more than once in tests/run.sh: {twice}"
