"""Updating a widget without work when nothing changed: a frame per keystroke.

``Static.update`` always asks for a relayout of the whole screen, and a relayout
re-renders every widget on it. After an edit most texts of a screen are what they
were, so these helpers skip the update when the content is the same, and skip the
relayout for a widget whose size does not follow its content (fixed height, width
set by the layout).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.content import Content
from textual.widgets import Static


def content_key(content: Any) -> object | None:
    """What makes two contents render alike (None: not known; never equal)."""
    if isinstance(content, str):
        return content
    if isinstance(content, Content):
        return ("content", content.plain, tuple(content.spans))
    if isinstance(content, Text):
        return ("text", content.plain, tuple(content.spans), str(content.style), content.justify,
                content.overflow, content.no_wrap, content.end)
    return None


def update_static(widget: Static, content: Any, *, fixed_size: bool = False) -> None:
    """``widget.update(content)``, or nothing when it shows that content already; a widget
    whose size its content never changes (``fixed_size``) is repainted without a relayout."""
    key = content_key(content)
    if key is not None and widget.__dict__.get("_shown_key") == key:
        return
    widget.__dict__["_shown_key"] = key
    widget.update(content, layout=not fixed_size)
