"""The generator's delivery accounting and progress: every record counted once, sent or refused with its reason,
the rate; progress a line every few seconds when stderr is not a terminal."""

from __future__ import annotations

import io
from collections import Counter

from aiokafka.errors import MessageSizeTooLargeError

from processor.synth.produce import Delivery
from processor.synth.progress import Lines, progress


def test_the_summary_says_sent_refused_with_reasons_and_the_rate() -> None:
    d = Delivery(started=10.0, sent=1000, handed=1001)
    d.refuse(MessageSizeTooLargeError())
    d.ended = 12.0
    assert d.summary("conversations", 99.0) == (
        "1,000 records sent to conversations in 2.0 s (500 records/s); 1 refused (1 MessageSizeTooLargeError: over "
        "the topic's max.message.bytes (or the producer's 8 MiB max.request.size))")
    assert Delivery(started=0.0, sent=3, ended=1.0).summary("t", 5.0) == "3 records sent to t in 1.0 s (3 records/s)"


def test_progress_is_a_line_every_few_seconds_off_a_terminal() -> None:
    now = [0.0]
    out = io.StringIO()
    p = Lines("conversations", 6933, out, every_s=5.0, clock=lambda: now[0])
    d = Delivery(started=0.0, handed=10, sent=8, refused=Counter({"MessageSizeTooLargeError": 1}))
    p.tick(d)
    now[0] = 4.9
    p.tick(d)
    assert out.getvalue() == ""
    now[0] = 5.0
    p.tick(d)
    assert out.getvalue() == ("toolmend generate: 10 of 6,933 records handed to conversations, 8 acknowledged, "
                              "1 refused, 2/s\n")
    assert isinstance(progress("t", None, io.StringIO()), Lines)  # not a terminal: lines, never a bar
