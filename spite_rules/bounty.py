"""The bounty card (seed 000, "The Bounty Card"): revealing it, what a going-out play earns by it
(:func:`bounty_due`), the claim and its breach, and earning fake jokers, or cards from the deck
once the fake-joker pile is empty (:func:`earn`, which a correct misplay call also pays with).
Ruling R25 settles what the seed leaves open.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

>>> state = setup(hands=["9♠ 9♦", "6♦", "7♣"], bounty="9♣")
>>> state, events = apply(state, Play(0, "9♠ 9♦", bounty_claim=2))
>>> [type(event).__name__ for event in events[:4]]
['Played', 'BountyClaimed', 'BountyRevealed', 'WentOut']
"""

from __future__ import annotations

from spite_rules.core.frozen import replace
from spite_rules.actions import Play
from spite_rules.cards import Card, sort_cards
from spite_rules.changes import replace_seat, split_earned
from spite_rules.events import BountyClaimed, BountyRevealed, Event
from spite_rules.going_out import loses_going_out
from spite_rules.state import State
from spite_rules.stock import draw, shuffle
from spite_rules.trick import Breach

__all__ = ["bounty_due", "bounty_breach", "reveal_bounty", "claim_bounty", "earn"]


def bounty_due(state: State, play: Play) -> int:
    """Fake jokers a going-out ``play`` earns by the bounty, else 0.

    Seed 000, "The Bounty Card": "If a player finishes by playing a hand that consists solely of
    natural cards with the same face value as the bounty card, that player 'claims the bounty' and
    gains a number of fake jokers equal to the number of bounty cards in their final hand." Ruling
    R25: a 13 bounty cannot be claimed (13s are not natural cards), and a play that makes the seat
    the loser instead of finishing claims nothing: a joker hand of five or more of the bounty's
    value, or any play whose play before it was a joker hand or a face-down fake joker (ruling R22,
    :func:`~spite_rules.going_out.loses_going_out`). Under the July 2023 revision
    (``Rules.earned_cards_free``) earned cards in the play count like any natural card, and the
    play goes out when the cards it takes from the hand empty it (ruling V5).

    >>> state = setup(hands=["9♠ 9♦", "6♦", "7♣"], bounty="9♣")
    >>> bounty_due(state, Play(0, "9♠ 9♦")), bounty_due(state, Play(0, "9♠"))
    (2, 0)
    >>> bounty_due(setup(hands=["9♠ 9♠ 9♦ 9♣ 9♥", "6♦", "7♣"], bounty="9♣"), Play(0, "9♠ 9♠ 9♦ 9♣ 9♥"))
    0
    """
    on_value = _going_out_on_the_bounty(state, play)
    # Five or more natural cards of one value are a joker hand ("Joker Hands"): going out with one,
    # or after one, the seat becomes the loser and does not finish.
    if on_value and loses_going_out(state, play.player, on_value >= 5):
        return 0
    return on_value


def _going_out_on_the_bounty(state: State, play: Play) -> int:
    """The cards of ``play`` if it empties the seat's hand with natural cards of the bounty's value
    alone, else 0 (:func:`bounty_due` before asking whether the seat finishes)."""
    bounty, seat = state.bounty, play.player
    if bounty is None or bounty.is_thirteen or play.face_down:
        return 0
    if play.buy_back is not None:
        return 0  # the buy-back cards are picked up after the play: it never goes out
    if play.earned:
        if not state.rules.earned_cards_free:
            return 0
        from_hand = split_earned(state.earned[seat], play.cards)[1]
        if len(from_hand) != len(state.hands[seat]):
            return 0
    elif len(play.cards) != len(state.hands[seat]):
        return 0
    if any(card.fake for card in play.cards):
        return 0
    if not all(card.rank is bounty.rank for card in play.cards):
        return 0
    return len(play.cards)


def bounty_breach(state: State, play: Play) -> Breach | None:
    """Seed 000: "It is a misplay to claim an incorrect number of fake joker(s) from the common pile."
    Ruling R25: claiming is optional; a claim of the wrong number (or of nothing due) is a misplay."""
    if play.bounty_claim is None:
        return None
    due = bounty_due(state, play)
    if play.bounty_claim == due and due > 0:
        return None
    return Breach(
        lambda: f"'bounty {play.bounty_claim}' is an incorrect claim: {_why_due(state, play, due)}",
        "bounty.claim-count",
    )


def _why_due(state: State, play: Play, due: int) -> str:
    """Why ``due`` fake jokers are due to ``play``, in words, for a misplayed claim."""
    if due:
        return f"{due} are due"
    if _going_out_on_the_bounty(state, play):
        return ("a joker hand as the last or second last play makes the seat the loser: it does "
                "not finish, so it claims no bounty")
    return "this play does not go out on the bounty's value"


def reveal_bounty(state: State) -> tuple[State, Card | None]:
    """Seed 000, "The Bounty Card": "If a joker is revealed as the bounty card, it shall be shuffled
    back into the deck and a new bounty card is revealed." (An all-joker deck reveals nothing.)"""
    deck, shuffles = list(state.deck), state.shuffles
    while deck and deck[0].is_joker and not all(card.is_joker for card in deck):
        shuffle(deck, state.seed, shuffles)
        shuffles += 1
    if not deck or deck[0].is_joker:
        return replace(state, bounty=None, shuffles=shuffles), None
    return replace(state, bounty=deck[0], deck=tuple(deck[1:]), shuffles=shuffles), deck[0]


def claim_bounty(state: State, seat: int, due: int, events: list[Event]) -> State:
    """Seed 000, "The Bounty Card": the claim is paid, "The bounty card is immediately discarded and a
    new bounty card revealed, so that other players may continue to claim the bounty"."""
    state, fakes, earned = earn(state, seat, due)
    events.append(BountyClaimed(seat, due, fakes, earned))
    assert state.bounty is not None
    state = replace(state, discard=state.discard + (state.bounty,), bounty=None)
    state, card = reveal_bounty(state)
    events.append(BountyRevealed(card))
    return state


def earn(state: State, seat: int, count: int) -> tuple[State, tuple[Card, ...], tuple[Card, ...]]:
    """Give ``seat`` ``count`` fake jokers; seed 000: "If the fake joker pile is exhausted, further
    actions that would have caused a player to earn fake joker(s) ... shall cause that player to
    earn the next card(s) from the deck" (held apart, played face-up only)."""
    fakes, pile = state.fake_pile[:count], state.fake_pile[count:]
    state = replace(
        state,
        fake_pile=pile,
        fake_jokers=replace_seat(state.fake_jokers, seat, sort_cards(state.fake_jokers[seat] + fakes)),
    )
    earned: tuple[Card, ...] = ()
    if len(fakes) < count:
        state, earned = draw(state, count - len(fakes))
        state = replace(
            state, earned=replace_seat(state.earned, seat, sort_cards(state.earned[seat] + earned))
        )
    return state, fakes, earned
