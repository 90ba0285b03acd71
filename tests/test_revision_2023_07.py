"""The author's July 2023 revision (ruleset ``2023-07``, docs/ruleset-2023-07.md), one
difference at a time: each test plays one position under the revision, and its twin plays the same
position under seed 000, which judges it the other way (rulings V1-V9 in docs/rulings.md).

V1 (at least five fake jokers) is pinned in test_rulesets.py.
"""

from __future__ import annotations

from typing import Any

import pytest

import spite_rules as sr
from spite_rules.state import Reward
from tests.helpers import all_pass, first_misplay, misplay_rules, moves, of_type, one, play_through

SEED = sr.Rules(referee=sr.Referee.AUTOMATIC)
REVISION = sr.Rules.ruleset("2023-07", referee=sr.Referee.AUTOMATIC)
SEED_CALLED = sr.Rules()
REVISION_CALLED = sr.Rules.ruleset("2023-07")

FILLER = "9♠ 9♦ 10♣ J♥ Q♠"
FIVE = "~4♣ ~8♥ ~10♠ ~Q♦ ~A♣"
#: Eleven fake jokers set aside, so that two seats can hold five and six of them.
ELEVEN = "~4♣ ~8♥ ~10♠ ~Q♦ ~A♣ ~5♠ ~6♦ ~7♣ ~9♥ ~J♠ ~K♦"
DECK = "2♠ 2♥ 2♦ 2♣ A♠ A♥ K♠ K♥ K♦ K♣ Q♠ Q♥ Q♦ Q♣"


def table(rules: sr.Rules, *hands: str, **options: Any) -> sr.State:
    return sr.setup(hands=list(hands), rules=rules, **options)


def held(seat: int, players: int, cards: str) -> list[str]:
    """A per-seat list with ``cards`` at ``seat`` (for fake_jokers= and earned=)."""
    return [cards if index == seat else "" for index in range(players)]


# -- V2: a fake joker led face-up is its face value ------------------------------------------------


def fake_lead(rules: sr.Rules) -> sr.State:
    """Seat 0 leads the fake ~8♥ face-up."""
    state = table(rules, "2♣ 3♥", "5♠ 5♦ 3♣ 9♣", FILLER, fake_jokers=held(0, 3, "~8♥"))
    state, events = sr.apply(state, sr.Play(0, "~8♥"))
    assert misplay_rules(events) == []
    return state


@pytest.mark.rule("fake-jokers.lead-face-up", "trick.follow.arity")
def test_fake_jokers_lead_face_up_under_2023_07_sets_singles_so_a_pair_may_not_follow() -> None:
    _, events = sr.apply(fake_lead(REVISION), sr.Play(1, "5♠ 5♦"))
    assert first_misplay(events).rule == "trick.follow.arity"


@pytest.mark.rule("fake-jokers.lead-open")
def test_fake_jokers_lead_face_up_under_000_opens_the_arity_so_a_pair_may_follow() -> None:
    _, events = sr.apply(fake_lead(SEED), sr.Play(1, "5♠ 5♦"))
    assert misplay_rules(events) == []


@pytest.mark.rule("fake-jokers.lead-face-up", "trick.follow.strictly-better")
def test_fake_jokers_lead_face_up_under_2023_07_must_be_beaten_like_an_8() -> None:
    state = fake_lead(REVISION)
    _, events = sr.apply(state, sr.Play(1, "3♣"))
    assert first_misplay(events).rule == "trick.follow.strictly-better"
    assert moves(state) == {sr.Pass(1), sr.Play(1, "9♣")}


@pytest.mark.rule("fake-jokers.lead-open")
def test_fake_jokers_lead_face_up_under_000_need_not_be_beaten() -> None:
    state = fake_lead(SEED)
    _, events = sr.apply(state, sr.Play(1, "3♣"))
    assert misplay_rules(events) == []
    assert sr.Play(1, "5♠ 5♦") in moves(state)


@pytest.mark.rule("fake-jokers.lead-face-up", "consec.numerical")
def test_fake_jokers_lead_face_up_under_2023_07_counts_toward_a_consec() -> None:
    state = fake_lead(REVISION)
    _, events = play_through(state, sr.Play(1, "9♣"), sr.Play(2, "10♣"))
    assert [event.kind for event in of_type(events, sr.ConsecInForce)] == [sr.ConsecKind.NUMERICAL]


@pytest.mark.rule("fake-jokers.lead-open")
def test_fake_jokers_lead_face_up_under_000_is_not_in_the_consec_run() -> None:
    state = fake_lead(SEED)
    _, events = play_through(state, sr.Play(1, "9♣"), sr.Play(2, "10♣"))
    assert of_type(events, sr.ConsecInForce) == []


@pytest.mark.rule("fake-jokers.lead-face-up", "fake-jokers.face-down")
def test_fake_jokers_lead_face_down_under_2023_07_opens_the_arity() -> None:
    state = table(REVISION, "2♣ 3♥", "5♠ 5♦ 3♣", FILLER, fake_jokers=held(0, 3, "~8♥"))
    _, events = play_through(state, sr.Play(0, "~8♥", face_down=True), sr.Play(1, "5♠ 5♦"))
    assert misplay_rules(events) == []


# -- V3 and V4: a misplayer's fake jokers go to the caller -----------------------------------------


def misplay_by_seat_1(rules: sr.Rules, fakes: str) -> sr.State:
    """Seat 1 (holding ``fakes``) follows a 9 with an 8: a misplay open to a call."""
    state = table(rules, "9♠ 2♣", "8♦ 3♦", FILLER, fake_jokers=held(1, 3, fakes))
    state, events = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "8♦"))
    assert misplay_rules(events) == ["trick.follow.strictly-better"]
    return state


@pytest.mark.rule("fake-jokers.transfer-to-caller")
def test_fake_jokers_transfer_to_caller_under_2023_07_gives_the_misplayers_fake_jokers() -> None:
    state = misplay_by_seat_1(REVISION_CALLED, "~4♣ ~8♥")
    state, events = sr.apply(state, sr.CallMisplay(2, 1))
    assert one(events, sr.MisplayCalled) == sr.MisplayCalled(2, 1, True, sr.parse_cards("~4♣ ~8♥"))
    assert state.fake_jokers[2] == sr.parse_cards("~4♣ ~8♥")


@pytest.mark.rule("fake-jokers.earn-by-call")
def test_fake_jokers_transfer_to_caller_under_000_also_gives_the_misplayers_fake_jokers() -> None:
    state = misplay_by_seat_1(SEED_CALLED, "~4♣ ~8♥")
    state, _ = sr.apply(state, sr.CallMisplay(2, 1))
    assert state.fake_jokers[2] == sr.parse_cards("~4♣ ~8♥")


@pytest.mark.rule("fake-jokers.transfer-to-caller", "fake-jokers.consensus")
def test_fake_jokers_uncalled_under_2023_07_return_to_the_pile_when_the_table_moves_on() -> None:
    state = misplay_by_seat_1(REVISION_CALLED, "~4♣ ~8♥")
    state, events = sr.apply(state, sr.Pass(2))
    assert one(events, sr.FakeJokersForfeited) == sr.FakeJokersForfeited(1, sr.parse_cards("~4♣ ~8♥"))
    assert sorted(map(str, state.fake_pile)) == sorted(map(str, sr.Rules().fake_jokers))


@pytest.mark.rule("fake-jokers.transfer-to-caller")
def test_fake_jokers_transfer_to_caller_under_2023_07_wins_nothing_when_the_misplayer_held_none() -> None:
    state = misplay_by_seat_1(REVISION_CALLED, "")
    state, events = sr.apply(state, sr.CallMisplay(2, 1))
    assert one(events, sr.MisplayCalled) == sr.MisplayCalled(2, 1, True)
    assert state.fake_jokers[2] == () and state.earned[2] == ()
    assert len(state.fake_pile) == 5
    assert misplay_rules(events) == []  # a correct call, not a misplay


@pytest.mark.rule("fake-jokers.earn-by-call")
def test_fake_jokers_earn_by_call_under_000_wins_one_from_the_pile_when_the_misplayer_held_none() -> None:
    state = misplay_by_seat_1(SEED_CALLED, "")
    state, events = sr.apply(state, sr.CallMisplay(2, 1))
    assert one(events, sr.MisplayCalled).count == 1
    assert len(state.fake_jokers[2]) == 1 and len(state.fake_pile) == 4


@pytest.mark.rule("fake-jokers.transfer-to-caller")
def test_fake_jokers_transfer_to_caller_under_2023_07_with_an_empty_pile_earns_no_deck_card() -> None:
    state = table(
        REVISION_CALLED, "9♠ 2♣", "8♦ 3♦", FILLER, fake_pile="", deck="K♠ K♥"
    )
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "8♦"))
    state, _ = sr.apply(state, sr.CallMisplay(2, 1))
    assert state.earned[2] == () and state.deck == sr.parse_cards("K♠ K♥")


# -- V5: earned cards free of the fake jokers' restrictions ---------------------------------------


def earned_pair(rules: sr.Rules, hand: str, earned: str) -> sr.State:
    """Seat 0 leads a pair of 5s; seat 1 holds ``hand`` and the earned cards ``earned``."""
    state = table(rules, "5♠ 5♦ 2♣", hand, FILLER, earned=held(1, 3, earned))
    state, _ = sr.apply(state, sr.Play(0, "5♠ 5♦"))
    return state


@pytest.mark.rule("fake-jokers.earned-cards-free")
def test_fake_jokers_earned_cards_free_under_2023_07_two_earned_cards_are_a_pair() -> None:
    state = earned_pair(REVISION, "3♣", "9♠ 9♦")
    state, events = sr.apply(state, sr.Play(1, "9♠ 9♦", earned=True))
    assert misplay_rules(events) == []
    assert events[-1] == sr.Played(1, sr.parse_cards("9♦ 9♠"), "pair of 9s (mixed)")
    assert state.earned[1] == () and state.hands[1] == sr.parse_cards("3♣")


@pytest.mark.rule("fake-jokers.alone")
def test_fake_jokers_earned_cards_under_000_are_played_alone() -> None:
    state = earned_pair(SEED, "3♣", "9♠ 9♦")
    state, events = sr.apply(state, sr.Play(1, "9♠ 9♦", earned=True))
    assert first_misplay(events).rule == "fake-jokers.alone"
    assert state.earned[1] == sr.parse_cards("9♦ 9♠")


@pytest.mark.rule("fake-jokers.earned-cards-free")
def test_fake_jokers_earned_cards_free_under_2023_07_pair_with_a_card_of_the_hand() -> None:
    state = earned_pair(REVISION, "9♦ 3♣", "9♠")
    state, events = sr.apply(state, sr.Play(1, "9♠ 9♦", earned=True))
    assert misplay_rules(events) == []
    assert state.hands[1] == sr.parse_cards("3♣") and state.earned[1] == ()


@pytest.mark.rule("fake-jokers.pile-empty")
def test_fake_jokers_earned_cards_under_000_never_join_a_card_of_the_hand() -> None:
    state = earned_pair(SEED, "9♦ 3♣", "9♠")
    with pytest.raises(sr.IllegalAction, match="among its earned cards"):
        sr.apply(state, sr.Play(1, "9♠ 9♦", earned=True))


@pytest.mark.rule("fake-jokers.earned-cards-free")
def test_fake_jokers_earned_cards_free_under_2023_07_legal_moves_offer_them_combined() -> None:
    state = table(REVISION, "5♠ 5♦ 2♣", "9♦ 3♣", FILLER, earned=held(1, 3, "9♠"))
    state, _ = sr.apply(state, sr.Play(0, "5♠ 5♦"))
    assert moves(state) == {sr.Pass(1), sr.Play(1, "9♠ 9♦", earned=True)}
    seed = table(SEED, "5♠ 5♦ 2♣", "9♦ 3♣", FILLER, earned=held(1, 3, "9♠"))
    seed, _ = sr.apply(seed, sr.Play(0, "5♠ 5♦"))
    assert moves(seed) == {sr.Pass(1)}


@pytest.mark.rule("fake-jokers.earned-cards-free", "bounty.claim")
def test_fake_jokers_earned_cards_free_under_2023_07_count_in_a_bounty_claim() -> None:
    state = table(REVISION, "9♦", "3♣ 4♣", FILLER, earned=held(0, 3, "9♠"), bounty="9♣")
    state, events = sr.apply(state, sr.Play(0, "9♠ 9♦", earned=True, bounty_claim=2))
    assert misplay_rules(events) == []
    assert one(events, sr.BountyClaimed).count == 2
    assert one(events, sr.WentOut).player == 0


@pytest.mark.rule("fake-jokers.earned-cards-free", "fake-jokers.face-down")
def test_fake_jokers_earned_cards_free_under_2023_07_are_still_never_played_face_down() -> None:
    state = table(REVISION, "5♠ 2♣", "9♦ 3♣", FILLER, earned=held(0, 3, "9♠"))
    _, events = sr.apply(state, sr.Play(0, "9♠", earned=True, face_down=True))
    assert first_misplay(events).rule == "fake-jokers.face-down"


@pytest.mark.rule("fake-jokers.earned-cards-free")
def test_fake_jokers_earned_cards_free_under_2023_07_a_play_naming_none_held_is_impossible() -> None:
    state = table(REVISION, "9♦ 9♣", "3♣", FILLER, earned=held(0, 3, "5♠"))
    with pytest.raises(sr.IllegalAction, match="among its earned cards"):
        sr.apply(state, sr.Play(0, "9♦ 9♣", earned=True))


# -- V6: five or more face-down fake jokers are a hand ---------------------------------------------


def fake_hand_on(
    rules: sr.Rules, lead: str, *, come_at_me: bool = False, **options: Any
) -> tuple[sr.State, tuple[sr.Event, ...]]:
    """Seat 0 leads ``lead``; seat 1 plays its five fake jokers face-down together."""
    state = table(
        rules, f"{lead} 3♦", "4♣ 5♣", "6♦ 7♦ 🃏", fake_jokers=held(1, 3, FIVE), **options
    )
    return play_through(
        state, sr.Play(0, lead), sr.Play(1, FIVE, face_down=True, come_at_me=come_at_me)
    )


@pytest.mark.rule("fake-jokers.hand")
def test_fake_jokers_hand_of_five_face_down_under_2023_07_beats_a_pair_of_2s() -> None:
    state, events = fake_hand_on(REVISION, "2♠ 2♥")
    assert misplay_rules(events) == []
    assert events[-1] == sr.Played(1, sr.parse_cards(FIVE), "five face-down fake jokers", True)
    assert state.fake_jokers[1] == () and len(state.fake_pile) == 5


@pytest.mark.rule("fake-jokers.alone")
def test_fake_jokers_five_face_down_under_000_are_no_hand() -> None:
    state, events = fake_hand_on(SEED, "2♠ 2♥")
    assert first_misplay(events).rule == "fake-jokers.alone"
    assert state.fake_jokers[1] == ()  # forfeited by the misplay


@pytest.mark.rule("fake-jokers.hand")
def test_fake_jokers_hand_under_2023_07_beats_a_joker_while_higher() -> None:
    _, events = fake_hand_on(REVISION, "🃏")
    assert misplay_rules(events) == []


@pytest.mark.rule("fake-jokers.hand", "fake-jokers.hand.beaten-by-more")
def test_fake_jokers_hand_under_2023_07_ignores_the_lower_direction_and_only_more_beat_it() -> None:
    state, events = fake_hand_on(REVISION, "3♠", direction="lower")
    assert misplay_rules(events) == []
    assert moves(state) == {sr.Pass(2)}  # no hand of seat 2, not even the joker, beats it
    _, events = sr.apply(state, sr.Play(2, "🃏"))
    assert first_misplay(events).rule == "fake-jokers.hand.beaten-by-more"


@pytest.mark.rule("fake-jokers.hand", "consec.no-13s-or-jokers")
def test_fake_jokers_hand_under_2023_07_may_be_played_under_a_consec() -> None:
    state = table(REVISION, "3♦ 6♣ 2♣", "4♣ 7♣", "5♦ 8♦", fake_jokers=held(1, 3, FIVE))
    state, events = play_through(
        state, sr.Play(0, "3♦"), sr.Play(1, "4♣"), sr.Play(2, "5♦"), sr.Play(0, "6♣")
    )
    assert of_type(events, sr.ConsecInForce)  # a numerical consec: the next must be a 7
    state, events = sr.apply(state, sr.Play(1, FIVE, face_down=True))
    assert misplay_rules(events) == []


@pytest.mark.rule("fake-jokers.hand.beaten-by-more")
def test_fake_jokers_hand_under_2023_07_is_beaten_by_six_face_down_fake_jokers_while_lower() -> None:
    rules = sr.Rules.ruleset("2023-07", referee=sr.Referee.AUTOMATIC, fake_jokers=ELEVEN.split())
    six = "~5♠ ~6♦ ~7♣ ~9♥ ~J♠ ~K♦"
    fakes = ["", FIVE, six]
    state = table(rules, "3♠ 3♦", "4♣ 5♣", "6♦ 7♦", fake_jokers=fakes, direction="lower")
    state, events = play_through(
        state, sr.Play(0, "3♠"), sr.Play(1, FIVE, face_down=True), sr.Play(2, six, face_down=True)
    )
    assert misplay_rules(events) == []


@pytest.mark.rule("fake-jokers.hand.beaten-by-more")
def test_fake_jokers_hand_under_2023_07_is_not_beaten_by_as_many() -> None:
    rules = sr.Rules.ruleset("2023-07", referee=sr.Referee.AUTOMATIC, fake_jokers=ELEVEN.split())
    other = "~5♠ ~6♦ ~7♣ ~9♥ ~J♠"
    state = table(rules, "3♠ 3♦", "4♣ 5♣", "6♦ 7♦", fake_jokers=["", FIVE, other + " ~K♦"])
    state, _ = play_through(state, sr.Play(0, "3♠"), sr.Play(1, FIVE, face_down=True))
    _, events = sr.apply(state, sr.Play(2, other, face_down=True))
    assert first_misplay(events).rule == "fake-jokers.hand.beaten-by-more"
    offered = {move for move in sr.legal_moves(state) if isinstance(move, sr.Play)}
    assert offered == {sr.Play(2, other + " ~K♦", face_down=True)}


@pytest.mark.rule("fake-jokers.hand.beaten-by-more")
def test_fake_jokers_hand_under_2023_07_is_not_reset_by_one_face_down_fake_joker() -> None:
    rules = sr.Rules.ruleset("2023-07", referee=sr.Referee.AUTOMATIC, fake_jokers=ELEVEN.split())
    state = table(rules, "3♠ 3♦", "4♣ 5♣", "6♦ 7♦", fake_jokers=["", FIVE, "~K♦"])
    state, _ = play_through(state, sr.Play(0, "3♠"), sr.Play(1, FIVE, face_down=True))
    _, events = sr.apply(state, sr.Play(2, "~K♦", face_down=True))
    assert first_misplay(events).rule == "fake-jokers.hand.beaten-by-more"


@pytest.mark.rule("fake-jokers.alone")
def test_fake_jokers_four_face_down_under_2023_07_are_no_hand() -> None:
    state = table(REVISION, "3♠ 3♦", "4♣ 5♣", "6♦ 7♦", fake_jokers=["", FIVE, ""])
    state, _ = sr.apply(state, sr.Play(0, "3♠"))
    _, events = sr.apply(state, sr.Play(1, "~4♣ ~8♥ ~10♠ ~Q♦", face_down=True))
    assert first_misplay(events).rule == "fake-jokers.alone"


@pytest.mark.rule("fake-jokers.hand.announcements")
def test_fake_jokers_hand_under_2023_07_may_not_come_at_me() -> None:
    _, events = fake_hand_on(REVISION, "2♠ 2♥", come_at_me=True)
    assert first_misplay(events).rule == "fake-jokers.hand.announcements"


@pytest.mark.rule("fake-jokers.hand.announcements")
def test_fake_jokers_hand_under_2023_07_may_not_announce_unbeatable() -> None:
    state = table(REVISION, "2♠ 2♥ 3♦", "4♣ 5♣", "6♦ 7♦", fake_jokers=held(1, 3, FIVE))
    state, _ = sr.apply(state, sr.Play(0, "2♠ 2♥"))
    _, events = sr.apply(state, sr.Play(1, FIVE, face_down=True, unbeatable=True))
    assert first_misplay(events).rule == "fake-jokers.hand.announcements"


@pytest.mark.rule("fake-jokers.hand", "fake-jokers.hand.announcements")
def test_fake_jokers_hand_under_2023_07_is_offered_face_down_without_announcements() -> None:
    state = table(REVISION, "2♠ 2♥ 3♦", "4♣ 5♣", "6♦ 7♦", fake_jokers=held(1, 3, FIVE))
    state, _ = sr.apply(state, sr.Play(0, "2♠ 2♥"))
    offered = [move for move in sr.legal_moves(state) if isinstance(move, sr.Play) and len(move.cards) == 5]
    assert offered == [sr.Play(1, FIVE, face_down=True)]
    seed = table(SEED, "2♠ 2♥ 3♦", "4♣ 5♣", "6♦ 7♦", fake_jokers=held(1, 3, FIVE))
    seed, _ = sr.apply(seed, sr.Play(0, "2♠ 2♥"))
    assert not [move for move in sr.legal_moves(seed) if isinstance(move, sr.Play) and len(move.cards) == 5]


@pytest.mark.rule("fake-jokers.hand", "consec.suited.unbeatable")
def test_fake_jokers_hand_under_2023_07_leaves_the_duty_to_announce_unbeatable() -> None:
    # A suited consec of spades, going higher: the 2♠ must still say "unbeatable", though seat 2
    # holds five fake jokers that could beat it.
    state = table(REVISION, "3♠ 8♠ K♦", "5♠ 2♠", "6♠ 9♦", fake_jokers=held(2, 3, FIVE))
    state, _ = play_through(state, sr.Play(0, "3♠"), sr.Play(1, "5♠"), sr.Play(2, "6♠"))
    state, _ = sr.apply(state, sr.Play(0, "8♠"))
    _, events = sr.apply(state, sr.Play(1, "2♠"))
    assert first_misplay(events).rule == "consec.suited.unbeatable"


@pytest.mark.rule("fake-jokers.hand", "fake-jokers.last-plays")
def test_fake_jokers_hand_under_2023_07_as_a_second_last_play_loses() -> None:
    state = table(REVISION, "3♠ 9♣", "4♣ 5♣", "6♦ 7♦", fake_jokers=held(0, 3, FIVE))
    state, events = play_through(
        state, sr.Play(0, "3♠"), sr.Play(1, "4♣"), sr.Play(2, "6♦"),
        sr.Play(0, FIVE, face_down=True), sr.Pass(1), sr.Pass(2), sr.Play(0, "9♣"),
    )
    loss = one(events, sr.InstantLoss)
    assert (loss.player, loss.rule) == (0, "joker-hands.last-plays")


# -- V7: the come-at-me reward is discard and draw -------------------------------------------------


def won_come_at_me(rules: sr.Rules, hand: str = "5♠ 8♠ 9♠ 10♠ J♠") -> sr.State:
    """Seat 0 leads 5♠ "come at me" and everyone passes: a reward of 3."""
    state = table(rules, hand, "3♦ 4♦", "3♣ 4♣", deck=DECK)
    state, events = play_through(state, sr.Play(0, "5♠", come_at_me=True), sr.Pass(1), sr.Pass(2))
    assert one(events, sr.ComeAtMeWon) == sr.ComeAtMeWon(0, 3)
    return state


@pytest.mark.rule("come-at-me.discard-and-draw")
def test_come_at_me_discard_and_draw_under_2023_07_trades_cards_with_the_deck() -> None:
    state = won_come_at_me(REVISION)
    assert state.reward == Reward(0, 3)
    state, events = sr.apply(state, sr.DiscardAndDraw(0, "8♠ 9♠", 2))
    assert one(events, sr.RewardRedrawn) == sr.RewardRedrawn(
        0, 3, sr.parse_cards("8♠ 9♠"), sr.parse_cards("2♠ 2♥")
    )
    assert state.hands[0] == sr.sort_cards(sr.parse_cards("10♠ J♠ 2♠ 2♥"))
    assert state.deck == sr.parse_cards(DECK)[2:]
    assert state.discard[-2:] == sr.parse_cards("8♠ 9♠")
    assert (state.reward, state.to_act, state.time_allowance) == (None, 0, 5 + 2)


@pytest.mark.rule("come-at-me.view")
def test_come_at_me_view_under_000_views_and_swaps() -> None:
    state = won_come_at_me(SEED)
    assert all(isinstance(move, sr.TakeReward) for move in sr.legal_moves(state))
    with pytest.raises(sr.IllegalAction, match="view"):
        sr.apply(state, sr.DiscardAndDraw(0, "8♠ 9♠", 2))


@pytest.mark.rule("come-at-me.discard-and-draw")
def test_come_at_me_discard_and_draw_under_2023_07_offers_every_discard_of_1_to_n_cards() -> None:
    state = won_come_at_me(REVISION, hand="5♠ 8♠ 9♠ 9♠ 10♠")
    offered = sr.legal_moves(state)
    assert all(isinstance(move, sr.DiscardAndDraw) for move in offered)
    # distinct discards of 1, 2 and 3 cards of 8♠ 9♠ 9♠ 10♠: 3 + 4 + 3
    assert len(offered) == 10
    assert sr.DiscardAndDraw(0, "9♠ 9♠ 10♠", 3) in offered
    with pytest.raises(sr.IllegalAction, match="come-at-me reward"):
        sr.apply(state, sr.TakeReward(0, 3))


@pytest.mark.rule("come-at-me.discard-count")
def test_come_at_me_discard_count_under_2023_07_zero_is_a_misplay() -> None:
    state = won_come_at_me(REVISION)
    state, events = sr.apply(state, sr.DiscardAndDraw(0, "", 0))
    assert first_misplay(events).rule == "come-at-me.discard-count"
    assert state.hands[0] == sr.parse_cards("8♠ 9♠ 10♠ J♠")
    assert state.deck == sr.parse_cards(DECK) and state.reward is None
    # Not barred: the penalty is paid at once by skipping the lead of the next trick.
    assert one(events, sr.TurnSkipped) == sr.TurnSkipped(0, 0)
    assert 0 not in state.trick.barred and state.to_act == 1


@pytest.mark.rule("come-at-me.discard-count")
def test_come_at_me_discard_count_under_2023_07_more_than_the_reward_is_a_misplay() -> None:
    state = won_come_at_me(REVISION)
    state, events = sr.apply(state, sr.DiscardAndDraw(0, "8♠ 9♠ 10♠ J♠", 4))
    assert first_misplay(events).rule == "come-at-me.discard-count"
    assert state.hands[0] == sr.parse_cards("8♠ 9♠ 10♠ J♠")


@pytest.mark.rule("come-at-me.draw-count")
def test_come_at_me_draw_count_under_2023_07_drawing_a_wrong_number_is_a_misplay() -> None:
    state = won_come_at_me(REVISION)
    state, events = sr.apply(state, sr.DiscardAndDraw(0, "8♠ 9♠", 3))
    assert first_misplay(events).rule == "come-at-me.draw-count"
    assert state.hands[0] == sr.parse_cards("8♠ 9♠ 10♠ J♠") and state.deck == sr.parse_cards(DECK)


@pytest.mark.rule("come-at-me.discard-and-draw", "trick.timing")
def test_come_at_me_discard_and_draw_under_2023_07_a_timeout_forfeits_the_reward() -> None:
    state = won_come_at_me(REVISION)
    state, events = sr.apply(state, sr.Timeout(0))
    assert misplay_rules(events) == [] and state.reward is None
    assert state.hands[0] == sr.parse_cards("8♠ 9♠ 10♠ J♠") and state.to_act == 0


@pytest.mark.rule("come-at-me.discard-and-draw")
def test_come_at_me_discard_and_draw_under_2023_07_of_cards_not_held_is_impossible() -> None:
    state = won_come_at_me(REVISION)
    with pytest.raises(sr.IllegalAction, match="does not hold"):
        sr.apply(state, sr.DiscardAndDraw(0, "2♦", 1))


# -- V8: no come-at-me with two players left --------------------------------------------------------


def two_left(rules: sr.Rules) -> sr.State:
    """Seat 2 went out: seats 0 and 1 are the two players still in the round."""
    state = table(rules, "5♠ 9♠ 3♥", "6♦ 10♦ 3♣", "4♣")
    state, _ = play_through(state, sr.Play(0, "3♥"), sr.Pass(1), sr.Play(2, "4♣"))
    assert state.finished == (2,) and state.to_act == 0
    return state


@pytest.mark.rule("come-at-me.two-players")
def test_come_at_me_two_players_under_2023_07_is_a_misplay() -> None:
    state = two_left(REVISION)
    _, events = sr.apply(state, sr.Play(0, "5♠", come_at_me=True))
    assert first_misplay(events).rule == "come-at-me.two-players"


@pytest.mark.rule("come-at-me.announce")
def test_come_at_me_two_players_under_000_is_allowed() -> None:
    state = two_left(SEED)
    _, events = sr.apply(state, sr.Play(0, "5♠", come_at_me=True))
    assert misplay_rules(events) == []


@pytest.mark.rule("come-at-me.two-players")
def test_come_at_me_two_players_under_2023_07_is_never_offered() -> None:
    state = two_left(REVISION)
    assert not [move for move in sr.legal_moves(state) if isinstance(move, sr.Play) and move.come_at_me]
    seed = two_left(SEED)
    assert [move for move in sr.legal_moves(seed) if isinstance(move, sr.Play) and move.come_at_me]


@pytest.mark.rule("come-at-me.two-players")
def test_come_at_me_two_players_under_2023_07_three_players_may() -> None:
    state = table(REVISION, "5♠ 9♠", "6♦ 10♦", "4♣ 3♣")
    _, events = sr.apply(state, sr.Play(0, "5♠", come_at_me=True))
    assert misplay_rules(events) == []


# -- V9: after the skipped turns, buy back or resume in the next trick ----------------------------


def skipped_lead(rules: sr.Rules) -> sr.State:
    """Seat 0 owes one misplay penalty and leads: it skips the lead, and seat 1 leads instead."""
    state = table(rules, "5♠ 9♠ K♠", "6♦ 10♦ K♦", "4♣ 8♣ K♣", penalties=[1, 0, 0])
    assert state.to_act == 1
    state, events = play_through(state, sr.Play(1, "6♦"), sr.Pass(2))
    return state


@pytest.mark.rule("misplays.resume-next-trick")
def test_misplays_resume_next_trick_under_2023_07_a_skipped_lead_must_buy_back_into_the_trick() -> None:
    state = skipped_lead(REVISION)
    assert state.to_act == 0
    _, events = sr.apply(state, sr.Play(0, "9♠"))
    assert first_misplay(events).rule == "buy-back.required"
    assert moves(state) == {sr.Pass(0), sr.Play(0, "9♠", buy_back=1), sr.Play(0, "K♠", buy_back=1)}


@pytest.mark.rule("misplays.skipped-lead")
def test_misplays_skipped_lead_under_000_plays_on_in_the_trick_without_buying_back() -> None:
    state = skipped_lead(SEED)
    assert state.to_act == 0
    _, events = sr.apply(state, sr.Play(0, "9♠"))
    assert misplay_rules(events) == []


@pytest.mark.rule("misplays.resume-next-trick")
def test_misplays_resume_next_trick_under_2023_07_the_seat_plays_as_normal_in_the_next_trick() -> None:
    state = skipped_lead(REVISION)
    state, events = sr.apply(state, sr.Pass(0))
    assert one(events, sr.TrickWon).player == 1
    state, _ = play_through(state, sr.Play(1, "10♦"), sr.Pass(2))
    _, events = sr.apply(state, sr.Play(0, "K♠"))
    assert misplay_rules(events) == []


# -- V10: the "unbeatable" example (wording only) ----------------------------------------------------


def suited_two(rules: sr.Rules, *, numerical: bool) -> sr.State:
    """A suited consec of spades going higher (and a numerical one too if ``numerical``), and seat
    1 to play its 2♠."""
    hands = ("3♠ 6♠ K♦", "4♠ 2♠", "5♠ 9♦") if numerical else ("3♠ 8♠ K♦", "5♠ 2♠", "6♠ 9♦")
    state = table(rules, *hands)
    first, second, third = hands[0].split()[0], hands[1].split()[0], hands[2].split()[0]
    state, _ = play_through(state, sr.Play(0, first), sr.Play(1, second), sr.Play(2, third))
    return state


@pytest.mark.rule("come-at-me.unbeatable-hand")
@pytest.mark.parametrize("rules", [SEED, REVISION], ids=["000", "2023-07"])
def test_come_at_me_unbeatable_hand_a_2_under_suited_but_not_numerical_consec_in_both(rules: sr.Rules) -> None:
    state = suited_two(rules, numerical=False)
    state, _ = sr.apply(state, sr.Play(0, "8♠"))
    _, events = sr.apply(state, sr.Play(1, "2♠", unbeatable=True, come_at_me=True))
    assert first_misplay(events).rule == "come-at-me.unbeatable-hand"
