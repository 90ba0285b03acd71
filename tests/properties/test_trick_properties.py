"""Invariants of the trick engine over random positions and random action sequences.

Positions come from ``sr.setup`` with a seeded shuffle of ``sr.spite_deck()``: 3 to 9 seats holding
5 to 19 cards each, a random direction and leader, some fake jokers and earned cards, a deck, a
discard pile, sometimes a bounty, and either referee. Actions are mostly drawn from
``sr.legal_moves`` (plays, passes, misplay calls, come-at-me rewards) and sometimes are random plays
of held cards by the seat to act, with random announcements, that ``legal_moves`` may not offer.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import spite_rules as sr

SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MAX_STEPS = 30


#: The fake jokers set aside in the July 2023 revision's positions: eleven, so that one seat may
#: hold a hand of five or more face-down and another a larger one (the revision sets aside "at
#: least 5").
REVISION_FAKES = sr.parse_cards("~4♣ ~8♥ ~10♠ ~Q♦ ~A♣ ~5♠ ~6♦ ~7♣ ~9♥ ~J♠ ~K♦")


@st.composite
def positions(draw: st.DrawFn, ruleset: str = "000") -> sr.State:
    """A random position at the start of a trick, under the named ruleset. Under the July 2023
    revision one seat may hoard up to seven of its eleven fake jokers."""
    shuffle_seed = draw(st.integers(0, 2**32 - 1))
    cards = list(sr.spite_deck())
    random.Random(shuffle_seed).shuffle(cards)
    players = draw(st.integers(3, 9))
    per_seat = min(draw(st.integers(5, 19)), (len(cards) - 8) // players)
    hands = []
    for _ in range(players):
        size = draw(st.integers(5, per_seat)) if per_seat > 5 else per_seat
        hands.append(tuple(cards[:size]))
        cards = cards[size:]
    earned: list[tuple[sr.Card, ...]] = [() for _ in range(players)]
    for seat in draw(st.lists(st.integers(0, players - 1), max_size=2)):
        earned[seat] += (cards.pop(),)
    fakes: list[list[sr.Card]] = [[] for _ in range(players)]
    pile = sr.Rules().fake_jokers if ruleset == "000" else REVISION_FAKES
    if ruleset != "000":
        hoarded = draw(st.integers(0, 7))
        fakes[draw(st.integers(0, players - 1))] += pile[:hoarded]
        pile = pile[hoarded:]
    for fake in pile:
        seat = draw(st.integers(-players, players - 1))
        if seat >= 0:
            fakes[seat].append(fake)
    bounty = cards.pop() if draw(st.booleans()) else None
    deck_size = draw(st.integers(0, len(cards)))
    discard_size = draw(st.integers(0, len(cards) - deck_size))
    referee = draw(st.sampled_from(sr.Referee))
    table = {} if ruleset == "000" else {"fake_jokers": REVISION_FAKES}
    return sr.setup(
        rules=sr.Rules.ruleset(ruleset, referee=referee, **table),
        bounty=bounty,
        hands=hands,
        deck=cards[:deck_size],
        discard=cards[deck_size : deck_size + discard_size],
        leader=draw(st.integers(0, players - 1)),
        direction=draw(st.sampled_from(["higher", "lower"])),
        fake_jokers=fakes,
        earned=earned,
        buy_back_step=draw(st.integers(0, 5)),
        seed=draw(st.integers(0, 2**16)),
    )


def due_buy_back(state: sr.State, seat: int) -> int | None:
    """The buy-back count a seat must announce to play now (None if it has not passed)."""
    if seat in state.trick.passed:
        return sr.fibonacci_buy_back(state.buy_back_step)
    return None


def random_play(data: st.DataObject, state: sr.State) -> sr.Play:
    """A random play of cards the seat to act holds, with random announcements, carrying the
    buy-back a passed seat needs."""
    seat = state.to_act
    assert seat is not None
    source = data.draw(st.sampled_from(["hand"] * 8 + ["fake", "earned"]))
    held = {"hand": state.hands, "fake": state.fake_jokers, "earned": state.earned}[source][seat]
    if not held:
        held, source = state.hands[seat], "hand"
    if not held:
        held, source = state.fake_jokers[seat] or state.earned[seat], "any"
    if data.draw(st.booleans()):  # cards of one value: a single, a multiple or a joker hand
        rank = data.draw(st.sampled_from(sorted({card.rank for card in held})))
        same = [card for card in held if card.rank is rank]
        cards = same[: data.draw(st.integers(1, len(same)))]
    else:
        picks = data.draw(
            st.lists(
                st.integers(0, len(held) - 1), min_size=1, max_size=min(6, len(held)), unique=True
            )
        )
        cards = [held[i] for i in picks]
    return sr.Play(
        seat,
        cards,
        buy_back=due_buy_back(state, seat),
        direction=data.draw(st.sampled_from([None, None, None, "higher", "lower"])),
        unbeatable=data.draw(st.sampled_from([False] * 5 + [True])),
        face_down=data.draw(st.sampled_from([False] * 5 + [True])),
        earned=source == "earned" and all(not card.fake for card in cards),
    )


def walk(data: st.DataObject, state: sr.State) -> Iterator[tuple[sr.State, sr.Action]]:
    """(state, action) pairs along a random sequence: mostly legal moves, sometimes random plays."""
    for _ in range(data.draw(st.integers(1, MAX_STEPS))):
        legal = sr.legal_moves(state)
        if state.round_over or not legal:
            return
        if state.reward is None and data.draw(st.integers(0, 4)) == 0:
            action: sr.Action = random_play(data, state)
        else:
            action = data.draw(st.sampled_from(legal))
        yield state, action
        state, _ = sr.apply(state, action)


@SETTINGS
@given(positions(), st.data())
def test_every_legal_move_applies_without_a_misplay(state: sr.State, data: st.DataObject) -> None:
    for position, _ in walk(data, state):
        for move in sr.legal_moves(position):
            _, events = sr.apply(position, move)
            misplays = [event for event in events if isinstance(event, sr.Misplay)]
            assert misplays == [], f"{move} from a legal_moves list was judged {misplays}"


@SETTINGS
@given(positions(), st.data())
def test_a_play_not_in_legal_moves_is_a_misplay_first(state: sr.State, data: st.DataObject) -> None:
    """First after the FakeJokersForfeited events that close the call window of an earlier misplay
    (ruling R27), which any action but a call closes."""
    for position, _ in walk(data, state):
        if position.reward is not None:
            continue
        play = random_play(data, position)
        if play in sr.legal_moves(position):
            continue
        _, events = sr.apply(position, play)
        event(f"misplay {', '.join(e.rule for e in events if isinstance(e, sr.Misplay))}")
        judged = [event for event in events if not isinstance(event, sr.FakeJokersForfeited)]
        assert judged and isinstance(judged[0], sr.Misplay), (
            f"{play} is not in legal_moves but was applied as {events}"
        )


@SETTINGS
@given(positions(), st.data())
def test_apply_never_mutates_its_input(state: sr.State, data: st.DataObject) -> None:
    for position, action in walk(data, state):
        before = copy.deepcopy(position)
        sr.apply(position, action)
        assert position == before


@SETTINGS
@given(positions(), st.data())
def test_real_cards_and_fake_jokers_are_conserved_by_any_action_sequence(
    state: sr.State, data: st.DataObject
) -> None:
    real, fakes = state.real_cards(), state.fake_joker_cards()
    for position, action in walk(data, state):
        after, _ = sr.apply(position, action)
        assert after.real_cards() == real, f"real cards changed by {action}"
        assert after.fake_joker_cards() == fakes, f"fake jokers changed by {action}"


@SETTINGS
@given(positions(), st.data())
def test_apply_is_deterministic(state: sr.State, data: st.DataObject) -> None:
    for position, action in walk(data, state):
        assert sr.apply(position, action) == sr.apply(copy.deepcopy(position), action)


@SETTINGS
@given(positions(), st.data())
def test_legal_moves_are_empty_only_when_the_round_is_over(
    state: sr.State, data: st.DataObject
) -> None:
    for position, action in walk(data, state):
        after, _ = sr.apply(position, action)
        assert bool(sr.legal_moves(after)) == (not after.round_over)


@SETTINGS
@given(positions(), st.data())
def test_stands_and_follow_fault_agree_with_judge_hand(state: sr.State, data: st.DataObject) -> None:
    """legal_moves asks ``follow_fault`` and ``stands`` instead of ``judge_hand``: for every hand
    the seat to act could form, with every announcement, they must give judge_hand's verdict."""
    from spite_rules.trick import Breach, follow_fault, judge_hand, only_jokers_beat, stands

    for position, _ in walk(data, state):
        seat = position.to_act
        if seat is None or position.reward is not None:
            continue
        trick, direction = position.trick, position.direction
        for hand in sr.hands_in(position.hands[seat]):
            fault = follow_fault(trick, direction, hand)
            for announce in (None, sr.Direction.HIGHER, sr.Direction.LOWER):
                for unbeatable in (False, True):
                    full = judge_hand(
                        trick, direction, seat, hand, announce=announce, unbeatable=unbeatable
                    )
                    quick = stands(trick, direction, hand, announce=announce, unbeatable=unbeatable)
                    if isinstance(full, Breach):
                        assert isinstance(quick, Breach) and quick.rule == full.rule
                    else:
                        assert not isinstance(quick, Breach)
                        assert (quick.direction, quick.direction_cause) == (
                            full.direction,
                            full.direction_cause,
                        )
                        assert (quick.arity, quick.beat, quick.run) == (
                            full.trick.arity,
                            full.trick.beat,
                            full.trick.run,
                        )
                        assert quick.only_jokers_beat(hand) == only_jokers_beat(
                            hand, full.trick, full.direction
                        )
                    if fault is not None:
                        assert isinstance(full, Breach) and full.rule == fault


@SETTINGS
@given(positions(), st.data())
def test_followers_are_the_hands_follow_fault_clears(state: sr.State, data: st.DataObject) -> None:
    """``followers`` works out the commonest trick in bulk: it must keep exactly the hands
    ``follow_fault`` finds no fault with, in their order."""
    from spite_rules.trick import follow_fault, followers

    for position, _ in walk(data, state):
        seat = position.to_act
        if seat is None or position.reward is not None:
            continue
        trick, direction = position.trick, position.direction
        hands = sr.hands_in(position.hands[seat])
        assert followers(trick, direction, hands) == [
            hand for hand in hands if follow_fault(trick, direction, hand) is None
        ]


def _hands_to_judge(
    data: st.DataObject, state: sr.State
) -> Iterator[tuple[sr.State, int, sr.Hand]]:
    """(position, seat to act, hand) for every hand that seat could form, in every position a
    random walk from ``state`` reaches where a seat is to play (not taking a reward)."""
    for position, _ in walk(data, state):
        seat = position.to_act
        if seat is not None and position.reward is None:
            for hand in sr.hands_in(position.hands[seat]):
                yield position, seat, hand


def _same_verdict(a: object, b: object) -> bool:
    """Two verdicts agree: breaches of the same rule, or equal outcomes (standings)."""
    from spite_rules.trick import Breach

    if isinstance(a, Breach) or isinstance(b, Breach):
        return isinstance(a, Breach) and isinstance(b, Breach) and a.rule == b.rule
    return a == b


@SETTINGS
@given(positions(), st.data())
def test_stands_may_skip_the_follow_check_where_follow_fault_finds_nothing(
    state: sr.State, data: st.DataObject
) -> None:
    """legal_moves asks ``stands(may_follow=True)``, which does not check following again, for the
    hands ``followers`` keeps and for every lead: wherever ``follow_fault`` finds nothing it must
    give ``stands``' verdict, with every announcement; and on a lead it finds nothing."""
    from spite_rules.trick import follow_fault, stands

    for position, _, hand in _hands_to_judge(data, state):
        trick, direction = position.trick, position.direction
        fault = follow_fault(trick, direction, hand)
        if trick.is_lead:  # a new trick has nothing to follow
            assert fault is None
        if fault is not None:
            continue
        for announce in (None, sr.Direction.HIGHER, sr.Direction.LOWER):
            for unbeatable in (False, True):
                verdicts = [
                    stands(
                        trick,
                        direction,
                        hand,
                        announce=announce,
                        unbeatable=unbeatable,
                        may_follow=may_follow,
                    )
                    for may_follow in (False, True)
                ]
                assert _same_verdict(*verdicts)


@SETTINGS
@given(positions(), st.data())
def test_judge_hand_built_on_a_standing_is_judge_hand(state: sr.State, data: st.DataObject) -> None:
    """``apply`` builds on the standing ``legal_moves`` found (``judge_hand(standing=...)``): for
    every hand that stands, with every announcement and with and without "come at me", the
    verdict must be the one ``judge_hand`` reaches by itself."""
    from spite_rules.trick import Standing, judge_hand, stands

    for position, seat, hand in _hands_to_judge(data, state):
        trick, direction = position.trick, position.direction
        for announce in (None, sr.Direction.HIGHER, sr.Direction.LOWER):
            for unbeatable in (False, True):
                standing = stands(trick, direction, hand, announce=announce, unbeatable=unbeatable)
                if not isinstance(standing, Standing):
                    continue
                for come_at_me in (False, True):
                    built, judged = (
                        judge_hand(
                            trick,
                            direction,
                            seat,
                            hand,
                            announce=announce,
                            unbeatable=unbeatable,
                            come_at_me=come_at_me,
                            standing=given,
                        )
                        for given in (standing, None)
                    )
                    assert _same_verdict(built, judged)


@SETTINGS
@given(positions(), st.data())
def test_a_pass_marks_the_seat_passed_and_passed_since_the_last_play(
    state: sr.State, data: st.DataObject
) -> None:
    """``Trick.passed_by`` (what a pass does to the trick) changes exactly ``passed`` and
    ``passes``, and nothing else, for every seat in every position reached."""
    import attrs

    for position, _ in walk(data, state):
        trick = position.trick
        for seat in range(position.players):
            assert trick.passed_by(seat) == attrs.evolve(
                trick, passed=trick.passed | {seat}, passes=trick.passes | {seat}
            )


def test_the_extreme_keys_of_singles_to_quads_are_those_of_the_whole_deck() -> None:
    """The lowest and highest keys "only jokers beat" compares a single, pair, trips or quads with
    (``trick._extreme_keys``, read from the hands of the deck's lowest and highest values and its
    13s) are those of every hand of the whole deck."""
    from spite_rules.hand_search import hands_in
    from spite_rules.trick import _extreme_keys

    for size in (1, 2, 3, 4):
        keys = [hand.key for hand in hands_in(sr.spite_deck(), (size,), jokers=False)]
        assert _extreme_keys(size) == (min(keys), max(keys))


# -- the same invariants under the July 2023 revision ---------------------------------------------


#: The revision's variants run half as many examples as seed 000's (the suite's time).
REVISION_SETTINGS = settings(SETTINGS, max_examples=50)


def _under_the_revision(test: Any) -> Any:
    """``test`` (one of the properties above) over positions of the July 2023 revision (ruleset
    ``2023-07``): the same invariants, with its fake jokers, earned cards and reward."""
    variant = REVISION_SETTINGS(given(positions("2023-07"), st.data())(test.hypothesis.inner_test))
    variant.__name__ = variant.__qualname__ = f"{test.__name__}_under_2023_07"
    return variant


test_every_legal_move_applies_without_a_misplay_under_2023_07 = _under_the_revision(
    test_every_legal_move_applies_without_a_misplay
)
test_a_play_not_in_legal_moves_is_a_misplay_first_under_2023_07 = _under_the_revision(
    test_a_play_not_in_legal_moves_is_a_misplay_first
)
test_apply_never_mutates_its_input_under_2023_07 = _under_the_revision(
    test_apply_never_mutates_its_input
)
test_real_cards_and_fake_jokers_are_conserved_by_any_action_sequence_under_2023_07 = _under_the_revision(
    test_real_cards_and_fake_jokers_are_conserved_by_any_action_sequence
)
test_apply_is_deterministic_under_2023_07 = _under_the_revision(test_apply_is_deterministic)
test_legal_moves_are_empty_only_when_the_round_is_over_under_2023_07 = _under_the_revision(
    test_legal_moves_are_empty_only_when_the_round_is_over
)
test_stands_and_follow_fault_agree_with_judge_hand_under_2023_07 = _under_the_revision(
    test_stands_and_follow_fault_agree_with_judge_hand
)
test_followers_are_the_hands_follow_fault_clears_under_2023_07 = _under_the_revision(
    test_followers_are_the_hands_follow_fault_clears
)
test_stands_may_skip_the_follow_check_where_follow_fault_finds_nothing_under_2023_07 = (
    _under_the_revision(test_stands_may_skip_the_follow_check_where_follow_fault_finds_nothing)
)
test_judge_hand_built_on_a_standing_is_judge_hand_under_2023_07 = _under_the_revision(
    test_judge_hand_built_on_a_standing_is_judge_hand
)
test_a_pass_marks_the_seat_passed_and_passed_since_the_last_play_under_2023_07 = _under_the_revision(
    test_a_pass_marks_the_seat_passed_and_passed_since_the_last_play
)
