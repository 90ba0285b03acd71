"""Plain-English lines for events and actions, for terminals, transcripts and the judge. A seat
named "you" is spoken to ("you play 9♠", "your come-at-me fails"): :mod:`spite_rules.core.grammar`.

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.

>>> describe_event(Misplay(1, "single 9 is not strictly higher than the single 9 in play",
...                        "trick.follow.strictly-better"), ["ann", "bob", "cy"])
'MISPLAY by bob: single 9 is not strictly higher than the single 9 in play [trick.follow.strictly-better]'
"""

from __future__ import annotations

from collections.abc import Sequence

from spite_rules.actions import (
    Action,
    CallMisplay,
    DiscardAndDraw,
    DropCards,
    Pass,
    Play,
    TakeReward,
    Timeout,
)
from spite_rules.cards import Card, format_cards
from spite_rules.core.grammar import YOU, count, give_sentences, possessive, subject, verb
from spite_rules.events import (
    BountyClaimed,
    BountyRevealed,
    BoughtBack,
    CardsDropped,
    CardsSwapped,
    ComeAtMeFailed,
    ComeAtMeWon,
    ConsecInForce,
    DirectionChanged,
    Event,
    FakeJokersForfeited,
    InstantLoss,
    Misplay,
    MisplayCalled,
    OpeningOffered,
    OutOfTurnPlay,
    OutOfTurnPlayLapsed,
    Passed,
    Played,
    PlayerJoined,
    RewardRedrawn,
    RewardTaken,
    RoundOver,
    RoundStarted,
    SwapExtrasDiscarded,
    TimedOut,
    TrickWon,
    TurnSkipped,
    WentOut,
)

__all__ = ["describe_event", "describe_action"]


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards) if cards else "(hidden)"


def describe_event(event: Event, names: Sequence[str]) -> str:
    """One line saying what happened.

    >>> describe_event(TrickWon(2, 2), ["ann", "bob", "cy"])
    'cy wins the trick; cy leads'
    """

    def n(seat: int | None) -> str:
        return _name(names, seat)

    def says(seat: int | None, third_person: str) -> str:
        return subject(n(seat), third_person)

    def whose(seat: int | None) -> str:
        return possessive(n(seat))

    match event:
        case Played(player, cards, description, face_down):
            shown = "a fake joker face-down" if face_down else f"{format_cards(cards)} ({description})"
            if face_down and cards:
                shown += f" ({format_cards(cards)})"
            return says(player, f"plays {shown}")
        case Passed(player):
            return says(player, "passes")
        case Misplay(player, reason, rule):
            return f"MISPLAY by {n(player)}: {reason} [{rule}]"
        case FakeJokersForfeited(player, _, to, count=forfeited):
            where = n(to) if to is not None else "the fake-joker pile"
            return says(player, f"forfeits {count(forfeited, 'fake joker')} to {where}")
        case DirectionChanged(direction, cause):
            return f"the direction is now {direction.value} ({cause})"
        case ConsecInForce(_, detail):
            return f"consec in force: {detail}"
        case BoughtBack(player, picked, cards):
            return says(player, f"bought back and {verb(n(player), 'picks')} up {picked}: {_cards(cards)}")
        case TurnSkipped(player, remaining):
            return says(player, f"skips a turn for a misplay ({remaining} more owed)")
        case TrickWon(player, next_leader):
            return f"{says(player, 'wins the trick')}; {says(next_leader, 'leads')}"
        case WentOut(player, place):
            return says(player, f"goes out (place {place})")
        case InstantLoss(player, reason, rule):
            return says(player, f"LOSES THE ROUND: {reason} [{rule}]")
        case RoundOver(order, points, scores):
            ranking = ", ".join(
                f"{n(seat)} {points[seat]:+d} -> {scores[seat]}" if points else n(seat)
                for seat in order
            )
            return f"round over: {ranking}"
        case OpeningOffered(player, rank):
            return f"{n(player)} may open with {rank.plural}"
        case MisplayCalled(player, accused, correct, count=won):
            if correct:
                return (f"{n(player)} correctly {verb(n(player), 'calls')} misplay on {n(accused)} and "
                        f"{verb(n(player), 'wins')} {count(won, 'card')}")
            return f"{n(player)} wrongly {verb(n(player), 'calls')} misplay on {n(accused)}"
        case BountyClaimed(player, claimed, _, _):
            return says(player, f"claims the bounty: {count(claimed, 'fake joker')}")
        case BountyRevealed(card):
            return f"new bounty: {card if card is not None else 'none (deck empty)'}"
        case ComeAtMeWon(player, reward):
            return f"{whose(player)} come-at-me succeeds: reward {reward}"
        case ComeAtMeFailed(player, penalty, rule):
            return f"{whose(player)} come-at-me fails: {count(penalty, 'penalty')} [{rule}]"
        case RewardTaken(player, reward, swapped, discarded):
            swap = "swapped a card" if swapped else "kept the hand"
            return says(player, f"takes a reward of {reward}, {swap}; {count(discarded, 'card')} discarded")
        case RewardRedrawn(player, reward, discarded, drawn, count=redrawn):
            return says(player, f"takes a reward of {reward}: {verb(n(player), 'discards')} {redrawn} "
                                f"({_cards(discarded)}) and {verb(n(player), 'draws')} {redrawn} ({_cards(drawn)})")
        case TimedOut(player):
            return says(player, "ran out of time")
        case OutOfTurnPlay(player, cards, face_down):
            shown = "a fake joker face-down" if face_down else format_cards(cards)
            if face_down and cards:
                shown += f" ({format_cards(cards)})"
            return says(player, f"plays {shown} OUT OF TURN (judged on {'your' if n(player) == YOU else 'their'} turn)")
        case OutOfTurnPlayLapsed(player, cards, face_down):
            shown = "face-down fake joker" if face_down and not cards else format_cards(cards)
            return f"{whose(player)} out-of-turn {shown} lapses: the trick ended first"
        case CardsDropped(player, cards, onto):
            return says(player, f"drops {format_cards(cards)} on the {onto}")
        case PlayerJoined(player, name):
            return f"{subject(name, 'joins')} as {n(player)} with -2"
        case CardsSwapped(player, put_down, picked_up, count=swapped):
            return says(player, f"swaps {swapped}: {verb(n(player), 'gives')} {_cards(put_down)}, "
                                f"{verb(n(player), 'gets')} {_cards(picked_up)}")
        case SwapExtrasDiscarded(cards):
            return f"swap extras revealed and discarded: {format_cards(cards)}"
        case RoundStarted(round_number, leader):
            return f"round {round_number} begins; {says(leader, 'leads')}"
    return repr(event)


def describe_action(action: Action, names: Sequence[str]) -> str:
    """One line saying what a seat did or tries to do.

    >>> describe_action(Play(1, "7♠", direction="lower"), ["ann", "bob", "cy"])
    'bob: 7♠ "lower"'
    """
    who = _name(names, action.player)
    match action:
        case Play():
            return str(action).replace(f"seat {action.player}:", f"{who}:", 1)
        case Pass():
            return f"{who}: pass"
        case CallMisplay(_, accused):
            return f"{who}: calls misplay on {_name(names, accused)}"
        case TakeReward(_, count, give, take):
            swap = f", swapping {give} for {take}" if give and take else ""
            return f"{who}: takes reward {count}{swap}"
        case DiscardAndDraw(_, discard, draw):
            return f"{who}: takes the reward, discarding {format_cards(discard) or 'nothing'} and drawing {draw}"
        case Timeout():
            return f"{who}: times out"
        case DropCards(_, cards, onto):
            return f"{who}: drops {format_cards(cards)} on the {onto.value}"
    return repr(action)


# ``str(event)``: one sentence, the seats named "seat N" (e.g. ``str(TrickWon(2, 0))`` is
# 'seat 2 wins the trick; seat 0 leads').
give_sentences(Event, describe_event)
