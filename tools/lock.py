"""The lock: the exact set of distributions CI and the image install, resolved from pyproject.toml's ranges.

    python tools/lock.py                  resolve every extra in a throwaway virtual environment, keeping each pin
                                          of the current lock its range still allows (pip-compile's way), write
                                          requirements/lock.txt (`pip freeze`)
    python tools/lock.py --upgrade        the same, the newest versions inside the ranges
    python tools/lock.py --check          exit 1 with one line per problem if the lock and the ranges disagree
    python tools/lock.py --lower-bounds   print the lock with the core's ranges at their lower bounds (what
                                          tests/run.sh `stack` installs: the oldest versions the ranges allow)

pyproject.toml says what toolmend works with (`>=` the oldest version a CI stage tests, `<` the next major); the
lock says what CI (tests/run.sh: `pip install -c requirements/lock.txt`) and the image (deploy/image/build.sh)
run, so a new release of a dependency changes nothing until someone re-locks, runs the suite and commits both.
The lock is for CPython 3.11 on linux x86_64 (the image's and CI's); run this script with that Python. A pip
`--constraint` file: it only pins, it never adds a distribution to an install.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements" / "lock.txt"
NAME = "toolmend"
HEADER = """\
# The exact set CI (tests/run.sh) and the image (deploy/image/build.sh) install: pip install -c requirements/lock.txt
# Written by tools/lock.py from pyproject.toml's ranges (every extra), CPython {python} on linux x86_64; do not edit:
# change a range in pyproject.toml, run `python tools/lock.py`, run the suite, commit both (docs/releasing.md).
"""


def project(root: Path = ROOT) -> dict[str, Any]:
    data: dict[str, Any] = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return data


def ranges(root: Path = ROOT, extras: list[str] | None = None) -> dict[str, list[Requirement]]:
    """Every requirement of the core and of `extras` (None: every extra) by canonical name, toolmend's own
    references to its extras left out."""
    p = project(root)
    groups: dict[str, list[str]] = p.get("optional-dependencies", {})
    lines: list[str] = list(p.get("dependencies", []))
    for extra in groups if extras is None else extras:
        lines += groups[extra]
    out: dict[str, list[Requirement]] = {}
    for line in lines:
        req = Requirement(line)
        name = canonicalize_name(req.name)
        if name != NAME:
            out.setdefault(name, []).append(req)
    return out


def read_lock(path: Path = LOCK) -> dict[str, Version]:
    pins: dict[str, Version] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)", line)
        if m is None:
            raise ValueError(f"{path.name}: not a `name==version` pin: {raw!r}")
        pins[canonicalize_name(m[1])] = Version(m[2])
    return pins


def problems(root: Path = ROOT, lock: Path = LOCK) -> list[str]:
    """What makes the lock and pyproject.toml disagree: a range without a pin, a pin outside its range, a range
    without an inclusive lower bound or an exclusive upper one."""
    pins = read_lock(lock)
    out: list[str] = []
    for name, reqs in sorted(ranges(root).items()):
        for req in reqs:
            ops = {s.operator for s in req.specifier}
            if ">=" not in ops or "<" not in ops:
                out.append(f"{req}: a range is `>=` the oldest version tested and `<` the next major")
        if name not in pins:
            out.append(f"{name}: a range in pyproject.toml and no pin in {lock.name}")
            continue
        for req in reqs:
            if not req.specifier.contains(pins[name], prereleases=True):
                out.append(f"{name}=={pins[name]} in {lock.name} is outside pyproject.toml's {req}")
    if NAME in pins:
        out.append(f"{lock.name} pins {NAME} itself")
    return out


def lower_bounds(root: Path = ROOT, extras: list[str] | None = None, lock: Path = LOCK) -> list[str]:
    """A constraints file: the lock, with each range of the core (and of `extras`) pinned at its `>=` bound
    instead (the test tools and everything else stay as locked)."""
    low: dict[str, Version] = {}
    for name, reqs in ranges(root, extras or []).items():
        bounds = [Version(s.version) for r in reqs for s in r.specifier if s.operator == ">="]
        if bounds:
            low[name] = max(bounds)
    pins = read_lock(lock) | low
    return [f"{name}=={v}" for name, v in sorted(pins.items())]


def kept(root: Path = ROOT, lock: Path = LOCK) -> list[str]:
    """The current lock's pins that its ranges still allow (a pin of a distribution no range names is kept too:
    pip drops it from the new lock if nothing needs it any more)."""
    if not lock.exists():
        return []
    allowed = ranges(root)
    return [f"{name}=={v}" for name, v in sorted(read_lock(lock).items())
            if all(r.specifier.contains(v, prereleases=True) for r in allowed.get(name, []))]


def resolve(root: Path = ROOT, upgrade: bool = False) -> str:
    """The lock's text: every extra installed into a throwaway virtual environment, then `pip freeze`."""
    extras = ",".join(project(root).get("optional-dependencies", {}))
    with tempfile.TemporaryDirectory(prefix="toolmend-lock-") as tmp:
        constraints = Path(tmp) / "keep.txt"
        constraints.write_text("" if upgrade else "\n".join(kept(root)) + "\n", encoding="utf-8")
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        py = str(venv / "bin" / "python")
        pip = [py, "-m", "pip", "--disable-pip-version-check"]
        subprocess.run([*pip, "install", "-q", "--upgrade", "pip"], check=True)
        subprocess.run([*pip, "install", "-q", "-c", str(constraints), f"{root}[{extras}]"], check=True)
        frozen = subprocess.run([*pip, "freeze", "--exclude", NAME], check=True, capture_output=True, text=True)
    pins = sorted((line for line in frozen.stdout.splitlines() if "==" in line), key=str.lower)
    python = ".".join(map(str, sys.version_info[:2]))
    return HEADER.format(python=python) + "\n".join(pins) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = ap.add_mutually_exclusive_group()  # --upgrade goes with writing the lock only
    mode.add_argument("--check", action="store_true", help="report where the lock and the ranges disagree")
    mode.add_argument("--lower-bounds", action="store_true",
                      help="print the lock with the core's ranges (and --extra's) at their lower bounds")
    mode.add_argument("--upgrade", action="store_true", help="re-resolve every pin to the newest its range allows")
    ap.add_argument("--extra", action="append", default=[], help="with --lower-bounds: an extra's ranges too")
    args = ap.parse_args(argv)
    if args.lower_bounds:
        print("\n".join(lower_bounds(extras=args.extra)))
        return 0
    if not args.check:
        if sys.version_info[:2] != (3, 11):
            print(f"tools/lock.py: the lock is for CPython 3.11 (the image's); this is {sys.version.split()[0]}",
                  file=sys.stderr)
            return 2
        LOCK.parent.mkdir(exist_ok=True)
        LOCK.write_text(resolve(upgrade=args.upgrade), encoding="utf-8")
        print(f"wrote {LOCK.relative_to(ROOT)}")
    found = problems()
    for p in found:
        print(f"tools/lock.py: {p}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
