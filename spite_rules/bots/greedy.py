"""A greedy heuristic bot: shed low cards, keep jokers and 2s for the end game, avoid buy-backs that
push toward 20 cards, never risk a joker as a last or second-last play.

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.
"""

from __future__ import annotations

from collections.abc import Sequence

from spite_rules.actions import Action, CallMisplay, DiscardAndDraw, Pass, Play, TakeReward
from spite_rules.cards import Card
from spite_rules.hands import classify
from spite_rules.views import SeatView

__all__ = ["GreedyBot"]

_JOKER_WORTH = 20
#: What a card drawn blind is worth on average (see :func:`_worth`): about a 9.
_AVERAGE_DRAW = 6.0


def _worth(card: Card) -> int:
    """How much a card is worth keeping: low cards are cheap to shed, 13s (wild), 2s and jokers dear."""
    if card.is_joker:
        return _JOKER_WORTH
    if card.is_thirteen:
        return 14
    return card.rank.value - 3


class GreedyBot:
    """Sheds the most, cheapest cards it can; keeps jokers and 2s for the end; avoids costly buy-backs;
    always takes a free misplay call and the bounty; never says "come at me"."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def wants_to_call(self, seen: SeatView, calls: Sequence[CallMisplay]) -> CallMisplay | None:
        """Always: a correct call wins a fake joker."""
        return calls[0] if calls else None

    def choose(self, seen: SeatView, moves: Sequence[Action]) -> Action:
        """The best move by the heuristic."""
        rewards = [move for move in moves if isinstance(move, TakeReward)]
        if rewards:
            return max(rewards, key=self._reward_gain)
        redraws = [move for move in moves if isinstance(move, DiscardAndDraw)]
        if redraws:
            return max(redraws, key=self._redraw_gain)
        plays = [move for move in moves if isinstance(move, Play) and self._acceptable(seen, move)]
        passes = [move for move in moves if isinstance(move, Pass)]
        if not plays:
            return passes[0] if passes else min(moves, key=lambda m: self._cost(seen, m))
        best = min(plays, key=lambda move: self._cost(seen, move))
        leading = not seen.trick.plays
        patience = 12.0 if len(seen.hand) > 6 else 40.0  # the dearest play worth making, by hand size
        if passes and not leading and self._cost(seen, best) > patience:
            return passes[0]
        return best

    @staticmethod
    def _reward_gain(move: TakeReward) -> int:
        return 0 if move.give is None or move.take is None else _worth(move.take) - _worth(move.give)

    @staticmethod
    def _redraw_gain(move: DiscardAndDraw) -> float:
        """A come-at-me reward of the July 2023 revision: trade the cards worth less than an
        average draw (about a 9) for fresh ones."""
        return sum(_AVERAGE_DRAW - _worth(card) for card in move.discard)

    def _acceptable(self, seen: SeatView, move: Play) -> bool:
        if move.come_at_me or move.direction is not None:
            return False
        left = len(seen.hand) - (0 if move.earned or move.face_down or move.cards[0].fake else len(move.cards))
        jokerish = move.face_down or _is_joker_hand(move)
        if jokerish and left <= 5:
            return False  # a joker as the last or second-last play loses the round
        return move.buy_back is None or len(seen.hand) + move.buy_back < 14

    def _cost(self, seen: SeatView, move: Action) -> float:
        if not isinstance(move, Play):
            return 1_000.0
        cards = move.cards
        cost = sum(_worth(card) for card in cards) / len(cards) - 3 * len(cards)
        if move.bounty_claim:
            cost -= 50
        if move.buy_back is not None:
            cost += 6 * move.buy_back
        if move.face_down:
            cost += 12
        if len(seen.hand) <= 4:
            cost -= 5 * len(cards)  # end game: shed whatever goes
        return cost


def _is_joker_hand(move: Play) -> bool:
    """A joker hand of real cards (a play with a fake joker counts as none; a legal play classifies)."""
    return not any(card.fake for card in move.cards) and classify(move.cards).is_joker
