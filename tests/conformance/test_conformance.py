"""The conformance suite: the same checks over every registered game (as pgx's api_test and
OpenSpiel's random-simulation test do), through the game protocol only.

For each game and each player count it supports, random playouts from 50 seeds (a uniformly
random legal move each step, every move offered included) must end; along the way, at sampled
steps: ``apply`` never mutates its input; every offered move applies with no rule break by its
actor; a move not offered is refused (IllegalAction) or, in Spite, is a misplay naming a clause of
the game's own table (or, in Spite, a play out of turn left to be judged later, ruling R29); cards are conserved; no view shows a card its seat may not see; JSON and
replay round-trip exactly; the same seed gives the same game.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import spite_rules as sr
from spite_rules.cards import Card
from spite_rules.core.engine import GAMES, AnyGame, game, seat_counts

#: The share of the playouts run (``SPITE_RULES_EXAMPLES``, conftest.py): all of them on the pure
#: build, the reference; a quarter on the compiled build, whose play same_play.py checks exactly.
SHARE = float(os.environ.get("SPITE_RULES_EXAMPLES", "1"))
SEEDS = range(max(1, round(50 * SHARE)))
#: How many steps of each playout get the expensive checks (views of every seat, purity,
#: refusals, JSON), chosen at random from the playout's seed; the first step always does.
CHECKED_STEPS = 4
MAX_ACTIONS = 20_000


def _counts() -> list[tuple[str, int]]:
    return [
        (name, players)
        for name in sorted(GAMES)
        for players in range(game(name).min_players, game(name).max_players + 1)
    ]


COUNTS = _counts()


def _named_rulesets() -> list[tuple[str, str, int]]:
    """(game, ruleset, players) for every named ruleset of Spite other than its default rules (the
    July 2023 revision), at every player count. (Spite and Malice's presets are its own suite's,
    tests/malice/.)"""
    return [
        (name, ruleset, players)
        for name in ("spite",)
        for ruleset in game(name).rules_names()
        if game(name).rules_named(ruleset) != game(name).default_rules()
        for players in range(game(name).min_players, game(name).max_players + 1)
    ]


NAMED_RULESETS = _named_rulesets()
#: Seeds for the playouts under the other named rulesets (fewer: the default rules get SEEDS).
RULESET_SEEDS = range(max(1, round(20 * SHARE)))


def _ids(value: object) -> str:
    return str(value)


def cards_in(value: Any, seen: set[int] | None = None, public: tuple[type, ...] = ()) -> Iterator[Card]:
    """Every card anywhere inside ``value`` (attrs values, tuples, lists, sets, dicts), each
    container visited once: a value that holds the same object twice (a trick's beat is one of its
    plays' hands) shows its cards once. Values of the ``public`` types are not looked into (a
    view's rules: the table's setup, such as Spite's fake-joker faces, known to every seat)."""
    seen = set() if seen is None else seen
    if isinstance(value, Card):
        yield value
        return
    if id(value) in seen or isinstance(value, public):
        return
    seen.add(id(value))
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from cards_in(getattr(value, field.name), seen, public)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from cards_in(item, seen, public)
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item, seen, public)


def playout(
    played: AnyGame, players: int, seed: int, rules: Any = None
) -> Iterator[tuple[Any, Any, tuple[Any, ...], tuple[Any, ...]]]:
    """A random playout (under ``rules``, the game's default if None): each step yields (state,
    action, the state's legal moves, events)."""
    state = played.new_game(players, seed=seed, rules=rules)
    chooser = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if played.is_over(state):
            return
        moves = played.legal_moves(state)
        assert moves, f"{played.name}: no legal move in a state that is not over"
        action = chooser.choice(moves)
        after, events = played.apply(state, action)
        yield state, action, moves, events
        state = after
    pytest.fail(f"{played.name} with {players} players, seed {seed}: no end within {MAX_ACTIONS} actions")


@pytest.mark.parametrize(("name", "players"), COUNTS, ids=_ids)
def test_random_playouts_end_and_keep_every_invariant(name: str, players: int) -> None:
    _playouts_end_and_keep_every_invariant(game(name), players, SEEDS)


@pytest.mark.parametrize(("name", "ruleset", "players"), NAMED_RULESETS, ids=_ids)
def test_random_playouts_under_each_named_ruleset_end_and_keep_every_invariant(
    name: str, ruleset: str, players: int
) -> None:
    played = game(name)
    _playouts_end_and_keep_every_invariant(played, players, RULESET_SEEDS, played.rules_named(ruleset))


def _playouts_end_and_keep_every_invariant(
    played: AnyGame, players: int, seeds: range, rules: Any = None
) -> None:
    for seed in seeds:
        dealt = played.new_game(players, seed=seed, rules=rules)
        total = played.all_cards(dealt)
        picker = random.Random(-seed - 1)
        steps = 0
        for step, (state, action, moves, events) in enumerate(playout(played, players, seed, rules)):
            steps = step + 1
            breaks = [rule for seat, rule in played.rule_breaks(events) if seat == action.player]
            assert not breaks, f"seed {seed} step {step}: offered move {action} broke {breaks}"
            if step == 0 or picker.random() < CHECKED_STEPS / 200:
                _check_state(played, state, action, moves, events, total)
        assert steps > 0


def _check_state(played: AnyGame, state: Any, action: Any, moves: tuple[Any, ...], events: tuple[Any, ...],
                 total: Counter[Card]) -> None:
    snapshot = sr.to_json(state)
    after, again = played.apply(state, action)
    assert sr.to_json(state) == snapshot, "apply changed its input state"
    assert after == played.apply(state, action)[0] and again == events, "apply is not a function"
    assert played.all_cards(state) == total, "cards are not conserved"
    for seat in range(played.seats(state)):
        seen = Counter(cards_in(played.view(state, seat), public=(played.rules_type,)))
        visible = played.all_cards(state) - played.hidden_cards(state, seat)
        leaked = seen - visible
        assert not leaked, f"seat {seat}'s view shows cards it may not see: {sorted(map(str, leaked.elements()))}"
        for event in events:
            shown = Counter(cards_in(played.redact(event, seat)))
            assert shown <= Counter(cards_in(event)), "redaction added cards"
    assert sr.from_json(sr.to_json(state)) == state
    for seat in range(played.seats(state)):
        seen_view = played.view(state, seat)
        assert sr.from_json(sr.to_json(seen_view)) == seen_view
    assert sr.from_json(sr.to_json(action)) == action
    for event in events:
        assert sr.from_json(sr.to_json(event)) == event
    _check_refusals(played, state, moves)


def _not_offered(played: AnyGame, state: Any, moves: tuple[Any, ...]) -> Iterator[Any]:
    """Moves not offered now: each offered move made by every other seat."""
    offered = set(moves)
    for move in moves[:12]:
        for seat in range(played.seats(state)):
            other = attrs.evolve(move, player=seat)
            if other not in offered:
                yield other


def _check_refusals(played: AnyGame, state: Any, moves: tuple[Any, ...]) -> None:
    clauses = played.clause_ids()
    snapshot = sr.to_json(state)
    for move in _not_offered(played, state, moves):
        try:
            _, events = played.apply(state, move)
        except sr.IllegalAction as refusal:
            assert str(refusal), "a refusal must say why"
            continue
        if played.awaits_judgement(events):
            continue
        breaks = played.rule_breaks(events)
        assert breaks, f"{move} was not offered, yet applied with no rule broken"
        assert all(rule in clauses for _, rule in breaks), f"{move}: rule ids not in the table: {breaks}"
    assert sr.to_json(state) == snapshot


@pytest.mark.parametrize("name", sorted(GAMES))
def test_json_and_replay_round_trip_a_whole_game_exactly(name: str) -> None:
    _json_and_replay_round_trip(game(name), None)


@pytest.mark.parametrize(("name", "ruleset"), sorted({(n, r) for n, r, _ in NAMED_RULESETS}), ids=_ids)
def test_json_and_replay_round_trip_a_whole_game_under_each_named_ruleset_exactly(
    name: str, ruleset: str
) -> None:
    played = game(name)
    _json_and_replay_round_trip(played, played.rules_named(ruleset))


def _json_and_replay_round_trip(played: AnyGame, rules: Any) -> None:
    name = played.name
    players = played.min_players + 1 if played.min_players < played.max_players else played.min_players
    for seed in range(5):
        names = played.names(played.new_game(players, seed=seed, rules=rules))
        record = sr.GameRecord(game=name, players=names, seed=seed, rules=rules or played.default_rules())
        stream: list[Any] = []
        final = None
        for state, action, _, events in playout(played, players, seed, rules):
            record = record.with_action(action)
            stream.extend(events)
            final = played.apply(state, action)[0]
        assert sr.from_json(sr.to_json(record), sr.GameRecord) == record
        replayed, replayed_events = sr.replay(sr.from_json(sr.to_json(record), sr.GameRecord))
        assert replayed == final
        assert list(replayed_events) == stream


@pytest.mark.parametrize("name", sorted(GAMES))
def test_equal_seeds_give_equal_games(name: str) -> None:
    played = game(name)
    players = played.min_players
    for seed in range(5):
        first = [(action, events) for _, action, _, events in playout(played, players, seed)]
        second = [(action, events) for _, action, _, events in playout(played, players, seed)]
        assert first == second
        assert played.new_game(players, seed=seed) == played.new_game(players, seed=seed)
    assert played.new_game(players, seed=1) != played.new_game(players, seed=2)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_view_of_a_seat_that_does_not_exist_is_refused(name: str) -> None:
    played = game(name)
    state = played.new_game(played.min_players, seed=3)
    for seat in (-1, played.min_players, "0", None):
        with pytest.raises(sr.IllegalAction):
            played.view(state, seat)


@pytest.mark.parametrize(("name", "ruleset"), [(name, ruleset) for name in sorted(GAMES) for ruleset in game(name).rules_names()], ids=_ids)
def test_seat_counts_names_exactly_the_counts_a_ruleset_deals_for(name: str, ruleset: str) -> None:
    # A front-end offers these table sizes: each must deal on any seed, every other count of the
    # game's range must be refused with IllegalAction (book: "There are always two players").
    played = game(name)
    counts = seat_counts(name, ruleset)
    assert counts, f"{name} {ruleset}: no table size"
    rules = played.rules_named(ruleset)
    for players in range(played.min_players, played.max_players + 1):
        if players in counts:
            for seed in (1, 2, 3):
                assert played.seats(played.new_game(players, seed=seed, rules=rules)) == players
        else:
            with pytest.raises(sr.IllegalAction):
                played.new_game(players, seed=1, rules=rules)
