"""Spite and Malice's table as a person reads it: the picture ``str(state)`` and ``str(view)``
print, and the terminal game shows (``repr`` stays the exact value). Never on the engine's paths.

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

>>> print(str(sm.setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠", ""], centre=["A♥ 2♥"])).splitlines()[0])
Spite and Malice, rules 003-common-r1 · seat 0 to play
"""

from __future__ import annotations

from collections.abc import Sequence

from spite_rules.cards import Card, format_cards
from spite_rules.core.grammar import article, count
from spite_rules.malice.order import value_name
from spite_rules.malice.state import State
from spite_rules.malice.views import SeatView, view

__all__ = ["table_picture", "state_picture", "stack_text"]


def stack_text(cards: Sequence[Card]) -> str:
    """Cards in notation, or "-" for none.

    >>> stack_text(()), stack_text(sm.setup(payoff=["3♠ 9♦", "Q♣"]).payoff[0])
    ('-', '3♠ 9♦')
    """
    return format_cards(cards) if cards else "-"


def table_picture(
    seen: SeatView,
    hands: Sequence[Sequence[Card]] | None = None,
    sides: Sequence[Sequence[Sequence[Card]]] | None = None,
) -> str:
    """The table as seat ``seen.seat`` sees it: the stock, the centre stacks (each wild card's
    value), every seat's pay-off top and size, hand size and side stacks, and the seat's own hand.
    With ``hands`` and ``sides`` (every seat's, as a whole state shows them) each seat's line shows
    its hand and whole side stacks, and no hand is "yours".

    >>> seen = sm.view(sm.setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠", ""], centre=["A♥ 2♥"]), 0)
    >>> print(table_picture(seen))
    stock 0 cards
      centre 1: A♥ 2♥  (wants a 3)
      centre 2: empty (wants an A)
      centre 3: empty (wants an A)
    seat 0: pay-off 9♦ (2 cards), hand 1 card
        side 1: -   2: -   3: -   4: -
    seat 1: pay-off Q♣ (1 card), hand 0 cards
        side 1: -   2: -   3: -   4: -
    your hand: A♠
    """
    wilds = set(seen.wilds)  # (space, place) of each wild card on the centre
    lines = [f"stock {count(seen.stock_size, 'card')}" + (f", {seen.used_size} set aside" if seen.used_size else "")]
    centre = []
    for space, stack in enumerate(seen.centre):
        if not stack:
            centre.append(f"  centre {space + 1}: empty (wants an A)")
            continue
        shown = " ".join(
            f"{card}={value_name(place)}" if (space, place) in wilds else str(card)
            for place, card in enumerate(stack, start=1)
        )
        centre.append(f"  centre {space + 1}: {shown}  (wants {article(value_name(len(stack) + 1))})")
    lines.extend(centre or ["  centre: no stacks yet"])
    for seat, name in enumerate(seen.names):
        top = seen.payoff_tops[seat]
        held = count(seen.hand_sizes[seat], "card") if hands is None else stack_text(hands[seat])
        who = name if name == f"seat {seat}" else f"{name} (seat {seat})"
        lines.append(
            f"{who}: pay-off {top if top is not None else '-'} "
            f"({count(seen.payoff_sizes[seat], 'card')}), hand {held}"
        )
        shown_sides = []
        stacks: Sequence[Sequence[Card]] = seen.side[seat] if sides is None else sides[seat]
        for number, side_stack in enumerate(stacks, start=1):
            hidden = seen.side_sizes[seat][number - 1] - len(side_stack)
            shown_sides.append(f"{number}: {stack_text(side_stack)}" + (f" (+{hidden} below)" if hidden > 0 else ""))
        lines.append("    side " + "   ".join(shown_sides))
    if hands is None:
        lines.append(f"your hand: {stack_text(seen.hand)}")
    if seen.owed:
        lines.append("owed: wild cards to cover with a real card before the turn ends: "
                     + ", ".join(f"centre {space + 1}" for space, _ in seen.owed))
    return "\n".join(lines)


def state_picture(state: State) -> str:
    """The whole table (``str(state)``): the rules and whose turn, then :func:`table_picture` with
    every seat's hand and whole side stacks.

    >>> print(state_picture(sm.setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠", ""], names=["ann", "bob"])))
    Spite and Malice, rules 003-common-r1 · ann to play
    stock 0 cards
      centre 1: empty (wants an A)
      centre 2: empty (wants an A)
      centre 3: empty (wants an A)
    ann (seat 0): pay-off 9♦ (2 cards), hand A♠
        side 1: -   2: -   3: -   4: -
    bob (seat 1): pay-off Q♣ (1 card), hand -
        side 1: -   2: -   3: -   4: -
    """
    turn = ("the game is over" if state.game_over
            else f"{state.names[state.to_act]} to {state.phase.name.lower()}")
    picture = table_picture(view(state, state.to_act), hands=state.hands, sides=state.side)
    return f"Spite and Malice, rules {state.rules.version} · {turn}\n{picture}"


# ``str(state)`` and ``str(view)`` draw the table; ``repr`` stays the exact value. Given here, where
# the pictures live: the values never import the surfaces above them.
setattr(State, "__str__", state_picture)
setattr(SeatView, "__str__", table_picture)
