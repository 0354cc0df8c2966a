"""The session lease of the librdkafka transport: when this member may still believe it owns its partitions.

aiokafka heartbeats from the event loop, so the worker sees every answer of the group coordinator
(`aiokafka.AiokafkaMembership`). librdkafka heartbeats from its own thread, unseen, and tells the application
that the session is gone only from inside a later `consume()`. Two facts stand in for the heartbeat's answer:

* **The group metadata.** librdkafka resets its member id (unknown member) or its generation (illegal
  generation) the moment a heartbeat or a commit is refused, and `consumer_group_metadata()` reads them without
  waiting for the consumer's call gate. Metadata that differs from the one the assignment was made under means
  the group moved past this member: its generation is over at once, not when the callback comes.
* **The process's own clock** (:class:`FreezeWatch`). A daemon thread ticks every `TICK_S`: a long gap between
  two ticks means the whole process stopped (SIGSTOP, a frozen VM, the machine starved), librdkafka's heartbeat
  thread with it, and the coordinator may have expired the member while nothing ran. An event loop merely busy
  (timers firing in bulk) stops nothing of librdkafka's: the thread keeps ticking and the lease holds.

So the lease is renewed on every tick of the event loop while the thread ticks and the metadata is unchanged. A
stop long enough that the session may have expired (:func:`freeze_limit`) holds the lease until librdkafka had
time to hear the coordinator (:func:`verdict_window`: its overdue heartbeat goes out at once on waking, and it
gives the session up itself when no heartbeat was accepted for a session timeout): a changed metadata then ends
the generation, and whatever the woken process was about to ship is fenced before a record of it reaches
librdkafka. A stop ended by SIGCONT (SIGSTOP, Ctrl-Z) ends the generation outright. A gap the watch measured only
because the machine starved the process of CPU (the heartbeat thread ran meanwhile: it needs no GIL) thus costs a
short wait, not a rebalance. A shorter stop left the session alive (a heartbeat was at most one interval old when
it began).
"""

from __future__ import annotations

import threading
import time

TICK_S = 0.05  # the watch thread's period
STALE_TICKS = 5  # the thread not seen ticking for this many periods: the process may just have woken


def freeze_limit(session_s: float, heartbeat_s: float) -> float:
    """The longest stop after which the session surely survived: the last heartbeat was at most one interval old
    when the process stopped, and another interval is kept for the answer's round trip; at most half the session."""
    return max(TICK_S * 4, min(session_s / 2, session_s - 2 * heartbeat_s))


def verdict_window(session_s: float, heartbeat_s: float) -> float:
    """How long, after a stop past `freeze_limit`, librdkafka is given to hear the coordinator (its overdue
    heartbeat, or its own session check) before the lease is renewed: three heartbeat intervals, at least a
    second, at most half the session (a step waiting for the lease gives up after a session)."""
    return min(session_s / 2, max(1.0, 3 * heartbeat_s))


class FreezeWatch:
    """A daemon thread measuring the gaps between its own ticks: the longest since it was last asked."""

    def __init__(self, tick_s: float = TICK_S, stale_s: float = 0.0) -> None:
        self.tick_s = tick_s
        # not seen ticking for this long: the process may just have woken (a thread merely slowed by a loaded
        # machine, waiting for a core and the GIL, ticks well within it)
        self.stale_s = max(tick_s * STALE_TICKS, stale_s)
        self.last = time.monotonic()
        self._gap = 0.0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="toolmend-freeze-watch", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.tick_s):
            now = time.monotonic()
            with self._lock:
                self._gap = max(self._gap, now - self.last)
                self.last = now

    def take(self, keep: bool = False) -> float | None:
        """The longest gap between two ticks since the last call (`keep`: counted again by the next call), or None
        if the thread has not ticked lately (the process may have just woken and the thread not run yet)."""
        with self._lock:
            if time.monotonic() - self.last > self.stale_s:
                return None
            gap = self._gap
            if not keep:
                self._gap = 0.0
        return gap

    def stop(self) -> None:
        self._stop.set()


__all__ = ["TICK_S", "FreezeWatch", "freeze_limit", "verdict_window"]
