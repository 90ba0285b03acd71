"""The reference paths the property tests hold the engine's rules to (oracles: they exist only to
check the fast paths, so they live here, not in the engine):

- :func:`reference_moves`: every candidate move no rule forbids (``breaches.breach``), which
  ``legal_moves`` must equal (``tests/malice/properties/test_malice_properties.py``);
- :func:`reference_may_oblige` and :func:`reference_sure_refuses`: seed 002's "must be sure"
  verdict on a play, which ``sure.PlayJudge`` must give;
- seed 002's "must be sure" search on cards and states through ``core_move`` (:func:`_search`,
  :func:`reference_can_finish`, :func:`reference_finishes_after`), which ``sure_search.Search``, the
  search on the values of the cards, must answer as
  (``tests/malice/properties/test_malice_sure_search.py``). Its rules (ruling M23): the seat counts
  only on what it sees now (each pay-off pile cut to its top card, no stock, no used cards), looks
  ``MAX_DEPTH`` helpful moves ahead, exactly, and remembers the positions found not to finish.
"""

from __future__ import annotations

from spite_rules.malice.actions import Action, Origin, Play, Substitute
from spite_rules.malice.breaches import breach
from spite_rules.malice.moves import candidates, core_move, play
from spite_rules.malice.order import WILD, value_table
from spite_rules.malice.compulsory import due_aces_and_twos
from spite_rules.malice.piles import fits, stays_complete
from spite_rules.malice.sources import sources
from spite_rules.malice.state import State, opposes
from spite_rules.malice.sure import MAX_DEPTH, obligations_open
from spite_rules.malice.table import Table


def reference_moves(state: State) -> tuple[Action, ...]:
    """The legal moves by the reference path: every candidate that no rule forbids.

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.legal import legal_moves
    >>> reference_moves(setup(payoff=["5♠", "6♠"], hands=["7♣", ""])) == legal_moves(setup(payoff=["5♠", "6♠"], hands=["7♣", ""]))
    True
    """
    return tuple(move for move in candidates(state) if breach(state, move) is None)


def _masked(state: State) -> State:
    """The position as far as the seat to act can count on it: each pay-off pile cut to its top
    card, no stock and no used cards."""
    table = Table(state)
    table.payoff = [pile[-1:] for pile in table.payoff]
    table.stock = ()
    table.used = ()
    return table.freeze()


def _after(state: State, action: Action) -> State:
    table = Table(state)
    core_move(table, action)  # type: ignore[arg-type]
    return table.freeze()


def _visible_values(state: State) -> frozenset[int]:
    """The values of the cards the seat to act can reach or see (its hand, every side stack, the
    pay-off tops of the masked position): a search never finds more."""
    values = value_table(state.rules)
    seen = {values[card.rank] for card in state.hands[state.to_act]}
    for stacks in state.side:
        for stack in stacks:
            seen.update(values[card.rank] for card in stack)
    for pile in state.payoff:
        seen.update(values[card.rank] for card in pile)
    return frozenset(seen)


def _hopeless(state: State, seen: frozenset[int]) -> bool:
    """A quick necessary condition: each owed wild needs a real card of the value that replaces or
    covers it among ``seen`` (the values visible when the search began), and an exchange needs as
    many visible cards of the opponent's play deck."""
    seat = state.to_act
    if state.exchange > 0 and not state.final_turn:
        visible = sum(len(pile) for other, pile in enumerate(state.payoff) if other != seat)
        if state.exchange > visible:
            return True
    for space, position in state.owed:
        size = len(state.centre[space])
        if size == position + 1:
            if size not in seen and size + 1 not in seen:
                return True
        elif size == position + 2:
            if size not in seen:
                return True
        else:
            return True
    return False


def _helpful(state: State) -> list[Action]:
    """The moves that can help meet an obligation (ruling M23): a card onto a stack whose top wild is
    owed, a real card swapped for that wild, a card of the opponent's play deck (repaying an
    exchange), a card that brings a stack to just below that card, a side-stack top uncovering a
    card of a value that would help."""
    rules = state.rules
    values = value_table(rules)
    seat = state.to_act
    players = len(state.payoff)
    centre = state.centre
    owed_tops: dict[int, int] = {}
    wanted: set[int] = set()
    for space, position in state.owed:
        size = len(centre[space])
        if size in (position + 1, position + 2):
            owed_tops[space] = size
            wanted.update((size, size + 1))
    repay = state.exchange > 0 and not state.final_turn
    theirs = [
        values[pile[-1].rank] for other, pile in enumerate(state.payoff)
        if pile and other != seat and opposes(players, rules.partnerships, seat, other)
    ] if repay else []
    builds = {worth - 1 for worth in theirs if worth not in (WILD, 1)}
    wanted.update(worth for worth in theirs if worth != WILD)
    first: list[Action] = []
    later: list[Action] = []
    every = sources(state, seat)
    for origin, owner, side, card in every:
        below = None
        if origin is Origin.SIDE:
            stack = state.side[owner if owner is not None else seat][side or 0]
            below = values[stack[-2].rank] if len(stack) > 1 else None
        repays = repay and origin is Origin.PAYOFF and owner is not None
        for space in fits(rules, centre, players, card):
            move = play(seat, card, space, origin, side, owner)
            if space in owed_tops:
                first.append(move)
            elif repays or (below is not None and below in wanted):
                later.append(move)
            elif builds and space < len(centre) and len(centre[space]) + 1 in builds:
                later.append(move)
    if rules.substitution:
        for space, size in owed_tops.items():
            for origin, owner, side, card in every:
                if values[card.rank] == size:
                    first.append(Substitute(seat, card, space, origin=origin, side=side, owner=owner))
    return first + later


def _key(state: State) -> tuple[object, ...]:
    return (state.centre, state.hands[state.to_act], state.side, state.payoff, state.owed, state.exchange)


def _search(state: State, depth: int, seen: dict[tuple[object, ...], int], visible: frozenset[int]) -> bool:
    """Can the obligations be met within ``depth`` more helpful moves? Exact for that depth (no
    budget), so the answer is a function of the position alone. ``seen`` keeps the positions found
    not to finish (and within what depth): every move puts another card on the centre or a real
    card in place of a wild, so no position comes back and each entry is a fact."""
    if not obligations_open(state):
        return True
    if depth == 0 or _hopeless(state, visible):
        return False
    key = _key(state)
    if seen.get(key, -1) >= depth:
        return False
    for move in _helpful(state):
        if _search(_after(state, move), depth - 1, seen, visible):
            return True
    seen[key] = depth
    return False


def reference_can_finish(state: State) -> bool:
    """:func:`~spite_rules.malice.sure.can_finish` by the reference search on cards and states
    (:func:`_search`).

    >>> from spite_rules.malice.deal import setup
    >>> reference_can_finish(setup(payoff=["5♠", "6♠"]))
    True
    """
    if not obligations_open(state):
        return True
    masked = _masked(state)
    return _search(masked, MAX_DEPTH, {}, _visible_values(masked))


def reference_finishes_after(state: State, action: Play | Substitute) -> bool:
    """Could the turn still end with every obligation met after ``action`` (a play or substitution
    every other rule allows), by the reference search? What ``sure.sure_breach`` asks.

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.actions import Play
    >>> from spite_rules.malice.rules import Rules
    >>> reference_finishes_after(setup(payoff=["9♦", "Q♣"], hands=["K♠ 5♥", ""], rules=Rules.preset("jacks")), Play(0, "K♠", 0))
    False
    """
    masked = _masked(state)
    after = _after(masked, action)
    return not obligations_open(after) or _search(after, MAX_DEPTH, {}, _visible_values(masked))


def reference_may_oblige(state: State, action: Action) -> bool:
    """Could ``action`` open an obligation? A wild card as an ace or on a wild card, or a card from
    an opponent's side stack.

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> from spite_rules.malice.actions import Play
    >>> reference_may_oblige(setup(payoff=["9♦", "Q♣"], hands=["K♠ 5♥", ""], rules=Rules.preset("jacks")), Play(0, "K♠", 0))
    True
    """
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


def reference_sure_refuses(state: State, action: Play) -> bool:
    """Seed 002's "must be sure" verdict on a play allowed by every other rule, by the reference
    search: refused when it may open an obligation or one is open, the turn could finish before it
    (ruling M24), it is no compulsory ace or two (ruling M44), and the turn cannot finish after it.

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> from spite_rules.malice.actions import Play
    >>> reference_sure_refuses(setup(payoff=["9♦", "Q♣"], hands=["K♠ 5♥", ""], rules=Rules.preset("jacks")), Play(0, "K♠", 0))
    True
    """
    rules = state.rules
    if not (rules.wild_ace_covered or rules.wild_on_wild_covered or rules.opponent_discards):
        return False
    open_now = obligations_open(state)
    if not open_now and not reference_may_oblige(state, action):
        return False
    if open_now and not reference_can_finish(state):
        return False
    if action.owner is None and rules.compulsory_aces_and_twos and any(
        (origin, side) == (action.origin, action.side) for origin, side, _ in due_aces_and_twos(state)
    ):
        return False
    return not reference_finishes_after(state, action)
