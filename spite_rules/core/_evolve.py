"""A faster ``attrs.evolve`` for the engine's hot paths, and :func:`constructor`, a faster way to
build the value objects they make most often.

Layer: core — knows no game: may import only the cards and the errors.

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
the changed fields are then set over the copies. :func:`constructor` gives a class's generated
function that builds a new instance the same way from the class's own arguments. What comes out is
an instance of the frozen class itself, equal to what its ``__init__`` would build
(tests/properties/test_evolve_properties.py holds both to ``attrs.evolve`` and the class).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any, Final, ParamSpec, TypeVar

import attrs

T = TypeVar("T")
P = ParamSpec("P")

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


def _twin(cls: type, converted: bool = False, normal: bool = False) -> type | None:
    """The unfrozen twin of ``cls`` (made once per class), or None if the class's ``__init__`` does
    more than store its arguments (validators, converters unless the values are ``converted``
    already, a post-init hook unless the values are ``normal`` already, other hooks, factories,
    fields it does not take or takes by another name) or its instances hold other slots than its
    fields (and attrs' hash cache)."""
    if not converted and attrs.has(cls) and any(f.converter is not None for f in attrs.fields(cls)):
        return None
    if not normal and hasattr(cls, "__attrs_post_init__"):
        return None
    if cls in _TWINS:
        return _TWINS[cls]
    _TWINS[cls] = None
    if not attrs.has(cls) or "__slots__" not in cls.__dict__ or type(cls) is not type:
        return None
    fields = attrs.fields(cls)
    if any(
        f.validator is not None
        or not f.init
        or (f.alias or f.name) != f.name
        or isinstance(f.default, attrs.Factory)  # type: ignore[arg-type]
        for f in fields
    ):
        return None
    if hasattr(cls, "__attrs_pre_init__"):
        return None
    names = {f.name for f in fields}
    for klass in cls.__mro__[:-1]:
        for slot in klass.__dict__.get("__slots__", ()):
            if slot not in names and slot not in ("__weakref__", _HASH_CACHE):
                return None
    twin = _TWINS[cls] = type(
        cls.__name__,
        (cls,),
        {
            "__slots__": (),
            "__module__": cls.__module__,
            "__qualname__": f"{cls.__qualname__}._unfrozen",
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            # object's own initialiser, so that calling the twin with no arguments makes a bare
            # instance through the type's C slots (see _generated)
            "__init__": object.__init__,
        },
    )
    return twin


#: Each class's unfrozen twin, or None (see :func:`_twin`).
_TWINS: Final[dict[type, type | None]] = {}


def _generated(cls: type, twin: type, head: str, values: list[str], body: list[str]) -> Any:
    """A function ``head`` that makes an instance of ``twin``, stores ``values`` (one
    ``field = expression`` each) and then runs ``body`` (as attrs makes its methods: the source
    written out, one plain function per class)."""
    # ``_twin()`` where no class defines ``__new__`` (a speed device: the type's C slots make a bare
    # instance, object's ``__new__`` and ``__init__``, where calling ``object.__new__(_twin)`` goes
    # through its Python-level wrapper, which builds a tuple of its arguments and checks the class)
    lines = [f"def {head}:", "    new = _twin()" if getattr(twin, "__new__") is object.__new__ else "    new = _new(_twin)"]
    lines += [f"    new.{value}" for value in values]
    if _HASH_CACHE in cls.__dict__["__slots__"]:
        lines.append(f"    new.{_HASH_CACHE} = None")
    lines += [f"    {line}" for line in body]
    namespace: dict[str, Any] = {"_new": object.__new__, "_twin": twin, "_cls": cls}
    namespace.update((f"_default_{f.name}", f.default) for f in attrs.fields(cls))
    exec("\n".join(lines), namespace)
    return namespace[head.split("(")[0]]


def _copier(cls: type) -> Callable[[Any], Any] | None:
    """A function that copies every field of an instance of ``cls`` into a new instance of its
    unfrozen twin (which :func:`evolve` then changes and gives the class), or None if it has none."""
    twin = _twin(cls)
    if twin is None:
        return None
    names = [f.name for f in attrs.fields(cls)]
    copy: Callable[[Any], Any] = _generated(
        cls, twin, "copy(inst)", [f"{name} = inst.{name}" for name in names], ["return new"]
    )
    return copy


def constructor(cls: Callable[P, T], *, converted: bool = False, normal: bool = False) -> Callable[P, T]:
    """A function that builds an instance of the frozen attrs class ``cls`` as ``cls(...)`` would,
    given the same arguments, but as :func:`evolve` does (its unfrozen twin filled, then given the
    class); ``cls`` itself if its ``__init__`` does more than store its arguments. With
    ``converted``, the caller promises values in their converted form (each field's converter
    would give it back unchanged), as a class's ``canonical`` builder does, so converters are no
    reason to call the class. With ``normal``, the caller promises too that the class's
    ``__attrs_post_init__`` would change nothing (the values are already in the one form it
    brings them to), so the hook is no reason to call the class either.

    >>> from spite_rules.events import Passed
    >>> make_passed = constructor(Passed)
    >>> make_passed(2) == Passed(2), type(make_passed(2)) is Passed
    (True, True)
    """
    assert isinstance(cls, type)
    twin = _twin(cls, converted, normal)
    if twin is None:
        return cls
    fields = [f for f in attrs.fields(cls) if not f.kw_only] + [f for f in attrs.fields(cls) if f.kw_only]
    parameters = []
    for f in fields:
        if f.kw_only and "*" not in parameters:
            parameters.append("*")
        parameters.append(f.name if f.default is attrs.NOTHING else f"{f.name}=_default_{f.name}")
    made: Callable[P, T] = _generated(
        cls,
        twin,
        f"make({', '.join(parameters)})",
        [f"{f.name} = {f.name}" for f in fields],
        ["new.__class__ = _cls", "return new"],
    )
    return made


def replacer(cls: type[T], names: tuple[str, ...]) -> Callable[..., T]:
    """A function ``replace(inst, *values)`` giving ``attrs.evolve(inst, **dict(zip(names,
    values)))`` for an instance of exactly ``cls``, built as :func:`evolve` builds it but by one
    generated function that reads the other fields itself (a caller in compiled code that would
    read every field to pass them all reads only what it changes).

    >>> from spite_rules.trick import Trick
    >>> replacer(Trick, ("leader",))(Trick.start(0), 2).leader
    2
    """
    twin = _twin(cls)
    if twin is None:

        def replace(inst: T, *values: object) -> T:
            return evolve_from(inst, dict(zip(names, values)))

        return replace
    klass: type = cls
    fields = [f.name for f in attrs.fields(klass)]
    unknown = set(names) - set(fields)
    if unknown:
        raise TypeError(f"{cls.__name__} has no fields {sorted(unknown)}")
    made: Callable[..., T] = _generated(
        cls,
        twin,
        f"replace(inst, {', '.join(names)})",
        [f"{name} = {name}" if name in names else f"{name} = inst.{name}" for name in fields],
        ["new.__class__ = _cls", "return new"],
    )
    return made


def reader(cls: type, names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function ``read(inst)`` giving the fields ``names`` of an instance of ``cls`` as a tuple,
    in that order: ``tuple(getattr(inst, name) for name in names)``.

    A speed device for compiled callers that read many fields of a pure class's instance: each such
    read is a generic attribute lookup from compiled code (150-200 machine instructions), where the
    interpreter runs this small function's reads as specialised slot reads, for one call.

    >>> from spite_rules.trick import Trick
    >>> reader(Trick, ("leader", "plays"))(Trick.start(2))
    (2, ())
    """
    known = {f.name for f in attrs.fields(cls)}
    unknown = set(names) - known
    if unknown:
        raise TypeError(f"{cls.__name__} has no fields {sorted(unknown)}")
    namespace: dict[str, Any] = {}
    exec(f"def read(inst):\n    return ({''.join(f'inst.{name}, ' for name in names)})", namespace)
    read: Callable[[Any], tuple[Any, ...]] = namespace["read"]
    return read


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
            _copier(cls),
        )
    return layout


def evolve(inst: T, **changes: Any) -> T:
    """``attrs.evolve(inst, **changes)``, faster.

    >>> from spite_rules.trick import Trick
    >>> evolve(Trick.start(0), leader=2).leader
    2
    """
    return evolve_from(inst, changes)


def evolve_from(inst: T, changes: Mapping[str, object]) -> T:
    """:func:`evolve` with the changes given as a mapping (a caller holding them in a dict spares
    unpacking it into keyword arguments that are packed into a dict again).

    >>> from spite_rules.trick import Trick
    >>> evolve_from(Trick.start(0), {"leader": 2}).leader
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
