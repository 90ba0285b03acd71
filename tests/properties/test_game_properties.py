"""Invariants of whole games: several rounds of random legal moves, with late joiners.

Games come from ``sr.new_game`` for 3 to 9 seats and are played with ``sr.legal_moves`` chosen by a
seeded ``random.Random``; each game lasts 2 or 3 rounds, and sometimes one or two late joiners sit
down between rounds (``sr.next_round(state, late_joiners=...)``). The scores are checked against a
reference written straight from seed 000, "Scoring" (rulings S32-S34 in
docs/rulings-scoring-draft.md), not against the engine's own helpers alone.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr

SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MAX_ACTIONS = 20_000


@attrs.frozen
class Round:
    """One round of a game: the state it started in, the events that started it (none for the
    first round), the state it ended in and its RoundOver."""

    start: sr.State
    started: tuple[sr.Event, ...]
    end: sr.State
    over: sr.RoundOver


@attrs.frozen
class Game:
    players: int
    seed: int
    moves_seed: int
    rounds: int
    joiners: tuple[tuple[str, ...], ...]  # per round after the first: the names that join
    referee: sr.Referee
    ruleset: str = "000"


@st.composite
def games(draw: st.DrawFn, ruleset: str = "000") -> Game:
    players = draw(st.integers(3, 9))
    rounds = draw(st.integers(2, 3))
    joiners: list[tuple[str, ...]] = []
    seats = players
    for number in range(2, rounds + 1):
        count = draw(st.integers(0, min(2, 9 - seats))) if draw(st.booleans()) else 0
        joiners.append(tuple(f"joiner {number}.{i}" for i in range(count)))
        seats += count
    return Game(
        players=players,
        seed=draw(st.integers(0, 2**16)),
        moves_seed=draw(st.integers(0, 2**16)),
        rounds=rounds,
        joiners=tuple(joiners),
        referee=draw(st.sampled_from(list(sr.Referee))),
        ruleset=ruleset,
    )


def play_out(state: sr.State, rng: random.Random) -> tuple[sr.State, sr.RoundOver]:
    over: list[sr.RoundOver] = []
    for _ in range(MAX_ACTIONS):
        if state.round_over:
            assert len(over) == 1, over
            return state, over[0]
        state, events = sr.apply(state, rng.choice(sr.legal_moves(state)))
        over += [event for event in events if isinstance(event, sr.RoundOver)]
    raise AssertionError(f"the round did not end within {MAX_ACTIONS} actions")


def play(game: Game) -> list[Round]:
    """Every round of ``game``, in order."""
    rng = random.Random(game.moves_seed)
    state = sr.new_game(game.players, seed=game.seed, rules=sr.Rules.ruleset(game.ruleset, referee=game.referee))
    started: tuple[sr.Event, ...] = ()
    rounds: list[Round] = []
    for number in range(game.rounds):
        end, over = play_out(state, rng)
        rounds.append(Round(state, started, end, over))
        if number < len(game.joiners):
            state, started = sr.next_round(end, late_joiners=game.joiners[number])
    return rounds


# -- a reference for seed 000, "Scoring", written from the text ------------------------------


def reference_points(players: int) -> list[int]:
    """+2, +1, 0 ..., -1, -2 by place; with 3 players the second is also second last: 0."""
    if players == 3:
        return [2, 0, -2]
    return [2, 1] + [0] * (players - 4) + [-1, -2]


def reference_half(place: int, players: int) -> str:
    if players % 2 == 1 and place == players // 2:
        return "middle"
    return "top" if 2 * place < players else "bottom"


def reference_scores(
    scores: Sequence[int], previous_order: Sequence[int] | None, order: Sequence[int]
) -> tuple[int, ...]:
    """1. decay by 1 towards 0; 2. reset to 0 if not in the same half as last round (the middle
    of an odd table is always "the other half"; not after the first round); 3. add the points."""
    points = reference_points(len(order))
    result = list(scores)
    for place, seat in enumerate(order):
        score = scores[seat] - (scores[seat] > 0) + (scores[seat] < 0)
        if previous_order is not None:
            before = reference_half(previous_order.index(seat), len(previous_order))
            now = reference_half(place, len(order))
            if "middle" in (before, now) or before != now:
                score = 0
        result[seat] = score + points[place]
    return tuple(result)


# -- properties ------------------------------------------------------------------------------


@SETTINGS
@given(games())
def test_real_card_total_is_189_at_every_round_start(game: Game) -> None:
    for played in play(game):
        assert played.start.real_cards() == Counter(sr.spite_deck())


@SETTINGS
@given(games())
def test_real_cards_are_conserved_through_every_round(game: Game) -> None:
    for played in play(game):
        assert played.end.real_cards() == played.start.real_cards()


@SETTINGS
@given(games())
def test_scores_after_each_round_follow_decay_reset_add_from_the_finishing_orders(
    game: Game,
) -> None:
    for played in play(game):
        start, over = played.start, played.over
        expected = reference_scores(start.scores, start.previous_order, over.order)
        assert over.scores == expected
        assert over.scores == sr.score_round(start.scores, start.previous_order, over.order)
        assert played.end.scores == expected
        points = reference_points(start.players)
        assert over.points == tuple(points[over.order.index(seat)] for seat in range(start.players))


@SETTINGS
@given(games())
def test_every_round_after_the_first_is_led_by_first_leader(game: Game) -> None:
    for played in play(game)[1:]:
        start = played.start
        leader = sr.first_leader(start.scores, start.losers_by_round)
        started = [event for event in played.started if isinstance(event, sr.RoundStarted)]
        assert started == [sr.RoundStarted(start.round_number, leader)]
        assert start.trick.leader == leader
        assert min(start.scores) >= 0 or start.scores[leader] == min(start.scores)


@SETTINGS
@given(games())
def test_late_joiners_sit_last_with_minus_2_and_11_cards(game: Game) -> None:
    rounds = play(game)
    for before, after, names in zip(rounds, rounds[1:], game.joiners):
        seats = range(before.end.players, after.start.players)
        assert len(seats) == len(names)
        assert after.start.previous_order == before.over.order + tuple(seats)
        assert after.start.losers_by_round == before.end.losers_by_round + tuple(seats)
        for seat in seats:
            assert after.start.scores[seat] == -2
            assert len(after.start.hands[seat]) == 11


@SETTINGS
@given(games())
def test_fake_jokers_and_earned_cards_persist_into_the_next_round(game: Game) -> None:
    rounds = play(game)
    for before, after in zip(rounds, rounds[1:]):
        joined = after.start.players - before.end.players
        assert after.start.fake_jokers == before.end.fake_jokers + ((),) * joined
        assert after.start.earned == before.end.earned + ((),) * joined
        assert after.start.fake_joker_cards() == Counter(sr.Rules().fake_jokers)


# -- the same properties of whole games under the July 2023 revision -----------------------------


def _under_the_revision(test: Any) -> Any:
    """``test`` (one of the properties above) over games of the July 2023 revision (ruleset
    ``2023-07``)."""
    variant = SETTINGS(given(games("2023-07"))(test.hypothesis.inner_test))
    variant.__name__ = variant.__qualname__ = f"{test.__name__}_under_2023_07"
    return variant


test_real_card_total_is_189_at_every_round_start_under_2023_07 = _under_the_revision(
    test_real_card_total_is_189_at_every_round_start
)
test_real_cards_are_conserved_through_every_round_under_2023_07 = _under_the_revision(
    test_real_cards_are_conserved_through_every_round
)
test_scores_after_each_round_follow_decay_reset_add_from_the_finishing_orders_under_2023_07 = (
    _under_the_revision(test_scores_after_each_round_follow_decay_reset_add_from_the_finishing_orders)
)
test_every_round_after_the_first_is_led_by_first_leader_under_2023_07 = _under_the_revision(
    test_every_round_after_the_first_is_led_by_first_leader
)
test_late_joiners_sit_last_with_minus_2_and_11_cards_under_2023_07 = _under_the_revision(
    test_late_joiners_sit_last_with_minus_2_and_11_cards
)
test_fake_jokers_and_earned_cards_persist_into_the_next_round_under_2023_07 = _under_the_revision(
    test_fake_jokers_and_earned_cards_persist_into_the_next_round
)


@st.composite
def swap_tables(
    draw: st.DrawFn,
) -> tuple[list[tuple[sr.Card, ...]], list[int], tuple[sr.Card, ...], int]:
    cards = list(sr.spite_deck())
    random.Random(draw(st.integers(0, 2**32 - 1))).shuffle(cards)
    players = draw(st.integers(3, 9))
    hands = [tuple(cards[seat * 11 : seat * 11 + 11]) for seat in range(players)]
    scores = draw(st.lists(st.integers(-12, 12), min_size=players, max_size=players))
    return hands, scores, tuple(cards[players * 11 :]), draw(st.integers(0, 2**16))


def _refused(table: tuple[list[tuple[sr.Card, ...]], list[int], tuple[sr.Card, ...], int]) -> bool:
    """Whether ``table``'s scores owe the short pile more cards than the deck holds (scores no table
    reaches), in which case swap_cards is checked to refuse them (nothing dealt short)."""
    hands, scores, deck, seed = table
    owed = [min(abs(score), len(hand)) for score, hand in zip(scores, hands)]
    imbalance = abs(sum(n for n, s in zip(owed, scores) if s > 0) - sum(n for n, s in zip(owed, scores) if s < 0))
    if imbalance <= len(deck):
        return False
    with pytest.raises(sr.IllegalAction, match="scores"):
        sr.swap_cards(hands, scores, deck, random.Random(seed))
    return True


@settings(max_examples=150, deadline=None)
@given(swap_tables())
def test_card_swapping_conserves_hands_deck_and_discards(
    table: tuple[list[tuple[sr.Card, ...]], list[int], tuple[sr.Card, ...], int],
) -> None:
    hands, scores, deck, seed = table
    if _refused(table):
        return
    swap = sr.swap_cards(hands, scores, deck, random.Random(seed))
    before = Counter(deck) + Counter(card for hand in hands for card in hand)
    after = Counter(swap.deck) + Counter(swap.discarded)
    after += Counter(card for hand in swap.hands for card in hand)
    assert after == before
    assert [len(hand) for hand in swap.hands] == [len(hand) for hand in hands]


@settings(max_examples=150, deadline=None)
@given(swap_tables())
def test_card_swapping_puts_down_lowest_for_positive_and_highest_for_negative(
    table: tuple[list[tuple[sr.Card, ...]], list[int], tuple[sr.Card, ...], int],
) -> None:
    hands, scores, deck, seed = table
    if _refused(table):
        return
    swap = sr.swap_cards(hands, scores, deck, random.Random(seed))
    for hand, score, down in zip(hands, scores, swap.put_down):
        ranked = sr.sort_cards(hand)
        count = min(abs(score), len(hand))
        expected = ranked[:count] if score > 0 else ranked[len(ranked) - count :] if score else ()
        assert Counter(down) == Counter(expected)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(3, 9).flatmap(
        lambda players: st.tuples(
            st.lists(st.integers(-8, 8), min_size=players, max_size=players),
            st.one_of(st.none(), st.permutations(range(players))),
            st.permutations(range(players)),
        )
    )
)
def test_score_round_is_decay_then_half_reset_then_round_points(
    case: tuple[list[int], list[int] | None, list[int]],
) -> None:
    scores, previous_order, order = case
    assert sr.score_round(scores, previous_order, order) == reference_scores(
        scores, previous_order, order
    )
