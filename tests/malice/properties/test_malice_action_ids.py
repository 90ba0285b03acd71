"""Spite and Malice's fixed action ids (``spite_rules.malice.action_ids``) over random games of every
preset and of the variations that add moves (loading, side moves, substitution, groups, partners):
every legal move has exactly one id, no two legal moves share one, each id decodes back to its move,
and an id means the same thing (its key) in every state; every id of a table is one move."""

from __future__ import annotations

import random

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules.malice as sm
from spite_rules.malice.action_ids import action_table, centre_bound

TABLES = {
    **{preset: (sm.Rules.preset(preset), (2,)) for preset in sm.PRESETS},
    "common_at_six": (sm.Rules(), (3, 4, 6)),
    "loading": (sm.Rules().variation("loading"), (2, 3, 4)),
    "massachusetts": (sm.Rules().variation("massachusetts"), (2, 4)),
    "partners": (attrs.evolve(sm.Rules(), partnerships=True), (4,)),
    "unlimited_jokers": (sm.Rules().variation("jokers").variation("unlimited_centre_wait"), (2,)),
}


@st.composite
def games(draw: st.DrawFn) -> tuple[sm.Rules, int, int]:
    rules, seats = TABLES[draw(st.sampled_from(sorted(TABLES)))]
    return rules, draw(st.sampled_from(seats)), draw(st.integers(0, 10**6))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_every_legal_move_has_exactly_one_id_and_each_id_decodes_to_its_move(game: tuple[sm.Rules, int, int]) -> None:
    rules, players, seed = game
    table = action_table(rules, players)
    state = sm.new_game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    greedy = [sm.GreedyBot(seat) for seat in range(players)]
    for step in range(400):
        if state.game_over:
            break
        moves = sm.legal_moves(state)
        ids = table.legal_ids(state, moves)
        assert len(ids) == len(moves), "two legal moves share an id"
        assert list(ids) == sorted(ids) and all(0 <= action < table.size for action in ids)
        for action, move in ids.items():
            assert table.key_of(move) == table.keys[action]  # the id's one meaning, in any state
            assert table.move_of(state, action) is move
        assert max((len(state.centre),)) <= table.centre
        seat = state.to_act
        move = greedy[seat].choose(state.view(seat), moves) if (step + seat) % 3 == 0 else rng.choice(moves)
        state, _ = sm.apply(state, move)


def test_every_id_of_a_table_is_one_move() -> None:
    for rules, seats in TABLES.values():
        for players in seats:
            table = action_table(rules, players)
            assert len(set(table.keys)) == table.size
            assert len({table.describe(action) for action in range(table.size)}) == table.size


def test_the_centre_bound_is_the_limit_or_the_cards_that_can_start_a_stack() -> None:
    assert centre_bound(sm.Rules(), 2) == 3
    assert centre_bound(sm.Rules.preset("jacks"), 2) == 4
    assert centre_bound(sm.Rules(centre_limit=sm.CentreLimit.PLAYERS_PLUS_ONE), 4) == 5
    book = sm.Rules.preset("book")  # no limit: two packs' aces, and four jokers as wild cards
    assert centre_bound(book, 2) == 8 + 4
