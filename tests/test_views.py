"""Seat views and event redaction: what one seat may know.

A view holds the seat's own cards, counts of everyone else's, and what is on or about the table;
``redact`` hides the cards another seat drew, swapped, earned or forfeited.
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import spite_rules as sr
from spite_rules.bots import RandomBot, play_round
from spite_rules.core.engine import game
from spite_rules.narrate import describe_event
from spite_rules.core.serialization import to_data
from tests.helpers import AUTOMATIC, one, play_through


def _rewarded_state() -> sr.State:
    """Seat 0 said "come at me" with 6♠ and won: it is viewing the deck's top 3 (9♥ 10♣ J♦)."""
    state = sr.setup(
        hands=["6♠ 9♠ 10♠", "3♦ 4♦", "3♣ 4♣"], deck="9♥ 10♣ J♦ Q♠ K♠", rules=AUTOMATIC
    )
    state, events = play_through(state, sr.Play(0, "6♠", come_at_me=True), sr.Pass(1), sr.Pass(2))
    assert one(events, sr.ComeAtMeWon) == sr.ComeAtMeWon(0, 3)
    return state


# -- views -----------------------------------------------------------------------------------


def test_a_seat_view_shows_its_own_hand_fake_jokers_and_earned_cards() -> None:
    state = sr.setup(
        hands=["5♠ 9♦", "6♦ 7♣ 8♣", "8♥"],
        fake_jokers=["", "~4♣ ~Q♦", ""],
        earned=["", "2♠", "K♥"],
    )
    seen = sr.view(state, 1)
    assert seen.seat == 1
    assert seen.hand == sr.parse_cards("6♦ 7♣ 8♣")
    assert seen.fake_jokers == sr.parse_cards("~4♣ ~Q♦")
    assert seen.earned == sr.parse_cards("2♠")


def test_a_seat_view_shows_only_counts_of_the_other_seats_cards() -> None:
    state = sr.setup(
        hands=["5♠ 9♦", "6♦ 7♣ 8♣", "8♥"],
        fake_jokers=["~8♥", "~4♣ ~Q♦", ""],
        earned=["", "2♠", "K♥ A♠"],
        deck="2♥ 3♥ 4♥",
    )
    seen = sr.view(state, 0)
    assert seen.hand_sizes == (2, 3, 1)
    assert seen.fake_joker_counts == (1, 2, 0)
    assert seen.earned_counts == (0, 1, 2)
    assert seen.deck_size == 3
    shown = Counter(seen.hand + seen.fake_jokers + seen.earned)
    assert shown == Counter(sr.parse_cards("5♠ 9♦ ~8♥"))


def test_a_seat_view_has_no_field_for_the_deck_order_the_seed_or_the_hands() -> None:
    fields = attrs.fields_dict(sr.SeatView)
    assert {"deck", "seed", "hands"}.isdisjoint(fields)
    data = to_data(sr.new_game(4, seed=9).view(2))["data"]
    assert {"deck", "seed", "hands"}.isdisjoint(data)


def test_a_view_of_a_fresh_deal_shows_no_card_of_another_seat_or_of_the_deck() -> None:
    state = sr.new_game(5, seed=21)
    for seat in range(5):
        seen = state.view(seat)
        assert state.bounty is not None and seen.bounty == state.bounty
        visible = Counter(state.hands[seat]) + Counter([state.bounty])
        shown = Counter(seen.hand + seen.fake_jokers + seen.earned + seen.reward_cards)
        shown.update(card for play in seen.trick.plays for card in play.cards)
        shown.update([seen.bounty])
        assert shown <= visible
        assert seen.hand_sizes == (11,) * 5


def test_state_view_is_the_view_function() -> None:
    state = sr.new_game(4, seed=3)
    assert all(state.view(seat) == sr.view(state, seat) for seat in range(4))


def test_a_view_of_a_seat_that_does_not_exist_is_refused_naming_the_seat() -> None:
    with pytest.raises(ValueError, match="seat 4 does not exist"):
        sr.view(sr.new_game(4, seed=3), 4)


def test_a_view_shows_the_trick_the_bounty_and_the_buy_back_due() -> None:
    state = sr.setup(hands=["5♠ 9♠", "6♦ 9♦", "7♣ 10♣"], deck="2♥ 3♥", bounty="K♠",
                     buy_back_step=3)
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Play(1, "6♦"))
    seen = state.view(2)
    assert [play.cards for play in seen.trick.plays] == [sr.parse_cards("5♠"), sr.parse_cards("6♦")]
    assert seen.bounty == sr.parse_card("K♠")
    assert seen.buy_back_due == 3
    assert seen.to_act == 2


def test_reward_cards_are_shown_only_to_the_rewarded_seat() -> None:
    state = _rewarded_state()
    assert state.view(0).reward_cards == sr.parse_cards("9♥ 10♣ J♦")
    assert state.view(1).reward_cards == ()
    assert state.view(2).reward_cards == ()
    assert [state.view(seat).reward_count for seat in range(3)] == [3, 3, 3]


def test_reward_cards_leave_the_view_once_the_reward_is_taken() -> None:
    state, _ = play_through(_rewarded_state(), sr.TakeReward(0, 3, "9♠", "J♦"))
    seen = state.view(0)
    assert seen.reward_cards == ()
    assert seen.reward_count is None
    assert seen.hand == sr.parse_cards("10♠ J♦")


def test_an_out_of_turn_play_waiting_is_shown_to_every_seat() -> None:
    state = sr.setup(hands=["5♠ 9♠", "6♦ 9♦", "7♣ 10♣"])
    state, events = play_through(state, sr.Play(0, "5♠"), sr.Play(2, "10♣"))
    assert one(events, sr.OutOfTurnPlay) == sr.OutOfTurnPlay(2, sr.parse_cards("10♣"))
    assert all(state.view(seat).pending == (sr.Play(2, "10♣"),) for seat in range(3))


def test_a_face_down_fake_joker_waiting_out_of_turn_shows_its_face_only_to_its_seat() -> None:
    state = sr.setup(hands=["5♠ 9♠", "6♦ 9♦", "7♣ 10♣ 8♥"], fake_jokers=["", "", "~4♣"])
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Play(2, "~4♣", face_down=True))
    assert state.view(2).pending == (sr.Play(2, "~4♣", face_down=True),)
    for seat in (0, 1):
        assert state.view(seat).pending == (sr.Play(2, (), face_down=True),)


def test_a_face_up_play_waiting_out_of_turn_is_not_counted_hidden_from_the_other_seats() -> None:
    spite = game("spite")
    state = sr.setup(hands=["5♠ 9♠", "6♦ 9♦", "7♣ 10♣"])
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Play(2, "10♣"))
    ten = sr.parse_card("10♣")
    assert spite.hidden_cards(state, 0)[ten] == 0
    assert spite.hidden_cards(state, 0)[sr.parse_card("7♣")] == 1


def test_a_view_lists_the_open_misplays_by_accused_seat_only() -> None:
    state = sr.setup(hands=["9♠ 3♦", "9♦ 4♣", "9♣ 5♣"], fake_jokers=["", "~4♣", ""])
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "9♦"))
    seen = state.view(2)
    assert seen.open_misplays == (1,)
    assert seen.fake_joker_counts == (0, 0, 0)


def test_a_face_down_fake_joker_shows_its_face_only_to_the_seat_that_played_it() -> None:
    state = sr.setup(hands=["5♠ 9♠ 9♦", "6♦ 7♣ 8♣", "8♥ 9♣ 10♣"], fake_jokers=["", "~4♣", ""])
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Play(1, "~4♣", face_down=True))
    face = sr.parse_card("~4♣")
    assert face in state.view(1).trick.plays[-1].cards
    for seat in (0, 2):
        shown = [card for play in state.view(seat).trick.plays for card in play.cards]
        assert face not in shown


# -- redaction -------------------------------------------------------------------------------


def test_redact_hides_bought_back_cards_from_other_seats_but_keeps_the_count() -> None:
    state = sr.setup(hands=["5♠ 9♠", "6♦ 9♦", "7♣ 10♣"], deck="2♥ 3♥ 4♥")
    _, events = play_through(
        state, sr.Play(0, "5♠"), sr.Pass(1), sr.Play(2, "7♣"), sr.Pass(0),
        sr.Play(1, "9♦", buy_back=1),
    )
    bought = one(events, sr.BoughtBack)
    assert bought == sr.BoughtBack(1, 1, sr.parse_cards("2♥"))
    assert sr.redact(bought, 1) == bought
    assert sr.redact(bought, 0) == sr.BoughtBack(1, 1, ())
    assert sr.redact(bought, 2) == sr.BoughtBack(1, 1, ())


def test_redact_hides_swapped_cards_from_other_seats_but_not_from_the_swapper() -> None:
    state = sr.new_game(4, seed=2, rules=AUTOMATIC)
    state, _ = play_round(state, [RandomBot(seed) for seed in range(4)])
    _, events = sr.next_round(state)
    swaps = [event for event in events if isinstance(event, sr.CardsSwapped)]
    assert swaps
    for swap in swaps:
        assert swap.put_down and swap.picked_up
        assert sr.redact(swap, swap.player) == swap
        for seat in range(4):
            if seat != swap.player:
                assert sr.redact(swap, seat) == sr.CardsSwapped(swap.player, (), (), count=swap.count)


def test_redact_hides_a_bounty_claims_fake_jokers_from_other_seats() -> None:
    claimed = sr.BountyClaimed(2, 2, sr.parse_cards("~4♣ ~8♥"), sr.parse_cards("3♠"))
    assert sr.redact(claimed, 2) == claimed
    assert sr.redact(claimed, 0) == sr.BountyClaimed(2, 2, (), ())


def test_redact_hides_the_fake_jokers_won_by_a_misplay_call_from_other_seats() -> None:
    state = sr.setup(hands=["9♠ 9♥ 5♠", "6♦ 9♦ 4♠", "7♣ 10♣ 4♣"], fake_jokers=["", "~4♣ ~8♥", ""])
    _, events = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "6♦"), sr.CallMisplay(2, 1))
    called = one(events, sr.MisplayCalled)
    assert called == sr.MisplayCalled(2, 1, True, sr.parse_cards("~4♣ ~8♥"))
    assert sr.redact(called, 2) == called
    for seat in (0, 1):
        assert sr.redact(called, seat) == sr.MisplayCalled(2, 1, True, (), (), count=2)


def test_redact_hides_forfeited_fake_jokers_from_seats_other_than_the_forfeiter_and_receiver() -> None:
    state = sr.setup(hands=["9♠ 9♥ 5♠", "6♦ 9♦ 4♠", "7♣ 10♣ 4♣"], fake_jokers=["", "~4♣ ~8♥", ""])
    _, events = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "6♦"), sr.Pass(2))
    forfeited = one(events, sr.FakeJokersForfeited)
    assert forfeited == sr.FakeJokersForfeited(1, sr.parse_cards("~4♣ ~8♥"))
    assert sr.redact(forfeited, 1) == forfeited
    assert sr.redact(forfeited, 0) == sr.FakeJokersForfeited(1, (), count=2)
    handed = sr.FakeJokersForfeited(1, sr.parse_cards("~4♣"), to=2)
    assert sr.redact(handed, 2) == handed
    assert sr.redact(handed, 0) == sr.FakeJokersForfeited(1, (), to=2, count=1)


def test_redact_leaves_public_events_alone() -> None:
    public: list[sr.Event] = [
        sr.Played(1, sr.parse_cards("9♦ 9♥"), "pair of 9s (coloured)"),
        sr.Misplay(2, "single 6 is not strictly higher", "trick.follow.strictly-better"),
        sr.BountyRevealed(sr.parse_card("K♠")),
        sr.SwapExtrasDiscarded(sr.parse_cards("3♠ 4♠")),
        sr.OutOfTurnPlay(1, sr.parse_cards("10♣")),
        sr.RoundOver((0, 1, 2), (2, 0, -2), (2, 0, -2)),
    ]
    assert [sr.redact(event, 0) for event in public] == public


def test_a_redacted_card_swap_still_says_how_many_cards_were_swapped() -> None:
    swap = sr.CardsSwapped(0, sr.parse_cards("3♠ 4♠"), sr.parse_cards("2♠ 2♥"))
    line = describe_event(sr.redact(swap, 1), ["ann", "bob", "cy"])
    assert "swaps 2" in line
    assert "3♠" not in line and "2♥" not in line


def test_a_redacted_misplay_call_still_says_how_many_cards_the_caller_won() -> None:
    called = sr.MisplayCalled(2, 1, True, sr.parse_cards("~4♣ ~8♥"))
    line = describe_event(sr.redact(called, 0), ["ann", "bob", "cy"])
    assert "wins 2 cards" in line


def test_a_redacted_forfeit_still_says_how_many_fake_jokers_were_forfeited() -> None:
    forfeited = sr.FakeJokersForfeited(1, sr.parse_cards("~4♣ ~8♥"))
    line = describe_event(sr.redact(forfeited, 0), ["ann", "bob", "cy"])
    assert "forfeits 2 fake jokers" in line


def test_redact_hides_the_face_of_a_face_down_fake_joker_played_out_of_turn() -> None:
    state = sr.setup(hands=["5♠ 9♠", "6♦ 9♦", "7♣ 10♣ 8♥"], fake_jokers=["", "", "~4♣"])
    state, _ = play_through(state, sr.Play(0, "5♠"))
    _, events = play_through(state, sr.Play(2, "~4♣", face_down=True))
    waiting = one(events, sr.OutOfTurnPlay)
    assert waiting == sr.OutOfTurnPlay(2, sr.parse_cards("~4♣"), face_down=True)
    assert sr.redact(waiting, 2) == waiting
    assert sr.redact(waiting, 0) == sr.OutOfTurnPlay(2, (), face_down=True)
    line = describe_event(sr.redact(waiting, 0), ["ann", "bob", "cy"])
    assert line == "cy plays a fake joker face-down OUT OF TURN (judged on their turn)"


def test_redact_hides_the_face_of_a_face_down_fake_joker_whose_out_of_turn_play_lapsed() -> None:
    state = sr.setup(hands=["5♠ 9♠ 3♠", "6♦ 9♦ 3♦", "7♣ 10♣ 3♣"], fake_jokers=["", "~4♣", ""])
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Play(1, "6♦"), sr.Pass(2))
    state, _ = play_through(state, sr.Play(1, "~4♣", face_down=True))
    _, events = play_through(state, sr.Pass(0))
    lapsed = one(events, sr.OutOfTurnPlayLapsed)
    assert lapsed == sr.OutOfTurnPlayLapsed(1, sr.parse_cards("~4♣"), face_down=True)
    assert sr.redact(lapsed, 0) == sr.OutOfTurnPlayLapsed(1, (), face_down=True)
    assert sr.redact(lapsed, 1) == lapsed


def test_redact_hides_the_face_of_a_face_down_fake_joker_from_other_seats() -> None:
    state = sr.setup(hands=["5♠ 9♠ 9♦", "6♦ 7♣ 8♣", "8♥ 9♣ 10♣"], fake_jokers=["", "~4♣", ""])
    state, _ = play_through(state, sr.Play(0, "5♠"))
    _, events = play_through(state, sr.Play(1, "~4♣", face_down=True))
    played = one(events, sr.Played)
    assert played == sr.Played(1, sr.parse_cards("~4♣"), "a face-down fake joker", True)
    assert sr.redact(played, 1) == played
    seen_by_0 = sr.redact(played, 0)
    assert isinstance(seen_by_0, sr.Played)
    assert sr.parse_card("~4♣") not in seen_by_0.cards
