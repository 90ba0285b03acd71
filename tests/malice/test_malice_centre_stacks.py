"""Centre stacks: an ace starts one, then one higher each time, suits irrelevant; wild cards stand
for the value their place needs; the stack limit; completed stacks (seed 003)."""

from __future__ import annotations

import attrs
import pytest

import spite_rules.malice as sm
from spite_rules.cards import parse_card, parse_cards
from spite_rules.errors import IllegalAction
from tests.malice.malice_helpers import BOOK, kinds, moves, of_type, one, play_through

RUN = "A♣ 2♦ 3♣ 4♥ 5♠ 6♦"


@pytest.mark.rule("malice.centre.ace-starts")
def test_an_ace_starts_a_centre_stack() -> None:
    state, events = play_through(sm.setup(payoff=["9♦", "Q♣"], hands=["A♠ 7♥", ""]), "play A♠ from hand to centre 1")
    assert state.centre[0] == parse_cards("A♠")
    assert one(events, sm.Played).stands_for == 1


@pytest.mark.rule("malice.centre.ace-starts")
def test_only_an_ace_starts_a_centre_stack() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["2♠ 7♥", ""])
    with pytest.raises(IllegalAction, match=r"a 2♠ cannot start a centre stack: only an ace can \[malice.centre.ace-starts\]"):
        sm.apply(state, sm.Play(0, "2♠", 0))


@pytest.mark.rule("malice.centre.next-higher")
def test_a_card_goes_on_the_next_higher_value_irrespective_of_suit() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], centre=[RUN])
    state, events = play_through(state, "play 7♥ from hand to centre 1")
    assert state.centre[0][-1] == parse_card("7♥") and one(events, sm.Played).stands_for == 7


@pytest.mark.rule("malice.centre.next-higher")
def test_a_card_that_is_not_next_higher_is_refused_naming_the_rule_and_nothing_changes() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["9♠", ""], centre=[RUN])
    before = attrs.evolve(state)
    with pytest.raises(IllegalAction) as refused:
        sm.apply(state, sm.Play(0, "9♠", 0))
    assert str(refused.value) == "a 9♠ cannot go on centre 1 showing 6: it needs a 7 [malice.centre.next-higher]"
    assert state == before


@pytest.mark.rule("malice.wild.kings")
def test_a_king_on_a_centre_stack_stands_for_the_next_higher_value() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["K♠", ""], centre=[RUN])
    state, events = play_through(state, "play K♠ from hand to centre 1")
    assert one(events, sm.Played).stands_for == 7
    assert sm.view(state, 1).wilds == ((0, 7),)


@pytest.mark.rule("malice.wild.kings")
def test_king_on_payoff_may_start_a_stack_as_ace() -> None:
    """Ruling M2: kings "can represent any card", an ace included."""
    state = sm.setup(payoff=["9♦ K♥", "Q♣"], hands=["7♣", ""])
    assert "play K♥ from pay-off to centre 1" in moves(state)
    state, events = play_through(state, "play K♥ from pay-off to centre 1")
    assert one(events, sm.Played).stands_for == 1


def test_cards_come_from_the_hand_the_pay_off_top_or_a_side_stack_top() -> None:
    state = sm.setup(payoff=["9♦ 7♠", "Q♣"], hands=["7♥ 2♣", ""], side=[["7♦ 5♣", "7♣"], []], centre=[RUN])
    assert [move for move in moves(state) if move.startswith("play")] == [
        "play 7♠ from pay-off to centre 1",
        "play 7♣ from side 2 to centre 1",
        "play 7♥ from hand to centre 1",
    ]


@pytest.mark.rule("malice.sources.top-card")
def test_a_card_below_a_side_stack_top_is_unavailable() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["2♣", ""], side=[["7♦ 5♣"], []], centre=[RUN])
    with pytest.raises(IllegalAction, match="7♦ is not the top of seat 0's side 1 \\(5♣ is\\)"):
        sm.apply(state, sm.Play(0, "7♦", 0, origin=sm.Origin.SIDE, side=0))


@pytest.mark.rule("malice.sources.top-card")
def test_only_the_top_pay_off_card_is_available() -> None:
    state = sm.setup(payoff=["7♠ 9♦", "Q♣"], hands=["2♣", ""], centre=[RUN])
    with pytest.raises(IllegalAction, match="7♠ is not the top of seat 0's pay-off pile \\(9♦ is\\)"):
        sm.apply(state, sm.Play(0, "7♠", 0, origin=sm.Origin.PAYOFF))


@pytest.mark.rule("malice.sources.top-card")
def test_playing_the_pay_off_top_turns_up_the_next_card() -> None:
    state = sm.setup(payoff=["5♣ 9♦ 7♠", "Q♣"], hands=["2♣", ""], centre=[RUN])
    state, events = play_through(state, "play 7♠ from pay-off to centre 1")
    assert kinds(events) == ["Played", "PayoffTurnedUp"]
    assert one(events, sm.PayoffTurnedUp) == sm.PayoffTurnedUp(0, parse_card("9♦"))


@pytest.mark.rule("malice.centre.space", "malice.centre.limit")
def test_there_cannot_be_more_than_three_centre_stacks() -> None:
    """Ruling M40: a fourth stack is refused by the limit; a space further on does not exist."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["A♠ 7♥", ""], centre=["A♣", "A♦", "A♥"])
    assert not any(move.startswith("play A♠") for move in moves(state))
    with pytest.raises(IllegalAction) as refused:
        sm.apply(state, sm.Play(0, "A♠", 3))
    assert str(refused.value) == "no new centre stack: there cannot be more than 3 at one time [malice.centre.limit]"
    with pytest.raises(IllegalAction) as refused:
        sm.apply(state, sm.Play(0, "A♠", 4))
    assert str(refused.value) == "centre 5 does not exist (there are 3 spaces) [malice.centre.space]"


@pytest.mark.rule("malice.centre.first-free-space")
def test_a_new_stack_past_the_last_space_goes_in_the_free_one_under_a_limit() -> None:
    """Ruling M40: with a space free, the space after the last is refused for the free one."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["A♠ 7♥", ""], centre=["A♣", "", "A♥"])
    with pytest.raises(IllegalAction) as refused:
        sm.apply(state, sm.Play(0, "A♠", 3))
    assert str(refused.value) == (
        "a new centre stack goes in the first free space, centre 2, not centre 4 [malice.centre.first-free-space]"
    )


@pytest.mark.rule("malice.centre.limit")
def test_centre_limit_four_allows_a_fourth_stack() -> None:
    rules = sm.Rules(centre_limit=sm.CentreLimit.FOUR)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["A♠ 7♥", ""], centre=["A♣", "A♦", "A♥"], rules=rules)
    assert "play A♠ from hand to centre 4" in moves(state)


def test_unlimited_centre_stacks_grow_a_new_space() -> None:
    rules = sm.Rules(centre_limit=sm.CentreLimit.UNLIMITED)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["A♠ 7♥", ""], centre=["A♣", "A♦", "A♥", "A♣"], rules=rules)
    state, _ = play_through(state, "play A♠ from hand to centre 5")
    assert len(state.centre) == 5


def test_players_plus_one_limit_depends_on_the_table() -> None:
    rules = sm.Rules(centre_limit=sm.CentreLimit.PLAYERS_PLUS_ONE)
    assert len(sm.new_game(3, seed=1, rules=rules).centre) == 4
    assert len(sm.new_game(2, seed=1, rules=rules).centre) == 3


@pytest.mark.rule("malice.centre.first-free-space")
def test_a_new_stack_goes_in_the_first_free_space() -> None:
    """Ruling M9."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["A♠", ""], centre=["A♣"])
    assert [move for move in moves(state) if move.startswith("play")] == ["play A♠ from hand to centre 2"]
    with pytest.raises(IllegalAction, match="first free space, centre 2, not centre 3"):
        sm.apply(state, sm.Play(0, "A♠", 2))


@pytest.mark.rule("malice.centre.completed")
def test_a_queen_completes_a_stack_which_is_shuffled_into_the_stock_at_once() -> None:
    """Ruling M4: the engine shuffles the completed stack into the stock inside the same move."""
    full = "A♣ 2♦ 3♣ 4♥ 5♠ 6♦ 7♣ 8♦ 9♣ 10♥ J♠"
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["Q♥ 5♣", ""], centre=[full], stock="2♠ 3♠")
    state, events = play_through(state, "play Q♥ from hand to centre 1")
    assert kinds(events) == ["Played", "StackCompleted", "StackSetAside", "StockShuffled"]
    assert state.centre[0] == () and len(state.stock) == 14 and state.used == ()
    assert state.to_act == 0


@pytest.mark.rule("malice.centre.completed")
def test_a_king_as_queen_completes_a_stack() -> None:
    full = "A♣ 2♦ 3♣ 4♥ 5♠ 6♦ 7♣ 8♦ 9♣ 10♥ J♠"
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["K♥ 5♣", ""], centre=[full], stock="2♠")
    state, events = play_through(state, "play K♥ from hand to centre 1")
    assert one(events, sm.StackCompleted).cards[-1] == parse_card("K♥")
    assert state.centre[0] == ()


@pytest.mark.rule("malice.centre.completed")
def test_completed_stacks_can_wait_until_the_stock_is_depleted() -> None:
    rules = sm.Rules().variation("unlimited_centre_wait")
    full = "A♣ 2♦ 3♣ 4♥ 5♠ 6♦ 7♣ 8♦ 9♣ 10♥ J♠"
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["Q♥ 5♣", ""], centre=[full], stock="2♠", rules=rules)
    state, events = play_through(state, "play Q♥ from hand to centre 1")
    assert len(state.used) == 12 and state.stock == parse_cards("2♠")
    assert not of_type(events, sm.StockShuffled)


def test_set_aside_stacks_become_the_stock_when_a_draw_finds_it_empty() -> None:
    rules = sm.Rules().variation("unlimited_centre_wait")
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["5♣", "7♣ 8♣ 9♣ 10♣"], used="2♠ 3♠ 4♠", rules=rules)
    state, events = play_through(state, "discard 5♣ to side 1")
    assert one(events, sm.StockShuffled).reason == "stock depleted"
    assert len(state.hands[1]) == 5 and len(state.stock) == 2


@pytest.mark.rule("malice.jacks.substitution")
def test_nothing_ever_leaves_a_centre_stack_in_the_common_game() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], centre=[RUN + " K♠"])
    with pytest.raises(IllegalAction, match="wild cards are not substituted"):
        sm.apply(state, sm.Substitute(0, "7♥", 0))


def test_only_jokers_wild_makes_stacks_run_to_the_king() -> None:
    rules = sm.Rules().variation("jokers_only_wild")
    full = "A♣ 2♦ 3♣ 4♥ 5♠ 6♦ 7♣ 8♦ 9♣ 10♥ J♠ Q♠"
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["K♥ JK", ""], centre=[full], rules=rules)
    assert "play K♥ from hand to centre 1" in moves(state)
    state, events = play_through(state, "play K♥ from hand to centre 1")
    assert one(events, sm.Played).stands_for == 13 and one(events, sm.StackCompleted)


def test_jokers_with_kings_wild_are_both_wild() -> None:
    rules = sm.Rules().variation("jokers")
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["K♥ JK", ""], centre=[RUN], rules=rules)
    assert {"play K♥ from hand to centre 1", "play 🃏 from hand to centre 1"} <= set(moves(state))


@pytest.mark.rule("malice.wild.cannot-be")
def test_a_wild_card_cannot_represent_an_ace_where_the_rules_say_so() -> None:
    rules = sm.Rules().variation("wild_not_ace")
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["K♥ 5♣", ""], rules=rules)
    with pytest.raises(IllegalAction, match="a wild K♥ cannot stand for an A here"):
        sm.apply(state, sm.Play(0, "K♥", 0))


@pytest.mark.rule("malice.wild.cannot-be")
def test_a_wild_card_cannot_represent_a_seven_where_the_rules_say_so() -> None:
    rules = sm.Rules().variation("wild_not_ace_or_seven")
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["K♥ 5♣", ""], centre=[RUN, "A♠"], rules=rules)
    assert [move for move in moves(state) if move.startswith("play")] == ["play K♥ from hand to centre 2"]


@pytest.mark.rule("malice.wild.cannot-be")
def test_book_joker_cannot_start_a_centre_stack() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["JK 5♣", ""], rules=BOOK)
    with pytest.raises(IllegalAction, match="a wild 🃏 cannot stand for an A here"):
        sm.apply(state, sm.Play(0, "JK", 0))


def test_book_kings_are_natural_and_stacks_run_to_king() -> None:
    """Ruling M1."""
    full = "A♣ 2♦ 3♣ 4♥ 5♠ 6♦ 7♣ 8♦ 9♣ 10♥ J♠"
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["K♥ Q♦", ""], centre=[full], rules=BOOK)
    assert [move for move in moves(state) if move.startswith("play")] == ["play Q♦ from hand to centre 1"]
    state, events = play_through(state, "play Q♦ from hand to centre 1", "play K♥ from hand to centre 1")
    assert one(events, sm.StackCompleted).cards[-1] == parse_card("K♥")
