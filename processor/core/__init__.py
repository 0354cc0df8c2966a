"""The sans-I/O core: dialects, the neutral model, the tracker and the repairer. No asyncio, Kafka or metrics.

The core runs as plain Python. It may also run compiled with mypyc (about twice as fast), two ways:

* in a source checkout, `python -m processor.build_native` compiles it into `processor/core/_native/` with a
  manifest of the sources' hashes. This module loads those extensions only while every source still matches
  its hash: after any edit of a compiled module the whole core runs as Python again, with a warning, until
  the next build (the compiled modules call each other directly, so it is all or nothing);
* a wheel built with `TOOLMEND_COMPILE=1` (setup.py) holds the extensions beside the sources, as usual.

`TOOLMEND_NATIVE=0` forces plain Python in both cases. `NATIVE` tells which way the core runs. This module
and `event_schema` (pydantic) are never compiled.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

_HERE = Path(__file__).resolve().parent
NATIVE_DIR = _HERE / "_native"
MANIFEST = "manifest.json"
SHARED_LIB = "processor.core._toolmend__mypyc"  # mypyc's runtime for the whole group (group_name + "__mypyc")


def build_tag() -> str:
    """What a compiled build is tied to: the interpreter's extension ABI."""
    return f"{sys.implementation.cache_tag}{importlib.machinery.EXTENSION_SUFFIXES[0]}"


def source_hashes(modules: Sequence[str]) -> dict[str, str]:
    """SHA-256 of each module's source (`processor.core.x.y` -> processor/core/x/y.py or x/y/__init__.py)."""
    out = {}
    for name in modules:
        rel = Path(*name.split(".")[2:])
        path = _HERE / rel / "__init__.py" if (_HERE / rel).is_dir() else _HERE / rel.with_suffix(".py")
        try:
            out[name] = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            out[name] = "missing"
    return out


def _modules(interpreted: Sequence[str]) -> set[str]:
    """The modules of processor/core a build compiles: all but `interpreted` (file names in processor/core)."""
    out = set()
    for p in _HERE.rglob("*.py"):
        rel = p.relative_to(_HERE)
        if rel.parts[0] == "_native" or (len(rel.parts) == 1 and p.name in interpreted):
            continue
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.add(".".join([__name__, *parts]))
    return out


class _NativeFinder:
    """Resolves the compiled modules (and mypyc's shared library) to the files in `_native/`."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        src = _HERE / Path(*fullname.split(".")[2:])
        search = [str(src)] if file.stem.startswith("__init__") else None
        return importlib.util.spec_from_file_location(fullname, file, submodule_search_locations=search)


class _SourceFinder:
    """TOOLMEND_NATIVE=0 with extensions installed beside the sources (a compiled wheel): load the sources."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith(__name__ + "."):
            return None
        rel = _HERE / Path(*fullname.split(".")[2:])
        file = rel / "__init__.py" if rel.is_dir() else rel.with_suffix(".py")
        if not file.is_file():
            return None
        search = [str(rel)] if file.name == "__init__.py" else None
        return importlib.util.spec_from_file_location(fullname, file, submodule_search_locations=search)


def _install() -> bool:
    if os.environ.get("TOOLMEND_NATIVE", "").strip() in ("0", "false", "no"):
        sys.meta_path.insert(0, _SourceFinder())
        return False
    try:
        manifest = json.loads((NATIVE_DIR / MANIFEST).read_text())
    except (OSError, ValueError):
        # no in-place build: compiled only if an installed (wheel) build put extensions beside the sources
        return any((_HERE / f"tracker{suffix}").is_file() for suffix in importlib.machinery.EXTENSION_SUFFIXES)
    files = {name: NATIVE_DIR / f for name, f in manifest["files"].items()}
    sources: dict[str, str] = manifest["sources"]
    if manifest.get("tag") != build_tag():
        reason = f"it was built for {manifest.get('tag')}, this interpreter is {build_tag()}"
    elif _modules(manifest.get("interpreted", ())) != set(sources):
        reason = "modules were added or removed since"
    elif source_hashes(list(sources)) != sources:
        changed = sorted(n for n, h in source_hashes(list(sources)).items() if sources[n] != h)
        reason = f"{', '.join(changed)} changed since"
    elif not all(f.is_file() for f in files.values()):
        reason = "some of its files are missing"
    else:
        sys.meta_path.insert(0, _NativeFinder(files))
        return True
    warnings.warn(f"toolmend: the compiled core in {NATIVE_DIR} is stale ({reason}): running the core as Python. "
                  "Rebuild with `python -m processor.build_native`, or remove it with `--clean`.",
                  RuntimeWarning, stacklevel=2)
    return False


NATIVE = _install()
