"""A greedy Spite and Malice bot: it plays its pay-off card whenever it can reach it, keeps its wild
cards for pay-off cards, and discards so that its side stacks run downwards.

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

:class:`GreedyBot` is a :class:`~spite_rules.core.bots.Bot` (it sees only its seat's view and its
legal moves), deterministic: the same view and moves give the same choice.

Its order of preference, each turn step:

1. the pay-off top to a centre stack (the fullest stack it fits), or a wild card won back by seed
   002's substitution, or seed 003's loading onto an opponent's pay-off pile;
2. the first card of the shortest chain of centre plays that reaches the pay-off top: values from
   the centre stack's next one up to the pay-off card's, taken from side-stack tops, then the hand,
   a wild card only where no natural card has the value (fewest wild cards first);
3. a natural card from a side-stack top, then from the hand, to a centre stack, unless it leaves a
   stack wanting exactly an opponent's pay-off top (spite); never a wild card;
4. a discard: a natural card onto an equal or one-higher side top, else onto an empty side stack
   (the highest card), else onto the lowest top above it; a wild card only when nothing else goes;
5. whatever is left (a forced card's place, ending the turn, a side move).

>>> import spite_rules.malice as sm
>>> from spite_rules.core.bots import RandomBot, play_deal
>>> state = sm.new_game(2, seed=7, rules=sm.Rules.preset("book"))
>>> state, events = play_deal(state, [sm.GreedyBot(), RandomBot(seed=1)])
>>> state.game_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from spite_rules.core.bots import RandomBot
from spite_rules.malice.actions import Action, Discard, EndTurn, Load, MoveSide, Origin, Play, Substitute
from spite_rules.malice.reach import reach_plan
from spite_rules.malice.order import WILD, value
from spite_rules.malice.views import SeatView

__all__ = ["GreedyBot", "reach_plan", "BOTS", "strong_bot", "STRONG_THINK_TIME"]

class GreedyBot:
    """Plays its pay-off card whenever a short chain of centre plays reaches it, keeps wild cards
    for that, plays other natural cards where they do not help an opponent, and discards to keep
    its side stacks descending. ``seed`` is kept for the bot makers' signature; the bot is
    deterministic."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, seen: SeatView, moves: Sequence[Action]) -> Action:
        """The best of ``moves`` by the order in the module's docstring."""
        rules = seen.rules
        me = seen.seat
        plays = [m for m in moves if type(m) is Play and m.owner is None]
        # 1. the pay-off top.
        payoff = [m for m in plays if m.origin is Origin.PAYOFF]
        if payoff:
            return max(payoff, key=lambda m: self._fullness(seen, m.centre))
        won_back = [m for m in moves if type(m) is Substitute and m.owner is None]
        if won_back:
            return won_back[0]
        loads = [m for m in moves if type(m) is Load]
        if loads:
            return loads[0]
        # 2. a chain reaching the pay-off top.
        best: tuple[tuple[int, int], Action] | None = None
        for centre in range(len(seen.centre) + 1):
            plan = reach_plan(seen, centre)
            if plan is None or not plan[1]:
                continue
            wilds, chain = plan
            origin, side, card = chain[0]
            for move in plays:
                if move.card == card and move.origin is origin and move.side == side and (
                    move.centre == centre
                    or (centre >= len(seen.centre) or not seen.centre[centre])
                    and (move.centre >= len(seen.centre) or not seen.centre[move.centre])
                ):
                    key = (wilds, len(chain))
                    if best is None or key < best[0]:
                        best = key, move
                    break
        if best is not None:
            return best[1]
        # 3. natural cards that do not set up an opponent.
        opponents = {
            value(top, rules)
            for seat, top in enumerate(seen.payoff_tops)
            if seat != me and top is not None
        }
        natural = [
            m for m in plays
            if m.origin is not Origin.PAYOFF and value(m.card, rules) != WILD
            and value(m.card, rules) + 1 not in opponents
        ]
        if natural:
            return min(natural, key=lambda m: (m.origin is not Origin.SIDE, -self._fullness(seen, m.centre)))
        # 4. a discard keeping side stacks descending.
        discards = [m for m in moves if type(m) is Discard]
        if discards:
            return min(discards, key=lambda m: self._discard_cost(seen, m))
        # 5. whatever is left: a forced card's place, ending the turn rather than a side move.
        others = [m for m in moves if type(m) is not MoveSide and (type(m) is not Play or m.owner is None)
                  and not (type(m) is Play and value(m.card, rules) == WILD)]
        ends = [m for m in others if type(m) is EndTurn]
        return (ends or others or moves)[0]

    @staticmethod
    def _fullness(seen: SeatView, centre: int) -> int:
        return len(seen.centre[centre]) if centre < len(seen.centre) else 0

    @staticmethod
    def _discard_cost(seen: SeatView, move: Discard) -> tuple[int, int, int]:
        rules = seen.rules
        card = move.cards[0]
        worth = value(card, rules)
        if worth == WILD:
            return 100, 0, -len(move.cards)
        stack = seen.side[seen.seat][move.side]
        if not stack:
            return 2, -worth, -len(move.cards)
        top = value(stack[-1], rules)
        if top == WILD:
            return 40, -worth, -len(move.cards)
        gap = top - worth
        if gap in (0, 1):
            return 0, -worth, -len(move.cards)
        if gap > 1:
            return 3, gap, -len(move.cards)
        return 20, -gap, -len(move.cards)


#: The strong bot's bound on its think time at a person's table, in seconds (a plan costs a few
#: milliseconds: docs/research.md).
STRONG_THINK_TIME = 0.25


def strong_bot(seed: int) -> Any:
    """The strongest Spite and Malice bot, as a person's opponent: the turn planner
    (:class:`~spite_rules.malice.planner.PlannerBot`), its think time bounded by
    :data:`STRONG_THINK_TIME` seconds.

    >>> strong_bot(1).name
    'strong'
    """
    from spite_rules.malice.planner import PlannerBot

    return PlannerBot(seed, think_time=STRONG_THINK_TIME)


#: Spite and Malice's bot makers (taking a seed) by the names the command line and the web tables
#: use (:func:`spite_rules.bots.bots_for`).
BOTS: dict[str, Callable[[int], Any]] = {"greedy": GreedyBot, "random": RandomBot, "strong": strong_bot}
