"""`toolmend recover`: the flags that do not go together are refused in one line, exit 2, before anything
connects."""

from __future__ import annotations

import pytest

from processor.shell.commands import recover


@pytest.mark.parametrize("argv,line", [
    (["--rebuild", "--by-conversation"], "--by-conversation goes with --repartition"),
    (["--repartition", "--by-conversation", "--partition", "1"], "--repartition rebuilds every partition"),
    (["--repartition", "--partition", "1"], "--repartition rebuilds every partition"),
])
def test_flags_that_do_not_go_together(argv: list[str], line: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert recover.main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("toolmend recover: ") and line in err[0], err
