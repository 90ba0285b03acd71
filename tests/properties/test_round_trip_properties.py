"""JSON round trips are exact in type, not only in ``==`` (issue 34), for both games.

An IntEnum compares equal to its int, so ``from_json(to_json(x)) == x`` once hid an opening's
``Rank`` read back as a plain ``int``: the reloaded first round offered only ``Pass``. Here every
state, seat view, action and event met in random games of both games (first rounds and openings
included, every named ruleset and preset) must read back with the same type at every level, write
the same JSON again, offer the same ``legal_moves`` and give the same ``apply`` results.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator
from typing import Any

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules.core.engine import AnyGame, game

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STEPS = 30  # actions played per game; the first CHECKED_EVERY are all checked, then one in five
CHECKED_EVERY = 8


def same_all_the_way_down(first: Any, second: Any, path: str = "$") -> None:
    """Assert ``first`` and ``second`` are equal and of the same type at every level (attrs
    fields, tuples, lists, frozensets, dicts), naming the first place they differ."""
    assert type(first) is type(second), f"{path}: {type(first).__name__} read back as {type(second).__name__}"
    if attrs.has(type(first)):
        for field in attrs.fields(type(first)):
            if field.eq:
                same_all_the_way_down(getattr(first, field.name), getattr(second, field.name), f"{path}.{field.name}")
    elif isinstance(first, (tuple, list)):
        assert len(first) == len(second), f"{path}: {len(first)} items read back as {len(second)}"
        for index, (one, other) in enumerate(zip(first, second)):
            same_all_the_way_down(one, other, f"{path}[{index}]")
    elif isinstance(first, frozenset):
        assert {(type(item), item) for item in first} == {(type(item), item) for item in second}, path
    elif isinstance(first, dict):
        assert first.keys() == second.keys(), path
        for key in first:
            same_all_the_way_down(first[key], second[key], f"{path}[{key!r}]")
    else:
        assert first == second, f"{path}: {first!r} read back as {second!r}"


def reloaded(value: Any) -> Any:
    """``value`` written as JSON and read back as the same kind, checked strictly."""
    text = sr.to_json(value)
    again = sr.from_json(text, type(value))
    same_all_the_way_down(value, again)
    assert sr.to_json(again) == text
    return again


def _rules_choices() -> list[tuple[str, Any]]:
    choices: list[tuple[str, Any]] = []
    for name in ("spite", "malice"):
        played = game(name)
        choices += [(name, played.rules_named(ruleset)) for ruleset in played.rules_names()]
    return choices


def _positions(played: AnyGame, players: int, seed: int, rules: Any) -> Iterator[tuple[Any, Any]]:
    """(state, the move chosen there) along a random game, stopping early if it ends."""
    try:
        state = played.new_game(players, seed=seed, rules=rules)
    except sr.IllegalAction:  # a preset for fewer seats (book, jacks: two players)
        state = played.new_game(played.min_players, seed=seed, rules=rules)
    picker = random.Random(seed)
    for _ in range(STEPS):
        moves = played.legal_moves(state)
        if played.is_over(state) or not moves:
            return
        move = picker.choice(moves)
        yield state, move
        state, _ = played.apply(state, move)


@SETTINGS
@given(
    choice=st.sampled_from(_rules_choices()),
    seed=st.integers(0, 10_000),
    extra_seats=st.integers(0, 3),
)
def test_every_state_view_action_and_event_reads_back_with_the_same_types_moves_and_results(
    choice: tuple[str, Any], seed: int, extra_seats: int
) -> None:
    name, rules = choice
    played = game(name)
    players = min(played.min_players + extra_seats, played.max_players)
    for step, (state, move) in enumerate(_positions(played, players, seed, rules)):
        if step >= CHECKED_EVERY and step % 5:
            continue
        again = reloaded(state)
        for seat in range(played.seats(state)):
            reloaded(played.view(state, seat))
        moves = played.legal_moves(state)
        moves_again = played.legal_moves(again)
        same_all_the_way_down(moves, moves_again)
        for offered in moves[:6]:
            reloaded(offered)
        after, events = played.apply(state, move)
        after_again, events_again = played.apply(again, reloaded(move))
        assert sr.to_json(after_again) == sr.to_json(after)
        same_all_the_way_down(events, events_again)
        for event in events:
            reloaded(event)


def test_a_first_round_reloaded_keeps_its_opening_rank_a_rank() -> None:
    state = sr.new_game(4, seed=1)
    again = sr.from_json(sr.to_json(state), sr.State)
    assert type(again.opening.rank) is sr.Rank
    assert sr.legal_moves(again) == sr.legal_moves(state)


def test_a_first_round_reloaded_plays_a_three_as_the_original_does() -> None:
    state = sr.new_game(4, seed=1)
    again = sr.from_json(sr.to_json(state), sr.State)
    lead = next(move for move in sr.legal_moves(state) if isinstance(move, sr.Play))
    assert sr.to_json(sr.apply(again, lead)[0]) == sr.to_json(sr.apply(state, lead)[0])


def test_an_opening_offered_event_reads_back_its_rank_as_a_rank() -> None:
    event = sr.from_json(sr.to_json(sr.OpeningOffered(1, sr.Rank.THREE)))
    assert type(event.rank) is sr.Rank and event.rank is sr.Rank.THREE


def test_a_seat_view_of_the_opening_reads_back_its_rank_as_a_rank() -> None:
    seen = sr.new_game(4, seed=1).view(0)
    assert type(sr.from_json(sr.to_json(seen), sr.SeatView).opening.rank) is sr.Rank


def test_a_seat_view_reads_back_its_required_value_as_a_rank() -> None:
    state = sr.setup(hands=["11♦ 3♦", "Q♣ 4♣", "2♣ 5♣"])
    for seat, cards in enumerate(["11♦", "Q♣", "2♣"]):  # seed 000's 11, Q, 2: next a 5
        state, _ = sr.apply(state, sr.Play(seat, cards))
    seen = state.view(0)
    again = sr.from_json(sr.to_json(seen), sr.SeatView)
    assert seen.required_value is sr.Rank.FIVE
    assert type(again.required_value) is sr.Rank and again.required_value is sr.Rank.FIVE


def test_a_rank_read_from_a_number_that_is_no_rank_is_refused_naming_the_field() -> None:
    text = sr.to_json(sr.OpeningOffered(1, sr.Rank.THREE)).replace('"rank": 3', '"rank": 1')
    try:
        sr.from_json(text)
    except sr.SerializationError as error:
        assert "1 is not a Rank" in str(error) and "rank" in str(error)
    else:
        raise AssertionError("a rank of 1 was read")


def test_same_all_the_way_down_tells_an_int_from_a_rank() -> None:
    try:
        same_all_the_way_down((sr.Rank.THREE,), (3,))
    except AssertionError as error:
        assert "Rank read back as int" in str(error)
    else:
        raise AssertionError("an int passed for a Rank")
    assert isinstance(sr.Rank.THREE, enum.IntEnum) and sr.Rank.THREE == 3
