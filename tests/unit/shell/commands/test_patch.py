"""`toolmend patch`: JSON in, one result object out; --jsonl; exit statuses and one-line errors."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest

from processor.shell import cli
from tests.strategies import (
    ant_asst,
    ant_result,
    ant_use,
    ant_user,
    chat_asst,
    chat_calls,
    chat_tool,
    chat_user,
    gem_calls,
    gem_user,
    resp_call,
    resp_reasoning,
    resp_user,
)

CHAT_DANGLING = [chat_user("book it"), chat_calls(("c1", "book_flight")), chat_user("never mind")]
REQUIRED_KEYS = {"dialect", "messages", "findings", "changed"}


class Result:
    def __init__(self, rc: int, out: bytes, err: str) -> None:
        self.rc = rc
        self.out = out
        self.err = err

    @property
    def lines(self) -> list[bytes]:
        return self.out.splitlines()

    @property
    def doc(self) -> Any:
        assert len(self.lines) == 1, self.out
        return orjson.loads(self.lines[0])


@pytest.fixture
def patch(monkeypatch: pytest.MonkeyPatch) -> Any:
    def run(*args: str, stdin: bytes | str = b"") -> Result:
        data = stdin.encode() if isinstance(stdin, str) else stdin
        fake_in = io.TextIOWrapper(io.BytesIO(data))
        out = io.BytesIO()
        fake_out = io.TextIOWrapper(out)
        err = io.StringIO()
        monkeypatch.setattr(sys, "stdin", fake_in)
        monkeypatch.setattr(sys, "stdout", fake_out)
        monkeypatch.setattr(sys, "stderr", err)
        rc = cli.main(["patch", *args])
        fake_out.flush()
        return Result(rc, out.getvalue(), err.getvalue())

    return run


def dumps(x: Any) -> bytes:
    return orjson.dumps(x)


# ----------------------------------------------------------------------------------------------------
# one history


def test_json_array(patch: Any) -> None:
    r = patch(stdin=dumps(CHAT_DANGLING))
    assert r.rc == 0 and r.err == ""
    doc = r.doc
    assert set(doc) >= REQUIRED_KEYS
    assert doc["dialect"] == "openai_chat"
    assert doc["changed"] is True
    assert doc["messages"] == [
        CHAT_DANGLING[0], CHAT_DANGLING[1],
        {"role": "tool", "tool_call_id": "c1", "content": "Tool call c1 (book_flight) was cancelled: the user sent "
                                                          "a new message before it finished. No result is available."},
        CHAT_DANGLING[2],
    ]
    assert doc["findings"] == [{"kind": "dangling_tool_call", "severity": "error", "index": 1, "call_id": "c1",
                                "tool": "book_flight", "reason": "user_interrupt"}]


def test_unchanged_history(patch: Any) -> None:
    h = [chat_user("hi"), chat_asst("hello")]
    r = patch(stdin=dumps(h))
    assert r.rc == 0
    assert r.doc["changed"] is False and r.doc["findings"] == [] and r.doc["messages"] == h


def test_output_patched_again_is_unchanged(patch: Any) -> None:
    first = patch(stdin=dumps(CHAT_DANGLING)).doc
    again = patch(stdin=dumps(first["messages"])).doc
    assert again["changed"] is False and again["messages"] == first["messages"]


@pytest.mark.parametrize(
    ("doc", "dialect", "n_out"),
    [
        pytest.param({"model": "m", "messages": CHAT_DANGLING}, "openai_chat", 4, id="messages-chat"),
        pytest.param({"model": "claude", "system": "x",
                      "messages": [ant_user("q"), ant_asst(ant_use("t1")), ant_user(ant_result("t1"))]},
                     "anthropic", 3, id="messages-anthropic"),
        pytest.param({"contents": [gem_user("q"), gem_calls("search")]}, "gemini", 3, id="contents"),
        pytest.param({"input": [{"role": "user", "content": "q"}, resp_reasoning(), resp_call("c1")]},
                     "openai_responses", 4, id="input"),
    ],
)
def test_object_with_a_history(patch: Any, doc: dict[str, Any], dialect: str, n_out: int) -> None:
    r = patch(stdin=dumps(doc))
    assert r.rc == 0, r.err
    assert r.doc["dialect"] == dialect
    assert len(r.doc["messages"]) == n_out


def test_strategy_drop(patch: Any) -> None:
    r = patch("--strategy", "drop", stdin=dumps(CHAT_DANGLING))
    assert r.rc == 0
    assert r.doc["messages"] == [CHAT_DANGLING[0], CHAT_DANGLING[2]]
    assert [f["kind"] for f in r.doc["findings"]] == ["dangling_tool_call"]
    assert r.doc["changed"] is True


def test_strategy_drop_responses_reasoning(patch: Any) -> None:
    h = [resp_user("q"), resp_reasoning(), resp_call("c1"), resp_user("stop")]
    r = patch("--strategy", "drop", stdin=dumps({"input": h}))
    assert r.doc["messages"] == [resp_user("q"), resp_user("stop")]


def test_explicit_dialect(patch: Any) -> None:
    h = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": [{"type": "text", "text": ""}]}]
    assert patch(stdin=dumps(h)).doc["changed"] is False  # chat: a content list is content
    r = patch("--dialect", "anthropic", stdin=dumps(h))
    assert r.doc["dialect"] == "anthropic"
    assert [f["kind"] for f in r.doc["findings"]] == ["empty_content"]


def test_explicit_dialect_that_does_not_fit_is_refused(patch: Any) -> None:
    h = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
    r = patch("--dialect", "gemini", stdin=dumps(h))
    assert r.rc == 2 and "`dialect` is gemini but message 0 has content, not parts" in r.err


def test_file_argument_and_pretty(patch: Any, tmp_path: Path) -> None:
    f = tmp_path / "h.json"
    f.write_bytes(dumps(CHAT_DANGLING))
    r = patch(str(f), "--pretty")
    assert r.rc == 0
    assert len(r.lines) > 1  # indented
    assert orjson.loads(r.out)["changed"] is True


def test_templates_file(patch: Any, tmp_path: Path) -> None:
    t = tmp_path / "t.json"
    t.write_bytes(dumps({"book_flight": {"*": "booking {call_id} not confirmed ({reason})"}}))
    r = patch("--templates", str(t), stdin=dumps(CHAT_DANGLING))
    assert r.doc["messages"][2]["content"] == "booking c1 not confirmed (user_interrupt)"


def test_bad_templates_file(patch: Any, tmp_path: Path) -> None:
    t = tmp_path / "t.json"
    t.write_bytes(b'["not", "an", "object"]')
    r = patch("--templates", str(t), stdin=dumps(CHAT_DANGLING))
    assert r.rc == 2 and r.out == b""
    assert r.err.count("\n") == 1 and "--templates" in r.err


def test_invalid_role_is_reported_not_an_error(patch: Any) -> None:
    h = [chat_user("q"), {"role": "critic", "content": "hm"}, chat_calls("c1"), chat_tool("c1")]
    r = patch(stdin=dumps(h))
    assert r.rc == 0, r.err
    assert r.doc["messages"] == h
    assert [f["kind"] for f in r.doc["findings"]] == ["invalid_role"]


# ----------------------------------------------------------------------------------------------------
# malformed input: exit 2, one line on stderr that names the line and what is wrong


@pytest.mark.parametrize(
    ("stdin", "expect"),
    [
        pytest.param(b'[\n{"role": "user",\n "content": "hi"},\n]', ["line 3", "invalid JSON"], id="trailing-comma"),
        pytest.param(b'{"messages": [\n  {"role": "user", "content": "hi"}\n', ["line", "invalid JSON"],
                     id="truncated"),
        pytest.param(b"", ["invalid JSON"], id="empty"),
        pytest.param(b'"just a string"', ["array", "object"], id="not-a-history"),
        pytest.param(b'{"prompt": "hi"}', ["messages"], id="no-history-key"),
        pytest.param(b'{"messages": {"role": "user"}}', ["messages", "array"], id="history-not-an-array"),
    ],
)
def test_malformed_input(patch: Any, stdin: bytes, expect: list[str]) -> None:
    r = patch(stdin=stdin)
    assert r.rc == 2
    assert r.out == b""
    assert r.err.endswith("\n") and r.err.count("\n") == 1, r.err
    for word in expect:
        assert word in r.err


@pytest.mark.parametrize("dialect", ["auto", "openai_chat"])
def test_a_message_that_is_not_an_object_is_named(patch: Any, dialect: str) -> None:
    r = patch("--dialect", dialect, stdin=b'[{"role": "user", "content": "hi"},\n 5]')
    assert r.rc == 2
    assert r.err.count("\n") == 1
    assert "JSON object" in r.err
    assert "message 1" in r.err or "line 2" in r.err, r.err


def test_missing_file(patch: Any, tmp_path: Path) -> None:
    r = patch(str(tmp_path / "nope.json"))
    assert r.rc == 2 and r.err.count("\n") == 1 and "nope.json" in r.err


# ----------------------------------------------------------------------------------------------------
# --jsonl


def test_jsonl(patch: Any) -> None:
    lines = [
        dumps(CHAT_DANGLING),
        dumps({"contents": [gem_user("q"), gem_calls("search#a")]}),
        dumps({"input": [resp_user("q")]}),
    ]
    r = patch("--jsonl", stdin=b"\n".join(lines) + b"\n")
    assert r.rc == 0, r.err
    docs = [orjson.loads(x) for x in r.lines]
    assert [d["dialect"] for d in docs] == ["openai_chat", "gemini", "openai_responses"]
    assert [d["changed"] for d in docs] == [True, True, False]
    assert all(set(d) >= REQUIRED_KEYS for d in docs)


def test_jsonl_bad_line_in_the_middle(patch: Any) -> None:
    lines = [
        dumps(CHAT_DANGLING),
        b'[{"role": "user", "content": "hi"',  # cut short
        dumps({"messages": [chat_user("ok"), chat_asst("fine")]}),
        b"[1, 2]",  # messages that are not objects
        b'{"prompt": "x"}',  # no history
        dumps([ant_user("q"), ant_asst(ant_use("t1"))]),
    ]
    r = patch("--jsonl", "--strategy", "drop", stdin=b"\n".join(lines))
    assert r.rc == 1
    docs = [orjson.loads(x) for x in r.lines]
    assert len(docs) == len(lines)
    assert docs[0]["messages"] == [CHAT_DANGLING[0], CHAT_DANGLING[2]]
    assert set(docs[1]) == {"error"} and docs[1]["error"].startswith("line 2") and "invalid JSON" in docs[1]["error"]
    assert docs[2]["changed"] is False
    assert set(docs[3]) == {"error"} and docs[3]["error"].startswith("line 4")
    assert set(docs[4]) == {"error"} and docs[4]["error"].startswith("line 5")
    assert docs[5]["dialect"] == "anthropic" and docs[5]["messages"] == [ant_user("q")]


def test_jsonl_all_good_lines_exit_zero_and_one_result_per_line(patch: Any) -> None:
    r = patch("--jsonl", stdin=b"\n".join([dumps([chat_user(str(i))]) for i in range(5)]))
    assert r.rc == 0
    assert len(r.lines) == 5
    assert [orjson.loads(x)["messages"][0]["content"] for x in r.lines] == ["0", "1", "2", "3", "4"]


# ----------------------------------------------------------------------------------------------------
# the installed command


def test_installed_command_runs() -> None:
    exe = Path(sys.executable).parent / "toolmend"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "processor.shell.cli"]
    p = subprocess.run([*cmd, "patch", "--strategy", "drop"], input=dumps(CHAT_DANGLING), capture_output=True,
                       timeout=60, check=False)
    assert p.returncode == 0, p.stderr
    assert orjson.loads(p.stdout)["messages"] == [CHAT_DANGLING[0], CHAT_DANGLING[2]]
    p = subprocess.run([*cmd, "patch"], input=b"{", capture_output=True, timeout=60, check=False)
    assert p.returncode == 2 and p.stdout == b""
    assert len(p.stderr.decode().splitlines()) == 1


def test_thinking_policy_and_the_requests_model(patch: Any) -> None:
    think = [{"type": "thinking", "thinking": f"t{n}", "signature": f"s{n}"} for n in range(2)]
    msgs = [ant_user("go"), {"role": "assistant", "content": [think[0], ant_use("t1")]}, ant_user("stop"),
            {"role": "assistant", "content": [think[1], {"type": "text", "text": "ok"}]}]
    r = patch("--dialect", "anthropic", stdin=dumps({"model": "claude-opus-5-5", "messages": msgs}))
    assert r.rc == 0 and r.doc["thinking"] == {"prefix_changed_at": 2, "invalid": 1, "stripped": 1,
                                               "first_invalid": [3, 0]}
    r = patch("--dialect", "anthropic", "--thinking", "keep", stdin=dumps({"model": "claude-opus-5-5",
                                                                          "messages": msgs}))
    assert r.doc["thinking"]["stripped"] == 0 and r.doc["messages"][3]["content"][0] == think[1]
