"""What the replay tests share: generated events written as a replay file, settings with a short conversation
TTL, a replay run to its end, the command line with its output captured."""

from __future__ import annotations

import asyncio
import gzip
from pathlib import Path

import pytest

from processor.shell.commands.replay import main as replay_main
from processor.shell.config import Settings
from processor.shell.replay import Plan, replay
from processor.synth.generate import generate, kafka_partition

TTL_S = 300.0  # short conversations' idleness limit, so that the generated traffic (~45 min) has several


def events(n: int = 150, seed: int = 3, partitions: int = 1) -> list[tuple[bytes | None, bytes]]:
    evs, _ = generate(n, seed=seed, partitions=partitions)
    return [(e.key, e.value) for e in evs]


def write_values(path: Path, evs: list[tuple[bytes | None, bytes]], gz: bool = False) -> Path:
    data = b"".join(v.replace(b"\n", b" ") + b"\n" for _, v in evs)
    path.write_bytes(gzip.compress(data, mtime=0) if gz else data)
    return path


def settings(**kw: object) -> Settings:
    return Settings(conversation_ttl_s=TTL_S, metrics_port=0, **kw)  # type: ignore[arg-type]


def run(plan: Plan) -> dict[str, object]:
    return asyncio.run(replay(plan))


def by_partition(evs: list[tuple[bytes | None, bytes]], n: int) -> dict[int, list[tuple[bytes | None, bytes]]]:
    """What a topic of n partitions holds after a producer keyed by conversation id (file-line keys)."""
    from processor.shell.replay.select import conversation_of

    parts: dict[int, list[tuple[bytes | None, bytes]]] = {p: [] for p in range(n)}
    for _, v in evs:
        cid = conversation_of(v)
        key = None if cid is None else cid.encode()
        parts[0 if n == 1 or key is None else kafka_partition(key, n)].append((key, v))
    return parts


# -- the command line ------------------------------------------------------------------------------------------------
def cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    rc = replay_main(["--metrics-port", "0", "--quiet", *args])
    cap = capsys.readouterr()
    return rc, cap.out, cap.err
