"""Reinforcement-learning environments (the optional extra ``spite-rules[rl]``; docs/rl.md).

Layer: surface over both games — may import either game, the core, the cards and the errors.

- :class:`~spite_rules.rl.aec.CardGameEnv` / :func:`~spite_rules.rl.aec.spite_env` /
  :func:`~spite_rules.rl.aec.malice_env`: a PettingZoo AEC environment (every seat an agent);
- :class:`~spite_rules.rl.gym_env.SeatEnv`: a Gymnasium environment for one seat, the others played
  by a chosen bot; registered as ``gymnasium.make("spite_rules/Spite-v0", players=4, seat=0)`` and
  ``gymnasium.make("spite_rules/Malice-v0", players=2, seat=0)``.

>>> import gymnasium
>>> env = gymnasium.make("spite_rules/Spite-v0", players=3)
>>> observation, info = env.reset(seed=1)
>>> int(info["action_mask"].sum()) == info["moves"]
True
"""

from __future__ import annotations

import gymnasium

from spite_rules.rl.actions import ACTION_BOUND, turn_moves
from spite_rules.rl.aec import ACTION_BOUNDS, ACTION_TABLES, ENCODERS, CardGameEnv, malice_env, register_encoder, spite_env
from spite_rules.rl.gym_env import SeatEnv

__all__ = [
    "ACTION_BOUND",
    "ACTION_BOUNDS",
    "ACTION_TABLES",
    "turn_moves",
    "CardGameEnv",
    "ENCODERS",
    "register_encoder",
    "spite_env",
    "malice_env",
    "SeatEnv",
]

if "spite_rules/Spite-v0" not in gymnasium.registry:
    gymnasium.register(id="spite_rules/Spite-v0", entry_point="spite_rules.rl.gym_env:SeatEnv", kwargs={"game_name": "spite"})
if "spite_rules/Malice-v0" not in gymnasium.registry:
    gymnasium.register(id="spite_rules/Malice-v0", entry_point="spite_rules.rl.gym_env:SeatEnv", kwargs={"game_name": "malice", "players": 2})
