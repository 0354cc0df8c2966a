"""The deployment's settings files and kustomizations, without rendering them (deploy/k8s/validate.sh renders and
validates them strictly): every `TOOLMEND_*` they set is a setting the worker knows, no secret is among them, and
every file a kustomization names exists."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from processor.shell.config import Settings

ROOT = Path(__file__).resolve().parents[3]
DEPLOY = ROOT / "deploy"
ENV_FILES = sorted(DEPLOY.rglob("*.env"))
KUSTOMIZATIONS = sorted(DEPLOY.rglob("kustomization.yaml"))
SETTINGS = {"TOOLMEND_" + n.upper() for n in Settings.model_fields}
SECRETS = {"TOOLMEND_SASL_PASSWORD", "TOOLMEND_SASL_USERNAME"}


def assignments(path: Path) -> dict[str, str]:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            key, sep, value = line.partition("=")
            assert sep and re.fullmatch(r"[A-Z][A-Z0-9_]*", key), f"{path.name}: not KEY=value: {line!r}"
            out[key] = value
    return out


def test_there_are_settings_files_for_the_base_and_the_overlays() -> None:
    assert DEPLOY / "k8s" / "toolmend.env" in ENV_FILES and len(ENV_FILES) >= 2


@pytest.mark.parametrize("path", ENV_FILES, ids=lambda p: str(p.relative_to(DEPLOY)))
def test_a_settings_file_sets_only_known_settings_and_no_credentials(path: Path, tmp_path: Path) -> None:
    env = assignments(path)
    assert set(env) <= SETTINGS, f"{path.name} sets what the worker does not know: {sorted(set(env) - SETTINGS)}"
    assert not set(env) & SECRETS, f"{path.name}: credentials belong in the Secret toolmend-kafka"
    # each value is one the worker accepts (what `toolmend run` would refuse with exit 2), the credentials coming
    # from the Secret as in the pods
    values = {k.removeprefix("TOOLMEND_").lower(): v for k, v in env.items()}
    if "sasl_mechanism" in values:
        values |= {"sasl_username": "toolmend", "sasl_password": "from-the-secret"}
    if "ssl_cafile" in values:  # a path inside the pod (the mounted CA): must be absolute; checked readable here
        assert values["ssl_cafile"].startswith("/"), f"{path.name}: TOOLMEND_SSL_CAFILE is a path in the pod"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out",
                        "ca.crt", "-days", "1", "-subj", "/CN=test-ca"], cwd=tmp_path, check=True,
                       capture_output=True, stdin=subprocess.DEVNULL)
        values["ssl_cafile"] = str(tmp_path / "ca.crt")
    Settings.model_validate(values)


@pytest.mark.parametrize("path", KUSTOMIZATIONS, ids=lambda p: str(p.parent.relative_to(DEPLOY)))
def test_every_file_a_kustomization_names_exists(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    named = re.findall(r"^\s+-\s+(\S+\.ya?ml|\.\.?/\S*)$", text, re.M)
    named += re.findall(r"^\s+-?\s*path:\s+(\S+)$", text, re.M)
    named += [f for group in re.findall(r"envs:\s*\[([^\]]*)\]", text) for f in re.split(r",\s*", group)]
    assert named, path
    for ref in named:
        assert (path.parent / ref).exists(), f"{path.relative_to(ROOT)} names {ref}, which does not exist"
