"""`toolmend run`: the stream worker with its HTTP endpoints (`shell/serve.py`), configured from flags and the
environment, until SIGTERM or SIGINT."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
from collections.abc import Sequence

from aiokafka.errors import KafkaError

from ..auth import TokenError
from ..config import ConfigError, Settings, add_flags, settings_of
from ..logs import CLIENT_LOGGERS, FORMATS, ConnectionDiagnosis, connection_failure, setup_logging
from ..serve import serve
from .base import exiting

PROG = "toolmend run"


def _install_signals(stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not the main thread
            loop.add_signal_handler(sig, stop.set)


async def _run(settings: Settings) -> int:
    stop = asyncio.Event()
    _install_signals(stop)
    diagnosis = ConnectionDiagnosis(settings.security_protocol, settings.sasl_mechanism)
    for name in CLIENT_LOGGERS:
        logging.getLogger(name).addHandler(diagnosis)
    try:
        if settings.sasl_mechanism == "OAUTHBEARER":  # a token that cannot be had is a setting's error, found now
            await settings.token_provider().token()
        await serve(settings, stop)
    except (KafkaError, OSError) as e:  # one line, not a traceback, saying why where aiokafka's log told
        why = diagnosis.reason or connection_failure(e, settings.security_protocol, settings.sasl_mechanism)
        if why is not None:  # authentication, TLS or protocol: a setting to fix, not an outage
            raise ConfigError(f"{why} (brokers {settings.bootstrap_servers})") from None
        raise
    finally:
        for name in CLIENT_LOGGERS:
            logging.getLogger(name).removeHandler(diagnosis)
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROG, usage="%(prog)s [options]",
                                description="The stream worker: conversation events in, repaired histories, "
                                "findings and dead letters out, until SIGTERM. `toolmend validate` checks the same "
                                "settings without starting it.")
    p.add_argument("--log-level", default="INFO", help="DEBUG, INFO (default), WARNING, ERROR")
    p.add_argument("--log-format", choices=FORMATS, default=None,
                   help="text (default) or json: one object per line (TOOLMEND_LOG_FORMAT)")
    add_flags(p)
    return p


def main(argv: Sequence[str]) -> int:
    with exiting(PROG, usage=(TokenError,)) as ex:
        ns = parser().parse_args(list(argv))
        settings = settings_of(ns)
        ex.brokers = settings.bootstrap_servers
        setup_logging(ns.log_level, ns.log_format)
        return asyncio.run(_run(settings))
    return ex.code


__all__ = ["main", "parser"]
