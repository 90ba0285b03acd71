"""Every move that is not a misplay: :func:`legal_moves`, and the caches that make asking it cheap
(a lead's plays, the plain plays and their variants).

Layer: Spite: machine — may import Spite's rules of play and values, the core, the cards and the errors.

Each candidate is judged by the same rule functions ``apply`` asks (:mod:`spite_rules.judging`,
:mod:`spite_rules.trick`), so a move offered here is never a misplay there.
"""

from __future__ import annotations

from typing import Final

import functools
import itertools
from collections.abc import Sequence

from spite_rules.actions import Action, CallMisplay, DiscardAndDraw, Pass, Play, TakeReward
from spite_rules.bounty import bounty_due
from spite_rules.buy_back import buy_back_breach
from spite_rules.cards import Card, sort_cards
from spite_rules.come_at_me import discard_and_draw_breach, two_players_breach
from spite_rules.constants import HIGHER, SEVEN
from spite_rules.hand_search import HAND_SIZES, hands_in, lead_hands
from spite_rules.hands import Hand, classify_sorted
from spite_rules.judging import judge_in_trick
from spite_rules.opening import opening_breach, opens
from spite_rules.rules import RewardKind
from spite_rules.errors import IllegalAction
from spite_rules.state import Reward, State
from spite_rules.fake_hands import FAKE_JOKER_HAND
from spite_rules.trick import (
    Breach,
    Outcome,
    Standing,
    Trick,
    _extreme_keys,
    _only_jokers_beat,
    fibonacci_buy_back,
    followers,
    only_jokers_beat,
    stands,
)
from spite_rules.vocabulary import Direction


__all__ = ["legal_moves", "Verdicts", "verdict_of"]


def legal_moves(state: object) -> tuple[Action, ...]:
    """Every action that is not a misplay: see :func:`spite_rules.public.legal_moves`. Typed
    ``object``, so that this door, not the compiled build's type check, refuses a non-state."""
    if type(state) is not State:
        raise IllegalAction(f"legal_moves needs a Spite State, not {type(state).__name__}")
    known = state.verdicts
    if type(known) is tuple:
        offered: tuple[Action, ...] = known[0]
        return offered  # asked again about this very state (a bot re-reading its position)
    seat = state.to_act
    if state.round_over or seat is None:
        return ()
    moves: list[Action] = []
    judged: list[_Judged] = []
    if state.reward is not None:
        moves.extend(_reward_moves(state, state.reward))
    else:
        moves.extend(_play_moves(state, seat, judged))
    if state.open_misplays:  # only under the called referee
        for accused in dict.fromkeys(open_misplay.accused for open_misplay in state.open_misplays):
            moves.extend(
                CallMisplay(caller, accused) for caller in range(state.players) if caller != accused
            )
    found = tuple(moves)
    kept: Verdicts = (found, judged)
    object.__setattr__(state, "verdicts", kept)
    return found


#: What :func:`legal_moves` keeps with a state (``State.verdicts``): its moves, and for each play
#: of a regular hand among them the hand and the :class:`~spite_rules.trick.Standing` it was judged
#: with (:data:`_Judged`), for ``apply`` to build on (:func:`verdict_of`) instead of judging again.
Verdicts = tuple[tuple[Action, ...], list["_Judged"]]


def verdict_of(state: State, play: Action) -> tuple[Hand, Standing] | None:
    """The hand and verdict :func:`legal_moves` gave ``play`` (this very object) on this very
    ``state``, if it was asked and offered it: such a play stands, judged by the same rule
    functions (see :data:`Verdicts`). A state made from another starts with none.

    >>> state = setup(hands=["5♠ 9♠", "6♦", "7♣"])
    >>> play = legal_moves(state)[0]
    >>> verdict_of(state, play)[0].describe()
    'single 5'
    >>> import attrs
    >>> verdict_of(attrs.evolve(state), play) is None
    True
    """
    known = state.verdicts
    if type(known) is not tuple:
        return None
    judged: list[_Judged] = known[1]
    for variants, hand, standing in judged:
        for variant in variants:
            if variant is play:
                if hand is None:  # a fresh lead's poker hand, read only for the play chosen
                    hand = classify_sorted(play.cards)
                if standing is None:  # a poker lead's, made only for the play chosen
                    standing = poker_lead_standing(state.direction, hand)
                return hand, standing
    return None


def offered(state: State, action: object) -> bool:
    """Is ``action`` (this very object) one of the moves :func:`legal_moves` gave on ``state``?

    >>> state = setup(hands=["5♠ 9♠", "6♦", "7♣"])
    >>> offered(state, legal_moves(state)[0]), offered(state, Play(0, "5♠"))
    (True, False)
    """
    known = state.verdicts
    if type(known) is tuple:
        for move in known[0]:  # a loop: any() over a generator took 2% more instructions, pure
            if move is action:
                return True
    return False


def _reward_moves(state: State, reward: Reward) -> list[Action]:
    if state.rules.come_at_me_reward_kind is RewardKind.DISCARD_AND_DRAW:
        return _discard_and_draw_moves(state, reward)
    seat = reward.player
    count = reward.count
    moves: list[Action] = [TakeReward(seat, count)]
    # Equal cards make one move: each card by its order, in order (Card's hash and == are Python's).
    viewed = {card.order: card for card in state.deck[:count]}
    for given, give in {card.order: card for card in state.hands[seat]}.items():
        moves += [TakeReward(seat, count, give, take) for order, take in viewed.items() if order != given]
    return moves




def _discard_and_draw_moves(state: State, reward: Reward) -> list[Action]:
    """The July 2023 revision's reward: every distinct choice of 1 to ``reward.count`` cards of the
    hand to discard, each drawing as many, fewest first (asking
    :func:`~spite_rules.come_at_me.discard_and_draw_breach` of each)."""
    seat, hand = reward.player, state.hands[reward.player]
    moves: list[Action] = []
    for size in range(1, min(reward.count, len(hand)) + 1):
        for discard in dict.fromkeys(itertools.combinations(hand, size)):
            move = DiscardAndDraw(seat, discard, size)
            if discard_and_draw_breach(state, move) is None:
                moves.append(move)
    return moves


def _play_moves(state: State, seat: int, judged: list[_Judged]) -> list[Action]:
    """Each candidate is judged once, by :func:`~spite_rules.judging.judge_in_turn`'s parts (a regular hand by
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
    following = bool(trick.plays)  # not Trick.is_lead, read directly
    offer = state.opening
    if following or offer is not None:
        moves.append(_pass_move(seat))
    probe = _plain_play(seat, (), buy_back, False, False) if buy_back is not None else None
    if probe is not None and buy_back_breach(state, probe) is not None:
        return moves  # cannot happen: the count announced is the one due (and none is due unasked)
    consec = trick.consec_in_force
    # A lead's verdicts depend on nothing but the hand and the direction: cached (_lead_plays).
    # The opening lead is such a lead once it includes a card of the rank on offer (opens).
    fresh = not following and trick.arity is None and trick.beat is None and not trick.run
    fresh = fresh and not consec and buy_back is None
    going_out = len(state.hands[seat])
    lead = None
    if fresh and offer is None:
        lead = _fresh_lead(seat, state.hands[seat], direction, going_out)
    # the regular hands' plays, with their verdicts (kept in ``judged``)
    if lead is not None:
        judged += lead
    for hand in _candidate_hands(state, seat, following, consec) if lead is None else ():
        if offer is not None and not opens(offer, hand.cards):
            continue  # opening_breach: the opening lead must include a card of the rank on offer
        emptying = hand.size == going_out
        if fresh and not emptying:
            _judged_lead(judged, seat, hand, direction)
            continue
        plain = _plain_forms(seat, hand.cards, buy_back, False, False)
        # bounty_due is 0 unless the play empties the hand: ask it only then (the hot path).
        due = bounty_due(state, plain[0]) if emptying else 0
        _judged_plays(judged, trick, direction, plain[0], hand, due, following, plain)
    others: list[Action] = []  # fake jokers' and earned cards' plays, judged from their cards
    earned_free = state.rules.earned_cards_free
    for cards, face_down, earned in _other_candidates(state, seat):
        base = _plain_play(seat, cards, buy_back, face_down, earned)
        if opening_breach(state, base) is not None:
            continue
        mixed = earned and earned_free  # may hold cards of the hand: ask whether it goes out
        due = bounty_due(state, base) if mixed or len(cards) == going_out else 0
        plays = [base, _reannounced(base, direction.opposite, False, None)] if _sevens(cards) else [base]
        for play in plays:
            outcome = judge_in_trick(state, play, None)
            if isinstance(outcome, Breach) and outcome.rule == "consec.suited.unbeatable":
                # an earned 2 (alone, or with cards of the hand: ruling X7) is announced as a
                # natural one is
                play = _reannounced(play, play.direction, True, None)
                outcome = judge_in_trick(state, play, None)
            if isinstance(outcome, Outcome):
                if outcome.hand is not None:
                    beaten = only_jokers_beat(outcome.hand, outcome.trick, outcome.direction)
                else:  # face-down: "come at me" is judged with the play (fake-jokers.hand)
                    beaten = isinstance(judge_in_trick(state, _with_come_at_me(play), None), Breach)
                others.extend(_variants(play, due, beaten))
    if not state.rules.come_at_me_two_players and two_players_breach(
        state, _with_come_at_me(_plain_play(seat, (), buy_back, False, False))
    ) is not None:
        # "come at me" is a misplay with two players left (the July 2023 revision): none of the
        # variants announcing it is offered, nor remembered for apply.
        judged[:] = [
            (tuple(play for play in variants if not play.come_at_me), hand, verdict)
            for variants, hand, verdict in judged
        ]
        others = [play for play in others if not (isinstance(play, Play) and play.come_at_me)]
    for variants, _, _ in judged:  # the candidates' order: regular hands first
        moves.extend(variants)
    moves.extend(others)
    return moves


def _judged_plays(
    judged: list[_Judged],
    trick: Trick,
    direction: Direction,
    base: Play,
    hand: Hand,
    due: int,
    may_follow: bool = False,
    plain: _Forms | None = None,
) -> None:
    """Add ``base`` (the regular ``hand``, unannounced) in every announced form that stands, each
    with its verdict: "unbeatable" where :func:`~spite_rules.trick.stands` requires it, the
    opposite direction with natural 7s, each with its bounty claim and "come at me" variants
    (:func:`_variants`). ``may_follow``: ``hand`` is known to break no rule of following (it is
    among :func:`~spite_rules.trick.followers`, or leads a new trick). ``plain``: ``base``'s forms
    from :func:`_plain_forms`, when ``base`` is the play those made (see there)."""
    verdict = stands(trick, direction, hand, may_follow=may_follow)
    if due:
        plain = None  # base claims a bounty: its variants are made afresh
    if isinstance(verdict, Breach) and verdict.rule == "consec.suited.unbeatable":
        base, plain = _reannounced(base, None, True, None), None
        verdict = stands(trick, direction, hand, unbeatable=True, may_follow=may_follow)
    if isinstance(verdict, Standing):
        # Standing.only_jokers_beat on its fields (the method call: 2,000 instructions)
        beaten = _only_jokers_beat(hand, verdict.numerical, verdict.suited, verdict.direction)
        variants: tuple[Play, ...]
        if plain is not None:
            variants = plain[1] if beaten else plain[2]
        else:
            variants = _variants(base, due, beaten)
        judged.append((variants, hand, verdict))
    if _sevens(base.cards):
        announced = _reannounced(base, direction.opposite, base.unbeatable, None)
        verdict = stands(
            trick,
            direction,
            hand,
            announce=direction.opposite,
            unbeatable=base.unbeatable,
            may_follow=may_follow,
        )
        if isinstance(verdict, Standing):
            beaten = _only_jokers_beat(hand, verdict.numerical, verdict.suited, verdict.direction)
            judged.append((_variants(announced, due, beaten), hand, verdict))


@functools.lru_cache(maxsize=1 << 13)
def _lead_plays(seat: int, hand: Hand, direction: Direction) -> tuple[_Judged, ...]:
    """:func:`_judged_plays` for ``seat`` leading ``hand`` with no buy-back and no bounty due.
    On a new trick nothing but the hand and the direction enters the verdict, and seats lead the
    same hands again and again, so the plays are built once and cached."""
    judged: list[_Judged] = []
    _judge_lead(judged, seat, hand, direction)
    return tuple(judged)


def _judged_lead(judged: list[_Judged], seat: int, hand: Hand, direction: Direction) -> None:
    """Add the plays of ``seat`` leading ``hand`` with no buy-back and no bounty due to
    ``judged``: a multiple's from :func:`_lead_plays`' cache, a poker hand's judged afresh (the
    same five cards are seldom led again: looking them up costs more than it saves)."""
    if not hand.is_poker:
        judged.extend(_lead_plays(seat, hand, direction))
        return
    _judge_lead(judged, seat, hand, direction)


def _judge_lead(judged: list[_Judged], seat: int, hand: Hand, direction: Direction) -> None:
    # A new trick has nothing to follow: no hand breaks a rule of following by leading it.
    if hand.is_poker:
        plays: list[Play] = []
        _poker_lead(plays, seat, hand.cards, hand.key, direction)
        judged.append((tuple(plays), hand, None))
        return
    base = Play(seat, hand.cards)  # built once: no need of _plain_play's memory
    _judged_plays(judged, _NEW_TRICK, direction, base, hand, 0, may_follow=True)


def _poker_lead(
    plays: list[Play], seat: int, cards: tuple[Card, ...], key: tuple[int, ...], direction: Direction
) -> None:
    """Add the plays of ``seat`` leading the poker hand of ``cards`` (ranking ``key``) on a new
    trick to ``plays``: :func:`_judged_plays`, shortened for the commonest lead (its verdict:
    :func:`poker_lead_standing`). A poker hand is no hand of 7s and is never asked to announce
    "unbeatable" (a multiple of 2s is): it stands, with "come at me" unless only jokers beat it."""
    low, high = _POKER_EXTREMES
    plays.append(Play(seat, cards))
    if not ((key >= high) if direction is HIGHER else (key <= low)):
        plays.append(Play(seat, cards, come_at_me=True))


def poker_lead_standing(direction: Direction, hand: Hand) -> Standing:
    """``stands(Trick.start(seat), direction, hand, may_follow=True)`` for a poker ``hand``, built
    directly, when :func:`verdict_of` is asked about a poker lead (a 19-card lead offers some 270
    poker hands; only the one played needs its verdict).
    On a new trick a poker hand breaks no rule: it holds no hand of 7s (so it neither reverses nor
    announces), no multiple of 3s (so it does not bounce), takes no part in consecs (so the run is
    empty and none forms) and needs no "unbeatable"; it sets the arity to 5 and is the hand to beat.
    A property test (tests/properties/test_lead_properties.py) holds it equal to :func:`stands`,
    and the shortcut's test of "only jokers beat it" (:data:`_POKER_EXTREMES`) to
    :func:`~spite_rules.trick.only_jokers_beat`."""
    return tuple.__new__(Standing, (direction, None, 5, hand, (), None, None))


#: The lowest and highest ranking keys of a five-card non-joker hand: on a new trick (no consec)
#: only jokers beat a poker hand whose key is the highest going higher, or the lowest going lower.
_POKER_EXTREMES: Final[tuple[tuple[int, ...], tuple[int, ...]]] = _extreme_keys(5)


def _fresh_lead(
    seat: int, held: tuple[Card, ...], direction: Direction, going_out: int
) -> list[_Judged] | None:
    """:func:`_judged_lead` of each regular hand of the cards ``held`` in turn, in
    :func:`~spite_rules.hand_search.hands_in`'s order (``seat`` leading a new trick with no
    opening offer), or None when one of them would empty the seat's hand of ``going_out`` cards
    (a bounty may then be due, which the state decides). The poker hands come from
    :func:`~spite_rules.hand_search.lead_hands` as cards and keys, their plays
    (:func:`_poker_lead`) kept as one entry with no hand: :func:`verdict_of` reads the hand of
    the one play ``apply`` is given."""
    hands, poker_cards, poker_keys = lead_hands(held)
    if poker_cards and going_out == 5:
        return None
    for hand in hands:
        if hand.size == going_out:
            return None
    judged: list[_Judged] = []
    poker: list[Play] = []
    for i, cards in enumerate(poker_cards):
        _poker_lead(poker, seat, cards, poker_keys[i], direction)
    for hand in hands:
        if poker and hand.is_joker:  # the poker hands sit before the joker hands
            judged.append((tuple(poker), None, None))
            poker = []
        judged.extend(_lead_plays(seat, hand, direction))
    if poker:
        judged.append((tuple(poker), None, None))
    return judged


#: A trick before its lead: all that a lead's judgement reads of one (who leads it does not enter).
_NEW_TRICK: Final = Trick.start(0)


def _variants(play: Play, due: int, only_jokers_beat: bool) -> tuple[Play, ...]:
    """``play`` (judged to stand), with a bounty claim of ``due`` if any is due, and each with
    "come at me" unless only a joker hand could beat it (a misplay, seed 000, "Come At Me")."""
    if due:
        claimed = _reannounced(play, play.direction, play.unbeatable, due)
        if only_jokers_beat:
            return play, claimed
        return play, claimed, _with_come_at_me(play), _with_come_at_me(claimed)
    return (play,) if only_jokers_beat else (play, _with_come_at_me(play))


@functools.lru_cache(maxsize=None)
def _pass_move(seat: int) -> Pass:
    """``Pass(seat)``, built once per seat (a pass is offered at nearly every turn)."""
    return Pass(seat)


@functools.lru_cache(maxsize=1 << 12)
def _plain_forms(
    seat: int, cards: tuple[Card, ...], buy_back: int | None, face_down: bool, earned: bool
) -> _Forms:
    """A play with no announcement, and its variants as :func:`_variants` gives them with no
    bounty due: alone (if only jokers beat it), and with "come at me" (otherwise). Cached, since
    legal_moves makes the same ones over and over."""
    play = Play(seat, cards, buy_back, face_down=face_down, earned=earned)
    return play, (play,), (play, _with_come_at_me(play))


def _plain_play(
    seat: int, cards: tuple[Card, ...], buy_back: int | None, face_down: bool, earned: bool
) -> Play:
    """A play with no announcement (:func:`_plain_forms`' first)."""
    return _plain_forms(seat, cards, buy_back, face_down, earned)[0]


#: :func:`_plain_forms`: a play, its variants if only jokers beat it, and otherwise.
_Forms = tuple[Play, tuple[Play], tuple[Play, Play]]


def _with_come_at_me(play: Play) -> Play:
    """``play`` announcing "come at me" (built directly, not looked up)."""
    return _reannounced(play, play.direction, play.unbeatable, play.bounty_claim, True)


def _reannounced(play: Play, direction: Direction | None, unbeatable: bool, bounty_claim: int | None,
                 come_at_me: bool = False) -> Play:
    """``play`` (seat, cards, buy-back and backs kept) with these announcements."""
    return Play(play.player, play.cards, play.buy_back, direction, come_at_me, unbeatable,
                play.face_down, play.earned, bounty_claim)


def _sevens(cards: tuple[Card, ...]) -> bool:
    """Cards that may announce a direction if they stand: all 7s (a single up to a joker hand of
    five or more, ruling T12; ``stands`` judges the rest, 13s and all)."""
    return cards[0].rank is SEVEN and all(card.rank is SEVEN for card in cards)


#: The plays of a regular hand that legal_moves found to stand, with the hand and its verdict
#: (None for a poker hand leading a new trick: :func:`poker_lead_standing`'s, made when asked);
#: a fresh lead's poker plays together, with no hand (each play's is read when asked).
_Judged = tuple[tuple[Play, ...], Hand | None, Standing | None]


def _candidate_hands(state: State, seat: int, following: bool, consec: bool) -> Sequence[Hand]:
    """Every distinct regular hand ``seat`` could play that is worth judging: of the trick's arity
    (any size on a lead), joker hands unless a consec is in force (``consec``: the trick's
    ``consec_in_force``), on the opening lead only those holding a card of the rank on offer, and
    when ``following`` (the trick is not a lead) only those :func:`~spite_rules.trick.followers`
    keeps."""
    trick, opening = state.trick, state.opening
    sizes = HAND_SIZES if trick.arity is None else (trick.arity,)
    including = None if opening is None else opening.rank
    hands: Sequence[Hand] = hands_in(state.hands[seat], sizes, jokers=not consec, including=including)
    if following:  # a hand at fault just by following is a misplay however announced
        hands = followers(trick, state.direction, hands)
    return hands


def _other_candidates(state: State, seat: int) -> list[tuple[tuple[Card, ...], bool, bool]]:
    """(cards, face_down, earned) for each distinct play of a fake joker (face-up, then
    face-down) or an earned card by ``seat``: judged from their cards, not classified first.

    Under the July 2023 revision also each distinct hand of five or more of its fake jokers
    face-down (``Rules.face_down_fake_joker_hands``), and, in place of earned cards alone, each
    distinct hand of its hand and earned cards that holds an earned card
    (``Rules.earned_cards_free``; such a play takes its cards from the earned ones first)."""
    found: list[tuple[tuple[Card, ...], bool, bool]] = []
    fakes, earned = state.fake_jokers[seat], state.earned[seat]
    if not (fakes or earned):
        return found  # most seats hold neither
    for card in dict.fromkeys(fakes):
        found += [((card,), False, False), ((card,), True, False)]
    rules = state.rules
    if rules.face_down_fake_joker_hands and len(fakes) >= FAKE_JOKER_HAND:
        ordered = sort_cards(fakes)
        for size in range(FAKE_JOKER_HAND, len(ordered) + 1):
            found += [(hand, True, False) for hand in dict.fromkeys(itertools.combinations(ordered, size))]
    if not rules.earned_cards_free:
        found += [((card,), False, True) for card in dict.fromkeys(earned)]
    elif earned:
        found += [(hand.cards, False, True) for hand in _earned_hands(state, seat)]
    return found


def _earned_hands(state: State, seat: int) -> Sequence[Hand]:
    """The distinct hands ``seat`` could form from its hand and earned cards together that hold an
    earned card, of the trick's arity (any on a lead), joker hands unless a consec is in force,
    and when following only those :func:`~spite_rules.trick.followers` keeps (the July 2023
    revision, ``Rules.earned_cards_free``)."""
    trick = state.trick
    earned = set(state.earned[seat])
    sizes = HAND_SIZES if trick.arity is None else (trick.arity,)
    hands: Sequence[Hand] = [
        hand
        for hand in hands_in(state.hands[seat] + state.earned[seat], sizes, jokers=not trick.consec_in_force)
        if any(card in earned for card in hand.cards)
    ]
    if not trick.is_lead:
        hands = followers(trick, state.direction, hands)
    return hands
