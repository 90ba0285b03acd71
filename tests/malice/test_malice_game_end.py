"""The end of the game: the pay-off pile emptied, the stock run out, stalemates, scores (seed 003)."""

from __future__ import annotations

import pytest

import spite_rules.malice as sm
from spite_rules.cards import parse_cards
from tests.malice.malice_helpers import kinds, one, play_through

RUN = "A♣ 2♦ 3♣ 4♥ 5♠ 6♦"


@pytest.mark.rule("malice.end.payoff-emptied")
def test_playing_the_last_pay_off_card_wins_at_once() -> None:
    state = sm.setup(payoff=["7♠", "Q♣ 3♦"], hands=["2♣", ""], centre=[RUN])
    state, events = play_through(state, "play 7♠ from pay-off to centre 1")
    assert kinds(events) == ["Played", "GameOver"]
    assert state.game_over and state.winner == 0 and state.phase is sm.Phase.OVER
    assert one(events, sm.GameOver).how == "pay-off emptied"


@pytest.mark.rule("malice.end.stock-runs-out")
def test_game_ends_when_a_draw_finds_the_stock_empty() -> None:
    """Ruling M5: the stock "runs out" when a card must be drawn and none is left: a draw."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "2♣"], stock="")
    state, events = play_through(state, "discard 7♥ to side 1")
    over = one(events, sm.GameOver)
    assert over.winner is None and over.how == "stock ran out" and state.winner is None


@pytest.mark.rule("malice.end.stock-runs-out")
def test_an_empty_stock_alone_does_not_end_the_game() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥ 8♥", "2♣ 3♣ 4♣ 5♣ 6♣"], stock="")
    state, _ = play_through(state, "discard 7♥ to side 1")
    assert not state.game_over and state.to_act == 1


@pytest.mark.rule("malice.end.stock-runs-out")
def test_draw_short_keeps_the_cards_and_ends_the_game() -> None:
    """Ruling M5: a draw the stock cannot complete keeps what it got; the game then ends drawn."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "2♣"], stock="3♠ 4♠")
    state, events = play_through(state, "discard 7♥ to side 1")
    assert one(events, sm.Drew).count == 2 and len(state.hands[1]) == 3
    assert state.game_over and state.result is not None and state.result.how == "stock ran out"


def test_emptied_hand_with_empty_stock_ends_the_game() -> None:
    """Ruling M6: a common turn cannot end without a discard; a hand emptied with no stock ends it."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], centre=[RUN], stock="")
    state, events = play_through(state, "play 7♥ from hand to centre 1")
    assert state.game_over and one(events, sm.GameOver).how == "stock ran out"


@pytest.mark.rule("malice.end.stock-runs-out")
def test_stalemate_winner_by_fewer_pay_off_cards() -> None:
    rules = sm.Rules().variation("stalemate_fewer_wins")
    state = sm.setup(payoff=["9♦ 5♠", "Q♣"], hands=["7♥", "2♣"], rules=rules)
    state, events = play_through(state, "discard 7♥ to side 1")
    assert state.winner == 1 and one(events, sm.GameOver).how == "stock ran out"


def test_stalemate_with_equal_pay_offs_is_still_a_draw() -> None:
    rules = sm.Rules().variation("stalemate_fewer_wins")
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "2♣"], rules=rules)
    state, _ = play_through(state, "discard 7♥ to side 1")
    assert state.game_over and state.winner is None


@pytest.mark.rule("malice.scoring.points")
def test_scoring_variation_gives_five_plus_the_opponents_cards() -> None:
    """Seed 003: "if you win and catch your opponent with six cards, you score 11 points"."""
    rules = sm.Rules().variation("scoring")
    state = sm.setup(payoff=["7♠", "2♣ 3♣ 4♣ 5♣ 6♣ 7♣"], hands=["2♣", ""], centre=[RUN], rules=rules)
    state, events = play_through(state, "play 7♠ from pay-off to centre 1")
    assert state.scores == (11, 0) and one(events, sm.GameOver).points == (11, 0)


@pytest.mark.rule("malice.scoring.points")
def test_scoring_a_stalemate_gives_the_difference_to_the_fewer() -> None:
    rules = sm.Rules().variation("scoring")
    state = sm.setup(payoff=["9♦ 5♠ 4♠", "Q♣"], hands=["7♥", "2♣"], rules=rules)
    state, _ = play_through(state, "discard 7♥ to side 1")
    assert state.scores == (0, 2) and state.winner is None


def test_a_series_goes_on_until_the_target_score() -> None:
    rules = sm.Rules().variation("scoring")
    state = sm.setup(payoff=["7♠", "2♣ 3♣ 4♣ 5♣ 6♣ 7♣"], hands=["2♣", ""], centre=[RUN], rules=rules)
    state, _ = play_through(state, "play 7♠ from pay-off to centre 1")
    following, _ = sm.next_round(state)
    assert not following.game_over and following.series == (state.result,)
    assert following.scores == (11, 0)


def test_the_target_score_ends_the_series() -> None:
    import pytest
    from spite_rules.errors import IllegalAction

    rules = sm.Rules(scoring=sm.Scoring.POINTS, target_score=10)
    state = sm.setup(payoff=["7♠", "2♣ 3♣ 4♣ 5♣ 6♣ 7♣"], hands=["2♣", ""], centre=[RUN], rules=rules)
    state, _ = play_through(state, "play 7♠ from pay-off to centre 1")
    with pytest.raises(IllegalAction, match="the series is over"):
        sm.next_round(state)


def test_the_common_game_keeps_no_score() -> None:
    state = sm.setup(payoff=["7♠", "Q♣"], hands=["2♣", ""], centre=[RUN])
    state, _ = play_through(state, "play 7♠ from pay-off to centre 1")
    assert state.scores == (0, 0)


def test_more_players_take_turns_clockwise_and_the_first_empty_pay_off_wins() -> None:
    state = sm.setup(payoff=["9♦", "Q♣", "7♠"], hands=["7♥", "8♥", "2♣"], centre=[RUN], stock="2♠ 3♠ 4♠ 5♠ 6♠ 8♠ 9♠ 10♠ J♠ 2♦ 3♦ 4♦ 5♦")
    state, _ = play_through(state, "discard 7♥ to side 1", "discard 8♥ to side 1", "play 7♠ from pay-off to centre 1")
    assert state.winner == 2
    assert parse_cards("7♠") == state.centre[0][-1:]


@pytest.mark.rule("malice.scoring.points")
def test_scoring_with_more_seats_adds_every_other_pile_and_a_tie_for_fewest_scores_nothing() -> None:
    """Ruling M14."""
    from spite_rules.malice.scoring import game_points

    rules = sm.Rules(scoring=sm.Scoring.POINTS)
    assert game_points(rules, winner=0, payoff_left=(0, 3, 4), teams=((0,), (1,), (2,))) == (12, 0, 0)
    assert game_points(rules, winner=None, payoff_left=(2, 3, 5), teams=((0,), (1,), (2,))) == (4, 0, 0)
    assert game_points(rules, winner=None, payoff_left=(2, 2, 5), teams=((0,), (1,), (2,))) == (0, 0, 0)
    assert game_points(rules, winner=1, payoff_left=(2, 0, 3, 0), teams=((0, 2), (1, 3))) == (0, 10, 0, 10)
