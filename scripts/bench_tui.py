"""Measure how quick the app feels: edits on a 200-element roster, and start-up.

Run from the repository root::

    python scripts/bench_tui.py [--repeats N] [--only edits|startup] [--elements N]

(a) keystroke → painted frame: with the app running headless (``run_test``) on a
    200-element roster (``--elements``: another size), press a key that edits the roster
    (a stat change in the element editor, move, duplicate, delete, undo) and time until
    the first frame the app displays (Textual's public ``App.post_display_hook``, called
    as each frame is done) after the session took the edit. Target (issue 13): 16 ms.
(b) start-up: time from launching a fresh Python process until the roster and its
    totals are shown (the view kept from the last run on that roster when nothing it
    rests on changed, else the session's own once loaded; both times are printed),
    against a bare Textual app (Header, Static, Footer) until its first frame,
    interleaved; both run as an installed package does (bytecode written once,
    then read; PYTHONDONTWRITEBYTECODE removed) and the app from the console
    entry's start (garbage collection paused, the first view's second process
    started). Target (issue 13): 1.3× the bare app. Also timed, interleaved: a first
    start on the roster (no view kept from a last run: the view a second process works
    out while Textual starts, tui/roster/firstview.py), and the bare app after validating one
    pydantic model (what a first start would cost in one process at the least).
    Run it with the Python of a venv the package is installed in (``pip install .``)
    for the figure a user sees.

Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
from benchpath import TIMED  # noqa: E402  (the installed package first)

FRAME_MS = 1000 / 60
EXAMPLE = ROOT / "examples" / "hvy-cav-battlegroup.toml"
CACHE = tempfile.mkdtemp(prefix="hb-bench-cache-")
atexit.register(shutil.rmtree, CACHE, ignore_errors=True)


# --- (a) edit → totals ----------------------------------------------------------------------
def big_session(count: int = 200):
    from horizon_builder.session.core import Session

    session = Session.open(EXAMPLE)
    template = list(session.roster.elements)
    elements = []
    for index in range(count):
        element = template[index % len(template)]
        elements.append(element.model_copy(update={
            "id": "chq" if index == 0 else f"x{index}", "name": f"{element.name} {index}"}))
    roster = session.roster.model_validate({**session.roster.model_dump(), "force_cost": 1000,
                                            "elements": [e.model_dump() for e in elements]})
    return Session(roster, session.ruleset, None)


#: the character of each key the benchmark presses (as a terminal's driver reads it)
KEY_CHARACTERS = {"right_square_bracket": "]", "plus": "+", "minus": "-", "ctrl+z": "\x1a",
                  "d": "d", "y": "y"}


async def terminal_press(app, key: str) -> None:  # type: ignore[no-untyped-def]
    """Send a key as a terminal's driver does (the app's queue gets the event, nothing
    else happens). Pilot's ``press`` also waits for every widget on the screen to take a
    message of its own after the key: work a user's keystroke never causes, which this
    benchmark would otherwise time too."""
    from textual import events

    app.post_message(events.Key(key, KEY_CHARACTERS[key]))
    await asyncio.sleep(0)


async def bench_edits(repeats: int, pilot_keys: bool = False,
                      elements: int = 200) -> dict[str, list[float]]:
    """Time from a key press to the first frame written after the edit was committed.

    Edits: a stat change (``+`` on a stat of the element editor), moving an element
    (``]``), duplicating one (``d``), deleting one (``y`` in the confirmation) and undo
    (``ctrl+z``). The frame is the first one the app displays after the session took the
    edit: what the player sees."""
    from horizon_builder.engine.gcpause import pause_for_startup
    from horizon_builder.tui.app import HorizonApp

    results: dict[str, list[float]] = {}
    pause_for_startup()  # as the console entry does: collection frozen once the roster is shown
    session = big_session(elements)
    marks: dict[str, float] = {}

    class TimedApp(HorizonApp):
        def post_display_hook(self) -> None:
            """A frame is displayed (the terminal's update written, when not headless)."""
            super().post_display_hook()
            if "started" in marks:
                if "redrawn" in marks:
                    if "painted" not in marks:
                        marks["painted"] = time.perf_counter()
                        marks["painted cpu"] = time.thread_time()
                else:  # a stepper shows its new value at once, before the edit is taken
                    marks["painted early"] = time.perf_counter()

    app = TimedApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        home = app.screen_stack[0]
        commit, undo = session.commit, session.undo

        def timed_commit(*args, **kwargs):  # type: ignore[no-untyped-def]
            marks.setdefault("committed", time.perf_counter())
            return commit(*args, **kwargs)

        def timed_undo() -> bool:
            marks.setdefault("committed", time.perf_counter())
            return undo()

        # the screens redraw from the session: at once after the commit (before issue 32), or
        # on the message the session's announcement becomes (after it); a frame counts once
        # the redraw began, so a frame written between the commit and the redraw does not
        redraw_name = "_show_session" if hasattr(app, "_show_session") else "session_changed"
        redraw = getattr(app, redraw_name)

        def timed_redraw(*args, **kwargs):  # type: ignore[no-untyped-def]
            marks.setdefault("redrawn", time.perf_counter())
            return redraw(*args, **kwargs)

        setattr(app, redraw_name, timed_redraw)

        session.commit = timed_commit  # type: ignore[method-assign]
        session.undo = timed_undo  # type: ignore[method-assign]
        table = home.query_one("#elements")

        async def measure(name: str, key: str, other: str | None = None) -> None:
            # a key pressed within a frame period of the last frame waits for Textual's next
            # tick (frames are paced at 60 per second): up to 16.7 ms no edit can save, which
            # a player's next key, pressed later than that, does not see
            await asyncio.sleep(2 * FRAME_MS / 1000)
            marks.clear()
            started = marks["started"] = time.perf_counter()
            cpu_started = time.thread_time()
            if pilot_keys:
                await pilot.press(key)
            else:
                await terminal_press(app, key)
            if "committed" not in marks and other is not None:  # at a limit: the other way
                await pilot.pause()
                await measure(name, other)
                return
            for _ in range(500):  # until the frame is out
                if "painted" in marks:
                    break
                await asyncio.sleep(0.001)
            # the frame after the session took the edit; if the edit changed nothing more on
            # screen than what was painted before it was taken, that earlier frame
            painted = marks.get("painted", marks.get("painted early"))
            assert painted is not None, f"{name}: no frame after the edit ({sorted(marks)}, {app.screen})"
            results.setdefault(name, []).append((painted - started) * 1000)
            if "painted cpu" in marks:  # the app's own work, whatever else the machine runs
                results.setdefault(f"{name}, CPU", []).append((marks["painted cpu"] - cpu_started) * 1000)
            await pilot.pause()

        for index in range(repeats):
            table.move_cursor(row=(10 + 3 * index) % max(1, elements - 4))
            await pilot.pause()
            await measure("move (])", "right_square_bracket")
            await measure("undo (ctrl+z)", "ctrl+z")
            await measure("duplicate (d)", "d")
            await pilot.press("delete")  # the confirmation opens
            await pilot.pause()
            await measure("delete (y to confirm)", "y")
            element_id = table.selected_element_id
            # (the home screen opens its editors; before issue 32 the app did)
            opener = getattr(app, "open_element_editor", None) or home.open_element_editor
            opener(element_id, focus_field="stats.M")
            await pilot.pause()
            await pilot.pause(0.05)
            await measure("stat change (+ in the editor)", "plus", "minus")
            await pilot.press("escape")
            while app.screen is not home:  # (a loaded machine: the editor is still closing)
                await pilot.pause()
    return results


# --- (b) start-up --------------------------------------------------------------------------
CHILD = r'''
import sys, time
kind = sys.argv[1]
if kind == "floor":  # what a first start cannot do without: validate with a pydantic model
    from typing import Annotated
    from pydantic import BaseModel, Field

    class One(BaseModel):
        x: Annotated[int, Field(ge=0)] = 0

    One(x=1)
if kind in ("bare", "floor"):
    from textual.app import App
    from textual.widgets import Footer, Header, Static

    class Bare(App):
        def compose(self):
            yield Header()
            yield Static("hello")
            yield Footer()

        def on_mount(self):
            self.call_after_refresh(self.ready)

        def ready(self):
            print("PAINTED", flush=True)
            self.exit()

    app = Bare()
else:
    try:  # as the console entry (horizon_builder.cli.main) does
        from horizon_builder.engine.gcpause import pause_for_startup
        pause_for_startup()
    except ImportError:  # a version from before it (to compare with)
        pass
    from pathlib import Path
    try:  # as the console entry does, before Textual is imported
        from horizon_builder.tui.roster.firstview import prepare
        prepare(Path(sys.argv[2]), ())
    except ImportError:  # a version from before it
        pass
    from horizon_builder.tui.app import HorizonApp

    class Timed(HorizonApp):
        def _open_initial(self):
            print("PAINTED", flush=True)  # the first frame is on the terminal
            super()._open_initial()
            if not hasattr(HorizonApp, "roster_painted"):  # a version from before the hook
                self.call_after_refresh(self.roster_painted, "session")

        def roster_painted(self, source="session"):
            # the first frame with the roster on screen is out: the view kept from the last
            # run ("kept", tui/roster/homeview.py) or the loaded session's ("session")
            home = self.screen_stack[0]
            rows = home.query_one("#elements").row_count
            totals = home.query_one("#totals").plain()
            print(f"READY rows={rows} source={source} totals={totals!r}", flush=True)

        def _opened(self):
            super()._opened()
            self.call_after_refresh(self.session_painted)

        def session_painted(self):
            print("LOADED", flush=True)  # the session's own view is on screen
            self.exit()

    app = Timed(Path(sys.argv[2]))
app.run(headless=True)
'''


def startup_ms(kind: str) -> dict[str, float]:
    """Milliseconds from process launch to each marker the child prints."""
    started = time.perf_counter()
    # as an installed package runs: bytecode written once and read after (the first runs
    # warm it), the ruleset disk cache in a folder of this run
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["HORIZON_BUILDER_CACHE_DIR"] = CACHE
    if kind == "first":  # a first start on the roster: no view kept from a last run
        for kept in Path(CACHE).glob("home-*.json"):
            kept.unlink()
        kind = "app"
    proc = subprocess.Popen([sys.executable, "-c", CHILD, kind, str(EXAMPLE)], cwd=tempfile.gettempdir(),
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    marks: dict[str, float] = {}
    for line in proc.stdout:
        marks[line.split()[0]] = (time.perf_counter() - started) * 1000
        if line.startswith("READY"):
            assert "rows=0" not in line and "totals=''" not in line, line  # the roster is shown
            marks["source " + line.split("source=")[1].split()[0]] = 1
        if ("LOADED" in marks and "READY" in marks) or (kind != "app" and "PAINTED" in marks):
            break
    proc.wait(timeout=30)
    if "PAINTED" not in marks:
        raise RuntimeError(f"{kind} app never painted: {proc.stderr.read()}")  # type: ignore[union-attr]
    return marks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--only", choices=("edits", "startup"), help="run one of the two benchmarks")
    parser.add_argument("--elements", type=int, default=200,
                        help="the roster's size for the edits (the heavy cavalry's elements, again"
                        " and again)")
    parser.add_argument("--pilot-keys", action="store_true",
                        help="press keys with Pilot.press (which also waits for every widget to"
                        " take a message) instead of as a terminal sends them")
    args = parser.parse_args()
    print(TIMED)

    with tempfile.TemporaryDirectory() as data:  # autosaves go here, never to the user's folder
        os.environ["HORIZON_BUILDER_DATA_DIR"] = data
        if args.only != "startup":
            bench_edit_report(args.repeats, args.pilot_keys, args.elements)
        if args.only != "edits":
            bench_startup_report(args.repeats)
    return 0


def bench_edit_report(repeats: int, pilot_keys: bool = False, elements: int = 200) -> None:
    print(f"(a) keystroke → painted frame, {elements}-element roster (ms, median of {repeats};"
          " target <= 16 ms)")
    print("    (wall clock, then the app's own CPU time to the same frame: the machine is shared)")
    print("    (keys sent " + ("with Pilot.press, which also waits for every widget to take a"
                            " message" if pilot_keys else "as a terminal sends them") + ")")
    for name, values in asyncio.run(bench_edits(repeats, pilot_keys, elements)).items():
        median = statistics.median(values)
        verdict = "met" if median <= 16.0 else "MISSED"
        print(f"    {name:30} median {median:6.1f}  min {min(values):6.1f}  max {max(values):6.1f}"
              f"  target <= 16: {verdict}")


def bench_startup_report(repeats: int) -> None:
    print(f"(b) start-up, fresh process (ms, median of {repeats}, interleaved with a bare app)")
    for _ in range(2):  # warm the file cache, the bytecode and the ruleset cache
        startup_ms("bare")
        startup_ms("app")
    bare, runs, floor, first_runs = [], [], [], []
    for _ in range(repeats):  # interleaved, so a busy machine slows all alike
        bare.append(startup_ms("bare")["PAINTED"])
        runs.append(startup_ms("app"))
        floor.append(startup_ms("floor")["PAINTED"])
        first_runs.append(startup_ms("first"))
        startup_ms("app")  # keeps the view again for the next "app" run (not timed)
    painted = [r["PAINTED"] for r in runs]
    ready = [r["READY"] for r in runs]
    loaded = [r["LOADED"] for r in runs]
    kept = sum(1 for r in runs if "source kept" in r)
    bare_median = statistics.median(bare)
    print(f"    {'bare Textual app (Header, Static, Footer)':44} {bare_median:6.0f}"
          f"  (min {min(bare):.0f}, max {max(bare):.0f})")
    least = statistics.median(floor)
    print(f"    {'bare app, one pydantic model validated first':44} {least:6.0f}"
          f"  (min {min(floor):.0f}, max {max(floor):.0f})  {least / bare_median:.2f}× bare"
          "  (a first start in one process, at the least)")
    first = statistics.median(painted)
    print(f"    {'horizon-builder, first frame':44} {first:6.0f}"
          f"  (min {min(painted):.0f}, max {max(painted):.0f})  {first / bare_median:.2f}× bare")
    shown = statistics.median(ready)
    ratio = shown / bare_median
    print(f"    {'horizon-builder, roster shown':44} {shown:6.0f}"
          f"  (min {min(ready):.0f}, max {max(ready):.0f})  {ratio:.2f}× bare"
          f"  target <= 1.3×: {'met' if ratio <= 1.3 else 'MISSED'}")
    print(f"      (the roster and totals of the view kept from the last run in {kept} of"
          f" {len(runs)} runs: see tui/roster/homeview.py)")
    firsts = [r["READY"] for r in first_runs]
    first_shown = statistics.median(firsts)
    ratio = first_shown / bare_median
    second = sum(1 for r in first_runs if "source kept" in r)
    print(f"    {'horizon-builder, roster shown, first start':44} {first_shown:6.0f}"
          f"  (min {min(firsts):.0f}, max {max(firsts):.0f})  {ratio:.2f}× bare"
          f"  target <= 1.3×: {'met' if ratio <= 1.3 else 'MISSED'}")
    print(f"      (no view kept: the view a second process worked out while Textual started in"
          f" {second} of {len(first_runs)} runs: see tui/roster/firstview.py)")
    session = statistics.median(loaded)
    print(f"    {'horizon-builder, session loaded and shown':44} {session:6.0f}"
          f"  (min {min(loaded):.0f}, max {max(loaded):.0f})  {session / bare_median:.2f}× bare")


if __name__ == "__main__":
    raise SystemExit(main())
