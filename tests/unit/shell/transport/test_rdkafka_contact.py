"""rdkafka_contact: which statistics of librdkafka say the broker answered (readiness, the unreachable gauge).

The counts are the shapes librdkafka 2.16 reported against Apache Kafka 4.4 stopped and started again: the group
coordinator is a logical handle with node id -1 that answers every heartbeat; the learned broker disappears while
nothing is reachable and comes back counting from zero."""

from __future__ import annotations

from typing import Any

import orjson

from processor.shell.config import Settings
from processor.shell.transport.librdkafka import RdConsumer, consumer_conf
from processor.shell.transport.rdkafka_contact import Responses


def stats(**brokers: tuple[int, int]) -> dict[str, Any]:
    """Statistics with these broker handles: name -> (node id, responses received)."""
    return {"brokers": {name: {"name": name, "nodeid": node, "rx": rx} for name, (node, rx) in brokers.items()}}


LEARNED, COORD, BOOT = "127.0.0.1:9092/1", "GroupCoordinator", "127.0.0.1:9092/bootstrap"


def test_the_first_statistics_are_a_baseline_only() -> None:
    assert not Responses().answered(stats(**{LEARNED: (1, 50), COORD: (-1, 20)}))


def test_heartbeats_answered_by_the_coordinator_are_contact_while_nothing_is_fetched() -> None:
    """All partitions paused (a restore) or none assigned: only the coordinator's handle counts answers."""
    r = Responses()
    r.answered(stats(**{LEARNED: (1, 3), COORD: (-1, 27)}))
    assert r.answered(stats(**{LEARNED: (1, 3), COORD: (-1, 29)}))
    assert not r.answered(stats(**{LEARNED: (1, 3), COORD: (-1, 29)}))  # silence is silence


def test_an_outage_is_silent_and_the_broker_learned_again_from_zero_is_contact() -> None:
    r = Responses()
    r.answered(stats(**{LEARNED: (1, 113), COORD: (-1, 23)}))
    # the broker stopped: librdkafka drops the learned handle and tries the bootstrap address, unanswered (the
    # coordinator's 24th answer came before the stop)
    assert r.answered(stats(**{BOOT: (-1, 0), COORD: (-1, 24)}))
    assert not r.answered(stats(**{BOOT: (-1, 0), COORD: (-1, 24)}))
    assert not r.answered(stats(**{BOOT: (-1, 0), COORD: (-1, 24)}))
    # back: the bootstrap handle's metadata answer, then the broker learned again, counting from zero
    assert r.answered(stats(**{BOOT: (-1, 2), COORD: (-1, 24)}))
    assert r.answered(stats(**{LEARNED: (1, 2), COORD: (-1, 24)}))


def test_a_handle_dropped_does_not_hide_another_ones_answers() -> None:
    r = Responses()
    r.answered(stats(**{LEARNED: (1, 500), COORD: (-1, 10)}))
    assert r.answered(stats(**{COORD: (-1, 11)}))  # the sum fell by 500, yet the coordinator answered


def test_odd_statistics_are_no_contact() -> None:
    r = Responses()
    r.answered({})
    assert not r.answered({"brokers": {"x": {"rx": "many"}}})
    assert not r.answered({"brokers": None})


async def test_the_consumer_marks_contact_from_the_coordinators_answers() -> None:
    """Wired: the consumer's statistics callback tells the worker's ownership that the broker answered."""
    c = RdConsumer(consumer_conf(Settings.model_construct(bootstrap_servers="127.0.0.1:9092", client_id="t",
                                                          security_protocol="PLAINTEXT", sasl_mechanism=None,
                                                          fetch_max_wait_ms=50, max_event_bytes=1 << 20,
                                                          group_id="g"), group_id="g"))
    contacts: list[int] = []
    c.watchers = (lambda: 0.0, lambda _t: None, lambda: contacts.append(1))
    await c._stats(orjson.dumps(stats(**{LEARNED: (1, 3), COORD: (-1, 27)})).decode())
    await c._stats(orjson.dumps(stats(**{LEARNED: (1, 3), COORD: (-1, 28)})).decode())
    await c._stats(orjson.dumps(stats(**{LEARNED: (1, 3), COORD: (-1, 28)})).decode())
    assert contacts == [1]
