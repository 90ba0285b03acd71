"""The pieces the round's modules build state changes from: a per-seat tuple with one seat's entry
replaced (:func:`replace_seat`), cards taken out of a seat's holding (:func:`remove_cards`) once
:func:`check_holds` has found them there, and :class:`Deferred`, the changes a move leaves for the
turn's one state change.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

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

__all__ = ["replace_seat", "remove_cards", "check_holds", "split_earned", "Deferred", "DEFERRABLE"]


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


#: The fields a :class:`Deferred` may change (read from its annotations: a TypedDict compiled by
#: mypyc has an empty ``__optional_keys__``).
DEFERRABLE: frozenset[str] = frozenset(Deferred.__annotations__)


def replace_seat(values: tuple[_T, ...], seat: int, value: _T) -> tuple[_T, ...]:
    """``values`` with the entry of ``seat`` replaced (per-seat tuples are immutable)."""
    return values[:seat] + (value,) + values[seat + 1 :]


def remove_cards(held: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``held`` without ``cards`` (each card given once per copy taken; all must be there).

    Each card is looked for by its ``order`` (equal cards have the same order), so an equal card
    is taken; a card not there is a ValueError, as ``list.remove`` gives.

    >>> remove_cards(parse_cards("4♣ 9♠ 9♠ 2♥"), parse_cards("9♠ 4♣"))
    (Card('9♠'), Card('2♥'))
    """
    left = list(held)
    for card in cards:
        order = card.order
        for index, candidate in enumerate(left):
            if candidate.order == order:
                del left[index]
                break
        else:
            raise ValueError(f"{card} is not among {format_cards(held)}")
    return tuple(left)


def split_earned(
    earned: Sequence[Card], cards: Sequence[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """``cards`` of a play using earned cards, split into those taken from the ``earned`` cards
    (each while they hold one) and the rest, taken from the hand (the July 2023 revision, ruling
    V5).

    >>> split_earned(parse_cards("9♠ 4♣"), parse_cards("9♠ 9♦ 9♠"))
    ((Card('9♠'),), (Card('9♦'), Card('9♠')))
    """
    left = list(earned)
    taken: list[Card] = []
    rest: list[Card] = []
    for card in cards:
        if card in left:
            left.remove(card)
            taken.append(card)
        else:
            rest.append(card)
    return tuple(taken), tuple(rest)


def check_holds(state: State, seat: int, cards: Sequence[Card], earned: bool) -> None:
    """Raise :class:`~spite_rules.errors.IllegalAction` unless ``seat`` holds ``cards``: its fake
    jokers among its fake jokers, the others in its hand (among its earned cards if ``earned``;
    under the July 2023 revision a play using earned cards takes them from its earned cards while
    they hold them and the rest from its hand, and must use one: :func:`split_earned`)."""
    fakes = [card for card in cards if card.fake]
    regular = [card for card in cards if not card.fake]
    pools = [(state.fake_jokers[seat], fakes, "fake jokers")]
    if earned and state.rules.earned_cards_free:
        from_earned, from_hand = split_earned(state.earned[seat], regular)
        if regular and not from_earned:
            raise IllegalAction(
                f"seat {seat} does not hold any of {format_cards(regular)} among its earned cards "
                f"(holds {state.holdings(seat)})"
            )
        pools.append((state.hands[seat], list(from_hand), "hand"))
    else:
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
