"""Problems found while reading a file: each names the file, the place and what is wrong."""

from __future__ import annotations

from collections.abc import Iterable
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

    @property
    def in_file(self) -> str:
        """The problem where the file is named already: ``line 7: force_cost: what``."""
        place = ": ".join(x for x in (f"line {self.line}" if self.line is not None else "",
                                      self.key or "") if x)
        return f"{place}: {self.message}" if place else self.message


class LoadError(Exception):
    """A roster or ruleset file that cannot be used; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))

    @classmethod
    def single(cls, path: str | Path, message: str, key: str | None = None,
               line: int | None = None) -> LoadError:
        return cls([Problem(str(path), message, key, line)])


#: Names listed in full when a file's name matches none of them closely (more: a hint).
LIST_AT_MOST = 8


def suggest(word: str, names: Iterable[str], where: str = "`horizon-builder rules` lists them") -> str:
    """What to say after an unknown name: the closest names (difflib), else the names
    themselves when they are few, else where to find them. Bracketed, with a leading space."""
    import difflib

    known = sorted(set(names))
    close = difflib.get_close_matches(word, known, n=2, cutoff=0.6)
    if close:
        return f" (did you mean {' or '.join(repr(name) for name in close)}?)"
    if len(known) <= LIST_AT_MOST:
        return f" (known: {', '.join(known) or 'none'})"
    return f" ({where})"
