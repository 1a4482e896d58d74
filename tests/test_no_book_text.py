"""Copyright: the project holds names, numbers and our own summaries, never the book's sentences.

Scans every text file we ship for runs of six words in a row that also occur
in Over the Horizon. Runs made only of element-type abbreviations or numbers
(eligibility lists, pool tables), and the few game-term phrases listed below
(rule and era names joined by "and"/"or"), are names and numbers, not sentences.
Skipped where the book's text is not on disk.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = Path("/work/shared/sources/over-the-horizon.txt")
RUN = 6
#: Term phrases, not sentences: rule names, era names, costs. Add to this only names.
TERM_PHRASES = (
    "chain of command and guide fire", "guide fire and chain of command",
    "a kaiju or a gun beast", "era 1 operation plantagenet the burning",
    "mk 1 and mk 2 drones", "in era iii the new colonial war", "for 1 cr or 1 stat point",
    "apocalypse weapon landing pad bracing mass", "i'll take the big one 17",
    "at the start of a turn", "until the end of the turn",
)
NAME_WORDS = {"lt", "mob", "hvy", "ab", "inf", "cav", "sf", "recon", "mech", "art", "armd",
              "and", "or", "points", "mk", "drones",
              # the disposition table's row names (OtH p.51)
              "air", "deep", "deployment", "other", "indirect", "fire", "from", "reserves"}
SCANNED = ("horizon_builder", "rulesets", "examples", "docs", "tests", "README.md")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("\u2019", "'"))


def _term_runs() -> set[tuple[str, ...]]:
    runs = set()
    for phrase in TERM_PHRASES:
        words = _words(phrase)
        runs.update(tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1))
    return runs


def _is_name_or_number_run(run: tuple[str, ...]) -> bool:
    return all(w.isdigit() or w in NAME_WORDS for w in run) or run in _TERMS


def _files() -> list[Path]:
    out: list[Path] = []
    for entry in SCANNED:
        path = ROOT / entry
        candidates = [path] if path.is_file() else path.rglob("*")
        out += [p for p in candidates
                if p.suffix in {".py", ".toml", ".md", ".tcss"} and p.name != Path(__file__).name]
    return out


_TERMS = _term_runs()


@pytest.mark.skipif(not BOOK.exists(), reason="book text not available")
def test_no_sentences_copied_from_the_book() -> None:
    """Names, numbers and own words only (HELPERS brief; RULES.md preamble: quote nothing)."""
    book = _words(BOOK.read_text(encoding="utf-8"))
    runs = {tuple(book[i:i + RUN]) for i in range(len(book) - RUN + 1)}
    copied = []
    for path in _files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            words = _words(line)
            for i in range(len(words) - RUN + 1):
                run = tuple(words[i:i + RUN])
                if run in runs and not _is_name_or_number_run(run):
                    copied.append(f"{path.relative_to(ROOT)}:{number}: {' '.join(run)}")
                    break
    assert not copied, "text copied from the book:\n" + "\n".join(copied)
