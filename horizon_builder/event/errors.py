"""The one error of an event night: why an event cannot be read, changed or written."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from horizon_builder.files.problems import Problem


class EventError(ValueError):
    """What is wrong, ready to show; nothing was written. ``problems`` locate it (file, and
    line and key where there are some); an error raised by a pure edit has none until the
    event session names its file (:meth:`at`)."""

    def __init__(self, message: str, problems: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)

    @classmethod
    def at(cls, path: str | Path, message: str) -> EventError:
        """An error about the file ``path``."""
        return cls(message, (Problem(str(path), message),))

    @classmethod
    def of(cls, problems: Sequence[Problem]) -> EventError:
        """An error of located problems (a file that cannot be read, a list refused)."""
        return cls("\n".join(str(p) for p in problems), problems)

    def lines(self) -> list[str]:
        """One line per problem, each naming its file (the message itself when it has none)."""
        return [str(p) for p in self.problems] or [str(self)]
