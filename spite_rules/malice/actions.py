"""What a seat can do in Spite and Malice: the actions ``apply`` takes and ``legal_moves`` offers,
their text notation, and :func:`parse_action` that reads it.

Every action carries ``player`` (the seat acting). Stacks are numbered from 0 in the fields and
from 1 in the text ("centre 2" is ``centre=1``), as a player counts them. A pile of another seat is
named by ``owner`` (None: the acting seat's own).

>>> print(Play(0, "7♠", centre=1))
seat 0: play 7♠ from hand to centre 2
>>> print(Play(1, "K♦", centre=0, origin=Origin.SIDE, side=2, owner=3))
seat 1: play K♦ from seat 3's side 3 to centre 1
>>> print(Discard(0, "9♣", side=0)), print(EndTurn(1))
seat 0: discard 9♣ to side 1
seat 1: end turn
(None, None)

The notation (``str(action)``; the ``seat N:`` prefix is optional when reading):

- ``play <card> from hand|pay-off|side <n>|seat <s>'s pay-off|seat <s>'s side <n> to centre <n>``
- ``discard <card> [<card> ...] to side <n>``
- ``move <card> from side <n> to side <n>`` (seed 002's discard-stage move)
- ``swap <card> from <source> for centre <n>`` (seed 002's wild substitution)
- ``load <card> from hand|pay-off onto seat <s>'s pay-off`` (seed 003's loading)
- ``place <card> on centre <n>`` (seed 002: where a forced card goes)
- ``end turn`` (also read: ``pass``)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Union

import attrs

from spite_rules.cards import Card, format_cards, parse_card, parse_cards
from spite_rules.errors import NotationError

if TYPE_CHECKING:
    from spite_rules.malice.state import State

__all__ = [
    "Action",
    "Origin",
    "Play",
    "Discard",
    "EndTurn",
    "MoveSide",
    "Substitute",
    "Load",
    "PlaceForced",
    "parse_action",
]


class Origin(enum.Enum):
    """Where a card comes from: a hand, the top of a pay-off pile, the top of a side stack."""

    HAND = "hand"
    PAYOFF = "pay-off"
    SIDE = "side"


def _to_card(value: Card | str) -> Card:
    return value if type(value) is Card else parse_card(value)  # type: ignore[arg-type]


def _to_cards(value: Card | str | Iterable[Card | str]) -> tuple[Card, ...]:
    if type(value) is tuple and all(type(card) is Card for card in value):
        return value
    if isinstance(value, Card):
        return (value,)
    if isinstance(value, str):
        return parse_cards(value)
    return tuple(_to_card(card) for card in value)


def _to_origin(value: Origin | str) -> Origin:
    return value if isinstance(value, Origin) else Origin(value)


def _from(origin: Origin, side: int | None, owner: int | None) -> str:
    if origin is Origin.HAND:
        return "hand"
    pile = "pay-off" if origin is Origin.PAYOFF else f"side {(side or 0) + 1}"
    return pile if owner is None else f"seat {owner}'s {pile}"


def _own(self: object) -> None:
    """Whose pile: the acting seat's own pile is written ``owner=None`` (one spelling per move)."""
    if self.owner is not None and self.owner == self.player:  # type: ignore[attr-defined]
        object.__setattr__(self, "owner", None)


@attrs.frozen
class Play:
    """Play ``card`` to centre stack ``centre`` from the hand, a pay-off top or a side-stack top
    (``origin``; ``side`` says which side stack; ``owner`` whose pile, None for the seat's own).
    Seed 003: "The card played may come from your hand, from the top of one of your side stacks,
    or from the top of your pay-off pile". An ace (or a wild card as an ace) names the space its
    new stack takes."""

    player: int
    card: Card = attrs.field(converter=_to_card)
    centre: int
    origin: Origin = attrs.field(default=Origin.HAND, kw_only=True, converter=_to_origin)
    side: int | None = attrs.field(default=None, kw_only=True)
    owner: int | None = attrs.field(default=None, kw_only=True)

    __attrs_post_init__ = _own

    def __str__(self) -> str:
        where = _from(self.origin, self.side, self.owner)
        return f"seat {self.player}: play {self.card} from {where} to centre {self.centre + 1}"


@attrs.frozen
class Discard:
    """Discard ``cards`` (one card, or seed 004's several equal cards) from the hand onto side stack
    ``side``. Seed 003: "To play a card from your hand face-up on top of one of your side stacks.
    This ends your turn." (Massachusetts: a card to an empty side stack before the ending discard
    does not end it.)"""

    player: int
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)
    side: int

    def __str__(self) -> str:
        return f"seat {self.player}: discard {format_cards(self.cards)} to side {self.side + 1}"


@attrs.frozen
class EndTurn:
    """End the turn without a discard: the book's "you may decide to end your turn without playing
    to a side stack" and its pass; seed 002's "Do nothing"."""

    player: int

    def __str__(self) -> str:
        return f"seat {self.player}: end turn"


@attrs.frozen
class MoveSide:
    """Seed 002's discard stage: "move one of the top cards in your discard pile to any other
    discard pile". Ends the turn."""

    player: int
    card: Card = attrs.field(converter=_to_card)
    source: int
    side: int

    def __str__(self) -> str:
        return f"seat {self.player}: move {self.card} from side {self.source + 1} to side {self.side + 1}"


@attrs.frozen
class Substitute:
    """Seed 002's wild substitution: put the real ``card`` (from any legally playable place) on
    centre stack ``centre`` in place of the exposed wild card there; "The wild card goes back to
    wherever the real card came from"."""

    player: int
    card: Card = attrs.field(converter=_to_card)
    centre: int
    origin: Origin = attrs.field(default=Origin.HAND, kw_only=True, converter=_to_origin)
    side: int | None = attrs.field(default=None, kw_only=True)
    owner: int | None = attrs.field(default=None, kw_only=True)

    __attrs_post_init__ = _own

    def __str__(self) -> str:
        where = _from(self.origin, self.side, self.owner)
        return f"seat {self.player}: swap {self.card} from {where} for centre {self.centre + 1}"


@attrs.frozen
class Load:
    """Seed 003's loading: move ``card`` from the hand or the top of the seat's own pay-off pile
    (``origin``) onto the top of seat ``target``'s pay-off pile."""

    player: int
    card: Card = attrs.field(converter=_to_card)
    target: int
    origin: Origin = attrs.field(default=Origin.HAND, kw_only=True, converter=_to_origin)

    def __str__(self) -> str:
        where = self.origin.value  # "hand", "pay-off", or "side" (never legal: malice.loading.source)
        return f"seat {self.player}: load {self.card} from {where} onto seat {self.target}'s pay-off"


@attrs.frozen
class PlaceForced:
    """Seed 002: a card that "must be immediately played" fits more than one centre stack: the seat
    to act says which (``centre``)."""

    player: int
    card: Card = attrs.field(converter=_to_card)
    centre: int

    def __str__(self) -> str:
        return f"seat {self.player}: place {self.card} on centre {self.centre + 1}"


#: Every Spite and Malice action.
Action = Union[Play, Discard, EndTurn, MoveSide, Substitute, Load, PlaceForced]

_CARD = r"(\S+)"
_SOURCE = r"(hand|pay-?off|side (\d+)|seat (\d+)'s (pay-?off|side (\d+)))"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE))
    for name, pattern in (
        ("play", rf"play {_CARD} from {_SOURCE} to centre (\d+)"),
        ("swap", rf"swap {_CARD} from {_SOURCE} for centre (\d+)"),
        ("discard", r"discard (.+?) to side (\d+)"),
        ("move", rf"move {_CARD} from side (\d+) to side (\d+)"),
        ("load", rf"load {_CARD} from (hand|pay-?off) onto seat (\d+)'s pay-?off"),
        ("place", rf"place {_CARD} on centre (\d+)"),
        ("end", r"(?:end turn|end|pass|do nothing)"),
    )
)


def _number(text: str, what: str) -> int:
    number = int(text)
    if number < 1:
        raise NotationError(f"{what} {text!r} does not exist: they are counted from 1")
    return number - 1


def _source(groups: tuple[str | None, ...]) -> tuple[Origin, int | None, int | None]:
    whole, own_side, owner, their_pile, their_side = groups
    text = (whole or "").lower()
    if text == "hand":
        return Origin.HAND, None, None
    if text.startswith("pay"):
        return Origin.PAYOFF, None, None
    if own_side is not None:
        return Origin.SIDE, _number(own_side, "side"), None
    assert owner is not None and their_pile is not None
    if their_pile.lower().startswith("pay"):
        return Origin.PAYOFF, None, int(owner)
    assert their_side is not None
    return Origin.SIDE, _number(their_side, "side"), int(owner)


def parse_action(state: State, text: str) -> Action:
    """Read an action in the notation ``str(action)`` writes; the seat is ``state.to_act`` unless
    the text starts with ``seat N:``.

    >>> from spite_rules.malice.deal import setup
    >>> state = setup(payoff=["5♠", "6♠"], hands=["A♥ 7♣", ""])
    >>> parse_action(state, "play A♥ from hand to centre 1")
    Play(player=0, card=Card('A♥'), centre=0, origin=<Origin.HAND: 'hand'>, side=None, owner=None)
    >>> parse_action(state, "seat 0: discard 7c to side 2")
    Discard(player=0, cards=(Card('7♣'),), side=1)
    >>> parse_action(state, "jump")
    Traceback (most recent call last):
    ...
    spite_rules.errors.NotationError: 'jump' is not an action: start with play, discard, move, swap, load, place or end turn
    """
    body = text.strip()
    player = state.to_act
    prefix = re.match(r"seat (\d+)\s*:\s*", body, re.IGNORECASE)
    if prefix:
        player = int(prefix.group(1))
        body = body[prefix.end():]
    for name, pattern in _PATTERNS:
        match = pattern.fullmatch(body)
        if match is None:
            continue
        groups = match.groups()
        if name == "end":
            return EndTurn(player)
        card = parse_card(groups[0]) if name != "discard" else None
        if name in ("play", "swap"):
            origin, side, owner = _source(groups[1:6])
            centre = _number(groups[6], "centre")
            kind = Play if name == "play" else Substitute
            return kind(player, card, centre, origin=origin, side=side, owner=owner)  # type: ignore[arg-type]
        if name == "discard":
            return Discard(player, parse_cards(groups[0]), _number(groups[1], "side"))
        if name == "move":
            return MoveSide(player, card, _number(groups[1], "side"), _number(groups[2], "side"))  # type: ignore[arg-type]
        if name == "load":
            origin = Origin.HAND if groups[1].lower() == "hand" else Origin.PAYOFF
            return Load(player, card, int(groups[2]), origin=origin)  # type: ignore[arg-type]
        return PlaceForced(player, card, _number(groups[1], "centre"))  # type: ignore[arg-type]
    first = body.split()[0] if body.split() else body
    raise NotationError(
        f"{first!r} is not an action: start with play, discard, move, swap, load, place or end turn"
    )
