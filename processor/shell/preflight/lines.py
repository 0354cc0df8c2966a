"""One result of `toolmend validate`: a problem the worker would refuse to start on, a note, a check the broker
did not allow, or what was found sound."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Level = Literal["problem", "unreachable", "ok", "note", "not checked"]


@dataclass(frozen=True)
class Line:
    level: Level
    text: str

    def show(self) -> str:
        return self.text if self.level in ("problem", "unreachable", "ok") else f"{self.level}: {self.text}"


def problem(text: str) -> Line:
    return Line("problem", text)


def ok(text: str) -> Line:
    return Line("ok", text)


def note(text: str) -> Line:
    return Line("note", text)


def unchecked(text: str) -> Line:
    return Line("not checked", text)


__all__ = ["Level", "Line", "note", "ok", "problem", "unchecked"]
