"""The deal: pay-off piles, hands, stock, the packs used, and who plays first (seeds 002-004)."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import spite_rules.malice as sm
from spite_rules.cards import parse_card, parse_cards, standard_deck
from spite_rules.errors import IllegalAction
from spite_rules.malice.deal import first_player, packs_for
from spite_rules.malice.order import value
from tests.malice.malice_helpers import BOOK, JACKS, THREE


@pytest.mark.rule("malice.deal.layout")
def test_common_deal_is_20_pay_off_cards_and_5_in_hand_from_two_packs() -> None:
    state = sm.new_game(seed=4)
    assert [len(pile) for pile in state.payoff] == [20, 20]
    assert [len(hand) for hand in state.hands] == [5, 5]
    assert len(state.stock) == 104 - 50
    assert state.all_cards() == Counter(standard_deck(2))


@pytest.mark.rule("malice.deal.layout")
def test_the_deal_is_a_function_of_the_seed() -> None:
    assert sm.new_game(seed=11) == sm.new_game(seed=11)
    assert sm.new_game(seed=11) != sm.new_game(seed=12)


def test_book_pay_offs_come_from_pack_a_and_hands_from_pack_b() -> None:
    state = sm.new_game(seed=2, rules=BOOK)
    payoffs = Counter(state.payoff[0] + state.payoff[1])
    assert payoffs == Counter(standard_deck(1))
    assert len(state.stock) == 56 - 10
    assert state.all_cards()[parse_card("JK")] == 4


def test_jacks_deals_30_each_and_leaves_48_to_draw() -> None:
    """Ruling M19: the seed's "the rest (78)" counts one play deck; 108 - 60 = 48."""
    state = sm.new_game(seed=5, rules=JACKS)
    assert [len(pile) for pile in state.payoff] == [30, 30]
    assert len(state.stock) + sum(len(hand) for hand in state.hands) == 48
    assert sum(state.all_cards().values()) == 108


def test_jacks_hands_are_drawn_at_each_seats_first_turn() -> None:
    """Seed 002: "On your first turn, you will draw five cards." """
    state = sm.new_game(seed=5, rules=JACKS)
    assert len(state.hands[state.to_act]) == 5
    assert len(state.hands[1 - state.to_act]) == 0


def test_three_decks_deals_27_card_stacks_from_three_packs() -> None:
    state = sm.new_game(seed=6, rules=THREE)
    assert [len(pile) for pile in state.payoff] == [27, 27]
    assert len(state.stock) == 156 - 54 - 10


def test_massachusetts_deals_14_pay_off_cards_and_a_card_to_each_side_stack() -> None:
    state = sm.new_game(seed=3, rules=sm.Rules().variation("massachusetts"))
    assert [len(pile) for pile in state.payoff] == [14, 14]
    assert all(len(stack) == 1 for stacks in state.side for stack in stacks)
    assert len(state.stock) == 104 - 28 - 10 - 8


@pytest.mark.parametrize("size", [21, 25])
def test_pay_off_size_is_an_option(size: int) -> None:
    state = sm.new_game(seed=1, rules=sm.Rules(payoff_size=size))
    assert [len(pile) for pile in state.payoff] == [size, size]


def test_jokers_variation_adds_four_jokers() -> None:
    state = sm.new_game(seed=1, rules=sm.Rules().variation("jokers"))
    assert sum(state.all_cards().values()) == 108


@pytest.mark.rule("malice.deal.layout")
def test_more_players_add_packs_until_the_stock_starts_with_a_pack() -> None:
    """Ruling M8."""
    assert [packs_for(sm.Rules(), players) for players in (2, 3, 4, 5, 6)] == [2, 3, 3, 4, 4]
    state = sm.new_game(4, seed=1)
    assert len(state.stock) >= 52


def test_one_deck_per_player_is_an_option() -> None:
    state = sm.new_game(3, seed=1, rules=sm.Rules(decks_per_player=True))
    assert sum(state.all_cards().values()) == 156


def test_the_book_seats_only_two() -> None:
    with pytest.raises(IllegalAction, match="these rules seat exactly 2 players, not 3"):
        sm.new_game(3, seed=1, rules=BOOK)


def test_partnerships_need_four_or_six_players() -> None:
    with pytest.raises(IllegalAction, match="partnerships are for 4 or 6 players"):
        sm.new_game(3, seed=1, rules=sm.Rules(partnerships=True))


def _tops(top0: str, top1: str, rules: sm.Rules = sm.Rules(), **kw: object) -> sm.State:
    return sm.setup(payoff=[f"5♣ {top0}", f"5♦ {top1}"], stock="2♣ 3♣ 4♣ 6♣ 7♣ 8♣", rules=rules, **kw)  # type: ignore[arg-type]


@pytest.mark.rule("malice.deal.first-player")
def test_the_higher_pay_off_card_plays_first() -> None:
    assert first_player(_tops("9♠", "J♦")).to_act == 1
    assert first_player(_tops("Q♠", "J♦")).to_act == 0


@pytest.mark.rule("malice.deal.first-player")
def test_wild_showing_counts_lowest_for_first_player() -> None:
    """Ruling M3: a king showing (wild) is lower than any natural card."""
    assert first_player(_tops("K♠", "A♦")).to_act == 1


@pytest.mark.rule("malice.deal.first-player")
def test_a_tie_reshuffles_both_pay_off_piles_and_turns_up_again() -> None:
    state = sm.setup(payoff=["2♣ 3♣ 9♠", "4♦ 6♦ 9♦"], stock="2♥")
    decided = first_player(state)
    assert decided.shuffles > state.shuffles
    assert Counter(decided.payoff[0]) == Counter(state.payoff[0])
    first, other = decided.to_act, 1 - decided.to_act
    assert value(decided.payoff[first][-1], decided.rules) > value(decided.payoff[other][-1], decided.rules)


@pytest.mark.rule("malice.deal.first-player")
def test_with_three_players_only_the_seats_tied_for_highest_reshuffle() -> None:
    """Ruling M7."""
    state = sm.setup(payoff=["2♣ 3♣ 9♠", "4♦ 6♦ 9♦", "5♥ 7♥ 8♥"], stock="2♥")
    decided = first_player(state)
    assert decided.payoff[2] == state.payoff[2]
    assert decided.to_act in (0, 1)


def test_jacks_ties_go_by_suit_spades_highest() -> None:
    """Seed 002: "Spades, Hearts, Diamonds, Clubs are presented in descending order"."""
    assert first_player(_tops("9♥", "9♠", JACKS)).to_act == 1
    assert first_player(_tops("9♥", "9♦", JACKS)).to_act == 0


def test_jacks_wild_cards_are_lowest_in_the_first_player_matchup() -> None:
    """Seed 002: "Wild versus 10 -> 10's player goes first." """
    assert first_player(_tops("JK", "10♦", JACKS)).to_act == 1
    assert first_player(_tops("Q♠", "5♦", JACKS)).to_act == 0


def test_jacks_identical_tops_are_settled_by_a_cut_of_the_draw_pile() -> None:
    """Ruling M20: each tied seat cuts the draw pile; the stock is not changed."""
    state = _tops("9♥", "9♥", JACKS)
    decided = first_player(state)
    assert decided.stock == state.stock and decided.payoff == state.payoff
    assert decided.shuffles > state.shuffles


def test_three_decks_king_is_the_highest_first_card() -> None:
    """Ruling M30: seed 004 gives no rule; seed 003's is used, with the king natural."""
    assert first_player(_tops("K♠", "Q♦", THREE)).to_act == 0


def test_new_game_takes_a_list_of_names() -> None:
    state = sm.new_game(["ann", "bob"], seed=1)
    assert state.names == ("ann", "bob")


def test_setup_builds_a_position_with_empty_spaces() -> None:
    state = sm.setup(payoff=["3♠ 9♦", "Q♣"], side=[["4♣ 5♣"], []], centre=["A♥ 2♥"])
    assert state.side[0] == (parse_cards("4♣ 5♣"), (), (), ())
    assert len(state.centre) == 3 and state.centre[1] == ()


def test_setup_refuses_a_centre_stack_that_is_not_a_run_from_an_ace() -> None:
    with pytest.raises(IllegalAction, match="cannot stand 2 from the bottom"):
        sm.setup(payoff=["3♠", "Q♣"], centre=["A♥ 3♥"])


def test_setup_refuses_spite_only_cards() -> None:
    with pytest.raises(IllegalAction, match="13♥ is not a card of Spite and Malice"):
        sm.setup(payoff=["13♥", "Q♣"])


def test_setup_refuses_too_many_side_stacks() -> None:
    with pytest.raises(IllegalAction, match="there cannot be more than 4"):
        sm.setup(payoff=["3♠", "Q♣"], side=[["2♣", "3♣", "4♣", "5♣", "6♣"], []])


def test_setup_refuses_a_seat_to_act_that_does_not_exist() -> None:
    with pytest.raises(IllegalAction, match="to_act: seat 2 does not exist"):
        sm.setup(payoff=["3♠", "Q♣"], to_act=2)


def test_compulsory_aces_at_the_deal_are_played_before_the_first_move() -> None:
    rules = sm.Rules().variation("compulsory_aces")
    for seed in range(30):
        state = sm.new_game(seed=seed, rules=rules)
        seat = state.to_act
        assert not any(card.rank.name == "ACE" for card in state.hands[seat])
        assert not state.payoff[seat] or state.payoff[seat][-1].rank.name != "ACE"


def test_the_seats_shuffle_count_advances_with_the_deal() -> None:
    assert sm.new_game(seed=1).shuffles >= 1
    assert attrs.evolve(sm.new_game(seed=1)).seed == 1
