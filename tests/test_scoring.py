"""Seed 000, "Winners and Losers" / "Scoring" (rulings S32, S33 in docs/rulings-scoring-draft.md).

"The first player to finish their hand gets +2, the second player to finish gets +1, the second last
player to finish gets -1, and the last player (the loser) gets -2. A player's score accumulates
across rounds and is calculated as follows:
1. Decay their current score by 1 towards 0. ...
2. Reset their score to 0 if they did not finish in the same half as the last round. ... If there
   are an odd number of players at the table, the middle player is always considered to be 'in the
   other half'.
3. Add the reward/penalty points from this round."

Ruling S32: the places between second and second last score 0; with 3 players the second is also the
second last, so +1 and -1 meet at 0. Ruling S33: step 2 applies from the second round on; the middle
place of an odd table, this round or last, always resets; last round's halves are taken at last
round's table size.
"""

from __future__ import annotations

import random

import pytest

import spite_rules as sr
from tests.helpers import AUTOMATIC, play_out


def round_over(events: list[sr.Event]) -> sr.RoundOver:
    found = [event for event in events if isinstance(event, sr.RoundOver)]
    assert len(found) == 1, found
    return found[0]


# -- round points (S32) --------------------------------------------------------------------------


@pytest.mark.rule("scoring.points")
@pytest.mark.parametrize("players", range(3, 10))
def test_first_out_gets_plus_2(players: int) -> None:
    assert sr.round_points(0, players) == 2


@pytest.mark.rule("scoring.points")
@pytest.mark.parametrize("players", range(4, 10))
def test_second_out_gets_plus_1(players: int) -> None:
    assert sr.round_points(1, players) == 1


@pytest.mark.rule("scoring.points")
@pytest.mark.parametrize("players", range(4, 10))
def test_second_last_gets_minus_1(players: int) -> None:
    assert sr.round_points(players - 2, players) == -1


@pytest.mark.rule("scoring.points")
@pytest.mark.parametrize("players", range(3, 10))
def test_last_the_loser_gets_minus_2(players: int) -> None:
    assert sr.round_points(players - 1, players) == -2


@pytest.mark.rule("scoring.points")
@pytest.mark.parametrize("players", range(5, 10))
def test_places_between_second_and_second_last_get_0(players: int) -> None:
    between = [sr.round_points(place, players) for place in range(2, players - 2)]
    assert between == [0] * (players - 4)


@pytest.mark.rule("scoring.points")
def test_three_players_score_plus_2_then_0_then_minus_2() -> None:
    assert [sr.round_points(place, 3) for place in range(3)] == [2, 0, -2]


@pytest.mark.rule("scoring.points")
def test_four_players_score_plus_2_plus_1_minus_1_minus_2() -> None:
    assert [sr.round_points(place, 4) for place in range(4)] == [2, 1, -1, -2]


@pytest.mark.rule("scoring.points")
def test_six_players_score_plus_2_plus_1_0_0_minus_1_minus_2() -> None:
    assert [sr.round_points(place, 6) for place in range(6)] == [2, 1, 0, 0, -1, -2]


@pytest.mark.rule("scoring.points")
def test_place_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="place 4 is not a place among 4 players"):
        sr.round_points(4, 4)


# -- step 1: decay -------------------------------------------------------------------------------


@pytest.mark.rule("scoring.decay")
def test_score_decays_minus_3_to_minus_2() -> None:
    assert sr.decay(-3) == -2


@pytest.mark.rule("scoring.decay")
def test_score_decays_4_to_3() -> None:
    assert sr.decay(4) == 3


@pytest.mark.rule("scoring.decay")
def test_score_of_0_stays_0() -> None:
    assert sr.decay(0) == 0


@pytest.mark.rule("scoring.decay")
@pytest.mark.parametrize(("score", "decayed"), [(1, 0), (-1, 0), (2, 1), (-2, -1), (10, 9)])
def test_score_decays_by_1_towards_0(score: int, decayed: int) -> None:
    assert sr.decay(score) == decayed


# -- halves --------------------------------------------------------------------------------------


@pytest.mark.rule("scoring.half-reset")
def test_six_players_top_half_is_the_first_3_places() -> None:
    assert [sr.half(place, 6).value for place in range(6)] == ["top"] * 3 + ["bottom"] * 3


@pytest.mark.rule("scoring.half-reset")
def test_odd_table_middle_place_is_its_own_half() -> None:
    assert [sr.half(place, 5).value for place in range(5)] == [
        "top", "top", "middle", "bottom", "bottom",
    ]


@pytest.mark.rule("scoring.half-reset")
def test_three_players_second_place_is_the_middle() -> None:
    assert sr.half(1, 3).value == "middle"


# -- step 2: the half reset (S33) ----------------------------------------------------------------


@pytest.mark.rule("scoring.half-reset")
def test_six_players_top_3_last_round_bottom_3_this_round_resets_to_0() -> None:
    # Seed 000's example: seat 0 was first last round (top 3) and is fourth now (bottom 3).
    scores = sr.score_round(
        scores=(5, 0, 0, 0, 0, 0), previous_order=(0, 1, 2, 3, 4, 5), order=(1, 2, 3, 0, 4, 5)
    )
    assert scores[0] == 0


@pytest.mark.rule("scoring.half-reset")
def test_six_players_bottom_3_last_round_top_3_this_round_resets_before_adding() -> None:
    # Seat 5 was last (-4), finishes first now: -4 decays to -3, resets to 0, then +2.
    scores = sr.score_round(
        scores=(0, 0, 0, 0, 0, -4), previous_order=(0, 1, 2, 3, 4, 5), order=(5, 0, 1, 2, 3, 4)
    )
    assert scores[5] == 2


@pytest.mark.rule("scoring.half-reset")
def test_staying_in_the_top_half_keeps_the_decayed_score() -> None:
    # Seat 0: 4 decays to 3, top half both rounds, first again: 3 + 2.
    scores = sr.score_round(
        scores=(4, 0, 0, 0, 0, 0), previous_order=(0, 1, 2, 3, 4, 5), order=(0, 2, 1, 3, 4, 5)
    )
    assert scores[0] == 5


@pytest.mark.rule("scoring.half-reset")
def test_staying_in_the_bottom_half_keeps_the_decayed_score() -> None:
    # Seat 5: -3 decays to -2, bottom half both rounds, last again: -2 - 2.
    scores = sr.score_round(
        scores=(0, 0, 0, 0, 0, -3), previous_order=(0, 1, 2, 3, 4, 5), order=(0, 1, 2, 4, 3, 5)
    )
    assert scores[5] == -4


@pytest.mark.rule("scoring.half-reset")
def test_moving_within_the_top_half_does_not_reset() -> None:
    # Seat 2: third (top) last round, first now: 3 decays to 2, + 2.
    scores = sr.score_round(
        scores=(0, 0, 3, 0, 0, 0), previous_order=(0, 1, 2, 3, 4, 5), order=(2, 0, 1, 3, 4, 5)
    )
    assert scores[2] == 4


@pytest.mark.rule("scoring.half-reset")
def test_odd_table_middle_place_this_round_always_resets() -> None:
    # Five seats: seat 0 was first (top), is third (the middle) now: reset, then 0.
    scores = sr.score_round(
        scores=(4, 0, 0, 0, 0), previous_order=(0, 1, 2, 3, 4), order=(1, 2, 0, 3, 4)
    )
    assert scores[0] == 0


@pytest.mark.rule("scoring.half-reset")
def test_odd_table_middle_place_last_round_always_resets() -> None:
    # Five seats: seat 2 was the middle last round, is last now: -4 -> -3, reset to 0, then -2.
    scores = sr.score_round(
        scores=(0, 0, -4, 0, 0), previous_order=(0, 1, 2, 3, 4), order=(0, 1, 3, 4, 2)
    )
    assert scores[2] == -2


@pytest.mark.rule("scoring.half-reset")
def test_odd_table_middle_place_in_both_rounds_still_resets() -> None:
    # Seven seats: seat 3 is the middle in both rounds: 3 -> 2, reset to 0, then 0.
    scores = sr.score_round(
        scores=(0, 0, 0, 3, 0, 0, 0),
        previous_order=(0, 1, 2, 3, 4, 5, 6),
        order=(1, 0, 2, 3, 5, 4, 6),
    )
    assert scores[3] == 0


@pytest.mark.rule("scoring.points", "scoring.half-reset")
def test_three_players_middle_seat_always_scores_0() -> None:
    # With 3 seats the second is the middle: it resets every round and its points are 0.
    scores = sr.score_round(scores=(-5, 5, 0), previous_order=(2, 0, 1), order=(2, 1, 0))
    assert scores[1] == 0


@pytest.mark.rule("scoring.half-reset")
def test_three_players_leaving_the_middle_resets() -> None:
    # Seat 0 was the middle (second) last round and wins now: 4 -> 3, reset to 0, then +2.
    scores = sr.score_round(scores=(4, 0, 0), previous_order=(1, 0, 2), order=(0, 1, 2))
    assert scores[0] == 2


@pytest.mark.rule("scoring.half-reset")
def test_no_reset_after_the_first_round() -> None:
    # previous_order None: seat 0 keeps its decayed 3 and adds -2; seat 1 keeps -2 and adds +2.
    scores = sr.score_round(scores=(4, -3, 0), previous_order=None, order=(1, 2, 0))
    assert scores == (1, 0, 0)


@pytest.mark.rule("scoring.half-reset")
def test_previous_halves_are_taken_at_the_previous_table_size() -> None:
    # Seat 2 was third of 4 (bottom) last round, fourth of 5 (bottom) now: no reset,
    # -3 -> -2, then -1. (Third of 5 would have been the middle and reset.)
    scores = sr.score_round(
        scores=(0, 0, -3, 0, 0), previous_order=(0, 1, 2, 3), order=(0, 1, 4, 2, 3)
    )
    assert scores[2] == -3


@pytest.mark.rule("scoring.half-reset")
def test_order_that_is_not_every_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="is not a finishing order of 4 seats"):
        sr.score_round(scores=(0, 0, 0, 0), previous_order=None, order=(0, 1, 2, 2))


# -- step order: decay, then reset, then add -----------------------------------------------------


@pytest.mark.rule("scoring.decay")
def test_decay_comes_before_adding_the_round_points() -> None:
    # Seat 3: 1, bottom half both rounds, last: decay to 0, then -2 (adding first would give
    # -1, decaying to 0).
    scores = sr.score_round(scores=(0, 0, 0, 1), previous_order=(0, 1, 2, 3), order=(0, 1, 2, 3))
    assert scores[3] == -2


@pytest.mark.rule("scoring.decay")
def test_decay_of_a_negative_score_comes_before_adding_a_win() -> None:
    # Seat 0: -1, top half both rounds, first: decay to 0, then +2 (adding first: 1, decayed 0).
    scores = sr.score_round(scores=(-1, 0, 0, 0), previous_order=(0, 1, 2, 3), order=(0, 1, 2, 3))
    assert scores[0] == 2


@pytest.mark.rule("scoring.half-reset", "scoring.decay")
def test_reset_comes_before_adding_the_round_points() -> None:
    # Seat 0: 5, top half last round, last now: reset to 0, then -2 (not 0).
    scores = sr.score_round(scores=(5, 0, 0, 0), previous_order=(0, 1, 2, 3), order=(1, 2, 3, 0))
    assert scores[0] == -2


@pytest.mark.rule("scoring.decay", "scoring.half-reset", "scoring.points")
def test_score_round_example_of_six_seats() -> None:
    # Every seat at once: climbs, drops, stays.
    scores = sr.score_round(
        scores=(3, -3, 0, 1, 0, 0), previous_order=(0, 1, 2, 3, 4, 5), order=(3, 1, 2, 0, 4, 5)
    )
    assert scores == (0, -1, 0, 2, -1, -2)


# -- the RoundOver event of a real round ---------------------------------------------------------


@pytest.mark.rule("scoring.points", "objective.round-end")
@pytest.mark.parametrize("players", [3, 4, 7])
def test_round_over_carries_the_round_points_of_each_seat(players: int) -> None:
    state, events = play_out(sr.new_game(players, seed=11, rules=AUTOMATIC), random.Random(5))
    over = round_over(events)
    assert over.points == tuple(
        sr.round_points(over.order.index(seat), players) for seat in range(players)
    )


@pytest.mark.rule("scoring.points")
@pytest.mark.parametrize("players", [3, 4, 7])
def test_round_over_scores_equal_score_round_of_the_first_round(players: int) -> None:
    start = sr.new_game(players, seed=11, rules=AUTOMATIC)
    state, events = play_out(start, random.Random(5))
    over = round_over(events)
    assert over.scores == sr.score_round(start.scores, None, over.order)
    assert state.scores == over.scores


@pytest.mark.rule("objective.round-end")
def test_round_over_order_is_every_seat_first_out_to_loser() -> None:
    state, events = play_out(sr.new_game(5, seed=3, rules=AUTOMATIC), random.Random(2))
    over = round_over(events)
    assert sorted(over.order) == list(range(5))
    assert state.previous_order == over.order
    assert state.losers_by_round == (over.order[-1],)


@pytest.mark.rule("scoring.decay", "scoring.half-reset", "scoring.points")
@pytest.mark.parametrize("players", [4, 5, 6])
def test_round_over_scores_of_a_later_round_apply_decay_reset_add(players: int) -> None:
    rng = random.Random(9)
    state, _ = play_out(sr.new_game(players, seed=21, rules=AUTOMATIC), rng)
    state, _ = sr.next_round(state)
    start_scores, start_order = state.scores, state.previous_order
    state, events = play_out(state, rng)
    over = round_over(events)
    assert over.scores == sr.score_round(start_scores, start_order, over.order)
    assert state.scores == over.scores
