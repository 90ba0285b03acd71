"""``sm.deal``: the deal with its opening's events, for a front-end that shows them (issue 33)."""

from __future__ import annotations

import pytest

import spite_rules.malice as sm
from spite_rules.malice.events import Drew, PayoffTurnedUp, Played, TurnBegan


@pytest.mark.parametrize("preset", ["common", "book", "jacks", "three_decks"])
def test_deal_is_new_game_with_the_first_turns_events(preset: str) -> None:
    rules = sm.Rules.preset(preset)
    for seed in range(8):
        state, events = sm.deal(rules, ["ann", "bob"], seed)
        assert state == sm.new_game(["ann", "bob"], seed=seed, rules=rules)
        assert events[0] == TurnBegan(state.to_act)


def test_deal_tells_the_first_draw_where_hands_are_drawn_at_the_first_turn() -> None:
    state, events = sm.deal(sm.Rules.preset("jacks"), ["ann", "bob"], 3)
    drawn = [event for event in events if isinstance(event, Drew)]
    assert len(drawn) == 1 and drawn[0].player == state.to_act


def test_deal_tells_a_compulsory_ace_played_while_dealing() -> None:
    rules = sm.Rules.preset("common").variation("compulsory_aces")
    state, events = sm.deal(rules, ["ann", "bob"], 1)
    kinds = [type(event) for event in events]
    assert kinds == [TurnBegan, Played, PayoffTurnedUp]
    assert any(len(stack) == 1 for stack in state.centre)  # the ace stands in the centre
    assert "ann" in sm.describe_event(events[1], state.names) or "bob" in sm.describe_event(events[1], state.names)
