"""Bad input to a campaign (issue 34 item 8): a file that cannot be used names the file, the
line and the key and what is wrong; a change refused writes nothing; no traceback; names a
player typed are shown inert in every output."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_campaign import build_campaign
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from horizon_builder.campaign.errors import CampaignError
from horizon_builder.campaign.session import CampaignSession
from horizon_builder.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["campaign", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.fixture
def league(tmp_path: Path) -> Path:
    return build_campaign(tmp_path, games=2)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_not_toml(capsys: pytest.CaptureFixture[str], league: Path) -> None:
    edit(league, "[settings]", "[settings")
    code, _, err = run(capsys, "ladder", str(league))
    assert code == 2 and f"{league}:" in err and "not valid TOML" in err


def test_a_setting_misspelt_or_out_of_range(capsys: pytest.CaptureFixture[str],
                                             league: Path) -> None:
    edit(league, "new_handicap = 3", "new_handicapp = 3")
    code, _, err = run(capsys, "ladder", str(league))
    line = next(i for i, x in enumerate(league.read_text().splitlines(), 1) if "handicapp" in x)
    assert code == 2 and f"{league}:{line}: settings.new_handicapp" in err
    edit(league, "new_handicapp = 3", "new_handicap = 99")
    code, _, err = run(capsys, "ladder", str(league))
    assert code == 2 and "settings.new_handicap" in err and "20" in err


def test_a_game_edited_by_hand(capsys: pytest.CaptureFixture[str], league: Path) -> None:
    edit(league, 'commander = "Di"', 'commander = "Dee"')
    code, _, err = run(capsys, "ladder", str(league))
    assert code == 2
    assert "no commander 'Dee' in this campaign" in err and "games[2].first.commander" in err  # game 2
    line = next(i for i, x in enumerate(league.read_text().splitlines(), 1) if "Dee" in x)
    assert f"{league}:{line}:" in err


def test_an_element_or_objective_unknown(capsys: pytest.CaptureFixture[str],
                                         league: Path) -> None:
    before = league.read_bytes()
    code, _, err = run(capsys, "record", str(league), "Ada", "19", "5", "Cy", "16", "0",
                       "--second-lost", "Nobody", "--first-secured", "Moon")
    assert code == 2
    assert "Cy's list has no element 'Nobody'" in err
    assert "no objective 'Moon' in the settings (objectives: 'Bridge', 'Relay station')" in err
    assert league.read_bytes() == before  # nothing written


@pytest.mark.parametrize(("start", "left", "said"), [
    ("abc", "0", "starting momentum must be a whole number from 1 to 1000: 'abc' is not"),
    ("0", "0", "starting momentum must be a whole number from 1 to 1000: 0 is not"),
    ("19", "99999999999999999999", "momentum left must be a whole number"),
])
def test_numbers_typed(capsys: pytest.CaptureFixture[str], league: Path, start: str, left: str,
                       said: str) -> None:
    before = league.read_bytes()
    code, _, err = run(capsys, "record", str(league), "Ada", start, left, "Cy", "16", "0")
    assert code == 2 and said in err and str(league) in err
    assert league.read_bytes() == before


def test_a_game_number_that_is_not_there(capsys: pytest.CaptureFixture[str],
                                         league: Path) -> None:
    code, _, err = run(capsys, "correct", str(league), "9", "Ada", "19", "5", "Cy", "16", "0")
    assert code == 2 and "no game 9: the campaign has 2 games" in err


def test_never_over_a_file(capsys: pytest.CaptureFixture[str], league: Path) -> None:
    before = league.read_bytes()
    code, _, err = run(capsys, "new", str(league))
    assert code == 2 and "exists" in err and league.read_bytes() == before


def test_hostile_names_are_inert(capsys: pytest.CaptureFixture[str], league: Path) -> None:
    folder = league.parent
    hostile = "=HYPERLINK(1)\x1b[31m<b>Evil</b>\u202e|*"
    code, out, _ = run(capsys, "join", str(league), str(folder / "ada.toml"), "--name", hostile)
    assert code == 0 and "\x1b" not in out and "\u202e" not in out
    assert run(capsys, "record", str(league), hostile, "19", "5", "Cy", "16", "0")[0] == 0
    for fmt in ("text", "markdown", "html", "csv"):
        code, out, _ = run(capsys, "ladder", str(league), "--format", fmt)
        assert code == 0 and "\x1b" not in out and "\u202e" not in out
        if fmt == "html":
            assert "<b>Evil" not in out and "&lt;b&gt;Evil" in out
        if fmt == "csv":
            assert ",'=HYPERLINK(1)" in out
        if fmt == "markdown":
            assert "\\|\\*" in out


def test_two_commanders_of_one_name(capsys: pytest.CaptureFixture[str], league: Path) -> None:
    code, _, err = run(capsys, "join", str(league), str(league.parent / "ada.toml"),
                       "--name", "Ada")
    assert code == 2 and "'Ada' is in the campaign already" in err


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=300))
def test_any_text_is_read_or_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "any.toml"
    path.write_text('format = 1\nname = "x"\n' + text, encoding="utf-8", errors="replace")
    try:
        CampaignSession.open(path)
    except CampaignError as exc:
        assert exc.lines() and all(line.startswith(str(path)) for line in exc.lines())


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300) | st.sampled_from([
    b'{"changes": [{"said": "x", "before": "not toml [", "after": "0"}]}',
    b'{"changes": [{"said": 1, "before": 2, "after": 3}]}', b'{"changes": 5}', b"[]"]))
def test_a_bad_undo_journal_is_no_journal(tmp_path_factory: pytest.TempPathFactory,
                                          data: bytes) -> None:
    """What undo keeps (the user data folder, campaigns/) read whatever it holds: nothing to
    undo, or a refusal; never a traceback, never the campaign file written."""
    from horizon_builder.campaign.journal import journal_path

    league = build_campaign(tmp_path_factory.mktemp("bad-journal"), games=1)
    journal = journal_path(league)
    journal.write_bytes(data)
    before = league.read_bytes()
    with pytest.raises(CampaignError, match=r"Nothing to undo|changed after the last change"):
        CampaignSession.open(league).undo()
    assert league.read_bytes() == before


def test_a_session_catches_up_with_the_file_and_keeps_the_last_good_one(league: Path) -> None:
    """catch_up (what the app asks when the file's stamp moved): nothing while the file is the
    text the session read; read again after another writer's game; a file broken since is
    a CampaignError naming it, and the campaign as last read is kept (two games, then three)."""
    from horizon_builder.campaign.session import SideEntry

    session = CampaignSession.open(league)
    assert session.catch_up() is None
    league.touch()  # a stamp moved, the text the same: nothing to read
    assert session.catch_up() is None
    CampaignSession.open(league).record(SideEntry("Ada", 19, 7), SideEntry("Ben", 17, 0))
    change = session.catch_up()
    assert change is not None and change.kind == "read" and len(session.campaign.games) == 3
    good = league.read_text()
    edit(league, "[settings]", "[settings")
    with pytest.raises(CampaignError) as caught:
        session.catch_up()
    assert f"{league}:" in "\n".join(caught.value.lines()) and len(session.campaign.games) == 3
    league.write_text(good)
    assert session.catch_up() is None  # (the text it last read)
