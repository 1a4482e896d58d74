"""What undo takes back, kept between runs: for each campaign file, the changes the service
wrote to it, newest last, each with the file's text as it was before (written back as it
was, comments and all) and the digest of the file just after. ``campaign undo`` on the
command line and u on the Campaign screen take back the newest one, and only while the file
is still as that change left it.

The journal is the app's own business, not the player's: it lives in the user data folder
(``campaigns/``, one JSON file per campaign file, named by a digest of its full path), never
beside the campaign. Moving the campaign file leaves nothing to undo; a journal that cannot
be read or written is no journal (the change itself is made and written all the same).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

from horizon_builder.campaign.models import Campaign

#: the changes kept to take back, newest last
KEEP = 50


@dataclass(frozen=True)
class Entry:
    said: str  #: what the change said it did
    before: str  #: the file's text before it
    after: str  #: the digest of the file's text just after it

    def campaign(self) -> Campaign | None:
        """The campaign before the change (None: the entry cannot be read)."""
        try:
            return Campaign.model_validate(tomllib.loads(self.before))
        except ValueError:  # (TOMLDecodeError and pydantic's ValidationError are ValueErrors)
            return None


def journal_path(campaign_path: Path) -> Path:
    from horizon_builder.userfiles.autosave import data_dir

    key = hashlib.sha256(str(campaign_path.resolve()).encode("utf-8", "surrogateescape"))
    return data_dir() / "campaigns" / f"{key.hexdigest()[:24]}.json"


def read(campaign_path: Path) -> list[Entry]:
    """The changes to take back, newest last (none when there is no readable journal)."""
    try:
        data = json.loads(journal_path(campaign_path).read_text(encoding="utf-8"))
        return [Entry(str(e["said"]), str(e["before"]), str(e["after"]))
                for e in data["changes"]][-KEEP:]
    except (OSError, ValueError, KeyError, TypeError):
        return []


def write(campaign_path: Path, entries: list[Entry]) -> None:
    """Keep these changes (the newest :data:`KEEP`); nothing when the folder cannot be
    written."""
    from horizon_builder.files.tomlfile import write_text_atomic

    path = journal_path(campaign_path)
    if not entries:
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)
        return
    text = json.dumps({"campaign": str(campaign_path.resolve()), "changes": [
        {"said": e.said, "before": e.before, "after": e.after} for e in entries[-KEEP:]]})
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, text)
