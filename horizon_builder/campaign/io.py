"""Reading, checking and writing campaign files, every problem located by file, line and key.

A campaign names each commander's list; the lists are read (with the campaign's preset
when it names one), so the P of the elements lost, the tie-break points (OtH p.47) and the
New Adventures tables (OtH p.49-50) come from the same rules as the verdicts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from horizon_builder.campaign.models import Campaign, Game
from horizon_builder.campaign.standing import (
    Elements,
    GameWorked,
    Standing,
    outcome_of,
    work_out,
)
from horizon_builder.engine.adventures import AdventureError
from horizon_builder.event.names import shown
from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.files.resources import find_preset
from horizon_builder.files.tomlfile import (
    KeyLines,
    format_loc,
    is_file,
    problems_from_validation,
    read_toml,
    write_toml_atomic,
)
from horizon_builder.roster.io import LoadedRoster, load
from horizon_builder.roster.pin import pin, short_pin
from horizon_builder.rules.adventures import Adventures

Loc = tuple[str | int, ...]


@dataclass
class LoadedCampaign:
    path: Path
    campaign: Campaign
    text: str = ""
    preset: Path | None = None
    lists: dict[str, LoadedRoster] = field(default_factory=dict)  #: by commander
    tables: Adventures | None = None

    def list_path(self, name: str) -> Path:
        commander = self.campaign.commander(name)
        assert commander is not None
        given = Path(commander.list)
        return given if given.is_absolute() else (self.path.parent / given).resolve()

    def pin_now(self, name: str) -> str | None:
        loaded = self.lists.get(name)
        return pin(loaded.roster) if loaded is not None else None

    def changed(self) -> list[str]:
        """Commanders whose list changed since it was pinned (and the change not refused)."""
        return [c.name for c in self.campaign.commanders
                if self.pin_now(c.name) not in (None, c.pin)]

    def notes(self) -> list[str]:
        """One line per list changed since it was pinned, saying what may be done."""
        out = []
        for name in self.changed():
            commander = self.campaign.commander(name)
            assert commander is not None
            now = self.pin_now(name) or ""
            state = ("change refused: play the list as pinned" if commander.refused == now
                     else "accept or refuse the change")
            out.append(f"{shown(name)}'s list {commander.list} changed since it was pinned "
                       f"({short_pin(commander.pin or 'none')}, now {short_pin(now)}): {state}")
        return out

    @property
    def elements(self) -> Elements:
        """Each commander's elements by id and by name: (id, P)."""
        out: dict[str, dict[str, tuple[str, int]]] = {}
        for name, loaded in self.lists.items():
            found: dict[str, tuple[str, int]] = {}
            for e in loaded.roster.elements:
                found.setdefault(e.name, (e.id, e.presence))
            for e in loaded.roster.elements:
                found[e.id] = (e.id, e.presence)
            out[name] = found
        return out

    def element_name(self, commander: str, key: str) -> str:
        """The element ``key`` (id or name) of the commander's list by its name now (a
        renamed element shows its new name); the key itself when the list has none."""
        loaded = self.lists.get(commander)
        found = self.elements.get(commander, {}).get(key)
        if loaded is None or found is None:
            return key
        return next((e.name for e in loaded.roster.elements if e.id == found[0]), key)

    def worked(self) -> tuple[list[GameWorked], dict[str, Standing]]:
        """Every game worked out, and the standings (the file was checked when read)."""
        return work_out(self.campaign, self.tables or Adventures(), self.elements)


def preset_path(campaign: Campaign, path: Path) -> Path | None:
    if campaign.preset is None:
        return None
    local = path.parent / campaign.preset
    return local if is_file(local) else find_preset(campaign.preset)


def load_campaign(path: str | Path) -> LoadedCampaign:
    """Read a campaign file and every list it names; LoadError lists each problem."""
    path = Path(path)
    data, text = read_toml(path)
    try:
        campaign = Campaign.model_validate(data)
    except ValidationError as exc:
        raise LoadError(problems_from_validation(path, text, exc, model=Campaign)) from None
    lines = KeyLines(text)
    problems: list[Problem] = []

    def problem(loc: Loc, message: str) -> None:
        problems.append(Problem(str(path), message, key=format_loc(loc), line=lines.line_for(loc)))

    loaded = LoadedCampaign(path, campaign, text)
    preset = preset_path(campaign, path)
    if preset is not None and not is_file(preset):
        problem(("preset",), f"no preset {campaign.preset!r}: name a shipped one "
                "(horizon-builder presets) or a file next to the campaign")
        raise LoadError(problems)
    loaded.preset = preset
    for index, commander in enumerate(campaign.commanders):
        list_path = loaded.list_path(commander.name)
        try:
            loaded.lists[commander.name] = load(list_path, event=preset)
        except LoadError as exc:
            problem(("commanders", index, "list"), f"{commander.name}'s list {commander.list!r} "
                    + (f"is not there ({list_path}): fix the path or add the file"
                       if not is_file(list_path) else f"cannot be read: {exc.problems[0]}"))
    loaded.tables = next((t for lr in loaded.lists.values()
                          if (t := lr.ruleset.adventures) is not None), None)
    for index, game in enumerate(campaign.games):
        for loc, message in game_problems(loaded, game):
            problem(("games", index, *loc), message)
    if problems:
        raise LoadError(problems)
    return loaded


def game_problems(loaded: LoadedCampaign, game: Game) -> list[tuple[Loc, str]]:
    """What is wrong with a game record in this campaign: an unknown commander, element or
    objective, or a game not decided (OtH p.49)."""
    out: list[tuple[Loc, str]] = []
    campaign = loaded.campaign
    elements = loaded.elements
    for key, side in (("first", game.first), ("second", game.second)):
        if campaign.commander(side.commander) is None:
            out.append(((key, "commander"), f"no commander {side.commander!r} in this campaign"))
            continue
        known = elements.get(side.commander)
        for index, lost in enumerate(side.lost):
            if known is not None and lost not in known:
                out.append(((key, "lost", index), f"{side.commander}'s list has no element "
                            f"{lost!r} (name it by id or by name)"))
        for index, objective in enumerate(side.objectives):
            if objective not in campaign.settings.objectives:
                named = ", ".join(repr(o) for o in campaign.settings.objectives) or "none"
                out.append(((key, "objectives", index), f"no objective {objective!r} in the "
                            f"settings (objectives: {named})"))
    if loaded.tables is not None and not out:
        try:
            outcome_of(loaded.tables, game.first, game.second)
        except AdventureError as exc:
            out.append((("first", "momentum_left"), str(exc)))
    return out


def campaign_to_data(campaign: Campaign) -> dict[str, Any]:
    data = campaign.model_dump(mode="json", exclude_none=True)
    for key in ("commanders", "games", "corrections"):  # written once they hold something:
        # as tables ([[games]]), never one line holding every game
        if not data.get(key):
            data.pop(key, None)
    for game in [*data.get("games", []), *(c["old"] for c in data.get("corrections", []))]:
        if not game.get("note"):
            game.pop("note", None)
        for side in ("first", "second"):
            for key in ("lost", "objectives"):
                if not game[side].get(key):
                    game[side].pop(key, None)
    for commander in data.get("commanders", []):
        if not commander.get("new"):
            commander.pop("new", None)
    return data


def save_campaign(path: str | Path, campaign: Campaign) -> str:
    """Save atomically (the previous file kept as NAME.toml.bak); the text written."""
    write_toml_atomic(path, campaign_to_data(campaign))
    return Path(path).read_text(encoding="utf-8")
