"""`replay --dump-input` lines: every byte of a record kept, the head naming the topic."""

from __future__ import annotations


def test_a_dump_line_keeps_every_byte_of_its_record() -> None:
    from processor.shell.replay.dump import read_head, read_record, record_line

    headers = [("traceparent", b"00-ab-cd-01"), ("bin", b"\xff\x00")]
    line = record_line(2, 41, 1_767_225_600_000, b"\xfekey", headers, b'{"a": "\\u00e9"}')
    assert read_record(line.rstrip(b"\n")) == (2, 41, b"\xfekey", b'{"a": "\\u00e9"}', headers, 1_767_225_600_000)
    assert read_record(record_line(0, 0, -1, None, [], None)) == (0, 0, None, None, [], None)
    assert read_head(b'{"toolmend_dump": 1, "topic": "conversations", "partitions": 4}') == ("conversations", 4)
    assert read_head(b'{"key": "a", "value": {}}') is None
