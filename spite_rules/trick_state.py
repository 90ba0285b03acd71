"""The trick in progress, as data: :class:`Trick` (the plays that stand, as :class:`TrickPlay`, and
the restrictions they have put in force, the consec run as :class:`RunEntry`), and what judging a
play on it gives: a :class:`Breach` or an :class:`Outcome`.

Layer: Spite: values — may import the core, the cards and the errors.

The rules that judge plays and build the next trick are :mod:`spite_rules.trick`'s (which
re-exports these); the state holds a trick without importing those rules. Its values are
:class:`~spite_rules.core.frozen.Frozen` classes, compiled in the compiled build.

>>> trick = Trick.start(leader=2)
>>> trick.is_lead, trick.leader, trick.passed_by(0).passes
(True, 2, frozenset({0}))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spite_rules.core.frozen import Frozen, declare_fields
from spite_rules.cards import Card, Suit
from spite_rules.hands import Hand
from spite_rules.vocabulary import ConsecKind, Direction

__all__ = ["RunEntry", "TrickPlay", "Trick", "Breach", "Outcome", "face_down_description"]


class RunEntry(Frozen):
    """A consec-eligible hand in the current run: its place in the consec order, its suits, and the
    step from the hand before it, counted in the direction it was played in (ruling T14)."""

    position: int
    suits: tuple[Suit | None, ...]
    step: int | None

    def __init__(self, position: int, suits: tuple[Suit | None, ...], step: int | None) -> None:
        object.__setattr__(self, "position", position)
        object.__setattr__(self, "suits", suits)
        object.__setattr__(self, "step", step)


class TrickPlay(Frozen):
    """A play that stands in the trick. ``hand`` is None for a face-down fake joker (or, under the
    July 2023 revision, a hand of five or more of them)."""

    player: int
    cards: tuple[Card, ...]
    hand: Hand | None
    face_down: bool

    def __init__(self, player: int, cards: tuple[Card, ...], hand: Hand | None, face_down: bool = False) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "face_down", face_down)

    @property
    def is_reset(self) -> bool:
        """A face-down fake joker: it resets the ranking in play."""
        return self.hand is None

    def describe(self) -> str:
        """``9♠ 9♦ (pair of 9s (mixed))``, ``a face-down fake joker``, or ``five face-down fake
        jokers``."""
        if self.hand is None:
            return face_down_description(len(self.cards))
        return str(self.hand)


def face_down_description(count: int) -> str:
    """What a face-down play of ``count`` fake jokers is, in words.

    >>> face_down_description(1), face_down_description(6)
    ('a face-down fake joker', 'six face-down fake jokers')
    """
    if count == 1:
        return "a face-down fake joker"
    words = {5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "eleven"}
    return f"{words.get(count, str(count))} face-down fake jokers"


class Trick(Frozen):
    """The trick in progress.

    - ``plays``: the plays that stand, in order.
    - ``arity``: the number of cards every following hand must have; ``None`` while it is open (at
      the lead, after a joker led while lower, after a fake joker lead).
    - ``beat``: the hand the next play must beat; ``None`` when any hand of the arity will do (at
      the lead, after a reset).
    - ``run``: the last (up to three) consec-eligible hands since the run last broke.
    - ``numerical``: the step of the numerical consec in force, or ``None``.
    - ``suited``: the suits of the suited consec in force, or ``None``.
    - ``passed``: seats that passed and may only re-enter by buying back.
    - ``barred``: seats that misplayed and may not play again in this trick.
    - ``passes``: seats that passed since the last play (the trick ends when every other seat has).
    - ``come_at_me``: the seat of each "come at me" announced in this trick, in order.
    - ``fake_hand``: how many face-down fake jokers the hand on top holds when it is a hand of
      them (the July 2023 revision, clause ``fake-jokers.hand``), else 0: only a hand of more of
      them may follow it.
    """

    leader: int
    plays: tuple[TrickPlay, ...]
    arity: int | None
    beat: Hand | None
    run: tuple[RunEntry, ...]
    numerical: int | None
    suited: tuple[Suit | None, ...] | None
    passed: frozenset[int]
    barred: frozenset[int]
    passes: frozenset[int]
    come_at_me: tuple[int, ...]
    fake_hand: int

    def __init__(
        self,
        leader: int,
        plays: tuple[TrickPlay, ...] = (),
        arity: int | None = None,
        beat: Hand | None = None,
        run: tuple[RunEntry, ...] = (),
        numerical: int | None = None,
        suited: tuple[Suit | None, ...] | None = None,
        passed: frozenset[int] = frozenset(),
        barred: frozenset[int] = frozenset(),
        passes: frozenset[int] = frozenset(),
        come_at_me: tuple[int, ...] = (),
        fake_hand: int = 0,
    ) -> None:
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "arity", arity)
        object.__setattr__(self, "beat", beat)
        object.__setattr__(self, "run", run)
        object.__setattr__(self, "numerical", numerical)
        object.__setattr__(self, "suited", suited)
        object.__setattr__(self, "passed", passed)
        object.__setattr__(self, "barred", barred)
        object.__setattr__(self, "passes", passes)
        object.__setattr__(self, "come_at_me", come_at_me)
        object.__setattr__(self, "fake_hand", fake_hand)

    def _values(self) -> tuple[Any, ...]:
        return (
            self.leader, self.plays, self.arity, self.beat, self.run, self.numerical, self.suited, self.passed,
            self.barred, self.passes, self.come_at_me, self.fake_hand,
        )  # fmt: skip

    @classmethod
    def start(cls, leader: int) -> Trick:
        """A new trick led by seat ``leader``."""
        if cls is Trick and 0 <= leader < len(_STARTS):
            return _STARTS[leader]
        return cls(leader=leader)

    def passed_by(self, seat: int) -> Trick:
        """This trick once ``seat`` passes: it has passed (and may re-enter only by buying back),
        and has passed since the last play.

        >>> Trick.start(0).passed_by(2).passes
        frozenset({2})
        """
        return Trick(
            self.leader, self.plays, self.arity, self.beat, self.run, self.numerical, self.suited,
            self.passed | {seat}, self.barred, self.passes | {seat}, self.come_at_me, self.fake_hand,
        )  # fmt: skip

    @property
    def is_lead(self) -> bool:
        """No play stands yet: the next play leads."""
        return not self.plays

    @property
    def last_player(self) -> int | None:
        """The seat whose play stands last (the winner if everyone else passes)."""
        return self.plays[-1].player if self.plays else None

    @property
    def consec_in_force(self) -> bool:
        """Is any consec restriction in force?"""
        return self.numerical is not None or self.suited is not None

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card played into the trick, in order."""
        return tuple(card for play in self.plays for card in play.cards)


#: The new trick of each seat of the largest table (nine seats), made once: :meth:`Trick.start`'s.
_STARTS = tuple(Trick(leader=seat) for seat in range(9))


class Breach(Frozen):
    """Why a play is a misplay: plain English (written only when asked for), and the rule clause.

    >>> Breach(lambda: "a 9♥ does not beat the 9♠", "trick.follow.strictly-better").reason
    'a 9♥ does not beat the 9♠'
    """

    explain: Callable[[], str]
    rule: str

    def __init__(self, explain: Callable[[], str], rule: str) -> None:
        object.__setattr__(self, "explain", explain)
        object.__setattr__(self, "rule", rule)

    @property
    def reason(self) -> str:
        """The plain-English reason."""
        return self.explain()


class Outcome(Frozen):
    """What a play that stands does: the trick and direction after it, and what changed."""

    trick: Trick
    direction: Direction
    hand: Hand | None
    direction_cause: str | None
    consecs_formed: tuple[ConsecKind, ...]

    def __init__(
        self,
        trick: Trick,
        direction: Direction,
        hand: Hand | None,
        direction_cause: str | None = None,
        consecs_formed: tuple[ConsecKind, ...] = (),
    ) -> None:
        object.__setattr__(self, "trick", trick)
        object.__setattr__(self, "direction", direction)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "direction_cause", direction_cause)
        object.__setattr__(self, "consecs_formed", consecs_formed)


declare_fields(
    RunEntry, ("position", int), ("suits", tuple[Suit | None, ...]), ("step", int | None), plain_init=True
)
declare_fields(
    TrickPlay, ("player", int), ("cards", tuple[Card, ...]), ("hand", Hand | None), ("face_down", bool, False),
    plain_init=True,
)
declare_fields(
    Trick,
    ("leader", int),
    ("plays", tuple[TrickPlay, ...], ()),
    ("arity", int | None, None),
    ("beat", Hand | None, None),
    ("run", tuple[RunEntry, ...], ()),
    ("numerical", int | None, None),
    ("suited", tuple[Suit | None, ...] | None, None),
    ("passed", frozenset[int], frozenset()),
    ("barred", frozenset[int], frozenset()),
    ("passes", frozenset[int], frozenset()),
    ("come_at_me", tuple[int, ...], ()),
    ("fake_hand", int, 0),
    plain_init=True,
)
declare_fields(
    Breach, ("explain", Callable[[], str]), ("rule", str), unprinted=("explain",), plain_init=True
)
declare_fields(
    Outcome,
    ("trick", Trick),
    ("direction", Direction),
    ("hand", Hand | None),
    ("direction_cause", str | None, None),
    ("consecs_formed", tuple[ConsecKind, ...], ()),
    plain_init=True,
)
