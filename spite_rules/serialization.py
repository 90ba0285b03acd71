"""JSON for states, actions, events, views and game records, through one cattrs converter.

Every document is ``{"schema": SCHEMA_VERSION, "kind": "<class name>", "data": {...}}``. Cards are
written in notation (``"10♠"``, ``"~4♣"``), hands as their cards (re-classified on reading), enums by
value, actions and events with a ``"type"`` tag. Reading checks the schema and the kind and raises
:class:`SerializationError` saying what was wrong.

>>> text = to_json(Play(1, "7♠ 7♦", direction="lower"))
>>> text
'{"schema": 1, "kind": "Play", "data": {"player": 1, "cards": ["7♦", "7♠"], "buy_back": null, "direction": "lower", "come_at_me": false, "unbeatable": false, "face_down": false, "earned": false, "bounty_claim": null}}'
>>> from_json(text) == Play(1, "7♠ 7♦", direction="lower")
True
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

import cattrs
import cattrs.v
from cattrs.strategies import configure_tagged_union

from spite_rules.actions import Action
from spite_rules.cards import Card, parse_card
from spite_rules.errors import NotationError, SpiteError
from spite_rules.events import Event
from spite_rules.hands import Hand, classify
from spite_rules.record import GameRecord, RoundRecord
from spite_rules.rules import Rules
from spite_rules.state import State
from spite_rules.views import SeatView

__all__ = [
    "SCHEMA_VERSION",
    "SerializationError",
    "converter",
    "to_json",
    "from_json",
    "to_data",
    "from_data",
]

#: Bumped whenever the JSON layout changes in a way older readers cannot follow.
SCHEMA_VERSION = 1

T = TypeVar("T")


class SerializationError(SpiteError):
    """JSON that is not a spite_rules document of the expected kind, with what was wrong."""


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_unstructure_hook(Card, str)
    conv.register_structure_hook(Card, lambda value, _: _card(value))
    conv.register_unstructure_hook(Hand, lambda hand: [str(card) for card in hand.cards])
    conv.register_structure_hook(Hand, lambda value, _: classify([_card(v) for v in value]))
    conv.register_unstructure_hook_func(
        lambda cls: getattr(cls, "__origin__", cls) is frozenset, lambda items: sorted(items)
    )
    conv.register_structure_hook(bool, _strict(bool))
    conv.register_structure_hook(int, _strict(int))
    conv.register_structure_hook(str, _strict(str))
    for union, members in ((Action, _ACTIONS), (Event, _EVENTS)):
        configure_tagged_union(union, conv, tag_name="type")
        hook = _checked_tag(conv.get_structure_hook(union), frozenset(members))
        conv.register_structure_hook(union, hook)
    return conv


class _BadValue(ValueError):
    """A JSON value of the wrong type or tag; its message is shown as it is."""


def _strict(kind: type) -> Any:
    """Read a JSON value as exactly ``kind``: no "false" read as True, no 2.7 read as 2."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise _BadValue(f"expected a JSON {kind.__name__}, got {value!r}")
        return value

    return structure


def _checked_tag(inner: Any, names: frozenset[str]) -> Any:
    """Name an unknown or missing ``type`` tag plainly before the union's own hook runs."""

    def structure(value: Any, cls: Any) -> Any:
        if not isinstance(value, dict):
            raise _BadValue(f"expected an object with a 'type', got {value!r}")
        tag = value.get("type")
        if tag not in names:
            raise _BadValue(f"unknown type {tag!r} (known: {', '.join(sorted(names))})")
        return inner(value, cls)

    return structure


_ACTIONS = {cls.__name__: cls for cls in Action.__args__}
_EVENTS = {cls.__name__: cls for cls in Event.__args__}


def _card(value: Any) -> Card:
    if not isinstance(value, str):
        raise SerializationError(f"a card must be written as a string like '10♠', not {value!r}")
    return parse_card(value)


#: The converter used for every document (exposed for embedding in a larger cattrs setup).
converter = _make_converter()
_KINDS: dict[str, Any] = {
    "State": State,
    "SeatView": SeatView,
    "Rules": Rules,
    "GameRecord": GameRecord,
    "RoundRecord": RoundRecord,
    **_ACTIONS,
    **_EVENTS,
}


def to_data(obj: Any) -> dict[str, Any]:
    """The JSON-ready document (a dict) for a state, action, event, view, rules or game record.

    >>> to_data(Pass(2))
    {'schema': 1, 'kind': 'Pass', 'data': {'player': 2}}
    """
    kind = type(obj).__name__
    if kind not in _KINDS:
        raise SerializationError(f"{kind} is not a kind spite_rules writes as JSON")
    return {"schema": SCHEMA_VERSION, "kind": kind, "data": converter.unstructure(obj)}


def to_json(obj: Any, *, indent: int | None = None) -> str:
    """``obj`` as a JSON document (see :func:`to_data`).

    >>> to_json(Pass(2))
    '{"schema": 1, "kind": "Pass", "data": {"player": 2}}'
    """
    return json.dumps(to_data(obj), ensure_ascii=False, indent=indent)


def from_data(document: Any, expected: type[T] | None = None) -> Any:
    """Read a document made by :func:`to_data`; with ``expected``, it must be of that class.

    >>> from_data({"schema": 1, "kind": "Pass", "data": {"player": 2}}, Pass)
    Pass(player=2)
    """
    if not isinstance(document, dict) or set(document) != {"schema", "kind", "data"}:
        raise SerializationError(
            "a spite_rules document is an object with exactly 'schema', 'kind' and 'data'"
        )
    if type(document["schema"]) is not int or document["schema"] != SCHEMA_VERSION:
        raise SerializationError(
            f"schema {document['schema']!r} is not supported (this version reads {SCHEMA_VERSION})"
        )
    kind = document["kind"]
    cls = _KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise SerializationError(f"kind {kind!r} is not one spite_rules reads")
    if expected is not None and cls is not expected:
        raise SerializationError(f"expected a {expected.__name__}, got a {kind}")
    if not isinstance(document["data"], dict):
        raise SerializationError(f"bad {kind} data: it must be an object, not {document['data']!r}")
    try:
        return converter.structure(document["data"], cls)
    except (cattrs.BaseValidationError, NotationError, SpiteError, ValueError, TypeError, KeyError) as error:
        raise SerializationError(f"bad {kind} data: {_explain(error)}") from None


def from_json(text: str | bytes, expected: type[T] | None = None) -> Any:
    """Read a JSON document made by :func:`to_json`; with ``expected``, it must be of that class.

    >>> from_json('{"schema": 1, "kind": "Pass", "data": {"player": 2}}')
    Pass(player=2)
    >>> from_json('{"schema": 1, "kind": "Pass", "data": {"seat": 2}}')
    Traceback (most recent call last):
    ...
    spite_rules.serialization.SerializationError: bad Pass data: ...
    """
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise SerializationError(f"not JSON: {error}") from None
    return from_data(document, expected)


def _explain(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        return "; ".join(cattrs.transform_error(error, format_exception=_format_exception))
    return str(error)


def _format_exception(exc: BaseException, type_: Any) -> str:
    if isinstance(exc, (SpiteError, _BadValue)):
        return str(exc)
    return cattrs.v.format_exception(exc, type_)
