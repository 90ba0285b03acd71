"""The moves a seat might make (before the rules judge them) and the card movements of the moves
that put cards on the centre. ``turn.legal_moves`` keeps the candidates no rule forbids; ``apply``
and the "must be sure" search (``sure.py``) move cards with :func:`core_move`.

Layer: Spite and Malice: rules of play — may import its values, the core, the cards and the errors; never Spite.

>>> from spite_rules.malice.deal import setup
>>> state = setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠ 7♥", ""])
>>> [str(move) for move in candidates(state)][:3]
['seat 0: play A♠ from hand to centre 1', 'seat 0: discard A♠ to side 1', 'seat 0: discard 7♥ to side 1']
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from spite_rules.cards import Card

from spite_rules.malice.actions import (
    Action,
    Discard,
    EndTurn,
    Load,
    MoveSide,
    Origin,
    PlaceForced,
    Play,
    Substitute,
)
from spite_rules.malice.events import PayoffTurnedUp, Played, Substituted
from spite_rules.malice.order import MALICE_INDEX, MALICE_KINDS, WILD, sort_key, value_table
from spite_rules.malice.piles import fits, stays_complete
from spite_rules.malice.sources import is_opponent, sources
from spite_rules.malice.state import State, opposes
from spite_rules.malice.table import (
    ORIGIN_HAND,
    ORIGIN_PAYOFF,
    ORIGIN_SIDE,
    PHASE_OVER,
    PHASE_PLACE,
    PHASE_PLAY,
    Table,
)

__all__ = ["candidates", "centre_candidates", "core_move", "forced_card", "play", "play_of_order", "substitute"]



#: The interned plays, by (player, card order, centre, origin code, side, owner): small ints hash
#: in C, where a Card or an Origin would call Python-level hashes.
_PLAYS: Final[dict[tuple[int, int, int, int, int | None, int | None], Play]] = {}


def play(player: int, card: Card, centre: int, origin: Origin, side: int | None, owner: int | None) -> Play:
    """The one ``Play`` object for this move (interned: a playout allocates no actions).

    >>> from spite_rules.cards import parse_card
    >>> play(0, parse_card("A♠"), 0, Origin.HAND, None, None) is play(0, parse_card("A♠"), 0, Origin.HAND, None, None)
    True
    """
    return play_of_order(player, card, card.order, centre, origin, side, owner)


def play_of_order(
    player: int, card: Card, order: int, centre: int, origin: Origin, side: int | None, owner: int | None
) -> Play:
    """:func:`play` of a card whose ``order`` the caller has read (in the compiled build each
    read of a field of the pure ``Card`` is a generic attribute lookup).

    >>> from spite_rules.cards import parse_card
    >>> ace = parse_card("A♠")
    >>> play_of_order(0, ace, ace.order, 0, Origin.HAND, None, None) is play(0, ace, 0, Origin.HAND, None, None)
    True
    """
    code = 0 if origin is ORIGIN_HAND else 1 if origin is ORIGIN_PAYOFF else 2
    if owner is not None and owner == player:
        owner = None  # the spelling Play's post-init hook gives (actions._own)
    if code != 2:
        side = None
    index = MALICE_INDEX[order]
    if 0 <= player < 8 and index >= 0 and 0 <= centre < 8 and (side is None or 0 <= side < 15) and (
        owner is None or 0 <= owner < 15
    ):
        # the card, player and origin pick a row by a list index, and the row is
        # keyed by a small int (the seat's own hand and pay-off: just the centre space; ints up to
        # 256 are preallocated, so the key is neither boxed nor compared by value)
        index += (player * 3 + code) * MALICE_KINDS
        rows = _PLAY_ROWS
        if index >= len(rows):
            rows += [None] * (index + 1 - len(rows))
        row = rows[index]
        if row is None:
            row = rows[index] = {}
        small = ((0 if owner is None else owner + 1) * 16 + (0 if side is None else side + 1)) * 8 + centre
        known = row.get(small)
        if known is None:
            known = row[small] = Play(player, card, centre, origin, side, owner)
        return known
    number = _number(player, order, centre, code, side, owner)
    if number >= 0:
        found = _PLAYS_BY_NUMBER.get(number)
        if found is None:
            found = _PLAYS_BY_NUMBER[number] = Play(player, card, centre, origin, side, owner)
        return found
    key = (player, order, centre, code, side, owner)
    found = _PLAYS.get(key)
    if found is None:
        found = _PLAYS[key] = Play(player, card, centre, origin, side, owner)
    return found


def _number(player: int, order: int, centre: int, code: int, side: int | None, owner: int | None) -> int:
    """A move to the centre as one int (an int hashes and compares in C, a tuple of
    six fields field by field), each field in its own bits, so unequal moves get unequal codes; -1
    where a field does not fit its bits. ``order`` is the card's ``Card.order``, ``code`` the
    origin's (0 hand, 1 pay-off, 2 side)."""
    if 0 <= player < 8 and 0 <= centre < 256 and (side is None or 0 <= side < 255) and (
        owner is None or 0 <= owner < 15
    ):
        number = ((order * 32 + player * 4 + code) * 256 + centre) * 256 + (0 if side is None else side + 1)
        return number * 16 + (0 if owner is None else owner + 1)
    return -1


#: The interned plays whose fields fit the bits of :func:`play`'s int code, by that code.
_PLAYS_BY_NUMBER: Final[dict[int, Play]] = {}
#: The interned plays to the first eight centre spaces, by ``(player * 3 + origin code) * MALICE_KINDS
#: + MALICE_INDEX[order]``, then by owner, side and centre space in one small int (None where no row yet).
_PLAY_ROWS: Final[list[dict[int, Play] | None]] = []


def substitute(player: int, card: Card, centre: int, origin: Origin, side: int | None, owner: int | None) -> Substitute:
    """The one ``Substitute`` object for this move, interned as :func:`play` interns plays (see
    ``legal``: a substitution is offered again and again while a wild card shows, and each
    ``Substitute(...)`` runs two converters and a post-init hook).

    >>> from spite_rules.cards import parse_card
    >>> swap = substitute(0, parse_card("5♠"), 1, Origin.HAND, None, 0)
    >>> swap is substitute(0, parse_card("5♠"), 1, Origin.HAND, None, None), swap == Substitute(0, "5♠", 1, owner=0)
    (True, True)
    """
    code = 0 if origin is ORIGIN_HAND else 1 if origin is ORIGIN_PAYOFF else 2
    if owner is not None and owner == player:
        owner = None  # the spelling Substitute's post-init hook gives (actions._own)
    if code != 2:
        side = None
    number = _number(player, card.order, centre, code, side, owner)
    if number < 0:
        return Substitute(player, card, centre, origin, side, owner)
    found = _SUBSTITUTES_BY_NUMBER.get(number)
    if found is None:
        found = _SUBSTITUTES_BY_NUMBER[number] = Substitute(player, card, centre, origin, side, owner)
    return found


#: The interned substitutions whose fields fit the bits of :func:`_number`, by that code.
_SUBSTITUTES_BY_NUMBER: Final[dict[int, Substitute]] = {}


def forced_card(state: State) -> tuple[int, object] | None:
    """Seed 002's forced card waiting for a place: (seat of the play deck, card), or None.

    >>> from spite_rules.malice.deal import setup
    >>> forced_card(setup(payoff=["5♠", "6♠"])) is None
    True
    """
    if not state.pending:
        return None
    seat = state.pending[0][0]
    pile = state.payoff[seat]
    return (seat, pile[-1]) if pile else None


def centre_candidates(state: State) -> list[Action]:
    """The plays to the centre and seed 002's substitutions the seat to act might make (what the
    search of ``sure.py`` explores).

    >>> from spite_rules.malice.deal import setup
    >>> [str(move) for move in centre_candidates(setup(payoff=["A♦", "6♠"], hands=["A♣", ""]))]
    ['seat 0: play A♦ from pay-off to centre 1', 'seat 0: play A♣ from hand to centre 1']
    """
    seat = state.to_act
    rules = state.rules
    centre = state.centre
    players = len(state.payoff)
    found: list[Action] = []
    every = sources(state, seat)
    for origin, owner, side, card in every:
        for space in fits(rules, centre, players, card):
            found.append(play(seat, card, space, origin, side, owner))
    if rules.substitution:
        table = value_table(rules)
        for space, stack in enumerate(centre):
            if stack and table[stack[-1].rank] == WILD:
                for origin, owner, side, card in every:
                    if table[card.rank] == len(stack):
                        found.append(Substitute(seat, card, space, origin=origin, side=side, owner=owner))
    return found


def candidates(state: State) -> list[Action]:
    """Every move the seat to act might make now, in the fixed order of ``legal_moves``: plays to the
    centre, substitutions, loads, forced placements, discards, side moves, ending the turn.

    >>> from spite_rules.malice.deal import setup
    >>> [str(move) for move in candidates(setup(payoff=["5♠", "6♠"], hands=["7♣", ""]))]
    ['seat 0: discard 7♣ to side 1']
    """
    if state.game_over or state.phase is PHASE_OVER:
        return []
    seat = state.to_act
    rules = state.rules
    if state.phase is PHASE_PLACE:
        waiting = forced_card(state)
        if waiting is None:
            return []
        card = waiting[1]
        return [PlaceForced(seat, card, space) for space in fits(rules, state.centre, len(state.payoff), card)]  # type: ignore[arg-type]
    found: list[Action] = []
    hand = state.hands[seat]
    if state.phase is PHASE_PLAY:
        found += centre_candidates(state)
        if rules.loading:
            pile = state.payoff[seat]
            loadable = [(ORIGIN_PAYOFF, pile[-1])] if pile else []
            loadable += [(ORIGIN_HAND, card) for card in sorted(set(hand), key=sort_key)]
            for target in range(len(state.payoff)):
                if is_opponent(state, seat, target) and state.payoff[target]:
                    found += [Load(seat, card, target, origin=origin) for origin, card in loadable]
    stacks = state.side[seat]
    spaces = [index for index, stack in enumerate(stacks) if stack]
    empty = next((index for index, stack in enumerate(stacks) if not stack), None)
    if empty is not None:
        spaces.append(empty)
        spaces.sort()
    groups: list[tuple[object, ...]] = []
    previous = None
    for card in hand:
        if card != previous:
            groups.append((card,))
            previous = card
    if rules.discard_groups:
        for rank in dict.fromkeys(card.rank for card in hand):
            same = [card for card in hand if card.rank is rank]
            for size in range(2, len(same) + 1):
                groups += sorted(set(combinations(same, size)), key=lambda cards: [sort_key(c) for c in cards])  # type: ignore[arg-type]
    for cards in groups:
        for space in spaces:
            found.append(Discard(seat, cards, space))
    if state.phase is PHASE_PLAY and rules.side_moves:
        for source, stack in enumerate(stacks):
            if stack:
                found += [MoveSide(seat, stack[-1], source, space) for space in spaces if space != source]
    if rules.end_without_discard:  # in PLAY or FILL (ruling M42)
        found.append(EndTurn(seat))
    return found


def core_move(table: Table, action: Play | Substitute | PlaceForced, forced: str = "") -> None:
    """Move the card of a play, a substitution or a forced placement on ``table``: take it from
    where it is, put it on the centre, turn up the next pay-off card, complete the stack, and keep
    seed 002's owed covers and 1:1 exchange. Nothing automatic (no draw, no forced play, no end of
    the game): that is ``turn.py``'s.

    >>> from spite_rules.malice.deal import setup
    >>> table = Table(setup(payoff=["5♠ A♦", "6♠"]))
    >>> core_move(table, Play(0, "A♦", 0, origin=Origin.PAYOFF))
    >>> table.centre[0], [type(event).__name__ for event in table.events]
    ((Card('A♦'),), ['Played', 'PayoffTurnedUp'])
    """
    seat = table.to_act
    if type(action) is PlaceForced:
        owner = table.pending[0][0]
        origin, side = ORIGIN_PAYOFF, None
    else:
        owner = action.owner if action.owner is not None else seat  # type: ignore[union-attr]
        origin, side = action.origin, action.side  # type: ignore[union-attr]
    card = action.card
    space = action.centre
    if type(action) is Substitute:
        _substitute(table, action, owner)
        return
    centre = table.centre
    stack = centre[space] if space < len(centre) else ()
    stands_for = 1 if not stack or stays_complete(stack, table.rules) else len(stack) + 1
    table.take(origin, owner, side, card)
    table.events.append(
        Played(seat, card, space, stands_for, origin, side, None if owner == seat else owner, forced)
    )
    if origin is ORIGIN_PAYOFF:
        pile = table.payoff[owner]
        if pile:
            # Seed 003: "when you have managed to get rid of the top card, you turn the next
            # pay-off card face up".
            table.events.append(PayoffTurnedUp(owner, pile[-1]))
        if owner != seat and opposes(len(table.payoff), table.rules.partnerships, seat, owner):
            table.exchange -= 1
    elif origin is ORIGIN_SIDE and owner != seat and opposes(len(table.payoff), table.rules.partnerships, seat, owner):
        table.exchange += 1
    table.put_centre(space, card)
    table.moved = True


def _substitute(table: Table, action: Substitute, owner: int) -> None:
    """Seed 002: "you may take the real 7 from your hand, and switch it with the wild-7. The wild-7
    ends up in your hand, since that is where the real 7 came from"."""
    space = action.centre
    stack = table.centre[space]
    wild = stack[-1]
    table.take(action.origin, owner, action.side, action.card)
    if action.origin is ORIGIN_PAYOFF:
        table.removed.pop()  # the wild goes on top: no next card is turned up
    table.centre[space] = stack[:-1] + (action.card,)
    table.give_back(action.origin, owner, action.side, wild)
    table.events.append(
        Substituted(table.to_act, action.card, space, wild, action.origin, action.side,
                    None if owner == table.to_act else owner)
    )
    table.moved = True
    if table.owed:
        table.settle(space)
    if len(table.centre[space]) >= table.rules.top_value and not stays_complete(table.centre[space], table.rules):
        table.set_aside(space)
