"""What a replay takes from one partition, and which of its outputs it keeps (no I/O: files and topics alike).

A partition's output depends on everything before it on that partition (the event-time watermark, timers), so:

* a replay that reads a partition from its first offset reproduces the live worker's records byte for byte,
  under the same ids (`--to` only cuts the end: each partition stops before its first event dated after it);
* a replay that starts later (`--from`, or a topic whose first records were deleted by retention) reads a
  look-back before its start to warm conversations up, emits from the first event dated at or after `--from`,
  and leaves out whole every conversation whose beginning it cannot prove it saw. Its records carry ids of
  their own namespace (`replay.<name>:` before the live id), so no id ever names two different values.

The proof of a beginning: a conversation with no state in the replay is new for the live worker too if the
replay's watermark (equal to the live one from the first record of the look-back on, since every record
before it is dated earlier) is at least `look-back start + conversation_ttl`: any earlier state of it was
evicted by then. A conversation first met earlier may have begun before the look-back: none of its records is
emitted until its state is gone (ended or evicted) and it begins again after that point. When the look-back
reaches the partition's first offset (0), every conversation is seen from its beginning and none is left out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import orjson

from ...core.events import DeadLetter, parse_ts
from ...core.partition import OutRecord, PartitionProcessor

NO_TIME = -(1 << 62)


@dataclass(frozen=True)
class Window:
    """The event-time range of a replay (epoch ms, inclusive) and its look-back."""

    from_ms: int | None = None
    to_ms: int | None = None
    look_back_ms: int = 0

    @property
    def warm_from(self) -> int | None:
        """Events dated before this are not read (the start of the look-back)."""
        return None if self.from_ms is None else self.from_ms - self.look_back_ms


def event_ts(value: bytes | None) -> int | None:
    """The `ts` of an input value, None if it has none that the engine would read."""
    if value is None:
        return None
    try:
        doc = orjson.loads(value)
        return parse_ts(doc["ts"]) if type(doc) is dict and "ts" in doc else None
    except (orjson.JSONDecodeError, DeadLetter):
        return None


_CID = b'"conversation_id":'


def conversation_of(value: bytes | None) -> str | None:
    """The conversation id of an input value without parsing all of it: the first `"conversation_id":"..."`,
    taken when no object or array opens before it (so it is the top-level key) and it holds no escape; any other
    form is parsed."""
    if value is None:
        return None
    i = value.find(_CID)
    if i > 0 and value.find(b"{", 1, i) < 0 and value.find(b"[", 0, i) < 0:
        j = i + len(_CID)
        if value[j:j + 1] == b'"':
            k = value.find(b'"', j + 1)
            if k > 0 and value.find(b"\\", j + 1, k) < 0:
                try:
                    return value[j + 1:k].decode()
                except UnicodeDecodeError:
                    return None
    try:
        doc = orjson.loads(value)
    except orjson.JSONDecodeError:
        return None
    cid = doc.get("conversation_id") if type(doc) is dict else None
    return cid if type(cid) is str else None


class PartitionReplay:
    """Feeds one partition's records, in offset order, to a PartitionProcessor and keeps the outputs that belong
    to the replay (see the module docstring). `aligned`: the replay does not start at the partition's first
    record (a range start, or a truncated topic), so conversations must prove their beginning."""

    def __init__(self, proc: PartitionProcessor, window: Window, ttl_ms: int, aligned: bool,
                 real_topic: str | None = None) -> None:
        self.proc = proc
        self.window = window
        self.ttl_ms = ttl_ms
        self.aligned = aligned
        self.real_topic = real_topic  # dead letters name it when the processor's topic carries an id prefix
        warm_from = window.warm_from
        self.seeking = aligned and warm_from is not None
        self.emitting = window.from_ms is None  # warm-up until the watermark reaches `from`
        self.done = False
        # without a range start, a truncated topic's look-back starts at its first dated record
        self.trust_from: int | None = None if not aligned else (
            None if warm_from is None else warm_from + ttl_ms)
        self.untrusted: set[bytes] = set()
        self._prune_at = 1024
        self.left_out: set[bytes] = set()  # conversations with an event in the range that were left out
        self.skipped = 0  # read before the look-back start
        self.warmed = 0  # look-back records (processed, outputs dropped)
        self.events = 0  # records in the range
        self.left_out_events = 0
        self.after = 0  # records after the range end (the one that ended it)
        self.out: dict[str, int] = {}  # records kept by kind (counted by the caller on the plain path)
        self.suppressed: dict[str, int] = {}
        self.plain = not aligned and window.from_ms is None and window.to_ms is None

    def feed(self, offset: int, key: bytes | None, value: bytes | None,
             headers: Iterable[tuple[str, bytes]] = (), timestamp: int | None = None) -> list[OutRecord]:
        """The outputs of one record that the replay keeps. Sets `done` once the partition is past the range.
        `timestamp`: the record's Kafka timestamp (the event-time guard's reference), None for a file."""
        if self.plain:  # from the first offset to the end: every output, as the live worker writes them
            outs = self.proc.process(offset, key, value, headers, timestamp)
            self.events += 1
            return outs
        if self.done:
            return []
        proc = self.proc
        w = self.window
        if self.seeking:
            ts = event_ts(value)
            warm_from = w.warm_from
            if ts is None or warm_from is None or ts < warm_from:
                self.skipped += 1
                return []
            self.seeking = False
            if offset == 0 and not self.skipped:  # the look-back reaches the partition's start: nothing is partial
                self.trust_from = NO_TIME
        if self.aligned and self.trust_from is None:
            ts = event_ts(value)  # a truncated topic: the look-back starts at its first dated record
            if ts is None:
                self.skipped += 1
                return []
            self.trust_from = ts + self.ttl_ms
        cid_b: bytes | None = None
        if self.aligned:
            cid_b = key if key is not None else _encode(conversation_of(value))
            if cid_b is not None:
                self._align(cid_b)
        outs = proc.process(offset, key, value, headers, timestamp)
        wm = proc.watermark
        if w.to_ms is not None and wm > w.to_ms:  # the first record dated after the range: the end
            self.done = True
            self.after += 1
            return []
        if not self.emitting:
            if w.from_ms is not None and wm >= w.from_ms:
                self.emitting = True
            else:
                self.warmed += 1
                return []
        self.events += 1
        untrusted = self.untrusted
        if untrusted and cid_b is not None and cid_b in untrusted:
            self.left_out_events += 1
            self.left_out.add(cid_b)
        kept = outs
        if untrusted:
            kept = []
            for o in outs:
                if o.key is not None and o.key in untrusted:
                    self.suppressed[o.kind] = self.suppressed.get(o.kind, 0) + 1
                else:
                    kept.append(o)
        counts = self.out
        for o in kept:
            counts[o.kind] = counts.get(o.kind, 0) + 1
            if o.kind == "dead_letter" and self.real_topic is not None:
                o.headers = [(k, self.real_topic.encode()) if k == "toolmend-source-topic" else (k, v)
                             for k, v in o.headers]
        return kept

    def _align(self, cid_b: bytes) -> None:
        proc = self.proc
        cid = cid_b.decode(errors="replace")
        if cid in proc.convs or cid in proc.cold:
            return  # its state continues: trusted or not, as decided when it began
        trust_from = self.trust_from
        trusted = trust_from is not None and proc.watermark >= trust_from
        untrusted = self.untrusted
        if trusted:
            untrusted.discard(cid_b)
        else:
            untrusted.add(cid_b)
            if len(untrusted) >= self._prune_at:
                self._prune()

    def _prune(self) -> None:
        """Forget left-out conversations whose state is gone once beginnings are provable (bounded memory)."""
        proc = self.proc
        if self.trust_from is not None and proc.watermark >= self.trust_from:
            self.untrusted = {c for c in self.untrusted
                              if c.decode(errors="replace") in proc.convs or c.decode(errors="replace") in proc.cold}
        self._prune_at = max(1024, 2 * len(self.untrusted))


def _encode(cid: str | None) -> bytes | None:
    return None if cid is None else cid.encode()
