"""What a seat may see (views, redaction, hidden cards), the action notation, JSON, records and
replay, and the engine registry and bots driving the game."""

from __future__ import annotations

from collections import Counter

import pytest

import spite_rules.malice as sm
from spite_rules.bots import RandomBot, play_deal
from spite_rules.cards import parse_card, parse_cards
from spite_rules.core.engine import GAMES, game, game_of
from spite_rules.errors import IllegalAction, NotationError
from spite_rules.core.record import GameRecord, replay
from spite_rules.malice.views import shown_cards
from spite_rules.core.serialization import from_json, to_json
from tests.malice.malice_helpers import JACKS, random_game


def _table() -> sm.State:
    return sm.setup(
        payoff=["3♠ 9♦", "5♣ Q♣"], hands=["A♠ K♥", "2♦ 7♣"], side=[["4♣ 5♣"], ["8♥"]],
        centre=["A♥ K♠"], stock="5♦ 6♣ 7♦",
    )


def test_a_view_shows_the_own_hand_pay_off_tops_sizes_and_the_stock_size() -> None:
    seen = sm.view(_table(), 0)
    assert seen.hand == parse_cards("A♠ K♥") and seen.hand_sizes == (2, 2)
    assert seen.payoff_tops == (parse_card("9♦"), parse_card("Q♣")) and seen.payoff_sizes == (2, 2)
    assert seen.stock_size == 3 and seen.to_act == 0 and seen.phase is sm.Phase.PLAY


def test_a_view_shows_side_stack_tops_and_sizes_unless_spread() -> None:
    seen = sm.view(_table(), 1)
    assert seen.side[0][0] == parse_cards("5♣") and seen.side_sizes[0][0] == 2


def test_a_view_shows_the_centre_with_the_value_each_wild_stands_for() -> None:
    seen = _table().view(1)
    assert seen.centre[0] == parse_cards("A♥ K♠") and seen.wilds == ((0, 2),)


def test_a_view_of_a_seat_that_does_not_exist_is_refused() -> None:
    with pytest.raises(IllegalAction, match="seat 2 does not exist"):
        sm.view(_table(), 2)


def test_a_draw_shows_its_count_to_others_and_its_cards_to_the_drawer() -> None:
    drew = sm.Drew(1, 2, parse_cards("5♣ 6♣"))
    assert sm.redact(drew, 0) == sm.Drew(1, 2, ())
    assert sm.redact(drew, 1) == drew


def test_no_view_shows_a_hidden_card() -> None:
    malice = game("malice")
    for rules in (sm.Rules(), JACKS):
        _, states = random_game(rules, seed=3)
        for state in states[::5]:
            for seat in range(2):
                seen = sm.view(state, seat)
                shown = shown_cards(seen)
                visible = malice.all_cards(state) - malice.hidden_cards(state, seat)
                assert not (shown - visible), (shown - visible)


def test_hidden_cards_are_other_hands_the_stock_and_buried_cards() -> None:
    hidden = game("malice").hidden_cards(_table(), 0)
    assert hidden == Counter(parse_cards("2♦ 7♣ 5♦ 6♣ 7♦ 3♠ 5♣ 4♣"))


def test_every_legal_move_reads_back_from_its_notation() -> None:
    for rules in (sm.Rules(), sm.Rules.preset("book"), JACKS, sm.Rules.preset("three_decks")):
        _, states = random_game(rules, seed=5)
        for state in states[::3]:
            for move in sm.legal_moves(state):
                assert sm.parse_action(state, str(move)) == move, str(move)


def test_bad_notation_names_the_token() -> None:
    with pytest.raises(NotationError, match="'jump' is not an action"):
        sm.parse_action(_table(), "jump to centre 1")
    with pytest.raises(NotationError, match="'1♠' is not a card"):
        sm.parse_action(_table(), "play 1♠ from hand to centre 1")


def test_states_actions_and_events_round_trip_through_json() -> None:
    state, _ = random_game(JACKS, seed=2)
    assert from_json(to_json(state)) == state
    move = sm.Play(0, "K♠", 1, origin=sm.Origin.SIDE, side=2, owner=1)
    assert '"game": "malice"' in to_json(move) and from_json(to_json(move)) == move
    event = sm.GameOver(1, "backstab", (0, 0), (1, 0), (1, 0))
    assert from_json(to_json(event)) == event
    assert from_json(to_json(sm.view(state, 0))) == sm.view(state, 0)
    assert from_json(to_json(JACKS)) == JACKS


def test_a_game_record_replays_exactly() -> None:
    state = sm.new_game(["ann", "bob"], seed=8, rules=JACKS)
    record = GameRecord(game="malice", players=("ann", "bob"), seed=8, rules=JACKS)
    bot = RandomBot(8)
    for _ in range(40):
        if state.game_over:
            break
        move = bot.choose(state.view(state.to_act), sm.legal_moves(state))
        state, _ = sm.apply(state, move)
        record = record.with_action(move)
    replayed, _ = replay(from_json(to_json(record)))
    assert replayed == state


def test_malice_is_a_registered_game() -> None:
    assert "malice" in GAMES and game("malice").title == "Spite and Malice"
    assert game_of(_table()).name == "malice"
    assert game("malice").rules_names() == sm.PRESETS


def test_random_bots_play_a_whole_game_through_the_protocol() -> None:
    state = sm.new_game(3, seed=4)
    state, events = play_deal(state, [RandomBot(1), RandomBot(2), RandomBot(3)])
    assert state.game_over and isinstance(events[-1], sm.GameOver)


def test_events_and_actions_are_described_in_words() -> None:
    malice = game("malice")
    assert malice.describe_event(sm.Drew(1, 3), ["ann", "bob"]) == "bob draws 3 cards"
    assert malice.describe_action(sm.Discard(0, "7♣", 1), ["ann", "bob"]) == "ann: discard 7♣ to side 2"
