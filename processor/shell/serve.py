"""A worker with its HTTP endpoints (and, for OTLP input, the re-keying stage beside it) until a stop event: what
`toolmend run` and `toolmend demo` both run.

Owns putting the pieces together and stopping them together; knows nothing of flags, signals or exit codes
(`shell/commands/run.py`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from .config import Settings
from .http import HealthServer
from .metrics import Metrics
from .worker import Worker

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


__all__ = ["serve"]
