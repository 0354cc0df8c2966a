"""The `toolmend` command: the table of its subcommands, each a module of `shell/commands/` imported only when it
runs (so `toolmend patch` never loads Kafka or asyncio). A subcommand parses its own flags, prints its own
`--help` and ends through the one exit-code policy (`shell/commands/base.py`)."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from . import extras

#: subcommand -> (its module under shell/commands/, the line `toolmend --help` shows)
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("run", "the stream worker (Kafka in, repaired records out)"),
    "validate": ("validate", "check the settings `run` would start with (and, --connect, the broker); exit 2 on any"),
    "demo": ("demo", "embedded broker + generator + worker, ends with a summary"),
    "patch": ("patch", "repair histories offline (file or stdin)"),
    "generate": ("generate", "synthetic fault-injected conversation events with ground truth"),
    "replay": ("replay", "reprocess a topic or a file (or a time range) into topics of its own or a file"),
    "report": ("report", "a replay's --metrics-file as one self-contained HTML page with plots"),
    "recover": ("recover", "rebuild lost worker state from the input (--rebuild), then exit"),
    "redrive": ("redrive", "re-inject dead letters of chosen kinds into the input topic, once fixed"),
    "schema": ("schema", "print the JSON Schema of the input event"),
    "train-detector": ("train_detector", "train the text_only_regression scorer on labelled conversations"),
}


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="toolmend", description="Track, validate and repair LLM tool-call histories.")
    p.add_argument("--version", action="version", version=version_line(),
                   help="print the version (of the installed package), which core runs, the Python; exit")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (_, help_) in COMMANDS.items():
        sub.add_parser(name, help=help_, add_help=False)
    return p


def version_line() -> str:
    """`toolmend 0.1.0 (core compiled, Python 3.11.2)`: the installed distribution's version (its metadata, what
    pip and the image's label say), the package's own for a checkout that is not installed."""
    import platform
    from importlib.metadata import PackageNotFoundError, version

    from .. import __version__, core

    try:
        v = version("toolmend")
    except PackageNotFoundError:
        v = __version__
    return f"toolmend {v} (core {'compiled' if core.compiled() else 'python'}, Python {platform.python_version()})"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in COMMANDS:
        _parser().parse_args(args)  # --help, --version, or a usage error (exit 2)
        return 2  # pragma: no cover - argparse exits above
    try:
        module = importlib.import_module(f"{__package__}.commands.{COMMANDS[args[0]][0]}")
        code: int = module.main(args[1:])
    except ModuleNotFoundError as e:  # an extra the command needs is not installed (shell/extras.py)
        line = extras.missing(e, args[0])
        if line is None:
            raise
        sys.stderr.write(line + "\n")
        return 2
    return code


if __name__ == "__main__":
    raise SystemExit(main())
