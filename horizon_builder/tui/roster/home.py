"""The home screen: totals and verdict, the element list, and the findings.

It shows the session's current report and nothing else: every edit (here, in
an editor, undo/redo) is announced by the session; the app's
:class:`~horizon_builder.tui.common.views.SessionChanged` message then calls
:meth:`RosterScreen.refresh_view`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Header, Static

from horizon_builder.tui.common.keys_footer import KeysFooter
from horizon_builder.tui.common.titles import show_titles
from horizon_builder.tui.common.views import SessionView
from horizon_builder.tui.roster.element_table import ElementTable
from horizon_builder.tui.roster.findings_panel import FindingsPanel
from horizon_builder.tui.roster.format import element_detail, force_field_target, form_detail
from horizon_builder.tui.roster.rows import split_key
from horizon_builder.tui.roster.totals_strip import TotalsStrip

if TYPE_CHECKING:
    from horizon_builder.campaign.intelligence import Playing
    from horizon_builder.engine.findings import Finding
    from horizon_builder.roster.models import Roster
    from horizon_builder.tui.campaign.known import KnownCampaign
    from horizon_builder.tui.roster.homecache import HomeView
    from horizon_builder.tui.roster.homeview import KeptView
    from horizon_builder.tui.rules.rulebook import Rulebook


def changed_element(before: Roster, after: Roster, current: str | None = None) -> str | None:
    """The element a change was about: one edited, else one added, else one moved (None:
    none, or only removed). Of two elements that swapped places, ``current`` (the one the
    cursor is on) is kept. Unchanged elements are shared between snapshots, so this is
    mostly identity checks."""
    if before is after:
        return None
    old = {e.id: e for e in before.elements}
    edited = [e.id for e in after.elements
              if (was := old.get(e.id)) is not None and was is not e and was != e]
    added = [e.id for e in after.elements if e.id not in old]
    common = [e.id for e in after.elements if e.id in old]
    kept = set(common)
    moved = [a for a, b in zip(common, [i for i in old if i in kept], strict=True) if a != b]
    if not edited and not added and current in moved:
        return current
    return next(iter(edited or added or moved), None)


#: the detail line's most lines (its max-height in app.tcss)
DETAIL_LINES = 3


def service_detail(playing: Playing | None, element_id: str) -> str:
    """`` · in Harbour league: 3 battles, destroyed 1`` (a list opened from a campaign)."""
    if playing is None:
        return ""
    from horizon_builder.campaign.report import service_text

    record = playing.records.get(element_id)
    last = " (as last read)" if playing.unread else ""
    return f" · in {playing.campaign}{last}: " + (
        service_text(record.battles, record.destroyed) if record is not None
        else "no service record (not in the list as the campaign read it)")


class RosterScreen(SessionView, Screen[None]):
    """Home: the force at a glance, and the way into every editor."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # a delete asks on the detail line, not in a dialog (shown only while it asks)
        Binding("y,enter", "confirm_delete", "Delete it", priority=True, key_display="y"),
        Binding("escape,n", "keep", "Keep it", priority=True, key_display="esc"),
        Binding("q", "app.quit", "Quit", id="roster.quit",
                tooltip="Leave the app (asks to save changes); ctrl+q works everywhere"),
        Binding("a", "app.add_element", "Add", id="roster.add"),
        Binding("e", "edit", "Edit", id="roster.edit", show=False),  # Enter edits too
        Binding("d", "duplicate", "Copy", id="roster.duplicate",
                tooltip="Duplicate the selected element"),
        Binding("D", "duplicate_many", "Copies", id="roster.copies", show=False,
                tooltip="Add several copies of the selected element at once"),
        Binding("delete,backspace", "delete", "Delete", id="roster.delete", key_display="del"),
        Binding("left_square_bracket,shift+up", "move(-1)", "Move up", id="roster.move_up",
                show=False),
        Binding("right_square_bracket,shift+down", "move(1)", "Move down", id="roster.move_down",
                show=False),
        Binding("c", "app.command", "Command", id="roster.command",
                tooltip="CHQ, Command Resources, weird command"),
        Binding("s", "app.settings", "Settings", id="roster.settings",
                tooltip="Name, FC budget, supplements, era ..."),
        Binding("r", "rounds", "Rounds", id="roster.rounds",
                tooltip="Tournament rounds: battlegroup, CHQ, CR, losses"),
        Binding("x", "app.export", "Export", id="roster.export", show=False),
        Binding("o", "app.open", "Open", id="roster.open", show=False),
        Binding("S", "app.save_as", "Save as", id="roster.save_as", show=False),
    ]

    def __init__(self, kept: KeptView, rulebook: Rulebook,
                 campaign: KnownCampaign | None = None) -> None:
        super().__init__(id="roster")
        #: the view kept from the last run, shown until the session is loaded
        self.kept = kept
        #: your rulebook: an element just added may ask for its statline
        self.rulebook = rulebook
        #: the campaign the app knows: a commander's list is shown as it plays it
        self.campaign = campaign
        self._playing: Playing | None = None  #: as the campaign plays the list shown
        self._ready = False  # children exist (is_mounted is only set after on_mount)
        self._detail_text = ""  #: what the detail line shows
        self._shown: Roster | None = None  #: the roster the list shows
        self._deleting: str | None = None  #: the element a delete is asking about

    def compose(self) -> ComposeResult:
        yield Header()
        yield TotalsStrip(id="totals")
        # (no container around the two: each of a container's lines is drawn under the
        # table's on every edit, for nothing)
        yield ElementTable(id="elements")
        yield Vertical(id="empty")  # filled in when the roster is empty (see show_empty)
        yield Static("", id="detail", markup=False)
        yield FindingsPanel(id="findings")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#findings", FindingsPanel).border_title = "Findings"
        self._ready = True
        self.refresh_view()
        self.query_one("#elements", ElementTable).focus()

    # --- showing the session -----------------------------------------------------------
    def refresh_view(self) -> None:
        if not self._ready:
            return
        if not self.kept.loaded:
            view = self.kept.early_view()
            if view is None:
                self._set_detail(f"Opening {self.kept.opening_label}…")
            else:  # the roster as the last run showed it, until the session is loaded
                self.show_kept_view(view)
                self.kept.paint_once("kept")
            return
        session = self.session
        report = session.report
        playing = self._playing = self.playing()
        self.query_one("#totals", TotalsStrip).show(report, playing)
        table = self.query_one("#elements", ElementTable)
        table.show(report, playing.records if playing is not None else None)
        # the cursor goes where the change was (an undo or redo of an edit anywhere included)
        changed = (changed_element(self._shown, session.roster, table.selected_element_id)
                   if self._shown else None)
        self._shown = session.roster
        if changed is not None:
            table.select_key(changed)
        empty = not session.roster.elements
        if table.display == empty:  # switching between the list and the empty-roster hint
            self.show_empty(empty)
        self.query_one("#findings", FindingsPanel).show(report)
        self._show_detail()

    def playing(self) -> Playing | None:
        """The roster as the campaign the app knows plays it (None: not a list of it)."""
        return self.campaign.playing(self.session.path) if self.campaign is not None else None

    def campaign_read(self) -> None:
        """The campaign the app knows was read again (or cannot be now): the list shown as
        it plays it now (redrawn when shown again, if covered)."""
        if not self.kept.loaded or self.playing() == self._playing:
            return
        if self.is_current:
            self.refresh_view()
        else:
            self.stale = True

    def on_screen_resume(self) -> None:
        # back from the Campaign screen: a game recorded there changes what is shown here
        if self.kept.loaded and not self.stale and self.playing() != self._playing:
            self.refresh_view()

    def show_empty(self, empty: bool) -> None:
        """Show the element list, or (for an empty roster) a hint and an Add button."""
        table = self.table
        box = self.query_one("#empty", Vertical)
        if empty and not box.children:
            box.mount_all([
                Static(Text.assemble(
                    "No elements yet.\n\n",
                    "Press ", ("a", "bold reverse"), " to add an element",
                    ("  (or click the button below)", "dim"), ".\n",
                    "Press ", ("s", "bold reverse"), " to set the FC budget and the supplements in play; ",
                    ("F1", "bold reverse"), " for help.",
                ), id="empty-hint"),
                Button("Add element", id="add-first", variant="primary"),
            ])
        table.display = not empty
        box.display = empty
        focused_table = self.focused is table or self.focused is None
        if empty and focused_table:
            self.call_after_refresh(lambda: self.query_one("#add-first", Button).focus())
        elif not empty and self.focused is not None and self.focused.id == "add-first":
            table.focus()

    def _show_detail(self) -> None:
        if not self.kept.loaded:
            return
        if self._deleting is not None:
            if self._ask_delete():
                return
            self._stop_asking()
        key = self.table.selected_key if self.session.roster.elements else None
        element_id, form = split_key(key) if key else (None, None)
        report = self.session.report
        info = report.analysis.by_id.get(element_id) if element_id else None
        if info is None:
            self._set_detail("")
        elif form is not None and form <= len(info.forms):
            self._set_detail(form_detail(report, info, form))
        else:
            self._set_detail(element_detail(report, info) + service_detail(
                self._playing, info.element.id))

    def _set_detail(self, text: str) -> None:
        """Show the detail line; a relayout only when it needs another number of lines."""
        if text == self._detail_text:
            return
        detail = self.query_one("#detail", Static)
        width = detail.content_region.width
        lines_before, lines_after = (
            min(DETAIL_LINES, len(Text(t).wrap(self.app.console, width))) if t and width > 0
            else 0
            for t in (self._detail_text, text))
        self._detail_text = text
        detail.update(text, layout=lines_before != lines_after or width <= 0)

    def show_detail_text(self, text: str) -> None:
        self._set_detail(text)

    def show_kept_view(self, view: HomeView) -> None:
        """Paint a view kept from the last run (before the session is loaded; the cache:
        :mod:`horizon_builder.tui.roster.homeview`, which imports this screen, never the reverse)."""
        show_titles(self.app, view.title, view.sub_title)
        self.totals.show_figures(view.figures, view.tooltip)
        if view.rows:
            self.table.show_rows(view.rows, view.widths)
        else:  # a new roster: the hint and the Add button in place of the list
            self.show_empty(True)
        self.findings.show_findings(view.findings, view.provisional)
        self.show_detail_text(view.detail)

    @property
    def detail_text(self) -> str:
        return self._detail_text

    @property
    def totals(self) -> TotalsStrip:
        return self.query_one("#totals", TotalsStrip)

    @property
    def findings(self) -> FindingsPanel:
        return self.query_one("#findings", FindingsPanel)

    @on(DataTable.RowHighlighted, "#elements")
    def _highlighted(self) -> None:
        if self._deleting is not None and self.selected_element_id != self._deleting:
            self._stop_asking()  # the cursor moved on (a click, a scroll): the question is off
        self._show_detail()

    @property
    def table(self) -> ElementTable:
        return self.query_one("#elements", ElementTable)

    @property
    def selected_element_id(self) -> str | None:
        if not self.kept.loaded or not self.session.roster.elements:
            return None
        return self.table.selected_element_id

    def select_element(self, element_id: str) -> None:
        self.table.select_key(element_id)
        self._show_detail()

    # --- actions ------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("confirm_delete", "keep"):
            return self._deleting is not None
        kind, elements = self.kept.roster_facts()
        if action == "rounds":  # only a Task Force has rounds: hidden from the footer otherwise
            return kind == "task_force"
        if action in ("edit", "duplicate", "delete", "move"):
            return True if elements else None
        return True

    @on(DataTable.RowSelected, "#elements")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_edit()

    @on(Button.Pressed, "#add-first")
    def _add_first(self) -> None:
        self.add_element()

    def action_edit(self) -> None:
        key = self.table.selected_key
        if key is None or not self.kept.loaded:
            return
        element_id, form = split_key(key)
        self.open_element_editor(element_id, f"forms[{form}]" if form else None)

    def action_rounds(self) -> None:
        self.open_rounds()

    # --- the editors it opens -----------------------------------------------------------
    def open_element_editor(self, element_id: str, focus_field: str | None = None) -> None:
        from horizon_builder.tui.roster.element_editor import ElementEditorScreen

        self.app.push_screen(ElementEditorScreen(element_id, focus_field=focus_field))

    def add_element(self) -> None:
        from horizon_builder.tui.roster.add_element import AddElementScreen

        self.app.push_screen(AddElementScreen(), self._element_added)

    def _element_added(self, element_id: str | None) -> None:
        if not element_id:
            return
        self.select_element(element_id)
        element = self.session.roster.element(element_id)
        if element is None:
            return
        if self.rulebook.ask_statline(element_id):  # its statline is asked first: Enter answers that
            self.notify(f"Added {element.name}.", timeout=3)
        else:
            self.notify(f"Added {element.name}. Enter edits it; a adds another.", timeout=3)

    def open_command(self) -> None:
        from horizon_builder.tui.roster.command import CommandScreen

        self.app.push_screen(CommandScreen())

    def open_rounds(self, round_name: str | None = None) -> None:
        from horizon_builder.tui.rounds.screen import open_rounds

        open_rounds(self.app, self.session, round_name)

    def open_settings(self, focus_field: str | None = None) -> None:
        from horizon_builder.tui.roster.settings import SettingsScreen

        if not isinstance(self.app.screen, SettingsScreen):
            self.app.push_screen(SettingsScreen(focus_field))

    def action_duplicate(self, count: int = 1) -> None:
        from horizon_builder import editing as ed

        element_id = self.selected_element_id
        if element_id is None:
            return
        session = self.session
        name = session.roster.element(element_id).name  # type: ignore[union-attr]
        roster, new_id = ed.duplicate_element(session.roster, element_id, count)
        session.commit(roster, f"duplicate {name}" + (f" ×{count}" if count > 1 else ""))
        self.select_element(new_id)
        self.notify_after_frame(
            f"Duplicated {name}: {'the copy is' if count == 1 else f'{count} copies are'} just "
            "below it.", timeout=3)

    def action_duplicate_many(self) -> None:
        from horizon_builder.tui.roster.count_dialog import CountDialog

        if self.selected_element_id is None:
            return

        def chosen(count: int | None) -> None:
            if count:
                self.action_duplicate(count)

        self.app.push_screen(CountDialog("How many copies?", 2, 1, 50), chosen)

    def action_delete(self) -> None:
        """Ask on the detail line: y (or Enter) deletes, Esc (or n) keeps it, and any other
        key keeps it and does its own job. A question in a dialog would cost the answer's
        keystroke a repaint of the whole screen (issue 13); ctrl+z undoes a delete."""
        element_id = self.selected_element_id
        if element_id is None:
            return
        self._deleting = element_id
        self.query_one("#detail", Static).add_class("-asking")
        self._ask_delete()
        self.refresh_bindings()

    def _ask_delete(self) -> bool:
        """Show the question about the element being deleted (False: it is gone)."""
        element = self.session.roster.element(self._deleting or "")
        if element is None:
            return False
        chq = self.session.roster.command.element == element.id
        self._set_detail(f"Delete {element.name}? y or Enter deletes it, Esc keeps it (ctrl+z "
                         "undoes a delete)." + (" It is the force's CHQ: you will need to choose another."
                                       if chq else ""))
        return True

    def _stop_asking(self) -> None:
        if self._deleting is None:
            return
        self._deleting = None
        self.query_one("#detail", Static).remove_class("-asking")
        self._show_detail()
        self.refresh_bindings()

    def on_key(self, event: events.Key) -> None:
        # a key the question does not take (those are priority bindings): the element is
        # kept and the key does what it always does
        self._stop_asking()

    def on_screen_suspend(self) -> None:
        self._stop_asking()

    def action_keep(self) -> None:
        self._stop_asking()

    def action_confirm_delete(self) -> None:
        from horizon_builder import editing as ed

        element_id, self._deleting = self._deleting, None
        self.query_one("#detail", Static).remove_class("-asking")
        session = self.session
        element = session.roster.element(element_id or "")
        if element is None:
            return
        session.commit(ed.delete_element(session.roster, element.id), f"delete {element.name}")
        self.refresh_bindings()
        self.notify_after_frame(f"Deleted {element.name}.", timeout=3)

    def action_move(self, offset: int) -> None:
        from horizon_builder import editing as ed

        element_id = self.selected_element_id
        if element_id is None:
            return
        session = self.session
        index = next(i for i, e in enumerate(session.roster.elements) if e.id == element_id)
        if not 0 <= index + offset < len(session.roster.elements):
            self.app.bell()
            return
        name = session.roster.elements[index].name
        session.commit(ed.move_element(session.roster, element_id, offset),
                       f"move {name} {'up' if offset < 0 else 'down'}")
        self.select_element(element_id)

    # --- findings ----------------------------------------------------------------------
    @on(FindingsPanel.Jump)
    def _jump(self, message: FindingsPanel.Jump) -> None:
        if not self.kept.loaded:  # the kept view is on screen: the session comes next
            return
        finding = message.finding
        field = finding.field
        head = (field or "").split(".")[0].split("[")[0]
        if finding.round or head == "rounds":
            self.open_rounds(finding.round)
            return
        if finding.element and self.session.roster.element(finding.element):
            self.select_element(finding.element)
            self.open_element_editor(finding.element, field)
            return
        if finding.code in ("fc-over-budget", "tf-presence-over-limit") and not finding.round:
            self.offer_cuts(finding)
            return
        target = force_field_target(field)
        if target == "command":
            self.open_command()
        elif target == "settings":
            self.open_settings(field)
        elif target == "elements":
            self.table.focus()
            self.notify(finding.message, title="About the whole force", timeout=6)
        else:
            self.notify(finding.message, title="About the whole force", timeout=6)

    def offer_cuts(self, finding: Finding) -> None:
        """Over budget: offer the elements to cut, or the budget field (issue 15 item 11)."""
        from horizon_builder import editing as ed
        from horizon_builder.editing.cuts import CUTTABLE, cuts, limit, total
        from horizon_builder.tui.roster.cut_dialog import CutDialog

        session = self.session
        measure = CUTTABLE[finding.code]
        found = cuts(session.roster, session.ruleset, finding.code)
        over = total(session.report, measure)
        budget = limit(session.roster, session.ruleset, finding.code)

        def answered(answer: str | None) -> None:
            if answer == "budget":
                self.open_settings(finding.field)
            elif answer is not None and (element := self.session.roster.element(answer)):
                session = self.session
                session.commit(ed.delete_element(session.roster, answer), f"cut {element.name}")
                left = total(session.report, measure)
                self.notify_after_frame(
                    f"Cut {element.name}: {measure} {left}/{budget} (ctrl+z undoes).", timeout=4)

        self.app.push_screen(CutDialog(f"{measure} {over} is over {budget}: cut an element",
                                       measure, budget, found), answered)
