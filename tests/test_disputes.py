"""Dispute files (tests/disputes/*.toml, format: docs/disputes.md) and the judge's contract.

Each dispute file is a position, the actions a player might argue about, and what seed 000 and the
project's rulings (docs/rulings*.md) say of them. Every file must be judged as expected: on failure
the message is the judgement itself, each action with its verdict, reason and clause.

Files under tests/disputes/known-bugs/ record engine verdicts that contradict the seed or a ruling:
they are run as strict xfails (the judgement must NOT hold yet). When the engine is fixed the xfail
turns into a failure: move the file up into tests/disputes/.

The judge's contract (``python -m spite_rules judge FILE``): exit 0 when every expectation holds, 1
when one does not, 2 for a malformed file with the line at fault on stderr; a misplay's judgement
quotes the clause it breaks.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from spite_rules.cli import judge
from spite_rules.clauses import BY_ID
from spite_rules.disputes import format_judgement, judge_dispute, load_dispute
from tests.helpers import path_id

REPO = Path(__file__).resolve().parents[1]
DISPUTES = Path(__file__).resolve().parent / "disputes"
FILES = sorted(DISPUTES.glob("*.toml"))
KNOWN_BUGS = sorted((DISPUTES / "known-bugs").glob("*.toml"))


def _judge_cli(path: Path | str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spite_rules", "judge", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
    )


# -- the dispute files ---------------------------------------------------------------------------


def test_there_are_enough_dispute_files() -> None:
    assert len(FILES) >= 45


@pytest.mark.parametrize("path", FILES, ids=path_id)
def test_dispute_is_judged_as_expected(path: Path) -> None:
    judgement = judge_dispute(load_dispute(path))
    assert judgement.holds, f"{path.name}:\n{format_judgement(judgement)}"


@pytest.mark.parametrize("path", FILES, ids=path_id)
def test_dispute_file_judged_from_the_command_exits_0(path: Path) -> None:
    printed: list[str] = []
    assert judge(str(path), out=printed.append) == 0, "\n".join(printed)


@pytest.mark.parametrize("path", FILES + KNOWN_BUGS, ids=path_id)
def test_dispute_file_asks_a_question_and_expects_something(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert str(data.get("question", "")).strip(), f"{path.name} has no question"
    expects = [action for action in data.get("actions", []) if "expect" in action]
    assert expects or data.get("final"), f"{path.name} expects nothing"


@pytest.mark.parametrize("path", FILES + KNOWN_BUGS, ids=path_id)
def test_dispute_file_cites_only_known_clauses(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    for action in data.get("actions", []):
        if "rule" in action:
            assert action["rule"] in BY_ID, f"{path.name}: unknown clause {action['rule']!r}"
            assert action.get("expect") in ("misplay", "loss"), (
                f"{path.name}: a rule is cited only for a misplay or a loss"
            )


if KNOWN_BUGS:  # files recording engine bugs; none are open now

    @pytest.mark.parametrize(
        "path",
        [
            pytest.param(
                path,
                marks=pytest.mark.xfail(
                    strict=True,
                    reason=f"known engine bug, see the comment in tests/disputes/known-bugs/{path.name}",
                ),
            )
            for path in KNOWN_BUGS
        ],
        ids=[path_id(path) for path in KNOWN_BUGS],
    )
    def test_known_bug_dispute_is_judged_as_the_seed_says(path: Path) -> None:
        judgement = judge_dispute(load_dispute(path))
        assert judgement.holds, f"{path.name}:\n{format_judgement(judgement)}"


# -- the judge's contract ------------------------------------------------------------------------

GOOD = """\
question = "I played 7♠ on 7♦ and said 'lower'. Misplay?"

[position]
hands = ["7♦ 9♦", "7♠ 10♠", "8♣ 2♠"]

[[actions]]
seat = 0
play = "7♦"

[[actions]]
seat = 1
play = "7♠"
say = ["lower"]
expect = "misplay"
rule = "direction.seven-on-seven"

[final]
direction = "higher"
"""


def test_judge_exits_0_when_every_expectation_holds() -> None:
    result = _judge_cli(DISPUTES / "seed-consec-3d-4c-5c-then-6.toml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Verdict: every expectation holds." in result.stdout
    assert result.stderr == ""


def test_judge_exits_0_for_the_documented_example(tmp_path: Path) -> None:
    path = tmp_path / "seven-on-seven.toml"
    path.write_text(GOOD, encoding="utf-8")
    result = _judge_cli(path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_judge_exits_1_when_a_verdict_is_not_as_expected(tmp_path: Path) -> None:
    path = tmp_path / "wrong.toml"
    wrong = GOOD.replace('expect = "misplay"', 'expect = "stands"').replace('rule = "direction.seven-on-seven"\n', "")
    path.write_text(wrong, encoding="utf-8")
    result = _judge_cli(path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "NOT AS EXPECTED" in result.stdout
    assert "Verdict: an expectation does NOT hold." in result.stdout


def test_judge_exits_1_when_the_cited_rule_is_not_the_one_broken(tmp_path: Path) -> None:
    path = tmp_path / "wrong-rule.toml"
    path.write_text(
        GOOD.replace('rule = "direction.seven-on-seven"', 'rule = "direction.announce-opposite"'),
        encoding="utf-8",
    )
    assert _judge_cli(path).returncode == 1


def test_judge_exits_1_when_a_final_check_fails(tmp_path: Path) -> None:
    path = tmp_path / "wrong-final.toml"
    path.write_text(GOOD.replace('direction = "higher"\n', 'direction = "lower"\n'), encoding="utf-8")
    result = _judge_cli(path)
    assert result.returncode == 1
    assert "final direction: expected 'lower', got 'higher' — NOT AS EXPECTED" in result.stdout


def _line(text: str, needle: str) -> int:
    """The 1-based line of ``text`` where ``needle`` first occurs."""
    return text[: text.index(needle)].count("\n") + 1


MALFORMED = {
    # bad TOML: an unterminated string on the hands line
    "bad-toml": (GOOD.replace('hands = ["7♦ 9♦", "7♠ 10♠", "8♣ 2♠"]', 'hands = ["7♦ 9♦, "7♠ 10♠"'), "hands = "),
    "unknown-top-level-key": (GOOD.replace("[position]", 'colour = "blue"\n\n[position]'), "colour"),
    "unknown-position-key": (GOOD.replace("[position]\n", "[position]\ntrumps = 3\n"), "trumps"),
    "unknown-final-check": (GOOD.replace("[final]\n", "[final]\nwinner = 1\n"), "winner"),
    "bad-card-in-hands": (GOOD.replace("8♣ 2♠", "8♣ 1♠"), "1♠"),
    "missing-hands": (GOOD.replace('hands = ["7♦ 9♦", "7♠ 10♠", "8♣ 2♠"]\n', 'deck = "5♠"\n'), "[position]"),
    "bad-card-in-an-action": (GOOD.replace('play = "7♦"', 'play = "7X"'), 'play = "7X"'),
    "action-without-a-kind": (GOOD.replace('play = "7♦"\n', ""), "[[actions]]"),
    "bad-expect": (GOOD.replace('expect = "misplay"', 'expect = "foul"'), 'expect = "foul"'),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_judge_exits_2_with_the_line_for_a_malformed_file(tmp_path: Path, name: str) -> None:
    text, needle = MALFORMED[name]
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    result = _judge_cli(path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stdout == ""
    assert f"line {_line(text, needle)}" in result.stderr, result.stderr
    assert str(path) in result.stderr


def test_judge_exits_2_for_a_missing_file(tmp_path: Path) -> None:
    result = _judge_cli(tmp_path / "nowhere.toml")
    assert result.returncode == 2
    assert "cannot read" in result.stderr


def test_judgement_quotes_the_clause_text_of_a_misplay() -> None:
    result = _judge_cli(DISPUTES / "seed-consec-3d-4c-5c-then-6.toml")
    assert "MISPLAY [consec.numerical]" in result.stdout
    assert BY_ID["consec.numerical"].text in result.stdout


@pytest.mark.parametrize("path", FILES, ids=path_id)
def test_judgement_quotes_the_clause_text_of_every_misplay_and_loss(path: Path) -> None:
    judgement = judge_dispute(load_dispute(path))
    text = format_judgement(judgement)
    for step in judgement.steps:
        if step.verdict in ("misplay", "loss"):
            assert step.rule in BY_ID, f"{path.name}: {step.rule!r} is not a clause id"
            assert BY_ID[step.rule].text in text
