"""Seed 000, "Game Direction" (rulings T12, T13 in docs/rulings.md).

"Each round starts in the higher direction. When a player plays a hand of natural 7s (e.g. a single
7, a pair of 7s, etc., without any 13s), the player may choose to change the direction by verbally
announcing 'higher' or 'lower'." "If a player chooses to announce a direction, it must be the
opposite of the current direction. It is a misplay to announce the same direction as what is
currently in play." "A player may play a 7 (or a hand of natural 7s with the same arity) on top of a
7 (or a hand of natural 7s), which will immediately reverse the direction, regardless of whether a
direction change was made by the previous hand of 7s. It is a misplay to make any announcement
regarding direction in this case." "If a hand consisting solely of natural 3s is played while the
game is going lower, the direction 'bounces' back to higher."

Ruling T12: 7 on 7 stands whatever its similarity, not while a consec is in force (draft 001: "and
conseq/suited are not in force"); 7s in poker hands neither change direction nor may announce, and
the 3 bounce likewise needs a hand of natural 3s. A joker hand of five or more natural 7s (3s) is a
hand of natural 7s (3s): it may announce (it bounces), it reverses on as many natural 7s, and its
joker-hand effect is that of the direction its play leaves in force. Ruling T13: the direction
persists across tricks within a round.
"""

from __future__ import annotations

import pytest

import spite_rules as sr
from spite_rules import Direction
from tests.helpers import first_misplay, misplay_rules, moves, of_type, play_through

FILLER = "9♠ 9♦ 10♣ J♥ Q♠"


@pytest.mark.rule("direction.start-higher")
def test_round_starts_in_the_higher_direction() -> None:
    assert sr.setup(hands=[FILLER, FILLER, FILLER]).direction is Direction.HIGHER


# -- announcing with natural 7s -----------------------------------------------------------------


@pytest.mark.rule("direction.sevens", "direction.announce-opposite")
def test_sevens_single_7_announcing_lower_changes_direction() -> None:
    state = sr.setup(hands=["7♠ 2♣", FILLER, FILLER])
    state, events = sr.apply(state, sr.Play(0, "7♠", direction="lower"))
    assert sr.DirectionChanged(Direction.LOWER, "sevens") in events
    assert state.direction is Direction.LOWER


@pytest.mark.rule("direction.sevens", "direction.announce-opposite")
def test_sevens_pair_of_7s_announcing_higher_while_lower_changes_direction() -> None:
    state = sr.setup(hands=["7♠ 7♦ 2♣", FILLER, FILLER], direction="lower")
    state, events = sr.apply(state, sr.Play(0, "7♠ 7♦", direction="higher"))
    assert sr.DirectionChanged(Direction.HIGHER, "sevens") in events
    assert state.direction is Direction.HIGHER


@pytest.mark.rule("direction.sevens")
def test_sevens_without_announcement_leave_the_direction_unchanged() -> None:
    state = sr.setup(hands=["7♠ 2♣", FILLER, FILLER])
    state, events = sr.apply(state, sr.Play(0, "7♠"))
    assert of_type(events, sr.DirectionChanged) == []
    assert state.direction is Direction.HIGHER


@pytest.mark.rule("direction.announce-opposite")
def test_sevens_announcing_the_current_direction_is_a_misplay() -> None:
    state = sr.setup(hands=["7♠ 2♣", FILLER, FILLER])
    state, events = sr.apply(state, sr.Play(0, "7♠", direction="higher"))
    assert first_misplay(events).rule == "direction.announce-opposite"
    assert state.direction is Direction.HIGHER


@pytest.mark.rule("direction.sevens")
def test_sevens_announcing_with_a_hand_that_is_not_7s_is_a_misplay() -> None:
    state = sr.setup(hands=["8♠ 2♣", FILLER, FILLER])
    _, events = sr.apply(state, sr.Play(0, "8♠", direction="lower"))
    assert first_misplay(events).rule == "direction.sevens"


@pytest.mark.rule("direction.sevens")
def test_sevens_with_a_13_are_not_natural_and_may_not_announce() -> None:
    state = sr.setup(hands=["7♠ 13♥ 2♣", FILLER, FILLER])
    _, events = sr.apply(state, sr.Play(0, "7♠ 13♥", direction="lower"))
    assert first_misplay(events).rule == "direction.sevens"


@pytest.mark.rule("direction.sevens")
def test_sevens_in_a_poker_hand_may_not_announce() -> None:
    state = sr.setup(hands=["3♠ 4♦ 5♣ 6♥ 7♠ 2♣", FILLER, FILLER])
    _, events = sr.apply(state, sr.Play(0, "3♠ 4♦ 5♣ 6♥ 7♠", direction="lower"))
    assert first_misplay(events).rule == "direction.sevens"


FIVE_7S = "7♠ 7♠ 7♦ 7♣ 7♥"


@pytest.mark.rule("direction.sevens", "direction.announce-opposite")
@pytest.mark.parametrize("ruleset", ["000", "2023-07"])
def test_sevens_joker_hand_of_five_7s_may_announce_lower(ruleset: str) -> None:
    # The July 2023 revision leaves "Game Direction" and "Joker Hands" as seed 000 has them.
    state = sr.setup(hands=["9♠ 2♣", FIVE_7S + " 2♣", FILLER], rules=ruleset)
    state, events = play_through(state, sr.Play(0, "9♠"), sr.Play(1, FIVE_7S, direction="lower"))
    assert misplay_rules(events) == []
    assert sr.DirectionChanged(Direction.LOWER, "sevens") in events
    assert state.direction is Direction.LOWER


@pytest.mark.rule("direction.sevens", "joker-hands.lower-reset")
def test_sevens_joker_hand_of_five_7s_announcing_lower_resets_the_ranking() -> None:
    # Announced "lower", the five 7s are a joker hand going lower: any single may follow them.
    state = sr.setup(hands=["9♠ 2♣", FIVE_7S + " 2♣", "3♦ 2♦ 5♣"])
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Play(1, FIVE_7S, direction="lower"))
    assert state.trick.beat is None
    assert moves(state) >= {sr.Play(2, "2♦"), sr.Play(2, "3♦")}
    state, events = sr.apply(state, sr.Play(2, "2♦"))
    assert misplay_rules(events) == []


@pytest.mark.rule("direction.sevens", "joker-hands.beaten-by-higher-jokers")
def test_sevens_joker_hand_of_five_7s_announcing_higher_while_lower_is_beaten_only_by_higher_jokers() -> None:
    state = sr.setup(hands=["9♠ 2♣", FIVE_7S + " 2♣", "3♦ 2♦ 8♣ 8♣ 8♦ 8♥ 8♠"], direction="lower")
    state, events = play_through(state, sr.Play(0, "9♠"), sr.Play(1, FIVE_7S, direction="higher"))
    assert sr.DirectionChanged(Direction.HIGHER, "sevens") in events
    assert moves(state) == {sr.Pass(2), sr.Play(2, "8♣ 8♣ 8♦ 8♥ 8♠")}
    _, events = sr.apply(state, sr.Play(2, "2♦"))
    assert first_misplay(events).rule == "joker-hands.beaten-by-higher-jokers"


@pytest.mark.rule("direction.sevens", "direction.announce-opposite")
def test_sevens_joker_hand_of_five_7s_announcing_the_current_direction_is_a_misplay() -> None:
    state = sr.setup(hands=[FIVE_7S + " 2♣", FILLER, FILLER])
    _, events = sr.apply(state, sr.Play(0, FIVE_7S, direction="higher"))
    assert first_misplay(events).rule == "direction.announce-opposite"


@pytest.mark.rule("direction.sevens", "joker-hands.lead-lower-open")
def test_sevens_joker_hand_of_five_7s_led_announcing_lower_leaves_the_arity_open() -> None:
    state = sr.setup(hands=[FIVE_7S + " 2♣", "4♦ 4♣ 9♠", FILLER])
    state, _ = sr.apply(state, sr.Play(0, FIVE_7S, direction="lower"))
    assert (state.direction, state.trick.arity, state.trick.beat) == (Direction.LOWER, None, None)
    state, events = sr.apply(state, sr.Play(1, "4♦ 4♣"))
    assert misplay_rules(events) == [] and state.trick.arity == 2


@pytest.mark.rule("direction.sevens")
def test_sevens_legal_moves_offer_a_joker_hand_of_five_7s_announcing_the_opposite() -> None:
    state = sr.setup(hands=["9♠ 2♣", FIVE_7S + " 2♣", FILLER])
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    assert {sr.Play(1, FIVE_7S), sr.Play(1, FIVE_7S, direction="lower")} <= moves(state)


@pytest.mark.rule("direction.sevens", "direction.announce-opposite")
def test_sevens_legal_moves_offer_the_plain_7_and_the_7_announcing_the_opposite() -> None:
    state = sr.setup(hands=["5♠ 2♣", "7♦ 3♣", FILLER])
    state, _ = sr.apply(state, sr.Play(0, "5♠"))
    assert moves(state) == {
        sr.Pass(1),
        sr.Play(1, "7♦"),
        sr.Play(1, "7♦", direction="lower"),
    }


@pytest.mark.rule("direction.sevens", "direction.announce-opposite")
def test_sevens_legal_moves_offer_higher_while_lower() -> None:
    state = sr.setup(hands=["9♠ 2♣", "7♦ 10♣", FILLER], direction="lower")
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    assert moves(state) == {
        sr.Pass(1),
        sr.Play(1, "7♦"),
        sr.Play(1, "7♦", direction="higher"),
    }


# -- 7 on 7 -------------------------------------------------------------------------------------


@pytest.mark.rule("direction.seven-on-seven")
def test_seven_on_seven_reverses_the_direction() -> None:
    state = sr.setup(hands=["7♠ 2♣", "7♦ 2♣", FILLER])
    state, events = play_through(state, sr.Play(0, "7♠"), sr.Play(1, "7♦"))
    assert misplay_rules(events) == []
    assert sr.DirectionChanged(Direction.LOWER, "seven-on-seven") in events
    assert state.direction is Direction.LOWER


@pytest.mark.rule("direction.seven-on-seven")
def test_seven_on_seven_reverses_after_an_announced_change() -> None:
    state = sr.setup(hands=["7♠ 2♣", "7♦ 2♣", FILLER])
    state, events = play_through(
        state, sr.Play(0, "7♠", direction="lower"), sr.Play(1, "7♦")
    )
    assert events[-1] == sr.DirectionChanged(Direction.HIGHER, "seven-on-seven")
    assert state.direction is Direction.HIGHER


@pytest.mark.rule("direction.seven-on-seven")
def test_seven_on_seven_stands_with_a_worse_similarity() -> None:
    state = sr.setup(hands=["7♠ 7♠ 2♣", "7♥ 7♣ 2♣", FILLER])
    state, events = play_through(state, sr.Play(0, "7♠ 7♠"), sr.Play(1, "7♥ 7♣"))
    assert misplay_rules(events) == []
    assert sr.DirectionChanged(Direction.LOWER, "seven-on-seven") in events


@pytest.mark.rule("direction.seven-on-seven")
def test_seven_on_seven_with_an_announcement_is_a_misplay() -> None:
    state = sr.setup(hands=["7♠ 2♣", "7♦ 2♣", FILLER])
    state, _ = sr.apply(state, sr.Play(0, "7♠"))
    state, events = sr.apply(state, sr.Play(1, "7♦", direction="lower"))
    assert first_misplay(events).rule == "direction.seven-on-seven"
    assert state.direction is Direction.HIGHER


@pytest.mark.rule("direction.seven-on-seven")
def test_seven_on_seven_legal_moves_offer_the_7_only_without_announcement() -> None:
    state = sr.setup(hands=["7♠ 2♣", "7♦ 3♣", FILLER])
    state, _ = sr.apply(state, sr.Play(0, "7♠"))
    assert moves(state) == {sr.Pass(1), sr.Play(1, "7♦")}


@pytest.mark.rule("direction.seven-on-seven", "trick.follow.arity")
def test_seven_on_seven_needs_the_same_arity() -> None:
    state = sr.setup(hands=["7♠ 2♣", "7♦ 7♣ 2♣", FILLER])
    state, _ = sr.apply(state, sr.Play(0, "7♠"))
    _, events = sr.apply(state, sr.Play(1, "7♦ 7♣"))
    assert first_misplay(events).rule == "trick.follow.arity"


@pytest.mark.rule("direction.seven-on-seven", "trick.follow.strictly-better")
def test_seven_on_seven_with_a_13_is_ranked_normally() -> None:
    state = sr.setup(hands=["7♠ 7♦ 2♣", "7♣ 13♥ 2♣", FILLER])
    state, _ = sr.apply(state, sr.Play(0, "7♠ 7♦"))
    _, events = sr.apply(state, sr.Play(1, "7♣ 13♥"))
    assert first_misplay(events).rule == "trick.follow.strictly-better"


@pytest.mark.rule("direction.seven-on-seven")
def test_seven_on_seven_under_a_suited_consec_is_not_a_reversal() -> None:
    state = sr.setup(hands=["3♠ 2♣", "4♠ 2♣", "7♠ 2♣", "7♠ 2♣"])
    state, events = play_through(state, sr.Play(0, "3♠"), sr.Play(1, "4♠"), sr.Play(2, "7♠"))
    assert sr.ConsecInForce in {type(event) for event in events}
    state, events = sr.apply(state, sr.Play(3, "7♠"))
    assert first_misplay(events).rule == "trick.follow.strictly-better"
    assert state.direction is Direction.HIGHER


@pytest.mark.rule("direction.seven-on-seven", "consec.numerical")
def test_seven_on_seven_under_a_numerical_consec_is_not_a_reversal() -> None:
    state = sr.setup(hands=["5♠ 2♣", "6♦ 2♣", "7♣ 2♣", "7♥ 2♣"])
    state, _ = play_through(state, sr.Play(0, "5♠"), sr.Play(1, "6♦"), sr.Play(2, "7♣"))
    state, events = sr.apply(state, sr.Play(3, "7♥"))
    assert first_misplay(events).rule == "consec.numerical"
    assert state.direction is Direction.HIGHER


@pytest.mark.rule("direction.seven-on-seven", "joker-hands.higher-beats-all")
def test_seven_on_seven_joker_hand_of_7s_on_a_7_does_not_reverse() -> None:
    state = sr.setup(hands=["7♠ 2♣", "7♠ 7♠ 7♦ 7♣ 7♥ 2♣", FILLER])
    state, events = play_through(state, sr.Play(0, "7♠"), sr.Play(1, "7♠ 7♠ 7♦ 7♣ 7♥"))
    assert misplay_rules(events) == []
    assert of_type(events, sr.DirectionChanged) == []
    assert state.direction is Direction.HIGHER


@pytest.mark.rule("direction.seven-on-seven")
def test_seven_on_seven_five_7s_on_five_7s_reverse_the_direction() -> None:
    # Equal joker hands do not beat each other, but natural 7s on as many natural 7s stand.
    state = sr.setup(hands=[FIVE_7S + " 2♣", "7♠ 7♦ 7♦ 7♣ 7♥ 2♣", FILLER])
    state, events = play_through(state, sr.Play(0, FIVE_7S), sr.Play(1, "7♠ 7♦ 7♦ 7♣ 7♥"))
    assert misplay_rules(events) == []
    assert sr.DirectionChanged(Direction.LOWER, "seven-on-seven") in events
    assert state.direction is Direction.LOWER and state.trick.beat is None


@pytest.mark.rule("direction.seven-on-seven")
def test_seven_on_seven_five_7s_on_five_7s_with_an_announcement_is_a_misplay() -> None:
    state = sr.setup(hands=[FIVE_7S + " 2♣", "7♠ 7♦ 7♦ 7♣ 7♥ 2♣", FILLER])
    state, _ = sr.apply(state, sr.Play(0, FIVE_7S))
    _, events = sr.apply(state, sr.Play(1, "7♠ 7♦ 7♦ 7♣ 7♥", direction="lower"))
    assert first_misplay(events).rule == "direction.seven-on-seven"


@pytest.mark.rule("direction.seven-on-seven", "joker-hands.beaten-by-higher-jokers")
def test_seven_on_seven_single_7_on_five_7s_while_higher_is_no_reversal() -> None:
    state = sr.setup(hands=["9♠ 2♣", FIVE_7S + " 2♣", "7♦ 3♣"])
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Play(1, FIVE_7S))
    _, events = sr.apply(state, sr.Play(2, "7♦"))
    assert first_misplay(events).rule == "joker-hands.beaten-by-higher-jokers"


@pytest.mark.rule("direction.seven-on-seven", "direction.sevens")
def test_seven_on_seven_six_7s_on_five_7s_are_a_higher_joker_hand_that_may_announce() -> None:
    state = sr.setup(hands=[FIVE_7S + " 2♣", "7♠ 7♠ 7♦ 7♦ 7♣ 7♥ 2♣", FILLER])
    state, _ = sr.apply(state, sr.Play(0, FIVE_7S))
    state, events = sr.apply(state, sr.Play(1, "7♠ 7♠ 7♦ 7♦ 7♣ 7♥", direction="lower"))
    assert misplay_rules(events) == []
    assert sr.DirectionChanged(Direction.LOWER, "sevens") in events


# -- the 3 bounce -------------------------------------------------------------------------------


@pytest.mark.rule("direction.bounce")
def test_bounce_single_3_while_lower_turns_higher() -> None:
    state = sr.setup(hands=["9♠ 2♣", "3♦ 2♣", FILLER], direction="lower")
    state, events = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "3♦"))
    assert sr.DirectionChanged(Direction.HIGHER, "bounce") in events
    assert state.direction is Direction.HIGHER


@pytest.mark.rule("direction.bounce")
def test_bounce_pair_of_3s_led_while_lower_turns_higher() -> None:
    state = sr.setup(hands=["3♠ 3♦ 2♣", FILLER, FILLER], direction="lower")
    state, events = sr.apply(state, sr.Play(0, "3♠ 3♦"))
    assert events[-1] == sr.DirectionChanged(Direction.HIGHER, "bounce")


@pytest.mark.rule("direction.bounce")
def test_bounce_3s_with_a_13_do_not_bounce() -> None:
    state = sr.setup(hands=["3♠ 13♥ 2♣", FILLER, FILLER], direction="lower")
    state, events = sr.apply(state, sr.Play(0, "3♠ 13♥"))
    assert of_type(events, sr.DirectionChanged) == []
    assert state.direction is Direction.LOWER


@pytest.mark.rule("direction.bounce")
@pytest.mark.parametrize("ruleset", ["000", "2023-07"])
def test_bounce_joker_hand_of_five_3s_while_lower_turns_higher(ruleset: str) -> None:
    state = sr.setup(
        hands=["9♠ 2♣", "3♠ 3♠ 3♦ 3♣ 3♥ 2♣", FILLER], direction="lower", rules=ruleset
    )
    state, events = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "3♠ 3♠ 3♦ 3♣ 3♥"))
    assert misplay_rules(events) == []
    assert sr.DirectionChanged(Direction.HIGHER, "bounce") in events
    assert state.direction is Direction.HIGHER


@pytest.mark.rule("direction.bounce", "joker-hands.beaten-by-higher-jokers")
def test_bounce_joker_hand_of_five_3s_is_then_beaten_only_by_higher_jokers() -> None:
    state = sr.setup(
        hands=["9♠ 2♣", "3♠ 3♠ 3♦ 3♣ 3♥ 2♣", "2♦ 4♣ 4♣ 4♦ 4♥ 4♠"], direction="lower"
    )
    state, _ = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "3♠ 3♠ 3♦ 3♣ 3♥"))
    assert moves(state) == {sr.Pass(2), sr.Play(2, "4♣ 4♣ 4♦ 4♥ 4♠")}


@pytest.mark.rule("direction.bounce")
def test_bounce_straight_holding_a_3_does_not_bounce() -> None:
    state = sr.setup(hands=["3♠ 4♦ 5♣ 6♥ 7♠ 2♣", FILLER, FILLER], direction="lower")
    state, events = sr.apply(state, sr.Play(0, "3♠ 4♦ 5♣ 6♥ 7♠"))
    assert of_type(events, sr.DirectionChanged) == []
    assert state.direction is Direction.LOWER


@pytest.mark.rule("direction.bounce")
def test_bounce_3_while_higher_changes_nothing() -> None:
    state = sr.setup(hands=["3♠ 2♣", FILLER, FILLER])
    state, events = sr.apply(state, sr.Play(0, "3♠"))
    assert of_type(events, sr.DirectionChanged) == []
    assert state.direction is Direction.HIGHER


# -- lower, and across tricks -------------------------------------------------------------------


@pytest.mark.rule("direction.start-higher", "trick.follow.strictly-better")
def test_lower_direction_follow_must_be_strictly_lower() -> None:
    state = sr.setup(hands=["9♠ 2♣", "8♦ 2♣", FILLER], direction="lower")
    state, events = play_through(state, sr.Play(0, "9♠"), sr.Play(1, "8♦"))
    assert misplay_rules(events) == []


@pytest.mark.rule("direction.start-higher", "trick.follow.strictly-better")
def test_lower_direction_higher_follow_is_a_misplay() -> None:
    state = sr.setup(hands=["9♠ 2♣", "10♦ 2♣", FILLER], direction="lower")
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    _, events = sr.apply(state, sr.Play(1, "10♦"))
    assert first_misplay(events).rule == "trick.follow.strictly-better"


@pytest.mark.rule("direction.start-higher", "trick.follow.strictly-better")
def test_lower_direction_equal_follow_is_a_misplay() -> None:
    state = sr.setup(hands=["9♠ 2♣", "9♦ 2♣", FILLER], direction="lower")
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    _, events = sr.apply(state, sr.Play(1, "9♦"))
    assert first_misplay(events).rule == "trick.follow.strictly-better"


@pytest.mark.rule("direction.start-higher", "trick.follow.strictly-better")
def test_lower_direction_legal_moves_offer_only_lower_hands() -> None:
    state = sr.setup(hands=["9♠ 2♣", "8♦ 9♦ 10♣ 4♥", FILLER], direction="lower")
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    assert moves(state) == {sr.Pass(1), sr.Play(1, "8♦"), sr.Play(1, "4♥")}


@pytest.mark.rule("direction.persists")
def test_direction_persists_across_tricks() -> None:
    state = sr.setup(hands=["7♠ 9♠ 2♣", FILLER, FILLER])
    state, events = play_through(
        state, sr.Play(0, "7♠", direction="lower"), sr.Pass(1), sr.Pass(2)
    )
    assert events[-1] == sr.TrickWon(0, 0)
    assert state.direction is Direction.LOWER


@pytest.mark.rule("direction.persists")
def test_direction_persisting_lower_next_trick_follows_lower() -> None:
    state = sr.setup(hands=["7♠ 9♠ 2♣", "8♦ 10♦ 2♣", FILLER])
    state, _ = play_through(
        state, sr.Play(0, "7♠", direction="lower"), sr.Pass(1), sr.Pass(2), sr.Play(0, "9♠")
    )
    assert moves(state) == {sr.Pass(1), sr.Play(1, "8♦")}


@pytest.mark.rule("direction.persists", "direction.seven-on-seven")
def test_direction_7_led_after_a_trick_won_with_a_7_is_no_seven_on_seven() -> None:
    state = sr.setup(hands=["7♠ 7♣ 2♣", FILLER, FILLER])
    state, _ = play_through(state, sr.Play(0, "7♠"), sr.Pass(1), sr.Pass(2))
    state, events = sr.apply(state, sr.Play(0, "7♣"))
    assert of_type(events, sr.DirectionChanged) == []
    assert state.direction is Direction.HIGHER
