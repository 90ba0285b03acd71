"""Table choices and rule variants: :class:`Rules`.

``Rules()`` is seed 000's game. Options name the choices a table makes (how many fake jokers are set
aside, which faces they show) and the variants a reasonable table could rule either way; each
option's default is the ruling in docs/rulings.md.

>>> Rules().hand_size, Rules().losing_hand_size
(11, 20)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from spite_rules.cards import Card, parse_cards

__all__ = ["Rules", "Referee", "DEFAULT_FAKE_JOKERS", "RULESET_VERSION"]

#: The version of the rulings the engine implements: seed 000 and the rulings' revision. It changes
#: whenever a ruling in docs/rulings.md changes behaviour (see its "Ruleset versions" section).
RULESET_VERSION = "000-r1"


class Referee(enum.Enum):
    """Who penalises misplays (ruling R27).

    - ``CALLED`` (the physical game, the default): the engine applies a misplay's penalties at once,
      and the misplay stays open for a call until the next action that is not a call; the first seat
      to call it correctly wins the misplayer's forfeited fake jokers (or one from the pile).
      Uncalled, the forfeited fake jokers return to the pile ("the table has reached a consensus").
    - ``AUTOMATIC`` (bots, online play): penalties are applied at once and the forfeited fake jokers
      go straight to the pile; there is nothing to call.
    """

    CALLED = "called"
    AUTOMATIC = "automatic"

#: Seed 000, "The Deck": "approximately 5 cards (of arbitrary suits and face values) from a deck with
#: a different card-back design should be set aside ... for use as fake jokers."
DEFAULT_FAKE_JOKERS: tuple[Card, ...] = parse_cards("~4♣ ~8♥ ~10♠ ~Q♦ ~A♣")


def _to_fakes(cards: Iterable[Card | str]) -> tuple[Card, ...]:
    result = []
    for card in cards:
        card = card if isinstance(card, Card) else parse_cards(card)[0]
        result.append(card.as_fake())
    return tuple(result)


@attrs.frozen
class Rules:
    """The rules in force. Frozen; ``Rules()`` is seed 000.

    - ``decks``: six-handed 500 decks combined (3 makes the 189-card deck).
    - ``hand_size``: cards dealt to each seat ("each player is dealt 11 cards").
    - ``losing_hand_size``: "If the number of cards in a player's hand reaches or exceeds 20, they
      instantly lose the round."
    - ``fake_jokers``: the faces of the fake jokers set aside (the other back).
    - ``decision_seconds``: "A player has 5 seconds to make a decision" (plus one per card just
      picked up); the engine keeps no clock but tells a front-end.
    - ``referee``: who penalises misplays (:class:`Referee`).
    """

    decks: int = 3
    hand_size: int = 11
    losing_hand_size: int = 20
    fake_jokers: tuple[Card, ...] = attrs.field(default=DEFAULT_FAKE_JOKERS, converter=_to_fakes)
    decision_seconds: int = 5
    referee: Referee = Referee.CALLED

    @property
    def version(self) -> str:
        """The ruleset version (:data:`RULESET_VERSION`): ``Rules().version == "000-r1"``."""
        return RULESET_VERSION
