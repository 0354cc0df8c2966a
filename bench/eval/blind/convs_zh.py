"""Chinese conversations."""

from engine import Spec

SPECS: list[Spec] = []
