"""The merged ruleset kept on disk between processes (issue 13): what is read back is the
very ruleset a fresh load makes, a damaged or foreign file is ignored, errors never stored."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from horizon_builder.files.problems import LoadError
from horizon_builder.rules import diskcache, loader


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HORIZON_BUILDER_CACHE_DIR", str(tmp_path))
    loader._load_cached.cache_clear()
    yield tmp_path
    loader._load_cached.cache_clear()


def test_a_stored_ruleset_is_the_loaded_one(cache):
    fresh = loader.load_ruleset()
    stored = list(cache.glob("ruleset-*.json"))
    assert len(stored) == 1
    loader._load_cached.cache_clear()
    again = loader.load_ruleset()
    assert again == fresh


def test_another_process_reads_it_back(cache, tmp_path):
    loader.load_ruleset()
    # the other process imports the package this one did (from a checkout's folder, ``-c``
    # would import the checkout's copy first, whose layers are other files)
    package_root = str(Path(loader.__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": package_root}
    code = ("from horizon_builder.rules import loader, diskcache\n"
            "calls = []\n"
            "real = loader._load\n"
            "loader._load = lambda *a, **k: calls.append(1) or real(*a, **k)\n"
            "loader.load_ruleset()\n"
            "print(len(calls))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=tmp_path, env=env)
    assert out.stdout.strip() == "0"


def test_a_damaged_file_is_loaded_afresh(cache):
    fresh = loader.load_ruleset()
    for path in cache.glob("ruleset-*.json"):
        path.write_bytes(b"not a ruleset")
    loader._load_cached.cache_clear()
    assert loader.load_ruleset() == fresh


def test_a_failed_load_is_not_stored(cache, tmp_path_factory):
    bad = tmp_path_factory.mktemp("rules") / "house.toml"
    bad.write_text("[element_types.mech]\npool = 'lots'\n", encoding="utf-8")
    before = set(cache.glob("ruleset-*.json"))
    with pytest.raises(LoadError):
        loader.load_ruleset([bad])
    assert set(cache.glob("ruleset-*.json")) == before


def test_no_folder_means_no_disk_cache(monkeypatch):
    monkeypatch.setenv("HORIZON_BUILDER_CACHE_DIR", "")
    assert diskcache.cache_dir() is None
    assert diskcache.read(("anything",)) is None


@pytest.mark.parametrize("from_disk", [False, True])
def test_every_load_hands_out_a_copy_of_its_own(cache, from_disk):
    """Loaded afresh or read from disk, each load of the same files is an equal ruleset that
    no other load shares, down to its tables."""
    if from_disk:
        loader.load_ruleset()
        loader._load_cached.cache_clear()
    first, second, third = (loader.load_ruleset() for _ in range(3))
    assert first == second == third
    assert len({id(first), id(second), id(third)}) == 3
    assert len({id(r.element_types) for r in (first, second, third)}) == 3


# --- issue 36 item 5: data that cannot run code, and a bounded folder ---------------------

def test_a_pickle_in_the_cache_folder_is_never_loaded(cache, tmp_path_factory):
    """The cache was read with pickle: anyone who could write the folder ran code as the
    user. A pickle at the name the cache reads (or at the old name) runs nothing."""
    import pickle

    fresh = loader.load_ruleset()
    witness = tmp_path_factory.mktemp("witness") / "ran"

    class Payload:
        def __reduce__(self):  # what a planted pickle does when loaded
            return (os.system, (f"touch {witness}",))

    for path in cache.glob("ruleset-*.json"):
        path.write_bytes(pickle.dumps(Payload()))
        path.with_suffix(".pickle").write_bytes(pickle.dumps(Payload()))
    loader._load_cached.cache_clear()
    assert loader.load_ruleset() == fresh
    assert not witness.exists()


def test_the_folder_keeps_the_newest_rulesets_only(cache, tmp_path_factory):
    """A file per distinct rules content was never removed (180 MB after a fuzz run)."""
    folder = tmp_path_factory.mktemp("house")
    for number in range(diskcache.KEEP + 5):
        house = folder / f"house{number}.toml"
        house.write_text(f"[upgrades.agile_frame]\ncost = {number % 4}\n# {number}\n",
                         encoding="utf-8")
        loader.load_ruleset([house])
    stored = list(cache.glob("ruleset-*.json"))
    assert len(stored) == diskcache.KEEP
    assert max(p.stat().st_size for p in stored) < 1024 * 1024
