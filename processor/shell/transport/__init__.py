"""The Kafka transport: one interface, two client libraries, chosen with `kafka_client` (`TOOLMEND_KAFKA_CLIENT`).

| module | owns |
|---|---|
| `base.py` | the interface: records, consumers, producers, the group's view, the client that builds them |
| `aiokafka.py` | the aiokafka transport, the default: `shell/kafka.py`'s clients and aiokafka's internals |
| `librdkafka.py` | the librdkafka transport: confluent-kafka's asyncio classes, settings and errors mapped |
| `rdkafka_errors.py` | librdkafka's error codes as aiokafka's classes (retriable delivery, fenced, fatal) |
| `rdkafka_contact.py` | broker contact from librdkafka's statistics: any handle's answers, the coordinator's too |
| `rdkafka_lease.py` | the librdkafka session lease: a stopped process told from a busy event loop |

The worker, its recovery, the OTLP stage and the replays ask `client_for(settings)` for their transport; the
librdkafka module is imported only when it is chosen (the `librdkafka` extra).
"""

from __future__ import annotations

import importlib.metadata

from ..config import ConfigError, Settings
from .aiokafka import AiokafkaClient
from .base import Client

MIN_CONFLUENT = (2, 16)
_CLIENTS: dict[str, Client] = {}


def client_for(s: Settings) -> Client:
    """The transport of these settings (one per process and kind)."""
    kind = getattr(s, "kafka_client", "aiokafka")
    if kind not in _CLIENTS:
        if kind == "librdkafka":
            require_librdkafka()
            from .librdkafka import LibrdkafkaClient

            _CLIENTS[kind] = LibrdkafkaClient()
        else:
            _CLIENTS[kind] = AiokafkaClient()
    return _CLIENTS[kind]


def client_for_default() -> Client:
    """The aiokafka transport (what a stand-in consumer in the tests is taken for)."""
    return _CLIENTS.setdefault("aiokafka", AiokafkaClient())


def require_librdkafka() -> None:
    """confluent-kafka 2.16+ installed, or one line saying how to get it."""
    try:
        have = importlib.metadata.version("confluent-kafka")
    except importlib.metadata.PackageNotFoundError:
        raise ConfigError("kafka_client=librdkafka needs confluent-kafka: pip install 'toolmend[librdkafka]'") from None
    if tuple(int(x) for x in have.split(".")[:2] if x.isdigit()) < MIN_CONFLUENT:
        raise ConfigError(f"kafka_client=librdkafka needs confluent-kafka 2.16 or later (transactions from asyncio, "
                          f"KIP-447 group metadata); {have} is installed: pip install 'toolmend[librdkafka]'")


__all__ = ["Client", "client_for", "client_for_default", "require_librdkafka"]
