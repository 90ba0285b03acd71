"""Spite and Malice's card order: what each card counts as, which cards are wild, and the order
that decides who plays first. Never compare Spite's ``Rank`` values: this module is the game's order.

Layer: Spite and Malice: values — may import the core, the cards and the errors; never Spite.

Seed 003: "The cards in each pack rank from low to high: A-2-3-4-5-6-7-8-9-10-J-Q, with kings
wild. Suits are irrelevant in this game." Where kings are not wild they count 13 (seed 003's jokers
variation: "13 cards are needed top complete each centre stack, ending with the king"; seed 004:
"A, 2-10, J, Q, K").

>>> from spite_rules.cards import parse_card
>>> rules = Rules()
>>> value(parse_card("Q♠"), rules), value(parse_card("K♠"), rules), is_wild(parse_card("K♠"), rules)
(12, 0, True)
>>> value(parse_card("K♠"), Rules.preset("book")), is_wild(parse_card("JK"), Rules.preset("book"))
(13, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from spite_rules.cards import Card, Rank, Suit
from spite_rules.malice.rules import Completed, Rules, SideRule

__all__ = [
    "WILD",
    "NATURAL",
    "value",
    "value_table",
    "is_wild",
    "wild_may_be",
    "value_name",
    "first_player_key",
    "SUIT_ORDER",
    "MALICE_RANKS",
    "is_malice_card",
    "sort_key",
    "SORT_KEYS",
    "values_by_order",
    "MALICE_KINDS",
    "MALICE_INDEX",
    "RulesTable",
    "rules_table",
]

#: The value :func:`value` gives a wild card: it stands for whatever its place needs.
WILD: Final = 0

#: Every rank's natural value: "A-2-3-4-5-6-7-8-9-10-J-Q" and K, ace 1 to king 13.
NATURAL: dict[Rank, int] = {
    Rank.ACE: 1, Rank.TWO: 2, Rank.THREE: 3, Rank.FOUR: 4, Rank.FIVE: 5, Rank.SIX: 6,
    Rank.SEVEN: 7, Rank.EIGHT: 8, Rank.NINE: 9, Rank.TEN: 10, Rank.JACK: 11, Rank.QUEEN: 12,
    Rank.KING: 13,
}

#: The ranks of Spite and Malice's standard packs (and the joker); Spite's 11s, 12s and 13s are not.
MALICE_RANKS: frozenset[Rank] = frozenset(NATURAL) | {Rank.JOKER}

def is_malice_card(card: Card) -> bool:
    """Is ``card`` one of Spite and Malice's cards (A to K of a standard pack, or a joker), not one
    of Spite's own (its 11s, 12s, 13s and fake jokers)?

    >>> from spite_rules.cards import parse_card
    >>> is_malice_card(parse_card("K♠")), is_malice_card(parse_card("~4♣")), is_malice_card(parse_card("13♥"))
    (True, False, False)
    """
    return card.rank in MALICE_RANKS and not card.fake


#: Seed 002: "Spades, Hearts, Diamonds, Clubs are presented in descending order".
SUIT_ORDER: dict[Suit | None, int] = {
    Suit.SPADES: 4, Suit.HEARTS: 3, Suit.DIAMONDS: 2, Suit.CLUBS: 1, None: 0,
}

_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_SORT_RANK: Final[dict[Rank, int]] = {**NATURAL, Rank.JOKER: 14}
_SORT_SUIT: Final[dict[Suit | None, int]] = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3, None: 0}


def sort_key(card: Card) -> int:
    """The order hands are kept in: ace to king, then the joker; within a rank ♣ ♦ ♥ ♠. Read from
    :data:`SORT_KEYS` by ``card.order`` (which names the card's rank, suit and back).

    >>> from spite_rules.cards import parse_cards
    >>> sorted(parse_cards("JK 2♠ K♦ A♥ 10♣"), key=sort_key)
    [Card('A♥'), Card('2♠'), Card('10♣'), Card('K♦'), Card('🃏')]
    """
    return SORT_KEYS[card.order]


def worked_out_sort_key(card: Card) -> int:
    """:func:`sort_key` worked out from the card's rank and suit (what :data:`SORT_KEYS` is built from).

    >>> from spite_rules.cards import parse_card
    >>> worked_out_sort_key(parse_card("10♣")) == sort_key(parse_card("10♣"))
    True
    """
    return _SORT_RANK.get(card.rank, card.rank.value) * 4 + _SORT_SUIT[card.suit]


def _every_card() -> list[Card]:
    """One card of every kind a ``Card`` can be (each rank, suit or none, either back)."""
    found = []
    for rank in Rank:
        for suit in (*Suit, None):
            for fake in (False, True):
                try:
                    found.append(Card(rank, suit, fake=fake))
                except ValueError:
                    pass
    return found


def _by_order(of: Callable[[Card], int], cards: list[Card], missing: int) -> tuple[int, ...]:
    """``of(card)`` for each of ``cards``, as a tuple indexed by ``Card.order`` (``missing`` where
    no card has that order)."""
    table = [missing] * (max(card.order for card in cards) + 1)
    for card in cards:
        table[card.order] = of(card)
    return tuple(table)


#: Every kind of card, and those of Spite and Malice's packs.
_EVERY_CARD: Final = _every_card()
_MALICE_CARDS: Final = [card for card in _EVERY_CARD if is_malice_card(card)]
#: :func:`sort_key` of every card, by ``Card.order``, built at import from
#: :func:`worked_out_sort_key`.
SORT_KEYS: Final[tuple[int, ...]] = _by_order(worked_out_sort_key, _EVERY_CARD, -1)
#: How many kinds of card Spite and Malice's packs hold (A to K of each suit, and the joker).
MALICE_KINDS: Final = len(_MALICE_CARDS)
#: Each of those cards' place among them (0 to ``MALICE_KINDS - 1``), by ``Card.order``, -1 for any
#: other card: the dense index the interning lists (``moves``, ``endings``) keep a card's moves by.
_KINDS: Final = {card.order: index for index, card in enumerate(_MALICE_CARDS)}
MALICE_INDEX: Final[tuple[int, ...]] = _by_order(lambda card: _KINDS.get(card.order, -1), _EVERY_CARD, -1)


class RulesTable:
    """What the hot paths read of one ``Rules`` at every position, built once per value of the rules
    (:func:`rules_table`): the options ``legal_moves`` and ``turn_end.quick_turn_end`` read, as
    native fields, the ones derived from them, each rank's value (:func:`value_table`) and each
    card's by ``Card.order`` (``worths``), and the tables filled as positions under these rules are
    met (each field's comment says whose).

    >>> rules_table(Rules.preset("jacks")).side_moves, rules_table(Rules.preset("jacks")) is rules_table(Rules.preset("jacks"))
    (True, True)
    """

    __slots__ = (
        "rules", "compulsory_aces_and_twos", "stalemate_aces_twos", "twos_while_aces", "sure", "substitution",
        "loading", "discard_groups", "fill_empty_side_stacks", "any_side", "equal_or_one_less", "empty_first",
        "side_moves", "end_without_discard",
        "backstab", "compulsory_aces", "shuffle_completed", "hand_size", "top_value", "wild_cannot_be", "wild_queen_stays",
        "wild_on_wild_covered", "opponent_discards", "values", "worths", "centre_needs", "last_centre",
        "last_players", "last_needs", "owners", "seats",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.compulsory_aces_and_twos = rules.compulsory_aces_and_twos
        self.stalemate_aces_twos = rules.stalemate_aces_twos
        self.twos_while_aces = rules.twos_while_aces
        #: Is one of seed 002's "must be sure" rules in force?
        self.opponent_discards = rules.opponent_discards
        self.sure = rules.wild_ace_covered or rules.wild_on_wild_covered or rules.opponent_discards
        self.substitution = rules.substitution
        self.loading = rules.loading
        self.discard_groups = rules.discard_groups
        self.fill_empty_side_stacks = rules.fill_empty_side_stacks
        self.any_side = rules.side_rule is SideRule.ANY
        self.equal_or_one_less = rules.side_rule is SideRule.EQUAL_OR_ONE_LESS
        self.empty_first = rules.side_rule is SideRule.EMPTY_FIRST
        self.side_moves = rules.side_moves
        self.end_without_discard = rules.end_without_discard
        self.backstab = rules.backstab
        self.compulsory_aces = rules.compulsory_aces
        #: Is a completed stack shuffled into the stock at once?
        self.shuffle_completed = rules.completed is Completed.SHUFFLE_INTO_STOCK
        self.hand_size = rules.hand_size
        #: What the centre's rules read (``piles.needs_of_shape``, on a shape first met).
        self.top_value = rules.top_value
        self.wild_cannot_be = rules.wild_cannot_be
        self.wild_queen_stays = rules.wild_queen_stays
        self.wild_on_wild_covered = rules.wild_on_wild_covered
        #: Each rank's value, :data:`WILD` (0) for wild cards: kings when ``kings_wild``, jokers always.
        values = dict(NATURAL)
        values[Rank.JOKER] = WILD
        if rules.kings_wild:
            values[Rank.KING] = WILD
        self.values = values
        #: Each Spite and Malice card's value, by ``Card.order`` (-1 for an order no such card has).
        self.worths = _by_order(lambda card: values[card.rank], _MALICE_CARDS, -1)
        #: ``piles.centre_needs`` of each centre met, by its shape and the number of seats.
        self.centre_needs: dict[object, Any] = {}
        #: The centre ``piles.centre_needs`` was last asked about, its number of seats, and its answer.
        self.last_centre: object = None
        self.last_players = -1
        self.last_needs: Any = None
        #: The seats whose piles each seat may play from (``sources._owners``), by ``players * 256 + seat``.
        self.owners: dict[int, Any] = {}
        #: ``sure_values.Seat`` of each seat, by ``players * 256 + seat``.
        self.seats: dict[int, Any] = {}


def rules_table(rules: Rules) -> RulesTable:
    """The :class:`RulesTable` of ``rules``, built once per value of the rules.

    >>> rules_table(Rules()).sure, rules_table(Rules()).values[Rank.KING]
    (False, 0)
    """
    if (last := _LAST[0]).rules is rules:  # a speed device: hashing the Rules cost 3.5k instructions an action
        return last  # (read once: another thread may replace _LAST[0] between two reads)
    found = _TABLES.get(rules)
    if found is None:
        if len(_TABLES) > 256:
            _TABLES.clear()
        found = _TABLES[rules] = RulesTable(rules)
    _LAST[0] = found
    return found


def value_table(rules: Rules) -> dict[Rank, int]:
    """Each rank's value under ``rules``, :data:`WILD` (0) for wild cards: kings when ``kings_wild``,
    jokers always ("The jokers are wild and can represent any card"). ``rules_table(rules).values``.

    >>> value_table(Rules())[Rank.KING], value_table(Rules.preset("three_decks"))[Rank.KING]
    (0, 13)
    """
    return rules_table(rules).values


def values_by_order(rules: Rules) -> tuple[int, ...]:
    """:func:`value` of every Spite and Malice card under ``rules``, by ``Card.order`` (-1 for an
    order no Spite and Malice card has). ``rules_table(rules).worths``.

    >>> from spite_rules.cards import parse_card
    >>> king = parse_card("K♠")
    >>> values_by_order(Rules())[king.order], values_by_order(Rules.preset("three_decks"))[king.order]
    (0, 13)
    """
    return rules_table(rules).worths


#: :func:`rules_table`'s answers, by the rules.
_TABLES: Final[dict[Rules, RulesTable]] = {}
#: The :class:`RulesTable` :func:`rules_table` gave last.
_LAST: Final[list[RulesTable]] = [RulesTable(Rules())]


def value(card: Card, rules: Rules) -> int:
    """What ``card`` counts as: 1 (ace) to 12 (queen), 13 for a king that is not wild, and
    :data:`WILD` (0) for a wild card.

    >>> from spite_rules.cards import parse_card
    >>> value(parse_card("A♦"), Rules()), value(parse_card("JK"), Rules())
    (1, 0)
    """
    return value_table(rules)[card.rank]


def is_wild(card: Card, rules: Rules) -> bool:
    """Is ``card`` wild? Seed 003: "Kings are wild and can represent any card"; "The jokers are wild".

    >>> from spite_rules.cards import parse_card
    >>> is_wild(parse_card("K♣"), Rules()), is_wild(parse_card("K♣"), Rules.preset("three_decks"))
    (True, False)
    """
    return value_table(rules)[card.rank] == WILD


def wild_may_be(rules: Rules, stands_for: int) -> bool:
    """May a wild card stand for ``stands_for`` under ``rules``?

    Seed 003: "Some play that a wild card (King, or Joker if used) cannot be used to represent an
    ace. Others play that a wild card cannot represent an ace or a seven." Book: "A joker can
    represent any card except an ace."

    >>> wild_may_be(Rules(), 1), wild_may_be(Rules.preset("book"), 1), wild_may_be(Rules.preset("book"), 2)
    (True, False, True)
    """
    return stands_for not in rules.wild_cannot_be


def value_name(stands_for: int) -> str:
    """A value as the cards name it: ``value_name(1) == "A"``, ``value_name(12) == "Q"``.

    >>> [value_name(v) for v in (1, 7, 11, 13)]
    ['A', '7', 'J', 'K']
    """
    return _NAMES.get(stands_for, str(stands_for))


def first_player_key(card: Card, rules: Rules) -> int:
    """The order of a turned-up pay-off card when deciding who plays first: its value, a wild card
    lowest (0). Seed 002: "Wild cards are the lowest rank in this matchup"; seed 003 gives no rank
    to a king showing, and ruling M3 follows seed 002.

    >>> from spite_rules.cards import parse_card
    >>> first_player_key(parse_card("Q♠"), Rules()) > first_player_key(parse_card("K♠"), Rules())
    True
    """
    return value_table(rules)[card.rank]
