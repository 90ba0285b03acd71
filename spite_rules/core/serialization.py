"""Game-neutral: JSON for states, actions, events, views, rules and game records of every game.

Layer: core — knows no game: may import only the cards and the errors.

Every document is ``{"schema": 2, "game": "<game>", "kind": "<class name>", "data": {...}}``: the
envelope names the game, so each game's kinds are its own (both games have a ``State``). A schema-1
document (``{"schema": 1, "kind": ..., "data": ...}``, written before the library held two games)
still reads, as Spite. Cards are written in notation (``"10♠"``, ``"~4♣"``), enums by value, actions
and events with a ``"type"`` tag; each game registers its own hooks on the one converter
(:meth:`~spite_rules.core.engine.Game.configure_json`). Reading checks the schema, the game and the kind
and raises :class:`SerializationError` saying what was wrong.

>>> text = to_json(Play(1, "7♠ 7♦", direction="lower"))
>>> text
'{"schema": 2, "game": "spite", "kind": "Play", "data": {"player": 1, "cards": ["7♦", "7♠"], "buy_back": null, "direction": "lower", "come_at_me": false, "unbeatable": false, "face_down": false, "earned": false, "bounty_claim": null}}'
>>> from_json(text) == Play(1, "7♠ 7♦", direction="lower")
True
"""

from __future__ import annotations

import enum
import json
import types
import typing
from types import GenericAlias
from collections.abc import Callable, Mapping
from typing import Any

import cattrs
import cattrs.v
from cattrs.strategies import configure_tagged_union

from spite_rules.cards import Card, parse_card
from spite_rules.core.engine import GAMES, AnyGame, game
from spite_rules.errors import SpiteError, kind_of, shown
from spite_rules.core.record import GameRecord, RoundRecord

__all__ = [
    "SCHEMA_VERSION",
    "SerializationError",
    "read_json",
    "converter",
    "register_tagged_union",
    "to_json",
    "from_json",
    "to_data",
    "from_data",
    "register_shape_check",
    "MAX_DOCUMENT_DEPTH",
]

#: Bumped whenever the JSON layout changes in a way older readers cannot follow. Schema 2 named the
#: game in the envelope; schema-1 documents still read, as Spite.
SCHEMA_VERSION = 2
_READABLE = (1, 2)


class SerializationError(SpiteError):
    """JSON that is not a spite_rules document of the expected kind, with what was wrong."""


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_unstructure_hook(Card, str)
    conv.register_structure_hook(Card, lambda value, _: card_from_json(value))
    conv.register_unstructure_hook_func(
        lambda cls: getattr(cls, "__origin__", cls) is frozenset, lambda items: sorted(items)
    )
    conv.register_structure_hook(bool, _strict(bool))
    conv.register_structure_hook(int, _strict(int))
    conv.register_structure_hook(str, _strict(str))
    # Singledispatch finds IntEnum before int in a Rank's MRO: a Rank reads back as a Rank, not as
    # the plain int the int hook would give (issue 34: an opening's rank came back an int).
    conv.register_structure_hook(enum.IntEnum, _int_enum)
    conv.register_structure_hook(GameRecord, lambda data, cls: _structure_record(data, cls))
    conv.register_unstructure_hook(GameRecord, lambda record: _unstructure_record(record))
    return conv


def register_tagged_union(conv: cattrs.Converter, union: Any) -> None:
    """Write ``union``'s members (attrs classes) with a ``"type"`` tag naming their class, and read
    them back, naming an unknown or missing tag plainly (games call this for their actions and
    events in :meth:`~spite_rules.core.engine.Game.configure_json`)."""
    configure_tagged_union(union, conv, tag_name="type")
    names = frozenset(member.__name__ for member in union.__args__)
    conv.register_structure_hook(union, _checked_tag(conv.get_structure_hook(union), names))


class _BadValue(ValueError):
    """A JSON value of the wrong type or tag; its message is shown as it is."""


def _strict(kind: type) -> Any:
    """Read a JSON value as exactly ``kind``: no "false" read as True, no 2.7 read as 2."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise _BadValue(f"expected a JSON {kind.__name__}, got {shown(value)}")
        return value

    return structure


def _int_enum(value: Any, cls: type[enum.IntEnum]) -> enum.IntEnum:
    """An IntEnum member (a :class:`~spite_rules.cards.Rank`) from its JSON number, as its own
    class: ``3`` reads as ``Rank.THREE``, never as the int 3."""
    if type(value) is not int:
        raise _BadValue(f"expected a JSON int for a {cls.__name__}, got {shown(value)}")
    try:
        return cls(value)
    except ValueError:
        raise _BadValue(f"{value} is not a {cls.__name__}") from None


def _checked_tag(inner: Any, names: frozenset[str]) -> Any:
    """Name an unknown or missing ``type`` tag plainly before the union's own hook runs."""

    def structure(value: Any, cls: Any) -> Any:
        if not isinstance(value, dict):
            raise _BadValue(f"expected an object with a 'type', got {shown(value)}")
        tag = value.get("type")
        if tag not in names:
            raise _BadValue(f"unknown type {shown(tag)} (known: {', '.join(sorted(names))})")
        return inner(value, cls)

    return structure


def card_from_json(value: Any) -> Card:
    """A card written in notation (a JSON string), for games' hooks."""
    if not isinstance(value, str):
        raise SerializationError(f"a card must be written as a string like '10♠', not {shown(value)}")
    return parse_card(value)


#: The converter used for every document (exposed for embedding in a larger cattrs setup).
converter = _make_converter()
_CONFIGURED: set[str] = set()
_SHARED_KINDS: dict[str, type] = {"GameRecord": GameRecord, "RoundRecord": RoundRecord}


#: Each game's kinds (built once: ``to_data`` asks for every document it writes) and the game each
#: class written so far belongs to.
_KINDS: dict[AnyGame, Mapping[str, type]] = {}
_OWNERS: dict[type, AnyGame] = {}


def _kinds(played: AnyGame) -> Mapping[str, type]:
    """The kinds a game writes, its hooks registered on the converter on first use."""
    kinds = _KINDS.get(played)
    if kinds is None:
        if played.name not in _CONFIGURED:
            played.configure_json(converter)
            _CONFIGURED.add(played.name)
        kinds = _KINDS[played] = {**played.json_kinds(), **_SHARED_KINDS}
    return kinds


def _game_of_object(obj: Any) -> AnyGame:
    if isinstance(obj, GameRecord):
        return game(obj.game)
    if isinstance(obj, RoundRecord):  # a round's game is its actions' (Spite's when it has none)
        return _game_of_object(obj.actions[0]) if obj.actions else game("spite")
    owner = _OWNERS.get(type(obj))
    if owner is not None:
        return owner
    for played in GAMES.values():
        if _kinds(played).get(type(obj).__name__) is type(obj):
            _OWNERS[type(obj)] = played
            return played
    raise SerializationError(f"{type(obj).__name__} is not a kind spite_rules writes as JSON")


def _unstructure_record(record: GameRecord) -> dict[str, Any]:
    """A game record, its actions written as its own game's (tagged by ``type``)."""
    played = game(record.game)
    _kinds(played)
    return {
        "game": record.game,
        "players": list(record.players),
        "seed": record.seed,
        "rules": converter.unstructure(record.rules, played.rules_type),
        "rounds": [_unstructure_round(deal, played) for deal in record.rounds],
    }


def _unstructure_round(deal: RoundRecord, played: AnyGame) -> dict[str, Any]:
    return {
        "actions": [converter.unstructure(action, played.action_type) for action in deal.actions],
        "late_joiners": list(deal.late_joiners),
    }


def _structure_round(entry: Any, played: AnyGame) -> RoundRecord:
    if not isinstance(entry, dict) or set(entry) - {"actions", "late_joiners"}:
        raise _BadValue(f"expected a round with 'actions' and 'late_joiners', got {shown(entry)}")
    listed: Any = GenericAlias(list, (played.action_type,))
    actions: list[Any] = converter.structure(entry.get("actions", []), listed)
    joiners = converter.structure(entry.get("late_joiners", []), tuple[str, ...])
    return RoundRecord(actions=tuple(actions), late_joiners=joiners)


def _structure_record(data: Any, _: Any) -> GameRecord:
    """A game record: its rules and actions are read as its own game's."""
    if not isinstance(data, dict):
        raise _BadValue(f"expected a game record object, got {shown(data)}")
    allowed = {"game", "players", "seed", "rules", "rounds"}
    extra = sorted(set(data) - allowed)
    if extra:
        raise _BadValue(f"unknown keys {extra} in a game record (known: {', '.join(sorted(allowed))})")
    name = data.get("game", "spite")
    if not isinstance(name, str) or name not in GAMES:
        raise _BadValue(f"game {shown(name)} does not exist (known: {', '.join(GAMES)})")
    played = game(name)
    _kinds(played)
    if not isinstance(data.get("rounds", []), list):
        raise _BadValue(f"expected the rounds as a list, got {shown(data.get('rounds'))}")
    rounds = [_structure_round(entry, played) for entry in data.get("rounds", [{}])]
    for key in ("players", "seed"):
        if key not in data:
            raise _BadValue(f"a game record needs {key!r}")
    return GameRecord(
        game=name,
        players=converter.structure(data["players"], tuple[str, ...]),
        seed=converter.structure(data["seed"], int),
        rules=converter.structure(data["rules"], played.rules_type)
        if "rules" in data
        else played.default_rules(),
        rounds=tuple(rounds) if "rounds" in data else (RoundRecord(),),
    )


def to_data(obj: Any) -> dict[str, Any]:
    """The JSON-ready document (a dict) for a state, action, event, view, rules or game record of
    any game.

    >>> to_data(Pass(2))
    {'schema': 2, 'game': 'spite', 'kind': 'Pass', 'data': {'player': 2}}
    """
    played = _game_of_object(obj)
    data = _unstructure_round(obj, played) if isinstance(obj, RoundRecord) else converter.unstructure(obj)
    return {"schema": SCHEMA_VERSION, "game": played.name, "kind": type(obj).__name__, "data": data}


def to_json(obj: Any, *, indent: int | None = None) -> str:
    """``obj`` as a JSON document (see :func:`to_data`).

    >>> to_json(Pass(2))
    '{"schema": 2, "game": "spite", "kind": "Pass", "data": {"player": 2}}'
    """
    return json.dumps(to_data(obj), ensure_ascii=False, indent=indent)


#: The deepest nesting a document may have: a State is 7 levels deep, so 64 leaves room for any
#: kind to grow, while "[" * 100000 is refused before it can exhaust the stack.
MAX_DOCUMENT_DEPTH = 64

#: Each game's shape checks (:func:`register_shape_check`), by the class they check: run on a value
#: just read, so a document that parses but describes what cannot happen is refused at the door.
_SHAPE_CHECKS: dict[type, Callable[[Any], None]] = {}


def register_shape_check(cls: type, check: Callable[[Any], None]) -> None:
    """Have :func:`from_data` run ``check`` on every ``cls`` it reads (a game's check that a value
    describes something that can happen at its table; it raises a SpiteError naming the field).

    >>> def no_seat_nine(action):
    ...     if action.player == 9:
    ...         raise IllegalAction("Pass.player 9 is not a seat")
    >>> register_shape_check(Pass, no_seat_nine)
    >>> from_data({"schema": 2, "game": "spite", "kind": "Pass", "data": {"player": 9}})
    Traceback (most recent call last):
    ...
    spite_rules.core.serialization.SerializationError: bad Pass data: Pass.player 9 is not a seat
    >>> del _SHAPE_CHECKS[Pass]
    """
    _SHAPE_CHECKS[cls] = check


def _depth_within(document: Any, limit: int) -> bool:
    """Is ``document`` (parsed JSON) nested no deeper than ``limit``? Walked without recursion."""
    stack: list[tuple[Any, int]] = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return False
        if isinstance(value, dict):
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
    return True


def _kind_expected(cls: type, expected: Any) -> bool:
    """Is a document of class ``cls`` what ``expected`` (a class or a union of them, such as
    ``sr.Action``) asks for? Raises SerializationError if ``expected`` is neither."""
    if typing.get_origin(expected) in (types.UnionType, typing.Union):
        return cls in typing.get_args(expected)
    if not isinstance(expected, type):
        raise SerializationError(
            f"expected must be a class or a union of classes (such as sr.Action), not {shown(expected)}"
        )
    return cls is expected


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def from_data(document: Any, expected: Any = None) -> Any:
    """Read a document made by :func:`to_data`; with ``expected`` (a class, or a union such as
    ``sr.Action``), it must be of that kind. A schema-1 document (no ``game``) reads as Spite.

    Every failure is a :class:`SerializationError` saying what was wrong: the envelope, the schema,
    the game, the kind, a field's type or value, nesting deeper than :data:`MAX_DOCUMENT_DEPTH`,
    and a value that parses but describes what cannot happen at the game's table (the game's shape
    check, :func:`register_shape_check`).

    >>> from_data({"schema": 2, "game": "spite", "kind": "Pass", "data": {"player": 2}}, Pass)
    Pass(player=2)
    >>> from_data({"schema": 1, "kind": "Pass", "data": {"player": 2}})
    Pass(player=2)
    >>> from_data({"schema": 2, "game": "spite", "kind": "Pass", "data": {"player": 2}}, Action)
    Pass(player=2)
    """
    schema = document.get("schema") if isinstance(document, dict) else None
    keys = {"schema", "game", "kind", "data"} if schema != 1 else {"schema", "kind", "data"}
    if not isinstance(document, dict) or set(document) != keys:
        raise SerializationError(
            "a spite_rules document is an object with exactly 'schema', 'kind' and 'data' "
            f"(and, from schema 2, 'game'), not {shown(document)}"
        )
    if type(schema) is not int or schema not in _READABLE:
        readable = " and ".join(str(version) for version in _READABLE)
        raise SerializationError(f"schema {shown(schema)} is not supported (this version reads {readable})")
    name = document.get("game", "spite")
    if not isinstance(name, str) or name not in GAMES:
        raise SerializationError(f"game {shown(name)} is not one spite_rules holds (known: {', '.join(GAMES)})")
    kinds = _kinds(game(name))
    kind = document["kind"]
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise SerializationError(f"kind {shown(kind)} is not one spite_rules reads for {name}")
    if expected is not None and not _kind_expected(cls, expected):
        wanted = _a(expected.__name__) if isinstance(expected, type) else "one of " + ", ".join(
            member.__name__ for member in typing.get_args(expected))
        raise SerializationError(f"expected {wanted}, got {_a(kind)}")
    data = document["data"]
    if not isinstance(data, dict):
        raise SerializationError(f"bad {kind} data: it must be an object, not {shown(data)}")
    if not _depth_within(data, MAX_DOCUMENT_DEPTH):
        raise SerializationError(f"bad {kind} data: nested deeper than {MAX_DOCUMENT_DEPTH} levels")
    try:
        if cls is RoundRecord:
            return _structure_round(data, game(name))
        value: Any = converter.structure(data, cls)
        check = _SHAPE_CHECKS.get(cls)
        if check is not None:
            check(value)
        return value
    except SerializationError as error:
        raise SerializationError(f"bad {kind} data: {error}") from None
    except MemoryError:
        raise SerializationError(f"bad {kind} data: too large to read") from None
    except Exception as error:  # noqa: BLE001 - every failure of a read is this door's error
        raise SerializationError(f"bad {kind} data: {_explain(error)}") from None


def from_json(text: str | bytes | bytearray, expected: Any = None) -> Any:
    """Read a JSON document made by :func:`to_json`; with ``expected`` (a class, or a union such as
    ``sr.Action``), it must be of that kind.

    ``text`` is a string, or bytes of UTF-8; anything else, text that is not JSON (or nests too
    deep to parse, or holds a number of more than 4,300 digits), and every failure of
    :func:`from_data` raise :class:`SerializationError`.

    >>> from_json('{"schema": 2, "game": "spite", "kind": "Pass", "data": {"player": 2}}')
    Pass(player=2)
    >>> from_json('{"schema": 2, "game": "spite", "kind": "Pass", "data": {"seat": 2}}')
    Traceback (most recent call last):
    ...
    spite_rules.core.serialization.SerializationError: bad Pass data: ...
    >>> from_json(None)
    Traceback (most recent call last):
    ...
    spite_rules.core.serialization.SerializationError: a JSON document is a str or UTF-8 bytes, not None (a NoneType)
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise SerializationError(
            f"a JSON document is a str or UTF-8 bytes, not {shown(text)} ({kind_of(text)})"
        )
    return from_data(read_json(text), expected)


def read_json(text: str | bytes | bytearray) -> Any:
    """The JSON document ``text`` as Python values, or SerializationError saying why not: text
    that is not JSON, or JSON no reader here takes (nested deeper than Python's recursion allows,
    or a number of more digits than ``int()`` converts). The web table reads its messages with it.

    >>> read_json('{"type": "ping"}')
    {'type': 'ping'}
    >>> read_json("[" * 5000 + "]" * 5000)
    Traceback (most recent call last):
    ...
    spite_rules.core.serialization.SerializationError: not JSON spite_rules reads: nested deeper than 64 levels
    """
    try:
        return json.loads(text)
    except RecursionError:
        raise SerializationError(f"not JSON spite_rules reads: nested deeper than {MAX_DOCUMENT_DEPTH} levels") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise SerializationError(f"not JSON: {error}") from None
    except ValueError as error:  # a number of more digits than int() converts (sys.int_info)
        raise SerializationError(f"not JSON spite_rules reads: {error}") from None


def _explain(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        return "; ".join(cattrs.transform_error(error, format_exception=_format_exception))
    if isinstance(error, SpiteError):
        return str(error)
    return f"{type(error).__name__}: {error}"


def _format_exception(exc: BaseException, type_: Any) -> str:
    if isinstance(exc, (SpiteError, _BadValue)):
        return str(exc)
    return cattrs.v.format_exception(exc, type_)
