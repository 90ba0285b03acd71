"""Starting a game: :func:`new_game` (shuffle, deal, decide who plays first), :func:`next_round`
(the next game of a series) and :func:`setup` (a position built by hand).

Seed 003: "both packs are shuffled together and 20 cards are dealt face down to each pay-off pile,
and a further 5 cards are dealt to each player as their hand. The remainder of the cards are placed
face down between the players to form the stock. The top card of each pay-off pile is turned face up
... Whichever player has the higher card showing will play first."

>>> state = new_game(seed=7)
>>> [len(pile) for pile in state.payoff], [len(hand) for hand in state.hands], len(state.stock)
([20, 20], [5, 5], 54)
>>> book = new_game(seed=7, rules=Rules.preset("book"))
>>> [len(pile) for pile in book.payoff], len(book.stock)
([26, 26], 46)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from spite_rules.cards import Card, parse_cards, standard_deck
from spite_rules.errors import IllegalAction, NotationError
from spite_rules.malice.events import Event
from spite_rules.malice.order import sort_key, MALICE_RANKS, SUIT_ORDER, WILD, first_player_key, value_table, wild_may_be
from spite_rules.malice.piles import centre_limit, stays_complete
from spite_rules.malice.rules import FirstPlayer, Rules, Scoring
from spite_rules.malice.scoring import series_over
from spite_rules.malice.state import Phase, Stack, State
from spite_rules.malice.table import Table
from spite_rules.malice.turn import begin_turn
from spite_rules.shuffling import shuffle

__all__ = ["new_game", "next_round", "setup", "check_players", "packs_for", "first_player", "Scoring"]

#: Ruling M8: with more than two players, packs are added until the stock starts with a pack at least.
STOCK_AT_LEAST = 52


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
    top = rules.max_players
    if rules.split_packs or rules.backstab or rules.opponent_payoff or rules.opponent_discards:
        top = 2
    if type(players) is not int or not 2 <= players <= top:
        raise IllegalAction(f"these rules seat {'exactly 2' if top == 2 else f'2 to {top}'} players, not {players}")
    if rules.partnerships and players not in (4, 6):
        raise IllegalAction(f"partnerships are for 4 or 6 players (2 v 2, three teams of two), not {players}")


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


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int) and not isinstance(players, bool):
        return tuple(f"seat {seat}" for seat in range(players))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise IllegalAction(f"players must be a number of seats or a list of names, not {players!r}")
    return tuple(str(name) for name in players)


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


def _deal(names: tuple[str, ...], seed: int, rules: Rules, shuffles: int, series: tuple[Any, ...]) -> State:
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
        pack_b = list(standard_deck(max(rules.decks - 1, 0), jokers=rules.jokers))
        shuffle(rng, pack_a)
        shuffle(rng, pack_b)
        if players * size > len(pack_a):
            raise IllegalAction(f"pack A holds {len(pack_a)} cards, not enough for {players} pay-off piles of {size}")
        payoff = [tuple(pack_a[seat * size:(seat + 1) * size]) for seat in range(players)]
        rest = pack_a[players * size:] + pack_b
    else:
        deck = list(standard_deck(packs_for(rules, players), jokers=rules.jokers))
        shuffle(rng, deck)
        payoff = [tuple(deck[seat * size:(seat + 1) * size]) for seat in range(players)]
        rest = deck[players * size:]
    hand = rules.hand_size if rules.hands_dealt else 0
    sides = rules.side_stacks if rules.deal_side_stacks else 0
    if len(rest) < players * (hand + sides):
        raise IllegalAction(f"{len(rest)} cards are left, not enough for the hands and side stacks")
    hands = [tuple(sorted(rest[seat * hand:(seat + 1) * hand], key=sort_key)) for seat in range(players)]
    rest = rest[players * hand:]
    side = []
    for seat in range(players):
        # Massachusetts: "one card is dealt face up to each side-stack at the start of the game".
        dealt = rest[seat * sides:(seat + 1) * sides]
        side.append(tuple((card,) for card in dealt) + ((),) * (rules.side_stacks - len(dealt)))
    rest = rest[players * sides:]
    limit = centre_limit(rules, players)
    state = State(
        rules=rules, names=names, payoff=tuple(payoff), hands=tuple(hands), side=tuple(side),
        centre=((),) * (limit or 0), stock=tuple(rest), seed=seed, shuffles=shuffles + 1, series=series,
    )
    state = first_player(state)
    table = Table(state)
    begin_turn(table, state.to_act)
    return table.freeze()


def new_game(players: int | Sequence[str] = 2, *, seed: int, rules: Rules | None = None) -> State:
    """A shuffled, dealt game: :func:`spite_rules.malice.public.new_game` documents it (a
    compiled function keeps no docstring, so the public one calls this)."""
    rules = Rules() if rules is None else rules
    if type(seed) is not int:
        raise IllegalAction(f"seed must be a whole number, not {seed!r}")
    return _deal(_names(players), seed, rules, 0, ())


def next_round(state: State, late_joiners: Sequence[str] = ()) -> tuple[State, tuple[Event, ...]]:
    """The next game of a series: :func:`spite_rules.malice.public.next_round` documents it (a
    compiled function keeps no docstring, so the public one calls this)."""
    if not state.game_over or state.result is None:
        raise IllegalAction("the game is not over yet")
    if late_joiners:
        raise IllegalAction("Spite and Malice seats nobody between the games of a series")
    series = state.series + (state.result,)
    if series_over(state.rules, series, len(state.payoff)):
        raise IllegalAction("the series is over")
    return _deal(state.names, state.seed, state.rules, state.shuffles, series), ()



def _cards(value: Any, what: str) -> Stack:
    """Cards from notation or Card objects, checked to be Spite and Malice cards."""
    if value is None:
        return ()
    try:
        cards = parse_cards(value) if isinstance(value, str) else tuple(
            card if isinstance(card, Card) else parse_cards(card)[0] for card in value
        )
    except (NotationError, IndexError, TypeError) as error:
        raise IllegalAction(f"{what}: {error}") from None
    for card in cards:
        if card.rank not in MALICE_RANKS or card.fake:
            raise IllegalAction(f"{what}: {card} is not a card of Spite and Malice's standard packs")
    return cards


def _per_seat(value: Any, players: int, what: str) -> list[Any]:
    if value is None:
        return [None] * players
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise IllegalAction(f"{what} must give one entry per seat, not {value!r}")
    entries = list(value)
    if len(entries) != players:
        raise IllegalAction(f"{what} gives {len(entries)} entries for {players} seats")
    return entries


def _centre_stack(rules: Rules, cards: Stack, space: int) -> Stack:
    values = value_table(rules)
    for place, card in enumerate(cards, start=1):
        worth = values[card.rank]
        if (worth != WILD and worth != place) or (worth == WILD and not wild_may_be(rules, place)):
            raise IllegalAction(f"centre {space + 1}: {card} cannot stand {place} from the bottom "
                                "(a centre stack runs up from an ace)")
    if len(cards) > rules.top_value or (len(cards) == rules.top_value and not stays_complete(cards, rules)):
        raise IllegalAction(f"centre {space + 1} is complete: a completed stack does not stay")
    return cards


def setup(
    *,
    payoff: Sequence[Any],
    hands: Sequence[Any] | None = None,
    side: Sequence[Any] | None = None,
    centre: Sequence[Any] | None = None,
    stock: Any = "",
    used: Any = "",
    to_act: int = 0,
    rules: Rules | None = None,
    names: Sequence[str] | None = None,
    seed: int = 0,
    **turn: Any,
) -> State:
    """A position built by hand: :func:`spite_rules.malice.public.setup` documents it (a
    compiled function keeps no docstring, so the public one calls this)."""
    rules = Rules() if rules is None else rules
    if isinstance(payoff, str) or not isinstance(payoff, Iterable):
        raise IllegalAction(f"payoff must give one pile per seat, not {payoff!r}")
    piles = [_cards(pile, f"pay-off of seat {seat}") for seat, pile in enumerate(payoff)]
    players = len(piles)
    check_players(rules, players)
    held = [tuple(sorted(_cards(hand, f"hand of seat {seat}"), key=sort_key))
            for seat, hand in enumerate(_per_seat(hands, players, "hands"))]
    stacks_per_seat = []
    for seat, stacks in enumerate(_per_seat(side, players, "side")):
        given = [] if stacks is None else [stacks] if isinstance(stacks, str) else list(stacks)
        if len(given) > rules.side_stacks:
            raise IllegalAction(f"seat {seat} has {len(given)} side stacks: there cannot be more than {rules.side_stacks}")
        built = [_cards(stack, f"side of seat {seat}") for stack in given]
        stacks_per_seat.append(tuple(built) + ((),) * (rules.side_stacks - len(built)))
    given_centre = [] if centre is None else [centre] if isinstance(centre, str) else list(centre)
    stacks = [_centre_stack(rules, _cards(stack, f"centre {space + 1}"), space)
              for space, stack in enumerate(given_centre)]
    limit = centre_limit(rules, players)
    if limit is not None:
        if len(stacks) > limit:
            raise IllegalAction(f"{len(stacks)} centre stacks: there cannot be more than {limit}")
        stacks += [()] * (limit - len(stacks))
    if type(to_act) is not int or not 0 <= to_act < players:
        raise IllegalAction(f"to_act: seat {to_act!r} does not exist (seats are 0 to {players - 1})")
    known = {"phase", "moved", "passes", "owed", "exchange", "pending", "finisher", "final_turn"}
    unknown = sorted(set(turn) - known)
    if unknown:
        raise IllegalAction(f"setup does not take {', '.join(unknown)}")
    if "phase" in turn:
        turn["phase"] = Phase(turn["phase"])
    return State(
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
        **turn,
    )
