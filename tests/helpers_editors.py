"""A tiny stand-in for the app shell, to drive the editor screens in tests and by hand."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.screen import Screen

from horizon_builder.session.core import Session
from horizon_builder.tui.common.views import SessionChanged

FIXTURES = Path(__file__).parent / "fixtures_editors"
RULES = str(FIXTURES / "editors.toml")
CSS = Path(__file__).parent.parent / "horizon_builder" / "tui" / "app.tcss"


class EditorTestApp(App):
    """Holds ``session`` and, as the app does, turns its announcements into a message on
    which every screen's ``refresh_view`` is called (the contract)."""

    CSS_PATH = str(CSS)

    def __init__(self, session: Session, screen_factory) -> None:
        super().__init__()
        self.session = session
        self.screen_factory = screen_factory
        self.results: list[object] = []
        session.listen(lambda change: self.post_message(SessionChanged(change)))

    def on_mount(self) -> None:
        self.push_screen(self.screen_factory(), callback=self.results.append)

    def on_session_changed(self, message: SessionChanged) -> None:
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_view", None)
            if refresh is not None:
                refresh()

    def undo(self) -> None:
        self.session.undo()

    def redo(self) -> None:
        self.session.redo()

    def top(self) -> Screen:
        return self.screen


def new_session(*overrides: str, supplements: list[str] | None = None) -> Session:
    return Session.new(name="Test battlegroup", force_cost=20, supplements=supplements or [],
                       extra_overrides=overrides)
