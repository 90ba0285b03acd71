"""SearchBot (information-set MCTS) playing Spite and Malice through the research protocol: legal
moves only through whole games of every preset, deterministic for a seed, the game's own greedy
bot in its playouts, its horizon and prior, and root moves some deals do not allow. Its strength
against GreedyBot is measured in benchmarks/search.py (``--game malice``; docs/research.md)."""

from __future__ import annotations

import attrs
import pytest

import spite_rules as sr
import spite_rules.malice as sm
from spite_rules.bots import RandomBot, SearchBot, next_bot_action, play_deal
from spite_rules.cards import parse_cards

MALICE = sr.game("malice")


@pytest.mark.parametrize("preset", sm.PRESETS)
def test_search_bot_chooses_only_legal_moves_through_a_whole_game(preset: str) -> None:
    state = sm.new_game(2, seed=3, rules=sm.Rules.preset(preset))
    bots = [SearchBot(iterations=3, seed=1, horizon=1, prior=2), sm.GreedyBot()]
    for _ in range(5000):
        if state.game_over:
            break
        action = next_bot_action(state, bots)
        assert action is not None and action in sm.legal_moves(state)
        state, _ = sm.apply(state, action)
    assert state.game_over


def test_search_bots_with_the_same_seed_play_the_same_game() -> None:
    def game_with(seed: int) -> tuple[sm.Event, ...]:
        bots = [sm.GreedyBot(), SearchBot(iterations=4, seed=seed, horizon=1)]
        return play_deal(sm.new_game(2, seed=8), bots)[1]

    assert game_with(5) == game_with(5)
    assert game_with(5) != game_with(6)


def _decision(preset: str, least: int) -> sm.State:
    """A greedy game of ``preset`` played on to a decision with at least ``least`` moves."""
    state = sm.new_game(2, seed=2, rules=sm.Rules.preset(preset))
    bots = [sm.GreedyBot(), sm.GreedyBot()]
    while len(sm.legal_moves(state)) < least:
        action = next_bot_action(state, bots)
        assert action is not None
        state, _ = sm.apply(state, action)
    return state


def test_search_bot_runs_exactly_its_iterations_and_tries_every_root_move() -> None:
    state = _decision("common", 6)
    moves = sm.legal_moves(state)
    bot = SearchBot(iterations=2 * len(moves), seed=0, horizon=1)
    chosen = bot.choose(state.view(state.to_act), moves)
    assert bot.stats is not None
    assert sum(bot.stats.visits) == bot.stats.iterations == 2 * len(moves)
    assert all(visits >= 1 for visits in bot.stats.visits)
    assert chosen == moves[bot.stats.visits.index(max(bot.stats.visits))]


def test_search_bot_plays_out_with_the_games_greedy_bot_unless_told_otherwise() -> None:
    state = _decision("common", 4)
    bot = SearchBot(iterations=4, seed=0, horizon=1)
    bot.choose(state.view(state.to_act), sm.legal_moves(state))
    assert type(bot._rollout(1)) is sm.GreedyBot
    told = SearchBot(iterations=4, seed=0, horizon=1, rollout=RandomBot)
    told.choose(state.view(state.to_act), sm.legal_moves(state))
    assert told._rollout is RandomBot


def test_with_a_prior_the_greedy_choice_wins_a_search_that_finds_nothing_better() -> None:
    # With one iteration only one move is ever tried; a prior of 2 outweighs that single visit.
    state = _decision("common", 6)
    moves = sm.legal_moves(state)
    seen = state.view(state.to_act)
    greedy = sm.GreedyBot().choose(seen, moves)
    assert SearchBot(iterations=1, seed=4, horizon=1, prior=2).choose(seen, moves) == greedy
    without = [SearchBot(iterations=1, seed=seed, horizon=1).choose(seen, moves) for seed in range(8)]
    assert any(move != greedy for move in without)


def test_a_horizon_stops_the_playout_at_the_bots_next_turn_and_scores_it_by_the_estimate() -> None:
    state = _decision("common", 4)
    moves = sm.legal_moves(state)
    seen = state.view(state.to_act)
    short = SearchBot(iterations=12, seed=2, horizon=1)
    short.choose(seen, moves)
    whole = SearchBot(iterations=12, seed=2)
    whole.choose(seen, moves)
    assert short.stats is not None and whole.stats is not None
    assert short.stats.seconds < whole.stats.seconds  # a whole game per playout costs far more


def test_root_moves_a_deal_does_not_allow_are_left_out_of_that_iteration() -> None:
    # The book's side rule reads a joker on a side stack by the card under it, which the view does
    # not show: a discard allowed at the real table is refused in some deals of the hidden cards.
    state = sm.new_game(2, seed=1, rules=sm.Rules.preset("book"))
    seat = state.to_act
    buried = parse_cards("9♠ JK")
    stock = list(state.stock)
    for card in buried:
        stock.remove(card)
    side = list(state.side)
    side[seat] = (buried,) + side[seat][1:]
    state = attrs.evolve(state, stock=tuple(stock), side=tuple(side), phase=sm.Phase.PLAY)
    moves = sm.legal_moves(state)
    seen = state.view(seat)
    assert any(
        set(moves) != set(sm.legal_moves(MALICE.determinize(seen, number))) for number in range(20)
    )
    bot = SearchBot(iterations=40, seed=3, horizon=1)
    assert bot.choose(seen, moves) in moves
