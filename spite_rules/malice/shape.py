"""Is a Spite and Malice position one that can happen? :func:`check_state` and :func:`check_view`,
the one shape check that every door taking a position from outside asks (``setup``, ``from_json``):
a position that cannot happen is refused there, naming the field and the value, instead of loading
and failing later inside ``legal_moves``.

Layer: Spite and Malice: machine — may import its rules of play and values, the core, the cards and the errors; never Spite.

The checks are of shape, not of history: seats and names agree, each seat has one pay-off pile, one
hand and its side stacks, the centre has the spaces the rules give it and each centre stack runs up
from an ace, every card is one of the game's and no card is there more often than the packs in play
hold, the phase agrees with the turn's bookkeeping. Whether the cards could have got there by play is
not asked (a position built by hand is a moment of play: ruling M36).

>>> from spite_rules.malice.deal import setup
>>> check_state(setup(payoff=["5♠", "6♠"]))
>>> import attrs
>>> check_state(attrs.evolve(setup(payoff=["5♠", "6♠"]), to_act=7))
Traceback (most recent call last):
...
spite_rules.errors.IllegalAction: to_act must be a whole number from 0 to 1, not 7
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from spite_rules.cards import Card, standard_deck
from spite_rules.errors import IllegalAction, shown
from spite_rules.malice.order import WILD, is_malice_card, value_table, wild_may_be
from spite_rules.malice.piles import centre_limit, stays_complete
from spite_rules.malice.rules import Rules, most_players
from spite_rules.malice.scoring import Result
from spite_rules.malice.state import Phase, Stack, State

__all__ = ["check_state", "check_cards", "check_per_seat", "check_whole", "check_seed", "check_centre_stack", "check_players", "packs_for", "table_cards", "STOCK_AT_LEAST"]

#: Ruling M8: with more than two players, packs are added until the stock starts with a pack at least.
STOCK_AT_LEAST = 52


def packs_for(rules: Rules, players: int) -> int:
    """How many 52-card packs the game uses. Seed 003: "Depending on the number of players and how
    many cards you deal to the payoff piles, more decks may need to be added - for example some play
    with one deck per player." Ruling M8: with more than two players, packs are added until the deal
    leaves a stock of at least 52 cards.

    >>> packs_for(Rules(), 2), packs_for(Rules(), 3), packs_for(Rules(), 6), packs_for(Rules(decks_per_player=True), 4)
    (2, 3, 4, 4)
    """
    packs = players if rules.decks_per_player else rules.decks
    if players > 2 and not rules.decks_per_player:
        dealt = players * (rules.payoff_size + rules.hand_size + (rules.side_stacks if rules.deal_side_stacks else 0))
        while packs * 52 + rules.jokers - dealt < STOCK_AT_LEAST:
            packs += 1
    return packs


def table_cards(rules: Rules, players: int) -> Counter[Card]:
    """Every card a game of ``players`` seats under ``rules`` is dealt from: its packs and jokers
    (the book's packs A and B together).

    >>> sum(table_cards(Rules(), 2).values()), sum(table_cards(Rules.preset("jacks"), 2).values())
    (104, 108)
    """
    return Counter(standard_deck(packs_for(rules, players), jokers=rules.jokers))


def check_players(rules: Rules, players: int) -> None:
    """Raise IllegalAction when ``rules`` cannot seat ``players``.

    Seed 003: "Spite and Malice was originally a two player game" and "can easily be adapted for any
    number of players" (2 to ``max_players``); "Four people can play as partners; six people form
    three teams of two"; the book: "There are always two players"; seed 002: "The game is played
    with 2 people".

    >>> check_players(Rules.preset("book"), 3)
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: these rules seat exactly 2 players, not 3
    """
    if not isinstance(rules, Rules):
        raise IllegalAction(f"rules must be Spite and Malice Rules, not {type(rules).__name__}")
    top = most_players(rules)
    if type(players) is not int or not 2 <= players <= top:
        raise IllegalAction(f"these rules seat {'exactly 2' if top == 2 else f'2 to {top}'} players, not {shown(players)}")
    if rules.partnerships and players not in (4, 6):
        raise IllegalAction(f"partnerships are for 4 or 6 players (2 v 2, three teams of two), not {players}")


def check_centre_stack(rules: Rules, cards: Stack, space: int) -> Stack:
    """``cards`` if they can stand on centre space ``space`` (an ace, then one higher each time, a
    wild card where it may stand, never a completed stack that does not stay); else IllegalAction.

    >>> from spite_rules.cards import parse_cards
    >>> check_centre_stack(Rules(), parse_cards("A♥ 3♥"), 0)
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: centre 1: 3♥ cannot stand 2 from the bottom (a centre stack runs up from an ace)
    """
    values = value_table(rules)
    for place, card in enumerate(cards, start=1):
        worth = values[card.rank]
        if (worth != WILD and worth != place) or (worth == WILD and not wild_may_be(rules, place)):
            raise IllegalAction(f"centre {space + 1}: {card} cannot stand {place} from the bottom "
                                "(a centre stack runs up from an ace)")
    if len(cards) > rules.top_value or (len(cards) == rules.top_value and not stays_complete(cards, rules)):
        raise IllegalAction(f"centre {space + 1} is complete: a completed stack does not stay")
    return cards


def check_cards(value: Any, what: str) -> Stack:
    """``value`` if it is a tuple of Spite and Malice cards; else IllegalAction naming ``what``.

    >>> from spite_rules.cards import parse_card
    >>> check_cards((parse_card("7♣"),), "hand")
    (Card('7♣'),)
    >>> check_cards("7♣", "hand")
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: hand must be a list of cards, not '7♣'
    """
    if type(value) is not tuple:
        raise IllegalAction(f"{what} must be a list of cards, not {shown(value)}")
    for card in value:
        if type(card) is not Card:
            raise IllegalAction(f"{what}: {shown(card)} is not a card")
        if not is_malice_card(card):
            raise IllegalAction(f"{what}: {card} is not a card of Spite and Malice's packs (A to K and the joker)")
    return value


def check_per_seat(value: Any, players: int, what: str) -> tuple[Any, ...]:
    """``value`` if it is a tuple of one entry per seat; else IllegalAction naming ``what``.

    >>> check_per_seat((1, 2), 3, "hand_sizes")
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: hand_sizes must give one entry per seat (3), not 2
    """
    if type(value) is not tuple or len(value) != players:
        count = len(value) if type(value) is tuple else shown(value)
        raise IllegalAction(f"{what} must give one entry per seat ({players}), not {count}")
    return value


def check_whole(value: Any, what: str, low: int, high: int | None = None, none: bool = False) -> None:
    """Nothing if ``value`` is a whole number from ``low`` to ``high`` (or None, with ``none``); else
    IllegalAction naming ``what``.

    >>> check_whole(-1, "to_act", 0, 1)
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: to_act must be a whole number from 0 to 1, not -1
    """
    if none and value is None:
        return
    if type(value) is not int or value < low or (high is not None and value > high):
        top = "" if high is None else f" to {high}"
        raise IllegalAction(f"{what} must be a whole number from {low}{top}{' or None' if none else ''}, not {shown(value)}")


def _no_more_than_the_packs(rules: Rules, players: int, cards: Counter[Card]) -> None:
    """No card more often than the packs in play hold (seed 003: "Two 52 card packs")."""
    packs = table_cards(rules, players)
    for card, count in cards.items():
        if count > packs[card]:
            raise IllegalAction(
                f"{card} is at the table {count} times: the packs in play ({packs_for(rules, players)} of 52"
                f"{f' and {rules.jokers} jokers' if rules.jokers else ''}) hold it {packs[card]} times"
            )


def _results(value: Any, what: str, players: int) -> None:
    for result in (value,) if what == "result" else value:
        if type(result) is not Result:
            raise IllegalAction(f"{what} must hold game results, not {shown(result)}")
        check_whole(result.winner, f"{what}: winner", 0, players - 1, none=True)


def check_state(state: State) -> None:
    """Raise IllegalAction naming the field and the value when ``state`` is not a position that can
    happen (see the module's docstring). ``sm.setup`` and ``from_json`` ask it.

    >>> from spite_rules.malice.deal import setup
    >>> import attrs
    >>> state = setup(payoff=["5♠", "6♠"])
    >>> check_state(attrs.evolve(state, names=("ann",)))
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: names must give one entry per seat (2), not 1
    >>> check_state(attrs.evolve(state, side=((), state.side[1])))
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: side of seat 0 must hold 4 side stacks (empty ones too), not 0
    """
    if type(state) is not State:
        raise IllegalAction(f"state must be a Spite and Malice State, not {shown(state)}")
    rules = state.rules
    if type(rules) is not Rules:
        raise IllegalAction(f"rules must be Spite and Malice Rules, not {shown(rules)}")
    if type(state.payoff) is not tuple:
        raise IllegalAction(f"payoff must give one pile per seat, not {shown(state.payoff)}")
    players = len(state.payoff)
    check_players(rules, players)
    for seat, name in enumerate(check_per_seat(state.names, players, "names")):
        if type(name) is not str:
            raise IllegalAction(f"names: the name of seat {seat} must be a string, not {shown(name)}")
    cards: Counter[Card] = Counter()
    for seat, pile in enumerate(state.payoff):
        cards.update(check_cards(pile, f"payoff of seat {seat}"))
    for seat, hand in enumerate(check_per_seat(state.hands, players, "hands")):
        cards.update(check_cards(hand, f"hand of seat {seat}"))
    for seat, stacks in enumerate(check_per_seat(state.side, players, "side")):
        if type(stacks) is not tuple or len(stacks) != rules.side_stacks:
            count = len(stacks) if type(stacks) is tuple else shown(stacks)
            raise IllegalAction(f"side of seat {seat} must hold {rules.side_stacks} side stacks (empty ones too), not {count}")
        for space, stack in enumerate(stacks):
            cards.update(check_cards(stack, f"side {space + 1} of seat {seat}"))
    limit = centre_limit(rules, players)
    if type(state.centre) is not tuple or (limit is not None and len(state.centre) != limit):
        count = len(state.centre) if type(state.centre) is tuple else shown(state.centre)
        raise IllegalAction(f"centre must hold {limit} spaces (empty ones too), not {count}")
    for space, stack in enumerate(state.centre):
        cards.update(check_centre_stack(rules, check_cards(stack, f"centre {space + 1}"), space))
    cards.update(check_cards(state.stock, "stock"))
    cards.update(check_cards(state.used, "used"))
    _no_more_than_the_packs(rules, players, cards)
    check_whole(state.to_act, "to_act", 0, players - 1)
    _check_turn(state, players)
    _check_payoffs(state)


def _check_payoffs(state: State) -> None:
    """An emptied pay-off pile ends the game (seed 003: "The game ends when someone wins by playing
    the last card of their pay-off pile"), except for a partner whose partner's pile still stands
    ("until one pair wins by playing all the cards from both of their pay-off piles") and seed 002's
    finisher ("When a player empties their play deck, that's not the end of the game")."""
    if state.game_over:
        return
    for team in state.teams:
        if all(not state.payoff[seat] for seat in team) and state.finisher not in team:
            seat = team[0]
            raise IllegalAction(f"payoff of seat {seat} is empty but the game is not over "
                                "(an emptied pay-off pile ends it)")


def check_seed(seed: object) -> None:
    """A game's seed: a whole number that fits 64 bits, as every engine and RL library here takes
    one (checked before a deal, and in a state given whole).

    >>> check_seed(2**63 + 1)
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: seed must be a whole number from -9223372036854775808 to 9223372036854775808, not 9223372036854775809
    """
    check_whole(seed, "seed", -(2**63), 2**63)


def _check_turn(state: State, players: int) -> None:
    """The turn's bookkeeping: the phase, the counts, seed 002's owed covers and forced plays, the
    end of the game."""
    rules = state.rules
    if type(state.phase) is not Phase:
        raise IllegalAction(f"phase must be one of {', '.join(phase.value for phase in Phase)}, not {shown(state.phase)}")
    for name in ("moved", "final_turn", "game_over"):
        if type(getattr(state, name)) is not bool:
            raise IllegalAction(f"{name} must be True or False, not {shown(getattr(state, name))}")
    check_whole(state.passes, "passes", 0, players)
    check_whole(state.exchange, "exchange", -10_000, 10_000)
    check_seed(state.seed)
    check_whole(state.shuffles, "shuffles", 0)
    check_whole(state.finisher, "finisher", 0, players - 1, none=True)
    check_whole(state.winner, "winner", 0, players - 1, none=True)
    if (state.phase is Phase.OVER) is not state.game_over:
        raise IllegalAction(f"phase {state.phase.value} does not agree with game_over={state.game_over}")
    if state.phase is Phase.FILL and not rules.fill_empty_side_stacks:
        raise IllegalAction("phase fill is the Massachusetts ending: these rules do not fill empty side stacks")
    if state.phase is Phase.PLACE and not state.pending:
        raise IllegalAction("phase place needs a forced play waiting (pending is empty)")
    if type(state.owed) is not tuple:
        raise IllegalAction(f"owed must be a list of (centre space, place) pairs, not {shown(state.owed)}")
    for owed in state.owed:
        if type(owed) is not tuple or len(owed) != 2:
            raise IllegalAction(f"owed: {shown(owed)} is not a (centre space, place) pair")
        space, place = owed
        check_whole(space, "owed: centre space", 0, len(state.centre) - 1)
        check_whole(place, "owed: place", 0, len(state.centre[space]) - 1)
    if type(state.pending) is not tuple:
        raise IllegalAction(f"pending must be a list of (seat, value, rule) forced plays, not {shown(state.pending)}")
    for pending in state.pending:
        if type(pending) is not tuple or len(pending) != 3:
            raise IllegalAction(f"pending: {shown(pending)} is not a (seat, value, rule) forced play")
        check_whole(pending[0], "pending: seat", 0, players - 1)
        check_whole(pending[1], "pending: value", 1, 13)
        check_whole(pending[2], "pending: rule", 0, 2)
    if state.result is not None:
        _results(state.result, "result", players)
    if type(state.series) is not tuple:
        raise IllegalAction(f"series must be a list of game results, not {shown(state.series)}")
    _results(state.series, "series", players)
