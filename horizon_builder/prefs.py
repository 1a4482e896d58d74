"""What the app remembers between runs (in the user's config folder, ``prefs.toml``): the
theme, the last export format, the rosters opened or saved lately, and the user's keys
(``[keymap]``: binding id = keys; see tui/keymap.py). A preference is a
convenience: a file that cannot be read or written is ignored, never an error."""

from __future__ import annotations

import contextlib
import re
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from horizon_builder.rules.personal import config_dir
from horizon_builder.tomlfile import write_text_atomic

FILE_NAME = "prefs.toml"
RECENT = 10


def _path() -> Path:
    return config_dir() / FILE_NAME


def load_prefs() -> dict[str, Any]:
    try:
        data = tomllib.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_pref(key: str, value: Any) -> None:
    data = load_prefs()
    data[key] = value
    with contextlib.suppress(OSError, ValueError, TypeError):
        _path().parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(_path(), tomli_w.dumps(data))


def pref(key: str, default: Any = None) -> Any:
    value = load_prefs().get(key, default)
    return value if isinstance(value, type(default)) or default is None else default


def remember_recent(path: Path) -> None:
    """Put a roster at the top of the recent list (each once, at most ten)."""
    name = str(path.resolve())
    recent = [p for p in pref("recent", []) if isinstance(p, str) and p != name]
    save_pref("recent", [name, *recent][:RECENT])


def recent_rosters() -> list[Path]:
    """The rosters opened or saved lately that are still there, newest first."""
    return [Path(p) for p in pref("recent", []) if isinstance(p, str) and Path(p).is_file()]


def prefs_path() -> Path:
    """Where the preferences are kept (for messages and the help screen)."""
    return _path()


#: One key as Textual names it: "a", "A", "f2", "ctrl+s", "shift+up", "question_mark".
_KEY = re.compile(r"^(?:[a-z]+\+)*(?:[A-Za-z0-9]|[a-z][a-z0-9_]+|[^\sA-Za-z0-9,+])$")


def keymap_pref() -> tuple[dict[str, str], list[str]]:
    """The user's ``[keymap]`` (binding id → keys, comma-separated) and what is wrong in it:
    an entry that is not a string of key names is left out and said."""
    table = load_prefs().get("keymap", {})
    where = f"{_path()}: [keymap]"
    if not isinstance(table, dict):
        return {}, [f"{where} must be a table of binding id = \"keys\"; left out"]
    keymap: dict[str, str] = {}
    problems = []
    for binding_id, keys in table.items():
        if not isinstance(keys, str):
            problems.append(f"{where} {binding_id!r}: keys are a string such as \"ctrl+s\"; "
                            "left out")
            continue
        bad = [k for k in keys.split(",") if not _KEY.match(k.strip())]
        if bad or not keys.strip():
            problems.append(f"{where} {binding_id!r}: {', '.join(map(repr, bad)) or 'nothing'} "
                            "is not a key name (such as a, A, f2, ctrl+s, shift+up); left out")
            continue
        keymap[binding_id] = ",".join(k.strip() for k in keys.split(","))
    return keymap, problems
