"""Type-to-filter as the command palette does it: Textual's fuzzy matcher (issue 36 item 9).

"mch" finds "Mech" and "hvy cav" finds "Heavy Cavalry": the letters typed, in order, not
necessarily side by side. Each list (Add element, the upgrades, the library) asks a
:class:`Finder` for a row's score, ranks the rows by it and shows the matched letters of
the name highlighted (:meth:`Finder.label`), never parsing the name as markup.

Textual's search tries every way the letters can fall in a name; a name holding one
letter many times (a stranger's list in the library) could make that a very long wait,
so past :data:`MAX_WAYS` ways the first way the letters fall is taken and scored instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.content import Content
from textual.fuzzy import Matcher

__all__ = ["HIGHLIGHT", "MAX_WAYS", "WORDS_SCORE", "Finder"]

#: How the matched letters of a name are shown (in a Rich Text: no theme variables).
HIGHLIGHT = "bold underline $accent"
RICH_HIGHLIGHT = "bold underline"
#: The most ways the typed letters may fall in one name before the first way is taken.
MAX_WAYS = 20_000
#: The score of a row found only by whole words of its longer text (below any fuzzy match).
WORDS_SCORE = 0.5

Match = tuple[float, Sequence[int]]


class Finder:
    """What was typed in a filter, as a fuzzy query (spaces collapsed; case ignored)."""

    def __init__(self, typed: str):
        self.query = " ".join(typed.split())
        self._matcher = Matcher(self.query)

    def __bool__(self) -> bool:
        return bool(self.query)

    def match(self, name: str, *more: str, words: str = "") -> Match:
        """(score, offsets into ``name``): 0 when neither the name nor any of ``more`` (an id,
        a short name, a file name) holds the typed letters in order, and not every typed word
        is in ``words`` (longer text, a summary or a verdict, where letters in order would
        find nearly anything: whole words only, ranked below every fuzzy match); offsets only
        when the name matched; the rank is the best of the fields. Anything matches an empty
        query (score 1, nothing highlighted)."""
        if not self.query:
            return 1.0, ()
        score, offsets = self._match(name)
        # the best field decides the rank ("lt cav" is a Lt Cav's short name exactly)
        score = max([score, *(self._match(other)[0] for other in more if other)])
        if score:
            return score, offsets
        if words:
            text = words.casefold()
            score = WORDS_SCORE if all(w in text for w in self.query.casefold().split()) else 0.0
        return score, ()

    def score(self, name: str, *more: str, words: str = "") -> float:
        return self.match(name, *more, words=words)[0]

    def label(self, name: str, offsets: Sequence[int], style: str = "") -> Content:
        """``name`` as plain Content (never markup) in ``style``, its matched letters highlighted."""
        content = Content.styled(name, style) if style else Content(name)
        for offset in offsets:
            if offset < len(name) and not name[offset].isspace():
                content = content.stylize(HIGHLIGHT, offset, offset + 1)
        return content

    def rich_label(self, name: str, offsets: Sequence[int], style: str = "") -> Text:
        """:meth:`label` as a Rich Text (a DataTable's cell), the matched letters bold and
        underlined."""
        text = Text(name, style=style)
        for offset in offsets:
            if offset < len(name) and not name[offset].isspace():
                text.stylize(RICH_HIGHLIGHT, offset, offset + 1)
        return text

    def _match(self, candidate: str) -> Match:
        search = self._matcher.fuzzy_search
        lowered, query = candidate.lower(), self.query.lower()
        if len(lowered) != len(candidate):  # a letter whose lower case is longer: no offsets
            return (1.0, ()) if _in_order(query, lowered) is not None else (0.0, ())
        if query not in lowered:
            ways = 1
            for letter in query:
                ways *= max(1, lowered.count(letter))
                if ways > MAX_WAYS:
                    offsets = _in_order(query, lowered)
                    return (search.score(lowered, offsets), offsets) if offsets else (0.0, ())
        return search.match(self.query, candidate)


def _in_order(query: str, candidate: str) -> list[int] | None:
    """The first place of each letter of ``query`` in ``candidate``, in order (None: not there)."""
    offsets, start = [], 0
    for letter in query:
        start = candidate.find(letter, start)
        if start < 0:
            return None
        offsets.append(start)
        start += 1
    return offsets
