"""Game records and replays: a game is (rules, seed, players, actions), and replaying rebuilds it."""

from __future__ import annotations

import random

import pytest

import spite_rules as sr
from spite_rules.bots import GreedyBot, RandomBot, next_bot_action
from tests.helpers import AUTOMATIC


def _record_game(
    players: int,
    seed: int,
    rounds: int,
    rules: sr.Rules = sr.Rules(),
    joiners: tuple[tuple[str, ...], ...] = (),
) -> tuple[sr.GameRecord, list[sr.State], list[sr.GameRecord], list[sr.Event]]:
    """A bot game, recorded: the final record, each state, the record after each state, and the
    whole event stream."""
    names = [f"p{seat}" for seat in range(players)]
    state = sr.new_game(names, seed=seed, rules=rules)
    record = sr.GameRecord(players=tuple(names), seed=seed, rules=rules)
    bots: list[GreedyBot | RandomBot] = [RandomBot(seed + seat) for seat in range(players)]
    states, records = [state], [record]
    stream: list[sr.Event] = []
    for number in range(rounds):
        if number:
            late = joiners[number - 1] if number - 1 < len(joiners) else ()
            state, events = sr.next_round(state, late)
            record = record.with_next_round(late)
            bots += [GreedyBot(seat) for seat in range(len(late))]
            stream.extend(events)
            states.append(state)
            records.append(record)
        while not state.round_over:
            action = next_bot_action(state, bots)
            assert action is not None
            state, events = sr.apply(state, action)
            record = record.with_action(action)
            stream.extend(events)
            states.append(state)
            records.append(record)
    return record, states, records, stream


def test_an_empty_record_replays_to_the_deal() -> None:
    record = sr.GameRecord(players=("ann", "bob", "cy"), seed=4)
    state, events = sr.replay(record)
    assert state == sr.new_game(["ann", "bob", "cy"], seed=4)
    assert events == ()


def test_with_action_adds_the_action_to_the_latest_round() -> None:
    record = sr.GameRecord(players=("a", "b", "c"), seed=1).with_action(sr.Pass(1))
    record = record.with_next_round(["dee"]).with_action(sr.Pass(2))
    assert record.rounds == (
        sr.RoundRecord(actions=(sr.Pass(1),)),
        sr.RoundRecord(actions=(sr.Pass(2),), late_joiners=("dee",)),
    )


def test_replaying_a_recorded_round_reproduces_its_final_state_and_every_event() -> None:
    record, states, _, stream = _record_game(4, seed=7, rounds=1, rules=AUTOMATIC)
    state, events = sr.replay(record)
    assert state == states[-1]
    assert state.round_over
    assert events == tuple(stream)


def test_replaying_a_game_across_rounds_with_late_joiners_reproduces_it_exactly() -> None:
    record, states, _, stream = _record_game(
        3, seed=12, rounds=3, rules=AUTOMATIC, joiners=(("dee",), ("eve", "fay"))
    )
    state, events = sr.replay(record)
    assert state == states[-1]
    assert state.players == 6
    assert state.round_number == 3
    assert events == tuple(stream)
    joined = [event for event in events if isinstance(event, sr.PlayerJoined)]
    assert joined == [sr.PlayerJoined(3, "dee"), sr.PlayerJoined(4, "eve"), sr.PlayerJoined(5, "fay")]


def test_replaying_a_prefix_of_a_record_reproduces_the_state_at_that_point() -> None:
    _, states, records, _ = _record_game(5, seed=3, rounds=2, rules=AUTOMATIC)
    rng = random.Random(0)
    for index in sorted(rng.sample(range(len(states)), 8)) + [len(states) // 2]:
        assert sr.replay(records[index])[0] == states[index]


def test_replaying_a_game_with_misplays_and_calls_under_the_called_referee_is_exact() -> None:
    record = sr.GameRecord(players=("a", "b", "c"), seed=8)
    assert record.rules.referee is sr.Referee.CALLED
    state = sr.new_game(["a", "b", "c"], seed=8)
    stream: list[sr.Event] = []
    rng = random.Random(8)
    while not state.round_over:
        seat = state.to_act
        assert seat is not None
        moves = sr.legal_moves(state)
        calls = [move for move in moves if isinstance(move, sr.CallMisplay)]
        action = rng.choice(calls if calls and rng.random() < 0.7 else moves)
        if not calls and rng.random() < 0.2 and state.hands[seat] and state.reward is None:
            action = sr.Play(seat, (state.hands[seat][0],))  # often a misplay
        state, events = sr.apply(state, action)
        record = record.with_action(action)
        stream.extend(events)
    assert any(isinstance(event, sr.Misplay) for event in stream)
    assert any(isinstance(event, sr.MisplayCalled) for event in stream)
    replayed, events = sr.replay(record)
    assert replayed == state
    assert events == tuple(stream)


def test_replay_uses_the_records_rules() -> None:
    rules = sr.Rules(hand_size=7, referee=sr.Referee.AUTOMATIC)
    record, states, _, _ = _record_game(4, seed=2, rounds=1, rules=rules)
    assert sr.replay(record)[0] == states[-1]
    dealt, _ = sr.replay(sr.GameRecord(players=record.players, seed=2, rules=rules))
    assert [len(hand) for hand in dealt.hands] == [7, 7, 7, 7]


def test_a_record_read_back_from_json_replays_to_the_same_state() -> None:
    record, states, _, stream = _record_game(4, seed=30, rounds=2, rules=AUTOMATIC, joiners=(("eve",),))
    copy = sr.from_json(sr.to_json(record), sr.GameRecord)
    assert copy == record
    assert sr.replay(copy) == (states[-1], tuple(stream))


def test_replay_is_deterministic() -> None:
    record, _, _, _ = _record_game(6, seed=44, rounds=1, rules=AUTOMATIC)
    assert sr.replay(record) == sr.replay(record)


def test_a_corrupt_record_is_refused_with_illegal_action() -> None:
    record = sr.GameRecord(players=("a", "b", "c"), seed=4).with_action(sr.Play(0, "🃏 🃏 🃏"))
    with pytest.raises(sr.IllegalAction, match="seat 0 does not hold"):
        sr.replay(record)


def test_a_record_that_starts_a_round_before_the_last_one_ended_is_refused() -> None:
    record = sr.GameRecord(players=("a", "b", "c"), seed=4).with_next_round()
    with pytest.raises(sr.IllegalAction, match="the round is not over"):
        sr.replay(record)
