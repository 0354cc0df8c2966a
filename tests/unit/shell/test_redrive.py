"""`toolmend redrive`: what it takes from a dead letter (the pure part; tests/integration/test_redrive.py runs it
on a broker)."""

from __future__ import annotations


def test_redrive_keeps_the_producers_headers_and_picks_its_kinds() -> None:
    from processor.shell.redrive import chosen, producer_headers

    hs = [("traceparent", b"00-a-b-01"), ("toolmend-error-kind", b"event_time"), ("Toolmend-Id", b"x")]
    assert producer_headers(hs) == [("traceparent", b"00-a-b-01")]
    assert chosen(hs, frozenset({"event_time"})) == ("event_time", True)
    assert chosen(hs, frozenset({"schema"})) == ("event_time", False)
    assert chosen([], frozenset({"schema"})) == ("unknown", False)
