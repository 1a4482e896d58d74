"""User text in the app: always plain (never markup) and with control characters escaped.

Names come from files: ``[/]`` or ``[link=…]`` in one must show as typed, never be
parsed as Textual markup (which may fail and crash the app), and an ESC, OSC or
bidi override in one must never reach the terminal. :func:`plain` makes the
Content for a user string; :func:`install_control_filter` is the safety net for
any string that reaches a Rich ``Text`` or a Textual ``Content`` some other way.
"""

from __future__ import annotations

import re

import rich.control
import textual.content
from textual.content import Content

from horizon_builder.text.safetext import UNSAFE_CHARS, printable

__all__ = ["install_control_filter", "plain", "printable"]


def plain(text: object) -> Content:
    """A user string as plain Content on one line, control characters escaped."""
    return Content(printable(text))


def install_control_filter() -> None:
    """Make Rich and Textual show control characters as escapes instead of writing them raw.

    Both strip a few controls (BEL, BS, VT, FF, CR) from every ``Text`` and ``Content``
    through one translation table each; we extend those tables to every C0 (but tab
    and line feed), DEL, C1 and bidi control, shown as ``\\x1b``-style escapes.
    """
    table = {ord(ch): printable(ch) for ch in _chars(UNSAFE_CHARS)}
    for module, name in ((rich.control, "_CONTROL_STRIP_TRANSLATE"),
                         (textual.content, "_CONTROL_STRIP_TRANSLATE")):
        existing = getattr(module, name, None)
        if isinstance(existing, dict):
            existing.update(table)


def _chars(char_class: str) -> list[str]:
    pattern = re.compile(f"[{char_class}]")
    return [chr(code) for code in range(0x3000) if pattern.match(chr(code))]
