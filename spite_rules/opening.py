"""The first round's opening (seed 000, "The First Player"): the lead is offered to the seats
holding a card of the rank on offer, 3s first; a seat may decline; the opening lead must include
a card of that rank (:func:`opening_breach`). Ruling R20 settles what the seed leaves open; the
order of the offers is :func:`~spite_rules.state.next_opening_offer`'s.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

>>> state = setup(hands=["3♦ 9♠", "4♣ 9♦", "5♣ 9♣"], opening=True)
>>> opening_breach(state, Play(0, "9♠")).rule
'opening.rank'
"""

from __future__ import annotations

from collections.abc import Sequence

from spite_rules.core.frozen import replace
from spite_rules.actions import Play
from spite_rules.cards import Card, format_cards
from spite_rules.events import Event, OpeningOffered, Passed
from spite_rules.state import Opening, State, next_opening_offer
from spite_rules.trick import Breach

__all__ = ["opening_breach", "opens", "decline", "next_offer"]


def opening_breach(state: State, play: Play) -> Breach | None:
    """Seed 000, "The First Player": the opening lead is "a hand that includes one or more" cards of
    the rank on offer (ruling R20: a card of that face value; a 13 stands in for no rank here)."""
    opening = state.opening
    if opening is None or opens(opening, play.cards):
        return None
    return Breach(
        lambda: (f"{format_cards(play.cards) or 'nothing'}: the first trick must be led with a hand that "
        f"includes one or more {opening.rank.plural}"),
        "opening.rank",
    )


def opens(opening: Opening, cards: Sequence[Card]) -> bool:
    """Do ``cards`` include a card of the rank on offer (see :func:`opening_breach`)?"""
    rank = opening.rank
    return any(card.rank is rank and not card.fake for card in cards)


def decline(state: State, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """A seat offered the opening lead declines it (seed 000: "or those with 3s do not wish to play
    them")."""
    events.append(Passed(seat))
    return next_offer(state, seat, events)


def next_offer(state: State, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """The opening offer moves on from ``seat`` (which declined, timed out or misplayed)."""
    assert state.opening is not None
    opening = replace(state.opening, declined=state.opening.declined | {seat})
    barred = state.trick.barred
    offer, next_seat = next_opening_offer(state.hands, opening, (seat + 1) % state.players, barred)
    trick = replace(state.trick, leader=next_seat)
    state = replace(state, opening=offer, to_act=next_seat, trick=trick)
    if offer is not None:
        events.append(OpeningOffered(next_seat, offer.rank))
    return state, tuple(events)
