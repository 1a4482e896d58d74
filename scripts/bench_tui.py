"""Measure how quick the app feels: edits on a 200-element roster, and start-up.

Run from the repository root::

    python scripts/bench_tui.py [--repeats N]

(a) keystroke → updated totals: with the app running headless (``run_test``)
    on a 200-element roster, press a key that edits the roster (duplicate,
    move, undo) and time until the header shows the new totals, until every
    widget of the home screen is updated, and until the next frame is written
    to the (headless) terminal; also until the app is idle again, which adds
    Pilot's own waiting (measured alone on an unbound key).
    Compared with one frame at 60 Hz (16.7 ms).
(b) start-up: time from launching a fresh Python process to the first screen
    being painted, for this app on an example roster and for a bare Textual
    app (header, label, footer), measured the same way (the app prints a
    marker after its first refresh); and for this app, until the roster is
    shown (opened right after the first paint). Reports the ratios against
    the 1.3× target.

Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FRAME_MS = 1000 / 60
EXAMPLE = ROOT / "examples" / "hvy-cav-battlegroup.toml"


# --- (a) edit → totals ----------------------------------------------------------------------
def big_session(count: int = 200):
    from horizon_builder.session import Session

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


async def bench_edits(repeats: int) -> dict[str, list[float]]:
    """Time from a key press to the first frame written after the edit was committed.

    Edits: a stat change (``+`` on a stat of the element editor), moving an element
    (``]``), duplicating one (``d``), deleting one (``y`` in the confirmation) and undo
    (``ctrl+z``). The frame is the one the app writes to its (headless) terminal after
    the session took the edit: what the player sees."""
    from horizon_builder.tui.app import HorizonApp

    results: dict[str, list[float]] = {}
    session = big_session()
    app = HorizonApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        home = app.screen_stack[0]
        marks: dict[str, float] = {}
        commit, undo, display = session.commit, session.undo, app._display

        def timed_commit(*args, **kwargs):  # type: ignore[no-untyped-def]
            marks.setdefault("committed", time.perf_counter())
            return commit(*args, **kwargs)

        def timed_undo() -> bool:
            marks.setdefault("committed", time.perf_counter())
            return undo()

        def timed_display(screen, renderable) -> None:  # type: ignore[no-untyped-def]
            display(screen, renderable)
            if renderable is not None and "committed" in marks:
                marks.setdefault("painted", time.perf_counter())

        session.commit = timed_commit  # type: ignore[method-assign]
        session.undo = timed_undo  # type: ignore[method-assign]
        app._display = timed_display  # type: ignore[method-assign]  # the frame is written out
        table = home.query_one("#elements")

        async def measure(name: str, key: str) -> None:
            marks.clear()
            started = time.perf_counter()
            await pilot.press(key)
            for _ in range(50):  # until the frame is out (press returns when idle)
                if "painted" in marks:
                    break
                await pilot.pause(0.01)
            assert "painted" in marks, f"{name}: no frame after the edit"
            results.setdefault(name, []).append((marks["painted"] - started) * 1000)
            await pilot.pause()

        for index in range(repeats):
            table.move_cursor(row=10 + 3 * index)
            await pilot.pause()
            await measure("move (])", "right_square_bracket")
            await measure("undo (ctrl+z)", "ctrl+z")
            await measure("duplicate (d)", "d")
            await pilot.press("delete")  # the confirmation opens
            await pilot.pause()
            await measure("delete (y to confirm)", "y")
            element_id = table.selected_element_id
            app.open_element_editor(element_id, focus_field="stats.M")
            await pilot.pause()
            await pilot.pause(0.05)
            await measure("stat change (+ in the editor)", "plus")
            await pilot.press("escape")
            await pilot.pause()
    return results


# --- (b) start-up --------------------------------------------------------------------------
CHILD = r'''
import sys, time
kind = sys.argv[1]
if kind == "bare":
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
    from pathlib import Path
    from horizon_builder.tui.app import HorizonApp

    class Timed(HorizonApp):
        def _open_initial(self):
            print("PAINTED", flush=True)  # the home screen is on the terminal
            super()._open_initial()
            self.call_after_refresh(self.ready)

        def ready(self):
            rows = self.screen_stack[0].query_one("#elements").row_count
            print(f"READY rows={rows}", flush=True)
            self.exit()

    app = Timed(Path(sys.argv[2]))
app.run(headless=True)
'''


def startup_ms(kind: str) -> dict[str, float]:
    """Milliseconds from process launch to each marker the child prints."""
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", CHILD, kind, str(EXAMPLE)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    marks: dict[str, float] = {}
    for line in proc.stdout:
        marks[line.split()[0]] = (time.perf_counter() - started) * 1000
        if line.startswith("READY") or (kind == "bare" and line.startswith("PAINTED")):
            break
    proc.wait(timeout=30)
    if "PAINTED" not in marks:
        raise RuntimeError(f"{kind} app never painted: {proc.stderr.read()}")  # type: ignore[union-attr]
    return marks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--only", choices=("edits", "startup"), help="run one of the two benchmarks")
    args = parser.parse_args()

    if args.only != "startup":
        bench_edit_report(args.repeats)
    if args.only != "edits":
        bench_startup_report(args.repeats)
    return 0


def bench_edit_report(repeats: int) -> None:
    print(f"(a) keystroke → painted frame, 200-element roster (ms, median of {repeats};"
          " target <= 16 ms)")
    for name, values in asyncio.run(bench_edits(repeats)).items():
        median = statistics.median(values)
        verdict = "met" if median <= 16.0 else "MISSED"
        print(f"    {name:30} median {median:6.1f}  min {min(values):6.1f}  max {max(values):6.1f}"
              f"  target <= 16: {verdict}")


def bench_startup_report(repeats: int) -> None:
    print(f"(b) start-up, fresh process (ms, median of {repeats})")
    startup_ms("bare")  # warm the file cache
    startup_ms("app")
    bare, runs = [], []
    for _ in range(repeats):  # interleaved, so a busy machine slows both alike
        bare.append(startup_ms("bare")["PAINTED"])
        runs.append(startup_ms("app"))
    painted = [r["PAINTED"] for r in runs]
    ready = [r["READY"] for r in runs]
    bare_median = statistics.median(bare)
    print(f"    {'bare Textual app, first paint':36} {bare_median:6.0f}"
          f"  (min {min(bare):.0f}, max {max(bare):.0f})")
    for label, values in (("horizon-builder, first paint", painted),
                          ("horizon-builder, roster shown", ready)):
        median = statistics.median(values)
        ratio = median / bare_median
        verdict = "within" if ratio <= 1.3 else "OVER"
        print(f"    {label:36} {median:6.0f}  (min {min(values):.0f}, max {max(values):.0f})"
              f"  {ratio:.2f}× bare ({verdict} the 1.3× target)")


if __name__ == "__main__":
    raise SystemExit(main())
