"""The constants of Spite's hot paths: the enum members the rules of play compare most, and the
builders of the values the machine makes at every action.

Layer: Spite: values — may import the core, the cards and the errors.

One block, imported by the rules of play (consecs, direction, following, trick) and the machine
(moves, turns, round), where each had pasted its own. In the compiled build a module-level
``Final`` of a compiled module is a C static: ``HIGHER`` is one load where ``Direction.HIGHER`` is a
dict lookup and an attribute lookup on the enum class.

>>> HIGHER is Direction.HIGHER and SEVEN is Rank.SEVEN
True
>>> PASSED(2) == Passed(2)
True
"""

from __future__ import annotations

from typing import Final

from spite_rules.actions import TakeReward
from spite_rules.cards import Rank
from spite_rules.core._evolve import constructor
from spite_rules.events import Passed, Played, TrickWon
from spite_rules.vocabulary import ConsecKind, Direction

__all__: list[str] = []

#: Enum members as C statics (speed device: ``Enum.MEMBER`` read in their place, +10% instructions).
HIGHER: Final = Direction.HIGHER
LOWER: Final = Direction.LOWER
NUMERICAL: Final = ConsecKind.NUMERICAL
SUITED: Final = ConsecKind.SUITED
TWO: Final = Rank.TWO
THREE: Final = Rank.THREE
SEVEN: Final = Rank.SEVEN
THIRTEEN: Final = Rank.THIRTEEN

#: Values built without their frozen ``__init__`` (speed device: the classes in their place, +4.2%;
#: ``TakeReward``'s, +2%); tests/properties/test_evolve_properties.py holds each to its class.
TRICK_WON: Final = constructor(TrickWon)
PLAYED: Final = constructor(Played)
PASSED: Final = constructor(Passed)
TAKE_REWARD: Final = constructor(TakeReward, converted=True, normal=True)
