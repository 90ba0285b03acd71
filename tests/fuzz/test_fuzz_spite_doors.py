"""Malformed values thrown at every door of Spite (issue 34): card notation, the action
constructors, ``Rules`` (made and evolved), ``setup``, ``new_game``, ``legal_moves``, ``apply``,
``view`` and ``fibonacci_buy_back``. Each either works or raises a ``SpiteError`` subclass whose
message names the field; nothing else (no TypeError, AttributeError, RecursionError, hang), and the
values given are left as they were.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Values a caller might pass by mistake: wrong scalars, bytes, nested lists and dicts, and the
#: extremes (huge ints, deep nesting) that once hung or crashed.
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-10, 30)
    | st.sampled_from([10**19, -(10**19), 10**11, 10**99, 10**100])  # tests/test_door_numbers.py: past print
    | st.floats(allow_nan=True)
    | st.text(max_size=6)
    | st.sampled_from(["3♦", "~4♣", "JK", "10S", "higher", "called", "000", "2023-07", "food"])
    | st.binary(max_size=4)
)
JUNK = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner) | st.dictionaries(st.text(max_size=3), inner, max_size=2),
    max_leaves=6,
)


def deep(depth: int) -> list[Any]:
    value: list[Any] = ["3♦"]
    for _ in range(depth):
        value = [value]
    return value


def snapshot(value: Any) -> list[str]:
    """A picture of ``value`` that tells whether it was changed: NaN-safe (unlike ==), and walked
    without recursion (a value may nest 2,000 deep)."""
    picture: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            picture.append(f"{type(item).__name__}{len(item)}")
            stack.extend(item)
        elif isinstance(item, dict):
            picture.append(f"dict{sorted(map(repr, item))}")
            stack.extend(item.values())
        elif isinstance(item, float) and math.isnan(item):
            picture.append("nan")
        else:
            picture.append(repr(item))
    return picture


def holds(door: Callable[[], Any], *given: Any, names: tuple[str, ...] = ()) -> Any:
    """Call ``door``: it must work or raise a SpiteError naming one of ``names`` (if any are
    given); ``given`` must be unchanged after."""
    before = [snapshot(value) for value in given]
    try:
        result = door()
    except sr.SpiteError as error:
        message = str(error)
        assert message, "an error must say what was wrong"
        assert len(message) < 2_000, "a message must be a line, not a dump"
        if names:
            assert any(name in message for name in names), f"{message!r} names none of {names}"
        result = error
    assert [snapshot(value) for value in given] == before, "a door changed its input"
    return result


STATE = sr.setup(hands=["5♠ 9♦", "6♦ 9♣", "7♣ 9♥"], deck="2♠ 3♠ 4♠")
FRESH = sr.new_game(4, seed=3)


@SETTINGS
@given(value=JUNK)
def test_malformed_card_notation_raises_notation_error(value: Any) -> None:
    for door in (sr.parse_card, sr.parse_cards):
        result = holds(lambda: door(value), value)
        assert isinstance(result, (sr.Card, tuple, sr.NotationError))


@SETTINGS
@given(rank=JUNK, suit=JUNK, fake=JUNK)
def test_a_card_made_from_malformed_parts_raises_notation_error(rank: Any, suit: Any, fake: Any) -> None:
    result = holds(lambda: sr.Card(rank, suit, fake=fake), rank, suit, fake)
    assert isinstance(result, (sr.Card, sr.NotationError))


#: Each action and its well-formed arguments; the fuzz puts junk in one of them.
ACTIONS: dict[type, dict[str, Any]] = {
    sr.Play: {"player": 0, "cards": "5♠", "buy_back": None, "direction": None, "come_at_me": False,
              "unbeatable": False, "face_down": False, "earned": False, "bounty_claim": None},
    sr.Pass: {"player": 0},
    sr.CallMisplay: {"player": 0, "accused": 1},
    sr.TakeReward: {"player": 0, "count": 2, "give": None, "take": None},
    sr.DiscardAndDraw: {"player": 0, "discard": "5♠", "draw": 1},
    sr.Timeout: {"player": 0},
    sr.DropCards: {"player": 0, "cards": "5♠", "onto": sr.Surface.TABLE},
}


@SETTINGS
@given(kind=st.sampled_from(sorted(ACTIONS, key=lambda kind: kind.__name__)), data=st.data())
def test_an_action_with_junk_in_any_field_is_refused_naming_the_field_or_applies_cleanly(
    kind: type, data: st.DataObject
) -> None:
    arguments = dict(ACTIONS[kind])
    field = data.draw(st.sampled_from(sorted(arguments)))
    arguments[field] = junk = data.draw(JUNK)
    result = holds(lambda: kind(**arguments), junk, names=(f"{kind.__name__}.{field}", "card", "rank", "suit"))
    if isinstance(result, sr.SpiteError):
        return
    before = sr.to_json(STATE)
    holds(lambda: sr.apply(STATE, result))  # a well-typed action: applied or refused, never a crash
    assert sr.to_json(STATE) == before


OPTIONS = [field.name for field in attrs.fields(sr.Rules) if field.init]


@SETTINGS
@given(option=st.sampled_from(OPTIONS), value=JUNK, evolved=st.booleans())
def test_rules_with_junk_in_any_option_are_refused_naming_the_option(option: str, value: Any, evolved: bool) -> None:
    def made() -> sr.Rules:
        return attrs.evolve(sr.Rules(), **{option: value}) if evolved else sr.Rules(**{option: value})

    result = holds(made, value, names=(f"Rules.{option}", "ruleset", "fake jokers set aside"))
    if isinstance(result, sr.Rules):  # a junk value that happens to be valid deals a playable game
        holds(lambda: sr.legal_moves(sr.new_game(3, seed=1, rules=result)))


@pytest.mark.parametrize(
    ("option", "value"),
    [("hand_size", 0), ("hand_size", -5), ("decks", 10**11), ("decks", 0), ("losing_hand_size", 1),
     ("hand_size", "20"), ("decision_seconds", -1), ("fake_jokers_at_least", -1), ("referee", "called"),
     ("fake_jokers", [["~4♣"]]), ("ruleset_name", None), ("earned_cards_free", "yes")],
)
def test_rules_evolved_with_an_option_out_of_range_are_refused_naming_it(option: str, value: Any) -> None:
    with pytest.raises(sr.IllegalAction, match="ruleset" if option == "ruleset_name" else option):
        attrs.evolve(sr.Rules(), **{option: value})


SETUP_KEYWORDS = ["hands", "deck", "bounty", "leader", "direction", "scores", "fake_jokers", "earned",
                  "fake_pile", "discard", "penalties", "buy_back_step", "round_number", "seed", "rules",
                  "names", "opening", "previous_order", "losers_by_round"]


@SETTINGS
@given(keyword=st.sampled_from(SETUP_KEYWORDS), value=JUNK | st.just(deep(2_000)))
def test_setup_with_junk_in_any_argument_is_refused_naming_it_or_plays(keyword: str, value: Any) -> None:
    arguments: dict[str, Any] = {"hands": ["5♠ 9♦", "6♦ 9♣", "7♣ 9♥"], keyword: value}
    names = (keyword, "players", "card", "rank", "suit")
    result = holds(lambda: sr.setup(**arguments), value, names=names)
    if isinstance(result, sr.State):
        assert sr.from_json(sr.to_json(result)) == result  # what setup accepts, from_json accepts
        for move in holds(lambda: sr.legal_moves(result)) or ():
            holds(lambda: sr.apply(result, move))


@pytest.mark.parametrize(
    ("arguments", "field"),
    [({"bounty": 5}, "bounty"), ({"scores": ["a", 0, 0]}, "scores"), ({"buy_back_step": "x"}, "buy_back_step"),
     ({"buy_back_step": 10**19}, "buy_back_step"), ({"hands": [["9♠", ["7♥"]], "", ""]}, "hands"),
     ({"deck": [1, 2]}, "deck"), ({"penalties": [[1], 0, 0]}, "penalties"), ({"direction": "dance"}, "direction"),
     ({"hands": deep(2_000)}, "hands"), ({"leader": 7}, "leader"), ({"names": ["a", "b"]}, "names"),
     ({"fake_jokers": ["4♣", "", ""]}, "fake_jokers"), ({"rules": 5}, "rules")],
    ids=lambda value: str(next(iter(value))) if isinstance(value, dict) else str(value),
)
def test_setup_refuses_a_position_that_cannot_happen_naming_the_field(arguments: dict[str, Any], field: str) -> None:
    arguments = {"hands": ["5♠", "6♦", "7♣"], **arguments}
    with pytest.raises(sr.SpiteError, match=field):
        sr.setup(**arguments)


@SETTINGS
@given(players=JUNK, seed=JUNK, rules=JUNK)
def test_new_game_with_junk_arguments_is_refused(players: Any, seed: Any, rules: Any) -> None:
    holds(lambda: sr.new_game(players, seed=seed, rules=rules), players, seed, rules)


@pytest.mark.parametrize("players", [10**12, 2, 10, -1, "4", None, [1, 2, 3]])
def test_new_game_refuses_a_seat_count_out_of_range_before_building_names(players: Any) -> None:
    with pytest.raises(sr.IllegalAction, match="players"):
        sr.new_game(players, seed=1)


@SETTINGS
@given(state=JUNK, seat=JUNK)
def test_legal_moves_apply_view_and_next_round_refuse_what_is_not_a_state(state: Any, seat: Any) -> None:
    for door in (sr.legal_moves, lambda value: sr.apply(value, sr.Pass(0)), lambda value: sr.view(value, 0),
                 sr.next_round):
        assert isinstance(holds(lambda: door(state), state), sr.IllegalAction)
    holds(lambda: FRESH.view(seat), seat)
    holds(lambda: sr.next_round(FRESH, seat), seat)


@SETTINGS
@given(action=JUNK)
def test_apply_refuses_what_is_not_an_action_and_changes_nothing(action: Any) -> None:
    before = sr.to_json(FRESH)
    assert isinstance(holds(lambda: sr.apply(FRESH, action), action), sr.IllegalAction)
    assert sr.to_json(FRESH) == before
