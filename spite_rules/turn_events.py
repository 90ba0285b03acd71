"""The events a Spite turn makes at every action or every round: a play, a pass, a trick won, a
skipped turn, what a play set off (a direction changed, a consec, a buy-back, a seat out) and the
come-at-me's outcome and reward (issue 32, counted over random and greedy rounds).

Layer: Spite: values — may import the core, the cards and the errors.

Each is a :class:`~spite_rules.core.frozen.Frozen` value, compiled: a 4-seat round makes the
turn's by the dozen and what a play sets off two or three times each, and an attrs class made from
compiled code costs some 4,000 instructions more than a native one (docs/performance.md, "The rare
events as attrs classes"). To attrs, cattrs and JSON each is an attrs class
(:func:`~spite_rules.core.frozen.declare_fields`); :mod:`spite_rules.events` holds every event.

>>> TrickWon(2, 0)
TrickWon(player=2, next_leader=0)
"""

from __future__ import annotations

from typing import Final

from spite_rules.cards import Card
from spite_rules.core.frozen import Frozen, declare_fields
from spite_rules.vocabulary import ConsecKind, Direction

__all__ = [
    "Played", "Passed", "DirectionChanged", "ConsecInForce", "BoughtBack", "TurnSkipped", "TrickWon", "WentOut",
    "ComeAtMeWon", "ComeAtMeFailed", "RewardTaken",
]  # fmt: skip


class Played(Frozen):
    """A play that stands: ``description`` says what the hand is."""

    __match_args__: Final = ("player", "cards", "description", "face_down")

    player: int
    cards: tuple[Card, ...]
    description: str
    face_down: bool

    def __init__(self, player: int, cards: tuple[Card, ...], description: str, face_down: bool = False) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "description", description)
        object.__setattr__(self, "face_down", face_down)


class Passed(Frozen):
    """A seat passed."""

    __match_args__: Final = ("player",)

    player: int

    def __init__(self, player: int) -> None:
        object.__setattr__(self, "player", player)


class DirectionChanged(Frozen):
    """The direction changed; ``cause`` is ``sevens`` (announced), ``seven-on-seven`` or ``bounce``."""

    __match_args__: Final = ("direction", "cause")

    direction: Direction
    cause: str

    def __init__(self, direction: Direction, cause: str) -> None:
        object.__setattr__(self, "direction", direction)
        object.__setattr__(self, "cause", cause)


class ConsecInForce(Frozen):
    """A consec restriction came into force; ``detail`` says what it demands."""

    __match_args__: Final = ("kind", "detail")

    kind: ConsecKind
    detail: str

    def __init__(self, kind: ConsecKind, detail: str) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "detail", detail)


class BoughtBack(Frozen):
    """A seat bought back and picked up ``count`` cards after its play (``cards`` as drawn; a view
    for other seats hides them)."""

    __match_args__: Final = ("player", "count", "cards")

    player: int
    count: int
    cards: tuple[Card, ...]

    def __init__(self, player: int, count: int, cards: tuple[Card, ...]) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "cards", cards)


class TurnSkipped(Frozen):
    """A seat's turn was skipped to pay a misplay penalty; ``remaining`` skips are still owed."""

    __match_args__: Final = ("player", "remaining")

    player: int
    remaining: int

    def __init__(self, player: int, remaining: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "remaining", remaining)


class TrickWon(Frozen):
    """Everyone else passed: ``player`` wins the trick and ``next_leader`` leads the next."""

    __match_args__: Final = ("player", "next_leader")

    player: int
    next_leader: int | None

    def __init__(self, player: int, next_leader: int | None) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "next_leader", next_leader)


class WentOut(Frozen):
    """A seat played its last regular card; ``place`` counts from 1 (first out)."""

    __match_args__: Final = ("player", "place")

    player: int
    place: int

    def __init__(self, player: int, place: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "place", place)


class ComeAtMeWon(Frozen):
    """The come-at-me announcer won the trick: ``reward`` cards to view (a negative reward is
    applied as that many misplay penalties)."""

    __match_args__: Final = ("player", "reward")

    player: int
    reward: int

    def __init__(self, player: int, reward: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "reward", reward)


class ComeAtMeFailed(Frozen):
    """A come-at-me failed (or won with a joker hand): ``penalty`` misplay penalties."""

    __match_args__: Final = ("player", "penalty", "rule")

    player: int
    penalty: int
    rule: str

    def __init__(self, player: int, penalty: int, rule: str) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "penalty", penalty)
        object.__setattr__(self, "rule", rule)


class RewardTaken(Frozen):
    """A come-at-me reward was taken: ``swapped`` says whether a card was swapped; ``discarded``
    viewed cards went to the discards."""

    __match_args__: Final = ("player", "count", "swapped", "discarded")

    player: int
    count: int
    swapped: bool
    discarded: int

    def __init__(self, player: int, count: int, swapped: bool, discarded: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "swapped", swapped)
        object.__setattr__(self, "discarded", discarded)


declare_fields(
    Played, ("player", int), ("cards", tuple[Card, ...]), ("description", str), ("face_down", bool, False),
    plain_init=True,
)
declare_fields(Passed, ("player", int), plain_init=True)
declare_fields(DirectionChanged, ("direction", Direction), ("cause", str), plain_init=True)
declare_fields(ConsecInForce, ("kind", ConsecKind), ("detail", str), plain_init=True)
declare_fields(BoughtBack, ("player", int), ("count", int), ("cards", tuple[Card, ...]), plain_init=True)
declare_fields(WentOut, ("player", int), ("place", int), plain_init=True)
declare_fields(TrickWon, ("player", int), ("next_leader", int | None), plain_init=True)
declare_fields(TurnSkipped, ("player", int), ("remaining", int), plain_init=True)
declare_fields(ComeAtMeWon, ("player", int), ("reward", int), plain_init=True)
declare_fields(ComeAtMeFailed, ("player", int), ("penalty", int), ("rule", str), plain_init=True)
declare_fields(
    RewardTaken, ("player", int), ("count", int), ("swapped", bool), ("discarded", int),
    plain_init=True,
)
