"""Roster settings: name, FC budget, kind, era, supplements, ruleset overrides, notes.

Nothing is applied until the whole form is valid: a bad value (an FC budget
of 0, an overrides file that does not load) is shown next to its field and
the roster is left as it was. Applying is one undoable edit.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    Header,
    Input,
    Label,
    RadioButton,
    RadioSet,
    Select,
    Static,
    TextArea,
)

from horizon_builder.files.problems import LoadError
from horizon_builder.files.tomlfile import is_file
from horizon_builder.roster.io import overrides_path
from horizon_builder.roster.models import Roster
from horizon_builder.tui.common.dialogs import PathSuggester, problem_lines
from horizon_builder.tui.common.keys_footer import KeysFooter
from horizon_builder.tui.common.paths import refused_to_visitor, visitor_root
from horizon_builder.tui.common.toggles import ShapeCheckbox, ShapeRadioButton
from horizon_builder.tui.common.views import SessionView

if TYPE_CHECKING:
    pass

KINDS = (("battlegroup", "Battlegroup"), ("task_force", "Tournament Task Force (OtH p.45)"))

#: Finding field → the widget to focus.
FIELD_WIDGETS = {
    "name": "#name",
    "force_cost": "#force-cost",
    "kind": "#kind",
    "era": "#era",
    "supplements": "#supplements Checkbox",
    "overrides": "#overrides",
    "notes": "#notes",
    "event": "#event",
}


class SettingsScreen(SessionView, Screen[bool]):
    """Edit the roster as a whole; Apply (or Enter in a field) checks and applies."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+r", "apply", "Apply"),
    ]

    def __init__(self, focus_field: str | None = None) -> None:
        super().__init__(id="settings")
        self._focus_field = focus_field

    # --- layout --------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        ruleset = self.session.ruleset
        yield Header()
        with VerticalScroll(id="settings-form"):
            with Horizontal(classes="field-row"):
                yield Label("Name", classes="field-label")
                yield Input(id="name", placeholder="e.g. 3rd Lancers Battlegroup", compact=True)
            yield Label("", id="name-error", classes="field-error")

            with Horizontal(classes="field-row"):
                yield Label("FC budget", classes="field-label")
                yield Input(id="force-cost", type="integer", placeholder="e.g. 15", compact=True,
                            tooltip="The Force Cost agreed for the game or event")
                yield Label("Force Cost agreed for the game", classes="field-help")
            yield Label("", id="force-cost-error", classes="field-error")

            with Horizontal(classes="field-row"):
                yield Label("Kind", classes="field-label")
                with RadioSet(id="kind", compact=True):
                    for value, title in KINDS:
                        yield ShapeRadioButton(title, id=f"kind-{value}", compact=True)

            with Horizontal(classes="field-row"):
                yield Label("Event", classes="field-label")
                yield Input(id="event", placeholder="tournament name (optional)", compact=True)

            with Horizontal(classes="field-row"):
                yield Label("Era", classes="field-label")
                yield Select([("Any era (none chosen)", ""),
                              *[(era.name, era_id) for era_id, era in ruleset.eras.items()]],
                             id="era", allow_blank=False, value="", compact=True)

            with Horizontal(classes="field-row field-row-tall"):
                yield Label("Supplements", classes="field-label")
                with Vertical(id="supplements"):
                    for supp_id, supp in ruleset.supplements.items():
                        title = supp.name + (f": {supp.summary}" if supp.summary else "")
                        yield ShapeCheckbox(title, id=f"supp-{supp_id}", name=supp_id, compact=True)

            with Horizontal(classes="field-row"):
                yield Label("Rules overrides", classes="field-label")
                yield Input(id="overrides", compact=True,
                            placeholder="house rules / event preset file (optional)",
                            tooltip="A ruleset overrides file (TOML). A relative path is read "
                            "from the roster file's folder.",
                            suggester=PathSuggester(self._roster_folder(),
                                                    root=visitor_root(self.app)))
            yield Static("", id="overrides-error", classes="field-error")

            with Horizontal(classes="field-row field-row-tall"):
                yield Label("Notes", classes="field-label")
                yield TextArea(id="notes", soft_wrap=True, compact=True)
        with Horizontal(id="settings-buttons", classes="dialog-buttons"):
            yield Button("Apply", id="apply", variant="primary", compact=True)
            yield Button("Cancel", id="cancel", compact=True)
        yield KeysFooter()

    def _roster_folder(self) -> Path:
        path = self.session.path
        return path.resolve().parent if path is not None else Path.cwd()

    def on_mount(self) -> None:
        self.sub_title = "Roster settings"
        self.load_form(self.session.roster)
        selector = FIELD_WIDGETS.get((self._focus_field or "").split(".")[0].split("[")[0], "#name")
        self.query(selector).first().focus()

    def refresh_view(self) -> None:
        """The roster changed under us (undo/redo): show what it is now. A change of the
        session that leaves the roster as the form was filled from (a save, ctrl+s here)
        keeps what the player typed and has not applied."""
        if self.is_mounted and self.session.roster != self._filled_from:
            self.load_form(self.session.roster)

    _filled_from: Roster | None = None

    def load_form(self, roster: Roster) -> None:
        self._filled_from = roster
        self.query_one("#name", Input).value = roster.name
        self.query_one("#force-cost", Input).value = str(roster.force_cost)
        self.query_one(f"#kind-{roster.kind}", RadioButton).value = True
        self.query_one("#event", Input).value = roster.event or ""
        era = self.query_one("#era", Select)
        era.value = roster.era if roster.era in self.session.ruleset.eras else ""
        for box in self.query("#supplements Checkbox").results(Checkbox):
            box.value = box.name in roster.supplements
        self.query_one("#overrides", Input).value = roster.overrides or ""
        self.query_one("#notes", TextArea).text = roster.notes
        self._clear_errors()

    # --- reading the form ------------------------------------------------------------
    def _clear_errors(self) -> None:
        for widget in self.query(".field-error").results(Static):
            widget.update("")
            widget.display = False

    def _error(self, field: str, message: str | Text) -> None:
        target = {"name": "#name-error", "force_cost": "#force-cost-error",
                  "overrides": "#overrides-error"}.get(field, "#overrides-error")
        widget = self.query_one(target, Static)
        widget.update(message if isinstance(message, Text) else Text(message))
        widget.display = True

    def read_form(self) -> tuple[dict[str, Any], dict[str, str]]:
        """The settings typed in, and a message per field that is not acceptable."""
        roster = self.session.roster
        errors: dict[str, str] = {}
        name = self.query_one("#name", Input).value.strip()
        if not name:
            errors["name"] = "A roster needs a name."
        elif len(name) > 200:
            errors["name"] = "At most 200 characters."
        fc_text = self.query_one("#force-cost", Input).value.strip()
        force_cost = roster.force_cost
        try:
            force_cost = int(fc_text)
        except ValueError:
            errors["force_cost"] = "Type the FC budget as a whole number, e.g. 15."
        else:
            if force_cost < 1:
                errors["force_cost"] = "The FC budget must be at least 1."
            elif force_cost > 1000:
                errors["force_cost"] = "The FC budget can be at most 1000."
        kind_set = self.query_one("#kind", RadioSet)
        pressed = kind_set.pressed_button
        kind = pressed.id.removeprefix("kind-") if pressed is not None and pressed.id else roster.kind
        era_value = self.query_one("#era", Select).value
        era = era_value if isinstance(era_value, str) and era_value else None
        checked = [box.name for box in self.query("#supplements Checkbox").results(Checkbox)
                   if box.value and box.name]
        supplements = [s for s in roster.supplements if s in checked]
        supplements += [s for s in checked if s not in supplements]
        overrides = self.query_one("#overrides", Input).value.strip() or None
        if overrides is not None:
            probe = roster.model_copy(update={"overrides": overrides})
            candidates = overrides_path(probe, self.session.path)
            outside = refused_to_visitor(self.app, candidates[0]) if candidates else None
            if outside is not None:  # served: never a file outside the served folder
                errors["overrides"] = outside
            elif candidates and not is_file(candidates[0]):
                errors["overrides"] = f"No such file: {candidates[0]}"
        values = {
            "name": name,
            "force_cost": force_cost,
            "kind": kind,
            "event": self.query_one("#event", Input).value.strip() or None,
            "era": era,
            "supplements": tuple(supplements),
            "overrides": overrides,
            "notes": self.query_one("#notes", TextArea).text,
        }
        return values, errors

    def _show_first_error(self) -> None:
        """Errors are shown next to their fields (not in a toast that could hide the buttons)."""
        self.app.bell()
        for widget in self.query(".field-error").results(Static):
            if widget.display:
                widget.scroll_visible()
                break

    # --- actions --------------------------------------------------------------------
    @on(Input.Submitted)
    @on(Button.Pressed, "#apply")
    def action_apply(self) -> None:
        self._clear_errors()
        values, errors = self.read_form()
        if errors:
            for field, message in errors.items():
                self._error(field, message)
            self._show_first_error()
            return
        session = self.session
        roster = session.roster
        changed = {k: v for k, v in values.items() if getattr(roster, k) != v}
        if not changed:
            self.dismiss(False)
            return
        try:
            session.commit(roster.model_copy(update=changed), "change settings")
        except ValidationError as exc:
            for item in exc.errors(include_url=False):
                loc = item["loc"][0] if item["loc"] else ""
                self._error(str(loc), f"{item['msg']}")
            self._show_first_error()
            return
        except LoadError as exc:
            self._error("overrides", Text("The overrides file cannot be used; settings not applied.\n")
                        + problem_lines(exc.problems))
            self._show_first_error()
            return
        self.dismiss(True)
        self.app.notify("Settings applied.", timeout=2)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(False)

