"""The evaluation data under bench/eval/ is JSON lines: the labelled conversations, and each blind slice's
hand-written specs and tool definitions, from which its committed slice is rendered byte for byte."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.evaldata import EVAL, eval_data

CODE = {EVAL / "load.py", EVAL / "blind" / "build.py", EVAL / "blind" / "engine.py"}
SLICES = sorted({p.parent for p in EVAL.glob("blind*/specs_*.jsonl")})


def test_no_evaluation_data_is_a_python_module() -> None:
    modules = sorted(str(p.relative_to(EVAL)) for p in EVAL.rglob("*.py") if p not in CODE)
    assert modules == [], "data belongs in JSONL: `bench/eval/blind/build.py --dir DIR --write-specs` converts it"


def test_the_loader_reads_labelled_conversations_and_not_the_slices_sources() -> None:
    files = eval_data.all_record_files()
    assert EVAL / "regression_eval.jsonl" in files and EVAL / "dev" / "dev.jsonl" in files
    assert not [f for f in files if f.name.startswith(("specs_", "tools"))]
    recs = eval_data.records([EVAL / "blind2"])
    assert recs and {r["set"] for r in recs} == {"blind2"} and all("labels" in r for r in recs)


@pytest.mark.parametrize("slice_dir", SLICES, ids=[p.name for p in SLICES])
def test_each_slice_is_what_its_specs_render(slice_dir: Path) -> None:
    # a bench script runs by path with its own folder first on sys.path (it imports engine.py beside it), which
    # PYTHONSAFEPATH (set for the compiled test runs, so the checkout never shadows the wheel) would take away
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
    run = subprocess.run([sys.executable, str(EVAL / "blind" / "build.py"), "--dir", str(slice_dir), "--check"],
                         capture_output=True, text=True, timeout=120, env=env)
    assert run.returncode == 0, run.stderr[-2000:]


def test_there_are_slices_to_check() -> None:
    assert {p.name for p in SLICES} >= {"blind", "blind2", "blind3", "blind4", "blind5"}
