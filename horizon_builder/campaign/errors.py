"""The one error of a campaign: why it cannot be read, changed or written."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from horizon_builder.files.problems import Problem


class CampaignError(ValueError):
    """What is wrong, ready to show; nothing was written. ``problems`` locate it (file, and
    line and key where there are some)."""

    def __init__(self, message: str, problems: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)

    @classmethod
    def at(cls, path: str | Path, message: str) -> CampaignError:
        return cls(message, (Problem(str(path), message),))

    @classmethod
    def of(cls, problems: Sequence[Problem]) -> CampaignError:
        return cls("\n".join(str(p) for p in problems), problems)

    def lines(self) -> list[str]:
        """One line per problem, each naming its file."""
        return [str(p) for p in self.problems] or [str(self)]
