"""W3C trace context on output records: each output carries the `traceparent` of the input record it came from.

For OTLP input that is the source span's (the re-keying stage puts it on each event); for JSON events, whatever
`traceparent` header the producer set. Dead letters carry all of the input's headers already. Nothing here
parses or checks the value: it is passed through as the producer wrote it.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.partition import OutRecord

TRACEPARENT = "traceparent"


def with_traceparent(outs: list[OutRecord], headers: Iterable[tuple[str, bytes]] | None) -> None:
    """Append the input's `traceparent` header (if it has one) to each of its outputs but dead letters."""
    if not headers:
        return
    tp = None
    for k, v in headers:
        if k == TRACEPARENT:
            tp = v
            break
    if tp is None:
        return
    for r in outs:
        if r.kind != "dead_letter":
            r.headers.append((TRACEPARENT, tp))


__all__ = ["TRACEPARENT", "with_traceparent"]
