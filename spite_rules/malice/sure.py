"""Seed 002's "must be sure this turn" rules: the turn's open obligations and the small bounded
search that says whether they can still be met with the cards the seat can see now.

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
met (:func:`can_finish`): a depth-first search over plays to the centre and substitutions using only
what the seat sees now (its hand, every side stack (seed 002's are spread), the pay-off tops; never
a card below a pay-off top, the stock, or a card a forced play might reveal). The search looks
:data:`MAX_DEPTH` moves ahead over at most :data:`MAX_NODES` positions (ruling M26). A turn cannot
end with an obligation it can still meet; one that nothing visible can meet any more (a forced play
took the place it needed) lapses at the end of the turn (ruling M27).

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

from spite_rules.malice.actions import Action, Origin, Play, Substitute
from spite_rules.malice.moves import centre_candidates, core_move
from spite_rules.malice.order import WILD, value_table
from spite_rules.malice.piles import stays_complete, tag
from spite_rules.malice.state import State
from spite_rules.malice.table import Table

__all__ = [
    "MAX_DEPTH",
    "MAX_NODES",
    "discards_free",
    "obligations_open",
    "describe_obligations",
    "can_finish",
    "sure_breach",
    "turn_end_breach",
]

#: How many more moves the search looks ahead (ruling M26).
MAX_DEPTH = 4
#: How many positions one search may visit (ruling M26).
MAX_NODES = 200


def discards_free(state: State | Table) -> bool:
    """Seed 002's last turn: "During this final turn, the opponent - probably in desperation - may
    use all discarded cards (the player's and the opponent's) for free."

    >>> from spite_rules.malice.deal import setup
    >>> discards_free(setup(payoff=["5♠", "6♠"]))
    False
    """
    return state.final_turn


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


def _masked(state: State) -> Table:
    """A table with only what the seat to act can see of the cards it could still use: each pay-off
    pile cut to its top card, no stock and no used cards."""
    table = Table(state)
    table.payoff = [pile[-1:] for pile in table.payoff]
    table.stock = ()
    table.used = ()
    return table


def _after(table: Table, action: Action) -> Table:
    twin = table.copy()
    core_move(twin, action)  # type: ignore[arg-type]
    return twin


def _hopeless(table: Table) -> bool:
    """A quick necessary condition: each owed wild at place p needs a real card of value p+1 (to
    replace it) or p+2 (to cover it) somewhere visible, and an exchange needs as many visible cards
    of the opponent's play deck."""
    values = table.values
    seat = table.to_act
    if table.exchange > 0 and not table.final_turn:
        visible = sum(len(pile) for other, pile in enumerate(table.payoff) if other != seat)
        if table.exchange > visible:
            return True
    if not table.owed:
        return False
    seen = {values[card.rank] for card in table.hands[seat]}
    for stacks in table.side:
        for stack in stacks:
            seen.update(values[card.rank] for card in stack)
    for pile in table.payoff:
        seen.update(values[card.rank] for card in pile)
    return any(position + 1 not in seen and position + 2 not in seen for _, position in table.owed)


def _key(table: Table) -> tuple[object, ...]:
    return (tuple(table.centre), table.hands[table.to_act], tuple(table.side), tuple(table.payoff),
            tuple(table.owed), table.exchange)


def _search(table: Table, depth: int, budget: list[int], seen: dict[tuple[object, ...], int]) -> bool:
    from spite_rules.malice.breaches import breach

    if not obligations_open(table):
        return True
    if depth == 0 or budget[0] <= 0 or _hopeless(table):
        return False
    key = _key(table)
    if seen.get(key, -1) >= depth:
        return False
    seen[key] = depth
    budget[0] -= 1
    state = table.freeze()
    for move in _ordered(state, centre_candidates(state)):
        if breach(state, move, sure=False) is None and _search(_after(table, move), depth - 1, budget, seen):
            return True
    return False


def _ordered(state: State, moves: list[Action]) -> list[Action]:
    """Moves most likely to meet an obligation first: onto an owed stack, substitutions, cards from
    the opponent's play deck, then the rest."""
    owed = {space for space, _ in state.owed}

    def rank(move: Action) -> int:
        if type(move) is Play and move.centre in owed:
            return 0
        if type(move) is Substitute:
            return 1
        if type(move) is Play and move.owner is not None and move.origin is Origin.PAYOFF:
            return 2
        return 3

    return sorted(moves, key=rank)


def can_finish(state: State) -> bool:
    """Could the turn still end with every obligation met, using only the cards the seat to act can
    see now? True at once when nothing is owed.

    >>> from spite_rules.malice.deal import setup
    >>> can_finish(setup(payoff=["5♠", "6♠"]))
    True
    """
    if not obligations_open(state):
        return True
    return _search(_masked(state), MAX_DEPTH, [MAX_NODES], {})


def _may_oblige(state: State, action: Action) -> bool:
    """Could ``action`` open an obligation? A wild card as an ace or on a wild card, or a card from
    an opponent's side stack."""
    if type(action) is not Play:
        return False
    rules = state.rules
    values = value_table(rules)
    if action.origin is Origin.SIDE and action.owner is not None and rules.opponent_discards:
        return not state.final_turn
    if values[action.card.rank] != WILD:
        return False
    stack = state.centre[action.centre] if action.centre < len(state.centre) else ()
    if not stack or stays_complete(stack, rules):
        return rules.wild_ace_covered
    return rules.wild_on_wild_covered and values[stack[-1].rank] == WILD


def sure_breach(state: State, action: Action) -> str | None:
    """A play or substitution that leaves the turn with obligations no visible card can meet: seed
    002's "If you cannot ensure 100% ... this move is not allowed" (a move that makes an open
    obligation impossible to meet is refused too, unless it was impossible already, ruling M27)."""
    rules = state.rules
    if not (rules.wild_ace_covered or rules.wild_on_wild_covered or rules.opponent_discards):
        return None
    if type(action) is not Play and type(action) is not Substitute:
        return None
    open_now = obligations_open(state)
    if not open_now and not _may_oblige(state, action):
        return None
    after = _after(_masked(state), action)
    if not obligations_open(after) or _search(after, MAX_DEPTH, [MAX_NODES], {}):
        return None
    if open_now and not can_finish(state):
        return None
    seat = state.to_act
    if not open_now and type(action) is Play:
        if action.origin is Origin.SIDE and action.owner is not None and after.exchange > 0:
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
    if not obligations_open(state):
        return None
    from spite_rules.malice.compulsory import ends_turn

    if not ends_turn(state, action) or not can_finish(state):
        return None
    return tag(f"the turn cannot end yet: {describe_obligations(state)}", "jacks.must-be-sure")
