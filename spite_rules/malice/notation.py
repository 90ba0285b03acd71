"""The text notation of Spite and Malice's actions read back: :func:`parse_action` (``str(action)``
writes it; :mod:`spite_rules.malice.actions` describes it).

Layer: Spite and Malice: values — may import the core, the cards and the errors; never Spite.
Interpreted (the public reader keeps its docstring and signature), beside the compiled actions.

>>> from spite_rules.malice.deal import setup
>>> parse_action(setup(payoff=["5♠", "6♠"], hands=["A♥ 7♣", ""]), "end turn")
EndTurn(player=0)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from spite_rules.cards import Card, parse_card
from spite_rules.core.fields import MAX_DIGITS
from spite_rules.errors import IllegalAction, NotationError, shown
from spite_rules.malice.actions import (
    Action,
    Discard,
    EndTurn,
    Load,
    MoveSide,
    Origin,
    PlaceForced,
    Play,
    Substitute,
)

if TYPE_CHECKING:
    from spite_rules.malice.state import State

__all__ = ["parse_action"]

#: The words that name the places a card is taken from, in the notation.
_PLACES = "hand, pay-off, side <n>, seat <s>'s hand, seat <s>'s pay-off or seat <s>'s side <n>"
#: Each word naming a place a card is taken from (its own seat's or, after ``seat <s>'s``, another's).
_ORIGINS = {"hand": Origin.HAND, "pay-off": Origin.PAYOFF, "payoff": Origin.PAYOFF, "side": Origin.SIDE}


#: A whole number in the notation: as many digits as an action's field may hold (reading any
#: number an action can write, and none so long that Python could not make it an int).
_NUMBER: Final = rf"-?\d{{1,{MAX_DIGITS}}}"


class _Reader:
    """The words of an action's text, read one at a time; a word that does not fit raises
    NotationError naming it (and the whole text)."""

    def __init__(self, text: str, words: list[str]) -> None:
        self.text = text
        self.words = words
        self.at = 0

    def peek(self) -> str | None:
        return self.words[self.at].lower() if self.at < len(self.words) else None

    def fail(self, expected: str) -> NotationError:
        found = f"{self.words[self.at]!r}" if self.at < len(self.words) else "the end of the text"
        return NotationError(f"{self.text!r}: expected {expected}, not {found}")

    def word(self, *expected: str) -> str:
        found = self.peek()
        if found not in expected:
            raise self.fail(" or ".join(repr(word) for word in expected))
        self.at += 1
        return found

    def card(self) -> Card:
        if self.peek() is None:
            raise self.fail("a card")
        self.at += 1
        return parse_card(self.words[self.at - 1])

    def number(self, what: str, suffix: str = "") -> int:
        """A whole number (``suffix`` after it, as in ``seat 1's``): written as it is counted, so a
        stack ``<n>`` is index ``n - 1``; whether it exists is for the rules to say."""
        found = self.peek()
        if found is None or not found.endswith(suffix) or not re.fullmatch(_NUMBER, found[:len(found) - len(suffix)]):
            raise self.fail(f"{what} number" + (f" with {suffix!r}" if suffix else ""))
        self.at += 1
        return int(found[:len(found) - len(suffix)])

    def source(self) -> tuple[Origin, int | None, int | None]:
        """``hand``, ``pay-off``, ``side <n>`` or one of those after ``seat <s>'s``. Any other place
        is refused naming clause ``malice.sources.origin`` (seed 003: "The card played may come from
        your hand, from the top of one of your side stacks, or from the top of your pay-off pile")."""
        owner = None
        if self.peek() == "seat":
            self.at += 1
            owner = self.number("a seat", "'s")
        found = self.peek()
        origin = _ORIGINS.get(found) if found is not None else None
        if origin is None:
            raise NotationError(
                f"{self.text!r}: {self.words[self.at] if found else 'nothing'!r} is not a place a card is "
                f"taken from: {_PLACES} [malice.sources.origin]"
            )
        self.at += 1
        if origin is not Origin.SIDE or self.peek() in ("to", "for", None):
            return origin, None, owner
        return origin, self.number("a side stack") - 1, owner

    def done(self) -> None:
        if self.at < len(self.words):
            raise NotationError(f"{self.text!r}: {self.words[self.at]!r} is more than the action says")


def _read_to_centre(kind: type[Play | Substitute], joiner: str, player: int,
                    read: _Reader) -> Play | Substitute:
    """``CARD from SOURCE <joiner> centre N``, the words of a play (``kind`` Play, "to") and of a
    substitution (Substitute, "for")."""
    card = read.card()
    read.word("from")
    origin, side, owner = read.source()
    read.word(joiner)
    read.word("centre", "center")
    return kind(player, card, read.number("a centre stack") - 1, origin=origin, side=side, owner=owner)


def _read_discard(player: int, read: _Reader) -> Discard:
    cards = []
    while read.peek() not in ("to", None):
        cards.append(read.card())
    read.word("to")
    read.word("side")
    return Discard(player, tuple(cards), read.number("a side stack") - 1)


def _read_move(player: int, read: _Reader) -> MoveSide:
    card = read.card()
    read.word("from")
    read.word("side")
    source = read.number("a side stack") - 1
    read.word("to")
    read.word("side")
    return MoveSide(player, card, source, read.number("a side stack") - 1)


def _read_load(player: int, read: _Reader) -> Load:
    card = read.card()
    read.word("from")
    origin = _ORIGINS[read.word(*_ORIGINS)]
    if origin is Origin.SIDE and read.peek() != "onto":
        read.number("a side stack")  # a load from a side stack is refused by the rules whichever
    read.word("onto")
    read.word("seat")
    target = read.number("a seat", "'s")
    read.word("pay-off", "payoff")
    return Load(player, card, target, origin=origin)


def _read_place(player: int, read: _Reader) -> PlaceForced:
    card = read.card()
    read.word("on")
    read.word("centre", "center")
    return PlaceForced(player, card, read.number("a centre stack") - 1)


def _read_end(player: int, read: _Reader) -> EndTurn:
    if read.words[read.at - 1].lower() == "end" and read.peek() == "turn":
        read.at += 1
    elif read.words[read.at - 1].lower() == "do":
        read.word("nothing")
    return EndTurn(player)


_VERBS: dict[str, Callable[[int, _Reader], Action]] = {
    "play": functools.partial(_read_to_centre, Play, "to"),
    "discard": _read_discard,
    "move": _read_move,
    "swap": functools.partial(_read_to_centre, Substitute, "for"),
    "load": _read_load,
    "place": _read_place,
    "end": _read_end,
    "pass": _read_end,
    "do": _read_end,
}


def parse_action(state: State, text: str) -> Action:
    """Read an action in the notation ``str(action)`` writes (every action value reads back as
    itself); the seat is ``state.to_act`` unless the text starts with ``seat N:``. Text that is not
    the notation raises NotationError naming the word at fault; a well-written action the rules
    forbid (a seat or a stack that does not exist, a load from a side stack) is read, and ``apply``
    refuses it naming the rule.

    >>> from spite_rules.malice.deal import setup
    >>> state = setup(payoff=["5♠", "6♠"], hands=["A♥ 7♣", ""])
    >>> parse_action(state, "play A♥ from hand to centre 1")
    Play(player=0, card=Card('A♥'), centre=0, origin=<Origin.HAND: 'hand'>, side=None, owner=None)
    >>> parse_action(state, "seat 0: discard 7c to side 2")
    Discard(player=0, cards=(Card('7♣'),), side=1)
    >>> parse_action(state, "load 7♣ from side 1 onto seat 1's pay-off")
    Load(player=0, card=Card('7♣'), target=1, origin=<Origin.SIDE: 'side'>)
    >>> parse_action(state, "jump")
    Traceback (most recent call last):
    ...
    spite_rules.errors.NotationError: 'jump' is not an action: start with play, discard, move, swap, load, place or end turn
    >>> parse_action(state, "play A♥ from stock to centre 1")
    Traceback (most recent call last):
    ...
    spite_rules.errors.NotationError: 'play A♥ from stock to centre 1': 'stock' is not a place a card is taken from: hand, pay-off, side <n>, seat <s>'s hand, seat <s>'s pay-off or seat <s>'s side <n> [malice.sources.origin]
    """
    from spite_rules.malice.state import State

    if not isinstance(state, State):
        raise IllegalAction(f"state must be a Spite and Malice State, not {shown(state)}")
    if not isinstance(text, str):
        raise NotationError(f"text must be an action in notation (a string), not {shown(text)}")
    body = text.strip()
    player = state.to_act
    prefix = re.match(rf"seat\s+({_NUMBER})\s*:\s*", body, re.IGNORECASE)
    if prefix:
        player = int(prefix.group(1))
        body = body[prefix.end():]
    words = body.split()
    verb = _VERBS.get(words[0].lower()) if words else None
    if verb is None:
        raise NotationError(
            f"{words[0] if words else body!r} is not an action: start with play, discard, move, swap, "
            "load, place or end turn"
        )
    read = _Reader(body, words)
    read.at = 1
    action = verb(player, read)
    read.done()
    return action
