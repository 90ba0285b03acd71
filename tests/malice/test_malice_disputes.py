"""Spite and Malice dispute files (tests/disputes/malice/*.toml, ``game = "malice"``, format:
docs/disputes.md): each is a position and the actions in question, judged by ``spite-rules judge``
with the clause quoted. Every file must be judged as expected."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from spite_rules.cli import judge
from spite_rules.malice.disputes import (
    MaliceDisputeError,
    format_malice_judgement,
    judge_malice_dispute,
    parse_malice_dispute,
)
from tests.malice.malice_helpers import refusal_ids

REPO = Path(__file__).resolve().parents[2]
FILES = sorted((REPO / "tests" / "disputes" / "malice").glob("*.toml"))


def test_there_are_dispute_files_for_spite_and_malice() -> None:
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_malice_dispute_is_judged_as_expected(path: Path) -> None:
    judgement = judge_malice_dispute(parse_malice_dispute(path.read_text(encoding="utf-8")))
    assert judgement.holds, f"{path.name}:\n{format_malice_judgement(judgement)}"


def test_the_judge_quotes_the_clause_a_refusal_names() -> None:
    lines: list[str] = []
    assert judge(str(REPO / "tests" / "disputes" / "malice" / "m09-a-new-centre-stack-takes-the-first-free-space.toml"), lines.append) == 0
    text = "\n".join(lines)
    assert "ILLEGAL [malice.centre.first-free-space]" in text
    assert "rule malice.centre.first-free-space" in text and "Verdict: every expectation holds." in text


def test_the_judge_command_exits_1_when_an_expectation_fails(tmp_path: Path) -> None:
    path = tmp_path / "wrong.toml"
    path.write_text('game = "malice"\n[position]\npayoff = ["9♦", "Q♣"]\nhands = ["7♥", ""]\n'
                    '[[actions]]\ndo = "end turn"\nexpect = "stands"\n', encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "spite_rules", "judge", str(path)], capture_output=True,
                          text=True, timeout=120, cwd=REPO)
    assert done.returncode == 1 and "NOT AS EXPECTED" in done.stdout


def test_a_malformed_malice_dispute_names_its_line() -> None:
    with pytest.raises(MaliceDisputeError, match='line 7: actions\\[1\\].expect must be one of stands, illegal, not "misplay"'):
        parse_malice_dispute('game = "malice"\n[position]\npayoff = ["9♦", "Q♣"]\nhands = ["7♥", ""]\n'
                             '[[actions]]\ndo = "end turn"\nexpect = "misplay"\n')


def test_a_key_missing_from_an_inline_table_is_placed_on_the_tables_own_line() -> None:
    # after a blank line too (core.dispute_files.locate_offset: the key's line, not the blank above)
    with pytest.raises(MaliceDisputeError, match="^line 5: deal needs seed"):
        parse_malice_dispute('game = "malice"\n[position]\npreset = "common"\n\ndeal = { players = 2 }\n')


# -- every ruling and every worked example of the seeds has a dispute file ----------------------

RULINGS = (REPO / "docs" / "malice" / "rulings.md").read_text(encoding="utf-8")

#: The worked examples of the Spite and Malice seeds (002, 003, 004): the seed, words of the example
#: that its dispute file quotes, and the file.
WORKED_EXAMPLES = (
    ("002", "Queen versus 5 -> Queen's player goes first.", "seed002-queen-versus-5"),
    ("002", "Wild versus 10 -> 10's player goes first.", "seed002-wild-versus-10"),
    ("002", "the wild-6 MUST be ensured to be covered with a real 7", "seed002-wild-6-on-a-wild-5-needs-a-real-7"),
    ("002", "you may take the real 7 from your hand, and switch it with the wild-7", "seed002-wild-card-substitution"),
    ("002", "I use their 3, but they have a 4 underneath. Their 4 is automatically played",
     "seed002-their-3-then-their-4-is-played"),
    ("002", "3 points for my opponent for 2 victories, and a total of 6 cards over my 5",
     "seed002-set-of-three-games-scores-1-to-3"),
    ("002", "in the event that you tie in the number of cards, it's possible to have a maximum of 3 points per set",
     "seed002-a-set-tied-on-cards-scores-at-most-3"),
    ("003", "for example a six on a five", "common-next-higher-irrespective-of-suit"),
    ("003", "a heart8 you can load a heart9 or a heart7", "m13-loading-the-opponents-pay-off"),
    ("003", "four for three players, five for four players", "seed003-players-plus-one-centre-stacks"),
    ("003", "catch your opponent with six cards, you score 11 points", "seed003-scoring-five-plus-the-opponents-cards"),
    ("003", "on a seven you can play another seven or a six", "book-side-stack-equal-or-one-less"),
    ("003", "if a side stack has a nine followed by two jokers on top", "seed003-book-jokers-on-a-side-stack"),
    ("004", "Figure 3", "seed004-figure-3-using-all-the-cards-in-the-hand"),
    ("004", "if you drag a three then the card in the pool must be a two", "seed004-a-three-goes-on-a-two"),
    ("004", "Nothing, the game is played with three decks of cards.", "seed004-three-decks-two-aces-of-spades"),
    ("004", "then the empty columns rule is ignored", "three-decks-empty-columns-first"),
)


def _flat(text: str) -> str:
    """A dispute file's text with its comment marks and line breaks gone, so a quote can wrap."""
    return " ".join(line.lstrip("# ").strip() for line in text.splitlines())


def _rulings_cited(path: Path) -> set[str]:
    """The rulings a dispute file is about: its name (``m09-...``) and the rulings its comments cite
    ("Ruling M9", "Rulings M15, M35")."""
    found = set()
    named = re.match(r"m(\d+)", path.stem)
    if named:
        found.add(f"M{int(named.group(1))}")
    for group in re.findall(r"[Rr]ulings? (M\d+(?:(?:, | and )M\d+)*)", _flat(path.read_text(encoding="utf-8"))):
        found.update(re.findall(r"M\d+", group))
    return found


def test_every_ruling_has_a_dispute_file() -> None:
    rulings = set(re.findall(r"^\*\*(M\d+)\. ", RULINGS, re.M))
    assert len(rulings) >= 38
    cited = set().union(*(_rulings_cited(path) for path in FILES))
    assert not sorted(rulings - cited, key=lambda r: int(r[1:])), "rulings without a dispute file"
    assert cited <= rulings, f"dispute files cite rulings that do not exist: {sorted(cited - rulings)}"


@pytest.mark.parametrize(("seed", "quote", "name"), WORKED_EXAMPLES, ids=[name for _, _, name in WORKED_EXAMPLES])
def test_every_worked_example_of_the_seeds_has_a_dispute_file(seed: str, quote: str, name: str) -> None:
    path = REPO / "tests" / "disputes" / "malice" / f"{name}.toml"
    text = _flat(path.read_text(encoding="utf-8"))
    assert quote in text, f"{path.name} does not quote seed {seed}'s example"
    assert f"Seed {seed}" in text or f"seed {seed}" in text


def test_a_dealt_position_takes_no_hand_built_keys() -> None:
    with pytest.raises(MaliceDisputeError, match="line 4: deal = .* 'payoff' cannot be given with it"):
        parse_malice_dispute('game = "malice"\n[position]\ndeal = { players = 2, seed = 1 }\npayoff = ["9♦", "Q♣"]\n')
    with pytest.raises(MaliceDisputeError, match=r"line 3: deal needs seed \(a whole number\)"):
        parse_malice_dispute('game = "malice"\n[position]\ndeal = { players = 2 }\n')


@pytest.mark.rule("malice.deal.first-player")
def test_first_player_true_lets_the_rules_decide_who_plays_first() -> None:
    text = 'game = "malice"\n[position]\npayoff = ["9♦", "Q♣"]\n'
    assert parse_malice_dispute(text).state.to_act == 0
    assert parse_malice_dispute(text + "first_player = true\n").state.to_act == 1


def test_every_rule_a_refusal_can_name_is_refused_in_a_dispute_file() -> None:
    """Each clause ``apply`` can refuse by is shown refusing a move in a position, as a rules lawyer
    meets it (the files are judged above; ``malice.sources.origin`` by the notation, ruling M39)."""
    refused = set()
    for path in FILES:
        for action in parse_malice_dispute(path.read_text(encoding="utf-8")).actions:
            if action.expect == "illegal" and action.rule is not None:
                refused.add(action.rule)
    assert not sorted(refusal_ids() - refused), "clauses no dispute file shows refusing a move"
