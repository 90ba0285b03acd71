"""Seed 002, the Jacks' family variation: the opponent's cards as sources, the "must be sure this
turn" wild-card and exchange rules, wild substitution, forced plays, the discard stage, completed
stacks, the backstab and the three-game set."""

from __future__ import annotations

import random

import pytest

import spite_rules.malice as sm
from spite_rules.cards import parse_card, parse_cards
from spite_rules.errors import IllegalAction
from spite_rules.malice.scoring import Result, series_scores
from tests.malice.malice_helpers import JACKS, kinds, moves, of_type, one, play_through

STOCK = "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ 2♥ 3♥"
FULL_J = "A♣ 2♦ 3♣ 4♥ 5♠ 6♦ 7♣ 8♦ 9♣ 10♥ J♠"


def jacks(**position: object) -> sm.State:
    position.setdefault("stock", STOCK)
    return sm.setup(rules=JACKS, **position)  # type: ignore[arg-type]


def plays(state: sm.State) -> list[str]:
    return [move for move in moves(state) if move.startswith(("play", "swap"))]


# -- sources --------------------------------------------------------------------------------------


def test_jacks_the_opponents_play_deck_top_is_a_source() -> None:
    state = jacks(payoff=["9♦", "5♣ 3♥"], hands=["7♦", ""], centre=["A♠ 2♣"])
    assert plays(state) == ["play 3♥ from seat 1's pay-off to centre 1"]


def test_jacks_the_opponents_discard_is_used_only_when_repaid_from_their_play_deck() -> None:
    state = jacks(payoff=["9♦", "Q♣ 4♥"], hands=["7♦", ""], side=[[], ["3♠"]], centre=["A♠ 2♣"])
    assert "play 3♠ from seat 1's side 1 to centre 1" in plays(state)
    state, _ = play_through(state, "play 3♠ from seat 1's side 1 to centre 1")
    assert state.exchange == 1
    assert moves(state) == ["play 4♥ from seat 1's pay-off to centre 1"]
    state, _ = play_through(state, "play 4♥ from seat 1's pay-off to centre 1")
    assert state.exchange == 0 and "end turn" in moves(state)


@pytest.mark.rule("malice.jacks.one-for-one")
def test_jacks_the_opponents_discard_is_refused_when_nothing_visible_repays_it() -> None:
    state = jacks(payoff=["9♦", "5♣ 8♥"], hands=["7♦", ""], side=[[], ["3♠"]], centre=["A♠ 2♣"])
    assert plays(state) == []
    with pytest.raises(IllegalAction, match=r"seat 1's discard 3♠ may be used only at a 1:1 exchange .*\[malice.jacks.one-for-one\]"):
        sm.apply(state, sm.Play(0, "3♠", 0, origin=sm.Origin.SIDE, side=0, owner=1))


def test_jacks_a_card_already_taken_from_their_play_deck_pays_for_a_discard() -> None:
    """Seed 002: "ONLY if you have already OR can ensure 100% that you will"."""
    state = jacks(payoff=["9♦", "5♣ 3♥"], hands=["7♦", ""], side=[[], ["4♠"]], centre=["A♠ 2♣"])
    state, _ = play_through(state, "play 3♥ from seat 1's pay-off to centre 1")
    assert state.exchange == -1
    state, _ = play_through(state, "play 4♠ from seat 1's side 1 to centre 1")
    assert state.exchange == 0 and "end turn" in moves(state)


# -- wild cards that must be covered ----------------------------------------------------------------


@pytest.mark.rule("malice.jacks.wild-ace-covered")
def test_jacks_wild_ace_is_legal_only_when_a_visible_real_two_covers_it() -> None:
    coverable = jacks(payoff=["9♦", "Q♣"], hands=["K♠ 2♥ 7♣", ""])
    assert "play K♠ from hand to centre 1" in plays(coverable)
    hopeless = jacks(payoff=["9♦", "Q♣"], hands=["K♠ 5♥ 7♣", ""])
    assert plays(hopeless) == []
    with pytest.raises(IllegalAction, match=r"a wild K♠ played as an ace must be covered by a real 2 this turn"):
        sm.apply(hopeless, sm.Play(0, "K♠", 0))


@pytest.mark.rule("malice.jacks.must-be-sure")
def test_jacks_the_turn_cannot_end_with_a_wild_ace_uncovered() -> None:
    state = jacks(payoff=["9♦", "Q♣"], hands=["K♠ 2♥ 7♣", ""])
    state, _ = play_through(state, "play K♠ from hand to centre 1")
    assert state.owed == ((0, 0),)
    assert moves(state) == ["play 2♥ from hand to centre 1"]
    with pytest.raises(IllegalAction, match="the turn cannot end yet: the wild K♠ on centre 1 needs a real 2"):
        sm.apply(state, sm.EndTurn(0))
    state, _ = play_through(state, "play 2♥ from hand to centre 1")
    assert state.owed == () and "end turn" in moves(state)


def test_jacks_a_cover_may_come_from_a_side_stack_or_the_opponents_play_deck() -> None:
    from_side = jacks(payoff=["9♦", "Q♣"], hands=["K♠ 7♣", ""], side=[["2♥"], []])
    assert "play K♠ from hand to centre 1" in plays(from_side)
    from_theirs = jacks(payoff=["9♦", "Q♣ 2♠"], hands=["K♠ 7♣", ""])
    assert "play K♠ from hand to centre 1" in plays(from_theirs)


def test_jacks_a_card_below_a_pay_off_top_is_never_counted_on() -> None:
    state = jacks(payoff=["2♥ 9♦", "Q♣"], hands=["K♠ 7♣", ""])
    assert plays(state) == []


@pytest.mark.rule("malice.jacks.wild-on-wild-covered")
def test_jacks_wild_on_wild_needs_a_visible_real_cover() -> None:
    """Seed 002: "if a stack has 1 2 3 4, and you wish to play Wild cards as 5 and 6, the wild-6
    MUST be ensured to be covered with a real 7"."""
    state = jacks(payoff=["9♦", "Q♣"], hands=["K♠ JK 7♣", ""], centre=["A♣ 2♦ 3♣ 4♥"])
    state, _ = play_through(state, "play K♠ from hand to centre 1")
    assert "play 🃏 from hand to centre 1" in plays(state)
    state, _ = play_through(state, "play 🃏 from hand to centre 1")
    assert state.owed == ((0, 5),) and moves(state) == ["play 7♣ from hand to centre 1"]
    no_seven = jacks(payoff=["9♦", "Q♣"], hands=["K♠ JK 8♣", ""], centre=["A♣ 2♦ 3♣ 4♥ K♦"])
    assert "play 🃏 from hand to centre 1" not in plays(no_seven)
    with pytest.raises(IllegalAction, match="a wild 🃏 on the wild on centre 1 must be covered by a real card"):
        sm.apply(no_seven, sm.Play(0, "JK", 0))


def test_jacks_a_single_wild_may_be_left_exposed() -> None:
    state = jacks(payoff=["9♦", "Q♣"], hands=["K♠ 8♣", ""], centre=["A♣ 2♦ 3♣ 4♥"])
    state, _ = play_through(state, "play K♠ from hand to centre 1")
    assert state.owed == () and "end turn" in moves(state)


@pytest.mark.rule("malice.jacks.wild-jack-queen")
def test_jacks_wild_cards_cannot_be_both_jack_and_queen() -> None:
    state = jacks(payoff=["9♦", "9♣"], hands=["JK 8♣", ""], centre=["A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ K♥"])
    assert plays(state) == []
    with pytest.raises(IllegalAction, match="cannot stand for Q on a wild J: wild cards cannot be both J and Q"):
        sm.apply(state, sm.Play(0, "JK", 0))


def test_jacks_an_obligation_nothing_can_meet_any_more_lapses_at_the_end_of_the_turn() -> None:
    """Ruling M24: a forced play or a draw can take what a cover needed; the turn may then end."""
    state = jacks(payoff=["9♦", "Q♣"], hands=["8♣", ""], centre=["K♠"], owed=((0, 0),))
    assert "end turn" in moves(state)
    state, events = play_through(state, "end turn")
    assert one(events, sm.ObligationLapsed).owed == (0,)


def test_a_compulsory_two_comes_before_an_obligation_it_leaves_unmet_which_lapses() -> None:
    """Ruling M44 (the book's compulsory aces and twos with seed 002's obligations, found by the
    any-options property): seat 0 owes a real 2 on its wild ace and one card of the opponent's play
    deck for a discard it used; the 2♠ showing on its side 3 is compulsory ("as soon as this is
    legal"), and swapping A♦ for the wild (the only way to meet both) would come after it. The 2♠ is
    offered, covers the wild, and the exchange nothing can meet any more lapses as the turn ends."""
    rules = sm.Rules(
        decks=3, jokers=4, payoff_size=10, hand_size=2, hands_dealt=False, max_players=2, kings_wild=False, side_stacks=3,
        first_player=sm.FirstPlayer.HIGHER_RESHUFFLE_TIES, centre_limit=sm.CentreLimit.THREE,
        side_rule=sm.SideRule.EQUAL_OR_ONE_LESS, compulsory_aces=False, compulsory_aces_and_twos=True,
        end_without_discard=True, side_moves=True, stalemate=sm.Stalemate.RESHUFFLE,
        opponent_payoff=True, opponent_discards=True, wild_ace_covered=True, substitution=True,
    )
    state = sm.new_game(2, seed=5, rules=rules)
    rng = random.Random(5)
    for _ in range(17):  # the any-options property's random game, to the position it stuck in
        state, _ = sm.apply(state, rng.choice(sm.legal_moves(state)))
    assert str(state.side[0][2][-1]) == "2♠" and state.owed and state.exchange == 1
    assert moves(state) == ["play 2♠ from side 3 to centre 2"]
    state, _ = play_through(state, "play 2♠ from side 3 to centre 2")
    assert not state.owed and state.exchange == 1
    ended, events = play_through(state, next(move for move in moves(state) if move == "end turn"))
    assert one(events, sm.ObligationLapsed).player == 0


# -- substitution --------------------------------------------------------------------------------------


def test_jacks_substitution_from_hand_puts_the_wild_in_the_hand() -> None:
    """Seed 002: "if there is a stack of 1 2 3 4 5 6 and a wild-7 on top, and you have a real 7 in
    your hand, you may take the real 7 from your hand, and switch it with the wild-7"."""
    state = jacks(payoff=["9♦", "Q♣"], hands=["7♥ 2♣", ""], centre=["A♣ 2♦ 3♣ 4♥ 5♠ 6♦ K♠"])
    state, events = play_through(state, "swap 7♥ from hand for centre 1")
    assert kinds(events) == ["Substituted"]
    assert state.centre[0][-1] == parse_card("7♥") and parse_card("K♠") in state.hands[0]


def test_jacks_substitution_from_your_discard_puts_the_wild_on_it() -> None:
    state = jacks(payoff=["9♦", "Q♣"], hands=["2♣", ""], side=[["5♣ 7♥"], []], centre=["A♣ 2♦ 3♣ 4♥ 5♠ 6♦ K♠"])
    state, _ = play_through(state, "swap 7♥ from side 1 for centre 1")
    assert state.side[0][0] == parse_cards("5♣ K♠") and state.exchange == 0


def test_jacks_substitution_from_the_opponents_discard_is_not_using_their_card() -> None:
    """Seed 002: "if switching a wild card with an opponent's discarded real-value card, this does
    NOT count as using a card that turn, until the wild card (or other discarded card) is used"."""
    state = jacks(payoff=["9♦", "Q♣"], hands=["2♣", ""], side=[[], ["5♣ 7♥"]], centre=["A♣ 2♦ 3♣ 4♥ 5♠ 6♦ K♠"])
    state, _ = play_through(state, "swap 7♥ from seat 1's side 1 for centre 1")
    assert state.side[1][0] == parse_cards("5♣ K♠") and state.exchange == 0
    assert "end turn" in moves(state)


@pytest.mark.rule("malice.jacks.substitution")
def test_jacks_the_real_card_must_be_the_value_the_wild_stands_for() -> None:
    state = jacks(payoff=["9♦", "Q♣"], hands=["8♥", ""], centre=["A♣ 2♦ 3♣ 4♥ 5♠ 6♦ K♠"])
    with pytest.raises(IllegalAction, match="the wild on centre 1 stands for a 7: an 8♥ cannot take its place"):
        sm.apply(state, sm.Substitute(0, "8♥", 0))


def test_jacks_a_wild_queen_completed_stack_stays_and_can_be_substituted() -> None:
    state = jacks(payoff=["9♦", "Q♣"], hands=["K♠ Q♥ 2♣", ""], centre=[FULL_J])
    state, events = play_through(state, "play K♠ from hand to centre 1")
    assert one(events, sm.StackCompleted) and len(state.centre[0]) == 12 and state.used == ()
    state, events = play_through(state, "swap Q♥ from hand for centre 1")
    assert state.centre[0] == () and len(state.used) == 12 and parse_card("K♠") in state.hands[0]


def test_jacks_a_real_queen_completed_stack_is_set_aside_at_once() -> None:
    state = jacks(payoff=["9♦", "Q♣"], hands=["Q♥ 2♣", ""], centre=[FULL_J])
    state, events = play_through(state, "play Q♥ from hand to centre 1")
    assert kinds(events) == ["Played", "StackCompleted", "StackSetAside"] and len(state.used) == 12


def test_jacks_a_wild_queen_stack_makes_room_for_an_ace_with_nowhere_else_to_go() -> None:
    state = jacks(payoff=["9♦", "Q♣"], hands=["A♥ 2♣", ""], centre=[FULL_J + " K♠", "A♣", "A♦", "A♠"])
    state, events = play_through(state, "play A♥ from hand to centre 1")
    assert one(events, sm.StackSetAside).count == 12 and state.centre[0] == parse_cards("A♥")


def test_jacks_completed_stacks_are_reshuffled_when_the_draw_pile_empties() -> None:
    state = jacks(payoff=["9♦", "Q♣"], hands=["2♣", ""], centre=[FULL_J + " K♠"], used="3♠ 4♠", stock="")
    state, events = play_through(state, "discard 2♣ to side 1")
    assert one(events, sm.StockShuffled).added == 14
    assert len(state.hands[1]) == 5 and state.centre[0] == ()


# -- forced plays -----------------------------------------------------------------------------------


def test_jacks_the_next_card_of_the_same_rank_is_played_at_once() -> None:
    state = jacks(payoff=["9♦ 3♦ 3♥", "5♣ 8♥"], hands=["7♦", ""], centre=["A♦ 2♠", "A♣ 2♥"])
    state, events = play_through(state, "play 3♥ from pay-off to centre 1")
    forced = [event for event in of_type(events, sm.Played) if event.forced]
    assert [(event.card, event.centre, event.forced) for event in forced] == [(parse_card("3♦"), 1, "same rank follows")]
    assert state.payoff[0] == parse_cards("9♦")


@pytest.mark.rule("malice.jacks.forced-plays")
def test_jacks_the_opponents_next_rank_follows_their_card() -> None:
    """Seed 002: "I use their 3, but they have a 4 underneath. Their 4 is automatically played"."""
    state = jacks(payoff=["9♦", "Q♣ 4♠ 3♥"], hands=["4♦ 7♦", ""], centre=["A♦ 2♠"])
    state, events = play_through(state, "play 3♥ from seat 1's pay-off to centre 1")
    forced = [event for event in of_type(events, sm.Played) if event.forced]
    assert [(event.card, event.forced) for event in forced] == [(parse_card("4♠"), "opponent's next rank follows")]
    assert state.exchange == -2 and state.centre[0][-1] == parse_card("4♠")


def test_jacks_equal_tops_are_played_together() -> None:
    state = jacks(payoff=["9♦ 3♥", "5♣ 3♠"], hands=["7♦", ""], centre=["A♦ 2♠", "A♣ 2♥"])
    state, events = play_through(state, "play 3♥ from pay-off to centre 1")
    forced = [event for event in of_type(events, sm.Played) if event.forced]
    assert [(event.card, event.forced, event.owner) for event in forced] == [(parse_card("3♠"), "equal tops together", 1)]


@pytest.mark.rule("malice.jacks.forced-place")
def test_jacks_a_forced_card_with_several_places_waits_for_the_player_to_choose() -> None:
    state = jacks(payoff=["9♦ 3♥", "5♣ 3♠"], hands=["7♦", ""], centre=["A♦ 2♠", "A♣ 2♥", "A♥ 2♦"])
    state, events = play_through(state, "play 3♥ from pay-off to centre 1")
    assert one(events, sm.ForcedPlayWaiting).choices == (1, 2) and state.phase is sm.Phase.PLACE
    assert moves(state) == ["place 3♠ on centre 2", "place 3♠ on centre 3"]
    with pytest.raises(IllegalAction, match="the forced 3♠ must be placed first"):
        sm.apply(state, sm.EndTurn(0))
    state, events = play_through(state, "place 3♠ on centre 3")
    assert one(events, sm.Played).forced == "equal tops together" and state.phase is sm.Phase.PLAY


@pytest.mark.rule("malice.jacks.forced-plays")
def test_jacks_a_forced_card_with_no_place_stays() -> None:
    """Ruling M21."""
    state = jacks(payoff=["9♦ 3♦ 3♥", "5♣ 8♥"], hands=["7♦", ""], centre=["A♦ 2♠", "A♣"])
    state, events = play_through(state, "play 3♥ from pay-off to centre 1")
    assert not [event for event in of_type(events, sm.Played) if event.forced]
    assert state.payoff[0][-1] == parse_card("3♦") and state.pending == ()


@pytest.mark.rule("malice.jacks.forced-plays")
def test_jacks_wild_cards_are_never_forced() -> None:
    state = jacks(payoff=["9♦ JK", "5♣ K♠"], hands=["7♦", ""], centre=["A♦ 2♠", "A♣ 2♥"])
    state, events = play_through(state, "play 🃏 from pay-off to centre 1")
    assert len(of_type(events, sm.Played)) == 1


# -- the discard stage ------------------------------------------------------------------------------


def test_jacks_move_a_top_discard_to_another_pile_ends_the_turn() -> None:
    state = jacks(payoff=["9♦", "Q♣"], hands=["7♦", "2♣ 3♣ 4♣ 5♣ 6♣"], side=[["8♠ 9♠"], []])
    assert "move 9♠ from side 1 to side 2" in moves(state)
    state, events = play_through(state, "move 9♠ from side 1 to side 2")
    assert state.side[0][:2] == (parse_cards("8♠"), parse_cards("9♠")) and one(events, sm.TurnEnded).how == "side move"


def test_jacks_doing_nothing_with_five_in_hand_draws_nothing_next_turn() -> None:
    state = jacks(payoff=["9♦", "Q♣"], hands=["7♠ 8♠ 9♠ 10♠ J♠", "2♣ 3♣ 4♣ 5♣ 6♣"])
    state, events = play_through(state, "end turn", "discard 2♣ to side 1")
    assert state.to_act == 0 and state.stock == parse_cards(STOCK) and not of_type(events, sm.Drew)


@pytest.mark.rule("malice.book.stalemate")
def test_jacks_a_round_of_turns_without_a_move_is_a_drawn_stalemate() -> None:
    """Ruling M29."""
    state = jacks(payoff=["9♦", "Q♣"], hands=["7♠ 8♠ 9♠ 10♠ J♠", "2♣ 3♣ 4♣ 5♣ 6♣"])
    state, events = play_through(state, "end turn", "end turn")
    assert state.game_over and one(events, sm.GameOver).how == "stalemate"


def test_jacks_emptying_the_hand_by_the_discard_draws_nothing_more() -> None:
    state = jacks(payoff=["9♦", "Q♣"], hands=["7♦", "2♣ 3♣ 4♣ 5♣ 6♣"])
    state, events = play_through(state, "discard 7♦ to side 1")
    assert state.hands[0] == () and not [event for event in of_type(events, sm.Drew) if event.player == 0]


# -- the end: backstab and the set -------------------------------------------------------------------


@pytest.mark.rule("malice.jacks.last-turn")
def test_jacks_emptying_the_play_deck_gives_the_opponent_one_more_turn() -> None:
    state = jacks(payoff=["3♥", "9♠ 5♣"], hands=["7♦", "4♠ 4♣ 4♦ 4♥ 7♣"], centre=["A♦ 2♠"])
    state, events = play_through(state, "play 3♥ from pay-off to centre 1")
    assert not state.game_over and state.finisher == 0
    state, events = play_through(state, "end turn")
    assert one(events, sm.FinalTurn) == sm.FinalTurn(1, 0) and state.final_turn
    state, events = play_through(state, "discard 7♣ to side 1")
    over = one(events, sm.GameOver)
    assert over.winner == 0 and over.how == "pay-off emptied" and over.points == (1, 0)


SEVENS = ["A♠ 2♠ 3♠ 4♠ 5♠ 6♠", "A♥ 2♥ 3♥ 4♥ 5♥ 6♥"]


@pytest.mark.rule("malice.jacks.last-turn", "malice.jacks.forced-plays")
def test_jacks_decks_emptied_by_one_play_the_card_played_first_finishes() -> None:
    """Ruling M41: seat 0 plays its last card, a 7, and so forces seat 1's last card, also a 7. Seat
    0 is the finisher; seat 1's next turn is its last, and it backstabs only by also clearing its
    discards."""
    for discard, winner, how in (("8♣", 1, "backstab"), ("10♣", 0, "pay-off emptied")):
        state = jacks(payoff=["7♠", "7♦"], hands=["9♣ J♣", "9♦ J♦"], side=[[], [discard]], centre=SEVENS)
        state, events = play_through(state, "play 7♠ from pay-off to centre 1")
        assert [(e.owner, str(e.card), bool(e.forced)) for e in of_type(events, sm.Played)] == [
            (None, "7♠", False), (1, "7♦", True)]
        assert state.payoff == ((), ()) and state.finisher == 0 and not state.final_turn
        state, events = play_through(state, "discard 9♣ to side 1")
        assert one(events, sm.FinalTurn) == sm.FinalTurn(1, 0)
        if discard == "8♣":
            state, _ = play_through(state, "play 8♣ from side 1 to centre 1")
        state, events = play_through(state, "end turn")
        over = one(events, sm.GameOver)
        assert (over.winner, over.how) == (winner, how)


@pytest.mark.rule("malice.jacks.last-turn", "malice.jacks.forced-plays")
def test_jacks_decks_emptied_by_one_play_of_the_opponents_card_makes_this_turn_the_last() -> None:
    """Ruling M41: seat 0 plays seat 1's last card, a 7, and so forces its own last card. Seat 1 is
    the finisher and this turn is seat 0's last: a discard left at its end loses, none backstabs."""
    for ending, winner, how in (("discard 9♣ to side 1", 1, "pay-off emptied"), ("end turn", 0, "backstab")):
        state = jacks(payoff=["7♠", "7♦"], hands=["9♣ J♣", "9♦ J♦"], centre=SEVENS)
        state, events = play_through(state, "play 7♦ from seat 1's pay-off to centre 1")
        assert kinds(events) == ["Played", "FinalTurn", "Played"]
        assert state.payoff == ((), ()) and state.finisher == 1 and state.final_turn
        state, events = play_through(state, ending)
        over = one(events, sm.GameOver)
        assert (over.winner, over.how) == (winner, how)


@pytest.mark.rule("malice.jacks.last-turn")
def test_jacks_backstab_won_by_emptying_the_play_deck_and_every_discard() -> None:
    state = jacks(payoff=["3♥", "5♣"], hands=["7♦", "4♠ 6♣ 6♦ 6♥ 6♠"], side=[[], ["7♠"]], centre=["A♦ 2♠"])
    state, _ = play_through(state, "play 3♥ from pay-off to centre 1", "end turn")
    state, events = play_through(
        state, "play 4♠ from hand to centre 1", "play 5♣ from pay-off to centre 1",
        "play 6♣ from hand to centre 1", "play 7♠ from side 1 to centre 1", "end turn",
    )
    over = one(events, sm.GameOver)
    assert over.winner == 1 and over.how == "backstab"


@pytest.mark.rule("malice.jacks.last-turn")
def test_jacks_backstab_failed_when_a_discard_is_left() -> None:
    state = jacks(payoff=["3♥", "5♣"], hands=["7♦", "4♠ 6♣ 6♦ 6♥ 6♠"], side=[[], ["9♠"]], centre=["A♦ 2♠"])
    state, _ = play_through(state, "play 3♥ from pay-off to centre 1", "end turn")
    state, events = play_through(state, "play 4♠ from hand to centre 1", "play 5♣ from pay-off to centre 1", "end turn")
    assert one(events, sm.GameOver).winner == 0


def test_jacks_the_last_turn_uses_every_discard_for_free() -> None:
    state = jacks(payoff=["3♥", "9♣ 8♣"], hands=["7♦", "4♠ 6♣ 6♦ 6♥ 6♠"], side=[["5♠"], []], centre=["A♦ 2♠"])
    state, _ = play_through(state, "play 3♥ from pay-off to centre 1", "end turn")
    state, _ = play_through(state, "play 4♠ from hand to centre 1", "play 5♠ from seat 0's side 1 to centre 1")
    assert state.exchange == 1 and "end turn" in moves(state)


@pytest.mark.rule("malice.jacks.set-of-three")
def test_jacks_set_of_three_games_scores_seed_002s_worked_example() -> None:
    """Seed 002: game 1 I win with 5 cards; game 2 my opponent wins with 0; game 3 my opponent wins
    with 6: "1 point for me ... 3 points for my opponent"."""
    games = [
        Result(0, "pay-off emptied", (0, 5), (1, 0)),
        Result(1, "pay-off emptied", (0, 0), (0, 1)),
        Result(1, "pay-off emptied", (6, 0), (0, 1)),
    ]
    assert series_scores(JACKS, games[:2], 2) == (1, 1)
    assert series_scores(JACKS, games, 2) == (1, 3)


@pytest.mark.rule("malice.jacks.set-of-three")
def test_jacks_a_set_tied_on_cards_gives_no_card_point() -> None:
    games = [Result(0, "pay-off emptied", (0, 5), (1, 0)), Result(1, "pay-off emptied", (5, 0), (0, 1)),
             Result(None, "stalemate", (3, 3), (0, 0))]
    assert series_scores(JACKS, games, 2) == (1, 1)


@pytest.mark.rule("malice.jacks.set-of-three")
def test_jacks_the_set_ends_after_three_games() -> None:
    state = jacks(payoff=["3♥", "9♠ 5♣"], hands=["7♦", "4♠ 4♣ 4♦ 4♥ 7♣"], centre=["A♦ 2♠"])
    state, _ = play_through(state, "play 3♥ from pay-off to centre 1", "end turn", "discard 7♣ to side 1")
    second, _ = sm.next_round(state)
    assert second.scores == (1, 0) and len(second.payoff[0]) == 30
    from spite_rules.errors import IllegalAction as Refused
    import attrs

    done = attrs.evolve(state, series=(state.result, state.result))  # type: ignore[arg-type]
    with pytest.raises(Refused, match="the series is over"):
        sm.next_round(done)


def test_jacks_a_wild_ace_needs_a_real_two_directly_on_it() -> None:
    """Ruling M25: a wild 2 on the wild ace (then a real 3) does not cover the ace with a real 2."""
    state = jacks(payoff=["9♦", "Q♣"], hands=["K♠ JK 3♣", ""])
    assert plays(state) == []
    state = jacks(payoff=["9♦", "Q♣"], hands=["K♠ JK 2♣ 3♣", ""])
    state, _ = play_through(state, "play K♠ from hand to centre 1", "play 🃏 from hand to centre 1")
    assert state.owed == ((0, 0), (0, 1))
    assert moves(state) == ["swap 2♣ from hand for centre 1"]


def test_jacks_playing_the_opponents_last_card_makes_this_turn_your_last() -> None:
    """Ruling M27: the seat whose play deck empties first is the finisher, whoever played it."""
    state = jacks(payoff=["9♦ 5♠", "3♥"], hands=["7♦", "2♣ 3♣ 4♣ 5♣ 6♣"], centre=["A♦ 2♠"])
    state, events = play_through(state, "play 3♥ from seat 1's pay-off to centre 1")
    assert state.finisher == 1 and state.final_turn and one(events, sm.FinalTurn) == sm.FinalTurn(0, 1)
    state, events = play_through(state, "end turn")
    assert one(events, sm.GameOver).winner == 1


def test_jacks_a_side_move_starts_a_new_pile_in_the_first_empty_space() -> None:
    """Ruling M10 for seed 002's discard-stage move."""
    state = jacks(payoff=["9♦", "Q♣"], hands=["7♦", ""], side=[["8♠ 9♠", "", "4♣"], []])
    assert [move for move in moves(state) if move.startswith("move")] == [
        "move 9♠ from side 1 to side 2", "move 9♠ from side 1 to side 3",
        "move 4♣ from side 3 to side 1", "move 4♣ from side 3 to side 2",
    ]
