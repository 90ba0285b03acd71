"""Spite and Malice disputes as files: a position, the actions in question, judged with the
clauses quoted. A dispute file with ``game = "malice"`` (format: docs/disputes.md, "Spite and
Malice") is read here; ``spite-rules judge FILE`` dispatches to :func:`parse_malice_dispute`,
:func:`judge_malice_dispute` and :func:`format_malice_judgement`.

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
import tomllib
from collections.abc import Callable
from typing import Any

import attrs

from spite_rules.disputes import line_of, nth_index
from spite_rules.errors import IllegalAction, NotationError, SpiteError
from spite_rules.malice.actions import Action, parse_action
from spite_rules.malice.clauses import BY_ID
from spite_rules.malice.deal import first_player, new_game, setup
from spite_rules.malice.hints import hint_order
from spite_rules.malice.legal import legal_moves
from spite_rules.malice.narrate import describe_action, describe_event
from spite_rules.malice.rules import Rules
from spite_rules.malice.scoring import Result
from spite_rules.malice.state import State
from spite_rules.malice.turn import apply

__all__ = [
    "MaliceDispute",
    "MaliceStep",
    "MaliceJudgement",
    "parse_malice_dispute",
    "judge_malice_dispute",
    "format_malice_judgement",
]

#: What an action may come to: it stands, or ``apply`` refuses it naming a clause.
VERDICTS = ("stands", "illegal")

_POSITION_KEYS = {
    "preset", "variations", "options", "payoff", "hands", "side", "centre", "stock", "used",
    "to_act", "names", "seed", "phase", "moved", "passes", "finisher", "final_turn", "series",
    "owed", "exchange", "deal", "first_player",
}

#: The keys a position dealt by ``new_game`` (``deal = {...}``) may have beside it.
_DEAL_KEYS = {"preset", "variations", "options", "series", "deal"}

#: The end checks a dispute may make, each read from the final state.
FINAL_CHECKS = (
    "to_act", "phase", "game_over", "winner", "scores", "hand_sizes", "payoff_sizes", "payoff_tops",
    "centre", "side", "legal_moves", "stock_size", "used_size", "how", "hints",
)


class MaliceDisputeError(SpiteError):
    """A dispute file that cannot be read: ``line`` is where the trouble is (0 if unknown)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


@attrs.frozen
class MaliceDisputeAction:
    """An action in the dispute (its notation as written) and what its author expects."""

    text: str
    action: Action | None
    expect: str | None = None
    rule: str | None = None
    events: tuple[str, ...] | None = None
    line: int = 0


@attrs.frozen
class MaliceDispute:
    """A position, the actions in question, and expectations about the end position."""

    state: State
    actions: tuple[MaliceDisputeAction, ...]
    question: str = ""
    final: tuple[tuple[str, Any], ...] = ()


@attrs.frozen
class MaliceStep:
    """What became of one action: ``verdict``, the rule a refusal names, the events, and whether
    the author's expectations held (None when there were none)."""

    text: str
    action: Action | None
    verdict: str
    rule: str | None
    reason: str
    events: tuple[Any, ...]
    expectation: str | None
    holds: bool | None


@attrs.frozen
class MaliceJudgement:
    """The whole replay: each step, the end checks (name, expected, got) and the end state."""

    dispute: MaliceDispute
    steps: tuple[MaliceStep, ...]
    final_checks: tuple[tuple[str, Any, Any], ...]
    state: State

    @property
    def holds(self) -> bool:
        """Every expectation held."""
        return all(step.holds is not False for step in self.steps) and all(
            expected == got for _, expected, got in self.final_checks
        )


def _rules(position: dict[str, Any], text: str) -> Rules:
    try:
        rules = Rules.preset(str(position.get("preset", "common")))
        for name in position.get("variations", []):
            rules = rules.variation(str(name))
        options = dict(position.get("options", {}))
        fields = attrs.fields_dict(Rules)
        for key, value in list(options.items()):
            if key not in fields:
                raise ValueError(f"unknown option {key!r}")
            default = getattr(rules, key)
            if isinstance(default, enum.Enum):
                options[key] = type(default)(value)
            elif isinstance(value, list):
                options[key] = tuple(value)
        return attrs.evolve(rules, **options)
    except (SpiteError, ValueError, TypeError) as error:
        raise MaliceDisputeError(f"bad rules: {error}", line_of(text, "[position]")) from None


def _dealt(position: dict[str, Any], text: str) -> State:
    """``deal = { players = 3, seed = 7 }``: the position ``new_game`` deals (shuffled by the seed,
    the first player decided, the first turn begun), for questions about the deal itself."""
    deal = position["deal"]
    extra = sorted(set(position) - _DEAL_KEYS)
    if extra:
        raise MaliceDisputeError(f"deal = {{...}} deals the whole position: {extra[0]!r} cannot be given with it",
                                 line_of(text, extra[0]))
    if not isinstance(deal, dict) or set(deal) - {"players", "seed"} or "seed" not in deal:
        raise MaliceDisputeError("deal must be { players = N or [names], seed = N }", line_of(text, "deal"))
    try:
        state = new_game(deal.get("players", 2), seed=deal["seed"], rules=_rules(position, text))
        return attrs.evolve(state, series=_series(position.get("series", [])))
    except (SpiteError, ValueError, TypeError, KeyError) as error:
        raise MaliceDisputeError(f"bad deal: {error}", line_of(text, "deal")) from None


def _position(position: dict[str, Any], text: str) -> State:
    unknown = set(position) - _POSITION_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise MaliceDisputeError(f"unknown position key {key!r}", line_of(text, key))
    if "deal" in position:
        return _dealt(position, text)
    if "payoff" not in position:
        raise MaliceDisputeError("a malice dispute needs payoff = [...] in [position]", line_of(text, "[position]"))
    kwargs = {k: v for k, v in position.items()
              if k not in ("preset", "variations", "options", "series", "first_player")}
    if "owed" in kwargs:  # [[seat, centre space], ...]: the wild cards the seat must still cover
        kwargs["owed"] = tuple(tuple(pair) for pair in kwargs["owed"])
    if "phase" in kwargs:
        from spite_rules.malice.state import Phase

        kwargs["phase"] = Phase(kwargs["phase"])
    try:
        state = setup(rules=_rules(position, text), **kwargs)
        if position.get("first_player", False) is True:  # the rules decide who plays first (new_game's step)
            state = first_player(state)
        return attrs.evolve(state, series=_series(position.get("series", [])))
    except (SpiteError, ValueError, TypeError, KeyError) as error:
        raise MaliceDisputeError(f"bad position: {error}", line_of(text, "[position]")) from None


def _series(games: Any) -> tuple[Result, ...]:
    """The games of the series already played: ``series = [{winner = 0, how = "pay-off emptied",
    payoff_left = [0, 5], points = [1, 0]}, ...]`` (``winner`` omitted for a drawn game)."""
    return tuple(
        Result(game.get("winner"), str(game["how"]), tuple(game["payoff_left"]), tuple(game["points"]))
        for game in games
    )


def parse_malice_dispute(text: str) -> MaliceDispute:
    """Read a Spite and Malice dispute from TOML text; raises with the line at fault.

    >>> parse_malice_dispute('game = "malice"' + chr(10) + "[position]" + chr(10) + 'hands = []')
    Traceback (most recent call last):
    ...
    spite_rules.malice.disputes.MaliceDisputeError: line 2: a malice dispute needs payoff = [...] in [position]
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        raise MaliceDisputeError(f"not valid TOML: {error}", int(match.group(1)) if match else 0) from None
    unknown = set(data) - {"game", "question", "title", "position", "actions", "final", "notes"}
    if unknown:
        key = sorted(unknown)[0]
        raise MaliceDisputeError(f"unknown key {key!r} (expected game, question, position, actions, final)", line_of(text, key))
    position = data.get("position")
    if not isinstance(position, dict):
        raise MaliceDisputeError("a dispute needs a [position] table", line_of(text, "[position]"))
    state = _position(position, text)
    actions = tuple(_action(entry, text, index) for index, entry in enumerate(data.get("actions", [])))
    final = data.get("final", {})
    if not isinstance(final, dict):
        raise MaliceDisputeError("[final] must be a table", line_of(text, "[final]"))
    for key in final:
        if key not in FINAL_CHECKS:
            raise MaliceDisputeError(f"unknown [final] check {key!r} (known: {', '.join(FINAL_CHECKS)})",
                                     line_of(text, key, text.find("[final]")))
    return MaliceDispute(state, actions, str(data.get("question", data.get("title", ""))), tuple(final.items()))


def _action(entry: Any, text: str, index: int) -> MaliceDisputeAction:
    anchor = nth_index(text, "[[actions]]", index)
    line = text.count("\n", 0, anchor) + 1 if anchor >= 0 else 0
    if not isinstance(entry, dict) or not isinstance(entry.get("do"), str):
        raise MaliceDisputeError(f"action {index + 1} needs do = \"<action notation>\"", line)
    expect, rule, events = entry.get("expect"), entry.get("rule"), entry.get("events")
    if expect is not None and expect not in VERDICTS:
        raise MaliceDisputeError(f"expect must be one of {', '.join(VERDICTS)}, not {expect!r}", line)
    if rule is not None and rule not in BY_ID:
        raise MaliceDisputeError(f"rule {rule!r} is not a clause of docs/malice/rules.md", line)
    return MaliceDisputeAction(entry["do"], None, expect, rule, tuple(events) if events is not None else None, line)


def judge_malice_dispute(dispute: MaliceDispute) -> MaliceJudgement:
    """Replay the actions from the position (each read in the notation against the state it meets),
    judging each."""
    state = dispute.state
    steps: list[MaliceStep] = []
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
        steps.append(MaliceStep(item.text, action, verdict, rule, reason, happened, item.expect, holds))
        state = after
    checks = tuple((name, expected, _final_value(state, name)) for name, expected in dispute.final)
    return MaliceJudgement(dispute, tuple(steps), checks, state)


def _final_value(state: State, name: str) -> Any:
    if name == "phase":
        return state.phase.value
    if name == "scores":
        return list(state.scores)
    if name == "hand_sizes":
        return [len(hand) for hand in state.hands]
    if name == "payoff_sizes":
        return [len(pile) for pile in state.payoff]
    if name == "payoff_tops":
        return [str(pile[-1]) if pile else "" for pile in state.payoff]
    if name == "centre":
        return [" ".join(map(str, stack)) for stack in state.centre]
    if name == "side":
        return [[" ".join(map(str, stack)) for stack in seat] for seat in state.side]
    if name == "legal_moves":
        return len(legal_moves(state))
    if name == "stock_size":
        return len(state.stock)
    if name == "used_size":
        return len(state.used)
    if name == "how":  # how the game ended: "pay-off emptied", "stock ran out", "stalemate", ...
        return state.result.how if state.result is not None else None
    if name == "hints":  # seed 004's hint button: the legal moves in the order it shows them
        return [str(move) for move in hint_order(state)]
    return getattr(state, name)


def _clause_text(rule: str) -> list[str]:
    found = BY_ID.get(rule)
    if found is None:
        return []
    rulings = f" (rulings {', '.join(found.rulings)})" if found.rulings else ""
    lines = [f"     rule {rule} — {found.section}: {found.text}{rulings}"]
    if found.quote:
        lines.append(f'     seed: "{found.quote}"')
    return lines


def format_malice_judgement(judgement: MaliceJudgement) -> str:
    """The judgement as text: each action, its verdict, the refusal and its clause quoted, the
    events, then the end checks."""
    names = judgement.state.names
    lines = []
    if judgement.dispute.question:
        lines.append(f"Question: {judgement.dispute.question}")
    for number, step in enumerate(judgement.steps, 1):
        said = describe_action(step.action, names) if step.action is not None else step.text
        lines.append(f"{number}. {said} — {step.verdict.upper()}" + (f" [{step.rule}]" if step.rule else ""))
        if step.reason:
            lines.append(f"     why: {step.reason}")
        if step.rule:
            lines += _clause_text(step.rule)
        for event in step.events:
            lines.append(f"     · {describe_event(event, names)}")
        if step.holds is not None:
            item = judgement.dispute.actions[number - 1]
            wanted = (item.expect or "") + (f" [{item.rule}]" if item.rule else "")
            if item.events is not None:
                wanted += f" events {list(item.events)}"
            lines.append(f"     expected {wanted.strip()}: {'as expected' if step.holds else 'NOT AS EXPECTED'}")
    for name, expected, got in judgement.final_checks:
        mark = "ok" if expected == got else "NOT AS EXPECTED"
        lines.append(f"final {name}: expected {expected!r}, got {got!r} — {mark}")
    lines.append("Verdict: every expectation holds." if judgement.holds else "Verdict: an expectation does NOT hold.")
    return "\n".join(lines)


def is_malice_dispute(path: str) -> bool:
    """Whether the dispute file at ``path`` says ``game = "malice"`` (an unreadable file is left
    to Spite's reader, which reports it)."""
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle).get("game") == "malice"
    except (OSError, tomllib.TOMLDecodeError):
        return False


def judge_malice_file(path: str, out: Callable[[str], None] = print) -> int:
    """``spite-rules judge FILE`` for a Spite and Malice dispute: 0 when the expectations hold, 1
    when not, 2 for a bad file (the line at fault on stderr)."""
    import sys

    try:
        with open(path, encoding="utf-8") as handle:
            dispute = parse_malice_dispute(handle.read())
    except MaliceDisputeError as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 2
    judgement = judge_malice_dispute(dispute)
    out(format_malice_judgement(judgement))
    return 0 if judgement.holds else 1
