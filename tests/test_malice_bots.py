"""Spite and Malice's GreedyBot: legal, deterministic, and greedy in the ways issue 19 asks."""

from __future__ import annotations

import pytest

import spite_rules.malice as sm
from spite_rules.bots import Bot, RandomBot, next_bot_action, play_deal


def _choice(state: sm.State) -> sm.Action:
    return sm.GreedyBot().choose(state.view(state.to_act), sm.legal_moves(state))


@pytest.mark.parametrize("preset", sm.PRESETS)
def test_greedy_bot_plays_only_legal_moves_to_the_end(preset: str) -> None:
    for seed in range(2):
        state = sm.new_game(2, seed=seed, rules=sm.Rules.preset(preset))
        bots = [sm.GreedyBot(seed), RandomBot(seed)]
        while not state.game_over:
            moves = sm.legal_moves(state)
            action = next_bot_action(state, bots, moves)
            assert action in moves
            state, _ = sm.apply(state, action)


def test_greedy_bot_is_deterministic_and_a_bot() -> None:
    bot: Bot[sm.SeatView, sm.Action] = sm.GreedyBot(3)
    assert bot.name == "greedy"
    rules = sm.Rules.preset("book")
    runs = [play_deal(sm.new_game(2, seed=5, rules=rules), [sm.GreedyBot(1), sm.GreedyBot(2)])[1] for _ in range(2)]
    assert runs[0] == runs[1]


def test_greedy_bot_plays_the_payoff_card_it_can() -> None:
    state = sm.setup(payoff=["9♦ 3♠", "Q♣"], hands=["3♥ 8♣", ""], centre=["A♦ 2♦"])
    assert str(_choice(state)) == "seat 0: play 3♠ from pay-off to centre 1"


def test_greedy_bot_starts_the_chain_that_reaches_the_payoff_card() -> None:
    state = sm.setup(payoff=["9♦ 4♠", "Q♣"], hands=["2♣ 7♦ 9♣", ""], side=[["A♥", "3♦"], []])
    assert str(_choice(state)) == "seat 0: play A♥ from side 1 to centre 1"
    for expected in ("play 2♣ from hand to centre 1", "play 3♦ from side 2 to centre 1", "play 4♠ from pay-off to centre 1"):
        state, _ = sm.apply(state, _choice(state))
        assert str(_choice(state)).endswith(expected)


def test_greedy_bot_keeps_a_wild_card_when_a_natural_card_does() -> None:
    state = sm.setup(payoff=["9♦ 5♠", "Q♣"], hands=["4♣ K♥", ""], centre=["A♦ 2♦ 3♦"])
    assert str(_choice(state)) == "seat 0: play 4♣ from hand to centre 1"


def test_greedy_bot_spends_a_wild_card_only_to_reach_the_payoff_card() -> None:
    out_of_reach = sm.setup(payoff=["9♦ Q♠", "J♣"], hands=["K♥ 9♣", ""], centre=["A♦ 2♦ 3♦"])
    assert str(_choice(out_of_reach)) == "seat 0: discard 9♣ to side 1"
    in_reach = sm.setup(payoff=["9♦ 5♠", "J♣"], hands=["K♥ 9♣", ""], centre=["A♦ 2♦ 3♦"])
    assert str(_choice(in_reach)) == "seat 0: play K♥ from hand to centre 1"


def test_greedy_bot_discards_to_keep_side_stacks_descending() -> None:
    onto_one_higher = sm.setup(payoff=["9♦ Q♠", "J♣"], hands=["4♦ 10♥", ""], side=[["9♣", "5♠"], []])
    assert str(_choice(onto_one_higher)) == "seat 0: discard 4♦ to side 2"
    highest_to_empty = sm.setup(payoff=["9♦ Q♠", "J♣"], hands=["3♦ 10♥", ""], side=[["9♣"], []])
    assert str(_choice(highest_to_empty)) == "seat 0: discard 10♥ to side 2"
    below_not_above = sm.setup(
        payoff=["9♦ Q♠", "J♣"], hands=["6♦ 10♥", ""], side=[["9♣", "5♠", "J♦", "2♥"], []]
    )
    assert str(_choice(below_not_above)) == "seat 0: discard 10♥ to side 3"
