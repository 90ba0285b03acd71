"""Actions built from canonical fields equal the actions built from notation.

``legal_moves`` builds its plays and rewards with the classes themselves, from fields already in
their canonical form (cards a tuple in game order), which the door passes at the cost of a type
test each; a seat's text, a list of cards in any order or a direction's word go through the
conversions. Both must give the same value.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import spite_rules as sr

SETTINGS = settings(max_examples=200, deadline=None)
DECK = sr.spite_deck()


@SETTINGS
@given(
    st.integers(0, 8),
    st.lists(st.sampled_from(DECK), min_size=0, max_size=6),
    st.none() | st.integers(1, 13),
    st.none() | st.sampled_from(list(sr.Direction)),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.none() | st.integers(0, 3),
)
def test_a_play_of_legal_moves_is_the_play_the_constructor_builds(
    player: int,
    cards: list[sr.Card],
    buy_back: int | None,
    direction: sr.Direction | None,
    come_at_me: bool,
    unbeatable: bool,
    face_down: bool,
    earned: bool,
    bounty_claim: int | None,
) -> None:
    fields = (buy_back, direction, come_at_me, unbeatable, face_down, earned, bounty_claim)
    fast = sr.Play(player, sr.sort_cards(cards), *fields)
    public = sr.Play(
        player,
        " ".join(str(card) for card in reversed(cards)),
        buy_back=buy_back,
        direction=None if direction is None else direction.value.upper(),
        come_at_me=come_at_me,
        unbeatable=unbeatable,
        face_down=face_down,
        earned=earned,
        bounty_claim=bounty_claim,
    )
    assert fast == public and hash(fast) == hash(public) and repr(fast) == repr(public)
    assert str(fast) == str(public)


@SETTINGS
@given(
    st.integers(0, 8),
    st.integers(-3, 6),
    st.none() | st.tuples(st.sampled_from(DECK), st.sampled_from(DECK)),
)
def test_a_reward_taken_of_legal_moves_is_the_reward_the_constructor_builds(
    player: int, count: int, swap: tuple[sr.Card, sr.Card] | None
) -> None:
    give, take = swap if swap is not None else (None, None)
    fast = sr.TakeReward(player, count, give, take)
    public = sr.TakeReward(player, count, give=None if give is None else give.ascii, take=None if take is None else str(take))
    assert type(fast) is sr.TakeReward and fast == public and hash(fast) == hash(public)
    assert repr(fast) == repr(public) and str(fast) == str(public)
    assert (fast.give, fast.take) == (public.give, public.take)
