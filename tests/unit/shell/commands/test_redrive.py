"""`toolmend redrive`: kinds whose record itself is wrong are refused in one line, exit 2, before any broker is
reached (tests/integration/test_redrive.py redrives the others on a broker)."""

from __future__ import annotations

import asyncio

import pytest

from processor.core.events import DeadLetterKind
from processor.shell.commands.redrive import main as redrive_main
from processor.shell.config import ConfigError, load
from processor.shell.redrive import KINDS, NEVER, REDRIVABLE, redrive, refused

# a port nothing listens on: a refused kind must fail before any connection is tried
UNREACHABLE = ["--bootstrap-servers", "127.0.0.1:9"]


def test_every_kind_is_either_redrivable_or_refused_with_a_reason() -> None:
    assert set(NEVER) | set(REDRIVABLE) == set(KINDS) == {k.value for k in DeadLetterKind}
    assert not set(NEVER) & set(REDRIVABLE)
    assert {"invalid_json", "schema", "key_mismatch", "too_deep"} <= set(NEVER)
    assert {"event_time", "internal", "too_large", "output_too_large", "state_too_large"} <= set(REDRIVABLE)
    for k in REDRIVABLE:
        assert refused([k]) is None
    for k in NEVER:
        why = refused(["event_time", k])
        assert why is not None and k in why and "\n" not in why and "event_time," not in why.split("(")[0]


@pytest.mark.parametrize("kind", sorted(NEVER))
def test_a_kind_that_can_never_succeed_is_refused_in_one_line_exit_2(kind: str,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    rc = redrive_main(["--kind", "event_time", "--kind", kind, *UNREACHABLE])
    out, err = capsys.readouterr()
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("toolmend redrive: --kind ") and kind in err, err
    assert "cannot reach" not in err and "Traceback" not in err


def test_the_library_call_refuses_them_too() -> None:
    settings, _ = load(UNREACHABLE, prog="toolmend redrive")
    with pytest.raises(ConfigError, match="invalid_json"):
        asyncio.run(redrive(settings, frozenset({"invalid_json", "internal"}), "g", dry_run=True))
