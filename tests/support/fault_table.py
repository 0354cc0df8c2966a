"""A pytest plugin: the table of the fault-injection cases (tests/integration/test_faults.py) at the end of a run.

A case's test fills in its row (``fault_row`` fixture, tests/integration/conftest.py); the row travels on the
test's report as a user property, so the table is printed by the process that prints the summary: the run
itself, or the pytest-xdist controller, whose reports come from its workers (tests/run.sh runs the fault suite
on two). Registered from the root conftest, so the controller has it whatever paths the run was given.
"""

from __future__ import annotations

from typing import Any

import pytest

PROPERTY = "toolmend_fault_row"
COLUMNS = ("case", "broker", "outcome", "seconds", "lost", "extra", "conflicting", "mismatched", "misordered",
           "duplicates", "note")


def attach(report: pytest.TestReport, row: dict[str, Any]) -> None:
    """A copy of *row* as it stands, on this report only (an item's own property list is shared by its phases)."""
    report.user_properties = [*report.user_properties, (PROPERTY, {k: v for k, v in row.items() if k != "t0"})]


class FaultTable:
    def __init__(self) -> None:
        self.rows: dict[str, dict[str, Any]] = {}  # by node id, in the order the reports arrived

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for name, value in report.user_properties:
            if name == PROPERTY:
                self.rows.setdefault(report.nodeid, {}).update(value)

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        rows = list(self.rows.values())
        if not rows:
            return

        def cell(r: dict[str, Any], c: str) -> str:
            v = r.get(c, "")
            return f"{v:.0f}" if isinstance(v, float) else str(v)

        widths = {c: max(len(c), *(len(cell(r, c)) for r in rows)) for c in COLUMNS[:-1]}
        terminalreporter.write_sep("=", "fault-injection cases")
        terminalreporter.write_line("  ".join(c.ljust(widths[c]) for c in COLUMNS[:-1]) + "  note")
        for r in rows:
            terminalreporter.write_line("  ".join(cell(r, c).ljust(widths[c]) for c in COLUMNS[:-1]) + "  "
                                        + str(r.get("note", "")))
        total = sum(float(r.get("seconds", 0.0)) for r in rows)
        terminalreporter.write_line(f"{len(rows)} cases in {total:.0f}s (the sum of their durations)")


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(FaultTable(), "toolmend-fault-table")
