"""What every benchmark records beside its figures: the machine, the commit measured, and memory readings."""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


PROBE_LOOPS = 2_000_000  # the CPU probe's fixed work: ~0.2 s on an idle core of this machine kind


def cpu_probe() -> float:
    """Milliseconds a fixed pure-Python loop takes right now: the same work every time, so its spread over a run
    is the machine's drift (other tenants, frequency), visible next to the figures it affects."""
    t = time.perf_counter()
    x = 0
    for i in range(PROBE_LOOPS):
        x = (x * 31 + i) & 0xFFFFFFFF
    return round((time.perf_counter() - t) * 1000, 1)


def stats(xs: list[float], higher_is_better: bool = True) -> dict[str, float]:
    """Best, median, smallest, largest, and the spread (largest - smallest) as a share of the median."""
    med = round(statistics.median(xs), 3)
    return {"best": max(xs) if higher_is_better else min(xs), "median": med, "min": min(xs), "max": max(xs),
            "spread_pct": round((max(xs) - min(xs)) / med * 100, 1)}


def core_kind() -> str:
    """Which core the installed package runs: "compiled" (a wheel built with TOOLMEND_COMPILE=1) or "python"."""
    import processor.core

    return "compiled" if processor.core.compiled() else "python"


def code_state() -> dict[str, Any]:
    """The checkout's commit, which core ran and from where (a wheel may be older than the checkout: then the
    commit is only where the bench scripts came from), and the files of processor/ that differ from the commit."""
    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=10).stdout
        except (OSError, subprocess.SubprocessError):
            return ""
    dirty = [line[3:] for line in git("status", "--porcelain", "--", "processor").splitlines()]
    import processor

    where = "checkout" if Path(processor.__file__).resolve().parent == ROOT / "processor" else "installed wheel"
    return {"commit": git("rev-parse", "--short", "HEAD").strip(), "core": core_kind(), "package": where,
            "processor_uncommitted_changes": dirty}


def machine(**extra: Any) -> dict[str, Any]:
    cpu = ""
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        mem = f.readline().split(":")[1].strip()
    return {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count(),
            "cpu_model": cpu, "mem_total": mem, **extra}


def status_kib(field: str) -> int:
    """A field of /proc/self/status in KiB (VmRSS, VmHWM)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def rss_mib() -> float:
    return status_kib("VmRSS") / 1024
