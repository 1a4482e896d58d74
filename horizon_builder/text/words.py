"""Counts and articles as a player reads them: "1 round", "2 rounds", "an Airship", "a P3 Mech".

One helper for every message, report, export and screen that builds such words, so a
count never says "1 rounds" and a name never reads "a Airship".
"""

from __future__ import annotations

#: Words whose plural is not the word with an "s" (nor "es"): as the rules name them.
_IRREGULAR = {"aircraft": "aircraft", "infantry": "infantry", "kaiju": "kaiju",
              "gribbly": "gribblies", "gun-beast": "gun-beasts", "battery": "batteries",
              "superheavy": "superheavies", "CR": "CR", "FC": "FC", "FP": "FP"}
#: Initial letters read with a vowel sound when a word is said letter by letter ("an SF").
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")
#: Words that start with a vowel letter but not a vowel sound, and the other way round.
_CONSONANT_SOUND = ("uni", "use", "usu", "uti", "eu", "one", "once")
_VOWEL_SOUND = ("hour", "honour", "honest", "heir")


def plural_of(word: str) -> str:
    """"round" → "rounds", "gribbly" → "gribblies", "aircraft" → "aircraft"; only the last
    word of a phrase changes ("stat point" → "stat points")."""
    head, _, last = word.rpartition(" ")
    lead = f"{head} " if head else ""
    if last in _IRREGULAR:
        return lead + _IRREGULAR[last]
    if last.lower() in _IRREGULAR:
        return lead + _IRREGULAR[last.lower()]
    if last.endswith(("s", "x", "ch", "sh")):
        return f"{lead}{last}es"
    if last.endswith("y") and len(last) > 1 and last[-2].lower() not in "aeiou":
        return f"{lead}{last[:-1]}ies"
    return f"{lead}{last}s"


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 error', '2 errors', '0 gribblies': a count with its word (``many``: the plural, when
    it is not the word's own)."""
    return f"{n} {word}" if n == 1 else f"{n} {many or noun(n, word)}"


def noun(n: int, word: str) -> str:
    """The word alone, as a count of ``n`` takes it: "space" for 1, "spaces" otherwise."""
    return word if n == 1 else plural_of(word)


def article(word: str) -> str:
    """'a' or 'an' before ``word``, by how it is said: "an Airship", "a Mech", "an SF team",
    "a P3 Mech" (a letter and digits read as the letter: "a P3", "an F2"), "a unit"."""
    text = word.strip()
    if not text:
        return "a"
    first = text.split()[0].strip("\"'(")
    if not first:
        return "a"
    letters = first.rstrip("0123456789+-")
    if first[0].isdigit():
        return "an" if first.startswith("8") or first in ("11", "18") else "a"
    if len(letters) <= 1 or (letters.isupper() and len(letters) <= 4):  # said letter by letter
        return "an" if letters[:1].upper() in _VOWEL_LETTERS else "a"
    lower = first.lower()
    if lower.startswith(_VOWEL_SOUND):
        return "an"
    if lower.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if lower[0] in "aeiou" else "a"


def with_article(word: str) -> str:
    """``word`` with its article: "an Airship", "a Light Cavalry"."""
    return f"{article(word)} {word}"


#: The minus sign of figures shown to a player (U+2212), never a hyphen before a number.
MINUS = "\u2212"


def signed(n: int) -> str:
    """A change as a player reads it: "+2", "−3" (the minus sign, once), "0"; never "−-2"."""
    if n > 0:
        return f"+{n}"
    return f"{MINUS}{-n}" if n < 0 else "0"


def verb(n: int, one: str, many: str) -> str:
    """The verb as ``n`` subjects take it: ``verb(1, "moves", "move")`` → "moves"."""
    return one if n == 1 else many
