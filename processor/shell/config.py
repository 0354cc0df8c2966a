"""Worker configuration: environment (`TOOLMEND_*`) or flags, validated at start with a clear message.

Secrets are `SecretStr` (never printed, never in a repr) and come from the environment or a file only: a flag
would put them in the process list. `env_only` fields get no flag.

Units: durations are seconds (`_s`), except the Kafka client settings, which keep Kafka's own millisecond names
(`session_timeout_ms` is `session.timeout.ms`) and go to the clients as they are; the shell reads them in
seconds through properties (`session_timeout_s`). The engine counts event time in milliseconds
(`engine_config` converts).
"""

from __future__ import annotations

import argparse
import difflib
import importlib.metadata
import os
import re
import warnings
from collections.abc import Iterable, Mapping, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import orjson
from pydantic import Field, JsonValue, PrivateAttr, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from ..core.otlp_order import DEFAULT_MAX_BYTES, DEFAULT_MAX_EVENTS, DEFAULT_WINDOW_MS
from ..core.partition import EngineConfig
from ..core.templates import Templates
from ..core.thinking import ModelPatterns
from ..core.tracker import RepairConfig
from .auth import TokenProvider
from .settings_rules import rule_problems

JsonDict = dict[str, JsonValue]

ENV_ONLY: JsonDict = {"env_only": True}  # json_schema_extra of a setting that must not be a command-line flag

TEN_YEARS_S = 10 * 365.25 * 86400
# set while `settings_problems` builds settings: the rules between settings report instead of refusing
_COLLECTING: ContextVar[bool] = ContextVar("toolmend_settings_collecting", default=False)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="TOOLMEND_", extra="forbid")

    bootstrap_servers: str = Field("127.0.0.1:9092", description="Kafka brokers, host:port[,host:port...]")
    input_topic: str = Field("conversations", description="topic of conversation events (key: conversation id)")
    input_format: Literal["events", "otlp"] = Field(
        "events", description="events: toolmend's JSON events (docs/events.md); otlp: OpenTelemetry trace exports "
        "as the Collector's Kafka exporter writes them (otlp_proto or otlp_json, told apart per record), re-keyed "
        "by conversation through repartition_topic (docs/otel.md)")
    otlp_conversation_keys: str = Field(
        "gen_ai.conversation.id,session.id", description="otlp: span attributes naming the conversation, in order, "
        "read on the span then its resource (none found: the trace id)")
    otlp_logs_topic: str | None = Field(None, description="otlp: the topic of the log records (the Collector's logs "
                                        "exporter), read beside the traces: event_only content joined to its span "
                                        "(none: log records are read only when they reach the input topic)")
    repartition_topic: str | None = Field(None, description="otlp: the topic spans are re-keyed through, created "
                                          "and consumed by the worker (none: <group_id>-otlp-repartition)")
    otlp_reorder_ms: int = Field(
        DEFAULT_WINDOW_MS, ge=0, le=3_600_000, description="otlp: event-time milliseconds the re-keying stage holds "
        "a span's event behind the slowest source partition before writing it, so that spans spread over the "
        "partitions are written in event-time order; later ones are written at once and counted "
        "(docs/otel.md, Order)")
    otlp_reorder_max_events: int = Field(DEFAULT_MAX_EVENTS, ge=1, description="otlp: events the re-keying stage "
                                         "holds at most for the event-time order; past it the earliest leave")
    otlp_reorder_max_bytes: int = Field(DEFAULT_MAX_BYTES, ge=1 << 20, description="otlp: bytes of events the "
                                        "re-keying stage holds at most for the event-time order; past it the "
                                        "earliest leave")
    output_topic: str = Field("conversations.repaired", description="repaired histories")
    dlq_topic: str = Field("conversations.dlq", description="bad input, unchanged, with the reason in headers")
    findings_topic: str | None = Field("conversations.findings", description="one record per finding (empty: none)")
    state_topic: str | None = Field(None, description="compacted changelog (none: <group_id>-state)")
    group_id: str = Field("toolmend", description="consumer group of the workers")
    group_instance_id: str | None = Field(
        None, min_length=1, max_length=249,
        description="static group membership (KIP-345): a name stable across restarts and unique in the group, "
        "e.g. the pod name of a StatefulSet. A restart within session_timeout_ms keeps the member's partitions "
        "(no rebalance, no state restore elsewhere); a member that does not come back is noticed only after "
        "session_timeout_ms")
    client_id: str = Field("toolmend", description="Kafka client id")
    kafka_client: Literal["aiokafka", "librdkafka"] = Field(
        "aiokafka", description="the Kafka client library: aiokafka (the default) or librdkafka (confluent-kafka's "
        "asyncio classes, the librdkafka extra: faster consume and produce; docs/deploy.md says what differs)")
    strategy: Literal["fill", "drop"] = Field("fill", description="dangling calls: synthesize results (fill) or "
                                              "remove the calls (drop)")
    thinking: Literal["auto", "keep", "strip_changed"] = Field(
        "auto", description="thinking blocks a repair invalidates (Anthropic binds thinking to everything before it): "
        "keep them and report them (keep), remove exactly them (strip_changed), or remove them for the models "
        "that bind thinking, by the event's `model` (auto)")
    thinking_models: str = Field("", description="comma-separated glob patterns of the model names that bind "
                                 "thinking, for thinking=auto (default: the shipped list, see the README)")

    delivery: Literal["at_least_once", "exactly_once"] = Field(
        "at_least_once", description="exactly_once: outputs, state and offsets commit in one transaction per input "
        "partition and batch (needs a broker with transactions; read outputs with isolation.level=read_committed)")
    transaction_timeout_ms: int = Field(60000, ge=1000, description="exactly_once: the broker aborts a transaction "
                                        "open longer than this (a paused member's); at most the broker's "
                                        "transaction.max.timeout.ms")
    start_empty: bool = Field(False, description="start a partition whose state is lost (changelog deleted or "
                              "truncated) with empty state instead of refusing to start; marked by a state_reset "
                              "record on the findings topic and toolmend_state_resets_total")
    heal_max_records: int = Field(1_000_000, ge=0, description="at least once: a partition whose state was "
                                  "overwritten by a stale write (a zombie's) is rebuilt from its input when its "
                                  "committed offset is at most this (0: never; the worker refuses to start instead)")
    gc_threshold: int = Field(
        50_000, ge=0, le=10_000_000,
        description="the garbage collector's young-generation threshold in the worker, its OTLP stage and a replay "
        "(0: Python's own collector, 700, untouched; otherwise at least 1000)")

    metrics_host: str = Field("0.0.0.0", description="address of /metrics, /healthz, /readyz")
    metrics_port: int = Field(9108, ge=0, le=65535, description="port of /metrics, /healthz, /readyz (0: any free "
                              "port, printed at start)")

    # at most ten years: event time plus any timer stays far inside 64-bit milliseconds (events.MAX_TS)
    tool_result_timeout_s: float = Field(600.0, gt=0, le=TEN_YEARS_S, description="event-time seconds a call "
                                         "waits for its result")
    conversation_ttl_s: float = Field(86400.0, gt=0, le=TEN_YEARS_S, description="event-time seconds of idleness "
                                      "before a conversation is evicted")
    late_result_grace_s: float = Field(
        30.0, ge=0, le=TEN_YEARS_S,
        description="event-time seconds a block that closed with unanswered calls waits for late results before "
        "its placeholders are written (a result inside it is moved into place); 0 decides at once")
    late_result_grace_ms: int | None = Field(
        None, ge=0, le=TEN_YEARS_S * 1000, description="deprecated: late_result_grace_s in milliseconds (when set, "
        "it wins)")
    max_held_messages: int = Field(
        256, ge=1, description="output messages a conversation may hold behind waiting blocks; past it the oldest "
        "block is decided early")
    max_event_time_skew_s: float = Field(
        300.0, ge=0, le=TEN_YEARS_S,
        description="how far an event's `ts` may run ahead of its record's Kafka timestamp before it is "
        "dead-lettered (event_time); within it, any step of the partition's event time is taken")
    max_watermark_step_s: float = Field(
        30 * 86400.0, gt=0, le=TEN_YEARS_S,
        description="how far one event may move a partition's event time (its clock) at once, for input without "
        "record timestamps (files, library replays); with one, the record timestamp corroborates the step")
    max_event_bytes: int = Field(1 << 20, ge=1024, description="larger events are dead-lettered")
    max_state_bytes: int = Field(
        512 * 1024, ge=16 * 1024,
        description="the largest state of one conversation (its JSON; lowered to fit the state topic's "
        "max.message.bytes): output held for late results is released early to stay under it, and a conversation "
        "still over it is quarantined (its event dead-lettered state_too_large)")
    max_open_calls: int = Field(1024, ge=1, description="tool calls one conversation may hold open (parallel calls "
                                "of a message included): past it the event is dead-lettered too_many_calls and "
                                "the conversation quarantined; bounds what its timeouts cost a later event")
    shutdown_budget_s: float = Field(20.0, gt=0, description="seconds to finish, flush and commit on SIGTERM")
    broker_unreachable_s: float = Field(15.0, gt=0, description="/readyz fails once the broker has not answered "
                                        "for this long")
    stable_offsets_wait_s: float = Field(60.0, gt=0, description="how long a restore waits for committed offsets "
                                         "held by a pending transactional commit before it says so (naming the "
                                         "partitions and the way out) and tries again later")
    label_cap: int = Field(50, ge=1, le=10000, description="distinct models, tools and app versions per metric "
                           "label (later ones: other)")
    behaviour: bool = Field(True, description="text-only regression and tool-history erasure detection")
    tool_spans: bool = Field(True, description="join tool runs (OTLP execute_tool spans, JSON tool_run events) to "
                             "their calls: placeholders say what the tool did, tool_result_lost, tool latency")
    detector_model: Path | None = Field(None, description="a text_only_regression model file written by `toolmend "
                                        "train-detector` (default: the model shipped in the package)")
    detector_threshold: float | None = Field(None, ge=0, le=1, description="the score from which a text-only turn "
                                             "is reported as text_only_regression (default: the model's own)")
    claims_model: Path | None = Field(None, description="an unbacked_claim cue and score file written by `toolmend "
                                      "train-detector --claims` (default: the claims.json shipped in the package)")
    hot_conversations: int = Field(4096, ge=64, description="live conversations per worker, shared by its "
                                   "partitions; the others wait serialized and compressed")
    templates_file: Path | None = Field(None, description="JSON file of synthesized-result templates per tool")
    non_idempotent_tools: str = Field("", description="comma-separated tools whose timeout says the outcome is "
                                      "unknown")
    retries: bool = Field(True, description="retry boundaries: futile, blind and excess retries of failed tool "
                          "calls, and each result's outcome")
    max_retries: int = Field(3, ge=0, le=1000, description="retries of one failed tool call (same tool and "
                             "arguments) before retry_limit_exceeded")

    max_batch: int = Field(2000, ge=1, description="records fetched and processed per batch")
    fetch_max_wait_ms: int = Field(100, ge=0, description="longest wait of a fetch for new records")
    session_timeout_ms: int = Field(10000, ge=1000, description="consumer group session timeout")
    heartbeat_interval_ms: int = Field(3000, ge=100, description="consumer group heartbeat (at most a third of "
                                       "the session timeout)")
    linger_ms: int = Field(5, ge=0, description="producer batching delay")
    create_topics: bool = Field(True, description="create missing topics at start")
    partitions: int = Field(4, ge=1, description="partitions of the input topic if the worker creates it; the "
                            "other topics it creates take as many as the input topic has")
    replication_factor: int = Field(1, ge=1, description="replication factor of topics it creates")

    security_protocol: Literal["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"] = Field(
        "PLAINTEXT", description="how to talk to the brokers")
    sasl_mechanism: Literal["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER", "GSSAPI"] | None = Field(
        None, description="SASL mechanism (SASL_* protocols)")
    sasl_username: str | None = Field(None, description="SASL user")
    sasl_password: SecretStr | None = Field(None, description="SASL password (PLAIN, SCRAM); environment only",
                                            json_schema_extra=ENV_ONLY)
    sasl_password_file: Path | None = Field(None, description="file holding the SASL password (a mounted secret)")
    sasl_oauth_token_file: Path | None = Field(None, description="OAUTHBEARER: file holding the token, read again "
                                               "whenever it changes")
    sasl_oauth_token_command: str | None = Field(None, description="OAUTHBEARER: command printing a token (run "
                                                 "without a shell), run again before the token expires")
    sasl_oauth_token_refresh_s: float = Field(300.0, gt=0, description="OAUTHBEARER: run the token command at "
                                              "least this often")
    ssl_cafile: Path | None = Field(None, description="CA bundle (PEM) to verify the brokers")
    ssl_certfile: Path | None = Field(None, description="client certificate (PEM)")
    ssl_keyfile: Path | None = Field(None, description="client key (PEM)")

    @field_validator("ssl_cafile", "ssl_certfile", "ssl_keyfile", "sasl_password_file", "templates_file",
                     mode="before")
    @classmethod
    def _no_empty_path(cls, v: Any) -> Any:
        if isinstance(v, str) and not v.strip():  # an unset secret mounted as "": not the current directory
            raise ValueError("is empty (an unset secret?): name a file, or unset the variable")
        return v

    @field_validator("gc_threshold")
    @classmethod
    def _gc_threshold(cls, v: int) -> int:
        if 0 < v < 1000:
            raise ValueError("must be 0 (Python's own collector) or at least 1000")
        return v

    @field_validator("bootstrap_servers")
    @classmethod
    def _servers(cls, v: str) -> str:
        for hp in v.split(","):
            host, _, port = hp.strip().rpartition(":")
            if not host or not port.isdigit():
                raise ValueError(f"expected host:port[,host:port...], got {v!r}")
        return v

    _token_provider: TokenProvider | None = PrivateAttr(None)

    @model_validator(mode="after")
    def _check(self) -> Settings:
        found = rule_problems(self)
        if found and not _COLLECTING.get():
            raise ValueError("; ".join(found))
        if self.kafka_client == "librdkafka" and not _COLLECTING.get():
            _check_librdkafka()
        if self.late_result_grace_ms is not None:
            warnings.warn("TOOLMEND_LATE_RESULT_GRACE_MS (--late-result-grace-ms) is deprecated: use "
                          "TOOLMEND_LATE_RESULT_GRACE_S (--late-result-grace-s), in seconds", FutureWarning,
                          stacklevel=2)
        return self

    def password(self) -> str | None:
        """The SASL password, from TOOLMEND_SASL_PASSWORD or the file TOOLMEND_SASL_PASSWORD_FILE names (its
        first line; read at each call, so a rotated secret is picked up by the next client that starts)."""
        if self.sasl_password is not None:
            return self.sasl_password.get_secret_value()
        if self.sasl_password_file is None:
            return None
        try:
            lines = self.sasl_password_file.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as e:
            raise ValueError(f"cannot read sasl_password_file {self.sasl_password_file}: "
                             f"{getattr(e, 'strerror', None) or type(e).__name__}") from None
        return lines[0] if lines and lines[0] else None

    def token_provider(self) -> TokenProvider:
        """One OAUTHBEARER token provider for all the worker's clients (a command runs once per refresh)."""
        if self._token_provider is None:
            self._token_provider = TokenProvider(self.sasl_oauth_token_file, self.sasl_oauth_token_command,
                                                 self.sasl_oauth_token_refresh_s)
        return self._token_provider

    @property
    def session_timeout_s(self) -> float:
        """The group session timeout in seconds: the shell counts durations in seconds; the Kafka client
        settings keep Kafka's millisecond names (`session.timeout.ms`) and go to the clients as they are."""
        return self.session_timeout_ms / 1000

    @property
    def changelog_topic(self) -> str:
        return self.state_topic or f"{self.group_id}-state"

    def engine_config(self) -> EngineConfig:
        overrides: dict[str, dict[str, str]] = {}
        if self.templates_file is not None:
            overrides = orjson.loads(self.templates_file.read_bytes())
        tools = frozenset(t.strip() for t in self.non_idempotent_tools.split(",") if t.strip())
        grace_ms = self.late_result_grace_ms  # deprecated, wins when set
        if grace_ms is None:
            grace_ms = round(self.late_result_grace_s * 1000)
        patterns = [p.strip() for p in self.thinking_models.split(",") if p.strip()]
        return EngineConfig(
            repair=RepairConfig(strategy=self.strategy, templates=Templates(overrides, tools),
                                tool_result_timeout_ms=int(self.tool_result_timeout_s * 1000),
                                late_result_grace_ms=grace_ms,
                                max_held_messages=self.max_held_messages, thinking=self.thinking,
                                retries=self.retries, max_retries=self.max_retries,
                                thinking_models=ModelPatterns(patterns) if patterns else None),
            conversation_ttl_ms=int(self.conversation_ttl_s * 1000),
            max_event_bytes=self.max_event_bytes,
            max_state_bytes=self.max_state_bytes,
            max_open_calls=self.max_open_calls,
            max_event_time_skew_ms=int(self.max_event_time_skew_s * 1000),
            max_watermark_step_ms=int(self.max_watermark_step_s * 1000),
            behaviour=self.behaviour,
            tool_spans=self.tool_spans,
            hot_conversations=self.hot_conversations,
        )

    def kafka_common(self) -> dict[str, Any]:
        kw: dict[str, Any] = {"bootstrap_servers": self.bootstrap_servers, "client_id": self.client_id,
                              "security_protocol": self.security_protocol}
        if self.sasl_mechanism == "OAUTHBEARER":
            kw["sasl_mechanism"] = self.sasl_mechanism
            kw["sasl_oauth_token_provider"] = self.token_provider()
        elif self.sasl_mechanism:
            kw["sasl_mechanism"] = self.sasl_mechanism
            kw["sasl_plain_username"] = self.sasl_username
            kw["sasl_plain_password"] = self.password()
        if self.security_protocol in ("SSL", "SASL_SSL"):
            from aiokafka.helpers import create_ssl_context

            kw["ssl_context"] = create_ssl_context(
                cafile=str(self.ssl_cafile) if self.ssl_cafile else None,
                certfile=str(self.ssl_certfile) if self.ssl_certfile else None,
                keyfile=str(self.ssl_keyfile) if self.ssl_keyfile else None)
        return kw


class ConfigError(Exception):
    pass


def _check_librdkafka() -> None:
    """kafka_client=librdkafka needs confluent-kafka 2.16+ (asyncio transactions, KIP-447 group metadata)."""
    try:
        have = importlib.metadata.version("confluent-kafka")
    except importlib.metadata.PackageNotFoundError:
        raise ValueError("kafka_client librdkafka needs confluent-kafka: pip install 'toolmend[librdkafka]'") from None
    if tuple(int(x) for x in have.split(".")[:2] if x.isdigit()) < (2, 16):
        raise ValueError(f"kafka_client librdkafka needs confluent-kafka 2.16 or later, {have} is installed: "
                         "pip install 'toolmend[librdkafka]'")


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
              title: str = "settings (flag, or environment variable; flags win)", check_choices: bool = True,
              why: str = "") -> None:
    """One flag per setting: `--input-topic` for TOOLMEND_INPUT_TOPIC, its help from the field's description,
    default and variable (so `--help` and the environment cannot drift apart). `exclude`: settings a command
    does not use: not listed, and refused as a flag in one line (with `why`); the environment may still set them
    (workers and replays share their settings). `check_choices` False: a value outside a setting's choices is
    left to the settings to refuse (with every other problem), not to argparse."""
    p.allow_abbrev = False  # `--sasl-password x` must not pass as `--sasl-password-file x`
    group = p.add_argument_group(title)
    skip = set(exclude)
    for name, field in Settings.model_fields.items():
        if field.json_schema_extra == ENV_ONLY:  # secrets: environment or file only; the flag is refused unechoed
            group.add_argument("--" + name.replace("_", "-"), nargs="?", action=_RefuseSecret, help=argparse.SUPPRESS)
            continue
        if name in skip:
            if "--" + name.replace("_", "-") in p._option_string_actions:  # the command's own flag of that name
                continue
            p.add_argument("--" + name.replace("_", "-"), nargs="?", action=_RefuseUnused, help=argparse.SUPPRESS,
                           dest=f"unused_{name}", default=None, const=why)
            continue
        flag = "--" + name.replace("_", "-")
        text = f"{field.description or name.replace('_', ' ')} (default: {_default_text(field.default)}; " \
               f"env {env_name(name)})"
        text = text.replace("%", "%%")
        if field.annotation is bool:
            group.add_argument(flag, dest=name, default=None, action=argparse.BooleanOptionalAction, help=text)
        else:
            choices = _choices(field.annotation)
            group.add_argument(flag, dest=name, default=None, choices=choices if check_choices else None,
                               metavar="{" + ",".join(choices) + "}" if choices else name.split("_")[-1].upper(),
                               help=text)


class _RefuseSecret(argparse.Action):
    """A secret given as a flag: refused (ConfigError, one line) without its value, which a flag would also show
    in the process list."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        var = env_name(self.dest)
        raise ConfigError(f"invalid configuration: {option_string} is not accepted (a secret on the command line "
                          f"is visible to every user of the machine): set {var} or {var}_FILE")


class _RefuseUnused(argparse.Action):
    """A setting's flag given to a command that does not use it: one line, not a silent no-op."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        why = f": {self.const}" if self.const else ""
        raise ConfigError(f"{option_string} is not used by {parser.prog}{why} (a TOOLMEND_* variable of it is "
                          "ignored here)")


def settings_of(ns: argparse.Namespace) -> Settings:
    """The settings from a command's parsed flags over the environment (ConfigError: every problem, one line)."""
    return settings_from({k: v for k, v in vars(ns).items() if k in Settings.model_fields and v is not None})


def load(argv: Sequence[str], prog: str = "toolmend run", extra: argparse.ArgumentParser | None = None,
         exclude: Iterable[str] = ()) -> tuple[Settings, argparse.Namespace]:
    p = extra or argparse.ArgumentParser(prog=prog)
    add_flags(p, exclude)
    ns = p.parse_args(list(argv))
    given = {k: v for k, v in vars(ns).items() if k in Settings.model_fields and v is not None}
    return settings_from(given), ns


# `TOOLMEND_*` variables that are not settings: the log format, and the variables of the project's own scripts
# (image build, test suite, benchmarks), which a worker's environment may carry
OTHER_VARIABLES = frozenset({
    "TOOLMEND_LOG_FORMAT", "TOOLMEND_CACHE", "TOOLMEND_VENV", "TOOLMEND_COMPILED_VENV", "TOOLMEND_COMPILE",
    "TOOLMEND_EXPECT_CORE", "TOOLMEND_NATIVE", "TOOLMEND_IMAGE", "TOOLMEND_IMAGE_CACHE", "TOOLMEND_BROKER",
    "TOOLMEND_FAULTS_SEED", "TOOLMEND_FAULTS_EVENTS", "TOOLMEND_SUITE_BUDGET", "TOOLMEND_SUITE_CEILING",
    "TOOLMEND_SUITE_JSON", "TOOLMEND_TEST_PORTS"})
# what Kubernetes puts into every pod for a Service named toolmend or toolmend-* (service links)
_SERVICE_LINK = re.compile(r"TOOLMEND(_[A-Z0-9_]+?)?_(SERVICE_HOST|SERVICE_PORT(_[A-Z0-9_]+)?|"
                           r"PORT(_\d+_(TCP|UDP|SCTP)(_(PROTO|PORT|ADDR))?)?)")
_LINK_VALUE = re.compile(r"(tcp|udp|sctp)://\S+|\d{1,5}|[0-9a-fA-F.:]+|tcp|udp|sctp")


def unknown_variables(environ: Mapping[str, str]) -> list[tuple[str, str | None]]:
    """`TOOLMEND_*` variables that name no setting, each with the closest setting's variable (or None): a
    misspelt variable is otherwise ignored, and the worker runs with the default it meant to replace."""
    known = {env_name(n) for n in Settings.model_fields}
    out: list[tuple[str, str | None]] = []
    for name in sorted(environ):
        upper = name.upper()
        if not upper.startswith("TOOLMEND_") or upper in known or upper in OTHER_VARIABLES:
            continue
        if _SERVICE_LINK.fullmatch(upper) and _LINK_VALUE.fullmatch(environ[name].strip()):
            continue
        close = difflib.get_close_matches(upper, sorted(known | OTHER_VARIABLES), n=1, cutoff=0.6)
        out.append((name, close[0] if close else None))
    return out


def check_environment(environ: Mapping[str, str] | None = None) -> None:
    """Refuse unknown `TOOLMEND_*` variables (ConfigError, one line with a "did you mean")."""
    bad = unknown_variables(os.environ if environ is None else environ)
    if not bad:
        return
    parts = [f"{name} (did you mean {close}?)" if close else name for name, close in bad]
    raise ConfigError("invalid configuration: unknown variable" + ("s " if len(bad) > 1 else " ") + ", ".join(parts)
                      + "; every TOOLMEND_* variable must name a setting (see --help)")


def settings_from(given: dict[str, Any]) -> Settings:
    """Settings from flags (`given`) over the environment; bad values are a ConfigError of one line that names
    each setting and its variable. Unknown `TOOLMEND_*` variables are refused first."""
    check_environment()
    settings, problems = settings_problems(given, environ={})
    if settings is None or problems:
        raise ConfigError("invalid configuration: " + "; ".join(problems))
    return settings


def settings_problems(given: dict[str, Any], environ: Mapping[str, str] | None = None,
                      ) -> tuple[Settings | None, list[str]]:
    """Every problem of the settings from flags (`given`) over the environment, one line each, what `run`
    refuses at start: unknown `TOOLMEND_*` variables (of `environ`, default os.environ), each bad value (naming
    the setting and its variable, never the value), each rule between settings broken (`settings_rules.py`; a
    rule reading a bad value is not run), a detector model that cannot be used. The settings, or None when a
    value is bad."""
    bad_vars = unknown_variables(os.environ if environ is None else environ)
    problems = [f"unknown variable {name}" + (f" (did you mean {close}?)" if close else "")
                + "; every TOOLMEND_* variable must name a setting (see --help)" for name, close in bad_vars]
    refused: set[str] = set()
    token = _COLLECTING.set(True)
    try:
        try:
            settings = Settings(**given)
        except ValidationError as e:
            for err in e.errors():
                loc = ".".join(str(x) for x in err["loc"])
                msg = str(err["msg"]).removeprefix("Value error, ")
                problems.append(f"{loc} ({env_name(loc)}): {msg}" if loc else msg)
                if err["loc"]:
                    refused.add(str(err["loc"][0]))
            # the others, with the refused ones at their defaults, for the rules that do not read them
            settings = Settings(**{**given, **{n: Settings.model_fields[n].default for n in refused}})
    finally:
        _COLLECTING.reset(token)
    problems += rule_problems(settings, skip=refused)
    if settings.kafka_client == "librdkafka" and "kafka_client" not in refused:
        try:
            _check_librdkafka()
        except ValueError as e:
            problems.append(f"kafka_client ({env_name('kafka_client')}): {e}")
    if "detector_model" not in refused and "detector_threshold" not in refused:
        try:
            use_detector_model(settings.detector_model, settings.detector_threshold)
        except ConfigError as e:
            problems.append(str(e))
    if "claims_model" not in refused:
        try:
            use_claims_model(settings.claims_model)
        except ConfigError as e:
            problems.append(str(e))
    return (None if refused else settings), problems


def use_claims_model(path: Path | None) -> None:
    """Make the unbacked-claim detectors of this process judge with the claims file at `path` (None: the shipped
    one); a file that cannot be used is a ConfigError of one line."""
    import json

    from ..core.regression import claims

    try:
        claims.use(json.loads(path.read_text("utf-8")) if path is not None else None)
    except OSError as e:
        raise ConfigError(f"claims_model ({env_name('claims_model')}): cannot read it: "
                          f"{e.strerror or type(e).__name__}") from None
    except (ValueError, KeyError, TypeError, re.error) as e:
        raise ConfigError(f"claims_model ({env_name('claims_model')}): not a claims file "
                          f"({type(e).__name__})") from None


def use_detector_model(path: Path | None, threshold: float | None) -> None:
    """Make the detectors of this process score with the model file at `path` (None: the shipped one) and
    `threshold` (None: the model's own); a file that cannot be used is a ConfigError of one line."""
    from ..core.regression import scorer

    try:
        scorer.use(scorer.parse(path.read_bytes()) if path is not None else None, threshold)
    except OSError as e:
        raise ConfigError(f"detector_model ({env_name('detector_model')}): cannot read it: "
                          f"{e.strerror or type(e).__name__}") from None
    except scorer.ModelError as e:
        raise ConfigError(f"detector_model ({env_name('detector_model')}): {e}") from None
