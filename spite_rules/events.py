"""What happened: the events ``apply`` reports, in order, for a front-end to animate.

Layer: Spite: values — may import the core, the cards and the errors.

Each event is a :class:`~spite_rules.core.frozen.Frozen` value, compiled in the compiled build (an
attrs class to attrs, cattrs and JSON: :func:`~spite_rules.core.frozen.declare_fields`). A ``count``
that defaults to a count of the event's cards is keyword-only in the table; the ``__init__`` takes
it by position too (a Frozen value is copied and pickled by position) and computes it when None.

>>> Misplay(2, "a 9♥ does not beat the 9♠ in play (equal rank)", "trick.follow.strictly-better")
Misplay(player=2, reason='a 9♥ does not beat the 9♠ in play (equal rank)', rule='trick.follow.strictly-better')
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from spite_rules.cards import Card, Rank
from spite_rules.core.frozen import Frozen, declare_fields
from spite_rules.vocabulary import ConsecKind, Direction

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


class Played(Frozen):
    """A play that stands: ``description`` says what the hand is."""

    __match_args__: Final = ("player", "cards", "description", "face_down")

    player: int
    cards: tuple[Card, ...]
    description: str
    face_down: bool

    def __init__(self, player: int, cards: tuple[Card, ...], description: str, face_down: bool = False) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "description", description)
        object.__setattr__(self, "face_down", face_down)


class Passed(Frozen):
    """A seat passed."""

    __match_args__: Final = ("player",)

    player: int

    def __init__(self, player: int) -> None:
        object.__setattr__(self, "player", player)


class Misplay(Frozen):
    """A misplay: who, why in plain English, and the rule clause broken (e.g. ``consec.numerical``)."""

    __match_args__: Final = ("player", "reason", "rule")

    player: int
    reason: str
    rule: str

    def __init__(self, player: int, reason: str, rule: str) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "rule", rule)


class FakeJokersForfeited(Frozen):
    """Seed 000, "Misplays": "Any fake jokers held by that player are immediately forfeited and
    returned to the fake joker pile." ``to`` is the seat that receives them, or None for the pile."""

    __match_args__: Final = ("player", "cards", "to")

    player: int
    cards: tuple[Card, ...]
    to: int | None
    count: int

    def __init__(self, player: int, cards: tuple[Card, ...], to: int | None = None, count: int | None = None) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "to", to)
        object.__setattr__(self, "count", len(cards) if count is None else count)


class DirectionChanged(Frozen):
    """The direction changed; ``cause`` is ``sevens`` (announced), ``seven-on-seven`` or ``bounce``."""

    __match_args__: Final = ("direction", "cause")

    direction: Direction
    cause: str

    def __init__(self, direction: Direction, cause: str) -> None:
        object.__setattr__(self, "direction", direction)
        object.__setattr__(self, "cause", cause)


class ConsecInForce(Frozen):
    """A consec restriction came into force; ``detail`` says what it demands."""

    __match_args__: Final = ("kind", "detail")

    kind: ConsecKind
    detail: str

    def __init__(self, kind: ConsecKind, detail: str) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "detail", detail)


class BoughtBack(Frozen):
    """A seat bought back and picked up ``count`` cards after its play (``cards`` as drawn; a view
    for other seats hides them)."""

    __match_args__: Final = ("player", "count", "cards")

    player: int
    count: int
    cards: tuple[Card, ...]

    def __init__(self, player: int, count: int, cards: tuple[Card, ...]) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "cards", cards)


class TurnSkipped(Frozen):
    """A seat's turn was skipped to pay a misplay penalty; ``remaining`` skips are still owed."""

    __match_args__: Final = ("player", "remaining")

    player: int
    remaining: int

    def __init__(self, player: int, remaining: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "remaining", remaining)


class TrickWon(Frozen):
    """Everyone else passed: ``player`` wins the trick and ``next_leader`` leads the next."""

    __match_args__: Final = ("player", "next_leader")

    player: int
    next_leader: int | None

    def __init__(self, player: int, next_leader: int | None) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "next_leader", next_leader)


class WentOut(Frozen):
    """A seat played its last regular card; ``place`` counts from 1 (first out)."""

    __match_args__: Final = ("player", "place")

    player: int
    place: int

    def __init__(self, player: int, place: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "place", place)


class InstantLoss(Frozen):
    """A seat lost the round at once (20 or more cards; a joker hand as a last or second-last play)."""

    __match_args__: Final = ("player", "reason", "rule")

    player: int
    reason: str
    rule: str

    def __init__(self, player: int, reason: str, rule: str) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "rule", rule)


class RoundOver(Frozen):
    """The round ended: ``order`` is every seat from first out to the loser; ``points`` what each
    seat earned this round and ``scores`` each seat's score after it (seed 000, "Scoring")."""

    __match_args__: Final = ("order", "points", "scores")

    order: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]

    def __init__(self, order: tuple[int, ...], points: tuple[int, ...] = (), scores: tuple[int, ...] = ()) -> None:
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "scores", scores)


class PlayerJoined(Frozen):
    """A late joiner took ``player`` between rounds: "they become the loser and gets -2"."""

    __match_args__: Final = ("player", "name")

    player: int
    name: str

    def __init__(self, player: int, name: str) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "name", name)


class CardsSwapped(Frozen):
    """Card swapping at a round's start: ``player`` put down ``put_down`` and picked up ``picked_up``
    (a view for other seats hides the cards)."""

    __match_args__: Final = ("player", "put_down", "picked_up")

    player: int
    put_down: tuple[Card, ...]
    picked_up: tuple[Card, ...]
    count: int

    def __init__(
        self,
        player: int,
        put_down: tuple[Card, ...],
        picked_up: tuple[Card, ...],
        count: int | None = None,
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "put_down", put_down)
        object.__setattr__(self, "picked_up", picked_up)
        object.__setattr__(self, "count", len(put_down) if count is None else count)


class SwapExtrasDiscarded(Frozen):
    """Seed 000: "If there are excess cards remaining after card swapping has occurred, they shall be
    revealed and discarded." """

    __match_args__: Final = ("cards",)

    cards: tuple[Card, ...]

    def __init__(self, cards: tuple[Card, ...]) -> None:
        object.__setattr__(self, "cards", cards)


class RoundStarted(Frozen):
    """Round ``round_number`` was dealt; ``leader`` leads its first trick."""

    __match_args__: Final = ("round_number", "leader")

    round_number: int
    leader: int

    def __init__(self, round_number: int, leader: int) -> None:
        object.__setattr__(self, "round_number", round_number)
        object.__setattr__(self, "leader", leader)


class OpeningOffered(Frozen):
    """First round: seat ``player`` is offered the lead with a hand including a card of ``rank``."""

    __match_args__: Final = ("player", "rank")

    player: int
    rank: Rank

    def __init__(self, player: int, rank: Rank) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "rank", rank)


class MisplayCalled(Frozen):
    """``player`` called a misplay on ``accused``; ``correct`` says whether it was one. A correct call
    wins ``fake_jokers`` (and ``earned`` cards when the pile ran out)."""

    __match_args__: Final = ("player", "accused", "correct", "fake_jokers", "earned")

    player: int
    accused: int
    correct: bool
    fake_jokers: tuple[Card, ...]
    earned: tuple[Card, ...]
    count: int

    def __init__(
        self,
        player: int,
        accused: int,
        correct: bool,
        fake_jokers: tuple[Card, ...] = (),
        earned: tuple[Card, ...] = (),
        count: int | None = None,
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "accused", accused)
        object.__setattr__(self, "correct", correct)
        object.__setattr__(self, "fake_jokers", fake_jokers)
        object.__setattr__(self, "earned", earned)
        object.__setattr__(self, "count", len(fake_jokers) + len(earned) if count is None else count)


class BountyClaimed(Frozen):
    """``player`` went out on the bounty's value and claimed ``count`` fake jokers (``earned`` are deck
    cards taken for a shortfall in the fake-joker pile)."""

    __match_args__: Final = ("player", "count", "fake_jokers", "earned")

    player: int
    count: int
    fake_jokers: tuple[Card, ...]
    earned: tuple[Card, ...]

    def __init__(self, player: int, count: int, fake_jokers: tuple[Card, ...], earned: tuple[Card, ...] = ()) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "fake_jokers", fake_jokers)
        object.__setattr__(self, "earned", earned)


class BountyRevealed(Frozen):
    """A new bounty card (``None`` when the deck is empty)."""

    __match_args__: Final = ("card",)

    card: Card | None

    def __init__(self, card: Card | None) -> None:
        object.__setattr__(self, "card", card)


class ComeAtMeWon(Frozen):
    """The come-at-me announcer won the trick: ``reward`` cards to view (a negative reward is
    applied as that many misplay penalties)."""

    __match_args__: Final = ("player", "reward")

    player: int
    reward: int

    def __init__(self, player: int, reward: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "reward", reward)


class ComeAtMeFailed(Frozen):
    """A come-at-me failed (or won with a joker hand): ``penalty`` misplay penalties."""

    __match_args__: Final = ("player", "penalty", "rule")

    player: int
    penalty: int
    rule: str

    def __init__(self, player: int, penalty: int, rule: str) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "penalty", penalty)
        object.__setattr__(self, "rule", rule)


class RewardTaken(Frozen):
    """A come-at-me reward was taken: ``swapped`` says whether a card was swapped; ``discarded``
    viewed cards went to the discards."""

    __match_args__: Final = ("player", "count", "swapped", "discarded")

    player: int
    count: int
    swapped: bool
    discarded: int

    def __init__(self, player: int, count: int, swapped: bool, discarded: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "swapped", swapped)
        object.__setattr__(self, "discarded", discarded)


class RewardRedrawn(Frozen):
    """A come-at-me reward of ``reward`` taken by discarding and drawing (the July 2023 revision,
    ``Rules.come_at_me_reward_kind``): ``player`` discarded ``discarded`` from its hand and drew
    ``drawn`` from the deck, ``count`` cards each way (a view for other seats hides the cards)."""

    __match_args__: Final = ("player", "reward", "discarded", "drawn")

    player: int
    reward: int
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]
    count: int

    def __init__(
        self,
        player: int,
        reward: int,
        discarded: tuple[Card, ...],
        drawn: tuple[Card, ...],
        count: int | None = None,
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "reward", reward)
        object.__setattr__(self, "discarded", discarded)
        object.__setattr__(self, "drawn", drawn)
        object.__setattr__(self, "count", len(discarded) if count is None else count)


class TimedOut(Frozen):
    """The countdown ran out on ``player``: deemed to have passed."""

    __match_args__: Final = ("player",)

    player: int

    def __init__(self, player: int) -> None:
        object.__setattr__(self, "player", player)


class OutOfTurnPlay(Frozen):
    """``player`` played out of turn; the play is judged when its turn comes (ruling R29).
    ``face_down``: the play is a face-down fake joker (a view for other seats hides its face)."""

    __match_args__: Final = ("player", "cards", "face_down")

    player: int
    cards: tuple[Card, ...]
    face_down: bool

    def __init__(self, player: int, cards: tuple[Card, ...], face_down: bool = False) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "face_down", face_down)


class OutOfTurnPlayLapsed(Frozen):
    """The trick ended before ``player``'s out-of-turn play came up: it lapses, the cards stay in
    the hand (ruling R29). ``face_down``: it was a face-down fake joker (hidden from other seats)."""

    __match_args__: Final = ("player", "cards", "face_down")

    player: int
    cards: tuple[Card, ...]
    face_down: bool

    def __init__(self, player: int, cards: tuple[Card, ...], face_down: bool = False) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "face_down", face_down)


class CardsDropped(Frozen):
    """``player`` dropped cards on ``onto`` (``table``, ``food`` or ``floor``)."""

    __match_args__: Final = ("player", "cards", "onto")

    player: int
    cards: tuple[Card, ...]
    onto: str

    def __init__(self, player: int, cards: tuple[Card, ...], onto: str) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "onto", onto)


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


def _counted(*names: str) -> Any:
    """The table's default of a ``count`` field: attrs' factory counting the cards of the fields
    ``names`` (typed Any: attrs' stubs type a Factory as the value it makes, which mypyc checks)."""
    return attrs.Factory(lambda self: sum(len(getattr(self, name)) for name in names), takes_self=True)


declare_fields(
    Played, ("player", int), ("cards", tuple[Card, ...]), ("description", str), ("face_down", bool, False),
    plain_init=True,
)
declare_fields(Passed, ("player", int), plain_init=True)
declare_fields(Misplay, ("player", int), ("reason", str), ("rule", str), plain_init=True)
declare_fields(
    FakeJokersForfeited,
    ("player", int),
    ("cards", tuple[Card, ...]),
    ("to", int | None, None),
    ("count", int, _counted("cards")),
    kw_only=("count",),
)
declare_fields(DirectionChanged, ("direction", Direction), ("cause", str), plain_init=True)
declare_fields(ConsecInForce, ("kind", ConsecKind), ("detail", str), plain_init=True)
declare_fields(
    BoughtBack, ("player", int), ("count", int), ("cards", tuple[Card, ...]), plain_init=True
)
declare_fields(TurnSkipped, ("player", int), ("remaining", int), plain_init=True)
declare_fields(TrickWon, ("player", int), ("next_leader", int | None), plain_init=True)
declare_fields(WentOut, ("player", int), ("place", int), plain_init=True)
declare_fields(InstantLoss, ("player", int), ("reason", str), ("rule", str), plain_init=True)
declare_fields(
    RoundOver, ("order", tuple[int, ...]), ("points", tuple[int, ...], ()), ("scores", tuple[int, ...], ()),
    plain_init=True,
)
declare_fields(PlayerJoined, ("player", int), ("name", str), plain_init=True)
declare_fields(
    CardsSwapped,
    ("player", int),
    ("put_down", tuple[Card, ...]),
    ("picked_up", tuple[Card, ...]),
    ("count", int, _counted("put_down")),
    kw_only=("count",),
)
declare_fields(SwapExtrasDiscarded, ("cards", tuple[Card, ...]), plain_init=True)
declare_fields(RoundStarted, ("round_number", int), ("leader", int), plain_init=True)
declare_fields(OpeningOffered, ("player", int), ("rank", Rank), plain_init=True)
declare_fields(
    MisplayCalled,
    ("player", int),
    ("accused", int),
    ("correct", bool),
    ("fake_jokers", tuple[Card, ...], ()),
    ("earned", tuple[Card, ...], ()),
    ("count", int, _counted("fake_jokers", "earned")),
    kw_only=("count",),
)
declare_fields(
    BountyClaimed,
    ("player", int),
    ("count", int),
    ("fake_jokers", tuple[Card, ...]),
    ("earned", tuple[Card, ...], ()),
    plain_init=True,
)
declare_fields(BountyRevealed, ("card", Card | None), plain_init=True)
declare_fields(ComeAtMeWon, ("player", int), ("reward", int), plain_init=True)
declare_fields(ComeAtMeFailed, ("player", int), ("penalty", int), ("rule", str), plain_init=True)
declare_fields(
    RewardTaken, ("player", int), ("count", int), ("swapped", bool), ("discarded", int),
    plain_init=True,
)
declare_fields(
    RewardRedrawn,
    ("player", int),
    ("reward", int),
    ("discarded", tuple[Card, ...]),
    ("drawn", tuple[Card, ...]),
    ("count", int, _counted("discarded")),
    kw_only=("count",),
)
declare_fields(TimedOut, ("player", int), plain_init=True)
declare_fields(
    OutOfTurnPlay, ("player", int), ("cards", tuple[Card, ...]), ("face_down", bool, False),
    plain_init=True,
)
declare_fields(
    OutOfTurnPlayLapsed, ("player", int), ("cards", tuple[Card, ...]), ("face_down", bool, False),
    plain_init=True,
)
declare_fields(
    CardsDropped, ("player", int), ("cards", tuple[Card, ...]), ("onto", str), plain_init=True
)
