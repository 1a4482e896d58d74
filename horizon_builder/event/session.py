"""The event night's one service, shared by ``horizon-builder event`` and the Event screen,
as :class:`horizon_builder.session.core.Session` is for a roster (OtH p.45-48).

An :class:`EventSession` holds an event file as read, with every list it names. Each change
(pair, result, correction, drop, join, accept, refuse, restore, and undo of the last ones)
is made by a pure edit of :mod:`.edits` and written at once; the session says what it did
and what it brought (:class:`Change`: its notes, a list changed since registration or a
tie-break that disagrees with the losses recorded), and tells whoever subscribed
(:meth:`EventSession.subscribe`). What a user types is checked here
(:func:`result_numbers`). Whatever goes wrong is an :class:`EventError` naming the file,
and nothing is written then.

Two writers of one event file (``event result`` from the command line while the Event
screen or a served tab is open): the file is written only while it is still what this
session read or last wrote (the digest of its content, compared under a lock on its folder
where the system has one). Otherwise nothing is written, the event is read again, and the
error says so: never a silent overwrite. Undo likewise never takes back a change that
another writer has written after it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypeVar

from horizon_builder.event import edits
from horizon_builder.event.errors import EventError
from horizon_builder.event.io import (
    LoadedEvent,
    load_event,
    restore_registered,
    save_event,
    tie_break_notes,
)
from horizon_builder.event.models import TIE_BREAK, VICTORY_POINTS, Event, Result
from horizon_builder.event.names import shown
from horizon_builder.event.register import Judged, judge_list, refusal, register
from horizon_builder.files.guarded import digest, write_if_unchanged, writers_one_at_a_time
from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.files.tomlfile import digits_of, is_file, link_target
from horizon_builder.files.tomlscan import INT_RANGE, out_of_range
from horizon_builder.roster.pin import short_pin
from horizon_builder.text.safetext import printable

__all__ = ["Change", "ChangedElsewhere", "EventError", "EventSession", "result_numbers"]

T = TypeVar("T")

#: What the refusal of a second writer says (the file, then this).
CHANGED_ELSEWHERE = ("the event file was changed by another writer since it was read (an "
                     "`event` command, another Event screen or a served tab): nothing "
                     "written; the event is read again as it is now: make the change again "
                     "if it is still wanted")


class ChangedElsewhere(EventError):
    """The event file was changed by another writer since this session read it: nothing was
    written, and the session has read it again (when it could), so the change may be made
    again on the event as it is now."""


# --- what a user types ---------------------------------------------------------------------

def whole_number(value: str | int, what: str, bounds: tuple[int, int], why: str = "") -> int:
    """``value`` (typed: text, or a number already) as a whole number within ``bounds``;
    EventError saying what it must be otherwise."""
    low, high = bounds
    wanted = f"{what} must be a whole number from {low} to {high}{why}"
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] in ("-", "+") else text
        if not digits.isascii() or not digits.isdigit():
            shown_value = printable(value if len(value) <= 20 else value[:20] + "...")
            raise EventError(f"{wanted}: {shown_value!r} is not")
        if len(digits.lstrip("0")) > len(str(max(abs(low), abs(high)))):  # no int of any length
            raise EventError(f"{wanted}: a number of {len(digits)} digits is not")
        number = int(text)
    else:
        number = value
    if not low <= number <= high:
        raise EventError(f"{wanted}: {number} is not")
    return number


def result_numbers(victory_points: str | int, tie_break: str | int) -> tuple[int, int]:
    """A result's victory points and tie-break points as typed, checked (EventError says
    what each must be): the command line and the result dialog ask this, and so does
    :meth:`EventSession.enter_result`."""
    return (whole_number(victory_points, "victory points", VICTORY_POINTS,
                         " (momentum at the start of a sixth turn, OtH p.47; it may be "
                         "below zero)"),
            whole_number(tie_break, "tie-break points", TIE_BREAK,
                         " (the Presence of the enemy elements destroyed, OtH p.47)"))


# --- the session ---------------------------------------------------------------------------

#: What a change is, for those told of it; "read": the files were read again.
Kind = Literal["pair", "result", "correction", "drop", "join", "accept", "refuse", "restore",
               "undo", "read"]


@dataclass(frozen=True)
class Change:
    """One change written (or the files read again): what it did, in a sentence, and the
    notes it brought that were not there before."""

    kind: Kind
    said: str
    notes: tuple[str, ...] = ()
    #: undo takes it back (a list file written back cannot be taken back)
    undoable: bool = False


@dataclass(frozen=True)
class _Done:
    change: Change
    before: Event
    digest: str  #: the event file's content just after the change: undone only while so


Observer = Callable[[Change], None]


class EventSession:
    """An event file being run: read, changed through pure edits, written, undone."""

    def __init__(self, loaded: LoadedEvent) -> None:
        self.loaded = loaded
        #: what registration left out, said once (:meth:`create`: each rules file among
        #: the lists named, not a list)
        self.skipped: tuple[str, ...] = ()
        #: the event file's content (digest) as read or last written: written over only so
        self._digest: str | None = digest(loaded.text)
        self._done: list[_Done] = []
        self._observers: list[Observer] = []

    # --- reading -----------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path) -> EventSession:
        """Read an event file and every list it names (EventError: each problem located)."""
        return cls(_load(path))

    @classmethod
    def create(cls, path: str | Path, lists: Sequence[str | Path], preset: str,
               name: str | None = None, seed: int = 0, campaign: bool = False,
               admit: bool = False) -> EventSession:
        """Register the lists in a new event file (each judged against the preset and
        pinned; OtH p.46) and open it. Never writes over a file. ``lists``: files and
        folders (each ``*.toml`` in it); a rules file among them (a list's own house rules,
        a preset) is left out and said in :attr:`skipped`; a folder with no list is an
        error."""
        from horizon_builder.event.batch import read_preset
        from horizon_builder.files.resources import find_preset
        from horizon_builder.roster.listfiles import find_lists

        path = Path(path)

        def never_over_a_file() -> None:
            if os.path.lexists(path):  # False, never an error, for a name that cannot be one
                raise EventError.at(path, "exists: choose another name (an event file is "
                                    "never overwritten by `event new`)")

        never_over_a_file()
        if not INT_RANGE[0] <= seed <= INT_RANGE[1]:  # the event file could not be read back
            raise EventError.at(path, f"the seed: {out_of_range(digits_of(seed))}: nothing "
                                "written")
        named = find_lists(lists)
        if named.empty or not named.lists:
            raise EventError.of([Problem(str(folder), "no lists in this folder (no *.toml "
                                         "file other than rules files): nothing written")
                                 for folder in named.empty] or
                                [Problem(str(path), "no lists among the files named (only "
                                         "rules files): nothing written")])
        found = find_preset(preset)
        try:
            options = read_preset(found)
            commanders = register([p for p, _shown in named.lists], path, found, campaign,
                                  admit)
        except LoadError as exc:
            raise EventError.of(exc.problems) from None
        shipped = found.parent == find_preset("oth-tournament").parent
        preset_name = found.stem if shipped else str(found.resolve())
        if not shipped:
            with contextlib.suppress(ValueError):  # elsewhere: keep the absolute path
                preset_name = str(found.resolve().relative_to(path.resolve().parent))
        event = Event(name=name or options.name or path.stem, preset=preset_name,
                      pairing="campaign" if campaign else "swiss", seed=seed,
                      commanders=commanders)
        with writers_one_at_a_time(link_target(path).parent):
            never_over_a_file()  # nor one written meanwhile
            _written(path, "the event file", lambda: save_event(path, event))
        session = cls.open(path)  # every list must be readable with the preset
        session.skipped = tuple(named.notes())
        return session

    def reload(self) -> Change:
        """Read the event file and its lists again (another writer, a player's list saved);
        EventError if the file cannot be used now: the session keeps the event as it was and
        writes nothing over the file until it reads it whole again."""
        said = self.notes()
        loaded = _load(self.path)
        elsewhere = digest(loaded.text) != self._digest
        self.loaded, self._digest = loaded, digest(loaded.text)
        change = Change("read", "The event file was changed elsewhere: read again."
                        if elsewhere else "The lists were read again.",
                        tuple(n for n in self.notes() if n not in said))
        self._tell(change)
        return change

    # --- what it is ----------------------------------------------------------------------
    @property
    def path(self) -> Path:
        return self.loaded.path

    @property
    def event(self) -> Event:
        return self.loaded.event

    def notes(self) -> list[str]:
        """Each list changed since registration (or unreadable) and each tie-break that
        disagrees with the losses recorded (OtH p.47): warnings, never refusals."""
        return [*self.loaded.change_notes(), *tie_break_notes(self.loaded)]

    def result_of(self, name: str, number: int | None = None) -> Result | None:
        """The commander's result entered in round ``number`` (default: the last), if any."""
        rounds = self.event.rounds
        if not rounds or (number is not None and not 1 <= number <= len(rounds)):
            return None
        round_ = rounds[-1 if number is None else number - 1]
        return next((r for b in round_.battles if (r := b.result_of(name)) is not None), None)

    def replaces(self, name: str, victory_points: str | int, tie_break: str | int,
                 destroyed: Sequence[str] | None = None, number: int | None = None
                 ) -> Result | None:
        """The result of round ``number`` (default: the last) that entering this one would
        replace (a correction, which the organiser confirms), or None; EventError: the
        numbers cannot be a result."""
        vp, tb = self._edit(result_numbers, victory_points, tie_break)
        old = self.result_of(name, number)
        if old is None:
            return None
        new = Result(victory_points=vp, tie_break=tb,
                     destroyed=old.destroyed if destroyed is None else tuple(destroyed))
        return old if new != old else None

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    def subscribe(self, observer: Observer) -> None:
        """``observer(change)`` after every change written and every reading again."""
        self._observers.append(observer)

    # --- changes -------------------------------------------------------------------------
    def pair(self) -> Change:
        """Pair the next round (OtH p.46; the campaign format p.48)."""
        event = self._edit(edits.with_next_round, self.event, self.loaded.bye,
                           self.loaded.last_round)
        return self._write("pair", f"Round {len(event.rounds)} paired.", event)

    def enter_result(self, name: str, victory_points: str | int, tie_break: str | int,
                     destroyed: Sequence[str] | None = (), number: int | None = None,
                     correct: bool = False) -> Change:
        """Enter one commander's result of round ``number`` (default: the last) as typed;
        one entered already is replaced only when ``correct`` says so (the event file keeps
        the old one). ``destroyed`` None: the losses entered already."""
        vp, tb = self._edit(result_numbers, victory_points, tie_break)
        event = self._edit(edits.with_result, self.loaded, name, vp, tb, destroyed, number,
                           correct=correct)
        shown_number = len(event.rounds) if number is None else number
        if event.corrections != self.event.corrections:
            fix = event.corrections[-1]
            lost = self.loaded.element_names
            return self._write("correction", f"corrected {shown(name)}'s round "
                               f"{shown_number}: was "
                               f"{edits.describe(fix.old, lost(name, fix.old.destroyed))}, now "
                               f"{edits.describe(fix.new, lost(name, fix.new.destroyed))} (the "
                               "old result is kept)", event)
        return self._write("result", f"{shown(name)}: {vp} VP, tie-break {tb} entered in "
                           f"round {shown_number}.", event)

    def drop(self, name: str) -> Change:
        """The commander drops out: never paired again; the results entered are kept."""
        event = self._edit(edits.with_dropped, self.event, name)
        return self._write("drop", f"{shown(name)} dropped out: not paired from the next "
                           "round; results kept.", event)

    def join(self, list_path: str | Path, admit: bool = False) -> Change:
        """A late entrant's list, judged against the preset and pinned (refused when not
        legal unless ``admit``), joins: paired from the next round."""
        event = self.event
        try:
            (commander,) = register([list_path], self.path, self.loaded.preset,
                                    event.pairing == "campaign", admit, taken=event.commanders)
        except LoadError as exc:
            raise EventError.of(exc.problems) from None
        joined = self._edit(edits.with_entrant, event, commander, self.loaded.last_round)
        return self._write("join", f"{shown(commander.name)} joined: paired from round "
                           f"{len(event.rounds) + 1}.", joined)

    def judge_change(self, name: str) -> Judged:
        """The commander's changed list judged against the preset (before accepting it)."""
        if name not in self.loaded.changed():
            raise EventError.at(self.path, f"{name}'s list has not changed since "
                                "registration: nothing to accept")
        try:
            return judge_list(self.loaded.list_path(name), self.loaded.preset)
        except LoadError as exc:
            raise EventError.of(exc.problems) from None

    def accept(self, name: str, admit: bool = False, judged: Judged | None = None) -> Change:
        """Accept the commander's changed list (``judged``: as :meth:`judge_change` judged
        it): pinned anew and kept as the registered list; one not legal only with
        ``admit`` (recorded with its first error)."""
        judged = judged or self.judge_change(name)
        if judged.first_error is not None and not admit:
            raise EventError.of([refusal(judged, self.loaded.preset)])
        event = self._edit(edits.with_change_accepted, self.loaded, name, judged.pin,
                           judged.first_error, judged.roster)
        verdict = "LEGAL" if judged.first_error is None else "admitted although NOT LEGAL"
        return self._write("accept", f"accepted {shown(name)}'s changed list: {verdict}, "
                           f"pinned {short_pin(judged.pin)}", event)

    def refuse(self, name: str) -> Change:
        """Refuse the commander's changed list: the registered list stands."""
        event = self._edit(edits.with_change_refused, self.loaded, name)
        commander = event.commander(name)
        hint = ("the list's file is as the player left it (it can be written back)"
                if commander is not None and commander.registered is not None
                else "put its file back as registered")
        return self._write("refuse", f"refused the change to {shown(name)}'s list: the "
                           f"registered list stands; {hint}", event)

    def refused(self, name: str) -> bool:
        """Is the commander's list as it is now a change refused already?"""
        commander = self.event.commander(name)
        return commander is not None and commander.refused is not None and \
            commander.refused == self.loaded.pin_now(name)

    def restore(self, name: str) -> Change:
        """Write the commander's registered list back over the list's file (the file as it
        was kept as NAME.bak), then the event: nothing refused any more. Not undoable."""
        event = self._edit(edits.with_list_restored, self.loaded, name)
        target = self.loaded.list_path(name)
        kept = (f" (the file as it was: {target.with_name(target.name + '.bak')})"
                if is_file(target) else "")  # saving keeps the file it replaces

        def write_back() -> None:
            _written(target, "the registered list back",
                     lambda: restore_registered(self.loaded, name))

        return self._write("restore", f"refused the change to {shown(name)}'s list: wrote "
                           f"the registered list back to {target}{kept}", event,
                           undoable=False, first=write_back)

    def undo(self) -> Change:
        """Take back the last change made here (EventError: none, or another writer wrote
        the event file after it: taking it back would lose theirs)."""
        if not self._done:
            raise EventError("Nothing to undo.")
        done = self._done[-1]
        if done.digest != self._digest:
            self._done.clear()
            raise EventError.at(self.path, "the event file was changed elsewhere after "
                                f"this change ({done.change.said.rstrip('.')}): taking it back would "
                                "lose that; nothing written (nothing left to undo)")
        change = self._write("undo", f"Undone: {done.change.said}", done.before,
                             undoable=False)
        self._done.pop()
        return change

    # --- how -----------------------------------------------------------------------------
    def _edit(self, edit: Callable[..., T], *args: object, **kwargs: object) -> T:
        """A pure edit's event (or a check's answer), its refusal named by the event file."""
        try:
            return edit(*args, **kwargs)
        except EventError as exc:
            raise (exc if exc.problems else EventError.at(self.path, str(exc))) from None

    def _write(self, kind: Kind, said: str, event: Event, undoable: bool = True,
               first: Callable[[], None] | None = None) -> Change:
        """Write ``event`` over the file if it is still what was read or last written
        (``first``: another file to write before it, under the same check); say the change
        and tell the subscribers."""
        before, notes = self.loaded, self.notes()

        def write(text: str) -> str:
            if first is not None:
                first()
            return _written(self.path, "the event file",
                            lambda: save_event(self.path, event, text))

        written = write_if_unchanged(self.path, self._digest, write)
        if written is None:  # read again, out of the other writers' way
            with contextlib.suppress(EventError):
                self.reload()
            raise ChangedElsewhere.at(self.path, CHANGED_ELSEWHERE)
        text = written
        ours = self._digest = digest(text)
        self.loaded = dataclasses.replace(before, event=event, text=text)
        if kind in ("join", "accept", "restore", "undo"):  # the lists played may differ
            with contextlib.suppress(LoadError):
                self.loaded = load_event(self.path)
                self._digest = digest(self.loaded.text)  # ours, or a newer
        change = Change(kind, said, tuple(n for n in self.notes() if n not in notes),
                        undoable)
        if undoable:
            self._done.append(_Done(change, before.event, ours))
        self._tell(change)
        return change

    def _tell(self, change: Change) -> None:
        for observer in list(self._observers):
            observer(change)


def _load(path: str | Path) -> LoadedEvent:
    try:
        return load_event(path)
    except LoadError as exc:
        raise EventError.of(exc.problems) from None


def _written(path: Path, what: str, write: Callable[[], T]) -> T:
    """``write()``, a file that cannot be written said as ``FILE: cannot write WHAT: why
    (the file is as it was)``."""
    try:
        return write()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise EventError.at(path, f"cannot write {what}: {reason} (the file is as it "
                            "was)") from None
