"""Seed 000, "Joker Hands": joker hands in a trick (rulings T14, T15 in docs/rulings.md).

"Joker hands can be played without following the arity of the trick when there are no consecutives
in force. A natural joker is the lowest ranked joker hand. It can beat any non-joker hand and other
natural jokers." "If a joker hand is played during a trick (except when leading): When the game
direction is higher, joker hands can beat any non-joker hands, and can only be beaten by higher
joker hands. When the direction is lower, joker hands reset the ranking in play such that any valid
hand that follows the trick's arity may be played on top of it. If a joker hand is lead: When the
direction is higher, joker hands are the highest ranked hands and can only be beaten by higher
jokers. When the direction is lower, the arity of the trick is indeterminate. The next player may
play any valid hand, and that hand shall determine the arity of the trick." Seed 000,
"Consecutives": "13s and joker hands may not be played when any consec restriction is in force."
"""

from __future__ import annotations

import pytest

import spite_rules as sr
from tests.helpers import first_misplay, misplay_rules, moves, of_type, play_through, plays

FILLER = "9♠ 9♦ 10♣ J♥ Q♠"


# -- while higher -------------------------------------------------------------------------------


@pytest.mark.rule("joker-hands.arity", "joker-hands.higher-beats-all")
def test_joker_hands_natural_joker_beats_a_pair_of_2s_ignoring_arity() -> None:
    state = sr.setup(hands=["2♠ 2♦ 3♣", "🃏 3♣", FILLER])
    state, events = play_through(state, sr.Play(0, "2♠ 2♦"), sr.Play(1, "🃏"))
    assert misplay_rules(events) == []
    assert state.trick.last_player == 1


@pytest.mark.rule("joker-hands.arity", "joker-hands.higher-beats-all", "joker-hands.five-of-a-kind")
def test_joker_hands_five_9s_beat_a_poker_hand_ignoring_arity() -> None:
    state = sr.setup(hands=["J♠ Q♦ K♣ A♥ 2♠ 3♣", "9♠ 9♠ 9♦ 9♣ 9♥ 3♣", FILLER])
    _, events = play_through(
        state, sr.Play(0, "J♠ Q♦ K♣ A♥ 2♠"), sr.Play(1, "9♠ 9♠ 9♦ 9♣ 9♥")
    )
    assert misplay_rules(events) == []


@pytest.mark.rule("joker-hands.lead-higher", "joker-hands.beaten-by-higher-jokers")
def test_joker_hands_non_joker_on_a_joker_while_higher_is_a_misplay() -> None:
    state = sr.setup(hands=["🃏 3♣", "2♠ 3♣", FILLER])
    state, _ = sr.apply(state, sr.Play(0, "🃏"))
    _, events = sr.apply(state, sr.Play(1, "2♠"))
    assert first_misplay(events).rule == "joker-hands.beaten-by-higher-jokers"


@pytest.mark.rule("joker-hands.beaten-by-higher-jokers")
def test_joker_hands_non_joker_on_a_followed_joker_while_higher_is_a_misplay() -> None:
    state = sr.setup(hands=["5♠ 3♣", "🃏 3♣", "2♠ 3♣"])
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Play(1, "🃏"))
    _, events = sr.apply(state, sr.Play(2, "2♠"))
    assert first_misplay(events).rule == "joker-hands.beaten-by-higher-jokers"


@pytest.mark.rule("joker-hands.natural-joker")
def test_joker_hands_natural_joker_beats_a_natural_joker() -> None:
    state = sr.setup(hands=["🃏 3♣", "🃏 3♣", FILLER])
    _, events = play_through(state, sr.Play(0, "🃏"), sr.Play(1, "🃏"))
    assert misplay_rules(events) == []


@pytest.mark.rule("joker-hands.five-of-a-kind", "joker-hands.lead-higher")
def test_joker_hands_five_3s_beat_a_natural_joker() -> None:
    state = sr.setup(hands=["🃏 4♣", "3♠ 3♠ 3♦ 3♣ 3♥ 4♣", FILLER])
    _, events = play_through(state, sr.Play(0, "🃏"), sr.Play(1, "3♠ 3♠ 3♦ 3♣ 3♥"))
    assert misplay_rules(events) == []


@pytest.mark.rule("joker-hands.beaten-by-higher-jokers", "joker-hands.natural-joker")
def test_joker_hands_natural_joker_on_five_3s_is_beaten_by_higher_jokers() -> None:
    state = sr.setup(hands=["3♠ 3♠ 3♦ 3♣ 3♥ 4♣", "🃏 4♣", FILLER])
    state, _ = sr.apply(state, sr.Play(0, "3♠ 3♠ 3♦ 3♣ 3♥"))
    _, events = sr.apply(state, sr.Play(1, "🃏"))
    assert first_misplay(events).rule == "joker-hands.beaten-by-higher-jokers"


@pytest.mark.rule("joker-hands.five-of-a-kind")
def test_joker_hands_five_4s_beat_five_3s() -> None:
    state = sr.setup(hands=["3♠ 3♠ 3♦ 3♣ 3♥ 5♣", "4♠ 4♠ 4♦ 4♣ 4♥ 5♣", FILLER])
    _, events = play_through(
        state, sr.Play(0, "3♠ 3♠ 3♦ 3♣ 3♥"), sr.Play(1, "4♠ 4♠ 4♦ 4♣ 4♥")
    )
    assert misplay_rules(events) == []


@pytest.mark.rule("joker-hands.five-of-a-kind", "joker-hands.beaten-by-higher-jokers")
def test_joker_hands_five_3s_on_five_4s_is_a_misplay() -> None:
    state = sr.setup(hands=["4♠ 4♠ 4♦ 4♣ 4♥ 5♣", "3♠ 3♠ 3♦ 3♣ 3♥ 5♣", FILLER])
    state, _ = sr.apply(state, sr.Play(0, "4♠ 4♠ 4♦ 4♣ 4♥"))
    _, events = sr.apply(state, sr.Play(1, "3♠ 3♠ 3♦ 3♣ 3♥"))
    assert first_misplay(events).rule == "joker-hands.beaten-by-higher-jokers"


@pytest.mark.rule("joker-hands.five-of-a-kind", "joker-hands.beaten-by-higher-jokers")
def test_joker_hands_equal_joker_hands_of_five_do_not_beat_each_other() -> None:
    state = sr.setup(hands=["4♠ 4♠ 4♦ 4♣ 4♥ 5♣", "4♠ 4♦ 4♣ 4♥ 4♥ 5♣", FILLER])
    state, _ = sr.apply(state, sr.Play(0, "4♠ 4♠ 4♦ 4♣ 4♥"))
    _, events = sr.apply(state, sr.Play(1, "4♠ 4♦ 4♣ 4♥ 4♥"))
    assert first_misplay(events).rule == "joker-hands.beaten-by-higher-jokers"


@pytest.mark.rule("joker-hands.five-of-a-kind")
def test_joker_hands_six_3s_beat_five_2s() -> None:
    state = sr.setup(
        hands=["2♠ 2♠ 2♦ 2♣ 2♥ 5♣", "3♠ 3♠ 3♦ 3♦ 3♣ 3♥ 5♣", FILLER]
    )
    _, events = play_through(
        state, sr.Play(0, "2♠ 2♠ 2♦ 2♣ 2♥"), sr.Play(1, "3♠ 3♠ 3♦ 3♦ 3♣ 3♥")
    )
    assert misplay_rules(events) == []


@pytest.mark.rule("joker-hands.lead-higher", "joker-hands.natural-joker")
def test_joker_hands_legal_moves_after_a_joker_while_higher_are_higher_jokers_only() -> None:
    state = sr.setup(hands=["🃏 4♣", "🃏 2♠ 2♦ 5♠ 5♠ 5♦ 5♣ 5♥", FILLER])
    state, _ = sr.apply(state, sr.Play(0, "🃏"))
    assert moves(state) == {
        sr.Pass(1),
        sr.Play(1, "🃏"),
        sr.Play(1, "5♠ 5♠ 5♦ 5♣ 5♥"),
    }


@pytest.mark.rule("joker-hands.arity")
def test_joker_hands_legal_moves_include_jokers_whatever_the_arity() -> None:
    state = sr.setup(hands=["8♠ 8♦ 4♣", "🃏 9♠ 9♦ 3♣", FILLER])
    state, _ = sr.apply(state, sr.Play(0, "8♠ 8♦"))
    assert moves(state) == {sr.Pass(1), sr.Play(1, "🃏"), sr.Play(1, "9♠ 9♦")}


# -- while lower --------------------------------------------------------------------------------


@pytest.mark.rule("joker-hands.lower-reset")
def test_joker_hands_while_lower_reset_so_any_hand_of_the_arity_follows() -> None:
    state = sr.setup(hands=["5♠ 5♦ 4♣", "🃏 4♣", "2♠ 2♦ 4♣"], direction="lower")
    state, events = play_through(
        state, sr.Play(0, "5♠ 5♦"), sr.Play(1, "🃏"), sr.Play(2, "2♠ 2♦")
    )
    assert misplay_rules(events) == []


@pytest.mark.rule("joker-hands.lower-reset", "trick.follow.arity")
def test_joker_hands_while_lower_reset_keeps_the_arity() -> None:
    state = sr.setup(hands=["5♠ 5♦ 4♣", "🃏 4♣", "2♠ 2♦ 4♣"], direction="lower")
    state, _ = play_through(state, sr.Play(0, "5♠ 5♦"), sr.Play(1, "🃏"))
    _, events = sr.apply(state, sr.Play(2, "2♠"))
    assert first_misplay(events).rule == "trick.follow.arity"


@pytest.mark.rule("joker-hands.lower-reset")
def test_joker_hands_while_lower_legal_moves_after_the_reset_are_the_arity() -> None:
    state = sr.setup(hands=["5♠ 5♦ 4♣", "🃏 4♣", "2♠ 2♦ 9♣"], direction="lower")
    state, _ = play_through(state, sr.Play(0, "5♠ 5♦"), sr.Play(1, "🃏"))
    assert moves(state) == {sr.Pass(2), sr.Play(2, "2♠ 2♦")}


@pytest.mark.rule("joker-hands.lower-reset")
def test_joker_hands_while_lower_a_joker_follows_a_joker() -> None:
    state = sr.setup(hands=["5♠ 4♣", "🃏 4♣", "3♠ 3♠ 3♦ 3♣ 3♥ 4♣"], direction="lower")
    _, events = play_through(
        state, sr.Play(0, "5♠"), sr.Play(1, "🃏"), sr.Play(2, "3♠ 3♠ 3♦ 3♣ 3♥")
    )
    assert misplay_rules(events) == []


@pytest.mark.rule("joker-hands.lead-lower-open")
def test_joker_hands_led_while_lower_leave_the_arity_open() -> None:
    state = sr.setup(hands=["🃏 4♣", "9♠ 9♦ 3♣", FILLER], direction="lower")
    state, _ = sr.apply(state, sr.Play(0, "🃏"))
    assert plays(state) == {
        sr.Play(1, "3♣"),
        sr.Play(1, "9♠"),
        sr.Play(1, "9♦"),
        sr.Play(1, "9♠ 9♦"),
    }


@pytest.mark.rule("joker-hands.lead-lower-open", "trick.follow.arity")
def test_joker_hands_led_while_lower_next_hand_sets_the_arity() -> None:
    state = sr.setup(hands=["🃏 4♣", "9♠ 9♦ 3♣", "8♠ 8♦ 5♠"], direction="lower")
    state, events = play_through(state, sr.Play(0, "🃏"), sr.Play(1, "9♠ 9♦"))
    assert misplay_rules(events) == []
    _, events = sr.apply(state, sr.Play(2, "5♠"))
    assert first_misplay(events).rule == "trick.follow.arity"


@pytest.mark.rule("joker-hands.lead-lower-open")
def test_joker_hands_led_while_lower_next_poker_hand_stands() -> None:
    state = sr.setup(hands=["🃏 4♣", "5♠ 6♦ 7♣ 8♥ 9♠ 3♣", FILLER], direction="lower")
    _, events = play_through(state, sr.Play(0, "🃏"), sr.Play(1, "5♠ 6♦ 7♣ 8♥ 9♠"))
    assert misplay_rules(events) == []


# -- under a consec -----------------------------------------------------------------------------


@pytest.mark.rule("consec.no-13s-or-jokers")
def test_joker_hands_under_a_consec_are_forbidden() -> None:
    state = sr.setup(hands=["3♦ 2♣", "4♣ 2♣", "5♣ 2♣", "🃏 2♣"])
    state, events = play_through(state, sr.Play(0, "3♦"), sr.Play(1, "4♣"), sr.Play(2, "5♣"))
    assert of_type(events, sr.ConsecInForce)
    _, events = sr.apply(state, sr.Play(3, "🃏"))
    assert first_misplay(events).rule == "consec.no-13s-or-jokers"


@pytest.mark.rule("consec.no-13s-or-jokers")
def test_joker_hands_of_five_under_a_consec_are_forbidden() -> None:
    state = sr.setup(hands=["3♦ 2♣", "4♣ 2♣", "5♣ 2♣", "6♠ 6♠ 6♦ 6♣ 6♥ 2♣"])
    state, _ = play_through(state, sr.Play(0, "3♦"), sr.Play(1, "4♣"), sr.Play(2, "5♣"))
    _, events = sr.apply(state, sr.Play(3, "6♠ 6♠ 6♦ 6♣ 6♥"))
    assert first_misplay(events).rule == "consec.no-13s-or-jokers"


@pytest.mark.rule("consec.no-13s-or-jokers")
def test_joker_hands_under_a_consec_are_not_offered() -> None:
    state = sr.setup(hands=["3♦ 2♣", "4♣ 2♣", "5♣ 2♣", "🃏 6♠ 2♣"])
    state, _ = play_through(state, sr.Play(0, "3♦"), sr.Play(1, "4♣"), sr.Play(2, "5♣"))
    assert moves(state) == {sr.Pass(3), sr.Play(3, "6♠")}
