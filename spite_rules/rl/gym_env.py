"""Game-neutral: a Gymnasium single-agent environment: one seat of a :class:`CardGameEnv` learns,
the other seats are played by a chosen bot.

Layer: surface over both games — may import either game, the core, the cards and the errors.

Observations, action index and mask are the AEC environment's (docs/rl.md); the action mask is
also in ``info["action_mask"]``. An episode is one deal; the reward, given when it ends, is the
learning seat's ``2 * returns - 1``. The other seats choose from all their moves (they are not
limited by the action bound).

>>> from spite_rules.bots import GreedyBot
>>> env = SeatEnv(players=4, seat=1, opponents=GreedyBot)
>>> observation, info = env.reset(seed=3)
>>> observation["observation"].shape, info["moves"] >= 1
((736,), True)
>>> done = False
>>> while not done:
...     observation, reward, done, truncated, info = env.step(0)
>>> round(reward, 3) in (-1.0, -0.333, 0.333, 1.0)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from spite_rules.bots.greedy import GreedyBot
from spite_rules.rl.aec import CardGameEnv

__all__ = ["SeatEnv"]


class SeatEnv(gymnasium.Env):  # type: ignore[type-arg,misc,unused-ignore]
    """Seat ``seat`` of game ``game_name`` at a table of ``players``, the other seats played by
    ``opponents(seed)`` bots (seeded from the episode's seed; default: the game's greedy bot, its
    game object's ``rollout_bot``). Other options go to :class:`~spite_rules.rl.aec.CardGameEnv`
    (``rules=`` for Spite and Malice's presets: ``rules=Rules.preset("book")``)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game_name: str = "spite",
        players: int = 4,
        *,
        seat: int = 0,
        opponents: Callable[[int], Any] | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of {players}")
        self.table = CardGameEnv(game_name, players, render_mode=render_mode, **options)
        self.seat = seat
        self.agent = self.table.possible_agents[seat]
        default: Callable[[int], Any] = getattr(self.table.game, "rollout_bot", GreedyBot)
        self.opponents = opponents if opponents is not None else default
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = self.table.action_space(self.agent)
        self._bots: list[Any] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """Deal a new round (from ``seed`` if given) and play the others up to the seat's turn."""
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**31 - 1))
        self.table.reset(seed=seed)
        self._bots = [self.opponents(seed * 10 + other) for other in range(self.table.players)]
        self._others()
        return self._observation(), self._info()

    def step(
        self, action: int
    ) -> tuple[dict[str, npt.NDArray[Any]], float, bool, bool, dict[str, Any]]:
        """Play move ``action`` of the seat, then the others up to its next turn or the end."""
        self.table.step(int(action))
        self._others()
        done = self.table.terminations[self.agent]
        truncated = self.table.truncations[self.agent]
        reward = float(self.table.rewards[self.agent]) if done else 0.0
        return self._observation(), reward, done, truncated, self._info()

    def _others(self) -> None:
        table = self.table
        while not (table.terminations[self.agent] or table.truncations[self.agent]):
            if table.agent_selection == self.agent:
                return
            seat = table.possible_agents.index(table.agent_selection)
            seen = table.game.view(table.state, seat)
            table.step_move(self._bots[seat].choose(seen, list(table._moves)))

    def _observation(self) -> dict[str, npt.NDArray[Any]]:
        return self.table.observe(self.agent)

    def _info(self) -> dict[str, Any]:
        info = dict(self.table.infos.get(self.agent, {}))
        info["action_mask"] = self._observation()["action_mask"]
        return info

    def render(self) -> str | None:
        """The seat's moves, one per line (``render_mode="ansi"``)."""
        return self.table.render()

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The current action mask (for maskable-policy libraries)."""
        mask: npt.NDArray[np.int8] = self._observation()["action_mask"]
        return mask
