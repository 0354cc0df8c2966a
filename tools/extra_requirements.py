"""The requirements of toolmend and one of its extras, read from pyproject.toml with toolmend's own `toolmend[x]`
references expanded, first occurrence kept, one per line. Standard library only: the suite runs it before any venv
exists (the compiled venv's requirements install while mypyc compiles).

    python tools/extra_requirements.py EXTRA
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_OWN = re.compile(r"toolmend\[([\w,\s-]+)\]")


def extra_requirements(extra: str, root: Path = ROOT) -> list[str]:
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras: dict[str, list[str]] = project.get("optional-dependencies", {})
    seen: set[str] = set()
    out: list[str] = list(project.get("dependencies", []))

    def expand(e: str) -> None:
        if e in seen:
            return
        seen.add(e)
        for req in extras[e]:
            own = _OWN.fullmatch(req.strip())
            if own:
                for x in own[1].split(","):
                    expand(x.strip())
            else:
                out.append(req)

    expand(extra)
    return list(dict.fromkeys(out))


if __name__ == "__main__":
    print("\n".join(extra_requirements(sys.argv[1])))
