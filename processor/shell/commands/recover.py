"""`toolmend recover --rebuild`: the state of partitions whose state is lost, rebuilt from the input, then exit."""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Sequence

import orjson

from ..config import load
from ..logs import FORMATS, setup_logging
from .base import exiting

PROG = "toolmend recover"


def main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog=PROG, usage="%(prog)s --rebuild [options]",
                                description="Rebuild the state of partitions whose state is lost (the worker "
                                "refused to start naming them) by reprocessing the input up to the committed "
                                "offsets: writes state only, no outputs. Stop every worker of the group first.")
    p.add_argument("--log-level", default="INFO")
    p.add_argument("--log-format", choices=FORMATS, default=None,
                   help="text (default) or json: one object per line (TOOLMEND_LOG_FORMAT)")
    p.add_argument("--rebuild", action="store_true", required=True,
                   help="rebuild by reprocessing the input from the beginning of each partition")
    p.add_argument("--partition", type=int, action="append", dest="only",
                   help="only this input partition (repeatable)")
    p.add_argument("--force", action="store_true", help="with --partition: rebuild even if its state looks complete")
    with exiting(PROG) as ex:
        settings, ns = load(argv, prog=PROG, extra=p)
        ex.brokers = settings.bootstrap_servers
        setup_logging(ns.log_level, ns.log_format)
        from ..worker.recovery import rebuild

        summary = asyncio.run(rebuild(settings, ns.only, ns.force))
        print(orjson.dumps({"rebuilt": summary}).decode())
        return 0
    return ex.code


__all__ = ["main"]
