"""Game-neutral: a PettingZoo AEC environment for any game of the library that has an observation
encoder (:data:`ENCODERS`; Spite's is :mod:`spite_rules.rl.spite_encoding`, Spite and Malice's
:mod:`spite_rules.rl.malice_encoding`).

Layer: surface over both games — may import either game, the core, the cards and the errors.

Agents are ``"seat_0"`` ... ``"seat_{n-1}"``; the agent selected is the seat to act. Each
observation is ``{"observation": float32[encoder size], "action_mask": int8[action_bound]}``: the
seat's view encoded, and a 1 at each legal action (all zeros for a seat not to act). A game with a
fixed action table (:data:`ACTION_TABLES`, Spite and Malice's) numbers its moves by the table;
Spite's action ``i`` is the ``i``-th of its moves (:func:`~spite_rules.rl.actions.turn_moves`). An
episode is one deal; when it ends every agent is terminated with its reward ``2 * returns - 1``
(:func:`spite_rules.returns`). Past the bound, an index outside the mask: docs/rl.md. Spite's
table plays under the automatic referee: misplay calls are out of turn, which an AEC turn order
cannot offer.

>>> env = spite_env(players=3)
>>> env.reset(seed=4)
>>> observation = env.observe(env.agent_selection)
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((736,), True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from spite_rules.core.engine import AnyGame, game
from spite_rules.errors import IllegalAction, shown
from spite_rules.core.research import researchable
from spite_rules.rl.actions import ACTION_BOUND, turn_moves
from spite_rules.malice.action_ids import action_table
from spite_rules.malice.rules import Rules as MaliceRules
from spite_rules.rl import malice_encoding, spite_encoding
from spite_rules.rules import Referee, Rules

__all__ = ["CardGameEnv", "ENCODERS", "ACTION_BOUNDS", "ACTION_TABLES", "register_encoder", "spite_env", "malice_env"]

Encoder = Callable[[Any], npt.NDArray[np.float32]]

#: Each game's observation encoder and its size, by registry name.
ENCODERS: dict[str, tuple[int, Encoder]] = {}
#: Each game's action bound (the size of its action index), by registry name.
ACTION_BOUNDS: dict[str, int] = {}
#: Each game's fixed action table, by registry name: (rules, players) to a table with ``size`` and
#: ``legal_ids(state, moves)`` (each legal move by its id, ascending). A game without one numbers
#: its moves by their place among the seat's moves.
ACTION_TABLES: dict[str, Callable[[Any, int], Any]] = {}


def register_encoder(
    name: str, size: int, encode: Encoder, action_bound: int = ACTION_BOUND,
    actions: Callable[[Any, int], Any] | None = None,
) -> None:
    """Give game ``name`` an observation encoder (a view to a float32 vector of ``size``) and the
    size of its action index (``action_bound``), or its fixed action table (``actions``: rules and
    seats to the table, whose size is then the action space's)."""
    ENCODERS[name] = (size, encode)
    ACTION_BOUNDS[name] = action_bound
    if actions is not None:
        ACTION_TABLES[name] = actions


register_encoder("spite", spite_encoding.SIZE, spite_encoding.encode)
register_encoder("malice", malice_encoding.SIZE, malice_encoding.encode, actions=action_table)


class CardGameEnv(AECEnv):  # type: ignore[misc,unused-ignore]
    """The AEC environment of game ``game`` for ``players`` seats (see the module's docstring).
    ``rules`` default to the game's, with the automatic referee for Spite; ``action_bound`` is
    the size of the action index of a game without a fixed action table (default: the game's,
    :data:`ACTION_BOUNDS`; a game with one, :data:`ACTION_TABLES`, has its table's size); an
    episode longer than ``max_actions`` is truncated."""

    metadata = {"render_modes": ["ansi"], "name": "spite_v0", "is_parallelizable": False}

    def __init__(
        self,
        game_name: str = "spite",
        players: int = 4,
        *,
        rules: Any = None,
        action_bound: int | None = None,
        max_actions: int = 20_000,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if game_name not in ENCODERS:
            raise IllegalAction(f"no observation encoder for game {shown(game_name)} (known: {', '.join(ENCODERS)})")
        self.game: AnyGame = game(game_name)
        self.research = researchable(self.game)
        if rules is None:
            rules = Rules(referee=Referee.AUTOMATIC) if game_name == "spite" else self.game.default_rules()
        if isinstance(rules, Rules) and rules.referee is not Referee.AUTOMATIC:
            raise IllegalAction("the AEC environment plays under the automatic referee: calls are out of turn")
        self.rules = rules
        self.players = players
        #: the game's fixed action table at these rules and seats (None: moves by their place)
        self.table: Any = None
        if game_name in ACTION_TABLES:
            if action_bound is not None:
                raise IllegalAction(f"{game_name} numbers its moves by a fixed action table: no action_bound")
            self.table = ACTION_TABLES[game_name](rules, players)
            action_bound = int(self.table.size)
        elif action_bound is None:
            action_bound = ACTION_BOUNDS.get(game_name, ACTION_BOUND)
        self.action_bound = action_bound
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"{game_name}_v0"}
        size, self._encode = ENCODERS[game_name]
        self.possible_agents = [f"seat_{seat}" for seat in range(players)]
        self.agents = list(self.possible_agents)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-10.0, high=10.0, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(action_bound,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(action_bound)
        self.state: Any = None
        self._moves: tuple[Any, ...] = ()
        #: the legal action ids of the seat to act and their moves, ascending
        self._ids: dict[int, Any] = {}
        self._seed = 0
        self._actions = 0

    # -- spaces ---------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same Dict space for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(action_bound)`` for every agent."""
        return self._action_space

    # -- the AEC cycle --------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new round: from ``seed`` if given, else from the next seed of this env."""
        self._seed = seed if seed is not None else self._seed + 1
        self.state = self.game.new_game(self.players, seed=self._seed, rules=self.rules)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._actions = 0
        self._select()

    def _select(self) -> None:
        """Point ``agent_selection`` at the seat to act and list its moves."""
        seat = self.game.to_act(self.state)
        self._moves = turn_moves(self.state)
        self._ids = (self.table.legal_ids(self.state, self._moves) if self.table is not None
                     else dict(enumerate(self._moves[: self.action_bound])))
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            self.infos[self.agent_selection] = {
                "moves": len(self._moves),
                "moves_cut": len(self._moves) - len(self._ids),
            }

    def move_of(self, action: int) -> Any:
        """The move action ``action`` stands for now (the table's move of that id, or the
        ``action``-th of the seat's moves); an action outside the mask stands for the
        ``action``-th legal action, counted modulo how many there are, so it is always legal."""
        found = self._ids.get(int(action))
        if found is not None:
            return found
        legal = list(self._ids.values())
        return legal[int(action) % len(legal)]

    def step(self, action: int | None) -> None:
        """Apply the selected seat's move number ``action`` (None for a terminated agent)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        self.step_move(self.move_of(action))

    def step_move(self, move: Any) -> None:
        """Apply ``move`` (any legal move of the selected seat, within the bound or past it) as
        :meth:`step` applies the move of an action index. For bots sharing the table."""
        agent = self.agent_selection
        self.state, _ = self.game.apply(self.state, move)
        self._actions += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: 0.0 for name in self.agents}
        if self.game.is_over(self.state):
            results = self.research.returns(self.state)
            self.rewards = {name: 2.0 * results[seat] - 1.0 for seat, name in enumerate(self.possible_agents)}
            self.terminations = {name: True for name in self.agents}
        elif self._actions >= self.max_actions:
            self.truncations = {name: True for name in self.agents}
        else:
            self._select()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s view encoded, and its action mask."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.action_bound, dtype=np.int8)
        if agent == self.agent_selection and not self.game.is_over(self.state):
            mask[list(self._ids)] = 1
        return {"observation": self._encode(self.game.view(self.state, seat)), "action_mask": mask}

    def render(self) -> str | None:
        """``"ansi"``: the seat to act's moves, one per line; None without a render mode."""
        if self.render_mode != "ansi":
            return None
        names = self.game.names(self.state)
        return "\n".join(self.game.describe_action(move, names) for move in self._moves)

    def close(self) -> None:
        """Nothing to release."""


def spite_env(players: int = 4, **options: Any) -> CardGameEnv:
    """Spite's AEC environment (``CardGameEnv("spite", players, ...)``)."""
    return CardGameEnv("spite", players, **options)


def malice_env(players: int = 2, preset: str = "common", **options: Any) -> CardGameEnv:
    """Spite and Malice's AEC environment: ``CardGameEnv("malice", players,
    rules=Rules.preset(preset))`` unless ``rules`` is given (any options on top of a preset).

    >>> env = malice_env(preset="jacks")
    >>> env.reset(seed=2)
    >>> env.observe(env.agent_selection)["action_mask"].shape, env.metadata["name"]
    ((733,), 'malice_v0')
    """
    options.setdefault("rules", MaliceRules.preset(preset))
    return CardGameEnv("malice", players, **options)
