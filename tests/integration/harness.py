"""Helpers of the worker's integration tests: produce, read back, run workers, and compute expected output.

The expected output of a run is computed offline by the same sans-I/O PartitionProcessor over the input
topic as the broker stored it (partition and offset included), so a test can demand that a worker that was
killed, restarted or rebalanced wrote exactly what one uninterrupted pass writes (ids and values).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from processor.core.partition import EngineConfig, PartitionProcessor
from processor.shell.config import Settings
from processor.shell.kafka import ensure_topics, output_limits, partitions_of
from processor.shell.worker.loop import Worker

REPO = Path(__file__).resolve().parents[2]
FAST = {"session_timeout_ms": 2000, "heartbeat_interval_ms": 300}


@dataclass
class Rec:
    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes | None
    headers: list[tuple[str, bytes]]
    timestamp: int = -1

    def header(self, name: str) -> bytes | None:
        for k, v in self.headers:
            if k == name:
                return v
        return None


def settings_for(bootstrap: str, prefix: str | None = None, **kw: Any) -> Settings:
    p = prefix or f"t{uuid.uuid4().hex[:8]}"
    base: dict[str, Any] = dict(bootstrap_servers=bootstrap, input_topic=f"{p}.in", output_topic=f"{p}.out",
                                dlq_topic=f"{p}.dlq", findings_topic=f"{p}.findings", group_id=f"{p}-g",
                                metrics_port=0, fetch_max_wait_ms=50, **FAST)
    base.update(kw)
    return Settings(**base)


async def create(s: Settings) -> None:
    n = s.partitions
    # Kafka's default (1 MB) would refuse the oversized test events; time-based retention would delete records
    # whose timestamps are event times months back (tests that stamp records so) before the test reads them
    big = {"max.message.bytes": str(8 << 20), "retention.ms": "-1"}
    await ensure_topics(s, [(s.input_topic, n, big), (s.output_topic, n, big), (s.dlq_topic, n, big),
                            (s.findings_topic or "unused", n, {}),
                            (s.changelog_topic, n, {"cleanup.policy": "compact"})])


async def produce(bootstrap: str, topic: str, items: Iterable[tuple[bytes | None, bytes]]) -> int:
    p = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=5, max_request_size=8 << 20)
    await p.start()
    n = 0
    try:
        futs = []
        for key, value in items:
            futs.append(await p.send(topic, value, key=key))
            n += 1
        await asyncio.gather(*futs)
    finally:
        await p.stop()
    return n


async def read_all(bootstrap: str, topic: str, timeout_s: float = 20.0, idle_s: float = 0.0,
                   isolation_level: str = "read_uncommitted") -> list[Rec]:
    """Every record currently in `topic` (all partitions).

    Reads until each partition's position is at or past the end offset reported when the read starts, then (if
    `idle_s`) until quiet that long. An Apache Kafka node reports the end exactly; Tansu reports the base offset of
    the last batch plus one, which is enough too: a position past that base offset has taken the whole last batch
    (a fetch returns whole batches and aiokafka's getmany hands over all of a partition's fetched records,
    tests/integration/test_brokers.py checks both on each broker). Records written after the read starts are not
    waited for: a caller that expects more polls again (`idle_s` keeps a read going while they still arrive). With
    `isolation_level="read_committed"` (Apache Kafka), what a transactional consumer sees.
    """
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False, auto_offset_reset="earliest",
                         max_partition_fetch_bytes=4 << 20, isolation_level=isolation_level)
    await c.start()
    out: list[Rec] = []
    try:
        parts = await partitions_of(c, topic)
        tps = [TopicPartition(topic, p) for p in sorted(parts)]
        if not tps:
            return []
        c.assign(tps)
        await c.seek_to_beginning(*tps)
        end = await c.end_offsets(tps)
        deadline = time.monotonic() + timeout_s
        quiet_since = time.monotonic()
        while time.monotonic() < deadline:
            got = await c.getmany(timeout_ms=200)
            for tp, recs in got.items():
                for r in recs:
                    out.append(Rec(topic, tp.partition, r.offset, r.key, r.value, list(r.headers or ()),
                                   r.timestamp))
            if got:
                quiet_since = time.monotonic()
                continue
            # read_committed: the position stops at the last stable offset, below a trailing commit marker
            past_end = all([(await c.position(tp)) >= end[tp] or (isolation_level == "read_committed"
                                                                  and c.last_stable_offset(tp) is not None
                                                                  and await c.position(tp)
                                                                  >= c.last_stable_offset(tp))
                            for tp in tps])
            if past_end and time.monotonic() - quiet_since >= idle_s:
                break
        else:
            raise AssertionError(f"could not read {topic} to its end")
    finally:
        await c.stop()
    return out


async def count(bootstrap: str, topic: str) -> int:
    """Records in `topic` (a lower bound on Tansu, whose end offsets under-report: fine for 'any output yet?')."""
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap)
    await c.start()
    try:
        tps = [TopicPartition(topic, p) for p in sorted(await partitions_of(c, topic))]
        if not tps:
            return 0
        end = await c.end_offsets(tps)
        return sum(end.values())
    finally:
        await c.stop()


def expected(inputs: list[Rec], s: Settings, engine: EngineConfig | None = None) -> dict[str, list[dict[str, Any]]]:
    """What one uninterrupted pass writes, per output kind: a list of {id, key, value(decoded)} in order."""
    eng = engine or s.engine_config()
    procs: dict[int, PartitionProcessor] = {}
    out: dict[str, list[dict[str, Any]]] = {"repaired": [], "findings": [], "dead_letter": []}
    for r in sorted(inputs, key=lambda r: (r.partition, r.offset)):
        proc = procs.setdefault(r.partition, PartitionProcessor(s.input_topic, r.partition, eng))
        for o in proc.process(r.offset, r.key, r.value, r.headers, r.timestamp):
            rid = dict(o.headers).get("toolmend-id", b"").decode() or None
            out[o.kind].append({"id": rid, "key": o.key, "value": o.value})
    return out


def by_id(recs: Iterable[Rec]) -> dict[str, bytes | None]:
    """Output records by their toolmend id; duplicates (at-least-once redelivery) must be byte-identical."""
    seen: dict[str, bytes | None] = {}
    for r in recs:
        rid = (r.header("toolmend-id") or b"").decode()
        if rid in seen:
            assert seen[rid] == r.value, f"record {rid} was written twice with different values"
        seen[rid] = r.value
    return seen


@contextlib.asynccontextmanager
async def worker(s: Settings) -> AsyncIterator[Worker]:
    """A worker in this process (serve() task); stopped gracefully at exit."""
    stop = asyncio.Event()
    holder: dict[str, Worker] = {}

    async def run() -> None:
        from prometheus_client import CollectorRegistry

        from processor.shell.metrics import Metrics

        m = Metrics(CollectorRegistry(), s.label_cap)
        w = Worker(s, m)
        holder["w"] = w
        from processor.shell.http import HealthServer

        http = HealthServer(m.registry, w.healthy, w.ready, "127.0.0.1", 0)
        await http.start()
        w.http_port = http.port  # type: ignore[attr-defined]
        try:
            await w.run(stop)
        finally:
            await http.stop()

    task = asyncio.create_task(run())
    while "w" not in holder:
        await asyncio.sleep(0.01)
    try:
        yield holder["w"]
    finally:
        stop.set()
        await asyncio.wait_for(task, 60)


async def wait_until(pred: Any, timeout_s: float = 60.0, every: float = 0.2) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        r = pred()
        if asyncio.iscoroutine(r):
            r = await r
        if r:
            return
        await asyncio.sleep(every)
    raise AssertionError("condition not met in time")


def env_for(s: Settings) -> dict[str, str]:
    env = dict(os.environ)
    for name, value in s.model_dump().items():
        if value is not None:
            env[f"TOOLMEND_{name.upper()}"] = str(value).lower() if isinstance(value, bool) else str(value)
    return env


@contextlib.contextmanager
def worker_process(s: Settings, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """`toolmend run` as a real process (for SIGKILL / SIGTERM tests)."""
    with open(log, "ab") as f:
        proc = subprocess.Popen([sys.executable, "-m", "processor.shell.cli", "run"], env=env_for(s), stdout=f,
                                stderr=subprocess.STDOUT, cwd=REPO)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)


def event(cid: str, ts: int, message: dict[str, Any] | None = None, **kw: Any) -> tuple[bytes, bytes]:
    doc: dict[str, Any] = {"conversation_id": cid, "ts": ts}
    if message is not None:
        doc["message"] = message
    doc.update(kw)
    return cid.encode(), orjson.dumps(doc)


async def caught_up(s: Settings, total: int) -> bool:
    """The group has committed every one of the `total` input records (offsets are dense from 0 per partition,
    so the committed offsets add up to the number of records once all are processed)."""
    async with Progress(s) as progress:
        return await progress.committed() >= total


class Progress:
    """The input records a group has committed so far, polled with one consumer (cheap enough for a tight loop)."""

    def __init__(self, s: Settings) -> None:
        self.s = s
        self.c = AIOKafkaConsumer(bootstrap_servers=s.bootstrap_servers, group_id=s.group_id,
                                  enable_auto_commit=False)
        self.tps: list[TopicPartition] = []

    async def __aenter__(self) -> Progress:
        await self.c.start()
        self.tps = [TopicPartition(self.s.input_topic, p) for p in sorted(await partitions_of(self.c,
                                                                                               self.s.input_topic))]
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.c.stop()

    async def committed(self) -> int:
        return sum([(await self.c.committed(tp)) or 0 for tp in self.tps])


def traffic(n_conversations: int, seed: int = 7, per_conv: int = 12) -> list[tuple[bytes, bytes]]:
    """Interleaved OpenAI-chat conversations with interrupts, partial results, duplicates and ends."""
    import random

    rng = random.Random(seed)
    convs: list[list[tuple[bytes, bytes]]] = []
    for c in range(n_conversations):
        cid = f"conv-{seed}-{c}"
        ts = 1_767_225_600_000 + c * 7
        evs: list[tuple[bytes, bytes]] = []
        seq = 0
        for t in range(per_conv // 4):
            call = {"id": f"call_{c}_{t}", "type": "function",
                    "function": {"name": rng.choice(["get_weather", "set_volume", "search_web"]), "arguments": "{}"}}
            msgs: list[dict[str, Any]] = [{"role": "user", "content": f"request {t}"},
                                          {"role": "assistant", "content": None, "tool_calls": [call]}]
            r = rng.random()
            if r < 0.15:
                msgs.append({"role": "user", "content": "stop, wait"})
            elif r < 0.25:
                msgs += [{"role": "tool", "tool_call_id": call["id"], "content": "ok"}] * 2
            else:
                msgs.append({"role": "tool", "tool_call_id": call["id"], "content": "ok"})
            msgs.append({"role": "assistant", "content": f"done {t}"})
            for m in msgs:
                ts += rng.randrange(200, 3000)
                evs.append(event(cid, ts, m, seq=seq, event_id=f"{cid}-{seq}", model="gpt-4.1"))
                seq += 1
        if rng.random() < 0.7:
            evs.append(event(cid, ts + 10, type="end", seq=seq))
        convs.append(evs)
    out: list[tuple[bytes, bytes]] = []
    while convs:  # interleave conversations, keeping each one's order
        i = rng.randrange(len(convs))
        out.append(convs[i].pop(0))
        if not convs[i]:
            convs.pop(i)
    return out


# -- fault injection (tests/integration/test_faults.py) ------------------------------------------------------------

KINDS = ("repaired", "findings", "dead_letter")


def topics_of(s: Settings) -> dict[str, str]:
    return {"repaired": s.output_topic, "findings": s.findings_topic or "", "dead_letter": s.dlq_topic}


def rid_of(headers: Iterable[tuple[str, bytes]]) -> str:
    """A record's id: its last `toolmend-id` header (the worker appends its own after any the producer set)."""
    rid = b""
    for k, v in headers:
        if k == "toolmend-id":
            rid = v
    return rid.decode(errors="replace")


Content = tuple[bytes | None, bytes | None, tuple[tuple[str, bytes], ...]]  # key, value, headers


def offline(inputs: Iterable[Rec], s: Settings, skip: Iterable[tuple[int, int]] = (),
            engine: EngineConfig | None = None) -> dict[str, dict[str, Content]]:
    """What one uninterrupted pass of the engine writes over `inputs` (minus the (partition, offset) pairs in
    `skip`), per output kind: id -> (key, value, headers), every field the worker ships. The records' Kafka
    timestamps go in as the worker passes them (the event-time guard's reference)."""
    eng = engine or s.engine_config()
    left_out = set(skip)
    procs: dict[int, PartitionProcessor] = {}
    out: dict[str, dict[str, Content]] = {k: {} for k in KINDS}
    for r in sorted(inputs, key=lambda r: (r.partition, r.offset)):
        if (r.partition, r.offset) in left_out:
            continue
        proc = procs.setdefault(r.partition, PartitionProcessor(s.input_topic, r.partition, eng))
        for o in proc.process(r.offset, r.key, r.value, r.headers, r.timestamp):
            rid = rid_of(o.headers)
            assert rid not in out[o.kind], f"offline pass wrote id {rid} twice"
            out[o.kind][rid] = (o.key, o.value, tuple(o.headers))
    return out


FIELDS = ("lost", "extra", "conflicting", "mismatched", "misordered", "duplicates")


def _partition_of(rid: str) -> int:
    """The input partition an id derives from (`<topic>:<partition>:<offset>:<suffix>`): outputs go to the same
    partition number when the topics' partition counts match."""
    return int(rid.split(":")[-3])


def _ordered(seq: list[int]) -> int:
    """Length of the longest increasing subsequence: how many of `seq` are in order."""
    import bisect

    tails: list[int] = []
    for x in seq:
        i = bisect.bisect_left(tails, x)
        if i == len(tails):
            tails.append(x)
        else:
            tails[i] = x
    return len(tails)


@dataclass
class TopicDiff:
    """One output topic against the offline pass. `conflicting`: ids written with two different contents;
    `mismatched`: ids whose content differs from the offline pass; `duplicates`: extra copies of an id."""

    kind: str
    expected: int = 0
    records: int = 0
    lost: int = 0
    extra: int = 0
    conflicting: int = 0
    mismatched: int = 0
    misordered: int = 0  # ids out of the offline pass's order in their partition (first copies; LIS)
    duplicates: int = 0
    examples: list[str] = dataclasses.field(default_factory=list)

    def clean(self, exactly_once: bool = False) -> bool:
        return not (self.lost or self.extra or self.conflicting or self.mismatched or self.misordered
                    or (exactly_once and self.duplicates))


@dataclass
class Comparison:
    topics: dict[str, TopicDiff]

    def total(self, field: str) -> int:
        return sum(int(getattr(d, field)) for d in self.topics.values())

    def clean(self, exactly_once: bool = False) -> bool:
        return all(d.clean(exactly_once) for d in self.topics.values())

    def summary(self) -> str:
        return " ".join(f"{f}={self.total(f)}" for f in FIELDS)

    def details(self) -> str:
        lines = []
        for d in self.topics.values():
            lines.append(f"{d.kind}: expected {d.expected}, read {d.records}, "
                         + ", ".join(f"{f} {getattr(d, f)}" for f in FIELDS))
            lines += [f"    {e}" for e in d.examples]
        return "\n".join(lines)

    def row(self, row: dict[str, Any]) -> None:
        for f in FIELDS:
            row[f] = row.get(f, 0) + self.total(f)


def diff(kind: str, want: dict[str, Content], got: list[Rec], ignore: Any = None,
         ignore_keys: frozenset[bytes] = frozenset()) -> TopicDiff:
    """`ignore(id) -> bool` and `ignore_keys` (conversations): records left out of both sides (a case that
    checks them itself)."""
    d = TopicDiff(kind)
    seen: dict[str, list[Content]] = {}
    got = [r for r in got if r.key not in ignore_keys and (ignore is None or not ignore(rid_of(r.headers)))]
    for r in got:
        seen.setdefault(rid_of(r.headers), []).append((r.key, r.value, tuple(r.headers)))
    want = {k: v for k, v in want.items() if (ignore is None or not ignore(k)) and v[0] not in ignore_keys}
    d.expected = len(want)
    d.records = sum(len(v) for v in seen.values())

    def note(what: str, rid: str) -> None:
        if len(d.examples) < 5:
            d.examples.append(f"{what} {rid}")

    for rid, contents in seen.items():
        d.duplicates += len(contents) - 1
        if len(set(contents)) > 1:
            d.conflicting += 1
            note("conflicting", rid)
        if rid not in want:
            d.extra += 1
            note("extra", rid)
        elif any(c != want[rid] for c in contents):
            d.mismatched += 1
            note("mismatched", rid)
    for rid in want:
        if rid not in seen:
            d.lost += 1
            note("lost", rid)
    # order: per output partition, the first copy of each id in the offline pass's order
    rank = {rid: i for i, rid in enumerate(want)}  # the offline pass's production order
    firsts: dict[int, list[int]] = {}
    done: set[str] = set()
    for r in got:
        rid = rid_of(r.headers)
        if rid in rank and rid not in done:
            done.add(rid)
            firsts.setdefault(r.partition, []).append(rank[rid])
            if r.partition != _partition_of(rid):  # a conversation's records belong to one partition
                d.misordered += 1
                note("in another partition", rid)
    for part, seq in firsts.items():
        bad = len(seq) - _ordered(seq)
        if bad:
            d.misordered += bad
            note("misordered", f"{bad} in partition {part}")
    return d


async def compare(bootstrap: str, s: Settings, skip: Iterable[tuple[int, int]] = (), ignore: Any = None,
                  isolation_level: str = "read_uncommitted", inputs: list[Rec] | None = None,
                  engine: EngineConfig | None = None,
                  ignore_keys: frozenset[bytes] = frozenset()) -> tuple[Comparison, list[Rec]]:
    """Every output topic against an offline pass of the engine over the input topic as the broker stored it."""
    if inputs is None:
        inputs = await read_all(bootstrap, s.input_topic)
    if engine is None:  # the output limit the worker reads from the topics' configs at start
        engine = await output_limits(s, s.engine_config())
    want = offline(inputs, s, skip, engine)
    topics: dict[str, TopicDiff] = {}
    for kind, topic in topics_of(s).items():
        got = await read_all(bootstrap, topic, isolation_level=isolation_level, timeout_s=60)
        topics[kind] = diff(kind, want[kind], got, ignore, ignore_keys)
    return Comparison(topics), inputs


class WorkerProc:
    """`toolmend run` as a real process, with its HTTP endpoints on a known port, to kill, pause and query."""

    def __init__(self, s: Settings, log: Path, env: dict[str, str] | None = None) -> None:
        from tests.support.brokers import free_port

        self.port = free_port()
        self.s = s.model_copy(update={"metrics_port": self.port, "metrics_host": "127.0.0.1"})
        self.log = log
        e = env_for(self.s)
        e.update(env or {})
        with open(log, "ab") as f:
            f.write(b"---- start ----\n")
            f.flush()
            self.p = subprocess.Popen([sys.executable, "-m", "processor.shell.cli", "run"], env=e, stdout=f,
                                      stderr=subprocess.STDOUT, cwd=REPO)

    @property
    def pid(self) -> int:
        return self.p.pid

    def alive(self) -> bool:
        return self.p.poll() is None

    def signal(self, sig: int) -> None:
        if self.alive():
            self.p.send_signal(sig)

    def kill(self) -> int:
        self.signal(signal.SIGKILL)
        return self.p.wait(10)

    async def stop(self, timeout_s: float = 40.0) -> int:
        """SIGTERM (after SIGCONT, in case it is paused), its exit code."""
        self.signal(signal.SIGCONT)
        self.signal(signal.SIGTERM)
        try:
            return await asyncio.to_thread(self.p.wait, timeout_s)
        except subprocess.TimeoutExpired:
            return self.kill()

    async def wait(self, timeout_s: float) -> int | None:
        try:
            return await asyncio.to_thread(self.p.wait, timeout_s)
        except subprocess.TimeoutExpired:
            return None

    async def http(self, path: str, timeout_s: float = 2.0) -> tuple[int, str]:
        """(status, body) of GET path; status 0 when it does not answer."""
        import urllib.error
        import urllib.request

        def get() -> tuple[int, str]:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=timeout_s) as r:
                    return int(r.status), r.read().decode()
            except urllib.error.HTTPError as e:
                return int(e.code), e.read().decode(errors="replace")
            except OSError:
                return 0, ""

        return await asyncio.to_thread(get)

    async def metric(self, name: str, **labels: str) -> float:
        _, body = await self.http("/metrics")
        total = 0.0
        for line in body.splitlines():
            if line.startswith((name + "{", name + " ")) and all(f'{k}="{v}"' in line for k, v in labels.items()):
                total += float(line.rsplit(" ", 1)[1])
        return total

    def tail(self, n: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-n:]

    def __enter__(self) -> WorkerProc:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.alive():
            self.signal(signal.SIGCONT)
            self.kill()
