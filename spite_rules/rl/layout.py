"""Where each named segment of an observation vector lies: both games' encoders lay their vectors
out as a list of (segment name, length) pairs, one after another, and ask this module for the
offsets.

Layer: surface over both games — may import either game, the core, the cards and the errors.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["offsets"]


def offsets(layout: Sequence[tuple[str, int]]) -> tuple[dict[str, tuple[int, int]], int]:
    """Each segment's (start, length) in a vector laid out as ``layout``, and the vector's length.

    >>> offsets((("hand", 14), ("seat_present", 6)))
    ({'hand': (0, 14), 'seat_present': (14, 6)}, 20)
    """
    found: dict[str, tuple[int, int]] = {}
    at = 0
    for name, length in layout:
        if name in found:
            raise ValueError(f"segment {name!r} is laid out twice")
        found[name] = (at, length)
        at += length
    return found, at
