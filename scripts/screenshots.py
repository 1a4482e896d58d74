"""Regenerate ``screenshots/*.svg``: every screen of the app, from the example rosters.

Run from the repository root::

    python scripts/screenshots.py            # all screenshots
    python scripts/screenshots.py home help  # only those whose name starts so

Screens of other parts of the app (element editor, add element, command,
export) are included when they are part of this build.
"""

from __future__ import annotations

import asyncio
import importlib
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from textual.pilot import Pilot  # noqa: E402

from horizon_builder.tui.app import HorizonApp  # noqa: E402

EXAMPLES = ROOT / "examples"
OUT = ROOT / "screenshots"
SIZE = (100, 32)

Steps = Callable[[Pilot], Awaitable[None]]


@dataclass
class Shot:
    name: str
    roster: str | None
    steps: Steps | None = None
    size: tuple[int, int] = SIZE
    needs: str | None = None  # module that must exist, e.g. "element_editor"


def available(module: str) -> bool:
    try:
        importlib.import_module(f"horizon_builder.tui.{module}")
    except ModuleNotFoundError as exc:
        if exc.name == f"horizon_builder.tui.{module}":
            return False
        raise
    return True


def keys(*pressed: str) -> Steps:
    async def run(pilot: Pilot) -> None:
        for key in pressed:
            await pilot.press(key)
            await pilot.pause()

    return run


async def _findings_focused(pilot: Pilot) -> None:
    await pilot.press("tab")


async def _broken_file(pilot: Pilot) -> None:
    pass  # the app opens on the broken file and shows the dialog


async def _element_editor(pilot: Pilot) -> None:
    app = pilot.app
    assert isinstance(app, HorizonApp)
    app.open_element_editor("m1")


async def _editor_from_finding(pilot: Pilot) -> None:
    app = pilot.app
    assert isinstance(app, HorizonApp)
    finding = next(f for f in app.session.report.all_findings if f.element)
    app.open_element_editor(finding.element, finding.field)  # type: ignore[arg-type]


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


async def _palette(pilot: Pilot) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause(0.3)


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
    Shot("home-metaformers", "oth-metaformers.toml"),
    Shot("home-task-force", "tournament-task-force.toml"),
    Shot("home-datawar", "oth-datawar.toml"),
    Shot("home-empty", None),
    Shot("settings", "hvy-cav-battlegroup.toml", keys("s")),
    Shot("settings-error", "hvy-cav-battlegroup.toml", _settings_error),
    Shot("help", "hvy-cav-battlegroup.toml", keys("f1")),
    Shot("command-palette", "hvy-cav-battlegroup.toml", _palette),
    Shot("delete-confirm", "hvy-cav-battlegroup.toml", keys("down", "delete")),
    Shot("unsaved-changes", "hvy-cav-battlegroup.toml", _unsaved),
    Shot("save-as", "hvy-cav-battlegroup.toml", keys("S")),
    Shot("load-error", "<broken>", _broken_file),
    Shot("home-light-theme", "needs-fixing.toml", keys("f9")),
    Shot("add-element", "hvy-cav-battlegroup.toml", keys("a"), needs="add_element"),
    Shot("add-element-filter", "oth-superweapons.toml", _add_filtered, needs="add_element"),
    Shot("element-editor", "hvy-cav-battlegroup.toml", _element_editor, needs="element_editor"),
    Shot("element-editor-finding", "needs-fixing.toml", _editor_from_finding, needs="element_editor"),
    Shot("element-editor-metaformer", "oth-metaformers.toml", _editor_on("metatron", 2),
         needs="element_editor"),
    Shot("element-editor-supermech", "oth-superweapons.toml", _editor_on("mongrel"),
         needs="element_editor"),
    Shot("command", "hvy-cav-battlegroup.toml", keys("c"), needs="command_screen"),
    Shot("command-cr", "oth-datawar.toml", _command_cr, needs="command_screen"),
    Shot("command-weird", "oth-weird.toml", keys("c"), needs="command_screen"),
    Shot("export", "hvy-cav-battlegroup.toml", keys("x"), needs="export_screen"),
    Shot("rounds", "tournament-task-force.toml", keys("r", "down", "enter"), needs="rounds_screen"),
]


async def take(shot: Shot, folder: Path) -> Path:
    if shot.roster == "<broken>":
        path: Path | None = folder / "broken.toml"
        path.write_text(BROKEN, encoding="utf-8")  # type: ignore[union-attr]
    else:
        path = EXAMPLES / shot.roster if shot.roster else None
    app = HorizonApp(path)
    target = OUT / f"{shot.name}.svg"
    async with app.run_test(size=shot.size) as pilot:
        await pilot.pause()
        if shot.steps is not None:
            await shot.steps(pilot)
        await pilot.pause(0.5)  # let animations and the palette's search settle
        app.clear_notifications()
        await pilot.pause()
        svg = app.export_screenshot(title=f"horizon-builder: {shot.name}")
    target.write_text(svg, encoding="utf-8")
    return target


async def main(prefixes: list[str]) -> int:
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for shot in SHOTS:
            if prefixes and not any(shot.name.startswith(p) for p in prefixes):
                continue
            if shot.needs and not available(shot.needs):
                print(f"skip  {shot.name}: horizon_builder.tui.{shot.needs} is not in this build")
                continue
            target = await take(shot, Path(tmp))
            print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main(sys.argv[1:])))
