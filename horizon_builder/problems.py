"""Problems found while reading a file: each names the file, the place and what is wrong."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, located as precisely as we can."""

    path: str
    message: str
    key: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        place = self.path
        if self.line is not None:
            place += f":{self.line}"
        if self.key:
            place += f": {self.key}"
        return f"{place}: {self.message}"


class LoadError(Exception):
    """A roster or ruleset file that cannot be used; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))

    @classmethod
    def single(cls, path: str | Path, message: str, key: str | None = None,
               line: int | None = None) -> LoadError:
        return cls([Problem(str(path), message, key, line)])
