"""The ``spite-rules`` command line (also ``python -m spite_rules``).

Layer: command line — the top: may import anything below it.

Every command takes ``--game NAME`` (default ``spite``; another game runs through its own command
module, ``spite-rules --game malice play``); ``--players`` is checked against that game's range.
The commands (play, simulate, deal, transcript, judge, serve, tables) are listed once, in
:data:`COMMANDS`; ``spite-rules --help`` gives each a line and ``spite-rules COMMAND --help`` lists
its options with their defaults. ``play`` without ``--seed`` draws a random seed and prints it
first, so that the game can be replayed; ``--ruleset NAME`` (play, simulate, transcript, judge)
names a ruleset, ``000`` by default (judge: the file's own); ``judge``'s exit statuses are
:func:`judge`'s. When the reader of the output goes away (``spite-rules deal | head -2``), every
command stops quietly with exit 141 (:data:`BROKEN_PIPE`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
from typing import Any
from collections.abc import Callable, Sequence

from spite_rules import __version__
from spite_rules.core.build_info import BUILD
from spite_rules.actions import Action, CallMisplay, DiscardAndDraw, Pass, Play, TakeReward
from spite_rules.bots import BOTS, Bot, next_bot_action
from spite_rules.cards import Card, format_cards, parse_card
from spite_rules.core.engine import GAMES, game
from spite_rules.errors import IllegalAction, NotationError
from spite_rules.events import Event, Misplay, TrickWon
from spite_rules.hand_search import hands_in
from spite_rules.display import table_picture
from spite_rules.narrate import describe_action, describe_event
from spite_rules.round import apply, legal_moves, new_game, next_round
from spite_rules.rules import RULESETS, Referee, Rules
from spite_rules.state import State
from spite_rules.trick import fibonacci_buy_back
from spite_rules.views import redact
from spite_rules import web
from spite_rules.web import tables_cli

__all__ = ["main", "parse_command", "HELP"]

HELP = """\
Type a play in card notation, with any announcements, e.g.
  7S lower          a 7 announcing "lower"       9h 9d cam      a pair, "come at me"
  bb 2 9H 9D        buy back 2 with a pair       2s unbeatable   a 2 under a suited consec
  ~4c fd            a fake joker face-down       5s bounty 1     going out on the bounty
  jk                the joker                    4c earned       a card earned from the deck
Other commands:
  pass              pass (or decline the opening)
  misplay N         call a misplay on seat N
  reward N [swap GIVE TAKE]   take a come-at-me reward of N, optionally swapping
  discard CARDS     take a come-at-me reward by discarding CARDS and drawing as many (2023-07)
  moves             list your legal moves (then #K plays move K)
  hand              show the table again
  help              this help              quit     leave the game"""


def _paint(text: str) -> str:
    red = [f"\x1b[31m{word}\x1b[0m" if "♥" in word or "♦" in word else word for word in text.split(" ")]
    return " ".join(red)


def parse_command(text: str, seat: int, moves: Sequence[Action] = ()) -> Action | str:
    """Read one line typed by ``seat``: an action, or a command word (``help``, ``moves``, ``hand``,
    ``quit``). Raises NotationError (with what is wrong) for text that is neither.

    >>> parse_command("bb 2 9H 9D", 1)
    Play(player=1, cards=(Card('9♦'), Card('9♥')), buy_back=2, direction=None, come_at_me=False, unbeatable=False, face_down=False, earned=False, bounty_claim=None)
    >>> parse_command("7s lower cam", 0).direction
    <Direction.LOWER: 'lower'>
    >>> parse_command("misplay 3", 0)
    CallMisplay(player=0, accused=3)
    """
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError("type a play, 'pass', 'moves' or 'help'")
    head = words[0].lower()
    if head in ("help", "?", "moves", "hand", "quit", "exit"):
        return "quit" if head == "exit" else "help" if head == "?" else head
    if head in ("pass", "p"):
        return Pass(seat)
    if head.startswith("#"):
        number = head[1:]
        if not number.isdigit() or not 1 <= int(number) <= len(moves):
            raise NotationError(
                f"{head!r} is not a move number: choose #1 to #{len(moves)} (type 'moves')"
            )
        return moves[int(number) - 1]
    if head in ("misplay", "call"):
        return CallMisplay(seat, _number(words, 1, "misplay needs a seat number"))
    if head == "discard":
        discard = [parse_card(word) for word in words[1:]]
        return DiscardAndDraw(seat, discard, len(discard))
    if head == "reward":
        count = _number(words, 1, "reward needs the count")
        if len(words) == 2:
            return TakeReward(seat, count)
        if len(words) == 5 and words[2].lower() == "swap":
            return TakeReward(seat, count, parse_card(words[3]), parse_card(words[4]))
        raise NotationError("a reward is 'reward N' or 'reward N swap GIVE TAKE'")
    cards: list[Card] = []
    options: dict[str, object] = {}
    index = 0
    while index < len(words):
        word = words[index].lower()
        if word in ("bb", "buy") :
            skip = 2 if word == "buy" and index + 1 < len(words) and words[index + 1].lower() == "back" else 1
            options["buy_back"] = _number(words, index + skip, "buy back needs a count, e.g. 'bb 2'")
            index += skip + 1
            continue
        if word == "bounty":
            options["bounty_claim"] = _number(words, index + 1, "bounty needs a count, e.g. 'bounty 2'")
            index += 2
            continue
        if word in _PLAY_WORDS:
            key, value = _PLAY_WORDS[word]
            options[key] = value
        elif word == "come" and words[index + 1 : index + 3] == ["at", "me"]:
            options["come_at_me"] = True
            index += 2
        else:
            cards.append(parse_card(words[index]))
        index += 1
    if not cards:
        raise NotationError(f"{text!r} names no cards (type 'help' for examples)")
    return Play(seat, cards, **options)


#: The words of a play beside its cards, each with the option of :class:`Play` it sets.
_PLAY_WORDS: dict[str, tuple[str, object]] = {
    "higher": ("direction", "higher"), "lower": ("direction", "lower"), "unbeatable": ("unbeatable", True),
    "cam": ("come_at_me", True), "come-at-me": ("come_at_me", True), "earned": ("earned", True),
    **dict.fromkeys(("fd", "facedown", "face-down"), ("face_down", True)),
}


def _number(words: Sequence[str], index: int, message: str) -> int:
    try:
        return int(words[index])
    except (IndexError, ValueError):
        raise NotationError(message) from None


def render(state: State, seat: int, colour: bool = False) -> str:
    """The table as ``seat`` sees it (:func:`spite_rules.display.table_picture`)."""
    return table_picture(state.view(seat), _paint if colour else str)


def _narrate(events: Sequence[Event], state: State, seat: int, out: Callable[[str], None]) -> None:
    for event in events:
        line = describe_event(redact(event, seat), state.names)
        if isinstance(event, Misplay):
            line += f"\n    (rule {event.rule}: see docs/rules.md; type 'help' for the notation)"
        out("  " + line)


def play(players: int, seed: int, referee: Referee, read: Callable[[str], str] = input,
         out: Callable[[str], None] = print, ruleset: str = "000", bot: str = "greedy") -> int:
    """One human (seat 0) against bots of kind ``bot`` (:data:`~spite_rules.bots.BOTS`; ``strong``
    is the search bot, its think time bounded), under the named ``ruleset``."""
    colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
    names = ["you"] + [f"bot {i}" for i in range(1, players)]
    state = new_game(names, seed=seed, rules=Rules.ruleset(ruleset, referee=referee))
    bots: list[Bot[Any, Any] | None] = [None] + [BOTS[bot](seed + i) for i in range(1, players)]
    out(f"Spite: you are seat 0 against {players - 1} {bot} bots. Type 'help' for how to play.\n")
    out(render(state, 0, colour))
    while True:
        if state.round_over:
            try:
                again = read("Play another round? [y/N] ").strip().lower()
            except EOFError:
                again = ""
            if again not in ("y", "yes"):
                out("Final standings: " + ", ".join(f"{n} {s:+d}" for n, s in state.standings))
                return 0
            state, events = next_round(state)
            bots.extend(BOTS[bot](seed) for _ in range(state.players - len(bots)))
            _narrate(events, state, 0, out)
            out(render(state, 0, colour))
            continue
        action = next_bot_action(state, bots)
        if action is not None:
            state, events = apply(state, action)
            out(describe_action(action, state.names))
            _narrate(events, state, 0, out)
            continue
        moves = [m for m in legal_moves(state) if m.player == 0]
        try:
            line = read("your move> ")
        except EOFError:
            out("\nGoodbye.")
            return 0
        try:
            command = parse_command(line, 0, moves)
        except (NotationError, ValueError) as error:
            out(f"  {error}\n  (type 'help' for the notation, 'moves' for your legal moves)")
            continue
        if command == "quit":
            out("Goodbye.")
            return 0
        if command == "help":
            out(HELP)
            continue
        if command == "hand":
            out(render(state, 0, colour))
            continue
        if command == "moves":
            for number, move in enumerate(moves, 1):
                out(f"  #{number:<3} {describe_action(move, state.names)}")
            continue
        assert not isinstance(command, str)
        try:
            state, events = apply(state, command)
        except IllegalAction as error:
            out(f"  not possible: {error}")
            continue
        _narrate(events, state, 0, out)
        if any(isinstance(e, TrickWon) for e in events) or state.to_act == 0:
            out(render(state, 0, colour))


#: Every command of ``spite-rules``, with the one line ``--help`` shows for it, in the order it
#: lists them. To add a command: an entry here, its options in :func:`build_parser` (a function of
#: its own, as ``_serve_arguments``), and its branch in :func:`_run`.
COMMANDS: dict[str, str] = {
    "play": "play against bots in the terminal",
    "simulate": "run bot games and summarise them",
    "deal": "deal a seeded game and show the hands",
    "transcript": "print a seeded bot game, every action and event",
    "judge": "judge a dispute file and cite the rules (docs/disputes.md)",
    "serve": "serve tables of every game in the browser (needs spite-rules[web])",
    "tables": "list, export and replay the tables a server keeps (--db)",
}

#: The commands that play a game: each takes ``--game``, ``--players``, ``--seed`` and the game's
#: own options (Spite's here, another game's from its command module).
GAME_COMMANDS = ("play", "simulate", "deal", "transcript")

#: The exit status when the reader of the output goes away (``spite-rules ... | head -2``): 128 +
#: SIGPIPE, what a command stopped by the signal reports.
BROKEN_PIPE = 141


class _Help(argparse.ArgumentDefaultsHelpFormatter):
    """``--help`` shows each option's default, except where there is none to show."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default in (None, [], argparse.SUPPRESS) or isinstance(action, argparse._VersionAction):
            return action.help
        return super()._get_help_string(action)


def build_parser(chosen: str = "spite") -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The parser of ``spite-rules`` with the options of game ``chosen``, and each command's parser
    by name (:data:`COMMANDS`).

    >>> parser, commands = build_parser()
    >>> sorted(commands) == sorted(COMMANDS)
    True
    """
    parser = argparse.ArgumentParser(
        prog="spite-rules", formatter_class=_Help,
        description="The Spite rules engine: Spite, and Spite and Malice (--game malice).",
    )
    parser.add_argument("--game", choices=sorted(GAMES), default="spite", help="the game")
    parser.add_argument("--version", action="version", version=f"spite-rules {__version__}, {BUILD}",
                        help="print the version, and which build runs (pure Python or compiled with mypyc)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    subparsers = {
        name: commands.add_parser(name, help=line, description=line[0].upper() + line[1:] + ".",
                                  formatter_class=_Help)
        for name, line in COMMANDS.items()
    }
    played = game(chosen)
    seats = 4 if chosen == "spite" else played.min_players  # another game: the fewest it allows
    for name in GAME_COMMANDS:
        sub = subparsers[name]
        sub.add_argument("--game", choices=sorted(GAMES), default=argparse.SUPPRESS, help="the game")
        sub.add_argument("--players", type=int, default=seats, metavar="N",
                         help=f"the number of seats ({played.title}: {played.min_players} to {played.max_players})")
        if name == "play":
            sub.add_argument("--seed", type=int, default=None,
                             help="the seed of the shuffle (default: a random seed, printed so the game can be replayed)")
        else:
            sub.add_argument("--seed", type=int, default=1, help="the seed of the shuffle (the same seed, the same game)")
    subparsers["judge"].add_argument("file", help="the dispute file (TOML, docs/disputes.md)")
    subparsers["transcript"].add_argument(
        "--record", metavar="FILE",
        help="narrate a recorded game (JSON, e.g. from spite-rules tables export ID) instead of playing one",
    )
    if chosen == "spite":
        _spite_arguments(subparsers)
    else:
        _game_cli(chosen).add_arguments(subparsers)
    _serve_arguments(subparsers["serve"])
    tables_cli.add_arguments(subparsers["tables"])
    return parser, subparsers


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``spite-rules`` and ``python -m spite_rules`` (the module's docstring).
    ``--game NAME`` may stand before or after the command; a game other than Spite runs through
    its own command module (``spite_rules.<game>.cli``, see docs/adding-a-game.md).

    >>> main(["deal", "--players", "3", "--seed", "1"])  # doctest: +ELLIPSIS
    Dealt 189 cards to 3 seats with seed 1; ...
    0
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    chosen = _game_named(argv)
    parser, _ = build_parser(chosen)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.error(f"choose a command: {', '.join(COMMANDS)} (spite-rules COMMAND --help for its options)")
    try:
        status = _run(parser, args)
        sys.stdout.flush()  # here, not at exit, so that a reader gone away is caught below
        return status
    except BrokenPipeError:
        # The reader went away: stop quietly, and keep Python from flushing stdout again at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return BROKEN_PIPE


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Carry out ``args.command`` (a name of :data:`COMMANDS`)."""
    if args.command == "serve":
        try:
            tables = [web.table_request(args.table, args.seats, args.option)] if args.table else []
        except ValueError as error:
            parser.error(str(error))
        return web.run(args.host, args.port, bot_delay=args.bot_delay, tables=tables, **web.storage_settings(args))
    if args.command == "tables":
        return tables_cli.run(args)
    if args.command == "judge":
        return judge(args.file, ruleset=getattr(args, "ruleset", None))
    if args.command == "transcript" and args.record is not None:
        return tables_cli.run(argparse.Namespace(what=["replay", args.record], db=None))
    played = game(args.game)
    if not played.min_players <= args.players <= played.max_players:
        parser.error(
            f"argument --players: invalid choice: {args.players} ({played.title} is for "
            f"{played.min_players} to {played.max_players} players)"
        )
    if args.command == "play" and args.seed is None:
        args.seed = random.SystemRandom().randrange(100_000)
        print(f"seed {args.seed}: replay with --seed {args.seed}")
    if args.game != "spite":
        return int(_game_cli(args.game).run(args))
    return _run_spite(parser, args)


def _game_named(argv: Sequence[str]) -> str:
    """The game ``--game`` names anywhere in ``argv`` (argparse checks it properly later)."""
    for index, word in enumerate(argv):
        if word == "--game" and index + 1 < len(argv) and argv[index + 1] in GAMES:
            return argv[index + 1]
        if word.startswith("--game=") and word.partition("=")[2] in GAMES:
            return word.partition("=")[2]
    return "spite"


def _game_cli(name: str) -> Any:
    """A game's own command module: ``add_arguments(subparsers)`` and ``run(args) -> int``."""
    return importlib.import_module(f"spite_rules.{name}.cli")


def _serve_arguments(serve: argparse.ArgumentParser) -> None:
    """``serve``'s options (:mod:`spite_rules.web`, docs/web.md)."""
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on")
    serve.add_argument("--bot-delay", type=float, default=0.8, help="seconds a bot waits to act")
    serve.add_argument("--table", metavar="GAME[:RULESET]",
                       help="create a table at start and print its join links (e.g. malice:book)")
    serve.add_argument("--seats", default="human,greedy", help="the --table's seats: human or a bot's name, comma-separated")
    serve.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help="a table option, e.g. payoff_size=12 (repeatable)")
    web.add_storage_arguments(serve)


def _spite_arguments(subparsers: dict[str, argparse.ArgumentParser]) -> None:
    for name in ("play", "simulate", "judge", "transcript"):
        subparsers[name].add_argument(
            "--ruleset", choices=list(RULESETS), default=None if name == "judge" else "000",
            help="the named ruleset" + (" (default: the file's own)" if name == "judge" else ""),
        )
    subparsers["play"].add_argument("--referee", choices=[r.value for r in Referee], default="automatic",
                                    help="who calls misplays: the automatic referee, or the players")
    subparsers["play"].add_argument("--bots", choices=sorted(BOTS), default="greedy", help="the bots you play against")
    subparsers["simulate"].add_argument("--rounds", type=int, default=100, help="rounds to play")
    subparsers["simulate"].add_argument("--bots", default="greedy,random", help="comma-separated, cycled over seats")
    simulate = subparsers["simulate"]  # for many cores, Ray, fallible tables and summaries (docs/research.md)
    simulate.add_argument("--game-rounds", type=int, default=10, help="rounds per game (a game is one unit of work)")
    simulate.add_argument("--misplay-rate", type=float, default=0.0, help="bots make table errors (Fallible)")
    simulate.add_argument("--call-rate", type=float, default=None, help="fallible bots call open misplays (default: 0.5)")
    simulate.add_argument("--referee", choices=[r.value for r in Referee], default=None,
                          help="who calls misplays (default: the players at fallible tables, else automatic)")
    simulate.add_argument("--workers", type=int, default=1, help="processes to play the games on")
    simulate.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                          help="play the games on Ray (no ADDRESS: a new instance on this machine; else a cluster)")
    simulate.add_argument("--output", default=None, metavar="FILE.json|FILE.csv", help="write the summary")
    subparsers["transcript"].add_argument("--rounds", type=int, default=1, help="rounds to play")
    subparsers["transcript"].add_argument("--bots", default="greedy,random,random", help="comma-separated, cycled over seats")


def _run_spite(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.command == "play":
        return play(args.players, args.seed, Referee(args.referee), ruleset=args.ruleset, bot=args.bots)
    if args.command == "simulate":  # the options of spite_rules.simulation, argparse's defaults
        from spite_rules.simulation import SIMULATION_BOTS, SimulationConfig, report, run, write_summary

        names = args.bots.split(",")
        unknown = [n for n in names if n not in SIMULATION_BOTS]
        if unknown or args.rounds < 1:
            parser.error(f"unknown bots {unknown} (known: {', '.join(SIMULATION_BOTS)})" if unknown else "--rounds must be at least 1")
        if args.output and not args.output.endswith((".json", ".csv")):
            parser.error("--output must name a .json or .csv file")
        if args.workers < 1 or args.game_rounds < 1 or not 0 <= args.misplay_rate <= 1:
            parser.error("--workers and --game-rounds must be at least 1, --misplay-rate between 0 and 1")
        config = SimulationConfig(
            players=args.players, rounds=args.rounds, seed=args.seed, bots=tuple(names),
            game_rounds=args.game_rounds, misplay_rate=args.misplay_rate, call_rate=args.call_rate,
            referee=Referee(args.referee) if args.referee else None, ruleset=args.ruleset,
        )
        summary = run(config, workers=args.workers, ray=args.ray)
        report(summary)
        if args.output:
            write_summary(summary, args.output)
            print(f"summary written to {args.output}")
        return 0
    if args.command == "transcript":
        from spite_rules.transcript import transcript

        print(transcript(args.players, seed=args.seed, rounds=args.rounds, bots=args.bots.split(","),
                         ruleset=args.ruleset), end="")
        return 0
    state = new_game(args.players, seed=args.seed)  # deal: each seat's hand, the best hands it could lead
    print(f"Dealt 189 cards to {args.players} seats with seed {args.seed}; bounty {state.bounty}; "
          f"{len(state.deck)} cards left; buy-back starts at {fibonacci_buy_back(0)}")
    for seat, hand in enumerate(state.hands):
        print(f"seat {seat}: {format_cards(hand)}")
        for found in sorted(hands_in(hand), key=lambda h: (h.size, h.key), reverse=True)[:3]:
            print(f"    could lead {found}")
    if state.opening is not None:
        print(f"opening: seat {state.to_act} is offered the lead with {state.opening.rank.plural}")
    return 0


def judge(path: str, out: Callable[[str], None] = print, ruleset: str | None = None) -> int:
    """``spite-rules judge FILE [--ruleset NAME]``, for a dispute file of either game (``game =
    "malice"`` goes to :mod:`spite_rules.malice.disputes`): 0 when every expectation holds, 1 when
    one does not, 2 when the file is bad (not UTF-8, not TOML, or not what the game's schema allows:
    the line and what is wrong on stderr), 3 if the engine fails judging it (a bug). ``ruleset``
    judges a Spite dispute under that ruleset instead of the file's own.

    >>> judge("no/such/file.toml")
    2
    """
    from spite_rules.core.dispute_files import DisputeError, load_toml, read_dispute_text
    from spite_rules.disputes import format_judgement, judge_dispute, parse_dispute
    from spite_rules.malice.disputes import format_malice_judgement, judge_malice_dispute, parse_malice_dispute

    try:
        text = read_dispute_text(path)
        if load_toml(text).get("game") == "malice":
            if ruleset is not None:
                raise DisputeError("--ruleset names a ruleset of Spite: a Spite and Malice dispute gives its "
                                   "rules in [position] (preset, variations, options)")
            malice = judge_malice_dispute(parse_malice_dispute(text))
            said, holds = format_malice_judgement(malice), malice.holds
        else:
            spite = judge_dispute(parse_dispute(text, ruleset))
            said, holds = format_judgement(spite), spite.holds
    except DisputeError as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 2
    except Exception as error:  # never a traceback: whatever the file, the engine failed
        print(f"{path}: the engine failed judging this file (a bug: please report it with the file): "
              f"{type(error).__name__}: {error}", file=sys.stderr)
        return 3
    out(said)
    return 0 if holds else 1

