"""A pytest plugin: under ``--dist loadgroup`` the tests of a module that defines a module-scoped fixture are one
pytest-xdist work unit, so that fixture (a SASL broker, a Prometheus stack, a backfill) starts once, on one worker;
every other test is a unit of its own, handed to whichever worker is free.

pytest-xdist 3.8's own loadgroup marks a group on the node id (``item._nodeid``), which pytest 9.2 no longer reads
(pytest-xdist#1386): it silently does not group. The controller, which collects nothing, reads the module's source
for a ``@pytest.fixture(scope="module"`` instead.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

_MODULE_FIXTURE = re.compile(r"""@pytest\.fixture\(\s*scope=["']module["']""")


@cache
def _has_module_fixture(path: Path) -> bool:
    try:
        return bool(_MODULE_FIXTURE.search(path.read_text(encoding="utf-8")))
    except OSError:
        return False


def scope_of(nodeid: str, root: Path) -> str:
    """The work unit of a test: its module when the module has a module-scoped fixture, else the test itself."""
    module = nodeid.split("::", 1)[0]
    return module if _has_module_fixture(root / module) else nodeid


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getoption("dist", None) != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    root = config.rootpath

    class ModuleGroups(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return scope_of(nodeid, root)

    return ModuleGroups(config, log)
