"""The round as a state machine: :func:`new_game`, :func:`apply` and :func:`legal_moves`.

``apply(state, action)`` is pure: it returns the next state and the events, and leaves ``state``
untouched. A play the rules forbid is applied as a misplay (a :class:`~spite_rules.events.Misplay`
event); an action that cannot happen at a table raises :class:`~spite_rules.errors.IllegalAction`.
``legal_moves(state)`` lists every action that is not a misplay, asking the same rule functions.
Rulings R20-R31 in docs/rulings.md settle what the seeds leave open.

>>> state = setup(hands=["3♦ 9♠", "4♣ 9♦", "5♣ 9♣"])
>>> state, events = apply(state, Play(0, "3♦"))
>>> [str(move) for move in legal_moves(state)][:3]
['seat 1: pass', 'seat 1: 4♣', 'seat 1: 4♣ "come at me"']
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec

from spite_rules._evolve import evolve
from spite_rules.actions import (
    Action,
    CallMisplay,
    DropCards,
    Pass,
    Play,
    Surface,
    TakeReward,
    Timeout,
)
from spite_rules.bounty import bounty_due, claim_bounty, earn, reveal_bounty
from spite_rules.buy_back import buy_back_breach, pick_up_buy_back
from spite_rules.cards import Card, format_cards, sort_cards, spite_deck
from spite_rules.changes import check_holds, remove_cards, replace_seat
from spite_rules.come_at_me import (
    come_at_me_reward,
    come_at_me_succeeded,
    failed_come_at_me,
    settle_come_at_me,
    streaks_after,
)
from spite_rules.errors import IllegalAction
from spite_rules.events import (
    BountyRevealed,
    CardsDropped,
    CardsSwapped,
    ConsecInForce,
    DirectionChanged,
    Event,
    Misplay,
    MisplayCalled,
    OutOfTurnPlayLapsed,
    Passed,
    Played,
    PlayerJoined,
    RewardTaken,
    RoundStarted,
    SwapExtrasDiscarded,
    TimedOut,
    TrickWon,
    TurnSkipped,
)
from spite_rules.going_out import after_play, joker_last_mark
from spite_rules.judging import judge_in_trick, judge_in_turn
from spite_rules.misplays import close_calls, misplayed, out_of_turn, penalise
from spite_rules.moves import known_play, known_verdict, legal_moves
from spite_rules.opening import decline, next_offer
from spite_rules.rules import Referee, Rules
from spite_rules.scoring import swap_cards
from spite_rules.state import MAX_PLAYERS, MIN_PLAYERS, State, make_state
from spite_rules.trick import Breach, Outcome, Trick, required_value
from spite_rules.vocabulary import ConsecKind, Direction
from spite_rules.bounty import reveal_bounty as _reveal_bounty  # as tests import it

__all__ = [
    "setup",
    "new_game",
    "apply",
    "legal_moves",
    "buy_back_breach",
    "bounty_due",
    "come_at_me_reward",
    "first_leader",
    "next_round",
]


# -- positions and the deal ------------------------------------------------------------------

_P = ParamSpec("_P")


def _offering_the_turn(build: Callable[_P, State]) -> Callable[_P, State]:
    @functools.wraps(build)
    def setup(*args: _P.args, **kwargs: _P.kwargs) -> State:
        state = build(*args, **kwargs)
        seat = state.to_act
        if state.opening is None and seat is not None and state.penalties[seat] > 0:
            state, _ = _offer(state, seat, [])  # ruling R28: a leader who owes a skip skips
        return state

    return setup


#: A position built by hand, for tests, scenarios and disputes (see
#: :func:`~spite_rules.state.make_state` for the arguments), with the turn offered by the rules: a
#: leader who owes misplay penalties skips the lead as it would at the table.
setup = _offering_the_turn(make_state)


def new_game(
    players: int | Sequence[str], *, seed: int, rules: Rules | None = None
) -> State:
    """A shuffled, dealt first round, ready for its opening.

    Seed 000, "The Initial Deal": "each player is dealt 11 cards face down. The top card of the deck
    is revealed as the bounty card". The shuffle comes from ``seed``: the same seed deals the same
    round. The first round opens with 3s (see :func:`~spite_rules.state.next_opening_offer`).

    >>> state = new_game(4, seed=2)
    >>> [len(hand) for hand in state.hands], len(state.deck) + 1, state.opening.rank
    ([11, 11, 11, 11], 145, <Rank.THREE: 3>)
    """
    rules = rules or Rules()
    names = [f"seat {i}" for i in range(players)] if isinstance(players, int) else list(players)
    count = len(names)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise IllegalAction(f"Spite is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}")
    deck = list(spite_deck(rules.decks))
    random.Random(f"{seed}:0").shuffle(deck)
    size = rules.hand_size
    hands = [deck[seat : count * size : count] for seat in range(count)]
    state = make_state(
        hands=hands,
        deck=deck[count * size :],
        rules=rules,
        seed=seed,
        names=names,
        opening=True,
    )
    state = evolve(state, shuffles=1)
    state, _ = reveal_bounty(state)
    return state


def next_round(
    state: State, late_joiners: Sequence[str] = ()
) -> tuple[State, tuple[Event, ...]]:
    """Deal the next round of a game whose round is over, with any late joiners seated.

    Seed 000: scores carry over (already updated when the round ended); "When a late joiner comes
    to the table, they become the loser and gets -2, and the rankings of other players are shifted
    up by 1 place" (ruling S34: the joiner takes the next seat, is appended last to the previous
    finishing order and counts as the latest loser); "At the beginning of each round, cards are
    swapped based on the players' scores"; "Fake jokers persist across rounds"; the buy-back count
    and the direction reset (draft 001: direction persists "across tricks, but not across rounds");
    misplay penalties still owed carry over (ruling R28); the most negative score leads.

    >>> state = new_game(3, seed=1, rules=Rules(referee=Referee.AUTOMATIC))
    >>> while not state.round_over:
    ...     state, _ = apply(state, legal_moves(state)[-1 if state.trick.is_lead else 0])
    >>> state, events = next_round(state, late_joiners=["dana"])
    >>> state.round_number, state.players, state.scores[3], state.to_act == first_leader(state.scores, state.losers_by_round)
    (2, 4, -2, True)
    """
    if not state.round_over:
        raise IllegalAction("the round is not over: finish it before dealing the next")
    events: list[Event] = []
    players = state.players + len(late_joiners)
    if players > MAX_PLAYERS:
        raise IllegalAction(f"Spite is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    joined = tuple(range(state.players, players))
    for seat, name in zip(joined, late_joiners):
        events.append(PlayerJoined(seat, name))
    pad_cards: tuple[tuple[Card, ...], ...] = ((),) * len(joined)
    scores = state.scores + (-2,) * len(joined)
    previous_order = (state.previous_order or ()) + joined
    losers = state.losers_by_round + joined
    earned = state.earned + pad_cards
    deck = list(spite_deck(state.rules.decks))
    for held in earned:
        for card in held:
            deck.remove(card)
    random.Random(f"{state.seed}:{state.shuffles}").shuffle(deck)
    size = state.rules.hand_size
    hands = [deck[seat : players * size : players] for seat in range(players)]
    leader = first_leader(scores, losers)
    fresh = make_state(
        hands=hands,
        deck=deck[players * size :],
        rules=state.rules,
        seed=state.seed,
        names=state.names + tuple(late_joiners),
        leader=leader,
        scores=scores,
        fake_jokers=state.fake_jokers + pad_cards,
        earned=earned,
        fake_pile=state.fake_pile,
        penalties=state.penalties + (0,) * len(joined),
        round_number=state.round_number + 1,
        previous_order=previous_order,
        losers_by_round=losers,
    )
    fresh = evolve(fresh, shuffles=state.shuffles + 1, streaks=state.streaks + (0,) * len(joined))
    fresh, bounty = reveal_bounty(fresh)
    events.append(BountyRevealed(bounty))
    swap = swap_cards(
        fresh.hands, scores, fresh.deck, random.Random(f"{state.seed}:{fresh.shuffles}")
    )
    fresh = evolve(
        fresh,
        hands=swap.hands,
        deck=swap.deck,
        discard=fresh.discard + swap.discarded,
        shuffles=fresh.shuffles + 1,
    )
    for seat in range(players):
        if swap.put_down[seat] or swap.picked_up[seat]:
            events.append(CardsSwapped(seat, swap.put_down[seat], swap.picked_up[seat]))
    if swap.discarded:
        events.append(SwapExtrasDiscarded(swap.discarded))
    events.append(RoundStarted(fresh.round_number, leader))
    return _offer(fresh, leader, events)


def first_leader(scores: Sequence[int], losers_by_round: Sequence[int]) -> int:
    """Who leads the first trick of a round after the first.

    Seed 000, "The First Player": "the player with the most negative score shall lead the first
    trick ... If there are multiple players with the same negative score, the player who most
    recently lost a round shall lead." Ruling R21: with no negative score, the latest round's loser
    leads; among tied seats none of which lost a round, the lowest seat.

    >>> first_leader([-2, 1, -2, 0], losers_by_round=[2, 0])
    0
    >>> first_leader([0, 0, 1], losers_by_round=[1])
    1
    """
    lowest = min(scores)
    tied = [seat for seat, score in enumerate(scores) if score == lowest] if lowest < 0 else []
    for loser in reversed(losers_by_round):
        if not tied or loser in tied:
            return loser
    return tied[0] if tied else 0


# -- apply ------------------------------------------------------------------------------------


def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply ``action`` to ``state``: the next state and what happened, in order.

    >>> state = setup(hands=["9♠ 3♦", "9♦ 4♣", "9♣ 5♣"])
    >>> state, events = apply(state, Play(0, "9♠"))
    >>> state, events = apply(state, Play(1, "9♦"))
    >>> events[0]
    Misplay(player=1, reason='single 9 is not strictly higher than the single 9 in play', rule='trick.follow.strictly-better')

    Raises IllegalAction, changing nothing, for what cannot happen at a table: acting after the
    round is over, a seat that does not exist or is out of the round acting, cards the seat does not
    hold, passing on the lead, a seat other than the one to act passing or taking a reward.
    """
    seat = action.player
    if state.round_over:
        raise IllegalAction(f"the round is over: seat {seat} cannot act")
    if not 0 <= seat < state.players:
        raise IllegalAction(f"seat {seat} does not exist (seats are 0 to {state.players - 1})")
    if isinstance(action, CallMisplay):
        return _call(state, action)
    if not state.in_round(seat):
        raise IllegalAction(f"seat {seat} is out of this round and cannot act")
    state, events = close_calls(state)
    if seat == state.to_act and state.picked_up[seat] and not known_play(state, action):
        # "If the player has just picked up extra cards" the extra seconds are for this decision.
        # (A play legal_moves judged on this state stands, and _stand clears the mark as it does.)
        state = evolve(state, picked_up=replace_seat(state.picked_up, seat, 0))
    if isinstance(action, DropCards):
        return _drop(state, action, events)
    if isinstance(action, Play):
        if seat != state.to_act:
            return out_of_turn(state, action, events)
        return _play(state, action, events)
    _require_turn(state, seat)
    if isinstance(action, Pass):
        return _pass(state, seat, events)
    if isinstance(action, Timeout):
        return _timeout(state, seat, events)
    if isinstance(action, TakeReward):
        return _take_reward(state, action, events)
    raise IllegalAction(f"{action!r} is not an action")


def _require_turn(state: State, seat: int) -> None:
    if seat != state.to_act:
        raise IllegalAction(f"it is seat {state.to_act}'s turn, not seat {seat}'s")


# -- breaches the round adds to the trick's ----------------------------------------------------


# -- plays ------------------------------------------------------------------------------------


def _play(state: State, play: Play, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    if state.reward is not None:
        raise IllegalAction(f"seat {play.player} is taking a come-at-me reward: use TakeReward")
    known = known_verdict(state, play)
    if known is not None:  # legal_moves judged this very play on this very state
        verdict = judge_in_trick(state, play, *known)
        assert isinstance(verdict, Outcome)  # it stood when legal_moves judged it
        return _stand(state, play, verdict, events)
    check_holds(state, play.player, play.cards, play.earned)
    verdict = judge_in_turn(state, play)
    if isinstance(verdict, Breach):
        return _misplay(state, play.player, verdict, events)
    return _stand(state, play, verdict, events)


def _stand(
    state: State, play: Play, outcome: Outcome, events: list[Event]
) -> tuple[State, tuple[Event, ...]]:
    seat = play.player
    description = "a face-down fake joker" if outcome.hand is None else outcome.hand.describe()
    events.append(Played(seat, play.cards, description, play.face_down))
    # A fake joker is played on its own ("fake-jokers.alone"), so a play that stands holds one
    # fake joker or none.
    fakes = play.cards if play.cards[0].fake else ()
    due = bounty_due(state, play) if play.bounty_claim is not None else 0
    changes: dict[str, Any] = {}
    if fakes:
        changes["fake_jokers"] = replace_seat(state.fake_jokers, seat, remove_cards(state.fake_jokers[seat], fakes))
        changes["fake_pile"] = state.fake_pile + fakes
    elif play.earned:
        changes["earned"] = replace_seat(state.earned, seat, remove_cards(state.earned[seat], play.cards))
    else:
        changes["hands"] = replace_seat(state.hands, seat, remove_cards(state.hands[seat], play.cards))
    if state.picked_up[seat]:
        changes["picked_up"] = replace_seat(state.picked_up, seat, 0)
    jokerish = outcome.hand is None or outcome.hand.is_joker
    changes.update(trick=outcome.trick, direction=outcome.direction, opening=None)
    if outcome.direction_cause is not None:
        events.append(DirectionChanged(outcome.direction, outcome.direction_cause))
    for kind in outcome.consecs_formed:
        events.append(ConsecInForce(kind, _consec_detail(outcome.trick, outcome.direction, kind)))
    held = changes["hands"][seat] if "hands" in changes else state.hands[seat]
    if play.buy_back is None and not due and 0 < len(held) < state.rules.losing_hand_size:
        # The commonest play: nothing is drawn or earned and the seat neither goes out nor loses,
        # so all after_play does is mark whether it was a joker hand, and the turn moves on: one
        # state change for all of it. (The round cannot end here: nobody left it.)
        changes.update(joker_last_mark(state, seat, jokerish))
        return _advance(state, seat, events, changes)
    state = evolve(state, **changes)
    if play.buy_back is not None:
        state = pick_up_buy_back(state, seat, play.buy_back, events)
    if due:
        state = claim_bounty(state, seat, due, events)
    state = after_play(state, seat, jokerish, events)
    return _advance(state, seat, events)


def _consec_detail(trick: Trick, direction: Direction, kind: ConsecKind) -> str:
    if kind is ConsecKind.NUMERICAL:
        needed = required_value(trick, direction)
        assert needed is not None
        return f"numerical consec (step {trick.numerical}): the next hand must be {needed.plural}"
    suits = "".join(s.value for s in trick.suited or () if s is not None)
    return f"suited consec: every following hand must be of {suits}"


# -- misplays and calls -----------------------------------------------------------------------


def _misplay(
    state: State, seat: int, breach: Breach, events: list[Event], *, bar: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """A misplay by ``seat`` (:func:`misplayed`); if it was the seat to act (and not taking a
    reward), the turn moves on from it, or during the opening the opening offer does."""
    state = misplayed(state, seat, breach, events, bar=bar)
    if seat == state.to_act and state.reward is None:
        if state.opening is not None:
            return next_offer(state, seat, events)
        return _advance(state, seat, events)
    return state, tuple(events)


def _call(state: State, call: CallMisplay) -> tuple[State, tuple[Event, ...]]:
    """Seed 000, "Fake Jokers": a correct call wins the misplayer's fake jokers, or one from the
    pile; "Incorrectly calling 'misplay' on another player" is itself a misplay. Ruling R27: calls
    are taken in the order they reach the engine (that order is the coin flip)."""
    caller, accused = call.player, call.accused
    if state.rules.referee is Referee.AUTOMATIC:
        raise IllegalAction("the automatic referee penalises misplays itself: there is no call")
    if not 0 <= accused < state.players:
        raise IllegalAction(f"seat {accused} does not exist (seats are 0 to {state.players - 1})")
    if caller == accused:
        raise IllegalAction(f"seat {caller} cannot call a misplay on itself")
    events: list[Event] = []
    for index, open_misplay in enumerate(state.open_misplays):
        if open_misplay.accused == accused:
            rest = state.open_misplays[:index] + state.open_misplays[index + 1 :]
            state = evolve(state, open_misplays=rest)
            if open_misplay.forfeited:
                held = sort_cards(state.fake_jokers[caller] + open_misplay.forfeited)
                state = evolve(state, fake_jokers=replace_seat(state.fake_jokers, caller, held))
                fakes, earned = open_misplay.forfeited, tuple[Card, ...]()
            else:
                state, fakes, earned = earn(state, caller, 1)
            events.append(MisplayCalled(caller, accused, True, fakes, earned))
            return evolve(state, called=state.called + (accused,)), tuple(events)
    if accused in state.called:
        # Seed 000: "If two or more players correctly call a misplay at the same time, a coin flip
        # ... shall be used to determine who shall receive the reward": a later correct call in
        # the same window is still correct, and wins nothing (ruling R27).
        events.append(MisplayCalled(caller, accused, True))
        return state, tuple(events)
    events.append(MisplayCalled(caller, accused, False))
    breach = Breach(
        lambda: f"seat {caller} called a misplay on seat {accused}, who has no misplay open to call",
        "misplays.incorrect-call",
    )
    return _misplay(state, caller, breach, events, bar=state.in_round(caller))


def _drop(state: State, drop: DropCards, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """Seed 000, "Misplays": cards dropped face-up on the table count as played; dropped "on any
    food, liquid, sticky, or greasy substance ... or on the floor" is a misplay (ruling R30)."""
    seat = drop.player
    check_holds(state, seat, drop.cards, False)
    if any(waiting.player == seat for waiting in state.pending):
        raise IllegalAction(f"seat {seat}'s cards are committed to an out-of-turn play")
    events.append(CardsDropped(seat, drop.cards, drop.onto.value))
    if drop.onto is Surface.TABLE:
        play = Play(seat, drop.cards)
        if seat != state.to_act:
            return out_of_turn(state, play, events)
        return _play(state, play, events)
    where = "on the floor" if drop.onto is Surface.FLOOR else "onto food or drink"
    breach = Breach(lambda: f"seat {seat} dropped {format_cards(drop.cards)} {where}", "misplays.dropped")
    return _misplay(state, seat, breach, events)


# -- passing, timeouts, rewards ---------------------------------------------------------------


def _pass(state: State, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    if state.reward is not None:
        raise IllegalAction(f"seat {seat} is taking a come-at-me reward: use TakeReward")
    if state.opening is not None:
        return decline(state, seat, events)
    trick = state.trick
    if trick.is_lead:
        raise IllegalAction(f"seat {seat} leads this trick: a lead is played, not passed")
    trick = trick.passed_by(seat)
    events.append(Passed(seat))
    return _advance(state, seat, events, {"trick": trick})


def _timeout(state: State, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """Seed 000, "Playing Tricks": "if the player fails to play a valid hand before the countdown
    finishes then they shall be deemed to have passed." Ruling R31: on a lead the seat is passed
    and the lead moves on; during a reward the reward is forfeited."""
    events.append(TimedOut(seat))
    if state.reward is not None:
        state = evolve(state, reward=None)
        return _offer(state, seat, events)
    if state.opening is not None:
        return decline(state, seat, events)
    trick = state.trick
    trick = trick.passed_by(seat)
    events.append(Passed(seat))
    return _advance(state, seat, events, {"trick": trick})


def _take_reward(
    state: State, take: TakeReward, events: list[Event]
) -> tuple[State, tuple[Event, ...]]:
    """Seed 000, "Come At Me": view the top cards, "optionally swap one of them with a card in their
    hand", declare the count ("An incorrect declaration is a misplay"), then discard the viewed
    cards (ruling R26)."""
    reward, seat = state.reward, take.player
    if reward is None:
        raise IllegalAction(f"seat {seat} has no come-at-me reward to take")
    if (take.give is None) != (take.take is None):
        raise IllegalAction("a swap needs both the card given from the hand and the card taken")
    viewed = state.deck[: reward.count]
    hand = state.hands[seat]
    if take.give is not None and take.take is not None:
        if take.give not in hand:
            raise IllegalAction(f"seat {seat} does not hold {take.give} (holds {state.holdings(seat)})")
        if take.take not in viewed:
            raise IllegalAction(f"{take.take} is not among the viewed cards {format_cards(viewed)}")
    deck = state.deck[reward.count :]
    if take.count != reward.count:
        state = evolve(state, reward=None, deck=deck, discard=state.discard + viewed)
        breach = Breach(
            lambda: f"seat {seat} declared a reward of {take.count}, but the reward is {reward.count}",
            "come-at-me.declared-count",
        )
        state, more = _misplay(state, seat, breach, events, bar=False)
        return _offer(state, seat, list(more))
    swapped = take.give is not None and take.take is not None
    if take.give is not None and take.take is not None:
        hand = sort_cards(remove_cards(hand, [take.give]) + (take.take,))
        viewed = remove_cards(viewed, [take.take]) + (take.give,)
    changes = {
        "reward": None,
        "deck": deck,
        "hands": replace_seat(state.hands, seat, hand),
        "discard": state.discard + viewed,
        "picked_up": replace_seat(state.picked_up, seat, 1 if swapped else 0),
    }
    events.append(RewardTaken(seat, reward.count, swapped, len(viewed)))
    return _offer(state, seat, events, changes)


# -- turn flow --------------------------------------------------------------------------------


def _next_clockwise(state: State, after: int) -> int | None:
    """The next seat after ``after`` (clockwise, ``after`` itself last) that may still act in the
    trick: in the round and not barred by a misplay."""
    return _next_in_round(state, after, skip=state.trick.barred)


def _next_in_round(state: State, after: int, skip: frozenset[int] = frozenset()) -> int | None:
    """The next seat after ``after`` (clockwise, ``after`` itself last) still in the round and not
    in ``skip``."""
    players = len(state.hands)
    out = state.finished + state.losers  # seats no longer in the round (see State.in_round)
    for offset in range(1, players + 1):
        seat = (after + offset) % players
        if seat not in out and seat not in skip:
            return seat
    return None


def _advance(
    state: State, after: int, events: list[Event], changes: dict[str, Any] | None = None
) -> tuple[State, tuple[Event, ...]]:
    """Give the turn onward from ``after``, first making ``changes`` (see :func:`_offer`)."""
    return _offer(state, _next_clockwise(state, after), events, changes)


def _trick_won(state: State, trick: Trick) -> bool:
    """Ruling T10: every other seat still in the trick has passed since the last play."""
    last = trick.last_player
    if last is None:
        return False
    in_round = len(state.hands) - len(state.finished) - len(state.losers)
    if len(trick.passes) + len(trick.barred) + 1 < in_round:
        return False  # too few seats have passed (or need not): some seat has yet to pass
    waived = trick.passes | trick.barred | {last}  # seats that need not pass (or have)
    if len(waived) < in_round:
        return False  # fewer than the seats still in the round: some seat has yet to pass
    return all(seat in waived for seat in state.active)


#: What a play, a pass or a reward taken may leave for :func:`_offer` to change: nothing it asks
#: about before making the changes.
_DEFERRABLE = frozenset(
    {"trick", "direction", "opening", "hands", "fake_jokers", "fake_pile", "earned", "picked_up",
     "joker_last", "reward", "deck", "discard"}
)


def _offer(
    state: State, candidate: int | None, events: list[Event], changes: dict[str, Any] | None = None
) -> tuple[State, tuple[Event, ...]]:
    """Offer the turn to ``candidate``: first end the trick if everyone else has passed since the
    last play (ruling T10), skip turns owed for misplays, and judge a waiting out-of-turn play.
    ``changes`` (to fields in :data:`_DEFERRABLE`) are made first."""
    if changes:
        assert _DEFERRABLE.issuperset(changes), changes
        trick = changes.get("trick", state.trick)
        won = not state.round_over and _trick_won(state, trick)
        # Most turns simply move on: one state change makes ``changes`` and sets the seat to act
        # (exactly what the loop below does when it ends at once, with none of its branches taken).
        if not won and candidate is not None and not state.round_over and state.in_round(candidate):
            if not state.penalties[candidate] > 0 and (
                not state.pending or all(waiting.player != candidate for waiting in state.pending)
            ):
                return evolve(state, to_act=candidate, **changes), tuple(events)
            skipping = None if state.pending else _skipping(state, candidate, trick)
            if skipping is not None:
                # Seats owing misplay penalties skip their turns, and the turn comes to one that
                # owes none, in the trick: one state change for it all (as the loop below does).
                candidate, penalties, trick, skips = skipping
                events += skips
                changes = {**changes, "trick": trick, "penalties": penalties, "to_act": candidate}
                return evolve(state, **changes), tuple(events)
        if won and changes.keys() == {"trick"}:
            # The pass that ends a trick: the trick it completes is won, and discarded as the next
            # begins, in one state change (what the loop below does, first making ``changes``).
            assert trick.last_player is not None
            state = _win_trick(state, trick.last_player, events, trick)
            if state.reward is not None:
                return state, tuple(events)
            candidate = state.trick.leader
        else:
            state = evolve(state, **changes)
    while not state.round_over:
        trick = state.trick
        if _trick_won(state, trick):
            assert trick.last_player is not None
            state = _win_trick(state, trick.last_player, events)
            if state.reward is not None:
                return state, tuple(events)
            candidate = state.trick.leader
            continue
        if candidate is None or not state.in_round(candidate):
            leader = _next_in_round(state, trick.leader if candidate is None else candidate)
            if leader is None:
                break
            state = _new_trick(state, leader)
            candidate = leader
            continue
        if state.penalties[candidate] > 0:
            waiting = next((p for p in state.pending if p.player == candidate), None)
            if waiting is not None:
                # Ruling R29: the turn came and is skipped, so the waiting play cannot stand.
                state = evolve(state, pending=tuple(p for p in state.pending if p is not waiting))
                events.append(
                    Misplay(
                        candidate,
                        f"seat {candidate}'s out-of-turn play {format_cards(waiting.cards)} could "
                        "not stand: its turn came and was skipped for a misplay penalty",
                        "misplays.out-of-turn",
                    )
                )
                state = penalise(state, candidate, 1, events, open_for_call=True)
                trick = evolve(state.trick, barred=state.trick.barred | {candidate})
            penalties, trick, skipped = _skip_turn(state.penalties, trick, candidate)
            state = evolve(state, penalties=penalties, trick=trick)
            events.append(skipped)
            candidate = _next_clockwise(state, candidate)
            continue
        if state.to_act != candidate:
            state = evolve(state, to_act=candidate)
        for waiting in state.pending:
            if waiting.player == candidate:
                rest = tuple(p for p in state.pending if p is not waiting)
                return _play(evolve(state, pending=rest), waiting, events)
        return state, tuple(events)
    return evolve(state, to_act=None), tuple(events)


def _skip_turn(
    penalties: tuple[int, ...], trick: Trick, seat: int
) -> tuple[tuple[int, ...], Trick, TurnSkipped]:
    """Seed 000, "Misplays": a seat owing misplay penalties "must skip the number of turns in the
    next trick(s) equal to their misplay penalty count": one is paid, and the seat is passed in the
    trick unless it leads it (ruling R28). The penalties and trick after, and the event."""
    owed = penalties[seat] - 1
    if not trick.is_lead:
        trick = trick.passed_by(seat)
    return replace_seat(penalties, seat, owed), trick, TurnSkipped(seat, owed)


def _skipping(
    state: State, candidate: int, trick: Trick
) -> tuple[int, tuple[int, ...], Trick, list[TurnSkipped]] | None:
    """Where :func:`_offer`'s turn goes from ``candidate`` (in the round, owing penalties) on
    ``trick`` when nothing but skips happens: the seat to act, the penalties and trick after the
    skips, and their events; None if a skip ends the trick or leaves no seat to act (the general
    path handles those). Nobody may have an out-of-turn play waiting."""
    penalties, skips = state.penalties, list[TurnSkipped]()
    while penalties[candidate] > 0:
        penalties, trick, skipped = _skip_turn(penalties, trick, candidate)
        skips.append(skipped)
        next_seat = _next_in_round(state, candidate, skip=trick.barred)
        if next_seat is None or _trick_won(state, trick):
            return None
        candidate = next_seat
    return candidate, penalties, trick, skips


def _win_trick(state: State, winner: int, events: list[Event], trick: Trick | None = None) -> State:
    """Seed 000, "Playing Tricks": "The last player to have played before everyone else has passed
    in that trick is the winner of that trick and shall lead the next trick. If that player has
    gone out ... then the next player in clockwise sequence shall lead", and "Come At Me".
    ``trick`` is the trick just won if ``state`` does not hold it yet (the pass that ended it)."""
    trick = state.trick if trick is None else trick
    leader = winner if state.in_round(winner) else _next_in_round(state, winner)
    events.append(TrickWon(winner, leader))
    changes: dict[str, Any] = {}
    for waiting in state.pending:  # ruling R29: a held play lapses if its trick ends first
        events.append(OutOfTurnPlayLapsed(waiting.player, waiting.cards))
    if state.pending:
        changes["pending"] = ()
    calls = Counter(trick.come_at_me)
    state = failed_come_at_me(state, calls, winner, events)
    called = calls[winner]
    won = come_at_me_succeeded(trick, called)
    streak = state.streaks[winner]
    streaks = streaks_after(state.streaks, winner, won)
    if streaks is not None:
        changes["streaks"] = streaks
    state = _new_trick(state, leader, trick, changes)
    return settle_come_at_me(state, winner, called, won, streak, events)


def _new_trick(
    state: State,
    leader: int | None,
    ended: Trick | None = None,
    changes: dict[str, Any] | None = None,
) -> State:
    """A new trick led by ``leader``, the cards of the one that ended (``ended``, or the state's)
    discarded, with ``changes`` made at the same time."""
    ended = state.trick if ended is None else ended
    played = tuple(card for card in ended.cards if not card.fake)
    return evolve(
        state,
        discard=state.discard + played,
        trick=Trick.start(leader if leader is not None else 0),
        to_act=leader,
        **(changes or {}),
    )


# -- legal_moves ------------------------------------------------------------------------------


