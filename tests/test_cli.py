"""The command line, end to end (``python -m spite_rules ...``), and its command parser."""

from __future__ import annotations

import argparse
import re
import pathlib
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

import spite_rules as sr
from spite_rules.cli import BROKEN_PIPE, COMMANDS, GAME_COMMANDS, HELP, build_parser, parse_command, play
from spite_rules.core.engine import GAMES

REPO = Path(__file__).resolve().parents[1]
# Enough first-or-second-move answers to play seat 0 through a whole round of `play --seed 2`.
WHOLE_ROUND = "#2\n#1\n" * 300


def run(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spite_rules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO,
    )


def run_play(
    stdin: str, players: int = 3, seed: int = 2, referee: str = "automatic"
) -> subprocess.CompletedProcess[str]:
    return run(
        "play", "--players", str(players), "--seed", str(seed), "--referee", referee, stdin=stdin
    )


def assert_clean(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert "\x1b[" not in result.stdout  # no colour when not a terminal


# -- deal and simulate -----------------------------------------------------------------------


def test_deal_prints_the_four_seats_dealt_by_the_seed() -> None:
    result = run("deal", "--players", "4", "--seed", "1")
    assert_clean(result)
    assert result.stdout.startswith("Dealt 189 cards to 4 seats with seed 1")
    seats = re.findall(r"^seat (\d): (.*)$", result.stdout, re.MULTILINE)
    assert [int(seat) for seat, _ in seats] == [0, 1, 2, 3]
    dealt = sr.new_game(4, seed=1)
    for seat, cards in seats:
        assert sorted(map(str, sr.parse_cards(cards))) == sorted(map(str, dealt.hands[int(seat)]))
    assert "could lead" in result.stdout
    assert f"bounty {dealt.bounty}" in result.stdout


def test_deal_is_the_same_for_the_same_seed() -> None:
    assert run("deal", "--players", "4", "--seed", "1").stdout == run(
        "deal", "--players", "4", "--seed", "1"
    ).stdout


def test_simulate_prints_speed_tricks_misplays_by_rule_and_places_by_bot() -> None:
    result = run("simulate", "--players", "4", "--rounds", "5", "--seed", "1")
    assert_clean(result)
    out = result.stdout
    assert re.search(r"^5 rounds of 4 players in [\d.]+s: [\d.]+ rounds/s", out, re.MULTILINE)
    assert re.search(r"^average per round: [\d.]+ tricks, [\d.]+ actions$", out, re.MULTILINE)
    assert re.search(r"^misplays by rule: ", out, re.MULTILINE)
    for bot in ("greedy", "random"):
        assert re.search(
            rf"^  {bot}\s+average place [\d.]+ of 4, first out \d+% \(10 seat-rounds\)$",
            out,
            re.MULTILINE,
        )
    assert re.search(r"^standings: ", out, re.MULTILINE)


def test_simulate_with_one_kind_of_bot_reports_only_that_bot() -> None:
    result = run("simulate", "--players", "3", "--rounds", "2", "--seed", "4", "--bots", "random")
    assert_clean(result)
    assert "random  average place" in result.stdout
    assert "(6 seat-rounds)" in result.stdout
    assert "greedy" not in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("bogus",), "invalid choice: 'bogus'"),
        ((), "choose a command: play, simulate, deal, transcript, judge, serve"),
        (("--bogus",), "unrecognized arguments: --bogus"),
        (("--bogus", "deal"), "unrecognized arguments: --bogus"),
        (("deal", "--bogus"), "unrecognized arguments: --bogus"),
        (("deal", "--players", "10"), "invalid choice: 10"),
        (("play", "--players", "2"), "invalid choice: 2"),
        (("simulate", "--bots", "foo,random"), "unknown bots ['foo']"),
        (("simulate", "--rounds", "0"), "--rounds must be at least 1"),
    ],
)
def test_bad_command_lines_exit_non_zero_with_usage(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode != 0
    assert "usage: spite-rules" in result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_the_installed_script_runs_the_same_command_line() -> None:
    beside = pathlib.Path(sys.executable).parent / "spite-rules"
    script = str(beside) if beside.is_file() else shutil.which("spite-rules")
    assert script is not None, "the spite-rules console script is not installed"
    result = subprocess.run(
        [script, "deal", "--players", "4", "--seed", "1"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    assert result.stdout == run("deal", "--players", "4", "--seed", "1").stdout


# -- play ------------------------------------------------------------------------------------


def test_play_shows_the_table_and_seat_0s_hand() -> None:
    result = run_play("")
    assert_clean(result)
    assert "you are seat 0 against 2 greedy bots" in result.stdout
    assert "Your hand: 3♣ 3♣ 3♥ 5♣ 8♥ 9♠ 11♣ 12♥ 13♥ J♦ Q♠" in result.stdout
    assert "opening: lead with a hand including 3s" in result.stdout


def test_play_help_shows_the_help() -> None:
    result = run_play("help\n")
    assert_clean(result)
    assert HELP in result.stdout
    assert "misplay N         call a misplay on seat N" in result.stdout


@pytest.mark.parametrize(
    ("line", "answer"),
    [
        ("9Z", "'9Z' is not a card: 'Z' is not a suit"),
        ("bb x 9H", "buy back needs a count, e.g. 'bb 2'"),
        ("1X 2S", "'1X' is not a card"),
        ("#99", "'#99' is not a move number"),
        ("lower", "'lower' names no cards"),
        ("misplay", "misplay needs a seat number"),
        ("reward x", "reward needs the count"),
    ],
)
def test_play_answers_bad_input_with_a_message_and_carries_on(line: str, answer: str) -> None:
    result = run_play(f"{line}\nhand\n")
    assert_clean(result)
    assert answer in result.stdout
    assert "(type 'help' for the notation, 'moves' for your legal moves)" in result.stdout
    assert result.stdout.count("Your hand:") == 2  # still playing: 'hand' was read after it


@pytest.mark.parametrize(
    ("line", "referee", "answer"),
    [
        ("2S", "automatic", "not possible: seat 0 does not hold 2♠"),
        ("misplay 1", "automatic", "not possible: the automatic referee penalises misplays itself"),
        ("misplay 7", "called", "not possible: seat 7 does not exist"),
        ("misplay 0", "called", "not possible: seat 0 cannot call a misplay on itself"),
        ("reward 3", "automatic", "not possible: seat 0 has no come-at-me reward to take"),
    ],
)
def test_play_answers_an_impossible_action_with_a_message(
    line: str, referee: str, answer: str
) -> None:
    result = run_play(f"{line}\n", referee=referee)
    assert_clean(result)
    assert answer in result.stdout


def test_play_moves_lists_numbered_moves_and_a_number_plays_one() -> None:
    result = run_play("moves\n#2\n")
    assert_clean(result)
    assert re.search(r"your move>   #1\s+you: pass$", result.stdout, re.MULTILINE)
    assert re.search(r"^  #2\s+you: 3♣$", result.stdout, re.MULTILINE)
    assert re.search(r"^  #3\s+you: 3♣ \"come at me\"$", result.stdout, re.MULTILINE)
    assert "you play 3♣ (single 3)" in result.stdout


def test_play_a_whole_round_through_to_round_over() -> None:
    result = run_play(WHOLE_ROUND)
    assert_clean(result)
    assert "round over:" in result.stdout
    assert "Play another round? [y/N]" in result.stdout
    assert "Final standings: " in result.stdout
    assert result.stdout.rstrip().splitlines()[-1].startswith("Play another round? [y/N] Final standings:")


def test_play_shows_misplay_with_its_rule_for_a_card_that_does_not_beat_the_trick() -> None:
    result = run_play("3H\n3C\n")
    assert_clean(result)
    assert "you play 3♥ (single 3)" in result.stdout
    assert (
        "MISPLAY by you: single 3 is not strictly higher than the single 8 in play "
        "[trick.follow.strictly-better]" in result.stdout
    )
    assert "you skip a turn for a misplay" in result.stdout


def test_play_shows_misplay_with_its_rule_for_an_opening_without_a_3() -> None:
    result = run_play("5C\n")
    assert_clean(result)
    assert re.search(r"MISPLAY by you: .*includes one or more 3s \[opening\.rank\]", result.stdout)


def test_play_points_a_misplay_at_documentation_that_exists() -> None:
    result = run_play("5C\n")
    found = re.search(r"see (docs/[\w./-]+)", result.stdout)
    assert found is not None
    assert (REPO / found.group(1)).is_file()


def test_play_ends_cleanly_on_end_of_input() -> None:
    for stdin in ("", "moves\n", "3H\n"):
        result = run_play(stdin)
        assert_clean(result)
        assert result.stdout.rstrip().endswith("Goodbye.")


def test_play_quit_leaves_the_game() -> None:
    result = run_play("quit\n3H\n")
    assert_clean(result)
    assert result.stdout.rstrip().endswith("Goodbye.")
    assert "you plays" not in result.stdout


def test_play_deals_another_round_when_asked() -> None:
    """In process, answering by the prompt: every move '#1', then 'y' once, then 'n'."""
    answers = iter(["y", "n"])
    lines: list[str] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Play another round?"):
            return next(answers)
        return "#1"

    assert play(3, 2, sr.Referee.AUTOMATIC, read=read, out=lines.append) == 0
    text = "\n".join(lines)
    assert text.count("round over:") == 2
    assert "round 2 begins" in text
    assert "Round 2 · direction higher" in text
    assert lines[-1].startswith("Final standings: ")


# -- parse_command ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("7S lower", sr.Play(0, "7♠", direction="lower")),
        ("7s higher cam", sr.Play(0, "7♠", direction="higher", come_at_me=True)),
        ("bb 2 9H 9D", sr.Play(0, "9♥ 9♦", buy_back=2)),
        ("buy back 3 9h", sr.Play(0, "9♥", buy_back=3)),
        ("pass", sr.Pass(0)),
        ("P", sr.Pass(0)),
        ("misplay 3", sr.CallMisplay(0, 3)),
        ("call 2", sr.CallMisplay(0, 2)),
        ("reward 3", sr.TakeReward(0, 3)),
        ("reward 3 swap 4C 2S", sr.TakeReward(0, 3, give="4♣", take="2♠")),
        ("~4c fd", sr.Play(0, "~4♣", face_down=True)),
        ("~4c", sr.Play(0, "~4♣")),
        ("9h 9d come at me", sr.Play(0, "9♥ 9♦", come_at_me=True)),
        ("5s 5h bounty 2", sr.Play(0, "5♠ 5♥", bounty_claim=2)),
        ("2s unbeatable", sr.Play(0, "2♠", unbeatable=True)),
        ("jk", sr.Play(0, "🃏")),
        ("4c earned", sr.Play(0, "4♣", earned=True)),
        ("10s,10h", sr.Play(0, "10♠ 10♥")),
    ],
)
def test_parse_command_reads_plays_and_announcements(text: str, action: sr.Action) -> None:
    assert parse_command(text, 0) == action


def test_parse_command_reads_the_seat_it_is_given() -> None:
    assert parse_command("3D", 4) == sr.Play(4, "3♦")


@pytest.mark.parametrize(
    ("text", "word"),
    [("help", "help"), ("?", "help"), ("HELP", "help"), ("moves", "moves"), ("hand", "hand"),
     ("quit", "quit"), ("exit", "quit")],
)
def test_parse_command_reads_command_words(text: str, word: str) -> None:
    assert parse_command(text, 0) == word


def test_parse_command_reads_a_move_number_from_the_moves_list() -> None:
    moves: list[sr.Action] = [sr.Pass(1), sr.Play(1, "3♣"), sr.Play(1, "3♣", come_at_me=True)]
    assert parse_command("#1", 1, moves) == sr.Pass(1)
    assert parse_command("#2", 1, moves) == sr.Play(1, "3♣")
    assert parse_command("#3", 1, moves) == sr.Play(1, "3♣", come_at_me=True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "type a play, 'pass', 'moves' or 'help'"),
        ("   ", "type a play, 'pass', 'moves' or 'help'"),
        ("9Z", "'9Z' is not a card"),
        ("1X", "'1X' is not a card"),
        ("#x", "'#x' is not a move number"),
        ("#4", "'#4' is not a move number"),
        ("misplay", "misplay needs a seat number"),
        ("misplay x", "misplay needs a seat number"),
        ("reward", "reward needs the count"),
        ("bb", "buy back needs a count"),
        ("bb x 9H", "buy back needs a count"),
        ("5s bounty", "bounty needs a count"),
        ("bounty 2", "'bounty 2' names no cards"),
        ("come at me", "'come at me' names no cards"),
        ("lower cam", "'lower cam' names no cards"),
    ],
)
def test_parse_command_refuses_bad_text_saying_what_is_wrong(text: str, message: str) -> None:
    moves: list[sr.Action] = [sr.Pass(0), sr.Play(0, "3♣"), sr.Play(0, "3♥")]
    with pytest.raises(sr.NotationError) as caught:
        parse_command(text, 0, moves)
    assert message in str(caught.value)


@pytest.mark.parametrize("text", ["#0", "#-1"])
def test_parse_command_refuses_move_numbers_below_1(text: str) -> None:
    moves: list[sr.Action] = [sr.Pass(0), sr.Play(0, "3♣"), sr.Play(0, "3♥")]
    with pytest.raises(sr.NotationError, match="is not a move number"):
        parse_command(text, 0, moves)


def test_parse_command_refuses_a_reward_swap_without_both_cards() -> None:
    with pytest.raises(sr.NotationError):
        parse_command("reward 3 swap 4C", 0)


def test_play_shows_misplay_for_a_wrong_call_under_the_called_referee() -> None:
    result = run_play("misplay 1\n", referee="called")
    assert_clean(result)
    assert "you wrongly call misplay on bot 1" in result.stdout
    assert re.search(r"MISPLAY by you: .*no misplay open to call \[misplays\.incorrect-call\]", result.stdout)


# -- the command line itself: help, version, seeds, pipes --------------------------------------


def _help_of(parser: argparse.ArgumentParser) -> str:
    return " ".join(parser.format_help().split())  # argparse wraps lines: compare words


def test_version_names_the_package_version_and_its_build() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"spite-rules {sr.__version__}, {sr.BUILD}"


def test_every_command_has_a_one_line_description_in_help() -> None:
    result = run("--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    for name, line in COMMANDS.items():
        assert "\n" not in line and line
        assert f"{name} {line}" in text, f"spite-rules --help does not describe {name}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_command_help_lists_every_option_with_its_default(game: str) -> None:
    _, commands = build_parser(game)
    for name, parser in commands.items():
        text = _help_of(parser)
        assert COMMANDS[name][0].upper() + COMMANDS[name][1:] in text  # its description heads its --help
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, f"{game} {name}: {action.option_strings or action.dest} has no help text"
            if action.option_strings and action.default not in (None, [], argparse.SUPPRESS):
                shown = f"(default: {action.default})"
                assert shown in text, f"{game} {name} --help does not show {action.option_strings[0]}'s {shown}"


def test_seed_has_help_text_in_every_command_of_both_games() -> None:
    for game in GAMES:
        _, commands = build_parser(game)
        for name in GAME_COMMANDS:
            assert "--seed SEED the seed of the shuffle" in _help_of(commands[name]), (game, name)


def test_play_without_a_seed_prints_a_random_seed_that_replays_the_game() -> None:
    first, second = run("play", "--players", "3"), run("play", "--players", "3")
    seeds = []
    for result in (first, second):
        assert_clean(result)
        found = re.match(r"seed (\d+): replay with --seed \1\n", result.stdout)
        assert found, result.stdout[:80]
        seeds.append(found.group(1))
    assert seeds[0] != seeds[1]  # two random seeds out of 100,000 (a clash once in 100,000 runs)
    replay = run("play", "--players", "3", "--seed", seeds[0])
    assert replay.stdout == first.stdout.split("\n", 1)[1]


@pytest.mark.parametrize(
    "args",
    [("deal",), ("transcript", "--players", "3"), ("simulate", "--rounds", "3"),
     ("judge", "tests/disputes/t14-zero-gap-is-no-consec.toml"), ("play", "--seed", "1")],
    ids=lambda args: args[0],
)
def test_a_reader_gone_away_ends_the_command_quietly(args: tuple[str, ...]) -> None:
    assert_quiet_when_the_reader_goes_away(args)


def assert_quiet_when_the_reader_goes_away(args: Sequence[str]) -> None:
    """``spite-rules ARGS | head -0``: the reader closes the pipe before the command writes; the
    command stops with 141 (128 + SIGPIPE) and says nothing on stderr (no BrokenPipeError)."""
    process = subprocess.Popen([sys.executable, "-m", "spite_rules", *args], cwd=REPO, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    err = process.stderr.read().decode("utf-8")
    assert process.wait(timeout=120) == BROKEN_PIPE, err
    assert err == ""


# -- pytest --rule -------------------------------------------------------------------------------


def test_pytest_rule_refuses_an_unknown_clause_naming_the_nearest_ids() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--collect-only", "-q",
         "--rule", "consec.numercal", "tests/test_cli.py"],
        capture_output=True, text=True, timeout=120, cwd=REPO,
    )
    assert result.returncode == 4  # pytest's usage error, not "no tests ran"
    assert "--rule 'consec.numercal' is not a clause id of either game" in result.stderr
    assert "the nearest ids: consec.numerical," in result.stderr


def test_pytest_rule_takes_clause_ids_and_prefixes_of_both_games() -> None:
    from conftest import clause_ids, unknown_rule_message

    known = clause_ids()
    for wanted in ("consec.numerical.wrap", "consec.numerical", "consec", "malice.centre.next-higher", "malice"):
        assert unknown_rule_message(wanted, known) is None, wanted
    message = unknown_rule_message("malice.centre.next-highr", known)
    assert message is not None and "the nearest ids: malice.centre.next-higher" in message
    assert unknown_rule_message("consec.numer", known) is not None  # a prefix is whole segments
