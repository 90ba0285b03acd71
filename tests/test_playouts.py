"""The bulk playout API (issue 23, lever 4) plays exactly what the public loop plays."""

import random

import pytest

import spite_rules as sr
from spite_rules.bots import Fallible, GreedyBot, RandomBot, next_table_action, play_round
from spite_rules.events import RoundOver, TrickWon

AUTOMATIC = sr.Rules(referee=sr.Referee.AUTOMATIC)


def _public_random_round(players: int, seed: int, rules: sr.Rules) -> sr.Playout:
    """The public loop: ``rng.choice(legal_moves(state))`` then ``apply``, to the round's end."""
    state = sr.new_game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    actions = tricks = 0
    ended = None
    while not state.round_over:
        state, events = sr.apply(state, rng.choice(sr.legal_moves(state)))
        actions += 1
        tricks += sum(isinstance(event, TrickWon) for event in events)
        ended = next((event for event in events if isinstance(event, RoundOver)), ended)
    assert ended is not None
    return sr.Playout(seed, actions, tricks, ended.order, ended.points)


@pytest.mark.parametrize("players", [3, 4, 7])
def test_random_playouts_are_the_public_loops_rounds(players: int) -> None:
    assert sr.playouts(players, 12, seed=100) == tuple(
        _public_random_round(players, seed, AUTOMATIC) for seed in range(100, 112)
    )


def test_random_playouts_under_the_called_referee_are_the_public_loops_rounds() -> None:
    called = sr.Rules(referee=sr.Referee.CALLED)
    assert sr.playouts(5, 8, seed=7, rules=called) == tuple(
        _public_random_round(5, seed, called) for seed in range(7, 15)
    )


@pytest.mark.parametrize("maker", [RandomBot, GreedyBot])
def test_bot_playouts_are_the_rounds_a_table_of_bots_plays(maker: type) -> None:
    for result in sr.playouts(4, 6, seed=30, bot=maker):
        table = [maker(result.seed * 4 + seat) for seat in range(4)]
        state = sr.new_game(4, seed=result.seed, rules=AUTOMATIC)
        actions = tricks = 0
        while not state.round_over:  # play_round's loop, counting
            state, events = sr.apply(state, next_table_action(state, table))
            actions += 1
            tricks += sum(isinstance(event, TrickWon) for event in events)
        ended = [event for event in events if isinstance(event, RoundOver)][-1]
        assert result == sr.Playout(result.seed, actions, tricks, ended.order, ended.points)


def test_bot_playouts_end_as_play_round_ends() -> None:
    (result,) = sr.playouts(5, 1, seed=3, bot=GreedyBot)
    _, events = play_round(sr.new_game(5, seed=3, rules=AUTOMATIC), [GreedyBot(3 * 5 + s) for s in range(5)])
    assert (result.order, result.points) == (events[-1].order, events[-1].points)
