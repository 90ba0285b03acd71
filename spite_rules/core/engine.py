"""Game-neutral: the protocol every game of the library satisfies, and the registry of games.

Layer: core — knows no game: may import only the cards and the errors.

The library holds two games that share a name: **Spite** (tricks; ``game("spite")``) and **Spite
and Malice** (competitive patience; ``game("malice")``). Everything generic (JSON, records and
replay, bots, the command line, the conformance suite) reaches a game through this protocol, never
through one game's modules.

>>> "spite" in GAMES
True
>>> spite = game("spite")
>>> spite.title, spite.min_players, spite.max_players
('Spite', 3, 9)
>>> state = spite.new_game(3, seed=1)
>>> spite.to_act(state) is not None, spite.is_over(state)
(True, False)

A game is registered by name with :func:`register` when its module is imported; ``game(name)``
imports the module that registers it on first use, so ``game("malice")`` works without importing
``spite_rules.malice`` first. Asking for a game that does not exist names the known ones:

>>> game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spite_rules.errors.IllegalAction: game 'chess' does not exist (known: ...)
"""

from __future__ import annotations

import functools
import importlib
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar, cast

from spite_rules.cards import Card
from spite_rules.errors import IllegalAction, SpiteError, shown

__all__ = ["Game", "GAMES", "game", "game_of", "register", "seat_counts"]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
EventT = TypeVar("EventT")
ViewT = TypeVar("ViewT")


class Game(Protocol, Generic[StateT, ActionT, EventT, ViewT]):
    """A game of the library, as generic code sees it.

    ``new_game`` deals what the game's ``is_over`` ends: a round for Spite (whose game goes on
    with ``next_round``), a whole game for Spite and Malice (a series goes on with ``next_round``).
    Every method is pure: states are immutable values. A game's class that subclasses this one
    takes the bodies written here (a game without rule breaks, moves out of turn or a record of
    them, whose default rules are ``rules_type()`` and whose states keep their ``names``,
    ``players`` and ``to_act``).
    """

    #: The registry name (``"spite"``, ``"malice"``).
    name: str
    #: The game's name as people write it.
    title: str
    #: The player counts the game supports.
    min_players: int
    max_players: int
    #: The classes generic code reads and writes (JSON, records).
    state_type: type[StateT]
    rules_type: type[Any]
    view_type: type[ViewT]
    #: The union of the game's action classes and of its event classes (for JSON).
    action_type: Any
    event_type: Any
    #: The module of the game's rules clauses (its ``BY_ID``: each clause by its id).
    clauses: str

    def default_rules(self) -> Any:
        """The rules ``new_game`` uses when given none: ``rules_type()``."""
        return self.rules_type()

    def rules_named(self, name: str) -> Any:
        """A named ruleset or preset (``"000"`` for Spite, ``"book"`` for Spite and Malice)."""
        ...

    def rules_names(self) -> tuple[str, ...]:
        """The names :meth:`rules_named` takes."""
        ...

    def new_game(self, players: int | Sequence[str], *, seed: int, rules: Any = None) -> StateT:
        """A shuffled, dealt game (Spite: its first round), deterministic from ``seed``."""
        ...

    def next_round(self, state: StateT, late_joiners: Sequence[str] = ()) -> tuple[StateT, tuple[EventT, ...]]:
        """The next deal after ``state`` ended (Spite: the next round; Spite and Malice: the next
        game of a series). Raises IllegalAction where the game allows no such continuation."""
        ...

    def setup(self, **position: Any) -> StateT:
        """A position built by hand (each game documents its keywords)."""
        ...

    def legal_moves(self, state: StateT) -> tuple[ActionT, ...]:
        """Every action allowed now, in a fixed order; empty only when the deal is over."""
        ...

    def apply(self, state: StateT, action: ActionT) -> tuple[StateT, tuple[EventT, ...]]:
        """The state after ``action`` and the events telling what happened. Pure."""
        ...

    def to_act(self, state: StateT) -> int | None:
        """The seat whose turn it is, or None when nobody is to act: ``state.to_act`` until the deal
        is over."""
        return None if self.is_over(state) else cast("int | None", getattr(state, "to_act"))

    def rule_breaks(self, events: Sequence[EventT]) -> tuple[tuple[int, str], ...]:
        """The (seat, clause id) of each rule broken in ``events`` (Spite's misplays; a game
        that refuses forbidden moves instead, as Spite and Malice does, has none)."""
        return ()

    def awaits_judgement(self, events: Sequence[EventT]) -> bool:
        """Did ``events`` leave a move standing unjudged, to be judged later (Spite's play out of
        turn, ruling R29: it stands or is a misplay once the seats before it have acted)? Never
        where every move is judged when it is made (Spite and Malice)."""
        return False

    def out_of_turn(self, action: ActionT) -> bool:
        """Is ``action`` one a seat may take whether or not it is its turn (Spite's misplay
        calls)? Bots are asked for these with ``wants_to_call``; the game to act chooses the rest.
        Nothing is, in Spite and Malice."""
        return False

    def is_over(self, state: StateT) -> bool:
        """Has the deal ended (Spite: the round; Spite and Malice: the game)?"""
        ...

    def seats(self, state: StateT) -> int:
        """How many seats the table has: ``state.players``."""
        return cast(int, getattr(state, "players"))

    def names(self, state: StateT) -> tuple[str, ...]:
        """The seats' names, for narration: ``state.names``."""
        return cast("tuple[str, ...]", getattr(state, "names"))

    def view(self, state: StateT, seat: int) -> ViewT:
        """What ``seat`` may see. Raises IllegalAction for a seat that does not exist."""
        ...

    def redact(self, event: EventT, seat: int) -> EventT:
        """``event`` as ``seat`` may see it."""
        ...

    def describe_event(self, event: EventT, names: Sequence[str]) -> str:
        """One line in plain words saying what happened."""
        ...

    def describe_action(self, action: ActionT, names: Sequence[str]) -> str:
        """One line in plain words saying what a seat does."""
        ...

    def all_cards(self, state: StateT) -> Counter[Card]:
        """Every card at the table, wherever it is: conserved by every action."""
        ...

    def hidden_cards(self, state: StateT, seat: int) -> Counter[Card]:
        """The cards ``seat`` may not see (other hands, the stock, face-down cards): no view of
        that seat may show more of any card than ``all_cards - hidden_cards`` holds."""
        ...

    def clause_ids(self) -> frozenset[str]:
        """The ids of the game's rules clauses (docs/rules.md, docs/malice/rules.md): what its
        rule-break messages and events cite and its tests are marked with
        (``@pytest.mark.rule(id)``). A game other than Spite starts its ids with its own name
        (``malice.centre.next-higher``). The ids of its :attr:`clauses` module's ``BY_ID``."""
        return frozenset(importlib.import_module(self.clauses).BY_ID)

    def json_kinds(self) -> Mapping[str, type]:
        """The classes the game writes as JSON documents, by the ``kind`` the envelope names: its
        State, SeatView, Rules, every action and every event, by class name."""
        unions = (*self.action_type.__args__, *self.event_type.__args__)
        return {kind.__name__: kind for kind in (self.state_type, self.view_type, self.rules_type, *unions)}

    def configure_json(self, converter: Any) -> None:
        """Register the game's hooks (its action and event unions) on the shared converter."""
        ...


AnyGame = Game[Any, Any, Any, Any]

#: Where each game registers itself: imported on first use of ``game(name)``.
_MODULES = {"spite": "spite_rules.spite_game", "malice": "spite_rules.malice.game"}
_REGISTERED: dict[str, AnyGame] = {}


def register(new: AnyGame) -> AnyGame:
    """Add a game to the registry (a game's module calls this when it is imported)."""
    _REGISTERED[new.name] = new
    return new


def game(name: str) -> AnyGame:
    """The game registered as ``name``.

    >>> game("spite").title
    'Spite'
    """
    if name not in _REGISTERED:
        if not isinstance(name, str) or name not in _MODULES:
            known = ", ".join(sorted(_MODULES))
            raise IllegalAction(f"game {shown(name)} does not exist (known: {known})")
        importlib.import_module(_MODULES[name])
    return _REGISTERED[name]


def game_of(state: object) -> AnyGame:
    """The game a state belongs to.

    >>> game_of(game("spite").new_game(3, seed=2)).name
    'spite'
    """
    for name in _MODULES:
        found = game(name)
        if isinstance(state, found.state_type):
            return found
    raise IllegalAction(f"{type(state).__name__} is not the state of any registered game")


def seat_counts(name: str, rules: Any = None) -> tuple[int, ...]:
    """The numbers of seats game ``name`` deals for under ``rules`` (a rules value, the name of a
    ruleset or preset, or None for the game's default rules): a front-end's choice of table sizes.
    A game's player range can be wider than some of its rules allow (Spite and Malice's book and
    jacks presets are for two), so each count is tried by dealing, once per rules.

    >>> seat_counts("malice", "book"), seat_counts("malice"), seat_counts("spite")
    ((2,), (2, 3, 4, 5, 6), (3, 4, 5, 6, 7, 8, 9))
    """
    played = game(name)
    if rules is None:
        rules = played.default_rules()
    elif isinstance(rules, str):
        rules = played.rules_named(rules)
    return tuple(count for count in range(played.min_players, played.max_players + 1) if _deals(name, count, rules))


@functools.cache  # each count is dealt once per game and rules
def _deals(name: str, count: int, rules: Any) -> bool:
    try:
        game(name).new_game(count, seed=0, rules=rules)
    except SpiteError:
        return False
    return True


class _Registry(Mapping[str, AnyGame]):
    """``GAMES``: every game of the library by name, each loaded on first use."""

    def __getitem__(self, name: str) -> AnyGame:
        if name not in _MODULES:
            raise KeyError(name)
        return game(name)

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(_MODULES))

    def __len__(self) -> int:
        return len(_MODULES)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(sorted(_MODULES))})"


#: Every game of the library, by name (a read-only mapping; games load on first use).
GAMES: Mapping[str, AnyGame] = _Registry()
