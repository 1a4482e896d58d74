"""The roster files a command line names: a folder stands for every ``*.toml`` below it.

Kept apart from :mod:`horizon_builder.event.batch` (the organiser's table), which
``check`` of plain rosters does not need to import.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path


def list_files(paths: Iterable[str | Path]) -> list[Path]:
    """Each PATH; a folder stands for every ``*.toml`` below it (sorted, each once; a
    ``*.toml`` that is not a regular file is listed too, so that its reader says why)."""
    return [path for path, _shown in named_files(paths)]


def named_files(paths: Iterable[str | Path]) -> list[tuple[Path, str]]:
    """Each file with the name a table shows: relative to the folder it was found in."""
    out: list[tuple[Path, str]] = []
    seen: set[Path] = set()
    for name in paths:
        path = Path(name)
        if path.is_dir():
            # anything named *.toml but a folder: a link to nothing or a FIFO is reported by
            # the reader (which never blocks on a FIFO), not passed over in silence
            found = [(p, str(p.relative_to(path))) for p in sorted(path.rglob("*.toml"))
                     if not p.is_dir()]
        else:
            found = [(path, str(path))]
        for item in found:
            if item[0] not in seen:
                seen.add(item[0])
                out.append(item)
    return out
