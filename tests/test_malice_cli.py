"""``spite-rules --game malice ...`` end to end, through subprocesses."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

import spite_rules.malice as sm
from spite_rules.malice.cli import OptionError, rules_from
from tests.test_cli import assert_quiet_when_the_reader_goes_away


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "spite_rules", "--game", "malice", *args],
        input=stdin, capture_output=True, text=True, encoding="utf-8", env=env, timeout=120,
    )


def test_play_a_whole_game_against_a_bot() -> None:
    done = _run("play", "--preset", "book", "--seed", "2", stdin="#1\n" * 3000)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "your hand:" in done.stdout and "pay-off" in done.stdout and "stock" in done.stdout
    assert done.stdout.rstrip().splitlines()[-1].startswith(("you won.", "bot 1 won.", "The game is drawn."))


def test_play_answers_bad_input_with_the_rule_or_the_notation_error() -> None:
    script = "jump\nplay 9z from hand to centre 1\nplay A♠ from hand to centre 7\n#99\n\nquit\n"
    done = _run("play", "--preset", "book", "--seed", "3", stdin=script)
    assert done.returncode == 0
    assert "Traceback" not in done.stdout + done.stderr
    assert "'jump' is not an action" in done.stdout
    assert "'9z' is not a card" in done.stdout
    assert "not possible: seat 0 does not hold A♠" in done.stdout and "[malice." in done.stdout
    assert "'#99' is not a move number" in done.stdout
    assert done.stdout.rstrip().endswith("Goodbye.")


def test_play_help_moves_and_hint() -> None:
    done = _run("play", "--preset", "book", "--seed", "3", stdin="help\nmoves\nhint\nhint\nquit\n")
    assert "moves    your legal moves" in done.stdout
    assert "#1   discard 2♣ to side 1" in done.stdout
    assert "hint: discard 2♣ to side 1" in done.stdout and "hint: discard 5♣ to side 1" in done.stdout


def test_play_takes_action_text_and_wild_values_show_on_the_table() -> None:
    done = _run("play", "--preset", "common", "--seed", "2", stdin="#1\n" * 400 + "quit\n")
    assert "Traceback" not in done.stdout + done.stderr
    assert "(wants a" in done.stdout


def test_simulate_summarises_every_preset() -> None:
    done = _run("simulate", "--preset", "all", "--games", "3", "--seed", "4")
    assert done.returncode == 0, done.stderr
    for preset in sm.PRESETS:
        assert f"{preset} (" in done.stdout
    assert "games/s" in done.stdout and "actions/s" in done.stdout
    assert "greedy  wins" in done.stdout and "random  wins" in done.stdout and "draws" in done.stdout


def test_deal_shows_the_deal() -> None:
    done = _run("deal", "--preset", "three_decks", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "pay-off piles of 27" in done.stdout
    assert "seat 0: pay-off" in done.stdout and "plays first" in done.stdout


def test_options_are_read_strictly() -> None:
    good = _run("deal", "--preset", "common", "--option", "centre_limit=4", "--option", "payoff_size=10")
    assert good.returncode == 0 and "pay-off piles of 10" in good.stdout
    for bad, message in (("centre_limt=4", "no such option"), ("centre_limit=5", "centre_limit is one of"),
                         ("jokers=many", "whole number"), ("kings_wild", "NAME=VALUE")):
        done = _run("deal", "--option", bad)
        assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
    too_many = _run("deal", "--preset", "book", "--players", "3")
    assert too_many.returncode == 2 and "not 3" in too_many.stderr


def test_rules_from_converts_each_kind_of_option() -> None:
    rules = rules_from("common", ["kings_wild=false", "wild_cannot_be=1,7", "target_score=none", "side_rule=empty-first"])
    assert (rules.kings_wild, rules.wild_cannot_be, rules.target_score, rules.side_rule) == (
        False, (1, 7), None, sm.SideRule.EMPTY_FIRST)
    with pytest.raises(OptionError):
        rules_from("common", ["name=book"])


def test_play_without_a_seed_prints_a_random_seed_that_replays_the_game() -> None:
    first = _run("play", "--preset", "book", stdin="quit\n")
    found = re.match(r"seed (\d+): replay with --seed \1\n", first.stdout)
    assert found and first.returncode == 0, first.stdout[:80] + first.stderr
    replay = _run("play", "--preset", "book", "--seed", found.group(1), stdin="quit\n")
    assert replay.stdout == first.stdout.split("\n", 1)[1]


def test_simulate_help_lists_each_option_with_its_default() -> None:
    done = _run("simulate", "--help")
    text = " ".join(done.stdout.split())
    assert done.returncode == 0
    assert "Run bot games and summarise them." in text
    assert "--preset {common,book,jacks,three_decks,all} the rules preset; all: every preset (default: common)" in text
    assert "--games GAMES games per preset (default: 100)" in text
    assert "--players N the number of seats (Spite and Malice: 2 to 6) (default: 2)" in text


@pytest.mark.parametrize(
    "args",
    [("simulate", "--preset", "all", "--games", "2"), ("deal",), ("transcript",)],
    ids=lambda args: args[0],
)
def test_a_reader_gone_away_ends_the_command_quietly(args: tuple[str, ...]) -> None:
    assert_quiet_when_the_reader_goes_away(("--game", "malice", *args))
