"""Fallible bots: each table error is the misplay it claims to be, calls right and wrong, plays out
of turn, and a fallible table never does what a real table could not."""

from __future__ import annotations

import collections

import pytest

import spite_rules as sr
from spite_rules.bots import Fallible, GreedyBot, RandomBot, next_table_action
from tests.helpers import AUTOMATIC, CALLED, first_misplay, play_through


def _slip(state: sr.State, seed: int = 0) -> tuple[Fallible, sr.Action]:
    """What an always-erring greedy bot does as the seat to act."""
    seat = state.to_act
    assert seat is not None
    bot = Fallible(GreedyBot(), misplay_rate=1.0, call_rate=0.0, seed=seed)
    moves = [move for move in sr.legal_moves(state) if move.player == seat]
    return bot, bot.choose(state.view(seat), moves)


def _misplay_rule(state: sr.State, action: sr.Action) -> str:
    _, events = sr.apply(state, action)
    return first_misplay(events).rule


def test_fallible_follows_with_a_hand_that_does_not_beat() -> None:
    state, _ = play_through(sr.setup(hands=["9♠ 4♦", "8♦ 10♣", "7♣ J♠"]), sr.Play(0, "9♠"))
    bot, action = _slip(state)
    assert bot.slips == ["does not beat"]
    assert action == sr.Play(1, "8♦")
    assert _misplay_rule(state, action) == "trick.follow.strictly-better"


def test_fallible_forgets_to_say_unbeatable_with_a_2_under_a_suited_consec() -> None:
    hands = ["4♠ 3♣", "8♠ 3♣", "J♠ 3♣", "2♠"]
    state, _ = play_through(sr.setup(hands=hands), sr.Play(0, "4♠"), sr.Play(1, "8♠"), sr.Play(2, "J♠"))
    bot, action = _slip(state)
    assert bot.slips == ["forgot unbeatable"]
    assert _misplay_rule(state, action) == "consec.suited.unbeatable"


def test_fallible_buys_back_for_the_wrong_count() -> None:
    state = sr.setup(hands=["5♠ 3♦", "8♦ 9♣", "7♣ 3♥"], rules=AUTOMATIC)
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Pass(1), sr.Play(2, "7♣"), sr.Pass(0))
    assert state.to_act == 1
    bot, action = _slip(state, seed=3)
    assert bot.slips == ["wrong buy-back"]
    assert isinstance(action, sr.Play) and action.buy_back == 2  # 1 is due
    assert _misplay_rule(state, action) == "buy-back.count"


def test_fallible_announces_a_direction_on_a_seven_played_on_a_seven() -> None:
    state, _ = play_through(sr.setup(hands=["7♦ 9♦", "7♠ 10♠", "8♣ 2♠"]), sr.Play(0, "7♦"))
    bot, action = _slip(state, seed=1)
    assert bot.slips == ["seven on seven"]
    assert isinstance(action, sr.Play) and action.direction is not None
    assert _misplay_rule(state, action) == "direction.seven-on-seven"


def test_fallible_makes_no_error_on_a_lead_where_none_of_its_errors_is_possible() -> None:
    state = sr.setup(hands=["5♠ 9♦", "6♦", "7♣"])
    bot, action = _slip(state)
    assert bot.slips == []
    assert action in sr.legal_moves(state)


def test_fallible_jumps_in_out_of_turn_and_its_play_is_held() -> None:
    state = sr.setup(hands=["5♠ 9♦", "6♦ 8♠", "7♣ 4♥"])
    state, _ = play_through(state, sr.Play(0, "5♠"))  # seat 1 to act; seat 2 is next
    bot = Fallible(GreedyBot(), misplay_rate=1.0, call_rate=0.0, seed=0)
    attempts = [bot.interrupt(state.view(2)) for _ in range(40)]
    jumped = [action for action in attempts if action is not None]
    assert jumped and all(isinstance(action, sr.Play) and action.player == 2 for action in jumped)
    assert bot.slips.count("out of turn") == len(jumped)
    _, events = sr.apply(state, jumped[0])
    assert isinstance(events[-1], sr.OutOfTurnPlay)


def test_fallible_calls_an_open_misplay_at_its_call_rate() -> None:
    state, _ = play_through(sr.setup(hands=["9♠ 4♦", "8♦ 10♣", "7♣ J♠"], rules=CALLED), sr.Play(0, "9♠"))
    state, _ = sr.apply(state, sr.Play(1, "8♦"))  # a misplay, open to a call
    calls = [move for move in sr.legal_moves(state) if isinstance(move, sr.CallMisplay) and move.player == 2]
    always = Fallible(GreedyBot(), misplay_rate=0.0, call_rate=1.0)
    never = Fallible(GreedyBot(), misplay_rate=0.0, call_rate=0.0)
    assert always.wants_to_call(state.view(2), calls) == sr.CallMisplay(2, 1)
    assert never.wants_to_call(state.view(2), calls) is None


def test_fallible_calls_wrongly_on_a_seat_that_played_correctly_and_it_is_a_misplay() -> None:
    state, _ = play_through(sr.setup(hands=["9♠ 4♦", "10♦ 8♣", "7♣ J♠"], rules=CALLED), sr.Play(0, "9♠"))
    # Seat 2 watches seat 0's play; with 2 watchers each errs at half the share (seed 1: it does).
    bot = Fallible(GreedyBot(), misplay_rate=0.0, call_rate=1.0, wrong_call_share=1.0, seed=1)
    call = bot.interrupt(state.view(2))
    assert call == sr.CallMisplay(2, 0) and bot.slips == ["wrong call"]
    assert [bot.interrupt(state.view(2)) for _ in range(5)] == [None] * 5  # each play watched once
    _, events = sr.apply(state, call)
    assert events[0] == sr.MisplayCalled(2, 0, False)
    assert first_misplay(events).rule == "misplays.incorrect-call"


def test_fallible_makes_no_call_under_the_automatic_referee() -> None:
    state, _ = play_through(sr.setup(hands=["9♠ 4♦", "10♦ 8♣", "7♣ J♠"], rules=AUTOMATIC), sr.Play(0, "9♠"))
    bot = Fallible(GreedyBot(), misplay_rate=0.0, call_rate=1.0, wrong_call_share=1.0)
    assert bot.interrupt(state.view(2)) is None


def test_fallible_with_no_errors_plays_exactly_as_the_bot_it_wraps() -> None:
    def events_of(table: list[object]) -> tuple[sr.Event, ...]:
        state = sr.new_game(4, seed=6, rules=CALLED)
        stream: list[sr.Event] = []
        while not state.round_over:
            state, events = sr.apply(state, next_table_action(state, table))
            stream.extend(events)
        return tuple(stream)

    plain = events_of([GreedyBot() for _ in range(4)])
    wrapped = events_of([Fallible(GreedyBot(), misplay_rate=0.0, call_rate=1.0, wrong_call_share=0.0) for _ in range(4)])
    assert wrapped == plain


@pytest.mark.parametrize("referee", list(sr.Referee))
def test_a_fallible_table_only_does_what_a_table_can_and_makes_the_classic_misplays(referee: sr.Referee) -> None:
    rules: collections.Counter[str] = collections.Counter()
    for seed in range(6):
        players = 3 + seed
        state = sr.new_game(players, seed=seed, rules=sr.Rules(referee=referee))
        table = [
            Fallible(GreedyBot() if seat % 2 else RandomBot(seat), misplay_rate=0.3, call_rate=0.5, seed=seed * 10 + seat)
            for seat in range(players)
        ]
        for _ in range(20_000):
            if state.round_over:
                break
            state, events = sr.apply(state, next_table_action(state, table))  # never IllegalAction
            rules.update(event.rule for event in events if isinstance(event, sr.Misplay))
        assert state.round_over
    assert {"trick.follow.strictly-better", "buy-back.count", "misplays.barred"} <= set(rules)
    assert ("misplays.incorrect-call" in rules) == (referee is sr.Referee.CALLED)


def test_fallible_refuses_a_rate_outside_0_to_1() -> None:
    with pytest.raises(ValueError, match="misplay_rate"):
        Fallible(GreedyBot(), misplay_rate=1.5)
