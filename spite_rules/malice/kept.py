"""What the rules found of one state, kept with it (``State.verdicts``, a field outside equality,
hashing, repr, JSON and pickles), as pgx keeps ``legal_action_mask`` in its state: the moves
``legal_moves`` found (``apply`` trusts one of those very moves on that very state), and while they
are being found, what the compulsory rules and seed 002's "must be sure" search found of the
position (each a function of the position alone, asked of every move in it). A state made from
another (``attrs.evolve``) copies the field; :class:`Kept` names its state by a weak reference, so
there it is ignored.

Layer: Spite and Malice: values — may import the core, the cards and the errors; never Spite.

>>> import attrs
>>> from spite_rules.malice.deal import setup
>>> state = setup(payoff=["5♠", "6♠"])
>>> kept(state) is kept(state), kept(attrs.evolve(state)) is kept(state)
(True, False)
"""

from __future__ import annotations

import weakref
from typing import Any

__all__ = ["Kept", "kept"]


class Kept:
    """What the rules found of one state: ``moves`` (``legal_moves``' answer, None until asked),
    ``judged`` (``compulsory._Judged``) and ``context`` (``sure._Context``), None until asked (and
    again once the moves are found: the search's working memory is not kept with the state)."""

    __slots__ = ("state", "moves", "judged", "context")

    def __init__(self, state: Any) -> None:
        self.state: weakref.ref[Any] = weakref.ref(state)
        self.moves: tuple[Any, ...] | None = None
        self.judged: Any = None
        self.context: Any = None


def kept(state: Any) -> Kept:
    """The :class:`Kept` of this very ``state`` (a Spite and Malice ``State``), made the first time
    it is asked for.

    >>> from spite_rules.malice.deal import setup
    >>> kept(setup(payoff=["5♠", "6♠"])).moves is None
    True
    """
    known = state.verdicts
    if isinstance(known, Kept) and known.state() is state:
        return known
    made = Kept(state)
    object.__setattr__(state, "verdicts", made)
    return made
