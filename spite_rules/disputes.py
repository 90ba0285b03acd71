"""Disputes as files: a position and the actions in question, judged with the rules cited.

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.

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

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
from spite_rules.cards import Rank, parse_card, parse_cards, spite_deck
from spite_rules.clauses import BY_ID
from spite_rules.core.dispute_files import (
    CARD,
    CARDS,
    COUNT,
    FLAG,
    SEAT,
    TEXT,
    TRUE,
    WHOLE,
    Context,
    Dispute,
    DisputeAction,
    DisputeError,
    Field,
    Judgement,
    Section,
    Step,
    check_card_counts,
    check_section,
    clause_kind,
    end_checks,
    header_at,
    line_at,
    list_of,
    load_toml,
    locate,
    one_of,
    per_seat,
    read_dispute_text,
    table,
    tables,
    whole,
)
from spite_rules.errors import IllegalAction, SpiteError
from spite_rules.events import InstantLoss, Misplay
from spite_rules.narrate import describe_action, describe_event
from spite_rules.round import apply, legal_moves, setup
from spite_rules.rules import RULESETS, Referee, Rules
from spite_rules.state import MAX_BUY_BACK_STEP, MAX_PLAYERS, MIN_PLAYERS, State
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
]

VERDICTS = ("stands", "misplay", "illegal", "loss")


#: The announcements ``say`` may list (seed 000's words).
SAYINGS = ("higher", "lower", "come at me", "unbeatable")


_POSITION = Section("position", "[position]", (
    Field("hands", list_of(CARDS, "a list of strings of cards, one per seat (3 to 9)"),
          "the hands, seat 0 first", required=True),
    Field("deck", CARDS, "the deck, top card first", "empty"),
    Field("bounty", CARD, "the bounty card", "none"),
    Field("direction", one_of("higher", "lower"), "the direction of play", '`"higher"`'),
    Field("leader", SEAT, "the seat that leads the trick", "0"),
    Field("scores", per_seat(WHOLE), "each seat's score", "zeros"),
    Field("penalties", per_seat(COUNT), "the misplay skips each seat owes", "zeros"),
    Field("fake_jokers", per_seat(CARDS), 'the fake jokers each seat holds (`"~4♣"`)', "none held"),
    Field("earned", per_seat(CARDS), "the cards each seat has earned from the deck", "none"),
    Field("fake_pile", CARDS, "the fake jokers not held", "the rules' fake jokers not held"),
    Field("discard", CARDS, "the discard pile", "empty"),
    Field("buy_back_step", whole(0, MAX_BUY_BACK_STEP), "buy-backs already made this round", "0"),
    Field("round_number", whole(1), "1 is the first round", "1"),
    Field("opening", FLAG, "`true` starts with the first round's opening offers", "`false`"),
    Field("referee", one_of(*(referee.value for referee in Referee)),
          "`called`: misplays stand open to calls", '`"automatic"`'),
    Field("names", per_seat(TEXT), "the seats' names", "`seat N`"),
    Field("seed", WHOLE, "the seed of reshuffles", "0"),
))

#: Each kind of action, and the keys that may go with it (beside ``seat``, ``expect``, ``rule``).
ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "play": ("say", "buy_back", "bounty", "face_down", "earned"),
    "pass": (),
    "call": (),
    "reward": ("give", "take"),
    "discard": ("draw",),
    "timeout": (),
    "drop": ("onto",),
}

_CLAUSE = clause_kind("docs/rules.md", BY_ID)

_ACTION = Section("actions", "[[actions]]", (
    Field("seat", SEAT, "the seat that acts", required=True),
    Field("play", CARDS, 'play cards (`"9♠ 9♦"`)'),
    Field("pass", TRUE, "pass (or decline the opening)"),
    Field("call", SEAT, "call a misplay on that seat"),
    Field("reward", whole(1), "take a come-at-me reward of that many cards"),
    Field("discard", CARDS, "take a come-at-me reward of the July 2023 revision: discard those cards"),
    Field("timeout", TRUE, "the countdown ran out"),
    Field("drop", CARDS, "dropped cards"),
    Field("say", list_of(one_of(*SAYINGS, label=f"an announcement ({', '.join(SAYINGS)})")),
          "with play: the announcements", "none"),
    Field("buy_back", COUNT, "with play: the buy-back count announced", "none"),
    Field("bounty", COUNT, "with play: the bounty count claimed", "none"),
    Field("face_down", FLAG, "with play: a fake joker played face down", "`false`"),
    Field("earned", FLAG, "with play: a card earned from the deck", "`false`"),
    Field("give", CARD, "with reward: the card given in a swap", "none"),
    Field("take", CARD, "with reward: the card taken in a swap", "none"),
    Field("draw", COUNT, "with discard: how many to draw", "as many as discarded"),
    Field("onto", one_of(*(surface.value for surface in Surface)), "with drop: where the cards land",
          '`"table"`'),
    Field("expect", one_of(*VERDICTS), "the verdict expected", "none"),
    Field("rule", _CLAUSE, "with expect misplay or loss: the clause it must cite", "none"),
))

_FINAL = Section("final", "[final]", (
    Field("direction", one_of("higher", "lower"), "the direction"),
    Field("to_act", SEAT, "the seat to act"),
    Field("legal_moves", COUNT, "how many legal moves there are"),
    Field("required_value", one_of(*(rank.symbol for rank in Rank), label="a card value (\"6\", \"Q\")"),
          "the value a numerical consec requires next"),
    Field("finished", list_of(SEAT), "the seats gone out, in order"),
    Field("losers", list_of(SEAT), "the seats that lost the round"),
    Field("round_over", FLAG, "whether the round is over"),
    Field("scores", per_seat(WHOLE), "each seat's score"),
    Field("hand_sizes", per_seat(COUNT), "each seat's number of cards"),
    Field("penalties", per_seat(COUNT), "the skips each seat owes"),
    Field("fake_joker_counts", per_seat(COUNT), "the fake jokers each seat holds"),
    Field("earned_counts", per_seat(COUNT), "the earned cards each seat holds"),
))

_PERFT = Section("perft", "[perft]", (
    Field("depth1", COUNT, "the number of legal moves (tests/perft/)"),
    Field("depth2", COUNT, "the number of two-move sequences"),
))

_TOP = Section("", "the top level", (
    Field("game", one_of("spite", "malice"), '`"malice"` for a Spite and Malice dispute', '`"spite"`'),
    Field("question", TEXT, "the question the dispute asks", '""'),
    Field("title", TEXT, "a title (shown when there is no question)", '""'),
    Field("ruleset", one_of(*RULESETS), "the ruleset it is judged under", '`"000"`'),
    Field("notes", TEXT, "notes for the reader, not judged", '""'),
    Field("position", table(_POSITION), "the position", required=True),
    Field("actions", tables(_ACTION), "the actions, in order", "none"),
    Field("final", table(_FINAL), "checks on the end position", "none"),
    Field("perft", table(_PERFT), "legal-move counts of the end position", "none"),
))

#: Spite's dispute schema by the name docs/disputes.md renders it under.
SCHEMA: dict[str, Section] = {
    "spite.top": _TOP, "spite.position": _POSITION, "spite.actions": _ACTION, "spite.final": _FINAL,
}


def parse_dispute(text: str, ruleset: str | None = None) -> Dispute:
    """Read a dispute from TOML text, checked against :data:`SCHEMA` before anything is built;
    raises :class:`DisputeError` with the line at fault.

    The position is judged under the file's ``ruleset`` (a name of
    :data:`~spite_rules.rules.RULESETS`; seed 000's ``"000"`` when it names none), or under
    ``ruleset`` when it is given (``spite-rules judge --ruleset NAME``).

    >>> parse_dispute(chr(10).join(["[position]", 'hands = ["5♠", "6♦", "7♣"]'])).state.hands[0]
    (Card('5♠'),)
    >>> parse_dispute(chr(10).join(["[position]", 'hands = ["5♠", "6♦", "7♣"]', "[[actions]]", "seat = 0", 'play = "5♠"', 'expct = "stands"']))
    Traceback (most recent call last):
    ...
    spite_rules.core.dispute_files.DisputeError: line 6: unknown key 'expct' in [[actions]] 1 (did you mean 'expect'?); allowed there: seat, play, pass, call, reward, discard, timeout, drop, say, buy_back, bounty, face_down, earned, give, take, draw, onto, expect, rule
    """
    data = load_toml(text)
    check_section(data, _TOP, Context(), text)
    if data.get("game", "spite") != "spite":
        raise DisputeError(f"game = {data['game']!r}: this is not a Spite dispute (read it with the judge, "
                           "which chooses the game's reader)", locate(text, "game"))
    position = data["position"]
    hands = position.get("hands")
    seats = len(hands) if isinstance(hands, list) else None
    at = header_at(text, "[position]")
    check_section(position, _POSITION, Context(seats), text, at)
    if seats is not None and not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise DisputeError(f"position.hands gives {seats} seats: Spite is for {MIN_PLAYERS} to {MAX_PLAYERS} players",
                           locate(text, "hands", at))
    context = Context(seats)
    for index, entry in enumerate(data.get("actions", [])):
        check_section(entry, _ACTION, context, text, header_at(text, "[[actions]]", index), index + 1)
        _check_action_keys(entry, text, index)
    final = data.get("final", {})
    check_section(final, _FINAL, context, text, header_at(text, "[final]"))
    check_section(data.get("perft", {}), _PERFT, context, text, header_at(text, "[perft]"))
    ruleset = data.get("ruleset", "000") if ruleset is None else ruleset
    if not isinstance(ruleset, str) or ruleset not in RULESETS:
        raise DisputeError(f"ruleset must be one of {', '.join(RULESETS)}, not {ruleset!r}", locate(text, "ruleset"))
    state = _position(position, text, ruleset)
    actions = tuple(_action(entry, text, index) for index, entry in enumerate(data.get("actions", [])))
    return Dispute(state, actions, str(data.get("question", data.get("title", ""))), tuple(final.items()))


def _check_action_keys(entry: dict[str, Any], text: str, index: int) -> None:
    """Exactly one kind of action, with only the keys that go with it; a rule only for a misplay or
    a loss."""
    at = header_at(text, "[[actions]]", index)
    kinds = [kind for kind in ACTION_KINDS if kind in entry]
    if len(kinds) != 1:
        given = f" (it gives {', '.join(kinds)})" if kinds else ""
        raise DisputeError(f"[[actions]] {index + 1} needs exactly one of {', '.join(ACTION_KINDS)}{given}",
                           line_at(text, at))
    for kind, extras in ACTION_KINDS.items():
        for key in extras:
            if key in entry and kind not in kinds:
                raise DisputeError(f"actions[{index + 1}].{key} goes only with {kind} (this action is {kinds[0]})",
                                   locate(text, key, at))
    if "rule" in entry and entry.get("expect") not in ("misplay", "loss"):
        raise DisputeError(f"actions[{index + 1}].rule is cited only with expect = \"misplay\" or \"loss\"",
                           locate(text, "rule", at))


def _position(position: dict[str, Any], text: str, ruleset: str) -> State:
    at = header_at(text, "[position]")
    kwargs: dict[str, Any] = {k: v for k, v in position.items() if k not in ("referee", "opening")}
    rules = Rules.ruleset(ruleset, referee=Referee(position.get("referee", "automatic")))
    # Fake jokers are the table's own choice of faces (seed 000: "approximately 5 cards (of
    # arbitrary suits and face values) from a deck with a different card-back design"): only the
    # cards of the main deck are counted.
    named = [(f"position.{key}", locate(text, key, at), [card for card in parse_cards(value) if not card.fake])
             for key in ("hands", "deck", "bounty", "fake_pile", "discard", "fake_jokers", "earned")
             for value in ([position[key]] if isinstance(position.get(key), str) else position.get(key, []))]
    check_card_counts(named, Counter(spite_deck(rules.decks)), f"the {rules.decks} six-handed 500 decks")
    try:
        return setup(opening=bool(position.get("opening", False)), rules=rules, **kwargs)
    except SpiteError as error:
        raise DisputeError(f"the position cannot happen: {error}", line_at(text, max(at, 0))) from None


def _action(entry: dict[str, Any], text: str, index: int) -> DisputeAction:
    anchor = header_at(text, "[[actions]]", index)
    line = line_at(text, anchor)
    kind = next(kind for kind in ACTION_KINDS if kind in entry)
    try:
        action = _make_action(kind, entry["seat"], entry)
    except SpiteError as error:
        raise DisputeError(f"[[actions]] {index + 1}: {error}", line) from None
    return DisputeAction(action, entry.get("expect"), entry.get("rule"), line)


def _make_action(kind: str, seat: int, entry: dict[str, Any]) -> Action:
    if kind == "pass":
        return Pass(seat)
    if kind == "timeout":
        return Timeout(seat)
    if kind == "call":
        return CallMisplay(seat, entry["call"])
    if kind == "reward":
        give, take = entry.get("give"), entry.get("take")
        return TakeReward(seat, entry["reward"], parse_card(give) if give else None, parse_card(take) if take else None)
    if kind == "discard":  # a come-at-me reward of the July 2023 revision: discard, draw as many
        discard = parse_cards(entry["discard"])
        return DiscardAndDraw(seat, discard, entry.get("draw", len(discard)))
    if kind == "drop":
        return DropCards(seat, parse_cards(entry["drop"]), Surface(entry.get("onto", "table")))
    sayings = [saying.lower() for saying in entry.get("say", [])]
    direction = next((s for s in sayings if s in ("higher", "lower")), None)
    return Play(
        seat,
        parse_cards(entry["play"]),
        buy_back=entry.get("buy_back"),
        direction=direction,
        come_at_me="come at me" in sayings,
        unbeatable="unbeatable" in sayings,
        face_down=entry.get("face_down", False),
        earned=entry.get("earned", False),
        bounty_claim=entry.get("bounty"),
    )


def load_dispute(path: str | Path, ruleset: str | None = None) -> Dispute:
    """Read a dispute file; raises :class:`DisputeError` (with the line) for a malformed one.
    ``ruleset``, if given, is used in place of the file's (see :func:`parse_dispute`).

    >>> load_dispute("no/such/file.toml")
    Traceback (most recent call last):
    ...
    spite_rules.core.dispute_files.DisputeError: cannot read no/such/file.toml: No such file or directory
    """
    return parse_dispute(read_dispute_text(path), ruleset)


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
            own = (e for e in events if isinstance(e, (Misplay, InstantLoss)) and e.player == item.action.player)
            first = next(own, None)
            verdict = "stands" if first is None else "misplay" if isinstance(first, Misplay) else "loss"
            rule, reason = (None, "") if first is None else (first.rule, first.reason)
        holds = None
        if item.expect is not None:
            holds = verdict == item.expect and (item.rule is None or item.rule == rule)
        steps.append(Step(item.action, verdict, rule, reason, tuple(events), item.expect, holds))
        state = after
    return Judgement(dispute, tuple(steps), end_checks(state, dispute.final, _END_VALUES), state)


#: How each check of [final] that is not a field of the State reads the end position.
_END_VALUES: dict[str, Callable[[State], Any]] = {
    "legal_moves": lambda state: len(legal_moves(state)),
    "required_value": lambda state: getattr(required_value(state.trick, state.direction), "symbol", None),
    "hand_sizes": lambda state: [len(hand) for hand in state.hands],
    "fake_joker_counts": lambda state: [len(held) for held in state.fake_jokers],
    "earned_counts": lambda state: [len(held) for held in state.earned],
}


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
    rules = judgement.dispute.state.rules  # seed 000, the default, goes without saying
    heading = [f"Ruleset: {rules.ruleset_name} (version {rules.version})"] if rules.ruleset_name != "000" else []
    return judgement.text(describe_action, describe_event, BY_ID, heading,
                          told=lambda event: not isinstance(event, Misplay))  # a misplay is its verdict


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


