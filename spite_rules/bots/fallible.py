"""Spite tables that make mistakes: :class:`Fallible` wraps a bot so that it sometimes misplays the
way people do at a real table, and sometimes calls the misplays of others, rightly or wrongly.

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.

Spite is a game about misplays (seed 000, "Misplays"; rulings R27-R29), and a simulation of
perfect bots never makes one. A fallible bot's errors are the table's classics:

- ``"does not beat"``: following with a hand of the right size that does not beat the trick (or
  breaks a consec): rules ``trick.follow.*``, ``consec.*``;
- ``"forgot unbeatable"``: a 2 under a suited consec without saying "unbeatable"
  (``consec.suited.unbeatable``);
- ``"wrong buy-back"``: buying back for one card too many or too few (``buy-back.count``);
- ``"seven on seven"``: announcing a direction on a 7 played on a 7 (``direction.seven-on-seven``);
- ``"out of turn"``: jumping in with a play before its turn (held, and judged when the turn comes:
  it stands if still valid, ruling R29).

Under the called referee it also calls, rightly and now and then wrongly
(``misplays.incorrect-call``; the rates: :class:`Fallible`). Its ``choose`` may return an action
that is not among its moves: that is the misplay, which ``apply`` judges and reports. Out-of-turn
plays and wrong calls come from :meth:`Fallible.interrupt`, which :func:`next_table_action` asks
of every seat not to act.

>>> import spite_rules as sr
>>> from spite_rules.bots import GreedyBot
>>> state = sr.new_game(4, seed=1)
>>> table = [Fallible(GreedyBot(), misplay_rate=0.3, call_rate=0.5, seed=seat) for seat in range(4)]
>>> misplays = 0
>>> while not state.round_over:
...     state, events = sr.apply(state, next_table_action(state, table))
...     misplays += sum(isinstance(event, sr.Misplay) for event in events)
>>> misplays > 0
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from spite_rules.core.frozen import replace
from spite_rules.actions import Action, CallMisplay, Play
from spite_rules.cards import Rank
from spite_rules.core.bots import next_bot_action
from spite_rules.core.engine import game_of
from spite_rules.hand_search import hands_in
from spite_rules.rules import Referee
from spite_rules.trick import Direction
from spite_rules.views import SeatView

__all__ = ["Fallible", "Interrupting", "next_table_action", "SLIPS"]

#: The kinds of error a fallible bot makes on its turn, by name.
SLIPS = ("does not beat", "forgot unbeatable", "wrong buy-back", "seven on seven")


@runtime_checkable
class Interrupting(Protocol):
    """A bot that may act when it is not its turn of its own accord (not only to make the calls
    that ``legal_moves`` offers): plays out of turn, wrong calls."""

    def interrupt(self, seen: Any) -> Any | None:
        """An action to take now, out of turn, or None."""
        ...


class Fallible:
    """``bot``, making a table error instead of its choice at a rate of ``misplay_rate`` per
    decision where such an error is possible (one of :data:`SLIPS`, chosen at random among those
    possible), jumping in out of turn at ``misplay_rate / 4`` each time the turn passes the seat
    before it, calling a misplay that is open with probability ``call_rate``, and calling the seat
    that just played wrongly with probability ``call_rate * wrong_call_share`` shared among the
    other seats (so a table of fallible bots calls about that share of all plays wrongly). Seeded:
    the same seed makes the same errors.

    >>> import spite_rules as sr
    >>> from spite_rules.bots import GreedyBot
    >>> state = sr.setup(hands=["9♠ 4♦", "8♦ 10♣", "7♣ J♠"], leader=0)
    >>> state, _ = sr.apply(state, sr.Play(0, "9♠"))
    >>> clumsy = Fallible(GreedyBot(), misplay_rate=1.0, seed=1)
    >>> move = clumsy.choose(state.view(1), sr.legal_moves(state))
    >>> move, clumsy.slips
    (Play(player=1, cards=(Card('8♦'),), buy_back=None, direction=None, come_at_me=False, unbeatable=False, face_down=False, earned=False, bounty_claim=None), ['does not beat'])
    """

    def __init__(
        self,
        bot: Any,
        *,
        misplay_rate: float = 0.05,
        call_rate: float = 0.5,
        seed: int = 0,
        wrong_call_share: float = 0.05,
    ) -> None:
        for label, rate in (("misplay_rate", misplay_rate), ("call_rate", call_rate)):
            if not 0.0 <= rate <= 1.0:
                raise ValueError(f"{label} must be between 0 and 1, not {rate}")
        self.bot = bot
        self.name: str = bot.name
        self.misplay_rate = misplay_rate
        self.call_rate = call_rate
        self.wrong_call_share = wrong_call_share
        self._rng = random.Random(seed)
        self._watched: tuple[int, int, int] | None = None
        #: The errors made so far, by kind (:data:`SLIPS`, ``"out of turn"``, ``"wrong call"``).
        self.slips: list[str] = []

    # -- on its turn ----------------------------------------------------------------------------

    def choose(self, seen: SeatView, moves: Sequence[Action]) -> Action:
        """The wrapped bot's choice, or now and then a misplay instead."""
        chosen: Action = self.bot.choose(seen, moves)
        if self.misplay_rate and self._rng.random() < self.misplay_rate:
            plays = [move for move in moves if isinstance(move, Play)]
            possible = [
                ("does not beat", self._not_beating(seen, plays)),
                ("forgot unbeatable", self._pick([replace(p, unbeatable=False) for p in plays if p.unbeatable])),
                ("wrong buy-back", self._pick([self._miscount(p) for p in plays if p.buy_back is not None])),
                ("seven on seven", self._pick(self._seven_on_seven(seen, plays))),
            ]
            slips = [(kind, action) for kind, action in possible if action is not None]
            if slips:
                kind, action = slips[self._rng.randrange(len(slips))]
                self.slips.append(kind)
                return action
        return chosen

    def _pick(self, actions: Sequence[Action]) -> Action | None:
        return actions[self._rng.randrange(len(actions))] if actions else None

    def _not_beating(self, seen: SeatView, plays: Sequence[Play]) -> Action | None:
        """A hand of the trick's size, from the hand, that no legal move plays."""
        trick = seen.trick
        if trick.arity is None or not trick.plays or seen.seat in trick.barred:
            return None
        legal = {play.cards for play in plays}
        candidates = [
            hand.cards
            for hand in hands_in(seen.hand, (trick.arity,), jokers=False)
            if hand.cards not in legal
        ]
        due = seen.buy_back_due if seen.seat in trick.passed else None
        return self._pick([Play(seen.seat, cards, buy_back=due) for cards in candidates])

    def _miscount(self, play: Play) -> Play:
        assert play.buy_back is not None
        wrong = play.buy_back + 1 if play.buy_back == 1 or self._rng.random() < 0.5 else play.buy_back - 1
        return replace(play, buy_back=wrong)

    @staticmethod
    def _seven_on_seven(seen: SeatView, plays: Sequence[Play]) -> list[Action]:
        """Plays of natural 7s on natural 7s of the same size, announcing a direction (which the
        reversal makes a misplay)."""
        trick = seen.trick
        if not trick.plays or trick.consec_in_force:
            return []
        top = trick.plays[-1].hand
        if top is None or not top.is_natural_set_of(Rank.SEVEN):
            return []
        return [
            replace(play, direction=Direction.HIGHER if seen.direction is Direction.LOWER else Direction.LOWER)
            for play in plays
            if play.direction is None
            and len(play.cards) == top.size
            and all(card.rank is Rank.SEVEN and not card.fake for card in play.cards)
            and not play.earned
        ]

    # -- out of turn ----------------------------------------------------------------------------

    def wants_to_call(self, seen: SeatView, calls: Sequence[CallMisplay]) -> CallMisplay | None:
        """A correct call (one of ``calls``) with probability ``call_rate``."""
        return self._rng.choice(calls) if calls and self._rng.random() < self.call_rate else None

    def interrupt(self, seen: SeatView) -> Action | None:
        """A wrong call on the seat that just played, or a play out of turn, now and then."""
        return self._wrong_call(seen) or self._jump_in(seen)

    def _wrong_call(self, seen: SeatView) -> Action | None:
        trick, seat = seen.trick, seen.seat
        if seen.rules.referee is not Referee.CALLED or not trick.plays:
            return None
        last = trick.plays[-1].player
        watched = (seen.round_number, len(trick.plays), last)
        if watched == self._watched or last == seat:
            return None
        self._watched = watched  # each play is looked at once
        if last in seen.open_misplays or last in seen.called:
            return None  # a call on it would be right: wants_to_call's business
        watchers = max(1, len(seen.hand_sizes) - 1)  # the table as a whole, not each seat, errs so often
        if self._rng.random() < self.call_rate * self.wrong_call_share / watchers:
            self.slips.append("wrong call")
            return CallMisplay(seat, last)
        return None

    def _jump_in(self, seen: SeatView) -> Action | None:
        seat, trick = seen.seat, seen.trick
        if (
            not self.misplay_rate
            or seen.to_act is None
            or seen.opening is not None
            or seen.reward_count is not None
            or seat in seen.finished
            or seat in seen.losers
            or any(waiting.player == seat for waiting in seen.pending)
            or not seen.hand
            or _next_seat(seen) != seat
        ):
            return None
        if self._rng.random() >= self.misplay_rate / 4:
            return None
        hands = hands_in(seen.hand, (trick.arity or 1,), jokers=False)
        if not hands:
            return None
        self.slips.append("out of turn")
        return Play(seat, hands[self._rng.randrange(len(hands))].cards)


def _next_seat(seen: SeatView) -> int | None:
    """The seat after the one to act, clockwise, among those still in the round."""
    assert seen.to_act is not None
    players = len(seen.hand_sizes)
    out = set(seen.finished) | set(seen.losers)
    for offset in range(1, players):
        seat = (seen.to_act + offset) % players
        if seat not in out:
            return seat
    return None


def next_table_action(state: Any, bots: Sequence[Any | None]) -> Any | None:
    """What the table does next, in any game: an interruption (a play out of turn, a wrong call)
    by an :class:`Interrupting` bot not to act, asked clockwise from the seat after the one to act;
    else :func:`~spite_rules.bots.next_bot_action`.

    >>> import spite_rules as sr
    >>> from spite_rules.bots import GreedyBot
    >>> state = sr.new_game(3, seed=2)
    >>> next_table_action(state, [GreedyBot()] * 3) in sr.legal_moves(state)
    True
    """
    played = game_of(state)
    actor = played.to_act(state)
    if actor is not None and not played.is_over(state):
        seats = played.seats(state)
        for offset in range(1, seats):
            seat = (actor + offset) % seats
            interrupt = getattr(bots[seat], "interrupt", None)  # an Interrupting bot (the Protocol's test, cheaply)
            if interrupt is not None:
                action = interrupt(played.view(state, seat))
                if action is not None:
                    return action
    return next_bot_action(state, bots)
