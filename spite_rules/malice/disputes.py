"""Spite and Malice disputes as files: a position, the actions in question, judged with the
clauses quoted. A dispute file with ``game = "malice"`` (format: docs/disputes.md, "Spite and
Malice") is read here; ``spite-rules judge FILE`` dispatches to :func:`parse_malice_dispute`,
:func:`judge_malice_dispute` and :func:`format_malice_judgement`.

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

>>> dispute = parse_malice_dispute('''
... game = "malice"
... question = "May a 9 go on a centre stack showing 6?"
... [position]
... payoff = ["3♠ 9♦", "Q♣"]
... hands = ["9♠ 7♥", ""]
... centre = ["A♥ 2♥ 3♥ 4♥ 5♥ 6♥"]
... [[actions]]
... do = "play 9♠ from hand to centre 1"
... expect = "illegal"
... rule = "malice.centre.next-higher"
... [[actions]]
... do = "play 7♥ from hand to centre 1"
... expect = "stands"
... events = ["Played"]
... ''')
>>> judgement = judge_malice_dispute(dispute)
>>> judgement.holds, judgement.steps[0].rule
(True, 'malice.centre.next-higher')
"""

from __future__ import annotations

import enum
import re
import typing
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

from spite_rules.cards import Card, parse_cards, standard_deck
from spite_rules.core.dispute_files import (
    CARDS,
    COUNT,
    FLAG,
    SEAT,
    TEXT,
    WHOLE,
    Context,
    Dispute,
    DisputeAction,
    DisputeError,
    Field,
    Judgement,
    Kind,
    Section,
    Step,
    check_card_counts,
    check_section,
    clause_kind,
    end_checks,
    either,
    header_at,
    line_at,
    list_of,
    load_toml,
    locate,
    locate_offset,
    one_of,
    per_seat,
    table,
    tables,
    toml_value,
    whole,
)
from spite_rules.core.frozen import replace
from spite_rules.errors import IllegalAction, NotationError, SpiteError
from spite_rules.malice import events as events_module
from spite_rules.malice.actions import Action
from spite_rules.malice.clauses import BY_ID
from spite_rules.malice.deal import first_player, new_game, packs_for, setup
from spite_rules.malice.hints import hint_order
from spite_rules.malice.legal import legal_moves
from spite_rules.malice.narrate import describe_action, describe_event
from spite_rules.malice.notation import parse_action
from spite_rules.malice.rules import PRESETS, VARIATIONS, Rules
from spite_rules.malice.scoring import Result
from spite_rules.malice.state import Phase, State
from spite_rules.malice.turn import apply

__all__ = [
    "MaliceDispute",
    "MaliceStep",
    "MaliceJudgement",
    "parse_malice_dispute",
    "judge_malice_dispute",
    "format_malice_judgement",
]

#: The most seats ``deal = { players = N }`` may ask for (a deal of many more would only exhaust
#: memory: the rules' own ``max_players`` decides within it).
MAX_DEAL_PLAYERS = 100

#: What an action may come to: it stands, or ``apply`` refuses it naming a clause.
VERDICTS = ("stands", "illegal")

class MaliceDisputeError(DisputeError):
    """A Spite and Malice dispute file that cannot be read: ``line`` is where the trouble is (0 if
    unknown)."""


def _option_kind(hint: Any) -> Kind:
    """The kind of value an option of :class:`Rules` annotated ``hint`` takes in a dispute file."""
    if hint is bool:
        return FLAG
    if hint is int or hint == (int | None):
        return WHOLE
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return one_of(*(str(member.value) for member in hint))
    if hint == tuple[int, ...]:
        return list_of(WHOLE)
    return TEXT


def _options_section() -> Section:
    hints = typing.get_type_hints(Rules)
    common = Rules()
    fields = []
    for field in attrs.fields(Rules):
        if field.name == "name":
            continue
        default = getattr(common, field.name)
        shown = default.value if isinstance(default, enum.Enum) else default
        fields.append(Field(field.name, _option_kind(hints[field.name]), "",
                            f"`{toml_value(list(shown) if isinstance(shown, tuple) else shown)}`"))
    return Section("position.options", "options", tuple(fields))


_OPTIONS = _options_section()

_SERIES = Section("position.series", "series entry", (
    Field("winner", SEAT, "the seat that won (omitted for a drawn game)", "a draw"),
    Field("how", TEXT, 'how the game ended (`"pay-off emptied"`, ...)', required=True),
    Field("payoff_left", per_seat(COUNT), "the pay-off cards each seat had left", required=True),
    Field("points", per_seat(WHOLE), "the points each seat scored", required=True),
))

_DEAL = Section("position.deal", "deal", (
    Field("players", either(whole(2, MAX_DEAL_PLAYERS, f"a number of players from 2 to {MAX_DEAL_PLAYERS}"),
                            list_of(TEXT, "a list of names")), "how many seats, or their names", "2"),
    Field("seed", WHOLE, "the seed of the shuffle", required=True),
))

_PAIR = Kind("a pair of whole numbers", lambda value, context: None if (
    isinstance(value, list) and len(value) == 2 and all(WHOLE.complaint(v, context) is None for v in value)
) else "must be a pair of whole numbers")

_POSITION = Section("position", "[position]", (
    Field("preset", one_of(*PRESETS), "the rules preset", '`"common"`'),
    Field("variations", list_of(one_of(*VARIATIONS, label="a variation of seed 003")),
          "seed 003's variations applied, in order", "none"),
    Field("options", table(_OPTIONS, "a table of options (`{ loading = true }`)"),
          "any option of `sm.Rules` (enums by value)", "the preset's"),
    Field("payoff", per_seat(CARDS), "each seat's pay-off pile, top card last (gives the seats)",
          "required without `deal`"),
    Field("hands", per_seat(CARDS), "each seat's hand", "empty"),
    Field("side", per_seat(list_of(CARDS)), "each seat's side stacks, each bottom to top", "empty"),
    Field("centre", list_of(CARDS), "the centre stacks, bottom to top", "empty"),
    Field("stock", CARDS, "the stock, top card first", "empty"),
    Field("used", CARDS, "completed stacks set aside", "empty"),
    Field("to_act", SEAT, "the seat whose turn it is", "0"),
    Field("names", per_seat(TEXT), "the seats' names", "`seat N`"),
    Field("seed", WHOLE, "the seed of reshuffles", "0"),
    Field("phase", one_of(*(phase.value for phase in Phase)), "where the turn stands", '`"play"`'),
    Field("moved", FLAG, "a card has moved this turn", "`false`"),
    Field("passes", COUNT, "turns in a row ended without a move", "0"),
    Field("owed", list_of(_PAIR), "seed 002: wild cards to cover, as [centre space, place]", "none"),
    Field("exchange", WHOLE, "seed 002: the opponent's discards used minus play-deck cards used", "0"),
    Field("finisher", SEAT, "seed 002: the seat whose play deck emptied first", "none"),
    Field("final_turn", FLAG, "seed 002: the turn under way is the last", "`false`"),
    Field("series", tables(_SERIES, "a list of tables (`[{ winner = 0, how = ... }]`)"),
          "the games of the series already played", "none"),
    Field("deal", table(_DEAL, "a table (`{ players = 2, seed = 1 }`)"),
          "deal the position with `sm.new_game` instead", "none"),
    Field("first_player", FLAG, "the rules decide who plays first from the pay-off tops", "`false`"),
))

#: The keys a position dealt by ``new_game`` (``deal = {...}``) may have beside it.
_DEAL_KEYS = ("preset", "variations", "options", "series", "deal")

_CLAUSE = clause_kind("docs/malice/rules.md", BY_ID)

_EVENT_KINDS = tuple(name for name in events_module.__all__ if name != "Event")

_ACTION = Section("actions", "[[actions]]", (
    Field("do", TEXT, "the action in Spite and Malice notation (`sm.parse_action`)", required=True),
    Field("expect", one_of(*VERDICTS), "the verdict expected", "none"),
    Field("rule", _CLAUSE, "the clause the refusal must name", "none"),
    Field("events", list_of(one_of(*_EVENT_KINDS, label="an event kind (Played, Drew, ...)")),
          "the kinds of the events it must report, in order", "not checked"),
))

_FINAL = Section("final", "[final]", (
    Field("to_act", SEAT, "the seat to act"),
    Field("phase", one_of(*(phase.value for phase in Phase)), "where the turn stands"),
    Field("game_over", FLAG, "whether the game is over"),
    Field("winner", SEAT, "the seat that won"),
    Field("how", TEXT, 'how the game ended (`"pay-off emptied"`, `"stock ran out"`, `"stalemate"`, ...)'),
    Field("scores", per_seat(WHOLE), "each seat's score"),
    Field("hand_sizes", per_seat(COUNT), "each seat's number of cards in hand"),
    Field("payoff_sizes", per_seat(COUNT), "each seat's pay-off cards left"),
    Field("payoff_tops", per_seat(CARDS), 'each seat\'s pay-off top card (`""` if none)'),
    Field("centre", list_of(CARDS), "each centre stack's cards, bottom to top"),
    Field("side", per_seat(list_of(CARDS)), "each seat's side stacks, bottom to top"),
    Field("legal_moves", COUNT, "how many legal moves there are"),
    Field("stock_size", COUNT, "the cards in the stock"),
    Field("used_size", COUNT, "the cards set aside"),
    Field("hints", list_of(TEXT), "the legal moves in seed 004's hint order, each as `str(action)`"),
))

_TOP = Section("", "the top level", (
    Field("game", one_of("malice", "spite"), '`"malice"`', required=True),
    Field("question", TEXT, "the question the dispute asks", '""'),
    Field("title", TEXT, "a title (shown when there is no question)", '""'),
    Field("notes", TEXT, "notes for the reader, not judged", '""'),
    Field("position", table(_POSITION), "the position", required=True),
    Field("actions", tables(_ACTION), "the actions, in order", "none"),
    Field("final", table(_FINAL), "checks on the end position", "none"),
))

#: Spite and Malice's dispute schema by the name docs/disputes.md renders it under.
SCHEMA: dict[str, Section] = {
    "malice.top": _TOP, "malice.position": _POSITION, "malice.options": _OPTIONS, "malice.deal": _DEAL,
    "malice.series": _SERIES, "malice.actions": _ACTION, "malice.final": _FINAL,
}


#: A Spite and Malice dispute, its steps and its judgement are the core's
#: (:mod:`spite_rules.core.dispute_files`): an action is read from its text as the state meets it.
MaliceDispute = Dispute
MaliceStep = Step
MaliceJudgement = Judgement


def _rules(position: dict[str, Any], text: str) -> Rules:
    at = header_at(text, "[position]")
    try:
        rules = Rules.preset(position.get("preset", "common"))
        for name in position.get("variations", []):
            rules = rules.variation(name)
        options: dict[str, Any] = {}
        for key, value in position.get("options", {}).items():
            default = getattr(rules, key)
            options[key] = type(default)(value) if isinstance(default, enum.Enum) else (
                tuple(value) if isinstance(value, list) else value)
        return attrs.evolve(rules, **options)
    except SpiteError as error:
        raise MaliceDisputeError(f"these rules cannot be: {error}", locate(text, "options", at)) from None


def _dealt(position: dict[str, Any], text: str) -> State:
    """``deal = { players = 3, seed = 7 }``: the position ``new_game`` deals (shuffled by the seed,
    the first player decided, the first turn begun), for questions about the deal itself."""
    at = header_at(text, "[position]")
    extra = [key for key in position if key not in _DEAL_KEYS]
    if extra:
        raise MaliceDisputeError(f"deal = {{...}} deals the whole position: {extra[0]!r} cannot be given with it "
                                 f"(beside deal: {', '.join(key for key in _DEAL_KEYS if key != 'deal')})",
                                 locate(text, extra[0], at))
    deal = position["deal"]
    rules = _rules(position, text)
    try:
        state = new_game(deal.get("players", 2), seed=deal["seed"], rules=rules)
    except SpiteError as error:
        raise MaliceDisputeError(f"this deal cannot be made: {error}", locate(text, "deal", at)) from None
    return replace(state, series=_series(position.get("series", [])))


def _position(position: dict[str, Any], text: str) -> State:
    at = header_at(text, "[position]")
    if "deal" in position:
        return _dealt(position, text)
    if "payoff" not in position:
        raise MaliceDisputeError("[position] needs payoff = [...] (one pile per seat), or deal = { ... }",
                                 line_at(text, max(at, 0)))
    rules = _rules(position, text)
    players = len(position["payoff"])
    named = [(f"position.{key}", locate(text, key, at), parse_cards(value))
             for key in ("payoff", "hands", "centre") for value in position.get(key, [])]
    named += [("position.side", locate(text, "side", at), parse_cards(stack))
              for stacks in position.get("side", []) for stack in stacks]
    named += [(f"position.{key}", locate(text, key, at), parse_cards(position[key]))
              for key in ("stock", "used") if key in position]
    deck, packs = _packs(rules, players)
    check_card_counts(named, deck, packs)
    # the turn's fields as written (setup reads the phase by its name, the owed covers as tuples)
    kwargs = {k: v for k, v in position.items()
              if k not in ("preset", "variations", "options", "series", "first_player")}
    try:
        state = setup(rules=rules, **kwargs)
        if position.get("first_player", False) is True:  # the rules decide who plays first (new_game's step)
            state = first_player(state)
    except SpiteError as error:
        raise MaliceDisputeError(f"the position cannot happen: {error}", line_at(text, max(at, 0))) from None
    return replace(state, series=_series(position.get("series", [])))


def _packs(rules: Rules, players: int) -> tuple[Counter[Card], str]:
    """How many of each card a game of ``players`` seats under ``rules`` is played with (counted,
    not built: a file may give absurdly many seats, which ``setup`` refuses), and what they are,
    for the message."""
    packs = rules.decks if rules.split_packs else packs_for(rules, players)  # the book: packs A and B
    cards: Counter[Card] = Counter({card: packs for card in standard_deck(1)})
    jokers = rules.jokers
    if jokers:
        cards[parse_cards("JK")[0]] = jokers
    said = "no jokers" if not jokers else f"{jokers} joker{'s' if jokers > 1 else ''}"
    return cards, f"the {packs} packs and {said} of these rules ({rules.name}, {players} players)"


def _series(games: list[dict[str, Any]]) -> tuple[Result, ...]:
    """The games of the series already played: ``series = [{winner = 0, how = "pay-off emptied",
    payoff_left = [0, 5], points = [1, 0]}, ...]`` (``winner`` omitted for a drawn game)."""
    return tuple(
        Result(game.get("winner"), game["how"], tuple(game["payoff_left"]), tuple(game["points"]))
        for game in games
    )


def parse_malice_dispute(text: str) -> MaliceDispute:
    """Read a Spite and Malice dispute from TOML text, checked against :data:`SCHEMA` before
    anything is built; raises :class:`MaliceDisputeError` with the line at fault.

    >>> parse_malice_dispute('game = "malice"' + chr(10) + "[position]" + chr(10) + 'hands = []')
    Traceback (most recent call last):
    ...
    spite_rules.malice.disputes.MaliceDisputeError: line 2: [position] needs payoff = [...] (one pile per seat), or deal = { ... }
    >>> parse_malice_dispute(chr(10).join(['game = "malice"', "[position]", 'payoff = ["9♦", "Q♣"]', 'hands = ["JK", ""]']))
    Traceback (most recent call last):
    ...
    spite_rules.malice.disputes.MaliceDisputeError: line 4: 🃏 is not a card of the 2 packs and no jokers of these rules (common, 2 players): named in position.hands
    """
    try:
        return _parse(text)
    except MaliceDisputeError:
        raise
    except DisputeError as error:  # the shared reader's: said again as this game's
        raise MaliceDisputeError(str(error).partition(": ")[2] if error.line else str(error), error.line) from None


def _parse(text: str) -> MaliceDispute:
    data = load_toml(text)
    check_section(data, _TOP, Context(), text)
    if data["game"] != "malice":
        raise MaliceDisputeError(f"game = {toml_value(data['game'])}: this is not a Spite and Malice dispute",
                                 locate(text, "game"))
    position = data["position"]
    at = header_at(text, "[position]")
    deal = position.get("deal")
    if isinstance(deal, dict):
        players = deal.get("players", 2)
        seats = len(players) if isinstance(players, list) else players if isinstance(players, int) else None
    else:
        payoff = position.get("payoff")
        seats = len(payoff) if isinstance(payoff, list) else None
    context = Context(seats)
    check_section(position, _POSITION, context, text, at)
    check_section(position.get("options", {}), _OPTIONS, context, text, locate_offset(text, "options", at))
    if isinstance(deal, dict):
        check_section(deal, _DEAL, context, text, locate_offset(text, "deal", at))
    series_at = locate_offset(text, "series", at)
    for number, game in enumerate(position.get("series", []), 1):
        check_section(game, _SERIES, context, text, series_at, number)
    for index, entry in enumerate(data.get("actions", [])):
        check_section(entry, _ACTION, context, text, header_at(text, "[[actions]]", index), index + 1)
    final = data.get("final", {})
    check_section(final, _FINAL, context, text, header_at(text, "[final]"))
    state = _position(position, text)
    actions = tuple(_action(entry, text, index) for index, entry in enumerate(data.get("actions", [])))
    return MaliceDispute(state, actions, str(data.get("question", data.get("title", ""))), tuple(final.items()))


def _action(entry: dict[str, Any], text: str, index: int) -> DisputeAction:
    anchor = header_at(text, "[[actions]]", index)
    line = line_at(text, anchor)
    events = entry.get("events")
    return DisputeAction(None, entry.get("expect"), entry.get("rule"), line, entry["do"],
                         tuple(events) if events is not None else None)


def judge_malice_dispute(dispute: MaliceDispute) -> MaliceJudgement:
    """Replay the actions from the position (each read in the notation against the state it meets),
    judging each."""
    state = dispute.state
    steps: list[Step] = []
    for item in dispute.actions:
        action: Action | None = None
        happened: tuple[Any, ...] = ()
        try:
            action = parse_action(state, item.text)
            after, events = apply(state, action)
        except (IllegalAction, NotationError) as error:
            reason = str(error)
            found = re.search(r"\[(malice\.[a-z0-9.-]+)\]$", reason)
            verdict, rule, after = "illegal", found.group(1) if found else None, state
        else:
            verdict, rule, reason, happened = "stands", None, "", tuple(events)
        holds = None
        if item.expect is not None or item.events is not None:
            holds = (item.expect is None or verdict == item.expect) and (item.rule is None or item.rule == rule)
            if item.events is not None:
                holds = holds and [type(e).__name__ for e in happened] == list(item.events)
        steps.append(Step(action, verdict, rule, reason, happened, item.expect, holds, item.text))
        state = after
    return MaliceJudgement(dispute, tuple(steps), end_checks(state, dispute.final, _END_VALUES), state)


#: How each check of [final] that is not a field of the State reads the end position.
_END_VALUES: dict[str, Callable[[State], Any]] = {
    "hand_sizes": lambda state: [len(hand) for hand in state.hands],
    "payoff_sizes": lambda state: [len(pile) for pile in state.payoff],
    "payoff_tops": lambda state: [str(pile[-1]) if pile else "" for pile in state.payoff],
    "centre": lambda state: [" ".join(map(str, stack)) for stack in state.centre],
    "side": lambda state: [[" ".join(map(str, stack)) for stack in seat] for seat in state.side],
    "legal_moves": lambda state: len(legal_moves(state)),
    "stock_size": lambda state: len(state.stock),
    "used_size": lambda state: len(state.used),
    # how the game ended ("pay-off emptied", "stock ran out", "stalemate", ...)
    "how": lambda state: state.result.how if state.result is not None else None,
    # seed 004's hint button: the legal moves in the order it shows them
    "hints": lambda state: [str(move) for move in hint_order(state)],
}


def format_malice_judgement(judgement: MaliceJudgement) -> str:
    """The judgement as text: each action, its verdict, the refusal and its clause quoted, the
    events, then the end checks."""
    return judgement.text(describe_action, describe_event, BY_ID, joiner=" — ", quoted=True)
