"""The RL environments (extra ``spite-rules[rl]``): PettingZoo's own API test, Gymnasium's checker,
the action index (move ``i`` of the seat, up to the bound; past it), and the observation encoding."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pip install 'spite-rules[rl]') has the environments")
pytest.importorskip("gymnasium", reason="the rl extra (pip install 'spite-rules[rl]') has the environments")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import spite_rules as sr  # noqa: E402
from spite_rules.bots import GreedyBot, RandomBot  # noqa: E402
from spite_rules.rl import ACTION_BOUND, SeatEnv, spite_env, turn_moves  # noqa: E402
from spite_rules.rl.spite_encoding import SIZE, encode, segment  # noqa: E402


@pytest.mark.parametrize("players", [3, 6])
def test_the_aec_environment_passes_pettingzoo_api_test(players: int) -> None:
    api_test(spite_env(players=players), num_cycles=150, verbose_progress=False)


def test_the_seat_environment_passes_gymnasium_check_env() -> None:
    check_env(SeatEnv(players=4, seat=2, opponents=RandomBot), skip_render_check=True)


def test_action_i_plays_the_ith_move_of_the_seat_to_act() -> None:
    env = spite_env(players=4)
    env.reset(seed=5)
    for step in range(30):
        moves = turn_moves(env.state)
        mask = env.observe(env.agent_selection)["action_mask"]
        assert mask.tolist() == [1] * min(len(moves), ACTION_BOUND) + [0] * (ACTION_BOUND - min(len(moves), ACTION_BOUND))
        pick = step % len(moves)
        expected, _ = sr.apply(env.state, moves[pick])
        env.step(pick)
        assert env.state == expected


def test_only_the_seat_to_act_has_moves_in_its_mask() -> None:
    env = spite_env(players=5)
    env.reset(seed=2)
    for agent in env.agents:
        ones = int(env.observe(agent)["action_mask"].sum())
        assert (ones > 0) == (agent == env.agent_selection)


def test_past_the_bound_the_mask_shows_the_first_moves_and_info_counts_the_rest() -> None:
    env = spite_env(players=4, action_bound=3)
    env.reset(seed=1)
    while len(turn_moves(env.state)) <= 3:
        env.step(0)
    moves = turn_moves(env.state)
    assert int(env.observe(env.agent_selection)["action_mask"].sum()) == 3
    assert env.infos[env.agent_selection] == {"moves": len(moves), "moves_cut": len(moves) - 3}
    assert env.move_of(2) == moves[2]
    assert env.move_of(4) == moves[4 % 3]  # an index outside the mask: taken modulo the mask


def test_a_nineteen_card_lead_with_wilds_has_more_moves_than_the_bound() -> None:
    # The rare decisions the bound cuts: a 19-card hand leading, two 13s and the joker among them.
    deck = [card for card in sr.spite_deck() if not (card.is_joker or card.is_thirteen)]
    random.Random(3).shuffle(deck)
    hand = deck[:16] + list(sr.parse_cards("13♥ 13♦ JK"))
    state = sr.setup(hands=[hand, "4♣ 5♣", "6♣ 7♣"], rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
    assert len(turn_moves(state)) > ACTION_BOUND


def test_the_round_end_rewards_every_seat_by_its_place() -> None:
    env = spite_env(players=4)
    env.reset(seed=9)
    rewards = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter(max_iter=20_000):
        _, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        env.step(None if terminated or truncated else 0)
    assert sorted(round(value, 3) for value in rewards.values()) == [-1.0, -0.333, 0.333, 1.0]


def test_the_environment_refuses_the_called_referee() -> None:
    with pytest.raises(sr.IllegalAction, match="automatic referee"):
        spite_env(players=4, rules=sr.Rules(referee=sr.Referee.CALLED))


def test_the_same_seed_deals_the_same_episode() -> None:
    first, second = SeatEnv(players=4, opponents=GreedyBot), SeatEnv(players=4, opponents=GreedyBot)
    a, _ = first.reset(seed=11)
    b, _ = second.reset(seed=11)
    assert np.array_equal(a["observation"], b["observation"])
    for _ in range(20):
        a, *rest_a = first.step(0)
        b, *rest_b = second.step(0)
        assert np.array_equal(a["observation"], b["observation"]) and rest_a[:3] == rest_b[:3]
        if rest_a[1]:
            break


def test_the_observation_encodes_the_seats_own_cards_and_seats_relative_to_it() -> None:
    state = sr.setup(hands=["5♠ 5♦ 9♣", "6♦", "7♣ 8♣"], leader=2, rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
    vector = encode(state.view(1))
    assert vector.shape == (SIZE,)
    assert vector[segment("hand")].sum() == 1
    assert vector[segment("seat_hand_size")][:3].tolist() == pytest.approx([1 / 20, 2 / 20, 3 / 20])  # seats 1, 2, 0
    assert vector[segment("seat_to_act")][:3].tolist() == [0, 1, 0]  # seat 2 is the one on the left
    assert vector[segment("seat_present")].tolist() == [1, 1, 1] + [0] * 6


def test_counts_without_bound_saturate_inside_the_observation_space() -> None:
    # PettingZoo's api_test samples actions at random and once reached a buy-back of 144 cards,
    # which read as 14.4, outside the Box(-10, 10): such counts now saturate at its bound.
    import attrs

    state = sr.new_game(4, seed=2, rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
    seen = attrs.evolve(state.view(0), buy_back_due=144, round_number=250)
    vector = encode(seen)
    assert vector[segment("buy_back_due")].tolist() == [10.0]
    assert vector[segment("round_number")].tolist() == [10.0]
    assert spite_env(players=4).observation_space("player_0")["observation"].contains(vector)


def test_the_observation_of_a_seat_does_not_change_with_the_cards_it_cannot_see() -> None:
    state = sr.new_game(5, seed=4, rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
    for number in range(40):
        state, _ = sr.apply(state, turn_moves(state)[number % len(turn_moves(state))])
    for seat in range(5):
        resampled = sr.determinize(state.view(seat), seed=seat)
        assert resampled.hands != state.hands
        assert np.array_equal(encode(resampled.view(seat)), encode(state.view(seat)))


def test_docs_rl_md_describes_every_observation_segment() -> None:
    from pathlib import Path

    from spite_rules.rl.spite_encoding import LAYOUT

    text = (Path(__file__).resolve().parents[1] / "docs" / "rl.md").read_text(encoding="utf-8")
    missing = [name for name, _ in LAYOUT if f"`{name}`" not in text]
    assert not missing
    assert f"{ACTION_BOUND}" in text
