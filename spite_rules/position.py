"""A Spite position built by hand, and the door every position read from outside passes:
:func:`make_state` (what ``setup`` and ``new_game`` build on) and :func:`check_state` (what
``setup``, ``deal`` and ``from_json`` run).

Layer: Spite: values — may import the core, the cards, the errors and the state.

Kept apart from :mod:`spite_rules.state`, whose values the compiled build compiles: these doors run
once a position, stay interpreted, and keep the signature ``help(sr.setup)`` shows.

>>> state = make_state(hands=["3♦ 9♠", "4♣ 9♦", "5♣ 9♣"], deck="2♠ 2♥")
>>> state.to_act, state.hands[1], state.direction
(0, (Card('4♣'), Card('9♦')), <Direction.HIGHER: 'higher'>)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from spite_rules.actions import to_cards
from spite_rules.cards import GAME_ORDER, Card, cards_of, parse_card
from spite_rules.errors import IllegalAction, SpiteError, shown
from spite_rules.core.fields import check_arguments, check_fields
from spite_rules.rules import Rules, rules_of
from spite_rules.state import (
    MAX_BUY_BACK_STEP, MAX_PLAYERS, MIN_PLAYERS, Opening, State, next_opening_offer,
)  # fmt: skip
from spite_rules.trick_state import Trick
from spite_rules.vocabulary import Direction

__all__ = ["make_state", "check_state"]


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
    """A position built by hand, exactly as given: a new trick with ``leader`` to act. The
    arguments are :func:`spite_rules.setup`'s (which calls this, and has the turn offered by the
    rules, so a leader who owes misplay penalties skips as it would at the table).

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
    seat_hands = tuple(_read(f"hands[{seat}]", to_cards, hand) for seat, hand in enumerate(hands))
    fakes = _per_seat("fake_jokers", fake_jokers, players)
    extras = _per_seat("earned", earned, players)
    if fake_pile is None:
        pile = Counter(rules.fake_jokers)
        for held in fakes:
            pile.subtract(held)
        pile_cards = tuple(pile.elements())
    else:
        pile_cards = _read("fake_pile", to_cards, fake_pile)
    if isinstance(direction, str) and direction in _DIRECTIONS:
        direction = Direction(direction)
    bounty_card = _read("bounty", parse_card, bounty) if isinstance(bounty, str) else bounty
    offer = None
    if opening:
        offer, leader = next_opening_offer(seat_hands, Opening(GAME_ORDER[0]), 0)
    arguments: dict[str, Any] = dict(
        rules=rules,
        hands=seat_hands,
        deck=_read("deck", cards_of, deck),
        trick=Trick.start(leader),
        to_act=leader,
        fake_jokers=fakes,
        earned=extras,
        fake_pile=pile_cards,
        discard=_read("discard", to_cards, discard),
        bounty=bounty_card,  # check_state names any other type
        direction=direction,
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
    check_arguments(State, arguments)  # a compiled State checks its arguments' types: name the field first
    return State(**arguments)


_DIRECTIONS = frozenset(direction.value for direction in Direction)


_T = TypeVar("_T")


def _read(field: str, read: Callable[[Any], _T], given: object) -> _T:
    """``setup``'s ``read(given)`` for ``field``: the error it raises for anything that is not
    cards (a NotationError for bad notation) raised again with the field named first."""
    try:
        return read(given)
    except SpiteError as error:
        raise type(error)(f"{field}: {error}") from None


def _per_seat(field: str, given: object, players: int) -> tuple[tuple[Card, ...], ...]:
    """One entry of cards per seat (none given: nothing for every seat)."""
    if given is None:
        return ((),) * players
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
        raise IllegalAction(f"{field} must be a list with one entry per seat, not {shown(given)}")
    if len(given) != players:
        raise IllegalAction(f"{field} has {len(given)} entries for {players} seats")
    return tuple(_read(f"{field}[{seat}]", to_cards, cards) for seat, cards in enumerate(given))


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
    >>> import attrs
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

