"""The image tests build and run a container image (minutes, root, mmdebstrap and buildah): collected only when
asked for with ``-m image`` (``deploy/image/test.sh``), never by a plain ``pytest tests``."""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if collection_path.name.startswith("test_") and "image" not in (config.getoption("markexpr") or ""):
        return True
    return None
