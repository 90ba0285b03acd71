"""Spite's observation: a :class:`~spite_rules.views.SeatView` as one fixed-size float32 vector.

Layer: surface over both games — may import either game, the core, the cards and the errors.

The vector is a run of named segments (:data:`LAYOUT`; docs/rl.md, "The observation", has the
table): a count per card face (:data:`CARD_FACES`; a fake joker under its face), a value per seat
*relative to the observer* (padded to 9 seats), flags, one-hots and counts scaled to about 0..1.
Only what the view shows is encoded, so the observation leaks nothing.

>>> import spite_rules as sr
>>> vector = encode(sr.new_game(4, seed=1).view(2))
>>> vector.shape, vector.dtype, SIZE
((736,), dtype('float32'), 736)
>>> int(vector[segment("hand")].sum())      # 11 cards in hand
11
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from spite_rules.cards import Card, Rank, Suit
from spite_rules.rl.layout import offsets
from spite_rules.state import MAX_PLAYERS
from spite_rules.trick import Direction
from spite_rules.views import SeatView

__all__ = ["CARD_FACES", "LAYOUT", "SIZE", "encode", "segment", "card_index"]

_RANKS: list[Rank] = [rank for rank in Rank if rank is not Rank.JOKER]
_SUITS = list(Suit)
#: The card faces a card segment counts, in order: each rank (game order) in each suit, the joker.
CARD_FACES = len(_RANKS) * len(_SUITS) + 1
_RANK_ONE_HOT = len(Rank) + 1  # every rank, and "none"
_SEATS = MAX_PLAYERS

_Vector = npt.NDArray[np.float32]


def card_index(card: Card) -> int:
    """The entry of ``card``'s face in a card segment (a fake joker: its face's).

    >>> import spite_rules as sr
    >>> card_index(sr.parse_card("3♣")), card_index(sr.parse_card("~3♣")), card_index(sr.parse_card("JK"))
    (3, 3, 64)
    """
    if card.suit is None:
        return CARD_FACES - 1
    return _RANKS.index(card.rank) * len(_SUITS) + _SUITS.index(card.suit)


def _everyone(seen: SeatView) -> range:
    return range(len(seen.hand_sizes))


def _cards(vector: _Vector, start: int, seen: SeatView, cards: Iterable[Card]) -> None:
    for card in cards:
        vector[start + card_index(card)] += 1.0


def _seats(vector: _Vector, start: int, seen: SeatView, values: Iterable[float]) -> None:
    for seat, value in enumerate(values):
        vector[start + (seat - seen.seat) % len(seen.hand_sizes)] = value


def _marks(vector: _Vector, start: int, seen: SeatView, seats: Iterable[int | None]) -> None:
    _seats(vector, start, seen, [float(seat in seats) for seat in _everyone(seen)])


def _counts(vector: _Vector, start: int, seen: SeatView, named: tuple[list[int], int]) -> None:
    seats, per = named
    _seats(vector, start, seen, [seats.count(seat) / per for seat in _everyone(seen)])


def _number(vector: _Vector, start: int, seen: SeatView, value: float) -> None:
    vector[start] = value


def _one_hot(vector: _Vector, start: int, seen: SeatView, index: int) -> None:
    vector[start + index] = 1.0


def _rank(vector: _Vector, start: int, seen: SeatView, rank: Rank | None) -> None:
    _one_hot(vector, start, seen, len(Rank) if rank is None else list(Rank).index(rank))


_Kind = tuple[int, Callable[[_Vector, int, SeatView, Any], None]]
#: How each kind of segment is laid out and written: a count per card face; a value per seat, seat
#: 0 the observer (the seats' own values, 1 for each seat marked, or how often a list names each
#: seat, divided by a number); a number; a one-hot of a rank (or none).
_CARDS: _Kind = (CARD_FACES, _cards)
_PER_SEAT: _Kind = (_SEATS, _seats)
_MARKS: _Kind = (_SEATS, _marks)
_COUNTS: _Kind = (_SEATS, _counts)
_NUMBER: _Kind = (1, _number)
_RANK: _Kind = (_RANK_ONE_HOT, _rank)


#: Each segment, in order: its name, its kind, and what of the view it holds.
_SEGMENTS: tuple[tuple[str, _Kind, Callable[[SeatView], Any]], ...] = (
    ("hand", _CARDS, lambda seen: seen.hand),
    ("earned", _CARDS, lambda seen: seen.earned),
    ("fake_jokers", _CARDS, lambda seen: seen.fake_jokers),
    ("trick_top", _CARDS, lambda seen: seen.trick.plays[-1].cards if seen.trick.plays else ()),
    ("trick_cards", _CARDS, lambda seen: [card for play in seen.trick.plays for card in play.cards]),
    ("bounty", _CARDS, lambda seen: () if seen.bounty is None else (seen.bounty,)),
    ("reward_cards", _CARDS, lambda seen: seen.reward_cards),
    ("pending_cards", _CARDS, lambda seen: [card for play in seen.pending for card in play.cards]),
    ("seat_present", _MARKS, _everyone),
    ("seat_hand_size", _PER_SEAT, lambda seen: [size / 20 for size in seen.hand_sizes]),
    ("seat_fake_jokers", _PER_SEAT, lambda seen: [count / 5 for count in seen.fake_joker_counts]),
    ("seat_earned", _PER_SEAT, lambda seen: [count / 5 for count in seen.earned_counts]),
    ("seat_score", _PER_SEAT, lambda seen: [score / 10 for score in seen.scores]),
    ("seat_penalties", _PER_SEAT, lambda seen: [count / 5 for count in seen.penalties]),
    ("seat_finished", _MARKS, lambda seen: seen.finished),
    ("seat_lost", _MARKS, lambda seen: seen.losers),
    ("seat_passed", _MARKS, lambda seen: seen.trick.passed),
    ("seat_barred", _MARKS, lambda seen: seen.trick.barred),
    ("seat_to_act", _MARKS, lambda seen: (seen.to_act,)),
    ("seat_last_played", _MARKS, lambda seen: (seen.trick.last_player,)),
    ("seat_come_at_me", _COUNTS, lambda seen: (list(seen.trick.come_at_me), 3)),
    ("seat_open_misplay", _MARKS, lambda seen: seen.open_misplays),
    ("seat_pending", _MARKS, lambda seen: [play.player for play in seen.pending]),
    ("seat_streak", _PER_SEAT, lambda seen: [streak / 3 for streak in seen.streaks]),
    ("seat_joker_last", _PER_SEAT, lambda seen: [float(mark) for mark in seen.joker_last]),
    ("seat_face_down_in_trick", _COUNTS,
     lambda seen: ([play.player for play in seen.trick.plays if play.face_down], 2)),
    ("direction_higher", _NUMBER, lambda seen: float(seen.direction is Direction.HIGHER)),
    ("required_value", _RANK, lambda seen: seen.required_value),
    ("trick_arity", (6, _one_hot), lambda seen: seen.trick.arity or 0),
    ("numerical_step", _NUMBER, lambda seen: (seen.trick.numerical or 0) / 4),
    ("suited_consec", _NUMBER, lambda seen: float(seen.trick.suited is not None)),
    ("is_lead", _NUMBER, lambda seen: float(not seen.trick.plays)),
    ("top_is_reset", _NUMBER, lambda seen: float(bool(seen.trick.plays) and seen.trick.plays[-1].is_reset)),
    ("buy_back_due", _NUMBER, lambda seen: seen.buy_back_due / 10),
    ("deck_size", _NUMBER, lambda seen: seen.deck_size / 189),
    ("discard_size", _NUMBER, lambda seen: seen.discard_size / 189),
    ("fake_pile_size", _NUMBER, lambda seen: seen.fake_pile_size / 5),
    ("opening_rank", _RANK, lambda seen: seen.opening.rank if seen.opening is not None else None),
    ("reward_count", _NUMBER, lambda seen: (seen.reward_count or 0) / 5),
    ("round_number", _NUMBER, lambda seen: seen.round_number / 10),
    ("players", _NUMBER, lambda seen: len(seen.hand_sizes) / MAX_PLAYERS),
)

#: (name, length) of each segment, in order.
LAYOUT: tuple[tuple[str, int], ...] = tuple((name, length) for name, (length, _), _ in _SEGMENTS)
#: The length of the observation vector.
_OFFSETS, SIZE = offsets(LAYOUT)
#: Every entry lies in ``[-BOUND, BOUND]`` (the observation space's box); larger counts saturate.
BOUND = 10.0


def segment(name: str) -> slice:
    """Where segment ``name`` lies in the vector.

    >>> segment("hand")
    slice(0, 65, None)
    """
    start, length = _OFFSETS[name]
    return slice(start, start + length)


def encode(seen: SeatView) -> npt.NDArray[np.float32]:
    """``seen`` as a vector of :data:`SIZE` float32 (see :data:`LAYOUT`)."""
    vector = np.zeros(SIZE, dtype=np.float32)
    for name, (_, write), read in _SEGMENTS:
        write(vector, _OFFSETS[name][0], seen, read(seen))
    # Counts that can grow without bound (a buy-back of 144 cards, scores and rounds of a long
    # game) saturate at the observation space's bound, so every entry stays within it.
    return np.clip(vector, -BOUND, BOUND, out=vector)
