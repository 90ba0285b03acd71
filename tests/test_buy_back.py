"""Seed 000, "Buy Back" (rulings T10, T11 in docs/rulings.md).

"If a player who has passed during a trick wishes to re-enter into play of that trick, they must
'buy back' by picking up additional cards. They must first announce 'buy back X' ..., play the hand
they wish to play, then pick up the additional cards from the deck." "The number of additional cards
they must pick up is a global counter shared by all players on the table and follows the Fibonacci
sequence (1, 1, 2, 3, 5, 8, ..., and so on). The count resets at the beginning of each round. It is a
misplay to buy back for an incorrect number of cards." "Once a player has bought back into a trick,
they may continue to play on their subsequent turns within this trick without buying back until they
pass again." "If the number of cards in a player's hand reaches or exceeds 20, they instantly lose
the round."

Ruling T11: the counter advances only on buy-backs that stand; a misplayed buy-back draws nothing;
when the deck runs out the discards are shuffled (from the state's seed) into a new deck, and if
still short the draw takes what there is.
"""

from __future__ import annotations

from typing import Any

import pytest

import spite_rules as sr
from tests.helpers import first_misplay, misplay_rules, moves, of_type, play_through

DECK = "2♠ 3♥ 4♦ 5♣ 6♠ 7♥ 8♦ 9♣ 10♠ J♥ Q♦ K♣ A♠"


def passed_position(buy_back_step: int = 0, deck: str = DECK, **options: Any) -> sr.State:
    """Seat 0 led 9♠, seat 1 passed, seat 2 played 10♠, seat 0 passed: seat 1 to act, passed."""
    state = sr.setup(
        hands=["9♠ 2♣ 3♣", "5♦ J♦ Q♦ 2♥", "10♠ K♠ 3♣"],
        deck=deck,
        buy_back_step=buy_back_step,
        **options,
    )
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Pass(1), sr.Play(2, "10♠"), sr.Pass(0))
    assert state.to_act == 1 and 1 in state.trick.passed
    return state


@pytest.mark.rule("buy-back.fibonacci")
def test_fibonacci_buy_back_counts_1_1_2_3_5_8() -> None:
    assert [sr.fibonacci_buy_back(step) for step in range(6)] == [1, 1, 2, 3, 5, 8]


@pytest.mark.rule("buy-back.fibonacci")
@pytest.mark.parametrize(("step", "count"), [(0, 1), (1, 1), (2, 2), (3, 3), (4, 5), (5, 8)])
def test_buy_back_due_follows_the_round_counter(step: int, count: int) -> None:
    state = passed_position(buy_back_step=step)
    assert sr.Play(1, "J♦", buy_back=count) in moves(state)


@pytest.mark.rule("buy-back.draw-after-play", "buy-back.required")
def test_passed_seat_buys_back_and_draws_after_the_play() -> None:
    state = passed_position(buy_back_step=2)
    state, events = sr.apply(state, sr.Play(1, "J♦", buy_back=2))
    assert isinstance(events[0], sr.Played)
    assert sr.BoughtBack(1, 2, sr.parse_cards("2♠ 3♥")) in events
    assert misplay_rules(events) == []
    assert sorted(map(str, state.hands[1])) == sorted(["5♦", "Q♦", "2♥", "2♠", "3♥"])
    assert state.deck == sr.parse_cards("4♦ 5♣ 6♠ 7♥ 8♦ 9♣ 10♠ J♥ Q♦ K♣ A♠")


@pytest.mark.rule("buy-back.counter-resets", "buy-back.fibonacci")
def test_buy_back_counter_advances_after_a_buy_back_that_stands() -> None:
    state = passed_position(buy_back_step=3)
    state, _ = sr.apply(state, sr.Play(1, "J♦", buy_back=3))
    assert state.buy_back_step == 4


@pytest.mark.rule("buy-back.fibonacci")
def test_second_buy_back_of_the_round_uses_the_next_count() -> None:
    state = passed_position(buy_back_step=2)
    state, _ = play_through(state, sr.Play(1, "J♦", buy_back=2), sr.Pass(2))
    assert state.to_act == 0 and 0 in state.trick.passed
    assert moves(state) == {sr.Pass(0), sr.Play(0, "2♣", buy_back=3)}


@pytest.mark.rule("buy-back.count")
def test_buy_back_with_the_wrong_count_is_a_misplay() -> None:
    state = passed_position(buy_back_step=2)
    _, events = sr.apply(state, sr.Play(1, "J♦", buy_back=1))
    assert first_misplay(events).rule == "buy-back.count"


@pytest.mark.rule("buy-back.required")
def test_passed_seat_playing_without_buying_back_is_a_misplay() -> None:
    state = passed_position()
    _, events = sr.apply(state, sr.Play(1, "J♦"))
    assert first_misplay(events).rule == "buy-back.required"


@pytest.mark.rule("buy-back.count")
def test_buy_back_announced_without_having_passed_is_a_misplay() -> None:
    state = sr.setup(hands=["9♠ 2♣", "J♦ 2♥", "10♠ 2♣"], deck=DECK)
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    _, events = sr.apply(state, sr.Play(1, "J♦", buy_back=1))
    assert first_misplay(events).rule == "buy-back.count"


@pytest.mark.rule("buy-back.counter-resets", "buy-back.draw-after-play", "misplays.buy-back-cards")
def test_misplayed_buy_back_draws_nothing_and_leaves_the_counter() -> None:
    state = passed_position(buy_back_step=2)
    after, events = sr.apply(state, sr.Play(1, "J♦", buy_back=5))
    assert of_type(events, sr.BoughtBack) == []
    assert after.buy_back_step == 2
    assert after.deck == state.deck
    assert after.hands[1] == state.hands[1]


@pytest.mark.rule("buy-back.draw-after-play", "buy-back.counter-resets")
def test_buy_back_with_the_right_count_but_a_losing_hand_draws_nothing() -> None:
    state = passed_position(buy_back_step=2)
    after, events = sr.apply(state, sr.Play(1, "5♦", buy_back=2))
    assert first_misplay(events).rule == "trick.follow.strictly-better"
    assert of_type(events, sr.BoughtBack) == []
    assert (after.buy_back_step, after.deck) == (2, state.deck)


@pytest.mark.rule("buy-back.continue")
def test_bought_back_seat_keeps_playing_without_buying_back_again() -> None:
    state = passed_position()
    state, _ = play_through(
        state, sr.Play(1, "J♦", buy_back=1), sr.Play(2, "K♠"), sr.Pass(0)
    )
    assert state.to_act == 1 and 1 not in state.trick.passed
    assert sr.Play(1, "2♥") in moves(state)
    state, events = sr.apply(state, sr.Play(1, "2♥"))
    assert misplay_rules(events) == []
    assert of_type(events, sr.BoughtBack) == []


@pytest.mark.rule("buy-back.count", "buy-back.continue")
def test_bought_back_seat_announcing_buy_back_again_is_a_misplay() -> None:
    state = passed_position()
    state, _ = play_through(
        state, sr.Play(1, "J♦", buy_back=1), sr.Play(2, "K♠"), sr.Pass(0)
    )
    _, events = sr.apply(state, sr.Play(1, "2♥", buy_back=1))
    assert first_misplay(events).rule == "buy-back.count"


@pytest.mark.rule("buy-back.continue", "buy-back.required")
def test_bought_back_seat_must_buy_back_again_after_passing_again() -> None:
    state = sr.setup(hands=["9♠ 2♣ 3♣", "5♦ J♦ Q♦ 🃏", "10♠ 2♠ 3♣", "A♠ 3♣"], deck=DECK)
    state, _ = play_through(
        state,
        sr.Play(0, "9♠"), sr.Pass(1), sr.Play(2, "10♠"), sr.Pass(3), sr.Pass(0),
        sr.Play(1, "Q♦", buy_back=1), sr.Pass(2), sr.Play(3, "A♠", buy_back=1), sr.Pass(0),
        sr.Pass(1), sr.Play(2, "2♠", buy_back=2), sr.Pass(3), sr.Pass(0),
    )  # fmt: skip
    assert state.to_act == 1 and 1 in state.trick.passed
    _, events = sr.apply(state, sr.Play(1, "🃏"))
    assert first_misplay(events).rule == "buy-back.required"
    assert moves(state) == {sr.Pass(1), sr.Play(1, "🃏", buy_back=3)}


@pytest.mark.rule("buy-back.twenty-cards")
def test_buy_back_reaching_twenty_cards_is_an_instant_loss() -> None:
    hand = "J♦ 3♦ 3♥ 4♦ 4♥ 5♦ 5♥ 6♦ 6♥ 8♦ 8♥ 9♦ 9♥ 10♦ 10♥ 11♦ 11♥ 12♦"  # 18 cards
    state = sr.setup(
        hands=["9♠ 2♣ 3♣", hand, "10♠ 2♣ 3♣", "3♠ 4♠"], deck=DECK, buy_back_step=3
    )
    state, _ = play_through(
        state, sr.Play(0, "9♠"), sr.Pass(1), sr.Play(2, "10♠"), sr.Pass(3), sr.Pass(0)
    )
    state, events = sr.apply(state, sr.Play(1, "J♦", buy_back=3))
    assert len(state.hands[1]) == 20
    losses = [event for event in events if isinstance(event, sr.InstantLoss)]
    assert [(loss.player, loss.rule) for loss in losses] == [(1, "buy-back.twenty-cards")]
    assert not state.in_round(1)


@pytest.mark.rule("buy-back.twenty-cards")
def test_buy_back_to_nineteen_cards_is_no_loss() -> None:
    hand = "J♦ 3♦ 3♥ 4♦ 4♥ 5♦ 5♥ 6♦ 6♥ 8♦ 8♥ 9♦ 9♥ 10♦ 10♥ 11♦ 11♥ 12♦"  # 18 cards
    state = sr.setup(
        hands=["9♠ 2♣ 3♣", hand, "10♠ 2♣ 3♣", "3♠ 4♠"], deck=DECK, buy_back_step=2
    )
    state, _ = play_through(
        state, sr.Play(0, "9♠"), sr.Pass(1), sr.Play(2, "10♠"), sr.Pass(3), sr.Pass(0)
    )
    state, events = sr.apply(state, sr.Play(1, "J♦", buy_back=2))
    assert len(state.hands[1]) == 19
    assert of_type(events, sr.InstantLoss) == []


@pytest.mark.rule("buy-back.draw-after-play")
def test_buy_back_past_the_deck_reshuffles_the_discards() -> None:
    state = passed_position(buy_back_step=2, deck="2♠", discard="3♥ 4♦ 5♣ 6♠", seed=7)
    after, events = sr.apply(state, sr.Play(1, "J♦", buy_back=2))
    (bought,) = [event for event in events if isinstance(event, sr.BoughtBack)]
    assert bought.cards[0] == sr.parse_card("2♠")
    assert len(bought.cards) == 2
    assert bought.cards[1] in sr.parse_cards("3♥ 4♦ 5♣ 6♠")
    assert after.discard == ()
    assert sorted(map(str, after.deck + bought.cards[1:])) == sorted(["3♥", "4♦", "5♣", "6♠"])


@pytest.mark.rule("buy-back.draw-after-play")
def test_buy_back_reshuffle_is_deterministic_from_the_seed() -> None:
    state = passed_position(buy_back_step=4, deck="2♠", discard="3♥ 4♦ 5♣ 6♠ 7♥ 8♦ 9♣ 10♠", seed=7)
    first = sr.apply(state, sr.Play(1, "J♦", buy_back=5))
    again = sr.apply(state, sr.Play(1, "J♦", buy_back=5))
    assert first == again


@pytest.mark.rule("buy-back.draw-after-play")
def test_buy_back_with_deck_and_discards_exhausted_draws_what_there_is() -> None:
    state = passed_position(buy_back_step=3, deck="2♠", discard="3♥")
    after, events = sr.apply(state, sr.Play(1, "J♦", buy_back=3))
    assert sr.BoughtBack(1, 3, sr.parse_cards("2♠ 3♥")) in events
    assert (after.deck, after.discard) == ((), ())
    assert after.buy_back_step == 4
