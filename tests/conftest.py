"""Suite-wide options. ``--broker`` picks the real broker of ``tests/integration`` (see its conftest)."""

from __future__ import annotations

import os

import pytest

BROKERS = ("tansu", "kafka")
# Tests that only Apache Kafka can pass (transactions, idempotent producer): deselected, not skipped,
# under another broker, and the summary says so.
NEEDS_KAFKA = "needs_kafka"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--broker",
        choices=BROKERS,
        default=os.environ.get("TOOLMEND_BROKER", "tansu"),
        help="real broker for integration tests: tansu (embedded, default; env TOOLMEND_BROKER) "
        "or kafka (Apache Kafka 4.x via deploy/kafka/kafka-local.sh)",
    )


def pytest_report_header(config: pytest.Config) -> str:
    return f"broker: {config.getoption('--broker')}"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{NEEDS_KAFKA}: needs Apache Kafka (e.g. transactions); deselected unless --broker=kafka",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--broker") == "kafka":
        return
    keep: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        (dropped if item.get_closest_marker(NEEDS_KAFKA) else keep).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep
        config.stash[_deselected_key] = [item.nodeid for item in dropped]


_deselected_key = pytest.StashKey[list[str]]()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    dropped = config.stash.get(_deselected_key, [])
    if dropped:
        terminalreporter.write_sep("-", f"{len(dropped)} deselected: {NEEDS_KAFKA} needs --broker=kafka")
        for nodeid in dropped:
            terminalreporter.write_line(f"  {nodeid}")
