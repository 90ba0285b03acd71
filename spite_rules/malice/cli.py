"""Spite and Malice's command module: ``spite-rules --game malice play|simulate|deal|transcript``.

Layer: Spite and Malice: command line — its top: may import anything of this game below it, the core and the shared values; never Spite.

Every command takes ``--preset NAME`` (common, book, jacks, three_decks) and ``--option
NAME=VALUE`` (repeatable; any field of :class:`~spite_rules.malice.rules.Rules`, read strictly:
``--option centre_limit=4 --option jokers=4 --option wild_cannot_be=1,7``), beside the
``--players`` (default 2) and ``--seed`` every command has.

``spite-rules --game malice COMMAND --help`` lists each command's options. ``simulate`` plays its
games in this process, by N processes or as Ray tasks, with the same results
(:mod:`spite_rules.malice.simulation`); ``transcript`` writes the golden transcripts of
tests/golden/malice-*.txt.

>>> rules = rules_from("book", ["centre_limit=4", "jokers=2"])
>>> rules.centre_limit, rules.jokers, rules.name
(<CentreLimit.FOUR: '4'>, 2, 'book')
>>> rules_from("common", ["centre_limt=4"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spite_rules.malice.cli.OptionError: --option centre_limt=4: no such option (known: decks, ...)
"""

from __future__ import annotations

import argparse
import enum
import sys
import typing
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from spite_rules.core.bots import next_bot_action, play_deal
from spite_rules.errors import IllegalAction, NotationError
from spite_rules.malice.actions import Action
from spite_rules.malice.bots import BOTS as MALICE_BOTS
from spite_rules.malice.deal import new_game
from spite_rules.malice.display import stack_text as _stack, table_picture
from spite_rules.malice.hints import hints
from spite_rules.malice.narrate import describe_action, describe_event
from spite_rules.malice.notation import parse_action
from spite_rules.malice.rules import PRESETS, Rules
from spite_rules.malice.state import State
from spite_rules.malice.turn import apply, legal_moves
from spite_rules.malice.views import SeatView, redact, view

__all__ = ["add_arguments", "run", "rules_from", "render", "transcript", "OptionError", "BOTS", "HELP"]

#: The bots the command line knows, by name (each made from a seed).
BOTS: dict[str, Callable[[int], Any]] = MALICE_BOTS

HELP = """\
Type an action as the moves list writes it (the 'seat N:' prefix is optional), e.g.
  play A♥ from hand to centre 1        play 7s from side 2 to centre 3
  play Q♣ from pay-off to centre 2      discard 9c to side 1       end turn
  move 5♦ from side 1 to side 2         swap 4♠ from hand for centre 1
Cards: A 2 ... 10 J Q K and JK (joker), suits ♠♥♦♣ or s h d c; stacks count from 1.
Commands:
  moves    your legal moves, numbered (then #K plays move K)
  hint     a suggested move (ask again for the next one)
  table    show the table again          help     this help
  quit     leave the game"""


class OptionError(ValueError):
    """A ``--option`` that is not ``NAME=VALUE`` for a field of Rules with a value it takes."""


_BOOLS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}


def _convert(name: str, kind: Any, text: str) -> Any:
    if kind is bool:
        if text.lower() not in _BOOLS:
            raise OptionError(f"--option {name}={text}: {name} is true or false")
        return _BOOLS[text.lower()]
    if kind is int:
        try:
            return int(text)
        except ValueError:
            raise OptionError(f"--option {name}={text}: {name} is a whole number") from None
    if kind == (int | None):
        return None if text.lower() == "none" else _convert(name, int, text)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        for member in kind:
            if text in (member.value, member.name, member.name.lower()):
                return member
        known = ", ".join(str(member.value) for member in kind)
        raise OptionError(f"--option {name}={text}: {name} is one of {known}")
    if kind == tuple[int, ...]:
        try:
            return tuple(int(part) for part in text.split(",") if part.strip())
        except ValueError:
            raise OptionError(f"--option {name}={text}: {name} is whole numbers separated by commas") from None
    raise OptionError(f"--option {name}={text}: {name} cannot be set from the command line")


def rules_from(preset: str, options: Sequence[str] = ()) -> Rules:
    """The preset ``preset`` with each ``NAME=VALUE`` of ``options`` changed, read strictly against
    the fields of :class:`Rules` (``name`` is the preset's). Raises OptionError or IllegalAction."""
    rules = Rules.preset(preset)
    hints_ = typing.get_type_hints(Rules)
    fields = [field.name for field in attrs.fields(Rules) if field.name != "name"]
    changes: dict[str, Any] = {}
    for option in options:
        name, equals, text = option.partition("=")
        name = name.strip().replace("-", "_")
        if not equals:
            raise OptionError(f"--option {option}: write NAME=VALUE, e.g. centre_limit=4")
        if name not in fields:
            raise OptionError(f"--option {option}: no such option (known: {', '.join(fields)})")
        changes[name] = _convert(name, hints_[name], text.strip())
    try:
        return attrs.evolve(rules, **changes)
    except (TypeError, ValueError) as error:
        raise OptionError(f"--option: {error}") from None


def add_arguments(subparsers: dict[str, argparse.ArgumentParser]) -> None:
    """Spite and Malice's flags on each command's parser (``--help`` shows each default)."""
    for name in ("play", "simulate", "deal", "transcript"):
        sub = subparsers[name]
        choices = PRESETS + (("all",) if name == "simulate" else ())
        sub.add_argument("--preset", choices=choices, default="common",
                         help="the rules preset" + ("; all: every preset" if name == "simulate" else ""))
        sub.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                         help="change one option of the preset (a field of spite_rules.malice.Rules); repeatable")
    subparsers["play"].add_argument("--bot", "--bots", choices=sorted(BOTS), default="greedy", help="the bots you play against")
    subparsers["simulate"].add_argument("--games", type=int, default=100, help="games per preset")
    subparsers["simulate"].add_argument("--bots", default="greedy,random",
                                        help="comma-separated, cycled over seats (greedy, random, search)")
    subparsers["simulate"].add_argument("--workers", type=int, default=1, help="processes to play the games on")
    subparsers["simulate"].add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                                        help="play the games on Ray (no ADDRESS: a new instance on this machine)")
    subparsers["simulate"].add_argument("--output", default=None, metavar="FILE.json|FILE.csv",
                                        help="write every game's result")
    subparsers["transcript"].add_argument("--bots", default="greedy,random", help="comma-separated, cycled over seats")


def run(args: argparse.Namespace, read: Callable[[str], str] = input, out: Callable[[str], None] = print) -> int:
    """Carry out ``args.command``; 2 (and a message on stderr) for bad flags."""
    players = args.players
    presets = PRESETS if getattr(args, "preset", "") == "all" else (args.preset,)
    try:
        table = [rules_from(preset, args.option) for preset in presets]
        bots = getattr(args, "bots", "greedy").split(",")
        from spite_rules.malice.simulation import SIMULATION_BOTS

        known = SIMULATION_BOTS if args.command == "simulate" else BOTS
        unknown = [name for name in bots if name not in known]
        if unknown:
            raise OptionError(f"unknown bots {', '.join(unknown)} (known: {', '.join(known)})")
        for flag in ("games", "workers"):
            if getattr(args, flag, 1) < 1:
                raise OptionError(f"--{flag} must be at least 1")
        output = getattr(args, "output", None)
        if output and not output.endswith((".json", ".csv")):
            raise OptionError("--output must name a .json or .csv file")
        for rules in table:
            new_game(players, seed=args.seed, rules=rules)  # checks the player count against the rules
    except (OptionError, IllegalAction) as error:
        print(f"spite-rules: error: {error}", file=sys.stderr)
        return 2
    if args.command == "play":
        return play(players, args.seed, table[0], args.bot, read=read, out=out)
    if args.command == "simulate":  # the games of each rules in table, each summed up as it ends
        from spite_rules.malice.simulation import run_games, summary_lines, write_results

        done = []
        for rules in table:
            done.append(run_games(players, args.games, args.seed, rules, bots, workers=args.workers, ray=args.ray,
                                  progress=True))
            for line in summary_lines(done[-1], players):
                out(line)
        if args.output:
            write_results(done, args.output)
        return 0
    if args.command == "transcript":
        out(transcript(players, seed=args.seed, rules=table[0], bots=bots).rstrip("\n"))
        return 0
    rules = table[0]  # deal: the whole table (every hand: this is not a seat's view)
    state = new_game(players, seed=args.seed, rules=rules)
    out(f"Spite and Malice ({rules.version}), {players} players, seed {args.seed}: "
        f"pay-off piles of {rules.payoff_size}, {len(state.stock)} cards in the stock")
    for seat, name in enumerate(state.names):
        pile = state.payoff[seat]
        out(f"{name}: pay-off {pile[-1] if pile else '-'} ({len(pile)} cards), hand {_stack(state.hands[seat])}")
        if any(state.side[seat]):
            out("    side " + "   ".join(f"{n}: {_stack(s)}" for n, s in enumerate(state.side[seat], 1)))
    out(f"{state.names[state.to_act]} plays first; {len(legal_moves(state))} legal moves")
    return 0


def render(seen: SeatView) -> str:
    """The table as seat ``seen.seat`` sees it (:func:`spite_rules.malice.display.table_picture`)."""
    return table_picture(seen)


def _narrate(state: State, events: Sequence[Any], out: Callable[[str], None]) -> None:
    """The events as seat 0 sees them, then its table when its turn comes round."""
    for event in events:
        out("  " + describe_event(redact(event, 0), state.names))
    if state.to_act == 0 and not state.game_over:
        out(render(view(state, 0)))


def _outcome(state: State) -> str:
    sizes = ", ".join(f"{name} {len(pile)}" for name, pile in zip(state.names, state.payoff))
    head = "The game is drawn." if state.winner is None else f"{state.names[state.winner]} won."
    scores = ", ".join(f"{name} {score}" for name, score in zip(state.names, state.scores))
    return f"{head} Pay-off cards left: {sizes}. Scores: {scores}."


def play(players: int, seed: int, rules: Rules, bot: str = "greedy", *,
         read: Callable[[str], str] = input, out: Callable[[str], None] = print) -> int:
    """One human (seat 0) against bots; never a traceback for bad input."""
    names = ["you"] + [f"bot {seat}" for seat in range(1, players)]
    state = new_game(names, seed=seed, rules=rules)
    table: list[Any] = [None] + [BOTS[bot](seed + seat) for seat in range(1, players)]
    out(f"Spite and Malice ({rules.version}): you are seat 0 against {players - 1} {bot} "
        f"bot{'s' if players > 2 else ''}. Type 'help' for how to play.\n")
    out(render(view(state, 0)))
    button: Iterator[Action | None] | None = None
    while True:
        if state.game_over:
            out(_outcome(state))
            return 0
        action = next_bot_action(state, table)
        if action is not None:
            state, events = apply(state, action)
            out(describe_action(action, state.names))
            _narrate(state, events, out)
            button = None
            continue
        moves = legal_moves(state)
        try:
            line = read("your move> ").strip()
        except EOFError:
            out("\nGoodbye.")
            return 0
        word = line.lower()
        if not word:
            out("  type an action, 'moves', 'hint' or 'help'")
            continue
        if word in ("quit", "exit"):
            out("Goodbye.")
            return 0
        if word in ("help", "?"):
            out(HELP)
            continue
        if word in ("table", "hand", "show"):
            out(render(view(state, 0)))
            continue
        if word == "moves":
            for number, move in enumerate(moves, 1):
                out(f"  #{number:<3} {str(move).partition(': ')[2]}")
            continue
        if word == "hint":
            if button is None:
                button = hints(state)
            suggestion = next(button)
            out("  no more hints (ask again to start over)" if suggestion is None
                else f"  hint: {str(suggestion).partition(': ')[2]}")
            continue
        if word.startswith("#"):
            digits = word[1:]
            if not digits.isdigit() or not 1 <= int(digits) <= len(moves):
                out(f"  {word!r} is not a move number: choose #1 to #{len(moves)} (type 'moves')")
                continue
            chosen: Action = moves[int(digits) - 1]
        else:
            try:
                chosen = parse_action(state, line)
            except (NotationError, ValueError) as error:
                out(f"  {error}\n  (type 'help' for the notation, 'moves' for your legal moves)")
                continue
        try:
            state, events = apply(state, chosen)
        except IllegalAction as error:
            out(f"  not possible: {error}")
            continue
        button = None
        _narrate(state, events, out)


def transcript(players: int, *, seed: int, rules: Rules | None = None,
               bots: Sequence[str] = ("greedy", "random")) -> str:
    """The transcript of a seeded game played by ``bots`` (cycled over seats): a header, the deal,
    then every action and its events, and the outcome.

    >>> text = transcript(2, seed=1, rules=Rules.preset("book"))
    >>> text.splitlines()[0]
    '# spite_rules transcript: game malice, ruleset 003-book-r1, 2 players, seed 1, bots greedy,random'
    """
    rules = Rules() if rules is None else rules
    seat_bots = [bots[seat % len(bots)] for seat in range(players)]
    table = [BOTS[name](seed * 31 + seat) for seat, name in enumerate(seat_bots)]
    state = new_game([f"{table[seat].name}{seat}" for seat in range(players)], seed=seed, rules=rules)
    lines = [
        f"# spite_rules transcript: game malice, ruleset {rules.version}, {players} players, "
        f"seed {seed}, bots {','.join(seat_bots)}"
    ]
    for seat, name in enumerate(state.names):
        pile = state.payoff[seat]
        lines.append(f"  deal {name}: pay-off {pile[-1] if pile else '-'} ({len(pile)} cards), "
                     f"hand {_stack(state.hands[seat])}")
    state, _ = play_deal(state, table, told=lines)
    lines.append(_outcome(state))
    return "\n".join(lines) + "\n"

