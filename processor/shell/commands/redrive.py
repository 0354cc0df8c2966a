"""`toolmend redrive --kind KIND`: dead letters of chosen kinds re-injected into the input topic once their cause
is fixed (`shell/redrive.py`), its flags, the summary printed and the exit code."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

import orjson

from ..config import Settings, add_flags, settings_of
from ..logs import FORMATS, setup_logging
from ..redrive import DEFAULT_MAX, KINDS, redrive, refused
from .base import UsageError, exiting

PROG = "toolmend redrive"

# what a redrive uses: the brokers and authentication, the dead-letter and input topics, the group (its own is
# <group_id>-redrive), the largest event; the rest of the settings are the worker's
REDRIVE_USES = frozenset({
    "bootstrap_servers", "client_id", "security_protocol", "sasl_mechanism", "sasl_username", "sasl_password",
    "sasl_password_file", "sasl_oauth_token_file", "sasl_oauth_token_command", "sasl_oauth_token_refresh_s",
    "ssl_cafile", "ssl_certfile", "ssl_keyfile", "input_topic", "dlq_topic", "group_id", "max_event_bytes",
    "linger_ms", "transaction_timeout_ms", "delivery", "max_batch", "fetch_max_wait_ms"})
REDRIVE_UNUSED = tuple(n for n in Settings.model_fields if n not in REDRIVE_USES)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=PROG, usage="%(prog)s --kind KIND [--kind KIND ...] [options]",
        description="Re-inject dead letters of the chosen kinds from the dead-letter topic into the input topic "
        "(key, value and the producer's headers; toolmend-* headers removed), once their cause is fixed. Bounded "
        "(the end of the dead-letter topic at start, --max-records) and resumable: the position is committed for "
        "--group, so a second run redrives nothing again.")
    p.add_argument("--kind", action="append", required=True, choices=KINDS, dest="kinds",
                   help="a dead-letter kind to redrive (repeatable); kinds whose record itself is wrong (invalid_json, "
                   "invalid_otlp, schema, unknown_dialect, key_mismatch, too_deep) are refused")
    p.add_argument("--group", default=None, help="consumer group keeping the redrive's position in the "
                   "dead-letter topic (default: <group_id>-redrive)")
    p.add_argument("--max-records", type=int, default=DEFAULT_MAX, help="at most this many dead letters per run "
                   f"(default {DEFAULT_MAX})")
    p.add_argument("--dry-run", action="store_true", help="count what would be redriven; write and commit nothing")
    p.add_argument("--log-level", default="WARNING", help="DEBUG, INFO, WARNING (default), ERROR")
    p.add_argument("--log-format", choices=FORMATS, default=None,
                   help="text (default) or json: one object per line (TOOLMEND_LOG_FORMAT)")
    add_flags(p, REDRIVE_UNUSED, why="a redrive copies dead letters back into the input, processing nothing")
    return p


def main(argv: Sequence[str]) -> int:
    with exiting(PROG) as ex:
        ns = parser().parse_args(list(argv))
        settings = settings_of(ns)
        ex.brokers = settings.bootstrap_servers
        setup_logging(ns.log_level, ns.log_format)
        never = refused(ns.kinds)
        if never is not None:
            raise UsageError(never)
        if ns.max_records < 1:
            raise UsageError("--max-records must be at least 1")
        group = ns.group or f"{settings.group_id}-redrive"
        summary = asyncio.run(redrive(settings, frozenset(ns.kinds), group, ns.max_records, ns.dry_run))
        sys.stdout.write(orjson.dumps({**summary.as_dict(), "from": settings.dlq_topic, "to": settings.input_topic,
                                       "group": group, "dry_run": ns.dry_run}).decode() + "\n")
        return 0
    return ex.code


__all__ = ["REDRIVE_UNUSED", "main", "parser"]
