"""Seed 004, the three-deck computer version: pools A to K without wild cards, columns filled empty
first, equal cards together, 2s while an ace shows, the used pile, the drawn game, and the hint."""

from __future__ import annotations

import itertools

import pytest

import spite_rules.malice as sm
from spite_rules.cards import parse_card, parse_cards
from spite_rules.errors import IllegalAction
from tests.malice.malice_helpers import THREE, kinds, moves, one, play_through

FULL_Q = "A♣ 2♦ 3♣ 4♥ 5♠ 6♦ 7♣ 8♦ 9♣ 10♥ J♠ Q♠"


def three(**position: object) -> sm.State:
    position.setdefault("stock", "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦")
    return sm.setup(rules=THREE, **position)  # type: ignore[arg-type]


def test_three_decks_pools_run_ace_to_king_and_a_king_completes_one() -> None:
    state = three(payoff=["9♦", "Q♣"], hands=["K♥ 5♣", ""], centre=[FULL_Q])
    state, events = play_through(state, "play K♥ from hand to centre 1")
    assert one(events, sm.Played).stands_for == 13
    assert kinds(events)[:3] == ["Played", "StackCompleted", "StackSetAside"]
    assert len(state.used) == 13 and state.centre[0] == ()


def test_three_decks_has_no_wild_cards() -> None:
    state = three(payoff=["9♦", "Q♣"], hands=["K♥ 5♣", ""], centre=["A♣ 2♦"])
    assert not any(move.startswith("play") for move in moves(state))


def test_three_decks_up_to_four_pools() -> None:
    state = three(payoff=["9♦", "Q♣"], hands=["A♥", ""], centre=["A♣", "A♦", "A♠"])
    assert "play A♥ from hand to centre 4" in moves(state)
    full = three(payoff=["9♦", "Q♣"], hands=["A♥", ""], centre=["A♣", "A♦", "A♠", "A♣"])
    assert not any(move.startswith("play") for move in moves(full))


@pytest.mark.rule("malice.pools.twos-while-aces")
def test_three_decks_a_two_must_be_played_while_an_ace_shows() -> None:
    state = three(payoff=["9♦", "Q♣"], hands=["2♥ 7♣", ""], centre=["A♣"])
    assert moves(state) == ["play 2♥ from hand to centre 1"]
    with pytest.raises(IllegalAction, match="a 2 must be played while an ace shows on centre 1: play 2♥ first"):
        sm.apply(state, sm.Discard(0, "7♣", 0))


@pytest.mark.rule("malice.pools.twos-while-aces")
def test_three_decks_a_two_on_the_stack_or_a_column_counts_too() -> None:
    """Ruling M31."""
    on_stack = three(payoff=["9♦ 2♠", "Q♣"], hands=["7♣", ""], centre=["A♣"])
    assert moves(on_stack) == ["play 2♠ from pay-off to centre 1"]
    on_column = three(payoff=["9♦", "Q♣"], hands=["7♣", ""], side=[["2♠"], []], centre=["A♣"])
    assert moves(on_column) == ["play 2♠ from side 1 to centre 1"]


def test_three_decks_twos_are_free_once_no_ace_shows() -> None:
    state = three(payoff=["9♦", "Q♣"], hands=["2♥ 2♣ 7♣", ""], centre=["A♣"])
    state, _ = play_through(state, "play 2♥ from hand to centre 1")
    assert "discard 2♣ to side 1" in moves(state)


def test_three_decks_used_pile_becomes_the_new_main_stack() -> None:
    state = three(payoff=["9♦", "Q♣"], hands=["7♣", "2♣"], used="3♠ 4♠ 5♠ 6♠ 7♠ 8♠", stock="")
    state, events = play_through(state, "discard 7♣ to side 1")
    assert one(events, sm.StockShuffled).reason == "stock depleted"
    assert len(state.hands[1]) == 5 and len(state.stock) == 2 and state.used == ()


def test_three_decks_no_used_pile_when_the_stack_runs_out_is_a_drawn_game() -> None:
    """Ruling M34: when a draw finds the main stack empty and no used cards."""
    state = three(payoff=["9♦", "Q♣"], hands=["7♣", "2♣"], stock="")
    state, events = play_through(state, "discard 7♣ to side 1")
    assert state.game_over and state.winner is None and one(events, sm.GameOver).how == "stock ran out"


def test_three_decks_seed_example_empties_the_hand_and_deals_five_more() -> None:
    """Seed 004's Figure 3: "it is possible for player 1 to use all of the card in his hand"."""
    state = three(
        payoff=["9♦ 5♣", "6♥"],
        hands=["4♦ 2♣ J♥ Q♥ K♥", ""],
        side=[["9♠ 6♠", "10♣"], []],
        centre=["A♥ 2♥ 3♥", "A♠", "A♦ 2♦ 3♦ 4♦ 5♦", "A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣"],
        stock="2♠ 3♠ 4♠ 5♠ 6♠ 7♠",
    )
    state, events = play_through(
        state,
        "play 4♦ from hand to centre 1",
        "play 2♣ from hand to centre 2",
        "play 6♠ from side 1 to centre 3",
        "play 9♠ from side 1 to centre 4",
        "play 10♣ from side 2 to centre 4",
        "play J♥ from hand to centre 4",
        "play Q♥ from hand to centre 4",
        "play K♥ from hand to centre 4",
    )
    assert one(events, sm.Drew).count == 5 and len(state.hands[0]) == 5 and state.to_act == 0
    assert one(events, sm.StackCompleted).centre == 3


def test_three_decks_hint_shows_moves_one_at_a_time_then_none_then_again() -> None:
    state = three(payoff=["9♦ 4♠", "Q♣"], hands=["3♥ 8♣", ""], centre=["A♦ 2♦"])
    button = sm.hints(state)
    shown = list(itertools.islice(button, len(sm.legal_moves(state)) + 2))
    assert shown[:-2] == list(sm.hint_order(state))
    assert shown[-2] is None and shown[-1] == shown[0]
    assert sorted(map(str, sm.hint_order(state))) == sorted(map(str, sm.legal_moves(state)))


def test_three_decks_hint_puts_the_stack_first_and_what_frees_it_next() -> None:
    """Ruling M33."""
    state = three(payoff=["9♦ 4♠", "Q♣"], hands=["3♥ 8♣", ""], side=[["A♣"], []], centre=["A♦ 2♦", "A♥ 2♥ 3♥"])
    first = [str(move).split(": ")[1] for move in sm.hint_order(state)][:3]
    assert first == ["play 4♠ from pay-off to centre 2", "play 3♥ from hand to centre 1", "play A♣ from side 1 to centre 3"]


def test_three_decks_equal_card_on_a_column_even_with_empty_columns() -> None:
    state = three(payoff=["9♦", "Q♣"], hands=["7♣", ""], side=[["7♠"], []])
    assert {"discard 7♣ to side 1", "discard 7♣ to side 2"} <= set(moves(state))
    assert parse_card("7♣") in state.hands[0] and parse_cards("7♠") == state.side[0][0]
