"""Compile the sans-I/O core with mypyc, in place, for a source checkout (`pip install -e .`).

    python -m processor.build_native           build processor/core/_native/ (about a minute on 2 cores)
    python -m processor.build_native --check   say whether the compiled core is used, exit 1 if not
    python -m processor.build_native --clean   remove it: the core runs as Python

Needs mypy (`pip install -e '.[native]'`, also in `[dev]`), setuptools and a C compiler with the Python headers.
The extensions never sit beside the sources: `processor.core` loads them from `_native/` only while the sources
match the hashes recorded at build time, so an edit is never shadowed by a stale build (see processor/core).
Wheels: `TOOLMEND_COMPILE=1 pip wheel .` (setup.py) compiles the same modules.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

CORE = Path(__file__).resolve().parent / "core"
ROOT = CORE.parents[1]
GROUP = "processor.core._toolmend"
INTERPRETED = ("__init__.py", "event_schema.py")  # the loader itself; pydantic models do not compile


def compiled_sources(root: Path = ROOT) -> list[str]:
    """The modules mypyc compiles, as paths relative to `root`: every module of processor/core but INTERPRETED.

    setup.py keeps a copy of this rule (it cannot import the package); a unit test checks they agree."""
    core = root / "processor" / "core"
    return sorted(str(p.relative_to(root)) for p in core.rglob("*.py")
                  if not (p.parent == core and p.name in INTERPRETED) and "_native" not in p.parts)


def module_name(path: str) -> str:
    parts = list(Path(path).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def build(quiet: bool = False) -> int:
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
    except ImportError as e:
        print(f"build_native: {e.name} is missing: pip install -e '.[native]'", file=sys.stderr)
        return 2
    from processor import core

    paths = compiled_sources()
    t = time.perf_counter()
    cwd = os.getcwd()
    os.chdir(ROOT)  # mypy reads [tool.mypy] from pyproject.toml and names modules from here
    try:
        with tempfile.TemporaryDirectory(prefix="toolmend-mypyc-") as tmp:
            exts = mypycify(paths, group_name=GROUP, target_dir=os.path.join(tmp, "c"), verbose=False)
            dist = Distribution({"ext_modules": exts, "script_name": "build_native"})
            cmd = dist.get_command_obj("build_ext")
            cmd.build_lib = os.path.join(tmp, "lib")
            cmd.build_temp = os.path.join(tmp, "tmp")
            cmd.parallel = os.cpu_count() or 1
            if quiet:
                dist.verbose = False
            dist.run_command("build_ext")
            files: dict[str, str] = {}
            staged = Path(tmp) / "native"
            for ext in exts:  # lib/processor/core/x/y.<abi>.so -> _native/x/y.<abi>.so
                built = Path(cmd.get_ext_fullpath(ext.name))
                dest = built.relative_to(Path(cmd.build_lib, "processor", "core")).as_posix()
                (staged / dest).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(built, staged / dest)
                files[ext.name.removesuffix(".__init__")] = dest
            modules = [module_name(p) for p in paths]
            manifest = {"tag": core.build_tag(), "files": files, "sources": core.source_hashes(modules),
                        "interpreted": list(INTERPRETED),
                        "built": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
            (staged / core.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
            clean()
            shutil.copytree(staged, core.NATIVE_DIR)
    finally:
        os.chdir(cwd)
    print(f"build_native: {len(paths)} modules compiled into {core.NATIVE_DIR} in {time.perf_counter() - t:.0f}s")
    return 0


def clean() -> None:
    from processor import core

    shutil.rmtree(core.NATIVE_DIR, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m processor.build_native", description=__doc__.split("\n\n")[0])
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--check", action="store_true", help="exit 0 if the compiled core is in use, 1 if not")
    g.add_argument("--clean", action="store_true", help="remove the in-place build")
    ap.add_argument("-q", "--quiet", action="store_true")
    a = ap.parse_args(argv)
    if a.check:
        from processor import core

        print("compiled" if core.NATIVE else "interpreted")
        return 0 if core.NATIVE else 1
    if a.clean:
        clean()
        return 0
    return build(a.quiet)


if __name__ == "__main__":
    sys.exit(main())
