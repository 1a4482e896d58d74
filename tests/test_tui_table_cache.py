"""The element table's caches never show anything a fresh render would not (issue 13).

After edits of every kind on the home screen, the table's rows equal rows built from
scratch, and every visible line equals the line rendered with every cache dropped
(cells kept by content, lines by content and place, mouse meta laid over).
"""

from __future__ import annotations

from helpers_tui import SIZE, example, home, table, until

from horizon_builder.tui.app import HorizonApp


def _lines(app: HorizonApp) -> list[list[tuple[str, object]]]:
    t = table(app)
    return [[(seg.text, seg.style) for seg in t.render_line(y)] for y in range(t.size.height)]


def _fresh_lines(app: HorizonApp) -> list[list[tuple[str, object]]]:
    t = table(app)
    t._clear_caches()
    t._update_count += 1
    return _lines(app)


async def test_table_after_edits_renders_as_from_scratch():
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
            assert t._rows == t.build_rows(report), f"rows after {key!r}"
            order = [t._row_locations.get_key(i).value for i in range(t.row_count)]
            assert order == [row.key for row in t._rows], f"row order after {key!r}"
            assert _lines(app) == _fresh_lines(app), f"lines after {key!r}"
