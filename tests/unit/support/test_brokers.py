"""The ports tests hand to the services they start (tests/support/brokers.py): below the ephemeral range, one
slice per xdist worker, never the same port twice in a row."""

from __future__ import annotations

import itertools
import socket

import pytest

from tests.support import brokers


def fresh_source(monkeypatch: pytest.MonkeyPatch, worker: str | None, count: str | None,
                 share: str | None = None) -> brokers._PortSource:
    for name, value in (("PYTEST_XDIST_WORKER", worker), ("PYTEST_XDIST_WORKER_COUNT", count),
                        ("TOOLMEND_TEST_PORTS", share)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    monkeypatch.setattr(brokers, "_SOURCE", None)
    return brokers._PortSource()


def test_each_worker_has_its_own_slice_below_the_ephemeral_range(monkeypatch: pytest.MonkeyPatch) -> None:
    slices = [fresh_source(monkeypatch, f"gw{i}", "2").ports for i in range(2)]
    assert slices[0].stop <= slices[1].start
    assert slices[0].start >= brokers._PORTS_LOW and slices[1].stop <= brokers._ephemeral_low()
    assert len(slices[0]) > 1000
    alone = fresh_source(monkeypatch, None, None).ports
    assert alone.start == brokers._PORTS_LOW and alone.stop <= brokers._ephemeral_low()


def test_two_runs_at_once_have_disjoint_shares_split_per_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/run.sh runs two pytest runs at once (TOOLMEND_TEST_PORTS=0/2 and 1/2): each has workers gw0, gw1."""
    slices = [fresh_source(monkeypatch, f"gw{w}", "2", f"{run}/2").ports for run in range(2) for w in range(2)]
    for a, b in itertools.pairwise(slices):
        assert a.stop <= b.start
    assert slices[0].start >= brokers._PORTS_LOW and slices[-1].stop <= brokers._ephemeral_low()
    assert all(len(s) > 1000 for s in slices)
    for bad in ("2/2", "x", "1/0"):
        with pytest.raises(ValueError, match="TOOLMEND_TEST_PORTS"):
            fresh_source(monkeypatch, "gw0", "2", bad)


def test_ports_are_free_distinct_and_in_the_slice(monkeypatch: pytest.MonkeyPatch) -> None:
    fresh_source(monkeypatch, "gw1", "2")
    ports = brokers.free_ports(5) + [brokers.free_port() for _ in range(20)]
    assert len(set(ports)) == len(ports)
    assert all(p in brokers._worker_slice() for p in ports)
    with socket.socket() as s:  # each was free: it binds now
        s.bind(("127.0.0.1", ports[0]))


def test_a_port_in_use_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    source = fresh_source(monkeypatch, "gw0", "1")
    monkeypatch.setattr(brokers, "_SOURCE", source)
    taken = source.ports[source.next % len(source.ports)]
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", taken))
        busy.listen()
        assert taken not in brokers.free_ports(3)
