"""The deck the round draws from: :func:`draw`, and :func:`restock`, which shuffles the discards of
finished tricks under a deck that runs short (ruling T11).

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

>>> state, drawn = draw(setup(hands=["5♠", "6♦", "7♣"], deck="9♠ 10♦"), 1)
>>> drawn, state.deck
((Card('9♠'),), (Card('10♦'),))
"""

from __future__ import annotations

import random

from spite_rules.core.frozen import replace
from spite_rules.cards import Card
from spite_rules.core.shuffling import shuffle as shuffled_by
from spite_rules.state import State

__all__ = ["draw", "restock", "shuffle"]


def shuffle(cards: list[Card], seed: int, shuffles: int) -> None:
    """Shuffle ``cards`` in place: the round's shuffle number ``shuffles`` (0 is the deal), from
    its ``seed``. Exactly ``random.Random(f"{seed}:{shuffles}").shuffle(cards)``, made by
    :func:`spite_rules.core.shuffling.shuffle` (why: its docstring and docs/performance.md);
    tests/properties/test_shuffling_properties.py holds this to ``random.Random.shuffle``.

    >>> cards = list(parse_cards("3♠ 4♠ 5♠ 6♠"))
    >>> shuffle(cards, 7, 0)
    >>> reference = list(parse_cards("3♠ 4♠ 5♠ 6♠"))
    >>> random.Random("7:0").shuffle(reference)
    >>> cards == reference
    True
    """
    shuffled_by(random.Random(f"{seed}:{shuffles}"), cards)


def draw(state: State, count: int) -> tuple[State, tuple[Card, ...]]:
    """Draw ``count`` cards from the top of the deck. Ruling T11: when the deck cannot supply them,
    the discards of finished tricks are shuffled (from the state's seed) under it; if even they run
    out, the draw takes what there is."""
    state = restock(state, count)
    return replace(state, deck=state.deck[count:]), state.deck[:count]


def restock(state: State, count: int) -> State:
    """``state`` with the discards of finished tricks shuffled (from the state's seed) under its
    deck if the deck holds fewer than ``count`` cards (ruling T11)."""
    if len(state.deck) >= count or not state.discard:
        return state
    pool = list(state.discard)
    shuffle(pool, state.seed, state.shuffles)
    return replace(state, deck=state.deck + tuple(pool), discard=(), shuffles=state.shuffles + 1)
