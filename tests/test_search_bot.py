"""SearchBot (information-set MCTS): it plays only legal moves, is deterministic for a seed, and
runs exactly the iterations it is given. Its strength is measured in benchmarks/search.py."""

from __future__ import annotations

import pytest

import spite_rules as sr
from spite_rules.bots import BOTS, GreedyBot, SearchBot, next_bot_action, play_round
from tests.helpers import AUTOMATIC


def _turn_moves(state: sr.State) -> list[sr.Action]:
    return [move for move in sr.legal_moves(state) if move.player == state.to_act and not isinstance(move, sr.CallMisplay)]


@pytest.mark.parametrize("referee", list(sr.Referee))
def test_search_bot_chooses_only_legal_moves_through_a_whole_round(referee: sr.Referee) -> None:
    state = sr.new_game(4, seed=21, rules=sr.Rules(referee=referee))
    bots = [SearchBot(iterations=4, seed=1), GreedyBot(), SearchBot(iterations=3, seed=2), GreedyBot()]
    for _ in range(5000):
        if state.round_over:
            break
        action = next_bot_action(state, bots)
        assert action is not None
        assert action in sr.legal_moves(state)
        state, events = sr.apply(state, action)
        assert not any(isinstance(event, sr.Misplay) for event in events)
    assert state.round_over


def test_search_bots_with_the_same_seed_play_the_same_round() -> None:
    def round_with(seed: int) -> tuple[sr.Event, ...]:
        bots = [GreedyBot(), SearchBot(iterations=6, seed=seed), GreedyBot()]
        return play_round(sr.new_game(3, seed=8, rules=AUTOMATIC), bots)[1]

    assert round_with(5) == round_with(5)


def test_search_bot_runs_exactly_its_iterations_and_tries_every_root_move() -> None:
    state = sr.new_game(4, seed=3, rules=AUTOMATIC)
    while len(_turn_moves(state)) < 4:
        action = next_bot_action(state, [GreedyBot()] * 4)
        assert action is not None
        state, _ = sr.apply(state, action)
    moves = _turn_moves(state)
    iterations = 3 * len(moves)
    bot = SearchBot(iterations=iterations, seed=0)
    assert state.to_act is not None
    chosen = bot.choose(state.view(state.to_act), moves)
    assert bot.stats is not None
    assert bot.stats.iterations == iterations
    assert sum(bot.stats.visits) == iterations
    assert all(visits >= 1 for visits in bot.stats.visits)  # each untried move is tried first
    assert chosen == moves[bot.stats.visits.index(max(bot.stats.visits))]


def test_search_bot_takes_a_single_move_without_searching() -> None:
    state = sr.new_game(3, seed=1)
    bot = SearchBot(iterations=50, seed=0)
    only = [sr.Pass(0)]
    assert bot.choose(state.view(0), only) == only[0]
    assert bot.stats is None


def test_search_bot_refuses_fewer_than_one_iteration() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        SearchBot(iterations=0)


def test_simulate_knows_the_search_bot_by_name_but_web_tables_do_not_seat_it() -> None:
    from spite_rules.simulation import SIMULATION_BOTS

    assert isinstance(SIMULATION_BOTS["search"](7), SearchBot)
    assert "search" not in BOTS


def test_search_bot_on_common_random_numbers_plays_every_move_on_every_deal() -> None:
    # The flat search compares the moves on the same deals: each iteration plays out every move.
    state = sr.new_game(4, seed=3, rules=AUTOMATIC)
    while len(_turn_moves(state)) < 3:
        action = next_bot_action(state, [GreedyBot()] * 4)
        assert action is not None
        state, _ = sr.apply(state, action)
    moves = _turn_moves(state)
    assert state.to_act is not None
    bot = SearchBot(iterations=5, seed=0, common=True)
    chosen = bot.choose(state.view(state.to_act), moves)
    assert bot.stats is not None
    assert bot.stats.iterations == 5 and bot.stats.visits == (5,) * len(moves)
    assert chosen in moves
    again = SearchBot(iterations=5, seed=0, common=True)
    assert again.choose(state.view(state.to_act), moves) == chosen


def test_search_bot_on_common_random_numbers_takes_the_move_that_goes_out() -> None:
    # Going out first scores 1 in every playout: no other move can match it on the same deals.
    state = sr.new_game(4, seed=0, rules=AUTOMATIC)
    while True:  # the greedy bots' round up to the first seat that may play its last card or not
        moves = _turn_moves(state)
        seat = state.to_act
        if seat is not None and len(state.hands[seat]) == 1 and len(moves) > 1 and any(
                isinstance(move, sr.Play) for move in moves):
            break
        action = next_bot_action(state, [GreedyBot()] * 4)
        assert action is not None and not state.round_over
        state, _ = sr.apply(state, action)
    chosen = SearchBot(iterations=3, seed=1, common=True).choose(state.view(seat), moves)
    assert isinstance(chosen, sr.Play) and chosen.cards == state.hands[seat]


def test_search_bot_on_common_random_numbers_keeps_the_default_policys_choice_without_evidence() -> None:
    # With a prior, every other move is shrunk towards the greedy bot's choice: at one iteration
    # the greedy bot's move stands unless another move did better on that deal.
    state = sr.new_game(4, seed=5, rules=AUTOMATIC)
    assert state.to_act is not None
    seen = state.view(state.to_act)
    moves = _turn_moves(state)
    greedy = GreedyBot(0).choose(seen, moves)
    bot = SearchBot(iterations=1, seed=2, common=True, prior=10**6)
    assert bot.choose(seen, moves) == greedy
