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
from typing import Any, ParamSpec, TypeVar


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
from spite_rules.cards import Card, Rank, format_cards, sort_cards, spite_deck
from spite_rules.errors import IllegalAction
from spite_rules.fields import check_fields
from spite_rules.events import (
    BountyClaimed,
    BountyRevealed,
    BoughtBack,
    CardsDropped,
    CardsSwapped,
    PlayerJoined,
    RoundStarted,
    SwapExtrasDiscarded,
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
    RewardTaken,
    RoundOver,
    TimedOut,
    TrickWon,
    TurnSkipped,
    WentOut,
)
from spite_rules.hands import HAND_SIZES, Hand, hands_in
from spite_rules.rules import Referee, Rules
from spite_rules.scoring import round_points, score_round, swap_cards
from spite_rules.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Opening,
    OpenMisplay,
    Reward,
    State,
    make_state,
    next_opening_offer,
)
from spite_rules.trick import (
    Breach,
    ConsecKind,
    Direction,
    Outcome,
    Trick,
    fibonacci_buy_back,
    followers,
    judge_hand,
    judge_play,
    only_jokers_beat,
    required_value,
    Standing,
    stands,
)

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

_Events = list[Event]


# -- positions and the deal ------------------------------------------------------------------

_P = ParamSpec("_P")
_T = TypeVar("_T")


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
    state, _ = _reveal_bounty(state)
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
    events: _Events = []
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
    fresh, bounty = _reveal_bounty(fresh)
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


def _reveal_bounty(state: State) -> tuple[State, Card | None]:
    """Seed 000, "The Bounty Card": "If a joker is revealed as the bounty card, it shall be shuffled
    back into the deck and a new bounty card is revealed." (An all-joker deck reveals nothing.)"""
    deck, shuffles = list(state.deck), state.shuffles
    while deck and deck[0].is_joker and not all(card.is_joker for card in deck):
        random.Random(f"{state.seed}:{shuffles}").shuffle(deck)
        shuffles += 1
    if not deck or deck[0].is_joker:
        return evolve(state, bounty=None, shuffles=shuffles), None
    return evolve(state, bounty=deck[0], deck=tuple(deck[1:]), shuffles=shuffles), deck[0]


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
    hold, passing on the lead, a seat other than the one to act passing or taking a reward, and an
    action whose fields have the wrong Python type (:func:`~spite_rules.fields.check_fields`).
    """
    check_fields(action)
    seat = action.player
    if state.round_over:
        raise IllegalAction(f"the round is over: seat {seat} cannot act")
    if not 0 <= seat < state.players:
        raise IllegalAction(f"seat {seat} does not exist (seats are 0 to {state.players - 1})")
    if isinstance(action, CallMisplay):
        return _call(state, action)
    if not state.in_round(seat):
        raise IllegalAction(f"seat {seat} is out of this round and cannot act")
    state, events = _close_calls(state)
    if seat == state.to_act and state.picked_up[seat] and not _known_play(state, action):
        # "If the player has just picked up extra cards" the extra seconds are for this decision.
        # (A play legal_moves judged on this state stands, and _stand clears the mark as it does.)
        state = evolve(state, picked_up=_set(state.picked_up, seat, 0))
    if isinstance(action, DropCards):
        return _drop(state, action, events)
    if isinstance(action, Play):
        if seat != state.to_act:
            return _out_of_turn(state, action, events)
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


def _close_calls(state: State) -> tuple[State, _Events]:
    """Ruling R27: a misplay may be called until the next action that is not a call; then "the
    table has reached a consensus" and its forfeited fake jokers return to the pile."""
    events: _Events = []
    if not state.open_misplays:
        return (evolve(state, called=()) if state.called else state), events
    pile = state.fake_pile
    for open_misplay in state.open_misplays:
        pile += open_misplay.forfeited
        if open_misplay.forfeited:
            events.append(FakeJokersForfeited(open_misplay.accused, open_misplay.forfeited))
    return evolve(state, fake_pile=pile, open_misplays=(), called=()), events


def _check_holds(state: State, seat: int, cards: Sequence[Card], earned: bool) -> None:
    fakes = [card for card in cards if card.fake]
    regular = [card for card in cards if not card.fake]
    pools = [(state.fake_jokers[seat], fakes, "fake jokers")]
    pools.append((state.earned[seat], regular, "earned cards") if earned else (state.hands[seat], regular, "hand"))
    for held, wanted, where in pools:
        if wanted and not _contains(held, wanted):
            raise IllegalAction(
                f"seat {seat} does not hold {format_cards(wanted)} among its {where} "
                f"(holds {state.holdings(seat)})"
            )


def _contains(held: Sequence[Card], wanted: Sequence[Card]) -> bool:
    if len(wanted) == 1:
        return wanted[0] in held
    left = list(held)
    for card in wanted:
        if card not in left:
            return False
        left.remove(card)
    return True


def _remove(held: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    left = list(held)
    for card in cards:
        left.remove(card)
    return tuple(left)


def _set(values: tuple[_T, ...], seat: int, value: _T) -> tuple[_T, ...]:
    """``values`` with the entry of ``seat`` replaced (per-seat tuples are immutable)."""
    return values[:seat] + (value,) + values[seat + 1 :]


# -- breaches the round adds to the trick's ----------------------------------------------------


def buy_back_breach(state: State, play: Play) -> Breach | None:
    """Why ``play``'s buy-back announcement is a misplay, or None.

    Seed 000, "Buy Back": "If a player who has passed during a trick wishes to re-enter into play
    of that trick, they must 'buy back' ... It is a misplay to buy back for an incorrect number of
    cards." Ruling T10: announcing a buy-back without having passed is also an incorrect buy-back.

    >>> state = setup(hands=["5♠", "6♦", "7♣"])
    >>> buy_back_breach(state, Play(0, "5♠", buy_back=1)).rule
    'buy-back.count'
    """
    seat, trick = play.player, state.trick
    due = fibonacci_buy_back(state.buy_back_step)
    if seat in trick.passed:
        if play.buy_back is None:
            return Breach(
                lambda: f"seat {seat} passed in this trick and must announce 'buy back {due}' to play again",
                "buy-back.required",
            )
        if play.buy_back != due:
            return Breach(
                lambda: (f"'buy back {play.buy_back}' is the wrong count: buy-back number "
                f"{state.buy_back_step + 1} of the round picks up {due}"),
                "buy-back.count",
            )
    elif play.buy_back is not None:
        return Breach(
            lambda: f"'buy back {play.buy_back}' announced by seat {seat}, which has not passed in this trick",
            "buy-back.count",
        )
    return None


def _opening_breach(state: State, play: Play) -> Breach | None:
    """Seed 000, "The First Player": the opening lead is "a hand that includes one or more" cards of
    the rank on offer (ruling R20: a card of that face value; a 13 stands in for no rank here)."""
    opening = state.opening
    if opening is None or _opens(opening, play.cards):
        return None
    return Breach(
        lambda: (f"{format_cards(play.cards) or 'nothing'}: the first trick must be led with a hand that "
        f"includes one or more {opening.rank.plural}"),
        "opening.rank",
    )


def _opens(opening: Opening, cards: Sequence[Card]) -> bool:
    """Do ``cards`` include a card of the rank on offer (see :func:`_opening_breach`)?"""
    rank = opening.rank
    return any(card.rank is rank and not card.fake for card in cards)


def bounty_due(state: State, play: Play) -> int:
    """Fake jokers a going-out ``play`` earns by the bounty, else 0.

    Seed 000, "The Bounty Card": "If a player finishes by playing a hand that consists solely of
    natural cards with the same face value as the bounty card, that player 'claims the bounty' and
    gains a number of fake jokers equal to the number of bounty cards in their final hand." Ruling
    R25: a 13 bounty cannot be claimed (13s are not natural cards).

    >>> state = setup(hands=["9♠ 9♦", "6♦", "7♣"], bounty="9♣")
    >>> bounty_due(state, Play(0, "9♠ 9♦")), bounty_due(state, Play(0, "9♠"))
    (2, 0)
    """
    bounty, seat = state.bounty, play.player
    if bounty is None or bounty.is_thirteen or play.earned or play.face_down:
        return 0
    if play.buy_back is not None:
        return 0  # the buy-back cards are picked up after the play: it never goes out
    if any(card.fake for card in play.cards) or len(play.cards) != len(state.hands[seat]):
        return 0
    if all(card.rank is bounty.rank for card in play.cards):
        return len(play.cards)
    return 0


def _bounty_breach(state: State, play: Play) -> Breach | None:
    """Seed 000: "It is a misplay to claim an incorrect number of fake joker(s) from the common pile."
    Ruling R25: claiming is optional; a claim of the wrong number (or of nothing due) is a misplay."""
    if play.bounty_claim is None:
        return None
    due = bounty_due(state, play)
    if play.bounty_claim == due and due > 0:
        return None
    why = f"{due} are due" if due else "this play does not go out on the bounty's value"
    return Breach(
        lambda: f"'bounty {play.bounty_claim}' is an incorrect claim: {why}", "bounty.claim-count"
    )


def _judge(state: State, play: Play, hand: Hand | None = None) -> Breach | Outcome:
    """The one judgement of a play in turn: opening, buy-back, bounty claim, then the trick.
    ``hand`` is the play's regular cards already classified (legal_moves has it from hands_in)."""
    breach = _opening_breach(state, play) or buy_back_breach(state, play)
    breach = breach or _bounty_breach(state, play)
    if breach is not None:
        return breach
    return _judge_in_trick(state, play, hand)


def _judge_in_trick(
    state: State, play: Play, hand: Hand | None, standing: Standing | None = None
) -> Breach | Outcome:
    """The trick's part of :func:`_judge`; ``standing`` as for :func:`judge_hand`."""
    if hand is not None and not (play.face_down or play.earned):
        return judge_hand(
            state.trick,
            state.direction,
            play.player,
            hand,
            announce=play.direction,
            unbeatable=play.unbeatable,
            come_at_me=play.come_at_me,
            standing=standing,
        )
    return judge_play(
        state.trick,
        state.direction,
        play.player,
        play.cards,
        face_down=play.face_down,
        earned=play.earned,
        announce=play.direction,
        unbeatable=play.unbeatable,
        come_at_me=play.come_at_me,
    )


# -- plays ------------------------------------------------------------------------------------


def _play(state: State, play: Play, events: _Events) -> tuple[State, tuple[Event, ...]]:
    if state.reward is not None:
        raise IllegalAction(f"seat {play.player} is taking a come-at-me reward: use TakeReward")
    known = _known(state, play)
    if known is not None:  # legal_moves judged this very play on this very state
        verdict = _judge_in_trick(state, play, *known)
        assert isinstance(verdict, Outcome)  # it stood when legal_moves judged it
        return _stand(state, play, verdict, events)
    _check_holds(state, play.player, play.cards, play.earned)
    verdict = _judge(state, play)
    if isinstance(verdict, Breach):
        return _misplay(state, play.player, verdict, events)
    return _stand(state, play, verdict, events)


def _out_of_turn(state: State, play: Play, events: _Events) -> tuple[State, tuple[Event, ...]]:
    """Seed 000, "Misplays": "If a player plays out of turn, all player(s) who could have played
    shall still have the option to play. If, after those players have played or passed, the
    out-of-turn play is still valid then it shall stand, otherwise it is a misplay." Ruling R29:
    the play waits, cards committed, and is judged when its seat's turn comes."""
    seat = play.player
    if state.opening is not None or state.reward is not None:
        raise IllegalAction(
            f"it is seat {state.to_act}'s turn: no out-of-turn play during the opening or a reward"
        )
    if any(waiting.player == seat for waiting in state.pending):
        raise IllegalAction(f"seat {seat} already has an out-of-turn play waiting")
    _check_holds(state, seat, play.cards, play.earned)
    if seat in state.trick.barred:
        breach = Breach(
            lambda: f"seat {seat} misplayed in this trick and may not play in it again",
            "misplays.barred",
        )
        return _misplay(state, seat, breach, events)
    events.append(OutOfTurnPlay(seat, play.cards, play.face_down))
    return evolve(state, pending=state.pending + (play,)), tuple(events)


def _stand(
    state: State, play: Play, outcome: Outcome, events: _Events
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
        changes["fake_jokers"] = _set(state.fake_jokers, seat, _remove(state.fake_jokers[seat], fakes))
        changes["fake_pile"] = state.fake_pile + fakes
    elif play.earned:
        changes["earned"] = _set(state.earned, seat, _remove(state.earned[seat], play.cards))
    else:
        changes["hands"] = _set(state.hands, seat, _remove(state.hands[seat], play.cards))
    if state.picked_up[seat]:
        changes["picked_up"] = _set(state.picked_up, seat, 0)
    jokerish = outcome.hand is None or outcome.hand.is_joker
    changes.update(trick=outcome.trick, direction=outcome.direction, opening=None)
    if outcome.direction_cause is not None:
        events.append(DirectionChanged(outcome.direction, outcome.direction_cause))
    for kind in outcome.consecs_formed:
        events.append(ConsecInForce(kind, _consec_detail(outcome.trick, outcome.direction, kind)))
    held = changes["hands"][seat] if "hands" in changes else state.hands[seat]
    if play.buy_back is None and not due and 0 < len(held) < state.rules.losing_hand_size:
        # The commonest play: nothing is drawn or earned and the seat neither goes out nor loses,
        # so all _after_play does is mark whether it was a joker hand, and the turn moves on: one
        # state change for all of it. (The round cannot end here: nobody left it.)
        changes.update(_joker_last(state, seat, jokerish))
        return _advance(state, seat, events, changes)
    state = evolve(state, **changes)
    if play.buy_back is not None:
        state, drawn = _draw(state, play.buy_back)
        trick = state.trick
        state = evolve(
            state,
            hands=_set(state.hands, seat, _sorted(state.hands[seat] + drawn)),
            buy_back_step=state.buy_back_step + 1,
            trick=evolve(trick, passed=trick.passed - {seat}),
            picked_up=_set(state.picked_up, seat, len(drawn)),
        )
        events.append(BoughtBack(seat, play.buy_back, drawn))
    if due:
        state = _claim_bounty(state, seat, due, events)
    state = _after_play(state, seat, jokerish, events)
    return _advance(state, seat, events)


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return sort_cards(cards)


def _consec_detail(trick: Trick, direction: Direction, kind: ConsecKind) -> str:
    if kind is ConsecKind.NUMERICAL:
        needed = required_value(trick, direction)
        assert needed is not None
        return f"numerical consec (step {trick.numerical}): the next hand must be {needed.plural}"
    suits = "".join(s.value for s in trick.suited or () if s is not None)
    return f"suited consec: every following hand must be of {suits}"


def _earn(state: State, seat: int, count: int) -> tuple[State, tuple[Card, ...], tuple[Card, ...]]:
    """Give ``seat`` ``count`` fake jokers; seed 000: "If the fake joker pile is exhausted, further
    actions that would have caused a player to earn fake joker(s) ... shall cause that player to
    earn the next card(s) from the deck" (held apart, played face-up only)."""
    fakes, pile = state.fake_pile[:count], state.fake_pile[count:]
    state = evolve(
        state,
        fake_pile=pile,
        fake_jokers=_set(state.fake_jokers, seat, _sorted(state.fake_jokers[seat] + fakes)),
    )
    earned: tuple[Card, ...] = ()
    if len(fakes) < count:
        state, earned = _draw(state, count - len(fakes))
        state = evolve(
            state, earned=_set(state.earned, seat, _sorted(state.earned[seat] + earned))
        )
    return state, fakes, earned


def _claim_bounty(state: State, seat: int, due: int, events: _Events) -> State:
    """Seed 000, "The Bounty Card": the claim is paid, "The bounty card is immediately discarded and a
    new bounty card revealed, so that other players may continue to claim the bounty"."""
    state, fakes, earned = _earn(state, seat, due)
    events.append(BountyClaimed(seat, due, fakes, earned))
    assert state.bounty is not None
    state = evolve(state, discard=state.discard + (state.bounty,), bounty=None)
    state, card = _reveal_bounty(state)
    events.append(BountyRevealed(card))
    return state


def _after_play(state: State, seat: int, jokerish: bool, events: _Events) -> State:
    """Going out, and the instant losses (seed 000, "Buy Back", "Joker Hands", "Fake Jokers")."""
    hand = state.hands[seat]
    if not hand:
        if jokerish or state.joker_last[seat]:
            which = "last" if jokerish else "second last"
            state = _lose(
                state,
                seat,
                f"seat {seat} played a joker hand or a face-down fake joker as its {which} play: "
                "the play stands and the seat becomes the loser",
                "joker-hands.last-plays",
                events,
            )
        else:
            state = evolve(state, finished=state.finished + (seat,))
            events.append(WentOut(seat, len(state.finished)))
    else:
        marked = _joker_last(state, seat, jokerish)
        if marked:
            state = evolve(state, **marked)
        if len(hand) >= state.rules.losing_hand_size:
            state = _lose(
                state,
                seat,
                f"seat {seat} holds {len(hand)} cards: reaching {state.rules.losing_hand_size} "
                "loses the round at once",
                "buy-back.twenty-cards",
                events,
            )
    return _check_round_over(state, events)


def _joker_last(state: State, seat: int, jokerish: bool) -> dict[str, Any]:
    """The change marking whether ``seat``'s latest play was a joker hand or a face-down fake
    joker (seed 000: a joker hand as the "second last" play loses), or none if the mark stands."""
    if state.joker_last[seat] == jokerish:
        return {}
    return {"joker_last": _set(state.joker_last, seat, jokerish)}


def _lose(state: State, seat: int, reason: str, rule: str, events: _Events) -> State:
    events.append(InstantLoss(seat, reason, rule))
    return evolve(state, losers=state.losers + (seat,))


def _check_round_over(state: State, events: _Events) -> State:
    """Seed 000, "Objective": "The round is played until there is only one player with cards
    remaining." Ruling R23: instant losers take the last places, the earliest loser last."""
    if len(state.active) > 1:
        return state
    order = state.finished + state.active + tuple(reversed(state.losers))
    state, closing = _close_calls(state)
    events.extend(closing)
    scores = score_round(state.scores, state.previous_order, order)
    points = tuple(round_points(order.index(seat), len(order)) for seat in range(state.players))
    events.append(RoundOver(order, points, scores))
    return evolve(
        state,
        round_over=True,
        to_act=None,
        reward=None,
        pending=(),
        scores=scores,
        previous_order=order,
        losers_by_round=state.losers_by_round + (order[-1],),
    )


# -- misplays and calls -----------------------------------------------------------------------


def _misplay(
    state: State, seat: int, breach: Breach, events: _Events, *, bar: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Seed 000, "Misplays": "Any fake jokers held by that player are immediately forfeited ... They
    are not allowed to play in the current trick, without the possibility of buying back ... They
    must skip the number of turns in the next trick(s) equal to their misplay penalty count." The
    misplayed cards are taken back: a play that is not valid does not stand (ruling R28)."""
    events.append(Misplay(seat, breach.reason, breach.rule))
    state = _penalise(state, seat, 1, events, open_for_call=True)
    if bar and state.reward is None:  # "if the misplay occurred during a trick"
        trick = state.trick
        state = evolve(state, trick=evolve(trick, barred=trick.barred | {seat}))
    if seat == state.to_act and state.reward is None:
        if state.opening is not None:
            return _next_offer(state, seat, events)
        return _advance(state, seat, events)
    return state, tuple(events)


def _penalise(
    state: State, seat: int, count: int, events: _Events, *, open_for_call: bool
) -> State:
    """Add ``count`` misplay penalties to ``seat`` and forfeit its fake jokers: to the pile, or (a
    misplay under the called referee) held until the call window closes."""
    forfeited = state.fake_jokers[seat]
    changes: dict[str, Any] = {
        "penalties": _set(state.penalties, seat, state.penalties[seat] + count)
    }
    if forfeited:
        changes["fake_jokers"] = _set(state.fake_jokers, seat, ())
    if open_for_call and state.rules.referee is Referee.CALLED:
        changes["open_misplays"] = state.open_misplays + (OpenMisplay(seat, forfeited),)
    elif forfeited:
        events.append(FakeJokersForfeited(seat, forfeited))
        changes["fake_pile"] = state.fake_pile + forfeited
    return evolve(state, **changes)


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
    events: _Events = []
    for index, open_misplay in enumerate(state.open_misplays):
        if open_misplay.accused == accused:
            rest = state.open_misplays[:index] + state.open_misplays[index + 1 :]
            state = evolve(state, open_misplays=rest)
            if open_misplay.forfeited:
                held = _sorted(state.fake_jokers[caller] + open_misplay.forfeited)
                state = evolve(state, fake_jokers=_set(state.fake_jokers, caller, held))
                fakes, earned = open_misplay.forfeited, tuple[Card, ...]()
            else:
                state, fakes, earned = _earn(state, caller, 1)
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


def _drop(state: State, drop: DropCards, events: _Events) -> tuple[State, tuple[Event, ...]]:
    """Seed 000, "Misplays": cards dropped face-up on the table count as played; dropped "on any
    food, liquid, sticky, or greasy substance ... or on the floor" is a misplay (ruling R30)."""
    seat = drop.player
    _check_holds(state, seat, drop.cards, False)
    if any(waiting.player == seat for waiting in state.pending):
        raise IllegalAction(f"seat {seat}'s cards are committed to an out-of-turn play")
    events.append(CardsDropped(seat, drop.cards, drop.onto.value))
    if drop.onto is Surface.TABLE:
        play = Play(seat, drop.cards)
        if seat != state.to_act:
            return _out_of_turn(state, play, events)
        return _play(state, play, events)
    where = "on the floor" if drop.onto is Surface.FLOOR else "onto food or drink"
    breach = Breach(lambda: f"seat {seat} dropped {format_cards(drop.cards)} {where}", "misplays.dropped")
    return _misplay(state, seat, breach, events)


# -- passing, timeouts, rewards ---------------------------------------------------------------


def _pass(state: State, seat: int, events: _Events) -> tuple[State, tuple[Event, ...]]:
    if state.reward is not None:
        raise IllegalAction(f"seat {seat} is taking a come-at-me reward: use TakeReward")
    if state.opening is not None:
        return _decline(state, seat, events)
    trick = state.trick
    if trick.is_lead:
        raise IllegalAction(f"seat {seat} leads this trick: a lead is played, not passed")
    trick = trick.passed_by(seat)
    events.append(Passed(seat))
    return _advance(state, seat, events, {"trick": trick})


def _decline(state: State, seat: int, events: _Events) -> tuple[State, tuple[Event, ...]]:
    """A seat offered the opening lead declines it (seed 000: "or those with 3s do not wish to play
    them")."""
    events.append(Passed(seat))
    return _next_offer(state, seat, events)


def _next_offer(state: State, seat: int, events: _Events) -> tuple[State, tuple[Event, ...]]:
    """The opening offer moves on from ``seat`` (which declined, timed out or misplayed)."""
    assert state.opening is not None
    opening = evolve(state.opening, declined=state.opening.declined | {seat})
    barred = state.trick.barred
    offer, next_seat = next_opening_offer(
        state.hands, opening, (seat + 1) % state.players, barred
    )
    trick = evolve(state.trick, leader=next_seat)
    state = evolve(state, opening=offer, to_act=next_seat, trick=trick)
    if offer is not None:
        events.append(OpeningOffered(next_seat, offer.rank))
    return state, tuple(events)


def _timeout(state: State, seat: int, events: _Events) -> tuple[State, tuple[Event, ...]]:
    """Seed 000, "Playing Tricks": "if the player fails to play a valid hand before the countdown
    finishes then they shall be deemed to have passed." Ruling R31: on a lead the seat is passed
    and the lead moves on; during a reward the reward is forfeited."""
    events.append(TimedOut(seat))
    if state.reward is not None:
        state = evolve(state, reward=None)
        return _offer(state, seat, events)
    if state.opening is not None:
        return _decline(state, seat, events)
    trick = state.trick
    trick = trick.passed_by(seat)
    events.append(Passed(seat))
    return _advance(state, seat, events, {"trick": trick})


def _take_reward(
    state: State, take: TakeReward, events: _Events
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
        hand = _sorted(_remove(hand, [take.give]) + (take.take,))
        viewed = _remove(viewed, [take.take]) + (take.give,)
    changes = {
        "reward": None,
        "deck": deck,
        "hands": _set(state.hands, seat, hand),
        "discard": state.discard + viewed,
        "picked_up": _set(state.picked_up, seat, 1 if swapped else 0),
    }
    events.append(RewardTaken(seat, reward.count, swapped, len(viewed)))
    return _offer(state, seat, events, changes)


def come_at_me_reward(calls: int, streak: int) -> int:
    """The cards a successful come-at-me lets its announcer view.

    Seed 000, "Come At Me": "The base reward for a successful come-at-me is being allowed to view 3
    cards. The reward increases by 1 for each additional come-at-me by that player during the same
    trick, and decreases by 1 for each successful previous come-at-me by that player with no tricks
    being won by other players in between."

    >>> come_at_me_reward(calls=2, streak=0), come_at_me_reward(calls=1, streak=1)
    (4, 2)
    """
    return 3 + (calls - 1) - streak


# -- turn flow --------------------------------------------------------------------------------


def _draw(state: State, count: int) -> tuple[State, tuple[Card, ...]]:
    """Draw ``count`` cards from the top of the deck. Ruling T11: when the deck cannot supply them,
    the discards of finished tricks are shuffled (from the state's seed) under it; if even they run
    out, the draw takes what there is."""
    state = _stock(state, count)
    return evolve(state, deck=state.deck[count:]), state.deck[:count]


def _stock(state: State, count: int) -> State:
    if len(state.deck) >= count or not state.discard:
        return state
    pool = list(state.discard)
    random.Random(f"{state.seed}:{state.shuffles}").shuffle(pool)
    return evolve(
        state, deck=state.deck + tuple(pool), discard=(), shuffles=state.shuffles + 1
    )


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
    state: State, after: int, events: _Events, changes: dict[str, Any] | None = None
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
    state: State, candidate: int | None, events: _Events, changes: dict[str, Any] | None = None
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
                state = _penalise(state, candidate, 1, events, open_for_call=True)
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
    return _set(penalties, seat, owed), trick, TurnSkipped(seat, owed)


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


def _win_trick(state: State, winner: int, events: _Events, trick: Trick | None = None) -> State:
    """Seed 000, "Playing Tricks": "The last player to have played before everyone else has passed
    in that trick is the winner of that trick and shall lead the next trick. If that player has
    gone out ... then the next player in clockwise sequence shall lead", and "Come At Me".
    ``trick`` is the trick just won if ``state`` does not hold it yet (the pass that ended it)."""
    trick = state.trick if trick is None else trick
    leader = winner if state.in_round(winner) else _next_in_round(state, winner)
    events.append(TrickWon(winner, leader))
    changes: dict[str, Any] = {}
    for waiting in state.pending:  # ruling R29: a held play lapses if its trick ends first
        events.append(OutOfTurnPlayLapsed(waiting.player, waiting.cards, waiting.face_down))
    if state.pending:
        changes["pending"] = ()
    calls = Counter(trick.come_at_me)
    for seat in sorted(calls):
        if seat != winner:
            events.append(ComeAtMeFailed(seat, calls[seat], "come-at-me.failed"))
            state = _penalise(state, seat, calls[seat], events, open_for_call=False)
    winning = trick.plays[-1].hand
    called = calls[winner]
    won = bool(called) and winning is not None and not winning.is_joker
    streak = state.streaks[winner]
    # Every other seat's streak ends; the winner's grows if its come-at-me succeeded.
    if won or any(s and seat != winner for seat, s in enumerate(state.streaks)):
        changes["streaks"] = tuple(
            (s + won if seat == winner else 0) for seat, s in enumerate(state.streaks)
        )
    state = _new_trick(state, leader, trick, changes)
    if not called:
        return state
    if not won:
        events.append(ComeAtMeFailed(winner, called, "come-at-me.won-with-joker"))
        return _penalise(state, winner, called, events, open_for_call=False)
    reward = come_at_me_reward(called, streak)
    events.append(ComeAtMeWon(winner, reward))
    if reward < 0:
        return _penalise(state, winner, -reward, events, open_for_call=False)
    if reward > 0 and state.in_round(winner):
        state = _stock(state, reward)
        return evolve(state, reward=Reward(winner, reward), to_act=winner)
    return state


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


def legal_moves(state: State) -> tuple[Action, ...]:
    """Every action that is not a misplay, in a fixed order.

    For the seat to act: passing (never on the lead), then each distinct play (cards that are
    identical make one move) with the announcements that keep it legal: a direction with natural
    7s, "unbeatable" where it is required, "come at me" where it is allowed, a bounty claim when
    going out on the bounty, the buy-back count due for a seat that has passed; fake jokers face-up
    and face-down; earned cards. During a come-at-me reward, each way to take it. Then, for every
    open misplay, a correct call by each other seat. Timeouts, dropped cards and out-of-turn plays
    are accepted by :func:`apply` but are not moves anyone chooses.

    >>> state = setup(hands=["7♠ 7♠", "8♦", "9♣"], rules=Rules(referee=Referee.AUTOMATIC))
    >>> [str(move) for move in legal_moves(state)][:4]
    ['seat 0: 7♠', 'seat 0: 7♠ "come at me"', 'seat 0: 7♠ "lower"', 'seat 0: 7♠ "lower" "come at me"']
    """
    seat = state.to_act
    if state.round_over or seat is None:
        return ()
    moves: list[Action] = []
    if state.reward is not None:
        moves.extend(_reward_moves(state, state.reward))
    else:
        moves.extend(_play_moves(state, seat))
    if state.open_misplays:  # only under the called referee
        for accused in dict.fromkeys(open_misplay.accused for open_misplay in state.open_misplays):
            moves.extend(
                CallMisplay(caller, accused) for caller in range(state.players) if caller != accused
            )
    return tuple(moves)


def _reward_moves(state: State, reward: Reward) -> list[Action]:
    seat = reward.player
    count = reward.count
    moves: list[Action] = [TakeReward.canonical(seat, count)]
    viewed = dict.fromkeys(state.deck[:count])
    for give in dict.fromkeys(state.hands[seat]):
        moves += [TakeReward.canonical(seat, count, give, take) for take in viewed if take != give]
    return moves


def _play_moves(state: State, seat: int) -> list[Action]:
    """Each candidate is judged once, by :func:`_judge`'s parts (a regular hand by
    :func:`~spite_rules.trick.stands`, which ``judge_hand`` builds on); its variants ask the same
    rule functions: "come at me" is :func:`~spite_rules.trick.only_jokers_beat` on the judged
    outcome (as in ``judge_play``), a bounty claim is :func:`bounty_due`, and a direction
    announcement with 7s is judged in full. The buy-back check depends only on the seat and what it
    announces, which is the same for every candidate, so it is asked once; a bounty claim is never
    part of a candidate. When following, hands at fault just by following are dropped first
    (:func:`~spite_rules.trick.followers`); a lead's plays are cached (:func:`_lead_plays`)."""
    trick, direction = state.trick, state.direction
    buy_back = fibonacci_buy_back(state.buy_back_step) if seat in trick.passed else None
    moves: list[Action] = []
    if not (trick.is_lead and state.opening is None):
        moves.append(_pass_move(seat))
    probe = _plain_play(seat, (), buy_back, False, False) if buy_back is not None else None
    if probe is not None and buy_back_breach(state, probe) is not None:
        return moves  # cannot happen: the count announced is the one due (and none is due unasked)
    following = not trick.is_lead
    offer = state.opening
    # A lead's verdicts depend on nothing but the hand and the direction: cached (_lead_plays).
    # The opening lead is such a lead once it includes a card of the rank on offer (_opens).
    fresh = not following and trick.arity is None and trick.beat is None and not trick.run
    fresh = fresh and not trick.consec_in_force and buy_back is None
    going_out = len(state.hands[seat])
    judged: list[_Judged] = []  # the regular hands' plays, with their verdicts
    for hand in _candidate_hands(state, seat):
        if offer is not None and not _opens(offer, hand.cards):
            continue  # _opening_breach: the opening lead must include a card of the rank on offer
        emptying = hand.size == going_out
        if fresh and not emptying:
            judged.extend(_lead_plays(seat, hand, direction))
            continue
        base = _plain_play(seat, hand.cards, buy_back, False, False)
        # bounty_due is 0 unless the play empties the hand: ask it only then (the hot path).
        due = bounty_due(state, base) if emptying else 0
        _judged_plays(judged, trick, direction, base, hand, due, following)
    others: list[Action] = []  # fake jokers' and earned cards' plays, judged from their cards
    for cards, face_down, earned in _other_candidates(state, seat):
        base = _plain_play(seat, cards, buy_back, face_down, earned)
        if _opening_breach(state, base) is not None:
            continue
        due = bounty_due(state, base) if len(cards) == going_out else 0
        plays = [base, evolve(base, direction=direction.opposite)] if _sevens(cards) else [base]
        for play in plays:
            outcome = _judge_in_trick(state, play, None)
            if isinstance(outcome, Outcome):
                beaten = outcome.hand is not None and only_jokers_beat(
                    outcome.hand, outcome.trick, outcome.direction
                )
                others.extend(_variants(play, due, beaten))
    for variants, _, _ in judged:  # the candidates' order: regular hands first
        moves.extend(variants)
    moves.extend(others)
    _remember(state, judged)
    return moves


def _judged_plays(
    judged: list[_Judged],
    trick: Trick,
    direction: Direction,
    base: Play,
    hand: Hand,
    due: int,
    may_follow: bool = False,
    remember: bool = True,
) -> None:
    """Add ``base`` (the regular ``hand``, unannounced) in every announced form that stands, each
    with its verdict: "unbeatable" where :func:`~spite_rules.trick.stands` requires it, the
    opposite direction with natural 7s, each with its bounty claim and "come at me" variants
    (:func:`_variants`). ``may_follow``: ``hand`` is known to break no rule of following (it is
    among :func:`~spite_rules.trick.followers`, or leads a new trick). ``remember``: ``base`` comes
    from :func:`_plain_play`, whose plays come back again and again (see :func:`_plain_variants`)."""
    verdict = stands(trick, direction, hand, may_follow=may_follow)
    plain = remember and not due  # base as _plain_play made it, announcing nothing
    if isinstance(verdict, Breach) and verdict.rule == "consec.suited.unbeatable":
        base, plain = evolve(base, unbeatable=True), False
        verdict = stands(trick, direction, hand, unbeatable=True, may_follow=may_follow)
    if isinstance(verdict, Standing):
        beaten = verdict.only_jokers_beat(hand)
        variants = _plain_variants(base, beaten) if plain else _variants(base, due, beaten)
        judged.append((variants, hand, verdict))
    if _sevens(base.cards):
        announced = evolve(base, direction=direction.opposite)
        verdict = stands(
            trick,
            direction,
            hand,
            announce=direction.opposite,
            unbeatable=base.unbeatable,
            may_follow=may_follow,
        )
        if isinstance(verdict, Standing):
            beaten = verdict.only_jokers_beat(hand)
            judged.append((_variants(announced, due, beaten), hand, verdict))


def _plain_variants(play: Play, only_jokers_beat: bool) -> tuple[Play, ...]:
    """:func:`_variants` of a play announcing nothing and claiming no bounty, as made by
    :func:`_plain_play`, whose cache hands out the same objects again and again: remembered by
    the play's identity (each entry keeps its play, so an id in the table is never reused)."""
    known = _PLAIN_VARIANTS.get(id(play))
    if known is None or known[0] is not play:
        if len(_PLAIN_VARIANTS) >= 1 << 12:
            _PLAIN_VARIANTS.clear()  # bounded; rebuilt as the same plays come back
        known = _PLAIN_VARIANTS[id(play)] = (play, (play,), (play, _with_come_at_me(play)))
    return known[1] if only_jokers_beat else known[2]


#: :func:`_plain_variants`' answers: (the play, its variants if only jokers beat it, otherwise).
_PLAIN_VARIANTS: dict[int, tuple[Play, tuple[Play], tuple[Play, Play]]] = {}


@functools.lru_cache(maxsize=1 << 13)
def _lead_plays(seat: int, hand: Hand, direction: Direction) -> tuple[_Judged, ...]:
    """:func:`_judged_plays` for ``seat`` leading ``hand`` with no buy-back and no bounty due.
    On a new trick nothing but the hand and the direction enters the verdict, and seats lead the
    same hands again and again, so the plays are built once and cached."""
    judged: list[_Judged] = []
    base = Play.canonical(seat, hand.cards, None)  # built once: no need of _plain_play's memory
    # A new trick has nothing to follow: no hand breaks a rule of following by leading it.
    _judged_plays(judged, _NEW_TRICK, direction, base, hand, 0, may_follow=True, remember=False)
    return tuple(judged)


#: A trick before its lead: all that a lead's judgement reads of one (who leads it does not enter).
_NEW_TRICK = Trick.start(0)


def _variants(play: Play, due: int, only_jokers_beat: bool) -> tuple[Play, ...]:
    """``play`` (judged to stand), with a bounty claim of ``due`` if any is due, and each with
    "come at me" unless only a joker hand could beat it (a misplay, seed 000, "Come At Me")."""
    variants = (play, evolve(play, bounty_claim=due)) if due else (play,)
    if only_jokers_beat:
        return variants
    return variants + tuple(_with_come_at_me(variant) for variant in variants)


@functools.lru_cache(maxsize=None)
def _pass_move(seat: int) -> Pass:
    """``Pass(seat)``, built once per seat (a pass is offered at nearly every turn)."""
    return Pass(seat)


@functools.lru_cache(maxsize=1 << 12)
def _plain_play(
    seat: int, cards: tuple[Card, ...], buy_back: int | None, face_down: bool, earned: bool
) -> Play:
    """A play with no announcement; memoized, since legal_moves makes the same ones over and over."""
    return Play.canonical(seat, cards, buy_back, face_down=face_down, earned=earned)


def _with_come_at_me(play: Play) -> Play:
    """``play`` announcing "come at me" (built directly: cheaper than hashing ``play`` to look
    it up)."""
    return Play.canonical(
        play.player,
        play.cards,
        play.buy_back,
        play.direction,
        True,
        play.unbeatable,
        play.face_down,
        play.earned,
        play.bounty_claim,
    )


def _sevens(cards: tuple[Card, ...]) -> bool:
    return (
        cards[0].rank is Rank.SEVEN
        and len(cards) <= 4
        and all(card.rank is Rank.SEVEN for card in cards)
    )


#: The plays of a regular hand that legal_moves found to stand, with the hand and its verdict.
_Judged = tuple[tuple[Play, ...], Hand, Standing]

#: The state the latest legal_moves call was asked about, and the verdicts behind its plays of
#: regular hands: :func:`apply` given that state and one of those very play objects builds on
#: the verdict instead of judging the play again (see :func:`_known`). Replaced whole by each
#: call (never changed in place), so a reader sees one call's pair or another's, never a mixture.
_LATEST: tuple[State | None, list[_Judged]] = (None, [])


def _remember(state: State, judged: list[_Judged]) -> None:
    global _LATEST
    _LATEST = (state, judged)


def _known(state: State, play: Play) -> tuple[Hand, Standing] | None:
    """The hand and verdict legal_moves(``state``) gave ``play`` (this very object), if that was
    the latest call. Those plays stand by construction: the same rule functions judged them."""
    latest_state, judged = _LATEST
    if latest_state is not state:
        return None
    for variants, hand, standing in judged:
        for variant in variants:
            if variant is play:
                return hand, standing
    return None


def _known_play(state: State, action: Action) -> bool:
    """Is ``action`` a play legal_moves(``state``) offered (see :func:`_known`)?"""
    return isinstance(action, Play) and _known(state, action) is not None


def _candidate_hands(state: State, seat: int) -> Sequence[Hand]:
    """Every distinct regular hand ``seat`` could play that is worth judging: of the trick's arity
    (any size on a lead), joker hands unless a consec is in force, on the opening lead only those
    holding a card of the rank on offer, and when following only those
    :func:`~spite_rules.trick.followers` keeps."""
    trick, opening = state.trick, state.opening
    sizes = HAND_SIZES if trick.arity is None else (trick.arity,)
    including = None if opening is None else opening.rank
    hands: Sequence[Hand] = hands_in(
        state.hands[seat], sizes, jokers=not trick.consec_in_force, including=including
    )
    if not trick.is_lead:  # a hand at fault just by following is a misplay however announced
        hands = followers(trick, state.direction, hands)
    return hands


def _other_candidates(state: State, seat: int) -> list[tuple[tuple[Card, ...], bool, bool]]:
    """(cards, face_down, earned) for each distinct play of a fake joker (face-up, then
    face-down) or an earned card by ``seat``: judged from their cards, not classified first."""
    found: list[tuple[tuple[Card, ...], bool, bool]] = []
    if not (state.fake_jokers[seat] or state.earned[seat]):
        return found  # most seats hold neither
    for card in dict.fromkeys(state.fake_jokers[seat]):
        found += [((card,), False, False), ((card,), True, False)]
    found += [((card,), False, True) for card in dict.fromkeys(state.earned[seat])]
    return found
