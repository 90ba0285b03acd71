"""``legal_moves``, fast: the moves no rule forbids, generated directly instead of judging every
candidate with ``breaches.breach``. It builds only moves the pile and source rules allow (with the
fast twins ``piles.fits`` and ``piles.side_spaces``) and asks the turn's own rule functions (the
compulsory plays, seed 002's "must be sure" rules) of each. ``tests/malice/properties`` holds it
equal to the reference path, ``[move for move in candidates(state) if breach(state, move) is None]``.

Two speed devices, both named:

- actions are interned (:func:`play`, :func:`discard`, ...): the same move is the same object, built
  once, so a playout allocates no actions;
- :data:`VERDICTS` remembers the last ``legal_moves`` answer: ``apply`` of one of those very
  objects on that very state skips judging it again (a property test holds ``apply`` the same with
  the memo cleared).

>>> from spite_rules.malice.deal import setup
>>> state = setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠ 7♥", ""])
>>> [str(move) for move in legal_moves(state)]
['seat 0: play A♠ from hand to centre 1', 'seat 0: discard A♠ to side 1', 'seat 0: discard 7♥ to side 1']
>>> legal_moves(state)[0] is play(0, parse_card("A♠"), 0, Origin.HAND, None, None)
True
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Final

from spite_rules._evolve import constructor
from spite_rules.cards import Card, Rank, parse_card  # noqa: F401 (the doctests read cards)
from spite_rules.malice.actions import (
    Action,
    Discard,
    EndTurn,
    Load,
    MoveSide,
    Origin,
    PlaceForced,
    Play,
)
from spite_rules.malice.breaches import loading_breach
from spite_rules.malice.compulsory import (
    aces_and_twos_breach,
    due_aces_and_twos,
    playable_hand_aces_and_twos,
    stalemate_aces_twos_breach,
    twos_while_aces_breach,
)
from spite_rules.malice.moves import forced_card, play, play_of_order, substitute
from spite_rules.malice.order import WILD, sort_key, value_table
from spite_rules.malice.piles import centre_needs_row, fits, side_spaces, side_spaces_by_rank
from spite_rules.malice.rules import Completed, Rules, SideRule
from spite_rules.malice.sources import hand_cards, is_opponent, sources, tops_of
from spite_rules.malice.state import Phase, Stack, State
from spite_rules.malice.sure import PlayJudge, obligations_open, sure_refuses, turn_end_refuses

__all__ = ["legal_moves", "Verdicts", "VERDICTS", "play", "discard", "move_side", "end_turn", "Flags", "flags_of"]

#: The rows of discards of two or more cards, by ``_code(cards) * 8 + player`` (an int key hashes in
#: C, a tuple of cards calls ``Card.__hash__`` per card).
_DISCARDS: Final[dict[int, dict[int, Discard]]] = {}
#: The rows of one-card discards, by ``card.order * 8 + player`` (an int key hashes in C).
_SINGLES: Final[dict[int, dict[int, Discard]]] = {}
_MOVES_SIDE: Final[dict[tuple[int, int, int, int], MoveSide]] = {}
_ENDS: Final[dict[int, EndTurn]] = {}
#: ``Discard``'s and ``MoveSide``'s constructors for the interning misses, whose values are
#: converted (a speed device: an unfrozen twin filled by plain slot stores, in place of attrs'
#: frozen ``__init__`` and its converter; neither class has a post-init hook).
_DISCARD: Final = constructor(Discard, converted=True)
_MOVE_SIDE: Final = constructor(MoveSide, converted=True)

#: The enum members this module reads, as module constants (a speed device: in the compiled build a
#: ``Final`` module constant is a C static, where ``Phase.PLAY`` looks the member up on the enum
#: class at every use).
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_PLACE: Final = Phase.PLACE
_ANY: Final = SideRule.ANY
_SHUFFLE_INTO_STOCK: Final = Completed.SHUFFLE_INTO_STOCK
_HAND: Final = Origin.HAND
_PAYOFF: Final = Origin.PAYOFF
_TWO: Final = Rank.TWO
_ACE: Final = Rank.ACE
#: Seed 004's groups of equal cards a hand may discard together, by the hand's :func:`_code` (a
#: speed device: an int key hashes in C, a tuple of cards calls ``Card.__hash__`` per card).
_GROUPS: Final[dict[int, list[tuple[Card, ...]]]] = {}


def discard(player: int, cards: tuple[Card, ...], side: int) -> Discard:
    """The one ``Discard`` object for this move.

    >>> discard(0, (parse_card("7♣"),), 1) is discard(0, (parse_card("7♣"),), 1)
    True
    """
    row = _discard_row(player, cards)
    found = row.get(side)
    if found is None:
        found = row[side] = _discard_move(player, cards, side)
    return found


def _discard_move(player: int, cards: tuple[Card, ...], side: int) -> Discard:
    """``Discard(player, cards, side)``, through ``_DISCARD`` where ``cards`` is a tuple of exactly
    ``Card``s (what its converter, ``actions._to_cards``, gives back unchanged)."""
    if type(cards) is tuple and all([type(card) is Card for card in cards]):
        return _DISCARD(player, cards, side)
    return Discard(player, cards, side)


def _discard_row(player: int, cards: tuple[Card, ...]) -> dict[int, Discard]:
    """The ``Discard`` objects of these cards, by side space."""
    if len(cards) == 1:
        code = cards[0].order * 8 + player
        row = _SINGLES.get(code)
        if row is None:
            row = _SINGLES[code] = {}
        return row
    key = _code(cards) * 8 + player
    found = _DISCARDS.get(key)
    if found is None:
        found = _DISCARDS[key] = {}
    return found


def _discard_run(player: int, cards: tuple[Card, ...], spaces: tuple[int, ...]) -> tuple[Discard, ...]:
    """The ``Discard`` objects of these cards onto each of ``spaces``, in order, kept by the spaces
    and an int code of the cards (:func:`_code`: a card's ``order`` names it exactly, and an int
    hashes in C where a ``Card`` hashes in Python) and the player."""
    runs = _runs_onto(spaces)
    if len(cards) == 1:
        return runs.single(player, cards[0], cards[0].order)
    key = _code(cards) * 8 + player
    run = runs.groups.get(key)
    if run is None:
        if len(runs.groups) > 65536:
            runs.groups.clear()
        run = runs.groups[key] = tuple([discard(player, cards, space) for space in spaces])
    return run


class _Runs:
    """The runs of interned discards onto one tuple of side spaces: a card's by a list index,
    ``order * 8 + player`` (a speed device: an index reads the list in C with no key to box, hash
    or compare, where a dict lookup keyed by that int did all three per card), seed 004's groups by
    :func:`_code` of their cards * 8 + player."""

    __slots__ = ("spaces", "singles", "groups")

    def __init__(self, spaces: tuple[int, ...]) -> None:
        self.spaces = spaces
        #: By ``order * 8 + player`` (``Card.order`` is below 512), None where not built yet.
        self.singles: list[tuple[Discard, ...] | None] = []
        self.groups: dict[int, tuple[Discard, ...]] = {}

    def single(self, player: int, card: Card, order: int) -> tuple[Discard, ...]:
        """The discards of ``card`` (whose ``order`` is ``order``) by ``player`` onto the spaces."""
        if 0 <= player < 8 and 0 <= order < 512:
            index = order * 8 + player
            singles = self.singles
            if index < len(singles):
                run = singles[index]
                if run is not None:
                    return run
            else:
                singles += [None] * (index + 1 - len(singles))
            run = singles[index] = tuple([discard(player, (card,), space) for space in self.spaces])
            return run
        return tuple([discard(player, (card,), space) for space in self.spaces])


def _runs_onto(spaces: tuple[int, ...]) -> _Runs:
    """The runs of interned discards onto ``spaces`` (a speed device: the spaces are looked up once
    a position, and each card by a list index)."""
    runs = _RUNS.get(spaces)
    if runs is None:
        if len(_RUNS) > 1024:
            _RUNS.clear()
        runs = _RUNS[spaces] = _Runs(spaces)
    return runs


#: Runs of interned discards, by side spaces.
_RUNS: Final[dict[tuple[int, ...], _Runs]] = {}


def _code(cards: tuple[Card, ...]) -> int:
    """Two or more cards as one int: their ``order`` (below 512, and at least 16) in 9 bits each,
    the first lowest. Equal tuples of cards give equal codes and, as ``order`` names a card exactly,
    unequal ones unequal codes; one card's code is its ``order``, below any longer tuple's.

    >>> _code((parse_card("7♣"), parse_card("7♦"))) == parse_card("7♣").order + (parse_card("7♦").order << 9)
    True
    """
    code = 0
    shift = 0
    for card in cards:
        code += card.order << shift
        shift += 9
    return code


def move_side(player: int, card: Card, source: int, side: int) -> MoveSide:
    """The one ``MoveSide`` object for this move.

    >>> move_side(0, parse_card("7♣"), 0, 1) is move_side(0, parse_card("7♣"), 0, 1)
    True
    """
    if 0 <= player < 8 and 0 <= source < 256 and 0 <= side < 256:
        # the move as one int (a speed device: an int hashes and compares in C, a tuple field by
        # field); each field in its own bits, so unequal moves get unequal codes
        number = ((card.order * 8 + player) * 256 + source) * 256 + side
        found = _MOVES_SIDE_BY_NUMBER.get(number)
        if found is None:
            found = _MOVES_SIDE_BY_NUMBER[number] = _MOVE_SIDE(player, card, source, side) if type(card) is Card else (
                MoveSide(player, card, source, side)
            )
        return found
    key = (player, card.order, source, side)
    found = _MOVES_SIDE.get(key)
    if found is None:
        found = _MOVES_SIDE[key] = MoveSide(player, card, source, side)
    return found


#: The interned side moves whose fields fit the bits of :func:`move_side`'s int code, by that code.
_MOVES_SIDE_BY_NUMBER: Final[dict[int, MoveSide]] = {}


def end_turn(player: int) -> EndTurn:
    """The one ``EndTurn`` object for this seat.

    >>> end_turn(1) is end_turn(1)
    True
    """
    found = _ENDS.get(player)
    if found is None:
        found = _ENDS[player] = EndTurn(player)
    return found


class Verdicts:
    """The last ``legal_moves`` answer: the state it was for and its moves (``apply`` trusts an
    action that is one of those very objects on that very state)."""

    __slots__ = ("state", "moves")

    def __init__(self) -> None:
        self.state: State | None = None
        self.moves: tuple[Action, ...] = ()

    def allows(self, state: State, action: object) -> bool:
        """Is ``action`` one of the moves just offered in ``state`` (by identity)?"""
        if self.state is not state:
            return False
        for move in self.moves:
            if move is action:
                return True
        return False

    def clear(self) -> None:
        """Forget the last answer."""
        self.state = None
        self.moves = ()


#: The memo of the last answer (module-level: one per process).
VERDICTS: Final = Verdicts()


def legal_moves(state: State) -> tuple[Action, ...]:
    """Every move the seat to act may make now, in a fixed order (plays to the centre from the pay-off
    piles, side stacks and hand, substitutions, loads, forced placements, discards, side moves,
    ending the turn). Empty only when the game is over.

    >>> from spite_rules.malice.deal import setup
    >>> [str(move) for move in legal_moves(setup(payoff=["5♠", "6♠"], hands=["7♣", ""]))]
    ['seat 0: discard 7♣ to side 1']
    """
    if VERDICTS.state is state:
        return VERDICTS.moves
    moves = tuple(_legal(state)) if not state.game_over else ()
    VERDICTS.state = state
    VERDICTS.moves = moves
    return moves


class Flags:
    """The options of one ``Rules`` that ``legal_moves`` and ``turn.quick_turn_end`` read at every
    position, read once (a speed device: in the compiled build an option read from these is a native
    field, where ``rules.loading`` is a Python attribute lookup).

    >>> flags_of(Rules.preset("jacks")).side_moves, flags_of(Rules.preset("jacks")) is flags_of(Rules.preset("jacks"))
    (True, True)
    """

    __slots__ = (
        "rules", "compulsory_aces_and_twos", "stalemate_aces_twos", "twos_while_aces", "sure", "substitution",
        "loading", "discard_groups", "fill_empty_side_stacks", "any_side", "side_moves", "end_without_discard",
        "backstab", "compulsory_aces", "shuffle_completed", "hand_size", "worths",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.compulsory_aces_and_twos = rules.compulsory_aces_and_twos
        self.stalemate_aces_twos = rules.stalemate_aces_twos
        self.twos_while_aces = rules.twos_while_aces
        #: Is one of seed 002's "must be sure" rules in force?
        self.sure = rules.wild_ace_covered or rules.wild_on_wild_covered or rules.opponent_discards
        self.substitution = rules.substitution
        self.loading = rules.loading
        self.discard_groups = rules.discard_groups
        self.fill_empty_side_stacks = rules.fill_empty_side_stacks
        self.any_side = rules.side_rule is _ANY
        self.side_moves = rules.side_moves
        self.end_without_discard = rules.end_without_discard
        self.backstab = rules.backstab
        self.compulsory_aces = rules.compulsory_aces
        #: Is a completed stack shuffled into the stock at once?
        self.shuffle_completed = rules.completed is _SHUFFLE_INTO_STOCK
        self.hand_size = rules.hand_size
        #: Each card's value (``order.value_table``), by ``Card.order``; -1 where not yet asked.
        self.worths: list[int] = []

    def worth(self, card: Card, order: int) -> int:
        """``value_table(rules)[card.rank]`` of ``card``, whose ``Card.order`` is ``order``, kept by
        the order (a speed device: the order names the card, so its rank, exactly, and a list index
        costs less than reading the rank off the pure ``Card`` and looking it up).

        >>> from spite_rules.cards import parse_card
        >>> king = parse_card("K♠")
        >>> flags_of(Rules()).worth(king, king.order), flags_of(Rules.preset("three_decks")).worth(king, king.order)
        (0, 13)
        """
        worths = self.worths
        if 0 <= order < len(worths):
            known = worths[order]
            if known >= 0:
                return known
        found = value_table(self.rules)[card.rank]
        if 0 <= order < 512:
            if order >= len(worths):
                worths += [-1] * (order + 1 - len(worths))
            worths[order] = found
        return found


def flags_of(rules: Rules) -> Flags:
    """The :class:`Flags` of ``rules``, kept for the last rules asked about and by their identity
    (the entry holds them, so their id stays theirs).

    >>> flags_of(Rules()).sure
    False
    """
    last = _LAST_FLAGS[0]
    if last is not None and last.rules is rules:
        # a speed device: one game asks about one rules object at every position
        return last
    found = _FLAGS.get(id(rules))
    if found is None or found.rules is not rules:
        if len(_FLAGS) > 256:
            _FLAGS.clear()
        found = _FLAGS[id(rules)] = Flags(rules)
    _LAST_FLAGS[0] = found
    return found


#: The :class:`Flags` last given.
_LAST_FLAGS: Final[list[Flags | None]] = [None]
_FLAGS: Final[dict[int, Flags]] = {}


#: A rule of the turn as ``legal_moves`` asks it: a breach in words or None, or (for seed 002's "must
#: be sure" rules) the verdict without the words; anything true refuses the move.
_Rule = Callable[[State, Action], object]


def _in_force(state: State, flags: Flags) -> tuple[_Rule, ...]:
    """The turn's rules that may forbid a move now (each rule is then asked of every move); a rule
    whose condition does not hold in this state forbids nothing and is left out."""
    found: list[_Rule] = []
    if flags.compulsory_aces_and_twos and state.phase is _PLAY and due_aces_and_twos(state):
        found.append(aces_and_twos_breach)
    if (flags.stalemate_aces_twos and state.passes >= len(state.payoff) - 1
            and playable_hand_aces_and_twos(state, state.to_act)):
        found.append(stalemate_aces_twos_breach)
    if flags.twos_while_aces and any(len(stack) == 1 for stack in state.centre) and any(
        card.rank is _TWO and owner is None for _, owner, _, card in sources(state, state.to_act)
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
    if phase is _OVER:
        return []
    if phase is _PLACE:
        waiting = forced_card(state)
        if waiting is None:
            return []
        card: Card = waiting[1]  # type: ignore[assignment]
        return [PlaceForced(seat, card, space) for space in fits(rules, centre, players, card)]
    flags = flags_of(rules)
    checked = _in_force(state, flags)
    sure = flags.sure
    found: list[Action] = []
    # each field of the state read once (a speed device: in the compiled build each is a generic
    # attribute lookup on the pure State)
    hand = state.hands[seat]
    sides = state.side
    singles, orders = hand_cards(hand)
    if phase is _PLAY:
        # the piles' tops, then the hand's distinct cards: sources(state, seat), the hand's cards
        # with the orders read once (the discards read them again)
        piled = tops_of(state, rules, payoff, sides, seat)
        needs = centre_needs_row(rules, centre, players)
        judge = PlayJudge(state) if sure else None
        # each source's value, read once (the substitutions read them again)
        worths: list[int] = []
        for origin, owner, side, card in piled:
            order = card.order
            worth = flags.worth(card, order)
            worths.append(worth)
            if worth < len(needs):
                _plays(found, state, seat, card, order, worth, needs[worth], origin, side, owner, checked, judge)
        index = 0
        for card in singles:
            order = orders[index]
            index += 1
            worth = flags.worth(card, order)
            worths.append(worth)
            if worth < len(needs):
                _plays(found, state, seat, card, order, worth, needs[worth], _HAND, None, None, checked, judge)
        if flags.substitution:
            for space, stack in enumerate(centre):
                if stack:
                    top = stack[-1]
                    if flags.worth(top, top.order) == WILD:
                        size = len(stack)
                        index = 0
                        for origin, owner, side, card in piled:
                            if worths[index] == size:
                                _swap(found, state, seat, card, space, origin, side, owner, checked, sure)
                            index += 1
                        for card in singles:
                            if worths[index] == size:
                                _swap(found, state, seat, card, space, _HAND, None, None, checked, sure)
                            index += 1
        if flags.loading:
            found += _loads(state, seat, checked)
    found += _endings(state, seat, checked, flags, phase, hand, sides[seat], singles, orders)
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
    loadable = [(_PAYOFF, pile[-1])] if pile else []
    loadable += [(_HAND, card) for card in sorted(set(hand), key=sort_key)]
    found: list[Action] = []
    for target in range(len(state.payoff)):
        if is_opponent(state, seat, target) and state.payoff[target]:
            for origin, card in loadable:
                move = Load(seat, card, target, origin=origin)
                if loading_breach(state, move) is None and (not checked or _passes(checked, state, move)):
                    found.append(move)
    return found


def _endings(
    state: State, seat: int, checked: tuple[_Rule, ...], flags: Flags, phase: Phase, hand: tuple[Card, ...],
    stacks: tuple[Stack, ...], singles: list[Card], orders: list[int],
) -> list[Action]:
    """Discards, side moves and ending the turn (``hand`` and ``stacks``: the seat's; ``singles``
    and ``orders``: the hand's ``sources.hand_cards``)."""
    rules = flags.rules
    found: list[Action] = []
    # a group's rank is a single card's rank too: the hand's ranks name every rank asked about
    groups = _groups(hand) if flags.discard_groups and len(hand) > 1 else []
    shape = _any_shape(rules, stacks) if flags.any_side else None
    by_rank: dict[Rank, tuple[int, ...]] = {}
    spaces: tuple[int, ...] = ()
    runs: _Runs | None = None
    if shape is not None:
        # the spaces do not depend on the card: they are the shape's
        single = True
        runs = shape.runs
        spaces = runs.spaces
    else:
        by_rank = _discard_spaces(rules, stacks, list(dict.fromkeys([card.rank for card in hand])))
        single = len(by_rank) == 1
        if single:
            spaces = by_rank[hand[0].rank]
            runs = _runs_onto(spaces)
    index = 0
    for card in singles:
        order = orders[index]
        index += 1
        if runs is None or not single:
            runs = _runs_onto(by_rank[card.rank])
        run = runs.single(seat, card, order)
        if checked:
            found += [move for move in run if _passes(checked, state, move)]
        else:
            found += run
    for cards in groups:
        if not single:
            spaces = by_rank[cards[0].rank]
        run = _discard_run(seat, cards, spaces)
        if checked:
            found += [move for move in run if _passes(checked, state, move)]
        else:
            found += run
    if phase is _PLAY:
        if flags.side_moves:
            for moved in _side_moves(rules, seat, stacks, shape):
                if not checked or _passes(checked, state, moved):
                    found.append(moved)
        if flags.end_without_discard:
            ending = end_turn(seat)
            if not checked or _passes(checked, state, ending):
                found.append(ending)
    return found


def _discard_spaces(rules: Rules, stacks: tuple[Stack, ...], ranks: list[Rank]) -> dict[Rank, tuple[int, ...]]:
    """The side spaces a card of each of ``ranks`` may be discarded on (``piles.side_spaces``), only
    the empty ones where ``fill_empty_side_stacks`` holds and one is empty.

    >>> from spite_rules.cards import parse_cards
    >>> _discard_spaces(Rules(), (parse_cards("7♠"), (), ()), [Rank.FIVE])
    {<Rank.FIVE: 5>: (0, 1)}
    """
    fill = rules.fill_empty_side_stacks and any(not stack for stack in stacks)
    by_rank: dict[Rank, tuple[int, ...]] = {}
    for rank, listed in side_spaces_by_rank(rules, stacks, ranks).items():
        if fill:
            listed = [space for space in listed if not stacks[space]]
        by_rank[rank] = tuple(listed)
    return by_rank


def _side_moves(rules: Rules, seat: int, stacks: tuple[Stack, ...], shape: _AnyShape | None) -> list[MoveSide]:
    """Seed 002's side moves from ``stacks`` (before the turn's rules judge them), in order;
    ``shape`` is the stacks' :class:`_AnyShape` under ``SideRule.ANY`` (None under the other rules)."""
    found: list[MoveSide] = []
    if shape is not None:
        # each source's spaces from the shape of the stacks, each stack top's moves from its row
        source = 0
        for spaces in shape.targets:
            if spaces:
                card = stacks[source][-1]
                top_row = _side_row(seat, card, source)
                for space in spaces:
                    found.append(_row_move(top_row, seat, card, source, space))
            source += 1
    else:
        row: list[MoveSide | None] = []
        last = -1
        for source, space in side_paths(rules, stacks):
            if source != last:
                row = _side_row(seat, stacks[source][-1], source)
                last = source
            found.append(_row_move(row, seat, stacks[source][-1], source, space))
    return found


def _row_move(row: list[MoveSide | None], seat: int, card: Card, source: int, space: int) -> MoveSide:
    """The interned side move of ``card`` from ``source`` to ``space``, read from (or added to) the
    row of its stack top (:func:`_side_row`)."""
    if space < len(row):
        move = row[space]
        if move is None:
            move = row[space] = move_side(seat, card, source, space)
        return move
    move = move_side(seat, card, source, space)
    if space < 256:
        row += [None] * (space + 1 - len(row))
        row[space] = move
    return move


def _side_row(seat: int, card: Card, source: int) -> list[MoveSide | None]:
    """The interned side moves of ``card`` from side stack ``source``, by the space they go to (None
    where not built yet), kept by a list index, ``(order * 8 + seat) * 8 + source`` (a speed device:
    a stack's top is looked up once, with no key to box, hash or compare, then each of its moves by
    a list index)."""
    if 0 <= seat < 8 and 0 <= source < 8:
        order = card.order
        if 0 <= order < 512:
            index = (order * 8 + seat) * 8 + source
            rows = _SIDE_ROWS
            if index < len(rows):
                row = rows[index]
                if row is not None:
                    return row
            else:
                rows += [None] * (index + 1 - len(rows))
            row = rows[index] = []
            return row
    return []


#: :func:`_side_row`'s rows (each a list the moves are added to as they are met), by their index.
_SIDE_ROWS: Final[list[list[MoveSide | None] | None]] = []


def side_paths(rules: Rules, stacks: tuple[Stack, ...]) -> list[tuple[int, int]]:
    """Seed 002's side moves from ``stacks`` as (source, space) pairs, in order: each side-stack top
    onto each space ``piles.side_spaces`` allows it once it has left its stack, other than its own (the
    rule itself; :func:`_any_side_paths` is its fast twin under ``SideRule.ANY``).

    >>> from spite_rules.cards import parse_cards
    >>> side_paths(Rules(), (parse_cards("7♠"), parse_cards("9♦ 4♣"), (), ()))
    [(0, 1), (1, 0), (1, 2)]
    """
    found: list[tuple[int, int]] = []
    for source, stack in enumerate(stacks):
        if stack:
            rest = tuple(stacks[:source]) + (stack[:-1],) + tuple(stacks[source + 1:])
            for space in side_spaces(rules, rest, (stack[-1],)):
                if space != source:
                    found.append((source, space))
    return found


def _any_side_paths(rules: Rules, stacks: tuple[Stack, ...]) -> list[tuple[int, int]]:
    """:func:`side_paths` under ``SideRule.ANY``, kept by the shape of the stacks (:class:`_AnyShape`).

    >>> from spite_rules.cards import parse_cards
    >>> _any_side_paths(Rules(), (parse_cards("7♠"), parse_cards("9♦ 4♣"), (), ()))
    [(0, 1), (1, 0), (1, 2)]
    """
    return _any_shape(rules, stacks).paths


class _AnyShape:
    """What seed 002's side moves and the discards under ``SideRule.ANY`` are for stacks of one
    shape (each stack's size, counted up to 2): :func:`side_paths` of stacks of that shape, the
    spaces each source's top may go to, and the discards' spaces (which depend on which stacks are
    empty alone). A speed device, exact: under ``ANY`` a card may go on any stack that has cards or
    on the first empty one (``piles.side_spaces``), so the answer depends on which stacks are empty
    once the top has left its stack, and a stack is left empty exactly when it held one card.
    ``tests/malice/properties`` holds the two equal."""

    __slots__ = ("rules", "paths", "targets", "runs")

    def __init__(self, rules: Rules, stacks: tuple[Stack, ...]) -> None:
        self.rules = rules
        #: The discards onto the spaces any card may be discarded on (:func:`_discard_spaces`: under
        #: ``ANY`` they are the stacks with cards and the first empty one, whatever the card, or the
        #: first empty one alone where ``fill_empty_side_stacks`` holds).
        self.runs = _runs_onto(_discard_spaces(rules, stacks, [_ACE])[_ACE])
        self.paths = side_paths(rules, stacks)
        targets: list[list[int]] = [[] for _ in stacks]
        for source, space in self.paths:
            targets[source].append(space)
        #: By source, the spaces its top may go to (empty for an empty stack).
        self.targets = [tuple(spaces) for spaces in targets]


def _any_shape(rules: Rules, stacks: tuple[Stack, ...]) -> _AnyShape:
    """The :class:`_AnyShape` of ``stacks`` under ``rules``, kept by one int code of their shape
    (a leading 1, then each stack's size counted up to 2 as a base-3 digit: an int key hashes in C,
    and shapes of any number of stacks get unequal codes); the entry holds the rules."""
    code = 1
    for stack in stacks:
        size = len(stack)
        code = code * 3 + (size if size < 2 else 2)
    known = _ANY_PATHS.get(code)
    if known is not None and known.rules is rules:
        return known
    if len(_ANY_PATHS) > 1024:
        _ANY_PATHS.clear()
    found = _ANY_PATHS[code] = _AnyShape(rules, stacks)
    return found


#: :func:`_any_shape`'s answers by the code of the shape of the stacks (each entry holds its rules).
_ANY_PATHS: Final[dict[int, _AnyShape]] = {}


def _groups(hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Seed 004: "A player may place two or more cards from their hand with the same number on a
    column at the same time": the groups of two or more equal cards, in a fixed order."""
    # A hand is kept sorted, so cards of one rank sit together: most hands have no two, and no group.
    previous = None
    for card in hand:
        if card.rank is previous:
            break
        previous = card.rank
    else:
        return []
    key = _code(hand)
    found = _GROUPS.get(key)
    if found is not None:
        return found
    found = []
    for rank in dict.fromkeys(card.rank for card in hand):
        same = [card for card in hand if card.rank is rank]
        if len(same) == 2:
            # the one group of two cards, what the general line below gives for them (a speed device)
            found.append((same[0], same[1]))
            continue
        for size in range(2, len(same) + 1):
            found += sorted(set(combinations(same, size)), key=lambda cards: [sort_key(c) for c in cards])
    if len(_GROUPS) > 4096:
        _GROUPS.clear()
    _GROUPS[key] = found
    return found
