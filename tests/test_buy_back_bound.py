"""Ruling X8: the buy-back counter is bounded at MAX_BUY_BACK_STEP (1,000 buy-backs in a round),
and a position claiming more is refused at the door, so no input makes the Fibonacci count work
on a huge step (issue 34: 10**6 took 12 s, 10**19 never returned)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

import spite_rules as sr
from spite_rules.state import MAX_BUY_BACK_STEP

HANDS = ["5♠", "6♦", "7♣"]


def test_the_buy_back_bound_is_a_thousand_buy_backs_in_a_round() -> None:
    assert MAX_BUY_BACK_STEP == 1_000


def test_setup_takes_a_buy_back_counter_at_its_bound_and_asks_its_fibonacci_count() -> None:
    state = sr.setup(hands=HANDS, buy_back_step=MAX_BUY_BACK_STEP)
    assert state.view(0).buy_back_due == sr.fibonacci_buy_back(MAX_BUY_BACK_STEP)
    assert sr.fibonacci_buy_back(MAX_BUY_BACK_STEP) == sr.fibonacci_buy_back(999) + sr.fibonacci_buy_back(998)


@pytest.mark.parametrize("step", [MAX_BUY_BACK_STEP + 1, 10**6, 10**19, -1])
def test_setup_refuses_a_buy_back_counter_beyond_its_bound_naming_it(step: int) -> None:
    with pytest.raises(sr.IllegalAction, match=r"State\.buy_back_step .* out of range \(0 to 1000\)"):
        sr.setup(hands=HANDS, buy_back_step=step)


@pytest.mark.parametrize("step", [MAX_BUY_BACK_STEP + 1, 10**19])
def test_from_json_refuses_a_buy_back_counter_beyond_its_bound_naming_it(step: int) -> None:
    document = json.loads(sr.to_json(sr.setup(hands=HANDS)))
    document["data"]["buy_back_step"] = step
    with pytest.raises(sr.SerializationError, match="buy_back_step"):
        sr.from_json(json.dumps(document))


@pytest.mark.parametrize("step", [-1, MAX_BUY_BACK_STEP + 1, 10**6, 10**19, "3", None, 2.0])
def test_fibonacci_buy_back_refuses_a_step_beyond_its_bound_at_once(step: Any) -> None:
    started = time.perf_counter()
    with pytest.raises(sr.IllegalAction, match="buy-back step"):
        sr.fibonacci_buy_back(step)
    assert time.perf_counter() - started < 0.1
