"""Errors at the door, the same everywhere (issue 16): input that cannot happen at a table raises
IllegalAction naming the field and the value, and nothing changes."""

from __future__ import annotations

import pytest

import spite_rules as sr

STATE = sr.setup(hands=["5♠ 9♦", "6♦ 9♣", "7♣ 9♥"])


WRONG_TYPES: list[tuple[type, tuple[object, ...], dict[str, object], str]] = [
    (sr.Pass, ("0",), {}, "Pass.player must be an int, not '0' (a str)"),
    (sr.Pass, (None,), {}, "Pass.player must be an int, not None (a NoneType)"),
    (sr.Pass, (True,), {}, "Pass.player must be an int, not True (a bool)"),
    (sr.Play, (0.0, "5♠"), {}, "Play.player must be an int, not 0.0 (a float)"),
    (sr.Play, (False, "5♠"), {}, "Play.player must be an int, not False (a bool)"),
    (sr.Play, (0, "5♠"), {"come_at_me": 1}, "Play.come_at_me must be true or false, not 1 (an int)"),
    (sr.Play, (0, "5♠"), {"buy_back": 1.0}, "Play.buy_back must be an int or None, not 1.0 (a float)"),
    (sr.Play, (0, "5♠"), {"bounty_claim": "2"}, "Play.bounty_claim must be an int or None, not '2' (a str)"),
    (sr.TakeReward, (0, 2.0), {}, "TakeReward.count must be an int, not 2.0 (a float)"),
    (sr.CallMisplay, (1, "0"), {}, "CallMisplay.accused must be an int, not '0' (a str)"),
    (sr.DropCards, (0, "5♠"), {"onto": "floor"}, "DropCards.onto must be a Surface, not 'floor' (a str)"),
    (sr.DiscardAndDraw, (0, "5♠", None), {}, "DiscardAndDraw.draw must be an int, not None (a NoneType)"),
    (sr.Timeout, ([0],), {}, "Timeout.player must be an int, not [0] (a list)"),
]


@pytest.mark.parametrize(("kind", "args", "options", "message"), WRONG_TYPES, ids=repr)
def test_an_action_with_a_field_of_the_wrong_type_is_refused_when_made_naming_the_field(
    kind: type, args: tuple[object, ...], options: dict[str, object], message: str
) -> None:
    with pytest.raises(sr.IllegalAction) as caught:
        kind(*args, **options)
    assert str(caught.value) == message


def _built_around_init(kind: type, args: tuple[object, ...], options: dict[str, object]) -> object:
    """The action as its fields say, made without its ``__init__`` (and so without its check)."""
    import attrs

    action = object.__new__(kind)
    fields = attrs.fields(kind)
    given = dict(zip((field.name for field in fields if not field.kw_only), args)) | options
    for field in fields:
        if field.init:
            default = field.default.factory() if isinstance(field.default, attrs.Factory) else field.default  # type: ignore[arg-type]
            value = given.get(field.name, default)
            if field.name in ("cards", "discard") and isinstance(value, str):
                value = sr.parse_cards(value)
            object.__setattr__(action, field.name, value)
    return action


@pytest.mark.parametrize(
    ("action", "message"),
    [(_built_around_init(kind, args, options), message) for kind, args, options, message in WRONG_TYPES]
    + [("pass", "'pass' is not an action")],
    ids=repr,
)
def test_an_action_with_a_field_of_the_wrong_type_is_refused_by_apply_naming_the_field(
    action: object, message: str
) -> None:
    before = sr.to_json(STATE)
    with pytest.raises(sr.IllegalAction) as caught:
        sr.apply(STATE, action)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert sr.to_json(STATE) == before


@pytest.mark.parametrize("seat", [3, -1, "1", None, 1.0])
def test_a_view_of_a_seat_that_does_not_exist_is_refused(seat: object) -> None:
    with pytest.raises(sr.IllegalAction, match="seat"):
        STATE.view(seat)  # type: ignore[arg-type]


def test_a_well_typed_action_passes_the_door_check() -> None:
    state, events = sr.apply(STATE, sr.Play(0, "5♠"))
    assert [type(event).__name__ for event in events][0] == "Played"


def test_a_refusal_crosses_a_process_with_its_message_and_its_rule() -> None:
    """A refusal made in a worker (a simulation's processes, Ray) pickles whole: the message and
    the rule id a front-end shows."""
    import pickle

    refused = pickle.loads(pickle.dumps(sr.IllegalAction("a 9♠ cannot go there", rule="malice.centre.next-higher")))
    assert (str(refused), refused.rule) == ("a 9♠ cannot go there", "malice.centre.next-higher")
    assert pickle.loads(pickle.dumps(sr.IllegalAction("no such seat"))).rule is None
