"""A small campaign built from the command line, as a club would: four commanders (Ben new,
+3), objectives named by hand, three games (OtH p.50)."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

from horizon_builder.cli.main import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LISTS = {"Ada": "hvy-cav-battlegroup", "Ben": "oth-weird", "Cy": "oth-datawar",
         "Di": "oth-biowar"}
GAMES = (
    ("Ada", "19", "5", "Ben", "14", "0", "--first-lost", "Warden", "--second-lost", "sf1,li1",
     "--first-secured", "Bridge", "--note", "The bridge at Kell held"),
    ("Di", "16", "8", "Cy", "16", "0", "--second-lost", "chq,hc1", "--first-lost", "k2",
     "--first-secured", "Relay station"),
    ("Ben", "14", "2", "Cy", "16", "-1", "--first-lost", "hi1", "--first-secured", "Bridge"),
)


def build_campaign(folder: Path, games: int = len(GAMES)) -> Path:
    """``folder/league.toml`` with the four lists next to it and the first ``games`` games."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, example in LISTS.items():
        shutil.copy(EXAMPLES / f"{example}.toml", folder / f"{name.lower()}.toml")
    league = folder / "league.toml"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["campaign", "new", str(league), "--name", "Harbour league"]) == 0
        league.write_text(league.read_text().replace(
            "objectives = {}", 'objectives = { Bridge = 1, "Relay station" = 2 }'))
        for name in LISTS:
            assert main(["campaign", "join", str(league), str(folder / f"{name.lower()}.toml"),
                         "--name", name, *(["--new"] if name == "Ben" else [])]) == 0
        for game in GAMES[:games]:
            assert main(["campaign", "record", str(league), *game]) == 0
    return league
