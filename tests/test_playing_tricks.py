"""Seed 000, "Playing Tricks", "Valid Leading Hands", "Valid Following Hands" and "Misplays"
(ruling T10 in docs/rulings.md).

"On their turn, each player must decide to play or pass. Once a player passes, they may no longer
participate in the trick unless they buy back." "The last player to have played before everyone else
has passed in that trick is the winner of that trick and shall lead the next trick. If that player
has gone out by playing their final card(s) while winning the trick, then the next player in
clockwise sequence shall lead the next trick." "After a valid leading hand has been played, all
plays in the trick must follow the arity, and must be strictly better than the previous hand".

Ruling T10: turns go clockwise among seats still in the round and not barred by a misplay; a seat
that passed still gets its turn (to buy back or pass again); the trick ends when every other seat in
the round (not barred) has passed since the last play that stands; the lead cannot be passed.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import spite_rules as sr
from tests.helpers import first_misplay, misplay_rules, moves, of_type, play_through

FILLER = "9♠ 9♦ 10♣ J♥ Q♠"


def table(*hands: str, **options: Any) -> sr.State:
    return sr.setup(hands=list(hands), **options)


# -- leading ------------------------------------------------------------------------------------


@pytest.mark.rule("trick.lead", "hands.valid")
@pytest.mark.parametrize(
    "lead",
    [
        "5♠",
        "5♠ 5♦",
        "5♠ 5♦ 5♣",
        "5♠ 5♦ 5♣ 5♥",
        "5♠ 6♦ 7♣ 8♥ 9♠",
        "9♠ 9♦ 9♣ 5♥ 5♠",
        "J♥ 9♥ 6♥ 5♥ 3♥",
        "9♠ 9♦ 9♣ 9♥ 5♠",
        "🃏",
        "4♠ 4♦ 4♣ 4♥ 4♠",
    ],
)
def test_lead_any_valid_hand_stands(lead: str) -> None:
    state = table(f"{lead} 2♣", FILLER, FILLER)
    state, events = sr.apply(state, sr.Play(0, lead))
    assert misplay_rules(events) == []
    played = events[0]
    assert isinstance(played, sr.Played)
    assert played.cards == sr.sort_cards(sr.parse_cards(lead))
    assert state.trick.last_player == 0


@pytest.mark.rule("hands.valid")
def test_lead_of_a_malformed_hand_is_a_misplay() -> None:
    state = table("5♠ 6♠ 2♣", FILLER, FILLER)
    _, events = sr.apply(state, sr.Play(0, "5♠ 6♠"))
    assert first_misplay(events).rule == "hands.valid"


@pytest.mark.rule("trick.lead")
def test_lead_offers_every_valid_hand_and_no_pass() -> None:
    state = table("5♠ 5♦ 9♣", FILLER, FILLER)
    assert moves(state) == {
        sr.Play(0, "5♠"),
        sr.Play(0, "5♦"),
        sr.Play(0, "9♣"),
        sr.Play(0, "5♠ 5♦"),
    }


@pytest.mark.rule("trick.lead", "trick.pass")
def test_lead_cannot_be_passed() -> None:
    state = table("5♠ 9♣", FILLER, FILLER)
    before = copy.deepcopy(state)
    with pytest.raises(sr.IllegalAction, match="lead"):
        sr.apply(state, sr.Pass(0))
    assert state == before


# -- following ----------------------------------------------------------------------------------


@pytest.mark.rule("trick.follow.arity")
def test_follow_must_keep_the_arity() -> None:
    state = table("5♠ 5♦ 2♣", "8♠ 8♦ 8♣ 2♣", FILLER)
    state, _ = sr.apply(state, sr.Play(0, "5♠ 5♦"))
    _, events = sr.apply(state, sr.Play(1, "8♠ 8♦ 8♣"))
    assert first_misplay(events).rule == "trick.follow.arity"


@pytest.mark.rule("trick.follow.strictly-better")
def test_follow_of_a_better_pair_stands() -> None:
    state = table("5♠ 5♦ 2♣", "8♠ 8♦ 2♣", FILLER)
    state, events = play_through(state, sr.Play(0, "5♠ 5♦"), sr.Play(1, "8♠ 8♦"))
    assert misplay_rules(events) == []
    assert state.to_act == 2


@pytest.mark.rule("trick.follow.strictly-better")
def test_follow_of_an_equal_hand_is_not_strictly_better() -> None:
    state = table("9♠ 2♣", "9♦ 2♣", FILLER)
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    _, events = sr.apply(state, sr.Play(1, "9♦"))
    assert first_misplay(events).rule == "trick.follow.strictly-better"


@pytest.mark.rule("trick.follow.strictly-better")
def test_follow_of_a_lower_hand_while_higher_is_a_misplay() -> None:
    state = table("9♠ 2♣", "8♦ 2♣", FILLER)
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    _, events = sr.apply(state, sr.Play(1, "8♦"))
    assert first_misplay(events).rule == "trick.follow.strictly-better"


@pytest.mark.rule("trick.follow.strictly-better", "hands.similarity")
def test_follow_of_the_same_pair_with_better_similarity_stands() -> None:
    state = table("9♠ 9♦ 2♣", "9♥ 9♦ 2♣", FILLER)
    _, events = play_through(state, sr.Play(0, "9♠ 9♦"), sr.Play(1, "9♥ 9♦"))
    assert misplay_rules(events) == []


@pytest.mark.rule("trick.follow.arity", "trick.follow.strictly-better", "trick.pass")
def test_follow_offers_only_better_hands_of_the_arity_and_pass() -> None:
    state = table("9♠ 2♣", "8♦ 9♦ 10♣ 10♥ 10♥", FILLER)
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    assert moves(state) == {sr.Pass(1), sr.Play(1, "10♣"), sr.Play(1, "10♥")}


# -- passing and the end of the trick -----------------------------------------------------------


@pytest.mark.rule("trick.pass", "trick.turn-order")
def test_pass_reports_passed_and_gives_the_turn_clockwise() -> None:
    state = table("9♠ 2♣", FILLER, FILLER, FILLER)
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    state, events = sr.apply(state, sr.Pass(1))
    assert events == (sr.Passed(1),)
    assert state.to_act == 2


@pytest.mark.rule("trick.win")
def test_trick_ends_when_everyone_else_passed_and_winner_leads_next() -> None:
    state = table("9♠ 2♣", FILLER, FILLER)
    state, events = play_through(state, sr.Play(0, "9♠"), sr.Pass(1), sr.Pass(2))
    assert events[-1] == sr.TrickWon(0, 0)
    assert state.to_act == 0
    assert state.trick.is_lead


@pytest.mark.rule("trick.win", "trick.turn-order")
def test_trick_continues_until_everyone_passed_since_the_last_play() -> None:
    state = table("9♠ 2♣", "3♦ 4♦", "10♠ 2♣")
    state, events = play_through(
        state, sr.Play(0, "9♠"), sr.Pass(1), sr.Play(2, "10♠"), sr.Pass(0)
    )
    assert of_type(events, sr.TrickWon) == []
    assert state.to_act == 1


@pytest.mark.rule("trick.win", "trick.turn-order")
def test_trick_won_by_the_last_play_once_the_passed_seat_passes_again() -> None:
    state = table("9♠ 2♣", "3♦ 4♦", "10♠ 2♣")
    state, events = play_through(
        state, sr.Play(0, "9♠"), sr.Pass(1), sr.Play(2, "10♠"), sr.Pass(0), sr.Pass(1)
    )
    assert events[-1] == sr.TrickWon(2, 2)
    assert state.to_act == 2


@pytest.mark.rule("trick.turn-order", "trick.pass", "buy-back.required")
def test_passed_seat_still_gets_its_turn_and_may_buy_back() -> None:
    state = table("9♠ 2♣", "3♦ J♦", "10♠ 2♣")
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Pass(1), sr.Play(2, "10♠"), sr.Pass(0))
    assert state.to_act == 1
    assert moves(state) == {sr.Pass(1), sr.Play(1, "J♦", buy_back=1)}


@pytest.mark.rule("trick.winner-went-out")
def test_trick_winner_who_went_out_hands_the_lead_clockwise() -> None:
    state = table("9♠", FILLER, FILLER, FILLER)
    state, events = play_through(state, sr.Play(0, "9♠"), sr.Pass(1), sr.Pass(2), sr.Pass(3))
    assert sr.WentOut(0, 1) in events
    assert events[-1] == sr.TrickWon(0, 1)
    assert state.to_act == 1


@pytest.mark.rule("objective.going-out", "trick.turn-order")
def test_seat_that_went_out_mid_trick_gets_no_more_turns() -> None:
    state = table("9♠ 2♣", "10♦", FILLER, FILLER)
    state, events = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "10♦"))
    assert sr.WentOut(1, 1) in events
    state, events = play_through(state, sr.Pass(2), sr.Pass(3), sr.Pass(0))
    assert events[-1] == sr.TrickWon(1, 2)


# -- what cannot happen at a table --------------------------------------------------------------


@pytest.mark.rule("trick.turn-order")
def test_passing_out_of_turn_raises_illegal_action_and_changes_nothing() -> None:
    state = table("9♠ 2♣", "10♦ 2♣", FILLER)
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    before = copy.deepcopy(state)
    with pytest.raises(sr.IllegalAction, match="seat 1's turn"):
        sr.apply(state, sr.Pass(2))
    assert state == before


@pytest.mark.rule("misplays.out-of-turn")
def test_playing_out_of_turn_is_held_not_played() -> None:
    """Seed 000, "Misplays": "If a player plays out of turn, all player(s) who could have played
    shall still have the option to play" (ruling R29: the play waits for its seat's turn)."""
    state = table("9♠ 2♣", "10♦ 2♣", "J♦ 2♣")
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    after, events = sr.apply(state, sr.Play(2, "J♦"))
    assert events == (sr.OutOfTurnPlay(2, sr.parse_cards("J♦")),)
    assert (after.to_act, after.trick) == (1, state.trick)


def test_playing_cards_not_held_raises_illegal_action_and_changes_nothing() -> None:
    state = table("9♠ 2♣", FILLER, FILLER)
    before = copy.deepcopy(state)
    with pytest.raises(sr.IllegalAction, match="does not hold"):
        sr.apply(state, sr.Play(0, "9♥"))
    assert state == before


def test_playing_a_card_twice_that_is_held_once_raises_illegal_action() -> None:
    state = table("9♠ 2♣", FILLER, FILLER)
    with pytest.raises(sr.IllegalAction, match="does not hold"):
        sr.apply(state, sr.Play(0, "9♠ 9♠"))


@pytest.mark.parametrize("seat", [-1, 3, 9])
def test_seat_out_of_range_raises_illegal_action_and_changes_nothing(seat: int) -> None:
    state = table("9♠ 2♣", FILLER, FILLER)
    before = copy.deepcopy(state)
    with pytest.raises(sr.IllegalAction, match="does not exist"):
        sr.apply(state, sr.Pass(seat))
    with pytest.raises(sr.IllegalAction, match="does not exist"):
        sr.apply(state, sr.Play(seat, "9♠"))
    assert state == before


# -- misplays -----------------------------------------------------------------------------------


@pytest.mark.rule("misplays.list", "trick.follow.strictly-better")
def test_misplay_reports_the_rule_and_the_play_does_not_stand() -> None:
    state = table("9♠ 2♣", "8♦ 2♣", FILLER)
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    state, events = sr.apply(state, sr.Play(1, "8♦"))
    misplay = events[0]
    assert isinstance(misplay, sr.Misplay)
    assert (misplay.player, misplay.rule) == (1, "trick.follow.strictly-better")
    assert of_type(events, sr.Played) == []
    assert sr.Card("8", "♦") in state.hands[1]
    assert state.trick.last_player == 0


@pytest.mark.rule("misplays.barred")
def test_misplayed_seat_is_barred_from_the_rest_of_the_trick() -> None:
    state = table("9♠ 2♣", "8♦ 2♣", "10♥ 2♣", FILLER)
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "8♦"))
    assert state.to_act == 2
    state, _ = play_through(state, sr.Play(2, "10♥"), sr.Pass(3))
    assert state.to_act == 0  # seat 1 is skipped


@pytest.mark.rule("misplays.barred", "trick.win")
def test_trick_ends_without_waiting_for_the_barred_seat() -> None:
    state = table("9♠ 2♣", "8♦ 2♣", FILLER)
    state, events = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "8♦"), sr.Pass(2))
    assert events[-1] == sr.TrickWon(0, 0)


@pytest.mark.rule("misplays.penalties", "fake-jokers.consensus")
def test_misplay_forfeits_fake_jokers_to_the_pile_at_once_under_the_automatic_referee() -> None:
    state = table(
        "9♠ 2♣", "8♦ 2♣", FILLER,
        fake_jokers=["", "~4♣ ~Q♦", ""], rules=sr.Rules(referee=sr.Referee.AUTOMATIC),
    )  # fmt: skip
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    state, events = sr.apply(state, sr.Play(1, "8♦"))
    assert sr.FakeJokersForfeited(1, sr.parse_cards("~4♣ ~Q♦")) in events
    assert state.fake_jokers[1] == ()
    assert sorted(map(str, state.fake_pile)) == sorted(map(str, sr.Rules().fake_jokers))


@pytest.mark.rule("misplays.penalties", "fake-jokers.consensus")
def test_misplay_forfeits_fake_jokers_to_the_pile_once_the_call_window_closes() -> None:
    """Ruling R27 (default referee): the fakes are taken at once, held for a caller, and go to the
    pile at the next action that is not a misplay call."""
    state = table("9♠ 2♣", "8♦ 2♣", FILLER, fake_jokers=["", "~4♣ ~Q♦", ""])
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    state, events = sr.apply(state, sr.Play(1, "8♦"))
    assert state.fake_jokers[1] == ()
    assert of_type(events, sr.FakeJokersForfeited) == []
    state, events = sr.apply(state, sr.Pass(2))
    assert events[0] == sr.FakeJokersForfeited(1, sr.parse_cards("~4♣ ~Q♦"))
    assert sorted(map(str, state.fake_pile)) == sorted(map(str, sr.Rules().fake_jokers))


@pytest.mark.rule("misplays.penalties")
def test_misplay_without_fake_jokers_forfeits_nothing() -> None:
    state = table("9♠ 2♣", "8♦ 2♣", FILLER)
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    _, events = sr.apply(state, sr.Play(1, "8♦"))
    assert of_type(events, sr.FakeJokersForfeited) == []


@pytest.mark.rule("misplays.penalties")
def test_misplay_penalty_skips_the_seat_in_the_next_trick() -> None:
    state = table("9♠ 3♣ 2♣", "8♦ 2♣ 2♥", "5♦ 2♣", FILLER)
    state, events = play_through(
        state, sr.Play(0, "9♠"), sr.Play(1, "8♦"), sr.Pass(2), sr.Pass(3)
    )
    assert events[-1] == sr.TrickWon(0, 0)
    state, events = sr.apply(state, sr.Play(0, "3♣"))
    assert events[-1] == sr.TurnSkipped(1, 0)
    assert state.to_act == 2


@pytest.mark.rule("misplays.penalties", "buy-back.required")
def test_seat_that_skipped_a_turn_must_buy_back_later_in_that_trick() -> None:
    state = table("9♠ 3♣ 2♣", "8♦ 2♣ 2♥", "5♦ 2♣", FILLER)
    state, _ = play_through(
        state, sr.Play(0, "9♠"), sr.Play(1, "8♦"), sr.Pass(2), sr.Pass(3), sr.Play(0, "3♣")
    )
    state, _ = play_through(state, sr.Play(2, "5♦"), sr.Pass(3), sr.Pass(0))
    assert state.to_act == 1
    assert moves(state) == {
        sr.Pass(1),
        sr.Play(1, "8♦", buy_back=1),
        sr.Play(1, "2♣", buy_back=1),
        sr.Play(1, "2♥", buy_back=1),
    }
