"""The whole Spite and Malice table at one moment: :class:`State` and its turn :class:`Phase`.

Layer: Spite and Malice: values — may import the core, the cards and the errors; never Spite.
Compiled: it holds only ``core.frozen.Frozen`` values (that module says why), enums and functions.

A state is immutable; ``apply`` returns a new one. Pay-off piles are kept **top card last**, the
stock **top card first**, side and centre stacks bottom to top. Centre stacks sit in fixed spaces:
an empty space is ``()``. A centre card stands for its place in the stack (the first an ace, the
second a 2, ...), so a wild card's value is its position. Randomness (every reshuffle) comes from
``seed`` and the count of ``shuffles`` so far: a game is a pure function of its seed and actions.

>>> from spite_rules.malice.deal import setup
>>> state = setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠ K♥", "2♦"], stock="5♣ 6♣")
>>> state.payoff[0][-1], state.centre, state.phase
(Card('9♦'), ((), (), ()), <Phase.PLAY: 'play'>)
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from typing import TYPE_CHECKING

from spite_rules.cards import Card
from spite_rules.core.frozen import Frozen, declare_fields
from spite_rules.malice.rules import Rules
from spite_rules.malice.scoring import Result, series_scores

if TYPE_CHECKING:
    from spite_rules.malice.views import SeatView

__all__ = ["State", "Phase", "Stack", "teams_of", "partners_of", "opposes"]

#: A pile of cards, bottom to top (a pay-off pile's top is its last card too).
Stack = tuple[Card, ...]


class Phase(enum.Enum):
    """Where the turn of ``to_act`` stands. Drawing to five happens inside ``apply`` (seed 003: "If
    you have fewer than five cards in your hand you begin your turn by drawing cards"), so a state
    rests only in these phases:

    - ``PLAY``: play to the centre (and, by the preset, load, substitute), or end the turn.
    - ``FILL``: Massachusetts, the ending has begun: "you must play a card from your hand to each
      of your empty side-stacks" before the discard that ends the turn.
    - ``PLACE``: seed 002, a card must be played at once and fits more than one centre stack: the
      seat to act chooses where (``PlaceForced``).
    - ``OVER``: the game has ended.
    """

    PLAY = "play"
    FILL = "fill"
    PLACE = "place"
    OVER = "over"


def teams_of(players: int, partnerships: bool) -> tuple[tuple[int, ...], ...]:
    """The sides of the table: each seat alone, or partners opposite each other (seed 003: "Partners
    sit opposite each other").

    >>> teams_of(4, True), teams_of(6, True)
    (((0, 2), (1, 3)), ((0, 3), (1, 4), (2, 5)))
    >>> teams_of(3, False)
    ((0,), (1,), (2,))
    """
    if not partnerships:
        return tuple((seat,) for seat in range(players))
    half = players // 2
    return tuple((seat, seat + half) for seat in range(half))


def partners_of(players: int, partnerships: bool, seat: int) -> tuple[int, ...]:
    """The other seats on ``seat``'s side (none without partnerships).

    >>> partners_of(4, True, 1), partners_of(2, False, 0)
    ((3,), ())
    """
    if not partnerships:
        return ()
    return ((seat + players // 2) % players,)


def opposes(players: int, partnerships: bool, seat: int, other: int) -> bool:
    """Is ``other`` an opponent of ``seat`` (neither the seat itself nor its partner)?

    >>> opposes(4, True, 0, 2), opposes(4, True, 0, 1), opposes(2, False, 1, 1)
    (False, True, False)
    """
    return other != seat and other not in partners_of(players, partnerships, seat)


class State(Frozen):
    """Everything about the table.

    - ``payoff`` (each seat's pay-off pile, top card last; seed 002's "play deck", seed 004's
      "stack"), ``hands`` (sorted), ``side`` (each seat's side stacks, in fixed spaces),
      ``centre`` (the centre stacks in fixed spaces), ``stock`` (top card first), ``used``
      (completed stacks set aside until the stock needs them).
    - ``to_act``, ``phase``; this turn's bookkeeping: ``moved`` (has a card moved this turn),
      ``owed`` (seed 002: wild cards that must be covered by a real card before the turn ends, as
      (centre space, place in the stack)), ``exchange`` (seed 002: the opponent's discards used
      minus their play-deck cards used this turn), ``pending`` (seed 002's forced plays still to
      make: (seat of the play deck, value, rule)); ``passes`` (turns in a row ended without moving
      a card).
    - ``finisher``: seed 002, the seat whose play deck emptied first; ``final_turn``: the turn under
      way is the other seat's last (the game ends with it).
    - ``game_over``, ``winner`` (None for a draw or while playing), ``result``, ``series`` (the
      earlier games of a series), ``seed``, ``shuffles``, ``names``, ``rules``.
    """

    rules: Rules
    names: tuple[str, ...]
    payoff: tuple[Stack, ...]
    hands: tuple[Stack, ...]
    side: tuple[tuple[Stack, ...], ...]
    centre: tuple[Stack, ...]
    stock: Stack
    used: Stack
    to_act: int
    phase: Phase
    moved: bool
    passes: int
    owed: tuple[tuple[int, int], ...]
    exchange: int
    pending: tuple[tuple[int, int, int], ...]
    finisher: int | None
    final_turn: bool
    game_over: bool
    winner: int | None
    result: Result | None
    series: tuple[Result, ...]
    seed: int
    shuffles: int
    #: What the rules found of this very state (:data:`~spite_rules.malice.kept.Kept`: the moves
    #: ``legal_moves`` found, which ``apply`` trusts); hidden: None in every new state, however
    #: made, and no part of the value (``kept.py`` says how).
    verdicts: object

    def __init__(
        self,
        rules: Rules,
        names: tuple[str, ...],
        payoff: tuple[Stack, ...],
        hands: tuple[Stack, ...],
        side: tuple[tuple[Stack, ...], ...],
        centre: tuple[Stack, ...],
        stock: Stack,
        used: Stack = (),
        to_act: int = 0,
        phase: Phase = Phase.PLAY,
        moved: bool = False,
        passes: int = 0,
        owed: tuple[tuple[int, int], ...] = (),
        exchange: int = 0,
        pending: tuple[tuple[int, int, int], ...] = (),
        finisher: int | None = None,
        final_turn: bool = False,
        game_over: bool = False,
        winner: int | None = None,
        result: Result | None = None,
        series: tuple[Result, ...] = (),
        seed: int = 0,
        shuffles: int = 0,
    ) -> None:
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "payoff", payoff)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "centre", centre)
        object.__setattr__(self, "stock", stock)
        object.__setattr__(self, "used", used)
        object.__setattr__(self, "to_act", to_act)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "moved", moved)
        object.__setattr__(self, "passes", passes)
        object.__setattr__(self, "owed", owed)
        object.__setattr__(self, "exchange", exchange)
        object.__setattr__(self, "pending", pending)
        object.__setattr__(self, "finisher", finisher)
        object.__setattr__(self, "final_turn", final_turn)
        object.__setattr__(self, "game_over", game_over)
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "result", result)
        object.__setattr__(self, "series", series)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "shuffles", shuffles)
        object.__setattr__(self, "verdicts", None)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: :func:`spite_rules.malice.views.view`, which that module (a surface
        above this value, imported with the package) gives the class in place of this one."""
        raise NotImplementedError("spite_rules.malice.views gives State its view")

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.payoff)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides of the table (:func:`teams_of`)."""
        return teams_of(len(self.payoff), self.rules.partnerships)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score over the series so far, this game included once it is over (all
        zeros where the rules keep no score).

        >>> from spite_rules.malice.deal import setup
        >>> setup(payoff=["5♠", "6♠"]).scores
        (0, 0)
        """
        finished = self.series + ((self.result,) if self.result is not None else ())
        return series_scores(self.rules, finished, len(self.payoff))

    def all_cards(self) -> Counter[Card]:
        """Every card at the table, wherever it is (conserved by every action).

        >>> from spite_rules.malice.deal import setup
        >>> sum(setup(payoff=["5♠", "6♠"], hands=["7♣", ""], stock="8♦").all_cards().values())
        4
        """
        sides = (stack for stacks in self.side for stack in stacks)
        return Counter(itertools.chain(self.stock, self.used, *self.payoff, *self.hands, *sides, *self.centre))


declare_fields(
    State,
    ("rules", Rules),
    ("names", tuple[str, ...]),
    ("payoff", tuple[Stack, ...]),
    ("hands", tuple[Stack, ...]),
    ("side", tuple[tuple[Stack, ...], ...]),
    ("centre", tuple[Stack, ...]),
    ("stock", Stack),
    ("used", Stack, ()),
    ("to_act", int, 0),
    ("phase", Phase, Phase.PLAY),
    ("moved", bool, False),
    ("passes", int, 0),
    ("owed", tuple[tuple[int, int], ...], ()),
    ("exchange", int, 0),
    ("pending", tuple[tuple[int, int, int], ...], ()),
    ("finisher", int | None, None),
    ("final_turn", bool, False),
    ("game_over", bool, False),
    ("winner", int | None, None),
    ("result", Result | None, None),
    ("series", tuple[Result, ...], ()),
    ("seed", int, 0),
    ("shuffles", int, 0),
    ("verdicts", object, None),
    hidden=("verdicts",),
    plain_init=True,
)
