"""The hand-written frozen values (``core.frozen.Frozen``): each class's annotations, ``__init__``
and ``_values`` say the same fields as the attrs table ``declare_fields`` gave it, and an instance
compares, hashes, prints, pickles and refuses assignment as an attrs frozen class would."""

from __future__ import annotations

import inspect
import pickle
import random
import typing

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr  # every module of values imported, so every Frozen class is found
import spite_rules.malice as sm
import spite_rules.malice.turn_events
import spite_rules.turn_events
from spite_rules.cards import Card, parse_card
from spite_rules.core.build_info import compiled_modules
from spite_rules.core.frozen import Frozen, replace
from spite_rules.state import OpenMisplay
from spite_rules.trick import judge_play
from tests.helpers import SPITE_EVENTS


def _frozen_classes() -> list[type[Frozen]]:
    found: list[type[Frozen]] = []
    waiting = list(Frozen.__subclasses__())
    while waiting:
        cls = waiting.pop()
        if "__attrs_attrs__" in vars(cls):  # a value with its table (not a base its values share)
            found.append(cls)
        waiting.extend(cls.__subclasses__())
    return sorted(found, key=lambda cls: f"{cls.__module__}.{cls.__qualname__}")


FROZEN = _frozen_classes()


def test_the_engine_has_frozen_values() -> None:
    names = {f"{cls.__module__}.{cls.__name__}" for cls in FROZEN}
    spite = {"State", "Opening", "OpenMisplay", "Reward"}
    trick = {"Trick", "TrickPlay", "RunEntry", "Outcome", "Breach"}
    malice = {"state.State"} | {f"turn_events.{name}" for name in sm.turn_events.__all__}
    malice |= {f"actions.{name}" for name in sm.actions.__all__ if name not in ("Action", "Origin")}
    expected = {f"spite_rules.state.{name}" for name in spite} | {f"spite_rules.trick_state.{name}" for name in trick}
    expected |= {f"spite_rules.actions.{kind.__name__}" for kind in typing.get_args(sr.Action)}  # every Spite action
    expected |= {"spite_rules.hands.Hand"}
    assert expected | {f"spite_rules.malice.{name}" for name in malice} <= names
    assert {f"spite_rules.turn_events.{name}" for name in sr.turn_events.__all__} <= names  # a turn's Spite events


@pytest.mark.parametrize("union", [sr.Event, sm.Event], ids=["spite", "malice"])
def test_an_event_is_a_frozen_value_when_a_turn_makes_it_and_an_attrs_class_otherwise(union: object) -> None:
    events = typing.get_args(union)
    hot = [kind for kind in events if kind.__module__.endswith(".turn_events")]
    rare = [kind for kind in events if kind not in hot]
    assert hot and all(issubclass(kind, Frozen) for kind in hot)
    assert rare and all(not issubclass(kind, Frozen) and "__attrs_attrs__" in vars(kind) for kind in rare)
    assert all(kind.__module__.endswith(".events") for kind in rare)
    assert not [field for kind in events for field in attrs.fields(kind) if isinstance(field.type, str)]  # cattrs reads them


@pytest.mark.parametrize("cls", FROZEN, ids=lambda cls: f"{cls.__module__.removeprefix('spite_rules.')}.{cls.__qualname__}")
def test_a_frozen_values_table_is_its_annotations_and_its_initialiser(cls: type[Frozen]) -> None:
    table = attrs.fields(cls)
    made = [field for field in table if field.init]
    assert cls.__match_args__ == tuple(field.name for field in made if not field.kw_only)  # as attrs's
    keyword = [field.kw_only for field in made]
    assert keyword == sorted(keyword), "a keyword-only field comes after the others"
    if cls.__module__ in compiled_modules():
        pytest.skip("a compiled class keeps no annotations or signature: the pure build checks them")
    # the written __init__ (which mypyc compiles; with plain_init the pure build runs one generated
    # from the table, with the same signature)
    written = cls.__dict__.get("__init_written__", cls.__init__)
    parameters = list(inspect.signature(written).parameters.values())[1:]
    assert inspect.signature(cls.__init__) == inspect.signature(written)
    assert [p.name for p in parameters] == [f.name for f in made]
    for parameter, field in zip(parameters, made):
        # A default computed from the other fields (an events' count) is None in the __init__.
        computed = isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
        expected = inspect.Parameter.empty if field.default is attrs.NOTHING else None if computed else field.default
        assert parameter.default == expected, field.name
        assert parameter.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD  # copies and pickles pass them so
    hints = typing.get_type_hints(cls)
    fields = {name: hints[name] for name in hints if not name.startswith("__")}  # its own and its bases'
    assert fields == {field.name: field.type for field in table}


def _samples() -> dict[type, list[Frozen]]:
    """Values of each Frozen class met in seeded random Spite rounds (with the events they told),
    verdicts of the plays offered in them, each kind of event as tests/helpers.py makes it, and the
    values of seeded random Spite and Malice games of each preset (the compiled build checks an
    ``__init__``'s argument types, so the samples are real values)."""
    found: dict[type, list[Frozen]] = {}

    def keep(value: object) -> None:
        if isinstance(value, Frozen) and len(found.setdefault(type(value), [])) < 40:
            found[type(value)].append(value)

    for make in SPITE_EVENTS.values():
        for seat, count in ((0, 1), (2, 3)):
            keep(make(seat, count))

    for seed in range(6):
        rng = random.Random(seed)
        state = sr.new_game(3 + seed % 3, seed=seed)
        while not state.round_over:
            for value in (state, state.trick, state.opening, state.reward, *state.trick.plays,
                          *state.trick.run, *state.open_misplays, state.trick.beat,
                          *(play.hand for play in state.trick.plays)):  # fmt: skip
                keep(value)
            moves = sr.legal_moves(state)
            for move in moves:
                keep(move)
            for move in moves[:3]:
                if isinstance(move, sr.Play) and move.player == state.to_act:
                    keep(judge_play(state.trick, state.direction, move.player, move.cards))
            for seat, hand in enumerate(state.hands):  # a lowest single: on a lead it stands, else most often not
                keep(judge_play(state.trick, state.direction, seat, hand[:1]) if hand else None)
                keep(OpenMisplay(seat, hand[:seat]))  # a called referee's, which these rounds do not call
            state, events = sr.apply(state, rng.choice(moves))
            for event in events:
                keep(event)
    for seed, preset in enumerate(("jacks", "common", "book", "three_decks")):
        rng = random.Random(seed)
        game = sm.new_game(2, seed=seed, rules=sm.Rules.preset(preset))
        for _ in range(300):
            keep(game)
            if game.game_over:
                break
            offered = sm.legal_moves(game)
            for move in offered:
                keep(move)
            game, happened = sm.apply(game, rng.choice(offered))
            for event in happened:
                keep(event)
    for cls in FROZEN:  # the values these games rarely meet (a loading, a stalemate), made of real values
        if cls.__module__.startswith(("spite_rules.malice.", "spite_rules.actions")) and len(found.get(cls, [])) < 2:
            for which in (0, 1):
                keep(cls(*(_value_of(field.type, which) for field in attrs.fields(cls))))
    return found


def _value_of(kind: object, which: int) -> object:
    """A real value of the field type ``kind`` (an event's or an action's), one of two (``which``)
    that differ."""
    card = parse_card("7♠" if which else "K♦")
    made: dict[object, object] = {
        int: which, str: "ab"[which], bool: bool(which), Card: card, sm.Origin: list(sm.Origin)[which],
        int | None: (None, 2)[which], tuple[Card, ...]: (card,) * (which + 1),
        tuple[int, ...]: (1,) * (which + 1), Card | None: (None, card)[which],
        sr.Direction | None: (None, sr.Direction.LOWER)[which], sr.Surface: list(sr.Surface)[which],
    }
    return made[kind]


SAMPLES = _samples()


@pytest.mark.parametrize("cls", FROZEN, ids=lambda cls: f"{cls.__module__.removeprefix('spite_rules.')}.{cls.__qualname__}")
def test_a_frozen_value_compares_hashes_prints_and_pickles_by_its_fields(cls: type[Frozen]) -> None:
    table = attrs.fields(cls)
    part = [field for field in table if field.init]  # the hidden fields are the others
    assert [field for field in table if field.eq] == part
    values = SAMPLES[cls]
    assert len(values) >= 2, f"the rounds met too few {cls.__name__}s"
    for value in values:
        fields = value._values()
        assert len(fields) == len(part)
        assert all(got == getattr(value, field.name) for got, field in zip(fields, part))
        copy = cls(*fields)
        again = value._copy()  # what a compiled copy starts from (State builds it natively)
        assert type(again) is cls and again is not value and again._values() == fields
        written = cls.__dict__.get("__init_written__")  # the pure build's: the written __init__ agrees
        if written is not None:
            bare = object.__new__(cls)
            written(bare, *fields)
            assert vars(bare) == vars(copy)
        written = cls.__dict__.get("__fill_written__")  # and a door's written stores
        if written is not None:
            bare, generated = object.__new__(cls), object.__new__(cls)
            written(bare, *fields)
            cls._fill(generated, *fields)  # type: ignore[attr-defined]
            assert vars(bare) == vars(generated) == vars(copy)
        for field in table:  # the hidden fields at their defaults, the computed ones worked out again
            if not field.init:
                computed = field.default is attrs.NOTHING
                assert getattr(copy, field.name) == (getattr(value, field.name) if computed else field.default)
        assert copy is not value and copy == value and not copy != value and hash(copy) == hash(value)
        shown = ", ".join(f"{field.name}={getattr(value, field.name)!r}" for field in table if field.repr)
        assert repr(value) == f"{cls.__name__}({shown})"
        if cls.__name__ != "Breach":  # a breach's explanation is a closure, as under attrs
            assert pickle.loads(pickle.dumps(value)) == value
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(value, part[0].name, getattr(value, part[0].name))
    distinct = {value._values(): value for value in values}
    first, *others = distinct.values()
    assert all(first != other and not first == other for other in others)


CARDS = st.sampled_from(sr.spite_deck())
EVENTS = typing.get_args(sr.Event)


def _built(kind: type) -> st.SearchStrategy[object]:
    """``st.builds`` of an event class, from its field table (the types there are real), with its
    cards drawn from the deck (a Card built from junk parts is refused, as it should be)."""
    cards = {tuple[sr.Card, ...]: st.lists(CARDS, max_size=4).map(tuple), sr.Card | None: st.none() | CARDS}
    return st.builds(kind, **{field.name: cards[field.type] for field in attrs.fields(kind) if field.type in cards})


@pytest.mark.parametrize("kind", EVENTS, ids=lambda kind: kind.__name__)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hypothesis_builds_any_event_from_its_fields_and_it_round_trips(kind: type, data: st.DataObject) -> None:
    event = data.draw(_built(kind))
    assert type(event) is kind
    assert sr.from_json(sr.to_json(event)) == event and pickle.loads(pickle.dumps(event)) == event
    assert attrs.evolve(event) == event and (not isinstance(event, Frozen) or replace(event) == event)
