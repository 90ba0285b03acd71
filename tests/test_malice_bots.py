"""Spite and Malice's GreedyBot: legal, deterministic, and greedy in the ways issue 19 asks."""

from __future__ import annotations

import time

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


# -- the strong bot: PlannerBot, a turn-level planner (issue 31) -------------------------------

from spite_rules.malice.bots import BOTS, STRONG_THINK_TIME  # noqa: E402
from spite_rules.malice.planner import PlannerBot  # noqa: E402


class _Checked:
    """A bot that asserts its inner bot only ever picks one of the moves it is given."""

    def __init__(self, bot: PlannerBot) -> None:
        self.bot = bot
        self.name = bot.name
        self.choices: list[sm.Action] = []

    def choose(self, seen: sm.SeatView, moves: list[sm.Action]) -> sm.Action:
        move = self.bot.choose(seen, moves)
        assert move in moves, (move, moves)
        self.choices.append(move)
        return move


@pytest.mark.parametrize("preset", sm.PRESETS)
def test_strong_bot_only_ever_chooses_one_of_its_moves_to_the_end(preset: str) -> None:
    checked = _Checked(PlannerBot(1))
    state, _ = play_deal(sm.new_game(2, seed=11, rules=sm.Rules.preset(preset)), [checked, sm.GreedyBot(2)])
    assert state.game_over and len(checked.choices) > 20


def test_strong_bot_is_deterministic_from_its_seed() -> None:
    # The first 120 actions of a jacks game (where the bot samples the hidden cards to weigh the
    # opponent's reply), twice from the same seeds: the same moves and events.
    rules = sm.Rules.preset("jacks")
    runs = []
    for _ in range(2):
        state, stream = sm.new_game(2, seed=4, rules=rules), []
        bots = [PlannerBot(7), sm.GreedyBot(1)]
        for _ in range(120):
            action = next_bot_action(state, bots)
            if action is None:
                break
            state, events = sm.apply(state, action)
            stream.append((action, events))
        runs.append(stream)
    assert runs[0] == runs[1] and len(runs[0]) == 120


def test_strong_bot_plans_the_chain_to_its_payoff_card_through_its_side_stack() -> None:
    # 2♥ from the hand, 3♣ from side stack 1, then the pay-off 4♠: the plan starts with the 2.
    state = sm.setup(payoff=["9♦ 4♠", "Q♣ 6♥"], hands=["2♥ 9♠", ""], side=[["3♣"], []], centre=["A♦"])
    assert str(PlannerBot().choose(state.view(0), sm.legal_moves(state))) == "seat 0: play 2♥ from hand to centre 1"


def test_strong_bot_does_not_bring_a_centre_stack_within_the_opponents_reach() -> None:
    # Playing 5♣ would let the opponent play 6♣ from its side stack, then its pay-off 7♥. The greedy
    # bot looks only at the pay-off card (a 6 would be spite) and plays it; the planner keeps it.
    state = sm.setup(payoff=["Q♦ J♠", "Q♣ 7♥"], hands=["5♣ 9♠ 9♦ 10♣ 10♦", ""], side=[[], ["6♣"]],
                     centre=["A♦ 2♦ 3♦ 4♦"], stock="7♣ 8♣")
    moves = sm.legal_moves(state)
    assert str(sm.GreedyBot().choose(state.view(0), moves)) == "seat 0: play 5♣ from hand to centre 1"
    assert "5♣ from hand" not in str(PlannerBot().choose(state.view(0), moves))


def test_strong_bot_stops_planning_at_its_think_time() -> None:
    state = sm.new_game(2, seed=3, rules=sm.Rules.preset("jacks"))
    bot = PlannerBot(max_nodes=10**9, think_time=0.001)
    unbounded = PlannerBot(max_nodes=10**9)
    for _ in range(60):  # into the game, where turns branch
        moves = sm.legal_moves(state)
        state, _ = sm.apply(state, sm.GreedyBot().choose(state.view(state.to_act), moves))
    seen, moves = state.view(state.to_act), sm.legal_moves(state)
    assert bot.choose(seen, moves) in moves
    unbounded.choose(seen, moves)
    # The clock is read every 4 positions: past 1 ms, the plan stops at the next reading.
    assert bot.nodes <= min(12, unbounded.nodes) < unbounded.nodes or unbounded.nodes <= 12


def test_the_strong_bot_at_a_persons_table_has_its_think_time_bounded() -> None:
    bot = BOTS["strong"](5)
    assert isinstance(bot, PlannerBot) and bot.think_time == STRONG_THINK_TIME


#: Fixed deals (seeds 0-4 of each preset, every one played twice with the seats swapped): the strong
#: bot's measured score against the greedy bot on exactly these games. Both bots are deterministic,
#: so the score is a fixed number, not a sample: a change that weakens the planner shows here.
PAIRED_DEALS = range(5)


def test_strong_bot_is_ahead_of_the_greedy_bot_over_fixed_paired_deals() -> None:
    score = games = 0.0
    for preset in ("common", "three_decks"):
        rules = sm.Rules.preset(preset)
        for seed in PAIRED_DEALS:
            for seat in (0, 1):
                table: list[object] = [sm.GreedyBot(seed), sm.GreedyBot(seed)]
                table[seat] = PlannerBot(seed)
                state, _ = play_deal(sm.new_game(2, seed=seed, rules=rules), table)
                score += 0.5 if state.winner is None else float(state.winner == seat)
                games += 1
    assert score / games >= 0.6, score / games
