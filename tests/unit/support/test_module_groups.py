"""The xdist work units (tests/support/module_groups.py): a module with a module-scoped fixture runs on one worker."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.module_groups import scope_of

REPO = Path(__file__).resolve().parents[3]
SHARED = '''
import pytest

@pytest.fixture(scope="module")
def service():
    return object()

''' + "".join(f"def test_shared_{i}(service):\n    pass\n\n" for i in range(6))
SINGLE = "".join(f"def test_single_{i}():\n    pass\n\n" for i in range(6))


def test_a_module_with_a_module_fixture_is_one_unit(tmp_path: Path) -> None:
    (tmp_path / "test_shared.py").write_text(SHARED)
    (tmp_path / "test_single.py").write_text(SINGLE)
    assert scope_of("test_shared.py::test_shared_1", tmp_path) == "test_shared.py"
    assert scope_of("test_single.py::test_single_1", tmp_path) == "test_single.py::test_single_1"


def test_on_two_workers_the_shared_fixtures_tests_run_on_one(pytester: pytest.Pytester,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makepyfile(test_shared=SHARED, test_single=SINGLE)
    monkeypatch.setenv("PYTHONPATH", str(REPO))
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    result = pytester.runpytest_subprocess("-p", "xdist", "-p", "tests.support.module_groups", "-n", "2",
                                           "--dist", "loadgroup", "-v")
    result.assert_outcomes(passed=12)
    workers = {m[2]: m[1] for m in re.finditer(r"\[(gw\d)\].* PASSED (\S+)", result.stdout.str())}
    assert len({w for t, w in workers.items() if "test_shared" in t}) == 1, workers
    assert len(workers) == 12
