"""Open in browser's temporary pages (issue 33 item 11): removed when the app quits, however
it quits, and never before a browser had the time to read a page just opened; a run killed
outright leaves them, and the next start sweeps them (never a live run's, never through a
link, never outside their folder)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

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


# --- a killed run's pages, swept at the next start (issue 33 item 11) -------------------------

#: A run that writes a page and waits (to be killed outright, or left running).
WRITER = """
import sys, time
from horizon_builder.userfiles.pages import TempPages
print(TempPages().write("list.html", "<html></html>"), flush=True)
time.sleep(120)
"""


def _writer(tmp: Path):
    import os
    import subprocess
    import sys

    process = subprocess.Popen([sys.executable, "-c", WRITER], stdout=subprocess.PIPE,
                               text=True, env={**os.environ, "TMPDIR": str(tmp)})
    assert process.stdout is not None
    return process, Path(process.stdout.readline().strip())


async def test_a_killed_runs_pages_are_swept_at_the_next_start(tmp_path: Path,
                                                                  monkeypatch) -> None:
    """A run killed outright (SIGKILL: no clean-up of its own) leaves its page; the next start
    of the app removes it, with its run's folder (the killed run not yet waited for by its
    parent: a zombie is no live run), and keeps the page of a run still alive (both runs
    real processes writing through TempPages into the system's temporary folder, here
    tmp_path)."""
    import tempfile
    import time

    from helpers_tui import until

    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.userfiles.pages import pages_parent, process_start

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    killed, dead_page = _writer(tmp_path)
    living, live_page = _writer(tmp_path)
    try:
        killed.kill()  # (not waited for: its exit status is kept, a zombie, until then)
        for _ in range(200):
            if process_start(killed.pid) is None:
                break
            time.sleep(0.05)
        assert dead_page.exists() and live_page.exists()
        assert dead_page.parent.parent.parent == live_page.parent.parent.parent == pages_parent()
        assert dead_page.parent.parent.name.startswith(f"{killed.pid}-")  # its run's folder
        app = HorizonApp(None)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: not dead_page.parent.parent.exists(), "swept")
            assert live_page.read_text(encoding="utf-8") == "<html></html>"
    finally:
        for process in (killed, living):
            process.kill()
            process.wait()
    assert live_page.exists()  # (killed too: the next start's)
    assert app.browser_pages.sweep_stale() == [live_page.parent.parent.name]
    assert not list(pages_parent().iterdir())


def _made_parent(tmp: Path) -> tuple[Path, Path]:
    """A parent of the pages made as the app makes it, and this run's folder in it."""
    parent = tmp / "pages"
    run = TempPages(parent=parent).run_folder()
    assert run is not None and run.parent == parent
    return parent, run


def test_the_sweep_never_follows_a_link_nor_leaves_its_folder(tmp_path: Path) -> None:
    """Links planted in the parent, named as a dead run's folder or not, and a link inside a
    dead run's folder: removed themselves, what they point to untouched. A parent that is
    itself a link is neither swept nor written in."""
    import os
    import time

    from horizon_builder.userfiles.pages import STALE_SECONDS, sweep

    outside = tmp_path / "outside"
    (outside / "folder").mkdir(parents=True)
    (outside / "folder" / "keep.html").write_text("keep", encoding="utf-8")
    (outside / "keep.txt").write_text("keep", encoding="utf-8")
    parent, run = _made_parent(tmp_path)
    (run / "page").mkdir()
    (parent / "999999999-1").symlink_to(outside / "folder")  # a dead run's name (pid > pid_max)
    (parent / "odd").symlink_to(outside / "keep.txt")
    old = time.time() - 2 * STALE_SECONDS
    os.utime(parent / "odd", (old, old), follow_symlinks=False)
    dead = parent / "999999998-5"
    dead.mkdir()
    (dead / "inside").symlink_to(outside)
    (parent / "fresh odd").mkdir()  # not a run's: kept until a day old

    removed = sweep(parent)
    assert sorted(removed) == ["999999998-5", "999999999-1", "odd"]
    assert sorted(p.name for p in parent.iterdir()) == sorted(["fresh odd", run.name])
    assert (run / "page").is_dir()  # this run's own
    assert (outside / "folder" / "keep.html").read_text(encoding="utf-8") == "keep"
    assert (outside / "keep.txt").read_text(encoding="utf-8") == "keep"

    target = tmp_path / "target"
    (target / "999999997-1").mkdir(parents=True)
    linked = tmp_path / "linked"
    linked.symlink_to(target)
    assert sweep(linked) == [] and (target / "999999997-1").is_dir()
    pages = TempPages(parent=linked)
    page = pages.write("list.html", "x")
    assert target not in page.parents and linked not in page.parents  # (its own folder)
    pages.remove_all(wait=False)
    assert not page.exists() and sorted(p.name for p in target.iterdir()) == ["999999997-1"]


_NAMES = st.one_of(
    st.from_regex(r"[0-9]{1,12}-[0-9]{0,22}", fullmatch=True),
    st.text(st.characters(blacklist_characters="/\x00", blacklist_categories=("Cs",)),
            min_size=1, max_size=30),
).filter(lambda name: name not in (".", "..") and len(name.encode("utf-8")) < 200)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_NAMES, st.sampled_from(["folder", "file", "link", "linking folder"]),
                          st.booleans()), max_size=8, unique_by=lambda e: e[0]))
def test_odd_names_in_the_parent_are_swept_without_a_traceback(
        entries: list[tuple[str, str, bool]]) -> None:
    """Whatever is in the parent (run-like names, names of any characters; folders, files,
    links; a day old or not): the sweep finishes, this run's folder stays, nothing outside
    the parent is touched, and what it says it removed is gone."""
    import os
    import tempfile
    import time

    from horizon_builder.userfiles.pages import STALE_SECONDS, sweep

    with tempfile.TemporaryDirectory() as tmp:
        outside = Path(tmp) / "outside"
        outside.mkdir()
        (outside / "keep.txt").write_text("keep", encoding="utf-8")
        parent, run = _made_parent(Path(tmp))
        for name, kind, old in entries:
            path = parent / name
            if os.path.lexists(path):
                continue  # (this run's own name)
            if kind == "folder":
                path.mkdir()
                (path / "page.html").write_text("x", encoding="utf-8")
            elif kind == "file":
                path.write_text("x", encoding="utf-8")
            elif kind == "link":
                path.symlink_to(outside)
            else:
                path.mkdir()
                (path / "out").symlink_to(outside)
            if old:
                when = time.time() - 2 * STALE_SECONDS
                os.utime(path, (when, when), follow_symlinks=False)
        removed = sweep(parent)
        assert run.is_dir()
        assert (outside / "keep.txt").read_text(encoding="utf-8") == "keep"
        assert all(not os.path.lexists(parent / name) for name in removed)
        assert sorted(p.name for p in outside.iterdir()) == ["keep.txt"]
