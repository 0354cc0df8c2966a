"""requirements/lock.txt (what CI and the image install) and pyproject.toml's ranges (what toolmend works with)
agree: every pin inside its ranges, every range pinned, every range `>=` a tested version and `<` the next major;
tools/lock.py, which writes the lock, reports exactly such problems."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[3]
spec = importlib.util.spec_from_file_location("toolmend_lock", ROOT / "tools" / "lock.py")
assert spec is not None and spec.loader is not None
lock = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = lock
spec.loader.exec_module(lock)


def test_every_pin_of_the_lock_satisfies_pyproject_and_every_range_has_a_pin() -> None:
    pins = lock.read_lock()
    ranges = lock.ranges()
    assert ranges and pins
    for name, reqs in ranges.items():
        assert name in pins, f"{name}: no pin in requirements/lock.txt"
        for req in reqs:
            assert req.specifier.contains(pins[name], prereleases=True), f"{name}=={pins[name]} outside {req}"
    assert lock.problems() == []


def test_every_range_is_at_least_a_tested_version_and_below_the_next_major() -> None:
    for name, reqs in lock.ranges().items():
        for req in reqs:
            ops = {s.operator: Version(s.version) for s in req.specifier}
            assert set(ops) == {">=", "<"}, req
            low, high = ops[">="], ops["<"]
            assert high == Version(f"{low.major + 1}"), f"{req}: `<` the next major of its lower bound"
            assert name != "toolmend"


def test_problems_names_a_pin_outside_its_range_a_range_without_a_pin_and_an_exact_pin(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "toolmend"\nversion = "0"\ndependencies = ["orjson>=3.9,<4", "rich==15.0.0"]\n'
        '[project.optional-dependencies]\nworker = ["aiokafka>=0.14,<1"]\nall = ["toolmend[worker]"]\n')
    (tmp_path / "lock.txt").write_text("# header\norjson==4.0.0\nrich==15.0.0\n")
    found = lock.problems(tmp_path, tmp_path / "lock.txt")
    assert any(p.startswith("orjson==4.0.0 in lock.txt is outside") for p in found), found
    assert "aiokafka: a range in pyproject.toml and no pin in lock.txt" in found
    assert any(p.startswith("rich==15.0.0: a range is") for p in found), found
    assert len(found) == 3


def test_the_lower_bounds_file_is_the_lock_with_the_core_at_its_oldest_versions() -> None:
    low = dict(line.split("==") for line in lock.lower_bounds())
    pins = lock.read_lock()
    core = [Requirement(r) for r in lock.project()["dependencies"]]
    for req in core:
        assert Version(low[req.name]) == next(Version(s.version) for s in req.specifier if s.operator == ">=")
    assert {n: Version(v) for n, v in low.items() if n not in {r.name for r in core}} == \
        {n: v for n, v in pins.items() if n not in {r.name for r in core}}


def test_the_compiled_builds_pins_are_the_locks() -> None:
    """setup.py's build requirements (mypyc compiles against them) are the versions CI and the image run."""
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    build = dict(re.findall(r'"([a-z-]+)==([^"]+)"', text.split("BUILD_REQUIRES = ", 1)[1].split("\n", 1)[0]))
    pins = lock.read_lock()
    assert build and {n: Version(v) for n, v in build.items()} == {n: pins[n] for n in build}
