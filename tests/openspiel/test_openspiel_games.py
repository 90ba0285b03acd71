"""Both games in OpenSpiel (extra ``spite-rules[openspiel]``): OpenSpiel's own ``random_sim_test``
for every preset and ruleset, the Python-game test pattern (clone, serialize and deserialize,
legal actions consistent with ``apply_action``, returns at terminal), the chance nodes, the
parameters, the observations, resampling, and the fixed action ids."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (pip install 'spite-rules[openspiel]') has OpenSpiel")

import attrs  # noqa: E402
import numpy as np  # noqa: E402

import spite_rules as sr  # noqa: E402
import spite_rules.malice as sm  # noqa: E402
import spite_rules.openspiel  # noqa: E402,F401  (registers the games)
from spite_rules.errors import IllegalAction  # noqa: E402
from spite_rules.malice.action_ids import action_table  # noqa: E402
from spite_rules.openspiel.games import MALICE, SEED_BYTES, SPITE, params_of, rules_of, state_of  # noqa: E402
from spite_rules.rl import malice_encoding, spite_encoding  # noqa: E402

TABLES = [("python_spite_and_malice", {"preset": preset}) for preset in sm.PRESETS] + [
    ("python_spite_and_malice", {"preset": "common", "players": 4}),
    ("python_spite", {"players": 4, "ruleset": "march-2023"}),
    ("python_spite", {"players": 3, "ruleset": "2023-07"}),
]


def _deal(state: object, seed: int) -> None:
    rng = random.Random(seed)
    while state.is_chance_node():  # type: ignore[attr-defined]
        state.apply_action(rng.randrange(256))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "params"), TABLES)
def test_openspiel_random_sim_test_passes(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params"), TABLES)
def test_the_python_game_pattern_clone_serialize_legal_actions_and_returns(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    rng = random.Random(3)
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9 and len(outcomes) == game.max_chance_outcomes()
            state.apply_action(rng.choice(outcomes)[0])
            continue
        clone = state.clone()
        assert str(clone) == str(state) and clone.history() == state.history()
        if steps % 17 == 0:
            again = game.deserialize_state(state.serialize())
            assert str(again) == str(state)
            assert str(pickle.loads(pickle.dumps(state))) == str(state)
        legal = state.legal_actions()
        assert legal == sorted(legal) and legal and all(0 <= action < game.num_distinct_actions() for action in legal)
        assert state.legal_actions_mask() == [int(action in legal) for action in range(game.num_distinct_actions())]
        for other in range(game.num_players()):
            if other != state.current_player():
                assert state.legal_actions(other) == []
        if steps % 23 == 0:  # every legal action applies, on a clone
            for action in legal:
                state.clone().apply_action(action)
        assert state.returns() == [0.0] * game.num_players()
        state.apply_action(rng.choice(legal))
        steps += 1
    returns = state.returns()
    assert len(returns) == game.num_players() and all(-1.0 <= value <= 1.0 for value in returns)
    assert max(returns) == 1.0 or set(returns) == {0.0}  # a winner, or (Spite and Malice) a draw


def test_an_action_that_is_not_legal_is_refused_naming_the_legal_ones() -> None:
    state = pyspiel.load_game("python_spite_and_malice").new_initial_state()
    _deal(state, 1)
    illegal = next(action for action in range(400) if action not in state.legal_actions())
    with pytest.raises(Exception, match="not legal now"):
        state.apply_action(illegal)


def test_the_deal_is_four_chance_nodes_of_seed_bytes_and_reproducible() -> None:
    game = pyspiel.load_game("python_spite_and_malice", {"preset": "jacks"})
    state = game.new_initial_state()
    for byte in (1, 2, 3, 4):
        assert state.current_player() == pyspiel.PlayerId.CHANCE
        state.apply_action(byte)
    assert SEED_BYTES == 4
    seed = 1 + (2 << 8) + (3 << 16) + (4 << 24)
    assert state_of(state) == sm.new_game(2, seed=seed, rules=sm.Rules.preset("jacks"))
    other = game.new_initial_state()
    for byte in (1, 2, 3, 4):
        other.apply_action(byte)
    assert str(other) == str(state)


def test_observations_are_the_seat_views_and_tensors_the_rl_encoders() -> None:
    for name, encoder in (("python_spite_and_malice", malice_encoding), ("python_spite", spite_encoding)):
        game = pyspiel.load_game(name)
        state = game.new_initial_state()
        _deal(state, 2)
        inner = state_of(state)
        for seat in range(game.num_players()):
            view = inner.view(seat)
            assert state.observation_string(seat) == repr(view)
            assert state.information_state_string(seat) == repr(view)
            assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), encoder.encode(view))
            assert np.array_equal(np.array(state.information_state_tensor(seat), np.float32), encoder.encode(view))
        assert game.observation_tensor_size() == encoder.SIZE


def test_resample_from_infostate_deals_what_the_seat_cannot_see_through_the_library() -> None:
    for name in ("python_spite_and_malice", "python_spite"):
        game = pyspiel.load_game(name)
        state = game.new_initial_state()
        _deal(state, 4)
        seat = state.current_player()
        draws = iter([0.25, 0.75])
        samples = [state.resample_from_infostate(seat, lambda: next(draws)) for _ in range(2)]
        for sample in samples:
            assert sample.information_state_string(seat) == state.information_state_string(seat)
            assert sample.legal_actions() == state.legal_actions()
        assert state_of(samples[0]) != state_of(samples[1])


def test_parameters_name_presets_and_rulesets_and_change_any_option() -> None:
    book = pyspiel.load_game("python_spite_and_malice", {"preset": "book", "centre_limit": "four"})
    # an option at its default (compulsory_aces_and_twos=False, the common preset's) keeps the book's
    assert book.rules == attrs.evolve(sm.Rules.preset("book"), centre_limit=sm.CentreLimit.FOUR)
    assert pyspiel.load_game(str(book)).rules == book.rules  # the game's string reads back as itself
    spite = pyspiel.load_game("python_spite", {"players": 4, "ruleset": "2023-07"})
    assert spite.rules == sr.Rules.ruleset("2023-07", referee=sr.Referee.AUTOMATIC)
    assert "ruleset=july-2023" in str(spite)
    assert pyspiel.load_game(str(spite)).rules == spite.rules
    with pytest.raises(Exception, match="automatic referee"):
        pyspiel.load_game("python_spite", {"referee": "called"})
    with pytest.raises(Exception, match="does not exist"):
        pyspiel.load_game("python_spite_and_malice", {"preset": "chess"})


def test_params_of_writes_any_rules_as_parameters() -> None:
    rules = sm.Rules.preset("book").variation("four_centre")
    assert rules_of(MALICE, params_of(MALICE, rules, 2)) == attrs.evolve(rules, name="common")
    assert rules_of(SPITE, {"ruleset": "july-2023", "hand_size": 9}).hand_size == 9
    with pytest.raises(IllegalAction, match="centre_limit"):
        rules_of(MALICE, {"centre_limit": "seven"})


def test_spite_and_malice_actions_are_the_fixed_table_ids() -> None:
    game = pyspiel.load_game("python_spite_and_malice", {"preset": "jacks"})
    table = action_table(sm.Rules.preset("jacks"), 2)
    assert game.num_distinct_actions() == table.size
    state = game.new_initial_state()
    _deal(state, 5)
    rng = random.Random(5)
    for _ in range(40):
        if state.is_terminal():
            break
        inner = state_of(state)
        assert state.legal_actions() == sorted(table.id_of(move) for move in sm.legal_moves(inner))
        action = rng.choice(state.legal_actions())
        assert state.action_to_string(state.current_player(), action) == table.describe(action)
        state.apply_action(action)


def test_spite_actions_are_the_index_of_the_seats_moves_up_to_the_bound() -> None:
    from spite_rules.rl.actions import ACTION_BOUND, turn_moves

    game = pyspiel.load_game("python_spite", {"players": 3})
    assert game.num_distinct_actions() == ACTION_BOUND
    state = game.new_initial_state()
    _deal(state, 6)
    moves = turn_moves(state_of(state))
    assert state.legal_actions() == list(range(min(len(moves), ACTION_BOUND)))
    assert state.action_to_string(state.current_player(), 0) == str(moves[0])
