"""Disputes as files: a position and the actions in question, judged with the rules cited.

A dispute is a TOML file (format: docs/disputes.md). :func:`load_dispute` reads one,
:func:`judge_dispute` replays it, and :func:`format_judgement` prints for each action whether it
stands or is a misplay, why, and the clauses with their text. ``spite-rules judge FILE`` exits 0
when every expectation holds, 1 when one does not, 2 when the file is malformed.

>>> dispute = parse_dispute('''
... question = "I played 7♠ on 7♦ and said 'lower': misplay?"
... [position]
... hands = ["7♦ 9♦", "7♠ 10♠", "8♣ 2♠"]
... [[actions]]
... seat = 0
... play = "7♦"
... [[actions]]
... seat = 1
... play = "7♠"
... say = ["lower"]
... expect = "misplay"
... rule = "direction.seven-on-seven"
... ''')
>>> judgement = judge_dispute(dispute)
>>> judgement.holds, judgement.steps[1].verdict, judgement.steps[1].rule
(True, 'misplay', 'direction.seven-on-seven')
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import attrs

from spite_rules.actions import (
    Action,
    CallMisplay,
    DiscardAndDraw,
    DropCards,
    Pass,
    Play,
    Surface,
    TakeReward,
    Timeout,
)
from spite_rules.cards import parse_card, parse_cards
from spite_rules.errors import IllegalAction, NotationError, SpiteError
from spite_rules.events import Event, InstantLoss, Misplay
from spite_rules.narrate import describe_action, describe_event
from spite_rules.round import apply, legal_moves, setup
from spite_rules.rules import RULESETS, Referee, Rules
from spite_rules.state import State
from spite_rules.trick import required_value

__all__ = [
    "DisputeError",
    "DisputeAction",
    "Dispute",
    "Step",
    "Judgement",
    "parse_dispute",
    "load_dispute",
    "judge_dispute",
    "format_judgement",
    "perft",
    "perft_breakdown",
    "line_of",
    "nth_index",
]

VERDICTS = ("stands", "misplay", "illegal", "loss")


class DisputeError(SpiteError):
    """A dispute file that cannot be read: ``line`` is where the trouble is (0 if unknown)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


@attrs.frozen
class DisputeAction:
    """An action of the dispute, with what its author expects (``expect`` one of :data:`VERDICTS`,
    ``rule`` the clause a misplay or loss should cite)."""

    action: Action
    expect: str | None = None
    rule: str | None = None
    line: int = 0


@attrs.frozen
class Dispute:
    """A position, the actions in question, and expectations about the end position."""

    state: State
    actions: tuple[DisputeAction, ...]
    question: str = ""
    final: tuple[tuple[str, Any], ...] = ()


@attrs.frozen
class Step:
    """What became of one action: ``verdict`` (stands, misplay, illegal, loss), the rule cited, the
    events, and whether the author's expectation held (None when there was none)."""

    action: Action
    verdict: str
    rule: str | None
    reason: str
    events: tuple[Event, ...]
    expectation: str | None
    holds: bool | None


@attrs.frozen
class Judgement:
    """The whole replay: each step, the end state, and the end checks (name, expected, got)."""

    dispute: Dispute
    steps: tuple[Step, ...]
    final_checks: tuple[tuple[str, Any, Any], ...]
    state: State

    @property
    def holds(self) -> bool:
        """Every expectation held."""
        return all(step.holds is not False for step in self.steps) and all(
            expected == got for _, expected, got in self.final_checks
        )


def line_of(text: str, needle: str, start: int = 0) -> int:
    """The 1-based line of ``needle``'s first place in ``text`` from ``start`` (0 when absent),
    for messages about a dispute file; both games' dispute readers use it.

    >>> line_of("a = 1\\nb = 2\\n", "b")
    2
    """
    index = text.find(needle, start)
    return text.count("\n", 0, index) + 1 if index >= 0 else 0


def _cards_list(value: Any, name: str, text: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DisputeError(f"{name} must be a list of card strings, one per seat", line_of(text, name))
    return value


_POSITION_KEYS = {
    "hands", "deck", "bounty", "direction", "leader", "scores", "fake_jokers", "earned",
    "fake_pile", "discard", "penalties", "buy_back_step", "round_number", "referee", "opening",
    "names", "seed",
}


def parse_dispute(text: str, ruleset: str | None = None) -> Dispute:
    """Read a dispute from TOML text; raises :class:`DisputeError` with the line at fault.

    The position is judged under the file's ``ruleset`` (a name of
    :data:`~spite_rules.rules.RULESETS`; seed 000's ``"000"`` when it names none), or under
    ``ruleset`` when it is given (``spite-rules judge --ruleset NAME``).

    >>> parse_dispute(chr(10).join(["[position]", 'hands = ["5♠", "6♦", "7♣"]'])).state.hands[0]
    (Card('5♠'),)
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        raise DisputeError(f"not valid TOML: {error}", int(match.group(1)) if match else 0) from None
    unknown = set(data) - {"question", "title", "ruleset", "position", "actions", "final", "notes", "perft"}
    if unknown:
        key = sorted(unknown)[0]
        raise DisputeError(f"unknown key {key!r} (expected question, ruleset, position, actions, final)", line_of(text, key))
    position = data.get("position")
    if not isinstance(position, dict) or "hands" not in position:
        raise DisputeError("a dispute needs a [position] table with hands = [...]", line_of(text, "[position]"))
    ruleset = data.get("ruleset", "000") if ruleset is None else ruleset
    if not isinstance(ruleset, str) or ruleset not in RULESETS:
        raise DisputeError(
            f"ruleset must be one of {', '.join(RULESETS)}, not {ruleset!r}", line_of(text, "ruleset")
        )
    state = _position(position, text, ruleset)
    actions = tuple(_action(entry, text, index) for index, entry in enumerate(data.get("actions", [])))
    final = data.get("final", {})
    if not isinstance(final, dict):
        raise DisputeError("[final] must be a table", line_of(text, "[final]"))
    known = {
        "direction", "to_act", "legal_moves", "required_value", "finished", "losers",
        "round_over", "scores", "hand_sizes", "penalties", "fake_joker_counts", "earned_counts",
    }
    for key in final:
        if key not in known:
            raise DisputeError(f"unknown [final] check {key!r} (known: {', '.join(sorted(known))})", line_of(text, key, text.find("[final]")))
    return Dispute(state, actions, str(data.get("question", data.get("title", ""))), tuple(final.items()))


def _position(position: dict[str, Any], text: str, ruleset: str) -> State:
    unknown = set(position) - _POSITION_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise DisputeError(f"unknown position key {key!r}", line_of(text, key))
    kwargs: dict[str, Any] = {k: v for k, v in position.items() if k not in ("referee", "opening")}
    kwargs["hands"] = _cards_list(position["hands"], "hands", text)
    referee = position.get("referee", "automatic")
    try:
        kwargs["rules"] = Rules.ruleset(ruleset, referee=Referee(referee))
    except ValueError:
        raise DisputeError(f"referee must be 'called' or 'automatic', not {referee!r}", line_of(text, "referee")) from None
    try:
        return setup(opening=bool(position.get("opening", False)), **kwargs)
    except NotationError as error:
        token = re.search(r"'([^']*)'", str(error))
        raise DisputeError(str(error), line_of(text, token.group(1)) if token else 0) from None
    except (SpiteError, ValueError, TypeError) as error:
        raise DisputeError(f"bad position: {error}", line_of(text, "[position]")) from None


_SAYINGS = {"higher", "lower", "come at me", "unbeatable"}


def _action(entry: Any, text: str, index: int) -> DisputeAction:
    anchor = nth_index(text, "[[actions]]", index)
    line = text.count("\n", 0, anchor) + 1 if anchor >= 0 else 0
    if not isinstance(entry, dict) or not isinstance(entry.get("seat"), int):
        raise DisputeError(f"action {index + 1} needs seat = <number>", line)
    seat = entry["seat"]
    expect, rule = entry.get("expect"), entry.get("rule")
    if expect is not None and expect not in VERDICTS:
        raise DisputeError(f"expect must be one of {', '.join(VERDICTS)}, not {expect!r}", line)
    kinds = [k for k in ("play", "pass", "call", "reward", "discard", "timeout", "drop") if k in entry]
    if len(kinds) != 1:
        raise DisputeError(f"action {index + 1} needs exactly one of play, pass, call, reward, discard, timeout, drop", line)
    try:
        return DisputeAction(_make_action(kinds[0], seat, entry), expect, rule, line)
    except (NotationError, ValueError, TypeError, KeyError) as error:
        raise DisputeError(f"action {index + 1}: {error}", line) from None


def nth_index(text: str, needle: str, n: int) -> int:
    """Where the ``n``-th (0-based) ``needle`` stands in ``text``, or -1 (e.g. the third
    ``[[actions]]`` of a dispute file); both games' dispute readers use it.

    >>> nth_index("x [[a]] y [[a]]", "[[a]]", 1)
    10
    """
    index = -1
    for _ in range(n + 1):
        index = text.find(needle, index + 1)
        if index < 0:
            return -1
    return index


def _make_action(kind: str, seat: int, entry: dict[str, Any]) -> Action:
    if kind == "pass":
        return Pass(seat)
    if kind == "timeout":
        return Timeout(seat)
    if kind == "call":
        return CallMisplay(seat, int(entry["call"]))
    if kind == "reward":
        give, take = entry.get("give"), entry.get("take")
        return TakeReward(seat, int(entry["reward"]), parse_card(give) if give else None, parse_card(take) if take else None)
    if kind == "discard":  # a come-at-me reward of the July 2023 revision: discard, draw as many
        discard = parse_cards(entry["discard"])
        return DiscardAndDraw(seat, discard, int(entry.get("draw", len(discard))))
    if kind == "drop":
        return DropCards(seat, parse_cards(entry["drop"]), Surface(entry.get("onto", "table")))
    sayings = [s.lower() for s in entry.get("say", [])]
    for saying in sayings:
        if saying not in _SAYINGS:
            raise ValueError(f"say {saying!r}: only 'higher', 'lower', 'come at me' and 'unbeatable' are announcements")
    direction = next((s for s in sayings if s in ("higher", "lower")), None)
    return Play(
        seat,
        parse_cards(entry["play"]),
        buy_back=entry.get("buy_back"),
        direction=direction,
        come_at_me="come at me" in sayings,
        unbeatable="unbeatable" in sayings,
        face_down=bool(entry.get("face_down", False)),
        earned=bool(entry.get("earned", False)),
        bounty_claim=entry.get("bounty"),
    )


def load_dispute(path: str | Path, ruleset: str | None = None) -> Dispute:
    """Read a dispute file; raises :class:`DisputeError` (with the line) for a malformed one.
    ``ruleset``, if given, is used in place of the file's (see :func:`parse_dispute`).

    >>> load_dispute("no/such/file.toml")
    Traceback (most recent call last):
    ...
    spite_rules.disputes.DisputeError: cannot read no/such/file.toml: No such file or directory
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise DisputeError(f"cannot read {path}: {error.strerror}") from None
    return parse_dispute(text, ruleset)


def judge_dispute(dispute: Dispute) -> Judgement:
    """Replay the dispute's actions from its position, judging each.

    >>> lines = ["[position]", 'hands = ["5♠", "6♦", "7♣"]', "[[actions]]", "seat = 0", 'play = "5♠"']
    >>> dispute = parse_dispute(chr(10).join(lines))
    >>> judge_dispute(dispute).steps[0].verdict
    'stands'
    """
    state = dispute.state
    steps: list[Step] = []
    for item in dispute.actions:
        try:
            after, events = apply(state, item.action)
        except IllegalAction as error:
            verdict, rule, reason, events, after = "illegal", None, str(error), (), state
        else:
            own = [e for e in events if isinstance(e, (Misplay, InstantLoss)) and e.player == item.action.player]
            if own:
                first = own[0]
                verdict = "misplay" if isinstance(first, Misplay) else "loss"
                rule, reason = first.rule, first.reason
            else:
                verdict, rule, reason = "stands", None, ""
        holds = None
        if item.expect is not None:
            holds = verdict == item.expect and (item.rule is None or item.rule == rule)
        steps.append(Step(item.action, verdict, rule, reason, tuple(events), item.expect, holds))
        state = after
    checks = tuple((name, expected, _final_value(state, name)) for name, expected in dispute.final)
    return Judgement(dispute, tuple(steps), checks, state)


def _final_value(state: State, name: str) -> Any:
    if name == "direction":
        return state.direction.value
    if name == "legal_moves":
        return len(legal_moves(state))
    if name == "required_value":
        needed = required_value(state.trick, state.direction)
        return needed.symbol if needed is not None else None
    if name in ("finished", "losers", "scores", "penalties"):
        return list(getattr(state, name))
    if name == "hand_sizes":
        return [len(hand) for hand in state.hands]
    if name == "fake_joker_counts":
        return [len(held) for held in state.fake_jokers]
    if name == "earned_counts":
        return [len(held) for held in state.earned]
    return getattr(state, name)


def _clause_text(rule: str) -> str:
    try:
        from spite_rules.clauses import BY_ID
    except ImportError:  # the registry is optional for the judge's own working
        return ""
    found = BY_ID.get(rule)
    if found is None:
        return ""
    rulings = f" (rulings {', '.join(found.rulings)})" if found.rulings else ""
    return f"{found.section}: {found.text}{rulings}"


def format_judgement(judgement: Judgement) -> str:
    """The judgement as text: the ruleset (unless seed 000), each action, its verdict, reason and
    clauses, then the checks.

    >>> lines = ["[position]", 'hands = ["5♠", "6♦", "7♣"]', "[[actions]]", "seat = 0", 'play = "5♠"']
    >>> dispute = parse_dispute(chr(10).join(lines))
    >>> print(format_judgement(judge_dispute(dispute)))
    1. seat 0: 5♠ — STANDS
         · seat 0 plays 5♠ (single 5)
         · seat 0 goes out (place 1)
    Verdict: every expectation holds.
    """
    names = judgement.state.names
    lines = []
    if judgement.dispute.question:
        lines.append(f"Question: {judgement.dispute.question}")
    rules = judgement.dispute.state.rules
    if rules.ruleset_name != "000":  # seed 000, the default, goes without saying
        lines.append(f"Ruleset: {rules.ruleset_name} (version {rules.version})")
    for number, step in enumerate(judgement.steps, 1):
        lines.append(f"{number}. {describe_action(step.action, names)} — {step.verdict.upper()}"
                     + (f" [{step.rule}]" if step.rule else ""))
        if step.reason:
            lines.append(f"     why: {step.reason}")
        if step.rule:
            text = _clause_text(step.rule)
            if text:
                lines.append(f"     rule {step.rule}: {text}")
        for event in step.events:
            if not isinstance(event, Misplay):
                lines.append(f"     · {describe_event(event, names)}")
        if step.expectation is not None:
            wanted = step.expectation + (f" [{judgement.dispute.actions[number - 1].rule}]" if judgement.dispute.actions[number - 1].rule else "")
            lines.append(f"     expected {wanted}: {'as expected' if step.holds else 'NOT AS EXPECTED'}")
    for name, expected, got in judgement.final_checks:
        mark = "ok" if expected == got else "NOT AS EXPECTED"
        lines.append(f"final {name}: expected {expected!r}, got {got!r} — {mark}")
    lines.append("Verdict: every expectation holds." if judgement.holds else "Verdict: an expectation does NOT hold.")
    return "\n".join(lines)


def perft(state: State, depth: int) -> int:
    """The number of legal-move paths of length ``depth`` from ``state`` (chess's "perft").

    >>> perft(setup(hands=["5♠ 6♠", "7♦", "8♣"]), 1)
    4
    """
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(apply(state, move)[0], depth - 1) for move in moves)


def perft_breakdown(state: State, depth: int) -> list[tuple[str, int]]:
    """For each legal move, its move text and the perft of ``depth - 1`` below it.

    >>> perft_breakdown(setup(hands=["5♠", "7♦", "8♣"]), 1)
    [('seat 0: 5♠', 1), ('seat 0: 5♠ "come at me"', 1)]
    """
    return [
        (describe_action(move, state.names), perft(apply(state, move)[0], depth - 1))
        for move in legal_moves(state)
    ]


