"""Invariants of the embedding surface (views, JSON, records) over random games.

Games start from ``sr.new_game`` (3 to 9 seats, random seeds, either referee) and are driven by a
seeded chooser: mostly a random move from ``sr.legal_moves``, sometimes something a careless table
does (a random held card played in turn, a play out of turn, a wrong misplay call, a timeout, cards
dropped on the floor). Some games run past ``sr.next_round`` into later rounds, with late joiners.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules.core.serialization import to_data

SETTINGS = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@attrs.frozen
class Game:
    """How to drive one random game."""

    players: int
    seed: int
    chooser: int
    rounds: int
    max_actions: int
    rules: sr.Rules


@attrs.frozen
class Step:
    """One applied action: the state after it, its events, and the record up to and including it."""

    state: sr.State
    action: sr.Action | None
    events: tuple[sr.Event, ...]
    record: sr.GameRecord


@st.composite
def games(draw: st.DrawFn, ruleset: str = "000") -> Game:
    """A game to drive: seats, seed, the chooser's seed, rounds to reach and an action budget."""
    return Game(
        players=draw(st.integers(3, 9)),
        seed=draw(st.integers(0, 2**31 - 1)),
        chooser=draw(st.integers(0, 2**32 - 1)),
        rounds=draw(st.integers(1, 3)),
        max_actions=draw(st.integers(0, 1200)),
        rules=sr.Rules.ruleset(ruleset, referee=draw(st.sampled_from(sr.Referee))),
    )


def _careless(state: sr.State, rng: random.Random) -> sr.Action | None:
    """Something a careless table might do instead of a legal move (None: nothing this time)."""
    seat = state.to_act
    assert seat is not None
    roll = rng.random()
    if roll < 0.3 and state.hands[seat]:
        return sr.Play(seat, (rng.choice(state.hands[seat]),))
    if roll < 0.55:
        others = [other for other in state.active if other != seat and state.hands[other]]
        if others:
            other = rng.choice(others)
            return sr.Play(other, (rng.choice(state.hands[other]),))
    if roll < 0.75:
        caller, accused = rng.sample(range(state.players), 2)
        return sr.CallMisplay(caller, accused)
    if roll < 0.9:
        return sr.Timeout(seat)
    if state.hands[seat]:
        return sr.DropCards(seat, (rng.choice(state.hands[seat]),), sr.Surface.FLOOR)
    return None


def _choose(state: sr.State, rng: random.Random) -> sr.Action:
    if rng.random() < 0.12:
        careless = _careless(state, rng)
        if careless is not None:
            return careless
    return rng.choice(sr.legal_moves(state))


def play(game: Game) -> Iterator[Step]:
    """Every step of the game, the first being the fresh deal (``action`` None)."""
    rng = random.Random(game.chooser)
    names = [f"p{seat}" for seat in range(game.players)]
    state = sr.new_game(names, seed=game.seed, rules=game.rules)
    record = sr.GameRecord(players=tuple(names), seed=game.seed, rules=game.rules)
    yield Step(state, None, (), record)
    budget = game.max_actions
    for number in range(game.rounds):
        if number:
            joiners = (f"late{number}",) if state.players < 9 and rng.random() < 0.5 else ()
            state, events = sr.next_round(state, joiners)
            record = record.with_next_round(joiners)
            yield Step(state, None, events, record)
        while not state.round_over and budget > 0:
            action = _choose(state, rng)
            try:
                state, events = sr.apply(state, action)
            except sr.IllegalAction:
                continue  # nothing happened: a table would not have let it happen either
            budget -= 1
            record = record.with_action(action)
            yield Step(state, action, events, record)
        if not state.round_over:
            return


# -- what a seat may see ---------------------------------------------------------------------


#: Each attrs class's field names, read once (the walk below visits millions of values).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
#: What can hold no card: walked past at once.
_LEAVES = (str, int, float, bool, bytes, type(None), sr.Rules)


def _reachable_cards(value: Any) -> list[sr.Card]:
    """Every Card object reachable from ``value`` through attrs fields and collections, but for
    the rules in force: their fake-joker faces are the table's setup, known to every seat."""
    found: list[sr.Card] = []
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, sr.Card):
            found.append(item)
        elif isinstance(item, _LEAVES):
            continue
        elif isinstance(item, tuple | list | frozenset | set):
            pending.extend(item)
        elif isinstance(item, dict):
            pending.extend(item.values())
        elif attrs.has(type(item)):
            names = _FIELD_NAMES.get(type(item))
            if names is None:
                names = _FIELD_NAMES[type(item)] = tuple(f.name for f in attrs.fields(type(item)))
            pending.extend(getattr(item, name) for name in names)
    return found


def _view_cards(seen: sr.SeatView) -> Counter[sr.Card]:
    """The multiset of cards shown in a view: its own holdings, the trick, out-of-turn plays
    waiting, the bounty and any reward cards."""
    cards: Counter[sr.Card] = Counter()
    cards.update(seen.hand)
    cards.update(seen.fake_jokers)
    cards.update(seen.earned)
    for trick_play in seen.trick.plays:
        cards.update(trick_play.cards)
    for waiting in seen.pending:
        cards.update(waiting.cards)
    if seen.bounty is not None:
        cards[seen.bounty] += 1
    cards.update(seen.reward_cards)
    return cards


def _own_cards(state: sr.State, seat: int) -> Counter[sr.Card]:
    return Counter(state.hands[seat] + state.fake_jokers[seat] + state.earned[seat])


def _table_cards(state: sr.State, seat: int) -> Counter[sr.Card]:
    """What is face up for everyone, plus the reward cards if ``seat`` is the one viewing them."""
    cards: Counter[sr.Card] = Counter(state.trick.cards)
    for waiting in state.pending:
        cards.update(waiting.cards)
    if state.bounty is not None:
        cards[state.bounty] += 1
    if state.reward is not None and state.reward.player == seat:
        cards.update(state.deck[: state.reward.count])
    return cards


def _reshuffle_hidden(state: sr.State, seat: int, rng: random.Random) -> sr.State:
    """``state`` with everything ``seat`` cannot see dealt differently (same counts everywhere):
    the other seats' hands, fake jokers and earned cards, the deck below any reward ``seat`` is
    viewing, the discards, the fake-joker pile; and another seed."""
    others = [other for other in range(state.players) if other != seat]
    reward_cards = state.reward.count if state.reward and state.reward.player == seat else 0
    real = [card for other in others for card in state.hands[other] + state.earned[other]]
    real += list(state.deck[reward_cards:]) + list(state.discard)
    fake = [card for other in others for card in state.fake_jokers[other]] + list(state.fake_pile)
    rng.shuffle(real)
    rng.shuffle(fake)

    def deal(pool: list[sr.Card], size: int) -> tuple[sr.Card, ...]:
        taken = tuple(pool[:size])
        del pool[:size]
        return taken

    hands, earned, fakes = list(state.hands), list(state.earned), list(state.fake_jokers)
    for other in others:
        hands[other] = deal(real, len(state.hands[other]))
        earned[other] = deal(real, len(state.earned[other]))
        fakes[other] = deal(fake, len(state.fake_jokers[other]))
    deck = state.deck[:reward_cards] + deal(real, len(state.deck) - reward_cards)
    return attrs.evolve(
        state,
        hands=tuple(hands),
        earned=tuple(earned),
        fake_jokers=tuple(fakes),
        deck=deck,
        discard=deal(real, len(state.discard)),
        fake_pile=deal(fake, len(state.fake_pile)),
        seed=state.seed + 1,
        shuffles=state.shuffles + 7,
    )


@SETTINGS
@given(games())
def test_no_view_shows_a_card_its_seat_may_not_see(game: Game) -> None:
    for step in play(game):
        state = step.state
        for seat in range(state.players):
            seen = state.view(seat)
            shown = _view_cards(seen)
            own = _own_cards(state, seat)
            table = _table_cards(state, seat)
            assert shown <= own + table, (seat, shown - (own + table))
            # cards of other seats appear in the view only as far as they are on the table
            assert shown - own <= table, (seat, (shown - own) - table)
            # and no card hides elsewhere in the view (hands of played hands, the hand to beat...)
            assert set(_reachable_cards(seen)) <= set(own + table)


@SETTINGS
@given(games(), st.integers(0, 2**32 - 1))
def test_a_view_does_not_change_when_the_cards_its_seat_cannot_see_are_dealt_differently(
    game: Game, reshuffle_seed: int
) -> None:
    rng = random.Random(reshuffle_seed)
    for index, step in enumerate(play(game)):
        if index % 5:
            continue
        state = step.state
        for seat in range(state.players):
            assert _reshuffle_hidden(state, seat, rng).view(seat) == state.view(seat)


@SETTINGS
@given(games())
def test_views_have_no_field_for_the_deck_the_seed_or_the_hands(game: Game) -> None:
    fields = attrs.fields_dict(sr.SeatView)
    assert not {"deck", "seed", "hands", "shuffles"} & set(fields)
    for step in play(attrs.evolve(game, max_actions=min(game.max_actions, 50))):
        for seat in range(step.state.players):
            data = to_data(step.state.view(seat))["data"]
            assert not {"deck", "seed", "hands", "shuffles"} & set(data)


# -- JSON ------------------------------------------------------------------------------------


@SETTINGS
@given(games())
def test_json_round_trip_is_exact_for_states_moves_actions_events_and_views(game: Game) -> None:
    for index, step in enumerate(play(game)):
        if step.action is not None:
            assert sr.from_json(sr.to_json(step.action)) == step.action
        for event in step.events:
            assert sr.from_json(sr.to_json(event)) == event
        if index % 8 == 0 or step.state.round_over:
            state = step.state
            assert sr.from_json(sr.to_json(state), sr.State) == state
            for move in sr.legal_moves(state):
                assert sr.from_json(sr.to_json(move)) == move
            seat = index % state.players
            assert sr.from_json(sr.to_json(state.view(seat)), sr.SeatView) == state.view(seat)


# -- records and replays ---------------------------------------------------------------------


@SETTINGS
@given(games(), st.lists(st.integers(0, 10**6), min_size=3, max_size=3))
def test_replaying_a_record_reproduces_every_state_and_the_exact_event_stream(
    game: Game, picks: list[int]
) -> None:
    steps = list(play(game))
    stream = tuple(event for step in steps for event in step.events)
    final = steps[-1]
    state, events = sr.replay(final.record)
    assert state == final.state
    assert events == stream
    for pick in picks:
        index = pick % len(steps)
        upto = tuple(event for step in steps[: index + 1] for event in step.events)
        state, events = sr.replay(steps[index].record)
        assert state == steps[index].state
        assert events == upto


@SETTINGS
@given(games())
def test_a_record_read_back_from_json_replays_to_the_same_game(game: Game) -> None:
    final = list(play(game))[-1]
    text = sr.to_json(final.record)
    record = sr.from_json(text, sr.GameRecord)
    assert record == final.record
    assert sr.replay(record)[0] == final.state


# -- the same invariants under the July 2023 revision ---------------------------------------------

REVISION = games("2023-07")

test_no_view_shows_a_card_its_seat_may_not_see_under_2023_07 = SETTINGS(
    given(REVISION)(test_no_view_shows_a_card_its_seat_may_not_see.hypothesis.inner_test)
)
test_a_view_does_not_change_when_the_cards_its_seat_cannot_see_are_dealt_differently_under_2023_07 = SETTINGS(
    given(REVISION, st.integers(0, 2**32 - 1))(
        test_a_view_does_not_change_when_the_cards_its_seat_cannot_see_are_dealt_differently.hypothesis.inner_test
    )
)
test_views_have_no_field_for_the_deck_the_seed_or_the_hands_under_2023_07 = SETTINGS(
    given(REVISION)(test_views_have_no_field_for_the_deck_the_seed_or_the_hands.hypothesis.inner_test)
)
test_json_round_trip_is_exact_for_states_moves_actions_events_and_views_under_2023_07 = SETTINGS(
    given(REVISION)(
        test_json_round_trip_is_exact_for_states_moves_actions_events_and_views.hypothesis.inner_test
    )
)
test_replaying_a_record_reproduces_every_state_and_the_exact_event_stream_under_2023_07 = SETTINGS(
    given(REVISION, st.lists(st.integers(0, 10**6), min_size=3, max_size=3))(
        test_replaying_a_record_reproduces_every_state_and_the_exact_event_stream.hypothesis.inner_test
    )
)
test_a_record_read_back_from_json_replays_to_the_same_game_under_2023_07 = SETTINGS(
    given(REVISION)(test_a_record_read_back_from_json_replays_to_the_same_game.hypothesis.inner_test)
)
