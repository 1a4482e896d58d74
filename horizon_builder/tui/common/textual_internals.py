"""Every private name of Textual and Rich the app still uses, in one place (issue 44 item 2).

Textual (bounded ``>=8,<9`` in pyproject.toml) and Rich may change their insides in any
release. Each name kept here says why no public API does, what the app does without it
(the feature off, one line in the log: never a crash) and the versions it was tried on.
``tests/test_internals_fallback.py`` removes or renames each one and shows the app still
starts, edits, saves and quits; the rest of the app calls these functions, never a private
name (``tests/test_architecture.py`` guards this).

Replaced by public API in issue 44: the footer's keys (``FooterKey``, ``_bindings_ready``:
the footer draws its own keys, tui/common/keys_footer.py), the toast rack (a CSS type
selector), the type-ahead's reads of the message queues (``_message_queue``,
``_pending_message``, ``_next_callbacks``: ``message_queue_size``), the option list's
``_divider`` and ``_lines`` (``get_content_height``), ``App._parse_action``
(``textual.actions.parse``); the element table's DataTable hooks and the screens'
compositor hook (the element table and its screens' own change).

Tried on Textual 8.0.0 (the floor) and 8.2.8 (the newest the bound allows, 2026-12-08),
Rich 15.0.0.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import rich.control
import textual.content
from textual.screen import Screen

__all__ = ["AFTER_REFRESH", "CONTROL_TABLE", "install_control_filter", "screen_callbacks_waiting"]

_log = logging.getLogger(__name__)
_said: set[str] = set()


def _gone(name: str, feature: str) -> None:
    """One line in the log, once a run, for a private name this Textual or Rich lacks."""
    if name not in _said:
        _said.add(name)
        _log.warning("%s not found in this Textual/Rich: %s is off", name, feature)


# --- the type-ahead's look at a screen's after-refresh callbacks (tui/typeahead.py) ------
# Why: a key typed while a screen opens is held until the screen has done the work queued
# before it; tests/test_tui_keys.py pins it (7 of its 21 tests fail without the type-ahead).
# The message queues are read through the public ``message_queue_size``; a screen's first
# focus, though, is set in an after-refresh callback, which no public API shows (keys typed
# as the app starts went to the screen before its focus without this: 1 test of the 21).
# Without it: keys typed while a screen opens may reach it before its first focus (as in a
# stock Textual app); the rest of the type-ahead works. One line in the log says so.
# Public replacement: none in Textual 8 (an "is idle" query per node would do).
AFTER_REFRESH = "_callbacks"  # Screen's, set per instance (the fallback test renames it here)


def screen_callbacks_waiting(node: Screen[Any]) -> bool:
    """After-refresh callbacks pending on the screen (its first focus is set in one)."""
    try:
        return bool(getattr(node, AFTER_REFRESH))
    except (AttributeError, TypeError):
        _gone(f"Screen.{AFTER_REFRESH}", "the type-ahead's wait for a screen's first focus")
        return False


# --- the control-character safety net (tui/app.py, at start) -----------------------------
# Why: Rich and Textual strip a few controls (BEL, BS, VT, FF, CR) from every ``Text`` and
# ``Content`` through one private translation table each; extending those tables escapes every
# control character that reaches the screen some way other than tui/common/plain.py.
# Without them: names and file text are still escaped by plain() (every text from a file or
# a user goes through it); only a control character that reaches the screen another way is
# written raw, as in a stock Textual app. One line in the log says so.
# Rich has no upper bound in pyproject.toml (Textual's own requirement decides it): the test
# tests/test_tui_app.py::test_the_control_filter_reaches_rich_and_textual runs on the newest
# versions the bounds allow (.ci/run's fresh environment), so a Rich release without the
# table fails CI; a user who gets it meanwhile loses only the safety net (the fallback above).
# Public replacement: none (a control-character policy hook in Rich's Text would do).
CONTROL_TABLE = "_CONTROL_STRIP_TRANSLATE"  # in rich.control and in textual.content


def install_control_filter() -> list[str]:
    """Make Rich and Textual show control characters as escapes instead of writing them raw.

    Extends both tables to every C0 (but tab and line feed), DEL, C1 and bidi control, shown
    as ``\\x1b``-style escapes. Returns the tables it could not find (none, today), each said
    once in the log.
    """
    from horizon_builder.text.safetext import UNSAFE_CHARS, printable

    pattern = re.compile(f"[{UNSAFE_CHARS}]")
    table = {code: printable(chr(code)) for code in range(0x3000) if pattern.match(chr(code))}
    missing = []
    for module in (rich.control, textual.content):
        existing = getattr(module, CONTROL_TABLE, None)
        if isinstance(existing, dict):
            existing.update(table)
        else:
            missing.append(module.__name__)
            _gone(f"{module.__name__}.{CONTROL_TABLE}", "the control-character filter")
    return missing
