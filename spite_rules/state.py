"""The whole table at one moment: :class:`State`, and :func:`setup` to build one by hand.

A state is immutable: ``apply`` returns a new one. Randomness (reshuffling the discards when the
deck runs out) comes from ``seed`` and the count of shuffles so far, so a game is a pure function of
its seed and its actions.

>>> state = setup(hands=["3♦ 9♠", "4♣ 9♦", "5♣ 9♣"], deck="2♠ 2♥")
>>> state.to_act, state.hands[1], state.direction
(0, (Card('4♣'), Card('9♦')), <Direction.HIGHER: 'higher'>)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from spite_rules.actions import to_cards
from spite_rules.cards import Card, format_cards, parse_card
from spite_rules.errors import IllegalAction
from spite_rules.rules import Rules
from spite_rules.trick import Direction, Trick

__all__ = ["State", "setup", "MIN_PLAYERS", "MAX_PLAYERS"]

MIN_PLAYERS = 3
MAX_PLAYERS = 9


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

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still playing the round: not gone out and not lost."""
        out = set(self.finished) | set(self.losers)
        return tuple(seat for seat in range(self.players) if seat not in out)

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
        """Every fake joker: in the pile or held. Conserved by every action."""
        count: Counter[Card] = Counter(self.fake_pile)
        for cards in self.fake_jokers:
            count.update(cards)
        return count


def _cards(value: str | Iterable[Card]) -> tuple[Card, ...]:
    return to_cards(value)


def setup(
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
    rules: Rules | None = None,
) -> State:
    """A position built by hand, for tests, scenarios and disputes: a new trick led by ``leader``.

    ``hands`` has one entry per seat (3 to 9), in notation or as cards; ``deck`` lists the top card
    first. ``fake_jokers`` are written with the ``~`` back mark (``"~4♣"``); by default the fake-joker
    pile holds the rules' fake jokers that no seat holds.

    >>> state = setup(hands=["7♠", "7♦ 8♠", "9♣"], direction="lower", fake_jokers=["", "~4♣", ""])
    >>> state.direction, state.fake_jokers[1], len(state.fake_pile)
    (<Direction.LOWER: 'lower'>, (Card('~4♣'),), 4)
    """
    rules = rules or Rules()
    players = len(hands)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(f"Spite is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if not 0 <= leader < players:
        raise IllegalAction(f"leader {leader} is not a seat (seats are 0 to {players - 1})")
    seat_hands = tuple(_cards(hand) for hand in hands)
    fakes = tuple(_cards(f) for f in (fake_jokers or [()] * players))
    extras = tuple(_cards(e) for e in (earned or [()] * players))
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
        pile_cards = _cards(fake_pile)
    direction = Direction(direction) if isinstance(direction, str) else direction
    bounty_card = parse_card(bounty) if isinstance(bounty, str) else bounty
    return State(
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
        discard=_cards(discard),
        bounty=bounty_card,
        direction=direction,
        buy_back_step=buy_back_step,
        penalties=tuple(penalties or [0] * players),
        scores=tuple(scores or [0] * players),
        round_number=round_number,
        seed=seed,
    )

