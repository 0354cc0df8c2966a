"""Help per command: every subcommand's parser is walked; a flag without a description fails, and so does a flag
the command ignores: a setting's flag is offered only where the code the command runs reads that setting (the
modules it imports, read as source: attribute reads, and the settings a `Settings` method or property it calls
reads), another flag only where the command reads its value. A setting's flag a command does not use is refused
in one line, never accepted silently."""

from __future__ import annotations

import argparse
import ast
import importlib
from functools import cache
from pathlib import Path

import pytest

from processor.shell.cli import COMMANDS
from processor.shell.config import Settings

PKG = Path(__file__).resolve().parents[4] / "processor"
# validation is not use: the rules read every setting to refuse bad ones (validate's own reach keeps them)
VALIDATION_ONLY = {"processor.shell.settings_rules", "processor.shell.preflight"}


def _module_file(name: str) -> Path | None:
    rel = Path(*name.split(".")[1:])
    for cand in (PKG / rel.with_suffix(".py"), PKG / rel / "__init__.py"):
        if cand.is_file():
            return cand
    return None


@cache
def _tree(name: str) -> ast.Module | None:
    f = _module_file(name)
    return ast.parse(f.read_text(encoding="utf-8")) if f else None


def _imports(name: str) -> set[str]:
    tree = _tree(name)
    if tree is None:
        return set()
    is_pkg = (_module_file(name) or Path()).name == "__init__.py"
    base = name.split(".") if is_pkg else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            mod = ".".join(base[: len(base) - node.level + 1] + ([node.module] if node.module else [])) \
                if node.level else (node.module or "")
            out.add(mod)
            out |= {f"{mod}.{a.name}" for a in node.names}
    return {m for m in out if m.startswith("processor.") and _module_file(m) is not None}


def _reach(command_module: str) -> set[str]:
    seen: set[str] = set()
    todo = [command_module]
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        todo += [n for n in _imports(m) if n.startswith(("processor.shell", "processor.synth"))]
    if not command_module.endswith(".validate"):
        seen = {m for m in seen if not m.startswith(tuple(VALIDATION_ONLY))}
    return seen


def _attributes(module: str) -> set[str]:
    tree = _tree(module)
    return {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)} if tree else set()


def _prefixes(module: str) -> set[str]:
    """The constant beginnings of f-strings (`getattr(ns, f"rate_{name}")` reads every `rate_*`)."""
    tree = _tree(module)
    return {n.values[0].value for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) and n.values
            and isinstance(n.values[0], ast.Constant) and isinstance(n.values[0].value, str)
            and len(n.values[0].value) >= 4} if tree else set()


@cache
def _settings_members() -> dict[str, set[str]]:
    """Each method and property of Settings -> the attributes of `self` it reads; each function of config.py ->
    the attributes it reads and the names it calls (settings_from reads detector_model)."""
    tree = _tree("processor.shell.config")
    assert tree is not None
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Settings")
    out: dict[str, set[str]] = {}
    for fn in cls.body:
        if isinstance(fn, ast.FunctionDef):
            out[fn.name] = {n.attr for n in ast.walk(fn) if isinstance(n, ast.Attribute)
                            and isinstance(n.value, ast.Name) and n.value.id == "self"}
    for fn in tree.body:
        if isinstance(fn, ast.FunctionDef):
            out[fn.name] = {n.attr for n in ast.walk(fn) if isinstance(n, ast.Attribute)} | {
                n.id for n in ast.walk(fn) if isinstance(n, ast.Name)}
    return out


def _names(module: str) -> set[str]:
    tree = _tree(module)
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} if tree else set()


def used_settings(command_module: str) -> set[str]:
    if command_module.endswith(".validate"):  # it checks every setting `run` reads: its use is validating them
        return set(Settings.model_fields)
    reads: set[str] = set()
    for m in _reach(command_module):
        if m != "processor.shell.config":
            reads |= _attributes(m) | _names(m)
    members = _settings_members()
    todo = [r for r in reads if r in members]
    while todo:
        for r in members[todo.pop()]:
            if r not in reads:
                reads.add(r)
                if r in members:
                    todo.append(r)
    return reads & set(Settings.model_fields)


def _parser(command: str) -> argparse.ArgumentParser:
    module = importlib.import_module(f"processor.shell.commands.{COMMANDS[command][0]}")
    p: argparse.ArgumentParser = module.parser()
    return p


def _flags(p: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in p._actions if a.option_strings and a.help != argparse.SUPPRESS
            and not isinstance(a, argparse._HelpAction | argparse._VersionAction)]


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_flag_is_described(command: str) -> None:
    undescribed = [a.option_strings[0] for a in _flags(_parser(command)) if not (a.help or "").strip()]
    assert undescribed == [], f"toolmend {command}: flags without a description: {undescribed}"
    positional = [a.dest for a in _parser(command)._actions if not a.option_strings and not (a.help or "").strip()]
    assert positional == []


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_no_flag_is_ignored_by_its_command(command: str) -> None:
    module = f"processor.shell.commands.{COMMANDS[command][0]}"
    used = used_settings(module)
    reads = set().union(*(_attributes(m) for m in _reach(module)))
    prefixes = set().union(*(_prefixes(m) for m in _reach(module)))
    ignored = []
    for a in _flags(_parser(command)):
        if a.dest in Settings.model_fields:
            if a.dest not in used:
                ignored.append(a.option_strings[0])
        elif a.dest not in reads and not a.dest.startswith(tuple(prefixes)):
            ignored.append(a.option_strings[0])
    assert ignored == [], f"toolmend {command} offers flags it never reads: {ignored}"


def test_the_walk_sees_what_a_command_reads() -> None:
    """The analysis itself: run reads every setting through the worker; schema reads none; a rebuild no output."""
    assert used_settings("processor.shell.commands.run") >= {"input_topic", "delivery", "metrics_port", "strategy",
                                                             "sasl_password", "ssl_cafile"}
    assert used_settings("processor.shell.commands.schema") == set()
    assert "metrics_port" not in used_settings("processor.shell.commands.redrive")


@pytest.mark.parametrize(("command", "flag"), [("replay", "--delivery"), ("replay", "--transaction-timeout-ms"),
                                               ("redrive", "--strategy"), ("recover", "--output-topic")])
def test_a_setting_a_command_does_not_use_is_refused_as_a_flag(command: str, flag: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    module = importlib.import_module(f"processor.shell.commands.{COMMANDS[command][0]}")
    assert module.main([flag, "x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{flag} is not used by toolmend {command}" in err
