"""Starting a game: :func:`new_game` (shuffle, deal, decide who plays first), :func:`next_round`
(the next game of a series) and :func:`setup` (a position built by hand).

Layer: Spite and Malice: machine — may import its rules of play and values, the core, the cards and the errors; never Spite.

Seed 003: "both packs are shuffled together and 20 cards are dealt face down to each pay-off pile,
and a further 5 cards are dealt to each player as their hand. The remainder of the cards are placed
face down between the players to form the stock. The top card of each pay-off pile is turned face up
... Whichever player has the higher card showing will play first."

:func:`spite_rules.malice.public.new_game`, ``deal``, ``next_round`` and ``setup`` document the
doors here (a compiled function keeps no docstring). Arguments a door checks are typed ``object``,
so that the door, not the compiled build's type check, refuses a wrong value naming the field.

>>> state = new_game(seed=7)
>>> [len(pile) for pile in state.payoff], [len(hand) for hand in state.hands], len(state.stock)
([20, 20], [5, 5], 54)
>>> book = new_game(seed=7, rules=Rules.preset("book"))
>>> [len(pile) for pile in book.payoff], len(book.stock)
([26, 26], 46)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from spite_rules.cards import Card, parse_cards, standard_deck
from spite_rules.errors import IllegalAction, NotationError, shown
from spite_rules.malice.events import Event
from spite_rules.malice.order import sort_key, SUIT_ORDER, WILD, first_player_key, is_malice_card
from spite_rules.malice.piles import centre_limit
from spite_rules.malice.rules import FirstPlayer, Rules, Scoring
from spite_rules.malice.shape import STOCK_AT_LEAST, check_centre_stack, check_players, check_seed, check_state, packs_for
from spite_rules.malice.scoring import series_over
from spite_rules.malice.state import Phase, Stack, State
from spite_rules.malice.table import Table
from spite_rules.malice.turn import begin_turn
from spite_rules.core.fields import check_arguments
from spite_rules.core.shuffling import shuffle

__all__ = ["new_game", "next_round", "setup", "check_players", "packs_for", "first_player", "Scoring", "STOCK_AT_LEAST"]

def _names(players: object) -> tuple[str, ...]:
    """The seats' names: ``players`` names them (strings), or counts them (``seat 0``, ``seat 1``,
    ...; a count is checked against the rules before this is asked, so no huge count is named)."""
    if isinstance(players, int) and not isinstance(players, bool):
        return tuple(f"seat {seat}" for seat in range(players))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise IllegalAction(f"players must be a number of seats or a list of names, not {shown(players)}")
    names: list[str] = []
    for seat, name in enumerate(players):
        if not isinstance(name, str):
            raise IllegalAction(f"names: the name of seat {seat} must be a string, not {shown(name)}")
        names.append(name)
    return tuple(names)


def first_player(state: State) -> State:
    """``state`` with the first player decided (and pay-off piles reshuffled or the stock cut as the
    rules do it).

    - Seed 003: "Whichever player has the higher card showing will play first. If they are equal,
      both players shuffle their pay-off piles and turn up a new top card." Ruling M3: a wild card
      showing counts lowest (as seed 002 says); ruling M7: with more players, the highest plays first
      and only the seats tied for highest reshuffle.
    - Seed 002: "Wild cards are the lowest rank in this matchup." Ties go by "suit (Spades, Hearts,
      Diamonds, Clubs are presented in descending order)", then each tied seat cuts the draw pile
      and turns up a card (ruling M20: the seeded stream picks the place; the stock is not changed).

    >>> first_player(setup(payoff=["5♣ 9♠", "5♦ J♦"])).to_act
    1
    """
    rules = state.rules
    table = Table(state)
    seats = list(range(len(state.payoff)))
    by_suit = rules.first_player is FirstPlayer.HIGHER_SUIT_THEN_CUT

    def key(card: Card) -> tuple[int, int]:
        worth = first_player_key(card, rules)
        return worth, SUIT_ORDER[card.suit] if by_suit and worth != WILD else 0

    shown = {seat: table.payoff[seat][-1] for seat in seats}
    for _ in range(1000):
        best = max(key(shown[seat]) for seat in seats)
        seats = [seat for seat in seats if key(shown[seat]) == best]
        if len(seats) == 1:
            break
        if by_suit:
            if not table.stock:
                break
            rng = random.Random(f"{table.seed}:{table.shuffles}")
            table.shuffles += 1
            shown = {seat: table.stock[rng.randrange(len(table.stock))] for seat in seats}
            continue
        for seat in seats:
            pile = list(table.payoff[seat])
            rng = random.Random(f"{table.seed}:{table.shuffles}")
            table.shuffles += 1
            shuffle(rng, pile)
            table.payoff[seat] = tuple(pile)
            shown[seat] = pile[-1]
    table.to_act = seats[0]
    return table.freeze()


def _dealt(
    names: tuple[str, ...], seed: int, rules: Rules, shuffles: int, series: tuple[Any, ...]
) -> tuple[State, tuple[Event, ...]]:
    players = len(names)
    check_players(rules, players)
    rng = random.Random(f"{seed}:{shuffles}")
    size = rules.payoff_size
    if rules.split_packs:
        # Book: "Pack A is a standard 52 card pack; Pack B has the usual 52 cards plus 4 jokers ...
        # Pack A is dealt out face down to form the two 26-card pay-off piles. Each player is dealt
        # a five card hand from pack B, and the remainder of pack B is placed face down to form the
        # stock."
        pack_a = list(standard_deck(1))
        pack_b = list(standard_deck(rules.decks - 1, jokers=rules.jokers))  # decks >= 2 (Rules)
        shuffle(rng, pack_a)
        shuffle(rng, pack_b)
        payoff = [tuple(pack_a[seat * size:(seat + 1) * size]) for seat in range(players)]
        rest = pack_a[players * size:] + pack_b
    else:
        deck = list(standard_deck(packs_for(rules, players), jokers=rules.jokers))
        if players * size > len(deck):
            raise IllegalAction(f"{len(deck)} cards are not enough for {players} pay-off piles of {size}")
        shuffle(rng, deck)
        payoff = [tuple(deck[seat * size:(seat + 1) * size]) for seat in range(players)]
        rest = deck[players * size:]
    hand = rules.hand_size if rules.hands_dealt else 0
    sides = rules.side_stacks if rules.deal_side_stacks else 0
    if len(rest) < players * (hand + sides):
        raise IllegalAction(f"{len(rest)} cards are left, not enough for the hands and side stacks")
    hands = [tuple(sorted(rest[seat * hand:(seat + 1) * hand], key=sort_key)) for seat in range(players)]
    rest = rest[players * hand:]
    # Massachusetts: "one card is dealt face up to each side-stack at the start of the game".
    empty = ((),) * (rules.side_stacks - sides)
    side = [tuple((card,) for card in rest[seat * sides:(seat + 1) * sides]) + empty for seat in range(players)]
    rest = rest[players * sides:]
    limit = centre_limit(rules, players)
    state = State(
        rules=rules, names=names, payoff=tuple(payoff), hands=tuple(hands), side=tuple(side),
        centre=((),) * (limit or 0), stock=tuple(rest), seed=seed, shuffles=shuffles + 1, series=series,
    )
    state = first_player(state)
    table = Table(state)
    begin_turn(table, state.to_act)
    return table.freeze(), tuple(table.events)


def deal(rules: Rules, names: Sequence[str], seed: int) -> tuple[State, tuple[Event, ...]]:
    """:func:`new_game` with its opening's events (``public.deal`` documents it)."""
    check_seed(seed)
    return _dealt(_names(names), seed, rules, 0, ())


def new_game(players: object = 2, *, seed: object, rules: object = None) -> State:
    """A shuffled, dealt game (``public.new_game`` documents it)."""
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise IllegalAction(f"rules must be a Rules or None, not {shown(rules)}")
    check_seed(seed)
    assert isinstance(seed, int)  # check_seed refused anything else
    if isinstance(players, int) and not isinstance(players, bool):
        check_players(rules, players)  # before any name is made: new_game(10**12) names nobody
    return _dealt(_names(players), seed, rules, 0, ())[0]


def next_round(state: object, late_joiners: Sequence[str] = ()) -> tuple[State, tuple[Event, ...]]:
    """The next game of a series (``public.next_round`` documents it)."""
    if not isinstance(state, State):
        raise IllegalAction(f"state must be a Spite and Malice State, not {shown(state)}")
    if not state.game_over or state.result is None:
        raise IllegalAction("the game is not over yet")
    if late_joiners:
        raise IllegalAction("Spite and Malice seats nobody between the games of a series")
    series = state.series + (state.result,)
    if series_over(state.rules, series, len(state.payoff)):
        raise IllegalAction("the series is over")
    return _dealt(state.names, state.seed, state.rules, state.shuffles, series)[0], ()



def _cards(value: Any, what: str) -> Stack:
    """Cards given in notation (``"A♠ 7♦"``) or as a list, each entry a Card or the notation of
    exactly one card; checked to be Spite and Malice cards. Anything else is refused naming
    ``what``: an entry that is several cards, or a list, or a number."""
    if value is None:
        return ()
    try:
        if isinstance(value, str):
            cards = parse_cards(value)
        elif isinstance(value, (list, tuple)):
            cards = tuple(_one_card(card, what) for card in value)
        else:
            raise IllegalAction(f"{what} must be cards in notation or a list of cards, not {shown(value)}")
    except NotationError as error:
        raise IllegalAction(f"{what}: {error}") from None
    for card in cards:
        if not is_malice_card(card):
            raise IllegalAction(f"{what}: {card} is not a card of Spite and Malice's standard packs")
    return cards


def _one_card(value: Any, what: str) -> Card:
    """One entry of a list of cards: a Card, or the notation of exactly one card."""
    if type(value) is Card:
        return value
    if isinstance(value, str):
        found = parse_cards(value)
        if len(found) == 1:
            return found[0]
        raise IllegalAction(f"{what}: {shown(value)} is {len(found)} cards, not one entry of the list "
                            "(write the cards as one string, or one card per entry)")
    raise IllegalAction(f"{what}: {shown(value)} is not a card")


def _per_seat(value: Any, players: int, what: str) -> list[Any]:
    if value is None:
        return [None] * players
    if not isinstance(value, (list, tuple)):
        raise IllegalAction(f"{what} must give one entry per seat, not {shown(value)}")
    entries = list(value)
    if len(entries) != players:
        raise IllegalAction(f"{what} gives {len(entries)} entries for {players} seats")
    return entries


def setup(
    *,
    payoff: Sequence[Any],
    hands: Sequence[Any] | None = None,
    side: Sequence[Any] | None = None,
    centre: Sequence[Any] | None = None,
    stock: Any = "",
    used: Any = "",
    to_act: object = 0,
    rules: Rules | None = None,
    names: object = None,
    seed: object = 0,
    **turn: Any,
) -> State:
    """A position built by hand (``public.setup`` documents it)."""
    rules = Rules() if rules is None else rules
    if not isinstance(payoff, (list, tuple)):
        raise IllegalAction(f"payoff must give one pile per seat, not {shown(payoff)}")
    check_players(rules, len(payoff))
    piles = [_cards(pile, f"pay-off of seat {seat}") for seat, pile in enumerate(payoff)]
    players = len(piles)
    held = [tuple(sorted(_cards(hand, f"hand of seat {seat}"), key=sort_key))
            for seat, hand in enumerate(_per_seat(hands, players, "hands"))]
    stacks_per_seat = []
    for seat, stacks in enumerate(_per_seat(side, players, "side")):
        given = _listed(stacks, f"side of seat {seat}")
        if len(given) > rules.side_stacks:
            raise IllegalAction(f"seat {seat} has {len(given)} side stacks: there cannot be more than {rules.side_stacks}")
        built = [_cards(stack, f"side of seat {seat}") for stack in given]
        stacks_per_seat.append(tuple(built) + ((),) * (rules.side_stacks - len(built)))
    given_centre = _listed(centre, "centre")
    stacks = [check_centre_stack(rules, _cards(stack, f"centre {space + 1}"), space)
              for space, stack in enumerate(given_centre)]
    limit = centre_limit(rules, players)
    if limit is not None:
        if len(stacks) > limit:
            raise IllegalAction(f"{len(stacks)} centre stacks: there cannot be more than {limit}")
        stacks += [()] * (limit - len(stacks))
    if type(to_act) is not int or not 0 <= to_act < players:
        raise IllegalAction(f"to_act: seat {shown(to_act)} does not exist (seats are 0 to {players - 1})")
    check_seed(seed)
    assert isinstance(seed, int)  # check_seed refused anything else
    if names is not None and not isinstance(names, (list, tuple)):
        raise IllegalAction(f"names must be a list of names, one per seat, not {shown(names)}")
    arguments: dict[str, Any] = dict(
        rules=rules,
        names=tuple(names) if names is not None else tuple(f"seat {seat}" for seat in range(players)),
        payoff=tuple(piles),
        hands=tuple(held),
        side=tuple(stacks_per_seat),
        centre=tuple(stacks),
        stock=_cards(stock, "stock"),
        used=_cards(used, "used"),
        to_act=to_act,
        seed=seed,
        **_turn_fields(turn),
    )
    check_arguments(State, arguments)  # a compiled State checks its arguments' types: name the field first
    state = State(**arguments)
    check_state(state)
    return state


def _listed(value: Any, what: str) -> list[Any]:
    """A list of stacks as given to ``setup``: None (none), one stack in notation, or a list."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return list(value)
    raise IllegalAction(f"{what} must be a list of stacks, not {shown(value)}")


def _turn_fields(turn: dict[str, Any]) -> dict[str, Any]:
    """``setup``'s keywords for the turn's fields, in the State's types (``check_state`` then checks
    their values): the phase by its name, the owed covers and forced plays as tuples."""
    known = ("phase", "moved", "passes", "owed", "exchange", "pending", "finisher", "final_turn")
    unknown = sorted(set(turn) - set(known))
    if unknown:
        raise IllegalAction(f"setup does not take {', '.join(unknown)} (it takes {', '.join(known)})")
    fields = dict(turn)
    if "phase" in fields and not isinstance(fields["phase"], Phase):
        phase = next((phase for phase in Phase if phase.value == fields["phase"]), None)
        if phase is None:
            raise IllegalAction(f"phase must be one of {', '.join(phase.value for phase in Phase)}, not {shown(fields['phase'])}")
        fields["phase"] = phase
    for name, size in (("owed", 2), ("pending", 3)):
        if name in fields:
            entries = fields[name]
            if not isinstance(entries, (list, tuple)) or not all(
                isinstance(entry, (list, tuple)) and len(entry) == size for entry in entries
            ):
                raise IllegalAction(f"{name} must be a list of {size}-number entries, not {shown(entries)}")
            fields[name] = tuple(tuple(entry) for entry in entries)
    return fields
