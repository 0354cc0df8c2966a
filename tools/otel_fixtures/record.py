"""Record the OpenTelemetry GenAI fixtures (tests/data/otel/*.json, and tests/data/otel_tools/*.json for the
emitters that run their own tools) from the real instrumentations.

Instrumentations that cannot share one environment (each pins its own opentelemetry-util-genai, semantic
conventions or SDK) each get a venv of their own, under .cache/otel-venvs/ in the checkout, made from the pins
in venvs.json beside this file. In each, emit.py runs the same application against loopback stubs of the Chat
Completions, Responses and Messages APIs (tests/support/model_stubs.py) with the instrumentation on and content
capture as it documents, and writes the exported spans and log records in both Collector encodings.

    python tools/otel_fixtures/record.py                 # every emitter
    python tools/otel_fixtures/record.py genai-anthropic  # some
"""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
VENVS = ROOT / ".cache" / "otel-venvs"
OUT = ROOT / "tests" / "data" / "otel"
#: emitters that run their own tools (execute_tool spans): conversations of their own (tests/data/otel_tools/)
OUT_TOOLS = ROOT / "tests" / "data" / "otel_tools"


def python_of(name: str, pins: list[str]) -> Path:
    d = VENVS / name
    py = d / "bin" / "python"
    stamp = d / "pins.json"
    if not py.exists() or not stamp.exists() or json.loads(stamp.read_text()) != pins:
        venv.create(d, with_pip=True, clear=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", *pins], check=True)
        stamp.write_text(json.dumps(pins))
    return py


def main(argv: list[str]) -> int:
    spec = json.loads((HERE / "venvs.json").read_text())
    wanted = set(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    failed = []
    for name, v in spec.items():
        emitters = [e for e in v["emitters"] if not wanted or e in wanted]
        if not emitters:
            continue
        py = python_of(name, v["pins"])
        for e in emitters:
            out = OUT_TOOLS if "-tools-" in e else OUT
            out.mkdir(parents=True, exist_ok=True)
            r = subprocess.run([str(py), str(HERE / "emit.py"), e, str(out / f"{e}.json")], cwd=HERE)
            if r.returncode:
                failed.append(e)
    if failed:
        print("failed:", " ".join(failed), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
