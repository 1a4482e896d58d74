"""The app's title and sub-title in the screens' headers, without a whole-screen repaint."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.widgets import Header, Static


def show_titles(app: App[Any], title: str, sub_title: str) -> None:
    """Set the app's title and sub-title and show them in each screen's header.

    Set the usual way (``App.title`` is a reactive), a title repaints every line of the
    screen: the first edit's "● modified" would cost a whole frame. Here only the headers'
    title lines are repainted."""
    if (title, sub_title) == (app.title, app.sub_title):
        return
    app.set_reactive(App.title, title)
    app.set_reactive(App.sub_title, sub_title)
    for screen in app.screen_stack:
        for header in screen.query(Header):
            # the title line keeps its size: no layout of the screen for it
            # (Textual's HeaderTitle, a Static, found by its type name: no private import)
            header.query_one("HeaderTitle", Static).update(header.format_title(), layout=False)
