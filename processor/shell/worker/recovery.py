"""Restoring a partition's state on assignment, checking that it belongs with the committed offsets, and
rebuilding it from the input when it does not.

Every commit carries a marker in its metadata, `toolmend-state <input offset> <changelog offset> <log start>`:
the commit follows an acknowledged changelog meta record written for that input offset (`checkpoint.py`, steps 2
then 3), and the marker names where that record landed in the changelog partition and the partition's log start
offset then. At restore, for a committed position P > 0:

* the last meta record must be for input offset P - 1 or later (else the state is behind the offsets: deleted,
  or rolled back),
* it must sit at the marker's changelog offset or later (else the changelog was replaced: recreated, even with
  a copy of its last records),
* the changelog partition must still start where it started (else records were deleted from its head:
  DeleteRecords, or a `delete` cleanup policy, which a changelog must not have).

Brokers that keep no commit metadata (Tansu) get the same checks from the changelog itself: each meta record
carries, in a header, the changelog offset of the partition's previous meta record. The last meta record must
sit after the one it names (a copy into a new topic does not), and the partition must not start after it
(records deleted from its head). Compaction keeps the last record of each key and never moves a partition's
start, so it never breaks these. Starting anyway would resume at P with
empty or older state, and write values that differ from the first pass under the same ids (and lose the open
calls). The worker refuses to start instead
(:class:`StateLost`, exit code 2) and names two ways out: `toolmend recover --rebuild` (the state again,
exactly, from the input), or `toolmend run --start-empty` (accept the loss; marked).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, NamedTuple

import orjson
from aiokafka import TopicPartition
from aiokafka.errors import KafkaError, KafkaTimeoutError

from ...core.partition import META_KEY, EngineConfig, OutRecord, PartitionProcessor
from ...core.tally import Tally
from ..config import ConfigError, Settings
from ..kafka import STATE_TOPIC_CONFIG, isolation, new_admin
from ..transport import client_for
from .stable_offsets import STABLE_WAIT_S, Committed, Unstable, stable_committed

log = logging.getLogger("toolmend.recovery")
MARKER = "toolmend-state"
PREV_META = "toolmend-prev-meta"  # header of a meta record: the changelog offset of the partition's previous one
LAYOUT = "toolmend-input-partitions"  # header of a meta record: the input's partition count the state was built with


def marker(position: int, landed: tuple[int, int] | None = None) -> str:
    """The commit metadata of a position: the changelog holds state up to the offset before it, in a meta record
    at changelog offset `landed[0]`, the changelog partition starting at `landed[1]` (-1: not reported)."""
    if landed is None:
        return f"{MARKER} {position - 1}"
    return f"{MARKER} {position - 1} {landed[0]} {landed[1]}"


class Marker(NamedTuple):
    offset: int
    meta_at: int | None
    log_start: int | None


def parse_marker(metadata: str | None) -> Marker | None:
    parts = (metadata or "").split()
    if len(parts) < 2 or parts[0] != MARKER:
        return None  # committed by an older release or another client: only the offset check applies
    try:
        nums = [int(x) for x in parts[1:4]]
    except ValueError:
        return None
    if len(nums) == 3:
        return Marker(nums[0], nums[1], nums[2] if nums[2] >= 0 else None)
    return Marker(nums[0], None, None)


class Changelog(NamedTuple):
    """What a restore saw of each changelog partition, to check against the commit markers."""

    meta_at: dict[int, int]  # changelog offset of the last meta record read
    starts: dict[int, int]  # log start offset
    prev: dict[int, int]  # what the last meta record says of its predecessor's offset (PREV_META)
    unreadable: dict[int, int]  # changelog offset of the last meta record that could not be read
    # the furthest input offset a meta record held, and its changelog offset (None: not tracked)
    best: dict[int, tuple[int, int]] | None = None
    # the input's partition count the last meta record was written for (LAYOUT; absent: not recorded)
    layout: dict[int, int] | None = None


def layout_mismatch(seen: Changelog, partitions: int) -> dict[int, int]:
    """Partitions whose state was built for another partition count of the input than `partitions` (its
    conversations were routed by a key hash over that count): {partition: the count it was built for}. A state
    that records no count (an older release) is taken as it is."""
    return {p: n for p, n in (seen.layout or {}).items() if partitions and n != partitions}


class LayoutChanged(ConfigError):
    """The input's partition count is not the one its state was built with: conversations moved partitions."""

    def __init__(self, s: Settings, now: int, built: int | dict[int, int], what: str) -> None:
        counts = sorted(set(built.values())) if isinstance(built, dict) else [built]
        was = "/".join(str(n) for n in counts)
        super().__init__(
            f"the input topic {s.input_topic} has {now} partitions, not the {was} its state was built for ({what}): "
            f"Kafka's partitioner sends a conversation's records to partition hash(key) % count, so after the change "
            f"most conversations' records go to another partition than their state. Refusing to process them there "
            f"(their outputs would be wrong and ids would get second values). Adding partitions to a keyed input is "
            f"not a scaling step: see the runbook, 'The input topic's partition count changed'")


class StateLost(ConfigError):
    """The changelog does not hold the state the committed offsets were committed with."""

    def __init__(self, s: Settings, lost: dict[int, str]) -> None:
        self.partitions = sorted(lost)
        parts = ", ".join(f"{p} ({why})" for p, why in sorted(lost.items()))
        what = ("overwritten in" if all("zombie" in why for why in lost.values())
                else "missing from")
        if all(RESET in why for why in lost.values()):
            ConfigError.__init__(
                self, f"the committed offsets of {s.input_topic} partition(s) {parts} do not belong with their "
                f"state in {s.changelog_topic}. Refusing to start: resuming would write different values under the "
                f"same ids. Stop every worker of group {s.group_id}, then either undo the reset "
                f"(kafka-consumer-groups --reset-offsets --to-offset <the state's offset + 1> per partition), or "
                f"rebuild the state up to the new offsets from the input: `toolmend recover --rebuild` (records "
                f"skipped by a forward reset then count in the state, without outputs); or accept: `toolmend run "
                f"--start-empty` once")
            return
        super().__init__(
            f"the state of {s.input_topic} partition(s) {parts} is {what} {s.changelog_topic} (deleted, "
            f"truncated, replaced, or overwritten by a stale write). Refusing to start: resuming without it would "
            f"write different values under "
            f"the same ids. Stop every worker of group {s.group_id}, then either rebuild the state from the input "
            f"(no output is written again): `toolmend recover --rebuild` with the same settings; or accept the "
            f"loss: `toolmend run --start-empty` once (marked on the findings topic, toolmend_state_resets_total)")


class UnstableOffsets(Unstable):
    """Committed offsets still held by a pending transactional commit after the bounded wait: which partitions,
    why, and the way out, in one message."""

    def __init__(self, s: Settings, e: Unstable) -> None:
        Unstable.__init__(self, e.partitions, e.waited_s)
        parts = [tp.partition for tp in e.partitions]
        ids = " ".join(f"{s.group_id}-{s.input_topic}-{p}" for p in parts)
        self.args = (
            f"the committed offsets of {s.input_topic} partition(s) {parts} (group {s.group_id}) are held by a "
            f"transactional offset commit still pending after {e.waited_s or 0:.0f}s (UNSTABLE_OFFSET_COMMIT): a "
            f"transaction that committed them was neither completed nor aborted (a broker restarted or ran out of "
            f"disk while it committed, or another client's transaction for this group hangs). These partitions are "
            f"not processed (their position is unknown); the restore is tried again every {RESTORE_RETRY_S:.0f}s. "
            f"If it lasts past the broker's transaction timeout: `kafka-transactions --bootstrap-server B describe "
            f"--transactional-id ID` (this worker's: {ids}), `kafka-transactions --bootstrap-server B find-hanging "
            f"--broker-id N`, then `kafka-transactions --bootstrap-server B abort --topic __consumer_offsets "
            f"--partition P --start-offset O` with what find-hanging printed (runbook: Committed offsets stay "
            f"unstable)",)


RESTORE_RETRY_S = 10.0  # a restore that failed (offsets unstable, the broker unreachable) is tried again after this


async def committed_offsets(group: Any, tps: list[TopicPartition], s: Settings | None = None
                            ) -> Positions:
    """The group's committed positions and their markers, by partition (partitions without one are left out),
    read stable: a transactional commit still pending is waited for (`stable_offsets.py`), at most
    `s.stable_offsets_wait_s`, then :class:`UnstableOffsets` says which, why and the way out. aiokafka's
    `committed()` drops the metadata and reads unstable offsets."""
    wait_s = s.stable_offsets_wait_s if s is not None else STABLE_WAIT_S
    try:
        k = client_for(s) if s is not None else None
        if k is not None and k.native_stable_offsets:  # librdkafka: OffsetFetch require_stable of its own
            try:
                found = Committed(await k.committed(group, tps, wait_s))
            except KafkaTimeoutError as e:
                if s is None or s.delivery != "exactly_once":
                    raise
                raise Unstable(getattr(e, "partitions", tps), wait_s) from None  # the held ones, if known
        else:
            found = await stable_committed(group, tps, wait_s)
    except Unstable as e:
        if s is None:
            raise
        raise UnstableOffsets(s, e) from None
    out = Positions()
    out.markers_kept = found.stable and s is not None and await keeps_commit_metadata(s)
    for tp, om in found.items():
        if om.offset is not None and om.offset >= 0:
            out[tp.partition] = (om.offset, parse_marker(om.metadata))
    return out


_KEEPS_METADATA: dict[str, bool] = {}


async def keeps_commit_metadata(s: Settings) -> bool:
    """Whether the brokers keep an offset commit's metadata (Apache Kafka does, Tansu does not): a commit with a
    known metadata string, for a group of its own (`<group_id>.toolmend-probe`), read back. Asked once per
    process; any failure answers no (offset resets then go unrecognised, as before)."""
    if s.bootstrap_servers in _KEEPS_METADATA:
        return _KEEPS_METADATA[s.bootstrap_servers]
    k = client_for(s)
    probe = k.new_metadata_client(s, group_id=f"{s.group_id}.toolmend-probe", enable_auto_commit=False)
    kept = False
    try:
        await probe.start()
        tp = TopicPartition(s.input_topic, 0)
        probe.assign([tp])
        await probe.commit({tp: (0, MARKER + "-probe")})
        got = await k.committed(probe, [tp], 10.0)
        kept = got.get(tp) is not None and got[tp].metadata == MARKER + "-probe"
    except Exception as e:
        log.info("could not tell whether the brokers keep commit metadata (%s): offset resets go unrecognised",
                 type(e).__name__)
    finally:
        try:
            await probe.stop()
        except Exception as e:  # stopping a probe that failed to start
            log.debug("probe stopped: %s", type(e).__name__)
    _KEEPS_METADATA[s.bootstrap_servers] = kept
    return kept


class Positions(dict[int, tuple[int, Marker | None]]):
    """The group's committed positions and their markers, by partition; `markers_kept`: the broker keeps a
    commit's metadata, so a commit without a marker was written by another client (an offset reset)."""

    markers_kept = False


RESET = "offsets were reset"  # in the reason of a partition whose committed offset another client wrote


def offset_resets(procs: dict[int, PartitionProcessor], committed: dict[int, tuple[int, Marker | None]],
                  markers_kept: bool) -> dict[int, tuple[str, str]]:
    """Partitions whose committed offset carries no state marker (another client wrote it: `kafka-consumer-groups
    --reset-offsets`) and does not follow the state: {partition: ("back" | "forward", why)}. Back: the state
    holds input past the offset, and ended or evicted conversations would be replayed from their middle
    (second values under the same ids): the state must be rebuilt up to the new position. Forward: records were
    skipped. Only on a broker that keeps commit metadata (elsewhere every commit lacks the marker)."""
    found: dict[int, tuple[str, str]] = {}
    if not markers_kept:
        return found
    for p, proc in procs.items():
        if p not in committed:
            continue
        c, mark = committed[p]
        state_at = proc.offset
        if mark is not None or c - 1 == state_at or (state_at < 0 and c <= 0):
            continue
        if c - 1 < state_at:
            found[p] = ("back", f"committed offset {c} carries no toolmend state marker and is behind the state "
                                f"(up to {state_at}): the group's {RESET} back (kafka-consumer-groups "
                                f"--reset-offsets); {state_at - c + 1} records are read again")
        else:
            found[p] = ("forward", f"committed offset {c} carries no toolmend state marker and is ahead of the state "
                                   f"(up to {'nothing' if state_at < 0 else state_at}): the group's {RESET} forward "
                                   f"(kafka-consumer-groups --reset-offsets), skipping {c - 1 - state_at} records")
    return found


def stale_writes(procs: dict[int, PartitionProcessor], committed: dict[int, tuple[int, Marker | None]],
                 seen: Changelog) -> dict[int, str]:
    """Partitions whose changelog held the state of their committed position and then got a state record for
    an older input offset: a late write by a member that had lost the partition (an at-least-once zombie whose
    request reached the broker after the new owner's). The state is not lost, it is overwritten: the input
    rebuilds it exactly. {partition: why}."""
    stale: dict[int, str] = {}
    for p, proc in procs.items():
        c, _ = committed.get(p, (0, None))
        best, at = (seen.best or {}).get(p, (-1, -1))
        last = seen.meta_at.get(p, -1)
        if c > 0 and proc.offset < c - 1 <= best and last > at and seen.unreadable.get(p, -1) < last:
            stale[p] = (f"committed offset {c}; its state, at changelog offset {at}, was overwritten at {last} by "
                        f"the state as of input offset {proc.offset}: a stale write of a member that had lost "
                        f"the partition (zombie), not a lost changelog")
    return stale


def lost_state(procs: dict[int, PartitionProcessor], committed: dict[int, tuple[int, Marker | None]],
               seen: Changelog, markers_kept: bool = False) -> dict[int, str]:
    """Partitions whose changelog does not hold the state of their committed position: {partition: why}
    (stale writes and offset resets included, named as such)."""
    lost: dict[int, str] = stale_writes(procs, committed, seen)
    for p, (_, why) in offset_resets(procs, committed, markers_kept).items():
        lost.setdefault(p, why)
    for p, proc in procs.items():
        c, mark = committed.get(p, (0, None))
        if c <= 0 or p in lost:
            continue
        if seen.unreadable.get(p, -1) > seen.meta_at.get(p, -1):
            lost[p] = (f"committed offset {c}; its last state record, at changelog offset {seen.unreadable[p]}, "
                       f"cannot be read")
        elif proc.offset < c - 1:
            lost[p] = f"committed offset {c}, state up to {'nothing' if proc.offset < 0 else proc.offset}"
        elif mark is not None and mark.meta_at is not None and seen.meta_at.get(p, -1) < mark.meta_at:
            lost[p] = (f"committed offset {c} with state at changelog offset {mark.meta_at}, found only up to "
                       f"{seen.meta_at.get(p, -1)}: the changelog was replaced")
        elif mark is not None and mark.log_start is not None and seen.starts.get(p, 0) > mark.log_start:
            lost[p] = (f"committed offset {c}; the changelog partition starts at {seen.starts.get(p, 0)}, not "
                       f"{mark.log_start}: records were deleted from it")
        elif p in seen.prev and seen.prev[p] >= seen.meta_at.get(p, -1):
            lost[p] = (f"committed offset {c}; the last state record, at changelog offset {seen.meta_at.get(p, -1)}, "
                       f"follows one at {seen.prev[p]}: the changelog was replaced")
        elif p in seen.prev and seen.prev[p] >= 0 and seen.starts.get(p, 0) > seen.prev[p]:
            lost[p] = (f"committed offset {c}; the changelog partition starts at {seen.starts.get(p, 0)}, after "
                       f"its state record at {seen.prev[p]}: records were deleted from it")
    return lost


async def read_changelog(s: Settings, procs: dict[int, PartitionProcessor],
                         keys: dict[int, set[bytes]] | None = None) -> Changelog:
    """Apply each changelog partition to its processor, from the beginning (later records win).

    A conversation's records are not decoded as they are read: each key keeps only its latest raw value
    (`pending`; a tombstone drops it, a later record replaces it) and only what is live at the partition's end
    is applied, in the order its last records came. A state topic not yet compacted (every conversation ever
    seen, then its tombstone) then costs the restore one dictionary operation per dead record, not a decode.
    Memory: one raw value per key live at the end, the bytes the restored state holds anyway (read before it
    is built). Meta records are applied as read (they carry the partition's position, not conversations)."""
    best: dict[int, tuple[int, int]] = {}
    pending: dict[int, dict[bytes, bytes]] = {}
    layout: dict[int, int] = {}
    seen = Changelog({}, {}, {}, {}, best, layout)
    k = client_for(s)
    rc = k.new_state_reader(s)
    await rc.start()
    try:
        known = await k.partitions_of(rc, s.changelog_topic)
        tps = [TopicPartition(s.changelog_topic, p) for p in procs if p in known]
        if tps:
            rc.assign(tps)
            seen.starts.update({tp.partition: o for tp, o in (await rc.beginning_offsets(tps)).items()})
            await rc.seek_to_beginning(*tps)
            end = await rc.end_offsets(tps)

            def apply(tp: TopicPartition, recs: list[Any]) -> None:
                proc = procs[tp.partition]
                got = keys.setdefault(tp.partition, set()) if keys is not None else None
                live = pending.setdefault(tp.partition, {})
                for r in recs:
                    if r.key is not None:
                        if r.key == META_KEY and r.value is None:
                            # a rebuild to the partition's start (an offset reset to the earliest): no state at all
                            proc = procs[tp.partition] = PartitionProcessor(proc.topic, proc.partition, proc.cfg,
                                                                            proc.obs)
                            live.clear()
                            for d in (seen.meta_at, seen.prev, seen.unreadable, best, layout):
                                d.pop(tp.partition, None)
                        elif r.key == META_KEY:
                            try:
                                proc.restore(r.key, r.value)
                            except Exception:  # garbage: the partition's position is unknown (lost_state)
                                seen.unreadable[tp.partition] = r.offset
                                continue
                        else:  # decoded at the end if still live; the latest record of a key keeps its place last
                            live.pop(r.key, None)
                            if r.value is not None:
                                live[r.key] = r.value
                        if r.key == META_KEY and r.value is not None:
                            seen.meta_at[tp.partition] = r.offset
                            if proc.offset > best.get(tp.partition, (-1, -1))[0]:
                                best[tp.partition] = (proc.offset, r.offset)
                            headers = dict(r.headers or ())
                            prev = headers.get(PREV_META)
                            built = headers.get(LAYOUT)
                            if built is not None and built.isdigit():
                                layout[tp.partition] = int(built)
                            else:
                                layout.pop(tp.partition, None)
                            if prev is not None:
                                seen.prev[tp.partition] = int(prev)
                            else:
                                seen.prev.pop(tp.partition, None)
                        if got is not None:
                            got.add(r.key)

            await k.drain(rc, tps, end, apply)
    finally:
        await rc.stop()
    for p, live in pending.items():  # the core quarantines a conversation whose record it cannot read
        proc = procs[p]
        for n, (key, value) in enumerate(live.items(), 1):
            proc.restore(key, value)
            if n % 5000 == 0:  # heartbeats and probes keep going
                await asyncio.sleep(0)
        live.clear()
    return seen


class Restored(NamedTuple):
    procs: dict[int, PartitionProcessor]  # each holding its changelog's state as of the committed offset
    resets: dict[int, int]  # partitions started empty (`start_empty`, state lost): the position they start at
    meta_at: dict[int, int]  # changelog offset of each partition's last meta record (-1: none)
    positions: dict[int, int | None]  # where each partition's input is read from (None: no commit, its start)
    heal: dict[int, tuple[int, str]]  # partitions to rebuild from the input (stale write, reset): (committed, why)
    replayed: dict[int, int] | None = None  # partitions whose offsets were reset back: input records read again


async def restore(s: Settings, engine: EngineConfig, observer: Tally, group: Any,
                  partitions: list[int], input_partitions: int | None = None) -> Restored:
    """Processors for `partitions`, each holding its changelog's state as of the group's committed offset, and
    the position its input must be read from: the committed offset the state belongs with, never one the
    consumer resolved on its own (exactly once: read after the previous owner was fenced, stable).

    The changelog partition p holds input partition p's state. It is read from its beginning with a consumer of
    its own (no group), later records winning; the committed offset tells each processor where processing
    resumes (state written past it, outputs acknowledged but commit lost, is recognized and skipped by offset).
    Raises :class:`StateLost` when a partition's state does not reach its committed offset.
    """
    procs = {p: PartitionProcessor(s.input_topic, p, engine, observer) for p in partitions}
    seen = await read_changelog(s, procs)
    moved = layout_mismatch(seen, input_partitions or 0)
    if moved:
        raise LayoutChanged(s, input_partitions or 0, moved, f"the state of partition(s) {sorted(moved)} says so")
    committed = await committed_offsets(group, [TopicPartition(s.input_topic, p) for p in partitions], s)
    lost = lost_state(procs, committed, seen, committed.markers_kept)
    resets = offset_resets(procs, committed, committed.markers_kept)
    replayed = {p: procs[p].offset - committed[p][0] + 1 for p, (way, _) in resets.items() if way == "back"}
    # a stale write or an offset reset back (not a loss) is healed without an operator when the input to read
    # again is bounded: the state rebuilt up to the committed offset, so what is read again is written again
    # with the same values
    again = {**stale_writes(procs, committed, seen), **{p: why for p, (way, why) in resets.items() if way == "back"}}
    heal = {p: (committed[p][0], why) for p, why in again.items() if committed[p][0] <= s.heal_max_records}
    for p in heal:
        del lost[p], procs[p]
    if lost and not s.start_empty:
        raise StateLost(s, lost)
    for p, why in lost.items():
        log.error("state of partition %d lost (%s): starting it empty as asked (--start-empty)", p, why)
        procs[p] = PartitionProcessor(s.input_topic, p, engine, observer)
    for p, proc in procs.items():
        proc.finish_restore(committed.get(p, (0, None))[0])
    return Restored(procs, {p: committed[p][0] for p in lost}, {p: seen.meta_at.get(p, -1) for p in procs},
                    {p: committed[p][0] if p in committed else None for p in procs}, heal,
                    {p: n for p, n in replayed.items() if p in heal})


async def heal(s: Settings, engine: EngineConfig, partition: int, position: int) -> dict[str, Any]:
    """The state of one partition computed again from its input up to `position` and written to its changelog
    (after the stale records; tombstones for keys the rebuilt state does not hold), as `toolmend recover
    --rebuild` does, while the rest of the worker keeps running. Run by the partition's owner only."""
    probe = {partition: PartitionProcessor(s.input_topic, partition, engine, Tally())}
    keys: dict[int, set[bytes]] = {}
    seen = await read_changelog(s, probe, keys)
    producer = client_for(s).new_producer(s)
    await producer.start()
    try:
        done, _ = await _rebuild_one(s, engine, producer, partition, position, keys.get(partition, set()),
                                     seen.meta_at.get(partition, -1))
    finally:
        await producer.stop()
    return done


def reset_record(s: Settings, partition: int, position: int) -> OutRecord:
    """The mark of a partition started empty: what follows it was decided without the earlier state."""
    rid = f"{s.input_topic}:{partition}:{position}:state_reset"
    value = {"id": rid, "kind": "state_reset", "partition": partition, "offset": position,
             "detail": "state lost; processing resumed at this offset with empty state (open calls and "
                       "conversations before it are unknown)"}
    return OutRecord("findings", None, orjson.dumps(value), [("toolmend-id", rid.encode()),
                                                               ("toolmend-kind", b"state_reset")])


async def rebuild(s: Settings, partitions: list[int] | None = None, force: bool = False) -> list[dict[str, Any]]:
    """`toolmend recover --rebuild`: the state of each partition whose state is lost (or of `partitions` with
    `force`), computed again from the input.

    The input is read from the partition's beginning up to the group's committed position and run through the
    engine with its outputs discarded (they were written the first time; a downstream consumer already has them).
    The engine is deterministic, so the state is exactly the one the first pass committed with, as long as the
    input still starts at offset 0 (retention); if it does not, the summary says from where it was rebuilt.
    The changelog partition then gets the rebuilt state, and tombstones for every other key it holds. Run it
    with every worker of the group stopped.
    """
    engine = s.engine_config()
    if s.create_topics:  # deleted: the state goes into a new one, as the worker would create it
        n = len(await topic_partitions(s, s.input_topic)) or s.partitions
        await client_for(s).ensure_topics(s, [(s.changelog_topic, n, dict(STATE_TOPIC_CONFIG))])
    k = client_for(s)
    group = k.new_metadata_client(s, group_id=s.group_id, enable_auto_commit=False)
    producer = k.new_producer(s)
    await group.start()
    await producer.start()
    summary: list[dict[str, Any]] = []
    try:
        parts = sorted(await k.partitions_of(group, s.input_topic))
        wanted = parts if partitions is None else [p for p in parts if p in partitions]
        tps = [TopicPartition(s.input_topic, p) for p in wanted]
        committed = await committed_offsets(group, tps, s)
        probes = {p: PartitionProcessor(s.input_topic, p, engine, Tally()) for p in wanted}
        keys: dict[int, set[bytes]] = {}
        seen = await read_changelog(s, probes, keys)
        lost = lost_state(probes, committed, seen, committed.markers_kept)
        markers: dict[TopicPartition, tuple[int, str]] = {}
        for p in wanted:
            if p not in lost and not (force and partitions is not None):
                continue
            position = committed.get(p, (0, None))[0]
            done, landed = await _rebuild_one(s, engine, producer, p, position, keys.get(p, set()),
                                              seen.meta_at.get(p, -1))
            summary.append(done)
            if position > 0:
                markers[TopicPartition(s.input_topic, p)] = (position, marker(position, landed))
        if markers:  # the same positions, with markers naming the rebuilt state (refused if a worker is running)
            group.assign(list(markers))
            await group.commit(markers)
    finally:
        await producer.stop()
        await group.stop()
    return summary


async def repartition(s: Settings) -> list[dict[str, Any]]:
    """`toolmend recover --repartition`: partitions were added to the input, so its state (built for the old
    count) no longer matches it. The state topic is deleted and created again with the input's partition count,
    then every partition with a committed offset gets its state rebuilt from its own input up to that offset, as
    `rebuild` does (each meta record then records the new count). What the worker then writes equals what one
    pass of the engine over each input partition as stored writes: a conversation whose records now land in
    another partition starts there without its earlier events (they stay in the old partition's state);
    `repartition.py` rebuilds each conversation where its key now maps instead. The output topics should get the
    input's count too (outputs go to their input's partition number). Run it with every worker of the group
    stopped; it reads each partition's input from its beginning (bounded by the input)."""
    n = len(await topic_partitions(s, s.input_topic))
    if not n:
        raise ConfigError(f"input topic {s.input_topic} not found")
    await recreate_state_topic(s, n)
    return await rebuild(s)


async def recreate_state_topic(s: Settings, n: int) -> None:
    """The state topic deleted and created again, empty, with `n` partitions."""
    admin = new_admin(s)
    await admin.start()
    try:
        if s.changelog_topic in set(await admin.list_topics()):
            await admin.delete_topics([s.changelog_topic])
            for _ in range(300):  # deletion completes asynchronously
                if s.changelog_topic not in set(await admin.list_topics()):
                    break
                await asyncio.sleep(0.1)
    finally:
        await admin.close()
    for _ in range(100):  # a topic being deleted cannot be created yet
        try:
            await client_for(s).ensure_topics(s, [(s.changelog_topic, n, dict(STATE_TOPIC_CONFIG))])
            break
        except KafkaError:
            await asyncio.sleep(0.3)
    log.warning("state topic %s recreated with %d partitions (the input's); rebuilding every partition's state",
                s.changelog_topic, n)


async def topic_partitions(s: Settings, topic: str) -> set[int]:
    """The partitions of `topic` (empty: it does not exist)."""
    k = client_for(s)
    c = k.new_metadata_client(s)
    await c.start()
    try:
        return await k.partitions_of(c, topic)
    finally:
        await c.stop()


async def _rebuild_one(s: Settings, engine: EngineConfig, producer: Any, p: int, position: int,
                       old_keys: set[bytes], prev_meta: int) -> tuple[dict[str, Any], tuple[int, int] | None]:
    proc = PartitionProcessor(s.input_topic, p, engine, Tally())
    tp = TopicPartition(s.input_topic, p)
    reader = client_for(s).new_input_consumer(s, isolation_level=isolation(s))
    await reader.start()
    n = 0
    try:
        reader.assign([tp])
        first = (await reader.beginning_offsets([tp]))[tp]
        end = (await reader.end_offsets([tp]))[tp]
        await reader.seek_to_beginning(tp)
        done = position <= first
        while not done:
            got = await reader.getmany(tp, timeout_ms=1000, max_records=5000)
            for r in got.get(tp, ()):
                if r.offset >= position:
                    done = True
                    break
                proc.process(r.offset, r.key, r.value, r.headers or (), r.timestamp)  # as the worker does
                n += 1
            at = await reader.position(tp)
            # the end offset is a lower bound on some brokers (kafka.drain): an empty fetch past it proves the end
            ended = getattr(reader, "at_end", None)  # librdkafka: its end-of-partition event
            done = done or at >= position or (not got.get(tp) and (at >= end or (ended is not None and ended(tp))))
    finally:
        await reader.stop()
    proc.committed(position)  # conversations that ended before the position: tombstones
    state = proc.take_changelog()  # its meta record last
    written = {k for k, _ in state}
    records = [(k, None) for k in sorted(old_keys - written)] + state
    chain = [(PREV_META, str(prev_meta).encode()),
             (LAYOUT, str(len(await topic_partitions(s, s.input_topic))).encode())]
    landed = await write_state(producer, s.changelog_topic, p, records, chain)
    if first > 0:
        log.warning("partition %d: the input starts at offset %d (retention): conversations begun before it "
                    "are rebuilt from their later events only", p, first)
    log.info("partition %d: state rebuilt from %d input records (offsets %d..%d), %d changelog records", p, n,
             first, position - 1, len(records))
    return ({"partition": p, "committed": position, "input_from": first, "records": n,
             "conversations": proc.conversations, "changelog_records": len(records)}, landed)


async def write_state(producer: Any, topic: str, partition: int, records: list[tuple[bytes, bytes | None]],
                      chain: list[tuple[str, bytes]]) -> tuple[int, int] | None:
    """A rebuilt partition's state records written to its changelog partition, the meta record carrying `chain`
    as headers; the (offset, log start offset) the last one landed at, None when there was none."""
    futs = [await producer.send(topic, v, key=k, partition=partition, headers=chain if k == META_KEY else None)
            for k, v in records]
    landed: tuple[int, int] | None = None
    for f in futs:
        md = await f
        start = md.log_start_offset
        landed = (md.offset, start if isinstance(start, int) else -1)
    return landed


__all__ = [
    "LAYOUT",
    "MARKER",
    "META_KEY",
    "RESTORE_RETRY_S",
    "LayoutChanged",
    "Marker",
    "Restored",
    "StateLost",
    "UnstableOffsets",
    "heal",
    "marker",
    "parse_marker",
    "rebuild",
    "recreate_state_topic",
    "repartition",
    "restore",
    "topic_partitions",
    "write_state",
]
