"""The memos of ``legal_moves`` answer as the work they stand for: seed 002's side moves under
``SideRule.ANY`` kept by the shape of the stacks (``endings.AnyShape``) equal
``endings.side_paths`` on the very stacks, and the discards' spaces kept with them equal
``side_stacks.side_spaces`` for every card; the rows of interned side moves and discard runs give the very
objects ``endings.move_side`` and ``endings.discard`` intern; and seed 004's groups kept by the hand's
int code (``endings._code``) equal the groups found afresh; two different tuples of cards never share
a code. ``order.sort_key``, kept by ``Card.order``, is the key worked out from the card.
"""

from __future__ import annotations

import random
from itertools import combinations

import attrs
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import spite_rules.malice as sm
from spite_rules.cards import Card, standard_deck
from spite_rules.errors import IllegalAction
from spite_rules.malice import endings, order, piles
from spite_rules.malice.moves import play, substitute
from spite_rules.malice.order import sort_key, value, value_table
from spite_rules.malice.side_stacks import side_spaces
from spite_rules.malice.rules import PRESETS
from spite_rules.malice.sources import hand_cards, pile_owners, sources

CARDS = sorted(set(standard_deck(1, 2)), key=sort_key)
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

stacks_ = st.lists(st.lists(st.sampled_from(CARDS), max_size=4).map(tuple), min_size=1, max_size=6).map(tuple)


@SETTINGS
@given(stacks_, stacks_)
def test_side_moves_kept_by_shape_equal_the_side_moves_of_the_stacks(
    first: tuple[tuple[Card, ...], ...], second: tuple[tuple[Card, ...], ...]
) -> None:
    rules = sm.Rules.preset("jacks")
    assert rules.side_rule is sm.SideRule.ANY
    # the first stacks fill the memo; the second, of the same shape where the sizes agree, read it
    assert endings.any_shape(rules, first).paths == endings.side_paths(rules, first)
    assert endings.any_shape(rules, second).paths == endings.side_paths(rules, second)
    endings._ANY_PATHS.clear()
    assert endings.any_shape(rules, second).paths == endings.side_paths(rules, second)


hands = st.lists(st.sampled_from(CARDS), min_size=2, max_size=8).map(lambda cards: tuple(sorted(cards, key=sort_key)))


def _fresh_groups(hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    endings._GROUPS.clear()
    return endings.groups(hand)


@SETTINGS
@given(hands, hands)
def test_groups_kept_by_code_equal_the_groups_of_the_hand(first: tuple[Card, ...], second: tuple[Card, ...]) -> None:
    expected = _fresh_groups(second)
    endings.groups(first)
    assert endings.groups(second) == expected
    assert (endings._code(first) == endings._code(second)) == (first == second)


def _groups_by_definition(hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Seed 004's groups as ``endings.groups`` defines them, without its shortcut for two cards."""
    found: list[tuple[Card, ...]] = []
    for rank in dict.fromkeys(card.rank for card in hand):
        same = [card for card in hand if card.rank is rank]
        for size in range(2, len(same) + 1):
            found += sorted(set(combinations(same, size)), key=lambda cards: [sort_key(c) for c in cards])
    return found


@SETTINGS
@given(hands)
def test_groups_equal_their_definition(hand: tuple[Card, ...]) -> None:
    assert _fresh_groups(hand) == _groups_by_definition(hand)


@SETTINGS
@given(hands, hands)
def test_group_discards_are_interned_by_their_cards(first: tuple[Card, ...], second: tuple[Card, ...]) -> None:
    one, other = endings.discard(0, first, 1), endings.discard(0, second, 1)
    assert (one is other) == (first == second)
    assert one.cards == first and other.cards == second


def test_sort_key_kept_by_order_is_the_key_worked_out() -> None:
    """``sort_key`` (read by ``Card.order``) gives every card, of either back, the key
    ``worked_out_sort_key`` works out from its rank and suit."""
    from spite_rules.malice.order import worked_out_sort_key

    cards = list(standard_deck(2, 4))
    cards += [Card(card.rank, card.suit, fake=True) for card in standard_deck(1, 2)]
    random.Random(7).shuffle(cards)
    for card in cards + cards[::-1]:
        assert sort_key(card) == worked_out_sort_key(card), card


ANY_RULES = [sm.Rules.preset("jacks"), attrs.evolve(sm.Rules.preset("jacks"), fill_empty_side_stacks=True)]


@SETTINGS
@given(stacks_, stacks_, st.sampled_from(ANY_RULES))
def test_discard_spaces_kept_by_shape_equal_side_spaces_for_every_card(
    first: tuple[tuple[Card, ...], ...], second: tuple[tuple[Card, ...], ...], rules: sm.Rules
) -> None:
    # SideRule.ANY: the discards' spaces kept by the shape of the stacks are side_stacks.side_spaces of any
    # card on the very stacks (only the empty ones where fill_empty_side_stacks holds and one is empty)
    endings.any_shape(rules, first)
    fill = rules.fill_empty_side_stacks and any(not stack for stack in second)
    for card in CARDS:
        expected = [space for space in side_spaces(rules, second, (card,)) if not fill or not second[space]]
        assert list(endings.any_shape(rules, second).runs.spaces) == expected


@SETTINGS
@given(stacks_, stacks_)
def test_side_targets_kept_by_shape_are_side_paths_by_source(
    first: tuple[tuple[Card, ...], ...], second: tuple[tuple[Card, ...], ...]
) -> None:
    rules = sm.Rules.preset("jacks")
    endings.any_shape(rules, first)
    targets = endings.any_shape(rules, second).targets
    assert len(targets) == len(second)
    paths = [(source, space) for source, spaces in enumerate(targets) for space in spaces]
    assert paths == endings.side_paths(rules, second)


@SETTINGS
@given(stacks_, st.integers(0, 1))
def test_side_moves_are_the_interned_moves_of_side_paths(stacks: tuple[tuple[Card, ...], ...], seat: int) -> None:
    # the rows by stack top (endings._side_row) give the very objects endings.move_side interns
    for rules in (sm.Rules.preset("jacks"), sm.Rules.preset("book")):
        shape = endings.any_shape(rules, stacks) if rules.side_rule is sm.SideRule.ANY else None
        paths = endings.side_paths(rules, stacks)
        expected = [endings.move_side(seat, stacks[source][-1], source, space) for source, space in paths]
        found = endings.side_moves(rules, seat, stacks, shape)
        assert found == expected
        assert all(one is other for one, other in zip(found, expected))


@SETTINGS
@given(hands, stacks_, st.integers(0, 1))
def test_discard_runs_are_the_interned_discards_onto_each_space(
    hand: tuple[Card, ...], stacks: tuple[tuple[Card, ...], ...], seat: int
) -> None:
    spaces = tuple(range(len(stacks)))
    runs = endings.runs_onto(spaces)
    for card in hand:
        run = runs.single(seat, card, card.order)
        assert run == tuple(sm.Discard(seat, (card,), space) for space in spaces)
        assert all(move is endings.discard(seat, (card,), space) for move, space in zip(run, spaces))
        assert runs.single(seat, card, card.order) is run


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CARDS), st.integers(0, 3), st.integers(0, 7), st.sampled_from(list(sm.Origin)),
       st.one_of(st.none(), st.integers(0, 3)), st.one_of(st.none(), st.integers(0, 3)))
def test_substitutions_are_interned_as_the_class_builds_them(
    card: Card, player: int, centre: int, origin: sm.Origin, side: int | None, owner: int | None
) -> None:
    # seed 002's substitution: moves.substitute gives Substitute(...) of the same arguments (its
    # post-init hook's spelling: the player's own pile as None, no side stack unless from one),
    # the same object each time
    expected = sm.Substitute(player, card, centre, origin=origin, side=side, owner=owner)
    found = substitute(player, card, centre, origin, side, owner)
    assert type(found) is sm.Substitute
    assert (found.player, found.card, found.centre, found.origin, found.side, found.owner) == (
        expected.player, expected.card, expected.centre, expected.origin, expected.side, expected.owner)
    assert found == expected and hash(found) == hash(expected)
    assert substitute(player, card, centre, origin, expected.side, expected.owner) is found


@SETTINGS
@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=30), st.sampled_from(sorted(PRESETS)))
def test_values_kept_by_order_are_the_cards_values(cards: list[Card], preset: str) -> None:
    # order.RulesTable.worths holds order.value by Card.order: of a fresh or a shared table, and of
    # rules equal to the preset's but another object, each card's value under the rules (kings wild
    # or not, jokers wild)
    rules = sm.Rules.preset(preset)
    for flags in (order.RulesTable(rules), order.rules_table(rules), order.rules_table(attrs.evolve(rules))):
        for card in cards:
            assert flags.worths[card.order] == value(card, rules)


centres = st.lists(st.lists(st.sampled_from(CARDS), max_size=13).map(tuple), min_size=0, max_size=5).map(tuple)


@SETTINGS
@given(centres, centres, st.sampled_from(sorted(PRESETS)), st.integers(2, 6))
def test_centre_needs_kept_by_shape_equal_the_needs_of_the_centre(
    first: tuple[tuple[Card, ...], ...], second: tuple[tuple[Card, ...], ...], preset: str, players: int
) -> None:
    # piles.centre_needs keeps its answers by an int code of the centre's shape (each stack's size and
    # whether a wild card tops it) and the seats: the second centre, after the first, gets the needs
    # worked out afresh, and centre_needs_row lists the same spaces by value
    rules = sm.Rules.preset(preset)
    piles.centre_needs(rules, first, players)
    expected = piles.needs_of_shape(order.rules_table(rules), players, piles.shape_of(second, value_table(rules)))
    assert piles.centre_needs(rules, second, players) == expected
    row = piles.centre_needs_row(order.rules_table(rules), second, players)
    assert {worth: spaces for worth, spaces in enumerate(row) if spaces} == {
        worth: spaces for worth, spaces in expected.items() if spaces
    }
    assert all(worth < len(row) for worth in expected)


def _sources_by_definition(state: sm.State, seat: int) -> list[tuple[sm.Origin, int | None, int | None, Card]]:
    """Seed 003's sources worked out from ``pile_owners`` afresh: pay-off tops, side-stack tops,
    then each distinct card of the hand."""
    found: list[tuple[sm.Origin, int | None, int | None, Card]] = []
    for owner in pile_owners(state, seat, sm.Origin.PAYOFF):
        if state.payoff[owner]:
            found.append((sm.Origin.PAYOFF, None if owner == seat else owner, None, state.payoff[owner][-1]))
    for owner in pile_owners(state, seat, sm.Origin.SIDE):
        for index, stack in enumerate(state.side[owner]):
            if stack:
                found.append((sm.Origin.SIDE, None if owner == seat else owner, index, stack[-1]))
    for card in dict.fromkeys(state.hands[seat]):
        found.append((sm.Origin.HAND, None, None, card))
    return found


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 10**6), st.sampled_from([2, 3, 4]))
def test_sources_kept_by_seat_equal_the_sources_worked_out(preset: str, seed: int, players: int) -> None:
    # sources.pile_sources (whose owners are kept per seat for the last rules) and sources.hand_cards
    # give, in order, the sources worked out from pile_owners and the hand, for every seat
    rng = random.Random(seed)
    rules = sm.Rules.preset(preset)
    try:
        state = sm.new_game(players, seed=seed, rules=rules)
    except IllegalAction:
        assume(False)  # the preset seats fewer players
    for _ in range(60):
        if state.game_over:
            break
        for seat in range(players):
            assert sources(state, seat) == _sources_by_definition(state, seat)
            cards, orders = hand_cards(state.hands[seat])
            assert orders == [card.order for card in cards]
        state, _ = sm.apply(state, rng.choice(sm.legal_moves(state)))



@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CARDS), st.integers(0, 9), st.integers(0, 12), st.sampled_from(list(sm.Origin)),
       st.one_of(st.none(), st.integers(0, 16)), st.one_of(st.none(), st.integers(0, 16)))
def test_plays_are_interned_as_the_class_builds_them(
    card: Card, player: int, centre: int, origin: sm.Origin, side: int | None, owner: int | None
) -> None:
    # moves.play interns by a row of the card, player and origin and a small key (the first eight
    # centre spaces), by one int code, or by a tuple (fields past the code's bits): every way gives
    # Play(...) of the same arguments, and the same object again for the same move
    expected = sm.Play(player, card, centre, origin=origin, side=side, owner=owner)
    found = play(player, card, centre, origin, side, owner)
    assert type(found) is sm.Play
    assert attrs.astuple(found, recurse=False) == attrs.astuple(expected, recurse=False)
    assert found == expected and hash(found) == hash(expected)
    assert play(player, card, centre, origin, expected.side, expected.owner) is found


def test_centre_needs_of_a_centre_changed_in_place_are_worked_out_afresh() -> None:
    # piles.centre_needs remembers the last centre asked about by identity: a Table's centre is a
    # list changed in place between questions (the "must be sure" search asks of it), so a list is
    # never remembered and its needs follow its contents
    rules = sm.Rules()
    centre: list[tuple[Card, ...]] = [(), (), ()]
    assert piles.centre_needs(rules, centre, 2)[1] == (0,)
    centre[0] = (Card("A", "♠"),)
    assert piles.centre_needs(rules, centre, 2)[1] == (1,)
    assert piles.centre_needs(rules, centre, 2)[2] == (0,)


def test_side_spaces_of_book_stacks_changed_in_place_are_worked_out_afresh() -> None:
    # side_stacks keeps the values the last side stacks asked about accept (by identity, in the
    # rules' table): a list of stacks changed in place is never remembered, and a tuple asked again
    # after other stacks gives its own answer
    rules = sm.Rules.preset("book")
    seven, six = Card("7", "♠"), Card("6", "♦")
    stacks: list[tuple[Card, ...]] = [(seven,), (), (), ()]
    assert side_spaces(rules, stacks, (six,)) == [0, 1]
    stacks[0] = (Card("9", "♣"),)
    assert side_spaces(rules, stacks, (six,)) == [1]
    first, second = ((seven,), (), (), ()), ((Card("9", "♣"),), (), (), ())
    assert side_spaces(rules, first, (six,)) == [0, 1]
    assert side_spaces(rules, second, (six,)) == [1]
    assert side_spaces(rules, first, (six,)) == [0, 1]
