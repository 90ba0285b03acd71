"""What happened in Spite and Malice: the events ``apply`` reports, in order, for a front-end to
animate and a rules lawyer to read. Automatic steps (drawing, turning up a pay-off card, clearing a
completed stack, reshuffling, forced plays) are events like any move.

Layer: Spite and Malice: values — may import the core, the cards and the errors; never Spite.
Compiled: every event is a ``core.frozen.Frozen`` value, an attrs value to the surfaces.

>>> from spite_rules.cards import parse_card
>>> Played(0, parse_card("K♠"), centre=1, stands_for=7)
Played(player=0, card=Card('K♠'), centre=1, stands_for=7, origin=<Origin.HAND: 'hand'>, side=None, owner=None, forced='')
"""

from __future__ import annotations

import functools
from typing import Union

from spite_rules.cards import Card
from spite_rules.core.frozen import Frozen, declare_fields
from spite_rules.malice.actions import Origin

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


class TurnBegan(Frozen):
    """``player``'s turn begins (before drawing to five)."""

    player: int

    def __init__(self, player: int) -> None:
        object.__setattr__(self, "player", player)


class Drew(Frozen):
    """``player`` drew ``count`` cards from the stock; ``cards`` are shown to the drawer only."""

    player: int
    count: int
    cards: tuple[Card, ...]

    def __init__(self, player: int, count: int, cards: tuple[Card, ...] = ()) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "cards", cards)


class Played(Frozen):
    """``card`` went onto centre stack ``centre`` standing for ``stands_for`` (a wild card's value is
    the place it fills); from ``origin`` of ``owner``'s piles (None: the player's own). ``forced``
    names the rule that played it without a choice ("" for a chosen play)."""

    player: int
    card: Card
    centre: int
    stands_for: int
    origin: Origin
    side: int | None
    owner: int | None
    forced: str

    def __init__(
        self,
        player: int,
        card: Card,
        centre: int,
        stands_for: int,
        origin: Origin = Origin.HAND,
        side: int | None = None,
        owner: int | None = None,
        forced: str = "",
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "centre", centre)
        object.__setattr__(self, "stands_for", stands_for)
        object.__setattr__(self, "origin", origin)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "forced", forced)


class PayoffTurnedUp(Frozen):
    """The next card of ``seat``'s pay-off pile is turned face up."""

    seat: int
    card: Card

    def __init__(self, seat: int, card: Card) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)


class Discarded(Frozen):
    """``player`` discarded ``cards`` onto side stack ``side``."""

    player: int
    cards: tuple[Card, ...]
    side: int

    def __init__(self, player: int, cards: tuple[Card, ...], side: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "side", side)


class SideCardMoved(Frozen):
    """``player`` moved ``card`` from side stack ``source`` to side stack ``side`` (seed 002)."""

    player: int
    card: Card
    source: int
    side: int

    def __init__(self, player: int, card: Card, source: int, side: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "side", side)


class Substituted(Frozen):
    """``player`` put the real ``card`` on centre stack ``centre`` in place of ``wild``, which went
    back where ``card`` came from (seed 002)."""

    player: int
    card: Card
    centre: int
    wild: Card
    origin: Origin
    side: int | None
    owner: int | None

    def __init__(
        self,
        player: int,
        card: Card,
        centre: int,
        wild: Card,
        origin: Origin,
        side: int | None = None,
        owner: int | None = None,
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "centre", centre)
        object.__setattr__(self, "wild", wild)
        object.__setattr__(self, "origin", origin)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "owner", owner)


class Loaded(Frozen):
    """``player`` loaded ``card`` (from ``origin``) onto seat ``target``'s pay-off pile (seed 003)."""

    player: int
    card: Card
    target: int
    origin: Origin

    def __init__(self, player: int, card: Card, target: int, origin: Origin) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "origin", origin)


class StackCompleted(Frozen):
    """Centre stack ``centre`` reached its last value (``cards`` bottom to top)."""

    centre: int
    cards: tuple[Card, ...]

    def __init__(self, centre: int, cards: tuple[Card, ...]) -> None:
        object.__setattr__(self, "centre", centre)
        object.__setattr__(self, "cards", cards)


class StackSetAside(Frozen):
    """Centre stack ``centre`` (``count`` cards) was set aside until the stock needs it, freeing
    its space."""

    centre: int
    count: int

    def __init__(self, centre: int, count: int) -> None:
        object.__setattr__(self, "centre", centre)
        object.__setattr__(self, "count", count)


class StockShuffled(Frozen):
    """The stock was shuffled: ``added`` cards joined it (a completed stack, the set-aside stacks,
    a stalemate's cards), making ``size``."""

    added: int
    size: int
    reason: str

    def __init__(self, added: int, size: int, reason: str) -> None:
        object.__setattr__(self, "added", added)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "reason", reason)


class ForcedPlayWaiting(Frozen):
    """Seed 002: ``card`` from seat ``seat``'s play deck must be played at once and fits centre
    stacks ``choices``: the seat to act chooses."""

    seat: int
    card: Card
    choices: tuple[int, ...]

    def __init__(self, seat: int, card: Card, choices: tuple[int, ...]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "choices", choices)


class ObligationLapsed(Frozen):
    """Seed 002: the turn ended with an obligation no visible card could meet any more (a wild on
    ``owed`` still uncovered, or ``exchange`` opponent's discards not repaid); ruling M24."""

    player: int
    owed: tuple[int, ...]
    exchange: int

    def __init__(self, player: int, owed: tuple[int, ...], exchange: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "owed", owed)
        object.__setattr__(self, "exchange", exchange)


class TurnEnded(Frozen):
    """``player``'s turn ended: ``how`` is ``"discard"``, ``"side move"``, ``"end"`` or ``"pass"``
    (ended without moving a card)."""

    player: int
    how: str

    def __init__(self, player: int, how: str) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "how", how)


class HandsRedealt(Frozen):
    """A book stalemate reshuffled everything but the pay-off piles and dealt new hands (``count``
    cards each)."""

    count: int

    def __init__(self, count: int) -> None:
        object.__setattr__(self, "count", count)


class FinalTurn(Frozen):
    """Seed 002: seat ``finisher`` emptied its play deck; ``player`` has one more turn."""

    player: int
    finisher: int

    def __init__(self, player: int, finisher: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "finisher", finisher)


class GameOver(Frozen):
    """The game ended: ``winner`` (None for a draw), ``how``, the cards left in each pay-off pile,
    this game's points and the series' scores."""

    winner: int | None
    how: str
    payoff_left: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]

    def __init__(
        self,
        winner: int | None,
        how: str,
        payoff_left: tuple[int, ...],
        points: tuple[int, ...],
        scores: tuple[int, ...],
    ) -> None:
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "how", how)
        object.__setattr__(self, "payoff_left", payoff_left)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "scores", scores)


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


#: Every event's ``__init__`` only stores its arguments (``declare_fields``' ``plain_init``).
_declare = functools.partial(declare_fields, plain_init=True)

_declare(TurnBegan, ("player", int))
_declare(Drew, ("player", int), ("count", int), ("cards", tuple[Card, ...], ()))
_declare(
    Played,
    ("player", int),
    ("card", Card),
    ("centre", int),
    ("stands_for", int),
    ("origin", Origin, Origin.HAND),
    ("side", int | None, None),
    ("owner", int | None, None),
    ("forced", str, ""),
)
_declare(PayoffTurnedUp, ("seat", int), ("card", Card))
_declare(Discarded, ("player", int), ("cards", tuple[Card, ...]), ("side", int))
_declare(SideCardMoved, ("player", int), ("card", Card), ("source", int), ("side", int))
_declare(
    Substituted,
    ("player", int),
    ("card", Card),
    ("centre", int),
    ("wild", Card),
    ("origin", Origin),
    ("side", int | None, None),
    ("owner", int | None, None),
)
_declare(Loaded, ("player", int), ("card", Card), ("target", int), ("origin", Origin))
_declare(StackCompleted, ("centre", int), ("cards", tuple[Card, ...]))
_declare(StackSetAside, ("centre", int), ("count", int))
_declare(StockShuffled, ("added", int), ("size", int), ("reason", str))
_declare(ForcedPlayWaiting, ("seat", int), ("card", Card), ("choices", tuple[int, ...]))
_declare(ObligationLapsed, ("player", int), ("owed", tuple[int, ...]), ("exchange", int))
_declare(TurnEnded, ("player", int), ("how", str))
_declare(HandsRedealt, ("count", int))
_declare(FinalTurn, ("player", int), ("finisher", int))
_declare(
    GameOver,
    ("winner", int | None),
    ("how", str),
    ("payoff_left", tuple[int, ...]),
    ("points", tuple[int, ...]),
    ("scores", tuple[int, ...]),
)
