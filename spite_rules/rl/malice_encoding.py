"""Spite and Malice's observation: a :class:`~spite_rules.malice.views.SeatView` as one fixed-size
float32 vector (its actions are the fixed table of :mod:`spite_rules.malice.action_ids`).

Layer: surface over both games — may import either game, the core, the cards and the errors.

The vector is a run of named segments (:data:`LAYOUT`; docs/rl.md, "Spite and Malice", has the
table and the reasons): a card by its rank (:func:`rank_index`; a one-hot card's 15th entry is
"none"), seats *relative to the observer* padded to :data:`MAX_SEATS`, :data:`MAX_SIDE` side
stacks per seat, the centre by how many stacks stand at each height (whatever the number of
spaces), the rules in force last. Only what the view shows is encoded, so it leaks nothing.

>>> import spite_rules.malice as sm
>>> vector = encode(sm.new_game(2, seed=1).view(0))
>>> vector.shape, vector.dtype, SIZE
((951,), dtype('float32'), 951)
>>> int(vector[segment("hand")].sum())      # 5 cards in hand
5
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs
import numpy as np
import numpy.typing as npt

from spite_rules.cards import Card, Rank
from spite_rules.malice.order import NATURAL, WILD, value
from spite_rules.malice.piles import centre_limit, new_stack_space
from spite_rules.malice.rules import Rules
from spite_rules.malice.state import Phase
from spite_rules.malice.views import SeatView
from spite_rules.rl.layout import offsets

__all__ = ["LAYOUT", "SIZE", "MAX_SEATS", "MAX_SIDE", "encode", "segment", "rank_index"]

#: Seats and side stacks per seat the vector has room for (Spite and Malice seats 2 to 6; every
#: preset has four side stacks).
MAX_SEATS = 6
MAX_SIDE = 4
RANKS = 14  # A..K, the joker
ONE_HOT = RANKS + 1  # and "none"
HEIGHTS = 14  # a centre stack's height, 0 (an empty space) to 13

#: The yes/no options of Rules in their order there, each a 0/1 entry of the ``rules`` segment
#: (docs/rl.md gives the segment's size, which a test holds it to: an option Rules gains shows there).
RULE_FLAGS: tuple[str, ...] = tuple(field.name for field in attrs.fields(Rules) if type(field.default) is bool)
#: The rules' sizes, each scaled to about 0..1.
RULE_SIZES: tuple[str, ...] = ("decks", "jokers", "payoff_size", "hand_size", "side_stacks", "top_value", "centre_limit")

#: (name, length) of each segment, in order.
LAYOUT: tuple[tuple[str, int], ...] = (
    ("hand", RANKS),
    ("seat_present", MAX_SEATS),
    ("seat_hand_size", MAX_SEATS),
    ("seat_payoff_top", MAX_SEATS * ONE_HOT),
    ("seat_payoff_size", MAX_SEATS),
    ("side_top", MAX_SEATS * MAX_SIDE * ONE_HOT),
    ("side_size", MAX_SEATS * MAX_SIDE),
    ("side_cards", MAX_SEATS * MAX_SIDE * RANKS),
    ("centre_heights", HEIGHTS),
    ("centre_wild_tops", HEIGHTS),
    ("centre_new_stack", 1),
    ("centre_spaces", 1),
    ("stock_size", 1),
    ("used_size", 1),
    ("seat_to_act", MAX_SEATS),
    ("phase", len(Phase)),
    ("moved", 1),
    ("passes", 1),
    ("owed", 1),
    ("exchange", 1),
    ("forced_from", MAX_SEATS + 1),
    ("finisher", MAX_SEATS + 1),
    ("final_turn", 1),
    ("game_over", 1),
    ("winner", MAX_SEATS + 1),
    ("seat_score", MAX_SEATS),
    ("rules", len(RULE_FLAGS) + len(RULE_SIZES)),
)

#: The length of the vector.
_OFFSETS, SIZE = offsets(LAYOUT)
_PHASES = list(Phase)


def segment(name: str) -> slice:
    """The slice of segment ``name`` in the vector.

    >>> segment("hand"), segment("seat_present")
    (slice(0, 14, None), slice(14, 20, None))
    """
    start, length = _OFFSETS[name]
    return slice(start, start + length)


def rank_index(card: Card) -> int:
    """A card's entry in a card segment: A is 0 ... K is 12, the joker 13.

    >>> from spite_rules.cards import parse_card
    >>> rank_index(parse_card("A♠")), rank_index(parse_card("K♦")), rank_index(parse_card("JK"))
    (0, 12, 13)
    """
    return RANKS - 1 if card.rank is Rank.JOKER else NATURAL[card.rank] - 1


def _count(vector: npt.NDArray[np.float32], start: int, cards: Iterable[Card]) -> None:
    for card in cards:
        vector[start + rank_index(card)] += 1.0


def _one_hot(vector: npt.NDArray[np.float32], start: int, card: Card | None) -> None:
    vector[start + (RANKS if card is None else rank_index(card))] = 1.0


def _seat_one_hot(vector: npt.NDArray[np.float32], name: str, seat: int | None, relative: Sequence[int]) -> None:
    """A one-hot over the relative seats, the last entry for None."""
    start, length = _OFFSETS[name]
    vector[start + (length - 1 if seat is None else relative[seat])] = 1.0


def encode(seen: SeatView) -> npt.NDArray[np.float32]:
    """``seen`` as a float32 vector of :data:`SIZE` (see the module's docstring and docs/rl.md).

    >>> import spite_rules.malice as sm
    >>> state = sm.setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠ K♥", "2♦"], side=[["4♣ 5♣"], []])
    >>> vector = encode(state.view(1))
    >>> vector[segment("hand")][1], vector[segment("seat_payoff_top")][:15].argmax()  # its 2; its Q
    (np.float32(1.0), np.int64(11))
    >>> vector[segment("side_top")][1 * MAX_SIDE * 15 + 4]   # seat 0 (on seat 1's left) shows a 5
    np.float32(1.0)
    """
    rules = seen.rules
    players = len(seen.hand_sizes)
    if players > MAX_SEATS or rules.side_stacks > MAX_SIDE:
        raise ValueError(f"the encoding has room for {MAX_SEATS} seats of {MAX_SIDE} side stacks")
    vector = np.zeros(SIZE, dtype=np.float32)
    relative = [(seat - seen.seat) % players for seat in range(players)]
    _count(vector, _OFFSETS["hand"][0], seen.hand)
    for seat in range(players):
        at = relative[seat]
        vector[_OFFSETS["seat_present"][0] + at] = 1.0
        vector[_OFFSETS["seat_hand_size"][0] + at] = seen.hand_sizes[seat] / 5
        _one_hot(vector, _OFFSETS["seat_payoff_top"][0] + at * ONE_HOT, seen.payoff_tops[seat])
        vector[_OFFSETS["seat_payoff_size"][0] + at] = seen.payoff_sizes[seat] / 30
        for space, shown in enumerate(seen.side[seat]):
            block = at * MAX_SIDE + space
            _one_hot(vector, _OFFSETS["side_top"][0] + block * ONE_HOT, shown[-1] if shown else None)
            vector[_OFFSETS["side_size"][0] + block] = seen.side_sizes[seat][space] / 20
            _count(vector, _OFFSETS["side_cards"][0] + block * RANKS, shown)
        vector[_OFFSETS["seat_score"][0] + at] = max(-10.0, min(10.0, seen.scores[seat] / 10))
    for stack in seen.centre:
        height = min(len(stack), HEIGHTS - 1)
        vector[_OFFSETS["centre_heights"][0] + height] += 1.0
        if stack and value(stack[-1], rules) == WILD:
            vector[_OFFSETS["centre_wild_tops"][0] + height] += 1.0
    vector[_OFFSETS["centre_new_stack"][0]] = new_stack_space(seen.centre, rules, players) is not None
    vector[_OFFSETS["centre_spaces"][0]] = len(seen.centre) / 8
    vector[_OFFSETS["stock_size"][0]] = seen.stock_size / 150
    vector[_OFFSETS["used_size"][0]] = seen.used_size / 150
    vector[_OFFSETS["seat_to_act"][0] + relative[seen.to_act]] = 1.0
    vector[_OFFSETS["phase"][0] + _PHASES.index(seen.phase)] = 1.0
    vector[_OFFSETS["passes"][0]] = min(seen.passes, 40) / 4
    vector[_OFFSETS["owed"][0]] = len(seen.owed) / 4
    vector[_OFFSETS["exchange"][0]] = max(-10.0, min(10.0, seen.exchange / 5))
    for flag in ("moved", "final_turn", "game_over"):
        vector[_OFFSETS[flag][0]] = getattr(seen, flag)
    for name in ("forced_from", "finisher", "winner"):
        _seat_one_hot(vector, name, getattr(seen, name), relative)
    limit = centre_limit(rules, players) or 0  # how many centre stacks may stand at once, 0: no limit
    sizes = [rules.decks / 3, rules.jokers / 4, rules.payoff_size / 30, rules.hand_size / 5,
             rules.side_stacks / 4, rules.top_value / 13, limit / 8]
    vector[segment("rules")] = [float(getattr(rules, flag)) for flag in RULE_FLAGS] + sizes
    return vector

