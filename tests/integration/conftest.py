"""The real broker of the integration suite: one per session, chosen by ``--broker`` (default tansu); and the
table of the fault-injection cases (marker ``faults``) printed at the end of the run."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.brokers import RunningBroker, start_broker

FAULTS = "faults"
_ROW = pytest.StashKey[dict[str, Any]]()
_ROWS = pytest.StashKey[list[dict[str, Any]]]()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"{FAULTS}: fault-injection suite (tests/integration/test_faults.py): "
                            "every case compares every output topic with an offline pass of the engine")
    config.stash[_ROWS] = []


@pytest.fixture(scope="session")
def broker(request: pytest.FixtureRequest) -> Iterator[RunningBroker]:
    kind = request.config.getoption("--broker")
    with start_broker(kind) as running:
        yield running


@pytest.fixture
def fault_row(request: pytest.FixtureRequest) -> dict[str, Any]:
    """The case's row in the end-of-run table: the test fills in its counts and a note."""
    row: dict[str, Any] = {"case": request.node.name.removeprefix("test_"),
                           "broker": request.config.getoption("--broker"), "note": "", "t0": time.monotonic()}
    request.node.stash[_ROW] = row
    return row


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    rep = yield
    row = item.stash.get(_ROW, None)
    if row is not None and (rep.when == "call" or (rep.failed and "outcome" not in row)):
        if call.excinfo is not None and rep.when == "call":  # why, in one line
            first = (str(call.excinfo.value).strip().splitlines() or [""])[0][:160]
            row["note"] = (row["note"] + f" [{call.excinfo.typename}: {first}]").strip()
        if hasattr(rep, "wasxfail"):
            row["outcome"] = "xfail" if rep.skipped else "XPASS"
        elif rep.failed and "XPASS(strict)" in str(rep.longrepr):
            row["outcome"] = "XPASS(strict)"
        else:
            row["outcome"] = rep.outcome if rep.when == "call" else f"{rep.when} {rep.outcome}"
        row["seconds"] = time.monotonic() - row["t0"]
        if row not in item.config.stash[_ROWS]:
            item.config.stash[_ROWS].append(row)
    return rep


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    rows = config.stash.get(_ROWS, [])
    if not rows:
        return
    cols = ("case", "broker", "outcome", "seconds", "lost", "extra", "conflicting", "mismatched", "misordered",
            "duplicates",
            "note")

    def cell(r: dict[str, Any], c: str) -> str:
        v = r.get(c, "")
        return f"{v:.0f}" if isinstance(v, float) else str(v)

    widths = {c: max(len(c), *(len(cell(r, c)) for r in rows)) for c in cols[:-1]}
    terminalreporter.write_sep("=", "fault-injection cases")
    terminalreporter.write_line("  ".join(c.ljust(widths[c]) for c in cols[:-1]) + "  note")
    for r in rows:
        terminalreporter.write_line("  ".join(cell(r, c).ljust(widths[c]) for c in cols[:-1]) + "  " + r["note"])
    total = sum(r.get("seconds", 0.0) for r in rows)
    terminalreporter.write_line(f"{len(rows)} cases in {total:.0f}s")
