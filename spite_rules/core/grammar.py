"""English for the narration of both games: a seat named "you" is spoken to in the second person
("you play 9♠", "your turn"), every other name in the third ("ann plays 9♠", "ann's turn"), and
counted nouns agree with their count ("1 card", "2 cards"). Game-neutral: Spite's and Spite and
Malice's narration (``narrate.py``), the terminal games and the web log all say it this way.

Layer: core — knows no game: may import only the cards and the errors.

>>> f"{subject('you', 'plays')} 9♠; {subject('ann', 'passes')}; {possessive('you')} turn"
'you play 9♠; ann passes; your turn'
>>> count(1, "penalty"), count(3, "fake joker"), f"as {article('A')}"
('1 penalty', '3 fake jokers', 'as an A')
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["YOU", "subject", "verb", "possessive", "count", "plural", "article", "give_sentences"]

#: The name that makes a seat the reader: the terminal games seat the person as "you".
YOU = "you"

#: Third-person verbs whose second person is not the verb less its -s or -es.
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}


def verb(who: str, third_person: str) -> str:
    """``third_person`` ("plays", "passes", "has") as ``who`` says it: unchanged for a named seat,
    the plain form for "you" ("play", "pass", "have"). Only the first word is a verb: "skips a turn",
    "LOSES THE ROUND" keep the rest, and upper case stays upper case.

    >>> [verb("you", word) for word in ("plays", "passes", "skips", "goes", "has", "is", "carries", "LOSES")]
    ['play', 'pass', 'skip', 'go', 'have', 'are', 'carry', 'LOSE']
    >>> verb("bob", "wins the trick"), verb("you", "wins the trick"), verb("you", "bought back")
    ('wins the trick', 'win the trick', 'bought back')
    """
    if who != YOU:
        return third_person
    word, space, rest = third_person.partition(" ")
    lower = word.lower()
    if lower in _IRREGULAR:
        plain = _IRREGULAR[lower]
    elif lower.endswith("ies") and len(lower) > 4:
        plain = lower[:-3] + "y"
    elif lower.endswith(("sses", "shes", "ches", "xes", "zes")):
        plain = lower[:-2]
    elif lower.endswith("s") and not lower.endswith("ss"):
        plain = lower[:-1]
    else:
        plain = lower  # not a present-tense third person ("bought", "may", "ran")
    if word.isupper():
        plain = plain.upper()
    return plain + space + rest


def subject(who: str, third_person: str) -> str:
    """``who`` and the verb phrase as ``who`` says it.

    >>> subject("you", "draws 3 cards"), subject("cy", "draws 3 cards")
    ('you draw 3 cards', 'cy draws 3 cards')
    """
    return f"{who} {verb(who, third_person)}"


def possessive(who: str) -> str:
    """``who``'s: "your" for "you".

    >>> possessive("you"), possessive("ann"), possessive("seat 2")
    ('your', "ann's", "seat 2's")
    """
    return "your" if who == YOU else f"{who}'s"


def plural(noun: str) -> str:
    """The plural of a noun of the narration ("card", "penalty", "fake joker", "turn").

    >>> plural("card"), plural("penalty"), plural("fake joker"), plural("pass")
    ('cards', 'penalties', 'fake jokers', 'passes')
    """
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "o", "u"):
        return noun[:-1] + "ies"
    if noun.endswith(("s", "sh", "ch", "x", "z")):
        return noun + "es"
    return noun + "s"


def count(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless the number is 1.

    >>> count(1, "card"), count(0, "card"), count(2, "penalty")
    ('1 card', '0 cards', '2 penalties')
    """
    return f"{number} {noun if number == 1 else plural(noun)}"


def article(word: str) -> str:
    """``word`` with "a" or "an" as it is read aloud: "an A", "an 8", "an 11", "a 7", "a K".

    >>> [article(word) for word in ("A", "8", "11", "7", "K", "ace", "Q")]
    ['an A', 'an 8', 'an 11', 'a 7', 'a K', 'an ace', 'a Q']
    """
    spoken_with_vowel = (
        word[:1] in ("A", "E", "F", "H", "I", "L", "M", "N", "O", "R", "S", "X", "8")
        if len(word) == 1
        else word[:1].lower() in "aeio8" or word in ("11", "18")
    )
    return f"{'an' if spoken_with_vowel else 'a'} {word}"


def give_sentences(events: Any, describe: Callable[[Any, Sequence[str]], str]) -> None:
    """Give every event class of the union ``events`` its ``str``: one sentence saying what happened,
    ``describe(event, ())`` with the seats named "seat N" (``repr`` stays the exact value). A game's
    narration calls it for its events: the events are values below the narration and never import it.

    >>> import spite_rules as sr
    >>> str(sr.TrickWon(2, 0))
    'seat 2 wins the trick; seat 0 leads'
    """
    for kind in typing.get_args(events):
        kind.__str__ = lambda event: describe(event, ())
