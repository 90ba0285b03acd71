"""Seed 003's book version: compulsory aces and twos, ending without a discard, passing,
stalemates and their options, book scoring."""

from __future__ import annotations

import attrs
import pytest

import spite_rules.malice as sm
from spite_rules.errors import IllegalAction
from tests.malice.malice_helpers import BOOK, moves, one, play_through


@pytest.mark.rule("malice.book.aces-and-twos")
def test_book_ace_or_two_showing_must_be_played_as_soon_as_legal() -> None:
    state = sm.setup(payoff=["9♦ 2♠", "Q♣"], hands=["7♥ A♦", ""], centre=["A♣"], rules=BOOK)
    assert moves(state) == ["play 2♠ from pay-off to centre 1"]
    with pytest.raises(IllegalAction, match="must be played to the centre as soon as it can: play 2♠ from your pay-off first"):
        sm.apply(state, sm.Play(0, "A♦", 1))


def test_book_several_compulsory_cards_may_go_in_either_order() -> None:
    state = sm.setup(payoff=["9♦ 2♠", "Q♣"], hands=["7♥", ""], side=[["A♥"], []], centre=["A♣"], rules=BOOK)
    assert moves(state) == ["play 2♠ from pay-off to centre 1", "play A♥ from side 1 to centre 2"]


def test_book_a_compulsory_two_waits_until_an_ace_shows() -> None:
    state = sm.setup(payoff=["9♦ 2♠", "Q♣"], hands=["7♥ A♦", ""], rules=BOOK)
    assert "play A♦ from hand to centre 1" in moves(state) and "end turn" in moves(state)
    state, _ = play_through(state, "play A♦ from hand to centre 1")
    assert moves(state) == ["play 2♠ from pay-off to centre 1"]


def test_book_aces_and_twos_in_the_hand_are_not_compulsory() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥ A♦", ""], rules=BOOK)
    assert "end turn" in moves(state)


def test_book_jokers_are_never_forced_as_twos() -> None:
    """Book: "you are never forced to play a joker to the centre as a two, even if it is on top of
    a two on one of your side stacks"."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], side=[["2♠ JK"], []], centre=["A♣"], rules=BOOK)
    assert "end turn" in moves(state) and "play 🃏 from side 1 to centre 1" in moves(state)


def test_book_turn_may_end_without_a_discard() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥ A♦", "8♥"], stock="2♣ 3♣ 4♣ 5♣", rules=BOOK)
    state, events = play_through(state, "play A♦ from hand to centre 1", "end turn")
    assert one(events, sm.TurnEnded).how == "end" and state.to_act == 1


@pytest.mark.rule("malice.book.stalemate")
def test_book_a_turn_ended_without_moving_a_card_is_a_pass() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "8♥"], stock="2♣ 3♣ 4♣ 5♣", rules=BOOK)
    state, events = play_through(state, "end turn")
    assert one(events, sm.TurnEnded).how == "pass" and state.passes == 1


@pytest.mark.rule("malice.book.stalemate")
def test_book_two_passes_in_a_row_end_the_game_in_a_stalemate() -> None:
    state = sm.setup(payoff=["9♦ 5♠", "Q♣"], hands=["7♥", "8♥"], stock="2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣", rules=BOOK)
    state, events = play_through(state, "end turn", "end turn")
    over = one(events, sm.GameOver)
    assert over.how == "stalemate" and over.winner is None
    assert over.points == (0, 1) and state.scores == (0, 1)


def test_book_a_move_between_passes_breaks_the_count() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥ A♦", "8♥"], stock="2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣", rules=BOOK)
    state, _ = play_through(state, "end turn", "discard 8♥ to side 1")
    assert state.passes == 0 and not state.game_over


@pytest.mark.rule("malice.book.stalemate")
def test_book_stalemate_reshuffle_deals_new_hands_and_play_continues() -> None:
    """Ruling M16: everything but the pay-off piles is reshuffled; the seat to play next is dealt
    first and plays."""
    rules = attrs.evolve(BOOK, stalemate=sm.Stalemate.RESHUFFLE)
    state = sm.setup(payoff=["9♦ 5♠", "Q♣"], hands=["7♥", "8♥"], side=[["4♣"], []], centre=["A♣ 2♣"],
                     stock="2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦", rules=rules)
    total = state.all_cards()
    state, events = play_through(state, "end turn", "end turn")
    assert not state.game_over and state.to_act == 0
    assert one(events, sm.HandsRedealt).count == 5
    assert [len(hand) for hand in state.hands] == [5, 5]
    assert state.centre == () and not any(state.side[0]) and state.all_cards() == total
    assert state.payoff[0][-1].rank.name == "FIVE"


@pytest.mark.rule("malice.book.stalemate-aces-twos")
def test_book_stalemate_aces_twos_forbid_the_pass_that_completes_it() -> None:
    """Ruling M17."""
    rules = attrs.evolve(BOOK, stalemate_aces_twos=True)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "8♥ A♦"], stock="2♣ 3♣ 4♣ 5♣", rules=rules)
    state, _ = play_through(state, "end turn")
    assert "end turn" not in moves(state)
    with pytest.raises(IllegalAction, match="to break the stalemate seat 1 must play an ace or two from its hand"):
        sm.apply(state, sm.EndTurn(1))


@pytest.mark.rule("malice.book.stalemate-aces-twos")
def test_book_stalemate_aces_twos_the_first_passer_must_play_one_after_all_passed() -> None:
    rules = attrs.evolve(BOOK, stalemate_aces_twos=True)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥ A♦", "8♥"], stock="2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣", rules=rules)
    state, events = play_through(state, "end turn", "end turn")
    assert not state.game_over and state.to_act == 0
    assert moves(state) == ["play A♦ from hand to centre 1"]
    assert state.passes == 2


def test_book_scoring_winner_scores_five_plus_the_other_pile() -> None:
    state = sm.setup(payoff=["7♠", "2♣ 3♣ 4♣"], hands=["2♣", ""], centre=["A♣ 2♦ 3♣ 4♥ 5♠ 6♦"], rules=BOOK)
    state, events = play_through(state, "play 7♠ from pay-off to centre 1")
    assert state.scores == (8, 0)


def test_book_full_game_uses_both_packs() -> None:
    state = sm.new_game(seed=9, rules=BOOK)
    assert sum(state.all_cards().values()) == 108


def test_book_a_compulsory_two_showing_also_breaks_the_stalemate() -> None:
    """Ruling M17: the two rules meet; an ace or two showing may break the stalemate too."""
    rules = attrs.evolve(BOOK, stalemate_aces_twos=True)
    state = sm.setup(payoff=["10♠", "5♦"], hands=["A♥ 2♣ 5♠ 8♣", "2♥ 3♣"], side=[["2♦", "9♠"], []],
                     centre=["A♦"], stock="4♣ 5♣ 6♣ 7♣", rules=rules, passes=2)
    assert moves(state) == ["play 2♦ from side 1 to centre 1"]


def test_book_centre_stacks_are_unlimited_and_four_is_an_option() -> None:
    """Ruling M38."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["A♠ 7♥", ""], centre=["A♣", "A♦", "A♥", "A♣"], rules=BOOK)
    assert "play A♠ from hand to centre 5" in moves(state)
    four = sm.setup(payoff=["9♦", "Q♣"], hands=["A♠ 7♥", ""], centre=["A♣", "A♦", "A♥", "A♣"],
                    rules=attrs.evolve(BOOK, centre_limit=sm.CentreLimit.FOUR))
    assert not any(move.startswith("play") for move in moves(four))
