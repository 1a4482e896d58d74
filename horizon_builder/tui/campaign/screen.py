"""The Campaign screen: the ladder and the games of a campaign file (OtH p.50, linked
battles); record a game, correct one, undo, accept or refuse a changed list, open a
commander's list with the campaign's IR adjustment applied. Thin over
:class:`~horizon_builder.campaign.session.CampaignSession`: every change is the service's,
written at once; the screen hears of it by a message and shows the campaign again."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import DataTable, Static

from horizon_builder.campaign.errors import CampaignError
from horizon_builder.campaign.report import LADDER, LADDER_SHORT, game_lines, ladder_rows, ranked
from horizon_builder.campaign.session import CampaignSession, Change
from horizon_builder.campaign.standing import Standing
from horizon_builder.event.names import shown
from horizon_builder.text.words import plural
from horizon_builder.tui.campaign.game_dialog import GameDialog, GameEntry
from horizon_builder.tui.campaign.known import CampaignKnown, PlayList, ReadsCampaign
from horizon_builder.tui.common.plain import plain
from horizon_builder.tui.common.tables import highlighted_key
from horizon_builder.tui.event.organiser_view import WatchedTableView, file_stamp


class CampaignChanged(Message):
    """The campaign service made a change (or read the file again)."""

    def __init__(self, change: Change) -> None:
        super().__init__()
        self.change = change


class CampaignScreen(WatchedTableView, ReadsCampaign):
    """The ladder, then the games in order; r records, c corrects, o opens a list."""

    TITLE_ID, TABLE_ID = "campaign-title", "campaign-ladder"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "record", "Record", tooltip="Record a game"),
        Binding("c", "correct", "Correct", tooltip="Correct the last game (or choose another); "
                "the old record is kept"),
        Binding("u,ctrl+z", "undo", "Undo", key_display="u",
                tooltip="Take back the last change (made here or with `campaign`), while "
                "the file is as it left it"),
        Binding("o", "open_list", "List", tooltip="The selected commander's list: IR with the "
                "campaign's adjustment, and each element's service record"),
        Binding("e", "play_list", "Edit", show=False, tooltip="Open the selected commander's "
                "list in the editor, as the campaign plays it: the IR with the adjustment, each "
                "element's service record (o, then Open in the editor, too)"),
        Binding("a", "accept", "Accept", tooltip="Accept the selected commander's changed list"),
        Binding("f", "refuse", "Refuse", tooltip="Refuse the selected commander's changed list"),
    ]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.session: CampaignSession | None = None

    def compose_below(self) -> ComposeResult:
        with VerticalScroll(id="campaign-games-box"):
            yield Static(id="campaign-games")
        yield Static(id="campaign-problem")

    def set_up(self, table: DataTable[object]) -> None:
        """(The columns: :meth:`_ladder`, as wide as the screen allows.)"""

    def _ladder(self, table: DataTable[object], standings: dict[str, Standing]) -> None:
        """The ladder's rows under the book's headings, or under short ones (and the margins
        said short) where those do not fit the screen's width."""
        rows = ladder_rows(standings)
        room = (self.size.width or self.app.size.width) - 2  # (the scrollbar)
        wanted = sum(max(len(h), *(len(r[i]) for r in rows)) + 2 * table.cell_padding
                     for i, h in enumerate(LADDER))
        headings = LADDER
        if wanted > room:
            headings, rows = LADDER_SHORT, ladder_rows(standings, short=True)
        if tuple(str(c.label) for c in table.columns.values()) != headings:
            table.clear(columns=True)
            for heading in headings:
                table.add_column(heading, key=heading)
        else:
            table.clear()
        for cells, row in zip(rows, ranked(standings), strict=True):
            table.add_row(*(Text(c) for c in cells), key=row.name)

    def on_resize(self) -> None:
        self._show()

    def stamps(self) -> tuple[tuple[int, int] | None, ...]:
        paths = [self.path]
        if self.session is not None:
            paths += [self.session.loaded.list_path(c.name)
                      for c in self.session.campaign.commanders]
        return tuple(file_stamp(p) for p in paths)

    def reload(self) -> None:
        """Read the campaign (again: another writer, a list saved) and show it."""
        problem = self.query_one("#campaign-problem", Static)
        try:
            if self.session is None:
                self.session = CampaignSession.open(self.path)
                self.session.subscribe(self._heard)
                self.post_message(CampaignKnown(self.session))  # the app knows it now
            else:
                self.session.reload()  # tells the screen by a message
        except CampaignError as exc:
            problem.update(Content.assemble(("The campaign file cannot be used:\n", "$error"),
                                            plain("\n".join(exc.lines()))))
            return
        self._stamp = self.stamps()
        self._show()

    def _heard(self, change: Change) -> None:
        self.post_message(CampaignChanged(change))

    def on_campaign_changed(self, message: CampaignChanged) -> None:
        self._stamp = self.stamps()
        self._show()

    def _show(self) -> None:
        session = self.session
        if session is None:
            return
        campaign = session.campaign
        games, standings = session.worked()
        self.query_one("#campaign-title", Static).update(Content.assemble(
            (plain(campaign.name).plain, "bold"), plain(
                f" · {plural(len(campaign.commanders), 'commander')} · "
                f"{plural(len(campaign.games), 'game')} · new commanders "
                f"{campaign.settings.new_handicap:+d}, scratch {campaign.settings.scratch:+d} "
                "(OtH p.50)")))
        table = self.query_one(DataTable)
        was = self.selected()
        self._ladder(table, standings)
        if was is not None and campaign.commander(was) is not None:
            table.move_cursor(row=table.get_row_index(was))
        lines: list[Content] = []
        for game in reversed(games):  # the latest first: what was just recorded is seen
            first, *rest = game_lines(game, session.loaded)
            lines.append(Content.styled(first, "bold"))
            lines += [plain(x) for x in rest]
        if campaign.corrections:
            lines.append(Content.styled(f"{plural(len(campaign.corrections), 'correction')} "
                                        "kept in the file", "dim"))
        if not games:
            lines.append(Content.styled("No game yet: r records one.", "dim"))
        self.query_one("#campaign-games", Static).update(Content("\n").join(lines))
        notes = session.notes()
        self.query_one("#campaign-problem", Static).update(Content("\n").join(
            [Content.styled("Warning: ", "$warning") + plain(n) for n in notes]))

    def selected(self) -> str | None:
        return highlighted_key(self.query_one(DataTable))

    # --- changes: each one the service's -----------------------------------------------
    def _apply(self, entry: GameEntry) -> str | None:
        assert self.session is not None
        try:
            if entry.number is None:
                change = self.session.record(entry.first, entry.second, entry.note)
            else:
                change = self.session.correct(entry.number, entry.first, entry.second,
                                              entry.note)
        except CampaignError as exc:
            return "\n".join(exc.lines())
        self.notify(change.said, timeout=4)
        return None

    def _game(self, correct: int | None) -> None:
        if self.session is None:
            return
        if len(self.session.campaign.commanders) < 2:
            self.notify("A game needs two commanders: `horizon-builder campaign join` adds "
                        "them.", timeout=5)
            return
        self.app.push_screen(GameDialog(self.session.campaign, self._apply, correct))

    def action_record(self) -> None:
        self._game(None)

    def action_correct(self) -> None:
        if self.session is not None and not self.session.campaign.games:
            self.notify("No game to correct yet: r records one.", timeout=3)
            return
        self._game(len(self.session.campaign.games) if self.session else None)

    def _do(self, change: str) -> None:
        assert self.session is not None
        name = self.selected()
        try:
            if change == "undo":
                said = self.session.undo().said
            elif name is None:
                return
            elif change == "accept":
                said = self.session.accept(name).said
            else:
                said = self.session.refuse(name).said
        except CampaignError as exc:
            self.notify(plain("\n".join(exc.lines())).plain, severity="warning", timeout=6)
            return
        self.notify(said, timeout=4)

    def action_undo(self) -> None:
        if self.session is not None:
            self._do("undo")

    def action_accept(self) -> None:
        if self.session is not None:
            self._do("accept")

    def action_refuse(self) -> None:
        if self.session is not None:
            self._do("refuse")

    def _readable(self) -> tuple[CampaignSession, str] | None:
        """The session and the selected commander, whose list can be read (else said)."""
        name = self.selected()
        if self.session is None or name is None:
            return None
        if name not in self.session.loaded.lists:
            self.notify(f"{shown(name)}'s list cannot be read.", severity="warning")
            return None
        return self.session, name

    def action_play_list(self) -> None:
        found = self._readable()
        if found is not None:
            session, name = found
            self.post_message(PlayList(session, session.list_path(name)))

    def action_open_list(self) -> None:
        from horizon_builder.tui.campaign.list_dialog import CommanderListDialog

        found = self._readable()
        if found is not None:
            self.app.push_screen(CommanderListDialog(*found),
                                 lambda edit: self.action_play_list() if edit else None)
