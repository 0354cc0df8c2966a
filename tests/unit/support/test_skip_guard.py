"""The skip guard (tests/support/skips.py) fails a run on a skip that is not allowed, and only then."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.skips import DEFAULT_ALLOW_LIST, read_allow_list

SUITE = '''
import pytest

def test_runs():
    assert True

def test_tool_missing():
    pytest.skip("`promtool` not found: run deploy/prometheus/install.sh")

def test_module_gone():
    pytest.importorskip("processor.core.no_such_module")

@pytest.mark.xfail(reason="known bug")
def test_known_bug():
    assert False
'''


INI = "[pytest]\nasyncio_default_fixture_loop_scope = function\n"


def run(pytester: pytest.Pytester, allow: str) -> pytest.RunResult:
    pytester.makeini(INI)
    pytester.makepyfile(test_inner=SUITE)
    allow_list = pytester.path / "allowed.txt"
    allow_list.write_text(allow)
    return pytester.runpytest("-p", "tests.support.skips", f"--skips-allowed={allow_list}")


def test_a_skip_not_on_the_allow_list_fails_the_run(pytester: pytest.Pytester) -> None:
    result = run(pytester, "`promtool` not found -- no prometheus here\n")
    result.assert_outcomes(passed=1, skipped=2, xfailed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines([
        "*skips: 3 (1 allowed, 2 unexpected)*",
        "*allowed*test_tool_missing*no prometheus here*",
        "*UNEXPECTED*test_module_gone*processor.core.no_such_module*",
        "*UNEXPECTED*test_known_bug*xfail: known bug*",
    ])


def test_allowed_skips_pass(pytester: pytest.Pytester) -> None:
    result = run(pytester, "# comment\n`promtool` not found -- a\nno_such_module -- b\n^xfail: known bug$ -- c\n")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["*skips: 3 (3 allowed, 0 unexpected)*"])


def test_a_module_level_skip_counts(pytester: pytest.Pytester) -> None:
    pytester.makeini(INI)
    pytester.makepyfile(test_gone='import pytest\npytest.importorskip("no_such_dependency")\n\ndef test_x(): pass\n')
    (pytester.path / "allowed.txt").write_text("")
    result = pytester.runpytest("-p", "tests.support.skips", f"--skips-allowed={pytester.path / 'allowed.txt'}")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*UNEXPECTED*test_gone.py*no_such_dependency*"])


def test_an_entry_needs_its_reason(tmp_path: Path) -> None:
    bad = tmp_path / "allowed.txt"
    bad.write_text("promtool not found\n")
    with pytest.raises(pytest.UsageError, match="needs"):
        read_allow_list(bad)


def test_the_suite_allow_list_is_short_and_reasoned() -> None:
    entries = read_allow_list(DEFAULT_ALLOW_LIST)
    assert 0 < len(entries) <= 5
    assert all(len(e.why) > 20 for e in entries)


def test_skips_on_xdist_workers_are_counted_and_fail_the_run(pytester: pytest.Pytester,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/run.sh runs every pytest stage on two workers: the guard counts what the workers report."""
    pytester.makepyfile(test_inner=SUITE, test_gone='import pytest\npytest.importorskip("no_such_dependency")\n')
    (pytester.path / "allowed.txt").write_text("`promtool` not found -- no prometheus here\n")
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parents[3]))  # `tests` for the workers
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # only the plugins named: a quicker start
    result = pytester.runpytest_subprocess("-p", "tests.support.skips", "-p", "xdist", "-n", "2",
                                           f"--skips-allowed={pytester.path / 'allowed.txt'}")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines([
        "*skips: 4 (1 allowed, 3 unexpected)*",
        "*UNEXPECTED*test_gone.py*no_such_dependency*",
    ])
