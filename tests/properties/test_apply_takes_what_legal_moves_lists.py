"""Spite: ``apply`` takes what ``legal_moves`` lists, and a candidate it does not list is never
silently taken as a move (issue 34). Over random positions of random rounds (both rulesets), and
random well-typed candidates of the seat to act and of the others (plays of cards held or not, with
any announcements, passes, misplay calls): a listed candidate applies with no misplay by its seat;
a candidate not listed is refused (IllegalAction, changing nothing) or applies as a misplay event by
its seat, or as an out-of-turn play event, naming what it was. Spite and Malice's twin is
``tests/malice/properties/test_malice_any_options.py``."""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules.cards import Card
from spite_rules.errors import IllegalAction
from spite_rules.events import Misplay, OutOfTurnPlay

QUICK = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _position(players: int, seed: int, steps: int, ruleset: str | None) -> sr.State:
    """A seeded random position of a round: ``steps`` random legal moves in (stopping before its end)."""
    state = sr.new_game(players, seed=seed, rules=ruleset)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = sr.legal_moves(state)
        if not moves:
            break
        after, _ = sr.apply(state, rng.choice(moves))
        if after.round_over:
            break
        state = after
    return state


@st.composite
def candidates(draw: st.DrawFn, state: sr.State) -> sr.Action:
    seat = draw(st.one_of(st.just(state.to_act), st.integers(0, len(state.hands) - 1)))
    kind = draw(st.sampled_from(["play", "play", "play", "pass", "call"]))
    if kind == "pass":
        return sr.Pass(seat)
    if kind == "call":
        return sr.CallMisplay(seat, draw(st.integers(0, len(state.hands) - 1)))
    hand: list[Card] = list(state.hands[seat]) or list(state.hands[state.to_act])
    cards = draw(st.lists(st.sampled_from(hand + [sr.parse_card("9♠"), sr.parse_card("3♦")]), min_size=1, max_size=4))
    return sr.Play(
        seat, cards,
        direction=draw(st.sampled_from([None, None, "higher", "lower"])),
        come_at_me=draw(st.booleans()), unbeatable=draw(st.booleans()),
        buy_back=draw(st.sampled_from([None, None, 0, 1, 2])),
    )


@QUICK
@given(st.integers(3, 6), st.integers(0, 10**6), st.integers(0, 40), st.sampled_from([None, "2023-07"]), st.data())
def test_apply_takes_a_listed_move_and_never_silently_another(
    players: int, seed: int, steps: int, ruleset: str | None, data: st.DataObject
) -> None:
    state = _position(players, seed, steps, ruleset)
    listed = sr.legal_moves(state)
    for _ in range(6):
        candidate = data.draw(candidates(state))
        before = copy.deepcopy(state)
        try:
            _, events = sr.apply(state, candidate)
        except IllegalAction:
            assert candidate not in listed, f"listed but refused: {candidate}"
            assert state == before
            continue
        misplayed = any(isinstance(event, Misplay) and event.player == candidate.player for event in events)
        if candidate in listed:
            assert not misplayed, f"listed but a misplay: {candidate}: {events}"
        else:
            out_of_turn = any(isinstance(event, OutOfTurnPlay) and event.player == candidate.player for event in events)
            assert misplayed or out_of_turn, f"not listed, yet taken without a misplay: {candidate}: {events}"
