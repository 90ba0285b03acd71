"""What a seat can do: the actions ``apply`` takes and ``legal_moves`` offers.

Every action carries ``player`` (the seat acting). Cards are given in notation or as
:class:`~spite_rules.cards.Card` objects; announcements are the words said with the play.

>>> Play(2, "7♠ 7♦", direction="lower")
Play(player=2, cards=(Card('7♦'), Card('7♠')), buy_back=None, direction=<Direction.LOWER: 'lower'>, come_at_me=False, unbeatable=False, face_down=False, earned=False)
>>> Pass(1)
Pass(player=1)
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from spite_rules.cards import Card, format_cards, parse_cards, sort_cards
from spite_rules.trick import Direction

__all__ = ["Action", "Play", "Pass", "to_cards"]


def to_cards(cards: str | Iterable[Card]) -> tuple[Card, ...]:
    """Cards from notation or Card objects, in game order (identical plays compare equal)."""
    if isinstance(cards, str):
        return sort_cards(parse_cards(cards))
    return sort_cards(cards)


def _to_direction(value: Direction | str | None) -> Direction | None:
    if value is None or isinstance(value, Direction):
        return value
    return Direction(value.lower())


@attrs.frozen
class Play:
    """Play cards into the trick, with what is announced.

    - ``buy_back``: the count announced to buy back into a trick after passing ("buy back X").
    - ``direction``: "higher" or "lower" announced with a hand of natural 7s.
    - ``come_at_me``: "come at me" announced with the play.
    - ``unbeatable``: "unbeatable" announced with a 2 under a suited-but-not-numerical consec.
    - ``face_down``: a fake joker played face-down (a reset).
    - ``earned``: the card is one earned in place of a fake joker (held apart from the hand).

    >>> Play(0, "~4♣", face_down=True).cards
    (Card('~4♣'),)
    """

    player: int
    cards: tuple[Card, ...] = attrs.field(converter=to_cards)
    buy_back: int | None = attrs.field(default=None, kw_only=True)
    direction: Direction | None = attrs.field(default=None, kw_only=True, converter=_to_direction)
    come_at_me: bool = attrs.field(default=False, kw_only=True)
    unbeatable: bool = attrs.field(default=False, kw_only=True)
    face_down: bool = attrs.field(default=False, kw_only=True)
    earned: bool = attrs.field(default=False, kw_only=True)

    def __str__(self) -> str:
        words = [f"seat {self.player}:"]
        if self.buy_back is not None:
            words.append(f"buy back {self.buy_back},")
        words.append("face-down fake joker" if self.face_down else format_cards(self.cards))
        if self.earned:
            words.append("(earned card)")
        if self.direction is not None:
            words.append(f'"{self.direction.value}"')
        if self.unbeatable:
            words.append('"unbeatable"')
        if self.come_at_me:
            words.append('"come at me"')
        return " ".join(words)


@attrs.frozen
class Pass:
    """Pass: drop out of the trick until buying back (seed 000, "Playing Tricks")."""

    player: int

    def __str__(self) -> str:
        return f"seat {self.player}: pass"


Action = Play | Pass
