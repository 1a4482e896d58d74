"""Reading, checking and writing event files, with every problem located by file, line and key.

An event names its preset and each commander's Task Force file; the Task Forces
are read with the preset (as ``check --event`` judges them), so the standings'
third tie-break, the Force Cost left in each Task Force (OtH p.48), comes from the
same rules as the verdicts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from horizon_builder.engine.analysis import analyse
from horizon_builder.event.models import Event
from horizon_builder.problems import LoadError, Problem
from horizon_builder.resources import find_preset
from horizon_builder.roster.io import LoadedRoster, load
from horizon_builder.tomlfile import (
    KeyLines,
    format_loc,
    is_file,
    problems_from_validation,
    read_toml,
    write_toml_atomic,
)

Loc = tuple[str | int, ...]


@dataclass
class LoadedEvent:
    path: Path
    event: Event
    preset: Path
    text: str = ""
    lists: dict[str, LoadedRoster] = field(default_factory=dict)  #: by commander

    def list_path(self, name: str) -> Path:
        commander = self.event.commander(name)
        assert commander is not None
        return (self.path.parent / commander.list).resolve() if not Path(commander.list).is_absolute() \
            else Path(commander.list)

    def benched(self, name: str, before_round: int | None = None) -> list[str]:
        """Ids of the commander's elements destroyed in the event's rounds before
        ``before_round`` (all when None): benched (OtH p.46)."""
        out: list[str] = []
        rounds = self.event.rounds if before_round is None else self.event.rounds[:before_round]
        for round_ in rounds:
            for battle in round_.battles:
                result = battle.result_of(name)
                if result is not None:
                    out.extend(i for i in result.destroyed if i not in out)
        return out

    def remaining(self) -> dict[str, int | None]:
        """Each commander's Task Force FC not destroyed in the event (OtH p.48)."""
        out: dict[str, int | None] = {}
        for commander in self.event.commanders:
            loaded = self.lists.get(commander.name)
            if loaded is None:
                out[commander.name] = None
                continue
            gone = set(self.benched(commander.name))
            analysis = analyse(loaded.roster, loaded.ruleset)
            out[commander.name] = sum(i.fc for i in analysis.elements if i.id not in gone)
        return out


def preset_path(event: Event, event_path: Path) -> Path:
    local = event_path.parent / event.preset
    return local if is_file(local) else find_preset(event.preset)


def load_event(path: str | Path) -> LoadedEvent:
    """Read an event file and every Task Force it names; LoadError lists each problem."""
    path = Path(path)
    data, text = read_toml(path)
    try:
        event = Event.model_validate(data)
    except ValidationError as exc:
        raise LoadError(problems_from_validation(path, text, exc)) from None
    lines = KeyLines(text)
    problems: list[Problem] = []

    def problem(loc: Loc, message: str) -> None:
        problems.append(Problem(str(path), message, key=format_loc(loc), line=lines.line_for(loc)))

    preset = preset_path(event, path)
    if not is_file(preset):
        problem(("preset",), f"no preset {event.preset!r}: name a shipped one "
                "(horizon-builder presets) or a file next to the event")
    loaded = LoadedEvent(path, event, preset, text)
    for index, commander in enumerate(event.commanders):
        list_path = loaded.list_path(commander.name)
        if not is_file(list_path):
            problem(("commanders", index, "list"), f"{commander.name}'s Task Force "
                    f"{commander.list!r} is not there ({list_path}): fix the path or add the file")
            continue
        if not is_file(preset):
            continue
        try:
            loaded.lists[commander.name] = load(list_path, event=preset)
        except LoadError as exc:
            problem(("commanders", index, "list"), f"{commander.name}'s Task Force cannot be "
                    f"read: {exc.problems[0]}")
    for loc, message in round_problems(loaded):
        problem(loc, message)
    if problems:
        raise LoadError(problems)
    return loaded


def round_problems(loaded: LoadedEvent) -> list[tuple[Loc, str]]:
    event = loaded.event
    known = {c.name for c in event.commanders}
    out: list[tuple[Loc, str]] = []
    for r_index, round_ in enumerate(event.rounds):
        seen: set[str] = set()
        for b_index, battle in enumerate(round_.battles):
            where: Loc = ("rounds", r_index, "battles", b_index)
            for side in ("red", "blue"):
                name = getattr(battle, side)
                if name is None:
                    continue
                if name not in known:
                    out.append(((*where, side), f"no commander {name!r} in this event"))
                elif name in seen:
                    out.append(((*where, side), f"{name} plays twice in round {r_index + 1}"))
                seen.add(name)
                result = battle.result_of(name)
                if result is None or name not in loaded.lists:
                    continue
                ids = {e.id for e in loaded.lists[name].roster.elements}
                benched = set(loaded.benched(name, r_index))
                for d_index, element_id in enumerate(result.destroyed):
                    loc = (*where, f"{side}_result", "destroyed", d_index)
                    if element_id not in ids:
                        out.append((loc, f"{name}'s Task Force has no element {element_id!r}"))
                    elif element_id in benched:
                        out.append((loc, f"{name}'s {element_id!r} was destroyed in an earlier "
                                    "round and is benched (OtH p.46): it cannot be lost again"))
            if battle.blue is None and battle.blue_result is not None:
                out.append(((*where, "blue_result"), "a bye has no Blue side to score"))
    return out


def event_to_data(event: Event) -> dict[str, Any]:
    return event.model_dump(mode="json", exclude_none=True, exclude_defaults=False)


def save_event(path: str | Path, event: Event) -> None:
    """Save atomically, keeping the previous file as NAME.toml.bak."""
    write_toml_atomic(path, event_to_data(event))
