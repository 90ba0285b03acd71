"""A faster ``attrs.evolve`` for the engine's hot paths.

``attrs.evolve`` inspects the class's fields on every call; a state change happens several times
per action, so this version caches each class's layout (one C-level ``attrgetter`` that reads every
field at once) and builds the new instance without the class's generated ``__init__`` where that is
exact: the result is the same, a new instance with ``changes`` applied, validated and converted
exactly as the class's own initialiser would.

How it builds one (a speed device): a frozen attrs class's ``__init__`` sets each field through
``object.__setattr__`` (a bound method call per field, some 900 machine instructions each; a
``State`` has 31 fields). For a class whose initialiser only stores its arguments (no validators,
converters or post-init hooks), the instance is made as its unfrozen twin (a subclass that adds no
slots and keeps ``object``'s ``__setattr__``, so each field is a plain slot store), filled, and then
given its own class (``__class__`` assignment, allowed between classes of the same layout). The
filling is a small function generated per class that copies every field of the old instance
(``new.hands = inst.hands`` ..., which the interpreter runs as direct slot reads and writes), and
the changed fields are then set over the copies. What comes out is an instance of the frozen class
itself, equal to what its ``__init__`` would build.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs

T = TypeVar("T")

#: The slot attrs adds for a class with ``cache_hash=True``; its ``__init__`` sets it to None.
_HASH_CACHE: Final = "_attrs_cached_hash"


@attrs.frozen
class _Layout:
    """How to rebuild an instance: ``copy`` it into its unfrozen twin, where the class has one
    (see :func:`_copier`); else read every init field at once, then call the class."""

    read: Callable[[Any], tuple[Any, ...]]
    index: dict[str, int]
    positional: int
    aliases: tuple[str, ...]
    copy: Callable[[Any], Any] | None


_LAYOUTS: Final[dict[type, _Layout]] = {}


def _copier(cls: type, fields: list[attrs.Attribute[Any]]) -> Callable[[Any], Any] | None:
    """A function that copies every field of an instance of ``cls`` into a new instance of its
    unfrozen twin; or None if the class's ``__init__`` does more than store its arguments
    (validators, converters, hooks, fields it does not take or takes by another name) or its
    instances hold other slots."""
    if not attrs.has(cls) or "__slots__" not in cls.__dict__ or type(cls) is not type:
        return None
    if any(
        f.validator is not None or f.converter is not None or not f.init or (f.alias or f.name) != f.name
        for f in fields
    ):
        return None
    if any(hasattr(cls, hook) for hook in ("__attrs_pre_init__", "__attrs_post_init__")):
        return None
    names = {f.name for f in fields}
    for klass in cls.__mro__[:-1]:
        for slot in klass.__dict__.get("__slots__", ()):
            if slot not in names and slot not in ("__weakref__", _HASH_CACHE):
                return None
    twin = type(
        cls.__name__,
        (cls,),
        {
            "__slots__": (),
            "__module__": cls.__module__,
            "__qualname__": f"{cls.__qualname__}._unfrozen",
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
        },
    )
    lines = ["def copy(inst):", "    new = _new(_twin)"]
    lines += [f"    new.{f.name} = inst.{f.name}" for f in fields]
    if _HASH_CACHE in cls.__dict__["__slots__"]:
        lines.append(f"    new.{_HASH_CACHE} = None")
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "_twin": twin}
    exec("\n".join(lines), namespace)  # as attrs makes its methods: one plain function per class
    copy: Callable[[Any], Any] = namespace["copy"]
    return copy


def _layout(cls: type) -> _Layout:
    layout = _LAYOUTS.get(cls)
    if layout is None:
        fields = list(attrs.fields(cls))
        init_fields = [f for f in fields if f.init]
        ordered = [f for f in init_fields if not f.kw_only] + [f for f in init_fields if f.kw_only]
        names = [f.name for f in ordered]
        getter = operator.attrgetter(*names)
        read = getter if len(names) > 1 else (lambda inst: (getter(inst),))
        layout = _LAYOUTS[cls] = _Layout(
            read,
            {name: i for i, name in enumerate(names)},
            sum(1 for f in init_fields if not f.kw_only),
            tuple(f.alias or f.name for f in ordered if f.kw_only),
            _copier(cls, fields),
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
    copy = layout.copy
    if copy is not None:
        new = copy(inst)
        for name, value in changes.items():
            setattr(new, name, value)
        setattr(new, "__class__", cls)
        return new  # type: ignore[no-any-return]
    values = list(layout.read(inst))
    index = layout.index
    for name, value in changes.items():
        values[index[name]] = value
    if not layout.aliases:
        return cls(*values)
    split = layout.positional
    return cls(*values[:split], **dict(zip(layout.aliases, values[split:])))
