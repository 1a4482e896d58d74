"""MkDocs hooks for the user guide (mkdocs.yml): the pictures stay in ``screenshots/``.

The guide's pages link ``../screenshots/NAME`` so that they read right on a forge
(GitHub shows ``docs/*.md`` in place). For the built site the pictures are copied in
as ``screenshots/NAME`` and the links rewritten to match, so ``mkdocs build
--strict`` checks them like any other link. Local file, no network.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "screenshots"


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    for picture in sorted(SHOTS.glob("*")):
        if picture.suffix in (".svg", ".png"):
            files.append(File(f"screenshots/{picture.name}", str(ROOT), config["site_dir"],
                              config["use_directory_urls"]))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    depth = page.file.src_uri.count("/")
    return markdown.replace("](../screenshots/", "](" + "../" * depth + "screenshots/")
