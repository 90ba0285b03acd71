"""Spite's determinization: a whole :class:`~spite_rules.state.State` consistent with one seat's
:class:`~spite_rules.views.SeatView`, the hidden cards dealt uniformly at random.

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.

This is the sampling step of information-set search (OpenSpiel's "resample from an information
state", the basis of ISMCTS): a searcher samples what a seat cannot see (the other hands, the deck,
the discards, the fake-joker pile) and searches each sample as if it were the real table.
:func:`spite_rules.determinization` reaches this through the game protocol. What the sample keeps
exactly (everything the view shows), deals at random (uniformly among the cards of the rules' deck
and fake jokers less every card the view shows) and invents (``seed`` and ``shuffles``, drawn from
``seed``, which decide future reshuffles): docs/research.md, "Determinization". An out-of-turn play
waiting shows its cards, so they stay in their seat's hand; the fake jokers lying in the trick stay
in the fake-joker pile. A view has no memory of earlier tricks, so the discards are dealt from all
the unseen cards (a bot that counts cards would have to narrow them itself).

>>> import spite_rules as sr
>>> state = sr.new_game(4, seed=3)
>>> sample = determinize_spite(state.view(1), seed=7)
>>> sample.view(1) == state.view(1), sample.hands[1] == state.hands[1]
(True, True)
>>> sample.hands[0] == state.hands[0]      # another seat's hand is a fresh deal
False
"""

from __future__ import annotations

import collections
import itertools
import random
from collections import Counter
from collections.abc import Sequence

from spite_rules.cards import Card, card_sort_key, sort_cards, spite_deck
from spite_rules.core.frozen import replace
from spite_rules.errors import IllegalAction
from spite_rules.state import OpenMisplay, Reward, State
from spite_rules.trick import TrickPlay
from spite_rules.views import OPEN_FIELDS, SeatView

__all__ = ["determinize_spite", "unseen_cards"]


def unseen_cards(seen: SeatView) -> tuple[Counter[Card], Counter[Card]]:
    """The real cards and the fake jokers that ``seen`` does not place: what a determinization
    deals at random (see the module's docstring).

    >>> import spite_rules as sr
    >>> real, fake = unseen_cards(sr.new_game(3, seed=1).view(0))
    >>> sum(real.values()), sum(fake.values())    # 189 - 11 in hand - the bounty; 5 fake jokers
    (177, 5)
    """
    real, fake, _ = _account(seen)
    return real, fake


def _account(seen: SeatView) -> tuple[Counter[Card], Counter[Card], tuple[Card, ...]]:
    """:func:`unseen_cards`, and the fake jokers shown in the trick that lie in the pile."""
    seat = seen.seat
    real: Counter[Card] = Counter(spite_deck(seen.rules.decks))
    fake: Counter[Card] = Counter(seen.rules.fake_jokers)
    shown = [*seen.hand, *seen.earned, *seen.fake_jokers, *seen.reward_cards]
    shown += [] if seen.bounty is None else [seen.bounty]
    shown += [card for play in seen.trick.plays for card in play.cards if not card.fake]
    # the seat's own cards waiting to be played are in its hand already
    shown += [card for waiting in seen.pending if waiting.player != seat for card in waiting.cards]
    for card in shown:
        (fake if card.fake else real)[card] -= 1
    # A fake joker played goes to the pile; one the pile has handed out again since is held by a
    # seat instead (and is not there to keep).
    in_pile = _taken(seen.trick.plays, fake, seen.fake_pile_size)
    if any(count < 0 for count in (*real.values(), *fake.values())):
        raise IllegalAction(f"the view of seat {seat} shows more of some card than the rules' deck holds")
    return +real, +fake, in_pile


def determinize_spite(seen: SeatView, seed: int) -> State:
    """A state agreeing with everything ``seen`` shows, the rest dealt from ``seed`` (uniformly
    among the cards the view does not place). ``determinize_spite(s, n).view(s.seat) == s``.

    The cards are those of the rules' deck and fake jokers: a position built by hand with fewer
    cards at the table (``setup``) has no determinization, and raises IllegalAction saying so.

    >>> import spite_rules as sr
    >>> state = sr.new_game(3, seed=5)
    >>> state, _ = sr.apply(state, sr.legal_moves(state)[0])
    >>> sample = determinize_spite(state.view(2), seed=1)
    >>> sample.view(2) == state.view(2), [len(hand) for hand in sample.hands], len(sample.deck)
    (True, [11, 11, 11], 155)
    >>> determinize_spite(sr.setup(hands=["5♠", "6♦", "7♣"]).view(0), seed=1)
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: the view of seat 0 leaves 188 real cards unseen for 2 hidden places
    """
    rng = random.Random(seed)
    seat, players = seen.seat, len(seen.hand_sizes)
    real, fake, pile_known = _account(seen)

    # What the seats' out-of-turn plays waiting hold, by holding and seat: shown, and still held.
    waiting: dict[tuple[str, int], list[Card]] = collections.defaultdict(list)
    for play in seen.pending:
        for card in play.cards if play.player != seat else ():
            holding = "fake_jokers" if card.fake else "earned" if play.earned else "hand"
            waiting[holding, play.player].append(card)

    # The hidden places and their sizes, real cards and fake jokers apart.
    others = [other for other in range(players) if other != seat]
    reward_shown = len(seen.reward_cards)
    real_sizes = [seen.hand_sizes[o] - len(waiting["hand", o]) for o in others]
    real_sizes += [seen.earned_counts[o] - len(waiting["earned", o]) for o in others]
    real_sizes += [seen.deck_size - reward_shown, seen.discard_size]
    face_down = [
        index
        for index, play in enumerate(seen.trick.plays)
        if play.face_down and play.player != seat and not play.cards
    ]
    # Each face-down fake joker of another seat lies in the pile, as far as the pile has room: a
    # pile smaller than that has handed some out again since (see :func:`_reused`).
    in_pile = min(len(face_down), seen.fake_pile_size - len(pile_known))
    fake_sizes = [seen.fake_joker_counts[o] - len(waiting["fake_jokers", o]) for o in others]
    fake_sizes += [1] * in_pile
    fake_sizes += [seen.fake_pile_size - len(pile_known) - in_pile]
    fake_sizes += list(seen.forfeited_counts)
    real_places = _deal(rng, real, real_sizes, seat, "real cards")
    fake_places = _deal(rng, fake, fake_sizes, seat, "fake jokers")

    def held(name: str, places: list[tuple[Card, ...]], after: int) -> list[tuple[Card, ...]]:
        """Each seat's holding ``name``: the seat's own as it sees it; another's dealt (the places
        from ``after`` on, one a seat) with the cards of its plays waiting."""
        dealt = iter(places[after:])
        return [
            getattr(seen, name) if other == seat else sort_cards(next(dealt) + tuple(waiting[name, other]))
            for other in range(players)
        ]

    hands = held("hand", real_places, 0)
    earned = held("earned", real_places, len(others))
    fakes = held("fake_jokers", fake_places, 0)
    pending = tuple(
        replace(waiting, cards=(fakes[waiting.player][rng.randrange(len(fakes[waiting.player]))],))
        if waiting.face_down and not waiting.cards and fakes[waiting.player]
        else waiting
        for waiting in seen.pending
    )

    trick = seen.trick
    at = len(others)
    forfeited = fake_places[at + in_pile + 1 :]
    hidden_face_down: list[Card] = []
    if face_down:
        plays = list(trick.plays)
        for number, index in enumerate(face_down):
            faces: tuple[Card, ...]
            if number < in_pile:
                faces = fake_places[at + number]
                hidden_face_down.extend(faces)
            else:
                faces = (_reused(rng, seen, fakes, forfeited),)
            plays[index] = replace(plays[index], cards=faces)
        trick = replace(trick, plays=tuple(plays))
    at += in_pile
    lying = Counter(pile_known) + Counter(hidden_face_down)  # the trick's, at the pile's bottom
    fake_pile = fake_places[at] + _taken(trick.plays, lying, lying.total())
    at += 1
    return State(
        hands=tuple(hands),
        deck=seen.reward_cards + real_places[2 * len(others)],
        trick=trick,
        fake_jokers=tuple(fakes),
        earned=tuple(earned),
        fake_pile=fake_pile,
        discard=real_places[2 * len(others) + 1],
        seed=rng.getrandbits(63),
        shuffles=rng.getrandbits(16),
        open_misplays=tuple(OpenMisplay(accused, fake_places[at + index])
                            for index, accused in enumerate(seen.open_misplays)),
        pending=pending,
        reward=(Reward(seen.to_act, seen.reward_count)
                if seen.reward_count is not None and seen.to_act is not None else None),
        **{name: getattr(seen, name) for name in OPEN_FIELDS},
    )


def _reused(
    rng: random.Random,
    seen: SeatView,
    held: Sequence[Sequence[Card]],
    forfeited: Sequence[Sequence[Card]],
) -> Card:
    """The face of a face-down fake joker of another seat that is no longer in the pile: the pile
    handed it out again (a bounty or a call) after it was played, so it is one of the fake jokers
    some seat holds now, or one an open misplay forfeited; any fake joker if none is."""
    candidates = [card for cards in (*held, *forfeited) for card in cards]
    return rng.choice(candidates or list(seen.rules.fake_jokers))


def _taken(plays: Sequence[TrickPlay], wanted: Counter[Card], most: int) -> tuple[Card, ...]:
    """The fake jokers of the trick's ``plays`` that ``wanted`` counts, at most ``most`` of them, in
    the order played (each taken from ``wanted``)."""
    taken: list[Card] = []
    for play in plays:
        for card in play.cards:
            if card.fake and wanted[card] > 0 and len(taken) < most:
                wanted[card] -= 1
                taken.append(card)
    return tuple(taken)


def _deal(
    rng: random.Random, pool: Counter[Card], sizes: Sequence[int], seat: int, what: str
) -> list[tuple[Card, ...]]:
    """``pool`` shuffled and cut into consecutive places of ``sizes`` (a uniform deal)."""
    cards = sorted(pool.elements(), key=card_sort_key)
    if len(cards) != sum(sizes) or any(size < 0 for size in sizes):
        raise IllegalAction(
            f"the view of seat {seat} leaves {len(cards)} {what} unseen for {sum(sizes)} hidden places"
        )
    rng.shuffle(cards)
    deck = iter(cards)
    return [tuple(itertools.islice(deck, size)) for size in sizes]
