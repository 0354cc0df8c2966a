"""The Kafka Streams 4.4 pass-through as a pass of bench_transports.py (`kstreams`, `kstreams_eos`).

The program is one Java file, bench/peers/kafka-streams/PassThrough.java: read the input topic, parse each value
with Jackson, write it to the output topic, one stream thread, at_least_once or exactly_once_v2. Its classpath
(kafka-streams 4.4.0 with kafka-clients, jackson-databind, slf4j) is resolved by Maven from the pom beside it into
`$TOOLMEND_CACHE/kafka-streams-4.4.0/libs` (never into the repository), and the source is compiled there with the
machine's javac, once per version of the source.

    python bench/peers_kstreams.py build      # fetch the jars and compile; prints the classpath

The program times itself through committed offsets (first record seen to the group's committed offsets covering
every record, polled by an admin client) and prints one JSON line, which `parse_result` reads.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SRC_DIR = HERE / "peers" / "kafka-streams"
SOURCE = SRC_DIR / "PassThrough.java"
POM = SRC_DIR / "pom.xml"
VERSION = "4.4.0"
DEPENDENCY_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.8.1"
GUARANTEES = {"kstreams": "at_least_once", "kstreams_eos": "exactly_once_v2"}
# One stream thread on a heap a 1-CPU pod would give it; the JVM picks its collector itself (as a user's would).
JVM_OPTS = ["-Xms128m", "-Xmx512m", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"]
REQUIRED = ("events", "seconds", "events_per_s", "processed_s", "jvm_start_to_first_record_s", "peak_rss_mib",
            "guarantee")


def cache_root() -> Path:
    root = os.environ.get("TOOLMEND_CACHE")
    return Path(root) if root else HERE.parent / ".cache"


def home(cache: Path | None = None) -> Path:
    return (cache or cache_root()) / f"kafka-streams-{VERSION}"


def source_digest(source: Path = SOURCE) -> str:
    return hashlib.sha256(source.read_bytes()).hexdigest()[:12]


def fetch_jars(cache: Path | None = None) -> Path:
    """Kafka Streams' runtime classpath from Maven Central into the cache (once)."""
    libs = home(cache) / "libs"
    if (libs / ".complete").exists():
        return libs
    if shutil.which("mvn") is None:
        raise RuntimeError("mvn not found (apt-get install maven)")
    tmp = libs.with_name(f"libs.tmp.{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.parent.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(["mvn", "-B", "-q", "-f", str(POM), f"{DEPENDENCY_PLUGIN}:copy-dependencies",
                           "-DincludeScope=runtime", f"-DoutputDirectory={tmp}"],
                          capture_output=True, text=True, check=False, cwd=tmp.parent)
    if proc.returncode != 0 or not (tmp / f"kafka-streams-{VERSION}.jar").exists():
        raise RuntimeError(f"maven failed:\n{(proc.stdout + proc.stderr)[-2000:]}")
    (tmp / ".complete").touch()
    shutil.rmtree(libs, ignore_errors=True)
    tmp.rename(libs)
    return libs


def build(cache: Path | None = None) -> str:
    """Fetch the jars, compile PassThrough.java (once per version of the source); return the classpath."""
    libs = fetch_jars(cache)
    classes = home(cache) / f"classes-{source_digest()}"
    if not (classes / "PassThrough.class").exists():
        if shutil.which("javac") is None:
            raise RuntimeError("javac not found (apt-get install openjdk-17-jdk-headless)")
        tmp = classes.with_name(classes.name + f".tmp.{os.getpid()}")
        shutil.rmtree(tmp, ignore_errors=True)
        proc = subprocess.run(["javac", "-d", str(tmp), "-cp", f"{libs}/*", str(SOURCE)],
                              capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"javac failed:\n{proc.stderr[-2000:]}")
        shutil.rmtree(classes, ignore_errors=True)
        tmp.rename(classes)
    return f"{libs}/*:{classes}"


def command(classpath: str, name: str, bootstrap: str, in_topic: str, prefix: str, events: int) -> list[str]:
    """The java command line of one pass (`kstreams`: at least once; `kstreams_eos`: exactly_once_v2)."""
    return ["java", *JVM_OPTS, "-cp", classpath, "PassThrough", "--bootstrap", bootstrap, "--input", in_topic,
            "--output", f"{prefix}.out", "--app-id", f"{prefix}-g", "--events", str(events),
            "--guarantee", GUARANTEES[name], "--commit-ms", "100"]


def parse_result(stdout: str) -> dict[str, Any]:
    """The program's result: the last line of its output that is a JSON object (slf4j and the JVM may print
    before it). Raises ValueError when there is none or a field is missing."""
    for line in reversed(stdout.strip().splitlines()):
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            r = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(r, dict):
            missing = [k for k in REQUIRED if k not in r]
            if missing:
                raise ValueError(f"Kafka Streams result without {missing}: {line[:300]}")
            if r["events"] <= 0 or r["seconds"] <= 0:
                raise ValueError(f"Kafka Streams result with no events or no time: {line[:300]}")
            return dict(r)
    raise ValueError(f"no result line in the Kafka Streams pass's output: {stdout[-300:]!r}")


def main(argv: list[str]) -> int:
    if argv[:1] != ["build"]:
        print(__doc__)
        return 2
    print(build())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
