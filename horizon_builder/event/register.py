"""Registration: every commander's Task Force judged against the event's preset and pinned
(OtH p.46: lists are submitted before the event so the organiser can check them).

A list that is not legal is refused, naming it and its first error, unless the organiser
admits it explicitly (recorded in the event file). Each list's pin (roster/pin.py) is kept
so any later change to it is seen ("changed since registration"), and so is its content: the
registered list, which the event goes on with until a change is accepted.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from horizon_builder.checks import validate
from horizon_builder.event.batch import first_error
from horizon_builder.event.models import Commander, Side
from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.roster.io import load
from horizon_builder.roster.models import Roster
from horizon_builder.roster.pin import pin
from horizon_builder.text.safetext import printable


@dataclass(frozen=True)
class Judged:
    """One list as registration sees it: its commander name, pin, first error (if any) and
    content (kept in the event file: the registered list)."""

    path: Path
    name: str
    pin: str
    first_error: str | None
    roster: Roster


def judge_list(path: str | Path, preset: Path) -> Judged:
    """Read and judge one list against the preset (LoadError: it cannot be read)."""
    path = Path(path)
    loaded = load(path, event=preset)
    report = validate(loaded.roster, loaded.ruleset)
    return Judged(path, loaded.roster.commander or path.stem, pin(loaded.roster),
                  None if report.legal else (first_error(report) or "not legal"),
                  loaded.roster)


def refusal(judged: Judged, preset: Path) -> Problem:
    return Problem(str(judged.path), f"{judged.name}'s list is NOT LEGAL for {preset.name}: "
                   f"{judged.first_error} (fix the list, or admit it anyway with "
                   "--admit-illegal)")


def register(paths: Sequence[str | Path], event_path: Path, preset: Path,
             campaign: bool = False, admit: bool = False,
             taken: Sequence[Commander] = ()) -> tuple[Commander, ...]:
    """The commanders of these lists, judged and pinned; LoadError names every list that
    cannot be read, that is not legal (unless ``admit``), or whose commander name another
    list (or a commander in ``taken``) already has."""
    problems: list[Problem] = []
    out: list[Commander] = []
    owners = {c.name: c.list for c in taken}
    for index, name in enumerate(paths):
        try:
            judged = judge_list(name, preset)
        except LoadError as exc:
            problems.extend(exc.problems[:1])
            continue
        if judged.name in owners:
            problems.append(Problem(str(name), f"commander {printable(judged.name)!r} is "
                                    f"already the commander of {owners[judged.name]}: two "
                                    "lists cannot have one commander (set `commander` in "
                                    "one of them)"))
            continue
        owners[judged.name] = str(name)
        if judged.first_error is not None and not admit:
            problems.append(refusal(judged, preset))
            continue
        relative = Path(name).resolve()
        with contextlib.suppress(ValueError):  # elsewhere: keep the absolute path
            relative = relative.relative_to(event_path.resolve().parent)
        side: Side | None = (("red" if (len(taken) + index) % 2 == 0 else "blue")
                             if campaign else None)
        out.append(Commander(name=judged.name, list=str(relative), side=side, pin=judged.pin,
                             admitted=judged.first_error, registered=judged.roster))
    if problems:
        raise LoadError(problems)
    return tuple(out)
