"""`toolmend run`: the worker with its HTTP endpoints, configured from flags and the environment."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Sequence

from aiokafka.errors import KafkaConnectionError, KafkaError

from .auth import TokenError
from .config import ConfigError, Settings, load
from .http import HealthServer
from .logs import FORMATS, ConnectionDiagnosis, setup_logging
from .metrics import Metrics
from .worker import Worker

__all__ = ["main", "serve", "setup_logging"]
log = logging.getLogger("toolmend")


async def serve(settings: Settings, stop: asyncio.Event, metrics: Metrics | None = None) -> Worker:
    """Run a worker with its HTTP endpoints until `stop` is set (or SIGTERM/SIGINT)."""
    m = metrics or Metrics(label_cap=settings.label_cap)
    worker = Worker(settings, m)
    http = HealthServer(m.registry, worker.healthy, worker.ready, settings.metrics_host, settings.metrics_port)
    await http.start()
    log.info("metrics on http://%s:%d/metrics", settings.metrics_host, http.port)
    try:
        await worker.run(stop)
    finally:
        await http.stop()
    return worker


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
        if not isinstance(e, KafkaConnectionError):
            raise
        sys.stderr.write(f"toolmend run: cannot reach the Kafka brokers at {settings.bootstrap_servers}: {e}\n")
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
