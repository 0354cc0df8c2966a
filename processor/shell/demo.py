"""The demo: the embedded Tansu broker, generated fault-injected traffic and the worker, in one process.

It ends by itself with a summary (measured by the worker's own metrics, next to the generator's ground truth),
or with `--forever` keeps producing traffic until SIGINT/SIGTERM, serving /metrics all along. Flags and exit codes
are `shell/commands/demo.py`'s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import socket
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from aiokafka import AIOKafkaProducer

from .config import Settings
from .embedded_broker import EmbeddedBroker
from .metrics import Metrics
from .serve import serve

PARTITIONS = 4


# settings the demo decides itself (its embedded broker, its topics, its group); the others come from the same
# places as for `toolmend run`: flags, then TOOLMEND_* variables, then the defaults
DEMO_OWN = ("bootstrap_servers", "input_topic", "output_topic", "dlq_topic", "findings_topic", "state_topic",
            "group_id", "group_instance_id", "partitions", "session_timeout_ms", "heartbeat_interval_ms",
            "fetch_max_wait_ms", "create_topics", "replication_factor", "security_protocol", "sasl_mechanism",
            "sasl_username", "sasl_password", "sasl_password_file", "sasl_oauth_token_file",
            "sasl_oauth_token_command", "sasl_oauth_token_refresh_s", "ssl_cafile", "ssl_certfile", "ssl_keyfile",
            "client_id", "input_format", "otlp_conversation_keys", "repartition_topic", "otlp_logs_topic")


def demo_settings(ns: argparse.Namespace, bootstrap: str) -> Settings:
    """The worker's settings: flags and TOOLMEND_* for everything but what the demo owns (broker, topics)."""
    from .config import settings_from

    given = {k: v for k, v in vars(ns).items() if k in Settings.model_fields and v is not None}
    given.update(bootstrap_servers=bootstrap, input_topic="demo.conversations", output_topic="demo.repaired",
                 dlq_topic="demo.dlq", findings_topic="demo.findings", group_id="toolmend-demo",
                 partitions=PARTITIONS, session_timeout_ms=6000, heartbeat_interval_ms=500, fetch_max_wait_ms=50,
                 create_topics=True, replication_factor=1, security_protocol="PLAINTEXT", sasl_mechanism=None,
                 sasl_password=None, sasl_password_file=None, sasl_oauth_token_file=None,
                 sasl_oauth_token_command=None, group_instance_id=None, client_id="toolmend-demo",
                 input_format="events")  # the demo's generator writes toolmend events
    if getattr(ns, "input_format", "events") == "otlp":
        given.update(input_format="otlp", otlp_logs_topic="demo.otlp_logs")
    if "non_idempotent_tools" not in given and not os.environ.get("TOOLMEND_NON_IDEMPOTENT_TOOLS"):
        from ..synth.content import NON_IDEMPOTENT_TOOLS  # the generator's writes: their blind retries are found

        given["non_idempotent_tools"] = ",".join(sorted(NON_IDEMPOTENT_TOOLS))
    return settings_from(given)


def _sum(m: Metrics, name: str, by: str | None = None, **match: str) -> Any:
    """Sum of a metric's samples (optionally grouped by one label), read from the worker's registry."""
    total = 0.0
    groups: dict[str, float] = {}
    for fam in m.registry.collect():
        for smp in fam.samples:
            if smp.name != name or any(smp.labels.get(k) != v for k, v in match.items()):
                continue
            total += smp.value
            if by is not None:
                key = smp.labels.get(by, "")
                groups[key] = groups.get(key, 0.0) + smp.value
    return groups if by is not None else total


async def _produce(bootstrap: str, topic: str, events: Iterable[Any], rate: float, stop: asyncio.Event,
                   counter: list[int]) -> None:
    p = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=5, max_request_size=4 << 20)
    await p.start()
    try:
        t0 = time.monotonic()
        pending = []
        for ev in events:
            if stop.is_set():
                break
            pending.append(await p.send(topic, ev.value, key=ev.key))
            counter[0] += 1
            if len(pending) >= 500:
                await asyncio.gather(*pending)
                pending = []
            if rate > 0:
                ahead = counter[0] / rate - (time.monotonic() - t0)
                if ahead > 0:
                    await asyncio.sleep(ahead)
        await asyncio.gather(*pending)
    finally:
        await p.stop()


def _port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def _free_port(host: str) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def _table(rows: Sequence[tuple[str, Any, Any]], out: TextIO) -> None:
    w = max(len(r[0]) for r in rows)
    out.write(f"\n{'':{w}}  {'measured':>10}  {'expected':>10}\n")
    for name, got, want in rows:
        g = f"{got:,.0f}" if isinstance(got, float | int) else str(got)
        e = "" if want is None else f"{want:,.0f}"
        mark = "" if want is None or round(float(got)) == want else "  <- differs"
        out.write(f"{name:{w}}  {g:>10}  {e:>10}{mark}\n")


class _Status:
    """The demo's one status line: redrawn in place on a terminal (rich; log lines print above it, never into
    it), a full line every few seconds otherwise (lines never run together in a file or a pipe)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.tty = out.isatty()
        self._live: Any = None
        self._last = 0.0

    def __enter__(self) -> _Status:
        if self.tty:
            import logging

            from rich.console import Console
            from rich.live import Live

            console = Console(file=self.out)
            # rich redirects sys.stderr while it runs (lines written there print above the status line): the log
            # handlers write there too, keeping their format (text or json)
            self._live = Live("", console=console, refresh_per_second=4, transient=False, redirect_stderr=True)
            self._live.start()
            self._saved = [(h, h.stream) for h in logging.getLogger().handlers if isinstance(h, logging.StreamHandler)]
            for h, _ in self._saved:
                h.setStream(sys.stderr)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._live is not None:
            self._live.stop()
            for h, stream in self._saved:
                h.setStream(stream)

    def show(self, text: str, final: bool = False) -> None:
        if self._live is not None:
            self._live.update(text)
            return
        now = time.monotonic()
        if final or now - self._last >= 2.0:
            self._last = now
            self.out.write(text + "\n")
            self.out.flush()


async def run_demo(ns: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    from ..synth.generate import FaultRates, generate, iter_generate
    from ..synth.truth import GroundTruth

    probe = demo_settings(ns, "127.0.0.1:9")  # the metrics address, as configured (flags, environment)
    host, port = probe.metrics_host, probe.metrics_port
    if port and not _port_free(host, port):
        out.write(f"port {port} is busy: serving metrics on a free port instead\n")
        port = 0
    if port == 0:
        port = _free_port(host)
    ns.metrics_port = port
    out.write("starting the embedded Kafka broker (Tansu) ...\n")
    broker = EmbeddedBroker().start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        s = demo_settings(ns, broker.bootstrap)
        metrics = Metrics(label_cap=s.label_cap)
        worker_stop = asyncio.Event()
        task = asyncio.create_task(serve(s, worker_stop, metrics))
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
        out.write(f"broker {broker.bootstrap}; worker metrics on http://{shown}:{port}/metrics\n")
        produced = [0]
        t0 = time.monotonic()
        truth: GroundTruth | None = None
        if s.input_format == "otlp":
            from .demo_otlp import run_otlp_demo

            rows, last = await run_otlp_demo(ns, s, broker.bootstrap, lambda name, by=None: _sum(metrics, name, by),
                                             task, stop, out)
            worker_stop.set()
            await task
            _table(rows, out)
            out.write(last)
            return 0
        if ns.forever:
            truth = GroundTruth(keep_conversations=False)
            events: Iterable[Any] = iter_generate(None, seed=ns.seed, partitions=PARTITIONS, truth=truth,
                                                  rates=demo_rates(FaultRates))
            rate = ns.rate or 300.0
        else:
            evs, truth = generate(ns.conversations, seed=ns.seed, partitions=PARTITIONS, rates=demo_rates(FaultRates))
            events = evs
            rate = ns.rate
        producer = asyncio.create_task(_produce(broker.bootstrap, s.input_topic, events, rate, stop, produced))
        with _Status(out) as status:
            while True:
                await asyncio.sleep(0.25)
                done = int(_sum(metrics, "toolmend_events_total"))
                finished = producer.done() and (ns.forever or done >= produced[0])
                dangling = _sum(metrics, "toolmend_dangling_tool_calls_total")
                status.show(f"  produced {produced[0]:>7,}  processed {done:>7,}  dangling {dangling:>5,.0f}  "
                            f"regressions {_sum(metrics, 'toolmend_text_only_regressions_total'):>4,.0f}  "
                            f"dead letters {_sum(metrics, 'toolmend_dead_letters_total'):>4,.0f}", final=finished)
                if producer.done():
                    producer.result()
                    if finished:
                        break
                if task.done():
                    task.result()  # the worker stopped on its own: its error, not a hang
                    break
                if stop.is_set() and not ns.forever:
                    break
            if ns.forever:
                await stop.wait()
        secs = time.monotonic() - t0
        worker_stop.set()
        await task
        _summary(metrics, truth, secs, produced[0], out, exact=not ns.forever)
        if not ns.forever and ns.report:
            from .report.demo import write_demo_report

            out.write(await write_demo_report(events, PARTITIONS, s, Path(ns.report)))
    finally:
        broker.stop()
    return 0


def demo_rates(rates: Any) -> Any:
    """The generator's default faults, and tool runs (spans) of each case: a run that completed for a call whose
    result was lost, a run that failed, a span past the grace (a call with no span is every other dangling call)."""
    from dataclasses import replace

    # and retries of failed calls: futile, and blind ones of the generator's writes (demo_settings names them)
    return replace(rates(), tool_ran=0.03, tool_failed=0.02, tool_run_late=0.01, retry=0.03)


def _summary(m: Metrics, truth: Any, secs: float, produced: int, out: TextIO, exact: bool) -> None:
    t = truth.to_dict()["totals"] if truth is not None and exact else None
    events = _sum(m, "toolmend_events_total")
    calls = _sum(m, "toolmend_tool_calls_total")
    dangling = _sum(m, "toolmend_dangling_tool_calls_total", by="reason")
    findings = _sum(m, "toolmend_findings_total", by="kind")
    dlq = _sum(m, "toolmend_dead_letters_total", by="kind")
    rows: list[tuple[str, Any, Any]] = [
        ("events processed", events, t["records"] if t else None),
        ("duplicates recognized", _sum(m, "toolmend_events_total", outcome="duplicate"),
         t["duplicates"] if t else None),
        ("messages tracked", _sum(m, "toolmend_messages_total"), t["messages"] if t else None),
        ("tool calls", calls, t["tool_calls"] if t else None),
        ("dangling calls", sum(dangling.values()), t["dangling"] if t else None),
    ]
    for reason in sorted(set(dangling) | set((t or {}).get("dangling_by_reason", {}))):
        want = t["dangling_by_reason"].get(reason) if t else None
        if dangling.get(reason, 0) or want:
            rows.append((f"  {reason}", dangling.get(reason, 0.0), want))
    for kind in sorted(set(findings) | set((t or {}).get("findings", {}))):
        if kind == "dangling_tool_call":
            continue
        want = t["findings"].get(kind) if t else None
        if findings.get(kind, 0) or want:
            rows.append((f"finding {kind}", findings.get(kind, 0.0), want))
    spans = _sum(m, "toolmend_tool_spans_total", by="join")
    want_spans = (t or {}).get("tool_spans", {})
    if sum(spans.values()) or want_spans:
        rows.append(("tool runs (spans)", sum(spans.values()), sum(want_spans.values()) if t else None))
        for join in sorted(set(spans) | set(want_spans)):
            if spans.get(join, 0) or want_spans.get(join):
                rows.append((f"  {join}", spans.get(join, 0.0), want_spans.get(join, 0) if t else None))
    rows.append(("dead letters", sum(dlq.values()), sum(t["dead_letters"].values()) if t else None))
    for kind in sorted(dlq):
        want = t["dead_letters"].get(kind) if t else None
        if dlq[kind] or want:
            rows.append((f"  {kind}", dlq[kind], want))
    _table(rows, out)
    share = dangling_rate = 0.0
    if calls:
        dangling_rate = sum(dangling.values()) / calls
    turns = _sum(m, "toolmend_assistant_turns_after_tool_total", by="outcome")
    if sum(turns.values()):
        share = turns.get("text_only", 0.0) / sum(turns.values())
    out.write(f"\ndangling rate {dangling_rate:.1%} of tool calls; text-only share after first tool use {share:.1%}\n")
    out.write(f"throughput {events / secs:,.0f} events/s end to end ({produced:,} records in {secs:.1f}s)\n")


__all__ = ["DEMO_OWN", "PARTITIONS", "demo_settings", "run_demo"]
