"""Seed 000, "Consecutives", "Numerical Consec", "Suited Consec" (rulings T14-T17 in docs/rulings.md).

"During a trick, when the last 3 hands that were played form certain patterns, a consecutive
restriction (a.k.a. 'consec') shall come into force. Consecs only apply to hands that consist of
cards of the same value (i.e. single cards, pairs, trips, quads, etc., without any 13s) and not to
poker hands. 13s and joker hands may not be played when any consec restriction is in force."

"Numerical consec occurs when three hands with an equal gap between their ranks have been played,
regardless of suit(s) ... if the last 3 hands played were 3♦, 4♣, 5♣, the next valid hand is a 6 (of
any suit). 13s are not part of the ranking when determining numerical consecutiveness, i.e. the card
ranked immediately after 12 is J. When numerical consec is in force, the trick may 'wrap around' ...
if the last three hands played were 11, Q, 2, the next valid hand is a 5". Going lower: "if the last
three hands played were 4, 3, 4, the next valid hand is a 5"; "8, 6, 4, the next valid hand is a 2".

"Suited consec occurs when three hands of the same suit(s) have been played. From this point, only
hands of the same suit(s) can be played. If the trick's arity is greater than 1, then suited consec
refers to hands with the same combinations of suits." "a 2 is the highest card during a
suited-but-not-numerical consec when the direction is higher. When a player plays the 2 (or 2s),
they must announce 'unbeatable', otherwise it is a misplay."

Draft 001: "if the play has been 8♣, 9♣, 10♣, then the next valid play must be an 11♣"; "if the
play has been pair-9s -> pair-11s -> pair-Js then the next play must be pair-Ks"; "if this play is
K -> A -> 2, then the next valid play is a 3."
"""

from __future__ import annotations

import pytest

import spite_rules as sr
from spite_rules import ConsecKind
from tests.helpers import first_misplay, misplay_rules, moves, play_through, plays

SPARE = "3♣"


def run_of(
    played: list[str],
    next_hand: str,
    direction: str = "higher",
    fake_jokers: list[str] | None = None,
) -> tuple[sr.State, tuple[sr.Event, ...]]:
    """Seats 0.. each play one hand of ``played`` (each also holds a spare 3♣ so nobody goes out);
    the seat after them holds ``next_hand`` and is to act."""
    hands = [f"{hand} {SPARE}" for hand in played] + [next_hand]
    while len(hands) < 3:
        hands.append("9♠ 9♦ 10♣ J♥ Q♠")
    state = sr.setup(hands=hands, direction=direction, fake_jokers=fake_jokers)
    state, events = play_through(
        state, *(sr.Play(seat, hand) for seat, hand in enumerate(played))
    )
    assert misplay_rules(events) == []
    assert state.to_act == len(played)
    return state, events


def consecs_formed(events: tuple[sr.Event, ...]) -> list[ConsecKind]:
    return [event.kind for event in events if isinstance(event, sr.ConsecInForce)]


# -- numerical consec: the seed's examples ------------------------------------------------------


@pytest.mark.rule("consec.numerical", "consec.eligible-hands")
def test_consec_numerical_3d_4c_5c_puts_a_numerical_consec_in_force() -> None:
    _, events = run_of(["3♦", "4♣", "5♣"], "6♠ 7♦ 5♦ 2♥")
    assert consecs_formed(events) == [ConsecKind.NUMERICAL]


@pytest.mark.rule("consec.numerical", "consec.no-13s-or-jokers")
def test_consec_numerical_3d_4c_5c_only_6s_follow() -> None:
    state, _ = run_of(["3♦", "4♣", "5♣"], "6♠ 6♥ 7♦ 5♦ 2♥ 13♥ 🃏")
    assert moves(state) == {sr.Pass(3), sr.Play(3, "6♠"), sr.Play(3, "6♥")}


@pytest.mark.rule("consec.numerical")
def test_consec_numerical_3d_4c_5c_a_7_is_a_misplay() -> None:
    state, _ = run_of(["3♦", "4♣", "5♣"], "6♠ 7♦")
    _, events = sr.apply(state, sr.Play(3, "7♦"))
    assert first_misplay(events).rule == "consec.numerical"


@pytest.mark.rule("consec.numerical.wrap")
def test_consec_numerical_wraps_11_Q_2_to_5() -> None:
    state, events = run_of(["11♠", "Q♦", "2♣"], "5♠ 4♦ 6♥ 5♦ 2♥ A♠")
    assert consecs_formed(events) == [ConsecKind.NUMERICAL]
    assert moves(state) == {sr.Pass(3), sr.Play(3, "5♠"), sr.Play(3, "5♦")}


@pytest.mark.rule("consec.numerical.wrap")
def test_consec_numerical_wrapped_5_stands_below_the_2() -> None:
    state, _ = run_of(["11♠", "Q♦", "2♣"], "5♠ 4♦")
    _, events = sr.apply(state, sr.Play(3, "5♠"))
    assert misplay_rules(events) == []


@pytest.mark.rule("consec.numerical.wrap")
def test_consec_numerical_wraps_K_A_2_to_3() -> None:
    state, _ = run_of(["K♠", "A♦", "2♣"], "3♠ 4♦ 2♥")
    assert moves(state) == {sr.Pass(3), sr.Play(3, "3♠")}


@pytest.mark.rule("consec.numerical.skip-13")
def test_consec_numerical_skips_13_10_11_12_to_J() -> None:
    state, _ = run_of(["10♠", "11♦", "12♣"], "J♠ 13♥ Q♦ 13♦")
    assert moves(state) == {sr.Pass(3), sr.Play(3, "J♠")}


@pytest.mark.rule("consec.numerical", "consec.numerical.skip-13")
def test_consec_numerical_pairs_9s_11s_Js_to_Ks() -> None:
    state, events = run_of(["9♠ 9♦", "11♣ 11♥", "J♠ J♦"], "K♠ K♦ Q♠ Q♦ A♠ A♦")
    assert consecs_formed(events) == [ConsecKind.NUMERICAL]
    assert moves(state) == {sr.Pass(3), sr.Play(3, "K♠ K♦")}


@pytest.mark.rule("consec.numerical.lower-bounce", "direction.bounce")
def test_consec_numerical_lower_4_3_4_to_5() -> None:
    state, events = run_of(["4♠", "3♦", "4♣"], "5♠ 6♦ 3♥", direction="lower")
    assert sr.DirectionChanged(sr.Direction.HIGHER, "bounce") in events
    assert consecs_formed(events) == [ConsecKind.NUMERICAL]
    assert moves(state) == {sr.Pass(3), sr.Play(3, "5♠")}


@pytest.mark.rule("consec.numerical.lower-wrap")
def test_consec_numerical_lower_8_6_4_wraps_to_2() -> None:
    state, events = run_of(["8♠", "6♦", "4♣"], "2♠ 3♦ 5♥ A♠", direction="lower")
    assert consecs_formed(events) == [ConsecKind.NUMERICAL]
    assert moves(state) == {sr.Pass(3), sr.Play(3, "2♠")}


@pytest.mark.rule("consec.numerical.lower-wrap")
def test_consec_numerical_lower_8_6_4_then_the_2_stands() -> None:
    state, _ = run_of(["8♠", "6♦", "4♣"], "2♠ 3♦", direction="lower")
    state, events = sr.apply(state, sr.Play(3, "2♠"))
    assert misplay_rules(events) == []
    assert state.direction is sr.Direction.LOWER


@pytest.mark.rule("consec.numerical.lower-wrap", "direction.bounce")
def test_consec_numerical_lower_7_5_3_bounces_and_climbs_to_5() -> None:
    state, events = run_of(["7♠", "5♦", "3♣"], "5♠ A♦ 2♥", direction="lower")
    assert sr.DirectionChanged(sr.Direction.HIGHER, "bounce") in events
    assert state.direction is sr.Direction.HIGHER
    assert moves(state) == {sr.Pass(3), sr.Play(3, "5♠")}


@pytest.mark.rule("consec.numerical.lower-wrap", "direction.bounce")
def test_consec_numerical_lower_9_7_5_to_3_bounces_under_the_consec() -> None:
    state, _ = run_of(["9♠", "7♦", "5♣"], "3♠ 4♦", direction="lower")
    assert moves(state) == {sr.Pass(3), sr.Play(3, "3♠")}
    state, events = sr.apply(state, sr.Play(3, "3♠"))
    assert events[-1] == sr.DirectionChanged(sr.Direction.HIGHER, "bounce")


@pytest.mark.rule("consec.numerical")
def test_consec_numerical_continues_past_the_fourth_hand() -> None:
    state, _ = run_of(["3♦", "4♣", "5♣", "6♠"], "7♦ 8♦ 6♥")
    assert moves(state) == {sr.Pass(4), sr.Play(4, "7♦"), sr.Play(4, "7♦", direction="lower")}


@pytest.mark.rule("consec.numerical", "direction.sevens")
def test_consec_numerical_7_announcing_lower_turns_the_run_back() -> None:
    """Ruling T14: the next value is the last moved by the step in the direction now in force."""
    state = sr.setup(hands=["5♠ 3♣", "6♦ 3♣", "7♣ 3♣", "6♠ 8♠ 5♦"])
    state, events = play_through(
        state, sr.Play(0, "5♠"), sr.Play(1, "6♦"), sr.Play(2, "7♣", direction="lower")
    )
    assert consecs_formed(events) == [ConsecKind.NUMERICAL]
    assert moves(state) == {sr.Pass(3), sr.Play(3, "6♠")}


@pytest.mark.rule("consec.numerical")
def test_consec_numerical_gap_of_zero_is_no_consec() -> None:
    state, events = run_of(["9♠ 9♦", "9♥ 9♦", "9♠ 9♠"], "10♠ 13♥ 🃏 3♦")
    assert consecs_formed(events) == []
    assert moves(state) == {sr.Pass(3), sr.Play(3, "10♠ 13♥"), sr.Play(3, "🃏")}


@pytest.mark.rule("consec.numerical")
def test_consec_numerical_needs_equal_gaps() -> None:
    _, events = run_of(["3♦", "4♣", "6♣"], "8♠")
    assert consecs_formed(events) == []


@pytest.mark.rule("consec.eligible-hands")
def test_consec_hand_with_a_13_breaks_the_run() -> None:
    state, events = run_of(["5♠ 5♦", "6♠ 13♥", "7♠ 7♦"], "8♠ 8♦ 9♠ 9♦")
    assert consecs_formed(events) == []
    assert moves(state) == {sr.Pass(3), sr.Play(3, "8♠ 8♦"), sr.Play(3, "9♠ 9♦")}


@pytest.mark.rule("consec.eligible-hands")
def test_consec_single_13_breaks_the_run() -> None:
    _, events = run_of(["3♦", "4♣", "13♥", "J♠", "Q♦"], "K♠")
    assert consecs_formed(events) == []


@pytest.mark.rule("consec.eligible-hands")
def test_consec_hands_before_a_13_do_not_count() -> None:
    _, events = run_of(["3♦", "4♣", "13♥", "J♠", "Q♦", "K♣"], "A♠")
    assert consecs_formed(events) == [ConsecKind.NUMERICAL]


@pytest.mark.rule("consec.eligible-hands")
def test_consec_poker_hands_take_no_part() -> None:
    _, events = run_of(
        ["3♦ 4♣ 5♣ 6♠ 7♦", "4♦ 5♣ 6♣ 7♠ 8♦", "5♦ 6♣ 7♣ 8♠ 9♦"], "2♠ 2♦ 2♣ 2♥ A♠"
    )
    assert consecs_formed(events) == []


@pytest.mark.rule("consec.eligible-hands", "joker-hands.lower-reset")
def test_consec_joker_reset_while_lower_clears_the_run() -> None:
    state, events = run_of(["10♠", "9♦", "🃏", "8♣"], "5♠ 3♦ 7♦", direction="lower")
    assert consecs_formed(events) == []
    assert plays(state) == {sr.Play(4, "5♠"), sr.Play(4, "3♦"), sr.Play(4, "7♦"),
                            sr.Play(4, "7♦", direction="higher")}  # fmt: skip


@pytest.mark.rule("consec.eligible-hands", "fake-jokers.face-down")
def test_consec_face_down_fake_joker_reset_clears_the_run() -> None:
    hands = ["10♠ 3♣", "9♦ 3♣", "2♣", "8♣ 3♣", "5♠ 6♦ 3♦"]
    state = sr.setup(hands=hands, direction="lower", fake_jokers=["", "", "~Q♦", "", ""])
    state, events = play_through(
        state,
        sr.Play(0, "10♠"),
        sr.Play(1, "9♦"),
        sr.Play(2, "~Q♦", face_down=True),
        sr.Play(3, "8♣"),
    )
    assert misplay_rules(events) == []
    assert consecs_formed(events) == []
    assert plays(state) == {sr.Play(4, "5♠"), sr.Play(4, "6♦"), sr.Play(4, "3♦")}


@pytest.mark.rule("consec.eligible-hands")
def test_consec_joker_while_higher_breaks_the_run() -> None:
    _, events = run_of(["3♦", "4♣", "🃏", "🃏"], "5♠")
    assert consecs_formed(events) == []


# -- under a consec: 13s and jokers -------------------------------------------------------------


@pytest.mark.rule("consec.no-13s-or-jokers")
def test_consec_13s_are_forbidden_under_a_numerical_consec() -> None:
    state, _ = run_of(["3♦ 3♠", "4♣ 4♠", "5♣ 5♠"], "6♠ 13♥")
    _, events = sr.apply(state, sr.Play(3, "6♠ 13♥"))
    assert first_misplay(events).rule == "consec.no-13s-or-jokers"


@pytest.mark.rule("consec.no-13s-or-jokers")
def test_consec_natural_joker_is_forbidden_under_a_suited_consec() -> None:
    state, _ = run_of(["3♠", "5♠", "9♠"], "🃏 J♠")
    _, events = sr.apply(state, sr.Play(3, "🃏"))
    assert first_misplay(events).rule == "consec.no-13s-or-jokers"


@pytest.mark.rule("consec.no-13s-or-jokers")
def test_consec_single_13_is_forbidden_under_a_suited_consec() -> None:
    state, _ = run_of(["3♥", "5♥", "9♥"], "13♥ J♥")
    _, events = sr.apply(state, sr.Play(3, "13♥"))
    assert first_misplay(events).rule == "consec.no-13s-or-jokers"


# -- suited consec ------------------------------------------------------------------------------


@pytest.mark.rule("consec.suited")
def test_consec_suited_three_spades_put_a_suited_consec_in_force() -> None:
    _, events = run_of(["3♠", "5♠", "9♠"], "J♠")
    assert consecs_formed(events) == [ConsecKind.SUITED]


@pytest.mark.rule("consec.suited")
def test_consec_suited_only_the_suit_follows() -> None:
    state, _ = run_of(["3♠", "5♠", "9♠"], "J♠ Q♦ K♥ A♣ 10♠")
    assert moves(state) == {sr.Pass(3), sr.Play(3, "J♠"), sr.Play(3, "10♠")}


@pytest.mark.rule("consec.suited")
def test_consec_suited_another_suit_is_a_misplay() -> None:
    state, _ = run_of(["3♠", "5♠", "9♠"], "Q♦")
    _, events = sr.apply(state, sr.Play(3, "Q♦"))
    assert first_misplay(events).rule == "consec.suited"


@pytest.mark.rule("consec.suited", "trick.follow.strictly-better")
def test_consec_suited_only_still_requires_strictly_better() -> None:
    state, _ = run_of(["3♠", "5♠", "9♠"], "4♠ 2♥")
    _, events = sr.apply(state, sr.Play(3, "4♠"))
    assert first_misplay(events).rule == "trick.follow.strictly-better"


@pytest.mark.rule("consec.suited.combination")
def test_consec_suited_pairs_compare_the_suit_combination() -> None:
    state, events = run_of(
        ["4♦ 4♣", "8♣ 8♦", "9♦ 9♣"], "Q♦ Q♣ Q♥ Q♣ K♠ K♣ A♦ A♦"
    )
    assert consecs_formed(events) == [ConsecKind.SUITED]
    assert plays(state) == {sr.Play(3, "Q♦ Q♣")}


@pytest.mark.rule("consec.suited.combination")
def test_consec_suited_pairs_with_another_combination_is_a_misplay() -> None:
    state, _ = run_of(["4♦ 4♣", "8♣ 8♦", "9♦ 9♣"], "Q♥ Q♣")
    _, events = sr.apply(state, sr.Play(3, "Q♥ Q♣"))
    assert first_misplay(events).rule == "consec.suited"


@pytest.mark.rule("consec.suited.combination")
def test_consec_suited_pairs_of_one_suit_are_a_different_combination() -> None:
    state, _ = run_of(["4♦ 4♣", "8♣ 8♦", "9♦ 9♣"], "Q♦ Q♦")
    _, events = sr.apply(state, sr.Play(3, "Q♦ Q♦"))
    assert first_misplay(events).rule == "consec.suited"


@pytest.mark.rule("consec.both")
def test_consec_both_8c_9c_10c_to_only_11c() -> None:
    state, events = run_of(["8♣", "9♣", "10♣"], "11♣ 11♦ J♣ 11♣ 12♣")
    assert sorted(consecs_formed(events), key=lambda kind: kind.value) == [
        ConsecKind.NUMERICAL, ConsecKind.SUITED,
    ]  # fmt: skip
    assert moves(state) == {sr.Pass(3), sr.Play(3, "11♣")}


@pytest.mark.rule("consec.both", "consec.suited")
def test_consec_both_wrong_suit_is_a_suited_misplay() -> None:
    state, _ = run_of(["8♣", "9♣", "10♣"], "11♦")
    _, events = sr.apply(state, sr.Play(3, "11♦"))
    assert first_misplay(events).rule == "consec.suited"


@pytest.mark.rule("consec.both", "consec.numerical")
def test_consec_both_wrong_value_is_a_numerical_misplay() -> None:
    state, _ = run_of(["8♣", "9♣", "10♣"], "12♣")
    _, events = sr.apply(state, sr.Play(3, "12♣"))
    assert first_misplay(events).rule == "consec.numerical"


@pytest.mark.rule("consec.both")
def test_consec_numerical_pattern_emerging_under_a_suited_consec_adds_it() -> None:
    state, events = run_of(["3♠", "4♠", "6♠", "8♠"], "10♠ 9♠ J♠")
    assert consecs_formed(events) == [ConsecKind.SUITED, ConsecKind.NUMERICAL]
    assert moves(state) == {sr.Pass(4), sr.Play(4, "10♠")}


@pytest.mark.rule("consec.both")
def test_consec_suited_pattern_emerging_under_a_numerical_consec_adds_it() -> None:
    state, events = run_of(["3♦", "4♣", "5♣", "6♣"], "7♣ 7♦ 8♣")
    assert consecs_formed(events) == [ConsecKind.NUMERICAL, ConsecKind.SUITED]
    assert moves(state) == {
        sr.Pass(4), sr.Play(4, "7♣"), sr.Play(4, "7♣", direction="lower"),
    }  # fmt: skip


@pytest.mark.rule("consec.eligible-hands", "fake-jokers.lead-open")
def test_consec_face_up_fake_joker_lead_is_not_part_of_a_run() -> None:
    state, events = run_of(["~4♣", "5♦", "6♠"], "8♠ 7♦", fake_jokers=["~4♣", "", "", ""])
    assert consecs_formed(events) == []
    assert sr.Play(3, "8♠") in moves(state)


# -- "unbeatable" -------------------------------------------------------------------------------


@pytest.mark.rule("consec.suited.unbeatable")
def test_consec_suited_unbeatable_2_without_announcement_is_a_misplay() -> None:
    state, _ = run_of(["4♠", "8♠", "J♠"], "2♠")
    _, events = sr.apply(state, sr.Play(3, "2♠"))
    assert first_misplay(events).rule == "consec.suited.unbeatable"


@pytest.mark.rule("consec.suited.unbeatable")
def test_consec_suited_unbeatable_2_announced_stands() -> None:
    state, _ = run_of(["4♠", "8♠", "J♠"], "2♠ 3♠")
    _, events = sr.apply(state, sr.Play(3, "2♠", unbeatable=True))
    assert misplay_rules(events) == []


@pytest.mark.rule("consec.suited.unbeatable", "trick.follow.strictly-better")
def test_consec_suited_unbeatable_2_is_not_beaten_by_another_copy_of_it() -> None:
    hands = ["4♠ 3♣", "8♠ 3♣", "J♠ 3♣", "2♠ 3♣", "2♠ A♠"]
    state = sr.setup(hands=hands)
    state, _ = play_through(
        state, sr.Play(0, "4♠"), sr.Play(1, "8♠"), sr.Play(2, "J♠"), sr.Play(3, "2♠", unbeatable=True)
    )
    assert moves(state) == {sr.Pass(4)}
    _, events = sr.apply(state, sr.Play(4, "2♠", unbeatable=True))
    assert first_misplay(events).rule == "trick.follow.strictly-better"


@pytest.mark.rule("consec.suited.unbeatable")
def test_consec_suited_unbeatable_legal_moves_offer_the_2_only_announced() -> None:
    state, _ = run_of(["4♠", "8♠", "J♠"], "2♠ A♠ 2♦")
    assert moves(state) == {
        sr.Pass(3),
        sr.Play(3, "A♠"),
        sr.Play(3, "2♠", unbeatable=True),
    }


@pytest.mark.rule("consec.suited.unbeatable")
def test_consec_suited_unbeatable_announced_with_an_ace_is_a_misplay() -> None:
    state, _ = run_of(["4♠", "8♠", "J♠"], "A♠")
    _, events = sr.apply(state, sr.Play(3, "A♠", unbeatable=True))
    assert first_misplay(events).rule == "consec.suited.unbeatable"


@pytest.mark.rule("consec.suited.unbeatable")
def test_consec_suited_unbeatable_announced_without_a_consec_is_a_misplay() -> None:
    state = sr.setup(hands=["2♠ 3♣", "9♠ 9♦", "9♠ 9♦"])
    _, events = sr.apply(state, sr.Play(0, "2♠", unbeatable=True))
    assert first_misplay(events).rule == "consec.suited.unbeatable"


@pytest.mark.rule("consec.suited.unbeatable")
def test_consec_suited_unbeatable_pair_of_2s_must_announce() -> None:
    state, _ = run_of(["4♦ 4♣", "8♣ 8♦", "9♦ 9♣"], "2♦ 2♣")
    _, events = sr.apply(state, sr.Play(3, "2♦ 2♣"))
    assert first_misplay(events).rule == "consec.suited.unbeatable"
    assert plays(state) == {sr.Play(3, "2♦ 2♣", unbeatable=True)}


@pytest.mark.rule("consec.suited.unbeatable")
def test_consec_suited_unbeatable_2_that_forms_the_suited_consec_must_announce() -> None:
    state, _ = run_of(["4♠", "9♠"], "2♠ 3♣")
    _, events = sr.apply(state, sr.Play(2, "2♠"))
    assert first_misplay(events).rule == "consec.suited.unbeatable"
    assert sr.Play(2, "2♠", unbeatable=True) in moves(state)


@pytest.mark.rule("consec.suited.unbeatable")
def test_consec_suited_unbeatable_not_announced_when_the_2_also_forms_a_numerical_consec() -> None:
    state, _ = run_of(["K♠", "A♠"], "2♠ 3♣")
    assert sr.Play(2, "2♠") in moves(state)
    _, events = sr.apply(state, sr.Play(2, "2♠", unbeatable=True))
    assert first_misplay(events).rule == "consec.suited.unbeatable"


@pytest.mark.rule("consec.suited.unbeatable")
def test_consec_suited_unbeatable_not_announced_under_a_numerical_consec() -> None:
    state, events = run_of(["Q♠", "K♠", "A♠"], "2♠ 3♠")
    assert set(consecs_formed(events)) == {ConsecKind.NUMERICAL, ConsecKind.SUITED}
    assert moves(state) == {sr.Pass(3), sr.Play(3, "2♠")}


@pytest.mark.rule("consec.suited.unbeatable")
def test_consec_suited_unbeatable_not_announced_while_lower() -> None:
    state, events = run_of(["2♠", "J♠", "8♠"], "4♠ 2♠", direction="lower")
    assert consecs_formed(events) == [ConsecKind.SUITED]
    assert moves(state) == {sr.Pass(3), sr.Play(3, "4♠")}
