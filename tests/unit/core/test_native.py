"""The optional mypyc build (setup.py) and the guards that make a run test the core it claims to test."""

from __future__ import annotations

import importlib
import runpy
from pathlib import Path

import pytest

import processor.core
from tests.conftest import core_mismatch, expected_core

ROOT = Path(__file__).resolve().parents[3]
SETUP = runpy.run_path(str(ROOT / "setup.py"), run_name="not_main")  # without __main__: defines, builds nothing


def module_name(path: str) -> str:
    parts = list(Path(path).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_extension(name: str) -> bool:
    file = importlib.import_module(name).__file__
    assert file is not None, name
    return not file.endswith(".py")


def test_every_core_module_is_compiled_but_the_exclusions() -> None:
    """New modules under processor/core (a package like core/regression/ included) are compiled without an edit
    of setup.py; the shell, the tests' oracle and the pydantic schema are not part of the core any more."""
    sources: list[str] = SETUP["compiled_sources"]()
    on_disk = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "processor" / "core").rglob("*.py"))
    assert sources == [p for p in on_disk if p not in SETUP["EXCLUDE"]]
    assert "processor/core/tracker.py" in sources
    assert "processor/core/dialects/__init__.py" in sources
    assert SETUP["EXCLUDE"] <= set(on_disk), "an exclusion names a module that does not exist"
    assert not any("event_schema" in p or "validate" in p or "/shell/" in p for p in sources)


def test_the_core_runs_as_this_run_expects() -> None:
    """Every compiled module is an extension in the compiled run and a source in the Python run: a wheel that
    silently left modules out, or a run that imported the checkout instead of the wheel, fails here."""
    want = expected_core() == "compiled"
    assert processor.core.compiled() is want
    compiled_modules = [module_name(p) for p in SETUP["compiled_sources"]()]
    assert {m: is_extension(m) for m in compiled_modules} == dict.fromkeys(compiled_modules, want)
    assert not any(is_extension(module_name(p)) for p in SETUP["EXCLUDE"])


def test_a_run_expecting_the_other_core_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    assert core_mismatch() is None
    other = "python" if expected_core() == "compiled" else "compiled"
    monkeypatch.setenv("TOOLMEND_EXPECT_CORE", other)
    problem = core_mismatch()
    assert problem is not None and f"TOOLMEND_EXPECT_CORE={other}" in problem
    monkeypatch.setenv("TOOLMEND_EXPECT_CORE", "native")
    with pytest.raises(pytest.UsageError):
        expected_core()


def test_every_core_module_is_found_by_its_own_name() -> None:
    """A package's __path__ is its own folder, so any module of the core imports by its full name even when its
    package's __init__ did not import it (a compiled package once pointed into a folder that does not exist)."""
    import importlib.machinery

    names = [module_name(p) for p in SETUP["compiled_sources"]()]
    packages = [module_name(p) for p in SETUP["compiled_sources"]() if p.endswith("/__init__.py")]
    for name in packages:
        pkg = importlib.import_module(name)
        assert pkg.__file__ is not None
        assert [Path(p) for p in pkg.__path__] == [Path(pkg.__file__).parent], name
    for name in names:
        parent = name.rpartition(".")[0]
        search = importlib.import_module(parent).__path__
        assert importlib.machinery.PathFinder.find_spec(name, search) is not None, name
