"""The campaign the app knows: the one last opened on the Campaign screen in this run. A roster
open in the app that is one of its commanders' lists, however it was opened (e on the
Campaign screen, Open, the recent lists), is shown as that commander plays it: the totals
give the base IR, the campaign's adjustment and the IR played with and its band (OtH p.50),
with the deployment spaces and disposition that band sets, and each element's row its
service record. What is shown is the service's
(:meth:`~horizon_builder.campaign.session.CampaignSession.playing`).

The campaign file may change while the app runs (a game recorded with ``horizon-builder
campaign record``): the app looks (:meth:`KnownCampaign.look`: a stat of the file every
:data:`LOOK_SECONDS` and when the app regains focus, its text read only when that changed)
and the service reads it again (:meth:`~horizon_builder.campaign.session.CampaignSession.catch_up`).
A file that cannot be read then is said once; the figures stay as last read, marked so."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

from horizon_builder.files.guarded import stat_stamp

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


class ReadsCampaign:
    """Mixed into a screen that reads the campaign again itself (the Campaign screen): the
    app does not look while it is open."""


#: How often the app looks whether the campaign file it knows changed on disk (seconds; a
#: stat of the file, as the Campaign screen looks at its files).
LOOK_SECONDS = 1.5

#: (the file's stamp when last looked at: never yet)
_UNSEEN = object()


@dataclass(frozen=True)
class Looked:
    """What a look at the campaign file found."""

    changed: bool = False  #: what the campaign plays may have changed: show it again
    problems: tuple[str, ...] = ()  #: newly wrong with the file (one line each): say so


class KnownCampaign:
    """The campaign the app knows (None until the Campaign screen has read one)."""

    def __init__(self) -> None:
        self.session: CampaignSession | None = None
        #: the last answer: (the list's path, the campaign as read, the problems, the answer)
        self._kept: tuple[Path, LoadedCampaign, tuple[str, ...], Playing | None] | None = None
        self._stamp: object = _UNSEEN  #: the file's stamp when last looked at
        #: what is wrong with the file as it is now (the figures are as it was last read)
        self.problems: tuple[str, ...] = ()

    def know(self, session: CampaignSession) -> None:
        if session is not self.session:
            self._stamp, self.problems = _UNSEEN, ()
        self.session, self._kept = session, None

    def look(self) -> Looked:
        """Read the campaign file again through its service when it changed since it was
        read (a stat first: its text is read only when that changed). A file that cannot be
        read now keeps the campaign as last read; its problems are in :attr:`problems`, and
        in the answer the first time they are found."""
        session = self.session
        if session is None:
            return Looked()
        now = stat_stamp(session.path)
        if now == self._stamp:
            return Looked()
        self._stamp = now
        from horizon_builder.campaign.errors import CampaignError

        try:
            change = session.catch_up()
        except CampaignError as exc:
            problems = tuple(exc.lines())
            if problems == self.problems:
                return Looked()
            self.problems = problems
            return Looked(True, problems)
        had, self.problems = self.problems, ()
        return Looked(change is not None or bool(had))

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
        if (kept is not None and kept[0] == path and kept[1] is session.loaded
                and kept[2] == self.problems):
            return kept[3]  # (the campaign is read again, and so changed, as a whole)
        from horizon_builder.campaign.errors import CampaignError

        name = session.commander_of(path)
        found = None
        if name is not None:
            try:
                found = session.playing(name)
            except CampaignError:
                found = None
        if found is not None and self.problems:
            found = dataclasses.replace(found, unread=self.problems)
        self._kept = (path, session.loaded, self.problems, found)
        return found
