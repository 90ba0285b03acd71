"""The public functions of Spite and Malice, defined here in plain Python over the compiled
internals, each keeping its docstring, annotations and signature (why: :mod:`spite_rules.public`).

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

>>> import spite_rules.malice as sm
>>> sm.apply is apply and sm.apply.__module__
'spite_rules.malice.public'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spite_rules.malice import deal as _deal
from spite_rules.malice import legal as _legal
from spite_rules.malice import turn as _turn
from spite_rules.malice.actions import Action, Play
from spite_rules.malice.events import Event
from spite_rules.malice.rules import Rules, Scoring
from spite_rules.malice.state import State

__all__ = ["deal", "new_game", "next_round", "setup", "legal_moves", "apply"]


def new_game(players: int | Sequence[str] = 2, *, seed: int, rules: Rules | None = None) -> State:
    """A shuffled, dealt game, the first player decided by the rules, ready for the first turn (its
    draw to five and any compulsory aces made). Deterministic from ``seed``.

    >>> state = new_game(2, seed=1, rules=Rules.preset("jacks"))
    >>> [len(pile) for pile in state.payoff], len(state.stock) + sum(map(len, state.hands))
    ([30, 30], 48)
    """
    return _deal.new_game(players, seed=seed, rules=rules)


def deal(rules: Rules, names: Sequence[str], seed: int) -> tuple[State, tuple[Event, ...]]:
    """:func:`new_game` with the events of its opening, for a front-end that shows them: the first
    player's turn begins, its draw to five, and any compulsory aces played at once (where the rules
    have ``compulsory_aces``: "aces cannot be retained in your hand but must be played as soon as
    drawn"). The state is ``new_game``'s exactly.

    >>> state, events = deal(Rules.preset("book"), ["ann", "bob"], 3)
    >>> state == new_game(["ann", "bob"], seed=3, rules=Rules.preset("book"))
    True
    >>> type(events[0]).__name__, events[0].player == state.to_act
    ('TurnBegan', True)
    """
    return _deal.deal(rules, names, seed)


def next_round(state: State, late_joiners: Sequence[str] = ()) -> tuple[State, tuple[Event, ...]]:
    """The next game of a series, once ``state``'s game is over: same seats and rules, the scores
    carried (seed 003: "The winner could be the first player to reach a target score, such as 50";
    seed 002: "play 3 games"). Raises IllegalAction while the game goes on or once the series is over.

    >>> rules = Rules(scoring=Scoring.SET_OF_THREE)
    >>> next_round(new_game(seed=1, rules=rules))
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: the game is not over yet
    """
    return _deal.next_round(state, late_joiners)


def setup(
    *,
    payoff: Sequence[Any],
    hands: Sequence[Any] | None = None,
    side: Sequence[Any] | None = None,
    centre: Sequence[Any] | None = None,
    stock: Any = "",
    used: Any = "",
    to_act: int = 0,
    rules: Rules | None = None,
    names: Sequence[str] | None = None,
    seed: int = 0,
    **turn: Any,
) -> State:
    """A position built by hand, in the ``PLAY`` phase of ``to_act``'s turn (its draw already made).

    ``payoff``: per seat, the pay-off pile **top card last**; ``hands``: per seat; ``side``: per
    seat, a list of side stacks bottom to top (the rest empty); ``centre``: the centre stacks bottom
    to top (the rest of the spaces empty); ``stock``: **top card first**; ``used``: completed
    stacks set aside. Cards in notation (``"A♠ 7♦"``) or as Cards. Other keywords set the turn's
    fields (``phase``, ``moved``, ``passes``, ``owed``, ``exchange``, ``pending``, ``finisher``,
    ``final_turn``).

    >>> state = setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠", ""], side=[["4♣ 5♣", "", "7♦"], []], centre=["A♥ 2♥"])
    >>> state.side[0], state.centre
    (((Card('4♣'), Card('5♣')), (), (Card('7♦'),), ()), ((Card('A♥'), Card('2♥')), (), ()))
    >>> setup(payoff=["3♠", "Q♣"], centre=["A♥ 3♥"])
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: centre 1: 3♥ cannot stand 2 from the bottom (a centre stack runs up from an ace)
    """
    return _deal.setup(
        payoff=payoff, hands=hands, side=side, centre=centre, stock=stock, used=used,
        to_act=to_act, rules=rules, names=names, seed=seed, **turn,
    )


def legal_moves(state: State) -> tuple[Action, ...]:
    """Every move the seat to act may make now, in a fixed order (plays to the centre from the pay-off
    piles, side stacks and hand, substitutions, loads, forced placements, discards, side moves,
    ending the turn). Empty only when the game is over.

    >>> [str(move) for move in legal_moves(setup(payoff=["5♠", "6♠"], hands=["7♣", ""]))]
    ['seat 0: discard 7♣ to side 1']
    """
    return _legal.legal_moves(state)


def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """The state after ``action`` and the events telling what happened. Pure: ``state`` is not
    changed. A move the rules forbid raises IllegalAction naming the rule (and nothing changes); so
    does an action built around its ``__init__`` with a field of the wrong type or written otherwise
    than its constructor writes it (``Discard.cards must be a tuple of Cards, not False (a bool)``),
    naming the field: ``apply`` accepts exactly what :func:`legal_moves` lists.

    >>> apply(setup(payoff=["5♠", "6♠"], hands=["7♣ 9♠", ""], centre=["A♥ 2♥ 3♥ 4♥ 5♥ 6♥"]), Play(0, "9♠", 0))
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: a 9♠ cannot go on centre 1 showing 6: it needs a 7 [malice.centre.next-higher]
    """
    return _turn.apply(state, action)

