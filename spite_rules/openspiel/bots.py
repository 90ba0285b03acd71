"""OpenSpiel's search bots as the library's bots: they choose from a seat's view and its legal moves
(``choose(seen, moves)``, as :mod:`spite_rules.bots`' bots do), so they sit at any table of the
library and on the bot ladder (:func:`ladder_bots`).

Layer: surface over both games — may import either game, the core, the cards and the errors.

- ``openspiel-ismcts``: OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts``),
  every simulation in a world dealt by the library's determinization (our resampler,
  ``resample_from_infostate``);
- ``openspiel-mcts``: OpenSpiel's MCTS (``open_spiel.python.algorithms.mcts``) on one world dealt
  from the seat's view per decision (so it never sees the hidden cards).

Leaves are scored by random rollouts in Spite and by the game's own estimate in Spite and Malice
(:class:`EstimateEvaluator`), where random play ends almost every game in a stalemate, a draw
(docs/research.md). Both are seeded: the same seed facing the same views makes the same choices.

>>> import spite_rules.malice as sm
>>> bots = ladder_bots("malice")
>>> sorted(bots)
['openspiel-ismcts', 'openspiel-mcts']
>>> bot = bots["openspiel-ismcts"](1)
>>> state = sm.new_game(2, seed=3)
>>> bot.choose(state.view(state.to_act), sm.legal_moves(state)) in sm.legal_moves(state)
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from spite_rules.bots import Bot
from spite_rules.errors import IllegalAction, shown
from spite_rules.openspiel.games import MALICE, SPITE, CardGame, CardState, Spec, from_library, params_of
from spite_rules.core.research import determinize

__all__ = ["OpenSpielBot", "EstimateEvaluator", "ladder_bots", "KINDS", "card_game_for"]

#: The kinds of bot: ``"ismcts"`` and ``"mcts"``.
KINDS = ("ismcts", "mcts")
_SPECS: dict[str, Spec] = {"spite": SPITE, "malice": MALICE}


@functools.lru_cache(maxsize=32)
def card_game_for(name: str, rules: Any, players: int) -> CardGame:
    """The OpenSpiel game of the library's game ``name`` ("spite" or "malice") under ``rules`` at
    ``players`` seats (loaded once, then kept).

    >>> import spite_rules.malice as sm
    >>> card_game_for("malice", sm.Rules.preset("jacks"), 2).num_distinct_actions()
    733
    """
    spec = _SPECS[name]
    loaded: CardGame = pyspiel.load_game(spec.short_name, params_of(spec, rules, players))
    return loaded


class EstimateEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """An OpenSpiel evaluator scoring a state by the library's ``estimate`` (each seat's prospects
    from 0 to 1, as ``2 * estimate - 1``; the returns at the end), every legal action equally likely
    a priori. For games whose game object has ``estimate`` (Spite and Malice).

    >>> import spite_rules.malice as sm
    >>> card_game = card_game_for("malice", sm.Rules(), 2)
    >>> state = sm.new_game(2, seed=1)   # seat 0 to act can reach its pay-off top: a little ahead
    >>> [round(float(value), 3) for value in EstimateEvaluator().evaluate(from_library(card_game, state))]
    [0.124, -0.124]
    """

    def evaluate(self, state: CardState) -> Any:
        """Each seat's value of ``state``, from -1 to 1."""
        if state.is_terminal():
            return np.array(state.returns())
        card_game: CardGame = state.get_game()
        estimate = getattr(card_game.played, "estimate")
        return np.array([2.0 * share - 1.0 for share in estimate(state.box.inner)])

    def prior(self, state: CardState) -> list[tuple[int, float]]:
        """Every legal action equally likely."""
        actions = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(actions)) for action in actions]


class OpenSpielBot:
    """An OpenSpiel search bot (``kind``: ``"ismcts"`` or ``"mcts"``) for game ``game_name``
    ("spite" or "malice"), seeded by ``seed``: ``simulations`` per decision, exploration ``uct_c``,
    each leaf scored by ``evaluator``: ``"rollout"``, ``rollouts`` random playouts (OpenSpiel's
    ``RandomRolloutEvaluator``), or ``"estimate"`` (:class:`EstimateEvaluator`); ``"auto"`` is the
    estimate where the game has one, else rollouts. A decision with one move on offer is taken
    without searching."""

    def __init__(self, game_name: str, kind: str = "ismcts", seed: int = 0, *, simulations: int = 50,
                 uct_c: float = 2.0, rollouts: int = 1, evaluator: str = "auto") -> None:
        if game_name not in _SPECS:
            raise IllegalAction(f"game {shown(game_name)} has no OpenSpiel bots (known: {', '.join(_SPECS)})")
        if kind not in KINDS:
            raise IllegalAction(f"kind {shown(kind)} is not an OpenSpiel bot (known: {', '.join(KINDS)})")
        self.game_name = game_name
        self.kind = kind
        self.name = f"openspiel-{kind}"
        self.seed = seed
        self.simulations = simulations
        self.uct_c = uct_c
        self.rollouts = rollouts
        if evaluator == "auto":
            evaluator = "estimate" if game_name == "malice" else "rollout"
        if evaluator not in ("estimate", "rollout"):
            raise IllegalAction(f"evaluator {shown(evaluator)} does not exist (known: auto, estimate, rollout)")
        self.evaluator = evaluator
        self.random = np.random.RandomState(seed)

    def choose(self, seen: Any, moves: Sequence[Any]) -> Any:
        """One of ``moves``, chosen by the search from the seat's view ``seen``."""
        if len(moves) == 1:
            return moves[0]
        card_game = card_game_for(self.game_name, seen.rules, len(seen.hand_sizes))
        world = determinize(seen, int(self.random.randint(2**31)))
        state = from_library(card_game, world)
        evaluator: Any = EstimateEvaluator() if self.evaluator == "estimate" else mcts.RandomRolloutEvaluator(
            n_rollouts=self.rollouts, random_state=self.random)
        if self.kind == "ismcts":
            bot: Any = ismcts.ISMCTSBot(
                card_game, evaluator, self.uct_c, self.simulations, random_state=self.random,
                final_policy_type=ismcts.ISMCTSFinalPolicyType.NORMALIZED_VISITED_COUNT,
                # a seat's moves depend on what it sees, save where a rule reads a hidden card (the
                # book's side rule reads the card under a wild one): the same information state
                # can then offer other moves in another world
                allow_inconsistent_action_sets=True,
            )
            bot.set_resampler(lambda world, player: world.resample_from_infostate(player, self.random.uniform))
            visits = dict(bot.get_policy(state))
        else:
            root = mcts.MCTSBot(card_game, self.uct_c, self.simulations, evaluator, solve=False,
                                random_state=self.random).mcts_search(state)
            visits = {child.action: child.explore_count + child.total_reward * 1e-9 for child in root.children}
        return _best(state, visits, moves)


def _best(state: CardState, visits: dict[int, float], moves: Sequence[Any]) -> Any:
    """The one of ``moves`` the search visited most. The search ran in a world dealt from the seat's
    view, whose moves are the seat's own save where a rule reads a hidden card (the book's side
    rule): an action whose move in that world is not among ``moves`` is passed over, and if the
    search visited none of them the first of ``moves`` is taken."""
    offered = {move: move for move in moves}
    legal = state.legal_actions()
    found = [(count, offered[move]) for action, count in visits.items()
             if action in legal and (move := state.move_of(action)) in offered]
    return max(found, key=lambda pair: pair[0])[1] if found else moves[0]


def ladder_bots(game: str) -> dict[str, Callable[[int], Bot[Any, Any]]]:
    """OpenSpiel's bots for the bot ladder: name -> a factory taking a seed and giving a bot with
    ``choose(seen, moves) -> action`` (``game``: ``"spite"`` or ``"malice"``): ISMCTS and MCTS with
    :class:`OpenSpielBot`'s defaults (50 simulations; leaves scored by one random rollout in Spite,
    by the estimate in Spite and Malice).

    >>> sorted(ladder_bots("spite"))
    ['openspiel-ismcts', 'openspiel-mcts']
    """
    if game not in _SPECS:
        raise IllegalAction(f"game {shown(game)} has no OpenSpiel bots (known: {', '.join(_SPECS)})")
    return {f"openspiel-{kind}": functools.partial(OpenSpielBot, game, kind) for kind in KINDS}
