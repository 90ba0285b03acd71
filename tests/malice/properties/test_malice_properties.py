"""Invariants of Spite and Malice over random legal play, for every preset and several variations.

Each example plays a seeded random game (part or whole) and checks, at every step: cards are
conserved; centre stacks are ascending runs from an ace; the side and centre spaces stay within the
limits; ``apply`` leaves its input unchanged; the fast ``legal_moves`` equals the reference path
(every candidate that no rule forbids); ``apply`` gives the same with ``legal_moves``' memo cleared;
moves not offered are refused. Whole games end, for every preset and 2 to 6 players where allowed.
"""

from __future__ import annotations

import random

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules.malice as sm
from spite_rules.errors import IllegalAction
from spite_rules.malice.breaches import breach
from spite_rules.malice.moves import candidates
from spite_rules.malice.order import WILD, value, wild_may_be
from spite_rules.malice.piles import centre_breach, centre_clauses_breach, centre_limit, fits
from spite_rules.malice.side_stacks import side_breach, side_clauses_breach, side_spaces, side_spaces_by_rank
from spite_rules.malice.legal import offered
from spite_rules.malice.turn import general_apply
from tests.malice.oracles import reference_moves
from spite_rules.malice.turn_end import quick_turn_end

RULESETS = {
    "common": sm.Rules(),
    "book": sm.Rules.preset("book"),
    "jacks": sm.Rules.preset("jacks"),
    "three_decks": sm.Rules.preset("three_decks"),
    "book_reshuffle_aces_twos": attrs.evolve(sm.Rules.preset("book"), stalemate=sm.Stalemate.RESHUFFLE,
                                             stalemate_aces_twos=True),
    "loading": sm.Rules().variation("loading"),
    "massachusetts": sm.Rules().variation("massachusetts"),
    "jokers_not_ace_or_seven": sm.Rules().variation("jokers").variation("wild_not_ace_or_seven"),
    "jokers_only_wild_wait": sm.Rules().variation("jokers_only_wild").variation("unlimited_centre_wait"),
    "spread_four_fewer_wins": sm.Rules(centre_limit=sm.CentreLimit.FOUR, spread_side_stacks=True,
                                       stalemate_fewer_wins=True, scoring=sm.Scoring.POINTS),
}
PLAYERS = {"common": (2, 6), "loading": (2, 4), "massachusetts": (2, 4), "spread_four_fewer_wins": (2, 5)}
QUICK = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> tuple[str, sm.Rules, int, int]:
    name = draw(st.sampled_from(sorted(RULESETS)))
    low, high = PLAYERS.get(name, (2, 2))
    return name, RULESETS[name], draw(st.integers(low, high)), draw(st.integers(0, 10**6))


def _walk(rules: sm.Rules, players: int, seed: int, steps: int) -> list[tuple[sm.State, sm.Action]]:
    """(state, the random legal move made in it) along a seeded game, up to ``steps`` moves."""
    state = sm.new_game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    path = []
    for _ in range(steps):
        if state.game_over:
            break
        move = rng.choice(sm.legal_moves(state))
        path.append((state, move))
        state, _ = sm.apply(state, move)
    return path


def _run_of_an_ace(state: sm.State) -> bool:
    rules = state.rules
    for stack in state.centre:
        for place, card in enumerate(stack, start=1):
            worth = value(card, rules)
            if worth == WILD:
                if not wild_may_be(rules, place):
                    return False
            elif worth != place:
                return False
        if len(stack) > rules.top_value:
            return False
    return True


@QUICK
@given(games())
def test_cards_are_conserved_by_any_sequence_of_legal_moves(game: tuple[str, sm.Rules, int, int]) -> None:
    _, rules, players, seed = game
    path = _walk(rules, players, seed, 120)
    if not path:
        return
    total = path[0][0].all_cards()
    for state, move in path:
        assert state.all_cards() == total
    after, _ = sm.apply(*path[-1])
    assert after.all_cards() == total


@QUICK
@given(games())
def test_centre_stacks_are_always_ascending_runs_from_an_ace(game: tuple[str, sm.Rules, int, int]) -> None:
    _, rules, players, seed = game
    for state, _ in _walk(rules, players, seed, 120):
        assert _run_of_an_ace(state), state.centre


@QUICK
@given(games())
def test_no_side_or_centre_stack_beyond_the_limit(game: tuple[str, sm.Rules, int, int]) -> None:
    _, rules, players, seed = game
    for state, _ in _walk(rules, players, seed, 120):
        assert all(len(stacks) == rules.side_stacks for stacks in state.side)
        limit = centre_limit(rules, players)
        standing = sum(1 for stack in state.centre if stack)
        assert limit is None or (len(state.centre) == limit and standing <= limit)


@QUICK
@given(games())
def test_apply_never_changes_its_input(game: tuple[str, sm.Rules, int, int]) -> None:
    _, rules, players, seed = game
    for state, move in _walk(rules, players, seed, 60)[::4]:
        copy = attrs.evolve(state)
        sm.apply(state, move)
        assert state == copy


@QUICK
@given(games())
def test_a_game_is_a_function_of_its_seed_and_moves(game: tuple[str, sm.Rules, int, int]) -> None:
    _, rules, players, seed = game
    path = _walk(rules, players, seed, 80)
    state = sm.new_game(players, seed=seed, rules=rules)
    for expected, move in path:
        assert state == expected
        state, _ = sm.apply(state, move)


@QUICK
@given(games())
def test_legal_moves_equal_the_reference_path(game: tuple[str, sm.Rules, int, int]) -> None:
    _, rules, players, seed = game
    for state, _ in _walk(rules, players, seed, 60):
        # a copy, which ignores the moves kept with the state: legal_moves finds them again
        assert list(sm.legal_moves(attrs.evolve(state))) == list(reference_moves(state))


@QUICK
@given(games())
def test_moves_not_offered_are_refused_and_offered_moves_apply(game: tuple[str, sm.Rules, int, int]) -> None:
    _, rules, players, seed = game
    for state, move in _walk(rules, players, seed, 40)[::3]:
        offered = sm.legal_moves(state)
        for candidate in candidates(state):
            if candidate not in offered:
                try:
                    sm.apply(state, candidate)
                except IllegalAction:
                    continue
                raise AssertionError(f"{candidate} was not offered but applied")
        for legal in offered:
            sm.apply(state, legal)


@QUICK
@given(games())
def test_apply_gives_the_same_on_an_equal_copy_that_kept_no_moves(game: tuple[str, sm.Rules, int, int]) -> None:
    # apply trusts a move legal_moves kept with the state (State.verdicts); on a copy, which starts
    # with none (a hidden field), it judges the move again, and must come to the same state and events
    _, rules, players, seed = game
    for state, move in _walk(rules, players, seed, 60)[::3]:
        sm.legal_moves(state)
        remembered = sm.apply(state, move)
        copy = attrs.evolve(state)
        assert not offered(copy, move)
        assert sm.apply(copy, move) == remembered


@QUICK
@given(games())
def test_the_quick_turn_end_equals_the_general_path(game: tuple[str, sm.Rules, int, int]) -> None:
    _, rules, players, seed = game
    for state, _ in _walk(rules, players, seed, 80)[::2]:
        for move in sm.legal_moves(state):
            if isinstance(move, (sm.Discard, sm.EndTurn, sm.MoveSide)):
                quick = quick_turn_end(state, move)
                if quick is not None:
                    assert quick == general_apply(state, move)


@QUICK
@given(games())
def test_fits_and_side_spaces_equal_the_rules_clause_by_clause(game: tuple[str, sm.Rules, int, int]) -> None:
    # the generators (piles.centre_needs through fits, side_stacks.side_spaces) are the rules; the
    # clauses one by one (centre_clauses_breach, side_clauses_breach: the words of a refusal) allow
    # exactly what they allow, and centre_breach / side_breach give those words where they refuse
    _, rules, players, seed = game
    for state, _ in _walk(rules, players, seed, 60)[::2]:
        cards = set(state.hands[state.to_act]) | {pile[-1] for pile in state.payoff if pile}
        spaces = len(state.centre) + (1 if centre_limit(rules, players) is None else 0)
        for card in cards:
            in_words = [centre_clauses_breach(rules, state.centre, players, card, space) for space in range(spaces)]
            assert fits(rules, state.centre, players, card) == tuple(
                space for space, words in enumerate(in_words) if words is None)
            assert [centre_breach(rules, state.centre, players, card, space) for space in range(spaces)] == in_words
            stacks = state.side[state.to_act]
            side_words = [side_clauses_breach(rules, stacks, (card,), space) for space in range(len(stacks))]
            assert side_spaces(rules, stacks, (card,)) == [
                space for space, words in enumerate(side_words) if words is None]
            assert [side_breach(rules, stacks, (card,), space) for space in range(len(stacks))] == side_words
        stacks = state.side[state.to_act]
        ranks = list(dict.fromkeys(card.rank for card in cards))
        assert side_spaces_by_rank(rules, stacks, ranks) == {
            rank: side_spaces(rules, stacks, [card for card in cards if card.rank is rank]) for rank in ranks
        }


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_games_end_for_every_preset_and_table(game: tuple[str, sm.Rules, int, int]) -> None:
    _, rules, players, seed = game
    state = sm.new_game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(20_000):
        if state.game_over:
            break
        state, _ = sm.apply(state, rng.choice(sm.legal_moves(state)))
    assert state.game_over and state.result is not None
    assert state.result.how in ("pay-off emptied", "backstab", "stock ran out", "stalemate")
    assert breach(state, sm.EndTurn(state.to_act)) is not None
