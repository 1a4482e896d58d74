"""Record a game of a campaign, or correct one: both sides' momentum, losses and objectives
(OtH p.47, p.49-50). The campaign service checks what is typed; a refusal is shown in the
dialog, which stays open with what was typed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select

from horizon_builder.campaign.models import Campaign, Game, Side
from horizon_builder.campaign.session import SideEntry
from horizon_builder.event.names import shown
from horizon_builder.tui.common.dialog import Dialog, DialogButton
from horizon_builder.tui.common.views import MORE_CSS

NEW = 0  #: the game Select's value for a new game


@dataclass(frozen=True)
class GameEntry:
    number: int | None  #: None: a new game; else the game corrected
    first: SideEntry
    second: SideEntry
    note: str


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


class GameDialog(Dialog[GameEntry | None]):
    """Both sides of one game; ``apply`` makes the change and returns what is wrong, or None."""

    CSS_PATH = MORE_CSS
    DEFAULT = "ok"
    DEFAULT_CSS = """
    #game-box { width: 78; }
    .game-side { height: auto; }
    .game-side Label { padding: 0 1 0 0; }
    .game-side Input { width: 6; }
    .game-side Select { width: 22; }
    .game-names Input { width: 1fr; margin-right: 1; }
    """

    def __init__(self, campaign: Campaign, apply: Callable[[GameEntry], str | None],
                 correct: int | None = None) -> None:
        title = "Record a game" if correct is None else f"Correct game {correct}"
        super().__init__(title, None, box_id="game-box")
        self.campaign = campaign
        self.apply = apply
        self.correct = correct

    def compose_body(self) -> ComposeResult:
        names = [(shown(c.name), c.name) for c in self.campaign.commanders]
        games = [("New game", NEW)] + [(f"Correct game {n}", n)
                                       for n in range(len(self.campaign.games), 0, -1)]
        yield Select[int](games, value=self.correct or NEW, allow_blank=False, id="game-number",
                          compact=True)
        for index, which in enumerate(("first", "second")):
            with Horizontal(classes="game-side"):
                yield Select[str](names, value=names[min(index, len(names) - 1)][1],
                                  allow_blank=False, id=f"game-{which}", compact=True)
                yield Label("start")
                yield Input("", placeholder="N", id=f"game-{which}-start", compact=True,
                            max_length=5)
                yield Label("left")
                yield Input("", placeholder="N", id=f"game-{which}-left", compact=True,
                            max_length=5)
                yield Label("Sit.")
                yield Input("", placeholder="-", id=f"game-{which}-situation", compact=True,
                            max_length=2)
            with Horizontal(classes="game-side game-names"):
                yield Input("", placeholder="lost: names or ids, commas",
                            id=f"game-{which}-lost", compact=True)
                yield Input("", placeholder="objectives secured", id=f"game-{which}-secured",
                            compact=True)
        yield Input("", placeholder="a short note", id="game-note", compact=True, max_length=2000)
        objectives = ", ".join(f"{shown(o)} {b:+d}" for o, b in
                               self.campaign.settings.objectives.items()) or "none set"
        yield Label(f"Momentum: at the start and left at the end (OtH p.49). Objectives: "
                    f"{objectives}.", classes="dialog-hint")
        yield Label("", id="game-problem", classes="field-error")

    def buttons(self) -> Sequence[DialogButton[GameEntry | None]]:
        return self.submit_buttons("Record" if self.correct is None else "Correct")

    def ready(self) -> None:
        self.say(None)
        if self.correct is not None:
            self._fill(self.campaign.games[self.correct - 1])
        self.query_one("#game-first-start", Input).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game-number" and isinstance(event.value, int) and event.value:
            self._fill(self.campaign.games[event.value - 1])

    def _fill(self, game: Game) -> None:
        """Open on the game as recorded: a change is a correction (the old record is kept)."""
        for which, side in (("first", game.first), ("second", game.second)):
            self._fill_side(which, side)
        self.query_one("#game-note", Input).value = game.note

    def _fill_side(self, which: str, side: Side) -> None:
        self.query_one(f"#game-{which}", Select).value = side.commander
        self.query_one(f"#game-{which}-start", Input).value = str(side.starting_momentum)
        self.query_one(f"#game-{which}-left", Input).value = str(side.momentum_left)
        self.query_one(f"#game-{which}-situation", Input).value = (
            "" if side.situation is None else str(side.situation))
        self.query_one(f"#game-{which}-lost", Input).value = ", ".join(side.lost)
        self.query_one(f"#game-{which}-secured", Input).value = ", ".join(side.objectives)

    def _side(self, which: str) -> SideEntry:
        def value(field: str) -> str:
            return self.query_one(f"#game-{which}-{field}", Input).value

        return SideEntry(str(self.query_one(f"#game-{which}", Select).value), value("start"),
                         value("left"), _split(value("lost")), _split(value("secured")),
                         value("situation") or None)

    def submit(self) -> None:
        number = self.query_one("#game-number", Select).value
        entry = GameEntry(number if isinstance(number, int) and number else None,
                          self._side("first"), self._side("second"),
                          self.query_one("#game-note", Input).value)
        problem = self.apply(entry)
        if problem is None:
            self.dismiss(entry)
        else:
            self.say(problem)
