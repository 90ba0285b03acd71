"""A faster ``attrs.evolve`` for the engine's hot paths.

``attrs.evolve`` inspects the class's fields on every call; a state change happens several times
per action, so this version caches each class's layout (one C-level ``attrgetter`` that reads every
field at once) and calls the class's generated ``__init__`` directly. The result is the same: a new
instance with ``changes`` applied, validated and converted exactly as the class's own initialiser
would.

A class whose instances keep their fields in a ``__dict__`` (not slots), with no converters,
validators, derived fields or ``__attrs_post_init__`` (:class:`~spite_rules.state.State`), is
rebuilt by copying that dict and updating it: about three times faster than calling the
initialiser with every field (see :class:`~spite_rules.state.State` for the measurement).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")


@attrs.frozen
class _Layout:
    """How to rebuild an instance: read every init field at once, then call the class."""

    read: Callable[[Any], tuple[Any, ...]]
    index: dict[str, int]
    positional: int
    aliases: tuple[str, ...]
    #: Rebuild by copying the instance's ``__dict__``: its fields are all plain init fields kept in
    #: a dict, so the copy, updated with the changes, is what the initialiser would build.
    by_dict: bool
    names: frozenset[str]


_LAYOUTS: dict[type, _Layout] = {}


def _layout(cls: type) -> _Layout:
    layout = _LAYOUTS.get(cls)
    if layout is None:
        fields = [f for f in attrs.fields(cls) if f.init]
        ordered = [f for f in fields if not f.kw_only] + [f for f in fields if f.kw_only]
        names = [f.name for f in ordered]
        getter = operator.attrgetter(*names)
        read = getter if len(names) > 1 else (lambda inst: (getter(inst),))
        every = attrs.fields(cls)
        plain = all(
            f.init and f.converter is None and f.validator is None and f.on_setattr is None
            for f in every
        )
        by_dict = (
            plain
            and "__dict__" in dir(cls)
            and not hasattr(cls, "__attrs_post_init__")
            and not hasattr(cls, "__attrs_pre_init__")
        )
        layout = _LAYOUTS[cls] = _Layout(
            read,
            {name: i for i, name in enumerate(names)},
            sum(1 for f in fields if not f.kw_only),
            tuple(f.alias or f.name for f in ordered if f.kw_only),
            by_dict,
            frozenset(names),
        )
    return layout


def evolve(inst: T, **changes: Any) -> T:
    """``attrs.evolve(inst, **changes)``, faster.

    >>> from spite_rules.trick import Trick
    >>> evolve(Trick.start(0), leader=2).leader
    2
    """
    cls = type(inst)
    layout = _LAYOUTS.get(cls) or _layout(cls)
    if layout.by_dict:
        if not layout.names.issuperset(changes):
            unknown = sorted(set(changes) - layout.names)
            raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
        new: T = object.__new__(cls)
        fields: dict[str, Any] = new.__dict__
        fields.update(inst.__dict__)
        fields.update(changes)
        return new
    values = list(layout.read(inst))
    index = layout.index
    for name, value in changes.items():
        values[index[name]] = value
    if not layout.aliases:
        return cls(*values)
    split = layout.positional
    return cls(*values[:split], **dict(zip(layout.aliases, values[split:])))
