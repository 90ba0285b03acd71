"""The "must be sure" search in values (``sure_search.Search``) gives the reference search's answer
(``tests/malice/oracles.py``'s ``_search``, on cards through ``core_move``) at every position of random play: after every
play and substitution the seat might make, and for the position itself. ``sure.PlayJudge`` (what
``legal_moves`` asks of each play) gives the reference verdict on every play.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules.malice as sm
from spite_rules.malice.actions import Origin, Play, Substitute
from spite_rules.malice.moves import centre_candidates
from spite_rules.malice.order import value_table
from spite_rules.malice.sure import MAX_DEPTH, PlayJudge, obligations_open, sure_refuses
from spite_rules.malice.sure_search import Search
from tests.malice.oracles import reference_can_finish, reference_finishes_after, reference_sure_refuses

RULESETS = {
    "jacks": (sm.Rules.preset("jacks"), 2),
    "jacks_jokers_only_unlimited_no_seven": (
        attrs.evolve(sm.Rules.preset("jacks"), kings_wild=False, centre_limit=sm.CentreLimit.UNLIMITED,
                     wild_cannot_be=(7,)),
        2,
    ),
    "jacks_wild_on_wild_uncovered": (attrs.evolve(sm.Rules.preset("jacks"), wild_on_wild_covered=False), 2),
    "partners_wild_covers": (
        attrs.evolve(sm.Rules(), wild_ace_covered=True, wild_on_wild_covered=True, substitution=True,
                     partnerships=True, wild_queen_stays=True),
        4,
    ),
}


@st.composite
def walks(draw: st.DrawFn) -> tuple[sm.Rules, int, int]:
    rules, players = RULESETS[draw(st.sampled_from(sorted(RULESETS)))]
    return rules, players, draw(st.integers(0, 10**6))


def positions(walk: tuple[sm.Rules, int, int], steps: int = 400) -> Iterator[sm.State]:
    """The states of one random game (``walk``: the rules, the seats, the seed), up to ``steps`` of them."""
    rules, players, seed = walk
    state = sm.new_game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.game_over:
            return
        yield state
        state, _ = sm.apply(state, rng.choice(sm.legal_moves(state)))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(walks())
def test_the_search_in_values_answers_as_the_reference_search(walk: tuple[sm.Rules, int, int]) -> None:
    for state in positions(walk):
        search = Search(state)
        if obligations_open(state):
            assert search.finishes(MAX_DEPTH) == reference_can_finish(state), state
        for move in centre_candidates(state):
            assert isinstance(move, (Play, Substitute))
            fresh = Search(state)
            assert fresh.finishes_after(move, MAX_DEPTH) == reference_finishes_after(state, move), (state, move)
            assert search.finishes_after(move, MAX_DEPTH) == reference_finishes_after(state, move), (state, move)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(walks())
def test_the_play_judge_gives_the_reference_verdict(walk: tuple[sm.Rules, int, int]) -> None:
    """``sure.PlayJudge`` (what ``legal_moves`` and ``sure_refuses`` ask of a play) gives the
    reference verdict (``oracles.reference_sure_refuses``) on every candidate play."""
    rules = walk[0]
    values = value_table(rules)
    for state in positions(walk):
        judge = PlayJudge(state)
        for move in centre_candidates(state):
            if type(move) is Play:
                worth = values[move.card.rank]
                verdict = judge.refuses(move.origin, move.owner, move.side, worth, move.centre)
                assert verdict == reference_sure_refuses(state, move), (state, move)
                assert verdict == sure_refuses(state, move), (state, move)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(walks())
def test_a_cover_out_of_reach_is_one_the_reference_search_cannot_meet(walk: tuple[sm.Rules, int, int]) -> None:
    """``Search.out_of_reach`` prunes exactly: where it says an owed cover cannot be met within the
    search's depth, the reference search (without the prune) finds no finish either."""
    for state in positions(walk):
        search = Search(state)
        if obligations_open(state) and search.out_of_reach(search.root, MAX_DEPTH):
            assert not reference_can_finish(state), state
        for move in centre_candidates(state):
            assert isinstance(move, (Play, Substitute))
            after = search.table.after(search.root, search.move_of(move))
            if search.out_of_reach(after, MAX_DEPTH):
                assert not reference_finishes_after(state, move), (state, move)


def test_a_two_four_cards_down_a_side_stack_is_out_of_reach_of_a_wild_ace() -> None:
    """A wild ace played with the only visible 2 four cards down a side stack: the plain
    ``hopeless`` counts the 2, ``out_of_reach`` does not (three moves reach the top three cards),
    and the reference search agrees that no finish is found."""
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["K♠ 5♥", ""], side=[["2♣ 9♠ 9♥ 9♣"], []],
                     rules=sm.Rules.preset("jacks"))
    search = Search(state)
    move = Play(0, "K♠", 0)
    after = search.table.after(search.root, search.move_of(move))
    assert not search.hopeless(after)
    assert search.out_of_reach(after, MAX_DEPTH)
    assert not search.out_of_reach(after, MAX_DEPTH + 1)
    assert not reference_finishes_after(state, move)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(walks())
def test_discards_too_far_are_discards_the_reference_search_cannot_repay(walk: tuple[sm.Rules, int, int]) -> None:
    """``Search.discards_too_far`` is exact: where it says no opponent's discard played now could
    be repaid within the search's depth, the reference search finds no finish after any of them."""
    for state in positions(walk):
        search = Search(state)
        if search.discards_too_far(MAX_DEPTH):
            for move in centre_candidates(state):
                if type(move) is Play and move.origin is Origin.SIDE and move.owner in search.opponents:
                    assert not reference_finishes_after(state, move), (state, move)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(walks())
def test_a_wild_covered_at_once_is_one_the_reference_search_lets_be_played(
    walk: tuple[sm.Rules, int, int],
) -> None:
    """``Search.covered_at_once`` is exact: where it says a wild card played as an ace or on a wild
    card (``Search.lone_cover``) is covered at once, the reference search finds the turn can finish
    after it; where no card seen could cover it, the reference search finds it cannot."""
    for state in positions(walk):
        search = Search(state)
        for move in centre_candidates(state):
            if type(move) is not Play:
                continue
            size = search.lone_cover(search.move_of(move))
            if size and search.covered_at_once(search.move_of(move), size):
                assert reference_finishes_after(state, move), (state, move)
            elif size and not (search.visible >> size) & 3:
                assert not reference_finishes_after(state, move), (state, move)
