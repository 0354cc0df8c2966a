"""The ACLs `validate --connect` weighs as Kafka's authorizer does: DENY wins, ALL grants every operation, READ and
WRITE imply DESCRIBE, `User:*` is everyone; and what the workers need on each resource."""

from __future__ import annotations

from processor.shell.config import Settings
from processor.shell.preflight.acls import (
    ALL,
    ALLOW,
    CREATE,
    DENY,
    DESCRIBE,
    GROUP,
    READ,
    TOPIC,
    TRANSACTIONAL_ID,
    WRITE,
    Binding,
    allowed,
    missing,
    needs,
)

ME = "User:toolmend"


def test_an_allow_grants_its_operation_and_read_or_write_imply_describe() -> None:
    b = [Binding(ME, READ, ALLOW)]
    assert allowed(b, ME, READ) and allowed(b, ME, DESCRIBE)
    assert not allowed(b, ME, WRITE)
    assert not allowed(b, "User:other", READ)


def test_all_and_the_wildcard_principal_grant() -> None:
    assert allowed([Binding(ME, ALL, ALLOW)], ME, WRITE)
    assert allowed([Binding("User:*", WRITE, ALLOW)], ME, WRITE)


def test_a_deny_wins_over_any_allow() -> None:
    assert not allowed([Binding(ME, ALL, ALLOW), Binding("User:*", READ, DENY)], ME, READ)
    assert allowed([Binding(ME, ALL, ALLOW), Binding("User:*", READ, DENY)], ME, WRITE)


def test_what_the_workers_need() -> None:
    s = Settings(input_topic="in", output_topic="out", dlq_topic="dlq", findings_topic="f", group_id="g",
                 delivery="exactly_once")
    got = {(n.resource_type, n.name): n.operations for n in needs(s, ["out"])}
    assert got[(TOPIC, "in")] == (READ, DESCRIBE)
    assert got[(TOPIC, "g-state")] == (READ, WRITE, DESCRIBE)
    assert got[(GROUP, "g")] == (READ,)
    assert got[(TRANSACTIONAL_ID, "g-in-0")] == (WRITE, DESCRIBE)
    assert [n.operations for n in needs(s, ["out"]) if n.name == "out"] == [(WRITE, DESCRIBE), (CREATE,)]
    state = next(n for n in needs(s) if n.name == "g-state")
    assert missing(state, [Binding(ME, READ, ALLOW)], ME) == ["Write"]
