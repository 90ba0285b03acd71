"""The round as a state machine: :func:`apply` and :func:`legal_moves`.

``apply(state, action)`` is pure: it returns the next state and the events, and leaves ``state``
untouched. A play the rules forbid is applied as a misplay (a :class:`~spite_rules.events.Misplay`
event); an action that cannot happen at a table raises :class:`~spite_rules.errors.IllegalAction`.
``legal_moves(state)`` lists every action that is not a misplay, asking the same rule functions.

>>> from spite_rules.state import setup
>>> state = setup(hands=["3♦ 9♠", "4♣ 9♦", "5♣ 9♣"])
>>> state, events = apply(state, Play(0, "3♦"))
>>> [str(move) for move in legal_moves(state)]
['seat 1: pass', 'seat 1: 4♣', 'seat 1: 9♦']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import attrs

from spite_rules.actions import Action, Pass, Play
from spite_rules.cards import Card, Rank, card_sort_key, format_cards
from spite_rules.errors import IllegalAction
from spite_rules.events import (
    BoughtBack,
    ConsecInForce,
    DirectionChanged,
    Event,
    FakeJokersForfeited,
    InstantLoss,
    Misplay,
    Passed,
    Played,
    RoundOver,
    TrickWon,
    TurnSkipped,
    WentOut,
)
from spite_rules.hands import hands_in
from spite_rules.state import State
from spite_rules.trick import (
    Breach,
    ConsecKind,
    Direction,
    Outcome,
    Trick,
    fibonacci_buy_back,
    judge_play,
    required_value,
)

__all__ = ["apply", "legal_moves", "buy_back_breach"]


# -- apply ------------------------------------------------------------------------------------


def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply ``action`` to ``state``: the next state and what happened, in order.

    >>> from spite_rules.state import setup
    >>> state = setup(hands=["9♠ 3♦", "9♦ 4♣", "9♣ 5♣"])
    >>> state, events = apply(state, Play(0, "9♠"))
    >>> state, events = apply(state, Play(1, "9♦"))
    >>> events[0]
    Misplay(player=1, reason='single 9 is not strictly higher than the single 9 in play', rule='trick.follow.strictly-better')

    Raises IllegalAction, changing nothing, for what cannot happen at a table: acting after the
    round is over, a seat that does not exist or is not to act, cards the seat does not hold,
    passing on the lead.
    """
    _check_actor(state, action)
    if isinstance(action, Pass):
        return _pass(state, action.player)
    if isinstance(action, Play):
        return _play(state, action)
    raise IllegalAction(f"{action!r} is not an action")


def _check_actor(state: State, action: Action) -> None:
    seat = action.player
    if state.round_over:
        raise IllegalAction(f"the round is over: seat {seat} cannot act")
    if not 0 <= seat < state.players:
        raise IllegalAction(f"seat {seat} does not exist (seats are 0 to {state.players - 1})")
    if not state.in_round(seat):
        raise IllegalAction(f"seat {seat} is out of this round and cannot act")
    if seat != state.to_act:
        raise IllegalAction(f"it is seat {state.to_act}'s turn, not seat {seat}'s")


def _pass(state: State, seat: int) -> tuple[State, tuple[Event, ...]]:
    trick = state.trick
    if trick.is_lead:
        raise IllegalAction(f"seat {seat} leads this trick: a lead is played, not passed")
    trick = attrs.evolve(trick, passed=trick.passed | {seat}, passes=trick.passes | {seat})
    return _advance(attrs.evolve(state, trick=trick), seat, [Passed(seat)])


def _check_holds(state: State, play: Play) -> None:
    seat = play.player
    if not play.cards:
        return  # an empty play is judged (a malformed hand), not refused
    if any(card.fake for card in play.cards):
        source, where = state.fake_jokers[seat], "fake jokers"
        regular = [card for card in play.cards if not card.fake]
        if not _contains(state.hands[seat], regular):
            raise IllegalAction(
                f"seat {seat} does not hold {format_cards(regular)} (holds {state.holdings(seat)})"
            )
        wanted = [card for card in play.cards if card.fake]
    elif play.earned:
        source, where, wanted = state.earned[seat], "earned cards", list(play.cards)
    else:
        source, where, wanted = state.hands[seat], "hand", list(play.cards)
    if not _contains(source, wanted):
        raise IllegalAction(
            f"seat {seat} does not hold {format_cards(wanted)} among its {where} "
            f"(holds {state.holdings(seat)})"
        )


def _contains(held: Sequence[Card], wanted: Sequence[Card]) -> bool:
    have = Counter(held)
    have.subtract(wanted)
    return all(count >= 0 for count in have.values())


def _remove(held: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    left = list(held)
    for card in cards:
        left.remove(card)
    return tuple(left)


def _replace(seq: tuple[tuple[Card, ...], ...], seat: int, value: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return seq[:seat] + (value,) + seq[seat + 1 :]


def buy_back_breach(state: State, play: Play) -> Breach | None:
    """Why ``play``'s buy-back announcement is a misplay, or None.

    Seed 000, "Buy Back": "If a player who has passed during a trick wishes to re-enter into play
    of that trick, they must 'buy back' ... It is a misplay to buy back for an incorrect number of
    cards." Ruling T10: announcing a buy-back without having passed is also an incorrect buy-back.
    """
    seat, trick = play.player, state.trick
    due = fibonacci_buy_back(state.buy_back_step)
    if seat in trick.passed:
        if play.buy_back is None:
            return Breach(
                f"seat {seat} passed in this trick and must announce 'buy back {due}' to play again",
                "buy-back.required",
            )
        if play.buy_back != due:
            return Breach(
                f"'buy back {play.buy_back}' is the wrong count: buy-back number "
                f"{state.buy_back_step + 1} of the round picks up {due}",
                "buy-back.count",
            )
    elif play.buy_back is not None:
        return Breach(
            f"'buy back {play.buy_back}' announced by seat {seat}, which has not passed in this trick",
            "buy-back.count",
        )
    return None


def _play(state: State, play: Play) -> tuple[State, tuple[Event, ...]]:
    seat = play.player
    _check_holds(state, play)
    verdict: Breach | Outcome | None = buy_back_breach(state, play)
    if verdict is None:
        verdict = judge_play(
            state.trick,
            state.direction,
            seat,
            play.cards,
            face_down=play.face_down,
            earned=play.earned,
            announce=play.direction,
            unbeatable=play.unbeatable,
        )
    if isinstance(verdict, Breach):
        return _misplay(state, seat, verdict)
    return _stand(state, play, verdict)


def _stand(state: State, play: Play, outcome: Outcome) -> tuple[State, tuple[Event, ...]]:
    seat = play.player
    description = "a face-down fake joker" if outcome.hand is None else outcome.hand.describe()
    events: list[Event] = [Played(seat, play.cards, description, play.face_down)]
    fakes = [card for card in play.cards if card.fake]
    if fakes:
        state = attrs.evolve(
            state,
            fake_jokers=_replace(state.fake_jokers, seat, _remove(state.fake_jokers[seat], fakes)),
            fake_pile=state.fake_pile + tuple(fakes),
        )
    elif play.earned:
        state = attrs.evolve(
            state, earned=_replace(state.earned, seat, _remove(state.earned[seat], play.cards))
        )
    else:
        state = attrs.evolve(
            state, hands=_replace(state.hands, seat, _remove(state.hands[seat], play.cards))
        )
    state = attrs.evolve(state, trick=outcome.trick, direction=outcome.direction)
    if outcome.direction_cause is not None:
        events.append(DirectionChanged(outcome.direction, outcome.direction_cause))
    for kind in outcome.consecs_formed:
        events.append(ConsecInForce(kind, _consec_detail(state.trick, state.direction, kind)))
    if play.buy_back is not None:
        state, drawn = _draw(state, play.buy_back)
        trick = state.trick
        state = attrs.evolve(
            state,
            hands=_replace(state.hands, seat, tuple(sorted(state.hands[seat] + drawn, key=card_sort_key))),
            buy_back_step=state.buy_back_step + 1,
            trick=attrs.evolve(trick, passed=trick.passed - {seat}),
        )
        events.append(BoughtBack(seat, play.buy_back, drawn))
    state = _after_play(state, seat, events)
    return _advance(state, seat, events)


def _consec_detail(trick: Trick, direction: Direction, kind: ConsecKind) -> str:
    if kind is ConsecKind.NUMERICAL:
        needed = required_value(trick, direction)
        assert needed is not None
        return f"numerical consec (step {trick.numerical}): the next hand must be {needed.plural}"
    suits = "".join(s.value for s in trick.suited or () if s is not None)
    return f"suited consec: every following hand must be of {suits}"


def _after_play(state: State, seat: int, events: list[Event]) -> State:
    """Going out and the 20-card instant loss (seed 000, "Playing Tricks", "Buy Back")."""
    hand = state.hands[seat]
    if not hand:
        state = attrs.evolve(state, finished=state.finished + (seat,))
        events.append(WentOut(seat, len(state.finished)))
    elif len(hand) >= state.rules.losing_hand_size:
        state = attrs.evolve(state, losers=state.losers + (seat,))
        events.append(
            InstantLoss(
                seat,
                f"seat {seat} holds {len(hand)} cards: reaching {state.rules.losing_hand_size} "
                "loses the round at once",
                "buy-back.twenty-cards",
            )
        )
    if len(state.active) <= 1:
        order = state.finished + state.active + tuple(reversed(state.losers))
        state = attrs.evolve(state, round_over=True, to_act=None)
        events.append(RoundOver(order))
    return state


def _misplay(state: State, seat: int, breach: Breach) -> tuple[State, tuple[Event, ...]]:
    """Seed 000, "Misplays": the misplayer forfeits their fake jokers, may not play again in the
    current trick (not even by buying back), and owes a skipped turn. The misplayed cards are taken
    back into the hand: a play that is not valid does not stand."""
    events: list[Event] = [Misplay(seat, breach.reason, breach.rule)]
    forfeited = state.fake_jokers[seat]
    if forfeited:
        state = attrs.evolve(
            state,
            fake_jokers=_replace(state.fake_jokers, seat, ()),
            fake_pile=state.fake_pile + forfeited,
        )
        events.append(FakeJokersForfeited(seat, forfeited))
    penalties = list(state.penalties)
    penalties[seat] += 1
    trick = state.trick
    state = attrs.evolve(
        state, penalties=tuple(penalties), trick=attrs.evolve(trick, barred=trick.barred | {seat})
    )
    return _advance(state, seat, events)


def _draw(state: State, count: int) -> tuple[State, tuple[Card, ...]]:
    """Draw ``count`` cards from the top of the deck. Ruling T11: when the deck runs out, the
    discards of finished tricks are shuffled (from the state's seed) into a new deck; if even they
    run out, the draw takes what there is."""
    deck, discard, shuffles = state.deck, state.discard, state.shuffles
    drawn: tuple[Card, ...] = ()
    while len(drawn) < count:
        if not deck:
            if not discard:
                break
            pool = list(discard)
            random.Random(f"{state.seed}:{shuffles}").shuffle(pool)
            deck, discard, shuffles = tuple(pool), (), shuffles + 1
        take = count - len(drawn)
        drawn, deck = drawn + deck[:take], deck[take:]
    return attrs.evolve(state, deck=deck, discard=discard, shuffles=shuffles), drawn


def _next_clockwise(state: State, after: int) -> int | None:
    """The next seat after ``after`` (clockwise, ``after`` itself last) that may still act in the
    trick: in the round and not barred by a misplay."""
    players = state.players
    barred = state.trick.barred
    for offset in range(1, players + 1):
        seat = (after + offset) % players
        if state.in_round(seat) and seat not in barred:
            return seat
    return None


def _next_in_round(state: State, after: int) -> int | None:
    players = state.players
    for offset in range(1, players + 1):
        seat = (after + offset) % players
        if state.in_round(seat):
            return seat
    return None


def _advance(state: State, after: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """Give the turn onward from ``after``: end the trick when everyone else has passed since the
    last play (ruling T10), and skip the turns seats owe for misplays."""
    candidate = _next_clockwise(state, after)
    while not state.round_over:
        trick = state.trick
        last = trick.last_player
        if last is not None and all(
            seat in trick.passes
            for seat in state.active
            if seat != last and seat not in trick.barred
        ):
            leader = last if state.in_round(last) else _next_in_round(state, last)
            events.append(TrickWon(last, leader))
            state = _new_trick(state, leader)
            candidate = leader
            continue
        if candidate is None:  # every seat in the round is barred and nothing stands: start over
            leader = _next_in_round(state, trick.leader)
            state = _new_trick(state, leader)
            candidate = leader
            continue
        if state.penalties[candidate] > 0:
            penalties = list(state.penalties)
            penalties[candidate] -= 1
            if not trick.is_lead:
                trick = attrs.evolve(
                    trick, passed=trick.passed | {candidate}, passes=trick.passes | {candidate}
                )
            state = attrs.evolve(state, penalties=tuple(penalties), trick=trick)
            events.append(TurnSkipped(candidate, penalties[candidate]))
            candidate = _next_clockwise(state, candidate)
            continue
        return attrs.evolve(state, to_act=candidate), tuple(events)
    return attrs.evolve(state, to_act=None), tuple(events)


def _new_trick(state: State, leader: int | None) -> State:
    played = tuple(card for card in state.trick.cards if not card.fake)
    return attrs.evolve(
        state,
        discard=state.discard + played,
        trick=Trick.start(leader if leader is not None else 0),
        to_act=leader,
    )


# -- legal_moves ------------------------------------------------------------------------------


def legal_moves(state: State) -> tuple[Action, ...]:
    """Every action of the seat to act that is not a misplay, in a fixed order.

    Passing (never on the lead), then each distinct play: the regular hands the cards form (cards
    that are identical make one move), fake jokers face-up and face-down, earned cards; each with
    the announcements that keep it legal (a direction with natural 7s, "unbeatable" when it is
    required) and, for a seat that has passed, the buy-back count due.

    >>> from spite_rules.state import setup
    >>> state = setup(hands=["7♠ 7♠", "8♦", "9♣"])
    >>> [str(move) for move in legal_moves(state)]
    ['seat 0: 7♠', 'seat 0: 7♠ "lower"', 'seat 0: 7♠ 7♠', 'seat 0: 7♠ 7♠ "lower"']
    """
    seat = state.to_act
    if state.round_over or seat is None:
        return ()
    trick = state.trick
    buy_back = fibonacci_buy_back(state.buy_back_step) if seat in trick.passed else None
    moves: list[Action] = []
    if not trick.is_lead:
        moves.append(Pass(seat))
    for cards, face_down, earned in _candidates(state, seat):
        base = Play(seat, cards, buy_back=buy_back, face_down=face_down, earned=earned)
        verdict = _judge(state, base)
        if isinstance(verdict, Breach) and verdict.rule == "consec.suited.unbeatable":
            base = attrs.evolve(base, unbeatable=True)
            verdict = _judge(state, base)
        if isinstance(verdict, Outcome):
            moves.append(base)
        announced = attrs.evolve(base, direction=state.direction.opposite)
        if _sevens(cards) and isinstance(_judge(state, announced), Outcome):
            moves.append(announced)
    return tuple(moves)


def _sevens(cards: tuple[Card, ...]) -> bool:
    return len(cards) <= 4 and all(card.rank is Rank.SEVEN for card in cards)


def _judge(state: State, play: Play) -> Breach | Outcome:
    return judge_play(
        state.trick,
        state.direction,
        play.player,
        play.cards,
        face_down=play.face_down,
        earned=play.earned,
        announce=play.direction,
        unbeatable=play.unbeatable,
    )


def _candidates(state: State, seat: int) -> Iterator[tuple[tuple[Card, ...], bool, bool]]:
    """(cards, face_down, earned) for every distinct play worth judging."""
    trick = state.trick
    sizes = range(1, 6) if trick.arity is None else (trick.arity,)
    for hand in hands_in(state.hands[seat], sizes, jokers=not trick.consec_in_force):
        yield hand.cards, False, False
    for card in dict.fromkeys(state.fake_jokers[seat]):
        yield (card,), False, False
        yield (card,), True, False
    for card in dict.fromkeys(state.earned[seat]):
        yield (card,), False, True
