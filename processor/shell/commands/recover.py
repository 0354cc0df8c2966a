"""`toolmend recover --rebuild`: the state of partitions whose state is lost, rebuilt from the input, then exit;
`--repartition`: the whole state rebuilt for the input's current partition count (partitions were added), per
partition or, with `--by-conversation`, each conversation where its key now maps, from all its events."""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Sequence

import orjson

from ..config import add_flags, settings_of
from ..logs import FORMATS, setup_logging
from .base import UsageError, exiting

PROG = "toolmend recover"

# settings a rebuild does not use (it reads the input and writes the state topic; no outputs, no HTTP endpoint)
RECOVER_UNUSED = ("output_topic", "findings_topic", "dlq_topic", "group_instance_id", "metrics_host", "metrics_port",
                  "shutdown_budget_s", "broker_unreachable_s", "label_cap", "create_topics", "start_empty",
                  "heal_max_records", "session_timeout_ms", "heartbeat_interval_ms", "input_format",
                  "otlp_conversation_keys", "otlp_logs_topic", "repartition_topic", "gc_threshold",
                  "otlp_reorder_ms", "otlp_reorder_max_events", "otlp_reorder_max_bytes")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROG, usage="%(prog)s --rebuild | --repartition [--by-conversation] [options]",
                                description="Rebuild the state of partitions whose state is lost (the worker "
                                "refused to start naming them), or of every partition after partitions were added to "
                                "the input, by reprocessing the input up to the committed offsets: writes state only, "
                                "no outputs. Stop every worker of the group first.")
    p.add_argument("--log-level", default="INFO", help="DEBUG, INFO (default), WARNING, ERROR")
    p.add_argument("--log-format", choices=FORMATS, default=None,
                   help="text (default) or json: one object per line (TOOLMEND_LOG_FORMAT)")
    how = p.add_mutually_exclusive_group(required=True)
    how.add_argument("--rebuild", action="store_true",
                     help="rebuild by reprocessing the input from the beginning of each partition")
    how.add_argument("--repartition", action="store_true",
                     help="partitions were added to the input: recreate the state topic with the input's partition "
                     "count and rebuild every partition's state from its own input (the runbook, 'The input topic's "
                     "partition count changed')")
    p.add_argument("--by-conversation", action="store_true",
                   help="with --repartition: rebuild each conversation's state in the partition its key now maps to, "
                   "from all its events in every partition merged by event time, so a conversation that moved "
                   "goes on with its whole history (the runbook, 'The input topic's partition count changed')")
    p.add_argument("--partition", type=int, action="append", dest="only",
                   help="only this input partition (repeatable)")
    p.add_argument("--force", action="store_true", help="with --partition: rebuild even if its state looks complete")
    add_flags(p, RECOVER_UNUSED, why="a rebuild writes state only")
    return p


def main(argv: Sequence[str]) -> int:
    with exiting(PROG) as ex:
        ns = parser().parse_args(list(argv))
        if ns.by_conversation and not ns.repartition:
            raise UsageError("--by-conversation goes with --repartition")
        if ns.force and not ns.only:
            raise UsageError("--force goes with --partition (it rebuilds a partition whose state looks complete)")
        settings = settings_of(ns)
        ex.brokers = settings.bootstrap_servers
        setup_logging(ns.log_level, ns.log_format)
        from ..worker.recovery import rebuild, repartition

        if ns.repartition and not ns.rebuild:
            if ns.only or ns.force:
                raise UsageError("--repartition rebuilds every partition (no --partition, --force)")
            if ns.by_conversation:
                from ..worker.repartition import by_conversation

                summary = asyncio.run(by_conversation(settings))
            else:
                summary = asyncio.run(repartition(settings))
            print(orjson.dumps({"repartitioned": summary}).decode())
            return 0
        summary = asyncio.run(rebuild(settings, ns.only, ns.force))
        print(orjson.dumps({"rebuilt": summary}).decode())
        return 0
    return ex.code


__all__ = ["RECOVER_UNUSED", "main", "parser"]
