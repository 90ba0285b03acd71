"""Spite and Malice dispute files (tests/disputes/malice/*.toml, ``game = "malice"``, format:
docs/disputes.md): each is a position and the actions in question, judged by ``spite-rules judge``
with the clause quoted. Every file must be judged as expected."""

from __future__ import annotations

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
    with pytest.raises(MaliceDisputeError, match="line 5: expect must be one of stands, illegal"):
        parse_malice_dispute('game = "malice"\n[position]\npayoff = ["9♦", "Q♣"]\nhands = ["7♥", ""]\n'
                             '[[actions]]\ndo = "end turn"\nexpect = "misplay"\n')
