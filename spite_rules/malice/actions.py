"""What a seat can do in Spite and Malice: the actions ``apply`` takes and ``legal_moves`` offers,
their text notation, and :func:`parse_action` that reads it.

Layer: Spite and Malice: values — may import the core, the cards and the errors; never Spite.

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

The notation (``str(action)``; the ``seat N:`` prefix is optional when reading; words are read
in any case, ``payoff`` and ``center`` too):

- ``play <card> from <place> to centre <n>``, where ``<place>`` is ``hand``, ``pay-off`` or
  ``side <n>``, or one of them after ``seat <s>'s`` for another seat's
- ``discard <card> [<card> ...] to side <n>``
- ``move <card> from side <n> to side <n>`` (seed 002's discard-stage move)
- ``swap <card> from <place> for centre <n>`` (seed 002's wild substitution)
- ``load <card> from hand|pay-off|side onto seat <s>'s pay-off`` (seed 003's loading; never from a
  side stack, but the text says so and ``apply`` refuses it naming the rule)
- ``place <card> on centre <n>`` (seed 002: where a forced card goes)
- ``end turn`` (also read: ``end``, ``pass``, ``do nothing``)

Every action value reads back as itself (``parse_action(state, str(action)) == action``), the
forbidden ones too: whether a seat, a stack or a source exists is for ``apply`` to say, naming the
rule. Only text that is not the notation raises NotationError, naming the word at fault.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final, Union

import attrs

from spite_rules.cards import Card, format_cards, parse_card, parse_cards
from spite_rules.core.fields import MAX_DIGITS, too_long
from spite_rules.errors import IllegalAction, NotationError, shown
from spite_rules.malice.order import is_malice_card

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


def _card_of(value: object, what: str) -> Card:
    """``value`` as a card of Spite and Malice's packs (a Card, or its notation); anything else
    refused naming the field ``what``."""
    if type(value) is Card:
        card = value
    elif isinstance(value, str):
        try:
            card = parse_card(value)
        except NotationError as error:
            raise NotationError(f"{what}: {error}") from None
    else:
        raise IllegalAction(f"{what} must be a Card or card notation such as '7♠', not {shown(value)}")
    if not is_malice_card(card):
        raise IllegalAction(f"{what}: {card} is not a card of Spite and Malice's packs (A to K and the joker)")
    return card


def _to_card(value: Card | str) -> Card:
    if type(value) is Card and is_malice_card(value):
        return value
    return _card_of(value, "card")


def _to_cards(value: Card | str | Iterable[Card | str]) -> tuple[Card, ...]:
    if type(value) is tuple and all(type(card) is Card and is_malice_card(card) for card in value):
        return value
    if isinstance(value, Card):
        return (_card_of(value, "cards"),)
    if isinstance(value, str):
        try:
            cards = parse_cards(value)
        except NotationError as error:
            raise NotationError(f"cards: {error}") from None
        return tuple(_card_of(card, "cards") for card in cards)
    if not isinstance(value, (tuple, list)):
        raise IllegalAction(f"cards must be cards or their notation, such as '7♠ 7♦', not {shown(value)}")
    return tuple(_card_of(card, "cards") for card in value)


def _to_origin(value: Origin | str) -> Origin:
    if isinstance(value, Origin):
        return value
    for origin in Origin:
        if value == origin.value:
            return origin
    raise IllegalAction(f"origin must be one of {', '.join(repr(o.value) for o in Origin)}, not {shown(value)}")


def _whole(value: object, name: str, optional: bool = False) -> int:
    """A seat or stack field ``name``: a whole number (None too where ``optional``), given back
    unchanged; anything else refused naming the field (whether the seat or the stack exists is for
    ``apply`` to say). Checked by converters rather than validators, so that the interning builders
    (``_evolve.constructor(..., converted=True)``) stay the fast path."""
    if type(value) is not int and not (optional and value is None):
        raise IllegalAction(f"{name} must be a whole number, not {shown(value)}")
    if type(value) is int and too_long(value):  # the notation could not write it back
        raise IllegalAction(f"{name} must have at most {MAX_DIGITS} digits, not {shown(value)}")
    return value  # type: ignore[return-value]


def _player(value: object) -> int:
    return _whole(value, "player")


def _centre(value: object) -> int:
    return _whole(value, "centre")


def _side(value: object) -> int:
    return _whole(value, "side")


def _source(value: object) -> int:
    return _whole(value, "source")


def _target(value: object) -> int:
    return _whole(value, "target")


def _side_or_none(value: object) -> int | None:
    return _whole(value, "side", optional=True)


def _owner(value: object) -> int | None:
    return _whole(value, "owner", optional=True)


def _from(origin: Origin, side: int | None, owner: int | None) -> str:
    """The place in the notation: ``hand``, ``pay-off``, ``side <n>`` (``side`` alone when no stack
    is named), each after ``seat <s>'s`` for another seat's."""
    pile = f"side {side + 1}" if origin is Origin.SIDE and side is not None else origin.value
    return pile if owner is None else f"seat {owner}'s {pile}"


def _own(self: object) -> None:
    """One spelling per move: the acting seat's own pile is written ``owner=None``, and ``side``
    (which side stack) is None unless the card comes from a side stack."""
    if self.owner is not None and self.owner == self.player:  # type: ignore[attr-defined]
        object.__setattr__(self, "owner", None)
    if self.side is not None and self.origin is not Origin.SIDE:  # type: ignore[attr-defined]
        object.__setattr__(self, "side", None)


@attrs.frozen
class Play:
    """Play ``card`` to centre stack ``centre`` from the hand, a pay-off top or a side-stack top
    (``origin``; ``side`` says which side stack; ``owner`` whose pile, None for the seat's own).
    Seed 003: "The card played may come from your hand, from the top of one of your side stacks,
    or from the top of your pay-off pile". An ace (or a wild card as an ace) names the space its
    new stack takes."""

    player: int = attrs.field(converter=_player)
    card: Card = attrs.field(converter=_to_card)
    centre: int = attrs.field(converter=_centre)
    origin: Origin = attrs.field(default=Origin.HAND, kw_only=True, converter=_to_origin)
    side: int | None = attrs.field(default=None, kw_only=True, converter=_side_or_none)
    owner: int | None = attrs.field(default=None, kw_only=True, converter=_owner)

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

    player: int = attrs.field(converter=_player)
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)
    side: int = attrs.field(converter=_side)

    def __str__(self) -> str:
        cards = f" {format_cards(self.cards)}" if self.cards else ""
        return f"seat {self.player}: discard{cards} to side {self.side + 1}"


@attrs.frozen
class EndTurn:
    """End the turn without a discard: the book's "you may decide to end your turn without playing
    to a side stack" and its pass; seed 002's "Do nothing"."""

    player: int = attrs.field(converter=_player)

    def __str__(self) -> str:
        return f"seat {self.player}: end turn"


@attrs.frozen
class MoveSide:
    """Seed 002's discard stage: "move one of the top cards in your discard pile to any other
    discard pile". Ends the turn."""

    player: int = attrs.field(converter=_player)
    card: Card = attrs.field(converter=_to_card)
    source: int = attrs.field(converter=_source)
    side: int = attrs.field(converter=_side)

    def __str__(self) -> str:
        return f"seat {self.player}: move {self.card} from side {self.source + 1} to side {self.side + 1}"


@attrs.frozen
class Substitute:
    """Seed 002's wild substitution: put the real ``card`` (from any legally playable place) on
    centre stack ``centre`` in place of the exposed wild card there; "The wild card goes back to
    wherever the real card came from"."""

    player: int = attrs.field(converter=_player)
    card: Card = attrs.field(converter=_to_card)
    centre: int = attrs.field(converter=_centre)
    origin: Origin = attrs.field(default=Origin.HAND, kw_only=True, converter=_to_origin)
    side: int | None = attrs.field(default=None, kw_only=True, converter=_side_or_none)
    owner: int | None = attrs.field(default=None, kw_only=True, converter=_owner)

    __attrs_post_init__ = _own

    def __str__(self) -> str:
        where = _from(self.origin, self.side, self.owner)
        return f"seat {self.player}: swap {self.card} from {where} for centre {self.centre + 1}"


@attrs.frozen
class Load:
    """Seed 003's loading: move ``card`` from the hand or the top of the seat's own pay-off pile
    (``origin``) onto the top of seat ``target``'s pay-off pile."""

    player: int = attrs.field(converter=_player)
    card: Card = attrs.field(converter=_to_card)
    target: int = attrs.field(converter=_target)
    origin: Origin = attrs.field(default=Origin.HAND, kw_only=True, converter=_to_origin)

    def __str__(self) -> str:
        where = self.origin.value  # "hand", "pay-off", or "side" (never legal: malice.loading.source)
        return f"seat {self.player}: load {self.card} from {where} onto seat {self.target}'s pay-off"


@attrs.frozen
class PlaceForced:
    """Seed 002: a card that "must be immediately played" fits more than one centre stack: the seat
    to act says which (``centre``)."""

    player: int = attrs.field(converter=_player)
    card: Card = attrs.field(converter=_to_card)
    centre: int = attrs.field(converter=_centre)

    def __str__(self) -> str:
        return f"seat {self.player}: place {self.card} on centre {self.centre + 1}"


#: Every Spite and Malice action.
Action = Union[Play, Discard, EndTurn, MoveSide, Substitute, Load, PlaceForced]

#: The words that name the places a card is taken from, in the notation.
_PLACES = "hand, pay-off, side <n>, seat <s>'s hand, seat <s>'s pay-off or seat <s>'s side <n>"


#: A whole number in the notation: as many digits as an action's field may hold (reading any
#: number an action can write, and none so long that Python could not make it an int).
_NUMBER: Final = rf"-?\d{{1,{MAX_DIGITS}}}"


class _Reader:
    """The words of an action's text, read one at a time; a word that does not fit raises
    NotationError naming it (and the whole text)."""

    def __init__(self, text: str, words: list[str]) -> None:
        self.text = text
        self.words = words
        self.at = 0

    def peek(self) -> str | None:
        return self.words[self.at].lower() if self.at < len(self.words) else None

    def fail(self, expected: str) -> NotationError:
        found = f"{self.words[self.at]!r}" if self.at < len(self.words) else "the end of the text"
        return NotationError(f"{self.text!r}: expected {expected}, not {found}")

    def word(self, *expected: str) -> str:
        found = self.peek()
        if found not in expected:
            raise self.fail(" or ".join(repr(word) for word in expected))
        self.at += 1
        return found

    def card(self) -> Card:
        if self.peek() is None:
            raise self.fail("a card")
        self.at += 1
        return parse_card(self.words[self.at - 1])

    def number(self, what: str, suffix: str = "") -> int:
        """A whole number (``suffix`` after it, as in ``seat 1's``): written as it is counted, so a
        stack ``<n>`` is index ``n - 1``; whether it exists is for the rules to say."""
        found = self.peek()
        if found is None or not found.endswith(suffix) or not re.fullmatch(_NUMBER, found[:len(found) - len(suffix)]):
            raise self.fail(f"{what} number" + (f" with {suffix!r}" if suffix else ""))
        self.at += 1
        return int(found[:len(found) - len(suffix)])

    def source(self) -> tuple[Origin, int | None, int | None]:
        """``hand``, ``pay-off``, ``side <n>`` or one of those after ``seat <s>'s``. Any other place
        is refused naming clause ``malice.sources.origin`` (seed 003: "The card played may come from
        your hand, from the top of one of your side stacks, or from the top of your pay-off pile")."""
        owner = None
        if self.peek() == "seat":
            self.at += 1
            owner = self.number("a seat", "'s")
        found = self.peek()
        if found == "hand":
            self.at += 1
            return Origin.HAND, None, owner
        if found in ("pay-off", "payoff"):
            self.at += 1
            return Origin.PAYOFF, None, owner
        if found == "side":
            self.at += 1
            side = None if self.peek() in ("to", "for", None) else self.number("a side stack") - 1
            return Origin.SIDE, side, owner
        raise NotationError(
            f"{self.text!r}: {self.words[self.at] if found else 'nothing'!r} is not a place a card is "
            f"taken from: {_PLACES} [malice.sources.origin]"
        )

    def done(self) -> None:
        if self.at < len(self.words):
            raise NotationError(f"{self.text!r}: {self.words[self.at]!r} is more than the action says")


def _read_play(player: int, read: _Reader) -> Play:
    card, origin, side, owner, space = _read_to_centre(read, "to")
    return Play(player, card, space, origin=origin, side=side, owner=owner)


def _read_swap(player: int, read: _Reader) -> Substitute:
    card, origin, side, owner, space = _read_to_centre(read, "for")
    return Substitute(player, card, space, origin=origin, side=side, owner=owner)


def _read_to_centre(read: _Reader, joiner: str) -> tuple[Card, Origin, int | None, int | None, int]:
    """``CARD from SOURCE <joiner> centre N``, the words a play ("to") and a substitution ("for")
    share: (card, origin, side, owner, centre space)."""
    card = read.card()
    read.word("from")
    origin, side, owner = read.source()
    read.word(joiner)
    read.word("centre", "center")
    return card, origin, side, owner, read.number("a centre stack") - 1


def _read_discard(player: int, read: _Reader) -> Discard:
    cards = []
    while read.peek() not in ("to", None):
        cards.append(read.card())
    read.word("to")
    read.word("side")
    return Discard(player, tuple(cards), read.number("a side stack") - 1)


def _read_move(player: int, read: _Reader) -> MoveSide:
    card = read.card()
    read.word("from")
    read.word("side")
    source = read.number("a side stack") - 1
    read.word("to")
    read.word("side")
    return MoveSide(player, card, source, read.number("a side stack") - 1)


def _read_load(player: int, read: _Reader) -> Load:
    card = read.card()
    read.word("from")
    origin = Origin(read.word("hand", "pay-off", "payoff", "side").replace("payoff", "pay-off"))
    if origin is Origin.SIDE and read.peek() != "onto":
        read.number("a side stack")  # a load from a side stack is refused by the rules whichever
    read.word("onto")
    read.word("seat")
    target = read.number("a seat", "'s")
    read.word("pay-off", "payoff")
    return Load(player, card, target, origin=origin)


def _read_place(player: int, read: _Reader) -> PlaceForced:
    card = read.card()
    read.word("on")
    read.word("centre", "center")
    return PlaceForced(player, card, read.number("a centre stack") - 1)


def _read_end(player: int, read: _Reader) -> EndTurn:
    if read.words[read.at - 1].lower() == "end" and read.peek() == "turn":
        read.at += 1
    elif read.words[read.at - 1].lower() == "do":
        read.word("nothing")
    return EndTurn(player)


_VERBS: dict[str, Callable[[int, _Reader], Action]] = {
    "play": _read_play,
    "discard": _read_discard,
    "move": _read_move,
    "swap": _read_swap,
    "load": _read_load,
    "place": _read_place,
    "end": _read_end,
    "pass": _read_end,
    "do": _read_end,
}


def parse_action(state: State, text: str) -> Action:
    """Read an action in the notation ``str(action)`` writes (every action value reads back as
    itself); the seat is ``state.to_act`` unless the text starts with ``seat N:``. Text that is not
    the notation raises NotationError naming the word at fault; a well-written action the rules
    forbid (a seat or a stack that does not exist, a load from a side stack) is read, and ``apply``
    refuses it naming the rule.

    >>> from spite_rules.malice.deal import setup
    >>> state = setup(payoff=["5♠", "6♠"], hands=["A♥ 7♣", ""])
    >>> parse_action(state, "play A♥ from hand to centre 1")
    Play(player=0, card=Card('A♥'), centre=0, origin=<Origin.HAND: 'hand'>, side=None, owner=None)
    >>> parse_action(state, "seat 0: discard 7c to side 2")
    Discard(player=0, cards=(Card('7♣'),), side=1)
    >>> parse_action(state, "load 7♣ from side 1 onto seat 1's pay-off")
    Load(player=0, card=Card('7♣'), target=1, origin=<Origin.SIDE: 'side'>)
    >>> parse_action(state, "jump")
    Traceback (most recent call last):
    ...
    spite_rules.errors.NotationError: 'jump' is not an action: start with play, discard, move, swap, load, place or end turn
    >>> parse_action(state, "play A♥ from stock to centre 1")
    Traceback (most recent call last):
    ...
    spite_rules.errors.NotationError: 'play A♥ from stock to centre 1': 'stock' is not a place a card is taken from: hand, pay-off, side <n>, seat <s>'s hand, seat <s>'s pay-off or seat <s>'s side <n> [malice.sources.origin]
    """
    from spite_rules.malice.state import State

    if not isinstance(state, State):
        raise IllegalAction(f"state must be a Spite and Malice State, not {shown(state)}")
    if not isinstance(text, str):
        raise NotationError(f"text must be an action in notation (a string), not {shown(text)}")
    body = text.strip()
    player = state.to_act
    prefix = re.match(rf"seat\s+({_NUMBER})\s*:\s*", body, re.IGNORECASE)
    if prefix:
        player = int(prefix.group(1))
        body = body[prefix.end():]
    words = body.split()
    verb = _VERBS.get(words[0].lower()) if words else None
    if verb is None:
        raise NotationError(
            f"{words[0] if words else body!r} is not an action: start with play, discard, move, swap, "
            "load, place or end turn"
        )
    read = _Reader(body, words)
    read.at = 1
    action = verb(player, read)
    read.done()
    return action
