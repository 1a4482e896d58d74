"""The campaign the app knows: the one last opened on the Campaign screen in this run. A roster
open in the app that is one of its commanders' lists, however it was opened (e on the
Campaign screen, Open, the recent lists), is shown as that commander plays it: the totals
give the base IR, the campaign's adjustment and the IR played with and its band (OtH p.50),
with the deployment spaces and disposition that band sets, and each element's row its
service record. What is shown is the service's
(:meth:`~horizon_builder.campaign.session.CampaignSession.playing`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from horizon_builder.campaign.intelligence import Playing
    from horizon_builder.campaign.io import LoadedCampaign
    from horizon_builder.campaign.session import CampaignSession


class CampaignKnown(Message):
    """The Campaign screen read a campaign: the app knows it from now on."""

    def __init__(self, session: CampaignSession) -> None:
        super().__init__()
        self.session = session


class PlayList(Message):
    """Open this commander's list on the home screen, as the campaign plays it."""

    def __init__(self, session: CampaignSession, path: Path) -> None:
        super().__init__()
        self.session = session
        self.path = path


class KnownCampaign:
    """The campaign the app knows (None until the Campaign screen has read one)."""

    def __init__(self) -> None:
        self.session: CampaignSession | None = None
        #: the last answer: (the list's path, the campaign as read, the answer)
        self._kept: tuple[Path, LoadedCampaign, Playing | None] | None = None

    def know(self, session: CampaignSession) -> None:
        self.session, self._kept = session, None

    def read(self, path: Path) -> list[str]:
        """Know the campaign file ``path`` (``horizon-builder LIST --campaign FILE``): what is
        wrong with it, one line each, when it cannot be read (then no campaign is known)."""
        from horizon_builder.campaign.errors import CampaignError
        from horizon_builder.campaign.session import CampaignSession

        try:
            self.know(CampaignSession.open(path))
        except CampaignError as exc:
            return exc.lines()
        return []

    def playing(self, path: Path | None) -> Playing | None:
        """The list at ``path`` as the campaign plays it (None: not a commander's list of
        the campaign the app knows, or no campaign)."""
        session = self.session
        if session is None or path is None:
            return None
        kept = self._kept
        if kept is not None and kept[0] == path and kept[1] is session.loaded:
            return kept[2]  # (the campaign is read again, and so changed, as a whole)
        from horizon_builder.campaign.errors import CampaignError

        name = session.commander_of(path)
        found = None
        if name is not None:
            try:
                found = session.playing(name)
            except CampaignError:
                found = None
        self._kept = (path, session.loaded, found)
        return found
