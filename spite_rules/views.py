"""What one seat may know: :func:`view` of a state and :func:`redact` of an event.

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.

A view holds the seat's own cards, counts of everyone else's, and everything on or about the table
(:class:`SeatView`), and nothing else: no other seat's cards, no deck order, no seed.

>>> state = new_game(4, seed=3)
>>> seen = view(state, 1)
>>> seen.hand == state.hands[1], seen.hand_sizes
(True, (11, 11, 11, 11))
"""

from __future__ import annotations

import attrs

from spite_rules.core.frozen import replace
from spite_rules.actions import Play
from spite_rules.cards import Card, Rank
from spite_rules.errors import IllegalAction, shown
from spite_rules.events import (
    BountyClaimed,
    BoughtBack,
    CardsSwapped,
    Event,
    FakeJokersForfeited,
    MisplayCalled,
    OutOfTurnPlay,
    OutOfTurnPlayLapsed,
    Played,
    RewardRedrawn,
)
from spite_rules.rules import Rules
from spite_rules.state import Opening, State
from spite_rules.trick import Direction, Trick, TrickPlay, fibonacci_buy_back, required_value

__all__ = ["SeatView", "view", "redact", "OPEN_FIELDS"]

#: The fields of a position that every seat sees as they are (the rules, the names, the scores, the
#: trick's direction, whose turn it is, the round's progress): what a view copies from the state,
#: and a State rebuilt from a view (:mod:`spite_rules.determinization`) copies back unchanged.
OPEN_FIELDS = ("rules", "names", "round_number", "direction", "bounty", "to_act", "scores", "penalties",
               "finished", "losers", "opening", "round_over", "buy_back_step", "streaks", "joker_last",
               "picked_up", "called", "previous_order", "losers_by_round")


@attrs.frozen
class SeatView:
    """Everything seat ``seat`` may see. ``reward_cards`` are the cards it is viewing as a
    come-at-me reward (empty for every other seat); another seat's face-down fake joker shows in
    the trick (or waiting in ``pending``, played out of turn) with no cards. ``ruleset`` and
    ``rules_version`` say which rules are in force, for a front-end to show: the named ruleset
    (``"000"``, ``"2023-07"``) and :attr:`~spite_rules.rules.Rules.version`, which also shows any
    option changed on top of it.

    The fields from ``rules`` on are what every seat at the table knows from watching the round
    (the rules in force, the buy-back count so far, each seat's come-at-me streak, whether its
    latest play was a joker hand, the cards it just picked up, the fake jokers each open misplay
    forfeited, the seats whose misplays this round were called or settled, earlier rounds'
    orders): a :func:`spite_rules.determinize` of the view needs them to rebuild a state that plays
    on as the real one would.
    """

    seat: int
    names: tuple[str, ...]
    round_number: int
    hand: tuple[Card, ...]
    fake_jokers: tuple[Card, ...]
    earned: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    fake_joker_counts: tuple[int, ...]
    earned_counts: tuple[int, ...]
    trick: Trick
    direction: Direction
    required_value: Rank | None
    bounty: Card | None
    buy_back_due: int
    to_act: int | None
    time_allowance: int | None
    scores: tuple[int, ...]
    penalties: tuple[int, ...]
    finished: tuple[int, ...]
    losers: tuple[int, ...]
    deck_size: int
    discard_size: int
    fake_pile_size: int
    opening: Opening | None
    reward_count: int | None
    reward_cards: tuple[Card, ...]
    open_misplays: tuple[int, ...]
    pending: tuple[Play, ...]
    round_over: bool
    ruleset: str
    rules_version: str
    rules: Rules = Rules()
    buy_back_step: int = 0
    streaks: tuple[int, ...] = ()
    joker_last: tuple[bool, ...] = ()
    picked_up: tuple[int, ...] = ()
    forfeited_counts: tuple[int, ...] = ()
    called: tuple[int, ...] = ()
    previous_order: tuple[int, ...] | None = None
    losers_by_round: tuple[int, ...] = ()


def view(state: State, seat: int) -> SeatView:
    """The :class:`SeatView` of ``seat`` (also ``state.view(seat)``).

    >>> state = setup(hands=["5♠", "6♦ 7♣", "8♥"], deck="2♠ 2♥")
    >>> seen = view(state, 0)
    >>> seen.hand, seen.hand_sizes, seen.deck_size
    ((Card('5♠'),), (1, 2, 1), 2)
    """
    if type(state) is not State:
        raise IllegalAction(f"view needs a Spite State, not {type(state).__name__}")
    if type(seat) is not int:
        raise IllegalAction(f"a seat must be an int, not {shown(seat)} ({type(seat).__name__})")
    if not 0 <= seat < state.players:
        raise IllegalAction(f"seat {shown(seat)} does not exist (seats are 0 to {state.players - 1})")

    def hidden(play: TrickPlay) -> TrickPlay:  # another seat's face-down fake joker in the trick
        return replace(play, cards=()) if play.face_down and play.player != seat else play

    def hidden_waiting(play: Play) -> Play:  # or waiting, played out of turn
        return replace(play, cards=()) if play.face_down and play.player != seat else play

    reward = state.reward
    trick = state.trick
    if any(play.face_down and play.player != seat for play in trick.plays):
        trick = replace(trick, plays=tuple(map(hidden, trick.plays)))
    return SeatView(
        seat=seat,
        hand=state.hands[seat],
        fake_jokers=state.fake_jokers[seat],
        earned=state.earned[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        fake_joker_counts=tuple(len(held) for held in state.fake_jokers),
        earned_counts=tuple(len(held) for held in state.earned),
        trick=trick,
        time_allowance=state.time_allowance,
        required_value=required_value(state.trick, state.direction),
        buy_back_due=fibonacci_buy_back(state.buy_back_step),
        deck_size=len(state.deck),
        discard_size=len(state.discard),
        fake_pile_size=len(state.fake_pile),
        reward_count=reward.count if reward is not None else None,
        reward_cards=state.deck[: reward.count] if reward and reward.player == seat else (),
        open_misplays=tuple(open_misplay.accused for open_misplay in state.open_misplays),
        pending=tuple(map(hidden_waiting, state.pending)),
        ruleset=state.rules.ruleset_name,
        rules_version=state.rules.version,
        forfeited_counts=tuple(len(open_misplay.forfeited) for open_misplay in state.open_misplays),
        **{name: getattr(state, name) for name in OPEN_FIELDS},
    )


def redact(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may see it: cards drawn, discarded, swapped, earned or forfeited by
    another seat, and the face of another seat's face-down fake joker (played in turn or out of
    it), are hidden (the counts stay).

    >>> redact(BoughtBack(2, 1, parse_cards("9♠")), seat=0)
    BoughtBack(player=2, count=1, cards=())
    """
    # BoughtBack and Played are Frozen values (turn_events), copied by replace; the rest attrs classes
    if isinstance(event, BoughtBack) and event.player != seat:
        return replace(event, cards=())
    if isinstance(event, Played) and event.face_down and event.player != seat:
        return replace(event, cards=())
    if isinstance(event, (OutOfTurnPlay, OutOfTurnPlayLapsed)) and event.face_down and event.player != seat:
        return attrs.evolve(event, cards=())
    if isinstance(event, RewardRedrawn) and event.player != seat:
        return attrs.evolve(event, discarded=(), drawn=())
    if isinstance(event, CardsSwapped) and event.player != seat:
        return attrs.evolve(event, put_down=(), picked_up=())
    if isinstance(event, (BountyClaimed, MisplayCalled)) and event.player != seat:
        return attrs.evolve(event, fake_jokers=(), earned=())
    if isinstance(event, FakeJokersForfeited) and seat not in (event.player, event.to):
        return attrs.evolve(event, cards=())
    return event


# ``state.view(seat)`` is this module's :func:`view`: the state, a value, never imports the surfaces
# above it, so they give it what it shows (as spite_rules.display gives it its picture).
setattr(State, "view", view)
