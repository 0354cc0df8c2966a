"""Broker contact for the librdkafka transport: whether any broker answered this client since its last statistics.

librdkafka counts the responses each of its broker handles received (`rx` in its statistics). Three kinds of
handle answer a consumer, and each is the broker speaking:

* the **learned** brokers (node id 0 and up): fetch and metadata responses; a consumer with every partition paused
  (restoring its state) or none assigned (a member beyond the partition count) fetches nothing from them;
* the **logical** group coordinator (node id -1, a connection of its own): heartbeats, joins, syncs and commits,
  answered every heartbeat interval whether the member fetches or not (aiokafka's heartbeat is contact too);
* the **bootstrap** handles (node id -1): the first metadata, and again when librdkafka bootstraps anew.

A handle can disappear (librdkafka drops the learned brokers while none is reachable and learns them again,
counting from zero) or appear; each is compared with its own previous count, by name, so one handle dropped never
hides another's answers. Pure: the caller feeds it the parsed statistics.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Responses:
    """The response counts of the last statistics, per broker handle."""

    def __init__(self) -> None:
        self._rx: dict[str, int] | None = None  # None before the first statistics

    def answered(self, stats: Mapping[str, Any]) -> bool:
        """True when some handle received a response since the previous statistics (never for the first ones: the
        worker counts its start as contact). A handle new since then answered if it counts any response."""
        now: dict[str, int] = {}
        for name, b in (stats.get("brokers") or {}).items():
            rx = b.get("rx", 0) if isinstance(b, Mapping) else 0
            now[str(name)] = rx if isinstance(rx, int) else 0
        before, self._rx = self._rx, now
        if before is None:
            return False
        return any(rx > before.get(name, 0) for name, rx in now.items())


__all__ = ["Responses"]
