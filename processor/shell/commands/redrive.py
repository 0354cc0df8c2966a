"""`toolmend redrive --kind KIND`: dead letters of chosen kinds re-injected into the input topic once their cause
is fixed (`shell/redrive.py`), its flags, the summary printed and the exit code."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

import orjson

from ..config import load
from ..logs import FORMATS, setup_logging
from ..redrive import DEFAULT_MAX, KINDS, redrive
from .base import UsageError, exiting

PROG = "toolmend redrive"


def main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(
        prog=PROG, usage="%(prog)s --kind KIND [--kind KIND ...] [options]",
        description="Re-inject dead letters of the chosen kinds from the dead-letter topic into the input topic "
        "(key, value and the producer's headers; toolmend-* headers removed), once their cause is fixed. Bounded "
        "(the end of the dead-letter topic at start, --max-records) and resumable: the position is committed for "
        "--group, so a second run redrives nothing again.")
    p.add_argument("--kind", action="append", required=True, choices=KINDS, dest="kinds",
                   help="a dead-letter kind to redrive (repeatable)")
    p.add_argument("--group", default=None, help="consumer group keeping the redrive's position in the "
                   "dead-letter topic (default: <group_id>-redrive)")
    p.add_argument("--max-records", type=int, default=DEFAULT_MAX, help="at most this many dead letters per run "
                   f"(default {DEFAULT_MAX})")
    p.add_argument("--dry-run", action="store_true", help="count what would be redriven; write and commit nothing")
    p.add_argument("--log-level", default="WARNING")
    p.add_argument("--log-format", choices=FORMATS, default=None,
                   help="text (default) or json: one object per line (TOOLMEND_LOG_FORMAT)")
    with exiting(PROG) as ex:
        settings, ns = load(argv, prog=PROG, extra=p)
        ex.brokers = settings.bootstrap_servers
        setup_logging(ns.log_level, ns.log_format)
        if ns.max_records < 1:
            raise UsageError("--max-records must be at least 1")
        group = ns.group or f"{settings.group_id}-redrive"
        summary = asyncio.run(redrive(settings, frozenset(ns.kinds), group, ns.max_records, ns.dry_run))
        sys.stdout.write(orjson.dumps({**summary.as_dict(), "from": settings.dlq_topic, "to": settings.input_topic,
                                       "group": group, "dry_run": ns.dry_run}).decode() + "\n")
        return 0
    return ex.code


__all__ = ["main"]
