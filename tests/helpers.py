"""Shared test helpers: play a sequence of actions, read the events back, list a seat's moves.

>>> state = sr.setup(hands=["3♦ 9♠", "4♣ 9♦", "5♣ 9♣"])
>>> state, events = play_through(state, sr.Play(0, "3♦"), sr.Play(1, "4♣"))
>>> [type(event).__name__ for event in events]
['Played', 'Played']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypeVar

import spite_rules as sr
import spite_rules.events as se
from spite_rules.cards import Rank, parse_card, parse_cards
from spite_rules.vocabulary import ConsecKind, Direction

__all__ = [
    "AUTOMATIC",
    "CALLED",
    "play_through",
    "all_pass",
    "of_type",
    "one",
    "misplay_rules",
    "first_misplay",
    "moves",
    "plays",
    "random_action",
    "play_random_round",
    "play_out",
    "finished",
    "table",
    "hand",
    "ranks",
    "path_id",
    "SPITE_EVENTS",
]

AUTOMATIC = sr.Rules(referee=sr.Referee.AUTOMATIC)
"""Rules with the automatic referee: no CallMisplay moves in legal_moves, fakes go to the pile."""

CALLED = sr.Rules(referee=sr.Referee.CALLED)
"""The default referee, spelt out."""

EventT = TypeVar("EventT", bound=sr.Event)


def table(*hands: str, rules: sr.Rules = AUTOMATIC, **options: object) -> sr.State:
    """``sr.setup`` with these hands (notation), the automatic referee unless ``rules`` is given."""
    return sr.setup(hands=list(hands), rules=rules, **options)  # type: ignore[arg-type]


def hand(text: str) -> sr.Hand:
    """The hand ``text`` (notation) classifies as."""
    return sr.classify(sr.parse_cards(text))


def ranks(text: str) -> tuple[sr.Rank, ...]:
    """The ranks of space-separated value symbols, each read as a spade."""
    return tuple(sr.parse_card(f"{symbol}♠").rank for symbol in text.split())


def path_id(path: Path) -> str:
    """A file's test id: its name without the extension."""
    return path.stem


def play_through(state: sr.State, *actions: sr.Action) -> tuple[sr.State, tuple[sr.Event, ...]]:
    """Apply ``actions`` in order: the final state and every event, in order (like ``sr.apply``).

    >>> state = sr.setup(hands=["5♠ 9♠", "3♦ 6♦", "3♣ 4♣"])
    >>> state, events = play_through(state, sr.Play(0, "5♠"))
    >>> [type(event).__name__ for event in events], state.to_act
    (['Played'], 1)
    """
    events: list[sr.Event] = []
    for action in actions:
        state, happened = sr.apply(state, action)
        events.extend(happened)
    return state, tuple(events)


def all_pass(state: sr.State, *seats: int) -> tuple[sr.State, tuple[sr.Event, ...]]:
    """Each of ``seats`` passes, in order."""
    return play_through(state, *(sr.Pass(seat) for seat in seats))


def of_type(events: Iterable[sr.Event], kind: type[EventT]) -> list[EventT]:
    """The events of one type, in order."""
    return [event for event in events if isinstance(event, kind)]


def one(events: Iterable[sr.Event], kind: type[EventT]) -> EventT:
    """The single event of ``kind`` (the test fails unless there is exactly one)."""
    events = list(events)
    found = of_type(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__} in {events!r}"
    return found[0]


def misplay_rules(events: Iterable[sr.Event]) -> list[str]:
    """The ``rule`` of every Misplay event, in order."""
    return [event.rule for event in of_type(events, sr.Misplay)]


def first_misplay(events: Iterable[sr.Event]) -> sr.Misplay:
    """The first Misplay event (the test fails if there is none)."""
    events = list(events)
    found = of_type(events, sr.Misplay)
    assert found, f"no misplay in {events!r}"
    return found[0]


def moves(state: sr.State) -> set[sr.Action]:
    """The seat to act's passes and plays in ``legal_moves``, as a set, to compare with the exact
    moves a trick clause allows. Left out: the "come at me" variant of each play (its own section,
    tests/test_come_at_me.py) and misplay calls (tests/test_misplays.py)."""
    return {
        move
        for move in sr.legal_moves(state)
        if isinstance(move, sr.Pass) or (isinstance(move, sr.Play) and not move.come_at_me)
    }


def plays(state: sr.State) -> set[sr.Action]:
    """:func:`moves` without the pass."""
    return {move for move in moves(state) if isinstance(move, sr.Play)}


def _favour_plays(options: Sequence[sr.Action], rng: random.Random) -> sr.Action:
    """A legal move chosen to end rounds quickly: mostly one of the biggest plays, else anything."""
    played = [m for m in options if isinstance(m, sr.Play) and not m.come_at_me]
    if played and rng.random() < 0.9:
        biggest = max(len(m.cards) for m in played)
        return rng.choice([m for m in played if len(m.cards) == biggest])
    return rng.choice(list(options))


def random_action(
    state: sr.State, rng: random.Random, *, misplay_rate: float = 0.03, pass_rate: float = 0.4
) -> tuple[sr.Action, bool]:
    """A random action for the seat to act, and whether it came from ``legal_moves``.

    Mostly a legal move favouring big plays; sometimes a plain pass in a trick (always legal there,
    and cheap); now and then a misplay: a random held card played regardless of the trick."""
    seat = state.to_act
    assert seat is not None, "nobody is to act while the round is not over"
    in_trick = state.reward is None and state.opening is None
    if in_trick and not state.trick.is_lead and rng.random() < pass_rate:
        return sr.Pass(seat), True
    if in_trick and state.hands[seat] and rng.random() < misplay_rate:
        return sr.Play(seat, [rng.choice(state.hands[seat])]), False
    options = sr.legal_moves(state)
    assert options, "legal_moves is empty while the round is not over"
    return _favour_plays(options, rng), True


def play_random_round(
    players: int, seed: int, rules: sr.Rules, *, max_actions: int = 3000
) -> tuple[sr.State, int]:
    """Play a new game's first round with :func:`random_action` until it ends (or ``max_actions``).

    Checks on the way that a legal move never yields a misplay for its actor. Returns the final
    state and the number of actions taken."""
    rng = random.Random(seed)
    state = sr.new_game(players, seed=seed, rules=rules)
    actions = 0
    while not state.round_over and actions < max_actions:
        action, legal = random_action(state, rng)
        state, events = sr.apply(state, action)
        if legal:
            misplays = [e for e in events if isinstance(e, sr.Misplay) and e.player == action.player]
            assert not misplays, f"legal move {action} was judged a misplay: {misplays}"
        actions += 1
    return state, actions


def play_out(state: sr.State, rng: random.Random) -> tuple[sr.State, list[sr.Event]]:
    """Play the round to its end with random legal moves: the final state and every event."""
    events: list[sr.Event] = []
    for _ in range(20_000):
        if state.round_over:
            return state, events
        state, happened = sr.apply(state, rng.choice(sr.legal_moves(state)))
        events.extend(happened)
    raise AssertionError("the round did not end within 20000 actions")


def finished(players: int = 4, seed: int = 3) -> sr.State:
    """A first round of ``players`` seats (automatic referee), played out by :func:`play_out`."""
    state, _ = play_out(sr.new_game(players, seed=seed, rules=AUTOMATIC), random.Random(seed))
    return state


#: Each kind of Spite event made for seat ``s`` (the subject) with a count ``n``; seat 1 is the
#: other party (tests/test_narration_grammar.py renders each; tests/properties/test_frozen_values.py
#: holds each to its field table, where random rounds meet some kinds seldom or never).
SPITE_EVENTS: dict[type, Callable[[int, int], object]] = {
    se.Played: lambda s, n: se.Played(s, parse_cards("9♠ " * n), "single 9"),
    se.Passed: lambda s, n: se.Passed(s),
    se.Misplay: lambda s, n: se.Misplay(s, "a 9 does not beat a 9", "trick.follow.strictly-better"),
    se.FakeJokersForfeited: lambda s, n: se.FakeJokersForfeited(s, parse_cards("~4♣ " * n), 1),
    se.DirectionChanged: lambda s, n: se.DirectionChanged(Direction.LOWER, "natural 7s"),
    se.ConsecInForce: lambda s, n: se.ConsecInForce(ConsecKind.NUMERICAL, "the next hand must be 6s"),
    se.BoughtBack: lambda s, n: se.BoughtBack(s, n, parse_cards("5♦ " * n)),
    se.TurnSkipped: lambda s, n: se.TurnSkipped(s, n),
    se.TrickWon: lambda s, n: se.TrickWon(s, s),
    se.WentOut: lambda s, n: se.WentOut(s, n),
    se.InstantLoss: lambda s, n: se.InstantLoss(s, "20 cards", "going-out.too-many"),
    se.RoundOver: lambda s, n: se.RoundOver((s, 1), (3, -1, 0), (3, -1, 0)),
    se.OpeningOffered: lambda s, n: se.OpeningOffered(s, Rank.THREE),
    se.MisplayCalled: lambda s, n: se.MisplayCalled(s, 1, True, parse_cards("~4♣ " * n)),
    se.BountyClaimed: lambda s, n: se.BountyClaimed(s, n, parse_cards("~4♣ " * n)),
    se.BountyRevealed: lambda s, n: se.BountyRevealed(parse_card("J♠")),
    se.ComeAtMeWon: lambda s, n: se.ComeAtMeWon(s, n),
    se.ComeAtMeFailed: lambda s, n: se.ComeAtMeFailed(s, n, "come-at-me.failed"),
    se.RewardTaken: lambda s, n: se.RewardTaken(s, n, True, n),
    se.RewardRedrawn: lambda s, n: se.RewardRedrawn(s, n, parse_cards("5♦ " * n), parse_cards("6♦ " * n)),
    se.TimedOut: lambda s, n: se.TimedOut(s),
    se.OutOfTurnPlay: lambda s, n: se.OutOfTurnPlay(s, parse_cards("9♠ " * n)),
    se.OutOfTurnPlayLapsed: lambda s, n: se.OutOfTurnPlayLapsed(s, parse_cards("9♠ " * n)),
    se.CardsDropped: lambda s, n: se.CardsDropped(s, parse_cards("9♠ " * n), "table"),
    se.PlayerJoined: lambda s, n: se.PlayerJoined(s, "dana"),
    se.CardsSwapped: lambda s, n: se.CardsSwapped(s, parse_cards("3♣ " * n), parse_cards("2♠ " * n)),
    se.SwapExtrasDiscarded: lambda s, n: se.SwapExtrasDiscarded(parse_cards("3♣ " * n)),
    se.RoundStarted: lambda s, n: se.RoundStarted(n, s),
}
