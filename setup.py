"""The optional compiled build, the way black and mypy ship theirs: mypyc through the build backend.

    TOOLMEND_COMPILE=1 pip wheel --no-deps -w dist .    a wheel whose core is compiled (what CI tests, the image runs)
    pip install .   /   pip install -e .                 pure Python (everything else is in pyproject.toml)

Every module under processor/core is compiled except those in EXCLUDE, so a module added there is compiled
without touching this file. Whether an installed core runs compiled is read from its files:
`processor.core.compiled()` (an extension module imports before a `.py` of the same name). There is one build
path: to run the core as Python, install without TOOLMEND_COMPILE (an editable install is always Python).
"""

import os
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
CORE = "processor/core"
# Modules of processor/core that stay Python, each with its reason.
EXCLUDE = {
    # the package's marker: `compiled()` asks the other modules' files, and stays importable whatever was built
    "processor/core/__init__.py",
}
# mypy compiles; it reads [tool.mypy] (the pydantic plugin) and type-checks the core's imports (orjson, zstandard)
BUILD_REQUIRES = ["mypy==2.4.1", "orjson==3.13.0", "pydantic==2.14.4", "zstandard==0.25.0"]
# gcc takes ~95 % of the build's CPU, on one C file for the group (mypyc's default, kept: multi_file slowed the
# compiled engine; -g0 saved nothing: bench/results/suite_time.json, key "wheelcut"). It compiles at -O1, not
# mypyc's default -O3: a third less compiler CPU for ~0.6 % more instructions in the engine, most of the engine's
# work being CPython's own calls; -O2 saved 8 % (bench/results/wheel_opt.json)
OPT_LEVEL = "1"
# The group's shared library (every compiled module's code) sits at the top level of site-packages, as mypyc lays
# it out by default: mypyc sets a compiled package's __path__ from the library's folder plus the package's dotted
# path, so a library inside processor/core gave processor.core.regression a __path__ of
# processor/core/processor/core/regression, and a module its __init__ had not imported could not be imported by name
GROUP = "toolmend_core"


def compiled_sources(root: Path = ROOT) -> list[str]:
    """The modules mypyc compiles, as paths relative to `root`: every .py under processor/core but EXCLUDE."""
    paths = (p.relative_to(root).as_posix() for p in (root / CORE).rglob("*.py"))
    return sorted(p for p in paths if p not in EXCLUDE)


def compile_requested() -> bool:
    return os.environ.get("TOOLMEND_COMPILE", "").strip().lower() in ("1", "true", "yes")


def main() -> None:
    if not compile_requested():
        setup()
        return
    if "editable_wheel" in sys.argv:
        sys.exit("TOOLMEND_COMPILE=1 builds wheels: `pip wheel .` or `pip install .`; an editable install is Python")
    try:
        from mypyc.build import mypycify
    except ImportError:  # pip first asks for the build requirements (get_requires_for_build_wheel)
        setup(setup_requires=BUILD_REQUIRES)
        return
    os.chdir(ROOT)  # mypy reads [tool.mypy] from pyproject.toml and names the modules from here
    setup(ext_modules=mypycify(compiled_sources(), group_name=GROUP,
                               opt_level=OPT_LEVEL),
          setup_requires=BUILD_REQUIRES)


if __name__ == "__main__":  # setuptools' build backend runs this file as __main__
    main()
