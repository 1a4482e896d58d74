"""A tiny stand-in for the app shell, to drive the editor screens in tests and by hand."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.screen import Screen

from horizon_builder.session.core import Session

FIXTURES = Path(__file__).parent / "fixtures_editors"
RULES = str(FIXTURES / "editors.toml")
CSS = Path(__file__).parent.parent / "horizon_builder" / "tui" / "app.tcss"


class EditorTestApp(App):
    """Holds ``session`` and calls ``refresh_view`` on every screen after each change (the contract)."""

    CSS_PATH = str(CSS)

    def __init__(self, session: Session, screen_factory) -> None:
        super().__init__()
        self.session = session
        self.screen_factory = screen_factory
        self.results: list[object] = []
        self.changes = 0

    def on_mount(self) -> None:
        self.push_screen(self.screen_factory(), callback=self.results.append)

    def session_changed(self) -> None:
        self.changes += 1
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_view", None)
            if refresh is not None:
                refresh()

    def undo(self) -> None:
        self.session.undo()
        self.session_changed()

    def redo(self) -> None:
        self.session.redo()
        self.session_changed()

    def top(self) -> Screen:
        return self.screen


def new_session(*overrides: str, supplements: list[str] | None = None) -> Session:
    return Session.new(name="Test battlegroup", force_cost=20, supplements=supplements or [],
                       extra_overrides=overrides)
