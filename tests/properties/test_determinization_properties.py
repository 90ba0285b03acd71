"""Determinization (``sr.determinize``) over random games: the sample shows its seat the very view
it was drawn from, holds the cards of a fresh deal, hides what the real table hides, plays on, and
deals each hidden card to each hidden place as often as a uniform deal would (a chi-square test).

The games are those of the embedding properties: 3 to 9 seats, either referee, careless tables
(plays out of turn, wrong calls, dropped cards), later rounds with late joiners.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
from hypothesis import given
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules.bots import GreedyBot, next_bot_action
from tests.properties.test_embedding_properties import SETTINGS, Game, games, play

SPITE = sr.game("spite")


def _fresh_deal_cards(rules: sr.Rules) -> Counter[sr.Card]:
    return Counter(sr.spite_deck(rules.decks)) + Counter(rules.fake_jokers)


@SETTINGS
@given(games(), st.integers(0, 2**32 - 1))
def test_a_determinized_state_shows_its_seat_exactly_the_view_it_was_drawn_from(
    game: Game, seed: int
) -> None:
    for index, step in enumerate(play(game)):
        if index % 4:
            continue
        state = step.state
        for seat in range(state.players):
            seen = state.view(seat)
            assert sr.determinize(seen, seed + seat).view(seat) == seen


@SETTINGS
@given(games(), st.integers(0, 2**32 - 1))
def test_a_determinized_state_holds_the_cards_of_a_fresh_deal_and_hides_what_the_table_hides(
    game: Game, seed: int
) -> None:
    for index, step in enumerate(play(game)):
        if index % 4:
            continue
        state = step.state
        seat = (seed + index) % state.players
        sample = sr.determinize(state.view(seat), seed)
        assert SPITE.all_cards(sample) == _fresh_deal_cards(state.rules)
        assert _hidden_places(sample, seat) == _hidden_places(state, seat)


def _hidden_places(state: sr.State, seat: int) -> Counter[sr.Card]:
    """``hidden_cards`` less other seats' face-down fake jokers in the trick (each is also in the
    fake-joker pile, so ``hidden_cards`` counts it twice: once for the face it hides)."""
    hidden = SPITE.hidden_cards(state, seat)
    for trick_play in state.trick.plays:
        if trick_play.face_down and trick_play.player != seat:
            hidden.subtract(trick_play.cards)
    return +hidden


@SETTINGS
@given(games(), st.integers(0, 2**32 - 1))
def test_a_determinized_state_offers_the_seat_its_real_moves_and_plays_on_to_the_round_end(
    game: Game, seed: int
) -> None:
    steps = list(play(game))
    rng = random.Random(seed)
    for step in rng.sample(steps, min(3, len(steps))):
        state = step.state
        seat = state.to_act if state.to_act is not None else 0
        sample = sr.determinize(state.view(seat), rng.getrandbits(32))
        mine = [move for move in sr.legal_moves(state) if move.player == seat]
        assert [move for move in sr.legal_moves(sample) if move.player == seat] == mine
        for _ in range(3000):  # a random playout from the sample meets no impossible action
            if sample.round_over:
                break
            sample, _ = sr.apply(sample, rng.choice(sr.legal_moves(sample)))
        assert sample.round_over


def test_determinize_draws_the_same_sample_from_the_same_seed_and_another_from_another() -> None:
    seen = sr.new_game(5, seed=8).view(3)
    assert sr.determinize(seen, 1) == sr.determinize(seen, 1)
    assert sr.determinize(seen, 1).hands != sr.determinize(seen, 2).hands


# -- the chi-square test -------------------------------------------------------------------

#: Upper 0.1% points of chi-square from the tables (Pearson & Hartley; NIST handbook 1.3.6.7.4):
#: the Wilson-Hilferty approximation below is checked against them.
TABLE_999 = {30: 59.703, 60: 99.607, 100: 149.449}


def chi2_critical_999(df: int) -> float:
    """The 0.999 quantile of chi-square with ``df`` degrees of freedom (Wilson-Hilferty)."""
    z = 3.090232  # the 0.999 quantile of the standard normal
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_the_chi_square_critical_values_agree_with_the_tables() -> None:
    for df, tabulated in TABLE_999.items():
        assert abs(chi2_critical_999(df) - tabulated) / tabulated < 0.005, df


def _mid_round(players: int, seed: int, actions: int, rules: sr.Rules) -> sr.State:
    state = sr.new_game(players, seed=seed, rules=rules)
    bots = [GreedyBot()] * players
    for _ in range(actions):
        action = next_bot_action(state, bots)
        assert action is not None
        state, _ = sr.apply(state, action)
    return state


def _contingency(
    samples: int, draw: Callable[[int], sr.State], places: dict[str, Callable[[sr.State], Sequence[sr.Card]]]
) -> tuple[float, int]:
    """Pearson's chi-square of card (rows) against hidden place (columns) over ``samples``
    determinizations, and its degrees of freedom. Both margins are fixed by the deal (how many of
    each card are hidden; how big each place is), so the expected count of a card in a place is
    row total x column total / grand total."""
    observed: Counter[tuple[sr.Card, str]] = Counter()
    for number in range(samples):
        sample = draw(number)
        for name, where in places.items():
            for card in where(sample):
                observed[card, name] += 1
    rows: Counter[sr.Card] = Counter()
    columns: Counter[str] = Counter()
    for (card, name), count in observed.items():
        rows[card] += count
        columns[name] += count
    total = sum(rows.values())
    statistic = 0.0
    for card in rows:
        for name in columns:
            expected = rows[card] * columns[name] / total
            statistic += (observed[card, name] - expected) ** 2 / expected
    return statistic, (len(rows) - 1) * (len(columns) - 1)


def test_each_hidden_card_lands_in_each_hidden_place_as_often_as_a_uniform_deal_would() -> None:
    state = _mid_round(4, seed=5, actions=30, rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
    seen = state.view(0)
    places: dict[str, Callable[[sr.State], Sequence[sr.Card]]] = {
        f"hand {seat}": (lambda sample, seat=seat: sample.hands[seat])
        for seat in range(1, 4)
        if state.hands[seat]
    }
    places["deck"] = lambda sample: sample.deck
    places["discard"] = lambda sample: sample.discard
    assert len(places) >= 4 and all(len(where(state)) for where in places.values())
    statistic, df = _contingency(600, lambda number: sr.determinize(seen, number), places)
    assert statistic < chi2_critical_999(df), (statistic, df)


def test_each_hidden_fake_joker_lands_in_each_hidden_place_as_often_as_a_uniform_deal_would() -> None:
    # Seat 1 holds two fake jokers and plays one face down; seat 2 holds one: seat 0 sees neither.
    state = sr.new_game(4, seed=12, rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
    fakes = state.fake_pile
    state = sr.from_json(sr.to_json(state), sr.State)  # a plain copy to evolve


    state = attrs.evolve(
        state,
        fake_jokers=((), sr.sort_cards(fakes[:2]), (fakes[2],), ()),
        fake_pile=fakes[3:],
    )
    seat = state.to_act
    assert seat is not None
    while state.to_act != 1 or state.opening is not None:
        state, _ = sr.apply(state, next_bot_action(state, [GreedyBot()] * 4))
    face_down = next(m for m in sr.legal_moves(state) if isinstance(m, sr.Play) and m.face_down)
    state, _ = sr.apply(state, face_down)
    seen = state.view(0)
    places: dict[str, Callable[[sr.State], Sequence[sr.Card]]] = {
        "seat 1": lambda sample: sample.fake_jokers[1],
        "seat 2": lambda sample: sample.fake_jokers[2],
        "face down": lambda sample: sample.trick.plays[-1].cards,
        "pile": lambda sample: sample.fake_pile[: len(sample.fake_pile) - 1],
    }
    statistic, df = _contingency(1000, lambda number: sr.determinize(seen, number), places)
    assert df == 12
    assert statistic < chi2_critical_999(df), (statistic, df)
