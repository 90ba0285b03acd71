"""What one seat may know in Spite and Malice: :func:`view` of a state and :func:`redact` of an
event.

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

A view holds what :class:`SeatView` lists and nothing else: no other hand, no stock order, no
pay-off card below the top, no buried side-stack card unless spread, no seed.

>>> from spite_rules.malice.deal import setup
>>> state = setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠ K♥", "2♦"], side=[["4♣ 5♣"], []], stock="5♣ 6♣")
>>> seen = view(state, 1)
>>> seen.hand, seen.payoff_tops, seen.payoff_sizes, seen.side[0][0], seen.side_sizes[0][0], seen.stock_size
((Card('2♦'),), (Card('9♦'), Card('Q♣')), (2, 1), (Card('5♣'),), 2, 2)
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import attrs

from spite_rules.cards import Card
from spite_rules.errors import IllegalAction, shown
from spite_rules.malice.events import Drew, Event
from spite_rules.malice.moves import forced_card
from spite_rules.malice.order import WILD, value_table
from spite_rules.malice.rules import Rules
from spite_rules.malice.piles import centre_limit
from spite_rules.malice.scoring import Result
from spite_rules.malice.shape import check_cards, check_centre_stack, check_per_seat, check_players, check_whole
from spite_rules.malice.state import Phase, State

__all__ = ["SeatView", "view", "redact", "check_view", "shown_cards", "open_fields", "OPEN_FIELDS"]


@attrs.frozen
class SeatView:
    """Everything seat ``seat`` may see.

    - ``hand``: its own hand; ``hand_sizes``: every seat's.
    - ``payoff_tops`` (None for an empty pile) and ``payoff_sizes``.
    - ``side``: per seat, per side stack, the cards shown: the whole stack when the rules spread side
      stacks, else its top card only; ``side_sizes``: how many cards each holds.
    - ``centre``: the centre stacks bottom to top (a card stands for its place: the first an ace);
      ``wilds``: each wild card on the centre as (space, value it stands for); the card is
      ``centre[space][value - 1]`` (a view holds each card once).
    - ``stock_size``, ``used_size`` (completed stacks set aside).
    - the turn: ``to_act``, ``phase``, ``moved``, ``passes``, ``owed``, ``exchange``,
      ``forced_from`` (the seat whose pay-off top is a forced card waiting for a place); the end:
      ``finisher``, ``final_turn``, ``game_over``, ``winner``, ``scores``.
    - what the table saw happen, which the state keeps and a search needs to go on from the view
      (:mod:`spite_rules.malice.determinization`): ``pending``, seed 002's forced plays still due
      (``State.pending``: each set off by a card leaving a play deck in sight of all); ``result``,
      this game's result once over; ``series``, the earlier games' results (``scores`` sums them).
    """

    seat: int
    names: tuple[str, ...]
    rules: Rules
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    payoff_tops: tuple[Card | None, ...]
    payoff_sizes: tuple[int, ...]
    side: tuple[tuple[tuple[Card, ...], ...], ...]
    side_sizes: tuple[tuple[int, ...], ...]
    centre: tuple[tuple[Card, ...], ...]
    wilds: tuple[tuple[int, int], ...]
    stock_size: int
    used_size: int
    to_act: int
    phase: Phase
    moved: bool
    passes: int
    owed: tuple[tuple[int, int], ...]
    exchange: int
    forced_from: int | None
    finisher: int | None
    final_turn: bool
    game_over: bool
    winner: int | None
    scores: tuple[int, ...]
    pending: tuple[tuple[int, int, int], ...] = ()
    result: Result | None = None
    series: tuple[Result, ...] = ()


#: The fields of a position that every seat sees as they are (the rules, the names, the centre,
#: whose turn it is, its phase and obligations, the game's end): what a view copies from the state,
#: and a State rebuilt from a view (a determinization, a bot's plan) copies back unchanged.
OPEN_FIELDS = ("rules", "names", "centre", "to_act", "phase", "moved", "passes", "owed", "exchange", "pending",
               "finisher", "final_turn", "game_over", "winner", "result", "series")


def view(state: State, seat: int) -> SeatView:
    """The :class:`SeatView` of ``seat`` (also ``state.view(seat)``). Raises IllegalAction for a
    seat that does not exist.

    >>> from spite_rules.malice.deal import setup
    >>> view(setup(payoff=["5♠", "6♠"]), 2)
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: seat 2 does not exist (seats are 0 to 1)
    """
    if not isinstance(state, State):
        raise IllegalAction(f"state must be a Spite and Malice State, not {type(state).__name__}")
    players = len(state.payoff)
    if type(seat) is not int or not 0 <= seat < players:
        raise IllegalAction(f"seat {shown(seat)} does not exist (seats are 0 to {players - 1})")
    spread = state.rules.spread_side_stacks
    values = value_table(state.rules)
    waiting = forced_card(state) if state.phase is Phase.PLACE else None
    return SeatView(
        seat=seat,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        payoff_tops=tuple(pile[-1] if pile else None for pile in state.payoff),
        payoff_sizes=tuple(len(pile) for pile in state.payoff),
        side=tuple(
            tuple(stack if spread else stack[-1:] for stack in stacks) for stacks in state.side
        ),
        side_sizes=tuple(tuple(len(stack) for stack in stacks) for stacks in state.side),
        wilds=tuple(
            (space, place)
            for space, stack in enumerate(state.centre)
            for place, card in enumerate(stack, start=1)
            if values[card.rank] == WILD
        ),
        stock_size=len(state.stock),
        used_size=len(state.used),
        forced_from=waiting[0] if waiting else None,
        scores=state.scores,
        **{name: getattr(state, name) for name in OPEN_FIELDS},
    )


def open_fields(seen: SeatView) -> dict[str, Any]:
    """:data:`OPEN_FIELDS` of ``seen``, as the keywords of a :class:`State`.

    >>> from spite_rules.malice.deal import setup
    >>> fields = open_fields(view(setup(payoff=["3♠", "Q♣"], hands=["A♠", "2♦"]), 1))
    >>> fields["to_act"], fields["names"]
    (0, ('seat 0', 'seat 1'))
    """
    return {name: getattr(seen, name) for name in OPEN_FIELDS}


def shown_cards(seen: SeatView) -> Counter[Card]:
    """Every card ``seen`` shows: its hand, the pay-off tops, the side-stack cards shown (each top,
    or whole stacks where they are spread) and the centre stacks, counted once each.

    >>> from spite_rules.malice.deal import setup
    >>> state = setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠", "2♦"], side=[["4♣ 5♣"], []], centre=["A♥"])
    >>> sorted(str(card) for card in shown_cards(view(state, 1)).elements())
    ['2♦', '5♣', '9♦', 'A♥', 'Q♣']
    """
    tops = (top for top in seen.payoff_tops if top is not None)
    sides = (stack for stacks in seen.side for stack in stacks)
    return Counter(itertools.chain(seen.hand, tops, *sides, *seen.centre))


def redact(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may see it: the cards another seat drew are hidden (the count stays).

    >>> from spite_rules.cards import parse_cards
    >>> redact(Drew(1, 2, parse_cards("5♣ 6♣")), 0)
    Drew(player=1, count=2, cards=())
    >>> redact(Drew(1, 2, parse_cards("5♣ 6♣")), 1).cards
    (Card('5♣'), Card('6♣'))
    """
    if type(event) is Drew and event.player != seat:
        return Drew(event.player, event.count, ())
    return event


def check_view(view: SeatView) -> None:
    """Raise IllegalAction naming the field and the value when ``view`` is not what a seat could
    see of a position that can happen (the seats agree, its hand is as large as it is counted, each
    seat has its side stacks, the cards are the game's).

    >>> from spite_rules.malice.deal import setup
    >>> import attrs
    >>> seen = setup(payoff=["5♠", "6♠"], hands=["7♣", ""]).view(0)
    >>> check_view(seen)
    >>> check_view(attrs.evolve(seen, to_act=-1))
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: to_act must be a whole number from 0 to 1, not -1
    """
    if type(view) is not SeatView:
        raise IllegalAction(f"view must be a Spite and Malice SeatView, not {shown(view)}")
    rules = view.rules
    if type(rules) is not Rules:
        raise IllegalAction(f"rules must be Spite and Malice Rules, not {shown(rules)}")
    if type(view.names) is not tuple:
        raise IllegalAction(f"names must give one name per seat, not {shown(view.names)}")
    players = len(view.names)
    check_players(rules, players)
    check_whole(view.seat, "seat", 0, players - 1)
    check_whole(view.to_act, "to_act", 0, players - 1)
    for name in ("hand_sizes", "payoff_tops", "payoff_sizes", "side", "side_sizes"):
        check_per_seat(getattr(view, name), players, name)
    check_cards(view.hand, "hand")
    if view.hand_sizes[view.seat] != len(view.hand):
        raise IllegalAction(f"hand_sizes gives seat {view.seat} {shown(view.hand_sizes[view.seat])} cards; its hand holds {len(view.hand)}")
    for seat in range(players):
        check_whole(view.hand_sizes[seat], f"hand_sizes of seat {seat}", 0, 1000)
        check_whole(view.payoff_sizes[seat], f"payoff_sizes of seat {seat}", 0, 1000)
        top = view.payoff_tops[seat]
        if (top is None) is not (view.payoff_sizes[seat] == 0):
            raise IllegalAction(f"payoff_tops of seat {seat} is {shown(top)} for a pile of {view.payoff_sizes[seat]}")
        if top is not None:
            check_cards((top,), f"payoff_tops of seat {seat}")
        stacks = view.side[seat]
        if type(stacks) is not tuple or len(stacks) != rules.side_stacks:
            count = len(stacks) if type(stacks) is tuple else shown(stacks)
            raise IllegalAction(f"side of seat {seat} must hold {rules.side_stacks} side stacks (empty ones too), not {count}")
        for space, stack in enumerate(stacks):
            check_cards(stack, f"side {space + 1} of seat {seat}")
    limit = centre_limit(rules, players)
    if type(view.centre) is not tuple or (limit is not None and len(view.centre) != limit):
        count = len(view.centre) if type(view.centre) is tuple else shown(view.centre)
        raise IllegalAction(f"centre must hold {limit} spaces (empty ones too), not {count}")
    for space, stack in enumerate(view.centre):
        check_centre_stack(rules, check_cards(stack, f"centre {space + 1}"), space)
    check_whole(view.stock_size, "stock_size", 0, 1000)
    check_whole(view.used_size, "used_size", 0, 1000)
    if type(view.phase) is not Phase:
        raise IllegalAction(f"phase must be one of {', '.join(phase.value for phase in Phase)}, not {shown(view.phase)}")
    if (view.phase is Phase.OVER) is not view.game_over:
        raise IllegalAction(f"phase {view.phase.value} does not agree with game_over={view.game_over}")
    for name in ("winner", "finisher", "forced_from"):
        check_whole(getattr(view, name), name, 0, players - 1, none=True)


# ``state.view(seat)`` is this module's :func:`view`: the state, a value, never imports the surfaces
# above it, so they give it what it shows (as spite_rules.malice.display gives it its picture).
setattr(State, "view", view)
