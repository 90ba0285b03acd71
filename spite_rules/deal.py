"""Positions to play from: a new game's first round (:func:`new_game`), the next round of a game
(:func:`next_round`: late joiners, the card swap, who leads, :func:`first_leader`), and a position
built by hand (:func:`setup`). Each is offered to its first seat by the turn machine.

Layer: Spite: machine — may import Spite's rules of play and values, the core, the cards and the errors.

>>> state = new_game(3, seed=7)
>>> [len(hand) for hand in state.hands], state.round_number
([11, 11, 11], 1)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from spite_rules.core.frozen import replace
from spite_rules.core.fields import check_seed
from spite_rules.bounty import reveal_bounty
from spite_rules.cards import GAME_ORDER, Card, sort_cards, spite_deck
from spite_rules.errors import IllegalAction, shown
from spite_rules.events import (
    BountyRevealed,
    CardsSwapped,
    Event,
    PlayerJoined,
    RoundStarted,
    SwapExtrasDiscarded,
)
from spite_rules.rules import rules_of
from spite_rules.scoring import swap_cards
from spite_rules.position import check_state, make_state
from spite_rules.state import MAX_PLAYERS, MIN_PLAYERS, Opening, State, next_opening_offer
from spite_rules.stock import shuffle
from spite_rules.trick_state import Trick
from spite_rules.turns import offer_turn

__all__ = ["setup", "new_game", "next_round", "first_leader"]


def setup(**position: Any) -> State:
    """A position built by hand and checked, the turn offered: see :func:`spite_rules.public.setup`."""
    state = make_state(**position)
    check_state(state)  # the position's shape, as from_json checks a State it reads
    seat = state.to_act
    if state.opening is None and seat is not None and state.penalties[seat] > 0:
        state, _ = offer_turn(state, seat, [])  # ruling R28: a leader who owes a skip skips
    return state


def new_game(players: object, *, seed: object, rules: object = None) -> State:
    """Seed 000, "The Initial Deal": see :func:`spite_rules.public.new_game`. The arguments are
    typed ``object``, so that these doors, not the compiled build's type checks, refuse them."""
    rules = rules_of(rules)
    check_seed(seed)
    assert isinstance(seed, int)  # check_seed refused anything else
    if type(players) is int:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:  # checked before any name is built
            raise IllegalAction(f"Spite is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {shown(players)}")
        names = [f"seat {i}" for i in range(players)]
    elif isinstance(players, (list, tuple)) and all(type(name) is str for name in players):
        names = list(players)
    else:
        raise IllegalAction(f"players must be a count or a list of names, not {shown(players)}")
    count = len(names)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise IllegalAction(f"Spite is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}")
    if count * rules.hand_size >= 63 * rules.decks:
        raise IllegalAction(
            f"{rules.decks} deck(s) cannot deal {count} hands of {rules.hand_size} and a bounty card "
            f"(Rules.decks, Rules.hand_size)"
        )
    deck = list(spite_deck(rules.decks))
    shuffle(deck, seed, 0)
    size = rules.hand_size
    hands = tuple(sort_cards(deck[seat : count * size : count]) for seat in range(count))
    offer, leader = next_opening_offer(hands, Opening(GAME_ORDER[0]), 0)
    # The position make_state(hands=..., deck=..., rules=, seed=, names=, opening=True) builds,
    # once shuffled, built from the deal's own cards without its door (tests/test_initial_deal.py
    # holds the two equal); the fields not named are State's defaults.
    nothing: tuple[tuple[Card, ...], ...] = ((),) * count
    state = State(
        rules, hands, tuple(deck[count * size :]), Trick.start(leader), leader, nothing, nothing,
        tuple(Counter(rules.fake_jokers).elements()), penalties=(0,) * count, scores=(0,) * count,
        seed=seed, shuffles=1, names=tuple(names), opening=offer, streaks=(0,) * count,
        joker_last=(False,) * count, picked_up=(0,) * count,
    )  # fmt: skip
    state, _ = reveal_bounty(state)
    return state


def next_round(state: object, late_joiners: Sequence[str] = ()) -> tuple[State, tuple[Event, ...]]:
    """The next round of a game: see :func:`spite_rules.public.next_round`. The state is typed
    ``object``, so that this door, not the compiled build's type check, refuses a non-state."""
    if type(state) is not State:
        raise IllegalAction(f"next_round needs a Spite State, not {type(state).__name__}")
    if not isinstance(late_joiners, (list, tuple)) or not all(type(name) is str for name in late_joiners):
        raise IllegalAction(f"late_joiners must be a list of names, not {shown(late_joiners)}")
    if not state.round_over:
        raise IllegalAction("the round is not over: finish it before dealing the next")
    players = state.players + len(late_joiners)
    if players > MAX_PLAYERS:
        raise IllegalAction(f"Spite is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {shown(players)}")
    joined = tuple(range(state.players, players))
    events: list[Event] = [PlayerJoined(seat, name) for seat, name in zip(joined, late_joiners)]
    pad_cards: tuple[tuple[Card, ...], ...] = ((),) * len(joined)
    scores = state.scores + (-2,) * len(joined)
    previous_order = (state.previous_order or ()) + joined
    losers = state.losers_by_round + joined
    earned = state.earned + pad_cards
    deck = list(spite_deck(state.rules.decks))
    for held in earned:
        for card in held:
            deck.remove(card)
    shuffle(deck, state.seed, state.shuffles)
    size = state.rules.hand_size
    hands = [deck[seat : players * size : players] for seat in range(players)]
    leader = first_leader(scores, losers)
    fresh = make_state(
        hands=hands,
        deck=deck[players * size :],
        rules=state.rules,
        seed=state.seed,
        names=state.names + tuple(late_joiners),
        leader=leader,
        scores=scores,
        fake_jokers=state.fake_jokers + pad_cards,
        earned=earned,
        fake_pile=state.fake_pile,
        penalties=state.penalties + (0,) * len(joined),
        round_number=state.round_number + 1,
        previous_order=previous_order,
        losers_by_round=losers,
    )
    fresh = replace(fresh, shuffles=state.shuffles + 1, streaks=state.streaks + (0,) * len(joined))
    fresh, bounty = reveal_bounty(fresh)
    events.append(BountyRevealed(bounty))
    swap = swap_cards(
        fresh.hands, scores, fresh.deck, random.Random(f"{state.seed}:{fresh.shuffles}")
    )
    fresh = replace(
        fresh,
        hands=swap.hands,
        deck=swap.deck,
        discard=fresh.discard + swap.discarded,
        shuffles=fresh.shuffles + 1,
    )
    for seat in range(players):
        if swap.put_down[seat] or swap.picked_up[seat]:
            events.append(CardsSwapped(seat, swap.put_down[seat], swap.picked_up[seat]))
    if swap.discarded:
        events.append(SwapExtrasDiscarded(swap.discarded))
    events.append(RoundStarted(fresh.round_number, leader))
    return offer_turn(fresh, leader, events)


def first_leader(scores: Sequence[int], losers_by_round: Sequence[int]) -> int:
    """Seed 000, "The First Player" and ruling R21: see :func:`spite_rules.public.first_leader`."""
    lowest = min(scores)
    tied = [seat for seat, score in enumerate(scores) if score == lowest] if lowest < 0 else []
    for loser in reversed(losers_by_round):
        if not tied or loser in tied:
            return loser
    return tied[0] if tied else 0
