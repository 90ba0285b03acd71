"""The whole table at one moment: :class:`State`, and :func:`setup` to build one by hand.

Layer: Spite: values — may import the core, the cards and the errors.

A state is immutable: ``apply`` returns a new one. Randomness (reshuffling the discards when the
deck runs out) comes from ``seed`` and the count of shuffles so far, so a game is a pure function of
its seed and its actions.

>>> state = make_state(hands=["3♦ 9♠", "4♣ 9♦", "5♣ 9♣"], deck="2♠ 2♥")
>>> state.to_act, state.hands[1], state.direction
(0, (Card('4♣'), Card('9♦')), <Direction.HIGHER: 'higher'>)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from spite_rules.actions import Play, to_cards
from spite_rules.cards import GAME_ORDER, Card, Rank, cards_of, format_cards, parse_card
from spite_rules.errors import IllegalAction, SpiteError, shown
from spite_rules.core.fields import check_fields
from spite_rules.core.frozen import Frozen, declare_fields
from spite_rules.rules import Rules, rules_of
from spite_rules.trick_state import Trick
from spite_rules.vocabulary import Direction

if TYPE_CHECKING:
    from spite_rules.views import SeatView

__all__ = [
    "State",
    "Opening",
    "OpenMisplay",
    "Reward",
    "make_state",
    "next_opening_offer",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "MAX_BUY_BACK_STEP",
    "check_state",
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

    __slots__ = ("rank", "declined")

    rank: Rank
    declined: frozenset[int]

    def __init__(
        self,
        rank: Rank,
        declined: frozenset[int] = frozenset(),
    ) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "declined", declined)

    def _values(self) -> tuple[Any, ...]:
        return (self.rank, self.declined)


class OpenMisplay(Frozen):
    """A misplay that may still be called: the misplayer and the fake jokers it forfeited, held
    until the call window closes (ruling R27)."""

    __slots__ = ("accused", "forfeited")

    accused: int
    forfeited: tuple[Card, ...]

    def __init__(
        self,
        accused: int,
        forfeited: tuple[Card, ...] = (),
    ) -> None:
        object.__setattr__(self, "accused", accused)
        object.__setattr__(self, "forfeited", forfeited)

    def _values(self) -> tuple[Any, ...]:
        return (self.accused, self.forfeited)


class Reward(Frozen):
    """A come-at-me reward being taken: ``player`` may view ``count`` cards from the deck's top."""

    __slots__ = ("player", "count")

    player: int
    count: int

    def __init__(
        self,
        player: int,
        count: int,
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "count", count)

    def _values(self) -> tuple[Any, ...]:
        return (self.player, self.count)


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

    __slots__ = (
        "rules", "hands", "deck", "trick", "to_act", "fake_jokers", "earned", "fake_pile",
        "discard", "bounty", "direction", "buy_back_step", "finished", "losers", "penalties",
        "scores", "round_number", "seed", "shuffles", "round_over", "names", "opening",
        "open_misplays", "called", "streaks", "joker_last", "pending", "reward", "picked_up",
        "losers_by_round", "previous_order", "verdicts",
    )

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
    #: What :func:`~spite_rules.moves.legal_moves` found for this very state, kept with it (as pgx
    #: keeps ``legal_action_mask`` in its state) for ``apply`` to build on: its moves and the verdicts
    #: behind its plays (:data:`~spite_rules.moves.Verdicts`). Set by ``legal_moves``; None in every
    #: new state (however made: no ``__init__`` argument sets it, and no copy carries it over); no
    #: part of equality, hashing, repr, JSON or pickles.
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

    def _values(self) -> tuple[Any, ...]:
        return (
            self.rules, self.hands, self.deck, self.trick, self.to_act, self.fake_jokers, self.earned,
            self.fake_pile, self.discard, self.bounty, self.direction, self.buy_back_step, self.finished,
            self.losers, self.penalties, self.scores, self.round_number, self.seed, self.shuffles,
            self.round_over, self.names, self.opening, self.open_misplays, self.called, self.streaks,
            self.joker_last, self.pending, self.reward, self.picked_up, self.losers_by_round,
            self.previous_order,
        )  # fmt: skip

    if TYPE_CHECKING:  # given to the class by spite_rules.views, a surface above this value

        def view(self, seat: int) -> SeatView:
            """What ``seat`` may see: :func:`spite_rules.views.view`."""
            ...

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


declare_fields(
    Opening,
    ("rank", Rank),
    ("declined", frozenset[int], frozenset()),
)
declare_fields(
    OpenMisplay,
    ("accused", int),
    ("forfeited", tuple[Card, ...], ()),
)
declare_fields(
    Reward,
    ("player", int),
    ("count", int),
)
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


def make_state(
    *,
    hands: Sequence[str | Iterable[Card]],
    deck: str | Iterable[Card] = (),
    bounty: str | Card | None = None,
    leader: int = 0,
    direction: Direction | str = Direction.HIGHER,
    scores: Sequence[int] | None = None,
    fake_jokers: Sequence[str | Iterable[Card]] | None = None,
    earned: Sequence[str | Iterable[Card]] | None = None,
    fake_pile: str | Iterable[Card] | None = None,
    discard: str | Iterable[Card] = (),
    penalties: Sequence[int] | None = None,
    buy_back_step: int = 0,
    round_number: int = 1,
    seed: int = 0,
    rules: Rules | str | None = None,
    names: Sequence[str] | None = None,
    opening: bool = False,
    previous_order: Sequence[int] | None = None,
    losers_by_round: Sequence[int] = (),
) -> State:
    """A position built by hand, exactly as given: a new trick with ``leader`` to act.

    Use :func:`spite_rules.setup` (which calls this) to have the turn offered by the rules, so a
    leader who owes misplay penalties skips as it would at the table.

    ``hands`` has one entry per seat (3 to 9), in notation or as cards; ``deck`` lists the top card
    first. ``opening=True`` starts the first round's opening offers (3s first) instead of a trick
    led by ``leader``. ``fake_jokers`` are written with the ``~`` back mark (``"~4♣"``); by default the fake-joker
    pile holds the rules' fake jokers that no seat holds. ``rules`` are :class:`~spite_rules.rules.Rules`
    or a ruleset's name (``"2023-07"``); seed 000's by default.

    >>> state = make_state(hands=["7♠", "7♦ 8♠", "9♣"], direction="lower", fake_jokers=["", "~4♣", ""])
    >>> state.direction, state.fake_jokers[1], len(state.fake_pile)
    (<Direction.LOWER: 'lower'>, (Card('~4♣'),), 4)
    """
    rules = rules_of(rules)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise IllegalAction(f"hands must be a list with one entry per seat, not {shown(hands)}")
    players = len(hands)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(f"hands: Spite is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if type(leader) is not int or not 0 <= leader < players:
        raise IllegalAction(f"leader {shown(leader)} is not a seat (seats are 0 to {players - 1})")
    seat_hands = tuple(_sorted_cards("hands", hand, seat) for seat, hand in enumerate(hands))
    fakes = _per_seat("fake_jokers", fake_jokers, players)
    extras = _per_seat("earned", earned, players)
    if fake_pile is None:
        pile = Counter(rules.fake_jokers)
        for held in fakes:
            pile.subtract(held)
        pile_cards = tuple(pile.elements())
    else:
        pile_cards = _sorted_cards("fake_pile", fake_pile)
    if isinstance(direction, str) and direction in _DIRECTIONS:
        direction = Direction(direction)
    bounty_card = _card("bounty", bounty) if isinstance(bounty, str) else bounty
    offer = None
    if opening:
        offer, leader = next_opening_offer(seat_hands, Opening(GAME_ORDER[0]), 0)
    return State(
        rules=rules,
        hands=seat_hands,
        deck=_cards_in_order("deck", deck),
        trick=Trick.start(leader),
        to_act=leader,
        fake_jokers=fakes,
        earned=extras,
        fake_pile=pile_cards,
        discard=_sorted_cards("discard", discard),
        bounty=bounty_card,  # check_state names any other type
        direction=direction,  # type: ignore[arg-type]
        buy_back_step=buy_back_step,
        penalties=_numbers("penalties", penalties, (0,) * players),
        scores=_numbers("scores", scores, (0,) * players),
        round_number=round_number,
        seed=seed,
        names=_numbers("names", names, tuple(f"seat {i}" for i in range(players))),
        streaks=(0,) * players,
        joker_last=(False,) * players,
        picked_up=(0,) * players,
        previous_order=_numbers("previous_order", previous_order, None),
        losers_by_round=_numbers("losers_by_round", losers_by_round, ()),
        opening=offer,
    )


_DIRECTIONS = frozenset(direction.value for direction in Direction)


def _refused(field: str, error: SpiteError) -> SpiteError:
    """``error`` (a NotationError for bad notation) with the field it was found in named first."""
    return type(error)(f"{field}: {error}")


def _sorted_cards(field: str, cards: object, seat: int | None = None) -> tuple[Card, ...]:
    """``setup``'s cards for ``field`` (of ``seat``), in game order; IllegalAction naming the
    field for anything that is not cards."""
    try:
        return to_cards(cards)  # type: ignore[arg-type]
    except SpiteError as error:
        raise _refused(field if seat is None else f"{field}[{seat}]", error) from None


def _cards_in_order(field: str, cards: object) -> tuple[Card, ...]:
    try:
        return cards_of(cards)  # type: ignore[arg-type]
    except SpiteError as error:
        raise _refused(field, error) from None


def _card(field: str, text: str) -> Card:
    try:
        return parse_card(text)
    except SpiteError as error:
        raise _refused(field, error) from None


def _per_seat(field: str, given: object, players: int) -> tuple[tuple[Card, ...], ...]:
    """One entry of cards per seat (none given: nothing for every seat)."""
    if given is None:
        return ((),) * players
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
        raise IllegalAction(f"{field} must be a list with one entry per seat, not {shown(given)}")
    if len(given) != players:
        raise IllegalAction(f"{field} has {len(given)} entries for {players} seats")
    return tuple(_sorted_cards(field, cards, seat) for seat, cards in enumerate(given))


def _numbers(field: str, given: object, default: tuple[object, ...] | None) -> Any:
    """A list argument of ``setup`` as a tuple (its entries' types are checked with the state)."""
    if given is None:
        return default
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise IllegalAction(f"{field} must be a list, not {shown(given)}")
    return tuple(given)


def _seats(field: str, seats: Iterable[int], players: int) -> None:
    for seat in seats:
        if not 0 <= seat < players:
            raise IllegalAction(f"State.{field} holds seat {shown(seat)}, which does not exist (seats are 0 to {players - 1})")


def _backs(field: str, cards: Iterable[Card], fake: bool) -> None:
    for card in cards:
        if card.fake is not fake:
            need = "fake jokers, with the ~ mark" if fake else "real cards, without the ~ mark"
            raise IllegalAction(f"State.{field} holds {card}: it holds only {need}")


def check_state(state: State) -> None:
    """Raise IllegalAction naming the field if ``state`` is not a position a Spite table can be
    in; return None if it is. ``setup`` runs it on every position it builds, and ``from_json`` on
    every State it reads: one check of a state's shape for both doors. (``new_game`` and
    ``next_round`` deal from the rules' own deck and do not ask it: it costs some 0.3 ms a deal.)

    It checks each field's Python type (:func:`~spite_rules.core.fields.check_fields`), 3 to 9 seats and
    one entry per seat in every per-seat field, every seat named anywhere exists, each card's back
    (fake jokers and the pile only with the ``~`` mark; earned cards, the deck, the discards and the
    bounty only without it), the counters' ranges (``buy_back_step`` 0 to
    :data:`MAX_BUY_BACK_STEP`, ``penalties``, ``streaks`` and ``picked_up`` not negative,
    ``round_number`` 1 or more) and an opening offered at a face value.

    >>> state = make_state(hands=["5♠", "6♦", "7♣"])
    >>> check_state(attrs.evolve(state, to_act=7))
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: State.to_act 7 is not a seat (seats are 0 to 2)
    >>> check_state(attrs.evolve(state, scores=("a", 0, 0)))
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: State.scores must be a tuple of ints, not ('a', 0, 0) (a tuple)
    """
    check_fields(state, "a State")
    players = len(state.hands)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(f"State.hands has {players} seats: Spite is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    for field in ("fake_jokers", "earned", "penalties", "scores", "names", "streaks", "joker_last", "picked_up"):
        if len(getattr(state, field)) != players:
            raise IllegalAction(f"State.{field} has {len(getattr(state, field))} entries for {players} seats")
    if state.to_act is not None and not 0 <= state.to_act < players:
        raise IllegalAction(f"State.to_act {shown(state.to_act)} is not a seat (seats are 0 to {players - 1})")
    for field in ("penalties", "streaks", "picked_up"):
        if any(count < 0 for count in getattr(state, field)):
            raise IllegalAction(f"State.{field} {getattr(state, field)} holds a negative count")
    for field, low, high in (("buy_back_step", 0, MAX_BUY_BACK_STEP), ("round_number", 1, None), ("shuffles", 0, None)):
        value = getattr(state, field)
        if value < low or (high is not None and value > high):
            bound = f"{low} to {high}" if high is not None else f"{low} or more"
            raise IllegalAction(f"State.{field} {shown(value)} is out of range ({bound})")
    trick = state.trick
    check_fields(trick, "a Trick")
    _seats("trick", (trick.leader, *(play.player for play in trick.plays), *trick.passed, *trick.barred,
                     *trick.passes, *trick.come_at_me), players)
    _seats("finished", state.finished, players)
    _seats("losers", state.losers, players)
    out = state.finished + state.losers
    if len(set(out)) != len(out):
        raise IllegalAction(f"State.finished {state.finished} and losers {state.losers} name a seat twice")
    _seats("called", state.called, players)
    _seats("losers_by_round", state.losers_by_round, players)
    if state.previous_order is not None:
        _seats("previous_order", state.previous_order, players)
    for play in state.pending:
        check_fields(play)
    _seats("pending", (play.player for play in state.pending), players)
    for open_misplay in state.open_misplays:
        check_fields(open_misplay, "an OpenMisplay")
        _backs("open_misplays", open_misplay.forfeited, fake=True)
    _seats("open_misplays", (open_misplay.accused for open_misplay in state.open_misplays), players)
    if state.reward is not None:
        check_fields(state.reward, "a Reward")
        _seats("reward", (state.reward.player,), players)
        if state.reward.count < 0:
            raise IllegalAction(f"State.reward.count {state.reward.count} is negative")
    if state.opening is not None:
        check_fields(state.opening, "an Opening")
        if state.opening.rank not in GAME_ORDER:
            raise IllegalAction(f"State.opening.rank {state.opening.rank!r} is not a face value offered in the opening")
        _seats("opening", state.opening.declined, players)
    for held in state.earned:  # (a hand may hold a fake joker: tests/test_consecutives.py leads one)
        _backs("earned", held, fake=False)
    for held in state.fake_jokers:
        _backs("fake_jokers", held, fake=True)
    _backs("deck", state.deck, fake=False)
    _backs("discard", state.discard, fake=False)
    _backs("fake_pile", state.fake_pile, fake=True)
    if state.bounty is not None:
        _backs("bounty", (state.bounty,), fake=False)

