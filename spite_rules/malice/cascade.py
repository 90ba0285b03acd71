"""Seed 002's forced plays: cards of the play decks that "must be played" the moment another card
leaves a play deck. ``apply`` plays them (one place: at once; several: the seat to act chooses with
``PlaceForced``) and reports each as a ``Played`` event whose ``forced`` names the rule.

Layer: Spite and Malice: rules of play — may import its values, the core, the cards and the errors; never Spite.

- "If you and your opponent have the same card rank, when one is played, the other must be played
  as well. ... (This does not apply to if players both having wild cards.)" (``EQUAL_TOPS``)
- "If you play an opponent's top card off their play deck, and their following card is the next
  rank, then that card must be immediately played." (``NEXT_RANK``)
- "If a player's next card in their play deck is the same rank as the card they just removed, it
  is played immediately - either in the same location or different location if available, as
  decided at that moment by the current player." (``SAME_RANK``)

Ruling M21: a forced card with no centre stack to go on stays where it is, and nothing is owed;
wild cards are never forced and force nothing.

>>> from spite_rules.malice.deal import setup
>>> from spite_rules.malice.rules import Rules
>>> table = Table(setup(payoff=["5♠ 4♦", "9♣ 4♣"], rules=Rules.preset("jacks")))
>>> triggers(table, 0, parse_card("3♠"), actor=0)
[]
>>> triggers(table, 0, parse_card("4♥"), actor=0)
[(0, 4, 0), (1, 4, 2)]
"""

from __future__ import annotations

from spite_rules.cards import Card, parse_card  # noqa: F401 (the doctests read cards)
from spite_rules.malice.order import WILD
from spite_rules.malice.piles import fits
from spite_rules.malice.table import Table

__all__ = ["EQUAL_TOPS", "NEXT_RANK", "SAME_RANK", "triggers", "next_forced", "REASONS"]

EQUAL_TOPS = "equal tops together"
NEXT_RANK = "opponent's next rank follows"
SAME_RANK = "same rank follows"
#: The reason each forced play gives, by the value of the kind code kept in ``State.pending``.
REASONS = (SAME_RANK, NEXT_RANK, EQUAL_TOPS)


def triggers(table: Table, seat: int, card: Card, *, actor: int) -> list[tuple[int, int, int]]:
    """The forced plays that ``card`` leaving seat ``seat``'s play deck sets off, as (seat of the
    deck, value its top must have, rule as an index of :data:`REASONS`), in the order they are
    made: the same deck first, then the other deck.

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> triggers(Table(setup(payoff=["9♦ 4♠", "Q♣"], rules=Rules.preset("jacks"))), 0, parse_card("3♥"), actor=1)
    [(0, 4, 1)]
    """
    rules = table.rules
    values = table.values
    removed = values[card.rank]
    found: list[tuple[int, int, int]] = []
    if removed == WILD:
        return found
    pile = table.payoff[seat]
    if pile:
        top = values[pile[-1].rank]
        if rules.same_rank_follows and top == removed:
            found.append((seat, removed, 0))
        elif rules.opponent_next_rank_follows and seat != actor and top == removed + 1:
            found.append((seat, removed + 1, 1))
    if rules.equal_tops_together:
        for other in range(len(table.payoff)):
            other_pile = table.payoff[other]
            if other != seat and other_pile and values[other_pile[-1].rank] == removed:
                found.append((other, removed, 2))
    return found


def next_forced(table: Table) -> tuple[int, Card, tuple[int, ...], str] | None:
    """The next forced play still due: (seat of the deck, card, centre spaces it fits, rule).
    Entries whose deck no longer shows the value, or whose card fits nowhere (ruling M21), are
    dropped from ``table.pending``.

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> table = Table(setup(payoff=["9♦ 3♠", "Q♣"], centre=["A♣ 2♣"], rules=Rules.preset("jacks")))
    >>> table.pending = [(0, 3, 2)]
    >>> next_forced(table)
    (0, Card('3♠'), (0,), 'equal tops together')
    """
    values = table.values
    while table.pending:
        seat, wanted, reason = table.pending[0]
        pile = table.payoff[seat]
        if pile and values[pile[-1].rank] == wanted:
            card = pile[-1]
            spaces = fits(table.rules, table.centre, len(table.payoff), card)
            if spaces:
                return seat, card, spaces, REASONS[reason]
        table.pending.pop(0)
    return None

