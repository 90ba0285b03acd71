"""Whole numbers at the doors of both games: every int a value holds can be written as text (its
repr, its JSON, the notation) and read back, so a number of more than ``MAX_DIGITS`` (100) digits
is refused naming the field (Python writes at most 4,300 digits; before, such a seat or seed got
as far as a ``repr`` and raised a raw ValueError), and the notation reads every number an action
can hold (before, it read at most 9 digits: the fuzz run found ``EndTurn(1000000000)``, whose text
did not read back).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import spite_rules as sr
import spite_rules.malice as sm
from spite_rules.core.fields import MAX_DIGITS
from spite_rules.core.serialization import SerializationError, read_json

HUGE = 10**5000
LONGEST = 10**MAX_DIGITS - 1


def test_a_ten_digit_seat_reads_back_from_its_notation() -> None:
    state = sm.new_game(2, seed=1)
    for action in (sm.EndTurn(1_000_000_000), sm.Play(0, "A♠", 0, owner=LONGEST), sm.Discard(-LONGEST, "7♦", 3)):
        assert sm.parse_action(state, str(action)) == action


def test_a_seat_of_ten_digits_is_read_and_refused_by_the_rule_not_the_notation() -> None:
    state = sm.new_game(2, seed=1)
    action = sm.parse_action(state, "seat 1000000000: end turn")
    assert action == sm.EndTurn(1_000_000_000)
    with pytest.raises(sr.IllegalAction, match=r"seat 1000000000 does not exist"):
        sm.apply(state, action)


def test_a_number_longer_than_an_action_holds_is_not_notation() -> None:
    with pytest.raises(sr.NotationError, match="is not an action|expected"):
        sm.parse_action(sm.new_game(2, seed=1), "seat " + "9" * (MAX_DIGITS + 1) + ": end turn")


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: sm.EndTurn(HUGE), "player"),
        (lambda: sm.Play(0, "A♠", 0, owner=HUGE), "owner"),
        (lambda: sm.Discard(0, "7♦", 10**MAX_DIGITS), "side"),
        (lambda: sr.Pass(HUGE), "Pass.player"),
        (lambda: sr.Play(0, "3♦", buy_back=10**MAX_DIGITS), "Play.buy_back"),
        (lambda: sr.setup(hands=["3♦", "4♣", "5♣"], round_number=HUGE), "State.round_number"),
    ],
)
def test_an_action_or_state_field_of_more_than_a_hundred_digits_is_refused_naming_it(make: Callable[[], Any], field: str) -> None:
    with pytest.raises(sr.IllegalAction, match=rf"^{field} must have at most 100 digits, not "):
        make()


def test_a_spite_seed_is_a_whole_number_of_at_most_a_hundred_digits() -> None:
    for seed in (HUGE, 10**MAX_DIGITS, -(10**MAX_DIGITS)):
        with pytest.raises(sr.IllegalAction, match="seed must be a whole number of at most 100 digits"):
            sr.new_game(3, seed=seed)
    state = sr.new_game(3, seed=2**256)  # a 78-digit seed plays, prints and round-trips through JSON
    assert repr(state) and sr.from_json(sr.to_json(state)) == state


@pytest.mark.parametrize(
    "make", [lambda seed: sm.new_game(2, seed=seed), lambda seed: sm.setup(payoff=["5♠", "6♠"], seed=seed)]
)
def test_a_malice_seed_is_refused_before_the_deal_unless_it_fits_64_bits(make: Callable[[int], Any]) -> None:
    for seed in (HUGE, 2**63 + 1, -(2**63) - 1):
        with pytest.raises(sr.IllegalAction, match="^seed must be a whole number from -9223372036854775808 to"):
            make(seed)
    state = make(2**63)
    assert state.seed == 2**63 and sr.from_json(sr.to_json(state)) == state


@pytest.mark.parametrize(
    "make",
    [
        lambda: sm.view(sm.new_game(2, seed=1), HUGE),
        lambda: sm.Rules.preset(HUGE),  # type: ignore[arg-type]
        lambda: sm.new_game(HUGE, seed=1),
        lambda: sr.new_game(HUGE, seed=1),
        lambda: sm.setup(payoff=["5♠", "6♠"], to_act=HUGE),
    ],
)
def test_a_door_names_a_number_too_long_to_print_without_printing_it(make: Callable[[], Any]) -> None:
    with pytest.raises(sr.IllegalAction, match="an int of about 5,000 digits"):
        make()


def test_json_a_reader_cannot_take_is_refused_as_not_json() -> None:
    for text in ('{"seed": ' + "9" * 5000 + "}", "[" * 5000 + "]" * 5000, "{"):
        with pytest.raises(SerializationError, match="^not JSON"):
            read_json(text)
