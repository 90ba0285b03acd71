"""Going out, the end of a round, and the instant losses (rulings R22, R23, R24).

Seed 000, "Objective": "The round is played until there is only one player with cards remaining."
"Playing Tricks": "If that player has gone out by playing their final card(s) while winning the
trick, then the next player in clockwise sequence shall lead the next trick." "Buy Back": "If the
number of cards in a player's hand reaches or exceeds 20, they instantly lose the round." "Joker
Hands": "If a player plays a joker hand as their last or second last play, the play stands but they
immediately become the loser of the round." "Fake Jokers": "A player is considered to have gone out
of a round when their regular hand is exhausted, regardless of whether they still hold any fake
jokers." "Fake jokers are not allowed to be played face-down as the last or second last play of a
player. The same penalty ... However, fake jokers may be played face-up as the second last play."
"""

from __future__ import annotations

import pytest

import spite_rules as sr
from spite_rules.round import next_round
from tests.helpers import CALLED, all_pass, of_type, one, play_through, table


NINETEEN = "3♠ 3♠ 3♣ 4♠ 4♣ 4♦ 5♠ 5♣ 5♦ 6♠ 6♣ 6♦ 8♠ 8♣ 8♦ 9♠ 9♣ 9♦ Q♠"


# -- going out ------------------------------------------------------------------------------------


@pytest.mark.rule("objective.going-out")
def test_playing_the_last_card_goes_out_in_first_place() -> None:
    state = table("9♠", "3♦ 10♦", "5♣ 6♣")
    state, events = sr.apply(state, sr.Play(0, "9♠"))
    assert one(events, sr.WentOut) == sr.WentOut(0, 1)
    assert state.finished == (0,)
    assert 0 not in state.active


@pytest.mark.rule("objective.going-out")
def test_places_count_in_the_order_seats_go_out() -> None:
    state = table("9♠", "3♦ 10♦", "J♣", "4♥ 3♥")
    state, events = play_through(state, sr.Play(0, "9♠"), sr.Pass(1), sr.Play(2, "J♣"))
    assert of_type(events, sr.WentOut) == [sr.WentOut(0, 1), sr.WentOut(2, 2)]
    assert state.finished == (0, 2)


@pytest.mark.rule("objective.going-out", "trick.win")
def test_the_trick_continues_without_a_seat_that_went_out_mid_trick() -> None:
    state = table("9♠", "3♦ 10♦", "5♣ 6♣", "4♥ 4♠")
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "10♦"), sr.Pass(2))
    assert state.to_act == 3
    state, events = play_through(state, sr.Pass(3))
    # Seat 0 is out: it is not asked to pass before seat 1 wins.
    assert one(events, sr.TrickWon) == sr.TrickWon(1, 1)
    assert state.to_act == 1


@pytest.mark.rule("objective.going-out")
def test_a_seat_out_of_the_round_cannot_act() -> None:
    state = table("9♠", "3♦ 10♦", "5♣ 6♣", "4♥ 4♠")
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.Play(0, "10♦"))


@pytest.mark.rule("trick.winner-went-out")
def test_the_winner_who_went_out_passes_the_lead_to_the_next_seat_clockwise() -> None:
    state = table("3♠ 4♠", "3♦ 4♦", "2♣", "5♥ 3♥", leader=2)
    state, events = play_through(state, sr.Play(2, "2♣"), sr.Pass(3), sr.Pass(0), sr.Pass(1))
    assert one(events, sr.TrickWon) == sr.TrickWon(2, 3)
    assert state.to_act == 3 and state.trick.leader == 3


@pytest.mark.rule("trick.winner-went-out")
def test_the_lead_passes_over_seats_already_out() -> None:
    state = table("3♠ 4♠", "3♦ 4♦", "2♣", "9♥", leader=3)
    state, _ = play_through(state, sr.Play(3, "9♥"), sr.Pass(0), sr.Pass(1), sr.Pass(2))
    assert state.finished == (3,) and state.to_act == 0
    state, _ = play_through(state, sr.Play(0, "3♠"), sr.Pass(1), sr.Play(2, "2♣"), sr.Pass(0))
    state, events = sr.apply(state, sr.Pass(1))
    assert one(events, sr.TrickWon) == sr.TrickWon(2, 0)


@pytest.mark.rule("objective.going-out", "fake-jokers.held-apart")
def test_fake_jokers_do_not_keep_a_seat_in_the_round() -> None:
    state = table("9♠", "3♦ 10♦", "5♣ 6♣", fake_jokers=["~4♣", "", ""])
    state, events = sr.apply(state, sr.Play(0, "9♠"))
    assert one(events, sr.WentOut) == sr.WentOut(0, 1)
    assert state.fake_jokers[0] == sr.parse_cards("~4♣")


@pytest.mark.rule("objective.going-out", "fake-jokers.held-apart")
def test_earned_cards_do_not_keep_a_seat_in_the_round() -> None:
    state = table("9♠", "3♦ 10♦", "5♣ 6♣", earned=["K♥", "", ""])
    state, events = sr.apply(state, sr.Play(0, "9♠"))
    assert one(events, sr.WentOut) == sr.WentOut(0, 1)


# -- the end of the round -------------------------------------------------------------------------


@pytest.mark.rule("objective.round-end")
def test_the_round_ends_when_one_seat_is_left() -> None:
    state = table("9♠", "10♦", "5♣ 6♣")
    state, events = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "10♦"))
    assert one(events, sr.RoundOver).order == (0, 1, 2)
    assert state.round_over and state.to_act is None


@pytest.mark.rule("objective.round-end")
def test_nothing_can_be_done_after_the_round_is_over() -> None:
    state = table("9♠", "10♦", "5♣ 6♣")
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "10♦"))
    assert sr.legal_moves(state) == ()
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.Play(2, "5♣"))


def two_jokers_lose() -> tuple[sr.State, tuple[sr.Event, ...]]:
    """Seats 0 and 1 lose by joker last plays; seat 2 goes out; seat 3 is left."""
    state = table("JK", "JK", "5♠", "6♠ 7♠")
    return play_through(
        state, sr.Play(0, "JK"), sr.Play(1, "JK"), sr.Pass(2), sr.Pass(3), sr.Play(2, "5♠")
    )


@pytest.mark.rule("objective.round-end")
def test_round_over_order_is_finished_then_remaining_then_instant_losers_earliest_last() -> None:
    state, events = two_jokers_lose()
    assert state.losers == (0, 1)
    assert one(events, sr.RoundOver).order == (2, 3, 1, 0)


@pytest.mark.rule("objective.round-end")
def test_play_goes_on_after_an_instant_loss() -> None:
    state = table("JK 3♠", "JK", "5♠", "6♠ 7♠")
    state, events = play_through(state, sr.Play(0, "JK"), sr.Play(1, "JK"))
    assert one(events, sr.InstantLoss).player == 1
    assert not state.round_over
    assert state.to_act == 2


@pytest.mark.rule("trick.winner-went-out")
def test_a_trick_won_by_an_instant_loser_is_led_by_the_next_seat_in_the_round() -> None:
    state = table("3♠ 4♠", "JK", "5♠ 6♠", "6♠ 7♠")
    state, _ = play_through(state, sr.Play(0, "3♠"), sr.Play(1, "JK"))
    state, events = all_pass(state, 2, 3, 0)
    assert one(events, sr.TrickWon) == sr.TrickWon(1, 2)
    assert state.to_act == 2


# -- 20 cards ---------------------------------------------------------------------------------------


def buy_back_position(hand: str) -> sr.State:
    """Seat 1 passed, then seat 2 played: seat 1 may buy back, picking up 2 (buy-back step 2)."""
    state = table("5♥ 2♣", hand, "6♥ 4♥", "4♥ 3♦", deck="7♥ 7♦ 7♣", buy_back_step=2)
    state, _ = play_through(state, sr.Play(0, "5♥"), sr.Pass(1), sr.Play(2, "6♥"))
    state, _ = all_pass(state, 3, 0)
    assert state.to_act == 1
    return state


@pytest.mark.rule("buy-back.twenty-cards")
def test_reaching_20_cards_after_a_buy_back_draw_is_an_instant_loss() -> None:
    state = buy_back_position(NINETEEN)
    state, events = sr.apply(state, sr.Play(1, "Q♠", buy_back=2))
    loss = one(events, sr.InstantLoss)
    assert (loss.player, loss.rule) == (1, "buy-back.twenty-cards")
    assert state.losers == (1,) and len(state.hands[1]) == 20


@pytest.mark.rule("buy-back.twenty-cards")
def test_19_cards_after_a_buy_back_draw_is_no_loss() -> None:
    state = buy_back_position(NINETEEN.removesuffix(" Q♠").replace("3♠ 3♠", "3♠ Q♠", 1))
    state, events = sr.apply(state, sr.Play(1, "Q♠", buy_back=2))
    assert of_type(events, sr.InstantLoss) == []
    assert len(state.hands[1]) == 19 and state.losers == ()


@pytest.mark.rule("buy-back.twenty-cards")
def test_the_buy_back_play_of_a_20_card_loser_stands() -> None:
    state = buy_back_position(NINETEEN)
    state, events = sr.apply(state, sr.Play(1, "Q♠", buy_back=2))
    assert isinstance(events[0], sr.Played)
    assert state.trick.last_player == 1
    assert state.to_act == 2


# -- joker hands and face-down fake jokers as last plays --------------------------------------------


@pytest.mark.rule("joker-hands.last-plays")
def test_a_joker_hand_as_last_play_is_an_instant_loss() -> None:
    state = table("JK", "3♦ 4♦", "3♣ 4♣")
    state, events = sr.apply(state, sr.Play(0, "JK"))
    loss = one(events, sr.InstantLoss)
    assert (loss.player, loss.rule) == (0, "joker-hands.last-plays")
    assert state.losers == (0,) and state.finished == ()
    assert of_type(events, sr.WentOut) == []


@pytest.mark.rule("joker-hands.last-plays")
def test_a_joker_hand_as_last_play_stands() -> None:
    state = table("JK", "3♦ 4♦", "3♣ 4♣")
    state, events = sr.apply(state, sr.Play(0, "JK"))
    assert isinstance(events[0], sr.Played)
    assert state.trick.last_player == 0


@pytest.mark.rule("joker-hands.last-plays")
def test_five_of_a_kind_as_last_play_is_an_instant_loss() -> None:
    state = table("9♠ 9♠ 9♦ 9♣ 9♥", "3♦ 4♦", "3♣ 4♣")
    state, events = sr.apply(state, sr.Play(0, "9♠ 9♠ 9♦ 9♣ 9♥"))
    assert one(events, sr.InstantLoss).rule == "joker-hands.last-plays"


@pytest.mark.rule("joker-hands.last-plays")
def test_a_joker_hand_as_second_last_play_is_an_instant_loss() -> None:
    state = table("JK 5♠", "3♦ 4♦", "3♣ 4♣")
    state, _ = play_through(state, sr.Play(0, "JK"), sr.Pass(1), sr.Pass(2))
    state, events = sr.apply(state, sr.Play(0, "5♠"))
    loss = one(events, sr.InstantLoss)
    assert (loss.player, loss.rule) == (0, "joker-hands.last-plays")
    assert state.losers == (0,) and state.finished == ()


@pytest.mark.rule("joker-hands.last-plays")
def test_second_last_play_counts_plays_not_cards_left() -> None:
    state = table("JK 5♠ 6♠ 7♠ 8♠ 9♥", "3♦ 4♦", "3♣ 4♣")
    state, _ = play_through(state, sr.Play(0, "JK"), sr.Pass(1), sr.Pass(2))
    state, events = sr.apply(state, sr.Play(0, "5♠ 6♠ 7♠ 8♠ 9♥"))
    assert one(events, sr.InstantLoss).rule == "joker-hands.last-plays"


@pytest.mark.rule("joker-hands.last-plays")
def test_a_joker_hand_as_third_last_play_is_no_loss() -> None:
    state = table("JK 5♠ 6♠", "3♦ 4♦", "3♣ 4♣")
    state, _ = play_through(state, sr.Play(0, "JK"), sr.Pass(1), sr.Pass(2))
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Pass(1), sr.Pass(2))
    state, events = sr.apply(state, sr.Play(0, "6♠"))
    assert one(events, sr.WentOut) == sr.WentOut(0, 1)
    assert of_type(events, sr.InstantLoss) == []


@pytest.mark.rule("joker-hands.last-plays")
def test_a_misplay_between_does_not_count_as_a_play() -> None:
    state = table("JK 5♠", "3♦ 3♥ 4♦ 4♥", "3♣ 3♠ 4♣")
    state, _ = play_through(state, sr.Play(0, "JK"), sr.Pass(1), sr.Pass(2))
    state, events = sr.apply(state, sr.Play(0, "5♠", bounty_claim=1))  # misplayed: does not stand
    assert one(events, sr.Misplay).rule == "bounty.claim-count"
    state, _ = play_through(state, sr.Play(1, "3♦"), sr.Pass(2))  # seat 0 is barred
    state, _ = play_through(state, sr.Play(1, "3♥"), sr.Pass(2))  # seat 0's turn is skipped
    state, _ = play_through(state, sr.Play(1, "4♦"), sr.Pass(2))
    assert state.to_act == 0
    state, events = sr.apply(state, sr.Play(0, "5♠"))
    assert one(events, sr.InstantLoss).rule == "joker-hands.last-plays"


@pytest.mark.rule("joker-hands.last-plays")
def test_fake_jokers_earned_after_a_joker_hand_do_not_clear_it() -> None:
    state = table("JK 6♠", "3♦ 4♦ 8♦", "3♣ 4♣ 9♣", rules=CALLED)
    state, _ = play_through(state, sr.Play(0, "JK"), sr.Play(1, "4♦"))  # seat 1 misplays
    state, events = sr.apply(state, sr.CallMisplay(0, 1))  # seat 0 picks up a fake joker
    assert one(events, sr.MisplayCalled).correct and state.fake_jokers[0]
    state, _ = sr.apply(state, sr.Pass(2))
    assert state.to_act == 0
    state, events = sr.apply(state, sr.Play(0, "6♠"))
    assert one(events, sr.InstantLoss).rule == "joker-hands.last-plays"


@pytest.mark.rule("fake-jokers.last-plays")
def test_a_face_down_fake_joker_as_second_last_play_is_an_instant_loss() -> None:
    state = table("5♠", "3♦ 4♦", "3♣ 4♣", fake_jokers=["~4♣", "", ""])
    state, _ = play_through(state, sr.Play(0, "~4♣", face_down=True), sr.Pass(1), sr.Pass(2))
    state, events = sr.apply(state, sr.Play(0, "5♠"))
    loss = one(events, sr.InstantLoss)
    assert (loss.player, loss.rule) == (0, "joker-hands.last-plays")


@pytest.mark.rule("fake-jokers.last-plays")
def test_a_face_up_fake_joker_as_second_last_play_is_allowed() -> None:
    state = table("5♠", "3♦ 4♦", "3♣ 4♣", fake_jokers=["~4♣", "", ""])
    state, _ = play_through(state, sr.Play(0, "~4♣"), sr.Pass(1), sr.Pass(2))
    state, events = sr.apply(state, sr.Play(0, "5♠"))
    assert one(events, sr.WentOut) == sr.WentOut(0, 1)
    assert of_type(events, sr.InstantLoss) == []


@pytest.mark.rule("joker-hands.last-plays", "objective.round-end")
def test_an_instant_loser_plays_no_more() -> None:
    state = table("JK", "3♦ 4♦ 9♦", "3♣ 4♣", "6♠ 7♠")
    state, _ = sr.apply(state, sr.Play(0, "JK"))
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.Pass(0))
    state, _ = all_pass(state, 1, 2, 3)
    assert state.to_act == 1
    assert all(move.player != 0 for move in sr.legal_moves(state))


@pytest.mark.rule("joker-hands.last-plays", "objective.round-end")
def test_an_instant_loser_is_not_asked_to_pass_to_end_a_trick() -> None:
    state = table("JK 3♠", "JK", "3♣ 4♣", "6♠ 7♠")
    state, _ = play_through(state, sr.Play(0, "3♠"), sr.Play(1, "JK"))
    state, events = all_pass(state, 2, 3, 0)
    assert one(events, sr.TrickWon).player == 1


@pytest.mark.rule("fake-jokers.persist")
def test_fake_jokers_held_at_the_end_of_a_round_carry_into_the_next() -> None:
    state = table("9♠", "10♦", "5♣ 6♣", fake_jokers=["~4♣", "", "~8♥"])
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "10♦"))
    assert state.round_over
    state, _ = next_round(state)
    assert state.fake_jokers == (sr.parse_cards("~4♣"), (), sr.parse_cards("~8♥"))


@pytest.mark.rule("fake-jokers.return-to-pile")
def test_a_fake_joker_played_face_up_returns_to_the_pile() -> None:
    state = table("5♠", "3♦ 4♦", "3♣ 4♣", fake_jokers=["~4♣", "", ""])
    state, _ = sr.apply(state, sr.Play(0, "~4♣"))
    assert state.fake_jokers[0] == ()
    assert sr.parse_card("~4♣") in state.fake_pile

