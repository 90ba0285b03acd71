"""Seed 000, "The Bounty Card" and the bounty half of "Fake Jokers" (ruling R25).

"If a player finishes by playing a hand that consists solely of natural cards with the same face
value as the bounty card, that player 'claims the bounty' and gains a number of fake jokers equal to
the number of bounty cards in their final hand. The bounty card is immediately discarded and a new
bounty card revealed, so that other players may continue to claim the bounty within the same
trick." "It is a misplay to claim an incorrect number of fake joker(s) from the common pile." "If
the fake joker pile is exhausted, further actions that would have caused a player to earn fake
joker(s), including any deficit in the current claim, shall cause that player to earn the next
card(s) from the deck."

Ruling R25: claiming is optional (``Play(..., bounty_claim=n)``); a wrong count or a claim with
nothing due is a misplay ("bounty.claim-count") and the play does not stand; a 13 bounty cannot be
claimed; fake jokers never count.
"""

from __future__ import annotations

import pytest

import spite_rules as sr
from tests.helpers import AUTOMATIC, of_type, one, play_through



def table(*hands: str, **options: object) -> sr.State:
    options.setdefault("rules", AUTOMATIC)
    options.setdefault("bounty", "9♦")
    options.setdefault("deck", "5♠ 6♠ 7♠")
    return sr.setup(hands=list(hands), **options)  # type: ignore[arg-type]


def pair_of_nines() -> sr.State:
    """Seat 0 may go out with a pair of 9s on a 9♦ bounty; the pile holds the 5 default fakes."""
    return table("9♠ 9♣", "3♦ 4♦", "3♣ 4♣", "3♥ 4♥")


# -- a claim that stands ----------------------------------------------------------------------------


@pytest.mark.rule("bounty.claim", "fake-jokers.earn-by-bounty")
def test_going_out_on_the_bounty_value_with_the_right_claim_earns_that_many_fake_jokers() -> None:
    state, events = sr.apply(pair_of_nines(), sr.Play(0, "9♠ 9♣", bounty_claim=2))
    assert one(events, sr.BountyClaimed) == sr.BountyClaimed(0, 2, sr.parse_cards("~4♣ ~8♥"), ())
    assert state.fake_jokers[0] == sr.parse_cards("~4♣ ~8♥")
    assert state.fake_pile == sr.parse_cards("~10♠ ~Q♦ ~A♣")


@pytest.mark.rule("bounty.claim", "fake-jokers.earn-by-bounty")
def test_the_claiming_seat_goes_out() -> None:
    state, events = sr.apply(pair_of_nines(), sr.Play(0, "9♠ 9♣", bounty_claim=2))
    assert one(events, sr.WentOut) == sr.WentOut(0, 1)


@pytest.mark.rule("bounty.new-card")
def test_a_claimed_bounty_is_discarded_and_a_new_bounty_revealed() -> None:
    state, events = sr.apply(pair_of_nines(), sr.Play(0, "9♠ 9♣", bounty_claim=2))
    assert one(events, sr.BountyRevealed) == sr.BountyRevealed(sr.parse_card("5♠"))
    assert state.bounty == sr.parse_card("5♠")
    assert sr.parse_card("9♦") in state.discard
    assert state.deck == sr.parse_cards("6♠ 7♠")


@pytest.mark.rule("bounty.new-card")
def test_the_new_bounty_can_be_claimed_in_the_same_trick() -> None:
    state = table("9♠", "J♦", "3♣ 4♣", "3♥ 4♥", deck="J♠ 6♠")
    state, _ = sr.apply(state, sr.Play(0, "9♠", bounty_claim=1))
    assert state.bounty == sr.parse_card("J♠")
    state, events = sr.apply(state, sr.Play(1, "J♦", bounty_claim=1))
    assert one(events, sr.BountyClaimed).player == 1
    assert state.fake_jokers[1] == sr.parse_cards("~8♥")


@pytest.mark.rule("bounty.new-card", "bounty.joker-reshuffled")
def test_a_joker_revealed_as_the_new_bounty_is_shuffled_back() -> None:
    state = table("9♠ 9♣", "3♦ 4♦", "3♣ 4♣", "3♥ 4♥", deck="JK 5♠ 6♠ 7♠")
    before = state.real_cards()
    state, events = sr.apply(state, sr.Play(0, "9♠ 9♣", bounty_claim=2))
    revealed = one(events, sr.BountyRevealed).card
    assert revealed is not None and not revealed.is_joker
    assert sr.parse_card("JK") in state.deck
    assert state.real_cards() == before


@pytest.mark.rule("bounty.claim", "fake-jokers.earn-by-bounty")
def test_not_claiming_the_bounty_is_legal() -> None:
    state, events = sr.apply(pair_of_nines(), sr.Play(0, "9♠ 9♣"))
    assert of_type(events, sr.Misplay) == []
    assert of_type(events, sr.BountyClaimed) == []
    assert one(events, sr.WentOut) == sr.WentOut(0, 1)


@pytest.mark.rule("bounty.claim", "fake-jokers.earn-by-bounty")
def test_an_unclaimed_bounty_stays_and_no_fake_joker_is_earned() -> None:
    state, _ = sr.apply(pair_of_nines(), sr.Play(0, "9♠ 9♣"))
    assert state.bounty == sr.parse_card("9♦")
    assert state.fake_jokers[0] == ()
    assert len(state.fake_pile) == 5


@pytest.mark.rule("bounty.claim", "fake-jokers.earn-by-bounty")
def test_legal_moves_offers_the_claim_for_a_going_out_play_on_the_bounty() -> None:
    moves = sr.legal_moves(pair_of_nines())
    assert sr.Play(0, "9♠ 9♣", bounty_claim=2) in moves
    assert sr.Play(0, "9♠ 9♣") in moves


@pytest.mark.rule("bounty.claim", "fake-jokers.earn-by-bounty")
def test_legal_moves_offers_no_claim_for_a_play_that_does_not_go_out() -> None:
    moves = sr.legal_moves(pair_of_nines())
    claims = [move for move in moves if isinstance(move, sr.Play) and move.bounty_claim]
    assert all(len(move.cards) == 2 for move in claims)


# -- the fake joker pile runs short -----------------------------------------------------------------


@pytest.mark.rule("fake-jokers.pile-empty", "bounty.claim")
def test_a_short_fake_joker_pile_pays_the_rest_in_earned_deck_cards() -> None:
    state = table("9♠ 9♣", "3♦ 4♦", "3♣ 4♣", "3♥ 4♥", fake_pile="~4♣")
    state, events = sr.apply(state, sr.Play(0, "9♠ 9♣", bounty_claim=2))
    claimed = one(events, sr.BountyClaimed)
    assert claimed == sr.BountyClaimed(0, 2, sr.parse_cards("~4♣"), sr.parse_cards("5♠"))
    assert state.fake_jokers[0] == sr.parse_cards("~4♣")
    assert state.earned[0] == sr.parse_cards("5♠")
    assert state.fake_pile == ()


@pytest.mark.rule("fake-jokers.pile-empty", "bounty.claim")
def test_an_empty_fake_joker_pile_pays_the_claim_in_earned_deck_cards() -> None:
    state = table("9♠", "3♦ 4♦", "3♣ 4♣", "3♥ 4♥", fake_pile="")
    state, events = sr.apply(state, sr.Play(0, "9♠", bounty_claim=1))
    assert one(events, sr.BountyClaimed) == sr.BountyClaimed(0, 1, (), sr.parse_cards("5♠"))
    assert state.bounty == sr.parse_card("6♠")


# -- claims that are misplays -----------------------------------------------------------------------


@pytest.mark.rule("bounty.claim-count")
def test_bounty_claim_of_wrong_count_is_a_misplay() -> None:
    state, events = sr.apply(pair_of_nines(), sr.Play(0, "9♠ 9♣", bounty_claim=1))
    misplay = one(events, sr.Misplay)
    assert (misplay.player, misplay.rule) == (0, "bounty.claim-count")


@pytest.mark.rule("bounty.claim-count")
def test_bounty_claim_of_too_many_is_a_misplay() -> None:
    state, events = sr.apply(pair_of_nines(), sr.Play(0, "9♠ 9♣", bounty_claim=3))
    assert one(events, sr.Misplay).rule == "bounty.claim-count"


@pytest.mark.rule("bounty.claim-count")
def test_a_misclaimed_bounty_play_does_not_stand() -> None:
    state, events = sr.apply(pair_of_nines(), sr.Play(0, "9♠ 9♣", bounty_claim=1))
    assert of_type(events, sr.Played) == [] and of_type(events, sr.WentOut) == []
    assert state.hands[0] == sr.parse_cards("9♣ 9♠")
    assert state.trick.plays == ()
    assert state.bounty == sr.parse_card("9♦")
    assert len(state.fake_pile) == 5 and state.fake_jokers[0] == ()


@pytest.mark.rule("bounty.claim-count")
def test_bounty_claim_when_not_going_out_is_a_misplay() -> None:
    state = table("9♠ 9♣ 5♥", "3♦ 4♦", "3♣ 4♣", "3♥ 4♥")
    state, events = sr.apply(state, sr.Play(0, "9♠ 9♣", bounty_claim=2))
    assert one(events, sr.Misplay).rule == "bounty.claim-count"


FIVE_9S = "9♠ 9♠ 9♣ 9♥ 9♥"


@pytest.mark.rule("bounty.claim", "joker-hands.last-plays")
@pytest.mark.parametrize("ruleset", ["000", "2023-07"])
def test_legal_moves_offer_no_claim_for_a_joker_hand_as_the_last_play(ruleset: str) -> None:
    # Five 9s are a joker hand: as the last play the seat becomes the loser, and does not finish.
    rules = sr.Rules.ruleset(ruleset, referee=sr.Referee.AUTOMATIC)
    state = table(FIVE_9S, "3♦ 4♦", "3♣ 4♣", "3♥ 4♥", rules=rules)
    offered = [move for move in sr.legal_moves(state) if isinstance(move, sr.Play)]
    assert sr.Play(0, FIVE_9S) in offered
    assert [move for move in offered if move.bounty_claim is not None] == []


@pytest.mark.rule("joker-hands.last-plays", "bounty.claim")
def test_a_joker_hand_on_the_bounty_value_as_the_last_play_loses_and_claims_nothing() -> None:
    state, events = sr.apply(table(FIVE_9S, "3♦ 4♦", "3♣ 4♣", "3♥ 4♥"), sr.Play(0, FIVE_9S))
    assert one(events, sr.InstantLoss).rule == "joker-hands.last-plays"
    assert of_type(events, sr.BountyClaimed) == [] and of_type(events, sr.BountyRevealed) == []
    assert state.bounty == sr.parse_card("9♦")
    assert state.fake_jokers[0] == () and len(state.fake_pile) == 5


@pytest.mark.rule("bounty.claim-count", "joker-hands.last-plays")
def test_bounty_claim_with_a_joker_hand_as_the_last_play_is_a_misplay() -> None:
    state, events = sr.apply(
        table(FIVE_9S, "3♦ 4♦", "3♣ 4♣", "3♥ 4♥"), sr.Play(0, FIVE_9S, bounty_claim=5)
    )
    assert one(events, sr.Misplay).rule == "bounty.claim-count"
    assert of_type(events, sr.BountyClaimed) == [] and of_type(events, sr.InstantLoss) == []
    assert state.hands[0] == sr.sort_cards(sr.parse_cards(FIVE_9S)) and state.trick.plays == ()
    assert state.bounty == sr.parse_card("9♦") and len(state.fake_pile) == 5


@pytest.mark.rule("bounty.claim-count", "joker-hands.last-plays")
def test_bounty_claim_after_a_joker_hand_as_the_second_last_play_is_a_misplay() -> None:
    state = table("5♠ 5♠ 5♦ 5♣ 5♥ 9♠ 9♣", "3♦ 4♦", "3♣ 4♣")
    state, _ = play_through(state, sr.Play(0, "5♠ 5♠ 5♦ 5♣ 5♥"), sr.Pass(1), sr.Pass(2))
    assert state.to_act == 0 and state.trick.is_lead
    assert [move for move in sr.legal_moves(state) if getattr(move, "bounty_claim", None)] == []
    _, events = sr.apply(state, sr.Play(0, "9♠ 9♣", bounty_claim=2))
    assert one(events, sr.Misplay).rule == "bounty.claim-count"
    _, events = sr.apply(state, sr.Play(0, "9♠ 9♣"))
    assert one(events, sr.InstantLoss).rule == "joker-hands.last-plays"


@pytest.mark.rule("bounty.claim-count")
def test_bounty_claim_on_a_different_value_is_a_misplay() -> None:
    state = table("8♠", "3♦ 4♦", "3♣ 4♣", "3♥ 4♥")
    state, events = sr.apply(state, sr.Play(0, "8♠", bounty_claim=1))
    assert one(events, sr.Misplay).rule == "bounty.claim-count"


@pytest.mark.rule("bounty.claim-count")
def test_bounty_claim_with_a_13_in_the_final_hand_is_a_misplay() -> None:
    state = table("9♠ 13♥", "3♦ 4♦", "3♣ 4♣", "3♥ 4♥")
    assert not any(
        isinstance(move, sr.Play) and move.bounty_claim for move in sr.legal_moves(state)
    )
    state, events = sr.apply(state, sr.Play(0, "9♠ 13♥", bounty_claim=1))
    assert one(events, sr.Misplay).rule == "bounty.claim-count"


@pytest.mark.rule("bounty.claim-count")
def test_a_13_bounty_cannot_be_claimed() -> None:
    state = table("13♥", "3♦ 4♦", "3♣ 4♣", "3♥ 4♥", bounty="13♦")
    assert sr.Play(0, "13♥", bounty_claim=1) not in sr.legal_moves(state)
    state, events = sr.apply(state, sr.Play(0, "13♥", bounty_claim=1))
    assert one(events, sr.Misplay).rule == "bounty.claim-count"


@pytest.mark.rule("bounty.claim-count")
def test_a_face_up_fake_joker_of_the_bounty_value_never_claims() -> None:
    state = table("3♠", "3♦ 4♦", "3♣ 4♣", "3♥ 4♥", bounty="4♦", fake_jokers=["~4♣", "", "", ""])
    state, events = sr.apply(state, sr.Play(0, "~4♣", bounty_claim=1))
    assert one(events, sr.Misplay).rule == "bounty.claim-count"


@pytest.mark.rule("bounty.claim-count")
def test_a_claim_with_no_bounty_showing_is_a_misplay() -> None:
    state = sr.setup(hands=["9♠", "3♦ 4♦", "3♣ 4♣"], rules=AUTOMATIC)
    assert state.bounty is None
    state, events = sr.apply(state, sr.Play(0, "9♠", bounty_claim=1))
    assert one(events, sr.Misplay).rule == "bounty.claim-count"


@pytest.mark.rule("bounty.claim-count")
def test_a_buy_back_play_of_the_whole_hand_does_not_go_out_and_cannot_claim() -> None:
    state = table("5♠ 2♠", "9♣", "6♣ 3♣", deck="4♠ 4♦ 4♥")
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Pass(1), sr.Play(2, "6♣"), sr.Pass(0))
    assert state.to_act == 1
    assert sr.Play(1, "9♣", buy_back=1, bounty_claim=1) not in sr.legal_moves(state)
    state, events = sr.apply(state, sr.Play(1, "9♣", buy_back=1, bounty_claim=1))
    assert one(events, sr.Misplay).rule == "bounty.claim-count"
    assert state.fake_jokers[1] == ()
