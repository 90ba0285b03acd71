"""Spite and Malice's determinization: a whole :class:`~spite_rules.malice.state.State` consistent
with one seat's :class:`~spite_rules.malice.views.SeatView`, the hidden cards dealt uniformly at
random; and :func:`returns`, each seat's result of a finished game from 0 to 1.

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

This is the sampling step of information-set search (Spite's: :mod:`spite_rules.determinization`);
``game("malice").determinize(view, seed)`` and ``sr.determinize(view, seed)`` reach it. What the
sample keeps exactly, deals at random and invents, and its limits: docs/research.md,
"Determinization (spite_rules/malice/determinization.py)". In short: everything the view shows is
kept; the cards unaccounted for (the rules' packs and jokers less every card the view shows) are
dealt uniformly into the **hidden places** (:func:`hidden_places`); ``seed`` and ``shuffles`` are
drawn from ``seed``. One rule of the deal narrows it: where the pay-off piles come from pack A (the
book version's ``split_packs``: "Pack A is a standard 52 card pack"), no joker lies in a pay-off
pile. A view has no memory, so the completed stacks set aside are dealt from all the unseen cards.
A position built by hand (``setup``) with fewer cards than the rules' packs has no
determinization: IllegalAction says so.

>>> import spite_rules.malice as sm
>>> state = sm.new_game(2, seed=3)
>>> sample = determinize_malice(state.view(0), seed=7)
>>> sample.view(0) == state.view(0), sample.hands[0] == state.hands[0]
(True, True)
>>> sample.stock == state.stock     # the stock is a fresh deal
False
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence

from spite_rules.cards import Card, Rank
from spite_rules.errors import IllegalAction
from spite_rules.malice.reach import reach_plan
from spite_rules.malice.order import sort_key
from spite_rules.malice.shape import table_cards
from spite_rules.malice.state import Stack, State, teams_of
from spite_rules.malice.views import SeatView, open_fields, shown_cards

__all__ = ["determinize_malice", "filled_state", "unseen_cards", "hidden_places", "returns", "estimate", "table_cards"]


def unseen_cards(seen: SeatView) -> Counter[Card]:
    """The cards that ``seen`` does not place: what a determinization deals at random.

    >>> import spite_rules.malice as sm
    >>> sum(unseen_cards(sm.new_game(2, seed=1).view(0)).values())  # 104 - 5 in hand - 2 tops
    97
    """
    cards = table_cards(seen.rules, len(seen.hand_sizes))
    cards.subtract(shown_cards(seen))
    if any(count < 0 for count in cards.values()):
        raise IllegalAction(f"the view of seat {seen.seat} shows more of some card than the rules' packs hold")
    return +cards


def hidden_places(seen: SeatView) -> list[tuple[str, int]]:
    """The places ``seen``'s seat cannot see into and how many cards each holds, in the order a
    determinization deals them: ``hand s`` (other seats), ``pay-off s`` (below the top), ``side s.k``
    (below the top, unless spread), ``stock``, ``used``.

    >>> import spite_rules.malice as sm
    >>> hidden_places(sm.new_game(2, seed=1).view(0))
    [('hand 1', 5), ('pay-off 0', 19), ('pay-off 1', 19), ('stock', 54), ('used', 0)]
    """
    seat, players = seen.seat, len(seen.hand_sizes)
    places = [(f"hand {other}", seen.hand_sizes[other]) for other in range(players) if other != seat]
    places += [(f"pay-off {owner}", max(size - 1, 0)) for owner, size in enumerate(seen.payoff_sizes)]
    if not seen.rules.spread_side_stacks:
        places += [
            (f"side {owner}.{space}", max(size - 1, 0))
            for owner, sizes in enumerate(seen.side_sizes)
            for space, size in enumerate(sizes)
            if size > 1
        ]
    return places + [("stock", seen.stock_size), ("used", seen.used_size)]


def determinize_malice(seen: SeatView, seed: int) -> State:
    """A state agreeing with everything ``seen`` shows, the rest dealt from ``seed`` (uniformly
    among the cards the view does not place; see the module's docstring).
    ``determinize_malice(v, n).view(v.seat) == v``.

    >>> import spite_rules.malice as sm
    >>> state = sm.new_game(2, seed=5, rules=sm.Rules.preset("jacks"))
    >>> state, _ = sm.apply(state, sm.legal_moves(state)[0])
    >>> sample = determinize_malice(state.view(1), seed=1)
    >>> sample.view(1) == state.view(1), [len(pile) for pile in sample.payoff] == [len(p) for p in state.payoff]
    (True, True)
    >>> determinize_malice(sm.setup(payoff=["5♠", "6♠"]).view(0), seed=1)
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: the view of seat 0 leaves 102 cards unseen for 0 hidden places
    """
    rng = random.Random(seed)
    dealt = _deal(rng, seen, unseen_cards(seen), hidden_places(seen))
    return filled_state(seen, dealt, rng.getrandbits(63), rng.getrandbits(16))


def filled_state(seen: SeatView, dealt: Mapping[str, Stack], seed: int = 0, shuffles: int = 0) -> State:
    """The state that shows everything ``seen`` shows and holds ``dealt[place]`` in each of its
    :func:`hidden_places` (a side stack named nowhere hides nothing): a determinization's deal, or
    the planner's position with a stand-in for each card it cannot see.

    >>> import spite_rules.malice as sm
    >>> seen = sm.new_game(2, seed=3).view(0)
    >>> dealt = {place: (seen.hand[0],) * size for place, size in hidden_places(seen)}
    >>> filled_state(seen, dealt).view(0) == seen
    True
    """
    seat, players = seen.seat, len(seen.hand_sizes)
    hands: list[Stack] = [
        seen.hand if other == seat else tuple(sorted(dealt[f"hand {other}"], key=sort_key))
        for other in range(players)
    ]
    payoff: list[Stack] = [() if top is None else dealt[f"pay-off {owner}"] + (top,)
                           for owner, top in enumerate(seen.payoff_tops)]
    side: list[tuple[Stack, ...]] = [
        stacks if seen.rules.spread_side_stacks
        else tuple(dealt.get(f"side {owner}.{space}", ()) + shown for space, shown in enumerate(stacks))
        for owner, stacks in enumerate(seen.side)
    ]
    return State(
        **open_fields(seen),
        payoff=tuple(payoff),
        hands=tuple(hands),
        side=tuple(side),
        stock=dealt["stock"],
        used=dealt["used"],
        seed=seed,
        shuffles=shuffles,
    )


def _deal(
    rng: random.Random, seen: SeatView, pool: Counter[Card], places: Sequence[tuple[str, int]]
) -> dict[str, Stack]:
    """``pool`` shuffled and cut into ``places`` (a uniform deal); with the book's split packs, the
    pay-off places first from the cards other than jokers."""
    cards = sorted(pool.elements(), key=sort_key)
    wanted = sum(size for _, size in places)
    if len(cards) != wanted:
        raise IllegalAction(
            f"the view of seat {seen.seat} leaves {len(cards)} cards unseen for {wanted} hidden places"
        )
    dealt: dict[str, Stack] = {}
    # the book's split packs: the pay-off piles are pack A, which has no joker (nor does loading
    # put one there)
    if seen.rules.split_packs and not seen.rules.loading:
        plain = [card for card in cards if card.rank is not Rank.JOKER]
        rng.shuffle(plain)
        start = 0
        for name, size in places:
            if name.startswith("pay-off"):
                dealt[name] = tuple(plain[start : start + size])
                start += size
        if start > len(plain):
            raise IllegalAction(f"the view of seat {seen.seat} leaves too few cards for the pay-off piles")
        cards = plain[start:] + [card for card in cards if card.rank is Rank.JOKER]
        places = [(name, size) for name, size in places if not name.startswith("pay-off")]
    rng.shuffle(cards)
    deck = iter(cards)
    return dealt | {name: tuple(itertools.islice(deck, size)) for name, size in places}


def returns(state: State) -> tuple[float, ...]:
    """Each seat's result of the finished game: 1 for the winner and its partner, 0 for the others;
    0.5 for every seat in a draw. IllegalAction while the game goes on.

    >>> import spite_rules.malice as sm
    >>> from spite_rules.core.bots import play_deal
    >>> state, _ = play_deal(sm.new_game(2, seed=4), [sm.GreedyBot(), sm.GreedyBot()])
    >>> sorted(returns(state))
    [0.0, 1.0]
    """
    if not state.game_over:
        raise IllegalAction("the game is not over: it has no returns yet")
    players = len(state.payoff)
    if state.winner is None:
        return (0.5,) * players
    team = next(team for team in teams_of(players, state.rules.partnerships) if state.winner in team)
    return tuple(1.0 if seat in team else 0.0 for seat in range(players))


def estimate(state: State) -> tuple[float, ...]:
    """Each seat's prospects from 0 to 1, for a search that stops before the end: :func:`returns`
    once the game is over, else a logistic curve of how many fewer pay-off cards the seat's side
    has left than the best other side (even: 0.5; each card ahead about +0.06; four ahead 0.73),
    the side to act counting :data:`REACH_WORTH` more when it can reach its pay-off top now (a
    chain of its cards up to it on some centre stack, :func:`~spite_rules.malice.reach.reach_plan`).

    >>> import spite_rules.malice as sm
    >>> [round(share, 3) for share in estimate(sm.setup(payoff=["5♠ 6♠", "7♣ 8♣ 9♣ 10♣"]))]
    [0.622, 0.378]
    >>> [round(share, 3) for share in estimate(sm.setup(payoff=["5♠ 2♠", "7♣ 8♣ 9♣ 10♣"], hands=["A♦", ""]))]
    [0.679, 0.321]
    """
    if state.game_over:
        return returns(state)
    players = len(state.payoff)
    teams = teams_of(players, state.rules.partnerships)
    left = {team: float(sum(len(state.payoff[seat]) for seat in team)) for team in teams}
    if _reaches(state, state.to_act):
        acting = next(team for team in teams if state.to_act in team)
        left[acting] -= REACH_WORTH
    found = [0.5] * players
    for team in teams:
        ahead = min(cards for other, cards in left.items() if other != team) - left[team]
        for seat in team:
            found[seat] = 1.0 / (1.0 + math.exp(-ahead / ESTIMATE_SCALE))
    return tuple(found)


def _reaches(state: State, seat: int) -> bool:
    """Can ``seat`` play its pay-off top this turn with the cards it has in sight?"""
    if not state.payoff[seat]:
        return False
    seen = state.view(seat)
    return any(reach_plan(seen, centre) is not None for centre in range(len(state.centre) + 1))


#: Pay-off cards ahead that make an estimate of about 0.73 (``1 / (1 + e**-1)``).
ESTIMATE_SCALE = 4.0
#: What reaching the pay-off top this turn is worth, in pay-off cards.
REACH_WORTH = 1.0
