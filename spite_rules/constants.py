"""The constants of Spite's hot paths: the enum members the rules of play compare most.

Layer: Spite: values — may import the core, the cards and the errors.

One block, imported by the rules of play (consecs, direction, following, trick) and the machine
(moves). A speed device of the pure build alone (−3.7% instructions on Spite's playouts: on Python
3.11 an enum member is read through a hook; docs/performance.md, "Cards, hands and actions native").

>>> HIGHER is Direction.HIGHER and SEVEN is Rank.SEVEN
True
"""

from __future__ import annotations

from typing import Final

from spite_rules.cards import Rank
from spite_rules.vocabulary import ConsecKind, Direction

__all__: list[str] = []

HIGHER: Final = Direction.HIGHER
LOWER: Final = Direction.LOWER
NUMERICAL: Final = ConsecKind.NUMERICAL
SUITED: Final = ConsecKind.SUITED
TWO: Final = Rank.TWO
THREE: Final = Rank.THREE
SEVEN: Final = Rank.SEVEN
THIRTEEN: Final = Rank.THIRTEEN
