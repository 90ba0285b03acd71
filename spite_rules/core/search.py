"""Game-neutral: :class:`SearchBot`, information-set Monte Carlo tree search (ISMCTS).

Layer: core — knows no game: may import only the cards and the errors.

Each iteration deals the cards the bot cannot see at random (``determinize`` of its view, through
the research protocol of :mod:`spite_rules.core.research`), walks a tree of the bot's own decisions
by UCT (the other seats move by the default policy), adds one new node, plays the deal out with the
default policy for every seat, and scores the result from 0 (last) to 1 (first). The move tried
most often at the root is the choice. This is the single-observer ISMCTS of Cowling, Powley and
Whitehouse (2012), the opponents modelled by the default policy rather than searched; since the
moves on offer differ from one deal to another, a child's exploration term counts the iterations
in which its move was available, and a root move that some deal does not allow (Spite and
Malice's book side rule reads a buried card under a wild one) is left out of that iteration.

The default policy is the game object's ``rollout_bot(seed)`` (each game's greedy bot), else the
random bot. With ``horizon``, a playout stops when the bot's turn comes round ``horizon`` times
after another seat's and is scored by the game object's ``estimate(state)`` (0.5 without one); with
``prior``, the default policy's choice counts ``prior`` more root visits and wins ties (MoGo's
heuristic initialisation, Gelly and Silver 2007); with ``common``, the search is flat, every root
move played out from the same deals (:meth:`SearchBot._compare`, :meth:`SearchBot._best_mean`).
Why, and what each gains: docs/research.md ("SearchBot for Spite and Malice", "Raised: common
random numbers").

>>> import spite_rules as sr
>>> from spite_rules.bots import GreedyBot, play_round
>>> state = sr.new_game(4, seed=2, rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
>>> bots = [SearchBot(iterations=8, seed=1), GreedyBot(), GreedyBot(), GreedyBot()]
>>> state, events = play_round(state, bots)
>>> state.round_over
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from spite_rules.core.bots import RandomBot, next_bot_action
from spite_rules.core.engine import AnyGame
from spite_rules.core.research import Researchable, game_of_view, researchable

__all__ = ["SearchBot", "SearchStats"]


@attrs.frozen
class SearchStats:
    """What the latest decision cost: ``iterations`` run, ``seconds`` taken, and how often each
    root move was tried (in the order the moves were offered)."""

    iterations: int
    seconds: float
    visits: tuple[int, ...]


@attrs.define(eq=False)
class _Node:
    """A decision of the bot's in the tree, reached by one sequence of its own moves."""

    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[Any, _Node] = attrs.Factory(dict)


class SearchBot:
    """Information-set MCTS (the module's docstring): ``iterations`` determinized playouts per
    decision, UCT with exploration constant ``exploration``, rollouts by the bots ``rollout`` makes
    from a seed (the game's default policy if None), cut at ``horizon`` of the bot's turns (None:
    played to the end), ``prior`` and ``common`` as the module says. ``think_time`` (seconds on the
    clock, None for no bound) stops a search early, after at least one iteration (so that a loaded
    machine does not hold up a person's table). Without ``think_time``, the same seed facing the
    same views makes the same choices. A decision with one move on offer is taken without
    searching. Plays any game whose registered game object is
    :class:`~spite_rules.core.research.Researchable`.

    >>> import spite_rules as sr
    >>> state = sr.new_game(3, seed=5)
    >>> moves = [move for move in sr.legal_moves(state) if move.player == state.to_act]
    >>> bot = SearchBot(iterations=10, seed=3)
    >>> bot.choose(state.view(state.to_act), moves) in moves, bot.stats.iterations
    (True, 10)
    """

    name = "search"

    def __init__(
        self,
        iterations: int = 200,
        seed: int = 0,
        *,
        exploration: float = 0.7,
        rollout: Callable[[int], Any] | None = None,
        horizon: int | None = None,
        prior: int = 0,
        think_time: float | None = None,
        common: bool = False,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if horizon is not None and horizon < 0:
            raise ValueError(f"horizon must be at least 0, not {horizon}")
        if prior < 0:
            raise ValueError(f"prior must be at least 0, not {prior}")
        if think_time is not None and think_time <= 0:
            raise ValueError(f"think_time must be positive, not {think_time}")
        self.prior = prior
        self.common = common
        self.think_time = think_time
        self.iterations = iterations
        self.exploration = exploration
        self.horizon = horizon
        self._given_rollout = rollout
        self._rollout: Callable[[int], Any] = RandomBot
        self._rng = random.Random(seed)
        #: The latest search (None until the bot has searched).
        self.stats: SearchStats | None = None

    def wants_to_call(self, seen: object, calls: Sequence[Any]) -> Any | None:
        """Always: only correct calls are offered, and a correct call wins a fake joker."""
        return calls[0] if calls else None

    def choose(self, seen: Any, moves: Sequence[Any]) -> Any:
        """The move tried most often by the search (with ``prior``, the default policy's choice
        counts ``prior`` more and wins ties; without, the first offered among equals)."""
        if len(moves) == 1:
            return moves[0]
        started = time.perf_counter()
        played = game_of_view(seen)
        research = researchable(played)
        maker: Callable[[int], Any] = getattr(played, "rollout_bot", RandomBot)
        self._rollout = self._given_rollout if self._given_rollout is not None else maker
        seat = moves[0].player
        root = _Node()
        totals = [0.0] * len(moves)
        tried = [0] * len(moves)
        done = 0
        for done in range(1, self.iterations + 1):
            if self.think_time is not None and done > 1 and time.perf_counter() - started > self.think_time:
                done -= 1
                break
            state = research.determinize(seen, self._rng.getrandbits(63))
            offered = set(played.legal_moves(state))
            allowed = moves if all(move in offered for move in moves) else [m for m in moves if m in offered]
            if self.common:
                self._compare(played, research, state, seat, moves, allowed or moves, totals, tried)
            else:
                self._iterate(played, research, state, seat, root, allowed or moves)
        visits = tuple(tried) if self.common else tuple(
            root.children[m].visits if m in root.children else 0 for m in moves)
        favoured = None
        if self.prior:
            favoured = self._rollout(self._rng.getrandbits(32)).choose(seen, moves)
        self.stats = SearchStats(done, time.perf_counter() - started, visits)
        if self.common:
            return moves[self._best_mean(moves, totals, tried, favoured)]

        def rank(index: int) -> tuple[int, bool, int]:
            default = moves[index] == favoured
            return visits[index] + self.prior * default, default, -index

        return moves[max(range(len(moves)), key=rank)]

    def _compare(
        self,
        played: AnyGame,
        research: Researchable,
        state: Any,
        seat: int,
        moves: Sequence[Any],
        allowed: Sequence[Any],
        totals: list[float],
        tried: list[int],
    ) -> None:
        """One iteration of the flat search on common random numbers: every move of ``allowed``
        played out from the same determinization ``state`` by default-policy bots made from the
        same seeds; each result added to ``totals`` (``tried`` counts them), by the move's place in
        ``moves``."""
        seeds = [self._rng.getrandbits(32) for _ in range(played.seats(state))]
        for index, move in enumerate(moves):
            if move not in allowed:
                continue
            after, _ = played.apply(state, move)
            if not played.is_over(after):
                after = _play_out(played, after, [self._rollout(seed) for seed in seeds], seat, self.horizon)
            totals[index] += research.returns(after)[seat] if played.is_over(after) else _estimate(played, after, seat)
            tried[index] += 1

    def _best_mean(self, moves: Sequence[Any], totals: Sequence[float], tried: Sequence[int], favoured: Any) -> int:
        """The flat search's choice: the best mean result, each move but the default policy's
        choice (``favoured``) shrunk towards that choice's mean by ``prior`` iterations' worth (so
        that leaving the default policy takes evidence); ties to ``favoured``, then the first."""
        anchor = None
        if favoured is not None and favoured in moves:
            place = moves.index(favoured)
            anchor = totals[place] / tried[place] if tried[place] else None

        def rank(index: int) -> tuple[float, bool, int]:
            default = moves[index] == favoured
            total, count = totals[index], tried[index]
            if anchor is not None and not default:
                total, count = total + self.prior * anchor, count + self.prior
            return (total / count if count else -1.0), default, -index

        return max(range(len(moves)), key=rank)

    def _iterate(
        self,
        played: AnyGame,
        research: Researchable,
        state: Any,
        seat: int,
        root: _Node,
        moves: Sequence[Any],
    ) -> None:
        """One iteration on one determinization: select, expand, roll out, back up."""
        seats = played.seats(state)
        others: list[Any] = [self._rollout(self._rng.getrandbits(32)) for _ in range(seats)]
        others[seat] = None  # the tree decides the bot's own turns
        node, path = root, [root]
        available: Sequence[Any] = moves  # at the root: the moves the bot was offered
        while True:
            move, child, expanded = self._select(node, available)
            state, _ = played.apply(state, move)
            path.append(child)
            node = child
            if expanded:
                break
            state = _play_out(played, state, others, seat, None)  # the others, up to the bot's turn
            if played.is_over(state) or played.to_act(state) != seat:
                break
            available = [
                m
                for m in played.legal_moves(state)
                if m.player == seat and not played.out_of_turn(m)
            ]
            if not available:
                break
        if not played.is_over(state):
            bots = [self._rollout(self._rng.getrandbits(32)) for _ in range(seats)]
            state = _play_out(played, state, bots, seat, self.horizon)
        reward = research.returns(state)[seat] if played.is_over(state) else _estimate(played, state, seat)
        for visited in path:
            visited.visits += 1
            visited.total += reward

    def _select(self, node: _Node, available: Sequence[Any]) -> tuple[Any, _Node, bool]:
        """UCT among ``available``: an untried move first (chosen at random), else the best
        upper confidence bound, exploring by availability. Returns the move, its node, and whether
        the node is new."""
        untried = []
        for move in available:
            child = node.children.get(move)
            if child is None:
                untried.append(move)
            else:
                child.available += 1
        if untried:
            move = untried[self._rng.randrange(len(untried))]
            child = node.children[move] = _Node()
            child.available = 1
            return move, child, True
        c = self.exploration

        def bound(move: Any) -> float:
            child = node.children[move]
            return child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)

        move = max(available, key=bound)
        return move, node.children[move], False


def _estimate(played: AnyGame, state: Any, seat: int) -> float:
    """The game's estimate of ``seat``'s prospects in an unfinished ``state`` (0.5 without one)."""
    estimate = getattr(played, "estimate", None)
    return float(estimate(state)[seat]) if estimate is not None else 0.5


def _play_out(played: AnyGame, state: Any, bots: Sequence[Any], seat: int, horizon: int | None) -> Any:
    """The deal played by ``bots`` to its end, or until a seat without a bot is to act (the tree
    decides the bot's own turns), or (with ``horizon``) until ``seat``'s turn has come round
    ``horizon`` times after another seat's (or as far as 100,000 actions go)."""
    turns = 0
    before = played.to_act(state)
    for _ in range(100_000):
        action = next_bot_action(state, bots)
        if action is None:
            return state
        state, _ = played.apply(state, action)
        if horizon is not None:
            now = played.to_act(state)
            if now == seat and before != seat:
                turns += 1
                if turns >= horizon:
                    return state
            before = now
    return state
