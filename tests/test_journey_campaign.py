"""A season of linked battles (OtH p.50) from the command line: four commanders, one new at
+3, eight games with corrections, a changed list accepted and one refused, an undo, and a
second writer; every IR adjustment and margin worked out by hand below.

The book's numbers used (our words):
- margin of victory (OtH p.49): momentum left as a share of starting momentum; the four
  bands (pyrrhic, marginal, decisive, utter) part at 10%, 25% and 50% (edges as the shipped
  tables read them: exactly 25% is decisive, exactly 50% utter); a side on 0 or less while
  the other still has some has lost; both on 0 or less is a stalemate;
- tie-break points (OtH p.47): the P of the enemy elements destroyed;
- linked battles (OtH p.50): a new player starts at +3, shrinking towards scratch 0 with
  time and victories; winners may earn IR bonuses for objectives.

The settings not in the book, at their defaults (docs/rules.md, Campaigns): the handicap
shrinks by 1 per victory and by 1 per 3 games played, never below 0; an objective's bonus
goes to the winner and lasts the next battle. This campaign names two objectives: Bridge +1
and Relay station +2.

The lists (P of each element, from the examples): Ada plays hvy-cav-battlegroup (m1 Warden
3, m2 Sprite 2, a1 Kestrel 2, ...; base IR -3), Ben oth-weird (sf1 3, li1 1, li2 1, hi1 2;
base IR -3), Cy oth-datawar (chq 3, hc1 Stripe Lancers 3), Di oth-biowar (k1 3, k2 2, gb1 3,
gr1 1, gr2 1).

Game by game, (adjustment each played with) and what follows:
 G1 Ada (0) beat Ben (+3): 5 of 19 left = 26.3% -> decisive. Ada lost m1 (P3), Ben sf1+li1
    (P4): tie-break Ada 4, Ben 3. Ada secured Bridge: +1 for her next battle.
    Ben: 1 game, 0 wins: 3 - 0 - floor(1/3) = 3.
 G2 Di (0) beat Cy (0): 8 of 16 = 50% -> utter. Cy lost chq+hc1 (P6), Di k2 (P2): tie-break
    Di 6, Cy 2. Di secured Relay station: +2 next battle.
 G3 Ben (+3) beat Cy (0): 2 of 14 = 14.3% -> marginal. Ben lost hi1 (P2): Cy 2, Ben 0.
    Ben secured Bridge: +1. Ben: 2 games, 1 win: 3 - 1 - 0 = 2; with the bonus +3.
 G4 Ada (+1) and Di (+2): recorded first as a stalemate (both on 0), then corrected: Di had
    1 of 16 left = 6.25% -> pyrrhic, and secured Relay station: +2. Ada lost m2 (P2), Di gb1
    (P3): Ada 3, Di 2. Ada's Bridge bonus is spent (she lost): 0.
 G5 Ben (+3) beat Di (+2): 7 of 14 = 50% -> utter. Di lost k1+gr1 (P4): Ben 4, Di 0.
    Ben: 3 games, 2 wins: 3 - 2 - floor(3/3) = 0: scratch. Di's bonus spent: 0.
 -- Cy renames hc1 "Stripe Lancers" to "Stripe Hussars": his list changed; accepted.
    Di changes her list: refused (the pinned list stands).
 G6 Ada (0) beat Cy (0): 2 of 19 = 10.5% -> marginal. Cy lost "Stripe Hussars" (kept as
    hc1: its record counts both losses): Ada 3. Ada secured Bridge: +1.
 G7 Ben (0) beat Ada (+1): 1 of 14 = 7.1% -> pyrrhic. Ada lost a1 (P2), Ben li2 (P1): Ben 2,
    Ada 1. Ben: 4 games, 3 wins: 3 - 3 - 1 = -1, never below 0: 0. Ada's bonus spent.
 G8 Cy (0) beat Di (0): recorded 4 of 16 = exactly 25% -> decisive, corrected to 3 of 16 =
    18.75% -> marginal. Di lost gr2 (P1): Cy 1. Cy secured Relay station: +2 next battle.

The ladder: Ben 4 games 3 won 1 lost, tie-break 3+0+4+2 = 9; Ada 4-2-2, tie-break
4+3+3+1 = 11; Di 4-2-2, tie-break 6+2+0+0 = 8 (Ada above Di on tie-break points); Cy 4-1-3,
tie-break 2+2+0+1 = 5, IR adjustment +2 (Relay station) for his next battle.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from horizon_builder.campaign.errors import CampaignError
from horizon_builder.campaign.session import CampaignSession, ChangedElsewhere, SideEntry
from horizon_builder.cli.main import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LISTS = {"Ada": "hvy-cav-battlegroup", "Ben": "oth-weird", "Cy": "oth-datawar",
         "Di": "oth-biowar"}


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["campaign", *args])
    out, err = capsys.readouterr()
    return code, out, err


def record(capsys: pytest.CaptureFixture[str], file: Path, first: str, second: str,
           *options: str, game: int | None = None) -> str:
    a, a_start, a_left = first.split()
    b, b_start, b_left = second.split()
    verb = ["record", str(file)] if game is None else ["correct", str(file), str(game)]
    code, out, err = cli(capsys, *verb, a, a_start, a_left, b, b_start, b_left, *options)
    assert code == 0, err
    return out


@pytest.fixture
def season(tmp_path: Path) -> Path:
    for name, example in LISTS.items():
        shutil.copy(EXAMPLES / f"{example}.toml", tmp_path / f"{name.lower()}.toml")
    return tmp_path / "league.toml"


def adjustments(file: Path) -> dict[str, int]:
    return {n: s.adjustment for n, s in CampaignSession.open(file).worked()[1].items()}


def test_a_season(capsys: pytest.CaptureFixture[str], season: Path) -> None:
    folder = season.parent
    assert cli(capsys, "new", str(season), "--name", "Harbour league")[0] == 0
    text = season.read_text()  # the player names the objectives by hand
    assert "objectives = {}" in text
    season.write_text(text.replace("objectives = {}",
                                   'objectives = { Bridge = 1, "Relay station" = 2 }'))
    for name in LISTS:
        extra = ["--new"] if name == "Ben" else []
        code, out, err = cli(capsys, "join", str(season), str(folder / f"{name.lower()}.toml"),
                             "--name", name, *extra)
        assert code == 0, err
        assert f"{name} joined (handicap {'+3' if name == 'Ben' else '+0'}), list pinned" in out
        assert "LEGAL" in out  # judged on the campaign's layers (the lists' own: no preset)
    assert adjustments(season) == {"Ada": 0, "Ben": 3, "Cy": 0, "Di": 0}

    out = record(capsys, season, "Ada 19 5", "Ben 14 0", "--first-lost", "Warden",
                 "--second-lost", "sf1,li1", "--first-secured", "Bridge",
                 "--note", "The bridge at Kell held")
    assert "Ada beat Ben, Decisive (5 of 19 momentum left)" in out
    assert adjustments(season) == {"Ada": 1, "Ben": 3, "Cy": 0, "Di": 0}

    out = record(capsys, season, "Di 16 8", "Cy 16 0", "--second-lost", "chq,hc1",
                 "--first-lost", "k2", "--first-secured", "Relay station")
    assert "Di beat Cy, Utter" in out
    out = record(capsys, season, "Ben 14 2", "Cy 16 -1", "--first-lost", "hi1",
                 "--first-secured", "Bridge", "--first-situation", "3")
    assert "Ben beat Cy, Marginal" in out
    assert adjustments(season) == {"Ada": 1, "Ben": 3, "Cy": 0, "Di": 2}

    # G4 as first reported: a stalemate; no bonus to either (only winners earn them)
    out = record(capsys, season, "Ada 19 0", "Di 16 0", "--first-lost", "m2",
                 "--second-lost", "gb1", "--second-secured", "Relay station")
    assert "stalemate" in out
    assert adjustments(season) == {"Ada": 0, "Ben": 3, "Cy": 0, "Di": 0}
    out = record(capsys, season, "Ada 19 0", "Di 16 1", "--first-lost", "m2",
                 "--second-lost", "gb1", "--second-secured", "Relay station", game=4)
    assert "Game 4 corrected" in out and "Di beat Ada, Pyrrhic" in out
    assert adjustments(season) == {"Ada": 0, "Ben": 3, "Cy": 0, "Di": 2}

    out = record(capsys, season, "Ben 14 7", "Di 16 0", "--second-lost", "k1,gr1")
    assert "Ben beat Di, Utter" in out
    assert adjustments(season) == {"Ada": 0, "Ben": 0, "Cy": 0, "Di": 0}

    # Cy renames an element; Di edits her list: both named; one accepted, one refused
    cy = folder / "cy.toml"
    cy.write_text(cy.read_text().replace('"Stripe Lancers"', '"Stripe Hussars"'))
    di = folder / "di.toml"
    di.write_text(di.read_text().replace('name = "Nest Guard"', 'name = "Nest Guards"'))
    code, out, _ = cli(capsys, "ladder", str(season))
    assert "note: Cy's list cy.toml changed since it was pinned" in out
    assert "note: Di's list di.toml changed since it was pinned" in out
    assert cli(capsys, "accept", str(season), "Cy")[0] == 0
    code, out, _ = cli(capsys, "refuse", str(season), "Di")
    assert code == 0 and "the pinned list stands" in out
    code, out, _ = cli(capsys, "ladder", str(season))
    assert "Cy's list" not in out and "Di's list di.toml changed" in out
    assert "change refused" in out

    out = record(capsys, season, "Ada 19 2", "Cy 16 0", "--second-lost", "Stripe Hussars",
                 "--first-secured", "Bridge")
    assert "Ada beat Cy, Marginal" in out
    out = record(capsys, season, "Ben 14 1", "Ada 19 0", "--first-lost", "li2",
                 "--second-lost", "a1")
    assert "Ben beat Ada, Pyrrhic" in out
    out = record(capsys, season, "Cy 16 4", "Di 16 -2", "--second-lost", "gr2",
                 "--first-secured", "Relay station")
    assert "Cy beat Di, Decisive (4 of 16" in out  # exactly 25%: decisive
    out = record(capsys, season, "Cy 16 3", "Di 16 -2", "--second-lost", "gr2",
                 "--first-secured", "Relay station", game=8)
    assert "Cy beat Di, Marginal (3 of 16" in out

    session = CampaignSession.open(season)
    games, standings = session.worked()
    assert [(g.first.adjustment, g.second.adjustment) for g in games] == [
        (0, 3), (0, 0), (3, 0), (1, 2), (3, 2), (0, 0), (0, 1), (0, 0)]
    assert [next(s.margin for s in (g.first, g.second) if s.margin) for g in games
            if "victory" in (g.first.outcome.result, g.second.outcome.result)] == [
        "Decisive", "Utter", "Marginal", "Pyrrhic", "Utter", "Marginal", "Pyrrhic", "Marginal"]
    got = {n: (s.games, s.wins, s.defeats, s.stalemates, s.tie_break, s.handicap, s.adjustment)
           for n, s in standings.items()}
    assert got == {"Ada": (4, 2, 2, 0, 11, 0, 0), "Ben": (4, 3, 1, 0, 9, 0, 0),
                   "Cy": (4, 1, 3, 0, 5, 0, 2), "Di": (4, 2, 2, 0, 8, 0, 0)}
    assert len(session.campaign.corrections) == 2  # the old records are kept
    assert session.campaign.corrections[0].old.second.momentum_left == 0

    # the service record: Cy's hc1 was lost twice, under two names; Ben's units fought 4
    record_cy = session.service("Cy")
    assert (record_cy["hc1"].battles, record_cy["hc1"].destroyed) == (4, 2)
    code, out, _ = cli(capsys, "roster", str(season), "Cy")
    assert "IR adjustment for the next battle +2" in out
    assert any(line.split()[:2] == ["hc1", "Stripe"] and line.split()[-2:] == ["4", "2"]
               for line in out.splitlines())

    code, out, _ = cli(capsys, "roster", str(season), "Cy", "--format", "cards")
    assert code == 0 and "<dt>Service</dt><dd>4 battles, destroyed 2</dd>" in out

    # the ladder in order, and the story with its notes, in each format
    code, out, _ = cli(capsys, "ladder", str(season))
    ranks = [line.split()[1] for line in out.splitlines() if line.split()[1:2] in (
        [[n] for n in LISTS])]
    assert ranks == ["Ben", "Ada", "Di", "Cy"]
    assert "note: The bridge at Kell held" in out and "Game 8:" in out
    code, out, _ = cli(capsys, "ladder", str(season), "--format", "csv")
    assert 'Ladder,1,Ben,+0,+0,+0,4,3,1,0,9,"Marginal 1, Utter 1, Pyrrhic 1"' in out
    assert "Ladder,4,Cy,+2,+0,+2,4,1,3,0,5,Marginal 1" in out
    assert "Games,1,Ada,19,5,Ben,14,0,Ada,Decisive,The bridge at Kell held" in out
    assert "Games,8,Cy,16,3,Di,16,-2,Cy,Marginal," in out
    html_file = folder / "ladder.html"
    assert cli(capsys, "ladder", str(season), "--format", "html", "-o", str(html_file))[0] == 0
    assert "<table>" in html_file.read_text()
    code, out, _ = cli(capsys, "ladder", str(season), "--format", "markdown")
    assert "| 1 | Ben |" in out

    # the adjusted IR where it is used: Cy plays his next battle at base IR +2
    code = main(["adventure", str(folder / "cy.toml"), "--situation", "3", "--campaign",
                 str(season), "--commander", "Cy"])
    out = capsys.readouterr().out
    assert code == 0 and "(handicap and bonuses)" in out and "+2" in out.splitlines()[0]


def test_undo_and_a_second_writer(capsys: pytest.CaptureFixture[str], season: Path) -> None:
    folder = season.parent
    session = CampaignSession.create(season, "Harbour league")
    session.join(folder / "ada.toml", name="Ada")
    session.join(folder / "ben.toml", name="Ben", new=True)
    session.record(SideEntry("Ada", 19, 5), SideEntry("Ben", 14, 0))
    written = season.read_bytes()
    session.record(SideEntry("Ada", 19, 0), SideEntry("Ben", 14, 2))
    change = session.undo()
    assert change.said.startswith("Undone: Game 2 recorded")
    assert len(CampaignSession.open(season).campaign.games) == 1
    assert season.read_bytes().count(b"[[games]]") == written.count(b"[[games]]")

    other = CampaignSession.open(season)  # the command line, meanwhile
    other.record(SideEntry("Ben", 14, 3), SideEntry("Ada", 19, 0))
    before = season.read_bytes()
    with pytest.raises(ChangedElsewhere) as caught:
        session.record(SideEntry("Ada", 19, 1), SideEntry("Ben", 14, 0))
    assert "changed by another writer" in str(caught.value)
    assert season.read_bytes() == before  # nothing written
    assert len(session.campaign.games) == 2  # read again: the other's game is there
    # undo takes back the newest change, the other writer's: it loses nothing written after it
    assert session.undo().said.startswith("Undone: Game 2 recorded: Ben beat Ada")
    assert len(CampaignSession.open(season).campaign.games) == 1
    # a change by hand after the newest one made here: never taken back over it
    session.record(SideEntry("Ada", 19, 1), SideEntry("Ben", 14, 0))
    season.write_text(season.read_text() + "# a note by hand\n")
    before = season.read_bytes()
    with pytest.raises(CampaignError, match="changed after the last change"):
        CampaignSession.open(season).undo()
    assert season.read_bytes() == before
    with pytest.raises(CampaignError, match="Nothing to undo"):
        session.undo()


def test_undo_on_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`campaign undo`: the service's undo, kept between runs; it takes back the newest
    change, made on the command line or through the Campaign screen's service, and never
    over a change made by hand after it."""
    from helpers_campaign import build_campaign

    league = build_campaign(tmp_path, games=3)
    code, out, err = cli(capsys, "undo", str(league))
    assert code == 0, err
    assert out.startswith("Undone: Game 3 recorded: Ben beat Cy")
    assert len(CampaignSession.open(league).campaign.games) == 2
    assert adjustments(league)["Ben"] == 3  # Ben's Bridge bonus and his win are gone with it

    # a correction made by the screen's service is taken back by the command line
    screen = CampaignSession.open(league)
    screen.correct(2, SideEntry("Di", 16, 4), SideEntry("Cy", 16, 0))
    code, out, _ = cli(capsys, "undo", str(league))
    assert code == 0 and out.startswith("Undone: Game 2 corrected")
    loaded = CampaignSession.open(league).campaign
    assert loaded.games[1].first.momentum_left == 8 and not loaded.corrections

    # each undo takes back one more, down to the joins
    for said in ("Game 2 recorded", "Game 1 recorded", "Di joined", "Cy joined", "Ben joined",
                 "Ada joined"):
        code, out, _ = cli(capsys, "undo", str(league))
        assert code == 0 and out.startswith(f"Undone: {said}"), out
    assert not CampaignSession.open(league).campaign.commanders
    code, _, err = cli(capsys, "undo", str(league))
    assert code == 2 and "Nothing to undo" in err

    # a change by hand after the last one: refused, nothing written, nothing left to undo
    assert cli(capsys, "join", str(league), str(tmp_path / "ada.toml"), "--name", "Ada")[0] == 0
    league.write_text(league.read_text() + "# a note by hand\n")
    before = league.read_bytes()
    code, _, err = cli(capsys, "undo", str(league))
    assert code == 2 and f"{league}:" in err and "changed after the last change" in err
    assert league.read_bytes() == before
    code, _, err = cli(capsys, "undo", str(league))
    assert code == 2 and "Nothing to undo" in err
