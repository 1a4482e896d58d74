"""Open in browser's temporary pages (issue 33 item 11): removed when the app quits, however
it quits, and never before a browser had the time to read a page just opened."""

from __future__ import annotations

from pathlib import Path

from horizon_builder.userfiles.pages import PREFIX, TempPages


class Clock:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def test_pages_are_removed_with_their_folders_after_the_browser_had_its_time() -> None:
    clock = Clock()
    pages = TempPages(grace=2.0, clock=clock, sleep=clock.sleep)
    first = pages.write("list.html", "<html>1</html>")
    clock.now += 5  # read long ago
    second = pages.write("list.html", "<html>2</html>")
    clock.now += 0.5  # written just before the app quits
    assert first.read_text(encoding="utf-8") == "<html>1</html>" and first.parent != second.parent
    assert first.parent.name.startswith(PREFIX)
    pages.remove_all()
    assert clock.slept == [1.5]  # the rest of the newest page's time, once
    assert not first.parent.exists() and not second.parent.exists()
    assert pages.folders == []
    pages.remove_all()  # twice (the hang-up's timer and the app's own leaving): harmless
    assert clock.slept == [1.5]


def test_an_old_page_is_removed_at_once_and_a_hang_up_does_not_wait(tmp_path: Path) -> None:
    clock = Clock()
    pages = TempPages(grace=2.0, clock=clock, sleep=clock.sleep)
    old = pages.write("a.html", "a")
    clock.now += 2.0
    pages.remove_all()
    assert clock.slept == [] and not old.exists()
    fresh = pages.write("b.html", "b")
    pages.remove_all(wait=False)
    assert clock.slept == [] and not fresh.parent.exists()


def test_a_hang_up_that_ends_the_process_at_once_removes_the_pages_first(monkeypatch) -> None:
    """After a hang-up the process may end by ``os._exit`` (leaving stalled, or nothing was
    loaded): Python's own clean-up does not run there, so the pages are removed before."""
    import os

    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.tui.sharing import recovery

    app = HorizonApp(None)
    page = app.browser_pages.write("list.html", "<html></html>")
    ended: list[int] = []
    monkeypatch.setattr(os, "_exit", ended.append)
    recovery.end_now(app, 129)
    assert ended == [129] and not page.parent.exists()
