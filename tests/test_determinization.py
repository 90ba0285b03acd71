"""Determinization, case by case: what the sample keeps (reward cards, out-of-turn plays waiting,
face-down fake jokers), and what has no determinization. The properties over random games are in
tests/properties/test_determinization_properties.py."""

from __future__ import annotations

import attrs
import pytest

import spite_rules as sr
from spite_rules.bots import GreedyBot, next_bot_action
from spite_rules.core.research import game_of_view
from spite_rules.state import Reward

SPITE = sr.game("spite")
AUTOMATIC = sr.Rules(referee=sr.Referee.AUTOMATIC)


def _with_fake_jokers(state: sr.State, seat: int, count: int) -> sr.State:
    """``state`` with ``count`` fake jokers moved from the pile to ``seat``."""
    fakes = state.fake_pile[:count]
    held = list(state.fake_jokers)
    held[seat] = sr.sort_cards(held[seat] + fakes)
    return attrs.evolve(state, fake_jokers=tuple(held), fake_pile=state.fake_pile[count:])


def _to_trick(state: sr.State) -> sr.State:
    """Play greedily until the opening is over and a trick is under way with seat 0 not to act."""
    bots = [GreedyBot()] * state.players
    while state.opening is not None or not state.trick.plays or state.to_act == 0:
        action = next_bot_action(state, bots)
        assert action is not None
        state, _ = sr.apply(state, action)
    return state


def test_another_seats_face_down_fake_joker_played_out_of_turn_is_one_of_its_fake_jokers() -> None:
    state = _to_trick(_with_fake_jokers(sr.new_game(4, seed=3, rules=AUTOMATIC), 2, 2))
    jumper = 2 if state.to_act != 2 else 3
    if jumper == 3:
        state = _with_fake_jokers(state, 3, 1)
    fake = state.fake_jokers[jumper][0]
    state, events = sr.apply(state, sr.Play(jumper, (fake,), face_down=True))
    assert isinstance(events[-1], sr.OutOfTurnPlay)
    seen = state.view(0)
    assert seen.pending[0].cards == ()  # seat 0 sees a face-down card, not its face
    for seed in range(20):
        sample = sr.determinize(seen, seed)
        assert sample.view(0) == seen
        (waiting,) = sample.pending
        assert waiting.face_down and waiting.cards[0] in sample.fake_jokers[jumper]
        while not sample.round_over and sample.pending:  # the held play is judged when its turn comes
            sample, _ = sr.apply(sample, next_bot_action(sample, [GreedyBot()] * 4))


def test_the_reward_cards_a_seat_is_viewing_stay_on_top_of_the_deck() -> None:
    state = sr.new_game(3, seed=2, rules=AUTOMATIC)
    seat = state.to_act
    assert seat is not None
    state = attrs.evolve(state, reward=Reward(seat, 3), opening=None)
    seen = state.view(seat)
    assert len(seen.reward_cards) == 3
    for seed in range(5):
        sample = sr.determinize(seen, seed)
        assert sample.deck[:3] == state.deck[:3]
        assert sample.deck[3:] != state.deck[3:]


def test_another_seats_reward_cards_are_dealt_like_the_rest_of_the_deck() -> None:
    state = sr.new_game(3, seed=2, rules=AUTOMATIC)
    seat = state.to_act
    assert seat is not None
    state = attrs.evolve(state, reward=Reward(seat, 3), opening=None)
    other = (seat + 1) % 3
    seen = state.view(other)
    assert seen.reward_cards == () and seen.reward_count == 3
    assert any(sr.determinize(seen, s).deck[:3] != state.deck[:3] for s in range(5))


def test_a_position_with_fewer_cards_than_a_deck_has_no_determinization() -> None:
    with pytest.raises(sr.IllegalAction, match="unseen for"):
        sr.determinize(sr.setup(hands=["5♠", "6♦", "7♣"]).view(0), 1)


def test_determinize_refuses_a_value_that_is_no_games_view() -> None:
    with pytest.raises(sr.IllegalAction, match="is not the seat view of any registered game"):
        sr.determinize("a view", 1)
    assert game_of_view(sr.new_game(3, seed=1).view(0)) is SPITE


def test_returns_rank_seats_by_their_place_and_refuse_an_unfinished_round() -> None:
    state = sr.new_game(4, seed=5, rules=AUTOMATIC)
    with pytest.raises(sr.IllegalAction, match="not over"):
        sr.returns(state)
    while not state.round_over:
        state, _ = sr.apply(state, next_bot_action(state, [GreedyBot()] * 4))
    order = state.previous_order
    assert order is not None
    results = sr.returns(state)
    assert [results[seat] for seat in order] == pytest.approx([1.0, 2 / 3, 1 / 3, 0.0])
