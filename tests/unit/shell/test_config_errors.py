"""A bad setting is one line and exit 2, never a traceback or an echoed secret: misspelt variables, empty or
unreadable TLS files, secrets as flags, and the failures of a connection named for what they are."""

from __future__ import annotations

import logging
import ssl
import subprocess
import sys
from pathlib import Path

import pytest
from aiokafka.errors import IllegalSaslStateError, KafkaConnectionError, SaslAuthenticationFailed

from processor.shell.config import ConfigError, check_environment, settings_from, unknown_variables
from processor.shell.logs import ConnectionDiagnosis, StartupStates, connection_failure


def test_a_misspelt_variable_is_refused_with_the_one_it_meant() -> None:
    with pytest.raises(ConfigError) as e:
        check_environment({"TOOLMEND_BOOTSTRAP_SERVER": "kafka:9092", "PATH": "/bin"})
    assert str(e.value).startswith("invalid configuration: unknown variable TOOLMEND_BOOTSTRAP_SERVER (did you "
                                   "mean TOOLMEND_BOOTSTRAP_SERVERS?)")
    assert "\n" not in str(e.value)


def test_settings_and_the_projects_own_variables_are_known() -> None:
    check_environment({"TOOLMEND_BOOTSTRAP_SERVERS": "k:9092", "TOOLMEND_LOG_FORMAT": "json",
                       "TOOLMEND_CACHE": "/tmp/c", "OTHER": "x"})


def test_kubernetes_service_links_are_not_taken_for_typos() -> None:
    env = {"TOOLMEND_SERVICE_HOST": "10.0.0.7", "TOOLMEND_SERVICE_PORT": "9108",
           "TOOLMEND_SERVICE_PORT_METRICS": "9108", "TOOLMEND_PORT": "tcp://10.0.0.7:9108",
           "TOOLMEND_PORT_9108_TCP": "tcp://10.0.0.7:9108", "TOOLMEND_PORT_9108_TCP_PROTO": "tcp",
           "TOOLMEND_PORT_9108_TCP_PORT": "9108", "TOOLMEND_PORT_9108_TCP_ADDR": "10.0.0.7",
           "TOOLMEND_METRICS_SERVICE_HOST": "10.0.0.8"}
    assert unknown_variables(env) == []
    assert [n for n, _ in unknown_variables({"TOOLMEND_PORT": "9108x"})] == ["TOOLMEND_PORT"]  # not a link


def test_an_unknown_variable_stops_the_worker_with_exit_2(tmp_path: Path) -> None:
    env = {"TOOLMEND_BOOTSTRAP_SERVER": "127.0.0.1:1", "PATH": "/usr/bin:/bin"}
    r = subprocess.run([sys.executable, "-m", "processor.shell.cli", "run"], env=env, capture_output=True,
                       text=True, timeout=60, check=False)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "did you mean TOOLMEND_BOOTSTRAP_SERVERS?" in r.stderr


def test_a_secret_as_a_flag_is_refused_without_echoing_it() -> None:
    for argv in (["--sasl-password", "hunter2-secret"], ["--sasl-password=hunter2-secret"]):
        r = subprocess.run([sys.executable, "-m", "processor.shell.cli", "run", *argv], capture_output=True,
                           text=True, timeout=60, check=False, env={"PATH": "/usr/bin:/bin"})
        assert r.returncode == 2
        assert "hunter2" not in r.stderr + r.stdout
        assert r.stderr.count("\n") == 1 and "TOOLMEND_SASL_PASSWORD" in r.stderr


def test_an_empty_ca_file_variable_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLMEND_SSL_CAFILE", "")
    with pytest.raises(ConfigError, match=r"ssl_cafile \(TOOLMEND_SSL_CAFILE\): is empty \(an unset secret\?\)"):
        settings_from({"security_protocol": "SSL"})


def test_a_ca_file_that_is_not_pem_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "ca.pem"
    bad.write_text("not a certificate\n")
    with pytest.raises(ConfigError, match=r"ssl_cafile .* holds no PEM certificate"):
        settings_from({"security_protocol": "SSL", "ssl_cafile": bad})
    with pytest.raises(ConfigError, match="is not a readable file"):
        settings_from({"security_protocol": "SSL", "ssl_cafile": tmp_path / "missing.pem"})


@pytest.mark.parametrize(("err", "protocol", "says"), [
    (SaslAuthenticationFailed("Authentication failed: Invalid username or password"), "SASL_PLAINTEXT",
     "authentication failed"),
    (ssl.SSLCertVerificationError(1, "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: IP address "
                                     "mismatch, certificate is not valid for '127.0.0.2'. (_ssl.c:1006)"),
     "SSL", "hostname mismatch"),
    (ssl.SSLCertVerificationError(1, "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: unable to get "
                                     "local issuer certificate (_ssl.c:1006)"), "SSL", "not signed by a CA"),
    (ssl.SSLError(1, "[SSL: WRONG_VERSION_NUMBER] wrong version number (_ssl.c:1006)"), "SSL",
     "protocol mismatch: security_protocol SSL speaks TLS"),
    (ConnectionResetError(), "SASL_SSL", "protocol mismatch: the broker closed the connection during the TLS"),
    (IllegalSaslStateError("Unexpected handshake request"), "SASL_PLAINTEXT",
     "protocol mismatch: security_protocol SASL_PLAINTEXT against a listener without SASL"),
    # librdkafka's error reports (transport/librdkafka.py), as it words them against a PLAINTEXT listener
    ("sasl_plaintext://127.0.0.1:29092/bootstrap: SASL SCRAM-SHA-512 mechanism handshake failed: Broker: Request not "
     "valid in current SASL state: broker's supported mechanisms:  (after 0ms in state AUTH_HANDSHAKE)",
     "SASL_PLAINTEXT", "protocol mismatch: security_protocol SASL_PLAINTEXT against a listener without SASL"),
    ("sasl_ssl://127.0.0.1:29092/bootstrap: SSL handshake failed: Disconnected: SSL connection closed by peer: "
     "connecting to a PLAINTEXT broker listener? (after 1ms in state SSL_HANDSHAKE)", "SASL_SSL",
     "protocol mismatch: the broker closed the connection during the TLS handshake (security_protocol SASL_SSL"),
    ("sasl_ssl://localhost:25130/bootstrap: SSL handshake failed: error:0A000086:SSL routines::certificate verify "
     "failed: broker certificate could not be verified, verify that ssl.ca.location is correctly configured or root "
     "CA certificates are installed (install ca-certificates package) (after 31ms in state SSL_HANDSHAKE)",
     "SASL_SSL", "could not be verified (not signed by a CA of ssl_cafile or the system's, or not naming the address"),
    ("sasl_ssl://localhost:25130/bootstrap: error:0A000086:SSL routines::certificate verify failed (after 5ms in "
     "state SSL_HANDSHAKE)", "SASL_SSL", "could not be verified (not signed by a CA of ssl_cafile or the system's"),
])
def test_connection_failures_are_named_for_what_they_are(err: BaseException, protocol: str, says: str) -> None:
    assert says in (connection_failure(err, protocol, "SCRAM-SHA-512") or "")


def test_an_unreachable_broker_is_not_given_a_reason() -> None:
    assert connection_failure(KafkaConnectionError("Connect call failed ('127.0.0.1', 1)")) is None


def test_the_diagnosis_reads_the_error_aiokafka_logs() -> None:
    d = ConnectionDiagnosis("SASL_SSL", "PLAIN")
    log = logging.getLogger("aiokafka.client")
    log.addHandler(d)
    try:
        log.error('Unable connect to "%s:%s": %s', "127.0.0.1", 9093,
                  SaslAuthenticationFailed("Authentication failed during authentication due to invalid "
                                           "credentials with SASL mechanism PLAIN"))
    finally:
        log.removeHandler(d)
    assert d.reason is not None and d.reason.startswith("authentication failed: the brokers refused the PLAIN")


@pytest.mark.parametrize("text", ["Group Coordinator Request failed: [Error 15] CoordinatorNotAvailableError",
                                  "Got error produce response: NotLeaderForPartitionError"])
def test_normal_start_up_states_are_logged_below_error(text: str) -> None:
    rec = logging.LogRecord("aiokafka.consumer.group_coordinator", logging.ERROR, __file__, 1, text, None, None)
    assert StartupStates().filter(rec) and rec.levelno == logging.INFO


def test_other_aiokafka_errors_keep_their_level() -> None:
    rec = logging.LogRecord("aiokafka.client", logging.ERROR, __file__, 1, "Unable to update metadata", None, None)
    StartupStates().filter(rec)
    assert rec.levelno == logging.ERROR


def test_every_variable_the_manifests_and_docs_name_is_known() -> None:
    """What the deployment files and the documentation tell an operator to set passes the unknown-variable check
    (a renamed setting would otherwise stop every pod that still sets the old name)."""
    import re

    repo = Path(__file__).resolve().parents[3]
    files = [*repo.glob("deploy/**/*"), *repo.glob("docs/*.md"), repo / "README.md"]
    named = set()
    for f in files:
        if f.is_file() and f.suffix in {".md", ".yaml", ".yml", ".sh", ".json", ".txt", ""}:
            named |= set(re.findall(r"\bTOOLMEND_[A-Z0-9_]*[A-Z0-9]\b", f.read_text(errors="replace")))
    assert len(named) > 20, "few variables found: the scan is broken"
    named.discard("TOOLMEND_BOOTSTRAP_SERVER")  # docs/operations.md: the example of a typo
    # a service link's value is an address or a port (docs/operations.md names them)
    assert [v for v, _ in unknown_variables(dict.fromkeys(named, "9108"))] == []
