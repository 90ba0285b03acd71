"""Seed 000, "Fake Jokers": fake jokers and earned cards in a trick (rulings T18, T19 in
docs/rulings.md).

"Fake jokers can be played either face-up or face-down. When played face-up, they will take on their
natural face value and can be used whenever that face value is valid. When played face-down during
a trick, they reset the ranking in play such that any valid hand that follows the trick's arity may
be played on top of it. When played face-up to lead a trick, the arity of the trick is
indeterminate, regardless of current game direction. The next player may play any valid hand, and
that hand determines the arity of the trick." "Once a fake joker has been played, it shall be
returned to the fake joker pile". Cards earned when the pile is exhausted "are also not part of the
player's regular hand, but can only be played face-up, and are not considered fake jokers for the
purpose of card ranking."
"""

from __future__ import annotations

from typing import Any

import pytest

import spite_rules as sr
from tests.helpers import first_misplay, misplay_rules, moves, of_type, play_through, plays

FILLER = "9♠ 9♦ 10♣ J♥ Q♠"


def with_fakes(hands: list[str], seat: int, fakes: str, **options: Any) -> sr.State:
    per_seat = [""] * len(hands)
    per_seat[seat] = fakes
    return sr.setup(hands=hands, fake_jokers=per_seat, **options)


# -- face-up ------------------------------------------------------------------------------------


@pytest.mark.rule("fake-jokers.face-up")
def test_fake_joker_face_up_follows_as_a_single_of_its_face_value() -> None:
    state = with_fakes(["3♠ 2♣", "2♣", "5♦ 2♣"], 1, "~4♣")
    state, events = play_through(state, sr.Play(0, "3♠"), sr.Play(1, "~4♣"))
    assert misplay_rules(events) == []
    assert events[-1] == sr.Played(1, sr.parse_cards("~4♣"), "single 4")


@pytest.mark.rule("fake-jokers.face-up")
def test_fake_joker_face_up_must_be_beaten_like_its_face_value() -> None:
    state = with_fakes(["3♠ 2♣", "2♣", "4♦ 5♦ 2♣"], 1, "~4♣")
    state, _ = play_through(state, sr.Play(0, "3♠"), sr.Play(1, "~4♣"))
    assert moves(state) == {sr.Pass(2), sr.Play(2, "5♦"), sr.Play(2, "2♣")}


@pytest.mark.rule("fake-jokers.face-up", "trick.follow.strictly-better")
def test_fake_joker_face_up_that_does_not_beat_the_hand_is_a_misplay() -> None:
    state = with_fakes(["9♠ 2♣", "2♣", FILLER], 1, "~4♣")
    state, _ = sr.apply(state, sr.Play(0, "9♠"))
    _, events = sr.apply(state, sr.Play(1, "~4♣"))
    assert first_misplay(events).rule == "trick.follow.strictly-better"


@pytest.mark.rule("fake-jokers.face-up", "trick.follow.arity")
def test_fake_joker_face_up_on_pairs_breaks_the_arity() -> None:
    state = with_fakes(["3♠ 3♦ 2♣", "2♣", FILLER], 1, "~Q♦")
    state, _ = sr.apply(state, sr.Play(0, "3♠ 3♦"))
    _, events = sr.apply(state, sr.Play(1, "~Q♦"))
    assert first_misplay(events).rule == "trick.follow.arity"


@pytest.mark.rule("fake-jokers.lead-open")
def test_fake_joker_face_up_lead_opens_the_arity() -> None:
    state = with_fakes(["2♣", "5♠ 5♦ 3♣", FILLER], 0, "~8♥")
    state, events = play_through(state, sr.Play(0, "~8♥"), sr.Play(1, "5♠ 5♦"))
    assert misplay_rules(events) == []


@pytest.mark.rule("fake-jokers.lead-open")
def test_fake_joker_face_up_lead_value_need_not_be_beaten() -> None:
    state = with_fakes(["2♣", "5♠ 3♣", FILLER], 0, "~8♥")
    state, events = play_through(state, sr.Play(0, "~8♥"), sr.Play(1, "3♣"))
    assert misplay_rules(events) == []


@pytest.mark.rule("fake-jokers.lead-open")
def test_fake_joker_face_up_lead_offers_any_valid_hand() -> None:
    state = with_fakes(["2♣", "5♠ 5♦ 3♣", FILLER], 0, "~8♥")
    state, _ = sr.apply(state, sr.Play(0, "~8♥"))
    assert plays(state) == {
        sr.Play(1, "3♣"),
        sr.Play(1, "5♠"),
        sr.Play(1, "5♦"),
        sr.Play(1, "5♠ 5♦"),
    }


@pytest.mark.rule("fake-jokers.lead-open")
def test_fake_joker_face_up_lead_next_hand_sets_the_arity() -> None:
    state = with_fakes(["2♣", "5♠ 5♦ 3♣", "9♠ 9♦ 2♠"], 0, "~8♥")
    state, _ = play_through(state, sr.Play(0, "~8♥"), sr.Play(1, "5♠ 5♦"))
    assert plays(state) == {sr.Play(2, "9♠ 9♦")}


@pytest.mark.rule("fake-jokers.lead-open")
def test_fake_joker_face_up_lead_while_lower_also_opens_the_arity() -> None:
    state = with_fakes(["2♣", "2♠ 2♦ 3♣", FILLER], 0, "~4♣", direction="lower")
    state, events = play_through(state, sr.Play(0, "~4♣"), sr.Play(1, "2♠ 2♦"))
    assert misplay_rules(events) == []


@pytest.mark.rule("fake-jokers.face-up", "consec.eligible-hands")
def test_fake_joker_face_up_counts_toward_a_consec_as_its_face_value() -> None:
    state = with_fakes(["3♦ 2♣", "2♣", "5♣ 2♣", "6♠ 7♠ 2♥"], 1, "~4♣")
    state, events = play_through(state, sr.Play(0, "3♦"), sr.Play(1, "~4♣"), sr.Play(2, "5♣"))
    assert [e.kind for e in events if isinstance(e, sr.ConsecInForce)] == [sr.ConsecKind.NUMERICAL]
    assert plays(state) == {sr.Play(3, "6♠")}


SEVEN_FAKES = sr.Rules(fake_jokers=sr.parse_cards("7♠ 4♣ 8♥ 10♠ Q♦"))


@pytest.mark.rule("fake-jokers.face-up", "direction.sevens")
def test_fake_joker_face_up_7_may_announce_the_direction() -> None:
    state = with_fakes(["5♠ 2♣", FILLER, FILLER], 0, "~7♠", rules=SEVEN_FAKES)
    state, events = sr.apply(state, sr.Play(0, "~7♠", direction="lower"))
    assert misplay_rules(events) == []
    assert sr.DirectionChanged(sr.Direction.LOWER, "sevens") in events


@pytest.mark.rule("fake-jokers.face-up", "direction.sevens")
def test_fake_joker_face_up_7_announcing_is_offered_by_legal_moves() -> None:
    state = with_fakes(["5♠ 2♣", FILLER, FILLER], 0, "~7♠", rules=SEVEN_FAKES)
    assert sr.Play(0, "~7♠", direction="lower") in moves(state)


@pytest.mark.rule("fake-jokers.face-up", "direction.seven-on-seven")
def test_fake_joker_face_up_7_on_a_7_reverses_the_direction() -> None:
    state = with_fakes(["7♦ 2♣", "2♣", FILLER], 1, "~7♠", rules=SEVEN_FAKES)
    state, events = play_through(state, sr.Play(0, "7♦"), sr.Play(1, "~7♠"))
    assert sr.DirectionChanged(sr.Direction.LOWER, "seven-on-seven") in events


# -- face-down ----------------------------------------------------------------------------------


@pytest.mark.rule("fake-jokers.face-down")
def test_fake_joker_face_down_resets_the_ranking() -> None:
    state = with_fakes(["2♠ 2♦ 4♣", "4♣", "3♠ 3♦ 4♣"], 1, "~Q♦")
    state, events = play_through(
        state,
        sr.Play(0, "2♠ 2♦"),
        sr.Play(1, "~Q♦", face_down=True),
        sr.Play(2, "3♠ 3♦"),
    )
    assert misplay_rules(events) == []
    assert sr.Played(1, sr.parse_cards("~Q♦"), "a face-down fake joker", True) in events


@pytest.mark.rule("fake-jokers.face-down", "trick.follow.arity")
def test_fake_joker_face_down_keeps_the_arity() -> None:
    state = with_fakes(["2♠ 2♦ 4♣", "4♣", "3♠ 3♦ 4♣"], 1, "~Q♦")
    state, _ = play_through(state, sr.Play(0, "2♠ 2♦"), sr.Play(1, "~Q♦", face_down=True))
    assert plays(state) == {sr.Play(2, "3♠ 3♦")}
    _, events = sr.apply(state, sr.Play(2, "4♣"))
    assert first_misplay(events).rule == "trick.follow.arity"


@pytest.mark.rule("fake-jokers.face-down")
def test_fake_joker_face_down_resets_a_joker_while_higher() -> None:
    state = with_fakes(["🃏 4♣", "4♣", "3♠ 4♣"], 1, "~Q♦")
    _, events = play_through(
        state, sr.Play(0, "🃏"), sr.Play(1, "~Q♦", face_down=True), sr.Play(2, "3♠")
    )
    assert misplay_rules(events) == []


@pytest.mark.rule("fake-jokers.face-down", "trick.lead")
def test_fake_joker_face_down_lead_leaves_the_arity_open() -> None:
    state = with_fakes(["2♣", "5♠ 5♦ 3♣", FILLER], 0, "~4♣")
    state, _ = sr.apply(state, sr.Play(0, "~4♣", face_down=True))
    assert plays(state) == {
        sr.Play(1, "3♣"),
        sr.Play(1, "5♠"),
        sr.Play(1, "5♦"),
        sr.Play(1, "5♠ 5♦"),
    }


@pytest.mark.rule("fake-jokers.face-down", "consec.no-13s-or-jokers")
def test_fake_joker_face_down_under_a_consec_is_forbidden() -> None:
    state = with_fakes(["3♦ 2♣", "4♣ 2♣", "5♣ 2♣", "6♠ 2♣"], 3, "~Q♦")
    state, _ = play_through(state, sr.Play(0, "3♦"), sr.Play(1, "4♣"), sr.Play(2, "5♣"))
    _, events = sr.apply(state, sr.Play(3, "~Q♦", face_down=True))
    assert first_misplay(events).rule == "consec.no-13s-or-jokers"


@pytest.mark.rule("fake-jokers.face-up", "consec.no-13s-or-jokers")
def test_fake_joker_face_up_under_a_consec_plays_its_face_value() -> None:
    state = with_fakes(["3♦ 2♣", "4♣ 2♣", "5♣ 2♣", "2♠"], 3, "~6♠ ~Q♦")
    state, _ = play_through(state, sr.Play(0, "3♦"), sr.Play(1, "4♣"), sr.Play(2, "5♣"))
    assert moves(state) == {sr.Pass(3), sr.Play(3, "~6♠")}


# -- played alone, face-down only when fake -----------------------------------------------------


@pytest.mark.rule("fake-jokers.alone")
def test_fake_joker_combined_with_a_regular_card_is_a_misplay() -> None:
    state = with_fakes(["4♦ 2♣", FILLER, FILLER], 0, "~4♣")
    _, events = sr.apply(state, sr.Play(0, "~4♣ 4♦"))
    assert first_misplay(events).rule == "fake-jokers.alone"


@pytest.mark.rule("fake-jokers.alone")
def test_fake_jokers_combined_with_each_other_is_a_misplay() -> None:
    state = with_fakes(["2♣", FILLER, FILLER], 0, "~4♣ ~4♣", fake_pile="")
    _, events = sr.apply(state, sr.Play(0, "~4♣ ~4♣"))
    assert first_misplay(events).rule == "fake-jokers.alone"


@pytest.mark.rule("fake-jokers.face-down")
def test_fake_jokers_regular_card_face_down_is_a_misplay() -> None:
    state = sr.setup(hands=["4♦ 2♣", FILLER, FILLER])
    _, events = sr.apply(state, sr.Play(0, "4♦", face_down=True))
    assert first_misplay(events).rule == "fake-jokers.face-down"


@pytest.mark.rule("fake-jokers.face-down", "fake-jokers.pile-empty")
def test_fake_jokers_earned_card_face_down_is_a_misplay() -> None:
    state = sr.setup(hands=["2♣", FILLER, FILLER], earned=["5♠", "", ""])
    _, events = sr.apply(state, sr.Play(0, "5♠", earned=True, face_down=True))
    assert first_misplay(events).rule == "fake-jokers.face-down"


@pytest.mark.rule("fake-jokers.return-to-pile")
def test_fake_jokers_played_return_to_the_fake_pile() -> None:
    state = with_fakes(["2♣", FILLER, FILLER], 0, "~4♣ ~Q♦")
    assert sr.parse_card("~4♣") not in state.fake_pile
    state, _ = sr.apply(state, sr.Play(0, "~4♣"))
    assert state.fake_jokers[0] == sr.parse_cards("~Q♦")
    assert sr.parse_card("~4♣") in state.fake_pile


@pytest.mark.rule("fake-jokers.return-to-pile")
def test_fake_jokers_played_face_down_return_to_the_fake_pile() -> None:
    state = with_fakes(["2♣", FILLER, FILLER], 0, "~Q♦")
    state, _ = sr.apply(state, sr.Play(0, "~Q♦", face_down=True))
    assert state.fake_jokers[0] == ()
    assert sr.parse_card("~Q♦") in state.fake_pile


@pytest.mark.rule("fake-jokers.return-to-pile", "trick.win")
def test_fake_jokers_are_not_discarded_with_the_trick() -> None:
    state = with_fakes(["2♣", FILLER, FILLER], 0, "~Q♦")
    state, events = play_through(state, sr.Play(0, "~Q♦"), sr.Pass(1), sr.Pass(2))
    assert of_type(events, sr.TrickWon)
    assert all(not card.fake for card in state.discard)
    assert sr.parse_card("~Q♦") in state.fake_pile


@pytest.mark.rule("fake-jokers.face-up", "fake-jokers.face-down")
def test_fake_jokers_legal_moves_offer_each_fake_face_up_and_face_down() -> None:
    state = with_fakes(["2♣", FILLER, FILLER], 0, "~4♣")
    assert moves(state) == {
        sr.Play(0, "2♣"),
        sr.Play(0, "~4♣"),
        sr.Play(0, "~4♣", face_down=True),
    }


# -- earned cards -------------------------------------------------------------------------------


@pytest.mark.rule("fake-jokers.pile-empty")
def test_earned_card_plays_face_up_as_an_ordinary_single() -> None:
    state = sr.setup(hands=["3♠ 2♣", "2♣", "5♦ 6♦ 2♣"], earned=["", "5♠", ""])
    state, events = play_through(state, sr.Play(0, "3♠"), sr.Play(1, "5♠", earned=True))
    assert misplay_rules(events) == []
    assert state.earned[1] == ()
    assert moves(state) == {sr.Pass(2), sr.Play(2, "6♦"), sr.Play(2, "2♣")}


@pytest.mark.rule("fake-jokers.pile-empty")
def test_earned_card_lead_does_not_open_the_arity() -> None:
    state = sr.setup(hands=["2♣", "5♠ 5♦ 9♣", FILLER], earned=["8♥", "", ""])
    state, _ = sr.apply(state, sr.Play(0, "8♥", earned=True))
    assert plays(state) == {sr.Play(1, "9♣")}


@pytest.mark.rule("fake-jokers.alone", "fake-jokers.pile-empty")
def test_earned_cards_combined_are_a_misplay() -> None:
    state = sr.setup(hands=["2♣", FILLER, FILLER], earned=["5♠ 5♦", "", ""])
    _, events = sr.apply(state, sr.Play(0, "5♠ 5♦", earned=True))
    assert first_misplay(events).rule == "fake-jokers.alone"


@pytest.mark.rule("fake-jokers.pile-empty")
def test_earned_cards_legal_moves_offer_them_face_up_only() -> None:
    state = sr.setup(hands=["2♣", FILLER, FILLER], earned=["5♠", "", ""])
    assert moves(state) == {sr.Play(0, "2♣"), sr.Play(0, "5♠", earned=True)}


def _suited_consec_before_an_earned_2() -> sr.State:
    """Seats 0-2 lead a suited consec of spades going higher (4♠ 8♠ J♠); seat 3 holds no spade
    in its hand and has earned 2♠."""
    hands = ["4♠ 3♣", "8♠ 3♣", "J♠ 3♣", "9♦ 6♣"]
    state = sr.setup(hands=hands, earned=["", "", "", "2♠"])
    state, events = play_through(state, sr.Play(0, "4♠"), sr.Play(1, "8♠"), sr.Play(2, "J♠"))
    assert misplay_rules(events) == [] and state.to_act == 3
    return state


@pytest.mark.rule("fake-jokers.pile-empty", "consec.suited.unbeatable")
def test_earned_card_2_under_a_suited_consec_is_offered_announced_unbeatable() -> None:
    # Ruling X7: an earned 2 is an ordinary 2, offered announced as a 2 of the hand is.
    state = _suited_consec_before_an_earned_2()
    announced = sr.Play(3, "2♠", earned=True, unbeatable=True)
    assert moves(state) == {sr.Pass(3), announced}
    _, events = sr.apply(state, announced)
    assert misplay_rules(events) == []


@pytest.mark.rule("fake-jokers.pile-empty", "consec.suited.unbeatable")
def test_earned_card_2_under_a_suited_consec_unannounced_is_a_misplay() -> None:
    state = _suited_consec_before_an_earned_2()
    _, events = sr.apply(state, sr.Play(3, "2♠", earned=True))
    assert first_misplay(events).rule == "consec.suited.unbeatable"
