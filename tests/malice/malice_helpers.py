"""Shared helpers for the Spite and Malice tests: play actions through, read events back, list moves.

>>> import spite_rules.malice as sm
>>> state = sm.setup(payoff=["3♠ A♦", "Q♣"], hands=["7♥", ""])
>>> state, events = play_through(state, "play A♦ from pay-off to centre 1")
>>> kinds(events)
['Played', 'PayoffTurnedUp']
"""

from __future__ import annotations

import ast
import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

import spite_rules.malice as sm
from spite_rules.core.frozen import replace

__all__ = ["play_through", "kinds", "of_type", "one", "moves", "random_game", "refusal_ids", "altered", "JACKS", "BOOK", "THREE", "COMMON"]

T = TypeVar("T")

COMMON = sm.Rules()
BOOK = sm.Rules.preset("book")
JACKS = sm.Rules.preset("jacks")
THREE = sm.Rules.preset("three_decks")


def play_through(state: sm.State, *actions: sm.Action | str) -> tuple[sm.State, list[Any]]:
    """Apply each action (an Action or its notation, read for the seat to act) in turn; all events."""
    events: list[Any] = []
    for action in actions:
        move = sm.parse_action(state, action) if isinstance(action, str) else action
        state, happened = sm.apply(state, move)
        events.extend(happened)
    return state, events


def kinds(events: Iterable[object]) -> list[str]:
    """The class names of ``events``, in order."""
    return [type(event).__name__ for event in events]


def of_type(events: Iterable[object], kind: type[T]) -> list[T]:
    """The events of one kind."""
    return [event for event in events if isinstance(event, kind)]


def one(events: Iterable[object], kind: type[T]) -> T:
    """The one event of ``kind`` (fails if there are none or several)."""
    found = of_type(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__}, got {found}"
    return found[0]


def moves(state: sm.State) -> list[str]:
    """The legal moves' notation, without the seat prefix."""
    return [str(move).split(": ", 1)[1] for move in sm.legal_moves(state)]


def random_game(rules: sm.Rules, seed: int, players: int = 2, cap: int = 5000) -> tuple[sm.State, list[sm.State]]:
    """A seeded random game played to its end; the final state and every state on the way."""
    state = sm.new_game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    seen = [state]
    for _ in range(cap):
        if state.game_over:
            return state, seen
        state, _ = sm.apply(state, rng.choice(sm.legal_moves(state)))
        seen.append(state)
    raise AssertionError(f"the game with seed {seed} did not end within {cap} actions")


def seq(text: str) -> Sequence[str]:
    """Split notation on ``|`` (a readable way to write several piles)."""
    return [part.strip() for part in text.split("|")]


def refusal_ids() -> set[str]:
    """The clause id of every refusal the engine words: each ``tag(message, "section.rule")`` call
    in spite_rules/malice/, read from the source (the engine keeps no list of them beside the rules).

    >>> "malice.jacks.must-be-sure" in refusal_ids()
    True
    """
    named = set()
    for path in (Path(__file__).resolve().parents[2] / "spite_rules" / "malice").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "tag" and len(node.args) >= 2
                    and isinstance(node.args[1], ast.Constant)):
                named.add(f"malice.{node.args[1].value}")
    return named


def altered(value: Any, **fields: Any) -> Any:
    """``value`` (an action, a state) with ``fields`` set past its ``__init__`` (no door, no one
    spelling), as the fuzz run builds them: ``core.frozen.replace`` stores each change after the
    class's ``__init__``. In the compiled build a Frozen value's fields are typed stores (a wrong
    type refused, a bool held as an int), so such a value cannot exist there: the test asking for
    one is skipped (what it guards cannot happen).

    >>> altered(sm.Play(0, "7♥", 0), side=2).side
    2
    """
    try:
        made = replace(value, **fields)
    except TypeError:
        pytest.skip(f"a compiled {type(value).__name__} holds no such value: {fields}")
    if any(getattr(made, name) is not given for name, given in fields.items()):
        pytest.skip(f"a compiled {type(value).__name__} holds {fields} as other values")
    return made
