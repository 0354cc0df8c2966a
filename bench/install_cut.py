"""The suite's installs with pip and with uv: CPU seconds (user + system of the whole process tree) and wall seconds.

    python bench/install_cut.py [--rounds 2] [--steps venv,stack,wheeldeps] [--out bench/results/install_cut.json]

Each step runs the way tests/run.sh runs it, from a fresh environment, with an empty pip or uv cache (CI's clean
machine: "cold") and with one the same tool filled before ("warm"); the variants alternate within each round. The
uv variants count uv's own bootstrap (`pip install --target` of the lock's uv, from the same cache). The venv
step's figure includes the first test collection after the install (`pytest --collect-only tests/unit`): what
uv does not byte-compile at install (without --compile-bytecode) the first test run compiles on import.
Every environment's set is compared with pip's (`pip freeze`); `pip check` and `uv pip check` must pass.
Run it niced on a shared machine; wall seconds are only meaningful on a quiet one.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from extra_requirements import extra_requirements  # noqa: E402  (tools/: the suite's own reader)

LOCK = ROOT / "requirements" / "lock.txt"
PY = sys.executable
AGENT_STACK = ["pydantic-ai-slim", "openai", "anthropic"]
TEST_TOOLS = re.compile(r"^(pytest|pytest-asyncio|pytest-timeout|pytest-xdist|hypothesis)==")


def uv_pin() -> str:
    for line in LOCK.read_text().splitlines():
        if line.startswith("uv=="):
            return line
    sys.exit("bench/install_cut.py: no uv pin in requirements/lock.txt")


def timed(script: str, env: dict[str, str]) -> tuple[float, float]:
    """CPU (user + sys of the finished tree, as /usr/bin/time counts it) and wall seconds of one bash script."""
    before = os.times()
    t0 = time.monotonic()
    subprocess.run(["bash", "-euo", "pipefail", "-c", script], check=True, env=env, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    wall = time.monotonic() - t0
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system), wall


def freeze(py: str, env: dict[str, str]) -> list[str]:
    out = subprocess.run(["uv", "pip", "freeze", "--python", py], check=True, capture_output=True, text=True,
                         env=env).stdout
    return sorted(line.lower().replace("_", "-") for line in out.splitlines() if "==" in line)


def check(py: str, env: dict[str, str]) -> None:
    subprocess.run([py, "-m", "pip", "check"] if Path(py).with_name("pip").exists()
                   else ["uv", "pip", "check", "--python", py], check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(["uv", "pip", "check", "--python", py], check=True, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def q(args: list[str]) -> str:
    return " ".join("'" + a.replace("'", "'\\''") + "'" for a in args)


# bootstrap: the lock's uv, as tests/run.sh installs it (its own directory, no venv of its own)
BOOT = ('python3 -m pip install -q --disable-pip-version-check --target "$W/uv" "$UVPIN"\n'
        'export PATH="$W/uv/bin:$PATH"\n')


COLLECT = ('TOOLMEND_EXPECT_CORE=python "$W/v/bin/python" -m pytest -q -p no:cacheprovider --collect-only '
           'tests/unit >/dev/null\n')


def venv_script(tool: str) -> str:
    collect = COLLECT
    if tool == "pip":
        return ('python3 -m venv "$W/v"\n"$W/v/bin/python" -m pip install -q --upgrade pip\n'
                '"$W/v/bin/python" -m pip install -q -e ".[dev]" -c requirements/lock.txt\n' + collect)
    compile_ = "--compile-bytecode" if tool == "uv-compile" else ""
    # the venv as `python -m venv` makes it (ensurepip's pip and setuptools: tests/unit/core/test_native.py runs
    # setup.py), pip upgraded as pip upgrades itself
    return (BOOT + 'python3 -m venv "$W/v"\n'
            f'uv pip install -q {compile_} --python "$W/v/bin/python" --upgrade-package pip -e ".[dev]" pip '
            '-c requirements/lock.txt\n' + collect)


def stack_script(tool: str) -> str:
    tools = [line for line in LOCK.read_text().splitlines() if TEST_TOOLS.match(line)]
    head = ('mkdir -p "$W/src" && tar --exclude=__pycache__ -cf - pyproject.toml setup.py README.md LICENSE processor'
            ' | tar -xf - -C "$W/src"\n'
            'python3 tools/lock.py --lower-bounds >"$W/lower.txt"\n'
            'for v in agents oldest; do python3 -m venv --without-pip "$W/$v"; done\n')
    if tool == "pip":
        build = ('python3 -m venv "$W/b" && "$W/b/bin/python" -m pip install -q --upgrade pip && '
                 '"$W/b/bin/python" -m pip install -q build==1.6.1\n'
                 'TOOLMEND_COMPILE=0 "$W/b/bin/python" -m build -q --outdir "$W/dist" "$W/src" >/dev/null 2>&1\n'
                 'whl=$(ls "$W"/dist/toolmend-*.whl)\n')
        pip = '"$W/b/bin/python" -m pip --disable-pip-version-check'
        return (head + build +
                f'{pip} --python "$W/agents/bin/python" install -q "$whl" {q(AGENT_STACK)} {q(tools)} & a=$!\n'
                f'{pip} --python "$W/oldest/bin/python" install -q "$whl" {q(tools)} -c "$W/lower.txt" & b=$!\n'
                'wait $a; wait $b\n')
    # the build tool comes from the venv stage in the suite: here a venv of its own, its cost counted the same way
    build = (BOOT + 'python3 -m venv --without-pip "$W/b"\n'
             'uv pip install -q --python "$W/b/bin/python" build==1.6.1\n'
             'TOOLMEND_COMPILE=0 "$W/b/bin/python" -m build --installer uv -q --outdir "$W/dist" "$W/src" '
             '>/dev/null 2>&1\nwhl=$(ls "$W"/dist/toolmend-*.whl)\n')
    return (head + build +
            f'uv pip install -q --python "$W/agents/bin/python" "$whl" {q(AGENT_STACK)} {q(tools)} & a=$!\n'
            f'uv pip install -q --python "$W/oldest/bin/python" "$whl" {q(tools)} -c "$W/lower.txt" & b=$!\n'
            'wait $a; wait $b\n')


def wheeldeps_script(tool: str) -> str:
    deps = q(extra_requirements("test"))
    if tool == "pip":
        return ('python3 -m venv "$W/v"\n'
                '"$W/v/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip\n'
                f'"$W/v/bin/python" -m pip install -q --disable-pip-version-check {deps} -c requirements/lock.txt\n'
                + COLLECT)
    compile_ = "--compile-bytecode" if tool == "uv-compile" else ""
    return (BOOT + 'python3 -m venv "$W/v"\n'
            f'uv pip install -q {compile_} --python "$W/v/bin/python" --upgrade-package pip pip {deps} '
            '-c requirements/lock.txt\n' + COLLECT)


STEPS = {"venv": venv_script, "stack": stack_script, "wheeldeps": wheeldeps_script}
ENVS = {"venv": ["v"], "stack": ["agents", "oldest"], "wheeldeps": ["v"]}


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


LINE = re.compile(r"^(\w+) +([\w-]+) +(cold|warm) cpu +([\d.]+) s  wall +([\d.]+) s$")


def write(out: Path, results: dict[str, dict[str, dict[str, list[dict[str, float]]]]], **meta: object) -> None:
    summary = {step: {tool: {cache: {"cpu_seconds_median": statistics.median(x["cpu_seconds"] for x in runs),
                                     "cpu_seconds_range": [min(x["cpu_seconds"] for x in runs),
                                                           max(x["cpu_seconds"] for x in runs)],
                                     "wall_seconds_median": statistics.median(x["wall_seconds"] for x in runs),
                                     "runs": runs}
                             for cache, runs in c.items()} for tool, c in t.items()} for step, t in results.items()}
    git = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                         cwd=ROOT).stdout.strip()
    doc = {"date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"), "commit": git,
           "uv": uv_pin(), **meta, "load_average_at_end": loadavg(), "nproc": os.cpu_count(), "steps": summary}
    out.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {out}")


def from_logs(logs: list[str], out: Path, note: str) -> int:
    """The JSON from the lines runs printed (runs stopped before their end write none)."""
    results: dict[str, dict[str, dict[str, list[dict[str, float]]]]] = {}
    for log in logs:
        for line in Path(log).read_text().splitlines():
            m = LINE.match(line.strip())
            if m:
                results.setdefault(m[1], {}).setdefault(m[2], {}).setdefault(m[3], []).append(
                    {"cpu_seconds": float(m[4]), "wall_seconds": float(m[5])})
            elif "sets differ" in line:
                sys.exit(f"bench/install_cut.py: {line}")
    write(out, results, note=note)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--from-logs", nargs="+", metavar="LOG", help="write the JSON from the output of earlier runs")
    ap.add_argument("--note", default="", help="with --from-logs: how the runs were made")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--steps", default="venv,stack,wheeldeps")
    ap.add_argument("--tools", default="pip,uv,uv-compile")
    ap.add_argument("--caches", default="cold,warm")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "install_cut.json"))
    args = ap.parse_args()
    if args.from_logs:
        return from_logs(args.from_logs, Path(args.out), args.note)
    pin = uv_pin()
    base = Path(tempfile.mkdtemp(prefix="install-cut-", dir=ROOT / "build" if (ROOT / "build").is_dir() else None))
    warm = {t: base / f"warm-{t}" for t in ("pip", "uv")}
    # a uv to compare the sets with (the lock's; not timed)
    subprocess.run([PY, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--target", str(base / "uvq"),
                    pin], check=True)
    qenv = dict(os.environ, PATH=f"{base / 'uvq' / 'bin'}:{os.environ['PATH']}", UV_CACHE_DIR=str(base / "qcache"))
    load0 = loadavg()
    results: dict[str, dict[str, dict[str, list[dict[str, float]]]]] = {}
    sets: dict[str, dict[str, list[str]]] = {}
    steps, tools, caches = args.steps.split(","), args.tools.split(","), args.caches.split(",")

    def one(step: str, tool: str, cache: str, record: bool) -> None:
        w = base / f"{step}-{tool}-{cache}"
        shutil.rmtree(w, ignore_errors=True)
        w.mkdir()
        fam = "pip" if tool == "pip" else "uv"
        cdir = warm[fam] if cache == "warm" else w / "cache"
        pcache = warm["pip"] if cache == "warm" else w / "pipcache"
        env = dict(os.environ, W=str(w), UVPIN=pin, PIP_CACHE_DIR=str(pcache),
                   UV_CACHE_DIR=str(cdir if fam == "uv" else w / "uvcache"), PIP_DISABLE_PIP_VERSION_CHECK="1")
        cpu, wall = timed(STEPS[step](tool), env)
        for e in ENVS[step]:
            py = str(w / e / "bin" / "python")
            check(py, qenv)
            got = freeze(py, qenv)
            key = f"{step}/{e}"
            ref = sets.setdefault(key, {}).setdefault("pip" if tool == "pip" else "ref", got)
            sets[key].setdefault(tool, got)
            if tool != "pip" and "pip" in sets[key]:
                differ = sorted(set(got) ^ set(sets[key]["pip"]))
                if differ:
                    print(f"{key} {tool}: sets differ from pip's: {differ}", file=sys.stderr)
            del ref
        shutil.rmtree(w, ignore_errors=True)
        if record:
            results.setdefault(step, {}).setdefault(tool, {}).setdefault(cache, []).append(
                {"cpu_seconds": round(cpu, 1), "wall_seconds": round(wall, 1)})
        note = "" if record else "  (fills the warm cache)"
        print(f"{step:9} {tool:10} {cache:4} cpu {cpu:6.1f} s  wall {wall:6.1f} s{note}", flush=True)

    for step in steps:
        if "warm" in caches:
            for fam in ("pip", "uv"):
                if any((t == "pip") == (fam == "pip") for t in tools):
                    one(step, "pip" if fam == "pip" else "uv", "fill", record=False)
        for r in range(args.rounds):
            order = tools if r % 2 == 0 else tools[::-1]
            for cache in caches:
                for tool in order:
                    one(step, tool, cache, record=True)
    shutil.rmtree(base, ignore_errors=True)
    write(Path(args.out), results, load_average_at_start=load0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
