"""`toolmend schema`: the published JSON Schema of the input event (`shell/event_schema.py`) on stdout."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .base import exiting

PROG = "toolmend schema"


def parser() -> argparse.ArgumentParser:
    return argparse.ArgumentParser(prog=PROG, description="Print the JSON Schema of the input event (the value of a "
                                   "record of the input topic, or a line of a replay file).")


def main(argv: Sequence[str]) -> int:
    parser().parse_args(list(argv))
    with exiting(PROG) as ex:
        from ..event_schema import schema_json

        sys.stdout.write(schema_json() + "\n")
        return 0
    return ex.code


__all__ = ["main", "parser"]
