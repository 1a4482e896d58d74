"""What the app remembers between runs (in the user's config folder, ``prefs.toml``): the
theme, the last export format, the rosters opened or saved lately, and the user's keys
(``[keymap]``: binding id = keys; see tui/keymap.py). A preference is a
convenience: a file that cannot be read or written is never an error. It is read with the
guards of a roster file (a regular file, a size cap, bounded nesting); one that cannot be
used is set aside as ``prefs.toml.bad`` with a message (:func:`take_problems`), and the
app carries on with the defaults. Each value is checked where it is asked for (:func:`pref`)."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

import tomli_w

from horizon_builder.files.problems import LoadError
from horizon_builder.files.tomlfile import is_file, read_toml, set_aside, write_text_atomic
from horizon_builder.rules.personal import config_dir

FILE_NAME = "prefs.toml"
RECENT = 10
#: read_toml's words for a file with nothing in it: no preferences yet, not a bad file
_NOTHING = ("file not found", "file is empty", "file has no settings")
#: why the preferences file was set aside this run (the app shows each once)
_problems: list[str] = []
_said: set[str] = set()


def prefs_path() -> Path:
    return config_dir() / FILE_NAME


def load_prefs() -> dict[str, Any]:
    """The preferences ({} when there are none, or the file cannot be used: then it is
    set aside and :func:`take_problems` says why)."""
    path = prefs_path()
    try:
        data, _text = read_toml(path)
    except LoadError as exc:
        problem = exc.problems[0] if exc.problems else None
        if problem is not None and problem.message not in _NOTHING:
            aside = set_aside(path)
            kept = f"it is kept as {aside}" if aside is not None else "it is left as it is"
            message = f"{problem}; {kept}, and the defaults are used."
            if message not in _said:  # a file that cannot be moved is said once, not at each read
                _said.add(message)
                _problems.append(message)
        return {}
    return data


def take_problems() -> list[str]:
    """The messages about a preferences file set aside since the last call."""
    out = list(_problems)
    _problems.clear()
    return out


def save_pref(key: str, value: Any) -> None:
    data = load_prefs()
    data[key] = value
    with contextlib.suppress(OSError, ValueError, TypeError):
        prefs_path().parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(prefs_path(), tomli_w.dumps(data))


def pref(key: str, default: Any = None, data: dict[str, Any] | None = None) -> Any:
    """One preference (``data``: the preferences already read, else the file is read)."""
    value = (load_prefs() if data is None else data).get(key, default)
    return value if isinstance(value, type(default)) or default is None else default


def remember_recent(path: Path) -> None:
    """Put a roster at the top of the recent list (each once, at most ten)."""
    try:
        name = str(path.resolve())
    except (OSError, RuntimeError, ValueError):
        return
    recent = [p for p in pref("recent", []) if isinstance(p, str) and p != name]
    save_pref("recent", [name, *recent][:RECENT])


def recent_rosters() -> list[Path]:
    """The rosters opened or saved lately that are still there, newest first (a name that
    cannot be checked, too long or in a folder no longer readable, is left out)."""
    return [Path(p) for p in pref("recent", [])[:RECENT] if isinstance(p, str) and p and is_file(p)]


#: One key as Textual names it: "a", "A", "f2", "ctrl+s", "shift+up", "question_mark".
_KEY = re.compile(r"^(?:[a-z]+\+)*(?:[A-Za-z0-9]|[a-z][a-z0-9_]+|[^\sA-Za-z0-9,+])$")


def keymap_pref(data: dict[str, Any] | None = None) -> tuple[dict[str, str], list[str]]:
    """The user's ``[keymap]`` (binding id → keys, comma-separated) and what is wrong in it:
    an entry that is not a string of key names is left out and said (``data``: the
    preferences already read, else the file is read)."""
    table = (load_prefs() if data is None else data).get("keymap", {})
    where = f"{prefs_path()}: [keymap]"
    if not isinstance(table, dict):
        return {}, [f"{where} must be a table of binding id = \"keys\"; left out"]
    keymap: dict[str, str] = {}
    problems = []
    bad_entries = 0
    for binding_id, keys in table.items():
        bad = [] if not isinstance(keys, str) else [
            k for k in keys.split(",") if not _KEY.match(k.strip())]
        if isinstance(keys, str) and not bad and keys.strip():
            keymap[binding_id] = ",".join(k.strip() for k in keys.split(","))
            continue
        bad_entries += 1
        if bad_entries > FIRST_SAID:  # counted, not said one by one (a toast of each held the app)
            continue
        if not isinstance(keys, str):
            problems.append(f"{where} {binding_id!r}: keys are a string such as \"ctrl+s\"; "
                            "left out")
        else:
            problems.append(f"{where} {binding_id!r}: {', '.join(map(repr, bad)) or 'nothing'} "
                            "is not a key name (such as a, A, f2, ctrl+s, shift+up); left out")
    if bad_entries > FIRST_SAID:
        problems.append(f"{where}: {bad_entries - FIRST_SAID:,} more entries that are not keys "
                        f"({bad_entries:,} in all); left out")
    return keymap, problems


#: Bad ``[keymap]`` entries said one by one; more are counted.
FIRST_SAID = 5
