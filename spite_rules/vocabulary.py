"""The words of the trick that the whole engine speaks: the game :class:`Direction` and the kinds of
consec (:class:`ConsecKind`).

Layer: Spite: values — may import the core, the cards and the errors.

Actions, events and the state name these without the trick's rules, which live in
:mod:`spite_rules.trick` (and re-export them).

>>> Direction.HIGHER.opposite, ConsecKind("suited")
(<Direction.LOWER: 'lower'>, <ConsecKind.SUITED: 'suited'>)
"""

from __future__ import annotations

import enum


__all__ = ["Direction", "ConsecKind"]


class Direction(enum.Enum):
    """The game direction (seed 000, "Game Direction"): which way each hand must beat the last."""

    __hash__ = object.__hash__  # members are singletons: hashed by identity, C-level

    HIGHER = "higher"
    LOWER = "lower"

    @property
    def opposite(self) -> Direction:
        """``Direction.HIGHER.opposite is Direction.LOWER``."""
        return Direction.LOWER if self is Direction.HIGHER else Direction.HIGHER


class ConsecKind(enum.Enum):
    """The two orthogonal consec restrictions (seed 000, "Consecutives")."""

    __hash__ = object.__hash__  # members are singletons: hashed by identity, C-level

    NUMERICAL = "numerical"
    SUITED = "suited"
