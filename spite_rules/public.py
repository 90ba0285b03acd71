"""The public functions of Spite, defined here in plain Python over the engine's compiled internals.

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.

A compiled function (mypyc) keeps no docstring, no annotations and only a bare signature. This
module is never compiled (it is not in :data:`~spite_rules.core.build_info.COMPILED_MODULES`): each
public function of ``spite_rules.__all__`` whose rules live in a compiled module is a thin function
here, with the documentation, the signature and the annotations, that calls the rule function, so
``help()`` and ``inspect`` tell the same in both builds (tests/test_public_docs.py checks; the
extra call's cost: docs/performance.md, "The public functions in plain Python").

>>> import spite_rules as sr
>>> sr.apply is apply and sr.apply.__module__
'spite_rules.public'
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ParamSpec, TypeVar

from spite_rules import come_at_me as _come_at_me
from spite_rules import deal as _deal
from spite_rules import hand_search as _hand_search
from spite_rules import hands as _hands
from spite_rules import moves as _moves
from spite_rules import round as _round
from spite_rules import trick as _trick
from spite_rules.actions import Action, Play
from spite_rules.cards import Card, Rank, parse_cards
from spite_rules.events import Event
from spite_rules.hand_search import HAND_SIZES
from spite_rules.hands import Hand, Similarity
from spite_rules.rules import Referee, Rules
from spite_rules.position import make_state
from spite_rules.state import State
from spite_rules.trick_state import Breach, Outcome, Trick
from spite_rules.vocabulary import Direction

__all__ = [
    "classify",
    "compare",
    "similarity",
    "hands_in",
    "judge_play",
    "fibonacci_buy_back",
    "come_at_me_reward",
    "setup",
    "new_game",
    "next_round",
    "first_leader",
    "apply",
    "legal_moves",
]

_P = ParamSpec("_P")
_R = TypeVar("_R")


def parameters_of(model: Callable[_P, _R]) -> Callable[[Callable[..., _R]], Callable[_P, _R]]:
    """A decorator giving a function that forwards its arguments the parameters of ``model``: its
    ``inspect.signature`` and annotations, so ``help()`` shows them (and mypy checks calls
    against them). Its name and docstring stay its own.

    >>> def model(*, cards: str, seat: int = 0) -> str:
    ...     return cards * seat
    >>> @parameters_of(model)
    ... def forwarded(**arguments: Any) -> str:
    ...     "Forwarded."
    ...     return model(**arguments)
    >>> str(inspect.signature(forwarded)), forwarded.__name__, forwarded(cards="ab", seat=2)
    ("(*, cards: 'str', seat: 'int' = 0) -> 'str'", 'forwarded', 'abab')
    """

    def decorate(function: Callable[..., _R]) -> Callable[_P, _R]:
        function.__signature__ = inspect.signature(model)  # type: ignore[attr-defined]
        function.__annotations__ = dict(model.__annotations__)
        return function

    return decorate


def classify(cards: Iterable[Card]) -> Hand:
    """Classify cards played together into a :class:`Hand`, or raise :class:`InvalidHand`.

    Seed 000, "Valid Leading Hands": a single card; two, three or four cards of the same value;
    poker hands of exactly five cards (straight, full house, flush, four-of-a-kind); a joker hand.
    "Wildcards": "any card X plus a 13 is considered a pair of Xs", and "When 13s are used in a
    poker hand, it shall always form the lowest valid hand."

    >>> classify(parse_cards("4♠ 4♦ J♣ J♥ 13♥")).describe()
    '4s full of Js (with one 13)'
    >>> classify(parse_cards("13♥ 13♦")).describe()
    'pair of 13s (coloured)'
    >>> classify(parse_cards("5♠ 6♠"))
    Traceback (most recent call last):
    ...
    spite_rules.errors.InvalidHand: 5♠ 6♠ is not a hand: two cards of different values (5 and 6)...

    The order the cards are given in does not matter. A fake joker's face counts like any card's.
    """
    return _hands.classify(cards)


def compare(a: Hand, b: Hand) -> int:
    """Negative, zero or positive as ``a`` ranks below, level with, or above ``b`` (higher direction).

    Hands compare when they can meet in one trick: two hands of the same arity (a poker hand with a
    poker hand), or when either is a joker hand. Seed 000, "Joker Hands": "A natural joker is the
    lowest ranked joker hand. It can beat any non-joker hand ... Five or more natural cards of the
    same value are also joker hands, and are ranked higher than natural jokers. These joker hands
    are ranked by hand size, and then by numeric value within the same hand size."

    >>> pair_of = lambda text: classify(parse_cards(text))
    >>> compare(pair_of("5♠ 13♥"), pair_of("5♠ 5♥")) < 0   # wild below natural
    True
    >>> compare(pair_of("5♠ 5♥"), pair_of("5♣ 5♦")) == 0   # both mixed: level
    True

    Raises InvalidHand for hands that can never meet (e.g. a pair and a straight).
    """
    return _hands.compare(a, b)


def similarity(cards: Iterable[Card]) -> Similarity:
    """The similarity of cards by their printed suits; 13s count with their own suit (ruling H1).

    >>> similarity(parse_cards("5♥ 5♦")), similarity(parse_cards("5♠ 13♥"))
    (<Similarity.COLOURED: 1>, <Similarity.MIXED: 0>)
    """
    return _hands.similarity(cards)


def hands_in(
    cards: Iterable[Card],
    sizes: Iterable[int] = HAND_SIZES,
    *,
    jokers: bool = True,
    including: Rank | None = None,
) -> tuple[Hand, ...]:
    """Every distinct hand that some of ``cards`` form: multiples and poker hands of the given
    sizes, and (if ``jokers``) joker hands. Identical cards give one hand, not three. With
    ``including``, only the hands holding a card of that rank (as the opening lead must, seed 000,
    "The First Player"), in the same order.

    >>> [hand.describe() for hand in hands_in(parse_cards("9♠ 9♠ 13♥"), sizes=(2,))]
    ['pair of 9s (suited)', 'pair of 9s (mixed) (with one 13)']
    >>> [hand.describe() for hand in hands_in(parse_cards("3♠ 4♦ 13♥"), including=Rank.THREE)]
    ['single 3', 'pair of 3s (mixed) (with one 13)']
    """
    return _hand_search.hands_in(cards, sizes, jokers=jokers, including=including)


def judge_play(
    trick: Trick,
    direction: Direction,
    seat: int,
    cards: Sequence[Card],
    *,
    face_down: bool = False,
    earned: bool = False,
    announce: Direction | None = None,
    unbeatable: bool = False,
    come_at_me: bool = False,
    rules: Rules | None = None,
) -> Breach | Outcome:
    """Judge one play in a trick: a :class:`Breach` if it is a misplay, else its :class:`Outcome`.

    ``face_down`` plays a fake joker face-down; ``earned`` plays a card earned in place of a fake
    joker (held apart, face-up only); ``announce`` is a direction announced with natural 7s;
    ``unbeatable`` is the announcement a 2 needs under a suited-but-not-numerical consec;
    ``come_at_me`` is the "come at me" announcement. ``rules`` (seed 000's if None) say how fake
    jokers and earned cards play under the July 2023 revision: a face-up fake joker lead is its
    face value (``face_up_fake_lead_opens_arity``, ruling V2), earned cards combine
    (``earned_cards_free``, V5), and five or more face-down fake jokers are a hand
    (``face_down_fake_joker_hands``, :mod:`~spite_rules.fake_hands`, V6).

    >>> from spite_rules.cards import parse_cards
    >>> trick = judge_play(Trick.start(0), Direction.HIGHER, 0, parse_cards("9♠ 9♦")).trick
    >>> judge_play(trick, Direction.HIGHER, 1, parse_cards("8♠ 8♠")).rule
    'trick.follow.strictly-better'
    """
    return _trick.judge_play(
        trick, direction, seat, cards, face_down=face_down, earned=earned, announce=announce,
        unbeatable=unbeatable, come_at_me=come_at_me, rules=rules,
    )


def fibonacci_buy_back(step: int) -> int:
    """Cards picked up by the buy-back number ``step`` of a round (0-based).

    Seed 000, "Buy Back": "follows the Fibonacci sequence (1, 1, 2, 3, 5, 8, ..., and so on). The
    count resets at the beginning of each round."

    >>> [fibonacci_buy_back(step) for step in range(7)]
    [1, 1, 2, 3, 5, 8, 13]

    Read from a table built once, up to :data:`~spite_rules.state.MAX_BUY_BACK_STEP` (ruling X8: a position's step
    is bounded there, at the door); any other step raises IllegalAction, never a long loop.

    >>> fibonacci_buy_back(10**19)
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: buy-back step 10000000000000000000 is out of range (0 to 1000, ruling X8)
    """
    return _trick.fibonacci_buy_back(step)


def come_at_me_reward(calls: int, streak: int) -> int:
    """The cards a successful come-at-me lets its announcer view.

    Seed 000, "Come At Me": "The base reward for a successful come-at-me is being allowed to view 3
    cards. The reward increases by 1 for each additional come-at-me by that player during the same
    trick, and decreases by 1 for each successful previous come-at-me by that player with no tricks
    being won by other players in between."

    >>> come_at_me_reward(calls=2, streak=0), come_at_me_reward(calls=1, streak=1)
    (4, 2)
    """
    return _come_at_me.come_at_me_reward(calls, streak)


@parameters_of(make_state)
def setup(**position: Any) -> State:
    """A position built by hand, for tests, scenarios and disputes, with the turn offered by the
    rules: a leader who owes misplay penalties skips the lead as it would at the table (ruling R28).

    ``hands`` has one entry per seat (3 to 9), in notation or as cards; ``deck`` lists the top card
    first. ``opening=True`` starts the first round's opening offers (3s first) instead of a trick
    led by ``leader``. ``fake_jokers`` are written with the ``~`` back mark (``"~4♣"``); by default
    the fake-joker pile holds the rules' fake jokers that no seat holds. ``rules`` are
    :class:`~spite_rules.rules.Rules` or a ruleset's name (``"2023-07"``); seed 000's by default.
    The other keywords set the rest of the table (:func:`~spite_rules.position.make_state` builds it
    exactly as given).

    >>> state = setup(hands=["3♦ 9♠", "4♣ 9♦", "5♣ 9♣ 6♠"], direction="lower")
    >>> state.to_act, [len(hand) for hand in state.hands], state.direction
    (0, [2, 2, 3], <Direction.LOWER: 'lower'>)
    >>> setup(hands=["3♦", "4♣", "5♣"], penalties=[1, 0, 0]).to_act   # seat 0 skips its lead
    1
    """
    return _deal.setup(**position)


def new_game(players: int | Sequence[str], *, seed: int, rules: Rules | str | None = None) -> State:
    """A shuffled, dealt first round, ready for its opening, under ``rules``: seed 000's if None,
    or a named ruleset's (``rules="2023-07"``, :data:`~spite_rules.rules.RULESETS`).

    Seed 000, "The Initial Deal": "each player is dealt 11 cards face down. The top card of the deck
    is revealed as the bounty card". The shuffle comes from ``seed``: the same seed deals the same
    round. The first round opens with 3s (see :func:`~spite_rules.state.next_opening_offer`).

    >>> state = new_game(4, seed=2)
    >>> [len(hand) for hand in state.hands], len(state.deck) + 1, state.opening.rank
    ([11, 11, 11, 11], 145, <Rank.THREE: 3>)
    >>> new_game(4, seed=2, rules="2023-07").rules.version
    '2023-07-r2'
    """
    return _deal.new_game(players, seed=seed, rules=rules)


def next_round(state: State, late_joiners: Sequence[str] = ()) -> tuple[State, tuple[Event, ...]]:
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
    return _deal.next_round(state, late_joiners)


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
    return _deal.first_leader(scores, losers_by_round)


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
    action whose fields have the wrong Python type (:func:`~spite_rules.core.fields.check_fields`), and
    a ``state`` that is not a State.
    """
    return _round.apply(state, action)


def legal_moves(state: State) -> tuple[Action, ...]:
    """Every action that is not a misplay, in a fixed order.

    For the seat to act: passing (never on the lead), then each distinct play (cards that are
    identical make one move) with the announcements that keep it legal: a direction with natural
    7s, "unbeatable" where it is required, "come at me" where it is allowed, a bounty claim when
    going out on the bounty, the buy-back count due for a seat that has passed; fake jokers face-up
    and face-down (under the July 2023 revision, five or more of them face-down together); earned
    cards (under the revision, with other cards too). During a come-at-me reward, each way to take
    it. Then, for every open misplay, a correct call by each other seat. Timeouts, dropped cards
    and out-of-turn plays are accepted by :func:`~spite_rules.round.apply` but are not moves anyone
    chooses.

    >>> state = setup(hands=["7♠ 7♠", "8♦", "9♣"], rules=Rules(referee=Referee.AUTOMATIC))
    >>> [str(move) for move in legal_moves(state)][:4]
    ['seat 0: 7♠', 'seat 0: 7♠ "come at me"', 'seat 0: 7♠ "lower"', 'seat 0: 7♠ "lower" "come at me"']

    Raises IllegalAction for a ``state`` that is not a State.
    """
    return _moves.legal_moves(state)

