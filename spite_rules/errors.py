"""The exceptions of spite_rules.

Exceptions guard the door: they are for inputs that cannot happen at a real table (text that is
not a card, a set of cards that is not a hand when a hand is demanded, a seat that does not exist).
Breaking a rule at the table is not an exception but a :class:`~spite_rules.events.Misplay` event.
Every message names the offending input.
"""

from __future__ import annotations

__all__ = ["SpiteError", "NotationError", "InvalidHand", "IllegalAction"]


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

    def __reduce__(self) -> tuple[object, ...]:
        return _illegal_action, (str(self), self.rule)


def _illegal_action(message: str, rule: str | None) -> IllegalAction:
    return IllegalAction(message, rule=rule)
