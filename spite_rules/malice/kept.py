"""What the rules found of one state, kept with it (``State.verdicts``, a field outside equality,
hashing, repr, JSON and pickles), as pgx keeps ``legal_action_mask`` in its state: the moves
``legal_moves`` found (``apply`` trusts one of those very moves on that very state), and while they
are being found, what the compulsory rules and seed 002's "must be sure" search found of the
position (each a function of the position alone, asked of every move in it). The field is hidden
(no ``__init__`` argument sets it, and no copy of any kind carries it over: ``State.__init__`` sets
it to None), so a :data:`Kept` is always its own state's.

Layer: Spite and Malice: values — may import the core, the cards and the errors; never Spite.

>>> import attrs
>>> from spite_rules.malice.deal import setup
>>> state = setup(payoff=["5♠", "6♠"])
>>> kept(state) is kept(state), kept(attrs.evolve(state)) is kept(state)
(True, False)
"""

from __future__ import annotations

from typing import Any, Final

from spite_rules.malice.state import State

__all__ = ["Kept", "MOVES", "JUDGED", "CONTEXT", "kept"]

#: What the rules found of one state: a list, its places :data:`MOVES` (``legal_moves``' answer),
#: :data:`JUDGED` (``compulsory._Judged``) and :data:`CONTEXT` (``sure_search.Search``), None until
#: asked (the last two again once the moves are found: the search's working memory is not kept
#: with the state). A list, not a class, for the
#: pure build (callgrind, 10 games a preset, hash seed 0: 552.9M as a class, 550.2M as a list; compiled,
#: 30 games a preset: 675.6M as a native class, 676.9M as a list).
Kept = list[Any]

MOVES: Final = 0
JUDGED: Final = 1
CONTEXT: Final = 2


def kept(state: State) -> Kept:
    """The :data:`Kept` of this very ``state`` (a Spite and Malice ``State``), made the first time
    it is asked for.

    >>> from spite_rules.malice.deal import setup
    >>> kept(setup(payoff=["5♠", "6♠"]))[MOVES] is None
    True
    """
    known = state.verdicts
    if type(known) is list:
        return known
    made: Kept = [None, None, None]
    object.__setattr__(state, "verdicts", made)
    return made

