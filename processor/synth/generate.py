"""Synthetic conversation events with injected faults and their exact ground truth (`toolmend generate`).

Each conversation is planned on its own generator, seeded from the master seed (`conversation.py`), packed into
Kafka events in its dialect's native format (`events.py`, docs/events.md) and merged with the other
conversations by event time (`merge.py`). A timed-out call is decided by other traffic of its partition before
its conversation resumes (see `iter_generate`'s `partitions`).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import asdict, replace

from processor.synth.conversation import Config, Conversation, FaultRates, Incident
from processor.synth.events import MAX_VALUE_BYTES, GeneratedEvent, malformed, pack
from processor.synth.merge import Merger, kafka_partition
from processor.synth.native import DIALECTS
from processor.synth.truth import GroundTruth

__all__ = [
    "DEFAULT_START_MS",
    "MAX_VALUE_BYTES",
    "FaultRates",
    "GeneratedEvent",
    "Incident",
    "generate",
    "iter_generate",
    "kafka_partition",
]

DEFAULT_START_MS = 1_767_225_600_000  # 2026-01-01T00:00:00Z
MEAN_ARRIVAL_MS = 6_000  # mean gap between two conversation starts when interleaving
DEFAULT_RATES = FaultRates()


def _config(
    rates: FaultRates,
    dialects: Sequence[str],
    tool_result_timeout_ms: int,
    end_probability: float,
    request_probability: float,
) -> Config:
    ds = tuple(dialects)
    if not ds or any(d not in DIALECTS for d in ds):
        raise ValueError(f"dialects must be a non-empty subset of {DIALECTS}, got {ds}")
    if tool_result_timeout_ms < 1000:
        raise ValueError("tool_result_timeout_ms must be at least 1000")
    for name, p in (("end_probability", end_probability), ("request_probability", request_probability)):
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"{name}={p} is not within 0..1")
    return Config(rates, ds, tool_result_timeout_ms, end_probability, request_probability)


def iter_generate(
    n_conversations: int | None,
    *,
    seed: int = 0,
    rates: FaultRates = DEFAULT_RATES,
    dialects: Sequence[str] = DIALECTS,
    start_ms: int = DEFAULT_START_MS,
    tool_result_timeout_ms: int = 600_000,
    end_probability: float = 0.7,
    request_probability: float = 0.3,
    interleave: bool = True,
    partitions: int = 1,
    truth: GroundTruth | None = None,
    incident: Incident | None = None,
    mean_arrival_ms: int = MEAN_ARRIVAL_MS,
) -> Iterator[GeneratedEvent]:
    """The events of `n_conversations` conversations (None: endless), in event-time order.

    `partitions`: the number of partitions of the topic the events will be produced to with Kafka's default
    partitioner (murmur2 of the key). The watermark is per partition and the worker applies an event before it
    fires the timeouts that event makes due, so a timed-out conversation must not be the one that moves its
    partition past the deadline: when no other traffic of that partition did, a short filler conversation
    (a greeting, marked `filler` in the truth) is put on that partition in between.

    Memory is bounded by the conversations that overlap in time (a few hundred with the defaults). When `truth`
    is given, each conversation's truth is added to it when the conversation is planned, which is before all of
    its events have been yielded: use `keep_conversations=False` for endless streams.

    `incident`: from its time on, its rates and app version (see Incident). `mean_arrival_ms`: the mean gap
    between two conversation starts when interleaving.
    """
    if n_conversations is not None and n_conversations < 0:
        raise ValueError("n_conversations must be >= 0")
    if partitions < 1:
        raise ValueError("partitions must be >= 1")
    cfg = _config(rates, dialects, tool_result_timeout_ms, end_probability, request_probability)
    during = None if incident is None else replace(cfg, rates=incident.rates)
    if mean_arrival_ms < 1:
        raise ValueError("mean_arrival_ms must be >= 1")
    master = random.Random(seed)
    merger = Merger(seed, cfg, partitions, truth)
    start = start_ms
    n = 0
    while n_conversations is None or n < n_conversations:
        yield from merger.pop_until(start)
        rng = random.Random(master.getrandbits(64))
        hit = incident is not None and during is not None and start >= incident.at_ms
        conv = Conversation(rng, during if hit and during is not None else cfg, start,
                             str(uuid.UUID(int=rng.getrandbits(128), version=4)))
        if hit and incident is not None and incident.app_version:
            conv.truth.app_version = incident.app_version
        conv.build()
        events = pack(conv)
        bad = malformed(conv)
        if bad is not None:
            events.append((bad[0], bad[1], None))
        if truth is not None:
            truth.add_conversation(conv.truth)
            if bad is not None:
                truth.add_dead_letter(bad[2], bad[1].key, bad[1].conversation_id, len(bad[1].value))
        merger.add(conv, events)
        if interleave:
            start += max(1, int(master.expovariate(1.0 / mean_arrival_ms)))
        else:
            start = conv.truth.last_ts + master.randint(1_000, 30_000)
        n += 1
    yield from merger.pop_until(None)


def generate(
    n_conversations: int,
    *,
    seed: int = 0,
    rates: FaultRates = DEFAULT_RATES,
    dialects: Sequence[str] = DIALECTS,
    start_ms: int = DEFAULT_START_MS,
    tool_result_timeout_ms: int = 600_000,
    end_probability: float = 0.7,
    request_probability: float = 0.3,
    interleave: bool = True,
    partitions: int = 1,
) -> tuple[list[GeneratedEvent], GroundTruth]:
    """All events of `n_conversations` conversations (event-time order) and what the tracker must report."""
    truth = GroundTruth(
        params={
            "n_conversations": n_conversations,
            "seed": seed,
            "rates": asdict(rates),
            "dialects": list(dialects),
            "start_ms": start_ms,
            "tool_result_timeout_ms": tool_result_timeout_ms,
            "end_probability": end_probability,
            "request_probability": request_probability,
            "interleave": interleave,
            "partitions": partitions,
        }
    )
    events = list(
        iter_generate(
            n_conversations,
            seed=seed,
            rates=rates,
            dialects=dialects,
            start_ms=start_ms,
            tool_result_timeout_ms=tool_result_timeout_ms,
            end_probability=end_probability,
            request_probability=request_probability,
            interleave=interleave,
            partitions=partitions,
            truth=truth,
        )
    )
    return events, truth

