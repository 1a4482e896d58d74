"""New Adventures (OtH p.49-54) as pure functions: situation, mission, margin of victory.

The tables are data (``rulesets/70-new-adventures.toml``). Allowances are
FP × the table's fraction (the FP left after the Situation's loss, as the tables'
``allowance_fp`` says), rounded to the nearest whole point; the book does
not say how an exact half goes, so the tables say (``[adventures] rounding``;
shipped: halves away from zero, 11 × 0.50 = 5.5 → 6, the same rule as the
Intelligence Rating, :func:`horizon_builder.engine.totals.round_nearest`).
Fractions are taken exactly from their printed decimals, so 0.55 × 10 is
exactly 5.5. Rolls are checked against the tables' die (``situation_die``, a d12).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, TypeVar

from horizon_builder.engine.analysis import ElementInfo
from horizon_builder.engine.findings import plural
from horizon_builder.engine.totals import round_nearest
from horizon_builder.rules.adventures import (
    Adventures,
    DispositionEffect,
    MissionAction,
    MissionPurpose,
    Rounding,
    SituationRow,
    VictoryBand,
)
from horizon_builder.rules.models import IntelligenceBand

Row = TypeVar("Row", MissionAction, MissionPurpose)

DISPOSITION_NAMES = {"well": "well disposed", "poor": "poorly disposed"}


class AdventureError(ValueError):
    """A roll outside the table, or a table the ruleset does not have."""


def exact(value: float) -> Fraction:
    """The printed decimal as an exact fraction (0.075 → 3/40, never 0.07499...)."""
    return Fraction(repr(value))


def allowance(fp: int, fraction: float, rounding: Rounding = "half_away_from_zero") -> int:
    """FP × fraction, rounded to the nearest whole point, halves as ``rounding`` says (OtH p.51)."""
    return round_nearest(fp * exact(fraction), rounding)


def _check_roll(tables: Adventures, roll: int, table: str) -> None:
    if not 1 <= roll <= tables.situation_die:
        raise AdventureError(f"no {table} for a roll of {roll} "
                             f"(roll a d{tables.situation_die}: 1-{tables.situation_die})")


def situation_row(tables: Adventures, roll: int) -> SituationRow:
    """The Situation row for a d12 roll (OtH p.52)."""
    _check_roll(tables, roll, "Situation row")
    if roll not in tables.situations:
        known = ", ".join(str(r) for r in sorted(tables.situations))
        raise AdventureError(f"no Situation row for a roll of {roll} (rows: {known})")
    return tables.situations[roll]


def _by_roll(tables: Adventures, rows: dict[str, Row], roll: int, table: str) -> Row:
    _check_roll(tables, roll, table)
    for row in rows.values():
        if roll in row.rolls:
            return row
    raise AdventureError(f"no {table} for a roll of {roll} (roll 1-{tables.situation_die})")


def mission_action(tables: Adventures, roll: int) -> MissionAction:
    """The Action for a d12 roll (OtH p.53)."""
    return _by_roll(tables, tables.actions, roll, "Action")


def mission_purpose(tables: Adventures, roll: int) -> MissionPurpose:
    """The Purpose for a d12 roll (OtH p.53)."""
    return _by_roll(tables, tables.purposes, roll, "Purpose")


def effective_disposition(tables: Adventures, situation: str | None,
                          intelligence_quality: str | None) -> str | None:
    """Intelligence takes priority over the Situation's disposition (OtH p.51)."""
    if intelligence_quality and intelligence_quality in tables.intelligence_disposition:
        return tables.intelligence_disposition[intelligence_quality]
    return situation


def reserve_turns(tables: Adventures, disposition: str | None) -> list[tuple[DispositionEffect, int]]:
    """From which turn each kind of reserve may arrive, for a disposition (OtH p.51)."""
    if disposition not in ("well", "poor"):
        return []
    return [(e, e.well if disposition == "well" else e.poor) for e in tables.disposition_effects]


def margin_of_victory(tables: Adventures, momentum_left: int, starting_momentum: int) -> VictoryBand:
    """The winner's margin: momentum left as a share of starting momentum (OtH p.49).

    Only a winner has a margin: a commander on less than ``momentum_to_win`` (1: on 0
    or less) has not won, an :class:`AdventureError`. Band edges: exactly 10% is
    pyrrhic, exactly 25% decisive, exactly 50% utter (data).
    """
    if starting_momentum <= 0:
        raise AdventureError("starting momentum must be positive")
    if momentum_left < tables.momentum_to_win:
        raise AdventureError(f"a commander on {momentum_left} momentum has not won: "
                             "no margin of victory (OtH p.49)")
    if not tables.victory_bands:
        raise AdventureError("the ruleset has no margin-of-victory bands")
    share = Fraction(100 * momentum_left, starting_momentum)
    found = tables.victory_bands[0]
    for band in tables.victory_bands:
        if band.min_percent is None:
            found = band
            continue
        edge = exact(band.min_percent)
        if share > edge or (band.min_inclusive and share == edge):
            found = band
    return found


Result = Literal["victory", "defeat", "stalemate", "not won", "undecided"]


@dataclass(frozen=True)
class Outcome:
    """How a battle stands for one commander (OtH p.49); ``band`` only for a victory."""

    result: Result
    momentum_left: int
    starting_momentum: int
    opponent_left: int | None = None
    band: VictoryBand | None = None

    def text(self) -> str:
        """One line for the ``adventure`` command."""
        left, start, other = self.momentum_left, self.starting_momentum, self.opponent_left
        mine = f"{left} of {start} momentum left"
        if self.result == "victory":
            share = Fraction(100 * left, start)
            opponent = "" if other is None else f"; the opponent on {other}"
            band = self.band
            edge = (band is not None and band.is_provisional and band.min_percent is not None
                    and share == exact(band.min_percent))  # on an edge the book leaves open
            ours = f"; exactly {band.min_percent:g}% is {band.name} by our reading" if edge and band else ""
            return (f"Margin of victory: {band.name if band else '-'} "
                    f"({mine}, {round(share)}%{opponent}{ours}) (OtH p.49)")
        if self.result == "defeat":
            return f"Outcome: defeat ({mine}; the opponent still has {other}) (OtH p.49)"
        if self.result == "stalemate":
            return (f"Outcome: stalemate (both out of momentum: you on {left}, the opponent on "
                    f"{other}; both sides disengage) (OtH p.49)")
        if self.result == "undecided":
            return (f"Outcome: no result yet (both commanders still have momentum: you {left}, "
                    f"the opponent {other}) (OtH p.49)")
        return (f"Outcome: not won ({mine}: a commander on 0 or less has not won; a defeat if "
                f"the opponent still has momentum, a stalemate if both are out) (OtH p.49)")


def battle_outcome(tables: Adventures, momentum_left: int, starting_momentum: int,
                   opponent_left: int | None = None) -> Outcome:
    """Won, lost, stalemate or not decided, from the momentum left on each side (OtH p.49).

    A commander with at least ``momentum_to_win`` (1) wins when the other has less; both
    below it is a stalemate; a commander below it never has a margin. Without the
    opponent's momentum, a commander who still has momentum is taken to have won.
    """
    if starting_momentum <= 0:
        raise AdventureError("starting momentum must be positive")
    need = tables.momentum_to_win
    args = (momentum_left, starting_momentum, opponent_left)
    if momentum_left < need:
        if opponent_left is None:
            return Outcome("not won", *args)
        return Outcome("defeat" if opponent_left >= need else "stalemate", *args)
    if opponent_left is not None and opponent_left >= need:
        return Outcome("undecided", *args)
    return Outcome("victory", *args, margin_of_victory(tables, momentum_left, starting_momentum))


@dataclass(frozen=True)
class SituationResult:
    """A battlegroup's Situation worked out for its FP (OtH p.51-52)."""

    roll: int
    row: SituationRow
    force_presence: int
    loss: int | None  #: FP to lose before the battle, as a positive number
    disposition: str | None  #: "well" / "poor" after Intelligence, None for roll 12
    situation_disposition: str | None
    advance: int | None  #: most FP deployed at the start
    reserve: int | None  #: most FP starting in reserve
    terrain: int | None
    momentum_after_loss: int | None  #: starting momentum after ``lost`` (the loss if not given)
    warnings: list[str] = field(default_factory=list)
    allowance_fp: int | None = None  #: the FP the advance and reserve shares are taken of
    lost: int | None = None  #: the P actually lost, when the player says (at least ``loss``)


@dataclass(frozen=True)
class Lost:
    """What the player removed for the Situation's loss (OtH p.51): the FP it took, and the
    momentum that goes with it (OtH p.24, p.20, p.49: a Mk 1 drone element counts P1, a
    metaformer its baseform's P), known when the elements are named."""

    fp: int  #: the FP removed (the loss is a reduction in FP)
    momentum: int | None = None  #: the momentum they counted; None: only a number was given
    names: tuple[str, ...] = ()  #: the elements named
    #: only a number given: every momentum the force could lose with elements of that FP
    readings: tuple[int, ...] = ()


def momentum_readings(elements: Sequence[ElementInfo], fp: int) -> tuple[int, ...]:
    """Every momentum the force could lose by removing elements of exactly ``fp`` FP in
    all: a small exact search (subset sums over (FP, momentum); the numbers are tiny)."""
    reach: dict[int, set[int]] = {0: {0}}  # FP removed -> momentum removed
    for info in elements:
        for have, lost in list(reach.items()):
            if have + info.fp <= fp:
                reach.setdefault(have + info.fp, set()).update(m + info.momentum for m in lost)
    return tuple(sorted(reach.get(fp, ())))


def lost_from(values: Sequence[str], elements: Sequence[ElementInfo]) -> Lost:
    """``adventure --lost``: a bare number (the FP lost), or the names (or ids) of the
    elements removed, each once per element (two elements named alike: name it twice)."""
    number = values[0].strip() if len(values) == 1 else ""
    if re.fullmatch(r"-?[0-9]+", number):  # ASCII digits: int() takes others ("²" fails)
        digits = len(number.lstrip("-").lstrip("0"))
        if digits > 9:  # never Python's limit of 4,300 digits
            raise AdventureError(f"--lost: a number of {digits:,} digits is more than any "
                                 "force's FP (OtH p.51)")
        fp = int(number)
        return Lost(fp, readings=momentum_readings(elements, fp))
    left = list(elements)
    taken: list[ElementInfo] = []
    for value in values:
        key = value.strip().casefold()
        match = next((i for i in left if key in (i.element.name.casefold(), i.id.casefold())),
                     None)
        if match is None:
            known = ", ".join(sorted({i.element.name for i in elements}))
            raise AdventureError(f"--lost {value!r}: no such element left to remove "
                                 f"(give a number, or names from: {known})")
        left.remove(match)
        taken.append(match)
    return Lost(sum(i.fp for i in taken), sum(i.momentum for i in taken),
                tuple(i.element.name for i in taken))


def allowance_fp(tables: Adventures, force_presence: int, row: SituationRow,
                 lost: int | None = None) -> int:
    """The FP the advance and reserve shares are taken of: after the loss (shipped reading:
    the loss is a reduction in FP, OtH p.51; a tournament applies it before dividing the
    force, OtH p.47), the P actually ``lost`` or else the row's; or as mustered
    (``[adventures] allowance_fp``)."""
    if tables.allowance_fp == "as_mustered":
        return force_presence
    return max(0, force_presence - (lost if lost is not None else -(row.loss or 0)))


def situation(tables: Adventures, roll: int, force_presence: int, starting_momentum: int | None = None,
              intelligence_quality: str | None = None, lost: int | None = None,
              momentum_lost: int | None = None) -> SituationResult:
    """Loss, disposition, advance and reserve allowances and terrain for a Situation roll.

    Allowances are shares of :func:`allowance_fp`: of the FP left after ``lost``, the P of
    the elements the player removed (at least the row's loss, OtH p.51), or after exactly
    the row's loss when not given. A pick (roll 12) ignores ``lost``. Momentum after the
    loss is the starting momentum less ``momentum_lost`` (what the elements removed counted,
    :class:`Lost`), or else less the FP lost.
    """
    row = situation_row(tables, roll)
    warnings = [f"Situation {roll}: {row.warning}"] if row.warning else []
    if row.pick:
        return SituationResult(roll, row, force_presence, None, None, None, None, None, None, None,
                               warnings)
    loss = -(row.loss or 0)
    if lost is not None and not loss <= lost <= force_presence:
        raise AdventureError(f"P lost {lost}: it must be at least the Situation's loss of {loss} "
                             f"and at most the FP, {force_presence} (OtH p.51)")
    momentum = starting_momentum if starting_momentum is not None else force_presence
    base = allowance_fp(tables, force_presence, row, lost)
    return SituationResult(
        roll=roll, row=row, force_presence=force_presence, loss=loss,
        disposition=effective_disposition(tables, row.disposition, intelligence_quality),
        situation_disposition=row.disposition,
        advance=None if row.advance is None else allowance(base, row.advance, tables.rounding),
        reserve=None if row.reserve is None else allowance(base, row.reserve, tables.rounding),
        terrain=row.terrain, momentum_after_loss=momentum - (momentum_lost if momentum_lost is not None
                                        else loss if lost is None else lost),
        warnings=warnings, allowance_fp=base, lost=lost,
    )


def opponent_terrain(band: IntelligenceBand | None, terrain: int | None) -> int | None:
    """How many of your terrain pieces the opponent places: a share rounded up (OtH p.50:
    half, for Very poor intelligence); None when your intelligence lets you place them all."""
    if band is None or band.opponent_places_terrain is None or terrain is None:
        return None
    return math.ceil(terrain * exact(band.opponent_places_terrain))


def terrain_text(band: IntelligenceBand | None, terrain: int | None) -> str:
    """The terrain count, with how many the opponent places where intelligence says so."""
    theirs = opponent_terrain(band, terrain)
    if theirs is None or band is None:
        return str(terrain)
    share = "half" if band.opponent_places_terrain == 0.5 else format_fraction(
        band.opponent_places_terrain)
    return (f"{terrain} (your opponent places {theirs} of them: {share}, rounded up, for "
            f"{band.quality} intelligence, OtH p.50)")


def deployment_text(spaces: int, element_count: int | None, band: IntelligenceBand | None) -> str:
    """Deployment spaces with what they come from (OtH p.50, p.53) and who places them."""
    extra = band.extra_deployment_spaces if band is not None else 0
    parts = []
    if element_count is not None:
        parts.append(f"{spaces - extra} for {plural(element_count, 'element')} on the table, "
                     "OtH p.53")
    if extra and band is not None:
        parts.append(f"+{extra} for {band.quality} intelligence, OtH p.50")
    text = plural(spaces, "space") + (f" ({'; '.join(parts)})" if parts else "")
    if band is not None and band.opponent_places_deployment:
        text += (f"; your opponent places {'it' if spaces == 1 else 'them'} "
                 f"({band.quality} intelligence, OtH p.50)")
    return text


def format_fraction(value: float | None) -> str:
    """A table fraction as printed: two decimals, more where the book has more (0.50, 0.075)."""
    if value is None:
        return "-"
    text = repr(value)
    return text if len(text.split(".")[-1]) > 2 else f"{value:.2f}"


# --- text for ``horizon-builder adventure`` -------------------------------------------


def adventure_text(tables: Adventures, *, name: str, force_presence: int, force_cost: int,
                   starting_momentum: int, deployment_spaces: int,
                   intelligence_rating: int | None, intelligence_quality: str | None,
                   situation_roll: int, action_roll: int | None = None,
                   purpose_roll: int | None = None, momentum_left: int | None = None,
                   intelligence_effect: str | None = None,
                   opponent_momentum_left: int | None = None,
                   band: IntelligenceBand | None = None, element_count: int | None = None,
                   lost: int | Lost | None = None) -> str:
    """The New Adventures set-up of one battlegroup as plain text.

    ``band`` (the battlegroup's intelligence band) turns its effects into numbers: how
    many terrain pieces and which deployment spaces the opponent places (OtH p.50).
    ``lost``: the FP removed for the loss, or :class:`Lost` (the elements named: momentum
    and the margin from the force that remains)."""
    if isinstance(lost, int):
        lost = Lost(lost)
    ir = "-" if intelligence_rating is None else f"{intelligence_rating:+d}"
    lines = [f"{name}: FC {force_cost}   FP {force_presence}   momentum {starting_momentum}   "
             f"IR {ir} {intelligence_quality or ''}".rstrip()]
    if intelligence_effect:
        lines.append(f"Intelligence: {intelligence_effect} (OtH p.50)")
    lines.append(f"Deployment: {deployment_text(deployment_spaces, element_count, band)}")
    momentum_lost = None if lost is None else lost.momentum
    if lost is not None and momentum_lost is None and len(lost.readings) == 1:
        momentum_lost = lost.readings[0]  # one reading only: the elements of that FP agree
    result = situation(tables, situation_roll, force_presence, starting_momentum,
                       intelligence_quality, None if lost is None else lost.fp, momentum_lost)
    row = result.row
    warnings_rows: list[str] = []
    lines.append(f"Situation {situation_roll}: {row.name} ({row.source or 'OtH p.52'})")
    if row.pick:
        lines.append("  pick any row:")
        for roll, other in sorted(tables.situations.items()):
            if other.pick:
                continue
            mark = "*" if other.warning else " "
            base = allowance_fp(tables, force_presence, other)
            lines.append(f"  {roll:>2}{mark}{other.name:<28} loss {other.loss or 0:>2}  "
                         f"{(other.disposition or '-'):<4} adv {format_fraction(other.advance)} "
                         f"({allowance(base, other.advance or 0, tables.rounding)} FP)  "
                         f"res {format_fraction(other.reserve)} "
                         f"({allowance(base, other.reserve or 0, tables.rounding)} FP)  "
                         f"terrain {other.terrain}"
                         + (f" ({theirs} placed by your opponent)"
                            if (theirs := opponent_terrain(band, other.terrain)) is not None
                            else ""))
            if other.warning:
                warnings_rows.append(f"Situation {roll}: {other.warning}")
    else:
        if result.lost is not None and lost is not None:
            gone = starting_momentum - (result.momentum_after_loss or 0)
            what = (f"P {result.lost} lost" if not lost.names else
                    f"{', '.join(lost.names)} lost (FP {result.lost})")
            lines.append(f"  loss: {result.loss} FP before the battle; {what} "
                         f"(momentum {starting_momentum} less {gone}: "
                         f"{result.momentum_after_loss})")
            if len(lost.readings) > 1:
                after = " or ".join(str(starting_momentum - r) for r in reversed(lost.readings))
                lines.append(f"  (elements of FP {result.lost} in all could leave momentum "
                             f"{after}: a Mk 1 drone element counts P1 and a metaformer its "
                             "baseform's P (OtH p.24, p.20); name the elements lost, "
                             "--lost NAME, to be exact)")
        elif not result.loss:
            lines.append(f"  loss: none (starting momentum {starting_momentum})")
        else:
            lines.append(f"  loss: {result.loss} FP before the battle (momentum {starting_momentum} "
                         f"less the P of the elements lost: {result.momentum_after_loss} if "
                         f"exactly {result.loss})")
        if result.loss:
            lines.append("  (an SF team killed on a special operation, OtH p.37, or aircraft lost in "
                         "the air war, OtH p.36, may count against this loss)")
        disp = DISPOSITION_NAMES.get(result.disposition or "", "-")
        if result.disposition != result.situation_disposition:
            disp += (f" (Intelligence {intelligence_quality} overrides the Situation's "
                     f"{DISPOSITION_NAMES.get(result.situation_disposition or '', '-')})")
        lines.append(f"  disposition: {disp}")
        lost_now = result.lost if result.lost is not None else result.loss
        of_fp = ("" if result.allowance_fp == force_presence
                 else f": FP {force_presence} less the {lost_now} lost")
        lines.append(f"  advance force: up to {result.advance} FP "
                     f"({result.allowance_fp} × {format_fraction(row.advance)}{of_fp})")
        lines.append(f"  reserve force: up to {result.reserve} FP "
                     f"({result.allowance_fp} × {format_fraction(row.reserve)}{of_fp})")
        lines.append(f"  terrain pieces: {terrain_text(band, result.terrain)}")
        turns = reserve_turns(tables, result.disposition)
        if turns:
            lines.append("  reserves from turn: " + ", ".join(f"{e.reserve} {t}" for e, t in turns))
    lines.extend(f"  WARNING {w}" for w in result.warnings)
    lines.extend(f"  WARNING * {w}" for w in warnings_rows)
    if action_roll is not None:
        act = mission_action(tables, action_roll)
        lines.append(f"Action {action_roll}: {act.name} ({act.source or 'OtH p.53'})")
        a, b = act.deployment
        lines.append(f"  deployment: {plural(deployment_spaces, 'space')} "
                     f"of {a}\" x {b}\", touching your table edge")
        if act.effect:
            lines.append(f"  {act.effect}")
    if purpose_roll is not None:
        pur = mission_purpose(tables, purpose_roll)
        lines.append(f"Purpose {purpose_roll}: {pur.name} ({pur.source or 'OtH p.53'})")
        if pur.effect:
            lines.append(f"  {pur.effect}")
    if momentum_left is not None:
        start = result.momentum_after_loss if result.momentum_after_loss is not None else starting_momentum
        lines.append(battle_outcome(tables, momentum_left, start, opponent_momentum_left).text())
    return "\n".join(lines)
