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
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


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


def _line_count(box: OptionList) -> int:
    """How many lines the list's options take at its width (Textual's own measure)."""
    size = box.content_size
    return box.get_content_height(size, size, size.width)


def replace_options(box: OptionList, options: list[Option]) -> None:
    """``box.set_options(options)``, without a relayout when the list keeps its options' ids
    and its height in lines: their prompts (and which are disabled) are replaced in place.

    ``set_options`` lays the screen out again for a list of ``height: auto`` every time, and
    a relayout re-renders every widget on the screen. The highlight stays where it was. For
    lists without dividers (``options`` has none: only ``set_options`` makes them)."""
    old = box.options
    if not old or len(old) != len(options) or any(
            o.id != n.id for o, n in zip(old, options, strict=True)):
        box.set_options(options)
        return
    lines = _line_count(box)
    for index, (before, after) in enumerate(zip(old, options, strict=True)):
        if before.prompt is not after.prompt:
            box.replace_option_prompt_at_index(index, after.prompt)
        if before.disabled != after.disabled:
            if after.disabled:
                box.disable_option_at_index(index)
            else:
                box.enable_option_at_index(index)
    if _line_count(box) != lines:  # taller or shorter: its neighbours move
        box.refresh(layout=True)
