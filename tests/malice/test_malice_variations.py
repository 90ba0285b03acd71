"""Seed 003's variations as options: compulsory aces, loading the opponent's pay-off pile, the
Massachusetts variation, partnerships and more players."""

from __future__ import annotations

import attrs
import pytest

import spite_rules.malice as sm
from spite_rules.cards import parse_card, parse_cards
from spite_rules.errors import IllegalAction
from tests.malice.malice_helpers import kinds, moves, of_type, one, play_through

ACES = sm.Rules().variation("compulsory_aces")
LOADING = sm.Rules().variation("loading")
MASS = sm.Rules().variation("massachusetts")
PAIRS = sm.Rules().variation("partnerships")


@pytest.mark.rule("malice.compulsory.aces")
def test_compulsory_aces_drawn_are_played_at_once() -> None:
    """Ruling M12: played inside apply as events, forced by "compulsory aces"."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "8♥"], stock="A♠ 2♠ 3♠ 4♠", rules=ACES)
    state, events = play_through(state, "discard 7♥ to side 1")
    played = one(events, sm.Played)
    assert played.card == parse_card("A♠") and played.forced == "compulsory aces" and played.player == 1
    assert kinds(events)[-2:] == ["Drew", "Played"]


def test_compulsory_aces_turned_up_on_the_pay_off_are_played_at_once() -> None:
    state = sm.setup(payoff=["9♦ A♥ 2♣", "Q♣"], hands=["7♥", ""], centre=["A♣"], rules=ACES)
    state, events = play_through(state, "play 2♣ from pay-off to centre 1")
    forced = [event for event in of_type(events, sm.Played) if event.forced]
    assert [event.card for event in forced] == [parse_card("A♥")]
    assert state.payoff[0] == parse_cards("9♦")


@pytest.mark.rule("malice.compulsory.aces")
def test_compulsory_aces_with_a_limit_wait_while_no_stack_may_start() -> None:
    rules = attrs.evolve(ACES, centre_limit=sm.CentreLimit.THREE)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "8♥"], centre=["A♣", "A♦", "A♥"], stock="A♠ 2♠ 3♠ 4♠", rules=rules)
    state, events = play_through(state, "discard 7♥ to side 1")
    assert not of_type(events, sm.Played) and parse_card("A♠") in state.hands[1]


def test_loading_a_card_of_the_same_suit_one_rank_away() -> None:
    """Seed 003: "if the top card of your opponent's pay-off pile is a heart8 you can load a heart9
    or a heart7 onto it"."""
    state = sm.setup(payoff=["2♣ 5♥", "8♥"], hands=["9♥ 7♥ 9♠", ""], rules=LOADING)
    loads = [move for move in moves(state) if move.startswith("load")]
    assert loads == ["load 7♥ from hand onto seat 1's pay-off", "load 9♥ from hand onto seat 1's pay-off"]
    state, events = play_through(state, "load 9♥ from hand onto seat 1's pay-off")
    assert state.payoff[1] == parse_cards("8♥ 9♥") and state.to_act == 0
    assert one(events, sm.Loaded).target == 1


def test_loading_from_the_pay_off_top_turns_up_the_next() -> None:
    state = sm.setup(payoff=["2♣ 7♥", "8♥"], hands=["5♠", ""], rules=LOADING)
    state, events = play_through(state, "load 7♥ from pay-off onto seat 1's pay-off")
    assert kinds(events) == ["Loaded", "PayoffTurnedUp"] and state.payoff[0] == parse_cards("2♣")


@pytest.mark.rule("malice.loading.source")
def test_loading_never_uses_a_side_stack_card() -> None:
    state = sm.setup(payoff=["2♣ 5♥", "8♥"], hands=["5♠", ""], side=[["9♥"], []], rules=LOADING)
    with pytest.raises(IllegalAction, match="you are not allowed to load cards from your discard piles"):
        sm.apply(state, sm.Load(0, "9♥", 1, origin=sm.Origin.SIDE))


@pytest.mark.rule("malice.loading.last-card")
def test_loading_never_uses_the_last_pay_off_card() -> None:
    """Ruling M13: the game is won by playing the last pay-off card to the centre."""
    state = sm.setup(payoff=["7♥", "8♥"], hands=["5♠", ""], rules=LOADING)
    with pytest.raises(IllegalAction, match="the last pay-off card is played to the centre, not loaded"):
        sm.apply(state, sm.Load(0, "7♥", 1, origin=sm.Origin.PAYOFF))


@pytest.mark.rule("malice.loading.suit-and-rank")
def test_loading_kings_sit_next_to_queens_and_jokers_never_load() -> None:
    """Ruling M13."""
    rules = attrs.evolve(LOADING, jokers=4)
    state = sm.setup(payoff=["2♣ 5♥", "Q♥"], hands=["K♥ JK", ""], rules=rules)
    loads = [move for move in moves(state) if move.startswith("load")]
    assert loads == ["load K♥ from hand onto seat 1's pay-off"]


@pytest.mark.rule("malice.loading.allowed")
def test_loading_is_not_played_in_the_common_game() -> None:
    state = sm.setup(payoff=["2♣ 5♥", "8♥"], hands=["9♥", ""])
    with pytest.raises(IllegalAction, match="loading the opponent's pay-off pile is not played"):
        sm.apply(state, sm.Load(0, "9♥", 1))


@pytest.mark.rule("malice.massachusetts.fill")
def test_massachusetts_empty_side_stacks_are_filled_before_the_ending_discard() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥ 8♥ 9♣", "2♦"], side=[["5♠", "", "6♠", "7♠"], []],
                     stock="2♣ 3♣ 4♣ 5♣ 6♣", rules=MASS)
    assert [move for move in moves(state) if move.startswith("discard")] == [
        "discard 7♥ to side 2", "discard 8♥ to side 2", "discard 9♣ to side 2",
    ]
    state, events = play_through(state, "discard 7♥ to side 2")
    assert state.phase is sm.Phase.FILL and state.to_act == 0 and kinds(events) == ["Discarded"]
    assert all(move.startswith("discard") for move in moves(state))
    state, events = play_through(state, "discard 8♥ to side 1")
    assert state.to_act == 1 and one(events, sm.TurnEnded).how == "discard"


@pytest.mark.rule("malice.massachusetts.fill")
def test_massachusetts_a_discard_onto_a_stack_while_one_is_empty_is_refused() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥ 8♥", ""], side=[["5♠", "", "6♠", "7♠"], []], rules=MASS)
    with pytest.raises(IllegalAction, match="side 2 is empty: fill every empty side stack"):
        sm.apply(state, sm.Discard(0, "7♥", 0))


@pytest.mark.rule("malice.massachusetts.fill")
def test_massachusetts_too_few_cards_to_finish_draws_five_and_begins_a_new_turn() -> None:
    """Ruling M18."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", "2♦"], side=[["5♠", "", "6♠", "7♠"], []],
                     stock="2♣ 3♣ 4♣ 5♣ 6♣ 8♣", rules=MASS)
    state, events = play_through(state, "discard 7♥ to side 2")
    assert kinds(events) == ["Discarded", "Drew"]
    assert state.to_act == 0 and state.phase is sm.Phase.PLAY and len(state.hands[0]) == 5


@pytest.mark.rule("malice.sources.whose-piles")
def test_partners_may_play_from_each_others_pay_off_and_side_stacks() -> None:
    state = sm.setup(payoff=["9♦", "Q♣", "A♥", "J♣"], hands=["7♥", "", "", ""], side=[[], [], ["A♠"], []], rules=PAIRS)
    plays = [move for move in moves(state) if move.startswith("play")]
    assert plays == ["play A♥ from seat 2's pay-off to centre 1", "play A♠ from seat 2's side 1 to centre 1"]


def test_partners_discard_only_to_their_own_side_stacks() -> None:
    state = sm.setup(payoff=["9♦", "Q♣", "5♥", "J♣"], hands=["7♥", "", "", ""], side=[[], [], ["2♠"], []],
                     stock="2♣ 3♣ 4♣ 5♣ 6♣", rules=PAIRS)
    assert moves(state) == [f"discard 7♥ to side {side}" for side in (1,)]
    state, _ = play_through(state, "discard 7♥ to side 1")
    assert state.side[0][0] == parse_cards("7♥") and state.side[2][0] == parse_cards("2♠")


@pytest.mark.rule("malice.sources.whose-piles")
def test_partners_never_play_from_an_opponents_piles() -> None:
    state = sm.setup(payoff=["9♦", "A♣", "5♥", "J♣"], hands=["7♥", "", "", ""], rules=PAIRS)
    with pytest.raises(IllegalAction, match="seat 0 may not play from seat 1's pay-off pile"):
        sm.apply(state, sm.Play(0, "A♣", 0, origin=sm.Origin.PAYOFF, owner=1))


@pytest.mark.rule("malice.end.payoff-emptied")
def test_a_partnership_wins_when_both_pay_offs_are_empty() -> None:
    """Ruling M11: the winner is the seat that played the pair's last pay-off card."""
    state = sm.setup(payoff=["", "Q♣", "A♥", "J♣"], hands=["7♥", "", "", ""], rules=PAIRS)
    state, events = play_through(state, "play A♥ from seat 2's pay-off to centre 1")
    assert state.winner == 0 and one(events, sm.GameOver).how == "pay-off emptied"


def test_one_empty_pay_off_does_not_end_a_partnership_game() -> None:
    state = sm.setup(payoff=["A♦", "Q♣", "5♥", "J♣"], hands=["7♥", "", "", ""], rules=PAIRS)
    state, _ = play_through(state, "play A♦ from pay-off to centre 1")
    assert not state.game_over


def test_three_teams_of_two_sit_opposite() -> None:
    state = sm.new_game(6, seed=2, rules=PAIRS)
    assert state.teams == ((0, 3), (1, 4), (2, 5))


def test_massachusetts_fills_begin_the_ending_so_owed_covers_come_first() -> None:
    """Ruling M18 with seed 002's rules: no fill while a wild still needs its cover."""
    rules = sm.Rules.preset("jacks").variation("massachusetts")
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["2♠ 3♠", ""], side=[["2♣", "", "7♠", "5♣"], []],
                     centre=["JK"], owed=((0, 0),), stock="4♦ 5♦ 6♦ 7♦ 8♦", rules=rules)
    assert moves(state) == ["play 2♣ from side 1 to centre 1", "play 2♠ from hand to centre 1"]
