"""Opening the Campaign screen: from the palette (a dialog asks for the file) or from the
command line (``horizon-builder --campaign FILE``), where Esc then quits."""

from __future__ import annotations

from pathlib import Path

from textual.app import App


def open_campaign(app: App[int], path: Path | None, alone: bool = False) -> None:
    from horizon_builder.tui.campaign.screen import CampaignScreen

    if path is not None:
        screen = CampaignScreen(path)
        screen.alone = alone
        app.push_screen(screen)


def ask_and_open(app: App[int]) -> None:
    from horizon_builder.tui.event.organiser_dialogs import FolderAndPresetDialog

    def chosen(answer: tuple[Path, Path] | None) -> None:
        open_campaign(app, answer[0] if answer is not None else None)

    app.push_screen(FolderAndPresetDialog("Play a campaign", "Campaign file (horizon-builder "
                                          "campaign new)", need_preset=False), chosen)
