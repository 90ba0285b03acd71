"""The strong bot's comparison of its best turns by the opponent's sampled reply (issue 31, jacks):
where it applies, what it prefers, and that the bot stays a function of its seed and what it saw."""

from __future__ import annotations

import time
from typing import Any

import attrs

import spite_rules.malice as sm
from spite_rules.bots import play_deal
from spite_rules.malice.planner import REPLY_SAMPLES, Judge, PlannerBot, Weights, weighs_replies


def _greedy_moves(state: sm.State, count: int) -> sm.State:
    bot = sm.GreedyBot()
    for _ in range(count):
        state, _ = sm.apply(state, bot.choose(state.view(state.to_act), sm.legal_moves(state)))
    return state


def test_replies_are_weighed_only_where_a_player_may_use_the_others_cards() -> None:
    assert [weighs_replies(sm.Rules.preset(name)) for name in sm.PRESETS] == [False, False, True, False]
    assert weighs_replies(attrs.evolve(sm.Rules.preset("common"), opponent_discards=True))


def test_play_at_the_other_presets_is_the_plain_planners() -> None:
    # Gated on the rules: a bot that samples replies plays the same game as one that does not.
    for preset in ("common", "book", "three_decks"):
        games = []
        for samples in (REPLY_SAMPLES, 0):
            table = [PlannerBot(1, reply_samples=samples), sm.GreedyBot(1)]
            state = sm.new_game(2, seed=1, rules=sm.Rules.preset(preset))
            games.append(play_deal(state, table)[1])
        assert games[0] == games[1], preset


def test_a_turn_that_sets_up_the_opponents_payoff_top_loses_to_one_that_does_not() -> None:
    # Jacks deal 0 after 13 greedy moves: seat 0 holds 2♣ 10♦, centre 1 wants a 10 (a wild K on
    # top), the opponent's pay-off top is J♦. Playing the 10♦ leaves the centre wanting a J, which
    # the opponent's reply plays from its pay-off pile; discarding the 2♣ alone keeps it off.
    state = _greedy_moves(sm.new_game(2, seed=0, rules=sm.Rules.preset("jacks")), 13)
    seen = state.view(0)
    play, discard = sm.Play(0, "10♦", 0), sm.Discard(0, "2♣", 0)
    assert play in sm.legal_moves(state) and discard in sm.legal_moves(state)
    judge = Judge(seen, Weights())
    orders: list[list[list[sm.Action]]] = [[[play, discard], [discard]], [[discard], [play, discard]]]
    for turns in orders:
        assert PlannerBot(0)._by_reply(seen, judge, turns, time.perf_counter()) == discard


def test_out_of_think_time_the_reply_samples_nothing_and_keeps_the_plans_best() -> None:
    state = _greedy_moves(sm.new_game(2, seed=0, rules=sm.Rules.preset("jacks")), 13)
    seen = state.view(0)
    play, discard = sm.Play(0, "10♦", 0), sm.Discard(0, "2♣", 0)
    bot = PlannerBot(0, think_time=0.0)
    assert bot._by_reply(seen, Judge(seen, Weights()), [[play, discard], [discard]], time.perf_counter() - 1) == play


def test_the_bot_that_weighs_replies_is_a_function_of_its_seed_and_what_it_saw() -> None:
    games = []
    for _ in range(2):
        state = sm.new_game(2, seed=4, rules=sm.Rules.preset("jacks"))
        bots: list[Any] = [PlannerBot(4), sm.GreedyBot(4)]
        moves = []
        for _ in range(60):
            if state.game_over:
                break
            options = sm.legal_moves(state)
            move = bots[state.to_act].choose(state.view(state.to_act), options)
            moves.append(move)
            state, _ = sm.apply(state, move)
        games.append(moves)
    assert games[0] == games[1]
