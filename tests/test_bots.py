"""Bots: they pick only from the moves they are given, finish rounds, and greedy beats random."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

import spite_rules as sr
from spite_rules.bots import BOTS, STRONG_THINK_TIME, GreedyBot, RandomBot, SearchBot, moves_for, next_bot_action, play_round
from tests.helpers import AUTOMATIC


def _states(players: int, seed: int, rules: sr.Rules, careless: float = 0.0) -> Iterator[sr.State]:
    """Every state of one random round (with some misplays when ``careless``)."""
    rng = random.Random(seed)
    state = sr.new_game(players, seed=seed, rules=rules)
    while not state.round_over:
        yield state
        seat = state.to_act
        assert seat is not None
        action = rng.choice(sr.legal_moves(state))
        if rng.random() < careless and state.hands[seat] and state.reward is None:
            action = sr.Play(seat, (rng.choice(state.hands[seat]),))
        state, _ = sr.apply(state, action)


def _round_over(events: tuple[sr.Event, ...]) -> sr.RoundOver:
    """The round's closing event (the last one)."""
    over = events[-1]
    assert isinstance(over, sr.RoundOver), over
    return over


def _turn_moves(state: sr.State, seat: int) -> list[sr.Action]:
    return [move for move in moves_for(state, seat) if not isinstance(move, sr.CallMisplay)]


@pytest.mark.parametrize("make", [RandomBot, GreedyBot], ids=["random", "greedy"])
def test_a_bot_only_ever_chooses_one_of_the_moves_it_is_given(make: type) -> None:
    bot = make(5)
    checked = 0
    for seed, players in ((1, 3), (2, 5), (3, 9)):
        for state in _states(players, seed, sr.Rules(), careless=0.15):
            seat = state.to_act
            assert seat is not None
            moves = _turn_moves(state, seat)
            assert bot.choose(state.view(seat), moves) in moves
            calls = [move for move in moves_for(state, (seat + 1) % players)
                     if isinstance(move, sr.CallMisplay)]
            if calls:
                called = bot.wants_to_call(state.view(calls[0].player), calls)
                assert called is None or called in calls
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("make", [RandomBot, GreedyBot], ids=["random", "greedy"])
def test_a_bot_given_a_subset_of_moves_stays_inside_it(make: type) -> None:
    bot = make(3)
    for state in _states(4, 17, AUTOMATIC):
        seat = state.to_act
        assert seat is not None
        moves = _turn_moves(state, seat)
        subset = moves[len(moves) // 2 :]
        assert bot.choose(state.view(seat), subset) in subset


def test_a_random_bot_with_the_same_seed_makes_the_same_choices() -> None:
    state = sr.new_game(4, seed=1, rules=AUTOMATIC)
    first, _ = play_round(state, [RandomBot(seat) for seat in range(4)])
    second, _ = play_round(state, [RandomBot(seat) for seat in range(4)])
    assert first == second


@pytest.mark.parametrize("players", range(3, 10))
def test_play_round_finishes_a_round_for_every_table_size(players: int) -> None:
    state = sr.new_game(players, seed=players * 7, rules=AUTOMATIC)
    table = [GreedyBot(0)] + [RandomBot(seat) for seat in range(1, players)]
    state, events = play_round(state, table)
    assert state.round_over
    assert state.to_act is None
    over = [event for event in events if isinstance(event, sr.RoundOver)]
    assert len(over) == 1
    assert sorted(over[0].order) == list(range(players))
    assert sr.legal_moves(state) == ()


@pytest.mark.parametrize("players", [3, 6, 9])
def test_play_round_finishes_a_round_under_the_called_referee(players: int) -> None:
    state = sr.new_game(players, seed=players, rules=sr.Rules(referee=sr.Referee.CALLED))
    state, events = play_round(state, [RandomBot(seat) for seat in range(players)])
    assert state.round_over
    assert isinstance(events[-1], sr.RoundOver)


def test_play_round_finishes_a_later_round() -> None:
    state = sr.new_game(5, seed=8, rules=AUTOMATIC)
    table = [GreedyBot(seat) for seat in range(5)]
    state, _ = play_round(state, table)
    state, _ = sr.next_round(state, ["fay"])
    state, events = play_round(state, table + [RandomBot(9)])
    assert state.round_over and state.round_number == 2
    assert sorted(_round_over(events).order) == list(range(6))


def test_play_round_refuses_a_table_of_the_wrong_size() -> None:
    with pytest.raises(ValueError, match="3 bots for 4 seats"):
        play_round(sr.new_game(4, seed=1), [RandomBot(0), RandomBot(1), RandomBot(2)])


def test_next_bot_action_waits_for_a_human_to_act() -> None:
    state = sr.new_game(4, seed=1, rules=AUTOMATIC)
    seat = state.to_act
    assert seat is not None
    bots: list[RandomBot | None] = [RandomBot(s) for s in range(4)]
    bots[seat] = None
    assert next_bot_action(state, bots) is None


def test_next_bot_action_is_a_legal_move_of_the_seat_to_act() -> None:
    for state in _states(5, 4, AUTOMATIC):
        action = next_bot_action(state, [GreedyBot(seat) for seat in range(5)])
        assert action in sr.legal_moves(state)
        assert action is not None and action.player == state.to_act


def test_greedy_bots_call_an_open_misplay_before_the_next_turn() -> None:
    state = sr.setup(hands=["9♠ 3♦", "9♦ 4♣", "9♣ 5♣"])
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    state, _ = sr.apply(state, sr.Play(1, "9♦"))
    assert state.to_act == 2
    action = next_bot_action(state, [GreedyBot(0), GreedyBot(1), GreedyBot(2)])
    assert action == sr.CallMisplay(0, 1)  # asked clockwise after the seat to act
    only_seat_2 = next_bot_action(state, [None, None, GreedyBot(2)])
    assert only_seat_2 == sr.CallMisplay(2, 1)


def test_greedy_bots_never_say_come_at_me() -> None:
    state = sr.new_game(4, seed=6, rules=AUTOMATIC)
    _, events = play_round(state, [GreedyBot(seat) for seat in range(4)])
    assert not [event for event in events if isinstance(event, sr.ComeAtMeWon | sr.ComeAtMeFailed)]


def test_a_greedy_bot_takes_the_best_swap_of_a_come_at_me_reward() -> None:
    state = sr.setup(hands=["6♠ 9♠ 10♠", "3♦ 4♦", "3♣ 4♣"], deck="9♥ 2♣ J♦ Q♠", rules=AUTOMATIC)
    for action in (sr.Play(0, "6♠", come_at_me=True), sr.Pass(1), sr.Pass(2)):
        state, _ = sr.apply(state, action)
    moves = _turn_moves(state, 0)
    assert GreedyBot().choose(state.view(0), moves) == sr.TakeReward(0, 3, "9♠", "2♣")


def test_the_command_line_bots_are_random_greedy_and_strong() -> None:
    assert isinstance(BOTS["random"](1), RandomBot)
    assert isinstance(BOTS["greedy"](1), GreedyBot)
    strong = BOTS["strong"](1)
    assert isinstance(strong, SearchBot) and strong.think_time == STRONG_THINK_TIME


def test_a_search_bot_stops_searching_at_its_think_time() -> None:
    state = sr.new_game(4, seed=2, rules=AUTOMATIC)
    moves = _turn_moves(state, state.to_act)
    bot = SearchBot(iterations=100_000, seed=1, think_time=0.05)
    started = time.perf_counter()
    assert bot.choose(state.view(state.to_act), moves) in moves
    # One iteration (a whole round played out, ~2 ms) may run past the bound, never 100,000 of them.
    assert time.perf_counter() - started < 2.0
    assert bot.stats is not None and 1 <= bot.stats.iterations < 100_000


def test_a_search_bot_refuses_a_think_time_that_is_not_positive() -> None:
    with pytest.raises(ValueError, match="think_time must be positive, not 0"):
        SearchBot(think_time=0)


def test_play_offers_the_strong_bot_as_the_opponents() -> None:
    from spite_rules.cli import play

    said: list[str] = []

    def read(prompt: str) -> str:
        raise EOFError

    assert play(3, 2, sr.Referee.AUTOMATIC, read=read, out=said.append, bot="strong") == 0
    assert "you are seat 0 against 2 strong bots" in said[0]


def test_the_greedy_bot_goes_out_first_clearly_more_often_than_random_bots() -> None:
    rounds = 200
    firsts = 0
    for number in range(rounds):
        greedy_seat = number % 4
        table = [GreedyBot(number) if seat == greedy_seat else RandomBot(1000 * number + seat)
                 for seat in range(4)]
        _, events = play_round(sr.new_game(4, seed=number, rules=AUTOMATIC), table)
        order = _round_over(events).order
        firsts += order[0] == greedy_seat
    assert firsts / rounds > 0.35
