"""The data of `toolmend demo --input-format otlp` (processor/examples/otlp_demo.json), from the recorded fixtures
(tests/data/otel/): each emitter's trace exports (and log exports) in protobuf, with the packages that made them.

    python tools/otel_fixtures/demo_data.py
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main() -> None:
    out: dict[str, object] = {}
    for f in sorted((ROOT / "tests" / "data" / "otel").glob("*.json")):
        d = json.loads(f.read_text())
        out[f.stem] = {"packages": d["packages"], "api": d["api"], "traces": d["traces"]["otlp_proto"],
                       "logs": (d.get("logs") or {}).get("otlp_proto") or []}
    path = ROOT / "processor" / "examples" / "otlp_demo.json"
    path.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes, {len(out)} emitters")


if __name__ == "__main__":
    main()
