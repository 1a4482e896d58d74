"""Keys the user remaps, and the theme remembered: both live in prefs.toml.

Every key a user may want elsewhere has a binding id (``roster.add``, ``app.save`` ...);
``[keymap]`` in prefs.toml maps ids to keys (Textual's keymap, applied on every screen)::

    [keymap]
    "roster.add" = "A"
    "app.save" = "ctrl+s,f2"

The help screen lists every id with its key (:func:`keymap_help`). A theme chosen in the
palette ("Change theme") or with F9 is remembered (:class:`Keys`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from textual.app import App
from textual.binding import Binding, BindingType
from textual.keys import format_key
from textual.theme import Theme

from horizon_builder.userfiles.prefs import keymap_pref, pref, prefs_path, save_pref

#: Problems of the keymap said one by one; more are counted.
FIRST = 5


def _bindings(bindings: Iterable[BindingType]) -> list[Binding]:
    return [b for b in bindings if isinstance(b, Binding) and b.id]


def remappable() -> list[tuple[str, list[Binding]]]:
    """Where each remappable key works, and its bindings (each with an id)."""
    from horizon_builder.tui.common.keys_footer import APP_BINDINGS
    from horizon_builder.tui.roster.home import RosterScreen
    from horizon_builder.tui.sharing.export import ExportScreen
    from horizon_builder.tui.sharing.open_dialog import OpenRosterDialog

    return [("everywhere", _bindings(APP_BINDINGS)), ("the roster", _bindings(RosterScreen.BINDINGS)),
            ("export", _bindings(ExportScreen.BINDINGS)),
            ("open", _bindings(OpenRosterDialog.BINDINGS))]


def binding_ids() -> set[str]:
    return {b.id for _, bindings in remappable() for b in bindings if b.id}


def keymap_problems(keymap: dict[str, str]) -> list[str]:
    """The entries of the user's keymap that name no binding (the first :data:`FIRST`, then
    how many more), and the keys it takes from another binding that keeps its own keys (then
    that one loses the key): each a sentence."""
    known = binding_ids()
    place = f"{prefs_path()}: [keymap]"
    unknown = [binding_id for binding_id in keymap if binding_id not in known]
    problems = [f"{place} {binding_id!r} is not a binding id (the help screen, "
                "F1, lists them); left out" for binding_id in unknown[:FIRST]]
    if len(unknown) > FIRST:
        problems.append(f"{place}: {len(unknown) - FIRST:,} more ids that are not binding ids "
                        f"({len(unknown):,} in all); left out")
    groups = dict(remappable())
    for where, bindings in groups.items():
        # a key given here clashes with the same screen's bindings and the app's (an app key,
        # with every screen's: there the screen's binding wins)
        neighbours = ([b for group in groups.values() for b in group] if where == "everywhere"
                      else bindings + groups["everywhere"])
        for binding in bindings:
            for key in (keymap.get(binding.id or "") or "").split(","):
                problems += [f"{place} {binding.id!r} takes {key} from "
                             f"“{other.description}” ({other.id}), which no longer has it"
                             for other in neighbours if other is not binding and key
                             and key not in _keys(binding)  # its own key: nothing taken
                             and other.id not in keymap and key in _keys(other)]
    return problems


def first_of(problems: list[str]) -> list[str]:
    """At most :data:`FIRST` problems and a count of the rest (a toast of every one of
    100,000 entries held the app for seconds)."""
    if len(problems) <= FIRST + 1:
        return problems
    return [*problems[:FIRST], f"… and {len(problems) - FIRST:,} more ({len(problems):,} in all)"]


def _shown(keys: str) -> str:
    """Keys as the help table shows them: `]` / `shift+down` (a | escaped for the table)."""
    return " / ".join(f"`{format_key(k.strip())}`".replace("|", "\\|") for k in keys.split(","))


def _keys(binding: Binding) -> list[str]:
    return [k.strip() for k in binding.key.split(",")]


def player_keys(binding_id: str, keymap: dict[str, str]) -> str:
    """The keys of a remappable binding as the player has them: their ``[keymap]`` entry, else
    the default ("a", "ctrl+s,f2", "f1,question_mark")."""
    mine = keymap.get(binding_id)
    if mine:
        return mine
    for _, bindings in remappable():
        for binding in bindings:
            if binding.id == binding_id:
                return binding.key
    raise KeyError(binding_id)


#: a binding id in a text that names its keys: ``{roster.add}``
_KEY_ID = re.compile(r"\{([a-z_]+\.[a-z_]+)\}")


def with_keys(text: str, keymap: dict[str, str], markdown: bool = False) -> str:
    """``text`` with each ``{binding.id}`` replaced by the player's keys for it ("a", or
    "ctrl+s / f2"; in backticks for the help's Markdown): the palette and the help say the
    keys the player has, not the defaults."""
    def keys(match: re.Match[str]) -> str:
        shown = player_keys(match.group(1), keymap)
        if markdown:
            return _shown(shown)
        return " / ".join(format_key(k.strip()) for k in shown.split(","))

    return _KEY_ID.sub(keys, text)


def keymap_help(keymap: dict[str, str]) -> str:
    """The help screen's section: every remappable key, its id, and the user's key if any."""
    lines = ["## Your keys", "",
             f"Any of these keys can be changed in `{prefs_path()}`, under `[keymap]`, by the "
             "id shown (for example `\"roster.add\" = \"A\"`; several keys: `\"app.save\" = "
             "\"ctrl+s,f2\"`). The change takes effect when the app starts.", "",
             "| Where | Id | Does | Key |", "|---|---|---|---|"]
    for where, bindings in remappable():
        for binding in bindings:
            assert binding.id is not None
            default = _shown(binding.key)
            mine = keymap.get(binding.id)
            key = f"{_shown(mine)} (yours; default {default})" if mine else default
            lines.append(f"| {where} | `{binding.id}` | {binding.description or binding.action} "
                         f"| {key} |")
    return "\n".join(lines) + "\n"


class Keys:
    """The app's remembered theme and the user's keymap, from prefs.toml (a plain part of
    the app: it sets the app's keymap and subscribes to its theme)."""

    def __init__(self, app: App[int], prefs: dict[str, Any] | None = None) -> None:
        """Apply the user's keymap (a preference is a convenience: a bad one is left out and
        said once the roster is shown, never an error). The remembered theme is applied by
        :func:`horizon_builder.tui.sidefiles.remembered_theme`, which says when it is gone."""
        self.app = app
        keymap, self._problems = keymap_pref(prefs)  # prefs: the file already read, if it was
        #: the user's keys from prefs.toml (binding id → keys), as applied
        self.user_keymap: dict[str, str] = keymap
        app.set_keymap(keymap)

    def say_problems(self) -> None:
        """Once the roster is shown: what in the user's keymap was left out, and why."""
        problems = [*self._problems, *keymap_problems(self.user_keymap)]
        self._problems = []
        if problems:
            self.app.notify("\n".join(first_of(problems)), title="Your keys", severity="warning",
                            timeout=10)

    def remember_theme(self) -> None:
        """From now on a theme chosen any way (palette, F9) is kept for the next run."""
        self.app.theme_changed_signal.subscribe(self.app, _theme_chosen)


def _theme_chosen(theme: Theme) -> None:
    if pref("theme", "") != theme.name:
        save_pref("theme", theme.name)
