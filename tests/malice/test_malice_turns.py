"""The turn: drawing to five, refilling an emptied hand, whose turn it is, refusals that change
nothing, and wrong inputs named by field (seed 003)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import spite_rules.malice as sm
from spite_rules.cards import parse_card, parse_cards
from spite_rules.errors import IllegalAction
from tests.malice.malice_helpers import altered, kinds, moves, of_type, one, play_through

RUN = "A♣ 2♦ 3♣ 4♥ 5♠ 6♦"


@pytest.mark.rule("malice.turn.draw-to-five")
def test_a_turn_begins_by_drawing_up_to_five() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "2♣ 3♣"], stock="4♠ 5♠ 6♠ 7♠ 8♠")
    state, events = play_through(state, "discard 7♥ to side 1")
    drew = one(events, sm.Drew)
    assert drew == sm.Drew(1, 3, parse_cards("4♠ 5♠ 6♠"))
    assert len(state.hands[1]) == 5 and state.stock == parse_cards("7♠ 8♠")


@pytest.mark.rule("malice.turn.draw-to-five")
def test_a_full_hand_draws_nothing() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "2♣ 3♣ 4♣ 5♣ 6♣"], stock="4♠")
    _, events = play_through(state, "discard 7♥ to side 1")
    assert not of_type(events, sm.Drew)


@pytest.mark.rule("malice.turn.emptied-hand-draws")
def test_playing_the_whole_hand_to_the_centre_draws_five_more() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], centre=[RUN], stock="2♠ 3♠ 4♠ 5♠ 6♠ 8♠")
    state, events = play_through(state, "play 7♥ from hand to centre 1")
    assert kinds(events) == ["Played", "Drew"]
    assert state.to_act == 0 and len(state.hands[0]) == 5


@pytest.mark.rule("malice.turn.whose-turn")
def test_the_turns_alternate() -> None:
    state = sm.setup(payoff=["9♦", "Q♣", "J♠"], hands=["7♥", "8♥", "9♥"], stock="2♠ 3♠ 4♠ 5♠ 6♠ 8♠ 9♠ 10♠ J♠ Q♠ 2♦ 3♦ 4♦")
    state, _ = play_through(state, "discard 7♥ to side 1")
    assert state.to_act == 1
    state, _ = play_through(state, "discard 8♥ to side 1")
    assert state.to_act == 2
    state, _ = play_through(state, "discard 9♥ to side 1")
    assert state.to_act == 0


@pytest.mark.rule("malice.turn.whose-turn")
def test_it_must_be_your_turn() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "8♥"])
    with pytest.raises(IllegalAction, match="it is seat 0's turn, not seat 1's"):
        sm.apply(state, sm.Discard(1, "8♥", 0))


@pytest.mark.rule("malice.sources.in-hand", "malice.side.no-moves")
def test_a_pay_off_card_never_goes_to_a_side_stack() -> None:
    """Seed 003: "you can never play a pay-off card to a side stack": a discard is from the hand."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""])
    with pytest.raises(IllegalAction, match="seat 0 does not hold 9♦"):
        sm.apply(state, sm.Discard(0, "9♦", 0))


@pytest.mark.rule("malice.turn.seat")
def test_a_seat_that_does_not_exist_is_named() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""])
    with pytest.raises(IllegalAction, match="seat 5 does not exist"):
        sm.apply(state, sm.Discard(5, "7♥", 0))


@pytest.mark.parametrize(
    "build, field",
    [
        (lambda: sm.Discard("0", "7♥", 0), "player"),  # type: ignore[arg-type]
        (lambda: sm.Discard(0, "7♥", "1"), "side"),  # type: ignore[arg-type]
        (lambda: sm.Play(0, "7♥", 1.0), "centre"),  # type: ignore[arg-type]
    ],
)
def test_wrong_python_types_are_refused_naming_the_field(build: Any, field: str) -> None:
    with pytest.raises(IllegalAction, match=f"^{field} must be a whole number"):
        build()


@pytest.mark.parametrize("field, value", [("player", "0"), ("side", 1.0)])
def test_an_action_altered_past_its_constructor_is_refused_by_apply_naming_the_field(field: str, value: Any) -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""])
    action = altered(sm.Discard(0, "7♥", 0), **{field: value})
    with pytest.raises(IllegalAction, match=f"^Discard.{field} must be an int, not {value!r}"):
        sm.apply(state, action)


def test_something_that_is_not_an_action_is_refused() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""])
    with pytest.raises(IllegalAction, match="is not a Spite and Malice action"):
        sm.apply(state, "discard 7♥ to side 1")  # type: ignore[arg-type]


def test_apply_does_not_change_the_state_it_is_given() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "8♥"], centre=[RUN], stock="2♠ 3♠ 4♠ 5♠ 6♠")
    copy = attrs.evolve(state)
    sm.apply(state, sm.legal_moves(state)[0])
    assert state == copy


@pytest.mark.rule("malice.turn.game-over")
def test_legal_moves_is_empty_only_when_the_game_is_over() -> None:
    state = sm.setup(payoff=["A♦", "Q♣"], hands=["7♥", ""])
    assert sm.legal_moves(state)
    state, _ = play_through(state, "play A♦ from pay-off to centre 1")
    assert state.game_over and sm.legal_moves(state) == ()
    with pytest.raises(IllegalAction, match="the game is over"):
        sm.apply(state, sm.Discard(0, "7♥", 0))


def test_a_move_built_by_hand_equals_the_offered_one() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], centre=[RUN])
    assert sm.Play(0, parse_card("7♥"), 0, owner=0) in sm.legal_moves(state)
