"""Seed 000, "Come At Me" (ruling R26).

"If the player who announced 'come at me' successfully wins the trick, they are rewarded by being
allowed to view the top several cards of the deck and optionally swap one of them with a card in
their hand. If they fail to win, they are given misplay penalties." "It is a misplay to come-at-me
when the hand played can only be beaten by joker hands (e.g. a single 2 when not under numerical
consec) or cannot be beaten (e.g. a 2 when under suited consec), or if the player wins the trick by
playing a joker hand." "The base reward for a successful come-at-me is being allowed to view 3
cards. The reward increases by 1 for each additional come-at-me by that player during the same
trick, and decreases by 1 for each successful previous come-at-me by that player with no tricks
being won by other players in between." The worked example gives rewards 4 and then 2. "If the
reward becomes negative, that number of misplay penalties shall be applied." "they must declare
what their reward count is. An incorrect declaration is a misplay." "The base penalty for a failed
come-at-me is a misplay penalty, and it increases by 1 for each additional come-at-me during the
same trick."
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

import spite_rules as sr
from spite_rules.round import come_at_me_reward
from spite_rules.state import Reward
from tests.helpers import AUTOMATIC, all_pass, misplay_rules, of_type, one, play_through


DECK = "2♠ 2♥ 2♦ 2♣ A♠ A♥ K♠ K♥ K♦ K♣ Q♠ Q♥ Q♦ Q♣"


def table(*hands: str, **options: object) -> sr.State:
    options.setdefault("rules", AUTOMATIC)
    options.setdefault("deck", DECK)
    return sr.setup(hands=list(hands), **options)  # type: ignore[arg-type]


def won_once() -> tuple[sr.State, tuple[sr.Event, ...]]:
    """Seat 0 leads 5♠ "come at me" and everyone passes: a reward of 3."""
    state = table("5♠ 8♠ 9♠ 10♠ J♠", "3♦ 4♦", "3♣ 4♣")
    return play_through(state, sr.Play(0, "5♠", come_at_me=True), sr.Pass(1), sr.Pass(2))


def won_twice_in_one_trick() -> tuple[sr.State, tuple[sr.Event, ...]]:
    """Seat 0 says "come at me" twice in one trick and wins it: a reward of 4."""
    state = table("5♠ 8♠ 9♠ 10♠ J♠", "3♦ 6♦", "3♣ 4♣")
    return play_through(
        state,
        sr.Play(0, "5♠", come_at_me=True),
        sr.Play(1, "6♦"),
        sr.Pass(2),
        sr.Play(0, "8♠", come_at_me=True),
        sr.Pass(1),
        sr.Pass(2),
    )


def lead_and_win(
    state: sr.State, card: str, *, come_at_me: bool = True
) -> tuple[sr.State, tuple[sr.Event, ...]]:
    """Seat 0 leads ``card``, the two other seats pass, and seat 0 takes any reward unswapped."""
    state, events = play_through(state, sr.Play(0, card, come_at_me=come_at_me))
    state, more = all_pass(state, 1, 2)
    events += more
    if state.reward is not None:
        state, more = play_through(state, sr.TakeReward(0, state.reward.count))
        events += more
    return state, events


def rewards(events: Iterable[sr.Event]) -> list[int]:
    return [event.reward for event in of_type(events, sr.ComeAtMeWon)]


def streak_table() -> sr.State:
    return table("5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠", "3♦ 3♦", "3♣ 3♣")


# -- the reward count -------------------------------------------------------------------------------


@pytest.mark.rule("come-at-me.reward")
@pytest.mark.parametrize(
    ("calls", "streak", "reward"), [(1, 0, 3), (2, 0, 4), (3, 0, 5), (1, 1, 2), (2, 1, 3), (1, 4, -1)]
)
def test_come_at_me_reward_is_3_plus_extra_calls_minus_the_streak(
    calls: int, streak: int, reward: int
) -> None:
    assert come_at_me_reward(calls, streak) == reward


@pytest.mark.rule("come-at-me.reward")
def test_seed_worked_example_come_at_me_reward_gives_4_then_2() -> None:
    assert (come_at_me_reward(calls=2, streak=0), come_at_me_reward(calls=1, streak=1)) == (4, 2)


@pytest.mark.rule("come-at-me.reward")
def test_a_successful_come_at_me_rewards_3_cards() -> None:
    state, events = won_once()
    assert one(events, sr.ComeAtMeWon) == sr.ComeAtMeWon(0, 3)
    assert state.reward == Reward(0, 3)


@pytest.mark.rule("come-at-me.reward")
def test_each_extra_come_at_me_in_the_trick_adds_one_to_the_reward() -> None:
    state, events = won_twice_in_one_trick()
    assert one(events, sr.ComeAtMeWon) == sr.ComeAtMeWon(0, 4)
    assert state.reward == Reward(0, 4)


@pytest.mark.rule("come-at-me.reward")
def test_seed_worked_example_rewards_4_then_2_across_three_tricks() -> None:
    state, events = won_twice_in_one_trick()
    state, _ = play_through(state, sr.TakeReward(0, 4))
    assert state.to_act == 0
    state, more = lead_and_win(state, "9♠", come_at_me=False)  # wins without come-at-me
    events += more
    state, more = lead_and_win(state, "10♠")
    events += more
    assert rewards(events) == [4, 2]


@pytest.mark.rule("come-at-me.reward")
def test_a_trick_won_by_another_seat_resets_the_come_at_me_streak() -> None:
    state = table("5♠ 6♠ 7♠ 9♠", "3♦ 8♦ 4♦", "3♣ 3♣")
    state, events = lead_and_win(state, "5♠")
    state, more = play_through(state, sr.Play(0, "6♠"), sr.Play(1, "8♦"), sr.Pass(2), sr.Pass(0))
    events += more
    assert one(more, sr.TrickWon).player == 1
    state, more = play_through(state, sr.Play(1, "3♦"), sr.Pass(2), sr.Play(0, "7♠", come_at_me=True))
    state, more2 = all_pass(state, 1, 2)
    events += more + more2
    assert rewards(events) == [3, 3]


@pytest.mark.rule("come-at-me.reward")
def test_successive_come_at_me_tricks_reduce_the_reward_by_one_each() -> None:
    state, events = lead_and_win(streak_table(), "5♠")
    for card in ("6♠", "8♠"):
        state, more = lead_and_win(state, card)
        events += more
    assert rewards(events) == [3, 2, 1]


@pytest.mark.rule("come-at-me.reward", "come-at-me.view")
def test_a_reward_of_0_gives_no_reward_phase() -> None:
    state = streak_table()
    for card in ("5♠", "6♠", "8♠"):
        state, _ = lead_and_win(state, card)
    state, events = lead_and_win(state, "9♠")
    assert rewards(events) == [0]
    assert state.reward is None and of_type(events, sr.RewardTaken) == []
    assert state.penalties[0] == 0 and of_type(events, sr.TurnSkipped) == []
    assert state.to_act == 0


@pytest.mark.rule("come-at-me.reward")
def test_a_negative_reward_becomes_misplay_penalties() -> None:
    state = streak_table()
    for card in ("5♠", "6♠", "8♠", "9♠"):
        state, _ = lead_and_win(state, card)
    state, events = play_through(state, sr.Play(0, "10♠", come_at_me=True))
    state, events = all_pass(state, 1, 2)
    assert rewards(events) == [-1]
    assert state.reward is None
    # The one penalty is served at once: seat 0's lead of the next trick is skipped.
    assert one(events, sr.TurnSkipped) == sr.TurnSkipped(0, 0)
    assert state.to_act == 1


# -- the reward phase -------------------------------------------------------------------------------


@pytest.mark.rule("come-at-me.view")
def test_the_reward_phase_gives_the_turn_to_the_winner() -> None:
    state, _ = won_once()
    assert state.to_act == 0


@pytest.mark.rule("come-at-me.view")
def test_legal_moves_in_the_reward_phase_are_taking_the_reward_with_or_without_a_swap() -> None:
    state, _ = won_once()
    moves = sr.legal_moves(state)
    assert all(isinstance(move, sr.TakeReward) and move.count == 3 for move in moves)
    assert sr.TakeReward(0, 3) in moves
    assert sr.TakeReward(0, 3, give="8♠", take="2♥") in moves
    # 4 distinct hand cards x 3 distinct viewed cards, plus taking it without a swap.
    assert len(moves) == 1 + 4 * 3


@pytest.mark.rule("come-at-me.view")
def test_a_reward_swap_moves_a_viewed_card_into_the_hand_and_discards_the_rest() -> None:
    state, _ = won_once()
    state, events = sr.apply(state, sr.TakeReward(0, 3, give="8♠", take="2♥"))
    assert one(events, sr.RewardTaken) == sr.RewardTaken(0, 3, True, 3)
    assert state.hands[0] == sr.parse_cards("9♠ 10♠ J♠ 2♥")
    assert sorted(map(str, state.discard[-3:])) == sorted(["2♠", "2♦", "8♠"])
    assert state.deck == sr.parse_cards(DECK)[3:]


@pytest.mark.rule("come-at-me.view")
def test_taking_the_reward_without_a_swap_discards_every_viewed_card() -> None:
    state, _ = won_once()
    hand = state.hands[0]
    state, events = sr.apply(state, sr.TakeReward(0, 3))
    assert one(events, sr.RewardTaken) == sr.RewardTaken(0, 3, False, 3)
    assert state.hands[0] == hand
    assert sorted(map(str, state.discard[-3:])) == sorted(["2♠", "2♥", "2♦"])


@pytest.mark.rule("come-at-me.view")
def test_after_the_reward_the_winner_leads_the_next_trick() -> None:
    state, _ = won_once()
    state, _ = sr.apply(state, sr.TakeReward(0, 3))
    assert state.reward is None and state.to_act == 0 and state.trick.is_lead


@pytest.mark.rule("come-at-me.view", "misplays.out-of-turn")
def test_nothing_but_taking_the_reward_is_allowed_in_the_reward_phase() -> None:
    state, _ = won_once()
    for action in (sr.Play(0, "8♠"), sr.Pass(0), sr.Play(1, "4♦"), sr.TakeReward(1, 3)):
        with pytest.raises(sr.IllegalAction):
            sr.apply(state, action)


@pytest.mark.rule("come-at-me.view")
def test_a_reward_swap_of_a_card_not_viewed_is_impossible() -> None:
    state, _ = won_once()
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.TakeReward(0, 3, give="8♠", take="A♠"))


@pytest.mark.rule("come-at-me.declared-count")
def test_a_wrong_declared_reward_count_is_a_misplay() -> None:
    state, _ = won_once()
    state, events = sr.apply(state, sr.TakeReward(0, 4))
    assert misplay_rules(events) == ["come-at-me.declared-count"]
    assert state.reward is None


@pytest.mark.rule("come-at-me.declared-count")
def test_a_wrong_declared_reward_count_swaps_nothing_and_discards_the_viewed_cards() -> None:
    state, _ = won_once()
    hand = state.hands[0]
    state, events = sr.apply(state, sr.TakeReward(0, 2, give="8♠", take="2♥"))
    assert state.hands[0] == hand
    assert sorted(map(str, state.discard[-3:])) == sorted(["2♠", "2♥", "2♦"])
    assert of_type(events, sr.RewardTaken) == []


@pytest.mark.rule("come-at-me.view")
def test_a_short_deck_is_topped_up_with_the_discards_before_the_reward() -> None:
    state = table("5♠ 8♠", "3♦ 4♦", "3♣ 4♣", deck="2♠", discard="6♦ 7♦ 8♦ 9♦")
    state, _ = play_through(state, sr.Play(0, "5♠", come_at_me=True), sr.Pass(1), sr.Pass(2))
    assert state.reward == Reward(0, 3)
    assert state.deck[0] == sr.parse_card("2♠") and len(state.deck) >= 3
    assert sr.TakeReward(0, 3, give="8♠", take="2♠") in sr.legal_moves(state)


@pytest.mark.rule("come-at-me.view")
def test_a_winner_who_went_out_gets_no_reward_phase() -> None:
    state = table("5♠", "3♦ 4♦", "3♣ 4♣")
    state, events = play_through(state, sr.Play(0, "5♠", come_at_me=True), sr.Pass(1), sr.Pass(2))
    assert one(events, sr.ComeAtMeWon) == sr.ComeAtMeWon(0, 3)
    assert state.reward is None and state.to_act == 1


@pytest.mark.rule("come-at-me.view", "trick.timing")
def test_a_reward_swap_gives_one_extra_second_for_the_card_picked_up() -> None:
    state, _ = won_once()
    state, _ = sr.apply(state, sr.TakeReward(0, 3, give="8♠", take="2♥"))
    assert state.to_act == 0 and state.time_allowance == 6


# -- failed come-at-me ------------------------------------------------------------------------------


def beaten_after(*calls: str) -> tuple[sr.State, tuple[sr.Event, ...]]:
    """Seat 0 says "come at me" on each of ``calls`` in turn; seat 1 beats it with the Q♦."""
    state = table("5♠ 6♠ 7♠ 3♠", "4♦ 6♦ 8♦ Q♦", "3♣ 4♣", fake_jokers=["~4♣", "", ""])
    state, events = play_through(state, sr.Play(0, calls[0], come_at_me=True), sr.Play(1, "6♦"))
    for card in calls[1:]:
        state, more = play_through(state, sr.Pass(2), sr.Play(0, card, come_at_me=True))
        events += more
        state, more = play_through(state, sr.Play(1, "8♦" if card == "7♠" else "Q♦"))
        events += more
    state, more = all_pass(state, 2, 0)
    return state, events + more


@pytest.mark.rule("come-at-me.failed")
def test_a_failed_come_at_me_is_a_misplay_penalty() -> None:
    state, events = beaten_after("5♠")
    assert one(events, sr.ComeAtMeFailed) == sr.ComeAtMeFailed(0, 1, "come-at-me.failed")
    assert state.penalties[0] == 1


@pytest.mark.rule("come-at-me.failed")
def test_a_failed_come_at_me_penalty_grows_by_one_per_extra_announcement() -> None:
    state, events = beaten_after("5♠", "7♠")
    assert one(events, sr.ComeAtMeFailed) == sr.ComeAtMeFailed(0, 2, "come-at-me.failed")
    assert state.penalties[0] == 2


@pytest.mark.rule("come-at-me.failed")
def test_a_failed_come_at_me_forfeits_the_fake_jokers_once() -> None:
    state, events = beaten_after("5♠", "7♠")
    assert one(events, sr.FakeJokersForfeited) == sr.FakeJokersForfeited(0, sr.parse_cards("~4♣"))
    assert state.fake_jokers[0] == ()
    assert sr.parse_card("~4♣") in state.fake_pile


@pytest.mark.rule("come-at-me.failed")
def test_a_failed_come_at_me_penalty_is_served_as_skipped_turns() -> None:
    state, _ = beaten_after("5♠")
    assert state.to_act == 1
    state, events = sr.apply(state, sr.Play(1, "4♦"))
    state, more = sr.apply(state, sr.Pass(2))
    assert sr.TurnSkipped(0, 0) in list(events) + list(more)


@pytest.mark.rule("come-at-me.won-with-joker")
def test_winning_with_a_joker_after_announcing_is_a_failed_come_at_me() -> None:
    state = table("5♠ JK 9♠", "3♦ 6♦", "3♣ 4♣")
    state, events = play_through(
        state,
        sr.Play(0, "5♠", come_at_me=True),
        sr.Play(1, "6♦"),
        sr.Pass(2),
        sr.Play(0, "JK"),
        sr.Pass(1),
        sr.Pass(2),
    )
    assert one(events, sr.ComeAtMeFailed) == sr.ComeAtMeFailed(0, 1, "come-at-me.won-with-joker")
    assert of_type(events, sr.ComeAtMeWon) == []
    assert state.reward is None
    # The penalty is served at once: seat 0's lead of the next trick is skipped.
    assert one(events, sr.TurnSkipped) == sr.TurnSkipped(0, 0)


@pytest.mark.rule("come-at-me.won-with-joker")
def test_winning_with_a_face_down_fake_joker_after_announcing_is_a_failed_come_at_me() -> None:
    state = table("5♠ 9♠", "3♦ 6♦", "3♣ 4♣", fake_jokers=["~4♣", "", ""])
    state, events = play_through(
        state,
        sr.Play(0, "5♠", come_at_me=True),
        sr.Play(1, "6♦"),
        sr.Pass(2),
        sr.Play(0, "~4♣", face_down=True),
        sr.Pass(1),
        sr.Pass(2),
    )
    assert one(events, sr.ComeAtMeFailed) == sr.ComeAtMeFailed(0, 1, "come-at-me.won-with-joker")


# -- hands that cannot take a come-at-me ------------------------------------------------------------


@pytest.mark.rule("come-at-me.unbeatable-hand")
def test_come_at_me_on_a_single_2_going_higher_is_a_misplay() -> None:
    state = table("2♠ 5♠", "3♦ 6♦", "3♣ 4♣")
    state, events = sr.apply(state, sr.Play(0, "2♠", come_at_me=True))
    assert misplay_rules(events) == ["come-at-me.unbeatable-hand"]
    assert state.hands[0] == sr.parse_cards("5♠ 2♠")


@pytest.mark.rule("come-at-me.unbeatable-hand")
def test_legal_moves_offers_come_at_me_on_a_beatable_hand_but_not_on_a_2() -> None:
    moves = sr.legal_moves(table("2♠ 5♠", "3♦ 6♦", "3♣ 4♣"))
    assert sr.Play(0, "5♠", come_at_me=True) in moves
    assert sr.Play(0, "2♠") in moves
    assert sr.Play(0, "2♠", come_at_me=True) not in moves


@pytest.mark.rule("come-at-me.unbeatable-hand")
def test_come_at_me_on_a_joker_lead_going_higher_is_a_misplay() -> None:
    state = table("JK 5♠", "3♦ 6♦", "3♣ 4♣")
    state, events = sr.apply(state, sr.Play(0, "JK", come_at_me=True))
    assert misplay_rules(events) == ["come-at-me.unbeatable-hand"]


@pytest.mark.rule("come-at-me.unbeatable-hand")
def test_come_at_me_on_the_highest_pair_is_a_misplay() -> None:
    state = table("2♠ 2♠ 5♠", "3♦ 6♦", "3♣ 4♣")
    state, events = sr.apply(state, sr.Play(0, "2♠ 2♠", come_at_me=True))
    assert misplay_rules(events) == ["come-at-me.unbeatable-hand"]


@pytest.mark.rule("come-at-me.unbeatable-hand")
def test_come_at_me_on_an_unbeatable_2_under_a_suited_consec_is_a_misplay() -> None:
    state = table("3♠ 9♠ 4♥", "5♠ 2♠ 4♦", "3♣ 4♣ 5♣")
    state, _ = play_through(state, sr.Play(0, "3♠"), sr.Play(1, "5♠"), sr.Pass(2), sr.Play(0, "9♠"))
    assert sr.Play(1, "2♠", unbeatable=True) in sr.legal_moves(state)
    assert sr.Play(1, "2♠", unbeatable=True, come_at_me=True) not in sr.legal_moves(state)
    state, events = sr.apply(state, sr.Play(1, "2♠", unbeatable=True, come_at_me=True))
    assert misplay_rules(events) == ["come-at-me.unbeatable-hand"]


@pytest.mark.rule("come-at-me.announce", "come-at-me.unbeatable-hand")
def test_come_at_me_on_a_2_under_a_numerical_consec_is_allowed() -> None:
    state = table("Q♠ A♥ 4♥", "K♦ 2♠ 4♦", "3♣ 4♣ 5♣")
    state, _ = play_through(state, sr.Play(0, "Q♠"), sr.Play(1, "K♦"), sr.Pass(2), sr.Play(0, "A♥"))
    assert sr.Play(1, "2♠", come_at_me=True) in sr.legal_moves(state)
    state, events = sr.apply(state, sr.Play(1, "2♠", come_at_me=True))
    assert misplay_rules(events) == []


@pytest.mark.rule("come-at-me.announce", "come-at-me.unbeatable-hand")
def test_come_at_me_on_a_3_that_bounces_the_direction_is_allowed() -> None:
    state = table("3♠ 5♠", "3♦ 6♦", "3♣ 4♣", direction="lower")
    state, events = sr.apply(state, sr.Play(0, "3♠", come_at_me=True))
    assert misplay_rules(events) == []


@pytest.mark.rule("come-at-me.view")
def test_a_reward_swap_of_a_card_for_an_identical_one_is_refused_as_the_reward_without_a_swap() -> None:
    # Issue 34: legal_moves lists the reward without a swap, not a swap of 2♠ for 2♠; apply took it.
    state = table("5♠ 2♠ 9♠", "3♦ 4♦", "3♣ 4♣")
    state, _ = play_through(state, sr.Play(0, "5♠", come_at_me=True), sr.Pass(1), sr.Pass(2))
    swap = sr.TakeReward(0, 3, give="2♠", take="2♠")
    assert swap not in sr.legal_moves(state) and sr.TakeReward(0, 3) in sr.legal_moves(state)
    with pytest.raises(sr.IllegalAction, match="identical 2♠ changes nothing"):
        sr.apply(state, swap)
