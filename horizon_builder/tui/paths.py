"""Small path helpers of the app shell (kept apart so the shell stays short)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from horizon_builder.problems import Problem


def only_in(problems: list[Problem], files: Sequence[str]) -> bool:
    """True when every problem is in one of ``files``."""
    wanted = {Path(f).resolve() for f in files}
    return all(Path(p.path).resolve() in wanted for p in problems)


def exists(path: Path) -> bool:
    """True unless the path surely names nothing (a name the system refuses is opened, to say why)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return True


def display_path(path: Path) -> str:
    """A path relative to the working folder when it is inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)
