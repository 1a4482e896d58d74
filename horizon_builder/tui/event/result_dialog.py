"""Enter one commander's result of a round: victory points, tie-break points, losses
(OtH p.46-47)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select, SelectionList

from horizon_builder.event.edits import describe
from horizon_builder.event.errors import EventError
from horizon_builder.event.io import LoadedEvent
from horizon_builder.event.models import Result
from horizon_builder.event.names import shown
from horizon_builder.event.session import result_numbers
from horizon_builder.tui.common.dialog import Dialog, DialogButton
from horizon_builder.tui.common.plain import printable
from horizon_builder.tui.common.views import MORE_CSS


@dataclass(frozen=True)
class ResultEntry:
    commander: str
    victory_points: int
    tie_break: int
    destroyed: tuple[str, ...]
    number: int  #: the round


class ResultDialog(Dialog[ResultEntry | None]):
    """One commander's result in the latest round."""

    CSS_PATH = MORE_CSS
    DEFAULT = "ok"

    def __init__(self, loaded: LoadedEvent) -> None:
        super().__init__(f"Result of round {len(loaded.event.rounds)}", None, box_id="result-box")
        self.loaded = loaded
        round_ = loaded.event.rounds[-1]
        waiting = [n for b in round_.battles if b.blue is not None for n in b.players
                   if b.result_of(n) is None]
        done = [n for b in round_.battles if b.blue is not None for n in b.players
                if b.result_of(n) is not None]
        self.names = waiting + done

    def compose_body(self) -> ComposeResult:
        yield Select[str]([(shown(n), n) for n in self.names], allow_blank=False,
                          id="result-commander", compact=True)
        with Horizontal(id="result-numbers"):
            yield Label("Victory points")
            yield Input("0", id="result-vp", type="integer", compact=True, max_length=5)
            yield Label("Tie-break")
            yield Input("0", id="result-tb", type="integer", compact=True, max_length=5)
        yield Label("Own elements destroyed (benched in later rounds):", classes="dialog-hint")
        yield SelectionList[str](id="result-destroyed")
        yield Label("", id="result-problem", classes="field-error")

    def buttons(self) -> Sequence[DialogButton[ResultEntry | None]]:
        return self.submit_buttons("Enter")

    def ready(self) -> None:
        self._fill()
        self.query_one("#result-vp", Input).focus()

    @on(Select.Changed, "#result-commander")
    def _fill(self) -> None:
        name = str(self.query_one("#result-commander", Select).value)
        box = self.query_one("#result-destroyed", SelectionList)
        box.clear_options()
        loaded = self.loaded.lists.get(name)
        if loaded is None:
            return
        gone = set(self.loaded.benched(name, len(self.loaded.event.rounds) - 1))
        box.add_options([(printable(f"{e.name} ({e.id})"), e.id) for e in loaded.roster.elements
                         if e.id not in gone])
        self._show_entered(name)

    def entered(self, name: str) -> Result | None:
        """The commander's result already entered in this round, if any."""
        battle = next((b for b in self.loaded.event.rounds[-1].battles if name in b.players),
                      None)
        return battle.result_of(name) if battle is not None else None

    def _show_entered(self, name: str) -> None:
        """Open on the result already entered: changing it is a correction."""
        result = self.entered(name)
        self.query_one("#result-vp", Input).value = str(result.victory_points if result else 0)
        self.query_one("#result-tb", Input).value = str(result.tie_break if result else 0)
        box = self.query_one("#result-destroyed", SelectionList)
        for element_id in result.destroyed if result else ():
            box.select(element_id)
        self.say(f"Entered already: {describe(result)}. A change is a correction "
                 "(you are asked to confirm; the old result is kept)." if result else None)

    def submit(self) -> None:
        """The numbers as typed are checked as the event session checks them (the command
        line too): one it would refuse is said here, and the dialog stays open."""
        try:
            vp, tb = result_numbers(self.query_one("#result-vp", Input).value,
                                    self.query_one("#result-tb", Input).value)
        except EventError as exc:
            self.say(str(exc))
            return
        destroyed = tuple(self.query_one("#result-destroyed", SelectionList).selected)
        self.dismiss(ResultEntry(str(self.query_one("#result-commander", Select).value), vp, tb,
                                 destroyed, len(self.loaded.event.rounds)))
