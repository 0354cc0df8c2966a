"""The worker on an authenticated Apache Kafka: SASL_PLAINTEXT and SASL_SSL, with PLAIN, SCRAM-SHA-256/512 and
OAUTHBEARER (unsecured JWS tokens, validated by Kafka's OAuthBearerUnsecuredValidatorCallbackHandler).

A Kafka of this module's own (deploy/kafka/kafka-local.sh with SASL listeners), a CA and a broker certificate made
here with openssl. Each case runs a whole worker over the authenticated listener (admin client, producer,
consumer group, restore consumer) until it has processed and committed what was produced; the test itself
produces and checks through the broker's PLAINTEXT listener.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aiokafka.errors import KafkaError

from processor.shell.logs import connection_failure
from processor.shell.worker.loop import Worker
from tests.integration.harness import caught_up, count, event, produce, settings_for, wait_until, worker
from tests.support.brokers import KAFKA_LOCAL, free_ports

pytestmark = [pytest.mark.kafka, pytest.mark.needs_kafka, pytest.mark.timeout(300)]

USER, PASSWORD = "toolmend", "toolmend-test-secret"
# ACLs are on (`--super-user`): USER is a super user; LIMITED has the ACLs a test gives it, BLIND none at all
LIMITED, BLIND = "limited", "blind"


@dataclass
class SecureKafka:
    plain: str  # PLAINTEXT listener, for the test's own clients
    sasl: str  # SASL_PLAINTEXT
    sasl_ssl: str  # SASL_SSL
    ca: Path  # the CA that signed the broker's certificate
    other_ca: Path  # a CA that did not
    dir: Path


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True, stdin=subprocess.DEVNULL)


def make_certificates(d: Path, keystore_password: str) -> None:
    """ca.pem (a CA), broker.p12 (the broker's key and certificate for 127.0.0.1, signed by it), other-ca.pem."""
    for ca in ("ca", "other-ca"):
        _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{ca}.key", "-out", f"{ca}.pem",
                 "-days", "2", "-subj", f"/CN=toolmend test {ca}", cwd=d)
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "broker.key", "-out", "broker.csr", "-subj",
             "/CN=127.0.0.1", cwd=d)
    # 127.0.0.1 only: `localhost` is then a name the certificate does not hold (the name-mismatch case below)
    (d / "san.ext").write_text("subjectAltName=IP:127.0.0.1\n")
    _openssl("x509", "-req", "-in", "broker.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
             "broker.pem", "-days", "2", "-extfile", "san.ext", cwd=d)
    _openssl("pkcs12", "-export", "-in", "broker.pem", "-inkey", "broker.key", "-certfile", "ca.pem", "-name",
             "broker", "-out", "broker.p12", "-passout", f"pass:{keystore_password}", cwd=d)


@pytest.fixture(scope="module")
def secure_kafka() -> Iterator[SecureKafka]:
    d = Path(tempfile.mkdtemp(prefix="toolmend-kafka-sasl-"))
    make_certificates(d, "keystore-pw")
    port, controller, sasl, sasl_ssl = free_ports(4)
    base = ["bash", str(KAFKA_LOCAL)]
    start = subprocess.run(
        [*base, "start", "--port", str(port), "--controller-port", str(controller), "--dir", str(d / "kafka"),
         "--sasl-port", str(sasl), "--sasl-ssl-port", str(sasl_ssl), "--ssl-keystore", str(d / "broker.p12"),
         "--ssl-password", "keystore-pw", "--sasl-user", f"{USER}:{PASSWORD}", "--sasl-user",
         f"{LIMITED}:{PASSWORD}", "--sasl-user", f"{BLIND}:{PASSWORD}", "--super-user", USER],
        capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL, check=False)
    try:
        assert start.returncode == 0, start.stderr + start.stdout
        yield SecureKafka(f"127.0.0.1:{port}", f"127.0.0.1:{sasl}", f"127.0.0.1:{sasl_ssl}", d / "ca.pem",
                          d / "other-ca.pem", d)
    finally:
        subprocess.run([*base, "stop", "--dir", str(d / "kafka")], capture_output=True, timeout=120, check=False)
        shutil.rmtree(d, ignore_errors=True)


def unsecured_jws(sub: str = USER, lifetime_s: int = 3600) -> str:
    def b64(doc: dict[str, Any]) -> str:
        return base64.urlsafe_b64encode(json.dumps(doc).encode()).rstrip(b"=").decode()

    now = int(time.time())
    return f"{b64({'alg': 'none'})}.{b64({'sub': sub, 'iat': now, 'exp': now + lifetime_s})}."


def auth_settings(k: SecureKafka, protocol: str, mechanism: str, source: str, **kw: Any) -> dict[str, Any]:
    """Settings for one case. `source`: env (the password as TOOLMEND_SASL_PASSWORD would give it), file (a
    password or token file), command (a token command)."""
    out: dict[str, Any] = {"security_protocol": protocol, "sasl_mechanism": mechanism,
                           "bootstrap_servers": k.sasl if protocol == "SASL_PLAINTEXT" else k.sasl_ssl}
    if protocol == "SASL_SSL":
        out["ssl_cafile"] = k.ca
    secrets = Path(tempfile.mkdtemp(dir=k.dir, prefix="secrets-"))
    if mechanism == "OAUTHBEARER":
        if source == "file":
            (secrets / "token").write_text(unsecured_jws() + "\n")
            out["sasl_oauth_token_file"] = secrets / "token"
        else:
            script = secrets / "token.py"
            script.write_text(f"print({unsecured_jws()!r})\n")
            out["sasl_oauth_token_command"] = f"{sys.executable} {script}"
    else:
        out["sasl_username"] = USER
        if source == "file":
            (secrets / "password").write_text(PASSWORD + "\n")
            out["sasl_password_file"] = secrets / "password"
        else:
            out["sasl_password"] = PASSWORD
    out.update(kw)
    return out


CASES = [
    ("SASL_PLAINTEXT", "PLAIN", "env"),
    ("SASL_PLAINTEXT", "SCRAM-SHA-256", "file"),
    ("SASL_PLAINTEXT", "SCRAM-SHA-512", "env"),
    ("SASL_PLAINTEXT", "OAUTHBEARER", "file"),
    ("SASL_SSL", "PLAIN", "file"),
    ("SASL_SSL", "SCRAM-SHA-512", "env"),
    ("SASL_SSL", "OAUTHBEARER", "command"),
]


@pytest.mark.parametrize(("protocol", "mechanism", "source"), CASES)
async def test_worker_runs_over_an_authenticated_listener(secure_kafka: SecureKafka, protocol: str,
                                                          mechanism: str, source: str) -> None:
    k = secure_kafka
    s = settings_for(k.plain, **auth_settings(k, protocol, mechanism, source), partitions=2)
    plain = s.model_copy(update={"bootstrap_servers": k.plain})
    async with worker(s) as w:  # creates its topics over the authenticated listener
        await wait_until(lambda: w.ready()[0], 90)
        items = [event(f"c{i}", 1_700_000_000_000 + i, {"role": "user", "content": "hi"}) for i in range(10)]
        await produce(k.plain, s.input_topic, items)
        await wait_until(lambda: caught_up(plain, len(items)), 90)
    assert await count(k.plain, s.output_topic) >= len(items)
    assert await count(k.plain, s.changelog_topic) > 0


@pytest.mark.parametrize(("protocol", "mechanism", "what", "logged"), [
    ("SASL_PLAINTEXT", "SCRAM-SHA-512", "wrong password", "SaslAuthenticationFailed"),
    ("SASL_PLAINTEXT", "OAUTHBEARER", "expired token", '"status":"invalid_token"'),  # Kafka's error challenge
    ("SASL_SSL", "PLAIN", "untrusted broker certificate", "CERTIFICATE_VERIFY_FAILED"),
])
async def test_bad_credentials_or_certificates_stop_the_start(secure_kafka: SecureKafka, protocol: str,
                                                              mechanism: str, what: str, logged: str,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    """The same listeners and settings as the passing cases above, one thing wrong: the start fails, for that
    reason (aiokafka only says "Unable to bootstrap" or "node not ready"; its log says why)."""
    k = secure_kafka
    cfg = auth_settings(k, protocol, mechanism, "env" if mechanism != "OAUTHBEARER" else "file")
    if what == "wrong password":
        cfg["sasl_password"] = "not-" + PASSWORD
    elif what == "expired token":
        cfg["sasl_oauth_token_file"].write_text(unsecured_jws(lifetime_s=-60) + "\n")
    else:
        cfg["ssl_cafile"] = k.other_ca
    s = settings_for(k.plain, **cfg)
    caplog.set_level(logging.DEBUG, logger="aiokafka")
    with pytest.raises((KafkaError, OSError)):
        await asyncio.wait_for(Worker(s).run(asyncio.Event()), 120)
    if s.kafka_client == "librdkafka":  # its own words, said once at WARNING (transport/librdkafka.py)
        assert (connection_failure(caplog.text, protocol, mechanism) or "").startswith(
            "TLS: the broker's certificate" if what.startswith("untrusted") else "authentication failed"
        ), caplog.text[-3000:]
    else:
        assert logged in caplog.text


@pytest.mark.parametrize(("what", "says"), [
    ("wrong SCRAM password", "toolmend run: authentication failed: the brokers refused the SCRAM-SHA-512 "
                             "credentials"),
    ("untrusted CA", "toolmend run: TLS: the broker's certificate is not signed by a CA of ssl_cafile"),
    ("name mismatch", "toolmend run: TLS: the broker's certificate does not name the address connected to"),
    ("SASL against PLAINTEXT", "toolmend run: protocol mismatch: security_protocol SASL_PLAINTEXT against a "
                               "listener without SASL"),
    ("TLS against SASL_PLAINTEXT", "toolmend run: protocol mismatch: the broker closed the connection during "
                                   "the TLS handshake (security_protocol SASL_SSL speaks TLS"),
    ("failing token command", "toolmend run: token command false exited with 1"),
    ("empty CA file variable", "toolmend run: invalid configuration: ssl_cafile (TOOLMEND_SSL_CAFILE): is empty"),
])
async def test_each_failure_to_connect_is_one_line_naming_its_cause(secure_kafka: SecureKafka, what: str,
                                                                    says: str) -> None:
    """The worker as deployed (`toolmend run`, settings from the environment), one thing wrong: exit 2 and one
    line that names the cause, never "cannot reach the brokers", a traceback, or the secret."""
    from tests.integration.harness import REPO, env_for

    k = secure_kafka
    if what == "wrong SCRAM password":
        cfg = auth_settings(k, "SASL_PLAINTEXT", "SCRAM-SHA-512", "env", sasl_password="not-" + PASSWORD)
    elif what == "untrusted CA":
        cfg = auth_settings(k, "SASL_SSL", "PLAIN", "env", ssl_cafile=k.other_ca)
    elif what == "name mismatch":
        cfg = auth_settings(k, "SASL_SSL", "PLAIN", "env")
        cfg["bootstrap_servers"] = "localhost:" + k.sasl_ssl.rsplit(":", 1)[1]
    elif what == "SASL against PLAINTEXT":
        cfg = auth_settings(k, "SASL_PLAINTEXT", "SCRAM-SHA-512", "env", bootstrap_servers=k.plain)
    elif what == "TLS against SASL_PLAINTEXT":
        cfg = auth_settings(k, "SASL_SSL", "PLAIN", "env", bootstrap_servers=k.sasl)
    elif what == "failing token command":
        cfg = auth_settings(k, "SASL_PLAINTEXT", "OAUTHBEARER", "command", sasl_oauth_token_command="false")
    else:
        cfg = auth_settings(k, "SASL_SSL", "PLAIN", "env")
    s = settings_for(k.plain, **cfg)
    env = {**env_for(s), "TOOLMEND_SASL_PASSWORD": (cfg.get("sasl_password") or "")}
    if not env["TOOLMEND_SASL_PASSWORD"]:
        del env["TOOLMEND_SASL_PASSWORD"]
    if what == "empty CA file variable":
        env["TOOLMEND_SSL_CAFILE"] = ""
    r = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "processor.shell.cli", "run"], env=env,
                                cwd=REPO, capture_output=True, text=True, timeout=120, check=False)
    ours = [ln for ln in r.stderr.splitlines() if ln.startswith("toolmend run:")]
    assert r.returncode == 2, r.stderr[-3000:]
    run_says = says
    if s.kafka_client == "librdkafka" and what in ("untrusted CA", "name mismatch"):
        # librdkafka's report does not say which check of the certificate failed: the line says both (`validate
        # --connect` reads the broker with aiokafka: its line below names the one)
        run_says = "toolmend run: TLS: the broker's certificate could not be verified (not signed by a CA"
    assert len(ours) == 1 and ours[0].startswith(run_says), r.stderr[-3000:]
    assert "Traceback" not in r.stderr and PASSWORD not in r.stderr
    # `toolmend validate --connect` with the same settings finds the same, before any worker runs
    v = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "processor.shell.cli", "validate",
                                                 "--connect", "--timeout", "20"], env=env, cwd=REPO,
                                capture_output=True, text=True, timeout=120, check=False)
    want = says.replace("toolmend run: ", "toolmend validate: ").replace("invalid configuration: ", "")
    assert v.returncode == 2 and v.stderr.startswith(want), v.stderr[-3000:]
    assert "Traceback" not in v.stderr and PASSWORD not in v.stderr + v.stdout


async def _allow(bootstrap: str, principal: str, grants: list[tuple[int, str, int]]) -> None:
    """ACLs through the PLAINTEXT listener (its User:ANONYMOUS is a super user): (resource type, name, operation)."""
    from aiokafka.admin import AIOKafkaAdminClient
    from aiokafka.protocol.admin import CreateAclsRequest

    from processor.shell.preflight.acls import ALLOW

    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        for rtype, name, op in grants:
            resp = await admin._send_request(CreateAclsRequest(rtype, name, 3, principal, "*", op, ALLOW))
            assert all(r[0] == 0 for r in resp.creation_responses), resp
    finally:
        await admin.close()


async def test_validate_weighs_the_acls_as_the_broker_describes_them(secure_kafka: SecureKafka) -> None:
    """With ACLs on: a user missing some of the workers' rights gets one line per resource; a super user (no ACL
    names it) and a user not allowed to describe ACLs get "not checked", never a failure."""
    from processor.shell.preflight.acls import DESCRIBE, GROUP, READ, TOPIC, WRITE
    from tests.integration.harness import REPO, create, env_for

    k = secure_kafka
    s = settings_for(k.plain, partitions=2)
    await create(s)
    await _allow(k.plain, f"User:{LIMITED}", [
        (TOPIC, s.input_topic, READ), (TOPIC, s.output_topic, WRITE), (TOPIC, s.dlq_topic, WRITE),
        (TOPIC, s.findings_topic or "", WRITE), (TOPIC, s.changelog_topic, READ), (4, "kafka-cluster", DESCRIBE)])

    def validate(user: str) -> subprocess.CompletedProcess[str]:
        cfg = auth_settings(k, "SASL_PLAINTEXT", "SCRAM-SHA-512", "env", sasl_username=user)
        env = {**env_for(settings_for(k.plain, **{**cfg, **{n: getattr(s, n) for n in (
            "input_topic", "output_topic", "dlq_topic", "findings_topic", "group_id")}})),
               "TOOLMEND_SASL_PASSWORD": PASSWORD, "TOOLMEND_CREATE_TOPICS": "false"}
        return subprocess.run([sys.executable, "-m", "processor.shell.cli", "validate", "--connect"], env=env,
                              cwd=REPO, capture_output=True, text=True, timeout=120, check=False)

    r = await asyncio.to_thread(validate, LIMITED)
    assert r.returncode == 2, r.stderr + r.stdout
    assert r.stderr.splitlines() == [
        f"toolmend validate: ACLs: User:{LIMITED} lacks Write on topic {s.changelog_topic} (the state)",
        f"toolmend validate: ACLs: User:{LIMITED} lacks Read on group {s.group_id} (the consumer group)"]
    assert PASSWORD not in r.stderr + r.stdout
    await _allow(k.plain, f"User:{LIMITED}", [(TOPIC, s.changelog_topic, WRITE), (GROUP, s.group_id, READ)])
    r = await asyncio.to_thread(validate, LIMITED)
    assert r.returncode == 0 and f"ACLs: User:{LIMITED} is allowed what the workers do on 6 resources" in r.stdout
    r = await asyncio.to_thread(validate, USER)
    assert r.returncode == 0 and f"not checked: ACLs: none names User:{USER}" in r.stdout, r.stderr + r.stdout
    r = await asyncio.to_thread(validate, BLIND)  # may not even see the topics, nor describe ACLs
    assert "not checked: ACLs: not allowed to describe ACLs" in r.stdout, r.stderr + r.stdout
    assert not any(line.startswith("toolmend validate: ACLs") for line in r.stderr.splitlines())
