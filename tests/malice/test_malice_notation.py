"""Spite and Malice's action notation (spite_rules/malice/actions.py): ``str(action)`` and
``sm.parse_action(state, text)`` round-trip for every action value, the forbidden ones too (so that
``apply``, not the reader, refuses them naming the rule), and text that is not the notation raises
NotationError naming the word at fault."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spite_rules.malice as sm
from spite_rules.cards import parse_card, spite_deck, standard_deck
from spite_rules.errors import IllegalAction, NotationError

STATE = sm.setup(payoff=["3♠ 9♦", "8♥"], hands=["9♥ 7♣ 7♦", ""], side=[["5♣"], []])
ALL_CARDS = sorted(standard_deck(1, jokers=2), key=str)
#: Spite's own cards (its 11s, 12s, 13s and fake jokers): never in a Spite and Malice action.
SPITE_ONLY = sorted({*spite_deck(), *(card.as_fake() for card in spite_deck())} - set(ALL_CARDS), key=str)

cards = st.sampled_from(ALL_CARDS)
numbers = st.integers(-3, 12)
origins = st.sampled_from(list(sm.Origin))
owners = st.none() | numbers
sides = st.none() | numbers


def _sourced(kind: type) -> st.SearchStrategy[sm.Action]:
    return st.builds(kind, numbers, cards, numbers, origin=origins, side=sides, owner=owners)


actions: st.SearchStrategy[sm.Action] = st.one_of(
    _sourced(sm.Play),
    _sourced(sm.Substitute),
    st.builds(sm.Discard, numbers, st.lists(cards, max_size=4).map(tuple), numbers),
    st.builds(sm.EndTurn, numbers),
    st.builds(sm.MoveSide, numbers, cards, numbers, numbers),
    st.builds(sm.Load, numbers, cards, numbers, origin=origins),
    st.builds(sm.PlaceForced, numbers, cards, numbers),
)


@settings(max_examples=400, deadline=None)
@given(actions)
def test_every_action_value_reads_back_from_its_notation(action: sm.Action) -> None:
    assert sm.parse_action(STATE, str(action)) == action, str(action)


@settings(max_examples=60, deadline=None)
@given(actions)
def test_notation_without_the_seat_prefix_reads_for_the_seat_to_act(action: sm.Action) -> None:
    text = str(action).split(": ", 1)[1]
    state = sm.setup(payoff=["5♠", "6♠"], to_act=1)
    assert sm.parse_action(state, text) == attrs.evolve(action, player=1)


@pytest.mark.rule("malice.loading.source")
def test_a_load_from_a_side_stack_is_read_and_refused_by_the_rule() -> None:
    """Seed 003: "you are not allowed to load cards from your discard piles". The text reads, with
    or without the stack's number; ``apply`` refuses it naming the clause."""
    state = sm.setup(payoff=["2♣ 5♥", "8♥"], hands=["10♥", ""], side=[["9♥"], []],
                     rules=sm.Rules().variation("loading"))
    for text in ("load 9♥ from side onto seat 1's pay-off", "load 9♥ from side 1 onto seat 1's pay-off"):
        load = sm.parse_action(state, text)
        assert load == sm.Load(0, "9♥", 1, origin=sm.Origin.SIDE)
        with pytest.raises(IllegalAction) as refused:
            sm.apply(state, load)
        assert str(refused.value) == "you are not allowed to load cards from your discard piles [malice.loading.source]"


@pytest.mark.rule("malice.sources.whose-piles")
def test_a_play_from_another_seats_hand_is_read_and_refused_by_the_rule() -> None:
    play = sm.parse_action(STATE, "play 7♣ from seat 1's hand to centre 1")
    assert play == sm.Play(0, "7♣", 0, origin=sm.Origin.HAND, owner=1)
    assert str(play) == "seat 0: play 7♣ from seat 1's hand to centre 1"
    with pytest.raises(IllegalAction, match=r"seat 0 may not play from seat 1's hand \[malice.sources.whose-piles\]"):
        sm.apply(STATE, play)


@pytest.mark.rule("malice.centre.space")
def test_a_centre_stack_numbered_0_is_read_and_refused_by_the_rule() -> None:
    play = sm.parse_action(STATE, "play 9♦ from pay-off to centre 0")
    assert play.centre == -1
    with pytest.raises(IllegalAction, match=r"centre 0 does not exist \(there are 3 spaces\) \[malice.centre.space\]"):
        sm.apply(STATE, play)


def test_a_side_number_is_kept_only_for_a_card_from_a_side_stack() -> None:
    """One spelling per move: a hand or pay-off card carries no side stack number."""
    assert sm.Play(0, "7♣", 0, side=2) == sm.Play(0, "7♣", 0)
    assert sm.Play(0, "5♣", 0, origin="side").side is None
    assert str(sm.Play(0, "5♣", 0, origin="side")) == "seat 0: play 5♣ from side to centre 1"


def test_an_empty_discard_has_one_spelling() -> None:
    assert str(sm.Discard(0, (), 0)) == "seat 0: discard to side 1"
    assert sm.parse_action(STATE, "discard to side 1") == sm.Discard(0, (), 0)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("jump to centre 1", "'jump' is not an action"),
        ("play 1♠ from hand to centre 1", "'1♠' is not a card"),
        ("play 7♣ from hand to centre one", "expected a centre stack number, not 'one'"),
        ("play 7♣ hand to centre 1", "expected 'from', not 'hand'"),
        ("play 7♣ from hand to centre 1 now", "'now' is more than the action says"),
        ("play 7♣ from hand", "expected 'to', not the end of the text"),
        ("discard 7♣ to pile 2", "expected 'side', not 'pile'"),
        ("load 9♥ from hand onto seat one's pay-off", "expected a seat number with \"'s\", not \"one's\""),
        ("move 5♣ from hand to side 2", "expected 'side', not 'hand'"),
        ("place 7♣ centre 1", "expected 'on', not 'centre'"),
        ("do something", "expected 'nothing', not 'something'"),
    ],
)
def test_bad_notation_raises_naming_the_word_at_fault(text: str, named: str) -> None:
    with pytest.raises(NotationError) as refused:
        sm.parse_action(STATE, text)
    assert named in str(refused.value)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SPITE_ONLY), st.sampled_from([sm.Play, sm.Substitute, sm.MoveSide, sm.Load, sm.PlaceForced, sm.Discard]))
def test_a_spite_only_card_is_refused_by_every_action_that_names_a_card(card: object, kind: type) -> None:
    arguments = (0, card, 0, 0) if kind is sm.MoveSide else (0, card, 0)
    with pytest.raises(IllegalAction, match="is not a card of Spite and Malice's packs"):
        kind(*arguments)
    with pytest.raises(IllegalAction, match="is not a card of Spite and Malice's packs"):
        kind(*arguments[:1], str(card), *arguments[2:])


@pytest.mark.rule("malice.sources.origin")
def test_a_card_from_anywhere_but_a_hand_a_pay_off_or_a_side_stack_has_no_notation() -> None:
    """Ruling M39: the reader refuses the place naming the clause; ``Origin`` has only the three."""
    with pytest.raises(NotationError) as refused:
        sm.parse_action(STATE, "play 8♥ from stock to centre 1")
    assert str(refused.value).endswith("'stock' is not a place a card is taken from: hand, pay-off, side <n>, "
                                       "seat <s>'s hand, seat <s>'s pay-off or seat <s>'s side <n> [malice.sources.origin]")
    with pytest.raises(IllegalAction, match="^origin must be one of 'hand', 'pay-off', 'side', not 'stock'$"):
        sm.Play(0, "8♥", 0, origin="stock")


def test_words_are_read_in_any_case_and_spacing() -> None:
    assert sm.parse_action(STATE, "  Seat 0:  PLAY 9♦ from PAYOFF to Center 1 ") == sm.Play(
        0, parse_card("9♦"), 0, origin=sm.Origin.PAYOFF
    )
    assert sm.parse_action(STATE, "do nothing") == sm.parse_action(STATE, "pass") == sm.EndTurn(0)
