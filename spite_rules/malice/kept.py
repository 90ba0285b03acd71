"""What the rules found of one state, kept with it (``State.verdicts``, a field outside equality,
hashing, repr, JSON and pickles), as pgx keeps ``legal_action_mask`` in its state: the moves
``legal_moves`` found (``apply`` trusts one of those very moves on that very state), and while they
are being found, what the compulsory rules and seed 002's "must be sure" search found of the
position (each a function of the position alone, asked of every move in it). A state made from
another (``attrs.evolve``) copies the field; a :data:`Kept` names its state by a weak reference, so
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
from typing import Any, Final

__all__ = ["Kept", "MOVES", "JUDGED", "CONTEXT", "kept"]

#: What the rules found of one state: a list, its places :data:`MOVES` (``legal_moves``' answer),
#: :data:`JUDGED` (``compulsory._Judged``) and :data:`CONTEXT` (``sure_search.Search``), None until
#: asked (the last two again once the moves are found: the search's working memory is not kept
#: with the state), after place 0, the weak reference to its state. A list, not a class, for the
#: pure build (callgrind, 10 games a preset, hash seed 0: 552.9M as a class, 550.2M as a list; compiled,
#: 30 games a preset: 675.6M as a native class, 676.9M as a list).
Kept = list[Any]

MOVES: Final = 1
JUDGED: Final = 2
CONTEXT: Final = 3


def kept(state: Any) -> Kept:
    """The :data:`Kept` of this very ``state`` (a Spite and Malice ``State``), made the first time
    it is asked for.

    >>> from spite_rules.malice.deal import setup
    >>> kept(setup(payoff=["5♠", "6♠"]))[MOVES] is None
    True
    """
    known = state.verdicts
    if type(known) is list and known[0]() is state:
        return known
    made: Kept = [weakref.ref(state), None, None, None]
    object.__setattr__(state, "verdicts", made)
    return made

