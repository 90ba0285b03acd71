"""Issue 33: values a person can read. ``print(state)``, ``print(view)`` and ``print(event)`` of both
games show a table picture or one sentence (``repr`` stays the exact value), and
``sr.describe_event`` stands beside ``sm.describe_event``.
"""

from __future__ import annotations

import spite_rules as sr
import spite_rules.malice as sm


def _spite_round() -> tuple[sr.State, list[object]]:
    state = sr.new_game(["ann", "bob", "cy", "dee"], seed=7, rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
    events: list[object] = []
    while not state.round_over:
        state, new = sr.apply(state, sr.legal_moves(state)[-1 if state.trick.is_lead else 0])
        events.extend(new)
    return state, events


def test_str_of_a_spite_state_is_a_table_picture_of_every_seat_and_repr_is_exact() -> None:
    state = sr.new_game(["ann", "bob", "cy", "dee"], seed=7)
    picture = str(state)
    lines = picture.splitlines()
    assert lines[0].startswith("Spite, ruleset 000-r3 · round 1 · direction higher")
    for seat, name in enumerate(state.names):
        (line,) = [line for line in lines if line.strip().startswith(name)]
        assert "11 cards" in line and sr.format_cards(state.hands[seat]) in line
    assert len(picture) < len(repr(state)) / 3
    assert repr(state).startswith("State(rules=Rules(") and f"{state!r}" == repr(state)


def test_str_of_a_spite_view_shows_only_what_the_seat_sees() -> None:
    state = sr.new_game(["ann", "bob", "cy", "dee"], seed=7)
    picture = str(state.view(1))
    assert f"Your hand: {sr.format_cards(state.hands[1])}" in picture
    assert "[you" in next(line for line in picture.splitlines() if "bob" in line)
    for seat in (0, 2, 3):
        assert sr.format_cards(state.hands[seat]) not in picture


def test_str_of_every_spite_event_of_a_round_is_its_sentence_and_repr_is_exact() -> None:
    _, events = _spite_round()
    assert len({type(event) for event in events}) >= 5
    for event in events:
        assert str(event) == sr.describe_event(event, ()), event  # type: ignore[arg-type]
        assert "\n" not in str(event) and not str(event).startswith(type(event).__name__ + "(")
        assert repr(event).startswith(type(event).__name__ + "(")


def test_str_of_a_malice_state_view_and_events_read_as_a_table_and_sentences() -> None:
    state = sm.new_game(["ann", "bob"], seed=3, rules=sm.Rules.preset("book"))
    picture = str(state)
    assert picture.splitlines()[0] == "Spite and Malice, rules 003-book-r1 · " + (
        f"{state.names[state.to_act]} to play")
    assert sr.format_cards(state.hands[1]) in picture and "centre" in picture
    seen = str(state.view(0))
    assert f"your hand: {sr.format_cards(state.hands[0])}" in seen
    assert sr.format_cards(state.hands[1]) not in seen
    assert repr(state).startswith("State(rules=Rules(")
    for _ in range(30):
        state, events = sm.apply(state, sm.legal_moves(state)[0])
        for event in events:
            assert str(event) == sm.describe_event(event, ())
            assert repr(event).startswith(type(event).__name__ + "(")


def test_describe_event_and_describe_action_are_public_in_both_games() -> None:
    assert {"describe_event", "describe_action"} <= set(sr.__all__) & set(sm.__all__)
    assert sr.describe_event(sr.TrickWon(0, 0), ["you", "bob", "cy"]) == "you win the trick; you lead"
