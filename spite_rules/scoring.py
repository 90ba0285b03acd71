"""Scores across rounds and card swapping: pure functions of finishing orders, scores and cards.

Layer: Spite: values — may import the core, the cards and the errors.

Seed 000, "Scoring" and "Card Swapping". Rulings S32-S35 in docs/rulings.md settle what the seed
leaves open. These functions know nothing of the state machine: the round calls them when it ends
(:func:`score_round`) and when the next round is dealt (:func:`swap_cards`).

>>> score_round(scores=(0, 0, 0, 0), previous_order=None, order=(2, 0, 3, 1))
(1, -2, 2, -1)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence

import attrs

from spite_rules.cards import Card, card_sort_key
from spite_rules.errors import IllegalAction

__all__ = [
    "Half",
    "round_points",
    "half",
    "decay",
    "score_round",
    "lowest_cards",
    "highest_cards",
    "Swap",
    "swap_cards",
]


def round_points(place: int, players: int) -> int:
    """Points for finishing ``place`` (0 = first out) of ``players``.

    Seed 000, "Scoring": "The first player to finish their hand gets +2, the second player to
    finish gets +1, the second last player to finish gets -1, and the last player (the loser) gets
    -2." Ruling S32: the places between score 0, and with 3 players the second is also the second
    last, so +1 and -1 meet and it scores 0.

    >>> [round_points(place, 3) for place in range(3)], [round_points(place, 5) for place in range(5)]
    ([2, 0, -2], [2, 1, 0, -1, -2])
    """
    if not 0 <= place < players:
        raise ValueError(f"place {place} is not a place among {players} players")
    gained = {0: 2, 1: 1}.get(place, 0)  # the first and the second out
    lost = {players - 1: 2, players - 2: 1}.get(place, 0)  # the last and the second last
    return gained - lost


class Half(enum.Enum):
    """Which half of the table a place falls in."""

    TOP = "top"
    BOTTOM = "bottom"
    MIDDLE = "middle"


def half(place: int, players: int) -> Half:
    """The half of ``place`` (0 = first out) among ``players``; the middle place of an odd table is
    :attr:`Half.MIDDLE` ("always considered to be 'in the other half'").

    >>> half(2, 6), half(3, 6), half(2, 5)
    (<Half.TOP: 'top'>, <Half.BOTTOM: 'bottom'>, <Half.MIDDLE: 'middle'>)
    """
    if players % 2 == 1 and place == players // 2:
        return Half.MIDDLE
    return Half.TOP if place < players / 2 else Half.BOTTOM


def decay(score: int) -> int:
    """Seed 000: "Decay their current score by 1 towards 0. For example, if their current score is
    -3, they shall decay to -2; if their current score is 4, they shall decay to 3."

    >>> decay(-3), decay(4), decay(0)
    (-2, 3, 0)
    """
    return score - 1 if score > 0 else score + 1 if score < 0 else 0


def score_round(
    scores: Sequence[int], previous_order: Sequence[int] | None, order: Sequence[int]
) -> tuple[int, ...]:
    """Every seat's score after a round that finished in ``order`` (first out first).

    Seed 000, "Scoring", in this order: "1. Decay their current score by 1 towards 0. 2. Reset their
    score to 0 if they did not finish in the same half as the last round ... If there are an odd
    number of players at the table, the middle player is always considered to be 'in the other
    half'. 3. Add the reward/penalty points from this round." Ruling S33: step 2 resets a seat whose
    place is in the middle this round or was last round; there is no step 2 after the first round
    (``previous_order`` None) or for a seat missing from it.

    Six seats; seat 3 climbs from the bottom half to first (reset, then +2), seat 0 drops from the
    top half to fourth (reset, then 0), seat 1 stays in the top half (-3 decays to -2, then +1):

    >>> score_round((3, -3, 0, 1, 0, 0), (0, 1, 2, 3, 4, 5), (3, 1, 2, 0, 4, 5))
    (0, -1, 0, 2, -1, -2)
    """
    players = len(order)
    if sorted(order) != list(range(len(scores))):
        raise ValueError(f"order {tuple(order)} is not a finishing order of {len(scores)} seats")
    previous = (
        {seat: place for place, seat in enumerate(previous_order)} if previous_order else {}
    )
    prior_players = len(previous_order) if previous_order else 0
    result = list(scores)
    for place, seat in enumerate(order):
        score = decay(scores[seat])
        if seat in previous:
            before = half(previous[seat], prior_players)
            now = half(place, players)
            if Half.MIDDLE in (before, now) or before is not now:
                score = 0
        result[seat] = score + round_points(place, players)
    return tuple(result)


def lowest_cards(hand: Sequence[Card], count: int) -> tuple[Card, ...]:
    """The ``count`` lowest-ranked cards of ``hand`` (ruling S35: game order, jokers highest, 13s in
    their own place between 12 and J; among equal ranks the canonical suit order ♣ ♦ ♥ ♠ decides).

    >>> lowest_cards(parse_cards("2♠ 4♥ 4♣ 13♦ 🃏"), 2)
    (Card('4♣'), Card('4♥'))
    """
    return tuple(sorted(hand, key=card_sort_key)[:count])


def highest_cards(hand: Sequence[Card], count: int) -> tuple[Card, ...]:
    """The ``count`` highest-ranked cards of ``hand`` (see :func:`lowest_cards`).

    >>> highest_cards(parse_cards("2♠ 4♥ 4♣ 13♦ 🃏"), 2)
    (Card('🃏'), Card('2♠'))
    """
    return tuple(sorted(hand, key=card_sort_key, reverse=True)[:count])


@attrs.frozen
class Swap:
    """The result of card swapping: new hands, the deck after top-ups, and the revealed extras."""

    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    discarded: tuple[Card, ...]
    put_down: tuple[tuple[Card, ...], ...]
    picked_up: tuple[tuple[Card, ...], ...]


def swap_cards(
    hands: Sequence[Sequence[Card]], scores: Sequence[int], deck: Sequence[Card], rng: random.Random
) -> Swap:
    """Seed 000, "Card Swapping": "Players with positive scores shall put down their lowest ranked
    card(s) into a pile, and those with negative scores shall put down their highest ranked card(s)
    into another pile. The absolute value of a player's score indicates the number of cards they
    shall put down. Then, players with positive scores shall pick up cards from the high cards pile,
    and players with negative scores shall pick up cards from the low cards pile ... If there is an
    imbalance ... random cards from the top of the deck shall be added to the short pile. If there
    are excess cards remaining ... they shall be revealed and discarded."

    Ruling S35: the cards put down are chosen by :func:`lowest_cards` / :func:`highest_cards` (no
    choice, so no misplay); each pile is shuffled with ``rng`` and seats pick up in seat order; a
    seat puts down at most its whole hand. Scores whose imbalance the deck cannot cover (more cards
    owed to the short pile than the deck holds) cannot happen at a table, where the scores of a
    round balance closely: they raise IllegalAction naming the scores, rather than leave a seat
    short of cards.

    >>> swap = swap_cards([parse_cards("3♠ 2♠"), parse_cards("4♦ A♥")], [1, -1], [], random.Random(0))
    >>> swap.hands
    ((Card('A♥'), Card('2♠')), (Card('3♠'), Card('4♦')))
    """
    counts = [min(abs(score), len(hand)) for score, hand in zip(scores, hands)]
    put_down = [
        lowest_cards(hand, n) if score > 0 else highest_cards(hand, n) if score < 0 else ()
        for hand, score, n in zip(hands, scores, counts)
    ]
    low_pile = [card for score, cards in zip(scores, put_down) if score > 0 for card in cards]
    high_pile = [card for score, cards in zip(scores, put_down) if score < 0 for card in cards]
    need_high = sum(n for score, n in zip(scores, counts) if score > 0)
    need_low = sum(n for score, n in zip(scores, counts) if score < 0)
    if abs(need_high - need_low) > len(deck):
        raise IllegalAction(
            f"scores {tuple(scores)} put down {need_low} high and {need_high} low cards, so the short pile "
            f"needs {abs(need_high - need_low)} cards from the deck, which holds {len(deck)}: "
            "no table reaches these scores with this deck"
        )
    deck = list(deck)
    for pile, need in ((high_pile, need_high), (low_pile, need_low)):
        short = max(0, need - len(pile))
        pile.extend(deck[:short])
        del deck[:short]
        rng.shuffle(pile)
    picked: list[tuple[Card, ...]] = []
    new_hands = []
    for hand, score, n, down in zip(hands, scores, counts, put_down):
        pile = high_pile if score > 0 else low_pile
        taken = tuple(pile[:n]) if score else ()
        del pile[: len(taken)]
        kept = list(hand)
        for card in down:
            kept.remove(card)
        new_hands.append(tuple(sorted(kept + list(taken), key=card_sort_key)))
        picked.append(taken)
    return Swap(
        hands=tuple(new_hands),
        deck=tuple(deck),
        discarded=tuple(low_pile + high_pile),
        put_down=tuple(put_down),
        picked_up=tuple(picked),
    )
