"""Whose turn it is: the turn offered to a seat (:func:`offer_turn`), skips for misplay penalties,
the end of a trick and the start of the next, and a play in turn (:func:`play_in_turn`), which
stands or is a misplay and passes the turn on.

Layer: Spite: machine — may import Spite's rules of play and values, the core, the cards and the errors.

These call one another: offering the turn to a seat whose out-of-turn play is waiting judges that
play (ruling R29), and a play that stands or a misplay moves the turn on. So the play in turn and
the misplay's turn (:func:`misplay`) live here with the turn; what a misplay costs is
:mod:`spite_rules.misplays`', and the rules a play is judged by are below this module.

>>> state = setup(hands=["5♠ 9♠", "6♦ 9♦", "7♣ 9♣"])
>>> state, events = play_in_turn(state, Play(0, "5♠"), [])
>>> state.to_act, [type(event).__name__ for event in events]
(1, ['Played'])
"""

from __future__ import annotations

from typing import Final, TypedDict

from spite_rules.core.frozen import replace, replace_from
from spite_rules.actions import Play
from spite_rules.bounty import bounty_due, claim_bounty
from spite_rules.buy_back import pick_up_buy_back
from spite_rules.cards import Card, format_cards
from spite_rules.changes import (
    DEFERRABLE,
    Deferred,
    check_holds,
    remove_cards,
    replace_seat,
    split_earned,
)
from spite_rules.come_at_me import (
    come_at_me_succeeded,
    failed_come_at_me,
    settle_come_at_me,
    streaks_after,
)
from spite_rules.errors import IllegalAction
from spite_rules.events import (
    ConsecInForce,
    DirectionChanged,
    Event,
    Misplay,
    OutOfTurnPlayLapsed,
    Played,
    TrickWon,
    TurnSkipped,
)
from spite_rules.going_out import after_play, joker_last_mark
from spite_rules.judging import judge_in_trick, judge_in_turn
from spite_rules.misplays import misplayed, penalise
from spite_rules.moves import verdict_of
from spite_rules.opening import next_offer
from spite_rules.rules import RewardKind
from spite_rules.state import State
from spite_rules.trick import Breach, Outcome, Trick, required_value
from spite_rules.trick_state import face_down_description
from spite_rules.vocabulary import ConsecKind, Direction


__all__ = ["offer_turn", "advance_turn", "play_in_turn", "misplay"]


def offer_turn(
    state: State, candidate: int | None, events: list[Event], changes: Deferred | None = None
) -> tuple[State, tuple[Event, ...]]:
    """Offer the turn to ``candidate``: first end the trick if everyone else has passed since the
    last play (ruling T10), skip turns owed for misplays, and judge a waiting out-of-turn play.
    ``changes`` (to fields in :data:`~spite_rules.changes.DEFERRABLE`) are made first."""
    if changes:
        assert DEFERRABLE.issuperset(changes), changes
        trick = changes.get("trick", state.trick)
        over = state.round_over
        won = not over and _trick_won(state, trick)
        # Most turns simply move on: one state change makes ``changes`` and sets the seat to act
        # (exactly what the loop below does when it ends at once, with none of its branches taken).
        if (
            not won
            and candidate is not None
            and not over
            and candidate not in state.finished  # in the round (State.in_round, read directly)
            and candidate not in state.losers
        ):
            if not state.penalties[candidate] > 0 and (
                not state.pending or all(waiting.player != candidate for waiting in state.pending)
            ):
                moved: _Moved = {**changes, "to_act": candidate}
                return replace_from(state, moved), tuple(events)
            skipping = None if state.pending else _skipping(state, candidate, trick)
            if skipping is not None:
                # Seats owing misplay penalties skip their turns, and the turn comes to one that
                # owes none, in the trick: one state change for it all (as the loop below does).
                candidate, penalties, trick, skips = skipping
                events += skips
                with_skips: _Skipped = {
                    **changes, "trick": trick, "penalties": penalties, "to_act": candidate
                }
                return replace_from(state, with_skips), tuple(events)
        if won and changes.keys() == {"trick"}:
            # The pass that ends a trick: the trick it completes is won, and discarded as the next
            # begins, in one state change (what the loop below does, first making ``changes``).
            assert trick.last_player is not None
            state = _win_trick(state, trick.last_player, events, trick)
            if state.reward is not None:
                return state, tuple(events)
            candidate = state.trick.leader
        else:
            state = replace_from(state, changes)
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
                state = replace(state, pending=tuple(p for p in state.pending if p is not waiting))
                events.append(
                    Misplay(
                        candidate,
                        f"seat {candidate}'s out-of-turn play {format_cards(waiting.cards)} could "
                        "not stand: its turn came and was skipped for a misplay penalty",
                        "misplays.out-of-turn",
                    )
                )
                state = penalise(state, candidate, 1, events, open_for_call=True)
                trick = replace(state.trick, barred=state.trick.barred | {candidate})
            penalties, trick, skipped = _skip_turn(
                state.penalties, trick, candidate, state.rules.resume_in_next_trick
            )
            state = replace(state, penalties=penalties, trick=trick)
            events.append(skipped)
            candidate = _next_clockwise(state, candidate)
            continue
        if state.to_act != candidate:
            state = replace(state, to_act=candidate)
        for waiting in state.pending:
            if waiting.player == candidate:
                rest = tuple(p for p in state.pending if p is not waiting)
                return play_in_turn(replace(state, pending=rest), waiting, events)
        return state, tuple(events)
    return replace(state, to_act=None), tuple(events)


class _Moved(Deferred, total=False):
    """:func:`offer_turn`'s ``changes`` with the seat to act."""

    to_act: int | None


class _Skipped(_Moved, total=False):
    """:func:`offer_turn`'s ``changes`` with the skips' own: the penalties left, the seat to act."""

    penalties: tuple[int, ...]


class _TrickEnd(TypedDict, total=False):
    """What :func:`_win_trick` changes with the new trick: lapsed plays gone, the streaks."""

    pending: tuple[Play, ...]
    streaks: tuple[int, ...]


_NO_CHANGES: Final[_TrickEnd] = {}


class _NewTrick(_TrickEnd, total=False):
    """What :func:`_new_trick` changes: the trick's cards discarded, the new trick, its leader to
    act, and :class:`_TrickEnd`'s changes."""

    discard: tuple[Card, ...]
    trick: Trick
    to_act: int | None


def advance_turn(
    state: State, after: int, events: list[Event], changes: Deferred | None = None
) -> tuple[State, tuple[Event, ...]]:
    """Give the turn onward from ``after``, first making ``changes`` (see :func:`offer_turn`)."""
    return offer_turn(state, _next_clockwise(state, after), events, changes)


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


def _skip_turn(
    penalties: tuple[int, ...], trick: Trick, seat: int, resume_in_next_trick: bool = False
) -> tuple[tuple[int, ...], Trick, TurnSkipped]:
    """Seed 000, "Misplays": a seat owing misplay penalties "must skip the number of turns in the
    next trick(s) equal to their misplay penalty count": one is paid, and the seat is passed in the
    trick unless it leads it (ruling R28, clause ``misplays.skipped-lead``). The penalties and
    trick after, and the event.

    Under the July 2023 revision (``resume_in_next_trick``, clause ``misplays.resume-next-trick``)
    the seat "may buy back into the trick, or resume play as normal in the next trick": a skipped
    lead, too, leaves it out of the trick unless it buys back (ruling V9)."""
    owed = penalties[seat] - 1
    if not trick.is_lead:
        trick = trick.passed_by(seat)
    elif resume_in_next_trick:
        trick = replace(trick, passed=trick.passed | {seat})
    return replace_seat(penalties, seat, owed), trick, TurnSkipped(seat, owed)


def _skipping(
    state: State, candidate: int, trick: Trick
) -> tuple[int, tuple[int, ...], Trick, list[TurnSkipped]] | None:
    """Where :func:`offer_turn`'s turn goes from ``candidate`` (in the round, owing penalties) on
    ``trick`` when nothing but skips happens: the seat to act, the penalties and trick after the
    skips, and their events; None if a skip ends the trick or leaves no seat to act (the general
    path handles those). Nobody may have an out-of-turn play waiting."""
    penalties, skips = state.penalties, list[TurnSkipped]()
    resume_in_next_trick = state.rules.resume_in_next_trick
    while penalties[candidate] > 0:
        penalties, trick, skipped = _skip_turn(penalties, trick, candidate, resume_in_next_trick)
        skips.append(skipped)
        next_seat = _next_in_round(state, candidate, skip=trick.barred)
        if next_seat is None or _trick_won(state, trick):
            return None
        candidate = next_seat
    return candidate, penalties, trick, skips


def _trick_won(state: State, trick: Trick) -> bool:
    """Ruling T10: every other seat still in the trick has passed since the last play."""
    plays = trick.plays
    if not plays:
        return False  # nobody has played: no last player (Trick.last_player, read directly)
    last = plays[-1].player
    in_round = len(state.hands) - len(state.finished) - len(state.losers)
    passes, barred = trick.passes, trick.barred
    if len(passes) + len(barred) + 1 < in_round:
        return False  # too few seats have passed (or need not): some seat has yet to pass
    waived = passes | barred | {last}  # seats that need not pass (or have)
    if len(waived) < in_round:
        return False  # fewer than the seats still in the round: some seat has yet to pass
    return all(seat in waived for seat in state.active)


def _win_trick(state: State, winner: int, events: list[Event], trick: Trick | None = None) -> State:
    """Seed 000, "Playing Tricks": "The last player to have played before everyone else has passed
    in that trick is the winner of that trick and shall lead the next trick. If that player has
    gone out ... then the next player in clockwise sequence shall lead", and "Come At Me".
    ``trick`` is the trick just won if ``state`` does not hold it yet (the pass that ended it)."""
    trick = state.trick if trick is None else trick
    leader = winner if state.in_round(winner) else _next_in_round(state, winner)
    events.append(TrickWon(winner, leader))
    changes: _TrickEnd = {}
    for waiting in state.pending:  # ruling R29: a held play lapses if its trick ends first
        events.append(OutOfTurnPlayLapsed(waiting.player, waiting.cards, waiting.face_down))
    if state.pending:
        changes["pending"] = ()
    state = failed_come_at_me(state, trick.come_at_me, winner, events)
    called = trick.come_at_me.count(winner)
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
    changes: _TrickEnd | None = None,
) -> State:
    """A new trick led by ``leader``, the cards of the one that ended (``ended``, or the state's)
    discarded, with ``changes`` made at the same time."""
    ended = state.trick if ended is None else ended
    played = tuple(card for card in ended.cards if not card.fake)
    trick_end: _NewTrick = {
        **(changes or _NO_CHANGES),
        "discard": state.discard + played,
        "trick": Trick.start(leader if leader is not None else 0),
        "to_act": leader,
    }
    return replace_from(state, trick_end)


def play_in_turn(state: State, play: Play, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    if state.reward is not None:
        use = "DiscardAndDraw" if state.rules.come_at_me_reward_kind is RewardKind.DISCARD_AND_DRAW else "TakeReward"
        raise IllegalAction(f"seat {play.player} is taking a come-at-me reward: use {use}")
    known = verdict_of(state, play)
    if known is not None:  # legal_moves judged this very play on this very state
        verdict = judge_in_trick(state, play, *known)
        assert isinstance(verdict, Outcome)  # it stood when legal_moves judged it
        return _stand(state, play, verdict, events)
    check_holds(state, play.player, play.cards, play.earned)
    verdict = judge_in_turn(state, play)
    if isinstance(verdict, Breach):
        return misplay(state, play.player, verdict, events)
    return _stand(state, play, verdict, events)


def _stand(
    state: State, play: Play, outcome: Outcome, events: list[Event]
) -> tuple[State, tuple[Event, ...]]:
    seat, cards, hand = play.player, play.cards, outcome.hand
    description = face_down_description(len(cards)) if hand is None else hand.describe()
    events.append(Played(seat, cards, description, play.face_down))
    # A fake joker is played on its own ("fake-jokers.alone"), or with only fake jokers (five or
    # more face-down, "fake-jokers.hand"), so a play that stands holds fake jokers only or none.
    fakes = cards if cards[0].fake else ()
    due = bounty_due(state, play) if play.bounty_claim is not None else 0
    changes: Deferred = {}
    earned, hands, rules = play.earned, state.hands, state.rules
    if fakes:
        changes["fake_jokers"] = replace_seat(state.fake_jokers, seat, remove_cards(state.fake_jokers[seat], fakes))
        changes["fake_pile"] = state.fake_pile + fakes
    elif earned and rules.earned_cards_free:
        # The July 2023 revision: earned cards combine with the hand's (ruling V5).
        from_earned, from_hand = split_earned(state.earned[seat], cards)
        changes["earned"] = replace_seat(state.earned, seat, remove_cards(state.earned[seat], from_earned))
        if from_hand:
            hands = changes["hands"] = replace_seat(hands, seat, remove_cards(hands[seat], from_hand))
    elif earned:
        changes["earned"] = replace_seat(state.earned, seat, remove_cards(state.earned[seat], cards))
    else:
        hands = changes["hands"] = replace_seat(hands, seat, remove_cards(hands[seat], cards))
    picked_up = state.picked_up
    if picked_up[seat]:
        changes["picked_up"] = replace_seat(picked_up, seat, 0)
    jokerish = hand is None or hand.is_joker
    trick, direction, cause = outcome.trick, outcome.direction, outcome.direction_cause
    changes.update({"trick": trick, "direction": direction, "opening": None})
    if cause is not None:
        events.append(DirectionChanged(direction, cause))
    for kind in outcome.consecs_formed:
        events.append(ConsecInForce(kind, _consec_detail(trick, direction, kind)))
    buy_back = play.buy_back
    if buy_back is None and not due and 0 < len(hands[seat]) < rules.losing_hand_size:
        # The commonest play: nothing is drawn or earned and the seat neither goes out nor loses,
        # so all after_play does is mark whether it was a joker hand, and the turn moves on: one
        # state change for all of it. (The round cannot end here: nobody left it.)
        changes.update(joker_last_mark(state, seat, jokerish))
        return advance_turn(state, seat, events, changes)
    state = replace_from(state, changes)
    if buy_back is not None:
        state = pick_up_buy_back(state, seat, buy_back, events)
    if due:
        state = claim_bounty(state, seat, due, events)
    state = after_play(state, seat, jokerish, events)
    return advance_turn(state, seat, events)


def _consec_detail(trick: Trick, direction: Direction, kind: ConsecKind) -> str:
    if kind is ConsecKind.NUMERICAL:
        needed = required_value(trick, direction)
        assert needed is not None
        return f"numerical consec (step {trick.numerical}): the next hand must be {needed.plural}"
    suits = "".join(s.value for s in trick.suited or () if s is not None)
    return f"suited consec: every following hand must be of {suits}"


def misplay(
    state: State, seat: int, breach: Breach, events: list[Event], *, bar: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """A misplay by ``seat`` (:func:`misplayed`); if it was the seat to act (and not taking a
    reward), the turn moves on from it, or during the opening the opening offer does."""
    state = misplayed(state, seat, breach, events, bar=bar)
    if seat == state.to_act and state.reward is None:
        if state.opening is not None:
            return next_offer(state, seat, events)
        return advance_turn(state, seat, events)
    return state, tuple(events)
