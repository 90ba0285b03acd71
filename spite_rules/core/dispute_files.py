"""Reading dispute files, for both games: the text, the TOML, and a declarative schema.

Layer: core — knows no game: may import only the cards and the errors.

A dispute file (docs/disputes.md) is read in three steps before anything is judged: its bytes must
be UTF-8 (:func:`read_dispute_text`), its text TOML (:func:`load_toml`), and every table of it must
match its :class:`Section` of the game's schema (:func:`check_section`): no key the section does not
list (the error names the key and the keys allowed there), every value of its :class:`Kind` (the
error names the key, what it must be, and the value given), every per-seat list one entry per
seat. The cards a position names are then counted against the packs of its rules
(:func:`check_card_counts`). Each game states its schema as a table of :class:`Field`\\ s
(``spite_rules/disputes.py``, ``spite_rules/malice/disputes.py``), and the same tables render the
lists of allowed keys in docs/disputes.md (:func:`render_section`, :func:`render_docs`), so the
docs cannot drift from what the reader accepts.

>>> section = Section("final", "[final]", (Field("to_act", SEAT, "the seat to act"),))
>>> check_section({"to_act": 1}, section, Context(seats=3), "[final]\\nto_act = 1\\n")
>>> check_section({"to_act": 3}, section, Context(seats=3), "[final]\\nto_act = 3\\n")
Traceback (most recent call last):
...
spite_rules.core.dispute_files.DisputeError: line 2: final.to_act must be a seat number (0 to 2), not 3
"""

from __future__ import annotations

import difflib
import enum
import itertools
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from spite_rules.cards import Card, parse_cards
from spite_rules.core.clause_tables import ClauseText
from spite_rules.errors import NotationError, SpiteError

__all__ = [
    "DisputeError",
    "Kind",
    "Field",
    "Section",
    "Context",
    "read_dispute_text",
    "load_toml",
    "check_section",
    "check_card_counts",
    "locate",
    "locate_offset",
    "header_at",
    "line_at",
    "toml_value",
    "render_section",
    "end_checks",
    "clause_kind",
    "render_docs",
    "DisputeAction",
    "Dispute",
    "Step",
    "Judgement",
    "TEXT",
    "WHOLE",
    "COUNT",
    "FLAG",
    "TRUE",
    "SEAT",
    "CARDS",
    "CARD",
    "whole",
    "one_of",
    "list_of",
    "per_seat",
    "table",
    "tables",
    "either",
]


class DisputeError(SpiteError):
    """A dispute file that cannot be read: ``line`` is where the trouble is (0 if unknown)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


# -- the text ------------------------------------------------------------------------------------


def read_dispute_text(path: str | Path) -> str:
    """The text of the dispute file at ``path``: UTF-8 (a byte-order mark is dropped), else a
    :class:`DisputeError` naming the first bad byte and its line.

    >>> read_dispute_text("no/such/file.toml")
    Traceback (most recent call last):
    ...
    spite_rules.core.dispute_files.DisputeError: cannot read no/such/file.toml: No such file or directory
    """
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise DisputeError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise DisputeError(
            f"the file is not UTF-8 text (byte 0x{data[error.start]:02x} cannot start or continue a "
            f"UTF-8 character): save it as UTF-8", line
        ) from None


def load_toml(text: str) -> dict[str, Any]:
    """The TOML document ``text``, or a :class:`DisputeError` with the line the parser stopped at.

    >>> load_toml('question = "?"')
    {'question': '?'}
    >>> load_toml('question = ?')
    Traceback (most recent call last):
    ...
    spite_rules.core.dispute_files.DisputeError: line 1: not valid TOML: Invalid value (at line 1, column 12)
    """
    if not isinstance(text, str):
        raise DisputeError(f"a dispute is TOML text (a str), not {type(text).__name__}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        raise DisputeError(f"not valid TOML: {error}", int(match.group(1)) if match else 0) from None
    except RecursionError:
        raise DisputeError("not valid TOML: arrays or tables nested too deeply") from None


def toml_value(value: Any, limit: int = 60) -> str:
    """``value`` written as TOML writes it (shortened past ``limit`` characters), for messages.

    >>> toml_value(["a", 1, True, {"b": 1.5}])
    '["a", 1, true, { b = 1.5 }]'
    """
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    elif isinstance(value, list):
        text = "[" + ", ".join(toml_value(item, limit) for item in value) + "]"
    elif isinstance(value, dict):
        inner = ", ".join(f"{key} = {toml_value(item, limit)}" for key, item in value.items())
        text = "{ " + inner + " }" if inner else "{}"
    else:
        text = str(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def locate(text: str, key: str, start: int = 0) -> int:
    """The 1-based line where ``key = ...`` is written in ``text`` from offset ``start`` (or, for a
    key of an inline table, ``{ key = ...``), else the line of ``start`` (0 when ``start`` < 0).

    >>> locate("[position]\\nhands = []\\noptions = { loading = 1 }\\n", "loading")
    3
    """
    return line_at(text, locate_offset(text, key, start))


def header_at(text: str, header: str, n: int = 0) -> int:
    """The offset of the ``n``-th (0-based) line of ``text`` that opens with ``header`` (a table's
    ``[position]``, the third ``[[actions]]``), or -1; a header quoted in a comment is not one.

    >>> header_at("# [[actions]] here\\n[[actions]]\\nseat = 0\\n[[actions]]\\n", "[[actions]]", 1)
    40
    """
    pattern = re.compile(rf"(?m)^[ \t]*{re.escape(header)}")
    found = next(itertools.islice(pattern.finditer(text), n, None), None)
    return found.start() if found is not None else -1


def line_at(text: str, offset: int) -> int:
    """The 1-based line of ``offset`` in ``text`` (0 for a negative offset: a table not written).

    >>> line_at("a\\nb", 2), line_at("a", -1)
    (2, 0)
    """
    return text.count("\n", 0, offset) + 1 if offset >= 0 else 0


def locate_offset(text: str, key: str, start: int = 0) -> int:
    """The offset in ``text`` where ``key = ...`` (or ``{ key = ...``, the key quoted or not) is
    written from ``start`` (for the keys of an inline table such as ``options = { ... }``), else
    ``start``.

    >>> locate_offset("[position]\\noptions = { a = 1 }", "options")
    11
    """
    if start < 0:
        return start
    found = re.compile(rf"(?m)(^|[{{,])[ \t]*[\"']?{re.escape(key)}[\"']?[ \t]*=").search(text, start)
    return found.start() + len(found.group(1)) if found else start


# -- the schema ----------------------------------------------------------------------------------


@attrs.frozen
class Context:
    """What a check needs beyond the value: the number of seats (None until known) and the game's
    card notation (:func:`~spite_rules.cards.parse_cards` by default)."""

    seats: int | None = None
    cards: Callable[[str], Sequence[Card]] = parse_cards


#: A value's check: None when it fits, else the complaint (what it must be, with the reason).
Test = Callable[[Any, Context], "str | None"]


@attrs.frozen
class Kind:
    """What a value must be: ``label`` says it in words (the messages and docs/disputes.md use it),
    ``test`` checks a value (None when it fits, else the complaint; by default the label)."""

    label: str
    test: Test

    def complaint(self, value: Any, context: Context) -> str | None:
        """None when ``value`` is of this kind, else what is wrong with it.

        >>> WHOLE.complaint(1.5, Context()), WHOLE.complaint(2, Context())
        ('must be a whole number', None)
        """
        return self.test(value, context)


@attrs.frozen
class Field:
    """A key of a section: its name, its :class:`Kind`, what it means, its default (``""`` when it
    has none worth saying) and whether it must be given."""

    name: str
    kind: Kind
    meaning: str
    default: str = ""
    required: bool = False


@attrs.frozen
class Section:
    """A table of a dispute file: ``path`` names it in messages (``position``, ``actions[2]``),
    ``header`` is how it is written (``[position]``), ``fields`` its keys."""

    path: str
    header: str
    fields: tuple[Field, ...]

    @property
    def allowed(self) -> tuple[str, ...]:
        """The keys the section allows, in the order of its table."""
        return tuple(field.name for field in self.fields)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(low: int | None = None, high: int | None = None, label: str = "") -> Kind:
    """A whole number, at least ``low`` and at most ``high`` where given.

    >>> whole(1, 9).complaint(0, Context())
    'must be a whole number from 1 to 9'
    """
    if not label:
        if low is not None and high is not None:
            label = f"a whole number from {low} to {high}"
        else:
            label = "a whole number" + (f" ({low} or more)" if low is not None else "")

    def test(value: Any, context: Context) -> str | None:
        fits = _is_whole(value) and (low is None or value >= low) and (high is None or value <= high)
        return None if fits else f"must be {label}"

    return Kind(label, test)


TEXT = Kind("a string", lambda value, context: None if isinstance(value, str) else "must be a string")
WHOLE = whole()
COUNT = whole(0)
FLAG = Kind("true or false", lambda value, context: None if isinstance(value, bool) else "must be true or false")
TRUE = Kind("true", lambda value, context: None if value is True else "must be true (the only value it takes)")


def _seat(value: Any, context: Context) -> str | None:
    if context.seats is None:
        return None if _is_whole(value) and value >= 0 else "must be a seat number"
    if _is_whole(value) and 0 <= value < context.seats:
        return None
    return f"must be a seat number (0 to {context.seats - 1})"


SEAT = Kind("a seat number", _seat)


def _cards_complaint(value: Any, context: Context, exactly_one: bool = False) -> str | None:
    what = "a card" if exactly_one else "a string of cards"
    if not isinstance(value, str):
        return f"must be {what} such as \"9♠\"" if exactly_one else f"must be {what} such as \"9♠ 9♦\""
    try:
        cards = context.cards(value)
    except NotationError as error:
        return f"must be {what}: {error}"
    if exactly_one and len(cards) != 1:
        return f"must be one card, not {len(cards)}"
    return None


CARDS = Kind('a string of cards ("9♠ 9♦")', _cards_complaint)
CARD = Kind('one card ("9♠")', lambda value, context: _cards_complaint(value, context, True))


def clause_kind(doc: str, by_id: Mapping[str, Any]) -> Kind:
    """A clause id of the game's ``by_id`` (its clauses module's ``BY_ID``), which ``doc`` renders;
    the nearest ids are suggested.

    >>> clause_kind("docs/x.md", {"x.lead": None}).complaint("x.led", Context())
    'must be a clause id of docs/x.md (nearest: x.lead)'
    """
    label = f"a clause id of {doc}"

    def test(value: Any, context: Context) -> str | None:
        if isinstance(value, str) and value in by_id:
            return None
        near = difflib.get_close_matches(value, by_id, n=3, cutoff=0.6) if isinstance(value, str) else []
        return f"must be {label}" + (f" (nearest: {', '.join(near)})" if near else "")

    return Kind(label, test)


def one_of(*choices: str, label: str = "") -> Kind:
    """A string among ``choices`` (a near miss is suggested).

    >>> one_of("higher", "lower").complaint("hihger", Context())
    "must be one of higher, lower (did you mean 'higher'?)"
    """
    label = label or "one of " + ", ".join(choices)

    def test(value: Any, context: Context) -> str | None:
        if isinstance(value, str) and value in choices:
            return None
        near = difflib.get_close_matches(value, choices, n=1) if isinstance(value, str) else []
        return f"must be {label}" + (f" (did you mean {near[0]!r}?)" if near else "")

    return Kind(label, test)


def list_of(item: Kind, label: str = "") -> Kind:
    """A list whose every entry is of kind ``item``; the complaint names the first bad entry.

    >>> list_of(WHOLE).complaint([1, "a"], Context())
    'entry 2 must be a whole number, not "a"'
    """
    label = label or f"a list of {_plural(item.label)}"

    def test(value: Any, context: Context) -> str | None:
        if not isinstance(value, list):
            return f"must be {label}"
        for number, entry in enumerate(value, 1):
            complaint = item.complaint(entry, context)
            if complaint is not None:
                return f"entry {number} {_with_value(complaint, entry)}"
        return None

    return Kind(label, test)


def per_seat(item: Kind, label: str = "") -> Kind:
    """A list with one entry of kind ``item`` per seat.

    >>> per_seat(WHOLE).complaint([0, 0], Context(seats=3))
    'must have one entry per seat: 2 entries for 3 seats'
    """
    inner = list_of(item)
    label = label or f"a list of {_plural(item.label)}, one per seat"

    def test(value: Any, context: Context) -> str | None:
        complaint = inner.complaint(value, context)
        if complaint is not None:
            return complaint if isinstance(value, list) else f"must be {label}"
        if context.seats is not None and len(value) != context.seats:
            entries = "entry" if len(value) == 1 else "entries"
            return f"must have one entry per seat: {len(value)} {entries} for {context.seats} seats"
        return None

    return Kind(label, test)


def table(section: Section, label: str = "") -> Kind:
    """An (inline) table checked against ``section`` by :func:`check_section`, which reports its
    keys itself: the test here only asks for a table."""
    label = label or f"a {section.header} table"
    return Kind(label, lambda value, context: None if isinstance(value, dict) else f"must be {label}")


def tables(section: Section, label: str = "") -> Kind:
    """A list of tables each checked against ``section`` (``[[actions]]``, ``series = [{...}]``)."""
    label = label or f"a list of {section.header} tables"

    def test(value: Any, context: Context) -> str | None:
        ok = isinstance(value, list) and all(isinstance(entry, dict) for entry in value)
        return None if ok else f"must be {label}"

    return Kind(label, test)


def either(first: Kind, second: Kind) -> Kind:
    """A value of kind ``first`` or of kind ``second``.

    >>> either(WHOLE, list_of(TEXT)).complaint(1.5, Context())
    'must be a whole number or a list of strings'
    """
    label = f"{first.label} or {second.label}"

    def test(value: Any, context: Context) -> str | None:
        if first.complaint(value, context) is None or second.complaint(value, context) is None:
            return None
        return f"must be {label}"

    return Kind(label, test)


def _plural(label: str) -> str:
    """What a list of ``label`` holds: ``a whole number`` -> ``whole numbers``, ``a string of cards``
    -> ``strings of cards``; a label without an article becomes ``each ...``.

    >>> _plural("a whole number"), _plural('a string of cards ("9♠ 9♦")'), _plural("one of a, b")
    ('whole numbers', 'strings of cards ("9♠ 9♦")', 'entries each one of a, b')
    """
    article, _, rest = label.partition(" ")
    if article not in ("a", "an") or not rest:
        return f"entries each {label}"
    noun, paren, note = rest.partition(" (")
    words = noun.split(" ")
    at = words.index("of") - 1 if "of" in words else len(words) - 1
    words[at] = words[at] if words[at].endswith("s") else words[at] + "s"
    return " ".join(words) + paren + note


def check_section(data: Mapping[str, Any], section: Section, context: Context, text: str,
                  start: int = 0, number: int | None = None) -> None:
    """Check the table ``data`` against ``section``: every key allowed, every value of its kind,
    every required key present, nested tables in turn. ``text`` and ``start`` (the offset of the
    table's header) place each complaint on its line; ``number`` (1-based) is the table's place in
    a list of tables (``actions[2]``, ``[[actions]] 2`` in messages). Raises :class:`DisputeError`.

    >>> section = Section("position", "[position]", (Field("hands", per_seat(CARDS), "hands", required=True),))
    >>> check_section({"hands": ["9♠"], "hnads": 1}, section, Context(), "[position]\\nhnads = 1\\n")
    Traceback (most recent call last):
    ...
    spite_rules.core.dispute_files.DisputeError: line 2: unknown key 'hnads' in [position] (did you mean 'hands'?); allowed there: hands
    """
    where = section.path if number is None else f"{section.path}[{number}]"
    header = section.header if number is None else f"{section.header} {number}"
    allowed = section.allowed
    for key in data:
        if key not in allowed:
            near = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise DisputeError(f"unknown key {key!r} in {header}{hint}; allowed there: {', '.join(allowed)}",
                               locate(text, key, start))
    for field in section.fields:
        if field.name not in data:
            if field.required:
                raise DisputeError(f"{header} needs {field.name} ({field.kind.label})", line_at(text, max(start, 0)))
            continue
        value = data[field.name]
        complaint = field.kind.complaint(value, context)
        if complaint is not None:
            name = f"{where}.{field.name}" if where else field.name
            raise DisputeError(f"{name} {_with_value(complaint, value)}", locate(text, field.name, start))


def _with_value(complaint: str, value: Any) -> str:
    """The complaint with the value given, before any suggestion: ``must be one of higher, lower,
    not "hihger" (did you mean 'higher'?)`` (a list's complaint names its entry itself)."""
    if ", not " in complaint:
        return complaint
    head, hint = complaint, ""
    found = re.search(r" \((did you mean|nearest:) [^()]*\)$", complaint)
    if found:
        head, hint = complaint[: found.start()], complaint[found.start():]
    return f"{head}, not {toml_value(value)}{hint}"


def check_card_counts(named: Iterable[tuple[str, int, Sequence[Card]]], deck: Counter[Card],
                      packs: str) -> None:
    """Check that the cards a position names (``(key, line, cards)`` triples) are cards of ``deck``
    and no more of each than it holds; ``packs`` says what the deck is, for the message, which is
    placed on the line of the first key naming the card.

    >>> check_card_counts([("position.hands", 3, parse_cards("9♠ 9♠ 9♠"))], Counter(parse_cards("9♠ 9♠")), "two packs")
    Traceback (most recent call last):
    ...
    spite_rules.core.dispute_files.DisputeError: line 3: 9♠ is named 3 times (position.hands 3 times) but two packs hold 2
    """
    places: dict[Card, Counter[str]] = {}  # by card, in the order first named: each key naming it
    lines: dict[Card, int] = {}
    for key, line, cards in named:
        for card in cards:
            places.setdefault(card, Counter())[key] += 1
            lines.setdefault(card, line)
    for card, keys in places.items():
        count, held = keys.total(), deck.get(card, 0)
        if count > held:
            where = ", ".join(f"{key} {_times(n)}" for key, n in keys.items())
            if held == 0:
                raise DisputeError(f"{card} is not a card of {packs}: named in {', '.join(keys)}", lines[card])
            raise DisputeError(f"{card} is named {_times(count)} ({where}) but {packs} hold {held}", lines[card])


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


# -- the judgement -------------------------------------------------------------------------------


@attrs.frozen
class DisputeAction:
    """An action of a dispute and what its author expects: ``expect`` the verdict, ``rule`` the
    clause it must cite, ``events`` the kinds of the events it must report (None: not checked);
    ``line`` where the file gives it; ``text`` the action as written, where the game reads it
    against the state it meets (Spite and Malice's notation: ``action`` is None until then)."""

    action: Any
    expect: str | None = None
    rule: str | None = None
    line: int = 0
    text: str = ""
    events: tuple[str, ...] | None = None


@attrs.frozen
class Dispute:
    """A position, the actions in question, and expectations about the end position (``final``:
    (key, expected) pairs in the file's order)."""

    state: Any
    actions: tuple[DisputeAction, ...]
    question: str = ""
    final: tuple[tuple[str, Any], ...] = ()


@attrs.frozen
class Step:
    """What became of one action: ``verdict`` (Spite: stands, misplay, illegal, loss; Spite and
    Malice: stands, illegal), the rule cited and why, the events, and whether the author's
    expectations held (None when there were none); ``text``: the action as the file wrote it."""

    action: Any
    verdict: str
    rule: str | None
    reason: str
    events: tuple[Any, ...]
    expectation: str | None
    holds: bool | None
    text: str = ""


#: A game's words for an action or an event at a table of these names (its ``describe_*``).
Describe = Callable[[Any, Sequence[str]], str]


@attrs.frozen
class Judgement:
    """The whole replay: each step, the end checks (name, expected, got) and the end state.

    >>> from types import SimpleNamespace
    >>> end = SimpleNamespace(names=("ann", "bob"))
    >>> print(Judgement(Dispute(end, (), "Who acts?"), (), (("to_act", 1, 2),), end).text(str, str, {}))
    Question: Who acts?
    final to_act: expected 1, got 2 — NOT AS EXPECTED
    Verdict: an expectation does NOT hold.
    """

    dispute: Dispute
    steps: tuple[Step, ...]
    final_checks: tuple[tuple[str, Any, Any], ...]
    state: Any

    @property
    def holds(self) -> bool:
        """Every expectation held."""
        return all(step.holds is not False for step in self.steps) and all(
            expected == got for _, expected, got in self.final_checks
        )

    def text(self, describe_action: Describe, describe_event: Describe, clauses: Mapping[str, ClauseText],
             heading: Sequence[str] = (), told: Callable[[Any], bool] = lambda event: True,
             joiner: str = ": ", quoted: bool = False) -> str:
        """The judgement as the judge prints it: the question and ``heading``, each action (in the
        game's words) with its verdict, why, its clause (from the game's ``clauses`` by id: its
        section after ``joiner``, text, rulings and, ``quoted``, the seed's words), the events
        ``told`` (each game's :func:`describe_event`) and what was expected; then the end checks
        and the verdict."""
        names = self.state.names
        lines = [f"Question: {self.dispute.question}"] if self.dispute.question else []
        lines += heading
        for number, (step, item) in enumerate(zip(self.steps, self.dispute.actions), 1):
            said = describe_action(step.action, names) if step.action is not None else step.text
            lines.append(f"{number}. {said} — {step.verdict.upper()}" + (f" [{step.rule}]" if step.rule else ""))
            if step.reason:
                lines.append(f"     why: {step.reason}")
            found = clauses.get(step.rule) if step.rule else None
            if found is not None:
                rulings = f" (rulings {', '.join(found.rulings)})" if found.rulings else ""
                lines.append(f"     rule {step.rule}{joiner}{found.section}: {found.text}{rulings}")
                lines += [f'     seed: "{found.quote}"'] if quoted and found.quote else []
            lines += [f"     · {describe_event(event, names)}" for event in step.events if told(event)]
            if step.holds is not None:
                wanted = (item.expect or "") + (f" [{item.rule}]" if item.rule else "")
                wanted += f" events {list(item.events)}" if item.events is not None else ""
                lines.append(f"     expected {wanted.strip()}: {'as expected' if step.holds else 'NOT AS EXPECTED'}")
        for name, expected, got in self.final_checks:
            mark = "ok" if expected == got else "NOT AS EXPECTED"
            lines.append(f"final {name}: expected {expected!r}, got {got!r} — {mark}")
        lines.append("Verdict: every expectation holds." if self.holds else "Verdict: an expectation does NOT hold.")
        return "\n".join(lines)


# -- the docs ------------------------------------------------------------------------------------


def end_checks(state: Any, final: Iterable[tuple[str, Any]],
               readers: Mapping[str, Callable[[Any], Any]]) -> tuple[tuple[str, Any, Any], ...]:
    """Each check of a dispute's [final] as (name, expected, got): ``got`` read from the end
    ``state`` by its reader in ``readers``, else the state's field of that name as TOML writes it
    (a tuple as a list, an enum member as its value).

    >>> end_checks(Context(seats=3), [("seats", 3), ("twice", 6)], {"twice": lambda c: 2 * c.seats})
    (('seats', 3, 3), ('twice', 6, 6))
    """
    checks = []
    for name, expected in final:
        if name in readers:
            got = readers[name](state)
        else:
            got = getattr(state, name)
            got = list(got) if isinstance(got, tuple) else got.value if isinstance(got, enum.Enum) else got
        checks.append((name, expected, got))
    return tuple(checks)


def render_section(section: Section) -> str:
    """The keys of ``section`` as a Markdown table: key, what it must be, meaning (left out when no
    key has one), default.

    >>> print(render_section(Section("final", "[final]", (Field("to_act", SEAT, "the seat to act"),))))
    | key | value | meaning | default |
    |---|---|---|---|
    | `to_act` | a seat number | the seat to act |  |
    """
    meanings = any(field.meaning for field in section.fields)
    head = ["key", "value", "meaning", "default"] if meanings else ["key", "value", "default"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for field in section.fields:
        cells = [f"`{field.name}`", field.kind.label, field.meaning,
                 "required" if field.required else field.default]
        if not meanings:
            del cells[2]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def render_docs(text: str, sections: Mapping[str, Section]) -> str:
    """``text`` (docs/disputes.md) with each block between ``<!-- schema NAME -->`` and
    ``<!-- /schema -->`` replaced by :func:`render_section` of ``sections[NAME]``.

    >>> doc = "a\\n<!-- schema f -->\\nold\\n<!-- /schema -->\\nb"
    >>> print(render_docs(doc, {"f": Section("final", "[final]", (Field("to_act", SEAT, "the seat"),))}))
    a
    <!-- schema f -->
    | key | value | meaning | default |
    |---|---|---|---|
    | `to_act` | a seat number | the seat |  |
    <!-- /schema -->
    b
    """
    def block(match: re.Match[str]) -> str:
        name = match.group(1)
        return f"<!-- schema {name} -->\n{render_section(sections[name])}\n<!-- /schema -->"

    return re.sub(r"<!-- schema (\S+) -->\n.*?<!-- /schema -->", block, text, flags=re.S)
