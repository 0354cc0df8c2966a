"""`toolmend patch`: repair histories offline, from a file or stdin, with the same engine as the stream
(`processor.repair`).

A bad input is one line naming where it is (`<file>: ...`, `line N: ...`) and exit 2, or, with `--jsonl`, an
`{"error"}` line in its place and exit 1; it never loads Kafka or asyncio."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import IO, Any

import orjson

from ...core.dialects import BY_HISTORY_KEY, SYSTEM_KEYS
from ...core.model import DIALECTS, InputError
from ...core.repair import RepairResult, extract_history, repair
from ...core.thinking import ThinkingPolicy
from ...core.tracker import STRATEGIES, Strategy
from .base import UsageError, exiting

PROG = "toolmend patch"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROG, description="Repair histories offline (a file or stdin).")
    p.add_argument("file", nargs="?", default="-", help="JSON file (or - for stdin, the default)")
    p.add_argument("--dialect", default="auto", choices=("auto", *DIALECTS),
                   help="the history's dialect (default auto: detected from its shape)")
    p.add_argument("--strategy", default="fill", choices=STRATEGIES,
                   help="dangling calls: synthesize their results (fill, the default) or remove the calls (drop)")
    p.add_argument("--jsonl", action="store_true", help="one history per input line, one result per output line")
    p.add_argument("--templates", help="JSON file: {tool or *: {reason or *: template}} for synthesized results")
    p.add_argument("--non-idempotent", default="", help="comma-separated tools whose timeouts are 'outcome unknown'")
    p.add_argument("--pretty", action="store_true", help="indent the output (not with --jsonl)")
    p.add_argument("--thinking", default="auto", choices=("auto", "keep", "strip_changed"),
                   help="thinking a repair invalidates (Anthropic binds it to its prefix): removed for the models that "
                   "bind it (auto), kept and reported (keep), or removed (strip_changed)")
    p.add_argument("--model", help="the model the history is sent to (thinking=auto; default: the request's `model`)")
    return p


class _Options:
    def __init__(self, ns: argparse.Namespace) -> None:
        self.dialect: str = ns.dialect
        self.strategy: Strategy = ns.strategy
        self.templates: dict[str, dict[str, str]] | None = None
        if ns.templates:
            with open(ns.templates, "rb") as f:
                tpl = orjson.loads(f.read())
            if not isinstance(tpl, dict) or not all(isinstance(v, dict) for v in tpl.values()):
                raise InputError("schema", "--templates must hold an object of objects")
            self.templates = tpl
        self.non_idempotent = tuple(t for t in ns.non_idempotent.split(",") if t)
        self.thinking: ThinkingPolicy = ns.thinking
        self.model: str | None = ns.model


def _run_one(doc: Any, opt: _Options) -> RepairResult:
    previous: list[Any] = []
    # what the request carries beside its messages (system prompt, tool definitions): for the text-only detector
    context = {k: doc[k] for k in (*SYSTEM_KEYS, "tools") if k in doc} if isinstance(doc, dict) else {}
    if isinstance(doc, dict) and "snapshots" in doc:  # successive request snapshots: repair the last
        snaps = doc["snapshots"]
        if not isinstance(snaps, list) or not snaps or not all(isinstance(x, list) for x in snaps):
            raise InputError("schema", "`snapshots` must be a non-empty array of message arrays")
        previous, doc = snaps[:-1], snaps[-1]
    msgs, key = extract_history(doc)
    model = opt.model
    if model is None and isinstance(doc, dict) and isinstance(doc.get("model"), str):
        model = doc["model"]
    dialect = opt.dialect
    if dialect == "auto" and key is not None:
        dialect = BY_HISTORY_KEY.get(key, dialect)
    return repair({key or "messages": msgs, **context} if context else msgs, dialect, opt.strategy,
                  templates=opt.templates, non_idempotent_tools=opt.non_idempotent, previous=previous,
                  thinking=opt.thinking, model=model)


def _result_doc(r: RepairResult) -> dict[str, Any]:
    return {"dialect": r.dialect, "messages": r.messages, "findings": [f.to_dict() for f in r.findings],
            "actions": [a.to_dict() for a in r.actions], "changed": r.changed,
            **({"thinking": r.thinking} if r.thinking is not None else {})}


def _error_line(where: str, e: Exception) -> str:
    detail = e.detail if isinstance(e, InputError) else str(e)
    return f"{where}: {detail}"


def run(ns: argparse.Namespace, stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None,
        stderr: IO[str] | None = None) -> int:
    out = stdout or sys.stdout.buffer
    err = stderr or sys.stderr
    try:
        opt = _Options(ns)
    except (OSError, orjson.JSONDecodeError, InputError) as e:
        err.write(_error_line("--templates", e) + "\n")
        return 2
    src = stdin or sys.stdin.buffer
    try:
        data = src.read() if ns.file == "-" else open(ns.file, "rb").read()  # noqa: SIM115
    except OSError as e:
        err.write(f"{ns.file}: {e.strerror}\n")
        return 2
    name = "<stdin>" if ns.file == "-" else ns.file
    if not ns.jsonl:
        try:
            doc = orjson.loads(data)
        except orjson.JSONDecodeError as e:
            err.write(f"{name}: line {e.lineno}: invalid JSON: {e.msg}\n")
            return 2
        try:
            result = _run_one(doc, opt)
        except InputError as e:
            err.write(_error_line(name, e) + "\n")
            return 2
        option = orjson.OPT_INDENT_2 if ns.pretty else 0
        out.write(orjson.dumps(_result_doc(result), option=option) + b"\n")
        return 0
    status = 0
    for lineno, line in enumerate(data.splitlines(), start=1):
        if not line.strip():  # keep output line N = input line N
            out.write(orjson.dumps({"error": f"line {lineno}: empty line"}) + b"\n")
            status = 1
            continue
        try:
            result_doc: dict[str, Any] = _result_doc(_run_one(orjson.loads(line), opt))
        except orjson.JSONDecodeError as e:
            result_doc = {"error": f"line {lineno}: invalid JSON: {e.msg}"}
            status = 1
        except InputError as e:
            result_doc = {"error": f"line {lineno}: {e.detail}"}
            status = 1
        out.write(orjson.dumps(result_doc) + b"\n")
    return status


def main(argv: Sequence[str]) -> int:
    ns = parser().parse_args(list(argv))
    with exiting(PROG) as ex:
        if ns.pretty and ns.jsonl:
            raise UsageError("--pretty indents one result: not with --jsonl (one result per line)")
        if ns.model is not None and ns.thinking != "auto":
            raise UsageError(f"--model decides what thinking=auto does: not with --thinking {ns.thinking}")
        return run(ns)
    return ex.code


__all__ = ["main", "parser", "run"]
