"""Where a fetched batch is cut into checkpoints: after at most `every_s` of processing, unless the checkpoint before
it is still in flight, then once that one lands (after at most twice `every_s`).

A cut bounds the time between commits when a backlog is handed over whole on a starved core (`loop.py`,
CHECKPOINT_EVERY_S). A checkpoint cut while the one before it is still in flight gains nothing: its commit cannot
start before that one lands (one checkpoint in flight at most), and the loop would stop processing to wait for
it. Processing on until it lands starts the next commit at the same moment, with more records in it, so a starved
worker writes fewer checkpoints (each one takes the changelog of every conversation it changed) for the same
commit cadence. Past twice `every_s` the batch is cut whatever is in flight, as before.
"""

from __future__ import annotations

import asyncio
from typing import Any


def cut_now(now: float, cut_at: float, cap_at: float, shipping: asyncio.Future[Any] | None) -> bool:
    """Whether the checkpoint being processed ends here: its processing time is up (`cut_at`) and the checkpoint
    before it has landed (nothing in flight), or the hard limit (`cap_at`) is reached."""
    if now < cut_at:
        return False
    return shipping is None or shipping.done() or now >= cap_at


__all__ = ["cut_now"]
