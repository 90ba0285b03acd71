"""Each option switched on its own, on top of a preset: the option alone changes the game."""

from __future__ import annotations

import attrs
import pytest

import spite_rules.malice as sm
from spite_rules.cards import parse_cards
from spite_rules.errors import IllegalAction
from tests.malice.malice_helpers import JACKS, moves, of_type, one, play_through

STOCK = "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ 2♥ 3♥"


def test_hand_size_option_draws_to_that_many() -> None:
    rules = sm.Rules(hand_size=7)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "2♣"], stock=STOCK, rules=rules)
    state, _ = play_through(state, "discard 7♥ to side 1")
    assert len(state.hands[1]) == 7
    assert [len(hand) for hand in sm.new_game(seed=1, rules=rules).hands] == [7, 7]


@pytest.mark.rule("malice.side.limit")
def test_side_stacks_option_sets_the_limit() -> None:
    rules = sm.Rules(side_stacks=2)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], side=[["2♣", "3♣"], []], rules=rules)
    assert moves(state) == ["discard 7♥ to side 1", "discard 7♥ to side 2"]
    with pytest.raises(IllegalAction, match="there are 2 side stacks"):
        sm.apply(state, sm.Discard(0, "7♥", 2))


def test_end_without_discard_alone_lets_a_common_turn_end() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "8♥"], stock=STOCK, rules=sm.Rules(end_without_discard=True))
    assert "end turn" in moves(state)


def test_side_moves_alone_lets_a_common_turn_end_by_moving_a_discard() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "8♥"], side=[["2♣"], []], stock=STOCK, rules=sm.Rules(side_moves=True))
    assert "move 2♣ from side 1 to side 2" not in moves(state)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "8♥"], side=[["2♣ 3♣"], []], stock=STOCK, rules=sm.Rules(side_moves=True))
    assert "move 3♣ from side 1 to side 2" in moves(state)


def test_jacks_without_opponent_payoff_cannot_use_their_play_deck() -> None:
    rules = attrs.evolve(JACKS, opponent_payoff=False)
    state = sm.setup(payoff=["9♦", "5♣ 3♥"], hands=["7♦", ""], centre=["A♠ 2♣"], stock=STOCK, rules=rules)
    assert not any(move.startswith("play") for move in moves(state))


def test_jacks_without_opponent_discards_cannot_use_their_discards() -> None:
    rules = attrs.evolve(JACKS, opponent_discards=False)
    state = sm.setup(payoff=["9♦", "Q♣ 4♥"], hands=["7♦", ""], side=[[], ["3♠"]], centre=["A♠ 2♣"], stock=STOCK, rules=rules)
    assert not any("side 1 to centre" in move for move in moves(state))


def test_jacks_without_wild_ace_covered_a_wild_ace_is_free() -> None:
    rules = attrs.evolve(JACKS, wild_ace_covered=False)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["K♠ 5♥", ""], stock=STOCK, rules=rules)
    state, _ = play_through(state, "play K♠ from hand to centre 1")
    assert state.owed == () and "end turn" in moves(state)


def test_jacks_without_wild_on_wild_covered_wilds_stack_freely() -> None:
    rules = attrs.evolve(JACKS, wild_on_wild_covered=False)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["K♠ JK 8♣", ""], centre=["A♣ 2♦ 3♣ 4♥"], stock=STOCK, rules=rules)
    state, _ = play_through(state, "play K♠ from hand to centre 1", "play 🃏 from hand to centre 1")
    assert state.owed == () and "end turn" in moves(state)


def test_jacks_without_substitution_no_swap_is_offered() -> None:
    rules = attrs.evolve(JACKS, substitution=False)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], centre=["A♣ 2♦ 3♣ 4♥ 5♠ 6♦ K♠"], stock=STOCK, rules=rules)
    assert not any(move.startswith("swap") for move in moves(state))


@pytest.mark.parametrize(
    "option, payoff, centre",
    [
        ("equal_tops_together", ["9♦ 3♥", "5♣ 3♠"], ["A♦ 2♠", "A♣ 2♥"]),
        ("same_rank_follows", ["9♦ 3♦ 3♥", "5♣ 8♥"], ["A♦ 2♠", "A♣ 2♥"]),
    ],
)
def test_jacks_each_forced_play_rule_can_be_switched_off(option: str, payoff: list[str], centre: list[str]) -> None:
    rules = attrs.evolve(JACKS, **{option: False})
    state = sm.setup(payoff=payoff, hands=["7♦", ""], centre=centre, stock=STOCK, rules=rules)
    _, events = play_through(state, "play 3♥ from pay-off to centre 1")
    assert not [event for event in of_type(events, sm.Played) if event.forced]


def test_jacks_without_opponent_next_rank_follows_their_next_card_stays() -> None:
    rules = attrs.evolve(JACKS, opponent_next_rank_follows=False)
    state = sm.setup(payoff=["9♦", "Q♣ 4♠ 3♥"], hands=["4♦ 7♦", ""], centre=["A♦ 2♠"], stock=STOCK, rules=rules)
    state, events = play_through(state, "play 3♥ from seat 1's pay-off to centre 1")
    assert len(of_type(events, sm.Played)) == 1 and state.payoff[1] == parse_cards("Q♣ 4♠")


def test_jacks_without_backstab_emptying_the_play_deck_wins_at_once() -> None:
    rules = attrs.evolve(JACKS, backstab=False)
    state = sm.setup(payoff=["3♥", "9♠ 5♣"], hands=["7♦", ""], centre=["A♦ 2♠"], stock=STOCK, rules=rules)
    state, events = play_through(state, "play 3♥ from pay-off to centre 1")
    assert state.game_over and one(events, sm.GameOver).winner == 0


def test_jacks_without_wild_queen_stays_a_wild_queen_stack_is_set_aside() -> None:
    rules = attrs.evolve(JACKS, wild_queen_stays=False)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["K♠ 2♣", ""], centre=["A♣ 2♦ 3♣ 4♥ 5♠ 6♦ 7♣ 8♦ 9♣ 10♥ J♠"], stock=STOCK, rules=rules)
    state, _ = play_through(state, "play K♠ from hand to centre 1")
    assert state.centre[0] == () and len(state.used) == 12


def test_jacks_with_hands_dealt_both_seats_start_with_five() -> None:
    state = sm.new_game(seed=2, rules=attrs.evolve(JACKS, hands_dealt=True))
    assert [len(hand) for hand in state.hands] == [5, 5]


def test_book_without_compulsory_aces_and_twos_a_showing_two_may_wait() -> None:
    rules = attrs.evolve(sm.Rules.preset("book"), compulsory_aces_and_twos=False)
    state = sm.setup(payoff=["9♦ 2♠", "Q♣"], hands=["7♥", ""], centre=["A♣"], stock=STOCK, rules=rules)
    assert "end turn" in moves(state)


def test_three_decks_without_twos_while_aces_a_two_may_wait() -> None:
    rules = attrs.evolve(sm.Rules.preset("three_decks"), twos_while_aces=False)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["2♥ 7♣", ""], centre=["A♣"], stock=STOCK, rules=rules)
    assert "discard 7♣ to side 1" in moves(state)
