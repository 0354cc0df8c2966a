"""What every `toolmend` command shares: the one policy from an exception to an exit code and one line.

| exit | when | the line on stderr |
|---|---|---|
| 0 | the command did what it was asked | nothing |
| 1 | the brokers cannot be reached, or a Kafka error ended it | `toolmend X: cannot reach ...` / `Kafka error: ...` |
| 2 | a bad setting, flag or input (`ConfigError`, `UsageError`, the command's own) | `toolmend X: <what is wrong>` |
| 130 | interrupted, for a command that says what it kept | `toolmend X: interrupted (...)` |

Anything else is a bug and keeps its traceback. A command opens `with exiting(PROG) as ex:` around its body,
returns its code inside it and `ex.code` after it. The policy knows no command; it imports no Kafka client (a
Kafka error is recognised only if the client was loaded), so `toolmend patch` never loads one.
"""

from __future__ import annotations

import sys
from types import TracebackType

USAGE, UNAVAILABLE, INTERRUPTED = 2, 1, 130


class UsageError(Exception):
    """A command that cannot run as asked: one line, exit 2."""


class exiting:  # lower case: used as a statement, as contextlib's are
    """The exit-code policy around one command's body (see the table above)."""

    def __init__(self, prog: str, usage: tuple[type[Exception], ...] = (), interrupted: str | None = None,
                 reach: str | None = None) -> None:
        self.prog = prog
        self.usage: tuple[type[Exception], ...] = (UsageError, *usage)
        self.interrupted = interrupted  # what the command keeps when interrupted (None: no 130, the traceback)
        self.reach = reach  # what cannot be reached, when it is not the settings' brokers
        self.brokers: str | None = None  # set once the settings are known: named when they cannot be reached
        self.code = 0

    def __enter__(self) -> exiting:
        return self

    def say(self, line: str) -> None:
        sys.stderr.write(f"{self.prog}: {line}\n")

    def __exit__(self, kind: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> bool:
        if e is None:
            return False
        if isinstance(e, self.usage + _config_error()):
            self.say(str(e))
            self.code = USAGE
            return True
        if isinstance(e, KeyboardInterrupt) and self.interrupted is not None:
            self.say(f"interrupted ({self.interrupted})")
            self.code = INTERRUPTED
            return True
        line = self._kafka(e)
        if line is None:
            return False
        self.say(line)
        self.code = UNAVAILABLE
        return True

    def _kafka(self, e: BaseException) -> str | None:
        errors = sys.modules.get("aiokafka.errors")
        if errors is None:
            return None
        if isinstance(e, errors.KafkaConnectionError):
            where = self.reach or (f"the Kafka brokers at {self.brokers}" if self.brokers else "the Kafka brokers")
            return f"cannot reach {where}: {e}"
        if isinstance(e, errors.KafkaError):
            return f"Kafka error: {type(e).__name__}: {e}"
        return None


def _config_error() -> tuple[type[Exception], ...]:
    """`ConfigError`, if the settings were loaded (they load a Kafka client: `toolmend patch` never does)."""
    config = sys.modules.get(f"{__name__.rsplit('.', 2)[0]}.config")
    return () if config is None else (config.ConfigError,)


__all__ = ["INTERRUPTED", "UNAVAILABLE", "USAGE", "UsageError", "exiting"]
