"""Suite-wide options and guards.

* ``--broker`` picks the real broker of ``tests/integration`` (see its conftest).
* ``--client`` picks the Kafka client of every worker, replay and stage the tests start (``aiokafka``, the default,
  or ``librdkafka``): it sets ``TOOLMEND_KAFKA_CLIENT`` for the session, which the settings and the processes the
  tests run read, so the same integration, exactly-once and fault tests run on either transport.
* Which core the run must test: ``TOOLMEND_EXPECT_CORE=python|compiled`` (default python: a checkout or an
  editable install runs the sources). The session stops at once if the imported core is the other one, so a run
  meant for the compiled wheel cannot pass on the sources, nor the other way round (tests/run.sh sets it).
* No silent skips: tests/support/skips.py fails the run on any skip not on tests/skips_allowed.txt.
"""

from __future__ import annotations

import os

import pytest

import processor.core

pytest_plugins = ("tests.support.skips", "tests.support.fault_table", "tests.support.module_groups", "pytester")

CORES = ("python", "compiled")

BROKERS = ("tansu", "kafka")
CLIENTS = ("aiokafka", "librdkafka")
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
    parser.addoption(
        "--client",
        choices=CLIENTS,
        default=os.environ.get("TOOLMEND_KAFKA_CLIENT", "aiokafka"),
        help="Kafka client of the workers the tests run: aiokafka (default) or librdkafka (the librdkafka extra); "
        "sets TOOLMEND_KAFKA_CLIENT for the session",
    )


def expected_core() -> str:
    kind = os.environ.get("TOOLMEND_EXPECT_CORE", "python").strip() or "python"
    if kind not in CORES:
        raise pytest.UsageError(f"TOOLMEND_EXPECT_CORE={kind!r}: expected one of {', '.join(CORES)}")
    return kind


def running_core() -> str:
    return "compiled" if processor.core.compiled() else "python"


def core_mismatch() -> str | None:
    """Why the imported core is not the one this run must test, or None."""
    import processor.core.tracker as tracker

    want, have = expected_core(), running_core()
    if want == have:
        return None
    return (f"TOOLMEND_EXPECT_CORE={want} but the core imported is {have} ({tracker.__file__}): "
            + ("install the wheel built with TOOLMEND_COMPILE=1 and run pytest without the checkout first on "
               "sys.path (tests/run.sh)" if want == "compiled" else "set TOOLMEND_EXPECT_CORE=compiled"))


def pytest_report_header(config: pytest.Config) -> list[str]:
    import processor.core.tracker as tracker

    return [f"broker: {config.getoption('--broker')}, client: {config.getoption('--client')}",
            f"core: {running_core()} (expected {expected_core()}; {tracker.__file__})"]


def pytest_sessionstart(session: pytest.Session) -> None:
    problem = core_mismatch()
    if problem is not None:
        raise pytest.UsageError(problem)


def pytest_configure(config: pytest.Config) -> None:
    client = config.getoption("--client", default="aiokafka")
    if client != "aiokafka":
        os.environ["TOOLMEND_KAFKA_CLIENT"] = client
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
