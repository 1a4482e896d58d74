"""A campaign's one service, shared by ``horizon-builder campaign`` and the Campaign screen,
as the event session is for an event night (OtH p.50: linked battles).

A :class:`CampaignSession` holds a campaign file as read, with every list it names. Each
change (join, record a game, correct one, accept or refuse a changed list, undo) is a pure
edit of the :class:`~horizon_builder.campaign.models.Campaign`, checked and written at once;
the session says what it did (:class:`Change`) and tells whoever subscribed. What a user
types is checked here. Whatever goes wrong is a :class:`CampaignError` naming the file, and
nothing is written then.

Two writers of one campaign file: the file is written only while it is still what this
session read or last wrote (its digest); otherwise nothing is written, the campaign is read
again and the error says so.

Undo takes back the newest change the service wrote to the file, whichever session (the
command line's, the screen's) wrote it: every change is kept in a journal between runs
(:mod:`horizon_builder.campaign.journal`), so ``campaign undo`` is this same verb. A change
is taken back only while the file is still as that change left it: never over a change
made by hand or by another program after it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal, TypeVar

from horizon_builder.campaign import journal
from horizon_builder.campaign.errors import CampaignError
from horizon_builder.campaign.intelligence import Playing, adjusted
from horizon_builder.campaign.io import (
    LoadedCampaign,
    game_problems,
    load_campaign,
    save_campaign,
)
from horizon_builder.campaign.models import MOMENTUM, Campaign, Commander, Correction, Game, Side
from horizon_builder.campaign.standing import GameWorked, ServiceRecord, Standing, service_records
from horizon_builder.checks import validate
from horizon_builder.event.names import shown
from horizon_builder.files.guarded import digest, unchanged, write_if_unchanged
from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.files.tomlfile import is_file, write_text_atomic
from horizon_builder.roster.io import load
from horizon_builder.roster.pin import pin, short_pin
from horizon_builder.rules.models import Intelligence, IntelligenceBand
from horizon_builder.text.safetext import printable

__all__ = ["CampaignError", "CampaignSession", "Change", "ChangedElsewhere", "Playing", "SideEntry",
           "adjuster", "whole_number"]

T = TypeVar("T")

CHANGED_ELSEWHERE = ("the campaign file was changed by another writer since it was read: "
                     "nothing written; the campaign is read again as it is now: make the "
                     "change again if it is still wanted")


class ChangedElsewhere(CampaignError):
    """The campaign file was changed by another writer since this session read it."""


def whole_number(value: str | int, what: str, bounds: tuple[int, int]) -> int:
    """``value`` as typed (text or a number) as a whole number within ``bounds``."""
    low, high = bounds
    wanted = f"{what} must be a whole number from {low} to {high}"
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] in ("-", "+") else text
        if not digits.isascii() or not digits.isdigit() or len(digits) > 6:
            raise CampaignError(f"{wanted}: {printable(value[:20])!r} is not")
        number = int(text)
    else:
        number = value
    if not low <= number <= high:
        raise CampaignError(f"{wanted}: {number} is not")
    return number


@dataclass(frozen=True)
class SideEntry:
    """One side of a game as typed: checked by :meth:`side`."""

    commander: str
    starting_momentum: str | int
    momentum_left: str | int
    lost: Sequence[str] = ()
    objectives: Sequence[str] = ()
    situation: str | int | None = None

    def side(self) -> Side:
        situation = None if self.situation in (None, "") else whole_number(
            self.situation, "the Situation roll", (1, 12))
        return Side(commander=self.commander,
                    starting_momentum=whole_number(self.starting_momentum,
                                                   "starting momentum", (1, MOMENTUM[1])),
                    momentum_left=whole_number(self.momentum_left, "momentum left", MOMENTUM),
                    situation=situation,
                    lost=tuple(x.strip() for x in self.lost if x.strip()),
                    objectives=tuple(x.strip() for x in self.objectives if x.strip()))


Kind = Literal["join", "record", "correction", "accept", "refuse", "undo", "read"]


@dataclass(frozen=True)
class Change:
    kind: Kind
    said: str
    notes: tuple[str, ...] = ()
    undoable: bool = False


Observer = Callable[[Change], None]


class CampaignSession:
    """A campaign file being played: read, changed through pure edits, written, undone."""

    def __init__(self, loaded: LoadedCampaign) -> None:
        self.loaded = loaded
        self._digest = digest(loaded.text)
        self._observers: list[Observer] = []

    # --- reading -----------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path) -> CampaignSession:
        return cls(_load(path))

    @classmethod
    def create(cls, path: str | Path, name: str | None = None,
               preset: str | None = None) -> CampaignSession:
        """Start a new campaign file (never over a file)."""
        path = Path(path)
        if os.path.lexists(path):
            raise CampaignError.at(path, "exists: choose another name (a campaign file is "
                                   "never overwritten by `campaign new`)")
        try:
            campaign = Campaign(name=name or path.stem, preset=preset)
        except ValueError as exc:
            raise CampaignError.at(path, f"cannot start the campaign: {exc}") from None
        if preset is not None:
            from horizon_builder.campaign.io import preset_path

            found = preset_path(campaign, path)
            if found is None or not is_file(found):  # False for a name too long to be a file
                raise CampaignError.at(path, f"no preset {preset!r}: name a shipped one "
                                       "(horizon-builder presets) or a file")
        _written(path, lambda: save_campaign(path, campaign))
        journal.write(path, [])  # (a journal of an earlier file of this name: nothing to undo)
        return cls.open(path)

    def reload(self) -> Change:
        said = self.notes()
        self.loaded = _load(self.path)
        self._digest = digest(self.loaded.text)
        change = Change("read", "The campaign was read again.",
                        tuple(n for n in self.notes() if n not in said))
        self._tell(change)
        return change

    def catch_up(self) -> Change | None:
        """Read the file again when it is no longer the text this session read or last wrote
        (another writer: ``campaign record`` on the command line, an editor); None when it
        still is. When it cannot be read now: a :class:`CampaignError` naming the file and
        what is wrong, the campaign as last read kept."""
        if unchanged(self.path, self._digest):
            return None
        return self.reload()

    # --- what it is --------------------------------------------------------------------
    @property
    def path(self) -> Path:
        return self.loaded.path

    @property
    def campaign(self) -> Campaign:
        return self.loaded.campaign

    def notes(self) -> list[str]:
        return self.loaded.notes()

    def worked(self) -> tuple[list[GameWorked], dict[str, Standing]]:
        return self.loaded.worked()

    def standing(self, name: str) -> Standing:
        found = self.worked()[1].get(name)
        if found is None:
            raise CampaignError.at(self.path, self._no_commander(name))
        return found

    def service(self, name: str) -> dict[str, ServiceRecord]:
        return service_records(self.campaign, self.loaded.elements, name)

    def commander_of(self, list_path: Path) -> str | None:
        """The commander who plays the list file ``list_path`` (None: no one here)."""
        with contextlib.suppress(OSError):
            wanted = list_path.resolve()
            return next((c.name for c in self.campaign.commanders
                         if self.loaded.list_path(c.name).resolve() == wanted), None)
        return None

    def playing(self, name: str) -> Playing:
        """The commander's list as the campaign plays it: IR adjustment, service records."""
        return Playing(shown(self.campaign.name), shown(name), self.standing(name),
                       self.service(name))

    def list_path(self, name: str) -> Path:
        if self.campaign.commander(name) is None:
            raise CampaignError.at(self.path, self._no_commander(name))
        return self.loaded.list_path(name)

    @property
    def can_undo(self) -> bool:
        return bool(journal.read(self.path))

    def subscribe(self, observer: Observer) -> None:
        self._observers.append(observer)

    # --- changes -----------------------------------------------------------------------
    def join(self, list_path: str | Path, new: bool = False, name: str | None = None) -> Change:
        """A commander joins with a list (read and pinned; ``new``: a new player, who starts
        with the settings' handicap, OtH p.50)."""
        try:
            loaded = load(list_path, event=self.loaded.preset)
        except LoadError as exc:
            raise CampaignError.of(exc.problems) from None
        roster = loaded.roster
        report = validate(roster, loaded.ruleset)  # on the campaign's layers: said, not refused
        verdict = "LEGAL" if report.legal else (
            f"NOT LEGAL: {report.errors[0].message.rstrip('.')}" if report.errors else "NOT LEGAL")
        layers = f" with {self.loaded.preset.name}" if self.loaded.preset is not None else ""
        who = name or roster.commander or Path(list_path).stem
        if self.campaign.commander(who) is not None:
            raise CampaignError.at(list_path, f"commander {shown(who)!r} is in the campaign "
                                   "already (give another name with --name)")
        relative = Path(list_path).resolve()
        with contextlib.suppress(ValueError):
            relative = relative.relative_to(self.path.resolve().parent)
        commander = self._edit(Commander, name=who, list=str(relative), new=new,
                               pin=pin(roster))
        campaign = self.campaign.model_copy(
            update={"commanders": (*self.campaign.commanders, commander)})
        start = self.campaign.settings.new_handicap if new else self.campaign.settings.scratch
        return self._write("join", f"{shown(who)} joined (handicap {start:+d}), list pinned "
                           f"{short_pin(pin(roster))}, {verdict}{layers}.", campaign)

    def record(self, first: SideEntry, second: SideEntry, note: str = "") -> Change:
        """Record a game as typed, after the others (checked: commanders, elements,
        objectives, a decided outcome)."""
        game = self._game(first, second, note)
        campaign = self.campaign.model_copy(update={"games": (*self.campaign.games, game)})
        number = len(campaign.games)
        return self._write("record", f"Game {number} recorded: "
                           f"{self._result_line(campaign, number)}", campaign)

    def correct(self, number: int, first: SideEntry, second: SideEntry, note: str = "") -> Change:
        """Replace game ``number``; the old record is kept in the corrections."""
        games = self.campaign.games
        if not 1 <= number <= len(games):
            raise CampaignError.at(self.path, f"no game {number}: the campaign has "
                                   f"{len(games)} games")
        game = self._game(first, second, note)
        if game == games[number - 1]:
            raise CampaignError.at(self.path, f"game {number} is recorded so already: "
                                   "nothing to correct")
        when = datetime.now(UTC).isoformat(timespec="seconds")
        campaign = self.campaign.model_copy(update={
            "games": (*games[:number - 1], game, *games[number:]),
            "corrections": (*self.campaign.corrections,
                            Correction(game=number, when=when, old=games[number - 1]))})
        return self._write("correction", f"Game {number} corrected (the old record is kept): "
                           f"{self._result_line(campaign, number)}", campaign)

    def accept(self, name: str) -> Change:
        """Accept the commander's changed list: pinned anew."""
        now = self._changed(name)
        campaign = self._with_commander(name, pin=now, refused=None)
        return self._write("accept", f"accepted {shown(name)}'s changed list: pinned "
                           f"{short_pin(now)}", campaign)

    def refuse(self, name: str) -> Change:
        """Refuse the commander's changed list: the pinned list stands (the player puts the
        file back)."""
        now = self._changed(name)
        campaign = self._with_commander(name, refused=now)
        return self._write("refuse", f"refused the change to {shown(name)}'s list: the "
                           "pinned list stands; put its file back as pinned", campaign)

    def undo(self) -> Change:
        """Take back the newest change written to the campaign file (here or by another
        session: ``campaign undo``), while the file is as that change left it."""
        entries = journal.read(self.path)
        if not entries:
            raise CampaignError("Nothing to undo.")
        newest = entries[-1]
        if newest.after != self._digest:  # this session may be behind the file: read it
            with contextlib.suppress(CampaignError):
                self.reload()
        before = newest.campaign()
        if newest.after != self._digest or before is None:
            journal.write(self.path, [])
            raise CampaignError.at(self.path, "the campaign file was changed after the last "
                                   "change made with horizon-builder (by hand, or by another "
                                   "program): taking it back would lose that; nothing "
                                   "written (nothing left to undo)")
        return self._write("undo", f"Undone: {newest.said}", before, undoable=False,
                           kept=entries[:-1], text=newest.before)

    # --- how ---------------------------------------------------------------------------
    def _no_commander(self, name: str) -> str:
        names = ", ".join(shown(c.name) for c in self.campaign.commanders) or "none yet"
        return f"no commander {shown(name)!r} in this campaign (commanders: {names})"

    def _changed(self, name: str) -> str:
        if self.campaign.commander(name) is None:
            raise CampaignError.at(self.path, self._no_commander(name))
        if name not in self.loaded.changed():
            raise CampaignError.at(self.path, f"{shown(name)}'s list has not changed since "
                                   "it was pinned: nothing to accept or refuse")
        now = self.loaded.pin_now(name)
        assert now is not None
        return now

    def _with_commander(self, name: str, **update: object) -> Campaign:
        commanders = tuple(c.model_copy(update=update) if c.name == name else c
                           for c in self.campaign.commanders)
        return self.campaign.model_copy(update={"commanders": commanders})

    def _game(self, first: SideEntry, second: SideEntry, note: str) -> Game:
        for entry in (first, second):
            if self.campaign.commander(entry.commander) is None:
                raise CampaignError.at(self.path, self._no_commander(entry.commander))
        game = self._edit(lambda: Game(first=first.side(), second=second.side(),
                                       note=note.strip()))
        found = game_problems(self.loaded, game)
        if found:
            raise CampaignError.of([Problem(str(self.path), message) for _, message in found])
        # lost elements named by their name are kept by id: a rename keeps the record
        elements = self.loaded.elements

        def by_id(side: Side) -> Side:
            mine = elements.get(side.commander, {})
            return side.model_copy(update={"lost": tuple(mine[k][0] if k in mine else k
                                                         for k in side.lost)})

        return game.model_copy(update={"first": by_id(game.first),
                                       "second": by_id(game.second)})

    def _result_line(self, campaign: Campaign, number: int) -> str:
        loaded = dataclasses.replace(self.loaded, campaign=campaign)
        worked = loaded.worked()[0][number - 1]
        return result_line(worked)

    def _edit(self, make: Callable[..., T], *args: object, **kwargs: object) -> T:
        try:
            return make(*args, **kwargs)
        except CampaignError as exc:
            raise (exc if exc.problems else CampaignError.at(self.path, str(exc))) from None
        except ValueError as exc:  # a model's own check (pydantic's ValidationError)
            errors = getattr(exc, "errors", None)
            message = ("; ".join(str(e.get("msg", "")).removeprefix("Value error, ")
                                 for e in errors()) if callable(errors) else str(exc))
            raise CampaignError.at(self.path, printable(message)) from None

    def _write(self, kind: Kind, said: str, campaign: Campaign, undoable: bool = True,
               kept: list[journal.Entry] | None = None, text: str | None = None) -> Change:
        """Write ``campaign`` (or the file's ``text`` as it was: an undo) while the file is as
        this session read it, and keep what undo needs: the change on top of the journal
        (``undoable``), or the journal ``kept``."""
        before, notes = self.loaded, self.notes()

        def write(read: str) -> str:
            written = _written(self.path, lambda: save_campaign(self.path, campaign)
                               if text is None else _restored(self.path, text))
            entries = kept if kept is not None else journal.read(self.path)
            if undoable:  # (under the folder's lock: two writers never mix their journals)
                entries = [*entries, journal.Entry(said, read, digest(written))]
            journal.write(self.path, entries)
            return written

        now = write_if_unchanged(self.path, self._digest, write)
        if now is None:
            with contextlib.suppress(CampaignError):
                self.reload()
            raise ChangedElsewhere.at(self.path, CHANGED_ELSEWHERE)
        self._digest = digest(now)
        self.loaded = dataclasses.replace(before, campaign=campaign, text=now)
        if kind in ("join", "undo"):  # the lists may differ
            with contextlib.suppress(CampaignError):
                self.loaded = _load(self.path)
        change = Change(kind, said, tuple(n for n in self.notes() if n not in notes), undoable)
        self._tell(change)
        return change

    def _tell(self, change: Change) -> None:
        for observer in list(self._observers):
            observer(change)


def adjuster(path: str, commander: str | None
             ) -> Callable[[Intelligence | None, int, str],
                           tuple[str, int, IntelligenceBand | None, int] | str]:
    """For ``adventure --campaign``: the commander's IR in the campaign file ``path``
    (``commander`` None: the list's own commander name), or what is wrong (one line per
    problem, each naming the file)."""
    def adjust(intelligence: Intelligence | None, base: int, listed: str
               ) -> tuple[str, int, IntelligenceBand | None, int] | str:
        name = commander or listed
        try:
            session = CampaignSession.open(path)
            standing = session.standing(name)
        except CampaignError as exc:
            return "\n".join(exc.lines())
        ir = adjusted(intelligence, base, standing.adjustment)
        return (ir.text(shown(session.campaign.name), shown(name)), ir.rating, ir.band,
                ir.spaces(0))

    return adjust


def result_line(worked: GameWorked) -> str:
    """``A beat B, decisive (5 of 12 momentum left); tie-break 4 and 2``."""
    sides = (worked.first, worked.second)
    winner = next((s for s in sides if s.outcome.result == "victory"), None)
    if winner is None:
        return (f"{shown(worked.first.side.commander)} and {shown(worked.second.side.commander)}"
                " fought to a stalemate")
    loser = sides[1] if winner is sides[0] else sides[0]
    w = winner.side
    return (f"{shown(w.commander)} beat {shown(loser.side.commander)}, {winner.margin} "
            f"({w.momentum_left} of {w.starting_momentum} momentum left)")


def _load(path: str | Path) -> LoadedCampaign:
    try:
        return load_campaign(path)
    except LoadError as exc:
        raise CampaignError.of(exc.problems) from None


def _restored(path: Path, text: str) -> str:
    """Write the file's text back as it was (an undo), the previous one kept as ``.bak``."""
    write_text_atomic(path, text, keep_backup=True)
    return text


def _written(path: Path, write: Callable[[], T]) -> T:
    try:
        return write()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise CampaignError.at(path, f"cannot write the campaign file: {reason} (the file is "
                               "as it was)") from None
