"""The deck the round draws from: :func:`draw`, and :func:`restock`, which shuffles the discards of
finished tricks under a deck that runs short (ruling T11).

>>> state, drawn = draw(setup(hands=["5♠", "6♦", "7♣"], deck="9♠ 10♦"), 1)
>>> drawn, state.deck
((Card('9♠'),), (Card('10♦'),))
"""

from __future__ import annotations

import random

from spite_rules._evolve import evolve
from spite_rules.cards import Card
from spite_rules.state import State

__all__ = ["draw", "restock"]


def draw(state: State, count: int) -> tuple[State, tuple[Card, ...]]:
    """Draw ``count`` cards from the top of the deck. Ruling T11: when the deck cannot supply them,
    the discards of finished tricks are shuffled (from the state's seed) under it; if even they run
    out, the draw takes what there is."""
    state = restock(state, count)
    return evolve(state, deck=state.deck[count:]), state.deck[:count]


def restock(state: State, count: int) -> State:
    """``state`` with the discards of finished tricks shuffled (from the state's seed) under its
    deck if the deck holds fewer than ``count`` cards (ruling T11)."""
    if len(state.deck) >= count or not state.discard:
        return state
    pool = list(state.discard)
    random.Random(f"{state.seed}:{state.shuffles}").shuffle(pool)
    return evolve(
        state, deck=state.deck + tuple(pool), discard=(), shuffles=state.shuffles + 1
    )
