"""The fault-injection table (tests/support/fault_table.py) lists every case once, with or without xdist workers."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]

CASES = '''
import pytest

from tests.support.fault_table import attach


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    if rep.when == "call":
        attach(rep, {"case": item.name, "broker": "kafka", "outcome": rep.outcome, "seconds": 1.5, "lost": 0,
                     "note": "n-" + item.name, "t0": 0.0})
    return rep
'''

TESTS = "\n".join(f"def test_case_{i}():\n    assert {i} != 3\n" for i in range(6))


@pytest.mark.parametrize("workers", [[], ["-p", "xdist", "-n", "2"]], ids=["in-process", "two-workers"])
def test_every_case_is_one_row_of_the_table(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
                                            workers: list[str]) -> None:
    pytester.makeconftest(CASES)
    pytester.makepyfile(test_cases=TESTS)
    monkeypatch.setenv("PYTHONPATH", str(REPO))  # `tests` for the subprocess and its workers
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # only the plugins named: a quicker start
    result = pytester.runpytest_subprocess("-p", "tests.support.fault_table", *workers)
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines(["*= fault-injection cases =*", "case *broker*outcome*seconds*note",
                                 "6 cases in 9s (the sum of their durations)"])
    rows = [line for line in result.stdout.lines if line.startswith("test_case_")]
    assert sorted(r.split()[0] for r in rows) == [f"test_case_{i}" for i in range(6)]
    assert [r.split()[2] for r in rows].count("failed") == 1
    assert all(r.endswith("n-" + r.split()[0]) for r in rows)
