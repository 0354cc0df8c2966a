"""The settings as `toolmend run` reads them (flags over the environment, the files they name), every problem at
once: `config.settings_problems` (the values, the rules between them, the detector model), the log level and
format, and an OAUTHBEARER token, which the worker fetches before it connects."""

from __future__ import annotations

import logging
from typing import Any

from ..auth import TokenError
from ..config import Settings, settings_problems
from ..logs import log_format
from .lines import Line, problem


def check_local(given: dict[str, Any], log_level: str, log_fmt: str | None) -> tuple[Settings | None, list[Line]]:
    settings, found = settings_problems(given)
    lines = [problem(p) for p in found]
    if not isinstance(logging.getLevelName(log_level.upper()), int):
        lines.append(problem(f"--log-level {log_level!r}: expected DEBUG, INFO, WARNING, ERROR or CRITICAL"))
    try:
        log_format(log_fmt)
    except ValueError as e:
        lines.append(problem(f"{e} (--log-format, TOOLMEND_LOG_FORMAT)"))
    return settings, lines


async def check_token(settings: Settings) -> list[Line]:
    """OAUTHBEARER: a token can be had (the command runs, or the file holds one), as at the worker's start."""
    if settings.sasl_mechanism != "OAUTHBEARER":
        return []
    try:
        await settings.token_provider().token()
    except TokenError as e:
        return [problem(str(e))]  # as `run` says it
    return []


__all__ = ["check_local", "check_token"]
