"""A pytest plugin: no skip passes unnoticed. Every skip (and xfail) is counted and matched against an allow-list;
one that is not on it fails the run, so a test that stops testing (a moved module, a missing tool) turns CI red.

The allow-list (`--skips-allowed`, default tests/skips_allowed.txt) holds one entry a line:
`<regular expression matched against the skip's reason> -- <why that skip is acceptable>`; `#` starts a comment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

DEFAULT_ALLOW_LIST = Path(__file__).resolve().parents[1] / "skips_allowed.txt"


@dataclass(frozen=True)
class Allowed:
    pattern: re.Pattern[str]
    why: str


@dataclass(frozen=True)
class Skip:
    nodeid: str
    reason: str
    allowed_by: Allowed | None


def read_allow_list(path: Path) -> list[Allowed]:
    out = []
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        pattern, sep, why = line.partition(" -- ")
        if not sep or not why.strip():
            raise pytest.UsageError(f"{path}:{n}: an allowed skip needs `<reason regex> -- <why>`")
        out.append(Allowed(re.compile(pattern.strip()), why.strip()))
    return out


def skip_reason(report: pytest.TestReport | pytest.CollectReport) -> str:
    wasxfail = getattr(report, "wasxfail", None)
    if wasxfail is not None:
        return f"xfail: {wasxfail}"
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


class SkipGuard:
    def __init__(self, allowed: list[Allowed], source: Path) -> None:
        self.allowed = allowed
        self.source = source
        self.skips: list[Skip] = []

    def _record(self, report: pytest.TestReport | pytest.CollectReport) -> None:
        reason = skip_reason(report)
        match = next((a for a in self.allowed if a.pattern.search(reason)), None)
        self.skips.append(Skip(report.nodeid, reason, match))

    @property
    def unexpected(self) -> list[Skip]:
        return [s for s in self.skips if s.allowed_by is None]

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.skipped:
            self._record(report)

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.skipped:  # a module-level skip or importorskip: every test in it silently gone
            self._record(report)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self.unexpected and session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        unexpected = self.unexpected
        allowed = len(self.skips) - len(unexpected)
        terminalreporter.write_sep("-", f"skips: {len(self.skips)} ({allowed} allowed, {len(unexpected)} unexpected)",
                                   red=bool(unexpected), green=not unexpected)
        for s in self.skips:
            if s.allowed_by is not None:
                terminalreporter.write_line(f"  allowed     {s.nodeid}: {s.reason} ({s.allowed_by.why})")
        for s in unexpected:
            terminalreporter.write_line(f"  UNEXPECTED  {s.nodeid}: {s.reason}", red=True)
        if unexpected:
            terminalreporter.write_line(
                f"unexpected skips fail the run: make the test run, or add a reasoned entry to {self.source}",
                red=True)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--skips-allowed", type=Path, default=DEFAULT_ALLOW_LIST,
                     help="allow-list of skip reasons (any other skip fails the run); default tests/skips_allowed.txt")


def pytest_configure(config: pytest.Config) -> None:
    path: Path = config.getoption("--skips-allowed")
    config.pluginmanager.register(SkipGuard(read_allow_list(path), path), "toolmend-skip-guard")
