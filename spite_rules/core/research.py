"""Game-neutral: what search bots and learning environments need of a game, beyond the
:class:`~spite_rules.core.engine.Game` protocol, and the generic entry points to it.

Layer: core — knows no game: may import only the cards and the errors.

A game takes part by giving its registered game object the two methods of the
:class:`Researchable` protocol, ``determinize(view, seed)`` and ``returns(state)``; both games have
them. Two more are optional, and :class:`~spite_rules.bots.SearchBot` uses them where a game has
them: ``rollout_bot(seed)``, the game's default policy for playouts (else the random bot), and
``estimate(state)``, each seat's prospects in an unfinished state (for a search with a horizon).

>>> import spite_rules as sr
>>> state = sr.new_game(4, seed=3)
>>> sample = determinize(state.view(2), seed=11)
>>> sample.view(2) == state.view(2)
True
>>> game_of_view(state.view(2)).name
'spite'
>>> import spite_rules.malice as sm
>>> determinize(sm.new_game(2, seed=1).view(0), seed=2).view(0) == sm.new_game(2, seed=1).view(0)
True
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from spite_rules.core.engine import GAMES, AnyGame, game_of
from spite_rules.errors import IllegalAction

__all__ = ["Researchable", "determinize", "returns", "game_of_view", "researchable"]


@runtime_checkable
class Researchable(Protocol):
    """A game's extra methods for search and learning."""

    def determinize(self, view: Any, seed: int) -> Any:
        """A full state whose view for ``view``'s seat is ``view``, the cards that seat cannot see
        dealt uniformly at random from ``seed`` among the cards unaccounted for."""
        ...

    def returns(self, state: Any) -> tuple[float, ...]:
        """Each seat's result of the finished deal in ``state``: 1 for the best, 0 for the worst."""
        ...


def game_of_view(view: object) -> AnyGame:
    """The game whose seat views are of ``view``'s type.

    >>> import spite_rules as sr
    >>> game_of_view(sr.new_game(3, seed=1).view(0)).title
    'Spite'
    """
    for found in GAMES.values():
        if isinstance(view, found.view_type):
            return found
    raise IllegalAction(f"{type(view).__name__} is not the seat view of any registered game")


def researchable(played: AnyGame) -> Researchable:
    """``played`` as a :class:`Researchable` game; IllegalAction if it has no determinization yet.

    >>> from spite_rules.core.engine import game
    >>> researchable(game("spite")).returns(game("spite").new_game(3, seed=1))
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: the round is not over: it has no returns yet
    """
    if not isinstance(played, Researchable):
        raise IllegalAction(f"{played.title} has no determinization or returns yet")
    return played


def determinize(view: object, seed: int) -> Any:
    """A full state of ``view``'s game agreeing with everything ``view`` shows, the hidden cards
    dealt uniformly at random from ``seed`` (``sr.determinize``; for Spite see
    :mod:`spite_rules.determinization`).

    >>> import spite_rules as sr
    >>> state = sr.new_game(3, seed=2)
    >>> determinize(state.view(0), seed=1).hands[0] == state.hands[0]
    True
    """
    return researchable(game_of_view(view)).determinize(view, seed)


def returns(state: object) -> tuple[float, ...]:
    """Each seat's result of the finished deal in ``state``, from 0 (worst) to 1 (best).

    >>> import spite_rules as sr
    >>> from spite_rules.bots import GreedyBot, play_round
    >>> state, _ = play_round(sr.new_game(3, seed=4), [GreedyBot()] * 3)
    >>> sorted(returns(state))
    [0.0, 0.5, 1.0]
    """
    return researchable(game_of(state)).returns(state)
