"""The round as a state machine: :func:`apply`, which hands each action to its handler, and the
round's public names (:func:`new_game`, :func:`legal_moves`, ...), re-exported from the modules
that hold them.

Layer: Spite: machine — may import Spite's rules of play and values, the core, the cards and the errors.

``apply(state, action)`` is pure: it returns the next state and the events, and leaves ``state``
untouched. A play the rules forbid is applied as a misplay (a :class:`~spite_rules.events.Misplay`
event); an action that cannot happen at a table raises :class:`~spite_rules.errors.IllegalAction`.
``legal_moves(state)`` lists every action that is not a misplay, asking the same rule functions.
Rulings R20-R31 in docs/rulings.md settle what the seeds leave open.

>>> state = setup(hands=["3♦ 9♠", "4♣ 9♦", "5♣ 9♣"])
>>> state, events = apply(state, Play(0, "3♦"))
>>> [str(move) for move in legal_moves(state)][:3]
['seat 1: pass', 'seat 1: 4♣', 'seat 1: 4♣ "come at me"']

The rules live by clause family, one module each; a module calls only those below it:

- :mod:`~spite_rules.deal`: ``new_game``, ``next_round``, ``first_leader``, ``setup``.
- :mod:`~spite_rules.turns`: whose turn, skips, a trick won; a play in turn, standing or misplayed.
- :mod:`~spite_rules.moves`: ``legal_moves`` and its caches, the verdicts ``apply`` reuses.
- :mod:`~spite_rules.judging`: the one judgement of a play in turn.
- :mod:`~spite_rules.going_out`: going out, the instant losses, the round's end.
- :mod:`~spite_rules.come_at_me`: rewards, penalties, streaks.
- :mod:`~spite_rules.misplays`: what a misplay costs, the call window, out-of-turn plays.
- :mod:`~spite_rules.bounty`, :mod:`~spite_rules.buy_back`, :mod:`~spite_rules.opening`.
- :mod:`~spite_rules.changes`, :mod:`~spite_rules.stock`: per-seat changes; drawing from the deck.

This module keeps the handlers of calls, drops, passes, timeouts and rewards taken (seed 000's
view and swap, the July 2023 revision's discard and draw), which pass the turn on through
:mod:`~spite_rules.turns`.
"""

from __future__ import annotations


from spite_rules.core.frozen import replace
from spite_rules.actions import (
    Action,
    CallMisplay,
    DiscardAndDraw,
    DropCards,
    Pass,
    Play,
    Surface,
    TakeReward,
    Timeout,
)
from spite_rules.bounty import earn
from spite_rules.cards import Card, format_cards, sort_cards
from spite_rules.changes import Deferred, check_holds, remove_cards, replace_seat
from spite_rules.errors import IllegalAction, shown
from spite_rules.core.fields import check_fields
from spite_rules.come_at_me import discard_and_draw_breach
from spite_rules.events import (
    CardsDropped,
    Event,
    MisplayCalled,
    Passed,
    RewardRedrawn,
    RewardTaken,
    TimedOut,
)
from spite_rules.misplays import close_calls, out_of_turn
from spite_rules.opening import decline
from spite_rules.rules import Referee, RewardKind
from spite_rules.state import State
from spite_rules.stock import draw
from spite_rules.trick import Breach
from spite_rules.turns import advance_turn, misplay, offer_turn, play_in_turn

# The round's public names, where they live (see __all__).
from spite_rules.bounty import bounty_due
from spite_rules.buy_back import buy_back_breach
from spite_rules.come_at_me import come_at_me_reward
from spite_rules.deal import first_leader, new_game, next_round, setup
from spite_rules.moves import legal_moves, offered, verdict_of


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


# -- apply ------------------------------------------------------------------------------------


def apply(state: object, action: object) -> tuple[State, tuple[Event, ...]]:
    """The round's state machine: see :func:`spite_rules.public.apply`. The state and the action
    are typed ``object``, so that this door, not the compiled build's type check, refuses them."""
    if type(state) is not State:
        raise IllegalAction(f"apply needs a Spite State, not {type(state).__name__}")
    if not offered(state, action):  # legal_moves' own moves were made with fields of their types
        check_fields(action)
    if not isinstance(action, Action):  # the union of the actions' classes
        raise IllegalAction(f"{shown(action)} is not an action")
    seat = action.player
    if state.round_over:
        raise IllegalAction(f"the round is over: seat {seat} cannot act")
    players = len(state.hands)  # State.players, read directly
    if not 0 <= seat < players:
        raise IllegalAction(f"seat {shown(seat)} does not exist (seats are 0 to {players - 1})")
    if isinstance(action, CallMisplay):
        return _call(state, action)
    if seat in state.finished or seat in state.losers:  # not State.in_round, read directly
        raise IllegalAction(f"seat {seat} is out of this round and cannot act")
    state, events = close_calls(state)
    if seat == state.to_act and state.picked_up[seat] and verdict_of(state, action) is None:
        # "If the player has just picked up extra cards" the extra seconds are for this decision.
        # (A play legal_moves offered on this state stands, and _stand clears the mark as it does.)
        state = replace(state, picked_up=replace_seat(state.picked_up, seat, 0))
    if isinstance(action, DropCards):
        return _drop(state, action, events)
    if isinstance(action, Play):
        if seat != state.to_act:
            return out_of_turn(state, action, events)
        return play_in_turn(state, action, events)
    _require_turn(state, seat)
    if isinstance(action, Pass):
        return _pass(state, seat, events)
    if isinstance(action, Timeout):
        return _timeout(state, seat, events)
    if isinstance(action, TakeReward):
        return _take_reward(state, action, events)
    return _discard_and_draw(state, action, events)  # the one kind left


def _require_turn(state: State, seat: int) -> None:
    if seat != state.to_act:
        raise IllegalAction(f"it is seat {state.to_act}'s turn, not seat {seat}'s")


# -- calls and drops --------------------------------------------------------------------------


def _call(state: State, call: CallMisplay) -> tuple[State, tuple[Event, ...]]:
    """Seed 000, "Fake Jokers": a correct call wins the misplayer's fake jokers, or one from the
    pile; "Incorrectly calling 'misplay' on another player" is itself a misplay. Ruling R27: calls
    are taken in the order they reach the engine (that order is the coin flip). Under the July 2023
    revision (``Rules.caller_paid_from_pile`` False) a call on a seat that held no fake jokers wins
    nothing (ruling V4)."""
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
            state = replace(state, open_misplays=rest)
            if open_misplay.forfeited:
                held = sort_cards(state.fake_jokers[caller] + open_misplay.forfeited)
                state = replace(state, fake_jokers=replace_seat(state.fake_jokers, caller, held))
                fakes, earned = open_misplay.forfeited, tuple[Card, ...]()
            elif state.rules.caller_paid_from_pile:
                state, fakes, earned = earn(state, caller, 1)
            else:  # the July 2023 revision: the transfer is the whole reward (ruling V4)
                fakes, earned = (), ()
            events.append(MisplayCalled(caller, accused, True, fakes, earned))
            return replace(state, called=state.called + (accused,)), tuple(events)
    if accused in state.called:
        # Seed 000: "If two or more players correctly call a misplay at the same time, a coin flip
        # ... shall be used to determine who shall receive the reward": a later correct call in
        # the same window is still correct, and wins nothing. And "fake jokers are not awarded if
        # a misplay was only called after the table has reached a consensus": a late call on a
        # misplay of this round is correct too (not "Incorrectly calling"), and wins nothing; the
        # misplayer's fake jokers went back to the pile when the window closed (ruling R27).
        events.append(MisplayCalled(caller, accused, True))
        return state, tuple(events)
    events.append(MisplayCalled(caller, accused, False))
    breach = Breach(
        lambda: f"seat {caller} called a misplay on seat {accused} (none called or settled earlier "
        "this round), who has no misplay open to call",
        "misplays.incorrect-call",
    )
    return misplay(state, caller, breach, events, bar=state.in_round(caller))


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
        return play_in_turn(state, play, events)
    where = "on the floor" if drop.onto is Surface.FLOOR else "onto food or drink"
    breach = Breach(lambda: f"seat {seat} dropped {format_cards(drop.cards)} {where}", "misplays.dropped")
    return misplay(state, seat, breach, events)


# -- passing, timeouts, rewards ---------------------------------------------------------------


def _pass(state: State, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    if state.reward is not None:
        raise IllegalAction(f"seat {seat} is taking a come-at-me reward: use {_reward_action(state)}")
    if state.opening is not None:
        return decline(state, seat, events)
    trick = state.trick
    if not trick.plays:  # Trick.is_lead, read directly
        raise IllegalAction(f"seat {seat} leads this trick: a lead is played, not passed")
    trick = trick.passed_by(seat)
    events.append(Passed(seat))
    return advance_turn(state, seat, events, {"trick": trick})


def _timeout(state: State, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """Seed 000, "Playing Tricks": "if the player fails to play a valid hand before the countdown
    finishes then they shall be deemed to have passed." Ruling R31: on a lead the seat is passed
    and the lead moves on; during a reward the reward is forfeited."""
    events.append(TimedOut(seat))
    if state.reward is not None:
        state = replace(state, reward=None)
        return offer_turn(state, seat, events)
    if state.opening is not None:
        return decline(state, seat, events)
    trick = state.trick
    trick = trick.passed_by(seat)
    events.append(Passed(seat))
    return advance_turn(state, seat, events, {"trick": trick})


def _take_reward(
    state: State, take: TakeReward, events: list[Event]
) -> tuple[State, tuple[Event, ...]]:
    """Seed 000, "Come At Me": view the top cards, "optionally swap one of them with a card in their
    hand", declare the count ("An incorrect declaration is a misplay"), then discard the viewed
    cards (ruling R26). A swap of a card for an identical one is refused: it is the reward taken
    without a swap, the one move ``legal_moves`` lists for it."""
    reward, seat = state.reward, take.player
    if reward is None:
        raise IllegalAction(f"seat {seat} has no come-at-me reward to take")
    if state.rules.come_at_me_reward_kind is not RewardKind.VIEW_AND_SWAP:
        raise IllegalAction(
            f"the come-at-me reward of ruleset {state.rules.ruleset_name} is to discard and draw: "
            "use DiscardAndDraw"
        )
    if (take.give is None) != (take.take is None):
        raise IllegalAction("a swap needs both the card given from the hand and the card taken")
    viewed = state.deck[: reward.count]
    hand = state.hands[seat]
    if take.give is not None and take.take is not None:
        if take.give not in hand:
            raise IllegalAction(f"seat {seat} does not hold {take.give} (holds {state.holdings(seat)})")
        if take.take not in viewed:
            raise IllegalAction(f"{take.take} is not among the viewed cards {format_cards(viewed)}")
        if take.give == take.take:  # legal_moves lists the reward without a swap instead (issue 34)
            raise IllegalAction(
                f"swapping {take.give} for an identical {take.take} changes nothing: take the reward "
                "without a swap"
            )
    deck = state.deck[reward.count :]
    if take.count != reward.count:
        state = replace(state, reward=None, deck=deck, discard=state.discard + viewed)
        breach = Breach(
            lambda: f"seat {seat} declared a reward of {take.count}, but the reward is {reward.count}",
            "come-at-me.declared-count",
        )
        state, more = misplay(state, seat, breach, events, bar=False)
        return offer_turn(state, seat, list(more))
    swapped = take.give is not None and take.take is not None
    if take.give is not None and take.take is not None:
        hand = sort_cards(remove_cards(hand, [take.give]) + (take.take,))
        viewed = remove_cards(viewed, [take.take]) + (take.give,)
    changes: Deferred = {
        "reward": None,
        "deck": deck,
        "hands": replace_seat(state.hands, seat, hand),
        "discard": state.discard + viewed,
        "picked_up": replace_seat(state.picked_up, seat, 1 if swapped else 0),
    }
    events.append(RewardTaken(seat, reward.count, swapped, len(viewed)))
    return offer_turn(state, seat, events, changes)


def _discard_and_draw(
    state: State, take: DiscardAndDraw, events: list[Event]
) -> tuple[State, tuple[Event, ...]]:
    """The July 2023 revision's come-at-me reward (``RewardKind.DISCARD_AND_DRAW``, ruling V7):
    "discard between 1 and N cards from the hand and draw as many from the deck; discarding zero or
    too many, or drawing a wrong number, is a misplay" (:func:`discard_and_draw_breach`). A
    misplayed reward discards and draws nothing; the seat is not barred (it is between tricks)."""
    reward, seat = state.reward, take.player
    if reward is None:
        raise IllegalAction(f"seat {seat} has no come-at-me reward to take")
    if state.rules.come_at_me_reward_kind is not RewardKind.DISCARD_AND_DRAW:
        raise IllegalAction(
            f"the come-at-me reward of ruleset {state.rules.ruleset_name} is to view the top cards "
            "and swap one: use TakeReward"
        )
    check_holds(state, seat, take.discard, False)
    breach = discard_and_draw_breach(state, take)
    if breach is not None:
        state = replace(state, reward=None)
        state, more = misplay(state, seat, breach, events, bar=False)
        return offer_turn(state, seat, list(more))
    # The deck was topped up for the reward when the trick was won (come_at_me.settle_come_at_me),
    # so the cards drawn are never those discarded now; a deck still short draws what there is.
    state, drawn = draw(state, take.draw)
    hand = sort_cards(remove_cards(state.hands[seat], take.discard) + drawn)
    events.append(RewardRedrawn(seat, reward.count, take.discard, drawn))
    changes: Deferred = {
        "reward": None,
        "hands": replace_seat(state.hands, seat, hand),
        "discard": state.discard + take.discard,
        "picked_up": replace_seat(state.picked_up, seat, len(drawn)),
    }
    return offer_turn(state, seat, events, changes)


def _reward_action(state: State) -> str:
    """The action that takes a come-at-me reward under the rules in force, by name."""
    if state.rules.come_at_me_reward_kind is RewardKind.DISCARD_AND_DRAW:
        return "DiscardAndDraw"
    return "TakeReward"
