"""Every use of tomlkit's private names, in one place (issue 28 item 1).

tomlkit is 0.x, so any minor release may change its insides: pyproject.toml bounds it
below the next minor it has not been tried with, and ``.ci/run`` runs the smoke tests on
the newest version the bound allows. The rest of the project calls these functions, never a
private name of tomlkit (tests/test_architecture.py guards this).
"""

from __future__ import annotations

from typing import Any

__all__ = ["insert_after", "insert_first"]


# Why: a key added to a table in a user's file goes beside its siblings (before the
# sub-tables that follow them), not at the end where it would land in the wrong table.
# Public replacement: none in tomlkit 0.15 (``Container.add``/``append`` only append);
# an ``insert(index, key, item)`` on ``Container`` would do.

def insert_first(container: Any, key: str, item: Any) -> None:
    """Put ``key = item`` at the start of the tomlkit container."""
    container._insert_at(0, key, item)


def insert_after(container: Any, after: Any, key: str, item: Any) -> None:
    """Put ``key = item`` just after the key ``after`` (a str or a tomlkit Key) of the tomlkit container."""
    container._insert_after(after, key, item)
