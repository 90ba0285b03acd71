"""Seed 000, "Misplays", the calling half of "Fake Jokers", and the countdown of "Playing Tricks"
(rulings R27-R31).

"If a player has misplayed: Any fake jokers held by that player are immediately forfeited and
returned to the fake joker pile. They are not allowed to play in the current trick, without the
possibility of buying back, if the misplay occurred during a trick. They must skip the number of
turns in the next trick(s) equal to their misplay penalty count. They may then choose to buy back
into the trick." "Being the quickest to call another player's misplay correctly. If the player who
misplayed had any fake joker(s) ... these fake joker(s) shall be transferred to the player who
correctly called the misplay ... If they did not possess any fake jokers, the caller shall receive 1
fake joker from the common pile". "If a player plays out of turn, all player(s) who could have
played shall still have the option to play. If, after those players have played or passed, the
out-of-turn play is still valid then it shall stand, otherwise it is a misplay." "Any card(s)
dropped face-up on the table ... shall be considered to have been 'played'". "A player has 5
seconds to make a decision ... one extra second for each card they picked up ... deemed to have
passed."
"""

from __future__ import annotations

import pytest

import spite_rules as sr
from spite_rules.round import next_round
from tests.helpers import (
    AUTOMATIC,
    CALLED,
    all_pass,
    misplay_rules,
    of_type,
    one,
    play_through,
    table,
)


FOOD, FLOOR, TABLE = sr.Surface.FOOD, sr.Surface.FLOOR, sr.Surface.TABLE


def misplayed(
    rules: sr.Rules = CALLED, **options: object
) -> tuple[sr.State, tuple[sr.Event, ...]]:
    """Seat 0 led 5♠; seat 1 (holding the fake joker ~4♣) played 4♦, a misplay. Seat 2 to act."""
    options.setdefault("fake_jokers", ["", "~4♣", "", ""])
    state = table(
        "5♠ 9♠ 3♠", "4♦ 6♦ 7♦ 10♦", "3♣ 8♣ 9♣", "3♥ 4♥ J♥", rules=rules, **options
    )
    return play_through(state, sr.Play(0, "5♠"), sr.Play(1, "4♦"))


# -- what a misplay costs -------------------------------------------------------------------------


@pytest.mark.rule("misplays.list")
def test_a_misplayed_play_is_taken_back_into_the_hand() -> None:
    state, events = misplayed(AUTOMATIC)
    assert misplay_rules(events) == ["trick.follow.strictly-better"]
    assert state.hands[1] == sr.parse_cards("4♦ 6♦ 7♦ 10♦")
    assert state.trick.last_player == 0


@pytest.mark.rule("misplays.penalties")
def test_a_misplay_adds_one_penalty() -> None:
    state, _ = misplayed(AUTOMATIC)
    assert state.penalties == (0, 1, 0, 0)


@pytest.mark.rule("misplays.barred", "misplays.penalties")
def test_a_misplay_bars_the_seat_from_the_rest_of_the_trick() -> None:
    state, _ = misplayed(AUTOMATIC)
    assert 1 in state.trick.barred and state.to_act == 2
    state, events = play_through(state, sr.Play(2, "8♣"), sr.Pass(3), sr.Pass(0))
    # Seat 1 is never offered the turn: the trick ends without it passing.
    assert one(events, sr.TrickWon) == sr.TrickWon(2, 2)


@pytest.mark.rule("misplays.barred")
def test_a_barred_seat_cannot_buy_back_into_the_trick() -> None:
    state, _ = misplayed(AUTOMATIC)
    state, _ = play_through(state, sr.Play(2, "8♣"))
    state, events = sr.apply(state, sr.Play(1, "10♦", buy_back=1))
    misplay = one(events, sr.Misplay)
    assert (misplay.player, misplay.rule) == (1, "misplays.barred")
    assert state.pending == ()


@pytest.mark.rule("misplays.penalties", "fake-jokers.consensus")
def test_a_misplay_forfeits_fake_jokers_to_the_pile_under_the_automatic_referee() -> None:
    state, events = misplayed(AUTOMATIC)
    assert one(events, sr.FakeJokersForfeited) == sr.FakeJokersForfeited(1, sr.parse_cards("~4♣"))
    assert state.fake_jokers[1] == ()
    assert sr.parse_card("~4♣") in state.fake_pile


@pytest.mark.rule("misplays.penalties")
def test_a_misplay_penalty_skips_a_turn_in_a_later_trick() -> None:
    state, _ = misplayed(AUTOMATIC)
    state, _ = play_through(state, sr.Play(2, "8♣"), sr.Pass(3), sr.Pass(0))
    state, events = play_through(state, sr.Play(2, "3♣"), sr.Pass(3), sr.Play(0, "3♠"))
    assert one(events, sr.TurnSkipped) == sr.TurnSkipped(1, 0)
    assert state.penalties[1] == 0 and state.to_act == 2


@pytest.mark.rule("misplays.penalties", "buy-back.required")
def test_a_skipped_turn_counts_as_a_pass_so_the_seat_must_buy_back() -> None:
    state, _ = misplayed(AUTOMATIC)
    state, _ = play_through(state, sr.Play(2, "8♣"), sr.Pass(3), sr.Pass(0))
    state, _ = play_through(state, sr.Play(2, "3♣"), sr.Play(3, "4♥"), sr.Pass(0))
    assert 1 in state.trick.passed and state.to_act == 2
    state, _ = play_through(state, sr.Play(2, "9♣"), sr.Pass(3), sr.Pass(0))
    assert state.to_act == 1
    plays = [move for move in sr.legal_moves(state) if isinstance(move, sr.Play)]
    assert plays and all(move.buy_back == 1 for move in plays)


@pytest.mark.rule("misplays.buy-back-cards")
def test_a_misplayed_buy_back_draws_nothing() -> None:
    state = table("5♠ 9♠", "4♦ 6♦ 7♦", "6♣ 8♣", deck="K♠ K♥")
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Pass(1), sr.Play(2, "6♣"), sr.Pass(0))
    state, events = sr.apply(state, sr.Play(1, "4♦", buy_back=1))
    assert misplay_rules(events) == ["trick.follow.strictly-better"]
    assert of_type(events, sr.BoughtBack) == []
    assert state.hands[1] == sr.parse_cards("4♦ 6♦ 7♦")
    assert state.deck == sr.parse_cards("K♠ K♥") and state.buy_back_step == 0


@pytest.mark.rule("misplays.penalties")
def test_two_penalties_skip_two_turns() -> None:
    state = table("5♠ 9♠", "4♦ 6♦", "6♣ 8♣", penalties=[0, 2, 0])
    state, events = play_through(state, sr.Play(0, "5♠"), sr.Play(2, "6♣"), sr.Pass(0))
    assert of_type(events, sr.TurnSkipped) == [sr.TurnSkipped(1, 1), sr.TurnSkipped(1, 0)]
    assert state.penalties == (0, 0, 0)


@pytest.mark.rule("misplays.penalties")
def test_a_skipped_lead_passes_the_lead_on_without_passing() -> None:
    state = table("5♠ JK 9♠", "3♦ 6♦ 7♦", "3♣ 4♣")
    state, events = play_through(
        state,
        sr.Play(0, "5♠", come_at_me=True),
        sr.Play(1, "6♦"),
        sr.Pass(2),
        sr.Play(0, "JK"),  # wins with a joker after "come at me": one penalty
        sr.Pass(1),
        sr.Pass(2),
    )
    assert one(events, sr.TurnSkipped) == sr.TurnSkipped(0, 0)
    assert state.to_act == 1 and state.trick.is_lead
    assert 0 not in state.trick.passed


@pytest.mark.rule("misplays.penalties", "opening.later-rounds")
def test_penalties_carried_into_the_next_round_skip_its_first_lead() -> None:
    state = table("9♠", "10♦", "5♣ 6♣", penalties=[0, 0, 2])
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "10♦"))
    assert state.round_over and state.penalties == (0, 0, 2)
    state, events = next_round(state)
    assert sr.first_leader(state.scores, state.losers_by_round) == 2
    assert of_type(events, sr.TurnSkipped) == [sr.TurnSkipped(2, 1)]
    assert state.to_act == 0 and state.penalties == (0, 0, 1)


# -- the called referee -----------------------------------------------------------------------------


@pytest.mark.rule("fake-jokers.consensus")
def test_a_misplay_penalty_applies_at_once_under_the_called_referee() -> None:
    state, _ = misplayed(CALLED)
    assert state.penalties[1] == 1 and 1 in state.trick.barred


@pytest.mark.rule("fake-jokers.earn-by-call")
def test_legal_moves_offer_a_call_by_every_other_seat_on_an_open_misplay() -> None:
    state, _ = misplayed(CALLED)
    calls = [move for move in sr.legal_moves(state) if isinstance(move, sr.CallMisplay)]
    assert calls == [sr.CallMisplay(0, 1), sr.CallMisplay(2, 1), sr.CallMisplay(3, 1)]


@pytest.mark.rule("misplays.incorrect-call", "fake-jokers.earn-by-call")
def test_any_seat_may_call_a_misplay_even_out_of_turn() -> None:
    state, _ = misplayed(CALLED)
    assert state.to_act == 2
    state, events = sr.apply(state, sr.CallMisplay(0, 1))
    assert one(events, sr.MisplayCalled).correct
    assert state.to_act == 2


@pytest.mark.rule("fake-jokers.earn-by-call")
def test_a_correct_call_wins_the_misplayers_forfeited_fake_jokers() -> None:
    state, _ = misplayed(CALLED)
    state, events = sr.apply(state, sr.CallMisplay(3, 1))
    assert events == (sr.MisplayCalled(3, 1, True, sr.parse_cards("~4♣"), ()),)
    assert state.fake_jokers[3] == sr.parse_cards("~4♣")
    assert sr.parse_card("~4♣") not in state.fake_pile
    assert state.open_misplays == ()


@pytest.mark.rule("fake-jokers.earn-by-call")
def test_a_correct_call_on_a_seat_without_fake_jokers_wins_one_from_the_pile() -> None:
    state, _ = misplayed(CALLED, fake_jokers=None)
    state, events = sr.apply(state, sr.CallMisplay(3, 1))
    assert events == (sr.MisplayCalled(3, 1, True, sr.parse_cards("~4♣"), ()),)
    assert state.fake_jokers[3] == sr.parse_cards("~4♣")
    assert len(state.fake_pile) == 4


@pytest.mark.rule("fake-jokers.earn-by-call")
def test_a_correct_call_with_the_fake_joker_pile_empty_wins_an_earned_deck_card() -> None:
    state, _ = misplayed(CALLED, fake_jokers=None, fake_pile="", deck="K♠ K♥")
    state, events = sr.apply(state, sr.CallMisplay(3, 1))
    assert events == (sr.MisplayCalled(3, 1, True, (), sr.parse_cards("K♠")),)
    assert state.earned[3] == sr.parse_cards("K♠")
    assert state.deck == sr.parse_cards("K♥")


@pytest.mark.rule("fake-jokers.earn-by-call")
def test_a_correct_call_does_not_change_the_misplayers_penalty() -> None:
    state, _ = misplayed(CALLED)
    state, _ = sr.apply(state, sr.CallMisplay(3, 1))
    assert state.penalties == (0, 1, 0, 0)


@pytest.mark.rule("fake-jokers.earn-by-call")
def test_only_the_first_call_wins_the_fake_jokers() -> None:
    state, _ = misplayed(CALLED)
    state, _ = play_through(state, sr.CallMisplay(3, 1), sr.CallMisplay(0, 1))
    assert state.fake_jokers[3] == sr.parse_cards("~4♣")
    assert state.fake_jokers[0] == ()


@pytest.mark.rule("fake-jokers.earn-by-call")
def test_a_second_call_in_the_same_window_is_not_a_misplay() -> None:
    state, _ = misplayed(CALLED)
    state, events = play_through(state, sr.CallMisplay(3, 1), sr.CallMisplay(0, 1))
    assert misplay_rules(events) == []
    assert of_type(events, sr.MisplayCalled)[-1] == sr.MisplayCalled(0, 1, True)
    assert state.penalties[0] == 0


@pytest.mark.rule("fake-jokers.consensus")
def test_the_call_window_closes_at_the_next_action_that_is_not_a_call() -> None:
    state, _ = misplayed(CALLED)
    assert state.open_misplays != ()
    state, events = sr.apply(state, sr.Play(2, "8♣"))
    assert events[0] == sr.FakeJokersForfeited(1, sr.parse_cards("~4♣"))
    assert state.open_misplays == ()
    assert sr.parse_card("~4♣") in state.fake_pile


@pytest.mark.rule("fake-jokers.consensus", "misplays.incorrect-call")
@pytest.mark.parametrize("ruleset", ["000", "2023-07"])
def test_a_late_call_after_the_window_closed_is_correct_and_wins_nothing(ruleset: str) -> None:
    # "fake jokers are not awarded if a misplay was only called after the table has reached a
    # consensus": the call is late, not incorrect; the misplayer's fake jokers went to the pile.
    state, _ = misplayed(sr.Rules.ruleset(ruleset, referee=sr.Referee.CALLED))
    state, _ = sr.apply(state, sr.Play(2, "8♣"))
    state, events = sr.apply(state, sr.CallMisplay(0, 1))
    assert events == (sr.MisplayCalled(0, 1, True),)
    assert state.penalties == (0, 1, 0, 0) and 0 not in state.trick.barred
    assert state.fake_jokers[0] == () and sr.parse_card("~4♣") in state.fake_pile


@pytest.mark.rule("fake-jokers.consensus", "misplays.incorrect-call")
def test_a_late_call_in_a_later_trick_of_the_round_is_still_correct() -> None:
    state, _ = misplayed(CALLED)
    state, _ = play_through(state, sr.Play(2, "8♣"), sr.Pass(3), sr.Pass(0))
    assert state.trick.is_lead
    state, events = sr.apply(state, sr.CallMisplay(3, 1))
    assert events == (sr.MisplayCalled(3, 1, True),)
    assert state.penalties[3] == 0


@pytest.mark.rule("misplays.incorrect-call")
def test_a_late_call_does_not_reach_a_misplay_of_the_last_round() -> None:
    state = table("5♠", "4♦ 6♦", "6♣ 8♣", rules=CALLED)
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Play(1, "4♦"), sr.Play(2, "8♣"))
    state, _ = sr.apply(state, sr.Play(2, "6♣"))  # seat 1 is barred: seat 2 won the trick
    assert state.round_over and 1 in state.called
    state, _ = next_round(state)
    state, events = sr.apply(state, sr.CallMisplay(0, 1))
    assert misplay_rules(events) == ["misplays.incorrect-call"]


@pytest.mark.rule("misplays.incorrect-call")
def test_an_incorrect_call_is_a_misplay_with_its_penalty() -> None:
    state = table("5♠ 9♠", "4♦ 6♦", "6♣ 8♣", rules=CALLED)
    state, _ = sr.apply(state, sr.Play(0, "5♠"))
    state, events = sr.apply(state, sr.CallMisplay(2, 0))
    misplay = one(events, sr.Misplay)
    assert (misplay.player, misplay.rule) == (2, "misplays.incorrect-call")
    assert state.penalties[2] == 1 and 2 in state.trick.barred


@pytest.mark.rule("misplays.incorrect-call")
def test_an_incorrect_call_can_itself_be_called() -> None:
    state = table("5♠ 9♠", "4♦ 6♦", "6♣ 8♣", rules=CALLED)
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.CallMisplay(2, 0))
    state, events = sr.apply(state, sr.CallMisplay(0, 2))
    assert one(events, sr.MisplayCalled).correct


@pytest.mark.rule("misplays.incorrect-call")
def test_calling_a_misplay_on_oneself_is_impossible() -> None:
    state, _ = misplayed(CALLED)
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.CallMisplay(1, 1))


@pytest.mark.rule("misplays.incorrect-call")
def test_calling_a_seat_that_does_not_exist_is_impossible() -> None:
    state, _ = misplayed(CALLED)
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.CallMisplay(0, 7))


@pytest.mark.rule("fake-jokers.consensus")
def test_uncalled_forfeited_fake_jokers_return_to_the_pile_when_the_round_ends() -> None:
    state = table("9♠", "4♦ 10♦", "J♣", rules=CALLED, fake_jokers=["", "~4♣", ""])
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "4♦"))
    state, events = sr.apply(state, sr.Play(2, "J♣"))
    assert state.round_over
    assert sr.parse_card("~4♣") in state.fake_pile and state.open_misplays == ()


# -- the automatic referee --------------------------------------------------------------------------


@pytest.mark.rule("fake-jokers.consensus")
def test_the_automatic_referee_refuses_misplay_calls() -> None:
    state, _ = misplayed(AUTOMATIC)
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.CallMisplay(0, 1))


@pytest.mark.rule("fake-jokers.consensus")
def test_the_automatic_referee_leaves_nothing_open_to_call() -> None:
    state, _ = misplayed(AUTOMATIC)
    assert state.open_misplays == ()
    assert not any(isinstance(move, sr.CallMisplay) for move in sr.legal_moves(state))


# -- playing out of turn ----------------------------------------------------------------------------


def out_of_turn() -> tuple[sr.State, tuple[sr.Event, ...]]:
    """Seat 0 led 5♠; seat 2 played 9♣ before seat 1 (to act) decided."""
    state = table("5♠ 9♠", "6♦ 10♦ 3♦", "9♣ 3♣", "4♥ 3♥")
    return play_through(state, sr.Play(0, "5♠"), sr.Play(2, "9♣"))


@pytest.mark.rule("misplays.out-of-turn")
def test_a_play_out_of_turn_is_held_until_the_seats_turn() -> None:
    state, events = out_of_turn()
    assert events[-1] == sr.OutOfTurnPlay(2, sr.parse_cards("9♣"))
    assert state.to_act == 1
    assert state.pending == (sr.Play(2, "9♣"),)
    assert state.trick.last_player == 0


@pytest.mark.rule("misplays.out-of-turn")
def test_a_held_play_that_is_still_valid_stands_when_its_turn_comes() -> None:
    state, _ = out_of_turn()
    state, events = sr.apply(state, sr.Play(1, "6♦"))
    assert of_type(events, sr.Played)[-1].player == 2
    assert state.trick.last_player == 2 and state.pending == ()
    assert state.hands[2] == sr.parse_cards("3♣")


@pytest.mark.rule("misplays.out-of-turn")
def test_a_held_play_stands_if_the_skipped_seats_pass() -> None:
    state, _ = out_of_turn()
    state, events = sr.apply(state, sr.Pass(1))
    assert misplay_rules(events) == []
    assert state.trick.last_player == 2


@pytest.mark.rule("misplays.out-of-turn")
def test_a_held_play_beaten_in_the_meantime_is_a_misplay_when_its_turn_comes() -> None:
    state, _ = out_of_turn()
    state, events = sr.apply(state, sr.Play(1, "10♦"))
    misplay = one(events, sr.Misplay)
    assert (misplay.player, misplay.rule) == (2, "trick.follow.strictly-better")
    assert state.hands[2] == sr.sort_cards(sr.parse_cards("9♣ 3♣"))


@pytest.mark.rule("misplays.out-of-turn")
def test_a_seat_with_a_held_play_cannot_play_again() -> None:
    state, _ = out_of_turn()
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.Play(2, "3♣"))


@pytest.mark.rule("misplays.out-of-turn")
def test_a_seat_with_a_held_play_cannot_drop_cards() -> None:
    state, _ = out_of_turn()
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.DropCards(2, "3♣", FLOOR))


@pytest.mark.rule("misplays.out-of-turn")
def test_a_play_out_of_turn_of_cards_not_held_is_impossible() -> None:
    state = table("5♠ 9♠", "6♦ 10♦", "9♣ 3♣")
    state, _ = sr.apply(state, sr.Play(0, "5♠"))
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.Play(2, "2♠"))


@pytest.mark.rule("misplays.out-of-turn")
def test_no_out_of_turn_play_during_a_reward() -> None:
    state = table("5♠ 8♠", "3♦ 4♦", "3♣ 4♣", deck="2♠ 2♥ 2♦")
    state, _ = play_through(state, sr.Play(0, "5♠", come_at_me=True), sr.Pass(1), sr.Pass(2))
    assert state.reward is not None
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.Play(1, "4♦"))


@pytest.mark.rule("misplays.barred")
def test_a_barred_seat_playing_out_of_turn_is_a_misplay() -> None:
    state, _ = misplayed(AUTOMATIC)
    state, events = sr.apply(state, sr.Play(1, "10♦"))
    assert misplay_rules(events) == ["misplays.barred"]
    assert state.penalties[1] == 2


@pytest.mark.rule("misplays.out-of-turn")
def test_a_held_play_whose_turn_is_skipped_is_a_misplay() -> None:
    state = table("5♠ 2♠ 9♠", "9♦ 6♦", "6♣ 3♣ 8♣", penalties=[0, 0, 1])
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Play(2, "8♣"))
    state, events = sr.apply(state, sr.Play(1, "6♦"))
    misplay = one(events, sr.Misplay)
    assert (misplay.player, misplay.rule) == (2, "misplays.out-of-turn")
    assert state.pending == () and state.hands[2] == sr.parse_cards("3♣ 6♣ 8♣")


@pytest.mark.rule("misplays.out-of-turn")
def test_a_held_play_does_not_outlive_its_trick() -> None:
    state = table("5♠ 2♠ 9♠", "9♦ 6♦", "6♣ 3♣ 8♣", penalties=[0, 0, 1])
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Play(2, "8♣"), sr.Play(1, "6♦"))
    state, events = sr.apply(state, sr.Pass(0))
    assert one(events, sr.TrickWon).player == 1
    assert state.pending == ()


def held_on_own_play(come_at_me: bool) -> sr.State:
    """Seat 0 led 5♠ and, before seat 1 decided, played 8♠ out of turn on its own play."""
    state = table("5♠ 8♠ 9♠", "3♦ 4♦", "3♣ 4♣", deck="2♠ 2♥ 2♦ 2♣")
    state, _ = play_through(state, sr.Play(0, "5♠", come_at_me=come_at_me), sr.Play(0, "8♠"))
    assert state.pending == (sr.Play(0, "8♠"),)
    return state


@pytest.mark.rule("misplays.out-of-turn")
def test_a_held_play_lapses_if_its_trick_ends_first() -> None:
    state, events = all_pass(held_on_own_play(come_at_me=False), 1, 2)
    assert one(events, sr.TrickWon) == sr.TrickWon(0, 0)
    assert of_type(events, sr.Played) == []
    assert state.pending == () and state.trick.is_lead and state.to_act == 0
    assert state.hands[0] == sr.parse_cards("8♠ 9♠")


@pytest.mark.rule("misplays.out-of-turn", "misplays.penalties")
def test_a_held_play_skipped_for_a_penalty_misplays_and_one_on_the_last_play_lapses() -> None:
    """Ruling R29 in one trick: seat 2 owes a skip, so its held 8♣ cannot stand when its turn
    comes; seat 1's held 9♦, played on its own standing 6♦, lapses when the trick ends first."""
    state = table("5♠ 2♠ 9♠", "9♦ 6♦ 3♦", "6♣ 3♣ 8♣", penalties=[0, 0, 1])
    state, events = play_through(state, sr.Play(0, "5♠"), sr.Play(2, "8♣"))
    assert events[-1] == sr.OutOfTurnPlay(2, sr.parse_cards("8♣"))
    assert state.to_act == 1 and state.pending == (sr.Play(2, "8♣"),)

    # (a) Seat 1 plays; seat 2's turn comes and is skipped for its penalty: the held 8♣ misplays.
    state, events = sr.apply(state, sr.Play(1, "6♦"))
    misplay = one(events, sr.Misplay)
    assert (misplay.player, misplay.rule) == (2, "misplays.out-of-turn")
    assert sr.TurnSkipped(2, 1) in events
    assert of_type(events, sr.Played) == [sr.Played(1, sr.parse_cards("6♦"), "single 6")]
    assert state.pending == () and state.penalties == (0, 0, 1)
    assert 2 in state.trick.barred and state.trick.last_player == 1
    assert state.hands[2] == sr.parse_cards("3♣ 6♣ 8♣")
    assert state.to_act == 0

    # (b) Seat 1, whose 6♦ stands last, holds 9♦ out of turn; seat 0 passes and the trick ends.
    state, events = sr.apply(state, sr.Play(1, "9♦"))
    assert events == (sr.OutOfTurnPlay(1, sr.parse_cards("9♦")),)
    state, events = sr.apply(state, sr.Pass(0))
    assert events == (
        sr.Passed(0),
        sr.TrickWon(1, 1),
        sr.OutOfTurnPlayLapsed(1, sr.parse_cards("9♦")),
    )
    assert misplay_rules(events) == []
    assert state.pending == () and state.trick.is_lead and state.to_act == 1
    assert state.hands[1] == sr.parse_cards("3♦ 9♦")


@pytest.mark.rule("misplays.out-of-turn")
def test_every_legal_reward_move_applies_with_a_held_play_waiting() -> None:
    state, _ = all_pass(held_on_own_play(come_at_me=True), 1, 2)
    assert state.reward is not None
    for move in sr.legal_moves(state):
        sr.apply(state, move)


# -- dropped cards ----------------------------------------------------------------------------------


@pytest.mark.rule("misplays.face-up-drop")
def test_cards_dropped_face_up_on_the_table_on_ones_turn_are_played() -> None:
    state = table("5♠ 9♠", "6♦ 10♦", "9♣ 3♣")
    state, events = sr.apply(state, sr.DropCards(0, "5♠", TABLE))
    assert events[0] == sr.CardsDropped(0, sr.parse_cards("5♠"), "table")
    assert isinstance(events[1], sr.Played)
    assert state.trick.last_player == 0 and state.hands[0] == sr.parse_cards("9♠")


@pytest.mark.rule("misplays.face-up-drop")
def test_cards_dropped_on_the_table_that_are_not_a_valid_play_are_a_misplay() -> None:
    state = table("5♠ 9♠", "4♦ 10♦", "9♣ 3♣")
    state, _ = sr.apply(state, sr.Play(0, "5♠"))
    state, events = sr.apply(state, sr.DropCards(1, "4♦", TABLE))
    assert misplay_rules(events) == ["trick.follow.strictly-better"]
    assert state.hands[1] == sr.parse_cards("4♦ 10♦")


@pytest.mark.rule("misplays.out-of-turn")
def test_cards_dropped_on_the_table_out_of_turn_are_held_as_an_out_of_turn_play() -> None:
    state = table("5♠ 9♠", "6♦ 10♦", "9♣ 3♣")
    state, _ = sr.apply(state, sr.Play(0, "5♠"))
    state, events = sr.apply(state, sr.DropCards(2, "9♣", TABLE))
    assert sr.OutOfTurnPlay(2, sr.parse_cards("9♣")) in events
    assert state.pending == (sr.Play(2, "9♣"),)


@pytest.mark.rule("misplays.dropped")
def test_cards_dropped_on_food_are_a_misplay() -> None:
    state = table("5♠ 9♠", "6♦ 10♦", "9♣ 3♣")
    state, events = sr.apply(state, sr.DropCards(0, "9♠", FOOD))
    assert events[0] == sr.CardsDropped(0, sr.parse_cards("9♠"), "food")
    misplay = one(events, sr.Misplay)
    assert (misplay.player, misplay.rule) == (0, "misplays.dropped")


@pytest.mark.rule("misplays.dropped")
def test_cards_dropped_on_food_are_picked_back_up() -> None:
    state = table("5♠ 9♠", "6♦ 10♦", "9♣ 3♣")
    state, _ = sr.apply(state, sr.DropCards(0, "9♠", FOOD))
    assert state.hands[0] == sr.parse_cards("5♠ 9♠")
    assert state.trick.plays == ()


@pytest.mark.rule("misplays.dropped")
def test_cards_dropped_on_the_floor_by_a_seat_not_to_act_are_a_misplay() -> None:
    state = table("5♠ 9♠", "6♦ 10♦", "9♣ 3♣")
    state, _ = sr.apply(state, sr.Play(0, "5♠"))
    state, events = sr.apply(state, sr.DropCards(2, "3♣", FLOOR))
    misplay = one(events, sr.Misplay)
    assert (misplay.player, misplay.rule) == (2, "misplays.dropped")
    assert state.to_act == 1 and state.penalties[2] == 1


@pytest.mark.rule("misplays.dropped")
def test_dropping_cards_not_held_is_impossible() -> None:
    state = table("5♠ 9♠", "6♦ 10♦", "9♣ 3♣")
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.DropCards(1, "2♠", FLOOR))


@pytest.mark.rule("misplays.barred", "misplays.dropped")
def test_a_misplay_during_a_reward_does_not_bar_from_the_next_trick() -> None:
    state = table("5♠ 8♠ 9♠", "3♦ 4♦", "3♣ 4♣", deck="2♠ 2♥ 2♦")
    state, _ = play_through(state, sr.Play(0, "5♠", come_at_me=True), sr.Pass(1), sr.Pass(2))
    state, _ = sr.apply(state, sr.DropCards(0, "9♠", FOOD))
    state, _ = sr.apply(state, sr.TakeReward(0, 3))
    assert 0 not in state.trick.barred


# -- timeouts and the time allowance ----------------------------------------------------------------


@pytest.mark.rule("trick.timing")
def test_a_timeout_is_a_pass() -> None:
    state = table("5♠ 9♠", "6♦ 10♦", "9♣ 3♣")
    state, _ = sr.apply(state, sr.Play(0, "5♠"))
    state, events = sr.apply(state, sr.Timeout(1))
    assert events == (sr.TimedOut(1), sr.Passed(1))
    assert 1 in state.trick.passed and state.to_act == 2


@pytest.mark.rule("trick.timing")
def test_a_timeout_on_a_lead_passes_the_seat_and_moves_the_lead_on() -> None:
    state = table("5♠ 9♠", "6♦ 10♦", "9♣ 3♣")
    state, events = sr.apply(state, sr.Timeout(0))
    assert events == (sr.TimedOut(0), sr.Passed(0))
    assert state.to_act == 1 and state.trick.is_lead
    assert 0 in state.trick.passed


@pytest.mark.rule("trick.timing", "buy-back.required")
def test_a_seat_that_timed_out_on_the_lead_must_buy_back_to_play_in_that_trick() -> None:
    state = table("5♠ 9♠", "6♦ 10♦", "9♣ 3♣", deck="2♠")
    state, _ = play_through(state, sr.Timeout(0), sr.Play(1, "6♦"), sr.Pass(2))
    plays = [move for move in sr.legal_moves(state) if isinstance(move, sr.Play)]
    assert plays and all(move.buy_back == 1 for move in plays)


@pytest.mark.rule("trick.timing")
def test_a_timeout_in_the_opening_declines_the_offer() -> None:
    state = table("3♠ 9♠", "3♦ 10♦", "9♣", opening=True)
    state, events = sr.apply(state, sr.Timeout(0))
    assert events == (sr.TimedOut(0), sr.Passed(0), sr.OpeningOffered(1, sr.Rank.THREE))
    assert state.to_act == 1


@pytest.mark.rule("trick.timing")
def test_a_timeout_during_a_reward_forfeits_it() -> None:
    state = table("5♠ 8♠", "3♦ 4♦", "3♣ 4♣", deck="2♠ 2♥ 2♦")
    state, _ = play_through(state, sr.Play(0, "5♠", come_at_me=True), sr.Pass(1), sr.Pass(2))
    hand, deck = state.hands[0], state.deck
    state, events = sr.apply(state, sr.Timeout(0))
    assert of_type(events, sr.RewardTaken) == []
    assert state.reward is None and state.hands[0] == hand and state.deck == deck
    assert state.to_act == 0 and state.trick.is_lead


@pytest.mark.rule("trick.timing")
def test_only_the_seat_to_act_can_time_out() -> None:
    state = table("5♠ 9♠", "6♦ 10♦", "9♣ 3♣")
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.Timeout(1))


@pytest.mark.rule("trick.timing")
def test_the_time_allowance_is_5_seconds() -> None:
    assert table("5♠ 9♠", "6♦ 10♦", "9♣ 3♣").time_allowance == 5


@pytest.mark.rule("trick.timing")
def test_the_time_allowance_follows_the_decision_seconds_option() -> None:
    state = table("5♠ 9♠", "6♦ 10♦", "9♣ 3♣", rules=sr.Rules(decision_seconds=8))
    assert state.time_allowance == 8


def buy_back_of_two() -> sr.State:
    """Seat 1 bought back picking up 2 cards; seat 2 then beat it; seat 0 passed: seat 1 to act."""
    state = table("5♥ 2♣", "7♦ 4♦", "6♥ 8♥ 3♥", deck="K♠ K♥ K♦", buy_back_step=2)
    state, _ = play_through(state, sr.Play(0, "5♥"), sr.Pass(1), sr.Play(2, "6♥"), sr.Pass(0))
    state, _ = play_through(state, sr.Play(1, "7♦", buy_back=2), sr.Play(2, "8♥"), sr.Pass(0))
    assert state.to_act == 1
    return state


@pytest.mark.rule("trick.timing")
def test_a_buy_back_draw_adds_a_second_per_card_picked_up() -> None:
    assert buy_back_of_two().time_allowance == 7


@pytest.mark.rule("trick.timing")
def test_the_extra_seconds_last_only_until_the_seats_next_decision() -> None:
    state = buy_back_of_two()
    state, _ = play_through(state, sr.Pass(1))  # seat 2 wins; it leads the next trick
    state, _ = sr.apply(state, sr.Play(2, "3♥"))
    assert state.to_act == 0
    state, _ = sr.apply(state, sr.Pass(0))
    assert state.to_act == 1
    assert state.time_allowance == 5


@pytest.mark.rule("trick.timing")
def test_there_is_no_time_allowance_when_the_round_is_over() -> None:
    state = table("9♠", "10♦", "5♣ 6♣")
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "10♦"))
    assert state.time_allowance is None
