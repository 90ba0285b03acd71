"""The events a Spite and Malice turn makes at every action: its beginning, the draw, a play, a
pay-off card turned up, a discard or side move, and its end (issue 32, measured over random and
greedy games).

Layer: Spite and Malice: values — may import the core, the cards and the errors; never Spite.

Each is a :class:`~spite_rules.core.frozen.Frozen` value, compiled: a game makes them at every
turn, and an attrs class made from compiled code costs some 4,000 instructions more than a native
one (docs/performance.md, "The rare events as attrs classes"). To attrs, cattrs and JSON each is an
attrs class (:func:`~spite_rules.core.frozen.declare_fields`); :mod:`spite_rules.malice.events`
holds every event.

>>> TurnEnded(1, "discard")
TurnEnded(player=1, how='discard')
"""

from __future__ import annotations

import functools

from spite_rules.cards import Card
from spite_rules.core.frozen import Frozen, declare_fields
from spite_rules.malice.actions import Origin

__all__ = ["TurnBegan", "Drew", "Played", "PayoffTurnedUp", "Discarded", "SideCardMoved", "TurnEnded"]


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

    def __init__(self, player: int, card: Card, centre: int, stands_for: int, origin: Origin = Origin.HAND,
                 side: int | None = None, owner: int | None = None, forced: str = "") -> None:  # fmt: skip
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


class TurnEnded(Frozen):
    """``player``'s turn ended: ``how`` is ``"discard"``, ``"side move"``, ``"end"`` or ``"pass"``
    (ended without moving a card)."""

    player: int
    how: str

    def __init__(self, player: int, how: str) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "how", how)


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
_declare(TurnEnded, ("player", int), ("how", str))
