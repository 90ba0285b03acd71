"""Seed 000, "The Initial Deal" and "The Bounty Card" (the reveal).

"At the start of a round, each player is dealt 11 cards face down. The top card of the deck is
revealed as the bounty card, then game play proceeds clockwise from the first player." "If a joker
is revealed as the bounty card, it shall be shuffled back into the deck and a new bounty card is
revealed." "The Deck": "approximately 5 cards ... from a deck with a different card-back design
should be set aside from the main deck for use as fake jokers."
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import spite_rules as sr
from spite_rules.bounty import reveal_bounty
from spite_rules.core.frozen import replace
from spite_rules.position import make_state
from spite_rules.rules import rules_of
from spite_rules.stock import shuffle


PLAYER_COUNTS = range(3, 10)


@pytest.mark.rule("deal.eleven-cards")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_new_game_deals_11_cards_to_each_of_3_to_9_players(players: int) -> None:
    state = sr.new_game(players, seed=7)
    assert [len(hand) for hand in state.hands] == [11] * players


@pytest.mark.rule("deal.eleven-cards", "deal.bounty")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_rest_of_the_deck_stays_face_down_after_the_deal_and_the_bounty(players: int) -> None:
    state = sr.new_game(players, seed=7)
    assert len(state.deck) == 189 - 11 * players - 1


@pytest.mark.rule("deck.composition", "deal.eleven-cards")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_deal_conserves_the_189_real_cards(players: int) -> None:
    state = sr.new_game(players, seed=11)
    assert state.real_cards() == Counter(sr.spite_deck())
    assert sum(state.real_cards().values()) == 189


@pytest.mark.rule("deal.eleven-cards")
@pytest.mark.parametrize("players", [2, 10])
def test_new_game_refuses_fewer_than_3_or_more_than_9_players(players: int) -> None:
    with pytest.raises(sr.IllegalAction):
        sr.new_game(players, seed=1)


@pytest.mark.rule("deal.eleven-cards")
def test_new_game_takes_seat_names() -> None:
    state = sr.new_game(["Ann", "Bo", "Cy"], seed=1)
    assert state.names == ("Ann", "Bo", "Cy")
    assert state.players == 3


@pytest.mark.rule("deal.eleven-cards")
def test_the_same_seed_deals_the_same_round() -> None:
    assert sr.new_game(5, seed=42) == sr.new_game(5, seed=42)


@pytest.mark.rule("deal.eleven-cards")
def test_different_seeds_deal_different_rounds() -> None:
    deals = {sr.new_game(5, seed=seed).hands for seed in range(20)}
    assert len(deals) == 20


@pytest.mark.rule("deal.eleven-cards")
def test_the_deal_is_a_shuffle_not_the_deck_order() -> None:
    state = sr.new_game(3, seed=0)
    dealt = [card for hand in state.hands for card in hand]
    assert tuple(dealt) != sr.spite_deck()[:33]


@pytest.mark.rule("deal.bounty")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_a_bounty_card_is_revealed_at_the_deal(players: int) -> None:
    state = sr.new_game(players, seed=3)
    assert state.bounty is not None
    assert state.real_cards()[state.bounty] == Counter(sr.spite_deck())[state.bounty]


@pytest.mark.rule("deal.bounty", "bounty.joker-reshuffled")
def test_the_revealed_bounty_is_never_a_joker() -> None:
    for seed in range(300):
        state = sr.new_game(3 + seed % 7, seed=seed)
        assert state.bounty is not None and not state.bounty.is_joker, seed


@pytest.mark.rule("deal.bounty", "bounty.joker-reshuffled")
def test_a_joker_on_top_of_the_deck_after_the_deal_is_shuffled_back() -> None:
    # A deal where the card under the hands was a joker needs a second shuffle to reveal a bounty.
    reshuffled = [
        state
        for state in (sr.new_game(4, seed=seed) for seed in range(400))
        if state.shuffles > 1
    ]
    assert reshuffled, "no seed in 0..399 turned up a joker for 4 players"
    state = reshuffled[0]
    assert state.bounty is not None and not state.bounty.is_joker
    assert state.real_cards()[sr.parse_card("JK")] == 3


@pytest.mark.rule("deal.bounty", "bounty.joker-reshuffled")
def test_revealing_a_joker_shuffles_it_back_and_reveals_another_card() -> None:
    state = sr.setup(hands=["5♠", "6♠", "7♠"], deck="JK JK 9♦ 10♦ J♦", seed=5)
    before = state.real_cards()
    state, card = reveal_bounty(state)
    assert card is not None and not card.is_joker
    assert state.bounty == card
    assert Counter(state.deck)[sr.parse_card("JK")] == 2
    assert state.real_cards() == before


@pytest.mark.rule("deal.bounty", "bounty.joker-reshuffled")
def test_a_deck_of_only_jokers_reveals_no_bounty() -> None:
    state = sr.setup(hands=["5♠", "6♠", "7♠"], deck="JK JK")
    state, card = reveal_bounty(state)
    assert card is None and state.bounty is None
    assert len(state.deck) == 2


@pytest.mark.rule("deck.fake-jokers")
def test_the_fake_joker_pile_starts_with_the_rules_fake_jokers() -> None:
    state = sr.new_game(4, seed=1)
    assert Counter(state.fake_pile) == Counter(sr.Rules().fake_jokers)
    assert state.fake_jokers == ((),) * 4


@pytest.mark.rule("deck.fake-jokers")
def test_the_fake_jokers_set_aside_follow_the_rules_option() -> None:
    rules = sr.Rules(fake_jokers=sr.parse_cards("5♠ 5♥"))
    state = sr.new_game(3, seed=1, rules=rules)
    assert Counter(state.fake_pile) == Counter(sr.parse_cards("~5♠ ~5♥"))
    assert state.real_cards() == Counter(sr.spite_deck())


@pytest.mark.rule("deck.fake-jokers", "fake-jokers.held-apart")
def test_fake_jokers_are_not_dealt_into_hands() -> None:
    state = sr.new_game(9, seed=2)
    assert not any(card.fake for hand in state.hands for card in hand)


@pytest.mark.rule("deal.eleven-cards", "direction.start-higher")
def test_a_new_game_is_the_first_round_going_higher_with_nothing_played() -> None:
    state = sr.new_game(4, seed=9)
    assert state.round_number == 1
    assert state.direction is sr.Direction.HIGHER
    assert state.buy_back_step == 0
    assert state.finished == () and state.losers == ()
    assert not state.round_over
    assert state.trick.is_lead


@pytest.mark.rule("opening.first-round")
def test_a_new_game_starts_with_the_opening_offer_of_3s() -> None:
    state = sr.new_game(4, seed=9)
    assert state.opening is not None
    assert state.opening.rank is sr.Rank.THREE
    assert state.to_act is not None
    assert any(card.rank is sr.Rank.THREE for card in state.hands[state.to_act])


@pytest.mark.parametrize("players, seed, rules", [(3, 0, None), (4, 7, "2023-07"), (9, 11, None), (5, 3, "000")])
def test_the_deal_builds_the_position_make_state_builds_from_its_cards(players: int, seed: int, rules: str | None) -> None:
    # new_game builds its State directly from its own cards (no door to pass): the same position,
    # every field and every hidden default included, as the door builds from the same deal.
    dealt = sr.new_game(players, seed=seed, rules=rules)
    rules_ = rules_of(rules)
    deck = list(sr.spite_deck(rules_.decks))
    shuffle(deck, seed, 0)
    size = rules_.hand_size
    built = make_state(
        hands=[deck[seat : players * size : players] for seat in range(players)],
        deck=deck[players * size :], rules=rules_, seed=seed, names=[f"seat {i}" for i in range(players)],
        opening=True,
    )  # fmt: skip
    expected, _ = reveal_bounty(replace(built, shuffles=1))
    assert dealt == expected
    assert all(getattr(dealt, field.name) == getattr(expected, field.name) for field in attrs.fields(sr.State))
