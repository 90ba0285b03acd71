"""Named rulesets: seed 000 (the default) and the author's July 2023 revision, chosen by name
everywhere a user meets the rules (``Rules.ruleset``, ``setup``/``new_game``, the game protocol,
dispute files, the command line, records and JSON, views).

The revision's differences in play (V1-V10) are pinned in test_revision_2023_07.py.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import spite_rules as sr
from spite_rules.disputes import DisputeError, format_judgement, judge_dispute, parse_dispute
from spite_rules.rules import REVISION_OPTIONS, RULESETS, RewardKind, Rules, rules_of
from spite_rules.core.serialization import to_data

REPO = Path(__file__).resolve().parents[1]

REVISION = Rules.ruleset("2023-07")

#: option -> (seed 000, 2023-07): the option table of the issue.
OPTION_TABLE = {
    "fake_jokers_at_least": (0, 5),
    "face_up_fake_lead_opens_arity": (True, False),
    "caller_paid_from_pile": (True, False),
    "earned_cards_free": (False, True),
    "face_down_fake_joker_hands": (False, True),
    "come_at_me_reward_kind": (RewardKind.VIEW_AND_SWAP, RewardKind.DISCARD_AND_DRAW),
    "come_at_me_two_players": (True, False),
    "resume_in_next_trick": (False, True),
}


# -- Rules and RULESETS ----------------------------------------------------------------------


def test_rulesets_are_seed_000_then_the_july_2023_revision() -> None:
    assert list(sr.RULESETS) == ["000", "2023-07"]
    assert sr.RULESETS["000"].version == "000-r3"
    assert sr.RULESETS["2023-07"].version == "2023-07-r2"


def test_rules_default_is_seed_000_and_its_version_is_unchanged() -> None:
    assert Rules() == Rules.ruleset("000")
    assert Rules().ruleset_name == "000"
    assert Rules().version == "000-r3" == sr.rules.RULESET_VERSION


def test_the_2023_07_ruleset_has_its_own_version() -> None:
    assert REVISION.ruleset_name == "2023-07"
    assert REVISION.version == "2023-07-r2"


@pytest.mark.parametrize("option", sorted(OPTION_TABLE))
def test_each_option_takes_its_rulesets_value(option: str) -> None:
    seed, revision = OPTION_TABLE[option]
    assert getattr(Rules(), option) == seed
    assert getattr(REVISION, option) == revision


def test_the_option_table_covers_every_option_that_differs() -> None:
    assert set(OPTION_TABLE) == set(REVISION_OPTIONS)
    assert set(RULESETS["000"].options) == set(RULESETS["2023-07"].options) == set(REVISION_OPTIONS)


def test_options_given_on_top_of_a_ruleset_show_in_its_version() -> None:
    rules = Rules.ruleset("2023-07", come_at_me_two_players=True)
    assert rules.ruleset_name == "2023-07"
    assert rules.come_at_me_two_players and not rules.face_up_fake_lead_opens_arity
    assert rules.version == "2023-07-r2+come_at_me_two_players=true"


def test_options_changed_on_top_of_seed_000_show_in_its_version_in_option_order() -> None:
    rules = Rules(come_at_me_reward_kind=RewardKind.DISCARD_AND_DRAW, fake_jokers_at_least=3)
    assert rules.version == "000-r3+fake_jokers_at_least=3,come_at_me_reward_kind=discard-and-draw"


def test_evolving_a_ruleset_keeps_its_options_and_version() -> None:
    rules = attrs.evolve(REVISION, referee=sr.Referee.AUTOMATIC)
    assert rules.version == "2023-07-r2"
    assert rules.come_at_me_reward_kind is RewardKind.DISCARD_AND_DRAW


def test_table_choices_never_change_the_version() -> None:
    rules = Rules.ruleset(
        "2023-07", decks=2, hand_size=7, decision_seconds=9, referee=sr.Referee.AUTOMATIC
    )
    assert rules.version == "2023-07-r2"
    assert Rules(fake_jokers=("~3♠", "~2♥")).version == "000-r3"


def test_an_unknown_ruleset_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(sr.IllegalAction, match=r"ruleset '2024-01' does not exist \(known: 000, 2023-07\)"):
        Rules.ruleset("2024-01")
    with pytest.raises(sr.IllegalAction, match="does not exist"):
        Rules(ruleset_name="")


def test_rules_of_takes_rules_a_ruleset_name_or_nothing() -> None:
    assert rules_of(None) == Rules()
    assert rules_of("2023-07") == REVISION
    assert rules_of(REVISION) is REVISION


@pytest.mark.rule("deck.fake-jokers.at-least-five")
def test_deck_fake_jokers_at_least_five_under_2023_07_four_are_refused() -> None:
    four = ("~4♣", "~8♥", "~10♠", "~Q♦")
    with pytest.raises(sr.IllegalAction, match="4 fake jokers set aside: ruleset 2023-07 sets aside at least 5"):
        Rules.ruleset("2023-07", fake_jokers=four)


@pytest.mark.rule("deck.fake-jokers.at-least-five")
def test_deck_fake_jokers_four_are_approximately_5_under_000() -> None:
    four = ("~4♣", "~8♥", "~10♠", "~Q♦")
    assert len(Rules(fake_jokers=four).fake_jokers) == 4


@pytest.mark.rule("deck.fake-jokers.at-least-five")
def test_deck_fake_jokers_more_than_five_may_be_set_aside_under_2023_07() -> None:
    seven = ("~4♣", "~8♥", "~10♠", "~Q♦", "~A♣", "~6♠", "~9♦")
    rules = Rules.ruleset("2023-07", fake_jokers=seven)
    state = sr.setup(hands=["5♠", "6♦", "7♣"], rules=rules)
    assert len(state.fake_pile) == 7


# -- chosen by name everywhere -----------------------------------------------------------------


def test_setup_takes_a_ruleset_by_name() -> None:
    state = sr.setup(hands=["5♠", "6♦", "7♣"], rules="2023-07")
    assert state.rules == REVISION


def test_new_game_takes_a_ruleset_by_name() -> None:
    state = sr.new_game(4, seed=3, rules="2023-07")
    assert state.rules == REVISION
    assert state.hands == sr.new_game(4, seed=3).hands  # the deal does not depend on the ruleset


def test_the_game_protocol_names_both_rulesets() -> None:
    spite = sr.game("spite")
    assert spite.rules_names() == ("000", "2023-07")
    assert spite.rules_named("000") == Rules()
    assert spite.rules_named("2023-07") == REVISION
    with pytest.raises(sr.IllegalAction, match="does not exist"):
        spite.rules_named("2022")


def test_the_game_protocol_deals_a_game_under_a_ruleset_named() -> None:
    state = sr.game("spite").new_game(4, seed=3, rules="2023-07")
    assert state.rules == REVISION
    assert state.hands == sr.new_game(4, seed=3).hands  # the deal does not depend on the ruleset


def test_a_seat_view_names_the_ruleset_and_version_in_force() -> None:
    seen = sr.setup(hands=["5♠", "6♦", "7♣"], rules="2023-07").view(1)
    assert (seen.ruleset, seen.rules_version) == ("2023-07", "2023-07-r2")
    seen = sr.setup(hands=["5♠", "6♦", "7♣"]).view(0)
    assert (seen.ruleset, seen.rules_version) == ("000", "000-r3")
    changed = Rules.ruleset("2023-07", resume_in_next_trick=False)
    assert sr.setup(hands=["5♠", "6♦", "7♣"], rules=changed).view(2).rules_version == (
        "2023-07-r2+resume_in_next_trick=false"
    )


def test_a_seat_views_ruleset_round_trips_through_json() -> None:
    seen = sr.setup(hands=["5♠", "6♦", "7♣"], rules="2023-07").view(1)
    data = to_data(seen)["data"]
    assert (data["ruleset"], data["rules_version"]) == ("2023-07", "2023-07-r2")
    assert sr.from_json(sr.to_json(seen), sr.SeatView) == seen


def test_rules_of_either_ruleset_round_trip_through_json() -> None:
    for rules in (Rules(), REVISION, Rules.ruleset("2023-07", come_at_me_two_players=True)):
        back = sr.from_json(sr.to_json(rules), sr.Rules)
        assert back == rules and back.version == rules.version


def test_rules_written_before_rulesets_existed_read_as_seed_000() -> None:
    old = (
        '{"schema": 2, "game": "spite", "kind": "Rules", "data": {"decks": 3, "hand_size": 11, '
        '"losing_hand_size": 20, "fake_jokers": ["~4♣", "~8♥", "~10♠", "~Q♦", "~A♣"], '
        '"decision_seconds": 5, "referee": "automatic"}}'
    )
    assert sr.from_json(old, sr.Rules) == Rules(referee=sr.Referee.AUTOMATIC)


def test_a_game_record_under_2023_07_round_trips_through_json_and_replays() -> None:
    rules = Rules.ruleset("2023-07", referee=sr.Referee.AUTOMATIC)
    record = sr.GameRecord(players=("a", "b", "c", "d"), seed=5, rules=rules)
    state = sr.game("spite").new_game(list(record.players), seed=5, rules=rules)
    for _ in range(40):
        move = sr.legal_moves(state)[0]
        state, _ = sr.apply(state, move)
        record = record.with_action(move)
    back = sr.from_json(sr.to_json(record), sr.GameRecord)
    assert back == record
    assert back.rules.version == "2023-07-r2"
    assert sr.replay(back)[0] == state


# -- dispute files -------------------------------------------------------------------------------


def test_a_dispute_names_its_ruleset() -> None:
    dispute = parse_dispute('ruleset = "2023-07"\n[position]\nhands = ["5♠", "6♦", "7♣"]\n')
    assert dispute.state.rules.ruleset_name == "2023-07"
    assert dispute.state.rules.referee is sr.Referee.AUTOMATIC


def test_a_dispute_without_a_ruleset_is_judged_under_seed_000() -> None:
    dispute = parse_dispute('[position]\nhands = ["5♠", "6♦", "7♣"]\n')
    assert dispute.state.rules == Rules(referee=sr.Referee.AUTOMATIC)


def test_a_dispute_naming_an_unknown_ruleset_is_refused_at_its_line() -> None:
    with pytest.raises(DisputeError, match=r'line 2: ruleset must be one of 000, 2023-07, not "2023-13"'):
        parse_dispute('question = "?"\nruleset = "2023-13"\n[position]\nhands = ["5♠", "6♦", "7♣"]\n')


def test_a_dispute_judged_under_a_ruleset_says_so_and_its_version() -> None:
    dispute = parse_dispute(
        'ruleset = "2023-07"\n[position]\nhands = ["5♠", "6♦", "7♣"]\n[[actions]]\nseat = 0\nplay = "5♠"\n'
    )
    text = format_judgement(judge_dispute(dispute))
    assert text.splitlines()[0] == "Ruleset: 2023-07 (version 2023-07-r2)"


def test_a_dispute_may_be_judged_under_another_ruleset_than_its_own() -> None:
    text = 'ruleset = "2023-07"\n[position]\nhands = ["5♠", "6♦", "7♣"]\n'
    assert parse_dispute(text, "000").state.rules.ruleset_name == "000"


# -- the command line ----------------------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spite_rules", *args], capture_output=True, text=True, timeout=120, cwd=REPO
    )


def test_transcript_under_2023_07_names_its_version() -> None:
    result = run("transcript", "--players", "3", "--seed", "4", "--ruleset", "2023-07")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# spite_rules transcript: ruleset 2023-07-r2, 3 players, seed 4")


def test_simulate_under_2023_07_runs_bot_rounds() -> None:
    result = run("simulate", "--players", "4", "--rounds", "3", "--seed", "2", "--ruleset", "2023-07")
    assert result.returncode == 0, result.stderr
    assert "3 rounds of 4 players" in result.stdout


def test_play_under_2023_07_plays_against_bots() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "spite_rules", "play", "--players", "3", "--seed", "2", "--ruleset", "2023-07"],
        input="quit\n", capture_output=True, text=True, timeout=120, cwd=REPO,
    )
    assert result.returncode == 0, result.stderr
    assert "Goodbye" in result.stdout


def test_judge_takes_a_ruleset_in_place_of_the_files_own(tmp_path: Path) -> None:
    path = tmp_path / "d.toml"
    path.write_text('[position]\nhands = ["5♠", "6♦", "7♣"]\n[[actions]]\nseat = 0\nplay = "5♠"\n', encoding="utf-8")
    result = run("judge", str(path), "--ruleset", "2023-07")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Ruleset: 2023-07 (version 2023-07-r2)")
    assert not run("judge", str(path)).stdout.startswith("Ruleset:")


def test_an_unknown_ruleset_on_the_command_line_is_refused() -> None:
    result = run("simulate", "--players", "4", "--rounds", "1", "--ruleset", "1999")
    assert result.returncode == 2
    assert "invalid choice: '1999'" in result.stderr
