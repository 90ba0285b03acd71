"""``python -m spite_rules`` (also the ``spite-rules`` console script): the demo.

For now it shuffles the 189-card deck with a seed, deals 11 cards to each of 4 seats as seed 000's
"The Initial Deal" says, reveals the bounty, and shows some hands each seat could lead.
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Sequence

from spite_rules.cards import Card, format_cards, sort_cards, spite_deck
from spite_rules.errors import InvalidHand
from spite_rules.hands import Hand, classify, compare


def _best_leads(hand: Sequence[Card], limit: int) -> list[Hand]:
    """The highest-ranking hands of each size that the cards can form (a quick look, not a bot)."""
    found: dict[tuple[Card, ...], Hand] = {}
    for size in (5, 4, 3, 2, 1):
        for combo in itertools.combinations(hand, size):
            try:
                classified = classify(combo)
            except InvalidHand:
                continue
            found.setdefault(classified.cards, classified)
    ranked = sorted(found.values(), key=lambda h: (h.size, h.key), reverse=True)
    best: list[Hand] = []
    for hand_ in ranked:
        if not any(b.size == hand_.size for b in best) or (
            hand_.is_joker and not any(b.is_joker for b in best)
        ):
            best.append(hand_)
    return best[:limit]


def demo(players: int, seed: int) -> None:
    """Deal a seeded round and print each seat's cards and some hands it holds."""
    deck = list(spite_deck())
    random.Random(seed).shuffle(deck)
    print(f"Spite deck: {len(deck)} cards, shuffled with seed {seed}; dealing 11 to {players} seats.")
    hands = [sort_cards(deck[seat * 11 : seat * 11 + 11]) for seat in range(players)]
    rest = deck[players * 11 :]
    bounty = next(card for card in rest if not card.is_joker)
    print(f"Bounty card: {bounty}    cards left in the deck: {len(rest) - 1}\n")
    for seat, cards in enumerate(hands):
        print(f"seat {seat}: {format_cards(cards)}")
        for hand in _best_leads(cards, 3):
            print(f"    can lead {hand}")
    leads = [h for cards in hands for h in _best_leads(cards, 1) if h.size == 1]
    if len(leads) >= 2:
        a, b = leads[0], leads[1]
        order = {-1: "ranks below", 0: "ranks level with", 1: "ranks above"}[compare(a, b)]
        print(f"\n{format_cards(a.cards)} {order} {format_cards(b.cards)}")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m spite_rules``."""
    parser = argparse.ArgumentParser(prog="spite-rules", description=__doc__)
    parser.add_argument("--players", type=int, default=4, choices=range(3, 10))
    parser.add_argument("--seed", type=int, default=2023)
    args = parser.parse_args(argv)
    demo(args.players, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
