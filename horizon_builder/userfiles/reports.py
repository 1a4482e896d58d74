"""Failure reports: what went wrong in the app, kept as a small text file for a bug report.

When something the app does fails in a way nobody foresaw, the app keeps running and
says so; the details (the traceback and the versions of Python, of horizon-builder and
of the libraries it runs on) go to a report file in the ``logs`` folder of the user data
folder (``$HORIZON_BUILDER_DATA_DIR`` when set, so tests and CI never write to the real
home). Only the newest :data:`KEEP` reports are kept.

Plain file work: no UI, and nothing here uses what may have failed (the report is written
with ``open``, not with the atomic writes the roster files use).
"""

from __future__ import annotations

import contextlib
import os
import platform
import sys
import traceback
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

from horizon_builder import __version__
from horizon_builder.userfiles.autosave import data_dir

#: How many reports are kept (the newest).
KEEP = 5
#: A report file's name: ``failure-<UTC time>.txt`` (the names sort as the times do).
PREFIX, SUFFIX = "failure-", ".txt"
#: The distributions a report names, beside Python and horizon-builder.
LIBRARIES = ("textual", "rich", "pydantic", "tomlkit", "platformdirs")


def reports_dir() -> Path:
    """Where the reports are: ``logs`` in the user data folder."""
    return data_dir() / "logs"


def versions() -> dict[str, str]:
    """Python's, horizon-builder's and each library's version, and the platform."""
    found = {"python": platform.python_version(), "horizon-builder": __version__}
    for name in LIBRARIES:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    found["platform"] = platform.platform()
    found["executable"] = sys.executable
    return found


def one_line(error: BaseException) -> str:
    """The error in one line: its type and the first line of its message, cut at 200."""
    message = str(error).strip().splitlines()[0] if str(error).strip() else ""
    if len(message) > 200:
        message = message[:199] + "…"
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def report_text(what: str, details: BaseException | str, now: datetime | None = None) -> str:
    """The report: what failed, when, the versions, then the traceback (or the text given)."""
    when = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    lines = ["horizon-builder failure report", "", f"what failed: {what}", f"when: {when}"]
    if isinstance(details, BaseException):
        lines.append(f"error: {one_line(details)}")
    lines += ["", "versions:"]
    lines += [f"  {name}: {value}" for name, value in versions().items()]
    lines += ["", "traceback:" if isinstance(details, BaseException) else "details:"]
    if isinstance(details, BaseException):
        lines.append("".join(traceback.format_exception(details)).rstrip())
    else:
        lines.append(details.rstrip())
    return "\n".join(lines) + "\n"


def write_report(what: str, details: BaseException | str, *, folder: Path | None = None,
                 now: datetime | None = None, keep: int = KEEP) -> Path:
    """Write a report of ``what`` failed (``details``: the error, or text such as a
    traceback already rendered) as a new file, and remove the oldest beyond ``keep``.
    Returns its path; ``OSError`` when it cannot be written."""
    folder = folder if folder is not None else reports_dir()
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    moment = now or datetime.now(UTC)
    stem = f"{PREFIX}{moment.strftime('%Y%m%d-%H%M%S-%f')}"
    text = report_text(what, details, moment)
    for number in range(1, 100):
        path = folder / (f"{stem}{SUFFIX}" if number == 1 else f"{stem}-{number}{SUFFIX}")
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        with os.fdopen(descriptor, "w", encoding="utf-8", errors="backslashreplace") as file:
            file.write(text)
        prune(folder, keep)
        return path
    raise FileExistsError(f"{folder}: no free name for a report")


def reports(folder: Path | None = None) -> list[Path]:
    """The report files, oldest first."""
    folder = folder if folder is not None else reports_dir()
    try:
        return sorted(path for path in folder.glob(f"{PREFIX}*{SUFFIX}") if path.is_file())
    except OSError:
        return []


def prune(folder: Path, keep: int = KEEP) -> None:
    """Remove all but the newest ``keep`` reports (one that cannot be removed stays)."""
    for old in reports(folder)[:-keep] if keep > 0 else reports(folder):
        with contextlib.suppress(OSError):
            old.unlink()
