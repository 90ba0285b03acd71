"""What happened: the events ``apply`` reports, in order, for a front-end to animate.

Layer: Spite: values — may import the core, the cards and the errors.

The events a turn makes at every action or every round are imported from
:mod:`spite_rules.turn_events`; the rest, made once a round or seldom, are frozen attrs classes.
A ``count`` that defaults to a count of the event's cards is keyword-only, computed when absent.

>>> Misplay(2, "a 9♥ does not beat the 9♠ in play (equal rank)", "trick.follow.strictly-better")
Misplay(player=2, reason='a 9♥ does not beat the 9♠ in play (equal rank)', rule='trick.follow.strictly-better')
"""

# No ``from __future__ import annotations``: the attrs classes keep their fields' real types, which
# cattrs reads.
import attrs

from spite_rules.cards import Card, Rank
from spite_rules.turn_events import (
    BoughtBack, ComeAtMeFailed, ComeAtMeWon, ConsecInForce, DirectionChanged, Passed, Played, RewardTaken, TrickWon,
    TurnSkipped, WentOut,
)  # fmt: skip

__all__ = [
    "Event",
    "Played",
    "Passed",
    "Misplay",
    "FakeJokersForfeited",
    "DirectionChanged",
    "ConsecInForce",
    "BoughtBack",
    "TurnSkipped",
    "TrickWon",
    "WentOut",
    "InstantLoss",
    "RoundOver",
    "OpeningOffered",
    "MisplayCalled",
    "BountyClaimed",
    "BountyRevealed",
    "ComeAtMeWon",
    "ComeAtMeFailed",
    "RewardTaken",
    "RewardRedrawn",
    "TimedOut",
    "OutOfTurnPlay",
    "OutOfTurnPlayLapsed",
    "CardsDropped",
    "PlayerJoined",
    "CardsSwapped",
    "SwapExtrasDiscarded",
    "RoundStarted",
]


@attrs.frozen
class Misplay:
    """A misplay: who, why in plain English, and the rule clause broken (e.g. ``consec.numerical``)."""

    player: int
    reason: str
    rule: str


@attrs.frozen
class FakeJokersForfeited:
    """Seed 000, "Misplays": "Any fake jokers held by that player are immediately forfeited and
    returned to the fake joker pile." ``to`` is the seat that receives them, or None for the pile."""

    player: int
    cards: tuple[Card, ...]
    to: int | None = None
    count: int = attrs.field(
        default=attrs.Factory(lambda self: len(self.cards), takes_self=True), kw_only=True
    )


@attrs.frozen
class InstantLoss:
    """A seat lost the round at once (20 or more cards; a joker hand as a last or second-last play)."""

    player: int
    reason: str
    rule: str


@attrs.frozen
class RoundOver:
    """The round ended: ``order`` is every seat from first out to the loser; ``points`` what each
    seat earned this round and ``scores`` each seat's score after it (seed 000, "Scoring")."""

    order: tuple[int, ...]
    points: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()


@attrs.frozen
class PlayerJoined:
    """A late joiner took ``player`` between rounds: "they become the loser and gets -2"."""

    player: int
    name: str


@attrs.frozen
class CardsSwapped:
    """Card swapping at a round's start: ``player`` put down ``put_down`` and picked up ``picked_up``
    (a view for other seats hides the cards)."""

    player: int
    put_down: tuple[Card, ...]
    picked_up: tuple[Card, ...]
    count: int = attrs.field(
        default=attrs.Factory(lambda self: len(self.put_down), takes_self=True), kw_only=True
    )


@attrs.frozen
class SwapExtrasDiscarded:
    """Seed 000: "If there are excess cards remaining after card swapping has occurred, they shall be
    revealed and discarded." """

    cards: tuple[Card, ...]


@attrs.frozen
class RoundStarted:
    """Round ``round_number`` was dealt; ``leader`` leads its first trick."""

    round_number: int
    leader: int


@attrs.frozen
class OpeningOffered:
    """First round: seat ``player`` is offered the lead with a hand including a card of ``rank``."""

    player: int
    rank: Rank


@attrs.frozen
class MisplayCalled:
    """``player`` called a misplay on ``accused``; ``correct`` says whether it was one. A correct call
    wins ``fake_jokers`` (and ``earned`` cards when the pile ran out)."""

    player: int
    accused: int
    correct: bool
    fake_jokers: tuple[Card, ...] = ()
    earned: tuple[Card, ...] = ()
    count: int = attrs.field(
        default=attrs.Factory(
            lambda self: len(self.fake_jokers) + len(self.earned), takes_self=True
        ),
        kw_only=True,
    )


@attrs.frozen
class BountyClaimed:
    """``player`` went out on the bounty's value and claimed ``count`` fake jokers (``earned`` are deck
    cards taken for a shortfall in the fake-joker pile)."""

    player: int
    count: int
    fake_jokers: tuple[Card, ...]
    earned: tuple[Card, ...] = ()


@attrs.frozen
class BountyRevealed:
    """A new bounty card (``None`` when the deck is empty)."""

    card: Card | None


@attrs.frozen
class RewardRedrawn:
    """A come-at-me reward of ``reward`` taken by discarding and drawing (the July 2023 revision,
    ``Rules.come_at_me_reward_kind``): ``player`` discarded ``discarded`` from its hand and drew
    ``drawn`` from the deck, ``count`` cards each way (a view for other seats hides the cards)."""

    player: int
    reward: int
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]
    count: int = attrs.field(
        default=attrs.Factory(lambda self: len(self.discarded), takes_self=True), kw_only=True
    )


@attrs.frozen
class TimedOut:
    """The countdown ran out on ``player``: deemed to have passed."""

    player: int


@attrs.frozen
class OutOfTurnPlay:
    """``player`` played out of turn; the play is judged when its turn comes (ruling R29).
    ``face_down``: the play is a face-down fake joker (a view for other seats hides its face)."""

    player: int
    cards: tuple[Card, ...]
    face_down: bool = False


@attrs.frozen
class OutOfTurnPlayLapsed:
    """The trick ended before ``player``'s out-of-turn play came up: it lapses, the cards stay in
    the hand (ruling R29). ``face_down``: it was a face-down fake joker (hidden from other seats)."""

    player: int
    cards: tuple[Card, ...]
    face_down: bool = False


@attrs.frozen
class CardsDropped:
    """``player`` dropped cards on ``onto`` (``table``, ``food`` or ``floor``)."""

    player: int
    cards: tuple[Card, ...]
    onto: str


Event = (
    Played
    | Passed
    | Misplay
    | FakeJokersForfeited
    | DirectionChanged
    | ConsecInForce
    | BoughtBack
    | TurnSkipped
    | TrickWon
    | WentOut
    | InstantLoss
    | RoundOver
    | OpeningOffered
    | MisplayCalled
    | BountyClaimed
    | BountyRevealed
    | ComeAtMeWon
    | ComeAtMeFailed
    | RewardTaken
    | RewardRedrawn
    | TimedOut
    | OutOfTurnPlay
    | OutOfTurnPlayLapsed
    | CardsDropped
    | PlayerJoined
    | CardsSwapped
    | SwapExtrasDiscarded
    | RoundStarted
)
