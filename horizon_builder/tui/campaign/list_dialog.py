"""A commander's list as the campaign plays it: the IR with the campaign's adjustment and the
band it falls in (OtH p.50), what that band does, and each element's service record."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from horizon_builder.campaign.intelligence import of_totals
from horizon_builder.campaign.report import render, roster_document
from horizon_builder.campaign.session import CampaignSession
from horizon_builder.checks import validate
from horizon_builder.event.names import shown
from horizon_builder.tui.common.dialog import CANCEL, Dialog, DialogButton


def ir_lines(session: CampaignSession, name: str) -> list[str]:
    """Base IR, the adjustment, the result, its band and what the band does."""
    loaded = session.loaded.lists[name]
    totals = validate(loaded.roster, loaded.ruleset).totals
    standing = session.standing(name)
    ir = of_totals(loaded.ruleset.intelligence, totals, standing.adjustment)
    if ir is None:
        return [f"IR: none (FC 0); campaign adjustment {standing.adjustment:+d}"]
    lines = [f"FC {totals.force_cost}  FP {totals.force_presence}  IR {ir.base:+d} "
             f"{standing.adjustment:+d} (handicap {standing.handicap:+d}, bonus "
             f"{standing.bonus:+d}) = {ir.rating:+d}"
             + (f" {ir.band.quality}" if ir.band is not None else "") + " (OtH p.50)"]
    if ir.band is not None:
        lines.append(f"Intelligence: {ir.band.effect}")
        lines.append(f"Deployment spaces: {ir.spaces(totals.deployment_spaces)}")
    return lines


class CommanderListDialog(Dialog[bool]):
    """Its answer: True to open the list in the editor, as the campaign plays it."""

    DEFAULT_CSS = """
    CommanderListDialog .list-box { width: 90; }
    CommanderListDialog .list-text { height: auto; max-height: 55vh; }
    """
    ESCAPE = ("escape", "Close")
    DEFAULT = "ok"
    FOCUS = "#ok"

    def __init__(self, session: CampaignSession, name: str) -> None:
        super().__init__(f"{shown(name)} in {shown(session.campaign.name)}", False,
                         box="list-box")
        self.session = session
        self.name_ = name

    def compose_body(self) -> ComposeResult:
        text = "\n".join(ir_lines(self.session, self.name_)) + "\n\n" + render(
            roster_document(self.session.loaded, self.name_)[1:], "text")
        with VerticalScroll(classes="list-text"):
            yield Static(Text(text), id="list-text")

    def buttons(self) -> Sequence[DialogButton[bool]]:
        return (DialogButton("Open in the editor", "edit", True),
                DialogButton("OK", "ok", CANCEL, "primary"))
