"""Game-neutral: seeded shuffles, the same as ``random.Random.shuffle``, compiled.

Layer: core — knows no game: may import only the cards and the errors.

``Random.shuffle`` is Python (docs/performance.md); :func:`shuffle` makes its draws in the same
order (``getrandbits`` of the bound's bit length, again while out of range: CPython's
``_randbelow_with_getrandbits``), so it leaves the list in the same order, as
``tests/properties/test_shuffling_properties.py`` checks. Spite and Malice deals and reshuffles
through it; Spite's ``stock.shuffle`` (a round's shuffle by seed and number) is this loop.

>>> import random
>>> cards = list(range(10))
>>> shuffle(random.Random("7:0"), cards)
>>> twin = list(range(10))
>>> random.Random("7:0").shuffle(twin)
>>> cards == twin
True
"""

from __future__ import annotations

import random
from typing import TypeVar

__all__ = ["shuffle"]

T = TypeVar("T")


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place with ``rng`` exactly as ``rng.shuffle(items)`` would.

    >>> items = ["a", "b", "c"]
    >>> shuffle(random.Random(1), items)
    >>> sorted(items)
    ['a', 'b', 'c']
    """
    getrandbits = rng.getrandbits
    place = len(items) - 1
    while place > 0:
        bound = place + 1
        bits = bound.bit_length()
        drawn = getrandbits(bits)
        while drawn >= bound:
            drawn = getrandbits(bits)
        items[place], items[drawn] = items[drawn], items[place]
        place -= 1
