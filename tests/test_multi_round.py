"""Games of several rounds: ``sr.next_round`` (rulings S33-S35 in docs/rulings-scoring-draft.md).

Seed 000, "The First Player": "the player with the most negative score shall lead the first trick
... If there are multiple players with the same negative score, the player who most recently lost a
round shall lead." "Fake Jokers": "Fake jokers persist across rounds until they are played or
lost." "Buy Back": "The count resets at the beginning of each round." "Game Direction": "Each round
starts in the higher direction." "Scoring": "When a late joiner comes to the table, they become the
loser and gets -2, and the rankings of other players are shifted up by 1 place."

Ruling S34: a late joiner takes the next seat, scores -2, is appended last to the previous finishing
order and counts as the most recent loser; it is dealt in and swaps like anyone. Earned cards
persist, misplay penalties still owed carry over, the come-at-me streak carries on.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import spite_rules as sr
from spite_rules.scoring import highest_cards
from tests.helpers import AUTOMATIC, finished, of_type, play_out


# -- between rounds ------------------------------------------------------------------------------


def test_next_round_is_refused_while_the_round_is_in_progress() -> None:
    state = sr.new_game(4, seed=1)
    with pytest.raises(sr.IllegalAction, match="the round is not over"):
        sr.next_round(state)


def test_next_round_is_refused_in_the_middle_of_a_trick() -> None:
    state = sr.setup(hands=["3♣ 4♣", "5♦ 6♦", "7♥ 8♥"])
    state, _ = sr.apply(state, sr.Play(0, "3♣"))
    with pytest.raises(sr.IllegalAction):
        sr.next_round(state)


def test_next_round_increments_the_round_number() -> None:
    state, _ = sr.next_round(finished())
    assert state.round_number == 2
    state, _ = play_out(state, random.Random(1))
    state, _ = sr.next_round(state)
    assert state.round_number == 3


@pytest.mark.rule("opening.later-rounds")
def test_next_round_announces_round_started() -> None:
    state, events = sr.next_round(finished())
    assert of_type(events, sr.RoundStarted) == [sr.RoundStarted(2, state.trick.leader)]


def test_next_round_is_in_progress_with_nobody_out() -> None:
    state, _ = sr.next_round(finished())
    assert not state.round_over and state.finished == () and state.losers == ()


@pytest.mark.rule("deal.eleven-cards")
def test_next_round_deals_11_cards_to_every_seat() -> None:
    state, _ = sr.next_round(finished(players=6))
    assert [len(hand) for hand in state.hands] == [11] * 6


@pytest.mark.rule("deal.bounty")
def test_next_round_reveals_a_bounty_card() -> None:
    state, events = sr.next_round(finished())
    assert state.bounty is not None and sr.BountyRevealed(state.bounty) in events


@pytest.mark.rule("opening.later-rounds")
def test_next_round_has_no_opening_offers() -> None:
    state, _ = sr.next_round(finished())
    assert state.opening is None


@pytest.mark.rule("direction.start-higher", "direction.persists")
def test_next_round_starts_in_the_higher_direction() -> None:
    state = attrs.evolve(finished(), direction=sr.Direction.LOWER)
    state, _ = sr.next_round(state)
    assert state.direction is sr.Direction.HIGHER


@pytest.mark.rule("buy-back.counter-resets")
def test_buy_back_count_resets_to_0_at_the_next_round() -> None:
    state = attrs.evolve(finished(), buy_back_step=4)
    state, _ = sr.next_round(state)
    assert state.buy_back_step == 0


@pytest.mark.rule("scoring.decay")
def test_scores_carry_into_the_next_round() -> None:
    state = finished()
    scores = state.scores
    state, _ = sr.next_round(state)
    assert state.scores == scores


@pytest.mark.rule("scoring.half-reset")
def test_next_round_remembers_the_finishing_order_for_the_half_reset() -> None:
    state = finished()
    order = state.previous_order
    state, _ = sr.next_round(state)
    assert state.previous_order == order


@pytest.mark.rule("deck.composition")
@pytest.mark.parametrize("players", [3, 5, 9])
def test_189_real_cards_after_every_next_round(players: int) -> None:
    state = finished(players=players, seed=players)
    rng = random.Random(players)
    for _ in range(3):
        state, _ = sr.next_round(state)
        assert state.real_cards() == Counter(sr.spite_deck())
        state, _ = play_out(state, rng)


@pytest.mark.rule("deal.eleven-cards")
def test_next_round_from_the_same_state_deals_the_same() -> None:
    state = finished()
    assert sr.next_round(state) == sr.next_round(state)


# -- what persists -------------------------------------------------------------------------------


def fake_joker_round() -> sr.State:
    """Seat 2 holds ~4♣ ~8♥ through a round it loses: 3♣ out, 9♦ wins, 4♣ out."""
    state = sr.setup(
        hands=["3♣", "4♣ 9♦", "5♣ 9♣"], fake_jokers=["", "", "~4♣ ~8♥"], rules=AUTOMATIC
    )
    for action in (sr.Play(0, "3♣"), sr.Play(1, "9♦"), sr.Pass(2), sr.Play(1, "4♣")):
        state, _ = sr.apply(state, action)
    assert state.round_over and state.previous_order == (0, 1, 2)
    return state


@pytest.mark.rule("fake-jokers.persist")
def test_fake_jokers_persist_across_rounds() -> None:
    state, _ = sr.next_round(fake_joker_round())
    assert state.fake_jokers == ((), (), sr.parse_cards("~4♣ ~8♥"))


@pytest.mark.rule("fake-jokers.persist")
def test_fake_joker_pile_persists_across_rounds() -> None:
    state = fake_joker_round()
    pile = state.fake_pile
    state, _ = sr.next_round(state)
    assert Counter(state.fake_pile) == Counter(pile) == Counter(sr.parse_cards("~10♠ ~Q♦ ~A♣"))


@pytest.mark.rule("fake-jokers.held-apart")
def test_fake_jokers_are_not_swapped() -> None:
    state, events = sr.next_round(fake_joker_round())
    swapped = of_type(events, sr.CardsSwapped)
    assert swapped and not any(card.fake for event in swapped for card in event.put_down)


@pytest.mark.rule("fake-jokers.persist")
def test_fake_jokers_given_at_the_end_of_a_played_round_persist() -> None:
    state = finished()
    fakes = sr.parse_cards("~4♣ ~A♣")
    state = attrs.evolve(
        state,
        fake_jokers=((), fakes, (), ()),
        fake_pile=sr.parse_cards("~8♥ ~10♠ ~Q♦"),
    )
    state, _ = sr.next_round(state)
    assert state.fake_jokers[1] == fakes


def with_earned_thirteens(state: sr.State) -> sr.State:
    """Seat 1 holds all three 13♥ as earned cards (taken out of the hands, deck and discards)."""
    thirteen = sr.parse_card("13♥")

    def without(held: tuple[sr.Card, ...]) -> tuple[sr.Card, ...]:
        return tuple(card for card in held if card != thirteen)

    earned = [(), (thirteen,) * 3] + [()] * (state.players - 2)
    return attrs.evolve(
        state,
        hands=tuple(without(hand) for hand in state.hands),
        deck=without(state.deck),
        discard=without(state.discard),
        earned=tuple(earned),
    )


@pytest.mark.rule("fake-jokers.pile-empty")
def test_earned_cards_persist_across_rounds() -> None:
    state, _ = sr.next_round(with_earned_thirteens(finished()))
    assert state.earned[1] == sr.parse_cards("13♥ 13♥ 13♥")


@pytest.mark.rule("fake-jokers.pile-empty")
def test_earned_cards_are_not_in_the_new_deal() -> None:
    state, _ = sr.next_round(with_earned_thirteens(finished()))
    thirteen = sr.parse_card("13♥")
    assert not any(thirteen in hand for hand in state.hands)
    assert thirteen not in state.deck and thirteen not in state.discard
    assert state.bounty != thirteen


@pytest.mark.rule("fake-jokers.pile-empty", "deck.composition")
def test_earned_cards_keep_the_real_card_total_at_189() -> None:
    state, _ = sr.next_round(with_earned_thirteens(finished()))
    assert state.real_cards() == Counter(sr.spite_deck())


@pytest.mark.rule("misplays.penalties")
def test_penalties_owed_carry_over_to_the_next_round() -> None:
    state = finished()
    leader = sr.first_leader(state.scores, state.losers_by_round)
    owing = (leader + 1) % state.players
    penalties = tuple(2 if seat == owing else 0 for seat in range(state.players))
    state, _ = sr.next_round(attrs.evolve(state, penalties=penalties))
    assert state.penalties == penalties


@pytest.mark.rule("come-at-me.reward")
def test_come_at_me_streak_carries_over_to_the_next_round() -> None:
    state = attrs.evolve(finished(), streaks=(0, 2, 0, 1))
    state, _ = sr.next_round(state)
    assert state.streaks == (0, 2, 0, 1)


# -- who leads -----------------------------------------------------------------------------------


@pytest.mark.rule("opening.later-rounds")
def test_most_negative_score_leads() -> None:
    assert sr.first_leader([-1, -3, 0, -2], losers_by_round=[0]) == 1


@pytest.mark.rule("opening.later-rounds")
def test_tied_most_negative_scores_lead_by_the_most_recent_loser() -> None:
    assert sr.first_leader([-2, 1, -2, 0], losers_by_round=[2, 0]) == 0


@pytest.mark.rule("opening.later-rounds")
def test_tied_most_negative_scores_pass_over_a_recent_loser_not_tied() -> None:
    assert sr.first_leader([-2, -1, -2, 0], losers_by_round=[2, 1]) == 2


@pytest.mark.rule("opening.later-rounds")
def test_next_round_is_led_by_the_most_negative_score() -> None:
    state = attrs.evolve(finished(), scores=(1, -1, -3, 0), penalties=(0, 0, 0, 0))
    state, events = sr.next_round(state)
    assert state.trick.leader == 2 and state.to_act == 2
    assert of_type(events, sr.RoundStarted) == [sr.RoundStarted(2, 2)]


@pytest.mark.rule("opening.later-rounds")
def test_next_round_tie_is_led_by_the_seat_that_lost_most_recently() -> None:
    state = attrs.evolve(
        finished(), scores=(-2, -2, 1, 0), losers_by_round=(0, 1, 0), penalties=(0, 0, 0, 0)
    )
    state, _ = sr.next_round(state)
    assert state.trick.leader == 0 and state.to_act == 0


@pytest.mark.rule("opening.later-rounds")
def test_next_round_leader_is_first_leader_of_the_scores() -> None:
    state = finished(players=6, seed=4)
    state, events = sr.next_round(state)
    leader = sr.first_leader(state.scores, state.losers_by_round)
    assert of_type(events, sr.RoundStarted) == [sr.RoundStarted(2, leader)]
    assert state.trick.leader == leader


# -- late joiners (S34) --------------------------------------------------------------------------


@pytest.mark.rule("scoring.late-joiner")
def test_late_joiner_is_announced_at_the_next_seat() -> None:
    state, events = sr.next_round(finished(), late_joiners=["dana"])
    assert of_type(events, sr.PlayerJoined) == [sr.PlayerJoined(4, "dana")]
    assert state.players == 5 and state.names[4] == "dana"


@pytest.mark.rule("scoring.late-joiner")
def test_late_joiner_takes_minus_2() -> None:
    state = finished()
    scores = state.scores
    state, _ = sr.next_round(state, late_joiners=["dana"])
    assert state.scores == scores + (-2,)


@pytest.mark.rule("scoring.late-joiner")
def test_late_joiner_is_appended_last_to_the_previous_order() -> None:
    state = finished()
    order = state.previous_order
    assert order is not None
    state, _ = sr.next_round(state, late_joiners=["dana"])
    assert state.previous_order == order + (4,)


@pytest.mark.rule("scoring.late-joiner")
def test_late_joiner_counts_as_the_most_recent_loser() -> None:
    state = finished()
    losers = state.losers_by_round
    state, _ = sr.next_round(state, late_joiners=["dana"])
    assert state.losers_by_round == losers + (4,)


@pytest.mark.rule("scoring.late-joiner", "opening.later-rounds")
def test_late_joiner_tied_at_minus_2_leads_the_next_round() -> None:
    # The last round's loser also has -2: the joiner lost more recently, so it leads.
    state = attrs.evolve(finished(), scores=(2, 1, -1, -2), penalties=(0, 0, 0, 0))
    state, events = sr.next_round(state, late_joiners=["dana"])
    assert of_type(events, sr.RoundStarted) == [sr.RoundStarted(2, 4)]
    assert state.to_act == 4


@pytest.mark.rule("scoring.late-joiner", "opening.later-rounds")
def test_late_joiner_does_not_lead_past_a_more_negative_score() -> None:
    state = attrs.evolve(finished(), scores=(2, 1, -1, -3), penalties=(0, 0, 0, 0))
    state, _ = sr.next_round(state, late_joiners=["dana"])
    assert state.trick.leader == 3


@pytest.mark.rule("scoring.late-joiner")
def test_late_joiner_is_dealt_11_cards() -> None:
    state, _ = sr.next_round(finished(), late_joiners=["dana"])
    assert len(state.hands[4]) == 11


@pytest.mark.rule("scoring.late-joiner", "swapping.put-down")
def test_late_joiner_swaps_its_2_highest_cards_like_others() -> None:
    state, events = sr.next_round(finished(), late_joiners=["dana"])
    [swapped] = [event for event in of_type(events, sr.CardsSwapped) if event.player == 4]
    dealt = Counter(state.hands[4])
    dealt.subtract(swapped.picked_up)
    dealt.update(swapped.put_down)
    highest = highest_cards(tuple(dealt.elements()), 2)
    assert Counter(swapped.put_down) == Counter(highest)
    assert len(swapped.picked_up) == 2


@pytest.mark.rule("scoring.late-joiner")
def test_late_joiner_starts_with_no_fake_jokers_earned_cards_or_penalties() -> None:
    state, _ = sr.next_round(finished(), late_joiners=["dana"])
    assert state.fake_jokers[4] == () and state.earned[4] == () and state.penalties[4] == 0


@pytest.mark.rule("scoring.late-joiner")
def test_two_late_joiners_take_the_next_two_seats_in_order() -> None:
    state = finished()
    order, losers = state.previous_order, state.losers_by_round
    assert order is not None
    state, events = sr.next_round(state, late_joiners=["dana", "eve"])
    joined = of_type(events, sr.PlayerJoined)
    assert joined == [sr.PlayerJoined(4, "dana"), sr.PlayerJoined(5, "eve")]
    assert state.previous_order == order + (4, 5)
    assert state.losers_by_round == losers + (4, 5)


@pytest.mark.rule("scoring.late-joiner")
def test_late_joiners_beyond_9_seats_are_refused() -> None:
    with pytest.raises(sr.IllegalAction, match="not 10"):
        sr.next_round(finished(players=8), late_joiners=["x", "y"])


@pytest.mark.rule("scoring.late-joiner")
def test_late_joiner_keeps_the_189_real_cards() -> None:
    state, _ = sr.next_round(finished(), late_joiners=["dana"])
    assert state.real_cards() == Counter(sr.spite_deck())


@pytest.mark.rule("scoring.late-joiner", "scoring.half-reset")
def test_round_after_a_late_joiner_is_scored_against_the_extended_previous_order() -> None:
    rng = random.Random(6)
    state = finished(players=3, seed=6)
    state, _ = sr.next_round(state, late_joiners=["dana"])
    start_scores, start_order = state.scores, state.previous_order
    assert start_order is not None and len(start_order) == 4
    state, events = play_out(state, rng)
    [over] = of_type(events, sr.RoundOver)
    assert over.scores == sr.score_round(start_scores, start_order, over.order)


@pytest.mark.rule("scoring.late-joiner", "scoring.half-reset")
def test_late_joiner_shifts_the_old_middle_seat_into_the_top_half() -> None:
    # Three seats finished (0, 1, 2): seat 1 was the middle. With joiner 3 appended the previous
    # order is (0, 1, 2, 3) and seat 1 is second of four (top): second again, no reset: 3 -> 2, +1.
    scores = sr.score_round(
        scores=(0, 3, 0, -2), previous_order=(0, 1, 2, 3), order=(0, 1, 2, 3)
    )
    assert scores[1] == 3


@pytest.mark.rule("scoring.late-joiner", "scoring.half-reset")
def test_late_joiner_is_scored_from_the_last_place_of_the_previous_order() -> None:
    # Four seats played (0, 1, 2, 3); seat 4 joins last. Seat 4 finishing first climbs from the
    # bottom half: -2 decays to -1, resets to 0, then +2.
    scores = sr.score_round(
        scores=(0, 0, 0, 0, -2), previous_order=(0, 1, 2, 3, 4), order=(4, 0, 1, 2, 3)
    )
    assert scores[4] == 2


# -- standings -----------------------------------------------------------------------------------


def test_standings_are_sorted_by_score_highest_first() -> None:
    state = attrs.evolve(finished(), scores=(-1, 3, -2, 0))
    assert state.standings == (("seat 1", 3), ("seat 3", 0), ("seat 0", -1), ("seat 2", -2))


def test_standings_ties_keep_seat_order() -> None:
    state = attrs.evolve(finished(), scores=(1, -2, 1, 0))
    assert [name for name, _ in state.standings] == ["seat 0", "seat 2", "seat 3", "seat 1"]


def test_standings_include_a_late_joiner_by_name() -> None:
    state, _ = sr.next_round(finished(), late_joiners=["dana"])
    assert ("dana", -2) in state.standings
