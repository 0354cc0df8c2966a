"""The import graph of processor/ (docs/architecture.md, "Imports"): no cycle of any kind, no module calling
another's private methods, and every sub-package's `__init__` naming each of its modules.

The graph is read from the source (AST), not from what an import happens to load: module-level imports,
imports inside functions and imports under `if TYPE_CHECKING:` are all edges. An edge is left out only when its
import line carries the marker `# import-cycle: <why>` with a reason; a marker on an edge that closes no cycle
fails too, so a justification cannot outlive its cycle.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.unit.docs.test_architecture_doc import PACKAGE

MARKER = re.compile(r"#\s*import-cycle:(.*)$")
# packages whose modules docs/architecture.md's table names (its own test checks it); every other package's
# `__init__` names each of its modules itself
TABLED_ELSEWHERE = {"processor", "processor.core", "processor.shell"}


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    line: int
    where: str  # "module", "function" or "TYPE_CHECKING"
    why: str | None  # the marker's reason, None without a marker


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _walk(node: ast.AST, where: str) -> list[tuple[ast.Import | ast.ImportFrom, str]]:
    """Every import under `node`, with where it runs: at module level, inside a function, or for type checking."""
    found: list[tuple[ast.Import | ast.ImportFrom, str]] = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            found.append((child, where))
        elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            found += _walk(child, "function" if where == "module" else where)
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for stmt in child.body:
                found += _walk(ast.Module(body=[stmt], type_ignores=[]), "TYPE_CHECKING")
            for stmt in child.orelse:
                found += _walk(ast.Module(body=[stmt], type_ignores=[]), where)
        else:
            found += _walk(child, where)
    return found


def edges(root: Path = PACKAGE) -> list[Edge]:
    """The import edges between the modules under `root` (a package directory)."""
    paths = sorted(root.rglob("*.py"))
    modules = {module_name(p, root) for p in paths}
    out: list[Edge] = []
    for path in paths:
        name = module_name(path, root)
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node, where in _walk(ast.parse(source), "module"):
            text = " ".join(lines[node.lineno - 1:(node.end_lineno or node.lineno)])
            m = MARKER.search(text)
            why = m.group(1).strip() if m else None
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = ".".join(package[: len(package) - (node.level - 1)] + ([node.module] if node.module else [])) \
                    if node.level else (node.module or "")
                for a in node.names:
                    sub = f"{base}.{a.name}"
                    targets.append(sub if sub in modules else base)
            for t in dict.fromkeys(targets):
                if t in modules and t != name:
                    out.append(Edge(name, t, node.lineno, where, why))
    return out


def cycles(found: list[Edge]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted, in sorted order."""
    graph: dict[str, list[str]] = {}
    for e in found:
        graph.setdefault(e.source, []).append(e.target)
        graph.setdefault(e.target, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def problems(root: Path = PACKAGE) -> list[str]:
    found = edges(root)
    out = []
    for e in found:
        if e.why is not None and not e.why:
            out.append(f"{e.source}:{e.line}: `# import-cycle:` without a reason")
    unjustified = [e for e in found if e.why is None]
    for comp in cycles(unjustified):
        members = set(comp)
        inside = [e for e in unjustified if e.source in members and e.target in members]
        shown = ", ".join(f"{e.source} -> {e.target} ({e.where}, line {e.line})" for e in inside)
        out.append(f"import cycle: {shown}")
    in_cycles = {m for comp in cycles(found) for m in comp}
    for e in found:
        if e.why and not (e.source in in_cycles and e.target in in_cycles):
            out.append(f"{e.source}:{e.line}: `# import-cycle:` on an import that closes no cycle")
    return out


def test_processor_has_no_import_cycle_of_any_kind() -> None:
    assert problems() == []


@pytest.mark.parametrize("files, expected", [
    # a function-level import closing a cycle
    ({"a.py": "from . import b\n", "b.py": "def f():\n    from . import a\n"},
     ["import cycle: pkg.a -> pkg.b (module, line 1), pkg.b -> pkg.a (function, line 2)"]),
    # a typing-only import closing a cycle
    ({"a.py": "from .b import X\n",
      "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import Y\nX = 1\n"},
     ["import cycle: pkg.a -> pkg.b (module, line 1), pkg.b -> pkg.a (TYPE_CHECKING, line 3)"]),
    # justified: no problem
    ({"a.py": "from . import b\n", "b.py": "def f():\n    from . import a  # import-cycle: a loads b lazily\n"}, []),
    # a marker without a reason, and a marker where there is no cycle
    ({"a.py": "from . import b  # import-cycle:\n", "b.py": "X = 1\n"},
     ["pkg.a:1: `# import-cycle:` without a reason"]),
    ({"a.py": "from . import b  # import-cycle: none really\n", "b.py": "X = 1\n"},
     ["pkg.a:1: `# import-cycle:` on an import that closes no cycle"]),
    # through a package's __init__ and a sub-package
    ({"__init__.py": "from .sub.c import Z\n", "sub/__init__.py": "", "sub/c.py": "import pkg\nZ = 1\n"},
     ["import cycle: pkg -> pkg.sub.c (module, line 1), pkg.sub.c -> pkg (module, line 1)"]),
])
def test_the_checker_finds_every_kind_of_cycle(tmp_path: Path, files: dict[str, str], expected: list[str]) -> None:
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "__init__.py").write_text("", encoding="utf-8")
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    assert problems(root) == expected


# -- private methods ------------------------------------------------------------------------------------------
def private_calls(root: Path = PACKAGE) -> list[str]:
    """Calls `x._name(...)` (x not `self` or `cls`) of a private method that another module of `root` defines and
    the calling module does not."""
    defined: dict[str, set[str]] = {}
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(root.rglob("*.py"))}
    for p, tree in trees.items():
        names = defined.setdefault(module_name(p, root), set())
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name.startswith("_") \
                            and not item.name.endswith("__"):
                        names.add(item.name)
    out = []
    for p, tree in trees.items():
        mine = defined[module_name(p, root)]
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            attr = node.func.attr
            receiver = node.func.value
            if not attr.startswith("_") or attr.endswith("__") or attr in mine:
                continue
            if isinstance(receiver, ast.Name) and receiver.id in ("self", "cls"):
                continue
            owners = sorted(m for m, names in defined.items() if attr in names)
            if owners:
                out.append(f"{module_name(p, root)}:{node.lineno} calls {ast.unparse(node.func)} ({owners[0]})")
    return out


def test_no_module_calls_the_private_methods_of_another() -> None:
    assert private_calls() == []


def test_a_call_of_another_modules_private_method_is_found(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "__init__.py").write_text("", encoding="utf-8")
    (root / "a.py").write_text("class A:\n    def _hidden(self):\n        return 1\n    def __eq__(self, o):\n"
                               "        return o._hidden() == self._hidden()\n", encoding="utf-8")
    (root / "b.py").write_text("def f(a):\n    return a._hidden()\n", encoding="utf-8")
    assert private_calls(root) == ["pkg.b:2 calls a._hidden (pkg.a)"]


# -- each package names its modules -------------------------------------------------------------------------
def unnamed_modules(root: Path = PACKAGE) -> list[str]:
    """Modules of a package that its `__init__`'s docstring does not name as `module.py` (packages whose modules
    docs/architecture.md's table names are left to that table's test)."""
    out = []
    for init in sorted(root.rglob("__init__.py")):
        package = module_name(init, root)
        if package in TABLED_ELSEWHERE:
            continue
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        for child in sorted(init.parent.iterdir()):
            name = child.name
            if child.is_dir() and (child / "__init__.py").is_file():
                name = f"{child.name}/"
            elif child.suffix != ".py" or child.name in ("__init__.py", "__main__.py"):
                continue
            if f"`{name}`" not in doc:
                out.append(f"{package}: `{name}` is not named in its __init__")
    return out


def test_every_package_names_each_of_its_modules_in_its_init() -> None:
    assert unnamed_modules() == []


def test_a_module_its_package_does_not_name_is_found(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text('"""| `sub/` | x |"""\n', encoding="utf-8")
    (root / "sub" / "__init__.py").write_text('"""| `a.py` | x |"""\n', encoding="utf-8")
    (root / "sub" / "a.py").write_text("", encoding="utf-8")
    (root / "sub" / "b.py").write_text("", encoding="utf-8")
    assert unnamed_modules(root) == ["pkg.sub: `b.py` is not named in its __init__"]
