"""The app's side of the files beside a roster (issue 25): the remembered theme checked
against the themes this Textual has, and the temporary files a killed save left, removed
at the start. Reading the files themselves is the core's (userfiles/prefs.py, files/tomlfile.py)."""

from __future__ import annotations

from collections.abc import Container
from pathlib import Path
from typing import Any

from horizon_builder.userfiles.prefs import pref

DEFAULT_THEME = "textual-dark"


def remembered_theme(available: Container[str], prefs: dict[str, Any] | None = None
                     ) -> tuple[str, list[str]]:
    """The theme remembered in prefs.toml when this Textual still has it (an upgrade may drop
    one); else the default, and a message saying so (``prefs``: the file already read)."""
    name = pref("theme", DEFAULT_THEME, prefs)
    if name in available:
        return str(name), []
    return DEFAULT_THEME, [f"The theme {name!r} remembered in prefs.toml is not available: "
                           "the default theme is used."]


def clean_at_start(initial: Path | None) -> None:
    """The hidden temporary files a save killed midway left beside the roster opened, your
    rulebook and the preferences go at the start, not only after the next save there."""
    from horizon_builder.files.tomlfile import clean_temporaries
    from horizon_builder.rules.personal import personal_rules_path
    from horizon_builder.userfiles.prefs import prefs_path

    clean_temporaries([p for p in (initial, personal_rules_path(), prefs_path()) if p is not None])
