"""The README and the user guide (docs/, issue 28 item 7) still work: every relative link
points to a file (and anchor) that exists, and every ``horizon-builder ...`` command line
they show parses with the CLI's own parser. Plain reading of the Markdown: no MkDocs needed."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from horizon_builder.cli.main import SUBCOMMANDS, _mistyped_command, build_parser

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
#: Shown on purpose as a mistake (docs/player.md: the CLI answers "did you mean check?").
SHOWN_AS_MISTAKES = {"horizon-builder chek"}
#: The app's own options (``horizon-builder [FILE] ...``, cli/main.py ``_main``).
APP_OPTIONS = {"--ruleset", "--event", "--tournament", "--no-personal-rules",
               "--campaign"}
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def _prose(text: str) -> str:
    return FENCE.sub("", text)


def _slug(heading: str) -> str:
    """The anchor GitHub (and MkDocs' toc) gives a heading: lower case, punctuation
    dropped, spaces to hyphens."""
    text = re.sub(r"<[^>]+>|`", "", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    for line in _prose(path.read_text(encoding="utf-8")).splitlines():
        if m := re.match(r"#{1,6} (.+)", line):
            slug, n = _slug(m.group(1)), 0
            while (slug if n == 0 else f"{slug}-{n}") in found:
                n += 1
            found.add(slug if n == 0 else f"{slug}-{n}")
    return found


def relative_links(path: Path) -> list[str]:
    text = _prose(path.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", "", text)
    return [t for t in re.findall(r"\]\(([^)\s]+)\)", text)
            if not re.match(r"[a-z]+:", t)]


def command_lines(path: Path) -> list[str]:
    """Lines of code blocks that start with ``horizon-builder`` (not an indented line of a
    sample's output), and inline code spans that are one."""
    text = path.read_text(encoding="utf-8")
    lines = [line for block in FENCE.findall(text) for line in block.splitlines()]
    lines += re.findall(r"`([^`\n]+)`", _prose(text))
    return [line.strip() for line in lines if line.startswith("horizon-builder ")]


def _command(line: str) -> list[str] | None:
    """The words of a command line; None for a synopsis (``[FILE]``, ``text|json``,
    ``FILE...``) or a description after two spaces."""
    left = re.split(r"\s{2,}", line, maxsplit=1)[0].split(" #", 1)[0].split(" > ", 1)[0]
    if any(mark in left for mark in ("[", "|", "...")):
        return None
    return shlex.split(left)[1:]


def test_the_guide_exists_and_the_readme_points_to_it():
    for page in ("index", "player", "organiser", "sharing", "files", "rules", "development"):
        assert (ROOT / "docs" / f"{page}.md").is_file(), page
        assert f"docs/{page}.md" in (ROOT / "README.md").read_text(encoding="utf-8"), page


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_points_to_a_file_and_anchor_that_exist(page: Path):
    links = relative_links(page)
    for link in links:
        target, _, anchor = link.partition("#")
        file = (page.parent / target).resolve() if target else page
        assert file.exists(), f"{page.name}: {link}: no such file"
        if anchor:
            assert file.suffix == ".md", f"{page.name}: {link}: an anchor in a non-page"
            assert anchor in anchors(file), f"{page.name}: {link}: no such heading"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_line_shown_parses(page: Path, capsys):
    for line in command_lines(page):
        words = _command(line)
        if words is None or line in SHOWN_AS_MISTAKES:
            continue
        if not words or words[0] in ("--version", "--help"):
            continue
        if words[0] in SUBCOMMANDS and len(words) == 1:
            continue  # a mention of the command in prose (`horizon-builder export` turns ...)
        if words[0] in SUBCOMMANDS:
            build_parser(words[0]).parse_args(words)  # exits 2 (fails the test) if wrong
            continue
        assert _mistyped_command(words[0]) is None, f"{page.name}: {line}"
        options = {w.split("=", 1)[0] for w in words if w.startswith("-")}
        assert options <= APP_OPTIONS, f"{page.name}: {line}: {options - APP_OPTIONS}"


def test_link_and_command_finders_see_what_they_should():
    """The finders are not vacuous: a broken link, a missing anchor, and a mistyped
    subcommand option would be caught."""
    player = ROOT / "docs" / "player.md"
    assert any(link.startswith("../screenshots/") for link in relative_links(player))
    assert "the-files-beside-a-roster-and-what-happens-when-one-is-bad" in anchors(ROOT / "docs" / "files.md")
    assert "horizon-builder completion bash > ~/.local/share/bash-completion/completions/horizon-builder" \
        in command_lines(player)
    shown = "horizon-builder event pair club.toml          # round 1"
    assert _command(shown) == ["event", "pair", "club.toml"]
    with pytest.raises(SystemExit):
        build_parser("export").parse_args(["export", "x.toml", "--format", "pdf"])


def test_the_code_points_users_to_guide_pages_that_exist():
    """Help texts and schema descriptions that send a user to the guide name a page that
    exists (the completion help: docs/player.md; an entrant's registered list: docs/rules.md)."""
    named = {m for path in (ROOT / "horizon_builder").rglob("*.py")
             for m in re.findall(r"docs/[\w/-]+\.md", path.read_text(encoding="utf-8"))}
    assert {"docs/player.md", "docs/rules.md"} <= named
    for page in named:
        assert (ROOT / page).is_file(), page
