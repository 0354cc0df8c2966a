"""The ACLs the workers need (docs/deploy.md's table), read with DescribeAcls and weighed as Kafka's authorizer
weighs them: a DENY for the principal (or `User:*`) wins, ALL grants every operation, READ, WRITE, DELETE and
ALTER imply DESCRIBE. A broker without an authorizer, or one that does not let this user describe ACLs, leaves
them "not checked": never a failure."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..config import Settings

# Kafka's codes (org.apache.kafka.common.acl / resource)
TOPIC, GROUP, TRANSACTIONAL_ID = 2, 3, 5
MATCH = 2  # pattern filter: every literal, prefixed and wildcard binding that matches the name
ANY_OP, ALL, READ, WRITE, CREATE, DELETE, ALTER, DESCRIBE = 1, 2, 3, 4, 5, 6, 7, 8
DESCRIBE_CONFIGS = 10
ANY_PERMISSION, DENY, ALLOW = 1, 2, 3
OPERATIONS = {READ: "Read", WRITE: "Write", CREATE: "Create", DESCRIBE: "Describe", DESCRIBE_CONFIGS: "DescribeConfigs"}
RESOURCES = {TOPIC: "topic", GROUP: "group", TRANSACTIONAL_ID: "transactional id"}
IMPLIES_DESCRIBE = frozenset({READ, WRITE, DELETE, ALTER})
NOT_CHECKED = {31: "not allowed to describe ACLs (ClusterAuthorizationFailed)",
               54: "the broker has no authorizer (SecurityDisabled): every client may do everything",
               35: "the broker does not support DescribeAcls"}


@dataclass(frozen=True)
class Binding:
    principal: str
    operation: int
    permission: int


@dataclass(frozen=True)
class Need:
    resource_type: int
    name: str
    operations: tuple[int, ...]
    why: str


def needs(s: Settings, topics_to_create: Iterable[str] = ()) -> list[Need]:
    """What the workers do on each resource (for OTLP input, `s` is the stage's settings: the source topic is the
    input; the repartition topic and the stage's group are added)."""
    out = [Need(TOPIC, s.input_topic, (READ, DESCRIBE), "the input")]
    for t, what in ((s.output_topic, "the output"), (s.findings_topic, "the findings"),
                    (s.dlq_topic, "the dead letters")):
        if t:
            out.append(Need(TOPIC, t, (WRITE, DESCRIBE), what))
    out.append(Need(TOPIC, s.changelog_topic, (READ, WRITE, DESCRIBE), "the state"))
    out.append(Need(GROUP, s.group_id, (READ,), "the consumer group"))
    if s.input_format == "otlp":
        from ..otlp.stage import repartition_topic

        out.append(Need(TOPIC, repartition_topic(s), (READ, WRITE, DESCRIBE), "the OTLP repartition topic"))
        out.append(Need(GROUP, f"{s.group_id}-otlp", (READ,), "the OTLP stage's group"))
        if s.otlp_logs_topic:
            out.append(Need(TOPIC, s.otlp_logs_topic, (READ, DESCRIBE), "the OTLP log records"))
    if s.delivery == "exactly_once":
        out.append(Need(TRANSACTIONAL_ID, f"{s.group_id}-{s.input_topic}-0", (WRITE, DESCRIBE),
                        f"exactly once: the ids {s.group_id}-{s.input_topic}-<partition>"))
    out += [Need(TOPIC, t, (CREATE,), "create_topics: missing") for t in topics_to_create]
    return out


def allowed(bindings: Iterable[Binding], principal: str, operation: int) -> bool:
    """Whether `principal` may do `operation` on a resource whose matching bindings are `bindings`."""
    mine = [b for b in bindings if b.principal in (principal, "User:*")]

    def grants(b: Binding) -> bool:
        return b.operation in (operation, ALL) or (operation == DESCRIBE and b.operation in IMPLIES_DESCRIBE)

    if any(b.permission == DENY and (b.operation in (operation, ALL)) for b in mine):
        return False
    return any(b.permission == ALLOW and grants(b) for b in mine)


def missing(need: Need, bindings: Iterable[Binding], principal: str) -> list[str]:
    got = list(bindings)
    return [OPERATIONS[op] for op in need.operations if not allowed(got, principal, op)]


async def describe(admin: Any, resource_type: int, name: str) -> tuple[list[Binding] | None, str | None]:
    """The bindings matching a resource, or (None, why not checked)."""
    from aiokafka.protocol.admin import DescribeAclsRequest

    req = DescribeAclsRequest(resource_type, name, MATCH, None, None, ANY_OP, ANY_PERMISSION)
    try:
        resp = await admin._send_request(req)
    except Exception as e:  # an old broker, a request refused: not a failure of the configuration
        return None, f"DescribeAcls failed ({type(e).__name__})"
    code = resp.error_code
    if code:
        return None, NOT_CHECKED.get(code, f"DescribeAcls error {code}")
    out = [Binding(acl[0], acl[2], acl[3]) for res in resp.resources for acl in res[-1]]
    return out, None


__all__ = ["Binding", "Need", "allowed", "describe", "missing", "needs"]
