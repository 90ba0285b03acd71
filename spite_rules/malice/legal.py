"""``legal_moves``, fast: the moves no rule forbids, generated directly instead of judging every
candidate with ``breaches.breach``. It builds only the moves the piles' rules allow, reading the
rules themselves (``piles.centre_needs`` through ``centre_needs_row``, ``side_stacks.side_spaces``:
what ``breaches`` asks too), from the sources the seat may play from, and asks the turn's own
rules (the compulsory plays, seed 002's "must be sure") of each. ``tests/malice/properties`` holds
it equal to the reference path (``tests/malice/oracles.py``): every candidate ``breach`` allows.

Layer: Spite and Malice: machine — may import its rules of play and values, the core, the cards and the errors; never Spite.

Actions are interned (:func:`play`, :func:`discard`, ...): the same move is the same object, built
once, so a playout allocates no actions. The moves found are kept with the state (``kept.py``;
:func:`offered`): ``apply`` of one of those very objects on that very state does not judge it
again (a property test holds ``apply`` the same on an equal copy).

>>> from spite_rules.malice.deal import setup
>>> state = setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠ 7♥", ""])
>>> [str(move) for move in legal_moves(state)]
['seat 0: play A♠ from hand to centre 1', 'seat 0: discard A♠ to side 1', 'seat 0: discard 7♥ to side 1']
>>> legal_moves(state)[0] is play(0, parse_card("A♠"), 0, Origin.HAND, None, None)
True
"""

from __future__ import annotations

from collections.abc import Callable

from spite_rules.cards import Card, Rank, parse_card  # noqa: F401 (the doctests read cards)
from spite_rules.errors import IllegalAction
from spite_rules.malice.actions import Action, Load, Origin, PlaceForced
from spite_rules.malice.breaches import loading_breach
from spite_rules.malice.compulsory import (
    aces_and_twos_breach,
    due_aces_and_twos,
    playable_hand_aces_and_twos,
    stalemate_aces_twos_breach,
    twos_while_aces_breach,
)
from spite_rules.malice.endings import (
    any_shape,
    discard,
    discard_run,
    discard_spaces,
    end_turn,
    groups,
    move_side,
    runs_onto,
    side_moves,
)
from spite_rules.malice.kept import CONTEXT, JUDGED, MOVES, kept
from spite_rules.malice.moves import forced_card, play, play_of_order, substitute
from spite_rules.malice.order import WILD, RulesTable, rules_table, sort_key
from spite_rules.malice.piles import centre_needs_row, fits
from spite_rules.errors import shown
from spite_rules.malice.sources import hand_cards, is_opponent, sources, tops_of
from spite_rules.malice.state import Phase, Stack, State
from spite_rules.malice.sure import PlayJudge, obligations_open, sure_refuses, turn_end_refuses
from spite_rules.malice.table import (
    ORIGIN_HAND,
    ORIGIN_PAYOFF,
    PHASE_FILL,
    PHASE_OVER,
    PHASE_PLACE,
    PHASE_PLAY,
    RANK_TWO,
)

__all__ = ["legal_moves", "offered", "play", "discard", "move_side", "end_turn"]


def legal_moves(state: object) -> tuple[Action, ...]:
    """Every move the seat to act may make now: :func:`spite_rules.malice.public.legal_moves` documents it (a
    compiled function keeps no docstring, so the public one calls this)."""
    if type(state) is not State:
        raise IllegalAction(f"state must be a Spite and Malice State, not {shown(state)}")
    known = kept(state)
    moves: tuple[Action, ...] | None = known[MOVES]
    if moves is not None:
        return moves  # asked again about this very state (a bot re-reading its position)
    moves = known[MOVES] = tuple(_legal(state)) if not state.game_over else ()
    known[JUDGED] = known[CONTEXT] = None  # the rules' working memory for this position, done with
    return moves


def offered(state: State, action: object) -> bool:
    """Is ``action`` one of the very moves :func:`legal_moves` gave for this very ``state`` (kept
    with it, ``kept.Kept``)? Such an action stands (``apply`` does not judge it again). A state made
    from another starts with no verdicts (``State.verdicts`` is hidden: no copy carries it over).

    >>> import attrs
    >>> from spite_rules.malice.deal import setup
    >>> state = setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠ 7♥", ""])
    >>> move = legal_moves(state)[0]
    >>> offered(state, move), offered(attrs.evolve(state), move)
    (True, False)
    """
    # the kept moves read as a typed tuple (read through ``object``, 4.3M more on the workload)
    moves: tuple[Action, ...] | None = kept(state)[MOVES]
    if moves is not None:
        for move in moves:
            if move is action:
                return True
    return False


#: A rule of the turn as ``legal_moves`` asks it: a breach in words or None, or (for seed 002's "must
#: be sure" rules) the verdict without the words; anything true refuses the move.
_Rule = Callable[[State, Action], object]


def _in_force(state: State, flags: RulesTable) -> tuple[_Rule, ...]:
    """The turn's rules that may forbid a move now (each rule is then asked of every move); a rule
    whose condition does not hold in this state forbids nothing and is left out."""
    found: list[_Rule] = []
    if flags.compulsory_aces_and_twos and state.phase is PHASE_PLAY and due_aces_and_twos(state):
        found.append(aces_and_twos_breach)
    if (flags.stalemate_aces_twos and state.passes >= len(state.payoff) - 1
            and playable_hand_aces_and_twos(state, state.to_act)):
        found.append(stalemate_aces_twos_breach)
    if flags.twos_while_aces and any(len(stack) == 1 for stack in state.centre) and any(
        card.rank is RANK_TWO and owner is None for _, owner, _, card in sources(state, state.to_act)
    ):
        found.append(twos_while_aces_breach)
    if obligations_open(state):
        found.append(turn_end_refuses)
    return tuple(found)


def _passes(rules: tuple[_Rule, ...], state: State, move: Action) -> bool:
    for rule in rules:
        if rule(state, move):
            return False
    return True


def _legal(state: State) -> list[Action]:
    seat = state.to_act
    rules = state.rules
    phase = state.phase
    centre = state.centre
    payoff = state.payoff
    players = len(payoff)
    if phase is PHASE_OVER:
        return []
    if phase is PHASE_PLACE:
        waiting = forced_card(state)
        if waiting is None:
            return []
        card: Card = waiting[1]  # type: ignore[assignment]
        return [PlaceForced(seat, card, space) for space in fits(rules, centre, players, card)]
    flags = rules_table(rules)
    checked = _in_force(state, flags)
    sure = flags.sure
    worths_of = flags.worths
    found: list[Action] = []
    # each field of the state read once (in the compiled build each read is a generic attribute
    # lookup on the pure State)
    hand = state.hands[seat]
    sides = state.side
    singles, orders = hand_cards(hand)
    if phase is PHASE_PLAY:
        # the piles' tops, then the hand's distinct cards: sources(state, seat), the hand's cards
        # with the orders read once (the discards read them again)
        piled = tops_of(state, flags, payoff, sides, seat)
        needs = centre_needs_row(flags, centre, players)
        judge = PlayJudge(state) if sure else None
        # each source's value, read once (the substitutions read them again)
        worths: list[int] = []
        for origin, owner, side, card in piled:
            order = card.order
            worth = worths_of[order]
            worths.append(worth)
            if needs[worth]:
                _plays(found, state, seat, card, order, worth, needs[worth], origin, side, owner, checked, judge)
        index = 0
        for card in singles:
            order = orders[index]
            index += 1
            worth = worths_of[order]
            worths.append(worth)
            if needs[worth]:
                _plays(found, state, seat, card, order, worth, needs[worth], ORIGIN_HAND, None, None, checked, judge)
        if flags.substitution:
            for space, stack in enumerate(centre):
                if stack:
                    top = stack[-1]
                    if worths_of[top.order] == WILD:
                        size = len(stack)
                        index = 0
                        for origin, owner, side, card in piled:
                            if worths[index] == size:
                                _swap(found, state, seat, card, space, origin, side, owner, checked, sure)
                            index += 1
                        for card in singles:
                            if worths[index] == size:
                                _swap(found, state, seat, card, space, ORIGIN_HAND, None, None, checked, sure)
                            index += 1
        if flags.loading:
            found += _loads(state, seat, checked)
    _endings(found, state, seat, checked, flags, phase, hand, sides[seat], singles, orders)
    return found


def _plays(
    found: list[Action], state: State, seat: int, card: Card, order: int, worth: int, spaces: tuple[int, ...],
    origin: Origin, side: int | None, owner: int | None, checked: tuple[_Rule, ...], judge: PlayJudge | None,
) -> None:
    """Add to ``found`` the plays of ``card`` (of value ``worth``) from one source onto ``spaces``
    that no rule of the turn forbids."""
    for space in spaces:
        if checked:
            move = play_of_order(seat, card, order, space, origin, side, owner)
            if not _passes(checked, state, move):
                continue
            if judge is not None and judge.refuses(origin, owner, side, worth, space):
                continue
            found.append(move)
        elif judge is None or not judge.refuses(origin, owner, side, worth, space):
            # the play is interned only once it is offered (a refused one is never built)
            found.append(play_of_order(seat, card, order, space, origin, side, owner))


def _swap(
    found: list[Action], state: State, seat: int, card: Card, space: int, origin: Origin, side: int | None,
    owner: int | None, checked: tuple[_Rule, ...], sure: bool,
) -> None:
    """Add to ``found`` seed 002's substitution of ``card`` for the wild card on ``space`` unless a
    rule of the turn forbids it."""
    swap = substitute(seat, card, space, origin, side, owner)
    if (not checked or _passes(checked, state, swap)) and not (sure and sure_refuses(state, swap)):
        found.append(swap)


def _loads(state: State, seat: int, checked: tuple[_Rule, ...]) -> list[Action]:
    hand = state.hands[seat]
    pile = state.payoff[seat]
    loadable = [(ORIGIN_PAYOFF, pile[-1])] if pile else []
    loadable += [(ORIGIN_HAND, card) for card in sorted(set(hand), key=sort_key)]
    found: list[Action] = []
    for target in range(len(state.payoff)):
        if is_opponent(state, seat, target) and state.payoff[target]:
            for origin, card in loadable:
                move = Load(seat, card, target, origin=origin)
                if loading_breach(state, move) is None and (not checked or _passes(checked, state, move)):
                    found.append(move)
    return found


def _endings(
    found: list[Action], state: State, seat: int, checked: tuple[_Rule, ...], flags: RulesTable, phase: Phase,
    hand: tuple[Card, ...], stacks: tuple[Stack, ...], singles: list[Card], orders: list[int],
) -> None:
    """Add to ``found`` the discards, side moves and ending the turn (``hand`` and ``stacks``: the
    seat's; ``singles`` and ``orders``: the hand's ``sources.hand_cards``)."""
    rules = flags.rules
    # a group's rank is a single card's rank too: the hand's ranks name every rank asked about
    grouped = groups(hand) if flags.discard_groups and len(hand) > 1 else []
    shape = any_shape(rules, stacks) if flags.any_side else None
    by_rank: dict[Rank, tuple[int, ...]] = {}
    # under SideRule.ANY the spaces do not depend on the card: they are the shape's
    runs = shape.runs if shape is not None else runs_onto(())
    spaces = runs.spaces
    if shape is None:
        # the hand's ranks in order, each once (a loop: dict.fromkeys, a class method called through
        # its Python wrapper, cost 2.5k instructions a call compiled)
        ranks: list[Rank] = []
        for card in hand:
            rank = card.rank
            if rank not in ranks:
                ranks.append(rank)
        by_rank = discard_spaces(rules, stacks, ranks)
    index = 0
    for card in singles:
        order = orders[index]
        index += 1
        if shape is None:
            found_spaces = by_rank[card.rank]
            if found_spaces is not spaces:  # ranks given the same spaces in a row share one tuple
                spaces = found_spaces
                runs = runs_onto(spaces)
        run = runs.single(seat, card, order)
        if checked:
            found += [move for move in run if _passes(checked, state, move)]
        else:
            found += run
    for cards in grouped:
        if shape is None:
            spaces = by_rank[cards[0].rank]
        run = discard_run(seat, cards, spaces)
        if checked:
            found += [move for move in run if _passes(checked, state, move)]
        else:
            found += run
    if phase is PHASE_PLAY and flags.side_moves:
        for moved in side_moves(rules, seat, stacks, shape):
            if not checked or _passes(checked, state, moved):
                found.append(moved)
    if phase is PHASE_PLAY or phase is PHASE_FILL:
        # ruling M42: where a turn may end without a discard, the Massachusetts ending may too
        if flags.end_without_discard:
            ending = end_turn(seat)
            if not checked or _passes(checked, state, ending):
                found.append(ending)

