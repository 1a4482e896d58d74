"""Suggested battlegroups for a tournament round (OtH p.46): pick a goal, Enter takes one."""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from horizon_builder.editing.suggest import GOALS, Suggestion, SuggestResult, suggest
from horizon_builder.roster.models import Roster
from horizon_builder.rules.models import Ruleset
from horizon_builder.tui.common.dialog import Dialog
from horizon_builder.tui.common.plain import plain
from horizon_builder.tui.common.views import MORE_CSS


def suggestion_prompt(roster: Roster, ruleset: Ruleset, s: Suggestion) -> Content:
    names = {e.id: e.name for e in roster.elements}
    option = ruleset.commands.get(s.command.kind)
    lead = (f"{option.name if option else s.command.kind}: {names.get(s.command.element, '')}"
            if s.command.element else (option.name if option else "no command"))
    ir = "-" if s.intelligence_rating is None else f"{s.intelligence_rating:+d}"
    head = Content.assemble((f"FC {s.force_cost}", "bold"), f"  FP {s.force_presence}  IR {ir} ",
                            (s.quality or "", "$text-muted"), f"  CR {s.command_resources}")
    members = plain(", ".join(names.get(i, i) for i in s.elements)).stylize("$text-muted")
    return Content.assemble(head, "\n  ", plain(lead), "\n  ", members)


class SuggestDialog(Dialog[Suggestion | None]):
    """The best legal battlegroups for one round, by the goal the player picks."""

    CSS_PATH = MORE_CSS

    def __init__(self, ruleset: Ruleset, roster: Roster, round_index: int) -> None:
        super().__init__(f"Suggest a battlegroup for {roster.rounds[round_index].name}", None,
                         box_id="suggest-box")
        self._ruleset, self._roster, self._index = ruleset, roster, round_index
        self._result: SuggestResult | None = None

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="suggest-goal-row"):
            yield Label("Goal")
            yield Select[str]([(text, goal) for goal, text in GOALS.items()], value="most_fp",
                              allow_blank=False, compact=True, id="suggest-goal")
            yield Label("IR wanted", id="suggest-ir-label")
            yield Input("0", id="suggest-ir", compact=True, type="integer", max_length=4)
        yield OptionList(id="suggest-list")
        yield Static(id="suggest-note")

    def ready(self) -> None:
        self._search()
        self.query_one("#suggest-list").focus()

    @on(Select.Changed, "#suggest-goal")
    @on(Input.Changed, "#suggest-ir")
    def _changed(self) -> None:
        goal = self.query_one("#suggest-goal", Select).value
        self.query_one("#suggest-ir").display = goal == "ir"
        self.query_one("#suggest-ir-label").display = goal == "ir"
        self._search()

    @work(exclusive=True, thread=True)
    def _search(self) -> None:
        goal = str(self.query_one("#suggest-goal", Select).value)
        try:
            target = int(self.query_one("#suggest-ir", Input).value or 0)
        except ValueError:
            target = 0
        result = suggest(self._ruleset, self._roster, self._index, goal, target_ir=target)  # type: ignore[arg-type]
        self.app.call_from_thread(self._show, result)

    def _show(self, result: SuggestResult) -> None:
        self._result = result
        box = self.query_one("#suggest-list", OptionList)
        box.set_options([Option(suggestion_prompt(self._roster, self._ruleset, s), id=str(i))
                         for i, s in enumerate(result.suggestions)]
                        or [Option("No legal battlegroup within the FC", disabled=True)])
        if result.suggestions:
            box.highlighted = 0
        note = ("Best first, proven." if result.exact else
                "Stopped early (time limit): the order is not proven." if result.stopped_early
                else "Best first; some equal battlegroups were not judged.")
        if result.left_out:
            note += f"  Left out: {len(result.left_out)} (benched or with errors of their own)."
        self.query_one("#suggest-note", Static).update(
            Content.assemble((note, "$text-muted"), ("  Enter takes one.", "dim")))

    @on(OptionList.OptionSelected, "#suggest-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        if self._result is None or event.option.id is None:
            return
        self.dismiss(self._result.suggestions[int(event.option.id)])
