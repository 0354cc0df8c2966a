"""Kafka authentication settings: secrets from the environment or a file only, clear refusals at configuration
time, and the OAUTHBEARER token provider (file re-read on change, command re-run before expiry)."""

from __future__ import annotations

import base64
import sys
from pathlib import Path

import orjson
import pytest
from aiokafka.abc import AbstractTokenProvider

from processor.shell.auth import TokenError, TokenProvider, token_expiry
from processor.shell.config import ConfigError, load

SASL = ["--security-protocol", "SASL_PLAINTEXT"]


def jws(claims: dict[str, object]) -> str:
    def b64(doc: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(orjson.dumps(doc)).rstrip(b"=").decode()

    return f"{b64({'alg': 'none'})}.{b64(claims)}."


@pytest.fixture(autouse=True)
def _no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("TOOLMEND_SASL_PASSWORD", "TOOLMEND_SASL_PASSWORD_FILE", "TOOLMEND_SECURITY_PROTOCOL",
                 "TOOLMEND_SASL_MECHANISM", "TOOLMEND_SASL_USERNAME"):
        monkeypatch.delenv(name, raising=False)


def test_no_password_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ConfigError) as e:
        load([*SASL, "--sasl-mechanism", "PLAIN", "--sasl-username", "u", "--sasl-password", "hunter2"])
    assert "--sasl-password is not accepted" in str(e.value)
    assert "hunter2" not in str(e.value) + capsys.readouterr().err


def test_password_from_environment_is_a_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLMEND_SASL_PASSWORD", "hunter2")
    s, _ = load([*SASL, "--sasl-mechanism", "SCRAM-SHA-512", "--sasl-username", "u"])
    assert s.password() == "hunter2"
    assert "hunter2" not in repr(s) and "hunter2" not in str(s.model_dump())
    kw = s.kafka_common()
    assert (kw["sasl_plain_username"], kw["sasl_plain_password"]) == ("u", "hunter2")


def test_password_from_a_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    f = tmp_path / "password"
    f.write_text("s3cret\n")
    monkeypatch.setenv("TOOLMEND_SASL_PASSWORD_FILE", str(f))
    s, _ = load([*SASL, "--sasl-mechanism", "PLAIN", "--sasl-username", "u"])
    assert s.password() == "s3cret"
    f.write_text("rotated\n")
    assert s.kafka_common()["sasl_plain_password"] == "rotated"  # read again by the next client
    monkeypatch.setenv("TOOLMEND_SASL_PASSWORD_FILE", str(tmp_path / "missing"))
    with pytest.raises(ConfigError, match=r"cannot read sasl_password_file .*missing: No such file"):
        load([*SASL, "--sasl-mechanism", "PLAIN", "--sasl-username", "u"])
    monkeypatch.setenv("TOOLMEND_SASL_PASSWORD_FILE", str(f))
    monkeypatch.setenv("TOOLMEND_SASL_PASSWORD", "x")
    with pytest.raises(ConfigError, match="set sasl_password or sasl_password_file, not both"):
        load([*SASL, "--sasl-mechanism", "PLAIN", "--sasl-username", "u"])


@pytest.mark.parametrize(("argv", "message"), [
    ([*SASL, "--sasl-mechanism", "PLAIN", "--sasl-username", "u"], "needs sasl_username and sasl_password"),
    ([*SASL], "security_protocol SASL_\\* needs sasl_mechanism"),
    (["--sasl-mechanism", "PLAIN"], "sasl_mechanism PLAIN needs security_protocol SASL_PLAINTEXT or SASL_SSL"),
    ([*SASL, "--sasl-mechanism", "OAUTHBEARER"], "OAUTHBEARER needs sasl_oauth_token_file or "
                                                 "sasl_oauth_token_command"),
    ([*SASL, "--sasl-mechanism", "OAUTHBEARER", "--sasl-oauth-token-file", "/nonexistent/token"],
     "sasl_oauth_token_file /nonexistent/token is not a readable file"),
    ([*SASL, "--sasl-mechanism", "OAUTHBEARER", "--sasl-oauth-token-command", "x", "--sasl-oauth-token-file", "y"],
     "(one of them)"),
    (["--sasl-oauth-token-command", "x"], "need sasl_mechanism OAUTHBEARER"),
    ([*SASL, "--sasl-mechanism", "GSSAPI"], "GSSAPI \\(Kerberos\\) is not supported"),
])
def test_refused_at_configuration_time(argv: list[str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load(argv)


def test_oauthbearer_settings_give_one_shared_provider(tmp_path: Path) -> None:
    token = tmp_path / "token"
    token.write_text(jws({"sub": "toolmend"}))
    s, _ = load([*SASL, "--sasl-mechanism", "OAUTHBEARER", "--sasl-oauth-token-file", str(token)])
    a, b = s.kafka_common(), s.kafka_common()
    assert isinstance(a["sasl_oauth_token_provider"], AbstractTokenProvider)
    assert a["sasl_oauth_token_provider"] is b["sasl_oauth_token_provider"]
    assert "sasl_plain_password" not in a


def test_token_expiry() -> None:
    assert token_expiry(jws({"sub": "x", "exp": 1_900_000_000})) == 1_900_000_000
    assert token_expiry(jws({"sub": "x"})) is None
    assert token_expiry("opaque-token") is None
    assert token_expiry("a.!!!.c") is None
    assert token_expiry(jws({"exp": True})) is None


async def test_token_file_is_read_again_when_it_changes(tmp_path: Path) -> None:
    f = tmp_path / "token"
    f.write_text("first-token\n")
    p = TokenProvider(file=f)
    assert await p.token() == "first-token"
    assert await p.token() == "first-token"
    assert p.loads == 1
    f.write_text("second-token-longer\n")
    assert await p.token() == "second-token-longer"
    assert p.loads == 2
    f.write_text("secret-part other-part\n")
    with pytest.raises(TokenError, match="gave no token") as e:
        await p.token()
    assert "secret-part" not in str(e.value)
    f.unlink()
    with pytest.raises(TokenError, match="cannot read token file"):
        await p.token()


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def test_token_command_runs_again_before_expiry(tmp_path: Path) -> None:
    counter = tmp_path / "n"
    script = tmp_path / "token.py"
    script.write_text(
        "import base64, json, pathlib, sys\n"
        f"p = pathlib.Path({str(counter)!r}); n = int(p.read_text()) + 1 if p.exists() else 1; p.write_text(str(n))\n"
        "b = lambda d: base64.urlsafe_b64encode(json.dumps(d).encode()).rstrip(b'=').decode()\n"
        "print(b({'alg': 'none'}) + '.' + b({'sub': 'toolmend', 'n': n, 'exp': 1000 + 100 * n}) + '.')\n")
    clock = Clock(1000.0)
    p = TokenProvider(command=f"{sys.executable} {script}", refresh_s=3600, clock=clock)
    first = await p.token()
    assert token_expiry(first) == 1100
    clock.now = 1070  # before 80% of its lifetime: cached
    assert await p.token() == first and p.loads == 1
    clock.now = 1081  # past it: run again
    second = await p.token()
    assert second != first and token_expiry(second) == 1200 and p.loads == 2

    short = TokenProvider(command=f"{sys.executable} -c \"print('opaque')\"", refresh_s=60, clock=clock)
    assert await short.token() == "opaque"
    clock.now += 61
    await short.token()
    assert short.loads == 2


async def test_token_command_failures_say_why_without_output(tmp_path: Path) -> None:
    p = TokenProvider(command=f"{sys.executable} -c \"print('leaked-secret'); raise SystemExit(3)\"")
    with pytest.raises(TokenError, match="exited with 3") as e:
        await p.token()
    assert "leaked-secret" not in str(e.value)
    with pytest.raises(TokenError, match="cannot run token command"):
        await TokenProvider(command=str(tmp_path / "missing")).token()
    with pytest.raises(TokenError, match="gave no token"):
        await TokenProvider(command=f"{sys.executable} -c pass").token()
