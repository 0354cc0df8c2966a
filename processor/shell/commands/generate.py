"""`toolmend generate`: synthetic fault-injected conversation events with their ground truth (`processor.synth`;
`python -m processor.synth` is the same command)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from .base import exiting

PROG = "toolmend generate"


def parser() -> argparse.ArgumentParser:
    from ...synth.cli import build_parser

    return build_parser(PROG)


def main(argv: Sequence[str]) -> int:
    with exiting(PROG) as ex:
        from ...synth import cli as synth_cli

        return synth_cli.main(list(argv))
    return ex.code


__all__ = ["main", "parser"]
