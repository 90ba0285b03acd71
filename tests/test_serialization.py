"""JSON documents: exact round trips, and clear SerializationErrors for anything else."""

from __future__ import annotations

import json

import pytest

import spite_rules as sr
from spite_rules.bots import RandomBot, play_round
from spite_rules.core.serialization import SCHEMA_VERSION, from_data, to_data
from tests.helpers import AUTOMATIC

ACTIONS: list[sr.Action] = [
    sr.Play(1, "7♠ 7♦", direction="lower", come_at_me=True),
    sr.Play(2, "9♥ 9♦", buy_back=2),
    sr.Play(0, "2♠", unbeatable=True),
    sr.Play(0, "~4♣", face_down=True),
    sr.Play(3, "4♣", earned=True),
    sr.Play(1, "5♠ 5♥", bounty_claim=2),
    sr.Play(1, "🃏"),
    sr.Play(1, "8♠ 9♦ 10♣ 11♥ 13♥"),
    sr.Pass(2),
    sr.CallMisplay(0, 3),
    sr.TakeReward(1, 3),
    sr.TakeReward(1, 3, give="4♣", take="2♠"),
    sr.DiscardAndDraw(1, "4♣ 9♦", 2),
    sr.Timeout(2),
    sr.DropCards(1, "5♠", sr.Surface.FOOD),
]

EVENTS: list[sr.Event] = [
    sr.Played(1, sr.parse_cards("9♦ 9♥"), "pair of 9s (coloured)"),
    sr.Played(1, sr.parse_cards("~Q♦"), "a face-down fake joker", True),
    sr.Passed(2),
    sr.Misplay(2, "a 9♥ does not beat the 9♠ in play", "trick.follow.strictly-better"),
    sr.FakeJokersForfeited(1, sr.parse_cards("~4♣ ~8♥"), to=2),
    sr.DirectionChanged(sr.Direction.LOWER, "sevens"),
    sr.ConsecInForce(sr.ConsecKind.NUMERICAL, "the next hand must be 6s"),
    sr.BoughtBack(1, 2, sr.parse_cards("3♠ 10♥")),
    sr.TurnSkipped(0, 1),
    sr.TrickWon(2, None),
    sr.WentOut(1, 1),
    sr.InstantLoss(2, "20 cards", "buy-back.twenty-cards"),
    sr.RoundOver((1, 0, 2), (2, 0, -2), (2, 0, -2)),
    sr.OpeningOffered(1, sr.Rank.THREE),
    sr.MisplayCalled(0, 1, True, sr.parse_cards("~A♣"), sr.parse_cards("K♠")),
    sr.BountyClaimed(1, 2, sr.parse_cards("~4♣"), sr.parse_cards("3♦")),
    sr.BountyRevealed(None),
    sr.ComeAtMeWon(1, 4),
    sr.ComeAtMeFailed(2, 2, "come-at-me.failed"),
    sr.RewardTaken(1, 3, True, 3),
    sr.RewardRedrawn(1, 3, sr.parse_cards("4♣ 9♦"), sr.parse_cards("K♠ 2♥")),
    sr.TimedOut(0),
    sr.OutOfTurnPlay(2, sr.parse_cards("10♣")),
    sr.OutOfTurnPlayLapsed(2, sr.parse_cards("10♣")),
    sr.CardsDropped(1, sr.parse_cards("5♠"), "floor"),
    sr.PlayerJoined(3, "dana"),
    sr.CardsSwapped(0, sr.parse_cards("3♠"), sr.parse_cards("2♥")),
    sr.SwapExtrasDiscarded(sr.parse_cards("4♦ 5♦")),
    sr.RoundStarted(2, 3),
]


def _document(**changes: object) -> str:
    document: dict[str, object] = {
        "schema": SCHEMA_VERSION, "game": "spite", "kind": "Pass", "data": {"player": 2}
    }
    document.update(changes)
    return json.dumps(document)


def _midgame() -> sr.State:
    """A second-round state with fake jokers held, a trick in progress and a misplay open."""
    state = sr.new_game(["ann", "bob", "cy", "dee"], seed=5, rules=AUTOMATIC)
    state, _ = play_round(state, [RandomBot(seed) for seed in range(4)])
    state, _ = sr.next_round(state, ["eve"])
    for _ in range(7):
        state, _ = sr.apply(state, sr.legal_moves(state)[-1])
    return state


# -- round trips -----------------------------------------------------------------------------


def test_the_play_document_writes_cards_in_notation_inside_a_schema_envelope() -> None:
    document = json.loads(sr.to_json(sr.Play(1, "7♠ 7♦", direction="lower")))
    assert document["schema"] == SCHEMA_VERSION == 2
    assert document["game"] == "spite"
    assert document["kind"] == "Play"
    assert document["data"]["cards"] == ["7♦", "7♠"]
    assert document["data"]["direction"] == "lower"


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_every_kind_of_action_round_trips_exactly(action: sr.Action) -> None:
    assert sr.from_json(sr.to_json(action)) == action
    assert from_data(to_data(action), type(action)) == action


def test_every_event_class_is_covered_by_the_round_trip_cases() -> None:
    assert {type(event) for event in EVENTS} == set(sr.Event.__args__)


@pytest.mark.parametrize("event", EVENTS, ids=lambda event: type(event).__name__)
def test_every_kind_of_event_round_trips_exactly(event: sr.Event) -> None:
    assert sr.from_json(sr.to_json(event)) == event


def test_a_fresh_game_round_trips_exactly() -> None:
    state = sr.new_game(6, seed=11)
    assert sr.from_json(sr.to_json(state), sr.State) == state


def test_a_later_round_state_with_a_late_joiner_round_trips_exactly() -> None:
    state = _midgame()
    assert state.players == 5 and state.round_number == 2
    assert sr.from_json(sr.to_json(state, indent=2), sr.State) == state


def test_a_state_built_by_setup_with_fakes_earned_cards_and_a_come_at_me_reward_round_trips() -> None:
    state = sr.setup(
        hands=["6♠ 9♠ 10♠", "3♦ 4♦", "3♣ 4♣"],
        deck="9♥ 10♣ J♦ Q♠ K♠",
        fake_jokers=["~8♥", "", "~Q♦"],
        earned=["", "A♠", ""],
        rules=AUTOMATIC,
    )
    for action in (sr.Play(0, "6♠", come_at_me=True), sr.Pass(1), sr.Pass(2)):
        state, _ = sr.apply(state, action)
    assert state.reward is not None
    assert sr.from_json(sr.to_json(state)) == state
    for seat in range(3):
        assert sr.from_json(sr.to_json(state.view(seat)), sr.SeatView) == state.view(seat)


def test_non_default_rules_round_trip_exactly() -> None:
    rules = sr.Rules(decks=2, hand_size=9, fake_jokers=("~3♠", "~2♥"), referee=sr.Referee.AUTOMATIC)
    assert sr.from_json(sr.to_json(rules), sr.Rules) == rules


def test_a_game_record_round_trips_exactly() -> None:
    record = (
        sr.GameRecord(players=("ann", "bob", "cy"), seed=4, rules=AUTOMATIC)
        .with_action(sr.Play(1, "3♦"))
        .with_action(sr.Pass(2))
        .with_next_round(["dee"])
        .with_action(sr.TakeReward(0, 3, "4♣", "2♠"))
    )
    assert sr.from_json(sr.to_json(record), sr.GameRecord) == record
    assert sr.from_json(sr.to_json(record.rounds[1]), sr.RoundRecord) == record.rounds[1]


def test_from_json_reads_utf8_bytes() -> None:
    assert sr.from_json(sr.to_json(sr.Play(0, "10♠")).encode()) == sr.Play(0, "10♠")


def test_expected_kind_that_matches_is_accepted() -> None:
    assert sr.from_json(_document(), expected=sr.Pass) == sr.Pass(2)


# -- errors ----------------------------------------------------------------------------------


def test_serialization_errors_are_spite_errors_and_value_errors() -> None:
    assert issubclass(sr.SerializationError, sr.SpiteError)
    assert issubclass(sr.SerializationError, ValueError)


@pytest.mark.parametrize("text", ["not json", "", "{'schema': 1}", '{"schema": 1,'])
def test_text_that_is_not_json_is_refused_as_not_json(text: str) -> None:
    with pytest.raises(sr.SerializationError, match="^not JSON: "):
        sr.from_json(text)


@pytest.mark.parametrize(
    "text",
    ['[1, 2]', '"a string"', "null", _document()[:-1] + ', "extra": 1}', '{"schema": 1, "kind": "Pass"}'],
)
def test_a_document_that_is_not_the_envelope_is_refused_saying_what_it_must_be(text: str) -> None:
    with pytest.raises(sr.SerializationError, match="exactly 'schema', 'kind' and 'data'"):
        sr.from_json(text)


def test_a_wrong_schema_version_is_refused_naming_both_versions() -> None:
    with pytest.raises(sr.SerializationError) as caught:
        sr.from_json(_document(schema=3))
    assert str(caught.value) == "schema 3 is not supported (this version reads 1 and 2)"


def test_an_unknown_kind_is_refused_naming_it() -> None:
    with pytest.raises(sr.SerializationError, match="kind 'Banana' is not one spite_rules reads"):
        sr.from_json(_document(kind="Banana"))


def test_a_bad_card_is_refused_naming_the_token_and_where_it_is() -> None:
    document = to_data(sr.Play(1, "7♠ 7♦"))
    document["data"]["cards"] = ["1X", "7♠"]
    with pytest.raises(sr.SerializationError) as caught:
        from_data(document)
    message = str(caught.value)
    assert message.startswith("bad Play data: ")
    assert "'1X' is not a card" in message
    assert "$.cards[0]" in message


def test_a_bad_card_deep_in_a_state_names_its_path() -> None:
    document = to_data(sr.new_game(4, seed=1))
    document["data"]["hands"][2][3] = "1X"
    with pytest.raises(sr.SerializationError, match=r"'1X' is not a card.*\$\.hands\[2\]\[3\]"):
        from_data(document)


def test_a_card_that_is_not_a_string_is_refused_with_an_example() -> None:
    document = to_data(sr.Play(1, "7♠"))
    document["data"]["cards"] = [7]
    with pytest.raises(sr.SerializationError, match="a card must be written as a string like '10♠', not 7"):
        from_data(document)


def test_a_missing_field_is_refused_naming_it() -> None:
    with pytest.raises(sr.SerializationError) as caught:
        sr.from_json(_document(kind="CallMisplay", data={"player": 1}))
    assert str(caught.value) == "bad CallMisplay data: required field missing @ $.accused"


def test_an_extra_field_is_refused_naming_it() -> None:
    with pytest.raises(sr.SerializationError) as caught:
        sr.from_json(_document(data={"player": 2, "seat": 2}))
    assert str(caught.value) == "bad Pass data: extra fields found (seat) @ $"


def test_a_missing_field_of_a_state_is_refused_naming_it() -> None:
    document = to_data(sr.new_game(3, seed=1))
    del document["data"]["deck"]
    with pytest.raises(sr.SerializationError, match=r"required field missing @ \$\.deck"):
        from_data(document)


def test_a_value_of_the_wrong_type_is_refused_naming_the_field() -> None:
    with pytest.raises(sr.SerializationError, match=r"expected a JSON int, got .two. @ \$\.player"):
        sr.from_json(_document(data={"player": "two"}))


def test_an_unknown_direction_is_refused_naming_the_field() -> None:
    document = to_data(sr.new_game(3, seed=1))
    document["data"]["direction"] = "sideways"
    with pytest.raises(sr.SerializationError, match=r"Direction @ \$\.direction"):
        from_data(document)


def test_a_malformed_hand_in_a_trick_is_refused_saying_why() -> None:
    document = to_data(sr.new_game(3, seed=1))
    document["data"]["trick"]["plays"] = [
        {"player": 0, "cards": ["5♠", "6♠"], "hand": ["5♠", "6♠"], "face_down": False}
    ]
    with pytest.raises(sr.SerializationError, match=r"5♠ 6♠ is not a hand.*\$\.trick\.plays\[0\]\.hand"):
        from_data(document)


def test_an_expected_kind_mismatch_is_refused_naming_both_kinds() -> None:
    with pytest.raises(sr.SerializationError) as caught:
        sr.from_json(_document(), expected=sr.Play)
    assert str(caught.value) == "expected a Play, got a Pass"
    with pytest.raises(sr.SerializationError, match="expected a Pass, got a State"):
        sr.from_json(sr.to_json(sr.new_game(3, seed=1)), expected=sr.Pass)


def test_writing_an_object_that_is_not_a_document_kind_is_refused_naming_its_type() -> None:
    with pytest.raises(sr.SerializationError, match="Card is not a kind spite_rules writes as JSON"):
        sr.to_json(sr.parse_card("5♠"))
    with pytest.raises(sr.SerializationError, match="dict is not a kind"):
        sr.to_json({"player": 1})


def test_bytes_that_are_not_utf8_json_are_refused_as_not_json() -> None:
    with pytest.raises(sr.SerializationError, match="not JSON"):
        sr.from_json(b"\xff")


@pytest.mark.parametrize("data", [None, [2], "player 2"])
def test_data_that_is_not_an_object_is_refused(data: object) -> None:
    with pytest.raises(sr.SerializationError, match="bad Pass data"):
        sr.from_json(_document(data=data))


def test_a_string_in_a_bool_field_is_refused() -> None:
    document = to_data(sr.Play(1, "7♠"))
    document["data"]["come_at_me"] = "false"
    with pytest.raises(sr.SerializationError, match="come_at_me"):
        from_data(document)


def test_a_fractional_seat_is_refused() -> None:
    with pytest.raises(sr.SerializationError, match="player"):
        sr.from_json(_document(data={"player": 2.7}))


def test_an_unknown_action_type_in_a_record_is_refused_naming_the_type() -> None:
    document = to_data(sr.GameRecord(players=("a", "b", "c"), seed=3).with_action(sr.Pass(1)))
    document["data"]["rounds"][0]["actions"][0]["type"] = "Bogus"
    with pytest.raises(sr.SerializationError, match="Bogus"):
        from_data(document)
