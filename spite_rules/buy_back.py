"""Buying back into a trick (seed 000, "Buy Back"): the announcement a seat that has passed must
make to play again (:func:`buy_back_breach`), and the cards it then picks up
(:func:`pick_up_buy_back`), counted by the table's Fibonacci counter
(:func:`~spite_rules.trick.fibonacci_buy_back` of ``State.buy_back_step``). Rulings T10 and T11.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

>>> state = setup(hands=["5♠", "6♦", "7♣"], deck="9♠ 10♦")
>>> state, events = apply(state, Play(0, "5♠"))
>>> state, events = apply(state, Pass(1))
>>> state, events = apply(state, Play(2, "7♣"))
>>> buy_back_breach(state, Play(1, "6♦")).rule, buy_back_breach(state, Play(1, "6♦", buy_back=1))
('buy-back.required', None)
"""

from __future__ import annotations

from spite_rules.core.frozen import replace
from spite_rules.actions import Play
from spite_rules.cards import sort_cards
from spite_rules.changes import replace_seat
from spite_rules.events import BoughtBack, Event
from spite_rules.state import State
from spite_rules.stock import draw
from spite_rules.trick import Breach, fibonacci_buy_back

__all__ = ["buy_back_breach", "pick_up_buy_back"]


def buy_back_breach(state: State, play: Play) -> Breach | None:
    """Why ``play``'s buy-back announcement is a misplay, or None.

    Seed 000, "Buy Back": "If a player who has passed during a trick wishes to re-enter into play
    of that trick, they must 'buy back' ... It is a misplay to buy back for an incorrect number of
    cards." Ruling T10: announcing a buy-back without having passed is also an incorrect buy-back.

    >>> state = setup(hands=["5♠", "6♦", "7♣"])
    >>> buy_back_breach(state, Play(0, "5♠", buy_back=1)).rule
    'buy-back.count'
    """
    seat, trick = play.player, state.trick
    due = fibonacci_buy_back(state.buy_back_step)
    if seat in trick.passed:
        if play.buy_back is None:
            return Breach(
                lambda: f"seat {seat} passed in this trick and must announce 'buy back {due}' to play again",
                "buy-back.required",
            )
        if play.buy_back != due:
            return Breach(
                lambda: (f"'buy back {play.buy_back}' is the wrong count: buy-back number "
                f"{state.buy_back_step + 1} of the round picks up {due}"),
                "buy-back.count",
            )
    elif play.buy_back is not None:
        return Breach(
            lambda: f"'buy back {play.buy_back}' announced by seat {seat}, which has not passed in this trick",
            "buy-back.count",
        )
    return None


def pick_up_buy_back(state: State, seat: int, count: int, events: list[Event]) -> State:
    """Seed 000, "Buy Back": once the play that bought back stands, ``seat`` picks up the ``count``
    cards it announced from the top of the deck ("the buy-back cards shall not be used to allow
    them to re-enter"), the table's buy-back count steps on, and the seat is back in the trick
    until it passes again (ruling T11)."""
    state, drawn = draw(state, count)
    trick = state.trick
    state = replace(
        state,
        hands=replace_seat(state.hands, seat, sort_cards(state.hands[seat] + drawn)),
        buy_back_step=state.buy_back_step + 1,
        trick=replace(trick, passed=trick.passed - {seat}),
        picked_up=replace_seat(state.picked_up, seat, len(drawn)),
    )
    events.append(BoughtBack(seat, count, drawn))
    return state
