"""The pieces the round's modules build state changes from: a per-seat tuple with one seat's entry
replaced (:func:`replace_seat`), cards taken out of a seat's holding (:func:`remove_cards`) once
:func:`check_holds` has found them there, and :class:`Deferred`, the changes a move leaves for the
turn's one state change.

>>> replace_seat((0, 0, 0), 1, 2)
(0, 2, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict, TypeVar

from spite_rules.cards import Card, format_cards
from spite_rules.errors import IllegalAction
from spite_rules.state import Opening, Reward, State
from spite_rules.trick import Trick
from spite_rules.vocabulary import Direction

__all__ = ["replace_seat", "remove_cards", "check_holds", "Deferred", "DEFERRABLE"]


_T = TypeVar("_T")


class Deferred(TypedDict, total=False):
    """State changes a play, a pass or a reward taken leaves for
    :func:`~spite_rules.turns.offer_turn` to make in the same state change as the turn's own: each
    key a :class:`~spite_rules.state.State` field, each value its new value. Only fields the turn
    asks nothing about before making the changes (:data:`DEFERRABLE`).

    >>> sorted(Deferred(trick=Trick.start(1), picked_up=(0, 0, 0)))
    ['picked_up', 'trick']
    """

    trick: Trick
    direction: Direction
    opening: Opening | None
    hands: tuple[tuple[Card, ...], ...]
    fake_jokers: tuple[tuple[Card, ...], ...]
    fake_pile: tuple[Card, ...]
    earned: tuple[tuple[Card, ...], ...]
    picked_up: tuple[int, ...]
    joker_last: tuple[bool, ...]
    reward: Reward | None
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]


#: The fields a :class:`Deferred` may change.
DEFERRABLE: frozenset[str] = Deferred.__optional_keys__


def replace_seat(values: tuple[_T, ...], seat: int, value: _T) -> tuple[_T, ...]:
    """``values`` with the entry of ``seat`` replaced (per-seat tuples are immutable)."""
    return values[:seat] + (value,) + values[seat + 1 :]


def remove_cards(held: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``held`` without ``cards`` (each card given once per copy taken; all must be there)."""
    left = list(held)
    for card in cards:
        left.remove(card)
    return tuple(left)


def check_holds(state: State, seat: int, cards: Sequence[Card], earned: bool) -> None:
    """Raise :class:`~spite_rules.errors.IllegalAction` unless ``seat`` holds ``cards``: its fake
    jokers among its fake jokers, the others in its hand (among its earned cards if ``earned``)."""
    fakes = [card for card in cards if card.fake]
    regular = [card for card in cards if not card.fake]
    pools = [(state.fake_jokers[seat], fakes, "fake jokers")]
    pools.append((state.earned[seat], regular, "earned cards") if earned else (state.hands[seat], regular, "hand"))
    for held, wanted, where in pools:
        if wanted and not _contains(held, wanted):
            raise IllegalAction(
                f"seat {seat} does not hold {format_cards(wanted)} among its {where} "
                f"(holds {state.holdings(seat)})"
            )


def _contains(held: Sequence[Card], wanted: Sequence[Card]) -> bool:
    if len(wanted) == 1:
        return wanted[0] in held
    left = list(held)
    for card in wanted:
        if card not in left:
            return False
        left.remove(card)
    return True
