"""User text in the app: always plain (never markup) and with control characters escaped.

Names come from files: ``[/]`` or ``[link=…]`` in one must show as typed, never be
parsed as Textual markup (which may fail and crash the app), and an ESC, OSC or
bidi override in one must never reach the terminal. :func:`plain` makes the
Content for a user string; ``install_control_filter`` (in textual_internals.py, as it
patches the frameworks' private tables) is the safety net for any string that reaches a
Rich ``Text`` or a Textual ``Content`` some other way.
"""

from __future__ import annotations

from textual.content import Content

from horizon_builder.text.safetext import printable

__all__ = ["plain", "printable"]


def plain(text: object) -> Content:
    """A user string as plain Content on one line, control characters escaped."""
    return Content(printable(text))
