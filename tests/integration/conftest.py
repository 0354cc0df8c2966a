"""The real broker of the integration suite: one per session, chosen by ``--broker`` (default tansu); and the
rows of the fault-injection cases (marker ``faults``), printed as a table at the end of the run
(tests/support/fault_table.py).

Under pytest-xdist (tests/run.sh runs the broker stages on two workers) a session is one worker's: each worker
starts its own broker on free ports, and the tests it runs use it one at a time, each on topics and a group of
its own (``harness.settings_for``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.brokers import RunningBroker, start_broker
from tests.support.fault_table import attach

FAULTS = "faults"
_ROW = pytest.StashKey[dict[str, Any]]()


ON_DEMAND = "on_demand"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"{FAULTS}: fault-injection suite (tests/integration/test_faults.py): "
                            "every case compares every output topic with an offline pass of the engine")
    config.addinivalue_line("markers", f"{ON_DEMAND}: a case too long (or needing root) for tests/run.sh: deselected "
                            f"unless `-m` names it (pytest --broker=kafka -m {ON_DEMAND} tests/integration) or its "
                            "node id is given")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On-demand cases run when asked for: by `-m` (an expression naming the marker) or by node id."""
    if ON_DEMAND in (config.option.markexpr or ""):
        return
    named = [a.replace("\\", "/") for a in config.args if "::" in a]
    keep: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        asked = any(item.nodeid == a or item.nodeid.startswith(a + "[") or a.endswith(item.nodeid) for a in named)
        (dropped if item.get_closest_marker(ON_DEMAND) and not asked else keep).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


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
        attach(rep, row)
    return rep

