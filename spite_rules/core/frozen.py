"""Frozen values the compiled build holds natively: :class:`Frozen`, the base of the few value
classes the hot paths make and read at every action, and :func:`declare_fields`, which gives such a
class the attrs field table everything else reads.

Layer: core — knows no game: may import only the cards and the errors.

Such a class is not ``@attrs.frozen`` (the house default) because mypyc compiles only a plain class
natively: its ``__init__`` stores each field with ``object.__setattr__(self, "name", value)``, and
each store and each read from compiled code is a C struct access; the pure build runs the same
source as plain Python (docs/performance.md, "The kernel state: what mypyc gives, probed").
To everything outside it is still an attrs class: :func:`declare_fields` attaches the table
(``__attrs_attrs__``, with the real types) that ``attrs.fields``, ``attrs.evolve``, cattrs and
:func:`~spite_rules.core.fields.check_fields` read, and :class:`Frozen` refuses assignment with
attrs' ``FrozenInstanceError``, compares and hashes by the table's fields, prints as attrs does and
pickles; :func:`replace` is its ``attrs.evolve``. ``tests/properties/test_frozen_values.py`` holds
every class's annotations, ``__init__`` and :meth:`Frozen._values` to its table.

>>> class Pair(Frozen):
...     left: int
...     right: int
...     def __init__(self, left: int, right: int = 0) -> None:
...         object.__setattr__(self, "left", left)
...         object.__setattr__(self, "right", right)
>>> declare_fields(Pair, ("left", int), ("right", int, 0))
>>> Pair(1), Pair(1) == Pair(1, 0), attrs.evolve(Pair(1), right=2)
(Pair(left=1, right=0), True, Pair(left=1, right=2))
>>> Pair(1).left = 2
Traceback (most recent call last):
...
attr.exceptions.FrozenInstanceError: can't set attribute
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import FunctionType
from typing import Any, TypeVar

import attrs
from attrs.exceptions import FrozenInstanceError

__all__ = ["Frozen", "declare_fields", "replace", "replace_from"]

F = TypeVar("F", bound="Frozen")


class Frozen:
    """The base of a hand-written frozen value (see the module): refuses assignment, and compares,
    hashes and pickles by :meth:`_values` and prints by its field table, as an attrs frozen class
    does by its fields."""

    __slots__ = ()  # the base's: a subclass's instances keep a __dict__ in the pure build

    def _values(self) -> tuple[Any, ...]:
        """The fields that make the value, in its table's order (the ``__init__``'s arguments), less
        any hidden or computed (see :func:`declare_fields`). Read here by name; a class whose
        values are read at every action lists them itself, natively."""
        return tuple([getattr(self, name) for name in _SHAPES[self.__class__][4]])

    def _copy(self) -> Any:
        """A new value with the same fields (its hidden ones at their defaults): the class given
        :meth:`_values`. A class copied at every action may build it natively instead (Spite's
        ``State``), where this calls the class as Python calls it."""
        return self.__class__(*self._values())

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, self._values()))

    def __repr__(self) -> str:
        shown = [f"{field.name}={getattr(self, field.name)!r}" for field in _fields(self) if field.repr]
        return f"{self.__class__.__name__}({', '.join(shown)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, self._values())


#: Each Frozen class's field names, its hidden fields with the defaults a copy resets them to,
#: whether it is interpreted, whether it has computed fields, and the names of its values
#: (:func:`declare_fields` fills it, :func:`replace_from` and :meth:`Frozen._values` read it).
_SHAPES: dict[type, tuple[frozenset[str], dict[str, Any], bool, bool, tuple[str, ...]]] = {}


def _fields(value: Frozen) -> tuple[attrs.Attribute[Any], ...]:
    table: tuple[attrs.Attribute[Any], ...] = getattr(value.__class__, "__attrs_attrs__")
    return table


def declare_fields(
    cls: type[Frozen],
    *fields: tuple[Any, ...],
    hidden: tuple[str, ...] = (),
    unprinted: tuple[str, ...] = (),
    plain_init: bool = False,
    kw_only: tuple[str, ...] = (),
    computed: tuple[str, ...] = (),
) -> None:
    """Give ``cls`` the attrs field table of its ``fields``, each ``(name, type)`` or ``(name, type,
    default)`` in the order of its ``__init__``'s arguments. Those ``hidden`` (last, with defaults)
    are kept beside the value, not part of it: its ``__init__`` sets each to its default and takes
    no argument for it, and it takes no part in equality, hashing, repr, pickling or
    :meth:`Frozen._values`. Those ``unprinted`` only stay out of the repr. Those ``kw_only`` (last)
    are keyword-only in the table and left out of ``__match_args__``, as attrs marks them (the
    ``__init__`` still takes them by position too: :func:`replace_from` and pickling pass every
    value by position). Those ``computed`` (last, before the hidden) are facts the ``__init__``
    works out from the others (a hand's size): no argument, no part in the value, and a copy
    (:func:`replace_from`) goes through the ``__init__`` again, so that they follow its changes.
    With ``plain_init``, the class promises that its written ``__init__`` only stores its arguments
    (and the hidden fields' defaults), so the pure build may run one generated from the table
    instead (see :func:`_interpreted_init`); an ``__init__`` that converts, checks or computes a
    default is never replaced, but it may end by calling a ``_fill`` method that only stores every
    field it takes, in order, which the pure build replaces the same way (a door's stores: Spite's
    ``Play`` and ``TakeReward``).

    >>> class Seat(Frozen):
    ...     number: int
    ...     def __init__(self, number: int) -> None:
    ...         object.__setattr__(self, "number", number)
    >>> declare_fields(Seat, ("number", int))
    >>> attrs.fields(Seat).number.type, attrs.has(Seat)
    (<class 'int'>, True)
    """
    specs: dict[str, Any] = {}
    for name, kind, *default in fields:
        part = name not in hidden and name not in computed
        specs[name] = attrs.field(
            type=kind,
            default=default[0] if default else attrs.NOTHING,
            init=part,
            eq=part,
            repr=part and name not in unprinted,
            kw_only=name in kw_only,
        )
    # only the table is wanted: no methods generated for the throwaway class (a quarter of the cost)
    made = attrs.make_class(
        cls.__name__, specs, init=False, repr=False, eq=False, order=False, hash=False, slots=False,
        weakref_slot=False,
    )  # fmt: skip
    table = attrs.fields(made)
    setattr(cls, "__attrs_attrs__", table)
    setattr(cls, "__match_args__", tuple(field.name for field in table if field.init and not field.kw_only))
    # replace_from's: the field names, and the hidden fields with the defaults a copy resets them to
    reset = {name: default[0] for name, _, *default in fields if name in hidden}
    written = vars(cls).get("__init__")
    interpreted = isinstance(getattr(cls, "__init__"), FunctionType)  # not compiled: the pure build
    parts = tuple(field.name for field in table if field.init)
    _SHAPES[cls] = (frozenset(name for name, *_ in fields), reset, interpreted, bool(computed), parts)
    filler = vars(cls).get("_fill")
    if isinstance(filler, FunctionType):  # a door's stores, as plain_init's (pure Spite: -4.7% instructions)
        setattr(cls, "__fill_written__", filler)
        setattr(cls, "_fill", _interpreted_init(cls, table, "_fill"))
    if plain_init and isinstance(written, FunctionType):
        setattr(cls, "__init_written__", written)
        fast = _interpreted_init(cls, table)
        fast.__annotations__ = written.__annotations__  # what help() and Hypothesis's builds() read
        setattr(cls, "__init__", fast)


def _interpreted_init(
    cls: type, table: tuple[attrs.Attribute[Any], ...], name: str = "__init__"
) -> Callable[..., None]:
    """The ``__init__`` (or a door's ``_fill``, see :func:`declare_fields`) an interpreted Frozen
    class runs: one store of the instance's whole ``__dict__`` where the written one makes a call
    per field (a 12-field trick 2.6 µs -> 0.5 µs; a device of the pure build, as attrs generates
    its ``__init__``s). Same parameters, defaults and values as the written one (kept as
    ``__init_written__`` / ``__fill_written__``; tests/properties/test_frozen_values.py holds them
    equal); the compiled build runs the written one, natively."""
    namespace: dict[str, Any] = {"_store": object.__setattr__}
    parameters, items = [], []
    for field in table:
        if field.init:
            parameters.append(field.name if field.default is attrs.NOTHING else f"{field.name}=_default_{field.name}")
            items.append(f"{field.name!r}: {field.name}")
        else:
            items.append(f"{field.name!r}: _default_{field.name}")
        namespace[f"_default_{field.name}"] = field.default
    source = f"def __init__(self, {', '.join(parameters)}):\n    _store(self, '__dict__', {{{', '.join(items)}}})\n"
    exec(source, namespace)  # noqa: S102 - generated from the class's own field table
    made: Callable[..., None] = namespace["__init__"]
    made.__name__, made.__qualname__ = name, f"{cls.__qualname__}.{name}"
    return made


def replace(value: F, **changes: Any) -> F:
    """A new value with ``changes``, the rest of ``value``'s fields kept (and its hidden ones left at
    their defaults): ``attrs.evolve`` for a :class:`Frozen` value, typed as its class (mypy's attrs
    plugin knows only decorated classes), and cheaper (see :func:`replace_from`).

    >>> class Seat(Frozen):
    ...     number: int
    ...     def __init__(self, number: int) -> None:
    ...         object.__setattr__(self, "number", number)
    >>> declare_fields(Seat, ("number", int))
    >>> replace(Seat(1), number=2)
    Seat(number=2)
    """
    return replace_from(value, changes)


def replace_from(value: F, changes: Mapping[str, Any]) -> F:
    """:func:`replace` with the changes given as a mapping (a transition that gathers its changes
    in a dict, as Spite's turn does).

    Compiled, the copy is the class's own ``__init__`` given :meth:`Frozen._values` (native stores),
    and each change is stored into the new value before anyone else holds it. In the pure build an
    instance keeps its fields in its ``__dict__``, so the copy is that dict's, the changes laid over
    it and the hidden fields reset (two C-level updates, where 31 ``object.__setattr__`` calls
    through ``__init__`` cost some seven times as much). Either way a name that is not one of the
    class's fields raises AttributeError.
    """
    shape = _SHAPES.get(value.__class__)
    if shape is None:
        raise TypeError(f"{value.__class__.__name__} has no field table (declare_fields)")
    names, reset, interpreted, computed, _ = shape
    if computed:  # facts of the value's fields: its __init__ works them out again
        made: F = attrs.evolve(value, **changes)  # type: ignore[misc]  # mypy knows only decorated classes
        return made
    if not interpreted:  # a compiled class: native fields (a name not among them fails to store)
        copy: F = value._copy()
        for name, change in changes.items():
            object.__setattr__(copy, name, change)
        return copy
    if not changes.keys() <= names:
        raise AttributeError(f"{value.__class__.__name__} has no fields {sorted(set(changes) - names)}")
    copy = object.__new__(value.__class__)
    object.__setattr__(copy, "__dict__", {**vars(value), **changes, **reset})
    return copy
