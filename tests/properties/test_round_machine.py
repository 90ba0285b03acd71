"""The round as a state machine, driven at random (rulings R20-R31 as invariants).

A Hypothesis stateful test deals a new game for 3 to 9 players under either referee, then mixes legal
moves with the things a real table does wrong: random plays of held cards, misplay calls, dropped
cards and timeouts. Whatever happens, the cards are conserved, no seat still playing holds 20 or
more cards, ``apply`` leaves its input untouched, a legal move is never a misplay for whoever makes
it, and a finished round ranks every seat exactly once. A plain test then plays 1,000 random rounds
to the end.
"""

from __future__ import annotations

import copy
from collections import Counter

import attrs

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import spite_rules as sr
from tests.helpers import AUTOMATIC, CALLED, play_random_round

pytestmark = pytest.mark.rule("objective.round-end", "deck.composition", "misplays.list")



class RoundMachine(RuleBasedStateMachine):
    """One round of Spite with random, mostly-legal actions."""

    def __init__(self) -> None:
        super().__init__()
        self.state: sr.State = sr.new_game(3, seed=0)
        self.real: Counter[sr.Card] = Counter()
        self.fakes: Counter[sr.Card] = Counter()
        self.order: tuple[int, ...] | None = None

    @initialize(
        players=st.integers(min_value=3, max_value=9),
        seed=st.integers(min_value=0, max_value=2**32),
        referee=st.sampled_from(list(sr.Referee)),
    )
    def deal(self, players: int, seed: int, referee: sr.Referee) -> None:
        self.state = sr.new_game(players, seed=seed, rules=sr.Rules(referee=referee))
        self.real = self.state.real_cards()
        self.fakes = self.state.fake_joker_cards()

    def attempt(self, action: sr.Action) -> tuple[sr.Event, ...] | None:
        """Apply ``action``; an IllegalAction must change nothing. Checks apply is pure."""
        before = self.state
        snapshot = copy.deepcopy(before)
        try:
            after, events = sr.apply(before, action)
        except sr.IllegalAction:
            assert before == snapshot
            return None
        assert before == snapshot, f"apply mutated its input state on {action}"
        self.state = after
        for event in events:
            if isinstance(event, sr.RoundOver):
                self.order = event.order
        return events

    def held(self, data: st.DataObject, seat: int) -> list[sr.Card]:
        hand = self.state.hands[seat]
        if not hand:
            return []
        size = data.draw(st.integers(min_value=1, max_value=min(5, len(hand))), label="size")
        picks = data.draw(
            st.lists(st.sampled_from(range(len(hand))), min_size=size, max_size=size, unique=True),
            label="cards",
        )
        return [hand[index] for index in picks]

    def seat(self, data: st.DataObject) -> int:
        return data.draw(st.integers(min_value=0, max_value=self.state.players - 1), label="seat")

    @precondition(lambda self: not self.state.round_over)
    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        moves = sr.legal_moves(self.state)
        assert moves, "legal_moves is empty while the round is not over"
        index = data.draw(st.integers(min_value=0, max_value=len(moves) - 1), label="move")
        move = moves[index]
        events = self.attempt(move)
        assert events is not None, f"legal move {move} raised IllegalAction"
        misplays = [e for e in events if isinstance(e, sr.Misplay) and e.player == move.player]
        assert not misplays, f"legal move {move} was judged a misplay: {misplays}"

    def off_turn_seat(self, data: st.DataObject) -> int:
        """A seat for a random play or drop: any seat, the one whose play stands last included
        (its held play lapses if the trick ends first)."""
        return self.seat(data)

    @rule(data=st.data())
    def play_held_cards_regardless(self, data: st.DataObject) -> None:
        seat = self.off_turn_seat(data)
        cards = self.held(data, seat)
        if not cards:
            return
        self.attempt(
            sr.Play(
                seat,
                cards,
                come_at_me=data.draw(st.booleans(), label="come at me"),
                buy_back=data.draw(st.none() | st.integers(1, 3), label="buy back"),
                bounty_claim=data.draw(st.none() | st.integers(1, 3), label="bounty"),
            )
        )

    @rule(data=st.data())
    def call_a_misplay(self, data: st.DataObject) -> None:
        self.attempt(sr.CallMisplay(self.seat(data), self.seat(data)))

    @rule(data=st.data())
    def drop_cards(self, data: st.DataObject) -> None:
        seat = self.off_turn_seat(data)
        cards = self.held(data, seat)
        if cards:
            self.attempt(sr.DropCards(seat, cards, data.draw(st.sampled_from(list(sr.Surface)))))

    @rule(data=st.data())
    def time_out(self, data: st.DataObject) -> None:
        to_act = self.state.to_act
        seat = to_act if to_act is not None and data.draw(st.booleans()) else self.seat(data)
        self.attempt(sr.Timeout(seat))

    @invariant()
    def cards_are_conserved(self) -> None:
        if self.real:
            assert self.state.real_cards() == self.real
            assert self.state.fake_joker_cards() == self.fakes

    @invariant()
    def no_seat_still_playing_holds_20_cards(self) -> None:
        limit = self.state.rules.losing_hand_size
        assert all(len(self.state.hands[seat]) < limit for seat in self.state.active)

    @invariant()
    def someone_is_to_act_until_the_round_is_over(self) -> None:
        assert (self.state.to_act is None) == self.state.round_over

    @invariant()
    def a_finished_round_ranks_every_seat_once(self) -> None:
        if self.state.round_over:
            assert self.order is not None
            assert sorted(self.order) == list(range(self.state.players))
            assert sr.legal_moves(self.state) == ()


TestRoundMachine = RoundMachine.TestCase
TestRoundMachine.settings = settings(
    max_examples=30,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

#: The fake jokers the revision's machine sets aside ("at least 5"): eleven, so that hands of five
#: or more face-down fake jokers come about.
REVISION_FAKES = sr.parse_cards("~4♣ ~8♥ ~10♠ ~Q♦ ~A♣ ~5♠ ~6♦ ~7♣ ~9♥ ~J♠ ~K♦")


class RevisionRoundMachine(RoundMachine):
    """The same round machine under the July 2023 revision (ruleset ``2023-07``), with its own
    mistakes too: fake jokers put down face-down together, and rewards taken by discarding any
    number of cards and drawing any number."""

    @initialize(
        players=st.integers(min_value=3, max_value=9),
        seed=st.integers(min_value=0, max_value=2**32),
        referee=st.sampled_from(list(sr.Referee)),
        hoard=st.integers(min_value=0, max_value=7),
    )
    def deal(self, players: int, seed: int, referee: sr.Referee, hoard: int = 0) -> None:
        rules = sr.Rules.ruleset("2023-07", referee=referee, fake_jokers=REVISION_FAKES)
        state = sr.new_game(players, seed=seed, rules=rules)
        # One seat starts with ``hoard`` fake jokers from the pile, to play them face-down together.
        held = tuple(state.fake_pile[:hoard])
        fakes = (held,) + state.fake_jokers[1:]
        self.state = attrs.evolve(state, fake_jokers=fakes, fake_pile=state.fake_pile[hoard:])
        self.real = self.state.real_cards()
        self.fakes = self.state.fake_joker_cards()

    @rule(data=st.data())
    def play_fake_jokers_face_down_together(self, data: st.DataObject) -> None:
        seat = self.seat(data)
        held = self.state.fake_jokers[seat]
        if held:
            count = data.draw(st.integers(min_value=1, max_value=len(held)), label="fakes")
            self.attempt(sr.Play(seat, held[:count], face_down=True))

    @rule(data=st.data())
    def take_a_reward_any_which_way(self, data: st.DataObject) -> None:
        to_act = self.state.to_act
        if to_act is None or self.state.reward is None:
            return
        cards = self.held(data, to_act)
        draw = data.draw(st.integers(min_value=0, max_value=6), label="draw")
        self.attempt(sr.DiscardAndDraw(to_act, cards, draw))


TestRevisionRoundMachine = RevisionRoundMachine.TestCase
TestRevisionRoundMachine.settings = TestRoundMachine.settings


def test_a_thousand_random_rounds_each_end_within_1500_actions() -> None:
    unfinished = []
    for number in range(1000):
        players = 3 + number % 7
        rules = AUTOMATIC if number % 2 else CALLED
        state, actions = play_random_round(players, number, rules, max_actions=1500)
        if not state.round_over:
            unfinished.append((players, number, actions))
            continue
        assert state.real_cards() == Counter(sr.spite_deck())
        assert state.fake_joker_cards() == Counter(rules.fake_jokers)
        assert len(state.active) <= 1
    assert unfinished == []


def test_three_hundred_random_rounds_under_2023_07_each_end_within_1500_actions() -> None:
    unfinished = []
    for number in range(300):
        players = 3 + number % 7
        rules = sr.Rules.ruleset(
            "2023-07", referee=sr.Referee.AUTOMATIC if number % 2 else sr.Referee.CALLED
        )
        state, actions = play_random_round(players, number, rules, max_actions=1500)
        if not state.round_over:
            unfinished.append((players, number, actions))
            continue
        assert state.real_cards() == Counter(sr.spite_deck())
        assert state.fake_joker_cards() == Counter(rules.fake_jokers)
        assert len(state.active) <= 1
    assert unfinished == []


def test_random_rounds_are_replayed_exactly_from_their_seed() -> None:
    first, count = play_random_round(6, 123, CALLED)
    again, count_again = play_random_round(6, 123, CALLED)
    assert (first, count) == (again, count_again)


def test_random_rounds_are_not_all_alike() -> None:
    states = {play_random_round(4, number, AUTOMATIC)[0].finished for number in range(10)}
    assert len(states) > 1
