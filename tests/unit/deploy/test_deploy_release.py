"""What a release carries: the licence text, a changelog in Keep a Changelog's form, `toolmend --version` from the
package metadata, and the image's OCI labels (version, revision, source) as deploy/image/build.sh passes them."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

import processor
from processor.shell import cli

ROOT = Path(__file__).resolve().parents[3]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_version_prints_the_installed_package_version_and_which_core_runs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        cli.main(["--version"])
    assert e.value.code == 0
    out = capsys.readouterr().out.strip()
    core = "compiled" if processor.core.compiled() else "python"
    assert re.fullmatch(rf"toolmend {re.escape(version('toolmend'))} \(core {core}, Python 3\.\d+\.\d+\S*\)", out), out
    # one version everywhere: the metadata, pyproject.toml and the package's own
    assert version("toolmend") == PROJECT["version"] == processor.__version__


def test_the_licence_is_the_full_apache_2_text_that_pyproject_and_the_image_name() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.lstrip().startswith("Apache License\n                           Version 2.0, January 2004")
    sections = ["Definitions", "Grant of Copyright License", "Grant of Patent License", "Redistribution",
                "Submission of Contributions", "Trademarks", "Disclaimer of Warranty", "Limitation of Liability",
                "Accepting Warranty or Additional Liability"]
    for n, title in enumerate(sections, 1):
        assert f"   {n}. {title}." in text, title
    assert "END OF TERMS AND CONDITIONS" in text and len(text) > 11000
    assert PROJECT["license"] == "Apache-2.0"
    assert 'org.opencontainers.image.licenses="Apache-2.0"' in (ROOT / "deploy" / "Dockerfile").read_text()


KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")


def test_the_changelog_follows_keep_a_changelog_with_an_unreleased_section_first() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n")
    assert "keepachangelog.com" in text and "semver.org" in text
    releases = re.findall(r"^## (.+)$", text, re.M)
    assert releases and releases[0] == "[Unreleased]", releases
    for r in releases[1:]:
        assert re.fullmatch(r"\[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}", r), r
    for body in re.split(r"^## .+$", text, flags=re.M)[1:]:
        kinds = re.findall(r"^### (.+)$", body, re.M)
        assert kinds and set(kinds) <= set(KINDS), kinds
        for part in re.split(r"^### .+$", body, flags=re.M)[1:]:
            assert re.search(r"^- \S", part, re.M), "a changelog section without an entry"


def labels(repo: Path, **env: str) -> dict[str, str]:
    r = subprocess.run(["bash", str(repo / "deploy" / "image" / "labels.sh")], capture_output=True, text=True,
                       check=True, timeout=60, env={"PATH": "/usr/bin:/bin", "PYTHON": sys.executable, **env})
    out = {}
    for line in r.stdout.splitlines():
        assert line.startswith("--label=org.opencontainers.image."), line
        key, _, value = line.removeprefix("--label=").partition("=")
        out[key.removeprefix("org.opencontainers.image.")] = value
    return out


def test_the_image_labels_name_the_version_the_commit_and_the_source(tmp_path: Path) -> None:
    git = shutil.which("git")
    assert git, "git is needed to label the image with its revision"
    repo = tmp_path / "repo"
    (repo / "deploy" / "image").mkdir(parents=True)
    shutil.copy(ROOT / "deploy" / "image" / "labels.sh", repo / "deploy" / "image" / "labels.sh")
    (repo / "pyproject.toml").write_text('[project]\nname = "toolmend"\nversion = "1.2.3"\n')

    def run(*args: str) -> str:
        return subprocess.run([git, "-C", str(repo), *args], capture_output=True, text=True, check=True,
                              timeout=60).stdout.strip()

    run("init", "-q")
    run("-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
    run("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x")
    head = run("rev-parse", "HEAD")
    got = labels(repo)
    assert got == {"version": "1.2.3", "revision": head, "source": "unknown"}
    # a remote with credentials in it names the repository without them
    run("remote", "add", "origin", "https://ci:secret-token@git.example.com/team/toolmend.git")
    assert labels(repo)["source"] == "https://git.example.com/team/toolmend.git"
    assert labels(repo, SOURCE_URL="https://example.com/src")["source"] == "https://example.com/src"
    (repo / "pyproject.toml").write_text('[project]\nversion = "1.2.3"\nurls = {Source = "https://example.com/p"}\n')
    got = labels(repo)
    assert got["source"] == "https://example.com/p" and got["revision"] == f"{head}-dirty"


def test_build_sh_passes_the_labels_to_the_image_build() -> None:
    build = (ROOT / "deploy" / "image" / "build.sh").read_text(encoding="utf-8")
    assert 'mapfile -t labels < <(PYTHON="$PY" bash deploy/image/labels.sh)' in build
    (bud,) = [line for line in build.splitlines() if '"${B[@]}" bud' in line]
    assert '"${labels[@]}"' in bud
