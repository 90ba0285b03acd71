"""What one seat may know in Spite and Malice: :func:`view` of a state and :func:`redact` of an
event.

A view holds the seat's own hand, every pay-off top and pay-off size, the side stacks (whole where
they are spread, else each top and size), the centre stacks (with the value each wild card stands
for), the stock's size, and the public facts of the turn and the score; nothing else: no other hand,
no stock order, no pay-off card below the top, no buried side-stack card unless spread, no seed.

>>> from spite_rules.malice.deal import setup
>>> state = setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠ K♥", "2♦"], side=[["4♣ 5♣"], []], stock="5♣ 6♣")
>>> seen = view(state, 1)
>>> seen.hand, seen.payoff_tops, seen.payoff_sizes, seen.side[0][0], seen.side_sizes[0][0], seen.stock_size
((Card('2♦'),), (Card('9♦'), Card('Q♣')), (2, 1), (Card('5♣'),), 2, 2)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from spite_rules.cards import Card
from spite_rules.errors import IllegalAction
from spite_rules.malice.events import Drew, Event
from spite_rules.malice.moves import forced_card
from spite_rules.malice.order import WILD, value_table
from spite_rules.malice.rules import Rules
from spite_rules.malice.scoring import Result
from spite_rules.malice.state import Phase, State

__all__ = ["SeatView", "view", "redact", "shown_cards", "open_fields", "OPEN_FIELDS"]


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
        raise IllegalAction(f"seat {seat!r} does not exist (seats are 0 to {players - 1})")
    spread = state.rules.spread_side_stacks
    values = value_table(state.rules)
    waiting = forced_card(state) if state.phase is Phase.PLACE else None
    return SeatView(
        seat=seat,
        names=state.names,
        rules=state.rules,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        payoff_tops=tuple(pile[-1] if pile else None for pile in state.payoff),
        payoff_sizes=tuple(len(pile) for pile in state.payoff),
        side=tuple(
            tuple(stack if spread else stack[-1:] for stack in stacks) for stacks in state.side
        ),
        side_sizes=tuple(tuple(len(stack) for stack in stacks) for stacks in state.side),
        centre=state.centre,
        wilds=tuple(
            (space, place)
            for space, stack in enumerate(state.centre)
            for place, card in enumerate(stack, start=1)
            if values[card.rank] == WILD
        ),
        stock_size=len(state.stock),
        used_size=len(state.used),
        to_act=state.to_act,
        phase=state.phase,
        moved=state.moved,
        passes=state.passes,
        owed=state.owed,
        exchange=state.exchange,
        forced_from=waiting[0] if waiting else None,
        finisher=state.finisher,
        final_turn=state.final_turn,
        game_over=state.game_over,
        winner=state.winner,
        scores=state.scores,
        pending=state.pending,
        result=state.result,
        series=state.series,
    )


#: The fields of a position that every seat sees as they are (the rules, the names, the centre,
#: whose turn it is, its phase and obligations, the game's end): what a State rebuilt from a view
#: (a determinization, a bot's plan) copies unchanged.
OPEN_FIELDS = ("rules", "names", "centre", "to_act", "phase", "moved", "passes", "owed", "exchange", "pending",
               "finisher", "final_turn", "game_over", "winner", "result", "series")


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
    shown: Counter[Card] = Counter(seen.hand)
    shown.update(top for top in seen.payoff_tops if top is not None)
    for stacks in seen.side:
        for stack in stacks:
            shown.update(stack)
    for stack in seen.centre:
        shown.update(stack)
    return shown


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


# ``state.view(seat)`` is this module's :func:`view`: the state, a value, never imports the surfaces
# above it, so they give it what it shows (as spite_rules.malice.display gives it its picture).
setattr(State, "view", view)
