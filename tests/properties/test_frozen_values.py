"""The hand-written frozen values (``core.frozen.Frozen``): each class's annotations, ``__init__``
and ``_values`` say the same fields as the attrs table ``declare_fields`` gave it, and an instance
compares, hashes, prints, pickles and refuses assignment as an attrs frozen class would."""

from __future__ import annotations

import inspect
import pickle
import typing

import attrs
import pytest

import spite_rules  # noqa: F401  (every module of values imported, so every Frozen class is found)
import spite_rules.malice  # noqa: F401
from spite_rules.core.build_info import compiled_modules
from spite_rules.core.frozen import Frozen


def _frozen_classes() -> list[type[Frozen]]:
    found: list[type[Frozen]] = []
    waiting = list(Frozen.__subclasses__())
    while waiting:
        cls = waiting.pop()
        found.append(cls)
        waiting.extend(cls.__subclasses__())
    return sorted(found, key=lambda cls: f"{cls.__module__}.{cls.__qualname__}")


FROZEN = _frozen_classes()


def test_the_engine_has_frozen_values() -> None:
    names = {cls.__name__ for cls in FROZEN}
    assert {"Trick", "TrickPlay", "RunEntry", "Outcome", "Breach"} <= names


@pytest.mark.parametrize("cls", FROZEN, ids=lambda cls: cls.__qualname__)
def test_a_frozen_values_table_is_its_annotations_and_its_initialiser(cls: type[Frozen]) -> None:
    table = attrs.fields(cls)
    parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [p.name for p in parameters] == [f.name for f in table]
    for parameter, field in zip(parameters, table):
        expected = inspect.Parameter.empty if field.default is attrs.NOTHING else field.default
        assert parameter.default == expected, field.name
    if cls.__module__ in compiled_modules():
        pytest.skip("a compiled class keeps no annotations: the pure build checks them")
    hints = typing.get_type_hints(cls)
    own = {name: hints[name] for name in hints if name in cls.__annotations__}
    assert own == {field.name: field.type for field in table}


@pytest.mark.parametrize("cls", FROZEN, ids=lambda cls: cls.__qualname__)
def test_a_frozen_value_compares_prints_and_pickles_by_its_fields(cls: type[Frozen]) -> None:
    table = attrs.fields(cls)
    value = cls(*range(len(table)))
    other = cls(*range(1, len(table) + 1))
    part = [field for field in table if field.eq]
    assert value._values() == tuple(range(len(part)))
    assert value == cls(*range(len(table))) and hash(value) == hash(cls(*range(len(table))))
    assert value != other and not value == other
    shown = ", ".join(f"{field.name}={getattr(value, field.name)!r}" for field in table if field.repr)
    assert repr(value) == f"{cls.__name__}({shown})"
    assert pickle.loads(pickle.dumps(value)) == value
    assert attrs.evolve(value, **{table[0].name: -1}) == cls(-1, *range(1, len(table)))  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(value, table[0].name, 5)
