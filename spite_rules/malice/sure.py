"""Seed 002's "must be sure this turn" rules: the turn's open obligations and the small bounded
search that says whether they can still be met with the cards the seat can see now.

Layer: Spite and Malice: rules of play — may import its values, the core, the cards and the errors; never Spite.

The obligations (kept on the state: ``owed`` and ``exchange``):

- "If a wild card is played as an Ace, it MUST be covered with a real 2 before the turn is over ...
  If you cannot ensure 100% that you can cover the wild-Ace with a real 2 when you play the
  wild-ace, this move is not allowed."
- "if a wild card is played on top of another wild card, it MUST be covered with a real numbered
  card ... the wild-6 MUST be ensured to be covered with a real 7 before the turn is completed, or
  else the wild cards (specifically the wild-6) cannot be played."
- "You may play the cards from your opponent's discard pile ONLY if you have already OR can ensure
  100% that you will (in this turn) use their cards from their play deck, at a 1:1 exchange rate.
  At the end of the turn, all sales are final".

A move that leaves an obligation is offered only if the turn can still end with every obligation
met (:func:`can_finish`): a depth-first search over the moves that can help (a card onto an owed wild, a
real card swapped for it, a card of the opponent's play deck, a card that brings a stack just below
a card that would help, a side-stack top that uncovers one), using only what the seat sees now (its
hand, every side stack (seed 002's are spread), the pay-off tops; never a card below a pay-off top,
the stock, or a card a forced play might reveal). It looks :data:`MAX_DEPTH` moves ahead, exactly,
so its answer is a function of the position alone (ruling M23). A turn cannot
end with an obligation it can still meet; one that nothing visible can meet any more (a forced play
took the place it needed) lapses at the end of the turn (ruling M24).

The search is ``sure_search.Search``, on the values of the cards; ``tests/malice/oracles.py`` holds a
reference search on cards and states through ``core_move``, and
``tests/malice/properties/test_malice_sure_search.py`` holds the two equal.

>>> from spite_rules.malice.deal import setup
>>> from spite_rules.malice.actions import Play
>>> from spite_rules.malice.rules import Rules
>>> jacks = Rules.preset("jacks")
>>> state = setup(payoff=["9♦", "Q♣"], hands=["K♠ 5♥", ""], rules=jacks)
>>> sure_breach(state, Play(0, "K♠", 0))
'a wild K♠ played as an ace must be covered by a real 2 this turn, and no card seat 0 can see makes sure of it [malice.jacks.wild-ace-covered]'
>>> sure_breach(setup(payoff=["9♦", "Q♣"], hands=["K♠ 2♥", ""], rules=jacks), Play(0, "K♠", 0)) is None
True
"""

from __future__ import annotations

from typing import Final

from spite_rules.malice.actions import Action, Origin, Play, Substitute
from spite_rules.malice.compulsory import due_aces_and_twos, ends_turn
from spite_rules.malice.kept import CONTEXT, kept
from spite_rules.malice.order import WILD, rules_table
from spite_rules.malice.piles import stays_complete, tag
from spite_rules.malice.state import State
from spite_rules.malice.sure_search import HAND, PAYOFF, PLAY, SIDE, Search, move_code
from spite_rules.malice.table import ORIGIN_HAND, ORIGIN_PAYOFF, ORIGIN_SIDE, Table

__all__ = [
    "MAX_DEPTH",
    "PlayJudge",
    "obligations_open",
    "describe_obligations",
    "can_finish",
    "sure_breach",
    "sure_refuses",
    "turn_end_refuses",
    "turn_end_breach",
]

#: How many more moves the search looks ahead (ruling M23).
MAX_DEPTH: Final = 3


def obligations_open(state: State | Table) -> bool:
    """Does the turn still owe a cover or an exchange?

    >>> from spite_rules.malice.deal import setup
    >>> obligations_open(setup(payoff=["5♠", "6♠"]))
    False
    """
    return bool(state.owed) or (state.exchange > 0 and not state.final_turn)


def describe_obligations(state: State) -> str:
    """The open obligations in words.

    >>> from spite_rules.malice.deal import setup
    >>> import attrs
    >>> describe_obligations(attrs.evolve(setup(payoff=["5♠", "6♠"]), exchange=1))
    "1 card of the opponent's play deck for the discards used"
    """
    parts = []
    for space, position in state.owed:
        stack = state.centre[space]
        what = "a real 2" if position == 0 else "a real card"
        parts.append(f"the wild {stack[position]} on centre {space + 1} needs {what}")
    if state.exchange > 0 and not state.final_turn:
        parts.append(f"{state.exchange} card{'s' if state.exchange > 1 else ''} of the opponent's "
                     "play deck for the discards used")
    return "; ".join(parts)


def can_finish(state: State) -> bool:
    """Could the turn still end with every obligation met, using only the cards the seat to act can
    see now? True at once when nothing is owed.

    >>> from spite_rules.malice.deal import setup
    >>> can_finish(setup(payoff=["5♠", "6♠"]))
    True
    """
    if not obligations_open(state):
        return True
    search = _search(state)
    if search.finishable is None:
        search.finishable = search.finishes(MAX_DEPTH)
    return search.finishable


def _search(state: State) -> Search:
    """The search from ``state``, kept with it (``kept.Kept``'s ``CONTEXT``): its root, the values
    visible in it, what it found of the position; each a function of the position alone."""
    known = kept(state)
    search: Search | None = known[CONTEXT]
    if search is None:
        search = known[CONTEXT] = Search(state)
    return search


def sure_refuses(state: State, action: Action) -> bool:
    """Does :func:`sure_breach` refuse ``action``? Its verdict without the words (what
    ``legal_moves`` needs), so that the rule is decided in one place: a play as :class:`PlayJudge`
    judges it, a substitution (which opens no obligation) by the search when one is open.

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> sure_refuses(setup(payoff=["9♦", "Q♣"], hands=["K♠ 5♥", ""], rules=Rules.preset("jacks")), Play(0, "K♠", 0))
    True
    """
    table = rules_table(state.rules)
    if not table.sure:
        return False
    if type(action) is Play:
        worth = table.values[action.card.rank]
        return PlayJudge(state).refuses(action.origin, action.owner, action.side, worth, action.centre)
    if type(action) is not Substitute or not obligations_open(state) or not can_finish(state):
        return False  # ruling M24: what could not be met already refuses nothing
    return not _search(state).finishes_after(action, MAX_DEPTH)


def _compulsory(state: State) -> set[tuple[Origin, int | None]] | None:
    """Where the seat's compulsory aces and twos are (book: "it must be played to a centre stack as
    soon as this is legal"), as (origin, side stack) of its own piles; None under other rules."""
    if not rules_table(state.rules).compulsory_aces_and_twos:
        return None
    return {(origin, side) for origin, side, _ in due_aces_and_twos(state)}


class PlayJudge:
    """:func:`sure_refuses` of the plays ``legal_moves`` lists at one position, each given as the
    pieces of the play (origin, owner, side stack, the card's value, centre space) instead of a
    ``Play``. What the verdict reads of the position (whether obligations are open,
    whether the turn can still finish, which spaces a wild card would owe a cover on, whether an
    opponent's discard owes an exchange) is read once, and the move goes to the search already
    written in values (``Search.move_of``), so no attribute of the state, the rules or the action is
    read per play. :func:`sure_refuses` asks it of a play; ``test_malice_sure_search`` holds its
    verdicts equal to the reference's (``tests/malice/oracles.py``) play by play.

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> from spite_rules.cards import Rank
    >>> state = setup(payoff=["9♦", "Q♣"], hands=["K♠ 5♥", ""], rules=Rules.preset("jacks"))
    >>> PlayJudge(state).refuses(Origin.HAND, None, None, WILD, 0), PlayJudge(state).refuses(Origin.HAND, None, None, 5, 0)
    (True, False)
    """

    __slots__ = (
        "state", "seat", "open_now", "finishable", "discards_oblige", "opponent_discards", "wild_obliges", "compulsory",
        "search", "from_hand",
    )

    def __init__(self, state: State) -> None:
        self.state = state
        self.seat = state.to_act
        self.open_now = obligations_open(state)
        # ruling M24: what could not be met already refuses nothing (asked first: one search per position)
        self.finishable = can_finish(state) if self.open_now else True
        self.opponent_discards = rules_table(state.rules).opponent_discards
        self.discards_oblige = not state.final_turn
        self.compulsory = _compulsory(state)
        #: For each centre space, whether a wild card played there owes a cover (found when a wild
        #: card is first judged: most positions list none).
        self.wild_obliges: list[bool] | None = None
        self.search: Search | None = None  # the position's search, once asked
        #: The verdicts on plays from the hand by value and space (two wild cards are one play to the search).
        self.from_hand: dict[int, bool] | None = None

    def _wild_obliges(self) -> list[bool]:
        # whether a wild card on each space (past the last: a new stack) opens an obligation, read
        # as the search reads the centre (``Seat.after``: its values by ``Card.order``, its rules'
        # options native fields); the search is built for the first wild card that does anyway
        search = self.search
        if search is None:
            search = self.search = _search(self.state)
        table = search.table
        ace_covered = table.wild_ace_covered
        wild_obliges = [
            ace_covered if not stack or table.stays(stack) else table.wild_on_wild_covered and stack >> (4 + (stack & 31)) & 1 == 1
            for stack in search.centre
        ]
        wild_obliges.append(ace_covered)
        self.wild_obliges = wild_obliges
        return wild_obliges

    def refuses(self, origin: Origin, owner: int | None, side: int | None, worth: int, space: int) -> bool:
        """``sure_refuses(state, Play(seat, card, space, origin=origin, side=side, owner=owner))`` for
        a card of value ``worth``, under rules with a "must be sure" rule in force."""
        if not self.open_now:
            # _may_oblige
            if origin is ORIGIN_SIDE and owner is not None and self.opponent_discards:
                if not self.discards_oblige:
                    return False
            elif worth != WILD:
                return False
            else:
                wild_obliges = self.wild_obliges or self._wild_obliges()
                if not wild_obliges[space if space < len(wild_obliges) else -1]:
                    return False
        elif not self.finishable:
            return False
        if owner is None and self.compulsory and (origin, side) in self.compulsory:
            return False  # ruling M44
        search = self.search
        if search is None:
            search = self.search = _search(self.state)
        if origin is ORIGIN_HAND:
            key = worth * 1024 + space
            known = self.from_hand
            if known is None:
                known = self.from_hand = {}
            found = known.get(key)
            if found is None:
                found = known[key] = not search.finishes_after_move(
                    move_code(PLAY, HAND, self.seat, -1, worth, space), MAX_DEPTH
                )
            return found
        code = PAYOFF if origin is ORIGIN_PAYOFF else SIDE
        owner = owner if owner is not None else self.seat
        move = move_code(PLAY, code, owner, side if side is not None else -1, worth, space)
        return not search.finishes_after_move(move, MAX_DEPTH)


def sure_breach(state: State, action: Action) -> str | None:
    """A play or substitution that leaves the turn with obligations no visible card can meet: seed
    002's "If you cannot ensure 100% ... this move is not allowed" (a move that makes an open
    obligation impossible to meet is refused too, unless it was impossible already, ruling M24).

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> sure_breach(setup(payoff=["9♦", "Q♣"], hands=["K♠ 2♥", ""], rules=Rules.preset("jacks")), Play(0, "K♠", 0)) is None
    True
    """
    if not sure_refuses(state, action):
        return None
    assert type(action) is Play or type(action) is Substitute
    rules = state.rules
    open_now = obligations_open(state)
    search = _search(state)
    seat = state.to_act
    if not open_now and type(action) is Play:
        if action.origin is Origin.SIDE and action.owner is not None and (
            search.table.after(search.root, search.move_of(action))[5] > 0
        ):
            return tag(
                f"seat {action.owner}'s discard {action.card} may be used only at a 1:1 exchange for "
                f"cards of seat {action.owner}'s play deck this turn, and no card seat {seat} can see "
                "makes sure of it",
                "jacks.one-for-one",
            )
        stack = state.centre[action.centre] if action.centre < len(state.centre) else ()
        if not stack or stays_complete(stack, rules):
            return tag(
                f"a wild {action.card} played as an ace must be covered by a real 2 this turn, and no "
                f"card seat {seat} can see makes sure of it",
                "jacks.wild-ace-covered",
            )
        return tag(
            f"a wild {action.card} on the wild on centre {action.centre + 1} must be covered by a real "
            f"card this turn, and no card seat {seat} can see makes sure of it",
            "jacks.wild-on-wild-covered",
        )
    return tag(
        f"after this move the turn could no longer meet what it owes ({describe_obligations(state)})",
        "jacks.must-be-sure",
    )


def turn_end_breach(state: State, action: Action) -> str | None:
    """The turn cannot end while it owes a cover or an exchange it can still meet (seed 002: "it
    MUST be covered ... before the turn is over"; "At the end of the turn, all sales are final").

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.actions import EndTurn
    >>> from spite_rules.malice.rules import Rules
    >>> import attrs
    >>> state = setup(payoff=["9♦", "Q♣"], hands=["2♥", ""], centre=["K♠"], rules=Rules.preset("jacks"))
    >>> turn_end_breach(attrs.evolve(state, owed=((0, 0),)), EndTurn(0))
    'the turn cannot end yet: the wild K♠ on centre 1 needs a real 2 [malice.jacks.must-be-sure]'
    """
    if not turn_end_refuses(state, action):
        return None
    return tag(f"the turn cannot end yet: {describe_obligations(state)}", "jacks.must-be-sure")


def turn_end_refuses(state: State, action: Action) -> bool:
    """Does :func:`turn_end_breach` refuse ``action``? Its verdict without the words.

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.actions import EndTurn
    >>> turn_end_refuses(setup(payoff=["9♦", "Q♣"]), EndTurn(0))
    False
    """
    if not obligations_open(state):
        return False
    return ends_turn(state, action) and can_finish(state)
