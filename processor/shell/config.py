"""Worker configuration: environment (`TOOLMEND_*`) or flags, validated at start with a clear message."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import orjson
from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from ..core.partition import EngineConfig
from ..core.templates import Templates
from ..core.tracker import RepairConfig

TEN_YEARS_S = 10 * 365.25 * 86400


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="TOOLMEND_", extra="forbid")

    bootstrap_servers: str = Field("127.0.0.1:9092", description="Kafka brokers, host:port[,host:port...]")
    input_topic: str = Field("conversations", description="topic of conversation events (key: conversation id)")
    output_topic: str = Field("conversations.repaired", description="repaired histories")
    dlq_topic: str = Field("conversations.dlq", description="bad input, unchanged, with the reason in headers")
    findings_topic: str | None = Field("conversations.findings", description="one record per finding (empty: none)")
    state_topic: str | None = Field(None, description="compacted changelog (none: <group_id>-state)")
    group_id: str = Field("toolmend", description="consumer group of the workers")
    client_id: str = Field("toolmend", description="Kafka client id")
    strategy: Literal["fill", "drop"] = Field("fill", description="dangling calls: synthesize results (fill) or "
                                              "remove the calls (drop)")

    metrics_host: str = Field("0.0.0.0", description="address of /metrics, /healthz, /readyz")
    metrics_port: int = Field(9108, ge=0, le=65535, description="port of /metrics, /healthz, /readyz (0: any free "
                              "port, printed at start)")

    # at most ten years: event time plus any timer stays far inside 64-bit milliseconds (events.MAX_TS)
    tool_result_timeout_s: float = Field(600.0, gt=0, le=TEN_YEARS_S, description="event-time seconds a call "
                                         "waits for its result")
    conversation_ttl_s: float = Field(86400.0, gt=0, le=TEN_YEARS_S, description="event-time seconds of idleness "
                                      "before a conversation is evicted")
    max_event_time_skew_s: float = Field(
        300.0, ge=0, le=TEN_YEARS_S,
        description="how far an event's `ts` may run ahead of its record's Kafka timestamp before it is "
        "dead-lettered (event_time) instead of moving the partition's event time")
    max_watermark_step_s: float = Field(
        30 * 86400.0, gt=0, le=TEN_YEARS_S,
        description="for input without record timestamps (files): how far one event may move the event time")
    max_event_bytes: int = Field(1 << 20, ge=1024, description="larger events are dead-lettered")
    shutdown_budget_s: float = Field(20.0, gt=0, description="seconds to finish, flush and commit on SIGTERM")
    label_cap: int = Field(50, ge=1, le=10000, description="distinct models, tools and app versions per metric "
                           "label (later ones: other)")
    behaviour: bool = Field(True, description="text-only regression and tool-history erasure detection")
    hot_conversations: int = Field(4096, ge=64, description="live conversations per worker, shared by its "
                                   "partitions; the others wait serialized and compressed")
    templates_file: Path | None = Field(None, description="JSON file of synthesized-result templates per tool")
    non_idempotent_tools: str = Field("", description="comma-separated tools whose timeout says the outcome is "
                                      "unknown")

    max_batch: int = Field(2000, ge=1, description="records fetched and processed per batch")
    fetch_max_wait_ms: int = Field(100, ge=0, description="longest wait of a fetch for new records")
    session_timeout_ms: int = Field(10000, ge=1000, description="consumer group session timeout")
    heartbeat_interval_ms: int = Field(3000, ge=100, description="consumer group heartbeat (at most a third of "
                                       "the session timeout)")
    linger_ms: int = Field(5, ge=0, description="producer batching delay")
    create_topics: bool = Field(True, description="create missing topics at start")
    partitions: int = Field(4, ge=1, description="partitions for topics the worker creates")
    replication_factor: int = Field(1, ge=1, description="replication factor of topics it creates")

    security_protocol: Literal["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"] = Field(
        "PLAINTEXT", description="how to talk to the brokers")
    sasl_mechanism: Literal["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER", "GSSAPI"] | None = Field(
        None, description="SASL mechanism (SASL_* protocols)")
    sasl_username: str | None = Field(None, description="SASL user")
    sasl_password: str | None = Field(None, description="SASL password")
    ssl_cafile: Path | None = Field(None, description="CA bundle (PEM) to verify the brokers")
    ssl_certfile: Path | None = Field(None, description="client certificate (PEM)")
    ssl_keyfile: Path | None = Field(None, description="client key (PEM)")

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


def _choices(annotation: Any) -> list[str] | None:
    """The values of a Literal setting (also inside `X | None`), for argparse's choices."""
    if get_origin(annotation) is Literal:
        return [str(a) for a in get_args(annotation)]
    for arg in get_args(annotation):
        if get_origin(arg) is Literal:
            return [str(a) for a in get_args(arg)]
    return None


def _default_text(default: Any) -> str:
    if default is None or default == "":
        return "none"
    if isinstance(default, bool):
        return str(default).lower()
    return str(default)


def env_name(name: str) -> str:
    return "TOOLMEND_" + name.upper()


def add_flags(p: argparse.ArgumentParser, exclude: Iterable[str] = (),
              title: str = "settings (flag, or environment variable; flags win)") -> None:
    """One flag per setting: `--input-topic` for TOOLMEND_INPUT_TOPIC, its help from the field's description,
    default and variable (so `--help` and the environment cannot drift apart). `exclude`: settings a command
    does not use (they get no flag; the environment may still set them)."""
    group = p.add_argument_group(title)
    skip = set(exclude)
    for name, field in Settings.model_fields.items():
        if name in skip:
            continue
        flag = "--" + name.replace("_", "-")
        text = f"{field.description or name.replace('_', ' ')} (default: {_default_text(field.default)}; " \
               f"env {env_name(name)})"
        text = text.replace("%", "%%")
        if field.annotation is bool:
            group.add_argument(flag, dest=name, default=None, action=argparse.BooleanOptionalAction, help=text)
        else:
            choices = _choices(field.annotation)
            group.add_argument(flag, dest=name, default=None, choices=choices,
                               metavar="{" + ",".join(choices) + "}" if choices else name.split("_")[-1].upper(),
                               help=text)


def load(argv: Sequence[str], prog: str = "toolmend run", extra: argparse.ArgumentParser | None = None,
         exclude: Iterable[str] = ()) -> tuple[Settings, argparse.Namespace]:
    p = extra or argparse.ArgumentParser(prog=prog)
    add_flags(p, exclude)
    ns = p.parse_args(list(argv))
    given = {k: v for k, v in vars(ns).items() if k in Settings.model_fields and v is not None}
    return settings_from(given), ns


def settings_from(given: dict[str, Any]) -> Settings:
    """Settings from flags (`given`) over the environment; a bad value is a ConfigError of one line that names
    the setting and its variable."""
    try:
        return Settings(**given)
    except ValidationError as e:
        parts = []
        for err in e.errors():
            loc = ".".join(str(x) for x in err["loc"])
            parts.append(f"{loc} ({env_name(loc)}): {err['msg']}" if loc else str(err["msg"]))
        raise ConfigError("invalid configuration: " + "; ".join(parts)) from None
