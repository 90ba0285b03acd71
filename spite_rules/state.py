"""The whole table at one moment: :class:`State`, and :func:`setup` to build one by hand.

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
from typing import TYPE_CHECKING

import attrs

from spite_rules.actions import Play, to_cards
from spite_rules.cards import GAME_ORDER, Card, Rank, format_cards, parse_card
from spite_rules.errors import IllegalAction
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
]

MIN_PLAYERS = 3
MAX_PLAYERS = 9


@attrs.frozen
class Opening:
    """The first round's opening (seed 000, "The First Player"): seats holding a card of ``rank``
    are offered the lead in turn; ``declined`` have said no at this rank."""

    rank: Rank
    declined: frozenset[int] = frozenset()


@attrs.frozen
class OpenMisplay:
    """A misplay that may still be called: the misplayer and the fake jokers it forfeited, held
    until the call window closes (ruling R27)."""

    accused: int
    forfeited: tuple[Card, ...] = ()


@attrs.frozen
class Reward:
    """A come-at-me reward being taken: ``player`` may view ``count`` cards from the deck's top."""

    player: int
    count: int


@attrs.frozen
class State:
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
    discard: tuple[Card, ...] = ()
    bounty: Card | None = None
    direction: Direction = Direction.HIGHER
    buy_back_step: int = 0
    finished: tuple[int, ...] = ()
    losers: tuple[int, ...] = ()
    penalties: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    round_number: int = 1
    seed: int = 0
    shuffles: int = 0
    round_over: bool = False
    names: tuple[str, ...] = ()
    opening: Opening | None = None
    open_misplays: tuple[OpenMisplay, ...] = ()
    called: tuple[int, ...] = ()
    streaks: tuple[int, ...] = ()
    joker_last: tuple[bool, ...] = ()
    pending: tuple[Play, ...] = ()
    reward: Reward | None = None
    picked_up: tuple[int, ...] = ()
    losers_by_round: tuple[int, ...] = ()
    previous_order: tuple[int, ...] | None = None

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: see :func:`spite_rules.views.view`."""
        from spite_rules.views import view  # views build on the state: imported when asked

        return view(self, seat)

    def __str__(self) -> str:
        """The table as a picture (:func:`spite_rules.display.state_picture`); ``repr`` is exact."""
        from spite_rules.display import state_picture  # the picture builds on the state

        return state_picture(self)

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
    players = len(hands)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(f"Spite is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if not 0 <= leader < players:
        raise IllegalAction(f"leader {leader} is not a seat (seats are 0 to {players - 1})")
    seat_hands = tuple(to_cards(hand) for hand in hands)
    fakes = tuple(to_cards(f) for f in (fake_jokers or [()] * players))
    extras = tuple(to_cards(e) for e in (earned or [()] * players))
    for name, per_seat in (("fake_jokers", fakes), ("earned", extras)):
        if len(per_seat) != players:
            raise IllegalAction(f"{name} has {len(per_seat)} entries for {players} seats")
    for seat, held in enumerate(fakes):
        if any(not card.fake for card in held):
            raise IllegalAction(f"seat {seat}'s fake jokers {format_cards(held)} need the ~ mark")
    if fake_pile is None:
        pile = Counter(rules.fake_jokers)
        for held in fakes:
            pile.subtract(held)
        pile_cards = tuple(pile.elements())
    else:
        pile_cards = to_cards(fake_pile)
    direction = Direction(direction) if isinstance(direction, str) else direction
    bounty_card = parse_card(bounty) if isinstance(bounty, str) else bounty
    state = State(
        rules=rules,
        hands=seat_hands,
        deck=tuple(parse_card(t) for t in deck.replace(",", " ").split())
        if isinstance(deck, str)
        else tuple(deck),
        trick=Trick.start(leader),
        to_act=leader,
        fake_jokers=fakes,
        earned=extras,
        fake_pile=pile_cards,
        discard=to_cards(discard),
        bounty=bounty_card,
        direction=direction,
        buy_back_step=buy_back_step,
        penalties=tuple(penalties or [0] * players),
        scores=tuple(scores or [0] * players),
        round_number=round_number,
        seed=seed,
        names=tuple(names) if names is not None else tuple(f"seat {i}" for i in range(players)),
        streaks=(0,) * players,
        joker_last=(False,) * players,
        picked_up=(0,) * players,
        previous_order=tuple(previous_order) if previous_order is not None else None,
        losers_by_round=tuple(losers_by_round),
    )
    if opening:
        offer, seat = next_opening_offer(seat_hands, Opening(GAME_ORDER[0]), 0)
        state = attrs.evolve(state, opening=offer, to_act=seat, trick=Trick.start(seat))
    return state

