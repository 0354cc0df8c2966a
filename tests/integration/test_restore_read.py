"""The restore's read of the changelog, on the transport the run chooses (`--client`): every state record that
exists when the read begins, however large, is read; read committed, nothing a fenced or aborted transaction
wrote (and on librdkafka, what this process's producers still held is settled first:
tests/unit/shell/transport/test_librdkafka.py). What `recovery.read_changelog` relies on to never commit past
the state it restored."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import pytest
from aiokafka.structs import TopicPartition

from processor.shell.transport import client_for
from tests.integration.harness import ensure_topics, settings_for

pytestmark = pytest.mark.kafka

BIG = 900_000  # a state record near max_event_bytes (1 MiB): a fetch holds one or two


async def _read(s: Any, topic: str, partitions: int) -> dict[int, list[bytes]]:
    k = client_for(s)
    rc = k.new_state_reader(s)
    await rc.start()
    got: dict[int, list[bytes]] = {}
    try:
        tps = [TopicPartition(topic, p) for p in range(partitions)]
        rc.assign(tps)
        await rc.seek_to_beginning(*tps)
        end = await rc.end_offsets(tps)

        def apply(tp: TopicPartition, recs: list[Any]) -> None:
            got.setdefault(tp.partition, []).extend(r.key for r in recs)

        await asyncio.wait_for(k.drain(rc, tps, end, apply), 60)
    finally:
        await rc.stop()
    return got


@pytest.mark.needs_kafka
async def test_large_state_read_committed_after_a_fence(broker) -> None:  # type: ignore[no-untyped-def]
    """Committed, aborted and fenced transactions of records near 1 MiB on two partitions: the read holds every
    committed record, in order, and none of the others."""
    from confluent_kafka import Producer


    s = settings_for(broker.bootstrap, delivery="exactly_once", partitions=2)
    topic = s.changelog_topic
    await ensure_topics(s, [(topic, 2, {"max.message.bytes": str(8 << 20)})])
    committed: dict[int, list[bytes]] = {0: [], 1: []}
    n = 0

    def producer() -> Any:
        p = Producer({"bootstrap.servers": broker.bootstrap, "transactional.id": f"{topic}-t",
                      "message.max.bytes": 8 << 20})
        p.init_transactions(30)
        return p

    def txn(p: Any, count: int, how: str) -> None:
        nonlocal n
        p.begin_transaction()
        keys = []
        for _ in range(count):
            key, n = f"k{n}".encode(), n + 1
            p.produce(topic, os.urandom(BIG), key, n % 2)
            keys.append((n % 2, key))
        p.flush(30)
        if how == "commit":
            p.commit_transaction(30)
            for part, key in keys:
                committed[part].append(key)
        elif how == "abort":
            p.abort_transaction(30)

    def write() -> None:
        zombie = producer()
        txn(zombie, 4, "commit")
        txn(zombie, 3, "abort")
        txn(zombie, 5, "commit")
        txn(zombie, 4, "open")  # then fenced: the next instance of the id aborts it
        owner = producer()
        txn(owner, 5, "commit")
        txn(owner, 1, "commit")

    await asyncio.to_thread(write)
    got = await _read(s, topic, 2)
    assert {p: got.get(p, []) for p in (0, 1)} == committed

