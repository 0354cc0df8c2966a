"""`toolmend validate`: every problem of the settings at once, one line each, exit 2, never a secret; a summary
and exit 0 when sound. The walk over the settings' validators: every constraint of every setting and every rule
between settings has a bad value that `toolmend run` refuses at start, and validate reports it too."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal, get_args, get_origin

import annotated_types as at
import pytest

from processor.shell.commands import run as run_command
from processor.shell.commands import validate
from processor.shell.config import ENV_ONLY, Settings, env_name, settings_problems
from processor.shell.settings_rules import RULES

SECRET = "hunter2-do-not-print"


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    for k in list(os.environ):
        if k.startswith("TOOLMEND_") and k.removeprefix("TOOLMEND_").lower() in Settings.model_fields:
            monkeypatch.delenv(k)
    monkeypatch.delenv("TOOLMEND_LOG_FORMAT", raising=False)


def _validate(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = validate.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_sound_configuration_exits_0_with_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _validate(capsys, "--input-topic", "calls", "--delivery", "exactly_once")
    assert (code, err) == (0, "")
    assert out.startswith("configuration sound: events from calls on 127.0.0.1:9092 (PLAINTEXT), group toolmend, "
                          "exactly_once, 5 topics (broker not checked: --connect)")


def test_every_problem_at_once_one_line_each_and_no_secret(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLMEND_SESSION_TIMEOUT_MS", "ten")
    monkeypatch.setenv("TOOLMEND_DELIVRY", "exactly_once")
    monkeypatch.setenv("TOOLMEND_SASL_PASSWORD", SECRET)
    monkeypatch.setenv("TOOLMEND_SASL_MECHANISM", "SCRAM-SHA-512")
    code, out, err = _validate(capsys, "--delivery", "twice", "--metrics-port", "70000", "--input-topic", "x",
                               "--output-topic", "x", "--log-level", "LOUD")
    assert code == 2
    lines = err.splitlines()
    assert all(line.startswith("toolmend validate: ") for line in lines)
    for expected in ("unknown variable TOOLMEND_DELIVRY (did you mean TOOLMEND_DELIVERY?)",
                     "delivery (TOOLMEND_DELIVERY)", "metrics_port (TOOLMEND_METRICS_PORT)",
                     "session_timeout_ms (TOOLMEND_SESSION_TIMEOUT_MS)",
                     "sasl_mechanism SCRAM-SHA-512 needs security_protocol",
                     "input, output and dead-letter topics must differ", "--log-level 'LOUD'"):
        assert sum(expected in line for line in lines) == 1, (expected, lines)
    assert not any("heartbeat" in line for line in lines)  # the rule reads session_timeout_ms, itself refused
    assert SECRET not in out + err
    assert "configuration sound" not in out


def test_a_secret_as_a_flag_is_refused_unechoed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _validate(capsys, "--sasl-password", SECRET)
    assert code == 2 and SECRET not in out + err and "TOOLMEND_SASL_PASSWORD" in err


# -- the walk ------------------------------------------------------------------------------------------------------
def _bad_values(name: str) -> list[str]:
    """Values the field's own validation refuses, derived from its type and constraints."""
    field = Settings.model_fields[name]
    ann = field.annotation
    base = ann if get_origin(ann) is Literal else ([a for a in get_args(ann) if a is not type(None)] or [ann])[0]
    out: list[str] = []
    if get_origin(base) is Literal:
        out.append("no-such-choice")
    elif base is bool:
        out.append("maybe")
    elif base in (int, float):
        out.append("not-a-number")
    for m in field.metadata:
        step = 1 if base is int else 0.5
        if isinstance(m, at.Ge):
            out.append(str(m.ge - step))
        elif isinstance(m, at.Gt):
            out.append(str(m.gt))
        elif isinstance(m, at.Le):
            out.append(str(m.le + step))
        elif isinstance(m, at.MinLen) and m.min_length > 0:
            out.append("")
        elif isinstance(m, at.MaxLen):
            out.append("x" * (m.max_length + 1))
    return out


FIELD_VALIDATOR_BAD = {  # the fields' own validators (Settings' @field_validator)
    "bootstrap_servers": "kafka-without-port", "ssl_cafile": " ", "ssl_certfile": "", "ssl_keyfile": "",
    "sasl_password_file": "", "templates_file": "", "gc_threshold": "12"}


def _cases() -> list[tuple[str, str]]:
    cases = [(name, bad) for name in Settings.model_fields if Settings.model_fields[name].json_schema_extra
             != ENV_ONLY for bad in _bad_values(name)]
    return cases + list(FIELD_VALIDATOR_BAD.items())


def test_the_walk_covers_every_validated_setting() -> None:
    validated = {n for n, f in Settings.model_fields.items()
                 if f.metadata or f.annotation not in (str, str | None, Path | None)}
    walked = {n for n, _ in _cases()}
    assert validated - walked <= {"sasl_password"}  # a secret: env only, its own test above
    decorators = Settings.__pydantic_decorators__.field_validators.values()
    assert {f for d in decorators for f in d.info.fields} == set(FIELD_VALIDATOR_BAD)


@pytest.mark.parametrize(("name", "bad"), _cases())
def test_a_value_run_refuses_at_start_is_reported_by_validate(name: str, bad: str, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(env_name(name), bad)
    assert run_command.main([]) == 2  # refused before any connection
    run_err = capsys.readouterr().err
    assert f"{name} ({env_name(name)})" in run_err and "Traceback" not in run_err
    code, _, err = _validate(capsys)
    assert code == 2
    assert re.search(rf"^toolmend validate: {name} \({env_name(name)}\): ", err, re.M), err


def _rule_cases(tmp: Path) -> dict[str, tuple[dict[str, str], str]]:
    bad_json = tmp / "templates.json"
    bad_json.write_text("{not json")
    return {
        "_sasl_needs_mechanism": ({"SECURITY_PROTOCOL": "SASL_PLAINTEXT"}, "needs sasl_mechanism"),
        "_mechanism_needs_sasl": ({"SASL_MECHANISM": "PLAIN", "SASL_USERNAME": "u", "SASL_PASSWORD": SECRET},
                                  "needs security_protocol SASL_PLAINTEXT or SASL_SSL"),
        "_one_password": ({"SECURITY_PROTOCOL": "SASL_PLAINTEXT", "SASL_MECHANISM": "PLAIN", "SASL_USERNAME": "u",
                           "SASL_PASSWORD": SECRET, "SASL_PASSWORD_FILE": str(bad_json)}, "not both"),
        "_password_needed": ({"SECURITY_PROTOCOL": "SASL_SSL", "SASL_MECHANISM": "SCRAM-SHA-256",
                              "SASL_USERNAME": "u"}, "needs sasl_username and sasl_password"),
        "_oauth_source": ({"SECURITY_PROTOCOL": "SASL_SSL", "SASL_MECHANISM": "OAUTHBEARER"},
                          "OAUTHBEARER needs sasl_oauth_token_file or sasl_oauth_token_command"),
        "_no_gssapi": ({"SECURITY_PROTOCOL": "SASL_PLAINTEXT", "SASL_MECHANISM": "GSSAPI"}, "GSSAPI"),
        "_tls_files": ({"SECURITY_PROTOCOL": "SSL", "SSL_CAFILE": str(tmp / "missing.pem")},
                       "is not a readable file"),
        "_topics_differ": ({"INPUT_TOPIC": "a", "DLQ_TOPIC": "a"}, "topics must differ"),
        "_heartbeat": ({"SESSION_TIMEOUT_MS": "6000", "HEARTBEAT_INTERVAL_MS": "3000"}, "at most a third"),
        "_otlp_logs_topic": ({"INPUT_FORMAT": "otlp", "OTLP_LOGS_TOPIC": "x", "DELIVERY": "exactly_once"},
                             "read at least once only"),
        "_templates": ({"TEMPLATES_FILE": str(bad_json)}, "invalid JSON"),
    }


def test_every_rule_between_settings_has_a_case(tmp_path: Path) -> None:
    assert {r.__name__ for r in RULES} == set(_rule_cases(tmp_path))


@pytest.mark.parametrize("rule", [r.__name__ for r in RULES])
def test_a_rule_run_refuses_at_start_is_reported_by_validate(rule: str, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    env, expected = _rule_cases(tmp_path)[rule]
    for k, v in env.items():
        monkeypatch.setenv(f"TOOLMEND_{k}", v)
    assert run_command.main([]) == 2
    run_err = capsys.readouterr().err
    assert expected in run_err and SECRET not in run_err and "Traceback" not in run_err
    code, out, err = _validate(capsys)
    assert code == 2 and SECRET not in out + err
    assert sum(expected in line for line in err.splitlines()) == 1, err


def test_a_detector_model_run_cannot_use_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TOOLMEND_DETECTOR_MODEL", str(tmp_path / "missing.json"))
    code, _, err = _validate(capsys)
    assert code == 2 and "detector_model (TOOLMEND_DETECTOR_MODEL): cannot read it" in err


def test_problems_come_back_as_a_list_with_the_settings_withheld() -> None:
    settings, problems = settings_problems({"metrics_port": "-1", "heartbeat_interval_ms": "9000"}, environ={})
    assert settings is None
    assert len(problems) == 2 and problems[1] == "heartbeat_interval_ms must be at most a third of session_timeout_ms"
    settings, problems = settings_problems({}, environ={})
    assert problems == [] and isinstance(settings, Settings)


def test_validate_is_in_the_command_table() -> None:
    from processor.shell.cli import COMMANDS

    assert COMMANDS["validate"][0] == "validate"


