"""What a seat can reach this turn from what it sees: :func:`reach_plan`, the chain of centre plays
that brings a centre stack up to its pay-off top (the greedy bot plays it; the determinization's
``estimate`` asks whether one exists).

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.
"""

from __future__ import annotations

from spite_rules.cards import Card
from spite_rules.malice.actions import Origin
from spite_rules.malice.order import WILD, value, wild_may_be
from spite_rules.malice.views import SeatView

__all__ = ["reach_plan", "Source"]

#: A source of a card for a centre play: (origin, side stack or None, card).
Source = tuple[Origin, "int | None", Card]


def reach_plan(seen: SeatView, centre: int) -> tuple[int, list[Source]] | None:
    """The plays from side-stack tops and the hand that bring centre stack ``centre`` up to the
    value of the seat's pay-off top, as (wild cards used, the plays in order); None when out of
    reach (or the top is wild, or the pile empty).

    >>> import spite_rules.malice as sm
    >>> state = sm.setup(payoff=["9♦ 5♠", "Q♣"], hands=["3♥ 4♣ K♦", ""], centre=["A♦ 2♦"])
    >>> wilds, plays = reach_plan(state.view(0), 0)
    >>> wilds, [str(card) for _, _, card in plays]
    (0, ['3♥', '4♣'])
    """
    rules = seen.rules
    top = seen.payoff_tops[seen.seat]
    if top is None or value(top, rules) == WILD:
        return None
    target = value(top, rules)
    # a centre stack's cards stand for their places: it wants its length plus one
    need = len(seen.centre[centre]) + 1 if centre < len(seen.centre) else 1
    if need > target or target > rules.top_value:
        return None
    spread = rules.spread_side_stacks
    sides = [list(stack) if spread else list(stack[-1:]) for stack in seen.side[seen.seat]]
    hand = list(seen.hand)

    def take(wanted: int) -> Source | None:
        """A card of value ``wanted`` taken from a side-stack top, else from the hand."""
        for index, stack in enumerate(sides):
            if stack and value(stack[-1], rules) == wanted:
                return (Origin.SIDE, index, stack.pop())
        for card in hand:
            if value(card, rules) == wanted:
                hand.remove(card)
                return (Origin.HAND, None, card)
        return None

    plays: list[Source] = []
    wilds = 0
    for wanted in range(need, target):
        found = take(wanted)
        if found is None and wild_may_be(rules, wanted):
            found = take(WILD)
            wilds += found is not None
        if found is None:
            return None
        plays.append(found)
    return wilds, plays
