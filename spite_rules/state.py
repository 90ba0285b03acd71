"""The whole table at one moment: :class:`State` (:func:`~spite_rules.position.make_state` builds
one by hand).

Layer: Spite: values — may import the core, the cards and the errors.

A state is immutable: ``apply`` returns a new one. Randomness (reshuffling the discards when the
deck runs out) comes from ``seed`` and the count of shuffles so far, so a game is a pure function of
its seed and its actions. Its values are :class:`~spite_rules.core.frozen.Frozen` classes,
compiled in the compiled build (copied with :func:`~spite_rules.core.frozen.replace`).

>>> from spite_rules.position import make_state
>>> state = make_state(hands=["3♦ 9♠", "4♣ 9♦", "5♣ 9♣"], deck="2♠ 2♥")
>>> state.to_act, state.hands[1], state.direction
(0, (Card('4♣'), Card('9♦')), <Direction.HIGHER: 'higher'>)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final


from spite_rules.actions import Play
from spite_rules.cards import GAME_ORDER, Card, Rank, format_cards
from spite_rules.core.frozen import Frozen, declare_fields
from spite_rules.rules import Rules
from spite_rules.trick_state import Trick
from spite_rules.vocabulary import Direction

if TYPE_CHECKING:
    from spite_rules.views import SeatView

__all__ = [
    "State",
    "Opening",
    "OpenMisplay",
    "Reward",
    "next_opening_offer",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "MAX_BUY_BACK_STEP",
]

MIN_PLAYERS = 3
MAX_PLAYERS = 9


#: The most buy-backs that stood in one round a position may count (ruling X8): the count due
#: grows as the Fibonacci numbers (the 1,000th has 209 digits, where the whole deck is 189 cards),
#: and no game comes near it (the fuzz run's highest was 25, docs/fuzz.md).
MAX_BUY_BACK_STEP: Final = 1_000


class Opening(Frozen):
    """The first round's opening (seed 000, "The First Player"): seats holding a card of ``rank``
    are offered the lead in turn; ``declined`` have said no at this rank."""

    rank: Rank
    declined: frozenset[int]

    def __init__(self, rank: Rank, declined: frozenset[int] = frozenset()) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "declined", declined)


class OpenMisplay(Frozen):
    """A misplay that may still be called: the misplayer and the fake jokers it forfeited, held
    until the call window closes (ruling R27)."""

    accused: int
    forfeited: tuple[Card, ...]

    def __init__(self, accused: int, forfeited: tuple[Card, ...] = ()) -> None:
        object.__setattr__(self, "accused", accused)
        object.__setattr__(self, "forfeited", forfeited)


class Reward(Frozen):
    """A come-at-me reward being taken: ``player`` may view ``count`` cards from the deck's top."""

    player: int
    count: int

    def __init__(self, player: int, count: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "count", count)


class State(Frozen):
    """Everything about the table.

    - ``hands``: each seat's regular hand (sorted); ``fake_jokers``: the fake jokers each holds;
      ``earned``: real cards each holds apart, earned when the fake-joker pile was empty.
    - ``deck`` (top card first), ``discard`` (finished tricks), ``fake_pile``, ``bounty``.
    - ``direction``, ``buy_back_step`` (buy-backs so far this round), ``trick``, ``to_act``.
    - ``finished``: seats in the order they went out; ``losers``: seats that lost at once, the
      latest last; ``penalties``: turns each seat must still skip for misplays.
    - ``scores``, ``round_number`` (1 is the first round), ``seed``, ``shuffles``.
    - ``names``; ``opening`` (the first round's offers, until someone leads); ``open_misplays``
      (misplays that may still be called); ``called`` (seats with a misplay this round no longer open
      to a call, because it was called or its call window closed: a later call on one is correct,
      and wins nothing, ruling R27); ``streaks`` (each seat's successful come-at-me tricks with
      no trick won by another seat since); ``joker_last`` (whether each seat's latest play was a
      joker hand or a face-down fake joker); ``pending`` (out-of-turn plays waiting for their seat's
      turn); ``reward`` (a come-at-me reward being taken); ``picked_up`` (cards each seat last picked
      up, for its time allowance); ``losers_by_round`` (the last-placed seat of each round so far,
      late joiners included); ``previous_order`` (the last round's finishing order).
    """

    rules: Rules
    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    trick: Trick
    to_act: int | None
    fake_jokers: tuple[tuple[Card, ...], ...]
    earned: tuple[tuple[Card, ...], ...]
    fake_pile: tuple[Card, ...]
    discard: tuple[Card, ...]
    bounty: Card | None
    direction: Direction
    buy_back_step: int
    finished: tuple[int, ...]
    losers: tuple[int, ...]
    penalties: tuple[int, ...]
    scores: tuple[int, ...]
    round_number: int
    seed: int
    shuffles: int
    round_over: bool
    names: tuple[str, ...]
    opening: Opening | None
    open_misplays: tuple[OpenMisplay, ...]
    called: tuple[int, ...]
    streaks: tuple[int, ...]
    joker_last: tuple[bool, ...]
    pending: tuple[Play, ...]
    reward: Reward | None
    picked_up: tuple[int, ...]
    losers_by_round: tuple[int, ...]
    previous_order: tuple[int, ...] | None
    #: What :func:`~spite_rules.moves.legal_moves` found for this very state (its moves and the
    #: verdicts behind its plays, :data:`~spite_rules.moves.Verdicts`), for ``apply`` to build on.
    #: None in every new state (no ``__init__`` argument sets it, no copy carries it over); no part
    #: of equality, hashing, repr, JSON or pickles.
    verdicts: object

    def __init__(
        self,
        rules: Rules,
        hands: tuple[tuple[Card, ...], ...],
        deck: tuple[Card, ...],
        trick: Trick,
        to_act: int | None,
        fake_jokers: tuple[tuple[Card, ...], ...],
        earned: tuple[tuple[Card, ...], ...],
        fake_pile: tuple[Card, ...],
        discard: tuple[Card, ...] = (),
        bounty: Card | None = None,
        direction: Direction = Direction.HIGHER,
        buy_back_step: int = 0,
        finished: tuple[int, ...] = (),
        losers: tuple[int, ...] = (),
        penalties: tuple[int, ...] = (),
        scores: tuple[int, ...] = (),
        round_number: int = 1,
        seed: int = 0,
        shuffles: int = 0,
        round_over: bool = False,
        names: tuple[str, ...] = (),
        opening: Opening | None = None,
        open_misplays: tuple[OpenMisplay, ...] = (),
        called: tuple[int, ...] = (),
        streaks: tuple[int, ...] = (),
        joker_last: tuple[bool, ...] = (),
        pending: tuple[Play, ...] = (),
        reward: Reward | None = None,
        picked_up: tuple[int, ...] = (),
        losers_by_round: tuple[int, ...] = (),
        previous_order: tuple[int, ...] | None = None,
    ) -> None:
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "trick", trick)
        object.__setattr__(self, "to_act", to_act)
        object.__setattr__(self, "fake_jokers", fake_jokers)
        object.__setattr__(self, "earned", earned)
        object.__setattr__(self, "fake_pile", fake_pile)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "bounty", bounty)
        object.__setattr__(self, "direction", direction)
        object.__setattr__(self, "buy_back_step", buy_back_step)
        object.__setattr__(self, "finished", finished)
        object.__setattr__(self, "losers", losers)
        object.__setattr__(self, "penalties", penalties)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "round_number", round_number)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "shuffles", shuffles)
        object.__setattr__(self, "round_over", round_over)
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "opening", opening)
        object.__setattr__(self, "open_misplays", open_misplays)
        object.__setattr__(self, "called", called)
        object.__setattr__(self, "streaks", streaks)
        object.__setattr__(self, "joker_last", joker_last)
        object.__setattr__(self, "pending", pending)
        object.__setattr__(self, "reward", reward)
        object.__setattr__(self, "picked_up", picked_up)
        object.__setattr__(self, "losers_by_round", losers_by_round)
        object.__setattr__(self, "previous_order", previous_order)
        object.__setattr__(self, "verdicts", None)

    def _copy(self) -> State:
        # The copy each action makes (core.frozen.replace_from), native (docs/performance.md)
        return State(
            self.rules, self.hands, self.deck, self.trick, self.to_act, self.fake_jokers, self.earned,
            self.fake_pile, self.discard, self.bounty, self.direction, self.buy_back_step, self.finished,
            self.losers, self.penalties, self.scores, self.round_number, self.seed, self.shuffles,
            self.round_over, self.names, self.opening, self.open_misplays, self.called, self.streaks,
            self.joker_last, self.pending, self.reward, self.picked_up, self.losers_by_round,
            self.previous_order,
        )  # fmt: skip

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: :func:`spite_rules.views.view`, which that module (a surface above
        this value, imported with the package) gives the class in place of this one."""
        raise NotImplementedError("spite_rules.views gives State its view")

    @property
    def standings(self) -> tuple[tuple[str, int], ...]:
        """(name, score) for every seat, highest score first (ties in seat order). The game has no
        target score: it ends when the table stops, and these are its standings."""
        ranked = sorted(range(self.players), key=lambda seat: -self.scores[seat])
        return tuple((self.names[seat], self.scores[seat]) for seat in ranked)

    @property
    def time_allowance(self) -> int | None:
        """Seconds the seat to act has to decide: seed 000, "A player has 5 seconds to make a
        decision when it is their turn. If the player has just picked up extra cards, they get one
        extra second for each card they picked up." ``None`` when nobody is to act."""
        if self.to_act is None:
            return None
        return self.rules.decision_seconds + self.picked_up[self.to_act]

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still playing the round: not gone out and not lost."""
        out = self.finished + self.losers
        if not out:
            return tuple(range(len(self.hands)))
        return tuple(seat for seat in range(len(self.hands)) if seat not in out)

    def in_round(self, seat: int) -> bool:
        """Is ``seat`` still playing this round?"""
        return seat not in self.finished and seat not in self.losers

    def holdings(self, seat: int) -> str:
        """What a seat holds, in notation, for messages."""
        text = format_cards(self.hands[seat]) or "nothing"
        if self.fake_jokers[seat]:
            text += f"; fake jokers {format_cards(self.fake_jokers[seat])}"
        if self.earned[seat]:
            text += f"; earned {format_cards(self.earned[seat])}"
        return text

    def real_cards(self) -> Counter[Card]:
        """Every real (non-fake) card at the table: hands, earned, deck, discard, trick, bounty.
        Conserved by every action."""
        count: Counter[Card] = Counter()
        for cards in (*self.hands, *self.earned, self.deck, self.discard):
            count.update(cards)
        count.update(card for card in self.trick.cards if not card.fake)
        if self.bounty is not None:
            count[self.bounty] += 1
        return count

    def fake_joker_cards(self) -> Counter[Card]:
        """Every fake joker: in the pile, held, or forfeited by a misplay still open to a call.
        Conserved by every action."""
        count: Counter[Card] = Counter(self.fake_pile)
        for cards in self.fake_jokers:
            count.update(cards)
        for open_misplay in self.open_misplays:
            count.update(open_misplay.forfeited)
        return count


declare_fields(Opening, ("rank", Rank), ("declined", frozenset[int], frozenset()), plain_init=True)
declare_fields(OpenMisplay, ("accused", int), ("forfeited", tuple[Card, ...], ()), plain_init=True)
declare_fields(Reward, ("player", int), ("count", int), plain_init=True)
declare_fields(
    State,
    ("rules", Rules),
    ("hands", tuple[tuple[Card, ...], ...]),
    ("deck", tuple[Card, ...]),
    ("trick", Trick),
    ("to_act", int | None),
    ("fake_jokers", tuple[tuple[Card, ...], ...]),
    ("earned", tuple[tuple[Card, ...], ...]),
    ("fake_pile", tuple[Card, ...]),
    ("discard", tuple[Card, ...], ()),
    ("bounty", Card | None, None),
    ("direction", Direction, Direction.HIGHER),
    ("buy_back_step", int, 0),
    ("finished", tuple[int, ...], ()),
    ("losers", tuple[int, ...], ()),
    ("penalties", tuple[int, ...], ()),
    ("scores", tuple[int, ...], ()),
    ("round_number", int, 1),
    ("seed", int, 0),
    ("shuffles", int, 0),
    ("round_over", bool, False),
    ("names", tuple[str, ...], ()),
    ("opening", Opening | None, None),
    ("open_misplays", tuple[OpenMisplay, ...], ()),
    ("called", tuple[int, ...], ()),
    ("streaks", tuple[int, ...], ()),
    ("joker_last", tuple[bool, ...], ()),
    ("pending", tuple[Play, ...], ()),
    ("reward", Reward | None, None),
    ("picked_up", tuple[int, ...], ()),
    ("losers_by_round", tuple[int, ...], ()),
    ("previous_order", tuple[int, ...] | None, None),
    ("verdicts", object, None),
    hidden=('verdicts',),
    plain_init=True,
)


def next_opening_offer(
    hands: Sequence[Sequence[Card]],
    opening: Opening,
    start: int,
    barred: frozenset[int] = frozenset(),
) -> tuple[Opening | None, int]:
    """The next opening offer from seat ``start`` (clockwise, ``start`` included): the opening with
    its rank and the seat offered. Seats holding no card of the rank are passed over; once every
    holder has declined, the offer moves to the next rank from seat 0.

    Seed 000, "The First Player": "any player who was dealt any 3s may play a hand that includes
    one of more of them ... If no player has any 3s (or those with 3s do not wish to play them) then
    the round may begin by applying the same rule to 4s, then 5s, and so forth". Ruling R20: the
    offers go clockwise from seat 0, ranks climb in game order (13s included), and if nobody leads
    at any rank, seat 0 must lead any hand (the opening is then ``None``). Seats ``barred`` by a
    misplay in the opening are offered nothing more.

    >>> hands = [parse_cards("5♠"), parse_cards("3♦ 9♠"), parse_cards("3♣")]
    >>> next_opening_offer(hands, Opening(Rank.THREE), 0)
    (Opening(rank=<Rank.THREE: 3>, declined=frozenset()), 1)
    """
    players = len(hands)
    rank_index = GAME_ORDER.index(opening.rank)
    declined = opening.declined
    while rank_index < len(GAME_ORDER):
        rank = GAME_ORDER[rank_index]
        for offset in range(players):
            seat = (start + offset) % players
            if seat in declined or seat in barred:
                continue
            if any(card.rank is rank and not card.fake for card in hands[seat]):
                return Opening(rank, declined), seat
        rank_index, declined, start = rank_index + 1, frozenset(), 0
    return None, next((seat for seat in range(players) if seat not in barred), 0)
