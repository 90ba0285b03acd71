"""Game-neutral: the door check on a value's Python types, the same for every game.

Layer: core — knows no game: may import only the cards and the errors.

An action whose fields hold the wrong Python type (a seat given as ``"0"`` or ``None``, a count as
a float, ``True`` as a seat) cannot happen at a table: Spite's actions run this check when they are
made, and ``apply`` runs it again (an action can be built around its ``__init__``), refusing with
:class:`~spite_rules.errors.IllegalAction` naming the class, the field and the value, before it
looks at the state, so nothing changes. Spite's :func:`~spite_rules.position.check_state` runs it on
a whole state (``setup(scores=["a"])``), naming the state's field.

>>> Pass("0")
Traceback (most recent call last):
...
spite_rules.errors.IllegalAction: Pass.player must be an int, not '0' (a str)
>>> bare = object.__new__(Pass)
>>> object.__setattr__(bare, "player", 2.0)
>>> check_fields(bare)
Traceback (most recent call last):
...
spite_rules.errors.IllegalAction: Pass.player must be an int, not 2.0 (a float)
>>> check_fields(Play(0, "5♠", come_at_me=True)) is None
True
>>> Pass(10**5000)
Traceback (most recent call last):
...
spite_rules.errors.IllegalAction: Pass.player must have at most 100 digits, not <an int of about 5,000 digits>
>>> check_fields("pass")
Traceback (most recent call last):
...
spite_rules.errors.IllegalAction: 'pass' is not an action

Fields with a converter (a play's ``cards``, its ``direction``) are of their type once the action
is made through its ``__init__`` (the converter made them so or refused), and are checked too, for
an action built around it. The check is one generated predicate per class (``apply`` runs it on
every action), and only a failing action is examined field by field to say which field is wrong.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from spite_rules.errors import IllegalAction, kind_of, shown

__all__ = ["check_fields", "check_arguments", "check_seed", "too_long", "MAX_DIGITS"]

#: The most digits a whole number given at a door may have (a seat, a stack, a count, a score, a
#: seed): every int a value holds is written as text (its repr, its JSON, the notation, a shuffle's
#: seed string), which Python does only up to 4,300 digits. No table needs more than a few; a
#: 256-bit seed has 78.
MAX_DIGITS: Final = 100
_BOUND: Final = 10**MAX_DIGITS


def too_long(value: int) -> bool:
    """Whether the int ``value`` has more than :data:`MAX_DIGITS` digits.

    >>> too_long(-(10**99)), too_long(10**100)
    (False, True)
    """
    return not -_BOUND < value < _BOUND


def check_seed(seed: object) -> None:
    """Refuse a seed that is not a whole number (an int) of at most :data:`MAX_DIGITS` digits.

    >>> check_seed(2**64)
    >>> check_seed(10**5000)
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: seed must be a whole number of at most 100 digits, not <an int of about 5,000 digits>
    """
    if type(seed) is not int or too_long(seed):
        raise IllegalAction(f"seed must be a whole number of at most {MAX_DIGITS} digits, not {shown(seed)}")

_Check = Callable[[Any], bool]
_CHECKS: dict[type, tuple[_Check, tuple[tuple[str, _Check, str], ...]]] = {}


def check_fields(action: object, what: str = "an action") -> None:
    """Raise IllegalAction naming the first field of ``action`` (an attrs class) whose value is
    not of its declared type; return None when every field is. ``what`` names what the value
    should be, for a value that is not an attrs class at all."""
    _check(type(action), action, what)


def check_arguments(kind: type, arguments: Mapping[str, object]) -> None:
    """:func:`check_fields` for the values an instance of ``kind`` (an attrs class, or a Frozen one
    with its table) is about to be built from, the fields not given taking their defaults: a
    compiled class checks its arguments' types itself and would raise a bare TypeError, where this
    raises IllegalAction naming ``kind.field``.

    >>> check_arguments(Pass, {"player": "0"})
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: Pass.player must be an int, not '0' (a str)
    """
    defaults = {field.name: field.default for field in attrs.fields(kind) if field.default is not attrs.NOTHING}
    _check(kind, types.SimpleNamespace(**{**defaults, **arguments}), "a value")


def _check(kind: type, action: object, what: str) -> None:
    """:func:`check_fields` of ``action``'s fields read as those of ``kind``."""
    compiled = _CHECKS.get(kind)
    if compiled is None:
        if not attrs.has(kind):
            raise IllegalAction(f"{shown(action)} is not {what}")
        compiled = _CHECKS[kind] = _compile(kind)
    whole, fields = compiled
    if whole(action):
        return
    for name, check, expected in fields:
        value = getattr(action, name)
        if type(value) is int and too_long(value):
            raise IllegalAction(f"{kind.__name__}.{name} must have at most {MAX_DIGITS} digits, not {shown(value)}")
        if not check(value):
            raise IllegalAction(
                f"{kind.__name__}.{name} must be {expected}, not {shown(value)} ({kind_of(value)})"
            )


def _plural(name: str) -> str:
    """``"an int"`` -> ``"ints"``, ``"a tuple of Cards"`` -> ``"tuples of Cards"``."""
    name = name.removeprefix("a ").removeprefix("an ")
    head, _, tail = name.partition(" of ")
    return f"{head}s of {tail}" if tail else f"{name}s"


def _compile(kind: type) -> tuple[_Check, tuple[tuple[str, _Check, str], ...]]:
    """The class's whole check as one generated predicate (see the module), and one per field."""
    # The fields' types, resolved from the annotations where a class has them, and as its table
    # gives them where a compiled class keeps none (core.frozen)
    attrs.resolve_types(kind)
    fields = []
    terms = []
    namespace: dict[str, Any] = {}
    for index, field in enumerate(attrs.fields(kind)):
        if not field.init:
            continue
        check, expected = _checker(field.type)
        fields.append((field.name, check, expected))
        namespace[f"check_{index}"] = check
        value = f"action.{field.name}"  # inline where the type is simple, else by its checker
        terms.append(_inline(field.type, value, namespace) or f"check_{index}({value})")
    source = f"def whole(action):\n    return {' and '.join(terms) or 'True'}\n"
    exec(source, namespace)  # noqa: S102 - generated from the class's own annotations
    return namespace["whole"], tuple(fields)


def _inline(hint: Any, value: str, namespace: dict[str, Any]) -> str | None:
    """A Python expression testing ``value`` against ``hint``, or None where it needs its checker.
    A tuple's items are tested in C where it can be (``map`` over a class's ``__instancecheck__``,
    the set of the items' types, their ``min`` and ``max``): a deal holds some 200 cards."""
    if hint is type(None):
        return f"{value} is None"
    if hint is int:
        return f"(type({value}) is int and {-_BOUND} < {value} < {_BOUND})"
    if hint in (bool, str):
        return f"type({value}) is {hint.__name__}"
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        members = [_inline(member, value, namespace) for member in typing.get_args(hint)]
        return None if None in members else "(" + " or ".join(members) + ")"  # type: ignore[arg-type]
    if _plain_class(hint):
        namespace[f"class_{hint.__name__}"] = hint
        return f"isinstance({value}, class_{hint.__name__})"
    args = typing.get_args(hint)
    if typing.get_origin(hint) is not tuple or len(args) != 2 or args[1] is not Ellipsis:
        return None
    item = args[0]
    if _plain_class(item):  # a play's cards: each checked by the class's own C-level isinstance
        namespace[f"class_{item.__name__}"] = item
        return f"(type({value}) is tuple and all(map(class_{item.__name__}.__instancecheck__, {value})))"
    if item in (bool, int, str):  # scores, names: the items' types at once, and an int's bounds
        namespace[f"only_{item.__name__}"] = {item}
        bounded = f" and (not {value} or ({-_BOUND} < min({value}) and max({value}) < {_BOUND}))" if item is int else ""
        return f"(type({value}) is tuple and set(map(type, {value})) <= only_{item.__name__}{bounded})"
    inner = _inline(item, "entry", namespace)  # the seats' hands: a tuple of tuples of cards
    if inner is None or typing.get_origin(item) is not tuple:
        return None
    return f"(type({value}) is tuple and all({inner} for entry in {value}))"


def _plain_class(hint: Any) -> bool:
    """A class checked by isinstance (an enum, an attrs value), not a generic alias."""
    return isinstance(hint, type) and typing.get_origin(hint) is None and hint not in (bool, int, str)


def _checker(hint: Any) -> tuple[_Check, str]:
    """A predicate for values of type ``hint``, and how to name that type in a message."""
    if hint is type(None):
        return (lambda value: value is None), "None"
    if hint is bool:
        return (lambda value: type(value) is bool), "true or false"
    if hint is int:
        return (lambda value: type(value) is int and not too_long(value)), "an int"
    if hint is str:
        return (lambda value: type(value) is str), "a string"
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        members = [_checker(member) for member in typing.get_args(hint)]
        return (
            lambda value: any(check(value) for check, _ in members),
            " or ".join(name for _, name in members),
        )
    if origin in (tuple, frozenset):
        args = typing.get_args(hint)
        item, item_name = _checker(args[0])
        return (
            lambda value: type(value) is origin and all(item(entry) for entry in value),
            f"a {origin.__name__} of {_plural(item_name)}",
        )
    if isinstance(hint, type):  # an enum or an attrs value: "a Card", "an Origin"
        article = "an" if hint.__name__[0] in "AEIOU" else "a"
        return (lambda value: isinstance(value, hint)), f"{article} {hint.__name__}"
    raise TypeError(f"no door check for fields of type {hint!r}")
