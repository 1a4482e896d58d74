"""The element table after edits shows what a table built from scratch would (issue 13,
issue 44: Textual's public DataTable API only, no caches of its own).

After edits of every kind on the home screen, the table's rows equal rows built from the
report, its rows stand in the rows' order, and each row shows its own line.
"""

from __future__ import annotations

from pathlib import Path

from helpers_tui import SIZE, example, home, table, until
from textual.coordinate import Coordinate

from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.roster.element_table import ElementTable


async def test_table_after_edits_shows_the_report():
    app = HorizonApp(example("hvy-cav-battlegroup.toml"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded and table(app).row_count > 0, "the roster")
        t = table(app)
        keys = ["d", "right_square_bracket", "d", "ctrl+z", "down", "down", "left_square_bracket",
                "d", "delete", "y", "ctrl+z", "ctrl+y", "up", "delete", "y", "ctrl+z", "ctrl+z"]
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
            if app.screen is not home(app):
                continue  # a dialog is open
            report = app.session.report
            t._rows_by_info.clear()
            rows = t.build_rows(report)
            assert t.rows_shown == rows, f"rows after {key!r}"
            assert t.row_count == len(rows), f"row count after {key!r}"
            order = [t.coordinate_to_cell_key(Coordinate(i, 0)).row_key.value
                     for i in range(t.row_count)]
            assert order == [row.key for row in rows], f"row order after {key!r}"
            for index, row in enumerate(rows):
                assert t.get_row_at(index) == [t._make_line(row)], f"line of {row.key} after {key!r}"


KEYS = ["d", "right_square_bracket", "d", "ctrl+z", "delete", "y", "left_square_bracket",
        "ctrl+z", "ctrl+y", "end", "d", "delete", "y", "home", "ctrl+z"]


async def _screens_after_edits(monkeypatch, changed_lines_only: bool, data: Path) -> list[str]:
    from test_tui_terminal import big_session

    monkeypatch.setattr(ElementTable, "CHANGED_LINES_ONLY", changed_lines_only)
    monkeypatch.setenv("HORIZON_BUILDER_DATA_DIR", str(data))  # (no autosave of the other run)
    app = HorizonApp(session=big_session(40))
    shots = []
    async with app.run_test(size=(100, 30), notifications=False) as pilot:
        await until(pilot, lambda: app.loaded and table(app).row_count > 0, "the roster")
        table(app).move_cursor(row=3, animate=False)  # (edits in the window: no scrolling)
        for key in KEYS:
            await pilot.press(key)
            await pilot.pause()
            await pilot.pause()
            if app.screen is home(app):
                shots.append(app.export_screenshot())
    return shots


async def test_the_lines_a_change_repaints_show_as_the_whole_table_repainted(monkeypatch, tmp_path):
    """Repainting only the lines a change touched (``CHANGED_LINES_ONLY``, public API: an
    override of ``refresh``) shows what DataTable's own repaint of the whole table shows;
    without it the app edits as well."""
    repainted = await _screens_after_edits(monkeypatch, False, tmp_path / "whole")
    assert len(repainted) >= len(KEYS) - 2
    assert await _screens_after_edits(monkeypatch, True, tmp_path / "lines") == repainted
