"""The exceptions of spite_rules.

Layer: shared values — used by both games: imports nothing of theirs.

Exceptions guard the door: they are for inputs that cannot happen at a real table (text that is
not a card, a set of cards that is not a hand when a hand is demanded, a seat that does not exist).
Breaking a rule at the table is not an exception but a :class:`~spite_rules.events.Misplay` event.
Every message names the offending input.
"""

from __future__ import annotations

import reprlib

__all__ = ["SpiteError", "NotationError", "InvalidHand", "IllegalAction", "shown", "kind_of"]

class _Short(reprlib.Repr):
    """reprlib's short repr, showing an int ``repr`` refuses (over 4,300 digits) by its size."""

    def repr_int(self, value: int, level: int) -> str:
        if value.bit_length() > 10_000:
            return f"<an int of about {int(value.bit_length() * 0.30103):,} digits>"
        return super().repr_int(value, level)


_SHORT = _Short()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 3, 60, 60, 40


def shown(value: object) -> str:
    """``value`` as a message shows it: its repr, cut short (a value given at a door can nest
    thousands deep or hold a 5,000-digit number, and the message must still be a line).

    >>> shown("3♦"), shown([[[["7♥"]]]]), shown(10**5000)
    ("'3♦'", '[[[[...]]]]', '<an int of about 5,000 digits>')
    """
    return _SHORT.repr(value)


def kind_of(value: object) -> str:
    """``value``'s type with its article, for messages: ``kind_of(2.0) == "a float"``.

    >>> kind_of(2.0), kind_of(1), kind_of(None)
    ('a float', 'an int', 'a NoneType')
    """
    name = type(value).__name__
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


class SpiteError(ValueError):
    """Base class of every error raised by spite_rules."""


class NotationError(SpiteError):
    """Text that is not card notation, e.g. ``parse_card("1♠")``."""


class InvalidHand(SpiteError):
    """A set of cards that is not a hand the rules allow, e.g. ``classify(parse_cards("5♠ 6♠"))``."""


class IllegalAction(SpiteError):
    """An action that cannot happen at a real table (cards not held, a seat that does not exist).

    ``rule``: the id of the rule the action breaks, where a game refuses moves by rule (Spite and
    Malice: ``malice.centre.next-higher``), so a front-end can show it without reading the message.

    >>> error = IllegalAction("a 9♠ cannot go there [malice.centre.next-higher]", rule="malice.centre.next-higher")
    >>> str(error), error.rule, IllegalAction("no such seat").rule
    ('a 9♠ cannot go there [malice.centre.next-higher]', 'malice.centre.next-higher', None)
    """

    def __init__(self, message: str = "", *, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
