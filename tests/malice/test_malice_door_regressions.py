"""Spite and Malice's doors (issue 34): every option of ``Rules`` checked when made or evolved, the
combinations that could leave a turn with no way on refused or given one (rulings M42, M43),
``setup`` refusing a position that cannot happen, action constructors and ``parse_action`` refusing
what is not an action, ``legal_moves`` refusing what is not a state. Each test is named after the
bug it pins; every refusal is a SpiteError subclass naming the field and the value."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import spite_rules.malice as sm
from spite_rules.errors import IllegalAction, NotationError, SpiteError
from spite_rules.malice.shape import check_state
from spite_rules.malice.views import check_view
from tests.malice.malice_helpers import BOOK, COMMON, THREE, altered, moves, play_through

# -- Rules ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "option, value, named",
    [
        ("hand_size", 0, "hand_size must be a whole number from 1 to 20, not 0"),
        ("side_stacks", 10**11, "side_stacks must be a whole number from 1 to 10, not 100000000000"),
        ("payoff_size", 0, "payoff_size must be a whole number from 1 to 60, not 0"),
        ("payoff_size", -5, "payoff_size must be a whole number from 1 to 60, not -5"),
        ("payoff_size", "20", "payoff_size must be a whole number from 1 to 60, not '20'"),
        ("decks", True, "decks must be a whole number from 1 to 8, not True"),
        ("kings_wild", 1, "kings_wild must be True or False, not 1"),
        ("centre_limit", "4", "centre_limit must be a CentreLimit ('3', '4', 'unlimited', 'players+1'), not '4'"),
        ("wild_cannot_be", 7, "wild_cannot_be must be a list of card values from 1 (ace) to 13 (king), not 7"),
        ("wild_cannot_be", (0,), "wild_cannot_be must be a list of card values from 1 (ace) to 13 (king), not (0,)"),
        ("target_score", 0.5, "target_score must be a whole number from 1 to 1000000 or None, not 0.5"),
        ("name", None, "name must be a preset's name (a string), not None"),
    ],
)
def test_an_option_of_the_wrong_type_or_out_of_range_is_refused_when_rules_are_evolved(
    option: str, value: Any, named: str
) -> None:
    with pytest.raises(IllegalAction) as refused:
        attrs.evolve(sm.Rules(), **{option: value})
    assert str(refused.value) == f"Rules option {named}"
    with pytest.raises(IllegalAction, match=f"Rules option {option} must be"):
        sm.Rules(**{option: value})


def test_a_hand_size_of_zero_is_refused_instead_of_drawing_forever() -> None:
    with pytest.raises(IllegalAction, match="hand_size"):
        attrs.evolve(sm.Rules(), hand_size=0)


def test_a_pay_off_pile_larger_than_the_packs_can_deal_is_refused_by_the_rules() -> None:
    with pytest.raises(IllegalAction, match="decks=1 and payoff_size=40 cannot go together: 52 cards cannot deal"):
        sm.Rules(decks=1, payoff_size=40)
    with pytest.raises(IllegalAction, match="split_packs=True and payoff_size=30 cannot go together"):
        attrs.evolve(BOOK, payoff_size=30)


def test_partnerships_under_an_option_for_two_are_refused_naming_both() -> None:
    with pytest.raises(IllegalAction, match="partnerships=True and split_packs=True cannot go together"):
        BOOK.variation("partnerships")
    with pytest.raises(IllegalAction, match="partnerships=True and max_players=3 cannot go together"):
        sm.Rules(partnerships=True, max_players=3)


def test_new_game_refuses_a_huge_seat_count_before_naming_any_seat() -> None:
    with pytest.raises(IllegalAction, match="^these rules seat 2 to 6 players, not 1000000000000$"):
        sm.new_game(10**12, seed=1)


def test_new_game_refuses_names_that_are_not_strings() -> None:
    with pytest.raises(IllegalAction, match="^names: the name of seat 1 must be a string, not 2$"):
        sm.new_game(["ann", 2], seed=1)  # type: ignore[list-item]


# -- Games that never get stuck -----------------------------------------------------------------


@pytest.mark.rule("malice.massachusetts.fill")
def test_massachusetts_ending_may_end_the_turn_where_a_turn_may_end_without_a_discard() -> None:
    """Ruling M42: the book's Massachusetts game, side stacks filled, no card fits the book's side
    rule: the seat ends its turn (it used to have no legal move at all)."""
    rules = BOOK.variation("massachusetts")
    state = sm.setup(payoff=["9♣", "3♠"], hands=["2♣", "6♦ 10♥ Q♥"],
                     side=[["5♦", "7♥", "8♠", "K♣"], ["5♣", "4♠", "4♥", ""]],
                     stock="2♦ 3♦ 4♦ 5♦ 6♠", to_act=1, rules=rules)
    state, _ = play_through(state, "discard Q♥ to side 4")
    assert state.phase is sm.Phase.FILL and not state.game_over
    assert moves(state) == ["end turn"]
    state, events = play_through(state, "end turn")
    assert state.to_act == 0 and any(isinstance(event, sm.TurnEnded) and event.how == "end" for event in events)


def test_massachusetts_ending_offers_the_end_of_the_turn_beside_the_discards_where_end_without_discard() -> None:
    """Ruling M42: "you may decide to end your turn without playing to a side stack"."""
    rules = attrs.evolve(COMMON.variation("massachusetts"), end_without_discard=True)
    state = sm.setup(payoff=["9♣", "3♠"], hands=["6♦ 10♥ Q♥", "2♣"], side=[["5♣", "4♠", "4♥", ""], []],
                     stock="2♦ 3♦ 4♦ 5♦ 6♠", rules=rules)
    state, _ = play_through(state, "discard Q♥ to side 4")
    assert moves(state)[-1] == "end turn" and "discard 6♦ to side 1" in moves(state)


def test_massachusetts_ending_without_end_without_discard_still_ends_only_by_a_discard() -> None:
    rules = COMMON.variation("massachusetts")
    state = sm.setup(payoff=["9♣", "3♠"], hands=["6♦ 10♥ Q♥", "2♣"], side=[["5♣", "4♠", "4♥", ""], []],
                     stock="2♦ 3♦ 4♦ 5♦ 6♠", rules=rules)
    state, _ = play_through(state, "discard Q♥ to side 4")
    assert "end turn" not in moves(state)
    with pytest.raises(IllegalAction, match=r"\[malice.massachusetts.fill\]"):
        sm.apply(state, sm.EndTurn(0))


@pytest.mark.rule("malice.side.equal-or-one-less")
def test_the_book_side_rule_without_ending_a_turn_without_a_discard_is_refused_naming_both() -> None:
    """Ruling M42: the position of issue 34 (a 10 on four full side stacks showing 7, Q, 7, 9 under
    equal-or-one-less) has no move; the rules that could reach it are refused when made."""
    with pytest.raises(IllegalAction, match="side_rule=equal-or-one-less and end_without_discard=False cannot go together"):
        attrs.evolve(COMMON, side_rule=sm.SideRule.EQUAL_OR_ONE_LESS)
    with pytest.raises(IllegalAction, match="cannot go together"):
        attrs.evolve(BOOK, end_without_discard=False)
    rules = attrs.evolve(COMMON, side_rule=sm.SideRule.EQUAL_OR_ONE_LESS, end_without_discard=True)
    state = sm.setup(payoff=["5♠", "6♠"], hands=["10♠", ""], side=[["7♠", "Q♣", "7♣", "9♣"], []], rules=rules)
    assert moves(state) == ["end turn"]


# -- apply takes exactly what legal_moves lists ---------------------------------------------------


@pytest.mark.rule("malice.side.equal-group")
def test_three_decks_a_group_goes_down_in_the_hand_order_only() -> None:
    """Ruling M43: ``Discard(0, "2♠ 2♣", 0)`` was accepted beside the listed "2♣ 2♠", leaving
    another top card."""
    state = sm.setup(payoff=["9♣", "3♠"], hands=["2♠ 2♣ 5♦", ""], rules=THREE)
    assert "discard 2♣ 2♠ to side 1" in moves(state) and "discard 2♠ 2♣ to side 1" not in moves(state)
    with pytest.raises(IllegalAction, match=r"go down in the order of the hand, 2♣ 2♠, not 2♠ 2♣ \[malice.side.equal-group\]"):
        sm.apply(state, sm.Discard(0, "2♠ 2♣", 0))
    after, _ = sm.apply(state, sm.Discard(0, "2♣ 2♠", 0))
    assert after.side[0][0][-1].suit is not None and str(after.side[0][0][-1]) == "2♠"


# -- setup -----------------------------------------------------------------------------------------

PAIR = ["5♠", "6♠"]


def _deep(depth: int) -> list[Any]:
    nested: list[Any] = []
    for _ in range(depth):
        nested = [nested]
    return nested


@pytest.mark.parametrize(
    "position, named",
    [
        (dict(used=["A♥ 2♥ 3♥"]), "used: 'A♥ 2♥ 3♥' is 3 cards, not one entry of the list"),
        (dict(hands=[["9♠", ["7♥"]], ""]), r"hand of seat 0: \['7♥'\] is not a card"),
        (dict(stock=[1, 2]), "stock: 1 is not a card"),
        (dict(owed=[[1]]), r"owed must be a list of 2-number entries, not \[\[1\]\]"),
        (dict(phase="dance"), "phase must be one of play, fill, place, over, not 'dance'"),
        (dict(hands=[_deep(2000), ""]), r"hand of seat 0: \[\[\[\[\.\.\.\]\]\]\] is not a card"),
        (dict(stock=_deep(2000)), r"stock: \[\[\[\[\.\.\.\]\]\]\] is not a card"),
        (dict(names="ab"), "names must be a list of names, one per seat, not 'ab'"),
        (dict(names=["ann"]), r"names must give one entry per seat \(2\), not 1"),
        (dict(to_act=7), r"to_act: seat 7 does not exist \(seats are 0 to 1\)"),
        (dict(to_act=-1), r"to_act: seat -1 does not exist"),
        (dict(centre=5), "centre must be a list of stacks, not 5"),
        (dict(side=[5, []]), "side of seat 0 must be a list of stacks, not 5"),
        (dict(hands=["9♠ 9♠ 9♠", ""]), r"9♠ is at the table 3 times: the packs in play \(2 of 52\) hold it 2 times"),
        (dict(stock="~4♣"), "stock: ~4♣ is not a card of Spite and Malice's standard packs"),
        (dict(phase="over"), "phase over does not agree with game_over=False"),
        (dict(phase="fill"), "phase fill is the Massachusetts ending"),
        (dict(seed="1"), "seed must be a whole number from -9223372036854775808 to 9223372036854775808, not '1'"),
        (dict(bounty=5), "setup does not take bounty"),
    ],
)
def test_setup_refuses_a_position_that_cannot_happen_naming_the_field(position: dict[str, Any], named: str) -> None:
    with pytest.raises(IllegalAction, match=named):
        sm.setup(payoff=PAIR, **position)


def test_setup_keeps_every_card_of_a_list_given_one_card_an_entry() -> None:
    assert [str(card) for card in sm.setup(payoff=PAIR, used=["A♥", "2♥", "3♥"]).used] == ["A♥", "2♥", "3♥"]


def test_setup_refuses_a_pay_off_list_that_is_not_a_list() -> None:
    with pytest.raises(IllegalAction, match="payoff must give one pile per seat, not '5♠ 6♠'"):
        sm.setup(payoff="5♠ 6♠")


# -- the shape check, as from_json asks it -------------------------------------------------------

STATE = sm.setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠ 7♥", "2♦"], side=[["4♣"], []], stock="5♣ 6♣")


@pytest.mark.parametrize(
    "changes, named",
    [
        (dict(to_act=7), "to_act must be a whole number from 0 to 1, not 7"),
        (dict(to_act=-1), "to_act must be a whole number from 0 to 1, not -1"),
        (dict(names=("a", "b", "c")), r"names must give one entry per seat \(2\), not 3"),
        (dict(hands=STATE.hands + ((),)), r"hands must give one entry per seat \(2\), not 3"),
        (dict(side=((), STATE.side[1])), "side of seat 0 must hold 4 side stacks"),
        (dict(payoff=(STATE.payoff[0],)), "these rules seat 2 to 6 players, not 1"),
        (dict(centre=()), "centre must hold 3 spaces"),
        (dict(stock=STATE.stock + (sm.Play(0, "5♣", 0).card.as_fake(),)), "stock: ~5♣ is not a card of Spite and Malice's packs"),
        (dict(passes=-1), "passes must be a whole number from 0 to 2, not -1"),
        (dict(phase="play"), "phase must be one of play, fill, place, over, not 'play'"),
    ],
)
def test_the_shape_check_refuses_a_state_that_cannot_happen_naming_the_field(changes: dict[str, Any], named: str) -> None:
    with pytest.raises(IllegalAction, match=named):
        check_state(altered(STATE, **changes))


def test_the_shape_check_passes_every_state_and_view_of_a_random_game() -> None:
    from tests.malice.malice_helpers import random_game

    for rules in (COMMON, BOOK, THREE, sm.Rules.preset("jacks")):
        _, seen = random_game(rules, seed=5)
        for state in seen[::7]:
            check_state(state)
            for seat in range(state.players):
                check_view(state.view(seat))


def test_the_shape_check_refuses_a_view_with_a_seat_out_of_range() -> None:
    seen = STATE.view(0)
    with pytest.raises(IllegalAction, match="to_act must be a whole number from 0 to 1, not 7"):
        check_view(attrs.evolve(seen, to_act=7))
    with pytest.raises(IllegalAction, match=r"hand_sizes must give one entry per seat \(2\), not 1"):
        check_view(attrs.evolve(seen, hand_sizes=(2,)))


# -- constructors, notation, legal_moves ---------------------------------------------------------


@pytest.mark.parametrize(
    "build, named",
    [
        (lambda: sm.Play(0, None, 0), "card must be a Card or card notation such as '7♠', not None"),
        (lambda: sm.Play(0, 5, 0), "card must be a Card or card notation such as '7♠', not 5"),
        (lambda: sm.Play(0, 2.5, 0), "card must be a Card or card notation such as '7♠', not 2.5"),
        (lambda: sm.Play(0, True, 0), "card must be a Card or card notation such as '7♠', not True"),
        (lambda: sm.Play(0, ["7♠"], 0), r"card must be a Card or card notation such as '7♠', not \['7♠'\]"),
        (lambda: sm.PlaceForced(0, b"A", 0), "card must be a Card or card notation such as '7♠', not b'A'"),
        (lambda: sm.Discard(0, None, 0), "cards must be cards or their notation, such as '7♠ 7♦', not None"),
        (lambda: sm.Play(0, "7♠", 0, origin="stock"), "origin must be one of 'hand', 'pay-off', 'side', not 'stock'"),
        (lambda: sm.Play(False, "7♠", 0), "player must be a whole number, not False"),
        (lambda: sm.Load(0, "7♠", None), "target must be a whole number, not None"),
    ],
)
def test_an_action_constructor_refuses_a_value_that_is_not_its_field_naming_it(build: Any, named: str) -> None:
    with pytest.raises(IllegalAction, match=f"^{named}$"):
        build()


def test_an_action_constructor_refuses_text_that_is_not_a_card_as_notation() -> None:
    with pytest.raises(NotationError, match="^card: '1♠' is not a card"):
        sm.Play(0, "1♠", 0)


@pytest.mark.parametrize("text", [None, b"end turn", 5, ["end turn"]])
def test_parse_action_refuses_text_that_is_not_a_string(text: Any) -> None:
    with pytest.raises(NotationError, match="^text must be an action in notation"):
        sm.parse_action(STATE, text)


def test_parse_action_refuses_a_state_that_is_not_a_state() -> None:
    with pytest.raises(IllegalAction, match="^state must be a Spite and Malice State, not None$"):
        sm.parse_action(None, "end turn")  # type: ignore[arg-type]


def test_parse_action_refuses_a_number_too_long_to_be_a_stack() -> None:
    with pytest.raises(NotationError, match="expected a centre stack number"):
        sm.parse_action(STATE, "play A♠ from hand to centre " + "9" * 5000)


@pytest.mark.parametrize("state", ["x", None, 5, STATE.view(0)])
def test_legal_moves_refuses_what_is_not_a_state_before_and_after_a_state_was_asked(state: Any) -> None:
    with pytest.raises(IllegalAction, match="^state must be a Spite and Malice State"):
        sm.legal_moves(state)
    sm.legal_moves(STATE)
    with pytest.raises(IllegalAction, match="^state must be a Spite and Malice State"):
        sm.legal_moves(state)


def test_every_door_error_is_a_spite_error() -> None:
    assert issubclass(IllegalAction, SpiteError) and issubclass(NotationError, SpiteError)


# -- from_json: a document that parses but describes a position that cannot happen -----------------


def _reloaded(change: Any, value: Any = None) -> Any:
    """``from_json`` of a game's JSON after ``change`` edits its data."""
    import json

    from spite_rules.core.serialization import from_json, to_json

    document = json.loads(to_json(value if value is not None else sm.new_game(seed=1)))
    change(document["data"])
    return from_json(json.dumps(document))


@pytest.mark.parametrize(
    "change, named",
    [
        (lambda data: data.update(to_act=7), "to_act must be a whole number from 0 to 1, not 7"),
        (lambda data: data.update(to_act=-1), "to_act must be a whole number from 0 to 1, not -1"),
        (lambda data: data.update(names=["a", "b", "c"]), r"names must give one entry per seat \(2\), not 3"),
        (lambda data: data["hands"].append([]), r"hands must give one entry per seat \(2\), not 3"),
        (lambda data: data["payoff"][0].clear(), "payoff of seat 0 is empty but the game is not over"),
        (lambda data: data["side"].__setitem__(0, []), "side of seat 0 must hold 4 side stacks"),
        (lambda data: data["stock"].append("~4♣"), "stock: ~4♣ is not a card of Spite and Malice's packs"),
    ],
)
def test_from_json_refuses_a_state_that_cannot_happen_naming_the_field(change: Any, named: str) -> None:
    from spite_rules.core.serialization import SerializationError

    with pytest.raises(SerializationError, match=f"^bad State data: {named}"):
        _reloaded(change)


def test_from_json_refuses_a_spite_only_card_in_a_spite_and_malice_action() -> None:
    from spite_rules.core.serialization import SerializationError

    with pytest.raises(SerializationError, match="^bad Play data: card: ~4♣ is not a card of Spite and Malice's packs"):
        _reloaded(lambda data: data.update(card="~4♣"), sm.Play(0, "4♣", 0))


def test_from_json_refuses_a_view_whose_seat_to_act_does_not_exist() -> None:
    from spite_rules.core.serialization import SerializationError

    with pytest.raises(SerializationError, match="^bad SeatView data: to_act must be a whole number from 0 to 1, not 7"):
        _reloaded(lambda data: data.update(to_act=7), sm.new_game(seed=1).view(0))


def test_from_json_still_reads_every_state_of_a_game_exactly() -> None:
    from spite_rules.core.serialization import from_json, to_json
    from tests.malice.malice_helpers import random_game

    _, seen = random_game(sm.Rules.preset("jacks"), seed=3)
    for state in seen[::5]:
        assert from_json(to_json(state)) == state


# -- apply's door for actions built around their constructor (the fuzz run, benchmarks/fuzz.py) ----


@pytest.mark.parametrize(
    "action, field, value",
    [
        (sm.Discard(0, "7♥", 0), "cards", False),
        (sm.Discard(0, "7♥", 0), "cards", 0),
        (sm.Discard(0, "7♥", 0), "cards", float("nan")),
        (sm.Discard(0, "7♥", 0), "cards", object()),
        (sm.Discard(0, "7♥", 0), "cards", ("7♥",)),
        (sm.Play(0, "7♥", 0), "card", None),
        (sm.Play(0, "7♥", 0), "origin", "hand"),
        (sm.Play(0, "7♥", 0), "owner", 1.0),
        (sm.Substitute(0, "7♥", 0), "side", "1"),
        (sm.MoveSide(0, "7♥", 0, 1), "source", True),
        (sm.Load(0, "7♥", 1), "target", None),
        (sm.Load(0, "7♥", 1), "origin", 0),
        (sm.PlaceForced(0, "7♥", 0), "centre", 1.0),
        (sm.EndTurn(0), "player", False),
    ],
)
def test_apply_refuses_an_action_of_any_kind_with_a_field_of_the_wrong_type_naming_the_field(
    action: Any, field: str, value: Any
) -> None:
    # the fuzz run's "TypeError: 'bool' object is not iterable" from Discard(cards=False)
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""])
    before = sr_json(state)
    with pytest.raises(IllegalAction, match=f"^{type(action).__name__}.{field} must be "):
        sm.apply(state, altered(action, **{field: value}))
    assert sr_json(state) == before


def sr_json(value: Any) -> str:
    from spite_rules.core.serialization import to_json

    return to_json(value)


@pytest.mark.parametrize(
    "fields, named",
    [
        (dict(side=7), r"^Play.side must be None for a card from the hand, not 7"),
        (dict(side=0), r"^Play.side must be None for a card from the hand, not 0"),
        (dict(owner=0), r"^Play.owner must be None for the seat's own pile, not 0"),
    ],
)
def test_apply_refuses_a_listed_move_written_otherwise_than_legal_moves_writes_it(fields: Any, named: str) -> None:
    # the fuzz run's "unlisted seat 3: play 6♠ from hand to centre 1 applied as a legal move" (common
    # seed 499073 step 90): Play(3, "6♠", 0, side=7) built around __init__ read as the listed move
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["A♥ 7♥", ""])
    listed = sm.Play(0, "A♥", 0)
    assert listed in sm.legal_moves(state)
    other = altered(listed, **fields)
    assert other not in sm.legal_moves(state)
    with pytest.raises(IllegalAction, match=named):
        sm.apply(state, other)
    sm.apply(state, listed)


def test_apply_accepts_no_other_spelling_of_any_listed_play_or_swap_in_a_random_game() -> None:
    # jacks seed 168737 step 106 ("play 9♠ from seat 1's pay-off" with side=7), random options seed
    # 231255 step 93 ("swap 6♣ from hand for centre 1" with side=7): every kind and origin
    from tests.malice.malice_helpers import random_game

    tried: set[tuple[str, Any]] = set()
    states = (state for seed in range(1, 9) for state in random_game(sm.Rules.preset("jacks"), seed=seed)[1])
    for state in states:
        if len(tried) == 4:  # both kinds, every origin: enough
            break
        if state.game_over:
            continue
        listed = sm.legal_moves(state)
        for move in listed:
            if not isinstance(move, (sm.Play, sm.Substitute)):
                continue
            spellings = [dict(owner=move.player)] if move.owner is None else []
            if move.origin is not sm.Origin.SIDE:
                spellings.append(dict(side=2))
            for fields in spellings:
                other = altered(move, **fields)
                assert other not in listed
                with pytest.raises(IllegalAction, match=f"^{type(move).__name__}.(owner|side) must be None"):
                    sm.apply(state, other)
                tried.add((type(move).__name__, move.origin))
    assert {kind for kind, _ in tried} == {"Play", "Substitute"}
    assert {origin for _, origin in tried} == set(sm.Origin)
