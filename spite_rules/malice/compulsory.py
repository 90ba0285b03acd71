"""Plays the rules make compulsory: seed 003's compulsory aces (played automatically), the book's
aces and twos, seed 004's twos while an ace shows, and the book's stalemate-breaking aces and twos
(each a breach that leaves the seat only the compulsory moves).

Layer: Spite and Malice: rules of play — may import its values, the core, the cards and the errors; never Spite.

>>> from spite_rules.malice.deal import setup
>>> from spite_rules.malice.rules import Rules
>>> state = setup(payoff=["9♦ 2♠", "Q♣"], hands=["7♥", ""], centre=["A♣"], rules=Rules.preset("book"))
>>> due_aces_and_twos(state)
[(<Origin.PAYOFF: 'pay-off'>, None, Card('2♠'))]
"""

from __future__ import annotations

from spite_rules.cards import Card, Rank
from spite_rules.malice.actions import Action, Discard, EndTurn, MoveSide, Origin, Play
from spite_rules.malice.kept import JUDGED, kept
from spite_rules.malice.piles import fits, new_stack_space, tag
from spite_rules.malice.sources import sources
from spite_rules.malice.state import State
from spite_rules.malice.table import (
    ORIGIN_HAND,
    ORIGIN_PAYOFF,
    ORIGIN_SIDE,
    PHASE_PLAY,
    RANK_ACE,
    RANK_TWO,
    Table,
)

__all__ = [
    "ends_turn",
    "compulsory_ace",
    "due_aces_and_twos",
    "aces_and_twos_breach",
    "twos_while_aces_breach",
    "playable_hand_aces_and_twos",
    "stalemate_aces_twos_breach",
]


_ACE_OR_TWO = (Rank.ACE, Rank.TWO)


def ends_turn(state: State, action: Action) -> bool:
    """Does ``action`` close the turn's play? A discard, a side move, ending the turn. (A
    Massachusetts card to an empty side stack does not end the turn at once, but it begins the
    ending: no card is played to the centre after it, ruling M18.)

    >>> from spite_rules.malice.deal import setup
    >>> ends_turn(setup(payoff=["5♠", "6♠"], hands=["7♣", ""]), Discard(0, "7♣", 0))
    True
    """
    kind = type(action)
    return kind is Discard or kind is EndTurn or kind is MoveSide


def compulsory_ace(table: Table) -> tuple[Origin, Card, int] | None:
    """The ace the seat to act must play at once, if any: (origin, card, centre space). Seed 003,
    "Compulsory play of aces": "aces cannot be retained in your hand but must be played as soon as
    drawn to start new centre stacks. Also an ace appearing on your pay-off pile must immediately be
    played to the centre." The pay-off ace goes first; an ace waits only where no stack may start.

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> compulsory_ace(Table(setup(payoff=["5♠ A♦", "6♠"], rules=Rules().variation("compulsory_aces"))))
    (<Origin.PAYOFF: 'pay-off'>, Card('A♦'), 0)
    """
    rules = table.rules
    if not rules.compulsory_aces:
        return None
    space = new_stack_space(table.centre, rules, len(table.payoff))
    if space is None:
        return None
    seat = table.to_act
    pile = table.payoff[seat]
    if pile and pile[-1].rank is RANK_ACE:
        return ORIGIN_PAYOFF, pile[-1], space
    for card in table.hands[seat]:
        if card.rank is RANK_ACE:
            return ORIGIN_HAND, card, space
    return None


def due_aces_and_twos(state: State) -> list[tuple[Origin, int | None, Card]]:
    """The aces and twos showing on the seat's own pay-off and side-stack tops that could go to the
    centre now (the book's compulsory cards): (origin, side, card).

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> due_aces_and_twos(setup(payoff=["9♦", "Q♣"], side=[["A♠"], []], rules=Rules.preset("book")))
    [(<Origin.SIDE: 'side'>, 0, Card('A♠'))]
    """
    seat = state.to_act
    due: list[tuple[Origin, int | None, Card]] = []
    pile = state.payoff[seat]
    # the seat's own tops in the order ``sources`` gives them: the pay-off top, then each side top
    if pile and pile[-1].rank in _ACE_OR_TWO and fits(state.rules, state.centre, len(state.payoff), pile[-1]):
        due.append((ORIGIN_PAYOFF, None, pile[-1]))
    for index, stack in enumerate(state.side[seat]):
        if stack and stack[-1].rank in _ACE_OR_TWO:
            if fits(state.rules, state.centre, len(state.payoff), stack[-1]):
                due.append((ORIGIN_SIDE, index, stack[-1]))
    return due


def aces_and_twos_breach(state: State, action: Action) -> str | None:
    """Book: "If you have an ace or two visible on top of your pay-off pile or one of your side
    stacks, it must be played to a centre stack as soon as this is legal. If you have more than one
    such card you can choose which to play first. Jokers are not affected by this restriction".

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> state = setup(payoff=["9♦ 2♠", "Q♣"], hands=["7♥", ""], centre=["A♣"], rules=Rules.preset("book"))
    >>> aces_and_twos_breach(state, EndTurn(0))
    'an ace or two showing on your pay-off pile or side stacks must be played to the centre as soon as it can: play 2♠ from your pay-off first [malice.book.aces-and-twos]'
    """
    if not state.rules.compulsory_aces_and_twos or state.phase is not PHASE_PLAY:
        return None
    judged = _judged(state)
    due = judged.due
    if due is None:
        due = judged.due = due_aces_and_twos(state)
    if not due:
        return None
    if type(action) is Play and action.owner is None and (action.origin, action.side, action.card) in due:
        return None
    origin, side, card = due[0]
    where = "your pay-off" if origin is ORIGIN_PAYOFF else f"your side {(side or 0) + 1}"
    return tag(
        "an ace or two showing on your pay-off pile or side stacks must be played to the centre as "
        f"soon as it can: play {card} from {where} first",
        "book.aces-and-twos",
    )


class _Judged:
    """What the compulsory rules found of one state (each a function of the state alone, asked of
    every move in it, kept with it: ``kept.Kept``'s ``JUDGED``): :func:`aces_and_twos_breach`'s due cards,
    :func:`twos_while_aces_breach`'s answer for a move that ends the turn (None where not asked yet)."""

    __slots__ = ("due", "twos_asked", "twos")

    def __init__(self) -> None:
        self.due: list[tuple[Origin, int | None, Card]] | None = None
        self.twos_asked = False
        self.twos: str | None = None


def _judged(state: State) -> _Judged:
    """The :class:`_Judged` of this very ``state``, kept with it."""
    known = kept(state)
    judged: _Judged | None = known[JUDGED]
    if judged is None:
        judged = known[JUDGED] = _Judged()
    return judged


def twos_while_aces_breach(state: State, action: Action) -> str | None:
    """Seed 004: "If a player has any 2's and there are aces in any pools, the 2's must be played
    before the players turn can end." (ruling M31: a 2 the seat "has" is one in its hand, on its
    stack or on a column top.)

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> state = setup(payoff=["9♦", "Q♣"], hands=["2♥ 7♣", ""], centre=["A♣"], rules=Rules.preset("three_decks"))
    >>> twos_while_aces_breach(state, Discard(0, "7♣", 0))
    'a 2 must be played while an ace shows on centre 1: play 2♥ first [malice.pools.twos-while-aces]'
    """
    if not state.rules.twos_while_aces or not ends_turn(state, action):
        return None
    judged = _judged(state)
    if judged.twos_asked:
        return judged.twos
    found = None
    aces = [space for space, stack in enumerate(state.centre) if len(stack) == 1]
    if aces:
        for origin, owner, side, card in sources(state, state.to_act):
            if card.rank is RANK_TWO and owner is None:
                found = tag(
                    f"a 2 must be played while an ace shows on centre {aces[0] + 1}: play {card} first",
                    "pools.twos-while-aces",
                )
                break
    judged.twos_asked = True
    judged.twos = found
    return found


def playable_hand_aces_and_twos(state: State, seat: int) -> list[Card]:
    """The aces and twos in ``seat``'s hand that could go to the centre now.

    >>> from spite_rules.malice.deal import setup
    >>> playable_hand_aces_and_twos(setup(payoff=["5♠", "6♠"], hands=["A♥ 2♣ 7♣", ""]), 0)
    [Card('A♥')]
    """
    rules = state.rules
    return [
        card for card in dict.fromkeys(state.hands[seat])
        if card.rank in _ACE_OR_TWO and fits(rules, state.centre, len(state.payoff), card)
    ]


def stalemate_aces_twos_breach(state: State, action: Action) -> str | None:
    """Book: "Some say that if either player has any aces and twos in their concealed hand which can
    be played to the centre, they must play one such card to break the stalemate." A seat holding
    one may not make the pass that completes a stalemate, and once every seat has passed it must
    play an ace or two (that one, or an ace or two showing that the book makes compulsory, ruling
    M17).

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> import attrs
    >>> rules = attrs.evolve(Rules.preset("book"), stalemate_aces_twos=True)
    >>> state = attrs.evolve(setup(payoff=["5♠", "6♠"], hands=["A♥ 7♣", ""], rules=rules), passes=1)
    >>> stalemate_aces_twos_breach(state, EndTurn(0))
    'to break the stalemate seat 0 must play an ace or two from its hand (A♥) [malice.book.stalemate-aces-twos]'
    """
    if not state.rules.stalemate_aces_twos:
        return None
    players = len(state.payoff)
    if state.passes < players - 1:
        return None
    seat = state.to_act
    playable = playable_hand_aces_and_twos(state, seat)
    if not playable:
        return None
    if state.passes >= players:
        if type(action) is Play and action.owner is None and action.card.rank in _ACE_OR_TWO:
            return None
    elif type(action) is not EndTurn or state.moved:
        return None
    return tag(
        f"to break the stalemate seat {seat} must play an ace or two from its hand "
        f"({' '.join(map(str, playable))})",
        "book.stalemate-aces-twos",
    )
