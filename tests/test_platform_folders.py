"""The app's folders the platform's own way (issue 36 item 8): cache, config and data from
platformdirs with no app author; autosaves from the old Windows folder moved once; an atomic
save makes its folder durable too."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pytest

from horizon_builder.files import resources, tomlfile
from horizon_builder.userfiles import autosave


def _windows_like(monkeypatch: pytest.MonkeyPatch, base: Path) -> None:
    """platformdirs as on Windows: with the app author unset it is the app's name again."""
    def folder(kind: str):
        def where(appname: str | None = None, appauthor: str | bool | None = None,
                  *args: object, **kwargs: object) -> str:
            author = appname if appauthor is None else appauthor
            parts = [base, kind] + ([str(author)] if author else []) + [str(appname)]
            return str(Path(*parts))
        return where

    monkeypatch.setattr(platformdirs, "user_data_dir", folder("data"))
    monkeypatch.setattr(platformdirs, "user_cache_dir", folder("cache"))


def test_the_cache_folder_comes_from_platformdirs(monkeypatch, tmp_path):
    """It was hand-rolled XDG (``~/.cache`` on Windows and macOS too)."""
    monkeypatch.delenv("HORIZON_BUILDER_CACHE_DIR", raising=False)
    _windows_like(monkeypatch, tmp_path)
    assert resources.cache_dir() == tmp_path / "cache" / "horizon-builder"
    monkeypatch.setenv("HORIZON_BUILDER_CACHE_DIR", "")
    assert resources.cache_dir() is None


def test_autosaves_in_the_old_windows_folder_are_moved_once(monkeypatch, tmp_path):
    """On Windows autosaves sat in horizon-builder\\horizon-builder (app author unset)."""
    monkeypatch.delenv(autosave.DATA_DIR_ENV, raising=False)
    monkeypatch.setattr(autosave, "_moved", [])
    _windows_like(monkeypatch, tmp_path)
    new = tmp_path / "data" / "horizon-builder"
    old = new / "horizon-builder"
    (old / "autosave").mkdir(parents=True)
    (old / "autosave" / "lancers.toml").write_text("kept = 1\n", encoding="utf-8")
    (new / "autosave").mkdir()
    (new / "autosave" / "both.toml").write_text("new = 1\n", encoding="utf-8")
    (old / "autosave" / "both.toml").write_text("old = 1\n", encoding="utf-8")
    assert autosave.data_dir() == new
    assert (new / "autosave" / "lancers.toml").read_text(encoding="utf-8") == "kept = 1\n"
    assert (new / "autosave" / "both.toml").read_text(encoding="utf-8") == "new = 1\n"
    assert (old / "autosave" / "both.toml").read_text(encoding="utf-8") == "old = 1\n"  # never lost
    assert not (old / "autosave" / "lancers.toml").exists()
    (old / "autosave" / "both.toml").unlink()
    autosave.move_old_data(old, new)  # what a later start would do: the old folder goes
    assert not old.exists()


def test_where_old_and_new_are_one_folder_nothing_moves(tmp_path):
    folder = tmp_path / "horizon-builder"
    (folder / "autosave").mkdir(parents=True)
    autosave.move_old_data(folder, folder)
    assert (folder / "autosave").is_dir()


@pytest.mark.skipif(os.name != "posix", reason="folders are fsynced where the platform allows")
def test_an_atomic_save_fsyncs_its_folder_after_the_rename(monkeypatch, tmp_path):
    synced: list[tuple[str, bool]] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        import stat

        synced.append((os.readlink(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd")
                       else "?", stat.S_ISDIR(os.fstat(fd).st_mode)))
        real(fd)

    monkeypatch.setattr(tomlfile.os, "fsync", fsync)
    target = tmp_path / "r.toml"
    tomlfile.write_text_atomic(target, "a = 1\n")
    assert target.read_text(encoding="utf-8") == "a = 1\n"
    assert synced[-1][1], synced  # the last fsync is of a folder
    assert synced[-1][0] in ("?", str(tmp_path))
