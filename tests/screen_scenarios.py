"""The app's screens as scenarios: a roster, a terminal size, and what a player does.

One list for two uses: ``scripts/screenshots.py`` writes each as
``screenshots/NAME.svg`` for the README, and ``tests/test_snapshots.py`` compares
each with its stored snapshot (pytest-textual-snapshot), so a screen that changes
is seen in review and the README's pictures come from the same place.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from helpers_tui import shown, until
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input

from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.event.organising import open_event, open_organiser
from horizon_builder.userfiles.autosave import DATA_DIR_ENV

ROOT = Path(__file__).resolve().parent.parent
SIZE = (100, 32)

Steps = Callable[[Pilot], Awaitable[None]]


@dataclass
class Shot:
    name: str
    roster: str | None
    steps: Steps | None = None
    size: tuple[int, int] = SIZE
    #: why a snapshot test cannot compare it (None: it does)
    unstable: str | None = None
    #: start with unsaved changes of the roster autosaved (as after a crash)
    autosaved: bool = False


def keys(*pressed: str) -> Steps:
    async def run(pilot: Pilot) -> None:
        for key in pressed:
            await pilot.press(key)
            await pilot.pause()

    return run


async def _findings_focused(pilot: Pilot) -> None:
    await pilot.press("tab")


async def _broken_file(pilot: Pilot) -> None:
    """The app opens on the broken file and shows the dialog: pushed from a callback after the
    roster's first frame, so wait until it is on top and composed (else the picture could be
    taken a frame early, with the screen under it not yet dimmed)."""
    from horizon_builder.tui.common.dialogs import LoadErrorDialog

    await shown(pilot, LoadErrorDialog)
    # and the screen under it restyled (its focused widget's look is updated in a callback:
    # on a machine under load 15, a picture was taken before it, colours only)
    app = pilot.app
    assert isinstance(app, HorizonApp)
    await until(pilot, app.typeahead.screen_settled, "the screens restyled")
    await pilot.pause()


async def _element_editor(pilot: Pilot) -> None:
    app = pilot.app
    assert isinstance(app, HorizonApp)
    app.home.open_element_editor("m1")


async def _editor_from_finding(pilot: Pilot) -> None:
    app = pilot.app
    assert isinstance(app, HorizonApp)
    finding = next(f for f in app.session.report.all_findings if f.element)
    app.home.open_element_editor(finding.element, finding.field)  # type: ignore[arg-type]


def _editor_on(element_id: str, form: int | None = None) -> Steps:
    """Select an element on the home screen and press Enter (a form: ] to its statline)."""

    async def run(pilot: Pilot) -> None:
        app = pilot.app
        assert isinstance(app, HorizonApp)
        home = app.screen_stack[0]
        home.select_element(element_id)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(form or 0):
            await pilot.press("right_square_bracket")
            await pilot.pause()

    return run


async def _editor_payment(pilot: Pilot) -> None:
    """The mad scientist's CHQ in the editor, its free weird upgrade highlighted (OtH p.69)."""
    await _editor_on("chq")(pilot)
    box = pilot.app.screen.query_one("#ed-upgrades")
    box.focus()
    await pilot.pause()
    for _ in range(40):
        if box.highlighted_option is not None and box.highlighted_option.id == "tesla_gun":  # type: ignore[attr-defined]
            break
        await pilot.press("down")
    await pilot.pause()


async def _suggestions(pilot: Pilot) -> None:
    """The rounds screen's suggestions for Round 1, listed (OtH p.46)."""
    from horizon_builder.tui.rounds.suggest_dialog import SuggestDialog

    await pilot.press("r")
    await pilot.pause()
    await pilot.press("g")
    await until(pilot, lambda: isinstance(pilot.app.screen, SuggestDialog), "the suggestions")
    box = pilot.app.screen.query_one("#suggest-list")
    await until(pilot, lambda: box.option_count > 0 and box.highlighted == 0,  # type: ignore[attr-defined]
                "suggestions listed")


async def _organiser(pilot: Pilot) -> None:
    """The organiser's screen on the examples folder, judged by the book's tournament preset."""
    from horizon_builder.files.resources import find_preset
    from horizon_builder.tui.event.organiser_screen import OrganiserScreen

    app = pilot.app
    assert isinstance(app, HorizonApp)
    open_organiser(app, (Path("examples"), find_preset("oth-tournament")))
    await until(pilot, lambda: isinstance(app.screen, OrganiserScreen) and app.screen.judged > 0,
                "the lists judged")


async def _event(pilot: Pilot) -> None:
    """An event of four Task Forces: round 1 paired from seed 3, one battle resulted."""
    import contextlib
    import io
    import tempfile

    from horizon_builder.cli.main import main
    from horizon_builder.tui.event.event_screen import EventScreen

    folder = Path(tempfile.mkdtemp(prefix="horizon-builder-event-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)  # (the screen reads it till then)
    # built to the preset's FC 16: registration refuses a list the event's check calls illegal
    text = (ROOT / "examples" / "tournament-task-force.toml").read_text().replace(
        "force_cost = 12", "force_cost = 16")
    for name in ("Ann", "Bea", "Cal", "Dev"):
        (folder / f"{name}.toml").write_text(text.replace(
            'name = "Red Meridian Task Force"', f'name = "{name}\'s Task Force"\ncommander = "{name}"'))
    event = folder / "club.toml"
    with contextlib.redirect_stdout(io.StringIO()):
        main(["event", "new", str(event), "--preset", "oth-tournament", "--seed", "3",
              *(str(folder / f"{n}.toml") for n in ("Ann", "Bea", "Cal", "Dev"))])
        main(["event", "pair", str(event)])
        first = __import__("horizon_builder.event.io", fromlist=["load_event"]).load_event(event)
        battle = first.event.rounds[0].battles[0]
        main(["event", "result", str(event), battle.red, "11", "4", "--destroyed", "m2"])
        main(["event", "result", str(event), str(battle.blue), "6", "2"])  # m2: Presence 2
    app = pilot.app
    assert isinstance(app, HorizonApp)
    open_event(app, (event, event))
    await shown(pilot, EventScreen)


async def _campaign(pilot: Pilot) -> None:
    """A campaign of four commanders (one new, +3) after three games (OtH p.50)."""
    import tempfile

    from helpers_campaign import build_campaign

    from horizon_builder.tui.campaign.opening import open_campaign
    from horizon_builder.tui.campaign.screen import CampaignScreen

    folder = Path(tempfile.mkdtemp(prefix="horizon-builder-campaign-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)  # (the screen reads it till then)
    league = build_campaign(folder)
    open_campaign(pilot.app, league)  # type: ignore[arg-type]
    await shown(pilot, CampaignScreen)
    await until(pilot, lambda: pilot.app.screen.query_one("#campaign-ladder").row_count == 4,
                "the ladder")


async def _add_filtered(pilot: Pilot) -> None:
    await pilot.press("a")
    await pilot.pause()
    await pilot.press(*"mech")
    await pilot.pause()


async def _command_cr(pilot: Pilot) -> None:
    """The command screen with the CR list focused on a purchase."""
    await pilot.press("c")
    await pilot.pause()
    box = pilot.app.screen.query_one("#cmd-cr-list")
    box.focus()
    await pilot.pause()
    await pilot.press("down")


async def _settings_error(pilot: Pilot) -> None:
    await pilot.press("s")
    await pilot.pause()
    field = pilot.app.screen.query_one("#force-cost")
    field.value = "0"  # type: ignore[attr-defined]
    field.focus()
    await pilot.press("enter")


async def _unsaved(pilot: Pilot) -> None:
    await pilot.press("d")
    await pilot.pause()
    await pilot.press("ctrl+q")


async def _open(pilot: Pilot) -> None:
    from horizon_builder.tui.sharing.open_dialog import RosterTree

    await pilot.press("ctrl+o")
    await until(pilot, lambda: bool(pilot.app.screen.query(RosterTree))
                and len(pilot.app.screen.query_one(RosterTree).root.children) > 5, "the folder listed")


async def _cut(pilot: Pilot) -> None:
    from horizon_builder.tui.roster.cut_dialog import CutDialog
    from horizon_builder.tui.roster.findings_panel import FindingsPanel

    panel = pilot.app.screen.query_one(FindingsPanel)
    panel.focus()
    panel.highlighted = next(i for i, f in enumerate(panel.findings) if f.code == "fc-over-budget")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, CutDialog), "the cut list")


async def _failure(pilot: Pilot) -> None:
    """An edit, then an error nobody foresaw while saving (the one tomlkit 0.15.3 brought):
    the guard's report, as the app gets it (tui/common/guard.py calls report_failure)."""
    from horizon_builder.tui.common.failure import FailureDialog

    app = pilot.app
    assert isinstance(app, HorizonApp)
    await pilot.press("d")  # an unsaved change: the failure autosaves it
    await pilot.pause()
    app.report_failure(AttributeError("'TOMLDocument' object has no attribute '_insert_after'"),
                       "Saving the list")
    await until(pilot, lambda: isinstance(app.screen, FailureDialog), "the failure dialog")


async def _palette(pilot: Pilot) -> None:
    await pilot.press("ctrl+p")
    await until(pilot, lambda: _palette_filled(pilot), "the palette's list, every provider's")


def _palette_filled(pilot: Pilot) -> bool:
    """The palette lists commands and has finished gathering them from every provider (it
    fills its list in batches, each provider in its own time: a list that is merely not
    empty may lack Textual's own commands)."""
    palette = pilot.app.screen
    if not isinstance(palette, CommandPalette) or not palette.query_one(CommandList).option_count:
        return False
    return not any(worker.node is palette and not worker.is_finished
                   for worker in pilot.app.workers)


BROKEN = """\
format = 1
name = "Broken"
force_cost = 15

[[elements]]
name = "Walker"
type = "walker_of_doom"
presence = 2

[[elements]]
name = "Runner"
type = "mech"
presence = 9
stats = { M = 4, F = 3, A = 3, D = 3, Q = 9 }
"""

SHOTS = [
    Shot("home", "hvy-cav-battlegroup.toml"),
    Shot("home-80x24", "hvy-cav-battlegroup.toml", size=(80, 24)),
    Shot("home-needs-fixing", "needs-fixing.toml", _findings_focused),
    Shot("cut-to-fit", "needs-fixing.toml", _cut, size=(80, 24)),
    Shot("home-metaformers", "oth-metaformers.toml"),
    Shot("home-task-force", "tournament-task-force.toml"),
    Shot("home-datawar", "oth-datawar.toml"),
    Shot("home-empty", None),
    Shot("settings", "hvy-cav-battlegroup.toml", keys("s")),
    Shot("settings-error", "hvy-cav-battlegroup.toml", _settings_error),
    Shot("help", "hvy-cav-battlegroup.toml", keys("f1")),
    Shot("command-palette", "hvy-cav-battlegroup.toml", _palette,
         unstable="the palette lists each provider's commands as they arrive: Textual's own "
                  "come first in some runs, the app's in others"),
    Shot("delete-confirm", "hvy-cav-battlegroup.toml", keys("down", "delete")),
    Shot("unsaved-changes", "hvy-cav-battlegroup.toml", _unsaved),
    Shot("save-as", "hvy-cav-battlegroup.toml", keys("S")),
    Shot("open", "hvy-cav-battlegroup.toml", _open, size=(80, 24)),
    Shot("load-error", "<broken>", _broken_file),
    Shot("recovery", "hvy-cav-battlegroup.toml", autosaved=True),
    Shot("failure", "hvy-cav-battlegroup.toml", _failure,
         unstable="the dialog names the autosave and the report file, in a data folder made "
                  "afresh for each run, the report's name with the time"),
    Shot("home-light-theme", "needs-fixing.toml", keys("f9")),
    Shot("add-element", "hvy-cav-battlegroup.toml", keys("a")),
    Shot("add-element-filter", "oth-superweapons.toml", _add_filtered),
    Shot("element-editor", "hvy-cav-battlegroup.toml", _element_editor),
    Shot("element-editor-finding", "needs-fixing.toml", _editor_from_finding),
    Shot("element-editor-metaformer", "oth-metaformers.toml", _editor_on("metatron", 2)),
    Shot("element-editor-supermech", "oth-superweapons.toml", _editor_on("mongrel")),
    Shot("element-editor-payment", "oth-weird.toml", _editor_payment),
    Shot("command", "hvy-cav-battlegroup.toml", keys("c")),
    Shot("command-cr", "oth-datawar.toml", _command_cr),
    Shot("command-weird", "oth-weird.toml", keys("c")),
    Shot("export", "hvy-cav-battlegroup.toml", keys("x")),
    Shot("rounds", "tournament-task-force.toml", keys("r", "down", "enter")),
    Shot("rounds-suggest", "tournament-task-force.toml", _suggestions),
    Shot("organiser", None, _organiser, size=(120, 32)),
    Shot("rules", "hvy-cav-battlegroup.toml", keys("R", "f"), size=(120, 32)),
    Shot("event", None, _event),
    Shot("campaign-80x24", None, _campaign, size=(80, 24)),
    Shot("campaign-120x40", None, _campaign, size=(120, 40)),
]


class _ShownFolder(type(Path())):  # type: ignore[misc]
    """A path whose ``cwd()`` is :data:`SHOWN_FOLDER` (what the path prompts name)."""

    @classmethod
    def cwd(cls) -> Path:
        return Path(SHOWN_FOLDER)


#: the working folder the save/open prompts name ("relative to ..."): the same on every machine
SHOWN_FOLDER = "~/rosters"


@contextmanager
def opened(shot: Shot, folder: Path) -> Iterator[HorizonApp]:
    """The app opened as the scenario starts, every path it shows the same on every machine.

    It runs in the repository root and opens the example by its relative path (so the
    export screen suggests ``examples/...``); a broken file is written to ``folder`` and
    opened from there by its bare name; the path prompts name :data:`SHOWN_FOLDER` as the
    working folder. The working folder is restored afterwards.
    """
    from horizon_builder.tui.common import dialogs

    here = os.getcwd()
    data = tempfile.mkdtemp(prefix="horizon-builder-data-")  # autosaves: this scenario's own
    saved_env = os.environ.get(DATA_DIR_ENV)
    os.environ[DATA_DIR_ENV] = data
    # no preferences either: a theme toggled in one picture is never in the next
    saved_config = os.environ.get("HORIZON_BUILDER_CONFIG_DIR")
    config = tempfile.mkdtemp(prefix="horizon-builder-config-")
    os.environ["HORIZON_BUILDER_CONFIG_DIR"] = config
    assert dialogs.Path is Path, "the path prompt no longer names pathlib.Path: update opened()"
    dialogs.Path = _ShownFolder  # type: ignore[misc]
    try:
        if shot.roster == "<broken>":
            (folder / "broken.toml").write_text(BROKEN, encoding="utf-8")
            os.chdir(folder)
            path: Path | None = Path("broken.toml")
        else:
            os.chdir(ROOT)
            path = Path("examples") / shot.roster if shot.roster else None
        if shot.autosaved and path is not None:
            _autosave_edits(path)
        yield HorizonApp(path)
    finally:
        dialogs.Path = Path  # type: ignore[misc]
        os.chdir(here)
        if saved_config is None:
            os.environ.pop("HORIZON_BUILDER_CONFIG_DIR", None)
        else:
            os.environ["HORIZON_BUILDER_CONFIG_DIR"] = saved_config
        if saved_env is None:
            os.environ.pop(DATA_DIR_ENV, None)
        else:
            os.environ[DATA_DIR_ENV] = saved_env
        shutil.rmtree(data, ignore_errors=True)
        shutil.rmtree(config, ignore_errors=True)


def _autosave_edits(path: Path) -> None:
    """An autosave of ``path`` with one element more, written at a fixed (local) time."""
    from horizon_builder.roster.io import read_roster
    from horizon_builder.userfiles.autosave import AutosaveStore

    roster = read_roster(path)
    roster = roster.model_copy(update={"elements": (*roster.elements, roster.elements[-1].model_copy(
        update={"id": "copy1", "name": "Kestrel II"}))})
    store = AutosaveStore()
    store.write(store.file_for(path), roster, path, now=datetime(2025, 3, 14, 20, 15).astimezone())


async def play(shot: Shot, pilot: Pilot) -> None:
    """What the player does, then a settled screen without passing notifications."""
    app = pilot.app
    assert isinstance(app, HorizonApp)
    await until(pilot, lambda: app.loaded, "the roster to open")  # just after the first paint
    if shot.steps is not None:
        await shot.steps(pilot)
    await pilot.wait_for_scheduled_animations()  # scrolling into view, fading in
    app.clear_notifications()
    for field in app.screen.query(Input):  # a blinking cursor would be on or off by chance
        field.cursor_blink = False
    await pilot.pause()
