"""The optional mypyc build (processor/build_native.py, setup.py, the loader in processor/core/__init__.py)."""

from __future__ import annotations

import runpy
from pathlib import Path

import processor.core as core
from processor import build_native

ROOT = Path(__file__).resolve().parents[2]


def test_setup_py_and_build_native_compile_the_same_modules() -> None:
    setup_rule = runpy.run_path(str(ROOT / "setup.py"), run_name="not_main")  # no TOOLMEND_COMPILE: plain setup()
    assert setup_rule["INTERPRETED"] == build_native.INTERPRETED
    assert setup_rule["compiled_sources"]() == build_native.compiled_sources()
    assert "processor/core/tracker.py" in build_native.compiled_sources()
    assert "processor/core/event_schema.py" not in build_native.compiled_sources()


def test_loader_checks_the_modules_build_native_compiles() -> None:
    built = {build_native.module_name(p) for p in build_native.compiled_sources()}
    assert core._modules(build_native.INTERPRETED) == built


def test_compiled_core_is_all_or_nothing() -> None:
    import processor.core.partition as partition
    import processor.core.tracker as tracker

    native = [m.__file__ is not None and not m.__file__.endswith(".py") for m in (partition, tracker)]
    assert native == [core.NATIVE] * 2
