"""`toolmend run`: the worker with its HTTP endpoints, configured from flags and the environment."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Coroutine, Sequence
from typing import Any

from aiokafka.errors import KafkaConnectionError, KafkaError

from .auth import TokenError
from .config import ConfigError, Settings, load
from .http import HealthServer
from .logs import FORMATS, ConnectionDiagnosis, describe_error, setup_logging
from .metrics import Metrics
from .worker.loop import Worker

__all__ = ["main", "serve", "setup_logging"]
log = logging.getLogger("toolmend")


async def serve(settings: Settings, stop: asyncio.Event, metrics: Metrics | None = None) -> Worker:
    """Run a worker with its HTTP endpoints until `stop` is set (or SIGTERM/SIGINT)."""
    m = metrics or Metrics(label_cap=settings.label_cap)
    stage = None
    if settings.input_format == "otlp":  # the re-keying stage feeds the worker through the repartition topic
        from .otlp.stage import Rekeyer, repartition_topic

        stage = Rekeyer(settings, m)
        if settings.create_topics:
            await stage.create_topics()
        settings = settings.model_copy(update={"input_topic": repartition_topic(settings)})
    worker = Worker(settings, m)
    http = HealthServer(m.registry, worker.healthy, worker.ready, settings.metrics_host, settings.metrics_port)
    await http.start()
    log.info("metrics on http://%s:%d/metrics", settings.metrics_host, http.port)
    try:
        if stage is None:
            await worker.run(stop)
        else:
            await _together(stop, worker.run(stop), stage.run(stop))
    finally:
        await http.stop()
    return worker


async def _together(stop: asyncio.Event, *coros: Coroutine[Any, Any, None]) -> None:
    """Run the worker and the re-keying stage until `stop`; the first to fail (or end) stops the other, and its
    error is raised."""
    tasks = [asyncio.ensure_future(c) for c in coros]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        stop.set()
        await asyncio.gather(*tasks)
    finally:
        for t in tasks:
            if not t.done():
                t.cancel()


def _install_signals(stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not the main thread
            loop.add_signal_handler(sig, stop.set)


async def _run(settings: Settings) -> int:
    stop = asyncio.Event()
    _install_signals(stop)
    diagnosis = ConnectionDiagnosis(settings.security_protocol, settings.sasl_mechanism)
    kafka_log = logging.getLogger("aiokafka")
    kafka_log.addHandler(diagnosis)
    try:
        if settings.sasl_mechanism == "OAUTHBEARER":  # a token that cannot be had is a setting's error, found now
            await settings.token_provider().token()
        await serve(settings, stop)
    except (ConfigError, TokenError) as e:
        sys.stderr.write(f"toolmend run: {e}\n")
        return 2
    except (KafkaError, OSError) as e:  # one line, not a traceback, saying why where aiokafka's log told
        if diagnosis.reason is not None:  # authentication, TLS or protocol: a setting to fix, not an outage
            sys.stderr.write(f"toolmend run: {diagnosis.reason} (brokers {settings.bootstrap_servers})\n")
            return 2
        if isinstance(e, KafkaConnectionError):
            sys.stderr.write(f"toolmend run: cannot reach the Kafka brokers at {settings.bootstrap_servers}: {e}\n")
            return 1
        if not isinstance(e, KafkaError):
            raise
        # a Kafka error the worker does not retry (retriable ones are retried while its partitions are owned):
        # one line; the orchestrator restarts it and it resumes from the committed offsets
        sys.stderr.write(f"toolmend run: stopped by a Kafka error: {describe_error(e)}\n")
        return 1
    finally:
        kafka_log.removeHandler(diagnosis)
    return 0


def main(command: str, argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog=f"toolmend {command}", usage="%(prog)s [options]",
                                description="The stream worker: conversation events in, repaired histories, "
                                "findings and dead letters out, until SIGTERM.")
    p.add_argument("--log-level", default="INFO")
    p.add_argument("--log-format", choices=FORMATS, default=None,
                   help="text (default) or json: one object per line (TOOLMEND_LOG_FORMAT)")
    try:
        settings, ns = load(argv, prog=f"toolmend {command}", extra=p)
    except ConfigError as e:
        sys.stderr.write(f"toolmend {command}: {e}\n")
        return 2
    try:
        setup_logging(ns.log_level, ns.log_format)
    except ValueError as e:
        sys.stderr.write(f"toolmend {command}: {e}\n")
        return 2
    return asyncio.run(_run(settings))
