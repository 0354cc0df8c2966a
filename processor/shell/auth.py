"""OAUTHBEARER tokens for the Kafka clients, from a file or a command, refreshed before they expire.

A file suits a sidecar or a Kubernetes projected volume that rewrites the token: it is read again whenever it
changes. A command suits a cloud CLI or a script that prints a token (run without a shell, its output's first
line is the token): it runs again at `refresh_s` or before the token's `exp` claim, whichever comes first. aiokafka
asks for a token on every new connection, so one provider is shared by all clients of a worker and the command
runs once per refresh, not once per connection. Token text never goes into a log line or an error message.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import shlex
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import orjson
from aiokafka.abc import AbstractTokenProvider

COMMAND_TIMEOUT_S = 30.0
EXPIRY_MARGIN = 0.2  # refresh once 80% of a token's remaining lifetime has passed


class TokenError(Exception):
    """No usable token (the message says why, never what the token is)."""


def token_expiry(token: str) -> float | None:
    """The `exp` claim (Unix seconds) of a JWT or unsecured JWS, None if the token is not one or has none."""
    parts = token.split(".")
    if len(parts) != 3:
        return None
    try:
        payload = orjson.loads(base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)))
    except (binascii.Error, ValueError):
        return None
    exp = payload.get("exp") if isinstance(payload, dict) else None
    return float(exp) if isinstance(exp, int | float) and not isinstance(exp, bool) else None


def _clean(raw: bytes, source: str) -> str:
    lines = raw.decode("utf-8", "replace").strip().splitlines()
    token = lines[0].strip() if lines else ""
    if not token or any(c.isspace() for c in token):
        raise TokenError(f"{source} gave no token (expected one line without spaces)")
    return token


class TokenProvider(AbstractTokenProvider):  # type: ignore[misc]
    def __init__(self, file: Path | None = None, command: str | None = None, refresh_s: float = 300.0,
                 clock: Callable[[], float] = time.time) -> None:
        if (file is None) == (command is None):
            raise ValueError("a token provider reads a file or runs a command (exactly one)")
        self.file = file
        self.command = shlex.split(command) if command else None
        self.refresh_s = refresh_s
        self.clock = clock
        self._token: str | None = None
        self._stamp: tuple[int, int] | None = None  # the file's (mtime_ns, size) when read
        self._refresh_at = 0.0
        self._lock = asyncio.Lock()
        self.loads = 0  # reads or runs (tests and diagnostics)

    async def token(self) -> str:
        async with self._lock:  # connections opened together share one refresh
            if self.file is not None:
                return await asyncio.to_thread(self._from_file, self.file)
            if self._token is None or self.clock() >= self._refresh_at:
                await self._run()
            assert self._token is not None
            return self._token

    def token_now(self) -> str:
        """The token, read or run synchronously (librdkafka asks from its own thread): the file read again if it
        changed; the command run again when its token is due, as `token()` does."""
        if self.file is not None:
            return self._from_file(self.file)
        if self._token is None or self.clock() >= self._refresh_at:
            assert self.command is not None
            name = self.command[0]
            try:
                done = subprocess.run(self.command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, timeout=COMMAND_TIMEOUT_S, check=False)
            except OSError as e:
                raise TokenError(f"cannot run token command {name}: {e.strerror}") from None
            except subprocess.TimeoutExpired:
                raise TokenError(f"token command {name} did not finish in {COMMAND_TIMEOUT_S:.0f}s") from None
            if done.returncode != 0:
                raise TokenError(f"token command {name} exited with {done.returncode}")
            self._remember(_clean(done.stdout, f"token command {name}"))
        assert self._token is not None
        return self._token

    def expires_at(self, token: str) -> float:
        """When librdkafka must ask again (Unix seconds): the token's `exp`, else the refresh interval from now."""
        exp = token_expiry(token)
        return exp if exp is not None else self.clock() + self.refresh_s

    def _remember(self, token: str) -> None:
        now = self.clock()
        refresh_at = now + self.refresh_s
        exp = token_expiry(token)
        if exp is not None:
            refresh_at = min(refresh_at, now + max(0.0, exp - now) * (1 - EXPIRY_MARGIN))
        self._token, self._refresh_at = token, refresh_at
        self.loads += 1

    def _from_file(self, path: Path) -> str:
        try:
            st = path.stat()
            stamp = (st.st_mtime_ns, st.st_size)
            if self._token is None or stamp != self._stamp:
                self._token = _clean(path.read_bytes(), f"token file {path}")
                self._stamp = stamp
                self.loads += 1
        except OSError as e:
            raise TokenError(f"cannot read token file {path}: {e.strerror}") from None
        return self._token

    async def _run(self) -> None:
        assert self.command is not None
        name = self.command[0]
        try:
            proc = await asyncio.create_subprocess_exec(*self.command, stdin=asyncio.subprocess.DEVNULL,
                                                        stdout=asyncio.subprocess.PIPE,
                                                        stderr=asyncio.subprocess.DEVNULL)
        except OSError as e:
            raise TokenError(f"cannot run token command {name}: {e.strerror}") from None
        try:
            out, _ = await asyncio.wait_for(proc.communicate(), COMMAND_TIMEOUT_S)
        except TimeoutError:
            proc.kill()
            await proc.wait()
            raise TokenError(f"token command {name} did not finish in {COMMAND_TIMEOUT_S:.0f}s") from None
        if proc.returncode != 0:
            raise TokenError(f"token command {name} exited with {proc.returncode}")
        self._remember(_clean(out, f"token command {name}"))
