"""`toolmend replay`: its flags, the plan they describe, the summary printed, the exit code.

A thin command over `shell/replay/` (the plan, the run, the sinks): it knows flags and exit codes, not how a
replay runs.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from ..config import Settings, settings_from
from ..logs import setup_logging
from ..metrics import Metrics
from ..replay.files import dump_info
from ..replay.plan import Plan, ReplayError, check_plan, parse_duration, parse_time
from ..replay.progress import summary_table
from ..replay.run import replay
from ..replay.select import Window
from .base import exiting

PROG = "toolmend replay"

# settings a replay does not use: no flag (the live worker's topics are still read from the environment, to
# refuse writing into them)
NOT_FLAGS = ("output_topic", "dlq_topic", "findings_topic", "state_topic", "group_id", "group_instance_id",
             "partitions", "session_timeout_ms", "heartbeat_interval_ms", "shutdown_budget_s", "broker_unreachable_s",
             "delivery", "transaction_timeout_ms", "start_empty", "heal_max_records", "stable_offsets_wait_s",
             "input_format", "otlp_conversation_keys", "otlp_logs_topic", "repartition_topic",
             "otlp_reorder_ms", "otlp_reorder_max_events", "otlp_reorder_max_bytes")
NOT_USED_WHY = ("a replay reads its input without a group and writes outputs of its own, without transactions, "
                "state topic or OTLP stage")


def parser() -> argparse.ArgumentParser:
    from ..config import add_flags

    p = argparse.ArgumentParser(
        prog=PROG, usage="%(prog)s [--from-file FILE | --input-topic TOPIC] [--from TIME] [--to TIME] "
        "[--to-file FILE | --to-topics PREFIX] [options]",
        description="Reprocess a topic or a file, or an event-time range of it, into topics of its own or a file, "
        "then print a summary. By default it writes to <input>.replay.<name>.{repaired,findings,dlq} and never "
        "into a live worker's topics.")
    g = p.add_argument_group("replay")
    g.add_argument("--from", dest="from_time", metavar="TIME",
                   help="keep events dated at or after TIME (RFC 3339 with a zone, or epoch ms): each partition is "
                   "kept from its first event dated at or after it; conversations begun before the look-back are "
                   "left out whole, and ids get the prefix replay.<name>:")
    g.add_argument("--to", dest="to_time", metavar="TIME",
                   help="each partition ends before its first event dated after TIME")
    g.add_argument("--look-back", metavar="DURATION",
                   help="events read before --from to warm conversations up (default: twice the conversation TTL)")
    g.add_argument("--seek-slack", metavar="DURATION", default=None,
                   help="how far a record's broker timestamp may be behind its event time (the seek starts at "
                   "look-back start minus this; default 1h)")
    g.add_argument("--name", help="run name: the output topics and the id prefix (default: from the range, e.g. "
                   "from20261101T000000Z-to20261102T000000Z, or full)")
    g.add_argument("--from-file", type=Path, metavar="FILE",
                   help="read events from a JSONL file (.gz too), one input event per line, instead of a topic")
    g.add_argument("--file-topic", metavar="TOPIC",
                   help="the topic a --from-file stands for, in ids and output topic names (default: the file "
                   "name without .jsonl/.gz)")
    g.add_argument("--partitions", type=int, default=1, metavar="N",
                   help="partitions a --from-file stands for: keys spread by Kafka's default partitioner (default 1)")
    g.add_argument("--dump-input", type=Path, metavar="FILE",
                   help="write the input topic to FILE (.gz too) as a replayable input file, keys, headers, "
                   "timestamps and offsets kept (--from-file reads it back), and process nothing")
    g.add_argument("--to-file", type=Path, metavar="FILE",
                   help='write {"kind","key","id","headers","value"} lines to FILE (.gz too) instead of topics')
    g.add_argument("--to-topics", metavar="PREFIX",
                   help="write to PREFIX.repaired, PREFIX.findings and PREFIX.dlq (default <input>.replay.<name>)")
    g.add_argument("--allow-live-topics", action="store_true",
                   help="allow writing into the live worker's topics (TOOLMEND_OUTPUT_TOPIC, ...)")
    add_metrics_flags(g)
    g.add_argument("--quiet", action="store_true", help="no progress (the summary is still printed)")
    g.add_argument("--json", action="store_true", help="print the summary as one JSON object instead of a table")
    g.add_argument("--log-level", default="WARNING", help="DEBUG, INFO, WARNING (default), ERROR")
    g.add_argument("--log-format", choices=("text", "json"), default=None,
                   help="text (default) or json: one object per line (TOOLMEND_LOG_FORMAT)")
    add_flags(p, NOT_FLAGS, why=NOT_USED_WHY)
    return p


def plan_from_args(argv: Sequence[str]) -> tuple[Plan, argparse.Namespace]:
    ns = parser().parse_args(list(argv))
    given = {k: v for k, v in vars(ns).items() if k in Settings.model_fields and v is not None}
    settings = settings_from(given)
    from_ms = None if ns.from_time is None else parse_time(ns.from_time)
    to_ms = None if ns.to_time is None else parse_time(ns.to_time)
    look_back = (parse_duration(ns.look_back) if ns.look_back is not None
                 else 2 * int(settings.conversation_ttl_s * 1000))
    plan = Plan(settings=settings, window=Window(from_ms, to_ms, look_back), name=ns.name, from_file=ns.from_file,
                file_topic=ns.file_topic, file_partitions=ns.partitions, to_file=ns.to_file,
                to_topics=ns.to_topics, allow_live_topics=ns.allow_live_topics,
                seek_slack_ms=parse_duration(ns.seek_slack or "1h"), quiet=ns.quiet)
    plan_metrics(plan, ns, parse_duration, ReplayError)
    if ns.to_file is not None and ns.to_topics is not None:
        raise ReplayError("--to-file and --to-topics exclude each other")
    refuse_combinations(ns)
    if ns.from_file is None and (ns.file_topic is not None or ns.partitions != 1):
        raise ReplayError("--file-topic and --partitions describe a --from-file")
    if ns.dump_input is not None and (ns.from_file is not None or ns.to_file is not None or ns.to_topics):
        raise ReplayError("--dump-input reads the input topic and writes only the file")
    if ns.from_file is not None and ns.from_file.is_file():
        try:
            dumped = dump_info(ns.from_file)  # a topic dumped whole: its name and partitions
        except (ValueError, OSError, EOFError) as e:
            raise ReplayError(f"input file {ns.from_file}: {e}") from None
        if dumped is not None:
            if ns.partitions not in (1, dumped[1]):
                raise ReplayError(f"--partitions {ns.partitions}: {ns.from_file} holds a topic of {dumped[1]}")
            plan.file_topic = plan.file_topic or dumped[0]
            plan.file_partitions = dumped[1]
    return plan, ns


def refuse_combinations(ns: argparse.Namespace) -> None:
    """Flags that mean nothing together: refused in one line rather than ignored."""
    if ns.from_file is not None and ns.seek_slack is not None:
        raise ReplayError("--seek-slack sets where a topic is read from: not with --from-file")
    if ns.look_back is not None and ns.from_time is None:
        raise ReplayError("--look-back is read before --from: not without --from")
    if ns.to_file is not None and ns.allow_live_topics:
        raise ReplayError("--allow-live-topics lets a replay write into the live topics: not with --to-file")
    if ns.metrics_file is None and (ns.metrics_step is not None or ns.metrics_job is not None):
        raise ReplayError("--metrics-step and --metrics-job shape --metrics-file: not without it")
    if ns.dump_input is not None and (ns.from_time is not None or ns.to_time is not None or ns.name is not None
                                      or ns.metrics_file is not None or ns.shard is not None):
        raise ReplayError("--dump-input writes the whole input topic to a file: not with --from, --to, --name, "
                          "--metrics-file or --shard")


async def _dump(plan: Plan, path: Path) -> int:
    import orjson

    from ..replay.dump import dump_topic

    if not path.parent.is_dir():
        raise ReplayError(f"output directory {path.parent} does not exist")
    try:
        summary = await dump_topic(plan.settings, path)
    except ValueError as e:
        raise ReplayError(str(e)) from None
    sys.stdout.write(orjson.dumps(summary).decode() + "\n")
    return 0


def serves_metrics(plan: Plan) -> bool:
    """A job that touches no broker (file to file) serves /metrics only when asked (a metrics port or address
    set); a topic replay always does (a Kubernetes Job is scraped like the worker)."""
    asked = {"metrics_port", "metrics_host"} & plan.settings.model_fields_set
    return bool(asked) or plan.from_file is None or plan.to_file is None


async def _main(plan: Plan, as_json: bool) -> int:
    import orjson

    from ..http import HealthServer

    s = plan.settings
    m = Metrics(label_cap=s.label_cap)
    if not serves_metrics(plan):
        summary = await replay(plan, m)
        if as_json:
            sys.stdout.write(orjson.dumps(summary).decode() + "\n")
        else:
            summary_table(summary, sys.stdout)
        return 0
    state = {"done": False}
    http = HealthServer(m.registry, lambda: (True, "ok"), lambda: (not state["done"], "replaying"),
                        s.metrics_host, s.metrics_port)
    notes: list[str] = []
    try:
        await http.start()
    except OSError:
        if not s.metrics_port:
            raise
        http.port = 0
        await http.start()
        notes.append(f"port {s.metrics_port} is busy: serving metrics on a free port instead\n")
    notes.append(f"replay {plan.run_name}: metrics on http://{s.metrics_host}:{http.port}/metrics\n")

    def started() -> None:  # said once the input is found: a replay refused says only why
        sys.stderr.write("".join(notes))

    try:
        summary = await replay(plan, m, started)
    finally:
        state["done"] = True
        await http.stop()
    if as_json:
        sys.stdout.write(orjson.dumps(summary).decode() + "\n")
    else:
        summary_table(summary, sys.stdout)
    return 0


def main(argv: Sequence[str]) -> int:
    with exiting(PROG, usage=(ReplayError,),
                 interrupted="no output file kept; topics keep what was written") as ex:
        plan, ns = plan_from_args(argv)
        ex.brokers = plan.settings.bootstrap_servers
        check_plan(plan)
        setup_logging(ns.log_level, ns.log_format)
        if ns.dump_input is not None:
            return asyncio.run(_dump(plan, ns.dump_input))
        return asyncio.run(_main(plan, ns.json))
    return ex.code


def add_metrics_flags(g: argparse._ArgumentGroup) -> None:
    g.add_argument("--metrics-file", type=Path, metavar="FILE",
                   help="also write the replay's counters at event time, as OpenMetrics text for `promtool tsdb "
                   "create-blocks-from openmetrics FILE DIR` (docs/backfill.md)")
    g.add_argument("--metrics-step", default=None, metavar="DURATION",
                   help="event time between two samples of a counter in --metrics-file (default 1m)")
    g.add_argument("--metrics-job", default=None, metavar="JOB",
                   help="the `job` label of the --metrics-file series (default toolmend, as the shipped scrape "
                   "configuration)")
    g.add_argument("--shard", metavar="I/N",
                   help="replay only the partitions p with p %% N == I (0 <= I < N): one pod of N in parallel "
                   "(deploy/k8s/replay-indexed-job.yaml)")


def plan_metrics(plan: Plan, ns: argparse.Namespace, parse_duration: Callable[[str], int],
                 error: type[Exception]) -> None:
    plan.metrics_file = ns.metrics_file
    plan.metrics_step_ms = parse_duration(ns.metrics_step or "1m")
    plan.metrics_job = ns.metrics_job or "toolmend"
    if ns.shard is not None:
        i, sep, n = ns.shard.partition("/")
        if not (sep and i.isdigit() and n.isdigit() and 0 <= int(i) < int(n)):
            raise error(f"--shard {ns.shard!r}: expected I/N with 0 <= I < N (e.g. 0/4)")
        plan.shard = (int(i), int(n))


__all__ = ["NOT_FLAGS", "add_metrics_flags", "main", "parser", "plan_from_args", "plan_metrics",
           "serves_metrics"]
