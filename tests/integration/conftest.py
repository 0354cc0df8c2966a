"""The real broker of the integration suite: one per session, chosen by ``--broker`` (default tansu)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.brokers import RunningBroker, start_broker


@pytest.fixture(scope="session")
def broker(request: pytest.FixtureRequest) -> Iterator[RunningBroker]:
    kind = request.config.getoption("--broker")
    with start_broker(kind) as running:
        yield running
