"""Seed 000, "The First Player" (rulings R20, R21).

"If it is the first round being played: any player who was dealt any 3s may play a hand that
includes one of more of them. The first player who plays such a hand becomes the lead of the first
trick. If no player has any 3s (or those with 3s do not wish to play them) then the round may begin
by applying the same rule to 4s, then 5s, and so forth, until someone is willing to lead."
"Otherwise: the player with the most negative score shall lead the first trick by playing any valid
hand. If there are multiple players with the same negative score, the player who most recently lost
a round shall lead."

Ruling R20: offers go clockwise from seat 0 to holders of a natural card of the rank; declining is a
Pass; ranks climb in game order from seat 0 again; if nobody leads at any rank, seat 0 must lead any
hand. A lead without the rank is a misplay ("opening.rank") and that seat is offered nothing more.
Ruling R21: later rounds, :func:`sr.first_leader`.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

import spite_rules as sr
from tests.helpers import AUTOMATIC, misplay_rules, of_type, one, play_through



def opening(*hands: str, rules: sr.Rules = AUTOMATIC, **options: object) -> sr.State:
    return sr.setup(hands=list(hands), opening=True, rules=rules, **options)  # type: ignore[arg-type]


def offers(events: Iterable[sr.Event]) -> list[tuple[int, sr.Rank]]:
    return [(event.player, event.rank) for event in of_type(events, sr.OpeningOffered)]


# -- first round: who is offered the lead ---------------------------------------------------------


@pytest.mark.rule("opening.first-round")
def test_first_round_offers_the_lead_to_the_first_holder_of_a_3_clockwise_from_seat_0() -> None:
    state = opening("5♠ 9♠", "9♦ J♦", "3♣ 8♣", "3♥ 4♥")
    assert state.to_act == 2
    assert state.opening is not None and state.opening.rank is sr.Rank.THREE


@pytest.mark.rule("opening.first-round")
def test_seat_0_holding_a_3_is_offered_the_lead_first() -> None:
    state = opening("3♠ 9♠", "9♦ J♦", "3♣ 8♣")
    assert state.to_act == 0


@pytest.mark.rule("opening.first-round")
def test_a_seat_offered_the_lead_may_lead_a_hand_including_the_rank_or_decline() -> None:
    state = opening("5♠", "3♦ 3♠ 9♠", "8♣")
    led = {move.cards for move in sr.legal_moves(state) if isinstance(move, sr.Play)}
    assert sr.Pass(1) in sr.legal_moves(state)
    assert led == {sr.parse_cards("3♦"), sr.parse_cards("3♠"), sr.parse_cards("3♦ 3♠")}


@pytest.mark.rule("opening.first-round")
def test_declining_the_opening_moves_the_offer_to_the_next_holder_clockwise() -> None:
    state = opening("3♠ 9♠", "9♦ J♦", "3♣ 8♣", "3♥ 4♥")
    state, events = sr.apply(state, sr.Pass(0))
    assert events == (sr.Passed(0), sr.OpeningOffered(2, sr.Rank.THREE))
    assert state.to_act == 2


@pytest.mark.rule("opening.first-round")
def test_a_seat_without_the_rank_is_never_offered_it() -> None:
    state = opening("3♠ 9♠", "9♦ J♦", "3♣ 8♣")
    state, events = sr.apply(state, sr.Pass(0))
    assert 1 not in [seat for seat, rank in offers(events) if rank is sr.Rank.THREE]
    assert state.to_act == 2


@pytest.mark.rule("opening.first-round")
def test_after_every_holder_declines_4s_are_offered_starting_again_from_seat_0() -> None:
    # 3s: seats 1 and 2. 4s: seats 1 and 4. Continuing clockwise from seat 3 would reach seat 4.
    state = opening("9♠", "3♦ 4♦", "3♣ 8♣", "9♥", "4♠ 9♣")
    state, events = play_through(state, sr.Pass(1), sr.Pass(2))
    assert offers(events)[-1] == (1, sr.Rank.FOUR)
    assert state.opening is not None and state.opening.rank is sr.Rank.FOUR


@pytest.mark.rule("opening.first-round")
def test_a_seat_that_declined_3s_is_offered_4s_again() -> None:
    state = opening("3♠ 4♠", "9♦", "8♣")
    state, events = sr.apply(state, sr.Pass(0))
    assert offers(events) == [(0, sr.Rank.FOUR)]


@pytest.mark.rule("opening.first-round")
def test_ranks_climb_in_game_order_with_13_between_12_and_J() -> None:
    state = opening("J♠", "13♥", "2♦", "12♣")
    assert state.to_act == 3 and state.opening is not None
    assert state.opening.rank is sr.Rank.TWELVE
    state, events = play_through(state, sr.Pass(3), sr.Pass(1), sr.Pass(0))
    assert offers(events) == [(1, sr.Rank.THIRTEEN), (0, sr.Rank.JACK), (2, sr.Rank.TWO)]


@pytest.mark.rule("opening.first-round")
def test_a_fake_joker_of_the_rank_does_not_earn_an_offer() -> None:
    state = opening("9♠", "5♦", "8♣", fake_jokers=["~4♣", "", ""])
    state, events = play_through(state, sr.Pass(1))
    assert state.opening is not None and state.opening.rank is not sr.Rank.FOUR
    assert (0, sr.Rank.FOUR) not in offers(events)


# -- first round: the opening lead ------------------------------------------------------------------


@pytest.mark.rule("opening.rank")
def test_the_opening_lead_including_the_rank_stands_and_starts_the_first_trick() -> None:
    state = opening("5♠", "3♦ 9♠", "8♣")
    state, events = sr.apply(state, sr.Play(1, "3♦"))
    assert isinstance(events[0], sr.Played)
    assert state.opening is None
    assert state.trick.leader == 1 and state.to_act == 2


@pytest.mark.rule("opening.rank")
def test_the_opening_lead_may_be_a_poker_hand_that_includes_the_rank() -> None:
    state = opening("5♠", "3♦ 4♠ 5♣ 6♥ 7♦ 9♠", "8♣")
    state, events = sr.apply(state, sr.Play(1, "3♦ 4♠ 5♣ 6♥ 7♦"))
    assert misplay_rules(events) == []
    assert state.hands[1] == sr.parse_cards("9♠")


@pytest.mark.rule("opening.rank")
def test_the_opening_lead_may_pair_the_rank_with_a_13() -> None:
    state = opening("5♠", "3♦ 13♥ 9♠", "8♣")
    state, events = sr.apply(state, sr.Play(1, "3♦ 13♥"))
    assert misplay_rules(events) == []


@pytest.mark.rule("opening.rank")
def test_an_opening_lead_without_the_rank_is_a_misplay() -> None:
    state = opening("5♠", "3♦ 9♠", "8♣ 3♣")
    state, events = sr.apply(state, sr.Play(1, "9♠"))
    assert one(events, sr.Misplay).rule == "opening.rank"
    assert state.hands[1] == sr.parse_cards("3♦ 9♠")


@pytest.mark.rule("opening.rank")
def test_a_13_is_not_a_card_of_the_rank_on_offer() -> None:
    state = opening("5♠", "3♦ 13♥", "8♣")
    assert sr.Play(1, "13♥") not in sr.legal_moves(state)
    state, events = sr.apply(state, sr.Play(1, "13♥"))
    assert misplay_rules(events) == ["opening.rank"]


@pytest.mark.rule("opening.rank")
def test_a_misplayed_opening_lead_moves_the_offer_on() -> None:
    state = opening("5♠", "3♦ 9♠", "8♣ 3♣")
    state, events = sr.apply(state, sr.Play(1, "9♠"))
    assert state.to_act == 2
    assert offers(events) == [(2, sr.Rank.THREE)]
    assert state.opening is not None


@pytest.mark.rule("opening.rank")
def test_a_seat_that_misplayed_in_the_opening_is_offered_nothing_more() -> None:
    state = opening("5♠", "3♦ 4♦ 9♠", "3♣ 4♣")
    state, events = play_through(state, sr.Play(1, "9♠"), sr.Pass(2))
    # Seat 1 holds a 4 but misplayed: the 4s go to seat 2 only.
    assert offers(events) == [(2, sr.Rank.THREE), (2, sr.Rank.FOUR)]


@pytest.mark.rule("opening.first-round", "misplays.out-of-turn")
def test_no_out_of_turn_play_during_the_opening() -> None:
    state = opening("5♠", "3♦ 9♠", "8♣")
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.Play(2, "8♣"))


# -- first round: nobody leads ----------------------------------------------------------------------


def nobody_leads() -> sr.State:
    state = opening("9♠ 10♠", "9♦", "9♣")
    state, _ = play_through(state, sr.Pass(0), sr.Pass(1), sr.Pass(2), sr.Pass(0))
    return state


@pytest.mark.rule("opening.first-round")
def test_if_nobody_leads_at_any_rank_seat_0_must_lead() -> None:
    state = nobody_leads()
    assert state.opening is None
    assert state.to_act == 0


@pytest.mark.rule("opening.first-round", "trick.lead")
def test_the_forced_opening_lead_cannot_be_passed() -> None:
    state = nobody_leads()
    moves = sr.legal_moves(state)
    assert moves and not any(isinstance(move, sr.Pass) for move in moves)
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.Pass(0))


@pytest.mark.rule("opening.first-round", "opening.rank")
def test_the_forced_opening_lead_may_be_any_hand() -> None:
    state = nobody_leads()
    assert sr.Play(0, "10♠") in sr.legal_moves(state)
    state, events = sr.apply(state, sr.Play(0, "10♠"))
    assert misplay_rules(events) == []


@pytest.mark.rule("opening.first-round", "opening.rank")
def test_a_seat_that_misplayed_in_the_opening_is_not_made_to_lead() -> None:
    state = opening("9♠ 10♠", "9♦", "9♣")
    state, _ = play_through(state, sr.Play(0, "10♠"), sr.Pass(1), sr.Pass(2))
    assert state.opening is None
    assert state.to_act == 1


# -- later rounds ---------------------------------------------------------------------------------


@pytest.mark.rule("opening.later-rounds")
def test_later_rounds_the_most_negative_score_leads() -> None:
    assert sr.first_leader([0, -2, -1, 1], losers_by_round=[2]) == 1


@pytest.mark.rule("opening.later-rounds")
def test_later_rounds_tied_negative_scores_go_to_the_most_recent_loser_among_them() -> None:
    assert sr.first_leader([-2, 0, -2], losers_by_round=[0, 2]) == 2
    assert sr.first_leader([-2, 0, -2], losers_by_round=[2, 0]) == 0


@pytest.mark.rule("opening.later-rounds")
def test_later_rounds_a_recent_loser_outside_the_tie_does_not_lead() -> None:
    assert sr.first_leader([-2, 0, -2, 1], losers_by_round=[0, 1]) == 0


@pytest.mark.rule("opening.later-rounds")
def test_later_rounds_tied_seats_that_never_lost_go_to_the_lowest_seat() -> None:
    assert sr.first_leader([0, -1, -1], losers_by_round=[0]) == 1


@pytest.mark.rule("opening.later-rounds")
def test_later_rounds_with_no_negative_score_the_latest_loser_leads() -> None:
    assert sr.first_leader([0, 1, 0], losers_by_round=[1, 2]) == 2


@pytest.mark.rule("opening.later-rounds")
def test_later_rounds_with_no_negative_score_and_no_losers_seat_0_leads() -> None:
    assert sr.first_leader([0, 0, 0], losers_by_round=[]) == 0
