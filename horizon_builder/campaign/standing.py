"""What a campaign's games come to, as pure functions: each game's outcome and margin (OtH
p.49), tie-break points (OtH p.47), each commander's IR adjustment for the next battle (OtH
p.50) and each element's service record.

The adjustment is the commander's handicap plus the bonuses they earned. The handicap
starts at the settings' ``new_handicap`` for a new commander (OtH p.50: +3), else at the
commander's own ``handicap`` or ``scratch`` (0), and shrinks by 1 for every
``victories_per_step`` victories and by 1 for every ``games_per_step`` games played, never
below ``scratch`` (OtH p.50 says it shrinks "with time and victories" and gives no rate: the
rates are our defaults). An objective secured earns its bonus (``[settings.objectives]``)
for the winner (or either side, ``bonus_to = "any"``), for the next battle or the whole
campaign (``bonus_lasts``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from horizon_builder.campaign.models import Campaign, Commander, Game, Settings, Side
from horizon_builder.engine.adventures import AdventureError, Outcome, battle_outcome
from horizon_builder.rules.adventures import Adventures

#: each commander's elements: every key a game may name one by (id and name) -> (id, P)
Elements = Mapping[str, Mapping[str, tuple[str, int]]]


@dataclass(frozen=True)
class SideWorked:
    """One side of a game worked out."""

    side: Side
    outcome: Outcome
    adjustment: int  #: the IR adjustment the commander played this game with
    tie_break: int | None  #: P of the enemy elements destroyed (None: the opponent's list unknown)
    bonus: int  #: IR bonus earned by the objectives secured in this game

    @property
    def margin(self) -> str | None:
        band = self.outcome.band
        return band.name if band is not None else None


@dataclass(frozen=True)
class GameWorked:
    number: int
    game: Game
    first: SideWorked
    second: SideWorked


@dataclass
class Standing:
    """A commander's record so far, and the IR adjustment for their next battle."""

    name: str
    start: int  #: the starting handicap
    games: int = 0
    wins: int = 0
    defeats: int = 0
    stalemates: int = 0
    margins: list[str] = field(default_factory=list)
    tie_break: int = 0
    handicap: int = 0
    bonus_next: int = 0  #: bonus for the next battle only
    bonus_campaign: int = 0  #: bonus for the rest of the campaign

    @property
    def bonus(self) -> int:
        return self.bonus_next + self.bonus_campaign

    @property
    def adjustment(self) -> int:
        """The IR adjustment for the commander's next battle (OtH p.50)."""
        return self.handicap + self.bonus


@dataclass(frozen=True)
class ServiceRecord:
    """An element's record: battles its commander fought since it joined the list as
    recorded, and the times it was destroyed."""

    element: str  #: the element's id (a rename keeps it)
    battles: int
    destroyed: int


def starting_handicap(settings: Settings, commander: Commander) -> int:
    if commander.handicap is not None:
        return commander.handicap
    return settings.new_handicap if commander.new else settings.scratch


def handicap(settings: Settings, start: int, games: int, wins: int) -> int:
    """The handicap after ``games`` games and ``wins`` victories: shrunk by one a step,
    never below scratch (a start at or below scratch stays as it is)."""
    if start <= settings.scratch:
        return start
    steps = (wins // settings.victories_per_step if settings.victories_per_step else 0) + \
        (games // settings.games_per_step if settings.games_per_step else 0)
    return max(settings.scratch, start - steps)


def outcome_of(tables: Adventures, side: Side, other: Side) -> Outcome:
    """The side's outcome (OtH p.49); AdventureError when the game is not decided."""
    outcome = battle_outcome(tables, side.momentum_left, side.starting_momentum,
                             other.momentum_left)
    if outcome.result == "undecided":
        raise AdventureError(f"both commanders still have momentum ({side.commander} "
                             f"{side.momentum_left}, {other.commander} {other.momentum_left}): "
                             "a game is recorded once one of them is on 0 or less (OtH p.49)")
    return outcome


def resolve(elements: Elements, name: str, key: str) -> tuple[str, int] | None:
    """The element ``key`` (an id or a name) of the commander's list: (id, P)."""
    return elements.get(name, {}).get(key)


def tie_break(elements: Elements, lost: Side) -> int | None:
    """The P of the elements ``lost`` lost: the tie-break points its opponent scores (OtH
    p.47); None when the list is not known."""
    if lost.commander not in elements:
        return None
    return sum(found[1] for key in lost.lost
               if (found := resolve(elements, lost.commander, key)) is not None)


def earned(settings: Settings, side: Side, outcome: Outcome) -> int:
    if settings.bonus_to == "winner" and outcome.result != "victory":
        return 0
    return sum(settings.objectives.get(o, 0) for o in side.objectives)


def work_out(campaign: Campaign, tables: Adventures, elements: Elements
             ) -> tuple[list[GameWorked], dict[str, Standing]]:
    """Every game worked out in order, and each commander's standing after the last."""
    settings = campaign.settings
    standings = {c.name: Standing(c.name, start := starting_handicap(settings, c), handicap=start)
                 for c in campaign.commanders}
    worked: list[GameWorked] = []
    for number, game in enumerate(campaign.games, start=1):
        sides: list[SideWorked] = []
        for side, other in ((game.first, game.second), (game.second, game.first)):
            outcome = outcome_of(tables, side, other)
            now = standings[side.commander]
            sides.append(SideWorked(side, outcome, now.adjustment, tie_break(elements, other),
                                    earned(settings, side, outcome)))
        for done in sides:
            now = standings[done.side.commander]
            now.games += 1
            result = done.outcome.result
            if result == "victory":
                now.wins += 1
                now.margins.append(done.margin or "")
            elif result == "stalemate":
                now.stalemates += 1
            else:
                now.defeats += 1
            now.tie_break += done.tie_break or 0
            now.handicap = handicap(settings, now.start, now.games, now.wins)
            if settings.bonus_lasts == "campaign":
                now.bonus_campaign += done.bonus
            else:
                now.bonus_next = done.bonus
        worked.append(GameWorked(number, game, sides[0], sides[1]))
    return worked, standings


def service_records(campaign: Campaign, elements: Elements, name: str) -> dict[str, ServiceRecord]:
    """Each element of the commander's list (by id): battles its commander fought and the
    times it was destroyed. A renamed element keeps its id, so its record."""
    ids = {found[0] for found in elements.get(name, {}).values()}
    battles = sum(1 for g in campaign.games if g.side_of(name) is not None)
    destroyed = dict.fromkeys(ids, 0)
    for game in campaign.games:
        side = game.side_of(name)
        for key in side.lost if side is not None else ():
            found = resolve(elements, name, key)
            if found is not None:
                destroyed[found[0]] += 1
    return {i: ServiceRecord(i, battles, destroyed[i]) for i in sorted(ids)}
