"""Worker configuration: environment (`TOOLMEND_*`) or flags, validated at start with a clear message."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import orjson
from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from ..core.partition import EngineConfig
from ..core.templates import Templates
from ..core.tracker import RepairConfig

TEN_YEARS_S = 10 * 365.25 * 86400


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="TOOLMEND_", extra="forbid")

    bootstrap_servers: str = "127.0.0.1:9092"
    input_topic: str = "conversations"
    output_topic: str = "conversations.repaired"
    dlq_topic: str = "conversations.dlq"
    findings_topic: str | None = "conversations.findings"
    state_topic: str | None = Field(None, description="compacted changelog; default <group_id>-state")
    group_id: str = "toolmend"
    client_id: str = "toolmend"
    strategy: Literal["fill", "drop"] = "fill"
    mode: Literal["live", "replay"] = "live"

    delivery: Literal["at_least_once", "exactly_once"] = Field(
        "at_least_once", description="exactly_once: outputs, state and offsets commit in one transaction per input "
        "partition and batch (needs a broker with transactions; read outputs with isolation.level=read_committed)")
    start_empty: bool = Field(False, description="start a partition whose state is lost (changelog deleted or "
                              "truncated) with empty state instead of refusing to start; marked by a state_reset "
                              "record on the findings topic and toolmend_state_resets_total")

    metrics_host: str = "0.0.0.0"
    metrics_port: int = Field(9108, ge=0, le=65535)

    # at most ten years: event time plus any timer stays far inside 64-bit milliseconds (events.MAX_TS)
    tool_result_timeout_s: float = Field(600.0, gt=0, le=TEN_YEARS_S)
    conversation_ttl_s: float = Field(86400.0, gt=0, le=TEN_YEARS_S)
    max_event_time_skew_s: float = Field(
        300.0, ge=0, le=TEN_YEARS_S,
        description="how far an event's `ts` may run ahead of its record's Kafka timestamp before it is "
        "dead-lettered (event_time) instead of moving the partition's event time")
    max_watermark_step_s: float = Field(
        30 * 86400.0, gt=0, le=TEN_YEARS_S,
        description="for input without record timestamps (files): how far one event may move the event time")
    max_event_bytes: int = Field(1 << 20, ge=1024)
    shutdown_budget_s: float = Field(20.0, gt=0)
    label_cap: int = Field(50, ge=1, le=10000)
    behaviour: bool = True
    hot_conversations: int = Field(4096, ge=64, description="live conversations per worker, shared by its "
                                   "partitions; the others wait serialized and compressed")
    templates_file: Path | None = None
    non_idempotent_tools: str = ""

    max_batch: int = Field(2000, ge=1)
    fetch_max_wait_ms: int = Field(100, ge=0)
    session_timeout_ms: int = Field(10000, ge=1000)
    heartbeat_interval_ms: int = Field(3000, ge=100)
    linger_ms: int = Field(5, ge=0)
    create_topics: bool = True
    partitions: int = Field(4, ge=1, description="partitions for topics the worker creates")
    replication_factor: int = Field(1, ge=1)

    security_protocol: Literal["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"] = "PLAINTEXT"
    sasl_mechanism: Literal["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER", "GSSAPI"] | None = None
    sasl_username: str | None = None
    sasl_password: str | None = None
    ssl_cafile: Path | None = None
    ssl_certfile: Path | None = None
    ssl_keyfile: Path | None = None

    @field_validator("bootstrap_servers")
    @classmethod
    def _servers(cls, v: str) -> str:
        for hp in v.split(","):
            host, _, port = hp.strip().rpartition(":")
            if not host or not port.isdigit():
                raise ValueError(f"expected host:port[,host:port...], got {v!r}")
        return v

    @model_validator(mode="after")
    def _check(self) -> Settings:
        if self.security_protocol.startswith("SASL") and self.sasl_mechanism is None:
            raise ValueError("security_protocol SASL_* needs sasl_mechanism")
        if self.sasl_mechanism in ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512") and not (
                self.sasl_username and self.sasl_password):
            raise ValueError(f"sasl_mechanism {self.sasl_mechanism} needs sasl_username and sasl_password")
        topics = [self.input_topic, self.output_topic, self.dlq_topic]
        if len(set(topics)) != len(topics):
            raise ValueError("input, output and dead-letter topics must differ")
        if self.heartbeat_interval_ms * 3 > self.session_timeout_ms:
            raise ValueError("heartbeat_interval_ms must be at most a third of session_timeout_ms")
        return self

    @property
    def changelog_topic(self) -> str:
        return self.state_topic or f"{self.group_id}-state"

    def engine_config(self) -> EngineConfig:
        overrides: dict[str, dict[str, str]] = {}
        if self.templates_file is not None:
            overrides = orjson.loads(self.templates_file.read_bytes())
        tools = frozenset(t.strip() for t in self.non_idempotent_tools.split(",") if t.strip())
        return EngineConfig(
            repair=RepairConfig(strategy=self.strategy, templates=Templates(overrides, tools),
                                tool_result_timeout_ms=int(self.tool_result_timeout_s * 1000)),
            conversation_ttl_ms=int(self.conversation_ttl_s * 1000),
            max_event_bytes=self.max_event_bytes,
            max_event_time_skew_ms=int(self.max_event_time_skew_s * 1000),
            max_watermark_step_ms=int(self.max_watermark_step_s * 1000),
            behaviour=self.behaviour,
            hot_conversations=self.hot_conversations,
        )

    def kafka_common(self) -> dict[str, Any]:
        kw: dict[str, Any] = {"bootstrap_servers": self.bootstrap_servers, "client_id": self.client_id,
                              "security_protocol": self.security_protocol}
        if self.sasl_mechanism:
            kw["sasl_mechanism"] = self.sasl_mechanism
            kw["sasl_plain_username"] = self.sasl_username
            kw["sasl_plain_password"] = self.sasl_password
        if self.security_protocol in ("SSL", "SASL_SSL"):
            from aiokafka.helpers import create_ssl_context

            kw["ssl_context"] = create_ssl_context(
                cafile=str(self.ssl_cafile) if self.ssl_cafile else None,
                certfile=str(self.ssl_certfile) if self.ssl_certfile else None,
                keyfile=str(self.ssl_keyfile) if self.ssl_keyfile else None)
        return kw


class ConfigError(Exception):
    pass


def add_flags(p: argparse.ArgumentParser) -> None:
    """One flag per setting: `--input-topic` for TOOLMEND_INPUT_TOPIC; flags win over the environment."""
    for name, field in Settings.model_fields.items():
        flag = "--" + name.replace("_", "-")
        if field.annotation is bool:
            p.add_argument(flag, dest=name, default=None, action=argparse.BooleanOptionalAction)
        else:
            p.add_argument(flag, dest=name, default=None, metavar=name.upper())


def load(argv: Sequence[str], prog: str = "toolmend run", extra: argparse.ArgumentParser | None = None,
         ) -> tuple[Settings, argparse.Namespace]:
    p = extra or argparse.ArgumentParser(prog=prog)
    add_flags(p)
    ns = p.parse_args(list(argv))
    given = {k: v for k, v in vars(ns).items() if k in Settings.model_fields and v is not None}
    try:
        return Settings(**given), ns
    except ValidationError as e:
        lines = []
        for err in e.errors():
            loc = ".".join(str(x) for x in err["loc"]) or "settings"
            lines.append(f"  {loc} (TOOLMEND_{loc.upper()}): {err['msg']}")
        raise ConfigError("invalid configuration:\n" + "\n".join(lines)) from None
