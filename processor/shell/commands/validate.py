"""`toolmend validate [--connect]`: the settings `toolmend run` would start with (environment, flags, the files they
name), every problem at once, one line each on stderr and exit 2; a short summary and exit 0 when sound. With
`--connect` also the broker (`shell/preflight/`): connection, topics, partitions, transactions, ACLs, without
consuming. An init container runs it before the worker (deploy/k8s/statefulset.yaml)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from ..config import Settings, add_flags
from ..logs import FORMATS
from .base import UNAVAILABLE, USAGE, UsageError, exiting

PROG = "toolmend validate"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=PROG, usage="%(prog)s [--connect] [options]",
        description="Check the configuration `toolmend run` would start with (the same flags, TOOLMEND_* variables "
        "and files) and report every problem at once, one line each (exit 2), or a summary (exit 0). With "
        "--connect, also the broker: connection (TLS, SASL), topics and partition counts, transactions for "
        "exactly once, ACLs where the broker describes them; nothing is consumed.")
    g = p.add_argument_group("validate")
    g.add_argument("--connect", action="store_true",
                   help="also connect to the brokers (once the settings are sound) and check topics, partitions, "
                   "transactions and ACLs, consuming nothing")
    g.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                   help="--connect: how long to wait for the brokers to answer (default 15)")
    g.add_argument("--log-level", default="INFO", help="the level `run` would log at: checked (default INFO)")
    g.add_argument("--log-format", default=None, metavar="{" + ",".join(FORMATS) + "}",
                   help="the format `run` would log in: checked (default: TOOLMEND_LOG_FORMAT, else text)")
    # the same settings as `run`, each value checked by the settings (every problem at once, not argparse's first)
    add_flags(p, check_choices=False)
    return p


def _summary(s: Settings) -> str:
    topics = [s.input_topic, s.output_topic, s.findings_topic, s.dlq_topic, s.changelog_topic]
    return (f"configuration sound: {s.input_format} from {s.input_topic} on {s.bootstrap_servers} "
            f"({s.security_protocol}), group {s.group_id}, {s.delivery}, {len([t for t in topics if t])} topics")


def main(argv: Sequence[str]) -> int:
    with exiting(PROG) as ex:
        ns = parser().parse_args(list(argv))
        if ns.timeout is not None and not ns.connect:
            raise UsageError("--timeout is how long --connect waits for the brokers: not without --connect")
        return asyncio.run(_validate(ns))
    return ex.code


async def _validate(ns: argparse.Namespace) -> int:
    from ..preflight import check_broker, check_local, check_token

    given = {k: v for k, v in vars(ns).items() if k in Settings.model_fields and v is not None}
    settings, lines = check_local(given, ns.log_level, ns.log_format)
    if settings is not None and not lines:
        lines += await check_token(settings)
    if settings is not None and ns.connect and not lines:  # with a bad setting, what the broker says means little
        lines += await check_broker(settings, 15.0 if ns.timeout is None else ns.timeout)
    bad = [line for line in lines if line.level in ("problem", "unreachable")]
    for line in lines:
        if line.level not in ("problem", "unreachable"):
            sys.stdout.write(line.show() + "\n")
    for line in bad:
        sys.stderr.write(f"{PROG}: {line.show()}\n")
    if bad:
        return USAGE if any(line.level == "problem" for line in bad) else UNAVAILABLE
    assert settings is not None
    sys.stdout.write(_summary(settings) + ("" if ns.connect else " (broker not checked: --connect)") + "\n")
    return 0


__all__ = ["main", "parser"]
