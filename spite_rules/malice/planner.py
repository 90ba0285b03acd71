"""A strong Spite and Malice bot: :class:`PlannerBot` plans its whole turn.

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

A turn is a sequence of plays to the centre ending in a discard (or a side move, or an end where the
rules allow one). Before each of its actions the bot searches, depth first, every sequence of its
legal moves that it can follow with the cards it sees, through the rules' own ``legal_moves`` and
``apply`` on a position rebuilt from its view, and stops a line where the table would show it a
card it cannot know yet (its next pay-off card, a fresh hand of five, a side card it has not seen):
it plans again then, seeing the card. Each line is scored by :func:`evaluate`, and the bot makes the
first move of the best line. What it knows:

- **the race**: pay-off cards left, its own and the opponents';
- **the opponent's reach**: the chance that an opponent plays its pay-off top next turn, from the
  centre stacks' next values, the opponent's side-stack cards it can see (chained: a side top, then
  the card under it where stacks are spread), and a hand of cards it cannot see, drawn from the cards
  not yet seen (**card counting**: its hand, the centre, every side card and pay-off top shown);
  wild cards counted in;
- **its own reach next turn**, the same way, with the hand it keeps and the cards it will draw;
- **the side stacks' shape**: a card buried under one that is neither equal nor one lower is a card
  blocked; empty side stacks are kept where a discard can go on a fitting top; wild cards are kept
  in the hand rather than discarded;
- **its own side stacks under their tops**, where the rules stack them squarely: it remembers what
  it discarded (the view shows only the tops), so a chain through its side stacks is planned;
- **equivalent moves merged**: moves that differ only by which equal centre stack or which empty (or
  equal) side stack takes a card are tried once;
- **the opponent's reply**, where a player may use the other's cards (:func:`weighs_replies`: the
  jacks preset): its best whole turns (up to :data:`REPLY_LINES`, within :data:`REPLY_MARGIN` of
  the best) are played on the same :data:`REPLY_SAMPLES` sampled deals of the hidden cards, each
  followed by the opponent's turn by the greedy bot, and compared at its next turn.

A turn's search is bounded (:data:`MAX_NODES` positions), so a move costs milliseconds.
Its play is a function of its seed and of what it has seen: the reply's sampled deals are seeded
from ``seed`` (at the other presets it draws no random numbers at all).

>>> import spite_rules.malice as sm
>>> from spite_rules.core.bots import play_deal
>>> state = sm.new_game(2, seed=7, rules=sm.Rules.preset("book"))
>>> state, events = play_deal(state, [PlannerBot(), sm.GreedyBot()])
>>> state.game_over
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from spite_rules.cards import Card, parse_card
from spite_rules.core.research import game_of_view
from spite_rules.errors import IllegalAction
from spite_rules.malice.actions import Action, Discard, Play
from spite_rules.malice.events import Drew, PayoffTurnedUp
from spite_rules.malice.order import WILD, value_table
from spite_rules.malice.piles import centre_needs
from spite_rules.malice.side_stacks import side_accepts
from spite_rules.malice.rules import Rules, SideRule
from spite_rules.malice.state import Phase, State, opposes
from spite_rules.malice.turn import apply, legal_moves
from spite_rules.malice.views import SeatView, open_fields

__all__ = ["PlannerBot", "Weights", "Judge", "MAX_NODES", "UNSEEN_TOP", "REPLY_SAMPLES", "REPLY_LINES", "REPLY_MARGIN",
           "weighs_replies"]

#: The chance an opponent plays a pay-off top the bot has not seen yet (one a line turned up).
UNSEEN_TOP = 0.3

#: The most positions one plan expands (each is one ``legal_moves`` and up to ~20 ``apply``).
MAX_NODES = 150

#: Where :func:`weighs_replies`: the sampled deals of the hidden cards on which the best complete
#: turns are compared by the opponent's reply.
REPLY_SAMPLES = 8

#: The most complete turns compared by the opponent's reply (the plan's best first).
REPLY_LINES = 3

#: How far (as a chance of winning) below the plan's best a turn may score and still be compared.
REPLY_MARGIN = 0.05


def weighs_replies(rules: Rules) -> bool:
    """Whether the bot compares its best turns by the opponent's sampled reply: where a player may
    use the other's pay-off top or side cards (seed 002, the jacks preset: "Your opponent's play
    deck ... You can use their cards"), a turn's worth hangs on what the opponent does with what it
    leaves, which the evaluation's reach sees only in part.

    >>> import spite_rules.malice as sm
    >>> [weighs_replies(sm.Rules.preset(name)) for name in sm.PRESETS]
    [False, False, True, False]
    """
    return rules.opponent_payoff or rules.opponent_discards


#: A card standing for one the bot cannot see, in the positions it plans on: it is never played
#: (a line stops before such a card comes into sight).
_FILLER: Card = parse_card("7♣")


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
        # Card counting: the rules' packs less every card the view shows.
        top = rules.top_value
        unseen = [0] * (top + 2)
        decks = rules.decks * (self.players if rules.decks_per_player else 1)
        for rank, worth in values.items():
            if rank.name != "JOKER":
                unseen[worth] += 4 * decks
        unseen[WILD] += rules.jokers
        shown: list[Card] = list(seen.hand)
        shown += [card for card in seen.payoff_tops if card is not None]
        for stacks in seen.side:
            for stack in stacks:
                shown += stack
        for stack in seen.centre:
            shown += stack
        for card in shown:
            unseen[values[card.rank]] -= 1
        unseen = [max(count, 0) for count in unseen]
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
                product = 1.0
                for one in chances:
                    product *= one
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
            for below, above in zip(cards, cards[1:]):
                if above != WILD and below != WILD and below != above and below != above + 1:
                    blocked += 1
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
            kept = list(hand)
            for card in discard.cards:
                kept.remove(card)
            hand = tuple(kept)
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
                far = 0
                for worth in held:
                    if worth != WILD:
                        far += min((worth - need for need in needs if need <= worth), default=worth - 1)
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


class PlannerBot:
    """Plans its whole turn over the cards it can see (the module's docstring says what it knows)
    and plays the first move of the best plan. ``max_nodes`` bounds a plan (the bound that keeps it
    deterministic); ``think_time`` (seconds on the clock, None for no bound) also stops a plan
    early, keeping the best lines found so far: a guard for interactive tables, where a loaded
    machine may make a plan slow (a bound on the clock depends on the machine, so a bot that hits
    it is no longer a function of its seed alone). ``seed`` seeds the sampled deals of the
    opponent's reply (:meth:`_by_reply`); ``reply_samples`` how many (0: none, the turn planner
    alone)."""

    name = "strong"

    def __init__(
        self,
        seed: int = 0,
        *,
        max_nodes: int = MAX_NODES,
        think_time: float | None = None,
        weights: Weights | None = None,
        reply_samples: int = REPLY_SAMPLES,
    ) -> None:
        self.seed = seed
        self.reply_samples = reply_samples
        #: How many times it has compared turns by the opponent's reply (the samples' seeds).
        self._compared = 0
        self.max_nodes = max_nodes
        self.think_time = think_time
        self.weights = weights or Weights()
        self._sides: dict[int, list[list[Card | None]]] = {}
        #: The last plan: the best move from each position it searched (by :meth:`_key`).
        self._plan: dict[object, Action] = {}
        #: Positions the last plan expanded.
        self.nodes = 0

    # -- memory of its own side stacks ---------------------------------------------------------

    def _remember(self, seen: SeatView) -> list[list[Card | None]]:
        """Its side stacks as it knows them (None where it has not seen a card), updated from
        ``seen``: only its own discards and plays change them where they are stacked squarely."""
        memory = self._sides.get(seat := seen.seat, [])
        known: list[list[Card | None]] = []
        for index, shown in enumerate(seen.side[seat]):
            size = seen.side_sizes[seat][index]
            old = memory[index] if index < len(memory) else []
            if seen.rules.spread_side_stacks or size == len(shown):
                stack: list[Card | None] = list(shown)
            elif size == len(old) and old and old[-1] == shown[-1]:
                stack = old
            elif size == len(old) + 1:
                stack = old + [shown[-1]]
            elif size == len(old) - 1 and size and old[-2] == shown[-1]:
                stack = old[:-1]
            else:
                stack = [None] * (size - 1) + [shown[-1]]
            known.append(stack)
        self._sides[seat] = known
        return known

    # -- the position it plans on -----------------------------------------------------------

    @staticmethod
    def _position(seen: SeatView, sides: list[list[Card | None]]) -> tuple[State, list[int]]:
        """A state that agrees with everything ``seen`` shows and the side cards the bot remembers;
        every card it cannot see is :data:`_FILLER`. Also how many unseen cards lie at the bottom
        of each of its side stacks."""
        seat = seen.seat
        players = len(seen.payoff_sizes)
        payoff = tuple(
            (_FILLER,) * (size - 1) + (top,) if top is not None else ()
            for top, size in zip(seen.payoff_tops, seen.payoff_sizes)
        )
        hands = tuple(seen.hand if other == seat else (_FILLER,) * seen.hand_sizes[other] for other in range(players))
        side = []
        for other in range(players):
            stacks = []
            for index, shown in enumerate(seen.side[other]):
                size = seen.side_sizes[other][index]
                if other == seat:
                    stacks.append(tuple(card or _FILLER for card in sides[index]))
                else:
                    stacks.append((_FILLER,) * (size - len(shown)) + tuple(shown))
            side.append(tuple(stacks))
        buried = []
        for stack in sides:
            hidden = 0
            for card in stack:
                if card is not None:
                    break
                hidden += 1
            buried.append(hidden)
        state = State(
            **open_fields(seen),
            payoff=payoff,
            hands=hands,
            side=tuple(side),
            stock=(_FILLER,) * seen.stock_size,
            used=(_FILLER,) * seen.used_size,
        )
        return state, buried

    # -- the plan ------------------------------------------------------------------------------

    @staticmethod
    def _key(state: State) -> object:
        """What tells two positions of a turn apart."""
        return (state.centre, state.hands[state.to_act], state.side, state.payoff, state.phase, state.owed,
                state.exchange, state.pending, state.to_act)

    def choose(self, seen: SeatView, moves: Sequence[Action]) -> Action:
        """The first move of the best turn plan (a single legal move is played at once).

        >>> import spite_rules.malice as sm
        >>> state = sm.setup(payoff=["9♦ 4♠", "Q♣ 6♥"], hands=["2♥ 3♣ 9♠", ""], centre=["A♦"])
        >>> str(PlannerBot().choose(state.view(0), sm.legal_moves(state)))
        'seat 0: play 2♥ from hand to centre 1'
        """
        sides = self._remember(seen)
        if len(moves) == 1:
            return moves[0]
        rules = seen.rules
        values = value_table(rules)
        root, buried = self._position(seen, sides)
        planned = self._plan.get(self._key(root))
        if planned is not None and planned in moves:  # the turn goes as planned: nothing new seen
            return planned
        seat = seen.seat
        judge = Judge(seen, self.weights, buried)
        early = self.weights.early
        started = time.perf_counter()
        think_time = self.think_time
        max_nodes = self.max_nodes
        direct_discards = not rules.fill_empty_side_stacks
        spread = rules.spread_side_stacks
        best_at: dict[object, float] = {}
        plan: dict[object, Action] = {}
        expanded = 0
        stopped = False
        key = self._key

        def merged(state: State, options: Sequence[Action]) -> list[Action]:
            """One move of each kind of effect: the same value to equal centre stacks, the same
            value onto equal (or empty) side stacks."""
            kept: dict[object, Action] = {}
            for move in options:
                kind = type(move)
                if kind is Play:
                    assert isinstance(move, Play)
                    worth = values[move.card.rank]
                    target = state.centre[move.centre] if move.centre < len(state.centre) else ()
                    mark: object = (kind, move.origin, move.side, move.owner, worth, len(target),
                                    move.card if worth == WILD else None)
                elif kind is Discard:
                    assert isinstance(move, Discard)
                    stack = state.side[move.player][move.side]
                    shown = stack if spread else stack[-1:]
                    worth = values[move.cards[0].rank]
                    mark = (kind, tuple(values[card.rank] for card in move.cards),
                            tuple(values[card.rank] for card in shown), len(stack),
                            move.cards[0] if worth == WILD else None)
                else:
                    mark = move
                kept.setdefault(mark, move)
            return list(kept.values())

        def leaf(state: State, events: Sequence[object]) -> float | None:
            """The score of a line that stops here, or None if the turn goes on in sight."""
            if state.game_over or state.to_act != seat or state.phase is Phase.OVER:
                return judge.score(state)
            drew = any(type(event) is Drew and event.player == seat for event in events)
            revealed = any(
                0 < len(stack) <= buried[index] for index, stack in enumerate(state.side[seat])
                if index < len(buried) and len(stack) < len(root.side[seat][index])
            )
            if drew or revealed or any(type(event) is PayoffTurnedUp for event in events):
                return judge.score(state, hand_known=not drew)
            return None

        def line(state: State, move: Action, stop: bool) -> float:
            """The score of the best line through ``move`` from ``state``."""
            if direct_discards and type(move) is Discard:
                return judge.score(state, discard=move)
            after, events = apply(state, move)
            score = leaf(after, events)
            if score is not None:
                return score
            if stop:  # out of budget: the line is scored as it stands, the turn unfinished
                return judge.score(after, cut=True)
            return search(after)

        def search(state: State) -> float:
            nonlocal expanded, stopped
            found = best_at.get(k := key(state))
            if found is not None:
                return found
            expanded += 1
            if not stopped and (expanded >= max_nodes or (
                    think_time is not None and expanded % 4 == 0 and time.perf_counter() - started > think_time)):
                stopped = True
            stop = stopped
            best = -1e9
            for move in merged(state, legal_moves(state)):
                score = line(state, move, stop) - early
                if score > best:
                    best = score
                    if not stop:
                        plan[k] = move
            best_at[k] = best
            return best

        chosen = moves[0]
        top = -1e9
        scored: list[tuple[float, Action]] = []
        for move in merged(root, moves):
            score = line(root, move, False)
            scored.append((score, move))
            if score > top:
                top, chosen = score, move
        self.nodes = expanded
        self._plan = plan
        if self.reply_samples and weighs_replies(rules):

            def turn(move: Action) -> list[Action] | None:
                """The planned turn through ``move``, to its end; None if it stops to see a card
                or where the plan's budget cut it."""
                state, taken = root, [move]
                while True:
                    if direct_discards and type(taken[-1]) is Discard:
                        return taken
                    state, events = apply(state, taken[-1])
                    if state.game_over or state.to_act != seat or state.phase is Phase.OVER:
                        return taken
                    if leaf(state, events) is not None:
                        return None
                    following = plan.get(key(state))
                    if following is None:
                        return None
                    taken.append(following)

            scored.sort(key=lambda pair: -pair[0])
            turns: list[list[Action]] = []
            for score, move in scored:
                if len(turns) == REPLY_LINES or score < top - REPLY_MARGIN:
                    break
                whole = turn(move)
                if whole is None:
                    if not turns:  # the best line stops to see a card: nothing to compare it with
                        break
                    continue
                turns.append(whole)
            if len(turns) > 1:
                chosen = self._by_reply(seen, judge, turns, started)
        return chosen

    def _by_reply(self, seen: SeatView, judge: Judge, turns: Sequence[Sequence[Action]], started: float) -> Action:
        """The first move of the best of ``turns`` (whole planned turns, the plan's best first) by
        the opponent's reply: on the same :data:`REPLY_SAMPLES` deals of the hidden cards (common
        random numbers), each turn is played, then the others' turns by the greedy bot, and the
        position at the seat's next turn scored by :meth:`Judge.at_turn` (the greedy bot and the sampled
        deals come from the game object, its ``rollout_bot`` and ``determinize``, as for a search:
        which keeps the planner below the bots' module that offers it). Another turn is chosen
        over the plan's best only if it scores higher on average. The samples' seeds come from the
        bot's seed and a count of its comparisons, so its play is a function of its seed and of what
        it has seen. Where ``think_time`` is set (``started``: when the move's thinking began), no
        further deal is sampled once it has passed: the deals played so far decide, the plan's best
        where none was."""
        seat = seen.seat
        self._compared += 1
        totals = [0.0] * len(turns)
        played = game_of_view(seen)
        maker: Callable[[int], Any] = getattr(played, "rollout_bot")  # the game's greedy bot
        determinize: Callable[[SeatView, int], State] = getattr(played, "determinize")
        replier = maker(self.seed)
        think_time = self.think_time
        for sample in range(self.reply_samples):
            if think_time is not None and time.perf_counter() - started > think_time:
                break  # out of time (interactive tables): the deals compared so far decide
            base = determinize(seen, (self.seed * 1_000_003 + self._compared) * 64 + sample)
            worths = []
            for whole in turns:
                state = base
                try:
                    for move in whole:
                        state, _ = apply(state, move)
                except IllegalAction:  # a card it remembers is not where this sample put it
                    return turns[0][0]
                for _ in range(200):
                    if state.game_over or state.to_act == seat:
                        break
                    options = legal_moves(state)
                    reply = options[0] if len(options) == 1 else replier.choose(state.view(state.to_act), options)
                    state, _ = apply(state, reply)
                worths.append(judge.at_turn(state))
            for index, worth in enumerate(worths):
                totals[index] += worth
        best = max(range(len(turns)), key=lambda index: (totals[index], -index))
        return turns[best][0]


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
