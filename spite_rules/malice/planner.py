"""A strong Spite and Malice bot: :class:`PlannerBot` plans its whole turn.

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
  equal) side stack takes a card are tried once.

A turn's search is bounded (:data:`MAX_NODES` positions), so a move costs milliseconds.
Deterministic: it draws no random numbers (``seed`` is kept for the bot makers' signature).

>>> import spite_rules.malice as sm
>>> from spite_rules.bots import play_deal
>>> state = sm.new_game(2, seed=7, rules=sm.Rules.preset("book"))
>>> state, events = play_deal(state, [PlannerBot(), sm.GreedyBot()])
>>> state.game_over
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import attrs

from spite_rules.cards import Card, parse_card
from spite_rules.malice.actions import Action, Discard, Play
from spite_rules.malice.events import Drew, PayoffTurnedUp
from spite_rules.malice.order import WILD, value_table
from spite_rules.malice.piles import centre_needs
from spite_rules.malice.rules import Rules
from spite_rules.malice.state import Phase, State, opposes
from spite_rules.malice.turn import apply, legal_moves
from spite_rules.malice.views import SeatView

__all__ = ["PlannerBot", "Weights", "evaluate", "MAX_NODES", "UNSEEN_TOP"]

#: The chance an opponent plays a pay-off top the bot has not seen yet (one a line turned up).
UNSEEN_TOP = 0.3

#: The most positions one plan expands (each is one ``legal_moves`` and up to ~20 ``apply``).
MAX_NODES = 60

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
    - ``held``: each card kept in the hand at the end of the turn (a card fewer to draw next turn);
    - ``draw``: a line that empties the hand and draws five more (the turn goes on);
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
    held: float = 0.1
    draw: float = 0.3
    going: float = 0.2
    early: float = 0.01


class _Counts:
    """The cards a seat has not seen, by value (:data:`WILD` for wild cards), and how many."""

    __slots__ = ("by_value", "total")

    def __init__(self, by_value: list[int], total: int) -> None:
        self.by_value = by_value
        self.total = max(total, 1)

    def chance(self, worth: int, draws: int) -> float:
        """The chance that ``draws`` cards from the unseen include one of value ``worth``."""
        if draws <= 0:
            return 0.0
        share = min(1.0, self.by_value[worth] / self.total)
        return 1.0 - (1.0 - share) ** draws


def _unseen(seen: SeatView, values: dict[object, int], top: int) -> _Counts:
    """Card counting: the rules' packs less every card ``seen`` shows (hand, centre, side stacks
    shown, pay-off tops)."""
    rules = seen.rules
    decks = rules.decks * (seen.hand_sizes and len(seen.hand_sizes) or 1 if rules.decks_per_player else 1)
    by_value = [0] * (top + 2)
    for rank, worth in values.items():
        if getattr(rank, "name", "") == "JOKER":
            continue
        by_value[worth] += 4 * decks
    by_value[WILD] += rules.jokers
    cards: list[Card] = list(seen.hand)
    cards += [card for card in seen.payoff_tops if card is not None]
    for stacks in seen.side:
        for stack in stacks:
            cards += stack
    for stack in seen.centre:
        cards += stack
    for card in cards:
        by_value[values[card.rank]] -= 1
    by_value = [max(count, 0) for count in by_value]
    return _Counts(by_value, sum(by_value))


def _reach(
    target: int,
    needs: Sequence[int],
    stacks: Sequence[Sequence[int]],
    hand: Sequence[int],
    draws: int,
    counts: _Counts,
    rules: Rules,
) -> float:
    """The chance that a seat with side stacks ``stacks`` (values it can take from the top down),
    a known ``hand`` and ``draws`` unseen cards to come plays a card of value ``target`` (its pay-off
    top) on one of the centre's ``needs`` (the values the stacks want next)."""
    cannot = rules.wild_cannot_be
    if target == WILD:
        return 1.0 if any(need not in cannot for need in needs) else 0.0
    wild_chance = counts.chance(WILD, draws)
    best = 0.0
    for need in needs:
        if need > target:
            continue
        if need == target:
            return 1.0
        piles = [list(stack) for stack in stacks]
        held = list(hand)
        chances: list[float] = []
        for wanted in range(need, target):
            pile = next((pile for pile in piles if pile and pile[-1] == wanted), None)
            if pile is not None:
                pile.pop()
                continue
            if wanted in held:
                held.remove(wanted)
                continue
            if wanted not in cannot:
                pile = next((pile for pile in piles if pile and pile[-1] == WILD), None)
                if pile is not None:
                    pile.pop()
                    continue
                if WILD in held:
                    held.remove(WILD)
                    continue
            chances.append(counts.chance(wanted, draws - len(chances)))
        if not chances:
            return 1.0
        product = 1.0
        for chance in chances:
            product *= chance
        if wild_chance and len(chances) <= draws:
            worst = min(chances)
            rest = product / worst if worst else 0.0
            product += wild_chance * rest * (1.0 - worst)
        best = max(best, min(product, 1.0))
    return best


def evaluate(
    state: State,
    seat: int,
    counts: _Counts,
    weights: Weights,
    *,
    hand_known: bool = True,
    sizes: Sequence[int] = (),
    buried: Sequence[int] = (),
) -> float:
    """How good ``state`` is for ``seat``, in pay-off cards, from what the seat may know: the race,
    the opponents' reach, its own reach, its side stacks' shape and wild cards (see the module's
    docstring). ``hand_known``: False where the line just drew a hand the seat cannot know yet;
    ``sizes``: the pay-off piles' sizes when the seat last saw them (a pile now smaller shows a
    top the seat has not seen: it counts as :data:`UNSEEN_TOP`'s chance). ``buried[i]``: how many cards at the bottom of its side
    stack ``i`` the seat has not seen.

    >>> import spite_rules.malice as sm
    >>> state = sm.setup(payoff=["9♦ 5♠", "Q♣ 6♥"], hands=["3♥ 4♣ K♦", ""], centre=["A♦ 2♦ 3♦ 4♦"])
    >>> counts = _unseen(state.view(0), value_table(state.rules), 12)
    >>> safe = evaluate(state, 0, counts, Weights())
    >>> helps = evaluate(sm.apply(state, sm.Play(0, "K♦", 0))[0], 0, counts, Weights())
    >>> helps < safe   # a wild 5 on the centre leaves the opponent's 6 a play
    True
    """
    rules = state.rules
    values = value_table(rules)
    if state.game_over:
        if state.winner is None:
            return 0.0
        mine = state.winner == seat or not opposes(len(state.payoff), rules.partnerships, seat, state.winner)
        return 1000.0 if mine else -1000.0
    players = len(state.payoff)
    top = rules.top_value
    needs = [worth for worth in centre_needs(rules, state.centre, players) if worth != WILD and worth <= top]
    spread = rules.spread_side_stacks
    # The side cards each seat can take, from the top down: its own as far as it has seen them.
    shown: list[list[list[int]]] = []
    blocked = 0
    empty = 0
    for other in range(players):
        stacks = []
        for index, stack in enumerate(state.side[other]):
            if other == seat:
                hidden = buried[index] if index < len(buried) else 0
                cards = [values[card.rank] for card in stack[hidden:]]
                empty += not stack
                for below, above in zip(cards, cards[1:]):
                    if above != WILD and below != WILD and below != above and below != above + 1:
                        blocked += 1
            else:
                cards = [values[card.rank] for card in (stack if spread else stack[-1:])]
            stacks.append(cards)
        shown.append(stacks)

    def sources(player: int) -> list[list[int]]:
        """The side cards ``player`` may use (its own: an opponent's cost it pay-off cards of the
        opponent's under seed 002's exchange, so the bot counts on none)."""
        return shown[player]

    score = 0.0
    own = len(state.payoff[seat])
    threat = 0.0
    for other in range(players):
        if not opposes(players, rules.partnerships, seat, other):
            continue
        pile = state.payoff[other]
        score += len(pile) / (players - 1)
        if pile and sizes and len(pile) < sizes[other]:
            threat = max(threat, UNSEEN_TOP)
        elif pile:
            worth = values[pile[-1].rank]
            threat = max(threat, _reach(worth, needs, sources(other), (), rules.hand_size, counts, rules))
    score -= own
    score *= weights.race
    score -= weights.threat * threat
    hand = [values[card.rank] for card in state.hands[seat]] if hand_known else []
    score -= weights.blocked * blocked
    score += weights.empty * empty
    score += weights.wild * sum(1 for worth in hand if worth == WILD)
    pile = state.payoff[seat]
    if state.to_act != seat:
        score -= weights.held * len(hand)
        if pile:
            draws = max(rules.hand_size - len(hand), 0)
            score += weights.reach * _reach(values[pile[-1].rank], needs, sources(seat), hand, draws, counts, rules)
    else:  # the turn goes on: whatever it has, it may still play
        score += weights.going
        if not hand_known:
            score += weights.draw
    return score


class PlannerBot:
    """Plans its whole turn over the cards it can see (the module's docstring says what it knows)
    and plays the first move of the best plan. ``max_nodes`` bounds a plan; ``think_time`` (seconds
    of CPU, None for no bound) stops a plan early, keeping the best line found so far. ``seed`` is
    kept for the bot makers' signature: the bot is deterministic."""

    name = "strong"

    def __init__(
        self,
        seed: int = 0,
        *,
        max_nodes: int = MAX_NODES,
        think_time: float | None = 0.1,
        weights: Weights | None = None,
    ) -> None:
        self.seed = seed
        self.max_nodes = max_nodes
        self.think_time = think_time
        self.weights = weights or Weights()
        self._sides: dict[int, list[list[Card | None]]] = {}
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
            rules=seen.rules,
            names=seen.names,
            payoff=payoff,
            hands=hands,
            side=tuple(side),
            centre=seen.centre,
            stock=(_FILLER,) * seen.stock_size,
            used=(_FILLER,) * seen.used_size,
            to_act=seen.to_act,
            phase=seen.phase,
            moved=seen.moved,
            passes=seen.passes,
            owed=seen.owed,
            exchange=seen.exchange,
            pending=seen.pending,
            finisher=seen.finisher,
            final_turn=seen.final_turn,
            game_over=seen.game_over,
            winner=seen.winner,
            result=seen.result,
            series=seen.series,
        )
        return state, buried

    # -- the plan ------------------------------------------------------------------------------

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
        counts = _unseen(seen, values, rules.top_value)
        root, buried = self._position(seen, sides)
        seat = seen.seat
        weights = self.weights
        deadline = None if self.think_time is None else time.process_time() + self.think_time
        best_at: dict[object, float] = {}
        expanded = 0

        def key(state: State) -> object:
            return (state.centre, state.hands[seat], state.side, state.payoff, state.phase, state.owed,
                    state.exchange, state.pending)

        def merged(state: State, options: Sequence[Action]) -> list[Action]:
            """One move of each kind of effect."""
            kept: dict[object, Action] = {}
            spread = rules.spread_side_stacks
            for move in options:
                kind = type(move)
                if kind is Play:
                    assert isinstance(move, Play)
                    target = state.centre[move.centre] if move.centre < len(state.centre) else ()
                    mark: object = (kind, move.origin, move.side, move.owner, values[move.card.rank],
                                    len(target), move.card if values[move.card.rank] == WILD else None)
                elif kind is Discard:
                    assert isinstance(move, Discard)
                    stack = state.side[move.player][move.side]
                    shown = stack if spread else stack[-1:]
                    mark = (kind, tuple(values[card.rank] for card in move.cards),
                            tuple(values[card.rank] for card in shown), len(stack),
                            move.cards[0] if values[move.cards[0].rank] == WILD else None)
                else:
                    mark = move
                kept.setdefault(mark, move)
            return list(kept.values())

        sizes = seen.payoff_sizes
        early = weights.early

        def leaf(state: State, events: Sequence[object]) -> float | None:
            """The score of a line that stops here, or None if the turn goes on in sight."""
            if state.game_over or state.to_act != seat or state.phase is Phase.OVER:
                return evaluate(state, seat, counts, weights, sizes=sizes, buried=buried)
            drew = any(type(event) is Drew and event.player == seat for event in events)  # type: ignore[attr-defined]
            revealed = any(
                0 < len(stack) <= buried[index] for index, stack in enumerate(state.side[seat])
                if index < len(buried) and len(stack) < len(root.side[seat][index])
            )
            if drew or revealed or any(type(event) is PayoffTurnedUp for event in events):
                return evaluate(state, seat, counts, weights, hand_known=not drew, sizes=sizes, buried=buried)
            return None

        def search(state: State) -> float:
            nonlocal expanded
            found = best_at.get(k := key(state))
            if found is not None:
                return found
            expanded += 1
            best = -1e9
            options = merged(state, legal_moves(state))
            stop = expanded >= self.max_nodes or (deadline is not None and time.process_time() > deadline)
            for move in options:
                after, events = apply(state, move)
                score = leaf(after, events)
                if score is None:
                    if stop:  # out of budget: the line is scored as it stands, the turn unfinished
                        score = evaluate(after, seat, counts, weights, sizes=sizes, buried=buried) - 2 * weights.going
                    else:
                        score = search(after)
                best = max(best, score - early)
            best_at[k] = best
            return best

        chosen = moves[0]
        top = -1e9
        for move in merged(root, moves):
            after, events = apply(root, move)
            score = leaf(after, events)
            if score is None:
                score = search(after)
            if score > top:
                top, chosen = score, move
        self.nodes = expanded
        return chosen
