"""Reading, checking and writing event files, with every problem located by file, line and key.

An event names its preset and each commander's Task Force file; the Task Forces
are read with the preset (as ``check --event`` judges them), so the standings'
third tie-break, the Force Cost left in each Task Force (OtH p.48), comes from the
same rules as the verdicts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from horizon_builder.engine.analysis import analyse
from horizon_builder.event.models import Event
from horizon_builder.event.names import shown
from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.files.resources import find_preset
from horizon_builder.files.tomlfile import (
    KeyLines,
    format_loc,
    is_file,
    problems_from_validation,
    read_toml,
    write_text_atomic,
)
from horizon_builder.roster.io import (
    LoadedRoster,
    load,
    reference_problems,
    roster_ruleset,
    roster_to_data,
)
from horizon_builder.roster.pin import pin, short_pin
from horizon_builder.rules.event import ByeRule
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import EventOptions

Loc = tuple[str | int, ...]


@dataclass
class LoadedEvent:
    path: Path
    event: Event
    preset: Path
    text: str = ""
    #: the list each commander plays, by name: the file, or the registered list (the event
    #: file's copy) while a change to the file is not accepted or the file cannot be read
    lists: dict[str, LoadedRoster] = field(default_factory=dict)
    options: EventOptions | None = None  #: the preset's event options (rounds, FC)
    files: dict[str, LoadedRoster] = field(default_factory=dict)  #: the list files as now
    #: why a list file cannot be read, by commander, where the registered list stands in
    unreadable: dict[str, str] = field(default_factory=dict)

    @property
    def bye(self) -> ByeRule:
        """Who has the bye and what it scores: the preset's rule, the event file's own
        ``[bye]`` keys in place of the preset's (docs/rules.md, Readings)."""
        return self.event.bye_rule(self.options.bye if self.options is not None else ByeRule())

    @property
    def last_round(self) -> int | None:
        """The preset's number of rounds (OtH p.45: at least three); None: not set."""
        return self.options.rounds if self.options is not None else None

    def pin_now(self, name: str) -> str | None:
        """The pin of the commander's list as it is now (None: not readable)."""
        loaded = self.files.get(name)
        return pin(loaded.roster) if loaded is not None else None

    def playing_registered(self, name: str) -> bool:
        """Does the commander play the registered list (the event file's copy), the list
        file having changed (its change not accepted) or being unreadable?"""
        commander = self.event.commander(name)
        return commander is not None and commander.registered is not None and (
            name in self.unreadable or self.pin_now(name) not in (None, commander.pin))

    def changed(self) -> list[str]:
        """Commanders whose list changed since registration (its pin differs), or was never
        pinned (an event file written before pins, or by hand)."""
        return [c.name for c in self.event.commanders
                if self.pin_now(c.name) not in (None, c.pin)]

    def change_notes(self) -> list[str]:
        """One line per list changed since registration, saying what the organiser may do."""
        out = [f"{shown(name)}'s list {self.event.commanders[i].list} cannot be read "
               f"({why}): the registered list stands (event refuse --restore writes it back)"
               for i, c in enumerate(self.event.commanders)
               if (why := self.unreadable.get(name := c.name)) is not None]
        for name in self.changed():
            commander = self.event.commander(name)
            assert commander is not None
            now = self.pin_now(name) or ""
            if commander.pin is None:
                out.append(f"{shown(name)}'s list {commander.list} has no pin (registered "
                           f"before pins or by hand; now {short_pin(now)}): accept it to pin it")
                continue
            refused = commander.refused == now
            if commander.registered is None:  # an event file from before copies were kept
                state = ("change refused: put the file back as registered (the event file "
                         "keeps no copy of it)" if refused else "accept or refuse the change "
                         "(the event file keeps no copy of the registered list)")
            else:
                state = ("change refused: the registered list stands (event refuse --restore "
                         "writes it back)" if refused else "accept or refuse the change (until "
                         "then the registered list stands)")
            out.append(f"{shown(name)}'s list {commander.list} changed since registration (pin "
                       f"{short_pin(commander.pin)}, now {short_pin(now)}): {state}")
        return out

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

    def element_names(self, name: str, ids: Sequence[str]) -> list[str]:
        """The commander's elements ``ids`` by their names in the list played (printouts
        name elements, not ids); a name two elements share gets its id, ``Tank (hc2)``; an
        id the list does not hold (a list unreadable now) is shown as it is."""
        loaded = self.lists.get(name)
        elements = {e.id: e.name for e in loaded.roster.elements} if loaded is not None else {}
        names = list(elements.values())
        return [element_id if element_id not in elements else
                elements[element_id] if names.count(elements[element_id]) == 1 else
                f"{elements[element_id]} ({element_id})" for element_id in ids]

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


def tie_break_notes(loaded: LoadedEvent) -> list[str]:
    """A tie-break that disagrees with the Presence of the elements the opponent recorded as
    destroyed (OtH p.47: tie-break points are the Presence of enemy elements destroyed; a
    destroyed aircraft whose pilot was rescued counts 1 P less, so each aircraft among them
    lets the tie-break be 1 lower)."""
    out = []
    for number, round_ in enumerate(loaded.event.rounds, start=1):
        for battle in round_.battles:
            for name in battle.players:
                result, other = battle.result_of(name), battle.opponent_of(name)
                if result is None or other is None:
                    continue
                lost = battle.result_of(other)
                their = loaded.lists.get(other)
                if lost is None or not lost.destroyed or their is None:
                    continue
                elements = {e.id: e for e in their.roster.elements}
                gone = [elements[i] for i in lost.destroyed if i in elements]
                total = sum(e.presence for e in gone)
                types = their.ruleset.element_types
                # an aircraft by category, family or tag: an airship or a superflyer too (the
                # rules' own test, ElementType.is_a, as the checks' is_aircraft asks it)
                rescued = sum(1 for e in gone
                              if (kind := types.get(e.type)) is not None and kind.is_a("aircraft"))
                if not total - rescued <= result.tie_break <= total:
                    low = f"{total - rescued}-{total}" if rescued else str(total)
                    pilots = (f" ({rescued} aircraft: 1 P less each if its pilot was rescued)"
                              if rescued else "")
                    out.append(f"round {number}: {shown(name)}'s tie-break is {result.tie_break}, "
                               f"but the elements {shown(other)} lost have Presence {low}"
                               f"{pilots} (OtH p.47)")
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
    if is_file(preset):
        try:
            loaded.options = load_ruleset([preset]).event
        except LoadError as exc:
            problem(("preset",), f"the preset cannot be read: {exc.problems[0]}")
    for index, commander in enumerate(event.commanders):
        where: Loc = ("commanders", index)
        if commander.registered is not None and pin(commander.registered) != commander.pin:
            problem((*where, "registered"), f"{commander.name}'s registered list does not "
                    f"match its pin ({short_pin(commander.pin or 'none')}; the copy's "
                    f"{short_pin(pin(commander.registered))}): the event file was edited by "
                    "hand; take it back from the .bak, or delete the copy (the list then "
                    "cannot be written back)")
            continue
        list_path = loaded.list_path(commander.name)
        why = "not there" if not is_file(list_path) else None
        if why is None and is_file(preset):
            try:
                loaded.files[commander.name] = load(list_path, event=preset)
            except LoadError as exc:
                why = str(exc.problems[0])
        if why is not None and commander.registered is None:
            problem((*where, "list"), f"{commander.name}'s Task Force {commander.list!r} "
                    + (f"is not there ({list_path}): fix the path or add the file"
                       if why == "not there" else f"cannot be read: {why}"))
            continue
        if why is not None:
            loaded.unreadable[commander.name] = why
        if not is_file(preset):
            continue
        if loaded.playing_registered(commander.name):
            copy, found = registered_list(loaded, commander.name)
            for loc, message in found:
                problem((*where, "registered", *loc), f"{commander.name}'s registered list: "
                        f"{message}")
            if copy is not None:
                loaded.lists[commander.name] = copy
        elif commander.name in loaded.files:
            loaded.lists[commander.name] = loaded.files[commander.name]
    for loc, message in round_problems(loaded):
        problem(loc, message)
    if problems:
        raise LoadError(problems)
    return loaded


def registered_list(loaded: LoadedEvent, name: str) -> tuple[LoadedRoster | None,
                                                             list[tuple[Loc, str]]]:
    """The commander's list as registered (the event file's copy), with the rules its file
    would be judged by; or None and what is wrong, located in the copy."""
    commander = loaded.event.commander(name)
    assert commander is not None and commander.registered is not None
    roster, list_path = commander.registered, loaded.list_path(name)
    try:
        ruleset, personal = roster_ruleset(roster, list_path, event=loaded.preset)
    except LoadError as exc:
        return None, [(("overrides",), exc.problems[0].message)]
    found = reference_problems(roster, ruleset)
    return (None, found) if found else (LoadedRoster(list_path, roster, ruleset, personal), [])


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
            if battle.blue is None and battle.red_result is not None:
                out.append(((*where, "red_result"), "a bye has no result: it scores what the "
                            "event's bye rule gives it (the preset's [event.bye], or the "
                            "event file's [bye])"))
    return out


def event_to_data(event: Event) -> dict[str, Any]:
    data = event.model_dump(mode="json", exclude_none=True, exclude_defaults=False)
    for commander, model in zip(data.get("commanders", []), event.commanders, strict=True):
        if not commander.get("dropped"):  # said only of those who dropped out
            commander.pop("dropped", None)
        if model.registered is not None:  # as its roster file says it (defaults left out)
            commander["registered"] = roster_to_data(model.registered)
    if event.bye is not None:  # only the keys it sets: the others stay the preset's
        data["bye"] = event.bye.model_dump(mode="json", exclude_unset=True)
    for key in ("rounds", "corrections"):  # written once they hold something: as tables,
        if not data.get(key):                # [[rounds]], not one line holding every round
            data.pop(key, None)
    return data


def save_event(path: str | Path, event: Event, original: str | None = None) -> str:
    """Save atomically, keeping the previous file as NAME.toml.bak, and return the text
    written: ``original`` (the file's text as read) keeps its comments and layout. Only the
    event session (:mod:`horizon_builder.event.session`) calls it, after checking that the
    file is still what it read (two writers)."""
    from horizon_builder.files.tomledit import update_text

    text = update_text(original, event_to_data(event))
    write_text_atomic(path, text, keep_backup=True)
    return text


def restore_registered(loaded: LoadedEvent, name: str) -> Path:
    """Write the commander's registered list (the event file's copy) over the list file,
    atomically, the file as it was kept as ``NAME.bak``; OSError if it cannot be written."""
    from horizon_builder.roster.io import save_roster

    commander = loaded.event.commander(name)
    assert commander is not None and commander.registered is not None
    path = loaded.list_path(name)
    save_roster(path, commander.registered)
    return path
