"""Your rulebook: the values a player enters once from the core book, kept apart from ours.

The core *Horizon Wars* rulebook's tables are not available to the project, so
many values are provisional or unknown (RULES.md §0). A player who owns the book
enters them once; they live in a ruleset layer in the user's config folder
(``my-rules.toml``), applied after the shipped data to every roster opened on
this machine and before a roster's own house rules or an event preset. Every
value written here carries ``source = "entered by you"`` (or what the player
typed). A value the player sets is *entered* whatever its source says, and no longer
provisional; a rulebook that only fills values the book data does not know is said as
"core values entered from your rulebook: N", and one that changes a value the book data
holds is "beyond the book" like house rules (:mod:`horizon_builder.rules.entered`).

Writes are atomic, and validated by the same models first: a value the models
refuse is never written, and a file that does not load is never overwritten.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from horizon_builder.files.tomlfile import read_regular_file, read_toml, write_text_atomic

ENV_DIR = "HORIZON_BUILDER_CONFIG_DIR"
ENV_OFF = "HORIZON_BUILDER_NO_PERSONAL_RULES"
FILE_NAME = "my-rules.toml"
ENTERED = "entered by you"
ROLE = "your rulebook (personal rules)"
#: How a value your rulebook entered names its layer (``changed_by``).
ENTERED_FROM = "your rulebook"

Loc = tuple[str, ...]


def config_dir() -> Path:
    """The user's config folder (platformdirs), or ``$HORIZON_BUILDER_CONFIG_DIR``."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir("horizon-builder", appauthor=False))


def personal_rules_path() -> Path:
    return config_dir() / FILE_NAME


def personal_layers(enabled: bool = True) -> list[Path]:
    """The personal layer to apply, when enabled and present (``$HORIZON_BUILDER_NO_PERSONAL_RULES``
    set, as ``--no-personal-rules`` does for the app, turns it off everywhere). Anything at
    its name counts: a folder, a pipe or a link to a device is then reported by the loader
    (and left out), never silently ignored."""
    path = personal_rules_path()
    off = bool(os.environ.get(ENV_OFF))
    return [path] if enabled and not off and _present(path) else []


def _present(path: Path) -> bool:
    try:
        return os.path.lexists(path)
    except (OSError, ValueError):
        return False


def read_personal(path: Path | None = None) -> dict[str, Any]:
    """The personal layer as data ({} when there is none); LoadError when it is broken."""
    path = path or personal_rules_path()
    if not _present(path):
        return {}
    data, _text = read_toml(path)
    return data


def with_value(data: dict[str, Any], loc: Sequence[str], value: Any,
               source: str | None = ENTERED, source_at: int | None = None) -> dict[str, Any]:
    """A copy of ``data`` with ``value`` at ``loc`` (a value of None removes it), and the
    ``source`` of the table ``loc[:source_at]`` (default: the value's own table) set."""
    import tomli_w

    out = tomllib.loads(tomli_w.dumps(data))  # a deep copy in plain TOML types
    node = out
    for key in loc[:-1]:
        node = node.setdefault(key, {})
        if not isinstance(node, dict):
            raise ValueError(f"{'.'.join(loc)}: not a table in your rules file")
    if value is None:
        node.pop(loc[-1], None)
    else:
        node[loc[-1]] = value
    if source is not None and value is not None:
        table = out
        for key in loc[: len(loc) - 1 if source_at is None else source_at]:
            table = table.setdefault(key, {})
        table["source"] = source
        table.pop("provisional", None)  # entered from the book: its own provenance says so
    return out


def snapshot(path: Path | None = None) -> str | None:
    """The personal layer's text as it is now (None: there is none), to undo an entry."""
    target = path or personal_rules_path()
    return read_regular_file(target).decode("utf-8") if target.is_file() else None


def restore(text: str | None, path: Path | None = None) -> None:
    """Put the personal layer back as :func:`snapshot` saw it (atomically)."""
    target = path or personal_rules_path()
    if text is None:
        target.unlink(missing_ok=True)
    else:
        write_text_atomic(target, text)
