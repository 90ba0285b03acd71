"""What happened in Spite and Malice: the events ``apply`` reports, in order, for a front-end to
animate and a rules lawyer to read. Automatic steps (drawing, turning up a pay-off card, clearing a
completed stack, reshuffling, forced plays) are events like any move.

Layer: Spite and Malice: values — may import the core, the cards and the errors; never Spite.

The events of every turn are imported from :mod:`spite_rules.malice.turn_events`; the rest, made
a few times a game or never, are frozen attrs classes.

>>> from spite_rules.cards import parse_card
>>> Played(0, parse_card("K♠"), centre=1, stands_for=7)
Played(player=0, card=Card('K♠'), centre=1, stands_for=7, origin=<Origin.HAND: 'hand'>, side=None, owner=None, forced='')
"""

# No ``from __future__ import annotations``: the attrs classes keep their fields' real types, which
# cattrs reads.
from typing import Union

import attrs

from spite_rules.cards import Card
from spite_rules.malice.actions import Origin
from spite_rules.malice.turn_events import (
    Discarded, Drew, PayoffTurnedUp, Played, SideCardMoved, TurnBegan, TurnEnded,
)  # fmt: skip

__all__ = [
    "Event",
    "TurnBegan",
    "Drew",
    "Played",
    "PayoffTurnedUp",
    "Discarded",
    "SideCardMoved",
    "Substituted",
    "Loaded",
    "StackCompleted",
    "StackSetAside",
    "StockShuffled",
    "ForcedPlayWaiting",
    "ObligationLapsed",
    "TurnEnded",
    "HandsRedealt",
    "FinalTurn",
    "GameOver",
]


@attrs.frozen
class Substituted:
    """``player`` put the real ``card`` on centre stack ``centre`` in place of ``wild``, which went
    back where ``card`` came from (seed 002)."""

    player: int
    card: Card
    centre: int
    wild: Card
    origin: Origin
    side: int | None = None
    owner: int | None = None


@attrs.frozen
class Loaded:
    """``player`` loaded ``card`` (from ``origin``) onto seat ``target``'s pay-off pile (seed 003)."""

    player: int
    card: Card
    target: int
    origin: Origin


@attrs.frozen
class StackCompleted:
    """Centre stack ``centre`` reached its last value (``cards`` bottom to top)."""

    centre: int
    cards: tuple[Card, ...]


@attrs.frozen
class StackSetAside:
    """Centre stack ``centre`` (``count`` cards) was set aside until the stock needs it, freeing
    its space."""

    centre: int
    count: int


@attrs.frozen
class StockShuffled:
    """The stock was shuffled: ``added`` cards joined it (a completed stack, the set-aside stacks,
    a stalemate's cards), making ``size``."""

    added: int
    size: int
    reason: str


@attrs.frozen
class ForcedPlayWaiting:
    """Seed 002: ``card`` from seat ``seat``'s play deck must be played at once and fits centre
    stacks ``choices``: the seat to act chooses."""

    seat: int
    card: Card
    choices: tuple[int, ...]


@attrs.frozen
class ObligationLapsed:
    """Seed 002: the turn ended with an obligation no visible card could meet any more (a wild on
    ``owed`` still uncovered, or ``exchange`` opponent's discards not repaid); ruling M24."""

    player: int
    owed: tuple[int, ...]
    exchange: int


@attrs.frozen
class HandsRedealt:
    """A book stalemate reshuffled everything but the pay-off piles and dealt new hands (``count``
    cards each)."""

    count: int


@attrs.frozen
class FinalTurn:
    """Seed 002: seat ``finisher`` emptied its play deck; ``player`` has one more turn."""

    player: int
    finisher: int


@attrs.frozen
class GameOver:
    """The game ended: ``winner`` (None for a draw), ``how``, the cards left in each pay-off pile,
    this game's points and the series' scores."""

    winner: int | None
    how: str
    payoff_left: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]


#: Every Spite and Malice event.
Event = Union[
    TurnBegan,
    Drew,
    Played,
    PayoffTurnedUp,
    Discarded,
    SideCardMoved,
    Substituted,
    Loaded,
    StackCompleted,
    StackSetAside,
    StockShuffled,
    ForcedPlayWaiting,
    ObligationLapsed,
    TurnEnded,
    HandsRedealt,
    FinalTurn,
    GameOver,
]
