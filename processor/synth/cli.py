"""`toolmend generate`: write synthetic events as JSONL and their ground truth as JSON."""

from __future__ import annotations

import argparse
import asyncio
import itertools
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from dataclasses import fields, replace
from typing import Any, BinaryIO, NoReturn

import orjson

from processor.synth.generate import (
    DEFAULT_START_MS,
    MEAN_ARRIVAL_MS,
    FaultRates,
    GeneratedEvent,
    Incident,
    iter_generate,
)
from processor.synth.jsonl import encode_line
from processor.synth.native import DIALECTS
from processor.synth.produce import console_line, event_ts, produce
from processor.synth.truth import GroundTruth


class _OneLine(argparse.ArgumentParser):
    """A flag or a combination that cannot work: one line (`toolmend generate: ...`) and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def build_parser(prog: str = "toolmend generate") -> argparse.ArgumentParser:
    p = _OneLine(
        prog=prog,
        description="Generate realistic tool-call conversation events with injected faults, as JSONL lines "
        '{"key": <str|null>, "value": <event object | {"raw_b64": ...}>}, and the exact expected outcome.',
    )
    p.add_argument("--conversations", type=int, default=100, metavar="N", help="number of conversations")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="random seed: the same seed, the same events")
    defaults = FaultRates()
    for f in fields(FaultRates):
        p.add_argument(
            f"--rate-{f.name.replace('_', '-')}",
            dest=f"rate_{f.name}",
            type=float,
            default=None,
            metavar="X",
            help=f"probability per opportunity (default {getattr(defaults, f.name)})",
        )
    p.add_argument("--no-faults", action="store_true", help="all rates 0 (explicit --rate-* still apply)")
    p.add_argument("--dialects", default=",".join(DIALECTS), help="comma-separated subset of " + ",".join(DIALECTS))
    p.add_argument("--start-ms", default=None, metavar="MS|now",
                   help=f"event time of the first conversation (default {DEFAULT_START_MS}, 2026-01-01; with "
                   "--bootstrap-servers: now)")
    p.add_argument("--tool-result-timeout-ms", type=int, default=600_000, metavar="MS",
                   help="the worker's tool result timeout the ground truth assumes (default 600000)")
    p.add_argument("--end-probability", type=float, default=0.7, metavar="X",
                   help="share of conversations closed by an `end` event (default 0.7)")
    p.add_argument("--request-probability", type=float, default=0.3, metavar="X",
                   help="share of turns also sent as a whole `request` snapshot (default 0.3)")
    p.add_argument("--no-interleave", action="store_true", help="one conversation after the other in time")
    p.add_argument(
        "--partitions",
        type=int,
        default=1,
        help="partitions of the topic the records go to (Kafka default partitioner): keeps timeouts exact",
    )
    p.add_argument("--mean-arrival-ms", type=int, default=MEAN_ARRIVAL_MS, metavar="MS",
                   help=f"mean gap between two conversation starts (default {MEAN_ARRIVAL_MS}): the traffic's rate")
    g = p.add_argument_group("incident", "from --incident-at on, more interrupts and history rewrites under a new "
                             "app version (the traffic before is the same as without it)")
    g.add_argument("--incident-at", metavar="TIME", default=None,
                   help="event time the incident begins (RFC 3339 with a zone, or epoch ms)")
    g.add_argument("--incident-interrupt", type=float, default=0.3, metavar="X",
                   help="interrupt rate during the incident (default 0.3)")
    g.add_argument("--incident-rewrite", type=float, default=0.3, metavar="X",
                   help="history rewrite rate during the incident (default 0.3)")
    g.add_argument("--incident-app-version", default="2.2.0", metavar="V",
                   help="app version of the conversations begun during the incident (default 2.2.0; '' keeps them)")
    p.add_argument("--out", default="-", metavar="FILE|-", help="output file (default stdout)")
    p.add_argument("--format", choices=("jsonl", "kafka-console"), default="jsonl",
                   help='jsonl: {"key","value"} lines (replay --from-file reads them); kafka-console: key, tab, '
                   "value, as kafka-console-producer --property parse.key=true reads them")
    p.add_argument("--bootstrap-servers", default=None, metavar="HOST:PORT",
                   help="produce to this cluster instead of writing a file (with --topic; a PLAINTEXT listener): as "
                   "fast as the broker takes the records, dated so that the last ends now, with progress and a "
                   "summary on stderr")
    p.add_argument("--topic", default=None, help="the topic to produce to (it must exist)")
    p.add_argument("--rate", type=float, default=None, metavar="N",
                   help="with --bootstrap-servers: at most N records per second (default: as fast as the broker "
                   "takes them)")
    p.add_argument("--speed", type=float, default=None, metavar="X",
                   help="with --bootstrap-servers: paced to event time instead, X times faster than it, dated from "
                   "now, as live traffic comes (--forever: 1 unless given; above 1 events run ahead of their record "
                   "timestamps and are refused past the worker's allowed skew)")
    p.add_argument("--truth", default=None, metavar="FILE", help="write the ground truth JSON here")
    p.add_argument("--forever", action="store_true", help="endless stream (truth holds totals only)")
    p.add_argument("--max-events", type=int, default=None, metavar="N", help="stop after N records")
    return p


class ConfigError(Exception):
    pass


def _cluster(bootstrap: str, topic: str) -> tuple[dict[str, Any], int]:
    """Client options for the cluster (a PLAINTEXT listener: the generator knows nothing of the worker's
    authentication settings) and the partitions of the topic, which must exist."""
    kafka: dict[str, Any] = {"bootstrap_servers": bootstrap}

    async def partitions() -> int:
        from aiokafka import AIOKafkaConsumer

        c = AIOKafkaConsumer(**kafka)
        await c.start()
        try:
            cluster = await c._client.fetch_all_metadata()
            return len(cluster.partitions_for_topic(topic) or ())
        finally:
            await c.stop()

    try:
        n = asyncio.run(partitions())
    except Exception as e:  # one line, whatever the client raised
        raise ConfigError(f"cannot reach the Kafka brokers at {bootstrap}: {type(e).__name__}: {e}") from None
    if not n:
        raise ConfigError(f"topic {topic} not found on {bootstrap} (create it first)")
    return kafka, n


def _events(ns: argparse.Namespace, n: int | None, rates: FaultRates, dialects: list[str],
            incident: Incident | None, truth: GroundTruth | None) -> Iterator[GeneratedEvent]:
    events: Iterator[GeneratedEvent] = iter_generate(
        n, seed=ns.seed, rates=rates, dialects=dialects, start_ms=ns.start_ms,
        tool_result_timeout_ms=ns.tool_result_timeout_ms, end_probability=ns.end_probability,
        request_probability=ns.request_probability, interleave=not ns.no_interleave, partitions=ns.partitions,
        truth=truth, incident=incident, mean_arrival_ms=ns.mean_arrival_ms)
    if ns.max_events is not None:
        events = itertools.islice(events, ns.max_events)
    return events


def _span(ns: argparse.Namespace, n: int | None, rates: FaultRates, dialects: list[str],
          incident: Incident | None) -> tuple[int, int]:
    """The event-time span of the events from their start (a first pass of the same seed: the generator is
    deterministic and its times are offsets from the start) and how many there are."""
    last, count = ns.start_ms, 0
    for ev in _events(ns, n, rates, dialects, incident, None):
        count += 1
        ts = event_ts(ev.value)
        if ts is not None and ts > last:
            last = ts
    return int(last - ns.start_ms), count


def _send(events: Iterator[GeneratedEvent], ns: argparse.Namespace, kafka: dict[str, Any], total: int | None) -> None:
    """Produce with progress on stderr, then the summary: sent, refused with reasons, rate."""
    from processor.synth.progress import progress

    shown = progress(ns.topic, total)
    try:
        d = asyncio.run(produce(events, ns.topic, kafka, rate=ns.rate, speed=ns.speed, tick=shown.tick))
    except KeyboardInterrupt:
        shown.close()
        sys.stderr.write("toolmend generate: interrupted\n")
        return
    shown.close()
    sys.stderr.write(f"toolmend generate: {d.summary(ns.topic, time.monotonic())}\n")


def _rates(ns: argparse.Namespace) -> FaultRates:
    base = FaultRates.none() if ns.no_faults else FaultRates()
    given = {f.name: getattr(ns, f"rate_{f.name}") for f in fields(FaultRates)}
    return FaultRates(**{k: (v if v is not None else getattr(base, k)) for k, v in given.items()})


def _incident(ns: argparse.Namespace, rates: FaultRates) -> Incident | None:
    if ns.incident_at is None:
        return None
    from processor.core.events import DeadLetter, parse_ts

    v = ns.incident_at
    try:
        at = parse_ts(int(v) if v.isdigit() else v)
    except DeadLetter:
        raise ValueError(f"--incident-at {v!r}: RFC 3339 with a zone (2026-01-02T09:00:00Z) or epoch ms") from None
    during = replace(rates, interrupt=ns.incident_interrupt, rewrite=ns.incident_rewrite)
    return Incident(at, during, ns.incident_app_version or None)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--"]:  # `toolmend generate -- ...`: the separator some wrappers pass through
        args = args[1:]
    ns = parser.parse_args(args)
    try:
        rates = _rates(ns)
        incident = _incident(ns, rates)
    except ValueError as e:
        parser.error(str(e))
    dialects = [d.strip() for d in ns.dialects.split(",") if d.strip()]
    if (ns.bootstrap_servers is None) != (ns.topic is None):
        parser.error("--bootstrap-servers and --topic go together")
    if ns.speed is not None and ns.speed <= 0:
        parser.error("--speed must be positive")
    if ns.rate is not None and ns.rate <= 0:
        parser.error("--rate must be positive")
    live = ns.bootstrap_servers is not None
    if not live and (ns.rate is not None or ns.speed is not None):
        parser.error("--rate and --speed pace records sent with --bootstrap-servers (a file is written at once)")
    if live and ns.out != "-":
        parser.error("--out writes a file: not with --bootstrap-servers (records go to --topic)")
    if live and ns.format != "jsonl":
        parser.error("--format shapes a file: not with --bootstrap-servers (records go to --topic)")
    if live and ns.forever and ns.speed is None:
        ns.speed = 1.0  # endless: dated from now, so paced to event time, never ahead of the wall clock
    backdate = live and ns.start_ms is None and ns.speed is None
    if ns.start_ms is None:
        ns.start_ms = int(time.time() * 1000) if live else DEFAULT_START_MS
    elif ns.start_ms == "now":
        ns.start_ms = int(time.time() * 1000)
    elif str(ns.start_ms).isdigit():
        ns.start_ms = int(ns.start_ms)
    else:
        parser.error("--start-ms takes epoch milliseconds or now")
    kafka: dict[str, Any] = {}
    if live:
        try:
            kafka, partitions = _cluster(ns.bootstrap_servers, ns.topic)
        except (ConfigError, OSError) as e:
            sys.stderr.write(f"toolmend generate: {e}\n")
            return 2
        if ns.partitions == 1:  # the topic's own: timeouts stay exact per partition
            ns.partitions = partitions
    n: int | None = None if ns.forever else ns.conversations
    total: int | None = None
    if backdate:  # sent at once: dated so that the last event is now, never ahead of its record timestamp
        span, total = _span(ns, n, rates, dialects, incident)
        ns.start_ms -= span
    truth = GroundTruth(
        keep_conversations=not ns.forever,
        params={
            "n_conversations": n,
            "seed": ns.seed,
            "rates": {f.name: getattr(rates, f.name) for f in fields(FaultRates)},
            "dialects": dialects,
            "start_ms": ns.start_ms,
            "tool_result_timeout_ms": ns.tool_result_timeout_ms,
            "end_probability": ns.end_probability,
            "request_probability": ns.request_probability,
            "interleave": not ns.no_interleave,
            "partitions": ns.partitions,
            **({} if ns.mean_arrival_ms == MEAN_ARRIVAL_MS else {"mean_arrival_ms": ns.mean_arrival_ms}),
            **({} if incident is None else {"incident": {"at_ms": incident.at_ms, "rates": {
                f.name: getattr(incident.rates, f.name) for f in fields(FaultRates)},
                "app_version": incident.app_version}}),
        },
    )
    try:
        events = _events(ns, n, rates, dialects, incident, truth)
        if live:
            _send(events, ns, kafka, total)
            events = iter(())
        skipped = 0
        with ExitStack() as stack:
            out: BinaryIO = sys.stdout.buffer if ns.out == "-" else stack.enter_context(open(ns.out, "wb"))
            try:
                for ev in events:
                    if ns.format == "jsonl":
                        out.write(encode_line(ev))
                    elif (line := console_line(ev)) is not None:
                        out.write(line)
                    else:
                        skipped += 1
                out.flush()
            except (BrokenPipeError, KeyboardInterrupt):
                pass
    except ValueError as e:
        parser.error(str(e))
    if skipped:
        sys.stderr.write(f"toolmend generate: {skipped} records whose value holds a tab or newline left out "
                         "(the console producer's line format cannot carry them)\n")
    if ns.truth is not None:
        with open(ns.truth, "wb") as f:
            f.write(orjson.dumps(truth.to_dict(), option=orjson.OPT_INDENT_2) + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
