"""How :class:`~spite_rules.malice.planner.PlannerBot` scores a position: :class:`Weights` (what each
thing it knows counts, in pay-off cards) and :class:`Judge` (a position's worth to the bot, from its
view, turned into a chance of winning).

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

The planner (planner.py) searches a turn's lines and asks this module what each line's end is
worth; the terms are :class:`Weights`' (docs/research.md, "The strong bot").

>>> Weights().race > 0
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import attrs

from spite_rules.cards import Card
from spite_rules.malice.actions import Discard
from spite_rules.malice.order import WILD, value_table
from spite_rules.malice.piles import centre_needs
from spite_rules.malice.side_stacks import side_accepts
from spite_rules.malice.rules import SideRule
from spite_rules.malice.state import State, opposes
from spite_rules.malice.shape import table_cards
from spite_rules.malice.views import SeatView, shown_cards

__all__ = ["Weights", "Judge", "UNSEEN_TOP"]

#: The chance an opponent plays a pay-off top the bot has not seen yet (one a line turned up).
UNSEEN_TOP = 0.3


@attrs.frozen
class Weights:
    """How much each thing the bot knows counts, in pay-off cards.

    - ``race``: one pay-off card fewer than the opponents (1 by definition);
    - ``threat``: the chance an opponent plays its pay-off top next turn;
    - ``reach``: the chance the bot reaches its own pay-off top next turn;
    - ``blocked``: each side card buried under one that is neither equal nor one lower;
    - ``wild``: each wild card kept in the hand;
    - ``empty``: each empty side stack;
    - ``open``: under the book's side rule (a discard goes on an equal or one higher top, or an
      empty stack), the share of the values its side stacks still accept;
    - ``wait``: each card kept in the hand, by how far the centre is from wanting it (a share of
      the top value): a high card kept holds a place in the hand for many turns;
    - ``idle``: a turn ended without moving a card (a turn given away);
    - ``held``: each card kept in the hand at the end of the turn (a card fewer to draw next turn);
    - ``draw``: a line that empties the hand and draws five more (the turn goes on);
    - ``contempt``: the lead in pay-off cards the bot credits itself with when it weighs a draw;
    - ``going``: a line that stops while the turn goes on (a card came into sight), less
      ``early`` for each move made before it: seeing a card sooner is better.

    >>> Weights().race
    1.0
    """

    race: float = 1.0
    threat: float = 0.9
    reach: float = 0.35
    blocked: float = 0.08
    wild: float = 0.12
    empty: float = 0.05
    held: float = 0.2
    wait: float = 0.3
    idle: float = 1.0
    open: float = 0.3
    draw: float = 0.3
    contempt: float = 4.0
    going: float = 0.2
    early: float = 0.0005


class Judge:
    """Scores the positions of one turn's plan for ``seen.seat``, in pay-off cards, from what the
    seat may know (the module's docstring): built once per plan, it counts the unseen cards and
    keeps what it worked out for each shape of the centre and of its side stacks.

    ``buried[i]``: how many cards at the bottom of its side stack ``i`` the seat has not seen.

    >>> import spite_rules.malice as sm
    >>> state = sm.setup(payoff=["9♦ 5♠", "Q♣ 6♥"], hands=["3♥ 4♣ K♦", ""], centre=["A♦ 2♦ 3♦ 4♦"])
    >>> judge = Judge(state.view(0), Weights())
    >>> helps = sm.apply(state, sm.Play(0, "K♦", 0))[0]
    >>> judge.score(helps) < judge.score(state)   # a wild 5 leaves the opponent's 6 a play
    True
    """

    def __init__(self, seen: SeatView, weights: Weights, buried: Sequence[int] = ()) -> None:
        rules = seen.rules
        self.rules = rules
        self.weights = weights
        self.seat = seen.seat
        self.players = len(seen.payoff_sizes)
        self.values = values = value_table(rules)
        self.sizes = seen.payoff_sizes
        self.buried = tuple(buried)
        self.opponents = [
            other for other in range(self.players) if opposes(self.players, rules.partnerships, self.seat, other)
        ]
        # Card counting: the rules' packs less every card the view shows, by value.
        unseen = [0] * (rules.top_value + 2)
        for card, number in (table_cards(rules, self.players) - shown_cards(seen)).items():
            unseen[values[card.rank]] += number
        total = max(sum(unseen), 1)
        most = rules.hand_size + 1
        #: chance[value][draws]: that ``draws`` unseen cards hold one of ``value``.
        self.chance = [[1.0 - (1.0 - count / total) ** draws for draws in range(most + 1)] for count in unseen]
        self._threats: dict[object, float] = {}
        self._sides: dict[object, tuple[list[list[int]], int, float]] = {}
        self._ordered = rules.side_rule is SideRule.EQUAL_OR_ONE_LESS

    def _reach(self, target: int, needs: Sequence[int], stacks: Sequence[Sequence[int]], hand: Sequence[int],
               draws: int) -> float:
        """The chance that a seat with side stacks ``stacks`` (values it can take from the top
        down), a known ``hand`` and ``draws`` unseen cards to come plays a card of value ``target``
        (its pay-off top) on one of the centre's ``needs`` (the values the stacks want next)."""
        cannot = self.rules.wild_cannot_be
        if target == WILD:
            return 1.0 if any(need not in cannot for need in needs) else 0.0
        chance = self.chance
        draws = min(draws, len(chance[0]) - 1)
        wild_chance = chance[WILD][draws]
        best = 0.0
        for need in needs:
            if need > target:
                continue
            if need == target:
                return 1.0
            piles = [list(stack) for stack in stacks if stack]
            held = list(hand)
            chances: list[float] = []
            for wanted in range(need, target):
                if _take(wanted, piles, held) or (wanted not in cannot and _take(WILD, piles, held)):
                    continue
                left = draws - len(chances)
                if left <= 0:
                    break
                chances.append(chance[wanted][left])
            else:
                if not chances:
                    return 1.0
                product = math.prod(chances)
                if wild_chance:
                    worst = min(chances)
                    rest = product / worst if worst else 0.0
                    product += wild_chance * rest * (1.0 - worst)
                best = max(best, min(product, 1.0))
        return best

    def _needs(self, centre: tuple[tuple[Card, ...], ...]) -> list[int]:
        top = self.rules.top_value
        return [worth for worth in centre_needs(self.rules, centre, self.players) if worth != WILD and worth <= top]

    def _threat(self, state: State, needs: Sequence[int]) -> float:
        """The opponents' expected reach of their pay-off tops next turn (the likeliest one's)."""
        rules = self.rules
        mark = (tuple(map(len, state.centre)), tuple(map(len, state.payoff)),
                state.side if rules.opponent_discards else None)
        found = self._threats.get(mark)
        if found is not None:
            return found
        values = self.values
        spread = rules.spread_side_stacks
        threat = 0.0
        for other in self.opponents:
            pile = state.payoff[other]
            if pile and len(pile) < self.sizes[other]:
                threat = max(threat, UNSEEN_TOP)
            elif pile:
                stacks = [[values[card.rank] for card in (stack if spread else stack[-1:])] for stack in state.side[other]]
                # a top played shows the next, which may go too.
                chance = self._reach(values[pile[-1].rank], needs, stacks, (), rules.hand_size)
                threat = max(threat, chance * (1.0 + UNSEEN_TOP))
        self._threats[mark] = threat
        return threat

    def _own_sides(self, stacks: tuple[tuple[Card, ...], ...]) -> tuple[list[list[int]], int, float]:
        """Its side stacks' values as far as it has seen them, the cards blocked, and the score of
        their openness (empty stacks; the values they accept under the book's rule)."""
        # Within a turn a side stack only loses its top or takes the ending discard, so its size and
        # top tell it apart.
        mark = tuple((len(stack), stack[-1] if stack else None) for stack in stacks)
        found = self._sides.get(mark)
        if found is not None:
            return found
        values = self.values
        shown = []
        blocked = empty = 0
        for index, stack in enumerate(stacks):
            hidden = self.buried[index] if index < len(self.buried) else 0
            cards = [values[card.rank] for card in stack[hidden:]]
            empty += not stack
            blocked += sum(WILD not in (above, below) and below not in (above, above + 1)
                           for below, above in zip(cards, cards[1:]))
            shown.append(cards)
        weights = self.weights
        openness = weights.empty * empty
        if self._ordered:
            accepted: set[int] = set()
            for stack in stacks:
                values_taken = side_accepts(stack, self.rules)
                if values_taken is None:
                    accepted = set(range(1, self.rules.top_value + 1))
                    break
                accepted |= values_taken
            openness += weights.open * len(accepted) / self.rules.top_value
        found = self._sides[mark] = (shown, blocked, openness)
        return found

    def score(self, state: State, *, hand_known: bool = True, discard: Discard | None = None,
              cut: bool = False) -> float:
        """The seat's chance of winning from ``state`` (after ``discard``, a discard that ends the
        turn, if given; a draw counts half): ``hand_known`` is False where the line just drew a
        hand the seat cannot know yet; ``cut``: the line was cut short by the plan's budget.

        The position's worth in pay-off cards (:meth:`worth`) becomes a chance by a logistic curve
        whose scale grows with the cards still to play (a lead of three cards matters more near the
        end), shifted by ``weights.contempt``: the bot counts itself the stronger player, so that
        it takes a draw (a stalemate, the stock run out) only when clearly behind.
        """
        rules = self.rules
        seat = self.seat
        if state.game_over:
            if state.winner is None:
                return 0.5
            return 1.0 if not opposes(self.players, rules.partnerships, seat, state.winner) else 0.0
        if state.finisher is not None:  # seed 002's backstab: the finisher wins unless the other steals it
            return 0.97 if not opposes(self.players, rules.partnerships, seat, state.finisher) else 0.03
        worth = self.worth(state, hand_known=hand_known, discard=discard) - (2 * self.weights.going if cut else 0.0)
        return self._chance(state, worth)

    def _chance(self, state: State, worth: float) -> float:
        """``worth`` (in pay-off cards) as a chance of winning from ``state`` (:meth:`score`)."""
        left = sum(len(pile) for pile in state.payoff)
        scale = 3.0 + left / 8.0
        return 1.0 / (1.0 + math.exp(-(worth + self.weights.contempt) / scale))

    def _race(self, state: State, needs: Sequence[int]) -> float:
        """The race less the opponents' reach: pay-off cards the seat is ahead, less ``threat``
        times the chance an opponent plays its pay-off top next (the centre wanting ``needs``)."""
        weights = self.weights
        race = sum(len(state.payoff[other]) for other in self.opponents) / max(len(self.opponents), 1)
        race -= len(state.payoff[self.seat])
        race *= weights.race
        return race - weights.threat * self._threat(state, needs)

    def at_turn(self, state: State) -> float:
        """The seat's chance of winning from ``state`` at the start of its own turn, its hand drawn
        (a sampled deal's, where the cards are all known): the race, the opponents' reach of their
        pay-off tops (after this turn), the side stacks' shape and whether the hand and side cards
        reach its own pay-off top now, on the logistic curve of :meth:`score`.

        >>> import spite_rules.malice as sm
        >>> reach = sm.setup(payoff=["9♦ 5♠", "Q♣ 6♥"], hands=["3♥ 4♣ 9♠", ""], centre=["A♦ 2♦"])
        >>> short = sm.setup(payoff=["9♦ 5♠", "Q♣ 6♥"], hands=["3♥ 9♣ 9♠", ""], centre=["A♦ 2♦"])
        >>> judge = Judge(reach.view(0), Weights())
        >>> judge.at_turn(reach) > judge.at_turn(short)   # 3, 4 from the hand reach the 5
        True
        """
        seat = self.seat
        weights = self.weights
        if state.game_over or state.finisher is not None:
            return self.score(state)
        needs = self._needs(state.centre)
        worth = self._race(state, needs)
        shown, blocked, openness = self._own_sides(state.side[seat])
        worth += openness - weights.blocked * blocked
        pile = state.payoff[seat]
        if pile:
            hand = [self.values[card.rank] for card in state.hands[seat]]
            worth += weights.threat * self._reach(self.values[pile[-1].rank], needs, shown, hand, 0) * (1.0 + UNSEEN_TOP)
        return self._chance(state, worth)

    def worth(self, state: State, *, hand_known: bool = True, discard: Discard | None = None) -> float:
        """The worth of ``state`` to the seat in pay-off cards, as :meth:`score` takes it (the game
        not over)."""
        rules = self.rules
        seat = self.seat
        weights = self.weights
        values = self.values
        sides = state.side[seat]
        hand = state.hands[seat]
        ended = state.to_act != seat
        if discard is not None:
            ended = True
            stacks = list(sides)
            stacks[discard.side] = stacks[discard.side] + discard.cards
            sides = tuple(stacks)
            hand = tuple((Counter(hand) - Counter(discard.cards)).elements())
        needs = self._needs(state.centre)
        score = self._race(state, needs)
        shown, blocked, openness = self._own_sides(sides)
        score -= weights.blocked * blocked
        score += openness
        held = [values[card.rank] for card in hand] if hand_known else []
        score += weights.wild * held.count(WILD)
        pile = state.payoff[seat]
        if ended:
            score -= weights.held * len(held)
            if discard is None and state.passes:
                score -= weights.idle
            if held and weights.wait:
                far = sum(min((worth - need for need in needs if need <= worth), default=worth - 1)
                          for worth in held if worth != WILD)
                score -= weights.wait * far / rules.top_value
            if pile:
                draws = max(rules.hand_size - len(held), 0)
                score += weights.reach * self._reach(values[pile[-1].rank], needs, shown, held, draws)
        else:  # the turn goes on: whatever it has, it may still play
            score += weights.going
            # Seed 002's exchange: each opponent's discard used still owes one of its pay-off cards.
            score -= weights.race * max(state.exchange, 0)
            if not hand_known:
                score += weights.draw
        return score


def _take(wanted: int, piles: list[list[int]], held: list[int]) -> bool:
    """Take a card of value ``wanted`` for a planned chain: from the top of a side stack first, else
    from the hand; False where neither shows one."""
    pile = next((pile for pile in piles if pile and pile[-1] == wanted), None)
    if pile is not None:
        pile.pop()
        return True
    if wanted in held:
        held.remove(wanted)
        return True
    return False

