"""Settings in seconds, Kafka's own settings in milliseconds, and the deprecated millisecond grace still working."""

from __future__ import annotations

import pytest

from processor.shell.config import Settings


def test_the_late_result_grace_is_set_in_seconds_and_reaches_the_engine_in_milliseconds() -> None:
    assert Settings(bootstrap_servers="b:1").engine_config().repair.late_result_grace_ms == 30_000
    assert Settings(bootstrap_servers="b:1", late_result_grace_s=2.5).engine_config().repair.late_result_grace_ms \
        == 2500


def test_the_millisecond_grace_still_works_with_a_deprecation_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLMEND_LATE_RESULT_GRACE_MS", "1234")
    with pytest.warns(FutureWarning, match="TOOLMEND_LATE_RESULT_GRACE_S"):
        s = Settings(bootstrap_servers="b:1", late_result_grace_s=99)
    assert s.engine_config().repair.late_result_grace_ms == 1234  # the old setting wins while it is set


def test_the_shell_reads_the_session_timeout_in_seconds() -> None:
    assert Settings(bootstrap_servers="b:1", session_timeout_ms=45_000, heartbeat_interval_ms=3000
                    ).session_timeout_s == 45.0
