"""The Dockerfile read as instructions per stage, so tests check and emulate what it really says."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Stage:
    """One ``FROM`` and the instructions after it, as (keyword, arguments) pairs."""

    base: str
    name: str | None
    instructions: list[tuple[str, str]] = field(default_factory=list)

    def arguments(self, keyword: str) -> list[str]:
        """The arguments of every ``keyword`` instruction, in order."""
        return [arguments for name, arguments in self.instructions if name == keyword]

    def last(self, keyword: str) -> str:
        """The arguments of the ``keyword`` that takes effect (the last one)."""
        return self.arguments(keyword)[-1]

    def env(self) -> dict[str, str]:
        """Every variable the stage's ``ENV`` lines set (``key=value`` form)."""
        return dict(pair.split("=", 1) for line in self.arguments("ENV") for pair in shlex.split(line))

    def exec_form(self, keyword: str) -> list[str]:
        """A JSON-array instruction's argv (``ENTRYPOINT``, or ``HEALTHCHECK``'s ``CMD``)."""
        return json.loads(self.last(keyword).rpartition("CMD ")[2] if keyword == "HEALTHCHECK" else self.last(keyword))


def read_stages(path: Path) -> list[Stage]:
    """The stages of the Dockerfile at ``path``: comments dropped, continued lines joined."""
    stages: list[Stage] = []
    for line in _instructions(path):
        keyword, _, arguments = line.partition(" ")
        if keyword.upper() == "FROM":
            base, _, name = arguments.partition(" AS ")
            stages.append(Stage(base.strip(), name.strip() or None))
        else:
            stages[-1].instructions.append((keyword.upper(), arguments.strip()))
    return stages


def _instructions(path: Path) -> list[str]:
    """One string per instruction."""
    instructions: list[str] = []
    pending = ""
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        part = line.removesuffix("\\").strip()
        pending = f"{pending} {part}".strip()
        if not line.endswith("\\"):
            instructions.append(pending)
            pending = ""
    return instructions
