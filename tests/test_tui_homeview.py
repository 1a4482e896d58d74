"""The home view kept from the last run (issue 13): shown in the first frame of the next start
on the same roster when nothing it rests on changed, the same as the session's own view once
loaded, never shown when the roster, a rules file or the terminal size changed."""

from __future__ import annotations

from pathlib import Path

from helpers_tui import SIZE, copy_example, findings, home, table, totals, until

from horizon_builder.tui.app import HorizonApp


class Watched(HorizonApp):
    """Notes what the home screen showed in the frame that said the roster is on screen."""

    def __init__(self, path: Path, **kwargs: object) -> None:
        super().__init__(path, **kwargs)  # type: ignore[arg-type]
        self.seen: dict[str, object] = {}

    def roster_painted(self, source: str) -> None:
        self.seen = {"source": source, "loaded": self.loaded, **_view(self)}


def _view(app: HorizonApp) -> dict[str, object]:
    return {"rows": list(table(app)._rows), "totals": totals(app), "title": app.title,
            "sub_title": app.sub_title, "findings": list(findings(app).findings),
            "detail": home(app).detail_text, "tooltip": str(home(app).totals.tooltip)}


async def _run(path: Path, size: tuple[int, int] = SIZE, keys: tuple[str, ...] = ()
               ) -> tuple[dict[str, object], dict[str, object], int]:
    app = Watched(path)
    async with app.run_test(size=size) as pilot:
        if keys:  # pressed before the session is in (the first frame is out)
            assert not app.loaded
            await pilot.press(*keys)
        await until(pilot, lambda: app.loaded and app.seen, "the roster")
        await pilot.pause()
        return app.seen, _view(app), len(app.session.roster.elements)


async def test_second_start_shows_the_kept_view_first_and_the_same_once_loaded(tmp_path):
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    first, _, _ = await _run(path)
    assert first["source"] == "session"
    seen, settled, _ = await _run(path)
    assert seen["source"] == "kept" and seen["loaded"] is False
    assert seen["rows"], "the roster is on screen before the session is loaded"
    assert {k: v for k, v in seen.items() if k not in ("source", "loaded")} == settled


async def test_kept_view_not_used_once_the_roster_file_changed(tmp_path):
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    await _run(path)
    path.write_text(path.read_text(encoding="utf-8").replace("force_cost = 15", "force_cost = 16"),
                    encoding="utf-8")
    seen, settled, _ = await _run(path)
    assert seen["source"] == "session"
    assert "/16" in str(settled["totals"])


async def test_kept_view_not_used_after_a_rulebook_appears_or_at_another_size(tmp_path, monkeypatch):
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    await _run(path)
    seen, _, _ = await _run(path, size=(SIZE[0] + 10, SIZE[1]))
    assert seen["source"] == "session"
    from horizon_builder.rules.personal import personal_rules_path

    await _run(path)
    rulebook = personal_rules_path()
    rulebook.parent.mkdir(parents=True, exist_ok=True)
    rulebook.write_text("# my rulebook\n", encoding="utf-8")
    seen, _, _ = await _run(path)
    assert seen["source"] == "session"


async def test_key_pressed_while_the_kept_view_is_shown_acts_once_loaded(tmp_path):
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    _, _, count = await _run(path)
    seen, _, after = await _run(path, keys=("d",))
    assert seen["source"] == "kept"
    assert after == count + 1  # the copy was made, once the session was in
