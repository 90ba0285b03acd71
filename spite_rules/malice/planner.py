"""A strong Spite and Malice bot: :class:`PlannerBot` plans its whole turn.

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

A turn is a sequence of plays to the centre ending in a discard (or a side move, or an end where the
rules allow one). Before each of its actions the bot searches, depth first, every sequence of its
legal moves that it can follow with the cards it sees, through the rules' own ``legal_moves`` and
``apply`` on a position rebuilt from its view, and stops a line where the table would show it a
card it cannot know yet (its next pay-off card, a fresh hand of five, a side card it has not seen):
it plans again then, seeing the card. Each line is scored by
:class:`~spite_rules.malice.evaluation.Judge` (what it knows: the race, both sides' reach, the side
stacks' shape, card counting; docs/research.md, "The strong bot"), moves that differ only by which
equal stack takes a card are tried once, and the bot makes the first move of the best line. Where
:func:`weighs_replies`, its best whole turns are compared by the opponent's sampled reply
(:meth:`PlannerBot._by_reply`). A plan is bounded (:data:`MAX_NODES` positions); the bot's play is a
function of its seed and of what it has seen.

>>> import spite_rules.malice as sm
>>> from spite_rules.core.bots import play_deal
>>> state = sm.new_game(2, seed=7, rules=sm.Rules.preset("book"))
>>> state, events = play_deal(state, [PlannerBot(), sm.GreedyBot()])
>>> state.game_over
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from spite_rules.cards import Card, parse_card
from spite_rules.core.research import game_of_view
from spite_rules.errors import IllegalAction
from spite_rules.malice.actions import Action, Discard, Play
from spite_rules.malice.determinization import filled_state, hidden_places
from spite_rules.malice.evaluation import UNSEEN_TOP, Judge, Weights
from spite_rules.malice.events import Drew, PayoffTurnedUp
from spite_rules.malice.order import WILD, value_table
from spite_rules.malice.rules import Rules
from spite_rules.malice.state import Phase, State
from spite_rules.malice.turn import apply, legal_moves
from spite_rules.malice.views import SeatView

__all__ = ["PlannerBot", "Weights", "Judge", "MAX_NODES", "UNSEEN_TOP", "REPLY_SAMPLES", "REPLY_LINES", "REPLY_MARGIN",
           "weighs_replies"]

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
        dealt = {place: (_FILLER,) * size for place, size in hidden_places(seen)}
        dealt.update((f"side {seat}.{space}", tuple(card or _FILLER for card in stack[:-1]))
                     for space, stack in enumerate(sides))  # its side cards as it remembers them
        buried = [next((at for at, card in enumerate(stack) if card is not None), len(stack)) for stack in sides]
        return filled_state(seen, dealt), buried

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
        position at the seat's next turn scored by :meth:`Judge.at_turn`; the greedy bot and the
        deals are the game object's ``rollout_bot`` and ``determinize`` (the planner imports no
        bots' module, which imports it). Another turn is chosen over the plan's best only if it
        scores higher on average. The samples' seeds come from the bot's seed and a count of its
        comparisons. Where ``think_time`` is set (``started``: when the move's thinking began), no
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
            totals = [total + worth for total, worth in zip(totals, worths)]
        best = max(range(len(turns)), key=lambda index: (totals[index], -index))
        return turns[best][0]
