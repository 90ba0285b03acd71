"""Malformed values thrown at every door of Spite and Malice (issue 34): ``Rules``, ``new_game``,
``setup``, the action constructors, ``parse_action``, ``apply`` and ``legal_moves``. Each door either
takes the value (and what it gives is sound: a ``Rules`` that deals, a position the shape check
passes) or refuses it with a SpiteError subclass; never another exception, never a hang, and the
values given to it are unchanged.
"""

from __future__ import annotations

import copy
import enum
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules.malice as sm
from spite_rules.cards import Card, spite_deck, standard_deck
from spite_rules.errors import SpiteError
from spite_rules.malice.shape import check_state

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Cards of both games: Spite's own (11s, 12s, 13s, fake jokers) must be refused by Spite and Malice.
CARDS = sorted({*standard_deck(1, jokers=1), *spite_deck(), *(card.as_fake() for card in spite_deck())}, key=str)

_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.integers(-(10**30), 10**30), st.floats(allow_nan=True),
    st.sampled_from([10**9, 10**99, -(10**99), 10**100]),  # past the notation's old 9 digits (and past print: tests/test_door_numbers.py)
    st.text(max_size=12), st.binary(max_size=6), st.sampled_from(CARDS),
    st.sampled_from(["7♠", "A♥ 2♥ 3♥", "~4♣", "JK", "10", "K♦", "", "hand", "pay-off", "stock", "dance"]),
)
#: Anything a caller might pass: scalars, and lists, tuples and dicts of them, a little nested.
junk = st.recursive(
    _scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.lists(inner, max_size=4).map(tuple),
                            st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=10,
)

STATE = sm.setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠ 7♥ 7♦", "2♦"], side=[["4♣"], []], stock="5♣ 6♣",
                 rules=sm.Rules.preset("three_decks"))
OPTIONS = [field.name for field in attrs.fields(sm.Rules)]


def _refused_or(door: Any, *arguments: Any, **keywords: Any) -> Any:
    """``door(...)``'s answer, or None when it refused with a SpiteError; any other exception fails
    the test, naming it. The arguments are unchanged afterwards."""
    before = repr((arguments, keywords))
    try:
        found = door(*arguments, **keywords)
    except SpiteError:
        found = None
    except Exception as error:  # the property: nothing but the library's own errors
        raise AssertionError(f"{door.__name__} raised {type(error).__name__}: {error}") from None
    assert repr((arguments, keywords)) == before, "a door changed its input"
    return found


@FUZZ
@given(st.sampled_from(OPTIONS), junk)
def test_rules_take_an_option_of_its_own_type_and_range_or_refuse_it(option: str, value: Any) -> None:
    rules = _refused_or(sm.Rules, **{option: value})
    if rules is not None:
        assert getattr(rules, option) == value or option == "wild_cannot_be"
        default = attrs.fields_dict(sm.Rules)[option].default
        if isinstance(default, (bool, enum.Enum)):
            assert type(getattr(rules, option)) is type(default)
    assert sm.Rules() == sm.Rules.preset("common") and sm.Rules().hand_size == 5


@FUZZ
@given(junk, junk, st.one_of(st.none(), st.sampled_from([sm.Rules.preset(name) for name in sm.PRESETS]), junk))
def test_new_game_takes_seats_a_seed_and_rules_or_refuses_them(players: Any, seed: Any, rules: Any) -> None:
    state = _refused_or(sm.new_game, players, seed=seed, rules=rules)
    if state is not None:
        check_state(state)


@FUZZ
@given(st.fixed_dictionaries({}, optional={
    "payoff": junk, "hands": junk, "side": junk, "centre": junk, "stock": junk, "used": junk,
    "to_act": junk, "names": junk, "seed": junk, "phase": junk, "owed": junk, "pending": junk,
    "passes": junk, "moved": junk, "finisher": junk, "bounty": junk,
}))
def test_setup_builds_a_position_that_can_happen_or_refuses_it(position: dict[str, Any]) -> None:
    position.setdefault("payoff", ["5♠", "6♠"])
    state = _refused_or(sm.setup, **position)
    if state is not None:
        check_state(state)


_KINDS: list[tuple[type, int]] = [
    (sm.Play, 3), (sm.Substitute, 3), (sm.Discard, 3), (sm.EndTurn, 1), (sm.MoveSide, 4), (sm.Load, 3),
    (sm.PlaceForced, 3),
]


@FUZZ
@given(st.sampled_from(_KINDS), st.lists(junk, min_size=4, max_size=4), st.one_of(st.just({}), st.fixed_dictionaries(
    {}, optional={"origin": junk, "side": junk, "owner": junk})))
def test_an_action_constructor_builds_a_well_typed_action_or_refuses(
    kind: tuple[type, int], values: list[Any], keywords: dict[str, Any]
) -> None:
    cls, count = kind
    if cls not in (sm.Play, sm.Substitute, sm.Load):
        keywords = {}
    elif cls is sm.Load:
        keywords = {name: value for name, value in keywords.items() if name == "origin"}
    action = _refused_or(cls, *values[:count], **keywords)
    if action is None:
        return
    for field in attrs.fields(cls):
        found = getattr(action, field.name)
        if field.name in ("card",):
            assert type(found) is Card and not found.fake
        elif field.name == "cards":
            assert type(found) is tuple and all(type(card) is Card for card in found)
        elif field.name == "origin":
            assert type(found) is sm.Origin
        else:
            assert type(found) is int or (found is None and field.default is None)
    assert sm.parse_action(STATE, str(action)) == action


_WORDS = st.sampled_from(["seat", "0:", "1's", "play", "discard", "move", "swap", "load", "place", "end", "turn",
                          "pass", "do", "nothing", "from", "to", "for", "onto", "on", "hand", "pay-off", "side",
                          "centre", "center", "1", "2", "-1", "99999999999", "7♦", "7♥", "A♠", "~4♣", "13♥",
                          "JK", "x", ""])


@FUZZ
@given(st.one_of(st.lists(_WORDS, max_size=9).map(" ".join), st.text(max_size=30), junk))
def test_parse_action_reads_an_action_or_refuses_the_text(text: Any) -> None:
    before = copy.deepcopy(STATE)
    action = _refused_or(sm.parse_action, STATE, text)
    assert STATE == before
    if action is not None:
        assert sm.parse_action(STATE, str(action)) == action


@FUZZ
@given(st.one_of(junk, st.builds(sm.EndTurn, st.integers(-2, 3)),
                 st.builds(sm.Discard, st.integers(-1, 2), st.sampled_from(["7♥ 7♦", "7♦ 7♥", "A♠", "2♦"]),
                           st.integers(-1, 4)),
                 st.builds(sm.Play, st.integers(-1, 2), st.sampled_from(["A♠", "9♦", "4♣", "7♥"]),
                           st.integers(-1, 4), origin=st.sampled_from(list(sm.Origin)))))
def test_apply_takes_a_listed_move_or_refuses_and_changes_nothing(action: Any) -> None:
    before = copy.deepcopy(STATE)
    found = _refused_or(sm.apply, STATE, action)
    assert STATE == before
    assert (found is not None) is (action in sm.legal_moves(STATE))


@FUZZ
@given(junk)
def test_legal_moves_refuses_what_is_not_a_state(value: Any) -> None:
    with pytest.raises(SpiteError):
        sm.legal_moves(value)
    with pytest.raises(SpiteError):
        sm.apply(value, sm.EndTurn(0))


@FUZZ
@given(junk, junk)
def test_view_and_next_round_refuse_what_is_not_a_state_or_a_seat(value: Any, seat: Any) -> None:
    with pytest.raises(SpiteError):
        sm.view(value, 0)
    with pytest.raises(SpiteError):
        sm.next_round(value)
    seen = _refused_or(sm.view, STATE, seat)
    assert seen is None or seen.seat == seat
