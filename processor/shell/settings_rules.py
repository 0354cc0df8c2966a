"""The rules between settings (a SASL mechanism needs credentials, topics differ, ...), as data: one function per
rule, each returning what is wrong or None. `Settings` refuses the first ones found (`config.py`);
`toolmend validate` reports every one, and runs them on settings whose own bad values were replaced by defaults,
skipping the rules that read one of them (`rule_problems(..., skip=)`), so a bad value is never reported twice or
blamed on another setting.

A rule reads settings as attributes only (never a secret's value into its message).
"""

from __future__ import annotations

import ssl
from collections.abc import Callable, Iterable
from typing import Any

import orjson

Rule = Callable[[Any], "str | None"]


def _sasl_needs_mechanism(s: Any) -> str | None:
    if str(s.security_protocol).startswith("SASL") and s.sasl_mechanism is None:
        return "security_protocol SASL_* needs sasl_mechanism"
    return None


def _mechanism_needs_sasl(s: Any) -> str | None:
    mech = s.sasl_mechanism
    if mech is not None and not str(s.security_protocol).startswith("SASL"):
        return f"sasl_mechanism {mech} needs security_protocol SASL_PLAINTEXT or SASL_SSL"
    return None


def _one_password(s: Any) -> str | None:
    if s.sasl_password is not None and s.sasl_password_file is not None:
        return "set sasl_password or sasl_password_file, not both"
    return None


def _password_needed(s: Any) -> str | None:
    mech = s.sasl_mechanism
    if mech not in ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"):
        return None
    s.sasl_password, s.sasl_password_file  # noqa: B018 - read through the proxy: skipped when either is bad
    try:
        password = s.password()
    except ValueError as e:
        return str(e)
    if not (s.sasl_username and password):
        return (f"sasl_mechanism {mech} needs sasl_username and sasl_password (TOOLMEND_SASL_PASSWORD or "
                "TOOLMEND_SASL_PASSWORD_FILE)")
    return None


def _oauth_source(s: Any) -> str | None:
    oauth = [x for x in (s.sasl_oauth_token_file, s.sasl_oauth_token_command) if x]
    if s.sasl_mechanism == "OAUTHBEARER":
        if len(oauth) != 1:
            return "sasl_mechanism OAUTHBEARER needs sasl_oauth_token_file or sasl_oauth_token_command (one of them)"
        f = s.sasl_oauth_token_file
        if f is not None and not f.is_file():
            return f"sasl_oauth_token_file {f} is not a readable file"
    elif oauth:
        return "sasl_oauth_token_file and sasl_oauth_token_command need sasl_mechanism OAUTHBEARER"
    return None


def _no_gssapi(s: Any) -> str | None:
    if s.sasl_mechanism == "GSSAPI":
        return ("sasl_mechanism GSSAPI (Kerberos) is not supported: the worker ships no Kerberos libraries; use "
                "SCRAM-SHA-512 or OAUTHBEARER")
    return None


def _tls_files(s: Any) -> str | None:
    """The CA bundle and client certificate load (a wrong path or a file that is not PEM is a setting's error,
    found at start, not a traceback of the first connection)."""
    if s.security_protocol not in ("SSL", "SASL_SSL"):
        return None
    for name in ("ssl_cafile", "ssl_certfile", "ssl_keyfile"):
        f = getattr(s, name)
        if f is not None and not f.is_file():
            return f"{name} {f} is not a readable file"
    ctx = ssl.create_default_context()
    try:
        if s.ssl_cafile is not None:
            ctx.load_verify_locations(cafile=str(s.ssl_cafile))
    except (ssl.SSLError, OSError, ValueError) as e:
        return (f"ssl_cafile {s.ssl_cafile} holds no PEM certificate the TLS library can load "
                f"({getattr(e, 'reason', None) or type(e).__name__})")
    try:
        if s.ssl_certfile is not None:
            ctx.load_cert_chain(str(s.ssl_certfile), str(s.ssl_keyfile) if s.ssl_keyfile else None)
    except (ssl.SSLError, OSError, ValueError) as e:
        return (f"ssl_certfile/ssl_keyfile: no certificate and key the TLS library can load "
                f"({getattr(e, 'reason', None) or type(e).__name__})")
    return None


def _topics_differ(s: Any) -> str | None:
    topics = [s.input_topic, s.output_topic, s.dlq_topic]
    if len(set(topics)) != len(topics):
        return "input, output and dead-letter topics must differ"
    return None


def _heartbeat(s: Any) -> str | None:
    if s.heartbeat_interval_ms * 3 > s.session_timeout_ms:
        return "heartbeat_interval_ms must be at most a third of session_timeout_ms"
    return None


def _otlp_logs_topic(s: Any) -> str | None:
    if not s.otlp_logs_topic:
        return None
    if s.otlp_logs_topic in (s.input_topic, s.output_topic, s.dlq_topic):
        return "otlp_logs_topic must differ from the input, output and dead-letter topics"
    if s.delivery == "exactly_once":
        return ("otlp_logs_topic is read at least once only: send the log records to the input topic instead, or "
                "use delivery at_least_once")
    return None


def _templates(s: Any) -> str | None:
    """The templates file is read when the worker starts: a file that is not an object of objects of strings
    is refused with the settings, not a traceback."""
    f = s.templates_file
    if f is None:
        return None
    try:
        doc = orjson.loads(f.read_bytes())
    except OSError as e:
        return f"templates_file {f}: cannot read it: {e.strerror or type(e).__name__}"
    except orjson.JSONDecodeError as e:
        return f"templates_file {f}: invalid JSON (line {e.lineno})"
    if not isinstance(doc, dict) or not all(
            isinstance(v, dict) and all(isinstance(t, str) for t in v.values()) for v in doc.values()):
        return f"templates_file {f}: expected {{tool or *: {{reason or *: template string}}}}"
    return None


#: every rule between settings, in the order they are reported
RULES: tuple[Rule, ...] = (_sasl_needs_mechanism, _mechanism_needs_sasl, _one_password, _password_needed,
                           _oauth_source, _no_gssapi, _tls_files, _topics_differ, _heartbeat, _otlp_logs_topic,
                           _templates)


class _Unknown(Exception):
    """A rule read a setting whose own value was refused."""


class _Reading:
    """Settings as a rule sees them, where reading a refused setting skips the rule."""

    def __init__(self, settings: Any, skip: frozenset[str]) -> None:
        self._settings = settings
        self._skip = skip

    def __getattr__(self, name: str) -> Any:
        if name in self._skip:
            raise _Unknown(name)
        return getattr(self._settings, name)


def rule_problems(settings: Any, skip: Iterable[str] = ()) -> list[str]:
    """What every rule finds wrong with `settings`; a rule that reads a setting in `skip` is not run."""
    reading = _Reading(settings, frozenset(skip))
    out: list[str] = []
    for rule in RULES:
        try:
            found = rule(reading)
        except _Unknown:
            continue
        if found is not None:
            out.append(found)
    return out


__all__ = ["RULES", "Rule", "rule_problems"]
