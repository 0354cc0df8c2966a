"""Debian's headless Chromium for the page tests: a failure in CI (tests/support/install_chromium.sh must have
run), a skip on a dev machine, like prometheus (tests/support/prometheus.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
         "--hide-scrollbars", "--allow-file-access-from-files", "--enable-logging=stderr", "--v=0"]


def chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found is not None:
            return found
    message = "`chromium` not found: run tests/support/install_chromium.sh"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def run(args: list[str], profile: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """One headless run with its own profile directory (nothing written to the user's home)."""
    env = {**os.environ, "HOME": str(profile)}
    return subprocess.run([chromium(), *FLAGS, f"--user-data-dir={profile}", *args], capture_output=True, text=True,
                          timeout=timeout, env=env, stdin=subprocess.DEVNULL)


def console_messages(stderr: str) -> list[str]:
    """The page's console messages, as Chromium logs them with --enable-logging=stderr."""
    return [line for line in stderr.splitlines() if ":CONSOLE" in line]
