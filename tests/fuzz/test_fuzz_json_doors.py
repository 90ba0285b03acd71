"""Malformed JSON thrown at ``from_json`` of both games (issue 34): text that is not JSON, values
that are not text, documents nested 100,000 deep or holding 5,000-digit numbers, and real
documents (states, views, actions, events of Spite and Spite and Malice) with one part broken.
Every failure is a ``SerializationError``; the text given is left as it was; and a Spite State that
reads is one its ``legal_moves`` and ``apply`` can play from (a position that cannot happen is
refused at the door, naming the field).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr
import spite_rules.malice as sm

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _spite_documents() -> list[Any]:
    state = sr.new_game(4, seed=2)
    values: list[Any] = [state, state.view(1), sr.Rules.ruleset("2023-07")]
    for _ in range(12):
        move = sr.legal_moves(state)[-1]
        values.append(move)
        state, events = sr.apply(state, move)
        values.extend(events)
    values += [state, state.view(0)]
    return values


def _malice_documents() -> list[Any]:
    state = sm.new_game(2, seed=2)
    values: list[Any] = [state, state.view(1), sm.Rules.preset("jacks")]
    for _ in range(12):
        moves = sm.legal_moves(state)
        if not moves:
            break
        values.append(moves[-1])
        state, events = sm.apply(state, moves[-1])
        values.extend(events)
    values += [state, state.view(0)]
    return values


DOCUMENTS = [json.loads(sr.to_json(value)) for value in _spite_documents() + _malice_documents()]

#: JSON values put in place of a part of a real document.
JSON_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.sampled_from([-1, 7, 10**19, 2**64])
    | st.floats(allow_nan=False) | st.text(max_size=5)
    | st.sampled_from(["~4♣", "JK", "3♦", "higher", "State", "Pass", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=2),
    max_leaves=5,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (its keys and indices from the top)."""
    places = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            places += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            places += _paths(item, (*path, index))
    return places


@st.composite
def broken_documents(draw: st.DrawFn) -> str:
    """A real document with one place replaced, removed, emptied, or given an extra key."""
    document = json.loads(json.dumps(draw(st.sampled_from(DOCUMENTS))))
    path = draw(st.sampled_from(_paths(document["data"])))
    how = draw(st.sampled_from(["replace", "remove", "empty", "extra"]))
    parent: Any = document
    for key in ("data", *path[:-1]):
        parent = parent[key]
    if not path:
        document["data"] = draw(JSON_JUNK) if how == "replace" else {}
    elif how == "replace":
        parent[path[-1]] = draw(JSON_JUNK)
    elif how == "remove":
        del parent[path[-1]]
    elif how == "empty":
        parent[path[-1]] = [] if isinstance(parent[path[-1]], list) else {}
    elif isinstance(parent[path[-1]], dict):
        parent[path[-1]]["unexpected"] = 1
    else:
        parent[path[-1]] = [parent[path[-1]]]
    return json.dumps(document, ensure_ascii=False)


def _reads_or_refuses(text: Any) -> Any:
    before = text if isinstance(text, (str, bytes)) else repr(text)
    try:
        value = sr.from_json(text)
    except sr.SerializationError as error:
        assert str(error) and len(str(error)) < 2_000
        value = error
    assert (text if isinstance(text, (str, bytes)) else repr(text)) == before
    return value


def _playable(state: sr.State) -> None:
    """A Spite State read from JSON: legal_moves and apply work on it, or refuse cleanly."""
    moves = sr.legal_moves(state)
    for move in moves[:3]:
        try:
            sr.apply(state, move)
        except sr.IllegalAction:
            pass


@SETTINGS
@given(text=broken_documents())
def test_a_broken_document_of_either_game_is_read_or_refused_as_a_serialization_error(text: str) -> None:
    value = _reads_or_refuses(text)
    if isinstance(value, sr.State):
        _playable(value)


@SETTINGS
@given(text=st.text(max_size=40) | st.binary(max_size=40))
def test_text_that_is_not_a_document_is_refused_as_a_serialization_error(text: str | bytes) -> None:
    assert isinstance(_reads_or_refuses(text), sr.SerializationError)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"schema": 2, "game": "spite", "kind": "Pass", "data": {"player": ' + "9" * 5_000 + "}}",
        '{"schema": 2, "game": "spite", "kind": "Pass", "data": {"player": ' + "[" * 500 + "]" * 500 + "}}",
        123, None, {"schema": 2}, 1.5, ["{}"],
    ],
    ids=["deep", "5000-digits", "deep-in-data", "int", "None", "dict", "float", "list"],
)
def test_from_json_refuses_deep_huge_and_non_text_input_as_a_serialization_error(text: Any) -> None:
    with pytest.raises(sr.SerializationError):
        sr.from_json(text)


@pytest.mark.parametrize(("union", "value"), [(sr.Action, sr.Pass(1)), (sr.Event, sr.Passed(1))])
def test_from_json_reads_a_kind_of_a_union_and_refuses_one_outside_it(union: Any, value: Any) -> None:
    assert sr.from_json(sr.to_json(value), union) == value
    other = sr.Passed(1) if union is sr.Action else sr.Pass(1)
    with pytest.raises(sr.SerializationError, match="expected one of"):
        sr.from_json(sr.to_json(other), union)


def _state_document(**changes: Any) -> str:
    document = json.loads(sr.to_json(sr.new_game(4, seed=1)))
    document["data"].update(changes)
    return json.dumps(document, ensure_ascii=False)


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"to_act": 7}, "to_act"), ({"to_act": -1}, "to_act"), ({"names": ["a", "b"]}, "names"),
     ({"hands": [[], [], [], [], []]}, "fake_jokers"), ({"buy_back_step": 10**19}, "buy_back_step"),
     ({"buy_back_step": -1}, "buy_back_step"), ({"penalties": [0, 0, -2, 0]}, "penalties"),
     ({"deck": ["~4♣"]}, "deck"), ({"fake_pile": ["4♣"]}, "fake_pile"), ({"finished": [9]}, "finished"),
     ({"round_number": 0}, "round_number"), ({"hands": []}, "hands")],
    ids=lambda value: str(next(iter(value))) if isinstance(value, dict) else str(value),
)
def test_a_spite_state_that_cannot_happen_is_refused_at_the_door_naming_the_field(
    changes: dict[str, Any], field: str
) -> None:
    with pytest.raises(sr.SerializationError, match=field):
        sr.from_json(_state_document(**changes))
