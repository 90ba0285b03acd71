"""Spite and Malice's RL environments (extra ``spite-rules[rl]``): PettingZoo's own API test for
every preset, Gymnasium's checker for the one-seat environment, the fixed action ids (the table of
``spite_rules.malice.action_ids``), the rewards, and an observation that leaks nothing."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pip install 'spite-rules[rl]') has the environments")
pytest.importorskip("gymnasium", reason="the rl extra (pip install 'spite-rules[rl]') has the environments")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import spite_rules as sr  # noqa: E402
import spite_rules.malice as sm  # noqa: E402
from spite_rules.bots import RandomBot  # noqa: E402
from spite_rules.rl import SeatEnv, malice_env, turn_moves  # noqa: E402
from spite_rules.malice.action_ids import action_table  # noqa: E402
from spite_rules.rl.malice_encoding import MAX_SIDE, ONE_HOT, SIZE, encode, segment  # noqa: E402


@pytest.mark.parametrize("preset", sm.PRESETS)
def test_the_malice_aec_environment_passes_pettingzoo_api_test(preset: str) -> None:
    api_test(malice_env(preset=preset), num_cycles=300, verbose_progress=False)


def test_the_malice_aec_environment_passes_api_test_at_a_table_of_four() -> None:
    api_test(malice_env(players=4), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("preset", ["common", "jacks"])
def test_the_malice_seat_environment_passes_gymnasium_check_env(preset: str) -> None:
    env = SeatEnv("malice", 2, seat=1, opponents=RandomBot, rules=sm.Rules.preset(preset))
    check_env(env, skip_render_check=True)


def test_the_malice_seat_environment_plays_against_the_greedy_bot_by_default() -> None:
    env = gymnasium.make("spite_rules/Malice-v0", seat=0)
    observation, info = env.reset(seed=3)
    assert observation["observation"].shape == (SIZE,)
    assert type(env.unwrapped.opponents(1)) is sm.GreedyBot
    done = truncated = False
    reward = 0.0
    while not (done or truncated):
        observation, reward, done, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert done and reward in (-1.0, 0.0, 1.0)


def test_malice_action_ids_are_the_fixed_table_and_mean_the_same_move_in_every_state() -> None:
    env = malice_env(preset="three_decks")
    env.reset(seed=5)
    table = action_table(sm.Rules.preset("three_decks"), 2)
    assert env.action_space(env.agent_selection).n == table.size
    for step in range(60):
        moves = turn_moves(env.state)
        mask = env.observe(env.agent_selection)["action_mask"]
        assert mask.shape == (table.size,)
        ids = sorted(table.id_of(move) for move in moves)
        assert np.flatnonzero(mask).tolist() == ids
        assert env.infos[env.agent_selection] == {"moves": len(moves), "moves_cut": 0}
        pick = ids[step % len(ids)]
        move = table.move_of(env.state, pick)
        assert table.key_of(move) == table.keys[pick]  # the id's meaning, not its place in the list
        expected, _ = sm.apply(env.state, move)
        env.step(pick)
        assert env.state == expected


def test_a_malice_action_outside_the_mask_is_a_legal_move_counted_modulo_the_legal_ones() -> None:
    env = malice_env()
    env.reset(seed=1)
    legal = list(env._ids.values())
    outside = next(action for action in range(env.action_bound) if action not in env._ids)
    assert env.move_of(outside) == legal[outside % len(legal)]


def test_malice_environments_take_no_action_bound_the_table_sets_the_action_space() -> None:
    with pytest.raises(sr.IllegalAction, match="fixed action table"):
        malice_env(action_bound=4)


def test_a_malice_game_ends_with_plus_one_for_the_winner_and_minus_one_for_the_loser() -> None:
    env = malice_env()
    env.reset(seed=4)
    rewards = {agent: 0.0 for agent in env.possible_agents}
    bots = [sm.GreedyBot(), sm.GreedyBot()]
    for agent in env.agent_iter(max_iter=5000):
        _, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        env.step_move(bots[seat].choose(env.state.view(seat), turn_moves(env.state)))
    assert env.state.game_over and env.state.winner is not None
    winner = env.possible_agents[env.state.winner]
    assert rewards == {agent: 1.0 if agent == winner else -1.0 for agent in env.possible_agents}


@pytest.mark.parametrize("preset", sm.PRESETS)
def test_the_malice_observation_is_unchanged_by_redealing_what_the_seat_cannot_see(preset: str) -> None:
    state = sm.new_game(2, seed=6, rules=sm.Rules.preset(preset))
    bots = [sm.GreedyBot(), RandomBot(seed=2)]
    for step in range(120):
        if state.game_over:
            break
        if step % 10 == 0:
            for seat in range(2):
                seen = state.view(seat)
                other = sr.determinize(seen, step + seat)
                assert other != state
                assert np.array_equal(encode(other.view(seat)), encode(seen))
        state, _ = sm.apply(state, bots[state.to_act].choose(state.view(state.to_act), sm.legal_moves(state)))


def test_the_malice_observation_encodes_the_hand_tops_and_side_stacks_seat_relative() -> None:
    state = sm.setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠ K♥", "2♦ 2♣ JK"], side=[["4♣ 5♣"], ["7♠"]],
                     centre=["A♥ 2♥"], rules=sm.Rules(jokers=4))
    vector = encode(state.view(1))
    assert vector[segment("hand")].tolist() == [0, 2] + [0] * 11 + [1]
    payoff_tops = vector[segment("seat_payoff_top")].reshape(-1, ONE_HOT)
    assert payoff_tops[0].argmax() == 11 and payoff_tops[1].argmax() == 8  # its Q, then seat 0's 9
    side_tops = vector[segment("side_top")].reshape(-1, MAX_SIDE, ONE_HOT)
    assert side_tops[0, 0].argmax() == 6 and side_tops[1, 0].argmax() == 4  # its 7, seat 0's 5
    assert side_tops[1, 1].argmax() == ONE_HOT - 1  # seat 0's second side stack is empty
    assert vector[segment("centre_heights")][2] == 1 and vector[segment("centre_heights")][0] == 2
    assert np.all(np.abs(vector) <= 10)


def test_every_yes_no_option_of_the_rules_is_in_the_observation() -> None:
    import typing

    import attrs

    from spite_rules.errors import SpiteError
    from spite_rules.rl.malice_encoding import RULE_FLAGS

    hints = typing.get_type_hints(sm.Rules)
    flags = [field.name for field in attrs.fields(sm.Rules) if hints[field.name] is bool]
    assert sorted(flags) == sorted(RULE_FLAGS)
    vector = encode(sm.new_game(2, seed=1, rules=sm.Rules.preset("jacks")).view(0))
    rules = vector[segment("rules")]
    assert [bool(rules[index]) for index in range(len(RULE_FLAGS))] == [
        getattr(sm.Rules.preset("jacks"), flag) for flag in RULE_FLAGS
    ]
    # each option, turned over on its own, turns over its own place in the vector and no other's
    base = sm.Rules()
    before = encode(sm.new_game(2, seed=1, rules=base).view(0))[segment("rules")]
    turned = 0
    for index, flag in enumerate(RULE_FLAGS):
        try:
            flipped = attrs.evolve(base, **{flag: not getattr(base, flag)})
            game = sm.new_game(2, seed=1, rules=flipped)
        except SpiteError:  # an option that needs another, or more seats (the doors refuse it alone)
            continue
        after = encode(game.view(0))[segment("rules")]
        changed = [place for place in range(len(RULE_FLAGS)) if after[place] != before[place]]
        assert changed == [index], flag
        turned += 1
    assert turned >= len(RULE_FLAGS) // 2


def test_docs_rl_md_gives_every_malice_segment_at_its_offset_and_the_bound() -> None:
    from pathlib import Path

    from spite_rules.rl.malice_encoding import LAYOUT

    text = (Path(__file__).resolve().parents[1] / "docs" / "rl.md").read_text(encoding="utf-8")
    section = text[text.index("## Spite and Malice") :]
    offset = 0
    for name, length in LAYOUT:
        assert f"| `{name}` | {offset} |" in section, name
        offset += length
    assert f"`Box(-10, 10, ({SIZE},), float32)`" in section
    for preset in sm.PRESETS:
        assert f"| {preset} | {action_table(sm.Rules.preset(preset), 2).size} |" in section, preset
