"""Spite's observation: a :class:`~spite_rules.views.SeatView` as one fixed-size float32 vector.

Layer: surface over both games — may import either game, the core, the cards and the errors.

The vector is a run of named segments (:data:`LAYOUT`; docs/rl.md has the table). Card segments
have one entry per card face, :data:`CARD_FACES` (16 ranks x 4 suits, then the joker: 65; a fake
joker counts under its face), holding how many such cards there are. Seat segments have one entry
per seat *relative to the observer* (entry 0 is the observer, entry 1 the seat on its left, ...),
padded with zeros to 9 seats. Everything else is a flag, a one-hot, or a count scaled to about 0..1.
Only what the view shows is encoded, so the observation leaks nothing.

>>> import spite_rules as sr
>>> vector = encode(sr.new_game(4, seed=1).view(2))
>>> vector.shape, vector.dtype, SIZE
((736,), dtype('float32'), 736)
>>> int(vector[segment("hand")].sum())      # 11 cards in hand
11
"""

from __future__ import annotations

from collections.abc import Iterable

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

#: (name, length) of each segment, in order.
LAYOUT: tuple[tuple[str, int], ...] = (
    ("hand", CARD_FACES),
    ("earned", CARD_FACES),
    ("fake_jokers", CARD_FACES),
    ("trick_top", CARD_FACES),
    ("trick_cards", CARD_FACES),
    ("bounty", CARD_FACES),
    ("reward_cards", CARD_FACES),
    ("pending_cards", CARD_FACES),
    ("seat_present", _SEATS),
    ("seat_hand_size", _SEATS),
    ("seat_fake_jokers", _SEATS),
    ("seat_earned", _SEATS),
    ("seat_score", _SEATS),
    ("seat_penalties", _SEATS),
    ("seat_finished", _SEATS),
    ("seat_lost", _SEATS),
    ("seat_passed", _SEATS),
    ("seat_barred", _SEATS),
    ("seat_to_act", _SEATS),
    ("seat_last_played", _SEATS),
    ("seat_come_at_me", _SEATS),
    ("seat_open_misplay", _SEATS),
    ("seat_pending", _SEATS),
    ("seat_streak", _SEATS),
    ("seat_joker_last", _SEATS),
    ("seat_face_down_in_trick", _SEATS),
    ("direction_higher", 1),
    ("required_value", _RANK_ONE_HOT),
    ("trick_arity", 6),
    ("numerical_step", 1),
    ("suited_consec", 1),
    ("is_lead", 1),
    ("top_is_reset", 1),
    ("buy_back_due", 1),
    ("deck_size", 1),
    ("discard_size", 1),
    ("fake_pile_size", 1),
    ("opening_rank", _RANK_ONE_HOT),
    ("reward_count", 1),
    ("round_number", 1),
    ("players", 1),
)

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


def card_index(card: Card) -> int:
    """The entry of ``card``'s face in a card segment (a fake joker: its face's).

    >>> import spite_rules as sr
    >>> card_index(sr.parse_card("3♣")), card_index(sr.parse_card("~3♣")), card_index(sr.parse_card("JK"))
    (3, 3, 64)
    """
    if card.suit is None:
        return CARD_FACES - 1
    return _RANKS.index(card.rank) * len(_SUITS) + _SUITS.index(card.suit)


def _rank_index(rank: Rank | None) -> int:
    return len(Rank) if rank is None else list(Rank).index(rank)


def encode(seen: SeatView) -> npt.NDArray[np.float32]:
    """``seen`` as a vector of :data:`SIZE` float32 (see :data:`LAYOUT`)."""
    vector = np.zeros(SIZE, dtype=np.float32)
    players = len(seen.hand_sizes)

    def cards(name: str, values: Iterable[Card]) -> None:
        start = _OFFSETS[name][0]
        for card in values:
            vector[start + card_index(card)] += 1.0

    def seats(name: str, values: Iterable[float]) -> None:
        start = _OFFSETS[name][0]
        for seat, value in enumerate(values):
            vector[start + (seat - seen.seat) % players] = value

    def scalar(name: str, value: float) -> None:
        vector[_OFFSETS[name][0]] = value

    def one_hot(name: str, index: int) -> None:
        vector[_OFFSETS[name][0] + index] = 1.0

    trick = seen.trick
    cards("hand", seen.hand)
    cards("earned", seen.earned)
    cards("fake_jokers", seen.fake_jokers)
    if trick.plays:
        cards("trick_top", trick.plays[-1].cards)
    cards("trick_cards", (card for play in trick.plays for card in play.cards))
    if seen.bounty is not None:
        cards("bounty", (seen.bounty,))
    cards("reward_cards", seen.reward_cards)
    cards("pending_cards", (card for play in seen.pending for card in play.cards))

    everyone = range(players)
    seats("seat_present", (1.0 for _ in everyone))
    seats("seat_hand_size", (size / 20 for size in seen.hand_sizes))
    seats("seat_fake_jokers", (count / 5 for count in seen.fake_joker_counts))
    seats("seat_earned", (count / 5 for count in seen.earned_counts))
    seats("seat_score", (score / 10 for score in seen.scores))
    seats("seat_penalties", (count / 5 for count in seen.penalties))
    seats("seat_finished", (float(seat in seen.finished) for seat in everyone))
    seats("seat_lost", (float(seat in seen.losers) for seat in everyone))
    seats("seat_passed", (float(seat in trick.passed) for seat in everyone))
    seats("seat_barred", (float(seat in trick.barred) for seat in everyone))
    seats("seat_to_act", (float(seat == seen.to_act) for seat in everyone))
    seats("seat_last_played", (float(seat == trick.last_player) for seat in everyone))
    seats("seat_come_at_me", (trick.come_at_me.count(seat) / 3 for seat in everyone))
    seats("seat_open_misplay", (float(seat in seen.open_misplays) for seat in everyone))
    seats("seat_pending", (float(any(p.player == seat for p in seen.pending)) for seat in everyone))
    seats("seat_streak", (streak / 3 for streak in seen.streaks or (0,) * players))
    seats("seat_joker_last", (float(mark) for mark in seen.joker_last or (False,) * players))
    face_down = [play.player for play in trick.plays if play.face_down]
    seats("seat_face_down_in_trick", (face_down.count(seat) / 2 for seat in everyone))

    scalar("direction_higher", float(seen.direction is Direction.HIGHER))
    one_hot("required_value", _rank_index(seen.required_value))
    one_hot("trick_arity", trick.arity or 0)
    scalar("numerical_step", (trick.numerical or 0) / 4)
    scalar("suited_consec", float(trick.suited is not None))
    scalar("is_lead", float(not trick.plays))
    scalar("top_is_reset", float(bool(trick.plays) and trick.plays[-1].is_reset))
    scalar("buy_back_due", seen.buy_back_due / 10)
    scalar("deck_size", seen.deck_size / 189)
    scalar("discard_size", seen.discard_size / 189)
    scalar("fake_pile_size", seen.fake_pile_size / 5)
    one_hot("opening_rank", _rank_index(seen.opening.rank if seen.opening is not None else None))
    scalar("reward_count", (seen.reward_count or 0) / 5)
    scalar("round_number", seen.round_number / 10)
    scalar("players", players / MAX_PLAYERS)
    # Counts that can grow without bound (a buy-back of 144 cards, scores and rounds of a long
    # game) saturate at the observation space's bound, so every entry stays within it.
    return np.clip(vector, -BOUND, BOUND, out=vector)
