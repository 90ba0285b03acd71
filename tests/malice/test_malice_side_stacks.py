"""Side stacks (seed 003), the book's restricted discards, seed 004's columns, and spreading."""

from __future__ import annotations

import pytest

import spite_rules.malice as sm
from spite_rules.cards import parse_cards
from spite_rules.errors import IllegalAction
from tests.malice.malice_helpers import BOOK, THREE, kinds, moves, one, play_through


def test_a_discard_from_hand_to_a_side_stack_ends_the_turn() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥ 2♣", "5♣ 5♦ 5♥ 5♠"], stock="8♠ 9♠")
    state, events = play_through(state, "discard 7♥ to side 1")
    assert kinds(events) == ["Discarded", "TurnEnded", "TurnBegan", "Drew"]
    assert state.side[0][0] == parse_cards("7♥") and state.to_act == 1


def test_side_stacks_take_cards_in_any_order() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥ Q♣", ""], side=[["2♣"], []], stock="8♠")
    assert {"discard 7♥ to side 1", "discard Q♣ to side 1", "discard 7♥ to side 2"} <= set(moves(state))


@pytest.mark.rule("malice.side.first-empty-space")
def test_a_new_side_stack_starts_in_the_first_empty_space() -> None:
    """Ruling M10."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], side=[["2♣"], []], stock="8♠")
    assert moves(state) == ["discard 7♥ to side 1", "discard 7♥ to side 2"]
    with pytest.raises(IllegalAction, match="first empty space, side 2, not side 3"):
        sm.apply(state, sm.Discard(0, "7♥", 2))


@pytest.mark.rule("malice.side.limit")
def test_there_cannot_be_more_than_four_side_stacks() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], side=[["2♣", "3♣", "4♣", "5♣"], []], stock="8♠")
    with pytest.raises(IllegalAction, match="side 5 does not exist: there are 4 side stacks"):
        sm.apply(state, sm.Discard(0, "7♥", 4))
    assert len(moves(state)) == 4


@pytest.mark.rule("malice.turn.ends-with-discard")
def test_the_turn_ends_only_with_a_discard_in_the_common_game() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""])
    with pytest.raises(IllegalAction, match="the turn ends only with a discard to a side stack"):
        sm.apply(state, sm.EndTurn(0))


@pytest.mark.rule("malice.side.no-moves")
def test_a_card_never_moves_from_one_side_stack_to_another_in_the_common_game() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], side=[["2♣"], []])
    with pytest.raises(IllegalAction, match="a card never moves from one side stack to another"):
        sm.apply(state, sm.MoveSide(0, "2♣", 0, 1))


@pytest.mark.rule("malice.sources.in-hand")
def test_a_discard_must_be_held() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""])
    with pytest.raises(IllegalAction, match="seat 0 does not hold 8♥ \\(holds 7♥\\)"):
        sm.apply(state, sm.Discard(0, "8♥", 0))


@pytest.mark.rule("malice.side.one-card")
def test_one_card_is_discarded_at_a_time_outside_seed_004() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥ 7♣", ""])
    with pytest.raises(IllegalAction, match="one card is discarded at a time"):
        sm.apply(state, sm.Discard(0, "7♥ 7♣", 0))


@pytest.mark.rule("malice.side.equal-or-one-less")
def test_book_side_stack_takes_equal_or_one_less() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥ 6♣ 5♦ K♠", ""], side=[["7♠"], []], rules=BOOK)
    on_first = [move for move in moves(state) if move.endswith("side 1")]
    assert "discard 7♥ to side 1" in on_first and "discard 6♣ to side 1" in on_first
    assert "discard 5♦ to side 1" not in on_first and "discard K♠ to side 1" not in on_first
    with pytest.raises(IllegalAction, match="a 5♦ cannot go on side 1 showing 7: it must be equal to it or one less"):
        sm.apply(state, sm.Discard(0, "5♦", 0))


def test_book_jokers_on_a_side_stack_keep_their_value_open() -> None:
    """Book: "if a side stack has a nine followed by two jokers on top, the next card placed on the
    side stack could be a six ..., a seven, an eight or a nine"."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["5♦ 6♣ 7♥ 8♠ 9♣ 10♦", ""], side=[["9♠ JK JK"], []], rules=BOOK)
    on_first = {move.split()[1] for move in moves(state) if move.endswith("side 1")}
    assert on_first == {"6♣", "7♥", "8♠", "9♣"}


def test_book_any_card_may_go_to_an_empty_side_stack() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["Q♦", ""], side=[["2♠"], []], rules=BOOK)
    assert "discard Q♦ to side 2" in moves(state)


@pytest.mark.rule("malice.side.empty-first")
def test_three_decks_empty_columns_fill_first() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["5♦ 7♣", ""], side=[["7♠"], []], rules=THREE)
    assert [move for move in moves(state) if move.startswith("discard")] == [
        "discard 5♦ to side 2", "discard 7♣ to side 1", "discard 7♣ to side 2",
    ]
    with pytest.raises(IllegalAction, match="must go to an empty column first \\(side 2\\)"):
        sm.apply(state, sm.Discard(0, "5♦", 0))


def test_three_decks_any_column_once_none_is_empty() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["5♦", ""], side=[["7♠", "8♠", "9♠", "10♠"], []], rules=THREE)
    assert len([move for move in moves(state) if move.startswith("discard")]) == 4


@pytest.mark.rule("malice.side.equal-group")
def test_three_decks_equal_cards_go_together() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♦ 7♣ 7♥", "2♣ 3♣"], side=[["7♠"], []], rules=THREE, stock="4♣ 5♣ 6♣")
    assert "discard 7♣ 7♦ 7♥ to side 1" in moves(state)
    assert "discard 7♣ 7♦ to side 2" in moves(state)
    state, events = play_through(state, "discard 7♣ 7♦ 7♥ to side 1")
    assert state.side[0][0] == parse_cards("7♠ 7♣ 7♦ 7♥") and state.hands[0] == ()
    assert one(events, sm.Discarded).cards == parse_cards("7♣ 7♦ 7♥")


@pytest.mark.rule("malice.side.equal-group")
def test_three_decks_cards_discarded_together_share_a_number() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♦ 8♣", ""], rules=THREE)
    with pytest.raises(IllegalAction, match="cards discarded together must have the same number"):
        sm.apply(state, sm.Discard(0, "7♦ 8♣", 0))


def test_spread_side_stacks_are_seen_whole() -> None:
    rules = sm.Rules().variation("spread")
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], side=[["2♣ 3♣ 4♣"], []], rules=rules)
    assert sm.view(state, 1).side[0][0] == parse_cards("2♣ 3♣ 4♣")
    squared = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], side=[["2♣ 3♣ 4♣"], []])
    assert sm.view(squared, 1).side[0][0] == parse_cards("4♣")
    assert sm.view(squared, 1).side_sizes[0][0] == 3
