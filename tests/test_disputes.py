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

Files under tests/disputes/malformed/ (both games) are bad files, each read against the schema and
refused: the first line of each, ``# error: MESSAGE``, is what the judge must print after the path.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spite_rules.cli import judge
from spite_rules.clauses import BY_ID
from spite_rules.dispute_docs import schemas
from spite_rules.core.dispute_files import render_docs
from spite_rules.disputes import format_judgement, judge_dispute, load_dispute, parse_dispute
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


# -- the schema: a bad file is refused before anything runs, with the message it names ----------

MALFORMED_DIR = DISPUTES / "malformed"
MALFORMED_FILES = sorted(MALFORMED_DIR.glob("*.toml"))


def _message_of(path: Path) -> str:
    """The message a file of tests/disputes/malformed/ must print: its first line, ``# error: ...``
    (ASCII or UTF-8 even where the rest of the file is not UTF-8)."""
    first = path.read_bytes().partition(b"\n")[0].decode("utf-8")
    assert first.startswith("# error: "), f"{path.name} does not begin with '# error: MESSAGE'"
    return first.removeprefix("# error: ")


def test_there_are_at_least_100_malformed_dispute_files_of_both_games() -> None:
    assert len(MALFORMED_FILES) >= 100
    assert any(path.name.startswith("malice-") for path in MALFORMED_FILES)


@pytest.mark.parametrize("path", MALFORMED_FILES, ids=path_id)
def test_a_malformed_dispute_file_exits_2_printing_its_message(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    printed: list[str] = []
    assert judge(str(path), out=printed.append) == 2
    captured = capsys.readouterr()
    assert printed == [] and captured.out == ""
    assert captured.err == f"{path}: {_message_of(path)}\n"


@pytest.mark.parametrize(
    "name",
    ["spite-not-utf-8", "malice-events-plaid"],
)
def test_the_judge_command_exits_2_for_a_bad_file_that_once_read_as_a_verdict(name: str) -> None:
    path = MALFORMED_DIR / f"{name}.toml"
    result = _judge_cli(path)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"{path}: {_message_of(path)}\n"


def test_the_dispute_docs_list_the_keys_each_section_allows() -> None:
    page = REPO / "docs" / "disputes.md"
    text = page.read_text(encoding="utf-8")
    assert text.count("<!-- schema ") == len(schemas()), "a schema section is not rendered in docs/disputes.md"
    assert render_docs(text, schemas()) == text, "run: python -m spite_rules.dispute_docs docs/disputes.md"


@pytest.mark.parametrize("text", [123, None, b"[position]", ["[position]"]], ids=repr)
def test_a_dispute_that_is_not_text_is_refused_naming_its_type(text: Any) -> None:
    from spite_rules.core.dispute_files import DisputeError
    from spite_rules.malice.disputes import parse_malice_dispute

    for parse in (parse_dispute, parse_malice_dispute):
        with pytest.raises(DisputeError, match=f"a dispute is TOML text \\(a str\\), not {type(text).__name__}"):
            parse(text)


def test_a_ruleset_that_is_not_a_name_is_refused() -> None:
    from spite_rules.core.dispute_files import DisputeError

    with pytest.raises(DisputeError, match=r"ruleset must be one of 000, 2023-07, not \['000'\]"):
        parse_dispute(GOOD, ["000"])  # type: ignore[arg-type]


def test_the_judge_reads_a_utf8_file_with_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode("utf-8"))
    assert judge(str(path), out=lambda line: None) == 0


def test_a_ruleset_given_to_the_judge_is_refused_for_a_malice_dispute(capsys: pytest.CaptureFixture[str]) -> None:
    path = DISPUTES / "malice" / "m09-a-new-centre-stack-takes-the-first-free-space.toml"
    assert judge(str(path), ruleset="2023-07") == 2
    assert "--ruleset names a ruleset of Spite" in capsys.readouterr().err


def test_the_judge_exits_3_naming_the_failure_when_the_engine_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(dispute: object) -> object:
        raise IndexError("tuple index out of range")

    monkeypatch.setattr("spite_rules.disputes.judge_dispute", broken)
    assert judge(str(DISPUTES / "seed-consec-3d-4c-5c-then-6.toml")) == 3
    err = capsys.readouterr().err
    assert "the engine failed judging this file (a bug" in err and "IndexError: tuple index out of range" in err


# -- fuzz: any value anywhere in a good file is judged or refused, never a crash ---------------


def _toml(value: object) -> str:
    """``value`` as a TOML inline value (strings JSON-escaped, which TOML reads the same)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(key)} = {_toml(item)}" for key, item in value.items()) + " }"
    return repr(value)


def dump_toml(data: dict[str, object]) -> str:
    """A dispute document (scalars, then tables, then arrays of tables) as TOML text."""
    lines = [f"{json.dumps(key)} = {_toml(value)}" for key, value in data.items()
             if not isinstance(value, dict) and not (isinstance(value, list) and value and all(isinstance(v, dict) for v in value))]
    for key, value in data.items():
        if isinstance(value, dict):
            lines += [f"[{json.dumps(key)}]"] + [f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()]
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for entry in value:
                lines += [f"[[{json.dumps(key)}]]"] + [f"{json.dumps(k)} = {_toml(v)}" for k, v in entry.items()]
    return "\n".join(lines) + "\n"


SCALARS = st.one_of(
    st.integers(-(2**63), 2**63 - 1), st.booleans(), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8), st.sampled_from(["7♦", "7♠ 9♦", "JK", "~4♣", "9♠ 9♠ 9♠ 9♠", "", "higher", "misplay", "0"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)


def _paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _replaced(data: object, path: tuple[object, ...], value: object) -> object:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {key: (_replaced(item, rest, value) if key == head else item) for key, item in data.items()}
    assert isinstance(data, list)
    return [(_replaced(item, rest, value) if index == head else item) for index, item in enumerate(data)]


def judged_or_refused(text: str) -> int:
    """What ``spite-rules judge`` makes of ``text``: 0 or 1 judged, 2 refused; anything else raised
    (a crash) fails the caller's test."""
    from spite_rules.core.dispute_files import DisputeError, load_toml
    from spite_rules.malice.disputes import format_malice_judgement, judge_malice_dispute, parse_malice_dispute

    try:
        if load_toml(text).get("game") == "malice":
            judgement: Any = judge_malice_dispute(parse_malice_dispute(text))
            format_malice_judgement(judgement)
        else:
            judgement = judge_dispute(parse_dispute(text))
            format_judgement(judgement)
    except DisputeError:
        return 2
    return 0 if judgement.holds else 1


FUZZ_BASES = [GOOD, (DISPUTES / "malice" / "m09-a-new-centre-stack-takes-the-first-free-space.toml").read_text(encoding="utf-8")]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(FUZZ_BASES), data=st.data(), value=VALUES)
def test_any_value_anywhere_in_a_dispute_file_is_judged_or_refused_never_a_crash(
    base: str, data: st.DataObject, value: object
) -> None:
    document = tomllib.loads(base)
    path = data.draw(st.sampled_from(_paths(document)))
    text = dump_toml(_replaced(document, path, value))  # type: ignore[arg-type]
    assert judged_or_refused(text) in (0, 1, 2)
