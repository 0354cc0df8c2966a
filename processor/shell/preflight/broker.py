"""`toolmend validate --connect`: the broker as the worker will find it, without consuming a record or joining
the group. The connection (an authentication or TLS failure named as the worker names it), the topics and their
partition counts by the worker's own start rules (`worker/topic_rules.py`), transactions for exactly once (a
probe producer of its own id: no worker's transactional id is fenced), the ACLs (`acls.py`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from aiokafka.errors import KafkaError

from ..auth import TokenError
from ..config import ConfigError, Settings
from ..kafka import new_admin, topic_sizes
from ..logs import ConnectionDiagnosis, connection_failure
from ..worker.topic_rules import missing_topics, state_layout, worker_topics
from . import acls
from .lines import Line, note, ok, problem, unchecked


def _worker_view(s: Settings) -> tuple[Settings, list[str]]:
    """The worker's settings (for OTLP input its input is the repartition topic) and the OTLP stage's own topics."""
    if s.input_format != "otlp":
        return s, []
    from ..otlp.stage import repartition_topic

    return (s.model_copy(update={"input_topic": repartition_topic(s)}),
            [t for t in (s.input_topic, s.otlp_logs_topic) if t])


async def check_broker(s: Settings, timeout_s: float = 15.0) -> list[Line]:
    diagnosis = ConnectionDiagnosis(s.security_protocol, s.sasl_mechanism)
    kafka_log = logging.getLogger("aiokafka")
    kafka_log.addHandler(diagnosis)
    admin = new_admin(s)
    try:
        try:
            await asyncio.wait_for(admin.start(), timeout_s)
            brokers = len(admin._client.cluster.brokers())
        except TokenError as e:  # OAUTHBEARER: no token to authenticate with
            return [problem(str(e))]
        except (KafkaError, OSError, TimeoutError) as e:
            why = diagnosis.reason or connection_failure(e, s.security_protocol, s.sasl_mechanism)
            if why is not None:  # authentication, TLS or protocol: a setting to fix
                return [problem(f"{why} (brokers {s.bootstrap_servers})")]
            detail = "no answer" if isinstance(e, TimeoutError) else (str(e) or type(e).__name__)
            if isinstance(e, TimeoutError) and s.security_protocol in ("SSL", "SASL_SSL"):
                detail += (f" in {timeout_s:g}s (security_protocol {s.security_protocol}: a TLS handshake the "
                           "listener never answered; is it a PLAINTEXT or SASL_PLAINTEXT listener?)")
            return [Line("unreachable", f"cannot reach the Kafka brokers at {s.bootstrap_servers}: {detail}")]
        lines = [ok(f"connected to {s.bootstrap_servers} ({s.security_protocol}"
                    + (f", SASL {s.sasl_mechanism}" if s.sasl_mechanism else "") + f"): {brokers} broker(s)")]
        to_create = await _topics(s, lines)
        if s.delivery == "exactly_once":
            lines.append(await _transactions(s))
        lines += await _acls(s, admin, to_create)
        return lines
    finally:
        kafka_log.removeHandler(diagnosis)
        with contextlib.suppress(Exception):
            await admin.close()


async def _topics(s: Settings, lines: list[Line]) -> list[str]:
    """Topic lines; the topics the worker would create."""
    ws, stage = _worker_view(s)
    sizes = await topic_sizes(s)
    needed = [*stage, *worker_topics(ws)]
    missing = missing_topics(ws, sizes, needed)
    if missing is not None:
        lines.append(problem(missing))
    n_in = sizes.get(ws.input_topic, 0)
    absent = [t for t in needed if t not in sizes]
    if s.create_topics and absent:
        n = sizes.get(s.input_topic) or s.partitions
        lines.append(note(f"topic{'s' if len(absent) > 1 else ''} {', '.join(absent)} not found: the worker creates "
                          f"{'them' if len(absent) > 1 else 'it'} at start ({n} partitions, replication factor "
                          f"{s.replication_factor})"))
    layout = state_layout(ws, n_in, sizes.get(ws.changelog_topic, 0))
    if layout is not None:
        lines.append(problem(layout))
    present = [t for t in needed if t in sizes]
    if present:
        lines.append(ok("topics: " + ", ".join(f"{t} ({sizes[t]})" for t in present)))
    odd = [t for t in (ws.output_topic, ws.findings_topic, ws.dlq_topic) if t and n_in and t in sizes
           and sizes[t] != n_in]
    if odd:
        lines.append(note(f"{', '.join(odd)}: a partition count other than the input's {n_in}: outputs are "
                          "spread by key there, not kept in their input partition's number (docs/deploy.md)"))
    return absent if s.create_topics else []


async def _transactions(s: Settings) -> Line:
    from ..worker.checkpoint import require_transactions

    try:
        await require_transactions(s)
    except ConfigError as e:
        return problem(str(e))
    return ok(f"transactions: supported (a producer id granted, transaction_timeout_ms {s.transaction_timeout_ms} "
              "accepted)")


def principal(s: Settings) -> str | None:
    """The principal the broker sees for these settings, where it follows from them."""
    if s.sasl_mechanism in ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512") and s.sasl_username:
        return f"User:{s.sasl_username}"
    if s.security_protocol == "PLAINTEXT":
        return "User:ANONYMOUS"
    return None


async def _acls(s: Settings, admin: object, to_create: list[str]) -> list[Line]:
    who = principal(s)
    if who is None:
        return [unchecked("ACLs: the principal follows from the client certificate or the token, not from the "
                          "settings")]
    described: list[tuple[acls.Need, list[acls.Binding]]] = []
    for need in acls.needs(s, to_create):
        bindings, why = await acls.describe(admin, need.resource_type, need.name)
        if bindings is None:
            return [unchecked(f"ACLs: {why}")]
        described.append((need, bindings))
    if not any(b.principal in (who, "User:*") for _, bindings in described for b in bindings):
        # no authorizer (Tansu answers so), or a super user (super.users needs no ACL): nothing to weigh
        return [unchecked(f"ACLs: none names {who} on these resources (no authorizer, or a super user)")]
    short = [f"{', '.join(lack)} on {acls.RESOURCES[need.resource_type]} {need.name} ({need.why})"
             for need, bindings in described if (lack := acls.missing(need, bindings, who))]
    if short:
        return [problem(f"ACLs: {who} lacks {item}") for item in short]
    return [ok(f"ACLs: {who} is allowed what the workers do on {len(described)} resources")]


__all__ = ["check_broker", "principal"]
