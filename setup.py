"""Only for the optional compiled build: TOOLMEND_COMPILE=1 pip wheel . (or pip install .) compiles the sans-I/O
core with mypyc into the wheel. Without it, the package is pure Python (everything else is in pyproject.toml).

For a source checkout (pip install -e .) use `python -m processor.build_native` instead: an in-place build would
put extensions beside the sources, and they would shadow later edits.
"""

import os
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
INTERPRETED = ("__init__.py", "event_schema.py")  # same rule as processor/build_native.py (a unit test checks)


def compiled_sources() -> list[str]:
    core = ROOT / "processor" / "core"
    return sorted(str(p.relative_to(ROOT)) for p in core.rglob("*.py")
                  if not (p.parent == core and p.name in INTERPRETED) and "_native" not in p.parts)


# mypy compiles; it also reads [tool.mypy] (the pydantic plugin) and type-checks the core's imports (orjson)
BUILD_REQUIRES = ["mypy==2.4.1", "orjson==3.13.0", "pydantic==2.14.4"]

def main() -> None:
    if os.environ.get("TOOLMEND_COMPILE", "").strip() not in ("1", "true", "yes"):
        setup()
        return
    if "editable_wheel" in sys.argv:
        sys.exit("TOOLMEND_COMPILE=1 is for wheels; in a checkout run `python -m processor.build_native`")
    try:
        from mypyc.build import mypycify
    except ImportError:  # pip first asks for the build requirements (get_requires_for_build_wheel)
        setup(setup_requires=BUILD_REQUIRES)
        return
    os.chdir(ROOT)
    setup(ext_modules=mypycify(compiled_sources(), group_name="processor.core._toolmend"),
          setup_requires=BUILD_REQUIRES)


if __name__ == "__main__":  # setuptools' build backend runs this file as __main__
    main()
